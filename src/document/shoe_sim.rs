//! The document of `shoe-sim -f json` (and of `shoe-sim merge -f json`): shoes dealt to the
//! cut card, each bet's exact edge computed before every coup.

use super::{Document, display_as_json, rules::Dealing};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The simulation's summary.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ShoeSim {
    /// Each bet's record, by bet key.
    pub bets: BTreeMap<String, BetRecord>,
    /// The coups dealt.
    pub coups: u64,
    /// The cards left behind the cut card.
    pub cut: usize,
    /// The dealing procedure.
    pub dealing: Dealing,
    /// The decks in each shoe.
    pub decks: u64,
    /// The rule set's name.
    pub rules: String,
    /// The document version (1).
    pub schema: u32,
    /// The random seed of the shuffles.
    pub seed: u64,
    /// The shoes dealt.
    pub shoes: u64,
}

/// One bet over the simulation.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BetRecord {
    /// The mean advantage of the favourable coups, rounded.
    pub average_advantage: f64,
    /// The best advantage seen, rounded.
    pub best_advantage: f64,
    /// The coups in which the bet had the advantage.
    pub favourable_coups: u64,
    /// What betting one unit on every favourable coup gains per shoe, rounded.
    pub gain_per_shoe: f64,
    /// The share of coups that were favourable.
    pub share_of_coups: f64,
}

impl Document for ShoeSim {
    const COMMAND: &'static str = "shoe-sim";
}

display_as_json!(ShoeSim);
