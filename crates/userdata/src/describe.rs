//! Stage two of `file`: what the input is, as the user is told before
//! anything is measured or written: its format, size, rows, schema and
//! where the schema came from, and how the rows measured were drawn.

use crate::summary;
use encbench_format::units;
use encbench_table::binary_input::Kind;
use encbench_table::jsondoc::Records;
use encbench_table::load::{Loaded, Scanned};
use encbench_table::schema::Schema;
use std::path::{Path, PathBuf};

/// The input, its schema and its sampling.
#[derive(Debug, Clone)]
pub struct Description {
    pub path: PathBuf,
    /// The format in words (`CSV (comma-separated)`, `Parquet`).
    pub format: String,
    /// The whole-file compressor of a text input, if any.
    pub compression: Option<&'static str>,
    pub file_bytes: u64,
    /// Bytes of text (0 for a binary input, whose size on disk is said once).
    pub text_bytes: u64,
    /// The rows, in words (`1461 rows`, `≈2.1 M rows (estimated …)`).
    pub rows: String,
    /// Malformed rows skipped (`--skip-bad`).
    pub skipped: usize,
    /// Where the schema came from, in words.
    pub schema_from: String,
    pub schema: Schema,
    /// A binary input's own column types (empty for text).
    pub input_types: Vec<String>,
}

impl Description {
    /// The block printed before measuring: a line about the input, then
    /// its schema one column per line.
    pub fn render(&self) -> String {
        let mut out = format!(
            "{}: {}{}, {}, {}{}\n",
            self.path.display(),
            self.format,
            self.compression.map_or(String::new(), |c| format!(
                ", {c}-compressed ({} on disk)",
                units::bytes(self.file_bytes as f64)
            )),
            match self.text_bytes {
                0 => format!("{} on disk", units::bytes(self.file_bytes as f64)),
                n => format!("{} of text", units::bytes(n as f64)),
            },
            self.rows,
            if self.skipped > 0 {
                format!(", {} malformed rows skipped", self.skipped)
            } else {
                String::new()
            }
        );
        out.push_str(&format!("schema ({}):\n", self.schema_from));
        out.push_str(&summary::schema(&self.schema, &self.input_types));
        out
    }
}

/// The input as it was read to be measured.
pub fn loaded(loaded: &Loaded) -> Description {
    Description {
        path: loaded.path.clone(),
        format: match &loaded.columnar {
            Some(c) => c.kind.describe().to_string(),
            None => text_format(loaded.format, loaded.json.as_ref()),
        },
        compression: loaded.compression,
        file_bytes: loaded.file_bytes,
        // A columnar file's size is its size on disk, said once.
        text_bytes: match loaded.columnar {
            Some(_) => 0,
            None => loaded.text_bytes,
        },
        rows: match loaded.rows_exact {
            true => format!("{} rows", loaded.rows),
            false => format!("≈{} rows (estimated from the sample)", loaded.rows),
        },
        skipped: loaded.skipped,
        schema_from: match (loaded.inferred, loaded.schema_every_row) {
            _ if loaded.columnar.is_some() => "the file's own, mapped to encbench's types",
            (true, true) => "inferred from every row",
            (true, false) => "inferred from the sampled rows; --full infers from every row",
            (false, true) => "from --schema",
            (false, false) => "from --schema, checked on the sampled rows",
        }
        .into(),
        schema: loaded.table.schema.clone(),
        input_types: loaded
            .columnar
            .as_ref()
            .map_or_else(Vec::new, |c| c.input_types.clone()),
    }
}

/// A text input scanned (or sampled) to be converted.
pub fn scanned(scanned: &Scanned) -> Description {
    let source = &scanned.opened.source;
    Description {
        path: source.path.clone(),
        format: text_format(scanned.opened.format, source.json.as_ref()),
        compression: source.compression,
        file_bytes: source.file_bytes,
        text_bytes: scanned.text_bytes,
        rows: match scanned.rows_exact {
            true => format!("{} rows", scanned.rows),
            false => format!("≈{} rows (estimated from a sample)", scanned.rows),
        },
        skipped: scanned.skipped,
        schema_from: match (&scanned.restarted, scanned.from_sample, scanned.inferred) {
            (Some(why), _, _) => format!(
                "inferred from every row, as the sample's schema does not fit {why}"
            ),
            (None, true, _) => "inferred from a sample of rows; a row that does not fit it starts the conversion again from every row; --full infers from every row first".into(),
            (None, false, true) => "inferred from every row".into(),
            (None, false, false) => "from --schema".into(),
        },
        schema: scanned.schema.clone(),
        input_types: Vec::new(),
    }
}

/// A Parquet, Arrow or Avro input about to be converted.
pub fn columnar(
    path: &Path,
    kind: Kind,
    schema: &Schema,
    rows: usize,
    file_bytes: u64,
) -> Description {
    Description {
        path: path.to_path_buf(),
        format: kind.describe().to_string(),
        compression: None,
        file_bytes,
        text_bytes: 0,
        rows: format!("{rows} rows"),
        skipped: 0,
        schema_from: "the file's own, mapped to encbench's types".into(),
        schema: schema.clone(),
        input_types: Vec::new(),
    }
}

/// The text format found, or the JSON document whose records are the rows.
fn text_format(format: encbench_table::sniff::Format, json: Option<&Records>) -> String {
    match json {
        Some(r) => format!(
            "JSON document: the records of {}, one row each (rows numbered by record)",
            r.describe()
        ),
        None => format.describe(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_table::schema::{ColumnType, Field};

    #[test]
    fn a_columnar_input_says_its_size_on_disk_once_and_its_schema() {
        let schema = Schema {
            fields: vec![Field::new("id", ColumnType::Int64, false)],
        };
        let text = columnar(Path::new("in.parquet"), Kind::Parquet, &schema, 3, 2048).render();
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        assert_eq!(lines[0], "in.parquet: Parquet, 2.05 KB on disk, 3 rows");
        assert_eq!(
            lines[1],
            "schema (the file's own, mapped to encbench's types):"
        );
        assert!(
            lines.iter().any(|l| l.trim() == "id      int64  no"),
            "{text}"
        );
    }
}
