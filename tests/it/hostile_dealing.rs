//! Hostile input for the dealing procedure: bad `dealing` objects in rule files, bad burns
//! and orders in shoe logs. Each is refused in one line naming what, where and what is
//! accepted (exit 2), or, in a log, reported as a malformed line (exit 1); never a panic.

use super::hostile::{bad, refused, run};

/// The reference rule file with `dealing` set to this JSON text, written to a file.
fn with_dealing(folder: &std::path::Path, name: &str, dealing: &str, shoe: Option<&str>) -> String {
    let text = punto_banco::variants::shipped("reference").unwrap();
    let mut parts = String::from(text.trim_end().trim_end_matches('}').trim_end());
    parts.push_str(&format!(",\n  \"dealing\": {dealing}"));
    if let Some(shoe) = shoe {
        parts.push_str(&format!(",\n  \"shoe\": {shoe}"));
    }
    parts.push_str("\n}\n");
    let path = folder.join(name);
    std::fs::write(&path, parts).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn bad_dealing_objects_are_refused_where_they_stand() {
    let folder = tempfile::tempdir().unwrap();
    let cases: &[(&str, Option<&str>, &[&str])] = &[
        (
            r#"{"burn": "some", "cut": 14, "coups_after_cut": 1}"#,
            None,
            &["dealing.burn is `some`", "\"first-card\"", "\"none\""],
        ),
        (
            r#"{"burn": 3, "cut": 14, "coups_after_cut": 1}"#,
            None,
            &["invalid type"],
        ),
        (
            r#"{"burn": "first-card", "ace_burns": 0, "cut": 14, "coups_after_cut": 1}"#,
            None,
            &["dealing.ace_burns is `0`", "from 1 to 11"],
        ),
        (
            r#"{"burn": "first-card", "ace_burns": 1.5, "cut": 14, "coups_after_cut": 1}"#,
            None,
            &["dealing.ace_burns is `1.5`"],
        ),
        (
            r#"{"burn": "none", "ace_burns": 1, "cut": 14, "coups_after_cut": 1}"#,
            None,
            &["ace_burns is given with \"burn\": \"none\""],
        ),
        (
            r#"{"burn": "first-card", "cut": 10, "coups_after_cut": 1}"#,
            None,
            &[
                "the cut card is 10 cards from the end",
                "expected at least 11",
            ],
        ),
        (
            r#"{"burn": "first-card", "cut": 3, "coups_after_cut": 0}"#,
            None,
            &["dealing.cut is `3`", "from 5"],
        ),
        (
            r#"{"burn": "first-card", "cut": -14, "coups_after_cut": 1}"#,
            None,
            &["dealing.cut is `-14`"],
        ),
        (
            r#"{"burn": "first-card", "cut": 14, "coups_after_cut": 1001}"#,
            None,
            &["dealing.coups_after_cut is `1001`", "from 0 to 1000"],
        ),
        (
            r#"{"burn": "first-card", "cut": 14}"#,
            None,
            &["missing field `coups_after_cut`"],
        ),
        (
            r#"{"burn": "first-card", "cut": 14, "coups_after_cut": 1, "shuffle": 3}"#,
            None,
            &["unknown field `shuffle`"],
        ),
        (r#"[14]"#, None, &["expected a dealing object"]),
        // The reference file states eight decks: 416 cards, less 11 burned at most and a coup.
        (
            r#"{"burn": "first-card", "cut": 400, "coups_after_cut": 1}"#,
            None,
            &[
                "dealing: the cut card is 400 cards from the end of a shoe of 416 cards",
                "expected at most 399",
            ],
        ),
    ];
    for (i, (dealing, shoe, needles)) in cases.iter().enumerate() {
        let path = with_dealing(folder.path(), &format!("bad-{i}.json"), dealing, *shoe);
        let mut with_line = needles.to_vec();
        with_line.push("line ");
        for command in ["analyze", "shoe-sim", "shoes"] {
            bad(&[command, "--rules", &path], &with_line);
        }
    }
}

#[test]
fn shoe_sim_and_shoes_refuse_a_procedure_their_shoe_cannot_follow() {
    // The reference procedure on a shoe too small for its cut card and burn.
    let folder = tempfile::tempdir().unwrap();
    let path = with_dealing(
        folder.path(),
        "deep.json",
        r#"{"burn": "first-card", "cut": 40, "coups_after_cut": 1}"#,
        None,
    );
    bad(
        &["shoes", "--rules", &path, "-d", "1"],
        &["the dealing procedure", "expected at most 35"],
    );
    bad(
        &["shoe-sim", "--rules", &path, "-d", "1", "--shoes", "1"],
        &["the dealing procedure", "cut is `40`", "from 11 to 35"],
    );
    bad(
        &["shoe-sim", "--cut", "10", "-d", "1", "--shoes", "1"],
        &["--cut is `10`", "from 11 to 35"],
    );
}

#[test]
fn bad_burns_and_orders_in_a_log_are_malformed_lines() {
    let coup = r#"{"cards": ["4H","2S","2C","5D"], "winner": "banco"}"#;
    for (shoe, needle) in [
        (r#"{"shoe": {"decks": 1}, "burn": ["7H", "XX"]}"#, "burn: "),
        (
            r#"{"shoe": {"decks": 1}, "order": ["7H", 3]}"#,
            "invalid type",
        ),
        (r#"{"shoe": {"decks": 1}, "burn": "7H"}"#, "invalid type"),
        (
            r#"{"shoe": {"decks": 1}, "burn": [], "burn": []}"#,
            "duplicate field `burn`",
        ),
        (
            r#"{"shoe": {"decks": 1}, "order": [], "order": []}"#,
            "duplicate field `order`",
        ),
        (
            r#"{"cards": ["4H","2S","2C","5D"], "winner": "banco", "burn": ["7H"]}"#,
            "belong on a shoe line",
        ),
    ] {
        let log = format!("{shoe}\n{coup}\n");
        refused(&["verify", "-"], log.as_bytes(), 1, &[]);
        let output = run(&["verify", "-"], log.as_bytes());
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(needle), "{shoe}: {text}");
        assert!(text.contains("line 1"), "{shoe}: {text}");
    }
    // An order that is not the stated shoe: a dealing finding, exit 1.
    let log = format!(
        "{}\n{coup}\n",
        r#"{"shoe": {"decks": 1}, "order": ["4H","2S","2C","5D"]}"#
    );
    let output = run(&["verify", "-"], log.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("the order is not the stated shoe"),
        "{output:?}"
    );
    // A huge burn on a tiny shoe: its cards beyond the shoe are impossible, never a panic.
    let burn: Vec<String> = (0..200).map(|_| "\"KS\"".to_string()).collect();
    let log = format!(
        "{{\"shoe\": {{\"ranks\": [1,1,1,1,1,1,0,0,0,0,0,0,0]}}, \"burn\": [{}]}}\n{coup}\n",
        burn.join(",")
    );
    let output = run(&["verify", "-"], log.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}
