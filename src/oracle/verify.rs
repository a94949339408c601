//! Verifying an engine's log, coup by coup.
//!
//! A log is JSON lines. A coup line gives the cards in the order dealt (Punto, Banco, Punto,
//! Banco, then third cards) and what the engine claims: at least the winner, optionally the
//! final totals, which hands drew, whether a natural stopped the coup, and the net paid on
//! each bet. A line `{"shoe": {"decks": 8}}` says a new shoe begins: from then on the cards
//! of each coup are taken out of it, so a card dealt more often than the shoe holds it is
//! reported. The library reads lines handed to it; the caller does the reading.
//!
//! A line whose cards read but whose claims do not (a winner `Banco`, a total of 18, a net
//! `"abc"`) is malformed and skipped, yet its cards were dealt: they still leave the shoe.
//! The verifier's state is the stated shoe's counts and the summary's: it does not grow
//! with the log.
//!
//! An engine written in Rust need not write JSON: [`Verifier::coup`] takes the cards and the
//! engine's [`Claims`] as values. A line is read into the same claims and verified by the same
//! code, so the two entries find the same discrepancies. The findings are values; the
//! sentences that explain them, in English or French, are the presentation layer's
//! (`render::oracle::finding_sentence`).

use super::{Object, json_error, raw_scalar};
use crate::card::Card;
use crate::coup::{Coup, CoupError, Decision, Role, Value, deal};
use crate::outcome::{Hand, Winner};
use crate::rules::condition::DealtCoup;
use crate::rules::dealing::{Procedure, ShoeProgress};
use crate::rules::{Action, DrawingRules, Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use num_rational::{BigRational, Ratio};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

/// The kinds of discrepancy, in the order they are looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The line is not a coup or shoe line: bad JSON, a bad card, a bad field.
    Malformed,
    /// A card dealt more often than the stated shoe holds it.
    ImpossibleCard,
    /// A shoe log that does not follow its order or the dealing procedure.
    Dealing,
    /// Too few or too many cards for the coup, or a hand that drew against the rules.
    Draw,
    /// A natural claimed where there is none, or missed.
    Natural,
    /// A final total.
    Total,
    /// The winner.
    Winner,
    /// A net paid on a bet.
    Net,
}

impl Kind {
    /// The kind's key in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Malformed => "malformed",
            Kind::ImpossibleCard => "impossible_card",
            Kind::Dealing => "dealing",
            Kind::Draw => "draw",
            Kind::Natural => "natural",
            Kind::Total => "total",
            Kind::Winner => "winner",
            Kind::Net => "net",
        }
    }
}

/// What was found wrong on one line.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// Not a valid line; `column` is 1-based where known.
    Malformed {
        /// The 1-based column where the line stops making sense, when known.
        column: Option<usize>,
        /// What is wrong and what is accepted, for people.
        message: String,
    },
    /// The shoe log does not follow the dealing procedure or its own order: a wrong burn, a
    /// coup that did not take the next cards, a coup after the shoe ended, a shoe ended early.
    /// (Kept among the findings of [`Kind::Dealing`].)
    Dealing(DealingFinding),
    /// An exact card dealt more often than a shoe of whole decks holds it.
    ImpossibleCard {
        /// The card.
        card: Card,
        /// How many times it has been dealt since the shoe line, this time included.
        times: u64,
        /// How many of it the shoe holds.
        held: u64,
        /// The shoe line's number.
        shoe_line: usize,
    },
    /// A card of a rank dealt more often than a shoe given by rank counts holds the rank:
    /// the `times`-th card of its rank, where the shoe held `held`.
    ImpossibleRank {
        /// The card.
        card: Card,
        /// How many cards of its rank have been dealt since the shoe line, this one included.
        times: u64,
        /// How many cards of the rank the shoe holds.
        held: u64,
        /// The shoe line's number.
        shoe_line: usize,
    },
    /// The log stops before the coup is finished: the card for `role` is missing, as
    /// `decision` called for it (none while the opening is incomplete).
    TooFewCards {
        /// The number of cards the log gives.
        given: usize,
        /// The place of the first missing card.
        role: Role,
        /// The rules' decision that calls for it, once the opening is complete.
        decision: Option<Decision>,
    },
    /// The log deals cards the rules do not: `hand` drew against `decision` (when it can be told).
    ExtraCards {
        /// The number of cards the log gives.
        given: usize,
        /// The number of cards the coup uses.
        needed: usize,
        /// The hand that drew against the rules, when it can be told.
        hand: Option<Hand>,
        /// The rules' decision the extra card goes against.
        decision: Decision,
    },
    /// The engine says a hand drew (or stood) against the rules.
    WrongDraw {
        /// The hand.
        hand: Hand,
        /// Whether the engine says it drew.
        engine_draws: bool,
        /// The rules' decision for the hand.
        decision: Decision,
    },
    /// The engine's natural flag is wrong.
    WrongNatural {
        /// Whether the engine says a natural stopped the coup.
        engine: bool,
    },
    /// A final total is wrong.
    WrongTotal {
        /// The hand.
        hand: Hand,
        /// The total the engine gives.
        engine: u8,
        /// The total the cards make.
        rules: u8,
    },
    /// The winner is wrong.
    WrongWinner {
        /// The winner the engine gives.
        engine: Winner,
        /// The winner under the rules.
        rules: Winner,
    },
    /// A net paid is wrong, or names a bet the rules lack; `engine` is the net as logged.
    WrongNet {
        /// The bet's key.
        bet: String,
        /// The engine's net, as logged (as the value shows it, from the typed entry).
        engine: String,
        /// The rules' net at the coup's stake, or `None` for a bet the rules lack.
        rules: Option<BigRational>,
    },
}

impl Finding {
    /// The kind, for the summary.
    pub fn kind(&self) -> Kind {
        match self {
            Finding::Malformed { .. } => Kind::Malformed,
            Finding::ImpossibleCard { .. } | Finding::ImpossibleRank { .. } => Kind::ImpossibleCard,
            Finding::Dealing(_) => Kind::Dealing,
            Finding::TooFewCards { .. }
            | Finding::ExtraCards { .. }
            | Finding::WrongDraw { .. } => Kind::Draw,
            Finding::WrongNatural { .. } => Kind::Natural,
            Finding::WrongTotal { .. } => Kind::Total,
            Finding::WrongWinner { .. } => Kind::Winner,
            Finding::WrongNet { .. } => Kind::Net,
        }
    }
}

/// What a shoe log got wrong in its dealing (see [`Finding::Dealing`]). A shoe's number is
/// the line of its shoe line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealingFinding {
    /// The shoe line's `order` is not the stated shoe: `card` appears `in_order` times where
    /// the shoe holds `held` (by rank for a shoe of rank counts).
    OrderNotShoe {
        /// The first card (of the first rank, for rank counts) whose count differs.
        card: Card,
        /// How often the order holds it.
        in_order: u64,
        /// How often the shoe holds it.
        held: u64,
    },
    /// The burn is not the first cards of the order: at `position` (from 1) the burn has
    /// `burned` where the order has `order` (`None` past the order's end).
    BurnNotOrder {
        /// The 1-based position in the burn.
        position: usize,
        /// The card the burn gives there.
        burned: Card,
        /// The card the order gives there.
        order: Option<Card>,
    },
    /// The burn does not follow the procedure: the first card (if any) calls for `expected`
    /// cards burned, the turned card included, and the log burns `given`.
    WrongBurn {
        /// The first card turned, when the burn has one.
        first: Option<Card>,
        /// The cards the log burns.
        given: usize,
        /// The cards the procedure burns.
        expected: u64,
    },
    /// A coup did not take the next cards of the order: its card at `position` (from 1) is
    /// `card` where the order has `expected` (`None` past its end).
    CoupNotNext {
        /// The 1-based position in the coup.
        position: usize,
        /// The card the coup has.
        card: Card,
        /// The next card of the order.
        expected: Option<Card>,
        /// The shoe's line.
        shoe_line: usize,
    },
    /// A coup begun after the shoe had ended: the cut card was out and the coups after it
    /// dealt, after `coups` coups.
    CoupAfterEnd {
        /// The coups the shoe had dealt when it ended.
        coups: u64,
        /// The cards left then.
        remaining: u64,
        /// The shoe's line.
        shoe_line: usize,
    },
    /// A shoe ended (at the next shoe line, or at the end of a log whose shoe states its
    /// order) while the procedure still called for a coup.
    EndedEarly {
        /// The coups it dealt.
        coups: u64,
        /// The cards left.
        remaining: u64,
        /// Whether the cut card was out (then coups after it were missing).
        cut_out: bool,
        /// The shoe's line.
        shoe_line: usize,
    },
}

