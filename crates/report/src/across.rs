//! The cross-language table: for each standard format and each writer, what
//! every other language read back from its bytes. One cell per reading
//! language, the worst outcome over its libraries and the datasets; every
//! difference and failure then listed in full.

use crate::distinct;
use crate::table::Table;
use encbench_record::{Compatibility, Outcome};

/// The grid and the lines explaining each cell that is not `same`;
/// `None` when the run read nothing across languages.
pub fn grid(entries: &[Compatibility]) -> Option<(Table, Vec<String>)> {
    if entries.is_empty() {
        return None;
    }
    let mut languages = distinct(
        entries
            .iter()
            .flat_map(|c| [c.encoder_language.clone(), c.decoder_language.clone()]),
    );
    languages.sort_by_key(|l| (l != "rust", l.clone()));
    let mut headers = vec!["format".to_string(), "written by".to_string()];
    headers.extend(languages.iter().map(|l| format!("read by {l}")));
    let mut table = Table {
        right: vec![false; headers.len()],
        headers,
        rows: Vec::new(),
    };
    let writers = distinct(
        entries
            .iter()
            .map(|c| (c.format.as_str(), c.encoder.as_str())),
    );
    for (format, encoder) in writers {
        let mine: Vec<&Compatibility> = entries
            .iter()
            .filter(|c| c.format == format && c.encoder == encoder)
            .collect();
        let mut row = vec![format.to_string(), encoder.to_string()];
        for language in &languages {
            let worst = mine
                .iter()
                .filter(|c| &c.decoder_language == language)
                .map(|c| c.outcome)
                .max();
            row.push(match worst {
                Some(o) => o.as_str().to_string(),
                None if mine
                    .first()
                    .is_some_and(|c| &c.encoder_language == language) =>
                {
                    "·".into()
                }
                None => String::new(),
            });
        }
        table.rows.push(row);
    }
    let details = entries
        .iter()
        .filter(|c| c.outcome != Outcome::Same)
        .map(|c| {
            format!(
                "{} {} → {} ({}): {}: {}",
                c.format,
                c.encoder,
                c.decoder,
                c.dataset,
                c.outcome.as_str(),
                c.detail
            )
        })
        .collect();
    Some((table, details))
}

/// The grid as an HTML section, cells coloured by outcome (reusing the
/// verdict badges' colours), with the explanations below.
pub(crate) fn html(entries: &[Compatibility]) -> String {
    use crate::html_escape::escape;
    let Some((table, details)) = grid(entries) else {
        return String::new();
    };
    let mut out = format!(
        "<section id=\"across-languages\"><h2>across languages</h2>\n<p>Bytes of each standard format written by one language and read by another, compared with the records written: {}.</p>\n<table class=\"across\"><thead><tr>",
        escape(&tally(entries))
    );
    for h in &table.headers {
        out.push_str(&format!("<th>{}</th>", escape(h)));
    }
    out.push_str("</tr></thead><tbody>\n");
    for row in &table.rows {
        out.push_str("<tr>");
        for cell in row {
            let class = match cell.as_str() {
                "same" => " class=\"verdict holds\"",
                "differs" => " class=\"verdict unsure\"",
                "fails" => " class=\"verdict not\"",
                _ => "",
            };
            out.push_str(&format!("<td><span{class}>{}</span></td>", escape(cell)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
    if !details.is_empty() {
        out.push_str("<ul>\n");
        for d in details {
            out.push_str(&format!("<li>{}</li>\n", escape(&d)));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
    out
}

/// The grid as Markdown, with the explanations as a list.
pub(crate) fn markdown(entries: &[Compatibility]) -> String {
    let Some((table, details)) = grid(entries) else {
        return String::new();
    };
    let mut out = format!("\n## Across languages\n\n{}.\n\n", tally(entries));
    out.push_str(&table.markdown());
    for d in details {
        out.push_str(&format!("- {d}\n"));
    }
    out
}

/// How many pairs, and how many read back the same.
pub fn tally(entries: &[Compatibility]) -> String {
    let same = entries
        .iter()
        .filter(|c| c.outcome == Outcome::Same)
        .count();
    format!(
        "{same} of {} writer/reader pairs read back every record exactly",
        entries.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(format: &str, from: (&str, &str), to: (&str, &str), outcome: Outcome) -> Compatibility {
        Compatibility {
            dataset: "logs-20".into(),
            format: format.into(),
            encoder: from.1.into(),
            encoder_language: from.0.into(),
            decoder: to.1.into(),
            decoder_language: to.0.into(),
            outcome,
            detail: if outcome == Outcome::Same {
                String::new()
            } else {
                "record 0.x: written 1, read 2".into()
            },
        }
    }

    #[test]
    fn each_writer_is_a_row_and_each_reading_language_a_column() {
        let rust = ("rust", "record/json");
        let go = ("go", "record-go/encoding-json");
        let go_fast = ("go", "record-go/go-json");
        let entries = vec![
            pair("json", rust, go, Outcome::Same),
            pair("json", rust, go_fast, Outcome::Differs),
            pair("json", go, rust, Outcome::Same),
        ];
        let (table, details) = grid(&entries).expect("a grid");
        assert_eq!(
            table.headers,
            ["format", "written by", "read by rust", "read by go"]
        );
        // The worst of Go's two readers shows; a language does not read its own bytes here.
        assert_eq!(table.rows[0], ["json", "record/json", "·", "differs"]);
        assert_eq!(
            table.rows[1],
            ["json", "record-go/encoding-json", "same", "·"]
        );
        assert_eq!(
            details,
            ["json record/json → record-go/go-json (logs-20): differs: record 0.x: written 1, read 2"]
        );
        assert_eq!(
            tally(&entries),
            "2 of 3 writer/reader pairs read back every record exactly"
        );
        assert!(grid(&[]).is_none());
    }
}
