//! `punto-banco banque`: Baccarat Banque as a three-person game, solved exactly.

use super::args::OutputArgs;
use super::failure::Failure;
use super::output::put_or_write;
use super::progress::Bar;
use clap::Args;
use punto_banco::choices::banque::{Banque, parse_share};
use punto_banco::render::banque::render_solution;
use std::io::Write;
use std::path::PathBuf;

/// The flags of `banque`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco banque                          # equal stakes: each Punto draws at 5 with 9/11
  punto-banco banque --share 1/20             # 5% of Banco's exposure on Punto 1
  punto-banco banque --share 30% -l fr        # in French
  punto-banco banque --share 0.9 -f json      # exact values as \"n/d\" strings
  punto-banco banque -f markdown -o banque.md # to a file, replaced whole")]
pub struct BanqueArgs {
    /// The share θ of Banco's exposure on Punto 1's hand (the right-hand tableau), the rest
    /// on Punto 2's: a fraction (1/2), a decimal (0.3) or a percentage (30%), strictly
    /// between 0 and 1 [default: 1/2].
    #[arg(short, long, value_name = "THETA", allow_hyphen_values = true)]
    share: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    out: Option<PathBuf>,
}

/// Solves the game and writes the solution to `out` or the file.
pub fn run(args: BanqueArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let share = match &args.share {
        Some(text) => parse_share(text).map_err(|e| Failure::Input(format!("--share: {e}")))?,
        None => num_rational::Ratio::new(1, 2),
    };
    let banque = Banque::new(share)?;
    let form = banque.form();
    let page = args.output.page();
    let solution = banque.solve_with_progress(&Bar::new(page.lang))?;
    let text = render_solution(&banque, &form, &solution, &page);
    put_or_write(out, args.out.as_deref(), &text)
}
