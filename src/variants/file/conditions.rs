//! The conditions of a pay line (schema 2 adds bets on the cards): the schema-1 fields, and
//! the fields that name the number of cards dealt, a hand, a set of cards, `any` and `not`.
//!
//! Every object is read field by field, so that a refusal stands where the reader does: a
//! misspelt field, a value out of range, a schema-2 field in a schema-1 file, a class that holds
//! no card. The fields of one object make one [`Cond`] in a fixed order (the grammar's table
//! order), whatever order the file writes them in, so that two files that mean the same read
//! the same.

mod cards;
mod lists;

use super::numbers::{cards_field, margin_field, total_field};
use super::{Described, shown};
use crate::outcome::Winner;
use crate::rules::Condition;
use crate::rules::condition::{Atom, CardSet, Cond, Numbers, SetTest, Who};
use cards::{HandSeed, SetTestSeed};
use lists::NumbersSeed;
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// How deep `any`, `not` and a card class's `not` may nest: far more than any bet needs, and
/// few enough that the reader's stack stays small whatever the file.
pub(super) const MAX_DEPTH: usize = 32;

/// The rules a pay line is read under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// A schema-1 file: the schema-1 fields only, each with one value.
    One,
    /// A schema-2 file's side bet: every field.
    Two,
    /// A main bet (its key) of a schema-2 file: schema-1 pay lines, as in schema 1.
    Main(&'static str),
}

/// The fields of a pay line under schema 1, in the order the messages list them.
pub(super) const SCHEMA_1_LINE: &[&str] = &[
    "winner",
    "total",
    "cards",
    "natural",
    "margin",
    "pays",
    "commission",
];

/// The fields of a pay line under schema 2.
pub(super) const SCHEMA_2_LINE: &[&str] = &[
    "winner",
    "total",
    "cards",
    "natural",
    "margin",
    "cards_dealt",
    "punto",
    "banco",
    "winning_hand",
    "losing_hand",
    "opening",
    "dealt",
    "any",
    "not",
    "pays",
    "commission",
];

/// The fields of a condition object (in `any` and `not`).
const CONDITION_FIELDS: &[&str] = &[
    "winner",
    "total",
    "cards",
    "natural",
    "margin",
    "cards_dealt",
    "punto",
    "banco",
    "winning_hand",
    "losing_hand",
    "opening",
    "dealt",
    "any",
    "not",
];

const HAND_FIELDS: &[&str] = &[
    "total",
    "cards",
    "two_card_total",
    "first_two",
    "third",
    "all_cards",
];

const ROLE_FIELDS: &[&str] = &["total", "cards", "all_cards"];

const SET_FIELDS: &[&str] = &[
    "where",
    "size",
    "same",
    "all",
    "groups",
    "straight",
    "ranks",
    "max_value",
];

const CLASS_FIELDS: &[&str] = &["rank", "suit", "colour", "face", "value", "card", "not"];

/// The most cards a set of a coup holds: six.
const MAX_SET: u8 = 6;

/// Reads the fields of an object: each key once (a key given twice is refused where it
/// stands, as serde refuses one), its value by `field`, which refuses an unknown key.
pub(super) fn each_field<'de, A: MapAccess<'de>>(
    map: &mut A,
    mut field: impl FnMut(&str, &mut A) -> Result<(), A::Error>,
) -> Result<(), A::Error> {
    let mut seen: Vec<String> = Vec::new();
    while let Some(key) = map.next_key::<String>()? {
        if seen.contains(&key) {
            return Err(de::Error::custom(format!(
                "duplicate field `{}`",
                shown(&key)
            )));
        }
        field(&key, map)?;
        seen.push(key);
    }
    Ok(())
}

/// The refusal of a field this object does not have.
fn unknown<E: de::Error>(key: &str, fields: &'static [&'static str]) -> E {
    E::unknown_field(&shown(key), fields)
}

/// A field's name as messages give it: its path from the pay line (`punto.first_two.same`).
fn path(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        field.to_string()
    } else {
        format!("{prefix}.{field}")
    }
}

/// A schema-1 field as written: one value, or (schema 2) a list of them.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Values {
    One(u8),
    Many(Vec<u8>),
}

impl Values {
    fn options(values: &Option<Values>) -> Vec<Option<u8>> {
        match values {
            None => vec![None],
            Some(Values::One(v)) => vec![Some(*v)],
            Some(Values::Many(vs)) => vs.iter().map(|&v| Some(v)).collect(),
        }
    }
}

/// The conditions of one object (a pay line, or a condition inside `any` or `not`), as read.
#[derive(Debug, Default)]
pub(super) struct CondFields {
    winner: Option<String>,
    total: Option<Values>,
    cards: Option<Values>,
    natural: Option<bool>,
    margin: Option<Values>,
    cards_dealt: Option<Numbers>,
    punto: Option<Vec<Cond>>,
    banco: Option<Vec<Cond>>,
    winning_hand: Option<Vec<Cond>>,
    losing_hand: Option<Vec<Cond>>,
    opening: Option<SetTest>,
    dealt: Option<SetTest>,
    any: Option<Vec<Cond>>,
    not: Option<Cond>,
}

/// What an object's conditions make: a schema-1 condition when that is all they are (so that
/// a bet of such lines keeps schema 1's paytable), and the condition in every case.
#[derive(Debug)]
pub(super) struct Built {
    /// The schema-1 condition, when the object holds only schema-1 fields with one value each
    /// and a winner.
    pub(super) simple: Option<Condition>,
    /// The condition.
    pub(super) cond: Cond,
}

