//! The analysis JSON, written once over any exact count type: big integers for any shoe, and
//! `u128` for the shoes whose figures fit, which makes batch analysis about fifty times faster.
//! Both produce the same document; a test holds them to it.

use super::SCHEMA;
use super::analysis::shoe_json;
use crate::outcome::{FinalState, Hand, Winner};
use crate::rules::{Rules, Terms};
use crate::shoe::Shoe;
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{ToPrimitive, Zero};
use std::collections::BTreeMap;

/// An exact non-negative count with the few operations the analysis document needs.
pub trait Count: Clone + Default + PartialEq + std::fmt::Display {
    /// Adds `other`; `None` when the sum does not fit the type.
    fn add(&mut self, other: &Self) -> Option<()>;
    /// The count of a `u128`.
    fn from_u128(x: u128) -> Self;
    /// Whether the count is zero.
    fn is_zero(&self) -> bool;
    /// `self / total` as a reduced `"n/d"` and the nearest `f64` (`"n/0"` and NaN for a zero total).
    fn over(&self, total: &Self) -> (String, f64);
    /// `Σ net·count / total`, reduced, as `"n/d"` and `f64`; `None` when it does not fit or the
    /// total is zero.
    fn weighted(terms: &[(Ratio<i64>, Self)], total: &Self) -> Option<(String, f64)>;
}

