//! How to use the answer: the few lines that write and read the
//! recommended format, with the same options, in the readers' own
//! libraries. Python lines use pyarrow (and fastavro, msgpack, cbor2 where
//! the format needs them) on a pyarrow Table `t`; a test runs them.

use encbench_codecs::tables::native::family_level;
use encbench_table::Schema;

/// The lines for each reader the user named that has any (`python`,
/// `spark`, `java`, `go`), as (reader, lines).
pub fn snippets(
    codec: &str,
    compression: &str,
    schema: &Schema,
    readers: &[String],
) -> Vec<(String, Vec<String>)> {
    let all = readers.iter().any(|r| r == "any");
    ["python", "spark", "java", "go"]
        .into_iter()
        .filter(|r| all || readers.iter().any(|x| x == r))
        .filter_map(|r| {
            let lines = match r {
                "python" => python(codec, compression, schema),
                "spark" => spark(codec, compression),
                "java" => java(codec, compression),
                _ => go(codec, compression),
            };
            (!lines.is_empty()).then(|| (r.to_string(), lines))
        })
        .collect()
}

/// The compressor's family and level (`zstd`, `Some(3)`); `none` is `("none", None)`.
fn split(compression: &str) -> (&str, Option<i32>) {
    family_level(compression)
}

/// The file name the format and compression usually take.
pub fn file_name(codec: &str, compression: &str) -> String {
    // Parquet, Arrow and Avro compress inside: their names do not change.
    let suffix = match codec {
        "parquet" | "arrow" | "avro" => "",
        _ => crate::pipeline::compressed_suffix(compression),
    };
    // The extension is the format's id (`.arrow`: an IPC file).
    format!("data.{codec}{suffix}")
}

/// Opening `name` to write and to read through a whole-stream compressor
/// in Python: pyarrow's compressed streams, or `lzma` for xz; `None` for
/// a compressor Python's standard kit lacks (snappy framing).
fn python_streams(name: &str, family: &str) -> Option<(String, String)> {
    let arrow = |codec: &str| {
        Some((
            format!("pa.CompressedOutputStream(\"{name}\", \"{codec}\")"),
            format!("pa.CompressedInputStream(pa.OSFile(\"{name}\"), \"{codec}\")"),
        ))
    };
    match family {
        "none" => Some((
            format!("open(\"{name}\", \"wb\")"),
            format!("open(\"{name}\", \"rb\")"),
        )),
        "gzip" | "zstd" | "brotli" | "lz4" => arrow(family),
        "bzip2" => arrow("bz2"),
        "xz" => Some((
            format!("lzma.open(\"{name}\", \"wb\")"),
            format!("lzma.open(\"{name}\", \"rb\")"),
        )),
        _ => None,
    }
}

