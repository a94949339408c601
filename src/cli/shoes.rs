//! `punto-banco shoes`: shuffled shoes dealt by the dealing procedure, written as JSON lines
//! of shoe orders (the input of `shuffle-test`) or as a shoe log (the input of `verify`).

use super::args::{Offering, Reader, shuffler_names, whole};
use super::failure::Failure;
use super::output::Replacement;
use super::table::table_or_reference;
use clap::{Args, ValueEnum};
use punto_banco::dealer::Dealer;
use punto_banco::lab::shoes::{Form, ShoeMaker};
use punto_banco::lab::shufflers::Shuffler;
use std::io::Write;
use std::path::PathBuf;

/// What `shoes` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormArg {
    /// One `{"cards": […]}` per shoe, every card in dealing order.
    Order,
    /// A shoe log: each shoe line with its burn and order, then its coups as `verify` reads
    /// them.
    Log,
}

/// The flags of `shoes`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco shoes --count 1000 --seed 7 -o shoes.jsonl        # orders, for shuffle-test
  punto-banco shoes --count 10 --as log -o log.jsonl            # a shoe log, for verify
  punto-banco shoes --count 10 --as log -r ez-baccarat -d 6     # a variant's procedure and rules
  punto-banco shoes --count 1000 --shuffler riffle:3 -o riffled.jsonl   # a wrong shuffler")]
pub struct Shoes {
    /// How many shoes to deal (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = whole(1, u64::MAX))]
    count: u64,
    /// The seed of the shuffles: shoe i is dealt from stream i of it, as shoe-sim deals.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: u64,
    /// Decks per shoe, 1 to 65536.
    #[arg(short, long, value_name = "N", default_value_t = punto_banco::shoe::REFERENCE_DECKS, allow_negative_numbers = true, value_parser = whole(1, Dealer::MAX_DECKS))]
    decks: u64,
    /// The rule set: its dealing procedure and its drawing rules (a file or a shipped
    /// variant's name) [default: reference].
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// The shuffler: fair by default, or one of the deliberately wrong ones of the lab
    /// (fair, modulo-bias[:BITS], naive-swap, riffle[:K], shelf[:S], tiny-seed[:BITS],
    /// nines-late[:PERCENT]), each shuffling decks in factory order.
    #[arg(long, value_name = "NAME", value_parser = shuffler())]
    shuffler: Option<Shuffler>,
    /// What to write: shoe orders, or a shoe log.
    #[arg(long = "as", value_name = "FORM", default_value = "order")]
    form: FormArg,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    out: Option<PathBuf>,
}

/// A value parser for `--shuffler`, in the library's words, offering the shufflers' names.
fn shuffler() -> Offering<Reader<Shuffler>> {
    fn parse(text: &str) -> Result<Shuffler, String> {
        text.parse()
            .map_err(|e: punto_banco::lab::shufflers::ShufflerError| e.to_string())
    }
    Offering::new(parse, shuffler_names)
}

/// Cards as their ASCII names.
pub fn run(args: Shoes, out: &mut dyn Write) -> Result<(), Failure> {
    let table = table_or_reference(args.rules.as_deref())?;
    let procedure = table.dealing;
    procedure
        .check_for(52 * args.decks)
        .map_err(|e| Failure::Input(format!("the dealing procedure: {e}")))?;
    // A file is written as the shoes are dealt, then put in place whole once every shoe is:
    // memory stays that of one shoe, whatever the count.
    let mut file = args.out.as_deref().map(Replacement::create).transpose()?;
    let mut text = String::new();
    let maker = ShoeMaker {
        seed: args.seed,
        decks: args.decks,
        shuffler: args.shuffler,
        procedure,
        rules: &table.rules,
        form: match args.form {
            FormArg::Order => Form::Order,
            FormArg::Log => Form::Log,
        },
    };
    for index in 0..args.count {
        text.clear();
        for line in maker.shoe(index) {
            text.push_str(&line.to_json_line());
            text.push('\n');
        }
        match &mut file {
            Some(file) => file.write_bytes(text.as_bytes())?,
            None => super::output::put(out, &text)?,
        }
    }
    match file {
        Some(file) => file.commit(),
        None => Ok(()),
    }
}