/// Binary GCD: shifts and subtractions, far cheaper than 128-bit division.
fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl Count for u128 {
    fn add(&mut self, other: &Self) -> Option<()> {
        *self = self.checked_add(*other)?;
        Some(())
    }
    fn from_u128(x: u128) -> Self {
        x
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn over(&self, total: &Self) -> (String, f64) {
        if *total == 0 {
            return (format!("{self}/0"), f64::NAN);
        }
        let g = gcd(*self, *total);
        let (n, d) = (self / g, total / g);
        (format!("{n}/{d}"), ratio_f64(n, d))
    }
    fn weighted(terms: &[(Ratio<i64>, Self)], total: &Self) -> Option<(String, f64)> {
        let lcm = terms.iter().try_fold(1u128, |l, (r, _)| {
            let d = *r.denom() as u128;
            (l / gcd(l, d)).checked_mul(d)
        })?;
        let mut numerator: i128 = 0;
        for (r, count) in terms {
            let scale = i128::try_from(lcm / *r.denom() as u128).ok()?;
            let term = i128::from(*r.numer())
                .checked_mul(scale)?
                .checked_mul(i128::try_from(*count).ok()?)?;
            numerator = numerator.checked_add(term)?;
        }
        let denominator = lcm.checked_mul(*total)?;
        if denominator == 0 {
            return None;
        }
        let g = gcd(numerator.unsigned_abs(), denominator);
        let (magnitude, d) = (numerator.unsigned_abs() / g, denominator / g);
        let sign = if numerator < 0 { "-" } else { "" };
        let value = numerator.signum() as f64 * ratio_f64(magnitude, d);
        Some((format!("{sign}{magnitude}/{d}"), value))
    }
}

/// n/d as the nearest double when both fit exactly, else through big rationals.
fn ratio_f64(n: u128, d: u128) -> f64 {
    const EXACT: u128 = 1 << 53;
    if n <= EXACT && d <= EXACT {
        n as f64 / d as f64
    } else {
        BigRational::new(BigInt::from(n), BigInt::from(d))
            .to_f64()
            .unwrap_or(f64::NAN)
    }
}

impl Count for BigUint {
    fn add(&mut self, other: &Self) -> Option<()> {
        *self += other;
        Some(())
    }
    fn from_u128(x: u128) -> Self {
        BigUint::from(x)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn over(&self, total: &Self) -> (String, f64) {
        if Zero::is_zero(total) {
            return (format!("{self}/0"), f64::NAN);
        }
        let r = BigRational::new(BigInt::from(self.clone()), BigInt::from(total.clone()));
        (super::fraction(&r), super::approx(&r))
    }
    fn weighted(terms: &[(Ratio<i64>, Self)], total: &Self) -> Option<(String, f64)> {
        if Zero::is_zero(total) {
            return None;
        }
        let sum: BigRational = terms
            .iter()
            .map(|(r, c)| {
                crate::analysis::ratio_to_big(*r)
                    * BigRational::from_integer(BigInt::from(c.clone()))
            })
            .sum();
        let r = sum / BigRational::from_integer(BigInt::from(total.clone()));
        Some((super::fraction(&r), super::approx(&r)))
    }
}

/// The analysis document (schema 1) from the weight of each final state, in index order, as
/// compact JSON text with its keys in alphabetical order (as `serde_json` prints a `Value`).
/// Written directly, not through a `Value`, because batch analysis prints thousands of these a
/// second. `None` when a figure does not fit the count type (then use big integers), and when
/// the shoe cannot finish a coup or the weights total zero, which no shoe's tally does.
pub fn summary_json<C: Count>(
    weights: &[C],
    shoe: &Shoe,
    rules: &Rules,
    rules_id: &str,
) -> Option<String> {
    let states: Vec<(FinalState, &C)> = weights
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.is_zero())
        .map(|(i, w)| (FinalState::from_index(i), w))
        .collect();
    let mut total = C::default();
    // One pass gathers every aggregate the document reports.
    let mut outcomes: [C; 3] = Default::default();
    let mut natural_any = C::default();
    let mut naturals: [[C; 10]; 2] = Default::default();
    let mut draws: [C; 2] = Default::default();
    let mut cards_used: [C; 3] = Default::default();
    let mut ties: [C; 10] = Default::default();
    for &(s, w) in &states {
        total.add(w)?;
        let winner = s.winner();
        outcomes[winner as usize].add(w)?;
        if s.natural {
            natural_any.add(w)?;
            for hand in Hand::ALL {
                naturals[hand as usize][hand.total(s) as usize].add(w)?;
            }
        }
        for hand in Hand::ALL {
            if hand.cards(s) == 3 {
                draws[hand as usize].add(w)?;
            }
        }
        cards_used[usize::from(s.cards_used() - 4)].add(w)?;
        if winner == Winner::Tie {
            ties[s.punto_total as usize].add(w)?;
        }
    }
    // Every figure below is a fraction of the total, or of a pair bet's N(N−1).
    if total.is_zero() || shoe.check_playable().is_err() {
        return None;
    }

    let mut bets: Vec<(&str, String)> = Vec::new();
    for (key, distribution, over) in distributions(&states, &total, shoe, rules)? {
        bets.push((key, bet_json(&distribution, &over)?));
    }
    bets.sort_by_key(|(key, _)| *key);

    let mut out = String::with_capacity(16 * 1024);
    let bets: Vec<String> = bets
        .iter()
        .map(|(k, v)| format!("{}:{v}", text(k)))
        .collect();
    out.push_str(&format!("{{\"bets\":{{{}}}", bets.join(",")));
    let cards: Vec<String> = (0..3)
        .map(|i| format!("\"{}\":{}", i + 4, count_json(&cards_used[i], &total)))
        .collect();
    out.push_str(&format!(",\"cards_used\":{{{}}}", cards.join(",")));
    out.push_str(&format!(
        ",\"draws\":{{\"banco\":{},\"punto\":{}}}",
        count_json(&draws[Hand::Banco as usize], &total),
        count_json(&draws[Hand::Punto as usize], &total)
    ));
    out.push_str(",\"final_states\":[");
    for (i, (s, w)) in states.iter().enumerate() {
        use std::fmt::Write;
        let comma = if i == 0 { "" } else { "," };
        let _ = write!(
            out,
            "{comma}{{\"banco_cards\":{},\"banco_total\":{},\"count\":\"{w}\",\"natural\":{},\"punto_cards\":{},\"punto_total\":{}}}",
            s.banco_cards, s.banco_total, s.natural, s.punto_cards, s.punto_total
        );
    }
    out.push(']');
    let natural_totals = |hand: Hand| -> String {
        let parts: Vec<String> = (0..10u8)
            .filter(|&t| rules.drawing.is_natural(t))
            .map(|t| {
                format!(
                    "\"{t}\":{}",
                    count_json(&naturals[hand as usize][t as usize], &total)
                )
            })
            .collect();
        format!("{{{}}}", parts.join(","))
    };
    out.push_str(&format!(
        ",\"naturals\":{{\"any\":{},\"banco\":{},\"punto\":{}}}",
        count_json(&natural_any, &total),
        natural_totals(Hand::Banco),
        natural_totals(Hand::Punto)
    ));
    out.push_str(&format!(
        ",\"outcomes\":{{\"banco\":{},\"punto\":{},\"tie\":{}}}",
        count_json(&outcomes[Winner::Banco as usize], &total),
        count_json(&outcomes[Winner::Punto as usize], &total),
        count_json(&outcomes[Winner::Tie as usize], &total)
    ));
    out.push_str(&format!(",\"rules\":{}", text(rules_id)));
    out.push_str(&format!(",\"schema\":{SCHEMA},\"sequences\":\"{total}\""));
    out.push_str(&format!(",\"shoe\":{}", shoe_json(shoe)));
    let ties_text: Vec<String> = (0..10)
        .map(|t| format!("\"{t}\":{}", count_json(&ties[t], &total)))
        .collect();
    out.push_str(&format!(",\"ties_by_total\":{{{}}}}}", ties_text.join(",")));
    Some(out)
}

/// A bet's distribution of net results: each net with its count of cases.
pub type Distribution<C> = Vec<(Ratio<i64>, C)>;

/// Every bet of the rules with the distribution of its net result, as counts over `over`
/// equally likely cases (the sequences of the shoe, or for a pair bet its first two cards);
/// `None` when a sum does not fit the count type.
pub fn distributions<'r, C: Count>(
    states: &[(FinalState, &C)],
    total: &C,
    shoe: &Shoe,
    rules: &'r Rules,
) -> Option<Vec<(&'r str, Distribution<C>, C)>> {
    rules
        .tariff
        .all()
        .into_iter()
        .map(|(key, terms)| match &terms {
            Terms::Paytable(bet) => {
                let mut by_net: BTreeMap<Ratio<i64>, C> = BTreeMap::new();
                for &(s, w) in states {
                    by_net.entry(bet.net(s)).or_default().add(w)?;
                }
                Some((key, by_net.into_iter().collect(), total.clone()))
            }
            Terms::Pair { net, .. } => {
                // A pair bet does not depend on drawing: of the N(N−1) ordered first two
                // cards of a hand, Σ c(c−1) are pairs. N < 2³⁸ and c ≤ 2³⁴ (the shoe's
                // bounds), so these fit in 128 bits with room to spare.
                let n = u128::from(shoe.len());
                let all = n * n.saturating_sub(1);
                let pairs: u128 = shoe
                    .counts()
                    .iter()
                    .map(|&c| u128::from(c) * u128::from(c.saturating_sub(1)))
                    .sum();
                let mut dist = vec![
                    (-Ratio::from_integer(1), C::from_u128(all - pairs)),
                    (*net, C::from_u128(pairs)),
                ];
                dist.sort_by_key(|(r, _)| *r);
                Some((key, dist, C::from_u128(all)))
            }
        })
        .collect()
}

