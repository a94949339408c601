//! Exact figures derived from a tally: outcome probabilities, house edges, naturals, draws.
//!
//! Everything here is an exact integer count or a [`BigRational`]; floating point appears only
//! when rendering.

use crate::fast::fast_tally;
pub use crate::outcome::Hand;
use crate::outcome::{FinalState, Winner};
use crate::rules::{Bet, MainBet, Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Tally;
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use std::collections::BTreeMap;

/// The exact analysis of one shoe under one rule set.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub shoe: Shoe,
    pub rules: Rules,
    pub tally: Tally<BigUint>,
    total: BigUint,
}

impl Analysis {
    /// Enumerates the shoe exactly under the rules.
    ///
    /// ```
    /// use punto_banco::{analysis::Analysis, rules::Rules, shoe::Shoe};
    /// let analysis = Analysis::new(&Shoe::decks(1).unwrap(), &Rules::reference()).unwrap();
    /// assert_eq!(analysis.sequences().to_string(), "14658134400");
    /// ```
    pub fn new(shoe: &Shoe, rules: &Rules) -> Result<Analysis, ShoeError> {
        let tally = fast_tally(shoe, &rules.drawing)?;
        let total = tally.total();
        Ok(Analysis {
            shoe: shoe.clone(),
            rules: rules.clone(),
            tally,
            total,
        })
    }

    /// Wraps a tally computed elsewhere (a reference path, say), if it can be the tally of
    /// the shoe: the shoe is playable and the weights add up to N·(N−1)·…·(N−5). Anything
    /// else is `None`, never an analysis that divides by zero or by the wrong total.
    pub fn from_tally(shoe: Shoe, rules: Rules, tally: Tally<BigUint>) -> Option<Analysis> {
        shoe.check_playable().ok()?;
        let n = BigUint::from(shoe.len());
        let sequences: BigUint = (0u32..6).map(|k| &n - BigUint::from(k)).product();
        let total = tally.total();
        (total == sequences).then_some(Analysis {
            shoe,
            rules,
            tally,
            total,
        })
    }

    /// The number of ordered six-card sequences of the shoe: N·(N−1)·…·(N−5).
    pub fn sequences(&self) -> &BigUint {
        &self.total
    }

    /// The number of sequences in which the coup ends in a state for which `keep` holds.
    pub fn count_where(&self, keep: impl Fn(FinalState) -> bool) -> BigUint {
        self.tally.sum_where(keep)
    }

    /// The exact probability that the coup ends in a state for which `keep` holds.
    pub fn probability_where(&self, keep: impl Fn(FinalState) -> bool) -> BigRational {
        self.fraction(self.count_where(keep))
    }

    /// The number of sequences with this winner.
    pub fn count(&self, winner: Winner) -> BigUint {
        self.count_where(|s| s.winner() == winner)
    }

    /// The exact probability of this winner.
    pub fn probability(&self, winner: Winner) -> BigRational {
        self.fraction(self.count(winner))
    }

    /// The exact expected net change per unit staked on a bet.
    pub fn expected_net(&self, bet: &Bet) -> BigRational {
        let mut sum = BigRational::from_integer(BigInt::from(0));
        for (state, weight) in self.tally.states() {
            let net = ratio_to_big(bet.net(state));
            sum += net * BigRational::from_integer(BigInt::from(weight.clone()));
        }
        sum / BigRational::from_integer(BigInt::from(self.total.clone()))
    }

    /// The house edge of a main bet: the exact loss per unit staked (ties that push count as bets).
    pub fn edge(&self, bet: MainBet) -> BigRational {
        -self.expected_net(self.rules.tariff.bet(bet))
    }

    /// The probability that a hand's first two cards are of the same rank: Σ c(c−1) / N(N−1)
    /// over the ranks, the same for either hand and whatever the drawing rules.
    pub fn pair(&self) -> BigRational {
        let n = BigInt::from(self.shoe.len());
        let same: BigInt = self
            .shoe
            .counts()
            .iter()
            .map(|&c| BigInt::from(c) * BigInt::from(c.saturating_sub(1)))
            .sum();
        BigRational::new(same, n.clone() * (n - 1))
    }

