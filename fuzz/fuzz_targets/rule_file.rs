//! Rule files: any text is a rule set or an error with a position, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::variants::RuleSet;

fuzz_target!(|text: &str| {
    if let Err(e) = RuleSet::from_json(text) {
        assert!(e.to_string().starts_with("line "));
    }
});
