//! The hostile corpus of `audit`: bad shoe logs, each refused with exit 2 and one short line
//! that names the line, the column and what is accepted.

use super::hostile::{refused, run, succeeded};

const SHOE: &str = "{\"shoe\": {\"decks\": 8}}\n";
const COUP: &str = "{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n";

fn audit_refuses(log: &str, needles: &[&str]) {
    refused(&["audit", "-"], log.as_bytes(), 2, needles);
}

#[test]
fn a_good_log_is_audited() {
    succeeded(&run(&["audit", "-"], format!("{SHOE}{COUP}").as_bytes()));
}

#[test]
fn logs_that_cannot_be_read_are_refused_where_they_fail() {
    audit_refuses("", &["no coup"]);
    audit_refuses("\n\n", &["no coup"]);
    audit_refuses(COUP, &["line 1, column 11", "before any shoe line"]);
    audit_refuses(&format!("{SHOE}[1, 2]\n"), &["line 2", "object"]);
    audit_refuses(&format!("{SHOE}{{\"cards\": \n"), &["line 2", "column"]);
    audit_refuses(
        &format!("{SHOE}{{\"winner\": \"banco\"}}\n"),
        &["line 2", "neither `shoe` nor `cards`"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"cards\": \"4H 2S\"}}\n"),
        &["line 2, column 11", "array of cards"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"cards\": [\"4H\", \"2S\", \"2C\", 5]}}\n"),
        &["line 2, column 30", "cards[3]", "not a card"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"cards\": [\"4H\", \"2S\", \"2C\"]}}\n"),
        &["line 2, column 11", "cards"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\", \"9D\"]}}\n"),
        &["line 2, column 36", "deal 4 of these 5"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"cards\": []}}\n"),
        &["line 2", "duplicate field"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"shoe\": {{\"decks\": 8}}, \"cards\": [\"4H\"]}}\n"),
        &["line 2", "not both"],
    );
}

#[test]
fn shoes_that_cannot_be_dealt_are_refused() {
    audit_refuses(
        "{\"shoe\": {\"decks\": 0}}\n",
        &["line 1, column 10", "shoe", "decks"],
    );
    audit_refuses(
        "{\"shoe\": {\"decks\": 8, \"ranks\": [1,1,1,1,1,1,1,1,1,1,1,1,1]}}\n",
        &["line 1", "one of `decks`, `ranks` and `card_counts`"],
    );
    audit_refuses("{\"shoe\": {\"deck\": 8}}\n", &["line 1", "unknown field"]);
    audit_refuses(
        "{\"shoe\": {\"card_counts\": [1, 2]}}\n",
        &["line 1", "2 counts"],
    );
    audit_refuses(
        "{\"shoe\": {\"decks\": 1}, \"burn\": [\"AS\", \"AS\"]}\n",
        &["line 1, column 39", "no A♠ left to burn"],
    );
    audit_refuses(
        "{\"shoe\": {\"decks\": 1}, \"burn\": [\"ZZ\"]}\n",
        &["line 1, column 33", "burn[0]"],
    );
    // A shoe whose counts pass 128 bits is beyond the audit.
    audit_refuses("{\"shoe\": {\"decks\": 65536}}\n", &["line 1", "128 bits"]);
    // A shoe of four cards cannot deal a coup that may need six.
    audit_refuses(
        "{\"shoe\": {\"ranks\": [0,1,1,1,1,0,0,0,0,0,0,0,0]}}\n{\"cards\": [\"2H\", \"3S\", \"4C\", \"5D\"]}\n",
        &["line 2", "fewer than the six"],
    );
    // Cards beyond what the shoe holds.
    audit_refuses(
        "{\"shoe\": {\"decks\": 1}}\n{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n",
        &["line 3, column 12", "no 4♥ left"],
    );
}

#[test]
fn nets_and_stakes_that_cannot_be_read_are_refused() {
    let coup =
        |extra: &str| format!("{SHOE}{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], {extra}}}\n");
    audit_refuses(
        &coup("\"net\": {\"dragon\": 1}"),
        &["line 2", "`dragon` is no bet", "punto, banco, tie"],
    );
    audit_refuses(
        &coup("\"net\": {\"banco\": \"lots\"}"),
        &["line 2", "net.banco", "no amount"],
    );
    audit_refuses(
        &coup("\"net\": {\"banco\": \"1/0\"}"),
        &["line 2", "net.banco"],
    );
    audit_refuses(&coup("\"net\": [1]"), &["line 2", "`net` is an object"]);
    audit_refuses(
        &coup("\"net\": {\"banco\": 1}, \"stake\": 0"),
        &["line 2", "stake", "1 to 1,000,000,000"],
    );
    audit_refuses(
        &coup("\"stake\": 1.5, \"net\": {\"banco\": 1}"),
        &["line 2", "stake"],
    );
}

#[test]
fn bad_bytes_and_settings_are_refused() {
    refused(
        &["audit", "-"],
        b"{\"shoe\": {\"decks\": 8}}\n\xff\xfe\n",
        2,
        &["line 2, column 1", "UTF-8"],
    );
    let long = format!("{SHOE}{{\"cards\": [\"{}\"]}}\n", "4".repeat(2 << 20));
    refused(
        &["audit", "-"],
        long.as_bytes(),
        2,
        &["line 2", "longer than"],
    );
    refused(
        &["audit", "-", "--alpha", "2"],
        format!("{SHOE}{COUP}").as_bytes(),
        2,
        &["--alpha"],
    );
    refused(
        &["audit", "-", "--rules", "no-such-rules"],
        format!("{SHOE}{COUP}").as_bytes(),
        2,
        &["no-such-rules"],
    );
}
