//! Depleted shoes: the exact effect of removing one card of each rank, and shoes dealt to a
//! cut card with the exact edge of every bet computed before every coup.

use crate::analysis::Analysis;
use crate::card::Rank;
use crate::dealer::Dealer;
use crate::render::summary::{Count, distributions};
use crate::rules::Rules;
use crate::shoe::{Shoe, ShoeError};
use crate::tally::FinalState;
use num_rational::BigRational;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// The effect of removal: each bet's exact edge in the shoe, and its change when one card of
/// each rank is taken out.
#[derive(Debug, Clone)]
pub struct EffectOfRemoval {
    /// The bets, by key, in the tariff's order.
    pub bets: Vec<String>,
    /// Each bet's edge in the full shoe.
    pub base: Vec<BigRational>,
    /// For each rank A to K: each bet's change of edge when one card of that rank is removed,
    /// or `None` when the shoe holds no card of it.
    pub by_rank: Vec<(Rank, Option<Vec<BigRational>>)>,
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
    pub shoes: u64,
    pub seed: u64,
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
    /// The sum of the player's advantage (minus the edge) over those coups, in units staked.
    pub advantage: f64,
    /// The largest advantage seen.
    pub best: f64,
}

/// The result of a shoe simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    pub bets: Vec<String>,
    pub shoes: u64,
    pub coups: u64,
    pub records: Vec<BetRecord>,
}

impl Simulation {
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

/// Each bet's exact expected net in a shoe, as an `f64` and whether it is above zero, from
/// the fast engine and exact 128-bit sums.
fn expected_nets(shoe: &Shoe, rules: &Rules) -> Vec<(bool, f64)> {
    let weights = crate::fast::fast::<u64>(shoe, &rules.drawing).map(u128::from);
    let states: Vec<(FinalState, &u128)> = weights
        .iter()
        .enumerate()
        .filter(|(_, w)| **w != 0)
        .map(|(i, w)| (FinalState::from_index(i), w))
        .collect();
    let total: u128 = weights.iter().sum();
    distributions(&states, &total, shoe, rules)
        .into_iter()
        .map(|(_, distribution, over)| {
            let (exact, value) =
                Count::weighted(&distribution, &over).expect("eight-deck figures fit in 128 bits");
            let positive = !exact.starts_with('-') && !exact.starts_with("0/");
            (positive, value)
        })
        .collect()
}

/// One shoe dealt to the cut card: for each bet, its record over the coups of this shoe.
fn one_shoe(setup: &SimulationSetup, rules: &Rules, index: u64) -> (u64, Vec<BetRecord>) {
    // Every shoe has its own stream of the seeded generator, so the result does not depend
    // on which thread deals which shoe.
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    rng.set_stream(index);
    let mut dealer = Dealer::shuffled(setup.n_decks, &mut rng);
    let mut records = vec![BetRecord::default(); rules.tariff.all().len()];
    let mut coups = 0;
    while dealer.remaining().len() > setup.cut.max(5) {
        let mut counts = [0u64; 13];
        for card in dealer.remaining() {
            counts[card.rank.index()] += 1;
        }
        let shoe = Shoe::from_counts(counts).expect("counts of a real shoe");
        for (record, (positive, value)) in records.iter_mut().zip(expected_nets(&shoe, rules)) {
            if positive {
                record.favourable += 1;
                record.advantage += value;
                record.best = record.best.max(value);
            }
        }
        if dealer.deal_coup(&rules.drawing).is_none() {
            break;
        }
        coups += 1;
    }
    (coups, records)
}

/// Deals `setup.shoes` shuffled shoes on every core, computing every bet's exact edge before
/// every coup. `progress` is called with the number of shoes done, now and then.
pub fn simulate(
    setup: &SimulationSetup,
    rules: &Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> Simulation {
    let done = std::sync::atomic::AtomicU64::new(0);
    let per_shoe: Vec<(u64, Vec<BetRecord>)> = (0..setup.shoes)
        .into_par_iter()
        .map(|index| {
            let result = one_shoe(setup, rules, index);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if finished.is_multiple_of(100) || finished == setup.shoes {
                progress(finished);
            }
            result
        })
        .collect();
    // Summed in shoe order, so the floating-point totals are the same on every run.
    let bets: Vec<String> = rules
        .tariff
        .all()
        .iter()
        .map(|(k, _)| k.to_string())
        .collect();
    let mut records = vec![BetRecord::default(); bets.len()];
    let mut coups = 0;
    for (shoe_coups, shoe_records) in per_shoe {
        coups += shoe_coups;
        for (total, r) in records.iter_mut().zip(shoe_records) {
            total.favourable += r.favourable;
            total.advantage += r.advantage;
            total.best = total.best.max(r.best);
        }
    }
    Simulation {
        bets,
        shoes: setup.shoes,
        coups,
        records,
    }
}
