//! The answers first: one screen of each scenario's question, the seed's
//! answer and this run's verdict, shared by the terminal and the HTML report.

use crate::units::significant;
use encbench_record::{Conclusion, RunDocument, Verdict};

/// How verdict badges look in every HTML page (the Chromium test looks
/// for these backgrounds on the first screen).
pub(crate) const VERDICT_CSS: &str = ".verdict{font-weight:600;white-space:nowrap;text-decoration:none;padding:1px 6px;border-radius:4px}\n\
     .verdict.holds{color:#1a7f37;background:#dafbe1}.verdict.not{color:#a0148c;background:#fbe4f6}\
     .verdict.unsure{color:#9a6700;background:#fff3c4}\n";

/// The mark and word a verdict is shown with.
pub fn mark(v: Verdict) -> &'static str {
    match v {
        Verdict::Holds => "✓ holds",
        Verdict::DoesNotHold => "✗ does not hold",
        Verdict::Inconclusive => "? inconclusive",
    }
}

/// `10.6× [10.4–10.9]`, or `1.10× (exact)` for sizes.
pub fn ratio_with_interval(c: &Conclusion) -> String {
    if c.ci_low == c.ci_high {
        format!("{}× (exact)", significant(c.ratio))
    } else {
        format!(
            "{}× [{}–{}]",
            significant(c.ratio),
            significant(c.ci_low),
            significant(c.ci_high)
        )
    }
}

/// `claim ≥ 10×; seed 000: 10.8×`, and `at 1.00 M; seed at 10.0 M` when
/// the seed measured more items than this run did.
pub fn claim_and_seed(c: &Conclusion) -> String {
    let mut s = format!(
        "claim {} {}×",
        if c.above { "≥" } else { "≤" },
        short(c.threshold)
    );
    if let (Some(seed), Some(v)) = (&c.seed, c.seed_value) {
        s.push_str(&format!("; seed {seed}: {}×", significant(v)));
    }
    if let (Some(here), Some(seed)) = (c.items, c.seed_items) {
        if here < seed {
            s.push_str(&format!(
                " at {}; here {}",
                crate::units::count(seed as f64),
                crate::units::count(here as f64)
            ));
        }
    }
    s
}

/// The rows compared, as `a ÷ b, operation medium`.
pub fn rows_compared(c: &Conclusion) -> String {
    let (n, d) = (&c.numerator, &c.denominator);
    // One row against a fixed allowance (a soak's memory growth).
    if n == d {
        return format!("{} {}, {}", n.codec, n.dataset, n.how());
    }
    if n.codec == d.codec && n.dataset != d.dataset {
        format!("{} {} ÷ {}, {}", n.codec, n.dataset, d.dataset, n.how())
    } else if n.how() == d.how() {
        format!("{} ÷ {}, {}", n.codec, d.codec, n.how())
    } else {
        format!("{} ÷ {}", n.describe(), d.describe())
    }
}

