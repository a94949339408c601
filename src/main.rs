//! The `punto-banco` command: parses flags, calls the library, prints, and picks the exit code.

use clap::{Args, Parser, Subcommand, ValueEnum};
use punto_banco::analysis::Analysis;
use punto_banco::card::parse_cards;
use punto_banco::check::{check, read_claimed};
use punto_banco::coup::deal;
use punto_banco::docs;
use punto_banco::lang::Lang;
use punto_banco::oracle::{fit, vectors};
use punto_banco::render::check::render_report;
use punto_banco::render::oracle::{fits_pass, render_fit, render_plan};
use punto_banco::render::{
    Format, analysis::render_analysis, coup::render_coup, tableau::render_rules,
};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::variants::{self, RuleSet};
use std::io::{BufRead, Read, Write};
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
        /// A rule-set file (JSON, see docs/en/rule-files.md) or a shipped variant's name
        /// (reference, reference-6-decks, tie-9-to-1, banco-4-percent, super-6, ez-baccarat,
        /// side-bets). Its shoe is used unless --decks or --ranks is given.
        #[arg(long)]
        rules: Option<String>,
        /// Analyse many shoes: JSON lines in (`{"decks": 8}`, `{"ranks": [13 counts]}`,
        /// `{"remove": ["8♠", …]}`, each with an optional "rules"), one analysis JSON line out
        /// per line, in order; `-` reads standard input.
        #[arg(long, conflicts_with_all = ["decks", "ranks", "remove"])]
        batch: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The drawing rules, the golden Banco tableau, the tariff and the settlement table.
    Rules {
        #[command(flatten)]
        output: OutputArgs,
        /// The notional stake of the settlement table, 1 to 1000000000.
        #[arg(long, default_value_t = docs::TEACHING_STAKE, allow_negative_numbers = true, value_parser = stake)]
        stake: i64,
    },
    /// Deals one coup from cards in deal order (Punto, Banco, Punto, Banco, third cards) and explains it.
    Deal {
        /// Cards such as 4♥ 4H 10D TD QS, in deal order; commas or spaces separate them.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        #[command(flatten)]
        output: OutputArgs,
        /// The stake at which each bet's net change is shown, 1 to 1000000000.
        #[arg(long, default_value_t = docs::TEACHING_STAKE, allow_negative_numbers = true, value_parser = stake)]
        stake: i64,
    },
    /// Checks a claimed rule set against the reference: every differing cell and what it costs,
    /// tariff differences, and whether each stated figure holds (exit 1 when one does not).
    Check {
        /// A rule-set file (JSON), or a tableau as rule documents write it: a grid (Markdown or
        /// tab-separated, Banco totals as rows, Punto third cards 0–9 as columns) or a range
        /// table ("0–2 | Always"). `-` reads standard input.
        file: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Verifies an engine's log (JSON lines, one coup each) hand by hand against the rules.
    Verify {
        /// The log; `-` reads standard input.
        file: String,
        /// The rule set the engine claims to deal (a file or a shipped variant's name).
        #[arg(long)]
        rules: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Writes the exhaustive conformance vectors: every distinct coup by card value, with its
    /// decisions, totals, winner and exact weight in the shoe.
    Vectors {
        #[command(flatten)]
        shoe: ShoeArgs,
        /// The rule set (a file or a shipped variant's name); its shoe unless --decks/--ranks.
        #[arg(long)]
        rules: Option<String>,
        /// json (JSON lines) or csv.
        #[arg(long, value_enum, default_value_t = VectorFormat::Json)]
        format: VectorFormat,
        /// Write to this file (replaced whole, never half-written) instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Tests an engine's observed counts (or its log) against the exact probabilities, or
    /// with --plan says how many coups it must log to show a given rule error.
    Fit {
        /// Observed counts (JSON) or a log of coups (JSON lines); `-` reads standard input.
        #[arg(required_unless_present = "plan")]
        file: Option<String>,
        #[command(flatten)]
        shoe: ShoeArgs,
        /// The rule set the engine claims to deal (a file or a shipped variant's name).
        #[arg(long)]
        rules: Option<String>,
        /// Significance level, shared among the groupings tested.
        #[arg(long, default_value_t = 0.01, allow_negative_numbers = true, value_parser = setting(fit::validate_alpha))]
        alpha: f64,
        /// A wrong rule set (as `check` reads it): how many coups reveal an engine dealing by it.
        #[arg(long, conflicts_with = "file")]
        plan: Option<String>,
        /// The probability of detecting the error, for --plan.
        #[arg(long, default_value_t = 0.9, allow_negative_numbers = true, value_parser = setting(fit::validate_power))]
        power: f64,
        /// How many cells to show per grouping, most deviant first (0 to 1000).
        #[arg(long, default_value_t = 5, allow_negative_numbers = true, value_parser = whole(0, 1000))]
        shown: u64,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The exact effect of removing one card of each rank on the edge of every bet.
    Eor {
        #[command(flatten)]
        shoe: ShoeArgs,
        /// The rule set (a file or a shipped variant's name); its shoe unless --decks/--ranks.
        #[arg(long)]
        rules: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Deals shuffled shoes to a cut card, computing every bet's exact edge before every coup,
    /// and reports how often each bet turns favourable and what betting only then gains.
    ShoeSim {
        /// How many shoes to deal (at least 1).
        #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = whole(1, u64::MAX))]
        shoes: u64,
        /// The seed of the shuffles: the same seed deals the same shoes.
        #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
        seed: u64,
        /// Decks per shoe, 1 to 65536 (the shoe is dealt card by card).
        #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS, allow_negative_numbers = true, value_parser = whole(1, SIMULATED_DECKS))]
        decks: u64,
        /// Cards left behind the cut card: the shoe ends when no more than this many remain
        /// (5 to the shoe's size less 6).
        #[arg(long, default_value_t = 14, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
        cut: u64,
        /// The rule set (a file or a shipped variant's name).
        #[arg(long)]
        rules: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// The ten-deal teaching session of the rule texts, at the terminal or from a script.
    Session {
        /// Play this script (JSON: participants, predictions per deal, optional cards) instead
        /// of asking at the terminal; `-` reads standard input.
        #[arg(long)]
        script: Option<String>,
        /// The seed of the shuffles: the same seed deals the same cards (a script gives its own).
        #[arg(long, conflicts_with = "script", allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
        seed: Option<u64>,
        /// Decks in the shoe, 1 to 1000 (a script gives its own).
        #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS, conflicts_with = "script", allow_negative_numbers = true, value_parser = whole(1, SESSION_LIMIT))]
        decks: u64,
        /// Deals in the session, 1 to 1000 (a script gives its own).
        #[arg(long, default_value_t = u64::from(punto_banco::session::DEALS), conflicts_with = "script", allow_negative_numbers = true, value_parser = whole(1, SESSION_LIMIT))]
        deals: u64,
        /// The notional stake of every prediction, 1 to 1000000000 (a script gives its own).
        #[arg(long, default_value_t = punto_banco::session::STAKE, conflicts_with = "script", allow_negative_numbers = true, value_parser = stake)]
        stake: i64,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Exact odds of the home session: each fixed strategy's final-score distribution, its
    /// expected value, its chance to finish at or above zero, and head-to-head chances.
    SessionOdds {
        /// Deals in the session, 1 to 30 (the exact distributions grow fast).
        #[arg(long, default_value_t = u64::from(punto_banco::session::DEALS), allow_negative_numbers = true, value_parser = whole(1, ODDS_DEALS))]
        deals: u64,
        /// The notional stake of every prediction, 1 to 1000000000.
        #[arg(long, default_value_t = punto_banco::session::STAKE, allow_negative_numbers = true, value_parser = stake)]
        stake: i64,
        /// Decks in the shoe, 1 to 4294967296.
        #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS, allow_negative_numbers = true, value_parser = whole(1, Shoe::MAX_DECKS))]
        decks: u64,
        #[command(flatten)]
        output: OutputArgs,
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
    /// Number of 52-card decks, 1 to 4294967296 [default: 8, or the rule file's shoe].
    #[arg(long, conflicts_with = "ranks", allow_negative_numbers = true, value_parser = whole(1, Shoe::MAX_DECKS))]
    decks: Option<u64>,
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
enum VectorFormat {
    Json,
    Csv,
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

/// Decks per shoe that `shoe-sim` accepts: the simulation holds and shuffles the real cards.
const SIMULATED_DECKS: u64 = punto_banco::dealer::Dealer::MAX_DECKS;
/// Decks and deals that the interactive session accepts.
const SESSION_LIMIT: u64 = punto_banco::session::MAX_DECKS;
/// Deals that `session-odds` accepts: the exact distributions grow fast.
const ODDS_DEALS: u64 = 30;
/// The largest stake accepted, so that every settlement stays exact and readable.
const MAX_STAKE: i64 = punto_banco::session::MAX_STAKE;
/// The longest line of a log, a batch or a terminal answer, in bytes.
const MAX_LINE: usize = 1 << 20;
/// The largest whole file read at once (a rule file, a claimed table, counts, a script).
const MAX_FILE: usize = 16 << 20;

/// A value parser for a whole number from `low` to `high`, in the tool's own words (the
/// flag's name and the value are added when the error is shown).
fn whole(low: u64, high: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text: &str| {
        let expected = || format!("expected a whole number from {low} to {high}");
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        match text.parse::<u64>() {
            Ok(value) if digits && (low..=high).contains(&value) => Ok(value),
            _ => Err(expected()),
        }
    }
}

/// A stake: a whole number from 1 to [`MAX_STAKE`].
fn stake(text: &str) -> Result<i64, String> {
    whole(1, MAX_STAKE as u64)(text).map(|value| value as i64)
}

/// A value parser for a number that `check` accepts (the library's own range and words).
fn setting(
    check: fn(f64) -> Result<f64, fit::FitError>,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |text: &str| {
        let accepted = |error: fit::FitError| match error {
            fit::FitError::Setting { accepted, .. } => format!("expected {accepted}"),
            other => other.to_string(),
        };
        // Whatever is not a number is judged as NaN: out of every range.
        check(text.trim().parse().unwrap_or(f64::NAN)).map_err(accepted)
    }
}

/// Why the command failed, which picks the exit code.
enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A check found a discrepancy (its report already written): exit code 1.
    Check(String),
    /// The output could not be written: exit code 2.
    Write(std::io::Error),
    /// The reader of the output went away (`| head`): no error, nothing more to say.
    Closed,
}

impl Failure {
    /// A failed write to the output; a closed pipe is no error.
    fn write(error: std::io::Error) -> Failure {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Write(error)
        }
    }
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

/// Writes text to the command's output.
fn put(out: &mut dyn Write, text: &str) -> Result<(), Failure> {
    out.write_all(text.as_bytes()).map_err(Failure::write)
}

/// The shoe the flags describe, starting from `fallback` when they name no decks or ranks.
fn build_shoe(args: &ShoeArgs, fallback: Option<Shoe>) -> Result<Shoe, Failure> {
    let removed = match &args.remove {
        Some(text) => parse_cards(text).map_err(|e| Failure::Input(format!("--remove: {e}")))?,
        None => Vec::new(),
    };
    let mut shoe = match (&args.ranks, args.decks, fallback) {
        (Some(text), _, _) => {
            Shoe::parse_counts(text).map_err(|e| Failure::Input(format!("--ranks: {e}")))?
        }
        (None, Some(n_decks), _) => return Ok(Shoe::decks_without(n_decks, &removed)?),
        (None, None, Some(shoe)) => shoe,
        (None, None, None) => {
            return Ok(Shoe::decks_without(
                punto_banco::shoe::REFERENCE_DECKS,
                &removed,
            )?);
        }
    };
    shoe.remove_all(&removed)?;
    Ok(shoe)
}

/// The rules of a rule set named by --rules, or the reference.
fn rules_or_reference(name: Option<&str>) -> Result<Rules, Failure> {
    Ok(match name {
        Some(name) => load_rule_set(name)?.rules,
        None => Rules::reference(),
    })
}

/// A rule set named by a batch line, with its name and shoe, or why it cannot be had.
type Resolved = Result<punto_banco::batch::DefaultRules, String>;

/// Rule sets named by batch lines, loaded once each.
struct CachedRules(std::sync::Mutex<std::collections::HashMap<String, Resolved>>);

impl punto_banco::batch::RulesResolver for CachedRules {
    fn resolve(&self, name: &str) -> Resolved {
        let mut cache = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        cache
            .entry(name.to_string())
            .or_insert_with(|| {
                // The batch itself may be standard input; a line's rule set never is, nor a
                // pipe or a device (`/dev/stdin`, `/dev/fd/0`) that could be it.
                if name == "-" {
                    return Err("`rules` is `-`: a batch line cannot read a rule set from standard input; name a rule file or a shipped variant".to_string());
                }
                if std::fs::metadata(name).is_ok_and(|meta| !meta.is_file()) {
                    return Err(format!("`rules` is `{name}`, which is not a regular file: a batch line reads its rule set from a file or names a shipped variant"));
                }
                match load_rule_set(name) {
                    Ok(set) => Ok((set.rules, set.name, set.shoe)),
                    Err(Failure::Input(message) | Failure::Check(message)) => Err(message),
                    Err(Failure::Write(error)) => Err(error.to_string()),
                    Err(Failure::Closed) => Err("the output was closed".to_string()),
                }
            })
            .clone()
    }
}

/// Streams a batch: chunks of lines analysed on every core, written in order as they finish.
fn analyse_batch(
    path: &str,
    default: &punto_banco::batch::DefaultRules,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    // Lines are analysed in chunks on every core. A chunk holds at most 4,096 lines and, from
    // what the documents so far weigh, about 64 MiB of output: a rule set with thousands of
    // side bets makes documents of megabytes, and memory must not follow them.
    const MOST_LINES: usize = 4096;
    const MOST_OUTPUT: usize = 64 << 20;
    let mut chunk_lines = 16;
    let mut heaviest = 0;
    let mut reader = open_input(path)?;
    let resolver = CachedRules(Default::default());
    let mut chunk: Vec<(usize, Result<String, String>)> = Vec::with_capacity(chunk_lines);
    let mut number = 0;
    let mut bytes = Vec::new();
    let mut ended = false;
    let mut stopped = None;
    while !ended {
        chunk.clear();
        while chunk.len() < chunk_lines {
            let read = read_bounded(&mut *reader, &mut bytes)
                .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
            if !matches!(read, Reading::Line) {
                ended = true;
                if matches!(read, Reading::TooLong) {
                    // The lines before it are answered; this one is its own error object,
                    // and the batch is read no further.
                    number += 1;
                    let message = format!(
                        "the line is longer than {MAX_LINE} bytes, the longest accepted: the batch is read no further"
                    );
                    chunk.push((number, Err(message)));
                    stopped = Some(too_long(path, number));
                }
                break;
            }
            number += 1;
            let line = if number == 1 {
                without_bom(&bytes)
            } else {
                &bytes
            };
            // A line that is not UTF-8 gets an error object of its own; the batch goes on.
            let text = std::str::from_utf8(line).map(str::to_string).map_err(|e| {
                let (_, column) = position(line, e.valid_up_to());
                format!("column {column}: the line is not UTF-8 text")
            });
            chunk.push((number, text));
        }
        for document in punto_banco::batch::analyse_chunk(&chunk, default, &resolver) {
            heaviest = heaviest.max(document.len());
            if !document.is_empty() {
                put(out, &document)?;
                put(out, "\n")?;
            }
        }
        chunk_lines = (MOST_OUTPUT / heaviest.max(1)).clamp(1, MOST_LINES);
    }
    match stopped {
        Some(message) => Err(Failure::Input(message)),
        None => Ok(()),
    }
}

/// A played session for people (every deal told, the standings, the winners) or as JSON.
fn render_session(session: &punto_banco::session::Session, lang: Lang, format: Format) -> String {
    use punto_banco::session::{deal_text, standings_text, winners_text};
    if format == Format::Json {
        return format!("{:#}\n", punto_banco::session::session_json(session));
    }
    let mut out = String::new();
    for deal in &session.played {
        out.push_str(&deal_text(session, deal, false, lang));
        out.push('\n');
    }
    out.push_str(&standings_text(session, lang));
    if session.finished() {
        out.push_str(&winners_text(session, lang));
    }
    out
}

/// The session at the terminal: names, then each deal's predictions, the deal told card by
/// card, and the standings. Bad answers are explained and asked again; the end of input stops
/// the session with the standings so far.
fn interactive_session(
    seed: Option<u64>,
    decks: u64,
    deals: u32,
    stake: i64,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    use punto_banco::session::{
        MAX_PARTICIPANTS, MIN_PARTICIPANTS, Session, deal_text, parse_prediction,
        prediction_choices, standings_text, winners_text,
    };
    let mut term = Terminal {
        out,
        input: std::io::stdin().lock(),
        lang,
        line: Vec::new(),
        lines: 0,
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut session = Session::try_new(Rules::reference(), decks, deals, stake)
        .map_err(|e| Failure::Input(format!("--{e}")))?;
    term.say(&match lang {
        Lang::En => format!(
            "Punto Banco: {deals} {}, a notional stake of {stake}, {decks} {}. Shuffle seed {seed} (give --seed {seed} to deal the same cards again).\n",
            if deals == 1 { "deal" } else { "deals" },
            if decks == 1 { "deck" } else { "decks" }
        ),
        Lang::Fr => format!(
            "Punto Banco : {deals} {}, un enjeu fictif de {stake}, {decks} {}. Graine du mélange {seed} (donnez --seed {seed} pour redonner les mêmes cartes).\n",
            if deals == 1 { "donne" } else { "donnes" },
            if decks == 1 { "paquet" } else { "paquets" }
        ),
    })?;
    let stopped = |session: &Session| -> String {
        let mut out = lang
            .pick(
                "\nInput ended: the session stops here.\n",
                "\nFin de l’entrée : la séance s’arrête ici.\n",
            )
            .to_string();
        if !session.participants.is_empty() {
            out.push_str(&standings_text(session, lang));
        }
        out
    };
    // Names: two to eight participants, then whether the dealer predicts too.
    loop {
        let n = session.participants.len();
        let prompt = match lang {
            Lang::En if n < MIN_PARTICIPANTS => format!(
                "Name of participant {} (at least {MIN_PARTICIPANTS}): ",
                n + 1
            ),
            Lang::En => format!(
                "Name of participant {} (empty line to start, at most {MAX_PARTICIPANTS}): ",
                n + 1
            ),
            Lang::Fr if n < MIN_PARTICIPANTS => format!(
                "Nom du participant {} (au moins {MIN_PARTICIPANTS}) : ",
                n + 1
            ),
            Lang::Fr => format!(
                "Nom du participant {} (ligne vide pour commencer, au plus {MAX_PARTICIPANTS}) : ",
                n + 1
            ),
        };
        let Some(name) = term.ask(&prompt)? else {
            return term.say(&stopped(&session));
        };
        if name.trim().is_empty() && n >= MIN_PARTICIPANTS {
            break;
        }
        if let Err(e) = session.join(&name, false) {
            term.say(&format!("  {}\n", e.text(lang)))?;
        }
        if session.participants.len() == MAX_PARTICIPANTS {
            break;
        }
    }
    // The dealer's name must differ from every participant's, so that scores stay apart.
    let dealer = loop {
        let Some(name) = term.ask(lang.pick("Name of the dealer: ", "Nom du donneur : "))? else {
            return term.say(&stopped(&session));
        };
        let name = name.trim().to_string();
        if let Err(e) = punto_banco::session::check_name(&name) {
            term.say(&format!("  {}\n", e.text(lang)))?;
        } else if name.is_empty() {
            term.say(&format!(
                "  {}\n",
                punto_banco::session::JoinError::Empty.text(lang)
            ))?;
        } else if session
            .participants
            .iter()
            .any(|p| p.name.to_lowercase() == name.to_lowercase())
        {
            term.say(&format!(
                "  {}\n",
                punto_banco::session::JoinError::Taken(name).text(lang)
            ))?;
        } else {
            break name;
        }
    };
    loop {
        let prompt = match lang {
            Lang::En => format!("Does {dealer} predict too? (y/n): "),
            Lang::Fr => format!("{dealer} fait aussi une prédiction ? (o/n) : "),
        };
        let Some(answer) = term.ask(&prompt)? else {
            return term.say(&stopped(&session));
        };
        match answer.trim().to_lowercase().as_str() {
            "y" | "yes" | "o" | "oui" => {
                if session.participants.len() >= MAX_PARTICIPANTS {
                    term.say(&format!(
                        "  {}\n",
                        punto_banco::session::JoinError::Full.text(lang)
                    ))?;
                } else if let Err(e) = session.join(&dealer, true) {
                    term.say(&format!("  {}\n", e.text(lang)))?;
                    continue;
                }
                break;
            }
            "n" | "no" | "non" => break,
            _ => term.say(lang.pick("  Answer y or n.\n", "  Répondez o ou n.\n"))?,
        }
    }
    let mut rng = punto_banco::dealer::Dealer::rng(seed);
    while !session.finished() {
        term.say(&match lang {
            Lang::En => format!(
                "\nPredictions for deal {} of {deals} ({}):\n",
                session.next_deal(),
                prediction_choices(lang)
            ),
            Lang::Fr => format!(
                "\nPrédictions pour la donne {} sur {deals} ({}) :\n",
                session.next_deal(),
                prediction_choices(lang)
            ),
        })?;
        let mut predictions = Vec::new();
        for participant in session.participants.clone() {
            loop {
                let Some(answer) =
                    term.ask(&format!("  {}{} ", participant.name, lang.pick(":", " :")))?
                else {
                    return term.say(&stopped(&session));
                };
                match parse_prediction(&answer) {
                    Some(bet) => {
                        predictions.push(bet);
                        break;
                    }
                    None => term.say(&match lang {
                        Lang::En => format!(
                            "  `{}` is not a prediction: type {}.\n",
                            answer.trim(),
                            prediction_choices(lang)
                        ),
                        Lang::Fr => format!(
                            "  « {} » n’est pas une prédiction : tapez {}.\n",
                            answer.trim(),
                            prediction_choices(lang)
                        ),
                    })?,
                }
            }
        }
        let deal = session.play_shuffled(&mut rng, &predictions).clone();
        term.say("\n")?;
        term.say(&deal_text(&session, &deal, true, lang))?;
        term.say(&standings_text(&session, lang))?;
    }
    term.say("\n")?;
    term.say(&winners_text(&session, lang))
}

/// The terminal of the interactive session: prompts out, answers in.
struct Terminal<'a> {
    out: &'a mut dyn Write,
    input: std::io::StdinLock<'static>,
    lang: Lang,
    line: Vec<u8>,
    /// Lines read so far, to name the one refused.
    lines: usize,
}

impl Terminal<'_> {
    /// Shows text at once.
    fn say(&mut self, text: &str) -> Result<(), Failure> {
        put(self.out, text)?;
        self.out.flush().map_err(Failure::write)
    }

    /// Asks and reads one answer; `None` at the end of input. An answer that is not UTF-8
    /// text is refused and asked again; one longer than a line may be ends the session.
    fn ask(&mut self, prompt: &str) -> Result<Option<String>, Failure> {
        loop {
            self.say(prompt)?;
            if !next_line(
                &mut self.input,
                &mut self.line,
                "standard input",
                self.lines + 1,
            )? {
                return Ok(None);
            }
            self.lines += 1;
            // A byte-order mark opens the first answer when the answers come from a file.
            let answer = match self.lines {
                1 => without_bom(&self.line),
                _ => &self.line,
            };
            match std::str::from_utf8(answer) {
                Ok(text) => return Ok(Some(text.trim_end_matches(['\n', '\r']).to_string())),
                Err(_) => {
                    let message = self.lang.pick(
                        "  That answer is not UTF-8 text: type it again.\n",
                        "  Cette réponse n’est pas du texte UTF-8 : tapez-la de nouveau.\n",
                    );
                    self.say(message)?;
                }
            }
        }
    }
}

/// Verifies a log line by line, writing the report as it goes, in memory that does not grow
/// with the log; the verdict picks the exit code.
fn verify_log(
    path: &str,
    rules: &Rules,
    lang: Lang,
    format: Format,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    use punto_banco::oracle::verify::Verdict;
    use punto_banco::render::oracle::{StreamError, write_verification};
    let reader = open_input(path)?;
    let summary =
        write_verification(reader, &mut *out, rules, lang, format, MAX_LINE).map_err(|error| {
            match error {
                StreamError::Read(e) => Failure::Input(format!("cannot read {path}: {e}")),
                StreamError::Write(e) => Failure::write(e),
                too_long @ StreamError::TooLong { .. } => {
                    Failure::Input(format!("{path}: {too_long}"))
                }
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

/// Writes the conformance vectors, to `out` or to a file, then reports their count and
/// SHA-256 on standard error.
fn write_vectors(
    shoe: &Shoe,
    rules: &Rules,
    format: VectorFormat,
    path: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    use sha2::{Digest, Sha256};
    let all = vectors::vectors(shoe, &rules.drawing);
    let mut text = String::with_capacity(all.len() * 120);
    if let VectorFormat::Csv = format {
        text.push_str(vectors::CSV_HEADER);
        text.push('\n');
    }
    for vector in &all {
        text.push_str(&match format {
            VectorFormat::Json => vector.to_json_line(),
            VectorFormat::Csv => vector.to_csv_line(),
        });
        text.push('\n');
    }
    let digest = Sha256::digest(text.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    match path {
        Some(path) => write_atomically(path, text.as_bytes())?,
        None => {
            put(out, &text)?;
            out.flush().map_err(Failure::write)?;
        }
    }
    // The count and checksum are part of what the command reports: losing them is an error.
    writeln!(
        std::io::stderr().lock(),
        "{} vectors, sha256 {hex}",
        all.len()
    )
    .map_err(Failure::write)
}

/// Opens a file, or standard input for `-`, for reading line by line.
fn open_input(path: &str) -> Result<Box<dyn BufRead>, Failure> {
    if path == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(Failure::Input(format!(
            "cannot read {path}: it is a folder, not a file"
        )));
    }
    Ok(Box::new(std::io::BufReader::with_capacity(1 << 16, file)))
}

/// What reading one line found.
enum Reading {
    /// The end of the input.
    End,
    /// A line, in the buffer.
    Line,
    /// A line longer than [`MAX_LINE`]: the reading stops there, since the rest of an
    /// endless line (`/dev/zero`) could never be passed over.
    TooLong,
}

/// Reads the next line into `line`, its end of line kept; the limit counts the line's bytes
/// without its `\n` or `\r\n`.
fn read_bounded(reader: &mut dyn BufRead, line: &mut Vec<u8>) -> std::io::Result<Reading> {
    line.clear();
    if (&mut *reader)
        .take(MAX_LINE as u64 + 2)
        .read_until(b'\n', line)?
        == 0
    {
        return Ok(Reading::End);
    }
    let content = line
        .strip_suffix(b"\n")
        .map_or(line.len(), |l| l.strip_suffix(b"\r").unwrap_or(l).len());
    Ok(if content > MAX_LINE {
        Reading::TooLong
    } else {
        Reading::Line
    })
}

/// The message for line `number` of `path` longer than [`MAX_LINE`].
fn too_long(path: &str, number: usize) -> String {
    format!("{path}: line {number} is longer than {MAX_LINE} bytes, the longest line accepted")
}

/// Reads the next line into `line` (its end of line kept), at most [`MAX_LINE`] bytes;
/// `false` at the end of the input. `number` is the line's number, for the error.
fn next_line(
    reader: &mut dyn BufRead,
    line: &mut Vec<u8>,
    path: &str,
    number: usize,
) -> Result<bool, Failure> {
    match read_bounded(reader, line) {
        Ok(Reading::End) => Ok(false),
        Ok(Reading::Line) => Ok(true),
        Ok(Reading::TooLong) => Err(Failure::Input(too_long(path, number))),
        Err(e) => Err(Failure::Input(format!("cannot read {path}: {e}"))),
    }
}

/// The line and column (1-based, in characters) of a byte offset into text.
fn position(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// The bytes without a leading byte-order mark (U+FEFF, as some editors write).
fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(bytes)
}

/// Text from bytes read from `path`: a leading byte-order mark dropped, anything that is not
/// UTF-8 named with its line and column.
fn utf8_text(bytes: Vec<u8>, path: &str) -> Result<String, Failure> {
    let bytes = without_bom(&bytes).to_vec();
    String::from_utf8(bytes).map_err(|e| {
        let (line, column) = position(e.as_bytes(), e.utf8_error().valid_up_to());
        Failure::Input(format!(
            "{path}: line {line}, column {column}: not UTF-8 text"
        ))
    })
}

/// Reads a whole file, or standard input for `-`, of at most [`MAX_FILE`] bytes.
fn read_input(path: &str) -> Result<String, Failure> {
    let reader = open_input(path)?;
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    if bytes.len() > MAX_FILE {
        return Err(Failure::Input(format!(
            "{path} is larger than {} MiB, the largest file accepted",
            MAX_FILE >> 20
        )));
    }
    utf8_text(bytes, path)
}

/// The text of a rule file, or of a shipped variant by name; a file of that name wins.
fn rule_text(name_or_path: &str) -> Result<String, Failure> {
    if name_or_path == "-" || Path::new(name_or_path).exists() {
        return read_input(name_or_path);
    }
    match variants::shipped(name_or_path) {
        Some(text) => Ok(text.to_string()),
        None => {
            let names: Vec<&str> = variants::SHIPPED.iter().map(|(n, _)| *n).collect();
            Err(Failure::Input(format!(
                "`{name_or_path}` is neither a file nor a shipped variant ({})",
                names.join(", ")
            )))
        }
    }
}

/// A rule set from a file, or a shipped variant by name. A tableau written as rule documents
/// write it (a grid or a range table) is read too, completed from the reference.
fn load_rule_set(name_or_path: &str) -> Result<RuleSet, Failure> {
    let text = rule_text(name_or_path)?;
    let claimed =
        read_claimed(&text).map_err(|e| Failure::Input(format!("{name_or_path}: {e}")))?;
    Ok(RuleSet {
        name: claimed.name.unwrap_or_else(|| name_or_path.to_string()),
        title: None,
        source: None,
        shoe: (claimed.form == punto_banco::check::ClaimedForm::RuleFile).then_some(claimed.shoe),
        rules: claimed.rules,
        claims: claimed.claims,
    })
}

/// Refuses a command that would read standard input for two of its inputs.
fn stdin_once(inputs: &[(&str, Option<&String>)]) -> Result<(), Failure> {
    let readers: Vec<&str> = inputs
        .iter()
        .filter(|(_, path)| path.is_some_and(|p| p == "-"))
        .map(|(name, _)| *name)
        .collect();
    if readers.len() > 1 {
        return Err(Failure::Input(format!(
            "{} each name standard input (`-`), which can be read once: give a file for all but one",
            readers.join(" and ")
        )));
    }
    Ok(())
}

/// Runs one command, writing what it prints to `out`.
fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Command::Analyze {
            shoe: _,
            rules,
            batch: Some(path),
            ..
        } => {
            stdin_once(&[("--batch", Some(&path)), ("--rules", rules.as_ref())])?;
            let default = match rules.as_deref() {
                Some(name) => {
                    let set = load_rule_set(name)?;
                    (set.rules, set.name, set.shoe)
                }
                None => (Rules::reference(), "reference".to_string(), None),
            };
            analyse_batch(&path, &default, out)
        }
        Command::Analyze {
            shoe,
            rules,
            output,
            batch: None,
        } => {
            let set = rules.as_deref().map(load_rule_set).transpose()?;
            let shoe = build_shoe(&shoe, set.as_ref().and_then(|s| s.shoe.clone()))?;
            let (rules, name) = match &set {
                Some(set) => (set.rules.clone(), set.name.as_str()),
                None => (Rules::reference(), "reference"),
            };
            let analysis = Analysis::new(&shoe, &rules)?;
            put(
                out,
                &render_analysis(&analysis, name, output.lang(), output.format()),
            )
        }
        Command::Rules { output, stake } => put(
            out,
            &render_rules(&Rules::reference(), stake, output.lang(), output.format()),
        ),
        Command::Deal {
            cards,
            output,
            stake,
        } => {
            // Each argument is a list of its own, so that `4H,` is an empty item, not a space.
            let mut dealt = Vec::new();
            for argument in &cards {
                let offset = dealt.len();
                dealt.extend(parse_cards(argument).map_err(|e| match e {
                    punto_banco::card::CardsError::Missing { position } => {
                        punto_banco::card::CardsError::Missing {
                            position: position + offset,
                        }
                    }
                    punto_banco::card::CardsError::NotACard { position, error } => {
                        punto_banco::card::CardsError::NotACard {
                            position: position + offset,
                            error,
                        }
                    }
                    other => other,
                })?);
            }
            let cards = dealt;
            let rules = Rules::reference();
            let coup = deal(&rules.drawing, &cards)?;
            put(
                out,
                &render_coup(&rules, &coup, stake, output.lang(), output.format()),
            )
        }
        Command::Check { file, output } => {
            let text = rule_text(&file)?;
            let claimed =
                read_claimed(&text).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let report = check(claimed)?;
            put(
                out,
                &render_report(&report, &file, output.lang(), output.format()),
            )?;
            if report.claims_hold() {
                Ok(())
            } else {
                Err(Failure::Check(format!(
                    "{file}: a stated figure does not hold"
                )))
            }
        }
        Command::Verify {
            file,
            rules,
            output,
        } => {
            stdin_once(&[("the log", Some(&file)), ("--rules", rules.as_ref())])?;
            let rules = rules_or_reference(rules.as_deref())?;
            verify_log(&file, &rules, output.lang(), output.format(), out)
        }
        Command::Vectors {
            shoe,
            rules,
            format,
            out: path,
        } => {
            let set = rules.as_deref().map(load_rule_set).transpose()?;
            let shoe = build_shoe(&shoe, set.as_ref().and_then(|s| s.shoe.clone()))?;
            shoe.check_playable()?;
            let rules = set.map_or_else(Rules::reference, |s| s.rules);
            write_vectors(&shoe, &rules, format, path.as_deref(), out)
        }
        Command::Fit {
            file,
            shoe,
            rules,
            alpha,
            plan,
            power,
            shown,
            output,
        } => {
            stdin_once(&[
                ("the counts", file.as_ref()),
                ("--rules", rules.as_ref()),
                ("--plan", plan.as_ref()),
            ])?;
            let set = rules.as_deref().map(load_rule_set).transpose()?;
            let shoe = build_shoe(&shoe, set.as_ref().and_then(|s| s.shoe.clone()))?;
            let rules = set.map_or_else(Rules::reference, |s| s.rules);
            if let Some(wrong) = plan {
                let text = rule_text(&wrong)?;
                let claimed =
                    read_claimed(&text).map_err(|e| Failure::Input(format!("{wrong}: {e}")))?;
                let plans = fit::plan(&shoe, &rules.drawing, &claimed.rules.drawing, alpha, power)?;
                // A coup-by-coup check shows the error at the first coup that reaches any
                // differing decision: the most often reached one sets how soon.
                let report = check(claimed)?;
                let reach = report
                    .drawing_differences
                    .iter()
                    .filter_map(|d| Some((d, d.reach.as_ref()?)))
                    .filter_map(|(d, r)| Some((d, fit::coups_to_reach(r, power)?)))
                    .min_by_key(|(_, coups)| *coups)
                    .map(|(d, coups)| {
                        // JSON speaks English whatever --lang says.
                        let lang = match output.format() {
                            Format::Json => Lang::En,
                            _ => output.lang(),
                        };
                        (
                            punto_banco::render::check::decision_place(d.decision, lang),
                            coups,
                        )
                    });
                return put(
                    out,
                    &render_plan(&plans, reach, alpha, power, output.lang(), output.format()),
                );
            }
            let Some(file) = file else {
                return Err(Failure::Input(
                    "fit needs a file of observed counts or a log, or --plan".into(),
                ));
            };
            let observed =
                fit::Observed::read_from(open_input(&file)?, &rules.drawing, MAX_LINE, MAX_FILE)
                    .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let fits = fit::fit(&shoe, &rules.drawing, &observed)
                .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let shown = usize::try_from(shown).unwrap_or(usize::MAX);
            put(
                out,
                &render_fit(&fits, alpha, shown, output.lang(), output.format()),
            )?;
            if fits_pass(&fits, alpha) {
                Ok(())
            } else {
                Err(Failure::Check(format!(
                    "{file}: the observed counts do not fit the rules"
                )))
            }
        }
        Command::Eor {
            shoe,
            rules,
            output,
        } => {
            let set = rules.as_deref().map(load_rule_set).transpose()?;
            let shoe = build_shoe(&shoe, set.as_ref().and_then(|s| s.shoe.clone()))?;
            let name = set
                .as_ref()
                .map_or("reference".to_string(), |s| s.name.clone());
            let rules = set.map_or_else(Rules::reference, |s| s.rules);
            let eor = punto_banco::depletion::effect_of_removal(&shoe, &rules)?;
            put(
                out,
                &punto_banco::render::depletion::render_eor(
                    &eor,
                    &shoe,
                    &name,
                    output.lang(),
                    output.format(),
                ),
            )
        }
        Command::ShoeSim {
            shoes,
            seed,
            decks,
            cut,
            rules,
            output,
        } => {
            let most = 52 * decks - 6;
            if !(5..=most).contains(&cut) {
                return Err(Failure::Input(format!(
                    "--cut is `{cut}`: expected a whole number from 5 to {most} (cards left behind the cut card in a shoe of {decks} decks)"
                )));
            }
            let (rules, name) = match rules.as_deref() {
                Some(name) => {
                    let set = load_rule_set(name)?;
                    (set.rules, set.name)
                }
                None => (Rules::reference(), "reference".to_string()),
            };
            let setup = punto_banco::depletion::SimulationSetup {
                shoes,
                seed,
                n_decks: decks,
                cut: cut as usize,
                rules: name,
            };
            // A progress line on long runs, only where a person is watching.
            let watching = std::io::IsTerminal::is_terminal(&std::io::stderr()) && shoes >= 200;
            let progress = |done: u64| {
                if watching {
                    let mut stderr = std::io::stderr().lock();
                    let _ = write!(stderr, "\r{done}/{shoes} shoes");
                    if done == shoes {
                        let _ = writeln!(stderr);
                    }
                }
            };
            let sim = punto_banco::depletion::try_simulate(&setup, &rules, &progress)?;
            put(
                out,
                &punto_banco::render::depletion::render_simulation(
                    &sim,
                    &setup,
                    output.lang(),
                    output.format(),
                ),
            )
        }
        Command::Session {
            script,
            seed,
            decks,
            deals,
            stake,
            output,
        } => match script {
            Some(path) => {
                let text = read_input(&path)?;
                let session = punto_banco::session::play_script(&text, Rules::reference())
                    .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
                put(
                    out,
                    &render_session(&session, output.lang(), output.format()),
                )
            }
            None if output.format() != Format::Text => Err(Failure::Input(
                "--format markdown or json is for a scripted session (--script FILE): the session at the terminal is a dialogue in text".into(),
            )),
            None => interactive_session(seed, decks, deals as u32, stake, output.lang(), out),
        },
        Command::SessionOdds {
            deals,
            stake,
            decks,
            output,
        } => {
            let odds = punto_banco::session_odds::SessionOdds::new(
                &Shoe::decks(decks)?,
                &Rules::reference(),
                deals as u32,
                stake,
            )?;
            put(
                out,
                &punto_banco::render::session::render_odds(&odds, output.lang(), output.format()),
            )
        }
        Command::Docs { dir, write } => put(out, &regenerate_docs(&dir, write)?),
    }
}

/// Splices the generated blocks of every Markdown file under `dir`; writes or reports the drift.
///
/// The console examples run from the folder above `dir` (the repository root, for the
/// repository's `docs/`), wherever the command is started, as the docs' paths are written.
fn regenerate_docs(given: &Path, write: bool) -> Result<String, Failure> {
    let cannot_read =
        |e: std::io::Error| Failure::Input(format!("cannot read {}: {e}", given.display()));
    let dir = given.canonicalize().map_err(cannot_read)?;
    let root = dir.parent().unwrap_or(&dir).to_path_buf();
    std::env::set_current_dir(&root).map_err(cannot_read)?;
    let shown = |path: &Path| {
        path.strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string()
    };
    let mut files = Vec::new();
    collect_markdown(&dir, &mut files).map_err(cannot_read)?;
    files.sort();
    let mut stale = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("cannot read {}: {e}", shown(path))))?;
        let spliced =
            docs::splice(&text).map_err(|e| Failure::Input(format!("{}: {e}", shown(path))))?;
        let spliced = refresh_console_examples(&spliced, &shown(path))?;
        if spliced != text {
            stale.push(shown(path));
            if write {
                write_atomically(path, spliced.as_bytes())?;
            }
        }
    }
    for (relative, contents) in docs::generated_files() {
        let path = dir.join(relative);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(contents.as_str()) {
            stale.push(shown(&path));
            if write {
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| {
                        Failure::Input(format!("cannot write {}: {e}", shown(parent)))
                    })?;
                }
                write_atomically(&path, contents.as_bytes())?;
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
/// the fresh output in its place (what a terminal shows: the output, or `error: …`). An
/// example that showed output and now fails with an error is refused, not written into the
/// page: it is a broken example (or a run from the wrong folder), never a new output.
fn refresh_console_examples(text: &str, page: &str) -> Result<String, Failure> {
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
        let mut before = String::new();
        while let Some(old) = lines.next_if(is_output) {
            before.push_str(old);
        }
        let argv: Vec<String> = std::iter::once("punto-banco")
            .chain(args.split_whitespace())
            .map(str::to_string)
            .collect();
        let mut output = Vec::new();
        let shown = match Cli::try_parse_from(&argv).map(|cli| run(cli, &mut output)) {
            Ok(result) => {
                let mut shown = String::from_utf8_lossy(&output).into_owned();
                match result {
                    Ok(()) | Err(Failure::Closed) => {}
                    Err(Failure::Input(message)) => shown.push_str(&format!("error: {message}\n")),
                    Err(Failure::Check(message)) => {
                        shown.push_str(&format!("check failed: {message}\n"))
                    }
                    Err(Failure::Write(error)) => {
                        shown.push_str(&format!("error: cannot write the output: {error}\n"))
                    }
                }
                shown
            }
            Err(clap_error) => format!("error: {}\n", argument_message(&clap_error, &argv)),
        };
        let error = |text: &str| text.lines().any(|l| l.starts_with("error: "));
        if error(&shown) && !error(&before) {
            let first = shown
                .lines()
                .find(|l| l.starts_with("error: "))
                .unwrap_or_default();
            return Err(Failure::Input(format!(
                "{page}: the example `punto-banco {args}` now fails ({first}); examples run from the folder above the docs"
            )));
        }
        out.push_str(&shown);
    }
    Ok(out)
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

/// Replaces `path` whole with `contents`: written to a uniquely named temporary created in
/// the target's folder, then renamed over it, so that a failure never leaves a half-written
/// file and the temporary is removed on every error path. A target that exists must be a
/// regular file (never a folder, a link, a pipe or a device); it keeps its permissions.
fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), Failure> {
    let failed =
        |e: std::io::Error| Failure::Input(format!("cannot write {}: {e}", path.display()));
    let permissions = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Some(meta.permissions()),
        Ok(_) => {
            return Err(Failure::Input(format!(
                "cannot write {}: it exists and is not a regular file (a folder, a link, a pipe or a device)",
                path.display()
            )));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(failed(e)),
    };
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".punto-banco-").suffix(".tmp");
    #[cfg(unix)]
    {
        // A new file gets the usual mode (what the umask leaves of rw-rw-rw-), not 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // The temporary's own name is no help to the user: the error names the target.
    if !folder.is_dir() {
        return Err(Failure::Input(format!(
            "cannot write {}: the folder {} does not exist",
            path.display(),
            folder.display()
        )));
    }
    let mut temporary = builder.tempfile_in(folder).map_err(|e| {
        failed(e.raw_os_error().map_or_else(
            || std::io::Error::from(e.kind()),
            std::io::Error::from_raw_os_error,
        ))
    })?;
    temporary.write_all(contents).map_err(failed)?;
    temporary.as_file().sync_all().map_err(failed)?;
    if let Some(permissions) = permissions {
        temporary
            .as_file()
            .set_permissions(permissions)
            .map_err(failed)?;
    }
    temporary.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

/// Writes a line to standard error; a standard error that cannot be written is no panic.
fn say_error(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// An argument error as one short line in the tool's own words, with where to find help.
fn argument_message(error: &clap::Error, args: &[String]) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let rendered = error.render().to_string();
    // The sub-command named on the command line, for the help to point at.
    let command = args
        .iter()
        .skip(1)
        .find(|arg| {
            <Cli as clap::CommandFactory>::command()
                .get_subcommands()
                .any(|sub| sub.get_name() == arg.as_str())
        })
        .map_or_else(
            || "punto-banco".to_string(),
            |sub| format!("punto-banco {sub}"),
        );
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => Some(texts.join(", ")),
        _ => None,
    };
    let flag = context(ContextKind::InvalidArg).map(|arg| {
        arg.split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string()
    });
    let value = context(ContextKind::InvalidValue);
    let message = match (error.kind(), flag, value) {
        (ErrorKind::ValueValidation, Some(flag), Some(value)) => {
            let reason = std::error::Error::source(error)
                .map_or_else(|| "not accepted".to_string(), |e| e.to_string());
            format!("{flag} is `{value}`: {reason}")
        }
        (ErrorKind::InvalidValue, Some(flag), Some(value)) => {
            match context(ContextKind::ValidValue).filter(|valid| !valid.is_empty()) {
                Some(valid) if !value.is_empty() => {
                    format!("{flag} is `{value}`: expected one of {valid}")
                }
                _ => format!("{flag} needs a value"),
            }
        }
        (ErrorKind::MissingRequiredArgument, _, _) => {
            let missing = context(ContextKind::InvalidArg).unwrap_or_default();
            format!("missing {missing}")
        }
        _ => {
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    };
    format!("{message} (see `{command} --help`)")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => {
            use clap::error::ErrorKind;
            return match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let mut stdout = std::io::stdout().lock();
                    let text = error.render().to_string();
                    match stdout
                        .write_all(text.as_bytes())
                        .and_then(|()| stdout.flush())
                    {
                        Ok(()) => ExitCode::SUCCESS,
                        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                        Err(e) => {
                            say_error(&format!("error: cannot write the output: {e}"));
                            ExitCode::from(2)
                        }
                    }
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    say_error(error.render().to_string().trim_end());
                    ExitCode::from(2)
                }
                _ => {
                    say_error(&format!("error: {}", argument_message(&error, &args)));
                    ExitCode::from(2)
                }
            };
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run(cli, &mut out);
    // What was written is flushed before any message, whatever the outcome.
    let flushed = out.flush().map_err(Failure::write);
    // A report that could not be written outweighs the verdict it carried.
    let result = match (result, flushed) {
        (Ok(()) | Err(Failure::Check(_)), Err(failure)) => Err(failure),
        (result, _) => result,
    };
    match result {
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            say_error(&format!("error: {message}"));
            ExitCode::from(2)
        }
        Err(Failure::Check(message)) => {
            say_error(&format!("check failed: {message}"));
            ExitCode::from(1)
        }
        Err(Failure::Write(error)) => {
            say_error(&format!("error: cannot write the output: {error}"));
            ExitCode::from(2)
        }
    }
}
