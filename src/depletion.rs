//! Depleted shoes: the exact effect of removing one card of each rank, and shoes dealt to a
//! cut card with the exact edge of every bet computed before every coup.
//!
//! The simulation is exact from end to end. Before every coup the engine counts what is
//! left of the shoe, and each bet's expected net is a fraction of whole numbers (a numerator
//! over the bet's common denominator times the shoe's number of sequences); the favourable
//! ones are added up as exact rationals and the largest is kept exactly. A run's totals
//! ([`Simulation`]) are therefore the same whatever the order the shoes are added in: on any
//! number of threads, in any chunks, and over any split into shards ([`Shards`]) merged
//! afterwards ([`partial`]). Floating point appears only in the averages a report prints,
//! each the nearest `f64` of an exact quotient.

pub mod partial;

use crate::analysis;
use crate::card::{Card, Rank, Suit};
use crate::dealer::Dealer;
use crate::engine::{self, Weights};
use crate::features;
use crate::outcome::FinalState;
use crate::rules::condition::{CardBet, CardClass};
use crate::rules::dealing::{Burn, Procedure, ProcedureError};
use crate::rules::{DrawingRules, Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Int;
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{One, Signed, ToPrimitive, Zero};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};

/// How the effect of removal takes cards out of the shoe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Removal {
    /// By card when a bet of the rules tells cards of one rank apart (by suit, colour or a
    /// named card; the shoe must then say its suits), by rank otherwise: the removed card's
    /// suit then changes no figure.
    #[default]
    Auto,
    /// One card of each rank. When a bet reads suits, a rank's effect is the average of its
    /// cards' effects, weighted by their counts: the effect of removing a card of that rank
    /// drawn at random.
    Rank,
    /// One exact card of each of the 52 (A♠ to K♣): needs a shoe whose suits are known.
    Card,
}

/// A colour of cards, for the summaries of a removal by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Hearts and diamonds.
    Red,
    /// Spades and clubs.
    Black,
}

impl Colour {
    /// Red, then black.
    pub const ALL: [Colour; 2] = [Colour::Red, Colour::Black];

    /// Whether a suit is of this colour.
    pub fn has(self, suit: Suit) -> bool {
        matches!(suit, Suit::Hearts | Suit::Diamonds) == (self == Colour::Red)
    }

    /// `"red"` or `"black"`, as JSON writes it.
    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }
}

/// Each bet's change of edge, or `None` when there is no effect to report.
pub type Changes = Option<Vec<BigRational>>;

/// The effect of removal: each bet's exact edge in the shoe, and its change when one card of
/// each rank, or each exact card, is taken out.
#[derive(Debug, Clone)]
pub struct EffectOfRemoval {
    /// The bets, by key, in the tariff's order.
    bets: Vec<String>,
    /// Each bet's edge in the full shoe.
    base: Vec<BigRational>,
    /// For each rank A to K: each bet's change of edge when one card of that rank is removed,
    /// or `None` when the shoe holds no card of it.
    by_rank: Vec<(Rank, Changes)>,
    /// When the removal is by card: the 52 cards' counts and effects, and the summaries.
    by_card: Option<ByCard>,
}

/// A removal by card: each card's count and effect, and the effect of a card drawn at random
/// from a suit or a colour.
#[derive(Debug, Clone)]
struct ByCard {
    counts: [u64; 52],
    cards: Vec<(Card, Changes)>,
    suits: Vec<(Suit, Changes)>,
    colours: Vec<(Colour, Changes)>,
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

    /// For each rank A to K: each bet's change of edge when one card of it is removed, or
    /// `None`. In a removal by card, the average of the rank's cards' effects weighted by
    /// their counts (the effect of a card of that rank drawn at random).
    pub fn by_rank(&self) -> &[(Rank, Changes)] {
        &self.by_rank
    }

    /// Whether the cards were removed one exact card at a time.
    pub fn is_by_card(&self) -> bool {
        self.by_card.is_some()
    }

    /// In a removal by card, the 52 cards A♠ A♥ A♦ A♣ 2♠ … K♣, each with every bet's change
    /// of edge when one copy of it is removed, or `None` when the shoe holds none (or one
    /// card fewer cannot finish a coup).
    pub fn by_card(&self) -> Option<&[(Card, Changes)]> {
        self.by_card.as_ref().map(|b| &b.cards[..])
    }

    /// In a removal by card, the shoe's count of each of the 52 cards, in the order of
    /// [`by_card`](Self::by_card).
    pub fn card_counts(&self) -> Option<&[u64; 52]> {
        self.by_card.as_ref().map(|b| &b.counts)
    }

    /// In a removal by card, for each suit ♠ ♥ ♦ ♣: the average of its cards' effects
    /// weighted by their counts, the effect of a card of that suit drawn at random.
    pub fn by_suit(&self) -> Option<&[(Suit, Changes)]> {
        self.by_card.as_ref().map(|b| &b.suits[..])
    }

    /// In a removal by card, for red then black: the effect of a card of that colour drawn
    /// at random.
    pub fn by_colour(&self) -> Option<&[(Colour, Changes)]> {
        self.by_card.as_ref().map(|b| &b.colours[..])
    }
}

/// Every bet's exact edge in a playable shoe whose 52 card counts are `cards`, through the
/// simulation's pricing: the same integers, made fractions once.
fn edges(pricing: &Pricing, shoe: &Shoe, cards: &[u64; 52]) -> Result<Vec<BigRational>, ShoeError> {
    let mut edges = vec![BigRational::zero(); pricing.bets];
    pricing.each_numerator(shoe, cards, &mut |bet, numerator| {
        edges[bet] = -BigRational::new(
            numerator.to_bigint(),
            BigInt::from(pricing.bet(bet).denominator(shoe.len())),
        );
    })?;
    Ok(edges)
}

/// Whether some bet of the rules tells cards of one rank apart, so that only a shoe's card
/// counts can price it.
fn reads_suits(rules: &Rules) -> bool {
    // The card counts of the card bets refuse a shoe that cannot say its suits exactly when
    // a bet reads them; thirteen cards, one of each rank, say none.
    let suitless = Shoe::from_counts([1; 13]).expect("one card of each rank is a shoe");
    features::card_counts(rules, &suitless).is_err()
}

/// The exact effect of removing one card from `shoe` on every bet of `rules`: of each exact
/// card when a bet reads suits, of each rank otherwise ([`Removal::Auto`]).
pub fn effect_of_removal(shoe: &Shoe, rules: &Rules) -> Result<EffectOfRemoval, ShoeError> {
    effect_of_removal_by(shoe, rules, Removal::Auto)
}

