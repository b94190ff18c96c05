//! One cost per choice, for the whole file: what the ranking, the reason,
//! the whole-file table, the record and the charts all read.
//!
//! A stored file is written once and read many times; what it costs is
//! its size at rest, its one write, and its reads (`--reads` per write,
//! each moving the file's bytes at the link or disk bandwidth, then
//! decoding them). Each objective scores a choice from these figures:
//!
//! * `size`: bytes at rest;
//! * `decode`: one read (moving the bytes, then decompress + decode);
//! * `encode`: the write (the input as it is has none, so it cannot win);
//! * `query`: one read of the query's columns;
//! * `balanced`: the geometric mean of the size at rest and the file's
//!   life (the write plus every read), each divided by the input's own, so
//!   the input as it is costs 1 and 0.5 is half of what keeping it costs.
//!
//! Two rules keep the answer one an expert would sign: the input as it is
//! is kept unless a choice lowers the objective's cost by the keep margin
//! (20 % by default), and a choice more than 1.5× the input's size is
//! eligible only when its reads are at least 2× faster. Whatever is picked
//! is never beaten by another eligible choice on size, write and read at
//! once.

use crate::choice::{transfer_ns, Choice, Objective};
use encbench_record::ChoiceCost;

/// Reads per write when `--reads` is not given: data at rest is read many
/// times for each time it is written.
pub const DEFAULT_READS: u32 = 10;
/// The gain over the input as it is below which it is kept.
pub const DEFAULT_KEEP_MARGIN: f64 = 0.2;
/// A choice larger than this many times the input's size…
pub const LARGER_THAN_INPUT: f64 = 1.5;
/// …is eligible only with reads at least this many times faster.
pub const FASTER_READS_NEEDED: f64 = 2.0;

/// How choices are priced.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Model {
    pub objective: Objective,
    /// Reads per write.
    pub reads: u32,
    /// The bandwidth each write and read moves the bytes at, MB/s.
    pub link: Option<f64>,
    /// Whole-file rows ÷ the rows measured: figures are projected by it.
    pub scale: f64,
    /// The input's own bytes at rest (its size on disk), when known: the
    /// input as it is stores exactly that, not a projection.
    pub input_bytes: Option<f64>,
    /// Keep the input unless a choice costs less than `1 - keep_margin` of it.
    pub keep_margin: f64,
}

impl Model {
    /// A model for `objective` with the stated defaults and no projection.
    pub fn new(objective: Objective) -> Model {
        Model {
            objective,
            reads: DEFAULT_READS,
            link: None,
            scale: 1.0,
            input_bytes: None,
            keep_margin: DEFAULT_KEEP_MARGIN,
        }
    }
}

/// A choice priced for the whole file.
#[derive(Debug, Clone, PartialEq)]
pub struct Priced {
    pub choice: Choice,
    /// Bytes at rest.
    pub stored: f64,
    /// Encode (+ compress) and moving the bytes once; `None` for the input as it is.
    pub write_ns: Option<f64>,
    /// One read as the objective reads: the query's columns under `query`,
    /// every column otherwise; moving the bytes included.
    pub read_ns: f64,
    /// The write plus every read.
    pub life_ns: f64,
    /// The objective's score, lower is better (`None`: it has no such
    /// figure, as the input as it is has no write).
    pub score: Option<f64>,
    /// Why it may not be recommended, if it may not.
    pub excluded: Option<String>,
}

impl Priced {
    /// The input as it is: the `original` row, kept, with nothing to write.
    pub fn is_input(&self) -> bool {
        is_input(&self.choice)
    }

    /// Eligible for the recommendation.
    pub fn eligible(&self) -> bool {
        self.excluded.is_none() && self.score.is_some()
    }

    /// No worse than `other` on size, write and read, and better on one.
    pub fn dominates(&self, other: &Priced) -> bool {
        let write = |p: &Priced| p.write_ns.unwrap_or(0.0);
        let pairs = [
            (self.stored, other.stored),
            (write(self), write(other)),
            (self.read_ns, other.read_ns),
        ];
        pairs.iter().all(|(a, b)| a <= b) && pairs.iter().any(|(a, b)| a < b)
    }

    /// The record's form.
    pub fn to_record(&self) -> ChoiceCost {
        ChoiceCost {
            codec: self.choice.codec.clone(),
            compression: self.choice.compression.clone(),
            stored_bytes: self.stored,
            write_ns: self.write_ns,
            read_ns: self.read_ns,
            life_ns: self.life_ns,
            cost: self.score.unwrap_or(f64::NAN),
            excluded: self.excluded.clone(),
        }
    }
}

/// The input as it is: the `original` row that needs no write.
pub fn is_input(choice: &Choice) -> bool {
    choice.codec == "original" && choice.write_ns.is_none()
}

