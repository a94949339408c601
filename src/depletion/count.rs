//! Point counts: a count's betting correlation with every bet's exact effects of removal, and
//! what betting only when its true count reaches a threshold is worth, every coup priced
//! exactly, against betting with perfect knowledge of the cards left.
//!
//! A count gives each of the 13 ranks a whole weight; the running count adds the weights of
//! the cards the counter sees (the cards of every coup and the turned burn card, not the
//! burned cards face down), and the true count is the running count per deck unseen,
//! `52 · running / unseen`, compared with each threshold exactly, as whole numbers. A weight
//! is positive for a card whose leaving helps the player, as in the published counts: a
//! high true count says the bet is better than usual.

use super::priced;
use super::pricing::{Numerator, Pricing};
use super::setup::{SimulationError, SimulationSetup};
use super::totals::nearest;
use super::{Changes, EffectOfRemoval};
use crate::card::Rank;
use crate::progress::{Progress, Stage};
use crate::rules::Rules;
use crate::shoe::Shoe;
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{Signed, Zero};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The largest weight a count may give a rank, either sign: room enough for any published
/// count, and a true count that whole numbers hold exactly in a shoe of any size.
pub const MAX_WEIGHT: i64 = 1_000_000;

/// The largest threshold, either sign, and the largest denominator of one.
pub const MAX_THRESHOLD: i64 = 1_000_000;

/// A point count: a whole weight for each rank, A to K.
///
/// ```
/// use punto_banco::depletion::count::PointCount;
/// let thorp: PointCount = "thorp-nat9".parse().unwrap();
/// assert_eq!(thorp.weights()[8], -12);
/// assert!(thorp.is_balanced());
/// let ten_tags: PointCount = "0,1,1,1,1,1,1,1,1,-2".parse().unwrap();
/// assert_eq!(ten_tags.weights()[12], -2); // the ten's tag is the faces' too
/// assert!("1,2,3".parse::<PointCount>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PointCount {
    name: Option<&'static str>,
    weights: [i64; 13],
}

/// A published count, by the name `--weights` accepts, with the bet it was published for
/// and what its source says it is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedCount {
    /// The name, as `--weights` takes it.
    pub name: &'static str,
    /// The weights, A to K (the published tags give tens and faces one tag).
    pub weights: [i64; 13],
    /// The shipped rule set holding the bet it counts.
    pub rules: &'static str,
    /// The bet's key in that rule set.
    pub bet: &'static str,
    /// Where the count is published, by title.
    pub source: &'static str,
    /// The figures the source gives for it, when it gives them.
    pub published: Option<Published>,
}

/// What a source says a count is worth, in its own words and rounding: eight decks, the cut
/// card 14 cards from the end, the standard burn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Published {
    /// The true count from which to bet.
    pub trigger: i64,
    /// The share of coups bet, in percent, as printed.
    pub bet_frequency: &'static str,
    /// The average edge of the coups bet, in percent, as printed.
    pub average_edge: &'static str,
    /// The units won per 100 coups dealt, as printed.
    pub units_per_100_coups: &'static str,
}

/// The source of the side-bet counts: Eliot Jacobson's table of baccarat side bets.
const JACOBSON: &str = "Eliot Jacobson, \"Baccarat Side Bets\" (Advanced Advantage Play)";

