//! Rule files: any text is a rule set or an error with a position, never a panic; a rule set
//! read is analysed on its own shoe, so that the engine's arithmetic is in reach.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::analysis::Analysis;
use punto_banco::variants::RuleSet;

fuzz_target!(|text: &str| {
    // The reader of games with choices reads what the strict one reads, and more: a file
    // that says `choice`, which the strict reader refuses with a position.
    match RuleSet::from_json_with_choices(text) {
        Err(e) => assert!(e.to_string().starts_with("line ")),
        Ok((set, choices)) => match (RuleSet::from_json(text), choices) {
            (Ok(strict), None) => assert_eq!(strict, set),
            (Err(e), Some(rules)) => {
                assert!(e.to_string().starts_with("line "));
                assert!(!rules.is_fixed());
            }
            (Ok(_), Some(_)) => panic!("a file with choices read as Punto Banco"),
            (Err(e), None) => panic!("a file without choices refused: {e}"),
        },
    }
    match RuleSet::from_json(text) {
        Err(e) => assert!(e.to_string().starts_with("line ")),
        Ok(set) => {
            let shoe = set
                .shoe()
                .cloned()
                .unwrap_or_else(punto_banco::shoe::Shoe::reference);
            if shoe.check_playable().is_ok() {
                let analysis = Analysis::new(&shoe, set.rules()).expect("a playable shoe");
                let tariff = &set.rules().tariff;
                for bet in [&tariff.punto, &tariff.banco, &tariff.tie] {
                    let _ = analysis.expected_net(bet);
                }
                let _ = punto_banco::render::analysis::render_analysis(
                    &analysis,
                    set.name(),
                    &punto_banco::render::Page::new(
                        punto_banco::render::Format::Json,
                        punto_banco::lang::Lang::Fr,
                    ),
                );
            }
        }
    }
});
