//! From timed rows to a recommendation. Each candidate × compression is a
//! choice with a size, a write time (encode, then compress) and a read time
//! (decompress, then decode), as measured on the sample; `crate::cost`
//! prices them for the whole file and picks one, and [`recommend`] says
//! why, from that same cost.

pub use crate::choice::{transfer_ns, Choice, Objective};
use crate::cost::{size_against, time_against, Decision, Priced};
use encbench_record::{Recommendation, Record};
use encbench_stats::pareto::pareto_frontier;

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
                // Compressing the input's own bytes is a write too (it
                // has no encode); another codec's write needs its encode.
                write_ns: match (encode, codec.as_str()) {
                    (Some(e), _) => Some(e + compress.median_ns),
                    (None, "original") => Some(compress.median_ns),
                    (None, _) => None,
                },
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

/// The recommendation the cost model's decision makes, with a reason
/// whose every figure comes from that same cost.
pub fn recommend(decision: &Decision) -> Recommendation {
    let model = &decision.model;
    let pick = decision.picked();
    let reads = model.reads;
    let link = model.link.map_or(String::new(), |l| {
        format!(", moving the bytes at {} MB/s", fmt(l))
    });
    let plural = if reads == 1 { "" } else { "s" };
    let terms = format!("the whole file, {reads} read{plural} per write{link}");
    let input = decision.input();
    let reason = if let Some(change) = decision.short_of_margin.map(|i| &decision.priced[i]) {
        let cost = match model.objective {
            Objective::Balanced => {
                format!("would cost {}× as much", fmt(change.score.unwrap_or(1.0)))
            }
            _ => format!(
                "{} by {}",
                headline_measure(model.objective),
                gain(change, pick)
            ),
        };
        format!(
            "Keep the file as it is: the best change, {}, {cost} ({}), short of the {} % gain that makes converting worth it (--keep-margin; {terms}).",
            change.choice.label(),
            against_all(change, pick, model.objective),
            fmt(model.keep_margin * 100.0),
        )
    } else if pick.is_input() {
        format!(
            "Keep the file as it is: no choice measured does better{} ({terms}).",
            match model.objective {
                Objective::Size => " on size",
                Objective::Decode => " on read time",
                Objective::Query => " on the query's read time",
                _ => "",
            }
        )
    } else {
        let head = match model.objective {
            Objective::Size => format!(
                "{} is the smallest: {} at rest",
                pick.choice.label(),
                bytes(pick.stored)
            ),
            Objective::Decode => format!(
                "{} is the fastest to read: {} a read",
                pick.choice.label(),
                duration(pick.read_ns)
            ),
            Objective::Encode => format!(
                "{} is the fastest to write: {}",
                pick.choice.label(),
                duration(pick.write_ns.unwrap_or(f64::NAN))
            ),
            Objective::Query => format!(
                "{} reads the query's columns fastest: {} a read{}",
                pick.choice.label(),
                duration(pick.read_ns),
                match pick.choice.query_ns {
                    Some(_) => " (its reader skips the other columns)",
                    None => " (a full read: no format here reads columns alone faster)",
                }
            ),
            Objective::Balanced => match input {
                Some(_) => format!(
                    "{} costs {}× what keeping the file as it is does",
                    pick.choice.label(),
                    fmt(pick.score.unwrap_or(f64::NAN))
                ),
                None => format!(
                    "{} costs least: {}× the best of each figure",
                    pick.choice.label(),
                    fmt(pick.score.unwrap_or(f64::NAN))
                ),
            },
        };
        let versus = input.map_or(String::new(), |i| {
            let against = against_all(pick, i, model.objective);
            match model.objective {
                Objective::Balanced => format!(": {against}"),
                _ => format!("; against the file as it is, {against}"),
            }
        });
        format!("{head}{versus} ({terms}).")
    };
    // The input was already set beside the pick; a kept input's rival was too.
    let next = decision
        .runner_up()
        .filter(|_| decision.short_of_margin.is_none());
    let reason = match next {
        Some(next) => format!(
            "{reason} Against the runner-up, {}{}: {}.",
            next.choice.label(),
            match model.objective {
                Objective::Balanced => format!(" (cost {}×)", fmt(next.score.unwrap_or(f64::NAN))),
                _ => String::new(),
            },
            against_all(pick, next, model.objective)
        ),
        None => reason,
    };
    Recommendation {
        codec: pick.choice.codec.clone(),
        compression: pick.choice.compression.clone(),
        objective: model.objective.as_str().into(),
        link_mb_per_s: model.link,
        bandwidth_mb_per_s: None,
        bandwidth_source: None,
        reason,
        readers: Vec::new(),
        excluded: Vec::new(),
        reads_per_write: Some(reads),
        keep_margin: Some(model.keep_margin),
        costs: decision.priced.iter().map(Priced::to_record).collect(),
    }
}

