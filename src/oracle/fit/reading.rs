//! Reading observed counts: a log of coups counted line by line in fixed arrays, or a counts
//! document, into the cells of every grouping.

use super::{Cell, FitError, Grouping, Observed, opening_cell, state_cell};
use crate::input::json::Described;
use crate::oracle::{Line, LineReader, Object, json_error};
use crate::outcome::{FinalState, Winner};
use crate::rules::{Action, DrawingRules};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{BufRead, Read};

/// The counts of a log, coup by coup, in fixed arrays: memory does not grow with the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogCounts {
    /// Card values 0–9 at each of the first four positions.
    positions: [[u64; 10]; 4],
    /// Coups with a card at each of the first four positions.
    pub(super) position_coups: [u64; 4],
    /// Two-card totals: Punto's, then Banco's.
    openings: [[u64; 10]; 10],
    /// Punto, Banco, Tie.
    outcomes: [u64; 3],
    /// Final states by Punto total, Banco total, Punto's cards − 2 and Banco's cards − 2.
    pub(super) states: Vec<u64>,
    /// Whole coups (four to six cards) counted.
    pub(super) coups: u64,
}

impl Default for LogCounts {
    fn default() -> LogCounts {
        LogCounts {
            positions: [[0; 10]; 4],
            position_coups: [0; 4],
            openings: [[0; 10]; 10],
            outcomes: [0; 3],
            states: vec![0; 400],
            coups: 0,
        }
    }
}

fn state_index(state: FinalState) -> usize {
    ((usize::from(state.punto_total) * 10 + usize::from(state.banco_total)) * 2
        + usize::from(state.punto_cards - 2))
        * 2
        + usize::from(state.banco_cards - 2)
}

/// A coup line of a log as `fit` reads it: the cards, whose the fifth is, and the winner.
#[derive(serde::Deserialize)]
struct LogCoup<'a> {
    #[serde(borrow, default)]
    cards: Option<Vec<Cow<'a, str>>>,
    #[serde(default)]
    shoe: Option<serde::de::IgnoredAny>,
    #[serde(borrow, default)]
    winner: Option<Cow<'a, str>>,
    #[serde(default)]
    punto_draws: Option<bool>,
}

impl LogCounts {
    /// Counts before any coup.
    pub fn new() -> LogCounts {
        LogCounts::default()
    }

    /// Adds one coup as an engine dealt it: the card values (0–9) in deal order, and which
    /// hands drew (where the log does not say, a lone fifth card goes to the hand the rules
    /// would give it). The engine's own account is counted, not what the rules would have
    /// done. A coup of fewer than four or more than six cards counts only at the positions
    /// it has.
    pub fn add_dealt(
        &mut self,
        rules: &DrawingRules,
        values: &[u8],
        punto_draws: Option<bool>,
        winner: Option<Winner>,
    ) -> Result<(), FitError> {
        if let Some(&v) = values.iter().find(|&&v| v > 9) {
            return Err(FitError::Counts(format!(
                "a card value is {v}: values are 0 to 9"
            )));
        }
        let whole = (4..=6).contains(&values.len());
        // Every total is checked before any count changes, so an error leaves them as they were.
        let positions = values.len().min(4);
        for k in 0..positions {
            if self.position_coups[k] == u64::MAX {
                return Err(FitError::Overflow {
                    grouping: Grouping::Position(k as u8 + 1).key(),
                });
            }
        }
        if whole && self.coups == u64::MAX {
            return Err(FitError::Overflow {
                grouping: Grouping::Outcomes.key(),
            });
        }
        for (k, &v) in values.iter().take(4).enumerate() {
            self.position_coups[k] += 1;
            self.positions[k][usize::from(v)] += 1;
        }
        if !whole {
            return Ok(());
        }
        let (p, b) = ((values[0] + values[2]) % 10, (values[1] + values[3]) % 10);
        let punto_draws = match values.len() {
            4 => false,
            6 => true,
            _ => punto_draws.unwrap_or_else(|| {
                crate::play::Opening::of(rules, p, b).punto() == Some(Action::Draw)
            }),
        };
        let mut punto = vec![values[0], values[2]];
        let mut banco = vec![values[1], values[3]];
        let mut rest = values[4..].iter();
        if punto_draws {
            punto.extend(rest.next());
        }
        banco.extend(rest.next());
        let state = FinalState {
            // Each value is 0 to 9 and a hand holds at most three: the sum fits a u8.
            punto_total: punto.iter().sum::<u8>() % 10,
            banco_total: banco.iter().sum::<u8>() % 10,
            punto_cards: punto.len() as u8,
            banco_cards: banco.len() as u8,
            natural: false,
        };
        let winner = winner.unwrap_or(state.winner());
        self.coups += 1;
        self.openings[usize::from(p)][usize::from(b)] += 1;
        self.outcomes[winner as usize] += 1;
        self.states[state_index(state)] += 1;
        Ok(())
    }

