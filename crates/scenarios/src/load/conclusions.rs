//! The load scenario's questions, asked of this run's rows: ratios of
//! closed-loop rows on every core (the same bootstrap as every other
//! scenario's claims), and whether any soak's memory grew, from the fitted
//! slope's interval against an allowance.

use crate::conclusions::{Claim, Pick, LEVEL};
use crate::seeds::SEED_004_ERLANG;
use encbench_load::soak::{HEAP_ALLOWANCE_BYTES, RSS_ALLOWANCE_BYTES};
use encbench_record::{significant, Conclusion, Medium, Quantity, Record, RowRef, Verdict};

const ALL_CORES: &[&str] = &["megaco-*/threads-all"];
const MEMORY: &[Medium] = &[Medium::Memory];
const BER: &[&str] = &["megaco/ber", "megaco/ber-tape"];
const PER: &[&str] = &["megaco/per", "megaco/per-tape"];

fn closed(codecs: &'static [&'static str]) -> Pick {
    Pick {
        datasets: ALL_CORES,
        codecs,
        except: &[],
        operation: "closed-loop",
        media: MEMORY,
        compression: "none",
    }
}

/// Erlang's published decode + encode µs for an encoding, as seed 004 quotes it.
fn erlang_us(encoding: &str) -> Option<f64> {
    let row = SEED_004_ERLANG.iter().find(|r| r.0 == encoding)?;
    Some(row.1 + row.2)
}

fn ratio(a: &str, b: &str) -> Option<f64> {
    Some(erlang_us(a)? / erlang_us(b)?)
}

