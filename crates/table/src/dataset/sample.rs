//! A stratified, seeded sample of a dataset's rows, drawn across parts:
//! every part when there are few, else a systematic draw of parts with
//! probability proportional to size over the parts in partition order
//! (so every stretch of partitions is represented, and a part's chance
//! is its share of the bytes), from a seeded start. The sample limit is
//! shared among the draws, and each part drawn is sampled as a file is
//! (row groups and runs of rows from a Parquet footer's plan; runs of
//! records of a text part): memory follows the sample limit, never the
//! number or size of parts.

use super::schema::{difference, Checked};
use super::{Dataset, DatasetError, Part, PartFormat};
use crate::sample::{Method, SAMPLE_SEED};
use crate::{LoadOptions, Loaded};
use rand::{Rng, SeedableRng};

/// The most parts a sample is drawn from.
pub const MAX_SAMPLED_PARTS: usize = 32;

/// How the sample was drawn, for the output.
#[derive(Debug, Clone)]
pub struct Sampled {
    /// Distinct parts read.
    pub parts: usize,
    /// Parts in the dataset.
    pub of: usize,
    /// Distinct partitions the parts read lie in.
    pub partitions: usize,
    /// Rows measured.
    pub rows: usize,
    /// Bytes of the parts the measured rows take (on disk for columnar
    /// parts, of text for text parts).
    pub bytes: u64,
}

/// The parts drawn and each one's share of the sample limit (a part
/// drawn twice gets two shares).
pub fn draw(parts: &[Part], limit: u64) -> Vec<(usize, u64)> {
    let weight = |p: &Part| p.bytes.max(1) as f64;
    let total: f64 = parts.iter().map(weight).sum();
    if parts.len() <= MAX_SAMPLED_PARTS {
        return (0..parts.len())
            .map(|i| {
                (
                    i,
                    ((limit as f64 * weight(&parts[i]) / total) as u64).max(1),
                )
            })
            .collect();
    }
    let k = MAX_SAMPLED_PARTS;
    let step = total / k as f64;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SAMPLE_SEED);
    let start: f64 = rng.random::<f64>() * step;
    let share = (limit / k as u64).max(1);
    let mut drawn: Vec<(usize, u64)> = Vec::new();
    let (mut part, mut below) = (0usize, 0.0f64);
    for i in 0..k {
        let point = start + i as f64 * step;
        while part + 1 < parts.len() && below + weight(&parts[part]) <= point {
            below += weight(&parts[part]);
            part += 1;
        }
        match drawn.last_mut() {
            Some((p, s)) if *p == part => *s += share,
            _ => drawn.push((part, share)),
        }
    }
    drawn
}

/// The dataset's rows as one input: the sample across parts, typed, with
/// the dataset's totals (bytes on disk; rows from the footers, or
/// estimated from the sample's density for text and Avro parts).
pub fn load(
    dataset: &Dataset,
    checked: &Checked,
    options: &LoadOptions,
) -> Result<(Loaded, Sampled), DatasetError> {
    let limit = options.sample_limit.unwrap_or(u64::MAX);
    let drawn = draw(&dataset.parts, limit);
    let mut partitions: Vec<&Vec<Option<String>>> = drawn
        .iter()
        .map(|&(i, _)| &dataset.parts[i].partition)
        .collect();
    partitions.sort();
    partitions.dedup();
    let partitions = partitions.len();
    let mut loaded = match dataset.parts[0].format {
        PartFormat::Columnar(_) => columnar(dataset, checked, &drawn, options)?,
        PartFormat::Text => super::text::load(dataset, &drawn, options)?,
    };
    loaded.path = dataset.root.clone();
    let sampled = Sampled {
        parts: drawn.len(),
        of: dataset.parts.len(),
        partitions,
        rows: loaded.table.rows(),
        bytes: match &loaded.columnar {
            Some(c) => c.sample_bytes,
            None => loaded.original.len() as u64,
        },
    };
    Ok((loaded, sampled))
}

