//! The `punto-banco` command: parses flags, calls the library, prints, and picks the exit code.

use clap::{Args, Parser, Subcommand, ValueEnum};
use punto_banco::analysis::Analysis;
use punto_banco::card::parse_cards;
use punto_banco::coup::deal;
use punto_banco::docs;
use punto_banco::lang::Lang;
use punto_banco::render::{
    Format, analysis::render_analysis, coup::render_coup, tableau::render_rules,
};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "punto-banco",
    version,
    about = "Exact, verified analysis of eight-deck Punto Banco (casino baccarat with compulsory drawing)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Exact analysis of a shoe: outcome counts and probabilities, house edges, naturals, draws.
    Analyze {
        #[command(flatten)]
        shoe: ShoeArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The drawing rules, the golden Banco tableau, the tariff and the settlement table.
    Rules {
        #[command(flatten)]
        output: OutputArgs,
        /// The notional stake of the settlement table (a whole number, at least 1).
        #[arg(long, default_value_t = docs::TEACHING_STAKE, allow_hyphen_values = true)]
        stake: i64,
    },
    /// Deals one coup from cards in deal order (Punto, Banco, Punto, Banco, third cards) and explains it.
    Deal {
        /// Cards such as 4♥ 4H 10D TD QS, in deal order; commas or spaces separate them.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        #[command(flatten)]
        output: OutputArgs,
        /// The stake at which each bet's net change is shown (a whole number, at least 1).
        #[arg(long, default_value_t = docs::TEACHING_STAKE, allow_hyphen_values = true)]
        stake: i64,
    },
    /// Checks (or with --write, rewrites) the generated tables in the Markdown files of docs/.
    Docs {
        /// The folder of Markdown files.
        #[arg(long, default_value = "docs")]
        dir: PathBuf,
        /// Rewrite the files instead of checking them.
        #[arg(long)]
        write: bool,
    },
}

#[derive(Args)]
struct ShoeArgs {
    /// Number of 52-card decks.
    #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS, conflicts_with = "ranks")]
    decks: u64,
    /// Thirteen rank counts, A, 2, …, 10, J, Q, K, separated by commas, instead of whole decks.
    #[arg(long, allow_hyphen_values = true)]
    ranks: Option<String>,
    /// Cards to take out of the shoe first, such as 8♠,8♥,9♣.
    #[arg(long, allow_hyphen_values = true)]
    remove: Option<String>,
}

#[derive(Args)]
struct OutputArgs {
    /// Language of the output.
    #[arg(long, value_enum, default_value_t = LangArg::En)]
    lang: LangArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    En,
    Fr,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Text,
    Markdown,
    Json,
}

impl OutputArgs {
    fn lang(&self) -> Lang {
        match self.lang {
            LangArg::En => Lang::En,
            LangArg::Fr => Lang::Fr,
        }
    }

    fn format(&self) -> Format {
        match self.format {
            FormatArg::Text => Format::Text,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Json => Format::Json,
        }
    }
}

/// Why the command failed, which picks the exit code.
enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A check found a discrepancy: exit code 1.
    Check(String),
}

impl<E: std::error::Error> From<E> for Failure {
    fn from(error: E) -> Failure {
        let mut message = error.to_string();
        let mut source = error.source();
        while let Some(cause) = source {
            message.push_str(&format!(": {cause}"));
            source = cause.source();
        }
        Failure::Input(message)
    }
}

fn build_shoe(args: &ShoeArgs) -> Result<Shoe, Failure> {
    let removed = match &args.remove {
        Some(text) => parse_cards(text)?,
        None => Vec::new(),
    };
    match &args.ranks {
        Some(text) => {
            let mut shoe = Shoe::parse_counts(text)?;
            shoe.remove_all(&removed)?;
            Ok(shoe)
        }
        None => Ok(Shoe::decks_without(args.decks, &removed)?),
    }
}

