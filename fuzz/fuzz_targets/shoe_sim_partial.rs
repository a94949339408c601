//! Partial summaries of `shoe-sim --partial`: any text is a partial or an error, never a
//! panic; a partial read writes back to the same text and reads back to itself, and merges
//! with itself only as a shard held twice.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::depletion::partial::{MergeError, Partial, merge};

fuzz_target!(|text: &str| {
    let Ok(partial) = Partial::from_json(text) else {
        return;
    };
    let written = partial.to_json().expect("what was read can be written");
    let again = Partial::from_json(&written).expect("what was written reads back");
    assert_eq!(again, partial);
    assert_eq!(again.to_json().unwrap(), written);
    let twice = merge(vec![("a".into(), partial.clone()), ("b".into(), partial)]);
    assert!(
        matches!(twice, Err(MergeError::Duplicate { .. })),
        "{twice:?}"
    );
});
