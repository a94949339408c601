//! `decisions`: the value of every drawing decision. The engine's figures are held to an
//! independent path, the games-with-choices walk (`choices::Form`), which counts every coup
//! of a game where each decision is left open and evaluates it at the tableau's choices; then
//! the command must print them faithfully and refuse what it cannot value.

use super::hostile::{refused, run, succeeded};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{One, Zero};
use punto_banco::choices::{BancoSet, ChoiceRules, Draws, Game, Information, KnownHand, Profile};
use punto_banco::decisions::{Best, Decisions, Place, decisions};
use punto_banco::lang::Lang;
use punto_banco::render::decisions::render_decisions;
use punto_banco::render::{Format, Page};
use punto_banco::rules::{Action, MainBet, PuntoMove, Rules};
use punto_banco::shoe::Shoe;
use punto_banco::{Analysis, Hand, RuleSet, variants};
use serde_json::Value;

fn fraction(value: &BigRational) -> String {
    format!("{}/{}", value.numer(), value.denom())
}

fn drawn(action: Action) -> BigRational {
    match action {
        Action::Draw => BigRational::one(),
        Action::Stand => BigRational::zero(),
    }
}

/// Holds every decision's two margins to the games-with-choices walk: the rules with every
/// Punto total and every tableau cell left open, each side knowing its total, the Banco bet's
/// commission as the game's, evaluated where each choice is the tableau's.
fn agrees_with_the_choices_walk(shoe: &Shoe, rules: &Rules, commission: Ratio<i64>) {
    let values = decisions(shoe, rules).unwrap();
    let drawing = &rules.drawing;
    let totals: Vec<u8> = (0..10).filter(|&t| !drawing.is_natural(t)).collect();
    let cells: Vec<(u8, PuntoMove)> = totals
        .iter()
        .flat_map(|&t| PuntoMove::ALL.map(|m| (t, m)))
        .collect();
    let game = Game {
        rules: ChoiceRules::fixed(drawing).with_choices(&totals, &cells),
        information: Information::Totals,
        draws: Draws::Shoe(shoe.clone()),
        commission: Ratio::from_integer(0),
    }
    .with_commission(commission)
    .unwrap();
    let form = game.form().unwrap();
    let profile = Profile {
        punto: form
            .punto_sets
            .iter()
            .map(|&set| (set, drawn(drawing.punto_action(set.total()))))
            .collect(),
        banco: form
            .banco_sets
            .iter()
            .map(|&set| {
                let action = drawing.banco_action(set.banco.total(), set.punto);
                (set, drawn(action))
            })
            .collect(),
    };
    let p: Vec<BigRational> = profile.punto.iter().map(|(_, x)| x.clone()).collect();
    let q: Vec<BigRational> = profile.banco.iter().map(|(_, x)| x.clone()).collect();
    assert_eq!(form.punto_sets.len(), values.punto_totals.len());
    assert_eq!(form.banco_sets.len(), values.cells.len());
    for (i, set) in form.punto_sets.iter().enumerate() {
        let value = values.punto_total(set.total()).unwrap();
        assert_eq!(value.draw_minus_stand.punto, form.punto.punto_margin(i, &q));
        assert_eq!(value.draw_minus_stand.banco, form.banco.punto_margin(i, &q));
    }
    for (k, BancoSet { banco, punto }) in form.banco_sets.iter().enumerate() {
        let KnownHand::Total(total) = *banco else {
            panic!("each side knows its total: {banco:?}")
        };
        let value = values.cell(total, *punto).unwrap();
        assert_eq!(value.draw_minus_stand.banco, form.banco.banco_margin(k, &p));
        assert_eq!(value.draw_minus_stand.punto, form.punto.banco_margin(k, &p));
    }
    // The expectations at the tableau are the rules' own.
    assert_eq!(form.punto.at(&p, &q), values.expected_nets[0]);
    assert_eq!(form.banco.at(&p, &q), values.expected_nets[1]);
}

#[test]
fn eight_decks_agree_with_the_choices_walk() {
    agrees_with_the_choices_walk(
        &Shoe::decks(8).unwrap(),
        &Rules::reference(),
        Ratio::new(1, 20),
    );
}

#[test]
fn a_depleted_deck_agrees_with_the_choices_walk() {
    let mut shoe = Shoe::decks(1).unwrap();
    shoe.remove_cards(&punto_banco::parse_cards("5S,5H,6D,KC,KD,9S").unwrap())
        .unwrap();
    agrees_with_the_choices_walk(&shoe, &Rules::reference(), Ratio::new(1, 20));
}

