//! What the roads predict: nothing. The roads are a function of the results dealt; the next
//! coup depends only on the cards left. A road-following strategy is followed here over the
//! shoes `shoe-sim` deals (the same seed deals the same shoes), every coup it bets priced
//! exactly on the cards left before it, so that its expectation is an exact sum, not an
//! estimate.
//!
//! A strategy bets one unit on Banco or Punto, or sits the coup out, from the roads of the
//! results dealt so far in the shoe. Its exact expectation is the sum of the bet's exact
//! expected net over the coups it bets; beside it, [`StrategyRecord::blind`] is what the same
//! numbers of Banco and Punto bets would have been expected to win placed on coups drawn at
//! random from the shoes (each side's average expected net over every coup dealt), and the
//! difference, [`StrategyRecord::timing`], is all a strategy could owe to when it bets.

use super::{Derived, Mark, Roads, Side};
use crate::depletion::{PricedShoes, SimulationError, SimulationSetup};
use crate::progress::{Progress, Stage};
use crate::rules::condition::DealtCoup;
use crate::rules::{MainBet, Rules};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::Zero;
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::collections::BTreeMap;

/// A way of choosing the side to bet from the roads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Always this side.
    Flat(Side),
    /// The Big Road's last winner ("follow the road"); no bet before the first win.
    FollowBigRoad,
    /// The Big Road's last winner's opponent ("ping-pong", betting against the streak).
    AgainstBigRoad,
    /// The side whose ask cell on this derived road is red (the Big Road would repeat its
    /// pattern); no bet when neither or both are red.
    AskRed(Derived),
}

impl Strategy {
    /// The strategies the docs follow: flat Banco and Punto, the Big Road followed and
    /// opposed, and each derived road's red ask.
    pub const ALL: [Strategy; 7] = [
        Strategy::Flat(Side::Banco),
        Strategy::Flat(Side::Punto),
        Strategy::FollowBigRoad,
        Strategy::AgainstBigRoad,
        Strategy::AskRed(Derived::BigEyeBoy),
        Strategy::AskRed(Derived::SmallRoad),
        Strategy::AskRed(Derived::CockroachPig),
    ];

    /// A short key: `banco`, `punto`, `follow`, `against`, `big_eye_boy_red`,
    /// `small_road_red`, `cockroach_pig_red`.
    pub fn key(self) -> &'static str {
        match self {
            Strategy::Flat(Side::Banco) => "banco",
            Strategy::Flat(Side::Punto) => "punto",
            Strategy::FollowBigRoad => "follow",
            Strategy::AgainstBigRoad => "against",
            Strategy::AskRed(Derived::BigEyeBoy) => "big_eye_boy_red",
            Strategy::AskRed(Derived::SmallRoad) => "small_road_red",
            Strategy::AskRed(Derived::CockroachPig) => "cockroach_pig_red",
        }
    }

    /// The side to bet on the next coup after the results whose roads are `roads`, or `None`
    /// to sit it out.
    ///
    /// ```
    /// use punto_banco::roads::{Roads, Side, strategy::Strategy};
    /// use punto_banco::Winner::{Banco, Punto, Tie};
    /// let roads = Roads::new(&[Banco, Punto, Tie]);
    /// assert_eq!(Strategy::FollowBigRoad.choose(&roads), Some(Side::Punto));
    /// assert_eq!(Strategy::AgainstBigRoad.choose(&roads), Some(Side::Banco));
    /// assert_eq!(Strategy::FollowBigRoad.choose(&Roads::new(&[Tie])), None);
    /// ```
    pub fn choose(self, roads: &Roads) -> Option<Side> {
        let last = || {
            let column = roads.big_road().columns().last()?;
            Some(column[0].winner)
        };
        match self {
            Strategy::Flat(side) => Some(side),
            Strategy::FollowBigRoad => last(),
            Strategy::AgainstBigRoad => last().map(Side::opponent),
            Strategy::AskRed(road) => {
                let red = |side| roads.ask(side)[road.index()] == Some(Mark::Red);
                match (red(Side::Banco), red(Side::Punto)) {
                    (true, false) => Some(Side::Banco),
                    (false, true) => Some(Side::Punto),
                    _ => None,
                }
            }
        }
    }
}

