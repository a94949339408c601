//! Named shufflers: the fair one and the deliberately wrong ones a lab's battery must catch.
//!
//! Every shuffler takes the cards of a shoe in a given order (for the wrong ones that
//! matters: a real shoe starts from decks in factory order, see [`factory_order`]) and a
//! seeded ChaCha8 generator ([`crate::dealer::Dealer::rng`]), and returns the cards in dealing
//! order. A fair shuffle of any starting order is uniform; a wrong one is not, and the
//! starting order is what it fails to hide.
//!
//! The names are what `shuffle-test --plan` and the `shoes` command take: `fair`,
//! `modulo-bias[:BITS]`, `naive-swap`, `riffle[:K]`, `shelf[:S]`, `tiny-seed[:BITS]`,
//! `nines-late[:PERCENT]`.

use crate::card::{Card, Rank, Suit};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

/// A named shuffler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shuffler {
    /// Fisher–Yates with an unbiased index: every arrangement equally likely.
    Fair,
    /// Fisher–Yates whose index is a random number of `bits` bits reduced modulo i + 1: the
    /// small indices are favoured whenever 2^bits is not a multiple of i + 1, and for
    /// i + 1 > 2^bits the large ones are never drawn.
    ModuloBias {
        /// The bits of the random number (1 to 32).
        bits: u32,
    },
    /// The naive shuffle: each position in turn swapped with any position (n^n equally
    /// likely swap sequences, which n! does not divide).
    NaiveSwap,
    /// `times` Gilbert–Shannon–Reeds riffle shuffles: a binomial cut, then cards dropped
    /// from each packet in proportion to its size.
    Riffle {
        /// How many riffles (1 to 64).
        times: u32,
    },
    /// One pass of a shelf shuffler with `shelves` shelves (Diaconis, Fulman and Holmes,
    /// "Analysis of casino shelf shuffling machines", Ann. Appl. Probab. 23, 2013): each card
    /// in turn goes to a random shelf, on top or at the bottom of its pile at random, and the
    /// shelves are unloaded in order.
    Shelf {
        /// How many shelves (1 to 1,000).
        shelves: u32,
    },
    /// A fair shuffle from a generator reseeded from a seed of `bits` bits: only 2^bits
    /// shoes can come out, so they repeat.
    TinySeed {
        /// The bits of the seed (1 to 63).
        bits: u32,
    },
    /// A fair shuffle, then each nine in the first half of the shoe, with probability
    /// `percent` / 100, trades places with a card drawn uniformly from the second half:
    /// nines come late.
    NinesLate {
        /// The chance, in percent (1 to 100), that a nine of the first half is moved.
        percent: u32,
    },
}

/// The default bits of [`Shuffler::ModuloBias`]: 2^9 = 512 against 416 cards, so that the
/// first 96 indices are drawn twice as often at the first step (caught within a few thousand
/// eight-deck shoes).
pub const MODULO_BIAS_BITS: u32 = 9;
/// The default riffles of [`Shuffler::Riffle`].
pub const RIFFLES: u32 = 3;
/// The default shelves of [`Shuffler::Shelf`].
pub const SHELVES: u32 = 10;
/// The default seed bits of [`Shuffler::TinySeed`]: 65,536 shoes, a repeat expected within
/// a few hundred.
pub const TINY_SEED_BITS: u32 = 16;
/// The default chance of [`Shuffler::NinesLate`], in percent.
pub const NINES_LATE_PERCENT: u32 = 25;

/// A shuffler name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{name}` is not a shuffler: expected {ACCEPTED_SHUFFLERS}")]
pub struct ShufflerError {
    /// The name as given.
    pub name: String,
}

/// The shuffler names accepted, for error messages.
pub const ACCEPTED_SHUFFLERS: &str = "fair, modulo-bias[:BITS 1-32], naive-swap, riffle[:K 1-64], shelf[:S 1-1000], tiny-seed[:BITS 1-63] or nines-late[:PERCENT 1-100]";

impl FromStr for Shuffler {
    type Err = ShufflerError;

