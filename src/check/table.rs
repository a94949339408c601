//! The reader of a tableau written as rule documents write it: a grid (Banco totals as rows,
//! Punto's third cards as columns, perhaps under a header) or a range table ("0–2 | Always"),
//! completed from the reference where the text is silent.

use super::{Assumed, CheckError, Claimed, ClaimedForm};
use crate::choices::{ChoiceRules, Rule};
use crate::rules::{Action, DrawingRules, PuntoMove, Rules};
use crate::shoe::Shoe;
use crate::tableau_text::{ACTION_WORDS, parse_action_word, parse_set};

/// One cell of a table line, with its 1-based column.
#[derive(Clone, Copy)]
struct Cell<'a> {
    text: &'a str,
    column: usize,
}

/// The separator of a table line: `|` (Markdown), a tab, or `None` for runs of spaces.
fn separator(line: &str) -> Option<char> {
    if line.contains('|') {
        Some('|')
    } else if line.contains('\t') {
        Some('\t')
    } else {
        None
    }
}

/// Splits a table line into cells on `|` (Markdown) or tabs; else on runs of spaces.
fn cells(line: &str) -> Vec<Cell<'_>> {
    let separator = separator(line);
    let pieces: Vec<&str> = match separator {
        Some(sep) => line.split(sep).collect(),
        None => line.split(' ').collect(),
    };
    let last = pieces.len().saturating_sub(1);
    let mut out = Vec::new();
    // The 1-based column where the current piece starts, counted in characters as it goes, so
    // that a long line costs its length once.
    let mut column = 1;
    for (index, piece) in pieces.into_iter().enumerate() {
        let start = column;
        column += piece.chars().count() + 1;
        let trimmed = piece.trim();
        if separator.is_none() && piece.is_empty() {
            continue; // Runs of spaces separate cells.
        }
        // The empty cells outside a Markdown row's first and last pipes are not cells.
        if separator == Some('|') && trimmed.is_empty() && (index == 0 || index == last) {
            continue;
        }
        let lead = piece.len() - piece.trim_start().len();
        out.push(Cell {
            text: trimmed,
            column: start + piece.get(..lead).map_or(0, |l| l.chars().count()),
        });
    }
    out
}

fn table_error(line: usize, column: usize, message: String) -> CheckError {
    CheckError::Table {
        line,
        column,
        // A marker such as "au choix" is read with a no-break space inside (see
        // `markers::joined`); the message quotes it as the text writes it.
        message: message.replace('\u{a0}', " "),
    }
}

/// How a grid's columns were read: from its header, or, without one, as Punto's third card
/// 0 to 9 in order, then Punto stood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridColumns {
    /// The header's line, 1-based; `None` for a grid without a header.
    pub header_line: Option<usize>,
    /// The columns in order.
    pub columns: Vec<GridColumn>,
}

/// One column of a grid: its label as written and the case whose decision it gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridColumn {
    /// The heading as written (the value itself, or "stood", for a grid without a header).
    pub label: String,
    /// What the column gives Banco's decision against.
    pub punto_move: PuntoMove,
}

impl GridColumns {
    /// The columns of a grid without a header: third cards 0 to 9, then, for an 11th cell,
    /// Punto stood.
    fn unlabelled(count: usize) -> GridColumns {
        GridColumns {
            header_line: None,
            columns: PuntoMove::ALL
                .iter()
                .take(count)
                .map(|&punto_move| GridColumn {
                    label: match punto_move {
                        PuntoMove::Drew(v) => v.to_string(),
                        PuntoMove::Stood => "stood".to_string(),
                    },
                    punto_move,
                })
                .collect(),
        }
    }

    fn moves(&self) -> Vec<PuntoMove> {
        self.columns.iter().map(|c| c.punto_move).collect()
    }
}