/// Every choice priced, and what the model picks.
#[derive(Debug, Clone)]
pub struct Decision {
    pub model: Model,
    /// Every choice, eligible ones first in ranked order, then the rest.
    pub priced: Vec<Priced>,
    /// The recommended choice (an index into `priced`).
    pub pick: usize,
    /// The best eligible choice that is not the input, when the input was
    /// kept because that choice's gain fell short of the margin.
    pub short_of_margin: Option<usize>,
}

impl Decision {
    pub fn picked(&self) -> &Priced {
        &self.priced[self.pick]
    }

    /// The input as it is, when it was measured.
    pub fn input(&self) -> Option<&Priced> {
        self.priced.iter().find(|p| p.is_input())
    }

    /// The best eligible choice of another encoding than the pick's, the
    /// input as it is aside (it is compared with the pick on its own).
    pub fn runner_up(&self) -> Option<&Priced> {
        let pick = self.picked();
        self.ranked()
            .find(|p| p.choice.codec != pick.choice.codec && !p.is_input())
    }

    /// The eligible choices in ranked order.
    pub fn ranked(&self) -> impl Iterator<Item = &Priced> {
        self.priced.iter().filter(|p| p.eligible())
    }
}

/// Prices every choice under `model` and picks one. `exclude` says why a
/// choice may not be recommended (its readers, a changed value). `None`
/// when no choice is eligible.
pub fn decide(
    choices: &[Choice],
    model: Model,
    exclude: &dyn Fn(&Choice) -> Option<String>,
) -> Option<Decision> {
    let mut priced: Vec<Priced> = choices.iter().map(|c| price(c, &model)).collect();
    let reference = reference(&priced);
    for p in &mut priced {
        p.score = score(p, &model, reference);
        p.excluded = exclude(&p.choice)
            .or_else(|| unwritten(p))
            .or_else(|| oversized(p, reference));
    }
    // Ranked: eligible first, by score, then the faster read, the smaller
    // file, the faster write (so a tie never picks a dominated choice).
    priced.sort_by(|a, b| {
        b.eligible()
            .cmp(&a.eligible())
            .then(cmp_opt(a.score, b.score))
            .then(a.read_ns.total_cmp(&b.read_ns))
            .then(a.stored.total_cmp(&b.stored))
            .then(cmp_opt(a.write_ns, b.write_ns))
    });
    if !priced.first()?.eligible() {
        return None;
    }
    let mut pick = 0;
    // A score can weigh figures so that a choice beaten on all of them
    // still ranks first; a choice that beats it on every figure wins.
    while let Some(better) = priced
        .iter()
        .position(|p| p.eligible() && p.dominates(&priced[pick]))
    {
        pick = better;
    }
    let mut short_of_margin = None;
    if let Some(input) = priced.iter().position(|p| p.is_input() && p.eligible()) {
        let gain_needed = priced[input].score.map(|s| s * (1.0 - model.keep_margin));
        if pick != input
            && matches!((priced[pick].score, gain_needed), (Some(s), Some(needed)) if s > needed)
        {
            short_of_margin = Some(pick);
            pick = input;
        }
    }
    Some(Decision {
        model,
        priced,
        pick,
        short_of_margin,
    })
}

fn cmp_opt(a: Option<f64>, b: Option<f64>) -> std::cmp::Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    }
}

/// The figures of one choice for the whole file.
fn price(choice: &Choice, model: &Model) -> Priced {
    let scale = model.scale;
    let stored = match (is_input(choice), model.input_bytes) {
        (true, Some(bytes)) => bytes,
        _ => choice.bytes as f64 * scale,
    };
    let moved = transfer_ns(1, model.link) * stored;
    let decode = match model.objective {
        Objective::Query => choice.query_ns.unwrap_or(choice.read_ns),
        _ => choice.read_ns,
    };
    let write_ns = choice.write_ns.map(|w| w * scale + moved);
    let read_ns = decode * scale + moved;
    Priced {
        choice: choice.clone(),
        stored,
        write_ns,
        read_ns,
        life_ns: write_ns.unwrap_or(0.0) + f64::from(model.reads) * read_ns,
        score: None,
        excluded: None,
    }
}

/// What `balanced` divides by: the input as it is, or where it was not
/// measured, the best of each figure.
#[derive(Debug, Clone, Copy)]
struct Reference {
    stored: f64,
    life_ns: f64,
    read_ns: f64,
    /// Whether these are the input's own figures.
    input: bool,
}

