//! The lean evaluators' common parts: a bet's atoms compiled to masks of truths over cards
//! given by index, a coup as they read it, and the weights gathered by mask.

use super::{Distribution, Nets, atom_index};
use crate::outcome::{FinalState, Hand, Winner};
use crate::rules::Bet;
use crate::rules::condition::{Atom, CardClass, CardSet, DealtCoup, Numbers, Same, SetTest, Who};
use crate::tally::Int;
use std::collections::HashMap;

/// The value of the card at each index `4·rank + suit`.
pub(super) const VALUES: [u8; 52] = {
    let mut values = [0; 52];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4 + 1;
        values[i] = if rank >= 10 { 0 } else { rank as u8 };
        i += 1;
    }
    values
};

/// Whether the card at an index is red (hearts or diamonds, suits 1 and 2).
pub(super) fn is_red(card: u8) -> bool {
    matches!(card % 4, 1 | 2)
}

/// A [`SetTest`] compiled for cards given by index, read without allocating: the same meaning
/// (the tests hold it to [`SetTest::holds`]).
#[derive(Debug, Clone)]
pub(super) struct Test {
    pub(super) filter: u64,
    pub(super) size: Option<Numbers>,
    pub(super) same: Option<Same>,
    pub(super) all: Option<u64>,
    /// The group sizes, largest first.
    pub(super) groups: Option<Vec<u8>>,
    pub(super) straight: Option<bool>,
    pub(super) ranks: Option<[u8; 13]>,
    pub(super) max_value: Option<Numbers>,
}

impl Test {
    pub(super) fn of(test: &SetTest) -> Test {
        Test {
            filter: test.filter.map_or(CardClass::ALL.0, |c| c.0),
            size: test.size,
            same: test.same,
            all: test.all.map(|c| c.0),
            groups: test.groups.as_ref().map(|g| {
                let mut g = g.clone();
                g.sort_unstable_by(|a, b| b.cmp(a));
                g
            }),
            straight: test.straight,
            ranks: test.ranks.as_ref().map(|ranks| {
                let mut want = [0u8; 13];
                for r in ranks {
                    want[r.index()] = want[r.index()].saturating_add(1);
                }
                want
            }),
            max_value: test.max_value,
        }
    }

    /// The attribute, when the test is "every card alike" in it and nothing else.
    pub(super) fn only_same(&self) -> Option<Same> {
        let alone = self.filter == CardClass::ALL.0
            && self.size.is_none()
            && self.all.is_none()
            && self.groups.is_none()
            && self.straight.is_none()
            && self.ranks.is_none()
            && self.max_value.is_none();
        self.same.filter(|_| alone)
    }

    pub(super) fn holds(&self, cards: &[u8]) -> bool {
        let mut kept = [0u8; 6];
        let mut n = 0;
        for &c in cards {
            if self.filter >> c & 1 == 1 {
                kept[n] = c;
                n += 1;
            }
        }
        let kept = &kept[..n];
        if self.size.is_some_and(|s| !s.has(n as u8)) {
            return false;
        }
        if let Some(same) = self.same {
            let key = |c: u8| match same {
                Same::Rank => c / 4,
                Same::Suit => c % 4,
                Same::Colour => u8::from(is_red(c)),
                Same::Card => c,
            };
            match kept.first() {
                None => return false,
                Some(&first) if kept.iter().any(|&c| key(c) != key(first)) => return false,
                Some(_) => {}
            }
        }
        if let Some(all) = self.all
            && (n == 0 || kept.iter().any(|&c| all >> c & 1 == 0))
        {
            return false;
        }
        if self.groups.is_some() || self.straight.is_some() || self.ranks.is_some() {
            let mut by_rank = [0u8; 13];
            for &c in kept {
                by_rank[usize::from(c / 4)] += 1;
            }
            if let Some(need) = &self.groups {
                let mut have = [0u8; 6];
                let mut len = 0;
                for &count in by_rank.iter().filter(|&&c| c > 0) {
                    have[len] = count;
                    len += 1;
                }
                let have = &mut have[..len];
                have.sort_unstable_by(|a, b| b.cmp(a));
                if need.len() > len || need.iter().zip(have.iter()).any(|(n, h)| h < n) {
                    return false;
                }
            }
            if let Some(straight) = self.straight {
                let distinct = n >= 2 && by_rank.iter().all(|&c| c <= 1);
                let bits = by_rank
                    .iter()
                    .enumerate()
                    .fold(u16::from(by_rank[0] == 1) << 13, |m, (r, &c)| {
                        m | u16::from(c == 1) << r
                    });
                let run = (1u16 << n) - 1;
                let is = distinct && (0..=14 - n).any(|start| bits >> start & run == run);
                if is != straight {
                    return false;
                }
            }
            if self.ranks.is_some_and(|want| want != by_rank) {
                return false;
            }
        }
        if let Some(values) = self.max_value {
            match kept.iter().map(|&c| VALUES[usize::from(c)]).max() {
                Some(max) if values.has(max) => {}
                _ => return false,
            }
        }
        true
    }
}

