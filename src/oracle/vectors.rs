//! Exhaustive conformance vectors: every distinct coup by card value, in deal order, with each
//! decision, the final totals, the winner and the coup's exact weight in a shoe.
//!
//! Another engine replays them and must agree on every line. The walk extends each opening
//! card by card for as long as the coup resolver asks for another card, so the suite holds
//! every coup the rules can produce, whatever the shoe; a coup the shoe cannot deal has weight 0.

use crate::coup::{Coup, Decision, Value, deal};
use crate::rules::{Action, DrawingRules};
use crate::shoe::Shoe;
use num_bigint::BigUint;

/// One conformance vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vector {
    /// The coup, dealt from card values 0–9.
    pub coup: Coup<Value>,
    /// The number of ordered six-card sequences of the shoe that begin with this coup's cards.
    pub weight: BigUint,
}

/// Every distinct coup by card value under the rules, in lexicographic order of the values dealt.
pub fn vectors(shoe: &Shoe, rules: &DrawingRules) -> Vec<Vector> {
    let counts = shoe.value_counts();
    let n = shoe.len();
    let mut out = Vec::with_capacity(600_000);
    let mut values = Vec::with_capacity(6);
    extend(rules, &counts, n, &mut values, &mut out);
    out
}

fn extend(
    rules: &DrawingRules,
    counts: &[u64; 10],
    n: u64,
    values: &mut Vec<Value>,
    out: &mut Vec<Vector>,
) {
    if values.len() >= 4
        && let Ok(coup) = deal(rules, values.as_slice())
    {
        out.push(Vector {
            weight: weight(counts, n, values),
            coup,
        });
        return;
    }
    for value in Value::ALL {
        values.push(value);
        extend(rules, counts, n, values, out);
        values.pop();
    }
}

/// The falling product of the counts of the values dealt, times the ways to fill the rest of
/// six positions from what remains.
fn weight(counts: &[u64; 10], n: u64, values: &[Value]) -> BigUint {
    let mut left = *counts;
    let mut weight = BigUint::from(1u32);
    for &v in values {
        let count = left[usize::from(v.get())];
        if count == 0 {
            return BigUint::from(0u32);
        }
        weight *= count;
        left[usize::from(v.get())] -= 1;
    }
    for k in values.len() as u64..6 {
        weight *= n.saturating_sub(k);
    }
    weight
}

/// A decision's token in vectors: `natural`, `punto_draws`, `punto_stands`, `banco_draws`, `banco_stands`.
pub fn decision_token(decision: &Decision) -> &'static str {
    match decision {
        Decision::Natural { .. } => "natural",
        Decision::Punto {
            action: Action::Draw,
            ..
        } => "punto_draws",
        Decision::Punto {
            action: Action::Stand,
            ..
        } => "punto_stands",
        Decision::Banco {
            action: Action::Draw,
            ..
        } => "banco_draws",
        Decision::Banco {
            action: Action::Stand,
            ..
        } => "banco_stands",
    }
}

impl Vector {
    /// The values in deal order: Punto, Banco, Punto, Banco, then third cards.
    pub fn cards(&self) -> Vec<u8> {
        self.coup
            .dealt_in_order()
            .into_iter()
            .map(Value::get)
            .collect()
    }

    /// The vector as its document ([`crate::document::vectors::Vector`]).
    pub fn document(&self) -> crate::document::vectors::Vector {
        crate::document::vectors::Vector {
            cards: self.cards(),
            decisions: self.coup.decisions.iter().map(decision_token).collect(),
            punto_total: self.coup.punto_total(),
            banco_total: self.coup.banco_total(),
            natural: self.coup.is_natural(),
            winner: self.coup.winner().key(),
            weight: self.weight.to_string(),
        }
    }

    /// The vector as one JSON line (no newline), fields in a fixed order: `cards`,
    /// `decisions`, `punto_total`, `banco_total`, `natural`, `winner`, `weight`.
    pub fn to_json_line(&self) -> String {
        self.document().to_json_line()
    }

    /// The vector as one CSV line (no newline), in the columns of [`CSV_HEADER`].
    pub fn to_csv_line(&self) -> String {
        let cards: Vec<String> = self.cards().iter().map(u8::to_string).collect();
        let decisions: Vec<&str> = self.coup.decisions.iter().map(decision_token).collect();
        format!(
            "{},{},{},{},{},{},{}",
            cards.join(" "),
            decisions.join(" "),
            self.coup.punto_total(),
            self.coup.banco_total(),
            self.coup.is_natural(),
            self.coup.winner().key(),
            self.weight
        )
    }
}

/// The header of the CSV form.
pub const CSV_HEADER: &str = "cards,decisions,punto_total,banco_total,natural,winner,weight";
