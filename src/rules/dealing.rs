//! The dealing procedure as data: the burn, the cut card and the coups dealt after it.
//!
//! A shoe is not dealt to its last card. At the start the first card is turned and that many
//! more are burned (its baccarat value, tens and faces counting 10 and the ace a setting); a
//! cut card sits `cut` cards from the end; a coup begins only while the cut card is still in
//! the shoe, the coup in which it comes out is finished, then `coups_after_cut` more coups
//! are dealt and the shoe ends.
//!
//! [`ShoeProgress`] walks that rule, and it is the only code that does: the dealer
//! (`dealer::Dealer::deal_shoe`) asks it whether a coup may begin, and the verifier of shoe
//! logs asks it the same question of a logged shoe, so the two cannot disagree on where a
//! shoe ends.

use crate::card::Rank;

/// The burn at the start of a shoe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Burn {
    /// No card is burned.
    None,
    /// The first card is turned and that many more are burned: its baccarat value, tens and
    /// faces counting 10, an ace counting `ace`. The turned card is burned too.
    FirstCard {
        /// What an ace burns, 1 to [`Burn::MAX_ACE`].
        ace: u8,
    },
}

impl Burn {
    /// The most an ace may burn.
    pub const MAX_ACE: u8 = 11;

    /// How many cards are burned in all, the turned card included, when the first card is
    /// of `first`: 0 with [`Burn::None`].
    ///
    /// ```
    /// use punto_banco::card::Rank;
    /// use punto_banco::rules::dealing::Burn;
    /// let burn = Burn::FirstCard { ace: 1 };
    /// assert_eq!(burn.cards(Rank::Seven), 8);
    /// assert_eq!(burn.cards(Rank::King), 11);
    /// assert_eq!(burn.cards(Rank::Ace), 2);
    /// assert_eq!(Burn::None.cards(Rank::Seven), 0);
    /// ```
    pub fn cards(self, first: Rank) -> u64 {
        match self {
            Burn::None => 0,
            Burn::FirstCard { ace } => {
                1 + match first {
                    Rank::Ace => u64::from(ace),
                    Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 10,
                    other => u64::from(other.value()),
                }
            }
        }
    }

    /// The fewest cards this burn takes, the turned card included.
    pub fn least(self) -> u64 {
        match self {
            Burn::None => 0,
            Burn::FirstCard { ace } => 1 + u64::from(ace).min(2),
        }
    }

    /// The most cards this burn can take, the turned card included.
    pub fn most(self) -> u64 {
        match self {
            Burn::None => 0,
            Burn::FirstCard { ace } => 1 + u64::from(ace).max(10),
        }
    }
}

/// How a shoe is dealt: the burn, the cut card, the coups after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Procedure {
    /// The burn at the start of the shoe.
    pub burn: Burn,
    /// Cards behind the cut card: a coup begins only while more than this many remain.
    pub cut: u64,
    /// Coups dealt after the coup in which the cut card comes out.
    pub coups_after_cut: u64,
}

/// The most cards a coup takes.
const COUP_CARDS: u64 = 6;

/// A procedure that cannot be followed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProcedureError {
    /// An ace that burns nothing or more than [`Burn::MAX_ACE`].
    #[error("an ace burns {ace}: expected a whole number from 1 to {max}", max = Burn::MAX_ACE)]
    Ace {
        /// The count asked for.
        ace: u64,
    },
    /// Too few cards behind the cut card for the coups dealt after it.
    #[error("the cut card is {cut} cards from the end: with {coups_after_cut} coups after it, expected at least {least} (five, and six for each coup after it)", least = Procedure::least_cut(*coups_after_cut))]
    CutTooShallow {
        /// The cut.
        cut: u64,
        /// The coups after it.
        coups_after_cut: u64,
    },
    /// More coups after the cut card than any procedure deals.
    #[error("{coups_after_cut} coups after the cut card: expected at most {max}", max = Procedure::MAX_COUPS_AFTER_CUT)]
    TooManyCoupsAfterCut {
        /// The coups after it.
        coups_after_cut: u64,
    },
    /// A shoe too small for the procedure whatever its cut: the burn, a coup in front of the
    /// cut card and the cards behind it that the coups after it need do not fit.
    #[error("a shoe of {cards} cards is too small: the procedure needs at least {least} ({burn} for the burn at most, 6 for a coup in front of the cut card, and {behind} behind it for the {coups_after_cut} coups dealt after it)", least = burn + COUP_CARDS + Procedure::least_cut(*coups_after_cut), behind = Procedure::least_cut(*coups_after_cut))]
    ShoeTooSmall {
        /// The cards of the shoe.
        cards: u64,
        /// The most cards the burn takes.
        burn: u64,
        /// The coups after the cut card.
        coups_after_cut: u64,
    },
    /// A cut card so deep that a shoe of this size, burned, cannot deal a coup in front of it.
    #[error("the cut card is {cut} cards from the end of a shoe of {cards} cards: expected at most {most} (the shoe less the burn's {burn} cards at most and a coup's six)", most = cards.saturating_sub(burn + 6))]
    CutTooDeep {
        /// The cut.
        cut: u64,
        /// The cards of the shoe.
        cards: u64,
        /// The most cards the burn takes.
        burn: u64,
    },
}

