//! Exact odds of the home format: every deal starts from a full shoe, so deals are
//! independent and a fixed strategy's final score is a sum of independent, identically
//! distributed net changes. Everything here is an exact rational.

use crate::analysis::{Analysis, ratio_to_big};
use crate::rules::{MainBet, Rules};
use crate::shoe::{Shoe, ShoeError};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{CheckedAdd, CheckedMul, CheckedSub};
use std::collections::BTreeMap;

/// A probability distribution over scores (net changes at the stake).
pub type Distribution = BTreeMap<Ratio<i64>, BigRational>;

/// The odds of the home format for the three fixed strategies.
#[derive(Debug, Clone)]
pub struct SessionOdds {
    /// The number of deals in a session.
    pub(crate) deals: u32,
    /// The stake on each deal.
    pub(crate) stake: i64,
    /// One deal exactly: the analysis of a full shoe.
    pub(crate) deal: Analysis,
    /// For each fixed strategy (always Punto, always Banco, always Tie), its final score.
    pub(crate) finals: Vec<(MainBet, Distribution)>,
    /// For each pair of strategies, in the order of [`MainBet::ALL`], the probabilities that
    /// the first finishes ahead of, level with and behind the second.
    heads: Vec<((MainBet, MainBet), [BigRational; 3])>,
}

/// Session odds that cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionOddsError {
    /// The shoe cannot be analysed.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// The scores would not fit 64-bit fractions.
    #[error(
        "a stake of {stake} over {deals} deals makes scores too large for 64-bit fractions: use a smaller stake or fewer deals"
    )]
    ScoreTooLarge {
        /// The stake given.
        stake: i64,
        /// The number of deals given.
        deals: u32,
    },
}

/// The distribution of one deal's value of `f`, a function of the final state; `None` when
/// `f` has no value that fits.
fn one_deal(
    deal: &Analysis,
    f: impl Fn(crate::outcome::FinalState) -> Option<Ratio<i64>>,
) -> Option<Distribution> {
    let total = BigRational::from_integer(BigInt::from(deal.sequences().clone()));
    let mut one: Distribution = BTreeMap::new();
    for (state, weight) in deal.states() {
        *one.entry(f(state)?)
            .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) +=
            BigRational::from_integer(BigInt::from(weight)) / &total;
    }
    Some(one)
}

/// The distribution of the sum of `deals` independent draws from `one`; `None` when a score
/// does not fit a 64-bit fraction.
fn convolve(one: &Distribution, deals: u32) -> Option<Distribution> {
    let mut total: Distribution = BTreeMap::from([(
        Ratio::from_integer(0),
        BigRational::from_integer(BigInt::from(1)),
    )]);
    for _ in 0..deals {
        let mut next: Distribution = BTreeMap::new();
        for (score, p) in &total {
            for (change, q) in one {
                *next
                    .entry(score.checked_add(change)?)
                    .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) += p * q;
            }
        }
        total = next;
    }
    Some(total)
}

/// The probabilities that a score difference is above, at and below zero.
fn signs(difference: &Distribution) -> [BigRational; 3] {
    let zero = Ratio::from_integer(0);
    let sum = |keep: &dyn Fn(&Ratio<i64>) -> bool| -> BigRational {
        difference
            .iter()
            .filter(|(d, _)| keep(d))
            .map(|(_, p)| p.clone())
            .sum()
    };
    [
        sum(&|d| *d > zero),
        sum(&|d| *d == zero),
        sum(&|d| *d < zero),
    ]
}

impl SessionOdds {
    /// The number of deals in a session.
    pub fn deals(&self) -> u32 {
        self.deals
    }

    /// The stake on each deal.
    pub fn stake(&self) -> i64 {
        self.stake
    }

    /// One deal exactly: the analysis of a full shoe.
    pub fn deal(&self) -> &Analysis {
        &self.deal
    }

    /// Each fixed strategy (always Punto, always Banco, always Tie) with its final score.
    pub fn finals(&self) -> &[(MainBet, Distribution)] {
        &self.finals
    }

