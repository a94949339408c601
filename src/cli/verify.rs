//! `punto-banco verify`: an engine's log of coups checked hand by hand against the rules.

use super::args::OutputArgs;
use super::failure::Failure;
use super::input::{MAX_LINE, open_input, stdin_once};
use super::table::table_or_reference;
use clap::Args;
use punto_banco::oracle::verify::Follower;
use punto_banco::oracle::verify::Verdict;
use punto_banco::oracle::verify::Verifier;
use punto_banco::render::Page;
use punto_banco::render::oracle::{StreamError, write_verification_following};
use punto_banco::roads::follow::RoadsFollower;
use punto_banco::rules::Rules;
use punto_banco::rules::dealing::Procedure;
use std::io::Write;

/// The flags of `verify`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco verify docs/examples/oracle/good.jsonl   # a log that agrees: exit 0
  punto-banco verify docs/examples/oracle/wrong.jsonl  # a log that does not: exit 1
  punto-banco verify docs/examples/oracle/good.jsonl -r tie-9-to-1 -f json
  punto-banco verify --roads docs/examples/oracle/roads.jsonl        # and the roads it states
  punto-banco verify --roads docs/examples/oracle/roads-wrong.jsonl  # a mark wrong: exit 1")]
pub struct Verify {
    /// The log; `-` reads standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: String,
    /// The rule set the engine claims to deal (a file or a shipped variant's name); its
    /// dealing procedure is the one shoe logs are held to.
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// Also check the roads the log states: a coup line's `roads` field (the JSON form of
    /// `roads`), the scoreboard after that coup, against the roads of the shoe's coups.
    #[arg(long)]
    roads: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// Verifies the log, writing the report to `out`; a disagreement fails the check.
pub fn run(args: Verify, out: &mut dyn Write) -> Result<(), Failure> {
    stdin_once(&[
        ("the log", Some(&args.file)),
        ("--rules", args.rules.as_ref()),
    ])?;
    let table = table_or_reference(args.rules.as_deref())?;
    verify_log(
        &args.file,
        &table.rules,
        &table.dealing,
        &args.output.page(),
        args.roads,
        out,
    )
}

/// Verifies a log line by line, writing the report as it goes, in memory that does not grow
/// with the log; the verdict picks the exit code.
fn verify_log(
    path: &str,
    rules: &Rules,
    dealing: &Procedure,
    page: &Page,
    roads: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let reader = open_input(path)?;
    // Shoe logs (shoe lines with a burn or an order) are held to the table's procedure.
    let verifier = Verifier::new(rules).with_dealing(*dealing);
    let mut follower = RoadsFollower::new();
    let follower: &mut dyn Follower = if roads { &mut follower } else { &mut () };
    let summary =
        write_verification_following(reader, &mut *out, verifier, rules, page, MAX_LINE, follower)
            .map_err(|error| {
                match error {
                    StreamError::Read(e) => Failure::Input(format!("cannot read {path}: {e}")),
                    StreamError::Write(e) => Failure::write(e),
                    // A line too long, or whatever else stops a reading of the log, is named
                    // with the log's path.
                    other => Failure::Input(format!("{path}: {other}")),
                }
            })?;
    match summary.verdict() {
        Verdict::Agree => Ok(()),
        Verdict::Disagree => Err(Failure::Check(format!(
            "{path}: the log disagrees with the rules"
        ))),
        Verdict::NoCoup => Err(Failure::Input(format!(
            "{path}: no line of the log could be read as a coup"
        ))),
    }
}