/// The published counts `--weights` accepts by name.
pub const NAMED_COUNTS: &[NamedCount] = &[
    NamedCount {
        name: "thorp-nat9",
        weights: [1, 1, 1, 1, 1, 1, 1, 1, -12, 1, 1, 1, 1],
        rules: "catalogue/naturals",
        bet: "natural_9_banco",
        source: "Thorp and Walden, \"A Favorable Side Bet in Nevada Baccarat\" (JASA, 1966), as Eliot Jacobson gives it in \"Card Counting the Natural 9 and Natural 8 Baccarat Side Bets\": 9 = −12, all others +1",
        published: None,
    },
    NamedCount {
        name: "thorp-nat8",
        weights: [1, 1, 1, 1, 1, 1, 1, -12, 1, 1, 1, 1, 1],
        rules: "catalogue/naturals",
        bet: "natural_8_banco",
        source: "Thorp and Walden's count of the eights against the natural 8 (Wizard of Odds, \"Banker Natural 8 and 9\": \"a count of 8's\"), tagged as their count of the nines",
        published: None,
    },
    NamedCount {
        name: "jacobson-3-giving-8",
        weights: [1, 1, -3, 1, 1, 1, 1, -8, 1, 1, 1, 1, 1],
        rules: "catalogue/mid-coup",
        bet: "three_giving_eight",
        source: JACOBSON,
        published: Some(Published {
            trigger: 2,
            bet_frequency: "23.207",
            average_edge: "16.926",
            units_per_100_coups: "3.928",
        }),
    },
    NamedCount {
        name: "jacobson-88-89-98-99",
        weights: [1, 1, 0, 0, 0, 0, 0, -3, -3, 1, 1, 1, 1],
        rules: "catalogue/naturals",
        bet: "eights_and_nines",
        source: JACOBSON,
        published: Some(Published {
            trigger: 4,
            bet_frequency: "13.61",
            average_edge: "8.91",
            units_per_100_coups: "1.213",
        }),
    },
    NamedCount {
        name: "jacobson-9-over-7",
        weights: [0, 1, 1, 1, 1, 1, -5, 1, -5, 1, 1, 1, 1],
        rules: "catalogue/naturals",
        bet: "nine_over_seven",
        source: JACOBSON,
        published: Some(Published {
            trigger: 6,
            bet_frequency: "14.33",
            average_edge: "10.85",
            units_per_100_coups: "1.56",
        }),
    },
    NamedCount {
        name: "jacobson-bad-beat",
        weights: [0, 1, 1, 1, 1, 1, 1, -5, -5, 1, 1, 1, 1],
        rules: "catalogue/naturals",
        bet: "bad_beat",
        source: JACOBSON,
        published: Some(Published {
            trigger: 6,
            bet_frequency: "14.31",
            average_edge: "10.54",
            units_per_100_coups: "1.51",
        }),
    },
    NamedCount {
        name: "jstat-ten-count",
        weights: [0, 1, 1, 1, 1, 1, 1, 1, 1, -2, -2, -2, -2],
        rules: "reference",
        bet: "tie",
        source: "John Stathis's balanced ten count for the Tie, as Eliot Jacobson gives it in \"Baccarat Tie Bet Flimflam\" (tags 0,1,1,1,1,1,1,1,1,−2)",
        published: None,
    },
];

/// Weights that are not a count, or a name that names none.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// Not 13 (or 10) weights.
    #[error(
        "{found} weights: expected 13 whole numbers for A,2,…,10,J,Q,K (or 10, A to 9 then one for the ten-valued cards), or a named count ({known})", known = known_names()
    )]
    Length {
        /// How many were given.
        found: usize,
    },
    /// A weight that is not a whole number.
    #[error(
        "column {column}: `{text}` is not a whole number: each weight is a whole number from −{MAX_WEIGHT} to {MAX_WEIGHT}"
    )]
    NotANumber {
        /// Its column in the text, from 1.
        column: usize,
        /// The weight as written.
        text: String,
    },
    /// A weight beyond [`MAX_WEIGHT`].
    #[error(
        "column {column}: {text} is out of range: each weight is a whole number from −{MAX_WEIGHT} to {MAX_WEIGHT}"
    )]
    OutOfRange {
        /// Its column in the text, from 1.
        column: usize,
        /// The weight as written.
        text: String,
    },
    /// A name no published count has.
    #[error("`{0}` is not a named count: expected 13 weights A,2,…,K or one of {known}", known = known_names())]
    UnknownName(String),
}

/// The named counts, comma-separated.
fn known_names() -> String {
    NAMED_COUNTS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl PointCount {
    /// A count of these weights, A to K; an error when one is beyond [`MAX_WEIGHT`].
    pub fn new(weights: [i64; 13]) -> Result<PointCount, WeightsError> {
        match weights.iter().position(|w| w.abs() > MAX_WEIGHT) {
            Some(at) => Err(WeightsError::OutOfRange {
                column: at + 1,
                text: weights[at].to_string(),
            }),
            None => Ok(PointCount {
                name: None,
                weights,
            }),
        }
    }

    /// The published count of this name.
    pub fn named(name: &str) -> Option<PointCount> {
        NAMED_COUNTS
            .iter()
            .find(|c| c.name == name)
            .map(|c| PointCount {
                name: Some(c.name),
                weights: c.weights,
            })
    }

    /// The weights, A to K.
    pub fn weights(&self) -> &[i64; 13] {
        &self.weights
    }

    /// The weight of a rank.
    pub fn weight(&self, rank: Rank) -> i64 {
        self.weights[rank.index()]
    }

    /// The name, for a published count.
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// The published count, when this is one.
    pub fn published(&self) -> Option<&'static NamedCount> {
        let name = self.name?;
        NAMED_COUNTS.iter().find(|c| c.name == name)
    }

    /// Whether a full deck counts to zero: the running count then ends each shoe near zero.
    pub fn is_balanced(&self) -> bool {
        self.weights.iter().sum::<i64>() == 0
    }
}

