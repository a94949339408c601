//! `GET /api/v1/openapi.json`: the API described in OpenAPI 3.1, made from the list of
//! commands (`api::COMMANDS`) and the JSON Schema of each one's options
//! (`api::options_schema`, derived from the types the library reads them into), so that it
//! says what the server accepts and nothing else.

use super::request::{RESERVED, input_name, types};
use punto_banco::api;
use serde_json::{Map, Value, json};

/// The OpenAPI document.
pub fn document() -> Value {
    let mut paths = Map::new();
    paths.insert(
        "/api/v1/health".into(),
        json!({"get": {
            "summary": "Whether the server answers",
            "responses": {"200": {"description": "It does", "content": {"application/json": {
                "schema": {"type": "object", "properties": {"status": {"const": "ok"}}}
            }}}}
        }}),
    );
    paths.insert(
        "/api/v1/openapi.json".into(),
        json!({"get": {
            "summary": "This description",
            "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {}}}}
        }}),
    );
    for command in api::COMMANDS {
        paths.insert(format!("/api/v1/{command}"), path(command));
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "punto-banco",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Every command of the punto-banco command line as an endpoint: the options are the command line's long flags in snake case, with its defaults, and the answer is the very JSON document `punto-banco COMMAND --format json` prints (its schema is docs/schemas/COMMAND.schema.json). A refusal is {\"error\": \"<the command line's one-line message>\"}: 400 for bad input, 404, 405, 413 past --max-body, 415, 503 past a budget (--timeout, --max-memory, --max-response) or when the queue is full."
        },
        "paths": paths,
        "components": {"schemas": {"Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string", "description": "The command line's one-line message: what, where, what is accepted"}}
        }}}
    })
}

/// The JSON Schema of `command`'s answer: its document's, derived from the very type the
/// document is written from (`punto_banco::document::SCHEMAS`, as docs/schemas/ has them);
/// a list of them where the answer is the command line's lines (`shoes`, `roads`).
fn answer(command: &str) -> Value {
    let of = |name: &str| -> Value {
        let (_, schema) = punto_banco::document::SCHEMAS
            .iter()
            .find(|(listed, _)| *listed == name)
            .expect("every command's document has a schema");
        let mut schema = serde_json::to_value(schema()).expect("a schema is JSON");
        if let Value::Object(map) = &mut schema {
            map.remove("$schema");
            // Its own `#/$defs/…` references resolve within it, not in this document.
            map.insert(
                "$id".into(),
                json!(format!("urn:punto-banco:{}", name.replace(' ', ""))),
            );
            if name == "analyze" {
                // `fields` gives only the parts asked for.
                map.remove("required");
            }
        }
        schema
    };
    match command {
        "shoe-sim" | "shoe-sim-merge" => {
            json!({"anyOf": [of("shoe-sim"), of("shoe-sim --partial")]})
        }
        "shoes" | "roads" => json!({"type": "array", "items": of(command)}),
        _ => of(command),
    }
}

/// The rule set parameter's schema: a shipped name.
fn rules_name() -> Value {
    let names: Vec<&str> = punto_banco::variants::SHIPPED
        .iter()
        .chain(punto_banco::variants::CATALOGUE)
        .map(|(name, _)| *name)
        .collect();
    json!({"type": "string", "enum": names})
}

/// Whether `command` takes a rule set (`check`: the claimed one).
fn takes_rules(command: &str) -> bool {
    !matches!(
        command,
        "shoe-sim-merge" | "chemin" | "banque" | "shuffle-test"
    )
}