/// A threshold as written in a claim: `10`, `1.5`, `0.55`.
fn short(v: f64) -> String {
    let s = significant(v);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// How many conclusions reached each verdict: `9 hold · 4 do not · 1 inconclusive`.
pub fn tally(conclusions: &[Conclusion]) -> String {
    let count = |v| conclusions.iter().filter(|c| c.verdict == v).count();
    format!(
        "{} hold · {} do not hold · {} inconclusive",
        count(Verdict::Holds),
        count(Verdict::DoesNotHold),
        count(Verdict::Inconclusive)
    )
}

/// The summary screen for the terminal (empty when the run answered nothing).
pub fn render(doc: &RunDocument) -> String {
    if doc.conclusions.is_empty() {
        return String::new();
    }
    let env = &doc.environment;
    let mut out = format!(
        "━━ answers ━━ {} · {} mode · {} · {}\n\
         each ratio: this run's median ÷ median, [95% interval from the rows' samples]\n",
        env.cpu_model,
        env.mode,
        env.date,
        tally(&doc.conclusions)
    );
    let width = doc
        .conclusions
        .iter()
        .map(|c| c.scenario.chars().count())
        .max()
        .unwrap_or(0);
    for c in &doc.conclusions {
        out.push_str(&format!(
            "  {:<16} {:<width$}  {}\n  {:<16} {:<width$}  {} ({}) {}\n",
            mark(c.verdict),
            c.scenario,
            c.question,
            "",
            "",
            ratio_with_interval(c),
            claim_and_seed(c),
            rows_compared(c),
        ));
    }
    out
}

/// The summary as the HTML report's first screen: one row per question,
/// its verdict linking to the evidence in the scenario's section.
pub(crate) fn html(doc: &RunDocument) -> String {
    use crate::html_escape::escape;
    if doc.conclusions.is_empty() {
        return String::new();
    }
    let env = &doc.environment;
    let mut out = format!(
        "<section id=\"answers\"><h2>answers</h2>\n<p class=\"tally\">{} · {} · {} mode · {}</p>\n\
         <table class=\"answers\"><thead><tr><th>verdict</th><th>scenario</th><th>question</th>\
         <th class=\"num\">this run [95% CI]</th><th>claim · seed</th></tr></thead><tbody>\n",
        escape(&tally(&doc.conclusions)),
        escape(&env.cpu_model),
        escape(&env.mode),
        escape(&env.date)
    );
    for (i, c) in doc.conclusions.iter().enumerate() {
        out.push_str(&format!(
            "<tr><td><a class=\"verdict {}\" href=\"#answer-{i}\">{}</a></td><td>{}</td><td>{}</td>\
             <td class=\"num nowrap\">{}</td><td>{}</td></tr>\n",
            verdict_class(c.verdict),
            escape(mark(c.verdict)),
            escape(&c.scenario),
            escape(&c.question),
            escape(&ratio_with_interval(c)),
            escape(&claim_and_seed(c)),
        ));
    }
    out.push_str("</tbody></table>\n<p class=\"note\">ratio: median time (or bytes) of the first row ÷ the second; the interval is a bootstrap of the two rows' samples; a claim holds when the whole interval is on its side of the threshold, and is inconclusive when the interval straddles it.</p></section>\n");
    out
}

/// The evidence block a verdict links to, inside its scenario's section.
pub(crate) fn html_evidence(doc: &RunDocument, scenario: &str) -> String {
    use crate::html_escape::escape;
    let mut out = String::new();
    for (i, c) in doc
        .conclusions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.scenario == scenario)
    {
        out.push_str(&format!(
            "<div class=\"evidence\" id=\"answer-{i}\"><h3>{}</h3>\n<p><span class=\"verdict {}\">{}</span> {}</p>\n",
            escape(&c.question),
            verdict_class(c.verdict),
            escape(mark(c.verdict)),
            escape(&c.answer)
        ));
        if let Some(seed) = &c.seed_answer {
            out.push_str(&format!(
                "<p>seed {}: {}</p>\n",
                escape(c.seed.as_deref().unwrap_or("")),
                escape(seed)
            ));
        }
        out.push_str("<ul>");
        for side in [&c.numerator, &c.denominator] {
            if let Some(r) = doc.results.iter().find(|r| side.is(r)) {
                out.push_str(&format!(
                    "<li>{} ({}): median {} [{}–{}], {} samples{}</li>",
                    escape(&side.describe()),
                    escape(&r.dataset),
                    crate::units::duration(r.median_ns),
                    crate::units::duration(r.ci95_low_ns),
                    crate::units::duration(r.ci95_high_ns),
                    r.samples,
                    if r.noisy { ", noisy" } else { "" }
                ));
            }
        }
        out.push_str("</ul></div>\n");
    }
    out
}

pub(crate) fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Holds => "holds",
        Verdict::DoesNotHold => "not",
        Verdict::Inconclusive => "unsure",
    }
}
