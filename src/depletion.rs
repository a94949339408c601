//! Depleted shoes: the exact effect of removing one card of each rank, and shoes dealt to a
//! cut card with the exact edge of every bet computed before every coup.
//!
//! The simulation is exact coup by coup (each edge an exact fraction, from the fast engine in
//! the narrowest ring that holds the shoe) but it adds up in `f64`: each favourable coup's
//! exact expected net is rounded to the nearest `f64` and summed into [`BetRecord::advantage`],
//! in coup order within a shoe and in shoe order across shoes, so that the same setup gives
//! the same bits on any number of threads. Those sums, and the averages and gains derived from
//! them, are the one place outside rendering and `oracle::fit` where floating point is
//! accumulated; the counts of coups are exact integers.

use crate::analysis::Analysis;
use crate::card::Rank;
use crate::dealer::Dealer;
use crate::rules::Rules;
use crate::shoe::{Shoe, ShoeError};
use num_rational::BigRational;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// The effect of removal: each bet's exact edge in the shoe, and its change when one card of
/// each rank is taken out.
#[derive(Debug, Clone)]
pub struct EffectOfRemoval {
    /// The bets, by key, in the tariff's order.
    bets: Vec<String>,
    /// Each bet's edge in the full shoe.
    base: Vec<BigRational>,
    /// For each rank A to K: each bet's change of edge when one card of that rank is removed,
    /// or `None` when the shoe holds no card of it.
    by_rank: Vec<(Rank, Option<Vec<BigRational>>)>,
}

impl EffectOfRemoval {
    /// The bets, by key, in the tariff's order.
    pub fn bets(&self) -> &[String] {
        &self.bets
    }

    /// Each bet's edge in the full shoe, in the order of [`bets`](Self::bets).
    pub fn base(&self) -> &[BigRational] {
        &self.base
    }

    /// For each rank A to K: each bet's change of edge when one card of it is removed, or `None`.
    pub fn by_rank(&self) -> &[(Rank, Option<Vec<BigRational>>)] {
        &self.by_rank
    }
}

fn edges(shoe: &Shoe, rules: &Rules) -> Result<Vec<BigRational>, ShoeError> {
    let analysis = Analysis::new(shoe, rules)?;
    Ok(rules
        .tariff
        .all()
        .iter()
        .map(|(_, terms)| analysis.edge_of(terms))
        .collect())
}

/// The exact effect of removing one card of each rank from `shoe` on every bet of `rules`.
pub fn effect_of_removal(shoe: &Shoe, rules: &Rules) -> Result<EffectOfRemoval, ShoeError> {
    let base = edges(shoe, rules)?;
    let mut by_rank = Vec::with_capacity(13);
    for rank in Rank::ALL {
        let mut smaller = shoe.clone();
        let removed = crate::card::Card::new(rank, crate::card::Suit::Spades);
        // No effect to report for a rank the shoe lacks, or when one card fewer cannot finish a coup.
        let changes = match smaller
            .remove(removed)
            .ok()
            .and(smaller.check_playable().ok())
        {
            None => None,
            Some(()) => Some(
                edges(&smaller, rules)?
                    .iter()
                    .zip(&base)
                    .map(|(after, before)| after - before)
                    .collect(),
            ),
        };
        by_rank.push((rank, changes));
    }
    Ok(EffectOfRemoval {
        bets: rules
            .tariff
            .all()
            .iter()
            .map(|(k, _)| k.to_string())
            .collect(),
        base,
        by_rank,
    })
}

/// How a shoe simulation deals.
#[derive(Debug, Clone)]
pub struct SimulationSetup {
    /// How many shoes to deal; any number, memory does not grow with it.
    pub shoes: u64,
    /// The seed of the shuffles: the same seed deals the same shoes.
    pub seed: u64,
    /// Decks per shoe, 1 to [`Dealer::MAX_DECKS`].
    pub n_decks: u64,
    /// Cards left behind the cut card: dealing stops when no more than this many remain.
    pub cut: usize,
    /// The rule set's name, for the report.
    pub rules: String,
}

/// What happened to one bet over the simulated shoes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BetRecord {
    /// Coups before which the bet was favourable (its exact edge below zero).
    pub favourable: u64,
    /// The sum of the player's advantage (minus the edge) over those coups, in units staked:
    /// each coup's exact advantage rounded to `f64`, added up in `f64` in coup and shoe order.
    pub advantage: f64,
    /// The largest advantage seen, the `f64` nearest the exact one.
    pub best: f64,
}

/// The result of a shoe simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    /// The bets, by key, in the tariff's order.
    bets: Vec<String>,
    /// How many shoes were dealt.
    shoes: u64,
    /// How many coups were dealt over them.
    coups: u64,
    /// Each bet's record, in the order of `bets`.
    records: Vec<BetRecord>,
}

