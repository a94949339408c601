//! The shoe: a composition of card counts by rank, and the one specification of a shoe
//! (decks, ranks, removed cards) that the command line, batch lines and rule files resolve.
//!
//! Only the distribution of the undealt cards is kept, never their order, as exact
//! card-counting engines do. Values derive from ranks, so pair bets stay possible.

use crate::card::{Card, Rank};
use std::fmt;

/// The number of decks in the reference game (the teaching texts' 416 cards).
pub const REFERENCE_DECKS: u64 = 8;

/// The fewest cards from which every coup can be finished: two hands of three cards.
pub const MIN_CARDS: u64 = 6;

/// A shoe's composition: how many cards of each rank it holds, A to K.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Shoe {
    counts: [u64; 13],
}

/// A shoe that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShoeError {
    /// No decks: a shoe holds at least one.
    #[error("a shoe needs at least one deck, not {0}")]
    NoDecks(u64),
    /// More decks than [`Shoe::MAX_DECKS`] (or than a dealer holds).
    #[error("{decks} decks is more than this tool accepts (at most {max})")]
    TooManyDecks {
        /// The decks asked for.
        decks: u64,
        /// The most accepted.
        max: u64,
    },
    /// A card to remove whose rank is no longer in the shoe.
    #[error("cannot remove {card}: the shoe has no {rank} left")]
    NotInShoe {
        /// The card, as written by [`Card`]'s display.
        card: String,
        /// Its rank.
        rank: String,
    },
    /// One exact card removed more often than the decks hold it (once per deck).
    #[error("cannot remove {card} {times} times: {} only {n_decks}", if *n_decks == 1 { "1 deck holds".to_string() } else { format!("{n_decks} decks hold") })]
    CardExhausted {
        /// The card, as written by [`Card`]'s display.
        card: String,
        /// How often it is removed.
        times: usize,
        /// Decks in the shoe.
        n_decks: u64,
    },
    /// A rank count above [`Shoe::MAX_COUNT`].
    #[error("the count of {rank} is {count}: at most {max} (four per deck) is accepted")]
    CountTooLarge {
        /// The rank's symbol.
        rank: &'static str,
        /// The count given.
        count: u64,
        /// The most accepted.
        max: u64,
    },
    /// A bet reads suits, but the shoe gives only rank counts and this rank's count cannot be
    /// split evenly among the four suits.
    #[error(
        "a bet reads suits, but the shoe has {count} {rank}s, which four suits cannot share evenly: give the shoe as 52 card counts"
    )]
    SuitsUnknown {
        /// The rank's symbol.
        rank: &'static str,
        /// Its count.
        count: u64,
    },
    /// Rank counts that are not thirteen.
    #[error("a shoe's ranks are 13 counts (A, 2, …, 10, J, Q, K), separated by commas; got {0}")]
    WrongCountOfRanks(usize),
    /// A rank count that is not a whole number.
    #[error(
        "rank count {position} (for {rank}) is `{text}`: expected a whole number from 0 to {}",
        Shoe::MAX_COUNT
    )]
    BadCount {
        /// The count's position, from 1.
        position: usize,
        /// The rank it counts.
        rank: &'static str,
        /// The count as written.
        text: String,
    },
    /// Fewer cards than [`MIN_CARDS`], which a coup can need.
    #[error(
        "the shoe holds {0} {unit}; a coup can need six, so a shoe needs at least {MIN_CARDS} cards",
        unit = if *.0 == 1 { "card" } else { "cards" }
    )]
    TooSmall(u64),
}

impl Shoe {
    /// The largest number of decks accepted, so that every count and total fits comfortably.
    pub const MAX_DECKS: u64 = 1 << 32;

