//! The codec-matrix view of one dataset: one line per codec, sorted by
//! decode time, with encode, decode, their sum, the encoded size and its
//! size after each compressor; the Pareto frontier of (size, decode time)
//! marked. Then compress/decompress times per compressor, and zero-copy
//! access rows in their own table, never mixed with full decoding.

use crate::charts::pareto_frontier;
use crate::distinct;
use crate::table::Table;
use crate::units;
use encbench_record::Record;

/// Operations the matrix tables show; a group with any other row (seed
/// 004's `decode-then-encode`) gets the plain table, which drops nothing.
const OPERATIONS: [&str; 5] = ["encode", "decode", "compress", "decompress", "access"];

/// True when a dataset's rows are encode/decode pairs (the matrix shape).
pub(crate) fn applies(rows: &[&Record]) -> bool {
    rows.iter().any(|r| r.operation == "decode")
        && rows.iter().any(|r| r.operation == "encode")
        && rows
            .iter()
            .all(|r| OPERATIONS.contains(&r.operation.as_str()))
}

fn find<'a>(rows: &[&'a Record], codec: &str, op: &str, compression: &str) -> Option<&'a Record> {
    rows.iter()
        .copied()
        .find(|r| r.codec == codec && r.operation == op && r.compression == compression)
}

fn time(r: Option<&Record>) -> String {
    r.map_or(String::new(), |r| {
        format!(
            "{}{}",
            units::duration(r.median_ns),
            if r.noisy { "~" } else { "" }
        )
    })
}

/// The tables of one dataset, titled.
pub(crate) fn tables(rows: &[&Record]) -> Vec<(String, Table)> {
    let mut decodes: Vec<&Record> = rows
        .iter()
        .copied()
        .filter(|r| r.operation == "decode" && r.compression == "none")
        .collect();
    decodes.sort_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
    let Some(best) = decodes.first() else {
        return Vec::new();
    };
    let best_ns = best.median_ns;
    let smallest = decodes
        .iter()
        .map(|r| r.encoded_bytes)
        .min()
        .unwrap_or(1)
        .max(1);
    let frontier = pareto_frontier(
        &decodes
            .iter()
            .map(|r| (r.encoded_bytes as f64, r.median_ns))
            .collect::<Vec<_>>(),
    );
    let on_frontier = |r: &Record| {
        frontier
            .iter()
            .any(|(s, t)| *s == r.encoded_bytes as f64 && *t == r.median_ns)
    };
    let compressions: Vec<String> = distinct(
        rows.iter()
            .filter(|r| r.operation == "compress")
            .map(|r| r.compression.clone()),
    );

    let mut headers: Vec<String> = [
        "codec",
        "decode",
        "×best",
        "encode",
        "enc+dec",
        "size",
        "×smallest",
        "pareto",
    ]
    .map(String::from)
    .to_vec();
    headers.extend(compressions.iter().map(|c| format!("+{c}")));
    // Rows from other languages' workers say which language measured them.
    let polyglot = decodes.iter().any(|r| r.language != "rust");
    if polyglot {
        headers.insert(1, "language".into());
    }
    let mut main = Table {
        right: headers
            .iter()
            .map(|h| h != "codec" && h != "pareto" && h != "language")
            .collect(),
        headers,
        rows: Vec::new(),
    };
    let mut speeds_headers = vec!["codec".to_string()];
    speeds_headers.extend(compressions.iter().map(|c| format!("{c} c/d")));
    let mut speeds = Table {
        right: speeds_headers.iter().map(|h| h != "codec").collect(),
        headers: speeds_headers,
        rows: Vec::new(),
    };
    for d in &decodes {
        let encode = find(rows, &d.codec, "encode", "none");
        let mut row = vec![
            d.codec.clone(),
            time(Some(d)),
            format!("{}×", units::significant(d.median_ns / best_ns)),
            time(encode),
            encode.map_or(String::new(), |e| {
                units::duration(e.median_ns + d.median_ns)
            }),
            units::bytes(d.encoded_bytes as f64),
            format!(
                "{}×",
                units::significant(d.encoded_bytes as f64 / smallest as f64)
            ),
            if on_frontier(d) { "◆" } else { "" }.to_string(),
        ];
        if polyglot {
            row.insert(1, d.language.clone());
        }
        let mut speed_row = vec![d.codec.clone()];
        for c in &compressions {
            let packed = find(rows, &d.codec, "compress", c);
            let unpacked = find(rows, &d.codec, "decompress", c);
            row.push(packed.map_or(String::new(), |p| units::bytes(p.encoded_bytes as f64)));
            speed_row.push(match (packed, unpacked) {
                (Some(p), Some(u)) => format!("{} / {}", time(Some(p)), time(Some(u))),
                _ => String::new(),
            });
        }
        main.rows.push(row);
        // Only encodings that went through a compressor (Rust's; workers' bytes do not).
        if speed_row.iter().skip(1).any(|cell| !cell.is_empty()) {
            speeds.rows.push(speed_row);
        }
    }
    let mut out = vec![(
        "sorted by decode time; ~ = noisy; ◆ = on the Pareto frontier of (size, decode time); +X = size after compressor X".to_string(),
        main,
    )];
    if !compressions.is_empty() {
        out.push((
            "compress / decompress time of each encoding, per compressor".to_string(),
            speeds,
        ));
    }
    let mut views: Vec<&Record> = rows
        .iter()
        .copied()
        .filter(|r| r.operation == "access")
        .collect();
    if !views.is_empty() {
        views.sort_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
        let table = Table {
            headers: ["view", "access", "×best decode", "reads bytes of"]
                .map(String::from)
                .to_vec(),
            right: vec![false, true, true, true],
            rows: views
                .iter()
                .map(|v| {
                    vec![
                        v.codec.clone(),
                        time(Some(v)),
                        format!("{}×", units::significant(v.median_ns / best_ns)),
                        units::bytes(v.encoded_bytes as f64),
                    ]
                })
                .collect(),
        };
        out.push((
            "zero-copy access: every field read in place, no owned records built (not decoding)"
                .to_string(),
            table,
        ));
    }
    out
}

#[cfg(test)]
mod applies_tests {
    use super::applies;

    #[test]
    fn a_row_the_matrix_cannot_show_keeps_the_plain_table() {
        let base = crate::tests::document().results[0].clone();
        let with = |op: &str| {
            let mut r = base.clone();
            r.operation = op.into();
            r
        };
        let (enc, dec, both) = (with("encode"), with("decode"), with("decode-then-encode"));
        assert!(applies(&[&enc, &dec]));
        assert!(!applies(&[&enc, &dec, &both]));
        assert!(!applies(&[&dec]));
    }
}
