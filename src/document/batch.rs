//! `analyze --batch`: one document a line of the batch, in the input's order.

use crate::report::{Report, Selected};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use std::borrow::Cow;

/// One line of a batch's output (JSON lines): the analysis of the line's shoe, whole or the
/// parts `--fields` names, or the error that kept the line from being analysed.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)] // one line at a time, written at once: no gain in a box
pub enum BatchLine<'a> {
    /// The whole `analyze` document of the line's shoe.
    Analysis(Report<'a>),
    /// The parts of it `--fields` names, with the line's number when `line` is among them.
    Parts(Selected<'a>),
    /// The line could not be analysed.
    Error(LineError),
}

/// The document of a batch line that could not be analysed:
/// `{"error": "…", "line": N, "schema": 1}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LineError {
    /// What is wrong with the line, and what is accepted.
    pub error: String,
    /// The line's number in the batch, from 1.
    pub line: usize,
    /// The document version (1).
    pub schema: u32,
}

impl LineError {
    /// The error of line `line`.
    pub fn new(line: usize, error: impl Into<String>) -> LineError {
        LineError {
            error: error.into(),
            line,
            schema: super::DOCUMENT_VERSION,
        }
    }

    /// As compact JSON text, one line of the batch's output.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an error line is plain data")
    }
}

impl JsonSchema for BatchLine<'_> {
    fn schema_name() -> Cow<'static, str> {
        "BatchLine".into()
    }

    /// `analyze`'s document with every part optional but `schema`, and a `line` number
    /// (what `--fields` may select), or a [`LineError`].
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut analysis = Report::json_schema(generator);
        if let Some(object) = analysis.as_object_mut() {
            object.insert("required".into(), serde_json::json!(["schema"]));
            object.insert("not".into(), serde_json::json!({ "required": ["error"] }));
            if let Some(properties) = object
                .get_mut("properties")
                .and_then(serde_json::Value::as_object_mut)
            {
                properties.insert(
                    "line".into(),
                    serde_json::json!({
                        "description": "The line's number in the batch, from 1, when `--fields` names `line`.",
                        "type": "integer",
                        "minimum": 1,
                    }),
                );
            }
        }
        let error = generator.subschema_for::<LineError>();
        json_schema!({
            "description": "One line of `analyze --batch`'s output: the analysis of the line's shoe (whole, or the parts `--fields` names), or the error of a line that could not be analysed.",
            "anyOf": [analysis, error],
        })
    }
}
