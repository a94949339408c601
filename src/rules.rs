//! The rules of Punto Banco as data: the drawing rules and the tariff.
//!
//! Nothing else in the crate knows a rule. The reference tableau below is laid out as the
//! teaching texts print it, one row per Banco two-card total; a variant is another value of
//! [`Rules`], never a branch in the engine.

use crate::outcome::{FinalState, Hand, KeyError, Winner};
use num_rational::Ratio;

pub mod banque;
pub mod choice;
pub mod condition;
pub mod dealing;

use condition::{Atom, Cond, DealtCoup};

/// What a hand does at a decision: take a third card or keep two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Take a third card.
    Draw,
    /// Keep two cards.
    Stand,
}

use Action::{Draw as D, Stand as S};

/// Which column of the Banco tableau applies: Punto's third card, or Punto stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PuntoMove {
    /// Punto drew a third card of this value (0 to 9).
    Drew(u8),
    /// Punto stood on two cards.
    Stood,
}

impl PuntoMove {
    /// The eleven columns of the tableau, in printed order: third card 0 to 9, then "Punto stood".
    pub const ALL: [PuntoMove; 11] = [
        PuntoMove::Drew(0),
        PuntoMove::Drew(1),
        PuntoMove::Drew(2),
        PuntoMove::Drew(3),
        PuntoMove::Drew(4),
        PuntoMove::Drew(5),
        PuntoMove::Drew(6),
        PuntoMove::Drew(7),
        PuntoMove::Drew(8),
        PuntoMove::Drew(9),
        PuntoMove::Stood,
    ];

    /// The column index in a tableau row.
    pub fn column(self) -> usize {
        match self {
            PuntoMove::Drew(value) => value as usize,
            PuntoMove::Stood => 10,
        }
    }
}

/// One row of the Banco tableau: the action against each Punto third card 0–9, then against "Punto stood".
pub type TableauRow = [Action; 11];

/// The drawing rules: which two-card totals are naturals, Punto's rule, and the Banco tableau.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrawingRules {
    /// Two-card totals that are naturals: a natural on either hand stops all drawing.
    pub naturals: [bool; 10],
    /// Punto's action on each two-card total, when neither hand has a natural.
    pub punto: [Action; 10],
    /// Banco's action by Banco two-card total (rows 0–9) and Punto's move (columns).
    pub banco: [TableauRow; 10],
}

/// The reference Banco tableau of the teaching texts (and of the standard Punto Banco card).
///
/// Rows are Banco's two-card total 0–9; columns are Punto's third card 0–9, then "Punto
/// stood". Rows 8 and 9 are never consulted, since those totals are naturals.
#[rustfmt::skip]
const REFERENCE_BANCO_TABLEAU: [TableauRow; 10] = [
    //  third card 0–9                      Punto stood
    //  0  1  2  3  4  5  6  7  8  9        ↓
    [D, D, D, D, D, D, D, D, D, D, /**/ D], // Banco 0: always draws
    [D, D, D, D, D, D, D, D, D, D, /**/ D], // Banco 1: always draws
    [D, D, D, D, D, D, D, D, D, D, /**/ D], // Banco 2: always draws
    [D, D, D, D, D, D, D, D, S, D, /**/ D], // Banco 3: all but an 8
    [S, S, D, D, D, D, D, D, S, S, /**/ D], // Banco 4: 2–7
    [S, S, S, S, D, D, D, D, S, S, /**/ D], // Banco 5: 4–7
    [S, S, S, S, S, S, D, D, S, S, /**/ S], // Banco 6: 6–7
    [S, S, S, S, S, S, S, S, S, S, /**/ S], // Banco 7: never
    [S, S, S, S, S, S, S, S, S, S, /**/ S], // Banco 8: natural
    [S, S, S, S, S, S, S, S, S, S, /**/ S], // Banco 9: natural
];

/// Punto draws on 0–5 and stands on 6–7 (8 and 9 are naturals).
#[rustfmt::skip]
const REFERENCE_PUNTO: [Action; 10] = [D, D, D, D, D, D, S, S, S, S];

/// Openings of eight or nine are naturals.
#[rustfmt::skip]
const REFERENCE_NATURALS: [bool; 10] = [false, false, false, false, false, false, false, false, true, true];

impl DrawingRules {
    /// The drawing rules of the teaching texts.
    pub fn reference() -> DrawingRules {
        DrawingRules {
            naturals: REFERENCE_NATURALS,
            punto: REFERENCE_PUNTO,
            banco: REFERENCE_BANCO_TABLEAU,
        }
    }

