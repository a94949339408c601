//! Claimed tableaux (grids and range tables): any text is rules or a clear error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::check::read_claimed;

fuzz_target!(|text: &str| {
    let _ = read_claimed(text);
});
