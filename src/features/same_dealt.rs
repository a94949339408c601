//! Bets on the final state and one test that every card dealt is alike (of one rank, one
//! suit, one colour, or the same card): the test holds exactly when every card dealt lies in
//! one block of the attribute's partition, and those events are disjoint. So its weight, state
//! by state, is the sum over the blocks of the coups dealt from the block alone (a value-level
//! count of a sub-shoe, the unused positions filled from the whole shoe), and the rest of the
//! shoe's count is where it fails.

use super::dealt::{value_tally, values_within};
use super::lean::{Acc, Kind, Lean};
use crate::card::{Rank, Suit};
use crate::outcome::FinalState;
use crate::play::Plan;
use crate::rules::DrawingRules;
use crate::rules::condition::{CardClass, CardSet, Same};
use crate::tally::Int;

/// One test that every card dealt is alike, beside atoms on the final state alone.
pub(super) struct SameDealt {
    /// The index of the test among the bet's atoms.
    atom: usize,
    /// The blocks of the attribute's partition, as masks of cards.
    blocks: Vec<u64>,
}

impl SameDealt {
    /// The test and its blocks, when the bet's atoms are the final state's and this one test.
    pub(super) fn of(lean: &Lean) -> Option<SameDealt> {
        let mut found = None;
        for (i, kind) in lean.kinds.iter().enumerate() {
            match kind {
                Kind::State => {}
                Kind::Set(CardSet::Dealt, t) if found.is_none() => {
                    found = Some((i, t.only_same()?));
                }
                _ => return None,
            }
        }
        let (atom, same) = found?;
        let blocks = match same {
            Same::Rank => Rank::ALL.map(|r| CardClass::rank(r).0).to_vec(),
            Same::Suit => Suit::ALL.map(|s| CardClass::suit(s).0).to_vec(),
            Same::Colour => vec![CardClass::colour(true).0, CardClass::colour(false).0],
            Same::Card => (0..52).map(|i| 1u64 << i).collect(),
        };
        Some(SameDealt { atom, blocks })
    }

    /// The weights by mask over the shoe of these card counts (`n` cards).
    pub(super) fn count<I: Int>(
        &self,
        lean: &Lean,
        cards: &[u64; 52],
        n: u64,
        drawing: &DrawingRules,
        plan: &Plan,
        acc: &mut Acc<I>,
    ) {
        let within = |mask: u64| -> Option<Vec<I>> {
            let values = values_within(cards, mask);
            // Fewer than four cards deal no coup.
            (values.iter().sum::<u64>() >= 4).then(|| value_tally(values, n, drawing, plan))
        };
        let total = within(CardClass::ALL.0).unwrap_or_default();
        let mut alike = vec![I::default(); FinalState::COUNT];
        for counts in self.blocks.iter().filter_map(|&b| within(b)) {
            for (slot, w) in alike.iter_mut().zip(&counts) {
                *slot = slot.add(w);
            }
        }
        for (index, (all, same)) in total.iter().zip(&alike).enumerate() {
            let state = lean.state_masks[index];
            acc.add(state | 1 << self.atom, same);
            acc.add(state, &all.sub(same));
        }
    }
}
