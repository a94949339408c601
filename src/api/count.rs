//! `count` as a function: a point count evaluated for every bet of a rule set.

use super::*;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CountOptions {
    weights: ListOption,
    threshold: Option<ListOption>,
    #[serde(default = "default_shoes")]
    shoes: u64,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default = "default_decks")]
    decks: u64,
    cut: Option<u64>,
}

/// `count`: the count's betting correlation with every bet and what betting by its true
/// count gains per shoe against perfect knowledge; the rule set defaults to a published
/// count's, as on the command line.
pub(super) fn count(options: CountOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    use crate::depletion::count::{PointCount, default_thresholds, evaluate, threshold};
    use crate::depletion::{SimulationError, SimulationSetup, check_procedure};
    let most_decks = crate::dealer::Dealer::MAX_DECKS;
    if options.shoes == 0 {
        return Err(ApiError("shoes: 0 is out of range: give 1 or more".into()));
    }
    if !(1..=most_decks).contains(&options.decks) {
        return Err(ApiError(format!(
            "decks: {} is out of range: give 1 to {most_decks}",
            options.decks
        )));
    }
    let count: PointCount = options
        .weights
        .text()
        .parse()
        .map_err(|e| ApiError::at("weights", e))?;
    let thresholds = match &options.threshold {
        None => default_thresholds(&count),
        Some(list) => list
            .text()
            .split(',')
            .map(threshold)
            .collect::<Result<_, _>>()
            .map_err(|e| ApiError::at("threshold", e))?,
    };
    let table = match (rules, count.published()) {
        (None, Some(published)) => Table::shipped(published.rules)?.named()?,
        _ => table_of(rules)?,
    };
    let procedure = match options.cut {
        Some(cut) => table.dealing.with_cut(cut),
        None => table.dealing,
    };
    check_procedure(&procedure, options.decks).map_err(|e| match (options.cut, e) {
        (Some(_), e @ SimulationError::Cut { .. }) => ApiError::of(e),
        (_, e) => ApiError(format!("the dealing procedure: {e}")),
    })?;
    let setup = SimulationSetup {
        shoes: options.shoes,
        seed: options.seed,
        n_decks: options.decks,
        cut: 0,
        burn: procedure.burn,
        coups_after_cut: 0,
        rules: table.name.clone(),
    }
    .with_procedure(&procedure);
    let (sim, correlations) = evaluate(
        &setup,
        &table.rules,
        &count,
        &thresholds,
        crate::progress::SILENT,
    )
    .map_err(ApiError::of)?;
    let report = crate::render::count::CountReport {
        sim: &sim,
        index: 0,
        count: &count,
        correlations: &correlations,
        setup: &setup,
    };
    Ok(value(crate::render::count::count_json(&report)))
}