fn reference(priced: &[Priced]) -> Reference {
    if let Some(input) = priced.iter().find(|p| p.is_input()) {
        return Reference {
            stored: input.stored.max(1.0),
            life_ns: input.life_ns.max(1e-9),
            read_ns: input.read_ns.max(1e-9),
            input: true,
        };
    }
    let min = |f: fn(&Priced) -> f64| priced.iter().map(f).fold(f64::INFINITY, f64::min);
    Reference {
        stored: min(|p| p.stored).max(1.0),
        life_ns: min(|p| p.life_ns).max(1e-9),
        read_ns: min(|p| p.read_ns).max(1e-9),
        input: false,
    }
}

fn score(p: &Priced, model: &Model, reference: Reference) -> Option<f64> {
    match model.objective {
        Objective::Size => Some(p.stored),
        Objective::Decode | Objective::Query => Some(p.read_ns),
        Objective::Encode => p.write_ns,
        Objective::Balanced => {
            Some((p.stored / reference.stored * (p.life_ns / reference.life_ns)).sqrt())
        }
    }
}

/// A choice that must be written but whose write was not measured (its
/// encode failed): its cost is unknown, not that of a file that exists.
fn unwritten(p: &Priced) -> Option<String> {
    (p.write_ns.is_none() && !p.is_input()).then(|| "its write was not measured".to_string())
}

/// A choice much larger than the input whose reads do not pay for it.
fn oversized(p: &Priced, reference: Reference) -> Option<String> {
    if !reference.input || p.is_input() {
        return None;
    }
    let larger = p.stored / reference.stored;
    let faster = reference.read_ns / p.read_ns.max(1e-9);
    (larger > LARGER_THAN_INPUT && faster < FASTER_READS_NEEDED).then(|| {
        format!(
            "{}× the input's size with reads only {}× faster (more than {}× the size needs reads at least {}× faster)",
            fmt(larger),
            fmt(faster),
            fmt(LARGER_THAN_INPUT),
            fmt(FASTER_READS_NEEDED)
        )
    })
}

/// `2.60× smaller` or `1.50× larger`: `a` against `b`, the ratio always ≥ 1.
pub fn size_against(a: f64, b: f64) -> String {
    against(a, b, "smaller", "larger", "the same size")
}

/// `1.50× faster` or `2.00× slower`: time `a` against time `b`.
pub fn time_against(a: f64, b: f64) -> String {
    against(a, b, "faster", "slower", "as fast")
}

fn against(a: f64, b: f64, less: &str, more: &str, same: &str) -> String {
    let (a, b) = (a.max(1e-12), b.max(1e-12));
    let ratio = if a <= b { b / a } else { a / b };
    if fmt(ratio) == fmt(1.0) {
        return same.to_string();
    }
    format!("{}× {}", fmt(ratio), if a <= b { less } else { more })
}