/// The questions answered by ratios of rows.
pub(crate) fn claims() -> Vec<Claim> {
    let figure = |r: Option<f64>, what: &str| {
        r.map(|v| {
            format!(
                "in Erlang/OTP on one core, {what} took {}× the time (decode + encode)",
                significant(v)
            )
        })
    };
    vec![
        Claim {
            scenario: "load",
            question: "Under load on all cores, does BER keep its lead over compact text?",
            seed: Some("004"),
            seed_figure: figure(ratio("compact", "ber"), "compact text"),
            seed_value: ratio("compact", "ber"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: closed(&["megaco/compact"]),
            denominator: closed(BER),
            threshold: 1.0,
            above: true,
        },
        Claim {
            scenario: "load",
            question:
                "Built with equal effort, does BER keep its lead over compact text under load?",
            seed: Some("004"),
            seed_figure: figure(ratio("compact", "ber"), "compact text"),
            seed_value: ratio("compact", "ber"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: closed(&["megaco/compact-tape"]),
            denominator: closed(&["megaco/ber-tape"]),
            threshold: 1.0,
            above: true,
        },
        Claim {
            scenario: "load",
            question: "Under load on all cores, is PER still faster than BER?",
            seed: Some("004"),
            seed_figure: figure(ratio("ber", "per"), "BER"),
            seed_value: ratio("ber", "per"),
            seed_items: None,
            quantity: Quantity::Time,
            numerator: closed(BER),
            denominator: closed(PER),
            threshold: 1.0,
            above: true,
        },
    ]
}

/// This run's answers to the load questions (none without load rows).
pub fn conclude(rows: &[Record]) -> Vec<Conclusion> {
    let mut out: Vec<Conclusion> = claims().iter().filter_map(|c| c.evaluate(rows)).collect();
    out.extend(memory(rows));
    out
}

/// Growth over a soak ÷ its allowance, with interval.
#[derive(Debug, Clone, Copy)]
struct Growth {
    fit: f64,
    low: f64,
    high: f64,
    /// `live heap` or `resident set`.
    what: &'static str,
    allowance: f64,
}

/// From the live heap when it was counted, else from the resident set.
fn growth(r: &Record) -> Option<Growth> {
    let s = r.soak.as_ref()?;
    let minutes = s.seconds / 60.0;
    let (slope, what, allowance) = match (s.heap_bytes_per_min, s.rss_bytes_per_min) {
        (Some(h), _) => (h, "live heap", HEAP_ALLOWANCE_BYTES),
        (None, Some(r)) => (r, "resident set", RSS_ALLOWANCE_BYTES),
        (None, None) => return None,
    };
    let over = |v: f64| v * minutes / allowance;
    Some(Growth {
        fit: over(slope[0]),
        low: over(slope[1]),
        high: over(slope[2]),
        what,
        allowance,
    })
}

/// "Does any codec's memory grow over the soak?": the soak row whose
/// growth interval reaches highest, judged against its allowance.
fn memory(rows: &[Record]) -> Option<Conclusion> {
    let soaks: Vec<(&Record, Growth)> = rows
        .iter()
        .filter(|r| r.scenario == "load" && r.operation == "soak")
        .filter_map(|r| growth(r).map(|g| (r, g)))
        .collect();
    let (row, g) = soaks
        .iter()
        .max_by(|a, b| a.1.low.total_cmp(&b.1.low))
        .copied()?;
    let Growth {
        fit,
        low,
        high,
        what,
        allowance,
    } = g;
    let verdict = Verdict::judge(low, high, 1.0, true);
    let seconds = row.soak.as_ref().map_or(0.0, |s| s.seconds);
    let answer = format!(
        "{} soaked {:.0} s: its {what} grew {} kB over the soak ({:.0}% CI {}–{} kB) against a {} kB allowance, the most of {} soaked codec(s): the claim that memory grows {}",
        row.codec,
        seconds,
        significant(fit * allowance / 1e3),
        LEVEL * 100.0,
        significant(low * allowance / 1e3),
        significant(high * allowance / 1e3),
        significant(allowance / 1e3),
        soaks.len(),
        verdict.as_str()
    );
    let at = RowRef::of(row);
    Some(Conclusion {
        scenario: "load".into(),
        question: "Does any codec's memory grow over the soak?".into(),
        claim: format!(
            "{what} growth over the soak ÷ {} kB ≥ 1×",
            significant(allowance / 1e3)
        ),
        seed: Some("004".into()),
        seed_answer: None,
        seed_value: None,
        items: None,
        seed_items: None,
        quantity: Quantity::Bytes,
        numerator: at.clone(),
        denominator: at,
        ratio: fit,
        ci_low: low,
        ci_high: high,
        ci_level: LEVEL,
        threshold: 1.0,
        above: true,
        verdict,
        answer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_record::{Check, LoadRow, RowMeta, SoakSummary};

    fn row(codec: &str, dataset: &str, op: &str, ns: f64, soak: Option<SoakSummary>) -> Record {
        let meta = RowMeta {
            scenario: "load".into(),
            dataset: dataset.into(),
            codec: codec.into(),
            operation: op.into(),
            items: 1,
            ..Default::default()
        };
        let check = Check::Unverified {
            reason: "test".into(),
        };
        let windows = vec![ns, ns * 1.01, ns * 0.99, ns, ns * 1.005, ns * 0.995];
        let row = LoadRow {
            threads: 2,
            messages_per_s: 1e9 / ns,
            window_ns: windows,
            soak,
            ..LoadRow::default()
        };
        Record::load(meta, &check, row)
    }

    fn soak(heap_per_min: [f64; 3]) -> SoakSummary {
        SoakSummary {
            seconds: 600.0,
            windows: 60,
            interrupted: false,
            rss_bytes_per_min: Some([0.0, -1e3, 1e3]),
            heap_bytes_per_min: Some(heap_per_min),
            throughput_drift_pct: Some([0.0, -1.0, 1.0]),
            rss_first_last_bytes: [1e7, 1e7],
            verdict: "steady".into(),
            series: Vec::new(),
        }
    }

    #[test]
    fn the_all_cores_rows_answer_and_the_worst_soak_decides() {
        let rows = vec![
            row(
                "megaco/compact",
                "megaco-t/threads-1",
                "closed-loop",
                1000.0,
                None,
            ),
            row(
                "megaco/compact",
                "megaco-t/threads-all",
                "closed-loop",
                600.0,
                None,
            ),
            row(
                "megaco/compact",
                "megaco-t/threads-all/bad-1%",
                "closed-loop",
                100.0,
                None,
            ),
            row(
                "megaco/ber-tape",
                "megaco-t/threads-all",
                "closed-loop",
                200.0,
                None,
            ),
            row(
                "megaco/per-tape",
                "megaco-t/threads-all",
                "closed-loop",
                300.0,
                None,
            ),
            row(
                "megaco/ber-tape",
                "megaco-t/soak",
                "soak",
                200.0,
                Some(soak([10.0, -5.0, 20.0])),
            ),
            row(
                "megaco/compact",
                "megaco-t/soak",
                "soak",
                600.0,
                Some(soak([1e5, 9e4, 1.1e5])),
            ),
            row(
                "megaco/compact-tape",
                "megaco-t/threads-all",
                "closed-loop",
                300.0,
                None,
            ),
        ];
        let c = conclude(&rows);
        assert_eq!(c.len(), 4);
        // Compact 600 ns ÷ BER tape 200 ns on all cores; the malformed row is not picked.
        assert_eq!((c[0].ratio, c[0].verdict), (3.0, Verdict::Holds));
        assert_eq!(c[0].numerator.dataset, "megaco-t/threads-all");
        // Equal effort: compact tape 300 ÷ BER tape 200.
        assert_eq!((c[1].ratio, c[1].verdict), (1.5, Verdict::Holds));
        assert_eq!(c[1].numerator.codec, "megaco/compact-tape");
        // BER 200 ÷ PER 300: PER is not faster.
        assert_eq!(c[2].verdict, Verdict::DoesNotHold);
        // 100 kB/min for 10 min is 1 MB of live heap, 3.9× the allowance.
        assert_eq!(c[3].numerator.codec, "megaco/compact");
        assert_eq!(c[3].verdict, Verdict::Holds);
        assert!((c[3].ratio - 1e6 / HEAP_ALLOWANCE_BYTES).abs() < 1e-9);
        // Without the leaking soak, the worst (BER tape, 20 B/min at most) is far below the allowance.
        let c = conclude(&rows[..6]);
        assert_eq!(c[2].verdict, Verdict::DoesNotHold);
    }
}
