//! What the people who read the data need to know about each format, and
//! which formats they can read: a recommendation nobody downstream can
//! open is no recommendation. One table of facts per candidate, from each
//! format's own ecosystem (libraries maintained as of 2026), printed by
//! `--explain`; `--readers` filters what may be recommended.

use crate::recommend::Choice;

/// Facts about one candidate format, as encbench writes it.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// Format id (`original` or a table codec).
    pub id: &'static str,
    /// Languages and engines with a maintained reader.
    pub readers: &'static [&'static str],
    /// Whether the file carries its schema (names and types).
    pub schema_in_file: &'static str,
    /// How the format copes with a schema that changes.
    pub evolution: &'static str,
    /// Whether a reader can fetch some columns without decoding the rest.
    pub column_pruning: bool,
    /// Whether a parallel engine can split one file among workers.
    pub splittable: bool,
    /// Whether a person can read it in a text editor.
    pub human_readable: bool,
}

/// Every language or engine `--readers` knows.
pub const KNOWN: [&str; 9] = [
    "python", "java", "go", "rust", "c++", "js", "r", "spark", "any",
];

/// Readers assumed when `--readers` is not given: most data teams' mix.
pub const DEFAULT: [&str; 3] = ["python", "java", "go"];

const EVERYONE: &[&str] = &["python", "java", "go", "rust", "c++", "js", "r", "spark"];

/// The facts, one row per candidate (`original`: the input's own text).
pub const TABLE: [Facts; 11] = [
    Facts {
        id: "original",
        readers: EVERYONE,
        schema_in_file: "as the input (CSV: names only)",
        evolution: "by name (header, keys)",
        column_pruning: false,
        splittable: true,
        human_readable: true,
    },
    Facts {
        id: "csv",
        readers: EVERYONE,
        schema_in_file: "names only (header)",
        evolution: "by header name",
        column_pruning: false,
        splittable: true,
        human_readable: true,
    },
    Facts {
        id: "jsonl",
        readers: EVERYONE,
        schema_in_file: "names only (keys in every row)",
        evolution: "by key: new keys are ignored or added",
        column_pruning: false,
        splittable: true,
        human_readable: true,
    },
    Facts {
        id: "msgpack",
        readers: &["python", "java", "go", "rust", "c++", "js"],
        schema_in_file: "no (rows as arrays)",
        evolution: "none: positional",
        column_pruning: false,
        splittable: false,
        human_readable: false,
    },
    Facts {
        id: "cbor",
        readers: &["python", "java", "go", "rust", "c++", "js"],
        schema_in_file: "no (rows as arrays)",
        evolution: "none: positional",
        column_pruning: false,
        splittable: false,
        human_readable: false,
    },
    Facts {
        id: "avro",
        readers: &["python", "java", "go", "rust", "c++", "js", "spark"],
        schema_in_file: "yes (JSON schema in the header)",
        evolution: "reader/writer schema resolution",
        column_pruning: false,
        splittable: true,
        human_readable: false,
    },
    Facts {
        id: "protobuf",
        readers: &["python", "java", "go", "rust", "c++", "js", "spark"],
        schema_in_file: "no (needs the .proto)",
        evolution: "by field number",
        column_pruning: false,
        splittable: false,
        human_readable: false,
    },
    Facts {
        id: "postcard",
        readers: &["rust"],
        schema_in_file: "no",
        evolution: "none: the Rust types are the schema",
        column_pruning: false,
        splittable: false,
        human_readable: false,
    },
    Facts {
        id: "bincode",
        readers: &["rust"],
        schema_in_file: "no",
        evolution: "none: the Rust types are the schema",
        column_pruning: false,
        splittable: false,
        human_readable: false,
    },
    Facts {
        id: "arrow",
        readers: &["python", "java", "go", "rust", "c++", "js", "r"],
        schema_in_file: "yes",
        evolution: "none in the format; by name in readers",
        column_pruning: true,
        splittable: false,
        human_readable: false,
    },
    Facts {
        id: "parquet",
        readers: EVERYONE,
        schema_in_file: "yes",
        evolution: "add/drop columns; schema merging in readers",
        column_pruning: true,
        splittable: true,
        human_readable: false,
    },
];

