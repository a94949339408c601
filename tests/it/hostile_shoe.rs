//! One bad shoe object, every command that reads one: `analyze --batch` (the object's fields
//! are the line's), `verify` and `audit` (a shoe line's `shoe`), `analyze --rules` (a rule
//! file's `shoe`) and `shuffle-test` (its `decks`). The same mistake gets the
//! same message from each, since one reader (`input::shoe`) reads them all.

use super::hostile::run;
use serde_json::Value;

/// Shoe objects with one mistake each, and the message every command gives for it.
const MISTAKES: [(&str, &str); 12] = [
    (
        r#"{"decks": 0}"#,
        "decks is `0`: expected a whole number from 1 to 4294967296",
    ),
    (
        r#"{"decks": "8"}"#,
        "decks is `\"8\"`: expected a whole number from 1 to 4294967296",
    ),
    (
        r#"{"decks": 8.5}"#,
        "decks is `8.5`: expected a whole number from 1 to 4294967296",
    ),
    (
        r#"{"ranks": [4,4,4,4,4,4,4,4,4,4,4,4]}"#,
        "ranks holds 12 counts: expected 13 (A, 2, …, 10, J, Q, K)",
    ),
    (
        r#"{"ranks": [4,4,4,4,4,4,4,4,4,-1,4,4,4]}"#,
        "ranks[9] (the count of 10) is `-1`: expected a whole number from 0 to 17179869184",
    ),
    (
        r#"{"ranks": 8}"#,
        "ranks is `8`: expected a list of 13 rank counts, A to K",
    ),
    (
        r#"{"card_counts": [1,1,1]}"#,
        "card_counts holds 3 counts: expected 52 (A♠ A♥ A♦ A♣ 2♠ … K♣: rank-major, suits ♠ ♥ ♦ ♣)",
    ),
    (
        r#"{"decks": 8, "ranks": [4,4,4,4,4,4,4,4,4,4,4,4,4]}"#,
        "give `decks` or `ranks`, not both",
    ),
    (
        r#"{"ranks": [4,4,4,4,4,4,4,4,4,4,4,4,4], "card_counts": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}"#,
        "give one of `decks`, `ranks` or `card_counts`, not `ranks` and `card_counts`",
    ),
    (r#"{"decks": 1, "remove": ["ZZ"]}"#, "remove, card 1: "),
    (
        r#"{"decks": 1, "remove": []}"#,
        "remove is an empty list: give the cards to take out, or leave remove out",
    ),
    (
        r#"{"decks": 1, "remove": ["AS", "AS"]}"#,
        "remove: cannot remove A♠ 2 times: 1 deck holds only 1",
    ),
];

/// The error of a batch of one line.
fn batch_error(shoe: &str) -> String {
    let output = run(&["analyze", "--batch", "-"], format!("{shoe}\n").as_bytes());
    let line: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{shoe}: {e}: {}", String::from_utf8_lossy(&output.stdout)));
    line["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{shoe}: no error: {line}"))
        .to_string()
}

/// The finding of `verify` on a shoe line of this shoe.
fn verify_finding(shoe: &str) -> String {
    let log = format!(
        "{{\"shoe\": {shoe}}}\n{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\"}}\n"
    );
    let output = run(&["verify", "--format", "json", "-"], log.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{shoe}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let found = &report["discrepancies"][0];
    assert_eq!(found["kind"], "malformed", "{shoe}: {report}");
    found["text"].as_str().unwrap().to_string()
}

/// The refusal of `audit` of a log that begins with this shoe.
fn audit_refusal(shoe: &str) -> String {
    let log = format!("{{\"shoe\": {shoe}}}\n{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}}\n");
    let output = run(&["audit", "-"], log.as_bytes());
    assert_eq!(output.status.code(), Some(2), "{shoe}");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn one_bad_shoe_object_gets_one_message_from_every_command() {
    for (shoe, message) in MISTAKES {
        let batch = batch_error(shoe);
        assert!(batch.starts_with(message), "batch, {shoe}: {batch}");
        // The message as far as the reader goes: a card's own error follows `remove, card 1: `.
        let said = batch.as_str();
        let verify = verify_finding(shoe);
        assert!(
            verify.starts_with(&format!("shoe: {said}; ")),
            "verify, {shoe}: {verify}"
        );
        let audit = audit_refusal(shoe);
        assert!(
            audit.contains(&format!("shoe: {said}; ")),
            "audit, {shoe}: {audit}"
        );
    }
}

/// A shoe line must state its shoe (it has no table to fall back on); both commands say so
/// alike.
#[test]
fn a_shoe_object_without_a_base_gets_one_message() {
    for shoe in ["{}", r#"{"remove": ["AS"]}"#] {
        let verify = verify_finding(shoe);
        let audit = audit_refusal(shoe);
        let message = "shoe: give one of `decks` (1 or more), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣)";
        assert!(verify.starts_with(message), "verify, {shoe}: {verify}");
        assert!(audit.contains(message), "audit, {shoe}: {audit}");
    }
}

/// The refusal of `analyze --rules` of the reference rule file with this shoe.
fn rule_file_refusal(shoe: &str) -> String {
    let reference = super::hostile::repo_file("data/variants/reference.json");
    let text = reference.replacen("\"shoe\": {\"decks\": 8}", &format!("\"shoe\": {shoe}"), 1);
    assert_ne!(text, reference, "the reference file states eight decks");
    let output = run(&["analyze", "--rules", "-"], text.as_bytes());
    assert_eq!(output.status.code(), Some(2), "{shoe}");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A rule file's shoe is the same object, its fields named from `shoe`: the mistakes it can
/// make (it states no cards to remove) get the batch line's message, at their line.
#[test]
fn a_rule_file_s_shoe_gets_the_same_message() {
    for (shoe, message) in MISTAKES.iter().filter(|(shoe, _)| !shoe.contains("remove")) {
        let said = rule_file_refusal(shoe);
        let core = message.trim_start_matches("give ");
        assert!(
            said.contains("line 6, column "),
            "rule file, {shoe}: {said}"
        );
        assert!(said.contains(core), "rule file, {shoe}: {said}");
    }
}

/// `shuffle-test` reads `decks` beside its cards as every command does.
#[test]
fn shuffle_test_reads_decks_with_the_same_message() {
    for (decks, core) in [
        ("0", "decks is `0`: expected a whole number from 1 to "),
        ("-1", "decks is `-1`: expected a whole number from 1 to "),
        ("8.5", "decks is `8.5`: expected a whole number from 1 to "),
    ] {
        let line = format!("{{\"cards\": [\"AS\"], \"decks\": {decks}}}\n");
        let output = run(&["shuffle-test", "-"], line.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{decks}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains(core), "shuffle-test, {decks}: {said}");
        let batch = batch_error(&format!("{{\"decks\": {decks}}}"));
        assert!(batch.starts_with(core), "batch, {decks}: {batch}");
        let rule_file = rule_file_refusal(&format!("{{\"decks\": {decks}}}"));
        assert!(rule_file.contains(&format!("shoe.{core}")), "{rule_file}");
    }
}
