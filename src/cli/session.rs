//! `punto-banco session`: the ten-deal teaching session, at the terminal or from a script.

use super::args::{OutputArgs, decks_at, stake, whole};
use super::failure::Failure;
use super::input::{next_line, read_input};
use super::output::put;
use super::table::table_or_reference;
use clap::Args;
use punto_banco::lang::Lang;
use punto_banco::render::Format;
use punto_banco::render::session::{
    answer_error_text, finished_text, input_ended_text, opening_text, prompt_text, session_text,
    step_text,
};
use punto_banco::rules::Rules;
use punto_banco::rules::dealing::Procedure;
use punto_banco::session::Conversation;
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
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
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
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Plays the script, or the session at the terminal, writing it to `out`.
pub fn run(args: SessionCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let table = table_or_reference(args.rules.as_deref())?;
    let (lang, format) = (args.output.lang(), args.output.format());
    match args.script {
        Some(path) => {
            let text = read_input(&path)?;
            let session =
                punto_banco::session::play_script_dealing(&text, table.rules, table.dealing)
                .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
            put(out, &session_text(&session, lang, format))
        }
        None if format != Format::Text => Err(Failure::Input(
            "--format markdown or json is for a scripted session (--script FILE): the session at the terminal is a dialogue in text".into(),
        )),
        None => {
            // The session deals whole decks: a rule file's other shoe needs --decks.
            let decks = decks_at(args.decks, &table)?
                .as_whole_decks()
                .ok_or_else(|| {
                    Failure::Input(format!(
                        "--rules {}: the session deals whole decks and this rule file's shoe is not whole decks; give --decks",
                        args.rules.as_deref().unwrap_or_default()
                    ))
                })?;
            interactive_session(table.rules, table.dealing, args.seed, decks, args.deals as u32, args.stake, lang, out)
        }
    }
}

/// The session at the terminal: the library's conversation asks, the terminal shows each
/// prompt and reads each answer, and what came of it is shown. Refused answers are explained
/// and asked again; the end of input stops the session with the standings so far.
#[allow(clippy::too_many_arguments)]
fn interactive_session(
    rules: Rules,
    dealing: Procedure,
    seed: Option<u64>,
    decks: u64,
    deals: u32,
    stake: i64,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut talk = Conversation::new(rules, decks, deals, stake, seed)
        .map_err(|e| Failure::Input(format!("--{e}")))?
        .with_dealing(dealing);
    let mut term = Terminal {
        out,
        input: std::io::stdin().lock(),
        line: Vec::new(),
        lines: 0,
    };
    term.say(&opening_text(&talk, lang))?;
    while let Some(prompt) = talk.prompt() {
        term.say(&prompt_text(&prompt, lang))?;
        if !next_line(
            &mut term.input,
            &mut term.line,
            "standard input",
            term.lines + 1,
        )? {
            return term.say(&input_ended_text(talk.session(), lang));
        }
        term.lines += 1;
        let said = match talk.answer_line(&term.line) {
            Ok(step) => step_text(&step, talk.session(), lang),
            Err(error) => answer_error_text(&error, lang),
        };
        term.say(&said)?;
    }
    term.say(&finished_text(talk.session(), lang))
}

/// The terminal of the interactive session: prompts out, answers in.
struct Terminal<'a> {
    out: &'a mut dyn Write,
    input: std::io::StdinLock<'static>,
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
}
