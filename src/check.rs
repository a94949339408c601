//! The claimed-rules checker: reads a claimed rule set (a rule file, or a tableau written as
//! rule documents write it) and reports every difference from the reference with its exact
//! cost, and whether each stated figure holds.

use crate::analysis::Analysis;
use crate::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use crate::tableau_text::{ACTION_WORDS, parse_action_word, parse_set};
use crate::variants::{Claim, RuleSet, RuleSetError, claimed_value};
use num_bigint::BigInt;
use num_rational::BigRational;

/// What kind of text the claim was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimedForm {
    /// A complete rule-set file (JSON).
    RuleFile,
    /// A grid: Banco totals as rows, Punto third cards 0–9 (and perhaps "stood") as columns.
    Grid,
    /// A range table as the teaching texts print it: "0–2 | Always".
    Ranges,
}

/// A part of the rules that a claimed text does not state, taken from the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assumed {
    Naturals,
    PuntoRule,
    BancoWhenPuntoStands,
    Tariff,
}

/// A claimed rule set, completed from the reference where the text is silent.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub form: ClaimedForm,
    pub name: Option<String>,
    pub shoe: Shoe,
    pub rules: Rules,
    pub claims: Vec<Claim>,
    pub assumed: Vec<Assumed>,
}

/// A claimed text that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("{0}")]
    RuleFile(#[from] RuleSetError),
    #[error("line {line}, column {column}: {message}")]
    Table {
        line: usize,
        column: usize,
        message: String,
    },
    #[error(
        "no tableau found: expected a rule file (JSON), a grid with Banco totals as rows and Punto third cards 0–9 as columns (S/D, Stand/Draw, Reste/Tire cells, separated by | or tabs), or a range table such as \"0–2 | Always\""
    )]
    NoTable,
    #[error(
        "the claimed tableau, which ends at line {line}, has no row for Banco {missing}; every Banco total that is not a natural needs one"
    )]
    MissingRow { missing: String, line: usize },
    #[error("the grid and the range table disagree on Banco {total} against a third card {third}")]
    Inconsistent { total: u8, third: u8 },
    #[error(
        "some grid rows give Banco's action when Punto stood and others do not: give it in every row or in none"
    )]
    PartialStood,
    #[error(transparent)]
    Shoe(#[from] ShoeError),
}

/// Reads a claimed rule set: JSON when the text starts with `{`, else a grid or a range table.
pub fn read_claimed(text: &str) -> Result<Claimed, CheckError> {
    if text.trim_start().starts_with('{') {
        let set = RuleSet::from_json(text)?;
        return Ok(Claimed {
            form: ClaimedForm::RuleFile,
            shoe: set.shoe_or_reference(),
            name: Some(set.name),
            rules: set.rules,
            claims: set.claims,
            assumed: Vec::new(),
        });
    }
    read_table(text)
}

/// One cell of a table line, with its 1-based column.
struct Cell<'a> {
    text: &'a str,
    column: usize,
}

/// Splits a table line into cells on `|` (Markdown) or tabs; else on runs of spaces.
fn cells(line: &str) -> Vec<Cell<'_>> {
    let separator: Option<char> = if line.contains('|') {
        Some('|')
    } else if line.contains('\t') {
        Some('\t')
    } else {
        None
    };
    let mut out = Vec::new();
    let mut start = 0;
    let pieces: Vec<(usize, &str)> = match separator {
        Some(sep) => line
            .split(sep)
            .map(|piece| {
                let at = start;
                start += piece.len() + sep.len_utf8();
                (at, piece)
            })
            .collect(),
        None => line
            .split(' ')
            .map(|piece| {
                let at = start;
                start += piece.len() + 1;
                (at, piece)
            })
            .filter(|(_, p)| !p.is_empty())
            .collect(),
    };
    let last = pieces.len().saturating_sub(1);
    for (index, (at, piece)) in pieces.into_iter().enumerate() {
        let trimmed = piece.trim();
        // The empty cells outside a Markdown row's first and last pipes are not cells.
        if separator == Some('|') && trimmed.is_empty() && (index == 0 || index == last) {
            continue;
        }
        let lead = piece.len() - piece.trim_start().len();
        out.push(Cell {
            text: trimmed,
            column: line[..at + lead].chars().count() + 1,
        });
    }
    out
}

fn table_error(line: usize, column: usize, message: String) -> CheckError {
    CheckError::Table {
        line,
        column,
        message,
    }
}