    /// Whether a two-card total is a natural.
    pub fn is_natural(&self, two_card_total: u8) -> bool {
        self.naturals[two_card_total as usize]
    }

    /// Punto's action on a two-card total, when there is no natural.
    pub fn punto_action(&self, punto_total: u8) -> Action {
        self.punto[punto_total as usize]
    }

    /// Banco's action on its two-card total given Punto's move, when there is no natural.
    pub fn banco_action(&self, banco_total: u8, punto_move: PuntoMove) -> Action {
        self.banco[banco_total as usize][punto_move.column()]
    }

    /// Whether some coup under these drawing rules can end in `state`, judged on the state
    /// alone: a natural leaves both hands on two cards and one of them on a natural total.
    pub fn can_end_in(&self, state: FinalState) -> bool {
        !state.natural
            || (state.punto_cards == 2
                && state.banco_cards == 2
                && (self.is_natural(state.punto_total) || self.is_natural(state.banco_total)))
    }

    /// Returns the same rules with one Banco cell set to `action`.
    pub fn with_banco_cell(&self, banco_total: u8, punto_move: PuntoMove, action: Action) -> Self {
        let mut rules = self.clone();
        rules.banco[banco_total as usize][punto_move.column()] = action;
        rules
    }
}

/// When a pay line applies, judged on a coup's final state: the winner and, where given, the
/// winning hand's final total (the common total on a tie), the number of cards the winning
/// hand took, whether a natural stopped the coup, and the margin of the win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Condition {
    /// Who wins; `None` only in events that do not depend on the winner (such as "a natural").
    pub winner: Option<Winner>,
    /// The winning hand's final total (the common total on a tie), when it matters.
    pub total: Option<u8>,
    /// The number of cards the winning hand took (2 or 3), when it matters.
    pub cards: Option<u8>,
    /// Whether a natural stopped the coup, when it matters.
    pub natural: Option<bool>,
    /// The difference of the final totals, when it matters.
    pub margin: Option<u8>,
}

impl Condition {
    /// The condition that `winner` wins (or, for [`Winner::Tie`], that the coup is a tie).
    pub const fn wins(winner: Winner) -> Condition {
        Condition {
            winner: Some(winner),
            total: None,
            cards: None,
            natural: None,
            margin: None,
        }
    }

    /// The same condition, restricted to a winning total.
    pub const fn with_total(self, total: u8) -> Condition {
        Condition {
            total: Some(total),
            ..self
        }
    }

    /// The same condition, restricted to a number of cards in the winning hand.
    pub const fn with_cards(self, cards: u8) -> Condition {
        Condition {
            cards: Some(cards),
            ..self
        }
    }

    /// Whether the condition holds for a final state.
    #[inline]
    pub fn holds(&self, state: FinalState) -> bool {
        self.holds_of(&StateFacts::of(state))
    }

    /// Whether the condition holds for a final state whose facts are read once for all the
    /// conditions of a bet (the pricing's fold over the states).
    #[inline]
    pub(crate) fn holds_of(&self, facts: &StateFacts) -> bool {
        self.winner.is_none_or(|w| w == facts.winner)
            && self.total.is_none_or(|t| t == facts.total)
            && self.cards.is_none_or(|c| c == facts.cards)
            && self.natural.is_none_or(|n| n == facts.natural)
            && self.margin.is_none_or(|m| m == facts.margin)
    }
}

/// What a [`Condition`] reads of a final state: the winner, the winning hand's total and
/// cards (Punto's on a tie), whether a natural stopped the coup, the margin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StateFacts {
    winner: Winner,
    total: u8,
    cards: u8,
    natural: bool,
    margin: u8,
}

impl StateFacts {
    #[inline]
    pub(crate) fn of(state: FinalState) -> StateFacts {
        let winner = state.winner();
        let (total, cards) = match winner {
            Winner::Banco => (state.banco_total, state.banco_cards),
            _ => (state.punto_total, state.punto_cards),
        };
        StateFacts {
            winner,
            total,
            cards,
            natural: state.natural,
            margin: state.punto_total.abs_diff(state.banco_total),
        }
    }
}

/// One line of a bet: when `when` holds, the bet nets `net` per unit staked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PayLine {
    /// When the line applies.
    pub when: Cond,
    /// The net change per unit staked: the profit on a win, zero on a push.
    pub net: Ratio<i64>,
}