impl CondFields {
    /// Reads the value of a condition field `key` of an object at `prefix`, nested `depth`
    /// deep in `any` and `not`; `fields` are the object's fields, for the message on an
    /// unknown one.
    pub(super) fn field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
        mode: Mode,
        prefix: &str,
        depth: usize,
        fields: &'static [&'static str],
    ) -> Result<(), A::Error> {
        let schema_1 = matches!(mode, Mode::One | Mode::Main(_));
        match key {
            // As schema 1 reads them: `null` is the field left out.
            "winner" => self.winner = map.next_value()?,
            "natural" => self.natural = map.next_value()?,
            "total" | "cards" | "margin" if schema_1 => {
                let value = map.next_value_seed(SchemaOneNumber(key))?;
                let slot = match key {
                    "total" => &mut self.total,
                    "cards" => &mut self.cards,
                    _ => &mut self.margin,
                };
                *slot = value.map(Values::One);
            }
            "total" | "cards" | "margin" => {
                let (low, high) = match key {
                    "total" => (0, 9),
                    "cards" => (2, 3),
                    _ => (1, 9),
                };
                let read = map.next_value_seed(NumbersSeed::new(&path(prefix, key), low, high))?;
                let values = if read.listed {
                    Values::Many(read.values)
                } else {
                    Values::One(read.values[0])
                };
                match key {
                    "total" => self.total = Some(values),
                    "cards" => self.cards = Some(values),
                    _ => self.margin = Some(values),
                }
            }
            _ if !CONDITION_FIELDS.contains(&key) => return Err(unknown(key, fields)),
            _ if mode == Mode::One => {
                return Err(de::Error::custom(format!(
                    "`{key}` needs \"schema\": 2: a schema-1 pay line has only `winner`, `total`, `cards`, `natural` and `margin`"
                )));
            }
            _ if matches!(mode, Mode::Main(_)) => {
                let Mode::Main(bet) = mode else {
                    unreachable!("matched just above")
                };
                return Err(de::Error::custom(format!(
                    "bets.{bet}: `{key}` is not for a main bet: Punto, Banco and Tie are settled on the final state, by schema-1 pay lines (`winner`, `total`, `cards`, `natural`, `margin`)"
                )));
            }
            "cards_dealt" => {
                let read = map.next_value_seed(NumbersSeed::new(&path(prefix, key), 4, 6))?;
                self.cards_dealt = Some(read.numbers());
            }
            "punto" | "banco" | "winning_hand" | "losing_hand" => {
                let who = match key {
                    "punto" => Who::Punto,
                    "banco" => Who::Banco,
                    "winning_hand" => Who::Winner,
                    _ => Who::Loser,
                };
                let atoms = map.next_value_seed(HandSeed {
                    who,
                    path: path(prefix, key),
                    depth,
                })?;
                let slot = match who {
                    Who::Punto => &mut self.punto,
                    Who::Banco => &mut self.banco,
                    Who::Winner => &mut self.winning_hand,
                    Who::Loser => &mut self.losing_hand,
                };
                *slot = Some(atoms);
            }
            "opening" | "dealt" => {
                let test = map.next_value_seed(SetTestSeed {
                    path: path(prefix, key),
                    depth,
                })?;
                match key {
                    "opening" => self.opening = Some(test),
                    _ => self.dealt = Some(test),
                }
            }
            "any" => {
                deeper(depth, &path(prefix, key))?;
                self.any = Some(map.next_value_seed(AnySeed {
                    path: path(prefix, key),
                    depth: depth + 1,
                })?);
            }
            _ => {
                deeper(depth, &path(prefix, key))?;
                self.not = Some(map.next_value_seed(CondSeed {
                    path: path(prefix, key),
                    depth: depth + 1,
                })?);
            }
        }
        Ok(())
    }

    /// The condition the fields make together, checked as schema 1 checks its lines: under
    /// schema 1 (and for a main bet) a pay line needs a winner.
    pub(super) fn build(self, mode: Mode, line: bool) -> Result<Built, String> {
        let schema_1 = matches!(mode, Mode::One | Mode::Main(_));
        let has_state = self.winner.is_some()
            || self.total.is_some()
            || self.cards.is_some()
            || self.natural.is_some()
            || self.margin.is_some();
        let single = |v: &Option<Values>| !matches!(v, Some(Values::Many(_)));
        let only_state = self.cards_dealt.is_none()
            && self.punto.is_none()
            && self.banco.is_none()
            && self.winning_hand.is_none()
            && self.losing_hand.is_none()
            && self.opening.is_none()
            && self.dealt.is_none()
            && self.any.is_none()
            && self.not.is_none();
        let one = |v: &Option<Values>| match v {
            Some(Values::One(n)) => Some(*n),
            _ => None,
        };
        let singles = single(&self.total) && single(&self.cards) && single(&self.margin);
        let simple = if schema_1 || (line && only_state && singles && self.winner.is_some()) {
            Some(
                ConditionRaw {
                    winner: self.winner.clone(),
                    total: one(&self.total),
                    cards: one(&self.cards),
                    natural: self.natural,
                    margin: one(&self.margin),
                }
                .build(true)?,
            )
        } else {
            None
        };
        let mut parts: Vec<Cond> = Vec::new();
        if has_state {
            let mut alternatives: Vec<Cond> = Vec::new();
            for total in Values::options(&self.total) {
                for cards in Values::options(&self.cards) {
                    for margin in Values::options(&self.margin) {
                        let condition = ConditionRaw {
                            winner: self.winner.clone(),
                            total,
                            cards,
                            natural: self.natural,
                            margin,
                        }
                        .build(false)?;
                        alternatives.push(Cond::Atom(Atom::State(condition)));
                    }
                }
            }
            parts.push(one_or(alternatives, Cond::Any));
        }
        if let Some(n) = self.cards_dealt {
            parts.push(Cond::Atom(Atom::CardsDealt(n)));
        }
        for atoms in [self.punto, self.banco, self.winning_hand, self.losing_hand]
            .into_iter()
            .flatten()
        {
            parts.extend(atoms);
        }
        if let Some(test) = self.opening {
            parts.push(Cond::Atom(Atom::Set(CardSet::Opening, test)));
        }
        if let Some(test) = self.dealt {
            parts.push(Cond::Atom(Atom::Set(CardSet::Dealt, test)));
        }
        if let Some(any) = self.any {
            parts.push(Cond::Any(any));
        }
        if let Some(not) = self.not {
            parts.push(Cond::Not(Box::new(not)));
        }
        Ok(Built {
            simple,
            cond: one_or(parts, Cond::All),
        })
    }
}

