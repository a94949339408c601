//! Shoe logs and the dealing procedure: `shoes --as log` verifies, and each tampered copy
//! (a wrong burn, a coup after the cut card, a coup that skipped a card, a shoe ended early)
//! is named by `verify`.

use super::hostile::{run, succeeded};
use punto_banco::oracle::verify::{DealingFinding, Discrepancy, Finding, Verifier};
use punto_banco::rules::Rules;
use punto_banco::rules::dealing::{Burn, Procedure};
use serde_json::Value;

/// A shoe log of `count` one-deck shoes written by the binary.
fn shoe_log(count: &str, rules: &[&str]) -> Vec<Value> {
    let mut args = vec![
        "shoes", "--count", count, "--as", "log", "-d", "1", "--seed", "3",
    ];
    args.extend_from_slice(rules);
    let output = run(&args, b"");
    succeeded(&output);
    super::json_lines(&output.stdout)
}

/// Every discrepancy the library's verifier finds in the lines, the end of the log included.
fn verify(lines: &[Value], dealing: Option<Procedure>) -> Vec<Discrepancy> {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    if let Some(dealing) = dealing {
        verifier = verifier.with_dealing(dealing);
    }
    let mut found: Vec<Discrepancy> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| verifier.line(i + 1, &line.to_string()))
        .collect();
    found.extend(verifier.finish(lines.len() + 1));
    found
}

/// The dealing findings, by line.
fn dealing(found: &[Discrepancy]) -> Vec<(usize, DealingFinding)> {
    found
        .iter()
        .filter_map(|d| match &d.finding {
            Finding::Dealing(f) => Some((d.line, f.clone())),
            _ => None,
        })
        .collect()
}

/// The lines of the shoe lines.
fn shoe_lines(lines: &[Value]) -> Vec<usize> {
    (0..lines.len())
        .filter(|&i| lines[i].get("shoe").is_some())
        .collect()
}

#[test]
fn a_dealt_shoe_log_verifies_through_the_binary() {
    let output = run(&["shoes", "--count", "20", "--as", "log", "-d", "1"], b"");
    succeeded(&output);
    let log = String::from_utf8(output.stdout).unwrap();
    let verified = super::run_with_input(&["verify", "-", "-f", "json"], &log);
    assert_eq!(verified.status.code(), Some(0), "{verified:?}");
    let report: Value = serde_json::from_slice(&verified.stdout).unwrap();
    assert_eq!(report["summary"]["shoes"], 20);
    // The orders are what shuffle-test reads: one shoe a line, every card.
    let orders = run(&["shoes", "--count", "2", "-d", "1"], b"");
    succeeded(&orders);
    for line in super::json_lines(&orders.stdout) {
        assert_eq!(line["cards"].as_array().unwrap().len(), 52);
    }
}

#[test]
fn a_true_log_has_no_finding_with_or_without_the_procedure() {
    let lines = shoe_log("6", &[]);
    assert_eq!(verify(&lines, Some(Procedure::reference())), vec![]);
    assert_eq!(verify(&lines, None), vec![]);
}

#[test]
fn a_wrong_burn_is_named() {
    let mut lines = shoe_log("3", &[]);
    let second = shoe_lines(&lines)[1];
    let burn = lines[second]["burn"].as_array_mut().unwrap();
    let given = burn.len() - 1;
    let first = burn[0].as_str().unwrap().parse().unwrap();
    burn.pop();
    let found = dealing(&verify(&lines, Some(Procedure::reference())));
    assert_eq!(
        found[0],
        (
            second + 1,
            DealingFinding::WrongBurn {
                first: Some(first),
                given,
                expected: given as u64 + 1
            }
        )
    );
    // Without a procedure the count is not known, but the order still is: the first coup
    // did not take the cards after the burn.
    let found = dealing(&verify(&lines, None));
    assert!(
        matches!(found[0].1, DealingFinding::CoupNotNext { position: 1, .. }),
        "{found:?}"
    );
    // A burn that is not the order's first cards.
    let mut lines = shoe_log("1", &[]);
    let order_second = lines[0]["order"][1].clone();
    lines[0]["burn"][1] = lines[0]["order"][20].clone();
    let found = dealing(&verify(&lines, None));
    assert_eq!(
        found[0],
        (
            1,
            DealingFinding::BurnNotOrder {
                position: 2,
                burned: lines[0]["order"][20].as_str().unwrap().parse().unwrap(),
                order: Some(order_second.as_str().unwrap().parse().unwrap()),
            }
        )
    );
}