impl Procedure {
    /// The most coups after the cut card a procedure deals.
    pub const MAX_COUPS_AFTER_CUT: u64 = 1000;

    /// The reference procedure: the first card burns by its value (ace 1, tens and faces
    /// 10), the cut card 14 cards from the end, one more coup after it comes out.
    pub const REFERENCE: Procedure = Procedure {
        burn: Burn::FirstCard { ace: 1 },
        cut: 14,
        coups_after_cut: 1,
    };

    /// [`Procedure::REFERENCE`].
    pub fn reference() -> Procedure {
        Self::REFERENCE
    }

    /// The fewest cards behind the cut card for `coups_after_cut` coups after it: the coup
    /// in which the cut card comes out begins with more than `cut` cards and takes at most
    /// six, then each coup after it needs six.
    pub fn least_cut(coups_after_cut: u64) -> u64 {
        5u64.saturating_add(COUP_CARDS.saturating_mul(coups_after_cut))
    }

    /// The fewest cards a shoe dealt by this procedure holds, whatever its cut: the most the
    /// burn takes, a coup in front of the cut card, and the least cut for the coups after it.
    ///
    /// ```
    /// use punto_banco::rules::dealing::Procedure;
    /// // Eleven cards burnt at most, a coup, and eleven behind the cut card for one coup after it.
    /// assert_eq!(Procedure::reference().least_cards(), 28);
    /// ```
    pub fn least_cards(&self) -> u64 {
        self.burn
            .most()
            .saturating_add(COUP_CARDS)
            .saturating_add(Self::least_cut(self.coups_after_cut))
    }

    /// The same procedure with another cut card.
    pub fn with_cut(self, cut: u64) -> Procedure {
        Procedure { cut, ..self }
    }

    /// Checks what does not depend on the shoe: an ace's burn of 1 to [`Burn::MAX_ACE`],
    /// at most [`Procedure::MAX_COUPS_AFTER_CUT`] coups after the cut, and a cut of at least
    /// [`Procedure::least_cut`].
    ///
    /// ```
    /// use punto_banco::rules::dealing::{Procedure, ProcedureError};
    /// assert_eq!(Procedure::reference().check(), Ok(()));
    /// let shallow = Procedure { cut: 10, ..Procedure::reference() };
    /// assert_eq!(
    ///     shallow.check(),
    ///     Err(ProcedureError::CutTooShallow { cut: 10, coups_after_cut: 1 })
    /// );
    /// ```
    pub fn check(&self) -> Result<(), ProcedureError> {
        if let Burn::FirstCard { ace } = self.burn
            && !(1..=Burn::MAX_ACE).contains(&ace)
        {
            return Err(ProcedureError::Ace {
                ace: u64::from(ace),
            });
        }
        if self.coups_after_cut > Self::MAX_COUPS_AFTER_CUT {
            return Err(ProcedureError::TooManyCoupsAfterCut {
                coups_after_cut: self.coups_after_cut,
            });
        }
        if self.cut < Self::least_cut(self.coups_after_cut) {
            return Err(ProcedureError::CutTooShallow {
                cut: self.cut,
                coups_after_cut: self.coups_after_cut,
            });
        }
        Ok(())
    }

    /// Checks the procedure for a shoe of `cards` cards: [`Procedure::check`], and a cut
    /// card with room in front of it for the most the burn takes and one coup.
    pub fn check_for(&self, cards: u64) -> Result<(), ProcedureError> {
        self.check()?;
        let burn = self.burn.most();
        if cards < self.least_cards() {
            return Err(ProcedureError::ShoeTooSmall {
                cards,
                burn,
                coups_after_cut: self.coups_after_cut,
            });
        }
        if self.cut.saturating_add(burn).saturating_add(COUP_CARDS) > cards {
            return Err(ProcedureError::CutTooDeep {
                cut: self.cut,
                cards,
                burn,
            });
        }
        Ok(())
    }

