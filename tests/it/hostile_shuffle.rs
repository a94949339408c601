//! Hostile input for `shuffle-test`: every case ends with exit 2 and one short line naming
//! the line, the column and what is accepted; never a panic, a hang or unbounded memory.

use super::hostile::{refused, run, succeeded};

const ONE: &str = r#"{"cards": ["AS", "2S", "3S", "4S"]}"#;

fn shoes(lines: &[&str]) -> Vec<u8> {
    lines.join("\n").into_bytes()
}

#[test]
fn a_shoe_unlike_the_first_is_named_by_line_and_card() {
    refused(
        &["shuffle-test", "-"],
        &shoes(&[ONE, r#"{"cards": ["AS", "2S", "3S", "3S"]}"#]),
        2,
        &["line 2", "3S appears 2 times: expected 1", "first shoe"],
    );
    refused(
        &["shuffle-test", "-"],
        &shoes(&[ONE, r#"{"cards": ["AS", "2S", "3S"]}"#]),
        2,
        &["line 2", "holds 3 cards: expected 4"],
    );
    refused(
        &["shuffle-test", "-"],
        &shoes(&[r#"{"cards": ["AS", "2S"], "decks": 1}"#]),
        2,
        &[
            "line 1",
            "\"decks\": 1 means every card 1 times, but AH appears 0 times",
        ],
    );
    refused(
        &["shuffle-test", "-"],
        &shoes(&[r#"{"cards": ["AS"], "decks": 65}"#]),
        2,
        &["line 1", "\"decks\" is 65: expected 1 to 64"],
    );
}

#[test]
fn what_is_not_a_shoe_line_is_refused_where_it_fails() {
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"cards": ["AS", "ZZ"]}"#,
            &["line 1, column 19", "`ZZ` is not a card"],
        ),
        (r#"{"cards": ["AS", "2S"]"#, &["line 1", "expected a shoe"]),
        (r#"{"cards": "AS"}"#, &["line 1", "expected a shoe"]),
        (r#"{"cards": [], "decks": 1}"#, &["line 1", "no card"]),
        (
            r#"{"cards": ["AS"], "deck": 1}"#,
            &["line 1", "unknown field `deck`"],
        ),
        (r#"{"cards": ["A\u0053", "Q♠️"]}"#, &[]),
        ("[1, 2, 3]", &["line 1", "expected a shoe"]),
        ("\u{feff}{}", &["line 1"]),
        (r#"{"cards": [1, 2]}"#, &["line 1", "expected a shoe"]),
        (r#"{"cards": ["AS"], "decks": -1}"#, &["line 1"]),
    ];
    for (line, needles) in cases {
        if needles.is_empty() {
            // Escapes and variation selectors are cards still.
            succeeded(&run(&["shuffle-test", "-"], line.as_bytes()));
            continue;
        }
        refused(&["shuffle-test", "-"], line.as_bytes(), 2, needles);
    }
}

#[test]
fn too_much_is_refused_before_it_is_held() {
    let long = format!(r#"{{"cards": [{}]}}"#, vec![r#""AS""#; 400_000].join(","));
    refused(
        &["shuffle-test", "-"],
        long.as_bytes(),
        2,
        &["line 1", "longer than"],
    );
    let many = format!(r#"{{"cards": [{}]}}"#, vec![r#""AS""#; 4000].join(","));
    refused(
        &["shuffle-test", "-"],
        many.as_bytes(),
        2,
        &["4000 cards", "at most 3328"],
    );
    refused(&["shuffle-test", "-"], b"\n\n  \n", 2, &["no shoe"]);
    refused(&["shuffle-test", "-"], b"\xff\xfe", 2, &["line 1"]);
}

#[test]
fn plan_settings_out_of_range_are_refused() {
    refused(
        &["shuffle-test", "--plan", "riffle:0"],
        b"",
        2,
        &["--plan", "`riffle:0` is not a shuffler", "riffle[:K 1-64]"],
    );
    refused(
        &["shuffle-test", "--plan", "fair", "--decks", "65"],
        b"",
        2,
        &["--decks"],
    );
    refused(
        &["shuffle-test", "--plan", "fair", "--power", "1.5"],
        b"",
        2,
        &["--power"],
    );
    refused(
        &["shuffle-test", "-", "--alpha", "0"],
        ONE.as_bytes(),
        2,
        &["--alpha"],
    );
}
