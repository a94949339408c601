//! Dealing the shoes: one shoe to the cut card, the running totals of a chunk of shoes, and
//! the run over all of them, in chunks and on threads.

use super::priced::walk;
use super::pricing::{Count, Numerator, Priced, Pricing, sequences};
use super::setup::{Shards, SimulationError, SimulationSetup};
use super::totals::{BetRecord, Profile, Simulation};
use crate::progress::{Progress, Stage};
use crate::rules::Rules;
use crate::shoe::Shoe;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::collections::BTreeMap;

/// One shoe's favourable coups: for each bet, the cards left before each of them and the
/// numerator of its exact expected net then.
pub(super) struct ShoeTally {
    pub(super) coups: u64,
    favourable: Vec<Vec<(u64, Count)>>,
    /// The cards left before each coup.
    cards_left: Vec<u64>,
}

/// One shoe dealt to the cut card: the coups dealt and, for each bet, its favourable coups.
pub(super) fn one_shoe(
    setup: &SimulationSetup,
    pricing: &Pricing,
    full_shoe: &[Numerator],
    index: u64,
) -> Result<ShoeTally, SimulationError> {
    let mut favourable = vec![Vec::new(); pricing.bets];
    let mut cards_left = Vec::new();
    let coups = walk(setup, pricing, index, Some(full_shoe), &mut |coup| {
        let n = coup.cards_left().len();
        for (bet, numerator) in coup.numerators().iter().enumerate() {
            if let Some(count) = numerator.clone().positive() {
                favourable[bet].push((n, count));
            }
        }
        cards_left.push(n);
    })?;
    Ok(ShoeTally {
        coups,
        favourable,
        cards_left,
    })
}

/// Favourable coups gathered by the number of cards left before them, whose expected nets
/// share a denominator: each group's numerators add up as integers, and only the groups
/// become fractions.
struct Running {
    favourable: u64,
    /// By band of the profile: favourable coups and the exact sum of their advantage.
    bands: Vec<(u64, BigRational)>,
    /// By cards left: the sum of the numerators.
    by_cards: BTreeMap<u64, Count>,
    /// The best so far: cards left and numerator.
    best: Option<(u64, Count)>,
    sum: BigRational,
}

/// Groups held before they are added into the exact sum, so that memory stays bounded
/// whatever the shoe's size.
const MAX_GROUPS: usize = 1 << 16;

impl Running {
    pub(super) fn new(bands: usize) -> Running {
        Running {
            favourable: 0,
            bands: vec![(0, BigRational::zero()); bands],
            by_cards: BTreeMap::new(),
            best: None,
            sum: BigRational::zero(),
        }
    }

    fn add(&mut self, priced: &Priced, profile: &Profile, n: u64, numerator: Count) -> Option<()> {
        self.favourable = self.favourable.checked_add(1)?;
        let band = &mut self.bands[profile.index(n)].0;
        *band = band.checked_add(1)?;
        // a/d(n) > b/d(m) exactly when a·d(m) > b·d(n); the bet's scale cancels.
        let better = self.best.as_ref().is_none_or(|(m, best)| {
            numerator.to_biguint() * sequences(*m) > best.to_biguint() * sequences(n)
        });
        if better {
            self.best = Some((n, numerator.clone()));
        }
        match self.by_cards.get_mut(&n) {
            Some(sum) => sum.add(&numerator),
            None => {
                self.by_cards.insert(n, numerator);
            }
        }
        if self.by_cards.len() >= MAX_GROUPS {
            self.flush(priced, profile);
        }
        Some(())
    }

    /// Adds the groups into the exact sum, and each into its band's.
    fn flush(&mut self, priced: &Priced, profile: &Profile) {
        for (n, numerator) in std::mem::take(&mut self.by_cards) {
            let value = BigRational::new(
                BigInt::from(numerator.to_biguint()),
                BigInt::from(priced.denominator(n)),
            );
            self.bands[profile.index(n)].1 += &value;
            self.sum += value;
        }
    }

