//! Batch analysis: JSON lines in, one shoe each, and the analysis document of each out, in
//! the same order. A bad line gets an error object naming its line; the others go on.

use crate::card::Card;
use crate::render::summary::fast_summary_json;
use crate::rules::Rules;
use crate::shoe::Shoe;
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

/// Finds the rules a line names; `Err` is a message for the line's error object.
pub trait RulesResolver: Sync {
    /// The rules, their name, and the shoe the rule set states, if any.
    fn resolve(&self, name: &str) -> Result<(Rules, String, Option<Shoe>), String>;
}

/// The rules of lines that name none: the rules, their name, and the shoe they state.
pub type DefaultRules = (Rules, String, Option<Shoe>);

/// Analyses one line: the document, or an error object naming the line.
pub fn analyse_line(
    number: usize,
    text: &str,
    default_rules: &DefaultRules,
    resolver: &dyn RulesResolver,
) -> String {
    match try_line(text, default_rules, resolver) {
        Ok(document) => document,
        Err(message) => error_line(number, &message),
    }
}

/// The error object of a line that cannot be analysed: `{"schema": 1, "line": N, "error": "…"}`.
pub fn error_line(number: usize, message: &str) -> String {
    serde_json::json!({ "schema": crate::render::SCHEMA, "line": number, "error": message })
        .to_string()
}

fn try_line(
    text: &str,
    default_rules: &DefaultRules,
    resolver: &dyn RulesResolver,
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
    let (rules, name, stated_shoe) = match &rules_name {
        Some(name) => resolver.resolve(name)?,
        None => default_rules.clone(),
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
    // The line's own shoe first, then the rule set's, then eight decks.
    let shoe = match (decks, ranks, stated_shoe) {
        (Some(_), Some(_), _) => return Err("give `decks` or `ranks`, not both".into()),
        (_, Some(ranks), _) => {
            let mut shoe = Shoe::from_counts(ranks).map_err(|e| format!("ranks: {e}"))?;
            shoe.remove_all(&removed)
                .map_err(|e| format!("remove: {e}"))?;
            shoe
        }
        (None, None, Some(mut shoe)) => {
            shoe.remove_all(&removed)
                .map_err(|e| format!("remove: {e}"))?;
            shoe
        }
        (decks, None, _) => {
            Shoe::decks_without(decks.unwrap_or(crate::shoe::REFERENCE_DECKS), &removed)
                .map_err(|e| format!("remove: {e}"))?
        }
    };
    fast_summary_json(&shoe, &rules, &name).map_err(|e| e.to_string())
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

/// Analyses a chunk of numbered lines on every core, keeping their order. A line that could
/// not be read as text comes as `Err` with the reason, and gets its error object; a blank
/// line gets an empty string.
pub fn analyse_chunk(
    lines: &[(usize, Result<String, String>)],
    default_rules: &DefaultRules,
    resolver: &dyn RulesResolver,
) -> Vec<String> {
    lines
        .par_iter()
        .map(|(number, text)| match text {
            Err(message) => error_line(*number, message),
            Ok(text) if text.trim().is_empty() => String::new(),
            Ok(text) => analyse_line(*number, text, default_rules, resolver),
        })
        .collect()
}
