//! A request read into a job: the options of a query string or of a JSON body, the rule set
//! by shipped name or as a rule-file object, and the file a command reads from the body.
//!
//! Nothing here opens a file: a name that is not a shipped rule set's is refused, whatever
//! it looks like.

use super::worker::{InputText, Job, RulesText};
use axum::http::StatusCode;
use punto_banco::api::{self, Table};
use serde_json::{Map, Value};

/// Why a request was refused: the status and the one-line message.
#[derive(Debug)]
pub struct Refusal(pub StatusCode, pub String);

impl Refusal {
    /// Bad input: 400 and the message.
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal(StatusCode::BAD_REQUEST, message.into())
    }
}

/// The keys of a request that are not the command's options: the rule set (by name or
/// object, or as text), the format and (in a JSON body) the file the command reads.
pub const RESERVED: [&str; 4] = ["rules", "rules_text", "format", "input"];

/// The name of the file `command` reads, in messages and in a lab report's command line.
pub fn input_name(command: &str) -> &'static str {
    match command {
        "fit" => "the counts",
        "shuffle-test" => "the shoes",
        _ => "the log",
    }
}

/// A job from a query string's pairs (a GET, or a POST whose body is the file read).
pub fn from_query(command: &str, pairs: Vec<(String, String)>) -> Result<Job, Refusal> {
    let properties = properties(command);
    let mut options = Map::new();
    let mut rules = None;
    let mut svg = false;
    for (key, text) in pairs {
        if options.contains_key(&key)
            || (key == "rules" && rules.is_some())
            || (key == "format" && svg)
        {
            return Err(Refusal::bad(format!("{key}: given twice")));
        }
        match key.as_str() {
            "rules" => rules = Some(shipped(&text)?),
            "format" => svg = format(command, &text)?,
            "input" | "rules_text" => {
                return Err(Refusal::bad(format!(
                    "{key}: a text comes in the JSON body of a POST, not in the query"
                )));
            }
            _ => {
                let value = option_value(properties.get(&key), &text);
                options.insert(key, value);
            }
        }
    }
    Ok(Job {
        command: command.to_string(),
        options: Value::Object(options),
        rules,
        input: None,
        svg,
    })
}

/// A job from a JSON body, on top of the query's (the body's keys win).
pub fn from_json(command: &str, mut job: Job, body: &[u8]) -> Result<Job, Refusal> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(job);
    }
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        Refusal::bad(format!(
            "the body: line {}, column {}: {e}",
            e.line(),
            e.column()
        ))
    })?;
    let Value::Object(mut body) = value else {
        return Err(Refusal::bad(
            "the body: expected a JSON object of options, such as {\"decks\": 6}",
        ));
    };
    match body.remove("rules") {
        None | Some(Value::Null) => {}
        Some(Value::String(name)) => job.rules = Some(shipped(&name)?),
        Some(file @ Value::Object(_)) => {
            job.rules = Some(RulesText {
                source: "rules".into(),
                text: file.to_string(),
            });
        }
        Some(other) => {
            return Err(Refusal::bad(format!(
                "rules: expected a shipped rule set's name or a rule file's object, not {other}"
            )));
        }
    }
    match body.remove("rules_text") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) if job.rules.is_none() => {
            job.rules = Some(RulesText {
                source: "rules_text".into(),
                text,
            });
        }
        Some(Value::String(_)) => {
            return Err(Refusal::bad(
                "rules, rules_text: give the rule set once, by name, object or text",
            ));
        }
        Some(other) => {
            return Err(Refusal::bad(format!(
                "rules_text: expected a rule file's or a claimed tableau's text as a string, not {other}"
            )));
        }
    }
    match body.remove("format") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) => job.svg = format(command, &text)?,
        Some(other) => {
            return Err(Refusal::bad(format!(
                "format: expected \"json\" or \"svg\", not {other}"
            )));
        }
    }
    if let Some(given) = body.remove("input") {
        job.input = Some(input(command, &given)?);
    }
    let Value::Object(options) = &mut job.options else {
        unreachable!("a query's options are an object");
    };
    options.extend(body);
    Ok(job)
}

