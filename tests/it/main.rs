//! The integration tests: one binary, one module per concern.

/// A named snapshot of a rendering for people, in the top-level snapshots/ folder (defined
/// before the modules so that every one of them can use it).
macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({
            snapshot_path => "../../snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

mod api;
mod audit;
mod batch;
mod cards;
mod catalogue;
mod check;
mod choices;
mod cli;
mod conversation;
mod count;
mod coups;
mod dealing;
mod depletion;
mod docs_drift;
mod fast;
mod features;
mod figures;
mod formats;
mod hostile;
mod hostile_audit;
mod hostile_cli;
mod hostile_dealing;
mod hostile_roads;
mod hostile_shoe;
mod hostile_shuffle;
mod layers;
mod naive;
mod naive_cards;
mod oracle;
mod progress;
mod roads;
mod roads_check;
mod rule_texts;
mod schema2;
mod schemas;
mod serve;
mod session;
mod shuffle;
mod snapshots;
mod variants;

use punto_banco::analysis::Analysis;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

/// The exact reference analysis of `n` whole decks.
pub fn decks(n: u64) -> Analysis {
    Analysis::new(&Shoe::decks(n).unwrap(), &Rules::reference()).unwrap()
}

/// Calls `visit` with every ordered sequence of six card values the shoe can deal, and its
/// weight (the falling product of the counts): the tests' naive walk, independent of the
/// engine's enumerators.
pub fn each_sequence(shoe: &Shoe, mut visit: impl FnMut(&[u8], &num_bigint::BigInt)) {
    let counts = shoe.value_counts();
    'sequences: for code in 0..1_000_000u32 {
        let values: Vec<u8> = (0..6)
            .rev()
            .map(|k| (code / 10u32.pow(k) % 10) as u8)
            .collect();
        let mut left = counts;
        let mut weight = num_bigint::BigInt::from(1);
        for &v in &values {
            if left[v as usize] == 0 {
                continue 'sequences;
            }
            weight *= left[v as usize];
            left[v as usize] -= 1;
        }
        visit(&values, &weight);
    }
}

/// Each line of a command's standard output read as one JSON value (batch output, say).
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    std::str::from_utf8(stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Runs the binary with these arguments and this text on its standard input.
pub fn run_with_input(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
mod banque;
mod check_choices;
mod chemin;
mod decisions;
mod hostile_check_choices;
