//! `file` on files as the tools people use write them: dates, timestamps
//! and decimals inside lists, structs and maps (pyarrow, fastavro), kept
//! typed in what `--convert` writes and checked by the format's own
//! reader; times of day, spans of time, bytes and UUIDs at the top level
//! likewise; CSV time stamps with the offsets pandas and DuckDB print.

mod common;

use common::{encbench, run_python, written_by_python, TINY};
use predicates::prelude::*;

/// Converts each `(input, format, output)` in `dir`, each read back and
/// compared row by row (identical, or identical but for a declared loss).
fn converts_identically(dir: &std::path::Path, conversions: &[(&str, &str, &str)]) {
    for (input, target, output) in conversions {
        encbench()
            .arg("file")
            .arg(dir.join(input))
            .args(["--convert", target, "-o"])
            .arg(dir.join(output))
            .assert()
            .success()
            .stdout(predicate::str::contains("compared row by row: identical"));
    }
}

/// Asserts that a reader's `printed` lines hold each of `expected`.
fn printed_all(printed: &str, expected: &[&str]) {
    for line in expected {
        assert!(printed.contains(line), "{line}\n{printed}");
    }
}

/// pyarrow's and fastavro's nested columns holding typed leaves.
const NESTED_LEAVES: &str = r#"
import datetime as dt, decimal as D, fastavro, pyarrow as pa, pyarrow.parquet as pq
n = 200
ts = dt.datetime(2024, 5, 1, 12, 30, 15, 123456)
t = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "at": pa.array([[ts + dt.timedelta(seconds=i), None] if i % 5 else [] for i in range(n)], pa.list_(pa.timestamp("us"))),
    "utc": pa.array([[ts.replace(tzinfo=dt.timezone.utc)]] * n, pa.list_(pa.timestamp("ms", tz="UTC"))),
    "s": pa.array([{"d": dt.date(2020, 1, 2) + dt.timedelta(days=i), "n": D.Decimal(i) / 100} if i % 7 else None for i in range(n)],
                  pa.struct([("d", pa.date32()), ("n", pa.decimal128(10, 2))])),
    "m": pa.array([[("k", dt.date(2021, 3, 4))]] * n, pa.map_(pa.string(), pa.date32())),
    "tm": pa.array([[dt.time(1, 2, 3, 456789), dt.time(23, 0)]] * n, pa.list_(pa.time64("us"))),
})
pq.write_table(t, "leaves.parquet")
# Nanoseconds (pandas' unit): whole microseconds are timestamps, finer ones text.
ns = pa.list_(pa.timestamp("ns"))
pq.write_table(pa.table({"whole": pa.array([[i * 1000] for i in range(n)], ns), "fine": pa.array([[i * 1000 + (i == 9)] for i in range(n)], ns)}), "ns.parquet")
schema = {"type": "record", "name": "R", "fields": [
    {"name": "id", "type": "long"},
    {"name": "ts", "type": {"type": "array", "items": {"type": "long", "logicalType": "timestamp-millis"}}},
    {"name": "rec", "type": {"type": "record", "name": "In", "fields": [
        {"name": "d", "type": {"type": "int", "logicalType": "date"}},
        {"name": "n", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}}]}},
    {"name": "m", "type": {"type": "map", "values": {"type": "int", "logicalType": "date"}}},
]}
records = [{"id": i, "ts": [dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(milliseconds=i)],
            "rec": {"d": dt.date(2020, 1, 2), "n": D.Decimal("-12.34")}, "m": {"a": dt.date(2021, 3, 4)}} for i in range(n)]
with open("leaves.avro", "wb") as f:
    fastavro.writer(f, fastavro.parse_schema(schema), records, codec="deflate")
print("written")
"#;

