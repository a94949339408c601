//! The shoe object `{"decks": N}`, `{"ranks": [13 counts]}` or `{"card_counts": [52
//! counts]}`, with an optional `"remove": ["8♠", …]`, read to a [`ShoeSpec`]: in a batch line
//! (its fields beside `rules`), in a log's shoe line (`verify`, `audit`) and by
//! [`shoe_object`]. Every mistake gets one message wherever the object is written: the field,
//! the value as written (cut at 40 characters) and what is accepted.

use super::json::{Described, Object};
use crate::card::Card;
use crate::card::Rank;
use crate::shoe::{Shoe, ShoeSpec, ShoeSpecError};
use serde::Deserialize;
use serde_json::value::RawValue;

/// The fields of a shoe object, kept as written, so that an error quotes them exactly and
/// names their field.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct ShoeFields<'a> {
    #[serde(default, borrow)]
    pub(crate) decks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub(crate) ranks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub(crate) card_counts: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub(crate) remove: Option<&'a RawValue>,
}

impl Described for ShoeFields<'_> {}

/// One card of a `remove` list as written: borrowed from the line unless it holds an escape.
/// A batch line can remove a hundred cards, and one allocation for each was a tenth of the
/// line's time.
#[derive(Deserialize)]
struct Token<'a>(#[serde(borrow)] std::borrow::Cow<'a, str>);

/// What a shoe object that must state its shoe (a log's shoe line, which has no table to fall
/// back on) says when it gives no base.
pub const NO_BASE: &str = "give one of `decks` (1 or more), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣)";

/// A mistake in a shoe object: what is wrong, and the value it is about as written (borrowed
/// from the text read, so that a reader of a file can say where it stands), or `None` when it
/// is about the object as a whole.
pub(crate) struct Mistake<'a> {
    /// What is wrong and what is accepted.
    pub(crate) message: String,
    /// The offending value as written, within the text read.
    pub(crate) at: Option<&'a str>,
}

/// The name of `field` of the shoe object at `path` (`shoe.ranks`), or plainly `field` at the
/// top level (a batch line's own fields).
fn named(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

/// A message about the shoe object at `path` as a whole (`shoe: …`).
fn about(path: &str, message: impl std::fmt::Display) -> String {
    if path.is_empty() {
        message.to_string()
    } else {
        format!("{path}: {message}")
    }
}

impl<'a> ShoeFields<'a> {
    /// Whether the object gives a base of its own (decks, ranks or card counts).
    pub(crate) fn has_base(&self) -> bool {
        self.decks.is_some() || self.ranks.is_some() || self.card_counts.is_some()
    }

    /// The specification the fields give, or the message of the first mistake, in the
    /// order `remove`, `decks`, `ranks`, `card_counts`, then the bases together.
    pub(crate) fn spec(&self) -> Result<ShoeSpec, String> {
        self.spec_at("").map_err(|mistake| mistake.message)
    }

    /// The specification the fields of the object at `path` give (`shoe` in a rule file, so
    /// that its messages name `shoe.ranks[9]`; empty for a batch line's own fields), or the
    /// first mistake, with the value it is about.
    pub(crate) fn spec_at(&self, path: &str) -> Result<ShoeSpec, Mistake<'a>> {
        let at = |raw: &'a RawValue| {
            move |message: String| Mistake {
                message,
                at: Some(raw.get()),
            }
        };
        let remove: Option<Vec<Token>> = self
            .remove
            .map(|raw| {
                field(
                    raw,
                    &named(path, "remove"),
                    "a list of cards in quotes, such as [\"8♠\", \"9H\"]",
                )
                .map_err(at(raw))
            })
            .transpose()?;
        let removed = match (&remove, self.remove) {
            (Some(cards), Some(raw)) if cards.is_empty() => {
                return Err(at(raw)(format!(
                    "{} is an empty list: give the cards to take out, or leave remove out",
                    named(path, "remove")
                )));
            }
            (Some(cards), Some(raw)) => cards
                .iter()
                .enumerate()
                .map(|(index, token)| {
                    token.0.parse::<Card>().map_err(|e| {
                        at(raw)(format!(
                            "{}, card {}: {e}",
                            named(path, "remove"),
                            index + 1
                        ))
                    })
                })
                .collect::<Result<Vec<Card>, Mistake>>()?,
            _ => Vec::new(),
        };
        let decks = self
            .decks
            .map(|raw| {
                whole(raw.get(), || named(path, "decks"), 1, Shoe::MAX_DECKS).map_err(at(raw))
            })
            .transpose()?;
        let ranks = match self.ranks {
            None => None,
            // Thirteen plain counts, the common line, are read in one scan; anything else (and
            // every mistake) takes the general path, which says what is wrong.
            Some(raw) => Some(match plain_counts(raw.get(), Shoe::MAX_COUNT) {
                Some(ranks) => ranks,
                None => counts(raw, path, &RANKS)?,
            }),
        };
        let cards = match self.card_counts {
            None => None,
            Some(raw) => Some(match plain_counts(raw.get(), Shoe::MAX_CARD_COUNT) {
                Some(cards) => cards,
                None => counts(raw, path, &CARDS)?,
            }),
        };
        ShoeSpec::with_bases(decks, ranks, cards, removed).map_err(|e| Mistake {
            message: match e {
                // Two bases: the object as a whole is wrong.
                ShoeSpecError::DecksAndRanks | ShoeSpecError::CardsAndOther(_) => about(path, e),
                // The message names its field (`remove: cannot remove …`).
                _ => named(path, &e.to_string()),
            },
            at: None,
        })
    }

    /// The specification of an object that must give its base, resolved to its shoe.
    pub(crate) fn stated_shoe(&self) -> Result<Shoe, String> {
        if !self.has_base() {
            return Err(NO_BASE.into());
        }
        self.spec()?.resolve(None).map_err(|e| e.to_string())
    }
}

