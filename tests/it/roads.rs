//! The roads against a deliberately naive second reading of their rules, on every sequence
//! of results up to ten coups and on longer random ones, and against examples worked by
//! hand from the rules as published (the Wizard of Odds' "Baccarat Score Boards").

use proptest::prelude::*;
use punto_banco::Winner::{self, Banco, Punto, Tie};
use punto_banco::roads::{Cell, Derived, Layout, Mark, Roads, Side};
use std::collections::HashSet;

/// The naive Big Road: the set of occupied logical cells (column, row), and the cell of each
/// Banco or Punto result in order, built by walking the results with a pen.
struct Grid {
    cells: HashSet<(usize, usize)>,
    order: Vec<(usize, usize)>,
    ties_on: Vec<u32>,
    leading: u32,
}

fn grid(results: &[Winner]) -> Grid {
    let mut g = Grid {
        cells: HashSet::new(),
        order: Vec::new(),
        ties_on: Vec::new(),
        leading: 0,
    };
    let mut last: Option<Winner> = None;
    let (mut col, mut row) = (0usize, 0usize);
    for &w in results {
        if w == Tie {
            match g.ties_on.last_mut() {
                Some(t) => *t += 1,
                None => g.leading += 1,
            }
            continue;
        }
        match last {
            None => (col, row) = (0, 0),
            Some(l) if l == w => row += 1,
            Some(_) => (col, row) = (col + 1, 0),
        }
        last = Some(w);
        g.cells.insert((col, row));
        g.order.push((col, row));
        g.ties_on.push(0);
    }
    g
}

/// The naive derived road of offset `k`: marking starts at the first entry to reach cell
/// (k, 1) or (k + 1, 0); a new column compares the two columns before it cell by cell; an
/// entry further down asks whether the column k back has a cell at its row ("it repeats":
/// red), else whether it has one just above (it has just ended: blue), else red (it ended
/// long ago: "straight drop").
fn naive_road(results: &[Winner], k: usize) -> Vec<Mark> {
    let g = grid(results);
    let start = g
        .order
        .iter()
        .position(|&cell| cell == (k, 1) || cell == (k + 1, 0));
    let Some(start) = start else {
        return Vec::new();
    };
    let has = |c: usize, r: usize| g.cells.contains(&(c, r));
    g.order[start..]
        .iter()
        .map(|&(c, r)| {
            if r == 0 {
                let (a, b) = (c - 1, c - 1 - k);
                let same = (0..=results.len()).all(|n| has(a, n) == has(b, n));
                if same { Mark::Red } else { Mark::Blue }
            } else if has(c - k, r) {
                Mark::Red
            } else if has(c - k, r - 1) {
                Mark::Blue
            } else {
                Mark::Red
            }
        })
        .collect()
}

/// Every sequence of `n` results.
fn all_sequences(n: usize) -> impl Iterator<Item = Vec<Winner>> {
    (0..3usize.pow(n as u32)).map(move |mut code| {
        (0..n)
            .map(|_| {
                let w = [Banco, Punto, Tie][code % 3];
                code /= 3;
                w
            })
            .collect()
    })
}

/// The roads agree with the naive reading: the bead plate, the Big Road's cells and ties,
/// each derived road and each ask cell (the naive ask is the mark the road makes when the
/// result is dealt).
fn agree(results: &[Winner]) -> Result<(), String> {
    let roads = Roads::new(results);
    if roads.bead_plate() != results {
        return Err(format!("{results:?}: bead plate"));
    }
    let g = grid(results);
    let big = roads.big_road();
    let mut order = Vec::new();
    let mut ties = Vec::new();
    for (c, column) in big.columns().iter().enumerate() {
        for (r, entry) in column.iter().enumerate() {
            order.push((c, r));
            ties.push(entry.ties);
            if entry.winner != big.columns()[c][0].winner {
                return Err(format!("{results:?}: a column of two winners"));
            }
        }
    }
    if order != g.order || ties != g.ties_on || big.leading_ties() != g.leading {
        return Err(format!("{results:?}: big road"));
    }
    for road in Derived::ALL {
        let naive = naive_road(results, road.offset());
        if roads.derived(road) != naive {
            return Err(format!(
                "{results:?}: {}: {:?} against naive {naive:?}",
                road.key(),
                roads.derived(road)
            ));
        }
    }
    for side in Side::BOTH {
        let mut next = results.to_vec();
        next.push(side.winner());
        let asked = roads.ask(side);
        for road in Derived::ALL {
            let (before, after) = (
                naive_road(results, road.offset()),
                naive_road(&next, road.offset()),
            );
            let naive = (after.len() > before.len()).then(|| after[after.len() - 1]);
            if asked[road.offset() - 1] != naive {
                return Err(format!("{results:?}: ask {side:?} {}", road.key()));
            }
        }
    }
    Ok(())
}

#[test]
fn every_sequence_up_to_ten_coups_agrees_with_the_naive_reading() {
    let mut checked = 0;
    for n in 0..=10 {
        for results in all_sequences(n) {
            agree(&results).unwrap();
            checked += 1;
        }
    }
    // 3⁰ + 3¹ + … + 3¹⁰.
    assert_eq!(checked, 88_573);
}

