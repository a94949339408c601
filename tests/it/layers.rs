//! The architecture's invariants, held by reading the sources (ARCHITECTURE.md, "Invariants").
//!
//! Each module of `src/` is a node. A path it names is an edge to the longest module that path
//! names: `crate::a::b`, `super::b`, `self::b`, or a bare `b::…` where `b` is one of its own
//! child modules (what `mod b;` lets a parent write, `use b::…` included). Edges to a module's
//! own ancestors are the module tree itself, not imports, and are left out; a parent's use of
//! its children is counted, so that a circle through a parent shows. Comments (doc links
//! included) and string literals name modules without importing them, and are blanked first.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The presentation layer and the commands below it: the only modules that may import
/// `render`.
const PRESENTATION: [&str; 3] = ["render", "docs", "api"];

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

/// Rust source with its comments blanked and, when `strings` is false, its string and
/// character literals' contents too; lines are kept, so positions still count lines.
fn blank(text: &str, strings: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let keep = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let previous_is_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(keep(chars[i]));
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && next == Some('r'))) && !previous_is_ident && {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            chars.get(j) == Some(&'"')
        } {
            // A raw string: r"…", r#"…"#, br"…".
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            out.extend(&chars[i..=j]);
            i = j + 1;
            while i < chars.len() {
                let closes =
                    chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#'));
                if closes {
                    out.extend(&chars[i..=i + hashes]);
                    i += hashes + 1;
                    break;
                }
                out.push(if strings { chars[i] } else { keep(chars[i]) });
                i += 1;
            }
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let width = if chars[i] == '\\' { 2 } else { 1 };
                for &d in chars.iter().skip(i).take(width) {
                    out.push(if strings { d } else { keep(d) });
                }
                i += width;
            }
            out.push('"');
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('"', '\'', 'x'); a lifetime ('a) has no closing quote.
            let mut j = i + 1;
            if chars[j] == '\\' {
                j += 1;
            }
            j += 1;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            out.push('\'');
            for &d in &chars[i + 1..j] {
                out.push(if strings { d } else { keep(d) });
            }
            out.push('\'');
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// One library module's source, before its unit tests (which may reach anywhere: the layers
/// are about the code they test).
struct Source {
    /// The code with comments and literals blanked: what it imports and computes.
    code: String,
    /// The code with comments blanked and literals kept: what it writes.
    text: String,
}

/// A file's text before its unit tests: the `#[cfg(test)]` at the start of a line that opens
/// `mod tests`. A test-only item elsewhere (a method, a module of examples) does not end the
/// file's production code, which goes on after it.
fn before_unit_tests(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "#[cfg(test)]" && text[at + line.len()..].starts_with("mod tests") {
            return &text[..at];
        }
        at += line.len();
    }
    text
}

#[test]
fn production_code_ends_at_the_unit_tests_only() {
    let text =
        "fn a() {}\n    #[cfg(test)]\n    fn b() {}\nfn c() {}\n#[cfg(test)]\nmod tests {\n}\n";
    assert_eq!(
        before_unit_tests(text),
        "fn a() {}\n    #[cfg(test)]\n    fn b() {}\nfn c() {}\n"
    );
    assert_eq!(before_unit_tests("fn a() {}\n"), "fn a() {}\n");
}

/// The library's modules (the binary's `main.rs` and `cli/` aside), by path, with their source.
fn library_sources() -> BTreeMap<String, Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
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
        // A file of unit tests (`#[cfg(test)] mod tests;`) is tests, as the part of a file
        // after `#[cfg(test)]` is.
        if parts.last().is_some_and(|p| p == "tests") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let before_tests = before_unit_tests(&text);
        let source = Source {
            code: blank(before_tests, false),
            text: blank(before_tests, true),
        };
        modules.insert(parts.join("::"), source);
    }
    modules
}

/// The library's modules by path, with their code (comments and literals blanked).
fn library_modules() -> BTreeMap<String, String> {
    library_sources()
        .into_iter()
        .map(|(module, source)| (module, source.code))
        .collect()
}

