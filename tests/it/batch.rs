//! Batch lines analysed in the library: a line's shoe follows the one precedence of
//! `ShoeSpec` (its own base, then its table's stated shoe, then eight decks), and its table
//! is the default or the one its `rules` names.

use punto_banco::batch::{Batch, Fields, FieldsError, Output, TableResolver, Unresolved};
use punto_banco::report::Part;
use punto_banco::report::csv::Columns;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::table::NamedTable;
use punto_banco::variants::{RuleSet, shipped};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// Knows `six`, which states a shoe of six decks, and the shipped variants by their names.
struct Six;

impl TableResolver for Six {
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved> {
        match name {
            "six" => Ok(NamedTable {
                name: "six".into(),
                shoe: Some(Shoe::decks(6).unwrap()),
                ..NamedTable::reference()
            }),
            _ => match shipped(name) {
                Some(text) => Ok(NamedTable::from(RuleSet::from_json(text).unwrap())),
                None => Err(format!("`{name}` is unknown").into()),
            },
        }
    }
}

/// The document of one line, read back.
fn document(line: &str) -> serde_json::Value {
    let default = NamedTable::reference();
    serde_json::from_str(&Batch::new(&default, &Six).line(3, line)).unwrap()
}

/// The cards of a document's shoe.
fn cards(line: &str) -> u64 {
    let document = document(line);
    let cards = &document["shoe"]["cards"];
    cards
        .as_u64()
        .or_else(|| cards.as_str()?.parse().ok())
        .unwrap_or_else(|| panic!("{line}: {document}"))
}