/// What pyarrow and fastavro read in the converted files.
const READ_BACK: &str = r#"
import decimal as D, fastavro, pyarrow as pa, pyarrow.parquet as pq
src = pq.read_table("leaves.parquet")
out = pq.read_table("from_parquet.parquet")
print("parquet:", out.schema.field("at").type, "|", out.schema.field("utc").type, "|", out.schema.field("s").type, "|", out.schema.field("m").type)
# The same values (the millisecond list now in microseconds).
assert out.column("utc").to_pylist() == src.column("utc").to_pylist()
assert out.column("at").to_pylist() == src.column("at").to_pylist()
assert out.column("s").to_pylist() == src.column("s").to_pylist()
assert out.column("m").to_pylist() == src.column("m").to_pylist()
assert out.column("tm").to_pylist() == src.column("tm").to_pylist()
print("times:", out.schema.field("tm").type)
with open("from_parquet.avro", "rb") as f:
    reader = fastavro.reader(f)
    rows = list(reader)
fields = {f["name"]: f["type"] for f in reader.writer_schema["fields"]}
print("avro:", fields["s"])
assert rows[1]["s"] == {"d": src.column("s")[1].as_py()["d"], "n": D.Decimal("0.01")}, rows[1]["s"]
assert rows[1]["at"][0] == src.column("at")[1].as_py()[0], rows[1]["at"]
a = pq.read_table("from_avro.parquet")
print("from avro:", a.schema.field("ts").type, "|", a.schema.field("rec").type, "|", a.schema.field("m").type)
assert a.column("rec")[0].as_py() == {"d": __import__("datetime").date(2020, 1, 2), "n": D.Decimal("-12.34")}
print("read back")
"#;

#[test]
fn dates_timestamps_and_decimals_inside_nested_values_keep_their_types() {
    let Some((python, dir)) = written_by_python(NESTED_LEAVES) else {
        return;
    };
    // The printed schema names the leaves' types.
    encbench()
        .arg("file")
        .arg(dir.path().join("leaves.parquet"))
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains("list<timestamp (UTC)>"))
        .stdout(predicate::str::contains(
            "struct<d: date, n: decimal(10, 2)>",
        ))
        .stdout(predicate::str::contains("map<string, date>"))
        .stdout(predicate::str::contains("list<time>"))
        .stdout(predicate::str::contains("carried as text").not());
    encbench()
        .arg("file")
        .arg(dir.path().join("ns.parquet"))
        .args(TINY)
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(r"whole +List\(Timestamp\(ns\).* json list<timestamp> ")
                .unwrap(),
        )
        .stdout(predicate::str::contains(
            "carried as text: fine (List(Timestamp(ns)",
        ));
    converts_identically(
        dir.path(),
        &[
            ("leaves.parquet", "parquet", "from_parquet.parquet"),
            ("leaves.parquet", "avro", "from_parquet.avro"),
            ("leaves.avro", "parquet", "from_avro.parquet"),
            // Formats without these types hold the leaves as their text.
            ("leaves.parquet", "jsonl", "from_parquet.jsonl"),
            ("leaves.parquet", "csv", "from_parquet.csv"),
        ],
    );
    let printed = run_python(&python, dir.path(), READ_BACK);
    printed_all(
        &printed,
        &[
            "parquet: list<item: timestamp[us]> | list<item: timestamp[us, tz=UTC]> | struct<d: date32[day], n: decimal128(10, 2)> | map<string, date32[day]",
            "'logicalType': 'decimal'",
            "times: list<item: time64[us]>",
            "from avro: list<item: timestamp[us, tz=UTC]> | struct<d: date32[day], n: decimal128(10, 2)> | map<string, date32[day]",
            "read back",
        ],
    );
    let jsonl = std::fs::read_to_string(dir.path().join("from_parquet.jsonl")).unwrap();
    let second = jsonl.lines().nth(1).unwrap();
    assert!(
        second.contains(r#""at":["2024-05-01 12:30:16.123456",null]"#)
            && second.contains(r#""s":{"d":"2020-01-03","n":"0.01"}"#),
        "{second}"
    );
}

/// Times of day as pyarrow (time32 s/ms, time64 µs/ns) and fastavro
/// (time-millis, time-micros) write them.
const TIMES: &str = r#"
import datetime as dt, fastavro, pyarrow as pa, pyarrow.feather as pf, pyarrow.parquet as pq
n = 100
tm = [dt.time(i % 24, i % 60, (7 * i) % 60, (i * 37) % 1000000) if i % 9 else None for i in range(n)]
t = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "us": pa.array(tm, pa.time64("us")),
    "ms": pa.array([dt.time(1, 2, 3, 4000 * (i % 250)) for i in range(n)], pa.time32("ms")),
    "s": pa.array([dt.time(i % 24, 0, 1) for i in range(n)], pa.time32("s")),
    # Nanoseconds: whole microseconds are times, finer ones text.
    "ns": pa.array([i * 1000 for i in range(n)], pa.time64("ns")),
    "fine": pa.array([i * 1000 + (i == 3) for i in range(n)], pa.time64("ns")),
})
pq.write_table(t, "times.parquet")
pf.write_feather(t.drop_columns(["fine"]), "times.arrow", compression="uncompressed")
schema = {"type": "record", "name": "R", "fields": [
    {"name": "id", "type": "long"},
    {"name": "tm", "type": ["null", {"type": "long", "logicalType": "time-micros"}]},
    {"name": "tms", "type": {"type": "int", "logicalType": "time-millis"}},
]}
records = [{"id": i, "tm": tm[i], "tms": dt.time(0, 0, i % 60, 1000 * i)} for i in range(n)]
with open("times.avro", "wb") as f:
    fastavro.writer(f, fastavro.parse_schema(schema), records)
