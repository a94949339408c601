//! The log reader: any bytes, line by line, end in verdicts and a summary that adds up.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::oracle::verify::Verifier;
use punto_banco::rules::Rules;

fuzz_target!(|data: &[u8]| {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    let text = String::from_utf8_lossy(data);
    for (i, line) in text.lines().enumerate() {
        if let Some(d) = verifier.line(i + 1, line) {
            let _ = d.finding.sentence(&rules, punto_banco::lang::Lang::En);
            let _ = d.finding.sentence(&rules, punto_banco::lang::Lang::Fr);
        }
    }
    let s = verifier.summary();
    assert_eq!(s.coups, s.agreeing + s.disagreeing_total());
});
