//! Batch analysis: JSON lines in, one shoe each, and the analysis document of each out, in
//! the same order. A bad line gets an error object naming its line; the others go on.
//!
//! What a line gives is an [`Output`]: the whole document, a JSON object of the parts a
//! [`Fields`] list names, or a CSV row of [`Columns`].
//!
//! A line's shoe is a [`ShoeSpec`] resolved against its table (see [`ShoeSpec::resolve`]
//! for what wins); its table is the batch's default, or the one its `rules` names, found by
//! the caller's [`TableResolver`].

use crate::analysis::Analysis;
use crate::document::batch::LineError;
use crate::input::shoe::{ShoeFields, field};
use crate::report::csv::{Columns, Row};
use crate::report::{Part, Parts, Report};
use crate::shoe::Shoe;
#[cfg(doc)]
use crate::shoe::ShoeSpec;
use crate::table::NamedTable;
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// One input line: a shoe (whole decks, rank counts or card counts, and cards removed from
/// it) and an
/// optional rule set, by the name the caller's resolver understands. Values are kept as
/// written, so that an error quotes them exactly and names their field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchLine<'a> {
    #[serde(default, borrow)]
    card_counts: Option<&'a RawValue>,
    #[serde(default, borrow)]
    decks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    ranks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    remove: Option<&'a RawValue>,
    #[serde(default, borrow)]
    rules: Option<&'a RawValue>,
}

/// Why a table named by a batch line cannot be had: the message of the line's error object.
pub type Unresolved = Box<dyn std::error::Error + Send + Sync>;

/// Finds the table a line's `rules` names (a shipped variant or a rule file, say).
pub trait TableResolver: Sync {
    /// The table of that name, or why there is none (the line's error object says it).
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved>;
}

/// A batch: the table of lines that name none, and the resolver of the tables they name.
#[derive(Clone, Copy)]
pub struct Batch<'a> {
    default: &'a NamedTable,
    resolver: &'a dyn TableResolver,
    output: &'a Output,
}

/// What a batch writes for each line.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Output {
    /// The whole analysis document, compactly, on one line.
    Document,
    /// A JSON object of the parts named, with the `schema` (and the `line`, when named).
    Fields(Fields),
    /// A CSV row: the line's number, the cells of the columns, and an `error` cell, empty
    /// unless the line could not be analysed (then the others are empty).
    Csv(Box<Columns>),
}

static DOCUMENT: Output = Output::Document;

impl Output {
    /// The line written before the rows: the CSV header, `line,…,error` (no line end).
    pub fn header(&self) -> Option<String> {
        match self {
            Output::Csv(columns) if columns.is_empty() => Some("line,error".into()),
            Output::Csv(columns) => Some(format!("line,{},error", columns.header())),
            _ => None,
        }
    }
}

impl<'a> Batch<'a> {
    /// A batch whose lines that name no rules play at `default`; each line gives its whole
    /// document.
    pub fn new(default: &'a NamedTable, resolver: &'a dyn TableResolver) -> Batch<'a> {
        Batch {
            default,
            resolver,
            output: &DOCUMENT,
        }
    }

    /// The same batch, each line giving `output`.
    pub fn with_output(self, output: &'a Output) -> Batch<'a> {
        Batch { output, ..self }
    }

    /// Analyses one line: its output, or its error (an object or a row) naming the line.
    pub fn line(&self, number: usize, text: &str) -> String {
        match self.try_line(number, text) {
            Ok(document) => document,
            Err(message) => self.error(number, &message),
        }
    }

    /// The error object, or error row, of a line.
    fn error(&self, number: usize, message: &str) -> String {
        match self.output {
            Output::Csv(columns) => {
                let mut row = Row::new(Vec::with_capacity(64 + columns.len()));
                row.number(number as u64);
                (0..columns.len()).for_each(|_| row.cell(""));
                row.cell(message);
                row.into_string()
            }
            _ => error_line(number, message),
        }
    }

    /// The output of one line, or the message of its error.
    fn try_line(&self, number: usize, text: &str) -> Result<String, String> {
        let (shoe, table) = read_line(text, self.default, self.resolver)?;
        let analysis = Analysis::new(&shoe, &table.rules).map_err(|e| e.to_string())?;
        match self.output {
            Output::Document => Ok(Report::new(&analysis, &table.name).to_json()),
            Output::Fields(fields) => {
                let line = fields.line.then_some(number);
                Ok(Parts::new(&analysis, &table.name)
                    .select(fields.parts(), line)
                    .to_json())
            }
            Output::Csv(columns) => {
                if let Cow::Owned(other) = &table {
                    columns.fits(&other.rules).map_err(|mismatch| {
                        format!(
                            "the rules `{}` do not give this CSV's columns, laid out from the rules `{}`: {mismatch}; give lines of other rules a batch of their own, or use JSON lines",
                            other.name, self.default.name
                        )
                    })?;
                }
                let mut row = Row::new(Vec::with_capacity(512));
                row.number(number as u64);
                columns.write_row(&mut Parts::new(&analysis, &table.name), &mut row);
                row.cell("");
                Ok(row.into_string())
            }
        }
    }

    /// Analyses a chunk of numbered lines on every core (with the `parallel` feature; in
    /// turn without it), keeping their order. A line that could not be read as text comes as
    /// `Err` with the reason, and gets its error (an object, or a CSV row); a blank line gets
    /// an empty string.
    pub fn chunk(&self, lines: &[(usize, Result<String, Unreadable>)]) -> Vec<String> {
        #[cfg(feature = "parallel")]
        let lines = lines.par_iter();
        #[cfg(not(feature = "parallel"))]
        let lines = lines.iter();
        lines
            .map(|(number, text)| match text {
                Err(unreadable) => self.error(*number, &unreadable.to_string()),
                Ok(text) if text.trim().is_empty() => String::new(),
                Ok(text) => self.line(*number, text),
            })
            .collect()
    }
}