print("written")
"#;

/// What pyarrow and fastavro read in the converted times.
const TIMES_READ_BACK: &str = r#"
import fastavro, pyarrow.feather as pf, pyarrow.parquet as pq
src = pq.read_table("times.parquet")
for name in ("from_parquet.parquet", "from_arrow.arrow"):
    out = pq.read_table(name) if name.endswith("parquet") else pf.read_table(name)
    print(name, *(str(out.schema.field(c).type) for c in ("us", "ms", "s", "ns")), str(out.schema.field("fine").type) if "fine" in out.column_names else "-")
    for c in ("us", "ms", "s", "ns"):
        assert out.column(c).to_pylist() == src.column(c).to_pylist(), c
with open("from_parquet.avro", "rb") as f:
    reader = fastavro.reader(f)
    rows = list(reader)
fields = {f["name"]: f["type"] for f in reader.writer_schema["fields"]}
print("avro:", fields["ms"], fields["us"])
assert [r["us"] for r in rows] == src.column("us").to_pylist()
assert [r["ms"] for r in rows] == src.column("ms").to_pylist()
with open("times.avro", "rb") as f:
    records = list(fastavro.reader(f))
a = pq.read_table("from_avro.parquet")
print("from avro:", a.schema.field("tm").type, a.schema.field("tms").type)
assert a.column("tm").to_pylist() == [r["tm"] for r in records]
assert a.column("tms").to_pylist() == [r["tms"] for r in records]
print("read back")
"#;

#[test]
fn times_of_day_keep_their_type_through_every_conversion() {
    let Some((python, dir)) = written_by_python(TIMES) else {
        return;
    };
    encbench()
        .arg("file")
        .arg(dir.path().join("times.parquet"))
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"\bus +Time64\(.*\btime\b").unwrap())
        .stdout(predicate::str::is_match(r"\bns +Time64\(.*\btime\b").unwrap())
        .stdout(predicate::str::contains("carried as text: fine (Time64("));
    converts_identically(
        dir.path(),
        &[
            ("times.parquet", "parquet", "from_parquet.parquet"),
            ("times.parquet", "avro", "from_parquet.avro"),
            ("times.arrow", "arrow", "from_arrow.arrow"),
            ("times.avro", "parquet", "from_avro.parquet"),
            // Formats without a time type hold the values as their text.
            ("times.parquet", "jsonl", "from_parquet.jsonl"),
            ("times.parquet", "csv", "from_parquet.csv"),
            ("times.arrow", "msgpack", "from_arrow.msgpack"),
        ],
    );
    let printed = run_python(&python, dir.path(), TIMES_READ_BACK);
    printed_all(
        &printed,
        &[
            "from_parquet.parquet time64[us] time64[us] time64[us] time64[us] string",
            "from_arrow.arrow time64[us] time64[us] time64[us] time64[us] -",
            "avro: ['null', {'logicalType': 'time-micros', 'type': 'long'}]",
            "from avro: time64[us] time64[us]",
            "read back",
        ],
    );
    let jsonl = std::fs::read_to_string(dir.path().join("from_parquet.jsonl")).unwrap();
    let second = jsonl.lines().nth(1).unwrap();
    assert!(
        second.contains(r#""us":"01:01:07.000037""#) && second.contains(r#""s":"01:00:01""#),
        "{second}"
    );
}

