//! Hands and cards in a condition: a hand object's atoms, set tests, and card classes with
//! their ranks, suits and cards.

use super::lists::{NamesSeed, NumbersSeed};
use super::{
    CLASS_FIELDS, HAND_FIELDS, MAX_SET, ROLE_FIELDS, SET_FIELDS, deeper, each_field, path, unknown,
};
use crate::card::{Card, Rank, Suit};
use crate::outcome::Hand;
use crate::rules::condition::{Atom, CardClass, CardSet, Cond, Same, SetTest, Who};
use crate::variants::file::shown;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use std::fmt;

/// A hand object: the atoms it makes, in the grammar's order.
pub(super) struct HandSeed {
    pub(super) who: Who,
    pub(super) path: String,
    pub(super) depth: usize,
}

impl<'de> DeserializeSeed<'de> for HandSeed {
    type Value = Vec<Cond>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Cond>, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl HandSeed {
    fn hand(&self) -> Option<Hand> {
        match self.who {
            Who::Punto => Some(Hand::Punto),
            Who::Banco => Some(Hand::Banco),
            Who::Winner | Who::Loser => None,
        }
    }
}

impl<'de> Visitor<'de> for HandSeed {
    type Value = Vec<Cond>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.hand() {
            Some(_) => write!(
                f,
                "{} as a hand object, such as {{\"total\": 6, \"cards\": 3}} or {{\"first_two\": {{\"same\": \"rank\"}}}}",
                self.path
            ),
            None => write!(
                f,
                "{} as a hand object, such as {{\"total\": 7, \"cards\": 3}}",
                self.path
            ),
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Cond>, A::Error> {
        let hand = self.hand();
        let fields = if hand.is_some() {
            HAND_FIELDS
        } else {
            ROLE_FIELDS
        };
        let (mut total, mut cards, mut two_card_total) = (None, None, None);
        let (mut first_two, mut third, mut all_cards) = (None, None, None);
        each_field(&mut map, |key, map| {
            let at = path(&self.path, key);
            match (key, hand) {
                ("total", _) => total = Some(map.next_value_seed(NumbersSeed::new(&at, 0, 9))?),
                ("cards", _) => cards = Some(map.next_value_seed(NumbersSeed::new(&at, 2, 3))?),
                ("all_cards", _) => {
                    all_cards = Some(map.next_value_seed(SetTestSeed {
                        path: at,
                        depth: self.depth,
                    })?)
                }
                ("two_card_total", Some(_)) => {
                    two_card_total = Some(map.next_value_seed(NumbersSeed::new(&at, 0, 9))?)
                }
                ("first_two", Some(_)) => {
                    first_two = Some(map.next_value_seed(SetTestSeed {
                        path: at,
                        depth: self.depth,
                    })?)
                }
                ("third", Some(_)) => {
                    third = Some(map.next_value_seed(ClassSeed {
                        path: at,
                        depth: self.depth,
                    })?)
                }
                ("two_card_total" | "first_two" | "third", None) => {
                    return Err(de::Error::custom(format!(
                        "{at}: `{key}` is for `punto` or `banco`; the winning or losing hand has only `total`, `cards` and `all_cards`"
                    )));
                }
                _ => return Err(unknown(key, fields)),
            }
            Ok(())
        })?;
        let who = self.who;
        let mut atoms = Vec::new();
        if let Some(n) = total {
            atoms.push(Atom::Total(who, n.numbers()));
        }
        if let Some(n) = cards {
            atoms.push(Atom::HandCards(who, n.numbers()));
        }
        if let Some(hand) = hand {
            if let Some(n) = two_card_total {
                atoms.push(Atom::TwoCardTotal(hand, n.numbers()));
            }
            if let Some(test) = first_two {
                atoms.push(Atom::Set(CardSet::FirstTwo(hand), test));
            }
            if let Some(class) = third {
                let test = SetTest {
                    all: Some(class),
                    ..SetTest::default()
                };
                atoms.push(Atom::Set(CardSet::Third(hand), test));
            }
        }
        if let Some(test) = all_cards {
            atoms.push(Atom::Set(CardSet::Cards(who), test));
        }
        Ok(atoms.into_iter().map(Cond::Atom).collect())
    }
}

/// A set test.
pub(super) struct SetTestSeed {
    pub(super) path: String,
    pub(super) depth: usize,
}

impl<'de> DeserializeSeed<'de> for SetTestSeed {
    type Value = SetTest;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<SetTest, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SetTestSeed {
    type Value = SetTest;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as a set test, such as {{\"same\": \"suit\"}} or {{\"where\": {{\"rank\": \"9\"}}, \"size\": 2}}",
            self.path
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SetTest, A::Error> {
        let mut test = SetTest::default();
        each_field(&mut map, |key, map| {
            let at = path(&self.path, key);
            let class = || ClassSeed {
                path: at.clone(),
                depth: self.depth,
            };
            match key {
                "where" => test.filter = Some(map.next_value_seed(class())?),
                "all" => test.all = Some(map.next_value_seed(class())?),
                "size" => {
                    let read = map.next_value_seed(NumbersSeed::new(&at, 0, MAX_SET))?;
                    test.size = Some(read.numbers());
                }
                "max_value" => {
                    let read = map.next_value_seed(NumbersSeed::new(&at, 0, 9))?;
                    test.max_value = Some(read.numbers());
                }
                "same" => {
                    let name: String = map.next_value()?;
                    test.same = Some(match name.as_str() {
                        "rank" => Same::Rank,
                        "suit" => Same::Suit,
                        "colour" => Same::Colour,
                        "card" => Same::Card,
                        other => {
                            return Err(de::Error::custom(format!(
                                "{at} is `{}`: expected \"rank\", \"suit\", \"colour\" or \"card\"",
                                shown(other)
                            )));
                        }
                    });
                }
                "straight" => test.straight = Some(map.next_value()?),
                "groups" => {
                    let mut seed = NumbersSeed::new(&at, 1, MAX_SET);
                    seed.list_only = true;
                    seed.distinct = false;
                    let sizes = map.next_value_seed(seed)?.values;
                    let sum: u32 = sizes.iter().map(|&n| u32::from(n)).sum();
                    if sum > u32::from(MAX_SET) {
                        return Err(de::Error::custom(format!(
                            "{at} asks for groups of {sum} cards in all: a coup deals at most {MAX_SET}"
                        )));
                    }
                    test.groups = Some(sizes);
                }
                "ranks" => {
                    let mut seed = NamesSeed::new(&at, RANK, parse_rank);
                    seed.list_only = true;
                    seed.distinct = false;
                    let ranks = map.next_value_seed(seed)?;
                    if ranks.len() > usize::from(MAX_SET) {
                        return Err(de::Error::custom(format!(
                            "{at} lists {} ranks: a coup deals at most {MAX_SET} cards",
                            ranks.len()
                        )));
                    }
                    test.ranks = Some(ranks);
                }
                _ => return Err(unknown(key, SET_FIELDS)),
            }
            Ok(())
        })?;
        Ok(test)
    }
}

/// A card class: the cards that meet every field given; `{}` is every card.
struct ClassSeed {
    path: String,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for ClassSeed {
    type Value = CardClass;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<CardClass, D::Error> {
        let path = self.path.clone();
        let class = deserializer.deserialize_map(self)?;
        if class == CardClass::NONE {
            return Err(de::Error::custom(format!(
                "{path} holds no card: its fields exclude one another; a class is the cards meeting every field given"
            )));
        }
        Ok(class)
    }
}

const RANK: &str = "a rank \"A\", \"2\" to \"10\" (or \"T\"), \"J\", \"Q\" or \"K\"";
const SUIT: &str =
    "a suit \"spades\", \"hearts\", \"diamonds\" or \"clubs\" (or S H D C, or ♠ ♥ ♦ ♣)";
const CARD: &str = "a card such as \"4D\" or \"4♦\" (a rank A, 2 to 10 or T, J, Q, K, then a suit S H D C or ♠ ♥ ♦ ♣)";

fn parse_rank(text: &str) -> Option<Rank> {
    let symbols = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    if text == "T" {
        return Some(Rank::Ten);
    }
    symbols
        .iter()
        .position(|&s| s == text)
        .map(|i| Rank::ALL[i])
}

fn parse_card(text: &str) -> Option<Card> {
    text.parse().ok()
}

impl<'de> Visitor<'de> for ClassSeed {
    type Value = CardClass;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as a card class, such as {{\"rank\": \"9\"}}, {{\"colour\": \"red\"}} or {{\"card\": \"4D\"}} ({{}} is every card)",
            self.path
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CardClass, A::Error> {
        let mut class = CardClass::ALL;
        each_field(&mut map, |key, map| {
            let at = path(&self.path, key);
            let part = match key {
                "rank" => map
                    .next_value_seed(NamesSeed::new(&at, RANK, parse_rank))?
                    .into_iter()
                    .fold(CardClass::NONE, |m, r| m.or(CardClass::rank(r))),
                "suit" => map
                    .next_value_seed(NamesSeed::new(&at, SUIT, Suit::parse))?
                    .into_iter()
                    .fold(CardClass::NONE, |m, s| m.or(CardClass::suit(s))),
                "card" => map
                    .next_value_seed(NamesSeed::new(&at, CARD, parse_card))?
                    .into_iter()
                    .fold(CardClass::NONE, |m, c| m.or(CardClass::card(c))),
                "colour" => {
                    let name: String = map.next_value()?;
                    match name.as_str() {
                        "red" => CardClass::colour(true),
                        "black" => CardClass::colour(false),
                        other => {
                            return Err(de::Error::custom(format!(
                                "{at} is `{}`: expected \"red\" or \"black\"",
                                shown(other)
                            )));
                        }
                    }
                }
                "face" => {
                    let face: bool = map.next_value()?;
                    if face {
                        CardClass::faces()
                    } else {
                        CardClass::faces().complement()
                    }
                }
                "value" => {
                    let read = map.next_value_seed(NumbersSeed::new(&at, 0, 9))?;
                    CardClass::values(read.numbers())
                }
                "not" => {
                    deeper(self.depth, &at)?;
                    map.next_value_seed(ClassSeed {
                        path: at,
                        depth: self.depth + 1,
                    })?
                    .complement()
                }
                _ => return Err(unknown(key, CLASS_FIELDS)),
            };
            class = class.and(part);
            Ok(())
        })?;
        Ok(class)
    }
}
