//! Hostile input to `verify --roads`: a `roads` field that is not the roads' JSON form, a
//! huge one, one on a line that is not a coup line. Each ends with exit 2 and one short line
//! naming the line and column, never a panic.

use super::hostile::{refused, run};

/// A coup line (Banco wins) with this `roads` field's JSON.
fn coup_with(roads: &str) -> Vec<u8> {
    format!("{{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\", \"roads\": {roads}}}\n").into_bytes()
}

const ROADS: &[&str] = &["verify", "--roads", "-"];

#[test]
fn a_malformed_roads_field_is_refused_with_line_and_column() {
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"big_eye_boy": 3}"#,
            &["line 1, column 81", "expected a string"],
        ),
        (r#"{"big_eye_boy": "RX"}"#, &["line 1", "letter 2 is `X`"]),
        (r#"{"bead_plate": "BQ"}"#, &["line 1", "letter 2 is `Q`"]),
        (
            r#"{"colour": "red"}"#,
            &["line 1", "unknown field `colour`"],
        ),
        (r#"["BPT"]"#, &["line 1, column 65", "not an object"]),
        (r#""BPT""#, &["line 1", "not an object"]),
        (r#"{"leading_ties": -1}"#, &["line 1", "leading_ties"]),
        (
            r#"{"big_road": [[{"winner": "T", "ties": 0}]]}"#,
            &["line 1", "`T`"],
        ),
        (
            r#"{"big_road": [[{"winner": "B", "ties": 99999999999999999999}]]}"#,
            &["line 1"],
        ),
        (
            r#"{"next": {"banco": {"big_eye_boy": "R"}, "punto": null}}"#,
            &["line 1", "missing field"],
        ),
        (
            r#"{"next": {"banco": {"big_eye_boy": "RR", "small_road": null, "cockroach_pig": null}}}"#,
            &["line 1", "next.banco.big_eye_boy"],
        ),
        (
            r#"{"bead_plate": "B", "bead_plate": "B"}"#,
            &["line 1", "duplicate"],
        ),
        (r#"{"bead_plate": "B\u0000"}"#, &["line 1", "letter 2"]),
    ];
    for (roads, needles) in cases {
        refused(ROADS, &coup_with(roads), 2, needles);
    }
    // `roads` given twice on one line.
    refused(
        ROADS,
        br#"{"cards": ["4H", "2S", "2C", "5D"], "winner": "banco", "roads": {}, "roads": {}}"#,
        2,
        &["line 1", "duplicate field `roads`"],
    );
}

#[test]
fn a_roads_field_on_the_wrong_line_is_refused() {
    let wrong: &[&[u8]] = &[
        br#"{"shoe": {"decks": 8}, "roads": {"bead_plate": ""}}"#,
        br#"{"roads": {"bead_plate": "B"}}"#,
        br#"{"winner": "banco", "roads": {}}"#,
    ];
    for line in wrong {
        let mut log =
            b"{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\"}\n".to_vec();
        log.extend_from_slice(line);
        log.push(b'\n');
        refused(ROADS, &log, 2, &["line 2", "belongs on a coup line"]);
    }
    // Without --roads the field is not read.
    let output = run(
        &["verify", "-"],
        b"{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\", \"roads\": 7}\n",
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_huge_roads_field_is_bounded() {
    // Longer than a line may be: refused at its line.
    let huge = format!(r#"{{"bead_plate": "{}"}}"#, "B".repeat(2 << 20));
    refused(ROADS, &coup_with(&huge), 2, &["line 1", "longer than"]);
    // Within a line, a road of a hundred thousand entries is read and found wrong at its
    // second entry, exit 1.
    let long = format!(
        r#"{{"big_eye_boy": "", "bead_plate": "{}"}}"#,
        "B".repeat(100_000)
    );
    let output = run(ROADS, &coup_with(&long));
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("bead_plate entry 2"), "{stdout}");
    // Deeply nested: refused at its line, never a stack overflow.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut log = coup_with("{}");
    log.extend(coup_with(&format!(r#"{{"big_road": {deep}}}"#)));
    refused(ROADS, &log, 2, &["line 2, column"]);
}

/// `roads` names what is wrong with a coup's cards whatever the line claims: too few to
/// finish the coup (not a `winner` missing), or more than the rules deal (not passed over).
#[test]
fn roads_names_a_coup_dealt_short_or_over() {
    for cards in [r#"["4H", "2S", "3C"]"#, r#"["4H"]"#] {
        let line = format!("{{\"cards\": {cards}}}\n");
        refused(
            &["roads", "-"],
            line.as_bytes(),
            2,
            &["line 1", "stop before"],
        );
    }
    refused(
        &["roads", "-"],
        b"{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\", \"9H\", \"9S\"]}\n",
        2,
        &["line 1", "6 cards where the rules deal 4"],
    );
}