/// The exact effect of removing one card from `shoe` on every bet of `rules`, by rank or by
/// card as `removal` says. Each effect is the difference of two exact edges, the shoe's and
/// the shoe's less that card; nothing is estimated. An error when the shoe cannot be
/// analysed, or when a removal by card (or a bet reading suits) needs suits the shoe does not
/// say.
pub fn effect_of_removal_by(
    shoe: &Shoe,
    rules: &Rules,
    removal: Removal,
) -> Result<EffectOfRemoval, ShoeError> {
    // Each card is removed on its own when a bet tells a rank's cards apart, even when the
    // table is by rank: a rank's row is then its cards' average.
    let suits = reads_suits(rules);
    let by_card = suits || removal == Removal::Card;
    let show_cards = match removal {
        Removal::Auto => suits,
        Removal::Rank => false,
        Removal::Card => true,
    };
    let cards = if by_card {
        shoe.card_counts()?
    } else {
        features::card_counts(rules, shoe)?
    };
    let pricing = Pricing::new(rules);
    let base = edges(&pricing, shoe, &cards)?;
    // The change when one card of index `index` (4·rank + suit) leaves: `None` when the shoe
    // has none, or when one card fewer cannot finish a coup.
    let change = |index: usize| -> Result<Changes, ShoeError> {
        let rank = Rank::ALL[index / 4];
        if cards[index] == 0 || shoe.len() <= crate::shoe::MIN_CARDS {
            return Ok(None);
        }
        let mut counts = shoe.counts();
        counts[rank.index()] -= 1;
        let mut smaller = cards;
        smaller[index] -= 1;
        let after = edges(&pricing, &Shoe::from_counts(counts)?, &smaller)?;
        Ok(Some(after.iter().zip(&base).map(|(a, b)| a - b).collect()))
    };
    let (by_rank, by_card) = if by_card {
        let changes: Vec<Changes> = (0..52).map(change).collect::<Result<_, _>>()?;
        let average =
            |keep: &dyn Fn(usize) -> bool| -> Changes { weighted_average(&cards, &changes, keep) };
        let by_rank = Rank::ALL
            .into_iter()
            .map(|rank| (rank, average(&|i| i / 4 == rank.index())))
            .collect();
        let by_suit = Suit::ALL
            .into_iter()
            .map(|suit| (suit, average(&|i| i % 4 == suit.index())))
            .collect();
        let colours = Colour::ALL
            .into_iter()
            .map(|colour| (colour, average(&|i| colour.has(Suit::ALL[i % 4]))))
            .collect();
        let cards_changes = (0..52).map(CardClass::card_at).zip(changes).collect();
        (
            by_rank,
            show_cards.then_some(ByCard {
                counts: cards,
                cards: cards_changes,
                suits: by_suit,
                colours,
            }),
        )
    } else {
        // One card of the rank: whichever of its cards the counts hold, since no bet tells them
        // apart.
        let by_rank = Rank::ALL
            .into_iter()
            .map(|rank| {
                let first = (4 * rank.index()..4 * rank.index() + 4).find(|&i| cards[i] > 0);
                Ok((rank, first.map(change).transpose()?.flatten()))
            })
            .collect::<Result<_, ShoeError>>()?;
        (by_rank, None)
    };
    Ok(EffectOfRemoval {
        bets: rules
            .tariff
            .all()
            .iter()
            .map(|(k, _)| k.to_string())
            .collect(),
        base,
        by_rank,
        by_card,
    })
}

/// The average of the cards' changes that `keep` keeps, weighted by the cards' counts; `None`
/// when no kept card has a change.
fn weighted_average(
    cards: &[u64; 52],
    changes: &[Changes],
    keep: &dyn Fn(usize) -> bool,
) -> Changes {
    let mut total = 0u64;
    let mut sum: Option<Vec<BigRational>> = None;
    for (index, change) in changes.iter().enumerate() {
        let Some(change) = change.as_ref().filter(|_| keep(index)) else {
            continue;
        };
        let weight = BigRational::from_integer(cards[index].into());
        total += cards[index];
        let sum = sum.get_or_insert_with(|| vec![BigRational::zero(); change.len()]);
        for (s, c) in sum.iter_mut().zip(change) {
            *s += c * &weight;
        }
    }
    let total = BigRational::from_integer(total.into());
    sum.map(|sum| sum.into_iter().map(|s| s / &total).collect())
}

/// How a shoe simulation deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulationSetup {
    /// How many shoes to deal; any number, memory does not grow with it.
    pub shoes: u64,
    /// The seed of the shuffles: the same seed deals the same shoes.
    pub seed: u64,
    /// Decks per shoe, 1 to [`Dealer::MAX_DECKS`].
    pub n_decks: u64,
    /// Cards left behind the cut card: no coup begins once no more than this many remain
    /// (the procedure's cut, which `shoe-sim --cut` overrides).
    pub cut: usize,
    /// The burn at the start of each shoe.
    pub burn: Burn,
    /// Coups dealt after the coup in which the cut card comes out.
    pub coups_after_cut: u64,
    /// The rule set's name, for the report.
    pub rules: String,
}

impl SimulationSetup {
    /// The dealing procedure of the run: its burn, cut card and coups after it.
    pub fn procedure(&self) -> Procedure {
        Procedure {
            burn: self.burn,
            cut: self.cut as u64,
            coups_after_cut: self.coups_after_cut,
        }
    }

    /// The same setup dealing by `procedure`.
    pub fn with_procedure(self, procedure: &Procedure) -> SimulationSetup {
        SimulationSetup {
            cut: usize::try_from(procedure.cut).unwrap_or(usize::MAX),
            burn: procedure.burn,
            coups_after_cut: procedure.coups_after_cut,
            ..self
        }
    }
}

/// Which of a simulation's shoes a run deals: the shards `first` to `last` of `count`
/// (numbered from 1), each shard a block of consecutive shoes.
///
/// Shoe *i* (from 0) is dealt from stream *i* of the seeded generator whichever run deals
/// it, so shards dealt apart and merged give the unsharded run's figures exactly. Shard *K*
/// of *N* holds the shoes ⌊(K−1)·S/N⌋ to ⌊K·S/N⌋ − 1 of *S*: the blocks differ in size by at
/// most one shoe, and when *N* is larger than *S* some are empty.
///
/// ```
/// use punto_banco::depletion::Shards;
/// let third: Shards = "3/4".parse().unwrap();
/// assert_eq!(third.shoes(10), 5..7);
/// assert_eq!(Shards::one(1, 4).unwrap().shoes(10), 0..2);
/// // Eight shards of three shoes: five of them are empty.
/// assert!(Shards::one(5, 8).unwrap().shoes(3).is_empty());
/// assert_eq!(Shards::one(6, 8).unwrap().shoes(3), 1..2);
/// assert!("5/4".parse::<Shards>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shards {
    count: u64,
    first: u64,
    last: u64,
}

/// A shard that is not one of its count, or text that is not `K/N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// Not two whole numbers separated by `/`.
    #[error(
        "`{0}` is not a shard: expected K/N, two whole numbers such as 3/8 (shard 3 of 8, numbered from 1)"
    )]
    Syntax(String),
    /// No shards at all.
    #[error("a run is split into at least one shard, not 0")]
    NoShards,
    /// A range of shards whose first comes after its last.
    #[error("shards {first} to {last}: the first comes after the last")]
    Reversed {
        /// The first shard.
        first: u64,
        /// The last shard.
        last: u64,
    },
    /// A shard number outside 1 to the count.
    #[error("shard {index} of {count} does not exist: shards are numbered from 1 to {count}")]
    OutOfRange {
        /// The shard asked for.
        index: u64,
        /// How many shards there are.
        count: u64,
    },
}

impl Shards {
    /// Every shoe: the one shard of one.
    pub const WHOLE: Shards = Shards {
        count: 1,
        first: 1,
        last: 1,
    };

    /// Shard `index` of `count`, numbered from 1.
    pub fn one(index: u64, count: u64) -> Result<Shards, ShardError> {
        Shards::range(index, index, count)
    }

    /// Shards `first` to `last` of `count`, numbered from 1.
    pub fn range(first: u64, last: u64, count: u64) -> Result<Shards, ShardError> {
        if count == 0 {
            return Err(ShardError::NoShards);
        }
        for index in [first, last] {
            if !(1..=count).contains(&index) {
                return Err(ShardError::OutOfRange { index, count });
            }
        }
        if first > last {
            return Err(ShardError::Reversed { first, last });
        }
        Ok(Shards { count, first, last })
    }

    /// How many shards the run is split into.
    pub fn count(self) -> u64 {
        self.count
    }

    /// The first shard held, from 1.
    pub fn first(self) -> u64 {
        self.first
    }

    /// The last shard held, from 1.
    pub fn last(self) -> u64 {
        self.last
    }

    /// Whether these are all the shards: the whole run.
    pub fn is_whole(self) -> bool {
        self.first == 1 && self.last == self.count
    }

    /// The shoes (numbered from 0) these shards hold, of a run of `total` shoes.
    pub fn shoes(self, total: u64) -> std::ops::Range<u64> {
        let start = |k: u64| (u128::from(k) * u128::from(total) / u128::from(self.count)) as u64;
        start(self.first - 1)..start(self.last)
    }
}

