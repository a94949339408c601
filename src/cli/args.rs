//! Flags shared by several commands (the shoe, the output) and the value parsers that judge
//! numbers in the tool's own words.

use super::failure::Failure;
use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap::{Args, ValueEnum};
use punto_banco::card::parse_cards;
use punto_banco::choices::Information;
use punto_banco::lab::shufflers::Shuffler;
use punto_banco::lang::Lang;
use punto_banco::oracle::fit;
use punto_banco::render::{Format, Page};
use punto_banco::shoe::{Shoe, ShoeSpec, ShoeSpecError};
use punto_banco::table::NamedTable;
use punto_banco::variants;

/// The largest stake accepted, so that every settlement stays exact and readable.
pub const MAX_STAKE: i64 = punto_banco::session::MAX_STAKE;

/// The flags that describe a shoe: whole decks, thirteen rank counts or 52 card counts, cards
/// taken out.
#[derive(Args)]
pub struct ShoeArgs {
    /// Number of 52-card decks, 1 to 4294967296 [default: 8, or the rule file's shoe].
    #[arg(short, long, value_name = "N", conflicts_with = "ranks", allow_negative_numbers = true, value_parser = whole(1, Shoe::MAX_DECKS))]
    pub decks: Option<u64>,
    /// Thirteen rank counts, A, 2, …, 10, J, Q, K, separated by commas, instead of whole decks.
    #[arg(long, value_name = "COUNTS", allow_hyphen_values = true)]
    pub ranks: Option<String>,
    /// 52 card counts, A♠ A♥ A♦ A♣ 2♠ … K♣ (rank-major, suits ♠ ♥ ♦ ♣), separated by commas,
    /// instead of whole decks or rank counts.
    #[arg(long, value_name = "COUNTS", conflicts_with_all = ["decks", "ranks"], allow_hyphen_values = true)]
    pub card_counts: Option<String>,
    /// Cards to take out of the shoe first, such as 8♠,8♥,9♣.
    #[arg(long, value_name = "CARDS", allow_hyphen_values = true)]
    pub remove: Option<String>,
}

impl ShoeArgs {
    /// The flags as a shoe specification: card counts, rank counts or decks (clap lets only
    /// one through), and the removed cards come out of whichever shoe it resolves to.
    pub fn spec(&self) -> Result<ShoeSpec, Failure> {
        let removed = match &self.remove {
            Some(text) => {
                parse_cards(text).map_err(|e| Failure::Input(format!("--remove: {e}")))?
            }
            None => Vec::new(),
        };
        let spec = match (&self.card_counts, &self.ranks, self.decks) {
            (Some(text), _, _) => ShoeSpec::card_level(
                Shoe::parse_card_counts(text)
                    .map_err(|e| Failure::Input(format!("--card-counts: {e}")))?,
            ),
            (None, Some(text), _) => ShoeSpec::from(
                Shoe::parse_counts(text).map_err(|e| Failure::Input(format!("--ranks: {e}")))?,
            ),
            (None, None, Some(n_decks)) => ShoeSpec::decks(n_decks).map_err(bare)?,
            (None, None, None) => ShoeSpec::default(),
        };
        Ok(spec.removing(removed))
    }

    /// The shoe dealt at `table`: the flags' specification resolved against the table's shoe
    /// (see `ShoeSpec::resolve` for what wins).
    pub fn resolve(&self, table: &NamedTable) -> Result<Shoe, Failure> {
        table.resolve_shoe(&self.spec()?).map_err(bare)
    }
}

/// The shoe of commands that take whole decks only: `--decks`, else the table's stated shoe,
/// else eight decks (the one precedence, `ShoeSpec::resolve`).
pub fn decks_at(decks: Option<u64>, table: &NamedTable) -> Result<Shoe, Failure> {
    let spec = match decks {
        Some(n_decks) => ShoeSpec::decks(n_decks).map_err(bare)?,
        None => ShoeSpec::default(),
    };
    table.resolve_shoe(&spec).map_err(bare)
}