    /// A shoe of `n_decks` full 52-card decks.
    ///
    /// ```
    /// use punto_banco::shoe::Shoe;
    /// assert_eq!(Shoe::decks(8).unwrap().len(), 416);
    /// assert!(Shoe::decks(0).is_err());
    /// ```
    pub fn decks(n_decks: u64) -> Result<Shoe, ShoeError> {
        if n_decks == 0 {
            return Err(ShoeError::NoDecks(0));
        }
        if n_decks > Self::MAX_DECKS {
            return Err(ShoeError::TooManyDecks {
                decks: n_decks,
                max: Self::MAX_DECKS,
            });
        }
        Ok(Shoe {
            counts: [4 * n_decks; 13],
        })
    }

    /// The reference eight-deck shoe.
    pub fn reference() -> Shoe {
        Shoe {
            counts: [4 * REFERENCE_DECKS; 13],
        }
    }

    /// The largest count of one rank: four cards of it in each of [`Shoe::MAX_DECKS`] decks.
    pub const MAX_COUNT: u64 = 4 * Self::MAX_DECKS;

    /// A shoe from explicit counts of A, 2, …, 10, J, Q, K, each at most [`Shoe::MAX_COUNT`].
    pub fn from_counts(counts: [u64; 13]) -> Result<Shoe, ShoeError> {
        for (rank, &count) in Rank::ALL.iter().zip(&counts) {
            if count > Self::MAX_COUNT {
                return Err(ShoeError::CountTooLarge {
                    rank: rank.symbol(),
                    count,
                    max: Self::MAX_COUNT,
                });
            }
        }
        Ok(Shoe { counts })
    }

    /// Reads 13 rank counts, A to K, separated by commas or spaces: `32,32,…,32`.
    ///
    /// ```
    /// use punto_banco::shoe::Shoe;
    /// let shoe = Shoe::parse_counts("4,4,4,4,4,4,4,4,4,4,4,4,4").unwrap();
    /// assert_eq!(shoe, Shoe::decks(1).unwrap());
    /// assert!(Shoe::parse_counts("4,4,4,4,4,4,4,4,4,4,4,4,-1").is_err());
    /// assert!(Shoe::parse_counts("4,,4,4,4,4,4,4,4,4,4,4,4").is_err());
    /// assert!(Shoe::parse_counts("4 4 4 4 4 4 4 4 4 4 4 4 4").is_ok());
    /// ```
    pub fn parse_counts(text: &str) -> Result<Shoe, ShoeError> {
        // Commas, if any, separate the counts (an empty item is a count left out); else spaces.
        let tokens: Vec<&str> = if text.contains(',') {
            text.split(',').map(str::trim).collect()
        } else {
            text.split_whitespace().collect()
        };
        if tokens.len() != 13 {
            return Err(ShoeError::WrongCountOfRanks(tokens.len()));
        }
        let mut counts = [0u64; 13];
        for (position, (slot, token)) in counts.iter_mut().zip(&tokens).enumerate() {
            let valid = !token.is_empty() && token.chars().all(|c| c.is_ascii_digit());
            *slot = token
                .parse()
                .ok()
                .filter(|_| valid)
                .ok_or_else(|| ShoeError::BadCount {
                    position: position + 1,
                    rank: Rank::ALL[position].symbol(),
                    text: token.to_string(),
                })?;
        }
        Shoe::from_counts(counts)
    }

    /// The count of each rank, A to K.
    pub fn counts(&self) -> [u64; 13] {
        self.counts
    }

    /// The count of each of the 52 cards, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣): each rank's
    /// count shared evenly among the suits, or [`ShoeError::SuitsUnknown`] when four does not
    /// divide it.
    ///
    /// ```
    /// use punto_banco::shoe::Shoe;
    /// assert_eq!(Shoe::decks(8).unwrap().card_counts().unwrap(), [8; 52]);
    /// ```
    pub fn card_counts(&self) -> Result<[u64; 52], ShoeError> {
        let mut cards = [0; 52];
        for rank in Rank::ALL {
            let count = self.counts[rank.index()];
            if !count.is_multiple_of(4) {
                return Err(ShoeError::SuitsUnknown {
                    rank: rank.symbol(),
                    count,
                });
            }
            cards[4 * rank.index()..4 * rank.index() + 4].fill(count / 4);
        }
        Ok(cards)
    }

