//! Rule files of schema 2 (bets on the cards): any text put among the side bets of a schema-2
//! rule file is a rule set or an error with a position, never a panic or a deep stack; a bet
//! read is said in words in both languages and settled on a few coups.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::card::parse_cards;
use punto_banco::lang::Lang;
use punto_banco::render::tableau::describe_terms;
use punto_banco::rules::condition::DealtCoup;
use punto_banco::variants::{RuleSet, shipped};

fuzz_target!(|side: &str| {
    let main = "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]";
    let text = shipped("reference")
        .unwrap()
        .replacen("\"schema\": 1", "\"schema\": 2", 1)
        .replacen(main, &format!("{main},\n{side}"), 1);
    match RuleSet::from_json(&text) {
        Err(e) => assert!(e.to_string().starts_with("line ")),
        Ok(set) => {
            let coups = [
                ("7H 7H", "5D 5D"),
                ("2H 3S 8D", "AH 2S"),
                ("9D KS 4C", "QH JH KD"),
            ];
            for side in &set.rules().tariff.side {
                for lang in Lang::ALL {
                    let _ = describe_terms(&Some(side.bet.clone()), lang);
                }
                for (punto, banco) in coups {
                    let (p, b) = (parse_cards(punto).unwrap(), parse_cards(banco).unwrap());
                    let total = |c: &[punto_banco::card::Card]| {
                        c.iter().map(|c| c.value()).sum::<u8>() % 10
                    };
                    let coup = DealtCoup::new(&p, &b, total(&p), total(&b), false).unwrap();
                    let _ = side.bet.net(&coup);
                }
            }
        }
    }
});
