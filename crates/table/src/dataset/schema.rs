//! Every part of a dataset must hold the same columns of the same types:
//! each part's schema (a Parquet footer, an Arrow IPC schema, an Avro
//! writer schema, a text part's header) is read in turn, one part held at
//! a time, and compared with the first part's; the first part that
//! differs is named with how.

use super::{Dataset, DatasetError, Part, PartFormat};
use crate::binary_input::Kind;
use crate::LoadOptions;
use arrow_schema::DataType;
use std::path::Path;

/// What the footers and headers said, summed over the parts.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The columns of the parts, with their types in the parts' format.
    pub columns: Vec<(String, String)>,
    /// Rows in each part, where its footer records them (Parquet).
    pub part_rows: Vec<Option<u64>>,
    /// Row groups (Parquet) in every part together.
    pub row_groups: usize,
}

impl Checked {
    /// Rows in every part, when each records its rows.
    pub fn rows(&self) -> Option<u64> {
        self.part_rows.iter().copied().sum()
    }
}

/// Checks that every part's schema is the first part's.
pub fn check(dataset: &Dataset, options: &LoadOptions) -> Result<Checked, DatasetError> {
    let mut checked = Checked::default();
    let mut first: Option<(Vec<(String, String)>, &Part)> = None;
    for part in &dataset.parts {
        let (columns, rows, groups) = part_schema(part, options)?;
        checked.part_rows.push(rows.or(part.rows));
        checked.row_groups += groups;
        match &first {
            None => first = Some((columns, part)),
            Some((want, first_part)) => {
                if let Some(how) = difference(want, &columns) {
                    return Err(DatasetError::refused(
                        &part.path,
                        format!(
                            "a mixed schema: this part differs from the first part ({}): {how}",
                            first_part.path.display()
                        ),
                    ));
                }
            }
        }
    }
    checked.columns = first.map(|(c, _)| c).unwrap_or_default();
    Ok(checked)
}

/// How `got` differs from `want`, in words; `None` when they agree.
pub fn difference(want: &[(String, String)], got: &[(String, String)]) -> Option<String> {
    for (name, ty) in want {
        match got.iter().find(|(n, _)| n == name) {
            None => return Some(format!("column '{name}' is missing")),
            Some((_, t)) if t != ty => {
                return Some(format!(
                    "column '{name}' is {t} here but {ty} in the first part"
                ))
            }
            Some(_) => {}
        }
    }
    if let Some((name, ty)) = got.iter().find(|(n, _)| !want.iter().any(|(w, _)| w == n)) {
        return Some(format!("column '{name}' ({ty}) is not in the first part"));
    }
    let order = |c: &[(String, String)]| c.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    (order(want) != order(got)).then(|| {
        format!(
            "its columns are in another order ({} here, {} in the first part)",
            order(got).join(", "),
            order(want).join(", ")
        )
    })
}

/// A part's columns (name, type), its rows and row groups where its
/// footer records them.
type PartSchema = (Vec<(String, String)>, Option<u64>, usize);

/// A part's columns and types, its rows and row groups where its footer
/// records them; only the footer or head is read.
fn part_schema(part: &Part, options: &LoadOptions) -> Result<PartSchema, DatasetError> {
    let path = &part.path;
    let corrupt = |kind: Kind, why: String| crate::Error::Corrupt {
        path: path.to_path_buf(),
        what: kind.noun(),
        why,
    };
    let open = || {
        std::fs::File::open(path).map_err(|source| crate::Error::Unreadable {
            path: path.to_path_buf(),
            source,
        })
    };
    let arrow = |fields: &arrow_schema::Fields| -> Vec<(String, String)> {
        fields
            .iter()
            .map(|f| (f.name().clone(), family(f.data_type())))
            .collect()
    };
    Ok(match part.format {
        PartFormat::Columnar(Kind::Parquet) => {
            let builder =
                parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(open()?)
                    .map_err(|e| corrupt(Kind::Parquet, e.to_string()))?;
            let meta = builder.metadata();
            let rows = meta.file_metadata().num_rows().max(0) as u64;
            (
                arrow(builder.schema().fields()),
                Some(rows),
                meta.num_row_groups(),
            )
        }
        PartFormat::Columnar(kind @ Kind::ArrowFile) => {
            let reader = arrow_ipc::reader::FileReader::try_new(open()?, None)
                .map_err(|e| corrupt(kind, e.to_string()))?;
            (arrow(reader.schema().fields()), None, 0)
        }
        PartFormat::Columnar(kind @ Kind::ArrowStream) => {
            let reader =
                arrow_ipc::reader::StreamReader::try_new(std::io::BufReader::new(open()?), None)
                    .map_err(|e| corrupt(kind, e.to_string()))?;
            (arrow(reader.schema().fields()), None, 0)
        }
        PartFormat::Columnar(kind @ Kind::Avro) => {
            let (schema, _) = crate::binary_input::schema(path, kind)?;
            let columns = schema
                .fields
                .iter()
                .map(|f| (f.name.clone(), format!("{:?}", f.ty).to_lowercase()))
                .collect();
            (columns, None, 0)
        }
        PartFormat::Text => (text_columns(path, options)?, None, 0),
    })
}

/// A text part's columns from its head (a CSV header, JSON keys); their
/// types are compared where the part is sampled (see `sample`).
fn text_columns(path: &Path, options: &LoadOptions) -> Result<Vec<(String, String)>, DatasetError> {
    let opened = crate::load::open(path, options)?;
    Ok(opened
        .columns
        .into_iter()
        .map(|c| (c, "text".to_string()))
        .collect())
}

/// A type's family: the string, binary and list types of different
/// widths or views hold the same values (writers pick among them).
fn family(ty: &DataType) -> String {
    match ty {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => "string".into(),
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView => "binary".into(),
        DataType::Dictionary(_, value) => family(value),
        DataType::List(f)
        | DataType::LargeList(f)
        | DataType::ListView(f)
        | DataType::LargeListView(f) => {
            format!("list<{}>", family(f.data_type()))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn differences_in_words() {
        let want = cols(&[("a", "Int64"), ("b", "string")]);
        assert_eq!(difference(&want, &want), None);
        let missing = difference(&want, &cols(&[("a", "Int64")])).unwrap();
        assert!(missing.contains("'b' is missing"), "{missing}");
        let typed = difference(&want, &cols(&[("a", "Float64"), ("b", "string")])).unwrap();
        assert!(typed.contains("'a' is Float64 here but Int64"), "{typed}");
        let extra = difference(
            &want,
            &cols(&[("a", "Int64"), ("b", "string"), ("c", "Int32")]),
        )
        .unwrap();
        assert!(extra.contains("'c'"), "{extra}");
    }

    #[test]
    fn string_widths_are_one_family() {
        assert_eq!(family(&DataType::LargeUtf8), family(&DataType::Utf8View));
        assert_ne!(family(&DataType::Int32), family(&DataType::Int64));
    }
}