/// Bytes as pyarrow (binary, large_binary, fixed_size_binary) and
/// fastavro (bytes, fixed) write them.
const BYTES: &str = r#"
import fastavro, pyarrow as pa, pyarrow.feather as pf, pyarrow.parquet as pq
n = 100
blob = [bytes((i * k) % 256 for k in range(i % 7)) if i % 11 else None for i in range(n)]
t = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "blob": pa.array(blob, pa.binary()),
    "large": pa.array([b"\x00\xff" * (i % 3) for i in range(n)], pa.large_binary()),
    "fixed": pa.array([i.to_bytes(4, "big") for i in range(n)], pa.binary(4)),
})
pq.write_table(t, "bytes.parquet")
pf.write_feather(t, "bytes.arrow", compression="uncompressed")
schema = {"type": "record", "name": "R", "fields": [
    {"name": "id", "type": "long"},
    {"name": "b", "type": ["null", "bytes"]},
    {"name": "f", "type": {"type": "fixed", "name": "F", "size": 2}},
]}
records = [{"id": i, "b": blob[i], "f": bytes([i, 255 - i])} for i in range(n)]
with open("bytes.avro", "wb") as f:
    fastavro.writer(f, fastavro.parse_schema(schema), records)
print("written")
"#;

/// What pyarrow and fastavro read in the converted bytes.
const BYTES_READ_BACK: &str = r#"
import fastavro, pyarrow.feather as pf, pyarrow.parquet as pq
src = pq.read_table("bytes.parquet")
for name in ("from_parquet.parquet", "from_arrow.arrow"):
    out = pq.read_table(name) if name.endswith("parquet") else pf.read_table(name)
    print(name, *(str(out.schema.field(c).type) for c in ("blob", "large", "fixed")))
    for c in ("blob", "large", "fixed"):
        assert out.column(c).to_pylist() == src.column(c).to_pylist(), c
with open("from_parquet.avro", "rb") as f:
    reader = fastavro.reader(f)
    rows = list(reader)
fields = {f["name"]: f["type"] for f in reader.writer_schema["fields"]}
print("avro:", fields["blob"], fields["fixed"])
assert [r["blob"] for r in rows] == src.column("blob").to_pylist()
assert [r["fixed"] for r in rows] == src.column("fixed").to_pylist()
with open("bytes.avro", "rb") as f:
    records = list(fastavro.reader(f))
a = pq.read_table("from_avro.parquet")
print("from avro:", a.schema.field("b").type, a.schema.field("f").type)
assert a.column("b").to_pylist() == [r["b"] for r in records]
assert a.column("f").to_pylist() == [r["f"] for r in records]
print("read back")
"#;

