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

/// Seed 000's machine, for notes.
pub const SEED_000_MACHINE: &str = "10,000,000 ints, low-end Pentium 4, FreeBSD 6";

/// Seed 000: total time in ms for 10M values, by codec id here.
pub fn seed_000(codec: &str) -> Option<SeedReference> {
    let (ms, what) = match codec {
        "text/fscanf" | "c/fscanf" => (6000.0, "fscanf(\"%i\") loop"),
        "binary/read-per-int" | "c/read-per-int" => {
            (12000.0, "read() per int, unoptimised (~6 s at -O2)")
        }
        "binary/read-chunked" | "c/read-chunked" => (25.0, "read() 10,000 ints at a time, -O2"),
        "binary/fread" | "c/fread" => (1300.0, "fread() per int"),
        "text/atoi" | "c/atoi-fixed" => (1100.0, "atoi() over fixed-width text"),
        "text/hand-rolled" | "c/hand-rolled" => (270.0, "hand-rolled digit loop"),
        _ => return None,
    };
    Some(SeedReference {
        items: Some(10_000_000),
        ..reference("000", ms, "ms", &format!("{what}; {SEED_000_MACHINE}"))
    })
}

/// Seed 003: Go ns/op for encode + decode of one int.
pub fn seed_003(codec: &str) -> Option<SeedReference> {
    let (ns, what) = match codec {
        "int64/serde-dyn-write" | "go/binary-write" => {
            (391.0, "Go encoding/binary.Write (reflection)")
        }
        "int64/le-bytes" | "go/put-uint64" => (3.05, "Go binary.LittleEndian.PutUint64"),
        "int64/decimal-alloc" | "int64/decimal-itoa" | "go/strconv" => {
            (191.0, "Go strconv.Itoa / Atoi")
        }
        "int64/cbor-per-call" | "go/gob" => (5235.0, "Go encoding/gob, new encoder per value"),
        _ => return None,
    };
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
        items: Some(10_000_000),
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
