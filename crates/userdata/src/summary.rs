//! The terminal view of a file measurement: the printed schema, and one
//! table of every choice (candidate × compression) with encode and decode
//! speed in MB/s of input text (compressing and decompressing included),
//! size and ratio to the input. Pure
//! functions of their inputs, so they can be tested as text.

use crate::cost::{Decision, Priced};
pub use crate::plain_table::plain_table;
use crate::readers::Readers;
use crate::recommend::{frontier, Choice, Objective};
use encbench_format::table::Table;
use encbench_format::units;
use encbench_table::schema::Schema;

/// The schema, one column per line: `name  type  nullable`.
pub fn schema(schema: &Schema, input_types: &[String]) -> String {
    // A binary input's own types, beside what encbench maps them to.
    let shown = input_types.len() == schema.fields.len();
    let mut headers = vec!["column".to_string()];
    if shown {
        headers.push("in the file".into());
    }
    headers.extend(["type".into(), "nullable".into()]);
    let table = Table {
        right: vec![false; headers.len()],
        headers,
        rows: schema
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let mut row = vec![f.name.clone()];
                if shown {
                    row.push(input_types[i].clone());
                }
                row.extend([f.type_text(), if f.nullable { "yes" } else { "no" }.into()]);
                row
            })
            .collect(),
    };
    table.plain("  ")
}

/// Every choice, smallest first; `*` marks the Pareto frontier of size and
/// read time, `×` a choice the readers cannot read (listed after the table).
///
/// With `nested` (the table has nested JSON columns) a `nested` column says
/// which formats carry them natively and which as JSON text.
pub fn choices(choices: &[Choice], link: Option<f64>, readers: &Readers, nested: bool) -> String {
    let on_frontier = frontier(choices, link);
    let mut sorted: Vec<&Choice> = choices.iter().collect();
    sorted.sort_by(|a, b| a.bytes.cmp(&b.bytes).then(a.read_ns.total_cmp(&b.read_ns)));
    let rate = |c: &Choice, ns: f64| units::rate(c.input_bytes as f64 / ns * 1e3);
    let mut headers = vec![
        "",
        "encoding",
        "compression",
        "encode",
        "decode",
        "size",
        "ratio",
    ];
    if link.is_some() {
        headers.push("decode+move");
    }
    // --optimize query: the time to read the query's columns.
    let query = choices.iter().any(|c| c.query_ns.is_some());
    if query {
        headers.push("query");
    }
    if nested {
        headers.push("nested");
    }
    let rows = sorted
        .iter()
        .map(|c| {
            let mut row = vec![
                format!(
                    "{}{}{}",
                    if on_frontier.contains(c) { "*" } else { "" },
                    if readers.excludes(c).is_some() {
                        "×"
                    } else {
                        ""
                    },
                    if c.loss.is_some() { "≈" } else { "" }
                ),
                c.codec.clone(),
                c.compression.clone(),
                c.write_ns.map_or("—".into(), |w| rate(c, w)),
                rate(c, c.read_ns),
                units::bytes(c.bytes as f64),
                format!(
                    "{}×",
                    units::significant(c.bytes as f64 / c.input_bytes.max(1) as f64)
                ),
            ];
            if link.is_some() {
                row.push(units::duration(c.read_total(link)));
            }
            if query {
                let full = if c.query_ns.is_none() { " (all)" } else { "" };
                row.push(format!("{}{full}", units::duration(c.query_total(link))));
            }
            if nested {
                row.push(
                    if crate::candidates::nests_natively(&c.codec) {
                        "native"
                    } else if crate::candidates::flattens_nesting(&c.codec) {
                        "dotted columns"
                    } else {
                        "as JSON text"
                    }
                    .into(),
                );
            }
            row
        })
        .collect();
    let mut right = vec![false, false, false, true, true, true, true];
    right.resize(headers.len(), true);
    if nested {
        if let Some(last) = right.last_mut() {
            *last = false; // the nested column is words
        }
    }
    let mut out = Table {
        headers: headers.into_iter().map(String::from).collect(),
        right,
        rows,
    }
    .plain("  ");
    let mut excluded: Vec<(String, String)> = Vec::new();
    for c in choices {
        if let Some(why) = readers.excludes(c) {
            if !excluded.iter().any(|(codec, _)| *codec == c.codec) {
                excluded.push((c.codec.clone(), why));
            }
        }
    }
    let mut lossy: Vec<(String, String)> = Vec::new();
    for c in choices {
        if let (Some(loss), false) = (&c.loss, lossy.iter().any(|(codec, _)| *codec == c.codec)) {
            lossy.push((c.codec.clone(), loss.clone()));
        }
    }
    for (codec, loss) in &lossy {
        out.push_str(&format!(
            "  ≈ {codec} reads back a value-changed table: {loss}; not recommended while a format carries every value\n"
        ));
    }
    if !excluded.is_empty() {
        let list: Vec<String> = excluded
            .iter()
            .map(|(codec, why)| format!("{codec} ({why})"))
            .collect();
        out.push_str(&format!(
            "  × measured, not recommended to readers in {}: {}; --readers says who reads the data, --explain what each format offers\n",
            readers.describe(),
            list.join(", ")
        ));
    }
    out
}