    /// The count of one rank.
    pub fn count(&self, rank: Rank) -> u64 {
        self.counts[rank.index()]
    }

    /// The number of cards of each baccarat value 0 to 9.
    pub fn value_counts(&self) -> [u64; 10] {
        let mut values = [0; 10];
        for rank in Rank::ALL {
            values[rank.value() as usize] += self.counts[rank.index()];
        }
        values
    }

    /// The number of cards in the shoe.
    pub fn len(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Whether the shoe holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes one card out of the shoe; a card that is not there is an error, never a negative count.
    pub fn remove(&mut self, card: Card) -> Result<(), ShoeError> {
        let count = &mut self.counts[card.rank.index()];
        if *count == 0 {
            return Err(ShoeError::NotInShoe {
                card: card.to_string(),
                rank: card.rank.to_string(),
            });
        }
        *count -= 1;
        Ok(())
    }

    /// Takes each card out in turn, stopping at the first that is not there.
    pub fn remove_all(&mut self, cards: &[Card]) -> Result<(), ShoeError> {
        cards.iter().try_for_each(|&card| self.remove(card))
    }

    /// Whole decks with named cards taken out. Each exact card (rank and suit) exists once per
    /// deck, so taking out more copies of it than there are decks is an error.
    ///
    /// ```
    /// use punto_banco::{card::parse_cards, shoe::Shoe};
    /// let cards = parse_cards("8♠,8♥,9♣").unwrap();
    /// assert_eq!(Shoe::decks_without(8, &cards).unwrap().len(), 413);
    /// assert!(Shoe::decks_without(1, &parse_cards("A♠ A♠").unwrap()).is_err());
    /// ```
    pub fn decks_without(n_decks: u64, cards: &[Card]) -> Result<Shoe, ShoeError> {
        let mut shoe = Shoe::decks(n_decks)?;
        let mut taken: std::collections::HashMap<Card, usize> = std::collections::HashMap::new();
        for &card in cards {
            let times = taken.entry(card).or_default();
            *times += 1;
            if *times as u64 > n_decks {
                return Err(ShoeError::CardExhausted {
                    card: card.to_string(),
                    times: *times,
                    n_decks,
                });
            }
            shoe.remove(card)?;
        }
        Ok(shoe)
    }

    /// Checks that every coup can be finished from this shoe.
    pub fn check_playable(&self) -> Result<(), ShoeError> {
        let len = self.len();
        if len < MIN_CARDS {
            return Err(ShoeError::TooSmall(len));
        }
        Ok(())
    }

    /// Whether the shoe is whole decks and nothing else; returns the number of decks.
    pub fn as_whole_decks(&self) -> Option<u64> {
        let first = self.counts[0];
        (first > 0 && first.is_multiple_of(4) && self.counts.iter().all(|&c| c == first))
            .then_some(first / 4)
    }
}

impl fmt::Display for Shoe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n_decks) = self.as_whole_decks() {
            return write!(f, "{n_decks} decks ({} cards)", self.len());
        }
        let parts: Vec<String> = Rank::ALL
            .iter()
            .map(|rank| format!("{}:{}", rank, self.count(*rank)))
            .collect();
        write!(f, "{} ({} cards)", parts.join(" "), self.len())
    }
}

