//! The document of `count -f json`: a point count's betting correlation with every bet, and
//! what betting by its true count is worth per shoe against perfect knowledge of the cards
//! left, every coup priced exactly.

use super::{Document, Exact, display_as_json, rules::Dealing};
use schemars::JsonSchema;
use serde::Serialize;

/// A count evaluated over simulated shoes.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Count {
    /// Each bet of the rule set, in the tariff's order.
    pub bets: Vec<BetCount>,
    /// The count evaluated.
    pub count: Weights,
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
    /// The random seed of the shuffles (the shoes `shoe-sim` deals with it).
    pub seed: u64,
    /// The shoes dealt.
    pub shoes: u64,
    /// The thresholds of the true count, ascending, each `"n/d"` or a whole number.
    pub thresholds: Vec<String>,
}

/// A point count.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Weights {
    /// Whether a full deck counts to zero.
    pub balanced: bool,
    /// Its name, for a published count.
    pub name: Option<String>,
    /// Where it is published, for a published count.
    pub source: Option<String>,
    /// The weight of each rank, A, 2, …, 10, J, Q, K.
    pub weights: Vec<i64>,
}

/// One bet under the count.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BetCount {
    /// The bet's key.
    pub bet: String,
    /// The correlation over the 13 ranks, each weighted by its cards in the full shoe,
    /// between the count's weights and the player's exact effects of removal (minus `eor`'s
    /// change of house edge); `null` when either is constant.
    pub betting_correlation: Option<f64>,
    /// Its square, exactly, `"n/d"`.
    pub betting_correlation_squared: Option<String>,
    /// Betting one unit exactly when the bet is favourable on the cards left.
    pub perfect_knowledge: Placed,
    /// Betting one unit when the true count reaches each threshold, in their order.
    pub thresholds: Vec<Threshold>,
}

/// What a way of betting placed, and gained.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Placed {
    /// The mean expected net of the coups bet, rounded; `null` when none was.
    pub average_advantage: Option<f64>,
    /// The coups bet.
    pub coups_bet: u64,
    /// Among them, the coups that were favourable.
    pub favourable_coups: u64,
    /// The exact expected gain per shoe dealt, in units staked.
    pub gain_per_shoe: Exact,
    /// The share of the coups dealt that were bet.
    pub share_of_coups: f64,
}

/// Betting when the true count reaches one threshold.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Threshold {
    /// The count's gain over perfect knowledge's, rounded; `null` when perfect knowledge
    /// gains nothing.
    pub efficiency: Option<f64>,
    /// What betting then placed and gained.
    #[serde(flatten)]
    pub placed: Placed,
    /// The threshold.
    pub threshold: String,
}

impl Document for Count {
    const COMMAND: &'static str = "count";
}

display_as_json!(Count);
