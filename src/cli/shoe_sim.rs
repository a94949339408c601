//! `punto-banco shoe-sim`: shuffled shoes dealt to a cut card, every bet's exact edge known
//! before every coup; with `--shard K/N --partial`, one shard of the run as an exact partial
//! summary, and `shoe-sim merge PART…` to combine the partials into the run's report.

use super::args::{Charts, OutputArgs, table_needs_csv, whole};
use super::failure::Failure;
use super::input::read_input;
use super::output::put_or_write;
use super::progress::Bar;
use super::table::table_or_reference;
use clap::{Args, Subcommand, ValueEnum};
use punto_banco::depletion::partial::{Partial, merge, merge_whole, rules_sha256};
use punto_banco::depletion::{
    Shards, Simulation, SimulationSetup, check_procedure, try_simulate_shards_with_progress,
};
use punto_banco::render::Format;
use punto_banco::render::chart::simulation_svg;
use punto_banco::render::csv::{SimulationTable, simulation_sheet};
use punto_banco::render::depletion::render_simulation;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Decks per shoe that `shoe-sim` accepts: the simulation holds and shuffles the real cards.
const SIMULATED_DECKS: u64 = punto_banco::dealer::Dealer::MAX_DECKS;

/// The flags of `shoe-sim`.
#[derive(Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples:
  punto-banco shoe-sim --shoes 200 --seed 7    # 200 eight-deck shoes, reproducibly
  punto-banco shoe-sim --shoes 100 -r ez-baccarat --cut 52   # a variant, a deeper cut
  punto-banco shoe-sim --shoes 100 -d 6 -f json              # six decks, as JSON
  punto-banco shoe-sim --shoes 100 --shard 2/4 --partial -o part-2.json   # one shard of four
  punto-banco shoe-sim --shoes 200 -f csv --table cards-left   # by cards left, exact
  punto-banco shoe-sim --shoes 200 -f svg -o sim.svg           # when each bet turns favourable
  punto-banco shoe-sim merge docs/examples/shoe-sim/part-1.json docs/examples/shoe-sim/part-2.json"
)]
pub struct ShoeSim {
    /// Merge partial summaries instead of dealing.
    #[command(subcommand)]
    command: Option<ShoeSimCommand>,
    /// How many shoes to deal (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1000, allow_negative_numbers = true, value_parser = whole(1, u64::MAX))]
    shoes: u64,
    /// The seed of the shuffles: the same seed deals the same shoes.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: u64,
    /// Decks per shoe, 1 to 65536 (the shoe is dealt card by card).
    #[arg(short, long, value_name = "N", default_value_t = punto_banco::shoe::REFERENCE_DECKS, allow_negative_numbers = true, value_parser = whole(1, SIMULATED_DECKS))]
    decks: u64,
    /// Cards left behind the cut card: no coup begins once no more than this many remain,
    /// then the procedure's coups after it are dealt [default: the rule set's procedure, 14
    /// for the reference].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    cut: Option<u64>,
    /// The rule set (a file or a shipped variant's name).
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// Deal only shard K of N, numbered from 1: the shoes ⌊(K−1)·S/N⌋ to ⌊K·S/N⌋ − 1 of the
    /// S of --shoes, counted from 0 (needs --partial).
    #[arg(long, value_name = "K/N", requires = "partial", allow_hyphen_values = true, value_parser = shard)]
    shard: Option<Shards>,
    /// Write an exact partial summary (JSON) for `shoe-sim merge` instead of the report.
    #[arg(long)]
    partial: bool,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    out: Option<PathBuf>,
    /// The table a CSV holds: each bet over the run, or each bet by the cards left before
    /// the coup (bands of one card per deck) [default: bets].
    #[arg(long, value_name = "TABLE", value_enum)]
    table: Option<TableArg>,
    #[command(flatten)]
    output: OutputArgs<Charts>,
}

/// The tables of `--table`.
#[derive(Clone, Copy, ValueEnum)]
enum TableArg {
    Bets,
    CardsLeft,
}

/// The subcommand of `shoe-sim`.
#[derive(Subcommand)]
enum ShoeSimCommand {
    /// Merges the partial summaries of a run's shards (`shoe-sim --shard K/N --partial`) into
    /// the report the unsharded run gives, exactly; every shard once.
    Merge(Merge),
}

/// The flags of `shoe-sim merge`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco shoe-sim merge docs/examples/shoe-sim/part-1.json docs/examples/shoe-sim/part-2.json
  punto-banco shoe-sim merge part-*.json -f json           # the report as JSON
  punto-banco shoe-sim merge --partial part-1.json part-2.json -o part-1-2.json   # a merge of merges")]
