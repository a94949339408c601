//! `count --weights` and `--threshold`: any text is a count of 13 weights within the bound,
//! or a one-line error; a count accepted reads the same from the weights it writes, and a
//! threshold accepted is within its bound and reads the same from its fraction.
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_rational::Ratio;
use punto_banco::depletion::count::{MAX_THRESHOLD, MAX_WEIGHT, PointCount, threshold};

fuzz_target!(|text: &str| {
    match text.parse::<PointCount>() {
        Ok(count) => {
            assert!(count.weights().iter().all(|w| w.abs() <= MAX_WEIGHT));
            let written: Vec<String> = count.weights().iter().map(i64::to_string).collect();
            let again: PointCount = written.join(",").parse().unwrap();
            assert_eq!(again.weights(), count.weights());
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
    match threshold(text) {
        Ok(value) => {
            let magnitude = if value < Ratio::from_integer(0) {
                -value
            } else {
                value
            };
            assert!(magnitude <= Ratio::from_integer(MAX_THRESHOLD));
            let fraction = format!("{}/{}", value.numer().abs(), value.denom());
            let fraction = if value < Ratio::from_integer(0) {
                format!("-{fraction}")
            } else {
                fraction
            };
            if let Ok(again) = threshold(&fraction) {
                assert_eq!(again, value);
            }
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
});
