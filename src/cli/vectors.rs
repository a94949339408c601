//! `punto-banco vectors`: the exhaustive conformance vectors, with their SHA-256.

use super::args::{ShoeArgs, accepted};
use super::failure::Failure;
use super::output::{put, write_atomically};
use super::table::named_table;
use clap::Args;
use punto_banco::oracle::vectors;
use punto_banco::render::Format;
use punto_banco::render::road_rules::road_vectors;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The flags of `vectors`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco vectors -d 1 -o vectors.jsonl    # one deck's vectors, as JSON lines
  punto-banco vectors -d 1 -f csv              # the same as CSV, to standard output
  punto-banco vectors -r super-6 -o super-6.jsonl   # a shipped variant's vectors
  punto-banco vectors --roads -o roads.jsonl        # the roads' vectors, for scoreboards")]
pub struct Vectors {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// The rule set (a file or a shipped variant's name); its shoe unless --decks/--ranks.
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// json (JSON lines) or csv.
    #[arg(short, long, default_value = "json", value_parser = accepted(ACCEPTED))]
    format: Format,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    out: Option<PathBuf>,
    /// The roads' vectors instead: result sequences with their roads (the JSON form of
    /// `roads`), chosen to exercise every rule of every road; JSON lines only.
    #[arg(long, conflicts_with_all = ["rules", "decks", "ranks", "card_counts", "remove"])]
    roads: bool,
}

/// The formats of the vectors: JSON lines or CSV.
const ACCEPTED: &[Format] = &[Format::Json, Format::Csv];

/// Writes the vectors of the table to `out` or to `--out`.
pub fn run(args: Vectors, out: &mut dyn Write) -> Result<(), Failure> {
    if args.roads {
        if args.format != Format::Json {
            return Err(Failure::Input(
                "vectors --roads writes JSON lines: -f json, the default".into(),
            ));
        }
        let all = road_vectors();
        let mut text = String::with_capacity(all.len() * 400);
        for vector in &all {
            text.push_str(&vector.to_json_line());
            text.push('\n');
        }
        return write_text(&text, all.len(), args.out.as_deref(), out);
    }
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    shoe.check_playable()?;
    write_vectors(&shoe, &table.rules, args.format, args.out.as_deref(), out)
}

/// Writes the conformance vectors, to `out` or to a file, then reports their count and
/// SHA-256 on standard error.
fn write_vectors(
    shoe: &Shoe,
    rules: &Rules,
    format: Format,
    path: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let all = vectors::vectors(shoe, &rules.drawing);
    let mut text = String::with_capacity(all.len() * 120);
    if format == Format::Csv {
        text.push_str(vectors::CSV_HEADER);
        text.push('\n');
    }
    for vector in &all {
        text.push_str(&match format {
            Format::Csv => vector.to_csv_line(),
            _ => vector.to_json_line(),
        });
        text.push('\n');
    }
    write_text(&text, all.len(), path, out)
}

/// Writes the vectors' text, to `out` or to a file, then reports their count and SHA-256 on
/// standard error.
fn write_text(
    text: &str,
    count: usize,
    path: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let hex = sha256_hex(text.as_bytes());
    match path {
        Some(path) => write_atomically(path, text.as_bytes())?,
        None => {
            put(out, text)?;
            out.flush().map_err(Failure::write)?;
        }
    }
    // The count and checksum are part of what the command reports: losing them is an error.
    writeln!(std::io::stderr().lock(), "{count} vectors, sha256 {hex}").map_err(Failure::write)
}

/// The SHA-256 of the bytes in lowercase hexadecimal, as `sha256sum` prints it.
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