/// The third-card columns a header names: its last 10 or 11 cells, each of 0–9 exactly once,
/// then perhaps "stood" / "resté". `Ok(None)` when the line is no header at all.
fn header_columns(cells: &[Cell], line: usize) -> Result<Option<Vec<usize>>, CheckError> {
    let column_of = |cell: &Cell| {
        let t = cell.text.to_lowercase();
        if ["stood", "resté", "punto stood", "punto resté"].contains(&t.as_str()) {
            Some(10)
        } else if t.len() == 1 {
            t.parse::<usize>().ok()
        } else {
            None
        }
    };
    // A header's trailing cells are all column names; a data row's are actions.
    let trailing: Vec<(usize, &Cell)> = cells
        .iter()
        .rev()
        .map_while(|c| column_of(c).map(|col| (col, c)))
        .collect();
    if trailing.len() < 10 {
        return Ok(None);
    }
    let mut columns: Vec<usize> = trailing.iter().rev().map(|(col, _)| *col).collect();
    let first = trailing.last().map_or(1, |(_, c)| c.column);
    if columns.len() > 11 {
        columns.drain(..columns.len() - 11);
    }
    let mut seen = [false; 11];
    for &col in &columns {
        if seen[col] {
            return Err(table_error(
                line,
                first,
                "the header names a column twice: it must name each third card 0–9 once, then perhaps \"stood\"".into(),
            ));
        }
        seen[col] = true;
    }
    if seen[..10].iter().any(|s| !s) || (columns.len() == 11 && !seen[10]) {
        return Err(table_error(
            line,
            first,
            "the header must name each third card 0–9 once, then perhaps \"stood\"".into(),
        ));
    }
    Ok(Some(columns))
}

/// What a claimed table's rows say, before they are checked for completeness.
#[derive(Default)]
struct TableRows {
    /// Grid rows: an action per column (column 10 is "Punto stood", when given).
    grid: [Option<[Option<Action>; 11]>; 10],
    /// Range rows: the third cards each Banco total draws against.
    ranges: [Option<[bool; 10]>; 10],
    last_line: usize,
}

fn read_table(text: &str) -> Result<Claimed, CheckError> {
    let reference = DrawingRules::reference();
    let mut rows = TableRows::default();
    let mut header: Option<Vec<usize>> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let cells = cells(line);
        let is_rule = |c: &Cell| {
            !c.text.is_empty() && c.text.chars().all(|ch| matches!(ch, '-' | ':' | '─' | ' '))
        };
        if cells.is_empty() || cells.iter().all(is_rule) {
            continue; // A Markdown separator or a text table's rule.
        }
        if let Some(columns) = header_columns(&cells, number)? {
            header = Some(columns);
            continue;
        }
        let Ok(totals) = parse_set(cells[0].text) else {
            continue; // Prose, legends and other tables.
        };
        let rest = &cells[1..];
        if rest.is_empty() {
            continue;
        }
        let words = rest
            .iter()
            .filter(|c| parse_action_word(c.text).is_some() || c.text == "N")
            .count();
        if words >= 3 {
            read_grid_row(
                &mut rows,
                &reference,
                &totals,
                &cells,
                header.as_deref(),
                number,
            )?;
        } else {
            read_range_row(&mut rows, &reference, &totals, &cells, line, number)?;
        }
        rows.last_line = number;
    }
    complete(rows, &reference)
}