impl std::str::FromStr for PointCount {
    type Err = WeightsError;

    /// Reads 13 comma-separated whole numbers A,2,…,K, or 10 (A to 9, then the tag of the
    /// ten-valued cards, as published counts write them), or a named count.
    fn from_str(text: &str) -> Result<PointCount, WeightsError> {
        let trimmed = text.trim();
        let looks_like_name = !trimmed.is_empty()
            && !trimmed.contains(',')
            && trimmed.chars().any(|c| c.is_ascii_alphabetic());
        if looks_like_name {
            return PointCount::named(trimmed)
                .ok_or_else(|| WeightsError::UnknownName(trimmed.chars().take(64).collect()));
        }
        let mut weights = Vec::new();
        let mut column = 1;
        for part in text.split(',') {
            let item = part.trim();
            let at = column + (part.chars().count() - part.trim_start().chars().count());
            column += part.chars().count() + 1;
            if weights.len() >= 13 {
                // Counted, not read: the error says how many there were.
                weights.push(0);
                continue;
            }
            let digits = item.strip_prefix(['-', '+', '−']).unwrap_or(item);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(WeightsError::NotANumber {
                    column: at,
                    text: item.chars().take(32).collect(),
                });
            }
            let magnitude = digits.parse::<i64>().ok().filter(|m| *m <= MAX_WEIGHT);
            let Some(magnitude) = magnitude else {
                return Err(WeightsError::OutOfRange {
                    column: at,
                    text: item.chars().take(32).collect(),
                });
            };
            let negative = item.starts_with(['-', '−']);
            weights.push(if negative { -magnitude } else { magnitude });
        }
        let weights: [i64; 13] = match weights.len() {
            13 => weights.try_into().expect("thirteen weights"),
            10 => std::array::from_fn(|i| weights[i.min(9)]),
            found => return Err(WeightsError::Length { found }),
        };
        PointCount::new(weights)
    }
}

impl std::fmt::Display for PointCount {
    /// The name of a published count, else the 13 weights comma-separated.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name {
            Some(name) => f.write_str(name),
            None => {
                let weights: Vec<String> = self.weights.iter().map(i64::to_string).collect();
                f.write_str(&weights.join(","))
            }
        }
    }
}

/// A threshold that is not a number, or out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a threshold: expected a number such as 2, −1.5 or 7/2, from −{MAX_THRESHOLD} to {MAX_THRESHOLD} with at most six decimals"
)]
pub struct ThresholdError(pub String);

/// Reads a threshold of the true count: a whole number, a decimal or a fraction `p/q`.
///
/// ```
/// use punto_banco::depletion::count::threshold;
/// use num_rational::Ratio;
/// assert_eq!(threshold("-1.5").unwrap(), Ratio::new(-3, 2));
/// assert_eq!(threshold("7/2").unwrap(), Ratio::new(7, 2));
/// assert!(threshold("x").is_err());
/// ```
pub fn threshold(text: &str) -> Result<Ratio<i64>, ThresholdError> {
    let error = || ThresholdError(text.chars().take(32).collect());
    let item = text.trim();
    let negative = item.starts_with(['-', '−']);
    let unsigned = item.strip_prefix(['-', '+', '−']).unwrap_or(item);
    let whole = |digits: &str| {
        (!digits.is_empty() && digits.len() <= 7 && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<i64>().ok())
            .flatten()
    };
    let value = if let Some((p, q)) = unsigned.split_once('/') {
        let (p, q) = (whole(p).ok_or_else(error)?, whole(q).ok_or_else(error)?);
        if q == 0 || q > MAX_THRESHOLD {
            return Err(error());
        }
        Ratio::new(p, q)
    } else if let Some((int, frac)) = unsigned.split_once('.') {
        let int = if int.is_empty() {
            0
        } else {
            whole(int).ok_or_else(error)?
        };
        if frac.is_empty() || frac.len() > 6 {
            return Err(error());
        }
        let scale = 10i64.pow(frac.len() as u32);
        Ratio::new(int * scale + whole(frac).ok_or_else(error)?, scale)
    } else {
        Ratio::from_integer(whole(unsigned).ok_or_else(error)?)
    };
    if value.abs() > Ratio::from_integer(MAX_THRESHOLD) {
        return Err(error());
    }
    Ok(if negative { -value } else { value })
}

