//! Benchmarks of `analyze --batch`: `cargo bench --bench batch`. Speed is measured here,
//! never asserted in tests.
//!
//! Each benchmark runs 1,000 varied eight-deck compositions (the full shoe with up to 120
//! cards taken out, by a fixed seed) through the batch path, from the JSON line to the
//! output line; divan's figure is for the 1,000 lines.
//!
//! - `analysis_only`: `Analysis::new` of the same shoes, already parsed: the engine's share.
//! - `outcomes_of_analysis`: the outcomes' JSON object of the same shoes, already analysed:
//!   the output's share.
//! - `fields_outcomes`: `--fields outcomes`, a JSON line with the outcomes alone.
//! - `csv_outcomes`: `--format csv --fields outcomes`, a CSV row.
//! - `document`: the whole document, today's default line.

use punto_banco::analysis::Analysis;
use punto_banco::batch::{Batch, Fields, Output, TableResolver, Unresolved};
use punto_banco::report::csv::Columns;
use punto_banco::report::{Part, Parts};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::table::NamedTable;
use rand::{RngExt, SeedableRng};

fn main() {
    divan::main();
}

/// Names no table: the lines below name none.
struct NoTables;

impl TableResolver for NoTables {
    fn resolve(&self, name: &str) -> Result<NamedTable, Unresolved> {
        Err(format!("`{name}` is unknown").into())
    }
}

/// 1,000 eight-deck compositions, each with up to 120 cards taken out at random.
fn compositions() -> Vec<[u64; 13]> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    (0..1000)
        .map(|_| {
            let mut counts = [32u64; 13];
            for _ in 0..rng.random_range(0..120) {
                let rank = rng.random_range(0..13);
                counts[rank] = counts[rank].saturating_sub(1);
            }
            counts
        })
        .collect()
}

/// The compositions as batch lines, `{"ranks": [...]}`.
fn lines() -> Vec<String> {
    compositions()
        .iter()
        .map(|counts| {
            let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
            format!("{{\"ranks\": [{}]}}", counts.join(", "))
        })
        .collect()
}

/// Every line through the batch path with `output`; the bytes written.
fn through(bencher: divan::Bencher, output: Output) {
    let lines = lines();
    let default = NamedTable::reference();
    bencher.bench(|| {
        let batch = Batch::new(&default, &NoTables).with_output(&output);
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| batch.line(i + 1, divan::black_box(line)).len())
            .sum::<usize>()
    });
}

#[divan::bench]
fn analysis_only(bencher: divan::Bencher) {
    let shoes: Vec<Shoe> = compositions()
        .into_iter()
        .map(|counts| Shoe::from_counts(counts).unwrap())
        .collect();
    let rules = Rules::reference();
    bencher.bench(|| {
        shoes
            .iter()
            .map(|shoe| {
                let analysis = Analysis::new(divan::black_box(shoe), &rules).unwrap();
                analysis.shoe().len()
            })
            .sum::<u64>()
    });
}

#[divan::bench]
fn outcomes_of_analysis(bencher: divan::Bencher) {
    let rules = Rules::reference();
    let analyses: Vec<Analysis> = compositions()
        .into_iter()
        .map(|counts| Analysis::new(&Shoe::from_counts(counts).unwrap(), &rules).unwrap())
        .collect();
    bencher.bench(|| {
        analyses
            .iter()
            .map(|analysis| {
                Parts::new(divan::black_box(analysis), "reference")
                    .select(&[Part::Outcomes], None)
                    .to_json()
                    .len()
            })
            .sum::<usize>()
    });
}

#[divan::bench]
fn fields_outcomes(bencher: divan::Bencher) {
    through(bencher, Output::Fields(Fields::parse("outcomes").unwrap()));
}

#[divan::bench]
fn csv_outcomes(bencher: divan::Bencher) {
    let fields = Fields::parse("outcomes").unwrap();
    through(
        bencher,
        Output::Csv(Box::new(Columns::new(fields.parts(), &Rules::reference()))),
    );
}

#[divan::bench]
fn document(bencher: divan::Bencher) {
    through(bencher, Output::Document);
}
