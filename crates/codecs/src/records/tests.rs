//! Every record codec and view on every dataset: exact round trips, and
//! hostile bytes give an error or a value, never a panic or a hang.

use super::fixtures::{logs, orders, telemetry};
use super::{digest_of, Order};
use crate::matrix::MatrixRecord;
use crate::registry::{record_codecs, record_views};

fn check_all<R: MatrixRecord>(value: Vec<R>) {
    let mut encodings = Vec::new();
    for entry in record_codecs::<R>() {
        let Some(build) = entry.build else { continue };
        let codec = build();
        let id = entry.info.id;
        if !codec.applies() {
            continue;
        }
        let mut buf = Vec::new();
        codec
            .encode(&value, &mut buf)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(codec.decode(&buf).as_ref(), Ok(&value), "{id}");
        // Hostile bytes: an error or a value, never a panic (or a hang).
        for cut in (0..buf.len()).step_by(buf.len() / 40 + 1) {
            // Record-per-line formats may cut cleanly between records: a
            // prefix of the batch is then the honest answer, anything else is not.
            if let Ok(v) = codec.decode(&buf[..cut]) {
                assert!(
                    v.len() < value.len() && v[..] == value[..v.len()],
                    "{id}: cut at {cut} decoded to other records"
                );
            }
        }
        for i in (0..buf.len()).step_by(buf.len() / 40 + 1) {
            let mut flipped = buf.clone();
            flipped[i] ^= 0x5a;
            if let Ok(v) = codec.decode(&flipped) {
                let _ = v.len();
            }
        }
        encodings.push((id, buf));
    }
    let digest = digest_of(&value);
    for entry in record_views::<R>() {
        let Some(build) = entry.build else { continue };
        let view = build();
        let id = entry.info.id;
        let (_, bytes) = encodings
            .iter()
            .find(|(codec, _)| *codec == view.source())
            .unwrap_or_else(|| panic!("{id}: source {} not built", view.source()));
        assert_eq!(view.visit(bytes), Ok(digest), "{id}");
        if !view.validates() {
            continue; // trusts its input by design: never fed hostile bytes
        }
        for cut in (0..bytes.len()).step_by(bytes.len() / 40 + 1) {
            let _ = view.visit(&bytes[..cut]);
        }
        for i in (0..bytes.len()).step_by(bytes.len() / 40 + 1) {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0x5a;
            let _ = view.visit(&flipped);
        }
    }
}

#[test]
fn every_record_codec_round_trips_every_dataset_and_survives_bad_bytes() {
    check_all(logs());
    check_all(telemetry());
    check_all(orders());
    check_all(Vec::<Order>::new());
}

#[test]
fn the_digest_sees_every_field() {
    let base = orders();
    let mut changed = base.clone();
    changed[3].items[1].discount = Some(0.25);
    assert_ne!(digest_of(&base), digest_of(&changed));
    let mut changed = base.clone();
    changed[2].customer.tags.push(String::new());
    assert_ne!(digest_of(&base), digest_of(&changed));
    let mut t = telemetry();
    t[0].readings[1] = 0.0; // was -0.0: bit patterns differ
    assert_ne!(digest_of(&telemetry()), digest_of(&t));
}

/// The record workers' tests read these fixtures and Rust's bytes of them
/// from `workers/testdata/` without running Rust; this keeps the records
/// what the Rust fixtures are and each file one Rust reads back as them
/// (not byte for byte: an Avro container's sync marker is random).
/// `ENCBENCH_REGENERATE_FIXTURES=1` rewrites them all.
fn worker_fixtures_match<R: MatrixRecord>(name: &str, records: Vec<R>) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../workers/testdata");
    let regenerate = std::env::var_os("ENCBENCH_REGENERATE_FIXTURES").is_some();
    let advice = "rerun with ENCBENCH_REGENERATE_FIXTURES=1, then the workers' tests";
    let mut lines = Vec::new();
    for r in &records {
        serde_json::to_writer(&mut lines, r).expect("serialises");
        lines.push(b'\n');
    }
    let jsonl = root.join(format!("records-{name}.jsonl"));
    if regenerate {
        std::fs::write(&jsonl, &lines).expect("writes the fixture");
    }
    let found = std::fs::read(&jsonl).unwrap_or_default();
    assert!(
        found == lines,
        "{}: not the Rust fixtures; {advice}",
        jsonl.display()
    );
    for (format, id) in crate::registry::STANDARD_FORMATS {
        let Some(entry) = record_codecs::<R>().into_iter().find(|e| e.info.id == *id) else {
            continue;
        };
        let Some(build) = entry.build else { continue };
        let codec = build();
        let path = root.join("rust").join(name).join(format);
        if regenerate {
            let mut bytes = Vec::new();
            codec.encode(&records, &mut bytes).expect("encodes");
            std::fs::write(&path, &bytes).expect("writes the fixture");
        }
        let stored = std::fs::read(&path).unwrap_or_default();
        assert_eq!(
            codec.decode(&stored).as_ref(),
            Ok(&records),
            "{}: Rust's {id} does not read it back as the fixtures; {advice}",
            path.display()
        );
    }
}

#[test]
fn the_record_workers_fixtures_are_what_rust_writes() {
    worker_fixtures_match("logs", logs());
    worker_fixtures_match("telemetry", telemetry());
    worker_fixtures_match("orders", orders());
}