/// The header labels accepted, for error messages.
pub const COLUMN_LABELS: &str = "a third card 0 to 9, A (counts 1), 10, T, J, Q, K (count 0) \
     or a group such as 10/J/Q/K, or \"stood\"/\"resté\" (also \"Punto stood\", \"Punto resté\") \
     for the column when Punto stood";

/// The value of Punto's third card that a header label names: `0`–`9`, `10`, `A`, `T`, `J`,
/// `Q`, `K`, or several that count the same, such as `10/J/Q/K` or `0 (10, J, Q, K)`.
fn card_value(text: &str) -> Option<u8> {
    let mut value = None;
    let tokens = text
        .split(|c: char| c.is_whitespace() || "/,-–—()".contains(c))
        .filter(|t| !t.is_empty());
    for token in tokens {
        let v = match token.to_lowercase().as_str() {
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => d.as_bytes()[0] - b'0',
            "10" | "t" | "j" | "q" | "k" => 0,
            "a" | "ace" | "as" => 1,
            _ => return None,
        };
        if value.is_some_and(|w| w != v) {
            return None;
        }
        value = Some(v);
    }
    value
}

/// What a header label names: a third card, or Punto standing ("stood", "Punto resté").
fn column_label(text: &str) -> Option<PuntoMove> {
    let lower = text.trim().to_lowercase();
    let mut words: &[&str] = &lower.split_whitespace().collect::<Vec<_>>();
    if let [who, rest @ ..] = words
        && ["punto", "player", "joueur"].contains(who)
        && !rest.is_empty()
    {
        words = rest;
    }
    if let ["est" | "has", rest @ ..] = words
        && !rest.is_empty()
    {
        words = rest;
    }
    if let [word] = words
        && ["stood", "stands", "stand", "resté", "reste", "restée"].contains(word)
    {
        return Some(PuntoMove::Stood);
    }
    card_value(&lower).map(PuntoMove::Drew)
}

/// Whether a cell looks like a third-card heading, to tell a header from other lines: a
/// number, or a card such as `A` or `10/J/Q/K`. `T` is left out, since it is also a cell
/// (Tire), and so are cells with commas, which belong to range phrases.
fn card_like(text: &str) -> bool {
    let t = text.trim();
    (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        || (!t.contains(',') && !t.eq_ignore_ascii_case("t") && card_value(t).is_some())
}

/// A header names at least this many third cards in the way [`card_like`] recognizes.
const HEADER_CARDS: usize = 9;

/// Reads a header's columns. With separators, every cell after the first (the corner, which
/// labels the rows) is a column, and so is the first when it names one; with spaces, the
/// columns start at the first cell that names a third card. Every column must be readable,
/// and together they name each third card once and perhaps Punto stood.
fn read_header(
    cells: &[Cell],
    separated: bool,
    line: usize,
) -> Result<GridColumns, (usize, String)> {
    let mut labels: Vec<(String, usize)> = Vec::new();
    if separated {
        let skip = match cells.first() {
            Some(first) if column_label(first.text).is_some() => 0,
            _ => 1,
        };
        labels.extend(
            cells
                .iter()
                .skip(skip)
                .map(|c| (c.text.to_string(), c.column)),
        );
    } else {
        let start = cells
            .iter()
            .position(|c| card_like(c.text))
            .unwrap_or(cells.len());
        let rest = cells.get(start..).unwrap_or_default();
        let mut i = 0;
        while let Some(cell) = rest.get(i) {
            // "Punto stood" and "Punto est resté" are one label split by the spaces.
            let joined = column_label(cell.text).is_none().then(|| {
                (2..=3).find_map(|n| {
                    let words = rest.get(i..i + n)?;
                    let text = words.iter().map(|c| c.text).collect::<Vec<_>>().join(" ");
                    column_label(&text).is_some().then_some((text, n))
                })
            });
            let joined = joined.flatten();
            let (text, n) = joined.unwrap_or_else(|| (cell.text.to_string(), 1));
            labels.push((text, cell.column));
            i += n;
        }
    }
    let mut seen: [Option<(String, usize)>; 11] = Default::default();
    let mut columns = Vec::new();
    for (label, column) in labels {
        let punto_move = column_label(&label).ok_or_else(|| {
            (
                column,
                format!("`{label}` is not a column heading: expected {COLUMN_LABELS}"),
            )
        })?;
        let slot = &mut seen[punto_move.column()];
        if let Some((other, other_column)) = slot {
            let what = match punto_move {
                PuntoMove::Drew(v) => format!("Punto's third card {v}"),
                PuntoMove::Stood => "the column when Punto stood".to_string(),
            };
            return Err((
                column,
                format!(
                    "`{label}` names {what}, as `{other}` in column {other_column} does: a header names each third card 0 to 9 once (an ace counts 1, a 10 and the faces 0), and perhaps Punto stood"
                ),
            ));
        }
        *slot = Some((label.clone(), column));
        columns.push(GridColumn { label, punto_move });
    }
    let missing: Vec<String> = (0..10)
        .filter(|&v| seen[v].is_none())
        .map(|v| v.to_string())
        .collect();
    if !missing.is_empty() {
        let first = cells.first().map_or(1, |c| c.column);
        return Err((
            first,
            format!(
                "the header names no column for Punto's third card {}: it needs one for each of 0 to 9 (an ace counts 1, a 10 and the faces 0), and may add one for Punto stood",
                missing.join(", ")
            ),
        ));
    }
    Ok(GridColumns {
        header_line: Some(line),
        columns,
    })
}

/// A header met while reading, kept until a grid row uses it; a header that cannot be read
/// is an error only then, so that a line of prose that happens to look like one is harmless.
struct Header {
    line: usize,
    columns: Result<GridColumns, (usize, String)>,
}

/// The last line read that was not blank, a comment or a rule.
enum Previous<'a> {
    Row,
    Other {
        line: usize,
        cells: Vec<Cell<'a>>,
        separator: Option<char>,
    },
}

