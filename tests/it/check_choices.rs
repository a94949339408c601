//! `check` on a claimed game with choices: the classic casino Chemin de Fer tableau, in French
//! and in English, and a rule file that says "choice", named a game with choices and solved;
//! the solution checked against an independent path (the Punto Banco engine's exact edges of
//! the four pure games at the two mixed decisions, and the 2×2 game they make solved by hand).

use super::hostile::{refused, repo_file, run};
use num_rational::BigRational;
use num_traits::{One, Zero};
use punto_banco::analysis::Analysis;
use punto_banco::check::{ChoicesName, check, read_claimed, read_claimed_with_choices};
use punto_banco::choices::{Draws, Game, Information, Rule};
use punto_banco::lang::Lang;
use punto_banco::render::check::render_report;
use punto_banco::render::{Format, Page};
use punto_banco::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules};
use punto_banco::shoe::Shoe;
use serde_json::Value;

const FRENCH: &str = "docs/examples/check/chemin-de-fer-grid.txt";
const ENGLISH: &str = "docs/examples/check/chemin-de-fer-grid-en.tsv";
const RULE_FILE: &str = "docs/examples/check/chemin-de-fer.json";

/// The classic casino tableau's optional cells: Banco on 3 against 9, on 4 against 1, on 5
/// against 4, and on 6 when Punto stood.
fn classic_cells() -> Vec<(u8, PuntoMove)> {
    vec![
        (3, PuntoMove::Drew(9)),
        (4, PuntoMove::Drew(1)),
        (5, PuntoMove::Drew(4)),
        (6, PuntoMove::Stood),
    ]
}

