//! `analyze --fields` and `--format csv`: the first line of the input is a field list, the
//! rest one batch line. A list is read or refused with a message, never a panic; a list read
//! gives, for the line, a JSON object whose parts are the whole document's byte for byte (or
//! the line's error object), and a CSV row with as many cells as the header.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::batch::{Batch, Fields, Output, TableResolver, Unresolved};
use punto_banco::report::csv::Columns;
use punto_banco::rules::Rules;
use punto_banco::table::NamedTable;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// Knows no table: a line naming one gets its error.
struct NoTables;

impl TableResolver for NoTables {
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved> {
        Err(format!("`{name}` is unknown").into())
    }
}

/// The number of cells of a CSV line, by RFC 4180's quoting.
fn cell_count(line: &str) -> usize {
    let mut quoted = false;
    let mut cells = 1;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => cells += 1,
            _ => {}
        }
    }
    cells
}

fuzz_target!(|text: &str| {
    let (list, line) = text.split_once('\n').unwrap_or((text, "{}"));
    let fields = match Fields::parse(list) {
        Ok(fields) => fields,
        Err(error) => {
            let message = error.to_string();
            assert!(!message.is_empty() && message.len() < 400, "{message}");
            return;
        }
    };
    let mut seen = fields.parts().to_vec();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), fields.parts().len(), "a part named twice");

    let default = NamedTable::reference();
    let batch = Batch::new(&default, &NoTables);
    let whole_text = batch.line(7, line);
    let whole: BTreeMap<String, &RawValue> = serde_json::from_str(&whole_text).expect("one object");
    let output = Output::Fields(fields.clone());
    let selected_text = batch.with_output(&output).line(7, line);
    let selected: BTreeMap<String, &RawValue> =
        serde_json::from_str(&selected_text).expect("one object");
    if whole.contains_key("error") {
        assert_eq!(selected_text, whole_text, "the same error object");
    } else {
        for part in fields.parts() {
            assert_eq!(selected[part.key()].get(), whole[part.key()].get());
        }
        assert_eq!(selected.contains_key("line"), fields.line());
        assert_eq!(selected["schema"].get(), "1");
    }

    let csv = Output::Csv(Box::new(Columns::new(fields.parts(), &Rules::reference())));
    let header = csv.header().expect("a CSV has a header");
    let row = batch.with_output(&csv).line(7, line);
    assert!(row.starts_with("7,"), "{row}");
    assert_eq!(cell_count(&row), cell_count(&header), "{row}");
});
