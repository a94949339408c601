//! The rule-file model: a table's complete rules, the shoe it deals from and the figures its
//! source claims, and the error a rule file that cannot be read gives.

use super::claim::Claim;
use crate::rules::Rules;
use crate::rules::dealing::Procedure;
use crate::shoe::Shoe;

/// A rule set read from a file: a table's complete rules, the shoe it uses, and its claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSet {
    /// A short identifier, such as `ez-baccarat`.
    name: String,
    /// A title for people.
    title: Option<String>,
    /// Where the rules and claims come from.
    source: Option<String>,
    /// The shoe the table deals from, when the file states one.
    shoe: Option<Shoe>,
    /// The drawing rules and every bet's paytable.
    rules: Rules,
    /// The figures the file's source states, to be checked.
    claims: Vec<Claim>,
    /// The dealing procedure, when the file states one.
    dealing: Option<Procedure>,
}

/// A rule-set file that cannot be read; the message names the line, the column and the field.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RuleSetError {
    /// Not JSON, or a field that is missing, unknown or out of range.
    #[error("line {}, column {}: {}", .0.line().max(1), .0.column().max(1), json_message(.0))]
    Json(serde_json::Error),
    /// A number refused where it stands, quoted as the file writes it.
    #[error("line {line}, column {column}: {message}")]
    Number {
        /// The 1-based line of the number.
        line: usize,
        /// The 1-based column just after the number.
        column: usize,
        /// What is wrong with the number and what is accepted.
        message: String,
    },
    /// A claim about a bet the file does not define.
    #[error(
        "line {line}, column {column}: claims: the bet `{bet}` is not among the file's bets ({known})"
    )]
    UnknownBet {
        /// The bet the claim names.
        bet: String,
        /// The 1-based line where the bet is first named.
        line: usize,
        /// The 1-based column where the bet is first named.
        column: usize,
        /// The file's bets, separated by commas.
        known: String,
    },
}

/// serde_json's message without the position it appends, which the error's prefix gives.
fn json_message(error: &serde_json::Error) -> String {
    crate::input::json::message(error)
}

impl From<serde_json::Error> for RuleSetError {
    fn from(error: serde_json::Error) -> RuleSetError {
        RuleSetError::Json(error)
    }
}

impl RuleSetError {
    /// The line of the error, 1-based.
    pub fn line(&self) -> usize {
        match self {
            RuleSetError::Json(e) => e.line().max(1),
            RuleSetError::Number { line, .. } | RuleSetError::UnknownBet { line, .. } => *line,
        }
    }

    /// The column of the error, 1-based. serde_json says column 0 for the end of a text that
    /// ends with a newline; that is the first column of the last line.
    pub fn column(&self) -> usize {
        match self {
            RuleSetError::Json(e) => e.column().max(1),
            RuleSetError::Number { column, .. } | RuleSetError::UnknownBet { column, .. } => {
                *column
            }
        }
    }
}

impl RuleSet {
    /// A rule set from its parts. The caller keeps the invariants the fields are private for:
    /// every claim names one of the rules' bets, and the shoe, when given, is playable.
    pub(crate) fn new(
        name: String,
        title: Option<String>,
        source: Option<String>,
        shoe: Option<Shoe>,
        rules: Rules,
        claims: Vec<Claim>,
    ) -> RuleSet {
        RuleSet {
            name,
            title,
            source,
            shoe,
            rules,
            claims,
            dealing: None,
        }
    }

    /// The same set with a dealing procedure stated (or none); the caller has checked it
    /// against the set's shoe.
    pub(crate) fn with_dealing(self, dealing: Option<Procedure>) -> RuleSet {
        RuleSet { dealing, ..self }
    }

    /// The dealing procedure the file states, if any.
    pub fn stated_dealing(&self) -> Option<&Procedure> {
        self.dealing.as_ref()
    }

    /// The dealing procedure: the file's, or [`Procedure::reference`] when it states none.
    ///
    /// ```
    /// use punto_banco::rules::dealing::Procedure;
    /// use punto_banco::variants::{RuleSet, shipped};
    /// let set = RuleSet::from_json(shipped("reference").unwrap()).unwrap();
    /// assert_eq!(set.dealing(), Procedure::reference());
    /// ```
    pub fn dealing(&self) -> Procedure {
        self.dealing.unwrap_or_default()
    }

    /// A short identifier, such as `ez-baccarat`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A title for people, when the file gives one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// Where the rules and claims come from, when the file says.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The shoe the table deals from, when the file states one.
    pub fn shoe(&self) -> Option<&Shoe> {
        self.shoe.as_ref()
    }

    /// The drawing rules and every bet's paytable.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The figures the file's source states, to be checked.
    pub fn claims(&self) -> &[Claim] {
        &self.claims
    }

    /// The rules, without the rest of the set.
    pub fn into_rules(self) -> Rules {
        self.rules
    }

    /// The set taken apart, in the order of [`new`](Self::new)'s arguments.
    #[allow(clippy::type_complexity)]
    pub(crate) fn into_parts(
        self,
    ) -> (
        String,
        Option<String>,
        Option<String>,
        Option<Shoe>,
        Rules,
        Vec<Claim>,
    ) {
        (
            self.name,
            self.title,
            self.source,
            self.shoe,
            self.rules,
            self.claims,
        )
    }

    /// The shoe to analyse: the file's, or eight decks when it states none.
    pub fn shoe_or_reference(&self) -> Shoe {
        self.shoe.clone().unwrap_or_else(Shoe::reference)
    }
}
