//! The document of `decisions -f json`: the value of every drawing decision.

use super::{Document, display_as_json};
use crate::report::ShoeReport;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// Every cell and every Punto total with its exact change of each bet (`"n/d"`), the better
/// action for each side, and each hand's best response.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Decisions {
    /// What each hand gains by its best response instead of the tableau.
    pub best_response: PerHand<BestResponse>,
    /// Banco's decisions, a cell per total and Punto move.
    pub cells: Vec<DecisionValue>,
    /// Each main bet's expected net per coup under the tableau, `"n/d"`, by bet key.
    pub expected_nets: BTreeMap<String, String>,
    /// Punto's decisions, by total.
    pub punto_totals: Vec<DecisionValue>,
    /// The rule set's name.
    pub rules: String,
    /// The document version (1).
    pub schema: u32,
    /// The shoe.
    pub shoe: ShoeReport,
    /// What the values measure.
    pub unit: &'static str,
}

/// One value for each hand's bet.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PerHand<T> {
    /// The bet on Banco.
    pub banco: T,
    /// The bet on Punto.
    pub punto: T,
}

/// A hand's best response.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BestResponse {
    /// The decisions where it departs from the tableau.
    pub decisions: usize,
    /// Its gain per coup, `"n/d"`.
    pub gain: String,
}

/// The value of one decision. A Banco cell has `banco_total` and `punto_third_card`; a
/// Punto decision has `punto_total`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct DecisionValue {
    /// Banco's total, at a Banco cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub banco_total: Option<u8>,
    /// `draw` or `stand`: the better action for the bet on Banco.
    pub best_for_banco: &'static str,
    /// `draw` or `stand`: the better action for the bet on Punto.
    pub best_for_punto: &'static str,
    /// `draw_minus_stand`, rounded.
    pub decimal: PerHand<f64>,
    /// Each hand's bet's expected net when the hand draws less when it stands, `"n/d"`.
    pub draw_minus_stand: PerHand<String>,
    /// At a Banco cell, Punto's third card's value, or `null` when Punto stood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub punto_third_card: Option<Option<u8>>,
    /// Punto's total, at a Punto decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub punto_total: Option<u8>,
    /// The probability that a coup reaches the decision, `"n/d"`.
    pub reach: String,
    /// What the tableau does: `draw` or `stand`.
    pub tableau: &'static str,
}

impl Document for Decisions {
    const COMMAND: &'static str = "decisions";
}

display_as_json!(Decisions);
