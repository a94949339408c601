//! Statistical fit: an engine's observed counts against the exact probabilities.
//!
//! The expected probabilities are exact; the test statistic, its p-value and the power
//! calculation are floating point by nature, computed here from the exact values. Tail
//! probabilities are computed on the tail itself (survival functions), never as 1 − CDF,
//! so that the smallest significance levels stay accurate.

use super::{Line, LineReader, Object, json_error};
use crate::input::json::Described;
use crate::outcome::{FinalState, Winner};
use crate::rules::Action;
use crate::rules::DrawingRules;
use crate::shoe::{Shoe, ShoeError};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use serde::Deserialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};
use statrs::function::gamma::ln_gamma;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{BufRead, Read};

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

/// Observed counts by grouping and cell; each grouping's counts add up to at most `u64::MAX`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Observed {
    groups: BTreeMap<Grouping, BTreeMap<Cell, u64>>,
    /// Each grouping's total, kept so that adding stays checked without summing again.
    totals: BTreeMap<Grouping, u64>,
}

impl Observed {
    /// The counts, by grouping and cell.
    pub fn groups(&self) -> &BTreeMap<Grouping, BTreeMap<Cell, u64>> {
        &self.groups
    }

    /// Adds `count` coups to a cell; an error, naming the grouping, when its counts would add
    /// up to more than `u64::MAX`.
    pub fn add(&mut self, grouping: Grouping, cell: Cell, count: u64) -> Result<(), FitError> {
        let total = self.totals.entry(grouping).or_default();
        *total = total.checked_add(count).ok_or_else(|| FitError::Overflow {
            grouping: grouping.key(),
        })?;
        // A cell never holds more than its grouping's total, so this cannot overflow.
        *self
            .groups
            .entry(grouping)
            .or_default()
            .entry(cell)
            .or_default() += count;
        Ok(())
    }
}

/// The counts of a log, coup by coup, in fixed arrays: memory does not grow with the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogCounts {
    /// Card values 0–9 at each of the first four positions.
    positions: [[u64; 10]; 4],
    /// Coups with a card at each of the first four positions.
    position_coups: [u64; 4],
    /// Two-card totals: Punto's, then Banco's.
    openings: [[u64; 10]; 10],
    /// Punto, Banco, Tie.
    outcomes: [u64; 3],
    /// Final states by Punto total, Banco total, Punto's cards − 2 and Banco's cards − 2.
    states: Vec<u64>,
    /// Whole coups (four to six cards) counted.
    coups: u64,
}

impl Default for LogCounts {
    fn default() -> LogCounts {
        LogCounts {
            positions: [[0; 10]; 4],
            position_coups: [0; 4],
            openings: [[0; 10]; 10],
            outcomes: [0; 3],
            states: vec![0; 400],
            coups: 0,
        }
    }
}

fn state_index(state: FinalState) -> usize {
    ((usize::from(state.punto_total) * 10 + usize::from(state.banco_total)) * 2
        + usize::from(state.punto_cards - 2))
        * 2
        + usize::from(state.banco_cards - 2)
}

/// A coup line of a log as `fit` reads it: the cards, whose the fifth is, and the winner.
#[derive(serde::Deserialize)]
struct LogCoup<'a> {
    #[serde(borrow, default)]
    cards: Option<Vec<Cow<'a, str>>>,
    #[serde(default)]
    shoe: Option<serde::de::IgnoredAny>,
    #[serde(borrow, default)]
    winner: Option<Cow<'a, str>>,
    #[serde(default)]
    punto_draws: Option<bool>,
}

impl LogCounts {
    /// Counts before any coup.
    pub fn new() -> LogCounts {
        LogCounts::default()
    }

