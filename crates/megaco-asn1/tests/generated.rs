//! The committed tape tables and decoders are what `tools/gen_schema.py`
//! makes of Erlang/OTP's ASN.1 today. Runs where megaco's sources are
//! installed (Debian's `erlang-src`) and python3 exists; says so otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

fn asn1_dir() -> Option<PathBuf> {
    let lib = Path::new("/usr/lib/erlang/lib");
    std::fs::read_dir(lib)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path().join("src/binary"))
        .find(|dir| dir.join("MEDIA-GATEWAY-CONTROL-v1.asn").is_file())
}

#[test]
fn committed_tape_code_matches_its_generator() {
    let Some(asn1) = asn1_dir() else {
        assert!(std::env::var_os("CI").is_none(), "CI installs erlang-src");
        eprintln!("skipped: megaco's ASN.1 sources are not installed (Debian: erlang-src)");
        return;
    };
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = tempfile::tempdir().unwrap();
    for v in 1..=3 {
        let (schema, decode) = (
            out.path().join(format!("schema_v{v}.rs")),
            out.path().join(format!("decode_v{v}.rs")),
        );
        let status = Command::new("python3")
            .arg(crate_dir.join("tools/gen_schema.py"))
            .arg(asn1.join(format!("MEDIA-GATEWAY-CONTROL-v{v}.asn")))
            .arg(&schema)
            .arg(format!("V{v}"))
            .arg(&decode)
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("gen_schema.py failed for v{v}: {s}"),
            Err(e) => {
                assert!(std::env::var_os("CI").is_none(), "CI has python3: {e}");
                eprintln!("skipped: python3 not runnable: {e}");
                return;
            }
        }
        for made in [schema, decode] {
            let name = made.file_name().unwrap();
            let committed = std::fs::read_to_string(crate_dir.join("src/tape").join(name)).unwrap();
            assert!(
                std::fs::read_to_string(&made).unwrap() == committed,
                "src/tape/{} differs from the generator's output; run tools/regenerate.sh",
                name.to_string_lossy()
            );
        }
    }
}
