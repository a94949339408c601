//! The analysis document as CSV: one row per shoe, the columns chosen by [`Part`]s and laid
//! out once, from a rule set, for every row.
//!
//! Every cell is the document's value as text: a count in decimal digits, an exact `"n/d"`
//! without its quotes, a decimal as the JSON writes it (empty where the JSON has `null`).
//! Nested objects become one column per value, named by the keys of the path joined with
//! `.` (`outcomes.banco.probability`). The lists are flattened so:
//!
//! - `shoe.ranks` is one column per rank, `shoe.ranks.A` to `shoe.ranks.K`;
//! - `final_states` is one column per final state the rules can end in, named
//!   `final_states.punto_T_C.banco_T_C` (a hand's total `T` on `C` cards, with `.natural`
//!   after a natural), in the document's order; its cell is the state's count, `0` for a
//!   state the shoe cannot reach (the document leaves such a state out);
//! - a bet's `net_distribution` is one cell, its entries `net:probability` joined by `;`,
//!   lowest net first.
//!
//! Columns that depend on the rules (the bets, the natural totals, the final states) follow
//! the rule set the columns were laid out from; [`Columns::fits`] says whether another rule
//! set gives the same columns.

use super::{BetReport, Decimal, Part, Parts, ShareReport, StateReport};
use crate::analysis::Analysis;
use crate::outcome::FinalState;
use crate::rules::{DrawingRules, Rules};
use crate::shoe::Shoe;

/// The columns of a CSV of analysis documents.
#[derive(Debug, Clone)]
pub struct Columns {
    /// The parts, in the order their columns come.
    parts: Vec<Part>,
    /// The keys of the bets, in the tariff's order.
    bets: Vec<String>,
    /// The drawing rules the natural totals and final states follow.
    drawing: DrawingRules,
    /// The natural totals of those rules.
    natural_totals: Vec<u8>,
    /// The final states those rules can end in, in index order (only when asked).
    states: Vec<FinalState>,
    /// The names of the columns, in order.
    names: Vec<String>,
}

/// Why a rule set does not give the columns of a CSV laid out from another.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Mismatch {
    /// Its bets are not the columns' bets.
    #[error("its bets ({found}) are not the columns' bets ({expected})")]
    Bets {
        /// The columns' bets, by key, comma-separated.
        expected: String,
        /// The rule set's bets.
        found: String,
    },
    /// It draws otherwise, so its naturals or final states are other columns.
    #[error("it draws otherwise than the rules the columns of {part} follow")]
    Drawing {
        /// The part whose columns differ: `naturals` or `final_states`.
        part: &'static str,
    },
}

/// The rank names of `shoe.ranks`, A to K.
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

impl Columns {
    /// The columns of `parts`, in that order, with the bets, natural totals and final states
    /// of `rules`.
    pub fn new(parts: &[Part], rules: &Rules) -> Columns {
        let states = if parts.contains(&Part::FinalStates) {
            // Eight decks hold every value at least six times: every sequence of values, so
            // every state the rules can end in, has sequences.
            let full = Shoe::decks(8).expect("eight decks are a shoe");
            Analysis::new(&full, rules)
                .expect("eight decks are playable")
                .states()
                .into_iter()
                .map(|(state, _)| state)
                .collect()
        } else {
            Vec::new()
        };
        let mut columns = Columns {
            parts: parts.to_vec(),
            bets: bet_keys(rules),
            drawing: rules.drawing.clone(),
            natural_totals: (0u8..10).filter(|&t| rules.drawing.is_natural(t)).collect(),
            states,
            names: Vec::new(),
        };
        columns.names = columns.laid_out_names();
        columns
    }

    /// Whether `rules` give the same columns: the same bets when `bets` is a column, the same
    /// drawing rules when `naturals` or `final_states` is.
    pub fn fits(&self, rules: &Rules) -> Result<(), Mismatch> {
        if self.parts.contains(&Part::Bets) {
            let found = bet_keys(rules);
            if found != self.bets {
                return Err(Mismatch::Bets {
                    expected: self.bets.join(", "),
                    found: found.join(", "),
                });
            }
        }
        for part in [Part::Naturals, Part::FinalStates] {
            if self.parts.contains(&part) && rules.drawing != self.drawing {
                return Err(Mismatch::Drawing { part: part.key() });
            }
        }
        Ok(())
    }

