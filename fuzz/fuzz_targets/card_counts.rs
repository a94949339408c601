//! Card counts: any text is 52 card counts (as `--card-counts` reads it, or a batch line's
//! `card_counts`) or an error naming its position and card, never a panic; every shoe
//! accepted keeps its rank counts the sums of its cards, gives up exact cards, and is analysed
//! exactly, its main bets those of its rank counts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use punto_banco::analysis::Analysis;
use punto_banco::batch::{Batch, TableResolver, Unresolved};
use punto_banco::card::{Card, parse_cards};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::table::NamedTable;

/// Knows no table by name.
struct NoTables;

impl TableResolver for NoTables {
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved> {
        Err(format!("`{name}` is unknown").into())
    }
}

fuzz_target!(|text: &str| {
    // The first line as the counts, the rest as cards to remove.
    let (counts, removed) = text.split_once('\n').unwrap_or((text, ""));
    if let Ok(shoe) = Shoe::parse_card_counts(counts) {
        let cards = shoe
            .card_counts()
            .expect("a card-level shoe knows its suits");
        assert_eq!(Shoe::from_card_counts(cards).unwrap(), shoe);
        for (rank, count) in shoe.counts().iter().enumerate() {
            assert_eq!(cards[4 * rank..4 * rank + 4].iter().sum::<u64>(), *count);
        }
        let mut depleted = shoe.clone();
        if let Ok(removed) = parse_cards(removed) {
            match depleted.remove_cards(&removed) {
                Ok(()) => assert_eq!(depleted.len(), shoe.len() - removed.len() as u64),
                Err(_) => assert_eq!(depleted, shoe),
            }
        }
        let by_card: Vec<u64> = (0..52)
            .map(|index| {
                depleted
                    .card_count(Card::from_index(index).unwrap())
                    .unwrap()
            })
            .collect();
        assert_eq!(by_card.iter().sum::<u64>(), depleted.len());
        if depleted.check_playable().is_ok() {
            let rules = Rules::reference();
            let analysis = Analysis::new(&depleted, &rules).expect("a playable shoe");
            let ranks = Shoe::from_counts(depleted.counts()).unwrap();
            let by_rank = Analysis::new(&ranks, &rules).expect("the same counts");
            assert_eq!(analysis.figures(), by_rank.figures());
            let n = BigUint::from(depleted.len());
            let expected: BigUint = (0u32..6).map(|k| &n - BigUint::from(k)).product();
            assert_eq!(analysis.sequences(), &expected);
        }
    }
    // The counts as a batch line's list: one JSON object out, never a panic.
    let line = format!("{{\"card_counts\": [{counts}]}}");
    let default = NamedTable::reference();
    let out = Batch::new(&default, &NoTables).line(3, &line);
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    if value.get("error").is_some() {
        assert_eq!(value["line"], 3);
    }
});
