//! The hostile-input corpus of the command line's surface: misspellings, values that would
//! break the error line, rule sets that are not there or not rule sets, procedures too big for
//! their shoe, shards missing at either end, suits written with an emoji's variation selector,
//! and inputs whose size once decided the memory used.

use super::hostile::{bad, refused, run, schema_2_file, succeeded};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_misspelt_flag_command_or_value_gets_the_closest_in_one_line() {
    bad(
        &["analyze", "--deks", "6"],
        &[
            "unexpected argument `--deks`: did you mean `--decks`?",
            "punto-banco analyze --help",
        ],
    );
    bad(
        &["anlyze"],
        &["unrecognized subcommand `anlyze`: did you mean `analyze`?"],
    );
    bad(
        &["shoe-sim", "--shoes", "1", "--sed", "3"],
        &["did you mean `--seed`?", "punto-banco shoe-sim --help"],
    );
    bad(
        &["rules", "--format", "markdwn"],
        &["--format is `markdwn`", "did you mean `markdown`?"],
    );
    // The alias reads as the command, and its help is the command's.
    succeeded(&run(&["analyse", "--decks", "6", "--format", "json"], b""));
    bad(
        &["analyse", "--deks", "6"],
        &["did you mean `--decks`?", "punto-banco analyze --help"],
    );
}

#[test]
fn an_echoed_value_cannot_break_the_line_or_drive_the_terminal() {
    // `refused` holds every message to one line; no raw escape may reach the terminal either.
    for (args, needle) in [
        (
            &["analyze", "--rules", "a\nb"][..],
            "`a\\nb` is neither a file",
        ),
        (&["analyze", "--format", "js\non"], "--format is `js\\non`"),
        (&["analyze", "--decks", "6\n7"], "--decks is `6\\n7`"),
        (&["analyze", "--fields", "outcomes\r\nbets"], "\\r\\n"),
        (&["analyze", "--rules", "\u{1b}[31mred"], "`\\u{1b}[31mred`"),
        (&["analyze", "--\u{2028}x"], "\\u{2028}"),
    ] {
        refused(args, b"", 2, &[needle]);
        let output = run(args, b"");
        assert!(
            !output.stderr.contains(&0x1b),
            "{args:?}: a raw escape reached standard error"
        );
    }
}