/// One discrepancy: the line it is on and the first thing found wrong there.
#[derive(Debug, Clone, PartialEq)]
pub struct Discrepancy {
    /// The 1-based line (or coup) number.
    pub line: usize,
    /// What was found wrong.
    pub finding: Finding,
}

/// The counts of a verification.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Well-formed coup lines read.
    pub(crate) coups: usize,
    /// Coups that agree with the rules in everything they claim.
    pub(crate) agreeing: usize,
    /// Coups that disagree, by the kind of their first discrepancy.
    pub(crate) disagreeing: BTreeMap<Kind, usize>,
    /// Lines that could not be read as a coup or a shoe (skipped).
    pub(crate) malformed: usize,
    /// Shoe lines read.
    pub(crate) shoes: usize,
    /// Shoe lines (and the end of the log) with a finding of their own: a shoe log's burn,
    /// order or end.
    pub(crate) shoes_disagreeing: usize,
    /// The line too long at which the reading stopped, if it did: the lines after it were not read.
    pub(crate) stopped: Option<usize>,
}

/// What a verification concludes, which picks the command's exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// At least one coup was read, every coup agrees and every line was read (exit 0).
    Agree,
    /// Some coup disagrees, or some line is malformed beside readable coups (exit 1).
    Disagree,
    /// No line could be read as a coup: an empty log, or only blank, shoe or malformed
    /// lines (exit 2: the input is not a log to verify).
    NoCoup,
}

impl Verdict {
    /// The verdict's key in JSON output: `agree`, `disagree` or `no_coup`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Disagree => "disagree",
            Verdict::NoCoup => "no_coup",
        }
    }
}

impl Summary {
    /// Well-formed coup lines (or coups given as values) read: the agreeing and the
    /// disagreeing together.
    pub fn coups(&self) -> usize {
        self.coups
    }

    /// Coups that agree with the rules in everything they claim.
    pub fn agreeing(&self) -> usize {
        self.agreeing
    }

    /// Coups that disagree, by the kind of their first discrepancy.
    pub fn disagreeing(&self) -> &BTreeMap<Kind, usize> {
        &self.disagreeing
    }

    /// Lines that could not be read as a coup or a shoe (skipped).
    pub fn malformed(&self) -> usize {
        self.malformed
    }

    /// Shoe lines read.
    pub fn shoes(&self) -> usize {
        self.shoes
    }

    /// Shoe lines (and the end of the log) with a dealing finding of their own.
    pub fn shoes_disagreeing(&self) -> usize {
        self.shoes_disagreeing
    }

    /// The line too long at which the reading stopped, if it did.
    pub fn stopped(&self) -> Option<usize> {
        self.stopped
    }

    /// The number of coups that disagree.
    pub fn disagreeing_total(&self) -> usize {
        self.disagreeing.values().sum()
    }

    /// Whether at least one coup was read, every coup agrees and every line was read.
    pub fn all_agree(&self) -> bool {
        self.verdict() == Verdict::Agree
    }

    /// The verdict's key in JSON output: [`Verdict::key`], or `stopped` when the reading
    /// stopped at a line too long (exit 2: the log was not read whole, whatever the lines
    /// before it say).
    pub fn verdict_key(&self) -> &'static str {
        match self.stopped {
            Some(_) => "stopped",
            None => self.verdict().key(),
        }
    }

    /// Agreement, disagreement, or no coup read at all (a log whose reading stopped at a line
    /// too long, see [`Summary::stopped()`], is not read whole and never agrees).
    pub fn verdict(&self) -> Verdict {
        if self.coups == 0 {
            Verdict::NoCoup
        } else if self.disagreeing_total() > 0 || self.malformed > 0 || self.shoes_disagreeing > 0 {
            Verdict::Disagree
        } else {
            Verdict::Agree
        }
    }
}

/// The fields of a log line; any other is ignored.
enum Field {
    Cards,
    Shoe,
    Burn,
    Order,
    Winner,
    PuntoTotal,
    BancoTotal,
    PuntoDraws,
    BancoDraws,
    Natural,
    Net,
    Stake,
    Other,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldVisitor;
        impl Visitor<'_> for FieldVisitor {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                Ok(match v {
                    "cards" => Field::Cards,
                    "shoe" => Field::Shoe,
                    "burn" => Field::Burn,
                    "order" => Field::Order,
                    "winner" => Field::Winner,
                    "punto_total" => Field::PuntoTotal,
                    "banco_total" => Field::BancoTotal,
                    "punto_draws" => Field::PuntoDraws,
                    "banco_draws" => Field::BancoDraws,
                    "natural" => Field::Natural,
                    "net" => Field::Net,
                    "stake" => Field::Stake,
                    _ => Field::Other,
                })
            }
        }
        deserializer.deserialize_identifier(FieldVisitor)
    }
}

/// A coup line's cards: read in order until the first that is not a card, which is kept.
#[derive(Default)]
struct Cards {
    cards: Vec<Card>,
    error: Option<crate::card::CardError>,
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// One card token, parsed where it lies (no copy of the text).
        struct Token(Result<Card, crate::card::CardError>);
        impl<'de> Deserialize<'de> for Token {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct TokenVisitor;
                impl Visitor<'_> for TokenVisitor {
                    type Value = Token;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str("a card as a string, such as \"4H\"")
                    }
                    fn visit_str<E: de::Error>(self, v: &str) -> Result<Token, E> {
                        Ok(Token(v.parse()))
                    }
                }
                deserializer.deserialize_str(TokenVisitor)
            }
        }
        struct CardsVisitor;
        impl<'de> Visitor<'de> for CardsVisitor {
            type Value = Cards;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of cards, such as [\"4H\", \"2S\", \"9C\", \"AD\"]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Cards, A::Error> {
                let mut cards = Cards {
                    cards: Vec::with_capacity(6),
                    error: None,
                };
                while let Some(Token(token)) = seq.next_element()? {
                    match token {
                        Ok(card) if cards.error.is_none() => cards.cards.push(card),
                        Ok(_) => {}
                        Err(e) => {
                            cards.error.get_or_insert(e);
                        }
                    }
                }
                Ok(cards)
            }
        }
        deserializer.deserialize_seq(CardsVisitor)
    }
}

/// Text as logged, borrowed from the line when it has no escapes.
struct Text<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

/// A claim's value as logged, whatever its type: checked against the field afterwards, so
/// that a claim of the wrong type makes the line malformed without losing its cards.
#[derive(Debug)]
enum Loose<'a> {
    Null,
    Bool(bool),
    Integer(i64),
    /// A whole number above `i64::MAX`.
    Large(u64),
    Float(f64),
    Str(Cow<'a, str>),
    Array,
    Object,
}

