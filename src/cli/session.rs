//! `punto-banco session`: the ten-deal teaching session, at the terminal or from a script.

use super::args::{OutputArgs, decks_at, stake, whole};
use super::failure::Failure;
use super::input::{next_line, read_input};
use super::output::put;
use super::table::table_or_reference;
use clap::Args;
use punto_banco::lang::Lang;
use punto_banco::render::Format;
use punto_banco::render::prose::{column_after, wrap_at};
use punto_banco::render::session::{
    answer_error_text, finished_text, input_ended_text, opening_text, prompt_text, render_session,
    step_text,
};
use punto_banco::session::Conversation;
use std::io::{IsTerminal, Write};

/// Decks and deals that the interactive session accepts.
const SESSION_LIMIT: u64 = punto_banco::session::MAX_DECKS;

/// The flags of `session`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco session -l fr                    # the ten-deal session, at the terminal
  punto-banco session --seed 7 --deals 3       # three deals, the same cards every time
  punto-banco session --step --width 60        # at the table's pace, for a projector
  punto-banco session --script docs/examples/session/classroom.json   # from a script
  punto-banco session --script docs/examples/session/two-deals.json -r ez-baccarat -f json

The text is wrapped between words to --width N columns; without it, at a terminal, to the
width in COLUMNS, else 80; into a pipe or a file, not at all.")]
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
    /// At the table's pace: wait for Enter after the four opening cards and after each third
    /// card, so that the group can work out the next step of the rules before it is shown.
    #[arg(long, conflicts_with = "script")]
    step: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// Plays the script, or the session at the terminal, writing it to `out`.
pub fn run(args: SessionCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let table = table_or_reference(args.rules.as_deref())?;
    let (lang, format) = (args.output.lang(), args.output.format());
    // Prose is wrapped at word boundaries to `--width`, else the terminal's width.
    let layout = Layout {
        width: args.output.width(),
    };
    match args.script {
        Some(path) => {
            let text = read_input(&path)?;
            let session =
                punto_banco::session::play_script_dealing(&text, table.rules, table.dealing)
                .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
            put(out, &render_session(&session, &args.output.page()))
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
            let mut talk = Conversation::new(table.rules, decks, args.deals as u32, args.stake, seed(args.seed))
                .map_err(|e| Failure::Input(format!("--{e}")))?
                .with_dealing(table.dealing);
            if args.step {
                talk = talk.step_by_step();
            }
            interactive_session(talk, lang, layout, out)
        }
    }
}

/// The seed given, or one from the clock.
fn seed(given: Option<u64>) -> u64 {
    given.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}

/// How the session's prose is laid out: wrapped to a width, or as it is.
#[derive(Clone, Copy)]
struct Layout {
    width: Option<usize>,
}

impl Layout {
    /// Text laid out from `column` of a line already begun.
    fn lay_out_at(&self, text: &str, column: usize) -> String {
        match self.width {
            Some(width) => wrap_at(text, width, column),
            None => text.to_string(),
        }
    }
}

/// The session at the terminal: the library's conversation asks, the terminal shows each
/// prompt and reads each answer, and what came of it is shown. Refused answers are explained
/// and asked again. The end of the input is an answer once: at a pause it lets the deal
/// already played be told to its end (no line is read again), elsewhere it stops the session
/// with the standings so far.
fn interactive_session(
    mut talk: Conversation,
    lang: Lang,
    layout: Layout,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let mut term = Terminal {
        out,
        layout,
        input: std::io::stdin().lock(),
        echoed: std::io::stdin().is_terminal(),
        column: 0,
        line: Vec::new(),
        lines: 0,
        ended: false,
    };
    term.say(&opening_text(&talk, lang))?;
    while let Some(prompt) = talk.prompt() {
        term.say(&prompt_text(&prompt, lang))?;
        if !term.read()? {
            match talk.end_of_input() {
                Some(step) => {
                    term.say(&format!("\n{}", step_text(&step, talk.session(), lang)))?;
                    continue;
                }
                None => return term.say(&input_ended_text(talk.session(), lang)),
            }
        }
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
    layout: Layout,
    input: std::io::StdinLock<'static>,
    /// Whether standard input is a terminal, which echoes an answer and its line end: the
    /// next text then starts a line; piped answers are not shown, and it goes on the line of
    /// the prompt.
    echoed: bool,
    /// The column the output stands at, for the layout of what follows.
    column: usize,
    line: Vec<u8>,
    /// Lines read so far, to name the one refused.
    lines: usize,
    /// Whether the input has ended: it is never read again.
    ended: bool,
}

impl Terminal<'_> {
    /// Shows text at once, laid out from where the output stands.
    fn say(&mut self, text: &str) -> Result<(), Failure> {
        let text = self.layout.lay_out_at(text, self.column);
        self.column = column_after(&text, self.column);
        put(self.out, &text)?;
        self.out.flush().map_err(Failure::write)
    }

    /// Reads the next answer into the line; `false` once the input has ended.
    fn read(&mut self) -> Result<bool, Failure> {
        if self.ended {
            return Ok(false);
        }
        let read = next_line(
            &mut self.input,
            &mut self.line,
            "standard input",
            self.lines + 1,
        )?;
        self.lines += usize::from(read);
        self.ended = !read;
        if read && self.echoed {
            self.column = 0;
        }
        Ok(read)
    }
}