/// A shoe as it is specified before it is built: perhaps a base of its own (whole decks, or
/// rank counts), and the cards to take out of it. The command line (`--decks`, `--ranks`,
/// `--remove`), batch lines (`decks`, `ranks`, `remove`) and rule files (`shoe.decks`,
/// `shoe.ranks`) are all resolved by [`ShoeSpec::resolve`].
///
/// The precedence, written only here: the specification's own base wins (decks and ranks
/// together are refused, see [`ShoeSpec::new`]), then the shoe a rule set states, then
/// [`REFERENCE_DECKS`] whole decks; the removed cards are taken out of whichever base stands.
/// From whole decks, each exact card can be removed once per deck
/// ([`Shoe::decks_without`]); from rank counts or a stated shoe, as long as its rank is left.
///
/// ```
/// use punto_banco::{card::parse_cards, shoe::{Shoe, ShoeSpec}};
/// let six = Shoe::decks(6).unwrap();
/// // Nothing given: the rule set's shoe, else eight decks.
/// assert_eq!(ShoeSpec::default().resolve(Some(&six)).unwrap(), six);
/// assert_eq!(ShoeSpec::default().resolve(None).unwrap(), Shoe::reference());
/// // Decks given: they win over the rule set's shoe, and the cards come out of them.
/// let spec = ShoeSpec::decks(1).unwrap().removing(parse_cards("A♠").unwrap());
/// assert_eq!(spec.resolve(Some(&six)).unwrap().len(), 51);
/// assert!(ShoeSpec::new(Some(8), Some([4; 13]), Vec::new()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShoeSpec {
    base: Option<Base>,
    removed: Vec<Card>,
}

/// A specification's own base, each within its range.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Base {
    Decks(u64),
    Ranks(Shoe),
}

/// A shoe specification that cannot be resolved: which part of it failed, named as batch
/// lines and rule files name it (`decks`, `ranks`, `remove`), and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShoeSpecError {
    /// Whole decks and rank counts both given: a shoe has one base.
    #[error("give `decks` or `ranks`, not both")]
    DecksAndRanks,
    /// Decks out of range: 1 to [`Shoe::MAX_DECKS`].
    #[error("decks: {0}")]
    Decks(ShoeError),
    /// A rank count out of range: 0 to [`Shoe::MAX_COUNT`].
    #[error("ranks: {0}")]
    Ranks(ShoeError),
    /// A removed card that is not in the base (its rank is exhausted, or the exact card has
    /// been taken out of every deck).
    #[error("remove: {0}")]
    Removed(ShoeError),
}

impl ShoeSpec {
    /// A specification from what was given: whole decks or rank counts (not both, each
    /// within its range), and the cards to remove (perhaps none).
    pub fn new(
        decks: Option<u64>,
        ranks: Option<[u64; 13]>,
        removed: Vec<Card>,
    ) -> Result<ShoeSpec, ShoeSpecError> {
        let spec = match (decks, ranks) {
            (Some(_), Some(_)) => return Err(ShoeSpecError::DecksAndRanks),
            (Some(n_decks), None) => ShoeSpec::decks(n_decks)?,
            (None, Some(counts)) => ShoeSpec::ranks(counts)?,
            (None, None) => ShoeSpec::default(),
        };
        Ok(spec.removing(removed))
    }

    /// `n_decks` whole decks, 1 to [`Shoe::MAX_DECKS`].
    pub fn decks(n_decks: u64) -> Result<ShoeSpec, ShoeSpecError> {
        Shoe::decks(n_decks).map_err(ShoeSpecError::Decks)?;
        Ok(ShoeSpec {
            base: Some(Base::Decks(n_decks)),
            removed: Vec::new(),
        })
    }

    /// Rank counts of A, 2, …, 10, J, Q, K, each 0 to [`Shoe::MAX_COUNT`].
    pub fn ranks(counts: [u64; 13]) -> Result<ShoeSpec, ShoeSpecError> {
        let shoe = Shoe::from_counts(counts).map_err(ShoeSpecError::Ranks)?;
        Ok(ShoeSpec::from(shoe))
    }

    /// The same base, with these cards to take out of it (instead of any given before).
    pub fn removing(self, removed: Vec<Card>) -> ShoeSpec {
        ShoeSpec { removed, ..self }
    }

    /// Whether the specification has a base of its own (decks or ranks), which wins over a
    /// stated shoe.
    pub fn has_base(&self) -> bool {
        self.base.is_some()
    }

    /// The cards to take out of the base, in order.
    pub fn removed(&self) -> &[Card] {
        &self.removed
    }

