//! The tally of exact weights over the final states of a coup.

use crate::outcome::FinalState;

use num_bigint::BigUint;
use num_traits::Zero;
use std::ops::{Add, Mul};

/// An integer weight type: `u128` where it provably fits, [`BigUint`] beyond.
pub trait Weight: Clone + Zero + Add<Output = Self> + Mul<Output = Self> + From<u64> {
    /// The type's name, for errors.
    const NAME: &'static str;
    /// Whether every weight and sum of a shoe of `cards` cards fits: N⁶ bounds them all.
    fn holds(cards: u64) -> bool;
    /// The weight as a big integer.
    fn to_biguint(&self) -> BigUint;
}

impl Weight for u128 {
    const NAME: &'static str = "u128";
    fn holds(cards: u64) -> bool {
        u128::from(cards).checked_pow(6).is_some()
    }
    fn to_biguint(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Weight for BigUint {
    const NAME: &'static str = "big integer";
    fn holds(_: u64) -> bool {
        true
    }
    fn to_biguint(&self) -> BigUint {
        self.clone()
    }
}

/// The number of ordered six-card sequences from a shoe ending in each final state.
///
/// Cards a coup does not use still count, so the weights sum to N·(N−1)·…·(N−5) for a shoe of N cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally<W = BigUint> {
    weights: Vec<W>,
}

impl<W: Weight> Default for Tally<W> {
    fn default() -> Self {
        Tally {
            weights: vec![W::zero(); FinalState::COUNT],
        }
    }
}

impl<W: Weight> Tally<W> {
    /// Adds `weight` sequences ending in `state`.
    pub fn add(&mut self, state: FinalState, weight: W) {
        let slot = &mut self.weights[state.index()];
        *slot = slot.clone() + weight;
    }

    /// The weight of one final state.
    pub fn weight(&self, state: FinalState) -> &W {
        &self.weights[state.index()]
    }

    /// Every final state with a non-zero weight, in index order.
    pub fn states(&self) -> impl Iterator<Item = (FinalState, &W)> {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(|(i, w)| (FinalState::from_index(i), w))
    }

    /// The same tally with big-integer weights.
    pub fn to_big(&self) -> Tally<BigUint> {
        Tally {
            weights: self.weights.iter().map(Weight::to_biguint).collect(),
        }
    }
}

impl Tally<BigUint> {
    /// The total weight of the states for which `keep` holds.
    pub fn sum_where(&self, keep: impl Fn(FinalState) -> bool) -> BigUint {
        self.states()
            .filter(|(state, _)| keep(*state))
            .map(|(_, w)| w)
            .sum()
    }

    /// The total weight: every ordered six-card sequence of the shoe.
    pub fn total(&self) -> BigUint {
        self.weights.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for index in 0..FinalState::COUNT {
            assert_eq!(FinalState::from_index(index).index(), index);
        }
    }
}