fn fmt(v: f64) -> String {
    encbench_format::units::significant(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::choice::testing::choice;

    fn none(_: &Choice) -> Option<String> {
        None
    }

    fn pick(choices: &[Choice], model: Model) -> String {
        let d = decide(choices, model, &none).unwrap();
        d.picked().choice.codec.clone()
    }

    #[test]
    fn a_recommendation_is_never_beaten_on_size_write_and_read_at_once() {
        // The old balanced ranking (one write + one move + one read) picked
        // `big`, which `small` beats on all three once each move is counted
        // where it happens: 10 MB/s, big moves in 200 ms, small in 100 ms.
        let choices = [
            choice("big", 2_000_000, Some(10.0), 10.0),
            choice("small", 1_000_000, Some(90.0), 90.0),
        ];
        let old = |c: &Choice| c.write_ns.unwrap() + transfer_ns(c.bytes, Some(10.0)) + c.read_ns;
        assert!(old(&choices[0]) < old(&choices[1]), "the old pick was big");
        let model = Model {
            link: Some(10.0),
            reads: 1,
            ..Model::new(Objective::Balanced)
        };
        let d = decide(&choices, model, &none).unwrap();
        assert_eq!(d.picked().choice.codec, "small");
        let (small, big) = (&d.priced[0], &d.priced[1]);
        assert!(small.dominates(big) && !big.dominates(small));
        // Under every objective and read count, nothing eligible dominates the pick.
        for objective in [
            Objective::Size,
            Objective::Decode,
            Objective::Encode,
            Objective::Balanced,
            Objective::Query,
        ] {
            for reads in [1, 10, 100] {
                let d = decide(
                    &choices,
                    Model {
                        reads,
                        link: Some(10.0),
                        objective,
                        ..Model::new(objective)
                    },
                    &none,
                )
                .unwrap();
                let pick = d.picked();
                assert!(
                    !d.ranked().any(|p| p.dominates(pick)),
                    "{objective:?} × {reads}: {} is dominated",
                    pick.choice.label()
                );
            }
        }
    }

    #[test]
    fn the_input_is_kept_unless_the_gain_clears_the_margin() {
        let input = choice("original", 1_000_000, None, 10.0);
        // 10 % smaller and as fast to read, plus a write: well short of 20 %.
        let close = choice("parquet", 900_000, Some(5.0), 10.0);
        let d = decide(
            &[input.clone(), close.clone()],
            Model::new(Objective::Balanced),
            &none,
        )
        .unwrap();
        assert!(d.picked().is_input());
        assert_eq!(d.priced[d.short_of_margin.unwrap()].choice.codec, "parquet");
        // Half the size and twice as fast: a clear gain.
        let clear = choice("parquet", 500_000, Some(5.0), 5.0);
        assert_eq!(
            pick(&[input.clone(), clear], Model::new(Objective::Balanced)),
            "parquet"
        );
        // The margin applies to the other objectives the input competes in.
        assert_eq!(
            pick(&[input.clone(), close.clone()], Model::new(Objective::Size)),
            "original"
        );
        let no_margin = Model {
            keep_margin: 0.0,
            ..Model::new(Objective::Size)
        };
        assert_eq!(pick(&[input, close], no_margin), "parquet");
    }

    #[test]
    fn a_much_larger_choice_needs_reads_twice_as_fast() {
        let input = choice("original", 1_000_000, None, 10.0);
        // 3× the size, 1.8× faster to read: not eligible, whatever its score.
        let big = choice("arrow", 3_000_000, Some(0.1), 10.0 / 1.8);
        let model = Model {
            keep_margin: 0.0,
            ..Model::new(Objective::Decode)
        };
        let d = decide(&[input.clone(), big], model, &none).unwrap();
        assert!(d.picked().is_input());
        let arrow = d.priced.iter().find(|p| p.choice.codec == "arrow").unwrap();
        assert!(
            arrow
                .excluded
                .as_deref()
                .unwrap()
                .contains("reads only 1.80× faster"),
            "{arrow:?}"
        );
        // 3× the size and 4× faster: eligible, and the fastest read.
        let fast = choice("arrow", 3_000_000, Some(0.1), 2.5);
        assert_eq!(pick(&[input, fast], model), "arrow");
    }

    #[test]
    fn more_reads_favour_the_faster_read_and_size_at_rest_always_counts() {
        let input = choice("original", 1_000_000, None, 40.0);
        let small = choice("small", 200_000, Some(20.0), 30.0);
        let fast = choice("fast", 1_400_000, Some(20.0), 1.0);
        let with = |reads| Model {
            reads,
            keep_margin: 0.0,
            ..Model::new(Objective::Balanced)
        };
        let list = [input, small, fast];
        assert_eq!(pick(&list, with(1)), "small");
        // Read 1000 times, the 30× faster read outweighs 7× the size.
        assert_eq!(pick(&list, with(1000)), "fast");
        let d = decide(&list, with(10), &none).unwrap();
        let input = d.input().unwrap();
        assert_eq!(input.score, Some(1.0), "the input's cost is 1");
        assert_eq!(input.life_ns, 10.0 * 40e6);
    }

    #[test]
    fn the_input_stores_its_size_on_disk_and_the_rest_is_projected() {
        let list = [
            choice("original", 1_000, None, 1.0),
            choice("parquet", 400, Some(2.0), 1.0),
        ];
        let model = Model {
            scale: 1000.0,
            input_bytes: Some(900_000.0),
            ..Model::new(Objective::Size)
        };
        let d = decide(&list, model, &none).unwrap();
        let stored = |codec: &str| {
            d.priced
                .iter()
                .find(|p| p.choice.codec == codec)
                .unwrap()
                .stored
        };
        assert_eq!(stored("original"), 900_000.0);
        assert_eq!(stored("parquet"), 400_000.0);
    }

    #[test]
    fn a_choice_whose_write_was_not_measured_is_never_picked() {
        let list = [
            choice("original", 1_000_000, None, 10.0),
            choice("parquet", 100_000, None, 1.0),
            choice("csv", 900_000, Some(5.0), 9.0),
        ];
        let d = decide(&list, Model::new(Objective::Balanced), &none).unwrap();
        let parquet = d
            .priced
            .iter()
            .find(|p| p.choice.codec == "parquet")
            .unwrap();
        assert_eq!(
            parquet.excluded.as_deref(),
            Some("its write was not measured")
        );
        assert_ne!(d.picked().choice.codec, "parquet");
    }

    #[test]
    fn ratios_are_always_said_the_same_way_round() {
        assert_eq!(size_against(100.0, 260.0), "2.60× smaller");
        assert_eq!(size_against(260.0, 100.0), "2.60× larger");
        assert_eq!(time_against(2.0, 3.0), "1.50× faster");
        assert_eq!(time_against(3.0, 2.0), "1.50× slower");
        assert_eq!(time_against(3.0, 3.001), "as fast");
    }
}