#[test]
fn bytes_stay_bytes_in_every_format_that_has_them() {
    let Some((python, dir)) = written_by_python(BYTES) else {
        return;
    };
    encbench()
        .arg("file")
        .arg(dir.path().join("bytes.parquet"))
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"\bblob +Binary +binary\b").unwrap())
        .stdout(predicate::str::is_match(r"\bfixed +FixedSizeBinary\(4\) +binary\(4\)").unwrap())
        .stdout(predicate::str::contains("carried as text").not());
    converts_identically(
        dir.path(),
        &[
            ("bytes.parquet", "parquet", "from_parquet.parquet"),
            ("bytes.parquet", "avro", "from_parquet.avro"),
            ("bytes.arrow", "arrow", "from_arrow.arrow"),
            ("bytes.avro", "parquet", "from_avro.parquet"),
            // MessagePack, CBOR, protobuf and bincode carry bytes natively;
            // CSV and JSON Lines carry their hex.
            ("bytes.parquet", "msgpack", "from_parquet.msgpack"),
            ("bytes.parquet", "cbor", "from_parquet.cbor"),
            ("bytes.arrow", "protobuf", "from_arrow.pb"),
            ("bytes.arrow", "bincode", "from_arrow.bincode"),
            ("bytes.avro", "postcard", "from_avro.postcard"),
            ("bytes.parquet", "csv", "from_parquet.csv"),
            ("bytes.parquet", "jsonl", "from_parquet.jsonl"),
        ],
    );
    let printed = run_python(&python, dir.path(), BYTES_READ_BACK);
    printed_all(
        &printed,
        &[
            // A fixed size stays fixed: Arrow's fixed_size_binary, Avro's fixed.
            "from_parquet.parquet binary binary fixed_size_binary[4]",
            "from_arrow.arrow binary binary fixed_size_binary[4]",
            "avro: ['null', 'bytes'] ['null', {'type': 'fixed', 'name': 'Fixed1', 'size': 4}]",
            "from avro: binary fixed_size_binary[2]",
            "read back",
        ],
    );
    // Bytes in MessagePack are its bin type, not hex text: half the size.
    let msgpack = std::fs::read(dir.path().join("from_parquet.msgpack")).unwrap();
    assert!(
        msgpack.windows(6).any(|w| w == [0xc4, 4, 0, 0, 0, 9]),
        "row 9's fixed bytes as bin 8"
    );
    let csv = std::fs::read_to_string(dir.path().join("from_parquet.csv")).unwrap();
    assert!(
        csv.lines().nth(3).unwrap().ends_with(",00ff00ff,00000002"),
        "{csv}"
    );
}

/// UUIDs as pyarrow (`pa.uuid()`, Parquet's UUID) and fastavro (`uuid`)
/// write them.
const UUIDS: &str = r#"
import uuid, fastavro, pyarrow as pa, pyarrow.feather as pf, pyarrow.parquet as pq
n = 50
ids = [uuid.UUID(int=i * 0x1234567890abcdef) if i % 4 else None for i in range(n)]
t = pa.table({"id": pa.array(range(n), pa.int64()), "u": pa.array([u.bytes if u else None for u in ids], pa.uuid())})
pq.write_table(t, "uuids.parquet")
pf.write_feather(t, "uuids.arrow", compression="uncompressed")
schema = {"type": "record", "name": "R", "fields": [
    {"name": "id", "type": "long"}, {"name": "u", "type": ["null", {"type": "string", "logicalType": "uuid"}]}]}
with open("uuids.avro", "wb") as f:
    fastavro.writer(f, fastavro.parse_schema(schema), [{"id": i, "u": ids[i]} for i in range(n)])
print("written")
"#;

/// What pyarrow and fastavro read in the converted UUIDs.
const UUIDS_READ_BACK: &str = r#"
import fastavro, pyarrow.feather as pf, pyarrow.parquet as pq
src = pq.read_table("uuids.parquet")
for name in ("from_parquet.parquet", "from_arrow.arrow", "from_avro.parquet"):
    out = pq.read_table(name) if name.endswith("parquet") else pf.read_table(name)
    print(name, out.schema.field("u").type)
    assert out.column("u").to_pylist() == src.column("u").to_pylist(), name
print("parquet type:", pq.ParquetFile("from_parquet.parquet").schema.column(1).logical_type)
with open("from_parquet.avro", "rb") as f:
    reader = fastavro.reader(f)
    rows = list(reader)