    /// The bet's record, and its favourable coups and advantage by band.
    fn finish(
        mut self,
        priced: &Priced,
        profile: &Profile,
    ) -> (BetRecord, Vec<(u64, BigRational)>) {
        self.flush(priced, profile);
        let record = BetRecord {
            favourable: self.favourable,
            advantage: self.sum,
            best: self.best.map(|(n, numerator)| {
                BigRational::new(
                    BigInt::from(numerator.to_biguint()),
                    BigInt::from(priced.denominator(n)),
                )
            }),
        };
        (record, self.bands)
    }
}

/// Shoes dealt at a time: their favourable coups are gathered, then added up, so memory
/// stays the same however many shoes are dealt.
pub(super) const SHOES_PER_CHUNK: u64 = 4096;

/// Deals `setup.shoes` shuffled shoes on every core, computing every bet's exact edge before
/// every coup. `progress` is called with the number of shoes done, now and then.
///
/// Memory does not depend on the number of shoes; the totals are exact, so the same setup
/// gives the same result on any number of threads. An error when the decks are not 1 to
/// [`crate::dealer::Dealer::MAX_DECKS`], or when a count would pass `u64::MAX`.
pub fn try_simulate(
    setup: &SimulationSetup,
    rules: &Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Simulation, SimulationError> {
    try_simulate_shards(setup, rules, Shards::WHOLE, progress)
}

/// Deals the shoes of `shards` of the run `setup` describes ([`Shards::shoes`]), as
/// [`try_simulate`] deals them all: the same shoes get the same figures, so the shards'
/// simulations merged ([`Simulation::merged`]) are the whole run's exactly. `progress` is
/// called with the number of the shards' shoes done.
pub fn try_simulate_shards(
    setup: &SimulationSetup,
    rules: &Rules,
    shards: Shards,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Simulation, SimulationError> {
    let every_hundred = EveryHundred {
        call: progress,
        done: std::sync::atomic::AtomicU64::new(0),
        total: std::sync::atomic::AtomicU64::new(0),
    };
    simulate_in_chunks(setup, rules, shards, &every_hundred, SHOES_PER_CHUNK)
}

/// [`try_simulate_shards`], telling `progress` of each shoe dealt ([`Stage::Shoes`], one
/// unit a shoe) and finishing it when the run ends, well or not.
pub fn try_simulate_shards_with_progress(
    setup: &SimulationSetup,
    rules: &Rules,
    shards: Shards,
    progress: &dyn Progress,
) -> Result<Simulation, SimulationError> {
    simulate_in_chunks(setup, rules, shards, progress, SHOES_PER_CHUNK)
}

/// The older progress of [`try_simulate`]: a function called with the shoes done, every
/// hundred shoes and at the last.
struct EveryHundred<'a> {
    call: &'a (dyn Fn(u64) + Sync),
    done: std::sync::atomic::AtomicU64,
    total: std::sync::atomic::AtomicU64,
}

impl Progress for EveryHundred<'_> {
    fn start(&self, _stage: Stage, total: u64) {
        self.total
            .store(total, std::sync::atomic::Ordering::Relaxed);
    }
    fn advance(&self, n: u64) {
        let finished = self.done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
        if finished.is_multiple_of(100)
            || finished == self.total.load(std::sync::atomic::Ordering::Relaxed)
        {
            (self.call)(finished);
        }
    }
    fn finish(&self) {}
}

/// [`try_simulate_shards`], dealing `shoes_per_chunk` shoes at a time (at least one).
pub(super) fn simulate_in_chunks(
    setup: &SimulationSetup,
    rules: &Rules,
    shards: Shards,
    progress: &dyn Progress,
    shoes_per_chunk: u64,
) -> Result<Simulation, SimulationError> {
    let result = simulate_chunks(setup, rules, shards, progress, shoes_per_chunk);
    progress.finish();
    result
}

