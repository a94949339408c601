//! The audit's log reader: any bytes end in an audit whose report renders (valid JSON with
//! `--format json`) or in a located error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::lab::Provenance;
use punto_banco::lab::audit::{AuditError, audit};
use punto_banco::lang::Lang;
use punto_banco::render::audit::{Source, render_audit};
use punto_banco::render::{Format, Page};
use punto_banco::rules::Rules;

fuzz_target!(|data: &[u8]| {
    match audit(data, &Rules::reference(), 0.01) {
        Ok(report) => {
            let provenance = Provenance::new(String::new(), vec!["audit".into()]);
            let source = Source {
                log: "-",
                rules: None,
            };
            let json = render_audit(
                &report,
                &provenance,
                &source,
                &Page::new(Format::Json, Lang::Fr),
            );
            serde_json::from_str::<serde_json::Value>(&json).expect("a JSON report");
            render_audit(
                &report,
                &provenance,
                &source,
                &Page::new(Format::Text, Lang::En),
            );
            render_audit(
                &report,
                &provenance,
                &source,
                &Page::new(Format::Markdown, Lang::Fr),
            );
        }
        Err(AuditError::At { line, .. }) => assert!(line >= 1),
        Err(_) => {}
    }
});
