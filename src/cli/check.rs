//! `punto-banco check`: a claimed rule set against the reference, cell by cell, with costs.

use super::args::{OutputArgs, Tables, information, table_needs_csv};
use super::failure::Failure;
use super::output::put;
use super::table::rule_text;
use clap::{Args, ValueEnum};
use punto_banco::check::{check_with, read_claimed_with_choices};
use punto_banco::choices::Information;
use punto_banco::render::Format;
use punto_banco::render::check::render_report;
use punto_banco::render::csv::{CheckTable, check_sheet};
use std::io::Write;

/// The flags of `check`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco check data/claims/004-banque.tsv         # a claimed tableau, with costs
  punto-banco check data/claims/teaching-en-ranges.md  # a range table from a rule text
  punto-banco check data/variants/ez-baccarat.json -l fr   # a rule file and its claims
  punto-banco check data/claims/004-banque.tsv -f json # the report as JSON
  punto-banco check docs/examples/check/chemin-de-fer-grid.txt  # a game with choices, solved
  punto-banco check data/variants/ez-baccarat.json -f csv --table claims   # the claims as CSV")]
pub struct Check {
    /// A rule-set file (JSON), or a tableau as rule documents write it: a grid (Markdown or
    /// tab-separated, Banco totals as rows, Punto third cards 0–9 as columns) or a range
    /// table ("0–2 | Always"). `-` reads standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: String,
    /// When the rules leave decisions to the hands (a game with choices such as Chemin de
    /// Fer): what each side knows when it chooses. `totals`: its own two-card total;
    /// `banco-cards`: Banco also knows his two cards; `both-cards`: Punto knows his too.
    #[arg(long, value_name = "MODEL", default_value = "totals", value_parser = information())]
    information: Information,
    /// The table a CSV holds: the main bets' edges; the drawing cells that differ, with
    /// their cost; the bets whose terms differ; or the stated figures and their verdicts
    /// [default: bets].
    #[arg(long, value_name = "TABLE", value_enum)]
    table: Option<TableArg>,
    #[command(flatten)]
    output: OutputArgs<Tables>,
}

/// The tables of `--table`.
#[derive(Clone, Copy, ValueEnum)]
enum TableArg {
    Bets,
    Drawing,
    Tariff,
    Claims,
}

/// Writes the report to `out`; a stated figure that does not hold fails the check.
pub fn run(args: Check, out: &mut dyn Write) -> Result<(), Failure> {
    let file = &args.file;
    let text = rule_text(file)?;
    let claimed =
        read_claimed_with_choices(&text).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    let page = args.output.page();
    table_needs_csv(args.table, page.format)?;
    let report = check_with(claimed, args.information)?;
    let text = match page.format {
        Format::Csv | Format::Svg => {
            let table = match args.table.unwrap_or(TableArg::Bets) {
                TableArg::Bets => CheckTable::Bets,
                TableArg::Drawing => CheckTable::Drawing,
                TableArg::Tariff => CheckTable::Tariff,
                TableArg::Claims => CheckTable::Claims,
            };
            check_sheet(&report, table).to_csv()
        }
        _ => render_report(&report, file, &page),
    };
    put(out, &text)?;
    if report.claims_hold() {
        Ok(())
    } else {
        Err(Failure::Check(format!(
            "{file}: a stated figure does not hold"
        )))
    }
}