fn python(codec: &str, compression: &str, schema: &Schema) -> Vec<String> {
    let (family, level) = split(compression);
    let name = file_name(codec, compression);
    let level_arg = |key: &str| level.map_or(String::new(), |l| format!(", {key}={l}"));
    let streams = python_streams(&name, family);
    let imports = |what: &str| match family {
        "xz" => format!("import lzma, {what}"),
        _ => format!("import {what}"),
    };
    match codec {
        "parquet" => {
            let codec_arg = match family {
                "none" => "compression=\"none\"".to_string(),
                f => format!("compression=\"{f}\"{}", level_arg("compression_level")),
            };
            vec![
                "import pyarrow.parquet as pq".into(),
                format!("pq.write_table(t, \"{name}\", {codec_arg})"),
                format!("t = pq.read_table(\"{name}\")"),
                format!("# polars: pl.read_parquet(\"{name}\"); DuckDB: SELECT * FROM '{name}'"),
            ]
        }
        "arrow" => {
            let options = match family {
                "none" => String::new(),
                f => format!(
                    ", options=pa.ipc.IpcWriteOptions(compression=pa.Codec(\"{f}\"{}))",
                    level.map_or(String::new(), |l| format!(", {l}"))
                ),
            };
            vec![
                "import pyarrow as pa".into(),
                format!(
                    "with pa.ipc.new_file(\"{name}\", t.schema{options}) as w: w.write_table(t)"
                ),
                format!("t = pa.ipc.open_file(\"{name}\").read_all()"),
            ]
        }
        "avro" => {
            let codec_arg = match family {
                "none" => "\"null\"".to_string(),
                "gzip" => "\"deflate\"".to_string(),
                "zstd" => "\"zstandard\"".to_string(),
                f => format!("\"{f}\""),
            };
            let level = match family {
                "none" | "snappy" => String::new(),
                _ => level.map_or(String::new(), |l| format!(", codec_compression_level={l}")),
            };
            let Some(avro) = encbench_codecs::tables::avro_schema_json(schema) else {
                return Vec::new();
            };
            let quoted = avro.replace('\\', "\\\\").replace('\'', "\\'");
            vec![
                "import json, fastavro".into(),
                format!("schema = fastavro.parse_schema(json.loads('{quoted}'))"),
                format!("with open(\"{name}\", \"wb\") as f: fastavro.writer(f, schema, t.to_pylist(), codec={codec_arg}{level})"),
                format!("with open(\"{name}\", \"rb\") as f: rows = list(fastavro.reader(f))"),
            ]
        }
        "csv" => {
            let Some((write, _)) = streams else {
                return Vec::new();
            };
            vec![
                imports("pyarrow as pa, pyarrow.csv as pv"),
                format!("with {write} as out: pv.write_csv(t, out)"),
                format!("t = pv.read_csv(\"{name}\")  # decompressed by its extension"),
            ]
        }
        "jsonl" => {
            let Some((write, _)) = streams else {
                return Vec::new();
            };
            vec![
                imports("json, pyarrow as pa, pyarrow.json as pj"),
                format!("with {write} as out: out.write(\"\".join(json.dumps(r, default=str) + \"\\n\" for r in t.to_pylist()).encode())"),
                format!("t = pj.read_json(\"{name}\")  # decompressed by its extension"),
            ]
        }
        "msgpack" | "cbor" => {
            let Some((write, read)) = streams else {
                return Vec::new();
            };
            let (module, dump, load) = match codec {
                "msgpack" => (
                    "msgpack",
                    "msgpack.packb(t.to_pylist(), datetime=True, default=str)",
                    "msgpack.unpackb(data, timestamp=3)",
                ),
                _ => ("cbor2", "cbor2.dumps(t.to_pylist())", "cbor2.loads(data)"),
            };
            vec![
                imports(&format!("{module}, pyarrow as pa")),
                format!("with {write} as out: out.write({dump})"),
                format!("with {read} as f: data = f.read()"),
                format!("rows = {load}"),
            ]
        }
        _ => Vec::new(),
    }
}

fn spark(codec: &str, compression: &str) -> Vec<String> {
    let (family, level) = split(compression);
    let name = file_name(codec, compression);
    let spark_codec = match (codec, family) {
        (_, "none") => "none",
        ("avro", "gzip") => "deflate",
        ("avro", "zstd") => "zstandard",
        (_, "gzip") => "gzip",
        (_, "zstd") => "zstd",
        (_, "snappy") => "snappy",
        (_, "lz4") => "lz4",
        (_, "brotli") => "brotli",
        (_, "bzip2") => "bzip2",
        (_, "xz") => "xz",
        _ => "none",
    };
    let level_conf = match (codec, family, level) {
        ("parquet", "zstd", Some(l)) => Some(format!(
            "spark.conf.set(\"parquet.compression.codec.zstd.level\", \"{l}\")"
        )),
        ("avro", "gzip", Some(l)) => Some(format!(
            "spark.conf.set(\"spark.sql.avro.deflate.level\", \"{l}\")"
        )),
        _ => None,
    };
    let format = match codec {
        "parquet" => "parquet",
        "avro" => "avro",
        "csv" => "csv",
        "jsonl" => "json",
        _ => return Vec::new(),
    };
    let mut lines: Vec<String> = level_conf.into_iter().collect();
    let header = if codec == "csv" {
        ".option(\"header\", True)"
    } else {
        ""
    };
    lines.push(format!(
        "df.write.format(\"{format}\").option(\"compression\", \"{spark_codec}\"){header}.save(\"{name}\")"
    ));
    lines.push(format!(
        "df = spark.read.format(\"{format}\"){header}.load(\"{name}\")"
    ));
    lines
}