print("avro:", [f["type"] for f in reader.writer_schema["fields"] if f["name"] == "u"][0])
raw = lambda v: getattr(v, "bytes", v)
assert [raw(r["u"]) for r in rows] == [raw(v) for v in src.column("u").to_pylist()]
print("read back")
"#;

#[test]
fn uuids_stay_uuids_in_arrow_parquet_and_avro() {
    let Some((python, dir)) = written_by_python(UUIDS) else {
        return;
    };
    for input in ["uuids.parquet", "uuids.arrow", "uuids.avro"] {
        encbench()
            .arg("file")
            .arg(dir.path().join(input))
            .args(TINY)
            .assert()
            .success()
            .stdout(predicate::str::is_match(r"\bu +\S.* +uuid +yes").unwrap())
            .stdout(predicate::str::contains("carried as text").not());
    }
    converts_identically(
        dir.path(),
        &[
            ("uuids.parquet", "parquet", "from_parquet.parquet"),
            ("uuids.parquet", "avro", "from_parquet.avro"),
            ("uuids.arrow", "arrow", "from_arrow.arrow"),
            ("uuids.avro", "parquet", "from_avro.parquet"),
            // The others carry the text.
            ("uuids.parquet", "csv", "from_parquet.csv"),
            ("uuids.parquet", "msgpack", "from_parquet.msgpack"),
            ("uuids.arrow", "protobuf", "from_arrow.pb"),
        ],
    );
    let printed = run_python(&python, dir.path(), UUIDS_READ_BACK);
    printed_all(
        &printed,
        &[
            "from_parquet.parquet extension<arrow.uuid>",
            "from_arrow.arrow extension<arrow.uuid>",
            "from_avro.parquet extension<arrow.uuid>",
            "parquet type: UUID",
            "avro: ['null', {'logicalType': 'uuid', 'type': 'string'}]",
            "read back",
        ],
    );
    let csv = std::fs::read_to_string(dir.path().join("from_parquet.csv")).unwrap();
    assert_eq!(
        csv.lines().nth(2),
        Some("1,00000000-0000-0000-1234-567890abcdef")
    );
}

/// Spans of time as pandas (timedelta64[ns]) and pyarrow (duration) write them.
const DURATIONS: &str = r#"
import datetime as dt, pyarrow as pa, pyarrow.feather as pf, pyarrow.parquet as pq
n = 60
span = [dt.timedelta(days=i - 30, seconds=i * 61, microseconds=i) if i % 7 else None for i in range(n)]
t = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "ns": pa.array(span, pa.duration("ns")),
    "s": pa.array([dt.timedelta(seconds=i) for i in range(n)], pa.duration("s")),
    "fine": pa.array([i * 1000 + (i == 5) for i in range(n)], pa.duration("ns")),
    "ls": pa.array([[dt.timedelta(seconds=i), None] if i % 3 else None for i in range(n)], pa.list_(pa.duration("ms"))),
})
pq.write_table(t, "spans.parquet")
pf.write_feather(t.drop_columns(["fine"]), "spans.arrow", compression="uncompressed")
print("written")
"#;

/// What pyarrow reads in the converted spans.
const DURATIONS_READ_BACK: &str = r#"
import pyarrow.feather as pf, pyarrow.parquet as pq
src = pq.read_table("spans.parquet")
for name in ("from_parquet.parquet", "from_arrow.arrow"):
    out = pq.read_table(name) if name.endswith("parquet") else pf.read_table(name)
    print(name, out.schema.field("ns").type, out.schema.field("s").type, out.schema.field("ls").type)
    for c in ("ns", "s", "ls"):
        assert out.column(c).to_pylist() == src.column(c).to_pylist(), c
print("read back")
"#;

