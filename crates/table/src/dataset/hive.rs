//! Hive-style partition values from a part's path: each folder named
//! `key=value` between the dataset's root and the file is one level
//! (`year=2024/month=05/part-0.parquet`). Values are URL-decoded, as
//! Hive, Spark and pyarrow write them; `__HIVE_DEFAULT_PARTITION__` is
//! the null partition.

use std::path::Path;

/// The value writers use for a null partition value.
pub const DEFAULT_PARTITION: &str = "__HIVE_DEFAULT_PARTITION__";

/// The `key=value` levels of `relative` (a part's path below the root),
/// outermost first; the file name itself is never a level.
pub fn levels(relative: &Path) -> Vec<(String, Option<String>)> {
    let mut folders: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    folders.pop();
    folders
        .iter()
        .filter_map(|segment| {
            let (key, value) = segment.split_once('=')?;
            (!key.is_empty()).then(|| (decode(key), value_of(value)))
        })
        .collect()
}

/// A partition value as written in a path: decoded, or null.
pub fn value_of(raw: &str) -> Option<String> {
    let value = decode(raw);
    (value != DEFAULT_PARTITION).then_some(value)
}

/// `%2F` → `/`, `%20` → ` `; text that is not valid UTF-8 once decoded
/// is kept as written.
fn decode(raw: &str) -> String {
    percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .map(|s| s.into_owned())
        .unwrap_or_else(|_| raw.to_string())
}

/// The keys of `levels`, for comparing parts.
pub fn keys(levels: &[(String, Option<String>)]) -> Vec<String> {
    levels.iter().map(|(k, _)| k.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_levels_outermost_first() {
        let got = levels(Path::new("year=2024/month=05/part-0.parquet"));
        assert_eq!(
            got,
            vec![
                ("year".to_string(), Some("2024".to_string())),
                ("month".to_string(), Some("05".to_string()))
            ]
        );
    }

    #[test]
    fn decoded_and_null_values() {
        let got = levels(Path::new(
            "city=New%20York/day=__HIVE_DEFAULT_PARTITION__/x=a%2Fb/f.csv",
        ));
        assert_eq!(got[0].1.as_deref(), Some("New York"));
        assert_eq!(got[1].1, None);
        assert_eq!(got[2].1.as_deref(), Some("a/b"));
    }

    #[test]
    fn plain_folders_and_file_names_are_not_levels() {
        assert!(levels(Path::new("data/part=1.parquet")).is_empty());
        assert_eq!(keys(&levels(Path::new("raw/k=v/f"))), vec!["k".to_string()]);
    }
}
