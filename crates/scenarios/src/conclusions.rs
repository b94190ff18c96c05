//! Every scenario's question, asked of this run's rows: which two rows
//! answer it, the claim's threshold, and the seed's answer beside ours.
//! The ratio's interval comes from the two rows' samples (a bootstrap of
//! the ratio of medians), so a verdict says "inconclusive" when the run
//! cannot tell, rather than reading two medians as certainties.

use crate::glob_match;
use crate::seeds;
use encbench_record::{count, significant, Conclusion, Medium, Quantity, Record, RowRef, Verdict};
use encbench_stats::ratio::{median_ratio_ci, RESAMPLES};
use encbench_stats::Sample;

/// Confidence level of every conclusion's interval.
pub const LEVEL: f64 = 0.95;

/// How a claim finds one of its two rows.
#[derive(Debug, Clone, Copy)]
pub struct Pick {
    /// Dataset patterns in order of preference; the first that matches a
    /// candidate row wins, and within it the first dataset in run order.
    pub datasets: &'static [&'static str],
    /// Codec patterns; the fastest (or smallest) matching row is taken.
    pub codecs: &'static [&'static str],
    /// Codec patterns left out of `codecs`.
    pub except: &'static [&'static str],
    /// Operation.
    pub operation: &'static str,
    /// Media in order of preference.
    pub media: &'static [Medium],
    /// Compressor pattern (`none`, `gzip-*`).
    pub compression: &'static str,
}

impl Pick {
    const fn new(
        datasets: &'static [&'static str],
        codecs: &'static [&'static str],
        operation: &'static str,
        media: &'static [Medium],
    ) -> Self {
        Pick {
            datasets,
            codecs,
            except: &[],
            operation,
            media,
            compression: "none",
        }
    }

    const fn except(self, except: &'static [&'static str]) -> Self {
        Pick { except, ..self }
    }

    const fn compressed(self, compression: &'static str) -> Self {
        Pick {
            compression,
            ..self
        }
    }

    /// The row this pick names among `rows` of `scenario`, if measured.
    pub fn find<'a>(
        &self,
        scenario: &str,
        quantity: Quantity,
        rows: &'a [Record],
    ) -> Option<&'a Record> {
        let candidates: Vec<&Record> = rows
            .iter()
            .filter(|r| {
                r.scenario == scenario
                    && r.operation == self.operation
                    && glob_match(self.compression, &r.compression)
                    && self.codecs.iter().any(|p| glob_match(p, &r.codec))
                    && !self.except.iter().any(|p| glob_match(p, &r.codec))
            })
            .collect();
        let medium = self
            .media
            .iter()
            .find(|m| candidates.iter().any(|r| r.medium == **m))?;
        let dataset = self.datasets.iter().find_map(|p| {
            candidates
                .iter()
                .find(|r| r.medium == *medium && glob_match(p, &r.dataset))
                .map(|r| r.dataset.as_str())
        })?;
        let key = |r: &&&Record| match quantity {
            Quantity::Time => r.median_ns,
            Quantity::Bytes => r.encoded_bytes as f64,
        };
        candidates
            .iter()
            .filter(|r| r.medium == *medium && r.dataset == dataset)
            .min_by(|a, b| key(a).total_cmp(&key(b)))
            .copied()
    }
}

