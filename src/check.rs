//! The claimed-rules checker: reads a claimed rule set (a rule file, or a tableau written as
//! rule documents write it) and reports every difference from the reference with its exact
//! cost, and whether each stated figure holds.

use crate::analysis::Analysis;
use crate::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use crate::tableau_text::parse_set;
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
        "the claimed tableau has no row for Banco total {missing} (after line {line}); every Banco total 0–7 needs one"
    )]
    MissingRow { missing: String, line: usize },
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

fn action_cell(cell: &Cell, line: usize) -> Result<Action, CheckError> {
    match cell.text.to_lowercase().as_str() {
        "d" | "draw" | "draws" | "t" | "tire" | "tirer" => Ok(Action::Draw),
        "s" | "stand" | "stands" | "r" | "reste" | "rester" => Ok(Action::Stand),
        _ => Err(CheckError::Table {
            line,
            column: cell.column,
            message: format!(
                "`{}` is not an action: expected D or S (Draw/Stand, Tire/Reste, T/R)",
                cell.text
            ),
        }),
    }
}

fn is_stood_label(text: &str) -> bool {
    let t = text.to_lowercase();
    t.contains("stood") || t.contains("stand") || t.contains("resté") || t.contains("reste")
}

fn read_table(text: &str) -> Result<Claimed, CheckError> {
    let reference = DrawingRules::reference();
    let mut rows: [Option<[Option<Action>; 11]>; 10] = [None; 10];
    let mut header: Option<Vec<Option<usize>>> = None;
    let mut form: Option<ClaimedForm> = None;
    let mut last_line = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let cells = cells(line);
        if cells
            .iter()
            .all(|c| !c.text.is_empty() && c.text.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
        {
            continue; // A Markdown separator row.
        }
        // A header: Punto third cards 0–9 (and perhaps "stood") after a first label cell.
        let digits: Vec<Option<usize>> = cells
            .iter()
            .skip(1)
            .map(|c| {
                if is_stood_label(c.text) {
                    Some(10)
                } else {
                    c.text.parse::<usize>().ok().filter(|&v| v < 10)
                }
            })
            .collect();
        let header_like =
            cells.len() >= 11 && digits.iter().filter(|d| d.is_some_and(|v| v < 10)).count() == 10;
        if header_like
            && cells
                .first()
                .is_none_or(|c| c.text.parse::<usize>().is_err())
        {
            header = Some(digits);
            continue;
        }
        let Some(first) = cells.first() else { continue };
        let label_total = first
            .text
            .parse::<usize>()
            .ok()
            .filter(|&t| t < 10 && first.text.len() == 1);
        if cells.len() >= 3 {
            let Some(total) = label_total else { continue };
            // A grid row: a Banco total, then 10 or 11 actions.
            if form == Some(ClaimedForm::Ranges) {
                return Err(CheckError::Table {
                    line: number,
                    column: first.column,
                    message: "a grid row in a range table: write the whole tableau one way".into(),
                });
            }
            form = Some(ClaimedForm::Grid);
            let actions = &cells[1..];
            let columns: Vec<Option<usize>> = match &header {
                Some(h) => h.clone(),
                None => (0..11).map(Some).collect(),
            };
            if actions.len() != 10 && actions.len() != 11 || actions.len() > columns.len() {
                return Err(CheckError::Table {
                    line: number,
                    column: first.column,
                    message: format!(
                        "the row for Banco total {total} has {} cells: expected 10 (Punto's third card 0 to 9) or 11 (then Punto stood)",
                        actions.len()
                    ),
                });
            }
            if rows[total].is_some() {
                return Err(CheckError::Table {
                    line: number,
                    column: first.column,
                    message: format!("the row for Banco total {total} is given twice"),
                });
            }
            let mut row = [None; 11];
            for (cell, column) in actions.iter().zip(&columns) {
                let action = action_cell(cell, number)?;
                let Some(column) = column else {
                    return Err(CheckError::Table {
                        line: number,
                        column: cell.column,
                        message: "this column's heading is not a third card 0–9 or \"stood\""
                            .into(),
                    });
                };
                row[*column] = Some(action);
            }
            rows[total] = Some(row);
            last_line = number;
        } else if cells.len() == 2 {
            // A range row: Banco totals, then the third cards they draw against.
            let Ok(totals) = parse_set(first.text) else {
                continue;
            };
            if form == Some(ClaimedForm::Grid) {
                return Err(CheckError::Table {
                    line: number,
                    column: first.column,
                    message: "a range row in a grid: write the whole tableau one way".into(),
                });
            }
            form = Some(ClaimedForm::Ranges);
            let against = parse_set(cells[1].text).map_err(|e| CheckError::Table {
                line: number,
                column: cells[1].column,
                message: e.to_string(),
            })?;
            for total in (0..10).filter(|&t| totals[t]) {
                if rows[total].is_some() {
                    return Err(CheckError::Table {
                        line: number,
                        column: first.column,
                        message: format!("Banco total {total} is covered twice"),
                    });
                }
                let mut row = [None; 11];
                for (value, slot) in row.iter_mut().take(10).enumerate() {
                    *slot = Some(if against[value] {
                        Action::Draw
                    } else {
                        Action::Stand
                    });
                }
                rows[total] = Some(row);
            }
            last_line = number;
        }
    }
    let form = form.ok_or(CheckError::NoTable)?;
    let mut drawing = reference.clone();
    let missing: Vec<String> = (0..10u8)
        .filter(|&t| !reference.is_natural(t) && rows[t as usize].is_none())
        .map(|t| t.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(CheckError::MissingRow {
            missing: missing.join(", "),
            line: last_line,
        });
    }
    let mut stood_stated = true;
    for total in (0..10u8).filter(|&t| !reference.is_natural(t)) {
        let row = rows[total as usize].expect("every non-natural row was checked above");
        for (column, &punto_move) in PuntoMove::ALL.iter().enumerate() {
            match row[column] {
                Some(action) => drawing.banco[total as usize][column] = action,
                None if punto_move == PuntoMove::Stood => stood_stated = false,
                None => unreachable!("grid and range rows fill every third-card column"),
            }
        }
    }
    let mut assumed = vec![Assumed::Naturals, Assumed::PuntoRule];
    if !stood_stated {
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
            let mut changed = ours.clone();
            changed.naturals[total as usize] = theirs.naturals[total as usize];
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
