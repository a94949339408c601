//! The document of `fit -f json`: the chi-square tests of logged outcomes against the exact
//! odds; or, with `--plan`, the coups an engine must log to show an error.

use super::{Decimal, Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;

/// The tests of a log, or (`--plan`) the detection plan of a claimed error.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Fit {
    /// The tests of a log's counts.
    Tests(FitTests),
    /// The detection plan (`--plan`).
    Plan(FitPlan),
}

/// The tests of a log's counts, a chi-square test per grouping.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FitTests {
    /// The level of the whole report.
    pub alpha: f64,
    /// The level of each grouping's test (`alpha` shared among them).
    pub alpha_per_grouping: f64,
    /// Whether every grouping is consistent with the odds.
    pub consistent: bool,
    /// A test per grouping.
    pub groupings: Vec<GroupingTest>,
    /// The document version (1).
    pub schema: u32,
}

/// One grouping's chi-square test.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct GroupingTest {
    /// Every cell with its observed and expected coups.
    pub cells: Vec<CellTest>,
    /// The chi-square statistic.
    pub chi_square: Decimal,
    /// Whether the counts are consistent with the odds; `null` when nothing could be tested.
    pub consistent: Option<bool>,
    /// The coups counted.
    pub coups: u64,
    /// The test's degrees of freedom.
    pub degrees_of_freedom: u64,
    /// The grouping's key.
    pub grouping: String,
    /// Cells that the rules make impossible but the log has.
    pub impossible: Vec<ImpossibleCell>,
    /// The test's p-value; `null` when nothing could be tested.
    pub p_value: Option<f64>,
    /// How many rare cells were pooled.
    pub pooled_cells: usize,
}

/// One cell of a grouping.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CellTest {
    /// The cell's name.
    pub cell: String,
    /// The coups the rules expect in it.
    pub expected: f64,
    /// The coups observed in it.
    pub observed: u64,
    /// The standardised residual.
    pub residual: Decimal,
}

/// A cell the rules make impossible, and the coups the log has in it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ImpossibleCell {
    /// The cell's name.
    pub cell: String,
    /// The coups observed in it.
    pub observed: u64,
}

/// The coups an engine must log to show the error.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FitPlan {
    /// Each test's level.
    pub alpha: f64,
    /// A plan per grouping `fit` tests.
    pub fit: Vec<GroupingPlan>,
    /// The power asked for.
    pub power: f64,
    /// The document version (1).
    pub schema: u32,
    /// The coups before `verify` meets the error, when a decision differs.
    pub verify: Option<VerifyPlan>,
}

/// One grouping's plan.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct GroupingPlan {
    /// The coups needed; `null` when beyond any log or never.
    pub coups: Option<u64>,
    /// The test's degrees of freedom.
    pub degrees_of_freedom: u64,
    /// The grouping's key.
    pub grouping: String,
    /// The limit passed, when the coups needed are beyond any log; else `null`.
    pub more_than: Option<u64>,
    /// The noncentrality one coup adds.
    pub noncentrality_per_coup: f64,
}

/// When `verify` meets the error.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct VerifyPlan {
    /// The coups needed; `null` when beyond any log or never.
    pub coups: Option<u64>,
    /// The decision that differs.
    pub decision: String,
    /// The limit passed, when the coups needed are beyond any log; else `null`.
    pub more_than: Option<u64>,
}

impl Document for Fit {
    const COMMAND: &'static str = "fit";
}

display_as_json!(Fit);
