//! `punto-banco docs` (built with the `docs-tool` feature only): checks or rewrites the
//! generated tables of the Markdown files in docs/ and reruns their console examples.

use super::failure::Failure;
use super::message::argument_message;
use super::output::{on_terminal, put, write_atomically};
use super::{Cli, run};
use clap::{Args, Parser};
use punto_banco::docs::{self, ConsoleExample};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The flags of `docs`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco docs                             # check docs/: exit 1 if a table has drifted
  punto-banco docs --write                     # rewrite what has drifted")]
pub struct Docs {
    /// The folder of Markdown files.
    #[arg(long, value_name = "DIR", default_value = "docs", value_hint = clap::ValueHint::DirPath)]
    dir: PathBuf,
    /// Rewrite the files instead of checking them.
    #[arg(long)]
    write: bool,
}

/// Checks (or rewrites) the generated content under `--dir` and writes what it found to `out`.
pub fn run_docs(args: Docs, out: &mut dyn Write) -> Result<(), Failure> {
    put(out, &regenerate_docs(&args.dir, args.write)?)
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
        let page = shown(path);
        let spliced = docs::refresh_console_examples(&spliced, |example, before| {
            rerun_example(example, before, &page)
        })?;
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

/// What a terminal shows for a console example run in this process now (the output, or
/// `error: …`). An example of `docs` itself is left as it is. An example that showed output
/// and now fails with an error is refused, not written into the page: it is a broken example
/// (or a run from the wrong folder), never a new output.
fn rerun_example(example: &ConsoleExample, before: &str, page: &str) -> Result<String, Failure> {
    if example
        .args
        .first()
        .is_some_and(|arg| arg.starts_with("docs"))
    {
        return Ok(before.to_string());
    }
    let argv: Vec<String> = std::iter::once("punto-banco".to_string())
        .chain(example.args.iter().cloned())
        .collect();
    let mut output = Vec::new();
    let shown =
        match Cli::try_parse_from(&argv).map(|cli| on_terminal(None, || run(cli, &mut output))) {
            Ok(result) => {
                let mut shown = String::from_utf8_lossy(&output).into_owned();
                if let Some(message) = result.err().and_then(|failure| failure.message()) {
                    shown.push_str(&message);
                    shown.push('\n');
                }
                shown
            }
            Err(clap_error) => format!("error: {}\n", argument_message(&clap_error, &argv)),
        };
    let error = |text: &str| text.lines().any(|l| l.starts_with("error: "));
    if error(&shown) && !error(before) {
        let first = shown
            .lines()
            .find(|l| l.starts_with("error: "))
            .unwrap_or_default();
        return Err(Failure::Input(format!(
            "{page}: the example `{}` now fails ({first}); examples run from the folder above the docs",
            example.command()
        )));
    }
    Ok(shown)
}

/// Every Markdown file under `dir`, at any depth.
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
