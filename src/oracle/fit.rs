//! Statistical fit: an engine's observed counts against the exact probabilities.
//!
//! The expected probabilities are exact; the test statistic, its p-value and the power
//! calculation are floating point by nature, computed here from the exact values.

use crate::enumerate::exact_tally;
use crate::rules::Action;
use crate::rules::DrawingRules;
use crate::shoe::{Shoe, ShoeError};
use crate::tally::{FinalState, Winner};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use statrs::distribution::{ChiSquared, ContinuousCDF};
use statrs::function::gamma::ln_gamma;
use std::collections::BTreeMap;

/// A grouping of coups into cells, each with an exact probability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grouping {
    /// Punto, Banco, Tie.
    Outcomes,
    /// Punto total, Banco total, cards each hand took.
    FinalStates,
    /// Punto's and Banco's two-card totals.
    Openings,
    /// The value of the card dealt at one of the first four positions (1 to 4).
    Position(u8),
}

impl Grouping {
    /// The grouping's key in JSON: `outcomes`, `final_states`, `openings`, `position_1`…
    pub fn key(self) -> String {
        match self {
            Grouping::Outcomes => "outcomes".into(),
            Grouping::FinalStates => "final_states".into(),
            Grouping::Openings => "openings".into(),
            Grouping::Position(k) => format!("position_{k}"),
        }
    }
}

/// A cell's code, the same in every language: `banco` (an outcome), `P1 B3 3+2` (a final
/// state: totals and cards per hand), `P3 B3` (an opening's two-card totals), `9` (a card
/// value), `pooled 12` (twelve rare cells pooled into one).
pub type Cell = String;

/// Observed counts by grouping and cell.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Observed {
    pub groups: BTreeMap<Grouping, BTreeMap<Cell, u64>>,
}

impl Observed {
    /// Adds `count` coups to a cell.
    pub fn add(&mut self, grouping: Grouping, cell: Cell, count: u64) {
        *self
            .groups
            .entry(grouping)
            .or_default()
            .entry(cell)
            .or_default() += count;
    }

    /// Adds one coup as an engine dealt it: the card values in deal order, and which hands
    /// drew (where the log does not say, a lone fifth card goes to the hand the rules would
    /// give it). The engine's own account is counted, not what the rules would have done.
    pub fn add_dealt(
        &mut self,
        rules: &DrawingRules,
        values: &[u8],
        punto_draws: Option<bool>,
        winner: Option<Winner>,
    ) {
        for (k, v) in values.iter().take(4).enumerate() {
            self.add(Grouping::Position(k as u8 + 1), v.to_string(), 1);
        }
        if values.len() < 4 || values.len() > 6 {
            return;
        }
        let (p, b) = ((values[0] + values[2]) % 10, (values[1] + values[3]) % 10);
        self.add(Grouping::Openings, opening_cell(p, b), 1);
        let punto_draws = match values.len() {
            4 => false,
            6 => true,
            _ => punto_draws.unwrap_or_else(|| {
                !rules.is_natural(p)
                    && !rules.is_natural(b)
                    && rules.punto_action(p) == Action::Draw
            }),
        };
        let mut punto = vec![values[0], values[2]];
        let mut banco = vec![values[1], values[3]];
        let mut rest = values[4..].iter();
        if punto_draws {
            punto.extend(rest.next());
        }
        banco.extend(rest.next());
        let state = FinalState {
            punto_total: crate::coup::hand_total(&punto),
            banco_total: crate::coup::hand_total(&banco),
            punto_cards: punto.len() as u8,
            banco_cards: banco.len() as u8,
            natural: false,
        };
        let winner = winner.unwrap_or(state.winner());
        self.add(Grouping::Outcomes, winner.key().into(), 1);
        self.add(Grouping::FinalStates, state_cell(state), 1);
    }
}

/// The cell of a final state.
pub fn state_cell(state: FinalState) -> Cell {
    format!(
        "P{} B{} {}+{}",
        state.punto_total, state.banco_total, state.punto_cards, state.banco_cards
    )
}

/// The cell of an opening.
pub fn opening_cell(punto: u8, banco: u8) -> Cell {
    format!("P{punto} B{banco}")
}

