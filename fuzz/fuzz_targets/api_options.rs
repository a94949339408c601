//! `punto_banco::api`: any JSON value as a command's options is a document or a one-line
//! error, never a panic; options are read before any work, so a wrong one costs nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::api::{self, ApiError};

fuzz_target!(|data: &[u8]| {
    let Some((&which, text)) = data.split_first() else {
        return;
    };
    let Ok(options) = serde_json::from_slice::<serde_json::Value>(text) else {
        return;
    };
    // The commands whose work is bounded on any shoe the options can name.
    let command = ["analyze", "rules", "deal", "decisions"][usize::from(which) % 4];
    match api::call(command, &options, None) {
        Ok(document) => assert_eq!(document["schema"], 1),
        Err(ApiError(message)) => assert!(!message.is_empty() && !message.contains('\n')),
    }
});