/// Reads a shoe object that states its shoe (as a log's shoe line does) to its
/// specification; the message says what is wrong, as every command says it.
///
/// ```
/// use punto_banco::input::shoe::shoe_object;
/// use punto_banco::shoe::ShoeSpec;
/// assert_eq!(shoe_object(r#"{"decks": 8}"#), Ok(ShoeSpec::decks(8).unwrap()));
/// assert_eq!(
///     shoe_object(r#"{"decks": 0}"#).unwrap_err(),
///     "decks is `0`: expected a whole number from 1 to 4294967296"
/// );
/// ```
pub fn shoe_object(text: &str) -> Result<ShoeSpec, String> {
    let Object(fields) =
        serde_json::from_str::<Object<ShoeFields>>(text).map_err(|e| super::json::message(&e))?;
    if !fields.has_base() {
        return Err(NO_BASE.into());
    }
    fields.spec()
}

/// A value of `field` read as `T`, or a message naming the field, the value as written and
/// what is accepted.
pub(crate) fn field<'a, T: Deserialize<'a>>(
    raw: &'a RawValue,
    field: &str,
    accepted: &str,
) -> Result<T, String> {
    serde_json::from_str(raw.get())
        .map_err(|_| format!("{field} is `{}`: expected {accepted}", shortened(raw.get())))
}

/// A value as an error message shows it: its first 40 characters, then `…` when there is
/// more (a line can hold a megabyte of it), with a line break or a tab between its items (as
/// a file may hold) escaped, so that the message stays on one line.
fn shortened(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(40) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// A list of counts a line can give: its field, what it counts and the most of each.
struct CountList {
    field: &'static str,
    /// What the list is, for a list that is not one: `a list of 13 rank counts, A to K`.
    list: &'static str,
    /// What its counts are, for a list of the wrong length: `13 (A, 2, …, 10, J, Q, K)`.
    expected: &'static str,
    /// What one count counts, for a count out of range: the rank or the card, by position.
    counted: fn(usize) -> String,
    max: u64,
}

/// The `ranks` list.
const RANKS: CountList = CountList {
    field: "ranks",
    list: "a list of 13 rank counts, A to K",
    expected: "13 (A, 2, …, 10, J, Q, K)",
    counted: |index| match Rank::ALL.get(index) {
        Some(rank) => format!(" (the count of {})", rank.symbol()),
        None => String::new(),
    },
    max: Shoe::MAX_COUNT,
};

/// The `card_counts` list.
const CARDS: CountList = CountList {
    field: "card_counts",
    list: "a list of 52 card counts, A♠ A♥ A♦ A♣ 2♠ … K♣",
    expected: "52 (A♠ A♥ A♦ A♣ 2♠ … K♣: rank-major, suits ♠ ♥ ♦ ♣)",
    counted: |index| match Card::from_index(index) {
        Some(card) => format!(" (the count of {card})"),
        None => String::new(),
    },
    max: Shoe::MAX_CARD_COUNT,
};

/// The `N` counts of a `ranks` or `card_counts` list of the object at `path`, or the mistake:
/// the list (not a list, or of the wrong length) or the first count out of range.
fn counts<'a, const N: usize>(
    raw: &'a RawValue,
    path: &str,
    list: &CountList,
) -> Result<[u64; N], Mistake<'a>> {
    let name = named(path, list.field);
    let mistake = |raw: &'a RawValue| {
        move |message| Mistake {
            message,
            at: Some(raw.get()),
        }
    };
    let items: Vec<&'a RawValue> = field(raw, &name, list.list).map_err(mistake(raw))?;
    if items.len() != N {
        return Err(mistake(raw)(format!(
            "{name} holds {} counts: expected {}",
            items.len(),
            list.expected
        )));
    }
    let mut counts = [0u64; N];
    for (index, (slot, count)) in counts.iter_mut().zip(items).enumerate() {
        // The field's name is only written for an error: not for every count.
        let field = || format!("{name}[{index}]{}", (list.counted)(index));
        *slot = whole(count.get(), field, 0, list.max).map_err(mistake(count))?;
    }
    Ok(counts)
}