/// The modules a module's code names, as the longest known module each path starts with.
fn imports(module: &str, code: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    let children: BTreeSet<&str> = known
        .iter()
        .filter_map(|k| k.strip_prefix(module)?.strip_prefix("::"))
        .filter(|rest| !rest.contains("::"))
        .collect();
    let mut found = BTreeSet::new();
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    for (at, _) in code.match_indices("::") {
        // The identifier before this `::`, and what stands before it.
        let mut start = at;
        while start > 0 && is_ident(bytes[start - 1]) {
            start -= 1;
        }
        if start == at || (start > 0 && (bytes[start - 1] == b':' || !bytes[start - 1].is_ascii()))
        {
            continue;
        }
        let first = &code[start..at];
        let mut after = &code[at + 2..];
        let mut base = match first {
            "crate" => String::new(),
            "super" => parent.to_string(),
            "self" => module.to_string(),
            child if children.contains(child) => {
                after = &code[start..];
                module.to_string()
            }
            _ => continue,
        };
        while let Some(rest) = after.strip_prefix("super::") {
            base = base.rsplit_once("::").map_or("", |(p, _)| p).to_string();
            after = rest;
        }
        let mut paths = Vec::new();
        use_tree(after, Vec::new(), &mut paths);
        for path in paths {
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
                if !is_ancestor {
                    found.insert(target);
                }
            }
        }
    }
    found
}

/// The paths a path or use tree starting `text` names (`a::b::{c, d::e}` names `a::b::c` and
/// `a::b::d::e`), each prefixed by `prefix`; returns how much of `text` it read.
fn use_tree(text: &str, prefix: Vec<String>, paths: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    let mut at = 0;
    loop {
        let rest = &text[at..];
        let skipped = rest.len() - rest.trim_start().len();
        let rest = rest.trim_start();
        let ident = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if ident > 0 {
            path.push(rest[..ident].to_string());
            at += skipped + ident;
            match text[at..].strip_prefix("::") {
                Some(_) => at += 2,
                None => break,
            }
        } else if let Some(group) = rest.strip_prefix('{') {
            at += skipped + 1;
            let mut group = group;
            loop {
                let read = use_tree(group, path.clone(), paths);
                at += read;
                group = &group[read..];
                let trimmed = group.trim_start();
                at += group.len() - trimmed.len();
                if let Some(more) = trimmed.strip_prefix(',') {
                    at += 1;
                    group = more;
                } else {
                    if trimmed.starts_with('}') {
                        at += 1;
                    }
                    return at;
                }
                if group.trim_start().starts_with('}') {
                    at += group.len() - group.trim_start().len() + 1;
                    return at;
                }
            }
        } else {
            break;
        }
    }
    paths.push(path);
    at
}

/// Every module's imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = library_modules();
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(module, code)| (module.clone(), imports(module, code, &known)))
        .collect()
}

/// A circle of imports, as the modules met going round it (the first named again at the end),
/// or `None` when the graph has none.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first search; a node met again while it is still open closes a circle.
    fn visit<'g>(
        node: &'g str,
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        open: &mut BTreeMap<&'g str, bool>,
        path: &mut Vec<&'g str>,
    ) -> Option<Vec<String>> {
        match open.get(node) {
            Some(false) => return None,
            Some(true) => {
                let from = path.iter().position(|n| *n == node).unwrap();
                let mut circle: Vec<String> = path[from..].iter().map(|s| s.to_string()).collect();
                circle.push(node.to_string());
                return Some(circle);
            }
            None => {}
        }
        open.insert(node, true);
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, open, path) {
                return Some(circle);
            }
        }
        path.pop();
        open.insert(node, false);
        None
    }
    let mut open = BTreeMap::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut open, &mut Vec::new()))
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
    // A parent's use of its child is an edge: rules settles bets with its child's Bet.
    assert!(
        graph["rules"].contains("rules::condition"),
        "rules must be seen to use its child condition: {:?}",
        graph["rules"]
    );
}

