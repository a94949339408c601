//! A plain table rendered as aligned text or as Markdown.

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Cells start at the column's left edge.
    Left,
    /// Cells end at the column's right edge (figures).
    Right,
    /// Cells are centred (the tableau's one-letter cells).
    Center,
}

/// A table of text cells with a header row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    header: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headings and alignments.
    pub fn new(columns: &[(&str, Align)]) -> Table {
        Table {
            header: columns.iter().map(|(h, _)| h.to_string()).collect(),
            align: columns.iter().map(|(_, a)| *a).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row; it must have one cell per column.
    pub fn row(&mut self, cells: Vec<String>) -> &mut Table {
        debug_assert_eq!(cells.len(), self.header.len());
        self.rows.push(cells);
        self
    }

    fn widths(&self) -> Vec<usize> {
        (0..self.header.len())
            .map(|c| {
                std::iter::once(&self.header[c])
                    .chain(self.rows.iter().map(|r| &r[c]))
                    .map(|cell| cell.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// Aligned columns separated by two spaces, with a rule under the header.
    pub fn to_text(&self) -> String {
        let widths = self.widths();
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            let padded: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(c, cell)| pad(cell, widths[c], self.align[c]))
                .collect();
            out.push_str(padded.join("  ").trim_end());
            out.push('\n');
        };
        line(&self.header, &mut out);
        let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
        out.push_str(&rule.join("  "));
        out.push('\n');
        for row in &self.rows {
            line(row, &mut out);
        }
        out
    }

    /// A GitHub-flavoured Markdown table.
    pub fn to_markdown(&self) -> String {
        let widths = self.widths();
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            let padded: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(c, cell)| pad(&escape(cell), widths[c], self.align[c]))
                .collect();
            out.push_str(&format!("| {} |\n", padded.join(" | ")));
        };
        line(&self.header, &mut out);
        let rule: Vec<String> = widths
            .iter()
            .zip(&self.align)
            .map(|(w, a)| {
                let dashes = "-".repeat((*w).max(3));
                match a {
                    Align::Left => format!(":{}", &dashes[1..]),
                    Align::Right => format!("{}:", &dashes[1..]),
                    Align::Center => format!(":{}:", &dashes[2..]),
                }
            })
            .collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
        for row in &self.rows {
            line(row, &mut out);
        }
        out
    }
}

fn escape(cell: &str) -> String {
    cell.replace('|', "\\|")
}

fn pad(cell: &str, width: usize, align: Align) -> String {
    let len = cell.chars().count();
    let gap = width.saturating_sub(len);
    match align {
        Align::Left => format!("{cell}{}", " ".repeat(gap)),
        Align::Right => format!("{}{cell}", " ".repeat(gap)),
        Align::Center => {
            let left = gap / 2;
            format!("{}{cell}{}", " ".repeat(left), " ".repeat(gap - left))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_text_and_markdown() {
        let mut table = Table::new(&[("Bet", Align::Left), ("Edge", Align::Right)]);
        table.row(vec!["Punto".into(), "1.2351%".into()]);
        table.row(vec!["Égalité".into(), "14.3596%".into()]);
        assert_eq!(
            table.to_text(),
            "Bet          Edge\n───────  ────────\nPunto     1.2351%\nÉgalité  14.3596%\n"
        );
        assert_eq!(
            table.to_markdown(),
            "| Bet     |     Edge |\n| :------ | -------: |\n| Punto   |  1.2351% |\n| Égalité | 14.3596% |\n"
        );
    }
}