    /// Reads one line of a log (1-based `number`): a coup line is counted, a shoe line and a
    /// blank line are passed over; anything else is an error naming the line.
    pub fn line(
        &mut self,
        number: usize,
        bytes: &[u8],
        rules: &DrawingRules,
    ) -> Result<(), FitError> {
        let error = |message: String| FitError::Log {
            line: number,
            message,
        };
        let text = std::str::from_utf8(bytes).map_err(|e| {
            error(format!(
                "column {}: this byte is not UTF-8 text: a log is written in UTF-8",
                e.valid_up_to() + 1
            ))
        })?;
        let text = text
            .trim_start_matches('\u{feff}')
            .trim_end_matches(['\n', '\r']);
        if text.trim_matches([' ', '\t', '\r', '\n']).is_empty() {
            return Ok(());
        }
        let Object(coup) = serde_json::from_str::<Object<LogCoup>>(text)
            .map_err(|e| error(json_error(text, &e, true)))?;
        let cards = match (coup.cards, coup.shoe) {
            (Some(cards), None) => cards,
            (None, Some(_)) => return Ok(()),
            _ => {
                return Err(error(
                    "a line is a coup (with `cards`) or a new shoe (with `shoe`), not both or neither"
                        .into(),
                ));
            }
        };
        let values: Vec<u8> = cards
            .iter()
            .map(|c| c.parse::<crate::card::Card>().map(|c| c.value()))
            .collect::<Result<_, _>>()
            .map_err(|e| error(e.to_string()))?;
        let winner = match coup.winner.as_deref() {
            None => None,
            Some("punto") => Some(Winner::Punto),
            Some("banco") => Some(Winner::Banco),
            Some("tie") => Some(Winner::Tie),
            Some(other) => {
                return Err(error(format!(
                    "winner is `{other}`: expected \"punto\", \"banco\" or \"tie\""
                )));
            }
        };
        self.add_dealt(rules, &values, coup.punto_draws, winner)
            .map_err(|e| error(e.to_string()))
    }

