//! Shoe objects, as batch lines and log shoe lines write them: any text is a shoe
//! specification or a message saying what is wrong, never a panic; a specification read
//! resolves (or says why not) without a panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::input::shoe::shoe_object;

fuzz_target!(|text: &str| {
    match shoe_object(text) {
        Ok(spec) => {
            let _ = spec.resolve(None);
        }
        Err(message) => {
            assert!(!message.is_empty(), "{text}");
        }
    }
});
