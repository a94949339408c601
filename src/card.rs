//! Cards, ranks and suits, and their baccarat values.

use std::fmt;
use std::str::FromStr;

/// The thirteen ranks, ace low. The order is the one used for shoe counts (A, 2, …, 10, J, Q, K).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// The ace, worth 1.
    Ace,
    /// The two, worth 2.
    Two,
    /// The three, worth 3.
    Three,
    /// The four, worth 4.
    Four,
    /// The five, worth 5.
    Five,
    /// The six, worth 6.
    Six,
    /// The seven, worth 7.
    Seven,
    /// The eight, worth 8.
    Eight,
    /// The nine, worth 9.
    Nine,
    /// The ten, worth 0.
    Ten,
    /// The jack, worth 0.
    Jack,
    /// The queen, worth 0.
    Queen,
    /// The king, worth 0.
    King,
}

impl Rank {
    /// Every rank, in shoe-count order.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// Position of the rank in [`Rank::ALL`] (ace 0, king 12).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The baccarat value: ace 1, two to nine their number, ten and faces 0.
    ///
    /// ```
    /// use punto_banco::card::Rank;
    /// assert_eq!(Rank::Ace.value(), 1);
    /// assert_eq!(Rank::Nine.value(), 9);
    /// assert_eq!(Rank::Queen.value(), 0);
    /// ```
    pub fn value(self) -> u8 {
        match self {
            Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 0,
            other => other as u8 + 1,
        }
    }

    /// The rank's symbol as printed on a card: `A`, `2`…`10`, `J`, `Q`, `K`.
    pub fn symbol(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][self.index()]
    }

    fn parse(text: &str) -> Option<Rank> {
        // Matched on bytes, any case, without allocating: logs parse millions of cards.
        let rank = match text.as_bytes() {
            [b'A' | b'a'] => Rank::Ace,
            [b'2'] => Rank::Two,
            [b'3'] => Rank::Three,
            [b'4'] => Rank::Four,
            [b'5'] => Rank::Five,
            [b'6'] => Rank::Six,
            [b'7'] => Rank::Seven,
            [b'8'] => Rank::Eight,
            [b'9'] => Rank::Nine,
            [b'1', b'0'] | [b'T' | b't'] => Rank::Ten,
            [b'J' | b'j'] => Rank::Jack,
            [b'Q' | b'q'] => Rank::Queen,
            [b'K' | b'k'] => Rank::King,
            _ => return None,
        };
        Some(rank)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// The four suits. Suits never change a value; they are kept so that a dealt coup reads as dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Spades, ♠.
    Spades,
    /// Hearts, ♥.
    Hearts,
    /// Diamonds, ♦.
    Diamonds,
    /// Clubs, ♣.
    Clubs,
}

impl Suit {
    /// Every suit.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit's symbol: ♠, ♥, ♦ or ♣.
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// The suit's ASCII letter: S, H, D or C.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// Position of the suit in [`Suit::ALL`] (♠ 0, ♥ 1, ♦ 2, ♣ 3).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's English name, as rule files write it: `spades`, `hearts`, `diamonds`,
    /// `clubs`.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// Reads a suit as people write it: its symbol (♠ ♥ ♦ ♣, or the white ♤ ♡ ♢ ♧), its
    /// letter (S H D C) or its name (`spades`), in any case. A variation selector after it
    /// (U+FE0F, which phones and some editors add to ask for the emoji form, or U+FE0E) is
    /// ignored: it changes how the suit looks, never which suit it is. The one reader of a
    /// suit: a card's suit and a rule file's card classes are read through it.
    ///
    /// ```
    /// use punto_banco::card::Suit;
    /// assert_eq!(Suit::parse("♠"), Some(Suit::Spades));
    /// assert_eq!(Suit::parse("♠\u{FE0F}"), Some(Suit::Spades));
    /// assert_eq!(Suit::parse("h"), Some(Suit::Hearts));
    /// assert_eq!(Suit::parse("Diamonds"), Some(Suit::Diamonds));
    /// assert_eq!(Suit::parse("♠♠"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Suit> {
        let text = text.trim_end_matches(VARIATION_SELECTORS);
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(symbol), None) => Suit::from_symbol(symbol),
            _ => Suit::ALL
                .into_iter()
                .find(|suit| text.eq_ignore_ascii_case(suit.name())),
        }
    }

    fn from_symbol(c: char) -> Option<Suit> {
        match c {
            '♠' | '♤' | 'S' | 's' => Some(Suit::Spades),
            '♥' | '♡' | 'H' | 'h' => Some(Suit::Hearts),
            '♦' | '♢' | 'D' | 'd' => Some(Suit::Diamonds),
            '♣' | '♧' | 'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// The variation selectors that may follow a suit symbol: U+FE0F asks for the emoji form,
/// U+FE0E for the text form.
const VARIATION_SELECTORS: [char; 2] = ['\u{FE0F}', '\u{FE0E}'];

/// One playing card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// The card's rank, which gives its value.
    pub rank: Rank,
    /// The card's suit, which never changes its value.
    pub suit: Suit,
}

impl Card {
    /// A card of the given rank and suit.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// The card's baccarat value, 0 to 9.
    pub fn value(self) -> u8 {
        self.rank.value()
    }

    /// Position of the card in a card-level shoe's counts, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣):
    /// `4·rank + suit`, 0 to 51.
    ///
    /// ```
    /// use punto_banco::card::{Card, Rank, Suit};
    /// assert_eq!(Card::new(Rank::Ace, Suit::Spades).index(), 0);
    /// assert_eq!(Card::new(Rank::Four, Suit::Hearts).index(), 13);
    /// assert_eq!(Card::from_index(51), Some(Card::new(Rank::King, Suit::Clubs)));
    /// assert_eq!(Card::from_index(52), None);
    /// ```
    pub fn index(self) -> usize {
        4 * self.rank.index() + self.suit.index()
    }

    /// The card at a position `4·rank + suit` of a card-level shoe's counts, if below 52.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 52).then(|| Card::new(Rank::ALL[index / 4], Suit::ALL[index % 4]))
    }

    /// The card in ASCII form, such as `4H`, `10D` or `AS`.
    pub fn ascii(self) -> String {
        format!("{}{}", self.rank.symbol(), self.suit.letter())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.symbol(), self.suit.symbol())
    }
}

