//! The document of `deal -f json`: one coup dealt and explained.

use super::{Amount, Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// One coup: both hands, every decision with the rule that made it, and what each bet nets.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Deal {
    /// Banco's cards and final total.
    pub banco: HandCards,
    /// The language of the sentences, `en` or `fr`.
    pub lang: &'static str,
    /// Whether either hand had a natural (8 or 9 in two cards).
    pub natural: bool,
    /// What a stake of `stake` on each main bet nets, by bet key.
    pub net: BTreeMap<String, Amount>,
    /// Punto's cards and final total.
    pub punto: HandCards,
    /// The result as a sentence.
    pub result: String,
    /// The document version (1).
    pub schema: u32,
    /// The stake on each bet.
    pub stake: i64,
    /// The decisions, in the order of play.
    pub steps: Vec<Step>,
    /// The cards given but not dealt.
    pub unused: Vec<String>,
    /// `punto`, `banco` or `tie`.
    pub winner: &'static str,
}

/// A hand's cards (`"4♥"`) and final total.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HandCards {
    /// The cards in the order dealt.
    pub cards: Vec<String>,
    /// The hand's total, 0 to 9.
    pub total: u8,
}

/// One decision of the coup.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Step {
    /// A natural ends the coup.
    Natural {
        /// Banco's two-card total.
        banco_total: u8,
        /// `natural`.
        decision: &'static str,
        /// No hand acts: `null`.
        hand: (),
        /// Punto's two-card total.
        punto_total: u8,
        /// The rule applied.
        rule: String,
        /// The decision as a sentence.
        text: String,
    },
    /// Banco draws or stands.
    Banco {
        /// `draw` or `stand`.
        decision: &'static str,
        /// `banco`.
        hand: &'static str,
        /// Punto's third card's value, or `null` when Punto stood.
        punto_third_card: Option<u8>,
        /// The rule applied.
        rule: String,
        /// The decision as a sentence.
        text: String,
        /// Banco's two-card total.
        total: u8,
    },
    /// Punto draws or stands.
    Punto {
        /// `draw` or `stand`.
        decision: &'static str,
        /// `punto`.
        hand: &'static str,
        /// The rule applied.
        rule: String,
        /// The decision as a sentence.
        text: String,
        /// Punto's two-card total.
        total: u8,
    },
}

impl Document for Deal {
    const COMMAND: &'static str = "deal";
}

display_as_json!(Deal);
