//! The integration tests: one binary, one module per concern.

mod check;
mod cli;
mod coups;
mod depletion;
mod docs_drift;
mod fast;
mod figures;
mod naive;
mod oracle;
mod rule_texts;
mod session;
mod snapshots;
mod variants;

use punto_banco::analysis::Analysis;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;

/// The exact reference analysis of `n` whole decks.
pub fn decks(n: u64) -> Analysis {
    Analysis::new(&Shoe::decks(n).unwrap(), &Rules::reference()).unwrap()
}
