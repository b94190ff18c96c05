//! A wide view for scenarios that sweep a size: one line per dataset, one
//! column per codec and medium, so a growth curve reads down a column.

use crate::distinct;
use crate::table::Table;
use crate::units;
use encbench_record::{Medium, Record};

/// Scenarios with more datasets than this are shown wide.
pub(crate) const WIDE_AFTER: usize = 6;

fn short(medium: Medium) -> &'static str {
    match medium {
        Medium::Memory => "mem",
        Medium::FileWarm => "warm",
        Medium::FileCold => "cold",
        Medium::FileColdUnverified => "cold?",
    }
}

/// Three tables: time per item, encoded size, and this run's ops/s beside the seed's.
pub(crate) fn wide_tables(records: &[&Record]) -> Vec<(String, Table)> {
    let datasets = distinct(records.iter().map(|r| r.dataset.clone()));
    let columns = distinct(records.iter().map(|r| (r.codec.clone(), r.medium)));
    let find = |d: &str, c: &str, m: Medium| {
        records
            .iter()
            .find(|r| r.dataset == d && r.codec == c && r.medium == m)
    };

    let mut headers: Vec<String> = vec!["dataset".into()];
    headers.extend(columns.iter().map(|(c, m)| format!("{c} {}", short(*m))));
    let per_item = Table {
        right: (0..headers.len()).map(|i| i > 0).collect(),
        rows: datasets
            .iter()
            .map(|d| {
                let mut row = vec![d.clone()];
                row.extend(columns.iter().map(|(c, m)| {
                    find(d, c, *m).map_or(String::new(), |r| {
                        let flag = if r.noisy { "~" } else { "" };
                        format!("{flag}{}", units::duration(r.ns_per_item()))
                    })
                }));
                row
            })
            .collect(),
        headers: headers.clone(),
    };

    let codecs = distinct(records.iter().map(|r| r.codec.clone()));
    let mut size_headers: Vec<String> = vec!["dataset".into()];
    size_headers.extend(codecs.iter().cloned());
    let sizes = Table {
        right: (0..size_headers.len()).map(|i| i > 0).collect(),
        rows: datasets
            .iter()
            .map(|d| {
                let mut row = vec![d.clone()];
                row.extend(codecs.iter().map(|c| {
                    records
                        .iter()
                        .find(|r| &r.dataset == d && &r.codec == c)
                        .map_or(String::new(), |r| units::bytes(r.encoded_bytes as f64))
                }));
                row
            })
            .collect(),
        headers: size_headers,
    };

    let mut out = vec![
        ("time per item (~ marks a noisy row)".to_string(), per_item),
        ("encoded size".to_string(), sizes),
    ];
    let seeded: Vec<&&Record> = records
        .iter()
        .filter(|r| r.seed_reference.is_some())
        .collect();
    if !seeded.is_empty() {
        let seed_codecs = distinct(seeded.iter().map(|r| (r.codec.clone(), r.medium)));
        let mut h: Vec<String> = vec!["dataset".into()];
        for (c, m) in &seed_codecs {
            h.push(format!("{c} {} ops/s", short(*m)));
            h.push("seed".into());
        }
        let rows = distinct(seeded.iter().map(|r| r.dataset.clone()))
            .iter()
            .map(|d| {
                let mut row = vec![d.clone()];
                for (c, m) in &seed_codecs {
                    match find(d, c, *m) {
                        Some(r) => {
                            row.push(units::significant(1e9 / r.median_ns));
                            row.push(
                                r.seed_reference
                                    .as_ref()
                                    .map_or(String::new(), |s| units::significant(s.value)),
                            );
                        }
                        None => row.extend([String::new(), String::new()]),
                    }
                }
                row
            })
            .collect();
        out.push((
            "operations per second here, beside the seed's published figure (not measured here)"
                .to_string(),
            Table {
                right: (0..h.len()).map(|i| i > 0).collect(),
                headers: h,
                rows,
            },
        ));
    }
    out
}