/// What the `n` best choices cost for the whole file of `rows` rows, in
/// the order the recommendation ranks them, from the same cost: bytes at
/// rest, the one write, one read, the write plus every read, and the
/// objective's score. The pick and the input as it is are always shown;
/// figures are projected from the sample's when it is not the whole file,
/// and said so.
pub fn whole_file(decision: &Decision, rows: usize, n: usize) -> String {
    let model = &decision.model;
    let pick = decision.picked();
    let mut shown: Vec<&Priced> = decision.ranked().take(n).collect();
    for extra in [Some(pick), decision.input()].into_iter().flatten() {
        if !shown.iter().any(|p| std::ptr::eq(*p, extra)) {
            shown.push(extra);
        }
    }
    let cost_header = match model.objective {
        Objective::Balanced => "cost",
        _ => "",
    };
    let read_header = match model.objective {
        Objective::Query => "query read",
        _ => "read once",
    };
    let life_header = format!("write + {} reads", model.reads);
    let noted = shown.iter().any(|p| p.excluded.is_some());
    let rows_out: Vec<Vec<String>> = shown
        .iter()
        .map(|p| {
            let mark = if std::ptr::eq(*p, pick) { "→" } else { "" };
            let mut row = vec![
                mark.to_string(),
                p.choice.label(),
                units::bytes(p.stored),
                match p.write_ns {
                    Some(w) => units::duration(w),
                    None => "— (exists)".into(),
                },
                units::duration(p.read_ns),
                units::duration(p.life_ns),
            ];
            if model.objective == Objective::Balanced {
                row.push(match p.score {
                    Some(s) => format!("{}×", units::significant(s)),
                    None => "—".into(),
                });
            }
            if noted {
                row.push(
                    p.excluded
                        .as_ref()
                        .map_or(String::new(), |why| format!("not eligible: {why}")),
                );
            }
            row
        })
        .collect();
    let mut out = format!(
        "\nFor the whole file ({rows} rows{}{}; → the recommendation):\n",
        if (model.scale - 1.0).abs() > 1e-9 {
            ", projected from the sample's rates"
        } else {
            ""
        },
        model.link.map_or(String::new(), |l| format!(
            ", moving the bytes at {} MB/s for each write and read",
            units::significant(l)
        ))
    );
    let mut headers = vec![
        "",
        "choice",
        "stored",
        "write",
        read_header,
        life_header.as_str(),
    ];
    if !cost_header.is_empty() {
        headers.push(cost_header);
    }
    if noted {
        headers.push("note");
    }
    out.push_str(&plain_table(&headers, rows_out));
    if model.objective == Objective::Balanced {
        out.push_str(&format!(
            "  cost: the geometric mean of the size at rest and the time of one write plus {} reads, each relative to {}\n",
            model.reads,
            if decision.input().is_some() { "the file as it is (1×)" } else { "the best of each" }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_table::schema::{ColumnType, Field};

    #[test]
    fn formats_the_readers_cannot_read_are_marked_and_listed() {
        let choice = |codec: &str, bytes| Choice {
            codec: codec.into(),
            compression: "none".into(),
            bytes,
            write_ns: Some(1e6),
            read_ns: 1e6,
            input_bytes: 1_000_000,
            query_ns: None,
            loss: None,
        };
        let list = [choice("postcard", 100), choice("parquet", 200)];
        let text = choices(&list, None, &Readers::default(), false);
        assert!(text.contains("*×  postcard"), "{text}");
        assert!(
            text.contains("× measured, not recommended to readers in python, java, go: postcard (no maintained reader in python, java, go)"),
            "{text}"
        );
        let text = choices(&list, None, &Readers::parse("rust").unwrap(), false);
        assert!(text.contains("  *  postcard"), "{text}");
        assert!(!text.contains("not recommended"), "{text}");
    }

    #[test]
    fn the_choice_table_is_sorted_by_size_and_marks_the_frontier() {
        let choice = |codec: &str, bytes, write: Option<f64>, read| Choice {
            codec: codec.into(),
            compression: "none".into(),
            bytes,
            write_ns: write,
            read_ns: read,
            input_bytes: 1_000_000,
            query_ns: None,
            loss: None,
        };
        let text = choices(
            &[
                choice("original", 1_000_000, None, 10e6),
                choice("parquet", 200_000, Some(5e6), 4e6),
                choice("csv", 990_000, Some(20e6), 20e6),
            ],
            None,
            &Readers::default(),
            false,
        );
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        assert_eq!(
            lines[0],
            "     encoding  compression     encode     decode     size   ratio"
        );
        assert_eq!(
            lines[2],
            "  *  parquet   none          200 MB/s   250 MB/s   200 KB  0.200×"
        );
        assert_eq!(
            lines[3],
            "     csv       none         50.0 MB/s  50.0 MB/s   990 KB  0.990×"
        );
        assert_eq!(
            lines[4],
            "     original  none                 —   100 MB/s  1.00 MB   1.00×"
        );
        // Nested columns: which formats carry them natively.
        let nested = choices(
            &[
                choice("parquet", 200_000, Some(5e6), 4e6),
                choice("csv", 990_000, Some(20e6), 20e6),
            ],
            None,
            &Readers::default(),
            true,
        );
        let lines: Vec<&str> = nested.lines().map(str::trim_end).collect();
        assert!(lines[0].ends_with("nested"), "{nested}");
        assert!(
            lines[2].contains("parquet") && lines[2].ends_with("native"),
            "{nested}"
        );
        assert!(
            lines[3].contains("csv") && lines[3].ends_with("dotted columns"),
            "{nested}"
        );
    }

    #[test]
    fn the_schema_prints_one_column_per_line() {
        let s = Schema {
            fields: vec![Field::new("dep_time", ColumnType::Int16, true)],
        };
        assert_eq!(
            schema(&s, &[]).lines().nth(2).unwrap().trim_end(),
            "  dep_time  int16  yes"
        );
    }

    #[test]
    fn a_nested_column_prints_its_shape() {
        let mut field = Field::new("actor", ColumnType::Json, false);
        field.shape = Some(encbench_table::nested::Shape::Struct(vec![(
            "id".into(),
            encbench_table::nested::Shape::Int,
        )]));
        let s = Schema {
            fields: vec![field],
        };
        assert!(
            schema(&s, &[]).contains("actor   json struct<id: int64>  no"),
            "{}",
            schema(&s, &[])
        );
    }
}
