//! The document of `check -f json`: a claimed rule set and its claims against the reference.

pub use super::{Change, Edge};
use super::{Document, Exact, display_as_json};
use crate::report::ShoeReport;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// What a claimed rule set changes from the reference, and whether its claims hold.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Check {
    /// What the claimed file left out and was taken from the reference: `naturals`,
    /// `punto_rule`, `banco_when_punto_stands`, `tariff`.
    pub assumed_from_reference: Vec<&'static str>,
    /// Each main bet's edge under the claimed rules.
    pub claimed_edges: BTreeMap<String, Edge>,
    /// Every claim with its exact value and whether it holds.
    pub claims: Vec<Claim>,
    /// Whether every claim holds.
    pub claims_hold: bool,
    /// How a grid's columns were read, for a grid; else `null`.
    pub columns: Option<Columns>,
    /// Every drawing decision where the claimed rules differ from the reference.
    pub differences: Vec<Difference>,
    /// Each main bet's change of edge from the drawing differences alone.
    pub drawing_change: BTreeMap<String, Change>,
    /// `rule_file`, `grid` or `ranges`.
    pub form: &'static str,
    /// For a game that leaves decisions to the hands: its solution; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_with_choices: Option<GameWithChoices>,
    /// Each main bet's edge under the reference rules.
    pub reference_edges: BTreeMap<String, Edge>,
    /// The document version (1).
    pub schema: u32,
    /// The shoe.
    pub shoe: ShoeReport,
    /// The file checked, as given.
    pub source: String,
    /// Every bet whose tariff differs from the reference.
    pub tariff_differences: Vec<TariffDifference>,
    /// Each main bet's whole change of edge.
    pub total_change: BTreeMap<String, Change>,
}

/// How a grid's columns were read.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Columns {
    /// Each column with the Punto move it stands for.
    pub columns: Vec<Column>,
    /// The line of the header, or `null` when the grid has none.
    pub header_line: Option<usize>,
    /// The reading as a sentence.
    pub text: String,
}

/// A grid column.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Column {
    /// The column's label.
    pub label: String,
    /// The Punto third card it stands for, or `null` for "stood".
    pub punto_third_card: Option<u8>,
}

/// A drawing decision where the claimed rules differ.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Difference {
    /// Banco's total, at a Banco decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub banco_total: Option<u8>,
    /// What the claimed rules do: `draw`, `stand`, or for a natural `natural`/`not_natural`.
    pub claimed: &'static str,
    /// Each main bet's change of edge from this difference alone.
    pub edge_change: BTreeMap<String, Change>,
    /// `banco`, `punto`, or `null` for a natural.
    pub hand: Option<&'static str>,
    /// The total, at a natural.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural_total: Option<u8>,
    /// At a Banco decision, Punto's third card, or `null` when Punto stood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub punto_third_card: Option<Option<u8>>,
    /// Punto's total, at a Punto decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub punto_total: Option<u8>,
    /// The probability that a coup reaches the decision, or `null`.
    pub reach: Option<Exact>,
    /// What the reference does.
    pub reference: &'static str,
    /// The difference as a sentence.
    pub text: String,
}

/// A bet whose tariff differs.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TariffDifference {
    /// The bet's key.
    pub bet: String,
    /// The claimed terms in words, or `null` when the claimed rules lack the bet.
    pub claimed: Option<String>,
    /// The bet's edge under the claimed terms, `"n/d"`, or `null`.
    pub claimed_edge: Option<String>,
    /// The reference terms in words, or `null`.
    pub reference: Option<String>,
    /// The bet's edge under the reference terms, or `null`.
    pub reference_edge: Option<String>,
}

/// A claim and its exact value.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Claim {
    /// Whether the claim's outcome is the expected one (it holds, or it is a known error).
    pub as_expected: bool,
    /// The bet the claim is about, or `null`.
    pub bet: Option<String>,
    /// What is claimed, in words.
    pub claim: String,
    /// The exact value, rounded; `null` when it could not be computed.
    pub decimal: Option<f64>,
    /// The event counted or weighed, or `null`.
    pub event: Option<Condition>,
    /// The exact value: an integer for counts, else `"n/d"`; `null` when it could not be
    /// computed.
    pub exact: Option<String>,
    /// Whether the claim holds.
    pub holds: bool,
    /// The pay lines of a line claim, or `null`.
    pub lines: Option<Vec<usize>>,
    /// What a line count counts over, or `null`.
    pub over: Option<&'static str>,
    /// Why the published claim is known to be wrong, or `null`.
    pub published_wrong: Option<String>,
    /// `edge`, `win_probability`, `count`, `probability`, `sequences`, `line_probability`
    /// or `line_count`.
    pub quantity: &'static str,
    /// The value as stated.
    pub stated: String,
}

