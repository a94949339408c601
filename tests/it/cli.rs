//! The command line as a user meets it: output contracts, errors and exit codes.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let output = run(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Asserts exit code 2, one line on stderr, naming `needle`.
fn bad_input(args: &[&str], needle: &str) {
    let output = run(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

#[test]
fn analyze_json_contract() {
    let doc = json(&["analyze", "--format", "json"]);
    assert_eq!(doc["schema"], 1);
    // Wizard of Odds, Baccarat appendix 1: 8-deck counts.
    assert_eq!(doc["sequences"], "4998398275503360");
    assert_eq!(doc["outcomes"]["banco"]["count"], "2292252566437888");
    assert_eq!(doc["outcomes"]["punto"]["count"], "2230518282592256");
    assert_eq!(doc["outcomes"]["tie"]["count"], "475627426473216");
    assert_eq!(
        doc["outcomes"]["banco"]["probability"],
        "8954111587648/19524993263685"
    );
    for key in ["punto", "banco", "tie"] {
        let outcome = &doc["outcomes"][key];
        assert!(outcome["decimal"].is_f64());
        let edge = doc["bets"][key]["edge"].as_str().unwrap();
        let (n, d) = edge.split_once('/').unwrap();
        let (n, d): (i128, i128) = (n.parse().unwrap(), d.parse().unwrap());
        let percent = doc["bets"][key]["edge_percent"].as_f64().unwrap();
        assert!((percent - 100.0 * n as f64 / d as f64).abs() < 1e-9);
    }
    assert_eq!(doc["bets"]["banco"]["edge"], "114753351728/10847218479825");
    assert_eq!(doc["shoe"]["decks"], 8);
    assert_eq!(doc["shoe"]["cards"], 416);
}

#[test]
fn analyze_other_shoes() {
    // Wizard of Odds, "one to twelve decks": 6-deck total.
    let six = json(&["analyze", "--decks", "6", "--format", "json"]);
    assert_eq!(six["sequences"], "878869206895680");
    let depleted = json(&["analyze", "--remove", "8♠,8♥,9♣", "--format", "json"]);
    assert_eq!(depleted["shoe"]["cards"], 413);
    assert_eq!(depleted["shoe"]["decks"], Value::Null);
    assert_eq!(depleted["shoe"]["ranks"][7], 30);
    // The same shoe written as rank counts gives the same analysis.
    let ranks = json(&[
        "analyze",
        "--ranks",
        "32,32,32,32,32,32,32,30,31,32,32,32,32",
        "--format",
        "json",
    ]);
    assert_eq!(ranks["outcomes"], depleted["outcomes"]);
}

#[test]
fn deal_json_contract() {
    let doc = json(&["deal", "4♥", "2♠", "9♣", "A♦", "8♦", "--format", "json"]);
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["punto"]["cards"], serde_json::json!(["4♥", "9♣", "8♦"]));
    assert_eq!(doc["punto"]["total"], 1);
    assert_eq!(doc["banco"]["cards"], serde_json::json!(["2♠", "A♦"]));
    assert_eq!(doc["banco"]["total"], 3);
    assert_eq!(doc["natural"], false);
    assert_eq!(doc["winner"], "banco");
    assert_eq!(
        doc["net"],
        serde_json::json!({"punto": -20, "banco": 19, "tie": -20})
    );
    let steps = doc["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[1]["hand"], "banco");
    assert_eq!(steps[1]["decision"], "stand");
    assert_eq!(steps[1]["punto_third_card"], 8);
}

#[test]
fn deal_reports_unused_cards_and_other_stakes() {
    let doc = json(&[
        "deal",
        "9S,5H,KC,QD",
        "3S",
        "--stake",
        "10",
        "--format",
        "json",
    ]);
    assert_eq!(doc["natural"], true);
    assert_eq!(doc["winner"], "punto");
    assert_eq!(doc["unused"], serde_json::json!(["3♠"]));
    assert_eq!(
        doc["net"],
        serde_json::json!({"punto": 10, "banco": -10, "tie": -10})
    );
    let tie = json(&[
        "deal", "KS", "QS", "7H", "7D", "--stake", "10", "--format", "json",
    ]);
    assert_eq!(tie["winner"], "tie");
    assert_eq!(
        tie["net"],
        serde_json::json!({"punto": 0, "banco": 0, "tie": 80})
    );
    let banco = json(&[
        "deal", "KS", "7D", "6H", "K♥", "--stake", "10", "--format", "json",
    ]);
    assert_eq!(banco["net"]["banco"], 9.5);
}

#[test]
fn french_output_uses_the_texts_terms() {
    let output = run(&["deal", "4♥", "2♠", "9♣", "A♦", "8♦", "--lang", "fr"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Banco reste"), "{text}");
    assert!(text.contains("Égalité −20"), "{text}");
    let output = run(&["rules", "--lang", "fr"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Tout sauf 8") && text.contains("naturel"),
        "{text}"
    );
}

#[test]
fn bad_input_exits_2_naming_the_token() {
    bad_input(&["deal", "11X"], "`11X` is not a card");
    bad_input(
        &["deal", "4H", "2S", "9C", "AD"],
        "needs card 5 (Punto's third card)",
    );
    bad_input(
        &["analyze", "--ranks", "4,4,4,4,4,4,4,4,4,4,4,4,-1"],
        "rank count 13 (for K) is `-1`",
    );
    bad_input(&["analyze", "--ranks", "4,4"], "13 counts");
    bad_input(&["analyze", "--remove", "ZZ"], "`ZZ` is not a card");
    bad_input(
        &["analyze", "--decks", "1", "--remove", "A♠,A♠"],
        "cannot remove A♠ 2 times",
    );
    bad_input(
        &["analyze", "--decks", "0"],
        "--decks is `0`: expected a whole number from 1 to 4294967296",
    );
    bad_input(
        &["analyze", "--ranks", "1,1,1,1,1,0,0,0,0,0,0,0,0"],
        "at least 6 cards",
    );
    bad_input(
        &["analyze", "--lang", "de"],
        "--lang is `de`: expected one of en, fr",
    );
    bad_input(
        &["deal", "KS", "7D", "6H", "KH", "--stake", "1000000001"],
        "from 1 to 1000000000",
    );
    bad_input(
        &["analyze", "--ranks", "17179869185,4,4,4,4,4,4,4,4,4,4,4,4"],
        "the count of A is 17179869185",
    );
    bad_input(
        &["analyze", "--decks", "99999999999"],
        "--decks is `99999999999`: expected a whole number from 1 to 4294967296",
    );
    bad_input(&["deal", "4H", "--stake", "-5"], "--stake is `-5`");
    bad_input(&["rules", "--stake", "0"], "--stake is `0`");
}

#[cfg(feature = "docs-tool")]
#[test]
fn docs_check_exits_1_on_drift_and_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("punto-banco-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("page.md");
    // The committed docs are held to the engine in process by `docs_drift`, which makes the
    // same comparisons as the docs tool; here the tool itself meets a stale block and a stale
    // console example.
    let stale = "# Page\n<!-- generated:decks:en -->\nstale\n<!-- end generated:decks:en -->\n\n```console\n$ punto-banco deal 4H 2S 9C AD 8D\nstale output\n```\n";
    std::fs::write(&page, stale).unwrap();
    let output = run(&["docs", "--dir", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("docs --write"));
    assert_eq!(std::fs::read_to_string(&page).unwrap(), stale);
    let output = run(&["docs", "--dir", dir.to_str().unwrap(), "--write"]);
    assert_eq!(output.status.code(), Some(0));
    let written = std::fs::read_to_string(&page).unwrap();
    assert!(written.contains("| Decks"));
    assert!(!written.contains("stale"));
    let output = run(&["docs", "--dir", dir.to_str().unwrap()]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "a page just written is current"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_004_json_contract() {
    let doc = json(&["check", "data/claims/004-banque.tsv", "--format", "json"]);
    assert_eq!(doc["schema"], 1);
    let differences = doc["differences"].as_array().unwrap();
    assert_eq!(differences.len(), 1);
    let d = &differences[0];
    assert_eq!(d["banco_total"], 3);
    assert_eq!(d["punto_third_card"], 8);
    assert_eq!(d["claimed"], "draw");
    assert_eq!(d["reference"], "stand");
    assert!(
        d["edge_change"]["banco"]["exact"]
            .as_str()
            .unwrap()
            .contains('/')
    );
    assert_eq!(doc["claims"], serde_json::json!([]));
    assert_eq!(doc["claims_hold"], true);
}

#[test]
fn check_exit_codes() {
    // Differences alone: exit 0. The report reads in French too.
    let output = run(&["check", "data/claims/004-banque.md", "--lang", "fr"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(
            "Ici, Banco sur 3 tire contre une troisième carte 8\u{a0}; la référence reste."
        ),
        "{text}"
    );

    // A false claim: exit 1, with the report on stdout.
    let dir = std::env::temp_dir().join(format!("punto-banco-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.json");
    let text = punto_banco::variants::shipped("tie-9-to-1")
        .unwrap()
        .replace("4.8440%", "4.8441%");
    std::fs::write(&wrong, text).unwrap();
    let output = run(&["check", wrong.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains("FALSE"));

    // A malformed file: exit 2, naming line and column, nothing on stdout.
    let broken = dir.join("broken.json");
    std::fs::write(
        &broken,
        "{\n  \"schema\": 1,\n  \"name\": \"x\",\n  \"drawing\": 7\n}\n",
    )
    .unwrap();
    bad_input(
        &["check", broken.to_str().unwrap()],
        "line 4, column 14: invalid type",
    );
    bad_input(
        &["check", "no/such/file.json"],
        "cannot read no/such/file.json: ",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_any_rule_set() {
    // Wizard of Odds, EZ Baccarat: Dragon 7 edge 7.6113%, Panda 8 10.1876%.
    let doc = json(&["analyze", "--rules", "ez-baccarat", "--format", "json"]);
    assert_eq!(doc["rules"], "ez-baccarat");
    let percent = |key: &str| {
        (doc["bets"][key]["edge_percent"].as_f64().unwrap() * 10_000.0).round() / 10_000.0
    };
    assert_eq!(percent("dragon_7"), 7.6113);
    assert_eq!(percent("panda_8"), 10.1876);
    assert_eq!(percent("banco"), 1.0183);
    let distribution = doc["bets"]["dragon_7"]["net_distribution"]
        .as_array()
        .unwrap();
    assert_eq!(distribution.len(), 2);
    assert_eq!(distribution[1]["net"], "40/1");
    // The file's shoe is used unless the flags give one: six decks here.
    let six = json(&[
        "analyze",
        "--rules",
        "data/variants/reference.json",
        "--decks",
        "6",
        "--format",
        "json",
    ]);
    assert_eq!(six["sequences"], "878869206895680");
    bad_input(
        &["analyze", "--rules", "nonesuch"],
        "neither a file nor a shipped variant",
    );
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    super::run_with_input(args, input)
}

#[test]
fn verify_reads_a_log_and_picks_the_exit_code() {
    let good = "{\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\",\"8D\"], \"winner\": \"banco\", \"net\": {\"banco\": \"19/20\"}}\n";
    let output = run_stdin(&["verify", "-"], good);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let bad =
        "{\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\",\"8D\",\"5S\"], \"winner\": \"banco\"}\n{oops\n";
    let output = run_stdin(&["verify", "-", "--format", "json"], bad);
    assert_eq!(output.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["summary"]["coups"], 1);
    assert_eq!(doc["summary"]["malformed"], 1);
    assert_eq!(doc["summary"]["disagreeing_by_kind"]["draw"], 1);
    assert_eq!(
        doc["discrepancies"][0]["text"],
        "the engine has Banco draw; Banco on 3 stands against a third card 8"
    );
    assert_eq!(doc["discrepancies"][1]["line"], 2);
    let output = run_stdin(&["verify", "-", "--lang", "fr"], bad);
    assert!(String::from_utf8_lossy(&output.stdout).contains(
        "ligne 1\u{a0}: le moteur fait tirer Banco\u{a0}; Banco sur 3 reste contre une troisième carte 8"
    ));
    bad_input(
        &["verify", "no/such/log.jsonl"],
        "cannot read no/such/log.jsonl",
    );
}

#[test]
fn vectors_write_whole_files_with_their_checksum() {
    let dir = std::env::temp_dir().join(format!("punto-banco-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("v.csv");
    let output = run(&[
        "vectors",
        "--decks",
        "1",
        "--format",
        "csv",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("339400 vectors, sha256 "));
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 339_401);
    assert!(text.starts_with("cards,decisions,punto_total,banco_total,natural,winner,weight\n"));
    std::fs::remove_dir_all(&dir).unwrap();
    bad_input(
        &["vectors", "--ranks", "1,1,1,1,1,0,0,0,0,0,0,0,0"],
        "at least 6 cards",
    );
}

#[test]
fn fit_reads_counts_and_plans() {
    // Counts in exact proportion to the 8-deck probabilities (×10⁻¹⁰, rounded) fit.
    let counts = "{\"outcomes\": {\"punto\": 446247, \"banco\": 458597, \"tie\": 95156}}";
    let output = run_stdin(&["fit", "-"], counts);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let skewed = "{\"outcomes\": {\"punto\": 458597, \"banco\": 446247, \"tie\": 95156}}";
    let output = run_stdin(&["fit", "-", "--format", "json"], skewed);
    assert_eq!(output.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["consistent"], false);
    let output = run(&[
        "fit",
        "--plan",
        "data/claims/004-banque.tsv",
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        doc["verify"]["decision"],
        "Banco on 3 against a third card 8"
    );
    assert!(doc["fit"][1]["coups"].as_u64().unwrap() > 1000);
    let output = run_stdin(&["fit", "-"], "{\"outcomes\": {\"punto\": -3}}");
    assert_eq!(output.status.code(), Some(2));
    bad_input(
        &[
            "fit",
            "--plan",
            "data/claims/004-banque.tsv",
            "--alpha",
            "2",
        ],
        "--alpha is `2`",
    );
}

#[test]
fn batch_keeps_order_and_reports_bad_lines() {
    let input = "{\"decks\": 8}\n\n{\"remove\": [\"8♠\", \"8♥\", \"9♣\"]}\nnot json\n{\"ranks\": [1,1,1,1,1,0,0,0,0,0,0,0,0]}\n{\"decks\": 6, \"rules\": \"tie-9-to-1\"}\n";
    let output = run_stdin(&["analyze", "--batch", "-"], input);
    assert_eq!(output.status.code(), Some(0));
    let lines = super::json_lines(&output.stdout);
    assert_eq!(lines.len(), 5);
    // Each line is the analysis document: the same object `analyze --format json` prints.
    assert_eq!(lines[0], json(&["analyze", "--format", "json"]));
    assert_eq!(
        lines[1],
        json(&["analyze", "--remove", "8♠,8♥,9♣", "--format", "json"])
    );
    assert_eq!(lines[2]["line"], 4);
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("a line is one JSON object")
    );
    assert_eq!(lines[3]["line"], 5);
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("at least 6 cards")
    );
    // Wizard of Odds, "one to twelve decks": 6-deck Tie at 9:1, 4.9313%.
    let tie = lines[4]["bets"]["tie"]["edge_percent"].as_f64().unwrap();
    assert_eq!((tie * 10_000.0).round() / 10_000.0, 4.9313);
}

#[test]
fn eor_and_shoe_sim_from_the_command_line() {
    let doc = json(&["eor", "--format", "json"]);
    assert_eq!(doc["removal"].as_array().unwrap().len(), 13);
    assert!(
        doc["removal"][5]["edge_change"]["tie"]["exact"]
            .as_str()
            .unwrap()
            .contains('/')
    );
    let sim = json(&[
        "shoe-sim", "--shoes", "5", "--seed", "3", "--format", "json",
    ]);
    assert_eq!(sim["shoes"], 5);
    assert_eq!(
        sim,
        json(&[
            "shoe-sim", "--shoes", "5", "--seed", "3", "--format", "json"
        ])
    );
    bad_input(&["shoe-sim", "--decks", "65537"], "--decks is `65537`");
    bad_input(&["shoe-sim", "--shoes", "0"], "--shoes is `0`");
}

/// Every subcommand of the user's binary, as `punto-banco --help` lists them (`help` aside).
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let listed: Vec<String> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        // A command's line starts two spaces in; its description's next lines, further.
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(listed.len() >= 19, "--help lists only {listed:?}");
    listed
}

#[test]
fn every_command_with_rules_lists_every_shipped_rule_set_in_its_help() {
    let names: Vec<&str> = punto_banco::variants::SHIPPED
        .iter()
        .chain(punto_banco::variants::CATALOGUE)
        .map(|(name, _)| *name)
        .collect();
    let mut with_rules = Vec::new();
    for sub in subcommands() {
        let help = stdout_of(&[&sub, "--help"]);
        if !help.contains("--rules <RULES>") {
            continue;
        }
        // The help wraps at spaces: the names are whole words of it.
        let words: Vec<&str> = help
            .split(|c: char| c.is_whitespace() || c == ',' || c == ']')
            .collect();
        for name in &names {
            assert!(words.contains(name), "`{sub} --help` does not list {name}");
        }
        with_rules.push(sub);
    }
    assert!(with_rules.len() >= 13, "only {with_rules:?} take --rules");
}

/// The subcommands whose `--help` examples are run below: the quick ones (the others' examples
/// solve games or deal thousands of shoes; the docs' console examples run them).
const SUBCOMMANDS: &[&str] = &[
    "analyze",
    "rules",
    "deal",
    "check",
    "verify",
    "vectors",
    "fit",
    "eor",
    "shoe-sim",
    "session",
    "session-odds",
    "completions",
    "man",
];

/// The standard output of a command that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let output = run(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn completions_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        for sub in subcommands() {
            assert!(script.contains(&sub), "{shell} completions lack {sub}");
        }
    }
    assert!(stdout_of(&["completions", "zsh"]).starts_with("#compdef punto-banco"));
    bad_input(
        &["completions", "tcsh"],
        "expected one of bash, elvish, fish, powershell, zsh",
    );
}

#[test]
fn the_man_page_is_roff_titled_punto_banco() {
    let page = stdout_of(&["man"]);
    // clap_mangen opens with the definition of the apostrophe string, then the title.
    let first_macro = page
        .lines()
        .find(|line| !line.starts_with(".ie ") && !line.starts_with(".el "))
        .unwrap();
    assert!(
        first_macro.starts_with(".TH punto-banco 1"),
        "{first_macro}"
    );
    for sub in subcommands() {
        // roff writes a hyphen as `\-`.
        let roff = sub.replace('-', "\\-");
        assert!(page.contains(&roff), "the man page lacks {sub}");
    }
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("punto-banco.1");
    let output = run(&["man", "-o", target.to_str().unwrap()]);
    assert!(output.status.success() && output.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), page);
}

/// The example command lines of a subcommand's `--help`, without their comments.
fn help_examples(sub: &str) -> Vec<String> {
    let help = stdout_of(&[sub, "--help"]);
    let (_, examples) = help
        .split_once("\nExamples:\n")
        .unwrap_or_else(|| panic!("`{sub} --help` has no Examples: section"));
    examples
        .lines()
        .map_while(|line| line.strip_prefix("  "))
        .map(|line| line.split(" # ").next().unwrap().trim().to_string())
        .collect()
}

#[test]
fn every_subcommand_help_shows_examples_that_work_from_the_repository_root() {
    let folder = tempfile::tempdir().unwrap();
    for sub in SUBCOMMANDS {
        let examples = help_examples(sub);
        assert!(!examples.is_empty(), "`{sub} --help` shows no example");
        for example in examples {
            // What the shell does (a redirection, a pipe) is not the tool's; a file the
            // example writes goes to a temporary folder instead of the checkout.
            let command = example.split(['>', '|']).next().unwrap();
            let mut words: Vec<String> = command.split_whitespace().map(String::from).collect();
            assert_eq!(words.remove(0), "punto-banco", "{example}");
            for i in 1..words.len() {
                if words[i - 1] == "-o" || words[i - 1] == "--out" {
                    words[i] = folder.path().join(&words[i]).display().to_string();
                }
            }
            let output = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
                .args(&words)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            // A failed check (exit 1) is what some examples show; bad input never is.
            assert!(
                matches!(output.status.code(), Some(0 | 1)) && !stderr.contains("error:"),
                "`{example}`: {stderr}"
            );
        }
    }
}

#[test]
fn short_flags_equal_long_ones() {
    let pairs: &[(&[&str], &[&str])] = &[
        (
            &["analyze", "-d", "6", "-f", "json", "-r", "tie-9-to-1"],
            &[
                "analyze",
                "--decks",
                "6",
                "--format",
                "json",
                "--rules",
                "tie-9-to-1",
            ],
        ),
        (
            &["rules", "-l", "fr", "-f", "markdown"],
            &["rules", "--lang", "fr", "--format", "markdown"],
        ),
        (
            &[
                "deal", "4H", "2S", "9C", "AD", "8D", "-r", "super-6", "-l", "fr",
            ],
            &[
                "deal", "4H", "2S", "9C", "AD", "8D", "--rules", "super-6", "--lang", "fr",
            ],
        ),
        (
            &["vectors", "-d", "1", "-f", "csv"],
            &["vectors", "--decks", "1", "--format", "csv"],
        ),
        (
            &["eor", "-d", "1", "-r", "ez-baccarat", "-f", "json"],
            &[
                "eor",
                "--decks",
                "1",
                "--rules",
                "ez-baccarat",
                "--format",
                "json",
            ],
        ),
        (
            &["session-odds", "--deals", "2", "-d", "1", "-r", "super-6"],
            &[
                "session-odds",
                "--deals",
                "2",
                "--decks",
                "1",
                "--rules",
                "super-6",
            ],
        ),
    ];
    for (short, long) in pairs {
        assert_eq!(stdout_of(short), stdout_of(long), "{short:?}");
    }
    let folder = tempfile::tempdir().unwrap();
    let (a, b) = (folder.path().join("a.csv"), folder.path().join("b.csv"));
    stdout_of(&["vectors", "-d", "1", "-f", "csv", "-o", a.to_str().unwrap()]);
    stdout_of(&[
        "vectors",
        "--decks",
        "1",
        "--format",
        "csv",
        "--out",
        b.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn rules_deal_session_and_session_odds_take_a_rule_set() {
    // EZ Baccarat pays Banco even money and pushes a three-card 7.
    let reference = stdout_of(&["rules"]);
    let ez = stdout_of(&["rules", "--rules", "ez-baccarat"]);
    assert!(reference.contains("Banco wins: +0.95"), "{reference}");
    assert!(
        ez.contains("Banco wins with a three-card 7: push; Banco wins: +1"),
        "{ez}"
    );
    assert_eq!(stdout_of(&["rules", "--rules", "reference"]), reference);
    // Super 6 pays half on a Banco win with six: 4H 2S 9C AD 8D is not one, 4H 3S 2C 3D 2D is.
    let six = ["deal", "AH", "3S", "2C", "3D", "2D"];
    assert!(stdout_of(&six).contains("Banco +19"));
    let super_six = stdout_of(&[&six[..], &["--rules", "super-6"]].concat());
    assert!(super_six.contains("Banco +10"), "{super_six}");
    // A session settles every prediction by the rule set's tariff.
    let script = [
        "session",
        "--script",
        "docs/examples/session/two-deals.json",
        "-f",
        "json",
    ];
    assert_ne!(
        json(&script),
        json(&[&script[..], &["--rules", "banco-4-percent"]].concat())
    );
    let odds = ["session-odds", "--deals", "2", "-f", "json"];
    assert_ne!(
        json(&odds),
        json(&[&odds[..], &["--rules", "ez-baccarat"]].concat())
    );
    // The rule file's shoe is the session's unless --decks is given.
    assert_eq!(
        json(&[&odds[..], &["--rules", "reference-6-decks"]].concat()),
        json(&[&odds[..], &["--decks", "6"]].concat())
    );
    bad_input(
        &["rules", "--rules", "no-such-variant"],
        "`no-such-variant` is neither a file nor a shipped variant",
    );
}

/// `--width` fits the widest text table (EZ Baccarat's bets, 128 columns wide unfitted) within
/// the columns asked for, keeps every figure, and is refused outside its range.
#[test]
fn width_fits_text_tables_and_is_checked() {
    let wide = run(&["analyze", "-r", "ez-baccarat"]);
    let fitted = run(&["analyze", "-r", "ez-baccarat", "--width", "100"]);
    assert!(wide.status.success() && fitted.status.success());
    let (wide, fitted) = (
        String::from_utf8(wide.stdout).unwrap(),
        String::from_utf8(fitted.stdout).unwrap(),
    );
    assert!(wide.lines().any(|l| l.chars().count() > 120));
    let longest = fitted.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(longest <= 100, "a line of {longest} columns at --width 100");
    for figure in [
        "241149546272/19524993263685",
        "7.6113%",
        "Dragon 7",
        "Panda 8",
    ] {
        assert!(fitted.contains(figure), "{figure} lost at --width 100");
    }
    // Piped without --width, the tables are as they always were.
    assert!(!wide.contains("dragon_7"));
    let refused = run(&["analyze", "--width", "5"]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8(refused.stderr).unwrap();
    assert!(
        message.contains("--width is `5`: expected a whole number from 20 to 10000"),
        "{message}"
    );
}

/// The session at the terminal deals whole decks: a rule file whose shoe is rank counts is
/// refused before anything is asked, unless --decks says how many decks to deal.
#[test]
fn the_terminal_session_needs_whole_decks() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("ranks.json");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/reference.json"),
    )
    .unwrap()
    .replace(
        r#""shoe": {"decks": 8}"#,
        r#""shoe": {"ranks": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3]}"#,
    );
    std::fs::write(&path, text).unwrap();
    let rules = path.to_str().unwrap();
    let refused = run_stdin(&["session", "--rules", rules], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    let message = String::from_utf8(refused.stderr).unwrap();
    assert!(
        message.contains("this rule file's shoe is not whole decks; give --decks"),
        "{message}"
    );
    let played = run_stdin(&["session", "--rules", rules, "--decks", "1"], "");
    assert!(played.status.success());
    assert!(
        String::from_utf8(played.stdout)
            .unwrap()
            .contains("1 deck.")
    );
}

/// The README's commands are what its block of commands says they are: each line is a
/// command the binary has, and every committed file a line names is in the repository (the
/// README promises that every line runs as it stands; running them all would take minutes).
#[test]
fn the_readmes_commands_name_real_commands_and_committed_files() {
    let readme = super::hostile::repo_file("README.md");
    let block = readme
        .split("## Commands")
        .nth(1)
        .and_then(|rest| rest.split("```sh\n").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("a ```sh block under ## Commands");
    let commands = subcommands();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = 0;
    for line in block.lines() {
        // The command itself, before its comment and any redirection.
        let line = line.split(" #").next().unwrap();
        let line = line.split(" > ").next().unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.first(), Some(&"punto-banco"), "{line}");
        assert!(
            commands.iter().any(|c| c == words[1]),
            "`{}` is not a command: {line}",
            words[1]
        );
        let mut written = false;
        for word in &words[2..] {
            let named_output = std::mem::replace(&mut written, matches!(*word, "-o" | "--out"));
            if named_output || !word.contains('/') || !word.contains('.') {
                continue;
            }
            assert!(
                root.join(word).is_file(),
                "{word} (in `{line}`) is not committed"
            );
            files += 1;
        }
    }
    assert!(files >= 15, "only {files} files named");
}
