//! The JSON Schemas of the documents (docs/schemas/) are current, and every JSON document
//! the docs and snapshots show is valid under its command's schema.

use punto_banco::docs::{REGENERATE, console_examples};
use punto_banco::document::{SCHEMAS, schema_path, schema_text};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each command's schema as the validator compiles it, `required` dropped from the top
/// level when `partial` (an `analyze --fields` document has only the parts asked for).
fn validator(command: &str, partial: bool) -> Option<jsonschema::Validator> {
    let (_, schema) = SCHEMAS.iter().find(|(name, _)| *name == command)?;
    let mut schema = serde_json::to_value(schema()).unwrap();
    if partial {
        schema.as_object_mut().unwrap().remove("required");
    }
    Some(jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{command}: {e}")))
}

/// Panics, naming `place`, unless `document` is valid under `validator`.
fn assert_valid(validator: &jsonschema::Validator, document: &Value, place: &str) {
    let errors: Vec<String> = validator
        .iter_errors(document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{place}: {}", errors.join("; "));
}

/// The JSON documents an output starts with: one pretty document or one per line (JSON
/// lines), up to what is not JSON (a message on standard error, shown after them).
fn documents(output: &str) -> Vec<Value> {
    serde_json::Deserializer::from_str(output)
        .into_iter::<Value>()
        .map_while(Result::ok)
        .collect()
}

#[test]
fn schemas_are_current() {
    for (command, schema) in SCHEMAS {
        let path = root().join("docs").join(schema_path(command));
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == schema_text(&schema()),
            "{} differs from the JSON Schema of `{command}`'s document; run `{REGENERATE}`",
            path.display()
        );
    }
    let files = std::fs::read_dir(root().join("docs/schemas"))
        .unwrap()
        .count();
    assert_eq!(
        files,
        SCHEMAS.len(),
        "docs/schemas/ holds a schema of no document"
    );
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// Every console example of README.md and docs/ that prints JSON prints a document valid
/// under its command's schema.
#[test]
fn console_examples_are_valid_documents() {
    let mut files = vec![root().join("README.md")];
    markdown_files(&root().join("docs"), &mut files);
    let mut validated = 0;
    let mut untyped = std::collections::BTreeSet::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for example in console_examples(&text) {
            let output = &text[example.output.clone()];
            if !output.starts_with('{') {
                continue;
            }
            let args = &example.args;
            // A batch's lines and a shard's partial are documents of their own.
            let variant = ["--batch", "--partial"]
                .into_iter()
                .find(|flag| args.iter().any(|a| a == flag));
            let command = match variant {
                Some(flag) => format!("{} {flag}", args[0]),
                None => args[0].clone(),
            };
            let partial = args.iter().any(|a| a == "--fields");
            let Some(validator) = validator(&command, partial) else {
                untyped.insert(command);
                continue;
            };
            for document in documents(output) {
                let place = format!(
                    "{}:{} ({})",
                    path.display(),
                    example.line,
                    example.command()
                );
                assert_valid(&validator, &document, &place);
                validated += 1;
            }
        }
    }
    assert!(
        untyped.is_empty(),
        "the commands shown printing JSON without a schema: {untyped:?}"
    );
    assert!(validated >= 5, "only {validated} documents validated");
}

/// Every JSON snapshot is a document valid under its command's schema.
#[test]
fn json_snapshots_are_valid_documents() {
    let mut validated = 0;
    for entry in std::fs::read_dir(root().join("snapshots")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        // The snapshot's body follows its header, between two `---` lines.
        let body = text.splitn(3, "---\n").nth(2).unwrap_or_default();
        if !body.starts_with('{') {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let command = match name.split("__").next().unwrap() {
            "tableau" => "rules",
            other => other,
        };
        let validator = validator(command, false)
            .unwrap_or_else(|| panic!("{name}: no schema for `{command}`"));
        for document in documents(body) {
            assert_valid(&validator, &document, &path.display().to_string());
            validated += 1;
        }
    }
    assert!(validated >= 5, "only {validated} snapshots validated");
}

/// The validation can fail: a deal document with a total as text, or without its winner, is
/// refused by `deal`'s schema.
#[test]
fn a_document_of_the_wrong_shape_is_refused() {
    let validator = validator("deal", false).unwrap();
    let text = std::fs::read_to_string(root().join("snapshots/deal__natural_json.snap")).unwrap();
    let body = text.splitn(3, "---\n").nth(2).unwrap();
    let good: Value = serde_json::from_str(body).unwrap();
    assert!(validator.is_valid(&good));
    let mut text_total = good.clone();
    text_total["punto"]["total"] = Value::from("8");
    assert!(!validator.is_valid(&text_total));
    let mut no_winner = good;
    no_winner.as_object_mut().unwrap().remove("winner");
    assert!(!validator.is_valid(&no_winner));
}
