//! Hostile input for `check` on games with choices: malformed choice markers, a choice on a
//! natural, unknown tokens, a Punto choice without its total, and rule files that misuse
//! `choice`. Each is refused in one line naming the line, the column and what is accepted
//! (exit 2), never a panic.

use super::hostile::{refused, repo_file};

/// The French example grid with one piece of text replaced.
fn grid_with(from: &str, to: &str) -> String {
    let text = repo_file("docs/examples/check/chemin-de-fer-grid.txt");
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The 1-based line and column where the last `needle` starts in `text`.
fn place(text: &str, needle: &str) -> (usize, usize) {
    let at = text.rfind(needle).unwrap();
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, column)
}

#[test]
fn malformed_choice_markers_and_unknown_tokens_are_refused_where_they_stand() {
    let row = "| 6 | R | R | R | R | R | R | T | T | R | R | au choix |";
    for (cell, expected) in [
        ("au choi", "`au choi` is not a choice marker"),
        ("T/X", "`T/X` is not a choice marker"),
        ("D/S/T", "`D/S/T` is not a choice marker"),
        ("optionnal", "`optionnal` is not a choice marker"),
        ("peut-être", "`peut-être` is not an action"),
        ("??", "`??` is not an action"),
    ] {
        let changed = row.replace("au choix", cell);
        let text = grid_with(row, &changed);
        let (line, column) = place(&text, &format!("| {cell} |"));
        let needle = format!("line {line}, column {}: {expected}", column + 2);
        refused(&["check", "-"], text.as_bytes(), 2, &[&needle, "au choix"]);
    }
}

#[test]
fn a_choice_on_a_natural_is_refused() {
    // A natural row with a cell left to Banco.
    let natural = "| 8 | N | N | N | N | N | N | N | N | N | N | au choix |\n";
    let text = grid_with(
        "| 7 | R | R | R | R | R | R | R | R | R | R | R |\n",
        &format!("| 7 | R | R | R | R | R | R | R | R | R | R | R |\n{natural}"),
    );
    let (line, column) = place(&text, "au choix |\n");
    let needle = format!("line {line}, column {column}: `au choix` leaves a choice to Banco on 8");
    refused(
        &["check", "-"],
        text.as_bytes(),
        2,
        &[&needle, "is a natural"],
    );
    // Punto's choice on a natural total.
    let text = grid_with("au choix à 5", "au choix à 8");
    let (line, column) = place(&text, "8, reste");
    let needle = format!("line {line}, column {column}: Punto total 8 is a natural");
    refused(&["check", "-"], text.as_bytes(), 2, &[&needle]);
}

#[test]
fn a_punto_choice_without_its_total_is_refused() {
    let text = grid_with(
        "Punto : tire de 0 à 4, au choix à 5, reste à 6 et 7.",
        "Punto : au choix.",
    );
    let (line, column) = place(&text, "au choix.");
    let needle = format!(
        "line {line}, column {column}: `au choix` leaves a choice to Punto but names no total"
    );
    refused(
        &["check", "-"],
        text.as_bytes(),
        2,
        &[&needle, "au choix à 5"],
    );
}

#[test]
fn rule_files_that_misuse_choice_are_refused_with_line_and_column() {
    let text = repo_file("docs/examples/check/chemin-de-fer.json");
    for (from, to, expected) in [
        (
            "\"S S S S S S D D S S  choice\"",
            "\"S S S S S S D D S S  choise\"",
            "drawing.banco.\"6\" cell 11 (against Punto stood) is `choise`: expected D (draw) or S (stand), or `choice`",
        ),
        (
            "\"draws\": [0, 1, 2, 3, 4]",
            "\"draws\": [0, 1, 2, 3, 4, 5]",
            "drawing.punto: total 5 is in both `draws` and `choice`",
        ),
        (
            "\"choice\": [5]",
            "\"choice\": [5, 8]",
            "drawing.punto: 8 is a natural, so Punto never decides on it",
        ),
        (
            "\"choice\": [5]",
            "\"choice\": [5, 10]",
            "drawing.punto.choice[1] is `10`: expected a whole number from 0 to 9",
        ),
        ("\"choice\": [5]", "\"choice\": \"5\"", "invalid type"),
    ] {
        assert!(text.contains(from), "{from}");
        let changed = text.replacen(from, to, 1);
        refused(&["check", "-"], changed.as_bytes(), 2, &["line ", expected]);
    }
}
