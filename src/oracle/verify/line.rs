//! Reading a log line: serde visitors for its fields, read strictly (cards, shoe) or loosely
//! (claims, checked afterwards), the engine's claims and their nets.

use super::{Finding, MAX_STAKE};
use crate::card::Card;
use crate::oracle::{json_error, raw_scalar};
use crate::outcome::Winner;
use num_rational::Ratio;
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;

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
    #[inline]
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
pub(super) struct Cards {
    pub(super) cards: Vec<Card>,
    pub(super) error: Option<crate::card::CardError>,
}

impl<'de> Deserialize<'de> for Cards {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// One card token, parsed where it lies (no copy of the text).
        struct Token(Result<Card, crate::card::CardError>);
        impl<'de> Deserialize<'de> for Token {
            #[inline]
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
            #[inline]
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
    #[inline]
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
        #[inline]
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok($wrap(Loose::Array))
        }
    };
}

impl<'de: 'a, 'a> Deserialize<'de> for Loose<'a> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LooseVisitor;
        impl<'de> Visitor<'de> for LooseVisitor {
            type Value = Loose<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            loose_scalars!(|v| v);
            #[inline]
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
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NetVisitor;
        impl<'de> Visitor<'de> for NetVisitor {
            type Value = NetField<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of nets by bet key, such as {\"banco\": 0.95}")
            }
            loose_scalars!(NetField::Not);
            #[inline]
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
pub(super) struct LogLine<'a> {
    /// The first claim given twice: the line is malformed, its cards dealt all the same.
    twice: Option<&'static str>,
    /// The line's text, to quote a claim's number as written.
    pub(super) text: &'a str,
    /// The shoe field's value, kept whole (shoe lines are rare) to be checked afterwards.
    pub(super) shoe: Option<&'a RawValue>,
    /// A shoe line's burned cards.
    pub(super) burn: Option<Cards>,
    /// A shoe line's every card in dealing order.
    pub(super) order: Option<Cards>,
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
pub(super) struct LineSeed<'s>(pub(super) &'s mut Option<Cards>);

impl<'de, 's> DeserializeSeed<'de> for LineSeed<'s> {
    type Value = LogLine<'de>;
    #[inline]
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
            #[inline]
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
                            let value: Option<&'de RawValue> = map.next_value()?;
                            if line.shoe.is_some() {
                                return Err(de::Error::duplicate_field("shoe"));
                            }
                            line.shoe = value;
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
    pub(super) fn shown(&self) -> String {
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
/// optional (a claim not made is not checked). The JSON entry [`Verifier::line`](super::Verifier::line) reads a line
/// into this and verifies it as [`Verifier::coup`](super::Verifier::coup) does.
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
    pub(super) fn check(&self) -> Result<(), Finding> {
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

pub(super) fn malformed(message: String) -> Finding {
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
    #[inline]
    pub(super) fn claims(&mut self) -> Result<Claims<'a>, Finding> {
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

/// A JSON error as a malformed line: its column, the field where it lies, and serde's
/// message without the position.
pub(super) fn malformed_json(text: &str, e: &serde_json::Error) -> Finding {
    // serde_json says column 0 for an error found before the first character is read.
    Finding::Malformed {
        column: Some(e.column().max(1)),
        message: json_error(text, e, true),
    }
}