    /// Reads a name such as `fair`, `riffle:3` or `modulo-bias`.
    ///
    /// ```
    /// use punto_banco::lab::shufflers::Shuffler;
    /// assert_eq!("riffle:7".parse(), Ok(Shuffler::Riffle { times: 7 }));
    /// assert_eq!("shelf".parse(), Ok(Shuffler::Shelf { shelves: 10 }));
    /// assert!("riffle:0".parse::<Shuffler>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Shuffler, ShufflerError> {
        let error = || ShufflerError {
            name: text.to_string(),
        };
        let (name, parameter) = match text.split_once(':') {
            Some((name, p)) => (name, Some(p)),
            None => (text, None),
        };
        let number = |default: u32, max: u32| -> Result<u32, ShufflerError> {
            match parameter {
                None => Ok(default),
                Some(p) => p
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| (1..=max).contains(&n))
                    .ok_or_else(error),
            }
        };
        let plain = |shuffler: Shuffler| parameter.is_none().then_some(shuffler).ok_or_else(error);
        match name {
            "fair" => plain(Shuffler::Fair),
            "naive-swap" => plain(Shuffler::NaiveSwap),
            "modulo-bias" => Ok(Shuffler::ModuloBias {
                bits: number(MODULO_BIAS_BITS, 32)?,
            }),
            "riffle" => Ok(Shuffler::Riffle {
                times: number(RIFFLES, 64)?,
            }),
            "shelf" => Ok(Shuffler::Shelf {
                shelves: number(SHELVES, 1000)?,
            }),
            "tiny-seed" => Ok(Shuffler::TinySeed {
                bits: number(TINY_SEED_BITS, 63)?,
            }),
            "nines-late" => Ok(Shuffler::NinesLate {
                percent: number(NINES_LATE_PERCENT, 100)?,
            }),
            _ => Err(error()),
        }
    }
}

impl fmt::Display for Shuffler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shuffler::Fair => write!(f, "fair"),
            Shuffler::ModuloBias { bits } => write!(f, "modulo-bias:{bits}"),
            Shuffler::NaiveSwap => write!(f, "naive-swap"),
            Shuffler::Riffle { times } => write!(f, "riffle:{times}"),
            Shuffler::Shelf { shelves } => write!(f, "shelf:{shelves}"),
            Shuffler::TinySeed { bits } => write!(f, "tiny-seed:{bits}"),
            Shuffler::NinesLate { percent } => write!(f, "nines-late:{percent}"),
        }
    }
}

/// `n_decks` decks in factory order, deck after deck, each suit by suit (♠ ♥ ♦ ♣) and each
/// suit A to K: the order [`crate::dealer::Dealer::shuffled`] lays decks out in.
pub fn factory_order(n_decks: usize) -> Vec<Card> {
    let deck = Suit::ALL
        .iter()
        .flat_map(|&suit| Rank::ALL.iter().map(move |&rank| Card::new(rank, suit)));
    std::iter::repeat_n(deck, n_decks).flatten().collect()
}

/// The cards of a shoe of any composition (the count of each card by [`Card::index`]) laid
/// out as decks in factory order are: deck after deck, the j-th holding every card the shoe
/// has more than j of, in [`factory_order`]'s order. For whole decks it is
/// [`factory_order`].
///
/// ```
/// use punto_banco::lab::shufflers::{factory_order, factory_order_of};
/// assert_eq!(factory_order_of(&[2; 52]), factory_order(2));
/// ```
pub fn factory_order_of(counts: &[u64; 52]) -> Vec<Card> {
    let deck: Vec<Card> = factory_order(1);
    let most = counts.iter().copied().max().unwrap_or(0);
    (0..most)
        .flat_map(|j| {
            deck.iter()
                .copied()
                .filter(move |card| counts[card.index()] > j)
        })
        .collect()
}

impl Shuffler {
    /// Every shuffler with its default parameters, the fair one first.
    pub const ALL: [Shuffler; 7] = [
        Shuffler::Fair,
        Shuffler::ModuloBias {
            bits: MODULO_BIAS_BITS,
        },
        Shuffler::NaiveSwap,
        Shuffler::Riffle { times: RIFFLES },
        Shuffler::Shelf { shelves: SHELVES },
        Shuffler::TinySeed {
            bits: TINY_SEED_BITS,
        },
        Shuffler::NinesLate {
            percent: NINES_LATE_PERCENT,
        },
    ];

    /// The cards in dealing order, shuffled from the order given.
    ///
    /// ```
    /// use punto_banco::dealer::Dealer;
    /// use punto_banco::lab::shufflers::{Shuffler, factory_order};
    /// let shoe = Shuffler::Fair.shuffle(&factory_order(8), &mut Dealer::rng(1));
    /// assert_eq!(shoe.len(), 416);
    /// ```
    pub fn shuffle(&self, cards: &[Card], rng: &mut ChaCha8Rng) -> Vec<Card> {
        let mut cards = cards.to_vec();
        match *self {
            Shuffler::Fair => cards.shuffle(rng),
            Shuffler::ModuloBias { bits } => {
                for i in (1..cards.len()).rev() {
                    let r = (rng.next_u32() >> (32 - bits)) as usize;
                    cards.swap(i, r % (i + 1));
                }
            }
            Shuffler::NaiveSwap => {
                let n = cards.len();
                for i in 0..n {
                    cards.swap(i, rng.random_range(0..n));
                }
            }
            Shuffler::Riffle { times } => {
                for _ in 0..times {
                    cards = riffle(&cards, rng);
                }
            }
            Shuffler::Shelf { shelves } => {
                let mut piles: Vec<VecDeque<Card>> = vec![VecDeque::new(); shelves as usize];
                for &card in &cards {
                    let pile = &mut piles[rng.random_range(0..shelves as usize)];
                    if rng.random_bool(0.5) {
                        pile.push_front(card);
                    } else {
                        pile.push_back(card);
                    }
                }
                cards = piles.into_iter().flatten().collect();
            }
            Shuffler::TinySeed { bits } => {
                let seed = rng.next_u64() & ((1u64 << bits) - 1);
                cards.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
            }
            Shuffler::NinesLate { percent } => {
                cards.shuffle(rng);
                let n = cards.len();
                let half = n / 2;
                if half > 0 {
                    for i in 0..half {
                        if cards[i].rank == Rank::Nine && rng.random_range(0..100) < percent {
                            cards.swap(i, rng.random_range(half..n));
                        }
                    }
                }
            }
        }
        cards
    }
}

