//! The seed experiments' published figures, quoted — never measured here —
//! and shown beside this machine's rows, labelled as the seed's.

use encbench_record::SeedReference;

/// Builds a reference to seed `seed`'s figure.
pub fn reference(seed: &str, value: f64, unit: &str, note: &str) -> SeedReference {
    SeedReference {
        seed: seed.into(),
        value,
        unit: unit.into(),
        note: note.into(),
        items: None,
    }
}

/// How many ints seed 000 read.
pub const SEED_000_INTS: u64 = 10_000_000;

/// How many lines seed 002's log held.
pub const SEED_002_LINES: u64 = 10_000_000;

/// Seed 000's machine, for notes.
pub const SEED_000_MACHINE: &str = "10,000,000 ints, low-end Pentium 4, FreeBSD 6";

/// Seed 000's published totals in ms for 10M values: the codec ids here
/// that mirror each loop, the figure, and what the seed ran.
const SEED_000: [(&[&str], f64, &str); 6] = [
    (&["text/fscanf", "c/fscanf"], 6000.0, "fscanf(\"%i\") loop"),
    (
        &["binary/read-per-int", "c/read-per-int"],
        12000.0,
        "read() per int, unoptimised (~6 s at -O2)",
    ),
    (
        &["binary/read-chunked", "c/read-chunked"],
        25.0,
        "read() 10,000 ints at a time, -O2",
    ),
    (&["binary/fread", "c/fread"], 1300.0, "fread() per int"),
    (
        &["text/atoi", "c/atoi-fixed"],
        1100.0,
        "atoi() over fixed-width text",
    ),
    (
        &["text/hand-rolled", "c/hand-rolled"],
        270.0,
        "hand-rolled digit loop",
    ),
];

/// Seed 000: total time in ms for 10M values, by codec id here.
pub fn seed_000(codec: &str) -> Option<SeedReference> {
    let &(_, ms, what) = SEED_000.iter().find(|row| row.0.contains(&codec))?;
    Some(SeedReference {
        items: Some(SEED_000_INTS),
        ..reference("000", ms, "ms", &format!("{what}; {SEED_000_MACHINE}"))
    })
}

/// Seed 003's published Go ns/op for encode + decode of one int: the codec
/// ids here that mirror each function, the figure, and what it was.
const SEED_003: [(&[&str], f64, &str); 4] = [
    (
        &["int64/serde-dyn-write", "go/binary-write"],
        391.0,
        "Go encoding/binary.Write (reflection)",
    ),
    (
        &["int64/le-bytes", "go/put-uint64"],
        3.05,
        "Go binary.LittleEndian.PutUint64",
    ),
    (
        &["int64/decimal-alloc", "int64/decimal-itoa", "go/strconv"],
        191.0,
        "Go strconv.Itoa / Atoi",
    ),
    (
        &["int64/cbor-per-call", "go/gob"],
        5235.0,
        "Go encoding/gob, new encoder per value",
    ),
];

/// Seed 003's WKB benchmark: go-geom parsing ms before and after dropping
/// reflection, and the improvement it announced (as published, in %).
pub const SEED_003_WKB: (f64, f64, f64) = (11.5, 6.1, 45.0);

/// Seed 003's WKB parsing time after ÷ before, as measured.
pub fn seed_003_wkb_ratio() -> f64 {
    SEED_003_WKB.1 / SEED_003_WKB.0
}

/// The time ratio seed 003's announced improvement claims (1 − its %).
pub fn seed_003_wkb_claimed_ratio() -> f64 {
    1.0 - SEED_003_WKB.2 / 100.0
}

/// Seed 001's growth in time from 100 to 15,000 items for `codec`
/// (its ops/s at 100 ÷ its ops/s at 15,000).
pub fn seed_001_growth(codec: &str) -> Option<f64> {
    Some(seed_001(codec, 100)?.value / seed_001(codec, 15_000)?.value)
}

