//! Batch lines analysed in the library: a line's shoe follows the one precedence of
//! `ShoeSpec` (its own base, then its table's stated shoe, then eight decks), and its table
//! is the default or the one its `rules` names.

use punto_banco::batch::{Batch, TableResolver, Unresolved};
use punto_banco::shoe::Shoe;
use punto_banco::table::NamedTable;

/// Knows one table, `six`, which states a shoe of six decks.
struct Six;

impl TableResolver for Six {
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved> {
        match name {
            "six" => Ok(NamedTable {
                name: "six".into(),
                shoe: Some(Shoe::decks(6).unwrap()),
                ..NamedTable::reference()
            }),
            _ => Err(format!("`{name}` is unknown").into()),
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
