//! `punto-banco count`: a point count evaluated for every bet of a rule set, its betting
//! correlation with the exact effects of removal and its true count's worth per shoe against
//! perfect knowledge, every coup priced exactly.

use super::args::{OutputArgs, Tables, whole};
use super::failure::Failure;
use super::output::put;
use super::progress::Bar;
use super::table::table_or_reference;
use clap::Args;
use num_rational::Ratio;
use punto_banco::depletion::count::{PointCount, default_thresholds, evaluate, threshold};
use punto_banco::depletion::{SimulationError, SimulationSetup, check_procedure};
use punto_banco::render::Format;
use punto_banco::render::count::{CountReport, count_sheet, render_count};
use std::io::Write;

/// The flags of `count`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco count --weights thorp-nat9 --shoes 200     # Thorp's count of the nines, its rule set
  punto-banco count --weights 1,1,1,2,-1,-2,-1,-1,0,0,0,0,0 --threshold 1,2,3
  punto-banco count --weights jacobson-3-giving-8 -f json    # every figure, exact fractions beside
  punto-banco count --weights jstat-ten-count -l fr -f markdown")]
pub struct Count {
    /// The count: 13 whole weights A,2,…,10,J,Q,K (or 10, A to 9 then the ten-valued cards'),
    /// or a published count: thorp-nat9, thorp-nat8, jacobson-3-giving-8,
    /// jacobson-88-89-98-99, jacobson-9-over-7, jacobson-bad-beat, jstat-ten-count.
    #[arg(long, value_name = "WEIGHTS", allow_hyphen_values = true, value_parser = weights)]
    weights: PointCount,
    /// The thresholds of the true count to bet from, comma-separated (whole numbers,
    /// decimals or fractions) [default: 0,2,4,6,8,10 and a published count's trigger].
    #[arg(long, value_name = "T,…", allow_hyphen_values = true, value_delimiter = ',', value_parser = threshold_arg)]
    threshold: Vec<Ratio<i64>>,
    /// How many shoes to deal (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1000, allow_negative_numbers = true, value_parser = whole(1, u64::MAX))]
    shoes: u64,
    /// The seed of the shuffles: the same seed deals the shoes `shoe-sim` deals.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: u64,
    /// Decks per shoe, 1 to 65536.
    #[arg(short, long, value_name = "N", default_value_t = punto_banco::shoe::REFERENCE_DECKS, allow_negative_numbers = true, value_parser = whole(1, punto_banco::dealer::Dealer::MAX_DECKS))]
    decks: u64,
    /// Cards left behind the cut card [default: the rule set's procedure, 14 for the
    /// reference].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    cut: Option<u64>,
    /// The rule set (a file or a shipped variant's name) [default: a published count's,
    /// else the reference].
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    #[command(flatten)]
    output: OutputArgs<Tables>,
}

/// A value parser for `--weights`, in the library's words.
fn weights(text: &str) -> Result<PointCount, String> {
    text.parse()
        .map_err(|e: punto_banco::depletion::count::WeightsError| e.to_string())
}

/// A value parser for one threshold of `--threshold`.
fn threshold_arg(text: &str) -> Result<Ratio<i64>, String> {
    threshold(text).map_err(|e| e.to_string())
}

/// Deals the shoes, follows the count and writes the report to `out`.
pub fn run(args: Count, out: &mut dyn Write) -> Result<(), Failure> {
    let count = args.weights;
    let rules_name = args
        .rules
        .as_deref()
        .or_else(|| count.published().map(|c| c.rules));
    let table = table_or_reference(rules_name)?;
    let procedure = match args.cut {
        Some(cut) => table.dealing.with_cut(cut),
        None => table.dealing,
    };
    check_procedure(&procedure, args.decks).map_err(|e| match (args.cut, e) {
        (Some(_), e @ SimulationError::Cut { .. }) => Failure::Input(format!("--{e}")),
        (_, e) => Failure::Input(format!("the dealing procedure: {e}")),
    })?;
    let setup = SimulationSetup {
        shoes: args.shoes,
        seed: args.seed,
        n_decks: args.decks,
        cut: 0,
        burn: procedure.burn,
        coups_after_cut: 0,
        rules: table.name.clone(),
    }
    .with_procedure(&procedure);
    let thresholds = if args.threshold.is_empty() {
        default_thresholds(&count)
    } else {
        args.threshold
    };
    let bar = Bar::new(args.output.lang());
    let (sim, correlations) = evaluate(&setup, &table.rules, &count, &thresholds, &bar)?;
    drop(bar);
    let report = CountReport {
        sim: &sim,
        index: 0,
        count: &count,
        correlations: &correlations,
        setup: &setup,
    };
    let text = match args.output.format() {
        Format::Csv => count_sheet(&report).to_csv(),
        _ => render_count(&report, &args.output.page()),
    };
    put(out, &text)
}