/// The path of one command: GET with its options in the query, POST with them in a JSON
/// body (and the file it reads as the body itself, for the commands that read one).
fn path(command: &str) -> Value {
    let schema = api::options_schema(command).expect("every command has its options' schema");
    let properties = schema["properties"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let charts = api::CHARTS.contains(&command);
    let reader = api::READERS.contains(&command);
    let mut parameters: Vec<Value> = properties
        .iter()
        .filter_map(|(name, property)| parameter(name, property))
        .collect();
    let mut body = properties.clone();
    if takes_rules(command) {
        parameters.push(json!({
            "name": "rules", "in": "query",
            "description": "A shipped rule set by name (a path is refused: the server reads no file)",
            "schema": rules_name()
        }));
        body.insert(
            "rules".into(),
            json!({
                "description": "A shipped rule set's name, or a rule file's object (see docs/en/rule-files.md)",
                "anyOf": [rules_name(), {"type": "object"}]
            }),
        );
        body.insert(
            "rules_text".into(),
            json!({
                "description": "Instead of rules: a rule file's text, or a tableau as rule documents write it (a grid or a range table, as `check` reads it)",
                "type": "string"
            }),
        );
    }
    if charts {
        let format = json!({"type": "string", "enum": ["json", "svg"], "default": "json",
            "description": "svg: the chart `--format svg` draws (image/svg+xml)"});
        parameters.push(json!({"name": "format", "in": "query", "schema": format}));
        body.insert("format".into(), format);
        if !properties.contains_key("lang") {
            let lang = json!({"type": "string", "enum": ["en", "fr"], "default": "en",
                "description": "The chart's language (format svg)"});
            parameters.push(json!({"name": "lang", "in": "query", "schema": lang}));
            body.insert("lang".into(), lang);
        }
    }
    if reader {
        body.insert(
            "input".into(),
            json!({
                "description": format!("{}: the file's text, its lines (a string each, or a JSON value written as one line), or one JSON object", input_name(command)),
                "anyOf": [{"type": "string"}, {"type": "array"}, {"type": "object"}]
            }),
        );
    }
    let mut answers = json!({
        "200": {"description": format!("The document of `punto-banco {command} --format json`"),
            "content": {"application/json": {"schema": answer(command)}}},
        "400": error("Bad input: the command line's message"),
        "413": error("The body is longer than --max-body"),
        "503": error("Past a budget (--timeout, --max-memory, --max-response), or the server is busy")
    });
    if charts {
        answers["200"]["content"]["image/svg+xml"] = json!({"schema": {"type": "string"}});
    }
    let summary = format!("punto-banco {command}");
    let mut post_content = json!({"application/json": {"schema": {
        "type": "object",
        "properties": body,
        "additionalProperties": false
    }}});
    if reader {
        let text = json!({"schema": {"type": "string"},
            "description": format!("{}, the options in the query", input_name(command))});
        post_content["text/plain"] = text.clone();
        post_content["application/x-ndjson"] = text;
    }
    let mut get = json!({
        "summary": summary,
        "operationId": format!("get-{command}"),
        "parameters": parameters,
        "responses": answers
    });
    if reader {
        get["description"] = json!(format!(
            "{} comes in the body of a POST",
            input_name(command)
        ));
    }
    json!({
        "get": get,
        "post": {
            "summary": summary,
            "operationId": format!("post-{command}"),
            "requestBody": {"content": post_content},
            "responses": answers
        }
    })
}

/// A refusal's description.
fn error(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Error"}
    }}})
}

/// The query parameter of an option, if a query can say it: a value, or a list as items
/// separated by commas; an option that is an object or a list of objects is a POST's.
fn parameter(name: &str, property: &Value) -> Option<Value> {
    if RESERVED.contains(&name) {
        return None;
    }
    let types = types(property);
    let scalar =
        |kind: &String| matches!(kind.as_str(), "string" | "integer" | "number" | "boolean");
    if types.iter().any(|kind| kind == "string") || types.iter().all(scalar) {
        return Some(json!({"name": name, "in": "query", "schema": property}));
    }
    if types == ["array"] {
        let items = property.get("items").map(types_of).unwrap_or_default();
        if !items.is_empty() && items.iter().all(scalar) {
            return Some(json!({
                "name": name, "in": "query", "style": "form", "explode": false,
                "schema": property
            }));
        }
    }
    None
}

fn types_of(schema: &Value) -> Vec<String> {
    types(schema)
}
