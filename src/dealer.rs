//! A physical shoe: real cards in a shuffled order, dealt coup after coup.
//!
//! The exact engine never needs one; the oracle's tests (engines that deal), the shoe
//! simulation and the teaching session do. Shuffles are seeded and reproducible: ChaCha8
//! from a 64-bit seed.

use crate::card::{Card, Rank, Suit};
use crate::coup::{Coup, deal};
use crate::rules::DrawingRules;
use crate::shoe::ShoeError;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Cards in the order they will be dealt.
#[derive(Debug, Clone)]
pub struct Dealer {
    cards: Vec<Card>,
    next: usize,
}

impl Dealer {
    /// The most decks a dealer holds: 3,407,872 real cards, about 7 MB.
    pub const MAX_DECKS: u64 = 1 << 16;

    /// `n_decks` full decks in a random order drawn from `rng`; an error beyond
    /// [`Dealer::MAX_DECKS`]. No decks make an empty shoe.
    pub fn try_shuffled(n_decks: u64, rng: &mut ChaCha8Rng) -> Result<Dealer, ShoeError> {
        if n_decks > Self::MAX_DECKS {
            return Err(ShoeError::TooManyDecks {
                decks: n_decks,
                max: Self::MAX_DECKS,
            });
        }
        Ok(Self::shuffled(n_decks, rng))
    }

    /// `n_decks` full decks in a random order drawn from `rng`.
    ///
    /// # Panics
    ///
    /// Beyond [`Dealer::MAX_DECKS`] decks; [`Dealer::try_shuffled`] returns the error instead.
    pub fn shuffled(n_decks: u64, rng: &mut ChaCha8Rng) -> Dealer {
        assert!(
            n_decks <= Self::MAX_DECKS,
            "{n_decks} decks: a dealer holds at most {}",
            Self::MAX_DECKS
        );
        let mut cards = Vec::with_capacity(52 * n_decks as usize);
        for _ in 0..n_decks {
            for suit in Suit::ALL {
                for rank in Rank::ALL {
                    cards.push(Card::new(rank, suit));
                }
            }
        }
        cards.shuffle(rng);
        Dealer { cards, next: 0 }
    }

    /// A seeded generator for [`Dealer::shuffled`].
    pub fn rng(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    /// Cards in exactly this order.
    pub fn stacked(cards: Vec<Card>) -> Dealer {
        Dealer { cards, next: 0 }
    }

    /// The cards not dealt yet, in order.
    pub fn remaining(&self) -> &[Card] {
        &self.cards[self.next..]
    }

    /// How many cards have been dealt.
    pub fn dealt(&self) -> usize {
        self.next
    }

    /// Deals one coup from the top of the shoe, or `None` when too few cards remain to finish it.
    pub fn deal_coup(&mut self, rules: &DrawingRules) -> Option<Coup<Card>> {
        let coup = deal(rules, self.remaining()).ok()?;
        self.next += coup.cards_used();
        Some(coup.without_unused())
    }

    /// Moves the card on top of the shoe to the bottom (used to build deliberately biased shoes).
    pub fn rotate_top(&mut self) {
        if let Some(card) = self.cards.get(self.next).copied() {
            self.cards.remove(self.next);
            self.cards.push(card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_is_a_permutation_and_reproducible() {
        let a = Dealer::shuffled(8, &mut Dealer::rng(7));
        let b = Dealer::shuffled(8, &mut Dealer::rng(7));
        let c = Dealer::shuffled(8, &mut Dealer::rng(8));
        assert_eq!(a.remaining(), b.remaining());
        assert_ne!(a.remaining(), c.remaining());
        let mut sorted = a.remaining().to_vec();
        sorted.sort();
        let mut fresh = Dealer::shuffled(8, &mut Dealer::rng(1))
            .remaining()
            .to_vec();
        fresh.sort();
        assert_eq!(sorted, fresh);
        assert_eq!(sorted.len(), 416);
    }

    #[test]
    fn too_many_decks_are_an_error_not_an_allocation() {
        let err = Dealer::try_shuffled(u64::MAX, &mut Dealer::rng(1)).unwrap_err();
        assert_eq!(
            err,
            ShoeError::TooManyDecks {
                decks: u64::MAX,
                max: Dealer::MAX_DECKS
            }
        );
        assert_eq!(
            Dealer::try_shuffled(2, &mut Dealer::rng(1))
                .unwrap()
                .remaining()
                .len(),
            104
        );
    }

    #[test]
    fn deals_until_the_shoe_cannot_finish_a_coup() {
        let mut dealer = Dealer::shuffled(1, &mut Dealer::rng(3));
        let mut coups = 0;
        while dealer.deal_coup(&DrawingRules::reference()).is_some() {
            coups += 1;
        }
        assert!(dealer.remaining().len() < 6);
        assert!(coups >= 52 / 6);
    }
}
