//! Progress of long work, reported to whoever is watching, without the library drawing
//! anything: a long-running entry point takes a [`Progress`] and tells it the stage it is in,
//! how many units that stage has, and each unit done. The command line draws a bar on a
//! terminal; everyone else passes [`SILENT`].
//!
//! Units are coarse (a shoe, a row of a table, a line of a batch, a coup of a log), so that
//! reporting one costs nothing beside the work it counts. Work may run on every core, so a
//! `Progress` is `Sync` and is advanced from any thread.
//!
//! ```
//! use punto_banco::progress::{Progress, Stage};
//! use std::sync::atomic::{AtomicU64, Ordering};
//!
//! /// Counts the units done.
//! #[derive(Default)]
//! struct Count(AtomicU64);
//!
//! impl Progress for Count {
//!     fn start(&self, _stage: Stage, _total: u64) {}
//!     fn advance(&self, n: u64) {
//!         self.0.fetch_add(n, Ordering::Relaxed);
//!     }
//!     fn finish(&self) {}
//! }
//!
//! let count = Count::default();
//! count.start(Stage::Shoes, 3);
//! for _ in 0..3 {
//!     count.advance(1);
//! }
//! count.finish();
//! assert_eq!(count.0.load(Ordering::Relaxed), 3);
//! ```

/// What a long piece of work is doing: the command line names it in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// Dealing shuffled shoes and pricing every bet before every coup (`shoe-sim`); a unit
    /// is a shoe.
    Shoes,
    /// The effect of removal: a unit is one row, a rank or a card taken out (`eor`).
    Removals,
    /// Analysing the lines of a batch; a unit is a line read.
    Lines,
    /// Reading a log (`audit`, `shuffle-test`); a unit is a byte read, so that a file's size
    /// is the total.
    Log,
    /// The exact odds of a session (`session-odds`); a unit is one figure summed over every
    /// sequence of deals: a strategy's final score, a head to head, a participant's first
    /// place, or a short session's whole distribution.
    SessionFigures,
    /// The supports of Chemin de Fer's equilibria (`chemin`); a unit is a face of the
    /// strategies, each of Punto's undecided choices drawing, standing or mixed.
    Supports,
    /// The cells of Baccarat Banque's arrangement (`banque`); a unit is a vertex, an arc
    /// between two vertices, or a slab of faces between two abscissae.
    Cells,
    /// Pricing the bets of one shoe's analysis (`analyze`); a unit is a bet of the tariff,
    /// main bets included (card bets take the time).
    Bets,
}

/// Where long work reports how far it has gone. Every method has to be cheap: it is called
/// once per coarse unit, possibly from several threads at once.
pub trait Progress: Sync {
    /// A stage begins, with `total` units to do (0 when not known ahead).
    fn start(&self, stage: Stage, total: u64);
    /// `n` more units of the current stage are done.
    fn advance(&self, n: u64);
    /// The work is over (finished or failed): whatever showed it may go.
    fn finish(&self);
}

/// The progress nobody watches: every method does nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _stage: Stage, _total: u64) {}
    fn advance(&self, _n: u64) {}
    fn finish(&self) {}
}

/// The progress nobody watches, to pass where a `&dyn Progress` is asked for.
pub const SILENT: &Silent = &Silent;

/// A progress that records what it is told, for the tests of each entry point.
#[cfg(test)]
pub(crate) mod counting {
    use super::{Progress, Stage};
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// The stages started with their totals, the units done, and the finishes.
    #[derive(Default)]
    pub(crate) struct Counting {
        pub(crate) stages: Mutex<Vec<(Stage, u64)>>,
        pub(crate) units: AtomicU64,
        pub(crate) finishes: AtomicU64,
    }

    impl Counting {
        /// The units done so far.
        pub(crate) fn units(&self) -> u64 {
            self.units.load(Ordering::Relaxed)
        }

        /// How many times `finish` was called.
        pub(crate) fn finishes(&self) -> u64 {
            self.finishes.load(Ordering::Relaxed)
        }

        /// The stages started, in order, with their totals.
        pub(crate) fn stages(&self) -> Vec<(Stage, u64)> {
            self.stages.lock().unwrap().clone()
        }
    }