/// The scalar arms shared by the visitors of [`Loose`] and [`NetField`].
macro_rules! loose_scalars {
    ($wrap:expr) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok($wrap(Loose::Bool(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok($wrap(Loose::Integer(v)))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok($wrap(
                i64::try_from(v).map_or(Loose::Large(v), Loose::Integer),
            ))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok($wrap(Loose::Float(v)))
        }
        fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
            Ok($wrap(Loose::Str(Cow::Borrowed(v))))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok($wrap(Loose::Str(Cow::Owned(v.to_string()))))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($wrap(Loose::Null))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok($wrap(Loose::Array))
        }
    };
}

impl<'de: 'a, 'a> Deserialize<'de> for Loose<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LooseVisitor;
        impl<'de> Visitor<'de> for LooseVisitor {
            type Value = Loose<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            loose_scalars!(|v| v);
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Loose<'de>, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Loose::Object)
            }
        }
        deserializer.deserialize_any(LooseVisitor)
    }
}

/// The `net` field as logged: an object of nets by bet key, each read as it comes, or
/// something else.
enum NetField<'a> {
    /// The nets that read, in the order logged, and the first that does not, if any.
    Nets(Vec<(Cow<'a, str>, Net)>, Option<(Cow<'a, str>, Loose<'a>)>),
    Not(Loose<'a>),
}

impl<'de: 'a, 'a> Deserialize<'de> for NetField<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NetVisitor;
        impl<'de> Visitor<'de> for NetVisitor {
            type Value = NetField<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of nets by bet key, such as {\"banco\": 0.95}")
            }
            loose_scalars!(NetField::Not);
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NetField<'de>, A::Error> {
                let mut nets = Vec::with_capacity(4);
                let mut unreadable = None;
                while let Some((Text(key), value)) = map.next_entry::<Text<'de>, Loose<'de>>()? {
                    match Net::read(value) {
                        Ok(net) => nets.push((key, net)),
                        Err(value) => {
                            unreadable.get_or_insert((key, value));
                        }
                    }
                }
                Ok(NetField::Nets(nets, unreadable))
            }
        }
        deserializer.deserialize_any(NetVisitor)
    }
}

/// A log line as read: the cards and shoe strictly, the claims loosely (checked afterwards).
#[derive(Default)]
struct LogLine<'a> {
    /// The first claim given twice: the line is malformed, its cards dealt all the same.
    twice: Option<&'static str>,
    /// The line's text, to quote a claim's number as written.
    text: &'a str,
    /// The shoe field's value, kept whole (shoe lines are rare) to be checked afterwards.
    shoe: Option<serde_json::Value>,
    /// A shoe line's burned cards.
    burn: Option<Cards>,
    /// A shoe line's every card in dealing order.
    order: Option<Cards>,
    winner: Option<Loose<'a>>,
    punto_total: Option<Loose<'a>>,
    banco_total: Option<Loose<'a>>,
    punto_draws: Option<Loose<'a>>,
    banco_draws: Option<Loose<'a>>,
    natural: Option<Loose<'a>>,
    net: Option<NetField<'a>>,
    stake: Option<Loose<'a>>,
}

/// Reads a log line, its cards into a slot as soon as they are read: a line that turns out
/// malformed after them (a claim that cannot be parsed, a claim given twice) still dealt them.
struct LineSeed<'s>(&'s mut Option<Cards>);

impl<'de, 's> DeserializeSeed<'de> for LineSeed<'s> {
    type Value = LogLine<'de>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<LogLine<'de>, D::Error> {
        struct LineVisitor<'s>(&'s mut Option<Cards>);
        /// Sets a claim once; a second occurrence is noted, as it would hide a claim.
        fn once<T>(
            slot: &mut Option<T>,
            value: T,
            name: &'static str,
            twice: &mut Option<&'static str>,
        ) {
            if slot.is_some() {
                twice.get_or_insert(name);
            } else {
                *slot = Some(value);
            }
        }
        impl<'de> Visitor<'de> for LineVisitor<'_> {
            type Value = LogLine<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a coup line or a shoe line: a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<LogLine<'de>, A::Error> {
                let mut line = LogLine::default();
                let twice = &mut line.twice;
                while let Some(field) = map.next_key::<Field>()? {
                    match field {
                        Field::Cards => {
                            let cards: Cards = map.next_value()?;
                            if self.0.is_some() {
                                // Which of the two was dealt cannot be told: neither is.
                                *self.0 = None;
                                return Err(de::Error::duplicate_field("cards"));
                            }
                            *self.0 = Some(cards);
                        }
                        Field::Shoe => {
                            // `"shoe": null` is no shoe, as an absent field.
                            let value: serde_json::Value = map.next_value()?;
                            if line.shoe.is_some() {
                                return Err(de::Error::duplicate_field("shoe"));
                            }
                            line.shoe = (!value.is_null()).then_some(value);
                        }
                        Field::Burn => {
                            let cards: Cards = map.next_value()?;
                            if line.burn.replace(cards).is_some() {
                                return Err(de::Error::duplicate_field("burn"));
                            }
                        }
                        Field::Order => {
                            let cards: Cards = map.next_value()?;
                            if line.order.replace(cards).is_some() {
                                return Err(de::Error::duplicate_field("order"));
                            }
                        }
                        Field::Winner => once(&mut line.winner, map.next_value()?, "winner", twice),
                        Field::PuntoTotal => once(
                            &mut line.punto_total,
                            map.next_value()?,
                            "punto_total",
                            twice,
                        ),
                        Field::BancoTotal => once(
                            &mut line.banco_total,
                            map.next_value()?,
                            "banco_total",
                            twice,
                        ),
                        Field::PuntoDraws => once(
                            &mut line.punto_draws,
                            map.next_value()?,
                            "punto_draws",
                            twice,
                        ),
                        Field::BancoDraws => once(
                            &mut line.banco_draws,
                            map.next_value()?,
                            "banco_draws",
                            twice,
                        ),
                        Field::Natural => {
                            once(&mut line.natural, map.next_value()?, "natural", twice)
                        }
                        Field::Net => once(&mut line.net, map.next_value()?, "net", twice),
                        Field::Stake => once(&mut line.stake, map.next_value()?, "stake", twice),
                        Field::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(line)
            }
        }
        // A map, never a sequence: `[["4H", …], null, "banco"]` is not a coup line.
        deserializer.deserialize_map(LineVisitor(self.0))
    }
}

/// A shoe line's `shoe` object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeSpec {
    #[serde(default)]
    decks: Option<u64>,
    #[serde(default)]
    ranks: Option<[u64; 13]>,
    #[serde(default)]
    card_counts: Option<Vec<u64>>,
}

/// A net as an engine claims it: a whole number (compared exactly), a float (compared
/// within rounding), or an exact amount.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Net {
    /// A whole number of units, compared exactly.
    Integer(i128),
    /// A binary float, compared to the exact net within rounding (1e-9 relative).
    Float(f64),
    /// An exact amount, compared exactly.
    Exact(Ratio<i128>),
}

