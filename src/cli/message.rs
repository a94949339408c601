//! Argument errors in the tool's own words: one short line, with where to find help.

use super::Cli;
use clap::CommandFactory;
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// An argument error as one short line in the tool's own words, with where to find help.
pub fn argument_message(error: &clap::Error, args: &[String]) -> String {
    let rendered = error.render().to_string();
    // The sub-command named on the command line, for the help to point at.
    let command = args
        .iter()
        .skip(1)
        .find(|arg| {
            Cli::command()
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