/// Parquet, Arrow or Avro parts: each drawn part sampled as a file is
/// (see `binary_input::read`), appended; each part's typed columns must
/// be the first's. The first part's reading is the dataset's, with the
/// dataset's totals.
fn columnar(
    dataset: &Dataset,
    checked: &Checked,
    drawn: &[(usize, u64)],
    options: &LoadOptions,
) -> Result<Loaded, DatasetError> {
    let mut first: Option<(Loaded, &Part)> = None;
    let (mut groups_read, mut sample_bytes, mut read_rows, mut read_bytes) =
        (0usize, 0u64, 0u64, 0u64);
    for &(i, share) in drawn {
        let part = &dataset.parts[i];
        let part_options = LoadOptions {
            sample_limit: Some(share),
            every_row: false,
            ..options.clone()
        };
        let loaded = crate::load(&part.path, &part_options)?;
        if let Some(c) = &loaded.columnar {
            groups_read += c.parts.0;
            sample_bytes += c.sample_bytes;
        }
        read_rows += loaded.rows as u64;
        read_bytes += part.bytes;
        match &mut first {
            None => first = Some((loaded, part)),
            Some((head, first_part)) => {
                let columns = |s: &crate::Schema| -> Vec<(String, String)> {
                    s.fields
                        .iter()
                        .map(|f| (f.name.clone(), format!("{:?}", f.ty).to_lowercase()))
                        .collect()
                };
                let (want, got) = (columns(&head.table.schema), columns(&loaded.table.schema));
                if let Some(how) = difference(&want, &got) {
                    return Err(DatasetError::refused(
                        &part.path,
                        format!(
                            "a mixed schema: its rows read as other types than the first part's ({}): {how}",
                            first_part.path.display()
                        ),
                    ));
                }
                head.table.append(&loaded.table);
            }
        }
    }
    let Some((mut loaded, _)) = first else {
        return Err(DatasetError::refused(&dataset.root, "no part to sample"));
    };
    let file_bytes = dataset.bytes();
    // Footers count every row; other parts' rows are estimated from the
    // density of the parts read.
    (loaded.rows, loaded.rows_exact) = match checked.rows() {
        Some(rows) => (rows as usize, true),
        None => {
            let per_byte = read_rows as f64 / read_bytes.max(1) as f64;
            ((per_byte * file_bytes as f64).round() as usize, false)
        }
    };
    if let Some(c) = &mut loaded.columnar {
        c.parts = (groups_read, checked.row_groups);
        c.sample_bytes = sample_bytes;
    }
    loaded.file_bytes = file_bytes;
    loaded.text_bytes = file_bytes;
    loaded.schema_every_row = false;
    loaded.method = Method::Whole;
    // The parts are never measured as they are: the 'original' row is
    // their format with their own settings, written from the sample.
    loaded.original = Vec::new();
    loaded.sampled = true;
    Ok(loaded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn parts(sizes: &[u64]) -> Vec<Part> {
        sizes
            .iter()
            .enumerate()
            .map(|(i, &bytes)| Part {
                path: PathBuf::from(format!("p{i}")),
                bytes,
                format: PartFormat::Text,
                partition: vec![Some(format!("{}", i / 10))],
                rows: None,
            })
            .collect()
    }

    #[test]
    fn few_parts_are_all_drawn_by_size() {
        let drawn = draw(&parts(&[100, 300]), 1000);
        assert_eq!(drawn, vec![(0, 250), (1, 750)]);
    }

    #[test]
    fn many_parts_are_drawn_across_the_dataset_and_seeded() {
        let many = parts(&[1000; 200]);
        let drawn = draw(&many, 32_000);
        assert_eq!(drawn.len(), MAX_SAMPLED_PARTS);
        assert!(
            drawn.first().unwrap().0 < 10 && drawn.last().unwrap().0 >= 190,
            "{drawn:?}"
        );
        assert_eq!(
            drawn,
            draw(&many, 32_000),
            "the same seed draws the same parts"
        );
        let total: u64 = drawn.iter().map(|d| d.1).sum();
        assert_eq!(total, 32_000);
    }

    #[test]
    fn a_large_part_gets_the_shares_of_its_size() {
        let mut sizes = vec![10u64; 100];
        sizes[50] = 10_000;
        let drawn = draw(&parts(&sizes), 32_000);
        let big = drawn.iter().find(|d| d.0 == 50).unwrap();
        assert!(big.1 >= 16_000, "{drawn:?}");
    }
}
