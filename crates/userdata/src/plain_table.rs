//! A left-aligned text table: shared by the choices summary and the
//! readers' `--explain` table, so neither imports the other.

use encbench_format::table::Table;

/// A left-aligned table.
pub fn plain_table(headers: &[&str], rows: Vec<Vec<String>>) -> String {
    Table {
        headers: headers.iter().map(|h| h.to_string()).collect(),
        right: vec![false; headers.len()],
        rows,
    }
    .plain("  ")
}
