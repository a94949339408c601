//! The commands as functions: options in, the command's JSON document out, for the
//! front ends that are not the command line (the Python package, a web service).
//!
//! Each command takes its options as a JSON object whose keys are the command line's long
//! flags in snake case (`card_counts` for `--card-counts`), with the command line's defaults,
//! and returns its typed document (see [`crate::document`]) as a [`serde_json::Value`]: the
//! very value the command line prints with `--format json`, built by the same functions. An
//! unknown option, or one of the wrong type, is an [`ApiError`] naming it, as the command
//! line names a bad flag.
//!
//! The library reads no file. A rule set is handed over already read: [`Table`] is a shipped
//! name or a rule file's text, which a front end gets from a name, a path or an object as it
//! sees fit (a web service takes names and objects only).
//!
//! ```
//! use punto_banco::api::{self, Table};
//! use serde_json::json;
//!
//! let document = api::call("analyze", &json!({"decks": 8, "fields": "outcomes"}), None)?;
//! assert_eq!(document["outcomes"]["banco"]["count"], "2292252566437888");
//! let rules = Table::shipped("ez-baccarat")?;
//! let document = api::call("analyze", &json!({"decks": 8}), Some(&rules))?;
//! assert_eq!(document["rules"], "ez-baccarat");
//! # Ok::<(), api::ApiError>(())
//! ```

use crate::analysis::Analysis;
use crate::batch::Fields;
use crate::card::{Card, parse_cards};
use crate::check::{read_claimed, read_claimed_with_choices};
use crate::choices::{Draws, Game, Information};
use crate::depletion::Removal;
use crate::document::Document;
use crate::lang::Lang;
use crate::render::{Format, Page};
use crate::report::Parts;
use crate::shoe::{Shoe, ShoeSpec};
use crate::table::NamedTable;
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

mod chart;
mod count;
mod lab;
mod schema;
pub use chart::{CHARTS, chart};
pub use lab::MAX_SHOE_LINES;
use lab::{audit, fit, shoes, shuffle_test};
pub use schema::options_schema;

/// Why a command could not run on the options given: the command line's one-line message
/// (what, where, what is accepted).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ApiError(pub String);

impl ApiError {
    fn of(error: impl std::fmt::Display) -> ApiError {
        ApiError(error.to_string())
    }

    fn at(option: &str, error: impl std::fmt::Display) -> ApiError {
        ApiError(format!("{option}: {error}"))
    }
}

/// A rule set handed to a command: its name in reports and its table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The rule set's name where the text names none: a shipped name or a file's path.
    pub source: String,
    /// The text as it was read (a rule file, or a tableau as rule documents write it).
    pub text: String,
}

