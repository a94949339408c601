//! Observed counts for `fit`: any text is counts or an error, never a panic; counts accepted
//! are tested against the exact probabilities without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::oracle::fit::{Observed, fit};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

fuzz_target!(|text: &str| {
    let rules = Rules::reference();
    if let Ok(observed) = Observed::read(text, &rules.drawing) {
        let _ = fit(&Shoe::decks(1).unwrap(), &rules.drawing, &observed);
    }
});
