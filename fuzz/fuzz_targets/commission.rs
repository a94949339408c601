//! The commission parser: any text is a share of Banco's winnings in [0, 1) or a clear error,
//! and a percentage it accepts reads the same as its fraction.
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_rational::Ratio;
use punto_banco::choices::commission::{CommissionError, MAX_LEN, parse_commission};

fuzz_target!(|text: &str| {
    match parse_commission(text) {
        Ok(share) => {
            assert!(share >= Ratio::from_integer(0) && share < Ratio::from_integer(1));
            let fraction = format!("{}/{}", share.numer(), share.denom());
            if fraction.len() <= MAX_LEN {
                assert_eq!(parse_commission(&fraction), Ok(share));
            }
        }
        Err(CommissionError::TooLong(n)) => assert!(n > MAX_LEN),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
