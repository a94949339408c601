//! The work estimate: what each way of summing a figure would cost in steps and memory, the
//! cheapest, and the refusal of odds that would need more than the budgets.

use super::sums::{Figure, Lattice, Method, compositions};
use super::{
    FULL_DISTRIBUTION_DEALS, MEMORY_BUDGET, SessionOdds, SessionOddsError, WORK_BUDGET, index,
};
use crate::rules::MainBet;

/// The work of a computation: word operations, and the most bytes held at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Work {
    /// Word operations; `None` beyond 2¹²⁸.
    pub(super) steps: Option<u128>,
    pub(super) bytes: u128,
}

/// The length in 64-bit words of a count over `n` deals (at most `W^n`, `W` of `bits` bits),
/// with two words to spare.
pub(super) fn words(n: u32, bits: u64) -> u128 {
    u128::from(n) * u128::from(bits) / 64 + 2
}

/// The work of a product of two numbers of `words` words, as Karatsuba's method bounds it.
fn product_steps(words: u128) -> u128 {
    let doublings = 128 - (words.max(2) - 1).leading_zeros();
    3u128.pow(doublings)
}

/// The steps of a row of [`by_rows`](super::sums::by_rows) for each word of its numbers:
/// about twenty products and quotients by one-word numbers to step the sums, the scales and
/// both cursors to the next row, and the cursors' moves along it, which over a row's
/// conditions (each bound linear in the row, so the tightest is monotone on each side of one
/// turn) travel at most twice the row again for each cursor.
const ROW_STEPS: u128 = 44;

/// The work of counting a figure's two regions (every condition above zero; every condition
/// at or above zero) over `n` deals by `method`, the deal's count having `bits` bits; `None`
/// when the method does not apply.
pub(super) fn work_of(method: Method, figure: &Figure, n: u32, bits: u64) -> Option<Work> {
    let (g, c) = (figure.groups.len() as u128, figure.conditions as u128);
    let w = words(n, bits);
    let power = 2 * product_steps(w);
    let steps = match method {
        // Each term: a ratio step, two sums, a copy down the levels; the conditions' values.
        Method::Walk => compositions(n, figure.groups.len())
            .and_then(|terms| terms.checked_mul(5 * w + g * c + 4)),
        // Two passes (above; at or above) over n + 1 rows, each started from a power.
        Method::Rows if g == 3 => Some(2 * ((u128::from(n) + 1) * ROW_STEPS * w + power)),
        // Two passes over every row of every peeled tuple of counts; each tuple's rows start
        // from a power and are scaled by a product of two long numbers.
        Method::Peeled if g > 3 => {
            let rows = compositions(n, figure.groups.len() - 1)?;
            let tuples = compositions(n, figure.groups.len() - 2)?;
            rows.checked_mul(ROW_STEPS * w)
                .zip(tuples.checked_mul(power + product_steps(w)))
                .and_then(|(a, b)| a.checked_add(b))
                .and_then(|s| s.checked_mul(2))
        }
        // One pass over the coefficients from the end nearer zero; each: a product and a sum
        // for every other group, and a quotient.
        Method::Powers if c == 1 => {
            let coefficients = Lattice::of(&figure.groups).map_or(0, |l| {
                let (bottom, top) = l.counted_from_each_end(n);
                bottom.min(top)
            });
            let held =
                Lattice::of(&figure.groups).map_or(1, |l| u128::from(l.span).min(coefficients) + 1);
            let bytes = held.checked_mul(w * 8 + 32)?;
            return Some(Work {
                steps: coefficients
                    .checked_mul((2 * g + 4) * w)
                    .and_then(|s| s.checked_add(power)),
                bytes,
            });
        }
        _ => return None,
    };
    let held = match method {
        Method::Walk => g + 2,
        _ => 4 * g + 24,
    };
    Some(Work {
        steps,
        bytes: held * w * 8,
    })
}

