//! From timed rows to a recommendation. Each candidate × compression is a
//! choice with a size, a write time (encode, then compress) and a read time
//! (decompress, then decode). With `--link-bandwidth B` both times include
//! moving the bytes: size ÷ B. The objectives:
//!
//! * `size`: the fewest bytes (ties: the faster read).
//! * `decode`: the shortest read time.
//! * `encode`: the shortest write time.
//! * `balanced` (default): with a bandwidth, the shortest write + move +
//!   read; without one, the smallest geometric mean of size, write time and
//!   read time, each divided by the best of its kind — the choice that is
//!   on average the fewest times worse than the best at each.
//!
//! The original input has no write time (it already exists): it competes
//! under `size`, `decode`, and `balanced` with a bandwidth (moving and
//! reading it, with nothing to write), not under `encode`.

use encbench_record::{Recommendation, Record};
use encbench_stats::pareto::pareto_frontier;

/// What to optimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// Fewest bytes.
    Size,
    /// Fastest to read.
    Decode,
    /// Fastest to write.
    Encode,
    /// A balance of the three.
    Balanced,
    /// Fastest to read a couple of columns (column pruning measured).
    Query,
}

impl Objective {
    /// Its name on the command line and in the record.
    pub fn as_str(self) -> &'static str {
        match self {
            Objective::Size => "size",
            Objective::Decode => "decode",
            Objective::Encode => "encode",
            Objective::Balanced => "balanced",
            Objective::Query => "query",
        }
    }
}

/// One candidate × compression, with its measured costs.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// Format id (`parquet`, or `original`).
    pub codec: String,
    /// Compressor id or `none`.
    pub compression: String,
    /// Bytes stored.
    pub bytes: u64,
    /// Encode (+ compress) median, ns; `None` for the original text.
    pub write_ns: Option<f64>,
    /// Decompress + decode median, ns.
    pub read_ns: f64,
    /// Bytes of input text the times cover (for MB/s).
    pub input_bytes: u64,
    /// Reading only the query's columns (decompressing first), ns: for
    /// formats whose readers skip the others, when `--optimize query`
    /// asked; `None` means such a read decodes everything ([`read_ns`](Self::read_ns)).
    pub query_ns: Option<f64>,
    /// What the format loses of these values, when its check was lossy
    /// (floats it cannot carry: CSV's NaN, JSON's NaN and ±Inf).
    pub loss: Option<String>,
}

impl Choice {
    /// Read time plus moving the bytes over the link.
    pub fn read_total(&self, link: Option<f64>) -> f64 {
        self.read_ns + transfer_ns(self.bytes, link)
    }

    /// Reading the query's columns (a full decode where the format cannot
    /// skip columns) plus moving the bytes over the link.
    pub fn query_total(&self, link: Option<f64>) -> f64 {
        self.query_ns.unwrap_or(self.read_ns) + transfer_ns(self.bytes, link)
    }

    /// Write time plus moving the bytes over the link.
    pub fn write_total(&self, link: Option<f64>) -> Option<f64> {
        self.write_ns.map(|w| w + transfer_ns(self.bytes, link))
    }

    /// `parquet + zstd-3`, or `parquet` uncompressed.
    pub fn label(&self) -> String {
        match self.compression.as_str() {
            "none" => self.codec.clone(),
            c => format!("{} + {c}", self.codec),
        }
    }
}

/// Nanoseconds to move `bytes` at `link` MB/s (0 without a link).
pub fn transfer_ns(bytes: u64, link: Option<f64>) -> f64 {
    link.map_or(0.0, |mb_per_s| bytes as f64 / (mb_per_s * 1e6) * 1e9)
}

/// Every choice the records allow: each decoded candidate uncompressed,
/// compressed inside by its own codec (Parquet, Arrow IPC, Avro: decode
/// rows whose compression is named), and under each compressor whose both
/// directions were timed.
pub fn choices(records: &[Record]) -> Vec<Choice> {
    let find = |codec: &str, op: &str, compression: &str| {
        records
            .iter()
            .find(|r| r.codec == codec && r.operation == op && r.compression == compression)
    };
    let mut out = Vec::new();
    for decode in records.iter().filter(|r| r.operation == "decode") {
        let codec = decode.codec.trim_start_matches("file/").to_string();
        let encode = find(&decode.codec, "encode", &decode.compression).map(|r| r.median_ns);
        let query = find(&decode.codec, "query", &decode.compression).map(|r| r.median_ns);
        out.push(Choice {
            codec: codec.clone(),
            compression: decode.compression.clone(),
            bytes: decode.encoded_bytes,
            write_ns: encode,
            read_ns: decode.median_ns,
            input_bytes: decode.logical_bytes,
            query_ns: query,
            loss: loss_of(decode),
        });
        if decode.compression != "none" {
            continue;
        }
        for compress in records
            .iter()
            .filter(|r| r.codec == decode.codec && r.operation == "compress")
        {
            let Some(decompress) = find(&decode.codec, "decompress", &compress.compression) else {
                continue;
            };
            out.push(Choice {
                codec: codec.clone(),
                compression: compress.compression.clone(),
                bytes: compress.encoded_bytes,
                write_ns: encode.map(|e| e + compress.median_ns),
                read_ns: decode.median_ns + decompress.median_ns,
                input_bytes: decode.logical_bytes,
                query_ns: query.map(|q| q + decompress.median_ns),
                loss: loss_of(decode),
            });
        }
    }
    out
}

