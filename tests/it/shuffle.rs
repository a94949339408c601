//! The shuffle battery against the named shufflers: every wrong one caught at the size its
//! plan predicts (power 0.99, so that one fixed seed is a robust check), the fair one
//! rejected no more often than α allows.

use punto_banco::card::Card;
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
            "statistic_kind",
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

/// The smallest count k with P(X > k) ≤ `tail` for X ~ Binomial(n, p): the most rejections
/// a test calibrated at level p may show in n fair files before the count itself is too rare
/// to be chance.
fn binomial_limit(n: u64, p: f64, tail: f64) -> u64 {
    let mut term = (1.0 - p).powi(n as i32);
    let mut below = term;
    let mut k = 0;
    while 1.0 - below > tail && k < n {
        term *= (n - k) as f64 / (k + 1) as f64 * p / (1.0 - p);
        below += term;
        k += 1;
    }
    k
}

/// Deals `files` files of `shoes` fair shuffles of `cards` from `seed`, and counts for each
/// test the files whose p-value is at most 0.01 and at most 0.001, and the files the battery
/// fails at α = 0.01. Asserts that no count exceeds what tests calibrated at those levels
/// show once in a million times: a test that is not calibrated at this composition and
/// number of shoes fails here.
fn calibrated(label: &str, cards: &[Card], shoes: u64, files: u64, seed: u64) {
    use std::collections::BTreeMap;
    let mut rng = Dealer::rng(seed);
    let mut rejected: BTreeMap<String, [u64; 2]> = BTreeMap::new();
    let mut failed = 0;
    for _ in 0..files {
        let mut test = ShuffleTest::default();
        for _ in 0..shoes {
            test.shoe(&Shuffler::Fair.shuffle(cards, &mut rng)).unwrap();
        }
        let battery = test.battery(ALPHA);
        failed += u64::from(battery.verdict() == Verdict::Fail);
        for t in battery.tests {
            let counts = rejected.entry(t.name).or_default();
            counts[0] += u64::from(t.p_value <= 0.01);
            counts[1] += u64::from(t.p_value <= 0.001);
        }
    }
    let tail = 1e-6;
    let (at_1, at_01) = (
        binomial_limit(files, 0.01, tail),
        binomial_limit(files, 0.001, tail),
    );
    for (name, [one, tenth]) in &rejected {
        assert!(
            *one <= at_1 && *tenth <= at_01,
            "{label}, {shoes} shoes: {name} rejects {one} of {files} fair files at 0.01 (at most {at_1}) and {tenth} at 0.001 (at most {at_01})"
        );
    }
    let at_alpha = binomial_limit(files, ALPHA, tail);
    assert!(
        failed <= at_alpha,
        "{label}, {shoes} shoes: the battery fails {failed} of {files} fair files at α = {ALPHA} (at most {at_alpha})"
    );
}

fn cards(spec: &[(&str, usize)]) -> Vec<Card> {
    spec.iter()
        .flat_map(|&(card, n)| std::iter::repeat_n(card.parse::<Card>().unwrap(), n))
        .collect()
}

#[test]
fn the_binomial_limit_is_the_binomial_quantile() {
    // Binomial(400, 0.01): P(X > 12) = 2.5·10⁻⁴ and P(X > 13) = 6.8·10⁻⁵ (the binomial
    // probabilities summed in exact integers); P(X > 0) = 1 − 0.99⁴⁰⁰ = 0.982.
    assert_eq!(binomial_limit(400, 0.01, 1e-4), 13);
    assert_eq!(binomial_limit(400, 0.01, 0.99), 0);
    assert_eq!(binomial_limit(10, 0.5, 0.0), 10);
}

#[test]
fn fair_shoes_of_two_nines_and_ten_valued_cards_pass_at_the_rate_alpha_allows() {
    // The shoe of issue 25: 9♣, 9♦ and 414 ten-valued cards, ten shoes a file. The serial
    // correlation of values moves only when the two nines fall `lag` apart (about one file in
    // twenty at each lag), and the normal approximation read that as p ≈ 10⁻⁵: a quarter of
    // fair files failed.
    let shoe = cards(&[
        ("9C", 1),
        ("9D", 1),
        ("TS", 104),
        ("JH", 104),
        ("QD", 103),
        ("KC", 103),
    ]);
    assert_eq!(shoe.len(), 416);
    calibrated("two nines in 416", &shoe, 10, 400, 25);
    // The same with kings only: the runs up and down move only when a nine sits at an end of
    // the shoe or beside the other.
    let kings = cards(&[("9C", 1), ("9D", 1), ("KS", 414)]);
    calibrated("two nines among kings", &kings, 10, 400, 26);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 12,
        rng_seed: proptest::test_runner::RngSeed::Fixed(2025),
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Skewed compositions (one card filling most of the shoe, a few others) and few shoes:
    /// every test rejects fair files no more often than its level allows.
    #[test]
    fn fair_shoes_of_skewed_compositions_pass_at_the_rate_alpha_allows(
        dominant in 0usize..52,
        many in 30usize..300,
        few in proptest::collection::vec((0usize..52, 1usize..10), 1..5),
        shoes in 2u64..25,
        seed in 0u64..1000,
    ) {
        let card = |index: usize| Card::from_index(index).unwrap();
        let mut shoe: Vec<Card> = std::iter::repeat_n(card(dominant), many).collect();
        for &(index, n) in &few {
            shoe.extend(std::iter::repeat_n(card(index), n));
        }
        let label = format!("{many} × {} and {few:?}", card(dominant));
        calibrated(&label, &shoe, shoes, 300, seed);
    }
}

