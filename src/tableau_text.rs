//! Tableaux as rule texts write them: sets of values such as "0–5", "Always", "Anything
//! except 8", "Tout sauf 8", and range tables that group Banco totals ("0–2 | Always").
//!
//! The same words are used to describe the engine's rules and to read a text's transcription,
//! so the two can be compared cell by cell.

use crate::lang::Lang;
use crate::rules::{Action, DrawingRules, PuntoMove};

/// A set of values 0–9: `set[v]` is true when `v` is in it.
pub type ValueSet = [bool; 10];

/// A phrase or label that does not describe a set of values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{phrase}` is not a set of values: expected Always/Toujours, Never/Jamais, \
     \"Anything except 8\"/\"Tout sauf 8\", or values and ranges 0–9 such as \"2–7\" or \"0, 1, 6–7\""
)]
#[non_exhaustive]
pub struct SetError {
    /// The phrase as given.
    pub phrase: String,
}

/// Describes a set as plain values and ranges: `0–5`, `6–7`, `2–7, 9`; the empty set is `—`.
pub fn describe_ranges(set: ValueSet) -> String {
    let mut parts = Vec::new();
    let mut value = 0;
    while value < 10 {
        if !set[value] {
            value += 1;
            continue;
        }
        let start = value;
        while value + 1 < 10 && set[value + 1] {
            value += 1;
        }
        parts.push(if value == start {
            format!("{start}")
        } else {
            format!("{start}–{value}")
        });
        value += 1;
    }
    if parts.is_empty() {
        "—".to_string()
    } else {
        parts.join(", ")
    }
}

/// Describes a few values as alternatives: `8 or 9`, `8 ou 9`, `7, 8 or 9`.
pub fn describe_alternatives(set: ValueSet, lang: Lang) -> String {
    let values: Vec<String> = (0..10).filter(|&v| set[v]).map(|v| v.to_string()).collect();
    match values.split_last() {
        None => "—".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {} {last}", rest.join(", "), lang.pick("or", "ou")),
    }
}

/// Describes the third cards a Banco row draws against, in the teaching texts' words:
/// `Always`, `Never`, `Anything except 8`, or ranges such as `2–7`.
pub fn describe_draw_set(set: ValueSet, lang: Lang) -> String {
    let missing: Vec<usize> = (0..10).filter(|&v| !set[v]).collect();
    match missing.as_slice() {
        [] => lang.pick("Always", "Toujours").to_string(),
        [only] => format!("{} {only}", lang.pick("Anything except", "Tout sauf")),
        _ if missing.len() == 10 => lang.pick("Never", "Jamais").to_string(),
        _ => describe_ranges(set),
    }
}

/// Reads a set of values written as the rule texts write them, in English or French.
///
/// ```
/// use punto_banco::tableau_text::parse_set;
/// let set = parse_set("Tout sauf 8").unwrap();
/// assert!(set[7] && !set[8] && set[9]);
/// assert_eq!(parse_set("2–7").unwrap(), parse_set("2-7").unwrap());
/// ```
pub fn parse_set(phrase: &str) -> Result<ValueSet, SetError> {
    let error = || SetError {
        phrase: phrase.to_string(),
    };
    let normalized = phrase.trim().to_lowercase();
    match normalized.as_str() {
        "always" | "toujours" => return Ok([true; 10]),
        "never" | "jamais" => return Ok([false; 10]),
        _ => {}
    }
    for prefix in [
        "anything except",
        "anything but",
        "all except",
        "all but",
        "tout sauf",
        "sauf",
    ] {
        if let Some(rest) = normalized.strip_prefix(prefix) {
            let excluded = parse_values(rest).ok_or_else(error)?;
            let mut set = [true; 10];
            for (v, slot) in set.iter_mut().enumerate() {
                *slot = !excluded[v];
            }
            return Ok(set);
        }
    }
    parse_values(&normalized).ok_or_else(error)
}

/// Values and ranges separated by commas, "and" or "et": `0, 1`, `2–7`, `6 et 7`.
fn parse_values(text: &str) -> Option<ValueSet> {
    let mut set = [false; 10];
    let text = text.replace(" and ", ",").replace(" et ", ",");
    let mut any = false;
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return None;
        }
        let (low, high) = match part.split_once(['–', '-', '—']) {
            Some((low, high)) => (digit(low)?, digit(high)?),
            None => (digit(part)?, digit(part)?),
        };
        if low > high {
            return None;
        }
        for slot in &mut set[low..=high] {
            *slot = true;
        }
        any = true;
    }
    any.then_some(set)
}