#[test]
fn the_reader_reads_paths_as_they_are_written() {
    let known: BTreeSet<String> = [
        "a",
        "a::kid",
        "a::kid::deep",
        "a::sib",
        "b",
        "c",
        "d",
        "e",
        "f",
        "g",
        "h",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let source = r#"
        use crate::b::Thing;
        use kid::deep::{One, Two};
        use crate::{c, d::Item as Other};
        /// See [`crate::e`] and [`kid`]; a link names, it does not import.
        // crate::f in a comment
        /* crate::f in a block, /* nested */ crate::f */
        const WORDS: &str = "crate::g in a string";
        const RAW: &str = r"crate::g in a raw string";
        fn go() -> char { let _ = super::sib::x(); std::fmt::Error; '"' }
        fn up() { crate::h::call(); self::kid::y(); }
    "#;
    let code = blank(source, false);
    let found: Vec<String> = imports("a::kid2", &code, &known).into_iter().collect();
    // Written in a module `a::kid2`, `kid::` is no child of its, and `super::sib` is `a::sib`.
    assert_eq!(found, ["a::sib", "b", "c", "d", "h"]);
    let found: Vec<String> = imports("a", &code, &known).into_iter().collect();
    // In `a`, `kid::deep` and `self::kid` are its children; `super::` of a root names nothing.
    assert_eq!(found, ["a::kid", "a::kid::deep", "b", "c", "d", "h"]);
    // Literals are blanked for imports and kept for what a module writes.
    assert!(!code.contains("crate::g") && blank(source, true).contains("\"crate::g in a string\""));
}

#[test]
fn a_circle_is_found_and_named() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in edges {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            graph.entry(to.to_string()).or_default();
        }
        graph
    };
    let round = graph(&[
        ("coup", "rules"),
        ("rules", "rules::condition"),
        ("rules::condition", "coup"),
        ("a", "coup"),
    ]);
    assert_eq!(
        circle(&round).unwrap(),
        ["coup", "rules", "rules::condition", "coup"]
    );
    // A diamond joins twice without going round.
    let diamond = graph(&[("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")]);
    assert_eq!(circle(&diamond), None);
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
    if let Some(circle) = circle(&graph()) {
        panic!("import circle: {}", circle.join(" → "));
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

#[test]
fn no_module_but_analysis_counts_a_shoe() {
    let modules = library_modules();
    // The one count is where this test says it is.
    assert!(
        modules["analysis"].contains("engine::weights("),
        "analysis no longer counts through engine::weights: this test looks in the wrong place"
    );
    let offenders: Vec<&String> = modules
        .iter()
        .filter(|(module, _)| !["engine", "analysis"].contains(&module.as_str()))
        .filter(|(_, code)| {
            let imported = code.split("engine::{").skip(1).any(|tail| {
                tail.split('}')
                    .next()
                    .is_some_and(|list| list.contains("weights"))
            });
            code.contains("engine::weights") || imported
        })
        .map(|(module, _)| module)
        .collect();
    assert!(
        offenders.is_empty(),
        "modules that count a shoe's weights themselves instead of through analysis: {offenders:?}"
    );
}

/// ARCHITECTURE.md, which the tests below hold to the sources.
fn architecture() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap()
}

/// The layers ARCHITECTURE.md draws: the first fenced block under "## Layers", a line per
/// layer, its name and then its top-level modules separated by `·` (a line that starts with
/// `·` goes on with the layer above).
fn drawn_layers() -> Vec<(String, Vec<String>)> {
    let page = architecture();
    let section = page
        .split("\n## Layers\n")
        .nth(1)
        .expect("ARCHITECTURE.md has a \"## Layers\" section");
    let block = section
        .split("```")
        .nth(1)
        .expect("the Layers section opens with a fenced block");
    let mut layers: Vec<(String, Vec<String>)> = Vec::new();
    for line in block.lines().filter(|line| !line.trim().is_empty()) {
        let modules = |list: &str| -> Vec<String> {
            list.split('·').map(|m| m.trim().to_string()).collect()
        };
        match line.trim().strip_prefix('·') {
            // A line that starts with a dot goes on with the layer above.
            Some(more) => layers
                .last_mut()
                .expect("a layer before its continuation")
                .1
                .extend(modules(more)),
            None => {
                let (layer, list) = line.trim().split_once(' ').unwrap();
                layers.push((layer.to_string(), modules(list)));
            }
        }
    }
    layers
}

#[test]
fn the_layers_are_those_architecture_md_draws() {
    let layers = drawn_layers();
    assert!(layers.len() >= 4, "{layers:?}");
    let mut layer_of: BTreeMap<String, usize> = BTreeMap::new();
    for (index, (layer, modules)) in layers.iter().enumerate() {
        for module in modules {
            let earlier = layer_of.insert(module.clone(), index);
            assert!(
                earlier.is_none(),
                "{module} is drawn twice (again in {layer})"
            );
        }
    }
    let graph = graph();
    let tops: BTreeSet<String> = graph.keys().map(|m| top(m).to_string()).collect();
    let drawn: BTreeSet<String> = layer_of.keys().cloned().collect();
    assert_eq!(
        drawn, tops,
        "ARCHITECTURE.md's layers must draw every library module once, and no other"
    );
    let mut downward = Vec::new();
    for (module, targets) in &graph {
        let from = layer_of[top(module)];
        for target in targets {
            let to = layer_of[top(target)];
            if to > from {
                let (a, b) = (&layers[from].0, &layers[to].0);
                downward.push(format!("{module} ({a}) → {target} ({b})"));
            }
        }
    }
    assert!(
        downward.is_empty(),
        "imports of a layer drawn below the importer's: {downward:?}"
    );
}