impl std::str::FromStr for Shards {
    type Err = ShardError;

    /// Reads `K/N`: shard K of N, numbered from 1.
    fn from_str(text: &str) -> Result<Shards, ShardError> {
        let number = |part: &str| {
            (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u64>().ok())
                .flatten()
        };
        let (index, count) = text
            .split_once('/')
            .and_then(|(k, n)| Some((number(k)?, number(n)?)))
            .ok_or_else(|| ShardError::Syntax(text.to_string()))?;
        Shards::one(index, count)
    }
}

impl std::fmt::Display for Shards {
    /// `K/N` for one shard, `K-L/N` for several.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.count)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.count)
        }
    }
}

/// What happened to one bet over the simulated shoes, exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct BetRecord {
    /// Coups before which the bet was favourable (its exact expected net above zero).
    favourable: u64,
    /// The exact sum of the player's advantage (the expected net) over those coups.
    advantage: BigRational,
    /// The largest advantage seen, exactly; `None` when the bet was never favourable.
    best: Option<BigRational>,
}

impl Default for BetRecord {
    fn default() -> BetRecord {
        BetRecord {
            favourable: 0,
            advantage: BigRational::zero(),
            best: None,
        }
    }
}

impl BetRecord {
    /// A record from its parts, when they can be one bet's over `coups` coups: at most
    /// `coups` favourable coups; none, a zero sum and no best together; else a positive best
    /// no larger than the sum, and a sum no larger than the favourable coups times the best.
    pub fn new(
        favourable: u64,
        advantage: BigRational,
        best: Option<BigRational>,
        coups: u64,
    ) -> Option<BetRecord> {
        let consistent = favourable <= coups
            && match &best {
                None => favourable == 0 && advantage.is_zero(),
                Some(best) => {
                    favourable > 0
                        && best.is_positive()
                        && *best <= advantage
                        && advantage <= best * BigRational::from_integer(favourable.into())
                }
            };
        consistent.then_some(BetRecord {
            favourable,
            advantage,
            best,
        })
    }

    /// Coups before which the bet was favourable (its exact expected net above zero).
    pub fn favourable(&self) -> u64 {
        self.favourable
    }

    /// The exact sum of the player's advantage (minus the edge) over those coups, in units
    /// staked.
    pub fn advantage(&self) -> &BigRational {
        &self.advantage
    }

    /// The largest advantage seen before a coup, exactly; `None` when never favourable.
    pub fn best(&self) -> Option<&BigRational> {
        self.best.as_ref()
    }

    /// The largest advantage as the nearest `f64`; 0 when the bet was never favourable.
    pub fn best_decimal(&self) -> f64 {
        self.best.as_ref().map_or(0.0, nearest)
    }

    /// Adds another run's record of the same bet.
    fn absorb(&mut self, other: &BetRecord) -> Option<()> {
        self.favourable = self.favourable.checked_add(other.favourable)?;
        self.advantage += &other.advantage;
        if let Some(best) = &other.best
            && self.best.as_ref().is_none_or(|mine| best > mine)
        {
            self.best = Some(best.clone());
        }
        Some(())
    }
}

/// The nearest `f64` of an exact value.
fn nearest(value: &BigRational) -> f64 {
    value.to_f64().unwrap_or(f64::NAN)
}

/// The result of a shoe simulation, or of some of its shards.
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
    /// The same figures by the cards left before each coup.
    profile: Profile,
}

/// How many bands a [`Profile`] cuts a shoe into: a band is the shoe's cards over this, and
/// one more band holds a full shoe's count when it divides evenly.
pub const PROFILE_BANDS: u64 = 52;

/// A run's coups and each bet's favourable coups and exact advantage, by the cards left in
/// the shoe before the coup, in bands of equal width (a fifty-second of the shoe, rounded up:
/// a card per deck, so 8 cards for eight decks): how often and by how much each bet turns favourable as the
/// shoe is dealt. The bands add up to the run's totals exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    width: u64,
    bands: Vec<Band>,
}

/// One band of a [`Profile`]: the coups begun with `from` to `to` cards left, and for each
/// bet its favourable coups among them and the exact sum of its advantage over those.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    from: u64,
    to: u64,
    coups: u64,
    bets: Vec<(u64, BigRational)>,
}

impl Band {
    /// The fewest cards left of the band.
    pub fn from(&self) -> u64 {
        self.from
    }

    /// The most cards left of the band.
    pub fn to(&self) -> u64 {
        self.to
    }

    /// The coups begun with a number of cards left in the band.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// The bet's favourable coups in the band, and the exact sum of its advantage over them
    /// (in units staked); `bet` is its index in the tariff.
    pub fn bet(&self, bet: usize) -> (u64, &BigRational) {
        let (favourable, sum) = &self.bets[bet];
        (*favourable, sum)
    }

    /// The share of the band's coups on which the bet was favourable, exactly; 0 for a band
    /// without coups.
    pub fn share(&self, bet: usize) -> BigRational {
        ratio(self.bets[bet].0, self.coups)
    }

    /// The bet's average advantage over its favourable coups in the band, exactly; 0 when it
    /// was never favourable there.
    pub fn average_advantage(&self, bet: usize) -> BigRational {
        let (favourable, sum) = &self.bets[bet];
        if *favourable == 0 {
            BigRational::zero()
        } else {
            sum / BigRational::from_integer((*favourable).into())
        }
    }
}

/// `numerator / denominator` exactly, 0 over 0.
fn ratio(numerator: u64, denominator: u64) -> BigRational {
    if denominator == 0 {
        BigRational::zero()
    } else {
        BigRational::new(numerator.into(), denominator.into())
    }
}

impl Profile {
    /// The width of the bands for a shoe of `n_decks` decks.
    pub fn width_for(n_decks: u64) -> u64 {
        (52 * n_decks).div_ceil(PROFILE_BANDS).max(1)
    }

    /// An empty profile of a shoe of `n_decks` decks, for `bets` bets.
    pub fn empty(n_decks: u64, bets: usize) -> Profile {
        let width = Profile::width_for(n_decks);
        let cards = 52 * n_decks;
        let bands = (0..=cards / width)
            .map(|k| Band {
                from: k * width,
                to: ((k + 1) * width - 1).min(cards),
                coups: 0,
                bets: vec![(0, BigRational::zero()); bets],
            })
            .collect();
        Profile { width, bands }
    }

    /// A profile from its bands' counts and sums, in order: each band's coups, then each
    /// bet's favourable coups and advantage sum; `None` when there are not as many bands as
    /// [`Profile::empty`] has for the shoe, or a band not as many bets.
    pub fn from_counts(
        n_decks: u64,
        bets: usize,
        counts: Vec<(u64, Vec<(u64, BigRational)>)>,
    ) -> Option<Profile> {
        let mut profile = Profile::empty(n_decks, bets);
        if counts.len() != profile.bands.len() {
            return None;
        }
        for (band, (coups, sums)) in profile.bands.iter_mut().zip(counts) {
            if sums.len() != bets {
                return None;
            }
            band.coups = coups;
            band.bets = sums;
        }
        Some(profile)
    }

    /// The width of a band, in cards.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The bands, fewest cards left first.
    pub fn bands(&self) -> &[Band] {
        &self.bands
    }

    /// The band of a coup begun with `cards_left` cards.
    fn index(&self, cards_left: u64) -> usize {
        usize::try_from(cards_left / self.width)
            .unwrap_or(usize::MAX)
            .min(self.bands.len() - 1)
    }

