//! The roads' conformance vectors and `verify --roads`: the vectors exercise every rule of
//! every road (checked here, rule by rule, not claimed), each rule named for an entry says
//! what a naive reading of the columns says, and a road error planted in a log (one mark,
//! one entry, one count changed) is found with the rule that decides its entry.

use punto_banco::Winner::{self, Banco, Punto, Tie};
use punto_banco::oracle::verify::{
    Discrepancy, Finding, Sink, Summary, Verdict, Verifier, read_log_following,
};
use punto_banco::render::road_rules::road_vectors;
use punto_banco::roads::follow::RoadsFollower;
use punto_banco::roads::vectors::{exercised, vectors};
use punto_banco::roads::{Derived, Layout, RoadRule, Roads, Side};
use punto_banco::rules::Rules;
use serde_json::Value;
use std::collections::BTreeSet;

/// The SHA-256 of `punto-banco vectors --roads`, pinned: a change to the vectors, or to the
/// roads they show, is a change scoreboard authors must hear of.
const ROAD_VECTORS_SHA256: &str =
    "b40d02d2de72b24d547333586a9acb781ba13b82e6e76969150fb4cecfc90b95";

#[test]
fn every_rule_is_exercised_by_a_vector() {
    let mut seen = BTreeSet::new();
    for results in vectors() {
        seen.extend(exercised(&Roads::new(&results), Layout::default()));
    }
    let missing: Vec<RoadRule> = RoadRule::all()
        .into_iter()
        .filter(|rule| !seen.contains(rule))
        .collect();
    assert!(missing.is_empty(), "rules no vector exercises: {missing:?}");
    // What the rules do not name, the vectors hold too: ties on the last entry, a derived
    // road's ask cell null and marked, long shoes.
    let all = vectors();
    let ends_on_a_tie = |r: &Vec<Winner>| {
        r.last() == Some(&Tie) && r.iter().any(|&w| w != Tie) && r[r.len() - 2] == Tie
    };
    assert!(
        all.iter().any(ends_on_a_tie),
        "no vector ends on two ties after a win"
    );
    for road in Derived::ALL {
        let ask = |r: &Vec<Winner>| Roads::new(r).ask(Side::Banco)[road.offset() - 1];
        assert!(all.iter().any(|r| ask(r).is_none()));
        assert!(all.iter().any(|r| ask(r).is_some()));
    }
    assert!(all.iter().filter(|r| r.len() >= 80).count() >= 4);
    assert!(all.iter().any(|r| lengths(r).iter().any(|&n| n >= 12)));
}

/// The columns' lengths by a naive walk of the results.
fn lengths(results: &[Winner]) -> Vec<usize> {
    let mut columns: Vec<(Winner, usize)> = Vec::new();
    for &w in results.iter().filter(|&&w| w != Tie) {
        match columns.last_mut() {
            Some((last, n)) if *last == w => *n += 1,
            _ => columns.push((w, 1)),
        }
    }
    columns.into_iter().map(|(_, n)| n).collect()
}

#[test]
fn each_named_rule_says_what_the_columns_say() {
    for results in vectors() {
        let roads = Roads::new(&results);
        let len = lengths(&results);
        let big = roads.big_road();
        for road in Derived::ALL {
            let k = road.offset();
            let k8 = k as u8;
            let positions = big.positions();
            let rules = roads.derived_rules(road);
            assert_eq!(rules.len(), positions.len());
            for (&(c, r), &rule) in positions.iter().zip(&rules) {
                let expected = if (r == 0 && c < k + 1) || (r >= 1 && c < k) {
                    RoadRule::NotYet { k: k8 }
                } else if r == 0 && len[c - 1] == len[c - 1 - k] {
                    RoadRule::NewColumnEqual { k: k8 }
                } else if r == 0 {
                    RoadRule::NewColumnUnequal { k: k8 }
                } else if len[c - k] == r {
                    RoadRule::SameColumnExactly { k: k8 }
                } else if len[c - k] > r {
                    RoadRule::SameColumnLonger { k: k8 }
                } else {
                    RoadRule::SameColumnShorter { k: k8 }
                };
                assert_eq!(rule, expected, "{results:?} road {k} at ({c}, {r})");
            }
            // The marks are the marking rules' marks.
            let marks: Vec<_> = rules.iter().filter_map(|rule| rule.mark()).collect();
            assert_eq!(marks, roads.derived(road), "{results:?}");
        }
    }
}

