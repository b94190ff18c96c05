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
