//! Benchmarks of `shuffle-test`: `cargo bench --bench shuffle_test`. Speed is measured here,
//! never asserted in tests.
//!
//! Each benchmark reads the same 10,000 fair eight-deck shoes as JSON lines from memory
//! (about 2.3 MB per thousand shoes); divan's figure is for the 10,000 shoes, on one core.
//!
//! - `read_and_hash`: the lines read with the bounded line reader and hashed with SHA-256,
//!   nothing else: the floor any streaming battery pays.
//! - `battery`: the same, plus every line parsed and added to the battery: the cost per shoe.
//! - `judge`: the battery of those shoes judged once at the end (the Mahalanobis solve of
//!   the successor pairs with the exact covariance, the exact moments cached after the first
//!   run): a cost per file, not per shoe.

use punto_banco::dealer::Dealer;
use punto_banco::lab::shuffle::ShuffleTest;
use punto_banco::lab::shufflers::{Shuffler, factory_order};
use punto_banco::oracle::{Line, LineReader};
use sha2::{Digest, Sha256};

fn main() {
    divan::main();
}

const SHOES: usize = 10_000;

fn input() -> Vec<u8> {
    let start = factory_order(8);
    let mut rng = Dealer::rng(7);
    let mut out = String::new();
    for _ in 0..SHOES {
        let shoe = Shuffler::Fair.shuffle(&start, &mut rng);
        let cards: Vec<String> = shoe.iter().map(|c| format!("\"{}\"", c.ascii())).collect();
        out.push_str(&format!("{{\"cards\": [{}]}}\n", cards.join(", ")));
    }
    out.into_bytes()
}

#[divan::bench(sample_count = 10)]
fn read_and_hash(bencher: divan::Bencher) {
    let data = input();
    bencher.bench(|| {
        let mut hasher = Sha256::new();
        let mut lines = LineReader::new(&data[..], 1 << 20);
        let mut count = 0;
        while let Some((_, Line::Read(bytes))) = lines.next_line().unwrap() {
            hasher.update(bytes);
            count += 1;
        }
        (count, hasher.finalize())
    });
}

#[divan::bench(sample_count = 10)]
fn battery(bencher: divan::Bencher) {
    let data = input();
    bencher.bench(|| {
        let mut hasher = Sha256::new();
        let mut lines = LineReader::new(&data[..], 1 << 20);
        let mut test = ShuffleTest::default();
        while let Some((number, Line::Read(bytes))) = lines.next_line().unwrap() {
            hasher.update(bytes);
            test.line(number, bytes).unwrap();
        }
        (test.shoes(), hasher.finalize())
    });
}

#[divan::bench(sample_count = 10)]
fn judge(bencher: divan::Bencher) {
    let data = input();
    let mut lines = LineReader::new(&data[..], 1 << 20);
    let mut test = ShuffleTest::default();
    while let Some((number, Line::Read(bytes))) = lines.next_line().unwrap() {
        test.line(number, bytes).unwrap();
    }
    bencher.bench(|| test.battery(0.01).verdict());
}
