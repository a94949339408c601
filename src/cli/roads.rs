//! `punto-banco roads`: a shoe log's scoreboard, shoe by shoe: the bead plate, the Big Road,
//! the three derived roads, their ask cells and the next coup's exact odds.

use super::args::{Formats, OutputArgs, decks_at, whole};
use super::failure::Failure;
use super::input::{MAX_LINE, open_input, stdin_once};
use super::table::table_or_reference;
use clap::Args;
use punto_banco::render::Format;
use punto_banco::render::roads::write_roads;
use punto_banco::roads::Layout;
use punto_banco::roads::log::RoadsLogError;
use punto_banco::shoe::Shoe;
use std::io::Write;

/// The formats of a scoreboard: text, Markdown, JSON lines and an SVG drawing.
pub struct Boards;

impl Formats for Boards {
    const ACCEPTED: &'static [Format] =
        &[Format::Text, Format::Markdown, Format::Json, Format::Svg];
}

/// The flags of `roads`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco roads docs/examples/oracle/two-shoes.jsonl          # the boards, drawn as text
  punto-banco roads docs/examples/oracle/two-shoes.jsonl -f json  # a JSON line a shoe
  punto-banco roads LOG -f svg > board.svg                        # as a casino's board shows it")]
pub struct Roads {
    /// The shoe log (JSON lines: coup lines, a shoe line before each shoe); `-` reads
    /// standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: String,
    /// The rule set the log was dealt under (a file or a shipped variant's name): it tells
    /// each coup's result from its cards.
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// The decks of the shoe coups before any shoe line are dealt from, 1 to 4294967296
    /// [default: 8, or the rule file's shoe].
    #[arg(short, long, value_name = "N", allow_negative_numbers = true, value_parser = whole(1, Shoe::MAX_DECKS))]
    decks: Option<u64>,
    /// The rows of the boards as drawn (a longer column turns right), 1 to 100.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = whole(1, 100))]
    rows: u64,
    #[command(flatten)]
    output: OutputArgs<Boards>,
}

/// Writes the roads of every shoe of the log.
pub fn run(args: Roads, out: &mut dyn Write) -> Result<(), Failure> {
    stdin_once(&[
        ("the log", Some(&args.file)),
        ("--rules", args.rules.as_ref()),
    ])?;
    let table = table_or_reference(args.rules.as_deref())?;
    let shoe = decks_at(args.decks, &table)?;
    let path = &args.file;
    let reader = open_input(path)?;
    let layout = Layout::new(args.rows as usize);
    let shoes = write_roads(
        reader,
        &table.rules,
        &shoe,
        layout,
        &args.output.page(),
        MAX_LINE,
        out,
    )
    .map_err(|e| match e {
        RoadsLogError::Read(e) => Failure::Input(format!("cannot read {path}: {e}")),
        RoadsLogError::Sink(e) => Failure::write(e),
        other => Failure::Input(format!("{path}: {other}")),
    })?;
    if shoes == 0 {
        return Err(Failure::Input(format!(
            "{path}: no coup or shoe line: a log is JSON lines, `{{\"cards\": [\"4H\", \"2S\", \"9C\", \"AD\"]}}` a coup"
        )));
    }
    Ok(())
}
