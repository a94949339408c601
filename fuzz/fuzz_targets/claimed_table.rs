//! Claimed tableaux (grids and range tables): any text is rules or a clear error, and one
//! that leaves choices to the hands ("au choix", "T/R", "Punto : au choix à 5") is read as a
//! game with choices by the checker and refused by the strict reader.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::check::{read_claimed, read_claimed_with_choices};

fuzz_target!(|text: &str| {
    let strict = read_claimed(text);
    match read_claimed_with_choices(text) {
        Ok(claimed) => {
            // The strict reader agrees, but refuses a claim that leaves choices.
            assert_eq!(strict.is_ok(), claimed.choices.is_none());
            if let Some(rules) = claimed.choices {
                assert!(!rules.is_fixed());
            }
        }
        Err(e) => assert_eq!(strict.unwrap_err().to_string(), e.to_string()),
    }
});