/// The exact probability of every cell of a grouping, for a shoe and drawing rules.
pub fn expected(
    shoe: &Shoe,
    rules: &DrawingRules,
    grouping: Grouping,
) -> Result<BTreeMap<Cell, BigRational>, ShoeError> {
    let mut cells: BTreeMap<Cell, BigUint> = BTreeMap::new();
    match grouping {
        Grouping::Outcomes | Grouping::FinalStates => {
            let tally = exact_tally(shoe, rules)?;
            for (state, weight) in tally.states() {
                let cell = match grouping {
                    Grouping::Outcomes => state.winner().key().to_string(),
                    _ => state_cell(state),
                };
                *cells.entry(cell).or_default() += weight;
            }
        }
        Grouping::Openings => {
            let openings = crate::enumerate::opening_totals(shoe)?;
            for (p, row) in openings.iter().enumerate() {
                for (b, weight) in row.iter().enumerate() {
                    *cells.entry(opening_cell(p as u8, b as u8)).or_default() += weight;
                }
            }
        }
        Grouping::Position(_) => {
            shoe.check_playable()?;
            for (v, &count) in shoe.value_counts().iter().enumerate() {
                cells.insert(v.to_string(), BigUint::from(count));
            }
        }
    }
    // Every grouping partitions all sequences (or all cards), so the cells sum to the total.
    let total = BigInt::from(cells.values().sum::<BigUint>());
    Ok(cells
        .into_iter()
        .map(|(cell, w)| (cell, BigRational::new(BigInt::from(w), total.clone())))
        .collect())
}

/// One cell of a test: observed and expected counts and the standardized residual.
#[derive(Debug, Clone, PartialEq)]
pub struct CellFit {
    pub cell: Cell,
    pub observed: u64,
    pub expected: f64,
    /// (observed − expected) / √(expected · (1 − p)): about standard normal under the rules.
    pub residual: f64,
}

/// The chi-square goodness-of-fit test of one grouping.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupFit {
    pub grouping: Grouping,
    pub coups: u64,
    pub chi_square: f64,
    pub degrees_of_freedom: u64,
    pub p_value: f64,
    /// Cells ordered by |residual|, largest first.
    pub cells: Vec<CellFit>,
    /// Observed cells the rules make impossible (probability 0).
    pub impossible: Vec<(Cell, u64)>,
    /// How many cells with fewer than 5 expected coups were pooled into one.
    pub pooled: usize,
}

/// Tests every grouping of the observed counts against the exact probabilities.
pub fn fit(
    shoe: &Shoe,
    rules: &DrawingRules,
    observed: &Observed,
) -> Result<Vec<GroupFit>, ShoeError> {
    observed
        .groups
        .iter()
        .map(|(&grouping, counts)| {
            let probabilities = expected(shoe, rules, grouping)?;
            Ok(test(grouping, &probabilities, counts))
        })
        .collect()
}

fn test(
    grouping: Grouping,
    probabilities: &BTreeMap<Cell, BigRational>,
    counts: &BTreeMap<Cell, u64>,
) -> GroupFit {
    let n: u64 = counts.values().sum();
    let nf = n as f64;
    let impossible: Vec<(Cell, u64)> = counts
        .iter()
        .filter(|&(cell, &count)| {
            count > 0
                && probabilities
                    .get(cell)
                    .is_none_or(|p| p.numer() == &BigInt::from(0))
        })
        .map(|(cell, &count)| (cell.clone(), count))
        .collect();
    let mut cells = Vec::new();
    let (mut pooled_observed, mut pooled_expected, mut pooled) = (0u64, 0f64, 0usize);
    for (cell, p) in probabilities {
        let p = p.to_f64().unwrap_or(0.0);
        if p == 0.0 {
            continue;
        }
        let observed = counts.get(cell).copied().unwrap_or(0);
        let expected = nf * p;
        if expected < 5.0 {
            pooled_observed += observed;
            pooled_expected += expected;
            pooled += 1;
            continue;
        }
        cells.push(CellFit {
            cell: cell.clone(),
            observed,
            expected,
            residual: (observed as f64 - expected) / (expected * (1.0 - p)).sqrt(),
        });
    }
    if pooled > 0 && pooled_expected > 0.0 {
        let p = pooled_expected / nf;
        cells.push(CellFit {
            cell: format!("pooled {pooled}"),
            observed: pooled_observed,
            expected: pooled_expected,
            residual: (pooled_observed as f64 - pooled_expected)
                / (pooled_expected * (1.0 - p)).sqrt(),
        });
    }
    let chi_square: f64 = cells
        .iter()
        .map(|c| (c.observed as f64 - c.expected).powi(2) / c.expected)
        .sum();
    let degrees_of_freedom = cells.len().saturating_sub(1) as u64;
    let p_value = if !impossible.is_empty() {
        0.0
    } else if degrees_of_freedom == 0 {
        1.0
    } else {
        ChiSquared::new(degrees_of_freedom as f64).map_or(f64::NAN, |d| d.sf(chi_square))
    };
    cells.sort_by(|a, b| b.residual.abs().total_cmp(&a.residual.abs()));
    GroupFit {
        grouping,
        coups: n,
        chi_square,
        degrees_of_freedom,
        p_value,
        cells,
        impossible,
        pooled,
    }
}