    /// The counts by grouping; only groupings that counted a coup are present.
    pub fn observed(&self) -> Observed {
        let mut groups: BTreeMap<Grouping, BTreeMap<Cell, u64>> = BTreeMap::new();
        let mut totals = BTreeMap::new();
        let mut put = |grouping: Grouping, cells: Vec<(Cell, u64)>, total: u64| {
            if total > 0 {
                groups.insert(
                    grouping,
                    cells.into_iter().filter(|&(_, count)| count > 0).collect(),
                );
                totals.insert(grouping, total);
            }
        };
        for (k, counts) in self.positions.iter().enumerate() {
            let cells = counts
                .iter()
                .enumerate()
                .map(|(v, &count)| (v.to_string(), count))
                .collect();
            put(
                Grouping::Position(k as u8 + 1),
                cells,
                self.position_coups[k],
            );
        }
        let openings = (0..10u8)
            .flat_map(|p| (0..10u8).map(move |b| (p, b)))
            .map(|(p, b)| {
                (
                    opening_cell(p, b),
                    self.openings[usize::from(p)][usize::from(b)],
                )
            })
            .collect();
        put(Grouping::Openings, openings, self.coups);
        let outcomes = Winner::ALL
            .iter()
            .map(|&w| (w.key().to_string(), self.outcomes[w as usize]))
            .collect();
        put(Grouping::Outcomes, outcomes, self.coups);
        let mut states = Vec::new();
        for punto_total in 0..10 {
            for banco_total in 0..10 {
                for punto_cards in 2..=3 {
                    for banco_cards in 2..=3 {
                        let state = FinalState {
                            punto_total,
                            banco_total,
                            punto_cards,
                            banco_cards,
                            natural: false,
                        };
                        states.push((state_cell(state), self.states[state_index(state)]));
                    }
                }
            }
        }
        put(Grouping::FinalStates, states, self.coups);
        Observed { groups, totals }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountsFile {
    #[serde(default)]
    outcomes: Option<Object<OutcomeCounts>>,
    #[serde(default)]
    final_states: Option<Vec<Object<StateCount>>>,
    #[serde(default)]
    openings: Option<Vec<Object<OpeningCount>>>,
    #[serde(default)]
    positions: Option<Vec<[u64; 10]>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeCounts {
    punto: u64,
    banco: u64,
    tie: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateCount {
    punto_total: u8,
    banco_total: u8,
    punto_cards: u8,
    banco_cards: u8,
    count: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningCount {
    punto_total: u8,
    banco_total: u8,
    count: u64,
}

/// The largest counts document read, in bytes: one holds at most a few hundred entries,
/// a few tens of kilobytes; a log, read line by line, has no such limit.
pub const MAX_COUNTS_BYTES: usize = 16 << 20;

/// Whether a line is a log line: a JSON object with a `cards` or a `shoe` field.
fn is_log_line(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        cards: Option<serde::de::IgnoredAny>,
        #[serde(default)]
        shoe: Option<serde::de::IgnoredAny>,
    }
    impl Described for Probe {}
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    serde_json::from_slice::<Object<Probe>>(bytes)
        .is_ok_and(|Object(probe)| probe.cards.is_some() || probe.shoe.is_some())
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

impl Observed {
    /// Reads observed counts: a counts document (JSON object), or a log of coups (JSON lines
    /// with `cards`, as `verify` reads), from which every grouping is counted.
    pub fn read(text: &str, rules: &DrawingRules) -> Result<Observed, FitError> {
        Self::read_from(text.as_bytes(), rules, usize::MAX, usize::MAX)
    }

    /// Reads observed counts from a file or standard input, telling the two forms apart by
    /// the first line that is not blank: a log (that line is a coup or a shoe line) is read
    /// line by line, each line at most `max_line_len` bytes, so memory stays flat whatever
    /// its length; a counts document is read whole, at most `max_document_len` bytes.
    pub fn read_from(
        reader: impl BufRead,
        rules: &DrawingRules,
        max_line_len: usize,
        max_document_len: usize,
    ) -> Result<Observed, FitError> {
        let mut lines = LineReader::new(reader, max_document_len);
        let mut blank_lines = 0usize;
        let first = loop {
            match lines.next_line()? {
                None => return Err(FitError::Empty),
                Some((_, Line::TooLong)) => {
                    return Err(FitError::TooLarge {
                        limit: max_document_len,
                    });
                }
                Some((_, Line::Read(bytes))) if is_blank(bytes) => {
                    blank_lines += 1;
                    if blank_lines > max_document_len {
                        return Err(FitError::TooLarge {
                            limit: max_document_len,
                        });
                    }
                }
                Some((number, Line::Read(bytes))) => break (number, bytes.to_vec()),
            }
        };
        let (number, bytes) = first;
        if is_log_line(&bytes) {
            if bytes.len() > max_line_len {
                return Err(too_long(number, max_line_len));
            }
            let mut counts = LogCounts::new();
            counts.line(number, &bytes, rules)?;
            lines.set_limit(max_line_len);
            return read_log_lines(lines, counts, rules, max_line_len);
        }
        // A counts document: the lines read so far, then the rest, within the limit.
        let mut text = vec![b'\n'; blank_lines];
        let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
        text.extend_from_slice(bytes);
        text.push(b'\n');
        let left = max_document_len.saturating_sub(text.len());
        let mut rest = Vec::new();
        lines
            .get_mut()
            .take(u64::try_from(left).unwrap_or(u64::MAX).saturating_add(1))
            .read_to_end(&mut rest)?;
        if rest.len() > left {
            return Err(FitError::TooLarge {
                limit: max_document_len,
            });
        }
        text.extend_from_slice(&rest);
        let text = String::from_utf8(text).map_err(|e| {
            FitError::Counts(format!(
                "byte {} is not UTF-8 text: a counts document is written in UTF-8",
                e.utf8_error().valid_up_to() + 1
            ))
        })?;
        Self::from_counts(&text)
    }

    /// Reads a log of coups line by line, each line at most `max_line_len` bytes; memory
    /// stays flat whatever the log's length.
    pub fn read_log(
        reader: impl BufRead,
        rules: &DrawingRules,
        max_line_len: usize,
    ) -> Result<Observed, FitError> {
        read_log_lines(
            LineReader::new(reader, max_line_len),
            LogCounts::new(),
            rules,
            max_line_len,
        )
    }

    /// Reads a counts document: one JSON object with any of `outcomes`, `final_states`,
    /// `openings` and `positions`.
    pub fn from_counts(text: &str) -> Result<Observed, FitError> {
        let Object(file) = serde_json::from_str::<Object<CountsFile>>(text)
            .map_err(|e| FitError::Counts(json_error(text, &e, false)))?;
        let mut observed = Observed::default();
        if let Some(Object(o)) = file.outcomes {
            for (key, count) in [("punto", o.punto), ("banco", o.banco), ("tie", o.tie)] {
                observed.add(Grouping::Outcomes, key.into(), count)?;
            }
        }
        // The first entry of each cell, to refuse a repeated one rather than sum it.
        let mut seen: BTreeMap<Cell, usize> = BTreeMap::new();
        let mut once = |grouping: &str, cell: &Cell, index: usize| match seen
            .insert(cell.clone(), index)
        {
            Some(first) => Err(FitError::Counts(format!(
                "{grouping}[{index}] repeats the cell of {grouping}[{first}]: give each cell once"
            ))),
            None => Ok(()),
        };
        for (index, Object(s)) in file.final_states.into_iter().flatten().enumerate() {
            for (name, value, accepted) in [
                ("punto_total", s.punto_total, 0..=9),
                ("banco_total", s.banco_total, 0..=9),
                ("punto_cards", s.punto_cards, 2..=3),
                ("banco_cards", s.banco_cards, 2..=3),
            ] {
                if !accepted.contains(&value) {
                    return Err(FitError::Counts(format!(
                        "final_states[{index}].{name} is {value}: expected {} to {}",
                        accepted.start(),
                        accepted.end()
                    )));
                }
            }
            let state = FinalState {
                punto_total: s.punto_total,
                banco_total: s.banco_total,
                punto_cards: s.punto_cards,
                banco_cards: s.banco_cards,
                natural: false,
            };
            once("final_states", &state_cell(state), index)?;
            observed.add(Grouping::FinalStates, state_cell(state), s.count)?;
        }
        for (index, Object(o)) in file.openings.into_iter().flatten().enumerate() {
            for (name, value) in [
                ("punto_total", o.punto_total),
                ("banco_total", o.banco_total),
            ] {
                if value > 9 {
                    return Err(FitError::Counts(format!(
                        "openings[{index}].{name} is {value}: expected 0 to 9"
                    )));
                }
            }
            let cell = opening_cell(o.punto_total, o.banco_total);
            once("openings", &cell, index)?;
            observed.add(Grouping::Openings, cell, o.count)?;
        }
        let positions = file.positions.unwrap_or_default();
        if positions.len() > 4 {
            return Err(FitError::Counts(format!(
                "positions has {} entries: position 5 and beyond are not counted; give one to four arrays, for the first four cards of a coup (positions 1 to 4)",
                positions.len()
            )));
        }
        for (k, counts) in positions.iter().enumerate() {
            for (v, &count) in counts.iter().enumerate() {
                observed.add(Grouping::Position(k as u8 + 1), v.to_string(), count)?;
            }
        }
        if observed.groups.is_empty() {
            return Err(FitError::Empty);
        }
        Ok(observed)
    }
}

fn too_long(line: usize, limit: usize) -> FitError {
    FitError::Log {
        line,
        message: format!("the line is longer than {limit} bytes"),
    }
}

fn read_log_lines(
    mut lines: LineReader<impl BufRead>,
    mut counts: LogCounts,
    rules: &DrawingRules,
    max_line_len: usize,
) -> Result<Observed, FitError> {
    while let Some((number, line)) = lines.next_line()? {
        match line {
            Line::Read(bytes) => counts.line(number, bytes, rules)?,
            Line::TooLong => return Err(too_long(number, max_line_len)),
        }
    }
    let observed = counts.observed();
    if observed.groups.is_empty() {
        return Err(FitError::Empty);
    }
    Ok(observed)
}

// Objects of a log or a counts document are plainly objects, for serde's message.
impl Described for LogCoup<'_> {}
impl Described for CountsFile {}
impl Described for OutcomeCounts {}
impl Described for StateCount {}
impl Described for OpeningCount {}
