//! The document of `session-odds -f json`: the odds of a session of fixed predictions.

use super::{Document, Exact, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The odds of every strategy and head to head, or (with `--players`) of each participant.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SessionOdds {
    /// The deals in the session.
    pub deals: u32,
    /// Every pair of strategies' chances; absent with `--players`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head_to_head: Option<Vec<HeadToHead>>,
    /// Each participant's chances, in the order given (`--players`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<Player>>,
    /// The document version (1).
    pub schema: u32,
    /// The stake of every prediction.
    pub stake: i64,
    /// Each always-the-same-bet strategy, by bet key; absent with `--players`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategies: Option<BTreeMap<String, Strategy>>,
}

/// One strategy's final score.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Strategy {
    /// A short session: the whole distribution of the final score.
    Distribution {
        /// The chance of finishing at zero or above, `"n/d"`.
        at_least_zero: String,
        /// The expected final score, `"n/d"`.
        expected: String,
        /// The expected final score, rounded.
        expected_decimal: f64,
        /// Every final score with its probability.
        final_score: Vec<Score>,
    },
    /// A long session: the chances of finishing above, at and below zero.
    Signs {
        /// The chance of finishing above zero.
        above_zero: Exact,
        /// The chance of finishing at zero or above, `"n/d"`.
        at_least_zero: String,
        /// The chance of finishing at zero.
        at_zero: Exact,
        /// The chance of finishing below zero.
        below_zero: Exact,
        /// The expected final score, `"n/d"`.
        expected: String,
        /// The expected final score, rounded.
        expected_decimal: f64,
    },
}

/// A final score and its probability.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Score {
    /// The probability, rounded.
    pub decimal: f64,
    /// The probability, `"n/d"`.
    pub probability: String,
    /// The score, `"n/d"`.
    pub score: String,
}

/// One strategy against another.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HeadToHead {
    /// The chance `strategy` finishes ahead, `"n/d"`.
    pub ahead: String,
    /// The other strategy's bet key.
    pub against: &'static str,
    /// The chance `strategy` finishes behind, `"n/d"`.
    pub behind: String,
    /// The chance they finish level, `"n/d"`.
    pub level: String,
    /// The strategy's bet key.
    pub strategy: &'static str,
}

/// A participant's chances.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Player {
    /// The participant's bet key.
    pub prediction: &'static str,
    /// The chance of sharing first place, `"n/d"`.
    pub shares_first: String,
    /// The chance of sharing first place, rounded.
    pub shares_first_decimal: f64,
    /// The chance of finishing first alone, `"n/d"`.
    pub wins_alone: String,
    /// The chance of finishing first alone, rounded.
    pub wins_alone_decimal: f64,
}

impl Document for SessionOdds {
    const COMMAND: &'static str = "session-odds";
}

display_as_json!(SessionOdds);
