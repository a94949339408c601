//! The roads a log states, checked against the reference: a coup line of a shoe log may
//! carry a `roads` field, the scoreboard the engine showed after that coup, in the JSON form
//! `roads -f json` writes (`bead_plate`, `leading_ties`, `big_road`, the three derived roads,
//! `next`; `shoe`, `schema` and `next_coup` are accepted and not checked). A road the field
//! leaves out is not checked; one it gives is compared entry by entry with the roads of the
//! shoe's coups up to that line, and the first disagreeing entry is named with the rule
//! that decides it.

use super::rule::{RoadDisagreement, RoadValue};
use super::{Derived, Mark, RoadRule, Roads, Side};
use crate::outcome::Winner;
use serde::Deserialize;
use serde::de::IgnoredAny;

/// The roads a log states: each road as given, `None` where the field leaves it out.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatedRoads {
    bead_plate: Option<String>,
    leading_ties: Option<u64>,
    big_road: Option<Vec<Vec<StatedEntry>>>,
    big_eye_boy: Option<String>,
    small_road: Option<String>,
    cockroach_pig: Option<String>,
    next: Option<StatedNext>,
    /// Accepted, as `roads -f json` writes them, and not checked.
    #[serde(default, rename = "shoe")]
    _shoe: Option<IgnoredAny>,
    #[serde(default, rename = "schema")]
    _schema: Option<IgnoredAny>,
    #[serde(default, rename = "next_coup")]
    _next_coup: Option<IgnoredAny>,
}

/// A Big Road entry as stated.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatedEntry {
    winner: String,
    #[serde(default)]
    ties: u64,
}

/// The ask cells as stated.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatedNext {
    banco: Option<StatedAsk>,
    punto: Option<StatedAsk>,
}

/// One side's ask cells: every road given, `null` where it would not mark.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatedAsk {
    #[serde(deserialize_with = "Option::deserialize")]
    big_eye_boy: Option<String>,
    #[serde(deserialize_with = "Option::deserialize")]
    small_road: Option<String>,
    #[serde(deserialize_with = "Option::deserialize")]
    cockroach_pig: Option<String>,
}

/// Why a `roads` field cannot be read: where (a 1-based column of the field's value, when
/// known) and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StatedError {
    /// The 1-based column in the field's value, when known.
    pub column: Option<usize>,
    /// What is wrong and what is accepted.
    pub message: String,
}

const FORM: &str = "a `roads` field is the object `roads -f json` writes: `bead_plate` (B, P, T), `leading_ties`, `big_road`, `big_eye_boy`, `small_road`, `cockroach_pig` (R, B), `next`";

impl StatedRoads {
    /// Reads a `roads` field's value (JSON text).
    ///
    /// ```
    /// use punto_banco::roads::stated::StatedRoads;
    ///
    /// assert!(StatedRoads::parse(r#"{"bead_plate": "BPT", "big_eye_boy": ""}"#).is_ok());
    /// let e = StatedRoads::parse(r#"{"big_eye_boy": "RX"}"#).unwrap_err();
    /// assert!(e.message.contains("`X`"));
    /// ```
    pub fn parse(text: &str) -> Result<StatedRoads, StatedError> {
        let start = text.len() - text.trim_start().len();
        if !text[start..].starts_with('{') {
            return Err(StatedError {
                column: Some(start + 1),
                message: format!("roads: not an object: {FORM}"),
            });
        }
        let stated: StatedRoads = serde_json::from_str(text).map_err(|e| StatedError {
            column: Some(e.column()),
            message: format!("roads: {}: {FORM}", crate::input::json::message(&e)),
        })?;
        stated.check_letters()?;
        Ok(stated)
    }

