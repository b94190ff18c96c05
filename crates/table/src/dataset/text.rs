//! Text parts (CSV, TSV, JSON Lines, maybe compressed): each drawn part
//! is sampled as a file is, its inferred types checked against the first
//! part's, and the samples joined (one header) into one text in a
//! scratch folder outside the dataset, read whole so that one schema is
//! inferred over the rows of every part.

use super::{Dataset, DatasetError, Part};
use crate::schema::ColumnType;
use crate::sniff::Format;
use crate::{LoadOptions, Loaded};

pub(super) fn load(
    dataset: &Dataset,
    drawn: &[(usize, u64)],
    options: &LoadOptions,
) -> Result<Loaded, DatasetError> {
    let mut text: Vec<u8> = Vec::new();
    let mut first: Option<(Loaded, &Part)> = None;
    let (mut rows_est, mut bytes_read, mut text_read) = (0f64, 0u64, 0u64);
    for &(i, share) in drawn {
        let part = &dataset.parts[i];
        let part_options = LoadOptions {
            sample_limit: Some(share),
            every_row: false,
            ..options.clone()
        };
        let loaded = crate::load(&part.path, &part_options)?;
        rows_est += loaded.rows as f64;
        bytes_read += loaded.file_bytes;
        text_read += loaded.text_bytes;
        match &first {
            None => text.extend_from_slice(&loaded.original),
            Some((head, first_part)) => {
                if let Some(how) = types_differ(head, &loaded) {
                    return Err(DatasetError::refused(
                        &part.path,
                        format!(
                            "a mixed schema: this part differs from the first part ({}): {how}",
                            first_part.path.display()
                        ),
                    ));
                }
                text.extend_from_slice(without_header(&loaded.original, loaded.format));
            }
        }
        if first.is_none() {
            first = Some((loaded, part));
        }
    }
    let Some((head, _)) = first else {
        return Err(DatasetError::refused(&dataset.root, "no part to sample"));
    };
    // The joined sample is written outside the dataset, read, and removed.
    let scratch = encbench_safe_write::ScratchDir::new().map_err(|e| {
        DatasetError::refused(
            &dataset.root,
            format!("a scratch folder for the sample: {e}"),
        )
    })?;
    let joined = scratch.path().join("sample.txt");
    std::fs::write(&joined, &text).map_err(|e| crate::Error::Write {
        path: joined.clone(),
        why: e.to_string(),
    })?;
    let whole = LoadOptions {
        sample_limit: None,
        every_row: false,
        hint: hint_of(head.format),
        ..options.clone()
    };
    let mut loaded = crate::load(&joined, &whole)?;
    drop(scratch);
    let file_bytes = dataset.bytes();
    // Rows and text in the dataset, at the density of the parts read.
    let scale = file_bytes as f64 / bytes_read.max(1) as f64;
    loaded.rows = (rows_est * scale).round() as usize;
    loaded.rows_exact = false;
    loaded.text_bytes = (text_read as f64 * scale).round() as u64;
    loaded.file_bytes = file_bytes;
    loaded.compression = head.compression;
    loaded.json = head.json.clone();
    loaded.schema_every_row = false;
    loaded.sampled = true;
    Ok(loaded)
}

/// The joined sample reads in the first part's format.
fn hint_of(format: Format) -> crate::sniff::FormatHint {
    use crate::sniff::FormatHint;
    match format {
        Format::Csv {
            delimiter: b'\t', ..
        } => FormatHint::Tsv,
        Format::Csv { .. } => FormatHint::Csv,
        Format::JsonLines => FormatHint::JsonLines,
        Format::Lines => FormatHint::Lines,
    }
}

/// A part's sampled text without its header line (CSV with a header).
fn without_header(text: &[u8], format: Format) -> &[u8] {
    match format {
        Format::Csv { header: true, .. } => match memchr::memchr(b'\n', text) {
            Some(end) => &text[end + 1..],
            None => &[],
        },
        _ => text,
    }
}

/// How a part's inferred column types differ from the first part's: a
/// column whose values are of another kind (a number here, a date or text
/// there); integers and floats are one kind, and a column with no value
/// in a sample says nothing.
fn types_differ(first: &Loaded, part: &Loaded) -> Option<String> {
    let kind = |t: ColumnType| match t {
        ColumnType::Int8
        | ColumnType::Int16
        | ColumnType::Int32
        | ColumnType::Int64
        | ColumnType::UInt64
        | ColumnType::Float32
        | ColumnType::Float64 => "a number".to_string(),
        other => format!("{other:?}").to_lowercase(),
    };
    let (a, b) = (&first.table, &part.table);
    for (i, field) in b.schema.fields.iter().enumerate() {
        let Some(j) = a.schema.fields.iter().position(|f| f.name == field.name) else {
            return Some(format!("column '{}' is not in the first part", field.name));
        };
        let has_values = |t: &crate::Table, c: usize| t.columns[c].valid.iter().any(|v| *v);
        if !has_values(a, j) || !has_values(b, i) {
            continue;
        }
        let (want, got) = (kind(a.schema.fields[j].ty), kind(field.ty));
        if want != got {
            return Some(format!(
                "column '{}' holds {got} here but {want} in the first part",
                field.name
            ));
        }
    }
    None
}
