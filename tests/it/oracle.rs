//! The oracle: conformance vectors, logs verified coup by coup, and the statistical fit,
//! proved against deliberately wrong engines.

use num_bigint::BigUint;
use punto_banco::card::Card;
use punto_banco::dealer::Dealer;
use punto_banco::enumerate::exact_tally;
use punto_banco::oracle::fit::{self, Grouping, Observed};
use punto_banco::oracle::vectors::{CSV_HEADER, vectors};
use punto_banco::oracle::verify::{Finding, Kind, Verifier};
use punto_banco::rules::{Action, DrawingRules, PuntoMove, Rules};
use punto_banco::shoe::Shoe;
use punto_banco::tally::{Tally, Winner};
use sha2::{Digest, Sha256};

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn vectors_sum_to_the_shoe_and_match_the_enumerator() {
    let shoe = Shoe::reference();
    let rules = DrawingRules::reference();
    let all = vectors(&shoe, &rules);
    // Aggregated by final state, the vectors' weights are the enumerator's tally: two
    // independent walks (card by card through the resolver; by value with falling products).
    let mut tally = Tally::<BigUint>::default();
    for v in &all {
        tally.add(v.coup.final_state(), v.weight.clone());
    }
    assert_eq!(tally, exact_tally(&shoe, &rules).unwrap());
    let total: BigUint = all.iter().map(|v| &v.weight).sum();
    assert_eq!(total.to_string(), "4998398275503360");

    // The committed count and checksums (data/vectors/suite.json).
    let suite: serde_json::Value = serde_json::from_str(&data("vectors/suite.json")).unwrap();
    assert_eq!(suite["count"], all.len());
    let hash = |text: String| -> String {
        Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let json: String = all.iter().map(|v| v.to_json_line() + "\n").collect();
    let csv: String = std::iter::once(format!("{CSV_HEADER}\n"))
        .chain(all.iter().map(|v| v.to_csv_line() + "\n"))
        .collect();
    assert_eq!(
        suite["sha256"]["json"],
        hash(json.clone()),
        "run `punto-banco vectors` and update data/vectors/suite.json"
    );
    assert_eq!(suite["sha256"]["csv"], hash(csv));

    // Every line, read back as another engine would, agrees with the coup resolver.
    for line in json.lines().chain(data("vectors/sample.jsonl").lines()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let cards: Vec<u8> = v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as u8)
            .collect();
        let coup = punto_banco::coup::deal(&rules, &cards).unwrap();
        assert!(coup.unused.is_empty());
        assert_eq!(v["punto_total"], coup.punto_total());
        assert_eq!(v["banco_total"], coup.banco_total());
        assert_eq!(v["winner"], coup.winner().key());
        assert_eq!(v["natural"], coup.is_natural());
    }
    assert!(json.contains(data("vectors/sample.jsonl").lines().nth(4).unwrap()));
}

/// An engine to test the oracle with: it deals shuffled eight-deck shoes to a cut card and
/// logs every coup; each flag is a deliberate bug.
#[derive(Default)]
struct Engine {
    /// Deals by these drawing rules instead of the reference.
    drawing: Option<DrawingRules>,
    /// Never lets a 9 be the first card of a coup.
    never_nine_first: bool,
    /// Takes the 5% commission from Banco bets on a tie.
    commission_on_ties: bool,
}

impl Engine {
    fn log(&self, seed: u64, shoes: usize) -> String {
        let rules = self.drawing.clone().unwrap_or_else(DrawingRules::reference);
        let mut rng = Dealer::rng(seed);
        let mut out = String::new();
        for _ in 0..shoes {
            let mut dealer = Dealer::shuffled(8, &mut rng);
            out.push_str("{\"shoe\": {\"decks\": 8}}\n");
            while dealer.remaining().len() > 16 {
                if self.never_nine_first {
                    while dealer.remaining()[0].value() == 9 {
                        dealer.rotate_top();
                    }
                }
                let coup = dealer.deal_coup(&rules).unwrap();
                let cards: Vec<String> =
                    coup.dealt_in_order().into_iter().map(Card::ascii).collect();
                let winner = coup.winner();
                let (punto, banco, tie) = match winner {
                    Winner::Punto => (1.0, -1.0, -1.0),
                    Winner::Banco => (-1.0, 0.95, -1.0),
                    Winner::Tie => (0.0, if self.commission_on_ties { -0.05 } else { 0.0 }, 8.0),
                };
                out.push_str(
                    &serde_json::json!({
                        "cards": cards,
                        "winner": winner.key(),
                        "punto_total": coup.punto_total(),
                        "banco_total": coup.banco_total(),
                        "punto_draws": coup.punto.len() == 3,
                        "banco_draws": coup.banco.len() == 3,
                        "natural": coup.is_natural(),
                        "net": {"punto": punto, "banco": banco, "tie": tie},
                    })
                    .to_string(),
                );
                out.push('\n');
            }
        }
        out
    }
}

fn verify(log: &str) -> (punto_banco::oracle::verify::Summary, Vec<(usize, Finding)>) {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    let found: Vec<(usize, Finding)> = log
        .lines()
        .enumerate()
        .filter_map(|(i, line)| verifier.line(i + 1, line))
        .map(|d| (d.line, d.finding))
        .collect();
    (verifier.summary().clone(), found)
}

fn fit_passes(log: &str) -> Vec<fit::GroupFit> {
    let rules = DrawingRules::reference();
    let observed = Observed::read(log, &rules).unwrap();
    fit::fit(&Shoe::reference(), &rules, &observed).unwrap()
}

