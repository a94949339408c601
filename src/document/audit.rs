//! The document of `audit -f json`: a shoe log against each coup's exact odds.

use super::lab::LabCommon;
use super::{Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The audit: the lab's common fields, the counts, the findings and each bet's return.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Audit {
    /// The coups read.
    pub coups: u64,
    /// What the log got wrong: mis-settled bets and mis-dealt coups.
    pub findings: Vec<Finding>,
    /// The fields every lab document has.
    #[serde(flatten)]
    pub lab: LabCommon,
    /// Each bet's return per unit staked on every coup, by bet key.
    pub rtp: BTreeMap<String, BetReturn>,
    /// The shoes read.
    pub shoes: u64,
    /// The `verify` command that lists every discrepancy; absent when there is no finding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verify_command: Option<Vec<String>>,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Finding {
    /// A bet the log settles otherwise than the rules.
    Settlement {
        /// The net as logged, `"n/d"`.
        as_logged: String,
        /// The net as logged, rounded.
        as_logged_decimal: f64,
        /// The bet's key.
        bet: String,
        /// The net by the rules, `"n/d"`.
        by_rules: String,
        /// The net by the rules, rounded.
        by_rules_decimal: f64,
        /// The coups settled so.
        coups: u64,
        /// `settlement`.
        kind: &'static str,
        /// The first lines with it.
        lines: Vec<usize>,
    },
    /// Coups dealt against the drawing rules or the dealing procedure.
    Drawing {
        /// The coups dealt wrong.
        coups: u64,
        /// The first of them, with `verify`'s sentence.
        first: Vec<Drawn>,
        /// `drawing`.
        kind: &'static str,
    },
}

/// A coup dealt wrong.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Drawn {
    /// Its line.
    pub line: usize,
    /// What is wrong, in English.
    pub text: String,
}

/// A bet's return per unit staked on every coup.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BetReturn {
    /// The return as logged, `"n/d"`.
    pub as_logged: String,
    /// The return as logged, rounded.
    pub as_logged_decimal: f64,
    /// The expected return, `"n/d"`.
    pub expected: String,
    /// The expected return, rounded.
    pub expected_decimal: f64,
    /// The interval's upper end, or `null`.
    pub high: Option<f64>,
    /// The coups logged.
    pub logged: u64,
    /// The interval's lower end, or `null`.
    pub low: Option<f64>,
    /// How the interval was computed.
    pub method: &'static str,
    /// The coups mis-paid.
    pub mispaid: u64,
    /// Each net with its hits and expected hits.
    pub nets: Vec<NetCount>,
    /// The observed return, `"n/d"`.
    pub observed: String,
    /// The observed return, rounded.
    pub observed_decimal: f64,
    /// The variance of one coup's net, `"n/d"`.
    pub variance: String,
    /// The variance, rounded.
    pub variance_decimal: f64,
    /// The verdict.
    pub verdict: &'static str,
}

/// One net of a bet.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct NetCount {
    /// The coups expected with it, `"n/d"`.
    pub expected: String,
    /// The coups expected, rounded.
    pub expected_decimal: f64,
    /// The coups with it.
    pub hits: u64,
    /// The net, `"n/d"`.
    pub net: String,
}

impl Document for Audit {
    const COMMAND: &'static str = "audit";
}

display_as_json!(Audit);