#[test]
fn a_coup_after_the_cut_card_is_named() {
    // Shoes dealt with two coups after the cut card, verified against the reference's one.
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("two-after.json");
    let mut set: Value =
        serde_json::from_str(punto_banco::variants::shipped("reference").unwrap()).unwrap();
    set["dealing"] =
        serde_json::json!({"burn": "first-card", "ace_burns": 1, "cut": 17, "coups_after_cut": 2});
    std::fs::write(&path, set.to_string()).unwrap();
    let lines = shoe_log("3", &["-r", path.to_str().unwrap()]);
    let reference = Procedure::reference().with_cut(17);
    let found = dealing(&verify(&lines, Some(reference)));
    let shoes = shoe_lines(&lines);
    assert_eq!(found.len(), 3, "{found:?}");
    for (k, (line, finding)) in found.iter().enumerate() {
        // The last coup of each shoe, the line before the next shoe line (or the last).
        let last = shoes.get(k + 1).copied().unwrap_or(lines.len());
        assert_eq!(*line, last, "{found:?}");
        assert!(
            matches!(finding, DealingFinding::CoupAfterEnd { shoe_line, .. } if *shoe_line == shoes[k] + 1),
            "{finding:?}"
        );
    }
    // And the same shoes verified by their own procedure agree.
    let own = Procedure {
        coups_after_cut: 2,
        ..reference
    };
    assert_eq!(verify(&lines, Some(own)), vec![]);
}

#[test]
fn a_coup_that_skipped_a_card_is_named() {
    let mut lines = shoe_log("1", &[]);
    // The order's card at the second coup's first position goes to the end of the order:
    // the composition is the same, but the coup took a card that was not the next.
    let burned = lines[0]["burn"].as_array().unwrap().len();
    let first_coup = lines[1]["cards"].as_array().unwrap().len();
    let at = burned + first_coup;
    let order = lines[0]["order"].as_array_mut().unwrap();
    let moved = order.remove(at);
    order.push(moved.clone());
    let expected = order[at].as_str().unwrap().parse().unwrap();
    let found = dealing(&verify(&lines, Some(Procedure::reference())));
    assert_eq!(
        found[0],
        (
            3,
            DealingFinding::CoupNotNext {
                position: 1,
                card: moved.as_str().unwrap().parse().unwrap(),
                expected: Some(expected),
                shoe_line: 1
            }
        )
    );
}

#[test]
fn a_shoe_ended_early_is_named_at_the_next_shoe_or_the_end_of_an_ordered_log() {
    let lines = shoe_log("2", &[]);
    let second = shoe_lines(&lines)[1];
    // The first shoe's last coup is gone: the second shoe line ends it early.
    let mut cut: Vec<Value> = lines.clone();
    cut.remove(second - 1);
    let found = dealing(&verify(&cut, Some(Procedure::reference())));
    assert!(
        matches!(found[..], [(line, DealingFinding::EndedEarly { cut_out: true, shoe_line: 1, .. })] if line == second),
        "{found:?}"
    );
    // The log's last coup is gone: its last shoe states its order, so the end is a finding.
    let mut short = lines.clone();
    short.pop();
    let found = dealing(&verify(&short, Some(Procedure::reference())));
    assert!(
        matches!(found[..], [(line, DealingFinding::EndedEarly { shoe_line, .. })] if line == second + 1 && shoe_line == second + 1),
        "{found:?}"
    );
    // Without its order, a shoe may stop anywhere at the end of a log (an excerpt).
    short[second].as_object_mut().unwrap().remove("order");
    assert_eq!(verify(&short, Some(Procedure::reference())), vec![]);
}

