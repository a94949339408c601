//! Batch analysis: JSON lines in, one shoe each, and the analysis document of each out, in
//! the same order. A bad line gets an error object naming its line; the others go on.
//!
//! A line's shoe is a [`ShoeSpec`] resolved against its table (see [`ShoeSpec::resolve`]
//! for what wins); its table is the batch's default, or the one its `rules` names, found by
//! the caller's [`TableResolver`].

use crate::card::Card;
use crate::report::document_json;
use crate::shoe::{Shoe, ShoeSpec};
use crate::table::NamedTable;
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use serde::Deserialize;
use serde_json::value::RawValue;

/// One input line: a shoe (whole decks, rank counts, or cards removed from either) and an
/// optional rule set, by the name the caller's resolver understands. Values are kept as
/// written, so that an error quotes them exactly and names their field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchLine<'a> {
    #[serde(default, borrow)]
    decks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    ranks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    remove: Option<&'a RawValue>,
    #[serde(default, borrow)]
    rules: Option<&'a RawValue>,
}

/// A value of `field` read as `T`, or a message naming the field, the value as written and
/// what is accepted.
fn field<'a, T: Deserialize<'a>>(
    raw: &'a RawValue,
    field: &str,
    accepted: &str,
) -> Result<T, String> {
    serde_json::from_str(raw.get())
        .map_err(|_| format!("{field} is {}: expected {accepted}", raw.get()))
}

/// Why a table named by a batch line cannot be had: the message of the line's error object.
pub type Unresolved = Box<dyn std::error::Error + Send + Sync>;

/// Finds the table a line's `rules` names (a shipped variant or a rule file, say).
pub trait TableResolver: Sync {
    /// The table of that name, or why there is none (the line's error object says it).
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved>;
}

/// A batch: the table of lines that name none, and the resolver of the tables they name.
#[derive(Clone, Copy)]
pub struct Batch<'a> {
    default: &'a NamedTable,
    resolver: &'a dyn TableResolver,
}

impl<'a> Batch<'a> {
    /// A batch whose lines that name no rules play at `default`.
    pub fn new(default: &'a NamedTable, resolver: &'a dyn TableResolver) -> Batch<'a> {
        Batch { default, resolver }
    }

    /// Analyses one line: the document, or an error object naming the line.
    pub fn line(&self, number: usize, text: &str) -> String {
        match try_line(text, self.default, self.resolver) {
            Ok(document) => document,
            Err(message) => error_line(number, &message),
        }
    }

    /// Analyses a chunk of numbered lines on every core (with the `parallel` feature; in
    /// turn without it), keeping their order. A line that
    /// could not be read as text comes as `Err` with the reason, and gets its error object;
    /// a blank line gets an empty string.
    pub fn chunk(&self, lines: &[(usize, Result<String, Unreadable>)]) -> Vec<String> {
        #[cfg(feature = "parallel")]
        let lines = lines.par_iter();
        #[cfg(not(feature = "parallel"))]
        let lines = lines.iter();
        lines
            .map(|(number, text)| match text {
                Err(unreadable) => error_line(*number, &unreadable.to_string()),
                Ok(text) if text.trim().is_empty() => String::new(),
                Ok(text) => self.line(*number, text),
            })
            .collect()
    }
}

/// Why a line of a batch could not even be read as text; its error object says so, and the
/// batch goes on after it (or, for a line too long, stops there).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unreadable {
    /// The line is not UTF-8 text; `column` is where it stops being so, from 1.
    #[error("column {column}: the line is not UTF-8 text")]
    NotText {
        /// The column, in bytes from 1, of the first byte that is not UTF-8.
        column: usize,
    },
    /// The line is longer than the reader accepts: the batch is read no further.
    #[error(
        "the line is longer than {limit} bytes, the longest accepted: the batch is read no further"
    )]
    TooLong {
        /// The longest line accepted, in bytes.
        limit: usize,
    },
}

/// The error object of a line that cannot be analysed: `{"schema": 1, "line": N, "error": "…"}`.
pub fn error_line(number: usize, message: &str) -> String {
    serde_json::json!({ "schema": crate::SCHEMA, "line": number, "error": message }).to_string()
}

/// The document of one line, or the message of its error object.
fn try_line(
    text: &str,
    default: &NamedTable,
    resolver: &dyn TableResolver,
) -> Result<String, String> {
    let text = text.trim_end_matches(['\n', '\r']);
    if !text.trim_start().starts_with('{') {
        return Err("a line is one JSON object, such as {\"decks\": 8}".into());
    }
    let line: BatchLine = serde_json::from_str(text).map_err(|e| {
        let text = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        format!(
            "column {}: {}",
            e.column(),
            text.strip_suffix(&suffix).unwrap_or(&text)
        )
    })?;
    let rules_name: Option<String> = line
        .rules
        .map(|raw| {
            field(
                raw,
                "rules",
                "the name of a shipped variant or a rule file, in quotes",
            )
        })
        .transpose()?;
    let resolved;
    let table = match &rules_name {
        Some(name) => {
            resolved = resolver.resolve(name).map_err(|e| e.to_string())?;
            &resolved
        }
        None => default,
    };
    let remove: Option<Vec<String>> = line
        .remove
        .map(|raw| {
            field(
                raw,
                "remove",
                "a list of cards in quotes, such as [\"8♠\", \"9H\"]",
            )
        })
        .transpose()?;
    let removed = match &remove {
        Some(cards) if cards.is_empty() => {
            return Err(
                "remove is an empty list: give the cards to take out, or leave remove out".into(),
            );
        }
        Some(cards) => cards
            .iter()
            .enumerate()
            .map(|(index, token)| {
                token
                    .parse::<Card>()
                    .map_err(|e| format!("remove, card {}: {e}", index + 1))
            })
            .collect::<Result<Vec<Card>, String>>()?,
        None => Vec::new(),
    };
    let decks = line
        .decks
        .map(|raw| whole(raw, "decks", 1, Shoe::MAX_DECKS))
        .transpose()?;
    let counts: Option<Vec<&RawValue>> = line
        .ranks
        .map(|raw| field(raw, "ranks", "a list of 13 rank counts, A to K"))
        .transpose()?;
    let ranks = match &counts {
        None => None,
        Some(counts) if counts.len() != 13 => {
            return Err(format!(
                "ranks holds {} counts: expected 13 (A, 2, …, 10, J, Q, K)",
                counts.len()
            ));
        }
        Some(counts) => {
            let mut ranks = [0u64; 13];
            for (index, (slot, count)) in ranks.iter_mut().zip(counts).enumerate() {
                *slot = whole(count, &format!("ranks[{index}]"), 0, Shoe::MAX_COUNT)?;
            }
            Some(ranks)
        }
    };
    // The shoe specification's precedence: the line's own base, the table's shoe, eight decks.
    let spec = ShoeSpec::new(decks, ranks, removed).map_err(|e| e.to_string())?;
    let shoe = table.resolve_shoe(&spec).map_err(|e| e.to_string())?;
    document_json(&shoe, &table.rules, &table.name).map_err(|e| e.to_string())
}

/// A whole number from `low` to `high`, or a message naming the field and the value as
/// written.
fn whole(raw: &RawValue, field: &str, low: u64, high: u64) -> Result<u64, String> {
    let text = raw.get();
    text.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| format!("{field} is {text}: expected a whole number from {low} to {high}"))
}
