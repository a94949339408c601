//! A physical shoe: real cards in a shuffled order, dealt coup after coup.
//!
//! The exact engine never needs one; the oracle's tests (engines that deal), the shoe
//! simulation and the teaching session do. Shuffles are seeded and reproducible: ChaCha8
//! from a 64-bit seed.

use crate::card::{Card, Rank, Suit};
use crate::coup::{Coup, deal};
use crate::rules::DrawingRules;
use crate::rules::dealing::{Procedure, ShoeProgress};
use crate::shoe::{Shoe, ShoeError};
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

    /// The real cards of a shoe whose suits are known (a card-level shoe, or one whose every
    /// rank four suits share evenly, whole decks among them), in a random order drawn from
    /// `rng`. Whole decks are laid out and shuffled as [`Dealer::shuffled`] does, so the same
    /// generator deals them the same cards in the same order. A shoe whose suits are unknown
    /// is [`ShoeError::SuitsUnknown`]; one of more cards than [`Dealer::MAX_DECKS`] decks is
    /// [`ShoeError::TooManyToDeal`].
    ///
    /// ```
    /// use punto_banco::{card::parse_cards, dealer::Dealer, shoe::Shoe};
    /// let shoe = Shoe::decks_without(1, &parse_cards("4H").unwrap()).unwrap();
    /// let dealer = Dealer::try_from_shoe(&shoe, &mut Dealer::rng(7)).unwrap();
    /// assert_eq!(dealer.remaining().len(), 51);
    /// assert!(!dealer.remaining().contains(&"4H".parse().unwrap()));
    /// ```
    pub fn try_from_shoe(shoe: &Shoe, rng: &mut ChaCha8Rng) -> Result<Dealer, ShoeError> {
        let max = 52 * Self::MAX_DECKS;
        if shoe.len() > max {
            return Err(ShoeError::TooManyToDeal {
                cards: shoe.len(),
                max,
            });
        }
        let mut left = shoe.card_counts()?;
        // Laid out deck by deck, each deck suit by suit and each suit A to K, as whole decks
        // are: one round per deck, every card still left taking its turn in the round.
        let mut turns: Vec<usize> = Suit::ALL
            .iter()
            .flat_map(|&suit| {
                Rank::ALL
                    .iter()
                    .map(move |&rank| Card::new(rank, suit).index())
            })
            .filter(|&index| left[index] > 0)
            .collect();
        let mut cards = Vec::with_capacity(shoe.len() as usize);
        while !turns.is_empty() {
            for &index in &turns {
                cards.push(Card::from_index(index).expect("an index of the 52 cards"));
                left[index] -= 1;
            }
            turns.retain(|&index| left[index] > 0);
        }
        cards.shuffle(rng);
        Ok(Dealer { cards, next: 0 })
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

    /// Every card of the shoe in dealing order, those dealt included.
    pub fn order(&self) -> &[Card] {
        &self.cards
    }

    /// Burns the shoe's first cards by `procedure` (see [`ShoeProgress::burn`]) and returns
    /// the walk of the rest of the shoe, for [`Dealer::deal_next`]. The burned cards are
    /// dealt: they leave [`Dealer::remaining`].
    ///
    /// ```
    /// use punto_banco::{dealer::Dealer, rules::DrawingRules, rules::dealing::Procedure};
    /// let mut dealer = Dealer::shuffled(8, &mut Dealer::rng(5));
    /// let mut shoe = dealer.burn(&Procedure::reference());
    /// let burned = dealer.dealt();
    /// assert_eq!(burned as u64, shoe.burned());
    /// let mut coups = 0;
    /// while let Some(_) = dealer.deal_next(&mut shoe, &DrawingRules::reference()) {
    ///     coups += 1;
    /// }
    /// assert!(shoe.has_ended() && shoe.cut_out());
    /// assert_eq!(shoe.coups(), coups);
    /// ```
    pub fn burn(&mut self, procedure: &Procedure) -> ShoeProgress {
        let left = self.remaining();
        let mut shoe = procedure.start(left.len() as u64);
        if let Some(first) = left.first() {
            let burned = shoe.burn(first.rank).min(left.len() as u64);
            self.next += burned as usize;
        }
        shoe
    }

    /// The next coup of a shoe walked by its procedure, or `None` once the shoe has ended
    /// ([`ShoeProgress::may_begin`] says no, or too few cards remain to finish a coup).
    pub fn deal_next(
        &mut self,
        shoe: &mut ShoeProgress,
        rules: &DrawingRules,
    ) -> Option<Coup<Card>> {
        if !shoe.may_begin() {
            return None;
        }
        let coup = self.deal_coup(rules)?;
        shoe.coup(coup.cards_used() as u64);
        Some(coup)
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
    fn whole_decks_are_dealt_from_their_shoe_as_shuffled_deals_them() {
        for n_decks in [1, 2, 8] {
            let shoe = Shoe::decks(n_decks).unwrap();
            let from_shoe = Dealer::try_from_shoe(&shoe, &mut Dealer::rng(11)).unwrap();
            let shuffled = Dealer::shuffled(n_decks, &mut Dealer::rng(11));
            assert_eq!(from_shoe.remaining(), shuffled.remaining());
        }
    }

    #[test]
    fn a_card_level_shoe_is_dealt_its_exact_cards() {
        let mut counts = [0u64; 52];
        counts[0] = 5;
        counts[13] = 2;
        counts[51] = 1;
        counts[20] = 3;
        let shoe = Shoe::from_card_counts(counts).unwrap();
        let dealer = Dealer::try_from_shoe(&shoe, &mut Dealer::rng(3)).unwrap();
        let mut dealt = [0u64; 52];
        for card in dealer.remaining() {
            dealt[card.index()] += 1;
        }
        assert_eq!(dealt, counts);
        // Suits unknown, or more cards than a dealer holds: errors, never a guess.
        let ranks = Shoe::from_counts([3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert!(matches!(
            Dealer::try_from_shoe(&ranks, &mut Dealer::rng(1)),
            Err(ShoeError::SuitsUnknown {
                rank: "A",
                count: 3
            })
        ));
        let huge = Shoe::decks(Dealer::MAX_DECKS + 1).unwrap();
        assert!(matches!(
            Dealer::try_from_shoe(&huge, &mut Dealer::rng(1)),
            Err(ShoeError::TooManyToDeal { .. })
        ));
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

    /// The walk by the procedure against a naive second path written from the rule's words:
    /// burn the first card's count, deal while more than `cut` cards remain, then the coups
    /// after the cut card.
    #[test]
    fn a_shoe_is_dealt_by_its_procedure() {
        use crate::card::Rank;
        use crate::rules::dealing::Burn;
        let rules = DrawingRules::reference();
        for (burn, cut, after) in [
            (Burn::FirstCard { ace: 1 }, 14, 1),
            (Burn::FirstCard { ace: 11 }, 17, 2),
            (Burn::None, 5, 0),
        ] {
            let procedure = Procedure {
                burn,
                cut,
                coups_after_cut: after,
            };
            procedure.check_for(52).unwrap();
            for seed in 0..50 {
                let mut dealer = Dealer::shuffled(1, &mut Dealer::rng(seed));
                let mut naive = dealer.clone();
                let mut shoe = dealer.burn(&procedure);
                let mut dealt = Vec::new();
                while let Some(coup) = dealer.deal_next(&mut shoe, &rules) {
                    dealt.push(coup);
                }
                let first = naive.remaining()[0].rank;
                let value = match first {
                    Rank::Ace => match burn {
                        Burn::FirstCard { ace } => u64::from(ace),
                        Burn::None => 0,
                    },
                    Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 10,
                    other => u64::from(other.value()),
                };
                let burned = if burn == Burn::None { 0 } else { value + 1 };
                for _ in 0..burned {
                    naive.rotate_top();
                }
                naive.cards.truncate(52 - burned as usize);
                let mut expected = Vec::new();
                while naive.remaining().len() as u64 > cut {
                    expected.push(naive.deal_coup(&rules).unwrap());
                }
                for _ in 0..after {
                    expected.push(naive.deal_coup(&rules).unwrap());
                }
                assert_eq!(dealt, expected, "seed {seed}");
                assert_eq!(dealer.dealt() as u64, burned + shoe.dealt());
                assert!(shoe.has_ended());
            }
        }
    }
}