fn rejected(fits: &[fit::GroupFit], grouping: Grouping) -> &fit::GroupFit {
    let fit = fits.iter().find(|f| f.grouping == grouping).unwrap();
    assert!(
        !punto_banco::render::oracle::fits_pass(
            std::slice::from_ref(fit),
            0.01 / fits.len() as f64
        ),
        "{grouping:?} not rejected: p = {}",
        fit.p_value
    );
    fit
}

#[test]
fn a_correct_engine_passes_verify_and_fit() {
    let log = Engine::default().log(1, 300);
    let (summary, found) = verify(&log);
    assert!(found.is_empty(), "{:?}", &found[..found.len().min(3)]);
    assert!(summary.all_agree());
    assert!(summary.coups > 20_000, "{}", summary.coups);
    assert_eq!(summary.shoes, 300);
    let fits = fit_passes(&log);
    assert!(
        punto_banco::render::oracle::fits_pass(&fits, 0.01),
        "{fits:#?}"
    );
}

#[test]
fn the_004_tableau_is_caught_and_named() {
    let wrong = DrawingRules::reference().with_banco_cell(3, PuntoMove::Drew(8), Action::Draw);
    let log = Engine {
        drawing: Some(wrong),
        ..Engine::default()
    }
    .log(2, 40);
    let (summary, found) = verify(&log);
    assert!(summary.disagreeing[&Kind::Draw] > 0);
    assert_eq!(summary.disagreeing.len(), 1, "{:?}", summary.disagreeing);
    let (line, finding) = &found[0];
    let sentence = finding.sentence(&Rules::reference(), punto_banco::lang::Lang::En);
    assert_eq!(
        sentence, "the engine has Banco draw; Banco on 3 stands against a third card 8",
        "line {line}"
    );
    // The fit sees it too, with enough coups (fit --plan says about 18,000 at α = 0.01).
    let log = Engine {
        drawing: Some(DrawingRules::reference().with_banco_cell(
            3,
            PuntoMove::Drew(8),
            Action::Draw,
        )),
        ..Engine::default()
    }
    .log(3, 700);
    rejected(&fit_passes(&log), Grouping::FinalStates);
}

#[test]
fn punto_standing_on_5_is_caught_and_named() {
    let mut wrong = DrawingRules::reference();
    wrong.punto[5] = Action::Stand;
    let log = Engine {
        drawing: Some(wrong),
        ..Engine::default()
    }
    .log(4, 60);
    let (summary, found) = verify(&log);
    assert!(summary.disagreeing[&Kind::Draw] > 0);
    let sentence = found[0]
        .1
        .sentence(&Rules::reference(), punto_banco::lang::Lang::En);
    assert_eq!(
        sentence,
        "the engine has Punto stand; Punto draws on 5 (on 0–5)"
    );
    let fits = fit_passes(&log);
    rejected(&fits, Grouping::FinalStates);
}

#[test]
fn a_shuffle_that_never_deals_a_nine_first_is_caught_by_the_fit() {
    let log = Engine {
        never_nine_first: true,
        ..Engine::default()
    }
    .log(5, 20);
    // Every coup is dealt by the rules, so a coup-by-coup check cannot see it.
    assert!(verify(&log).0.all_agree());
    let fits = fit_passes(&log);
    let fit = rejected(&fits, Grouping::Position(1));
    // The cell that deviates most is the missing 9.
    assert_eq!(fit.cells[0].cell, "9");
    assert_eq!(fit.cells[0].observed, 0);
}

#[test]
fn a_commission_taken_on_ties_is_caught_and_named() {
    let log = Engine {
        commission_on_ties: true,
        ..Engine::default()
    }
    .log(6, 20);
    let (summary, found) = verify(&log);
    assert_eq!(
        summary.disagreeing.keys().collect::<Vec<_>>(),
        vec![&Kind::Net]
    );
    let sentence = found[0]
        .1
        .sentence(&Rules::reference(), punto_banco::lang::Lang::En);
    assert_eq!(sentence, "the engine nets −0.05 on Banco; the rules net 0");
}

#[test]
fn impossible_cards_and_malformed_lines() {
    let log = "{\"shoe\": {\"decks\": 8}}\n".to_string()
        + &"{\"cards\": [\"AS\",\"AS\",\"AS\",\"AS\"], \"winner\": \"tie\"}\n".repeat(3)
        + "not json\n{\"cards\": [\"11X\"], \"winner\": \"tie\"}\n{\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\"], \"winner\": \"banco\"}\n";
    let (summary, found) = verify(&log);
    assert_eq!(summary.malformed, 2);
    let impossible: Vec<_> = found
        .iter()
        .filter(|(_, f)| f.kind() == Kind::ImpossibleCard)
        .collect();
    assert_eq!(impossible.len(), 1);
    assert_eq!(
        impossible[0]
            .1
            .sentence(&Rules::reference(), punto_banco::lang::Lang::En),
        "A♠ is dealt a 9th time since the shoe of line 1, which holds 8"
    );
    let (line, last) = found.last().unwrap();
    assert_eq!(*line, 7);
    assert_eq!(
        last.sentence(&Rules::reference(), punto_banco::lang::Lang::En),
        "the log has 4 cards: the coup also needs Punto's third card; Punto draws on 3 (on 0–5)"
    );
}

#[test]
fn noncentral_chi_square_matches_the_textbook_power() {
    // One degree of freedom: the power of a two-sided z-test with shift δ = 2.8016 at α = 0.05
    // is 80%; the noncentrality is δ².
    let power = fit::noncentral_sf(1.0, 2.8016f64.powi(2), 3.841_458_820_694_124);
    assert!((power - 0.80).abs() < 1e-3, "{power}");
    // Without noncentrality it is the central tail: α itself.
    assert!((fit::noncentral_sf(1.0, 0.0, 3.841_458_820_694_124) - 0.05).abs() < 1e-9);
}
