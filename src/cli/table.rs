//! Rule sets named on the command line: a shipped variant's name or a file, read into a
//! named table (the rules, their name, the shoe they come with).

use super::args::ShoeArgs;
use super::failure::Failure;
use super::input::read_input;
use punto_banco::check::read_claimed;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::variants::{self, RuleSet};
use std::path::Path;

/// The rule set a command plays by, with its name and the shoe it is dealt from.
pub struct Table {
    /// The rule set's name (`reference` when none was named).
    pub name: String,
    /// The drawing rules and the tariff.
    pub rules: Rules,
    /// The shoe: the flags', else the rule file's, else eight decks.
    pub shoe: Shoe,
}

/// The table of `--rules` (or the reference) dealt from the shoe the flags describe, the
/// rule file's shoe when they name none.
pub fn named_table(rules: Option<&str>, shoe: &ShoeArgs) -> Result<Table, Failure> {
    let set = rules.map(load_rule_set).transpose()?;
    let shoe = shoe.shoe(set.as_ref().and_then(|s| s.shoe.clone()))?;
    Ok(match set {
        Some(set) => Table {
            name: set.name,
            rules: set.rules,
            shoe,
        },
        None => Table {
            name: "reference".to_string(),
            rules: Rules::reference(),
            shoe,
        },
    })
}

/// The rules of a rule set named by --rules, or the reference.
pub fn rules_or_reference(name: Option<&str>) -> Result<Rules, Failure> {
    Ok(match name {
        Some(name) => load_rule_set(name)?.rules,
        None => Rules::reference(),
    })
}

/// The text of a rule file, or of a shipped variant by name; a file of that name wins.
pub fn rule_text(name_or_path: &str) -> Result<String, Failure> {
    if name_or_path == "-" || Path::new(name_or_path).exists() {
        return read_input(name_or_path);
    }
    match variants::shipped(name_or_path) {
        Some(text) => Ok(text.to_string()),
        None => {
            let names: Vec<&str> = variants::SHIPPED.iter().map(|(n, _)| *n).collect();
            Err(Failure::Input(format!(
                "`{name_or_path}` is neither a file nor a shipped variant ({})",
                names.join(", ")
            )))
        }
    }
}

/// A rule set from a file, or a shipped variant by name. A tableau written as rule documents
/// write it (a grid or a range table) is read too, completed from the reference.
pub fn load_rule_set(name_or_path: &str) -> Result<RuleSet, Failure> {
    let text = rule_text(name_or_path)?;
    let claimed =
        read_claimed(&text).map_err(|e| Failure::Input(format!("{name_or_path}: {e}")))?;
    Ok(RuleSet {
        name: claimed.name.unwrap_or_else(|| name_or_path.to_string()),
        title: None,
        source: None,
        shoe: (claimed.form == punto_banco::check::ClaimedForm::RuleFile).then_some(claimed.shoe),
        rules: claimed.rules,
        claims: claimed.claims,
    })
}