#[test]
fn road_vectors_are_pinned_and_counted() {
    let output = super::run_with_input(&["vectors", "--roads"], "");
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines = output
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty());
    let count = lines.count();
    assert_eq!(count, vectors().len());
    assert_eq!(
        stderr.trim(),
        format!("{count} vectors, sha256 {ROAD_VECTORS_SHA256}"),
        "the roads' vectors changed: if that is meant, pin the SHA-256 `punto-banco vectors --roads` prints"
    );
    // Every line is the roads of its bead plate, in the JSON form of `roads`.
    for (line, vector) in output.stdout.split(|&b| b == b'\n').zip(road_vectors()) {
        let value: Value = serde_json::from_slice(line).unwrap();
        assert_eq!(value["bead_plate"], vector.bead_plate.as_str());
    }
    // `-f csv` has no form for the roads.
    let csv = super::run_with_input(&["vectors", "--roads", "-f", "csv"], "");
    assert_eq!(csv.status.code(), Some(2));
}

/// A coup line's cards and winner for each result: Punto 6 against Banco 7, its mirror,
/// 7 against 7.
fn coup_cards(winner: Winner) -> &'static str {
    match winner {
        Banco => r#"["4H", "2S", "2C", "5D"], "winner": "banco""#,
        Punto => r#"["2S", "4H", "5D", "2C"], "winner": "punto""#,
        Tie => r#"["4H", "4S", "3C", "3D"], "winner": "tie""#,
    }
}

/// A log of these results, in a shoe of 100 decks, the last coup line stating `roads`.
fn log(results: &[Winner], roads: &Value) -> String {
    let mut text = String::from("{\"shoe\": {\"decks\": 100}}\n");
    for (i, &w) in results.iter().enumerate() {
        text.push_str(&format!("{{\"cards\": {}", coup_cards(w)));
        if i + 1 == results.len() {
            text.push_str(&format!(", \"roads\": {roads}"));
        }
        text.push_str("}\n");
    }
    text
}

/// The findings of a log.
struct Found(Vec<Discrepancy>);

impl Sink for Found {
    type Error = std::convert::Infallible;
    fn discrepancy(&mut self, d: &Discrepancy) -> Result<(), Self::Error> {
        self.0.push(d.clone());
        Ok(())
    }
    fn summary(&mut self, _: &Summary) -> Result<(), Self::Error> {
        Ok(())
    }
}

fn verify_roads(text: &str) -> (Vec<Discrepancy>, Verdict) {
    let rules = Rules::reference();
    let mut found = Found(Vec::new());
    let summary = read_log_following(
        text.as_bytes(),
        &mut Verifier::new(&rules),
        1 << 20,
        &mut found,
        &mut RoadsFollower::new(),
    )
    .unwrap();
    (found.0, summary.verdict())
}

/// A vector's roads as a log states them: the keys of `roads -f json`.
fn stated(vector: &punto_banco::document::road_vectors::RoadVector) -> Value {
    let mut value = serde_json::to_value(vector).unwrap();
    let object = value.as_object_mut().unwrap();
    for key in ["big_road_cells", "rules", "vector"] {
        object.remove(key);
    }
    value
}

/// The one rule named for the single finding of a log, checking its road and entry.
fn named_rule(text: &str, road: &str, entry: usize) -> RoadRule {
    let (found, verdict) = verify_roads(text);
    assert_eq!(verdict, Verdict::Disagree, "{text}");
    assert_eq!(found.len(), 1, "{text}: {found:?}");
    let Finding::Road { disagreement, .. } = &found[0].finding else {
        panic!("{text}: {found:?}");
    };
    assert_eq!(
        (disagreement.road.as_str(), disagreement.entry),
        (road, entry)
    );
    disagreement.rule
}

fn flip(mark: char) -> char {
    if mark == 'R' { 'B' } else { 'R' }
}