/// A count's betting correlation with one bet: the correlation over the ranks, each weighted
/// by its cards in the shoe, between the count's weights and the player's effects of removal
/// (minus the change of the house edge). Its square is exact; only its root is a float.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correlation {
    squared: BigRational,
    negative: bool,
}

impl Correlation {
    /// The square of the correlation, exactly.
    pub fn squared(&self) -> &BigRational {
        &self.squared
    }

    /// Whether the correlation is below zero: the count points away from the bet.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The correlation, the nearest `f64` root of its exact square, with its sign.
    pub fn value(&self) -> f64 {
        let root = nearest(&self.squared).sqrt();
        if self.negative { -root } else { root }
    }
}

/// The count's betting correlation with every bet of `eor`, in its order: over the ranks the
/// shoe holds, each weighted by its number of cards (the ten-valued ranks apart, T, J, Q, K,
/// each with its own cards: in a full shoe every rank weighs alike, Griffin's convention of
/// 13 ranks of four cards a deck), between the weights and minus each bet's change of house
/// edge. `None` for a bet whose effects are all equal (nothing to correlate), when the
/// weights are all equal, or when a rank of the shoe has no effect to read.
pub fn betting_correlations(
    count: &PointCount,
    eor: &EffectOfRemoval,
    shoe: &Shoe,
) -> Vec<Option<Correlation>> {
    (0..eor.bets().len())
        .map(|bet| correlation(count, eor.by_rank(), shoe, bet))
        .collect()
}

/// [`betting_correlations`] for the bet at index `bet`.
fn correlation(
    count: &PointCount,
    by_rank: &[(Rank, Changes)],
    shoe: &Shoe,
    bet: usize,
) -> Option<Correlation> {
    let zero = BigRational::zero;
    let (mut n, mut sw, mut sp, mut sww, mut spp, mut swp) =
        (zero(), zero(), zero(), zero(), zero(), zero());
    for (rank, changes) in by_rank {
        let cards = shoe.count(*rank);
        if cards == 0 {
            continue;
        }
        let cards = BigRational::from_integer(cards.into());
        let w = BigRational::from_integer(count.weight(*rank).into());
        let p = -changes.as_ref()?.get(bet)?.clone();
        n += &cards;
        sw += &cards * &w;
        sp += &cards * &p;
        sww += &cards * &w * &w;
        spp += &cards * &p * &p;
        swp += &cards * &w * &p;
    }
    // Each moment times the total weight squared: the factors cancel in the ratio.
    let covariance = &n * &swp - &sw * &sp;
    let var_w = &n * &sww - &sw * &sw;
    let var_p = &n * &spp - &sp * &sp;
    if !var_w.is_positive() || !var_p.is_positive() {
        return None;
    }
    Some(Correlation {
        squared: &covariance * &covariance / (var_w * var_p),
        negative: covariance.is_negative(),
    })
}

/// The coups a strategy bet over a run, and what they were worth exactly.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CountRecord {
    coups: u64,
    favourable: u64,
    value: BigRational,
}

impl CountRecord {
    /// The coups bet.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// Among them, the coups that were favourable (the exact expected net above zero).
    pub fn favourable(&self) -> u64 {
        self.favourable
    }

    /// The exact sum of the expected nets of the coups bet, one unit each.
    pub fn value(&self) -> &BigRational {
        &self.value
    }
}

/// A count followed over simulated shoes: for every bet, what betting only when the true
/// count reaches each threshold was worth, and what perfect knowledge of the cards left was.
#[derive(Debug, Clone, PartialEq)]
pub struct CountSimulation {
    bets: Vec<String>,
    shoes: u64,
    coups: u64,
    thresholds: Vec<Ratio<i64>>,
    perfect: Vec<CountRecord>,
    /// By count, bet and threshold.
    counted: Vec<Vec<Vec<CountRecord>>>,
}

impl CountSimulation {
    /// The bets, by key, in the tariff's order.
    pub fn bets(&self) -> &[String] {
        &self.bets
    }

    /// The shoes dealt.
    pub fn shoes(&self) -> u64 {
        self.shoes
    }

    /// The coups dealt.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// The thresholds, ascending.
    pub fn thresholds(&self) -> &[Ratio<i64>] {
        &self.thresholds
    }

    /// Betting one unit exactly when the bet is favourable on the cards left (what
    /// `shoe-sim` calls its gain).
    pub fn perfect(&self, bet: usize) -> &CountRecord {
        &self.perfect[bet]
    }

