use crate::corpus::{self, Op};
use crate::targets::{decoder_crate, jobs, Verdict};
use crate::worker::corpus as job_corpus;
use crate::{Outcome, Size};
use std::panic::{catch_unwind, AssertUnwindSafe};

#[test]
fn our_decoders_reject_the_malformed_corpus_without_panicking() {
    let ours: Vec<_> = jobs(Size::Quick)
        .into_iter()
        .filter(|j| j.decoder_crate == "encbench")
        .collect();
    assert!(
        ours.len() >= 9,
        "int64, wkb and byte-array decoders expected"
    );
    for job in ours {
        let target = (job.build)().expect("seeds encode");
        let inputs = job_corpus(job.codec, &job.dataset, target.seeds(), Size::Quick);
        let mut errors = 0;
        for input in &inputs {
            let bytes = input.bytes(target.seeds());
            let verdict = catch_unwind(AssertUnwindSafe(|| target.decode(&bytes, input.origin)));
            let Ok(verdict) = verdict else {
                panic!("{} panicked on {}", job.codec, input.describe());
            };
            if input.op == Op::Original {
                assert_eq!(verdict, Verdict::Equal, "{} on its own seed", job.codec);
            }
            errors += usize::from(verdict == Verdict::Error);
        }
        assert!(errors > 0, "{} rejected nothing", job.codec);
    }
}

#[test]
fn every_job_names_the_crate_that_decodes() {
    for job in jobs(Size::Quick) {
        assert_ne!(
            job.decoder_crate, "unknown",
            "{}: name the library that decodes it in its registry entry (`decoder = …`)",
            job.codec
        );
    }
    assert_eq!(decoder_crate("wkb/slice"), "encbench");
    assert_eq!(decoder_crate("record/parquet"), "parquet");
    assert_eq!(decoder_crate("megaco/compact"), "encbench");
    assert_eq!(decoder_crate("bgp/mrt"), "encbench");
    assert_eq!(decoder_crate("bgp/cbor"), "ciborium");
}

#[test]
fn the_corpus_is_deterministic_and_cuts_small_messages_everywhere() {
    let seeds = vec![b"hello, world".to_vec(), vec![0u8; 2000]];
    let a = corpus::generate(&seeds, 42, 800);
    assert_eq!(a, corpus::generate(&seeds, 42, 800));
    assert_ne!(a, corpus::generate(&seeds, 43, 800));
    for n in 0..seeds[0].len() {
        assert!(a
            .iter()
            .any(|i| i.origin == Some(0) && i.op == Op::Truncate(n)));
    }
    // A large seed gets a sample of cuts, not all 2000.
    let cuts = a
        .iter()
        .filter(|i| i.origin == Some(1) && matches!(i.op, Op::Truncate(_)))
        .count();
    assert!((16..2000).contains(&cuts), "{cuts}");
    assert!(a.len() < 1200, "{} inputs for a target of 800", a.len());
    for input in &a {
        let bytes = input.bytes(&seeds);
        if let Op::Truncate(n) = input.op {
            assert_eq!(bytes.len(), n);
        }
        assert!(!input.describe().is_empty());
    }
}

#[test]
fn mutations_do_what_they_say() {
    let seeds = vec![vec![0x10, 0x20, 0x30, 0x40]];
    let make = |op| {
        corpus::Input {
            origin: Some(0),
            op,
        }
        .bytes(&seeds)
    };
    assert_eq!(make(Op::FlipBit(9)), [0x10, 0x22, 0x30, 0x40]);
    assert_eq!(make(Op::Replace(3, 0xff)), [0x10, 0x20, 0x30, 0xff]);
    assert_eq!(make(Op::Delete(0)), [0x20, 0x30, 0x40]);
    let huge = |width, style| {
        make(Op::Huge {
            at: 1,
            width,
            style,
        })
    };
    assert_eq!(huge(2, 0), [0x10, 0xff, 0xff, 0x40]);
    assert_eq!(huge(2, 1), [0x10, 0x7f, 0xff, 0x40]);
    assert_eq!(huge(2, 2), [0x10, 0xff, 0x7f, 0x40]);
    // A window past the end is clipped, never a panic.
    assert_eq!(huge(8, 0), [0x10, 0xff, 0xff, 0xff]);
}

#[test]
fn nested_bson_lengths_add_up() {
    for i in 0..corpus::HOSTILE_COUNT {
        let bytes = corpus::hostile(i);
        if bytes.len() > 8 && bytes[4] == 0x03 && bytes[5] == b'a' {
            let outer = i32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            assert_eq!(outer as usize, bytes.len());
            let inner = i32::from_le_bytes([bytes[7], bytes[8], bytes[9], bytes[10]]);
            assert_eq!(inner as usize, bytes.len() - 8);
            return;
        }
    }
    panic!("no nested BSON among the fixed inputs");
}

#[test]
fn outcomes_round_trip_their_names() {
    for o in Outcome::ALL {
        assert_eq!(Outcome::parse(o.as_str()), Some(o));
        assert_eq!(Outcome::ALL[o as usize], o);
    }
    assert_eq!(crate::empty_tally().len(), 7);
}

#[test]
fn bgp_update_mrt_and_table_decoders_are_attacked() {
    let all = jobs(Size::Quick);
    for id in [
        "bgp/update",
        "bgp/update-as2",
        "bgp/mrt",
        "bgp/wire",
        "bgp/text-bgpdump",
        "bgp/json-exabgp",
        "bgp/cbor",
    ] {
        let job = all
            .iter()
            .find(|j| j.codec == id)
            .unwrap_or_else(|| panic!("{id} is not registered"));
        let target = (job.build)().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(target.seeds().len() >= 2, "{id}");
        for (i, seed) in target.seeds().iter().enumerate() {
            assert_eq!(
                target.decode(seed, Some(i)),
                Verdict::Equal,
                "{id} seed {i}"
            );
            if seed.is_empty() {
                continue;
            }
            let cut = &seed[..seed.len() / 2];
            assert_ne!(
                target.decode(cut, Some(i)),
                Verdict::Equal,
                "{id} half of seed {i}"
            );
        }
    }
}

#[test]
fn simd_int_parsers_match_the_scalar_loop_on_the_whole_corpus() {
    use encbench_codecs::intfile::simd::Isa;
    use encbench_codecs::intfile::text::hand_rolled_sum;
    let job = jobs(Size::Quick)
        .into_iter()
        .find(|j| j.codec == "text/hand-rolled")
        .expect("the scalar loop is attacked");
    let target = (job.build)().expect("seeds encode");
    let inputs = job_corpus(job.codec, &job.dataset, target.seeds(), Size::Quick);
    let isas: Vec<Isa> = Isa::ALL
        .into_iter()
        .filter(|i| i.available().is_ok())
        .collect();
    for input in &inputs {
        let bytes = input.bytes(target.seeds());
        let want = hand_rolled_sum(&bytes);
        for isa in &isas {
            assert_eq!(
                isa.sum(&bytes),
                Some(want.clone()),
                "{isa:?} on {}",
                input.describe()
            );
        }
    }
}
