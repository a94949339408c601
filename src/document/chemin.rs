//! The document of `chemin -f json`: the solved game of chemin de fer, where both players
//! choose at their free totals.

use super::{Document, display_as_json};
use crate::report::ShoeReport;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The solution: exact values as `"n/d"` strings, rounded decimals for people under
/// `decimal`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Chemin {
    /// Banco's strategy.
    pub banco: BancoStrategy,
    /// Banco's expected net per coup, `"n/d"`.
    pub banco_ev: String,
    /// What each player could gain by departing from the solution (zero when certified).
    pub certificate: Certificate,
    /// Whether the certificate proves the solution an equilibrium.
    pub certified: bool,
    /// The commission Banco pays on its wins, `"n/d"`.
    pub commission: String,
    /// The expected nets, rounded.
    pub decimal: Evs,
    /// Whether the game is degenerate.
    pub degenerate: bool,
    /// The equilibria found.
    pub equilibria: usize,
    /// `chemin-de-fer`.
    pub game: &'static str,
    /// What Punto sees of its own hand.
    pub information: &'static str,
    /// Punto's strategy.
    pub punto: PuntoStrategy,
    /// Punto's expected net per coup, `"n/d"`.
    pub punto_ev: String,
    /// The document version (1).
    pub schema: u32,
    /// The shoe, or `{"with_replacement": true}`.
    pub shoe: Draws,
    /// Whether the solution is the only equilibrium.
    pub unique: bool,
    /// The game's value to Punto, `"n/d"`, when it is zero-sum; else `null`.
    pub value: Option<String>,
    /// Whether the game is zero-sum (no commission).
    pub zero_sum: bool,
}

/// Where the cards come from.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Draws {
    /// A shoe.
    Shoe(ShoeReport),
    /// An infinite deck: cards drawn with replacement.
    WithReplacement {
        /// `true`.
        with_replacement: bool,
    },
}

/// Both expected nets, rounded.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Evs {
    /// Banco's.
    pub banco_ev: f64,
    /// Punto's.
    pub punto_ev: f64,
}

/// What each player could gain by departing.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Certificate {
    /// Banco's gain, `"n/d"`.
    pub banco_gain: String,
    /// Punto's gain, `"n/d"`.
    pub punto_gain: String,
}

/// Punto's strategy.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PuntoStrategy {
    /// The probability of drawing at 5: one fraction, or one per two-card composition.
    pub draw_at_5: DrawAt5,
    /// Every hand Punto can tell apart, with its probability of drawing.
    pub sets: Vec<PuntoSet>,
}

/// Punto's probability of drawing at 5.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum DrawAt5 {
    /// One fraction, when Punto knows only its total.
    One(String),
    /// One fraction per two-card composition.
    ByComposition(BTreeMap<String, String>),
}

/// A hand Punto can tell apart.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PuntoSet {
    /// `draw`, `stand` or `mixed`.
    pub choice: &'static str,
    /// The probability of drawing, `"n/d"`.
    pub draw: String,
    /// The hand.
    pub punto_hand: String,
    /// Its total.
    pub punto_total: u8,
}

/// Banco's strategy.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoStrategy {
    /// The hands where Banco's choice does not matter.
    pub idle: Vec<BancoIdle>,
    /// The hands where Banco mixes.
    pub mixed: Vec<BancoSet>,
    /// Every hand Banco can tell apart, with its probability of drawing.
    pub strategy: Vec<BancoSet>,
}

/// A hand Banco can tell apart, against a Punto move.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoSet {
    /// Banco's hand.
    pub banco_hand: String,
    /// Its total.
    pub banco_total: u8,
    /// `draw`, `stand` or `mixed`.
    pub choice: &'static str,
    /// The probability of drawing, `"n/d"`.
    pub draw: String,
    /// Punto's third card's value, or `null` when Punto stood.
    pub punto_third_card: Option<u8>,
}

/// A hand where Banco's choice does not matter.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoIdle {
    /// Banco's hand.
    pub banco_hand: String,
    /// Punto's third card's value, or `null` when Punto stood.
    pub punto_third_card: Option<u8>,
}

impl Document for Chemin {
    const COMMAND: &'static str = "chemin";
}

display_as_json!(Chemin);