    /// The parts, in the order of their columns.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The names of the columns, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    fn laid_out_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        let shares = |names: &mut Vec<String>, path: &str| {
            for value in ["count", "probability", "decimal"] {
                names.push(format!("{path}.{value}"));
            }
        };
        for part in &self.parts {
            let key = part.key();
            match part {
                Part::Bets => {
                    for bet in &self.bets {
                        for value in ["edge", "edge_percent", "expected_net", "net_distribution"] {
                            names.push(format!("bets.{bet}.{value}"));
                        }
                    }
                }
                Part::CardsUsed => (4..=6).for_each(|n| shares(&mut names, &format!("{key}.{n}"))),
                Part::Draws | Part::Outcomes => {
                    let hands: &[&str] = match part {
                        Part::Draws => &["banco", "punto"],
                        _ => &["banco", "punto", "tie"],
                    };
                    for hand in hands {
                        shares(&mut names, &format!("{key}.{hand}"));
                    }
                }
                Part::FinalStates => {
                    for s in &self.states {
                        let natural = if s.natural { ".natural" } else { "" };
                        names.push(format!(
                            "final_states.punto_{}_{}.banco_{}_{}{natural}",
                            s.punto_total, s.punto_cards, s.banco_total, s.banco_cards
                        ));
                    }
                }
                Part::Naturals => {
                    shares(&mut names, "naturals.any");
                    for hand in ["banco", "punto"] {
                        for t in &self.natural_totals {
                            shares(&mut names, &format!("naturals.{hand}.{t}"));
                        }
                    }
                }
                Part::Rules | Part::Schema | Part::Sequences => names.push(key.to_string()),
                Part::Shoe => {
                    names.push("shoe.cards".into());
                    names.push("shoe.decks".into());
                    names.extend(RANKS.iter().map(|rank| format!("shoe.ranks.{rank}")));
                }
                Part::TiesByTotal => {
                    (0..10).for_each(|t| shares(&mut names, &format!("{key}.{t}")));
                }
            }
        }
        names
    }

    /// The header line's cells, comma-separated, without a line end.
    pub fn header(&self) -> String {
        let mut row = Row::new(Vec::new());
        for name in &self.names {
            row.cell(name);
        }
        row.into_string()
    }

    /// The number of columns.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no columns.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Writes the row of `parts` to `row`, one cell per column. The parts' rule set must
    /// [fit](Columns::fits) the columns'.
    pub fn write_row(&self, parts: &mut Parts<'_>, row: &mut Row) {
        for part in &self.parts {
            match part {
                Part::Bets => {
                    let bets = parts.bets();
                    for key in &self.bets {
                        match bets.get(key.as_str()) {
                            Some(bet) => bet_cells(row, bet),
                            None => (0..4).for_each(|_| row.cell("")),
                        }
                    }
                }
                Part::CardsUsed => parts.cards_used().values().for_each(|s| share(row, s)),
                Part::Draws => {
                    let draws = parts.draws();
                    share(row, &draws.banco);
                    share(row, &draws.punto);
                }
                Part::FinalStates => state_cells(row, &self.states, parts.final_states()),
                Part::Naturals => {
                    let naturals = parts.naturals();
                    share(row, &naturals.any);
                    for by_total in [&naturals.banco, &naturals.punto] {
                        for t in &self.natural_totals {
                            match by_total.get(super::DIGITS[usize::from(*t)]) {
                                Some(s) => share(row, s),
                                None => (0..3).for_each(|_| row.cell("")),
                            }
                        }
                    }
                }
                Part::Outcomes => {
                    let outcomes = parts.outcomes();
                    share(row, &outcomes.banco);
                    share(row, &outcomes.punto);
                    share(row, &outcomes.tie);
                }
                Part::Rules => row.cell(parts.rules()),
                Part::Schema => row.number(crate::SCHEMA),
                Part::Sequences => row.cell(&parts.sequences()),
                Part::Shoe => {
                    let shoe = parts.shoe();
                    row.number(shoe.cards);
                    match shoe.decks {
                        Some(decks) => row.number(decks),
                        None => row.cell(""),
                    }
                    shoe.ranks.iter().for_each(|&count| row.number(count));
                }
                Part::TiesByTotal => parts.ties_by_total().values().for_each(|s| share(row, s)),
            }
        }
    }
}

