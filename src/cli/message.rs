//! Argument errors in the tool's own words: one short line, with the closest flag, subcommand
//! or value when the one given is misspelt, and where to find help.

use super::Cli;
use clap::CommandFactory;
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// An argument error as one short line in the tool's own words, with what clap suggests and
/// where to find help.
pub fn argument_message(error: &clap::Error, args: &[String]) -> String {
    let rendered = error.render().to_string();
    // The sub-command named on the command line (or one of its aliases), for the help to
    // point at.
    let cli = Cli::command();
    let command = args
        .iter()
        .skip(1)
        .find_map(|arg| {
            cli.get_subcommands().find(|sub| {
                sub.get_name() == arg.as_str() || sub.get_all_aliases().any(|alias| alias == arg)
            })
        })
        .map_or_else(
            || "punto-banco".to_string(),
            |sub| format!("punto-banco {}", sub.get_name()),
        );
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => Some(texts.join(", ")),
        _ => None,
    };
    let invalid = context(ContextKind::InvalidArg);
    let flag = invalid.as_ref().map(|arg| {
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
            format!("missing {}", invalid.unwrap_or_default())
        }
        (ErrorKind::UnknownArgument, _, _) if invalid.is_some() => {
            format!("unexpected argument `{}`", invalid.unwrap_or_default())
        }
        (ErrorKind::InvalidSubcommand, _, _)
            if context(ContextKind::InvalidSubcommand).is_some() =>
        {
            format!(
                "unrecognized subcommand `{}`",
                context(ContextKind::InvalidSubcommand).unwrap_or_default()
            )
        }
        _ => {
            // clap's own message, without its tips and usage (after the first blank line).
            let first = rendered.split("\n\n").next().unwrap_or_default().trim();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    };
    let mut suggested: Vec<String> = Vec::new();
    for kind in [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ] {
        let texts = match error.get(kind) {
            Some(ContextValue::String(text)) => vec![text.clone()],
            Some(ContextValue::Strings(texts)) => texts.clone(),
            _ => Vec::new(),
        };
        for text in texts {
            // A subcommand and its alias (`analyze`, `analyse`) are one suggestion: its name.
            let text = match kind {
                ContextKind::SuggestedSubcommand => cli
                    .get_subcommands()
                    .find(|sub| sub.get_all_aliases().any(|alias| alias == text))
                    .map_or(text, |sub| sub.get_name().to_string()),
                _ => text,
            };
            if !suggested.contains(&text) {
                suggested.push(text);
            }
        }
    }
    // After a message that already says what is accepted, the hint is a clause of its own.
    let separator = if message.contains(": ") { "; " } else { ": " };
    let hint = match suggested.as_slice() {
        [] => String::new(),
        [one] => format!("{separator}did you mean `{one}`?"),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(|s| format!("`{s}`")).collect();
            format!("{separator}did you mean {} or `{last}`?", first.join(", "))
        }
    };
    format!("{message}{hint} (see `{command} --help`)")
}

/// `text` on one line: every control character (a line break, a tab, an escape that would
/// drive the terminal), line and paragraph separator and direction control written as its
/// escape (`\n`, `\t`, `\u{1b}`), so that a value echoed in an error message can neither
/// break its line nor change how the terminal shows it.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control()
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') =>
            {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Cli, argument_message, one_line};
    use clap::Parser;

    /// The one-line message of an argument error for this command line.
    fn message(args: &[&str]) -> String {
        let args: Vec<String> = std::iter::once("punto-banco")
            .chain(args.iter().copied())
            .map(str::to_string)
            .collect();
        match Cli::try_parse_from(&args) {
            Ok(_) => panic!("{args:?} was accepted"),
            Err(error) => argument_message(&error, &args),
        }
    }

    #[test]
    fn a_misspelt_flag_subcommand_or_value_gets_the_closest() {
        assert_eq!(
            message(&["analyze", "--deks", "6"]),
            "unexpected argument `--deks`: did you mean `--decks`? (see `punto-banco analyze --help`)"
        );
        assert_eq!(
            message(&["anlyze"]),
            "unrecognized subcommand `anlyze`: did you mean `analyze`? (see `punto-banco --help`)"
        );
        assert_eq!(
            message(&["analyze", "--format", "jsn"]),
            "--format is `jsn`: expected one of text, markdown, json, csv; did you mean `json`? (see `punto-banco analyze --help`)"
        );
        // Nothing close: no hint.
        assert_eq!(
            message(&["analyze", "--zzzzzz"]),
            "unexpected argument `--zzzzzz` (see `punto-banco analyze --help`)"
        );
    }

    #[test]
    fn analyse_is_analyze() {
        let args = ["punto-banco", "analyse", "--decks", "6"];
        assert!(Cli::try_parse_from(args).is_ok());
        // The help it points to is the command's, under its own name.
        assert_eq!(
            message(&["analyse", "--deks", "6"]),
            "unexpected argument `--deks`: did you mean `--decks`? (see `punto-banco analyze --help`)"
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(one_line("a\nb\tc\r"), "a\\nb\\tc\\r");
        assert_eq!(one_line("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(one_line("x\u{2028}y\u{202e}z"), "x\\u{2028}y\\u{202e}z");
        assert_eq!(one_line("8♠ 10♥️ « é »"), "8♠ 10♥️ « é »");
    }
}