fn digit(text: &str) -> Option<usize> {
    match text.trim() {
        d if d.len() == 1 => d.parse().ok(),
        _ => None,
    }
}

/// Reads an action as rule documents write it: `D`/`S`, `Draw`/`Stand` (and `draws`,
/// `stands`), `H`/`Hit`, `T`/`R` and `Tire`/`Reste` (and `tirer`, `rester`), in any case.
pub fn parse_action_word(text: &str) -> Option<Action> {
    match text.trim().to_lowercase().as_str() {
        "d" | "draw" | "draws" | "h" | "hit" | "hits" | "t" | "tire" | "tirer" => {
            Some(Action::Draw)
        }
        "s" | "stand" | "stands" | "r" | "reste" | "rester" => Some(Action::Stand),
        _ => None,
    }
}

/// The action words accepted, for error messages.
pub const ACTION_WORDS: &str = "D or S (Draw/Stand, Hit, Tire/Reste, T/R)";

/// One row of a range table: the Banco totals it covers and the third cards Banco draws against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeRow {
    /// The Banco two-card totals of the row.
    pub banco_totals: ValueSet,
    /// The values of Punto's third card Banco draws against on those totals.
    pub draws_against: ValueSet,
}

/// The Banco tableau grouped as the teaching texts print it: consecutive non-natural Banco
/// totals with the same row share one line.
pub fn banco_range_rows(rules: &DrawingRules) -> Vec<RangeRow> {
    let mut rows: Vec<RangeRow> = Vec::new();
    let mut previous: Option<usize> = None;
    for total in 0..10u8 {
        if rules.is_natural(total) {
            previous = None;
            continue;
        }
        let draws_against = draw_set(rules, total);
        match rows.last_mut() {
            Some(row)
                if previous.is_some_and(|p| p + 1 == total as usize)
                    && row.draws_against == draws_against =>
            {
                row.banco_totals[total as usize] = true;
            }
            _ => {
                let mut banco_totals = [false; 10];
                banco_totals[total as usize] = true;
                rows.push(RangeRow {
                    banco_totals,
                    draws_against,
                });
            }
        }
        previous = Some(total as usize);
    }
    rows
}

/// The third-card values a Banco total draws against.
pub fn draw_set(rules: &DrawingRules, banco_total: u8) -> ValueSet {
    let mut set = [false; 10];
    for (value, slot) in set.iter_mut().enumerate() {
        *slot = rules.banco_action(banco_total, PuntoMove::Drew(value as u8)) == Action::Draw;
    }
    set
}

/// The non-natural totals on which a rule (given as an action per total) takes `action`.
pub fn totals_taking(
    rules: &DrawingRules,
    action: Action,
    action_on: impl Fn(u8) -> Action,
) -> ValueSet {
    let mut set = [false; 10];
    for total in 0..10u8 {
        set[total as usize] = !rules.is_natural(total) && action_on(total) == action;
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_read_back() {
        for bits in 0..1024u32 {
            let mut set = [false; 10];
            for (v, slot) in set.iter_mut().enumerate() {
                *slot = bits >> v & 1 == 1;
            }
            for lang in Lang::ALL {
                let text = describe_draw_set(set, lang);
                assert_eq!(parse_set(&text), Ok(set), "{text}");
            }
        }
    }

    #[test]
    fn reference_rows_read_as_the_texts() {
        let rows = banco_range_rows(&DrawingRules::reference());
        let printed: Vec<(String, String)> = rows
            .iter()
            .map(|row| {
                (
                    describe_ranges(row.banco_totals),
                    describe_draw_set(row.draws_against, Lang::En),
                )
            })
            .collect();
        let expected = [
            ("0–2", "Always"),
            ("3", "Anything except 8"),
            ("4", "2–7"),
            ("5", "4–7"),
            ("6", "6–7"),
            ("7", "Never"),
        ];
        assert_eq!(printed.len(), expected.len());
        for ((label, set), (want_label, want_set)) in printed.iter().zip(expected) {
            assert_eq!((label.as_str(), set.as_str()), (want_label, want_set));
        }
    }

    #[test]
    fn bad_phrases_are_refused() {
        for bad in ["", "sometimes", "2–", "7–2", "10", "tout sauf", "1,,2"] {
            assert!(parse_set(bad).is_err(), "{bad}");
        }
    }
}