/// Seed 000's published time of `a` ÷ that of `b`.
pub fn seed_000_ratio(a: &str, b: &str) -> Option<f64> {
    Some(seed_000(a)?.value / seed_000(b)?.value)
}

/// Seed 003's published ns/op of `a` ÷ that of `b`.
pub fn seed_003_ratio(a: &str, b: &str) -> Option<f64> {
    Some(seed_003(a)?.value / seed_003(b)?.value)
}

/// Seed 002's published seconds for `cat`/`zcat | wc -l`: compression
/// (`none` or a gzip level) and cold or warm cache of `a` ÷ those of `b`.
pub fn seed_002_ratio(a: (&str, bool), b: (&str, bool)) -> Option<f64> {
    let medium = |cold| {
        if cold {
            encbench_record::Medium::FileCold
        } else {
            encbench_record::Medium::FileWarm
        }
    };
    let x = seed_002("lines/shell", a.0, medium(a.1))?.value;
    let y = seed_002("lines/shell", b.0, medium(b.1))?.value;
    Some(x / y)
}

/// Seed 003: Go ns/op for encode + decode of one int.
pub fn seed_003(codec: &str) -> Option<SeedReference> {
    let &(_, ns, what) = SEED_003.iter().find(|row| row.0.contains(&codec))?;
    Some(reference(
        "003",
        ns,
        "ns/op",
        &format!("{what}; Go benchmark, 4 threads, 2017"),
    ))
}

/// Seed 002: seconds for `cat`/`zcat < file | wc -l` on 10M lines (858 MB), Mac OS X.
pub fn seed_002(
    codec: &str,
    compression: &str,
    medium: encbench_record::Medium,
) -> Option<SeedReference> {
    use encbench_record::Medium;
    if codec != "lines/shell" {
        return None;
    }
    let cold = matches!(medium, Medium::FileCold | Medium::FileColdUnverified);
    let s = match (compression, cold) {
        ("none", true) => 23.0,
        ("none", false) => 1.0,
        (c, true) if c.starts_with("gzip") => 6.0,
        (c, false) if c.starts_with("gzip") => 5.0,
        _ => return None,
    };
    Some(SeedReference {
        items: Some(SEED_002_LINES),
        ..reference(
            "002",
            s,
            "s",
            "cat/zcat < file | wc -l, 858 MB log, Mac OS X (purge for cold)",
        )
    })
}

/// Seed 001's published ops/s for reading N items back (first table: text
/// into strings; second: text parsed into bytes; both with the .NET binary serializer).
pub fn seed_001(codec: &str, n: usize) -> Option<SeedReference> {
    // (text strings, binary), (text parsed, binary) per N, as published.
    const TABLE: [(usize, f64, f64, f64, f64); 24] = [
        (100, 14.03, 9.07, 11.20, 11.06),
        (200, 12.54, 11.07, 8.55, 10.94),
        (300, 10.37, 10.92, 6.67, 11.02),
        (400, 9.69, 11.06, 5.60, 11.03),
        (500, 8.62, 10.90, 4.84, 11.00),
        (600, 7.64, 10.93, 4.21, 11.07),
        (700, 7.01, 11.17, 3.76, 11.00),
        (800, 6.51, 11.13, 3.41, 10.96),
        (900, 6.15, 10.91, 3.12, 10.95),
        (1000, 6.04, 10.85, 2.89, 10.95),
        (2000, 3.61, 10.83, 1.61, 10.78),
        (3000, 2.54, 10.65, 1.11, 10.64),
        (4000, 1.99, 10.49, 0.86, 10.14),
        (5000, 1.55, 9.53, 0.68, 9.61),
        (6000, 1.31, 8.16, 0.57, 7.87),
        (7000, 1.14, 8.25, 0.50, 9.45),
        (8000, 0.97, 9.24, 0.43, 8.08),
        (9000, 0.89, 8.04, 0.38, 8.03),
        (10000, 0.71, 9.28, 0.33, 8.09),
        (11000, 0.66, 9.12, 0.30, 9.31),
        (12000, 0.61, 9.19, 0.28, 9.35),
        (13000, 0.57, 8.85, 0.26, 9.24),
        (14000, 0.53, 9.07, 0.24, 9.14),
        (15000, 0.50, 8.99, 0.23, 8.99),
    ];
    let row = TABLE.iter().find(|r| r.0 == n)?;
    let (value, what) = match codec {
        "text/csv-strings" => (row.1, "text read into a string array"),
        "binary/length-prefixed" => (row.2, "binary serializer (first table)"),
        "text/csv-bytes" => (row.3, "text parsed into bytes"),
        "binary/bincode" => (row.4, "binary serializer (second table)"),
        _ => return None,
    };
    Some(reference(
        "001",
        value,
        "ops/s",
        &format!("{what}; .NET, file read back 25,000 times, ops/s as published"),
    ))
}