/// A scenario's question, as a claim about a ratio of two rows.
#[derive(Debug, Clone)]
pub struct Claim {
    /// Scenario name.
    pub scenario: &'static str,
    /// The question, as a user would ask it.
    pub question: &'static str,
    /// The seed that made the claim, if one did.
    pub seed: Option<&'static str>,
    /// What the seed measured for this comparison, in words, without a
    /// verdict: the "yes" or "no" is derived from `seed_value` against the
    /// claim (see [`Claim::seed_answer`]), never written by hand.
    pub seed_figure: Option<String>,
    /// The seed's ratio for the same comparison.
    pub seed_value: Option<f64>,
    /// How many items the seed measured this at, and what they are
    /// (`ints`, `lines`), when its claim was made at one size.
    pub seed_items: Option<(u64, &'static str)>,
    /// Time or bytes.
    pub quantity: Quantity,
    /// The row on top.
    pub numerator: Pick,
    /// The row below.
    pub denominator: Pick,
    /// The claim: ratio ≥ threshold (`above`) or ≤ threshold.
    pub threshold: f64,
    /// Direction of the claim.
    pub above: bool,
}

impl Claim {
    /// The seed's answer to the question: its figure, led by whether that
    /// figure meets the claim ("yes" or "no"), judged by the same threshold
    /// this run's ratio is judged by.
    pub fn seed_answer(&self) -> Option<String> {
        let figure = self.seed_figure.as_ref()?;
        Some(match self.seed_value {
            Some(v) => {
                let holds = match self.above {
                    true => v >= self.threshold,
                    false => v <= self.threshold,
                };
                format!("{}: {figure}", if holds { "yes" } else { "no" })
            }
            None => figure.clone(),
        })
    }