/// What doing I/O or reading the command line looks like in Rust source.
const INPUT_OUTPUT: [&str; 14] = [
    "std::fs",
    "File::",
    "OpenOptions",
    "stdin(",
    "stdout(",
    "stderr(",
    "println!",
    "print!",
    "eprint",
    "dbg!",
    "std::env",
    "std::process",
    "std::net",
    "clap",
];

#[test]
fn the_library_does_no_io() {
    let sources = library_sources();
    let offenders: Vec<String> = sources
        .iter()
        .flat_map(|(module, source)| {
            INPUT_OUTPUT
                .iter()
                .filter(|pattern| source.code.contains(*pattern))
                .map(move |pattern| format!("{module}: {pattern}"))
        })
        .collect();
    assert!(offenders.is_empty(), "the library does I/O: {offenders:?}");
    // The binary does, so the patterns are what I/O looks like here.
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut files = Vec::new();
    rust_files(&cli, &mut files);
    let binary: String = files
        .iter()
        .map(|f| blank(&std::fs::read_to_string(f).unwrap(), false))
        .collect();
    for pattern in ["std::fs", "stdin(", "clap"] {
        assert!(binary.contains(pattern), "src/cli/ never says {pattern}");
    }
}

/// The modules below `render` that hold French: readers of what people type or print, which
/// accept it.
const FRENCH_READERS: [&str; 3] = ["check::markers", "check::table", "session"];

/// Whether text holds French: its accented letters, guillemets, or the spaces French
/// typography puts before : ; ! ? (as characters or as escapes).
fn holds_french(text: &str) -> bool {
    text.contains(|c: char| "éèêëàâçùûôîïœÉÈÊÀÇ«»\u{a0}\u{202f}".contains(c))
        || text.contains("\\u{a0}")
        || text.contains("\\u{202f}")
}

#[test]
fn no_french_below_render() {
    let sources = library_sources();
    let french: Vec<&str> = sources
        .iter()
        .filter(|(module, _)| !["render", "docs", "lang"].contains(&top(module)))
        .filter(|(_, source)| holds_french(&source.text))
        .map(|(module, _)| module.as_str())
        .collect();
    assert_eq!(
        french, FRENCH_READERS,
        "French below render outside the readers ARCHITECTURE.md names"
    );
    // The scan finds French where it is written.
    assert!(holds_french(&sources["render::lab"].text));
    assert!(!holds_french(&sources["render::lab"].code));
}

