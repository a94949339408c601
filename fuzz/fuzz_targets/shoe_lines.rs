//! The shoe-line reader of `shuffle-test`: any bytes, line by line, are read or refused
//! with a located error, and the battery of what was read renders, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::lab::shuffle::ShuffleTest;

fuzz_target!(|data: &[u8]| {
    let mut test = ShuffleTest::new(2);
    for (number, line) in data.split(|&b| b == b'\n').enumerate() {
        if let Err(error) = test.line(number + 1, line) {
            assert_eq!(error.line, number + 1);
            assert!(error.column >= 1);
        }
    }
    let battery = test.battery(0.01);
    assert!(test.shoes() == 0 || !battery.tests.is_empty());
});