impl Side {
    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Banco => Side::Punto,
            Side::Punto => Side::Banco,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Banco => 0,
            Side::Punto => 1,
        }
    }
}

/// One strategy followed over the shoes: the coups it bet, and its exact and realised wins.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyRecord {
    strategy: Strategy,
    coups: u64,
    banco: u64,
    expected: BigRational,
    realised: BigRational,
    realised_squares: BigRational,
    blind: BigRational,
}

impl StrategyRecord {
    /// The strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The coups it bet (one unit each).
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// The coups it bet on Banco; the others it bet on Punto.
    pub fn banco(&self) -> u64 {
        self.banco
    }

    /// Its exact expected win: the sum over the coups it bet of the bet's exact expected net
    /// on the cards left before the coup.
    pub fn expected(&self) -> &BigRational {
        &self.expected
    }

    /// What it won on the coups dealt, exactly.
    pub fn realised(&self) -> &BigRational {
        &self.realised
    }

    /// The sum of the squares of its net on each coup bet, for the standard error of
    /// [`realised`](Self::realised).
    pub fn realised_squares(&self) -> &BigRational {
        &self.realised_squares
    }

    /// The expected win of as many Banco and Punto bets placed blindly: each bet worth its
    /// side's average exact expected net over every coup of the run.
    pub fn blind(&self) -> &BigRational {
        &self.blind
    }

    /// What the strategy's choice of coups added to [`blind`](Self::blind): its expected
    /// win less the blind one.
    pub fn timing(&self) -> BigRational {
        &self.expected - &self.blind
    }

    /// The squared standard error of the realised average per coup (the sample variance of
    /// the nets over the coups bet); `None` below two coups.
    pub fn standard_error_squared(&self) -> Option<BigRational> {
        if self.coups < 2 {
            return None;
        }
        let n = BigRational::from_integer(self.coups.into());
        let one = BigRational::from_integer(1.into());
        let spread = &self.realised_squares - &self.realised * &self.realised / &n;
        Some(spread / (&n * (&n - one)))
    }
}

/// Every strategy followed over the same shoes.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyRun {
    shoes: u64,
    coups: u64,
    records: Vec<StrategyRecord>,
}

impl StrategyRun {
    /// The shoes dealt.
    pub fn shoes(&self) -> u64 {
        self.shoes
    }

    /// The coups dealt.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// Each strategy's record, in the order asked.
    pub fn records(&self) -> &[StrategyRecord] {
        &self.records
    }
}

/// One coup as a shoe's walk saw it.
struct Seen {
    cards_left: u64,
    /// Banco's and Punto's numerators on the cards left.
    numerators: [BigInt; 2],
    /// Banco's and Punto's nets on the coup dealt.
    nets: [Ratio<i64>; 2],
    /// Each strategy's choice before it.
    choices: Vec<Option<Side>>,
}

/// A sum of expected nets: each side's numerators by cards left (their common denominator).
#[derive(Debug, Clone, Default)]
struct Expected(BTreeMap<(usize, u64), BigInt>);

impl Expected {
    fn add(&mut self, side: Side, seen: &Seen) {
        *self.0.entry((side.index(), seen.cards_left)).or_default() +=
            &seen.numerators[side.index()];
    }

    fn value(&self, shoes: &PricedShoes, bets: [usize; 2]) -> BigRational {
        self.0
            .iter()
            .map(|((side, n), sum)| {
                BigRational::new(
                    sum.clone(),
                    BigInt::from(shoes.denominator(bets[*side], *n)),
                )
            })
            .sum()
    }
}