#[test]
fn another_tariff_and_tableau_agree_with_the_choices_walk() {
    // The 4% commission variant, on source 004's claimed tableau (Banco on 3 draws against 8).
    let set = RuleSet::from_json(variants::shipped("banco-4-percent").unwrap()).unwrap();
    let mut rules = set.rules().clone();
    rules.drawing = rules
        .drawing
        .with_banco_cell(3, PuntoMove::Drew(8), Action::Draw);
    agrees_with_the_choices_walk(&Shoe::decks(2).unwrap(), &rules, Ratio::new(1, 25));
}

#[test]
fn the_best_response_is_worth_the_sum_of_its_cells() {
    // Each coup meets at most one decision of each hand, so the gains add up: the engine on
    // the best-response rules, all cells changed at once, gives the sum.
    let shoe = Shoe::decks(8).unwrap();
    let rules = Rules::reference();
    let values = decisions(&shoe, &rules).unwrap();
    for (hand, bet, index) in [
        (Hand::Banco, MainBet::Banco, 1),
        (Hand::Punto, MainBet::Punto, 0),
    ] {
        let best = Rules {
            drawing: values.best_response(hand),
            tariff: rules.tariff.clone(),
        };
        let analysis = Analysis::new(&shoe, &best).unwrap();
        let gain = analysis.expected_net(rules.tariff.bet(bet)) - &values.expected_nets[index];
        assert_eq!(gain, values.best_response_gain(hand), "{hand:?}");
        // And no single decision of the best response can be bettered.
        let again = decisions(&shoe, &best).unwrap();
        assert_eq!(again.not_best(hand).count(), 0, "{hand:?}");
        assert!(again.best_response_gain(hand).is_zero());
    }
}