    /// The shoe: the specification's own base, else the `stated` shoe (a rule set's), else
    /// [`REFERENCE_DECKS`] whole decks, with the removed cards taken out.
    pub fn resolve(&self, stated: Option<&Shoe>) -> Result<Shoe, ShoeSpecError> {
        let removed = &self.removed;
        match (&self.base, stated) {
            (Some(Base::Ranks(counts)), _) => take_out(counts.clone(), removed),
            (Some(Base::Decks(n_decks)), _) => {
                Shoe::decks_without(*n_decks, removed).map_err(ShoeSpecError::Removed)
            }
            (None, Some(stated)) => take_out(stated.clone(), removed),
            (None, None) => {
                Shoe::decks_without(REFERENCE_DECKS, removed).map_err(ShoeSpecError::Removed)
            }
        }
    }
}

/// The shoe with the cards taken out by rank, stopping at the first whose rank is exhausted.
fn take_out(mut shoe: Shoe, removed: &[Card]) -> Result<Shoe, ShoeSpecError> {
    shoe.remove_all(removed).map_err(ShoeSpecError::Removed)?;
    Ok(shoe)
}

impl From<Shoe> for ShoeSpec {
    /// This composition as the base (rank counts), nothing removed.
    fn from(shoe: Shoe) -> ShoeSpec {
        ShoeSpec {
            base: Some(Base::Ranks(shoe)),
            removed: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    #[test]
    fn eight_decks_hold_416_cards_with_128_zeros() {
        let shoe = Shoe::reference();
        assert_eq!(shoe.len(), 416);
        assert_eq!(
            shoe.value_counts(),
            [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]
        );
        assert_eq!(shoe, Shoe::decks(8).unwrap());
    }

    #[test]
    fn removing_a_missing_card_is_an_error() {
        let mut shoe = Shoe::decks(1).unwrap();
        let ace = Card::new(Rank::Ace, Suit::Spades);
        for _ in 0..4 {
            shoe.remove(ace).unwrap();
        }
        let err = shoe.remove(ace).unwrap_err();
        assert_eq!(
            err,
            ShoeError::NotInShoe {
                card: "A♠".into(),
                rank: "A".into()
            }
        );
        assert_eq!(shoe.count(Rank::Ace), 0);
    }

    #[test]
    fn a_specification_resolves_in_its_one_order() {
        let six = Shoe::decks(6).unwrap();
        let ace = Card::new(Rank::Ace, Suit::Spades);
        // Ranks win over the stated shoe, and removal from them goes by rank.
        let one_ace = ShoeSpec::ranks([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(one_ace.resolve(Some(&six)).unwrap().len(), 1);
        let twice = one_ace.removing(vec![ace, ace]);
        assert_eq!(
            twice.resolve(None),
            Err(ShoeSpecError::Removed(ShoeError::NotInShoe {
                card: "A♠".into(),
                rank: "A".into()
            }))
        );
        // From whole decks, an exact card comes out at most once per deck.
        let spec = ShoeSpec::decks(1).unwrap().removing(vec![ace, ace]);
        assert_eq!(
            spec.resolve(Some(&six)).unwrap_err().to_string(),
            "remove: cannot remove A♠ 2 times: 1 deck holds only 1"
        );
        // The stated shoe stands when nothing else is given, and gives up its cards by rank.
        let stated = ShoeSpec::default().removing(vec![ace; 7]);
        assert_eq!(stated.resolve(Some(&six)).unwrap().len(), 305);
        assert_eq!(
            ShoeSpec::new(None, None, vec![ace]).unwrap().resolve(None),
            Ok(Shoe::decks_without(REFERENCE_DECKS, &[ace]).unwrap())
        );
        assert_eq!(
            ShoeSpec::new(Some(0), None, Vec::new()),
            Err(ShoeSpecError::Decks(ShoeError::NoDecks(0)))
        );
        assert_eq!(
            ShoeSpec::new(Some(1), Some([4; 13]), Vec::new()),
            Err(ShoeSpecError::DecksAndRanks)
        );
    }

    #[test]
    fn tiny_shoes_are_not_playable() {
        let shoe = Shoe::from_counts([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(shoe.check_playable(), Err(ShoeError::TooSmall(5)));
    }
}