/// One grid row: Banco's rule against each third card, and when Punto stood if given (a
/// cell marked "au choix" leaves the decision to Banco).
#[derive(Clone, Copy)]
struct GridRow {
    drew: [Rule; 10],
    stood: Option<Rule>,
}

/// What a claimed table's rows say, before they are checked for completeness.
#[derive(Default)]
struct TableRows {
    grid: [Option<GridRow>; 10],
    /// Range rows: the third cards each Banco total draws against.
    ranges: [Option<[bool; 10]>; 10],
    /// How the grid's columns were read, from its first row.
    columns: Option<GridColumns>,
    last_line: usize,
    /// Punto's totals a line leaves to the player ("au choix à 5"), in the order read.
    punto_choices: Vec<u8>,
}

/// Whether a row label is meant as a Banco total: it starts with a digit, as `3`, `0–2` and
/// `10` do, while legends and prose start with words.
fn looks_like_total(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
}

/// Reads a grid or a range table (not a rule file) into claimed rules.
pub(super) fn read_table(text: &str) -> Result<Claimed, CheckError> {
    let reference = DrawingRules::reference();
    let mut rows = TableRows::default();
    let mut header: Option<Header> = None;
    let mut previous: Option<Previous> = None;
    let lines: Vec<std::borrow::Cow<str>> = text.lines().map(super::markers::joined).collect();
    for (index, line) in lines.iter().enumerate() {
        let line: &str = line;
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(found) = super::markers::punto_choices(line, &reference) {
            let totals = found.map_err(|(column, message)| table_error(number, column, message))?;
            rows.punto_choices.extend(totals);
            continue;
        }
        let cells = cells(line);
        let is_rule = |c: &Cell| {
            !c.text.is_empty() && c.text.chars().all(|ch| matches!(ch, '-' | ':' | '─' | ' '))
        };
        let Some(first) = cells.first().copied() else {
            continue;
        };
        if cells.iter().all(is_rule) {
            continue; // A Markdown separator or a text table's rule.
        }
        let sep = separator(line);
        if cells.iter().filter(|c| card_like(c.text)).count() >= HEADER_CARDS {
            header = Some(Header {
                line: number,
                columns: read_header(&cells, sep.is_some(), number),
            });
            previous = Some(Previous::Other {
                line: number,
                cells,
                separator: sep,
            });
            continue;
        }
        let rest = &cells[1..];
        let words = rest
            .iter()
            .filter(|c| {
                parse_action_word(c.text).is_some()
                    || c.text == "N"
                    || super::markers::is_choice(c.text)
            })
            .count();
        let grid_like = words >= 3;
        let range_like =
            sep.is_some() && rest.len() == 1 && rest.iter().all(|c| parse_set(c.text).is_ok());
        let totals = match parse_set(first.text) {
            Ok(totals) if !rest.is_empty() => totals,
            _ if looks_like_total(first.text) && (grid_like || range_like) => {
                return Err(table_error(
                    number,
                    first.column,
                    format!(
                        "`{}` is not a Banco total: a row starts with Banco's two-card total, 0 to 9 (in a range table also a range such as 0–2)",
                        first.text
                    ),
                ));
            }
            _ => {
                // Prose, legends and other tables.
                previous = Some(Previous::Other {
                    line: number,
                    cells,
                    separator: sep,
                });
                continue;
            }
        };
        if grid_like {
            // The line just above a grid's first row is its header when it is laid out as
            // one: the same separator, and a cell for each column (perhaps with a corner).
            if let Some(Previous::Other {
                line: above,
                cells: above_cells,
                separator: above_sep,
            }) = &previous
                && above_sep.is_some()
                && *above_sep == sep
                && (above_cells.len() == cells.len() || above_cells.len() + 1 == cells.len())
                && header.as_ref().is_none_or(|h| h.line != *above)
            {
                header = Some(Header {
                    line: *above,
                    columns: read_header(above_cells, true, *above),
                });
            }
            read_grid_row(
                &mut rows,
                &reference,
                &totals,
                &cells,
                header.as_ref(),
                number,
            )?;
        } else {
            read_range_row(&mut rows, &reference, &totals, &cells, line, number)?;
        }
        previous = Some(Previous::Row);
        rows.last_line = number;
    }
    complete(rows, &reference)
}

