//! The project's structured transcription of a teaching text (`data/rule-texts/*.json`), read
//! in the text's own words and turned into rules the engine can be compared with.

use crate::rules::{Action, DrawingRules, PuntoMove, TableauRow};
use crate::tableau_text::{ValueSet, parse_set};
use num_rational::Ratio;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A teaching text's tables and facts, as transcribed.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleText {
    /// The text transcribed, by its title and its sections.
    pub source: String,
    /// The text's language, `en` or `fr`.
    pub lang: String,
    /// The number of 52-card decks the text's shoe holds.
    pub deck_count: u64,
    /// The number of cards the text says the shoe holds.
    pub cards: u64,
    /// Each rank's value as the text states it.
    #[serde(deserialize_with = "values_map")]
    pub values: BTreeMap<String, u8>,
    /// The opening totals that stop all drawing, in the text's words.
    pub naturals: String,
    /// Punto's rule on its two-card total.
    pub punto: DrawStand,
    /// Banco's rule when Punto stood.
    pub banco_when_punto_stands: DrawStand,
    /// The range table of Banco's rule when Punto drew.
    pub banco_tableau: Vec<RangeLine>,
    /// Each prediction's profit on a win per unit staked, in the text's words ("1", "95%").
    #[serde(deserialize_with = "tariff_map")]
    pub tariff: BTreeMap<String, String>,
    /// The settlement table.
    pub settlement: Settlement,
    /// The worked example.
    pub example: Example,
}

fn values_map<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<String, u8>, D::Error> {
    crate::variants::unique_map(d, "values")
}

fn tariff_map<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    crate::variants::unique_map(d, "tariff")
}

/// A rule on a hand's two-card total: the totals it draws on and those it stands on.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawStand {
    /// The totals it draws on, in the text's words.
    pub draws: String,
    /// The totals it stands on, in the text's words.
    pub stands: String,
}

/// One line of a range table: Banco totals and the Punto third cards they draw against.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeLine {
    /// The Banco totals of the line ("0–2").
    pub banco: String,
    /// The Punto third cards they draw against ("Always", "2–7").
    pub draws_against: String,
}

/// The settlement table at the text's notional stake.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settlement {
    /// The notional stake the table is written at.
    pub stake: i64,
    /// One row per prediction.
    pub rows: Vec<SettlementRow>,
    /// What happens to a stake that pushes, in the text's words.
    pub push: String,
}

/// One prediction's winning net change and loss, as printed ("+19", "−20").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettlementRow {
    /// The prediction ("punto", "banco", "tie").
    pub prediction: String,
    /// The net change when it wins ("+19").
    pub win: String,
    /// The net change when it loses ("−20").
    pub loss: String,
}

/// The worked example of the text.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The cards in deal order.
    pub cards: Vec<String>,
    /// Punto's two-card total.
    pub punto_opening: u8,
    /// Banco's two-card total.
    pub banco_opening: u8,
    /// Punto's final total.
    pub punto_final: u8,
    /// Banco's final total.
    pub banco_final: u8,
    /// The winner, in the text's words.
    pub winner: String,
    /// The Banco prediction's net change at the settlement stake.
    pub banco_net: String,
    /// The one-card change that makes Banco draw.
    pub replace: Replacement,
}

/// The example's one-card change and what Banco then does.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    /// The card replaced.
    pub card: String,
    /// The card put in its place.
    pub with: String,
    /// What Banco then does, in the text's words.
    pub banco: String,
}