/// A job whose file is the body itself (text/plain or JSON lines), options in the query.
pub fn with_body_input(command: &str, mut job: Job, body: &[u8]) -> Result<Job, Refusal> {
    if !api::READERS.contains(&command) {
        return Err(Refusal::bad(format!(
            "{command} reads no file: send its options as a JSON object (application/json) or in the query"
        )));
    }
    let text = String::from_utf8(body.to_vec())
        .map_err(|e| Refusal::bad(format!("the body: not UTF-8: {e}")))?;
    job.input = Some(InputText {
        name: input_name(command).into(),
        text,
    });
    Ok(job)
}

/// The file `command` reads, from a JSON body's `input`: its text, its lines (a string as
/// it is, anything else as one line of JSON) or one JSON document (`fit`'s counts).
fn input(command: &str, given: &Value) -> Result<InputText, Refusal> {
    if !api::READERS.contains(&command) {
        return Err(Refusal::bad(format!(
            "input: {command} reads no file ({} do)",
            api::READERS.join(", ")
        )));
    }
    let text = match given {
        Value::String(text) => text.clone(),
        Value::Array(lines) => {
            let mut text = String::new();
            for line in lines {
                match line {
                    Value::String(line) => text.push_str(line),
                    other => text.push_str(&other.to_string()),
                }
                text.push('\n');
            }
            text
        }
        Value::Object(_) => given.to_string(),
        other => {
            return Err(Refusal::bad(format!(
                "input: expected the file's text, its lines or a JSON object, not {other}"
            )));
        }
    };
    Ok(InputText {
        name: input_name(command).into(),
        text,
    })
}

/// Whether `format` asks for the chart: `json` (the document) or `svg` (the chart of the
/// commands that draw one).
fn format(command: &str, format: &str) -> Result<bool, Refusal> {
    match format {
        "json" => Ok(false),
        "svg" if api::CHARTS.contains(&command) => Ok(true),
        "svg" => Err(Refusal::bad(format!(
            "format: svg charts {}: {command} draws no chart",
            api::CHARTS.join(", ")
        ))),
        other => Err(Refusal::bad(format!(
            "format: `{other}` is not a format here (json, or svg for {})",
            api::CHARTS.join(", ")
        ))),
    }
}

/// A shipped rule set by name: its text is compiled in. Any other name is refused, a path
/// with a word of its own: the server reads no file a request names.
pub fn shipped(name: &str) -> Result<RulesText, Refusal> {
    match Table::shipped(name) {
        Ok(table) => Ok(RulesText {
            source: table.source,
            text: table.text,
        }),
        Err(_) if looks_like_a_path(name) => Err(Refusal::bad(format!(
            "rules: `{name}` is a path, and the server reads no file a request names: give a shipped rule set's name ({}), or the rule file itself in a POST body (`rules` as an object, or its text as `rules_text`)",
            shipped_names()
        ))),
        Err(e) => Err(Refusal::bad(format!("rules: {e}"))),
    }
}

/// Whether a name is a file's: a folder, a drive or an extension in it.
fn looks_like_a_path(name: &str) -> bool {
    name.contains(['/', '\\', ':']) || name.starts_with('.') || name.contains(".json")
}

/// The shipped rule sets' names, as a message lists them.
fn shipped_names() -> String {
    punto_banco::variants::SHIPPED
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
        + ", catalogue/<family>"
}

/// The properties of `command`'s options, by name.
fn properties(command: &str) -> Map<String, Value> {
    match api::options_schema(command) {
        Ok(Value::Object(mut schema)) => match schema.remove("properties") {
            Some(Value::Object(properties)) => properties,
            _ => Map::new(),
        },
        _ => Map::new(),
    }
}

/// The JSON types a property's schema allows, `null` aside, its alternatives included.
pub fn types(schema: &Value) -> Vec<String> {
    let mut found = Vec::new();
    match schema.get("type") {
        Some(Value::String(name)) => found.push(name.clone()),
        Some(Value::Array(names)) => {
            found.extend(names.iter().filter_map(Value::as_str).map(str::to_string))
        }
        _ => {}
    }
    if schema.get("enum").is_some() && found.is_empty() {
        found.push("string".into());
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alternatives)) = schema.get(key) {
            for alternative in alternatives {
                found.extend(types(alternative));
            }
        }
    }
    found.retain(|name| name != "null");
    found.sort();
    found.dedup();
    found
}