    /// Betting one unit when the true count of count `count` reaches threshold `threshold`
    /// (indices in the order given).
    pub fn counted(&self, count: usize, bet: usize, threshold: usize) -> &CountRecord {
        &self.counted[count][bet][threshold]
    }

    /// A record's value per shoe dealt, exactly.
    pub fn per_shoe(&self, record: &CountRecord) -> BigRational {
        &record.value / BigRational::from_integer(self.shoes.max(1).into())
    }

    /// The count's value over perfect knowledge's, exactly; `None` when perfect knowledge
    /// gained nothing (the bet was never favourable).
    pub fn efficiency(&self, count: usize, bet: usize, threshold: usize) -> Option<BigRational> {
        let perfect = &self.perfect[bet].value;
        (!perfect.is_zero()).then(|| &self.counted[count][bet][threshold].value / perfect)
    }
}

/// The thresholds a count is evaluated at unless told: the true counts 0, 2, 4, 6, 8 and 10,
/// and a published count's trigger.
pub fn default_thresholds(count: &PointCount) -> Vec<Ratio<i64>> {
    let mut thresholds: Vec<Ratio<i64>> = (0..=10).step_by(2).map(Ratio::from_integer).collect();
    if let Some(published) = count.published().and_then(|c| c.published) {
        thresholds.push(Ratio::from_integer(published.trigger));
    }
    thresholds.sort();
    thresholds.dedup();
    thresholds
}

/// A count evaluated on the rules of a simulation: its betting correlation with every bet
/// on the full shoe of `setup`, and the simulation of its true count at `thresholds`
/// ([`try_simulate_counts`] with this one count, index 0).
pub fn evaluate(
    setup: &SimulationSetup,
    rules: &Rules,
    count: &PointCount,
    thresholds: &[Ratio<i64>],
    progress: &dyn Progress,
) -> Result<(CountSimulation, Vec<Option<Correlation>>), SimulationError> {
    // The simulation's checks first: a shoe it refuses is refused before any removal.
    let sim = try_simulate_counts(
        setup,
        rules,
        std::slice::from_ref(count),
        thresholds,
        progress,
    )?;
    let shoe = Shoe::decks(setup.n_decks)?;
    let eor = super::effect_of_removal(&shoe, rules)?;
    Ok((sim, betting_correlations(count, &eor, &shoe)))
}

/// A sum of numerators: in 128 bits while it fits, the rest in a big integer.
#[derive(Debug, Clone, Default)]
struct Sum {
    small: i128,
    big: BigInt,
}

impl Sum {
    fn add(&mut self, numerator: &Numerator) {
        match numerator {
            Numerator::Small(n) => match self.small.checked_add(*n) {
                Some(sum) => self.small = sum,
                None => self.big += BigInt::from(*n),
            },
            Numerator::Big(n) => self.big += n,
        }
    }

    fn total(&self) -> BigInt {
        &self.big + BigInt::from(self.small)
    }
}

/// Coups bet and the sums of their numerators, by cards left (their common denominator).
#[derive(Debug, Clone, Default)]
struct Bucket {
    coups: u64,
    favourable: u64,
    by_cards: BTreeMap<u64, Sum>,
}

impl Bucket {
    fn add(&mut self, n: u64, numerator: &Numerator) -> Option<()> {
        self.coups = self.coups.checked_add(1)?;
        if is_positive(numerator) {
            self.favourable = self.favourable.checked_add(1)?;
        }
        self.by_cards.entry(n).or_default().add(numerator);
        Some(())
    }

    /// The exact value, the numerators over their denominators.
    fn value(&self, pricing: &Pricing, bet: usize) -> BigRational {
        self.by_cards
            .iter()
            .map(|(n, sum)| {
                BigRational::new(sum.total(), BigInt::from(pricing.bet(bet).denominator(*n)))
            })
            .sum()
    }
}

fn is_positive(numerator: &Numerator) -> bool {
    match numerator {
        Numerator::Small(n) => *n > 0,
        Numerator::Big(n) => n.is_positive(),
    }
}

/// One coup as a shoe's walk saw it: the cards left, every bet's numerator, and for each
/// count how many thresholds its true count reached.
struct Seen {
    cards_left: u64,
    numerators: Vec<Numerator>,
    levels: Vec<usize>,
}

/// Shoes dealt at a time before their coups are added up.
const SHOES_PER_CHUNK: u64 = 512;