/// A simulation that cannot be run, or whose counts would not fit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SimulationError {
    /// The shoe cannot be dealt.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// A cut card outside [`cut_range`]: too few cards behind it for the last coup's
    /// exhaustion rule, or fewer than a coup's six in front of it.
    #[error("cut is `{cut}`: expected a whole number from {low} to {high} (cards left behind the cut card in a shoe of {n_decks} decks)", low = cut_range(*n_decks).start(), high = cut_range(*n_decks).end())]
    Cut {
        /// The cut asked for.
        cut: u64,
        /// The decks of the shoe.
        n_decks: u64,
    },
    /// A count of the simulation would pass `u64::MAX`.
    #[error("the count of {what} would pass {max}, the most a simulation counts", max = u64::MAX)]
    CountOverflow {
        /// What was being counted.
        what: String,
    },
}

impl Simulation {
    /// The bets, by key, in the tariff's order.
    pub fn bets(&self) -> &[String] {
        &self.bets
    }

    /// How many shoes were dealt.
    pub fn shoes(&self) -> u64 {
        self.shoes
    }

    /// How many coups were dealt over them.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// Each bet's record, in the order of [`bets`](Self::bets).
    pub fn records(&self) -> &[BetRecord] {
        &self.records
    }

    /// Each bet's key paired with its record, in the tariff's order.
    pub fn bet_records(&self) -> impl Iterator<Item = (&str, &BetRecord)> {
        self.bets.iter().map(String::as_str).zip(&self.records)
    }

    /// How often a bet was favourable, over all coups.
    pub fn frequency(&self, bet: usize) -> f64 {
        self.records[bet].favourable as f64 / self.coups.max(1) as f64
    }

    /// The average advantage when favourable, in units staked.
    pub fn average_advantage(&self, bet: usize) -> f64 {
        let r = &self.records[bet];
        if r.favourable == 0 {
            0.0
        } else {
            r.advantage / r.favourable as f64
        }
    }

    /// The expected gain per shoe of staking one unit on the bet exactly when it is favourable.
    pub fn gain_per_shoe(&self, bet: usize) -> f64 {
        self.records[bet].advantage / self.shoes.max(1) as f64
    }
}

/// Each bet's exact expected net in a playable shoe, as the nearest `f64` and whether it is
/// above zero: the analysis of the shoe by the engine's proven entry, in the narrowest integer
/// type that holds it; the fractions are reduced in 128 bits when they fit, in big integers
/// otherwise. Every path is exact.
fn expected_nets(shoe: &Shoe, rules: &Rules) -> Vec<(bool, f64)> {
    Analysis::new(shoe, rules)
        .expect("the simulation deals only from playable shoes")
        .expected_nets()
        .iter()
        .map(|net| (net.is_positive(), net.decimal()))
        .collect()
}

/// One shoe dealt to the cut card: the coups dealt and, for each bet, its record over them.
fn one_shoe(
    setup: &SimulationSetup,
    rules: &Rules,
    index: u64,
) -> Result<(u64, Vec<BetRecord>), SimulationError> {
    // Every shoe has its own stream of the seeded generator, so the result does not depend
    // on which thread deals which shoe.
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    rng.set_stream(index);
    let mut dealer = Dealer::try_shuffled(setup.n_decks, &mut rng)?;
    // The composition of what is left, kept up to date as cards are dealt.
    let mut counts = [4 * setup.n_decks; 13];
    let mut records = vec![BetRecord::default(); rules.tariff.all().len()];
    let mut coups = 0u64;
    while dealer.remaining().len() > setup.cut.max(5) {
        let shoe = Shoe::from_counts(counts)?;
        for (record, (positive, value)) in records.iter_mut().zip(expected_nets(&shoe, rules)) {
            if positive {
                record.favourable += 1;
                record.advantage += value;
                record.best = record.best.max(value);
            }
        }
        let Some(coup) = dealer.deal_coup(&rules.drawing) else {
            break;
        };
        for card in coup.punto.iter().chain(&coup.banco) {
            counts[card.rank.index()] -= 1;
        }
        coups += 1;
    }
    Ok((coups, records))
}

/// Shoes dealt at a time: their records are gathered, then added up in shoe order, so memory
/// stays the same however many shoes are dealt.
const SHOES_PER_CHUNK: u64 = 4096;

