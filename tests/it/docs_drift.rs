//! The generated tables in docs/ must equal what the engine renders now.

use punto_banco::docs::{REGENERATE, splice};
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
    // The rules and the 8-deck analysis are generated in both languages at least.
    assert!(generated >= 4, "only {generated} generated blocks in docs/");
}
