//! The file's drawing rules: the naturals, Punto's rule and the Banco tableau, row by row.
//!
//! A rule file may leave decisions to the hands, for a game with choices such as Chemin de
//! Fer: a Banco cell `choice` where it says `D` or `S`, and Punto's totals under `"choice"`
//! beside `"draws"` and `"stands"`. Only the claimed-rules checker reads such a file
//! ([`super::super::RuleSet::from_json_with_choices`]); every other reader refuses it where
//! the choice stands.

use super::numbers::{choice_field, draws_field, naturals_field, stands_field};
use super::{Described, Object, shown};
use crate::choices::Rule;
use crate::rules::{Action, DrawingRules, PuntoMove, TableauRow};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawingRaw {
    #[serde(deserialize_with = "naturals_field")]
    naturals: Vec<i128>,
    punto: Object<PuntoRaw>,
    banco: BancoRows,
}

impl Described for DrawingRaw {
    const WHAT: &'static str =
        "a drawing object {\"naturals\": […], \"punto\": {…}, \"banco\": {…}}";
}

/// The Banco rows by total, each checked as it is read so that an error points at its line.
struct BancoRows(BTreeMap<usize, [Rule; 11]>);

impl<'de> Deserialize<'de> for BancoRows {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RowsVisitor;
        impl<'de> Visitor<'de> for RowsVisitor {
            type Value = BancoRows;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of Banco totals \"0\" to \"9\", each a row of 11 cells")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BancoRows, A::Error> {
                let mut rows = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    // Exactly one digit: `"07"` and `" 7"` are not how a total is written.
                    let total = match key.as_bytes() {
                        [digit @ b'0'..=b'9'] => usize::from(digit - b'0'),
                        _ => {
                            return Err(de::Error::custom(format!(
                                "drawing.banco: `{}` is not a Banco total: expected \"0\" to \"9\"",
                                shown(&key)
                            )));
                        }
                    };
                    // Refused at the key, before its row is read, so the position is the key's.
                    if rows.contains_key(&total) {
                        return Err(de::Error::custom(format!(
                            "drawing.banco: the row for Banco total {total} is given twice"
                        )));
                    }
                    let text: String = map.next_value()?;
                    let row = parse_choice_row(&text)
                        .map_err(|e| de::Error::custom(format!("drawing.banco.\"{key}\" {e}")))?;
                    rows.insert(total, row);
                }
                Ok(BancoRows(rows))
            }
        }
        deserializer.deserialize_map(RowsVisitor)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuntoRaw {
    #[serde(deserialize_with = "draws_field")]
    draws: Vec<i128>,
    #[serde(deserialize_with = "stands_field")]
    stands: Vec<i128>,
    #[serde(default, deserialize_with = "choice_field")]
    choice: Vec<i128>,
}

impl Described for PuntoRaw {
    const WHAT: &'static str =
        "Punto's rule {\"draws\": […], \"stands\": […]} (and perhaps \"choice\": […])";
}

/// The decisions a rule file leaves to the hands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct FileChoices {
    /// Punto's totals under `"choice"`.
    pub(super) punto: Vec<u8>,
    /// Banco's cells written `choice`, row by row.
    pub(super) banco: Vec<(u8, PuntoMove)>,
}

/// The drawing rules as the file fixes them (a cell left to a hand keeps the reference's
/// action there), and the decisions it leaves to the hands.
#[derive(Deserialize)]
#[serde(try_from = "Object<DrawingRaw>")]
pub(super) struct DrawingSpec(pub(super) DrawingRules, pub(super) FileChoices);

/// The set of totals a list names; each was read as a whole number from 0 to 9.
fn totals(values: &[i128]) -> [bool; 10] {
    let mut set = [false; 10];
    for &value in values {
        if let Some(slot) = usize::try_from(value).ok().and_then(|t| set.get_mut(t)) {
            *slot = true;
        }
    }
    set
}

/// A tableau row as a rule file writes it that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableauRowError {
    /// The row does not have eleven cells.
    #[error(
        "has {0} cells: expected 11 (D or S against Punto's third card 0 to 9, then against Punto stood)"
    )]
    CellCount(usize),
    /// A cell that is neither draw nor stand.
    #[error("cell {} (against {}) is `{text}`: expected D (draw) or S (stand), or `choice` for a decision left to Banco", .against.column() + 1, against_phrase(*.against))]
    Cell {
        /// The case the cell decides against (its place in the row).
        against: PuntoMove,
        /// The cell as written.
        text: String,
    },
    /// A cell left to Banco where the rules must draw or stand.
    #[error("cell {} (against {}) is `choice`: Punto Banco's tableau draws or stands in every cell (a game with choices is read by `punto-banco check`)", .against.column() + 1, against_phrase(*.against))]
    Choice {
        /// The case the cell decides against (its place in the row).
        against: PuntoMove,
    },
}

/// The case a tableau cell decides against, as the refusal of a cell names it.
fn against_phrase(against: PuntoMove) -> String {
    match against {
        PuntoMove::Drew(v) => format!("a third card {v}"),
        PuntoMove::Stood => "Punto stood".to_string(),
    }
}

/// Reads a tableau row: eleven cells `D`/`S` (or `draw`/`stand`), for Punto's third card 0–9
/// then "Punto stood", separated by spaces or not.
pub fn parse_tableau_row(text: &str) -> Result<TableauRow, TableauRowError> {
    let rules = parse_choice_row(text)?;
    let mut row = [Action::Stand; 11];
    for ((slot, rule), against) in row.iter_mut().zip(rules).zip(PuntoMove::ALL) {
        *slot = match rule {
            Rule::Draw => Action::Draw,
            Rule::Stand => Action::Stand,
            Rule::Choice => {
                return Err(TableauRowError::Choice { against });
            }
        };
    }
    Ok(row)
}