    impl Progress for Counting {
        fn start(&self, stage: Stage, total: u64) {
            self.stages.lock().unwrap().push((stage, total));
        }
        fn advance(&self, n: u64) {
            self.units.fetch_add(n, Ordering::Relaxed);
        }
        fn finish(&self) {
            self.finishes.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Stage;
    use super::counting::Counting;
    use crate::depletion::{Removal, effect_of_removal_with_progress};
    use crate::rules::Rules;
    use crate::shoe::Shoe;

    /// The effect of removal reports one unit for the whole shoe and one per row priced: 13
    /// by rank; by card, one per card of a kind (the reference rules read no suit, so on a
    /// suit-even shoe a rank's four cards are one kind, and with the A♥ out the hearts are a
    /// kind apart: 26); and it finishes once.
    #[test]
    fn each_removal_row_is_one_unit_of_progress() {
        let mut uneven = [1u64; 52];
        uneven[1] = 0;
        let uneven = Shoe::from_card_counts(uneven).unwrap();
        let even = Shoe::from_card_counts([1; 52]).unwrap();
        for (shoe, removal, rows) in [
            (&even, Removal::Rank, 13),
            (&even, Removal::Card, 13),
            (&uneven, Removal::Card, 26),
        ] {
            let counting = Counting::default();
            effect_of_removal_with_progress(shoe, &Rules::reference(), removal, &counting).unwrap();
            assert_eq!(counting.stages(), [(Stage::Removals, 1 + rows)]);
            assert_eq!(counting.units(), 1 + rows);
            assert_eq!(counting.finishes(), 1);
        }
    }

    /// One shoe's report, in JSON or in text, prices each bet of the tariff once and reports
    /// it: EZ Baccarat's five bets are five units, whichever the format.
    #[test]
    fn each_bet_of_an_analysis_is_one_unit_of_progress() {
        use crate::analysis::Analysis;
        use crate::render::{Format, Page, analysis::render_analysis_with_progress};
        let set =
            crate::variants::RuleSet::from_json(crate::variants::shipped("ez-baccarat").unwrap())
                .unwrap();
        let table = crate::table::NamedTable::from(set);
        let bets = table.rules.tariff.all().len() as u64;
        assert!(bets >= 4, "{bets}");
        let analysis = Analysis::new(&Shoe::decks(8).unwrap(), &table.rules).unwrap();
        for format in [Format::Json, Format::Text, Format::Markdown] {
            let counting = Counting::default();
            let page = Page::new(format, crate::lang::Lang::En);
            render_analysis_with_progress(&analysis, &table.name, &page, &counting);
            assert_eq!(counting.stages(), [(Stage::Bets, bets)], "{format:?}");
            assert_eq!(counting.units(), bets, "{format:?}");
        }
    }

    /// Chemin de Fer's search reports every face of its supports: the bimatrix game of a
    /// commission examines them all, the zero-sum game stops at its isolated equilibrium and
    /// counts the rest done; both announce `3^n` faces and finish once.
    #[test]
    fn each_face_of_chemin_is_one_unit_of_progress() {
        use crate::choices::{Draws, Game, Information};
        use num_rational::Ratio;
        let zero_sum = Game::chemin_de_fer(Information::Totals, Draws::WithReplacement);
        let commission = zero_sum.clone().with_commission(Ratio::new(1, 20)).unwrap();
        for game in [zero_sum, commission] {
            let counting = Counting::default();
            let solution = game.solve_with_progress(&counting).unwrap();
            let faces = 3u64.pow(solution.punto_contested.len() as u32);
            assert_eq!(counting.stages(), [(Stage::Supports, faces)]);
            assert_eq!(counting.units(), faces);
            assert_eq!(counting.finishes(), 1);
        }
    }

    /// Baccarat Banque's search reports each cell it decides: each vertex, each stretch of a
    /// curve between two and each slab, announced once, advanced to the total, finished once.
    #[test]
    fn each_cell_of_banque_is_one_unit_of_progress() {
        use crate::choices::banque::Banque;
        use num_rational::Ratio;
        let counting = Counting::default();
        let solution = Banque::new(Ratio::new(1, 20))
            .unwrap()
            .solve_with_progress(&counting)
            .unwrap();
        let stages = counting.stages();
        let [(Stage::Cells, total)] = stages[..] else {
            panic!("one stage of cells: {stages:?}");
        };
        // At least the vertices, arcs and slabs the solution counts (an arc or slab with no
        // rational point inside is a unit too).
        let [vertices, arcs, _faces] = solution.cells;
        assert!(
            total > (vertices + arcs) as u64,
            "{total} {:?}",
            solution.cells
        );
        assert_eq!(counting.units(), total);
        assert_eq!(counting.finishes(), 1);
    }
}
