//! A named table: a rule set's rules with the name it goes by and the shoe it states, as the
//! analysis, the batch, the vectors, the fit and the effect of removal take them.
//!
//! A table is what a `--rules` flag or a batch line's `rules` names: the reference table, a
//! shipped variant or a rule file. Its shoe is the one its rule set states, if any; the shoe
//! actually dealt comes from a [`ShoeSpec`] resolved against it.

use crate::rules::Rules;
use crate::rules::dealing::Procedure;
use crate::shoe::{Shoe, ShoeSpec, ShoeSpecError};
use crate::variants::RuleSet;

/// A table's rules, its name and the shoe it states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedTable {
    /// The name it goes by in reports: a rule set's name, or `reference`.
    pub name: String,
    /// The drawing rules and the tariff.
    pub rules: Rules,
    /// The shoe its rule set states; `None` deals from the shoe the caller specifies, eight
    /// decks by default.
    pub shoe: Option<Shoe>,
    /// How a shoe is dealt at the table: its rule set's procedure, or the reference one.
    pub dealing: Procedure,
}

impl NamedTable {
    /// The name of the reference table.
    pub const REFERENCE_NAME: &'static str = "reference";

    /// The reference table: the reference rules, named `reference`, stating no shoe.
    ///
    /// ```
    /// use punto_banco::{shoe::{Shoe, ShoeSpec}, table::NamedTable};
    /// let table = NamedTable::reference();
    /// assert_eq!(table.name, "reference");
    /// assert_eq!(table.resolve_shoe(&ShoeSpec::default()).unwrap(), Shoe::reference());
    /// ```
    pub fn reference() -> NamedTable {
        NamedTable {
            name: Self::REFERENCE_NAME.to_string(),
            rules: Rules::reference(),
            shoe: None,
            dealing: Procedure::reference(),
        }
    }

    /// The shoe dealt at this table for a specification: its own base first, then the
    /// table's stated shoe, then eight decks (see [`ShoeSpec::resolve`]).
    pub fn resolve_shoe(&self, spec: &ShoeSpec) -> Result<Shoe, ShoeSpecError> {
        spec.resolve(self.shoe.as_ref())
    }
}

impl From<RuleSet> for NamedTable {
    /// A rule set's table: its name, rules and shoe (its title, source and claims are not
    /// the table's).
    fn from(set: RuleSet) -> NamedTable {
        let dealing = set.dealing();
        let (name, _, _, shoe, rules, _) = set.into_parts();
        NamedTable {
            name,
            rules,
            shoe,
            dealing,
        }
    }
}