/// What an atom reads, compiled for the lean evaluators.
#[derive(Debug, Clone)]
pub(super) enum Kind {
    /// The final state alone: its truth per state is in [`Lean::state_masks`].
    State,
    /// A hand's two-card total.
    TwoCard(Hand, Numbers),
    /// A test on a set of cards.
    Set(CardSet, Test),
}

/// A bet's atoms, compiled: bit `i` of a mask is the truth of atom `i`.
pub(super) struct Lean<'b> {
    pub(super) atoms: Vec<&'b Atom>,
    pub(super) kinds: Vec<Kind>,
    /// For each final state (by [`FinalState::index`]), the mask of the state atoms it makes true.
    pub(super) state_masks: Vec<u64>,
    /// Whether some atom tests every card dealt.
    pub(super) reads_dealt: bool,
}

/// A coup as the lean evaluators read it: cards by index, each hand's cards in order.
pub(super) struct Dealt {
    pub(super) punto: [u8; 3],
    pub(super) punto_len: usize,
    pub(super) banco: [u8; 3],
    pub(super) banco_len: usize,
    pub(super) state: FinalState,
}

impl Dealt {
    pub(super) fn hand(&self, hand: Hand) -> &[u8] {
        match hand {
            Hand::Punto => &self.punto[..self.punto_len],
            Hand::Banco => &self.banco[..self.banco_len],
        }
    }

    /// The hand in a role, `None` for the winner or loser of a tie.
    pub(super) fn who(&self, who: Who) -> Option<Hand> {
        let winner = match self.state.winner() {
            Winner::Punto => Some(Hand::Punto),
            Winner::Banco => Some(Hand::Banco),
            Winner::Tie => None,
        };
        let other = |h: Hand| match h {
            Hand::Punto => Hand::Banco,
            Hand::Banco => Hand::Punto,
        };
        match who {
            Who::Punto => Some(Hand::Punto),
            Who::Banco => Some(Hand::Banco),
            Who::Winner => winner,
            Who::Loser => winner.map(other),
        }
    }

    /// Whether a test on a set of the coup's cards holds (false for a role a tie leaves empty).
    pub(super) fn holds(&self, set: CardSet, test: &Test) -> bool {
        let (p, b) = (&self.punto, &self.banco);
        match set {
            CardSet::Opening => test.holds(&[p[0], b[0], p[1], b[1]]),
            CardSet::Dealt => {
                let mut all = [p[0], b[0], p[1], b[1], 0, 0];
                let mut len = 4;
                for &c in self.punto[2..self.punto_len]
                    .iter()
                    .chain(&self.banco[2..self.banco_len])
                {
                    all[len] = c;
                    len += 1;
                }
                test.holds(&all[..len])
            }
            CardSet::FirstTwo(hand) => test.holds(&self.hand(hand)[..2]),
            CardSet::Third(hand) => test.holds(&self.hand(hand)[2..]),
            CardSet::Cards(who) => self.who(who).is_some_and(|h| test.holds(self.hand(h))),
        }
    }
}

