//! The session's conversation driven in the library with scripted answers: its transcript
//! (every prompt rendered, and what each answer did) is what the binary prints at the
//! terminal for the same answers, and, with the answers echoed, the terminal examples of
//! the docs.

use punto_banco::lang::Lang;
use punto_banco::render::session::{
    answer_error_text, finished_text, input_ended_text, opening_text, prompt_text, step_text,
};
use punto_banco::rules::Rules;
use punto_banco::session::{AnswerError, Conversation, JoinError, Prompt, Step};

/// The settings of a conversation, as the binary's flags give them.
struct Settings {
    lang: Lang,
    seed: u64,
    deals: u32,
}

impl Settings {
    /// The binary's arguments for these settings (eight decks and a stake of 20, the
    /// defaults of both).
    fn args(&self) -> Vec<String> {
        let mut args = vec![
            "session".to_string(),
            "--lang".into(),
            self.lang.to_string(),
        ];
        args.extend(["--seed".into(), self.seed.to_string()]);
        args.extend(["--deals".into(), self.deals.to_string()]);
        args
    }
}

/// Plays the conversation over these lines of input, as a front end does: the opening, then
/// each prompt, the answer read (shown too when `echo`, as a terminal echoes what is typed),
/// and what the answer did; the end of the input stops the session.
fn transcript(settings: &Settings, input: &[u8], echo: bool) -> String {
    let lang = settings.lang;
    let mut talk =
        Conversation::new(Rules::reference(), 8, settings.deals, 20, settings.seed).unwrap();
    let mut out = opening_text(&talk, lang);
    let mut lines = input.split_inclusive(|&b| b == b'\n');
    while let Some(prompt) = talk.prompt() {
        out.push_str(&prompt_text(&prompt, lang));
        let Some(line) = lines.next() else {
            out.push_str(&input_ended_text(talk.session(), lang));
            return out;
        };
        if echo {
            out.push_str(String::from_utf8_lossy(line).trim_end_matches(['\n', '\r']));
            out.push('\n');
        }
        match talk.answer_line(line) {
            Ok(step) => out.push_str(&step_text(&step, talk.session(), lang)),
            Err(refusal) => out.push_str(&answer_error_text(&refusal, lang)),
        }
    }
    out.push_str(&finished_text(talk.session(), lang));
    out
}

