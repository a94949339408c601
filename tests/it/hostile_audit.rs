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
        &format!("{SHOE}{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"cards\": []}}\n"),
        &["line 2", "duplicate field"],
    );
    audit_refuses(
        &format!("{SHOE}{{\"shoe\": {{\"decks\": 8}}, \"cards\": [\"4H\"]}}\n"),
        &["line 2", "not both"],
    );
}

/// Coups the rules would not deal are read (their cards leave the shoe) and reported as
/// `drawing` findings: exit 1, with the report, not exit 2.
#[test]
fn coups_the_rules_would_not_deal_are_findings_not_refusals() {
    for (coups, needle) in [
        (
            "{\"cards\": [\"4H\", \"2S\", \"2C\"]}\n",
            "line 2: the log has 3 cards",
        ),
        (
            "{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\", \"9D\"]}\n",
            "line 2: the log has 5 cards but the coup uses 4",
        ),
        ("{\"cards\": []}\n", "line 2: the log has 0 cards"),
    ] {
        let log = format!("{SHOE}{coups}{COUP}");
        let output = run(&["audit", "-"], log.as_bytes());
        let (stdout, stderr) = (
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        assert_eq!(output.status.code(), Some(1), "{log}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("findings (drawing)"), "{stderr}");
        assert!(stdout.contains(needle), "{stdout}");
        assert!(stdout.contains("punto-banco verify -"), "{stdout}");
        assert!(stdout.contains("1 coup in 1 shoe"), "{stdout}");
    }
}

/// A shoe of 50,000 decks (2.6 million cards, the largest the audit counts in 128 bits)
/// gives every coup its own number of cards left, so its exact sums grow with every coup:
/// a few hundred coups are audited with memory bounded (512 MB of address space here; the
/// benchmark `audit_huge_shoe` measures time).
#[test]
fn a_huge_shoe_is_audited_within_bounded_memory() {
    use punto_banco::card::Card;
    use punto_banco::dealer::Dealer;
    use punto_banco::rules::DrawingRules;
    let mut rng = Dealer::rng(17);
    let mut dealer = Dealer::shuffled(50_000, &mut rng);
    let mut log = String::from("{\"shoe\": {\"decks\": 50000}}\n");
    let names = |cards: &[Card]| -> String {
        let names: Vec<String> = cards.iter().map(|c| format!("\"{}\"", c.ascii())).collect();
        names.join(",")
    };
    for _ in 0..300 {
        let coup = dealer.deal_coup(&DrawingRules::reference()).unwrap();
        log += &format!("{{\"cards\": [{}]}}\n", names(&coup.dealt_in_order()));
    }
    // The address space is capped by the shell that runs the binary: an audit that grew
    // past it would abort instead of answering.
    let binary = env!("CARGO_BIN_EXE_punto-banco");
    let mut child = std::process::Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v 524288 && exec '{binary}' audit -"),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(log.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    succeeded(&output);
    assert!(String::from_utf8_lossy(&output.stdout).contains("300 coups in 1 shoe"));
}

#[test]
fn shoes_that_cannot_be_dealt_are_refused() {
    audit_refuses(
        "{\"shoe\": {\"decks\": 0}}\n",
        &["line 1, column 10", "shoe", "decks"],
    );
    audit_refuses(
        "{\"shoe\": {\"decks\": 8, \"ranks\": [1,1,1,1,1,1,1,1,1,1,1,1,1]}}\n",
        &["line 1", "give `decks` or `ranks`, not both"],
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
    // Amounts as `verify` reads them: at most 18 digits a part.
    audit_refuses(
        &coup("\"net\": {\"banco\": \"1234567890123456789/20\"}"),
        &["line 2", "net.banco", "at most 18 digits"],
    );
    audit_refuses(
        &coup("\"net\": {\"banco\": 1e999}"),
        &["line 2", "net.banco", "no amount"],
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