/// A `ranks` or `card_counts` list as JSON text (already checked to be JSON) when it is
/// exactly `N` whole numbers, each at most `max`, separated by commas and blanks; `None` for
/// anything else, which [`counts`] then reads or refuses.
fn plain_counts<const N: usize>(text: &str, max: u64) -> Option<[u64; N]> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let mut counts = [0u64; N];
    let mut items = inner.split(',');
    for slot in &mut counts {
        let digits = items.next()?.trim_matches([' ', '\t', '\n', '\r']);
        if digits.is_empty() || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = digits.parse().ok().filter(|&n| n <= max)?;
    }
    items.next().is_none().then_some(counts)
}

/// A whole number from `low` to `high`, written as JSON `text`, or a message naming the field
/// and the value as written: every reader of a count or a number of decks words it so.
pub(crate) fn whole(
    text: &str,
    field: impl FnOnce() -> String,
    low: u64,
    high: u64,
) -> Result<u64, String> {
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| {
            let field = field();
            format!(
                "{field} is `{}`: expected a whole number from {low} to {high}",
                shortened(text)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-scan reading of plain counts agrees with the general path wherever it reads,
    /// and leaves every other text to it.
    #[test]
    fn plain_counts_are_read_as_the_general_path_reads_them() {
        let max = Shoe::MAX_COUNT;
        let over = max + 1;
        for text in [
            "[32,32,32,32,32,32,32,32,32,32,32,32,32]".to_string(),
            "[ 6, 5, 7, 4, 6, 8, 3, 5, 4, 6, 5, 7, 6 ]".to_string(),
            "[0,0,0,0,0,0,0,0,0,0,0,0,0]".to_string(),
            format!("[{max},0,0,0,0,0,0,0,0,0,0,0,1]"),
            format!("[{over},0,0,0,0,0,0,0,0,0,0,0,1]"),
            "[4,4,4,4,4,4,4,4,4,4,4,4]".to_string(),
            "[4,4,4,4,4,4,4,4,4,4,4,4,4,4]".to_string(),
            "[4,4,4,4,4,4,4,4,4,4,4,4,4.0]".to_string(),
            "[4,4,4,4,4,4,4,4,4,4,4,4,-4]".to_string(),
            "[4,4,4,4,4,4,4,4,4,4,4,4,4e0]".to_string(),
            "[4,4,4,4,4,4,4,4,4,4,4,4,\"4\"]".to_string(),
            "[4,4,4,4,4,4,4,4,4,4,4,4,18446744073709551616]".to_string(),
            "[\t4,4,4,4,4,4,4,4,4,4,4,4,4\n]".to_string(),
            "[]".to_string(),
            "{}".to_string(),
        ] {
            let raw: Box<RawValue> = serde_json::from_str(&text).unwrap();
            let general = counts::<13>(&raw, "", &RANKS).map_err(|m| m.message);
            match plain_counts::<13>(raw.get(), Shoe::MAX_COUNT) {
                Some(ranks) => assert_eq!(Ok(ranks), general, "{text}"),
                None => assert!(general.is_err() || text.contains('\t'), "{text}"),
            }
        }
    }

    /// The same for card counts, whose bound is one card per deck.
    #[test]
    fn plain_card_counts_are_read_as_the_general_path_reads_them() {
        let list = |last: &str| format!("[{}{last}]", "8,".repeat(51));
        let over = Shoe::MAX_CARD_COUNT + 1;
        for text in [
            list("8"),
            list(&Shoe::MAX_CARD_COUNT.to_string()),
            list(&over.to_string()),
            list("-8"),
            list("8.5"),
            list("\"8\""),
            list("8,8"),
            format!("[{}8]", "8,".repeat(50)),
        ] {
            let raw: Box<RawValue> = serde_json::from_str(&text).unwrap();
            let general = counts::<52>(&raw, "", &CARDS).map_err(|m| m.message);
            match plain_counts::<52>(raw.get(), Shoe::MAX_CARD_COUNT) {
                Some(cards) => assert_eq!(Ok(cards), general, "{text}"),
                None => assert!(general.is_err(), "{text}"),
            }
        }
        let raw: Box<RawValue> = serde_json::from_str(&list("-8")).unwrap();
        assert_eq!(
            counts::<52>(&raw, "", &CARDS).map_err(|m| m.message),
            Err("card_counts[51] (the count of K♣) is `-8`: expected a whole number from 0 to 4294967296".into())
        );
    }
}