/// What the binary prints at the terminal for these answers, piped (so not echoed).
fn binary(settings: &Settings, input: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(settings.args())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The English session of `session::the_terminal_session_in_english`: an empty name too
/// early, a name taken, a yes-or-no that is neither, a prediction that is none, each refused
/// and asked again; two deals told card by card; the winners.
#[test]
fn the_english_conversation_is_what_the_binary_prints() {
    let settings = Settings {
        lang: Lang::En,
        seed: 3,
        deals: 2,
    };
    let answers = b"Alice\n\nBruno\nAlice\n\nDana\nmaybe\ny\nP\nB\nx\nT\nB\nB\nB\n";
    let said = transcript(&settings, answers, false);
    for refusal in [
        "  a name cannot be empty\n",
        "  `Alice` is already taking part\n",
        "  Answer y or n.\n",
        "  `x` is not a prediction: type P, B or T: Punto, Banco or Tie.\n",
    ] {
        assert!(said.contains(refusal), "{refusal:?} not in {said}");
    }
    assert!(said.contains("Standings after 2 of 2 deals"), "{said}");
    assert_eq!(said, binary(&settings, answers));
}

/// The French session of `session::the_terminal_session_in_french_and_the_end_of_input`, a
/// prediction refused and asked again among them, and the same answers cut short: the input
/// ends mid-deal, and the session stops with the standings so far.
#[test]
fn the_french_conversation_and_the_end_of_input_are_what_the_binary_prints() {
    let settings = Settings {
        lang: Lang::Fr,
        seed: 4,
        deals: 1,
    };
    let answers = b"Alice\nBruno\n\nDana\nn\npeut-\xc3\xaatre\nE\nbanco\n";
    let said = transcript(&settings, answers, false);
    assert!(
        said.contains("  «\u{a0}peut-être\u{a0}» n’est pas une prédiction\u{a0}: tapez P, B ou E\u{a0}: Punto, Banco ou Égalité.\n"),
        "{said}"
    );
    assert!(said.contains("Alice (Égalité)"), "{said}");
    assert!(
        said.contains("Le donneur rassemble les 416 cartes et les mélange."),
        "{said}"
    );
    assert_eq!(said, binary(&settings, answers));

    let cut = b"Alice\nBruno\n\nDana\nn\nP\n";
    let stopped = transcript(&settings, cut, false);
    assert!(
        stopped.ends_with(
            "\nFin de l’entrée\u{a0}: la séance s’arrête ici.\nClassement après 0 donne sur 1\n  1. Alice\u{a0}: 0\n  1. Bruno\u{a0}: 0\n"
        ),
        "{stopped}"
    );
    assert_eq!(stopped, binary(&settings, cut));
}

/// A line that is not UTF-8 is refused and asked again in both languages, and a byte-order
/// mark opens the first answer only, as answers saved by an editor may.
#[test]
fn lines_that_are_not_text_are_asked_again() {
    for lang in Lang::ALL {
        let settings = Settings {
            lang,
            seed: 1,
            deals: 1,
        };
        let answers = b"\xef\xbb\xbfAnn\nBo\xff\nBob\n\nDee\nn\nB\nP\n";
        let said = transcript(&settings, answers, false);
        assert!(
            said.contains(lang.pick(
                "  That answer is not UTF-8 text: type it again.\n",
                "  Cette réponse n’est pas du texte UTF-8\u{a0}: tapez-la de nouveau.\n"
            )),
            "{said}"
        );
        assert!(said.contains("Ann"), "{said}");
        assert!(!said.contains('\u{feff}'), "{said}");
        assert_eq!(said, binary(&settings, answers));
    }
}

/// The terminal examples of both pages are the conversation with the committed answers
/// echoed after their prompts.
#[test]
fn the_docs_examples_are_the_conversation_echoed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap();
    for (page, settings, answers) in [
        (
            "docs/en/session.md",
            Settings {
                lang: Lang::En,
                seed: 9,
                deals: 2,
            },
            "docs/examples/session/answers-en.txt",
        ),
        (
            "docs/fr/seance.md",
            Settings {
                lang: Lang::Fr,
                seed: 5,
                deals: 2,
            },
            "docs/examples/session/reponses-fr.txt",
        ),
    ] {
        let text = read(page);
        let start = text.find("```text\n").unwrap() + "```text\n".len();
        let shown = &text[start..start + text[start..].find("```").unwrap()];
        let said = transcript(&settings, read(answers).as_bytes(), true);
        assert_eq!(said, shown, "{page}");
    }
}

/// The prompts and refusals are values a front end can inspect without reading sentences.
#[test]
fn prompts_and_refusals_are_values() {
    let mut talk = Conversation::new(Rules::reference(), 8, 1, 20, 2).unwrap();
    assert_eq!(
        talk.prompt(),
        Some(Prompt::Participant {
            number: 1,
            required: true
        })
    );
    assert_eq!(
        talk.answer("Da\tna"),
        Err(AnswerError::Join(JoinError::Control))
    );
    for name in ["Alice", "Bruno", ""] {
        assert_eq!(talk.answer(name), Ok(Step::Taken));
    }
    talk.answer("Dana").unwrap();
    assert_eq!(
        talk.prompt(),
        Some(Prompt::DealerPredicts {
            dealer: "Dana".into()
        })
    );
    talk.answer("oui").unwrap();
    assert_eq!(
        talk.prompt(),
        Some(Prompt::Prediction {
            deal: 1,
            deals: 1,
            name: "Alice".into(),
            opens_deal: true
        })
    );
    for bet in ["P", "B"] {
        assert_eq!(talk.answer(bet), Ok(Step::Taken));
    }
    assert_eq!(talk.answer("E"), Ok(Step::Dealt));
    let session = talk.into_session();
    assert!(session.finished());
    assert!(session.participants[2].dealer);
}
