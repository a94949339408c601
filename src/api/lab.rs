//! The lab's commands as functions: `fit`, `shoes`, `shuffle-test` and `audit`, with the
//! command line a lab report cites and the provenance it records.

use super::*;

fn default_alpha() -> f64 {
    0.01
}

/// A level within the range `--alpha` takes.
fn alpha(alpha: f64) -> Result<f64, ApiError> {
    crate::oracle::fit::validate_alpha(alpha).map_err(|e| ApiError::at("alpha", e))
}

/// A power within the range `--power` takes.
fn power(power: f64) -> Result<f64, ApiError> {
    crate::oracle::fit::validate_power(power).map_err(|e| ApiError::at("power", e))
}

/// A rule set given as an option (`fit`'s `plan`): a shipped name, or a rule text with the
/// name it is known by.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
enum RuleSetOption {
    Name(String),
    Text { source: String, text: String },
}

impl RuleSetOption {
    fn table(&self) -> Result<Table, ApiError> {
        match self {
            RuleSetOption::Name(name) => Table::shipped(name),
            RuleSetOption::Text { source, text } => Ok(Table::text(source, text.clone())),
        }
    }
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct FitOptions {
    #[serde(default = "default_alpha")]
    alpha: f64,
    plan: Option<RuleSetOption>,
    power: Option<f64>,
    shown: Option<u64>,
    #[serde(default)]
    lang: LangOption,
}

/// `fit`: observed counts (the input) against the exact probabilities, or with `plan` (a
/// rule set with an error) how many coups reveal the error at the level and power asked.
pub(super) fn fit(
    shoe: ShoeOptions,
    options: FitOptions,
    rules: Option<&Table>,
    input: Option<Input<'_>>,
) -> Result<Value, ApiError> {
    use crate::oracle::fit as fits;
    let table = table_of(rules)?;
    let shoe = shoe.resolve(&table)?;
    let alpha = alpha(options.alpha)?;
    let page = Page::new(Format::Json, options.lang.into());
    match (input, &options.plan) {
        (Some(input), None) => {
            if options.power.is_some() {
                return Err(ApiError(
                    "power: the power is a plan's: give plan, not counts".into(),
                ));
            }
            let shown = match options.shown {
                None => 5,
                Some(shown @ 0..=1000) => shown as usize,
                Some(other) => {
                    return Err(ApiError(format!(
                        "shown: {other} is out of range: give 0 to 1000"
                    )));
                }
            };
            let name = input.name;
            let observed = fits::Observed::read_from(
                input.reader,
                &table.rules.drawing,
                crate::input::lines::MAX_LINE_BYTES,
                MAX_COUNTS_BYTES,
            )
            .map_err(|e| ApiError(format!("{name}: {e}")))?;
            let fitted = fits::fit(&shoe, &table.rules.drawing, &observed)
                .map_err(|e| ApiError(format!("{name}: {e}")))?;
            Ok(rendered(&crate::render::oracle::render_fit(
                &fitted, alpha, shown, &page,
            )))
        }
        (None, Some(plan)) => {
            if options.shown.is_some() {
                return Err(ApiError(
                    "shown: the cells shown are a fit's: give counts, not plan".into(),
                ));
            }
            let power = power(options.power.unwrap_or(0.9))?;
            let wrong = plan.table()?;
            let claimed = read_claimed(&wrong.text).map_err(|e| ApiError::at(&wrong.source, e))?;
            let plans = fits::plan(
                &shoe,
                &table.rules.drawing,
                &claimed.rules.drawing,
                alpha,
                power,
            )
            .map_err(ApiError::of)?;
            let report = crate::check::check(claimed).map_err(ApiError::of)?;
            // The JSON names the decision in English, as the command line's does.
            let reach = fits::quickest_reach(&report, power).map(|(d, coups)| {
                (
                    crate::render::check::decision_place(d.decision, Lang::En),
                    coups,
                )
            });
            Ok(rendered(&crate::render::oracle::render_plan(
                &plans, reach, alpha, power, &page,
            )))
        }
        (Some(_), Some(_)) => Err(ApiError(
            "plan: a plan takes no counts: give counts or plan, not both".into(),
        )),
        (None, None) => Err(ApiError(
            "fit needs observed counts or a log (the input), or plan".into(),
        )),
    }
}

/// The most bytes of observed counts `fit` reads, as the command line.
const MAX_COUNTS_BYTES: usize = 16 << 20;

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum FormOption {
    Order,
    Log,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ShoesOptions {
    #[serde(default = "one")]
    count: u64,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default = "default_decks")]
    decks: u64,
    shuffler: Option<String>,
    #[serde(rename = "as")]
    form: Option<FormOption>,
}

