//! `punto-banco audit`: a shoe log's coups tested against each coup's exact odds on the cards
//! left in its shoe, and every bet's return against its exact expectation.

use super::args::OutputArgs;
use super::failure::Failure;
use super::input::{open_input, stdin_once};
use super::output::put;
use super::table::table_or_reference;
use clap::Args;
use punto_banco::lab::audit::{AuditError, audit};
use punto_banco::lab::{Provenance, Verdict};
use punto_banco::oracle::fit::validate_alpha;
use sha2::{Digest, Sha256};
use std::io::{BufRead, Read, Write};

/// The flags of `audit`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco audit docs/examples/lab/audit-fair.jsonl          # exit 0: consistent with the odds
  punto-banco audit docs/examples/lab/audit-fair.jsonl -f json  # the document, with `rtp`
  punto-banco audit LOG --alpha 0.05 --lang fr -f markdown")]
pub struct Audit {
    /// The shoe log (JSON lines: shoe lines, each followed by its coups); `-` reads standard
    /// input.
    file: String,
    /// The rule set the log was dealt under (a file or a shipped variant's name).
    #[arg(short, long, value_name = "RULES")]
    rules: Option<String>,
    /// The battery's family-wise level, with Holm's correction across the tests.
    #[arg(long, default_value_t = 0.01, value_name = "ALPHA")]
    alpha: f64,
    #[command(flatten)]
    output: OutputArgs,
}

/// A reader that hashes every byte it hands on, so the checksum is of the input as read.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
}

impl<R: BufRead> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Hashing<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The bytes consumed are the front of the buffer just filled.
        if let Ok(buffer) = self.inner.fill_buf() {
            let amount = amount.min(buffer.len());
            self.hasher.update(&buffer[..amount]);
        }
        self.inner.consume(amount);
    }
}

/// Audits the log; a test that fails fails the check (exit 1).
pub fn run(args: Audit, out: &mut dyn Write) -> Result<(), Failure> {
    stdin_once(&[
        ("the log", Some(&args.file)),
        ("--rules", args.rules.as_ref()),
    ])?;
    let alpha = validate_alpha(args.alpha)?;
    let rules = table_or_reference(args.rules.as_deref())?.rules;
    let (lang, format) = (args.output.lang(), args.output.format());
    let mut reader = Hashing {
        inner: open_input(&args.file)?,
        hasher: Sha256::new(),
    };
    let path = &args.file;
    let report = audit(&mut reader, &rules, alpha).map_err(|e| match e {
        AuditError::Io(e) => Failure::Input(format!("cannot read {path}: {e}")),
        other => Failure::Input(format!("{path}: {other}")),
    })?;
    let sha256: String = reader
        .hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let provenance = Provenance::new(sha256, std::env::args().collect());
    put(
        out,
        &punto_banco::render::audit::report(&report, &provenance, lang, format),
    )?;
    match report.verdict() {
        Verdict::Fail => Err(Failure::Check(format!(
            "{path}: the log is not consistent with the exact odds of its coups"
        ))),
        Verdict::Pass | Verdict::Untested => Ok(()),
    }
}