    /// Adds another run's profile of the same shoe and bets; `None` when a count would pass
    /// `u64::MAX`.
    fn absorb(&mut self, other: &Profile) -> Option<()> {
        for (mine, theirs) in self.bands.iter_mut().zip(&other.bands) {
            mine.coups = mine.coups.checked_add(theirs.coups)?;
            for (m, t) in mine.bets.iter_mut().zip(&theirs.bets) {
                m.0 = m.0.checked_add(t.0)?;
                m.1 += &t.1;
            }
        }
        Some(())
    }

    /// Whether the profile is of `bets` bets and adds up to the totals: its coups to `coups`,
    /// each bet's favourable coups and advantage to its record; and whether each band can be
    /// one: no more favourable coups than coups, a sum of 0 without them, else above 0 and
    /// at most the favourable coups times the record's best.
    fn adds_up_to(&self, coups: u64, records: &[BetRecord]) -> bool {
        let coups_add_up = self
            .bands
            .iter()
            .try_fold(0u64, |sum, band| sum.checked_add(band.coups))
            == Some(coups);
        let bands_can_be = self.bands.iter().all(|band| {
            band.bets.len() == records.len()
                && band.bets.iter().zip(records).all(|((favourable, sum), r)| {
                    *favourable <= band.coups
                        && match (favourable, r.best()) {
                            (0, _) => sum.is_zero(),
                            (_, None) => false,
                            (f, Some(best)) => {
                                sum.is_positive()
                                    && *sum <= best * BigRational::from_integer((*f).into())
                            }
                        }
                })
        });
        let bets_add_up = records.iter().enumerate().all(|(bet, record)| {
            let favourable = self
                .bands
                .iter()
                .try_fold(0u64, |s, band| s.checked_add(band.bets[bet].0));
            let sum: BigRational = self.bands.iter().map(|band| &band.bets[bet].1).sum();
            favourable == Some(record.favourable) && sum == record.advantage
        });
        coups_add_up && bands_can_be && bets_add_up
    }
}

/// A simulation that cannot be run, or whose counts would not fit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SimulationError {
    /// The shoe cannot be dealt.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// A cut card outside [`cut_range`]: too few cards behind it for the coups dealt after
    /// it, or too few in front of it for the burn and a coup.
    #[error("cut is `{cut}`: expected a whole number from {low} to {high} (cards left behind the cut card in a shoe of {cards} cards: room behind it for the coups dealt after it, and in front of it for the burn and a coup)", low = cut_range(*n_decks, procedure).start(), high = cut_range(*n_decks, procedure).end(), cards = 52 * n_decks)]
    Cut {
        /// The cut asked for.
        cut: u64,
        /// The decks of the shoe.
        n_decks: u64,
        /// The procedure, cut included.
        procedure: Procedure,
    },
    /// A procedure that cannot be followed whatever the cut.
    #[error(transparent)]
    Procedure(#[from] ProcedureError),
    /// Two runs of different bets cannot be added up.
    #[error("the runs follow different bets and cannot be added up")]
    DifferentBets,
    /// Two runs of shoes of different sizes cannot be added up by cards left.
    #[error("the runs dealt shoes of different sizes and cannot be added up")]
    DifferentShoes,
    /// A count of the simulation would pass `u64::MAX`.
    #[error("the count of {what} would pass {max}, the most a simulation counts", max = u64::MAX)]
    CountOverflow {
        /// What was being counted.
        what: String,
    },
}

impl Simulation {
    /// A simulation from its parts: the bets' keys with their records, over `shoes` shoes
    /// and `coups` coups, and the same by cards left; `None` when the keys and records are
    /// not as many, or the profile does not add up to the totals.
    pub fn new(
        bets: Vec<String>,
        shoes: u64,
        coups: u64,
        records: Vec<BetRecord>,
        profile: Profile,
    ) -> Option<Simulation> {
        (bets.len() == records.len() && profile.adds_up_to(coups, &records)).then_some(Simulation {
            bets,
            shoes,
            coups,
            records,
            profile,
        })
    }

    /// The run's figures by the cards left before each coup.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// How often a bet was favourable, over all coups, exactly; 0 when no coup was dealt.
    pub fn exact_frequency(&self, bet: usize) -> BigRational {
        ratio(self.records[bet].favourable, self.coups)
    }

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

    /// The exact average advantage when favourable, in units staked; zero when never.
    pub fn exact_average_advantage(&self, bet: usize) -> BigRational {
        let r = &self.records[bet];
        if r.favourable == 0 {
            BigRational::zero()
        } else {
            &r.advantage / BigRational::from_integer(r.favourable.into())
        }
    }

    /// The average advantage when favourable, in units staked: the nearest `f64` of
    /// [`exact_average_advantage`](Self::exact_average_advantage).
    pub fn average_advantage(&self, bet: usize) -> f64 {
        nearest(&self.exact_average_advantage(bet))
    }

    /// The exact expected gain per shoe of staking one unit on the bet exactly when it is
    /// favourable.
    pub fn exact_gain_per_shoe(&self, bet: usize) -> BigRational {
        &self.records[bet].advantage / BigRational::from_integer(self.shoes.max(1).into())
    }

    /// The expected gain per shoe of staking one unit on the bet exactly when it is
    /// favourable: the nearest `f64` of [`exact_gain_per_shoe`](Self::exact_gain_per_shoe).
    pub fn gain_per_shoe(&self, bet: usize) -> f64 {
        nearest(&self.exact_gain_per_shoe(bet))
    }

    /// The totals of this run and `other`, a run of other shoes of the same bets; an error
    /// when the bets differ or a count would pass `u64::MAX`.
    pub fn merged(mut self, other: &Simulation) -> Result<Simulation, SimulationError> {
        let overflow = |what: &str| SimulationError::CountOverflow { what: what.into() };
        if self.bets != other.bets {
            return Err(SimulationError::DifferentBets);
        }
        self.shoes = self
            .shoes
            .checked_add(other.shoes)
            .ok_or_else(|| overflow("shoes"))?;
        self.coups = self
            .coups
            .checked_add(other.coups)
            .ok_or_else(|| overflow("coups"))?;
        for ((mine, theirs), key) in self.records.iter_mut().zip(&other.records).zip(&other.bets) {
            mine.absorb(theirs)
                .ok_or_else(|| overflow(&format!("coups favourable to {key}")))?;
        }
        if self.profile.width != other.profile.width
            || self.profile.bands.len() != other.profile.bands.len()
        {
            return Err(SimulationError::DifferentShoes);
        }
        self.profile
            .absorb(&other.profile)
            .ok_or_else(|| overflow("coups by cards left"))?;
        Ok(self)
    }
}

/// A positive whole number: in 128 bits while it fits, in a big integer beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Count {
    Wide(u128),
    Big(BigUint),
}

impl Count {
    fn to_biguint(&self) -> BigUint {
        match self {
            Count::Wide(x) => BigUint::from(*x),
            Count::Big(x) => x.clone(),
        }
    }

    fn add(&mut self, other: &Count) {
        *self = match (&*self, other) {
            (Count::Wide(a), Count::Wide(b)) => match a.checked_add(*b) {
                Some(sum) => Count::Wide(sum),
                None => Count::Big(BigUint::from(*a) + *b),
            },
            (a, b) => Count::Big(a.to_biguint() + b.to_biguint()),
        };
    }
}

/// The numerator of an expected net: in 128 bits, the usual case, or in a big integer.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Numerator {
    Small(i128),
    Big(BigInt),
}

impl Numerator {
    /// The numerator when it is above zero.
    fn positive(self) -> Option<Count> {
        match self {
            Numerator::Small(n) => (n > 0).then(|| Count::Wide(n.unsigned_abs())),
            Numerator::Big(n) => n.is_positive().then(|| match n.to_u128() {
                Some(x) => Count::Wide(x),
                None => Count::Big(n.magnitude().clone()),
            }),
        }
    }

    fn to_bigint(&self) -> BigInt {
        match self {
            Numerator::Small(n) => BigInt::from(*n),
            Numerator::Big(n) => n.clone(),
        }
    }
}