    /// Each string's letters are those its road shows.
    fn check_letters(&self) -> Result<(), StatedError> {
        let marks: &[char] = &['R', 'B'];
        let mut strings: Vec<(String, &str, &[char])> = vec![];
        if let Some(plate) = &self.bead_plate {
            strings.push(("bead_plate".into(), plate, &['B', 'P', 'T']));
        }
        for (road, text) in [
            (Derived::BigEyeBoy, &self.big_eye_boy),
            (Derived::SmallRoad, &self.small_road),
            (Derived::CockroachPig, &self.cockroach_pig),
        ] {
            if let Some(text) = text {
                strings.push((road.key().into(), text, marks));
            }
        }
        if let Some(next) = &self.next {
            for (side, ask) in [("banco", &next.banco), ("punto", &next.punto)] {
                for (road, cell) in ask.iter().flat_map(StatedAsk::cells) {
                    if let Some(cell) = cell {
                        if cell.chars().count() != 1 {
                            return Err(letter_error(
                                &format!("next.{side}.{}", road.key()),
                                format!("`{}`", cell.escape_debug()),
                                "one mark, `R` or `B`, or null",
                            ));
                        }
                        strings.push((format!("next.{side}.{}", road.key()), cell, marks));
                    }
                }
            }
        }
        for (name, text, letters) in strings {
            if let Some((at, bad)) = text.chars().enumerate().find(|(_, c)| !letters.contains(c)) {
                let accepted = letters.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>();
                return Err(letter_error(
                    &name,
                    format!("letter {} is `{}`", at + 1, bad.escape_debug()),
                    &accepted.join(", "),
                ));
            }
        }
        for entry in self.big_road.iter().flatten().flatten() {
            if entry.winner != "B" && entry.winner != "P" {
                return Err(letter_error(
                    "big_road",
                    format!("a winner is `{}`", entry.winner.escape_debug()),
                    "`B` (Banco) or `P` (Punto)",
                ));
            }
        }
        Ok(())
    }

