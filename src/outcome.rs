//! How a coup ends: the winner, the two hands, and the final state a tally counts.
//!
//! These are the engine's nouns and know nothing of the rules: which states a set of drawing
//! rules can reach is the rules' question (`DrawingRules::can_end_in`).

/// Which hand won a coup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Winner {
    /// Punto's final total is the higher.
    Punto,
    /// Banco's final total is the higher.
    Banco,
    /// The final totals are equal.
    Tie,
}

impl Winner {
    /// The three outcomes, in the order the texts list them.
    pub const ALL: [Winner; 3] = [Winner::Punto, Winner::Banco, Winner::Tie];

    /// The outcome's key in JSON output: `punto`, `banco` or `tie`.
    pub fn key(self) -> &'static str {
        match self {
            Winner::Punto => "punto",
            Winner::Banco => "banco",
            Winner::Tie => "tie",
        }
    }
}

impl std::str::FromStr for Winner {
    type Err = KeyError;

    /// Reads a JSON key: `punto`, `banco` or `tie`.
    fn from_str(key: &str) -> Result<Winner, KeyError> {
        Winner::ALL
            .into_iter()
            .find(|w| w.key() == key)
            .ok_or_else(|| KeyError::unknown("outcome", key, "punto, banco or tie"))
    }
}

/// A key that names none of the values of its kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeyError {
    /// The text is no key of the kind.
    #[error("`{given}` is no {kind}: expected {accepted}")]
    Unknown {
        /// What was being read: `outcome`, `hand`, `main bet`.
        kind: &'static str,
        /// The text as given.
        given: String,
        /// The keys accepted.
        accepted: &'static str,
    },
}

impl KeyError {
    /// The error for `given`, no key of `kind`, which accepts `accepted`.
    pub(crate) fn unknown(kind: &'static str, given: &str, accepted: &'static str) -> KeyError {
        KeyError::Unknown {
            kind,
            given: given.to_string(),
            accepted,
        }
    }
}

/// One of the two hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hand {
    /// The player's hand, dealt first.
    Punto,
    /// The banker's hand.
    Banco,
}

impl Hand {
    /// Both hands, Punto first as dealt.
    pub const ALL: [Hand; 2] = [Hand::Punto, Hand::Banco];

    /// The hand's final total in a state.
    pub fn total(self, state: FinalState) -> u8 {
        match self {
            Hand::Punto => state.punto_total,
            Hand::Banco => state.banco_total,
        }
    }

    /// The number of cards the hand took in a state.
    pub fn cards(self, state: FinalState) -> u8 {
        match self {
            Hand::Punto => state.punto_cards,
            Hand::Banco => state.banco_cards,
        }
    }

    /// The hand's key in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Hand::Punto => "punto",
            Hand::Banco => "banco",
        }
    }
}

impl std::str::FromStr for Hand {
    type Err = KeyError;

    /// Reads a JSON key: `punto` or `banco`.
    fn from_str(key: &str) -> Result<Hand, KeyError> {
        Hand::ALL
            .into_iter()
            .find(|h| h.key() == key)
            .ok_or_else(|| KeyError::unknown("hand", key, "punto or banco"))
    }
}

/// How a coup ended: both final totals, how many cards each hand took, and whether a natural stopped it.
///
/// Its fields are in range (totals 0 to 9, two or three cards a hand), so that every state
/// has its place among the [`FinalState::COUNT`] a tally counts; which of them a set of
/// drawing rules can reach is the rules' question ([`DrawingRules::can_end_in`]).
///
/// [`DrawingRules::can_end_in`]: crate::rules::DrawingRules::can_end_in
///
/// ```
/// use punto_banco::{FinalState, Winner};
/// let state = FinalState::new(6, 7, 2, 2, false).unwrap();
/// assert_eq!((state.winner(), state.cards_used()), (Winner::Banco, 4));
/// assert_eq!(FinalState::new(10, 7, 2, 2, false), None);
/// assert_eq!(FinalState::all().count(), FinalState::COUNT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FinalState {
    /// Punto's final total, 0 to 9.
    pub(crate) punto_total: u8,
    /// Banco's final total, 0 to 9.
    pub(crate) banco_total: u8,
    /// 2 or 3.
    pub(crate) punto_cards: u8,
    /// 2 or 3.
    pub(crate) banco_cards: u8,
    /// Whether an opening natural stopped all drawing.
    pub(crate) natural: bool,
}