    /// The exact distribution of a bet's net result per unit staked, lowest net first; the
    /// probabilities sum to one.
    pub fn net_distribution(&self, terms: &Terms) -> Vec<(Ratio<i64>, BigRational)> {
        match terms {
            Terms::Paytable(bet) => {
                let mut by_net: BTreeMap<Ratio<i64>, BigUint> = BTreeMap::new();
                for (state, weight) in self.tally.states() {
                    *by_net.entry(bet.net(state)).or_default() += weight;
                }
                by_net
                    .into_iter()
                    .map(|(net, count)| (net, self.fraction(count)))
                    .collect()
            }
            Terms::Pair { net, .. } => {
                let pair = self.pair();
                let one = BigRational::from_integer(BigInt::from(1));
                let mut outcomes =
                    vec![(-Ratio::from_integer(1), one - pair.clone()), (*net, pair)];
                outcomes.sort_by_key(|(net, _)| *net);
                outcomes
            }
        }
    }

    /// The exact expected net per unit staked on any bet.
    pub fn expected_net_of(&self, terms: &Terms) -> BigRational {
        match terms {
            Terms::Paytable(bet) => self.expected_net(bet),
            Terms::Pair { .. } => self
                .net_distribution(terms)
                .into_iter()
                .map(|(net, p)| ratio_to_big(net) * p)
                .sum(),
        }
    }

    /// The house edge of any bet: the exact loss per unit staked.
    pub fn edge_of(&self, terms: &Terms) -> BigRational {
        -self.expected_net_of(terms)
    }

    /// The probability that the coup has at least one natural.
    pub fn natural(&self) -> BigRational {
        self.probability_where(|s| s.natural)
    }

    /// The probability that one hand's first two cards total `total` and a natural stopped the coup.
    ///
    /// For a natural total this is the probability that the hand is dealt a natural of that total.
    pub fn natural_with(&self, hand: Hand, total: u8) -> BigRational {
        self.probability_where(|s| s.natural && hand.total(s) == total)
    }

    /// The probability that a hand draws a third card.
    pub fn draws(&self, hand: Hand) -> BigRational {
        self.probability_where(|s| hand.cards(s) == 3)
    }

    /// The probability that the coup uses exactly `cards` cards (4, 5 or 6).
    pub fn cards_used(&self, cards: u8) -> BigRational {
        self.probability_where(|s| s.cards_used() == cards)
    }

    /// The probability of a tie on `total`.
    pub fn tie_on(&self, total: u8) -> BigRational {
        self.probability_where(|s| s.winner() == Winner::Tie && s.punto_total == total)
    }

    fn fraction(&self, count: BigUint) -> BigRational {
        BigRational::new(BigInt::from(count), BigInt::from(self.total.clone()))
    }
}

/// A small exact ratio as a big one.
pub fn ratio_to_big(ratio: Ratio<i64>) -> BigRational {
    BigRational::new(BigInt::from(*ratio.numer()), BigInt::from(*ratio.denom()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_is_wrapped_only_when_it_can_be_the_shoes() {
        let one_deck = Shoe::decks(1).unwrap();
        let rules = Rules::reference();
        let tally = fast_tally(&one_deck, &rules.drawing).unwrap();
        assert!(Analysis::from_tally(one_deck.clone(), rules.clone(), tally.clone()).is_some());
        // Another shoe's tally, an empty tally, a shoe too small: no analysis to divide by.
        let two_decks = Shoe::decks(2).unwrap();
        assert!(Analysis::from_tally(two_decks, rules.clone(), tally).is_none());
        assert!(Analysis::from_tally(one_deck, rules.clone(), Tally::default()).is_none());
        let tiny = Shoe::from_counts([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert!(Analysis::from_tally(tiny, rules, Tally::default()).is_none());
    }
}
