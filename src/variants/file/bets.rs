//! The file's bets: pay lines with their conditions and exact amounts, pair bets, and the
//! tariff they make together. A line's conditions are read in `conditions`; a bet whose lines
//! are all schema-1 lines is schema 1's paytable, any other a bet on the cards.

use super::conditions::{CondFields, Mode, SCHEMA_1_LINE, SCHEMA_2_LINE, each_field};
use super::numbers::AS_WRITTEN;
use super::shown;
use crate::outcome::Hand;
use crate::rules::condition::Atom;
use crate::rules::{Bet, PayLine, SideBet, Tariff};
use num_rational::Ratio;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// The schema-1 event of a claim, read where claims read it.
pub(super) use super::conditions::ConditionRaw;

/// A non-negative exact amount: a whole number (`8`), a fraction (`"19/20"`), a decimal
/// (`"0.95"`) or a percentage (`"5%"`).
struct Amount(Ratio<i64>);

/// Reads an amount for a field, refused where it stands with the field and the amount as
/// written.
struct AmountSeed(&'static str);

impl<'de> de::DeserializeSeed<'de> for AmountSeed {
    type Value = Amount;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Amount, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Visitor<'_> for AmountSeed {
    type Value = Amount;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as an amount: a whole number, or a string such as \"19/20\", \"0.95\" or \"5%\"",
            self.0
        )
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Amount, E> {
        self.whole(i128::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Amount, E> {
        self.whole(i128::from(v))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Amount, E> {
        Err(E::custom(format!(
            "{} is `{AS_WRITTEN}`: expected a whole number from 0 to {MAX_AMOUNT}, or an exact amount as a string such as \"0.95\", \"19/20\" or \"5%\"",
            self.0
        )))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Amount, E> {
        let value = parse_amount(v).ok_or_else(|| {
            E::custom(format!(
                "{}: `{}` is not an amount: expected a whole number, a fraction \"19/20\", a decimal \"0.95\" or a percentage \"5%\", at most {MAX_AMOUNT} and with a denominator of at most {MAX_AMOUNT}",
                self.0,
                shown(v)
            ))
        })?;
        self.amount(value, v)
    }
}

impl AmountSeed {
    fn whole<E: de::Error>(self, v: i128) -> Result<Amount, E> {
        match i64::try_from(v) {
            Ok(small) if small.unsigned_abs() <= MAX_AMOUNT.unsigned_abs() => {
                self.amount(Ratio::from_integer(small), &v.to_string())
            }
            _ => Err(E::custom(format!(
                "{}: `{v}` is more than the largest amount, {MAX_AMOUNT}",
                self.0
            ))),
        }
    }

    fn amount<E: de::Error>(self, value: Ratio<i64>, text: &str) -> Result<Amount, E> {
        if value < Ratio::from_integer(0) {
            return Err(E::custom(match self.0 {
                "commission" => format!(
                    "`{}` is negative: a commission is a share of the winnings, 0% to 100%",
                    shown(text)
                ),
                _ => format!(
                    "`{}` is negative: a payout is the profit per unit on a winning line, 0 or more (a losing line is left out)",
                    shown(text)
                ),
            }));
        }
        Ok(Amount(value))
    }
}

fn pays_field<'de, D: Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
    de::DeserializeSeed::deserialize(AmountSeed("pays"), d)
}

/// The largest amount, and the largest denominator, a rule file may state: large enough for
/// any real paytable, small enough that every product of amounts stays exact in 64 bits.
pub const MAX_AMOUNT: i64 = 1_000_000;

/// Reads `8`, `19/20`, `0.95` or `5%` (a percentage of one unit), within ±[`MAX_AMOUNT`] and
/// with a denominator of at most [`MAX_AMOUNT`] once reduced.
pub fn parse_amount(text: &str) -> Option<Ratio<i64>> {
    let text = text.trim();
    let (number, percent) = match text.strip_suffix('%') {
        Some(n) => (n.trim(), true),
        None => (text, false),
    };
    let (negative, number) = match number.strip_prefix(['-', '−']) {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    // Short digit strings keep every intermediate product far inside i64.
    let digits = |s: &str| !s.is_empty() && s.len() <= 9 && s.chars().all(|c| c.is_ascii_digit());
    let (numerator, denominator): (i64, i64) = if let Some((n, d)) = number.split_once('/') {
        if !digits(n) || !digits(d) {
            return None;
        }
        (n.parse().ok()?, d.parse().ok()?)
    } else if let Some((w, f)) = number.split_once('.') {
        if !digits(w) || !digits(f) || w.len() + f.len() > 12 {
            return None;
        }
        (format!("{w}{f}").parse().ok()?, 10i64.pow(f.len() as u32))
    } else {
        if !digits(number) {
            return None;
        }
        (number.parse().ok()?, 1)
    };
    if denominator == 0 {
        return None;
    }
    let value = Ratio::new(numerator, denominator * if percent { 100 } else { 1 });
    let within = value.numer().abs() <= MAX_AMOUNT * value.denom() && *value.denom() <= MAX_AMOUNT;
    within.then_some(if negative { -value } else { value })
}

/// A pay line as read: its condition (a schema-1 one when it is no more), and its net.
struct Line {
    simple: Option<PayLine>,
    card: PayLine,
}

/// A bet as the file writes it: its one form ([`Bet`]) and which of schema 1's paytable, a
/// pair bet or a bet on the cards the file wrote, for the main bets' messages.
enum Written {
    Paytable(Bet),
    Pair(Bet),
    Cards(Bet),
}

impl Written {
    fn bet(self) -> Bet {
        match self {
            Written::Paytable(bet) | Written::Pair(bet) | Written::Cards(bet) => bet,
        }
    }
}

/// Reads a pay line under a schema's rules.
struct LineSeed {
    mode: Mode,
}

/// A pay line's fields as read, before they are checked together.
struct LineRead {
    fields: CondFields,
    pays: Amount,
    commission: Option<Amount>,
}

impl<'de> de::DeserializeSeed<'de> for LineSeed {
    type Value = Line;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Line, D::Error> {
        let read = deserializer.deserialize_map(LineVisitor { mode: self.mode })?;
        read.build(self.mode).map_err(de::Error::custom)
    }
}

struct LineVisitor {
    mode: Mode,
}

impl<'de> Visitor<'de> for LineVisitor {
    type Value = LineRead;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a pay line {\"winner\": …, \"pays\": …}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<LineRead, A::Error> {
        let fields_list = match self.mode {
            Mode::Two => SCHEMA_2_LINE,
            Mode::One | Mode::Main(_) => SCHEMA_1_LINE,
        };
        let mut fields = CondFields::default();
        let (mut pays, mut commission) = (None, None);
        each_field(&mut map, |key, map| {
            match key {
                "pays" => pays = Some(map.next_value_seed(AmountSeed("pays"))?),
                "commission" => commission = Some(map.next_value_seed(AmountSeed("commission"))?),
                _ => fields.field(key, map, self.mode, "", 0, fields_list)?,
            }
            Ok(())
        })?;
        let pays = pays.ok_or_else(|| de::Error::missing_field("pays"))?;
        Ok(LineRead {
            fields,
            pays,
            commission,
        })
    }
}

impl LineRead {
    fn build(self, mode: Mode) -> Result<Line, String> {
        let built = self.fields.build(mode, true)?;
        let mut net = self.pays.0;
        if let Some(Amount(commission)) = self.commission {
            if commission > Ratio::from_integer(1) {
                return Err(format!(
                    "commission is {}%: expected 0% to 100% of the winnings",
                    commission * Ratio::from_integer(100)
                ));
            }
            net *= Ratio::from_integer(1) - commission;
        }
        Ok(Line {
            simple: built.simple.map(|when| PayLine {
                when: when.into(),
                net,
            }),
            card: PayLine {
                when: built.cond,
                net,
            },
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairRaw {
    pair: String,
    #[serde(deserialize_with = "pays_field")]
    pays: Amount,
}

/// A bet: a list of pay lines, or a pair bet `{"pair": "punto", "pays": 11}`.
struct BetSeed {
    mode: Mode,
}

impl<'de> de::DeserializeSeed<'de> for BetSeed {
    type Value = Written;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Written, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for BetSeed {
    type Value = Written;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(
            "a list of pay lines, or a pair bet {\"pair\": \"punto\" or \"banco\", \"pays\": …}",
        )
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Written, A::Error> {
        let mut lines: Vec<Line> = Vec::new();
        while let Some(line) = seq.next_element_seed(LineSeed { mode: self.mode })? {
            lines.push(line);
        }
        if lines.is_empty() {
            return Err(de::Error::custom("a bet needs at least one pay line"));
        }
        // A bet of schema-1 lines is schema 1's paytable, settled on the final state alone.
        if lines.iter().all(|l| l.simple.is_some()) {
            return Ok(Written::Paytable(Bet {
                lines: lines.into_iter().filter_map(|l| l.simple).collect(),
            }));
        }
        let bet = Bet {
            lines: lines.into_iter().map(|l| l.card).collect(),
        };
        let classes = card_classes(&bet);
        if classes > MAX_CLASSES {
            return Err(de::Error::custom(format!(
                "this bet names {classes} card classes (in `where`, `all` and `third`): at most {MAX_CLASSES} are accepted in one bet"
            )));
        }
        Ok(Written::Cards(bet))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Written, A::Error> {
        let raw: PairRaw = Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))?;
        let hand = match raw.pair.as_str() {
            "punto" => Hand::Punto,
            "banco" => Hand::Banco,
            other => {
                return Err(de::Error::custom(format!(
                    "pair is `{}`: expected \"punto\" or \"banco\"",
                    shown(other)
                )));
            }
        };
        Ok(Written::Pair(Bet::pair(hand, raw.pays.0)))
    }
}

/// The most card classes one bet may name: far more than any bet of the catalogue (Lucky
/// Nines names eight), and few enough that the exact count keeps one bit per class.
const MAX_CLASSES: usize = 32;

/// The card classes a bet names, one for each distinct atom that names one or two.
fn card_classes(bet: &Bet) -> usize {
    bet.atoms()
        .iter()
        .map(|atom| match atom {
            Atom::Set(_, test) => {
                usize::from(test.filter.is_some()) + usize::from(test.all.is_some())
            }
            _ => 0,
        })
        .sum()
}

/// The file's bets under schema `V` (1 or 2).
pub(super) struct BetsSpec<const V: u8>(pub(super) Tariff);

impl<'de, const V: u8> Deserialize<'de> for BetsSpec<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mode = if V == 1 { Mode::One } else { Mode::Two };
        let bets = deserializer.deserialize_map(BetsVisitor { mode })?;
        tariff(bets).map(BetsSpec).map_err(de::Error::custom)
    }
}

/// The object of bets, each key once; a main bet's lines are read as schema 1's.
struct BetsVisitor {
    mode: Mode,
}

impl<'de> Visitor<'de> for BetsVisitor {
    type Value = BTreeMap<String, Written>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object for `bets`")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "bets: `{}` is given twice: each key may appear once",
                    shown(&key)
                )));
            }
            let mode = match (self.mode, key.as_str()) {
                (Mode::Two, "punto") => Mode::Main("punto"),
                (Mode::Two, "banco") => Mode::Main("banco"),
                (Mode::Two, "tie") => Mode::Main("tie"),
                (mode, _) => mode,
            };
            let terms = map.next_value_seed(BetSeed { mode })?;
            out.insert(key, terms);
        }
        Ok(out)
    }
}