    /// The exact odds for a shoe (every deal from it, full), deals and stake; an error when
    /// the shoe cannot be analysed or a score does not fit a 64-bit fraction. The work grows
    /// with the square of `deals` or faster: keep it to a few dozen.
    pub fn new(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
    ) -> Result<SessionOdds, SessionOddsError> {
        let deal = Analysis::new(shoe, rules)?;
        let at_stake = Ratio::from_integer(stake);
        let too_large = SessionOddsError::ScoreTooLarge { stake, deals };
        let tariff = &rules.tariff;
        let finals = MainBet::ALL
            .iter()
            .map(|&bet| {
                let terms = tariff.bet(bet);
                let one = one_deal(&deal, |state| terms.net(state).checked_mul(&at_stake))?;
                Some((bet, convolve(&one, deals)?))
            })
            .collect::<Option<_>>()
            .ok_or_else(|| too_large.clone())?;
        let mut heads = Vec::new();
        for (i, &a) in MainBet::ALL.iter().enumerate() {
            for &b in &MainBet::ALL[i + 1..] {
                let one = one_deal(&deal, |state| {
                    let net = tariff
                        .bet(a)
                        .net(state)
                        .checked_sub(&tariff.bet(b).net(state))?;
                    net.checked_mul(&at_stake)
                });
                let difference = one
                    .and_then(|one| convolve(&one, deals))
                    .ok_or_else(|| too_large.clone())?;
                heads.push(((a, b), signs(&difference)));
            }
        }
        Ok(SessionOdds {
            deals,
            stake,
            deal,
            finals,
            heads,
        })
    }

    /// A strategy's final-score distribution.
    pub fn final_score(&self, bet: MainBet) -> &Distribution {
        &self
            .finals
            .iter()
            .find(|(b, _)| *b == bet)
            .expect("every main bet has a strategy")
            .1
    }

    /// The expected final score of a strategy.
    pub fn expected(&self, bet: MainBet) -> BigRational {
        self.final_score(bet)
            .iter()
            .map(|(s, p)| ratio_to_big(*s) * p)
            .sum()
    }

    /// The probability that a strategy finishes at or above zero.
    pub fn at_least_zero(&self, bet: MainBet) -> BigRational {
        self.final_score(bet)
            .iter()
            .filter(|(s, _)| **s >= Ratio::from_integer(0))
            .map(|(_, p)| p.clone())
            .sum()
    }

    /// Head to head over the same deals: the probabilities that `a` finishes strictly ahead
    /// of, level with, and behind `b`.
    pub fn head_to_head(&self, a: MainBet, b: MainBet) -> [BigRational; 3] {
        for ((x, y), [ahead, level, behind]) in &self.heads {
            if (*x, *y) == (a, b) {
                return [ahead.clone(), level.clone(), behind.clone()];
            }
            if (*y, *x) == (a, b) {
                return [behind.clone(), level.clone(), ahead.clone()];
            }
        }
        // A strategy against itself: always level.
        let [zero, one] = [0, 1].map(|x| BigRational::from_integer(BigInt::from(x)));
        [zero.clone(), one, zero]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stake_too_large_for_the_scores_is_an_error() {
        let shoe = Shoe::decks(1).unwrap();
        let err = SessionOdds::new(&shoe, &Rules::reference(), 2, i64::MAX).unwrap_err();
        assert_eq!(
            err,
            SessionOddsError::ScoreTooLarge {
                stake: i64::MAX,
                deals: 2
            }
        );
        // Large, but every score and difference of scores fits.
        assert!(SessionOdds::new(&shoe, &Rules::reference(), 2, 1_000_000_000_000_000).is_ok());
    }

    #[test]
    fn head_to_head_reads_both_ways() {
        let odds = SessionOdds::new(&Shoe::decks(1).unwrap(), &Rules::reference(), 3, 20).unwrap();
        let [ahead, level, behind] = odds.head_to_head(MainBet::Banco, MainBet::Punto);
        assert_eq!(
            odds.head_to_head(MainBet::Punto, MainBet::Banco),
            [behind.clone(), level.clone(), ahead.clone()]
        );
        let one = BigRational::from_integer(BigInt::from(1));
        assert_eq!(ahead + level + behind, one);
        let zero = BigRational::from_integer(BigInt::from(0));
        assert_eq!(
            odds.head_to_head(MainBet::Tie, MainBet::Tie),
            [zero.clone(), one, zero]
        );
    }
}
