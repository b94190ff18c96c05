//! Which text format a file is: JSON Lines when its first non-blank line is
//! a JSON object, CSV when a delimiter (`,` tab `;` `|`) splits the first
//! lines into the same number (≥ 2) of fields, plain lines otherwise. The
//! extension only breaks ties (`.tsv` prefers tab). Whether a CSV file has
//! a header is decided after inference (see `infer::has_header`).

/// The input's text format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Delimited fields, RFC 4180 quoting.
    Csv {
        /// Field separator.
        delimiter: u8,
        /// Whether the first row names the columns.
        header: bool,
    },
    /// One JSON object per line.
    JsonLines,
    /// One string per line.
    Lines,
}

/// What `--format` can force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatHint {
    /// Sniff it.
    Auto,
    /// Comma-separated (delimiter still sniffed among , ; | tab).
    Csv,
    /// Tab-separated.
    Tsv,
    /// JSON Lines.
    JsonLines,
    /// Plain lines.
    Lines,
}

impl Format {
    /// A short name for notes and the schema printout.
    pub fn describe(&self) -> String {
        match self {
            Format::Csv { delimiter, header } => format!(
                "{} ({} header)",
                match delimiter {
                    b'\t' => "TSV".to_string(),
                    b',' => "CSV".to_string(),
                    d => format!("CSV delimited by '{}'", *d as char),
                },
                if *header { "with" } else { "no" }
            ),
            Format::JsonLines => "JSON Lines".into(),
            Format::Lines => "plain lines".into(),
        }
    }
}

/// How many leading lines the sniffer looks at.
const SNIFF_LINES: usize = 50;
const DELIMITERS: [u8; 4] = [b',', b'\t', b';', b'|'];

/// The format of `text`, with the header flag provisionally `true`.
pub fn sniff(text: &str, name: &str, hint: FormatHint) -> Format {
    let lower = name.to_ascii_lowercase();
    let csv = |delimiter| Format::Csv {
        delimiter,
        header: true,
    };
    match hint {
        FormatHint::Tsv => return csv(b'\t'),
        FormatHint::JsonLines => return Format::JsonLines,
        FormatHint::Lines => return Format::Lines,
        FormatHint::Csv => return csv(delimiter(text, &lower).unwrap_or(b',')),
        FormatHint::Auto => {}
    }
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.trim_start().starts_with('{')
        && serde_json::from_str::<serde_json::Value>(first).is_ok_and(|v| v.is_object())
    {
        return Format::JsonLines;
    }
    if lower.ends_with(".jsonl") || lower.ends_with(".ndjson") {
        return Format::JsonLines;
    }
    match delimiter(text, &lower) {
        Some(d) => csv(d),
        None if lower.ends_with(".csv") => csv(b','),
        None if lower.ends_with(".tsv") || lower.ends_with(".tab") => csv(b'\t'),
        None => Format::Lines,
    }
}

/// The delimiter that splits the first lines into equal counts of ≥ 2
/// fields (quotes respected), preferring the most fields, then the one
/// the extension suggests.
fn delimiter(text: &str, lower_name: &str) -> Option<u8> {
    let preferred = if lower_name.ends_with(".tsv") || lower_name.ends_with(".tab") {
        b'\t'
    } else {
        b','
    };
    let mut best: Option<(usize, bool, u8)> = None;
    for d in DELIMITERS {
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(d)
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        let mut counts = Vec::new();
        for record in reader.byte_records().take(SNIFF_LINES) {
            match record {
                Ok(r) => counts.push(r.len()),
                Err(_) => break,
            }
        }
        let Some(&n) = counts.first() else { continue };
        if n < 2 || counts.iter().any(|c| *c != n) {
            continue;
        }
        let key = (n, d == preferred, d);
        if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
            best = Some(key);
        }
    }
    best.map(|b| b.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auto(text: &str, name: &str) -> Format {
        sniff(text, name, FormatHint::Auto)
    }

    #[test]
    fn delimiters_are_sniffed_with_quotes_respected() {
        let csv = |delimiter| Format::Csv {
            delimiter,
            header: true,
        };
        assert_eq!(auto("a,b,c\n1,2,3\n", "x"), csv(b','));
        assert_eq!(auto("a\tb\n1\t2\n", "x.txt"), csv(b'\t'));
        assert_eq!(auto("a;b\n\"1,5\";2\n", "x"), csv(b';'));
        // A comma inside quotes does not make comma the delimiter.
        assert_eq!(auto("name|note\nx|\"a, b, c\"\n", "x"), csv(b'|'));
        // A field with an embedded newline is still one record.
        assert_eq!(auto("a,b\n\"two\nlines\",2\n", "x"), csv(b','));
    }

    #[test]
    fn json_lines_and_plain_lines() {
        assert_eq!(auto("{\"a\": 1}\n{\"a\": 2}\n", "x"), Format::JsonLines);
        assert_eq!(
            auto("GET /index.html 200\nGET /a 404\n", "access.log"),
            Format::Lines
        );
        // Uneven comma counts: not CSV.
        assert_eq!(
            auto("hello, world\nno commas here\n", "notes.txt"),
            Format::Lines
        );
        assert_eq!(sniff("a,b\n", "x.csv", FormatHint::Lines), Format::Lines);
    }
}
