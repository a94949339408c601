//! The claimed-rules checker: reads a claimed rule set (a rule file, or a tableau written as
//! rule documents write it) and reports every difference from the reference with its exact
//! cost, and whether each stated figure holds.
//!
//! The module reads in two parts: the reader of grids and range tables ([`read_claimed`],
//! [`GridColumns`]) and the checker ([`check`], [`Report`] and its differences).
//!
//! A claimed text that leaves decisions to the hands (cells "au choix", "optional", "T/R";
//! Punto's five "au choix") describes a game with choices, such as Chemin de Fer, not Punto
//! Banco: [`read_claimed_with_choices`] reads it, and [`check`] then solves the game
//! ([`crate::choices`]) beside comparing its fixed cells with the reference.

mod choices;
mod markers;
mod report;
mod table;

pub use choices::{ChoicesAnalysis, ChoicesName, CommissionSource, FixedCell, analyse};
pub use markers::CHOICE_WORDS;
pub use report::{
    ClaimResult, DrawingCell, DrawingDifference, EdgeChanges, Report, TariffDifference, check,
    check_with,
};
pub use table::{COLUMN_LABELS, GridColumn, GridColumns};

use crate::choices::{ChoiceRules, ChoicesError};
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
    /// The decisions the text leaves to the hands, with every fixed cell as it fixes it;
    /// `None` when it fixes every decision. Where it leaves a choice, [`Claimed::rules`] keeps
    /// the reference's action, so that comparing them with the reference compares the fixed
    /// cells only.
    pub choices: Option<ChoiceRules>,
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
    /// A JSON value other than an object (a list, a string, a number): a rule file is one
    /// JSON object.
    #[error(
        "the text is {found} in JSON, not an object: a rule file is one JSON object, such as {{\"schema\": 1, \"name\": \"my-table\", …}}"
    )]
    NotAnObject {
        /// What the text holds: `a list`, `a string`, `a number`, `true or false`, `null`.
        found: &'static str,
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
    /// The game with choices the text describes cannot be solved.
    #[error(transparent)]
    Choices(#[from] ChoicesError),
    /// The text leaves decisions to the hands, where the reader wants a rule set that draws or
    /// stands in every cell.
    #[error(
        "the claimed rules leave decisions to the hands ({cells}): they describe a game with choices, which `punto-banco check` analyses; here every cell must draw or stand"
    )]
    LeavesChoices {
        /// The decisions left, as "Punto on 5, Banco on 6 when Punto stood".
        cells: String,
    },
}

/// The decisions a game with choices leaves to the hands, as a short English list.
fn choice_list(rules: &ChoiceRules) -> String {
    let mut cells: Vec<String> = rules
        .punto_choices()
        .iter()
        .map(|t| format!("Punto on {t}"))
        .collect();
    cells.extend(
        rules
            .banco_choices()
            .iter()
            .map(|&(total, punto_move)| match punto_move {
                crate::rules::PuntoMove::Drew(v) => format!("Banco on {total} against {v}"),
                crate::rules::PuntoMove::Stood => format!("Banco on {total} when Punto stood"),
            }),
    );
    cells.join(", ")
}

/// Reads a claimed rule set: JSON when the text starts with `{`, else a grid or a range table.
/// A leading byte-order mark is ignored. A text that leaves decisions to the hands is refused
/// ([`CheckError::LeavesChoices`]); [`read_claimed_with_choices`] reads it.
pub fn read_claimed(text: &str) -> Result<Claimed, CheckError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    not_other_json(text)?;
    if text.trim_start().starts_with('{') {
        // The rule-file reader refuses a `choice` where it stands, with its line and column.
        return Ok(from_rule_set(RuleSet::from_json(text)?, None));
    }
    let claimed = table::read_table(text)?;
    match &claimed.choices {
        Some(rules) => Err(CheckError::LeavesChoices {
            cells: choice_list(rules),
        }),
        None => Ok(claimed),
    }
}

/// Reads a claimed rule set as [`read_claimed`] does, and also one that leaves decisions to
/// the hands: tableau cells marked "au choix", "facultatif", "optional", "option", "at
/// Banker's option", "T/R" or "D/S" ([`CHOICE_WORDS`]), a line such as "Punto : au choix à 5"
/// or "Player's option on 5", or a rule file that says `choice` where it says draw or stand.
///
/// ```
/// use punto_banco::check::read_claimed_with_choices;
/// let rows = [
///     "0 D D D D D D D D D D D", "1 D D D D D D D D D D D", "2 D D D D D D D D D D D",
///     "3 D D D D D D D D S D D", "4 S S D D D D D D S S D", "5 S S S S D D D D S S D",
///     "6 S S S S S S D D S S au choix", "7 S S S S S S S S S S S",
/// ];
/// let text = format!("Punto : au choix à 5\n{}\n", rows.join("\n"));
/// let claimed = read_claimed_with_choices(&text).unwrap();
/// let rules = claimed.choices.unwrap();
/// assert_eq!(rules.punto_choices(), vec![5]);
/// assert_eq!(rules.banco_choices().len(), 1);
/// assert!(punto_banco::check::read_claimed(&text).is_err());
/// ```
pub fn read_claimed_with_choices(text: &str) -> Result<Claimed, CheckError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    not_other_json(text)?;
    if text.trim_start().starts_with('{') {
        let (set, choices) = RuleSet::from_json_with_choices(text)?;
        return Ok(from_rule_set(set, choices));
    }
    table::read_table(text)
}

/// Refuses a text that is JSON but not an object (`[1, 2]`, `"reference"`, `8`): it was meant
/// as a rule file, which is one object, and no grid or range table reads as JSON.
fn not_other_json(text: &str) -> Result<(), CheckError> {
    let start = text.trim_start();
    if start.starts_with('{') || serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
        return Ok(());
    }
    let found = match start.as_bytes().first() {
        Some(b'[') => "a list",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "true or false",
        Some(b'n') => "null",
        _ => "a number",
    };
    Err(CheckError::NotAnObject { found })
}

/// A claimed rule set read from a rule file.
fn from_rule_set(set: RuleSet, choices: Option<ChoiceRules>) -> Claimed {
    let shoe = set.shoe_or_reference();
    let dealing = set.stated_dealing().copied();
    let (name, title, source, _, rules, claims) = set.into_parts();
    Claimed {
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
        choices,
    }
}