#[test]
fn the_successor_pairs_pool_rare_values_and_stay_calibrated() {
    // Sixty shoes of three nines, eight aces and 200 ten-valued cards: the nines' transitions
    // expect fewer than 5 over the file, so they are pooled with the aces.
    let shoe = cards(&[("9C", 3), ("AS", 8), ("KS", 100), ("QH", 100)]);
    let mut rng = Dealer::rng(5);
    let mut test = ShuffleTest::default();
    for _ in 0..60 {
        test.shoe(&Shuffler::Fair.shuffle(&shoe, &mut rng)).unwrap();
    }
    let battery = test.battery(ALPHA);
    let successor = battery.test("successor_pairs").unwrap();
    assert_eq!(
        successor.note.map(|note| note.to_string()).as_deref(),
        Some("values pooled into 2 groups for expected counts of 5 or more"),
        "{successor:?}"
    );
    calibrated("three nines, eight aces", &shoe, 60, 200, 6);
}

#[test]
fn the_power_of_a_sample_is_what_dealing_it_shows() {
    // 40 fair eight-deck shoes tested, and the power they had against late nines: dealing
    // 200 files of 40 late-nine shoes fails about as often, never much less (the power
    // given is a lower bound: that of the best test alone at α/m).
    let start = factory_order(8);
    let mut rng = Dealer::rng(7);
    let mut sample = ShuffleTest::default();
    for _ in 0..40 {
        sample
            .shoe(&Shuffler::Fair.shuffle(&start, &mut rng))
            .unwrap();
    }
    let late = Shuffler::NinesLate { percent: 25 };
    let power = punto_banco::lab::plan::power(&sample, ALPHA, late, 2000, 11).unwrap();
    let (best, p) = power.best().unwrap();
    eprintln!("{late}: power {p} from {}", best.name);
    assert_eq!(power.shoes, 40);
    assert!(
        p > 0.05 && p < 0.95,
        "{p}: pick a size where power is uncertain"
    );
    let files = 200;
    let failed = (0..files)
        .filter(|&seed| verdict(late, 8, 40, 5000 + seed).0 == Verdict::Fail)
        .count() as f64;
    let observed = failed / files as f64;
    let error = (p * (1.0 - p) / files as f64).sqrt();
    assert!(
        observed >= p - 4.0 * error,
        "{observed} of files failed, power given {p}"
    );
    // Against riffles, two shoes are enough; the fair shuffler shows no effect.
    let riffled =
        punto_banco::lab::plan::power(&sample, ALPHA, Shuffler::Riffle { times: 3 }, 500, 1)
            .unwrap();
    assert!(riffled.best().unwrap().1 > 0.999, "{riffled:?}");
    let fair = punto_banco::lab::plan::power(&sample, ALPHA, Shuffler::Fair, 500, 1).unwrap();
    assert_eq!(fair.best(), None, "{fair:?}");
}

/// Runs `shuffle-test` with SOURCE_DATE_EPOCH set to `epoch` (or removed).
fn shuffle_test_with(args: &[&str], epoch: Option<&str>) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"));
    command
        .arg("shuffle-test")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    match epoch {
        Some(epoch) => command.env("SOURCE_DATE_EPOCH", epoch),
        None => command.env_remove("SOURCE_DATE_EPOCH"),
    };
    command.output().unwrap()
}

