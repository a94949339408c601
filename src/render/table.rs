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

    /// A row's cells, each written by `write` and padded to its column's width and alignment.
    fn padded(&self, cells: &[String], widths: &[usize], write: fn(&str) -> String) -> Vec<String> {
        cells
            .iter()
            .enumerate()
            .map(|(c, cell)| pad(&write(cell), widths[c], self.align[c]))
            .collect()
    }

    /// Aligned columns separated by two spaces, with a rule under the header.
    pub fn to_text(&self) -> String {
        let widths = self.widths();
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            out.push_str(
                self.padded(cells, &widths, str::to_string)
                    .join("  ")
                    .trim_end(),
            );
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

    /// Aligned text that fits `width` columns (counted in characters) where it can: a table
    /// that fits, or no width at all (output to a pipe or a file), is [`Table::to_text`] byte
    /// for byte; a wider one wraps its widest left-aligned column (the terms, say) within its
    /// cells, and where even that cannot fit, it is stacked: one block per row, a
    /// `Column: value` line per cell.
    ///
    /// ```
    /// use punto_banco::render::table::{Align, Table};
    /// let mut table = Table::new(&[("Bet", Align::Left), ("Terms", Align::Left)]);
    /// table.row(vec!["Dragon 7".into(), "Banco wins with a three-card 7: +40".into()]);
    /// assert_eq!(table.to_text_within(None), table.to_text());
    /// let narrow = table.to_text_within(Some(30));
    /// assert!(narrow.lines().all(|line| line.chars().count() <= 30));
    /// assert_eq!(narrow.lines().nth(2), Some("Dragon 7  Banco wins with a"));
    /// ```
    pub fn to_text_within(&self, width: Option<usize>) -> String {
        let Some(width) = width else {
            return self.to_text();
        };
        let widths = self.widths();
        let gaps = 2 * widths.len().saturating_sub(1);
        let natural: usize = widths.iter().sum::<usize>() + gaps;
        if natural <= width {
            return self.to_text();
        }
        match self.wrap_column(&widths, width) {
            Some((column, room)) => self.to_wrapped_text(column, room),
            None => self.to_stacked_text(width),
        }
    }

    /// The column to wrap and the room it has: the widest left-aligned column, when every
    /// other column keeps its width and its longest word still fits in what is left.
    fn wrap_column(&self, widths: &[usize], width: usize) -> Option<(usize, usize)> {
        let column = (0..widths.len())
            .filter(|&c| self.align[c] == Align::Left)
            .max_by_key(|&c| (widths[c], std::cmp::Reverse(c)))?;
        let others = widths.iter().sum::<usize>() - widths[column] + 2 * (widths.len() - 1);
        let room = width.checked_sub(others)?;
        let longest_word = std::iter::once(&self.header[column])
            .chain(self.rows.iter().map(|r| &r[column]))
            .flat_map(|cell| breakable_words(cell))
            .map(|word| word.chars().count())
            .max()
            .unwrap_or(0);
        (room > 0 && longest_word <= room).then_some((column, room))
    }

    /// The table with one column's cells wrapped into lines of at most `room` characters.
    fn to_wrapped_text(&self, column: usize, room: usize) -> String {
        let split = |cells: &[String]| -> Vec<Vec<String>> {
            cells
                .iter()
                .enumerate()
                .map(|(c, cell)| match c == column {
                    true => wrap(cell, room),
                    false => vec![cell.clone()],
                })
                .collect()
        };
        let header = split(&self.header);
        let rows: Vec<Vec<Vec<String>>> = self.rows.iter().map(|r| split(r)).collect();
        let widths: Vec<usize> = (0..self.header.len())
            .map(|c| {
                std::iter::once(&header)
                    .chain(&rows)
                    .flat_map(|cells| &cells[c])
                    .map(|line| line.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        let lines = |cells: &[Vec<String>], out: &mut String| {
            let height = cells.iter().map(Vec::len).max().unwrap_or(1);
            for i in 0..height {
                let padded: Vec<String> = cells
                    .iter()
                    .enumerate()
                    .map(|(c, cell)| {
                        let line = cell.get(i).map_or("", String::as_str);
                        pad(line, widths[c], self.align[c])
                    })
                    .collect();
                out.push_str(padded.join("  ").trim_end());
                out.push('\n');
            }
        };
        lines(&header, &mut out);
        let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
        out.push_str(&rule.join("  "));
        out.push('\n');
        for row in &rows {
            lines(row, &mut out);
        }
        out
    }

    /// The table as one block per row, a `Column: value` line per cell, values aligned and
    /// wrapped to `width`; blocks are separated by a blank line.
    fn to_stacked_text(&self, width: usize) -> String {
        let label_width = self
            .header
            .iter()
            .map(|h| h.chars().count() + 1)
            .max()
            .unwrap_or(0);
        let indent = label_width + 1;
        let room = width.saturating_sub(indent).max(1);
        let blocks: Vec<String> = self
            .rows
            .iter()
            .map(|row| {
                let mut block = String::new();
                for (label, cell) in self.header.iter().zip(row) {
                    let label = pad(&format!("{label}:"), label_width, Align::Left);
                    for (i, line) in wrap(cell, room).iter().enumerate() {
                        let lead = if i == 0 {
                            label.clone()
                        } else {
                            " ".repeat(label_width)
                        };
                        block.push_str(format!("{lead} {line}").trim_end());
                        block.push('\n');
                    }
                }
                block
            })
            .collect();
        blocks.join("\n")
    }

    /// A GitHub-flavoured Markdown table.
    pub fn to_markdown(&self) -> String {
        let widths = self.widths();
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            let padded = self.padded(cells, &widths, escape);
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

/// The words of a cell as a line may break between them: French sets a space before `:`,
/// `;`, `!`, `?`, `%` and `»` and after `«`, where no line may break.
pub(super) fn breakable_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let glued = matches!(word, ":" | ";" | "!" | "?" | "%" | "»")
            || words.last().is_some_and(|last| last == "«");
        match words.last_mut() {
            Some(last) if glued => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    words
}

/// A cell's text in lines of at most `room` characters, broken between words; a word longer
/// than the room (only a stacked table meets one) is cut.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut length = 0;
    for word in breakable_words(text) {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > room {
            if length > 0 {
                lines.push(std::mem::take(&mut line));
                length = 0;
            }
            lines.push(word.drain(..room).collect());
        }
        let n = word.len();
        if n == 0 {
            continue;
        }
        if length > 0 && length + 1 + n > room {
            lines.push(std::mem::take(&mut line));
            length = 0;
        }
        if length > 0 {
            line.push(' ');
            length += 1;
        }
        line.extend(word);
        length += n;
    }
    if length > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
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

    fn terms_table() -> Table {
        let mut table = Table::new(&[
            ("Bet", Align::Left),
            ("Terms", Align::Left),
            ("Edge", Align::Right),
        ]);
        table.row(vec![
            "Égalité".into(),
            "Tie: +8; otherwise −1".into(),
            "14.3596%".into(),
        ]);
        table.row(vec![
            "Dragon 7".into(),
            "Banco wins with a three-card 7: +40; otherwise −1".into(),
            "7.6113%".into(),
        ]);
        table
    }

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn no_width_or_room_enough_is_the_plain_text() {
        let table = terms_table();
        let plain = table.to_text();
        assert_eq!(table.to_text_within(None), plain);
        assert_eq!(table.to_text_within(Some(widest(&plain))), plain);
        assert_eq!(table.to_text_within(Some(1000)), plain);
    }

    #[test]
    fn a_wide_table_wraps_its_widest_text_column() {
        let wrapped = terms_table().to_text_within(Some(40));
        assert_eq!(
            wrapped,
            "Bet       Terms                   Edge\n\
             ────────  ──────────────────  ────────\n\
             Égalité   Tie: +8; otherwise  14.3596%\n\
             \x20         −1\n\
             Dragon 7  Banco wins with a    7.6113%\n\
             \x20         three-card 7: +40;\n\
             \x20         otherwise −1\n"
        );
        assert!(widest(&wrapped) <= 40);
    }

    #[test]
    fn a_table_that_cannot_wrap_is_stacked() {
        let stacked = terms_table().to_text_within(Some(24));
        assert_eq!(
            stacked,
            "Bet:   Égalité\n\
             Terms: Tie: +8;\n\
             \x20      otherwise −1\n\
             Edge:  14.3596%\n\
             \n\
             Bet:   Dragon 7\n\
             Terms: Banco wins with a\n\
             \x20      three-card 7:\n\
             \x20      +40; otherwise −1\n\
             Edge:  7.6113%\n"
        );
        assert!(widest(&stacked) <= 24);
    }

    #[test]
    fn french_punctuation_never_starts_a_line() {
        let mut table = Table::new(&[("Pari", Align::Left), ("Conditions", Align::Left)]);
        table.row(vec![
            "Punto".into(),
            "Punto gagne\u{a0}: +1\u{a0}; Égalité\u{a0}: remboursé\u{a0}; sinon −1".into(),
        ]);
        let wrapped = table.to_text_within(Some(30));
        assert_eq!(
            wrapped.lines().skip(2).collect::<Vec<_>>(),
            [
                "Punto  Punto gagne\u{a0}: +1\u{a0};",
                "       Égalité\u{a0}: remboursé\u{a0};",
                "       sinon −1"
            ]
        );
    }

    #[test]
    fn every_word_survives_wrapping() {
        let table = terms_table();
        for width in 1..80 {
            let text = table.to_text_within(Some(width));
            for word in [
                "Banco",
                "three-card",
                "+40;",
                "14.3596%",
                "7.6113%",
                "Égalité",
            ] {
                assert!(
                    text.contains(word) || width < word.chars().count() + 7,
                    "{width}: {word}"
                );
            }
        }
    }
}
