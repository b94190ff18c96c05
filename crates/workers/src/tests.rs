use super::*;

fn start(kind: Kind) -> Option<(Worker, Hello)> {
    match Worker::start(kind) {
        Ok(w) => Some(w),
        Err(why) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI has every toolchain, yet: {why}"
            );
            eprintln!("skipping {}: {why}", kind.language());
            None
        }
    }
}

/// Little-endian i64s, as the int-codecs scenario writes them.
fn i64_file(dir: &std::path::Path, values: &[i64]) -> PathBuf {
    let path = dir.join("values.i64");
    std::fs::write(
        &path,
        values
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    path
}

/// Byte vectors every language must produce for these values: -2, 1, 150, -1.
const VALUES: [i64; 4] = [-2, 1, 150, -1];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_worker_greets_and_names_its_language() {
    for kind in [Kind::C, Kind::Go, Kind::Python, Kind::Erlang] {
        let Some((_, hello)) = start(kind) else {
            continue;
        };
        assert_eq!(hello.language, kind.language());
        assert!(!hello.runtime.is_empty());
        assert!(!hello.codecs.is_empty());
    }
}

#[test]
fn value_codecs_match_the_shared_byte_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let input = i64_file(dir.path(), &VALUES);
    let le: Vec<String> = VALUES.iter().map(|v| hex(&v.to_le_bytes())).collect();
    let decimal: Vec<String> = VALUES
        .iter()
        .map(|v| hex(v.to_string().as_bytes()))
        .collect();
    let varint = ["03", "02", "ac02", "01"].map(String::from).to_vec();
    let cases: [(Kind, &str, &Vec<String>); 6] = [
        (Kind::Go, "go/binary-write", &le),
        (Kind::Go, "go/put-uint64", &le),
        (Kind::Go, "go/strconv", &decimal),
        (Kind::Go, "go/put-varint", &varint),
        (Kind::Python, "python/struct", &le),
        (Kind::Python, "python/str-int", &decimal),
    ];
    for (kind, codec, expected) in cases {
        let Some((mut w, _)) = start(kind) else {
            continue;
        };
        let reply = w.prepare(codec, &input, "i64-le").unwrap();
        let got: Vec<String> = encodings(&reply).unwrap().iter().map(|b| hex(b)).collect();
        assert_eq!(&got, expected, "{codec}");
        assert!(w.run(100).unwrap() > Duration::ZERO);
    }
}

#[test]
fn every_value_codec_returns_every_value_it_decoded() {
    let dir = tempfile::tempdir().unwrap();
    // More than the 16 values the protocol once sampled: all must come back.
    let values: Vec<i64> = (0..40).map(|i| (i - 20) * 1_000_003_i64.pow(2)).collect();
    let input = i64_file(dir.path(), &values);
    for kind in [Kind::Go, Kind::Python] {
        let Some((mut w, hello)) = start(kind) else {
            continue;
        };
        for codec in hello.codecs.iter().filter(|c| !c.contains("wkb")) {
            let Ok(reply) = w.prepare(codec, &input, "i64-le") else {
                continue; // a whole-file reader: other formats
            };
            assert_eq!(decoded_values(&reply).unwrap(), values, "{codec}");
            assert_eq!(encodings(&reply).unwrap().len(), values.len(), "{codec}");
        }
    }
}

#[test]
fn decoded_values_must_be_decimal_strings() {
    assert_eq!(
        decoded_values(&json!({"decoded": ["-9223372036854775808", "7"]})).unwrap(),
        vec![i64::MIN, 7]
    );
    let err = decoded_values(&json!({"decoded": ["1", 2]})).unwrap_err();
    assert!(err.contains("decoded value 1"), "{err}");
    assert!(decoded_values(&json!({})).is_err());
}

