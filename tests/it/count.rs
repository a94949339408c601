//! `count`: a point count's betting correlation is the correlation of its weights with the
//! exact effects of removal `eor` prints, computed here apart from the library's moments;
//! its value per shoe is reported against perfect knowledge, which is `shoe-sim`'s gain.

use super::hostile::bad;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use punto_banco::api::{self, Table};
use serde_json::{Value, json};

/// An exact `"n/d"` of a document.
fn exact(text: &str) -> BigRational {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    BigRational::new(n.parse::<BigInt>().unwrap(), d.parse::<BigInt>().unwrap())
}

/// The plain Pearson correlation over the 13 ranks (a full shoe holds as many cards of each,
/// so the ranks weigh alike), squared exactly, and its sign: from the definition, centred
/// values first.
fn pearson_squared(x: &[BigRational], y: &[BigRational]) -> (BigRational, bool) {
    let n = BigRational::from_integer(BigInt::from(x.len()));
    let mean = |v: &[BigRational]| v.iter().sum::<BigRational>() / &n;
    let (mx, my) = (mean(x), mean(y));
    let dx: Vec<BigRational> = x.iter().map(|v| v - &mx).collect();
    let dy: Vec<BigRational> = y.iter().map(|v| v - &my).collect();
    let dot = |a: &[BigRational], b: &[BigRational]| {
        a.iter().zip(b).map(|(p, q)| p * q).sum::<BigRational>()
    };
    let cov = dot(&dx, &dy);
    let squared = &cov * &cov / (dot(&dx, &dx) * dot(&dy, &dy));
    (squared, cov < BigRational::zero())
}

#[test]
fn the_betting_correlation_is_the_weights_against_eors_effects() {
    let cases: [(&str, Option<&str>); 4] = [
        ("thorp-nat9", Some("catalogue/naturals")),
        ("1,1,1,2,-1,-2,-1,-1,0,0", None),
        ("jacobson-3-giving-8", Some("catalogue/mid-coup")),
        ("0,0,0,0,0,0,0,0,0,1,1,1,1", Some("ez-baccarat")),
    ];
    let mut strong = 0;
    for (weights, rules) in cases {
        let table = rules.map(|name| Table::shipped(name).unwrap());
        let count = api::call(
            "count",
            &json!({"weights": weights, "shoes": 2, "decks": 8}),
            table.as_ref(),
        )
        .unwrap();
        let eor = api::call("eor", &json!({}), table.as_ref()).unwrap();
        let tags: Vec<BigRational> = count["count"]["weights"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| BigRational::from_integer(w.as_i64().unwrap().into()))
            .collect();
        assert_eq!(tags.len(), 13);
        for bet in count["bets"].as_array().unwrap() {
            let key = bet["bet"].as_str().unwrap();
            // The player's effect: minus the change of the house edge.
            let effects: Vec<BigRational> = eor["removal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| -exact(row["edge_change"][key]["exact"].as_str().unwrap()))
                .collect();
            let (squared, negative) = pearson_squared(&tags, &effects);
            assert_eq!(
                exact(bet["betting_correlation_squared"].as_str().unwrap()),
                squared,
                "{weights} {key}"
            );
            let root = squared.to_f64().unwrap().sqrt();
            let naive = if negative { -root } else { root };
            assert_eq!(
                bet["betting_correlation"].as_f64().unwrap(),
                naive,
                "{weights} {key}"
            );
            strong += usize::from(naive > 0.9);
        }
    }
    // Thorp's count of the nines against the natural 9, at least, is a strong count.
    assert!(strong > 0);
}

/// Perfect knowledge is `shoe-sim`'s gain per shoe over the same shoes, and the count's
/// efficiency is its gain over that one.
#[test]
fn the_count_is_valued_against_perfect_knowledge() {
    let table = Table::shipped("catalogue/naturals").unwrap();
    let options = json!({"shoes": 30, "seed": 4, "decks": 2, "cut": 14});
    let mut with_count = options.clone();
    with_count["weights"] = json!("thorp-nat9");
    with_count["threshold"] = json!("0,2.5,6");
    let count = api::call("count", &with_count, None).unwrap();
    let sim = api::call("shoe-sim", &options, Some(&table)).unwrap();
    assert_eq!(count["coups"], sim["coups"]);
    let mut checked = 0;
    for bet in count["bets"].as_array().unwrap() {
        let key = bet["bet"].as_str().unwrap();
        let perfect = &bet["perfect_knowledge"];
        assert_eq!(
            perfect["coups_bet"], sim["bets"][key]["favourable_coups"],
            "{key}"
        );
        assert_eq!(
            perfect["gain_per_shoe"]["decimal"].as_f64().unwrap(),
            sim["bets"][key]["gain_per_shoe"].as_f64().unwrap(),
            "{key}"
        );
        let perfect_gain = exact(perfect["gain_per_shoe"]["exact"].as_str().unwrap());
        let thresholds = bet["thresholds"].as_array().unwrap();
        assert_eq!(thresholds.len(), 3);
        let mut previous = u64::MAX;
        for row in thresholds {
            // A higher threshold bets on fewer coups.
            let coups = row["coups_bet"].as_u64().unwrap();
            assert!(coups <= previous);
            previous = coups;
            let gain = exact(row["gain_per_shoe"]["exact"].as_str().unwrap());
            // Never more than perfect knowledge, which bets every favourable coup and no other.
            assert!(gain <= perfect_gain, "{key}");
            if !perfect_gain.is_zero() {
                let efficiency = (gain / &perfect_gain).to_f64().unwrap();
                assert_eq!(row["efficiency"].as_f64().unwrap(), efficiency);
                checked += 1;
            } else {
                assert_eq!(row["efficiency"], Value::Null);
            }
        }
    }
    assert!(checked > 0);
    assert_eq!(count["thresholds"], json!(["0", "5/2", "6"]));
}

#[test]
fn bad_weights_and_thresholds_are_one_line_errors() {
    let twelve = "1,1,1,1,1,1,1,1,1,1,1,1";
    bad(&["count", "--weights", twelve], &["12 weights", "13"]);
    bad(
        &["count", "--weights", "1,1,x,1,1,1,1,1,1,1,1,1,1"],
        &["column 5", "`x`", "whole number"],
    );
    bad(
        &[
            "count",
            "--weights",
            "1,1,1,1,1,1,1,1,99999999999999999999,1",
        ],
        &["out of range", "1000000"],
    );
    bad(&["count", "--weights", "hi-lo"], &["`hi-lo`", "thorp-nat9"]);
    bad(&["count", "--weights", ""], &["whole number"]);
    bad(
        &["count", "--weights", "thorp-nat9", "--threshold", "2,x"],
        &["`x`", "threshold"],
    );
    bad(
        &["count", "--weights", "thorp-nat9", "--threshold", "1/0"],
        &["`1/0`"],
    );
    bad(
        &["count", "--weights", "thorp-nat9", "--shoes", "0"],
        &["--shoes"],
    );
    let error = api::call("count", &json!({"weights": twelve}), None).unwrap_err();
    assert!(error.0.starts_with("weights: 12 weights"), "{error}");
    let error = api::call("count", &json!({"weights": "0,1", "colour": 1}), None).unwrap_err();
    assert!(error.0.contains("colour"), "{error}");
}