/// Seed 004: Erlang/OTP megaco's published averages over the 149 messages,
/// by encoding (`pretty`, `compact`, `ber`, `per`, `ber-native`,
/// `per-native`): µs per message to encode and to decode, and the mean size
/// in bytes where published.
pub const SEED_004_ERLANG: [(&str, f64, f64, Option<u32>); 6] = [
    ("pretty", 5.0, 12.0, Some(336)),
    ("compact", 4.0, 10.0, Some(181)),
    ("ber", 6.0, 6.0, Some(165)),
    ("per", 6.0, 6.0, Some(91)),
    ("ber-native", 4.0, 3.0, None),
    ("per-native", 4.0, 3.0, None),
];

/// Seed 004's figure for a row: codec `megaco/<encoding>` or
/// `megaco/<encoding>-tape` (ours) or `megaco/erlang-<encoding>` (Erlang's,
/// measured here) gets Erlang's
/// published µs per message for that encoding and operation
/// (decode-then-encode: the sum of the two).
pub fn seed_004(codec: &str, operation: &str) -> Option<SeedReference> {
    let rest = codec.strip_prefix("megaco/")?;
    let rest = rest.strip_prefix("erlang-").unwrap_or(rest);
    // Our tape codecs answer the same question as our rasn ones.
    let encoding = rest.strip_suffix("-tape").unwrap_or(rest);
    let &(_, enc, dec, size) = SEED_004_ERLANG.iter().find(|row| row.0 == encoding)?;
    let (us, how) = match operation {
        "encode" => (enc, "encode"),
        "decode" => (dec, "decode"),
        "decode-then-encode" => (enc + dec, "decode + encode (sum of the published figures)"),
        _ => return None,
    };
    let size = size.map(|b| format!(", {b} B")).unwrap_or_default();
    Some(reference(
        "004",
        us,
        "µs/msg",
        &format!("Erlang/OTP megaco {encoding} {how}{size}; published mean over the 149 messages, as quoted by seed 004"),
    ))
}

/// Seed 004's row for one of our codecs (`megaco/ber` → `ber`; none for
/// Erlang's own rows, measured here, or our tape codecs), for ratios.
fn seed_004_row(codec: &str) -> Option<&'static (&'static str, f64, f64, Option<u32>)> {
    let encoding = codec.strip_prefix("megaco/")?;
    if encoding.starts_with("erlang-") {
        return None;
    }
    SEED_004_ERLANG.iter().find(|row| row.0 == encoding)
}

/// Erlang's published time ratio `a` ÷ `b` for `op`, when it published both.
pub(crate) fn seed_004_time_ratio(a: &str, b: &str, op: &str) -> Option<f64> {
    let (x, y) = (seed_004_row(a)?, seed_004_row(b)?);
    match op {
        "encode" => Some(x.1 / y.1),
        "decode" => Some(x.2 / y.2),
        _ => None,
    }
}

