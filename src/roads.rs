//! The scoreboard's roads: the bead plate, the Big Road and the three roads derived from it,
//! computed once from a sequence of results (Banco, Punto, Tie).
//!
//! The rules are those published descriptions of casino scoreboards state (the Wizard of
//! Odds' "Baccarat Score Boards", written with the Venetian's staff; the "five road rules"
//! pages of online casinos):
//!
//! - the **bead plate** holds every result in order, ties included;
//! - the **Big Road** holds Banco and Punto wins in columns, a column for each run of one
//!   winner; a tie adds no entry, it is counted on the entry before it (a slash through the
//!   cell), and ties before the first Banco or Punto win are counted apart, as leading ties.
//!   Its columns here are logical: as long as the run. How a board of six rows draws a longer
//!   column (the "dragon tail" turning right) is a separate layout of the same columns,
//!   [`Layout`];
//! - the **derived roads**, Big Eye Boy, Small Road and Cockroach Pig, read the Big Road with
//!   an offset k of 1, 2 and 3 columns. Every Big Road entry at column c, row r (from 0)
//!   from (c ≥ k and r ≥ 1) or (c ≥ k + 1 and r = 0) on makes one mark, red or blue:
//!   - on a new column (r = 0): red when columns c − 1 and c − 1 − k are equally long, blue
//!     otherwise;
//!   - further down a column (r ≥ 1): blue when column c − k has exactly r entries (the
//!     entry one row up is its last), red otherwise (it reaches row r, or it stopped before
//!     row r − 1).
//!
//! A board also shows, for a Banco and for a Punto result to come, the mark each derived road
//! would make: the ask cells, [`Roads::ask`]. Markers some boards add (pairs, naturals) are not
//! results and are not part of the roads here.
//!
//! ```
//! use punto_banco::roads::{Mark, Roads};
//! use punto_banco::Winner::{Banco, Punto, Tie};
//!
//! let roads = Roads::new(&[Tie, Banco, Banco, Tie, Punto, Banco, Banco]);
//! assert_eq!(roads.big_road().leading_ties(), 1);
//! assert_eq!(roads.big_road().columns().len(), 3);
//! assert_eq!(roads.big_road().columns()[0][1].ties, 1);
//! // Big Eye Boy: the new column 2 compares columns 1 and 0 (1 and 2 long): blue; its second
//! // entry (c = 2, r = 1) finds column 1 exactly one entry long: blue.
//! assert_eq!(roads.derived(punto_banco::roads::Derived::BigEyeBoy), &[Mark::Blue, Mark::Blue]);
//! ```

mod explain;
pub mod follow;
mod layout;
pub mod log;
pub mod rule;
pub mod stated;
pub mod strategy;
pub mod vectors;

pub use layout::{Cell, Layout};
pub use rule::RoadRule;

use crate::analysis::Analysis;
use crate::outcome::Winner;
use crate::rules::Rules;
use crate::shoe::Shoe;
use num_rational::BigRational;

/// A Big Road entry's winner: Banco or Punto (a tie makes no entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Banco won.
    Banco,
    /// Punto won.
    Punto,
}

impl Side {
    /// The side of a winner, `None` for a tie.
    pub fn of(winner: Winner) -> Option<Side> {
        match winner {
            Winner::Banco => Some(Side::Banco),
            Winner::Punto => Some(Side::Punto),
            Winner::Tie => None,
        }
    }

    /// The winner this side is.
    pub fn winner(self) -> Winner {
        match self {
            Side::Banco => Winner::Banco,
            Side::Punto => Winner::Punto,
        }
    }

    /// Both sides, Banco first, as boards show the ask cells.
    pub const BOTH: [Side; 2] = [Side::Banco, Side::Punto];
}

/// One entry of the Big Road: a Banco or Punto win and the ties dealt after it (before the
/// next win).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Who won.
    pub winner: Side,
    /// The ties counted on this entry.
    pub ties: u32,
}

/// The Big Road in logical columns, a column for each run of one winner.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BigRoad {
    leading_ties: u32,
    columns: Vec<Vec<Entry>>,
}

impl BigRoad {
    /// Ties dealt before the first Banco or Punto win.
    pub fn leading_ties(&self) -> u32 {
        self.leading_ties
    }

    /// The columns, each non-empty and of one winner, the next column of the other.
    pub fn columns(&self) -> &[Vec<Entry>] {
        &self.columns
    }

    /// The number of entries (Banco and Punto wins).
    pub fn entries(&self) -> usize {
        self.columns.iter().map(Vec::len).sum()
    }

    /// Adds one result: a win extends the last column or opens the next one; a tie is counted
    /// on the last entry (or as a leading tie). Returns the new entry's column and row.
    pub fn push(&mut self, winner: Winner) -> Option<(usize, usize)> {
        let Some(side) = Side::of(winner) else {
            match self.columns.last_mut().and_then(|column| column.last_mut()) {
                Some(entry) => entry.ties = entry.ties.saturating_add(1),
                None => self.leading_ties = self.leading_ties.saturating_add(1),
            }
            return None;
        };
        let entry = Entry {
            winner: side,
            ties: 0,
        };
        match self.columns.last_mut() {
            Some(column) if column[0].winner == side => column.push(entry),
            _ => self.columns.push(vec![entry]),
        }
        let column = self.columns.len() - 1;
        Some((column, self.columns[column].len() - 1))
    }