/// The one condition of a list, or the list combined by `all_or_any`.
fn one_or(mut conds: Vec<Cond>, all_or_any: fn(Vec<Cond>) -> Cond) -> Cond {
    if conds.len() == 1 {
        conds.remove(0)
    } else {
        all_or_any(conds)
    }
}

/// Refuses to go one level deeper than [`MAX_DEPTH`].
fn deeper<E: de::Error>(depth: usize, at: &str) -> Result<(), E> {
    if depth >= MAX_DEPTH {
        return Err(E::custom(format!(
            "{at}: `any` and `not` nest {MAX_DEPTH} deep at most (a card class's `not` counts too): write the condition with fewer levels"
        )));
    }
    Ok(())
}

/// The schema-1 fields of a condition: a pay line's, or a claim's event.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct ConditionRaw {
    #[serde(default)]
    pub(super) winner: Option<String>,
    #[serde(default, deserialize_with = "total_field")]
    pub(super) total: Option<u8>,
    #[serde(default, deserialize_with = "cards_field")]
    pub(super) cards: Option<u8>,
    #[serde(default)]
    pub(super) natural: Option<bool>,
    #[serde(default, deserialize_with = "margin_field")]
    pub(super) margin: Option<u8>,
}

impl Described for ConditionRaw {
    const WHAT: &'static str = "an event {\"winner\": …, \"total\": …, …}";
}

impl ConditionRaw {
    pub(super) fn build(self, needs_winner: bool) -> Result<Condition, String> {
        let winner = match self.winner.as_deref() {
            None if needs_winner => {
                return Err("`winner` is missing: expected \"punto\", \"banco\" or \"tie\"".into());
            }
            None => None,
            Some("punto") => Some(Winner::Punto),
            Some("banco") => Some(Winner::Banco),
            Some("tie") => Some(Winner::Tie),
            Some(other) => {
                return Err(format!(
                    "winner is `{}`: expected \"punto\", \"banco\" or \"tie\"",
                    shown(other)
                ));
            }
        };
        // Each was read within its range: total 0 to 9, cards 2 or 3, margin 1 to 9.
        let (total, cards, margin) = (self.total, self.cards, self.margin);
        if winner.is_none() && (total.is_some() || cards.is_some() || margin.is_some()) {
            return Err(
                "`total`, `cards` and `margin` describe the winning hand: give a `winner`".into(),
            );
        }
        if winner == Some(Winner::Tie) && (cards.is_some() || margin.is_some()) {
            return Err(
                "a tie has no winning hand: `cards` and `margin` do not apply to it".into(),
            );
        }
        Ok(Condition {
            winner,
            total,
            cards,
            natural: self.natural,
            margin,
        })
    }
}

/// A schema-1 number field (`total`, `cards`, `margin`), read by schema 1's own reader.
struct SchemaOneNumber<'a>(&'a str);

impl<'de> DeserializeSeed<'de> for SchemaOneNumber<'_> {
    type Value = Option<u8>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<u8>, D::Error> {
        match self.0 {
            "total" => total_field(deserializer),
            "cards" => cards_field(deserializer),
            _ => margin_field(deserializer),
        }
    }
}

/// A condition object, inside `any` or `not`: the fields of a pay line but `pays` and
/// `commission`.
struct CondSeed {
    path: String,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for CondSeed {
    type Value = Cond;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Cond, D::Error> {
        let fields = deserializer.deserialize_map(CondVisitor(&self))?;
        fields
            .build(Mode::Two, false)
            .map(|built| built.cond)
            .map_err(|e| de::Error::custom(format!("{}: {e}", self.path)))
    }
}

struct CondVisitor<'a>(&'a CondSeed);