    /// The walk of a shoe of `cards` cards by this procedure, before its first card.
    pub fn start(&self, cards: u64) -> ShoeProgress {
        ShoeProgress {
            procedure: *self,
            cards,
            burned: 0,
            burn_done: matches!(self.burn, Burn::None),
            dealt: 0,
            coups: 0,
            after_cut: None,
        }
    }
}

impl Default for Procedure {
    fn default() -> Self {
        Procedure::reference()
    }
}

/// Where a shoe stands in its procedure: the cards burned and dealt, the coups, whether the
/// cut card is out. The one walk of the procedure, for the dealer and the verifier alike.
///
/// ```
/// use punto_banco::card::Rank;
/// use punto_banco::rules::dealing::Procedure;
/// let mut shoe = Procedure::reference().start(52);
/// assert!(!shoe.may_begin()); // the burn comes first
/// assert_eq!(shoe.burn(Rank::Three), 4);
/// while shoe.may_begin() {
///     shoe.coup(4);
/// }
/// // 48 cards: coups while more than 14 remain (to 12 left), then one more.
/// assert_eq!((shoe.coups(), shoe.remaining()), (10, 8));
/// assert!(shoe.has_ended());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShoeProgress {
    procedure: Procedure,
    cards: u64,
    burned: u64,
    burn_done: bool,
    dealt: u64,
    coups: u64,
    /// Coups dealt since the cut card came out, once it has.
    after_cut: Option<u64>,
}

impl ShoeProgress {
    /// The procedure walked.
    pub fn procedure(&self) -> Procedure {
        self.procedure
    }

    /// Whether the burn is still to be made.
    pub fn burn_due(&self) -> bool {
        !self.burn_done
    }

    /// Records the burn when the first card is of `first`: returns how many cards the
    /// procedure burns, the turned card included (see [`Burn::cards`]). A second burn is
    /// no burn: 0.
    pub fn burn(&mut self, first: Rank) -> u64 {
        if self.burn_done {
            return 0;
        }
        let cards = self.procedure.burn.cards(first);
        self.burned = cards.min(self.cards);
        self.burn_done = true;
        cards
    }

    /// Records a burn of exactly `cards` cards, as a log states it (whether or not the
    /// procedure called for as many: the caller compares with [`Burn::cards`]).
    pub fn burn_exactly(&mut self, cards: u64) {
        if !self.burn_done {
            self.burned = cards.min(self.cards);
            self.burn_done = true;
        }
    }

    /// Cards burned.
    pub fn burned(&self) -> u64 {
        self.burned
    }

    /// Cards dealt to coups.
    pub fn dealt(&self) -> u64 {
        self.dealt
    }

    /// Coups dealt.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// Cards left in the shoe.
    pub fn remaining(&self) -> u64 {
        self.cards.saturating_sub(self.burned + self.dealt)
    }

    /// Whether the cut card has come out.
    pub fn cut_out(&self) -> bool {
        self.after_cut.is_some()
    }

    /// The coups dealt after the one in which the cut card came out, once it has.
    pub fn coups_after_cut(&self) -> Option<u64> {
        self.after_cut
    }

    /// Whether a coup may begin: the burn made, and the cut card still in (more than `cut`
    /// cards left) or out with coups after it still owed. Never with fewer than six cards
    /// left, whatever the procedure.
    pub fn may_begin(&self) -> bool {
        if !self.burn_done || self.remaining() < COUP_CARDS {
            return false;
        }
        match self.after_cut {
            None => self.remaining() > self.procedure.cut,
            Some(after) => after < self.procedure.coups_after_cut,
        }
    }

    /// Whether the shoe has ended: its burn made and no coup may begin.
    pub fn has_ended(&self) -> bool {
        self.burn_done && !self.may_begin()
    }