/// A shoe specification's error as the command line says it: the shoe's own message, since
/// the flag is plain from the command.
pub fn bare(error: ShoeSpecError) -> Failure {
    match error {
        ShoeSpecError::Decks(e)
        | ShoeSpecError::Ranks(e)
        | ShoeSpecError::Cards(e)
        | ShoeSpecError::Removed(e) => Failure::from(e),
        other => Failure::Input(other.to_string()),
    }
}

/// The flags that choose the language and format of a report. `F` is the formats the
/// command accepts: [`Reports`] for a report with no table, [`Tables`] for one that also
/// writes CSV, [`Charts`] for one that also draws a chart; clap refuses the others, and
/// `--help` and the completions list only these.
#[derive(Args)]
pub struct OutputArgs<F: Formats = Reports> {
    /// Language of the output.
    #[arg(short, long, value_enum, default_value_t = LangArg::En)]
    lang: LangArg,
    /// Output format.
    #[arg(short, long, default_value = "text", value_parser = accepted(F::ACCEPTED))]
    format: Format,
    /// Fit text tables within this many columns, wrapping or stacking the widest (20 to
    /// 10000) [default: the terminal's width; none when the output is a pipe or a file].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole(20, 10_000))]
    width: Option<u64>,
    #[arg(skip)]
    accepts: std::marker::PhantomData<F>,
}

/// The languages `--lang` accepts.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum LangArg {
    En,
    Fr,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::En => Lang::En,
            LangArg::Fr => Lang::Fr,
        }
    }
}

/// The formats a command accepts, in the order `--help` lists them.
pub trait Formats: Send + Sync + 'static {
    /// The formats accepted.
    const ACCEPTED: &'static [Format];
}

/// The formats of a report with no table: text, Markdown, JSON.
pub struct Reports;

/// The formats of a report with a table: text, Markdown, JSON and CSV.
pub struct Tables;

/// The formats of a report with a table and a chart: text, Markdown, JSON, CSV and SVG.
pub struct Charts;

impl Formats for Reports {
    const ACCEPTED: &'static [Format] = &[Format::Text, Format::Markdown, Format::Json];
}

impl Formats for Tables {
    const ACCEPTED: &'static [Format] =
        &[Format::Text, Format::Markdown, Format::Json, Format::Csv];
}

impl Formats for Charts {
    const ACCEPTED: &'static [Format] = &Format::ALL;
}

impl<F: Formats> OutputArgs<F> {
    /// The language asked for.
    pub fn lang(&self) -> Lang {
        self.lang.into()
    }

    /// The width text tables must fit: `--width`, else the terminal's, else none.
    pub fn width(&self) -> Option<usize> {
        super::output::width(self.width.map(|n| n as usize))
    }

    /// The format asked for, among those the command accepts.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The page a report is rendered on: the format, language and width asked for.
    pub fn page(&self) -> Page {
        Page::new(self.format, self.lang()).within(self.width())
    }
}

/// A value parser for `--format` that accepts `formats` only, by name: `--help`, the manual
/// and the completions offer these, and any other value is refused as clap refuses a value
/// out of a list.
pub fn accepted(formats: &'static [Format]) -> Accepted {
    Accepted(formats)
}

