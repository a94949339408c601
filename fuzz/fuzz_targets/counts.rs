//! Observed counts for `fit`: any bytes are counts (a document or a log) or an error, never a panic; counts accepted
//! are tested against the exact probabilities without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::oracle::fit::{Observed, fit};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

fuzz_target!(|data: &[u8]| {
    let rules = Rules::reference();
    // Counts documents and logs alike, as `fit FILE` reads them.
    if let Ok(observed) = Observed::read_from(data, &rules.drawing, 4096, 1 << 16) {
        let _ = fit(&Shoe::decks(1).unwrap(), &rules.drawing, &observed);
    }
});
