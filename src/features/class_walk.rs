//! The plain class walk: the bet settled by its meaning at every leaf, the reference every
//! lean evaluator is held to.

use super::{Distribution, Reads, classes, reads_state_only, state_fold};
use crate::card::Card;
use crate::outcome::FinalState;
use crate::play::{Opening, Plan};
use crate::rules::condition::{Atom, DealtCoup};
use crate::rules::{Action, Bet, DrawingRules, PuntoMove};
use crate::tally::Int;
use num_rational::Ratio;
use std::collections::BTreeMap;

/// The reference: the plain class walk, settling the bet by its meaning at every leaf; the
/// tests hold every fast evaluator to it, and it counts the bets of more atoms than a mask
/// holds ([`super::MAX_ATOMS`]). The exact distribution of `bet`'s net over the ordered six-card sequences of the shoe of
/// these card counts (indexed `4·rank + suit`), as counts that sum to N·(N−1)·…·(N−5).
/// `states` is the engine's tally of the same shoe, for the bets that read no more.
pub(crate) fn class_walk<I: Int>(
    bet: &Bet,
    cards: &[u64; 52],
    drawing: &DrawingRules,
    states: &[(FinalState, &I)],
) -> Distribution<I> {
    let atoms = bet.atoms();
    if reads_state_only(&atoms) {
        return state_fold(bet, &atoms, states);
    }
    walk_cards(bet, cards, drawing)
}

/// The walk itself, for any bet, one that reads the state alone included: every ordered
/// deal of the classes, settled by the bet's meaning at each leaf (the tests hold the fold
/// of the engine's tally to it).
pub(super) fn walk_cards<I: Int>(
    bet: &Bet,
    cards: &[u64; 52],
    drawing: &DrawingRules,
) -> Distribution<I> {
    let mut by_net: BTreeMap<Ratio<i64>, I> = BTreeMap::new();
    let reads = Reads::of(bet);
    let classes = classes(&reads, cards);
    let n: u64 = cards.iter().sum();
    let mut walk = Walk {
        bet,
        plan: Plan::new(drawing),
        classes: &classes,
        left: classes.iter().map(|c| c.2).collect(),
        n,
        by_net: &mut by_net,
    };
    walk.openings(!reads.beyond_opening);
    by_net.into_iter().filter(|(_, w)| !w.is_zero()).collect()
}

/// The settlement of a bet that reads the final state only, as a function of the state.
pub(super) fn state_settlement(bet: &Bet) -> impl Fn(FinalState) -> Ratio<i64> + '_ {
    move |state: FinalState| {
        bet.net_by(&mut |atom| match atom {
            // A paytable's line reads the state itself; the other atoms read it through a
            // coup standing for it (every atom reads the state alone, so any cards of that
            // state settle it alike).
            Atom::State(condition) => condition.holds(state),
            atom => atom.holds(&DealtCoup::standing_for(state)),
        })
    }
}

pub(super) struct Walk<'a, I> {
    pub(super) bet: &'a Bet,
    pub(super) plan: Plan,
    pub(super) classes: &'a [(Card, u8, u64)],
    /// Cards left of each class.
    pub(super) left: Vec<u64>,
    /// Cards in the shoe.
    pub(super) n: u64,
    pub(super) by_net: &'a mut BTreeMap<Ratio<i64>, I>,
}

impl<I: Int> Walk<'_, I> {
    pub(super) fn take(&mut self, class: usize) -> Option<u64> {
        let c = self.left[class];
        (c > 0).then(|| {
            self.left[class] -= 1;
            c
        })
    }

    pub(super) fn add(&mut self, net: Ratio<i64>, w: I) {
        let slot = self.by_net.entry(net).or_default();
        *slot = slot.add(&w);
    }

    /// Falling product of the cards left after `dealt` cards, for `positions` more positions.
    pub(super) fn fill(&self, dealt: u64, positions: u64) -> I {
        (0..positions).fold(I::from_u64(1), |w, k| {
            w.mul(&I::from_u64(self.n.saturating_sub(dealt + k)))
        })
    }

    pub(super) fn openings(&mut self, opening_only: bool) {
        let k = self.classes.len();
        for p1 in 0..k {
            let Some(c1) = self.take(p1) else { continue };
            for b1 in 0..k {
                let Some(c2) = self.take(b1) else { continue };
                for p2 in 0..k {
                    let Some(c3) = self.take(p2) else { continue };
                    for b2 in 0..k {
                        let Some(c4) = self.take(b2) else { continue };
                        let w = [c1, c2, c3, c4]
                            .iter()
                            .fold(I::from_u64(1), |w, &c| w.mul(&I::from_u64(c)));
                        let card = |i: usize| self.classes[i].0;
                        let (punto, banco) = ([card(p1), card(p2)], [card(b1), card(b2)]);
                        if opening_only {
                            let coup = DealtCoup::opening_only(punto, banco);
                            let w = w.mul(&self.fill(4, 2));
                            self.add(self.bet.net(&coup), w);
                        } else {
                            self.third_cards(punto, banco, w);
                        }
                        self.left[b2] += 1;
                    }
                    self.left[p2] += 1;
                }
                self.left[b1] += 1;
            }
            self.left[p1] += 1;
        }
    }

    pub(super) fn settle(&mut self, punto: &[Card], banco: &[Card], natural: bool, w: I) {
        let total = |cards: &[Card]| cards.iter().map(|c| c.value()).sum::<u8>() % 10;
        let coup = DealtCoup::new(punto, banco, total(punto), total(banco), natural)
            .expect("the walk deals whole hands");
        let dealt = (punto.len() + banco.len()) as u64;
        let w = w.mul(&self.fill(dealt, 6 - dealt));
        self.add(self.bet.net(&coup), w);
    }

    pub(super) fn third_cards(&mut self, punto: [Card; 2], banco: [Card; 2], w: I) {
        let two = |cards: [Card; 2]| (cards[0].value() + cards[1].value()) % 10;
        let (p, b) = match self.plan.opening(two(punto), two(banco)) {
            Opening::Natural => return self.settle(&punto, &banco, true, w),
            Opening::Play { punto, banco } => (punto, banco),
        };
        let k = self.classes.len();
        match p {
            Action::Stand => match b[PuntoMove::Stood.column()] {
                Action::Stand => self.settle(&punto, &banco, false, w),
                Action::Draw => {
                    for b3 in 0..k {
                        let Some(c) = self.take(b3) else { continue };
                        let third = self.classes[b3].0;
                        let wb = w.mul(&I::from_u64(c));
                        self.settle(&punto, &[banco[0], banco[1], third], false, wb);
                        self.left[b3] += 1;
                    }
                }
            },
            Action::Draw => {
                for p3 in 0..k {
                    let Some(c) = self.take(p3) else { continue };
                    let (third, value) = (self.classes[p3].0, self.classes[p3].1);
                    let wp = w.mul(&I::from_u64(c));
                    let hand = [punto[0], punto[1], third];
                    match b[PuntoMove::Drew(value).column()] {
                        Action::Stand => self.settle(&hand, &banco, false, wp),
                        Action::Draw => {
                            for b3 in 0..k {
                                let Some(c) = self.take(b3) else { continue };
                                let b_third = self.classes[b3].0;
                                let wb = wp.mul(&I::from_u64(c));
                                self.settle(&hand, &[banco[0], banco[1], b_third], false, wb);
                                self.left[b3] += 1;
                            }
                        }
                    }
                    self.left[p3] += 1;
                }
            }
        }
    }
}