/// Deals the shoes of `setup` as `shoe-sim` deals them (the same seed deals the same shoes),
/// and for every coup prices every bet exactly on the cards left and reads each count's
/// true count against each threshold. `thresholds` are sorted and deduplicated. An error
/// when the setup cannot be dealt, or a count would pass `u64::MAX`.
pub fn try_simulate_counts(
    setup: &SimulationSetup,
    rules: &Rules,
    counts: &[PointCount],
    thresholds: &[Ratio<i64>],
    progress: &dyn Progress,
) -> Result<CountSimulation, SimulationError> {
    let result = simulate(setup, rules, counts, thresholds, progress);
    progress.finish();
    result
}

fn simulate(
    setup: &SimulationSetup,
    rules: &Rules,
    counts: &[PointCount],
    thresholds: &[Ratio<i64>],
    progress: &dyn Progress,
) -> Result<CountSimulation, SimulationError> {
    setup.check()?;
    let mut thresholds = thresholds.to_vec();
    thresholds.sort();
    thresholds.dedup();
    let pricing = Pricing::new(rules);
    let bets: Vec<String> = rules
        .tariff
        .all()
        .iter()
        .map(|(k, _)| k.to_string())
        .collect();
    let overflow = |what: &str| SimulationError::CountOverflow { what: what.into() };
    let mut perfect = vec![Bucket::default(); bets.len()];
    // By count, bet and the highest threshold reached: a coup is bet at every threshold up
    // to it, so each threshold's figures are the sums from its bucket up.
    let mut reached =
        vec![vec![vec![Bucket::default(); thresholds.len()]; bets.len()]; counts.len()];
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
                let walked = walk(setup, &pricing, counts, &thresholds, index);
                progress.advance(1);
                walked
            })
            .collect::<Result<_, _>>()?;
        // The sums are exact: the order they are added in changes nothing.
        for shoe in chunk {
            for seen in shoe {
                coups = coups.checked_add(1).ok_or_else(|| overflow("coups"))?;
                for (bet, numerator) in seen.numerators.iter().enumerate() {
                    if is_positive(numerator) {
                        perfect[bet]
                            .add(seen.cards_left, numerator)
                            .ok_or_else(|| overflow("favourable coups"))?;
                    }
                    for (count, &level) in seen.levels.iter().enumerate() {
                        if level > 0 {
                            reached[count][bet][level - 1]
                                .add(seen.cards_left, numerator)
                                .ok_or_else(|| overflow("coups bet"))?;
                        }
                    }
                }
            }
        }
        first = end;
    }
    let record = |bucket: &Bucket, bet: usize| CountRecord {
        coups: bucket.coups,
        favourable: bucket.favourable,
        value: bucket.value(&pricing, bet),
    };
    let perfect = perfect
        .iter()
        .enumerate()
        .map(|(bet, bucket)| record(bucket, bet))
        .collect();
    let counted = reached
        .iter()
        .map(|by_bet| {
            by_bet
                .iter()
                .enumerate()
                .map(|(bet, buckets)| {
                    // From the highest threshold down, each adds the buckets above it.
                    let mut records: Vec<CountRecord> = Vec::with_capacity(buckets.len());
                    let mut running = CountRecord::default();
                    for bucket in buckets.iter().rev() {
                        let own = record(bucket, bet);
                        running = CountRecord {
                            coups: running.coups.saturating_add(own.coups),
                            favourable: running.favourable.saturating_add(own.favourable),
                            value: running.value + own.value,
                        };
                        records.push(running.clone());
                    }
                    records.reverse();
                    records
                })
                .collect()
        })
        .collect();
    Ok(CountSimulation {
        bets,
        shoes: setup.shoes,
        coups,
        thresholds,
        perfect,
        counted,
    })
}