/// The loss a lossy record's check declared.
fn loss_of(record: &Record) -> Option<String> {
    let v = record.verification.as_ref()?;
    if v.status != encbench_record::VerificationStatus::Lossy {
        return None;
    }
    let loss = v
        .detail
        .rsplit_once("(lossy: ")
        .map_or(v.detail.as_str(), |(_, l)| l);
    Some(loss.strip_suffix(')').unwrap_or(loss).to_string())
}

/// The choices no other beats on both size and read time (link included), smallest first.
pub fn frontier(choices: &[Choice], link: Option<f64>) -> Vec<&Choice> {
    let points: Vec<(f64, f64)> = choices
        .iter()
        .map(|c| (c.bytes as f64, c.read_total(link)))
        .collect();
    pareto_frontier(&points)
        .into_iter()
        .filter_map(|(size, time)| {
            choices
                .iter()
                .find(|c| c.bytes as f64 == size && c.read_total(link) == time)
        })
        .collect()
}

/// The best choice under `objective`, with a one-sentence reason.
pub fn recommend(
    choices: &[Choice],
    objective: Objective,
    link: Option<f64>,
) -> Option<Recommendation> {
    // The runner-up under the deciding score: another encoding, to name
    // the trade-off that decided between them.
    let runner_up = std::cell::Cell::new(None::<&Choice>);
    let by = |score: &dyn Fn(&Choice) -> Option<f64>| {
        let mut ranked: Vec<(&Choice, f64)> = choices
            .iter()
            .filter_map(|c| score(c).map(|s| (c, s)))
            .collect();
        ranked.sort_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then(a.0.read_ns.total_cmp(&b.0.read_ns))
        });
        let best = *ranked.first()?;
        runner_up.set(ranked.iter().map(|r| r.0).find(|c| c.codec != best.0.codec));
        Some(best)
    };
    let input = choices.first()?.input_bytes.max(1) as f64;
    let ratio = |c: &Choice| c.bytes as f64 / input;
    let rate = |ns: f64| input / ns * 1e3; // MB/s of input text
    let via = link.map_or(String::new(), |l| format!(" over a {} MB/s link", fmt(l)));
    let (best, reason) = match objective {
        Objective::Size => {
            let (best, _) = by(&|c| Some(c.bytes as f64))?;
            let why = format!(
                "{} is the smallest: {} ({}× the input), reading back at {} MB/s.",
                best.label(),
                bytes(best.bytes),
                fmt(ratio(best)),
                fmt(rate(best.read_ns))
            );
            (best, why)
        }
        Objective::Decode | Objective::Encode => {
            let (verb, (best, total)) = match objective {
                Objective::Decode => ("read", by(&|c| Some(c.read_total(link)))?),
                _ => ("write", by(&|c| c.write_total(link))?),
            };
            let why = format!(
                "{} is the fastest to {verb}{via}: {} for the {} measured ({} MB/s of input), {}× the input's size.",
                best.label(),
                duration(total),
                bytes(input as u64),
                fmt(rate(total)),
                fmt(ratio(best))
            );
            (best, why)
        }
        Objective::Query => {
            let (best, total) = by(&|c| Some(c.query_total(link)))?;
            let how = match best.query_ns {
                Some(_) => format!(
                    "its reader skips the other columns ({}× the time of a full read)",
                    fmt(total / best.read_total(link))
                ),
                None => "no format here reads columns alone faster".to_string(),
            };
            let why = format!(
                "{} reads the query's columns fastest{via}: {} for the {} measured; {how}; {}× the input's size.",
                best.label(),
                duration(total),
                bytes(input as u64),
                fmt(ratio(best))
            );
            (best, why)
        }
        Objective::Balanced if link.is_some() => {
            // The input as it is needs no write: it exists already.
            let (best, total) =
                by(&|c| Some(c.write_ns.unwrap_or(0.0) + transfer_ns(c.bytes, link) + c.read_ns))?;
            let why = format!(
                "{} has the shortest write + move + read{via}: {} in all ({} to move {}{}), {}× the input's size.",
                best.label(),
                duration(total),
                duration(transfer_ns(best.bytes, link)),
                bytes(best.bytes),
                if best.write_ns.is_none() { "; keeping it needs no write" } else { "" },
                fmt(ratio(best))
            );
            (best, why)
        }
        Objective::Balanced => {
            let writable: Vec<&Choice> = choices.iter().filter(|c| c.write_ns.is_some()).collect();
            let min = |f: &dyn Fn(&Choice) -> f64| {
                writable
                    .iter()
                    .map(|c| f(c))
                    .fold(f64::INFINITY, f64::min)
                    .max(1e-9)
            };
            let (s0, w0, r0) = (
                min(&|c| c.bytes as f64),
                min(&|c| c.write_ns.unwrap_or(f64::INFINITY)),
                min(&|c| c.read_ns),
            );
            let (best, score) = by(&|c| {
                let w = c.write_ns?;
                Some((c.bytes as f64 / s0 * (w / w0) * (c.read_ns / r0)).cbrt())
            })?;
            let why = format!(
                "{} balances size ({}× the input), write ({} MB/s) and read ({} MB/s) best: on average {}× the best candidate at each.",
                best.label(),
                fmt(ratio(best)),
                fmt(rate(best.write_ns.unwrap_or(f64::NAN))),
                fmt(rate(best.read_ns)),
                fmt(score)
            );
            (best, why)
        }
    };
    let reason = match runner_up.get() {
        Some(next) => format!("{reason} {}", trade_off(best, next, link, objective)),
        None => reason,
    };
    Some(Recommendation {
        codec: best.codec.clone(),
        compression: best.compression.clone(),
        objective: objective.as_str().into(),
        link_mb_per_s: link,
        bandwidth_mb_per_s: None,
        bandwidth_source: None,
        reason,
        readers: Vec::new(),
        excluded: Vec::new(),
    })
}