/// P(X > x) for a noncentral chi-square with `df` degrees of freedom and noncentrality `lambda`,
/// as the Poisson mixture Σ_j Pois(j; λ/2) · P(χ²_{df+2j} > x).
pub fn noncentral_sf(df: f64, lambda: f64, x: f64) -> f64 {
    if lambda <= 0.0 {
        return ChiSquared::new(df).map_or(f64::NAN, |d| d.sf(x));
    }
    let m = lambda / 2.0;
    let spread = 12.0 * m.sqrt() + 30.0;
    let (low, high) = ((m - spread).max(0.0) as u64, (m + spread) as u64);
    (low..=high)
        .map(|j| {
            let j = j as f64;
            let weight = (j * m.ln() - m - ln_gamma(j + 1.0)).exp();
            weight * ChiSquared::new(df + 2.0 * j).map_or(0.0, |d| d.sf(x))
        })
        .sum()
}

/// How many coups a grouping's chi-square test needs to detect engines dealing by `wrong`
/// instead of `right`, at significance `alpha` with probability `power`.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub grouping: Grouping,
    /// The noncentrality one coup adds: Σ (q − p)² / p over the cells.
    pub per_coup: f64,
    pub degrees_of_freedom: u64,
    /// The number of coups, or `None` when the grouping cannot see the error at all.
    pub coups: Option<u64>,
}

/// The sample size each grouping needs to detect `wrong` rules.
pub fn plan(
    shoe: &Shoe,
    right: &DrawingRules,
    wrong: &DrawingRules,
    alpha: f64,
    power: f64,
) -> Result<Vec<Plan>, ShoeError> {
    [Grouping::Outcomes, Grouping::FinalStates]
        .into_iter()
        .map(|grouping| {
            let p = expected(shoe, right, grouping)?;
            let q = expected(shoe, wrong, grouping)?;
            let mut per_coup = 0.0;
            let mut cells = 0u64;
            for (cell, p) in &p {
                let p = p.to_f64().unwrap_or(0.0);
                if p == 0.0 {
                    continue;
                }
                cells += 1;
                let q = q.get(cell).and_then(|q| q.to_f64()).unwrap_or(0.0);
                per_coup += (q - p).powi(2) / p;
            }
            let df = cells.saturating_sub(1);
            let coups = sample_size(df as f64, per_coup, alpha, power);
            Ok(Plan {
                grouping,
                per_coup,
                degrees_of_freedom: df,
                coups,
            })
        })
        .collect()
}

fn sample_size(df: f64, per_coup: f64, alpha: f64, power: f64) -> Option<u64> {
    if per_coup <= 0.0 || df < 1.0 {
        return None;
    }
    let critical = ChiSquared::new(df).ok()?.inverse_cdf(1.0 - alpha);
    let enough = |n: u64| noncentral_sf(df, per_coup * n as f64, critical) >= power;
    let mut high = 1u64;
    while !enough(high) {
        high = high.checked_mul(2)?;
        if high > 1 << 50 {
            return None;
        }
    }
    let mut low = high / 2;
    while low + 1 < high {
        let mid = low + (high - low) / 2;
        if enough(mid) { high = mid } else { low = mid }
    }
    Some(high)
}

/// How many coups a coup-by-coup verification needs to see, with probability `power`, at least
/// one coup that reaches a decision reached with probability `reach`: ⌈ln(1 − power) / ln(1 − reach)⌉.
pub fn coups_to_reach(reach: &BigRational, power: f64) -> Option<u64> {
    let r = reach.to_f64()?;
    if r <= 0.0 {
        return None;
    }
    if r >= 1.0 {
        return Some(1);
    }
    Some(((1.0 - power).ln() / (1.0 - r).ln()).ceil() as u64)
}

/// Observed counts that cannot be read; the message names the field, line and column.
#[derive(Debug, thiserror::Error)]
pub enum FitError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("line {line}: {message}")]
    Log { line: usize, message: String },
    #[error("{0}")]
    Counts(String),
    #[error(
        "no counts: give `outcomes`, `final_states`, `openings` or `positions`, or a log of coups"
    )]
    Empty,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CountsFile {
    #[serde(default)]
    outcomes: Option<OutcomeCounts>,
    #[serde(default)]
    final_states: Option<Vec<StateCount>>,
    #[serde(default)]
    openings: Option<Vec<OpeningCount>>,
    #[serde(default)]
    positions: Option<Vec<[u64; 10]>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeCounts {
    punto: u64,
    banco: u64,
    tie: u64,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, try_from = "StateCountRaw")]
