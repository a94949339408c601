//! `punto-banco analyze`: the exact analysis of one shoe, or of a batch of shoes.

use super::args::{Formats, LangArg, ShoeArgs, Tables, accepted, whole};
use super::failure::Failure;
use super::input::{
    MAX_LINE, Reading, open_input, position, read_bounded, stdin_once, too_long, without_bom,
};
use super::output::put;
use super::progress::Bar;
use super::table::{load_rule_set, named_table, table_or_reference};
use clap::Args;
use punto_banco::analysis::Analysis;
use punto_banco::batch::{Batch, Fields, Output, TableResolver, Unreadable, Unresolved};
use punto_banco::lang::Lang;
use punto_banco::progress::{Progress, Stage};
use punto_banco::render::analysis::render_analysis_with_progress;
use punto_banco::render::{Format, Page};
use punto_banco::report::Parts;
use punto_banco::report::csv::{Columns, Row};
use punto_banco::table::NamedTable;
use std::io::Write;

/// The flags of `analyze`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco analyze                          # 8 decks, text tables
  punto-banco analyze -d 6 -f json             # one JSON object, exact fractions as \"n/d\"
  punto-banco analyze --remove 8♠,8♥,9♣        # a depleted shoe
  punto-banco analyze -r ez-baccarat -l fr     # a shipped variant, in French
  punto-banco analyze --batch docs/examples/batch/shoes.jsonl   # a JSON line per shoe
  punto-banco analyze --batch docs/examples/batch/shoes.jsonl -f csv   # CSV rows
  punto-banco analyze -f json --fields outcomes,bets   # only these parts
  punto-banco analyze -d 6 -f csv --fields outcomes    # one shoe as CSV")]
pub struct Analyze {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// A rule-set file (JSON, see docs/en/rule-files.md) or the name of a shipped variant or
    /// catalogue family (the possible values). Its shoe is used unless --decks or --ranks is
    /// given.
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// Analyse many shoes: JSON lines in (`{"decks": 8}`, `{"ranks": [13 counts]}`,
    /// `{"remove": ["8♠", …]}`, each with an optional "rules"), one analysis JSON line out
    /// per line, in order (with --format csv, one CSV row); `-` reads standard input.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath, conflicts_with_all = ["decks", "ranks", "card_counts", "remove"])]
    batch: Option<String>,
    /// Only these parts of the JSON document, or these columns of the CSV, comma-separated:
    /// bets, cards_used, draws, final_states, naturals, outcomes, rules, schema, sequences,
    /// shoe, ties_by_total, and with --batch line (the line's number).
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    fields: Option<String>,
    /// Language of the output.
    #[arg(short, long, value_enum, default_value_t = LangArg::En)]
    lang: LangArg,
    /// Output format (with --batch: JSON lines, or csv).
    #[arg(short, long, default_value = "text", value_parser = accepted(Tables::ACCEPTED))]
    format: Format,
    /// Fit text tables within this many columns, wrapping or stacking the widest (20 to
    /// 10000) [default: the terminal's width; none when the output is a pipe or a file].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole(20, 10_000))]
    width: Option<u64>,
}

/// Analyses the shoe (or every shoe of the batch) and writes the report to `out`.
pub fn run(args: Analyze, out: &mut dyn Write) -> Result<(), Failure> {
    let fields = args
        .fields
        .as_deref()
        .map(Fields::parse)
        .transpose()
        .map_err(|e| Failure::Input(format!("--fields: {e}")))?;
    if let Some(path) = &args.batch {
        stdin_once(&[("--batch", Some(path)), ("--rules", args.rules.as_ref())])?;
        let default = table_or_reference(args.rules.as_deref())?;
        let output = match (args.format, fields) {
            (Format::Csv, fields) => {
                let fields = fields.unwrap_or_else(Fields::all);
                Output::Csv(Box::new(Columns::new(fields.parts(), &default.rules)))
            }
            (_, Some(fields)) => Output::Fields(fields),
            (_, None) => Output::Document,
        };
        return analyse_batch(path, &default, &output, Lang::from(args.lang), out);
    }
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    if let Some(fields) = &fields {
        if fields.line() {
            return Err(Failure::Input(
                "--fields: `line` is the number of a batch line: name it only with --batch".into(),
            ));
        }
        if !matches!(args.format, Format::Json | Format::Csv) {
            return Err(Failure::Input(
                "--fields chooses parts of the JSON document or columns of the CSV: add --format json or --format csv, or analyse a --batch".into(),
            ));
        }
    }
    let analysis = Analysis::new(&shoe, &table.rules)?;
    let mut parts = Parts::new(&analysis, &table.name);
    match (args.format, fields) {
        (Format::Csv, fields) => {
            let fields = fields.unwrap_or_else(Fields::all);
            let columns = Columns::new(fields.parts(), &table.rules);
            let mut row = Row::default();
            columns.write_row(&mut parts, &mut row);
            put(
                out,
                &format!("{}\n{}\n", columns.header(), row.into_string()),
            )
        }
        (_, Some(fields)) => {
            // Pretty, as the whole document is printed for one shoe.
            let selected = parts.select(fields.parts(), None);
            put(out, &format!("{}\n", selected.to_json_pretty()))
        }
        (format, None) => {
            let width = super::output::width(args.width.map(|n| n as usize));
            let page = Page::new(format, Lang::from(args.lang)).within(width);
            // Card bets can take a second each: the bar counts the bets priced.
            let bar = Bar::new(Lang::from(args.lang));
            let text = render_analysis_with_progress(&analysis, &table.name, &page, &bar);
            bar.finish();
            put(out, &text)
        }
    }
}

