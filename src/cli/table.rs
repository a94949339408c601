//! Rule sets named on the command line: a shipped variant's name or a file, read into a
//! named table (the rules, their name, the shoe they come with).

use super::args::ShoeArgs;
use super::failure::Failure;
use super::input::read_input;
use punto_banco::check::read_claimed;
use punto_banco::shoe::Shoe;
use punto_banco::table::NamedTable;
use punto_banco::variants::{self, RuleSet};
use std::path::Path;

/// The table of `--rules` (or the reference), with the shoe the flags describe resolved
/// against it: the flags' own decks or ranks, else the rule file's shoe, else eight decks.
pub fn named_table(rules: Option<&str>, shoe: &ShoeArgs) -> Result<(NamedTable, Shoe), Failure> {
    let table = table_or_reference(rules)?;
    let shoe = shoe.resolve(&table)?;
    Ok((table, shoe))
}

/// The table of a rule set named by --rules, or the reference table.
pub fn table_or_reference(name: Option<&str>) -> Result<NamedTable, Failure> {
    Ok(match name {
        Some(name) => NamedTable::from(load_rule_set(name)?),
        None => NamedTable::reference(),
    })
}

/// The text of a rule file, or of a shipped variant by name; a file of that name wins.
pub fn rule_text(name_or_path: &str) -> Result<String, Failure> {
    if name_or_path == "-" || Path::new(name_or_path).exists() {
        return read_input(name_or_path);
    }
    if let Some(text) = variants::shipped(name_or_path) {
        return Ok(text.to_string());
    }
    let families = || {
        variants::CATALOGUE
            .iter()
            .map(|(n, _)| n.trim_start_matches("catalogue/"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if name_or_path.starts_with("catalogue/") && !name_or_path.ends_with(".json") {
        return Err(Failure::Input(format!(
            "`{name_or_path}` is neither a file nor a family of the catalogue (catalogue/<family>: {})",
            families()
        )));
    }
    // A path (a folder in it, or a JSON file's name) names a file: reading it says why it
    // cannot be read (no such file, a folder on the way that is not there, no permission),
    // not which variants are shipped.
    if looks_like_a_path(name_or_path) {
        return read_input(name_or_path);
    }
    let names: Vec<&str> = variants::SHIPPED.iter().map(|(n, _)| *n).collect();
    Err(Failure::Input(format!(
        "`{name_or_path}` is neither a file nor a shipped variant ({}, or catalogue/<family>: {})",
        names.join(", "),
        families()
    )))
}

/// Whether a `--rules` value that is neither a file nor a shipped name was meant as a file:
/// it has a folder in it or ends in `.json`.
fn looks_like_a_path(name: &str) -> bool {
    name.contains('/') || name.contains(std::path::MAIN_SEPARATOR) || name.ends_with(".json")
}

/// A rule set from a file, or a shipped variant by name. A tableau written as rule documents
/// write it (a grid or a range table) is read too, completed from the reference.
pub fn load_rule_set(name_or_path: &str) -> Result<RuleSet, Failure> {
    let text = rule_text(name_or_path)?;
    let claimed =
        read_claimed(&text).map_err(|e| Failure::Input(format!("{name_or_path}: {e}")))?;
    Ok(claimed.into_rule_set(name_or_path))
}