    /// Adds one coup as an engine dealt it: the card values (0–9) in deal order, and which
    /// hands drew (where the log does not say, a lone fifth card goes to the hand the rules
    /// would give it). The engine's own account is counted, not what the rules would have
    /// done. A coup of fewer than four or more than six cards counts only at the positions
    /// it has.
    pub fn add_dealt(
        &mut self,
        rules: &DrawingRules,
        values: &[u8],
        punto_draws: Option<bool>,
        winner: Option<Winner>,
    ) -> Result<(), FitError> {
        if let Some(&v) = values.iter().find(|&&v| v > 9) {
            return Err(FitError::Counts(format!(
                "a card value is {v}: values are 0 to 9"
            )));
        }
        let whole = (4..=6).contains(&values.len());
        // Every total is checked before any count changes, so an error leaves them as they were.
        let positions = values.len().min(4);
        for k in 0..positions {
            if self.position_coups[k] == u64::MAX {
                return Err(FitError::Overflow {
                    grouping: Grouping::Position(k as u8 + 1).key(),
                });
            }
        }
        if whole && self.coups == u64::MAX {
            return Err(FitError::Overflow {
                grouping: Grouping::Outcomes.key(),
            });
        }
        for (k, &v) in values.iter().take(4).enumerate() {
            self.position_coups[k] += 1;
            self.positions[k][usize::from(v)] += 1;
        }
        if !whole {
            return Ok(());
        }
        let (p, b) = ((values[0] + values[2]) % 10, (values[1] + values[3]) % 10);
        let punto_draws = match values.len() {
            4 => false,
            6 => true,
            _ => punto_draws.unwrap_or_else(|| {
                crate::play::Opening::of(rules, p, b).punto() == Some(Action::Draw)
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
            // Each value is 0 to 9 and a hand holds at most three: the sum fits a u8.
            punto_total: punto.iter().sum::<u8>() % 10,
            banco_total: banco.iter().sum::<u8>() % 10,
            punto_cards: punto.len() as u8,
            banco_cards: banco.len() as u8,
            natural: false,
        };
        let winner = winner.unwrap_or(state.winner());
        self.coups += 1;
        self.openings[usize::from(p)][usize::from(b)] += 1;
        self.outcomes[winner as usize] += 1;
        self.states[state_index(state)] += 1;
        Ok(())
    }

    /// Reads one line of a log (1-based `number`): a coup line is counted, a shoe line and a
    /// blank line are passed over; anything else is an error naming the line.
    pub fn line(
        &mut self,
        number: usize,
        bytes: &[u8],
        rules: &DrawingRules,
    ) -> Result<(), FitError> {
        let error = |message: String| FitError::Log {
            line: number,
            message,
        };
        let text = std::str::from_utf8(bytes).map_err(|e| {
            error(format!(
                "column {}: this byte is not UTF-8 text: a log is written in UTF-8",
                e.valid_up_to() + 1
            ))
        })?;
        let text = text
            .trim_start_matches('\u{feff}')
            .trim_end_matches(['\n', '\r']);
        if text.trim_matches([' ', '\t', '\r', '\n']).is_empty() {
            return Ok(());
        }
        let Object(coup) = serde_json::from_str::<Object<LogCoup>>(text)
            .map_err(|e| error(json_error(text, &e, true)))?;
        let cards = match (coup.cards, coup.shoe) {
            (Some(cards), None) => cards,
            (None, Some(_)) => return Ok(()),
            _ => {
                return Err(error(
                    "a line is a coup (with `cards`) or a new shoe (with `shoe`), not both or neither"
                        .into(),
                ));
            }
        };
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
                    "winner is `{other}`: expected \"punto\", \"banco\" or \"tie\""
                )));
            }
        };
        self.add_dealt(rules, &values, coup.punto_draws, winner)
            .map_err(|e| error(e.to_string()))
    }

    /// The counts by grouping; only groupings that counted a coup are present.
    pub fn observed(&self) -> Observed {
        let mut groups: BTreeMap<Grouping, BTreeMap<Cell, u64>> = BTreeMap::new();
        let mut totals = BTreeMap::new();
        let mut put = |grouping: Grouping, cells: Vec<(Cell, u64)>, total: u64| {
            if total > 0 {
                groups.insert(
                    grouping,
                    cells.into_iter().filter(|&(_, count)| count > 0).collect(),
                );
                totals.insert(grouping, total);
            }
        };
        for (k, counts) in self.positions.iter().enumerate() {
            let cells = counts
                .iter()
                .enumerate()
                .map(|(v, &count)| (v.to_string(), count))
                .collect();
            put(
                Grouping::Position(k as u8 + 1),
                cells,
                self.position_coups[k],
            );
        }
        let openings = (0..10u8)
            .flat_map(|p| (0..10u8).map(move |b| (p, b)))
            .map(|(p, b)| {
                (
                    opening_cell(p, b),
                    self.openings[usize::from(p)][usize::from(b)],
                )
            })
            .collect();
        put(Grouping::Openings, openings, self.coups);
        let outcomes = Winner::ALL
            .iter()
            .map(|&w| (w.key().to_string(), self.outcomes[w as usize]))
            .collect();
        put(Grouping::Outcomes, outcomes, self.coups);
        let mut states = Vec::new();
        for punto_total in 0..10 {
            for banco_total in 0..10 {
                for punto_cards in 2..=3 {
                    for banco_cards in 2..=3 {
                        let state = FinalState {
                            punto_total,
                            banco_total,
                            punto_cards,
                            banco_cards,
                            natural: false,
                        };
                        states.push((state_cell(state), self.states[state_index(state)]));
                    }
                }
            }
        }
        put(Grouping::FinalStates, states, self.coups);
        Observed { groups, totals }
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
            let tally = crate::engine::tally(shoe, rules)?;
            for (state, weight) in tally.states() {
                let cell = match grouping {
                    Grouping::Outcomes => state.winner().key().to_string(),
                    _ => state_cell(state),
                };
                *cells.entry(cell).or_default() += weight;
            }
        }
        Grouping::Openings => {
            let openings = crate::engine::opening_totals(shoe)?;
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
    /// The cell.
    pub cell: Cell,
    /// The coups observed in it.
    pub observed: u64,
    /// The coups the rules expect in it.
    pub expected: f64,
    /// (observed − expected) / √(expected · (1 − p)): about standard normal under the rules.
    pub residual: f64,
}