fn one() -> u64 {
    1
}

/// The most lines `shoes` returns at once: a front end that wants more asks for them in
/// parts, by `seed` and `count` (shoe `i` of a seed is the same in every part).
pub const MAX_SHOE_LINES: u64 = 1_000_000;

/// `shoes`: shuffled shoes dealt by the dealing procedure, as a list of the lines the command
/// line writes (each shoe's order, or a log).
pub(super) fn shoes(options: ShoesOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    use crate::lab::shoes::{Form, ShoeMaker};
    let most_decks = crate::dealer::Dealer::MAX_DECKS;
    if options.count == 0 {
        return Err(ApiError("count: 0 is out of range: give 1 or more".into()));
    }
    if !(1..=most_decks).contains(&options.decks) {
        return Err(ApiError(format!(
            "decks: {} is out of range: give 1 to {most_decks}",
            options.decks
        )));
    }
    let form = match options.form {
        None | Some(FormOption::Order) => Form::Order,
        Some(FormOption::Log) => Form::Log,
    };
    // An order is a line a shoe; a log about one line for every five cards.
    let lines_per_shoe = match form {
        Form::Order => 1,
        Form::Log => 1 + 52 * options.decks / 4,
    };
    if options.count.saturating_mul(lines_per_shoe) > MAX_SHOE_LINES {
        return Err(ApiError(format!(
            "count: {} shoes make more than {MAX_SHOE_LINES} lines: ask for them in parts (the same seed, shoes numbered on)",
            options.count
        )));
    }
    let shuffler = options
        .shuffler
        .as_deref()
        .map(str::parse::<crate::lab::shufflers::Shuffler>)
        .transpose()
        .map_err(|e| ApiError::at("shuffler", e))?;
    let table = table_of(rules)?;
    table
        .dealing
        .check_for(52 * options.decks)
        .map_err(|e| ApiError(format!("the dealing procedure: {e}")))?;
    let maker = ShoeMaker {
        seed: options.seed,
        decks: options.decks,
        shuffler,
        procedure: table.dealing,
        rules: &table.rules,
        form,
    };
    let lines = (0..options.count)
        .flat_map(|index| maker.shoe(index))
        .map(|line| serde_json::to_value(line).expect("a line is plain data"))
        .collect();
    Ok(Value::Array(lines))
}