#[test]
fn plain_shoe_lines_are_not_held_to_the_procedure() {
    let mut lines = shoe_log("2", &[]);
    for i in shoe_lines(&lines) {
        let shoe = lines[i].as_object_mut().unwrap();
        shoe.remove("order");
        shoe.remove("burn");
    }
    // The burned cards are no longer taken out, which changes nothing a shoe can hold.
    assert_eq!(verify(&lines, Some(Procedure::reference())), vec![]);
}

#[test]
fn the_binary_names_a_tampered_log_and_exits_1() {
    let mut lines = shoe_log("2", &[]);
    lines[0]["burn"].as_array_mut().unwrap().pop();
    let log: String = lines.iter().map(|l| format!("{l}\n")).collect();
    for lang in ["en", "fr"] {
        let verified = super::run_with_input(&["verify", "-", "-l", lang], &log);
        assert_eq!(verified.status.code(), Some(1));
        let text = String::from_utf8(verified.stdout).unwrap();
        let needle = match lang {
            "en" => "but the log burns",
            _ => "mais le journal en brûle",
        };
        assert!(text.contains(needle), "{text}");
        assert!(
            text.contains(match lang {
                "en" => "Shoes dealt wrong: 1",
                _ => "Sabots mal donnés\u{a0}: 1",
            }),
            "{text}"
        );
    }
}

#[test]
fn a_procedure_without_a_burn_deals_from_the_first_card() {
    let procedure = Procedure {
        burn: Burn::None,
        cut: 5,
        coups_after_cut: 0,
    };
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("no-burn.json");
    let mut set: Value =
        serde_json::from_str(punto_banco::variants::shipped("reference").unwrap()).unwrap();
    set["dealing"] = serde_json::json!({"burn": "none", "cut": 5, "coups_after_cut": 0});
    std::fs::write(&path, set.to_string()).unwrap();
    let lines = shoe_log("2", &["-r", path.to_str().unwrap()]);
    assert_eq!(lines[0]["burn"], serde_json::json!([]));
    assert_eq!(lines[1]["cards"][0], lines[0]["order"][0]);
    assert_eq!(verify(&lines, Some(procedure)), vec![]);
    // The reference procedure finds the burn missing.
    let found = dealing(&verify(&lines, Some(Procedure::reference())));
    assert!(
        matches!(
            found[0].1,
            DealingFinding::WrongBurn {
                first: None,
                given: 0,
                expected: 2
            }
        ),
        "{found:?}"
    );
}

/// `--shuffler` deals the lab's named shufflers from decks in factory order: a riffled
/// shoe's log still verifies (the shuffle is wrong, the dealing is not), and its orders are
/// the shuffler's own.
#[test]
fn a_named_shuffler_deals_its_own_orders() {
    use punto_banco::lab::shufflers::{Shuffler, factory_order};
    use rand::SeedableRng;
    let output = run(
        &[
            "shoes",
            "--count",
            "2",
            "-d",
            "1",
            "--seed",
            "5",
            "--shuffler",
            "riffle:3",
        ],
        b"",
    );
    succeeded(&output);
    for (index, line) in super::json_lines(&output.stdout).iter().enumerate() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        rng.set_stream(index as u64);
        let expected = Shuffler::Riffle { times: 3 }.shuffle(&factory_order(1), &mut rng);
        let names: Vec<String> = expected.iter().map(|c| c.ascii()).collect();
        assert_eq!(line["cards"], serde_json::json!(names));
    }
    let log = run(
        &[
            "shoes",
            "--count",
            "3",
            "-d",
            "1",
            "--as",
            "log",
            "--shuffler",
            "shelf:10",
        ],
        b"",
    );
    succeeded(&log);
    let lines = super::json_lines(&log.stdout);
    assert_eq!(verify(&lines, Some(Procedure::reference())), vec![]);
}
