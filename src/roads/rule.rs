//! The rules of the roads, named: what decides each entry of each road. The conformance
//! vectors are checked to exercise every one, and `verify --roads` names the one that decides
//! a disagreeing entry.
//!
//! This module is a leaf (it imports nothing), so that the verifier's findings can carry a
//! rule without the verifier depending on the roads.

/// One rule of one road: what decides an entry (a derived road's rules carry its offset k,
/// 1 for Big Eye Boy, 2 for Small Road, 3 for Cockroach Pig).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoadRule {
    /// The bead plate holds every result in order, ties included.
    BeadPlate,
    /// A tie before the first Banco or Punto win adds no entry: it is counted apart.
    LeadingTie,
    /// A win of the side the last column is not (or the first win) opens a new column.
    NewColumn,
    /// A win of the last column's side goes one row down that column.
    SameColumn,
    /// A tie adds no entry: it is counted on the entry before it.
    TieOnEntry,
    /// A tie after a tie is counted on the same entry again.
    TieAfterTie,
    /// The derived road does not mark this entry yet: it marks from column k, row 1, or
    /// column k + 1, row 0, on.
    NotYet {
        /// The road's offset.
        k: u8,
    },
    /// A new column (row 0) when columns c − 1 and c − 1 − k are equally long: red.
    NewColumnEqual {
        /// The road's offset.
        k: u8,
    },
    /// A new column (row 0) when columns c − 1 and c − 1 − k are not equally long: blue.
    NewColumnUnequal {
        /// The road's offset.
        k: u8,
    },
    /// Row r ≥ 1 when column c − k has exactly r entries (it ends one row up): blue.
    SameColumnExactly {
        /// The road's offset.
        k: u8,
    },
    /// Row r ≥ 1 when column c − k has more than r entries (it reaches row r): red.
    SameColumnLonger {
        /// The road's offset.
        k: u8,
    },
    /// Row r ≥ 1 when column c − k has fewer than r entries (it stopped before row r − 1):
    /// red.
    SameColumnShorter {
        /// The road's offset.
        k: u8,
    },
    /// The display: a column longer than the board's rows turns right at the bottom row
    /// (the dragon tail).
    DragonTail,
    /// The display: a column turns right above the bottom row, the cell below it taken by
    /// an earlier column's tail.
    DragonTailEarly,
}

impl RoadRule {
    /// Every rule, in order: the Big Road's, each derived road's (k = 1, 2, 3), the display's.
    pub fn all() -> Vec<RoadRule> {
        let mut all = vec![
            RoadRule::BeadPlate,
            RoadRule::LeadingTie,
            RoadRule::NewColumn,
            RoadRule::SameColumn,
            RoadRule::TieOnEntry,
            RoadRule::TieAfterTie,
        ];
        for k in 1..=3 {
            all.extend([
                RoadRule::NotYet { k },
                RoadRule::NewColumnEqual { k },
                RoadRule::NewColumnUnequal { k },
                RoadRule::SameColumnExactly { k },
                RoadRule::SameColumnLonger { k },
                RoadRule::SameColumnShorter { k },
            ]);
        }
        all.extend([RoadRule::DragonTail, RoadRule::DragonTailEarly]);
        all
    }

    /// The rule's name in JSON: `new_column_equal_k1`, `tie_after_tie`, ….
    pub fn key(self) -> String {
        let with = |name: &str, k: u8| format!("{name}_k{k}");
        match self {
            RoadRule::BeadPlate => "bead_plate".into(),
            RoadRule::LeadingTie => "leading_tie".into(),
            RoadRule::NewColumn => "new_column".into(),
            RoadRule::SameColumn => "same_column".into(),
            RoadRule::TieOnEntry => "tie_on_entry".into(),
            RoadRule::TieAfterTie => "tie_after_tie".into(),
            RoadRule::NotYet { k } => with("not_yet", k),
            RoadRule::NewColumnEqual { k } => with("new_column_equal", k),
            RoadRule::NewColumnUnequal { k } => with("new_column_unequal", k),
            RoadRule::SameColumnExactly { k } => with("same_column_exactly", k),
            RoadRule::SameColumnLonger { k } => with("same_column_longer", k),
            RoadRule::SameColumnShorter { k } => with("same_column_shorter", k),
            RoadRule::DragonTail => "dragon_tail".into(),
            RoadRule::DragonTailEarly => "dragon_tail_early".into(),
        }
    }

    /// Whether the rule is the display's (how a board of fixed rows draws the Big Road),
    /// which the JSON form of the roads, in logical columns, does not show.
    pub fn is_display(self) -> bool {
        matches!(self, RoadRule::DragonTail | RoadRule::DragonTailEarly)
    }
}

/// A value a road shows at one entry, as a finding quotes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoadValue {
    /// A letter: a result of the bead plate (`B`, `P`, `T`) or a mark (`R`, `B`).
    Letter(char),
    /// A count of leading ties.
    Count(u64),
    /// A Big Road entry: its winner (`B` or `P`), its column and row (from 0) and its ties.
    Entry {
        /// `B` or `P`.
        winner: char,
        /// The column, from 0.
        column: usize,
        /// The row, from 0.
        row: usize,
        /// The ties counted on it.
        ties: u64,
    },
}

/// The first entry where a road a log states disagrees with the reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoadDisagreement {
    /// The road's key: `bead_plate`, `leading_ties`, `big_road`, `big_eye_boy`,
    /// `small_road`, `cockroach_pig`, or an ask cell, `next.banco.big_eye_boy`, ….
    pub road: String,
    /// The entry's number in the road, from 1.
    pub entry: usize,
    /// What the log states there (`None`: the log's road stops before it).
    pub log: Option<RoadValue>,
    /// What the reference shows there (`None`: the reference stops before it, or, for an
    /// ask cell, the road would not mark).
    pub reference: Option<RoadValue>,
    /// The rule that decides the reference's entry.
    pub rule: RoadRule,
    /// The Big Road column and row (from 0) of the entry the rule reads, when it is one.
    pub at: Option<(usize, usize)>,
}
