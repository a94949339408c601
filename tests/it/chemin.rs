//! `chemin`: Chemin de Fer solved at the command line. The solver itself is held to the naive
//! walk in `choices`; here the command must print that solution faithfully, in every format
//! and both languages, and refuse what is not a game.

use super::hostile::{refused, run, succeeded};
use num_rational::{BigRational, Ratio};
use punto_banco::choices::{Draws, Game, Information, KnownHand, Solution};
use punto_banco::lang::Lang;
use punto_banco::render::choices::render_solution;
use punto_banco::render::{Format, Page};
use punto_banco::rules::PuntoMove;
use punto_banco::shoe::Shoe;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let output = run(args, b"");
    succeeded(&output);
    serde_json::from_slice(&output.stdout).unwrap()
}

fn text(args: &[&str]) -> String {
    let output = run(args, b"");
    succeeded(&output);
    String::from_utf8(output.stdout).unwrap()
}

fn fraction(value: &BigRational) -> String {
    format!("{}/{}", value.numer(), value.denom())
}

fn eight_decks(information: Information) -> Game {
    Game::chemin_de_fer(information, Draws::Shoe(Shoe::decks(8).unwrap()))
}

/// Asserts that the command's JSON is the library's solution, set by set.
fn prints_the_solution(doc: &Value, solution: &Solution) {
    assert_eq!(doc["punto_ev"], fraction(&solution.punto_ev));
    assert_eq!(doc["banco_ev"], fraction(&solution.banco_ev));
    assert_eq!(doc["certified"], solution.certificate.certified());
    assert_eq!(doc["unique"], solution.unique);
    let punto = doc["punto"]["sets"].as_array().unwrap();
    assert_eq!(punto.len(), solution.profile.punto.len());
    for (printed, (set, p)) in punto.iter().zip(&solution.profile.punto) {
        assert_eq!(printed["punto_hand"], set.to_string());
        assert_eq!(printed["draw"], fraction(p));
    }
    let banco = doc["banco"]["strategy"].as_array().unwrap();
    assert_eq!(banco.len(), solution.profile.banco.len());
    for (printed, (set, q)) in banco.iter().zip(&solution.profile.banco) {
        assert_eq!(printed["banco_hand"], set.banco.to_string());
        let third = match set.punto {
            PuntoMove::Drew(v) => Value::from(v),
            PuntoMove::Stood => Value::Null,
        };
        assert_eq!(printed["punto_third_card"], third);
        assert_eq!(printed["draw"], fraction(q));
    }
    let mixed = doc["banco"]["mixed"].as_array().unwrap();
    assert_eq!(mixed.len(), solution.profile.banco_mixed().len());
}

#[test]
fn kemeny_and_snell_at_the_command_line() {
    // Kemeny and Snell, "Game-theoretic solution of baccarat", American Mathematical Monthly
    // 64 (1957): with replacement, Punto draws at 5 with probability 9/11 and Banco mixes in
    // exactly one cell, 6 against Punto stood.
    let doc = json(&["chemin", "--with-replacement", "-f", "json"]);
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["game"], "chemin-de-fer");
    assert_eq!(doc["information"], "totals");
    assert_eq!(doc["shoe"]["with_replacement"], true);
    assert_eq!(doc["zero_sum"], true);
    assert_eq!(doc["commission"], "0/1");
    assert_eq!(doc["punto"]["draw_at_5"], "9/11");
    let mixed = doc["banco"]["mixed"].as_array().unwrap();
    assert_eq!(mixed.len(), 1, "{mixed:?}");
    assert_eq!(mixed[0]["banco_total"], 6);
    assert_eq!(mixed[0]["punto_third_card"], Value::Null);
    assert_eq!(doc["value"], doc["punto_ev"]);
    assert_eq!(doc["certified"], true);
    assert_eq!(doc["unique"], true);
    assert_eq!(doc["certificate"]["punto_gain"], "0/1");
    assert_eq!(doc["certificate"]["banco_gain"], "0/1");
}

#[test]
fn the_json_of_every_model_is_the_solvers_solution() {
    for information in Information::ALL {
        let doc = json(&["chemin", "-i", information.key(), "-f", "json"]);
        let solution = eight_decks(information).solve().unwrap();
        assert!(solution.unique && solution.certificate.certified());
        prints_the_solution(&doc, &solution);
        assert_eq!(doc["information"], information.key());
        assert_eq!(doc["shoe"]["cards"], 416);
    }
    // With a commission: a bimatrix game whose expectations no longer sum to zero.
    let doc = json(&["chemin", "--commission", "5%", "-f", "json"]);
    let game = eight_decks(Information::Totals)
        .with_commission(Ratio::new(1, 20))
        .unwrap();
    let solution = game.solve().unwrap();
    prints_the_solution(&doc, &solution);
    assert_eq!(doc["zero_sum"], false);
    assert_eq!(doc["value"], Value::Null);
    assert_eq!(doc["commission"], "1/20");
    assert_ne!(solution.punto_ev, -solution.banco_ev.clone());
    for spelling in ["0.05", "1/20", "5 %"] {
        let other = json(&["chemin", "--commission", spelling, "-f", "json"]);
        assert_eq!(other["punto"], doc["punto"], "{spelling}");
    }
}

