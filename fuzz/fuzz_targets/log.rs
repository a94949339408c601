//! The log reader: any bytes, line by line, end in a finished report (valid JSON with
//! `--format json`) and a summary that adds up, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::lang::Lang;
use punto_banco::render::oracle::write_verification;
use punto_banco::render::{Format, Page};
use punto_banco::rules::Rules;

fuzz_target!(|data: &[u8]| {
    let rules = Rules::reference();
    for (lang, format) in [(Lang::Fr, Format::Json), (Lang::En, Format::Text)] {
        let mut out = Vec::new();
        let result = write_verification(data, &mut out, &rules, &Page::new(format, lang), 4096);
        if let Ok(summary) = &result {
            assert_eq!(
                summary.coups(),
                summary.agreeing() + summary.disagreeing_total()
            );
        }
        if format == Format::Json {
            serde_json::from_slice::<serde_json::Value>(&out).expect("a finished JSON report");
        }
    }
});