/// The method of least work for a figure, among those whose numbers fit [`MEMORY_BUDGET`]
/// (or, when none does, the one that holds the least), and its work.
pub(super) fn cheapest(figure: &Figure, n: u32, bits: u64) -> (Method, Work) {
    let options: Vec<(Method, Work)> = Method::ALL
        .iter()
        .filter_map(|&m| work_of(m, figure, n, bits).map(|w| (m, w)))
        .collect();
    let in_memory = options
        .iter()
        .filter(|(_, w)| w.bytes <= MEMORY_BUDGET)
        .min_by_key(|(_, w)| w.steps.unwrap_or(u128::MAX));
    let least_memory = options.iter().min_by_key(|(_, w)| w.bytes);
    *in_memory
        .or(least_memory)
        .expect("the walk applies to every figure")
}

/// A refusal's message: what the odds would need, against which budget, and the most deals
/// that fit.
pub(super) fn too_much_work(
    deals: u32,
    figure: &str,
    groups: usize,
    steps: Option<u128>,
    bytes: u128,
    most: u32,
) -> String {
    let need = match steps {
        Some(steps) if steps <= WORK_BUDGET => format!(
            "{} MiB at once, more than the {} MiB allowed",
            bytes.div_ceil(1 << 20),
            MEMORY_BUDGET >> 20
        ),
        Some(steps) => format!(
            "about {} word operations, more than the budget of {}",
            scientific(steps),
            scientific(WORK_BUDGET)
        ),
        None => format!(
            "more than 10^38 word operations, far beyond the budget of {}",
            scientific(WORK_BUDGET)
        ),
    };
    let limit = match most {
        0 => "not even one deal fits".to_string(),
        1 => "use 1 deal".to_string(),
        m => format!("use at most {m} deals"),
    };
    format!(
        "the odds of {deals} deals under this tariff need {need} (the costliest figure, {figure}, tells {groups} kinds of final states apart); {limit}"
    )
}

/// A large whole number as people read it: `4.2 × 10^12`; below 10,000 as it is.
pub(super) fn scientific(value: u128) -> String {
    let digits = value.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let exponent = digits.len() - 1;
    match &digits[1..2] {
        "0" => format!("{} × 10^{exponent}", &digits[..1]),
        tenth => format!("{}.{tenth} × 10^{exponent}", &digits[..1]),
    }
}

/// What a computation of odds would cost: the work of the whole, and its figure of most
/// work and its figure of most memory.
#[derive(Debug, Clone)]
pub(super) struct Estimate {
    pub(super) steps: Option<u128>,
    /// The figure that costs the most steps, and its groups.
    pub(super) costliest: (String, usize, Option<u128>),
    /// The figure that holds the most bytes, and its groups.
    pub(super) largest: (String, usize, u128),
}

impl Estimate {
    pub(super) fn fits(&self) -> bool {
        self.steps.is_some_and(|s| s <= WORK_BUDGET) && self.largest.2 <= MEMORY_BUDGET
    }
}

impl SessionOdds {
    /// The bits of the deal's count (the weights' sum): a count over `n` deals has at most
    /// `n` times as many.
    pub(super) fn bits(&self) -> u64 {
        self.total.bits()
    }

    /// What these figures (and, with `finals`, the whole distributions) would cost over `n`
    /// deals.
    pub(super) fn estimate(&self, figures: &[Figure], finals: bool, n: u32) -> Estimate {
        let bits = self.bits();
        let w = words(n, bits);
        // Reducing each probability: remainders and quotients by the deal's count and its
        // powers, a few passes over the numerator.
        let reduce = 16 * w;
        let mut parts: Vec<(String, usize, Work)> = figures
            .iter()
            .map(|figure| {
                let (_, work) = cheapest(figure, n, bits);
                let steps = work.steps.and_then(|s| s.checked_add(3 * reduce));
                let work = Work { steps, ..work };
                (figure.name.clone(), figure.groups.len(), work)
            })
            .collect();
        if finals && n <= FULL_DISTRIBUTION_DEALS {
            for bet in MainBet::ALL {
                let name = format!("the final-score distribution of always {}", bet.key());
                let (values, work) = self.distribution_work(bet, n, reduce);
                parts.push((name, values, work));
            }
        }
        let steps = parts
            .iter()
            .try_fold(0u128, |sum, (_, _, w)| sum.checked_add(w.steps?));
        let costliest = parts
            .iter()
            .max_by_key(|(_, _, w)| w.steps.map_or(u128::MAX, |s| s))
            .map_or((String::new(), 0, Some(0)), |(name, g, w)| {
                (name.clone(), *g, w.steps)
            });
        let largest = parts
            .iter()
            .max_by_key(|(_, _, w)| w.bytes)
            .map_or((String::new(), 0, 0), |(name, g, w)| {
                (name.clone(), *g, w.bytes)
            });
        Estimate {
            steps,
            costliest,
            largest,
        }
    }