/// An event: only the fields it sets.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Condition {
    /// The cards in the coup.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<u8>,
    /// The winner's margin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<u8>,
    /// Whether a hand had a natural.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural: Option<bool>,
    /// The winning total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u8>,
    /// The winner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
}

/// A game that leaves decisions to the hands, solved.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct GameWithChoices {
    /// Banco's free decisions.
    pub banco_choices: Vec<BancoChoice>,
    /// The commission and where it came from.
    pub commission: Commission,
    /// How many fixed cells are the best response.
    pub fixed_cells_best_responses: usize,
    /// Each fixed cell against the best response.
    pub fixed_cells_vs_best_response: Vec<FixedCell>,
    /// What Punto sees of its own hand.
    pub information: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// Punto's free totals.
    pub punto_choices: Vec<u8>,
    /// The solution.
    pub solution: ChoicesSolution,
    /// The game in a sentence.
    pub text: String,
}

/// One of Banco's free decisions.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoChoice {
    /// Banco's total.
    pub banco_total: u8,
    /// Punto's third card, or `null` when Punto stood.
    pub punto_third_card: Option<u8>,
}

/// The commission of a game with choices.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Commission {
    /// The commission, `"n/d"`.
    pub exact: String,
    /// `tariff`, `not_stated` or `not_a_commission`.
    pub source: &'static str,
}

/// A fixed cell against the best response.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FixedCell {
    /// Banco's total, at a Banco cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub banco_total: Option<u8>,
    /// Whether the fixed action is the best response.
    pub best_response: bool,
    /// What departing from the fixed action costs.
    pub departing_costs: Exact,
    /// The hand's expected net when it draws less when it stands.
    pub draw_minus_stand: Exact,
    /// The fixed action.
    pub fixed: &'static str,
    /// `banco` or `punto`.
    pub hand: &'static str,
    /// At a Banco cell, Punto's third card, or `null` when Punto stood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub punto_third_card: Option<Option<u8>>,
    /// Punto's total, at a Punto cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub punto_total: Option<u8>,
}

/// The solution of a game with choices.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ChoicesSolution {
    /// Banco's strategy.
    pub banco: Vec<BancoSet>,
    /// Banco's expected net.
    pub banco_ev: Exact,
    /// What each player could gain by departing, and whether that proves the equilibrium.
    pub certificate: ChoicesCertificate,
    /// Whether the game is degenerate.
    pub degenerate: bool,
    /// The equilibria found.
    pub equilibria: usize,
    /// Punto's strategy.
    pub punto: Vec<PuntoSet>,
    /// Punto's expected net.
    pub punto_ev: Exact,
    /// Whether the equilibrium is unique.
    pub unique: bool,
    /// The game's value to Punto when it is zero-sum, else `null`.
    pub value: Option<Exact>,
    /// Whether the game is zero-sum.
    pub zero_sum: bool,
}

/// A certificate of equilibrium.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ChoicesCertificate {
    /// Banco's gain by departing.
    pub banco_gain: Exact,
    /// Whether the gains prove the equilibrium.
    pub certified: bool,
    /// Punto's gain by departing.
    pub punto_gain: Exact,
}

/// A hand Punto can tell apart.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PuntoSet {
    /// `draw`, `stand` or `mixed`.
    pub choice: &'static str,
    /// The probability of drawing.
    pub draw_probability: Exact,
    /// Its total.
    pub punto_total: u8,
    /// The hand.
    pub set: String,
}

/// A hand Banco can tell apart, against a Punto move.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoSet {
    /// Its total.
    pub banco_total: u8,
    /// `draw`, `stand` or `mixed`.
    pub choice: &'static str,
    /// The probability of drawing.
    pub draw_probability: Exact,
    /// Punto's third card, or `null` when Punto stood.
    pub punto_third_card: Option<u8>,
    /// The hand.
    pub set: String,
}

impl Document for Check {
    const COMMAND: &'static str = "check";
}

display_as_json!(Check);
