//! The claimed-rules checker: source document 004's table yields exactly its one difference,
//! with a cost that an independent naive walk reproduces.

use num_bigint::BigInt;
use num_rational::BigRational;
use punto_banco::analysis::Analysis;
use punto_banco::check::{ClaimedForm, Decision, check, read_claimed};
use punto_banco::coup::{Decision as Step, deal};
use punto_banco::enumerate::naive_tally;
use punto_banco::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules};
use punto_banco::shoe::Shoe;

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The probability of reaching a Banco decision, walked naively over every ordered sequence
/// of six card values through the coup resolver.
fn naive_reach(
    shoe: &Shoe,
    rules: &DrawingRules,
    banco_total: u8,
    punto_move: PuntoMove,
) -> BigRational {
    let mut reached = BigInt::from(0);
    let mut all = BigInt::from(0);
    super::each_sequence(shoe, |values, weight| {
        let coup = deal(rules, values).unwrap();
        let hit = coup.decisions.iter().any(|d| {
            matches!(d, Step::Banco { total, punto_move: m, .. } if *total == banco_total && *m == punto_move)
        });
        if hit {
            reached += weight;
        }
        all += weight;
    });
    BigRational::new(reached, all)
}

#[test]
fn document_004_has_exactly_one_difference_and_its_exact_cost() {
    for file in ["claims/004-banque.tsv", "claims/004-banque.md"] {
        let claimed = read_claimed(&data(file)).unwrap();
        assert_eq!(claimed.form, ClaimedForm::Grid);
        let drawing = claimed.rules.drawing.clone();
        let report = check(claimed).unwrap();
        assert_eq!(report.drawing_differences.len(), 1, "{file}");
        let difference = &report.drawing_differences[0];
        assert_eq!(
            difference.decision,
            Decision::Banco {
                total: 3,
                punto_move: PuntoMove::Drew(8)
            }
        );
        assert_eq!(
            (difference.claimed, difference.reference),
            (Action::Draw, Action::Stand)
        );
        assert!(report.tariff_differences.is_empty());
        assert!(report.claims.is_empty() && report.claims_hold());

        // The reach, walked naively.
        let shoe = Shoe::reference();
        let reach = naive_reach(&shoe, &drawing, 3, PuntoMove::Drew(8));
        assert_eq!(difference.reach.as_ref().unwrap(), &reach);

        // The cost, from the naive path's tallies with and without the cell.
        let naive = |rules: &DrawingRules| {
            let tally = naive_tally(&shoe, rules).unwrap();
            Analysis::from_tally(
                shoe.clone(),
                Rules {
                    drawing: rules.clone(),
                    ..Rules::reference()
                },
                tally,
            )
        };
        let (with, without) = (naive(&drawing), naive(&DrawingRules::reference()));
        for (i, bet) in MainBet::ALL.iter().enumerate() {
            assert_eq!(
                difference.edge_change[i],
                with.edge(*bet) - without.edge(*bet),
                "{bet:?}"
            );
            // One difference and the reference tariff: the combined change is the same.
            assert_eq!(report.drawing_change[i], difference.edge_change[i]);
        }
    }
}

#[test]
fn the_teaching_texts_range_tables_have_no_difference() {
    let claimed = read_claimed(&data("claims/teaching-en-ranges.md")).unwrap();
    assert_eq!(claimed.form, ClaimedForm::Ranges);
    assert!(check(claimed).unwrap().drawing_differences.is_empty());
    let french = "| Total initial de Banco | Tire face à cette troisième carte de Punto |\n|---|---|\n\
                  | 0–2 | Toujours |\n| 3 | Tout sauf 8 |\n| 4 | 2–7 |\n| 5 | 4–7 |\n| 6 | 6–7 |\n| 7 | Jamais |\n";
    assert!(
        check(read_claimed(french).unwrap())
            .unwrap()
            .drawing_differences
            .is_empty()
    );
}

#[test]
fn grids_with_stood_columns_and_french_cells() {
    let mut grid = String::from("Banco\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9\tresté\n");
    let reference = DrawingRules::reference();
    for total in 0..8u8 {
        let cells: Vec<&str> = PuntoMove::ALL
            .iter()
            .map(|&m| match reference.banco_action(total, m) {
                Action::Draw => "Tire",
                Action::Stand => "Reste",
            })
            .collect();
        grid.push_str(&format!("{total}\t{}\n", cells.join("\t")));
    }
    // Banco on 5 stands when Punto stands: a second, different kind of difference.
    let grid = grid.replacen(
        "5\tReste\tReste\tReste\tReste\tTire\tTire\tTire\tTire\tReste\tReste\tTire",
        "5\tReste\tReste\tReste\tReste\tTire\tTire\tTire\tTire\tReste\tReste\tReste",
        1,
    );
    let report = check(read_claimed(&grid).unwrap()).unwrap();
    assert_eq!(report.drawing_differences.len(), 1);
    assert_eq!(
        report.drawing_differences[0].decision,
        Decision::Banco {
            total: 5,
            punto_move: PuntoMove::Stood
        }
    );
    assert!(
        report
            .claimed
            .assumed
            .iter()
            .all(|a| *a != punto_banco::check::Assumed::BancoWhenPuntoStands)
    );
}