/// One bet's net as whole numbers: on the `k`-th class of cases it nets
/// `coefficients[k] / scale` per unit staked, so that its expected net is
/// `Σ coefficients[k]·cases[k] / (scale · cases)`.
#[derive(Debug, Clone)]
struct Priced {
    /// The least common denominator of the bet's nets.
    scale: BigUint,
    coefficients: Vec<BigInt>,
    /// The same coefficients, when each fits 64 bits: the fast path.
    small: Option<Vec<i64>>,
}

impl Priced {
    fn new(nets: &[Ratio<i64>]) -> Priced {
        // lcm(a, d) = a · d / gcd(a, d), the gcd read from the reduced fraction a / d.
        let scale = nets.iter().fold(BigUint::one(), |lcm, net| {
            let d = BigUint::from(net.denom().unsigned_abs());
            let reduced = Ratio::new(lcm.clone(), d);
            lcm * reduced.denom()
        });
        let big_scale = BigInt::from(scale.clone());
        let coefficients: Vec<BigInt> = nets
            .iter()
            .map(|net| BigInt::from(*net.numer()) * &big_scale / BigInt::from(*net.denom()))
            .collect();
        let small = coefficients.iter().map(ToPrimitive::to_i64).collect();
        Priced {
            scale,
            coefficients,
            small,
        }
    }

    /// The numerator of the expected net over these cases (one count per class), exact:
    /// in 128 bits when every step fits, in big integers otherwise.
    fn numerator(&self, cases: &[u128]) -> Numerator {
        if let Some(small) = &self.small
            && let Some(n) = small.iter().zip(cases).try_fold(0i128, |sum, (&c, &k)| {
                sum.checked_add(i128::from(c).checked_mul(i128::try_from(k).ok()?)?)
            })
        {
            return Numerator::Small(n);
        }
        Numerator::Big(
            self.coefficients
                .iter()
                .zip(cases)
                .map(|(c, &k)| c * BigInt::from(k))
                .sum(),
        )
    }

    /// The same numerator from cases in big integers.
    fn numerator_big(&self, cases: &[BigUint]) -> Numerator {
        Numerator::Big(
            self.coefficients
                .iter()
                .zip(cases)
                .map(|(c, k)| c * BigInt::from(k.clone()))
                .sum(),
        )
    }

    /// The denominator of the expected net in a shoe of `n` cards.
    fn denominator(&self, n: u64) -> BigUint {
        &self.scale * sequences(n)
    }
}

/// The ordered six-card sequences N·(N−1)·…·(N−5) of a shoe of `n` cards: what every bet's
/// expected net is a fraction of, besides its common denominator.
fn sequences(n: u64) -> BigUint {
    (0..6).map(|k| BigUint::from(n - k)).product()
}

/// The bets of a rule set made ready to be valued before every coup from the engine's
/// weights, once per run: the final states grouped into classes on which every bet nets the
/// same, and each bet's nets as whole numbers over one denominator. A coup then costs the
/// engine's count, one pass adding its weights into the classes, and a few products.
#[derive(Debug, Clone)]
struct Pricing {
    drawing: DrawingRules,
    /// For each class, the indices of its final states that the drawing rules can end in
    /// ([`DrawingRules::can_end_in`]): the others always weigh nothing.
    classes: Vec<Vec<usize>>,
    /// For each class, the indices of all its final states.
    all_classes: Vec<Vec<usize>>,
    /// The bets settled on the coup, with their index among all the bets.
    on_coup: Vec<(usize, Priced)>,
    /// The bets that read more than the final state (a pair bet, a card bet), with their
    /// index, their conditions and
    /// their nets in the order of [`Priced`]'s coefficients (every line's net and the lost
    /// stake, ascending, each once).
    on_cards: Vec<(usize, CardBet, Vec<Ratio<i64>>, Priced)>,
    bets: usize,
}

impl Pricing {
    fn new(rules: &Rules) -> Pricing {
        let all = rules.tariff.all();
        let coup_bets: Vec<(usize, &Terms)> = all
            .iter()
            .enumerate()
            .filter(|(_, (_, terms))| terms.reads_state_only())
            .map(|(i, (_, terms))| (i, terms))
            .collect();
        let mut class_of: HashMap<Vec<Ratio<i64>>, usize> = HashMap::new();
        let mut classes: Vec<Vec<usize>> = Vec::new();
        let mut all_classes: Vec<Vec<usize>> = Vec::new();
        let mut class_nets: Vec<Vec<Ratio<i64>>> = Vec::new();
        for state in FinalState::all() {
            let nets: Vec<Ratio<i64>> = coup_bets
                .iter()
                .map(|(_, terms)| {
                    terms
                        .settle_state(state)
                        .expect("a bet on the final state settles on it")
                })
                .collect();
            let class = *class_of.entry(nets.clone()).or_insert_with(|| {
                classes.push(Vec::new());
                all_classes.push(Vec::new());
                class_nets.push(nets);
                classes.len() - 1
            });
            all_classes[class].push(state.index());
            if rules.drawing.can_end_in(state) {
                classes[class].push(state.index());
            }
        }
        let on_coup = coup_bets
            .iter()
            .enumerate()
            .map(|(j, (i, _))| {
                let nets: Vec<Ratio<i64>> = class_nets.iter().map(|nets| nets[j]).collect();
                (*i, Priced::new(&nets))
            })
            .collect();
        let on_cards = all
            .iter()
            .enumerate()
            .filter(|(_, (_, terms))| !terms.reads_state_only())
            .map(|(i, (_, terms))| {
                let bet = terms.to_card_bet();
                // The bet nets a line's net or loses the stake: nothing else.
                let mut nets: Vec<Ratio<i64>> = bet.lines.iter().map(|line| line.net).collect();
                nets.push(-Ratio::from_integer(1));
                nets.sort_unstable();
                nets.dedup();
                let priced = Priced::new(&nets);
                (i, bet, nets, priced)
            })
            .collect();
        Pricing {
            drawing: rules.drawing.clone(),
            classes,
            all_classes,
            on_coup,
            on_cards,
            bets: all.len(),
        }
    }

    /// The priced bet at index `bet` of the tariff.
    fn bet(&self, bet: usize) -> &Priced {
        self.on_coup
            .iter()
            .find(|(i, _)| *i == bet)
            .map(|(_, priced)| priced)
            .or_else(|| {
                self.on_cards
                    .iter()
                    .find(|(i, ..)| *i == bet)
                    .map(|(.., priced)| priced)
            })
            .expect("every bet is priced: on the coup or on the cards")
    }

    /// Each bet's exact expected net in a playable shoe whose 52 card counts are `cards`, as
    /// a numerator over [`Priced::denominator`], in the tariff's order.
    #[cfg(test)]
    fn numerators(&self, shoe: &Shoe, cards: &[u64; 52]) -> Result<Vec<BigInt>, ShoeError> {
        let mut numerators = vec![BigInt::zero(); self.bets];
        self.each_numerator(shoe, cards, &mut |bet, numerator| {
            numerators[bet] = numerator.to_bigint()
        })?;
        Ok(numerators)
    }

