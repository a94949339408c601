//! `punto-banco analyze`: the exact analysis of one shoe, or of a batch of shoes.

use super::args::{OutputArgs, ShoeArgs};
use super::failure::Failure;
use super::input::{
    MAX_LINE, Reading, open_input, position, read_bounded, stdin_once, too_long, without_bom,
};
use super::output::put;
use super::table::{load_rule_set, named_table, table_or_reference};
use clap::Args;
use punto_banco::analysis::Analysis;
use punto_banco::batch::{Batch, TableResolver, Unreadable, Unresolved};
use punto_banco::render::analysis::render_analysis_within;
use punto_banco::table::NamedTable;
use std::io::Write;

/// The flags of `analyze`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco analyze                          # 8 decks, text tables
  punto-banco analyze -d 6 -f json             # one JSON object, exact fractions as \"n/d\"
  punto-banco analyze --remove 8♠,8♥,9♣        # a depleted shoe
  punto-banco analyze -r ez-baccarat -l fr     # a shipped variant, in French
  punto-banco analyze --batch docs/examples/batch/shoes.jsonl   # a JSON line per shoe")]
pub struct Analyze {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// A rule-set file (JSON, see docs/en/rule-files.md) or a shipped variant's name
    /// (reference, reference-6-decks, tie-9-to-1, banco-4-percent, super-6, ez-baccarat,
    /// side-bets). Its shoe is used unless --decks or --ranks is given.
    #[arg(short, long, value_name = "RULES")]
    rules: Option<String>,
    /// Analyse many shoes: JSON lines in (`{"decks": 8}`, `{"ranks": [13 counts]}`,
    /// `{"remove": ["8♠", …]}`, each with an optional "rules"), one analysis JSON line out
    /// per line, in order; `-` reads standard input.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["decks", "ranks", "remove"])]
    batch: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Analyses the shoe (or every shoe of the batch) and writes the report to `out`.
pub fn run(args: Analyze, out: &mut dyn Write) -> Result<(), Failure> {
    if let Some(path) = &args.batch {
        stdin_once(&[("--batch", Some(path)), ("--rules", args.rules.as_ref())])?;
        let default = table_or_reference(args.rules.as_deref())?;
        return analyse_batch(path, &default, out);
    }
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    let analysis = Analysis::new(&shoe, &table.rules)?;
    let (lang, format) = (args.output.lang(), args.output.format());
    put(
        out,
        &render_analysis_within(&analysis, &table.name, lang, format, args.output.width()),
    )
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
fn analyse_batch(path: &str, default: &NamedTable, out: &mut dyn Write) -> Result<(), Failure> {
    // Lines are analysed in chunks on every core. A chunk holds at most 4,096 lines and, from
    // what the documents so far weigh, about 64 MiB of output: a rule set with thousands of
    // side bets makes documents of megabytes, and memory must not follow them.
    const MOST_LINES: usize = 4096;
    const MOST_OUTPUT: usize = 64 << 20;
    let mut chunk_lines = 16;
    let mut heaviest = 0;
    let mut reader = open_input(path)?;
    let resolver = CachedRules(Default::default());
    let mut chunk: Vec<(usize, Result<String, Unreadable>)> = Vec::with_capacity(chunk_lines);
    let mut number = 0;
    let mut bytes = Vec::new();
    let mut ended = false;
    let mut stopped = None;
    while !ended {
        chunk.clear();
        while chunk.len() < chunk_lines {
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
        for document in Batch::new(default, &resolver).chunk(&chunk) {
            heaviest = heaviest.max(document.len());
            if !document.is_empty() {
                put(out, &document)?;
                put(out, "\n")?;
            }
        }
        chunk_lines = (MOST_OUTPUT / heaviest.max(1)).clamp(1, MOST_LINES);
    }
    match stopped {
        Some(message) => Err(Failure::Input(message)),
        None => Ok(()),
    }
}
