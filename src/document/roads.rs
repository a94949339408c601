//! The lines of `roads -f json` (JSON lines): one shoe's scoreboard a line.

use super::Document;
use schemars::JsonSchema;
use serde::Serialize;

/// One shoe's roads.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct RoadsShoe {
    /// Every result in order: `B` (Banco), `P` (Punto), `T` (Tie).
    pub bead_plate: String,
    /// Big Eye Boy's marks in the order of the Big Road's entries: `R` (red) or `B` (blue).
    pub big_eye_boy: String,
    /// The Big Road in logical columns, a column for each run of one winner (however a
    /// board of six rows draws it).
    pub big_road: Vec<Vec<BigRoadEntry>>,
    /// Cockroach Pig's marks, `R` or `B`.
    pub cockroach_pig: String,
    /// Ties dealt before the first Banco or Punto win.
    pub leading_ties: u32,
    /// The ask cells: the mark each derived road would make if Banco, or Punto, won the
    /// next coup.
    pub next: Next,
    /// The exact probabilities of the next coup's result from the cards left in the shoe;
    /// `null` when fewer cards are left than a coup may need.
    pub next_coup: Option<NextCoup>,
    /// The document version (1).
    pub schema: u32,
    /// The shoe's number in the log, from 1.
    pub shoe: usize,
    /// Small Road's marks, `R` or `B`.
    pub small_road: String,
}

/// One entry of the Big Road.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BigRoadEntry {
    /// The ties dealt after this win, before the next.
    pub ties: u32,
    /// `B` (Banco) or `P` (Punto).
    pub winner: &'static str,
}

/// The ask cells for both results.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Next {
    /// If Banco won the next coup.
    pub banco: AskCells,
    /// If Punto won the next coup.
    pub punto: AskCells,
}

/// The mark each derived road would make: `R`, `B`, or `null` where the road does not mark
/// yet.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct AskCells {
    /// Big Eye Boy's.
    pub big_eye_boy: Option<&'static str>,
    /// Cockroach Pig's.
    pub cockroach_pig: Option<&'static str>,
    /// Small Road's.
    pub small_road: Option<&'static str>,
}

/// The next coup's probabilities, reduced fractions `"n/d"`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NextCoup {
    /// Banco wins.
    pub banco: String,
    /// Punto wins.
    pub punto: String,
    /// A tie.
    pub tie: String,
}

impl RoadsShoe {
    /// The line as the command writes it, without the newline.
    pub fn to_json_line(&self) -> String {
        let value = serde_json::to_value(self).expect("a line is plain data");
        value.to_string()
    }
}

impl Document for RoadsShoe {
    const COMMAND: &'static str = "roads";
}