/// What choosing `best` over `next` trades: size, read and write time
/// (moving the bytes over the link included, as in the decision).
fn trade_off(best: &Choice, next: &Choice, link: Option<f64>, objective: Objective) -> String {
    let (read, what) = match objective {
        Objective::Query => (
            Choice::query_total as fn(&Choice, Option<f64>) -> f64,
            "query",
        ),
        _ => (
            Choice::read_total as fn(&Choice, Option<f64>) -> f64,
            "read",
        ),
    };
    let times = |a: f64, b: f64| format!("{}× its", fmt(a / b));
    let write = match (best.write_total(link), next.write_total(link)) {
        (Some(a), Some(b)) => format!(", {} write time", times(a, b)),
        _ => String::new(),
    };
    format!(
        "Against the runner-up, {}: {} size, {} {what} time{write}.",
        next.label(),
        times(best.bytes as f64, next.bytes.max(1) as f64),
        times(read(best, link), read(next, link)),
    )
}

fn fmt(v: f64) -> String {
    encbench_format::units::significant(v)
}

fn bytes(n: u64) -> String {
    encbench_format::units::bytes(n as f64)
}

fn duration(ns: f64) -> String {
    encbench_format::units::duration(ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(codec: &str, bytes: u64, write_ms: Option<f64>, read_ms: f64) -> Choice {
        Choice {
            codec: codec.into(),
            compression: "none".into(),
            bytes,
            write_ns: write_ms.map(|w| w * 1e6),
            read_ns: read_ms * 1e6,
            input_bytes: 1_000_000,
            query_ns: None,
            loss: None,
        }
    }

    fn pick(choices: &[Choice], objective: Objective, link: Option<f64>) -> String {
        recommend(choices, objective, link).unwrap().codec
    }

    #[test]
    fn each_objective_picks_its_best_and_the_link_changes_the_answer() {
        let choices = [
            choice("original", 1_000_000, None, 20.0),
            choice("small", 100_000, Some(50.0), 30.0),
            choice("fast", 600_000, Some(2.0), 1.0),
        ];
        assert_eq!(pick(&choices, Objective::Size, None), "small");
        assert_eq!(pick(&choices, Objective::Decode, None), "fast");
        assert_eq!(pick(&choices, Objective::Encode, None), "fast");
        // At 10 MB/s, moving 600 KB takes 60 ms and 100 KB 10 ms: small wins the read.
        assert_eq!(pick(&choices, Objective::Decode, Some(10.0)), "small");
        // The original text never wins a write-time objective.
        assert_eq!(pick(&choices, Objective::Balanced, None), "fast");
        let r = recommend(&choices, Objective::Decode, Some(10.0)).unwrap();
        assert_eq!(
            r.reason,
            "small is the fastest to read over a 10.0 MB/s link: 40.0 ms for the 1.00 MB measured (25.0 MB/s of input), 0.100× the input's size. Against the runner-up, fast: 0.167× its size, 0.656× its read time, 0.968× its write time."
        );
        assert_eq!(r.link_mb_per_s, Some(10.0));
    }

    #[test]
    fn the_frontier_drops_choices_beaten_on_size_and_read() {
        let choices = [
            choice("a", 100, Some(1.0), 5.0),
            choice("b", 200, Some(1.0), 1.0),
            choice("c", 300, Some(1.0), 2.0),
        ];
        let names: Vec<&str> = frontier(&choices, None)
            .iter()
            .map(|c| c.codec.as_str())
            .collect();
        assert_eq!(names, ["a", "b"]);
    }
}
