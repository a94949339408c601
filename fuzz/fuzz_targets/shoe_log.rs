//! The shoe-log reader: any bytes, read as a log whose shoe lines may carry a burn and an
//! order, held to the reference dealing procedure, end in a finished report (valid JSON) and
//! a summary that adds up, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::lang::Lang;
use punto_banco::oracle::verify::Verifier;
use punto_banco::render::oracle::write_verification_by;
use punto_banco::render::{Format, Page};
use punto_banco::rules::Rules;
use punto_banco::rules::dealing::Procedure;

fuzz_target!(|data: &[u8]| {
    let rules = Rules::reference();
    // A short cut card, so that small inputs reach the end of a shoe.
    let dealing = Procedure {
        cut: 11,
        ..Procedure::reference()
    };
    let mut out = Vec::new();
    let verifier = Verifier::new(&rules).with_dealing(dealing);
    let result = write_verification_by(
        data,
        &mut out,
        verifier,
        &rules,
        &Page::new(Format::Json, Lang::Fr),
        4096,
    );
    if let Ok(summary) = &result {
        assert_eq!(
            summary.coups(),
            summary.agreeing() + summary.disagreeing_total()
        );
    }
    serde_json::from_slice::<serde_json::Value>(&out).expect("a finished JSON report");
});
