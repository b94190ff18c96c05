//! Numbers and tables for people: durations, sizes, rates and ratios in
//! the unit that fits, and aligned plain-text or Markdown tables. Below
//! the record, the report and `file`, so each formats the same way
//! without depending on the others.

pub mod table;
pub mod units;
