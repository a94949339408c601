//! Small whole numbers and names as a condition writes them: one value, or a list of them.

use crate::rules::condition::Numbers;
use crate::variants::file::numbers::{AS_WRITTEN, Whole, not_whole};
use crate::variants::file::shown;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// Small whole numbers as read: the values, and whether the file wrote a list.
pub(super) struct ReadNumbers {
    pub(super) values: Vec<u8>,
    pub(super) listed: bool,
}

impl ReadNumbers {
    pub(super) fn numbers(&self) -> Numbers {
        Numbers::of(&self.values)
    }
}

/// Reads a whole number or a non-empty list of them, each within `low..=high` (at most 15),
/// refused where it stands with the field, the number as written and the range.
pub(super) struct NumbersSeed<'a> {
    pub(super) field: &'a str,
    low: u8,
    high: u8,
    /// Only a list is accepted.
    pub(super) list_only: bool,
    /// A value given twice in a list is refused.
    pub(super) distinct: bool,
}

impl<'a> NumbersSeed<'a> {
    pub(super) fn new(field: &'a str, low: u8, high: u8) -> NumbersSeed<'a> {
        NumbersSeed {
            field,
            low,
            high,
            list_only: false,
            distinct: true,
        }
    }

    fn one<E: de::Error>(self, value: i128) -> Result<ReadNumbers, E> {
        if self.list_only {
            return Err(E::invalid_type(de::Unexpected::Other("a number"), &self));
        }
        match u8::try_from(value) {
            Ok(v) if (self.low..=self.high).contains(&v) => Ok(ReadNumbers {
                values: vec![v],
                listed: false,
            }),
            _ => Err(E::custom(not_whole(
                self.field,
                &value.to_string(),
                self.low.into(),
                self.high.into(),
            ))),
        }
    }
}

impl<'de> DeserializeSeed<'de> for NumbersSeed<'_> {
    type Value = ReadNumbers;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<ReadNumbers, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for NumbersSeed<'_> {
    type Value = ReadNumbers;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.list_only {
            write!(
                f,
                "{} as a list of whole numbers from {} to {}",
                self.field, self.low, self.high
            )
        } else {
            write!(
                f,
                "{} as a whole number from {} to {}, or a list of them",
                self.field, self.low, self.high
            )
        }
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<ReadNumbers, E> {
        self.one(i128::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<ReadNumbers, E> {
        self.one(i128::from(v))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<ReadNumbers, E> {
        Err(E::custom(not_whole(
            self.field,
            AS_WRITTEN,
            self.low.into(),
            self.high.into(),
        )))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReadNumbers, A::Error> {
        let mut values: Vec<u8> = Vec::new();
        loop {
            let field = format!("{}[{}]", self.field, values.len());
            let seed = Whole {
                field: &field,
                low: self.low.into(),
                high: self.high.into(),
                checked: true,
            };
            let Some(value) = seq.next_element_seed(seed)? else {
                break;
            };
            // Within `low..=high`, as read.
            let value = u8::try_from(value).unwrap_or(self.high);
            if self.distinct
                && let Some(first) = values.iter().position(|&v| v == value)
            {
                return Err(de::Error::custom(format!(
                    "{field} is `{value}`, as {}[{first}] is: each value may be given once",
                    self.field
                )));
            }
            // A list longer than any set of cards can only repeat itself.
            if values.len() >= 16 {
                return Err(de::Error::custom(format!(
                    "{} lists more than 16 numbers: expected whole numbers from {} to {}",
                    self.field, self.low, self.high
                )));
            }
            values.push(value);
        }
        if values.is_empty() {
            return Err(de::Error::custom(format!(
                "{} is an empty list: expected a whole number from {} to {}, or a list of at least one",
                self.field, self.low, self.high
            )));
        }
        Ok(ReadNumbers {
            values,
            listed: true,
        })
    }
}

/// Reads a name (a rank, a suit, a card) or a non-empty list of them, refused where it stands
/// with the field, the text as written and what is accepted.
pub(super) struct NamesSeed<'a, T> {
    pub(super) field: &'a str,
    what: &'static str,
    pub(super) parse: fn(&str) -> Option<T>,
    pub(super) list_only: bool,
    pub(super) distinct: bool,
}

impl<'a, T> NamesSeed<'a, T> {
    pub(super) fn new(field: &'a str, what: &'static str, parse: fn(&str) -> Option<T>) -> Self {
        NamesSeed {
            field,
            what,
            parse,
            list_only: false,
            distinct: true,
        }
    }

    fn name<E: de::Error>(
        field: &str,
        what: &str,
        parse: fn(&str) -> Option<T>,
        v: &str,
    ) -> Result<T, E> {
        parse(v).ok_or_else(|| E::custom(format!("{field} is `{}`: expected {what}", shown(v))))
    }
}

impl<'de, T: PartialEq> DeserializeSeed<'de> for NamesSeed<'_, T> {
    type Value = Vec<T>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, T: PartialEq> Visitor<'de> for NamesSeed<'_, T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.list_only {
            write!(f, "{} as a list, each {}", self.field, self.what)
        } else {
            write!(f, "{} as {}, or a list of them", self.field, self.what)
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<T>, E> {
        if self.list_only {
            return Err(E::invalid_type(de::Unexpected::Str(v), &self));
        }
        Ok(vec![Self::name(self.field, self.what, self.parse, v)?])
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut names: Vec<T> = Vec::new();
        loop {
            let field = format!("{}[{}]", self.field, names.len());
            let Some(text) = seq.next_element::<String>()? else {
                break;
            };
            let name = Self::name(&field, self.what, self.parse, &text)?;
            if self.distinct
                && let Some(first) = names.iter().position(|n| *n == name)
            {
                return Err(de::Error::custom(format!(
                    "{field} is `{}`, as {}[{first}] is: each may be given once",
                    shown(&text),
                    self.field
                )));
            }
            if names.len() >= 52 {
                return Err(de::Error::custom(format!(
                    "{} lists more than 52 names: each may be given once",
                    self.field
                )));
            }
            names.push(name);
        }
        if names.is_empty() {
            return Err(de::Error::custom(format!(
                "{} is an empty list: expected {}, or a list of at least one",
                self.field, self.what
            )));
        }
        Ok(names)
    }
}
