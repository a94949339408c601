//! The claimed-rules checker: reads a claimed rule set (a rule file, or a tableau written as
//! rule documents write it) and reports every difference from the reference with its exact
//! cost, and whether each stated figure holds.
//!
//! The module reads in two parts: the reader of grids and range tables ([`read_claimed`],
//! [`GridColumns`]) and the checker ([`check`], [`Report`] and its differences).

mod report;
mod table;

pub use report::{
    ClaimResult, DrawingCell, DrawingDifference, EdgeChanges, Report, TariffDifference, check,
};
pub use table::{COLUMN_LABELS, GridColumn, GridColumns};

use crate::rules::Rules;
use crate::shoe::{Shoe, ShoeError};
use crate::variants::{Claim, RuleSet, RuleSetError};

/// What kind of text the claim was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimedForm {
    /// A complete rule-set file (JSON).
    RuleFile,
    /// A grid: Banco totals as rows, Punto third cards 0–9 (and perhaps "stood") as columns.
    Grid,
    /// A range table as the teaching texts print it: "0–2 | Always".
    Ranges,
}

/// A part of the rules that a claimed text does not state, taken from the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assumed {
    /// Which two-card totals are naturals.
    Naturals,
    /// Punto's rule on each two-card total.
    PuntoRule,
    /// Banco's action on each total when Punto stood.
    BancoWhenPuntoStands,
    /// Every bet's paytable.
    Tariff,
}

/// A claimed rule set, completed from the reference where the text is silent.
#[derive(Debug, Clone)]
pub struct Claimed {
    /// What kind of text it was read from.
    pub form: ClaimedForm,
    /// The rule file's name; `None` for a grid or a range table.
    pub name: Option<String>,
    /// The rule file's title, when it gives one.
    pub title: Option<String>,
    /// The rule file's source, when it gives one.
    pub source: Option<String>,
    /// The shoe the rules are checked on: the rule file's, else eight decks.
    pub shoe: Shoe,
    /// The claimed rules, completed from the reference.
    pub rules: Rules,
    /// The figures the text states.
    pub claims: Vec<Claim>,
    /// What the text leaves unsaid and was taken from the reference.
    pub assumed: Vec<Assumed>,
    /// How a grid's columns were read; `None` for a rule file or a range table.
    pub columns: Option<GridColumns>,
    /// The dealing procedure a rule file states; `None` for a grid or a range table.
    pub dealing: Option<crate::rules::dealing::Procedure>,
}

impl Claimed {
    /// The claimed rules as a rule set, keeping a rule file's name, title, source and shoe. A
    /// grid or a range table states neither a name nor a shoe: it is named `fallback_name`
    /// and states no shoe.
    ///
    /// ```
    /// use punto_banco::check::read_claimed;
    /// let text = punto_banco::variants::shipped("ez-baccarat").unwrap();
    /// let set = read_claimed(text).unwrap().into_rule_set("ez.json");
    /// assert_eq!(set, punto_banco::variants::RuleSet::from_json(text).unwrap());
    /// ```
    pub fn into_rule_set(self, fallback_name: &str) -> RuleSet {
        RuleSet::new(
            self.name.unwrap_or_else(|| fallback_name.to_string()),
            self.title,
            self.source,
            (self.form == ClaimedForm::RuleFile).then_some(self.shoe),
            self.rules,
            self.claims,
        )
        .with_dealing(self.dealing)
    }
}

/// A claimed text that cannot be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// A rule file (JSON) that cannot be read.
    #[error("{0}")]
    RuleFile(#[from] RuleSetError),
    /// A grid or a range table refused at a line and column.
    #[error("line {line}, column {column}: {message}")]
    Table {
        /// The 1-based line.
        line: usize,
        /// The 1-based column.
        column: usize,
        /// What is wrong there and what is accepted.
        message: String,
    },
    /// No rule file, grid or range table in the text.
    #[error(
        "no tableau found: expected a rule file (JSON), a grid with Banco totals as rows and Punto third cards 0–9 as columns (S/D, Stand/Draw, H/Hit, Reste/Tire cells, separated by | or tabs), or a range table such as \"0–2 | Always\""
    )]
    NoTable,
    /// A Banco total that is not a natural has no row.
    #[error(
        "the claimed tableau, which ends at line {line}, has no row for Banco {missing}; every Banco total that is not a natural needs one"
    )]
    MissingRow {
        /// The missing totals, as "total 3" or "totals 3, 4".
        missing: String,
        /// The tableau's last line, 1-based.
        line: usize,
    },
    /// A grid and a range table that give different actions for one cell.
    #[error("the grid and the range table disagree on Banco {total} against a third card {third}")]
    Inconsistent {
        /// Banco's two-card total.
        total: u8,
        /// Punto's third card.
        third: u8,
    },
    /// Some grid rows give a column for Punto stood and others do not.
    #[error(
        "some grid rows give Banco's action when Punto stood and others do not: give it in every row or in none"
    )]
    PartialStood,
    /// The claimed shoe cannot be analysed.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
}

/// Reads a claimed rule set: JSON when the text starts with `{`, else a grid or a range table.
/// A leading byte-order mark is ignored.
pub fn read_claimed(text: &str) -> Result<Claimed, CheckError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        let set = RuleSet::from_json(text)?;
        let shoe = set.shoe_or_reference();
        let dealing = set.stated_dealing().copied();
        let (name, title, source, _, rules, claims) = set.into_parts();
        return Ok(Claimed {
            form: ClaimedForm::RuleFile,
            shoe,
            name: Some(name),
            title,
            source,
            rules,
            claims,
            assumed: Vec::new(),
            columns: None,
            dealing,
        });
    }
    table::read_table(text)
}