    /// Every road the field gives that disagrees with `roads`, at its first disagreeing
    /// entry, with the rule that decides the reference's entry there.
    ///
    /// ```
    /// use punto_banco::roads::stated::StatedRoads;
    /// use punto_banco::roads::{RoadRule, Roads};
    /// use punto_banco::Winner::{Banco, Punto};
    ///
    /// let roads = Roads::new(&[Banco, Banco, Punto, Banco]);
    /// let stated = StatedRoads::parse(r#"{"big_eye_boy": "R"}"#).unwrap();
    /// let found = stated.disagreements(&roads);
    /// assert_eq!(found[0].rule, RoadRule::NewColumnUnequal { k: 1 });
    /// assert_eq!(found[0].at, Some((2, 0)));
    /// ```
    pub fn disagreements(&self, roads: &Roads) -> Vec<RoadDisagreement> {
        let mut found = Vec::new();
        if let Some(plate) = &self.bead_plate {
            let reference: Vec<char> = roads.bead_plate().iter().map(|&w| letter(w)).collect();
            if let Some(i) = first_difference(&plate.chars().collect::<Vec<_>>(), &reference) {
                found.push(RoadDisagreement {
                    road: "bead_plate".into(),
                    entry: i + 1,
                    log: plate.chars().nth(i).map(RoadValue::Letter),
                    reference: reference.get(i).copied().map(RoadValue::Letter),
                    rule: RoadRule::BeadPlate,
                    at: None,
                });
            }
        }
        let big = roads.big_road();
        if let Some(ties) = self.leading_ties
            && ties != u64::from(big.leading_ties())
        {
            found.push(RoadDisagreement {
                road: "leading_ties".into(),
                entry: 1,
                log: Some(RoadValue::Count(ties)),
                reference: Some(RoadValue::Count(big.leading_ties().into())),
                rule: RoadRule::LeadingTie,
                at: None,
            });
        }
        if let Some(columns) = &self.big_road {
            let entries = |columns: Vec<Vec<(char, u64)>>| -> Vec<RoadValue> {
                columns
                    .into_iter()
                    .enumerate()
                    .flat_map(|(column, entries)| {
                        entries
                            .into_iter()
                            .enumerate()
                            .map(move |(row, (winner, ties))| RoadValue::Entry {
                                winner,
                                column,
                                row,
                                ties,
                            })
                    })
                    .collect()
            };
            let log = entries(
                columns
                    .iter()
                    .map(|c| (c.iter()).map(|e| (first(&e.winner), e.ties)).collect())
                    .collect(),
            );
            let reference = entries(
                (big.columns().iter())
                    .map(|c| {
                        (c.iter())
                            .map(|e| (side_letter(e.winner), e.ties.into()))
                            .collect()
                    })
                    .collect(),
            );
            if let Some(i) = first_difference(&log, &reference) {
                // The rule of the reference's entry, else of the log's extra entry.
                let rule = match (log.get(i), reference.get(i)) {
                    // The same entry, its ties alone differing.
                    (
                        Some(&RoadValue::Entry {
                            winner: w,
                            column: c,
                            row: r,
                            ..
                        }),
                        Some(&RoadValue::Entry {
                            winner,
                            column,
                            row,
                            ties,
                        }),
                    ) if (w, c, r) == (winner, column, row) => {
                        // The reference's count: its second tie on was counted again.
                        if ties >= 2 {
                            RoadRule::TieAfterTie
                        } else {
                            RoadRule::TieOnEntry
                        }
                    }
                    (_, Some(&RoadValue::Entry { row, .. }))
                    | (Some(&RoadValue::Entry { row, .. }), None) => {
                        if row == 0 {
                            RoadRule::NewColumn
                        } else {
                            RoadRule::SameColumn
                        }
                    }
                    _ => RoadRule::NewColumn,
                };
                let at = match reference.get(i).or(log.get(i)) {
                    Some(RoadValue::Entry { column, row, .. }) => Some((*column, *row)),
                    _ => None,
                };
                found.push(RoadDisagreement {
                    road: "big_road".into(),
                    entry: i + 1,
                    log: log.get(i).copied(),
                    reference: reference.get(i).copied(),
                    rule,
                    at,
                });
            }
        }
        let positions = big.positions();
        for (road, text) in [
            (Derived::BigEyeBoy, &self.big_eye_boy),
            (Derived::SmallRoad, &self.small_road),
            (Derived::CockroachPig, &self.cockroach_pig),
        ] {
            let Some(text) = text else { continue };
            let log: Vec<char> = text.chars().collect();
            let reference: Vec<char> = roads.derived(road).iter().map(|m| m.letter()).collect();
            let Some(i) = first_difference(&log, &reference) else {
                continue;
            };
            // The entries that mark, with their rules, in order.
            let marking: Vec<((usize, usize), RoadRule)> = positions
                .iter()
                .copied()
                .zip(roads.derived_rules(road))
                .filter(|(_, rule)| rule.mark().is_some())
                .collect();
            let (at, rule) = match marking.get(i) {
                Some(&(at, rule)) => (Some(at), rule),
                None => (
                    None,
                    RoadRule::NotYet {
                        k: road.offset() as u8,
                    },
                ),
            };
            found.push(RoadDisagreement {
                road: road.key().into(),
                entry: i + 1,
                log: log.get(i).copied().map(RoadValue::Letter),
                reference: reference.get(i).copied().map(RoadValue::Letter),
                rule,
                at,
            });
        }
        if let Some(next) = &self.next {
            for (side, ask) in [(Side::Banco, &next.banco), (Side::Punto, &next.punto)] {
                let Some(ask) = ask else { continue };
                let rules = roads.ask_rules(side);
                let marks = roads.ask(side);
                let at = roads.next_position(side);
                for (road, cell) in ask.cells() {
                    let log = cell.as_deref().and_then(|c| c.chars().next());
                    let reference = marks[road.offset() - 1].map(Mark::letter);
                    if log != reference {
                        let side = match side {
                            Side::Banco => "banco",
                            Side::Punto => "punto",
                        };
                        found.push(RoadDisagreement {
                            road: format!("next.{side}.{}", road.key()),
                            entry: 1,
                            log: log.map(RoadValue::Letter),
                            reference: reference.map(RoadValue::Letter),
                            rule: rules[road.offset() - 1],
                            at: Some(at),
                        });
                    }
                }
            }
        }
        found
    }
}

impl StatedAsk {
    /// The cells by road.
    fn cells(&self) -> [(Derived, &Option<String>); 3] {
        [
            (Derived::BigEyeBoy, &self.big_eye_boy),
            (Derived::SmallRoad, &self.small_road),
            (Derived::CockroachPig, &self.cockroach_pig),
        ]
    }
}

/// The message of a letter a road does not show.
fn letter_error(road: &str, what: String, accepted: &str) -> StatedError {
    StatedError {
        column: None,
        message: format!("roads.{road}: {what}: {accepted} are accepted"),
    }
}

/// The index of the first place two sequences differ, one of them stopping included.
fn first_difference<T: PartialEq>(log: &[T], reference: &[T]) -> Option<usize> {
    (0..log.len().max(reference.len())).find(|&i| log.get(i) != reference.get(i))
}

fn letter(winner: Winner) -> char {
    match winner {
        Winner::Banco => 'B',
        Winner::Punto => 'P',
        Winner::Tie => 'T',
    }
}

fn side_letter(side: Side) -> char {
    letter(side.winner())
}

fn first(text: &str) -> char {
    text.chars().next().unwrap_or('?')
}