/// The places ARCHITECTURE.md allows floating point: the modules its invariant lists before
/// the sentence ends.
fn float_places() -> Vec<String> {
    let page = architecture();
    let marker = "**No float outside these modules:**";
    let after = page
        .split(marker)
        .nth(1)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no {marker}"));
    let list = after.split(". ").next().unwrap();
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// Whether code uses floating point: names `f32` or `f64`, or writes a float literal.
fn uses_floats(code: &str) -> bool {
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let word = |w: &str| {
        code.match_indices(w).any(|(at, _)| {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(at + w.len()).copied();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
    };
    let literal = (1..bytes.len().saturating_sub(1)).any(|i| {
        bytes[i] == b'.' && bytes[i + 1].is_ascii_digit() && bytes[i - 1].is_ascii_digit() && {
            // The digits before the point start a number, not a field (`t.0.1`).
            let mut start = i - 1;
            while start > 0 && (bytes[start - 1].is_ascii_digit() || bytes[start - 1] == b'_') {
                start -= 1;
            }
            start == 0 || !(is_ident(bytes[start - 1]) || bytes[start - 1] == b'.')
        }
    });
    word("f32") || word("f64") || literal
}

#[test]
fn no_float_outside_the_places_architecture_md_names() {
    let places = float_places();
    assert!(places.len() >= 5, "{places:?}");
    let under =
        |module: &str, place: &str| module == place || module.starts_with(&format!("{place}::"));
    let floating: Vec<String> = library_modules()
        .into_iter()
        .filter(|(_, code)| uses_floats(code))
        .map(|(module, _)| module)
        .collect();
    let outside: Vec<&String> = floating
        .iter()
        .filter(|m| !places.iter().any(|p| under(m, p)))
        .collect();
    assert!(
        outside.is_empty(),
        "floating point outside the places ARCHITECTURE.md names: {outside:?}"
    );
    // The list is no longer than the truth: every place named uses floats.
    let idle: Vec<&String> = places
        .iter()
        .filter(|p| !floating.iter().any(|m| under(m, p)))
        .collect();
    assert!(idle.is_empty(), "places named that use no float: {idle:?}");
    assert!(!uses_floats("let a = t.0.1; let b = x2.0;") && uses_floats("let h = 0.5;"));
}

/// The paths ARCHITECTURE.md names in backquotes: files and folders (`src/…`, `data/…`,
/// `tests/it/layers.rs`), and library modules and their items (`rules::condition`,
/// `engine::tally`).
#[test]
fn every_path_architecture_md_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = architecture();
    let sources = library_sources();
    let tops: BTreeSet<&str> = sources.keys().map(|m| top(m)).collect();
    let quoted: BTreeSet<&str> = page.split('`').skip(1).step_by(2).collect();
    let mut checked = (0, 0);
    let mut missing = Vec::new();
    for name in quoted {
        let is_file = name.contains('/') && !name.contains(' ') && !name.starts_with('-');
        if is_file {
            checked.0 += 1;
            let exists = match name.split_once('*') {
                // A pattern names the files that begin so (`tests/it/hostile*.rs`).
                Some((prefix, _)) => {
                    let (dir, start) = prefix.rsplit_once('/').unwrap();
                    std::fs::read_dir(root.join(dir)).is_ok_and(|entries| {
                        entries
                            .filter_map(Result::ok)
                            .any(|e| e.file_name().to_string_lossy().starts_with(start))
                    })
                }
                None => root.join(name.trim_end_matches('/')).exists(),
            };
            if !exists {
                missing.push(name.to_string());
            }
            continue;
        }
        let parts: Vec<&str> = name.split("::").collect();
        let is_module_path = parts.len() >= 2
            && tops.contains(parts[0])
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_'));
        if !is_module_path {
            continue;
        }
        checked.1 += 1;
        let longest = (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("::"))
            .find(|m| sources.contains_key(m))
            .unwrap();
        let rest = &parts[longest.split("::").count()..];
        let found = match rest {
            [] => true,
            // An item of the module: declared there.
            [item, more @ ..] => {
                let text = &sources[&longest].code;
                let declared = [
                    "fn", "struct", "enum", "trait", "const", "type", "static", "mod",
                ]
                .iter()
                .any(|kind| {
                    text.contains(&format!("{kind} {item}("))
                        || text.contains(&format!("{kind} {item} "))
                        || text.contains(&format!("{kind} {item}<"))
                        || text.contains(&format!("{kind} {item}:"))
                        || text.contains(&format!("{kind} {item};"))
                });
                // And its method, if one is named: a function of that name in the module.
                declared && more.iter().all(|m| text.contains(&format!("fn {m}")))
            }
        };
        if !found {
            missing.push(name.to_string());
        }
    }
    assert!(
        checked.0 >= 5 && checked.1 >= 10,
        "only {checked:?} files and modules checked"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what does not exist: {missing:?}"
    );
}

/// The most lines a production file may hold before its unit tests (ARCHITECTURE.md,
/// "Invariants"): past it, a file holds more than one concern.
const MOST_LINES: usize = 1_000;

#[test]
fn no_production_file_is_over_a_thousand_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = Vec::new();
    for path in &files {
        // A file of unit tests is tests, as the part of a file after `#[cfg(test)]` is.
        if path.file_stem().is_some_and(|stem| stem == "tests") {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let lines = before_unit_tests(&text).lines().count();
        if lines > MOST_LINES {
            long.push(format!("{} ({lines} lines)", path.display()));
        }
    }
    assert!(
        files.len() > 100,
        "the walk read only {} files",
        files.len()
    );
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines before the tests: {long:?}"
    );
}