fn java(codec: &str, compression: &str) -> Vec<String> {
    let (family, level) = split(compression);
    let name = file_name(codec, compression);
    match codec {
        "parquet" => vec![
            format!(
                "ParquetWriter<GenericRecord> w = AvroParquetWriter.<GenericRecord>builder(new Path(\"{name}\")).withSchema(schema).withCompressionCodec(CompressionCodecName.{}).build();",
                match family {
                    "none" => "UNCOMPRESSED",
                    "zstd" => "ZSTD",
                    "gzip" => "GZIP",
                    "snappy" => "SNAPPY",
                    "lz4" => "LZ4_RAW",
                    "brotli" => "BROTLI",
                    _ => "UNCOMPRESSED",
                }
            ),
            format!("ParquetReader<GenericRecord> r = AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(new Path(\"{name}\"), conf)).build();"),
        ],
        "avro" => vec![
            format!(
                "DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema)).setCodec({}).create(schema, new File(\"{name}\"));",
                match family {
                    "none" => "CodecFactory.nullCodec()".to_string(),
                    "gzip" => format!("CodecFactory.deflateCodec({})", level.unwrap_or(6)),
                    "zstd" => format!("CodecFactory.zstandardCodec({})", level.unwrap_or(3)),
                    "snappy" => "CodecFactory.snappyCodec()".to_string(),
                    "bzip2" => "CodecFactory.bzip2Codec()".to_string(),
                    "xz" => format!("CodecFactory.xzCodec({})", level.unwrap_or(6)),
                    _ => "CodecFactory.nullCodec()".to_string(),
                }
            ),
            format!("DataFileReader<GenericRecord> r = new DataFileReader<>(new File(\"{name}\"), new GenericDatumReader<>());"),
        ],
        "arrow" => vec![
            format!(
                "ArrowFileWriter w = new ArrowFileWriter(root, null, new FileOutputStream(\"{name}\").getChannel(), null, IpcOption.DEFAULT, {});",
                match family {
                    "none" => "NoCompressionCodec.Factory.INSTANCE, CompressionUtil.CodecType.NO_COMPRESSION".to_string(),
                    "lz4" => "CommonsCompressionFactory.INSTANCE, CompressionUtil.CodecType.LZ4_FRAME".to_string(),
                    _ => format!("CommonsCompressionFactory.INSTANCE, CompressionUtil.CodecType.ZSTD, Optional.of({})", level.unwrap_or(3)),
                }
            ),
            format!("ArrowFileReader r = new ArrowFileReader(new FileInputStream(\"{name}\").getChannel(), allocator, CommonsCompressionFactory.INSTANCE);"),
        ],
        _ => Vec::new(),
    }
}