impl FinalState {
    /// The number of distinct final states a tally distinguishes.
    pub const COUNT: usize = 10 * 10 * 2 * 2 * 2;

    /// The state of these final totals (0 to 9), cards per hand (2 or 3) and natural;
    /// `None` when a value is out of range.
    pub fn new(
        punto_total: u8,
        banco_total: u8,
        punto_cards: u8,
        banco_cards: u8,
        natural: bool,
    ) -> Option<FinalState> {
        let in_range = punto_total <= 9
            && banco_total <= 9
            && (2..=3).contains(&punto_cards)
            && (2..=3).contains(&banco_cards);
        in_range.then_some(FinalState {
            punto_total,
            banco_total,
            punto_cards,
            banco_cards,
            natural,
        })
    }

    /// Every state a tally distinguishes, in the order of [`FinalState::index`].
    pub fn all() -> impl Iterator<Item = FinalState> {
        (0..FinalState::COUNT).map(FinalState::from_index)
    }

    /// Punto's final total, 0 to 9.
    pub fn punto_total(self) -> u8 {
        self.punto_total
    }

    /// Banco's final total, 0 to 9.
    pub fn banco_total(self) -> u8 {
        self.banco_total
    }

    /// The number of cards Punto took, 2 or 3.
    pub fn punto_cards(self) -> u8 {
        self.punto_cards
    }

    /// The number of cards Banco took, 2 or 3.
    pub fn banco_cards(self) -> u8 {
        self.banco_cards
    }

    /// Whether an opening natural stopped all drawing.
    pub fn is_natural(self) -> bool {
        self.natural
    }

    /// The winner: the higher final total, or a tie.
    pub fn winner(self) -> Winner {
        use std::cmp::Ordering::*;
        match self.punto_total.cmp(&self.banco_total) {
            Greater => Winner::Punto,
            Less => Winner::Banco,
            Equal => Winner::Tie,
        }
    }

    /// The number of cards the coup used, 4 to 6.
    pub fn cards_used(self) -> u8 {
        self.punto_cards + self.banco_cards
    }

    /// A dense index in `0..FinalState::COUNT`.
    pub fn index(self) -> usize {
        let p3 = usize::from(self.punto_cards == 3);
        let b3 = usize::from(self.banco_cards == 3);
        ((((self.punto_total as usize) * 10 + self.banco_total as usize) * 2 + p3) * 2 + b3) * 2
            + usize::from(self.natural)
    }

    /// The state at a dense index below [`FinalState::COUNT`]; the inverse of
    /// [`FinalState::index`].
    pub(crate) fn from_index(index: usize) -> FinalState {
        debug_assert!(
            index < FinalState::COUNT,
            "a final state's index is below COUNT"
        );
        FinalState {
            natural: index % 2 == 1,
            banco_cards: 2 + (index / 2 % 2) as u8,
            punto_cards: 2 + (index / 4 % 2) as u8,
            banco_total: (index / 8 % 10) as u8,
            punto_total: (index / 80) as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back() {
        for winner in Winner::ALL {
            assert_eq!(winner.key().parse::<Winner>(), Ok(winner));
        }
        for hand in Hand::ALL {
            assert_eq!(hand.key().parse::<Hand>(), Ok(hand));
        }
        let err = "tie".parse::<Hand>().unwrap_err();
        assert_eq!(err.to_string(), "`tie` is no hand: expected punto or banco");
        assert!("Punto".parse::<Winner>().is_err());
    }

    #[test]
    fn the_checked_constructor_accepts_exactly_the_states_a_tally_counts() {
        let mut accepted = Vec::new();
        for punto_total in 0..=10 {
            for banco_total in 0..=10 {
                for punto_cards in 1..=4 {
                    for banco_cards in 1..=4 {
                        for natural in [false, true] {
                            accepted.extend(FinalState::new(
                                punto_total,
                                banco_total,
                                punto_cards,
                                banco_cards,
                                natural,
                            ));
                        }
                    }
                }
            }
        }
        accepted.sort_by_key(|state| state.index());
        assert_eq!(accepted, FinalState::all().collect::<Vec<_>>());
    }
}