/// What the objective's score measures, for "smaller by …".
fn headline_measure(objective: Objective) -> &'static str {
    match objective {
        Objective::Size => "would be smaller",
        Objective::Query => "would read the query's columns faster",
        _ => "would read faster",
    }
}

/// How much lower `a`'s score is than `b`'s, in per cent.
fn gain(a: &Priced, b: &Priced) -> String {
    match (a.score, b.score) {
        (Some(a), Some(b)) if b > 0.0 => format!("{} %", fmt((1.0 - a / b) * 100.0)),
        _ => "an unknown share".into(),
    }
}

/// `a` against `b` on every figure the cost reads, the same way round
/// each time: size at rest, read, and the write where both have one.
fn against_all(a: &Priced, b: &Priced, objective: Objective) -> String {
    let read = match objective {
        Objective::Query => "to read the query's columns",
        _ => "to read",
    };
    let mut parts = vec![
        format!("{} at rest", size_against(a.stored, b.stored)),
        format!("{} {read}", time_against(a.read_ns, b.read_ns)),
    ];
    match (a.write_ns, b.write_ns) {
        (Some(x), Some(y)) => parts.push(format!("{} to write", time_against(x, y))),
        (Some(x), None) => parts.push(format!("written once in {}", duration(x))),
        _ => {}
    }
    parts.join(", ")
}

fn fmt(v: f64) -> String {
    encbench_format::units::significant(v)
}

fn bytes(n: f64) -> String {
    encbench_format::units::bytes(n)
}

fn duration(ns: f64) -> String {
    encbench_format::units::duration(ns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::{decide, Model};

    use crate::choice::testing::choice;

    fn reason(choices: &[Choice], model: Model) -> Recommendation {
        recommend(&decide(choices, model, &|_| None).unwrap())
    }

    #[test]
    fn each_objective_picks_its_best_and_the_reason_uses_the_same_figures() {
        let choices = [
            choice("original", 1_000_000, None, 20.0),
            choice("small", 100_000, Some(50.0), 30.0),
            choice("fast", 600_000, Some(2.0), 1.0),
        ];
        let pick = |objective, link| {
            let model = Model {
                link,
                ..Model::new(objective)
            };
            reason(&choices, model).codec
        };
        assert_eq!(pick(Objective::Size, None), "small");
        assert_eq!(pick(Objective::Decode, None), "fast");
        assert_eq!(pick(Objective::Encode, None), "fast");
        // At 10 MB/s, moving 600 KB takes 60 ms and 100 KB 10 ms: small wins the read.
        assert_eq!(pick(Objective::Decode, Some(10.0)), "small");
        let r = reason(
            &choices,
            Model {
                link: Some(10.0),
                ..Model::new(Objective::Decode)
            },
        );
        assert_eq!(
            r.reason,
            "small is the fastest to read: 40.0 ms a read; against the file as it is, 10.0× smaller at rest, 3.00× faster to read, written once in 60.0 ms (the whole file, 10 reads per write, moving the bytes at 10.0 MB/s). Against the runner-up, fast: 6.00× smaller at rest, 1.52× faster to read, 1.03× faster to write."
        );
        assert_eq!(r.link_mb_per_s, Some(10.0));
        assert_eq!(r.reads_per_write, Some(10));
        // Balanced says the pick's cost as the ranking computed it.
        let b = reason(&choices, Model::new(Objective::Balanced));
        let cost = b.costs.iter().find(|c| c.codec == b.codec).unwrap().cost;
        assert!(
            b.reason.starts_with(&format!(
                "{} costs {}× what keeping the file as it is does: ",
                b.codec,
                fmt(cost)
            )),
            "{}",
            b.reason
        );
        assert_eq!(r.costs.len(), 3);
        assert_eq!(r.costs[0].codec, "small", "ranked first");
        assert_eq!(r.costs[0].read_ns, 40e6);
    }

    #[test]
    fn a_kept_input_names_the_change_that_fell_short() {
        let choices = [
            choice("original", 1_000_000, None, 10.0),
            choice("parquet", 900_000, Some(5.0), 10.0),
        ];
        let r = reason(&choices, Model::new(Objective::Balanced));
        assert_eq!(r.codec, "original");
        assert!(
            r.reason.starts_with("Keep the file as it is: the best change, parquet, would cost 0.972× as much (1.11× smaller at rest, as fast to read, written once in 5.00 ms), short of the 20.0 % gain"),
            "{}",
            r.reason
        );
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
