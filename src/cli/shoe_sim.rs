//! `punto-banco shoe-sim`: shuffled shoes dealt to a cut card, every bet's exact edge known
//! before every coup.

use super::args::{OutputArgs, whole};
use super::failure::Failure;
use super::output::put;
use super::table::table_or_reference;
use clap::Args;
use punto_banco::depletion::{SimulationSetup, check_cut, try_simulate};
use punto_banco::render::depletion::render_simulation_within;
use std::io::Write;

/// Decks per shoe that `shoe-sim` accepts: the simulation holds and shuffles the real cards.
const SIMULATED_DECKS: u64 = punto_banco::dealer::Dealer::MAX_DECKS;

/// The flags of `shoe-sim`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco shoe-sim --shoes 200 --seed 7    # 200 eight-deck shoes, reproducibly
  punto-banco shoe-sim --shoes 100 -r ez-baccarat --cut 52   # a variant, a deeper cut
  punto-banco shoe-sim --shoes 100 -d 6 -f json              # six decks, as JSON")]
pub struct ShoeSim {
    /// How many shoes to deal (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1000, allow_negative_numbers = true, value_parser = whole(1, u64::MAX))]
    shoes: u64,
    /// The seed of the shuffles: the same seed deals the same shoes.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: u64,
    /// Decks per shoe, 1 to 65536 (the shoe is dealt card by card).
    #[arg(short, long, value_name = "N", default_value_t = punto_banco::shoe::REFERENCE_DECKS, allow_negative_numbers = true, value_parser = whole(1, SIMULATED_DECKS))]
    decks: u64,
    /// Cards left behind the cut card: the shoe ends when no more than this many remain
    /// (5 to the shoe's size less 6).
    #[arg(long, value_name = "N", default_value_t = 14, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    cut: u64,
    /// The rule set (a file or a shipped variant's name).
    #[arg(short, long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Deals the shoes and writes what the exact edges showed to `out`.
pub fn run(args: ShoeSim, out: &mut dyn Write) -> Result<(), Failure> {
    let (shoes, decks, cut) = (args.shoes, args.decks, args.cut);
    check_cut(cut, decks).map_err(|e| Failure::Input(format!("--{e}")))?;
    let table = table_or_reference(args.rules.as_deref())?;
    let (rules, name) = (table.rules, table.name);
    let setup = SimulationSetup {
        shoes,
        seed: args.seed,
        n_decks: decks,
        cut: cut as usize,
        rules: name,
    };
    // A progress line on long runs, only where a person is watching.
    let watching = std::io::IsTerminal::is_terminal(&std::io::stderr()) && shoes >= 200;
    let progress = |done: u64| {
        if watching {
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r{done}/{shoes} shoes");
            if done == shoes {
                let _ = writeln!(stderr);
            }
        }
    };
    let sim = try_simulate(&setup, &rules, &progress)?;
    let (lang, format) = (args.output.lang(), args.output.format());
    put(
        out,
        &render_simulation_within(&sim, &setup, lang, format, args.output.width()),
    )
}