    /// The length of column `c`.
    fn len_of(&self, c: usize) -> usize {
        self.columns.get(c).map_or(0, Vec::len)
    }

    /// The mark the entry at column `c`, row `r` makes on the derived road of offset `k`, or
    /// `None` where that road does not mark yet. Columns before `c` must be complete.
    fn mark_at(&self, k: usize, c: usize, r: usize) -> Option<Mark> {
        self.rule_at(k, c, r).mark()
    }
}

/// A derived road's mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Red: the Big Road repeats (the columns are alike).
    Red,
    /// Blue: the Big Road breaks its pattern.
    Blue,
}

impl Mark {
    /// `R` or `B`, as the JSON string of a road writes it.
    pub fn letter(self) -> char {
        match self {
            Mark::Red => 'R',
            Mark::Blue => 'B',
        }
    }
}

/// The three roads derived from the Big Road.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Derived {
    /// Big Eye Boy: offset 1.
    BigEyeBoy,
    /// Small Road: offset 2.
    SmallRoad,
    /// Cockroach Pig: offset 3.
    CockroachPig,
}

impl Derived {
    /// The three, in the order boards show them.
    pub const ALL: [Derived; 3] = [
        Derived::BigEyeBoy,
        Derived::SmallRoad,
        Derived::CockroachPig,
    ];

    /// The columns the road looks back: 1, 2 or 3.
    pub fn offset(self) -> usize {
        match self {
            Derived::BigEyeBoy => 1,
            Derived::SmallRoad => 2,
            Derived::CockroachPig => 3,
        }
    }

    /// The road's key in JSON: `big_eye_boy`, `small_road`, `cockroach_pig`.
    pub fn key(self) -> &'static str {
        match self {
            Derived::BigEyeBoy => "big_eye_boy",
            Derived::SmallRoad => "small_road",
            Derived::CockroachPig => "cockroach_pig",
        }
    }

    fn index(self) -> usize {
        self.offset() - 1
    }
}

/// The marks each derived road would make if a result came next (`None`: no mark yet).
pub type Ask = [Option<Mark>; 3];

/// Every road of one shoe's results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roads {
    bead_plate: Vec<Winner>,
    big_road: BigRoad,
    derived: [Vec<Mark>; 3],
}

impl Roads {
    /// The roads of these results, in order.
    pub fn new(results: &[Winner]) -> Roads {
        let mut roads = Roads::default();
        for &winner in results {
            roads.push(winner);
        }
        roads
    }

    /// Adds one result to every road.
    pub fn push(&mut self, winner: Winner) {
        self.bead_plate.push(winner);
        if let Some((c, r)) = self.big_road.push(winner) {
            for road in Derived::ALL {
                if let Some(mark) = self.big_road.mark_at(road.offset(), c, r) {
                    self.derived[road.index()].push(mark);
                }
            }
        }
    }

    /// The bead plate: every result in order.
    pub fn bead_plate(&self) -> &[Winner] {
        &self.bead_plate
    }

    /// The Big Road.
    pub fn big_road(&self) -> &BigRoad {
        &self.big_road
    }

    /// A derived road's marks, in the order of the Big Road's entries.
    pub fn derived(&self, road: Derived) -> &[Mark] {
        &self.derived[road.index()]
    }

    /// The ask cells: the mark each derived road would make if `side` won the next coup.
    pub fn ask(&self, side: Side) -> Ask {
        let (c, r) = self.next_position(side);
        // The column the entry would extend is not complete, but a derived mark reads only
        // the columns before it.
        Derived::ALL.map(|derived| self.big_road.mark_at(derived.offset(), c, r))
    }

    /// The column and row the entry of a win of `side` would take next.
    fn next_position(&self, side: Side) -> (usize, usize) {
        let road = &self.big_road;
        match road.columns.last() {
            Some(column) if column[0].winner == side => (road.columns.len() - 1, column.len()),
            _ => (road.columns.len(), 0),
        }
    }
}

/// The exact probabilities of Banco, Punto and a tie on the next coup dealt from a shoe
/// holding `remaining` cards of each rank (A, 2, …, K), by the exact analysis of that
/// depleted shoe; `None` when it holds too few cards for a coup.
///
/// ```
/// use punto_banco::roads::next_coup;
/// use punto_banco::rules::Rules;
/// use punto_banco::shoe::Shoe;
///
/// let [banco, punto, tie] = next_coup(Shoe::decks(8).unwrap().counts(), &Rules::reference()).unwrap();
/// // Eight full decks: Banco 0.4586, Punto 0.4462, Tie 0.0952 (rounded).
/// assert!(banco > punto && punto > tie);
/// assert_eq!(banco + punto + tie, num_rational::BigRational::from_integer(1.into()));
/// ```
pub fn next_coup(remaining: [u64; 13], rules: &Rules) -> Option<[BigRational; 3]> {
    let shoe = Shoe::from_counts(remaining).ok()?;
    let analysis = Analysis::new(&shoe, rules).ok()?;
    Some([Winner::Banco, Winner::Punto, Winner::Tie].map(|w| analysis.probability(w)))
}