/// The command line that makes the same report as `command` called on `options` with the
/// input `name` and the rule set `rules`: `punto-banco COMMAND NAME`, each option as its
/// flag in the order of their names (a list joined by commas, `true` and `date` as the bare
/// flag), the
/// rule set's `--rules`, and `--format json`. A lab report quotes it as the command that
/// made it, so that the report says how to make it again.
fn command_line(command: &str, name: &str, options: &Value, rules: Option<&Table>) -> Vec<String> {
    let mut line = vec![
        "punto-banco".to_string(),
        command.to_string(),
        name.to_string(),
    ];
    let mut named: Vec<(&String, &Value)> = match options {
        Value::Object(map) => map.iter().collect(),
        _ => Vec::new(),
    };
    named.sort_by(|a, b| a.0.cmp(b.0));
    for (key, value) in named {
        let flag = format!("--{}", key.replace('_', "-"));
        match value {
            // The command line's `--date` dates the report by the clock or SOURCE_DATE_EPOCH;
            // the call's `date` names the day.
            Value::Bool(true) | Value::String(_) if key == "date" => line.push(flag),
            Value::Bool(true) => line.push(flag),
            Value::Bool(false) | Value::Null => {}
            Value::String(text) => line.extend([flag, text.clone()]),
            Value::Array(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|item| match item {
                        Value::String(text) => text.clone(),
                        other => other.to_string(),
                    })
                    .collect();
                line.extend([flag, items.join(",")]);
            }
            other => line.extend([flag, other.to_string()]),
        }
    }
    if let Some(table) = rules {
        line.extend(["--rules".to_string(), table.source.clone()]);
    }
    line.extend(["--format".to_string(), "json".to_string()]);
    line
}