    /// Records a coup of `cards` cards; the cut card comes out when no more than `cut` cards
    /// are left after it. Recorded whether or not it [`may begin`](Self::may_begin): the
    /// caller asks first.
    pub fn coup(&mut self, cards: u64) {
        self.dealt = self.dealt.saturating_add(cards);
        self.coups = self.coups.saturating_add(1);
        let cut_reached = self.remaining() <= self.procedure.cut;
        self.after_cut = match self.after_cut {
            Some(after) => Some(after.saturating_add(1)),
            None => cut_reached.then_some(0),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_burn_counts_tens_and_faces_ten_and_the_ace_as_set() {
        let burn = Burn::FirstCard { ace: 1 };
        let expected = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11, 11];
        for (rank, want) in Rank::ALL.into_iter().zip(expected) {
            assert_eq!(burn.cards(rank), want, "{rank}");
        }
        assert_eq!(Burn::FirstCard { ace: 11 }.cards(Rank::Ace), 12);
        assert_eq!(Burn::FirstCard { ace: 11 }.most(), 12);
        assert_eq!(burn.most(), 11);
        assert_eq!(Burn::None.most(), 0);
        for ace in 1..=Burn::MAX_ACE {
            let burn = Burn::FirstCard { ace };
            let counts = Rank::ALL.map(|rank| burn.cards(rank));
            assert_eq!(counts.iter().min(), Some(&burn.least()));
            assert_eq!(counts.iter().max(), Some(&burn.most()));
        }
    }

    #[test]
    fn validation_names_what_is_wrong() {
        assert_eq!(Procedure::reference().check_for(52), Ok(()));
        assert_eq!(Procedure::least_cut(0), 5);
        assert_eq!(Procedure::least_cut(1), 11);
        let no_after = Procedure {
            burn: Burn::None,
            cut: 5,
            coups_after_cut: 0,
        };
        assert_eq!(no_after.check_for(11), Ok(()));
        assert_eq!(no_after.least_cards(), 11);
        assert_eq!(
            no_after.check_for(10),
            Err(ProcedureError::ShoeTooSmall {
                cards: 10,
                burn: 0,
                coups_after_cut: 0
            })
        );
        assert_eq!(
            no_after.with_cut(6).check_for(11),
            Err(ProcedureError::CutTooDeep {
                cut: 6,
                cards: 11,
                burn: 0
            })
        );
        // Ten coups after the cut card need 65 cards behind it: one deck cannot hold them,
        // whatever the cut, and the message says so rather than offer an empty range.
        let long_tail = Procedure {
            cut: 70,
            coups_after_cut: 10,
            ..Procedure::reference()
        };
        assert_eq!(long_tail.least_cards(), 82);
        assert_eq!(
            long_tail.check_for(52).unwrap_err().to_string(),
            "a shoe of 52 cards is too small: the procedure needs at least 82 (11 for the burn at most, 6 for a coup in front of the cut card, and 65 behind it for the 10 coups dealt after it)"
        );
        assert_eq!(long_tail.with_cut(65).check_for(82), Ok(()));
        let ace = Procedure {
            burn: Burn::FirstCard { ace: 0 },
            ..Procedure::reference()
        };
        assert_eq!(ace.check(), Err(ProcedureError::Ace { ace: 0 }));
        let many = Procedure {
            coups_after_cut: 1001,
            cut: u64::MAX,
            ..Procedure::reference()
        };
        assert_eq!(
            many.check(),
            Err(ProcedureError::TooManyCoupsAfterCut {
                coups_after_cut: 1001
            })
        );
        // The deepest cut of one deck burned by the reference: 52 − 11 − 6.
        assert_eq!(Procedure::reference().with_cut(35).check_for(52), Ok(()));
        assert!(Procedure::reference().with_cut(36).check_for(52).is_err());
        assert_eq!(
            Procedure::reference()
                .with_cut(36)
                .check_for(52)
                .unwrap_err()
                .to_string(),
            "the cut card is 36 cards from the end of a shoe of 52 cards: expected at most 35 (the shoe less the burn's 11 cards at most and a coup's six)"
        );
    }

    /// Every valid procedure, walked with coups of any size, leaves room for every coup it
    /// lets begin: a coup begins with six cards or more, and the coups after the cut card
    /// are all dealt.
    #[test]
    fn a_valid_procedure_always_deals_its_coups_after_the_cut() {
        for coups_after_cut in 0..4 {
            for extra in 0..8 {
                let procedure = Procedure {
                    burn: Burn::FirstCard { ace: 1 },
                    cut: Procedure::least_cut(coups_after_cut) + extra,
                    coups_after_cut,
                };
                procedure.check_for(52).unwrap();
                // Coups of six cards, the most a coup takes, and of four, the fewest.
                for size in [4, 5, 6] {
                    for first in Rank::ALL {
                        let mut shoe = procedure.start(52);
                        shoe.burn(first);
                        while shoe.may_begin() {
                            assert!(shoe.remaining() >= 6);
                            shoe.coup(size);
                        }
                        assert_eq!(shoe.coups_after_cut(), Some(coups_after_cut));
                        assert!(shoe.has_ended());
                    }
                }
            }
        }
    }

    #[test]
    fn without_a_burn_the_first_coup_may_begin_at_once() {
        let mut shoe = Procedure {
            burn: Burn::None,
            cut: 5,
            coups_after_cut: 0,
        }
        .start(12);
        assert!(shoe.may_begin());
        assert_eq!(shoe.burn(Rank::King), 0);
        shoe.coup(6);
        // Six left, more than five: the cut card is still in.
        assert!(shoe.may_begin() && !shoe.cut_out());
        shoe.coup(4);
        assert!(shoe.cut_out() && shoe.has_ended());
    }
}
