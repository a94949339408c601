//! Statistical fit: an engine's observed counts against the exact probabilities.
//!
//! The expected probabilities are exact; the test statistic, its p-value and the power
//! calculation are floating point by nature, computed here from the exact values. Tail
//! probabilities are computed on the tail itself (survival functions), never as 1 − CDF,
//! so that the smallest significance levels stay accurate.

mod power;
mod reading;

pub use power::{
    MAX_PLANNED_COUPS, Needed, Plan, coups_to_reach, noncentral_sf, plan, quickest_reach,
};
pub use reading::{LogCounts, MAX_COUNTS_BYTES};

use crate::outcome::FinalState;
use crate::rules::DrawingRules;
use crate::shoe::{Shoe, ShoeError};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use statrs::distribution::{ChiSquared, ContinuousCDF};
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

#[cfg(test)]
mod tests {
    use super::power::{sample_size, upper_quantile};
    use super::*;
    use statrs::function::gamma::ln_gamma;

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