/// One Gilbert–Shannon–Reeds riffle: the cut after a Binomial(n, 1/2) number of cards, then
/// the next card from a packet of a cards against b with probability a / (a + b).
fn riffle(cards: &[Card], rng: &mut ChaCha8Rng) -> Vec<Card> {
    let n = cards.len();
    let cut = (0..n).filter(|_| rng.random_bool(0.5)).count();
    let (mut left, mut right) = (&cards[..cut], &cards[cut..]);
    let mut out = Vec::with_capacity(n);
    while !left.is_empty() || !right.is_empty() {
        let (a, b) = (left.len(), right.len());
        if rng.random_range(0..a + b) < a {
            out.push(left[0]);
            left = &left[1..];
        } else {
            out.push(right[0]);
            right = &right[1..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::Dealer;

    #[test]
    fn every_name_reads_back() {
        for shuffler in Shuffler::ALL {
            assert_eq!(shuffler.to_string().parse(), Ok(shuffler));
        }
        for bad in [
            "",
            "fair:2",
            "riffle:",
            "riffle:65",
            "modulo-bias:33",
            "tiny-seed:0",
            "Fair",
        ] {
            assert!(bad.parse::<Shuffler>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_shuffler_keeps_the_cards() {
        let start = factory_order(2);
        let mut sorted = start.clone();
        sorted.sort();
        for shuffler in Shuffler::ALL {
            let mut shoe = shuffler.shuffle(&start, &mut Dealer::rng(3));
            assert_ne!(shoe, start, "{shuffler}");
            shoe.sort();
            assert_eq!(shoe, sorted, "{shuffler}");
        }
    }

    #[test]
    fn the_fair_shuffle_of_three_cards_is_uniform_and_the_naive_one_is_not() {
        // Three distinct cards: 6 arrangements. The naive swap draws 3³ = 27 swap sequences
        // equally, so some arrangements come 5/27 and others 4/27 of the time.
        let start: Vec<Card> = factory_order(1)[..3].to_vec();
        let trials = 60_000;
        let mut rng = Dealer::rng(11);
        let count = |shuffler: Shuffler, rng: &mut ChaCha8Rng| {
            let mut counts = std::collections::BTreeMap::new();
            for _ in 0..trials {
                *counts.entry(shuffler.shuffle(&start, rng)).or_insert(0u32) += 1;
            }
            counts
        };
        let fair = count(Shuffler::Fair, &mut rng);
        assert_eq!(fair.len(), 6);
        assert!(
            fair.values().all(|&c| (c as f64 - 10_000.0).abs() < 500.0),
            "{fair:?}"
        );
        let naive = count(Shuffler::NaiveSwap, &mut rng);
        let high = naive
            .values()
            .filter(|&&c| (c as f64 - trials as f64 * 5.0 / 27.0).abs() < 500.0)
            .count();
        assert_eq!(high, 3, "{naive:?}");
    }

    #[test]
    fn a_tiny_seed_repeats_shoes() {
        let start = factory_order(1);
        let mut rng = Dealer::rng(5);
        let shoes: std::collections::HashSet<Vec<Card>> = (0..64)
            .map(|_| Shuffler::TinySeed { bits: 3 }.shuffle(&start, &mut rng))
            .collect();
        assert!(shoes.len() <= 8);
    }

    #[test]
    fn nines_late_moves_nines_back() {
        let start = factory_order(8);
        let mut rng = Dealer::rng(9);
        let mut early = 0;
        for _ in 0..200 {
            let shoe = Shuffler::NinesLate { percent: 100 }.shuffle(&start, &mut rng);
            early += shoe[..208].iter().filter(|c| c.rank == Rank::Nine).count();
        }
        // A fair shoe has 16 nines in its first half on average (3,200 over 200 shoes); here
        // each one leaves it, and only the nines it trades with (about 8 % of the second
        // half's cards) take its place.
        assert!(early < 800, "{early}");
    }
}
