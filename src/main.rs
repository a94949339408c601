//! The `punto-banco` command: parses flags, calls the library, prints, and picks the exit code.

use clap::{Args, Parser, Subcommand, ValueEnum};
use punto_banco::analysis::Analysis;
use punto_banco::card::parse_cards;
use punto_banco::check::{check, read_claimed};
use punto_banco::coup::deal;
use punto_banco::docs;
use punto_banco::lang::Lang;
use punto_banco::oracle::verify::Verifier;
use punto_banco::oracle::{fit, vectors};
use punto_banco::render::check::render_report;
use punto_banco::render::oracle::{
    discrepancy_line, fits_pass, render_fit, render_plan, summary_text, verify_json,
};
use punto_banco::render::{
    Format, analysis::render_analysis, coup::render_coup, tableau::render_rules,
};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::variants::{self, RuleSet};
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
        #[arg(long, default_value_t = 0.01)]
        alpha: f64,
        /// A wrong rule set (as `check` reads it): how many coups reveal an engine dealing by it.
        #[arg(long, conflicts_with = "file")]
        plan: Option<String>,
        /// The probability of detecting the error, for --plan.
        #[arg(long, default_value_t = 0.9)]
        power: f64,
        /// How many cells to show per grouping, most deviant first.
        #[arg(long, default_value_t = 5)]
        shown: usize,
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
        /// How many shoes to deal.
        #[arg(long, default_value_t = 1000)]
        shoes: u64,
        /// The seed of the shuffles: the same seed deals the same shoes.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Decks per shoe (at most 30, so that every weight fits in 64 bits).
        #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS)]
        decks: u64,
        /// Cards left behind the cut card: the shoe ends when no more than this many remain.
        #[arg(long, default_value_t = 14)]
        cut: usize,
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
        #[arg(long, conflicts_with = "script")]
        seed: Option<u64>,
        /// Decks in the shoe (a script gives its own).
        #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS, conflicts_with = "script")]
        decks: u64,
        /// Deals in the session (a script gives its own).
        #[arg(long, default_value_t = punto_banco::session::DEALS, conflicts_with = "script")]
        deals: u32,
        /// The notional stake of every prediction (a script gives its own).
        #[arg(long, default_value_t = punto_banco::session::STAKE, allow_hyphen_values = true, conflicts_with = "script")]
        stake: i64,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Exact odds of the home session: each fixed strategy's final-score distribution, its
    /// expected value, its chance to finish at or above zero, and head-to-head chances.
    SessionOdds {
        /// Deals in the session.
        #[arg(long, default_value_t = punto_banco::session::DEALS)]
        deals: u32,
        /// The notional stake of every prediction.
        #[arg(long, default_value_t = punto_banco::session::STAKE, allow_hyphen_values = true)]
        stake: i64,
        /// Decks in the shoe.
        #[arg(long, default_value_t = punto_banco::shoe::REFERENCE_DECKS)]
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
    /// Number of 52-card decks [default: 8, or the rule file's shoe].
    #[arg(long, conflicts_with = "ranks")]
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

/// Why the command failed, which picks the exit code.
enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    /// A check found a discrepancy: exit code 1.
    Check(String),
    /// A check found a discrepancy after producing its report: print it, then exit 1.
    CheckWithOutput(String, String),
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

/// The shoe the flags describe, starting from `fallback` when they name no decks or ranks.
fn build_shoe(args: &ShoeArgs, fallback: Option<Shoe>) -> Result<Shoe, Failure> {
    let removed = match &args.remove {
        Some(text) => parse_cards(text)?,
        None => Vec::new(),
    };
    let mut shoe = match (&args.ranks, args.decks, fallback) {
        (Some(text), _, _) => Shoe::parse_counts(text)?,
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
            .or_insert_with(|| match load_rule_set(name) {
                Ok(set) => Ok((set.rules, set.name, set.shoe)),
                Err(Failure::Input(message) | Failure::Check(message)) => Err(message),
                Err(Failure::CheckWithOutput(_, message)) => Err(message),
            })
            .clone()
    }
}

/// Streams a batch: chunks of lines analysed on every core, printed in order as they finish.
fn analyse_batch(
    path: &str,
    default: &punto_banco::batch::DefaultRules,
) -> Result<String, Failure> {
    use std::io::{BufRead, Write};
    const CHUNK: usize = 4096;
    let reader: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
        Box::new(std::io::BufReader::new(file))
    };
    let resolver = CachedRules(Default::default());
    let mut stdout = std::io::stdout().lock();
    let mut chunk: Vec<(usize, String)> = Vec::with_capacity(CHUNK);
    let mut reader = reader;
    let mut number = 0;
    let mut bytes = Vec::new();
    let mut ended = false;
    while !ended {
        chunk.clear();
        while chunk.len() < CHUNK {
            bytes.clear();
            let read = reader
                .read_until(b'\n', &mut bytes)
                .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
            if read == 0 {
                ended = true;
                break;
            }
            number += 1;
            // A line that is not UTF-8 becomes an error line of its own, not the end of the batch.
            chunk.push((number, String::from_utf8_lossy(&bytes).into_owned()));
        }
        for document in punto_banco::batch::analyse_chunk(&chunk, default, &resolver) {
            if document.is_empty() {
                continue;
            }
            if writeln!(stdout, "{document}").is_err() {
                return Ok(String::new()); // The reader stopped early.
            }
        }
    }
    Ok(String::new())
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
) -> Result<String, Failure> {
    use punto_banco::session::{
        MAX_PARTICIPANTS, MIN_PARTICIPANTS, Session, deal_text, parse_prediction,
        prediction_choices, standings_text, winners_text,
    };
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut ask = |prompt: &str| -> Option<String> {
        print_output(prompt);
        lines.next().and_then(Result::ok)
    };
    let say = |text: &str| print_output(text);
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut session = Session::new(Rules::reference(), decks, deals, stake);
    say(&match lang {
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
    });
    let stopped = |session: &Session| -> Result<String, Failure> {
        let mut out = lang
            .pick(
                "\nInput ended: the session stops here.\n",
                "\nFin de l’entrée : la séance s’arrête ici.\n",
            )
            .to_string();
        if !session.participants.is_empty() {
            out.push_str(&standings_text(session, lang));
        }
        Ok(out)
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
        let Some(name) = ask(&prompt) else {
            return stopped(&session);
        };
        if name.trim().is_empty() && n >= MIN_PARTICIPANTS {
            break;
        }
        if let Err(e) = session.join(&name, false) {
            say(&format!("  {}\n", e.text(lang)));
        }
        if session.participants.len() == MAX_PARTICIPANTS {
            break;
        }
    }
    // The dealer's name must differ from every participant's, so that scores stay apart.
    let dealer = loop {
        let Some(name) = ask(lang.pick("Name of the dealer: ", "Nom du donneur : ")) else {
            return stopped(&session);
        };
        let name = name.trim().to_string();
        if name.is_empty() {
            say(&format!(
                "  {}\n",
                punto_banco::session::JoinError::Empty.text(lang)
            ));
        } else if session
            .participants
            .iter()
            .any(|p| p.name.to_lowercase() == name.to_lowercase())
        {
            say(&format!(
                "  {}\n",
                punto_banco::session::JoinError::Taken(name).text(lang)
            ));
        } else {
            break name;
        }
    };
    loop {
        let prompt = match lang {
            Lang::En => format!("Does {dealer} predict too? (y/n): "),
            Lang::Fr => format!("{dealer} fait aussi une prédiction ? (o/n) : "),
        };
        let Some(answer) = ask(&prompt) else {
            return stopped(&session);
        };
        match answer.trim().to_lowercase().as_str() {
            "y" | "yes" | "o" | "oui" => {
                if session.participants.len() >= MAX_PARTICIPANTS {
                    say(&format!(
                        "  {}\n",
                        punto_banco::session::JoinError::Full.text(lang)
                    ));
                } else if let Err(e) = session.join(&dealer, true) {
                    say(&format!("  {}\n", e.text(lang)));
                    continue;
                }
                break;
            }
            "n" | "no" | "non" => break,
            _ => say(lang.pick("  Answer y or n.\n", "  Répondez o ou n.\n")),
        }
    }
    let mut rng = punto_banco::dealer::Dealer::rng(seed);
    while !session.finished() {
        say(&match lang {
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
        });
        let mut predictions = Vec::new();
        for participant in session.participants.clone() {
            loop {
                let Some(answer) = ask(&format!("  {}{} ", participant.name, lang.pick(":", " :")))
                else {
                    return stopped(&session);
                };
                match parse_prediction(&answer) {
                    Some(bet) => {
                        predictions.push(bet);
                        break;
                    }
                    None => say(&match lang {
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
                    }),
                }
            }
        }
        let deal = session.play_shuffled(&mut rng, &predictions).clone();
        say("\n");
        say(&deal_text(&session, &deal, true, lang));
        say(&standings_text(&session, lang));
    }
    say("\n");
    Ok(winners_text(&session, lang))
}