    /// This run's answer, or `None` when a row it needs was not measured.
    pub fn evaluate(&self, rows: &[Record]) -> Option<Conclusion> {
        let num = self.numerator.find(self.scenario, self.quantity, rows)?;
        let den = self.denominator.find(self.scenario, self.quantity, rows)?;
        if std::ptr::eq(num, den) {
            return None;
        }
        let (ratio, low, high) = match self.quantity {
            Quantity::Time => time_ratio(num, den),
            Quantity::Bytes => {
                let r = num.encoded_bytes as f64 / den.encoded_bytes as f64;
                (r, r, r)
            }
        };
        if !ratio.is_finite() {
            return None;
        }
        // A cold read that may have come from memory cannot judge a claim
        // about cold disks, whatever its ratio.
        let uncertain_cold = [num, den]
            .iter()
            .any(|r| r.medium == Medium::FileColdUnverified);
        let verdict = match uncertain_cold {
            true => Verdict::Inconclusive,
            false => Verdict::judge(low, high, self.threshold, self.above),
        };
        let (numerator, denominator) = (RowRef::of(num), RowRef::of(den));
        let what = match self.quantity {
            Quantity::Time => "time",
            Quantity::Bytes => "bytes",
        };
        let claim = format!(
            "{what}: {} ÷ {} {} {}×",
            numerator.codec,
            denominator.codec,
            if self.above { "≥" } else { "≤" },
            significant(self.threshold)
        );
        let interval = if low == high {
            "exact".to_string()
        } else {
            format!(
                "{:.0}% CI {}–{}×",
                LEVEL * 100.0,
                significant(low),
                significant(high)
            )
        };
        let mut answer = format!(
            "{} takes {}× the {what} of {} ({interval}): the claim {}",
            numerator.describe(),
            significant(ratio),
            denominator.describe(),
            verdict.as_str()
        );
        // A verdict holds at the size it was measured at: say so when the
        // seed's claim was made at a larger one.
        if let Some((seed_items, unit)) = self.seed_items {
            if num.items < seed_items {
                answer.push_str(&format!(
                    " — at {} {unit}; the seed measured {}: `run {} --full` answers at its size",
                    count(num.items as f64),
                    count(seed_items as f64),
                    self.scenario
                ));
            }
        }
        if uncertain_cold {
            answer.push_str(
                " (the cold reads could not be shown to bypass the page cache: file-cold-unverified)",
            );
        }
        Some(Conclusion {
            scenario: self.scenario.to_string(),
            question: self.question.to_string(),
            claim,
            seed: self.seed.map(str::to_string),
            seed_answer: self.seed_answer(),
            seed_value: self.seed_value,
            items: self.seed_items.map(|_| num.items),
            seed_items: self.seed_items.map(|(n, _)| n),
            quantity: self.quantity,
            numerator,
            denominator,
            ratio,
            ci_low: low,
            ci_high: high,
            ci_level: LEVEL,
            threshold: self.threshold,
            above: self.above,
            verdict,
            answer,
        })
    }
}

/// Median ratio of the two rows' times and its bootstrap interval; rows
/// with fewer than two samples get a zero-width interval at the ratio.
fn time_ratio(num: &Record, den: &Record) -> (f64, f64, f64) {
    let ratio = num.median_ns / den.median_ns;
    match (Sample::new(&num.samples_ns), Sample::new(&den.samples_ns)) {
        (Ok(a), Ok(b)) => {
            let ci = median_ratio_ci(&a, &b, LEVEL, RESAMPLES);
            (ratio, ci.low.min(ratio), ci.high.max(ratio))
        }
        _ => (ratio, ratio, ratio),
    }
}

/// The conclusions of every scenario that has rows in `rows`, in the order of [`claims`].
pub fn conclude(rows: &[Record]) -> Vec<Conclusion> {
    claims().iter().filter_map(|c| c.evaluate(rows)).collect()
}

const WARM: &[Medium] = &[Medium::FileWarm];
const COLD: &[Medium] = &[Medium::FileCold, Medium::FileColdUnverified];
const MEMORY: &[Medium] = &[Medium::Memory];
const ANY: &[&str] = &["*"];

/// Seed 004's compact ÷ BER time for `operation`, asked of the text and
/// BER tapes: the two built with equal effort.
fn compact_over_ber(question: &'static str, operation: &'static str) -> Claim {
    let seed = seeds::seed_004_time_ratio("megaco/compact", "megaco/ber", operation);
    Claim {
        scenario: "megaco",
        question,
        seed: Some("004"),
        seed_figure: seed
            .map(|r| format!("in Erlang/OTP, compact took {}× BER's time", significant(r))),
        seed_value: seed,
        seed_items: None,
        quantity: Quantity::Time,
        numerator: Pick::new(&["megaco-*"], &["megaco/compact-tape"], operation, MEMORY),
        denominator: Pick::new(&["megaco-*"], &["megaco/ber-tape"], operation, MEMORY),
        threshold: 1.0,
        above: true,
    }
}

/// Every question encbench answers, scenario by scenario.
pub fn claims() -> Vec<Claim> {
    let s000 = seeds::seed_000_ratio("text/hand-rolled", "binary/read-chunked");
    let s000_fscanf = seeds::seed_000_ratio("text/fscanf", "binary/read-chunked");
    let text_ints = &["text/*"];
    let binary_ints = &["binary/*"];
    let x = |v: Option<f64>| v.map(significant).unwrap_or_default();
    vec![
        Claim {
            scenario: "ints",
            question: "Is the best text parser still about 10× slower than the best binary read (warm file)?",
            seed: Some("000"),
            seed_figure: Some(format!(
                "an optimised text loop took {}× the chunked read()",
                x(s000)
            )),
            seed_value: s000,
            seed_items: Some((seeds::SEED_000_INTS, "ints")),
            quantity: Quantity::Time,
            numerator: Pick::new(&["uniform-*"], text_ints, "read", WARM),
            denominator: Pick::new(&["uniform-*"], binary_ints, "read", WARM),
            threshold: 10.0,
            above: true,
        },
        Claim {
            scenario: "ints",
            question: "Is the best text parser about 10× slower than binary from memory, with no I/O at all?",
            seed: Some("000"),
            seed_figure: Some(format!("{}×, from a file", x(s000))),
            seed_value: s000,
            seed_items: Some((seeds::SEED_000_INTS, "ints")),
            quantity: Quantity::Time,
            numerator: Pick::new(&["uniform-*"], text_ints, "read", MEMORY),
            denominator: Pick::new(&["uniform-*"], binary_ints, "read", MEMORY),
            threshold: 10.0,
            above: true,
        },
        Claim {
            scenario: "ints",
            question: "Does fscanf cost more than 200× a chunked binary read?",
            seed: Some("000"),
            seed_figure: Some(format!("{}×", x(s000_fscanf))),
            seed_value: s000_fscanf,
            seed_items: Some((seeds::SEED_000_INTS, "ints")),
            quantity: Quantity::Time,
            numerator: Pick::new(&["uniform-*"], &["text/fscanf"], "read", WARM),
            denominator: Pick::new(&["uniform-*"], &["binary/read-chunked"], "read", WARM),
            threshold: 200.0,
            above: true,
        },
        Claim {
            scenario: "scaling",
            question: "Does reading text take longer as the file grows from 100 to 15,000 items?",
            seed: Some("001"),
            seed_figure: seeds::seed_001_growth("text/csv-strings")
                .map(|g| format!("{}× the time at 15,000 items", significant(g))),
            seed_value: seeds::seed_001_growth("text/csv-strings"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(&["n=15000"], &["text/csv-strings"], "decode", WARM),
            denominator: Pick::new(&["n=100"], &["text/csv-strings"], "decode", WARM),
            threshold: 2.0,
            above: true,
        },
        Claim {
            scenario: "scaling",
            question: "Does reading binary hold steady from 100 to 15,000 items?",
            seed: Some("001"),
            seed_figure: seeds::seed_001_growth("binary/length-prefixed")
                .map(|g| format!("{}× the time at 15,000 items", significant(g))),
            seed_value: seeds::seed_001_growth("binary/length-prefixed"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(&["n=15000"], &["binary/length-prefixed"], "decode", WARM),
            denominator: Pick::new(&["n=100"], &["binary/length-prefixed"], "decode", WARM),
            threshold: 1.5,
            above: false,
        },
        Claim {
            scenario: "logs",
            question: "From a cold disk, is a gzip'd log faster to read than the plain file?",
            seed: Some("002"),
            seed_figure: seeds::seed_002_ratio(("none", true), ("gzip", true))
                .map(|r| format!("plain took {}× as long as zcat", significant(r))),
            seed_value: seeds::seed_002_ratio(("none", true), ("gzip", true)),
            seed_items: Some((seeds::SEED_002_LINES, "lines")),
            quantity: Quantity::Time,
            numerator: Pick::new(ANY, &["lines/shell"], "read", COLD),
            denominator: Pick::new(ANY, &["lines/shell"], "read", COLD).compressed("gzip-*"),
            threshold: 1.0,
            above: true,
        },
        Claim {
            scenario: "logs",
            question: "From the page cache, is the plain log faster to read than the gzip'd one?",
            seed: Some("002"),
            seed_figure: seeds::seed_002_ratio(("gzip", false), ("none", false))
                .map(|r| format!("zcat took {}× as long as cat", significant(r))),
            seed_value: seeds::seed_002_ratio(("gzip", false), ("none", false)),
            seed_items: Some((seeds::SEED_002_LINES, "lines")),
            quantity: Quantity::Time,
            numerator: Pick::new(ANY, &["lines/shell"], "read", WARM).compressed("gzip-*"),
            denominator: Pick::new(ANY, &["lines/shell"], "read", WARM),
            threshold: 1.0,
            above: true,
        },
        Claim {
            scenario: "read-sizes",
            question: "Does reading 64 KiB at a time beat one read() per line by more than 10×?",
            seed: None,
            seed_figure: None,
            seed_value: None,
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(ANY, &["read/syscall-*"], "read", WARM),
            denominator: Pick::new(ANY, &["read/chunk-64k"], "read", WARM),
            threshold: 10.0,
            above: true,
        },
        Claim {
            scenario: "int-codecs",
            question: "Does Go's reflection-based binary.Write cost 100× a direct PutUint64?",
            seed: Some("003"),
            seed_figure: seeds::seed_003_ratio("go/binary-write", "go/put-uint64")
                .map(|r| format!("{}×", significant(r))),
            seed_value: seeds::seed_003_ratio("go/binary-write", "go/put-uint64"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(ANY, &["go/binary-write"], "roundtrip", MEMORY),
            denominator: Pick::new(ANY, &["go/put-uint64"], "roundtrip", MEMORY),
            threshold: 100.0,
            above: true,
        },
        Claim {
            scenario: "int-codecs",
            question: "Is an integer as decimal text (strconv) 10× slower than as bytes?",
            seed: Some("003"),
            seed_figure: seeds::seed_003_ratio("go/strconv", "go/put-uint64")
                .map(|r| format!("{}×", significant(r))),
            seed_value: seeds::seed_003_ratio("go/strconv", "go/put-uint64"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(ANY, &["go/strconv"], "roundtrip", MEMORY),
            denominator: Pick::new(ANY, &["go/put-uint64"], "roundtrip", MEMORY),
            threshold: 10.0,
            above: true,
        },
        Claim {
            scenario: "wkb",
            question: "Does parsing WKB without reflection save as much time as go-geom's change did?",
            seed: Some("003"),
            seed_figure: Some(format!(
                "go-geom went to {}× its time",
                significant(seeds::seed_003_wkb_ratio())
            )),
            seed_value: Some(seeds::seed_003_wkb_ratio()),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(&["go-geom-corpus", "*"], &["wkb/slice"], "decode", MEMORY),
            denominator: Pick::new(
                &["go-geom-corpus", "*"],
                &["wkb/read-generic"],
                "decode",
                MEMORY,
            ),
            threshold: seeds::seed_003_wkb_claimed_ratio(),
            above: false,
        },
        Claim {
            scenario: "megaco",
            question: "Does ASN.1 BER decode faster than the compact text encoding?",
            seed: Some("004"),
            seed_figure: seeds::seed_004_time_ratio("megaco/compact", "megaco/ber", "decode")
                .map(|r| format!("in Erlang/OTP, compact took {}× BER's time", significant(r))),
            seed_value: seeds::seed_004_time_ratio("megaco/compact", "megaco/ber", "decode"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(&["megaco-*"], &["megaco/compact"], "decode", MEMORY),
            denominator: Pick::new(&["megaco-*"], &["megaco/ber", "megaco/ber-tape"], "decode", MEMORY),
            threshold: 1.0,
            above: true,
        },
        compact_over_ber(
            "Built with equal effort, does BER still decode faster than compact text?",
            "decode",
        ),
        compact_over_ber(
            "Built with equal effort, does BER still encode faster than compact text?",
            "encode",
        ),
        Claim {
            scenario: "megaco",
            question: "Is a BER message smaller than the same message as compact text?",
            seed: Some("004"),
            seed_figure: seeds::seed_004_size_ratio("megaco/compact", "megaco/ber")
                .map(|r| format!("compact is {}× BER's bytes", significant(r))),
            seed_value: seeds::seed_004_size_ratio("megaco/compact", "megaco/ber"),
            seed_items: None,
            quantity: Quantity::Bytes,
            numerator: Pick::new(&["megaco-*"], &["megaco/compact"], "decode", MEMORY),
            denominator: Pick::new(&["megaco-*"], &["megaco/ber"], "decode", MEMORY),
            threshold: 1.0,
            above: true,
        },
        Claim {
            scenario: "codecs",
            question: "Does JSON take at least twice as long to decode as the fastest binary format?",
            seed: None,
            seed_figure: None,
            seed_value: None,
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(&["logs-*"], &["record/json"], "decode", MEMORY),
            denominator: Pick::new(&["logs-*"], &["record/*"], "decode", MEMORY)
                .except(&["record/json*", "record/simd-json", "record/csv"]),
            threshold: 2.0,
            above: true,
        },
        Claim {
            scenario: "bgp",
            question: "Is a routing table as bgpdump text 10× slower to decode than the MRT wire format?",
            seed: Some("000"),
            seed_figure: Some(format!("optimised text stayed ~{}× binary (integers)", x(s000))),
            seed_value: s000,
            seed_items: None,
            quantity: Quantity::Time,
            numerator: Pick::new(ANY, &["bgp/text-bgpdump"], "decode", MEMORY),
            denominator: Pick::new(ANY, &["bgp/wire"], "decode", MEMORY),
            threshold: 10.0,
            above: true,
        },
    ]
}

#[cfg(test)]
mod tests;