    /// The work of one strategy's whole distribution over `n` deals, convolved deal by deal
    /// (its scores after `d` deals are at most `span · d + 1` points of its lattice, and at
    /// most the ways of sharing `d` deals among its values), and its number of values.
    fn distribution_work(&self, bet: MainBet, n: u32, reduce: u128) -> (usize, Work) {
        let coefficients: Vec<i64> = self
            .categories
            .iter()
            .map(|c| c.units[index(bet)])
            .collect();
        let figure = Figure::new(String::new(), &self.categories, &[coefficients]);
        let values = figure.groups.len();
        let span = Lattice::of(&figure.groups).map_or(0, |l| u128::from(l.span));
        let scores = |d: u32| -> u128 {
            let lattice = span.saturating_mul(u128::from(d)).saturating_add(1);
            compositions(d, values).map_or(lattice, |ways| ways.min(lattice))
        };
        let bits = self.bits();
        let mut steps: Option<u128> = Some(0);
        for d in 1..=n {
            let each = 2 * words(d, bits) + 16;
            steps = steps
                .and_then(|s| s.checked_add(scores(d - 1).checked_mul(values as u128 * each)?));
        }
        let last = scores(n);
        let steps = steps.and_then(|s| s.checked_add(last.checked_mul(reduce)?));
        // The counts of two deals at once, then the fractions; each entry with its key and
        // the map's own bookkeeping.
        let bytes = last.saturating_mul(3 * words(n, bits) * 8 + 96);
        (values, Work { steps, bytes })
    }

    /// Refuses figures whose work exceeds the budgets over the session's deals, naming the
    /// most deals that fit.
    pub(super) fn check(&self, figures: &[Figure], finals: bool) -> Result<(), SessionOddsError> {
        let estimate = self.estimate(figures, finals, self.deals);
        if estimate.fits() {
            return Ok(());
        }
        let fits = |m: u32| self.estimate(figures, finals, m).fits();
        // The estimate grows with the deals on each side of the whole distributions' limit:
        // the first failure on each side, by bisection.
        let first_failure = |low: u32, high: u32| -> Option<u32> {
            if low > high || fits(high) {
                return None;
            }
            let (mut low, mut high) = (low, high);
            while low < high {
                let middle = low + (high - low) / 2;
                match fits(middle) {
                    true => low = middle + 1,
                    false => high = middle,
                }
            }
            Some(low)
        };
        let below = self.deals - 1;
        let most = first_failure(1, below.min(FULL_DISTRIBUTION_DEALS))
            .or_else(|| first_failure(FULL_DISTRIBUTION_DEALS + 1, below))
            .map_or(below, |failure| failure - 1);
        let over_work = estimate.steps.is_none_or(|s| s > WORK_BUDGET);
        let (figure, groups) = match over_work {
            true => (estimate.costliest.0, estimate.costliest.1),
            false => (estimate.largest.0, estimate.largest.1),
        };
        Err(SessionOddsError::TooMuchWork {
            deals: self.deals,
            figure,
            groups,
            steps: estimate.steps,
            bytes: estimate.largest.2,
            most,
        })
    }
}