/// The facts about candidate `id`, if it is one.
pub fn facts(id: &str) -> Option<&'static Facts> {
    TABLE.iter().find(|f| f.id == id)
}

/// Who must be able to read what is recommended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readers(Vec<String>);

impl Default for Readers {
    fn default() -> Self {
        Readers(DEFAULT.iter().map(|s| s.to_string()).collect())
    }
}

impl Readers {
    /// Parses `--readers python,java,spark` (or `any`).
    pub fn parse(list: &str) -> Result<Readers, String> {
        let mut names = Vec::new();
        for name in list.split(',').map(|s| s.trim().to_ascii_lowercase()) {
            if name.is_empty() {
                continue;
            }
            if !KNOWN.contains(&name.as_str()) {
                return Err(format!(
                    "--readers: unknown reader '{name}'; known: {}",
                    KNOWN.join(", ")
                ));
            }
            if !names.contains(&name) {
                names.push(name);
            }
        }
        match names.is_empty() {
            true => Err("--readers: name at least one reader, or any".into()),
            false => Ok(Readers(names)),
        }
    }

    /// The names, as given.
    pub fn names(&self) -> &[String] {
        &self.0
    }

    /// "python, java, go".
    pub fn describe(&self) -> String {
        self.0.join(", ")
    }

    /// Why `choice` cannot be recommended to these readers, or `None`.
    pub fn excludes(&self, choice: &Choice) -> Option<String> {
        if self.0.iter().any(|r| r == "any") {
            return None;
        }
        let facts = facts(&choice.codec)?;
        let missing: Vec<&str> = self
            .0
            .iter()
            .map(String::as_str)
            .filter(|r| !facts.readers.contains(r))
            .collect();
        (!missing.is_empty()).then(|| format!("no maintained reader in {}", missing.join(", ")))
    }

    /// The choices these readers can read.
    pub fn allowed(&self, choices: &[Choice]) -> Vec<Choice> {
        choices
            .iter()
            .filter(|c| self.excludes(c).is_none())
            .cloned()
            .collect()
    }
}

/// The table of facts as `--explain` prints it.
pub fn explain() -> String {
    let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
    crate::plain_table::plain_table(
        &[
            "format",
            "readers",
            "schema in the file",
            "schema evolution",
            "column pruning",
            "splittable",
            "human-readable",
        ],
        TABLE
            .iter()
            .map(|f| {
                vec![
                    f.id.to_string(),
                    f.readers.join(" "),
                    f.schema_in_file.to_string(),
                    f.evolution.to_string(),
                    yes(f.column_pruning),
                    yes(f.splittable),
                    yes(f.human_readable),
                ]
            })
            .collect(),
    ) + "A compressor over a whole file (zstd, gzip, lz4 here) makes it unsplittable and unreadable by eye; Parquet and Avro compress inside, per page or block, and stay splittable.\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(codec: &str) -> Choice {
        Choice {
            codec: codec.into(),
            compression: "none".into(),
            bytes: 1,
            write_ns: Some(1.0),
            read_ns: 1.0,
            input_bytes: 1,
            query_ns: None,
            loss: None,
        }
    }

    #[test]
    fn every_candidate_has_facts() {
        for c in crate::candidates::convertible() {
            assert!(facts(c.id()).is_some(), "{} has no facts", c.id());
        }
        assert!(facts("original").is_some());
    }

    #[test]
    fn rust_only_formats_are_kept_from_the_default_readers() {
        let default = Readers::default();
        assert_eq!(
            default.excludes(&choice("postcard")).unwrap(),
            "no maintained reader in python, java, go"
        );
        assert_eq!(default.excludes(&choice("parquet")), None);
        let rust = Readers::parse("rust").unwrap();
        assert_eq!(rust.excludes(&choice("postcard")), None);
        let spark = Readers::parse("python, Spark").unwrap();
        assert_eq!(
            spark.excludes(&choice("arrow")).unwrap(),
            "no maintained reader in spark"
        );
        assert_eq!(
            Readers::parse("any").unwrap().excludes(&choice("bincode")),
            None
        );
        let e = Readers::parse("python,cobol").unwrap_err();
        assert!(e.contains("unknown reader 'cobol'"), "{e}");
        assert!(Readers::parse(" , ").is_err());
    }
}
