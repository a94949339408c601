//! The serde shapes of the rule-file format (schemas 1 and 2): private wrappers that read each
//! object of the file and check it as they go, so that a refusal carries the line and column
//! where the reader stood and names the field. The top-level object and the text fields are
//! here; numbers, the shoe, the drawing rules, the bets, the conditions of schema 2 and the
//! claims have a file each.
//!
//! Schema 2 reads everything schema 1 reads, plus bets on the cards. The file's `"schema"` is
//! looked up before the file is read, so that a schema-2 field in a schema-1 file is refused
//! where it stands, whatever the order of the top-level fields.

mod bets;
mod claims;
mod conditions;
mod dealing;
mod drawing;
mod numbers;
mod shoe;

pub use bets::{MAX_AMOUNT, parse_amount};
pub use drawing::{TableauRowError, parse_tableau_row};

use super::claim::ClaimTarget;
use super::rule_set::{RuleSet, RuleSetError};
use crate::input::json::{Described, Object};
use crate::rules::Rules;
use bets::BetsSpec;
use claims::ClaimSpec;
use dealing::FileDealing;
use drawing::DrawingSpec;
use numbers::{AS_WRITTEN, Whole, number_at};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;

// The reader of the file's text is the model's way in from JSON; it lives here, beside the
// shapes it reads, so that the model does not import its own parser.
impl RuleSet {
    /// Reads a rule set from its JSON text.
    ///
    /// ```
    /// use punto_banco::variants::{RuleSet, shipped};
    /// let reference = RuleSet::from_json(shipped("reference").unwrap()).unwrap();
    /// assert_eq!(reference.rules(), &punto_banco::rules::Rules::reference());
    /// let err = RuleSet::from_json("{\"schema\": 1, \"name\": 3}").unwrap_err();
    /// assert_eq!((err.line(), err.column()), (1, 23));
    /// assert!(err.to_string().starts_with("line 1, column 23: invalid type"));
    /// ```
    pub fn from_json(text: &str) -> Result<RuleSet, RuleSetError> {
        // A byte-order mark, as some editors write, is no part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        read(text)
    }

    /// Reads a rule set that may leave decisions to the hands, for a game with choices: a
    /// Banco cell `choice` where it says `D` or `S`, Punto's totals under
    /// `"drawing": {"punto": {"choice": [5]}}`. The rule set keeps the reference's action where
    /// the file leaves a choice; the choices come beside it, `None` when there are none.
    /// [`RuleSet::from_json`] refuses such a file where its first choice stands.
    ///
    /// ```
    /// use punto_banco::variants::{RuleSet, shipped};
    /// let text = shipped("reference").unwrap().replacen("\"draws\": [0, 1, 2, 3, 4, 5]", "\"draws\": [0, 1, 2, 3, 4], \"choice\": [5]", 1);
    /// let (_, choices) = RuleSet::from_json_with_choices(&text).unwrap();
    /// assert_eq!(choices.unwrap().punto_choices(), vec![5]);
    /// let err = RuleSet::from_json(&text).unwrap_err();
    /// assert!(err.to_string().contains("leaves a decision to the hands"));
    /// ```
    pub fn from_json_with_choices(
        text: &str,
    ) -> Result<(RuleSet, Option<crate::choices::ChoiceRules>), RuleSetError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let (set, choices) = match declared_schema(text) {
            Some(1) => read_as::<1>(text)?,
            _ => read_as::<2>(text)?,
        };
        let choices = (!choices.punto.is_empty() || !choices.banco.is_empty()).then(|| {
            crate::choices::ChoiceRules::fixed(&set.rules().drawing)
                .with_choices(&choices.punto, &choices.banco)
        });
        Ok((set, choices))
    }
}