    /// Calls `found` with each bet's index and the numerator of its exact expected net, in a
    /// playable shoe whose 52 card counts (`4·rank + suit`) are `cards`: its rank counts are
    /// the shoe's, its suits are read by the card bets alone.
    fn each_numerator(
        &self,
        shoe: &Shoe,
        cards: &[u64; 52],
        found: &mut dyn FnMut(usize, Numerator),
    ) -> Result<(), ShoeError> {
        debug_assert!(
            Rank::ALL.iter().all(
                |r| cards[4 * r.index()..4 * r.index() + 4].iter().sum::<u64>() == shoe.count(*r)
            ),
            "the card counts are the shoe's"
        );
        // Only the engine's count and the classes depend on the shoe. The weights are taken
        // in the narrowest type the engine proved, summed by class in 128 bits (a class sum
        // is below N⁶, which that type holds) or in big integers.
        match engine::weights(shoe, &self.drawing)? {
            Weights::U64(w) => {
                self.coup_numerators(shoe.len(), &w[..], found);
                self.card_numerators(cards, &w[..], found);
            }
            Weights::U128(w) => {
                self.coup_numerators(shoe.len(), &w[..], found);
                self.card_numerators(cards, &w[..], found);
            }
            Weights::Big(w) => {
                let cases: Vec<BigUint> = self
                    .all_classes
                    .iter()
                    .map(|states| states.iter().map(|&i| &w[i]).sum::<BigUint>())
                    .collect();
                for (bet, priced) in &self.on_coup {
                    found(*bet, priced.numerator_big(&cases));
                }
                self.card_numerators(cards, &w[..], found);
            }
        }
        Ok(())
    }

    /// The numerators of the bets that read more than the final state: each bet's
    /// distribution counted over the shoe's cards ([`analysis::distribution`]), its counts
    /// of the ordered six-card sequences (in 128 bits while they fit, in big integers beyond)
    /// weighted by the bet's nets.
    fn card_numerators<I: Int>(
        &self,
        cards: &[u64; 52],
        weights: &[I],
        found: &mut dyn FnMut(usize, Numerator),
    ) {
        if self.on_cards.is_empty() {
            return;
        }
        let states: Vec<(FinalState, &I)> = weights
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(|(i, w)| (FinalState::from_index(i), w))
            .collect();
        for (bet, terms, nets, priced) in &self.on_cards {
            let mut cases = vec![BigUint::zero(); nets.len()];
            for (net, count) in analysis::distribution(terms, cards, &self.drawing, &states) {
                let at = nets
                    .binary_search(&net)
                    .expect("a bet nets one of its lines' nets or loses the stake");
                cases[at] += count.to_biguint();
            }
            let wide: Option<Vec<u128>> = cases.iter().map(ToPrimitive::to_u128).collect();
            found(
                *bet,
                match wide {
                    Some(wide) => priced.numerator(&wide),
                    None => priced.numerator_big(&cases),
                },
            );
        }
    }
}

impl Pricing {
    /// The numerators of the bets settled on the coup, from weights that fit 128 bits. The
    /// classes hold only the final states the drawing rules can end in; should their weights
    /// not add up to the shoe's N·(N−1)·…·(N−5), every state is summed instead, so that the
    /// shortcut can never lose a case.
    fn coup_numerators<W: Copy + Into<u128>>(
        &self,
        n: u64,
        weights: &[W],
        found: &mut dyn FnMut(usize, Numerator),
    ) {
        const INLINE: usize = 32;
        let sum_into = |lists: &[Vec<usize>], cases: &mut [u128]| {
            for (case, states) in cases.iter_mut().zip(lists) {
                *case = states.iter().map(|&i| weights[i].into()).sum();
            }
        };
        let mut inline = [0u128; INLINE];
        let mut spilled = Vec::new();
        let cases: &mut [u128] = if self.classes.len() <= INLINE {
            &mut inline[..self.classes.len()]
        } else {
            spilled.resize(self.classes.len(), 0);
            &mut spilled
        };
        sum_into(&self.classes, cases);
        // The weights of a shoe whose N⁶ fits 128 bits add up to N·(N−1)·…·(N−5) in 128 bits.
        let sequences = (0..6u64).map(|k| u128::from(n - k)).product::<u128>();
        if cases.iter().sum::<u128>() != sequences {
            sum_into(&self.all_classes, cases);
        }
        for (bet, priced) in &self.on_coup {
            found(*bet, priced.numerator(cases));
        }
    }
}

/// One shoe's favourable coups: for each bet, the cards left before each of them and the
/// numerator of its exact expected net then.
struct ShoeTally {
    coups: u64,
    favourable: Vec<Vec<(u64, Count)>>,
    /// The cards left before each coup.
    cards_left: Vec<u64>,
}