/// Deals `setup.shoes` shuffled shoes on every core, computing every bet's exact edge before
/// every coup. `progress` is called with the number of shoes done, now and then.
///
/// Memory does not depend on the number of shoes; the same setup gives the same result, to the
/// last bit, on any number of threads. An error when the decks are not 1 to
/// [`Dealer::MAX_DECKS`], or when a count would pass `u64::MAX`.
pub fn try_simulate(
    setup: &SimulationSetup,
    rules: &Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Simulation, SimulationError> {
    simulate_in_chunks(setup, rules, progress, SHOES_PER_CHUNK)
}

/// The cut card positions a shoe of `n_decks` decks accepts (cards left behind it): at
/// least five, and at most the shoe less the six cards of one coup.
pub fn cut_range(n_decks: u64) -> std::ops::RangeInclusive<u64> {
    5..=(52 * n_decks).saturating_sub(6)
}

/// Refuses a cut card outside [`cut_range`].
pub fn check_cut(cut: u64, n_decks: u64) -> Result<(), SimulationError> {
    if cut_range(n_decks).contains(&cut) {
        Ok(())
    } else {
        Err(SimulationError::Cut { cut, n_decks })
    }
}

/// [`try_simulate`], dealing `shoes_per_chunk` shoes at a time (at least one).
fn simulate_in_chunks(
    setup: &SimulationSetup,
    rules: &Rules,
    progress: &(dyn Fn(u64) + Sync),
    shoes_per_chunk: u64,
) -> Result<Simulation, SimulationError> {
    if setup.n_decks == 0 {
        return Err(ShoeError::NoDecks(0).into());
    }
    if setup.n_decks > Dealer::MAX_DECKS {
        return Err(ShoeError::TooManyDecks {
            decks: setup.n_decks,
            max: Dealer::MAX_DECKS,
        }
        .into());
    }
    check_cut(setup.cut as u64, setup.n_decks)?;
    let bets: Vec<String> = rules
        .tariff
        .all()
        .iter()
        .map(|(k, _)| k.to_string())
        .collect();
    let mut records = vec![BetRecord::default(); bets.len()];
    let mut coups = 0u64;
    let overflow = |what: &str| SimulationError::CountOverflow { what: what.into() };
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut first = 0;
    while first < setup.shoes {
        let end = first + (setup.shoes - first).min(shoes_per_chunk.max(1));
        // Shoes of a chunk are dealt on every core with the `parallel` feature, in turn
        // without it; each has its own generator, so the results are the same.
        #[cfg(feature = "parallel")]
        let indices = (first..end).into_par_iter();
        #[cfg(not(feature = "parallel"))]
        let indices = first..end;
        let chunk: Vec<(u64, Vec<BetRecord>)> = indices
            .map(|index| {
                let result = one_shoe(setup, rules, index);
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if finished.is_multiple_of(100) || finished == setup.shoes {
                    progress(finished);
                }
                result
            })
            .collect::<Result<_, _>>()?;
        // Added in shoe order, so the floating-point totals are the same on every run.
        for (shoe_coups, shoe_records) in chunk {
            coups = coups
                .checked_add(shoe_coups)
                .ok_or_else(|| overflow("coups"))?;
            for ((total, r), key) in records.iter_mut().zip(shoe_records).zip(&bets) {
                total.favourable = total
                    .favourable
                    .checked_add(r.favourable)
                    .ok_or_else(|| overflow(&format!("coups favourable to {key}")))?;
                total.advantage += r.advantage;
                total.best = total.best.max(r.best);
            }
        }
        first = end;
    }
    Ok(Simulation {
        bets,
        shoes: setup.shoes,
        coups,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunks change when records are gathered, never what is added up or in which order: any
    /// chunking gives the same bits, one chunk for all the shoes included (how every run was
    /// dealt before chunks).
    #[test]
    fn the_result_does_not_depend_on_the_chunks() {
        let rules = Rules::reference();
        let setup = SimulationSetup {
            shoes: 60,
            seed: 4,
            n_decks: 1,
            cut: 20,
            rules: "reference".into(),
        };
        let whole = simulate_in_chunks(&setup, &rules, &|_| {}, 60).unwrap();
        for chunk in [1, 7, 59, SHOES_PER_CHUNK] {
            let chunked = simulate_in_chunks(&setup, &rules, &|_| {}, chunk).unwrap();
            assert_eq!(chunked, whole, "{chunk}");
            for (a, b) in chunked.records.iter().zip(&whole.records) {
                assert_eq!(a.advantage.to_bits(), b.advantage.to_bits());
            }
        }
        assert!(whole.records.iter().any(|r| r.favourable > 0));
    }

    /// Each edge before a coup is the exact analysis's, in every regime of the engine: u64
    /// (8 decks), u128 (100 decks; 40,000 decks, whose fractions need big integers), big
    /// integers (60,000 decks).
    #[test]
    fn expected_nets_are_the_exact_analysis_in_every_ring() {
        use num_traits::{Signed, ToPrimitive};
        let rules = crate::variants::RuleSet::from_json(
            crate::variants::shipped("side-bets").expect("a shipped variant"),
        )
        .expect("a valid rule set")
        .into_rules();
        for n_decks in [8, 100, 40_000, 60_000] {
            let mut counts = [4 * n_decks; 13];
            counts[Rank::Nine.index()] -= 3;
            let shoe = Shoe::from_counts(counts).unwrap();
            let analysis = Analysis::new(&shoe, &rules).unwrap();
            let nets = expected_nets(&shoe, &rules);
            for ((_, terms), (positive, value)) in rules.tariff.all().iter().zip(nets) {
                let exact = analysis.expected_net_of(terms);
                assert_eq!(positive, exact.is_positive(), "{n_decks}");
                let nearest = exact.to_f64().unwrap();
                assert!(
                    (value - nearest).abs() <= nearest.abs() * 1e-15,
                    "{n_decks}"
                );
            }
        }
    }
}