impl Net {
    /// A net's value as logged, read; the value itself when it is not a net.
    fn read(value: Loose<'_>) -> Result<Net, Loose<'_>> {
        match value {
            Loose::Integer(n) => Ok(Net::Integer(i128::from(n))),
            Loose::Large(n) => Ok(Net::Integer(i128::from(n))),
            Loose::Float(x) => Ok(Net::Float(x)),
            Loose::Str(text) => match parse_net(&text) {
                Some(amount) => Ok(Net::Exact(amount)),
                None => Err(Loose::Str(text)),
            },
            other => Err(other),
        }
    }

    /// The net as a finding quotes it: `-1`, `0.95`, `19/20`.
    fn shown(&self) -> String {
        match self {
            Net::Integer(n) => n.to_string(),
            // The shortest text that reads back as the same double: what was logged, or
            // its exact equivalent (`8.0` is shown `8`).
            Net::Float(x) => format!("{x}"),
            Net::Exact(amount) => amount.to_string(),
        }
    }

    /// Whether the net agrees with the rules' exact net.
    pub(crate) fn agrees(&self, net: &Ratio<i128>) -> bool {
        match self {
            Net::Integer(n) => net.is_integer() && *net.numer() == *n,
            // A float is compared to the exact net within rounding; an amount exactly.
            Net::Float(x) => {
                let want = *net.numer() as f64 / *net.denom() as f64;
                (x - want).abs() <= 1e-9 * want.abs().max(1.0)
            }
            // Both sides are in lowest terms, with a positive denominator.
            Net::Exact(amount) => amount.numer() == net.numer() && amount.denom() == net.denom(),
        }
    }
}

/// What an engine claims about one coup, as values: the fields a log line may state, each
/// optional (a claim not made is not checked). The JSON entry [`Verifier::line`] reads a line
/// into this and verifies it as [`Verifier::coup`] does.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Claims<'a> {
    /// The winner.
    pub winner: Option<Winner>,
    /// Punto's final total, 0 to 9.
    pub punto_total: Option<u8>,
    /// Banco's final total, 0 to 9.
    pub banco_total: Option<u8>,
    /// Whether Punto drew a third card.
    pub punto_draws: Option<bool>,
    /// Whether Banco drew a third card.
    pub banco_draws: Option<bool>,
    /// Whether a natural stopped the coup.
    pub natural: Option<bool>,
    /// The stake the nets are paid on, 1 to [`MAX_STAKE`] (1 when not given).
    pub stake: Option<u32>,
    /// The net paid on each bet, by the tariff's key (`banco`, `tie`, a side bet's key), each
    /// bet once; checked in this order (the JSON entry sorts them by key).
    pub nets: Vec<(Cow<'a, str>, Net)>,
}

impl<'a> Claims<'a> {
    /// Claims of the winner alone.
    pub fn winner(winner: Winner) -> Claims<'a> {
        Claims {
            winner: Some(winner),
            ..Claims::default()
        }
    }

