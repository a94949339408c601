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
        &[
            "line 1, column 28",
            "decks is `65`: expected a whole number from 1 to 64",
        ],
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

/// `count` lines of fair shuffles of `cards`, from a fixed seed.
fn shuffled_shoes(cards: &[&str], count: usize) -> Vec<u8> {
    use punto_banco::card::Card;
    use punto_banco::lab::shufflers::Shuffler;
    let cards: Vec<Card> = cards.iter().map(|c| c.parse().unwrap()).collect();
    let mut rng = punto_banco::dealer::Dealer::rng(3);
    (0..count)
        .map(|_| {
            let shoe: Vec<String> = Shuffler::Fair
                .shuffle(&cards, &mut rng)
                .iter()
                .map(|c| c.ascii())
                .collect();
            let shoe: Vec<&str> = shoe.iter().map(String::as_str).collect();
            String::from_utf8(same_shoes(&shoe, 1)).unwrap()
        })
        .collect::<Vec<_>>()
        .join("\n")
        .into_bytes()
}

/// `count` lines of the same shoe, `cards` in order.
fn same_shoes(cards: &[&str], count: usize) -> Vec<u8> {
    let line = format!(
        r#"{{"cards": [{}]}}"#,
        cards
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    vec![line; count].join("\n").into_bytes()
}

#[test]
fn a_test_with_no_degrees_of_freedom_or_no_variance_is_untested_and_takes_no_share_of_alpha() {
    // Six ten-valued cards twice, sixty shoes: the values never change, so the successor
    // pairs, the serial correlations and the value against position cannot vary; a shoe
    // of one card repeated cannot vary at all.
    let tens = [
        "TS", "TS", "JH", "JH", "QD", "QD", "KC", "KC", "TH", "TH", "JS", "JS",
    ];
    let output = run(
        &["shuffle-test", "-", "-f", "json"],
        &shuffled_shoes(&tens, 60),
    );
    succeeded(&output);
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let tests = doc["tests"].as_array().unwrap();
    let verdict = |name: &str| {
        tests
            .iter()
            .find(|t| t["name"] == name)
            .map(|t| (t["verdict"].clone(), t["note"].clone()))
            .unwrap()
    };
    let (successor, why) = verdict("successor_pairs");
    assert_eq!(successor, "untested", "{why}");
    assert!(why.as_str().unwrap().contains("single value"), "{why}");
    for name in ["value_by_position", "serial_correlation_lag_1"] {
        assert_eq!(verdict(name).0, "untested", "{name}");
    }
    // Holm's m counts only the tests run.
    let run_count = tests.iter().filter(|t| t["verdict"] != "untested").count();
    assert!(
        doc["summary"]
            .as_str()
            .unwrap()
            .contains(&format!("(Holm, {run_count} tests)")),
        "{doc}"
    );
    let one = run(&["shuffle-test", "-"], &same_shoes(&["AS"; 5], 3));
    succeeded(&one);
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(
        text.contains("UNTESTED, no test could be run over 3 shoes"),
        "{text}"
    );
}

#[test]
fn fair_shoes_of_a_skewed_composition_are_not_failed_by_a_rare_event() {
    // 9♣, 9♦ and 414 kings, ten shoes, the two nines adjacent in one of them: an event of
    // about 5% chance under the null, which the normal approximation of the serial
    // correlation called 10⁻¹⁹. It is read with Bennett's bound and passes.
    let mut lines = Vec::new();
    for i in 0..10 {
        let mut cards = vec!["KS"; 416];
        let first = 37 * i + 3;
        cards[first] = "9C";
        cards[if i == 4 {
            first + 1
        } else {
            (first + 150) % 416
        }] = "9D";
        lines.push(String::from_utf8(same_shoes(&cards, 1)).unwrap());
    }
    let output = run(
        &["shuffle-test", "-", "-f", "json"],
        lines.join("\n").as_bytes(),
    );
    succeeded(&output);
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let lag1 = doc["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "serial_correlation_lag_1")
        .unwrap();
    assert_eq!(lag1["statistic_kind"], "bennett", "{lag1}");
    assert!(lag1["p_value"].as_f64().unwrap() > 0.01, "{lag1}");
}

#[test]
fn a_date_that_cannot_be_read_is_refused() {
    for bad in ["yesterday", "-5", "1e9", "253402300800"] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
            .args(["shuffle-test", "docs/examples/lab/shoes.jsonl"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("SOURCE_DATE_EPOCH", bad)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{bad}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("SOURCE_DATE_EPOCH") && stderr.contains("expected a whole number"),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn plan_flags_that_do_not_fit_a_file_are_refused() {
    refused(
        &["shuffle-test", "-", "--plan", "riffle:3", "--decks", "8"],
        ONE.as_bytes(),
        2,
        &["--decks"],
    );
    refused(
        &["shuffle-test", "-", "--plan", "riffle:3", "--power", "0.9"],
        ONE.as_bytes(),
        2,
        &["--power"],
    );
    refused(
        &["shuffle-test", "-", "--plan", "riffle:3,wobble"],
        ONE.as_bytes(),
        2,
        &["--plan", "`wobble` is not a shuffler"],
    );
    refused(
        &["shuffle-test", "--plan", "riffle:3", "--plan", "shelf"],
        b"",
        2,
        &["--plan", "2 defects named without a FILE"],
    );
    refused(
        &["shuffle-test", "--plan", "riffle:3", "--date"],
        b"",
        2,
        &["<FILE>"],
    );
}