struct Merge {
    /// The partial summaries, files (`-` for standard input, once), in any order.
    #[arg(value_name = "PART", required = true, value_hint = clap::ValueHint::FilePath)]
    parts: Vec<String>,
    /// Write the merged shards as one partial summary (they must be consecutive) instead of
    /// the report.
    #[arg(long)]
    partial: bool,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    out: Option<PathBuf>,
    /// The table a CSV holds: each bet over the run, or each bet by the cards left before
    /// the coup (bands of one card per deck) [default: bets].
    #[arg(long, value_name = "TABLE", value_enum)]
    table: Option<TableArg>,
    #[command(flatten)]
    output: OutputArgs<Charts>,
}

/// A value parser for `--shard`: `K/N`, in the library's words.
fn shard(text: &str) -> Result<Shards, String> {
    text.parse()
        .map_err(|e: punto_banco::depletion::ShardError| e.to_string())
}

/// Deals the shoes (or one shard of them) and writes the report or the partial to `out`.
pub fn run(args: ShoeSim, out: &mut dyn Write) -> Result<(), Failure> {
    if let Some(ShoeSimCommand::Merge(merge)) = args.command {
        return run_merge(merge, out);
    }
    let (shoes, decks) = (args.shoes, args.decks);
    let table = table_or_reference(args.rules.as_deref())?;
    // The table's procedure deals, its cut card moved by `--cut`.
    let procedure = match args.cut {
        Some(cut) => table.dealing.with_cut(cut),
        None => table.dealing,
    };
    check_procedure(&procedure, decks).map_err(|e| match (args.cut, e) {
        (Some(_), e @ punto_banco::depletion::SimulationError::Cut { .. }) => {
            Failure::Input(format!("--{e}"))
        }
        (_, e) => Failure::Input(format!("the dealing procedure: {e}")),
    })?;
    let (rules, name) = (table.rules, table.name);
    let setup = SimulationSetup {
        shoes,
        seed: args.seed,
        n_decks: decks,
        cut: 0,
        burn: procedure.burn,
        coups_after_cut: 0,
        rules: name,
    }
    .with_procedure(&procedure);
    let shards = args.shard.unwrap_or(Shards::WHOLE);
    let bar = Bar::new(args.output.page().lang);
    let sim = try_simulate_shards_with_progress(&setup, &rules, shards, &bar)?;
    drop(bar);
    if args.partial {
        let partial = Partial::new(setup, &rules_sha256(&rules), shards, sim);
        return write_partial(&partial, args.out.as_deref(), out);
    }
    write_report(
        &sim,
        &setup,
        &args.output,
        args.table,
        args.out.as_deref(),
        out,
    )
}

/// Writes a partial summary, to `path` or to `out`.
fn write_partial(
    partial: &Partial,
    path: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let text = partial.to_json()?;
    put_or_write(out, path, &text)
}

/// Writes the report of a whole run, to `path` or to `out`.
fn write_report(
    sim: &Simulation,
    setup: &SimulationSetup,
    output: &OutputArgs<Charts>,
    table: Option<TableArg>,
    path: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let page = output.page();
    table_needs_csv(table, page.format)?;
    let text = match page.format {
        Format::Csv => {
            let table = match table.unwrap_or(TableArg::Bets) {
                TableArg::Bets => SimulationTable::Bets,
                TableArg::CardsLeft => SimulationTable::CardsLeft,
            };
            simulation_sheet(sim, table).to_csv()
        }
        Format::Svg => simulation_svg(sim, setup, page.lang)?,
        _ => render_simulation(sim, setup, &page),
    };
    put_or_write(out, path, &text)
}

/// Reads the partials, merges them and writes the report (or, with `--partial`, the merged
/// partial).
fn run_merge(args: Merge, out: &mut dyn Write) -> Result<(), Failure> {
    if args.parts.iter().filter(|p| *p == "-").count() > 1 {
        return Err(Failure::Input(
            "standard input (`-`) is named twice among the partials; it can be read once".into(),
        ));
    }
    let mut parts = Vec::with_capacity(args.parts.len());
    for path in &args.parts {
        let name = if path == "-" {
            "standard input".to_string()
        } else {
            path.clone()
        };
        let text = read_input(path)?;
        let partial =
            Partial::from_json(&text).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        parts.push((name, partial));
    }
    if args.partial {
        return write_partial(&merge(parts)?, args.out.as_deref(), out);
    }
    let (setup, sim) = merge_whole(parts)?;
    write_report(
        &sim,
        &setup,
        &args.output,
        args.table,
        args.out.as_deref(),
        out,
    )
}
