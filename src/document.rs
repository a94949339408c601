//! The typed JSON documents the commands write: the public contract of every `--format json`.
//!
//! Each command's document is a serde type here (or, for `analyze`, [`crate::report::Report`]),
//! built by the render module from the library's values and serialised with
//! [`serde_json`]. These are the values a program reading the tool's output (the Python
//! package, the web API) receives; their JSON Schemas, derived from the types with
//! [`schemars`], are committed under `docs/schemas/COMMAND.schema.json` ([`SCHEMAS`]).
//!
//! Two meanings of "schema" are kept apart:
//!
//! - the **document version**, the `schema` key of every document written here
//!   ([`DOCUMENT_VERSION`], 1): it changes when a document's shape changes;
//! - the **rule-file format version**, the `schema` key of a rule file read by `--rules`
//!   ([`crate::variants::SCHEMA`], 1 or 2): what a rule file may say.
//!
//! A *JSON Schema* (the files in `docs/schemas/`) describes a document; it is neither.
//!
//! Fields are declared in alphabetical order, and maps are keyed by strings, so that a
//! document's keys come out in the order `serde_json` gives a `Value`'s: the documents keep
//! the bytes they had when they were built as `Value`s.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use std::borrow::Cow;

pub mod audit;
pub mod banque;
pub mod batch;
pub mod check;
pub mod chemin;
pub mod count;
pub mod deal;
pub mod decisions;
pub mod eor;
pub mod fit;
pub mod lab;
pub mod road_vectors;
pub mod roads;
pub mod rules;
pub mod session;
pub mod session_odds;
pub mod shoe_sim;
pub mod shoes;
pub mod shuffle_test;
pub mod vectors;
pub mod verify;

pub use crate::report::Decimal;

/// The version every document carries in its `schema` key (the document version, not the
/// rule-file format version [`crate::variants::SCHEMA`]).
pub const DOCUMENT_VERSION: u32 = crate::SCHEMA;

/// A typed document: a serde value with its JSON Schema, written by one command.
pub trait Document: Serialize + JsonSchema {
    /// The command that writes it: the file stem of its JSON Schema.
    const COMMAND: &'static str;

    /// The document as pretty JSON text and a newline, as the command prints it: its keys
    /// sorted at every level, as `serde_json` writes a `Value` (a flattened part's among its
    /// document's).
    fn to_json_pretty(&self) -> String {
        let value = serde_json::to_value(self).expect("a document is plain data");
        format!("{value:#}\n")
    }
}

/// Derives a document's JSON Schema.
pub type SchemaOf = fn() -> Schema;

/// Every command with a JSON document and the JSON Schema of that document, in the order
/// of the commands' help.
pub const SCHEMAS: &[(&str, SchemaOf)] = &[
    ("analyze", schema::<crate::report::Report<'static>>),
    ("analyze --batch", schema::<batch::BatchLine<'static>>),
    ("rules", schema::<rules::Rules>),
    ("deal", schema::<deal::Deal>),
    ("check", schema::<check::Check>),
    ("verify", schema::<verify::Verify>),
    ("roads", schema::<roads::RoadsShoe>),
    ("vectors", schema::<vectors::Vector>),
    ("vectors --roads", schema::<road_vectors::RoadVector>),
    ("fit", schema::<fit::Fit>),
    ("eor", schema::<eor::Eor>),
    ("decisions", schema::<decisions::Decisions>),
    ("shoe-sim", schema::<shoe_sim::ShoeSim>),
    ("shoe-sim --partial", schema::<shoe_sim::PartialDocument>),
    ("count", schema::<count::Count>),
    ("session", schema::<session::Session>),
    ("session-odds", schema::<session_odds::SessionOdds>),
    ("shoes", schema::<shoes::ShoeLine>),
    ("shuffle-test", schema::<shuffle_test::ShuffleTest>),
    ("audit", schema::<audit::Audit>),
    ("chemin", schema::<chemin::Chemin>),
    ("banque", schema::<banque::Banque>),
];

/// The JSON Schema of one document type.
fn schema<T: JsonSchema>() -> Schema {
    schemars::schema_for!(T)
}

/// The path of a command's JSON Schema under `docs/`: `analyze --batch`'s is
/// `schemas/analyze-batch.schema.json`.
pub fn schema_path(command: &str) -> String {
    format!("schemas/{}.schema.json", command.replace(" --", "-"))
}

/// A command's JSON Schema as the text committed under `docs/schemas/`.
pub fn schema_text(schema: &Schema) -> String {
    let mut text = serde_json::to_string_pretty(schema).expect("a schema is plain JSON");
    text.push('\n');
    text
}

impl JsonSchema for Decimal {
    fn schema_name() -> Cow<'static, str> {
        "Decimal".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The nearest double of an exact value, for people; null where it has none.",
            "type": ["number", "null"],
        })
    }
}

/// An exact value with a rounded decimal beside it: `{"decimal": 0.458…, "exact": "n/d"}`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Exact {
    /// The nearest double, for people.
    pub decimal: Decimal,
    /// The reduced fraction, `"n/d"`.
    pub exact: String,
}

/// A bet's house edge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Edge {
    /// The house edge, `"n/d"`.
    pub edge: String,
    /// The house edge in percent, rounded.
    pub edge_percent: f64,
}

/// A change of a bet's house edge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Change {
    /// The change, `"n/d"`.
    pub exact: String,
    /// The change in percentage points, rounded.
    pub percentage_points: f64,
}

/// An amount of money: an integer when whole, else its decimal (stakes times tariff ratios
/// always have terminating decimals, so the number is exact).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Amount {
    /// A whole amount.
    Whole(i64),
    /// An amount with a fractional part.
    Fraction(f64),
}

/// Implements `Display` for documents as `serde_json::Value` does: compact, or pretty with
/// `{:#}`.
macro_rules! display_as_json {
    ($($t:ty),* $(,)?) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                // Through a `Value`, so that keys come out sorted as a `Value`'s do.
                let value = serde_json::to_value(self).map_err(|_| std::fmt::Error)?;
                if f.alternate() {
                    write!(f, "{value:#}")
                } else {
                    write!(f, "{value}")
                }
            }
        }
    )*};
}
pub(crate) use display_as_json;

impl Document for crate::report::Report<'_> {
    const COMMAND: &'static str = "analyze";
}