impl Table {
    /// A shipped variant or catalogue family by name.
    pub fn shipped(name: &str) -> Result<Table, ApiError> {
        match crate::variants::shipped(name) {
            Some(text) => Ok(Table {
                source: name.to_string(),
                text: text.to_string(),
            }),
            None => Err(ApiError(format!(
                "`{name}` is not a shipped variant ({}, or catalogue/<family>)",
                crate::variants::SHIPPED
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// A rule file's text, read from `source`.
    pub fn text(source: &str, text: String) -> Table {
        Table {
            source: source.to_string(),
            text,
        }
    }

    /// The named table, as `--rules` reads it.
    pub fn named(&self) -> Result<NamedTable, ApiError> {
        let claimed = read_claimed(&self.text).map_err(|e| ApiError::at(&self.source, e))?;
        Ok(NamedTable::from(claimed.into_rule_set(&self.source)))
    }
}

/// The commands [`call`] runs, in the order of the command line's help.
pub const COMMANDS: &[&str] = &[
    "analyze",
    "rules",
    "deal",
    "check",
    "eor",
    "decisions",
    "session-odds",
    "shoe-sim",
    "shoe-sim-merge",
    "count",
    "verify",
    "roads",
    "fit",
    "shoes",
    "shuffle-test",
    "audit",
    "chemin",
    "banque",
];

/// The commands that take no rule set: a merge reads its partials' rules, and the games
/// with choices and the shuffle battery have their own.
const TAKE_NO_RULES: &[&str] = &["shoe-sim-merge", "chemin", "banque", "shuffle-test"];

/// The commands that read a file ([`Input`]): `verify`'s, `roads`' and `audit`'s log, `fit`'s
/// counts and `shuffle-test`'s shoes.
pub const READERS: &[&str] = &["verify", "roads", "fit", "shuffle-test", "audit"];

/// Runs `command` on its options (a JSON object, `{}` or null for the defaults) and the rule
/// set, if one is given; `check` takes the claimed rule set as `rules`. A command that reads
/// a file (see [`READERS`]) takes it from [`call_with_input`].
pub fn call(command: &str, options: &Value, rules: Option<&Table>) -> Result<Value, ApiError> {
    call_with_input(command, options, rules, None)
}

/// What a command reads as its file (`verify`'s log, `fit`'s counts, …), named in messages
/// and in a lab report's command by `name`.
pub struct Input<'a> {
    /// The file's name in messages (a path, or `the log`).
    pub name: &'a str,
    /// Its bytes, read line by line, each line at most [`crate::input::lines::MAX_LINE_BYTES`].
    pub reader: &'a mut dyn std::io::BufRead,
}

/// [`call`], with the file the command reads.
///
/// ```
/// use punto_banco::api::{self, Input};
/// use serde_json::json;
///
/// let log = br#"{"cards": ["4H", "2S", "9C", "AD", "7D", "5S"], "winner": "banco"}"#;
/// let input = Input { name: "the log", reader: &mut &log[..] };
/// let document = api::call_with_input("verify", &json!({}), None, Some(input))?;
/// assert_eq!(document["summary"]["verdict"], "agree");
/// # Ok::<(), api::ApiError>(())
/// ```
pub fn call_with_input(
    command: &str,
    options: &Value,
    rules: Option<&Table>,
    input: Option<Input<'_>>,
) -> Result<Value, ApiError> {
    let command = command.replace('_', "-");
    let command = command.as_str();
    if let Some(input) = &input
        && !READERS.contains(&command)
    {
        return Err(ApiError(format!(
            "{command} reads no file, but {} was given",
            input.name
        )));
    }
    if rules.is_some() && TAKE_NO_RULES.contains(&command) {
        return Err(ApiError(format!(
            "{command} takes no rule set, but {} was given",
            rules.map_or("", |table| table.source.as_str())
        )));
    }
    let document = match command {
        "verify" => {
            let Some(input) = input else {
                return Err(ApiError("verify needs a log: give its lines".into()));
            };
            verify(parse(options)?, rules, input)?
        }
        "roads" => {
            let Some(input) = input else {
                return Err(ApiError("roads needs a log: give its lines".into()));
            };
            roads(parse(options)?, rules, input)?
        }
        "analyze" => {
            let (shoe, own) = parse_with_shoe(options)?;
            analyze(shoe, own, rules)?
        }
        "rules" => rules_of(parse(options)?, rules)?,
        "deal" => deal(parse(options)?, rules)?,
        "check" => check(parse(options)?, rules)?,
        "eor" => {
            let (shoe, own) = parse_with_shoe(options)?;
            eor(shoe, own, rules)?
        }
        "decisions" => {
            let (shoe, own) = parse_with_shoe(options)?;
            decisions(shoe, own, rules)?
        }
        "session-odds" => session_odds(parse(options)?, rules)?,
        "shoe-sim" => shoe_sim(parse(options)?, rules)?,
        "shoe-sim-merge" => shoe_sim_merge(parse(options)?)?,
        "count" => count::count(parse(options)?, rules)?,
        "fit" => {
            let (shoe, own) = parse_with_shoe(options)?;
            fit(shoe, own, rules, input)?
        }
        "shoes" => shoes(parse(options)?, rules)?,
        "shuffle-test" => shuffle_test(options, parse(options)?, input)?,
        "audit" => audit(options, parse(options)?, rules, input)?,
        "chemin" => {
            let (shoe, own) = parse_with_shoe(options)?;
            chemin(shoe, own)?
        }
        "banque" => banque(parse(options)?)?,
        other => {
            return Err(ApiError(format!(
                "`{other}` is not a command ({})",
                COMMANDS.join(", ")
            )));
        }
    };
    Ok(document)
}

/// The options of a command, refusing any it does not take.
fn parse<T: DeserializeOwned>(options: &Value) -> Result<T, ApiError> {
    let options = match options {
        Value::Null => Value::Object(Default::default()),
        other => other.clone(),
    };
    serde_path_to_error::deserialize(options).map_err(|e| {
        let path = e.path().to_string();
        match path.as_str() {
            "." => ApiError::of(e.inner()),
            _ => ApiError::at(&path, e.inner()),
        }
    })
}

/// The options of a command that also takes a shoe: the shoe's options apart (serde cannot
/// both flatten a part and refuse unknown keys), then the command's own.
fn parse_with_shoe<T: DeserializeOwned>(options: &Value) -> Result<(ShoeOptions, T), ApiError> {
    let mut own = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map.clone(),
        other => {
            return Err(ApiError(format!(
                "the options are a JSON object of option names and values, not {other}"
            )));
        }
    };
    let mut shoe = serde_json::Map::new();
    for key in ShoeOptions::KEYS {
        if let Some(value) = own.remove(key) {
            shoe.insert(key.to_string(), value);
        }
    }
    let shoe = parse(&Value::Object(shoe))?;
    Ok((shoe, parse(&Value::Object(own))?))
}

/// A document as its JSON value.
fn value(document: impl Document) -> Value {
    serde_json::to_value(document).expect("a document is plain data")
}

/// The JSON document a render function writes for a JSON page, as a value.
fn rendered(text: &str) -> Value {
    serde_json::from_str(text).expect("a rendered document is JSON")
}

/// The language option: `en` or `fr`.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum LangOption {
    #[default]
    En,
    Fr,
}

impl From<LangOption> for Lang {
    fn from(lang: LangOption) -> Lang {
        match lang {
            LangOption::En => Lang::En,
            LangOption::Fr => Lang::Fr,
        }
    }
}

/// A list given as the command line writes it (`"8H,9C"`) or as a list of items.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
enum ListOption {
    Text(String),
    List(Vec<String>),
}

impl ListOption {
    /// The list as the command line's text: its items joined by commas.
    fn text(&self) -> String {
        match self {
            ListOption::Text(text) => text.clone(),
            ListOption::List(items) => items.join(","),
        }
    }

    /// The list as cards, named by `option` in an error.
    fn cards(&self, option: &str) -> Result<Vec<Card>, ApiError> {
        let text = self.text();
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        parse_cards(&text).map_err(|e| ApiError::at(option, e))
    }
}

/// The shoe options every analysing command takes.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ShoeOptions {
    decks: Option<u64>,
    ranks: Option<Vec<u64>>,
    card_counts: Option<Vec<u64>>,
    remove: Option<ListOption>,
}

impl ShoeOptions {
    /// The keys of the shoe's options.
    const KEYS: [&'static str; 4] = ["decks", "ranks", "card_counts", "remove"];

    /// The shoe dealt at `table`, as the command line's shoe flags resolve.
    fn resolve(&self, table: &NamedTable) -> Result<Shoe, ApiError> {
        let removed = match &self.remove {
            Some(cards) => cards.cards("remove")?,
            None => Vec::new(),
        };
        let ranks = fixed(&self.ranks, "ranks", "A, 2, …, 10, J, Q, K")?;
        let cards = fixed(&self.card_counts, "card_counts", "A♠ A♥ A♦ A♣ 2♠ … K♣")?;
        let spec = ShoeSpec::with_bases(self.decks, ranks, cards, removed).map_err(ApiError::of)?;
        table.resolve_shoe(&spec).map_err(ApiError::of)
    }
}

/// `N` counts given as a list, if given, or an error naming `option` and what its counts are.
fn fixed<const N: usize>(
    counts: &Option<Vec<u64>>,
    option: &str,
    order: &str,
) -> Result<Option<[u64; N]>, ApiError> {
    counts
        .as_deref()
        .map(|counts| {
            <[u64; N]>::try_from(counts).map_err(|_| {
                ApiError(format!(
                    "{option}: give {N} counts ({order}), not {}",
                    counts.len()
                ))
            })
        })
        .transpose()
}

/// The table of the rule set handed over, or the reference table.
pub fn table_of(rules: Option<&Table>) -> Result<NamedTable, ApiError> {
    match rules {
        Some(table) => table.named(),
        None => Ok(NamedTable::reference()),
    }
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AnalyzeOptions {
    fields: Option<ListOption>,
}

fn analyze(
    shoe: ShoeOptions,
    options: AnalyzeOptions,
    rules: Option<&Table>,
) -> Result<Value, ApiError> {
    let table = table_of(rules)?;
    let shoe = shoe.resolve(&table)?;
    let analysis = Analysis::new(&shoe, &table.rules).map_err(ApiError::of)?;
    let mut parts = Parts::new(&analysis, &table.name);
    Ok(match options.fields {
        None => value(crate::report::Report::new(&analysis, &table.name)),
        Some(list) => {
            let fields = Fields::parse(&list.text()).map_err(|e| ApiError::at("fields", e))?;
            if fields.line() {
                return Err(ApiError(
                    "fields: `line` is the number of a batch line: name it only in a batch".into(),
                ));
            }
            serde_json::to_value(parts.select(fields.parts(), None))
                .expect("a document is plain data")
        }
    })
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RulesOptions {
    #[serde(default = "teaching_stake")]
    stake: i64,
}

fn teaching_stake() -> i64 {
    crate::docs::TEACHING_STAKE
}

/// A stake within 1 to 1,000,000,000, as `--stake` takes.
fn stake(stake: i64) -> Result<i64, ApiError> {
    if (1..=1_000_000_000).contains(&stake) {
        Ok(stake)
    } else {
        Err(ApiError(format!(
            "stake: {stake} is out of range: give a whole stake from 1 to 1000000000"
        )))
    }
}

fn rules_of(options: RulesOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    let table = table_of(rules)?;
    let page = Page::new(Format::Json, Lang::En);
    Ok(rendered(&crate::render::tableau::render_table_rules(
        &table.rules,
        &table.dealing,
        stake(options.stake)?,
        &page,
    )))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DealOptions {
    cards: ListOption,
    #[serde(default = "teaching_stake")]
    stake: i64,
    #[serde(default)]
    lang: LangOption,
}

fn deal(options: DealOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    let stake = stake(options.stake)?;
    let cards = options.cards.cards("cards")?;
    let table = table_of(rules)?;
    let coup = crate::coup::deal(&table.rules.drawing, &cards).map_err(ApiError::of)?;
    Ok(value(crate::render::coup::coup_json(
        &table.rules,
        &coup,
        stake,
        options.lang.into(),
    )))
}

/// A model of what each side knows, as `--information` takes it.
fn information(text: Option<&str>) -> Result<Information, ApiError> {
    match text {
        None => Ok(Information::Totals),
        Some(text) => text.parse().map_err(|e| ApiError::at("information", e)),
    }
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CheckOptions {
    information: Option<String>,
    #[serde(default)]
    lang: LangOption,
}

fn check(options: CheckOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    let Some(claimed) = rules else {
        return Err(ApiError(
            "check needs a claimed rule set: give it as `rules`".into(),
        ));
    };
    let read =
        read_claimed_with_choices(&claimed.text).map_err(|e| ApiError::at(&claimed.source, e))?;
    let report = crate::check::check_with(read, information(options.information.as_deref())?)
        .map_err(ApiError::of)?;
    let page = Page::new(Format::Json, options.lang.into());
    Ok(rendered(&crate::render::check::render_report(
        &report,
        &claimed.source,
        &page,
    )))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct EorOptions {
    by: Option<String>,
}

fn eor(shoe: ShoeOptions, options: EorOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    let (eor, shoe, table) = eor_of(shoe, options, rules)?;
    Ok(value(crate::render::depletion::eor_json(
        &eor,
        &shoe,
        &table.name,
    )))
}

/// The effect of removal `eor` reports, with the shoe and the table it is of.
fn eor_of(
    shoe: ShoeOptions,
    options: EorOptions,
    rules: Option<&Table>,
) -> Result<(crate::depletion::EffectOfRemoval, Shoe, NamedTable), ApiError> {
    let table = table_of(rules)?;
    let shoe = shoe.resolve(&table)?;
    let removal = match options.by.as_deref() {
        None => Removal::Auto,
        Some("rank") => Removal::Rank,
        Some("card") => Removal::Card,
        Some(other) => {
            return Err(ApiError(format!(
                "by: `{other}` is not a way to remove cards (rank or card)"
            )));
        }
    };
    let eor =
        crate::depletion::effect_of_removal_by(&shoe, &table.rules, removal).map_err(|e| {
            match e {
                crate::shoe::ShoeError::SuitsUnknown { rank, count } if removal == Removal::Card => {
                    ApiError(format!("by card removes exact cards, but the shoe has {count} {rank}s, which four suits cannot share evenly: give the shoe as 52 card counts, or remove by rank"))
                }
                other => ApiError::of(other),
            }
        })?;
    Ok((eor, shoe, table))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DecisionsOptions {}

fn decisions(
    shoe: ShoeOptions,
    _: DecisionsOptions,
    rules: Option<&Table>,
) -> Result<Value, ApiError> {
    let (values, table) = decisions_of(shoe, rules)?;
    Ok(value(crate::render::decisions::decisions_json(
        &values,
        &table.name,
    )))
}

/// The values of the decisions `decisions` reports, with the table they are of.
fn decisions_of(
    shoe: ShoeOptions,
    rules: Option<&Table>,
) -> Result<(crate::decisions::Decisions, NamedTable), ApiError> {
    let table = table_of(rules)?;
    let shoe = shoe.resolve(&table)?;
    let values = crate::decisions::decisions(&shoe, &table.rules).map_err(ApiError::of)?;
    Ok((values, table))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SessionOddsOptions {
    #[serde(default = "session_deals")]
    deals: u64,
    #[serde(default = "session_stake")]
    stake: i64,
    decks: Option<u64>,
    players: Option<ListOption>,
    #[serde(default)]
    lang: LangOption,
}

fn session_deals() -> u64 {
    u64::from(crate::session::DEALS)
}

fn session_stake() -> i64 {
    crate::session::STAKE
}

fn session_odds(options: SessionOddsOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    use crate::session_odds::{SessionOdds, parse_players};
    let (shoe, table, deals, stake) = session_of(&options, rules)?;
    let page = Page::new(Format::Json, options.lang.into());
    let text = match options.players {
        Some(list) => {
            let predictions =
                parse_players(&list.text()).map_err(|e| ApiError::at("players", e))?;
            let (odds, players) =
                SessionOdds::with_table(&shoe, &table.rules, deals, stake, &predictions)
                    .map_err(ApiError::of)?;
            crate::render::session::render_players(&odds, &players, &page)
        }
        None => {
            let odds = SessionOdds::new(&shoe, &table.rules, deals, stake).map_err(ApiError::of)?;
            crate::render::session::render_odds(&odds, &page)
        }
    };
    Ok(rendered(&text))
}

/// The session `session-odds` scores: its shoe, its table, its deals and its stake, checked.
fn session_of(
    options: &SessionOddsOptions,
    rules: Option<&Table>,
) -> Result<(Shoe, NamedTable, u32, i64), ApiError> {
    use crate::session_odds::MAX_DEALS;
    let table = table_of(rules)?;
    let spec = match options.decks {
        Some(n_decks) => ShoeSpec::decks(n_decks).map_err(ApiError::of)?,
        None => ShoeSpec::default(),
    };
    let shoe = table.resolve_shoe(&spec).map_err(ApiError::of)?;
    if !(1..=u64::from(MAX_DEALS)).contains(&options.deals) {
        return Err(ApiError(format!(
            "deals: {} is out of range: give 1 to {MAX_DEALS}",
            options.deals
        )));
    }
    let deals = options.deals as u32;
    let stake = stake(options.stake)?;
    Ok((shoe, table, deals, stake))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CheminOptions {
    #[serde(default)]
    with_replacement: bool,
    information: Option<String>,
    commission: Option<String>,
}

fn chemin(shoe: ShoeOptions, options: CheminOptions) -> Result<Value, ApiError> {
    let shoe_given = shoe.decks.is_some()
        || shoe.ranks.is_some()
        || shoe.card_counts.is_some()
        || shoe.remove.is_some();
    let draws = if options.with_replacement {
        if shoe_given {
            return Err(ApiError(
                "with_replacement deals from an infinite shoe: give no decks, ranks, card_counts or remove with it".into(),
            ));
        }
        Draws::WithReplacement
    } else {
        Draws::Shoe(shoe.resolve(&NamedTable::reference())?)
    };
    let mut game = Game::chemin_de_fer(information(options.information.as_deref())?, draws);
    if let Some(text) = &options.commission {
        let commission = crate::choices::commission::parse_commission(text)
            .map_err(|e| ApiError::at("commission", e))?;
        game = game.with_commission(commission).map_err(ApiError::of)?;
    }
    let solution = game.solve().map_err(ApiError::of)?;
    Ok(value(crate::render::choices::solution_json(
        &game, &solution,
    )))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct BanqueOptions {
    share: Option<String>,
}

fn banque(options: BanqueOptions) -> Result<Value, ApiError> {
    use crate::choices::banque::{Banque, parse_share};
    let share = match &options.share {
        Some(text) => parse_share(text).map_err(|e| ApiError::at("share", e))?,
        None => num_rational::Ratio::new(1, 2),
    };
    let banque = Banque::new(share).map_err(ApiError::of)?;
    let form = banque.form();
    let solution = banque.solve().map_err(ApiError::of)?;
    Ok(value(crate::render::banque::solution_json(
        &banque, &form, &solution,
    )))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct VerifyOptions {
    #[serde(default)]
    lang: LangOption,
    /// Also check the roads the log's coup lines state (`verify --roads`).
    #[serde(default)]
    roads: bool,
}

fn verify(
    options: VerifyOptions,
    rules: Option<&Table>,
    input: Input<'_>,
) -> Result<Value, ApiError> {
    use crate::oracle::verify::{Verdict, Verifier};
    use crate::render::oracle::{StreamError, write_verification_following};
    let table = table_of(rules)?;
    let name = input.name;
    let verifier = Verifier::new(&table.rules).with_dealing(table.dealing);
    let page = Page::new(Format::Json, options.lang.into());
    let mut report = Vec::new();
    let mut follower = crate::roads::follow::RoadsFollower::new();
    let follower: &mut dyn crate::oracle::verify::Follower = if options.roads {
        &mut follower
    } else {
        &mut ()
    };
    let summary = write_verification_following(
        input.reader,
        &mut report,
        verifier,
        &table.rules,
        &page,
        crate::input::lines::MAX_LINE_BYTES,
        follower,
    )
    .map_err(|error| match error {
        StreamError::Read(e) => ApiError(format!("cannot read {name}: {e}")),
        other => ApiError(format!("{name}: {other}")),
    })?;
    if summary.verdict() == Verdict::NoCoup {
        return Err(ApiError(format!(
            "{name}: no line of the log could be read as a coup"
        )));
    }
    let text = String::from_utf8(report).expect("a report is UTF-8");
    Ok(rendered(&text))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RoadsOptions {
    decks: Option<u64>,
    #[serde(default = "default_rows")]
    rows: usize,
}

fn default_rows() -> usize {
    6
}

/// `roads`: a JSON line a shoe, as an array of the lines.
fn roads(
    options: RoadsOptions,
    rules: Option<&Table>,
    input: Input<'_>,
) -> Result<Value, ApiError> {
    use crate::roads::Layout;
    use crate::roads::log::RoadsLogError;
    let table = table_of(rules)?;
    let spec = match options.decks {
        Some(n) => ShoeSpec::decks(n).map_err(|e| ApiError::at("decks", e))?,
        None => ShoeSpec::default(),
    };
    let shoe = table
        .resolve_shoe(&spec)
        .map_err(|e| ApiError::at("decks", e))?;
    if !(1..=100).contains(&options.rows) {
        return Err(ApiError("rows: 1 to 100".into()));
    }
    let name = input.name;
    let page = Page::new(Format::Json, Lang::En);
    let mut lines = Vec::new();
    crate::render::roads::write_roads(
        input.reader,
        &table.rules,
        &shoe,
        Layout::new(options.rows),
        &page,
        crate::input::lines::MAX_LINE_BYTES,
        &mut lines,
    )
    .map_err(|error| match error {
        RoadsLogError::Read(e) => ApiError(format!("cannot read {name}: {e}")),
        other => ApiError(format!("{name}: {other}")),
    })?;
    let text = String::from_utf8(lines).expect("a JSON line is UTF-8");
    Ok(Value::Array(text.lines().map(rendered).collect()))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ShoeSimOptions {
    #[serde(default = "default_shoes")]
    shoes: u64,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default = "default_decks")]
    decks: u64,
    cut: Option<u64>,
    shard: Option<String>,
    #[serde(default)]
    partial: bool,
}

fn default_shoes() -> u64 {
    1000
}

fn default_seed() -> u64 {
    1
}

fn default_decks() -> u64 {
    crate::shoe::REFERENCE_DECKS
}

/// `shoe-sim`: shuffled shoes dealt to the cut card, every bet priced exactly before every
/// coup; the report, or with `partial` the exact partial summary of one shard that
/// `shoe-sim-merge` adds up.
fn shoe_sim(options: ShoeSimOptions, rules: Option<&Table>) -> Result<Value, ApiError> {
    use crate::depletion::partial::{Partial, rules_sha256};
    let (setup, shards, sim, table) = simulated(&options, rules)?;
    if options.partial {
        let partial = Partial::new(setup, &rules_sha256(&table.rules), shards, sim);
        return Ok(rendered(&partial.to_json().map_err(ApiError::of)?));
    }
    Ok(value(crate::render::depletion::simulation_json(
        &sim, &setup,
    )))
}

/// The run `shoe-sim` reports: its setup, the shards dealt, their totals and the table.
fn simulated(
    options: &ShoeSimOptions,
    rules: Option<&Table>,
) -> Result<
    (
        crate::depletion::SimulationSetup,
        crate::depletion::Shards,
        crate::depletion::Simulation,
        NamedTable,
    ),
    ApiError,
> {
    use crate::depletion::{
        Shards, SimulationError, SimulationSetup, check_procedure,
        try_simulate_shards_with_progress,
    };
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
    let shards = match &options.shard {
        Some(_) if !options.partial => {
            return Err(ApiError(
                "shard: a shard's totals are a partial: give partial too".into(),
            ));
        }
        Some(text) => text
            .parse::<Shards>()
            .map_err(|e| ApiError::at("shard", e))?,
        None => Shards::WHOLE,
    };
    let table = table_of(rules)?;
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
    let sim =
        try_simulate_shards_with_progress(&setup, &table.rules, shards, crate::progress::SILENT)
            .map_err(ApiError::of)?;
    Ok((setup, shards, sim, table))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct MergeOptions {
    parts: Vec<Value>,
    #[serde(default)]
    partial: bool,
}

/// `shoe-sim merge`: partials that hold every shard of a run, added up exactly into the
/// run's report (or, with `partial`, into one partial).
fn shoe_sim_merge(options: MergeOptions) -> Result<Value, ApiError> {
    use crate::depletion::partial::{Partial, merge, merge_whole};
    let mut parts = Vec::with_capacity(options.parts.len());
    for (i, part) in options.parts.iter().enumerate() {
        let name = format!("parts[{i}]");
        let partial = Partial::from_json(&part.to_string()).map_err(|e| ApiError::at(&name, e))?;
        parts.push((name, partial));
    }
    if options.partial {
        let merged = merge(parts).map_err(ApiError::of)?;
        return Ok(rendered(&merged.to_json().map_err(ApiError::of)?));
    }
    let (setup, sim) = merge_whole(parts).map_err(ApiError::of)?;
    Ok(value(crate::render::depletion::simulation_json(
        &sim, &setup,
    )))
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct VectorsOptions {}

/// The conformance vectors of the shoe the options name (`decks`, `ranks`, `card_counts`,
/// `remove`, as [`call`]'s commands take them) under the rule set's drawing rules, as
/// `vectors` writes them: every sequence of card values a coup can deal, with its weight.
///
/// ```
/// use punto_banco::api;
/// let all = api::vectors(&serde_json::json!({"decks": 1}), None)?;
/// assert_eq!(all.len(), 339_400);
/// # Ok::<(), api::ApiError>(())
/// ```
pub fn vectors(
    options: &Value,
    rules: Option<&Table>,
) -> Result<Vec<crate::oracle::vectors::Vector>, ApiError> {
    let (shoe, VectorsOptions {}) = parse_with_shoe(options)?;
    let table = table_of(rules)?;
    let shoe = shoe.resolve(&table)?;
    shoe.check_playable().map_err(ApiError::of)?;
    Ok(crate::oracle::vectors::vectors(&shoe, &table.rules.drawing))
}
