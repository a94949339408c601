//! Batch lines: any text is one JSON object out, the analysis or an error object naming the
//! line, never a panic; an analysis adds up to N·(N−1)·…·(N−5).
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::batch::{Batch, TableResolver, Unresolved};
use punto_banco::shoe::Shoe;
use punto_banco::table::NamedTable;

/// Knows one table by name, as the command's resolver knows the shipped ones.
struct Shipped;

impl TableResolver for Shipped {
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

fuzz_target!(|text: &str| {
    let default = NamedTable::reference();
    let out = Batch::new(&default, &Shipped).line(7, text);
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    if let Some(error) = value.get("error") {
        assert_eq!(value["line"], 7);
        assert!(!error.as_str().unwrap().is_empty());
    } else {
        let sequences: num_bigint::BigUint = value["sequences"].as_str().unwrap().parse().unwrap();
        let cards: num_bigint::BigUint = value["shoe"]["cards"].as_str().map_or_else(
            || num_bigint::BigUint::from(value["shoe"]["cards"].as_u64().unwrap()),
            |c| c.parse().unwrap(),
        );
        let expected: num_bigint::BigUint = (0u32..6)
            .map(|k| &cards - num_bigint::BigUint::from(k))
            .product();
        assert_eq!(sequences, expected);
    }
});