proptest! {
    #[test]
    fn long_shoes_agree_with_the_naive_reading(codes in prop::collection::vec(0usize..3, 0..120)) {
        let results: Vec<Winner> = codes.iter().map(|&c| [Banco, Punto, Tie][c]).collect();
        prop_assert_eq!(agree(&results), Ok(()));
    }

    /// Whatever the columns, the layout puts each entry in its own cell on the board, a
    /// column's cells one step down or right of each other, and a column's first cell right
    /// of the column before's first.
    #[test]
    fn the_layout_never_overlaps(lengths in prop::collection::vec(1usize..15, 0..40), rows in 1usize..8) {
        let placed = Layout::new(rows).place(&lengths);
        let mut seen = HashSet::new();
        let mut first_x = None;
        for (column, length) in placed.iter().zip(&lengths) {
            prop_assert_eq!(column.len(), *length);
            if let Some(x) = first_x {
                prop_assert!(column[0].x > x);
            }
            first_x = Some(column[0].x);
            for (i, cell) in column.iter().enumerate() {
                prop_assert!(cell.y < rows);
                prop_assert!(seen.insert(*cell), "{cell:?} twice");
                if i > 0 {
                    let before = column[i - 1];
                    let down = cell.x == before.x && cell.y == before.y + 1;
                    let right = cell.y == before.y && cell.x == before.x + 1;
                    prop_assert!(down || right);
                }
            }
        }
    }
}

fn parse(text: &str) -> Vec<Winner> {
    text.chars()
        .map(|c| match c {
            'B' => Banco,
            'P' => Punto,
            _ => Tie,
        })
        .collect()
}

fn marks(text: &str) -> Vec<Mark> {
    text.chars()
        .map(|c| if c == 'R' { Mark::Red } else { Mark::Blue })
        .collect()
}

/// Worked by hand from the rules as the Wizard of Odds' "Baccarat Score Boards" states them.
/// Results B B P B B B P P B: columns BB, P, BBB, PP, B (lengths 2, 1, 3, 2, 1).
/// Big Eye Boy (k = 1) starts at column 1, row 1 or column 2, row 0:
/// - column 2, row 0: columns 1 and 0 are 1 and 2 long: blue;
/// - column 2, row 1: column 1 has 1 entry, exactly the row: blue;
/// - column 2, row 2: column 1 has 1 entry, fewer than 2 ("straight drop"): red;
/// - column 3, row 0: columns 2 and 1 (3, 1): blue; row 1: column 2 reaches row 1: red;
/// - column 4, row 0: columns 3 and 2 (2, 3): blue.
///
/// Small Road (k = 2) starts at column 2, row 1: column 0 reaches row 1: red; row 2: column
/// 0 has exactly 2: blue; column 3, row 0: columns 2 and 0 (3, 2): blue; row 1: column 1 has
/// exactly 1: blue; column 4, row 0: columns 3 and 1 (2, 1): blue.
///
/// Cockroach Pig (k = 3) starts at column 3, row 1: column 0 reaches row 1: red; column 4,
/// row 0: columns 3 and 0 (2, 2): red.
#[test]
fn a_shoe_worked_by_hand() {
    let roads = Roads::new(&parse("BBPBBBPPB"));
    let lengths: Vec<usize> = roads.big_road().columns().iter().map(Vec::len).collect();
    assert_eq!(lengths, [2, 1, 3, 2, 1]);
    assert_eq!(roads.derived(Derived::BigEyeBoy), marks("BBRBRB"));
    assert_eq!(roads.derived(Derived::SmallRoad), marks("RBBBB"));
    assert_eq!(roads.derived(Derived::CockroachPig), marks("RR"));
    // Ask: a Banco next extends column 4 to row 1: Big Eye Boy finds column 3 (2 long)
    // reaching row 1: red; Small Road finds column 2 (3 long): red; Cockroach Pig column 1
    // (1 long, exactly the row): blue. A Punto next opens column 5 comparing columns 4 and
    // 3 (1, 2): blue; 4 and 2 (1, 3): blue; 4 and 1 (1, 1): red.
    assert_eq!(
        roads.ask(Side::Banco),
        [Some(Mark::Red), Some(Mark::Red), Some(Mark::Blue)]
    );
    assert_eq!(
        roads.ask(Side::Punto),
        [Some(Mark::Blue), Some(Mark::Blue), Some(Mark::Red)]
    );
}

/// Ties: before the first win they are leading ties; after a win they are counted on it,
/// a tie after a tie too; they make no entry, so no derived mark.
#[test]
fn ties_are_counted_on_the_entry_before() {
    let roads = Roads::new(&parse("TTBTTPT"));
    assert_eq!(roads.big_road().leading_ties(), 2);
    let columns = roads.big_road().columns();
    assert_eq!((columns[0][0].ties, columns[1][0].ties), (2, 1));
    assert_eq!(roads.big_road().entries(), 2);
    assert_eq!(roads.derived(Derived::BigEyeBoy), []);
    // No road marks before its start: on an empty board no ask cell shows.
    assert_eq!(Roads::new(&[]).ask(Side::Banco), [None, None, None]);
}

/// The dragon tail: a run of eight on a board of six rows turns right at the bottom, and the
/// next column, finding the tail below it, turns right one row higher.
#[test]
fn the_dragon_tail_turns_right() {
    let placed = Layout::default().place(&[8, 6, 1]);
    let cell = |x, y| Cell { x, y };
    assert_eq!(placed[0][5..], [cell(0, 5), cell(1, 5), cell(2, 5)]);
    assert_eq!(placed[1][4..], [cell(1, 4), cell(2, 4)]);
    assert_eq!(placed[2], [cell(2, 0)]);
}