/// The tariff of the bets read: the three main bets and the side bets.
fn tariff(mut bets: BTreeMap<String, Written>) -> Result<Tariff, String> {
    let mut main = |key: &str| match bets.remove(key) {
        Some(Written::Paytable(bet)) => Ok(bet),
        Some(Written::Pair(_)) => Err(format!(
            "bets.{key}: a main bet is a list of pay lines, not a pair bet"
        )),
        Some(Written::Cards(_)) => Err(format!(
            "bets.{key}: a main bet is settled on the final state, not on the cards"
        )),
        None => Err(format!(
            "bets: the main bet `{key}` is missing; `punto`, `banco` and `tie` are required"
        )),
    };
    let punto = main("punto")?;
    let banco = main("banco")?;
    let tie = main("tie")?;
    for key in bets.keys() {
        let valid = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
        if !valid {
            return Err(format!(
                "bets: `{}` is not a bet key: use lower-case letters, digits, `_` and `-`",
                shown(key)
            ));
        }
    }
    let side = bets
        .into_iter()
        .map(|(key, written)| SideBet {
            key,
            bet: written.bet(),
        })
        .collect();
    Ok(Tariff {
        punto,
        banco,
        tie,
        side,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts() {
        assert_eq!(parse_amount("19/20"), Some(Ratio::new(19, 20)));
        assert_eq!(parse_amount("0.95"), Some(Ratio::new(19, 20)));
        assert_eq!(parse_amount("5%"), Some(Ratio::new(1, 20)));
        assert_eq!(parse_amount("8"), Some(Ratio::from_integer(8)));
        assert_eq!(parse_amount("1/0"), None);
        assert_eq!(parse_amount("x"), None);
    }
}
