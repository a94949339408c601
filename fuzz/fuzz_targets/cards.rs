//! The card parser: any text is a list of cards or a clear error, and every card it accepts
//! prints back to itself; the suit reader (cards' suits and card classes' `suit`) reads any
//! text as a suit or none, and every suit back from its symbol, letter and name.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::card::{Card, Suit, parse_cards};

fuzz_target!(|text: &str| {
    if let Some(suit) = Suit::parse(text) {
        assert_eq!(Suit::parse(&suit.symbol().to_string()), Some(suit));
        assert_eq!(Suit::parse(&suit.letter().to_string()), Some(suit));
        assert_eq!(Suit::parse(suit.name()), Some(suit));
    }
    if let Ok(cards) = parse_cards(text) {
        for card in cards {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.ascii().parse::<Card>(), Ok(card));
        }
    } else {
        let err = parse_cards(text).unwrap_err();
        if let Some(token) = err.token() {
            assert!(text.contains(token));
        }
    }
});