/// Verifies a log line by line, streaming; the verdict picks the exit code.
fn verify_log(path: &str, rules: &Rules, lang: Lang, format: Format) -> Result<String, Failure> {
    use std::io::BufRead;
    let reader: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
        Box::new(std::io::BufReader::with_capacity(1 << 16, file))
    };
    let mut verifier = Verifier::new(rules);
    let mut discrepancies = Vec::new();
    let mut buffer = Vec::with_capacity(256);
    let mut reader = reader;
    let mut number = 0;
    loop {
        buffer.clear();
        let read = reader
            .read_until(b'\n', &mut buffer)
            .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
        if read == 0 {
            break;
        }
        number += 1;
        let line = String::from_utf8_lossy(&buffer);
        if let Some(d) = verifier.line(number, &line) {
            discrepancies.push(d);
        }
    }
    let summary = verifier.summary().clone();
    let rendered = match format {
        Format::Json => format!("{:#}\n", verify_json(&discrepancies, &summary, rules)),
        _ => {
            let mut out = String::new();
            for d in &discrepancies {
                out.push_str(&discrepancy_line(d, rules, lang));
                out.push('\n');
            }
            if !discrepancies.is_empty() {
                out.push('\n');
            }
            out.push_str(&summary_text(&summary, lang));
            out
        }
    };
    if summary.all_agree() {
        Ok(rendered)
    } else if summary.coups == 0 && summary.malformed == 0 {
        Err(Failure::CheckWithOutput(
            rendered,
            format!("{path}: no coup to verify"),
        ))
    } else {
        Err(Failure::CheckWithOutput(
            rendered,
            format!("{path}: the log disagrees with the rules"),
        ))
    }
}

