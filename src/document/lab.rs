//! What the lab's documents (`shuffle-test`, `audit`) share: the input's provenance, the
//! battery of tests and the verdict.

use super::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

/// The fields every lab document has; each document adds its counts and its own fields
/// (its keys come out sorted with theirs).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LabCommon {
    /// The family-wise level of the battery.
    pub alpha: f64,
    /// The command line that made the report.
    pub command: Vec<String>,
    /// The report's date (UTC), when it is dated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The document version (1).
    pub schema: u32,
    /// The SHA-256 of the input, in hexadecimal.
    pub sha256: String,
    /// The one-line summary, in English.
    pub summary: String,
    /// Every test of the battery.
    pub tests: Vec<LabTest>,
    /// `pass` or `fail`.
    pub verdict: &'static str,
    /// The tool's version.
    pub version: &'static str,
}

/// One test of the battery.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LabTest {
    /// The degrees of freedom of a chi-square statistic, else `null`.
    pub degrees_of_freedom: Option<f64>,
    /// The test's key.
    pub name: String,
    /// Why the test was not run or how to read it, else `null`.
    pub note: Option<String>,
    /// The p-value; `null` when the test was not run.
    pub p_value: Decimal,
    /// The statistic: a number, `null` when not run, or `"inf"`.
    pub statistic: Statistic,
    /// The kind of statistic, which says how its p-value was read.
    pub statistic_kind: &'static str,
    /// The test's verdict.
    pub verdict: &'static str,
}

/// A test statistic.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Statistic {
    /// An infinite statistic: `"inf"`.
    Infinite(&'static str),
    /// A finite statistic, or `null` when the test was not run.
    Value(Decimal),
}
