//! How a shoe simulation deals: the setup of a run, the procedures a shoe accepts, and the
//! share of its shoes (a shard) one run deals.

use crate::rules::dealing::{Burn, Procedure, ProcedureError};
use crate::shoe::ShoeError;

/// How a shoe simulation deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulationSetup {
    /// How many shoes to deal; any number, memory does not grow with it.
    pub shoes: u64,
    /// The seed of the shuffles: the same seed deals the same shoes.
    pub seed: u64,
    /// Decks per shoe, 1 to [`Dealer::MAX_DECKS`](crate::dealer::Dealer::MAX_DECKS).
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
    /// Refuses a run whose shoes cannot be dealt: no decks, more than
    /// [`crate::dealer::Dealer::MAX_DECKS`], or a procedure [`check_procedure`] refuses.
    pub(super) fn check(&self) -> Result<(), SimulationError> {
        if self.n_decks == 0 {
            return Err(ShoeError::NoDecks(0).into());
        }
        if self.n_decks > crate::dealer::Dealer::MAX_DECKS {
            return Err(ShoeError::TooManyDecks {
                decks: self.n_decks,
                max: crate::dealer::Dealer::MAX_DECKS,
            }
            .into());
        }
        check_procedure(&self.procedure(), self.n_decks)
    }

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
    pub(super) count: u64,
    pub(super) first: u64,
    pub(super) last: u64,
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