/// Erlang's published size ratio `a` ÷ `b`, when it published both sizes.
pub(crate) fn seed_004_size_ratio(a: &str, b: &str) -> Option<f64> {
    Some(f64::from(seed_004_row(a)?.3?) / f64::from(seed_004_row(b)?.3?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every published figure, and every ratio of two figures of one seed.
    fn figures() -> Vec<f64> {
        let mut f: Vec<f64> = SEED_000.iter().map(|r| r.1).collect();
        let s003: Vec<f64> = SEED_003.iter().map(|r| r.1).collect();
        for set in [f.clone(), s003.clone()] {
            for a in &set {
                f.extend(set.iter().map(|b| a / b));
            }
        }
        f.extend(s003);
        f.extend([SEED_003_WKB.0, SEED_003_WKB.1, SEED_003_WKB.2]);
        let s002: Vec<f64> = [
            ("none", true),
            ("none", false),
            ("gzip", true),
            ("gzip", false),
        ]
        .iter()
        .filter_map(|&(c, cold)| seed_002_ratio((c, cold), ("none", false)))
        .collect();
        for a in &s002 {
            f.extend(s002.iter().map(|b| a / b));
        }
        for n in (100..=1000)
            .step_by(100)
            .chain((2000..=15000).step_by(1000))
        {
            for codec in [
                "text/csv-strings",
                "binary/length-prefixed",
                "text/csv-bytes",
                "binary/bincode",
            ] {
                f.extend(seed_001(codec, n).map(|s| s.value));
            }
        }
        for row in SEED_004_ERLANG {
            f.extend([row.1, row.2]);
            f.extend(row.3.map(f64::from));
        }
        f
    }

    /// `code` without its `#[cfg(test)]` items (a `mod x;` line, or a
    /// braced item up to its closing brace), wherever they are in the file.
    fn without_tests(code: &str) -> String {
        let mut out = String::new();
        let mut rest = code;
        while let Some(at) = rest.find("#[cfg(test)]") {
            out.push_str(&rest[..at]);
            let item = &rest[at..];
            let (semi, brace) = (item.find(';'), item.find('{'));
            let end = match (semi, brace) {
                (Some(s), b) if b.is_none_or(|b| s < b) => s + 1,
                (_, Some(b)) => {
                    let mut depth = 0usize;
                    let mut end = item.len();
                    for (i, c) in item[b..].char_indices() {
                        match c {
                            '{' => depth += 1,
                            '}' => {
                                depth -= 1;
                                if depth == 0 {
                                    end = b + i + 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    end
                }
                _ => item.len(),
            };
            rest = &item[end..];
        }
        out.push_str(rest);
        out
    }

    /// Every Rust source of the workspace's libraries and binary (test
    /// files and folders left out).
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(name.as_str(), "tests" | "target" | "generated") {
                    sources(&path, out);
                }
            } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
                out.push(path);
            }
        }
    }

    /// Numbers written in `code` (comments and tests left out), as text.
    fn numbers(code: &str) -> Vec<String> {
        let code = without_tests(code);
        let code = code.as_str();
        let mut out = Vec::new();
        // A line may say it holds no seed figure (a colour, a pixel offset).
        for line in code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//") && !l.contains("not a seed figure"))
        {
            let bytes = line.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let starts = bytes[i].is_ascii_digit()
                    && (i == 0
                        || !(bytes[i - 1].is_ascii_alphanumeric()
                            || b"._".contains(&bytes[i - 1])));
                if !starts {
                    i += 1;
                    continue;
                }
                let begin = i;
                while i < bytes.len()
                    && (bytes[i].is_ascii_digit()
                        || bytes[i] == b'_'
                        || (bytes[i] == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
                {
                    i += 1;
                }
                if i < bytes.len() && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'.') {
                    continue; // a version, an IP, a suffixed literal: not a figure
                }
                out.push(line[begin..i].replace('_', ""));
            }
        }
        out
    }

    /// Digits that carry meaning in a written number: `10.8` has 3, `45.0` 2, `0.5` 1.
    fn significant_digits(text: &str) -> usize {
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        let digits = digits.trim_start_matches('0');
        let digits = if text.contains('.') {
            digits.trim_end_matches('0')
        } else {
            digits
        };
        digits.len()
    }

    #[test]
    fn seed_figures_live_only_in_this_table() {
        let figures = figures();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        sources(&root.join("src"), &mut files);
        // The crates that compute, judge or print results (the codecs'
        // generated tables and the protocol crates hold numbers of their own).
        for krate in [
            "scenarios",
            "report",
            "record",
            "format",
            "userdata",
            "measure",
            "store",
            "workers",
        ] {
            sources(&root.join("crates").join(krate).join("src"), &mut files);
        }
        assert!(
            files.len() > 80,
            "the scan found only {} files",
            files.len()
        );
        let mut found = Vec::new();
        for path in files {
            if path.ends_with("scenarios/src/seeds.rs") {
                continue;
            }
            let code = std::fs::read_to_string(&path).unwrap();
            for n in numbers(&code) {
                let Ok(v) = n.parse::<f64>() else { continue };
                let distinctive = v >= 20.0 || significant_digits(&n) >= 3;
                if distinctive && figures.iter().any(|f| (f - v).abs() <= f.abs() * 1e-3) {
                    found.push(format!("{}: {n}", path.display()));
                }
            }
        }
        assert!(found.is_empty(), "seed figures outside seeds.rs: {found:?}");
    }

    #[test]
    fn the_figure_scan_finds_a_copied_figure() {
        let copied = "let seed = Some(240.0); // 6 s ÷ 25 ms\nlet x = 1_000_000;";
        assert_eq!(numbers(copied), ["240.0", "6", "25", "1000000"]);
        assert!(figures().contains(&240.0));
        assert_eq!(significant_digits("10.8"), 3);
        assert_eq!(significant_digits("45.0"), 2);
        assert_eq!(numbers("v1.2.3 and 1.5e3 and 10.8"), ["10.8"]);
        // Test items are skipped wherever they sit; code after them is read.
        let mixed = "let a = 1;\n#[cfg(test)]\nmod tests { fn t() { let x = { 240 }; } }\nlet b = 391;\n#[cfg(test)]\nmod more;\nlet c = 5235;";
        assert_eq!(numbers(mixed), ["1", "391", "5235"]);
    }

    #[test]
    fn seed_004_ratios_come_from_the_published_table() {
        let (pretty, compact) = (SEED_004_ERLANG[0], SEED_004_ERLANG[1]);
        assert_eq!(
            seed_004_time_ratio("megaco/compact", "megaco/pretty", "decode"),
            Some(compact.2 / pretty.2)
        );
        assert_eq!(
            seed_004_time_ratio("megaco/compact", "megaco/pretty", "encode"),
            Some(compact.1 / pretty.1)
        );
        assert_eq!(
            seed_004_time_ratio("megaco/compact", "megaco/ber", "decode"),
            Some(10.0 / 6.0)
        );
        assert_eq!(
            seed_004_size_ratio("megaco/compact", "megaco/per"),
            Some(181.0 / 91.0)
        );
        // Erlang's rows are measured here, not published; cbor has no row;
        // the native encodings have no published size.
        assert_eq!(
            seed_004_time_ratio("megaco/ber", "megaco/erlang-ber", "decode"),
            None
        );
        assert_eq!(
            seed_004_time_ratio("megaco/compact", "megaco/cbor", "decode"),
            None
        );
        assert_eq!(seed_004_size_ratio("megaco/ber", "megaco/ber-native"), None);
        // The tape codecs show Erlang's BER figure in the seed column but
        // take part in no published ratio.
        assert_eq!(
            seed_004("megaco/ber-tape", "decode").map(|s| s.value),
            Some(6.0)
        );
        assert_eq!(
            seed_004_time_ratio("megaco/ber-tape", "megaco/ber", "decode"),
            None
        );
        assert_eq!(
            seed_004_time_ratio("megaco/ber", "megaco/per", "bogus"),
            None
        );
    }
}