    /// The claims with a net on one more bet.
    pub fn net(mut self, bet: impl Into<Cow<'a, str>>, net: Net) -> Claims<'a> {
        self.nets.push((bet.into(), net));
        self
    }

    /// The first claim out of range, as a malformed finding: a total above 9, a stake out
    /// of 1 to [`MAX_STAKE`], a bet named twice.
    fn check(&self) -> Result<(), Finding> {
        for (name, total) in [
            ("punto_total", self.punto_total),
            ("banco_total", self.banco_total),
        ] {
            if let Some(total @ 10..) = total {
                return Err(malformed(format!(
                    "{name} is {total}: expected a whole number from 0 to 9"
                )));
            }
        }
        if let Some(stake) = self.stake
            && !(1..=MAX_STAKE).contains(&stake)
        {
            return Err(malformed(format!(
                "stake is {stake}: expected a whole number from 1 to {MAX_STAKE}"
            )));
        }
        for (i, (bet, _)) in self.nets.iter().enumerate() {
            if self.nets[..i].iter().any(|(other, _)| other == bet) {
                return Err(malformed(format!(
                    "net names the bet `{bet}` twice: give each bet's net once"
                )));
            }
        }
        Ok(())
    }
}

/// A loose value for a message: `18`, `true`, `` `Banco` ``, `an array`.
fn describe(value: &Loose) -> String {
    match value {
        Loose::Null => "null".into(),
        Loose::Bool(b) => b.to_string(),
        Loose::Integer(n) => n.to_string(),
        Loose::Large(n) => n.to_string(),
        Loose::Float(x) => format!("{x}"),
        Loose::Str(s) if s.is_empty() => "an empty string".into(),
        Loose::Str(s) => {
            // Long texts are cut: the message stays one short line.
            const SHOWN: usize = 40;
            match s.char_indices().nth(SHOWN) {
                Some((end, _)) => format!("`{}…`", &s[..end]),
                None => format!("`{s}`"),
            }
        }
        Loose::Array => "an array".into(),
        Loose::Object => "an object".into(),
    }
}

fn malformed(message: String) -> Finding {
    Finding::Malformed {
        column: None,
        message,
    }
}

/// A claim absent or null is not made.
fn given<'v, 'a>(value: &'v Option<Loose<'a>>) -> Option<&'v Loose<'a>> {
    value.as_ref().filter(|v| !matches!(v, Loose::Null))
}

/// A claim's value for a message, a number as written in the line (`3.0`, not `3`).
fn shown(text: &str, path: &str, value: &Loose) -> String {
    match value {
        Loose::Integer(_) | Loose::Large(_) | Loose::Float(_) => {
            raw_scalar(text, path).map_or_else(|| describe(value), str::to_string)
        }
        _ => describe(value),
    }
}

fn total_claim(text: &str, value: &Option<Loose>, name: &str) -> Result<Option<u8>, Finding> {
    match given(value) {
        None => Ok(None),
        Some(Loose::Integer(n @ 0..=9)) => Ok(Some(*n as u8)),
        Some(other) => Err(malformed(format!(
            "{name} is {}: expected a whole number from 0 to 9",
            shown(text, name, other)
        ))),
    }
}

fn flag_claim(text: &str, value: &Option<Loose>, name: &str) -> Result<Option<bool>, Finding> {
    match given(value) {
        None => Ok(None),
        Some(Loose::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(malformed(format!(
            "{name} is {}: expected true or false",
            shown(text, name, other)
        ))),
    }
}

/// The amount forms a net may take, for messages.
pub(crate) const NET_FORMS: &str = "a number, or a string holding an exact amount: a whole number \"-1\", a fraction \"19/20\", a decimal \"0.95\" or a percentage \"95%\"";

/// The largest numerator, denominator or digit string of a net: nets scale with the stake,
/// so they go far past a rule file's amounts, and 18 digits keep every product in 128 bits.
pub(crate) const NET_DIGITS: usize = 18;

/// Reads an exact net: `19`, `-1` (or `−1`), `19/20`, `0.95`, `95%`, each part at most
/// 18 digits; `None` for anything else, a zero denominator included.
pub(crate) fn parse_net(text: &str) -> Option<Ratio<i128>> {
    let text = text.trim();
    let (number, percent) = match text.strip_suffix('%') {
        Some(n) => (n.trim_end(), true),
        None => (text, false),
    };
    let (negative, number) = match number.strip_prefix(['-', '−']) {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    let digits =
        |s: &str| !s.is_empty() && s.len() <= NET_DIGITS && s.bytes().all(|b| b.is_ascii_digit());
    let (numerator, denominator): (i128, i128) = if let Some((n, d)) = number.split_once('/') {
        if !digits(n) || !digits(d) {
            return None;
        }
        (n.parse().ok()?, d.parse().ok()?)
    } else if let Some((w, f)) = number.split_once('.') {
        if !digits(w) || !digits(f) || w.len() + f.len() > NET_DIGITS {
            return None;
        }
        let places = u32::try_from(f.len()).ok()?;
        (format!("{w}{f}").parse().ok()?, 10i128.checked_pow(places)?)
    } else {
        if !digits(number) {
            return None;
        }
        (number.parse().ok()?, 1)
    };
    let denominator = denominator.checked_mul(if percent { 100 } else { 1 })?;
    if denominator == 0 {
        return None;
    }
    let value = Ratio::new(numerator, denominator);
    Some(if negative { -value } else { value })
}

impl<'a> LogLine<'a> {
    /// The claims of a coup line, or the first that cannot be read.
    fn claims(&mut self) -> Result<Claims<'a>, Finding> {
        if let Some(name) = self.twice {
            return Err(malformed(format!(
                "`{name}` is given twice: a coup line states each claim once"
            )));
        }
        let winner = match given(&self.winner) {
            Some(Loose::Str(s)) if s == "punto" => Winner::Punto,
            Some(Loose::Str(s)) if s == "banco" => Winner::Banco,
            Some(Loose::Str(s)) if s == "tie" => Winner::Tie,
            Some(other) => {
                return Err(malformed(format!(
                    "winner is {}: expected \"punto\", \"banco\" or \"tie\"",
                    describe(other)
                )));
            }
            None => {
                return Err(malformed(
                    "`winner` is missing: every coup line states the engine's winner".into(),
                ));
            }
        };
        let stake = match given(&self.stake) {
            None => None,
            Some(Loose::Integer(n)) if (1..=i64::from(MAX_STAKE)).contains(n) => {
                u32::try_from(*n).ok()
            }
            Some(other) => {
                return Err(malformed(format!(
                    "stake is {}: expected a whole number from 1 to {MAX_STAKE}",
                    shown(self.text, "stake", other)
                )));
            }
        };
        let nets = match self.net.take() {
            None | Some(NetField::Not(Loose::Null)) => Vec::new(),
            Some(NetField::Not(other)) => {
                return Err(malformed(format!(
                    "net is {}: expected an object of nets by bet key, such as {{\"banco\": 0.95}}",
                    describe(&other)
                )));
            }
            Some(NetField::Nets(mut nets, unreadable)) => {
                if let Some((bet, value)) = unreadable {
                    let digits = if matches!(value, Loose::Str(_)) {
                        format!(", each part at most {NET_DIGITS} digits")
                    } else {
                        String::new()
                    };
                    return Err(malformed(format!(
                        "net.{bet} is {}: expected {NET_FORMS}{digits}",
                        shown(self.text, &format!("net.{bet}"), &value)
                    )));
                }
                nets.sort_by(|a, b| a.0.cmp(&b.0));
                if let Some(pair) = nets.windows(2).find(|pair| pair[0].0 == pair[1].0) {
                    return Err(malformed(format!(
                        "net names the bet `{}` twice: give each bet's net once",
                        pair[0].0
                    )));
                }
                nets
            }
        };
        Ok(Claims {
            winner: Some(winner),
            punto_total: total_claim(self.text, &self.punto_total, "punto_total")?,
            banco_total: total_claim(self.text, &self.banco_total, "banco_total")?,
            punto_draws: flag_claim(self.text, &self.punto_draws, "punto_draws")?,
            banco_draws: flag_claim(self.text, &self.banco_draws, "banco_draws")?,
            natural: flag_claim(self.text, &self.natural, "natural")?,
            stake,
            nets,
        })
    }
}

/// What has been dealt from the stated shoe: card by card for whole decks, by rank for a
/// shoe of rank counts. Fixed-size counts, whatever the length of the log.
struct ShoeState {
    line: usize,
    /// The cards the shoe holds.
    cards: u64,
    /// The walk of the procedure, for a shoe log (a shoe line with a burn or an order) read
    /// with a procedure.
    progress: Option<ShoeProgress>,
    /// The shoe's order, when its line gives one that is the stated shoe, and the position of
    /// the next card to deal in it.
    order: Option<(Vec<Card>, usize)>,
    held: Held,
    /// Times dealt: of each exact card, by rank then suit, for whole decks; of each rank (the
    /// first 13) for rank counts.
    dealt: [u64; 52],
}

/// What a stated shoe holds.
enum Held {
    /// This many of each exact card.
    Decks(u64),
    /// These counts of A, 2, …, K.
    Ranks([u64; 13]),
    /// These counts of each exact card, A♠ A♥ A♦ A♣ 2♠ … K♣.
    Cards(Box<[u64; 52]>),
}

impl ShoeState {
    /// The first card whose count in `order` differs from the shoe's (by rank for a shoe
    /// of rank counts), with both counts.
    fn order_differs(&self, order: &[Card]) -> Option<DealingFinding> {
        let mut counts = [0u64; 52];
        for card in order {
            let index = card.rank.index() * 4 + card.suit as usize;
            counts[index] += 1;
        }
        let differs = |card: Card, in_order: u64, held: u64| {
            (in_order != held).then_some(DealingFinding::OrderNotShoe {
                card,
                in_order,
                held,
            })
        };
        let card_at = |index: usize| {
            Card::new(
                crate::card::Rank::ALL[index / 4],
                crate::card::Suit::ALL[index % 4],
            )
        };
        match &self.held {
            Held::Decks(decks) => (0..52).find_map(|i| differs(card_at(i), counts[i], *decks)),
            Held::Cards(held) => (0..52).find_map(|i| differs(card_at(i), counts[i], held[i])),
            Held::Ranks(held) => (0..13).find_map(|rank| {
                let in_order = counts[rank * 4..rank * 4 + 4].iter().sum();
                let first = order
                    .iter()
                    .find(|c| c.rank.index() == rank)
                    .copied()
                    .unwrap_or_else(|| card_at(rank * 4));
                differs(first, in_order, held[rank])
            }),
        }
    }

    /// The walk's finding when a coup of `cards` begins (dealt after the shoe ended, or not
    /// the next cards of the order), the walk and the order moved on past it.
    fn follow(&mut self, cards: &[Card]) -> Option<DealingFinding> {
        let mut found = None;
        if let Some(progress) = self.progress.as_mut() {
            if !progress.may_begin() {
                found = Some(DealingFinding::CoupAfterEnd {
                    coups: progress.coups(),
                    remaining: progress.remaining(),
                    shoe_line: self.line,
                });
            }
            progress.coup(cards.len() as u64);
        }
        if let Some((order, next)) = self.order.as_mut() {
            for (i, &card) in cards.iter().enumerate() {
                let expected = order.get(*next + i).copied();
                if found.is_none() && expected != Some(card) {
                    found = Some(DealingFinding::CoupNotNext {
                        position: i + 1,
                        card,
                        expected,
                        shoe_line: self.line,
                    });
                }
            }
            *next += cards.len();
        }
        found
    }

    /// The finding of a shoe that ends here while its procedure still calls for a coup.
    fn ended(&self) -> Option<DealingFinding> {
        let progress = self.progress.as_ref()?;
        progress.may_begin().then_some(DealingFinding::EndedEarly {
            coups: progress.coups(),
            remaining: progress.remaining(),
            cut_out: progress.cut_out(),
            shoe_line: self.line,
        })
    }

    /// Takes every card of a coup out of the shoe; the first one the shoe cannot hold is
    /// reported, and the cards after it are taken all the same.
    fn take(&mut self, cards: &[Card]) -> Option<Finding> {
        let mut first = None;
        for &card in cards {
            let rank = card.rank.index();
            let finding = match self.held {
                Held::Decks(decks) => {
                    let times = &mut self.dealt[rank * 4 + card.suit as usize];
                    *times = times.saturating_add(1);
                    (*times > decks).then_some(Finding::ImpossibleCard {
                        card,
                        times: *times,
                        held: decks,
                        shoe_line: self.line,
                    })
                }
                Held::Cards(ref held) => {
                    let index = rank * 4 + card.suit as usize;
                    let times = &mut self.dealt[index];
                    *times = times.saturating_add(1);
                    (*times > held[index]).then_some(Finding::ImpossibleCard {
                        card,
                        times: *times,
                        held: held[index],
                        shoe_line: self.line,
                    })
                }
                Held::Ranks(held) => {
                    let times = &mut self.dealt[rank];
                    *times = times.saturating_add(1);
                    (*times > held[rank]).then_some(Finding::ImpossibleRank {
                        card,
                        times: *times,
                        held: held[rank],
                        shoe_line: self.line,
                    })
                }
            };
            if first.is_none() {
                first = finding;
            }
        }
        first
    }
}

/// Verifies a log line by line against a rule set.
pub struct Verifier<'r> {
    rules: &'r Rules,
    /// The dealing procedure shoe logs are held to, when given.
    dealing: Option<Procedure>,
    /// Every bet of the rules by key, looked up once.
    bets: Vec<(String, Terms)>,
    shoe: Option<ShoeState>,
    summary: Summary,
}

/// The largest stake a log line may state.
pub const MAX_STAKE: u32 = 1_000_000_000;

/// The byte-order mark, passed over at the start of a line.
const BOM: &str = "\u{feff}";

impl<'r> Verifier<'r> {
    /// A verifier for the given rules, before any line.
    pub fn new(rules: &'r Rules) -> Verifier<'r> {
        Verifier {
            rules,
            dealing: None,
            bets: rules
                .tariff
                .all()
                .into_iter()
                .map(|(key, terms)| (key.to_string(), terms))
                .collect(),
            shoe: None,
            summary: Summary::default(),
        }
    }

    /// The same verifier holding shoe logs to a dealing procedure: a shoe line that gives
    /// its `burn` or its `order` is burned and ended as `dealing` says (see the module's
    /// documentation).
    pub fn with_dealing(self, dealing: Procedure) -> Verifier<'r> {
        Verifier {
            dealing: Some(dealing),
            ..self
        }
    }

