//! `punto-banco audit`: a shoe log's coups tested against each coup's exact odds on the cards
//! left in its shoe, and every bet's return against its exact expectation.

use super::args::{OutputArgs, Tables};
use super::failure::Failure;
use super::input::{open_input, stdin_once};
use super::lab::DateArgs;
use super::output::put;
use super::progress::{Bar, Watched, file_size};
use super::table::table_or_reference;
use clap::Args;
use punto_banco::input::hashing::Hashing;
use punto_banco::lab::Verdict;
use punto_banco::lab::audit::{AuditError, Finding, audit};
use punto_banco::oracle::fit::validate_alpha;
use punto_banco::progress::{Progress, Stage};
use punto_banco::render::Format;
use punto_banco::render::audit::{Source, render_audit};
use std::io::Write;

/// The flags of `audit`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco audit docs/examples/lab/audit-fair.jsonl          # exit 0: consistent with the odds
  punto-banco audit docs/examples/lab/audit-fair.jsonl -f json  # the document, with `rtp`
  punto-banco audit LOG --alpha 0.05 --lang fr -f markdown
  punto-banco audit LOG -f csv                 # a record per test, returns beside their tests")]
pub struct Audit {
    /// The shoe log (JSON lines: shoe lines, each followed by its coups); `-` reads standard
    /// input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: String,
    /// The rule set the log was dealt under (a file or a shipped variant's name).
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// The battery's family-wise level, with Holm's correction across the tests.
    #[arg(long, default_value_t = 0.01, value_name = "ALPHA")]
    alpha: f64,
    #[command(flatten)]
    date: DateArgs,
    #[command(flatten)]
    output: OutputArgs<Tables>,
}

/// Audits the log; a finding or a test that fails fails the check (exit 1).
pub fn run(args: Audit, out: &mut dyn Write) -> Result<(), Failure> {
    stdin_once(&[
        ("the log", Some(&args.file)),
        ("--rules", args.rules.as_ref()),
    ])?;
    let alpha = validate_alpha(args.alpha)?;
    let rules = table_or_reference(args.rules.as_deref())?.rules;
    let bar = Bar::new(args.output.lang());
    bar.start(Stage::Log, file_size(&args.file));
    let mut reader = Hashing::new(Watched::new(open_input(&args.file)?, &bar));
    let path = &args.file;
    let report = audit(&mut reader, &rules, alpha).map_err(|e| match e {
        AuditError::Io(e) => Failure::Input(format!("cannot read {path}: {e}")),
        other => Failure::Input(format!("{path}: {other}")),
    })?;
    bar.finish();
    let sha256 = reader.hex_digest();
    let provenance = args.date.provenance(sha256)?;
    let source = Source {
        log: path,
        rules: args.rules.as_deref(),
    };
    let text = match args.output.format() {
        Format::Csv | Format::Svg => punto_banco::render::csv::audit_sheet(&report).to_csv(),
        _ => render_audit(&report, &provenance, &source, &args.output.page()),
    };
    put(out, &text)?;
    match report.verdict() {
        Verdict::Fail if !report.findings.is_empty() => {
            let mut kinds: Vec<&str> = report.findings.iter().map(Finding::kind).collect();
            kinds.dedup();
            Err(Failure::Check(format!(
                "{path}: the log has findings ({}): see the report",
                kinds.join(", ")
            )))
        }
        Verdict::Fail => Err(Failure::Check(format!(
            "{path}: the log is not consistent with the exact odds of its coups"
        ))),
        Verdict::Pass | Verdict::Untested => Ok(()),
    }
}