/// Writes the conformance vectors and reports their count and SHA-256 on standard error.
fn write_vectors(
    shoe: &Shoe,
    rules: &Rules,
    format: VectorFormat,
    out: Option<&Path>,
) -> Result<String, Failure> {
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
    if let Some(path) = out {
        write_atomically(path, &text)
            .map_err(|e| Failure::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    eprintln!("{} vectors, sha256 {hex}", all.len());
    Ok(if out.is_some() { String::new() } else { text })
}

/// Reads a file, or standard input for `-`.
fn read_input(path: &str) -> Result<String, Failure> {
    let mut text = String::new();
    let result = if path == "-" {
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    result.map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    Ok(text)
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

fn check_stake(stake: i64) -> Result<i64, Failure> {
    const MAX_STAKE: i64 = 1_000_000_000;
    if !(1..=MAX_STAKE).contains(&stake) {
        return Err(Failure::Input(format!(
            "--stake is {stake}: expected a whole number from 1 to {MAX_STAKE}"
        )));
    }
    Ok(stake)
}

fn run(cli: Cli) -> Result<String, Failure> {
    match cli.command {
        Command::Analyze {
            shoe: _,
            rules,
            batch: Some(path),
            ..
        } => {
            let default = match rules.as_deref() {
                Some(name) => {
                    let set = load_rule_set(name)?;
                    (set.rules, set.name, set.shoe)
                }
                None => (Rules::reference(), "reference".to_string(), None),
            };
            analyse_batch(&path, &default)
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
            Ok(render_analysis(
                &analysis,
                name,
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
        Command::Check { file, output } => {
            let text = rule_text(&file)?;
            let claimed =
                read_claimed(&text).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let report = check(claimed)?;
            let rendered = render_report(&report, &file, output.lang(), output.format());
            if report.claims_hold() {
                Ok(rendered)
            } else {
                Err(Failure::CheckWithOutput(
                    rendered,
                    format!("{file}: a stated figure does not hold"),
                ))
            }
        }
        Command::Verify {
            file,
            rules,
            output,
        } => {
            let rules = rules_or_reference(rules.as_deref())?;
            verify_log(&file, &rules, output.lang(), output.format())
        }
        Command::Vectors {
            shoe,
            rules,
            format,
            out,
        } => {
            let set = rules.as_deref().map(load_rule_set).transpose()?;
            let shoe = build_shoe(&shoe, set.as_ref().and_then(|s| s.shoe.clone()))?;
            shoe.check_playable()?;
            let rules = set.map_or_else(Rules::reference, |s| s.rules);
            write_vectors(&shoe, &rules, format, out.as_deref())
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
            for (flag, value) in [("--alpha", alpha), ("--power", power)] {
                if !(value > 0.0 && value < 1.0) {
                    return Err(Failure::Input(format!(
                        "{flag} is {value}: expected a number strictly between 0 and 1"
                    )));
                }
            }
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
                return Ok(render_plan(
                    &plans,
                    reach,
                    alpha,
                    power,
                    output.lang(),
                    output.format(),
                ));
            }
            let file = file.expect("clap requires FILE unless --plan");
            let text = read_input(&file)?;
            let observed = fit::Observed::read(&text, &rules.drawing)
                .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
            let fits = fit::fit(&shoe, &rules.drawing, &observed)?;
            let rendered = render_fit(&fits, alpha, shown, output.lang(), output.format());
            if fits_pass(&fits, alpha) {
                Ok(rendered)
            } else {
                Err(Failure::CheckWithOutput(
                    rendered,
                    format!("{file}: the observed counts do not fit the rules"),
                ))
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
            Ok(punto_banco::render::depletion::render_eor(
                &eor,
                &shoe,
                &name,
                output.lang(),
                output.format(),
            ))
        }
        Command::ShoeSim {
            shoes,
            seed,
            decks,
            cut,
            rules,
            output,
        } => {
            if !(1..=30).contains(&decks) {
                return Err(Failure::Input(format!(
                    "--decks is {decks}: expected 1 to 30"
                )));
            }
            if shoes == 0 {
                return Err(Failure::Input(
                    "--shoes is 0: expected at least one shoe".into(),
                ));
            }
            let most = 52 * decks as usize - 6;
            if !(5..=most).contains(&cut) {
                return Err(Failure::Input(format!(
                    "--cut is {cut}: expected 5 to {most} cards left behind the cut card"
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
                cut,
                rules: name,
            };
            // A progress line on long runs, only where a person is watching.
            let watching = std::io::IsTerminal::is_terminal(&std::io::stderr()) && shoes >= 200;
            let progress = |done: u64| {
                if watching {
                    eprint!("\r{done}/{shoes} shoes");
                    if done == shoes {
                        eprintln!();
                    }
                }
            };
            let sim = punto_banco::depletion::simulate(&setup, &rules, &progress);
            Ok(punto_banco::render::depletion::render_simulation(
                &sim,
                &setup,
                output.lang(),
                output.format(),
            ))
        }
        Command::Session {
            script,
            seed,
            decks,
            deals,
            stake,
            output,
        } => {
            let stake = check_stake(stake)?;
            match script {
                Some(path) => {
                    let text = read_input(&path)?;
                    let session = punto_banco::session::play_script(&text, Rules::reference())
                        .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
                    Ok(render_session(&session, output.lang(), output.format()))
                }
                None => {
                    if !(1..=1_000).contains(&decks) || !(1..=1_000).contains(&deals) {
                        return Err(Failure::Input(format!(
                            "--decks is {decks} and --deals {deals}: each must be 1 to 1000"
                        )));
                    }
                    interactive_session(seed, decks, deals, stake, output.lang())
                }
            }
        }
        Command::SessionOdds {
            deals,
            stake,
            decks,
            output,
        } => {
            let stake = check_stake(stake)?;
            if !(1..=30).contains(&deals) {
                return Err(Failure::Input(format!(
                    "--deals is {deals}: expected 1 to 30 (the exact distributions grow fast)"
                )));
            }
            let odds = punto_banco::session_odds::SessionOdds::new(
                &Shoe::decks(decks)?,
                &Rules::reference(),
                deals,
                stake,
            )?;
            Ok(punto_banco::render::session::render_odds(
                &odds,
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
    for (relative, contents) in docs::generated_files() {
        let path = dir.join(relative);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(contents.as_str()) {
            stale.push(path.display().to_string());
            if write {
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| {
                        Failure::Input(format!("cannot write {}: {e}", parent.display()))
                    })?;
                }
                write_atomically(&path, &contents)
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
            Ok(Err(Failure::CheckWithOutput(output, message))) => {
                format!("{output}check failed: {message}\n")
            }
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
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let temporary = path.with_file_name(name);
    std::fs::write(&temporary, contents)?;
    std::fs::rename(&temporary, path)
}

/// Prints to standard output; a reader that stops early (`| head`) is no error.
fn print_output(output: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush());
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(output) => {
            print_output(&output);
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
        Err(Failure::CheckWithOutput(output, message)) => {
            print_output(&output);
            eprintln!("check failed: {message}");
            ExitCode::from(1)
        }
    }
}
