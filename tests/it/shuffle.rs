//! The shuffle battery against the named shufflers: every wrong one caught at the size its
//! plan predicts (power 0.99, so that one fixed seed is a robust check), the fair one
//! rejected no more often than α allows.

use punto_banco::dealer::Dealer;
use punto_banco::lab::Verdict;
use punto_banco::lab::plan::plan;
use punto_banco::lab::shuffle::ShuffleTest;
use punto_banco::lab::shufflers::{Shuffler, factory_order};

const ALPHA: f64 = 0.01;

/// The battery's verdict on `shoes` shoes of `decks` decks dealt by `shuffler` from `seed`.
fn verdict(shuffler: Shuffler, decks: usize, shoes: u64, seed: u64) -> (Verdict, Vec<String>) {
    let start = factory_order(decks);
    let mut rng = Dealer::rng(seed);
    let mut test = ShuffleTest::default();
    for _ in 0..shoes {
        test.shoe(&shuffler.shuffle(&start, &mut rng)).unwrap();
    }
    let battery = test.battery(ALPHA);
    let failed = battery
        .tests
        .iter()
        .filter(|t| t.verdict == Verdict::Fail)
        .map(|t| t.name.clone())
        .collect();
    (battery.verdict(), failed)
}

/// Plans the shuffler at power 0.99 from a pilot of one seed, then deals the planned number
/// of shoes from another and asserts the battery fails, with the planned test among those
/// failing; the size must stay small enough for a quick test.
fn caught_at_plan(shuffler: Shuffler, most: u64) -> u64 {
    let planned = plan(shuffler, 8, ALPHA, 0.99, 2000, 101).unwrap();
    let (first, shoes) = planned.first().expect("the pilot sees the defect");
    eprintln!("{shuffler}: {} catches it at {shoes} shoes", first.name);
    assert!(shoes <= most, "{shuffler}: {shoes} shoes planned");
    let (verdict, failed) = verdict(shuffler, 8, shoes, 202);
    assert_eq!(verdict, Verdict::Fail, "{shuffler} at {shoes} shoes");
    assert!(failed.contains(&first.name), "{shuffler}: {failed:?}");
    shoes
}

#[test]
fn modulo_bias_is_caught_at_its_plan() {
    caught_at_plan(Shuffler::ModuloBias { bits: 9 }, 5000);
}

#[test]
fn naive_swap_is_caught_at_its_plan() {
    caught_at_plan(Shuffler::NaiveSwap, 5000);
}

#[test]
fn three_riffles_are_caught_at_their_plan() {
    caught_at_plan(Shuffler::Riffle { times: 3 }, 5000);
}

#[test]
fn a_shelf_shuffler_is_caught_at_its_plan() {
    caught_at_plan(Shuffler::Shelf { shelves: 10 }, 5000);
}

#[test]
fn a_tiny_seed_is_caught_at_its_plan() {
    caught_at_plan(Shuffler::TinySeed { bits: 16 }, 5000);
}

#[test]
fn late_nines_are_caught_at_their_plan() {
    caught_at_plan(Shuffler::NinesLate { percent: 25 }, 5000);
}

#[test]
fn the_fair_shuffler_is_rejected_at_most_at_its_rate() {
    // 200 replicates of 200 two-deck shoes at α = 0.01: the rejections are at most
    // Binomial(200, 0.01), which exceeds 7 with probability 2.1·10⁻⁴ (the family-wise α of
    // Holm is at most 0.01, so the true count is at most this binomial).
    let rejected = (0..200)
        .filter(|&seed| verdict(Shuffler::Fair, 2, 200, 1000 + seed).0 == Verdict::Fail)
        .count();
    eprintln!("fair: {rejected} of 200 replicates rejected");
    assert!(rejected <= 7, "{rejected} of 200 fair replicates rejected");
}

#[test]
fn the_report_carries_the_checksum_the_verdict_and_the_schema() {
    use super::hostile::{repo_file, run, succeeded};
    use sha2::{Digest, Sha256};
    let path = "docs/examples/lab/shoes.jsonl";
    let output = run(&["shuffle-test", path, "--format", "json"], b"");
    succeeded(&output);
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let digest: String = Sha256::digest(repo_file(path).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(doc["sha256"], digest.as_str());
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["shoes"], 100);
    assert_eq!(doc["verdict"], "pass");
    assert_eq!(doc["command"][0], "punto-banco");
    assert_eq!(doc["tests"].as_array().unwrap().len(), 14);
    for test in doc["tests"].as_array().unwrap() {
        for key in [
            "name",
            "statistic",
            "degrees_of_freedom",
            "p_value",
            "verdict",
        ] {
            assert!(test.get(key).is_some(), "{key} in {test}");
        }
    }
    let riffled = run(
        &[
            "shuffle-test",
            "docs/examples/lab/shoes-riffled.jsonl",
            "--lang",
            "fr",
        ],
        b"",
    );
    assert_eq!(riffled.status.code(), Some(1));
    let text = String::from_utf8_lossy(&riffled.stdout);
    assert!(
        text.contains("shuffle-test\u{a0}: ÉCHEC au seuil α = 0,01"),
        "{text}"
    );
    assert!(text.contains("rising_sequences"), "{text}");
}
