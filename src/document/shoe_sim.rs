//! The document of `shoe-sim -f json` (and of `shoe-sim merge -f json`): shoes dealt to the
//! cut card, each bet's exact edge computed before every coup.

use super::{Document, display_as_json, rules::Dealing};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
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

/// The document of `shoe-sim --shard K/N --partial` (and of `shoe-sim merge --partial`): one
/// shard, or consecutive shards, of a run, with its exact totals, as a merge reads them back.
/// Every count is a decimal string and every exact value a fraction `"n/d"`, so that nothing
/// is rounded; its keys come out in the order they are declared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartialDocument {
    /// The partial's own version (1).
    pub schema: u64,
    /// `punto-banco shoe-sim partial`, so that another JSON document is not taken for one.
    pub kind: String,
    /// The version of punto-banco that dealt it.
    pub version: String,
    /// The rule set it was dealt under.
    pub rules: PartialRules,
    /// The shoes of the whole run, in decimal digits.
    pub shoes: String,
    /// The random seed of the run's shuffles, in decimal digits.
    pub seed: String,
    /// The decks in each shoe.
    pub decks: u64,
    /// The cards left behind the cut card.
    pub cut: u64,
    /// The burn: `first-card` or `none`.
    pub burn: String,
    /// What an ace burns, with `first-card`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ace_burns: Option<u8>,
    /// The coups dealt after the cut card comes out.
    pub coups_after_cut: u64,
    /// The shards it holds.
    pub shards: PartialShards,
    /// The shoes it dealt, in decimal digits.
    pub shoes_dealt: String,
    /// The coups it dealt, in decimal digits.
    pub coups: String,
    /// Each bet's exact totals, in the tariff's order.
    pub bets: Vec<PartialBet>,
    /// The width, in cards left, of the bands coups are counted by.
    pub band_width: u64,
    /// Each band's coups, fewest cards left first, separated by spaces.
    pub coups_by_band: String,
}

/// The rule set of a partial.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartialRules {
    /// Its name, as `--rules` gave it.
    pub name: String,
    /// The SHA-256 of its content, in lowercase hexadecimal.
    pub sha256: String,
}

/// The shards of a partial: from `first` to `last` of `count`, each in decimal digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartialShards {
    /// The shards the run was cut into.
    pub count: String,
    /// The first shard held, from 1.
    pub first: String,
    /// The last shard held.
    pub last: String,
}

/// One bet's exact totals in a partial.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartialBet {
    /// The bet's key.
    pub key: String,
    /// The coups before which the bet was favourable (its exact expected net above zero), in
    /// decimal digits.
    pub favourable_coups: String,
    /// The sum of its exact advantage over those coups, `"n/d"`.
    pub advantage_sum: String,
    /// Its best advantage, `"n/d"`, or `null` when it never was favourable.
    pub best_advantage: Option<String>,
    /// The favourable coups of each band, separated by spaces.
    pub favourable_by_band: String,
    /// The advantage sum of each band, `"n/d"`, separated by spaces.
    pub advantage_by_band: String,
}