fn read_grid_row(
    rows: &mut TableRows,
    reference: &DrawingRules,
    totals: &[bool; 10],
    cells: &[Cell],
    header: Option<&[usize]>,
    line: usize,
) -> Result<(), CheckError> {
    let first = &cells[0];
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
    let actions = &cells[1..];
    let columns: Vec<usize> = match header {
        Some(h) => h.to_vec(),
        None => (0..actions.len().min(11)).collect(),
    };
    if actions.len() != columns.len() || !(10..=11).contains(&actions.len()) {
        let expected = match header {
            Some(h) => format!("{} (as many as the header names)", h.len()),
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
    if reference.is_natural(total as u8) {
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
    let mut row = [None; 11];
    for (cell, &column) in actions.iter().zip(&columns) {
        let action = parse_action_word(cell.text).ok_or_else(|| {
            table_error(
                line,
                cell.column,
                format!("`{}` is not an action: expected {ACTION_WORDS}", cell.text),
            )
        })?;
        row[column] = Some(action);
    }
    rows.grid[total] = Some(row);
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
    let first = &cells[0];
    // With spaces for separators, the phrase is everything after the label.
    let spaced = !line_text.contains('|') && !line_text.contains('\t');
    let phrase = if spaced {
        cells[1..]
            .iter()
            .map(|c| c.text)
            .collect::<Vec<_>>()
            .join(" ")
    } else if cells.len() == 2 {
        cells[1].text.to_string()
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
        parse_set(&phrase).map_err(|e| table_error(line, cells[1].column, e.to_string()))?;
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
    let mut stood_given = 0;
    let stated = (0..10u8).filter(|&t| !reference.is_natural(t));
    for total in stated.clone() {
        let t = total as usize;
        for value in 0..10 {
            let from_grid = rows.grid[t].and_then(|row| row[value]);
            let from_ranges = rows.ranges[t].map(|set| {
                if set[value] {
                    Action::Draw
                } else {
                    Action::Stand
                }
            });
            let action = match (from_grid, from_ranges) {
                (Some(a), Some(b)) if a != b => {
                    return Err(CheckError::Inconsistent {
                        total,
                        third: value as u8,
                    });
                }
                (Some(a), _) | (None, Some(a)) => a,
                (None, None) => {
                    unreachable!("grid rows fill columns 0–9 and range rows every value")
                }
            };
            drawing.banco[t][value] = action;
        }
        if let Some(stood) = rows.grid[t].and_then(|row| row[PuntoMove::Stood.column()]) {
            drawing.banco[t][PuntoMove::Stood.column()] = stood;
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
    Ok(Claimed {
        form,
        name: None,
        shoe: Shoe::reference(),
        rules: Rules {
            drawing,
            tariff: Rules::reference().tariff,
        },
        claims: Vec::new(),
        assumed,
    })
}

/// One drawing decision on which the claimed rules and the reference disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// A cell of the Banco tableau.
    Banco { total: u8, punto_move: PuntoMove },
    /// Punto's rule on a two-card total.
    Punto { total: u8 },
    /// Whether a two-card total is a natural.
    Natural { total: u8 },
}

/// The exact change of each main bet's house edge (claimed minus reference), in the order
/// Punto, Banco, Tie.
pub type EdgeChanges = [BigRational; 3];

/// A drawing difference with its exact cost.
#[derive(Debug, Clone)]
pub struct DrawingDifference {
    pub decision: Decision,
    /// What the claimed rules do (for a natural: `Stand` means "is a natural").
    pub claimed: Action,
    pub reference: Action,
    /// The probability that a coup reaches this decision, under the claimed rules; `None` for naturals.
    pub reach: Option<BigRational>,
    /// The change this difference alone makes to each main bet's edge, under the reference tariff.
    pub edge_change: EdgeChanges,
}

/// A bet whose terms differ from the reference's, or that the reference lacks.
#[derive(Debug, Clone)]
pub struct TariffDifference {
    pub key: String,
    pub claimed: Option<Terms>,
    pub reference: Option<Terms>,
    /// The bet's edge under the claimed terms (with the reference drawing rules), when claimed.
    pub claimed_edge: Option<BigRational>,
    /// The bet's edge under the reference terms, when the reference has it.
    pub reference_edge: Option<BigRational>,
}

/// A claim and its verdict.
#[derive(Debug, Clone)]
pub struct ClaimResult {
    pub claim: Claim,
    /// The exact value; `None` when the claim names a bet the rules lack.
    pub exact: Option<BigRational>,
    pub holds: bool,
}

/// The checker's findings.
#[derive(Debug, Clone)]
pub struct Report {
    pub claimed: Claimed,
    pub drawing_differences: Vec<DrawingDifference>,
    /// All drawing differences together, under the reference tariff.
    pub drawing_change: EdgeChanges,
    pub tariff_differences: Vec<TariffDifference>,
    /// Each main bet's edge under the reference and under the claimed rules (drawing and tariff).
    pub reference_edges: EdgeChanges,
    pub claimed_edges: EdgeChanges,
    pub claims: Vec<ClaimResult>,
}

impl Report {
    /// Whether every claim holds (differences alone are information, not failure).
    pub fn claims_hold(&self) -> bool {
        self.claims.iter().all(|c| c.holds)
    }
}

fn main_edges(analysis: &Analysis) -> EdgeChanges {
    MainBet::ALL.map(|bet| analysis.edge(bet))
}

fn minus(a: &EdgeChanges, b: &EdgeChanges) -> EdgeChanges {
    [0, 1, 2].map(|i| &a[i] - &b[i])
}

/// Compares a claimed rule set with the reference, exactly, on the claimed shoe.
pub fn check(claimed: Claimed) -> Result<Report, CheckError> {
    let shoe = &claimed.shoe;
    let reference = Rules::reference();
    let reference_analysis = Analysis::new(shoe, &reference)?;
    let reference_edges = main_edges(&reference_analysis);
    let sequences = BigInt::from(reference_analysis.sequences().clone());
    let fraction = |count: &num_bigint::BigUint| {
        BigRational::new(BigInt::from(count.clone()), sequences.clone())
    };

    let with_drawing = |drawing: DrawingRules| -> Result<EdgeChanges, CheckError> {
        let rules = Rules {
            drawing,
            tariff: reference.tariff.clone(),
        };
        Ok(minus(
            &main_edges(&Analysis::new(shoe, &rules)?),
            &reference_edges,
        ))
    };

    let ours = &reference.drawing;
    let theirs = &claimed.rules.drawing;
    let reach = crate::enumerate::cell_reach(shoe, theirs)?;
    let mut drawing_differences = Vec::new();
    for total in 0..10u8 {
        if ours.naturals[total as usize] != theirs.naturals[total as usize] {
            // The claim's own Punto and Banco rows for this total come with it: when the
            // total stops being a natural they are consulted, and the reference has none.
            let mut changed = ours.clone();
            changed.naturals[total as usize] = theirs.naturals[total as usize];
            changed.punto[total as usize] = theirs.punto[total as usize];
            changed.banco[total as usize] = theirs.banco[total as usize];
            let as_action = |natural: bool| if natural { Action::Stand } else { Action::Draw };
            drawing_differences.push(DrawingDifference {
                decision: Decision::Natural { total },
                claimed: as_action(theirs.naturals[total as usize]),
                reference: as_action(ours.naturals[total as usize]),
                reach: None,
                edge_change: with_drawing(changed)?,
            });
        }
    }
    for total in (0..10u8).filter(|&t| !ours.is_natural(t) && !theirs.is_natural(t)) {
        if ours.punto_action(total) != theirs.punto_action(total) {
            let mut changed = ours.clone();
            changed.punto[total as usize] = theirs.punto_action(total);
            drawing_differences.push(DrawingDifference {
                decision: Decision::Punto { total },
                claimed: theirs.punto_action(total),
                reference: ours.punto_action(total),
                reach: Some(fraction(&reach.punto[total as usize])),
                edge_change: with_drawing(changed)?,
            });
        }
    }
    for total in (0..10u8).filter(|&t| !ours.is_natural(t) && !theirs.is_natural(t)) {
        for punto_move in PuntoMove::ALL {
            let (a, b) = (
                ours.banco_action(total, punto_move),
                theirs.banco_action(total, punto_move),
            );
            if a != b {
                drawing_differences.push(DrawingDifference {
                    decision: Decision::Banco { total, punto_move },
                    claimed: b,
                    reference: a,
                    reach: Some(fraction(&reach.banco[total as usize][punto_move.column()])),
                    edge_change: with_drawing(ours.with_banco_cell(total, punto_move, b))?,
                });
            }
        }
    }
    let drawing_change = if drawing_differences.is_empty() {
        minus(&reference_edges, &reference_edges)
    } else {
        with_drawing(theirs.clone())?
    };

    let mut tariff_differences = Vec::new();
    let reference_bets = reference.tariff.all();
    let claimed_bets = claimed.rules.tariff.all();
    let mut keys: Vec<&str> = reference_bets.iter().map(|(k, _)| *k).collect();
    for (key, _) in &claimed_bets {
        if !keys.contains(key) {
            keys.push(key);
        }
    }
    let claimed_tariff_on_reference_drawing = Analysis::new(
        shoe,
        &Rules {
            drawing: reference.drawing.clone(),
            tariff: claimed.rules.tariff.clone(),
        },
    )?;
    for key in keys {
        let ours = reference_bets
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, t)| t.clone());
        let theirs = claimed_bets
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, t)| t.clone());
        if ours == theirs {
            continue;
        }
        tariff_differences.push(TariffDifference {
            key: key.to_string(),
            claimed_edge: theirs
                .as_ref()
                .map(|t| claimed_tariff_on_reference_drawing.edge_of(t)),
            reference_edge: ours.as_ref().map(|t| reference_analysis.edge_of(t)),
            claimed: theirs,
            reference: ours,
        });
    }

    let claimed_analysis = Analysis::new(shoe, &claimed.rules)?;
    let claimed_edges = main_edges(&claimed_analysis);
    let claims = claimed
        .claims
        .iter()
        .map(|claim| {
            let exact = claimed_value(claim, &claimed_analysis);
            let holds = exact.as_ref().is_some_and(|e| claim.stated.holds(e));
            ClaimResult {
                claim: claim.clone(),
                exact,
                holds,
            }
        })
        .collect();
    Ok(Report {
        claimed,
        drawing_differences,
        drawing_change,
        tariff_differences,
        reference_edges,
        claimed_edges,
        claims,
    })
}