#[test]
fn both_cards_keys_punto_at_five_by_composition() {
    let doc = json(&["chemin", "-i", "both-cards", "-f", "json"]);
    let at_5 = doc["punto"]["draw_at_5"].as_object().unwrap();
    let keys: Vec<&str> = at_5.keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 5);
    for composition in ["0+5", "1+4", "2+3", "6+9", "7+8"] {
        assert!(at_5.contains_key(composition), "{keys:?}");
    }
    let solution = eight_decks(Information::BothCards).solve().unwrap();
    for (set, p) in &solution.profile.punto {
        assert!(matches!(set, KnownHand::Cards(_)));
        assert_eq!(at_5[&set.to_string()], fraction(p));
    }
}

#[test]
fn text_and_markdown_in_both_languages() {
    let english = text(&["chemin", "-i", "banco-cards"]);
    for needle in [
        "Value of the game (Punto's expectation per coup): −0.0128998",
        "Banco \\ third card",
        "0+6           stood",
        "Certified in exact arithmetic",
        "These optimal strategies are the only ones",
    ] {
        assert!(english.contains(needle), "`{needle}` not in\n{english}");
    }
    let french = text(&["chemin", "-i", "banco-cards", "-l", "fr"]);
    for needle in [
        "Valeur du jeu (espérance de Punto par coup)\u{a0}: −0,0128998",
        "T = Banco tire, R = Banco reste",
        "mélange\u{a0}: tire avec la probabilité 0,6329",
        "Certifié en arithmétique exacte\u{a0}:",
    ] {
        assert!(french.contains(needle), "`{needle}` not in\n{french}");
    }
    let markdown = text(&["chemin", "-f", "markdown", "-l", "fr"]);
    assert!(markdown.starts_with("## Chemin de Fer, résolu exactement"));
    assert!(markdown.contains("| Banco \\ 3e carte |"));
    let narrow = text(&["chemin", "-i", "banco-cards", "--width", "60"]);
    for line in narrow
        .lines()
        .filter(|l| l.contains('─') || l.contains("  "))
    {
        assert!(line.chars().count() <= 60, "wider than 60: {line}");
    }
    // A game with several equilibria says that uniqueness is not proved.
    let open = text(&["chemin", "-i", "both-cards", "--with-replacement"]);
    assert!(open.contains("Uniqueness is not proved"), "{open}");
}

#[test]
fn banco_cards_eight_decks_snapshots() {
    let game = eight_decks(Information::BancoCards);
    let solution = game.solve().unwrap();
    for lang in Lang::ALL {
        snapshot!(
            format!("chemin__banco_cards_8_decks_{}", lang.code()),
            render_solution(&game, &solution, &Page::new(Format::Text, lang))
        );
    }
}

#[test]
fn what_is_not_a_game_is_refused() {
    for (commission, needle) in [
        ("100%", "not a share of Banco's winnings"),
        ("3/2", "not a share of Banco's winnings"),
        ("abc", "accepted: a percentage such as 5%"),
        ("-5%", "accepted: a percentage such as 5%"),
        ("1/0", "accepted: a percentage such as 5%"),
        ("5e-2", "accepted: a percentage such as 5%"),
        ("", "accepted: a percentage such as 5%"),
    ] {
        refused(
            &["chemin", "--commission", commission],
            b"",
            2,
            &["--commission", needle],
        );
    }
    let long = "1".repeat(100_000);
    refused(&["chemin", "-c", &long], b"", 2, &["too long"]);
    refused(
        &["chemin", "-i", "cards"],
        b"",
        2,
        &[
            "unknown information model `cards`",
            "totals, banco-cards, both-cards",
        ],
    );
    refused(
        &["chemin", "--with-replacement", "--decks", "2"],
        b"",
        2,
        &["--with-replacement"],
    );
    refused(
        &["chemin", "--ranks", "0,0,0,0,0,0,0,0,0,0,0,0,1"],
        b"",
        2,
        &["cards"],
    );
    refused(&["chemin", "--decks", "0"], b"", 2, &["--decks"]);
    refused(&["chemin", "--remove", "11X"], b"", 2, &["11X"]);
}