fn json_of(args: &[&str]) -> Value {
    let output = run(args, b"");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn ratio(value: &Value) -> BigRational {
    value["exact"].as_str().unwrap().parse().unwrap()
}

#[test]
fn the_classic_tableau_is_read_as_chemin_de_fer_in_both_languages() {
    for file in [FRENCH, ENGLISH] {
        let claimed = read_claimed_with_choices(&repo_file(file)).unwrap();
        let rules = claimed.choices.clone().expect("a game with choices");
        assert_eq!(rules.punto_choices(), vec![5], "{file}");
        assert_eq!(rules.banco_choices(), classic_cells(), "{file}");
        // Every fixed cell as the tableau fixes it: here those of Punto Banco.
        let reference = DrawingRules::reference();
        for total in 0..8usize {
            for punto_move in PuntoMove::ALL {
                let rule = rules.banco[total][punto_move.column()];
                if rule != Rule::Choice {
                    assert_eq!(
                        rule,
                        Rule::from(reference.banco[total][punto_move.column()]),
                        "{file}: {total} {punto_move:?}"
                    );
                }
            }
        }
        // The strict reader, for the commands that need Punto Banco, refuses it by name.
        let err = read_claimed(&repo_file(file)).unwrap_err().to_string();
        assert!(err.contains("Punto on 5, Banco on 3 against 9"), "{err}");
        let report = check(claimed).unwrap();
        let analysis = report.game_with_choices.as_ref().unwrap();
        assert_eq!(analysis.name, ChoicesName::CheminDeFer);
        // No fixed cell differs from the reference, so there is nothing else to compare.
        assert!(report.drawing_differences.is_empty());
    }
    let french = read_claimed_with_choices(&repo_file(FRENCH)).unwrap();
    let english = read_claimed_with_choices(&repo_file(ENGLISH)).unwrap();
    assert_eq!(french.choices, english.choices);
}

/// Punto's expectation per coup when every decision is fixed: minus the Punto bet's edge
/// (even money, a push on a tie) in the Punto Banco engine.
fn punto_expectation(drawing: DrawingRules) -> BigRational {
    let rules = Rules {
        drawing,
        tariff: Rules::reference().tariff,
    };
    -Analysis::new(&Shoe::decks(8).unwrap(), &rules)
        .unwrap()
        .edge(MainBet::Punto)
}

/// The classic tableau with Punto's five and Banco's six when Punto stood fixed, and perhaps
/// one more optional cell turned the other way.
fn pure(punto_draws: bool, banco_draws: bool, flipped: Option<(u8, PuntoMove)>) -> DrawingRules {
    let action = |draws: bool| if draws { Action::Draw } else { Action::Stand };
    let mut drawing = DrawingRules::reference()
        .with_banco_cell(3, PuntoMove::Drew(9), Action::Draw)
        .with_banco_cell(4, PuntoMove::Drew(1), Action::Stand)
        .with_banco_cell(5, PuntoMove::Drew(4), Action::Draw)
        .with_banco_cell(6, PuntoMove::Stood, action(banco_draws));
    drawing.punto[5] = action(punto_draws);
    if let Some((total, punto_move)) = flipped {
        let now = drawing.banco_action(total, punto_move);
        let other = match now {
            Action::Draw => Action::Stand,
            Action::Stand => Action::Draw,
        };
        drawing = drawing.with_banco_cell(total, punto_move, other);
    }
    drawing
}

/// Punto's expectation at draw probabilities `p` (Punto on 5) and `q` (Banco on 6 when Punto
/// stood), from the four pure games: the expectation is bilinear in the two.
fn mixed(a: &[[BigRational; 2]; 2], p: &BigRational, q: &BigRational) -> BigRational {
    let (p1, q1) = (BigRational::one() - p, BigRational::one() - q);
    p * q * &a[0][0] + p * &q1 * &a[0][1] + &p1 * q * &a[1][0] + p1 * q1 * &a[1][1]
}

fn four(flipped: Option<(u8, PuntoMove)>) -> [[BigRational; 2]; 2] {
    [true, false].map(|p| [true, false].map(|q| punto_expectation(pure(p, q, flipped))))
}

#[test]
fn the_solution_is_the_two_by_two_game_the_engine_gives_and_banco_mixes_only_at_6_stood() {
    let json = json_of(&["check", FRENCH, "-f", "json"]);
    let game = &json["game_with_choices"];
    assert_eq!(game["name"], "chemin_de_fer");
    assert_eq!(game["information"], "totals");
    assert_eq!(game["commission"]["exact"], "0/1");
    assert_eq!(game["punto_choices"], serde_json::json!([5]));
    let solution = &game["solution"];
    // The independent fact: with the four classic optional cells and Punto's five, on eight
    // decks, each side knowing its total, Banco mixes only on 6 when Punto stood.
    let mixed_cells: Vec<(u64, Value)> = solution["banco"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["choice"] == "mixed")
        .map(|b| {
            (
                b["banco_total"].as_u64().unwrap(),
                b["punto_third_card"].clone(),
            )
        })
        .collect();
    assert_eq!(mixed_cells, vec![(6, Value::Null)]);
    let pure_choices: Vec<(u64, u64, &str)> = solution["banco"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["choice"] != "mixed")
        .map(|b| {
            (
                b["banco_total"].as_u64().unwrap(),
                b["punto_third_card"].as_u64().unwrap(),
                b["choice"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        pure_choices,
        vec![(3, 9, "draw"), (4, 1, "stand"), (5, 4, "draw")]
    );
    assert_eq!(solution["punto"][0]["choice"], "mixed");
    assert_eq!(solution["certificate"]["certified"], true);
    assert_eq!(solution["unique"], true);
    assert_eq!(solution["zero_sum"], true);

    // The independent path: the engine's exact expectations of the four pure games at the two
    // mixed decisions, and the 2×2 zero-sum game they make, solved by its indifference
    // equations.
    let a = four(None);
    let denominator = &a[0][0] - &a[0][1] - &a[1][0] + &a[1][1];
    let p = (&a[1][1] - &a[1][0]) / &denominator;
    let q = (&a[1][1] - &a[0][1]) / &denominator;
    assert_eq!(ratio(&solution["punto"][0]["draw_probability"]), p);
    let six = solution["banco"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["choice"] == "mixed")
        .unwrap();
    assert_eq!(ratio(&six["draw_probability"]), q);
    let value = mixed(&a, &p, &q);
    assert_eq!(ratio(&solution["value"]), value);
    assert_eq!(ratio(&solution["punto_ev"]), value);
    assert!(p > BigRational::zero() && p < BigRational::one());
    // The game where Banco chooses in every cell has the same equilibrium on eight decks: its
    // pure choices are the classic tableau's fixed cells.
    let whole = Game::chemin_de_fer(Information::Totals, Draws::Shoe(Shoe::decks(8).unwrap()))
        .solve()
        .unwrap();
    assert_eq!(whole.profile.punto[0].1, p);
    assert_eq!(p.to_string(), "1662203/2044584");
    // Banco's pure choices are best replies: turning any one of them the other way leaves
    // Punto no worse off (Banco, who loses what Punto wins, no better).
    for cell in [
        (3, PuntoMove::Drew(9)),
        (4, PuntoMove::Drew(1)),
        (5, PuntoMove::Drew(4)),
    ] {
        let flipped = four(Some(cell));
        assert!(mixed(&flipped, &p, &q) >= value, "{cell:?}");
    }
    // A fixed cell's departing cost is the same kind of difference: Banco on 3 against a
    // third card 8 stands; drawing there instead costs Banco what it gives Punto.
    let fixed = game["fixed_cells_vs_best_response"].as_array().unwrap();
    let three_eight = fixed
        .iter()
        .find(|c| c["hand"] == "banco" && c["banco_total"] == 3 && c["punto_third_card"] == 8)
        .unwrap();
    assert_eq!(three_eight["fixed"], "stand");
    assert_eq!(three_eight["best_response"], true);
    let drawn = four(Some((3, PuntoMove::Drew(8))));
    assert_eq!(
        ratio(&three_eight["departing_costs"]),
        mixed(&drawn, &p, &q) - &value
    );
    assert_eq!(
        game["fixed_cells_best_responses"].as_u64().unwrap() as usize,
        fixed.len()
    );
    assert_eq!(fixed.len(), 7 + 8 * 11 - 4);
}

#[test]
fn a_rule_file_that_says_choice_is_solved_with_its_shoe_and_commission() {
    let json = json_of(&["check", RULE_FILE, "-f", "json", "-l", "fr"]);
    assert_eq!(json["form"], "rule_file");
    assert_eq!(json["shoe"]["cards"], 312);
    let game = &json["game_with_choices"];
    assert_eq!(game["name"], "chemin_de_fer");
    assert_eq!(game["commission"]["exact"], "1/20");
    assert_eq!(game["commission"]["source"], "tariff");
    let solution = &game["solution"];
    assert_eq!(solution["zero_sum"], false);
    assert_eq!(solution["value"], Value::Null);
    assert_eq!(solution["certificate"]["certified"], true);
    // With a commission Banco's expectation is no longer Punto's opposite: Banco pays the
    // house on his wins.
    assert!(ratio(&solution["banco_ev"]) + ratio(&solution["punto_ev"]) < BigRational::zero());
    // The same file with `choice` read by any reader of Punto Banco rule sets: refused where
    // the first choice stands.
    let text = repo_file(RULE_FILE);
    let (line, column) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find("choice").map(|c| (i + 1, c + 1)))
        .unwrap();
    let needle = format!("line {line}, column {column}: drawing: `choice` leaves a decision");
    refused(&["analyze", "--rules", RULE_FILE], b"", 2, &[&needle]);
    // A grid with choices likewise, for the commands that read a claimed grid as rules.
    refused(
        &["analyze", "--rules", FRENCH],
        b"",
        2,
        &[
            "leave decisions to the hands",
            "Banco on 6 when Punto stood",
        ],
    );
}

#[test]
fn the_report_says_first_it_is_a_game_with_choices_in_both_languages_and_formats() {
    let claimed = read_claimed_with_choices(&repo_file(FRENCH)).unwrap();
    let report = check(claimed).unwrap();
    for format in [Format::Text, Format::Markdown] {
        let en = render_report(&report, "grid", &Page::new(format, Lang::En));
        let fr = render_report(&report, "grid", &Page::new(format, Lang::Fr));
        let first = |text: &str, needle: &str, after: &str| {
            let at = text
                .find(needle)
                .unwrap_or_else(|| panic!("{needle}: {text}"));
            assert!(at < text.find(after).unwrap(), "{text}");
        };
        first(
            &en,
            "This text describes a game with choices, not Punto Banco: Chemin de Fer",
            "Drawing differences from the reference",
        );
        first(
            &fr,
            "Ce texte décrit un jeu à choix, pas le Punto Banco\u{a0}: le Chemin de Fer",
            "Différences de tirage avec la référence",
        );
        assert!(en.contains("Punto on 5") && en.contains("mixes: draws with probability 0.8"));
        assert!(
            fr.contains("mélange\u{a0}: tire avec la probabilité 0,8"),
            "{fr}"
        );
        assert!(en.contains("Banco on 6 when Punto stands"));
        assert!(fr.contains("Banco sur 6 quand Punto reste"));
        assert!(en.contains("an equilibrium, exactly") && fr.contains("un équilibre, exactement"));
        assert!(en.contains("Uniqueness: the only equilibrium"));
        assert!(en.contains("Fixed cells that are best responses at the equilibrium: 91 / 91"));
        // French typography: a no-break space before every colon and semicolon.
        // (A Markdown table's alignment row is no sentence.)
        for line in fr.lines().filter(|l| !l.starts_with('|')) {
            assert!(!line.contains(" :") && !line.contains(" ;"), "{line}");
        }
    }
    let markdown = render_report(&report, "grid", &Page::new(Format::Markdown, Lang::Fr));
    assert!(markdown.contains("## Le jeu à choix, résolu\u{a0}: Chemin de Fer"));
    // Exit 0: the analysis is made and no figure is stated.
    let output = run(&["check", ENGLISH, "-l", "fr"], b"");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn the_information_model_is_a_flag() {
    let json = json_of(&[
        "check",
        FRENCH,
        "-f",
        "json",
        "--information",
        "banco-cards",
    ]);
    let game = &json["game_with_choices"];
    assert_eq!(game["information"], "banco-cards");
    let solution = &game["solution"];
    // Banco now chooses by his two cards: a set per way of making each optional total.
    let sets: Vec<&str> = solution["banco"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["set"].as_str().unwrap())
        .collect();
    assert!(sets.contains(&"0+6") && sets.contains(&"1+5"), "{sets:?}");
    assert_eq!(solution["certificate"]["certified"], true);
    refused(
        &["check", FRENCH, "--information", "everything"],
        b"",
        2,
        &["unknown information model `everything`"],
    );
}

#[test]
fn a_game_with_other_choices_is_not_called_chemin_de_fer() {
    // Banco alone chooses, on 6 when Punto stood: a game with choices, not Chemin de Fer.
    let grid = repo_file(ENGLISH).replace("Player's option on 5.", "");
    let claimed = read_claimed_with_choices(&grid).unwrap();
    let report = check(claimed).unwrap();
    let analysis = report.game_with_choices.unwrap();
    assert_eq!(analysis.name, ChoicesName::GameWithChoices);
    assert_eq!(analysis.rules.punto[5], Rule::from(Action::Draw));
    // Punto drawing on five, Banco's best reply on 6 when Punto stood is pure.
    assert!(analysis.solution.profile.banco_mixed().is_empty());
    assert!(analysis.solution.certificate.certified());
    let text = render_report(
        &check(read_claimed_with_choices(&grid).unwrap()).unwrap(),
        "grid",
        &Page::new(Format::Text, Lang::En),
    );
    assert!(text.contains("a game with choices, not Punto Banco: a game with choices"));
}