/// A JSON string literal.
fn text(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A JSON number as serde_json prints it (`null` for a non-finite value).
fn number(x: f64) -> String {
    serde_json::to_string(&x).unwrap_or_else(|_| "null".into())
}

fn count_json<C: Count>(count: &C, total: &C) -> String {
    let (fraction, decimal) = count.over(total);
    format!(
        "{{\"count\":\"{count}\",\"decimal\":{},\"probability\":\"{fraction}\"}}",
        number(decimal)
    )
}

/// A bet's edge, expected net and distribution of net results, over `over` equally likely cases.
fn bet_json<C: Count>(distribution: &[(Ratio<i64>, C)], over: &C) -> Option<String> {
    let (expected, expected_f64) = C::weighted(distribution, over)?;
    let edge = match expected.strip_prefix('-') {
        Some(positive) => positive.to_string(),
        None if expected.starts_with("0/") => expected.clone(),
        None => format!("-{expected}"),
    };
    let rows: Vec<String> = distribution
        .iter()
        .map(|(net, c)| {
            let (p, d) = c.over(over);
            format!(
                "{{\"decimal\":{},\"net\":\"{}/{}\",\"probability\":\"{p}\"}}",
                number(d),
                net.numer(),
                net.denom()
            )
        })
        .collect();
    Some(format!(
        "{{\"edge\":\"{edge}\",\"edge_percent\":{},\"expected_net\":\"{expected}\",\"net_distribution\":[{}]}}",
        number(-expected_f64 * 100.0),
        rows.join(",")
    ))
}

/// The analysis document of a shoe under the rules, the fast way where the figures fit in
/// `u128` and with big integers otherwise.
pub fn fast_summary_json(
    shoe: &Shoe,
    rules: &Rules,
    rules_id: &str,
) -> Result<String, crate::shoe::ShoeError> {
    shoe.check_playable()?;
    if let Ok(weights) = crate::fast::fast::<u64>(shoe, &rules.drawing) {
        // N⁶ fits in 64 bits (eight decks do, by a factor of 3,500): the engine's cheapest
        // ring; the document's sums are taken in 128 bits.
        if let Some(doc) = summary_json(&weights.map(u128::from), shoe, rules, rules_id) {
            return Ok(doc);
        }
    } else if let Ok(weights) = crate::fast::fast::<u128>(shoe, &rules.drawing)
        && let Some(doc) = summary_json(&weights, shoe, rules, rules_id)
    {
        return Ok(doc);
    }
    let tally = crate::fast::fast_tally(shoe, &rules.drawing)?;
    let weights: Vec<BigUint> = (0..FinalState::COUNT)
        .map(|i| tally.weight(FinalState::from_index(i)).clone())
        .collect();
    Ok(summary_json(&weights, shoe, rules, rules_id).expect("big integers always fit"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weights that are no shoe's tally (all zero) or a shoe that cannot finish a coup give no
    /// document, rather than a division by zero.
    #[test]
    fn no_document_without_sequences() {
        let rules = Rules::reference();
        let zeros = vec![BigUint::default(); FinalState::COUNT];
        assert_eq!(
            summary_json(&zeros, &Shoe::reference(), &rules, "reference"),
            None
        );
        let zeros = [0u128; FinalState::COUNT];
        assert_eq!(
            summary_json(&zeros, &Shoe::reference(), &rules, "reference"),
            None
        );
        let mut ones = [0u128; FinalState::COUNT];
        ones[0] = 1;
        let empty = Shoe::from_counts([0; 13]).unwrap();
        assert_eq!(summary_json(&ones, &empty, &rules, "reference"), None);
        assert_eq!(BigUint::from(3u8).over(&BigUint::default()).0, "3/0");
    }

    /// Weights whose sum passes 128 bits give no 128-bit document (then big integers are used).
    #[test]
    fn sums_beyond_128_bits_are_refused() {
        let rules = Rules::reference();
        let weights = [u128::MAX / 2; FinalState::COUNT];
        assert_eq!(
            summary_json(&weights, &Shoe::reference(), &rules, "reference"),
            None
        );
    }
}