#[test]
fn a_line_s_shoe_follows_the_one_precedence() {
    assert_eq!(cards("{}"), 416);
    assert_eq!(cards(r#"{"rules": "six"}"#), 312);
    assert_eq!(cards(r#"{"rules": "six", "decks": 1}"#), 52);
    assert_eq!(cards(r#"{"rules": "six", "remove": ["8S", "8S"]}"#), 310);
    assert_eq!(
        cards(r#"{"rules": "six", "ranks": [4,4,4,4,4,4,4,4,4,4,4,4,4], "remove": ["AS"]}"#),
        51
    );
    assert_eq!(document(r#"{"rules": "six"}"#)["rules"], "six");
}

#[test]
fn a_line_s_shoe_errors_name_their_field() {
    for (line, error) in [
        (
            r#"{"decks": 1, "ranks": [4,4,4,4,4,4,4,4,4,4,4,4,4]}"#,
            "give `decks` or `ranks`, not both",
        ),
        (
            r#"{"decks": 1, "remove": ["AS", "AS"]}"#,
            "remove: cannot remove A♠ 2 times: 1 deck holds only 1",
        ),
        (
            r#"{"ranks": [1,0,0,0,0,0,0,0,0,0,0,0,0], "remove": ["AS", "AH"]}"#,
            "remove: cannot remove A♥: the shoe has no A left",
        ),
        (r#"{"rules": "seven"}"#, "`seven` is unknown"),
    ] {
        let document = document(line);
        assert_eq!(document["line"], 3, "{line}");
        assert_eq!(document["error"], error, "{line}");
    }
}

/// Shoes of every kind the fields are computed for: eight decks, a shipped variant with side
/// bets, depleted shoes, one deck, a tiny shoe with a value exhausted, a shoe whose counts need
/// `u128` (40 decks) and one beyond 128 bits (2³² decks), where the parts come from the
/// whole report.
const SHOES: &[&str] = &[
    r#"{"decks": 8}"#,
    r#"{"decks": 8, "rules": "side-bets"}"#,
    r#"{"decks": 6, "rules": "ez-baccarat"}"#,
    r#"{"remove": ["9♠", "9♥", "9♦", "8♣"]}"#,
    r#"{"ranks": [6, 5, 7, 4, 6, 8, 3, 5, 4, 6, 5, 7, 6]}"#,
    r#"{"decks": 1}"#,
    r#"{"ranks": [0, 0, 0, 0, 0, 0, 0, 0, 3, 1, 1, 1, 1]}"#,
    r#"{"decks": 40}"#,
    r#"{"decks": 4294967296}"#,
];

/// A JSON object's members as written, byte for byte.
fn members(text: &str) -> BTreeMap<String, &RawValue> {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The output of a line through a batch giving `output`.
fn through(output: &Output, line: &str) -> String {
    let default = NamedTable::reference();
    Batch::new(&default, &Six).with_output(output).line(3, line)
}

fn fields(list: &str) -> Output {
    Output::Fields(Fields::parse(list).unwrap())
}

#[test]
fn each_field_is_the_whole_document_s_part_byte_for_byte() {
    for line in SHOES {
        let document = through(&Output::Document, line);
        let whole = members(&document);
        assert!(!whole.contains_key("error"), "{line}: {document}");
        for part in Part::ALL {
            let out = through(&fields(part.key()), line);
            let selected = members(&out);
            let keys: Vec<&str> = selected.keys().map(String::as_str).collect();
            let mut expected = vec![part.key(), "schema"];
            expected.sort();
            expected.dedup();
            assert_eq!(keys, expected, "{line}: {out}");
            assert_eq!(
                selected[part.key()].get(),
                whole[part.key()].get(),
                "{line}, {}",
                part.key()
            );
        }
        // Every part named, in any order: the whole document itself.
        let all = "ties_by_total,shoe,sequences,schema,rules,outcomes,naturals,final_states,draws,cards_used,bets";
        assert_eq!(through(&fields(all), line), document, "{line}");
    }
}

#[test]
fn the_line_field_is_the_line_s_number_in_its_sorted_place() {
    let out = through(&fields("outcomes,line,final_states"), r#"{"decks": 2}"#);
    let keys: Vec<String> = members(&out).into_keys().collect();
    assert_eq!(keys, ["final_states", "line", "outcomes", "schema"]);
    assert!(out.contains(r#"],"line":3,"outcomes":"#), "{out}");
    // An error object is the same whatever the fields: it names its line.
    let error = through(&fields("outcomes"), r#"{"decks": 0}"#);
    assert_eq!(
        error,
        r#"{"error":"decks is `0`: expected a whole number from 1 to 4294967296","line":3,"schema":1}"#
    );
}

#[test]
fn field_lists_are_refused_with_what_is_accepted() {
    assert_eq!(Fields::parse(""), Err(FieldsError::Empty));
    assert_eq!(Fields::parse("  "), Err(FieldsError::Empty));
    assert_eq!(
        Fields::parse("outcomes,,bets"),
        Err(FieldsError::Blank { position: 2 })
    );
    assert_eq!(
        Fields::parse("outcomes,"),
        Err(FieldsError::Blank { position: 2 })
    );
    assert_eq!(
        Fields::parse("outcomes,Bets"),
        Err(FieldsError::Unknown {
            position: 2,
            name: "Bets".into()
        })
    );
    assert_eq!(
        Fields::parse("bets, outcomes ,outcomes"),
        Err(FieldsError::Repeated {
            position: 3,
            name: "outcomes".into()
        })
    );
    assert_eq!(
        Fields::parse("line,line"),
        Err(FieldsError::Repeated {
            position: 2,
            name: "line".into()
        })
    );
    let unknown = Fields::parse("edges").unwrap_err().to_string();
    for part in Part::ALL {
        assert!(unknown.contains(part.key()), "{unknown}");
    }
    let fields = Fields::parse(" outcomes , line,bets").unwrap();
    assert_eq!(fields.parts(), [Part::Outcomes, Part::Bets]);
    assert!(fields.line());
}

/// The cells of one CSV line, read by RFC 4180's rules (a second reader, written here).
fn cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cells.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => cells.push(String::new()),
            (c, _) => cells.last_mut().unwrap().push(c),
        }
    }
    cells
}

/// The document's value at a CSV column's path, as its cell must read: a string without its
/// quotes, a number as written, `null` as nothing; looked up naively in the document text.
fn cell_of(document: &str, column: &str) -> String {
    let path: Vec<&str> = column.split('.').collect();
    let top = members(document);
    let leaf = |raw: &RawValue| -> String {
        match serde_json::from_str::<String>(raw.get()) {
            Ok(text) => text,
            Err(_) if raw.get() == "null" => String::new(),
            Err(_) => raw.get().to_string(),
        }
    };
    match path[0] {
        "shoe" if path.get(1) == Some(&"ranks") => {
            let ranks: Vec<&RawValue> =
                serde_json::from_str(members(top["shoe"].get())["ranks"].get()).unwrap();
            let names = [
                "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
            ];
            let index = names.iter().position(|n| *n == path[2]).unwrap();
            leaf(ranks[index])
        }
        "final_states" => {
            let states: Vec<BTreeMap<String, serde_json::Value>> =
                serde_json::from_str(top["final_states"].get()).unwrap();
            let name = |s: &BTreeMap<String, serde_json::Value>| {
                let natural = if s["natural"] == true { ".natural" } else { "" };
                format!(
                    "final_states.punto_{}_{}.banco_{}_{}{natural}",
                    s["punto_total"], s["punto_cards"], s["banco_total"], s["banco_cards"]
                )
            };
            states
                .iter()
                .find(|s| name(s) == column)
                .map_or("0".to_string(), |s| {
                    s["count"].as_str().unwrap().to_string()
                })
        }
        "bets" if path[2] == "net_distribution" => {
            let bet = members(members(top["bets"].get())[path[1]].get())["net_distribution"];
            let entries: Vec<BTreeMap<String, String>> =
                serde_json::from_str::<Vec<serde_json::Value>>(bet.get())
                    .unwrap()
                    .into_iter()
                    .map(|entry| {
                        [
                            ("net", &entry["net"]),
                            ("probability", &entry["probability"]),
                        ]
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v.as_str().unwrap().to_string()))
                        .collect()
                    })
                    .collect();
            entries
                .iter()
                .map(|e| format!("{}:{}", e["net"], e["probability"]))
                .collect::<Vec<_>>()
                .join(";")
        }
        _ => {
            let mut raw: &RawValue = top[path[0]];
            for key in &path[1..] {
                raw = members(raw.get())[*key];
            }
            leaf(raw)
        }
    }
}

#[test]
fn csv_cells_are_the_document_s_values() {
    let default = NamedTable::reference();
    for (line, rules) in [
        (SHOES[0], Rules::reference()),
        (SHOES[3], Rules::reference()),
        (SHOES[4], Rules::reference()),
        (SHOES[6], Rules::reference()),
        (SHOES[7], Rules::reference()),
        (SHOES[8], Rules::reference()),
        (
            SHOES[1],
            RuleSet::from_json(shipped("side-bets").unwrap())
                .unwrap()
                .rules()
                .clone(),
        ),
    ] {
        let columns = Columns::new(&Part::ALL, &rules);
        let output = Output::Csv(Box::new(columns.clone()));
        let header = cells(&output.header().unwrap());
        let document = through(&Output::Document, line);
        let row = Batch::new(&default, &Six)
            .with_output(&output)
            .line(3, line);
        let row = cells(&row);
        assert_eq!(row.len(), header.len(), "{line}");
        assert_eq!((header[0].as_str(), row[0].as_str()), ("line", "3"));
        assert_eq!(header.last().unwrap(), "error");
        assert_eq!(row.last().unwrap(), "", "{line}");
        for (name, cell) in header[1..header.len() - 1].iter().zip(&row[1..]) {
            assert_eq!(cell, &cell_of(&document, name), "{line}, column {name}");
        }
        // Every final state the document lists has its column.
        let listed = document.matches("\"punto_total\"").count();
        let nonzero = header
            .iter()
            .zip(&row)
            .filter(|(name, cell)| name.starts_with("final_states.") && *cell != "0")
            .count();
        assert_eq!(listed, nonzero, "{line}");
    }
}

#[test]
fn csv_errors_are_rows_naming_their_line() {
    let default = NamedTable::reference();
    let output = Output::Csv(Box::new(Columns::new(
        &[Part::Outcomes, Part::Rules],
        &Rules::reference(),
    )));
    assert_eq!(
        output.header().unwrap(),
        "line,outcomes.banco.count,outcomes.banco.probability,outcomes.banco.decimal,outcomes.punto.count,outcomes.punto.probability,outcomes.punto.decimal,outcomes.tie.count,outcomes.tie.probability,outcomes.tie.decimal,rules,error"
    );
    let batch = Batch::new(&default, &Six).with_output(&output);
    for (line, error) in [
        (
            r#"{"decks": 8, "rule": "x"}"#,
            "column 19: unknown field `rule`, expected one of `card_counts`, `decks`, `ranks`, `remove`, `rules`",
        ),
        (r#"{"rules": "seven"}"#, "`seven` is unknown"),
    ] {
        let row = cells(&batch.line(9, line));
        assert_eq!(row.len(), 12, "{line}");
        assert_eq!(row[0], "9");
        assert!(row[1..11].iter().all(String::is_empty), "{line}: {row:?}");
        assert!(row[11].starts_with(error), "{line}: {row:?}");
    }
    // Other bets than the columns': the row would have other columns.
    let bets = Output::Csv(Box::new(Columns::new(&[Part::Bets], &Rules::reference())));
    let batch = Batch::new(&default, &Six).with_output(&bets);
    let row = cells(&batch.line(2, r#"{"rules": "ez-baccarat"}"#));
    assert_eq!(row.len(), 2 + 3 * 4);
    assert_eq!(
        row.last().unwrap(),
        "the rules `ez-baccarat` do not give this CSV's columns, laid out from the rules `reference`: its bets (punto, banco, tie, dragon_7, panda_8) are not the columns' bets (punto, banco, tie); give lines of other rules a batch of their own, or use JSON lines"
    );
    let row = cells(&batch.line(2, r#"{"rules": "six"}"#));
    assert_eq!(
        row.last().unwrap(),
        "",
        "the same rules under another name fit"
    );
    // Outcomes and the rule's name do not depend on the bets: any rule set's line fits.
    let plain = Output::Csv(Box::new(Columns::new(
        &[Part::Outcomes],
        &Rules::reference(),
    )));
    let row = cells(
        &Batch::new(&default, &Six)
            .with_output(&plain)
            .line(1, r#"{"rules": "ez-baccarat"}"#),
    );
    assert_eq!(row.last().unwrap(), "");
    assert_eq!(
        row[1],
        cell_of(
            &through(&Output::Document, r#"{"rules": "ez-baccarat"}"#),
            "outcomes.banco.count"
        )
    );
}

/// A line of 52 card counts: `n` of each card but `less`, one short.
fn card_counts_line(n: u64, less: &[usize], rest: &str) -> String {
    let mut counts = [n; 52];
    less.iter().for_each(|&index| counts[index] -= 1);
    let list: Vec<String> = counts.iter().map(u64::to_string).collect();
    format!(r#"{{"card_counts": [{}]{rest}}}"#, list.join(", "))
}

#[test]
fn a_line_s_card_counts_are_its_shoe_and_give_up_exact_cards() {
    let four_hearts = 13;
    // Eight decks less the 4♥, written three ways: card counts, and decks less the card.
    let given = document(&card_counts_line(8, &[four_hearts], ""));
    let removed = document(r#"{"remove": ["4H"]}"#);
    assert_eq!(given, removed);
    assert_eq!(given["shoe"]["card_counts"][four_hearts], 7);
    assert_eq!(given["shoe"]["ranks"][3], 31);
    // Card counts win over the table's shoe, and give up exact cards, even where even.
    let even = document(&card_counts_line(
        1,
        &[],
        r#", "rules": "six", "remove": ["4H"]"#,
    ));
    assert_eq!(even["shoe"]["cards"], 51);
    assert_eq!(
        document(&card_counts_line(1, &[], r#", "remove": ["4H"]"#)),
        document(r#"{"decks": 1, "remove": ["4H"]}"#)
    );
    // The table's shoe of six decks gives up the exact cards too.
    assert_eq!(cards(r#"{"rules": "six", "remove": ["8S", "8S"]}"#), 310);
    let eight_spades = 4 * 7;
    assert_eq!(
        document(r#"{"rules": "six", "remove": ["8S", "8S"]}"#)["shoe"]["card_counts"]
            [eight_spades],
        4
    );
    // Rank counts give up cards by rank: the suits are then unknown, and not reported.
    let ranks = r#"{"ranks": [4,4,4,4,4,4,4,4,4,4,4,4,4], "remove": ["AS"]}"#;
    assert!(document(ranks)["shoe"].get("card_counts").is_none());
    assert_eq!(document(ranks)["shoe"]["ranks"][0], 3);
}

#[test]
fn a_line_s_card_count_errors_name_the_field_and_the_card() {
    let eight = || vec!["8"; 52];
    let with = |index: usize, text: &str| {
        let mut items = eight();
        items[index] = text;
        format!(r#"{{"card_counts": [{}]}}"#, items.join(","))
    };
    let huge = "18446744073709551616".to_string();
    for (line, error) in [
        (
            format!(r#"{{"card_counts": [{}]}}"#, vec!["8"; 51].join(",")),
            "card_counts holds 51 counts: expected 52 (A♠ A♥ A♦ A♣ 2♠ … K♣: rank-major, suits ♠ ♥ ♦ ♣)".to_string(),
        ),
        (
            format!(r#"{{"card_counts": [{}]}}"#, vec!["8"; 53].join(",")),
            "card_counts holds 53 counts: expected 52 (A♠ A♥ A♦ A♣ 2♠ … K♣: rank-major, suits ♠ ♥ ♦ ♣)".to_string(),
        ),
        (
            with(13, "-1"),
            "card_counts[13] (the count of 4♥) is `-1`: expected a whole number from 0 to 4294967296".to_string(),
        ),
        (
            with(0, "8.5"),
            "card_counts[0] (the count of A♠) is `8.5`: expected a whole number from 0 to 4294967296".to_string(),
        ),
        (
            with(51, &huge),
            format!("card_counts[51] (the count of K♣) is `{huge}`: expected a whole number from 0 to 4294967296"),
        ),
        (
            with(51, "4294967297"),
            "card_counts[51] (the count of K♣) is `4294967297`: expected a whole number from 0 to 4294967296".to_string(),
        ),
        (
            with(1, "\"8\""),
            "card_counts[1] (the count of A♥) is `\"8\"`: expected a whole number from 0 to 4294967296".to_string(),
        ),
        (
            r#"{"card_counts": "8,8"}"#.to_string(),
            "card_counts is `\"8,8\"`: expected a list of 52 card counts, A♠ A♥ A♦ A♣ 2♠ … K♣".to_string(),
        ),
        (
            card_counts_line(8, &[], r#", "decks": 8"#),
            "give one of `decks`, `ranks` or `card_counts`, not `decks` and `card_counts`".to_string(),
        ),
        (
            card_counts_line(8, &[], r#", "ranks": [4,4,4,4,4,4,4,4,4,4,4,4,4]"#),
            "give one of `decks`, `ranks` or `card_counts`, not `ranks` and `card_counts`".to_string(),
        ),
        (
            card_counts_line(1, &[13], r#", "remove": ["4H"]"#),
            "remove: cannot remove 4♥: the shoe has no 4♥ left".to_string(),
        ),
        (
            format!(r#"{{"card_counts": [1,1,1,1,1{}]}}"#, ",0".repeat(47)),
            "the shoe holds 5 cards; a coup can need six, so a shoe needs at least 6 cards".to_string(),
        ),
    ] {
        let document = document(&line);
        assert_eq!(document["line"], 3, "{line}");
        assert_eq!(document["error"], error.as_str(), "{line}");
    }
}
