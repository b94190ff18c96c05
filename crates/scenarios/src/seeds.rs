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
        "text/fscanf" => (6000.0, "fscanf(\"%i\") loop"),
        "binary/read-per-int" => (12000.0, "read() per int, unoptimised (~6 s at -O2)"),
        "binary/read-chunked" => (25.0, "read() 10,000 ints at a time, -O2"),
        "binary/fread" => (1300.0, "fread() per int"),
        "text/atoi" => (1100.0, "atoi() over fixed-width text"),
        "text/hand-rolled" => (270.0, "hand-rolled digit loop"),
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
        "int64/serde-dyn-write" => (391.0, "Go encoding/binary.Write (reflection)"),
        "int64/le-bytes" => (3.05, "Go binary.LittleEndian.PutUint64"),
        "int64/decimal-alloc" | "int64/decimal-itoa" => (191.0, "Go strconv.Itoa / Atoi"),
        "int64/cbor-per-call" => (5235.0, "Go encoding/gob, new encoder per value"),
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
