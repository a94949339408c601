//! Bets that read the winner's or the loser's cards for more than their value (the winning
//! hand's cards of one suit): counted once per winner, where each role is a fixed hand.
//!
//! A role's cards are Punto's or Banco's by who wins, so a test on them reads every position
//! and the split by positions ([`super::split`]) cannot leave any to the walk over values.
//! But among the coups Punto wins, the winner's cards *are* Punto's and the loser's Banco's;
//! among those Banco wins, the other way round; on a tie a role has no hand and its atoms are
//! false. So the coups are counted three times, each time only those of one winner (the
//! final state's, checked at each coup's end), with the role atoms read as tests on the hand
//! that plays the role there, or as false on a tie: each count is a split that reads only
//! the positions of the hands those tests name, and the three add up to every coup once.

use super::lean::{Acc, Kind, Lean};
use super::split::{Split, values_only};
use crate::outcome::{Hand, Winner};
use crate::play::Plan;
use crate::rules::condition::{CardSet, Who};
use crate::tally::Int;

/// The three counts, one per winner: the atoms with the roles read as fixed hands, and the
/// split that counts them.
pub(super) struct Roles<'b> {
    by_winner: Vec<(Lean<'b>, Split)>,
}

impl<'b> Roles<'b> {
    /// The counts by winner, when some atom reads a role's cards for more than their value
    /// and, for each winner, the split of the atoms so read is small enough.
    pub(super) fn of(lean: &Lean<'b>, classes: usize) -> Option<Roles<'b>> {
        let reads_role = lean.kinds.iter().any(|k| {
            matches!(k, Kind::Set(CardSet::Cards(Who::Winner | Who::Loser), t) if !values_only(t))
        });
        if !reads_role {
            return None;
        }
        let by_winner = [Winner::Punto, Winner::Banco, Winner::Tie]
            .into_iter()
            .map(|winner| {
                let fixed = as_hands(lean, winner);
                let split = Split::of_winner(&fixed, classes, winner)?;
                Some((fixed, split))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Roles { by_winner })
    }

    /// The bet's weights by mask of its atoms' truths over the shoe of these classes
    /// (a card standing for each, its value, its count) and `n` cards: the three counts added.
    pub(super) fn count<I: Int>(
        &self,
        classes: &[(u8, u8, u64)],
        n: u64,
        plan: &Plan,
        acc: &mut Acc<I>,
    ) {
        for (fixed, split) in &self.by_winner {
            split.count(fixed, classes, n, plan, acc);
        }
    }
}

/// The atoms as they read among the coups `winner` wins: a role's cards are the cards of the
/// hand that plays it, and on a tie a role's atom is false (an atom of the final state that
/// no state makes true). The atoms keep their places, so the masks are the bet's own.
fn as_hands<'b>(lean: &Lean<'b>, winner: Winner) -> Lean<'b> {
    let hand = |who: Who| match (who, winner) {
        (Who::Winner, Winner::Punto) | (Who::Loser, Winner::Banco) => Some(Hand::Punto),
        (Who::Winner, Winner::Banco) | (Who::Loser, Winner::Punto) => Some(Hand::Banco),
        _ => None,
    };
    let kinds = lean
        .kinds
        .iter()
        .map(|kind| match kind {
            Kind::Set(CardSet::Cards(who @ (Who::Winner | Who::Loser)), t) => match hand(*who) {
                Some(Hand::Punto) => Kind::Set(CardSet::Cards(Who::Punto), t.clone()),
                Some(Hand::Banco) => Kind::Set(CardSet::Cards(Who::Banco), t.clone()),
                // The state masks hold no bit for a test on cards: false in every state.
                None => Kind::State,
            },
            kind => kind.clone(),
        })
        .collect();
    Lean {
        atoms: lean.atoms.clone(),
        kinds,
        state_masks: lean.state_masks.clone(),
        reads_dealt: lean.reads_dealt,
    }
}
