//! Both teaching texts, as transcribed in data/rule-texts, against the engine: every tableau
//! cell, the tariff, the settlement table and the worked example.

use num_rational::{BigRational, Ratio};
use punto_banco::card::{Card, Rank, parse_cards};
use punto_banco::coup::deal;
use punto_banco::lang::Lang;
use punto_banco::outcome::Winner;
use punto_banco::render::tableau::{stake_nets, winner_of};
use punto_banco::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules};
use punto_banco::transcription::{RuleText, parse_action, parse_payout, parse_signed};

fn load(lang: &str) -> RuleText {
    let path = format!("{}/data/rule-texts/{lang}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    RuleText::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn both() -> [RuleText; 2] {
    [load("en"), load("fr")]
}

#[test]
fn every_tableau_cell_matches_both_texts() {
    let engine = DrawingRules::reference();
    for text in both() {
        let transcribed = text.drawing_rules().unwrap();
        assert_eq!(transcribed.naturals, engine.naturals, "{}", text.lang);
        for total in 0..10u8 {
            if engine.is_natural(total) {
                continue;
            }
            assert_eq!(transcribed.punto_action(total), engine.punto_action(total));
            for punto_move in PuntoMove::ALL {
                assert_eq!(
                    transcribed.banco_action(total, punto_move),
                    engine.banco_action(total, punto_move),
                    "{}: Banco {total} against {punto_move:?}",
                    text.lang
                );
            }
        }
        assert_eq!(transcribed, engine, "{}", text.lang);
    }
}

#[test]
fn the_texts_use_their_own_words() {
    let [en, fr] = both();
    let words = |t: &RuleText| -> Vec<String> {
        t.banco_tableau
            .iter()
            .map(|l| l.draws_against.clone())
            .collect()
    };
    assert!(words(&en).contains(&"Anything except 8".to_string()));
    assert!(words(&fr).contains(&"Tout sauf 8".to_string()));
    assert_eq!(words(&en)[0], "Always");
    assert_eq!(words(&fr)[0], "Toujours");
    assert_eq!(words(&fr)[5], "Jamais");
}

#[test]
fn shoe_and_values_match() {
    for text in both() {
        assert_eq!(text.deck_count, 8);
        assert_eq!(text.cards, punto_banco::shoe::Shoe::reference().len());
        for rank in Rank::ALL {
            assert_eq!(
                text.values[rank.symbol()],
                rank.value(),
                "{}: {rank}",
                text.lang
            );
        }
    }
}

#[test]
fn tariff_matches_the_engine() {
    let rules = Rules::reference();
    for text in both() {
        let profits = text.tariff_profits().unwrap();
        assert_eq!(profits.len(), 3);
        for bet in MainBet::ALL {
            let name = text.lang.parse::<Lang>().unwrap().outcome(winner_of(bet));
            let winning_line = &rules.tariff.bet(bet).lines[0];
            assert_eq!(profits[name], winning_line.net, "{}: {name}", text.lang);
        }
    }
    assert_eq!(parse_payout("95 %").unwrap(), Ratio::new(19, 20));
}

#[test]
fn settlement_table_matches_at_stake_20() {
    let rules = Rules::reference();
    for text in both() {
        let stake = text.settlement.stake;
        let lang = text.lang.parse::<Lang>().unwrap();
        for bet in MainBet::ALL {
            let own = winner_of(bet);
            let row = text
                .settlement
                .rows
                .iter()
                .find(|r| r.prediction == lang.outcome(own))
                .unwrap();
            let at = |w: Winner| stake_nets(&rules, bet, w, stake);
            let int = |n: i64| BigRational::from_integer(n.into());
            assert_eq!(at(own), vec![int(parse_signed(&row.win).unwrap())]);
            let losing = Winner::ALL
                .into_iter()
                .filter(|&w| w != own && !(w == Winner::Tie && bet != MainBet::Tie));
            for w in losing {
                assert_eq!(
                    at(w),
                    vec![int(parse_signed(&row.loss).unwrap())],
                    "{bet:?} {w:?}"
                );
            }
            if bet != MainBet::Tie {
                // Punto and Banco push on a tie.
                assert_eq!(
                    at(Winner::Tie),
                    vec![int(parse_signed(&text.settlement.push).unwrap())]
                );
            }
        }
    }
}

#[test]
fn the_worked_example_in_both_texts() {
    let rules = Rules::reference();
    for text in both() {
        let example = &text.example;
        let cards: Vec<Card> = example.cards.iter().map(|c| c.parse().unwrap()).collect();
        let coup = deal(&rules.drawing, &cards).unwrap();
        assert_eq!(
            punto_banco::coup::hand_total(&coup.punto()[..2]),
            example.punto_opening
        );
        assert_eq!(
            punto_banco::coup::hand_total(&coup.banco()[..2]),
            example.banco_opening
        );
        assert!(!coup.is_natural());
        assert_eq!(coup.punto_total(), example.punto_final);
        assert_eq!(coup.banco_total(), example.banco_final);
        assert_eq!(coup.winner(), Winner::Banco);
        assert_eq!(example.winner, "Banco");
        let net = rules.tariff.banco.settle_state(coup.final_state()).unwrap()
            * Ratio::from_integer(text.settlement.stake);
        assert_eq!(
            net,
            Ratio::from_integer(parse_signed(&example.banco_net).unwrap())
        );

        // Replace only the one card: Banco must now draw.
        let replaced: Vec<String> = example
            .cards
            .iter()
            .map(|c| {
                if *c == example.replace.card {
                    example.replace.with.clone()
                } else {
                    c.clone()
                }
            })
            .collect();
        let mut cards = parse_cards(&replaced.join(" ")).unwrap();
        cards.push("5S".parse().unwrap());
        let coup = deal(&rules.drawing, &cards).unwrap();
        assert_eq!(coup.banco().len(), 3);
        assert_eq!(parse_action(&example.replace.banco).unwrap(), Action::Draw);
        assert_eq!(coup.punto()[..2], cards_of(&["4♥", "9♣"]));
    }
}

fn cards_of(tokens: &[&str]) -> Vec<Card> {
    tokens.iter().map(|t| t.parse().unwrap()).collect()
}

#[test]
fn a_transcription_with_a_missing_row_is_refused() {
    let path = format!("{}/data/rule-texts/en.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let broken = text.replace("{\"banco\": \"4\", \"draws_against\": \"2–7\"},", "");
    let err = RuleText::from_json(&broken)
        .unwrap()
        .drawing_rules()
        .unwrap_err();
    assert_eq!(err.to_string(), "banco_tableau: total 4 is missing");
    let err = RuleText::from_json("{\n  \"source\": 3\n}").unwrap_err();
    assert!(err.to_string().contains("line 2 column"), "{err}");
}

/// A byte-order mark before a transcription is ignored; a key given twice in its maps is
/// refused rather than the last one kept.
#[test]
fn transcriptions_take_a_byte_order_mark_and_refuse_repeated_keys() {
    let path = format!("{}/data/rule-texts/en.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let marked = RuleText::from_json(&format!("\u{feff}{text}")).unwrap();
    assert_eq!(
        marked.drawing_rules().unwrap(),
        load("en").drawing_rules().unwrap()
    );
    let twice = text.replace("\"Tie\": \"8\"", "\"Tie\": \"8\", \"Tie\": \"9\"");
    let err = RuleText::from_json(&twice).unwrap_err().to_string();
    assert!(
        err.starts_with("tariff: `Tie` is given twice: each key may appear once at line 18"),
        "{err}"
    );
    let twice = text.replace("\"K\": 0", "\"K\": 0, \"A\": 11");
    let err = RuleText::from_json(&twice).unwrap_err().to_string();
    assert!(err.starts_with("values: `A` is given twice"), "{err}");
}

/// Each transcription cites its original by title and sections, which a reader can find,
/// not by a file name that only the project's own copy of the texts has.
#[test]
fn each_transcription_cites_its_text_by_title() {
    let [en, fr] = both();
    assert_eq!(
        en.source,
        "the Punto Banco teaching text, English edition: seven sections, \"01 / History and scope\" to \"07 / Keep other tariffs separate\""
    );
    assert_eq!(
        fr.source,
        "the Punto Banco teaching text, French edition: seven sections, « 01 / Histoire et portée » to « 07 / Garder les autres barèmes distincts »"
    );
    for text in [en, fr] {
        assert!(!text.source.ends_with(".txt"), "{}", text.source);
    }
}