/// Reads a tableau row of a game with choices: eleven cells as [`parse_tableau_row`] reads
/// them, or `choice` (in any case) for a decision left to Banco; a row with a choice is
/// written with spaces between its cells.
pub(super) fn parse_choice_row(text: &str) -> Result<[Rule; 11], TableauRowError> {
    let cells: Vec<&str> = if text.contains(char::is_whitespace) {
        text.split_whitespace().collect()
    } else {
        text.split("").filter(|c| !c.is_empty()).collect()
    };
    if cells.len() != 11 {
        return Err(TableauRowError::CellCount(cells.len()));
    }
    let mut row = [Rule::Stand; 11];
    for ((cell, slot), against) in cells.iter().zip(&mut row).zip(PuntoMove::ALL) {
        *slot = match crate::tableau_text::parse_action_word(cell) {
            Some(action) => Rule::from(action),
            None if cell.eq_ignore_ascii_case("choice") => Rule::Choice,
            None => {
                return Err(TableauRowError::Cell {
                    against,
                    text: cell.to_string(),
                });
            }
        };
    }
    Ok(row)
}

impl TryFrom<Object<DrawingRaw>> for DrawingSpec {
    type Error = String;
    fn try_from(Object(raw): Object<DrawingRaw>) -> Result<DrawingSpec, String> {
        let naturals = totals(&raw.naturals);
        let draws = totals(&raw.punto.0.draws);
        let stands = totals(&raw.punto.0.stands);
        let chooses = totals(&raw.punto.0.choice);
        let reference = DrawingRules::reference();
        let mut choices = FileChoices::default();
        let mut punto = [Action::Stand; 10];
        for total in 0..10 {
            if naturals[total] {
                if draws[total] || stands[total] || chooses[total] {
                    return Err(format!(
                        "drawing.punto: {total} is a natural, so Punto never decides on it; leave it out of `draws`, `stands` and `choice`"
                    ));
                }
                continue;
            }
            punto[total] = match (draws[total], stands[total], chooses[total]) {
                (true, false, false) => Action::Draw,
                (false, true, false) => Action::Stand,
                (false, false, true) => {
                    choices.punto.push(total as u8);
                    reference.punto[total]
                }
                (false, false, false) => {
                    return Err(format!(
                        "drawing.punto: total {total} is in neither `draws` nor `stands`; every total that is not a natural needs one (or is left to Punto in `choice`)"
                    ));
                }
                _ => {
                    let lists: Vec<&str> = [
                        (draws[total], "`draws`"),
                        (stands[total], "`stands`"),
                        (chooses[total], "`choice`"),
                    ]
                    .into_iter()
                    .filter_map(|(given, name)| given.then_some(name))
                    .collect();
                    return Err(format!(
                        "drawing.punto: total {total} is in both {}",
                        lists.join(" and ")
                    ));
                }
            };
        }
        let mut banco = [[Action::Stand; 11]; 10];
        for (&total, row) in &raw.banco.0 {
            if naturals[total] {
                return Err(format!(
                    "drawing.banco.\"{total}\": {total} is a natural, so Banco never consults this row; leave it out"
                ));
            }
            for ((slot, rule), punto_move) in banco[total].iter_mut().zip(row).zip(PuntoMove::ALL) {
                *slot = match rule {
                    Rule::Draw => Action::Draw,
                    Rule::Stand => Action::Stand,
                    Rule::Choice => {
                        choices.banco.push((total as u8, punto_move));
                        reference.banco[total][punto_move.column()]
                    }
                };
            }
        }
        let missing: Vec<String> = (0..10)
            .filter(|&t| !naturals[t] && !raw.banco.0.contains_key(&t))
            .map(|t| t.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "drawing.banco: the row for Banco total {} is missing; every total that is not a natural needs 11 cells",
                missing.join(", ")
            ));
        }
        Ok(DrawingSpec(
            DrawingRules {
                naturals,
                punto,
                banco,
            },
            choices,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Action;

    #[test]
    fn tableau_rows() {
        assert_eq!(
            parse_tableau_row("D D D D D D D D S D D").unwrap()[8],
            Action::Stand
        );
        assert_eq!(parse_tableau_row("DDDDDDDDSDD").unwrap()[8], Action::Stand);
        assert!(
            parse_tableau_row("D D D")
                .unwrap_err()
                .to_string()
                .contains("has 3 cells")
        );
        assert!(
            parse_tableau_row("D D D D D D D D X D D")
                .unwrap_err()
                .to_string()
                .contains("cell 9 (against a third card 8)")
        );
    }

    #[test]
    fn choice_rows() {
        let row = parse_choice_row("S S S S S S D D S S choice").unwrap();
        assert_eq!(
            (row[6], row[9], row[10]),
            (Rule::Draw, Rule::Stand, Rule::Choice)
        );
        assert!(parse_choice_row("S S S S S S D D S S Choice").is_ok());
        let err = parse_choice_row("S S S S S S D D S S maybe").unwrap_err();
        assert!(
            err.to_string()
                .contains("cell 11 (against Punto stood) is `maybe`")
        );
        let err = parse_tableau_row("S S S S S S D D S S choice").unwrap_err();
        assert!(
            err.to_string()
                .contains("is `choice`: Punto Banco's tableau")
        );
    }
}