/// A strategy's running sums.
#[derive(Debug, Clone, Default)]
struct Running {
    coups: u64,
    banco: u64,
    expected: Expected,
    /// How many coups netted each amount.
    nets: BTreeMap<Ratio<i64>, u64>,
}

/// Shoes dealt at a time before their coups are added up.
const SHOES_PER_CHUNK: u64 = 256;

/// Follows `strategies` over the shoes of `setup` as `shoe-sim` deals them, every coup a
/// strategy bets priced exactly on the cards left; an error when the setup cannot be dealt
/// or a count would pass `u64::MAX`.
///
/// ```
/// use punto_banco::depletion::SimulationSetup;
/// use punto_banco::roads::strategy::{Strategy, follow};
/// use punto_banco::rules::{Rules, dealing::Procedure};
///
/// let setup = SimulationSetup {
///     shoes: 2, seed: 1, n_decks: 1, cut: 14, burn: Procedure::reference().burn,
///     coups_after_cut: 1, rules: "reference".into(),
/// };
/// let run = follow(&setup, &Rules::reference(), &Strategy::ALL, punto_banco::progress::SILENT).unwrap();
/// let banco = &run.records()[0];
/// // Flat Banco bets every coup, and blindly is what it does.
/// assert_eq!(banco.coups(), run.coups());
/// assert_eq!(banco.expected(), banco.blind());
/// ```
pub fn follow(
    setup: &SimulationSetup,
    rules: &Rules,
    strategies: &[Strategy],
    progress: &dyn Progress,
) -> Result<StrategyRun, SimulationError> {
    let result = run(setup, rules, strategies, progress);
    progress.finish();
    result
}

fn run(
    setup: &SimulationSetup,
    rules: &Rules,
    strategies: &[Strategy],
    progress: &dyn Progress,
) -> Result<StrategyRun, SimulationError> {
    let shoes = PricedShoes::new(setup, rules)?;
    let all = rules.tariff.all();
    let index = |bet: MainBet| {
        all.iter()
            .position(|(key, _)| *key == bet.key())
            .expect("every tariff holds the main bets")
    };
    let bets = [index(MainBet::Banco), index(MainBet::Punto)];
    let overflow = |what: &str| SimulationError::CountOverflow { what: what.into() };
    let mut every = Expected::default();
    let mut running = vec![Running::default(); strategies.len()];
    let mut coups = 0u64;
    progress.start(Stage::Shoes, setup.shoes);
    let mut first = 0;
    while first < setup.shoes {
        let end = first + (setup.shoes - first).min(SHOES_PER_CHUNK);
        #[cfg(feature = "parallel")]
        let indices = (first..end).into_par_iter();
        #[cfg(not(feature = "parallel"))]
        let indices = first..end;
        let chunk: Vec<Vec<Seen>> = indices
            .map(|index| {
                let walked = walk(&shoes, rules, strategies, index);
                progress.advance(1);
                walked
            })
            .collect::<Result<_, _>>()?;
        for seen in chunk.iter().flatten() {
            coups = coups.checked_add(1).ok_or_else(|| overflow("coups"))?;
            every.add(Side::Banco, seen);
            every.add(Side::Punto, seen);
            for (sums, choice) in running.iter_mut().zip(&seen.choices) {
                let Some(side) = *choice else { continue };
                sums.coups = sums
                    .coups
                    .checked_add(1)
                    .ok_or_else(|| overflow("coups bet"))?;
                if side == Side::Banco {
                    sums.banco += 1;
                }
                sums.expected.add(side, seen);
                *sums.nets.entry(seen.nets[side.index()]).or_default() += 1;
            }
        }
        first = end;
    }
    // Each side's average exact expected net over every coup dealt.
    let mut averages = [BigRational::zero(), BigRational::zero()];
    if coups > 0 {
        for side in Side::BOTH {
            let alone = Expected(
                every
                    .0
                    .iter()
                    .filter(|((s, _), _)| *s == side.index())
                    .map(|(k, v)| (*k, v.clone()))
                    .collect(),
            );
            averages[side.index()] =
                alone.value(&shoes, bets) / BigRational::from_integer(coups.into());
        }
    }
    let records = strategies
        .iter()
        .zip(running)
        .map(|(&strategy, sums)| {
            let times = |count: u64| BigRational::from_integer(count.into());
            let (mut realised, mut realised_squares) = (BigRational::zero(), BigRational::zero());
            for (net, count) in &sums.nets {
                let net = BigRational::new((*net.numer()).into(), (*net.denom()).into());
                realised += &net * times(*count);
                realised_squares += &net * &net * times(*count);
            }
            StrategyRecord {
                strategy,
                coups: sums.coups,
                banco: sums.banco,
                expected: sums.expected.value(&shoes, bets),
                realised,
                realised_squares,
                blind: &averages[0] * times(sums.banco)
                    + &averages[1] * times(sums.coups - sums.banco),
            }
        })
        .collect();
    Ok(StrategyRun {
        shoes: setup.shoes,
        coups,
        records,
    })
}