/// A bet, main or side: the first line whose condition holds decides; with none, the stake is
/// lost.
///
/// Every bet has this one form. A main bet's lines read the final state ([`Atom::State`], as
/// rule-file schema 1 writes them), a pair bet is one line "the hand's first two cards are of
/// the same rank" ([`Cond::pair`]), a card bet's lines read the cards (schema 2). What the
/// lines read chooses how the bet is priced and worded, not a type.
///
/// ```
/// use punto_banco::outcome::{FinalState, Hand, Winner};
/// use punto_banco::rules::{Bet, Condition};
/// use num_rational::Ratio;
/// let tie = Bet::paying(Condition::wins(Winner::Tie), Ratio::from_integer(8));
/// let state = FinalState::new(3, 3, 3, 3, false).unwrap();
/// assert_eq!(tie.settle_state(state), Some(Ratio::from_integer(8)));
/// let pair = Bet::pair(Hand::Banco, Ratio::from_integer(11));
/// assert_eq!(pair.as_pair(), Some((Hand::Banco, Ratio::from_integer(11))));
/// assert_eq!(pair.settle_state(state), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bet {
    /// The pay lines, consulted in order.
    pub lines: Vec<PayLine>,
}

impl Bet {
    /// A bet that pays `net` when `when` holds.
    pub fn paying(when: impl Into<Cond>, net: Ratio<i64>) -> Bet {
        Bet {
            lines: vec![PayLine {
                when: when.into(),
                net,
            }],
        }
    }

    /// The same bet with a line added after the others.
    pub fn then(mut self, when: impl Into<Cond>, net: Ratio<i64>) -> Bet {
        self.lines.push(PayLine {
            when: when.into(),
            net,
        });
        self
    }

    /// The pair bet on `hand`: `net` when its first two cards are of the same rank, else the
    /// stake is lost.
    pub fn pair(hand: Hand, net: Ratio<i64>) -> Bet {
        Bet::paying(Cond::pair(hand), net)
    }

    /// The net change per unit staked on a dealt coup: the one settlement of every bet.
    pub fn net(&self, coup: &DealtCoup) -> Ratio<i64> {
        self.net_by(&mut |atom| atom.holds(coup))
    }

    /// The net when each atom's truth is given by `atom`: how the exact computation settles
    /// the bet once per combination of its atoms' truths.
    pub fn net_by(&self, atom: &mut impl FnMut(&Atom) -> bool) -> Ratio<i64> {
        self.lines
            .iter()
            .find(|line| line.when.eval(atom))
            .map_or(-Ratio::from_integer(1), |line| line.net)
    }

    /// The net change per unit staked on a coup ending in `state`, for a bet that reads the
    /// final state alone ([`Bet::reads_state_only`]); `None` for one that reads the cards:
    /// settle it on the coup with [`Bet::net`].
    #[inline]
    pub fn settle_state(&self, state: FinalState) -> Option<Ratio<i64>> {
        if !self.reads_state_only() {
            return None;
        }
        let facts = StateFacts::of(state);
        Some(self.net_by(&mut |atom| atom.holds_on_state(state, &facts).unwrap_or(false)))
    }

    /// The hand and the net on a pair when the bet is a pair bet: one line, "the hand's first
    /// two cards are of the same rank" ([`Cond::pair`]).
    pub fn as_pair(&self) -> Option<(Hand, Ratio<i64>)> {
        match self.lines.as_slice() {
            [line] => line.when.as_pair().map(|hand| (hand, line.net)),
            _ => None,
        }
    }

    /// The lines as schema 1's paytable, when every line is one condition on the final state
    /// ([`Atom::State`]): how the bet is worded and compared as a paytable.
    pub fn as_paytable(&self) -> Option<Vec<(Condition, Ratio<i64>)>> {
        self.lines
            .iter()
            .map(|line| match &line.when {
                Cond::Atom(Atom::State(condition)) => Some((*condition, line.net)),
                _ => None,
            })
            .collect()
    }

    /// Every atom the bet reads, in order, each once.
    pub fn atoms(&self) -> Vec<&Atom> {
        let mut out: Vec<&Atom> = Vec::new();
        for line in &self.lines {
            for a in line.when.atoms() {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        out
    }

    /// Whether the bet reads the coup's final state and nothing else.
    #[inline]
    pub fn reads_state_only(&self) -> bool {
        self.lines.iter().all(|line| line.when.reads_state_only())
    }
}

/// A side bet: its key (as in rule files and JSON) and its bet.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SideBet {
    /// The bet's key.
    pub key: String,
    /// How it is settled.
    pub bet: Bet,
}

/// The bets of a table: the three main bets and any side bets.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tariff {
    /// The bet on Punto.
    pub punto: Bet,
    /// The bet on Banco.
    pub banco: Bet,
    /// The bet on a tie.
    pub tie: Bet,
    /// The side bets, in the order the rule set lists them.
    pub side: Vec<SideBet>,
}

