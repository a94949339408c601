//! Old paths kept for callers being rewired: the enumerator and the naive walk now live in
//! [`crate::reference`], the opening totals and the cells' reach in [`crate::engine`].

pub use crate::engine::{Reach, cell_reach, opening_totals};
pub use crate::reference::{exact_tally, naive_tally};