impl<'de> Visitor<'de> for CondVisitor<'_> {
    type Value = CondFields;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as a condition object, such as {{\"winner\": \"tie\"}} or {{\"punto\": {{\"first_two\": {{\"same\": \"rank\"}}}}}}",
            self.0.path
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CondFields, A::Error> {
        let mut fields = CondFields::default();
        each_field(&mut map, |key, map| {
            if matches!(key, "pays" | "commission") {
                return Err(de::Error::custom(format!(
                    "{}: `{key}` belongs to the pay line, not to a condition inside `any` or `not`",
                    self.0.path
                )));
            }
            fields.field(
                key,
                map,
                Mode::Two,
                &self.0.path,
                self.0.depth,
                CONDITION_FIELDS,
            )
        })?;
        Ok(fields)
    }
}

/// The list of `any`: condition objects, at least one.
struct AnySeed {
    path: String,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for AnySeed {
    type Value = Vec<Cond>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Cond>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for AnySeed {
    type Value = Vec<Cond>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as a list of condition objects, at least one holding",
            self.path
        )
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Cond>, A::Error> {
        let mut conds = Vec::new();
        while let Some(cond) = seq.next_element_seed(CondSeed {
            path: format!("{}[{}]", self.path, conds.len()),
            depth: self.depth,
        })? {
            conds.push(cond);
        }
        if conds.is_empty() {
            return Err(de::Error::custom(format!(
                "{} is an empty list: expected at least one condition object, of which one must hold",
                self.path
            )));
        }
        Ok(conds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, Rank, parse_cards};
    use crate::outcome::Hand;
    use crate::outcome::Winner;
    use crate::rules::condition::DealtCoup;
    use crate::rules::condition::{CardClass, Same};
    use crate::rules::{Bet, PayLine};
    use crate::variants::{RuleSet, RuleSetError, shipped};
    use num_rational::Ratio;

    use crate::variants::examples::CARD_BETS as EXAMPLES;

    /// The reference rule file read as schema 2, with these side bets.
    fn read(side: &str) -> Result<RuleSet, RuleSetError> {
        RuleSet::from_json(&with_side_bets(side))
    }

    fn with_side_bets(side: &str) -> String {
        let main = "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]";
        shipped("reference")
            .unwrap()
            .replacen("\"schema\": 1", "\"schema\": 2", 1)
            .replacen(main, &format!("{main},\n{side}"), 1)
    }

    fn terms(side: &str, key: &str) -> Bet {
        let set = read(side).unwrap_or_else(|e| panic!("{e}"));
        let bet = set.rules().tariff.side.iter().find(|s| s.key == key);
        bet.unwrap().bet.clone()
    }

    fn refused(side: &str) -> String {
        read(side).unwrap_err().to_string()
    }

    /// The bet, checked to be one on the cards: neither schema 1's paytable nor a pair bet.
    fn card_bet(bet: Bet) -> Bet {
        let cards = bet.as_paytable().is_none() && bet.as_pair().is_none();
        assert!(cards, "not a card bet: {bet:?}");
        bet
    }

    fn line(when: Cond, net: i64) -> PayLine {
        PayLine {
            when,
            net: Ratio::from_integer(net),
        }
    }

    fn atom(atom: Atom) -> Cond {
        Cond::Atom(atom)
    }

    fn first_two(hand: Hand, same: Same) -> Cond {
        atom(Atom::Set(
            CardSet::FirstTwo(hand),
            SetTest {
                same: Some(same),
                ..SetTest::default()
            },
        ))
    }

    fn state(condition: Condition) -> Cond {
        atom(Atom::State(condition))
    }

    fn opening(test: SetTest) -> Cond {
        atom(Atom::Set(CardSet::Opening, test))
    }

    fn n(values: &[u8]) -> Numbers {
        Numbers::of(values)
    }

    /// A coup of these cards (Punto's, Banco's, in the order dealt); a natural when both hands
    /// stood on two cards and one of them totals 8 or 9, as the reference rules say.
    fn coup(punto: &str, banco: &str) -> DealtCoup {
        let (p, b) = (parse_cards(punto).unwrap(), parse_cards(banco).unwrap());
        let total = |c: &[Card]| c.iter().map(|c| c.value()).sum::<u8>() % 10;
        let two = |c: &[Card]| (c[0].value() + c[1].value()) % 10;
        let natural = p.len() == 2 && b.len() == 2 && (two(&p) >= 8 || two(&b) >= 8);
        DealtCoup::new(&p, &b, total(&p), total(&b), natural).unwrap()
    }

    /// Settles a bet on coups, each with the net its terms give it.
    fn settles(terms: &Bet, cases: &[(&str, &str, i64)]) {
        for &(punto, banco, net) in cases {
            assert_eq!(
                terms.net(&coup(punto, banco)),
                Ratio::from_integer(net),
                "Punto {punto}, Banco {banco}"
            );
        }
    }

    #[test]
    fn either_pair_is_any_of_two_pairs() {
        let terms = terms(EXAMPLES, "either_pair");
        let want = Bet {
            lines: vec![line(
                Cond::Any(vec![
                    first_two(Hand::Punto, Same::Rank),
                    first_two(Hand::Banco, Same::Rank),
                ]),
                5,
            )],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("7H 7S", "2D 5C", 5),
                ("7H 8S AD", "2D 2C 4S", 5),
                ("KH KS", "KD KC", 5),
                ("KH QS", "2D 5C", -1),
            ],
        );
    }

    #[test]
    fn perfect_pair_pays_both_hands_first() {
        let terms = terms(EXAMPLES, "perfect_pair");
        let perfect = |hand| first_two(hand, Same::Card);
        let want = Bet {
            lines: vec![
                line(
                    Cond::All(vec![perfect(Hand::Punto), perfect(Hand::Banco)]),
                    250,
                ),
                line(
                    Cond::Any(vec![perfect(Hand::Punto), perfect(Hand::Banco)]),
                    25,
                ),
            ],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("7H 7H", "5D 5D", 250),
                ("7H 7H", "5D 5C", 25),
                ("7H 8S", "QD QD", 25),
                ("7H 7S", "5D 5C", -1),
            ],
        );
    }

    #[test]
    fn three_giving_eight_reads_two_card_totals_and_a_third_card() {
        let terms = terms(EXAMPLES, "three_giving_eight");
        let want = Bet {
            lines: vec![line(
                Cond::All(vec![
                    atom(Atom::TwoCardTotal(Hand::Punto, Numbers::range(0, 5))),
                    atom(Atom::Set(
                        CardSet::Third(Hand::Punto),
                        SetTest {
                            all: Some(CardClass::rank(Rank::Eight)),
                            ..SetTest::default()
                        },
                    )),
                    atom(Atom::TwoCardTotal(Hand::Banco, n(&[3]))),
                ]),
                200,
            )],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("2H 3S 8D", "AH 2S", 200),
                ("KH 3S 8C", "10H 3S", 200),
                ("2H 3S 7D", "AH 2S", -1),
                ("2H 3S 8D", "2H 2S 5D", -1),
                ("AH 4S 8D", "AH 2S", 200),
                ("2H 4S 8D", "AH 2S", -1),
                ("6H KS", "AH 2S 8D", -1),
            ],
        );
    }

    #[test]
    fn super_tie_pays_one_colour_six_card_ties() {
        let terms = terms(EXAMPLES, "super_tie_21c");
        let tie = Condition::wins(Winner::Tie);
        let ties_6_to_9 = Cond::Any((6..=9).map(|t| state(tie.with_total(t))).collect());
        let all = |red| SetTest {
            all: Some(CardClass::colour(red)),
            ..SetTest::default()
        };
        let want = Bet {
            lines: vec![
                line(
                    Cond::All(vec![
                        ties_6_to_9.clone(),
                        atom(Atom::CardsDealt(n(&[6]))),
                        Cond::Any(vec![
                            atom(Atom::Set(CardSet::Dealt, all(true))),
                            atom(Atom::Set(CardSet::Dealt, all(false))),
                        ]),
                    ]),
                    100,
                ),
                line(
                    Cond::All(vec![ties_6_to_9, atom(Atom::CardsDealt(n(&[6])))]),
                    25,
                ),
                line(state(tie), 7),
            ],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("2H 3D 2H", "4D 2H AH", 100),
                ("2S 3C 2S", "4C 2S AC", 100),
                ("2H 3D 2S", "4D 2H AH", 25),
                ("2H 3D KH", "4D AH 10H", 7),
                ("2H 3D", "4D AH", 7),
                ("2H 3D 3H", "4D 2H AH", -1),
            ],
        );
    }

    #[test]
    fn tie_max_reads_the_highest_value_dealt() {
        let terms = terms(EXAMPLES, "tie_max_low");
        let want = Bet {
            lines: vec![line(
                Cond::All(vec![
                    state(Condition::wins(Winner::Tie)),
                    atom(Atom::Set(
                        CardSet::Dealt,
                        SetTest {
                            max_value: Some(Numbers::range(0, 5)),
                            ..SetTest::default()
                        },
                    )),
                ]),
                55,
            )],
        };
        assert_eq!(card_bet(terms.clone()), want);
        // WoO's example: Banco K-7-2, Punto 10-5-4 tie on 9; the highest card is the 7.
        settles(
            &terms,
            &[
                ("10S 5H 4D", "KC 7D 2S", -1),
                ("2H 3D", "4D AH", 55),
                ("5H KD", "5S QC", 55),
                ("2H 3D", "4D 2H", -1),
            ],
        );
    }

    #[test]
    fn jackpot_baccarat_classifies_the_opening_as_a_poker_hand() {
        let terms = terms(EXAMPLES, "jackpot_baccarat");
        let test = SetTest::default;
        let want = Bet {
            lines: vec![
                line(
                    opening(SetTest {
                        ranks: Some(vec![Rank::Ace, Rank::King, Rank::Queen, Rank::Jack]),
                        same: Some(Same::Suit),
                        ..test()
                    }),
                    250,
                ),
                line(
                    opening(SetTest {
                        groups: Some(vec![4]),
                        ..test()
                    }),
                    75,
                ),
                line(
                    opening(SetTest {
                        straight: Some(true),
                        same: Some(Same::Suit),
                        ..test()
                    }),
                    50,
                ),
                line(
                    opening(SetTest {
                        groups: Some(vec![3]),
                        ..test()
                    }),
                    15,
                ),
                line(
                    opening(SetTest {
                        same: Some(Same::Suit),
                        ..test()
                    }),
                    10,
                ),
                line(
                    opening(SetTest {
                        straight: Some(true),
                        ..test()
                    }),
                    5,
                ),
                line(
                    opening(SetTest {
                        groups: Some(vec![2, 2]),
                        ..test()
                    }),
                    4,
                ),
                line(
                    opening(SetTest {
                        filter: Some(CardClass::rank(Rank::Ace)),
                        size: Some(n(&[2])),
                        ..test()
                    }),
                    2,
                ),
                line(
                    opening(SetTest {
                        filter: Some(
                            [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King]
                                .into_iter()
                                .fold(CardClass::NONE, |m, r| m.or(CardClass::rank(r))),
                        ),
                        groups: Some(vec![2]),
                        ..test()
                    }),
                    0,
                ),
            ],
        };
        assert_eq!(card_bet(terms.clone()), want);
        // The opening is dealt Punto, Banco, Punto, Banco.
        settles(
            &terms,
            &[
                ("AS QS", "KS JS", 250),
                ("4H 4D", "4S 4C", 75),
                ("2H 4H", "3H 5H", 50),
                ("AD 2D", "3D 4D", 50),
                ("7H 7D", "7S 2C", 15),
                ("2H 9H", "KH 5H", 10),
                ("2H 4S", "3H 5H", 5),
                ("JH KS", "QH AC", 5),
                ("QH KS", "AH 2C", -1),
                ("4H 9S", "4D 9C", 4),
                ("AH AS", "5D 3C", 2),
                ("KH 3S", "KD 5C", 0),
                ("10H 3S", "KD 5C", -1),
                ("5H 5S", "2D 3C", -1),
            ],
        );
    }

    #[test]
    fn lucky_nines_counts_the_nines_and_their_suits() {
        let terms = terms(EXAMPLES, "lucky_nines");
        let nines = |size: u8| SetTest {
            filter: Some(CardClass::rank(Rank::Nine)),
            size: Some(n(&[size])),
            ..SetTest::default()
        };
        let suited = |size| SetTest {
            same: Some(Same::Suit),
            ..nines(size)
        };
        let nine_d = SetTest {
            all: Some(CardClass::card("9D".parse().unwrap())),
            ..nines(1)
        };
        let want = Bet {
            lines: vec![
                line(opening(nines(4)), 500),
                line(opening(suited(3)), 250),
                line(opening(nines(3)), 20),
                line(opening(suited(2)), 8),
                line(opening(nines(2)), 5),
                line(opening(nine_d), 2),
                line(opening(nines(1)), 1),
            ],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("9H 9S", "9D 9C", 500),
                ("9H 9H", "9H 2C", 250),
                ("9H 9S", "9H 2C", 20),
                ("9H 2S", "9H 2C", 8),
                ("9H 2S", "9C 2C", 5),
                ("9D 2S", "5H 3C", 2),
                ("2S 5H", "3C 9S", 1),
                ("2S 5H", "3C 8S", -1),
            ],
        );
    }

    #[test]
    fn monkey_6_reads_both_third_cards() {
        let terms = terms(EXAMPLES, "monkey_6");
        let third = |hand, class| {
            atom(Atom::Set(
                CardSet::Third(hand),
                SetTest {
                    all: Some(class),
                    ..SetTest::default()
                },
            ))
        };
        let want = Bet {
            lines: vec![line(
                Cond::All(vec![
                    atom(Atom::CardsDealt(n(&[6]))),
                    third(Hand::Punto, CardClass::faces().complement()),
                    third(Hand::Banco, CardClass::faces()),
                ]),
                12,
            )],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("2H 3S 4D", "AH 2S KD", 12),
                ("2H 3S 10D", "AH 2S JD", 12),
                ("2H 3S 4D", "AH 2S 10D", -1),
                ("2H 3S QD", "AH 2S KD", -1),
                ("2H 3S", "AH 2S KD", -1),
            ],
        );
    }

    #[test]
    fn kill_ox_tiger_pays_a_losing_or_tying_hand() {
        let terms = terms(EXAMPLES, "kill_ox_tiger");
        let hand = |who, total, cards| {
            vec![
                atom(Atom::Total(who, n(&[total]))),
                atom(Atom::HandCards(who, n(&[cards]))),
            ]
        };
        let not_wins = |winner| Cond::Not(Box::new(state(Condition::wins(winner))));
        let mut punto = hand(Who::Punto, 6, 3);
        punto.push(not_wins(Winner::Punto));
        let mut banco = hand(Who::Banco, 7, 3);
        banco.push(not_wins(Winner::Banco));
        let want = Bet {
            lines: vec![line(Cond::All(punto), 30), line(Cond::All(banco), 30)],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("2H 3S AD", "7S KD", 30),
                ("2H 3S AD", "4S AD", -1),
                ("2H 3S AD", "3S 2D AD", 30),
                ("2H 3S 4D", "2S 2D 3D", 30),
                ("2H 3S 2D", "2S 2D 3D", 30),
                ("2H 3S AD", "2S 2D 4D", 30),
                ("2H 3S 4D", "2S 2D 4D", -1),
            ],
        );
    }

    #[test]
    fn schema_1_lines_keep_the_paytable() {
        let side = r#""lucky_6": [{"winner": "banco", "total": 6, "cards": 2, "pays": 12},
                                  {"winner": "banco", "total": 6, "pays": 20}]"#;
        let want = Bet::paying(
            Condition::wins(Winner::Banco).with_total(6).with_cards(2),
            Ratio::from_integer(12),
        )
        .then(
            Condition::wins(Winner::Banco).with_total(6),
            Ratio::from_integer(20),
        );
        assert!(want.as_paytable().is_some());
        assert_eq!(terms(side, "lucky_6"), want);
        // The same bet in a schema-1 file reads the same.
        let one = with_side_bets(side).replacen("\"schema\": 2", "\"schema\": 1", 1);
        let set = RuleSet::from_json(&one).unwrap();
        assert_eq!(set.rules().tariff.side[0].bet, want);
        // A list of one value is a schema-2 field of the same meaning: the same one bet.
        let listed = terms(
            r#""x": [{"winner": "banco", "total": [6], "pays": 20}]"#,
            "x",
        );
        assert_eq!(
            listed,
            Bet::paying(
                Condition::wins(Winner::Banco).with_total(6),
                Ratio::from_integer(20)
            )
        );
        // Lines without a winner, or with no condition at all, are card bets.
        let bare = terms(r#""x": [{"natural": true, "pays": 1}, {"pays": 0}]"#, "x");
        let natural = Condition {
            natural: Some(true),
            ..Condition::wins(Winner::Tie)
        };
        assert_eq!(
            card_bet(bare),
            Bet {
                lines: vec![
                    line(
                        state(Condition {
                            winner: None,
                            ..natural
                        }),
                        1
                    ),
                    line(Cond::All(vec![]), 0),
                ]
            }
        );
    }

    #[test]
    fn lists_of_schema_1_values_mean_any_of_them() {
        let terms = terms(
            r#""x": [{"winner": "punto", "cards": [2, 3], "margin": [8, 9], "pays": 3}]"#,
            "x",
        );
        let punto = Condition::wins(Winner::Punto);
        let alternatives = [(2, 8), (2, 9), (3, 8), (3, 9)]
            .map(|(cards, margin)| {
                state(Condition {
                    margin: Some(margin),
                    ..punto.with_cards(cards)
                })
            })
            .to_vec();
        assert_eq!(
            card_bet(terms.clone()),
            Bet {
                lines: vec![line(Cond::Any(alternatives), 3)]
            }
        );
        settles(
            &terms,
            &[
                ("9H KS", "AH KS", 3),
                ("9H KS", "2H KS", -1),
                ("9H KS", "KH KS", 3),
            ],
        );
    }

    #[test]
    fn hands_by_role_and_all_their_cards() {
        let terms = terms(
            r#""x": [{"winning_hand": {"total": 8, "cards": 3}, "losing_hand": {"total": 6, "all_cards": {"all": {"colour": "red"}}}, "pays": 9}]"#,
            "x",
        );
        let want = Bet {
            lines: vec![line(
                Cond::All(vec![
                    atom(Atom::Total(Who::Winner, n(&[8]))),
                    atom(Atom::HandCards(Who::Winner, n(&[3]))),
                    atom(Atom::Total(Who::Loser, n(&[6]))),
                    atom(Atom::Set(
                        CardSet::Cards(Who::Loser),
                        SetTest {
                            all: Some(CardClass::colour(true)),
                            ..SetTest::default()
                        },
                    )),
                ]),
                9,
            )],
        };
        assert_eq!(card_bet(terms.clone()), want);
        settles(
            &terms,
            &[
                ("2S 3S 3C", "4H 2D", 9),
                ("4H 2D", "2S 3S 3C", 9),
                ("4H 2S", "2S 3S 3C", -1),
                ("2S 3S 3C", "4H 4D", -1),
            ],
        );
    }

    #[test]
    fn card_classes_meet_every_field() {
        let class = |json: &str| {
            let side = format!("\"x\": [{{\"opening\": {{\"all\": {json}}}, \"pays\": 1}}]");
            match card_bet(terms(&side, "x")).lines[0].when.clone() {
                Cond::Atom(Atom::Set(CardSet::Opening, test)) => test.all.unwrap(),
                other => panic!("{other:?}"),
            }
        };
        let four_d: Card = "4D".parse().unwrap();
        assert_eq!(class("{}"), CardClass::ALL);
        assert_eq!(class(r#"{"card": "4♦"}"#), CardClass::card(four_d));
        assert_eq!(class(r#"{"card": ["4D"]}"#), CardClass::card(four_d));
        assert_eq!(
            class(r#"{"rank": "4", "suit": "D"}"#),
            CardClass::card(four_d)
        );
        assert_eq!(
            class(r#"{"rank": ["T", "J"]}"#),
            CardClass::rank(Rank::Ten).or(CardClass::rank(Rank::Jack))
        );
        assert_eq!(
            class(r#"{"suit": ["♥", "diamonds"]}"#),
            CardClass::colour(true)
        );
        assert_eq!(class(r#"{"colour": "black"}"#), CardClass::colour(false));
        assert_eq!(class(r#"{"value": 0}"#), CardClass::values(n(&[0])));
        assert_eq!(
            class(r#"{"value": 0, "face": false}"#),
            CardClass::rank(Rank::Ten)
        );
        assert_eq!(
            class(r#"{"rank": "4", "not": {"card": "4D"}}"#),
            CardClass::rank(Rank::Four).and(CardClass::card(four_d).complement())
        );
    }

    #[test]
    fn refusals_say_what_where_and_what_is_accepted() {
        let cases = [
            (
                r#""x": [{"punto": {"totl": 3}, "pays": 1}]"#,
                "unknown field `totl`, expected one of `total`, `cards`, `two_card_total`, `first_two`, `third`, `all_cards`",
            ),
            (
                r#""x": [{"opening": {"same": "colour_ish"}, "pays": 1}]"#,
                "opening.same is `colour_ish`: expected \"rank\", \"suit\", \"colour\" or \"card\"",
            ),
            (
                r#""x": [{"opening": {"where": {"rank": "11"}}, "pays": 1}]"#,
                "opening.where.rank is `11`: expected a rank \"A\", \"2\" to \"10\" (or \"T\"), \"J\", \"Q\" or \"K\"",
            ),
            (
                r#""x": [{"punto": {"total": []}, "pays": 1}]"#,
                "punto.total is an empty list",
            ),
            (r#""x": [{"any": [], "pays": 1}]"#, "any is an empty list"),
            (
                r#""x": [{"cards_dealt": 7, "pays": 1}]"#,
                "cards_dealt is `7`: expected a whole number from 4 to 6",
            ),
            (
                r#""x": [{"cards_dealt": [4, 7], "pays": 1}]"#,
                "cards_dealt[1] is `7`: expected a whole number from 4 to 6",
            ),
            (
                r#""x": [{"cards_dealt": 4.5, "pays": 1}]"#,
                "cards_dealt is `4.5`: expected a whole number from 4 to 6",
            ),
            (
                r#""x": [{"opening": {"all": {"rank": "4", "suit": "diamonds", "not": {"card": "4D"}}}, "pays": 1}]"#,
                "opening.all holds no card",
            ),
            (
                r#""x": [{"winning_hand": {"third": {}}, "pays": 1}]"#,
                "winning_hand.third: `third` is for `punto` or `banco`",
            ),
            (
                r#""x": [{"not": {"pays": 3}, "pays": 1}]"#,
                "not: `pays` belongs to the pay line",
            ),
            (
                r#""x": [{"opening": {"groups": [4, 3]}, "pays": 1}]"#,
                "opening.groups asks for groups of 7 cards in all",
            ),
            (
                r#""x": [{"any": [{"total": 3}], "pays": 1}]"#,
                "any[0]: `total`, `cards` and `margin` describe the winning hand: give a `winner`",
            ),
            (
                r#""x": [{"punto": {"total": 3}, "punto": {"total": 4}, "pays": 1}]"#,
                "duplicate field `punto`",
            ),
            (
                r#""x": [{"dealt": {"colour": "red"}, "pays": 1}]"#,
                "unknown field `colour`, expected one of `where`, `size`",
            ),
        ];
        for (side, needle) in cases {
            let message = refused(side);
            assert!(message.contains(needle), "{side}: {message}");
            assert!(message.starts_with("line 25, column "), "{side}: {message}");
        }
    }

    #[test]
    fn schema_2_fields_need_schema_2_and_main_bets_stay_schema_1() {
        let one =
            with_side_bets(r#""x": [{"winner": "tie", "opening": {"same": "suit"}, "pays": 1}]"#)
                .replacen("\"schema\": 2", "\"schema\": 1", 1);
        let message = RuleSet::from_json(&one).unwrap_err().to_string();
        assert_eq!(
            message,
            "line 25, column 33: `opening` needs \"schema\": 2: a schema-1 pay line has only `winner`, `total`, `cards`, `natural` and `margin`"
        );
        let main = shipped("reference")
            .unwrap()
            .replacen("\"schema\": 1", "\"schema\": 2", 1)
            .replacen(
                "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]",
                "\"tie\": [{\"winner\": \"tie\", \"cards_dealt\": 4, \"pays\": 8}]",
                1,
            );
        let message = RuleSet::from_json(&main).unwrap_err().to_string();
        assert!(
            message
                .starts_with("line 24, column 43: bets.tie: `cards_dealt` is not for a main bet"),
            "{message}"
        );
        // The schema may come after the bets: it is looked up first.
        let body = one.replacen("\"schema\": 1,", "", 1);
        let moved = format!("{}, \"schema\": 1}}", body.trim().trim_end_matches('}'));
        let message = RuleSet::from_json(&moved).unwrap_err().to_string();
        assert!(
            message.contains("`opening` needs \"schema\": 2"),
            "{message}"
        );
        assert!(
            RuleSet::from_json(&with_side_bets("\"x\": [{\"pays\": 1}]").replacen(
                "\"schema\": 2",
                "\"schema\": 3",
                1
            ))
            .unwrap_err()
            .to_string()
            .contains("schema: `3` is not a known version: expected 1 or 2")
        );
    }

    #[test]
    fn nesting_is_bounded() {
        let nested = |depth: usize| {
            format!(
                "\"x\": [{{{}\"winner\": \"tie\"{}, \"pays\": 1}}]",
                "\"not\": {".repeat(depth),
                "}".repeat(depth)
            )
        };
        let within = terms(&nested(MAX_DEPTH), "x");
        assert!(matches!(card_bet(within).lines[0].when, Cond::Not(_)));
        let message = refused(&nested(MAX_DEPTH + 1));
        assert!(
            message.contains("`any` and `not` nest 32 deep at most"),
            "{message}"
        );
        // Far deeper than serde_json's own limit: refused at once, the stack never deep.
        let message = refused(&nested(100_000));
        assert!(message.contains("nest 32 deep at most"), "{message}");
        let classes = format!(
            "\"x\": [{{\"opening\": {{\"all\": {}{}}}, \"pays\": 1}}]",
            "{\"not\": ".repeat(40),
            "}".repeat(41)
        );
        assert!(refused(&classes).contains("nest 32 deep at most"));
    }
}