#[test]
fn a_report_is_dated_only_when_asked_and_the_same_bytes_otherwise() {
    let path = "docs/examples/lab/shoes.jsonl";
    let first = shuffle_test_with(&[path, "-f", "json"], None);
    let second = shuffle_test_with(&[path, "-f", "json"], None);
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(first.stdout, second.stdout);
    let doc: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    assert!(doc.get("date").is_none(), "{doc}");
    // SOURCE_DATE_EPOCH dates it (one billion seconds: 2001-09-09), with or without --date.
    for args in [&[path][..], &[path, "--date"][..]] {
        let dated = shuffle_test_with(args, Some("1000000000"));
        let text = String::from_utf8_lossy(&dated.stdout);
        assert!(text.contains("Date (UTC): 2001-09-09\n"), "{text}");
        assert!(text.contains(", dated 2001-09-09\n"), "{text}");
    }
    let fr = shuffle_test_with(&[path, "--lang", "fr", "-f", "json"], Some("0"));
    let doc: serde_json::Value = serde_json::from_slice(&fr.stdout).unwrap();
    assert_eq!(doc["date"], "1970-01-01");
    // --date alone takes today's date.
    let today = shuffle_test_with(&[path, "--date", "-f", "json"], None);
    let doc: serde_json::Value = serde_json::from_slice(&today.stdout).unwrap();
    let date = doc["date"].as_str().unwrap();
    assert!(
        date.len() == 10 && date.starts_with("20") && date.as_bytes()[4] == b'-',
        "{date}"
    );
}

#[test]
fn a_report_names_each_statistic_and_the_power_of_its_shoes() {
    let path = "docs/examples/lab/shoes.jsonl";
    let output = shuffle_test_with(&[path, "--plan", "riffle:3,fair", "--pilot", "300"], None);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    for needle in [
        "Statistic",
        "chi-square",
        "Mahalanobis",
        "z (normal)",
        "matches (Markov)",
        "Power of these 100 shoes against the defects named",
        "  riffle:3: 1.00 (",
        "  fair: no test saw an effect in the pilot shoes",
        "PASS, no evidence of a defect at α = 0.01 over 100 shoes (Holm, 14 tests; power at least 1.00 against riffle:3; no effect of fair seen by its pilot)",
    ] {
        assert!(text.contains(needle), "`{needle}` not in {text}");
    }
    let json = shuffle_test_with(
        &[
            path, "--plan", "riffle:3", "--pilot", "300", "-f", "json", "--lang", "fr",
        ],
        None,
    );
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(doc["power"][0]["defect"], "riffle:3");
    assert!(doc["power"][0]["power"].as_f64().unwrap() > 0.999);
    assert_eq!(doc["power"][0]["pilot_shoes"], 300);
    for test in doc["tests"].as_array().unwrap() {
        let kind = test["statistic_kind"].as_str().unwrap();
        assert!(
            ["chi-square", "mahalanobis", "z", "match-count", "bennett"].contains(&kind),
            "{test}"
        );
        assert_eq!(
            test["degrees_of_freedom"].is_null(),
            !["chi-square", "mahalanobis"].contains(&kind),
            "{test}"
        );
    }
    let fr = shuffle_test_with(
        &[path, "--plan", "riffle:3", "--pilot", "300", "--lang", "fr"],
        None,
    );
    let text = String::from_utf8_lossy(&fr.stdout);
    assert!(text.contains("khi-deux"), "{text}");
    assert!(
        text.contains("CONFORME, aucun indice de défaut au seuil α = 0,01 sur 100 sabots"),
        "{text}"
    );
    assert!(
        text.contains("puissance d’au moins 1,00 contre riffle:3"),
        "{text}"
    );
}

/// The example report committed beside the example shoes is what the binary writes today.
/// Rewrite it from the repository root with
/// `punto-banco shuffle-test docs/examples/lab/shoes.jsonl --plan riffle:3,nines-late > docs/examples/lab/shoes-power.txt`.
#[test]
fn the_example_report_with_power_is_current() {
    let output = shuffle_test_with(
        &[
            "docs/examples/lab/shoes.jsonl",
            "--plan",
            "riffle:3,nines-late",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    let committed = super::hostile::repo_file("docs/examples/lab/shoes-power.txt");
    assert!(
        String::from_utf8_lossy(&output.stdout) == committed,
        "docs/examples/lab/shoes-power.txt has drifted: rewrite it with `punto-banco shuffle-test \
         docs/examples/lab/shoes.jsonl --plan riffle:3,nines-late > docs/examples/lab/shoes-power.txt`"
    );
}

/// The summary line the docs quote in their JSON example is the one the tool writes (its
/// checksum cut to eight digits, as the example cuts it).
#[test]
fn the_summary_the_docs_quote_is_the_tools() {
    let output = shuffle_test_with(&["docs/examples/lab/shoes.jsonl", "-f", "json"], None);
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let sha = doc["sha256"].as_str().unwrap();
    let summary = doc["summary"]
        .as_str()
        .unwrap()
        .replace(sha, &format!("{}…", &sha[..8]));
    let page = super::hostile::repo_file("docs/en/shuffle-test.md");
    assert!(
        page.contains(&format!("\"summary\": \"{summary}\"")),
        "docs/en/shuffle-test.md quotes another summary than `{summary}`"
    );
}
