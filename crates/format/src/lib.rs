//! Numbers and tables for people: durations, sizes, rates and ratios in
//! the unit that fits, and aligned plain-text or Markdown tables. Below
//! the record, the report and `file`, so each formats the same way
//! without depending on the others.

pub mod table;
pub mod units;

#[cfg(test)]
mod tests {
    use super::table::Table;
    use super::units::{bytes, duration, rate, significant};

    #[test]
    fn numbers_take_the_unit_that_fits_with_three_significant_digits() {
        assert_eq!(significant(0.12345), "0.123");
        assert_eq!(significant(12.345), "12.3");
        assert_eq!(significant(1234.5), "1234");
        assert_eq!(duration(1500.0), "1.50 µs");
        assert_eq!(duration(2.5e9), "2.50 s");
        assert_eq!(bytes(999.0), "999 B");
        assert_eq!(bytes(1.5e6), "1.50 MB");
        assert_eq!(rate(2500.0), "2.50 GB/s");
    }

    #[test]
    fn tables_align_text_left_and_numbers_right() {
        let t = Table {
            headers: vec!["name".into(), "n".into()],
            right: vec![false, true],
            rows: vec![
                vec!["a".into(), "10".into()],
                vec!["longer".into(), "7".into()],
            ],
        };
        assert_eq!(
            t.plain(""),
            "name     n\n──────  ──\na       10\nlonger   7\n"
        );
        assert!(t.markdown().starts_with("| name | n |\n| --- | ---: |\n"));
    }
}
