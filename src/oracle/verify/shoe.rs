//! A shoe log's state: what has been dealt from the stated shoe, the procedure's walk and
//! the shoe's order.

use super::{DealingFinding, Finding};
use crate::card::Card;
use crate::rules::dealing::ShoeProgress;

/// What has been dealt from the stated shoe: card by card for whole decks, by rank for a
/// shoe of rank counts. Fixed-size counts, whatever the length of the log.
pub(super) struct ShoeState {
    pub(super) line: usize,
    /// The cards the shoe holds.
    pub(super) cards: u64,
    /// The walk of the procedure, for a shoe log (a shoe line with a burn or an order) read
    /// with a procedure.
    pub(super) progress: Option<ShoeProgress>,
    /// The shoe's order, when its line gives one that is the stated shoe, and the position of
    /// the next card to deal in it.
    pub(super) order: Option<(Vec<Card>, usize)>,
    pub(super) held: Held,
    /// Times dealt: of each exact card, by rank then suit, for whole decks; of each rank (the
    /// first 13) for rank counts.
    pub(super) dealt: [u64; 52],
}

/// What a stated shoe holds.
pub(super) enum Held {
    /// These counts of A, 2, …, K.
    Ranks([u64; 13]),
    /// These counts of each exact card, A♠ A♥ A♦ A♣ 2♠ … K♣.
    Cards(Box<[u64; 52]>),
}

impl ShoeState {
    /// The first card whose count in `order` differs from the shoe's (by rank for a shoe
    /// of rank counts), with both counts.
    pub(super) fn order_differs(&self, order: &[Card]) -> Option<DealingFinding> {
        let mut counts = [0u64; 52];
        for card in order {
            let index = card.rank.index() * 4 + card.suit as usize;
            counts[index] += 1;
        }
        let differs = |card: Card, in_order: u64, held: u64| {
            (in_order != held).then_some(DealingFinding::OrderNotShoe {
                card,
                in_order,
                held,
            })
        };
        let card_at = |index: usize| {
            Card::new(
                crate::card::Rank::ALL[index / 4],
                crate::card::Suit::ALL[index % 4],
            )
        };
        match &self.held {
            Held::Cards(held) => (0..52).find_map(|i| differs(card_at(i), counts[i], held[i])),
            Held::Ranks(held) => (0..13).find_map(|rank| {
                let in_order = counts[rank * 4..rank * 4 + 4].iter().sum();
                let first = order
                    .iter()
                    .find(|c| c.rank.index() == rank)
                    .copied()
                    .unwrap_or_else(|| card_at(rank * 4));
                differs(first, in_order, held[rank])
            }),
        }
    }

    /// The walk's finding when a coup of `cards` begins (dealt after the shoe ended, or not
    /// the next cards of the order), the walk and the order moved on past it.
    pub(super) fn follow(&mut self, cards: &[Card]) -> Option<DealingFinding> {
        let mut found = None;
        if let Some(progress) = self.progress.as_mut() {
            if !progress.may_begin() {
                found = Some(DealingFinding::CoupAfterEnd {
                    coups: progress.coups(),
                    remaining: progress.remaining(),
                    shoe_line: self.line,
                });
            }
            progress.coup(cards.len() as u64);
        }
        if let Some((order, next)) = self.order.as_mut() {
            for (i, &card) in cards.iter().enumerate() {
                let expected = order.get(*next + i).copied();
                if found.is_none() && expected != Some(card) {
                    found = Some(DealingFinding::CoupNotNext {
                        position: i + 1,
                        card,
                        expected,
                        shoe_line: self.line,
                    });
                }
            }
            *next += cards.len();
        }
        found
    }

    /// The finding of a shoe that ends here while its procedure still calls for a coup.
    pub(super) fn ended(&self) -> Option<DealingFinding> {
        let progress = self.progress.as_ref()?;
        progress.may_begin().then_some(DealingFinding::EndedEarly {
            coups: progress.coups(),
            remaining: progress.remaining(),
            cut_out: progress.cut_out(),
            shoe_line: self.line,
        })
    }

    /// Takes every card of a coup out of the shoe; the first one the shoe cannot hold is
    /// reported, and the cards after it are taken all the same.
    pub(super) fn take(&mut self, cards: &[Card]) -> Option<Finding> {
        let mut first = None;
        for &card in cards {
            let rank = card.rank.index();
            let finding = match self.held {
                Held::Cards(ref held) => {
                    let index = rank * 4 + card.suit as usize;
                    let times = &mut self.dealt[index];
                    *times = times.saturating_add(1);
                    (*times > held[index]).then_some(Finding::ImpossibleCard {
                        card,
                        times: *times,
                        held: held[index],
                        shoe_line: self.line,
                    })
                }
                Held::Ranks(held) => {
                    let times = &mut self.dealt[rank];
                    *times = times.saturating_add(1);
                    (*times > held[rank]).then_some(Finding::ImpossibleRank {
                        card,
                        times: *times,
                        held: held[rank],
                        shoe_line: self.line,
                    })
                }
            };
            if first.is_none() {
                first = finding;
            }
        }
        first
    }
}