    /// The end of the log: a last shoe whose line states its order and whose procedure
    /// still calls for a coup ended early. Without an order a log may stop anywhere (an
    /// excerpt, a recording stopped), so the end of the log is then no finding. `number` is
    /// the line after the last.
    pub fn finish(&mut self, _number: usize) -> Option<Discrepancy> {
        let shoe = self.shoe.as_ref()?;
        shoe.order.as_ref()?;
        let finding = shoe.ended()?;
        let line = shoe.line;
        self.summary.shoes_disagreeing = self.summary.shoes_disagreeing.saturating_add(1);
        Some(Discrepancy {
            line,
            finding: Finding::Dealing(finding),
        })
    }

    /// The counts so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Reads one line given as bytes (1-based `number`), as it comes from a file: text that
    /// is not UTF-8 is a malformed line, its column the first byte that is not.
    pub fn line_bytes(&mut self, number: usize, bytes: &[u8]) -> Option<Discrepancy> {
        match std::str::from_utf8(bytes) {
            Ok(text) => self.line(number, text),
            Err(e) => {
                let column = e.valid_up_to() + 1;
                let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
                Some(self.skip(
                    number,
                    Finding::Malformed {
                        column: Some(column),
                        message: format!(
                            "column {column}: byte 0x{byte:02X} is not UTF-8 text: a log is written in UTF-8"
                        ),
                    },
                ))
            }
        }
    }

    /// A line longer than the caller reads (`limit` bytes): malformed, and the last line read, so
    /// the cards on it, if any, are not taken out of the shoe.
    pub fn line_too_long(&mut self, number: usize, limit: usize) -> Discrepancy {
        self.summary.stopped = Some(number);
        self.skip(
            number,
            malformed(format!(
                "the line is longer than {limit} bytes, the longest accepted: the log is read no further"
            )),
        )
    }

    /// Reads one line (1-based `number`); returns the first discrepancy found on it, if any.
    /// Blank lines, a trailing line break and a byte-order mark are passed over.
    pub fn line(&mut self, number: usize, text: &str) -> Option<Discrepancy> {
        let text = text.trim_start_matches(BOM).trim_end_matches(['\n', '\r']);
        // Blank as JSON sees it: spaces, tabs and line breaks only.
        if text.trim_matches([' ', '\t', '\r', '\n']).is_empty() {
            return None;
        }
        let mut cards = None;
        let mut reader = serde_json::Deserializer::from_str(text);
        let read = LineSeed(&mut cards)
            .deserialize(&mut reader)
            .and_then(|line| reader.end().map(|()| line));
        let finding = match read {
            Err(e) => {
                // The cards read before the error were dealt.
                self.deal(cards);
                Err(malformed_json(text, &e))
            }
            Ok(mut line) => match (line.shoe.take(), cards) {
                (Some(shoe), None) => {
                    let (burn, order) = (line.burn.take(), line.order.take());
                    match self.start_shoe(number, shoe, burn, order) {
                        None => return None,
                        Some(Finding::Dealing(finding)) => {
                            self.summary.shoes_disagreeing =
                                self.summary.shoes_disagreeing.saturating_add(1);
                            return Some(Discrepancy {
                                line: number,
                                finding: Finding::Dealing(finding),
                            });
                        }
                        Some(finding) => Err(finding),
                    }
                }
                (None, Some(cards)) if line.burn.is_some() || line.order.is_some() => {
                    // The cards were dealt all the same.
                    self.deal(Some(cards));
                    Err(malformed(
                        "`burn` and `order` belong on a shoe line, not on a coup line".into(),
                    ))
                }
                (None, Some(cards)) => {
                    line.text = text;
                    self.coup_line(cards, &mut line)
                }
                (shoe, cards) => {
                    // Both: the cards were dealt, from the shoe already begun.
                    self.deal(cards);
                    Err(malformed(format!(
                        "a line is a coup (with `cards`) or a new shoe (with `shoe`), not {}",
                        if shoe.is_some() { "both" } else { "neither" }
                    )))
                }
            },
        };
        self.record(number, finding)
    }

    /// Verifies one coup given as values: the cards in the order dealt (Punto, Banco,
    /// Punto, Banco, then third cards) and what the engine claims of it. This is the
    /// verification [`Verifier::line`] makes of a coup line, with the same findings and
    /// counts; `number` is the coup's 1-based number (its line, in a log), and a shoe begun
    /// by a shoe line counts the cards.
    ///
    /// ```
    /// use punto_banco::card::parse_cards;
    /// use punto_banco::oracle::verify::{Claims, Finding, Net, Verifier};
    /// use punto_banco::outcome::{Hand, Winner};
    /// use punto_banco::rules::Rules;
    /// use num_rational::Ratio;
    ///
    /// let rules = Rules::reference();
    /// let mut verifier = Verifier::new(&rules);
    /// // Punto 6, Banco 7: Banco wins and pays 0.95 on the Banco bet.
    /// let cards = parse_cards("4H 2S 2C 5D").unwrap();
    /// let claims = Claims::winner(Winner::Banco).net("banco", Net::Exact(Ratio::new(19, 20)));
    /// assert_eq!(verifier.coup(1, &cards, &claims), None);
    /// // An engine that says Banco has 8.
    /// let claims = Claims {
    ///     banco_total: Some(8),
    ///     ..Claims::winner(Winner::Banco)
    /// };
    /// let found = verifier.coup(2, &cards, &claims).unwrap();
    /// assert_eq!(
    ///     found.finding,
    ///     Finding::WrongTotal { hand: Hand::Banco, engine: 8, rules: 7 }
    /// );
    /// assert_eq!((verifier.summary().agreeing(), verifier.summary().coups()), (1, 2));
    /// ```
    pub fn coup(&mut self, number: usize, cards: &[Card], claims: &Claims) -> Option<Discrepancy> {
        // A line's claims are in range as read; values given directly are checked here.
        let finding = self.check_coup(cards, claims.check().map(|()| claims));
        self.record(number, finding)
    }

