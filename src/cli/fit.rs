//! `punto-banco fit`: an engine's observed counts against the exact probabilities, or with
//! `--plan` how many coups reveal a given rule error.

use super::args::{OutputArgs, ShoeArgs, Tables, setting, whole};
use super::failure::Failure;
use super::input::{MAX_FILE, MAX_LINE, open_input, stdin_once};
use super::output::put;
use super::table::{named_table, rule_text};
use clap::Args;
use punto_banco::check::{Report, check, read_claimed};
use punto_banco::lang::Lang;
use punto_banco::oracle::fit;
use punto_banco::render::Format;
use punto_banco::render::csv::{fit_plan_sheet, fit_sheet};
use punto_banco::render::oracle::{fits_pass, render_fit, render_plan};
use std::io::Write;

/// The flags of `fit`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco fit docs/examples/oracle/counts.json --shown 3   # observed counts: exit 0
  punto-banco fit docs/examples/oracle/outcomes.json -f json   # the tests as JSON
  punto-banco fit --plan data/claims/004-banque.tsv            # coups to reveal an error
  punto-banco fit --plan data/claims/004-banque.tsv --alpha 0.001 --power 0.99
  punto-banco fit docs/examples/oracle/counts.json -f csv --shown 1000   # every cell")]
pub struct Fit {
    /// Observed counts (JSON) or a log of coups (JSON lines); `-` reads standard input.
    #[arg(required_unless_present = "plan", value_hint = clap::ValueHint::FilePath)]
    file: Option<String>,
    #[command(flatten)]
    shoe: ShoeArgs,
    /// The rule set the engine claims to deal (a file or a shipped variant's name).
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// Significance level, shared among the groupings tested.
    #[arg(long, value_name = "LEVEL", default_value_t = 0.01, allow_negative_numbers = true, value_parser = setting(fit::validate_alpha))]
    alpha: f64,
    /// A wrong rule set (as `check` reads it): how many coups reveal an engine dealing by it.
    #[arg(long, value_name = "RULES", conflicts_with = "file", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    plan: Option<String>,
    /// The probability of detecting the error, for --plan.
    #[arg(long, value_name = "PROBABILITY", default_value_t = 0.9, allow_negative_numbers = true, value_parser = setting(fit::validate_power))]
    power: f64,
    /// How many cells to show per grouping, most deviant first (0 to 1000).
    #[arg(long, value_name = "N", default_value_t = 5, allow_negative_numbers = true, value_parser = whole(0, 1000))]
    shown: u64,
    #[command(flatten)]
    output: OutputArgs<Tables>,
}

/// Writes the fit (or the plan) to `out`; counts that do not fit fail the check.
pub fn run(args: Fit, out: &mut dyn Write) -> Result<(), Failure> {
    stdin_once(&[
        ("the counts", args.file.as_ref()),
        ("--rules", args.rules.as_ref()),
        ("--plan", args.plan.as_ref()),
    ])?;
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    let rules = table.rules;
    let page = args.output.page();
    let (lang, chosen) = (page.lang, page.format);
    // The CSV names the decision as the JSON does, in English.
    let format = match chosen {
        Format::Csv | Format::Svg => Format::Json,
        format => format,
    };
    let (alpha, power) = (args.alpha, args.power);
    if let Some(wrong) = args.plan {
        let text = rule_text(&wrong)?;
        let claimed = read_claimed(&text).map_err(|e| Failure::Input(format!("{wrong}: {e}")))?;
        let plans = fit::plan(&shoe, &rules.drawing, &claimed.rules.drawing, alpha, power)?;
        let report = check(claimed)?;
        let reach = quickest_reach(&report, power, lang, format);
        return put(
            out,
            &match chosen {
                Format::Csv | Format::Svg => {
                    fit_plan_sheet(&plans, reach.as_ref().map(|(_, needed)| needed)).to_csv()
                }
                _ => render_plan(&plans, reach, alpha, power, &page),
            },
        );
    }
    let Some(file) = args.file else {
        return Err(Failure::Input(
            "fit needs a file of observed counts or a log, or --plan".into(),
        ));
    };
    let observed = fit::Observed::read_from(open_input(&file)?, &rules.drawing, MAX_LINE, MAX_FILE)
        .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    let fits = fit::fit(&shoe, &rules.drawing, &observed)
        .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    let shown = usize::try_from(args.shown).unwrap_or(usize::MAX);
    put(
        out,
        &match chosen {
            Format::Csv | Format::Svg => fit_sheet(&fits, alpha, shown).to_csv(),
            _ => render_fit(&fits, alpha, shown, &page),
        },
    )?;
    if fits_pass(&fits, alpha) {
        Ok(())
    } else {
        Err(Failure::Check(format!(
            "{file}: the observed counts do not fit the rules"
        )))
    }
}

/// The differing cell a coup-by-coup check reaches soonest, named for people (JSON speaks
/// English whatever --lang says), with the coups it takes at the given power.
fn quickest_reach(
    report: &Report,
    power: f64,
    lang: Lang,
    format: Format,
) -> Option<(String, fit::Needed)> {
    let lang = match format {
        Format::Json => Lang::En,
        _ => lang,
    };
    fit::quickest_reach(report, power).map(|(d, coups)| {
        (
            punto_banco::render::check::decision_place(d.decision, lang),
            coups,
        )
    })
}