#[test]
fn c_and_python_file_readers_return_the_sum() {
    let dir = tempfile::tempdir().unwrap();
    let values: Vec<i32> = (0..25_000).map(|i| (i * 7919) % 1_000_000).collect();
    let sum: i64 = values.iter().map(|v| i64::from(*v)).sum();
    let text = dir.path().join("ints.txt");
    let bin = dir.path().join("ints.bin");
    let fixed = dir.path().join("ints.fixed7");
    std::fs::write(
        &text,
        values.iter().map(|v| format!("{v}\n")).collect::<String>(),
    )
    .unwrap();
    std::fs::write(
        &bin,
        values
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    std::fs::write(
        &fixed,
        values
            .iter()
            .map(|v| format!("{v:>6}\n"))
            .collect::<String>(),
    )
    .unwrap();
    let cases = [
        (Kind::C, "c/fscanf", &text, "text-lines"),
        (Kind::C, "c/read-per-int", &bin, "i32-le"),
        (Kind::C, "c/read-chunked", &bin, "i32-le"),
        (Kind::C, "c/fread", &bin, "i32-le"),
        (Kind::C, "c/atoi-fixed", &fixed, "text-fixed7"),
        (Kind::C, "c/hand-rolled", &fixed, "text-fixed7"),
        (Kind::Python, "python/int-lines", &text, "text-lines"),
        (Kind::Python, "python/struct-unpack", &bin, "i32-le"),
    ];
    for (kind, codec, path, format) in cases {
        let Some((mut w, _)) = start(kind) else {
            continue;
        };
        let reply = w
            .prepare(codec, path, format)
            .unwrap_or_else(|e| panic!("{codec}: {e}"));
        assert_eq!(reply["check"], json!(sum.to_string()), "{codec}");
        assert!(w.run(2).unwrap() > Duration::ZERO);
    }
}

#[test]
fn bad_requests_are_errors_not_hangs() {
    for kind in [Kind::C, Kind::Go, Kind::Python, Kind::Erlang] {
        let Some((mut w, _)) = start(kind) else {
            continue;
        };
        let err = w
            .prepare(
                "nope/nothing",
                std::path::Path::new("/nonexistent"),
                "i64-le",
            )
            .unwrap_err();
        assert!(err.contains("unknown codec"), "{}: {err}", kind.language());
        let err = w.run(1).unwrap_err();
        assert!(err.contains("prepared"), "{}: {err}", kind.language());
        let err = w.request(&json!({"op": "dance"})).unwrap_err();
        assert!(err.contains("unknown op"), "{}: {err}", kind.language());
    }
}

#[test]
fn encodings_rejects_bad_hex() {
    assert_eq!(
        encodings(&json!({"encoded_hex": ["00ff"]})).unwrap(),
        vec![vec![0, 255]]
    );
    assert!(encodings(&json!({"encoded_hex": ["0"]})).is_err());
    assert!(encodings(&json!({"encoded_hex": ["zz"]})).is_err());
    assert!(encodings(&json!({})).is_err());
}

/// One pretty-text Megaco message (a restart ServiceChange) in the form
/// upstream's time_test.msgs uses.
const MEGACO_MSGS: &str = concat!(
    r#"{pretty, [{sc1, <<"MEGACO/1 [124.124.124.222]:55555\nTransaction = 9998 {\n"#,
    r#"\tContext = - {\n\t\tServiceChange = ROOT {\n\t\t\tServices {\n"#,
    r#"\t\t\t\tMethod = Restart,\n\t\t\t\tServiceChangeAddress = 55555,\n"#,
    r#"\t\t\t\tReason = 901,\n\t\t\t\tProfile = ResGW/1\n\t\t\t}\n\t\t}\n\t}\n}\n">>}]}."#,
    "\n"
);

#[test]
fn erlang_worker_runs_megacos_codecs() {
    let Some((mut w, hello)) = start(Kind::Erlang) else {
        return;
    };
    assert_eq!(hello.language, "erlang");
    assert!(
        hello.runtime.starts_with("Erlang/OTP "),
        "{}",
        hello.runtime
    );
    assert_eq!(hello.codecs.len(), 12);
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("one.msgs");
    std::fs::write(&input, MEGACO_MSGS).unwrap();
    // Known answers: megaco 4.4.2's BER and PER of that message.
    let ber = "305BA159800101A10DA00B80047C7C7CDE810300D903A245A143A0418002270EA13B3039800100A3343032A030A72EA00E300CA0008108FFFFFFFFFFFFFFFFA11C800103A105800300D903A309800772657367772F31A4050403393031";
    let per = "00847C7C7CDED903800104270E010000010E010000E0FFFFFFFFFFFFFFFF5030D9030C72657367772F310103393031";
    for (codec, want) in [
        ("megaco/erlang-ber-decode", Some(ber)),
        ("megaco/erlang-ber-native-encode", Some(ber)),
        ("megaco/erlang-per-encode", Some(per)),
        ("megaco/erlang-per-native-decode", Some(per)),
        ("megaco/erlang-pretty-decode", None),
        ("megaco/erlang-compact-encode", None),
    ] {
        let reply = w.prepare(codec, &input, "megaco-msgs").unwrap();
        let encoded = encodings(&reply).unwrap();
        assert_eq!(encoded.len(), 1, "{codec}");
        if let Some(want) = want {
            assert_eq!(hex(&encoded[0]), want.to_ascii_lowercase(), "{codec}");
        }
        assert!(w.run(3).unwrap() > Duration::ZERO, "{codec}");
    }
    let compact = w
        .prepare("megaco/erlang-compact-decode", &input, "megaco-msgs")
        .unwrap();
    let text = String::from_utf8(encodings(&compact).unwrap().remove(0)).unwrap();
    assert!(text.starts_with("!/1 [124.124.124.222]:55555"), "{text}");
    let err = w
        .prepare(
            "megaco/erlang-ber-encode",
            &dir.path().join("none"),
            "megaco-msgs",
        )
        .unwrap_err();
    assert!(err.ends_with("none: enoent"), "{err}");
}

/// A PATH holding only what `programs` name (linked from the real PATH).
fn path_with_only(dir: &std::path::Path, programs: &[&str]) -> std::ffi::OsString {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let real = std::env::var_os("PATH");
    for p in programs {
        if let Some(found) = cache::which_in(p, real.as_ref()) {
            std::os::unix::fs::symlink(found, bin.join(p)).unwrap();
        }
    }
    bin.into_os_string()
}

#[test]
fn a_worker_builds_into_an_empty_cache_once_and_then_runs_from_it() {
    let cache_dir = tempfile::tempdir().unwrap();
    let path = std::env::var_os("PATH");
    let mut recipes = vec![&cache::C, &cache::JAVA_RECORDS];
    if cache::which_in("go", path.as_ref()).is_some() {
        recipes.push(&cache::GO_RECORDS);
    }
    for recipe in recipes {
        if let Some(why) = recipe.missing(path.as_ref()) {
            assert!(std::env::var_os("CI").is_none(), "CI lacks: {why}");
            eprintln!("skipping: {why}");
            continue;
        }
        // What an interrupted build left: a process id that is not running.
        let entry_name = recipe.entry(cache_dir.path());
        let abandoned = cache_dir.path().join("workers").join(format!(
            ".{}.building-4294967295",
            entry_name.file_name().unwrap().to_string_lossy()
        ));
        std::fs::create_dir_all(abandoned.join("workers")).unwrap();
        let mut said = Vec::new();
        let entry = recipe
            .ensure(cache_dir.path(), path.as_ref(), &mut |l| {
                said.push(l.to_string())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", recipe.name));
        assert!(entry.starts_with(cache_dir.path().join("workers")));
        assert!(entry.join(recipe.product).is_file(), "{}", recipe.name);
        assert_eq!(said.len(), 1, "one progress line: {said:?}");
        assert!(said[0].contains("first use"), "{said:?}");
        // Built once: the second call finds it and says nothing.
        let again = recipe
            .ensure(cache_dir.path(), path.as_ref(), &mut |l| {
                said.push(l.to_string())
            })
            .unwrap();
        assert_eq!(again, entry);
        assert_eq!(said.len(), 1);
        // No half-built directory is left beside it.
        let leftovers: Vec<_> = std::fs::read_dir(cache_dir.path().join("workers"))
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".building-"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
        // The built worker runs from the cache, far from the checkout.
        let program = entry.join(recipe.product);
        let mut cmd = match recipe.name {
            "java-records" => {
                let mut cmd = Command::new("java");
                cmd.arg("-jar").arg(&program);
                cmd
            }
            _ => Command::new(&program),
        };
        cmd.env("ENCBENCH_ROOT", &entry)
            .current_dir(cache_dir.path());
        let (_, hello) = Worker::spawn(cmd, recipe.name).unwrap();
        assert!(!hello.codecs.is_empty(), "{}: {hello:?}", recipe.name);
    }
}

#[test]
fn a_missing_toolchain_skips_in_one_line_saying_what_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let bare = path_with_only(dir.path(), &[]);
    let java = cache::JAVA_RECORDS
        .ensure(dir.path(), Some(&bare), &mut |l| {
            panic!("no build expected: {l}")
        })
        .unwrap_err();
    assert_eq!(java.lines().count(), 1, "{java}");
    assert_eq!(
        java,
        "the Java record worker skipped: `java` not found; install a JDK 17+ and Maven (the run's closing notes say how)"
    );
    // The commands, per platform, come once for everything missing.
    let line = cache::install_line(&["java", "mvn", "python3"]).unwrap();
    assert!(
        line.contains("Debian/Ubuntu: sudo apt install default-jdk-headless maven python3-venv;"),
        "{line}"
    );
    assert!(
        line.contains("macOS: brew install openjdk maven python"),
        "{line}"
    );
    assert_eq!(cache::install_line(&["unknown-tool"]), None);
    // Java without Maven: the build says which is missing.
    let only_java = path_with_only(&dir.path().join("j"), &["java"]);
    if cache::which_in("java", std::env::var_os("PATH").as_ref()).is_some() {
        let why = cache::JAVA_RECORDS
            .ensure(dir.path(), Some(&only_java), &mut |_| {})
            .unwrap_err();
        assert!(why.contains("`mvn` not found"), "{why}");
    }
    let python = cache::PYTHON_RECORDS
        .ensure(dir.path(), Some(&bare), &mut |_| {})
        .unwrap_err();
    assert!(
        python.contains("`python3` not found; install Python 3.10+ with its venv module ("),
        "{python}"
    );
    // Nothing was written for a build that could not start.
    assert!(!dir.path().join("workers").exists());
}
