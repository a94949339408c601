//! The document of `shuffle-test -f json`: the battery of tests of shuffled shoes; or, with
//! `--plan`, the shoes a defective shuffler needs to fail it.

use super::lab::LabCommon;
use super::{Decimal, Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;

/// The report on shoes, or (`--plan`) the plan against a defect.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ShuffleTest {
    /// The report on shoes.
    Report(ShuffleReport),
    /// The detection plan (`--plan` alone).
    Plan(ShufflePlan),
}

/// The battery run on shoes.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ShuffleReport {
    /// The cards in each shoe.
    pub cards_per_shoe: usize,
    /// The fields every lab document has.
    #[serde(flatten)]
    pub lab: LabCommon,
    /// The power of these shoes against each defect named with `--plan`; absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<Vec<DefectPower>>,
    /// The shoes tested.
    pub shoes: u64,
}

/// The power of the shoes against one defect.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct DefectPower {
    /// The defective shuffler.
    pub defect: String,
    /// The level each test is judged at.
    pub level_per_test: f64,
    /// The pilot shoes the effects were estimated from.
    pub pilot_shoes: u64,
    /// The battery's least power, from its most powerful test; `null` when no test saw an
    /// effect.
    pub power: Option<f64>,
    /// The test that gives it.
    pub test: Option<String>,
    /// Every test's power (`null`: not run, or no effect seen).
    pub tests: Vec<TestPower>,
}

/// One test's power against a defect.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TestPower {
    /// The test's key.
    pub name: String,
    /// Its power, or `null`.
    pub power: Option<f64>,
}

/// The shoes a defective shuffler needs to fail the battery.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ShufflePlan {
    /// The family-wise level.
    pub alpha: f64,
    /// The decks in each shoe.
    pub decks: usize,
    /// The test that catches the defect first, or `null`.
    pub first_test: Option<String>,
    /// The level each test is judged at.
    pub level_per_test: f64,
    /// The pilot shoes the effects were estimated from.
    pub pilot_shoes: u64,
    /// The power asked for.
    pub power: f64,
    /// The document version (1).
    pub schema: u32,
    /// The shoes needed, or `null` when no test saw the defect.
    pub shoes: Option<u64>,
    /// The defective shuffler.
    pub shuffler: String,
    /// Each test's estimate.
    pub tests: Vec<TestPlan>,
}

/// One test's estimate.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TestPlan {
    /// The uncertainty of the effect.
    pub error: Decimal,
    /// The test's key.
    pub name: String,
    /// The test's effect per shoe.
    pub per_shoe: Decimal,
    /// The shoes it needs, or `null` when the pilot did not see the defect.
    pub shoes: Option<u64>,
}

impl Document for ShuffleTest {
    const COMMAND: &'static str = "shuffle-test";
}

display_as_json!(ShuffleTest);
