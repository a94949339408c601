//! The commands as functions (`punto_banco::api`, what the Python package and a web service
//! call) give the very document the command line prints for the same inputs, and refuse
//! bad options with a one-line error naming them, never a panic.

use super::hostile::run;
use punto_banco::api::{self, ApiError, Input, Table};
use serde_json::{Value, json};

/// The command line's JSON document for these arguments (exit 0, or 1 for a discrepancy).
fn cli(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.extend(["-f", "json"]);
    let output = run(&args, b"");
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A file of the repository by its path from the root.
fn path(relative: &str) -> String {
    format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"))
}

fn shipped(name: &str) -> Table {
    Table::shipped(name).unwrap()
}

#[test]
fn every_command_gives_the_command_lines_document() {
    let ez = shipped("ez-baccarat");
    let claimed_path = path("docs/examples/check/chemin-de-fer.json");
    let claimed = Table::text(
        &claimed_path,
        std::fs::read_to_string(&claimed_path).unwrap(),
    );
    let cases: Vec<(&str, Value, Option<&Table>, Vec<&str>)> = vec![
        ("analyze", json!({}), None, vec!["analyze"]),
        (
            "analyze",
            json!({"decks": 6, "remove": ["8♥", "9C"], "fields": "outcomes,bets"}),
            None,
            vec![
                "analyze",
                "-d",
                "6",
                "--remove",
                "8♥,9C",
                "--fields",
                "outcomes,bets",
            ],
        ),
        (
            "analyze",
            json!({"decks": 1}),
            Some(&ez),
            vec!["analyze", "-d", "1", "-r", "ez-baccarat"],
        ),
        (
            "rules",
            json!({"stake": 100}),
            Some(&ez),
            vec!["rules", "-r", "ez-baccarat", "--stake", "100"],
        ),
        (
            "deal",
            json!({"cards": "4H,2S,9C,AD,8D", "lang": "fr"}),
            None,
            vec!["deal", "4H,2S,9C,AD,8D", "-l", "fr"],
        ),
        (
            "check",
            json!({}),
            Some(&claimed),
            vec!["check", &claimed_path],
        ),
        (
            "eor",
            json!({"decks": 1, "by": "card"}),
            None,
            vec!["eor", "-d", "1", "--by", "card"],
        ),
        (
            "decisions",
            json!({"decks": 2}),
            None,
            vec!["decisions", "-d", "2"],
        ),
        (
            "session-odds",
            json!({"deals": 3}),
            None,
            vec!["session-odds", "--deals", "3"],
        ),
        (
            "session-odds",
            json!({"players": ["banco", "tie"], "lang": "fr"}),
            None,
            vec!["session-odds", "--players", "banco,tie", "-l", "fr"],
        ),
        (
            "count",
            json!({"weights": "thorp-nat9", "shoes": 5, "threshold": "0,3/2", "decks": 2}),
            None,
            vec![
                "count",
                "--weights",
                "thorp-nat9",
                "--shoes",
                "5",
                "--threshold",
                "0,3/2",
                "-d",
                "2",
            ],
        ),
        (
            "count",
            json!({"weights": ["1", "-1", "0", "0", "0", "0", "0", "0", "0", "0"], "shoes": 3}),
            Some(&ez),
            vec![
                "count",
                "--weights",
                "1,-1,0,0,0,0,0,0,0,0",
                "--shoes",
                "3",
                "-r",
                "ez-baccarat",
            ],
        ),
        (
            "chemin",
            json!({"with_replacement": true}),
            None,
            vec!["chemin", "--with-replacement"],
        ),
        (
            "banque",
            json!({"share": "2/3"}),
            None,
            vec!["banque", "--share", "2/3"],
        ),
    ];
    for (command, options, rules, args) in cases {
        let document = api::call(command, &options, rules).unwrap();
        assert_eq!(document, cli(&args), "{command} {options}");
    }
    let log = path("docs/examples/oracle/flags.jsonl");
    let bytes = std::fs::read(&log).unwrap();
    let input = Input {
        name: &log,
        reader: &mut &bytes[..],
    };
    let document = api::call_with_input("verify", &json!({}), None, Some(input)).unwrap();
    assert_eq!(document["summary"]["verdict"], "disagree");
    assert_eq!(document, cli(&["verify", &log]));
}

/// The command line's JSON document, with SOURCE_DATE_EPOCH set to `epoch` (a lab report's
/// date) or unset.
fn cli_dated(args: &[&str], epoch: Option<&str>) -> Value {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"));
    command.args(args).env_remove("SOURCE_DATE_EPOCH");
    if let Some(epoch) = epoch {
        command.env("SOURCE_DATE_EPOCH", epoch);
    }
    let output = command.output().unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// `command` on `options` and the file at `relative`, read as the command line reads it.
fn call_on_file(command: &str, options: Value, rules: Option<&Table>, relative: &str) -> Value {
    let file = path(relative);
    let bytes = std::fs::read(&file).unwrap();
    let input = Input {
        name: &file,
        reader: &mut &bytes[..],
    };
    api::call_with_input(command, &options, rules, Some(input)).unwrap()
}

/// The commands that read a file (counts, shoes, a log) and the lab's reports, which quote
/// the command that made them: the document is the command line's for the command line the
/// call stands for (the file, each option as its flag in the order of their names,
/// `--rules`, `--format json`), dated by the `date` option as SOURCE_DATE_EPOCH dates it.
#[test]
fn the_commands_that_read_a_file_give_the_command_lines_document() {
    let counts = path("docs/examples/oracle/counts.json");
    let document = call_on_file(
        "fit",
        json!({"shown": 3}),
        None,
        "docs/examples/oracle/counts.json",
    );
    assert_eq!(document, cli(&["fit", &counts, "--shown", "3"]));
    let claim = path("data/claims/004-banque.tsv");
    let claimed = json!({"source": claim, "text": std::fs::read_to_string(&claim).unwrap()});
    let document = api::call("fit", &json!({"plan": claimed, "power": 0.99}), None).unwrap();
    assert_eq!(document, cli(&["fit", "--plan", &claim, "--power", "0.99"]));

    let shoes = path("docs/examples/lab/shoes.jsonl");
    let document = call_on_file(
        "shuffle-test",
        json!({"alpha": 0.05, "plan": ["riffle:3"], "pilot": 200}),
        None,
        "docs/examples/lab/shoes.jsonl",
    );
    let args = [
        "shuffle-test",
        &shoes,
        "--alpha",
        "0.05",
        "--pilot",
        "200",
        "--plan",
        "riffle:3",
        "--format",
        "json",
    ];
    // The report quotes the command line the call stands for: these flags, in this order.
    assert_eq!(document["command"][0], "punto-banco");
    assert_eq!(document, cli_dated(&args, None));
    let document = api::call(
        "shuffle-test",
        &json!({"plan": "riffle:3", "pilot": 200}),
        None,
    )
    .unwrap();
    assert_eq!(
        document,
        cli(&["shuffle-test", "--plan", "riffle:3", "--pilot", "200"])
    );

    let log = path("docs/examples/lab/audit-mispaid.jsonl");
    let ez = shipped("ez-baccarat");
    let fair = path("docs/examples/lab/audit-fair.jsonl");
    for (options, rules, file, args) in [
        (
            json!({"alpha": 0.05, "date": "2001-09-09"}),
            None,
            &log,
            vec![
                "audit", &log, "--alpha", "0.05", "--date", "--format", "json",
            ],
        ),
        (
            json!({"lang": "fr"}),
            Some(&ez),
            &fair,
            vec![
                "audit",
                &fair,
                "--lang",
                "fr",
                "--rules",
                "ez-baccarat",
                "--format",
                "json",
            ],
        ),
    ] {
        let relative = file.strip_prefix(&path("")).unwrap();
        let document = call_on_file("audit", options.clone(), rules, relative);
        let epoch = options.get("date").map(|_| "1000000000");
        assert_eq!(document, cli_dated(&args, epoch), "{options}");
    }

    for form in ["order", "log"] {
        let options =
            json!({"count": 2, "seed": 7, "decks": 1, "as": form, "shuffler": "riffle:3"});
        let Value::Array(lines) = api::call("shoes", &options, None).unwrap() else {
            panic!("shoes gives a list of lines");
        };
        let output = run(
            &[
                "shoes",
                "--count",
                "2",
                "--seed",
                "7",
                "-d",
                "1",
                "--as",
                form,
                "--shuffler",
                "riffle:3",
            ],
            b"",
        );
        assert_eq!(output.status.code(), Some(0));
        let expected: Vec<Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(lines, expected, "{form}");
        assert!(lines.len() >= if form == "log" { 10 } else { 2 });
    }
}

/// A run cut into shards and merged is the run: the partials of three shards, merged, give
/// the very report of the whole run, and a merge that lacks a shard names it.
#[test]
fn shards_merged_are_the_whole_run() {
    let whole = api::call(
        "shoe-sim",
        &json!({"shoes": 9, "seed": 3, "decks": 1}),
        None,
    )
    .unwrap();
    let parts: Vec<Value> = ["1/3", "2/3", "3/3"]
        .iter()
        .map(|shard| {
            let options =
                json!({"shoes": 9, "seed": 3, "decks": 1, "shard": shard, "partial": true});
            api::call("shoe-sim", &options, None).unwrap()
        })
        .collect();
    let merged = api::call("shoe-sim-merge", &json!({"parts": parts}), None).unwrap();
    assert_eq!(merged, whole);
    let two = &parts[..2];
    let ApiError(message) = api::call("shoe-sim-merge", &json!({"parts": two}), None).unwrap_err();
    assert!(message.contains("missing shard 3 of 3"), "{message}");
}

/// The error of a call, which must be one line.
fn refused(command: &str, options: Value) -> String {
    let ApiError(message) = api::call(command, &options, None).unwrap_err();
    assert!(!message.contains('\n') && !message.is_empty(), "{message}");
    message
}

#[test]
fn bad_options_are_named() {
    let cases = [
        ("analyze", json!({"decsk": 8}), "unknown field `decsk`"),
        ("analyze", json!({"decks": "eight"}), "decks: invalid type"),
        ("analyze", json!({"decks": -1}), "decks: invalid value"),
        ("analyze", json!({"decks": 0}), "decks"),
        ("analyze", json!({"ranks": [4, 4]}), "ranks: give 13 counts"),
        (
            "analyze",
            json!({"ranks": [4, 4, 4, 4, 4, 4, -4, 4, 4, 4, 4, 4, 4]}),
            "ranks[6]",
        ),
        (
            "analyze",
            json!({"card_counts": vec![8; 51]}),
            "card_counts: give 52 counts",
        ),
        (
            "analyze",
            json!({"remove": "11X"}),
            "remove: card 1: `11X` is not a card",
        ),
        ("analyze", json!({"remove": [7]}), "remove"),
        ("analyze", json!({"fields": "line"}), "fields: `line`"),
        ("analyze", json!([1, 2]), "options are a JSON object"),
        ("deal", json!({}), "missing field `cards`"),
        (
            "deal",
            json!({"cards": "9H,KS,QC,2D", "stake": 0}),
            "stake: 0 is out of range",
        ),
        ("deal", json!({"cards": "4H,2S"}), "only 2 cards"),
        (
            "deal",
            json!({"cards": "9H,KS,QC,2D", "lang": "de"}),
            "lang: unknown variant `de`",
        ),
        ("eor", json!({"by": "suit"}), "by: `suit`"),
        (
            "session-odds",
            json!({"deals": 0}),
            "deals: 0 is out of range",
        ),
        ("session-odds", json!({"players": "banco,,tie"}), "players"),
        (
            "chemin",
            json!({"with_replacement": true, "decks": 6}),
            "with_replacement",
        ),
        ("chemin", json!({"commission": "120%"}), "commission"),
        ("banque", json!({"share": "3/2"}), "share"),
        ("check", json!({}), "check needs a claimed rule set"),
        ("shoe-sim", json!({"shoes": 0}), "shoes: 0 is out of range"),
        ("shoe-sim", json!({"decks": 0}), "decks: 0 is out of range"),
        ("shoe-sim", json!({"shard": "1/2"}), "give partial too"),
        (
            "shoe-sim",
            json!({"shard": "3/2", "partial": true}),
            "shard",
        ),
        (
            "shoe-sim-merge",
            json!({"parts": [{"schema": 1}]}),
            "parts[0]",
        ),
        ("verify", json!({}), "verify needs a log"),
        ("audit", json!({}), "audit needs a log"),
        ("fit", json!({}), "fit needs observed counts"),
        (
            "fit",
            json!({"plan": "no-such-set"}),
            "not a shipped variant",
        ),
        ("fit", json!({"plan": "banque", "alpha": 2.0}), "alpha"),
        ("fit", json!({"plan": "banque", "power": 1.0}), "power"),
        (
            "fit",
            json!({"plan": "banque", "shown": 3}),
            "shown: the cells shown are a fit's",
        ),
        ("shoes", json!({"count": 0}), "count: 0 is out of range"),
        ("shoes", json!({"count": 2000000}), "ask for them in parts"),
        ("shoes", json!({"decks": 0}), "decks: 0 is out of range"),
        ("shoes", json!({"shuffler": "shake:9"}), "shuffler"),
        ("shoes", json!({"as": "csv"}), "as: unknown variant `csv`"),
        ("shuffle-test", json!({}), "0 defects named without shoes"),
        (
            "shuffle-test",
            json!({"plan": "riffle:3,shelf"}),
            "2 defects",
        ),
        ("shuffle-test", json!({"plan": "nonsense"}), "plan"),
        (
            "shuffle-test",
            json!({"power": 0.5}),
            "power: applies to a plan",
        ),
        (
            "shuffle-test",
            json!({"plan": "riffle:3", "pilot": 5}),
            "pilot: 5 is out of range",
        ),
        ("shuffle", json!({}), "`shuffle` is not a command"),
    ];
    for (command, options, needle) in cases {
        let message = refused(command, options.clone());
        assert!(message.contains(needle), "{command} {options}: {message}");
    }
    let ez = shipped("ez-baccarat");
    let ApiError(message) = api::call("banque", &json!({}), Some(&ez)).unwrap_err();
    assert!(message.contains("banque takes no rule set"), "{message}");
    let input = Input {
        name: "the counts",
        reader: &mut &b"{}"[..],
    };
    let ApiError(message) =
        api::call_with_input("analyze", &json!({}), None, Some(input)).unwrap_err();
    assert!(
        message.contains("analyze reads no file, but the counts"),
        "{message}"
    );
    let ApiError(message) = Table::shipped("no-such-variant").unwrap_err();
    assert!(
        message.contains("`no-such-variant` is not a shipped variant"),
        "{message}"
    );
    let broken = Table::text("broken.json", "{\"schema\": 2, \"name\": ".into());
    let ApiError(message) = api::call("analyze", &json!({}), Some(&broken)).unwrap_err();
    assert!(message.starts_with("broken.json: "), "{message}");
    let input = Input {
        name: "the log",
        reader: &mut &b"not json\n{\"cards\": []}\n"[..],
    };
    let ApiError(message) =
        api::call_with_input("verify", &json!({}), None, Some(input)).unwrap_err();
    assert!(
        message.contains("no line of the log could be read as a coup"),
        "{message}"
    );
}

/// `roads` through the api gives the lines the command line prints, one value a line.
#[test]
fn roads_lines_are_the_command_lines() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/oracle/two-shoes.jsonl"
    );
    let log = std::fs::read(path).unwrap();
    let input = punto_banco::api::Input {
        name: "the log",
        reader: &mut &log[..],
    };
    let document =
        punto_banco::api::call_with_input("roads", &serde_json::json!({}), None, Some(input))
            .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["roads", path, "-f", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(document, serde_json::Value::Array(lines));
}