/// Reads a rule set from its JSON text (without a byte-order mark).
pub(super) fn read(text: &str) -> Result<RuleSet, RuleSetError> {
    // A file whose schema cannot be told is read as schema 2, which reads more: the refusal
    // is then the reader's own, where the file goes wrong.
    let (set, choices) = match declared_schema(text) {
        Some(1) => read_as::<1>(text)?,
        _ => read_as::<2>(text)?,
    };
    if choices != drawing::FileChoices::default() {
        // The first `choice` in the drawing rules: a Banco cell or Punto's list.
        let from = text.find("\"drawing\"").unwrap_or(0);
        let lower = text[from..].to_ascii_lowercase();
        let (line, column) = match lower.find("choice") {
            Some(at) => position_of(text, &text[from + at..]),
            None => position_of(text, "\"drawing\""),
        };
        return Err(RuleSetError::Number {
            line,
            column,
            message: "drawing: `choice` leaves a decision to the hands, but a rule set of Punto Banco draws or stands in every cell (`punto-banco check` reads the file as a game with choices)".to_string(),
        });
    }
    Ok(set)
}

/// The schemas this reader knows.
const SCHEMAS: [u8; 2] = [1, 2];

/// The value of the top-level `"schema"` field, when the text has one before anything that is
/// not JSON; nothing else is read.
fn declared_schema(text: &str) -> Option<u64> {
    struct Peek<'a>(&'a mut Option<u64>);
    impl<'de> Visitor<'de> for Peek<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            while let Some(key) = map.next_key::<String>()? {
                if key == "schema" {
                    *self.0 = map.next_value::<serde_json::Value>()?.as_u64();
                    // Found: the rest of the text is the reader's to judge.
                    return Err(de::Error::custom("found"));
                }
                map.next_value::<de::IgnoredAny>()?;
            }
            Ok(())
        }
    }
    let mut schema = None;
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let _ = deserializer.deserialize_map(Peek(&mut schema));
    schema
}

/// Reads a rule set under schema `V`, with the decisions it leaves to the hands.
fn read_as<const V: u8>(text: &str) -> Result<(RuleSet, drawing::FileChoices), RuleSetError> {
    let Object(file): Object<RuleSetFile<'_, V>> =
        serde_json::from_str(text).map_err(|e| refusal(e, text))?;
    // The shoe is read once the file is, by the reader of every shoe object.
    let shoe = file.shoe.map(|raw| shoe::read(raw, text)).transpose()?;
    let bets: Vec<&str> = file.bets.0.all().into_iter().map(|(key, _)| key).collect();
    for claim in &file.claims {
        if let Some(bet) = claim.0.bet()
            && !bets.contains(&bet)
        {
            let bet = &bet.to_string();
            let (line, column) = position_of(text, &format!("\"{bet}\""));
            return Err(RuleSetError::UnknownBet {
                bet: bet.clone(),
                line,
                column,
                known: bets.join(", "),
            });
        }
        if let ClaimTarget::LineProbability { bet, lines }
        | ClaimTarget::LineCount { bet, lines, .. } = &claim.0.target
        {
            let count = file
                .bets
                .0
                .all()
                .into_iter()
                .find(|(key, _)| key == bet)
                .map_or(0, |(_, bet)| bet.lines.len());
            if let Some(&beyond) = lines.iter().find(|&&l| l > count) {
                // The claim's own mention of the bet: the first after the claims begin.
                let from = text.find("\"claims\"").unwrap_or(0);
                let (line, column) = match text[from..].find(&format!("\"{bet}\"")) {
                    Some(at) => position_of(text, &text[from + at..]),
                    None => position_of(text, &format!("\"{bet}\"")),
                };
                let plural = if count == 1 { "" } else { "s" };
                return Err(RuleSetError::Number {
                    line,
                    column,
                    message: format!(
                        "claims: line {beyond} of `{bet}`: the bet has {count} pay line{plural} (expected 1 to {count})"
                    ),
                });
            }
        }
    }
    let dealing = file.dealing.map(|d| d.0);
    if let (Some(procedure), Some(shoe)) = (dealing, &shoe)
        && let Err(e) = procedure.check_for(shoe.len())
    {
        let (line, column) = position_of(text, "\"dealing\"");
        return Err(RuleSetError::Number {
            line,
            column,
            message: format!("dealing: {e}"),
        });
    }
    let DrawingSpec(drawing, choices) = file.drawing;
    let set = RuleSet::new(
        file.name,
        file.title,
        file.source,
        shoe,
        Rules {
            drawing,
            tariff: file.bets.0,
        },
        file.claims.into_iter().map(|c| c.0).collect(),
    )
    .with_dealing(dealing);
    Ok((set, choices))
}