#[test]
fn spans_of_time_keep_their_type_where_formats_have_one() {
    let Some((python, dir)) = written_by_python(DURATIONS) else {
        return;
    };
    encbench()
        .arg("file")
        .arg(dir.path().join("spans.parquet"))
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"\bns +Duration\(.*\bduration\b").unwrap())
        .stdout(predicate::str::contains("carried as text: fine (Duration("));
    converts_identically(
        dir.path(),
        &[
            ("spans.parquet", "parquet", "from_parquet.parquet"),
            ("spans.arrow", "arrow", "from_arrow.arrow"),
            // Avro as a long of microseconds; the text formats as pandas
            // prints a timedelta.
            ("spans.parquet", "avro", "from_parquet.avro"),
            ("spans.parquet", "csv", "from_parquet.csv"),
            ("spans.arrow", "jsonl", "from_arrow.jsonl"),
            ("spans.arrow", "cbor", "from_arrow.cbor"),
        ],
    );
    let printed = run_python(&python, dir.path(), DURATIONS_READ_BACK);
    printed_all(
        &printed,
        &[
            "from_parquet.parquet duration[us] duration[us] list<item: duration[us]>",
            "from_arrow.arrow duration[us] duration[us] list<item: duration[us]>",
            "read back",
        ],
    );
    let csv = std::fs::read_to_string(dir.path().join("from_parquet.csv")).unwrap();
    assert!(
        csv.lines()
            .nth(2)
            .unwrap()
            .starts_with("1,-29 days +00:01:01.000001,00:00:01,"),
        "{csv}"
    );
}

/// pandas' text columns hold empty strings beside missing values; CSV
/// spells both as an empty field, which its readers take for missing:
/// a declared loss, not a failed verification.
#[test]
fn empty_text_beside_nulls_is_a_declared_csv_loss() {
    let Some((_, dir)) = written_by_python(
        "import pyarrow as pa, pyarrow.parquet as pq\n\
         pq.write_table(pa.table({'s': ['a', '', None] * 10, 'n': pa.array([''] * 30, pa.string())}).cast(\n\
         pa.schema([pa.field('s', pa.string()), pa.field('n', pa.string(), nullable=False)])), 'text.parquet')\n",
    ) else {
        return;
    };
    let input = dir.path().join("text.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "csv reads back a value-changed table: 10 value(s): NaN and empty text read back as null",
        ));
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "csv", "-o"])
        .arg(dir.path().join("text.csv"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "identical but for 10 value(s): NaN and empty text read back as null",
        ));
}

/// pandas writes a zoned column's offset (`+01:00`), DuckDB a short one
/// (`+00`): every row, the file as it is included, is verified, the
/// second reader (chrono) reading the instants the parser read.
#[test]
fn csv_timestamps_with_offsets_are_measured_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let rows: String = (0..50)
        .map(|i| format!("{i},2024-01-01 00:{i:02}:00+01:00,2020-01-01 00:00:{i:02}.5+00\n"))
        .collect();
    let input = dir.path().join("zoned.csv");
    std::fs::write(&input, format!("id,paris,utc\n{rows}")).unwrap();
    let json = dir.path().join("r.json");
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("timestamp (UTC)"))
        .stdout(predicate::str::contains("failed").not());
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let original = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["codec"] == "file/original")
        .expect("the file as it is is a row");
    assert_eq!(original["verification"]["status"], "verified", "{original}");
}

/// A CSV from an older spreadsheet, in Windows-1252: named as text in
/// another encoding, with its line, however far in, and nothing written.
#[test]
fn latin1_text_is_named_with_its_line_not_called_binary() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"id,city\n".to_vec();
    for i in 0..200_000 {
        bytes.extend_from_slice(format!("{i},Paris\n").as_bytes());
    }
    bytes.extend_from_slice(b"200000,Z\xfcrich\n");
    let input = dir.path().join("cities.csv");
    std::fs::write(&input, &bytes).unwrap();
    let output = dir.path().join("cities.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "-o"])
        .arg(&output)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "text that is not UTF-8 (byte 0xfc at byte",
        ))
        .stderr(predicate::str::contains("line 200002): likely Latin-1"))
        .stderr(predicate::str::contains("panicked").not());
    assert!(!output.exists(), "nothing is written");
}
