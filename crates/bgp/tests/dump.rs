//! `bgpdump -m` output for the four shared MRT files equals bgpdump's own
//! expected text, byte for byte.

use encbench_bgp::dump::dump;
use encbench_bgp::mrt;
use std::io::Read;
use std::path::PathBuf;

fn data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/bgp");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: no ../shared/data/bgp beside the repository");
        None
    }
}

fn check(name: &str, lines: usize) {
    let Some(dir) = data() else { return };
    let mut reader = mrt::open(&dir.join(name)).expect("input opens");
    let mut got = Vec::new();
    let stats = dump(&mut reader, &mut got).expect("input decodes");
    let mut want = Vec::new();
    flate2::read::GzDecoder::new(
        std::fs::File::open(dir.join("expect").join(format!("{name}.bgp.gz")))
            .expect("expected file opens"),
    )
    .read_to_end(&mut want)
    .expect("expected file decompresses");
    assert_eq!(stats.lines as usize, lines);
    if got != want {
        let line = got
            .split(|&b| b == b'\n')
            .zip(want.split(|&b| b == b'\n'))
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name}: output differs from bgpdump at line {}:\n ours: {}\n want: {}",
            line + 1,
            String::from_utf8_lossy(got.split(|&b| b == b'\n').nth(line).unwrap_or_default()),
            String::from_utf8_lossy(want.split(|&b| b == b'\n').nth(line).unwrap_or_default())
        );
    }
}

#[test]
fn updates_2002_with_state_changes() {
    check("updates.20020722.2238.gz", 3_337);
}

#[test]
fn updates_2007_two_byte_messages() {
    check("updates.20070211.0141.gz", 53_657);
}

#[test]
fn updates_2016_as4_and_ipv6() {
    check("updates.20160811.1600.gz", 41_234);
}

#[test]
fn table_dump_2002() {
    check("bview.20020722.2337.gz", 115_521);
}

/// RouteViews ships `.bz2` files: a bzip2 copy of a shared file dumps the same.
#[test]
fn bzip2_input_dumps_like_gzip() {
    let Some(dir) = data() else { return };
    let name = "updates.20020722.2238.gz";
    let mut raw = Vec::new();
    flate2::read::MultiGzDecoder::new(std::fs::File::open(dir.join(name)).expect("opens"))
        .read_to_end(&mut raw)
        .expect("decompresses");
    let tmp = std::env::temp_dir().join(format!("encbench-bgp-{}.bz2", std::process::id()));
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    std::io::Write::write_all(&mut bz, &raw).expect("compresses");
    std::fs::write(&tmp, bz.finish().expect("compresses")).expect("writes");
    let mut reader = mrt::open(&tmp).expect("bz2 opens");
    assert_eq!(reader.compression(), Some("bzip2"));
    let mut got = Vec::new();
    let stats = dump(&mut reader, &mut got);
    let _ = std::fs::remove_file(&tmp);
    assert_eq!(stats.expect("bz2 decodes").lines, 3_337);
    let mut want = Vec::new();
    dump(&mut mrt::open(&dir.join(name)).expect("opens"), &mut want).expect("decodes");
    assert_eq!(got, want);
}

#[test]
fn zstd_and_xz_are_refused_by_name() {
    for (magic, name) in [
        (&b"\x28\xb5\x2f\xfd\0\0"[..], "zstd"),
        (b"\xfd7zXZ\0\0", "xz"),
    ] {
        let tmp = std::env::temp_dir().join(format!("encbench-bgp-{}.{name}", std::process::id()));
        std::fs::write(&tmp, magic).expect("writes");
        let err = mrt::open(&tmp).err().map(|e| e.to_string());
        let _ = std::fs::remove_file(&tmp);
        assert_eq!(
            err.as_deref(),
            Some(&*format!(
                "unsupported compression: {name} (decompress it first, or use gzip or bzip2)"
            ))
        );
    }
}