/// [`simulate_in_chunks`] before the progress is finished.
fn simulate_chunks(
    setup: &SimulationSetup,
    rules: &Rules,
    shards: Shards,
    progress: &dyn Progress,
    shoes_per_chunk: u64,
) -> Result<Simulation, SimulationError> {
    setup.check()?;
    let pricing = Pricing::new(rules);
    let mut full_shoe = vec![Numerator::Small(0); pricing.bets];
    let full = Shoe::decks(setup.n_decks)?;
    pricing.each_numerator(&full, &[setup.n_decks; 52], &mut |bet, numerator| {
        full_shoe[bet] = numerator;
    })?;
    let bets: Vec<String> = rules
        .tariff
        .all()
        .iter()
        .map(|(k, _)| k.to_string())
        .collect();
    let mut profile = Profile::empty(setup.n_decks, bets.len());
    let mut running: Vec<Running> = bets
        .iter()
        .map(|_| Running::new(profile.bands.len()))
        .collect();
    let mut coups = 0u64;
    let overflow = |what: &str| SimulationError::CountOverflow { what: what.into() };
    let shoes = shards.shoes(setup.shoes);
    let total = shoes.end - shoes.start;
    progress.start(Stage::Shoes, total);
    let mut first = shoes.start;
    while first < shoes.end {
        let end = first + (shoes.end - first).min(shoes_per_chunk.max(1));
        // Shoes of a chunk are dealt on every core with the `parallel` feature, in turn
        // without it; each has its own generator, so the results are the same.
        #[cfg(feature = "parallel")]
        let indices = (first..end).into_par_iter();
        #[cfg(not(feature = "parallel"))]
        let indices = first..end;
        let chunk: Vec<ShoeTally> = indices
            .map(|index| {
                let result = one_shoe(setup, &pricing, &full_shoe, index);
                progress.advance(1);
                result
            })
            .collect::<Result<_, _>>()?;
        // The sums are exact: the order they are added in changes nothing.
        for tally in chunk {
            coups = coups
                .checked_add(tally.coups)
                .ok_or_else(|| overflow("coups"))?;
            for n in tally.cards_left {
                let index = profile.index(n);
                let band = &mut profile.bands[index].coups;
                *band = band
                    .checked_add(1)
                    .ok_or_else(|| overflow("coups by cards left"))?;
            }
            for (bet, favourable) in tally.favourable.into_iter().enumerate() {
                let priced = pricing.bet(bet);
                for (n, numerator) in favourable {
                    running[bet]
                        .add(priced, &profile, n, numerator)
                        .ok_or_else(|| overflow(&format!("coups favourable to {}", bets[bet])))?;
                }
            }
        }
        first = end;
    }
    let mut records = Vec::with_capacity(running.len());
    for (bet, running) in running.into_iter().enumerate() {
        let (record, bands) = running.finish(pricing.bet(bet), &profile);
        for (band, figures) in profile.bands.iter_mut().zip(bands) {
            band.bets[bet] = figures;
        }
        records.push(record);
    }
    Ok(Simulation {
        bets,
        shoes: total,
        coups,
        records,
        profile,
    })
}

#[cfg(test)]
mod progress_tests {
    use super::*;
    use crate::progress::counting::Counting;
    use crate::rules::dealing::Burn;

    /// One shoe is one unit: a run over 37 shoes in chunks of 5 starts one stage of 37,
    /// reports 37 units and finishes once; the older callback still hears of the last shoe.
    #[test]
    fn each_shoe_dealt_is_one_unit_of_progress() {
        let setup = SimulationSetup {
            shoes: 37,
            seed: 3,
            n_decks: 1,
            cut: 20,
            burn: Burn::FirstCard { ace: 1 },
            coups_after_cut: 1,
            rules: "reference".into(),
        };
        let rules = Rules::reference();
        let counting = Counting::default();
        simulate_in_chunks(&setup, &rules, Shards::WHOLE, &counting, 5).unwrap();
        assert_eq!(counting.stages(), [(Stage::Shoes, 37)]);
        assert_eq!(counting.units(), 37);
        assert_eq!(counting.finishes(), 1);
        let heard = std::sync::Mutex::new(Vec::new());
        try_simulate(&setup, &rules, &|done| heard.lock().unwrap().push(done)).unwrap();
        assert_eq!(heard.into_inner().unwrap(), [37]);
    }
}
