//! Whole numbers as the file writes them: each read for its field and its range, and refused
//! where it stands, quoted as written.

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// Stands for a number as the file writes it, in a refusal. Serde hands a number with a
/// fraction or an exponent, or a whole number beyond 64 bits, over as an `f64`, which prints
/// as neither (`8.0` as `8`, 2⁶⁴ as `18446744073709552000`); [`refusal`] puts the
/// file's own text in its place, found where the reader stood: just after the number.
pub(super) const AS_WRITTEN: &str = "\u{0}number as written\u{0}";

/// The number that ends at a 1-based line and a byte column (serde_json's position just
/// after it), as written.
pub(super) fn number_at(text: &str, line: usize, column: usize) -> Option<&str> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let end = start.checked_add(column)?;
    let before = text.get(start..end)?;
    let from = before
        .rfind(|c: char| !(c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E')))
        .map_or(0, |at| at + 1);
    let number = &before[from..];
    (!number.is_empty()).then_some(number)
}

/// The refusal of a number outside a field's range, or not a whole number.
pub(super) fn not_whole(field: &str, written: &str, low: u64, high: u64) -> String {
    format!("{field} is `{written}`: expected a whole number from {low} to {high}")
}

/// Reads a JSON whole number for a field, refused where it stands, with the field, the
/// number as written and the range, when it has a fraction or an exponent, is beyond 64
/// bits, or (when `checked`) is outside `low..=high`.
pub(super) struct Whole<'a> {
    pub(super) field: &'a str,
    pub(super) low: u64,
    pub(super) high: u64,
    pub(super) checked: bool,
}

impl<'a> Whole<'a> {
    fn new(field: &'a str, low: u64, high: u64) -> Whole<'a> {
        Whole {
            field,
            low,
            high,
            checked: true,
        }
    }

    fn accept<E: de::Error>(&self, value: i128) -> Result<i128, E> {
        let within = i128::from(self.low) <= value && value <= i128::from(self.high);
        if self.checked && !within {
            return Err(E::custom(not_whole(
                self.field,
                &value.to_string(),
                self.low,
                self.high,
            )));
        }
        Ok(value)
    }
}

impl<'de> de::DeserializeSeed<'de> for Whole<'_> {
    type Value = i128;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<i128, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Visitor<'_> for Whole<'_> {
    type Value = i128;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as a whole number from {} to {}",
            self.field, self.low, self.high
        )
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i128, E> {
        self.accept(i128::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i128, E> {
        self.accept(i128::from(v))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<i128, E> {
        Err(E::custom(not_whole(
            self.field, AS_WRITTEN, self.low, self.high,
        )))
    }
}

/// Reads a small whole number within its range (a total, a card count, a margin).
fn small_number<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &str,
    low: u8,
    high: u8,
) -> Result<Option<u8>, D::Error> {
    use de::DeserializeSeed;
    let value = Whole::new(field, low.into(), high.into()).deserialize(deserializer)?;
    // Within `low..=high`, so within a byte.
    Ok(u8::try_from(value).ok())
}

pub(super) fn total_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    small_number(d, "total", 0, 9)
}

pub(super) fn cards_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    small_number(d, "cards", 2, 3)
}

pub(super) fn margin_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    small_number(d, "margin", 1, 9)
}

/// Reads a list of whole numbers, each refused where it stands as [`Whole`] does, and a value
/// given twice refused at its second place.
fn whole_list<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
    low: u64,
    high: u64,
) -> Result<Vec<i128>, D::Error> {
    struct ListVisitor {
        field: &'static str,
        low: u64,
        high: u64,
    }
    impl<'de> Visitor<'de> for ListVisitor {
        type Value = Vec<i128>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(
                f,
                "{} as a list of whole numbers from {} to {}",
                self.field, self.low, self.high
            )
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<i128>, A::Error> {
            let mut values: Vec<i128> = Vec::new();
            loop {
                let field = format!("{}[{}]", self.field, values.len());
                let seed = Whole {
                    field: &field,
                    low: self.low,
                    high: self.high,
                    checked: true,
                };
                let Some(value) = seq.next_element_seed(seed)? else {
                    return Ok(values);
                };
                if let Some(first) = values.iter().position(|&v| v == value) {
                    return Err(de::Error::custom(format!(
                        "{field} is `{value}`, as {}[{first}] is: each value may be given once",
                        self.field
                    )));
                }
                values.push(value);
            }
        }
    }
    deserializer.deserialize_seq(ListVisitor { field, low, high })
}

pub(super) fn naturals_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.naturals", 0, 9)
}

pub(super) fn draws_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.punto.draws", 0, 9)
}

pub(super) fn stands_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.punto.stands", 0, 9)
}

pub(super) fn choice_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.punto.choice", 0, 9)
}