/// One shoe dealt to the cut card (the walk `shoe-sim` follows, [`priced::walk`]): each
/// coup's cards left, every bet's numerator on them, and each count's level before it.
fn walk(
    setup: &SimulationSetup,
    pricing: &Pricing,
    counts: &[PointCount],
    thresholds: &[Ratio<i64>],
    index: u64,
) -> Result<Vec<Seen>, SimulationError> {
    let mut running: Vec<i128> = vec![0; counts.len()];
    let mut hidden = None;
    let mut seen = Vec::new();
    priced::walk(setup, pricing, index, None, &mut |coup| {
        // The counter sees the turned card of the burn, not the cards burned face down.
        let hidden = *hidden.get_or_insert_with(|| {
            let burned = coup.burned();
            if let Some(turned) = burned.first() {
                for (sum, count) in running.iter_mut().zip(counts) {
                    *sum += i128::from(count.weight(turned.rank));
                }
            }
            burned.len().saturating_sub(1) as u64
        });
        let n = coup.cards_left().len();
        // True count ≥ p/q exactly when 52·running·q ≥ p·unseen (unseen > 0).
        let unseen = i128::from(n + hidden);
        let levels = running
            .iter()
            .map(|&rc| {
                thresholds
                    .iter()
                    .take_while(|t| {
                        52 * rc * i128::from(*t.denom()) >= i128::from(*t.numer()) * unseen
                    })
                    .count()
            })
            .collect();
        seen.push(Seen {
            cards_left: n,
            numerators: coup.numerators().to_vec(),
            levels,
        });
        let dealt = coup.coup();
        for &card in dealt.punto.iter().chain(&dealt.banco) {
            for (sum, count) in running.iter_mut().zip(counts) {
                *sum += i128::from(count.weight(card.rank));
            }
        }
    })?;
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::Dealer;
    use crate::rules::dealing::Burn;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn rules(name: &str) -> Rules {
        crate::variants::RuleSet::from_json(crate::variants::shipped(name).unwrap())
            .unwrap()
            .into_rules()
    }

    fn setup(shoes: u64, seed: u64, n_decks: u64, cut: usize) -> SimulationSetup {
        SimulationSetup {
            shoes,
            seed,
            n_decks,
            cut,
            burn: Burn::FirstCard { ace: 1 },
            coups_after_cut: 1,
            rules: "reference".into(),
        }
    }

    /// Perfect knowledge is what `shoe-sim` finds over the same shoes: the same favourable
    /// coups and the same exact advantage, bet by bet.
    #[test]
    fn perfect_knowledge_is_the_shoe_simulations() {
        let rules = rules("catalogue/naturals");
        let setup = setup(40, 3, 1, 14);
        let count = PointCount::named("thorp-nat9").unwrap();
        let ours = try_simulate_counts(
            &setup,
            &rules,
            &[count],
            &[Ratio::from_integer(0)],
            crate::progress::SILENT,
        )
        .unwrap();
        let sim = super::super::try_simulate(&setup, &rules, &|_| {}).unwrap();
        assert_eq!(ours.coups(), sim.coups());
        for (bet, record) in sim.records().iter().enumerate() {
            assert_eq!(ours.perfect(bet).coups(), record.favourable(), "{bet}");
            assert_eq!(ours.perfect(bet).value(), record.advantage(), "{bet}");
        }
        assert!(sim.records().iter().any(|r| r.favourable() > 0));
    }

    /// Each threshold's record is a second walk's: the same shoes dealt again, the count
    /// kept card by card over every card seen, each coup bet whose true count reaches the
    /// threshold (compared as fractions), priced by the exact analysis of the cards left.
    #[test]
    fn the_records_are_what_a_second_walk_finds() {
        use crate::analysis::Analysis;
        let rules = rules("catalogue/naturals");
        let setup = setup(12, 9, 1, 14);
        let counts = [
            PointCount::named("thorp-nat9").unwrap(),
            "1,1,1,1,-1,-2,-1,-1,0,0".parse().unwrap(),
        ];
        let thresholds = [
            Ratio::new(-3, 2),
            Ratio::from_integer(0),
            Ratio::from_integer(3),
        ];
        let ours = try_simulate_counts(
            &setup,
            &rules,
            &counts,
            &thresholds,
            crate::progress::SILENT,
        )
        .unwrap();
        let bets = rules.tariff.all();
        let mut expected =
            vec![vec![vec![(0u64, BigRational::zero()); thresholds.len()]; bets.len()]; 2];
        for index in 0..setup.shoes {
            let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
            rng.set_stream(index);
            let mut dealer = Dealer::try_shuffled(1, &mut rng).unwrap();
            let mut walk = dealer.burn(&setup.procedure());
            let burned = dealer.dealt();
            let mut seen_cards: Vec<crate::card::Card> = dealer.order()[..1.min(burned)].to_vec();
            while walk.may_begin() {
                let left = dealer.remaining();
                let mut ranks = [0u64; 13];
                for card in left {
                    ranks[card.rank.index()] += 1;
                }
                let shoe = Shoe::from_counts(ranks).unwrap();
                let analysis = Analysis::new(&shoe, &rules).unwrap();
                let unseen = 52 - seen_cards.len() as i64;
                let Some(coup) = dealer.deal_next(&mut walk, &rules.drawing) else {
                    break;
                };
                for (c, count) in counts.iter().enumerate() {
                    let running: i64 = seen_cards.iter().map(|card| count.weight(card.rank)).sum();
                    let true_count = BigRational::new((52 * running).into(), unseen.into());
                    for (t, threshold) in thresholds.iter().enumerate() {
                        let threshold = BigRational::new(
                            (*threshold.numer()).into(),
                            (*threshold.denom()).into(),
                        );
                        if true_count >= threshold {
                            for (bet, (_, terms)) in bets.iter().enumerate() {
                                expected[c][bet][t].0 += 1;
                                expected[c][bet][t].1 += analysis.expected_net(terms);
                            }
                        }
                    }
                }
                seen_cards.extend(coup.punto.iter().chain(&coup.banco));
            }
        }
        let mut some_bet = false;
        for (c, by_bet) in expected.iter().enumerate() {
            for (bet, by_threshold) in by_bet.iter().enumerate() {
                for (t, (coups, value)) in by_threshold.iter().enumerate() {
                    let record = ours.counted(c, bet, t);
                    assert_eq!(record.coups(), *coups, "{c} {bet} {t}");
                    assert_eq!(record.value(), value, "{c} {bet} {t}");
                    some_bet |= *coups > 0 && *coups < ours.coups();
                }
            }
        }
        assert!(some_bet, "some threshold bets some coups and not others");
    }

    /// The correlation of the weights with themselves as effects is 1, with their opposite
    /// −1; constant weights correlate with nothing.
    #[test]
    fn correlation_is_one_for_proportional_effects() {
        let shoe = Shoe::decks(2).unwrap();
        let weights = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3, 3, 3, 3];
        let count = PointCount::new(weights).unwrap();
        let effects: Vec<(Rank, Changes)> = Rank::ALL
            .iter()
            .map(|r| {
                let w = BigRational::from_integer(weights[r.index()].into());
                // The change of house edge is minus the player's effect.
                (
                    *r,
                    Some(vec![-w.clone() / BigRational::from_integer(7.into()), w]),
                )
            })
            .collect();
        let up = correlation(&count, &effects, &shoe, 0).unwrap();
        assert_eq!(*up.squared(), BigRational::from_integer(1.into()));
        assert!(!up.is_negative());
        assert_eq!(up.value(), 1.0);
        let down = correlation(&count, &effects, &shoe, 1).unwrap();
        assert!(down.is_negative());
        assert_eq!(down.value(), -1.0);
        let flat = PointCount::new([2; 13]).unwrap();
        assert_eq!(correlation(&flat, &effects, &shoe, 0), None);
    }

    #[test]
    fn weights_are_read_or_refused_with_their_place() {
        let read = |t: &str| t.parse::<PointCount>();
        assert_eq!(
            read("1,1,1,1,1,1,1,1,-12,1").unwrap().weights(),
            PointCount::named("thorp-nat9").unwrap().weights()
        );
        assert_eq!(
            read(" 1, 2,3,4,5,6,7,8,9,10,11,12,−13").unwrap().weights()[12],
            -13
        );
        assert_eq!(read("1,2").unwrap_err(), WeightsError::Length { found: 2 });
        assert_eq!(
            read(&"1,".repeat(20)).unwrap_err(),
            WeightsError::Length { found: 21 }
        );
        assert_eq!(
            read("1,x,1").unwrap_err(),
            WeightsError::NotANumber {
                column: 3,
                text: "x".into()
            }
        );
        assert_eq!(
            read("1,99999999999999999999999,1").unwrap_err(),
            WeightsError::OutOfRange {
                column: 3,
                text: "99999999999999999999999".into()
            }
        );
        assert!(matches!(read("hilo"), Err(WeightsError::UnknownName(_))));
        assert!(matches!(read(""), Err(WeightsError::NotANumber { .. })));
        assert!(read("1000001,0,0,0,0,0,0,0,0,0").is_err());
        for named in NAMED_COUNTS {
            let count = read(named.name).unwrap();
            assert!(count.is_balanced(), "{}", named.name);
            assert_eq!(count.to_string(), named.name);
            assert!(
                crate::variants::shipped(named.rules).is_some(),
                "{}",
                named.name
            );
        }
    }

    #[test]
    fn thresholds_are_read_exactly() {
        assert_eq!(threshold("2").unwrap(), Ratio::from_integer(2));
        assert_eq!(threshold("−0.25").unwrap(), Ratio::new(-1, 4));
        assert_eq!(threshold(".5").unwrap(), Ratio::new(1, 2));
        for bad in [
            "",
            "-",
            "1/0",
            "1.",
            "1.1234567",
            "2000000",
            "1e3",
            "a",
            "1/2/3",
        ] {
            assert!(threshold(bad).is_err(), "{bad}");
        }
    }
}
