//! Several runs side by side — typically one per machine: who ran where,
//! each question's verdict per run, and whether the runs agree or the
//! answer flips from one machine to another.

use crate::html_escape::escape;
use crate::summary::{mark, ratio_with_interval, verdict_class, VERDICT_CSS};
use crate::units;
use encbench_record::{Conclusion, Environment, RowRef, RunDocument, Verdict};

/// One run in the comparison, with the name it is shown under.
pub struct Run<'a> {
    /// `run 12`, or the file it was read from.
    pub label: String,
    /// The run.
    pub doc: &'a RunDocument,
}

/// Whether the runs that answered a question agree on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Every run that answered reached the same verdict.
    Agree,
    /// Some hold and some do not: the answer depends on the machine.
    Flips,
    /// Same direction nowhere contradicted, but some runs could not tell.
    Partly,
    /// Only one run answered it.
    Alone,
}

impl Agreement {
    /// How it is printed.
    pub fn as_str(self) -> &'static str {
        match self {
            Agreement::Agree => "agree",
            Agreement::Flips => "FLIPS",
            Agreement::Partly => "partly inconclusive",
            Agreement::Alone => "one run only",
        }
    }
}

/// One question across the runs: its conclusion in each run, where answered.
pub struct Question<'a> {
    /// Scenario name.
    pub scenario: &'a str,
    /// The question.
    pub question: &'a str,
    /// Per run, in the order given.
    pub answers: Vec<Option<&'a Conclusion>>,
}

impl Question<'_> {
    /// Agreement of the verdicts given.
    pub fn agreement(&self) -> Agreement {
        let verdicts: Vec<Verdict> = self.answers.iter().flatten().map(|c| c.verdict).collect();
        if verdicts.len() < 2 {
            return Agreement::Alone;
        }
        let has = |v| verdicts.contains(&v);
        if has(Verdict::Holds) && has(Verdict::DoesNotHold) {
            Agreement::Flips
        } else if verdicts.iter().all(|v| *v == verdicts[0]) {
            Agreement::Agree
        } else {
            Agreement::Partly
        }
    }
}

/// Every question any run answered, in first-seen order, with each run's answer.
pub fn questions<'a>(runs: &[Run<'a>]) -> Vec<Question<'a>> {
    let mut out: Vec<Question<'a>> = Vec::new();
    for (i, run) in runs.iter().enumerate() {
        for c in &run.doc.conclusions {
            let at = out
                .iter()
                .position(|q| q.scenario == c.scenario && q.question == c.question);
            let q = match at {
                Some(at) => &mut out[at],
                None => {
                    out.push(Question {
                        scenario: &c.scenario,
                        question: &c.question,
                        answers: vec![None; runs.len()],
                    });
                    out.last_mut().expect("just pushed")
                }
            };
            q.answers[i] = Some(c);
        }
    }
    out
}