#[test]
fn malformed_tables_name_line_and_column() {
    let grid = data("claims/004-banque.tsv");
    let bad = grid.replacen(
        "6\tS\tS\tS\tS\tS\tS\tD\tD\tS\tS",
        "6\tS\tS\tS\tS\tX\tS\tD\tD\tS\tS",
        1,
    );
    let err = read_claimed(&bad).unwrap_err().to_string();
    assert_eq!(
        err,
        "line 7, column 11: `X` is not an action: expected D or S (Draw/Stand, Hit, Tire/Reste, T/R)"
    );
    let short = grid.replacen("6\tS\tS\tS\tS\tS\tS\tD\tD\tS\tS", "6\tS\tS\tS", 1);
    let err = read_claimed(&short).unwrap_err().to_string();
    assert!(
        err.starts_with("line 7, column 1: the row for Banco total 6 has 3 cells"),
        "{err}"
    );
    let missing = grid.replacen("2\tD\tD\tD\tD\tD\tD\tD\tD\tD\tD\n", "", 1);
    let err = read_claimed(&missing).unwrap_err().to_string();
    assert!(err.contains("no row for Banco total 2"), "{err}");
    assert!(
        read_claimed("nothing here\n")
            .unwrap_err()
            .to_string()
            .starts_with("no tableau found")
    );
}

#[test]
fn every_shipped_variant_checks_with_its_claims_holding() {
    for (name, text) in punto_banco::variants::SHIPPED {
        let report = check(read_claimed(text).unwrap()).unwrap();
        assert!(report.claims_hold(), "{name}");
        assert!(report.drawing_differences.is_empty(), "{name}");
    }
}

#[test]
fn check_reads_back_what_rules_prints() {
    use punto_banco::lang::Lang;
    use punto_banco::render::{Format, tableau::render_rules};
    for lang in Lang::ALL {
        for format in [Format::Text, Format::Markdown] {
            let text = render_rules(&Rules::reference(), 20, lang, format);
            let claimed = read_claimed(&text).unwrap_or_else(|e| panic!("{lang} {format:?}: {e}"));
            // The grid states Banco's action when Punto stood, so only the rest is assumed.
            assert!(
                !claimed
                    .assumed
                    .contains(&punto_banco::check::Assumed::BancoWhenPuntoStands)
            );
            assert_eq!(
                claimed.rules.drawing,
                DrawingRules::reference(),
                "{lang} {format:?}"
            );
        }
    }
}

#[test]
fn a_natural_difference_is_costed_with_the_claims_own_rows() {
    // A rule file where 8 is no natural: Punto stands on 8 and Banco on 8 stands too.
    let text = punto_banco::variants::shipped("reference")
        .unwrap()
        .replace("\"naturals\": [8, 9]", "\"naturals\": [9]")
        .replace("\"stands\": [6, 7]", "\"stands\": [6, 7, 8]")
        .replace(
            "\"7\": \"S S S S S S S S S S  S\"",
            "\"7\": \"S S S S S S S S S S  S\", \"8\": \"S S S S S S S S S S  S\"",
        );
    let claimed = read_claimed(&text).unwrap();
    let drawing = claimed.rules.drawing.clone();
    let report = check(claimed).unwrap();
    assert_eq!(report.drawing_differences.len(), 1);
    assert_eq!(
        report.drawing_differences[0].decision,
        Decision::Natural { total: 8 }
    );
    // The one difference carries the whole drawing change.
    let analysis = Analysis::new(
        &Shoe::reference(),
        &Rules {
            drawing,
            ..Rules::reference()
        },
    )
    .unwrap();
    let reference = Analysis::new(&Shoe::reference(), &Rules::reference()).unwrap();
    for (i, bet) in MainBet::ALL.iter().enumerate() {
        let change = analysis.edge(*bet) - reference.edge(*bet);
        assert_eq!(report.drawing_differences[0].edge_change[i], change);
        assert_eq!(report.drawing_change[i], change);
    }
}

use proptest::prelude::*;

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever a claimed table looks like, reading it ends in rules or an error, never a panic.
    #[test]
    fn garbled_tables_never_panic(lines in proptest::collection::vec(
        proptest::collection::vec(
            proptest::prop_oneof![
                proptest::strategy::Just("D".to_string()),
                proptest::strategy::Just("S".to_string()),
                proptest::strategy::Just("N".to_string()),
                proptest::strategy::Just("stood".to_string()),
                proptest::strategy::Just("0–2".to_string()),
                proptest::strategy::Just("Always".to_string()),
                proptest::strategy::Just("Tout sauf 8".to_string()),
                (0u8..12).prop_map(|n| n.to_string()),
                "[ -~]{0,6}",
            ],
            0..14,
        ),
        0..14,
    ), separator in proptest::prop_oneof![proptest::strategy::Just(" | "), proptest::strategy::Just("\t"), proptest::strategy::Just("  ")]) {
        let text: String = lines.iter().map(|cells| cells.join(separator) + "\n").collect();
        let _ = read_claimed(&text).map(|claimed| check(claimed).map(|r| r.claims_hold()));
    }
}