fn go(codec: &str, compression: &str) -> Vec<String> {
    let (family, level) = split(compression);
    let name = file_name(codec, compression);
    match codec {
        "parquet" => {
            let codec = match family {
                "none" => "Uncompressed",
                "zstd" => "Zstd",
                "gzip" => "Gzip",
                "snappy" => "Snappy",
                "lz4" => "Lz4Raw",
                "brotli" => "Brotli",
                _ => "Uncompressed",
            };
            vec![
                format!(
                    "props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.{codec}){})  // github.com/apache/arrow-go/v18/parquet",
                    level.map_or(String::new(), |l| format!(", parquet.WithCompressionLevel({l})"))
                ),
                format!("err := pqarrow.WriteTable(table, f, 1<<20, props, pqarrow.DefaultWriterProps())  // f: os.Create(\"{name}\")"),
                format!("table, err := pqarrow.ReadTable(ctx, f, parquet.NewReaderProperties(nil), pqarrow.ArrowReadProperties{{}}, memory.DefaultAllocator)  // f: os.Open(\"{name}\")"),
            ]
        }
        "arrow" => vec![
            format!(
                "w, err := ipc.NewFileWriter(f, ipc.WithSchema(schema){})  // f: os.Create(\"{name}\")",
                match family {
                    "lz4" => ", ipc.WithLZ4()",
                    "zstd" => ", ipc.WithZstd()",
                    _ => "",
                }
            ),
            format!("r, err := ipc.NewFileReader(f)  // f: os.Open(\"{name}\")"),
        ],
        "avro" => vec![
            format!(
                "w, err := goavro.NewOCFWriter(goavro.OCFConfig{{W: f, Schema: schema, CompressionName: \"{}\"}})  // f: os.Create(\"{name}\")",
                match family {
                    "gzip" => "deflate",
                    "snappy" => "snappy",
                    "zstd" => "zstandard",
                    _ => "null",
                }
            ),
            format!("r, err := goavro.NewOCFReader(f)  // f: os.Open(\"{name}\")"),
        ],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_table::{ColumnType, Field};

    fn schema() -> Schema {
        Schema {
            fields: vec![
                Field::new("id", ColumnType::Int64, false),
                Field::new("x", ColumnType::Float64, true),
                Field::new("name", ColumnType::String, true),
                Field::new("day", ColumnType::Date, true),
            ],
        }
    }

    #[test]
    fn the_printed_python_lines_write_and_read_the_format_back() {
        let Some(python) = encbench_table::testing::worker_python() else {
            return;
        };
        let combos = [
            ("parquet", "zstd-3"),
            ("parquet", "none"),
            ("arrow", "lz4"),
            ("arrow", "zstd-3"),
            ("avro", "zstd-3"),
            ("avro", "gzip-6"),
            ("csv", "gzip-6"),
            ("csv", "zstd-3"),
            ("jsonl", "gzip-6"),
            ("msgpack", "zstd-3"),
            ("cbor", "none"),
        ];
        for (codec, compression) in combos {
            let dir = tempfile::tempdir().unwrap();
            let lines = snippets(codec, compression, &schema(), &["python".to_string()]);
            let [(reader, lines)] = lines.as_slice() else {
                panic!("{codec}+{compression}: one reader's lines, got {lines:?}")
            };
            assert_eq!(reader, "python");
            let mut script = String::from(
                "import datetime, pyarrow as pa\n\
                 t = pa.table({'id': [1, 2, 3], 'x': [1.5, float('nan'), None], \
                 'name': ['a', None, 'c'], 'day': [datetime.date(2024, 1, d) for d in (1, 2, 3)]})\n\
                 n = t.num_rows\n",
            );
            for line in lines.iter().filter(|l| !l.starts_with('#')) {
                script.push_str(line);
                script.push('\n');
            }
            // Whatever the lines read back: a table `t` or a list `rows`.
            script.push_str(
                "got = len(rows) if 'rows' in dir() else t.num_rows\nassert got == n, (got, n)\nprint('ok', got)\n",
            );
            let printed = encbench_table::testing::run_python(&python, dir.path(), &script);
            assert!(
                printed.contains("ok 3"),
                "{codec}+{compression}:\n{script}\n{printed}"
            );
            assert!(
                dir.path().join(file_name(codec, compression)).is_file(),
                "{codec}+{compression} wrote {}",
                file_name(codec, compression)
            );
        }
    }

    #[test]
    fn each_named_reader_gets_lines_with_the_same_options() {
        let readers: Vec<String> = ["python", "spark", "java", "go"].map(String::from).to_vec();
        let all = snippets("parquet", "zstd-3", &schema(), &readers);
        let names: Vec<&str> = all.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(names, ["python", "spark", "java", "go"]);
        let python = all[0].1.join("\n");
        assert!(
            python.contains("compression=\"zstd\", compression_level=3"),
            "{python}"
        );
        assert!(all[1].1.join("\n").contains("zstd.level\", \"3\""));
        assert!(all[2].1.join("\n").contains("CompressionCodecName.ZSTD"));
        assert!(all[3].1.join("\n").contains("WithCompressionLevel(3)"));
        // A format a reader's kit has no lines for is left out, not guessed.
        assert!(snippets("postcard", "none", &schema(), &readers).is_empty());
    }
}
