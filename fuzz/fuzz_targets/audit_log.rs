//! The audit's log reader: any bytes end in an audit whose report renders (valid JSON with
//! `--format json`) or in a located error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::lab::Provenance;
use punto_banco::lab::audit::{AuditError, audit};
use punto_banco::lang::Lang;
use punto_banco::render::Format;
use punto_banco::render::audit::{Source, report as report_text};
use punto_banco::rules::Rules;

fuzz_target!(|data: &[u8]| {
    match audit(data, &Rules::reference(), 0.01) {
        Ok(report) => {
            let provenance = Provenance::new(String::new(), vec!["audit".into()]);
            let source = Source { log: "-", rules: None };
            let json = report_text(&report, &provenance, &source, Lang::Fr, Format::Json);
            serde_json::from_str::<serde_json::Value>(&json).expect("a JSON report");
            report_text(&report, &provenance, &source, Lang::En, Format::Text);
            report_text(&report, &provenance, &source, Lang::Fr, Format::Markdown);
        }
        Err(AuditError::At { line, .. }) => assert!(line >= 1),
        Err(_) => {}
    }
});
