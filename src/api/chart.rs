//! The charts of the commands that draw one (`session-odds`, `eor`, `decisions`, `shoe-sim`)
//! as functions: the same options as the command's document, and the SVG the command line
//! writes with `--format svg`.

use super::*;

/// The commands [`chart`] draws, as the command line draws them with `--format svg`.
pub const CHARTS: &[&str] = &["session-odds", "eor", "decisions", "shoe-sim"];

/// The chart `command` draws (see [`CHARTS`]) on its options and the rule set, as SVG: the
/// very text the command line writes with `--format svg`. The options are the command's
/// (as [`call`] takes them) and `lang` (`en` or `fr`), the language of the chart's words.
///
/// ```
/// use punto_banco::api;
/// use serde_json::json;
///
/// let svg = api::chart("decisions", &json!({"decks": 1, "lang": "fr"}), None)?;
/// assert!(svg.starts_with("<svg"));
/// # Ok::<(), api::ApiError>(())
/// ```
pub fn chart(command: &str, options: &Value, rules: Option<&Table>) -> Result<String, ApiError> {
    let command = command.replace('_', "-");
    let command = command.as_str();
    if !CHARTS.contains(&command) {
        return Err(ApiError(format!(
            "format: svg charts {}: {command} draws no chart",
            CHARTS.join(", ")
        )));
    }
    if command == "session-odds" {
        let options: SessionOddsOptions = parse(options)?;
        if options.players.is_some() {
            return Err(ApiError(
                "format: svg draws the strategies' final scores: with players, ask for the JSON document".into(),
            ));
        }
        let (shoe, table, deals, stake) = session_of(&options, rules)?;
        let odds = crate::session_odds::SessionOdds::new(&shoe, &table.rules, deals, stake)
            .map_err(ApiError::of)?;
        return crate::render::chart::session_odds_svg(&odds, options.lang.into())
            .map_err(ApiError::of);
    }
    // The other charts' documents have no words to translate: their language is the chart's.
    let mut options = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map.clone(),
        other => {
            return Err(ApiError(format!(
                "the options are a JSON object of option names and values, not {other}"
            )));
        }
    };
    let lang: LangOption = match options.remove("lang") {
        None => LangOption::En,
        Some(given) => serde_json::from_value(given).map_err(|e| ApiError::at("lang", e))?,
    };
    let lang = Lang::from(lang);
    let options = Value::Object(options);
    let svg = match command {
        "eor" => {
            let (shoe, own) = parse_with_shoe(&options)?;
            let (eor, shoe, table) = eor_of(shoe, own, rules)?;
            crate::render::chart::eor_svg(&eor, &shoe, &table.name, lang)
        }
        "decisions" => {
            let (shoe, DecisionsOptions {}) = parse_with_shoe(&options)?;
            let (values, table) = decisions_of(shoe, rules)?;
            crate::render::chart::decisions_svg(&values, &table.name, lang)
        }
        _ => {
            let options: ShoeSimOptions = parse(&options)?;
            if options.partial {
                return Err(ApiError(
                    "format: svg draws a whole run's report: leave out partial".into(),
                ));
            }
            let (setup, _, sim, _) = simulated(&options, rules)?;
            crate::render::chart::simulation_svg(&sim, &setup, lang)
        }
    };
    svg.map_err(ApiError::of)
}