/// The error serde_json gives for `text`, with a number it was refused for quoted as the
/// text writes it.
fn refusal(error: serde_json::Error, text: &str) -> RuleSetError {
    let message = error.to_string();
    if !message.contains(AS_WRITTEN) {
        return RuleSetError::Json(error);
    }
    let message = crate::input::json::message(&error);
    let written = number_at(text, error.line(), error.column()).unwrap_or("the number");
    RuleSetError::Number {
        line: error.line().max(1),
        column: error.column().max(1),
        message: message.replace(AS_WRITTEN, written),
    }
}

/// The 1-based line and column where `needle` first appears in `text`, or (1, 1).
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let Some(at) = text.find(needle) else {
        return (1, 1);
    };
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A piece of text from the file, as a message shows it: control characters escaped, so that
/// an error cannot drive the terminal or break its line, and a long text cut short.
pub(super) fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(40)
        .collect::<String>()
        .escape_debug()
        .to_string();
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// The first character of `text` that would break a one-line heading or drive the terminal
/// it is printed on: a control character (line break, tab, escape), a line or paragraph
/// separator, or a direction control.
fn breaking_char(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

/// Checks a text field that is printed on one line (a name, a title, a source, a bet key).
fn one_line(field: &str, text: &str) -> Result<(), String> {
    match breaking_char(text) {
        Some(c) => Err(format!(
            "{field} holds the character U+{:04X}: expected one line of text, without control characters (line break, tab, escape) or direction controls",
            c as u32
        )),
        None => Ok(()),
    }
}

/// Reads a one-line text field, refused where it stands.
fn one_line_text<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &str,
) -> Result<String, D::Error> {
    let text = String::deserialize(deserializer)?;
    one_line(field, &text).map_err(de::Error::custom)?;
    Ok(text)
}

fn name_field<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    one_line_text(d, "name")
}

fn title_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "title").map(Some)
}

fn source_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "source").map(Some)
}

/// Reads a JSON object into a map by key, refusing a key given twice: serde's own maps keep
/// the last value silently, so a file could seem to say one thing and mean another.
pub(crate) fn unique_map<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    deserializer: D,
    field: &'static str,
) -> Result<BTreeMap<String, V>, D::Error> {
    struct MapVisitor<V> {
        field: &'static str,
        values: std::marker::PhantomData<V>,
    }
    impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
        type Value = BTreeMap<String, V>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "an object for `{}`", self.field)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(de::Error::custom(format!(
                        "{}: `{}` is given twice: each key may appear once",
                        self.field,
                        shown(&key)
                    )));
                }
                let value = map.next_value()?;
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(MapVisitor {
        field,
        values: std::marker::PhantomData,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleSetFile<'a, const V: u8> {
    #[allow(dead_code)]
    schema: SchemaVersion,
    #[serde(deserialize_with = "name_field")]
    name: String,
    #[serde(default, deserialize_with = "title_field")]
    title: Option<String>,
    #[serde(default, deserialize_with = "source_field")]
    source: Option<String>,
    #[serde(default, borrow)]
    shoe: Option<&'a RawValue>,
    #[serde(default)]
    dealing: Option<FileDealing>,
    drawing: DrawingSpec,
    bets: BetsSpec<V>,
    #[serde(default)]
    claims: Vec<ClaimSpec>,
}

impl<const V: u8> Described for RuleSetFile<'_, V> {
    const WHAT: &'static str =
        "a rule-set object {\"schema\": 1, \"name\": …, \"drawing\": …, \"bets\": …}";
}

struct SchemaVersion;

impl<'de> Deserialize<'de> for SchemaVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seed = Whole {
            field: "schema",
            low: u64::from(SCHEMAS[0]),
            high: u64::from(SCHEMAS[1]),
            checked: false,
        };
        let version = de::DeserializeSeed::deserialize(seed, deserializer)?;
        if !SCHEMAS.iter().any(|&s| i128::from(s) == version) {
            return Err(de::Error::custom(format!(
                "schema: `{version}` is not a known version: expected 1 or 2"
            )));
        }
        Ok(SchemaVersion)
    }
}