/// The provenance of a lab report of input hashed as `sha256`, dated `date` if given
/// (`YYYY-MM-DD`: the library reads no clock).
fn provenance(
    sha256: String,
    command: Vec<String>,
    date: Option<&str>,
) -> Result<crate::lab::Provenance, ApiError> {
    let provenance = crate::lab::Provenance::new(sha256, command);
    Ok(match date {
        None => provenance,
        Some(text) => provenance.dated(text.parse().map_err(|e| ApiError::at("date", e))?),
    })
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ShuffleTestOptions {
    #[serde(default = "default_alpha")]
    alpha: f64,
    lags: Option<u64>,
    plan: Option<ListOption>,
    power: Option<f64>,
    decks: Option<u64>,
    pilot: Option<u64>,
    seed: Option<u64>,
    date: Option<String>,
    #[serde(default)]
    lang: LangOption,
}

/// `shuffle-test`: the battery over shuffled shoes (the input), with the power the shoes
/// had against each defect `plan` names; or, without shoes, the shoes one defect needs.
pub(super) fn shuffle_test(
    given: &Value,
    options: ShuffleTestOptions,
    input: Option<Input<'_>>,
) -> Result<Value, ApiError> {
    use crate::input::hashing::Hashing;
    use crate::lab::plan::{PILOT_SHOES, plan, power as power_against};
    use crate::lab::shuffle::{DEFAULT_LAGS, MAX_LAGS, ShuffleTest};
    use crate::oracle::{Line, LineReader};
    let alpha = alpha(options.alpha)?;
    let page = Page::new(Format::Json, options.lang.into());
    let defects = match &options.plan {
        None => Vec::new(),
        Some(list) => list
            .text()
            .split(',')
            .map(|name| name.parse::<crate::lab::shufflers::Shuffler>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| ApiError::at("plan", e))?,
    };
    let within = |option: &str, value: Option<u64>, default: u64, low: u64, high: u64| {
        let value = value.unwrap_or(default);
        if (low..=high).contains(&value) {
            Ok(value)
        } else {
            Err(ApiError(format!(
                "{option}: {value} is out of range: give {low} to {high}"
            )))
        }
    };
    let pilot = within("pilot", options.pilot, PILOT_SHOES, 100, 1_000_000)?;
    let seed = options.seed.unwrap_or(1);
    if options.plan.is_none() {
        for (option, given) in [
            ("pilot", options.pilot.is_some()),
            ("seed", options.seed.is_some()),
            ("power", options.power.is_some()),
            ("decks", options.decks.is_some()),
        ] {
            if given {
                return Err(ApiError(format!(
                    "{option}: applies to a plan: give plan too"
                )));
            }
        }
    }
    let Some(input) = input else {
        let [shuffler] = defects[..] else {
            return Err(ApiError(format!(
                "plan: {} defects named without shoes: a plan is for one defect (with shoes, the report gives the power against each)",
                defects.len()
            )));
        };
        let decks = within("decks", options.decks, 8, 1, 64)?;
        let power = power(options.power.unwrap_or(0.9))?;
        let planned =
            plan(shuffler, decks as usize, alpha, power, pilot, seed).map_err(ApiError::of)?;
        return Ok(rendered(&crate::render::shuffle::render_plan(
            &planned, &page,
        )));
    };
    for (option, given) in [
        ("power", options.power.is_some()),
        ("decks", options.decks.is_some()),
    ] {
        if given {
            return Err(ApiError(format!(
                "{option}: applies to a plan without shoes: leave it out with shoes"
            )));
        }
    }
    let lags = within(
        "lags",
        options.lags,
        DEFAULT_LAGS as u64,
        1,
        MAX_LAGS as u64,
    )?;
    let name = input.name;
    let mut lines = LineReader::new(
        Hashing::new(input.reader),
        crate::input::lines::MAX_LINE_BYTES,
    );
    let mut test = ShuffleTest::new(lags as usize);
    loop {
        let next = lines
            .next_line()
            .map_err(|e| ApiError(format!("cannot read {name}: {e}")))?;
        match next {
            None => break,
            Some((number, Line::TooLong)) => {
                return Err(ApiError(format!(
                    "{name}: line {number}: longer than {} bytes",
                    crate::input::lines::MAX_LINE_BYTES
                )));
            }
            Some((number, Line::Read(bytes))) => test
                .line(number, bytes)
                .map_err(|e| ApiError(format!("{name}: {e}")))?,
        }
    }
    if test.shoes() == 0 {
        return Err(ApiError(format!(
            "{name}: no shoe: expected one JSON line per shoe, such as {{\"cards\": [\"4H\", \"2S\", …]}}"
        )));
    }
    let sha256 = lines.get_mut().hex_digest();
    let source = provenance(
        sha256,
        command_line("shuffle-test", name, given, None),
        options.date.as_deref(),
    )?;
    let battery = test.battery(alpha);
    let powers = defects
        .iter()
        .map(|&shuffler| power_against(&test, alpha, shuffler, pilot, seed))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::of)?;
    Ok(rendered(&crate::render::shuffle::render_battery(
        &battery,
        test.shoes(),
        test.shoe_len(),
        &source,
        &powers,
        &page,
    )))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct AuditOptions {
    #[serde(default = "default_alpha")]
    alpha: f64,
    date: Option<String>,
    #[serde(default)]
    lang: LangOption,
}

/// `audit`: a shoe log's coups tested against each coup's exact odds on the cards left in
/// its shoe, and every bet's return against its exact expectation.
pub(super) fn audit(
    given: &Value,
    options: AuditOptions,
    rules: Option<&Table>,
    input: Option<Input<'_>>,
) -> Result<Value, ApiError> {
    use crate::input::hashing::Hashing;
    use crate::lab::audit::{AuditError, audit};
    use crate::render::audit::{Source, render_audit};
    let Some(input) = input else {
        return Err(ApiError("audit needs a log: give its lines".into()));
    };
    let alpha = alpha(options.alpha)?;
    let table = table_of(rules)?;
    let name = input.name;
    let mut reader = Hashing::new(input.reader);
    let report = audit(&mut reader, &table.rules, alpha).map_err(|e| match e {
        AuditError::Io(e) => ApiError(format!("cannot read {name}: {e}")),
        other => ApiError(format!("{name}: {other}")),
    })?;
    let provenance = provenance(
        reader.hex_digest(),
        command_line("audit", name, given, rules),
        options.date.as_deref(),
    )?;
    let source = Source {
        log: name,
        rules: rules.map(|table| table.source.as_str()),
    };
    let page = Page::new(Format::Json, options.lang.into());
    Ok(rendered(&render_audit(
        &report,
        &provenance,
        &source,
        &page,
    )))
}
