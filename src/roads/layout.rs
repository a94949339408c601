//! How a board of a fixed number of rows draws logical columns: each column starts one
//! display column right of the one before, at the top, and goes down; when the row below is
//! past the board's bottom or already taken, it turns right and runs along its row (the
//! "dragon tail").

use std::collections::HashSet;

/// A display cell: `x` the display column, `y` the row from the top (both from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The display column.
    pub x: usize,
    /// The row, from the top.
    pub y: usize,
}

/// A board's height, in rows (casinos' boards have six).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    rows: usize,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout { rows: 6 }
    }
}

impl Layout {
    /// A board of `rows` rows (at least 1).
    pub fn new(rows: usize) -> Layout {
        Layout { rows: rows.max(1) }
    }

    /// The board's rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The display cells of columns of these lengths, column by column, entry by entry.
    ///
    /// ```
    /// use punto_banco::roads::{Cell, Layout};
    ///
    /// // Seven wins in a row on a board of six rows: the seventh turns right.
    /// let cells = Layout::default().place(&[7, 1]);
    /// assert_eq!(cells[0][6], Cell { x: 1, y: 5 });
    /// assert_eq!(cells[1][0], Cell { x: 1, y: 0 });
    /// ```
    pub fn place(&self, lengths: &[usize]) -> Vec<Vec<Cell>> {
        let mut taken: HashSet<Cell> = HashSet::new();
        let mut placed = Vec::with_capacity(lengths.len());
        let mut start = 0;
        for (i, &length) in lengths.iter().enumerate() {
            if i > 0 {
                start += 1;
            }
            // A column starts at the first free top cell (a tail along the top row can only
            // come from a board of one row).
            while taken.contains(&Cell { x: start, y: 0 }) {
                start += 1;
            }
            let mut cells = Vec::with_capacity(length);
            let mut at = Cell { x: start, y: 0 };
            let mut turned = false;
            for n in 0..length {
                if n > 0 {
                    let below = Cell {
                        x: at.x,
                        y: at.y + 1,
                    };
                    if !turned && below.y < self.rows && !taken.contains(&below) {
                        at = below;
                    } else {
                        turned = true;
                        at = Cell {
                            x: at.x + 1,
                            y: at.y,
                        };
                    }
                }
                taken.insert(at);
                cells.push(at);
            }
            placed.push(cells);
        }
        placed
    }
}