/// A table named by a batch line, or why it cannot be had.
type Resolved = Result<NamedTable, String>;

/// Rule sets named by batch lines, loaded once each.
struct CachedRules(std::sync::Mutex<std::collections::HashMap<String, Resolved>>);

impl TableResolver for CachedRules {
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved> {
        let mut cache = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        cache
            .entry(name.to_string())
            .or_insert_with(|| {
                // The batch itself may be standard input; a line's rule set never is, nor a
                // pipe or a device (`/dev/stdin`, `/dev/fd/0`) that could be it.
                if name == "-" {
                    return Err("`rules` is `-`: a batch line cannot read a rule set from standard input; name a rule file or a shipped variant".to_string());
                }
                if std::fs::metadata(name).is_ok_and(|meta| !meta.is_file()) {
                    return Err(format!("`rules` is `{name}`, which is not a regular file: a batch line reads its rule set from a file or names a shipped variant"));
                }
                match load_rule_set(name) {
                    Ok(set) => Ok(NamedTable::from(set)),
                    Err(Failure::Input(message) | Failure::Check(message)) => Err(message),
                    Err(Failure::Write(error)) => Err(error.to_string()),
                    Err(Failure::Closed) => Err("the output was closed".to_string()),
                }
            })
            .clone()
            .map_err(Into::into)
    }
}

/// Streams a batch: chunks of lines analysed on every core, written in order as they finish.
fn analyse_batch(
    path: &str,
    default: &NamedTable,
    output: &Output,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    // The lines are not counted ahead (the batch may be a pipe): the bar counts lines done.
    let bar = Bar::new(lang);
    bar.start(Stage::Lines, 0);
    // Lines are analysed in chunks on every core. A chunk holds at most 4,096 lines, at most
    // 16 MiB of them as read (lines of up to 1 MiB each: memory must follow the bytes read,
    // not the count of lines) and, from what the documents so far weigh, about 64 MiB of
    // output: a rule set with thousands of side bets makes documents of megabytes, and
    // memory must not follow them either.
    const MOST_LINES: usize = 4096;
    const MOST_INPUT: usize = 16 << 20;
    const MOST_OUTPUT: usize = 64 << 20;
    let mut chunk_lines = 16;
    let mut heaviest = 0;
    let mut reader = open_input(path)?;
    let resolver = CachedRules(Default::default());
    if let Some(header) = output.header() {
        put(out, &header)?;
        put(out, "\n")?;
    }
    let mut chunk: Vec<(usize, Result<String, Unreadable>)> = Vec::with_capacity(chunk_lines);
    let mut number = 0;
    let mut bytes = Vec::new();
    let mut ended = false;
    let mut stopped = None;
    while !ended {
        chunk.clear();
        let mut read_bytes = 0;
        while chunk.len() < chunk_lines && read_bytes < MOST_INPUT {
            let read = read_bounded(&mut *reader, &mut bytes)
                .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
            if !matches!(read, Reading::Line) {
                ended = true;
                if matches!(read, Reading::TooLong) {
                    // The lines before it are answered; this one is its own error object,
                    // and the batch is read no further.
                    number += 1;
                    chunk.push((number, Err(Unreadable::TooLong { limit: MAX_LINE })));
                    stopped = Some(too_long(path, number));
                }
                break;
            }
            number += 1;
            read_bytes += bytes.len();
            let line = if number == 1 {
                without_bom(&bytes)
            } else {
                &bytes
            };
            // A line that is not UTF-8 gets an error object of its own; the batch goes on.
            let text = std::str::from_utf8(line).map(str::to_string).map_err(|e| {
                let (_, column) = position(line, e.valid_up_to());
                Unreadable::NotText { column }
            });
            chunk.push((number, text));
        }
        let batch = Batch::new(default, &resolver).with_output(output);
        for document in batch.chunk(&chunk) {
            heaviest = heaviest.max(document.len());
            if !document.is_empty() {
                put(out, &document)?;
                put(out, "\n")?;
            }
        }
        chunk_lines = (MOST_OUTPUT / heaviest.max(1)).clamp(1, MOST_LINES);
        bar.advance(chunk.len() as u64);
    }
    bar.finish();
    match stopped {
        Some(message) => Err(Failure::Input(message)),
        None => Ok(()),
    }
}
