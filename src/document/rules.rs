//! The document of `rules -f json` (and of `table NAME -f json`, with its dealing procedure):
//! the drawing rules cell by cell and the settlement of each main bet.

use super::{Amount, Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The tableau and the tariff.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Rules {
    /// Banco's decisions by its total (0 to 9), each against every Punto move.
    pub banco: Vec<BancoRow>,
    /// The dealing procedure of a table (`table NAME`); absent from `rules`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealing: Option<Dealing>,
    /// The totals that are naturals in two cards.
    pub naturals: Vec<u8>,
    /// Punto's decision by its total (0 to 9).
    pub punto: Vec<PuntoCell>,
    /// What `stake` on each main bet (by key) nets when each outcome (by key) wins: a number,
    /// or a list when the net depends on the final state (a commission on some totals).
    pub settlement: BTreeMap<String, BTreeMap<String, Nets>>,
    /// The document version (1).
    pub schema: u32,
    /// The stake settled.
    pub stake: i64,
}

/// One Banco total's row of the tableau.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoRow {
    /// Banco's two-card total.
    pub banco_total: u8,
    /// The decision against each Punto move: stood, then a third card of 0 to 9.
    pub cells: Vec<BancoCell>,
    /// Whether the total is a natural.
    pub natural: bool,
}

/// One cell of Banco's tableau.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BancoCell {
    /// `draw`, `stand`, or `natural` when the total ends the coup.
    pub action: &'static str,
    /// Punto's third card's value, or `null` when Punto stood.
    pub punto_third_card: Option<u8>,
}

/// Punto's decision at one total.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct PuntoCell {
    /// `draw`, `stand`, or `natural`.
    pub action: &'static str,
    /// Punto's two-card total.
    pub punto_total: u8,
}

/// What a bet nets when an outcome wins.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Nets {
    /// The same net whatever the final state.
    Single(Amount),
    /// The distinct nets, when they depend on the final state.
    Several(Vec<Amount>),
}

/// A table's dealing procedure, as a rule file writes it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Dealing {
    /// The first card is turned and that many burnt.
    FirstCard {
        /// What an ace burns.
        ace_burns: u8,
        /// `first-card`.
        burn: &'static str,
        /// Coups dealt after the cut card appears.
        coups_after_cut: u64,
        /// The cards left behind the cut card.
        cut: u64,
    },
    /// No card is burnt.
    None {
        /// `none`.
        burn: &'static str,
        /// Coups dealt after the cut card appears.
        coups_after_cut: u64,
        /// The cards left behind the cut card.
        cut: u64,
    },
}

impl Document for Rules {
    const COMMAND: &'static str = "rules";
}

display_as_json!(Rules);