/// The card forms the parser accepts, for error messages.
pub const ACCEPTED_CARD_FORMS: &str = "a rank A, 2-10 (or T), J, Q or K followed by a suit ♠ ♥ ♦ ♣ or S H D C (any case), such as 4♥, 4H, 4h, 10D, TD, QS, A♦";

/// A card token that is not a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{}` is not a card: expected {ACCEPTED_CARD_FORMS}", shown(.token))]
#[non_exhaustive]
pub struct CardError {
    /// The token as given.
    pub token: String,
}

/// A token as an error shows it: its first 20 characters, then `…` when there is more (no
/// card is that long, and a line can hold a megabyte of one).
fn shown(token: &str) -> String {
    match token.char_indices().nth(20) {
        Some((end, _)) => format!("{}…", &token[..end]),
        None => token.to_string(),
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Parses `4♥`, `4H`, `4h`, `10D`, `TD`, `QS`, `A♦` and the like.
    ///
    /// ```
    /// use punto_banco::card::{Card, Rank, Suit};
    /// let card: Card = "10d".parse().unwrap();
    /// assert_eq!(card, Card::new(Rank::Ten, Suit::Diamonds));
    /// assert!("11X".parse::<Card>().is_err());
    /// ```
    fn from_str(token: &str) -> Result<Card, CardError> {
        // Two ASCII characters, `8S` or `TD`, as logs and batches write most cards: read at
        // once. Anything else (and every mistake) takes the general path below.
        if token.len() == 2
            && token.is_ascii()
            && let (Some(rank), Some(suit)) = (
                Rank::parse(&token[..1]),
                Suit::from_symbol(char::from(token.as_bytes()[1])),
            )
        {
            return Ok(Card { rank, suit });
        }
        Card::read(token)
    }
}

impl Card {
    /// Reads any card token, or says it is none: what `from_str` does past its two
    /// ASCII characters.
    fn read(token: &str) -> Result<Card, CardError> {
        let error = || CardError {
            token: token.to_string(),
        };
        // The suit is the last character, with the variation selector that may follow it
        // (see `Suit::parse`); the rank is what comes before.
        let token_trimmed = token.trim();
        let symbol_end = token_trimmed.trim_end_matches(VARIATION_SELECTORS).len();
        let symbol_start = token_trimmed[..symbol_end]
            .char_indices()
            .next_back()
            .map(|(index, _)| index)
            .ok_or_else(error)?;
        let suit = Suit::parse(&token_trimmed[symbol_start..]).ok_or_else(error)?;
        let rank = Rank::parse(&token_trimmed[..symbol_start]).ok_or_else(error)?;
        Ok(Card { rank, suit })
    }
}

/// A list of cards that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CardsError {
    /// The text holds no card at all.
    #[error("no card given: expected cards such as 8♠,8♥ 9♣")]
    NoCards,
    /// Two commas (or a comma at either end) with no card between them.
    #[error("card {position} is missing: two commas, or a comma at an end, with no card between")]
    Missing {
        /// 1-based position in the list.
        position: usize,
    },
    /// A token that is not a card.
    #[error("card {position}: {error}")]
    NotACard {
        /// 1-based position in the list.
        position: usize,
        /// What is wrong with the token.
        error: CardError,
    },
}

impl CardsError {
    /// The token that is not a card, if that is the error.
    pub fn token(&self) -> Option<&str> {
        match self {
            CardsError::NotACard { error, .. } => Some(&error.token),
            _ => None,
        }
    }
}