/// The value parser [`accepted`] makes.
#[derive(Clone)]
pub struct Accepted(&'static [Format]);

impl TypedValueParser for Accepted {
    type Value = Format;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Format, clap::Error> {
        // A value that is not UTF-8 is refused as any other, shown as near as it can be.
        let value = value.to_string_lossy();
        let names = PossibleValuesParser::new(self.0.iter().map(|format| format.name()));
        let name = names.parse_ref(command, arg, std::ffi::OsStr::new(value.as_ref()))?;
        Ok(Format::from_name(&name).expect("an accepted format has a name"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.0
                .iter()
                .map(|format| PossibleValue::new(format.name())),
        ))
    }
}

/// Refuses `--table` without `--format csv`: it chooses which table the CSV holds.
pub fn table_needs_csv<T>(table: Option<T>, format: Format) -> Result<(), Failure> {
    match (table, format) {
        (Some(_), format) if format != Format::Csv => Err(Failure::Input(
            "--table chooses the table a CSV holds: add --format csv".into(),
        )),
        _ => Ok(()),
    }
}

/// A value parser for a whole number from `low` to `high`, in the tool's own words (the
/// flag's name and the value are added when the error is shown).
pub fn whole(low: u64, high: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text: &str| {
        let expected = || format!("expected a whole number from {low} to {high}");
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        match text.parse::<u64>() {
            Ok(value) if digits && (low..=high).contains(&value) => Ok(value),
            _ => Err(expected()),
        }
    }
}

/// A stake: a whole number from 1 to [`MAX_STAKE`].
pub fn stake(text: &str) -> Result<i64, String> {
    whole(1, MAX_STAKE as u64)(text).map(|value| value as i64)
}

/// A value parser for a number that `check` accepts (the library's own range and words).
pub fn setting(
    check: fn(f64) -> Result<f64, fit::FitError>,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |text: &str| {
        let accepted = |error: fit::FitError| match error {
            fit::FitError::Setting { accepted, .. } => format!("expected {accepted}"),
            other => other.to_string(),
        };
        // Whatever is not a number is judged as NaN: out of every range.
        check(text.trim().parse().unwrap_or(f64::NAN)).map_err(accepted)
    }
}

/// Reads `--information` (of `check` and `chemin`): one of the three models, by name.
pub fn information() -> Offering<Reader<Information>> {
    fn parse(text: &str) -> Result<Information, String> {
        text.parse()
            .map_err(|e: punto_banco::choices::InformationError| e.to_string())
    }
    Offering::new(parse, || {
        Information::ALL
            .iter()
            .map(|model| model.key().to_string())
            .collect()
    })
}

/// Reads `--rules`: the name of a shipped variant or catalogue family, which `--help`, the
/// manual and the completions list (from `variants::SHIPPED` and `variants::CATALOGUE`), or a
/// rule file's path, which the command reads when it runs.
pub fn rule_set() -> Offering<StringValueParser> {
    Offering::new(StringValueParser::new(), rule_set_names)
}

/// The names of every shipped rule set: the variants, then the catalogue's families.
pub fn rule_set_names() -> Vec<String> {
    variants::SHIPPED
        .iter()
        .chain(variants::CATALOGUE)
        .map(|(name, _)| name.to_string())
        .collect()
}

/// The names of the lab's shufflers, without their parameters (`riffle`, not `riffle:3`).
pub fn shuffler_names() -> Vec<String> {
    Shuffler::ALL
        .iter()
        .map(|shuffler| {
            let name = shuffler.to_string();
            match name.split_once(':') {
                Some((bare, _)) => bare.to_string(),
                None => name,
            }
        })
        .collect()
}

/// A reader of a flag's value written as a function: the text to its value, or the message of
/// its error.
pub type Reader<T> = fn(&str) -> Result<T, String>;

/// A value parser that reads with `parse` and offers a list of values to `--help`, the
/// manual and the shell completions, while still accepting what `parse` accepts beyond them
/// (a rule file's path, a shuffler's parameter). The list is made when one of them asks for
/// it, never when the command line is parsed.
#[derive(Clone)]
pub struct Offering<P> {
    parse: P,
    offered: fn() -> Vec<String>,
}

impl<P> Offering<P> {
    /// Reads with `parse`, offering what `offered` lists.
    pub fn new(parse: P, offered: fn() -> Vec<String>) -> Offering<P> {
        Offering { parse, offered }
    }
}

impl<P: TypedValueParser> TypedValueParser for Offering<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<P::Value, clap::Error> {
        self.parse.parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            (self.offered)().into_iter().map(PossibleValue::new),
        ))
    }
}