struct StateCount(FinalState, u64);

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StateCountRaw {
    punto_total: u8,
    banco_total: u8,
    punto_cards: u8,
    banco_cards: u8,
    count: u64,
}

impl TryFrom<StateCountRaw> for StateCount {
    type Error = String;
    fn try_from(raw: StateCountRaw) -> Result<StateCount, String> {
        if raw.punto_total > 9 || raw.banco_total > 9 {
            return Err("final_states: totals are 0 to 9".into());
        }
        if !(2..=3).contains(&raw.punto_cards) || !(2..=3).contains(&raw.banco_cards) {
            return Err("final_states: punto_cards and banco_cards are 2 or 3".into());
        }
        let state = FinalState {
            punto_total: raw.punto_total,
            banco_total: raw.banco_total,
            punto_cards: raw.punto_cards,
            banco_cards: raw.banco_cards,
            natural: false,
        };
        Ok(StateCount(state, raw.count))
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningCount {
    punto_total: u8,
    banco_total: u8,
    count: u64,
}

#[derive(serde::Deserialize)]
struct LogCoup {
    #[serde(default)]
    cards: Option<Vec<String>>,
    #[serde(default)]
    shoe: Option<serde_json::Value>,
    #[serde(default)]
    winner: Option<String>,
    #[serde(default)]
    punto_draws: Option<bool>,
}

impl Observed {
    /// Reads observed counts: a counts document (JSON object), or a log of coups (JSON lines
    /// with `cards`, as `verify` reads), from which every grouping is counted.
    pub fn read(text: &str, rules: &DrawingRules) -> Result<Observed, FitError> {
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let is_log = serde_json::from_str::<LogCoup>(first)
            .is_ok_and(|line| line.cards.is_some() || line.shoe.is_some());
        let observed = if is_log {
            Self::from_log(text, rules)?
        } else {
            Self::from_counts(text)?
        };
        if observed.groups.is_empty() {
            return Err(FitError::Empty);
        }
        Ok(observed)
    }

    fn from_counts(text: &str) -> Result<Observed, FitError> {
        let file: CountsFile = serde_json::from_str(text)?;
        let mut observed = Observed::default();
        if let Some(o) = file.outcomes {
            for (key, count) in [("punto", o.punto), ("banco", o.banco), ("tie", o.tie)] {
                observed.add(Grouping::Outcomes, key.into(), count);
            }
        }
        for StateCount(state, count) in file.final_states.into_iter().flatten() {
            observed.add(Grouping::FinalStates, state_cell(state), count);
        }
        for o in file.openings.into_iter().flatten() {
            if o.punto_total > 9 || o.banco_total > 9 {
                return Err(FitError::Counts(format!(
                    "openings: a total is {} or {}: totals are 0 to 9",
                    o.punto_total, o.banco_total
                )));
            }
            observed.add(
                Grouping::Openings,
                opening_cell(o.punto_total, o.banco_total),
                o.count,
            );
        }
        for (k, counts) in file.positions.into_iter().flatten().enumerate().take(4) {
            for (v, &count) in counts.iter().enumerate() {
                observed.add(Grouping::Position(k as u8 + 1), v.to_string(), count);
            }
        }
        Ok(observed)
    }

    fn from_log(text: &str, rules: &DrawingRules) -> Result<Observed, FitError> {
        let mut observed = Observed::default();
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let error = |message: String| FitError::Log {
                line: index + 1,
                message,
            };
            let coup: LogCoup = serde_json::from_str(line).map_err(|e| error(e.to_string()))?;
            let Some(cards) = coup.cards else { continue };
            let values: Vec<u8> = cards
                .iter()
                .map(|c| c.parse::<crate::card::Card>().map(|c| c.value()))
                .collect::<Result<_, _>>()
                .map_err(|e| error(e.to_string()))?;
            let winner = match coup.winner.as_deref() {
                None => None,
                Some("punto") => Some(Winner::Punto),
                Some("banco") => Some(Winner::Banco),
                Some("tie") => Some(Winner::Tie),
                Some(other) => {
                    return Err(error(format!(
                        "winner is `{other}`: expected punto, banco or tie"
                    )));
                }
            };
            observed.add_dealt(rules, &values, coup.punto_draws, winner);
        }
        Ok(observed)
    }
}
