//! Baccarat Banque's share parser: any text is a share strictly between 0 and 1 or a clear
//! error, and a share it accepts reads the same as its fraction.
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_rational::Ratio;
use punto_banco::choices::banque::{MAX_SHARE_LEN, ShareError, parse_share};

fuzz_target!(|text: &str| {
    match parse_share(text) {
        Ok(share) => {
            assert!(share > Ratio::from_integer(0) && share < Ratio::from_integer(1));
            let fraction = format!("{}/{}", share.numer(), share.denom());
            if fraction.len() <= MAX_SHARE_LEN {
                assert_eq!(parse_share(&fraction), Ok(share));
            }
        }
        Err(ShareError::TooLong(n)) => assert!(n > MAX_SHARE_LEN),
        Err(error) => assert!(
            error.to_string().contains("accepted") || error.to_string().contains("too long")
        ),
    }
});