impl<'b> Lean<'b> {
    /// The bet's atoms ([`Bet::atoms`]) compiled.
    pub(super) fn with_atoms(atoms: Vec<&'b Atom>) -> Lean<'b> {
        let kinds: Vec<Kind> = atoms
            .iter()
            .map(|atom| match atom {
                Atom::State(_) | Atom::CardsDealt(_) | Atom::Total(..) | Atom::HandCards(..) => {
                    Kind::State
                }
                Atom::TwoCardTotal(hand, n) => Kind::TwoCard(*hand, *n),
                Atom::Set(set, test) => Kind::Set(*set, Test::of(test)),
            })
            .collect();
        let state_masks = FinalState::all()
            .map(|state| {
                let coup = DealtCoup::standing_for(state);
                atoms
                    .iter()
                    .zip(&kinds)
                    .enumerate()
                    .fold(0, |m, (i, (a, k))| {
                        m | u64::from(matches!(k, Kind::State) && a.holds(&coup)) << i
                    })
            })
            .collect();
        let reads_dealt = kinds
            .iter()
            .any(|k| matches!(k, Kind::Set(CardSet::Dealt, _)));
        Lean {
            atoms,
            kinds,
            state_masks,
            reads_dealt,
        }
    }

    /// Whether the opening atoms include per-hand ones (a hand's first two cards or two-card
    /// total), and whether they include tests on the opening as a set.
    pub(super) fn opening_kinds(&self) -> (bool, bool) {
        let hands = self
            .kinds
            .iter()
            .any(|k| matches!(k, Kind::TwoCard(..) | Kind::Set(CardSet::FirstTwo(_), _)));
        let sets = self
            .kinds
            .iter()
            .any(|k| matches!(k, Kind::Set(CardSet::Opening, _)));
        (hands, sets)
    }

    /// Whether every atom reads only the final state, a hand's two-card total or a hand's
    /// third card.
    pub(super) fn reads_cells_only(&self) -> bool {
        self.kinds.iter().all(|k| {
            matches!(
                k,
                Kind::State | Kind::TwoCard(..) | Kind::Set(CardSet::Third(_), _)
            )
        })
    }

    /// When every test on the opening as a set is "the four cards alike" in one attribute and
    /// nothing else, those tests (index and attribute); at most four.
    pub(super) fn opening_same(&self) -> Option<Vec<(usize, Same)>> {
        let mut same = Vec::new();
        for (i, kind) in self.kinds.iter().enumerate() {
            if let Kind::Set(CardSet::Opening, t) = kind {
                same.push((i, t.only_same()?));
            }
        }
        (same.len() <= 4).then_some(same)
    }

    /// The mask of the atoms a hand's first two cards decide (`punto` or `banco` its cards).
    pub(super) fn hand_mask(&self, hand: Hand, two: [u8; 2]) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = match k {
                Kind::TwoCard(h, n) if *h == hand => {
                    n.has((VALUES[usize::from(two[0])] + VALUES[usize::from(two[1])]) % 10)
                }
                Kind::Set(CardSet::FirstTwo(h), test) if *h == hand => test.holds(&two),
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on the opening as a set (in the order dealt).
    pub(super) fn set_mask(&self, opening: &[u8; 4]) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = matches!(k, Kind::Set(CardSet::Opening, test) if test.holds(opening));
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on every card dealt (in any order: a set test reads no order).
    pub(super) fn dealt_mask(&self, dealt: &[u8]) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = matches!(k, Kind::Set(CardSet::Dealt, t) if t.holds(dealt));
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on a role's cards.
    pub(super) fn role_mask(&self, coup: &Dealt) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = match k {
                Kind::Set(set @ CardSet::Cards(_), t) => coup.holds(*set, t),
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on a hand's third card: `None` when the hand stood.
    pub(super) fn third_mask(&self, hand: Hand, third: Option<u8>) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = match k {
                Kind::Set(CardSet::Third(h), t) if *h == hand => match third {
                    Some(card) => t.holds(&[card]),
                    None => t.holds(&[]),
                },
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }
}

/// Weights by mask of atom truths: a dense table for a few atoms, a map beyond.
pub(super) enum Acc<I> {
    Dense(Vec<I>),
    Sparse(HashMap<u64, I>),
}

impl<I: Int> Acc<I> {
    pub(super) fn new(atoms: usize) -> Acc<I> {
        if atoms <= 10 {
            Acc::Dense(vec![I::default(); 1 << atoms])
        } else {
            Acc::Sparse(HashMap::new())
        }
    }

    #[inline]
    pub(super) fn add(&mut self, mask: u64, w: &I) {
        let slot = match self {
            Acc::Dense(v) => &mut v[mask as usize],
            Acc::Sparse(m) => m.entry(mask).or_default(),
        };
        *slot = slot.add(w);
    }

    /// The distribution of the bet's net: each mask settled once.
    pub(super) fn settle(self, bet: &Bet, atoms: &[&Atom]) -> Distribution<I> {
        let masks: Vec<(u64, I)> = match self {
            Acc::Dense(v) => v
                .into_iter()
                .enumerate()
                .map(|(m, w)| (m as u64, w))
                .collect(),
            Acc::Sparse(m) => m.into_iter().collect(),
        };
        let mut nets = Nets::default();
        for (mask, w) in masks.into_iter().filter(|(_, w)| !w.is_zero()) {
            nets.add(
                bet.net_by(&mut |a| mask >> atom_index(atoms, a) & 1 == 1),
                &w,
            );
        }
        nets.into_distribution()
    }
}

/// `n·(n−1)·…` over `positions` factors, in the type (0 once a factor would be negative).
pub(super) fn falling<I: Int>(n: u64, positions: u64) -> I {
    (0..positions).fold(I::from_u64(1), |w, k| {
        w.mul(&I::from_u64(n.saturating_sub(k)))
    })
}