/// Why a line of a batch could not even be read as text; its error object says so, and the
/// batch goes on after it (or, for a line too long, stops there).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unreadable {
    /// The line is not UTF-8 text; `column` is where it stops being so, from 1.
    #[error("column {column}: the line is not UTF-8 text")]
    NotText {
        /// The column, in bytes from 1, of the first byte that is not UTF-8.
        column: usize,
    },
    /// The line is longer than the reader accepts: the batch is read no further.
    #[error(
        "the line is longer than {limit} bytes, the longest accepted: the batch is read no further"
    )]
    TooLong {
        /// The longest line accepted, in bytes.
        limit: usize,
    },
}

/// The error object of a line that cannot be analysed: `{"error": "…", "line": N, "schema": 1}`
/// ([`LineError`]).
pub fn error_line(number: usize, message: &str) -> String {
    LineError::new(number, message).to_json()
}

/// The shoe and table of one line, or the message of its error.
fn read_line<'t>(
    text: &str,
    default: &'t NamedTable,
    resolver: &dyn TableResolver,
) -> Result<(Shoe, Cow<'t, NamedTable>), String> {
    let text = text.trim_end_matches(['\n', '\r']);
    if !text.trim_start().starts_with('{') {
        return Err("a line is one JSON object, such as {\"decks\": 8}".into());
    }
    let line: BatchLine = serde_json::from_str(text).map_err(|e| {
        let text = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        format!(
            "column {}: {}",
            e.column(),
            text.strip_suffix(&suffix).unwrap_or(&text)
        )
    })?;
    let rules_name: Option<String> = line
        .rules
        .map(|raw| {
            field(
                raw,
                "rules",
                "the name of a shipped variant or a rule file, in quotes",
            )
        })
        .transpose()?;
    let table = match &rules_name {
        Some(name) => Cow::Owned(resolver.resolve(name).map_err(|e| e.to_string())?),
        None => Cow::Borrowed(default),
    };
    let fields = ShoeFields {
        decks: line.decks,
        ranks: line.ranks,
        card_counts: line.card_counts,
        remove: line.remove,
    };
    // The shoe specification's precedence: the line's own base, the table's shoe, eight decks.
    let spec = fields.spec()?;
    let shoe = table.resolve_shoe(&spec).map_err(|e| e.to_string())?;
    Ok((shoe, table))
}

/// The parts a batch line's JSON object holds, as a list names them (`outcomes,bets`), and
/// whether it holds the line's number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields {
    parts: Vec<Part>,
    line: bool,
}

/// The names a field list accepts, in the document's order, then `line`.
pub const ACCEPTED_FIELDS: &str = "bets, cards_used, draws, final_states, naturals, outcomes, rules, schema, sequences, shoe, ties_by_total, line";

/// Why a field list cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldsError {
    /// The list names nothing.
    #[error(
        "the list of fields is empty: expected names separated by commas, from {ACCEPTED_FIELDS}"
    )]
    Empty,
    /// One name of the list is empty (two commas in a row, or one at an end).
    #[error(
        "field {position} is empty: expected names separated by single commas, from {ACCEPTED_FIELDS}"
    )]
    Blank {
        /// The name's position in the list, from 1.
        position: usize,
    },
    /// A name that is no part of the document.
    #[error(
        "field {position}, `{name}`, is not a part of the document: expected one of {ACCEPTED_FIELDS}"
    )]
    Unknown {
        /// The name's position in the list, from 1.
        position: usize,
        /// The name as given (its first 40 characters).
        name: String,
    },
    /// A name given twice.
    #[error("field {position}, `{name}`, is already named: give each field once")]
    Repeated {
        /// The position of its second naming, from 1.
        position: usize,
        /// The name.
        name: String,
    },
}

impl Fields {
    /// Reads a comma-separated list of the document's top-level keys (and `line`); spaces
    /// around a name are ignored, the names are case-sensitive, as JSON keys are.
    ///
    /// ```
    /// use punto_banco::batch::{Fields, FieldsError};
    /// use punto_banco::report::Part;
    /// let fields = Fields::parse("outcomes, bets").unwrap();
    /// assert_eq!(fields.parts(), [Part::Outcomes, Part::Bets]);
    /// assert!(matches!(Fields::parse("outcomes,outcomes"), Err(FieldsError::Repeated { .. })));
    /// ```
    pub fn parse(list: &str) -> Result<Fields, FieldsError> {
        if list.trim().is_empty() {
            return Err(FieldsError::Empty);
        }
        let mut fields = Fields {
            parts: Vec::new(),
            line: false,
        };
        for (index, name) in list.split(',').enumerate() {
            let (position, name) = (index + 1, name.trim());
            let repeated = || FieldsError::Repeated {
                position,
                name: name.to_string(),
            };
            if name.is_empty() {
                return Err(FieldsError::Blank { position });
            } else if name == "line" {
                if fields.line {
                    return Err(repeated());
                }
                fields.line = true;
            } else {
                let part = Part::from_key(name).ok_or_else(|| FieldsError::Unknown {
                    position,
                    name: name.chars().take(40).collect(),
                })?;
                if fields.parts.contains(&part) {
                    return Err(repeated());
                }
                fields.parts.push(part);
            }
        }
        Ok(fields)
    }

    /// Every part of the document, without the line's number.
    pub fn all() -> Fields {
        Fields {
            parts: Part::ALL.to_vec(),
            line: false,
        }
    }

    /// The parts named, in the list's order.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Whether the list names `line`, the batch line's number.
    pub fn line(&self) -> bool {
        self.line
    }
}
