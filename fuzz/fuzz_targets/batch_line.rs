//! Batch lines: any text is one JSON object out, the analysis or an error object naming the
//! line, never a panic; an analysis adds up to N·(N−1)·…·(N−5).
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::batch::{DefaultRules, RulesResolver, analyse_line};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

/// Knows one rule set by name, as the command's resolver knows the shipped ones.
struct Shipped;

impl RulesResolver for Shipped {
    fn resolve(&self, name: &str) -> Result<(Rules, String, Option<Shoe>), String> {
        match name {
            "six" => Ok((Rules::reference(), "six".into(), Some(Shoe::decks(6).unwrap()))),
            _ => Err(format!("`{name}` is unknown")),
        }
    }
}

fuzz_target!(|text: &str| {
    let default: DefaultRules = (Rules::reference(), "reference".into(), None);
    let out = analyse_line(7, text, &default, &Shipped);
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    if let Some(error) = value.get("error") {
        assert_eq!(value["line"], 7);
        assert!(!error.as_str().unwrap().is_empty());
    } else {
        let sequences: num_bigint::BigUint = value["sequences"].as_str().unwrap().parse().unwrap();
        let cards: num_bigint::BigUint = value["shoe"]["cards"].as_str().map_or_else(
            || num_bigint::BigUint::from(value["shoe"]["cards"].as_u64().unwrap()),
            |c| c.parse().unwrap(),
        );
        let expected: num_bigint::BigUint =
            (0u32..6).map(|k| &cards - num_bigint::BigUint::from(k)).product();
        assert_eq!(sequences, expected);
    }
});