#[test]
fn eight_decks_where_the_tableau_is_not_bancos_best_response() {
    // The engine's finding, held to the choices walk above: with the 5% commission, the
    // tableau gives the Banco bet away in exactly two cells, 4 against a third card 1 and
    // 6 when Punto stands; Punto's rule is his best response at every total.
    let values = decisions(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap();
    let places: Vec<Place> = values.not_best(Hand::Banco).map(|v| v.place).collect();
    assert_eq!(
        places,
        [
            Place::Banco {
                total: 4,
                punto_move: PuntoMove::Drew(1)
            },
            Place::Banco {
                total: 6,
                punto_move: PuntoMove::Stood
            },
        ]
    );
    assert_eq!(values.not_best(Hand::Punto).count(), 0);
    // Source 004's cell: standing on 3 against an 8 is better for the Banco bet, and the
    // change is the check command's cost of drawing there, with the sign turned.
    let cell = values.cell(3, PuntoMove::Drew(8)).unwrap();
    assert_eq!(cell.tableau, Action::Stand);
    assert_eq!(cell.best_for(Hand::Banco), Best::Stand);
    assert_eq!(
        cell.draw_minus_stand.banco,
        -BigRational::new(BigInt::from(1410386648), BigInt::from(97624966318425u64))
    );
}

#[test]
fn every_cell_and_total_is_there_once() {
    let values: Decisions = decisions(&Shoe::decks(1).unwrap(), &Rules::reference()).unwrap();
    assert_eq!(values.cells.len(), 8 * 11);
    assert_eq!(values.punto_totals.len(), 8);
    for total in 0..8 {
        for punto_move in PuntoMove::ALL {
            let cell = values.cell(total, punto_move).unwrap();
            assert_eq!(
                cell.tableau,
                Rules::reference().drawing.banco_action(total, punto_move)
            );
        }
    }
    assert!(values.cell(8, PuntoMove::Stood).is_none());
    assert!(values.punto_total(9).is_none());
}

fn json(args: &[&str]) -> Value {
    let output = run(args, b"");
    succeeded(&output);
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_json_is_the_librarys_values() {
    let doc = json(&["decisions", "-d", "6", "-f", "json"]);
    let values = decisions(&Shoe::decks(6).unwrap(), &Rules::reference()).unwrap();
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["rules"], "reference");
    assert_eq!(doc["shoe"]["decks"], 6);
    let cells = doc["cells"].as_array().unwrap();
    assert_eq!(cells.len(), values.cells.len());
    for (printed, value) in cells.iter().zip(&values.cells) {
        let Place::Banco { total, punto_move } = value.place else {
            panic!("a cell is Banco's")
        };
        assert_eq!(printed["banco_total"], total);
        let third = match punto_move {
            PuntoMove::Drew(v) => Value::from(v),
            PuntoMove::Stood => Value::Null,
        };
        assert_eq!(printed["punto_third_card"], third);
        let tableau = match value.tableau {
            Action::Draw => "draw",
            Action::Stand => "stand",
        };
        assert_eq!(printed["tableau"], tableau);
        let margin = &value.draw_minus_stand;
        assert_eq!(
            printed["draw_minus_stand"]["banco"],
            fraction(&margin.banco)
        );
        assert_eq!(
            printed["draw_minus_stand"]["punto"],
            fraction(&margin.punto)
        );
        assert_eq!(printed["reach"], fraction(&value.reach));
        assert_eq!(printed["best_for_banco"], value.best_for(Hand::Banco).key());
        assert_eq!(printed["best_for_punto"], value.best_for(Hand::Punto).key());
    }
    let totals = doc["punto_totals"].as_array().unwrap();
    assert_eq!(totals.len(), 8);
    for (printed, value) in totals.iter().zip(&values.punto_totals) {
        let Place::Punto { total } = value.place else {
            panic!("a total is Punto's")
        };
        assert_eq!(printed["punto_total"], total);
        assert_eq!(
            printed["draw_minus_stand"]["punto"],
            fraction(&value.draw_minus_stand.punto)
        );
    }
    assert_eq!(
        doc["best_response"]["banco"]["gain"],
        fraction(&values.best_response_gain(Hand::Banco))
    );
}

#[test]
fn a_rule_set_is_valued_under_its_own_tariff() {
    // EZ Baccarat pushes a winning three-card Banco 7: drawing is worth other amounts to the
    // Banco bet than under the 5% commission, and the command says whose rules they are.
    let doc = json(&["decisions", "-r", "ez-baccarat", "-f", "json"]);
    assert_eq!(doc["rules"], "ez-baccarat");
    let set = RuleSet::from_json(variants::shipped("ez-baccarat").unwrap()).unwrap();
    let values = decisions(&set.shoe_or_reference(), set.rules()).unwrap();
    let reference = decisions(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap();
    assert_ne!(
        values.cells[0].draw_minus_stand.banco,
        reference.cells[0].draw_minus_stand.banco
    );
    assert_eq!(
        doc["cells"][0]["draw_minus_stand"]["banco"],
        fraction(&values.cells[0].draw_minus_stand.banco)
    );
}

#[test]
fn both_languages_and_markdown() {
    let values = decisions(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap();
    let en = render_decisions(&values, "reference", &Page::new(Format::Text, Lang::En));
    assert!(en.contains("Banco on 6 when Punto stands"), "{en}");
    assert!(en.contains("1.0579% to 0.9331%"), "{en}");
    let fr = render_decisions(&values, "reference", &Page::new(Format::Text, Lang::Fr));
    assert!(fr.contains("Banco sur 6 quand Punto reste"), "{fr}");
    assert!(
        fr.contains("passe de 1,0579\u{202f}% à 0,9331\u{202f}%"),
        "{fr}"
    );
    assert!(fr.contains("Tableau de Banco\u{a0}: le pari Banco"), "{fr}");
    let markdown = render_decisions(&values, "reference", &Page::new(Format::Markdown, Lang::Fr));
    assert!(markdown.starts_with("## "), "{markdown}");
    assert!(markdown.contains("| R +0,1245 * |"), "{markdown}");
    snapshot!("decisions__8_decks_en", en);
    snapshot!("decisions__8_decks_fr", fr);
}

#[test]
fn a_narrow_terminal_gets_lines_that_fit() {
    let output = run(&["decisions", "--width", "80"], b"");
    succeeded(&output);
    let text = String::from_utf8(output.stdout).unwrap();
    for line in text.lines().filter(|l| !l.is_empty()) {
        // Prose wraps as the terminal wraps it; tables fit.
        if line.contains("  ") {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }
}

#[test]
fn what_cannot_be_valued_is_refused() {
    refused(&["decisions", "-d", "0"], b"", 2, &["deck"]);
    refused(
        &["decisions", "-r", "no-such-rules"],
        b"",
        2,
        &["no-such-rules"],
    );
    refused(
        &["decisions", "--ranks", "1,1,1,1,1,1,1,1,1,1,1,1,-1"],
        b"",
        2,
        &["-1"],
    );
    refused(
        &["decisions", "-d", "1", "--remove", "11X"],
        b"",
        2,
        &["11X"],
    );
    refused(
        &["decisions", "--ranks", "1,0,0,0,0,0,0,0,0,0,0,0,0"],
        b"",
        2,
        &["6"],
    );
}