#[test]
fn correct_roads_agree_and_planted_errors_are_found_with_their_rule() {
    let mut named = BTreeSet::new();
    for (results, vector) in vectors().iter().zip(road_vectors()) {
        if results.is_empty() {
            continue;
        }
        let roads = Roads::new(results);
        let good = stated(&vector);
        let (found, verdict) = verify_roads(&log(results, &good));
        assert_eq!((found.len(), verdict), (0, Verdict::Agree), "{found:?}");
        // Every mark of every derived road flipped, one at a time, and one mark too many.
        for road in Derived::ALL {
            let marks: Vec<char> = good[road.key()].as_str().unwrap().chars().collect();
            let marking: Vec<RoadRule> = (roads.derived_rules(road).into_iter())
                .filter(|rule| rule.mark().is_some())
                .collect();
            for i in 0..marks.len() {
                let mut planted = marks.clone();
                planted[i] = flip(planted[i]);
                let mut bad = good.clone();
                bad[road.key()] = Value::from(planted.iter().collect::<String>());
                let rule = named_rule(&log(results, &bad), road.key(), i + 1);
                assert_eq!(rule, marking[i]);
                named.insert(rule);
            }
            let mut bad = good.clone();
            bad[road.key()] = Value::from(format!("{}R", marks.iter().collect::<String>()));
            let rule = named_rule(&log(results, &bad), road.key(), marks.len() + 1);
            assert_eq!(
                rule,
                RoadRule::NotYet {
                    k: road.offset() as u8
                }
            );
            named.insert(rule);
            // An ask cell flipped, or marked where the road does not mark yet.
            let key = format!("next.banco.{}", road.key());
            let mut bad = good.clone();
            let cell = &mut bad["next"]["banco"][road.key()];
            *cell = match cell.as_str() {
                Some(mark) => Value::from(flip(mark.chars().next().unwrap()).to_string()),
                None => Value::from("R"),
            };
            let rule = named_rule(&log(results, &bad), &key, 1);
            assert_eq!(rule, roads.ask_rules(Side::Banco)[road.offset() - 1]);
            named.insert(rule);
        }
        // A result of the bead plate changed, the leading ties miscounted.
        let mut bad = good.clone();
        bad["bead_plate"] = Value::from(format!("{}B", good["bead_plate"].as_str().unwrap()));
        named.insert(named_rule(
            &log(results, &bad),
            "bead_plate",
            results.len() + 1,
        ));
        let mut bad = good.clone();
        bad["leading_ties"] = Value::from(roads.big_road().leading_ties() + 1);
        named.insert(named_rule(&log(results, &bad), "leading_ties", 1));
        // Each Big Road entry's winner flipped, then its ties one more.
        let mut entry = 0;
        for (c, column) in roads.big_road().columns().iter().enumerate() {
            for r in 0..column.len() {
                entry += 1;
                let mut bad = good.clone();
                let winner = &mut bad["big_road"][c][r]["winner"];
                *winner = Value::from(if winner == "B" { "P" } else { "B" });
                let rule = named_rule(&log(results, &bad), "big_road", entry);
                assert_eq!(
                    rule,
                    [RoadRule::NewColumn, RoadRule::SameColumn][usize::from(r > 0)]
                );
                named.insert(rule);
                let mut bad = good.clone();
                let ties = column[r].ties;
                bad["big_road"][c][r]["ties"] = Value::from(ties + 1);
                let rule = named_rule(&log(results, &bad), "big_road", entry);
                let decided = if ties >= 2 {
                    RoadRule::TieAfterTie
                } else {
                    RoadRule::TieOnEntry
                };
                assert_eq!(rule, decided);
                named.insert(rule);
            }
        }
    }
    // Every rule a log's roads can state is named by some planted error; the display's
    // rules are not in the JSON form (logical columns), the vectors' cells show them.
    let missing: Vec<RoadRule> = RoadRule::all()
        .into_iter()
        .filter(|rule| !rule.is_display() && !named.contains(rule))
        .collect();
    assert!(
        missing.is_empty(),
        "rules no planted error names: {missing:?}"
    );
}

#[test]
fn verify_roads_exits_one_on_a_planted_error_and_zero_on_the_reference() {
    let results = [Banco, Banco, Punto, Tie, Banco, Banco, Punto];
    let vector = road_vectors()
        .into_iter()
        .find(|v| v.bead_plate == "BBPTBBP")
        .unwrap();
    let good = stated(&vector);
    let output = super::run_with_input(&["verify", "--roads", "-"], &log(&results, &good));
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let mut bad = good.clone();
    let marks = good["big_eye_boy"].as_str().unwrap();
    bad["big_eye_boy"] = Value::from(format!(
        "{}{}",
        &marks[..1],
        flip(marks.chars().nth(1).unwrap())
    ));
    let output = super::run_with_input(&["verify", "--roads", "-"], &log(&results, &bad));
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("shoe 1, big_eye_boy entry 2: the log says"),
        "{stdout}"
    );
    // Without --roads the field is not read: the coups agree.
    let output = super::run_with_input(&["verify", "-"], &log(&results, &bad));
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn the_example_logs_agree_and_disagree_as_the_help_says() {
    let run = |file: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
            .args(["verify", "--roads", file])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let good = run("docs/examples/oracle/roads.jsonl");
    assert_eq!(good.status.code(), Some(0), "{good:?}");
    let wrong = run("docs/examples/oracle/roads-wrong.jsonl");
    assert_eq!(wrong.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&wrong.stdout);
    // The planted error: one Big Eye Boy mark flipped on the first shoe's last coup line.
    assert!(
        stdout.starts_with(
            "line 81: shoe 1, big_eye_boy entry 38: the log says B, the reference R: new column 22"
        ),
        "{stdout}"
    );
}