#[test]
fn a_rule_set_that_is_not_there_says_so_and_lists_names_only_for_a_name() {
    for path in ["/no/such/file.json", "no/such/rules", "nope.json"] {
        let output = run(&["analyze", "-r", path], b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        refused(&["analyze", "-r", path], b"", 2, &[path, "cannot read"]);
        assert!(
            !stderr.contains("reference-6-decks"),
            "{path}: a path lists the variants: {stderr}"
        );
    }
    bad(
        &["analyze", "-r", "nope"],
        &[
            "`nope` is neither a file nor a shipped variant",
            "ez-baccarat",
            "golden-talons-e",
        ],
    );
    bad(
        &["analyze", "-r", "catalogue/pairz"],
        &[
            "`catalogue/pairz` is neither a file nor a family of the catalogue",
            "dragon-bonus",
        ],
    );
}

#[test]
fn json_that_is_not_an_object_is_not_a_rule_file() {
    for (text, found) in [
        ("[1, 2]", "a list"),
        ("  \"reference\"\n", "a string"),
        ("8", "a number"),
        ("null", "null"),
        ("\u{feff}true", "true or false"),
    ] {
        let needle = format!("the text is {found} in JSON, not an object");
        refused(&["analyze", "--rules", "-"], text.as_bytes(), 2, &[&needle]);
        refused(&["check", "-"], text.as_bytes(), 2, &[&needle]);
    }
    // A text that is not JSON at all is still read as a tableau.
    refused(&["check", "-"], b"[1, 2", 2, &["no tableau found"]);
}

/// The reference rule file dealt by a procedure of ten coups after the cut card: 65 cards
/// behind it, 82 in a shoe at least.
fn long_tail_rules(folder: &std::path::Path) -> String {
    let mut rules: serde_json::Value =
        serde_json::from_str(punto_banco::variants::shipped("reference").unwrap()).unwrap();
    rules["dealing"] = serde_json::json!({
        "burn": "first-card", "ace_burns": 1, "cut": 70, "coups_after_cut": 10
    });
    let path = folder.join("long-tail.json");
    std::fs::write(&path, rules.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_procedure_too_big_for_the_shoe_says_the_shoe_is_too_small() {
    let folder = tempfile::tempdir().unwrap();
    let rules = long_tail_rules(folder.path());
    let needles = [
        "a shoe of 52 cards is too small",
        "needs at least 82",
        "65 behind it for the 10 coups dealt after it",
    ];
    bad(
        &["shoe-sim", "-r", &rules, "-d", "1", "--shoes", "1"],
        &needles,
    );
    bad(
        &[
            "shoe-sim", "-r", &rules, "-d", "1", "--shoes", "1", "--cut", "40",
        ],
        &needles,
    );
    bad(&["shoes", "-r", &rules, "-d", "1"], &needles);
    // Two decks hold it.
    succeeded(&run(&["shoes", "-r", &rules, "-d", "2"], b""));
}

#[test]
fn a_merge_names_every_missing_shard_at_either_end_too() {
    let folder = tempfile::tempdir().unwrap();
    let part = |k: u64| {
        let path = folder.path().join(format!("part-{k}.json"));
        let path = path.to_str().unwrap().to_string();
        let shard = format!("{k}/7");
        succeeded(&run(
            &[
                "shoe-sim",
                "--shoes",
                "7",
                "--seed",
                "3",
                "-d",
                "1",
                "--shard",
                &shard,
                "--partial",
                "-o",
                &path,
            ],
            b"",
        ));
        path
    };
    let (two, four, six) = (part(2), part(4), part(6));
    bad(
        &["shoe-sim", "merge", &two, &four, &six],
        &["missing shards 1, 3, 5, 7 of 7"],
    );
    bad(
        &["shoe-sim", "merge", &six, &four],
        &["missing shards 1-3, 5, 7 of 7"],
    );
    // A partial merge needs consecutive shards only: the gap is named, not the ends.
    bad(
        &["shoe-sim", "merge", "--partial", &two, &four],
        &["missing shard 3 of 7"],
    );
}

#[test]
fn a_suit_with_a_variation_selector_is_the_suit_in_a_card_class_too() {
    let class = |suit: &str| {
        let side = format!(
            r#""spades_first": [{{"punto": {{"first_two": {{"all": {{"suit": "{suit}"}}}}}}, "pays": 2}}]"#
        );
        run(
            &["rules", "--rules", "-", "--format", "json"],
            schema_2_file(2, &side).as_bytes(),
        )
    };
    let plain = class("♠");
    succeeded(&plain);
    for written in ["♠\u{fe0f}", "♠\u{fe0e}", "S", "s", "spades", "Spades", "♤"] {
        let output = class(written);
        succeeded(&output);
        assert_eq!(output.stdout, plain.stdout, "{written:?}");
    }
    // Only after a symbol, and only one suit.
    for wrong in ["\u{fe0f}", "\u{fe0f}♠", "♠♠", "spade"] {
        let side = format!(
            r#""x": [{{"punto": {{"first_two": {{"all": {{"suit": "{wrong}"}}}}}}, "pays": 2}}]"#
        );
        refused(
            &["rules", "--rules", "-"],
            schema_2_file(2, &side).as_bytes(),
            2,
            &["expected a suit \"spades\""],
        );
    }
    // A card and a removed card, as before.
    succeeded(&run(&["deal", "10♠️", "2♥️", "9♣︎", "A♦"], b""));
}

/// Runs the binary under an address-space limit of `megabytes` (the shell's `ulimit -v`),
/// `lines` times `line` on its standard input, written as it is read.
fn under_a_memory_cap(
    args: &[&str],
    megabytes: u64,
    line: Vec<u8>,
    lines: usize,
) -> std::process::Output {
    let script = format!("ulimit -v {} && exec \"$0\" \"$@\"", megabytes * 1024);
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_punto-banco"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        // One worker besides the main thread, and one malloc arena each, so that the address
        // space the cap counts does not follow the machine's cores.
        .env("RAYON_NUM_THREADS", "2")
        .env("MALLOC_ARENA_MAX", "2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..lines {
            if stdin.write_all(&line).is_err() {
                break;
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

#[test]
fn a_batch_of_long_lines_runs_in_memory_bounded_by_the_bytes_read() {
    // 300 lines of 1 MiB (the longest accepted) are 300 MiB: a batch that held up to 4,096
    // lines at once aborted under this cap, printing nothing. Held by bytes, it answers each.
    let mut line = b"{\"decks\": 8".to_vec();
    line.resize((1 << 20) - 2, b' ');
    line.extend_from_slice(b"}\n");
    let output = under_a_memory_cap(
        &["analyze", "--batch", "-", "--fields", "outcomes"],
        200,
        line,
        300,
    );
    succeeded(&output);
    let answers = super::json_lines(&output.stdout);
    assert_eq!(answers.len(), 300);
    assert!(
        answers
            .iter()
            .all(|a| a["outcomes"]["banco"]["count"] == "2292252566437888")
    );
}

#[test]
fn a_long_value_in_a_batch_line_is_quoted_short() {
    let long = "x".repeat(100_000);
    let line = format!("{{\"decks\": \"{long}\"}}\n{{\"remove\": [\"{long}\"]}}\n");
    let output = super::run_with_input(&["analyze", "--batch", "-"], &line);
    succeeded(&output);
    let answers = super::json_lines(&output.stdout);
    assert_eq!(answers.len(), 2);
    for answer in &answers {
        let error = answer["error"].as_str().unwrap();
        assert!(error.len() < 400, "{error}");
        assert!(error.contains("xxxxxxxx…"), "{error}");
    }
}

#[test]
fn shoes_written_to_a_file_take_memory_flat_in_their_count() {
    // 20,000 shoes of eight decks are 42 MB of orders: built in memory, they exceeded this
    // cap; streamed to the temporary file, they fit, and the file is whole.
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("shoes.jsonl");
    let output = under_a_memory_cap(
        &["shoes", "--count", "20000", "-o", path.to_str().unwrap()],
        32,
        Vec::new(),
        0,
    );
    succeeded(&output);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 20_000);
    assert!(text.ends_with("\"]}\n"));
    // Only the target is left in the folder: the temporary was renamed over it.
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
}