fn read_grid_row(
    rows: &mut TableRows,
    reference: &DrawingRules,
    totals: &[bool; 10],
    cells: &[Cell],
    header: Option<&Header>,
    line: usize,
) -> Result<(), CheckError> {
    let Some((first, actions)) = cells.split_first() else {
        return Ok(());
    };
    let single: Vec<usize> = (0..10).filter(|&t| totals[t]).collect();
    let [total] = single.as_slice() else {
        return Err(table_error(
            line,
            first.column,
            format!(
                "a grid row is labelled with one Banco total, not `{}`",
                first.text
            ),
        ));
    };
    let total = *total;
    let columns = match header {
        Some(Header {
            line: header_line,
            columns: Err((column, message)),
        }) => return Err(table_error(*header_line, *column, message.clone())),
        Some(Header {
            columns: Ok(columns),
            ..
        }) => columns.clone(),
        None => GridColumns::unlabelled(actions.len().min(11)),
    };
    if actions.len() != columns.columns.len() || !(10..=11).contains(&actions.len()) {
        let expected = match columns.header_line {
            Some(h) => format!(
                "{} (as many as the header on line {h} names)",
                columns.columns.len()
            ),
            None => "10 (Punto's third card 0 to 9) or 11 (then Punto stood)".to_string(),
        };
        return Err(table_error(
            line,
            first.column,
            format!(
                "the row for Banco total {total} has {} cells: expected {expected}",
                actions.len()
            ),
        ));
    }
    match &rows.columns {
        None => rows.columns = Some(columns.clone()),
        Some(earlier) if earlier.moves() != columns.moves() && columns.header_line.is_some() => {
            let place = |c: &GridColumns| match c.header_line {
                Some(h) => format!("the header on line {h}"),
                None => "no header".to_string(),
            };
            return Err(table_error(
                line,
                first.column,
                format!(
                    "this row is read with {}, but the grid's first row with {}, which orders the columns differently: give the tableau as one grid",
                    place(&columns),
                    place(earlier)
                ),
            ));
        }
        Some(_) => {}
    }
    if reference.is_natural(total as u8) {
        if let Some(cell) = actions.iter().find(|c| super::markers::is_choice(c.text)) {
            return Err(table_error(
                line,
                cell.column,
                format!(
                    "`{}` leaves a choice to Banco on {total}, but Banco total {total} is a natural, so Banco never draws or chooses there: mark its cells N or leave the row out",
                    cell.text
                ),
            ));
        }
        if let Some(cell) = actions.iter().find(|c| c.text != "N") {
            return Err(table_error(
                line,
                cell.column,
                format!(
                    "Banco total {total} is a natural, so Banco never consults this row: mark its cells N or leave it out"
                ),
            ));
        }
        return Ok(());
    }
    if rows.grid[total].is_some() {
        return Err(table_error(
            line,
            first.column,
            format!("the row for Banco total {total} is given twice"),
        ));
    }
    let mut drew = [None; 10];
    let mut stood = None;
    for (cell, column) in actions.iter().zip(&columns.columns) {
        let action = match parse_action_word(cell.text) {
            Some(action) => Rule::from(action),
            None if super::markers::is_choice(cell.text) => Rule::Choice,
            None => {
                return Err(table_error(
                    line,
                    cell.column,
                    super::markers::not_a_cell(cell.text, ACTION_WORDS),
                ));
            }
        };
        match column.punto_move {
            PuntoMove::Drew(v) => {
                if let Some(slot) = drew.get_mut(v as usize) {
                    *slot = Some(action);
                }
            }
            PuntoMove::Stood => stood = Some(action),
        }
    }
    let mut row = [Rule::Stand; 10];
    for (value, (slot, action)) in row.iter_mut().zip(drew).enumerate() {
        // A header names every third card, so this only guards the invariant.
        *slot = action.ok_or_else(|| {
            table_error(
                line,
                first.column,
                format!(
                    "the row for Banco total {total} gives no action against a third card {value}"
                ),
            )
        })?;
    }
    rows.grid[total] = Some(GridRow { drew: row, stood });
    Ok(())
}