/// The chi-square goodness-of-fit test of one grouping.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupFit {
    /// The grouping tested.
    grouping: Grouping,
    /// The coups counted in it.
    coups: u64,
    /// The chi-square statistic.
    chi_square: f64,
    /// The degrees of freedom, after pooling.
    degrees_of_freedom: u64,
    /// The probability of a statistic at least this large under the rules.
    p_value: f64,
    /// Cells ordered by |residual|, largest first.
    cells: Vec<CellFit>,
    /// Observed cells the rules make impossible (probability 0).
    impossible: Vec<(Cell, u64)>,
    /// How many cells with fewer than 5 expected coups were pooled into one.
    pooled: usize,
}

/// Tests every grouping of the observed counts against the exact probabilities.
pub fn fit(
    shoe: &Shoe,
    rules: &DrawingRules,
    observed: &Observed,
) -> Result<Vec<GroupFit>, FitError> {
    let fits = observed
        .groups
        .iter()
        .map(|(&grouping, counts)| {
            let probabilities = expected(shoe, rules, grouping)?;
            test(grouping, &probabilities, counts)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if fits.iter().any(GroupFit::tested) {
        return Ok(fits);
    }
    // Nothing at all can be tested: no verdict, rather than a vacuous "consistent".
    let why: Vec<String> = fits
        .iter()
        .map(|f| match f.coups {
            0 => format!("{}: no coup counted", f.grouping.key()),
            n => format!(
                "{}: {n} {} leave no degree of freedom once the cells expected fewer than 5 times are pooled",
                f.grouping.key(),
                if n == 1 { "coup" } else { "coups" }
            ),
        })
        .collect();
    Err(FitError::Untestable(why.join("; ")))
}

fn test(
    grouping: Grouping,
    probabilities: &BTreeMap<Cell, BigRational>,
    counts: &BTreeMap<Cell, u64>,
) -> Result<GroupFit, FitError> {
    let n = counts
        .values()
        .try_fold(0u64, |sum, &count| sum.checked_add(count))
        .ok_or_else(|| FitError::Overflow {
            grouping: grouping.key(),
        })?;
    let nf = n as f64;
    let impossible: Vec<(Cell, u64)> = counts
        .iter()
        .filter(|&(cell, &count)| {
            count > 0 && probabilities.get(cell).is_none_or(|p| p.numer().is_zero())
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
            // Within the grouping's total, which fits.
            pooled_observed += observed;
            pooled_expected += expected;
            pooled += 1;
            continue;
        }
        cells.push(CellFit {
            cell: cell.clone(),
            observed,
            expected,
            residual: residual(observed, expected, p),
        });
    }
    if pooled > 0 && pooled_expected > 0.0 {
        let p = pooled_expected / nf;
        cells.push(CellFit {
            cell: format!("pooled {pooled}"),
            observed: pooled_observed,
            expected: pooled_expected,
            residual: residual(pooled_observed, pooled_expected, p),
        });
    }
    // `+ 0.0` turns the empty sum's −0 into 0.
    let chi_square: f64 = cells
        .iter()
        .map(|c| (c.observed as f64 - c.expected).powi(2) / c.expected)
        .sum::<f64>()
        + 0.0;
    let degrees_of_freedom = cells.len().saturating_sub(1) as u64;
    let p_value = if !impossible.is_empty() {
        0.0
    } else if degrees_of_freedom == 0 {
        1.0
    } else {
        ChiSquared::new(degrees_of_freedom as f64).map_or(f64::NAN, |d| d.sf(chi_square))
    };
    cells.sort_by(|a, b| b.residual.abs().total_cmp(&a.residual.abs()));
    Ok(GroupFit {
        grouping,
        coups: n,
        chi_square,
        degrees_of_freedom,
        p_value,
        cells,
        impossible,
        pooled,
    })
}

/// (observed − expected) / √(expected · (1 − p)); 0 for a cell that holds every coup (p = 1),
/// where observed and expected are both the total, and never −0.
fn residual(observed: u64, expected: f64, p: f64) -> f64 {
    let spread = (expected * (1.0 - p)).sqrt();
    if spread > 0.0 {
        (observed as f64 - expected) / spread + 0.0
    } else {
        0.0
    }
}

impl GroupFit {
    /// The grouping tested.
    pub fn grouping(&self) -> Grouping {
        self.grouping
    }

    /// The coups counted in it.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// The chi-square statistic.
    pub fn chi_square(&self) -> f64 {
        self.chi_square
    }

    /// The degrees of freedom, after pooling.
    pub fn degrees_of_freedom(&self) -> u64 {
        self.degrees_of_freedom
    }

    /// The probability of a statistic at least this large under the rules.
    pub fn p_value(&self) -> f64 {
        self.p_value
    }

    /// Cells ordered by |residual|, largest first.
    pub fn cells(&self) -> &[CellFit] {
        &self.cells
    }

    /// Observed cells the rules make impossible (probability 0), with their counts.
    pub fn impossible(&self) -> &[(Cell, u64)] {
        &self.impossible
    }

    /// How many cells with fewer than 5 expected coups were pooled into one.
    pub fn pooled(&self) -> usize {
        self.pooled
    }

    /// Whether the grouping tests anything: some degree of freedom is left after pooling, or
    /// a cell the rules make impossible was observed. An untested grouping has no verdict.
    pub fn tested(&self) -> bool {
        self.degrees_of_freedom > 0 || !self.impossible.is_empty()
    }
}

/// Above this noncentrality the Poisson mixture would take too many terms (about 24·√(λ/2));
/// the two-moment approximation of Patnaik is then accurate to far better than needed.
const MIXTURE_LIMIT: f64 = 1e9;

/// Σ_j Pois(j; λ/2) · tail(χ²_{df+2j}, x): the noncentral chi-square's tail or CDF, as the
/// Poisson mixture of central ones (truncated twelve standard deviations out, where the
/// weights are below 10⁻³⁰).
fn mixture(df: f64, lambda: f64, x: f64, tail: impl Fn(&ChiSquared, f64) -> f64) -> f64 {
    if lambda <= 0.0 {
        return ChiSquared::new(df).map_or(f64::NAN, |d| tail(&d, x));
    }
    if lambda > MIXTURE_LIMIT {
        // Patnaik: X ≈ c·χ²_ν with the same mean and variance.
        let c = (df + 2.0 * lambda) / (df + lambda);
        let nu = (df + lambda).powi(2) / (df + 2.0 * lambda);
        return ChiSquared::new(nu).map_or(f64::NAN, |d| tail(&d, x / c));
    }
    let m = lambda / 2.0;
    let spread = 12.0 * m.sqrt() + 30.0;
    let (low, high) = ((m - spread).max(0.0) as u64, (m + spread) as u64);
    (low..=high)
        .map(|j| {
            let j = j as f64;
            let weight = (j * m.ln() - m - ln_gamma(j + 1.0)).exp();
            weight * ChiSquared::new(df + 2.0 * j).map_or(0.0, |d| tail(&d, x))
        })
        .sum()
}

/// P(X > x) for a noncentral chi-square with `df` degrees of freedom and noncentrality `lambda`,
/// as the Poisson mixture Σ_j Pois(j; λ/2) · P(χ²_{df+2j} > x).
pub fn noncentral_sf(df: f64, lambda: f64, x: f64) -> f64 {
    mixture(df, lambda, x, |d, x| d.sf(x))
}

/// P(X ≤ x) for the same distribution, summed on its own (not 1 − the tail), so that a miss
/// probability of 10⁻¹⁵ is still computed to full relative precision.
fn noncentral_cdf(df: f64, lambda: f64, x: f64) -> f64 {
    mixture(df, lambda, x, |d, x| d.cdf(x))
}

/// The level x that a central chi-square exceeds with probability `alpha`, found on the
/// survival function: 1 − α rounds to 1 for α below 10⁻¹⁶, P(X > x) does not.
fn upper_quantile(df: f64, alpha: f64) -> Option<f64> {
    let d = ChiSquared::new(df).ok()?;
    let (mut low, mut high) = (0.0f64, df.max(1.0));
    while d.sf(high) > alpha {
        low = high;
        high *= 2.0;
        if !high.is_finite() {
            return None;
        }
    }
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if d.sf(mid) > alpha {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some(high)
}

/// The most coups a plan counts to: beyond a quadrillion, no log will show the error.
pub const MAX_PLANNED_COUPS: u64 = 1_000_000_000_000_000;

/// How many coups a test needs to show an error. Ordered from the fewest coups to never.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Needed {
    /// This many coups (1 to [`MAX_PLANNED_COUPS`]).
    Coups(u64),
    /// More than [`MAX_PLANNED_COUPS`].
    Beyond,
    /// No number of coups: the test cannot see the error at all.
    Never,
}

/// How many coups a grouping's chi-square test needs to detect engines dealing by `wrong`
/// instead of `right`, at significance `alpha` with probability `power`.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The grouping planned.
    pub grouping: Grouping,
    /// The noncentrality one coup adds: Σ (q − p)² / p over the cells.
    pub per_coup: f64,
    /// The test's degrees of freedom.
    pub degrees_of_freedom: u64,
    /// The number of coups, or why there is none.
    pub coups: Needed,
}

/// The sample size each grouping needs to detect `wrong` rules; α and power as
/// [`validate_alpha`] and [`validate_power`] accept them.
pub fn plan(
    shoe: &Shoe,
    right: &DrawingRules,
    wrong: &DrawingRules,
    alpha: f64,
    power: f64,
) -> Result<Vec<Plan>, FitError> {
    let alpha = validate_alpha(alpha)?;
    let power = validate_power(power)?;
    [Grouping::Outcomes, Grouping::FinalStates]
        .into_iter()
        .map(|grouping| {
            let p = expected(shoe, right, grouping)?;
            let q = expected(shoe, wrong, grouping)?;
            // Σ (q − p)² / p exactly, so that a grouping the error does not move gives 0,
            // not a rounding residue.
            let mut per_coup = BigRational::zero();
            let mut cells = 0u64;
            for (cell, p) in &p {
                if p.is_zero() {
                    continue;
                }
                cells += 1;
                let q = q.get(cell).cloned().unwrap_or_else(BigRational::zero);
                let difference = q - p;
                per_coup += &difference * &difference / p;
            }
            let per_coup = per_coup.to_f64().unwrap_or(0.0);
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

fn sample_size(df: f64, per_coup: f64, alpha: f64, power: f64) -> Needed {
    if per_coup.is_nan() || per_coup <= 0.0 || df < 1.0 {
        return Needed::Never;
    }
    let Some(critical) = upper_quantile(df, alpha) else {
        return Needed::Never;
    };
    // A high power is judged on the miss probability 1 − power (exact: power ≥ 0.5), which
    // keeps its precision as it approaches 0; a low one on the detection probability itself.
    let miss = 1.0 - power;
    let enough = |lambda: f64| {
        if power >= 0.5 {
            noncentral_cdf(df, lambda, critical) <= miss
        } else {
            noncentral_sf(df, lambda, critical) >= power
        }
    };
    // The noncentrality needed, by bisection (the power grows with it) ...
    let (mut low, mut high) = (0.0f64, 1.0f64);
    while !enough(high) {
        low = high;
        high *= 2.0;
        if high > 1e12 {
            return Needed::Beyond;
        }
    }
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if enough(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    // ... then the fewest whole coups that reach it, settled on the coup counts themselves.
    let estimate = (high / per_coup).ceil();
    if estimate.is_nan() || estimate > MAX_PLANNED_COUPS as f64 {
        return Needed::Beyond;
    }
    let mut n = (estimate as u64).max(1);
    let at = |n: u64| enough(per_coup * n as f64);
    for _ in 0..64 {
        if n > 1 && at(n - 1) {
            n -= 1;
        } else {
            break;
        }
    }
    for _ in 0..64 {
        if at(n) {
            break;
        }
        n += 1;
    }
    if n > MAX_PLANNED_COUPS {
        Needed::Beyond
    } else {
        Needed::Coups(n)
    }
}

/// The differing cell of a checker's report that a coup-by-coup check reaches soonest, with
/// the coups it takes to reach it at `power`. A coup-by-coup check shows the error at the
/// first coup that reaches any differing cell, so the most often reached one sets how soon;
/// `None` when no differing cell is ever reached.
pub fn quickest_reach(
    report: &crate::check::Report,
    power: f64,
) -> Option<(&crate::check::DrawingDifference, Needed)> {
    report
        .drawing_differences
        .iter()
        .filter_map(|d| Some((d, coups_to_reach(d.reach.as_ref()?, power)?)))
        .min_by_key(|(_, needed)| *needed)
}

/// How many coups a coup-by-coup verification needs to see, with probability `power`, at least
/// one coup that reaches a decision reached with probability `reach`: ⌈ln(1 − power) / ln(1 − reach)⌉,
/// computed as ln_1p so that neither a tiny power nor a tiny reach rounds away. `None` when
/// the decision is never reached.
pub fn coups_to_reach(reach: &BigRational, power: f64) -> Option<Needed> {
    if reach.numer().is_zero() || reach.numer().sign() == num_bigint::Sign::Minus {
        return None;
    }
    let r = reach.to_f64().unwrap_or(0.0);
    if r >= 1.0 {
        return Some(Needed::Coups(1));
    }
    if r <= 0.0 || !(power > 0.0 && power < 1.0) {
        return Some(Needed::Beyond);
    }
    let coups = ((-power).ln_1p() / (-r).ln_1p()).ceil();
    Some(if coups <= MAX_PLANNED_COUPS as f64 {
        Needed::Coups((coups as u64).max(1))
    } else {
        Needed::Beyond
    })
}

/// The significance levels accepted: a level above ½ rejects a correct engine more often
/// than not; below 10⁻³⁰⁰ tail probabilities leave the range of double precision.
pub const ALPHA_RANGE: (f64, f64) = (1e-300, 0.5);

/// A significance level as `--alpha` gives it, checked against [`ALPHA_RANGE`].
///
/// ```
/// use punto_banco::oracle::fit::validate_alpha;
/// assert_eq!(validate_alpha(0.01).unwrap(), 0.01);
/// assert_eq!(
///     validate_alpha(2.0).unwrap_err().to_string(),
///     "--alpha is 2: expected a number from 1e-300 to 0.5"
/// );
/// ```
pub fn validate_alpha(alpha: f64) -> Result<f64, FitError> {
    let (low, high) = ALPHA_RANGE;
    if (low..=high).contains(&alpha) {
        Ok(alpha)
    } else {
        Err(FitError::Setting {
            flag: "--alpha",
            value: plain_number(alpha),
            accepted: format!(
                "a number from {} to {}",
                plain_number(low),
                plain_number(high)
            ),
        })
    }
}

/// A detection probability as `--power` gives it: strictly between 0 and 1.
///
/// ```
/// use punto_banco::oracle::fit::validate_power;
/// assert_eq!(validate_power(0.9).unwrap(), 0.9);
/// assert!(validate_power(1.0).unwrap_err().to_string().starts_with("--power is 1: "));
/// ```
pub fn validate_power(power: f64) -> Result<f64, FitError> {
    if power > 0.0 && power < 1.0 {
        Ok(power)
    } else {
        Err(FitError::Setting {
            flag: "--power",
            value: plain_number(power),
            accepted: "a number greater than 0 and less than 1".into(),
        })
    }
}

/// A number as a person writes it: `0.01`, `2`, and in scientific notation below 10⁻⁴ or
/// from 10¹⁵ (`5e-17`, not seventeen zeros), never rounded.
pub fn plain_number(x: f64) -> String {
    if x != 0.0 && x.is_finite() && (x.abs() < 1e-4 || x.abs() >= 1e15) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Observed counts that cannot be read, or settings out of range; the message names the
/// field, line and column, or the flag.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FitError {
    /// The counts document is not JSON of the expected shape.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A line of a log cannot be read.
    #[error("line {line}: {message}")]
    Log {
        /// The 1-based line number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The counts are inconsistent.
    #[error("{0}")]
    Counts(String),
    /// No counts were given.
    #[error(
        "no counts: give `outcomes`, `final_states`, `openings` or `positions`, or a log of coups"
    )]
    Empty,
    /// No grouping can be tested: each had no coup, or too few to leave a degree of freedom.
    #[error("{0}: nothing to test")]
    Untestable(String),
    /// A grouping's counts add up to more than `u64::MAX` coups.
    #[error("{grouping}: the counts add up to more than {} coups", u64::MAX)]
    Overflow {
        /// The grouping's key.
        grouping: String,
    },
    /// The counts document is too large.
    #[error("a counts document is at most {limit} bytes; give a log of coups for more")]
    TooLarge {
        /// The largest accepted size, in bytes.
        limit: usize,
    },
    /// The input cannot be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// The shoe cannot be analysed.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// A setting (α, power) is out of range.
    #[error("{flag} is {value}: expected {accepted}")]
    Setting {
        /// The flag.
        flag: &'static str,
        /// The value given.
        value: String,
        /// What is accepted.
        accepted: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountsFile {
    #[serde(default)]
    outcomes: Option<Object<OutcomeCounts>>,
    #[serde(default)]
    final_states: Option<Vec<Object<StateCount>>>,
    #[serde(default)]
    openings: Option<Vec<Object<OpeningCount>>>,
    #[serde(default)]
    positions: Option<Vec<[u64; 10]>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeCounts {
    punto: u64,
    banco: u64,
    tie: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateCount {
    punto_total: u8,
    banco_total: u8,
    punto_cards: u8,
    banco_cards: u8,
    count: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningCount {
    punto_total: u8,
    banco_total: u8,
    count: u64,
}

/// The largest counts document read, in bytes: one holds at most a few hundred entries,
/// a few tens of kilobytes; a log, read line by line, has no such limit.
pub const MAX_COUNTS_BYTES: usize = 16 << 20;

/// Whether a line is a log line: a JSON object with a `cards` or a `shoe` field.
fn is_log_line(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        cards: Option<serde::de::IgnoredAny>,
        #[serde(default)]
        shoe: Option<serde::de::IgnoredAny>,
    }
    impl Described for Probe {}
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    serde_json::from_slice::<Object<Probe>>(bytes)
        .is_ok_and(|Object(probe)| probe.cards.is_some() || probe.shoe.is_some())
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

impl Observed {
    /// Reads observed counts: a counts document (JSON object), or a log of coups (JSON lines
    /// with `cards`, as `verify` reads), from which every grouping is counted.
    pub fn read(text: &str, rules: &DrawingRules) -> Result<Observed, FitError> {
        Self::read_from(text.as_bytes(), rules, usize::MAX, usize::MAX)
    }

    /// Reads observed counts from a file or standard input, telling the two forms apart by
    /// the first line that is not blank: a log (that line is a coup or a shoe line) is read
    /// line by line, each line at most `max_line_len` bytes, so memory stays flat whatever
    /// its length; a counts document is read whole, at most `max_document_len` bytes.
    pub fn read_from(
        reader: impl BufRead,
        rules: &DrawingRules,
        max_line_len: usize,
        max_document_len: usize,
    ) -> Result<Observed, FitError> {
        let mut lines = LineReader::new(reader, max_document_len);
        let mut blank_lines = 0usize;
        let first = loop {
            match lines.next_line()? {
                None => return Err(FitError::Empty),
                Some((_, Line::TooLong)) => {
                    return Err(FitError::TooLarge {
                        limit: max_document_len,
                    });
                }
                Some((_, Line::Read(bytes))) if is_blank(bytes) => {
                    blank_lines += 1;
                    if blank_lines > max_document_len {
                        return Err(FitError::TooLarge {
                            limit: max_document_len,
                        });
                    }
                }
                Some((number, Line::Read(bytes))) => break (number, bytes.to_vec()),
            }
        };
        let (number, bytes) = first;
        if is_log_line(&bytes) {
            if bytes.len() > max_line_len {
                return Err(too_long(number, max_line_len));
            }
            let mut counts = LogCounts::new();
            counts.line(number, &bytes, rules)?;
            lines.set_limit(max_line_len);
            return read_log_lines(lines, counts, rules, max_line_len);
        }
        // A counts document: the lines read so far, then the rest, within the limit.
        let mut text = vec![b'\n'; blank_lines];
        let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
        text.extend_from_slice(bytes);
        text.push(b'\n');
        let left = max_document_len.saturating_sub(text.len());
        let mut rest = Vec::new();
        lines
            .get_mut()
            .take(u64::try_from(left).unwrap_or(u64::MAX).saturating_add(1))
            .read_to_end(&mut rest)?;
        if rest.len() > left {
            return Err(FitError::TooLarge {
                limit: max_document_len,
            });
        }
        text.extend_from_slice(&rest);
        let text = String::from_utf8(text).map_err(|e| {
            FitError::Counts(format!(
                "byte {} is not UTF-8 text: a counts document is written in UTF-8",
                e.utf8_error().valid_up_to() + 1
            ))
        })?;
        Self::from_counts(&text)
    }

    /// Reads a log of coups line by line, each line at most `max_line_len` bytes; memory
    /// stays flat whatever the log's length.
    pub fn read_log(
        reader: impl BufRead,
        rules: &DrawingRules,
        max_line_len: usize,
    ) -> Result<Observed, FitError> {
        read_log_lines(
            LineReader::new(reader, max_line_len),
            LogCounts::new(),
            rules,
            max_line_len,
        )
    }

    /// Reads a counts document: one JSON object with any of `outcomes`, `final_states`,
    /// `openings` and `positions`.
    pub fn from_counts(text: &str) -> Result<Observed, FitError> {
        let Object(file) = serde_json::from_str::<Object<CountsFile>>(text)
            .map_err(|e| FitError::Counts(json_error(text, &e, false)))?;
        let mut observed = Observed::default();
        if let Some(Object(o)) = file.outcomes {
            for (key, count) in [("punto", o.punto), ("banco", o.banco), ("tie", o.tie)] {
                observed.add(Grouping::Outcomes, key.into(), count)?;
            }
        }
        // The first entry of each cell, to refuse a repeated one rather than sum it.
        let mut seen: BTreeMap<Cell, usize> = BTreeMap::new();
        let mut once = |grouping: &str, cell: &Cell, index: usize| match seen
            .insert(cell.clone(), index)
        {
            Some(first) => Err(FitError::Counts(format!(
                "{grouping}[{index}] repeats the cell of {grouping}[{first}]: give each cell once"
            ))),
            None => Ok(()),
        };
        for (index, Object(s)) in file.final_states.into_iter().flatten().enumerate() {
            for (name, value, accepted) in [
                ("punto_total", s.punto_total, 0..=9),
                ("banco_total", s.banco_total, 0..=9),
                ("punto_cards", s.punto_cards, 2..=3),
                ("banco_cards", s.banco_cards, 2..=3),
            ] {
                if !accepted.contains(&value) {
                    return Err(FitError::Counts(format!(
                        "final_states[{index}].{name} is {value}: expected {} to {}",
                        accepted.start(),
                        accepted.end()
                    )));
                }
            }
            let state = FinalState {
                punto_total: s.punto_total,
                banco_total: s.banco_total,
                punto_cards: s.punto_cards,
                banco_cards: s.banco_cards,
                natural: false,
            };
            once("final_states", &state_cell(state), index)?;
            observed.add(Grouping::FinalStates, state_cell(state), s.count)?;
        }
        for (index, Object(o)) in file.openings.into_iter().flatten().enumerate() {
            for (name, value) in [
                ("punto_total", o.punto_total),
                ("banco_total", o.banco_total),
            ] {
                if value > 9 {
                    return Err(FitError::Counts(format!(
                        "openings[{index}].{name} is {value}: expected 0 to 9"
                    )));
                }
            }
            let cell = opening_cell(o.punto_total, o.banco_total);
            once("openings", &cell, index)?;
            observed.add(Grouping::Openings, cell, o.count)?;
        }
        let positions = file.positions.unwrap_or_default();
        if positions.len() > 4 {
            return Err(FitError::Counts(format!(
                "positions has {} entries: position 5 and beyond are not counted; give one to four arrays, for the first four cards of a coup (positions 1 to 4)",
                positions.len()
            )));
        }
        for (k, counts) in positions.iter().enumerate() {
            for (v, &count) in counts.iter().enumerate() {
                observed.add(Grouping::Position(k as u8 + 1), v.to_string(), count)?;
            }
        }
        if observed.groups.is_empty() {
            return Err(FitError::Empty);
        }
        Ok(observed)
    }
}

fn too_long(line: usize, limit: usize) -> FitError {
    FitError::Log {
        line,
        message: format!("the line is longer than {limit} bytes"),
    }
}

fn read_log_lines(
    mut lines: LineReader<impl BufRead>,
    mut counts: LogCounts,
    rules: &DrawingRules,
    max_line_len: usize,
) -> Result<Observed, FitError> {
    while let Some((number, line)) = lines.next_line()? {
        match line {
            Line::Read(bytes) => counts.line(number, bytes, rules)?,
            Line::TooLong => return Err(too_long(number, max_line_len)),
        }
    }
    let observed = counts.observed();
    if observed.groups.is_empty() {
        return Err(FitError::Empty);
    }
    Ok(observed)
}

// Objects of a log or a counts document are plainly objects, for serde's message.
impl Described for LogCoup<'_> {}
impl Described for CountsFile {}
impl Described for OutcomeCounts {}
impl Described for StateCount {}
impl Described for OpeningCount {}

#[cfg(test)]
mod tests {
    use super::*;

    /// P(χ²_{2k} > x) = e^{−x/2} Σ_{i<k} (x/2)^i / i!, summed in log space: the closed form
    /// of the even degrees of freedom, independent of statrs.
    fn even_sf(k: u32, x: f64) -> f64 {
        let h = x / 2.0;
        let logs: Vec<f64> = (0..k)
            .map(|i| f64::from(i) * h.ln() - ln_gamma(f64::from(i) + 1.0) - h)
            .collect();
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (top + logs.iter().map(|l| (l - top).exp()).sum::<f64>().ln()).exp()
    }

    #[test]
    fn the_critical_value_is_exact_for_the_smallest_alpha() {
        // Two degrees of freedom: P(X > x) = e^{−x/2}, so x = −2 ln α.
        for alpha in [0.01, 5e-17, 1e-300] {
            let x = upper_quantile(2.0, alpha).unwrap();
            let want = -2.0 * alpha.ln();
            assert!((x - want).abs() <= 1e-12 * want, "{alpha}: {x} vs {want}");
        }
        // 204 degrees of freedom (the final states), against the closed form.
        for alpha in [0.01, 5e-17, 1e-300] {
            let x = upper_quantile(204.0, alpha).unwrap();
            let p = even_sf(102, x);
            assert!((p / alpha - 1.0).abs() < 1e-9, "{alpha}: sf({x}) = {p}");
        }
    }

    #[test]
    fn sample_sizes_beyond_any_log_are_said_so() {
        assert_eq!(sample_size(2.0, 1e-20, 0.01, 0.9), Needed::Beyond);
        assert_eq!(sample_size(2.0, 0.0, 0.01, 0.9), Needed::Never);
        assert!(matches!(
            sample_size(2.0, 1e-3, 0.01, 0.9),
            Needed::Coups(n) if n > 1000
        ));
        // A noncentrality past the mixture's reach is approximated, not summed for ever.
        let far = noncentral_sf(2.0, 1e15, 1e15);
        assert!((0.0..=1.0).contains(&far), "{far}");
    }

    #[test]
    fn a_log_whose_counts_would_pass_u64_is_refused() {
        let rules = DrawingRules::reference();
        let mut counts = LogCounts::new();
        counts
            .add_dealt(&rules, &[4, 2, 9, 1, 8], None, None)
            .unwrap();
        counts.coups = u64::MAX;
        let before = counts.clone();
        let error = counts.add_dealt(&rules, &[4, 2, 9, 1, 8], None, None);
        assert_eq!(
            error.unwrap_err().to_string(),
            "outcomes: the counts add up to more than 18446744073709551615 coups"
        );
        assert_eq!(counts, before, "an error changes no count");
        counts.position_coups[2] = u64::MAX;
        let error = counts.add_dealt(&rules, &[4, 2, 9], None, None);
        assert!(error.unwrap_err().to_string().starts_with("position_3: "));
        // Values outside 0–9 are refused rather than added (their sum once overflowed a u8).
        assert!(
            LogCounts::new()
                .add_dealt(&rules, &[200, 200, 200, 200], None, None)
                .is_err()
        );
    }
}
