//! The conformance vectors of the roads, for scoreboard authors: result sequences chosen to
//! exercise every rule of every road ([`RoadRule`]), each to be written with its roads.
//!
//! The design: every sequence of Banco, Punto and Tie of length 0 to [`EXHAUSTIVE_LENGTH`]
//! (3,280 sequences), which meets every rule of the Big Road and of the three derived roads
//! (a Cockroach Pig needs five columns, its rows read three columns back), then targeted long
//! sequences: a column longer than the board's six rows (the dragon tail), a column turned
//! early by that tail, long runs of ties, a long alternation, and shoes of 80 results drawn
//! by a fixed generator. [`exercised`] says which rules a sequence's roads use; a test checks
//! that the vectors together use them all.

use super::{Derived, Layout, RoadRule, Roads, Side};
use crate::outcome::Winner;
use std::collections::BTreeSet;

/// The length up to which every sequence is a vector.
pub const EXHAUSTIVE_LENGTH: usize = 7;

/// Every vector's results, in order: the exhaustive ones by length, then the targeted ones.
///
/// ```
/// let all = punto_banco::roads::vectors::vectors();
/// assert_eq!(all.len(), 3_280 + punto_banco::roads::vectors::targeted().len());
/// assert!(all[0].is_empty());
/// ```
pub fn vectors() -> Vec<Vec<Winner>> {
    let mut all = Vec::new();
    for length in 0..=EXHAUSTIVE_LENGTH {
        let count = 3usize.pow(length as u32);
        for n in 0..count {
            // The sequence's letters are the base-3 digits of n, most significant first,
            // in the order B, P, T.
            let mut digits = n;
            let mut results = vec![Winner::Banco; length];
            for slot in results.iter_mut().rev() {
                *slot = [Winner::Banco, Winner::Punto, Winner::Tie][digits % 3];
                digits /= 3;
            }
            all.push(results);
        }
    }
    all.extend(targeted());
    all
}

/// The targeted long sequences: the dragon tail, a column turned early by it, long runs of
/// ties, a long alternation, and four shoes of 80 results from a fixed generator.
pub fn targeted() -> Vec<Vec<Winner>> {
    use Winner::{Banco as B, Punto as P, Tie as T};
    let repeat = |winner: Winner, n: usize| std::iter::repeat_n(winner, n);
    let mut all = vec![
        // Eight Bancos: two cells of tail along the bottom row; then a Punto and a Banco.
        repeat(B, 8).chain([P, B]).collect(),
        // The tail of eight Bancos, then six Puntos: their column turns at row 4, the cell
        // below taken by the tail; then a Banco run of twelve, a tail of its own.
        repeat(B, 8)
            .chain(repeat(P, 6))
            .chain(repeat(B, 12))
            .chain([T, P, T, T])
            .collect(),
        // Leading ties, then a tie after a tie on one entry, and ties on the last entry.
        repeat(T, 5)
            .chain([B])
            .chain(repeat(T, 4))
            .chain([P, P, B, T, T, T])
            .collect(),
        // Forty alternations: every column one long, every derived road red.
        [B, P].into_iter().cycle().take(40).collect(),
    ];
    // Shoes of 80 results from a fixed linear congruential generator, with a tie about one
    // result in ten, as a shoe deals them.
    let mut state: u64 = 0x5eed;
    for _ in 0..4 {
        let shoe = (0..80)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                match (state >> 33) % 20 {
                    0 | 1 => T,
                    n if n % 2 == 0 => B,
                    _ => P,
                }
            })
            .collect();
        all.push(shoe);
    }
    all
}

/// The rules a sequence's roads use: the bead plate's, the Big Road's for each entry, each
/// derived road's for each entry and each ask cell, and the display's on a board of
/// `layout`'s rows.
///
/// ```
/// use punto_banco::roads::vectors::exercised;
/// use punto_banco::roads::{Layout, RoadRule, Roads};
/// use punto_banco::Winner::{Banco, Tie};
///
/// let rules = exercised(&Roads::new(&[Tie, Banco]), Layout::default());
/// assert!(rules.contains(&RoadRule::LeadingTie));
/// assert!(rules.contains(&RoadRule::NotYet { k: 3 }));
/// ```
pub fn exercised(roads: &Roads, layout: Layout) -> BTreeSet<RoadRule> {
    let mut rules = BTreeSet::new();
    if !roads.bead_plate().is_empty() {
        rules.insert(RoadRule::BeadPlate);
    }
    let big = roads.big_road();
    if big.leading_ties() > 0 {
        rules.insert(RoadRule::LeadingTie);
    }
    for (c, r) in big.positions() {
        rules.extend(big.entry_rules(c, r));
    }
    for road in Derived::ALL {
        rules.extend(roads.derived_rules(road));
    }
    for side in Side::BOTH {
        rules.extend(roads.ask_rules(side));
    }
    let lengths: Vec<usize> = big.columns().iter().map(Vec::len).collect();
    for column in layout.place(&lengths) {
        // A column turns where a cell is right of the one before it.
        let turn = column.windows(2).find(|pair| pair[1].x != pair[0].x);
        if let Some(pair) = turn {
            rules.insert(if pair[0].y + 1 == layout.rows() {
                RoadRule::DragonTail
            } else {
                RoadRule::DragonTailEarly
            });
        }
    }
    rules
}