/// Parses a list of cards separated by commas and/or white space, such as `8♠,8♥ 9♣`.
///
/// An empty list, an empty item between two commas and a token that is not a card are
/// errors that name their position.
///
/// ```
/// use punto_banco::card::{CardsError, parse_cards};
/// assert_eq!(parse_cards("8♠,8♥ 9♣").unwrap().len(), 3);
/// assert_eq!(parse_cards("4H,,2S"), Err(CardsError::Missing { position: 2 }));
/// assert_eq!(parse_cards(" "), Err(CardsError::NoCards));
/// ```
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardsError> {
    let mut cards = Vec::new();
    let items: Vec<&str> = text.split(',').collect();
    let lone_item = items.len() == 1;
    for item in items {
        let mut tokens = item.split_whitespace().peekable();
        if tokens.peek().is_none() {
            if lone_item {
                break;
            }
            return Err(CardsError::Missing {
                position: cards.len() + 1,
            });
        }
        for token in tokens {
            let card = token.parse().map_err(|error| CardsError::NotACard {
                position: cards.len() + 1,
                error,
            })?;
            cards.push(card);
        }
    }
    if cards.is_empty() {
        return Err(CardsError::NoCards);
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    /// The two-character shortcut of `from_str` reads every two-character ASCII token as the
    /// general reader does, cards and mistakes alike.
    #[test]
    fn two_ascii_characters_read_as_the_general_path_reads_them() {
        let mut cards = 0;
        for first in 0..128u8 {
            for second in 0..128u8 {
                let token = String::from_utf8(vec![first, second]).unwrap();
                let read = token.parse::<Card>();
                assert_eq!(read, Card::read(&token), "{token:?}");
                cards += usize::from(read.is_ok());
            }
        }
        // 2 to 9, and A, T, J, Q, K in either case: 18 rank characters, by 4 suits in either case.
        assert_eq!(cards, 18 * 8);
    }

    use super::*;

    #[test]
    fn values_follow_the_rule_texts() {
        let values: Vec<u8> = Rank::ALL.iter().map(|r| r.value()).collect();
        assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
    }

    #[test]
    fn every_card_round_trips_in_both_forms() {
        for rank in Rank::ALL {
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
                assert_eq!(card.ascii().parse::<Card>(), Ok(card));
                assert_eq!(card.ascii().to_lowercase().parse::<Card>(), Ok(card));
            }
        }
    }

    #[test]
    fn card_indices_are_rank_major_and_the_card_language_s() {
        for index in 0..52 {
            let card = Card::from_index(index).unwrap();
            assert_eq!(card.index(), index);
            assert_eq!(crate::rules::condition::CardClass::index(card), index);
            assert_eq!(crate::rules::condition::CardClass::card_at(index), card);
        }
    }

    #[test]
    fn accepted_spellings() {
        let ten_of_diamonds = Card::new(Rank::Ten, Suit::Diamonds);
        assert_eq!("TD".parse(), Ok(ten_of_diamonds));
        assert_eq!("td".parse(), Ok(ten_of_diamonds));
        assert_eq!("10♦".parse(), Ok(ten_of_diamonds));
        assert_eq!("4h".parse(), Ok(Card::new(Rank::Four, Suit::Hearts)));
        assert_eq!("A♦".parse(), Ok(Card::new(Rank::Ace, Suit::Diamonds)));
    }

    #[test]
    fn rejects_non_cards_and_names_the_token() {
        for bad in ["11X", "", "4", "H", "1S", "0H", "44H", "4♥♥", "Z♠", "10"] {
            let err = bad.parse::<Card>().unwrap_err();
            assert_eq!(err.token, bad);
            assert!(err.to_string().contains("4♥, 4H"), "{err}");
        }
    }

    #[test]
    fn parses_lists() {
        let cards = parse_cards("8♠,8♥, 9♣  AD").unwrap();
        assert_eq!(cards.len(), 4);
        assert_eq!(parse_cards("8♠,11X").unwrap_err().token(), Some("11X"));
        assert_eq!(
            parse_cards("8♠ 8♥,11X").unwrap_err().to_string(),
            format!("card 3: `11X` is not a card: expected {ACCEPTED_CARD_FORMS}")
        );
    }

    #[test]
    fn empty_items_and_empty_lists_are_errors() {
        assert_eq!(parse_cards(""), Err(CardsError::NoCards));
        assert_eq!(parse_cards(" \t "), Err(CardsError::NoCards));
        assert_eq!(
            parse_cards("4H,,2S"),
            Err(CardsError::Missing { position: 2 })
        );
        assert_eq!(parse_cards(",4H"), Err(CardsError::Missing { position: 1 }));
        assert_eq!(parse_cards("4H,"), Err(CardsError::Missing { position: 2 }));
        assert_eq!(parse_cards(","), Err(CardsError::Missing { position: 1 }));
    }

    #[test]
    fn a_variation_selector_after_the_suit_is_the_same_card() {
        let four_of_hearts = Card::new(Rank::Four, Suit::Hearts);
        assert_eq!("4♥\u{FE0F}".parse(), Ok(four_of_hearts));
        assert_eq!("4♥\u{FE0E}".parse(), Ok(four_of_hearts));
        assert_eq!(parse_cards("4♥️ 2♠️").unwrap()[0], four_of_hearts);
        // Only after a suit: alone, or before the suit, it is no card.
        assert!("\u{FE0F}".parse::<Card>().is_err());
        assert!("4\u{FE0F}♥".parse::<Card>().is_err());
    }
}