/// The keys of a rule set's bets, in the tariff's order.
fn bet_keys(rules: &Rules) -> Vec<String> {
    rules
        .tariff
        .all()
        .into_iter()
        .map(|(key, _)| key.to_string())
        .collect()
}

/// A share's three cells: count, probability, decimal.
fn share(row: &mut Row, share: &ShareReport) {
    row.cell(&share.count);
    row.cell(&share.probability);
    row.decimal(share.decimal);
}

/// A bet's four cells.
fn bet_cells(row: &mut Row, bet: &BetReport) {
    row.cell(&bet.edge);
    row.decimal(bet.edge_percent);
    row.cell(&bet.expected_net);
    let distribution: Vec<String> = bet
        .net_distribution
        .iter()
        .map(|n| format!("{}:{}", n.net, n.probability))
        .collect();
    row.cell(&distribution.join(";"));
}

/// The count of each state of the columns, `0` for one the document leaves out.
fn state_cells(row: &mut Row, columns: &[FinalState], states: &[StateReport]) {
    let index = |s: &StateReport| {
        FinalState {
            punto_total: s.punto_total,
            banco_total: s.banco_total,
            punto_cards: s.punto_cards,
            banco_cards: s.banco_cards,
            natural: s.natural,
        }
        .index()
    };
    // Both lists are in index order: one walk pairs them.
    let mut states = states.iter().peekable();
    for column in columns {
        while states.next_if(|s| index(s) < column.index()).is_some() {}
        match states.next_if(|s| index(s) == column.index()) {
            Some(state) => row.cell(&state.count),
            None => row.cell("0"),
        }
    }
}

/// One CSV line being written: cells separated by commas, quoted where they must be.
#[derive(Debug, Default)]
pub struct Row {
    bytes: Vec<u8>,
    cells: usize,
}

impl Row {
    /// A row written after what `bytes` holds (emptied first).
    pub fn new(mut bytes: Vec<u8>) -> Row {
        bytes.clear();
        Row { bytes, cells: 0 }
    }

    fn separate(&mut self) {
        if self.cells > 0 {
            self.bytes.push(b',');
        }
        self.cells += 1;
    }

    /// A cell of text, in double quotes (doubled inside) when it holds a comma, a quote or a
    /// line end, as RFC 4180 asks.
    pub fn cell(&mut self, text: &str) {
        self.separate();
        if text.contains([',', '"', '\n', '\r']) {
            self.bytes.push(b'"');
            self.bytes
                .extend_from_slice(text.replace('"', "\"\"").as_bytes());
            self.bytes.push(b'"');
        } else {
            self.bytes.extend_from_slice(text.as_bytes());
        }
    }

    /// A whole number's cell.
    pub fn number(&mut self, n: impl Into<u64>) {
        self.separate();
        let n: u64 = n.into();
        serde_json::to_writer(&mut self.bytes, &n).expect("a number is plain data");
    }

    /// A decimal's cell, as the JSON writes it; empty where the JSON has `null`.
    pub fn decimal(&mut self, decimal: Decimal) {
        self.separate();
        if decimal.0.is_finite() {
            serde_json::to_writer(&mut self.bytes, &decimal.0).expect("a number is plain data");
        }
    }

    /// The number of cells written.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The row's text.
    pub fn into_string(self) -> String {
        String::from_utf8(self.bytes).expect("cells are text")
    }
}