/// The three main bets, for looking up a bet of a [`Tariff`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MainBet {
    /// The bet on Punto.
    Punto,
    /// The bet on Banco.
    Banco,
    /// The bet on a tie.
    Tie,
}

impl std::str::FromStr for MainBet {
    type Err = KeyError;

    /// Reads a JSON key: `punto`, `banco` or `tie`.
    fn from_str(key: &str) -> Result<MainBet, KeyError> {
        MainBet::ALL
            .into_iter()
            .find(|b| b.key() == key)
            .ok_or_else(|| KeyError::unknown("main bet", key, "punto, banco or tie"))
    }
}

impl MainBet {
    /// The three main bets, in the order the texts list them.
    pub const ALL: [MainBet; 3] = [MainBet::Punto, MainBet::Banco, MainBet::Tie];

    /// The bet's key in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            MainBet::Punto => "punto",
            MainBet::Banco => "banco",
            MainBet::Tie => "tie",
        }
    }
}

impl Tariff {
    /// The teaching texts' tariff: Punto 1:1, Banco 0.95 (5% commission), Tie 8:1; Punto and Banco push on a tie.
    pub fn reference() -> Tariff {
        let tie = Condition::wins(Winner::Tie);
        let push = Ratio::from_integer(0);
        Tariff {
            punto: Bet::paying(Condition::wins(Winner::Punto), Ratio::from_integer(1))
                .then(tie, push),
            banco: Bet::paying(Condition::wins(Winner::Banco), Ratio::new(19, 20)).then(tie, push),
            tie: Bet::paying(tie, Ratio::from_integer(8)),
            side: Vec::new(),
        }
    }

    /// Every bet with its key, main bets first: `punto`, `banco`, `tie`, then the side bets.
    pub fn all(&self) -> Vec<(&str, &Bet)> {
        let mut bets: Vec<(&str, &Bet)> = MainBet::ALL
            .iter()
            .map(|&bet| (bet.key(), self.bet(bet)))
            .collect();
        bets.extend(self.side.iter().map(|s| (s.key.as_str(), &s.bet)));
        bets
    }

    /// The terms of one main bet.
    pub fn bet(&self, bet: MainBet) -> &Bet {
        match bet {
            MainBet::Punto => &self.punto,
            MainBet::Banco => &self.banco,
            MainBet::Tie => &self.tie,
        }
    }
}

/// A complete rule set: how the hands draw and how the bets pay.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How the hands draw.
    pub drawing: DrawingRules,
    /// How the bets pay.
    pub tariff: Tariff,
}

impl Rules {
    /// The reference rules of the two teaching texts.
    pub fn reference() -> Rules {
        Rules {
            drawing: DrawingRules::reference(),
            tariff: Tariff::reference(),
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::reference()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_bet_keys_read_back() {
        for bet in MainBet::ALL {
            assert_eq!(bet.key().parse::<MainBet>(), Ok(bet));
        }
        assert_eq!(
            "dragon".parse::<MainBet>().unwrap_err().to_string(),
            "`dragon` is no main bet: expected punto, banco or tie"
        );
    }

    #[test]
    fn a_pair_bet_is_settled_by_its_hand_alone() {
        use crate::card::parse_cards;
        let coup = |punto: &str, banco: &str| {
            let (p, b) = (parse_cards(punto).unwrap(), parse_cards(banco).unwrap());
            let t = |c: &[crate::card::Card]| c.iter().map(|c| c.value()).sum::<u8>() % 10;
            DealtCoup::new(&p, &b, t(&p), t(&b), false).unwrap()
        };
        let punto_pair = Bet::pair(Hand::Punto, Ratio::from_integer(11));
        let banco_pair = Bet::pair(Hand::Banco, Ratio::from_integer(11));
        // Sevens of two suits: a pair by rank; Banco's ace and king are none.
        let sevens = coup("7H 7S", "AD KC");
        assert_eq!(punto_pair.net(&sevens), Ratio::from_integer(11));
        assert_eq!(banco_pair.net(&sevens), Ratio::from_integer(-1));
        let tie = Tariff::reference().tie;
        let state = FinalState::new(3, 3, 3, 3, false).unwrap();
        assert_eq!(tie.settle_state(state), Some(Ratio::from_integer(8)));
        assert_eq!(punto_pair.settle_state(state), None);
    }
}