fn read_range_row(
    rows: &mut TableRows,
    reference: &DrawingRules,
    totals: &[bool; 10],
    cells: &[Cell],
    line_text: &str,
    line: usize,
) -> Result<(), CheckError> {
    let Some((first, rest)) = cells.split_first() else {
        return Ok(());
    };
    let Some(second) = rest.first() else {
        return Ok(());
    };
    // With spaces for separators, the phrase is everything after the label.
    let phrase = if separator(line_text).is_none() {
        rest.iter().map(|c| c.text).collect::<Vec<_>>().join(" ")
    } else if rest.len() == 1 {
        second.text.to_string()
    } else {
        return Err(table_error(
            line,
            first.column,
            format!(
                "a range row has two cells, Banco totals and the third cards they draw against; this one has {}",
                cells.len()
            ),
        ));
    };
    let against =
        parse_set(&phrase).map_err(|e| table_error(line, second.column, e.to_string()))?;
    for total in (0..10).filter(|&t| totals[t]) {
        if reference.is_natural(total as u8) {
            return Err(table_error(
                line,
                first.column,
                format!(
                    "Banco total {total} is a natural, so Banco never consults a row for it: leave it out"
                ),
            ));
        }
        if rows.ranges[total].is_some() {
            return Err(table_error(
                line,
                first.column,
                format!("Banco total {total} is covered twice"),
            ));
        }
        rows.ranges[total] = Some(against);
    }
    Ok(())
}