    /// Counts a line's or a coup's verification: `Ok` for a coup that was read (with its
    /// first discrepancy, if any), `Err` for a malformed line (skipped).
    fn record(
        &mut self,
        number: usize,
        finding: Result<Option<Finding>, Finding>,
    ) -> Option<Discrepancy> {
        match finding {
            // A coup that was read: it agrees or not.
            Ok(None) => {
                self.summary.coups = self.summary.coups.saturating_add(1);
                self.summary.agreeing = self.summary.agreeing.saturating_add(1);
                None
            }
            Ok(Some(finding)) => {
                self.summary.coups = self.summary.coups.saturating_add(1);
                let count = self.summary.disagreeing.entry(finding.kind()).or_default();
                *count = count.saturating_add(1);
                Some(Discrepancy {
                    line: number,
                    finding,
                })
            }
            Err(finding) => Some(self.skip(number, finding)),
        }
    }

    /// Takes the cards of a malformed line out of the shoe, when they were read whole.
    fn deal(&mut self, cards: Option<Cards>) {
        if let (Some(shoe), Some(cards)) = (self.shoe.as_mut(), cards)
            && cards.error.is_none()
        {
            shoe.take(&cards.cards);
        }
    }

    /// Counts a malformed line.
    fn skip(&mut self, number: usize, finding: Finding) -> Discrepancy {
        self.summary.malformed = self.summary.malformed.saturating_add(1);
        Discrepancy {
            line: number,
            finding,
        }
    }

    /// Begins the shoe of a shoe line; a shoe line that cannot be read ends the shoe before
    /// it, so its cards no longer count.
    fn start_shoe(
        &mut self,
        number: usize,
        shoe: serde_json::Value,
        burn: Option<Cards>,
        order: Option<Cards>,
    ) -> Option<Finding> {
        // The shoe before ends here: the procedure may still have called for a coup.
        let ended = self.shoe.take().and_then(|before| before.ended());
        let state = match serde_json::from_value::<Object<ShoeSpec>>(shoe) {
            Err(e) => Err(e.to_string()),
            Ok(Object(ShoeSpec {
                decks: Some(decks),
                ranks: None,
                card_counts: None,
            })) => Shoe::decks(decks)
                .map(|shoe| ShoeState {
                    line: number,
                    cards: shoe.len(),
                    progress: None,
                    order: None,
                    held: Held::Decks(decks),
                    dealt: [0; 52],
                })
                .map_err(|e| e.to_string()),
            Ok(Object(ShoeSpec {
                decks: None,
                ranks: Some(ranks),
                card_counts: None,
            })) => Shoe::from_counts(ranks)
                .map(|shoe| ShoeState {
                    line: number,
                    cards: shoe.len(),
                    progress: None,
                    order: None,
                    held: Held::Ranks(shoe.counts()),
                    dealt: [0; 52],
                })
                .map_err(|e| e.to_string()),
            Ok(Object(ShoeSpec {
                decks: None,
                ranks: None,
                card_counts: Some(cards),
            })) => <[u64; 52]>::try_from(cards.as_slice())
                .map_err(|_| ShoeError::WrongCountOfCards(cards.len()))
                .and_then(Shoe::from_card_counts)
                .and_then(|shoe| shoe.card_counts().map(|cards| (shoe.len(), cards)))
                .map(|(len, cards)| ShoeState {
                    line: number,
                    cards: len,
                    progress: None,
                    order: None,
                    held: Held::Cards(Box::new(cards)),
                    dealt: [0; 52],
                })
                .map_err(|e| e.to_string()),
            Ok(_) => Err("give one of `decks`, `ranks` and `card_counts`".into()),
        };
        match state {
            Ok(mut state) => {
                self.summary.shoes = self.summary.shoes.saturating_add(1);
                let found = self.begin_log(&mut state, burn, order);
                self.shoe = Some(state);
                match (ended, found) {
                    (Some(ended), _) => Some(Finding::Dealing(ended)),
                    (None, found) => found,
                }
            }
            Err(why) => {
                self.shoe = None;
                Some(malformed(format!(
                    "shoe: {why}; a shoe is `decks` (1 or more), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣); until the next shoe line, cards are not counted"
                )))
            }
        }
    }

    /// A shoe log's start: its order checked against the shoe, its burn against the order
    /// and the procedure, the burned cards out of the shoe. The first finding, if any.
    fn begin_log(
        &self,
        state: &mut ShoeState,
        burn: Option<Cards>,
        order: Option<Cards>,
    ) -> Option<Finding> {
        if burn.is_none() && order.is_none() {
            return None;
        }
        for (name, cards) in [("burn", &burn), ("order", &order)] {
            if let Some(Cards { error: Some(e), .. }) = cards {
                return Some(malformed(format!(
                    "{name}: {e}; the shoe is counted, its {name} is not"
                )));
            }
        }
        let mut first = None;
        let order = order.map(|o| o.cards);
        if let Some(order) = order {
            match state.order_differs(&order) {
                Some(finding) => first = Some(finding),
                None => state.order = Some((order, 0)),
            }
        }
        // The burn as logged, or, with an order and a procedure, as the order deals it.
        let logged = burn.map(|b| b.cards);
        if let (Some(burned), Some((order, _))) = (&logged, &state.order) {
            let at = burned
                .iter()
                .zip(order.iter().map(Some).chain(std::iter::repeat(None)))
                .position(|(b, o)| o != Some(b));
            if let Some(i) = at
                && first.is_none()
            {
                first = Some(DealingFinding::BurnNotOrder {
                    position: i + 1,
                    burned: burned[i],
                    order: order.get(i).copied(),
                });
            }
        }
        let mut burned_count = logged.as_ref().map(Vec::len);
        if let Some(procedure) = self.dealing {
            let turned = match (&logged, &state.order) {
                (Some(burned), _) => burned.first().copied(),
                (None, Some((order, _))) => order.first().copied(),
                (None, None) => None,
            };
            let expected = match turned {
                Some(card) => procedure.burn.cards(card.rank),
                // Nothing burned, and no order to show the first card: the fewest the
                // procedure burns.
                None => procedure.burn.least(),
            };
            match &logged {
                Some(burned) if burned.len() as u64 != expected && first.is_none() => {
                    first = Some(DealingFinding::WrongBurn {
                        first: burned.first().copied(),
                        given: burned.len(),
                        expected,
                    });
                }
                _ => {}
            }
            // The walk counts what was burned: the log's burn when given, else the
            // procedure's from the order.
            let burned = burned_count.map_or(expected, |n| n as u64);
            let mut walk = procedure.start(state.cards);
            walk.burn_exactly(burned);
            state.progress = Some(walk);
            burned_count = Some(burned as usize);
        }
        // The burned cards leave the shoe, and the order's next card follows them.
        let burned_cards: Vec<Card> = match (&logged, &state.order) {
            (Some(burned), _) => burned.clone(),
            (None, Some((order, _))) => {
                order[..burned_count.unwrap_or(0).min(order.len())].to_vec()
            }
            (None, None) => Vec::new(),
        };
        if let Some((_, next)) = state.order.as_mut() {
            *next = burned_cards.len();
        }
        let impossible = state.take(&burned_cards);
        match first {
            Some(finding) => Some(Finding::Dealing(finding)),
            None => impossible,
        }
    }

    /// A coup line: `Err` when it is malformed (skipped), else its first discrepancy if any.
    fn coup_line(&mut self, cards: Cards, line: &mut LogLine) -> Result<Option<Finding>, Finding> {
        if let Some(e) = cards.error {
            // A card that cannot be read: none of the line's cards is taken as dealt.
            return Err(malformed(e.to_string()));
        }
        let claims = line.claims();
        let found = self.check_coup(&cards.cards, claims.as_ref().map_err(Finding::clone));
        match found {
            // A number net quoted as written (`18446744073709551616`, not a double's digits),
            // a string one as logged (`"0.95"`, not `19/20`).
            Ok(Some(Finding::WrongNet { bet, engine, rules })) => {
                let engine = match raw_scalar(line.text, &format!("net.{bet}")) {
                    Some(raw) if raw.starts_with('"') => {
                        serde_json::from_str::<String>(raw).unwrap_or(engine)
                    }
                    Some(raw) => raw.to_string(),
                    None => engine,
                };
                Ok(Some(Finding::WrongNet { bet, engine, rules }))
            }
            other => other,
        }
    }

