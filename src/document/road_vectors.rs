//! The lines of `vectors --roads` (JSON lines): a sequence of results and its roads, in the
//! JSON form of `roads -f json`, with the display cells of its Big Road and the rules it
//! exercises.

use super::Document;
use super::roads::{BigRoadEntry, Next};
use schemars::JsonSchema;
use serde::Serialize;

/// One conformance vector of the roads.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct RoadVector {
    /// Every result in order: `B` (Banco), `P` (Punto), `T` (Tie); the vector's input.
    pub bead_plate: String,
    /// Big Eye Boy's marks in the order of the Big Road's entries: `R` (red) or `B` (blue).
    pub big_eye_boy: String,
    /// The Big Road in logical columns, a column for each run of one winner.
    pub big_road: Vec<Vec<BigRoadEntry>>,
    /// Where a board of six rows draws each Big Road entry: `[x, y]`, the display column
    /// and the row from the top (from 0), column by column (a column longer than six rows,
    /// or one meeting an earlier column's tail, turns right: the dragon tail).
    pub big_road_cells: Vec<Vec<[usize; 2]>>,
    /// Cockroach Pig's marks, `R` or `B`.
    pub cockroach_pig: String,
    /// Ties dealt before the first Banco or Punto win.
    pub leading_ties: u32,
    /// The ask cells: the mark each derived road would make if Banco, or Punto, won next.
    pub next: Next,
    /// The rules of the roads the vector exercises, by key (`new_column_equal_k1`, …).
    pub rules: Vec<String>,
    /// The document version (1).
    pub schema: u32,
    /// Small Road's marks, `R` or `B`.
    pub small_road: String,
    /// The vector's number, from 1.
    pub vector: usize,
}

impl RoadVector {
    /// The line as the command writes it, without the newline.
    pub fn to_json_line(&self) -> String {
        let value = serde_json::to_value(self).expect("a line is plain data");
        value.to_string()
    }
}

impl Document for RoadVector {
    const COMMAND: &'static str = "vectors --roads";
}
