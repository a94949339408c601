//! The architecture's invariants, held by reading the sources (ARCHITECTURE.md, "Invariants").
//!
//! Each module of `src/` is a node; a path `crate::a::b` or `super::b` it names is an edge to
//! the longest module that path names. Edges to a module's own ancestors are the module tree
//! itself, not imports, and are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The presentation layer: the only modules that may import `render`.
const PRESENTATION: [&str; 2] = ["render", "docs"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The library's modules (the binary's `main.rs` and `cli/` aside), by path, with their text.
fn library_modules() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut modules = BTreeMap::new();
    for path in files {
        let relative = path.strip_prefix(&src).unwrap().with_extension("");
        let mut parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        if parts == ["main"] || parts == ["lib"] || parts.first().is_some_and(|p| p == "cli") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // Unit tests may reach anywhere; the layers are about the code they test.
        // Comments (doc links included) name modules without importing them.
        let code: String = text
            .split("#[cfg(test)]")
            .next()
            .unwrap()
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .map(|line| format!("{line}\n"))
            .collect();
        modules.insert(parts.join("::"), code);
    }
    modules
}

/// The modules a module's code names, as the longest known module each path starts with.
fn imports(module: &str, code: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find(['c', 's']) {
        let tail = &rest[at..];
        let (base, after) = if let Some(after) = tail.strip_prefix("crate::") {
            (String::new(), after)
        } else if let Some(after) = tail.strip_prefix("super::") {
            (parent.to_string(), after)
        } else {
            rest = &rest[at + 1..];
            continue;
        };
        let preceded_by_ident = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + 1..];
        if preceded_by_ident {
            continue;
        }
        let path: Vec<&str> = after
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .next()
            .unwrap_or("")
            .split("::")
            .filter(|p| !p.is_empty())
            .collect();
        let mut longest = None;
        for n in 1..=path.len() {
            let candidate = if base.is_empty() {
                path[..n].join("::")
            } else {
                format!("{base}::{}", path[..n].join("::"))
            };
            if known.contains(&candidate) {
                longest = Some(candidate);
            }
        }
        if let Some(target) = longest {
            let is_ancestor = module == target || module.starts_with(&format!("{target}::"));
            let is_child = target.starts_with(&format!("{module}::"));
            if !is_ancestor && !is_child {
                found.insert(target);
            }
        }
    }
    found
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = library_modules();
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(module, code)| (module.clone(), imports(module, code, &known)))
        .collect()
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap()
}

#[test]
fn the_reader_sees_the_modules_it_should() {
    let graph = graph();
    // A reader that found nothing would make the tests below pass vacuously.
    assert!(graph.len() >= 20, "only {} modules found", graph.len());
    assert!(
        graph["analysis"].iter().any(|m| m == "rules"),
        "analysis must be seen to import rules: {:?}",
        graph["analysis"]
    );
}

#[test]
fn no_library_module_imports_render() {
    let offenders: Vec<String> = graph()
        .into_iter()
        .filter(|(module, _)| !PRESENTATION.contains(&top(module)))
        .flat_map(|(module, targets)| {
            targets
                .into_iter()
                .filter(|t| top(t) == "render")
                .map(move |t| format!("{module} → {t}"))
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "library modules import render: {offenders:?}"
    );
}

#[test]
fn no_import_circle() {
    let graph = graph();
    // Depth-first search; a grey node met again closes a circle.
    fn visit<'g>(
        node: &'g str,
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<&'g str, bool>,
        path: &mut Vec<&'g str>,
    ) -> Option<Vec<String>> {
        match state.get(node) {
            Some(true) => return None,
            Some(false) => {
                let from = path.iter().position(|n| *n == node).unwrap();
                let mut circle: Vec<String> = path[from..].iter().map(|s| s.to_string()).collect();
                circle.push(node.to_string());
                return Some(circle);
            }
            None => {}
        }
        state.insert(node, false);
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, state, path) {
                return Some(circle);
            }
        }
        path.pop();
        state.insert(node, true);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        let mut path = Vec::new();
        if let Some(circle) = visit(node, &graph, &mut state, &mut path) {
            panic!("import circle: {}", circle.join(" → "));
        }
    }
}

/// The modules that play coups (deal them, count them, check them): they follow the order of
/// play of `play::Plan`, never the rules' tables themselves. Describing the rules (render,
/// the checker's comparison of two tableaux, the rule-file and transcription readers) reads
/// the tables as data, which is their purpose.
const PLAYING: [&str; 15] = [
    "analysis",
    "batch",
    "choices",
    "coup",
    "dealer",
    "depletion",
    "engine",
    "features",
    "oracle",
    "outcome",
    "reference",
    "report",
    "session",
    "session_odds",
    "tally",
];

/// What reading the drawing rules' tables looks like.
const READS_THE_TABLES: [&str; 8] = [
    "punto_action(",
    "banco_action(",
    "rules.naturals",
    "drawing.naturals",
    "drawing.punto",
    "drawing.banco",
    "rules.punto[",
    "rules.banco[",
];

#[test]
fn the_order_of_play_is_read_in_play_alone() {
    let modules = library_modules();
    // The order of play itself must be where this test says it is.
    assert!(
        READS_THE_TABLES
            .iter()
            .any(|pattern| modules["play"].contains(pattern)),
        "play.rs no longer reads the tables: this test looks in the wrong place"
    );
    let offenders: Vec<String> = modules
        .iter()
        .filter(|(module, _)| PLAYING.contains(&top(module)))
        .flat_map(|(module, code)| {
            READS_THE_TABLES
                .iter()
                .filter(|pattern| code.contains(*pattern))
                .map(move |pattern| format!("{module}: {pattern}"))
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "modules that play coups read the rules' tables instead of play::Plan: {offenders:?}"
    );
}

#[test]
fn no_fixed_width_kernel_runs_without_its_proof() {
    let modules = library_modules();
    let engine = &modules["engine"];
    // The fixed-width paths exist, and each call of one sits right under its proof.
    let lines: Vec<&str> = engine.lines().collect();
    let mut calls = 0;
    for (i, line) in lines.iter().enumerate() {
        for width in ["u64", "u128"] {
            if line.contains(&format!("::<{width}>(")) {
                calls += 1;
                let proof = format!("{width}::holds(");
                let guarded = i > 0 && lines[i - 1].contains(&proof);
                assert!(
                    guarded,
                    "engine.rs line {}: a {width} kernel runs without `{proof}` on the line above",
                    i + 1
                );
            }
        }
    }
    assert!(
        calls >= 2,
        "only {calls} fixed-width calls found in engine.rs"
    );
    // The by_proof! macro is the other way in, and is the proof itself.
    assert!(engine.contains("<u64 as Int>::holds(cards)"));
    // Nobody else names the kernel or a width of the integer trait.
    for (module, code) in &modules {
        if module != "engine" && module != "tally" {
            assert!(
                !code.contains("kernel::<") && !code.contains("Int>::holds"),
                "{module} runs the engine's kernel itself"
            );
        }
    }
    // The integer trait is the crate's own: no caller outside picks the type.
    assert!(modules["tally"].contains("pub(crate) trait Int"));
}
