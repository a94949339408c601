//! Exact odds of the home format: every deal starts from a full shoe, so deals are
//! independent and a fixed strategy's final score is a sum of independent, identically
//! distributed net changes. Everything here is an exact rational.

use crate::analysis::{Analysis, ratio_to_big};
use crate::rules::{MainBet, Rules};
use crate::shoe::{Shoe, ShoeError};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use std::collections::BTreeMap;

/// A probability distribution over scores (net changes at the stake).
pub type Distribution = BTreeMap<Ratio<i64>, BigRational>;

/// The odds of the home format for the three fixed strategies.
#[derive(Debug, Clone)]
pub struct SessionOdds {
    pub deals: u32,
    pub stake: i64,
    /// One deal exactly: the analysis of a full shoe.
    pub deal: Analysis,
    /// For each fixed strategy (always Punto, always Banco, always Tie), its final score.
    pub finals: Vec<(MainBet, Distribution)>,
}

/// The distribution of one deal's value of `f`, a function of the final state.
fn one_deal(deal: &Analysis, f: impl Fn(crate::tally::FinalState) -> Ratio<i64>) -> Distribution {
    let total = BigRational::from_integer(BigInt::from(deal.sequences().clone()));
    let mut one: Distribution = BTreeMap::new();
    for (state, weight) in deal.tally.states() {
        *one.entry(f(state))
            .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) +=
            BigRational::from_integer(BigInt::from(weight.clone())) / &total;
    }
    one
}

/// The distribution of the sum of `deals` independent draws from `one`.
fn convolve(one: &Distribution, deals: u32) -> Distribution {
    let mut total: Distribution = BTreeMap::from([(
        Ratio::from_integer(0),
        BigRational::from_integer(BigInt::from(1)),
    )]);
    for _ in 0..deals {
        let mut next: Distribution = BTreeMap::new();
        for (score, p) in &total {
            for (change, q) in one {
                *next
                    .entry(score + change)
                    .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) += p * q;
            }
        }
        total = next;
    }
    total
}

impl SessionOdds {
    /// The exact odds for a shoe (every deal from it, full), deals and stake.
    pub fn new(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
    ) -> Result<SessionOdds, ShoeError> {
        let deal = Analysis::new(shoe, rules)?;
        let at_stake = Ratio::from_integer(stake);
        let finals = MainBet::ALL
            .iter()
            .map(|&bet| {
                let terms = rules.tariff.bet(bet);
                let one = one_deal(&deal, |state| terms.net(state) * at_stake);
                (bet, convolve(&one, deals))
            })
            .collect();
        Ok(SessionOdds {
            deals,
            stake,
            deal,
            finals,
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
        let tariff = &self.deal.rules.tariff;
        let at_stake = Ratio::from_integer(self.stake);
        let one = one_deal(&self.deal, |state| {
            (tariff.bet(a).net(state) - tariff.bet(b).net(state)) * at_stake
        });
        let zero = Ratio::from_integer(0);
        let difference = convolve(&one, self.deals);
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
}
