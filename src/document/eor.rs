//! The document of `eor -f json`: each bet's change of edge when cards are removed.

pub use super::{Change, Edge};
use super::{Document, display_as_json};
use crate::report::ShoeReport;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The effect of removal: by rank, `removal` has a row per rank; by card (`"removed":
/// "card"`), a row per card, then the summaries by rank, suit and colour.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Eor {
    /// By card: the changes summed over each colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_colour: Option<Vec<ColourRow>>,
    /// By card: the changes summed over each rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_rank: Option<Vec<RankRow>>,
    /// By card: the changes summed over each suit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_suit: Option<Vec<SuitRow>>,
    /// Each bet's edge on the full shoe, by bet key.
    pub edges: BTreeMap<String, Edge>,
    /// A row per rank removed, or per card (`"removed": "card"`).
    pub removal: Removal,
    /// `card` when the rows are by exact card; absent by rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<&'static str>,
    /// The rule set's name.
    pub rules: String,
    /// The document version (1).
    pub schema: u32,
    /// The shoe.
    pub shoe: ShoeReport,
    /// `true` when a bet reads suits yet every rank's four cards have one effect (every bet
    /// treats the suits alike and the shoe is suit-even): the card rows repeat the rank rows.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suits_alike: bool,
}

/// Each bet's change (by bet key), or `null` when the removal cannot happen.
pub type Changes = Option<BTreeMap<String, Change>>;

/// The rows of the removal.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Removal {
    /// A row per exact card.
    Cards(Vec<CardRow>),
    /// A row per rank.
    Ranks(Vec<RankRow>),
}

/// The changes when one card of a rank is removed.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct RankRow {
    /// Each bet's change.
    pub edge_change: Changes,
    /// The rank, `A` to `K`.
    pub rank: &'static str,
}

/// The changes when one exact card is removed.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CardRow {
    /// The card, `"4♥"`.
    pub card: String,
    /// How many of it the shoe holds.
    pub count: u64,
    /// Each bet's change.
    pub edge_change: Changes,
    /// Its rank.
    pub rank: &'static str,
    /// Its suit's key.
    pub suit: &'static str,
}

/// The changes summed over a suit.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SuitRow {
    /// Each bet's change.
    pub edge_change: Changes,
    /// The suit's key.
    pub suit: &'static str,
}

/// The changes summed over a colour.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ColourRow {
    /// The colour's key.
    pub colour: &'static str,
    /// Each bet's change.
    pub edge_change: Changes,
}

impl Document for Eor {
    const COMMAND: &'static str = "eor";
}

display_as_json!(Eor);