/// One shoe dealt: each coup's cards left, Banco's and Punto's numerators and nets, and each
/// strategy's choice from the roads before it.
fn walk(
    shoes: &PricedShoes,
    rules: &Rules,
    strategies: &[Strategy],
    index: u64,
) -> Result<Vec<Seen>, SimulationError> {
    let all = rules.tariff.all();
    let bet = |side: Side| {
        let key = match side {
            Side::Banco => MainBet::Banco.key(),
            Side::Punto => MainBet::Punto.key(),
        };
        all.iter()
            .position(|(k, _)| *k == key)
            .expect("every tariff holds the main bets")
    };
    let bets = [bet(Side::Banco), bet(Side::Punto)];
    let mut roads = Roads::default();
    let mut seen = Vec::new();
    shoes.deal(index, &mut |priced| {
        let dealt = DealtCoup::from(priced.coup());
        seen.push(Seen {
            cards_left: priced.cards_left().len(),
            numerators: bets.map(|bet| priced.numerator(bet)),
            nets: bets.map(|bet| all[bet].1.net(&dealt)),
            choices: strategies.iter().map(|s| s.choose(&roads)).collect(),
        });
        roads.push(priced.coup().winner());
    })?;
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::Dealer;
    use crate::outcome::Winner;
    use crate::roads::next_coup;
    use crate::rules::dealing::Procedure;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn setup(shoes: u64, seed: u64, n_decks: u64) -> SimulationSetup {
        SimulationSetup {
            shoes,
            seed,
            n_decks,
            cut: 14,
            burn: Procedure::reference().burn,
            coups_after_cut: 1,
            rules: "reference".into(),
        }
    }

    /// The side a naive reading of the roads picks: the last win for the Big Road, and for a
    /// derived road the colour of the mark it gains when the side's win is added.
    fn naive_choice(strategy: Strategy, results: &[Winner]) -> Option<Side> {
        let last = results.iter().rev().find_map(|&w| Side::of(w));
        let red_if = |road: Derived, side: Side| {
            let before = Roads::new(results).derived(road).len();
            let mut more = results.to_vec();
            more.push(side.winner());
            let after = Roads::new(&more);
            after.derived(road).get(before) == Some(&Mark::Red)
        };
        match strategy {
            Strategy::Flat(side) => Some(side),
            Strategy::FollowBigRoad => last,
            Strategy::AgainstBigRoad => last.map(Side::opponent),
            Strategy::AskRed(road) => {
                match (red_if(road, Side::Banco), red_if(road, Side::Punto)) {
                    (true, false) => Some(Side::Banco),
                    (false, true) => Some(Side::Punto),
                    _ => None,
                }
            }
        }
    }

    /// Every strategy's sums are what a second, naive path finds: the same shoes dealt from
    /// their own generator, each coup priced by the exact analysis of the cards left
    /// ([`next_coup`]: Banco nets 19/20 of a win, Punto 1, both push on a tie), each choice
    /// read from the roads rebuilt from scratch.
    #[test]
    fn every_coup_is_priced_as_the_analysis_of_the_cards_left() {
        let rules = Rules::reference();
        let (shoes, seed, n_decks) = (4, 11, 2);
        let run = follow(
            &setup(shoes, seed, n_decks),
            &rules,
            &Strategy::ALL,
            crate::progress::SILENT,
        )
        .unwrap();
        let zero = BigRational::zero;
        let mut expected = vec![zero(); Strategy::ALL.len()];
        let mut realised = vec![zero(); Strategy::ALL.len()];
        let mut bets = vec![(0u64, 0u64); Strategy::ALL.len()];
        let mut coups = 0;
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        for index in 0..shoes {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(index);
            let mut dealer = Dealer::try_shuffled(n_decks, &mut rng).unwrap();
            let mut walk = dealer.burn(&Procedure::reference());
            let mut results = Vec::new();
            loop {
                let mut left = [0u64; 13];
                for card in dealer.remaining() {
                    left[card.rank.index()] += 1;
                }
                let Some(coup) = dealer.deal_next(&mut walk, &rules.drawing) else {
                    break;
                };
                let [banco, punto, _] = next_coup(left, &rules).unwrap();
                let worth = [&banco * r(19, 20) - &punto, &punto - &banco];
                let won = match coup.winner() {
                    Winner::Banco => [r(19, 20), r(-1, 1)],
                    Winner::Punto => [r(-1, 1), r(1, 1)],
                    Winner::Tie => [zero(), zero()],
                };
                for (i, &strategy) in Strategy::ALL.iter().enumerate() {
                    if let Some(side) = naive_choice(strategy, &results) {
                        let k = usize::from(side == Side::Punto);
                        expected[i] += &worth[k];
                        realised[i] += &won[k];
                        bets[i].0 += 1;
                        bets[i].1 += u64::from(side == Side::Banco);
                    }
                }
                results.push(coup.winner());
                coups += 1;
            }
        }
        assert_eq!(run.coups(), coups);
        assert!(coups > 50, "four two-deck shoes deal {coups} coups");
        for (i, record) in run.records().iter().enumerate() {
            let key = record.strategy().key();
            assert_eq!((record.coups(), record.banco()), bets[i], "{key}");
            assert_eq!(record.expected(), &expected[i], "{key}");
            assert_eq!(record.realised(), &realised[i], "{key}");
        }
        // The road strategies sit some coups out and bet both sides.
        let follow = &run.records()[2];
        assert!(follow.coups() < coups && follow.banco() > 0 && follow.banco() < follow.coups());
    }

    /// Blind betting splits the flat bets' expectations in proportion: a strategy betting
    /// every coup on Banco is its own blind bet, and the blind expectation of any strategy is
    /// its Banco and Punto shares of the flat bets' averages.
    #[test]
    fn the_blind_expectation_is_the_flat_bets_averages_in_proportion() {
        let run = follow(
            &setup(4, 3, 2),
            &Rules::reference(),
            &Strategy::ALL,
            crate::progress::SILENT,
        )
        .unwrap();
        let records = run.records();
        let n = BigRational::from_integer(run.coups().into());
        let (banco, punto) = (records[0].expected() / &n, records[1].expected() / &n);
        assert!(records[0].timing().is_zero() && records[1].timing().is_zero());
        for record in records {
            let blind = &banco * BigRational::from_integer(record.banco().into())
                + &punto * BigRational::from_integer((record.coups() - record.banco()).into());
            assert_eq!(record.blind(), &blind, "{}", record.strategy().key());
        }
        let se = records[0].standard_error_squared().unwrap();
        assert!(se > BigRational::zero());
    }
}
