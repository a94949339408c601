//! Shoe strings: any text is 13 rank counts (or cards to remove) or an error naming its token;
//! every shoe accepted is analysed exactly, its total N·(N−1)·…·(N−5).
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use punto_banco::analysis::Analysis;
use punto_banco::card::parse_cards;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

fuzz_target!(|text: &str| {
    // The text as --ranks, then as --remove from eight decks.
    let shoes = [
        Shoe::parse_counts(text).ok(),
        parse_cards(text)
            .ok()
            .and_then(|cards| Shoe::decks_without(8, &cards).ok()),
    ];
    for shoe in shoes.into_iter().flatten() {
        if shoe.check_playable().is_err() {
            continue;
        }
        let analysis = Analysis::new(&shoe, &Rules::reference()).expect("a playable shoe");
        let n = BigUint::from(shoe.len());
        let expected: BigUint = (0u32..6).map(|k| &n - BigUint::from(k)).product();
        assert_eq!(analysis.count_where(|_| true), expected);
        assert_eq!(analysis.sequences(), &expected);
    }
});