/// A query's text as the option's value: a text option's as it is, a list's items split at
/// commas, a number or a boolean read as JSON (a bare key is `true`); an option the command
/// does not name as JSON if it reads as JSON, so that the command names it.
fn option_value(property: Option<&Value>, text: &str) -> Value {
    let json = || serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.into()));
    let Some(property) = property else {
        return json();
    };
    let types = types(property);
    if types.iter().any(|name| name == "string") {
        return Value::String(text.into());
    }
    if types.iter().any(|name| name == "array") {
        if text.trim_start().starts_with('[') {
            return json();
        }
        let items = property_items(property);
        return Value::Array(
            text.split(',')
                .map(|item| option_value(items.as_ref(), item.trim()))
                .collect(),
        );
    }
    if types == ["boolean"] && text.is_empty() {
        return Value::Bool(true);
    }
    json()
}

/// The schema of a list's items, its alternatives searched.
fn property_items(schema: &Value) -> Option<Value> {
    if let Some(items) = schema.get("items") {
        return Some(items.clone());
    }
    ["anyOf", "oneOf"].iter().find_map(|key| {
        schema
            .get(*key)?
            .as_array()?
            .iter()
            .find_map(property_items)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(command: &str, query: &[(&str, &str)]) -> Value {
        let pairs = query
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        from_query(command, pairs).unwrap().options
    }

    #[test]
    fn a_query_is_read_as_the_options_want_it() {
        assert_eq!(
            options(
                "analyze",
                &[("decks", "6"), ("remove", "8H,9C"), ("fields", "bets")]
            ),
            serde_json::json!({"decks": 6, "remove": "8H,9C", "fields": "bets"})
        );
        assert_eq!(
            options("analyze", &[("ranks", "4,4,4,4,4,4,4,4,4,4,4,4,4")]),
            serde_json::json!({"ranks": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]})
        );
        // A text option stays text though it reads as a number; a bare flag is true.
        assert_eq!(
            options("banque", &[("share", "1")]),
            serde_json::json!({"share": "1"})
        );
        assert_eq!(
            options("shoe-sim", &[("partial", ""), ("shoes", "3")]),
            serde_json::json!({"partial": true, "shoes": 3})
        );
        assert_eq!(
            options("verify", &[("nothing", "x")]),
            serde_json::json!({"nothing": "x"})
        );
    }

    #[test]
    fn a_rule_set_is_a_shipped_name_and_never_a_path() {
        assert!(shipped("catalogue/pairs").is_ok());
        assert!(shipped("ez-baccarat").is_ok());
        for path in [
            "/etc/passwd",
            "../data/variants/reference.json",
            "rules.json",
            "C:\\rules",
            "catalogue/../../x",
        ] {
            let Refusal(status, message) = shipped(path).unwrap_err();
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert!(message.contains("reads no file"), "{path}: {message}");
        }
        let Refusal(_, message) = shipped("nonesuch").unwrap_err();
        assert!(message.contains("not a shipped variant"), "{message}");
    }

    proptest::proptest! {
        /// Whatever a client sends, the readers answer with a job or a one-line refusal:
        /// never a panic (the fuzz targets' counterpart for the binary's own readers).
        #[test]
        fn any_body_or_query_is_a_job_or_a_one_line_refusal(
            command in proptest::sample::select(api::COMMANDS),
            body in proptest::collection::vec(proptest::num::u8::ANY, 0..200),
            text in "[{}\\[\\]\":, a-z0-9_./\\\\-]{0,80}",
            pairs in proptest::collection::vec(("[a-z_]{1,12}", ".{0,20}"), 0..6),
        ) {
            let one_line = |result: Result<Job, Refusal>| match result {
                Ok(_) => true,
                Err(Refusal(status, message)) => status.is_client_error() && !message.contains('\n'),
            };
            let query = from_query(command, pairs);
            let job = match query {
                Ok(job) => job,
                Err(Refusal(status, message)) => {
                    proptest::prop_assert!(status.is_client_error() && !message.contains('\n'));
                    from_query(command, Vec::new()).unwrap()
                }
            };
            proptest::prop_assert!(one_line(from_json(command, job.clone(), &body)));
            proptest::prop_assert!(one_line(from_json(command, job.clone(), text.as_bytes())));
            proptest::prop_assert!(one_line(with_body_input(command, job, &body)));
        }
    }
}