/// Checks that every Banco total is stated (once, consistently) and completes the rules.
fn complete(rows: TableRows, reference: &DrawingRules) -> Result<Claimed, CheckError> {
    let has_grid = rows.grid.iter().any(Option::is_some);
    let has_ranges = rows.ranges.iter().any(Option::is_some);
    let form = match (has_grid, has_ranges) {
        (true, _) => ClaimedForm::Grid,
        (false, true) => ClaimedForm::Ranges,
        (false, false) => return Err(CheckError::NoTable),
    };
    let missing: Vec<String> = (0..10u8)
        .filter(|&t| !reference.is_natural(t))
        .filter(|&t| rows.grid[t as usize].is_none() && rows.ranges[t as usize].is_none())
        .map(|t| t.to_string())
        .collect();
    if !missing.is_empty() {
        let missing = match missing.as_slice() {
            [one] => format!("total {one}"),
            _ => format!("totals {}", missing.join(", ")),
        };
        return Err(CheckError::MissingRow {
            missing,
            line: rows.last_line,
        });
    }
    let mut drawing = reference.clone();
    let mut banco_choices = Vec::new();
    let mut stood_given = 0;
    let stated = (0..10u8).filter(|&t| !reference.is_natural(t));
    for total in stated.clone() {
        let t = total as usize;
        let grid = rows.grid[t];
        for value in 0..10 {
            let from_grid = grid.map(|row| row.drew[value]);
            let from_ranges =
                rows.ranges[t].map(|set| if set[value] { Rule::Draw } else { Rule::Stand });
            let rule = match (from_grid, from_ranges) {
                (Some(a), Some(b)) if a != b => {
                    return Err(CheckError::Inconsistent {
                        total,
                        third: value as u8,
                    });
                }
                (Some(a), _) | (None, Some(a)) => a,
                // Every stated total has a grid or a range row, as checked above.
                (None, None) => Rule::from(drawing.banco[t][value]),
            };
            // A cell left to Banco keeps the reference's action in the fixed rules, so that
            // the comparison with the reference is of the fixed cells only.
            match rule {
                Rule::Draw => drawing.banco[t][value] = Action::Draw,
                Rule::Stand => drawing.banco[t][value] = Action::Stand,
                Rule::Choice => banco_choices.push((total, PuntoMove::Drew(value as u8))),
            }
        }
        if let Some(stood) = grid.and_then(|row| row.stood) {
            match stood {
                Rule::Draw => drawing.banco[t][PuntoMove::Stood.column()] = Action::Draw,
                Rule::Stand => drawing.banco[t][PuntoMove::Stood.column()] = Action::Stand,
                Rule::Choice => banco_choices.push((total, PuntoMove::Stood)),
            }
            stood_given += 1;
        }
    }
    let stated_rows = stated.count();
    if stood_given != 0 && stood_given != stated_rows {
        return Err(CheckError::PartialStood);
    }
    let mut assumed = vec![Assumed::Naturals, Assumed::PuntoRule];
    if stood_given == 0 {
        assumed.push(Assumed::BancoWhenPuntoStands);
    }
    assumed.push(Assumed::Tariff);
    let mut punto_choices = rows.punto_choices;
    punto_choices.sort_unstable();
    punto_choices.dedup();
    let choices = (!punto_choices.is_empty() || !banco_choices.is_empty())
        .then(|| ChoiceRules::fixed(&drawing).with_choices(&punto_choices, &banco_choices));
    Ok(Claimed {
        form,
        name: None,
        title: None,
        source: None,
        shoe: Shoe::reference(),
        rules: Rules {
            drawing,
            tariff: Rules::reference().tariff,
        },
        claims: Vec::new(),
        assumed,
        columns: if has_grid { rows.columns } else { None },
        dealing: None,
        choices,
    })
}