    /// The one verification of a coup, for both entries: the cards leave the shoe (even when
    /// what the engine says of them cannot be read), then the claims, in range, are checked
    /// against the coup the rules deal from them. `Err` when the claims cannot be read
    /// (skipped).
    fn check_coup(
        &mut self,
        cards: &[Card],
        claims: Result<&Claims, Finding>,
    ) -> Result<Option<Finding>, Finding> {
        let dealing = self.shoe.as_mut().and_then(|shoe| shoe.follow(cards));
        let impossible = self.shoe.as_mut().and_then(|shoe| shoe.take(cards));
        let claims = claims?;
        if let Some(finding) = impossible {
            return Ok(Some(finding));
        }
        if let Some(finding) = dealing {
            return Ok(Some(Finding::Dealing(finding)));
        }
        Ok(match opened(&self.rules.drawing, cards) {
            Ok(coup) => compare(&self.bets, &coup, cards, claims),
            Err(finding) => Some(finding),
        })
    }
}

/// The coup the rules deal from a coup's cards, or, when they would not deal those cards,
/// the finding that says why: a card missing (named by its place, with the decision that
/// calls for it) or a card too many (with the hand that drew against the rules, when it can
/// be told). `verify` checks a coup's cards through this, and `audit` too, so that both
/// name a mis-dealt coup alike.
pub(crate) fn dealt(drawing: &DrawingRules, cards: &[Card]) -> Result<Coup<Card>, Finding> {
    let coup = opened(drawing, cards)?;
    match extra_cards(&coup, cards, None) {
        Some(finding) => Err(finding),
        None => Ok(coup),
    }
}

/// The coup the rules deal from the first of the cards, or the finding of a card missing;
/// cards beyond the coup's are left to the caller.
fn opened(drawing: &DrawingRules, cards: &[Card]) -> Result<Coup<Card>, Finding> {
    match deal(drawing, cards) {
        Ok(coup) => Ok(coup),
        Err(CoupError::MissingCard {
            position,
            role,
            given,
        }) => {
            // The decision that called for the missing card depends only on the cards
            // before it, so dealing the given values padded with zeros names it.
            let mut values: Vec<Value> = cards
                .iter()
                .map(|c| Value::ALL[usize::from(c.value())])
                .collect();
            values.resize(6, Value::ALL[0]);
            let decision = deal(drawing, &values).ok().and_then(|coup| {
                coup.decisions
                    .into_iter()
                    .filter(|d| {
                        matches!(
                            d,
                            Decision::Punto {
                                action: Action::Draw,
                                ..
                            } | Decision::Banco {
                                action: Action::Draw,
                                ..
                            }
                        )
                    })
                    .nth(position.checked_sub(5)?)
            });
            Err(Finding::TooFewCards {
                given,
                role,
                decision,
            })
        }
        // A card's value is always 0 to 9: only a foreign `Valued` type can be out of range.
        Err(error @ CoupError::BadValue { .. }) => Err(malformed(error.to_string())),
    }
}

/// Cards beyond those the coup uses, as a finding: the hand that drew against the rules when
/// it can be told (`punto_draws`, the engine's claim that Punto drew, helps tell it).
fn extra_cards(coup: &Coup<Card>, cards: &[Card], punto_draws: Option<bool>) -> Option<Finding> {
    let used = coup.punto.len() + coup.banco.len();
    if cards.len() <= used {
        return None;
    }
    let punto_decision = coup
        .decisions
        .iter()
        .copied()
        .find(|d| matches!(d, Decision::Punto { .. } | Decision::Natural { .. }));
    let last = *coup.decisions.last()?;
    // One card too many after a Banco stand that follows the rules' Punto: Banco drew.
    let hand = match (last, cards.len() - used) {
        (
            Decision::Banco {
                action: Action::Stand,
                ..
            },
            1,
        ) if coup.punto.len() == 3 || punto_draws == Some(false) => Some(Hand::Banco),
        (
            Decision::Banco {
                action: Action::Draw,
                ..
            },
            1,
        ) => Some(Hand::Punto),
        _ => None,
    };
    let decision = match hand {
        Some(Hand::Punto) => punto_decision.unwrap_or(last),
        _ => last,
    };
    Some(Finding::ExtraCards {
        given: cards.len(),
        needed: used,
        hand,
        decision,
    })
}

/// A JSON error as a malformed line: its column, the field where it lies, and serde's
/// message without the position.
fn malformed_json(text: &str, e: &serde_json::Error) -> Finding {
    // serde_json says column 0 for an error found before the first character is read.
    Finding::Malformed {
        column: Some(e.column().max(1)),
        message: json_error(text, e, true),
    }
}

fn compare(
    bets: &[(String, Terms)],
    coup: &Coup<Card>,
    cards: &[Card],
    claims: &Claims,
) -> Option<Finding> {
    let punto_decision = coup
        .decisions
        .iter()
        .copied()
        .find(|d| matches!(d, Decision::Punto { .. } | Decision::Natural { .. }));
    let last = *coup.decisions.last()?;
    if let (Some(engine), Some(decision)) = (claims.punto_draws, punto_decision)
        && engine != (coup.punto.len() == 3)
    {
        return Some(Finding::WrongDraw {
            hand: Hand::Punto,
            engine_draws: engine,
            decision,
        });
    }
    if let Some(engine) = claims.banco_draws
        && engine != (coup.banco.len() == 3)
    {
        return Some(Finding::WrongDraw {
            hand: Hand::Banco,
            engine_draws: engine,
            decision: last,
        });
    }
    if let Some(finding) = extra_cards(coup, cards, claims.punto_draws) {
        return Some(finding);
    }
    if let Some(engine) = claims.natural
        && engine != coup.is_natural()
    {
        return Some(Finding::WrongNatural { engine });
    }
    for (hand, engine, actual) in [
        (Hand::Punto, claims.punto_total, coup.punto_total()),
        (Hand::Banco, claims.banco_total, coup.banco_total()),
    ] {
        if let Some(engine) = engine
            && engine != actual
        {
            return Some(Finding::WrongTotal {
                hand,
                engine,
                rules: actual,
            });
        }
    }
    if let Some(engine) = claims.winner
        && engine != coup.winner()
    {
        return Some(Finding::WrongWinner {
            engine,
            rules: coup.winner(),
        });
    }
    let stake = i128::from(claims.stake.unwrap_or(1));
    for (bet, claim) in &claims.nets {
        let terms = bets
            .iter()
            .find(|(key, _)| key == bet.as_ref())
            .map(|(_, t)| t);
        let dealt = DealtCoup::from(coup);
        let expected: Option<Ratio<i64>> = terms.map(|terms| terms.settle_coup(&dealt));
        // Amounts are bounded so that a net times a stake stays exact in 128 bits.
        let expected = expected
            .map(|net| Ratio::new(i128::from(*net.numer()) * stake, i128::from(*net.denom())));
        let agrees = expected.as_ref().is_some_and(|net| claim.agrees(net));
        if !agrees {
            let rules =
                expected.map(|net| BigRational::new((*net.numer()).into(), (*net.denom()).into()));
            return Some(Finding::WrongNet {
                bet: bet.to_string(),
                engine: claim.shown(),
                rules,
            });
        }
    }
    None
}
