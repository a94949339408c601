//! The options each command takes, as a JSON Schema derived from the very types [`call`]
//! reads them into: a front end lists, offers and checks them from it (the web service's
//! OpenAPI description is made of them), and cannot drift from what is accepted.

use super::*;
use schemars::generate::SchemaSettings;

/// The JSON Schema of `command`'s options: an object whose properties are its options (the
/// long flags in snake case), each with its type and, where the command line has one, its
/// default; no other key is accepted. A command that takes a shoe has `decks`, `ranks`,
/// `card_counts` and `remove` among them.
///
/// ```
/// use punto_banco::api;
///
/// let schema = api::options_schema("eor")?;
/// let properties = schema["properties"].as_object().unwrap();
/// assert!(properties.contains_key("decks") && properties.contains_key("by"));
/// assert_eq!(schema["additionalProperties"], false);
/// # Ok::<(), api::ApiError>(())
/// ```
pub fn options_schema(command: &str) -> Result<Value, ApiError> {
    let command = command.replace('_', "-");
    Ok(match command.as_str() {
        "analyze" => with_shoe::<AnalyzeOptions>(),
        "rules" => alone::<RulesOptions>(),
        "deal" => alone::<DealOptions>(),
        "check" => alone::<CheckOptions>(),
        "eor" => with_shoe::<EorOptions>(),
        "decisions" => with_shoe::<DecisionsOptions>(),
        "session-odds" => alone::<SessionOddsOptions>(),
        "shoe-sim" => alone::<ShoeSimOptions>(),
        "shoe-sim-merge" => alone::<MergeOptions>(),
        "verify" => alone::<VerifyOptions>(),
        "fit" => with_shoe::<lab::FitOptions>(),
        "shoes" => alone::<lab::ShoesOptions>(),
        "shuffle-test" => alone::<lab::ShuffleTestOptions>(),
        "audit" => alone::<lab::AuditOptions>(),
        "chemin" => with_shoe::<CheminOptions>(),
        "banque" => alone::<BanqueOptions>(),
        "count" => alone::<count::CountOptions>(),
        "roads" => alone::<RoadsOptions>(),
        other => {
            return Err(ApiError(format!(
                "`{other}` is not a command ({})",
                COMMANDS.join(", ")
            )));
        }
    })
}

/// The schema of one options type, every subschema written in place (no `$ref`), so that
/// each property's schema stands alone.
fn alone<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .with(|settings| settings.inline_subschemas = true)
        .into_generator();
    let mut schema = generator.into_root_schema_for::<T>().to_value();
    if let Value::Object(map) = &mut schema {
        map.remove("$schema");
        map.remove("title");
        map.remove("description");
        map.entry("properties")
            .or_insert_with(|| Value::Object(Default::default()));
    }
    schema
}

/// The schema of a command's own options and the shoe's, read apart by [`parse_with_shoe`].
fn with_shoe<T: JsonSchema>() -> Value {
    let mut schema = alone::<T>();
    let shoe = alone::<ShoeOptions>();
    if let (Some(Value::Object(own)), Some(Value::Object(shoe))) =
        (schema.get_mut("properties"), shoe.get("properties"))
    {
        for (key, property) in shoe {
            own.insert(key.clone(), property.clone());
        }
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `command` on `options`, with an empty file if it reads one: refused here, for every
    /// case below names an option no command takes.
    fn refusal(command: &str, options: &Value) -> String {
        let mut empty: &[u8] = b"";
        let input = READERS.contains(&command).then_some(Input {
            name: "the file",
            reader: &mut empty,
        });
        call_with_input(command, options, None, input)
            .unwrap_err()
            .0
    }

    /// Every command's schema is an object of properties that refuses other keys, and the
    /// options it names are those the command accepts: beside an unknown key, each is never
    /// the one refused as unknown, and the unknown key is.
    #[test]
    fn the_schemas_name_the_options_the_commands_accept() {
        for command in COMMANDS {
            let schema = options_schema(command).unwrap();
            assert_eq!(schema["type"], "object", "{command}");
            assert_eq!(schema["additionalProperties"], false, "{command}");
            let keys = schema["properties"].as_object().unwrap().keys();
            assert!(keys.len() > 0, "{command}");
            for key in keys {
                let options = serde_json::json!({ key.as_str(): null, "zz_unknown": 1 });
                let message = refusal(command, &options);
                assert!(
                    !message.contains(&format!("unknown field `{key}`")),
                    "{command} {key}: {message}"
                );
            }
            let message = refusal(command, &serde_json::json!({"zz_unknown": 1}));
            assert!(
                message.contains("unknown field `zz_unknown`"),
                "{command}: {message}"
            );
        }
    }
}
