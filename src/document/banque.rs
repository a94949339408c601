//! The document of `banque -f json`: the solved game of baccarat banque, two Puntos against
//! one Banco, drawn with replacement.

use super::{Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;

/// The solution: the first equilibrium's `punto_1`, `punto_2` and `banco` at the top, every
/// equilibrium under `equilibria`. Exact values are written `"a+b√c"` where they are
/// quadratic irrationals.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Banque {
    /// The first equilibrium's Banco, or `null` when none was found.
    pub banco: Option<BancoEquilibrium>,
    /// The cells of the square of Punto strategies that were examined.
    pub cells: Cells,
    /// Whether every equilibrium is certified.
    pub certified: bool,
    /// Whether every part of the square was resolved.
    pub complete: bool,
    /// Every equilibrium found.
    pub equilibria: Vec<Equilibrium>,
    /// `baccarat-banque`.
    pub game: &'static str,
    /// The first equilibrium's first Punto, or `null`.
    pub punto_1: Option<PuntoEquilibrium>,
    /// The first equilibrium's second Punto, or `null`.
    pub punto_2: Option<PuntoEquilibrium>,
    /// The document version (1).
    pub schema: u32,
    /// The share of the first Punto's stake in the coup, exact.
    pub share: String,
    /// `{"with_replacement": true}`: the cards are drawn with replacement.
    pub shoe: WithReplacement,
    /// Whether the equilibrium is unique.
    pub unique: bool,
    /// The parts of the square left unresolved.
    pub unresolved: Vec<Unresolved>,
}

/// Cards drawn with replacement.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct WithReplacement {
    /// `true`.
    pub with_replacement: bool,
}

/// The cells of the square of Punto strategies.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Cells {
    /// Its arcs.
    pub arcs: usize,
    /// Its faces.
    pub faces: usize,
    /// Its vertices.
    pub vertices: usize,
}

/// A part of the square left unresolved.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Unresolved {
    /// A point near it: each Punto's probability of drawing at 5, rounded.
    pub near: [f64; 2],
    /// `continuum` or `too-many-free-sets`.
    pub reason: &'static str,
}

/// One equilibrium.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Equilibrium {
    /// Banco's strategy and expectation.
    pub banco: BancoEquilibrium,
    /// What each player could gain by departing.
    pub certificate: Certificate,
    /// Whether the certificate proves it.
    pub certified: bool,
    /// The first Punto's.
    pub punto_1: PuntoEquilibrium,
    /// The second Punto's.
    pub punto_2: PuntoEquilibrium,
}

/// What each player could gain by departing from an equilibrium.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Certificate {
    /// Banco's gain.
    pub banco_gain: String,
    /// The first Punto's gain.
    pub punto_1_gain: String,
    /// The second Punto's gain.
    pub punto_2_gain: String,
}

/// An expectation: one value, or the range over a segment of equilibria.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Expectation {
    /// One value.
    Point {
        /// Rounded.
        decimal: f64,
        /// Exact.
        expectation: String,
    },
    /// A range.
    Range {
        /// Rounded.
        decimal: Range<f64>,
        /// Exact.
        expectation: Range<String>,
    },
}

/// The ends of a range.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Range<T> {
    /// The upper end.
    pub high: T,
    /// The lower end.
    pub low: T,
}

/// A Punto at an equilibrium.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PuntoEquilibrium {
    /// Its probability of drawing at 5, exact.
    pub draw_at_5: String,
    /// Rounded.
    pub draw_at_5_decimal: f64,
    /// Its expectation.
    #[serde(flatten)]
    pub expectation: Expectation,
}

/// Banco at an equilibrium.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoEquilibrium {
    /// The number of ends of the segment of equilibria (1 for a point).
    pub ends: usize,
    /// Its expectation.
    #[serde(flatten)]
    pub expectation: Expectation,
    /// The situations where Banco is indifferent.
    pub indifferent: Vec<Situation>,
    /// The situations where Banco mixes, with its probability of drawing at each end.
    pub mixed: Vec<Mixed>,
    /// Every situation with Banco's probability of drawing.
    pub strategy: Vec<Choice>,
}

/// A situation Banco can tell apart: its total and each Punto's state.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Situation {
    /// Banco's total.
    pub banco_total: u8,
    /// The first Punto's state: `natural`, `stood`, `drew 4`.
    pub punto_1: String,
    /// The second Punto's state.
    pub punto_2: String,
}

/// Banco's probability of drawing in a situation.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Choice {
    /// The probability, exact.
    pub draw: String,
    /// The situation.
    #[serde(flatten)]
    pub situation: Situation,
}

/// Banco's mixed probability of drawing in a situation.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Mixed {
    /// The probability: one, or one per end of the segment.
    pub draw: Draw,
    /// The situation.
    #[serde(flatten)]
    pub situation: Situation,
}

/// A probability of drawing, at a point or at each end of a segment.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Draw {
    /// At a point.
    One(String),
    /// At each end.
    Ends(Vec<String>),
}

impl Document for Banque {
    const COMMAND: &'static str = "banque";
}

display_as_json!(Banque);
