//! Rule sets as files: the documented JSON format (schema 1) that describes a table
//! completely (shoe, drawing rules, every bet's paytable, and the figures its source claims),
//! and the variants shipped in `data/variants/`.
//!
//! Every check is made while the file is read, so an error carries the line and column where
//! the reader stood, and names the field. The module reads in four parts: the rule-set model
//! ([`RuleSet`], [`RuleSetError`]), the claims ([`Claim`], [`Stated`]), the file's serde
//! shapes (private, with the few readers they share made public), and the shipped registry
//! ([`SHIPPED`], [`shipped`]).

mod claim;
#[cfg(test)]
pub(crate) mod examples;
mod file;
mod names;
mod rule_set;
mod shipped;

pub use claim::{Claim, ClaimTarget, FigureError, MAX_FIGURE_DIGITS, Over, Stated, claimed_value};
pub(crate) use file::unique_map;
pub use file::{MAX_AMOUNT, TableauRowError, parse_amount, parse_tableau_row};
pub use names::{display_name, same_name};
pub use rule_set::{RuleSet, RuleSetError};
pub use shipped::{CATALOGUE, SHIPPED, shipped};

/// The rule-set format's newest version: schema 2 (bets on the cards) reads every schema-1
/// file as schema 1 does.
pub const SCHEMA: u32 = 2;
