//! The shoe: a composition of card counts by rank (and, for a card-level shoe, by card), and
//! the one specification of a shoe (decks, ranks, card counts, removed cards) that the command
//! line, batch lines and rule files resolve.
//!
//! Only the distribution of the undealt cards is kept, never their order, as exact
//! card-counting engines do. Values derive from ranks, so pair bets stay possible; suits are
//! kept only where they are not even, so that the engine, which reads ranks, never changes.

use crate::card::{Card, Rank};
use std::fmt;

/// The number of decks in the reference game (the teaching texts' 416 cards).
pub const REFERENCE_DECKS: u64 = 8;

/// The fewest cards from which every coup can be finished: two hands of three cards.
pub const MIN_CARDS: u64 = 6;

/// A shoe's composition: how many cards of each rank it holds, A to K, and, for a card-level
/// shoe, how many of each of the 52 cards.
///
/// The form is normal, so that equality and hashing mean the same composition: the card
/// counts are kept only when some rank's four suits are not even, and a card-level shoe whose
/// every rank is split evenly is the rank-count shoe itself.
///
/// ```
/// use punto_banco::shoe::Shoe;
/// assert_eq!(Shoe::from_card_counts([8; 52]).unwrap(), Shoe::decks(8).unwrap());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Shoe {
    /// The count of each rank, A to K: always the sum of its four card counts.
    counts: [u64; 13],
    /// The count of each card, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣), when some rank's suits are
    /// not even; `None` when they all are, or when the shoe gives ranks only.
    cards: Option<Box<[u64; 52]>>,
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
    /// A card to remove whose rank is no longer in the shoe (or, in a card-level shoe, the
    /// exact card).
    #[error("cannot remove {card}: the shoe has no {rank} left")]
    NotInShoe {
        /// The card, as written by [`Card`]'s display.
        card: String,
        /// What the shoe has none of: the card's rank, or the card itself when the shoe
        /// counts cards.
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
    /// A card count above [`Shoe::MAX_CARD_COUNT`].
    #[error("the count of {card} is {count}: at most {max} (one per deck) is accepted")]
    CardCountTooLarge {
        /// The card, as written by [`Card`]'s display.
        card: String,
        /// The count given.
        count: u64,
        /// The most accepted.
        max: u64,
    },
    /// More cards than a dealer of real cards holds.
    #[error("the shoe holds {cards} cards: a dealer of real cards holds at most {max}")]
    TooManyToDeal {
        /// The cards in the shoe.
        cards: u64,
        /// The most a dealer holds.
        max: u64,
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
    /// Card counts that are not fifty-two.
    #[error(
        "a shoe's cards are 52 counts (A♠ A♥ A♦ A♣ 2♠ … K♣: rank-major, suits ♠ ♥ ♦ ♣), separated by commas or spaces; got {0}"
    )]
    WrongCountOfCards(usize),
    /// A card count that is not a whole number.
    #[error(
        "card count {position} (for {card}) is `{text}`: expected a whole number from 0 to {}",
        Shoe::MAX_CARD_COUNT
    )]
    BadCardCount {
        /// The count's position, from 1.
        position: usize,
        /// The card it counts, as written by [`Card`]'s display.
        card: String,
        /// The count as written.
        text: String,
    },
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
            cards: None,
        })
    }

    /// The reference eight-deck shoe.
    pub fn reference() -> Shoe {
        Shoe {
            counts: [4 * REFERENCE_DECKS; 13],
            cards: None,
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
        Ok(Shoe {
            counts,
            cards: None,
        })
    }

    /// The largest count of one card: one in each of [`Shoe::MAX_DECKS`] decks.
    pub const MAX_CARD_COUNT: u64 = Self::MAX_DECKS;

    /// A card-level shoe from the counts of the 52 cards, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣,
    /// the order of [`Card::index`]), each at most [`Shoe::MAX_CARD_COUNT`]. Where every rank
    /// is split evenly among the suits, it is the rank-count shoe of the same counts.
    ///
    /// ```
    /// use punto_banco::card::{Card, Rank, Suit};
    /// use punto_banco::shoe::Shoe;
    /// let mut cards = [8; 52];
    /// cards[Card::new(Rank::Four, Suit::Hearts).index()] = 7;
    /// let shoe = Shoe::from_card_counts(cards).unwrap();
    /// assert!(shoe.is_card_level());
    /// assert_eq!(shoe.count(Rank::Four), 31);
    /// assert_eq!(shoe.card_counts().unwrap(), cards);
    /// ```
    pub fn from_card_counts(cards: [u64; 52]) -> Result<Shoe, ShoeError> {
        for (index, &count) in cards.iter().enumerate() {
            if count > Self::MAX_CARD_COUNT {
                return Err(ShoeError::CardCountTooLarge {
                    card: card_at(index).to_string(),
                    count,
                    max: Self::MAX_CARD_COUNT,
                });
            }
        }
        Ok(Shoe::of_cards(&cards))
    }

    /// The shoe of these card counts, in normal form (each within range, so no sum overflows).
    fn of_cards(cards: &[u64; 52]) -> Shoe {
        let mut counts = [0u64; 13];
        for (count, suits) in counts.iter_mut().zip(cards.chunks_exact(4)) {
            *count = suits.iter().sum();
        }
        let even = cards
            .chunks_exact(4)
            .all(|suits| suits.iter().all(|&c| c == suits[0]));
        Shoe {
            counts,
            cards: (!even).then(|| Box::new(*cards)),
        }
    }

    /// Reads 52 card counts, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣), separated by commas or
    /// spaces, as [`Shoe::parse_counts`] reads rank counts.
    ///
    /// ```
    /// use punto_banco::shoe::{Shoe, ShoeError};
    /// let eight = vec!["8"; 52].join(",");
    /// assert_eq!(Shoe::parse_card_counts(&eight).unwrap(), Shoe::decks(8).unwrap());
    /// assert_eq!(Shoe::parse_card_counts("8 8 8"), Err(ShoeError::WrongCountOfCards(3)));
    /// let bad = format!("{},x", vec!["8"; 51].join(","));
    /// assert_eq!(
    ///     Shoe::parse_card_counts(&bad).unwrap_err().to_string(),
    ///     "card count 52 (for K♣) is `x`: expected a whole number from 0 to 4294967296"
    /// );
    /// ```
    pub fn parse_card_counts(text: &str) -> Result<Shoe, ShoeError> {
        let tokens = count_tokens(text);
        if tokens.len() != 52 {
            return Err(ShoeError::WrongCountOfCards(tokens.len()));
        }
        let mut cards = [0u64; 52];
        for (index, (slot, token)) in cards.iter_mut().zip(&tokens).enumerate() {
            *slot = whole_count(token).ok_or_else(|| ShoeError::BadCardCount {
                position: index + 1,
                card: card_at(index).to_string(),
                text: token.to_string(),
            })?;
        }
        Shoe::from_card_counts(cards)
    }

    /// Whether the shoe counts cards: some rank's suits are not even.
    pub fn is_card_level(&self) -> bool {
        self.cards.is_some()
    }

    /// The count of one exact card: a card-level shoe's own, else its rank's count shared
    /// evenly among the suits, or [`ShoeError::SuitsUnknown`] when four does not divide it.
    pub fn card_count(&self, card: Card) -> Result<u64, ShoeError> {
        if let Some(cards) = &self.cards {
            return Ok(cards[card.index()]);
        }
        let count = self.counts[card.rank.index()];
        if !count.is_multiple_of(4) {
            return Err(ShoeError::SuitsUnknown {
                rank: card.rank.symbol(),
                count,
            });
        }
        Ok(count / 4)
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
        let tokens = count_tokens(text);
        if tokens.len() != 13 {
            return Err(ShoeError::WrongCountOfRanks(tokens.len()));
        }
        let mut counts = [0u64; 13];
        for (position, (slot, token)) in counts.iter_mut().zip(&tokens).enumerate() {
            *slot = whole_count(token).ok_or_else(|| ShoeError::BadCount {
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

    /// The count of each of the 52 cards, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣): a card-level
    /// shoe's own counts, else each rank's count shared evenly among the suits, or
    /// [`ShoeError::SuitsUnknown`] when four does not divide it.
    ///
    /// ```
    /// use punto_banco::shoe::Shoe;
    /// assert_eq!(Shoe::decks(8).unwrap().card_counts().unwrap(), [8; 52]);
    /// ```
    pub fn card_counts(&self) -> Result<[u64; 52], ShoeError> {
        if let Some(cards) = &self.cards {
            return Ok(**cards);
        }
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

    /// Takes one card out of the shoe: that exact card from a card-level shoe, a card of its
    /// rank from a shoe of rank counts (whose suits are then unknown unless still even: see
    /// [`Shoe::card_counts`]). A card that is not there is an error, never a negative count.
    pub fn remove(&mut self, card: Card) -> Result<(), ShoeError> {
        if self.is_card_level() {
            return self.remove_cards(&[card]);
        }
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

    /// Takes each card out in turn, as [`Shoe::remove`] does (the exact cards from a
    /// card-level shoe), stopping at the first that is not there; the shoe is then left as it
    /// was before the call.
    pub fn remove_all(&mut self, cards: &[Card]) -> Result<(), ShoeError> {
        if self.is_card_level() {
            return self.remove_cards(cards);
        }
        let before = self.counts;
        cards
            .iter()
            .try_for_each(|&card| self.remove(card))
            .inspect_err(|_| self.counts = before)
    }

    /// Takes these exact cards out of a shoe whose suits are known (a card-level shoe, or
    /// one whose every rank four suits share evenly), stopping at the first that is not
    /// there; the shoe is then left as it was. A shoe whose suits are unknown is
    /// [`ShoeError::SuitsUnknown`].
    ///
    /// ```
    /// use punto_banco::{card::parse_cards, shoe::Shoe};
    /// let mut shoe = Shoe::decks(1).unwrap();
    /// shoe.remove_cards(&parse_cards("4H").unwrap()).unwrap();
    /// assert!(shoe.is_card_level());
    /// assert!(shoe.remove_cards(&parse_cards("4H").unwrap()).is_err());
    /// // The other three fours out too: the suits are even again.
    /// shoe.remove_cards(&parse_cards("4S 4D 4C").unwrap()).unwrap();
    /// assert!(!shoe.is_card_level());
    /// ```
    pub fn remove_cards(&mut self, removed: &[Card]) -> Result<(), ShoeError> {
        if removed.is_empty() {
            return Ok(());
        }
        let mut cards = self.card_counts()?;
        for &card in removed {
            let count = &mut cards[card.index()];
            if *count == 0 {
                return Err(ShoeError::NotInShoe {
                    card: card.to_string(),
                    rank: card.to_string(),
                });
            }
            *count -= 1;
        }
        *self = Shoe::of_cards(&cards);
        Ok(())
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
    pub fn decks_without(n_decks: u64, removed: &[Card]) -> Result<Shoe, ShoeError> {
        Shoe::decks(n_decks)?;
        // Each exact card starts at one per deck, so it runs out on its (n + 1)-th removal.
        let mut cards = [n_decks; 52];
        for &card in removed {
            let count = &mut cards[card.index()];
            if *count == 0 {
                return Err(ShoeError::CardExhausted {
                    card: card.to_string(),
                    times: usize::try_from(n_decks).map_or(usize::MAX, |n| n.saturating_add(1)),
                    n_decks,
                });
            }
            *count -= 1;
        }
        Ok(Shoe::of_cards(&cards))
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
        (self.cards.is_none()
            && first > 0
            && first.is_multiple_of(4)
            && self.counts.iter().all(|&c| c == first))
        .then_some(first / 4)
    }
}

/// The card at a position of the card counts, which is below 52.
fn card_at(index: usize) -> Card {
    Card::from_index(index).expect("a position of the 52 card counts")
}

/// The counts of a list: separated by commas, if any (an empty item is a count left out), else
/// by spaces.
fn count_tokens(text: &str) -> Vec<&str> {
    if text.contains(',') {
        text.split(',').map(str::trim).collect()
    } else {
        text.split_whitespace().collect()
    }
}

/// A count written in decimal digits only (no sign, no point), if it fits 64 bits.
fn whole_count(token: &str) -> Option<u64> {
    let valid = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    token.parse().ok().filter(|_| valid)
}

impl fmt::Display for Shoe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n_decks) = self.as_whole_decks() {
            return write!(f, "{n_decks} decks ({} cards)", self.len());
        }
        let parts: Vec<String> = match &self.cards {
            Some(cards) => cards
                .iter()
                .enumerate()
                .map(|(index, count)| format!("{}:{count}", card_at(index)))
                .collect(),
            None => Rank::ALL
                .iter()
                .map(|rank| format!("{}:{}", rank, self.count(*rank)))
                .collect(),
        };
        write!(f, "{} ({} cards)", parts.join(" "), self.len())
    }
}

/// A shoe as it is specified before it is built: perhaps a base of its own (whole decks, rank
/// counts or card counts), and the cards to take out of it. The command line (`--decks`,
/// `--ranks`, `--card-counts`, `--remove`), batch lines (`decks`, `ranks`, `card_counts`,
/// `remove`) and rule files (`shoe.decks`, `shoe.ranks`, `shoe.card_counts`) are all resolved
/// by [`ShoeSpec::resolve`].
///
/// The precedence, written only here: the specification's own base wins (two bases together
/// are refused, see [`ShoeSpec::with_bases`]), then the shoe a rule set states, then
/// [`REFERENCE_DECKS`] whole decks; the removed cards are taken out of whichever base stands.
/// From whole decks, each exact card can be removed once per deck
/// ([`Shoe::decks_without`]), and the shoe counts cards from then on; from card counts, or a
/// stated card-level shoe, each exact card as long as it is left; from rank counts, as long as
/// its rank is left. A stated shoe that is not card-level gives up the exact cards when its
/// suits are even and it holds every card removed, and otherwise, as it always did, cards by
/// rank.
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
    /// Rank counts, which give up cards by rank (a card-level shoe its exact cards).
    Ranks(Shoe),
    /// Card counts, which give up exact cards, even where their suits are even.
    Cards(Shoe),
}

/// A shoe specification that cannot be resolved: which part of it failed, named as batch
/// lines and rule files name it (`decks`, `ranks`, `remove`), and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShoeSpecError {
    /// Whole decks and rank counts both given: a shoe has one base.
    #[error("give `decks` or `ranks`, not both")]
    DecksAndRanks,
    /// Card counts and another base both given: a shoe has one base.
    #[error("give one of `decks`, `ranks` or `card_counts`, not `{0}` and `card_counts`")]
    CardsAndOther(&'static str),
    /// Decks out of range: 1 to [`Shoe::MAX_DECKS`].
    #[error("decks: {0}")]
    Decks(ShoeError),
    /// A rank count out of range: 0 to [`Shoe::MAX_COUNT`].
    #[error("ranks: {0}")]
    Ranks(ShoeError),
    /// A card count out of range: 0 to [`Shoe::MAX_CARD_COUNT`].
    #[error("card_counts: {0}")]
    Cards(ShoeError),
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

    /// A specification from what was given: whole decks, rank counts or card counts (at most
    /// one, each within its range), and the cards to remove (perhaps none).
    ///
    /// ```
    /// use punto_banco::shoe::{ShoeSpec, ShoeSpecError};
    /// let spec = ShoeSpec::with_bases(None, None, Some([8; 52]), Vec::new()).unwrap();
    /// assert_eq!(spec.resolve(None).unwrap().len(), 416);
    /// assert_eq!(
    ///     ShoeSpec::with_bases(Some(8), None, Some([8; 52]), Vec::new()),
    ///     Err(ShoeSpecError::CardsAndOther("decks"))
    /// );
    /// ```
    pub fn with_bases(
        decks: Option<u64>,
        ranks: Option<[u64; 13]>,
        cards: Option<[u64; 52]>,
        removed: Vec<Card>,
    ) -> Result<ShoeSpec, ShoeSpecError> {
        match (decks, ranks, cards) {
            (Some(_), _, Some(_)) => Err(ShoeSpecError::CardsAndOther("decks")),
            (None, Some(_), Some(_)) => Err(ShoeSpecError::CardsAndOther("ranks")),
            (None, None, Some(cards)) => Ok(ShoeSpec::cards(cards)?.removing(removed)),
            (decks, ranks, None) => ShoeSpec::new(decks, ranks, removed),
        }
    }

    /// The counts of the 52 cards, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣), each 0 to
    /// [`Shoe::MAX_CARD_COUNT`]; removed cards come out of it as exact cards.
    pub fn cards(cards: [u64; 52]) -> Result<ShoeSpec, ShoeSpecError> {
        let shoe = Shoe::from_card_counts(cards).map_err(ShoeSpecError::Cards)?;
        Ok(ShoeSpec::card_level(shoe))
    }

    /// This composition as the base, giving up exact cards (a shoe whose suits are unknown
    /// cannot: resolving with removed cards is then [`ShoeError::SuitsUnknown`]).
    pub fn card_level(shoe: Shoe) -> ShoeSpec {
        ShoeSpec {
            base: Some(Base::Cards(shoe)),
            removed: Vec::new(),
        }
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

    /// Whether the specification has a base of its own (decks, ranks or card counts), which
    /// wins over a stated shoe.
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
            (Some(Base::Cards(shoe)), _) => {
                let mut shoe = shoe.clone();
                shoe.remove_cards(removed).map_err(ShoeSpecError::Removed)?;
                Ok(shoe)
            }
            (Some(Base::Decks(n_decks)), _) => {
                Shoe::decks_without(*n_decks, removed).map_err(ShoeSpecError::Removed)
            }
            (None, Some(stated)) => {
                // The exact cards where the stated shoe knows its suits and holds them all
                // (whole decks do); otherwise a shoe of ranks gives them up by rank, as it
                // always did, its suits then unknown.
                let mut exact = stated.clone();
                match exact.remove_cards(removed) {
                    Ok(()) => Ok(exact),
                    Err(_) if !stated.is_card_level() => take_out(stated.clone(), removed),
                    Err(e) => Err(ShoeSpecError::Removed(e)),
                }
            }
            (None, None) => {
                Shoe::decks_without(REFERENCE_DECKS, removed).map_err(ShoeSpecError::Removed)
            }
        }
    }
}

/// The shoe with the cards taken out, stopping at the first that is exhausted: by rank, or,
/// from a card-level shoe, the exact cards.
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

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn card_counts_are_kept_only_where_suits_are_uneven() {
        use std::collections::HashSet;
        let even = Shoe::from_card_counts([8; 52]).unwrap();
        assert_eq!(even, Shoe::decks(8).unwrap());
        assert!(!even.is_card_level());
        let mut cards = [8; 52];
        cards[card("4H").index()] = 7;
        cards[card("KC").index()] = 0;
        let uneven = Shoe::from_card_counts(cards).unwrap();
        assert!(uneven.is_card_level());
        assert_eq!(uneven.card_counts(), Ok(cards));
        assert_eq!(uneven.card_count(card("4♥")), Ok(7));
        assert_eq!(uneven.card_count(card("4♠")), Ok(8));
        // Each rank's count is the sum of its four cards; values and length follow.
        assert_eq!(uneven.count(Rank::Four), 31);
        assert_eq!(uneven.count(Rank::King), 24);
        assert_eq!(uneven.len(), 416 - 9);
        assert_eq!(uneven.value_counts()[0], 128 - 8);
        // Equal rank counts with uneven suits are not whole decks.
        let mut swapped = [8; 52];
        swapped[0] = 9;
        swapped[1] = 7;
        let swapped = Shoe::from_card_counts(swapped).unwrap();
        assert_eq!(swapped.counts(), [32; 13]);
        assert_eq!(swapped.as_whole_decks(), None);
        assert_ne!(swapped, Shoe::decks(8).unwrap());
        let set: HashSet<Shoe> = [even, Shoe::decks(8).unwrap(), swapped.clone()].into();
        assert_eq!(set.len(), 2);
        assert!(swapped.to_string().starts_with("A♠:9 A♥:7 A♦:8 A♣:8 2♠:8"));
    }

    #[test]
    fn card_counts_are_bounded_per_card_and_read_with_their_card_named() {
        let mut cards = [0; 52];
        cards[51] = Shoe::MAX_CARD_COUNT + 1;
        assert_eq!(
            Shoe::from_card_counts(cards).unwrap_err().to_string(),
            "the count of K♣ is 4294967297: at most 4294967296 (one per deck) is accepted"
        );
        cards[51] = Shoe::MAX_CARD_COUNT;
        assert_eq!(
            Shoe::from_card_counts(cards).unwrap().count(Rank::King),
            Shoe::MAX_CARD_COUNT
        );
        let mut tokens = vec!["1"; 52];
        assert_eq!(
            Shoe::parse_card_counts(&tokens.join(" ")).unwrap(),
            Shoe::decks(1).unwrap()
        );
        tokens[13] = "-1";
        assert_eq!(
            Shoe::parse_card_counts(&tokens.join(",")),
            Err(ShoeError::BadCardCount {
                position: 14,
                card: "4♥".into(),
                text: "-1".into()
            })
        );
        tokens.pop();
        assert_eq!(
            Shoe::parse_card_counts(&tokens.join(",")),
            Err(ShoeError::WrongCountOfCards(51))
        );
        assert_eq!(
            Shoe::parse_card_counts(""),
            Err(ShoeError::WrongCountOfCards(0))
        );
    }

    #[test]
    fn decks_give_up_exact_cards_and_rank_counts_give_up_ranks() {
        let four_hearts = card("4H");
        let depleted = Shoe::decks_without(8, &[four_hearts]).unwrap();
        assert!(depleted.is_card_level());
        assert_eq!(depleted.card_count(four_hearts), Ok(7));
        assert_eq!(depleted.card_count(card("4S")), Ok(8));
        // The same rank counts, so the same engine input.
        let mut ranks = [32; 13];
        ranks[3] = 31;
        assert_eq!(depleted.counts(), ranks);
        // By rank, the suits are unknown.
        let by_rank = Shoe::from_counts(ranks).unwrap();
        assert!(!by_rank.is_card_level());
        assert_eq!(
            by_rank.card_counts(),
            Err(ShoeError::SuitsUnknown {
                rank: "4",
                count: 31
            })
        );
        let mut from_ranks = Shoe::decks(8).unwrap();
        from_ranks.remove(four_hearts).unwrap();
        assert_eq!(from_ranks, by_rank);
        // Every four out: even again.
        let all_fours = [card("4S"), card("4H"), card("4D"), card("4C")];
        let even = Shoe::decks_without(8, &all_fours).unwrap();
        assert!(!even.is_card_level());
        assert_eq!(even.card_counts().unwrap()[12..16], [7; 4]);
        // A card-level shoe gives up the exact card, and refuses one it has no more of.
        let mut one = Shoe::decks_without(1, &[four_hearts]).unwrap();
        let err = one.remove(four_hearts).unwrap_err();
        assert_eq!(err.to_string(), "cannot remove 4♥: the shoe has no 4♥ left");
        assert_eq!(one.len(), 51);
        one.remove_all(&[card("4S"), card("4D")]).unwrap();
        assert_eq!(one.card_count(card("4C")), Ok(1));
        // The failed removal of a list leaves the shoe as it was.
        let before = one.clone();
        assert!(one.remove_all(&[card("4C"), card("4C")]).is_err());
        assert_eq!(one, before);
        let mut ranks_only = Shoe::from_counts([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert!(ranks_only.remove_all(&[card("AS"), card("AS")]).is_err());
        assert_eq!(ranks_only.len(), 1);
        assert!(matches!(
            ranks_only.remove_cards(&[card("AS")]),
            Err(ShoeError::SuitsUnknown { .. })
        ));
        // The message of a card taken out of more decks than there are stays as it was.
        assert_eq!(
            Shoe::decks_without(2, &[four_hearts; 3])
                .unwrap_err()
                .to_string(),
            "cannot remove 4♥ 3 times: 2 decks hold only 2"
        );
    }

    #[test]
    fn a_card_level_specification_gives_up_exact_cards() {
        let four_hearts = card("4H");
        // Card counts whose suits are even still give up exact cards.
        let spec = ShoeSpec::with_bases(None, None, Some([1; 52]), vec![four_hearts]).unwrap();
        let shoe = spec.resolve(None).unwrap();
        assert_eq!(shoe.card_count(four_hearts), Ok(0));
        assert_eq!(shoe.card_count(card("4S")), Ok(1));
        let twice = ShoeSpec::cards([1; 52])
            .unwrap()
            .removing(vec![four_hearts; 2]);
        assert_eq!(
            twice.resolve(None).unwrap_err().to_string(),
            "remove: cannot remove 4♥: the shoe has no 4♥ left"
        );
        // A stated card-level shoe too, and stated whole decks.
        let stated = ShoeSpec::default().removing(vec![four_hearts]);
        let again = stated.resolve(Some(&shoe)).unwrap_err();
        assert_eq!(
            again.to_string(),
            "remove: cannot remove 4♥: the shoe has no 4♥ left"
        );
        assert_eq!(
            stated.resolve(Some(&Shoe::decks(1).unwrap())).unwrap(),
            shoe
        );
        // A stated shoe of ranks whose suits are unknown, or that lacks the exact card, gives
        // up cards by rank.
        let ranks = Shoe::from_counts([4, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4]).unwrap();
        assert_eq!(
            stated.resolve(Some(&ranks)).unwrap().card_counts(),
            Err(ShoeError::SuitsUnknown {
                rank: "4",
                count: 2
            })
        );
        let twice = ShoeSpec::default().removing(vec![four_hearts; 2]);
        let one_deck = Shoe::decks(1).unwrap();
        assert_eq!(twice.resolve(Some(&one_deck)).unwrap().counts()[3], 2);
        // Decks give up exact cards.
        let decks = ShoeSpec::decks(1).unwrap().removing(vec![four_hearts]);
        assert_eq!(decks.resolve(None).unwrap(), shoe);
        // One base only.
        assert_eq!(
            ShoeSpec::with_bases(None, Some([4; 13]), Some([1; 52]), Vec::new()),
            Err(ShoeSpecError::CardsAndOther("ranks"))
        );
        assert_eq!(
            ShoeSpec::with_bases(Some(1), Some([4; 13]), None, Vec::new()),
            Err(ShoeSpecError::DecksAndRanks)
        );
        let mut over = [0; 52];
        over[0] = Shoe::MAX_CARD_COUNT + 1;
        assert!(matches!(
            ShoeSpec::with_bases(None, None, Some(over), Vec::new()),
            Err(ShoeSpecError::Cards(ShoeError::CardCountTooLarge { .. }))
        ));
    }

    #[test]
    fn tiny_shoes_are_not_playable() {
        let shoe = Shoe::from_counts([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(shoe.check_playable(), Err(ShoeError::TooSmall(5)));
    }
}