/// One shoe dealt to the cut card: the coups dealt and, for each bet, its favourable coups.
fn one_shoe(
    setup: &SimulationSetup,
    pricing: &Pricing,
    first_coup: &[Option<Count>],
    index: u64,
) -> Result<ShoeTally, SimulationError> {
    // Every shoe has its own stream of the seeded generator, so the result does not depend
    // on which thread, or which shard, deals which shoe.
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    rng.set_stream(index);
    let mut dealer = Dealer::try_shuffled(setup.n_decks, &mut rng)?;
    // The composition of what is left, by rank for the engine and by card for the card
    // bets, kept up to date as cards are dealt.
    let mut counts = [4 * setup.n_decks; 13];
    let mut cards = [setup.n_decks; 52];
    // The burn comes first, and its cards leave the shoe: each coup is priced on the cards
    // actually left, as `audit` prices a logged shoe whose burn is logged.
    let mut walk = dealer.burn(&setup.procedure());
    for &card in &dealer.order()[..dealer.dealt()] {
        counts[card.rank.index()] -= 1;
        cards[CardClass::index(card)] -= 1;
    }
    let mut favourable = vec![Vec::new(); pricing.bets];
    let mut cards_left = Vec::new();
    let mut coups = 0u64;
    // The bets favourable before the coup about to be dealt: counted once it is dealt.
    let mut pending: Vec<(usize, Count)> = Vec::new();
    while walk.may_begin() {
        let shoe = Shoe::from_counts(counts)?;
        let n = shoe.len();
        pending.clear();
        if coups == 0 && walk.burned() == 0 {
            // An unburned shoe starts full: its first coup was priced once for the run.
            for (bet, count) in first_coup.iter().enumerate() {
                if let Some(count) = count {
                    pending.push((bet, count.clone()));
                }
            }
        } else {
            pricing.each_numerator(&shoe, &cards, &mut |bet, numerator| {
                if let Some(count) = numerator.positive() {
                    pending.push((bet, count));
                }
            })?;
        }
        let Some(coup) = dealer.deal_next(&mut walk, &pricing.drawing) else {
            break;
        };
        for (bet, count) in pending.drain(..) {
            favourable[bet].push((n, count));
        }
        cards_left.push(n);
        for &card in coup.punto.iter().chain(&coup.banco) {
            counts[card.rank.index()] -= 1;
            cards[CardClass::index(card)] -= 1;
        }
        coups += 1;
    }
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
    fn new(bands: usize) -> Running {
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
const SHOES_PER_CHUNK: u64 = 4096;

/// Deals `setup.shoes` shuffled shoes on every core, computing every bet's exact edge before
/// every coup. `progress` is called with the number of shoes done, now and then.
///
/// Memory does not depend on the number of shoes; the totals are exact, so the same setup
/// gives the same result on any number of threads. An error when the decks are not 1 to
/// [`Dealer::MAX_DECKS`], or when a count would pass `u64::MAX`.
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
    simulate_in_chunks(setup, rules, shards, progress, SHOES_PER_CHUNK)
}

/// The cut card positions a shoe of `n_decks` decks accepts under `procedure` (cards left
/// behind it): at least [`Procedure::least_cut`] for its coups after the cut card, and at
/// most the shoe less the most its burn takes and the six cards of one coup.
pub fn cut_range(n_decks: u64, procedure: &Procedure) -> std::ops::RangeInclusive<u64> {
    Procedure::least_cut(procedure.coups_after_cut)
        ..=(52 * n_decks).saturating_sub(procedure.burn.most() + 6)
}

/// Refuses a procedure that cannot be followed, or whose cut is outside [`cut_range`].
pub fn check_procedure(procedure: &Procedure, n_decks: u64) -> Result<(), SimulationError> {
    // A shoe too small for the procedure has no cut to offer: say so, not an empty range.
    let cards = 52u64.saturating_mul(n_decks);
    if cards < procedure.least_cards() {
        return Err(ProcedureError::ShoeTooSmall {
            cards,
            burn: procedure.burn.most(),
            coups_after_cut: procedure.coups_after_cut,
        }
        .into());
    }
    if cut_range(n_decks, procedure).contains(&procedure.cut) {
        procedure.check_for(52 * n_decks)?;
        Ok(())
    } else {
        Err(SimulationError::Cut {
            cut: procedure.cut,
            n_decks,
            procedure: *procedure,
        })
    }
}

/// The fewest and the most coups a shoe of `n_decks` decks dealt by `procedure` holds: after
/// the burn, a coup takes four to six cards and coups begin while more than `cut` cards
/// remain; then come the coups after the cut card.
pub fn coups_per_shoe(n_decks: u64, procedure: &Procedure) -> std::ops::RangeInclusive<u64> {
    let cards = 52 * n_decks;
    let fewest = cards
        .saturating_sub(procedure.burn.most())
        .saturating_sub(procedure.cut);
    let most = cards
        .saturating_sub(procedure.burn.least())
        .saturating_sub(procedure.cut);
    let after = procedure.coups_after_cut;
    (fewest.div_ceil(6) + after)..=(most.div_ceil(4) + after)
}

/// [`try_simulate_shards`], dealing `shoes_per_chunk` shoes at a time (at least one).
fn simulate_in_chunks(
    setup: &SimulationSetup,
    rules: &Rules,
    shards: Shards,
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
    check_procedure(&setup.procedure(), setup.n_decks)?;
    let pricing = Pricing::new(rules);
    let mut first_coup = vec![None; pricing.bets];
    let full = Shoe::decks(setup.n_decks)?;
    pricing.each_numerator(&full, &[setup.n_decks; 52], &mut |bet, numerator| {
        first_coup[bet] = numerator.positive();
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
    let done = std::sync::atomic::AtomicU64::new(0);
    let shoes = shards.shoes(setup.shoes);
    let total = shoes.end - shoes.start;
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
                let result = one_shoe(setup, &pricing, &first_coup, index);
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if finished.is_multiple_of(100) || finished == total {
                    progress(finished);
                }
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
mod tests {
    use super::*;
    use crate::analysis::Analysis;

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

    /// Chunks change when records are gathered, never what is added up: any chunking gives
    /// the same exact totals, one chunk for all the shoes included.
    #[test]
    fn the_result_does_not_depend_on_the_chunks() {
        let rules = Rules::reference();
        let setup = setup(60, 4, 1, 20);
        let whole = simulate_in_chunks(&setup, &rules, Shards::WHOLE, &|_| {}, 60).unwrap();
        for chunk in [1, 7, 59, SHOES_PER_CHUNK] {
            let chunked =
                simulate_in_chunks(&setup, &rules, Shards::WHOLE, &|_| {}, chunk).unwrap();
            assert_eq!(chunked, whole, "{chunk}");
        }
        assert!(whole.records.iter().any(|r| r.favourable > 0));
    }

    /// The profile counts each coup in the band of the cards left before it, with each bet's
    /// favourable coups and advantage there, as a second walk finds them: the same shoes
    /// dealt again, each coup's expected nets from the exact analysis of the cards left
    /// (not from the simulation's pricing); and its bands add up to the totals.
    #[test]
    fn the_profile_is_what_a_second_walk_finds() {
        let rules = crate::variants::RuleSet::from_json(
            crate::variants::shipped("ez-baccarat").expect("a shipped variant"),
        )
        .expect("a valid rule set")
        .into_rules();
        let setup = setup(24, 5, 1, 14);
        let sim = try_simulate(&setup, &rules, &|_| {}).unwrap();
        let bets = rules.tariff.all();
        let mut expected = Profile::empty(1, bets.len());
        for index in 0..setup.shoes {
            let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
            rng.set_stream(index);
            let mut dealer = Dealer::try_shuffled(1, &mut rng).unwrap();
            let mut walk = dealer.burn(&setup.procedure());
            while walk.may_begin() {
                let mut counts = [0u64; 13];
                for card in dealer.remaining() {
                    counts[card.rank.index()] += 1;
                }
                let shoe = Shoe::from_counts(counts).unwrap();
                let analysis = Analysis::new(&shoe, &rules).unwrap();
                if dealer.deal_next(&mut walk, &rules.drawing).is_none() {
                    break;
                }
                let band = expected.index(shoe.len());
                expected.bands[band].coups += 1;
                for (bet, (_, terms)) in bets.iter().enumerate() {
                    let net = analysis.expected_net_of(terms);
                    if net.is_positive() {
                        let figures = &mut expected.bands[band].bets[bet];
                        figures.0 += 1;
                        figures.1 += net;
                    }
                }
            }
        }
        assert_eq!(sim.profile(), &expected);
        assert!(sim.profile().adds_up_to(sim.coups(), sim.records()));
        assert!(
            expected
                .bands
                .iter()
                .any(|b| b.bets.iter().any(|f| f.0 > 0)),
            "some bet turns favourable in these shoes"
        );
        // A band that does not add up is refused.
        let mut wrong = sim.profile().clone();
        wrong.bands[3].coups += 1;
        assert!(
            Simulation::new(
                sim.bets().to_vec(),
                sim.shoes(),
                sim.coups(),
                sim.records().to_vec(),
                wrong
            )
            .is_none()
        );
    }

    /// Each expected net before a coup is the exact analysis's, in every regime of the
    /// engine: u64 (8 decks), u128 (100 decks; 40,000 decks, whose fractions need big
    /// integers), big integers (60,000 decks); a pair bet's too.
    #[test]
    fn expected_nets_are_the_exact_analysis_in_every_ring() {
        for name in ["side-bets", "ez-baccarat"] {
            let rules = crate::variants::RuleSet::from_json(
                crate::variants::shipped(name).expect("a shipped variant"),
            )
            .expect("a valid rule set")
            .into_rules();
            let pricing = Pricing::new(&rules);
            for n_decks in [1, 8, 100, 40_000, 60_000] {
                let mut counts = [4 * n_decks; 13];
                counts[Rank::Nine.index()] -= 3;
                counts[Rank::Two.index()] -= 1;
                let shoe = Shoe::from_counts(counts).unwrap();
                let analysis = Analysis::new(&shoe, &rules).unwrap();
                let cards = crate::features::card_counts(&rules, &shoe).unwrap();
                let numerators = pricing.numerators(&shoe, &cards).unwrap();
                for (bet, (_, terms)) in rules.tariff.all().iter().enumerate() {
                    let ours = BigRational::new(
                        numerators[bet].clone(),
                        BigInt::from(pricing.bet(bet).denominator(shoe.len())),
                    );
                    assert_eq!(
                        ours,
                        analysis.expected_net_of(terms),
                        "{name} {n_decks} {bet}"
                    );
                }
            }
        }
    }

    /// Card bets for the tests: Either Pair (the opening's ranks), a colour bet on Punto's
    /// first two cards, 3 Giving 8 (a walk through the drawing) and one on the cards dealt
    /// (the final state alone).
    fn with_card_bets() -> Rules {
        use crate::outcome::Hand;
        use crate::rules::SideBet;
        use crate::rules::condition::{Atom, CardLine, CardSet, Cond, Numbers, Same, SetTest};
        let first_two = |hand, test| Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test));
        let pair = |hand| {
            first_two(
                hand,
                SetTest {
                    same: Some(Same::Rank),
                    ..SetTest::default()
                },
            )
        };
        let line = |when, net| CardLine { when, net };
        let bets = [
            (
                "either_pair",
                vec![line(
                    Cond::Any(vec![pair(Hand::Punto), pair(Hand::Banco)]),
                    Ratio::from_integer(5),
                )],
            ),
            (
                "punto_red",
                vec![line(
                    first_two(
                        Hand::Punto,
                        SetTest {
                            all: Some(CardClass::colour(true)),
                            ..SetTest::default()
                        },
                    ),
                    Ratio::new(5, 2),
                )],
            ),
            (
                "three_giving_eight",
                vec![line(
                    Cond::All(vec![
                        Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3]))),
                        Cond::Atom(Atom::Set(
                            CardSet::Third(Hand::Punto),
                            SetTest {
                                all: Some(CardClass::rank(Rank::Eight)),
                                ..SetTest::default()
                            },
                        )),
                    ]),
                    Ratio::from_integer(200),
                )],
            ),
            (
                "four_cards",
                vec![line(
                    Cond::Atom(Atom::CardsDealt(Numbers::of(&[4]))),
                    Ratio::new(1, 3),
                )],
            ),
        ];
        let mut rules = Rules::reference();
        for (key, lines) in bets {
            rules.tariff.side.push(SideBet {
                key: key.into(),
                terms: Terms::Cards(CardBet { lines }),
            });
        }
        rules
    }

    /// Card bets are priced as the exact analysis counts them, in every regime of the engine:
    /// u64, u128 and big integers.
    #[test]
    fn card_bets_are_priced_as_the_analysis_counts_them() {
        let rules = with_card_bets();
        let pricing = Pricing::new(&rules);
        assert_eq!(pricing.on_cards.len(), 3);
        for n_decks in [1, 8, 100, 60_000] {
            let mut counts = [4 * n_decks; 13];
            counts[Rank::Nine.index()] -= 4;
            counts[Rank::Two.index()] -= 4;
            let shoe = Shoe::from_counts(counts).unwrap();
            let analysis = Analysis::new(&shoe, &rules).unwrap();
            let cards = crate::features::card_counts(&rules, &shoe).unwrap();
            let numerators = pricing.numerators(&shoe, &cards).unwrap();
            for (bet, (key, terms)) in rules.tariff.all().iter().enumerate() {
                let ours = BigRational::new(
                    numerators[bet].clone(),
                    BigInt::from(pricing.bet(bet).denominator(shoe.len())),
                );
                assert_eq!(ours, analysis.expected_net_of(terms), "{n_decks} {key}");
            }
        }
    }

    /// Should the classes miss a state that weighs something, the numerators are still the
    /// exact analysis's: the weights no longer add up, and every state is summed instead.
    #[test]
    fn a_class_that_misses_a_state_is_caught_by_the_total() {
        let rules = Rules::reference();
        let mut pricing = Pricing::new(&rules);
        let reachable: usize = pricing.classes.iter().map(Vec::len).sum();
        assert!(reachable < pricing.all_classes.iter().map(Vec::len).sum::<usize>());
        for states in &mut pricing.classes {
            states.truncate(states.len() / 2);
        }
        let shoe = Shoe::decks(8).unwrap();
        let analysis = Analysis::new(&shoe, &rules).unwrap();
        let cards = crate::features::card_counts(&rules, &shoe).unwrap();
        let numerators = pricing.numerators(&shoe, &cards).unwrap();
        for (bet, (_, terms)) in rules.tariff.all().iter().enumerate() {
            let ours = BigRational::new(
                numerators[bet].clone(),
                BigInt::from(pricing.bet(bet).denominator(shoe.len())),
            );
            assert_eq!(ours, analysis.expected_net_of(terms));
        }
    }

    /// A bet with nets of large, coprime denominators takes the big-integer path and stays
    /// exact.
    #[test]
    fn nets_whose_denominators_pass_64_bits_stay_exact() {
        let mut rules = Rules::reference();
        let tie = crate::rules::Condition::wins(crate::outcome::Winner::Tie);
        rules.tariff.tie =
            crate::rules::Bet::paying(tie.with_total(0), Ratio::new(1, 4_294_967_291))
                .then(tie, Ratio::new(7_999_999_999, 999_999_937));
        let pricing = Pricing::new(&rules);
        assert!(pricing.bet(2).small.is_none());
        let shoe = Shoe::decks(2).unwrap();
        let analysis = Analysis::new(&shoe, &rules).unwrap();
        let cards = crate::features::card_counts(&rules, &shoe).unwrap();
        let numerators = pricing.numerators(&shoe, &cards).unwrap();
        let ours = BigRational::new(
            numerators[2].clone(),
            BigInt::from(pricing.bet(2).denominator(shoe.len())),
        );
        assert_eq!(ours, analysis.expected_net_of(&rules.tariff.all()[2].1));
    }

    /// The shards partition the shoes in order, whatever their number.
    #[test]
    fn shards_partition_the_shoes() {
        for total in [0, 1, 5, 97, u64::MAX] {
            for count in [1, 2, 3, 7, 100, u64::MAX] {
                let mut next = 0;
                for index in [1, 2, 3, count - 1, count] {
                    if index == 0 || index > count {
                        continue;
                    }
                    let shoes = Shards::one(index, count).unwrap().shoes(total);
                    if index == 1 {
                        assert_eq!(shoes.start, 0);
                    }
                    if index == count {
                        assert_eq!(shoes.end, total);
                    }
                    assert!(shoes.end - shoes.start <= total.div_ceil(count));
                    next = shoes.end;
                }
                assert_eq!(next, total);
                let mut joined = 0;
                if count <= 100 {
                    for index in 1..=count {
                        let shoes = Shards::one(index, count).unwrap().shoes(total);
                        assert_eq!(shoes.start, joined);
                        joined = shoes.end;
                    }
                    assert_eq!(joined, total);
                }
            }
        }
        assert_eq!(
            Shards::range(2, 3, 4).unwrap().shoes(8),
            Shards::one(2, 4).unwrap().shoes(8).start..Shards::one(3, 4).unwrap().shoes(8).end
        );
    }

    #[test]
    fn shards_are_read_as_k_of_n() {
        assert_eq!("3/8".parse::<Shards>().unwrap(), Shards::one(3, 8).unwrap());
        for bad in [
            "",
            "3",
            "3/",
            "/8",
            "3/8/1",
            "-1/8",
            "+3/8",
            "3 /8",
            "a/b",
            "3/99999999999999999999",
        ] {
            assert_eq!(
                bad.parse::<Shards>(),
                Err(ShardError::Syntax(bad.into())),
                "{bad}"
            );
        }
        assert_eq!(
            "0/8".parse::<Shards>(),
            Err(ShardError::OutOfRange { index: 0, count: 8 })
        );
        assert_eq!(
            "9/8".parse::<Shards>(),
            Err(ShardError::OutOfRange { index: 9, count: 8 })
        );
        assert_eq!("1/0".parse::<Shards>(), Err(ShardError::NoShards));
        assert_eq!(
            Shards::range(3, 2, 4),
            Err(ShardError::Reversed { first: 3, last: 2 })
        );
        assert_eq!(
            "9/8".parse::<Shards>().unwrap_err().to_string(),
            "shard 9 of 8 does not exist: shards are numbered from 1 to 8"
        );
    }

    /// The bounds on coups a shoe holds are met by every shoe dealt, and are tight.
    #[test]
    fn every_shoe_holds_coups_within_the_bounds() {
        let rules = Rules::reference();
        let pricing = Pricing::new(&rules);
        for setup in [
            setup(200, 3, 1, 11),
            SimulationSetup {
                burn: Burn::None,
                coups_after_cut: 0,
                ..setup(200, 3, 1, 5)
            },
            SimulationSetup {
                burn: Burn::FirstCard { ace: 11 },
                coups_after_cut: 3,
                ..setup(200, 3, 1, 23)
            },
        ] {
            let (mut low, mut high) = (u64::MAX, 0);
            for index in 0..setup.shoes {
                let coups = one_shoe(&setup, &pricing, &[None, None, None], index)
                    .unwrap()
                    .coups;
                low = low.min(coups);
                high = high.max(coups);
            }
            let bounds = coups_per_shoe(1, &setup.procedure());
            assert!(
                bounds.contains(&low) && bounds.contains(&high),
                "{low}..{high} {bounds:?}"
            );
        }
    }
}
