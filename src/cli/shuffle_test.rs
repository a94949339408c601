//! `punto-banco shuffle-test`: a battery of tests over shuffled shoes, with the power the
//! shoes had against each defect `--plan` names; or, without shoes, the shoes a named defect
//! needs to be caught.

use super::args::{Offering, OutputArgs, Tables, setting, shuffler_names, whole};
use super::failure::Failure;
use super::input::{MAX_LINE, open_input, too_long};
use super::lab::DateArgs;
use super::output::put;
use super::progress::{Bar, Watched, file_size};
use clap::Args;
use clap::builder::StringValueParser;
use punto_banco::input::hashing::Hashing;
use punto_banco::lab::Verdict;
use punto_banco::lab::plan::{PILOT_SHOES, plan, power};
use punto_banco::lab::shuffle::{DEFAULT_LAGS, MAX_LAGS, ShuffleTest};
use punto_banco::lab::shufflers::Shuffler;
use punto_banco::oracle::fit;
use punto_banco::oracle::{Line, LineReader};
use punto_banco::progress::{Progress, Stage};
use punto_banco::render::Format;
use punto_banco::render::csv::{battery_sheet, shuffle_plan_sheet};
use punto_banco::render::shuffle::{render_battery, render_plan};
use std::io::Write;

/// The flags of `shuffle-test`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco shuffle-test docs/examples/lab/shoes.jsonl
  punto-banco shuffle-test docs/examples/lab/shoes.jsonl --format json --lang fr
  punto-banco shuffle-test docs/examples/lab/shoes.jsonl --plan riffle:3 --plan shelf   # and the power these shoes had
  punto-banco shuffle-test --plan riffle:3 --power 0.99                                 # the shoes riffle:3 needs
  punto-banco shuffle-test docs/examples/lab/shoes.jsonl -f csv                          # a record per test")]
pub struct ShuffleTestArgs {
    /// The shoes, one JSON line each ({\"cards\": [\"4H\", …]}); `-` reads standard input.
    #[arg(required_unless_present = "plan", value_hint = clap::ValueHint::FilePath)]
    file: Option<String>,
    /// The battery's family-wise significance level (Holm's correction across the tests).
    #[arg(long, value_name = "LEVEL", default_value_t = 0.01, allow_negative_numbers = true, value_parser = setting(fit::validate_alpha))]
    alpha: f64,
    /// The serial-correlation lags tested, 1 to this.
    #[arg(long, value_name = "K", default_value_t = DEFAULT_LAGS as u64, value_parser = whole(1, MAX_LAGS as u64))]
    lags: u64,
    /// A named defect (fair, modulo-bias[:BITS], naive-swap, riffle[:K], shelf[:S],
    /// tiny-seed[:BITS], nines-late[:PERCENT]). With a FILE, the report gives the power its
    /// shoes had against each defect named (repeat the flag, or separate names with commas);
    /// without, how many shoes the one defect named needs to be caught.
    #[arg(long, value_name = "DEFECT", value_delimiter = ',', value_parser = Offering::new(StringValueParser::new(), shuffler_names))]
    plan: Vec<String>,
    /// The power the plan asks for (without a FILE).
    #[arg(long, value_name = "PROBABILITY", default_value_t = 0.9, allow_negative_numbers = true, value_parser = setting(fit::validate_power), requires = "plan", conflicts_with = "file")]
    power: f64,
    /// Decks per shoe of the plan, 1 to 64 (without a FILE: with one, the shoes' own
    /// composition is planned).
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = whole(1, 64), requires = "plan", conflicts_with = "file")]
    decks: u64,
    /// Pilot shoes the plan estimates each test's effect from.
    #[arg(long, value_name = "N", default_value_t = PILOT_SHOES, value_parser = whole(100, 1_000_000), requires = "plan")]
    pilot: u64,
    /// The pilot's seed.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "plan")]
    seed: u64,
    #[command(flatten)]
    date: DateArgs,
    #[command(flatten)]
    output: OutputArgs<Tables>,
}

/// Runs the battery (or the plan), writing the report; a failed battery fails the check.
pub fn run(args: ShuffleTestArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let page = args.output.page();
    let defects = args
        .plan
        .iter()
        .map(|name| {
            name.parse::<Shuffler>()
                .map_err(|e| Failure::Input(format!("--plan: {e}")))
        })
        .collect::<Result<Vec<Shuffler>, Failure>>()?;
    if args.file.is_none() {
        let [shuffler] = defects[..] else {
            return Err(Failure::Input(format!(
                "--plan: {} defects named without a FILE: a plan is for one defect (with a FILE, the report gives the power against each)",
                defects.len()
            )));
        };
        let planned = plan(
            shuffler,
            args.decks as usize,
            args.alpha,
            args.power,
            args.pilot,
            args.seed,
        )
        .map_err(|e| Failure::Input(e.to_string()))?;
        return put(
            out,
            &match page.format {
                Format::Csv | Format::Svg => shuffle_plan_sheet(&planned).to_csv(),
                _ => render_plan(&planned, &page),
            },
        );
    }
    let path = args.file.as_deref().unwrap_or("-");
    let bar = Bar::new(page.lang);
    bar.start(Stage::Log, file_size(path));
    let reader = Hashing::new(Watched::new(open_input(path)?, &bar));
    let mut lines = LineReader::new(reader, MAX_LINE);
    let mut test = ShuffleTest::new(args.lags as usize);
    loop {
        let next = lines
            .next_line()
            .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
        match next {
            None => break,
            Some((number, Line::TooLong)) => return Err(Failure::Input(too_long(path, number))),
            Some((number, Line::Read(bytes))) => test
                .line(number, bytes)
                .map_err(|e| Failure::Input(format!("{path}: {e}")))?,
        }
    }
    bar.finish();
    if test.shoes() == 0 {
        return Err(Failure::Input(format!(
            "{path}: no shoe: expected one JSON line per shoe, such as {{\"cards\": [\"4H\", \"2S\", …]}}"
        )));
    }
    let sha256 = lines.get_mut().hex_digest();
    let source = args.date.provenance(sha256)?;
    let battery = test.battery(args.alpha);
    let powers = defects
        .iter()
        .map(|&shuffler| power(&test, args.alpha, shuffler, args.pilot, args.seed))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Input(e.to_string()))?;
    let text = match page.format {
        Format::Csv | Format::Svg => battery_sheet(&battery, &powers).to_csv(),
        _ => render_battery(
            &battery,
            test.shoes(),
            test.shoe_len(),
            &source,
            &powers,
            &page,
        ),
    };
    put(out, &text)?;
    match battery.verdict() {
        Verdict::Fail => Err(Failure::Check(format!(
            "{path}: the shoes fail the shuffle battery"
        ))),
        _ => Ok(()),
    }
}