fn check_stake(stake: i64) -> Result<i64, Failure> {
    if stake < 1 {
        return Err(Failure::Input(format!(
            "--stake is {stake}: expected a whole number of at least 1"
        )));
    }
    Ok(stake)
}

fn run(cli: Cli) -> Result<String, Failure> {
    match cli.command {
        Command::Analyze { shoe, output } => {
            let shoe = build_shoe(&shoe)?;
            let analysis = Analysis::new(&shoe, &Rules::reference())?;
            Ok(render_analysis(
                &analysis,
                "reference",
                output.lang(),
                output.format(),
            ))
        }
        Command::Rules { output, stake } => Ok(render_rules(
            &Rules::reference(),
            check_stake(stake)?,
            output.lang(),
            output.format(),
        )),
        Command::Deal {
            cards,
            output,
            stake,
        } => {
            let stake = check_stake(stake)?;
            let cards = parse_cards(&cards.join(" "))?;
            let rules = Rules::reference();
            let coup = deal(&rules.drawing, &cards)?;
            Ok(render_coup(
                &rules,
                &coup,
                stake,
                output.lang(),
                output.format(),
            ))
        }
        Command::Docs { dir, write } => regenerate_docs(&dir, write),
    }
}

/// Splices the generated blocks of every Markdown file under `dir`; writes or reports the drift.
fn regenerate_docs(dir: &Path, write: bool) -> Result<String, Failure> {
    let mut files = Vec::new();
    collect_markdown(dir, &mut files)
        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", dir.display())))?;
    files.sort();
    let mut stale = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?;
        let spliced =
            docs::splice(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
        let spliced = refresh_console_examples(&spliced);
        if spliced != text {
            stale.push(path.display().to_string());
            if write {
                write_atomically(path, &spliced)
                    .map_err(|e| Failure::Input(format!("cannot write {}: {e}", path.display())))?;
            }
        }
    }
    match (write, stale.is_empty()) {
        (_, true) => Ok(format!(
            "{} files checked; every generated table is current.\n",
            files.len()
        )),
        (true, false) => Ok(format!("rewrote {}\n", stale.join(", "))),
        (false, false) => Err(Failure::Check(format!(
            "generated tables differ from the engine in {}; run `{}` to rewrite them",
            stale.join(", "),
            docs::REGENERATE
        ))),
    }
}

/// Reruns each `$ punto-banco …` line shown with its output in a ```console block and puts
/// the fresh output in its place (what a terminal shows: the output, or `error: …`).
fn refresh_console_examples(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_console = false;
    let mut lines = text.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        out.push_str(line);
        if line.trim_end() == "```console" {
            in_console = true;
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
            continue;
        }
        let Some(args) = line.trim_end().strip_prefix("$ punto-banco ") else {
            continue;
        };
        let is_output = |l: &&str| !l.starts_with("$ ") && !l.starts_with("```");
        if !in_console || lines.peek().is_none_or(|l| !is_output(l)) || args.starts_with("docs") {
            continue;
        }
        while lines.next_if(is_output).is_some() {}
        let argv = std::iter::once("punto-banco").chain(args.split_whitespace());
        let shown = match Cli::try_parse_from(argv).map(run) {
            Ok(Ok(output)) => output,
            Ok(Err(Failure::Input(message))) => format!("error: {message}\n"),
            Ok(Err(Failure::Check(message))) => format!("check failed: {message}\n"),
            Err(clap_error) => clap_error.to_string(),
        };
        out.push_str(&shown);
    }
    out
}

fn collect_markdown(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_markdown(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    Ok(())
}

/// Writes beside the target and renames, so that a failure never leaves a half-written file.
fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let temporary = path.with_extension("md.tmp");
    std::fs::write(&temporary, contents)?;
    std::fs::rename(&temporary, path)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Check(message)) => {
            eprintln!("check failed: {message}");
            ExitCode::from(1)
        }
    }
}