/// How many questions flip between the runs.
fn flips(questions: &[Question<'_>]) -> usize {
    questions
        .iter()
        .filter(|q| q.agreement() == Agreement::Flips)
        .count()
}

/// `AMD EPYC · 2 cores · x86_64 · Debian … · 2026-11-24 · quick`.
pub fn machine(env: &Environment) -> String {
    format!(
        "{} · {} cores · {} · {} · {} · {} mode · {}",
        env.cpu_model, env.logical_cores, env.arch, env.os, env.date, env.mode, env.git_commit
    )
}

/// The comparison for a terminal.
pub fn render(runs: &[Run<'_>]) -> String {
    let mut out = String::from("━━ machines ━━\n");
    for (i, run) in runs.iter().enumerate() {
        out.push_str(&format!(
            "  [{}] {}: {}\n",
            i + 1,
            run.label,
            machine(&run.doc.environment)
        ));
    }
    let questions = questions(runs);
    if questions.is_empty() {
        out.push_str("\nno run holds conclusions to compare\n");
        return out;
    }
    let flips = flips(&questions);
    out.push_str(&format!(
        "\n━━ answers per machine ━━ {} questions · {flips} flip between machines\n",
        questions.len()
    ));
    for q in &questions {
        out.push_str(&format!(
            "  {:<20} {}: {}\n",
            q.agreement().as_str(),
            q.scenario,
            q.question
        ));
        for (i, answer) in q.answers.iter().enumerate() {
            let cell = match answer {
                Some(c) => format!("{:<16} {}", mark(c.verdict), ratio_with_interval(c)),
                None => "— not measured".to_string(),
            };
            out.push_str(&format!("  {:<20}   [{}] {cell}\n", "", i + 1));
        }
    }
    out
}

/// The comparison as one self-contained HTML page: the verdict matrix
/// first, then the machines, then the rows behind each verdict.
pub fn html(runs: &[Run<'_>]) -> String {
    let questions = questions(runs);
    let mut out = String::from(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>encbench: runs side by side</title>\n<style>\n\
         body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1300px;color:#222}\n\
         table{border-collapse:collapse;font-size:13px;margin:1em 0}\n\
         th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}\n\
         .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n\
         tr.flips td.agreement{color:#b00;font-weight:700}\n\
         .note{color:#555}\n",
    );
    out.push_str(VERDICT_CSS);
    out.push_str("</style></head><body>\n<h1>encbench: runs side by side</h1>\n");
    let flips = flips(&questions);
    out.push_str(&format!(
        "<section id=\"answers\"><h2>answers per machine</h2>\n<p>{} runs · {} questions · {flips} flip between machines</p>\n",
        runs.len(),
        questions.len()
    ));
    out.push_str("<table class=\"matrix\"><thead><tr><th>scenario</th><th>question</th>");
    for (i, run) in runs.iter().enumerate() {
        out.push_str(&format!(
            "<th title=\"{}\">[{}] {}<br><span class=\"note\">{}</span></th>",
            escape(&machine(&run.doc.environment)),
            i + 1,
            escape(&run.label),
            escape(&run.doc.environment.cpu_model)
        ));
    }
    out.push_str("<th>runs</th></tr></thead><tbody>\n");
    for (k, q) in questions.iter().enumerate() {
        let agreement = q.agreement();
        out.push_str(&format!(
            "<tr class=\"{}\"><td>{}</td><td><a href=\"#q-{k}\">{}</a></td>",
            if agreement == Agreement::Flips {
                "flips"
            } else {
                ""
            },
            escape(q.scenario),
            escape(q.question)
        ));
        for answer in &q.answers {
            match answer {
                Some(c) => out.push_str(&format!(
                    "<td><span class=\"verdict {}\">{}</span><br><span class=\"num\">{}</span></td>",
                    verdict_class(c.verdict),
                    escape(mark(c.verdict)),
                    escape(&ratio_with_interval(c))
                )),
                None => out.push_str("<td class=\"note\">not measured</td>"),
            }
        }
        out.push_str(&format!(
            "<td class=\"agreement\">{}</td></tr>\n",
            escape(agreement.as_str())
        ));
    }
    out.push_str("</tbody></table>\n<p class=\"note\">each cell: this run's verdict and ratio [95% interval from the two rows' samples]; FLIPS: the claim holds on one machine and not on another.</p></section>\n");

    out.push_str("<section id=\"machines\"><h2>machines</h2><table><thead><tr><th>run</th><th>CPU</th><th class=\"num\">cores</th><th>arch</th><th>OS</th><th>rustc</th><th>date</th><th>mode</th><th>commit</th><th class=\"num\">memcpy</th></tr></thead><tbody>\n");
    for (i, run) in runs.iter().enumerate() {
        let e = &run.doc.environment;
        let memcpy = run
            .doc
            .results
            .iter()
            .find(|r| r.codec == "reference/memcpy")
            .map(|r| units::rate(r.logical_mb_per_s))
            .unwrap_or_else(|| "—".into());
        out.push_str(&format!(
            "<tr><td>[{}] {}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td></tr>\n",
            i + 1,
            escape(&run.label),
            escape(&e.cpu_model),
            e.logical_cores,
            escape(&e.arch),
            escape(&e.os),
            escape(&e.rustc),
            escape(&e.date),
            escape(&e.mode),
            escape(&e.git_commit),
            escape(&memcpy)
        ));
    }
    out.push_str("</tbody></table></section>\n<section id=\"evidence\"><h2>the rows behind each verdict</h2>\n");
    for (k, q) in questions.iter().enumerate() {
        out.push_str(&format!(
            "<h3 id=\"q-{k}\">{}: {}</h3>\n<table><thead><tr><th>run</th><th>verdict</th><th>rows compared</th><th class=\"num\">first row median</th><th class=\"num\">second row median</th><th class=\"num\">ratio [95% CI]</th></tr></thead><tbody>\n",
            escape(q.scenario),
            escape(q.question)
        ));
        for (i, (run, answer)) in runs.iter().zip(&q.answers).enumerate() {
            let Some(c) = answer else { continue };
            let median = |side: &RowRef| {
                run.doc
                    .results
                    .iter()
                    .find(|r| side.is(r))
                    .map(|r| units::duration(r.median_ns))
                    .unwrap_or_else(|| "—".into())
            };
            out.push_str(&format!(
                "<tr><td>[{}]</td><td><span class=\"verdict {}\">{}</span></td><td>{} ÷ {}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                i + 1,
                verdict_class(c.verdict),
                escape(mark(c.verdict)),
                escape(&c.numerator.describe()),
                escape(&c.denominator.describe()),
                escape(&median(&c.numerator)),
                escape(&median(&c.denominator)),
                escape(&ratio_with_interval(c))
            ));
        }
        out.push_str("</tbody></table>\n");
    }
    out.push_str("</section></body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_verdict(doc: &RunDocument, verdict: Verdict, cpu: &str) -> RunDocument {
        let mut d = doc.clone();
        d.environment.cpu_model = cpu.into();
        for c in &mut d.conclusions {
            c.verdict = verdict;
        }
        d
    }

    #[test]
    fn verdicts_line_up_per_machine_and_flips_are_named() {
        let base = crate::tests::document();
        let x86 = with_verdict(&base, Verdict::Holds, "AMD EPYC");
        let arm = with_verdict(&base, Verdict::DoesNotHold, "Neoverse-N1");
        let mut old = base.clone();
        old.conclusions.clear();
        let runs = [
            Run {
                label: "run 1".into(),
                doc: &x86,
            },
            Run {
                label: "run 2".into(),
                doc: &arm,
            },
            Run {
                label: "old.json".into(),
                doc: &old,
            },
        ];
        let qs = questions(&runs);
        assert_eq!(qs.len(), 1);
        assert_eq!(qs[0].agreement(), Agreement::Flips);
        assert!(qs[0].answers[2].is_none());
        let text = render(&runs);
        assert!(text.contains("[2] run 2: Neoverse-N1 · 2 cores"), "{text}");
        assert!(text.contains("FLIPS"), "{text}");
        assert!(
            text.contains("[1] ✓ holds") && text.contains("[2] ✗ does not hold"),
            "{text}"
        );
        assert!(text.contains("[3] — not measured"), "{text}");
        let page = html(&runs);
        assert!(page.find("id=\"answers\"").unwrap() < page.find("id=\"machines\"").unwrap());
        assert!(page.contains("<tr class=\"flips\">") && page.contains("href=\"#q-0\""));
        assert!(page.contains("id=\"q-0\"") && page.contains("Neoverse-N1"));
        // Two runs that agree.
        let same = [
            Run {
                label: "a".into(),
                doc: &x86,
            },
            Run {
                label: "b".into(),
                doc: &x86,
            },
        ];
        assert_eq!(questions(&same)[0].agreement(), Agreement::Agree);
        let unsure = with_verdict(&base, Verdict::Inconclusive, "M2");
        let partly = [
            Run {
                label: "a".into(),
                doc: &x86,
            },
            Run {
                label: "b".into(),
                doc: &unsure,
            },
        ];
        assert_eq!(questions(&partly)[0].agreement(), Agreement::Partly);
    }
}
