//! The document of `verify -f json`: every discrepancy of a coup or shoe log and the counts.
//!
//! `verify` writes it as it reads, a discrepancy at a time: [`Discrepancy`] and
//! [`VerifySummary`] are the pieces it streams, laid out as [`Verify`] serialises them.

use super::{Document, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// A verification.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Verify {
    /// Every discrepancy, in the order of the log.
    pub discrepancies: Vec<Discrepancy>,
    /// The document version (1).
    pub schema: u32,
    /// The counts and the verdict.
    pub summary: VerifySummary,
}

/// One discrepancy: the line it is on and the first thing found wrong there.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Discrepancy {
    /// The 1-based column where a malformed line stops making sense, when known; else `null`.
    pub column: Option<usize>,
    /// The kind of finding.
    pub kind: &'static str,
    /// The 1-based line (or coup) number.
    pub line: usize,
    /// The finding, in English.
    pub text: String,
}

/// The counts of a verification.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct VerifySummary {
    /// Coups that agree with the rules in everything they claim.
    pub agreeing: usize,
    /// Whether every coup agrees.
    pub all_agree: bool,
    /// Well-formed coup lines read.
    pub coups: usize,
    /// Coups that disagree.
    pub disagreeing: usize,
    /// Coups that disagree, by the kind of their first discrepancy.
    pub disagreeing_by_kind: BTreeMap<&'static str, usize>,
    /// Lines that could not be read (skipped).
    pub malformed: usize,
    /// Shoe lines read.
    pub shoes: usize,
    /// Shoe lines with a finding of their own (a shoe log's burn, order or end); absent
    /// when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shoes_dealt_wrong: Option<usize>,
    /// The verdict's key.
    pub verdict: &'static str,
}

impl Document for Verify {
    const COMMAND: &'static str = "verify";
}

display_as_json!(Verify);
