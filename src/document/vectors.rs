//! The lines of `vectors` (JSON lines): every distinct coup by card value, with its weight.
//!
//! A line's keys keep the order the command has always written: `cards`, `decisions`,
//! `punto_total`, `banco_total`, `natural`, `winner`, `weight`.

use super::Document;
use schemars::JsonSchema;
use serde::Serialize;

/// One coup by card value.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Vector {
    /// The card values (0 to 9) in deal order: Punto, Banco, Punto, Banco, then third cards.
    pub cards: Vec<u8>,
    /// The decisions in order: `natural`, `punto_draws`, `punto_stands`, `banco_draws`,
    /// `banco_stands`.
    pub decisions: Vec<&'static str>,
    /// Punto's final total.
    pub punto_total: u8,
    /// Banco's final total.
    pub banco_total: u8,
    /// Whether either hand had a natural.
    pub natural: bool,
    /// `punto`, `banco` or `tie`.
    pub winner: &'static str,
    /// The ordered six-card sequences of the shoe that begin with these cards, in decimal
    /// digits.
    pub weight: String,
}

impl Vector {
    /// The line as the command writes it, without the newline.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a vector is plain data")
    }
}

impl Document for Vector {
    const COMMAND: &'static str = "vectors";
}
