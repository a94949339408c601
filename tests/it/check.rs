//! The claimed-rules checker: source document 004's table yields exactly its one difference,
//! with a cost that an independent naive walk reproduces.

use num_bigint::BigInt;
use num_rational::BigRational;
use punto_banco::analysis::Analysis;
use punto_banco::check::{ClaimedForm, DrawingCell, check, read_claimed};
use punto_banco::coup::{Decision, Value, deal};
use punto_banco::lang::Lang;
use punto_banco::reference::naive_tally;
use punto_banco::render::check::render_report;
use punto_banco::render::{Format, Page};
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
        let coup = deal(rules, &Value::sequence(values).unwrap()).unwrap();
        let hit = coup.decisions().iter().any(|d| {
            matches!(d, Decision::Banco { total, punto_move: m, .. } if *total == banco_total && *m == punto_move)
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
            DrawingCell::Banco {
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
            .unwrap()
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
        DrawingCell::Banco {
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
        "line 7, column 11: `X` is not an action: expected D or S (Draw/Stand, Hit, Tire/Reste, T/R), or a choice left to the hand (au choix, facultatif, optional, option, at Banker's option, T/R (tirer ou rester), D/S (draw or stand), choice)"
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
    use punto_banco::render::tableau::render_rules;
    for lang in Lang::ALL {
        for format in [Format::Text, Format::Markdown] {
            let text = render_rules(&Rules::reference(), 20, &Page::new(format, lang));
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
        DrawingCell::Natural { total: 8 }
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

/// The reference Banco rows, one per total 0–7, under a header whose labels name the third
/// cards `values` (a label per column, in order), with `separator` between cells.
fn reference_grid(labels: &[&str], values: &[u8], separator: &str) -> String {
    let reference = DrawingRules::reference();
    let mut grid = format!("Banco{separator}{}\n", labels.join(separator));
    for total in 0..8u8 {
        let cells: Vec<&str> = values
            .iter()
            .map(
                |&v| match reference.banco_action(total, PuntoMove::Drew(v)) {
                    Action::Draw => "D",
                    Action::Stand => "S",
                },
            )
            .collect();
        grid.push_str(&format!("{total}{separator}{}\n", cells.join(separator)));
    }
    grid
}

/// Card tables head the columns with the cards, 1 (or A) to 9 then 10 (or T, or the faces):
/// an ace counts 1, a 10 and the faces 0. Read by value, these grids are the reference; read
/// as 0–9 in order, they would show eight false differences.
#[test]
fn card_headers_are_read_by_value() {
    let values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    let ones = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let aces = ["A", "2", "3", "4", "5", "6", "7", "8", "9"];
    for (first, ten, note) in [
        (ones, "10", "10 counts 0"),
        (aces, "10", "A counts 1, 10 counts 0"),
        (aces, "T", "A counts 1, T counts 0"),
        (aces, "K", "A counts 1, K counts 0"),
        (aces, "10/J/Q/K", "A counts 1, 10/J/Q/K counts 0"),
    ] {
        let labels: Vec<&str> = first.iter().copied().chain([ten]).collect();
        for separator in ["\t", " | "] {
            let grid = reference_grid(&labels, &values, separator);
            let claimed = read_claimed(&grid).unwrap_or_else(|e| panic!("{grid}: {e}"));
            assert_eq!(claimed.rules.drawing, DrawingRules::reference(), "{grid}");
            let columns = claimed.columns.clone().unwrap();
            assert_eq!(columns.header_line, Some(1));
            let read: Vec<PuntoMove> = columns.columns.iter().map(|c| c.punto_move).collect();
            let expected: Vec<PuntoMove> = values.iter().map(|&v| PuntoMove::Drew(v)).collect();
            assert_eq!(read, expected, "{grid}");
            let report = check(claimed).unwrap();
            assert!(report.drawing_differences.is_empty(), "{grid}");
            let text = render_report(&report, "grid", &Page::new(Format::Text, Lang::En));
            let list = if first[0] == "A" {
                "A, 2, 3, …, 9"
            } else {
                "1, 2, …, 9"
            };
            let sentence = format!(
                "Columns read as Punto's third card {list}, {ten} ({note}), from the header on line 1."
            );
            assert!(text.contains(&sentence), "{text}");
        }
    }
    // The report says how the header was read, in French and in JSON too.
    let grid = reference_grid(
        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
        &values,
        "\t",
    );
    let report = check(read_claimed(&grid).unwrap()).unwrap();
    let french = render_report(&report, "grid", &Page::new(Format::Markdown, Lang::Fr));
    assert!(
        french.contains(
            "Colonnes lues comme les troisièmes cartes de Punto 1, 2, …, 9, 10 (10 vaut 0), d’après l’en-tête de la ligne 1.\n\n"
        ),
        "{french}"
    );
    let json = punto_banco::render::check::report_json(&report, "grid");
    assert_eq!(json["columns"]["header_line"], 1);
    assert_eq!(json["columns"]["columns"][9]["label"], "10");
    assert_eq!(json["columns"]["columns"][9]["punto_third_card"], 0);
    assert_eq!(json["columns"]["columns"][0]["punto_third_card"], 1);
    assert_eq!(
        json["columns"]["text"],
        "Columns read as Punto's third card 1, 2, …, 9, 10 (10 counts 0), from the header on line 1."
    );
    // A grid without a header is read 0–9 in order, and says so.
    let ordered = reference_grid(
        &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        "\t",
    );
    let bare: String = ordered.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let claimed = read_claimed(&bare).unwrap();
    assert_eq!(claimed.columns.as_ref().unwrap().header_line, None);
    let report = check(claimed).unwrap();
    assert!(report.drawing_differences.is_empty());
    assert!(
        render_report(&report, "grid", &Page::new(Format::Text, Lang::En))
            .contains("Columns read as Punto's third card 0, 1, …, 9 (the grid has no header).")
    );
    // A rule file and a range table have no columns to report.
    let ranges = check(read_claimed(&data("claims/teaching-en-ranges.md")).unwrap()).unwrap();
    assert!(ranges.claimed.columns.is_none());
    assert!(punto_banco::render::check::report_json(&ranges, "r")["columns"].is_null());
}

/// The same grids through the binary: the reference, exit 0, no difference.
#[test]
fn card_headers_through_the_binary() {
    let grid = reference_grid(
        &["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0],
        "\t",
    );
    let output = super::run_with_input(&["check", "-"], &grid);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("Drawing differences from the reference: 0\n"),
        "{stdout}"
    );
    assert!(stdout.contains("(A counts 1, 10 counts 0)"), "{stdout}");
    let output = super::run_with_input(&["check", "-", "--format", "json"], &grid);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["differences"].as_array().unwrap().len(), 0);
    assert_eq!(json["columns"]["columns"][0]["label"], "A");
}

/// The layout example reads as the reference; the broken example names its one mistake.
#[test]
fn the_example_grids_read_as_documented() {
    let claimed = read_claimed(&data("claims/card-columns.tsv")).unwrap();
    assert_eq!(claimed.rules.drawing, DrawingRules::reference());
    assert_eq!(claimed.columns.unwrap().columns[9].label, "10");
    let path = format!(
        "{}/docs/examples/broken/grid-ten-beside-zero.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let err = read_claimed(&std::fs::read_to_string(path).unwrap()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 3, column 28: `10` names Punto's third card 0"),
        "{err}"
    );
}

/// The error a text gives, as a string.
fn table_error(text: &str) -> String {
    match read_claimed(text) {
        Ok(claimed) => panic!("read as {:?}:\n{text}", claimed.columns),
        Err(e) => e.to_string(),
    }
}

/// A header that cannot be read is refused, at its line and column, never guessed at.
#[test]
fn unreadable_headers_are_refused() {
    let accepted = "a third card 0 to 9, A (counts 1), 10, T, J, Q, K (count 0) or a group such as 10/J/Q/K, or \"stood\"/\"resté\" (also \"Punto stood\", \"Punto resté\") for the column when Punto stood";
    let eleven = |last: &str| {
        let mut labels = vec!["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
        labels.push(last);
        reference_grid(&labels, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9], "\t")
    };
    // `10` beside a `0` is the column of a third card 0 again, not Punto stood.
    assert_eq!(
        table_error(&eleven("10")),
        "line 1, column 27: `10` names Punto's third card 0, as `0` in column 7 does: a header names each third card 0 to 9 once (an ace counts 1, a 10 and the faces 0), and perhaps Punto stood"
    );
    for label in ["foo", "99", "stood?"] {
        assert_eq!(
            table_error(&eleven(label)),
            format!("line 1, column 27: `{label}` is not a column heading: expected {accepted}")
        );
    }
    // The same, in Markdown and with spaces.
    let markdown = eleven("foo").replace('\t', " | ");
    assert!(
        table_error(&markdown).starts_with("line 1, column 49: `foo` is not a column heading"),
        "{}",
        table_error(&markdown)
    );
    // One value given twice.
    let twice = reference_grid(
        &["A", "1", "3", "4", "5", "6", "7", "8", "9", "10"],
        &[1, 1, 3, 4, 5, 6, 7, 8, 9, 0],
        "\t",
    );
    assert_eq!(
        table_error(&twice),
        "line 1, column 9: `1` names Punto's third card 1, as `A` in column 7 does: a header names each third card 0 to 9 once (an ace counts 1, a 10 and the faces 0), and perhaps Punto stood"
    );
    // Labels a header is recognised by, with two unreadable ones: still a header, refused.
    let typos = reference_grid(
        &["0", "1", "2", "3", "4", "5", "6", "7", "x", "y"],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        "\t",
    );
    assert!(
        table_error(&typos).starts_with("line 1, column 23: `x` is not a column heading"),
        "{}",
        table_error(&typos)
    );
    // Two "stood" columns.
    let stood = reference_grid(
        &[
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "stood", "resté",
        ],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9],
        "\t",
    );
    assert!(
        table_error(&stood).starts_with(
            "line 1, column 33: `resté` names the column when Punto stood, as `stood` in column 27 does"
        ),
        "{}",
        table_error(&stood)
    );
    // Two grids whose headers order the columns differently.
    let first = reference_grid(
        &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        "\t",
    );
    let second = reference_grid(
        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0],
        "\t",
    );
    let split = format!(
        "{}\n{}",
        first.lines().take(5).collect::<Vec<_>>().join("\n"),
        second
            .lines()
            .enumerate()
            .filter(|(i, _)| *i == 0 || *i > 4)
            .map(|(_, l)| format!("{l}\n"))
            .collect::<String>()
    );
    assert_eq!(
        table_error(&split),
        "line 7, column 1: this row is read with the header on line 6, but the grid's first row with the header on line 1, which orders the columns differently: give the tableau as one grid"
    );
}

/// A row whose label is no Banco total is refused with its line, not skipped.
#[test]
fn rows_that_are_no_banco_total_are_refused() {
    let grid = data("claims/004-banque.tsv");
    let ten = format!("{grid}10\tS\tS\tS\tS\tS\tS\tS\tS\tS\tS\n");
    assert_eq!(
        table_error(&ten),
        "line 14, column 1: `10` is not a Banco total: a row starts with Banco's two-card total, 0 to 9 (in a range table also a range such as 0–2)"
    );
    let ranges = data("claims/teaching-en-ranges.md");
    let ranged = format!("{ranges}| 10 | Never |\n");
    let lines = ranged.lines().count();
    assert_eq!(
        table_error(&ranged),
        format!(
            "line {lines}, column 3: `10` is not a Banco total: a row starts with Banco's two-card total, 0 to 9 (in a range table also a range such as 0–2)"
        )
    );
    let markdown = data("claims/004-banque.md").replace("| 5 | S", "| 5b | S");
    assert!(
        table_error(&markdown).starts_with("line 7, column 3: `5b` is not a Banco total"),
        "{}",
        table_error(&markdown)
    );
    // Prose that starts with a number, and legends, are still skipped.
    let prose = format!(
        "1. The table below is the Banque table.\n\n{grid}\nD = draw, S = stand, N = natural.\n"
    );
    assert!(read_claimed(&prose).is_ok());
}

/// Draws written H (hit), as many English tables do, read as draws.
#[test]
fn hit_and_stand_grids_are_read() {
    let grid = data("claims/004-banque.tsv").replace("\tD", "\tH");
    let claimed = read_claimed(&grid).unwrap();
    let report = check(claimed).unwrap();
    assert_eq!(report.drawing_differences.len(), 1);
    let words = data("claims/004-banque.md")
        .replace("| D ", "| Hit ")
        .replace("| S ", "| Stand ");
    assert_eq!(
        check(read_claimed(&words).unwrap())
            .unwrap()
            .drawing_differences
            .len(),
        1
    );
}

/// A byte-order mark before a grid, a range table or a rule file is no part of the text.
#[test]
fn a_leading_byte_order_mark_is_ignored() {
    for text in [
        data("claims/004-banque.tsv"),
        data("claims/004-banque.md"),
        data("claims/teaching-en-ranges.md"),
        punto_banco::variants::shipped("ez-baccarat")
            .unwrap()
            .to_string(),
    ] {
        let plain = read_claimed(&text).unwrap();
        let marked = read_claimed(&format!("\u{feff}{text}")).unwrap();
        assert_eq!(marked.form, plain.form);
        assert_eq!(marked.rules, plain.rules);
        assert_eq!(marked.claims, plain.claims);
    }
    // The positions of errors are those of the text as an editor shows it.
    let err = read_claimed("\u{feff}{\"schema\": 1, \"name\": 3}").unwrap_err();
    assert!(err.to_string().starts_with("line 1, column 23:"), "{err}");
    let output = super::run_with_input(
        &["check", "-"],
        &format!("\u{feff}{}", data("claims/004-banque.tsv")),
    );
    assert_eq!(output.status.code(), Some(0));
}

/// A claim with more decimals than a double holds is printed exactly, digit for digit; one
/// with more than 100 decimals is refused, naming it, instead of panicking in the report.
#[test]
fn long_claims_print_exactly_or_are_refused() {
    // The exact 8-deck Banco edge, 114753351728/10847218479825, as a percentage to 60
    // decimals, by long division.
    let d = BigInt::from(10_847_218_479_825u64);
    let mut rest: BigInt = BigInt::from(114_753_351_728u64) * 100;
    let whole: BigInt = &rest / &d;
    rest %= &d;
    let mut decimals = Vec::new();
    for _ in 0..60 {
        rest *= 10;
        let digit: BigInt = &rest / &d;
        decimals.push(digit.to_string());
        rest %= &d;
    }
    // A claim of some 40 decimals that holds (the next decimal rounds down), printed with two
    // more (the one after them rounds down too), so both are plain truncations.
    let places = (40..55)
        .find(|&p| decimals[p - 2].as_str() < "5" && decimals[p].as_str() < "5")
        .unwrap();
    let kept = format!("{whole}.{}", decimals[..places].concat());
    let stated = format!("{whole}.{}", decimals[..places - 2].concat());
    let text = punto_banco::variants::shipped("reference")
        .unwrap()
        .replace("\"1.0579%\"", &format!("\"{stated}%\""));
    let report = check(read_claimed(&text).unwrap()).unwrap();
    assert!(report.claims_hold());
    let rendered = render_report(&report, "long", &Page::new(Format::Text, Lang::En));
    assert!(rendered.contains(&format!("{kept}%")), "{rendered}");
    let french = render_report(&report, "long", &Page::new(Format::Text, Lang::Fr));
    assert!(
        french.contains(&format!("{}\u{202f}%", kept.replace('.', ","))),
        "{french}"
    );

    // 65,534 decimals once made the report panic; now the file is refused.
    let long = format!("1.0579{}%", "0".repeat(65_530));
    let text = punto_banco::variants::shipped("reference")
        .unwrap()
        .replace("\"1.0579%\"", &format!("\"{long}\""));
    let err = read_claimed(&text).unwrap_err().to_string();
    assert!(
        err.ends_with(
            "claims: edge `1.0579000000000000000000…` has 65534 decimals: at most 100 are accepted"
        ),
        "{err}"
    );
    let output = super::run_with_input(&["check", "-"], &text);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("has 65534 decimals: at most 100 are accepted"),
        "{stderr}"
    );
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

/// Wherever a page first names source document 004, it names it by its title too, so that a
/// reader without the project's numbering knows what it is.
#[test]
fn document_004_is_introduced_by_its_title() {
    for page in [
        "docs/en/check.md",
        "docs/fr/verification.md",
        "docs/en/rules.md",
        "docs/fr/regles.md",
        "data/claims/README.md",
    ] {
        let path = format!("{}/{page}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let first = ["document 004", "document source 004"]
            .iter()
            .filter_map(|name| text.find(name))
            .min()
            .unwrap_or_else(|| panic!("{page} does not name document 004"));
        // The paragraph (or table row, or heading) where it is first named.
        let start = text[..first].rfind("\n\n").map_or(0, |at| at + 2);
        let start = text[start..first]
            .rfind("\n|")
            .map_or(start, |at| start + at + 1);
        let start = text[start..first]
            .rfind("\n#")
            .map_or(start, |at| start + at + 1);
        let end = text[first..].find('\n').map_or(text.len(), |at| first + at);
        assert!(
            // French pages set the guillemets with non-breaking spaces.
            text[start..end]
                .replace('\u{a0}', " ")
                .contains("« Présentation du Baccarat »"),
            "{page}: {}",
            &text[start..end]
        );
    }
}

/// A checked rule file turns back into the rule set it came from, title and source included
/// (they were once dropped on the way); a grid, which names neither, takes the fallback name
/// and states no shoe.
#[test]
fn a_claimed_rule_file_keeps_its_title_and_source_as_a_rule_set() {
    let text = punto_banco::variants::shipped("ez-baccarat").unwrap();
    let set = read_claimed(text).unwrap().into_rule_set("unused");
    assert_eq!(set.name(), "ez-baccarat");
    assert_eq!(
        set.title(),
        Some(
            "EZ Baccarat: no commission, a winning three-card Banco 7 pushes; Dragon 7 and Panda 8"
        )
    );
    assert_eq!(set.source(), Some("Wizard of Odds, EZ Baccarat"));
    assert_eq!(
        set,
        punto_banco::variants::RuleSet::from_json(text).unwrap()
    );

    let grid = reference_grid(
        &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        " | ",
    );
    let set = read_claimed(&grid).unwrap().into_rule_set("grid.md");
    assert_eq!(
        (set.name(), set.title(), set.source(), set.shoe()),
        ("grid.md", None, None, None)
    );
    assert_eq!(set.rules(), &Rules::reference());
}

/// A figure recorded as published wrongly is expected false: the check holds when it is
/// false and fails when it holds, and the report prints the exact value beside it with the
/// reason, in both languages and in JSON. The reference's Tie edge is 14.3596% (Wizard of
/// Odds, Baccarat, appendix 1); 14.36% rounds it, 14.37% does not.
#[test]
fn a_figure_published_wrongly_is_expected_false() {
    let text = punto_banco::variants::shipped("reference").unwrap();
    let with = |claim: &str| {
        let text = text.replacen(
            "\"claims\": [\n",
            &format!("\"claims\": [\n    {claim},\n"),
            1,
        );
        check(read_claimed(&text).unwrap()).unwrap()
    };
    let why = "a misprint: the exact edge is 14.3596%";
    let wrong = with(&format!(
        r#"{{"bet": "tie", "edge": "14.37%", "published_wrong": "{why}", "source": "a test"}}"#
    ));
    assert!(wrong.claims_hold());
    assert!(!wrong.claims[0].holds && wrong.claims[0].as_expected());
    let unmarked = with(r#"{"bet": "tie", "edge": "14.37%", "source": "a test"}"#);
    assert!(!unmarked.claims_hold());
    let right_marked_wrong = with(&format!(
        r#"{{"bet": "tie", "edge": "14.36%", "published_wrong": "{why}", "source": "a test"}}"#
    ));
    assert!(!right_marked_wrong.claims_hold());
    // A claim on a bet the rules lack, marked or not, is refused where it stands, as an
    // edge claim on such a bet is.
    let missing = text.replacen(
        "\"claims\": [\n",
        &format!(
            "\"claims\": [\n    {{\"bet\": \"nothing\", \"line\": 1, \"count\": \"1\", \"published_wrong\": \"{why}\"}},\n"
        ),
        1,
    );
    let refused = read_claimed(&missing)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        refused.contains("nothing") && refused.contains("punto, banco, tie"),
        "{refused}"
    );
    for (lang, verdict, exact, heading) in [
        (
            Lang::En,
            "false, as recorded",
            "14.3596%",
            "Figures recorded as published wrongly:",
        ),
        (
            Lang::Fr,
            "faux, comme noté",
            "14,3596\u{202f}%",
            "Chiffres notés comme publiés à tort\u{a0}:",
        ),
    ] {
        let out = render_report(&wrong, "wrong.json", &Page::new(Format::Text, lang));
        let row = out.lines().find(|l| l.contains("14.37%")).unwrap();
        assert!(row.contains(exact) && row.ends_with(verdict), "{row}");
        assert!(out.contains(heading), "{out}");
        assert!(out.contains(why), "{out}");
        let held = render_report(
            &right_marked_wrong,
            "wrong.json",
            &Page::new(Format::Text, lang),
        );
        let verdict = lang.pick("HOLDS, recorded wrong", "TIENT, noté faux");
        assert!(held.contains(verdict), "{held}");
    }
    let json = punto_banco::render::check::report_json(&wrong, "wrong.json");
    assert_eq!(json["claims"][0]["published_wrong"], why);
    assert_eq!(json["claims"][0]["as_expected"], true);
    assert_eq!(json["claims"][0]["holds"], false);
    assert_eq!(json["claims_hold"], true);
    // The command exits 0 on a check whose wrong figures are false, 1 when one holds.
    let dir = tempfile_dir();
    for (report_text, code) in [
        (text.replacen("\"claims\": [\n", &format!("\"claims\": [\n    {{\"bet\": \"tie\", \"edge\": \"14.37%\", \"published_wrong\": \"{why}\"}},\n"), 1), 0),
        (text.replacen("\"claims\": [\n", &format!("\"claims\": [\n    {{\"bet\": \"tie\", \"edge\": \"14.36%\", \"published_wrong\": \"{why}\"}},\n"), 1), 1),
    ] {
        let path = dir.join(format!("claims-{code}.json"));
        std::fs::write(&path, report_text).unwrap();
        let out = crate::run_with_input(&["check", path.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

/// A directory of this test's own under the target directory.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-published-wrong");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
