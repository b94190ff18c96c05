//! A small aligned table, rendered as plain text or as Markdown.

/// Rows of cells under a header; numeric columns are right-aligned.
pub struct Table {
    pub headers: Vec<String>,
    pub right: Vec<bool>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    fn widths(&self) -> Vec<usize> {
        let mut widths: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        widths
    }

    /// Space-aligned text with a rule under the header.
    pub fn plain(&self, indent: &str) -> String {
        let widths = self.widths();
        let line = |cells: Vec<&str>| {
            let parts: Vec<String> = cells
                .iter()
                .zip(&widths)
                .zip(&self.right)
                .map(|((c, w), right)| {
                    if *right {
                        format!("{c:>w$}")
                    } else {
                        format!("{c:<w$}")
                    }
                })
                .collect();
            format!("{indent}{}\n", parts.join("  ").trim_end())
        };
        let mut out = line(self.headers.iter().map(String::as_str).collect());
        let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
        out.push_str(&line(rule.iter().map(String::as_str).collect()));
        for row in &self.rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
        out
    }

    /// A GitHub-flavoured Markdown table.
    pub fn markdown(&self) -> String {
        let escape = |s: &str| s.replace('|', "\\|");
        let mut out = format!("| {} |\n", self.headers.join(" | "));
        let align: Vec<&str> = self
            .right
            .iter()
            .map(|r| if *r { "---:" } else { "---" })
            .collect();
        out.push_str(&format!("| {} |\n", align.join(" | ")));
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| escape(c)).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out
    }
}
