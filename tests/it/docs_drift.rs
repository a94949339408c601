//! The generated tables in docs/ must equal what the engine renders now.

use punto_banco::docs::{REGENERATE, console_examples, quoted_passages, splice};
use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

#[test]
fn generated_docs_are_current() {
    let mut files = Vec::new();
    markdown_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs"),
        &mut files,
    );
    let mut generated = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        generated += text.matches("<!-- generated:").count();
        let fresh = splice(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            fresh == text,
            "{} differs from what the engine renders; run `{REGENERATE}`",
            path.display()
        );
    }
    for (relative, contents) in punto_banco::docs::generated_files() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(relative);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == contents,
            "{} differs from what the engine renders; run `{REGENERATE}`",
            path.display()
        );
    }
    // The rules and the 8-deck analysis are generated in both languages at least.
    assert!(generated >= 4, "only {generated} generated blocks in docs/");
}

/// Every `$ punto-banco …` line shown with its output in a ```console block of docs/ or the
/// README prints exactly that output (standard output and error together). The examples are
/// found by the library's one parser, the one the docs tool reruns them with.
#[test]
fn console_examples_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    let mut checked = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for example in console_examples(&text) {
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
                .args(&example.args)
                .output()
                .unwrap();
            let actual = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            let expected = &text[example.output.clone()];
            assert_eq!(
                actual,
                expected,
                "{}:{}: `{}`",
                path.display(),
                example.line,
                example.command()
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} console examples checked");
}

/// Prose that names what the tool prints (a cell's name, a column's header), marked
/// `<!-- quotes: ARGS -->`, names it as the tool prints it: every quotation of the passage is
/// in the output of the commands its markers give, run from the repository root.
#[test]
fn quoted_prose_matches_the_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    let mut checked = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for passage in quoted_passages(&text) {
            let mut printed = String::new();
            for args in &passage.commands {
                let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
                    .args(args)
                    .current_dir(root)
                    .output()
                    .unwrap();
                assert!(
                    output.status.code().is_some_and(|c| c <= 1),
                    "{}:{}: `punto-banco {}` failed: {}",
                    path.display(),
                    passage.line,
                    args.join(" "),
                    String::from_utf8_lossy(&output.stderr)
                );
                printed.push_str(&String::from_utf8_lossy(&output.stdout));
            }
            assert!(
                !passage.quotations.is_empty(),
                "{}:{}: a passage marked as quoting output quotes nothing",
                path.display(),
                passage.line
            );
            for quotation in &passage.quotations {
                assert!(
                    printed.contains(quotation.as_str()),
                    "{}:{}: the docs quote `{quotation}`, which `punto-banco {}` does not print",
                    path.display(),
                    passage.line,
                    passage
                        .commands
                        .iter()
                        .map(|c| c.join(" "))
                        .collect::<Vec<_>>()
                        .join("` or `punto-banco ")
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} quotations checked");
}
