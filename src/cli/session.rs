//! `punto-banco session`: the ten-deal teaching session, at the terminal or from a script.

use super::args::{OutputArgs, stake, whole};
use super::failure::Failure;
use super::input::{next_line, read_input, without_bom};
use super::output::put;
use super::table::load_rule_set;
use clap::Args;
use punto_banco::lang::Lang;
use punto_banco::render::Format;
use punto_banco::rules::Rules;
use std::io::Write;

/// Decks and deals that the interactive session accepts.
const SESSION_LIMIT: u64 = punto_banco::session::MAX_DECKS;

/// The flags of `session`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco session -l fr                    # the ten-deal session, at the terminal
  punto-banco session --seed 7 --deals 3       # three deals, the same cards every time
  punto-banco session --script docs/examples/session/classroom.json   # from a script
  punto-banco session --script docs/examples/session/two-deals.json -r ez-baccarat -f json")]
pub struct SessionCommand {
    /// Play this script (JSON: participants, predictions per deal, optional cards) instead
    /// of asking at the terminal; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    script: Option<String>,
    /// The seed of the shuffles: the same seed deals the same cards (a script gives its own).
    #[arg(long, value_name = "N", conflicts_with = "script", allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: Option<u64>,
    /// Decks in the shoe, 1 to 1000 (a script gives its own) [default: 8, or the rule file's
    /// shoe].
    #[arg(short, long, value_name = "N", conflicts_with = "script", allow_negative_numbers = true, value_parser = whole(1, SESSION_LIMIT))]
    decks: Option<u64>,
    /// Deals in the session, 1 to 1000 (a script gives its own).
    #[arg(long, value_name = "N", default_value_t = u64::from(punto_banco::session::DEALS), conflicts_with = "script", allow_negative_numbers = true, value_parser = whole(1, SESSION_LIMIT))]
    deals: u64,
    /// The notional stake of every prediction, 1 to 1000000000 (a script gives its own).
    #[arg(long, value_name = "N", default_value_t = punto_banco::session::STAKE, conflicts_with = "script", allow_negative_numbers = true, value_parser = stake)]
    stake: i64,
    /// The rule set whose drawing rules deal the cards and whose tariff settles the
    /// predictions (a file or a shipped variant's name) [default: reference].
    #[arg(short, long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Plays the script, or the session at the terminal, writing it to `out`.
pub fn run(args: SessionCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let (rules, shoe) = match args.rules.as_deref() {
        Some(name) => {
            let set = load_rule_set(name)?;
            (set.rules, set.shoe)
        }
        None => (Rules::reference(), None),
    };
    let (lang, format) = (args.output.lang(), args.output.format());
    match args.script {
        Some(path) => {
            let text = read_input(&path)?;
            let session = punto_banco::session::play_script(&text, rules)
                .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
            put(out, &render_session(&session, lang, format))
        }
        None if format != Format::Text => Err(Failure::Input(
            "--format markdown or json is for a scripted session (--script FILE): the session at the terminal is a dialogue in text".into(),
        )),
        None => {
            let decks = session_decks(args.decks, shoe, args.rules.as_deref())?;
            interactive_session(rules, args.seed, decks, args.deals as u32, args.stake, lang, out)
        }
    }
}

/// The decks of the session at the terminal: `--decks`, else the rule file's shoe (which
/// must be whole decks), else eight.
fn session_decks(
    decks: Option<u64>,
    shoe: Option<punto_banco::shoe::Shoe>,
    rules: Option<&str>,
) -> Result<u64, Failure> {
    match (decks, shoe) {
        (Some(n_decks), _) => Ok(n_decks),
        (None, None) => Ok(punto_banco::shoe::REFERENCE_DECKS),
        (None, Some(shoe)) => shoe.as_whole_decks().ok_or_else(|| {
            Failure::Input(format!(
                "--rules {}: the session deals whole decks and this rule file's shoe is not whole decks; give --decks",
                rules.unwrap_or_default()
            ))
        }),
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
    rules: Rules,
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
    let mut session = Session::try_new(rules, decks, deals, stake)
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
