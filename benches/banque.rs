//! Benchmarks of `banque` (`cargo bench --bench banque`): Baccarat Banque solved exactly.
//!
//! - `solve`: the whole search at equal stakes (a rational equilibrium, Banco on a segment), at
//!   3/20 (a Punto stands at 5) and at 1/20 (an irrational equilibrium), each run walking the
//!   game into its form and deciding every cell of the arrangement.
//! - `form`: the walk into the multilinear form alone.
//! - `evaluate`: one profile's expectations, margins and certificate, off the form.

use num_rational::Ratio;
use punto_banco::choices::banque::{Banque, Profile, Quadratic};

fn main() {
    divan::main();
}

const SHARES: [(i64, i64); 3] = [(1, 2), (3, 20), (1, 20)];

#[divan::bench(args = SHARES, sample_count = 5)]
fn solve(share: (i64, i64)) {
    let banque = Banque::new(Ratio::new(share.0, share.1)).unwrap();
    divan::black_box(banque.solve().unwrap());
}

#[divan::bench(sample_count = 20)]
fn form() {
    let banque = Banque::new(Ratio::new(1, 2)).unwrap();
    divan::black_box(banque.form());
}

#[divan::bench(sample_count = 20)]
fn evaluate(bencher: divan::Bencher) {
    let banque = Banque::new(Ratio::new(1, 2)).unwrap();
    let form = banque.form();
    let half = Quadratic::from(num_rational::BigRational::new(1.into(), 2.into()));
    let profile = Profile {
        draw_at_5: [half.clone(), half.clone()],
        banco: vec![half; form.sets.len()],
    };
    bencher.bench(|| divan::black_box(banque.evaluate(&form, &profile).unwrap()));
}