/// A transcription that cannot be read or does not describe complete rules.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TranscriptionError {
    /// Not JSON, or not the transcription's shape; the message gives the line and column.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A set of totals or cards that cannot be read.
    #[error(transparent)]
    Set(#[from] crate::tableau_text::SetError),
    /// A rule that leaves a total undecided or decides it twice.
    #[error("{rule}: total {total} is {problem}")]
    Incomplete {
        /// The rule, as the transcription names it.
        rule: &'static str,
        /// The total.
        total: u8,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// A net change that is not a signed whole number.
    #[error("`{0}` is not a signed whole number such as +19, −20 or 0")]
    SignedNumber(String),
    /// A payout that is neither a whole number nor a percentage.
    #[error("`{0}` is not a payout: expected a whole number (\"8\") or a percentage (\"95%\")")]
    Payout(String),
    /// An action that is neither draws nor stands.
    #[error("`{0}` is not an action: expected draws/stands or tire/reste")]
    Action(String),
}

impl RuleText {
    /// Reads a transcription from JSON; errors carry the line and column. A leading
    /// byte-order mark is ignored.
    pub fn from_json(text: &str) -> Result<RuleText, TranscriptionError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Ok(serde_json::from_str(text)?)
    }

    /// The drawing rules the text describes.
    pub fn drawing_rules(&self) -> Result<DrawingRules, TranscriptionError> {
        let naturals = parse_set(&self.naturals)?;
        let punto = split_rule("punto", &self.punto, naturals)?;
        let banco_stood = split_rule(
            "banco_when_punto_stands",
            &self.banco_when_punto_stands,
            naturals,
        )?;
        let mut rows: [Option<TableauRow>; 10] = [None; 10];
        for line in &self.banco_tableau {
            let totals = parse_set(&line.banco)?;
            let draws_against = parse_set(&line.draws_against)?;
            for total in (0..10u8).filter(|&t| totals[t as usize]) {
                if rows[total as usize].is_some() {
                    return Err(TranscriptionError::Incomplete {
                        rule: "banco_tableau",
                        total,
                        problem: "listed twice",
                    });
                }
                let mut row = [Action::Stand; 11];
                for value in 0..10 {
                    row[value] = if draws_against[value] {
                        Action::Draw
                    } else {
                        Action::Stand
                    };
                }
                row[PuntoMove::Stood.column()] = banco_stood[total as usize];
                rows[total as usize] = Some(row);
            }
        }
        let mut banco = [[Action::Stand; 11]; 10];
        for total in 0..10u8 {
            match rows[total as usize] {
                Some(row) => banco[total as usize] = row,
                None if naturals[total as usize] => {}
                None => {
                    return Err(TranscriptionError::Incomplete {
                        rule: "banco_tableau",
                        total,
                        problem: "missing",
                    });
                }
            }
        }
        Ok(DrawingRules {
            naturals,
            punto,
            banco,
        })
    }

    /// Each prediction's profit per unit staked on a win, by the name the text uses.
    pub fn tariff_profits(&self) -> Result<BTreeMap<String, Ratio<i64>>, TranscriptionError> {
        self.tariff
            .iter()
            .map(|(name, text)| Ok((name.clone(), parse_payout(text)?)))
            .collect()
    }
}

/// Turns a draws/stands pair into one action per total; non-natural totals must be in exactly one.
fn split_rule(
    rule: &'static str,
    draw_stand: &DrawStand,
    naturals: ValueSet,
) -> Result<[Action; 10], TranscriptionError> {
    let draws = parse_set(&draw_stand.draws)?;
    let stands = parse_set(&draw_stand.stands)?;
    let mut actions = [Action::Stand; 10];
    for total in 0..10u8 {
        let t = total as usize;
        if naturals[t] {
            continue;
        }
        actions[t] = match (draws[t], stands[t]) {
            (true, false) => Action::Draw,
            (false, true) => Action::Stand,
            (true, true) => {
                return Err(TranscriptionError::Incomplete {
                    rule,
                    total,
                    problem: "both a draw and a stand",
                });
            }
            (false, false) => {
                return Err(TranscriptionError::Incomplete {
                    rule,
                    total,
                    problem: "neither a draw nor a stand",
                });
            }
        };
    }
    Ok(actions)
}

/// Reads "+19", "−20" (with a minus sign or a hyphen) or "0".
pub fn parse_signed(text: &str) -> Result<i64, TranscriptionError> {
    let error = || TranscriptionError::SignedNumber(text.to_string());
    let trimmed = text.trim();
    let (negative, digits) = if let Some(rest) = trimmed.strip_prefix(['−', '-']) {
        (true, rest)
    } else {
        (false, trimmed.strip_prefix('+').unwrap_or(trimmed))
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(error());
    }
    let magnitude: i64 = digits.parse().map_err(|_| error())?;
    Ok(if negative { -magnitude } else { magnitude })
}

/// Reads a profit per unit: a whole number ("8") or a percentage of the stake ("95%", "95 %").
pub fn parse_payout(text: &str) -> Result<Ratio<i64>, TranscriptionError> {
    let error = || TranscriptionError::Payout(text.to_string());
    let trimmed = text.trim();
    match trimmed.strip_suffix('%') {
        Some(percent) => {
            let percent: i64 = percent.trim().parse().map_err(|_| error())?;
            Ok(Ratio::new(percent, 100))
        }
        None => trimmed
            .parse::<i64>()
            .map(Ratio::from_integer)
            .map_err(|_| error()),
    }
}

/// Reads the text's word for Banco's action: draws/stands, tire/reste, and the other words of
/// [`crate::tableau_text::parse_action_word`].
pub fn parse_action(text: &str) -> Result<Action, TranscriptionError> {
    crate::tableau_text::parse_action_word(text)
        .ok_or_else(|| TranscriptionError::Action(text.to_string()))
}
