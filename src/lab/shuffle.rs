//! The shuffle battery: shoes in dealing order, one JSON line each, tested for what a fair
//! shuffle cannot produce.
//!
//! A line is `{"cards": ["4H", "2S", …]}`, every card of one shoe in dealing order, with an
//! optional `"decks": N` that states the composition (N full decks) and is checked. Every
//! shoe must have the composition of the first. The reading streams: what is kept is a
//! table of counts by position and card (at most [`MAX_SHOE_CARDS`] × 52 counters), a few
//! sums, and two bounded tables of shoe fingerprints ([`FINGERPRINT_TABLE`] entries each) for
//! the repeated-shoe tests; memory does not grow with the file beyond them.
//!
//! The tests and why each is sound are in `docs/en/shuffle-test.md`; the exact null moments
//! are in [`super::moments`].

use super::moments::{serial_moments, transition_moments, turning, turning_point_moments};
use super::{
    Battery, Covariance, StatisticKind, TestResult, bennett_two_sided, chi_square_sf,
    normal_two_sided,
};
use crate::card::{Card, Rank};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use statrs::function::gamma::ln_gamma;
use std::collections::{HashMap, HashSet};
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock};

/// The most cards a shoe may hold: 64 decks.
pub const MAX_SHOE_CARDS: usize = 52 * 64;
/// The most shoes whose fingerprints are kept for the repeated-shoe tests (16 MiB each
/// table). Shoes beyond are still compared with those kept.
pub const FINGERPRINT_TABLE: usize = 1 << 20;
/// The default number of lags of the serial-correlation tests.
pub const DEFAULT_LAGS: usize = 5;
/// The most lags.
pub const MAX_LAGS: usize = 64;
/// The most position bins of the position tests.
pub const MAX_BINS: usize = 52;
/// A prefix is long enough to test for sharing when the chance that two fair shoes share
/// it is at most this.
const PREFIX_BOUND: f64 = 1e-30;
/// The fewest events a serial-correlation or runs test must expect over the sample for its
/// p-value to be read from the normal approximation; below, it is Bennett's bound. An event
/// is what moves such a statistic when one value (or rank) fills most of the shoe: two
/// cards of the others `lag` apart, or one at the shoe's ends (`docs/en/shuffle-test.md`
/// counts them). Their count, weighted, is 1 over the excess kurtosis of the sum they
/// make as independent Poisson counts; a Poisson count of 30 or more, corrected for
/// continuity, is read from the normal within a few tenths of its level at 10⁻³.
pub const MIN_EVENTS: f64 = 30.0;
/// The fewest expected counts in every transition between value groups for the successor
/// test (values are pooled until they have it), as for the position tests' bins.
const MIN_EXPECTED: f64 = 5.0;

/// A shoe line that cannot be read or whose cards are not the expected composition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ShoeLineError {
    /// The 1-based line number.
    pub line: usize,
    /// The 1-based column (in characters).
    pub column: usize,
    /// What was wrong and what is accepted.
    pub message: String,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeLine {
    cards: Vec<String>,
    decks: Option<u64>,
}

/// A test of the shuffle battery. Its [`key`](ShuffleTestName::key) is the stable name its
/// [`TestResult`] carries and its JSON writes; each report translates every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShuffleTestName {
    /// Card values against position bins (a chi-square).
    ValueByPosition,
    /// Ranks against position bins (a chi-square).
    RankByPosition,
    /// Suits against position bins (a chi-square).
    SuitByPosition,
    /// The exact card against position bins (a chi-square).
    CardByPosition,
    /// The transitions between successive values (a Mahalanobis distance).
    SuccessorPairs,
    /// The serial correlation of values at one lag, 1 or more (a z).
    SerialCorrelation {
        /// The distance between the positions correlated.
        lag: usize,
    },
    /// The turning points of the ranks (a z).
    RunsUpDown,
    /// The rising sequences of the order of first occurrences (a z).
    RisingSequences,
    /// Shoes equal to an earlier one (a match count).
    RepeatedShoes,
    /// Shoes whose long prefix repeats an earlier one's (a match count).
    SharedPrefixes,
}

impl ShuffleTestName {
    /// The battery's tests in its order, with serial correlations at lags 1 to `lags`.
    ///
    /// ```
    /// use punto_banco::lab::shuffle::ShuffleTestName;
    /// let keys: Vec<String> = ShuffleTestName::battery(1).iter().map(|t| t.key()).collect();
    /// assert_eq!(keys[4..6], ["successor_pairs", "serial_correlation_lag_1"]);
    /// ```
    pub fn battery(lags: usize) -> Vec<ShuffleTestName> {
        use ShuffleTestName::*;
        let mut tests = vec![
            ValueByPosition,
            RankByPosition,
            SuitByPosition,
            CardByPosition,
            SuccessorPairs,
        ];
        tests.extend((1..=lags).map(|lag| SerialCorrelation { lag }));
        tests.extend([RunsUpDown, RisingSequences, RepeatedShoes, SharedPrefixes]);
        tests
    }

    /// The stable snake_case key, such as `card_by_position` or `serial_correlation_lag_2`.
    pub fn key(self) -> String {
        use ShuffleTestName::*;
        match self {
            ValueByPosition => "value_by_position".into(),
            RankByPosition => "rank_by_position".into(),
            SuitByPosition => "suit_by_position".into(),
            CardByPosition => "card_by_position".into(),
            SuccessorPairs => "successor_pairs".into(),
            SerialCorrelation { lag } => format!("serial_correlation_lag_{lag}"),
            RunsUpDown => "runs_up_down".into(),
            RisingSequences => "rising_sequences".into(),
            RepeatedShoes => "repeated_shoes".into(),
            SharedPrefixes => "shared_prefixes".into(),
        }
    }

    /// The test whose [`key`](ShuffleTestName::key) this is; `None` for any other text
    /// (another battery's test, or no test).
    ///
    /// ```
    /// use punto_banco::lab::shuffle::ShuffleTestName;
    /// let lag = ShuffleTestName::SerialCorrelation { lag: 12 };
    /// assert_eq!(ShuffleTestName::from_key(&lag.key()), Some(lag));
    /// assert_eq!(ShuffleTestName::from_key("serial_correlation_lag_012"), None);
    /// assert_eq!(ShuffleTestName::from_key("outcomes"), None);
    /// ```
    pub fn from_key(key: &str) -> Option<ShuffleTestName> {
        let lag = key
            .strip_prefix("serial_correlation_lag_")
            .and_then(|lag| lag.parse().ok())
            .filter(|&lag| lag >= 1)
            .map(|lag| ShuffleTestName::SerialCorrelation { lag });
        // The key written back must be the text read, so "lag_012" is no lag 12.
        lag.into_iter()
            .chain(ShuffleTestName::battery(0))
            .find(|test| test.key() == key)
    }
}

/// The streaming state of the battery.
#[derive(Debug, Clone)]
pub struct ShuffleTest {
    lags: usize,
    composition: Option<[u64; 52]>,
    n: usize,
    shoes: u64,
    by_position: Vec<[u64; 52]>,
    transitions: [u64; 100],
    serial: Vec<u128>,
    turning_points: u128,
    rising: u128,
    repeats: HashSet<u128>,
    repeat_matches: u64,
    prefixes: HashSet<u128>,
    prefix_matches: u64,
    prefix_len: Option<usize>,
    cards: Vec<u8>,
    values: Vec<u8>,
}

/// The baccarat value of each card index (rank-major: A♠ A♥ A♦ A♣ 2♠ …).
const VALUE_OF: [u8; 52] = {
    let mut table = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4;
        table[i] = if rank < 9 { rank as u8 + 1 } else { 0 };
        i += 1;
    }
    table
};

impl Default for ShuffleTest {
    fn default() -> ShuffleTest {
        ShuffleTest::new(DEFAULT_LAGS)
    }
}

fn column_of(line: &[u8], offset: usize) -> usize {
    String::from_utf8_lossy(&line[..offset.min(line.len())])
        .chars()
        .count()
        + 1
}

/// The ASCII card forms (`4H`, `10d`, `TS`, `qc`) read without allocating; anything else
/// goes through [`Card::from_str`].
fn card_index(token: &[u8]) -> Option<u8> {
    let (rank, suit) = match token {
        [r, s] => (
            match r.to_ascii_uppercase() {
                b'A' => 0,
                d @ b'2'..=b'9' => d - b'1',
                b'T' => 9,
                b'J' => 10,
                b'Q' => 11,
                b'K' => 12,
                _ => return slow_index(token),
            },
            *s,
        ),
        [b'1', b'0', s] => (9, *s),
        _ => return slow_index(token),
    };
    let suit = match suit.to_ascii_uppercase() {
        b'S' => 0,
        b'H' => 1,
        b'D' => 2,
        b'C' => 3,
        _ => return slow_index(token),
    };
    Some(4 * rank + suit)
}

fn slow_index(token: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(token).ok()?;
    Card::from_str(text).ok().map(|c| c.index() as u8)
}

fn skip_ws(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && matches!(line[i], b' ' | b'\t' | b'\r') {
        i += 1;
    }
    i
}

enum Fast {
    /// Cards read, with the stated decks.
    Read(Option<u64>),
    /// Not the common form: serde_json reads it.
    Other,
    /// A token that is not a card, at this byte offset.
    BadCard(usize, String),
}

/// Reads `{"cards": ["4H", …]}` or `{"cards": [...], "decks": N}` by hand.
fn parse_fast(line: &[u8], cards: &mut Vec<u8>) -> Fast {
    cards.clear();
    let mut i = skip_ws(line, 0);
    let expect = |i: usize, what: &[u8]| line.get(i..i + what.len()) == Some(what);
    if !expect(i, b"{") {
        return Fast::Other;
    }
    i = skip_ws(line, i + 1);
    if !expect(i, b"\"cards\"") {
        return Fast::Other;
    }
    i = skip_ws(line, i + 7);
    if !expect(i, b":") {
        return Fast::Other;
    }
    i = skip_ws(line, i + 1);
    if !expect(i, b"[") {
        return Fast::Other;
    }
    i = skip_ws(line, i + 1);
    loop {
        if !expect(i, b"\"") {
            return Fast::Other;
        }
        let start = i + 1;
        let Some(length) = line[start..].iter().position(|&b| b == b'"' || b == b'\\') else {
            return Fast::Other;
        };
        let end = start + length;
        if line[end] == b'\\' {
            return Fast::Other;
        }
        match card_index(&line[start..end]) {
            Some(index) => cards.push(index),
            None => {
                return Fast::BadCard(start, String::from_utf8_lossy(&line[start..end]).into());
            }
        }
        i = skip_ws(line, end + 1);
        match line.get(i) {
            Some(b',') => i = skip_ws(line, i + 1),
            Some(b']') => break,
            _ => return Fast::Other,
        }
    }
    i = skip_ws(line, i + 1);
    let mut decks = None;
    if expect(i, b",") {
        i = skip_ws(line, i + 1);
        if !expect(i, b"\"decks\"") {
            return Fast::Other;
        }
        i = skip_ws(line, i + 7);
        if !expect(i, b":") {
            return Fast::Other;
        }
        i = skip_ws(line, i + 1);
        let digits = line[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 6 || (digits > 1 && line[i] == b'0') {
            return Fast::Other;
        }
        let text = std::str::from_utf8(&line[i..i + digits]).unwrap_or("0");
        decks = text.parse().ok();
        i = skip_ws(line, i + digits);
    }
    if !expect(i, b"}") || skip_ws(line, i + 1) != line.len() {
        return Fast::Other;
    }
    Fast::Read(decks)
}

/// A 128-bit fingerprint of a sequence of card indices (two multiply-rotate hashes).
fn fingerprint(cards: &[u8]) -> u128 {
    let (mut a, mut b) = (0x9e37_79b9_7f4a_7c15u64, 0xc2b2_ae3d_27d4_eb4fu64);
    for chunk in cards.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        a = (a ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
        b = (b ^ x.rotate_left(17))
            .wrapping_mul(0xc4ce_b9fe_1a85_ec53)
            .rotate_left(31);
    }
    a ^= cards.len() as u64;
    b ^= (cards.len() as u64).rotate_left(32);
    ((a as u128) << 64) | b.wrapping_mul(0x9e37_79b9_7f4a_7c15) as u128
}

/// The order of a card identity in factory order: suit by suit, A to K.
fn factory_rank(index: usize) -> usize {
    13 * (index % 4) + index / 4
}

/// The null of one z test, per shoe: the statistic's exact mean and variance, the lattice its
/// values lie on (its step), bounds it cannot leave, and the events that carry its variance.
#[derive(Debug, Clone, PartialEq)]
struct ZNull {
    mean: BigRational,
    variance: BigRational,
    /// Every value of the statistic is a multiple of this (0: it cannot vary).
    step: f64,
    /// The least and the most one shoe's statistic can be.
    low: f64,
    high: f64,
    /// The events one shoe is expected to hold (see [`MIN_EVENTS`]); infinite for a
    /// statistic with no rare events.
    events: f64,
}

/// The exact null moments of one composition, computed once per process and composition
/// (a few compositions at most are kept).
struct Null {
    serial: Vec<Option<ZNull>>,
    turning: Option<ZNull>,
}

type NullCache = Mutex<HashMap<([u64; 10], [u64; 13], usize), Arc<Null>>>;

fn null_moments(value_counts: &[u64; 10], rank_counts: &[u64; 13], lags: usize) -> Arc<Null> {
    static CACHE: OnceLock<NullCache> = OnceLock::new();
    let key = (*value_counts, *rank_counts, lags);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(null) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return null;
    }
    let values: Vec<i64> = (0..10).collect();
    let n: u64 = value_counts.iter().sum();
    let serial = (1..=lags)
        .map(|lag| {
            let (mean, variance) = serial_moments(value_counts, &values, lag)?;
            Some(ZNull {
                mean,
                variance,
                step: serial_step(value_counts) as f64,
                low: 0.0,
                high: (0..10)
                    .map(|v| value_counts[v] * (v * v) as u64)
                    .sum::<u64>() as f64,
                events: serial_events(value_counts, lag),
            })
        })
        .collect();
    let turning = turning_point_moments(rank_counts).map(|(mean, variance)| ZNull {
        mean,
        variance,
        step: 1.0,
        low: 0.0,
        high: n.saturating_sub(2) as f64,
        events: turning_events(rank_counts),
    });
    let null = Arc::new(Null { serial, turning });
    if let Ok(mut c) = cache.lock() {
        if c.len() >= 8 {
            c.clear();
        }
        c.insert(key, null.clone());
    }
    null
}

/// The exact mean of the transition counts between value groups and their factored
/// covariance, computed once per process and grouping.
type TransitionNull = Option<(Vec<BigRational>, Covariance)>;
type TransitionCache = Mutex<HashMap<Vec<u64>, Arc<TransitionNull>>>;

fn transition_null(group_counts: &[u64]) -> Arc<TransitionNull> {
    static CACHE: OnceLock<TransitionCache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(null) = cache.lock().ok().and_then(|c| c.get(group_counts).cloned()) {
        return null;
    }
    let null = Arc::new(
        transition_moments(group_counts)
            .and_then(|(mean, covariance)| Some((mean, Covariance::new(&covariance)?))),
    );
    if let Ok(mut c) = cache.lock() {
        if c.len() >= 8 {
            c.clear();
        }
        c.insert(group_counts.to_vec(), null.clone());
    }
    null
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The step of the lattice a serial sum lies on: the greatest common divisor of the products
/// of two values that two cards of the shoe can make (0 when every such product is 0).
fn serial_step(value_counts: &[u64; 10]) -> u64 {
    let mut step = 0;
    for a in 1..10 {
        for b in a..10 {
            let present =
                value_counts[a] > 0 && value_counts[b] > 0 && (a != b || value_counts[a] >= 2);
            if present {
                step = gcd(step, (a * b) as u64);
            }
        }
    }
    step
}

/// The effective number of events per shoe of a serial sum at `lag`: with d the most
/// frequent value and w = v − d, Σₜ vₜvₜ₊ₖ is a constant, plus Σₜ wₜwₜ₊ₖ (pairs of cards of
/// other values `lag` apart), minus d times the w of the cards in the first and last `lag`
/// positions. Taking each kind of pair and each value at the ends as an independent Poisson
/// count of its exact expectation λ and weight ω (ω = wₐw_b, or d·wₐ), the sum has excess
/// kurtosis Σλω⁴ / (Σλω²)²: the events are its inverse, (Σλω²)² / Σλω⁴, which is the count
/// itself when every weight is the same. A tie for the most frequent value takes the
/// centring with the fewest events.
fn serial_events(value_counts: &[u64; 10], lag: usize) -> f64 {
    let n = value_counts.iter().sum::<u64>() as f64;
    let k = lag as f64;
    if n < 2.0 || n <= k {
        return f64::INFINITY;
    }
    let most = value_counts.iter().copied().max().unwrap_or(0);
    (0..10)
        .filter(|&d| value_counts[d] == most)
        .map(|d| {
            let w = |v: usize| v as f64 - d as f64;
            let count = |v: usize| value_counts[v] as f64;
            let (mut second, mut fourth) = (0.0, 0.0);
            let mut add = |rate: f64, weight: f64| {
                second += rate * weight.powi(2);
                fourth += rate * weight.powi(4);
            };
            for a in (0..10).filter(|&a| a != d && value_counts[a] > 0) {
                for b in (0..10).filter(|&b| b != d && value_counts[b] > 0) {
                    let same = if a == b { 1.0 } else { 0.0 };
                    let rate = (n - k) * count(a) * (count(b) - same) / (n * (n - 1.0));
                    add(rate, w(a) * w(b));
                }
                add((2.0 * k).min(n) * count(a) / n, d as f64 * w(a));
            }
            if fourth > 0.0 {
                second * second / fourth
            } else {
                f64::INFINITY
            }
        })
        .fold(f64::INFINITY, f64::min)
}

/// The expected events per shoe that move the number of turning points when one rank fills
/// most of the shoe: a card of another rank alone among cards of that rank is always one
/// turning point, so the count moves only with such a card at either end of the shoe, or two
/// of them adjacent or one card apart. Each moves it by about one, so the events are their
/// expected number (see [`MIN_EVENTS`]).
fn turning_events(rank_counts: &[u64; 13]) -> f64 {
    let n = rank_counts.iter().sum::<u64>() as f64;
    if n < 3.0 {
        return f64::INFINITY;
    }
    let others = n - rank_counts.iter().copied().max().unwrap_or(0) as f64;
    let pairs = others * (others - 1.0).max(0.0) / n;
    2.0 * others / n + pairs + pairs * (n - 2.0) / (n - 1.0)
}

/// What a test of a sample rejects: with a defect's effect per shoe, it gives the power of
/// the sample against it (see [`super::plan::power`]).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Critical {
    /// The test was not run.
    Untested,
    /// A chi-square or Mahalanobis statistic of `df` degrees of freedom over `shoes` shoes.
    ChiSquare { df: f64, shoes: f64 },
    /// A z over `shoes` shoes of standard deviation `sd` each, read from the normal with a
    /// continuity correction of half `step`.
    Normal { shoes: f64, sd: f64, step: f64 },
    /// A z over `shoes` shoes read with Bennett's bound, each shoe at most `above` over its
    /// mean and `below` under it.
    Bennett {
        shoes: f64,
        sd: f64,
        above: f64,
        below: f64,
    },
    /// Coincidences among `pairs` pairs of shoes, each pair of chance at most e^`ln_q` under
    /// the null.
    Matches { pairs: f64, ln_q: f64 },
}

impl ShuffleTest {
    /// An empty battery with serial-correlation lags 1 to `lags` (at most [`MAX_LAGS`]).
    pub fn new(lags: usize) -> ShuffleTest {
        let lags = lags.clamp(1, MAX_LAGS);
        ShuffleTest {
            lags,
            composition: None,
            n: 0,
            shoes: 0,
            by_position: Vec::new(),
            transitions: [0; 100],
            serial: vec![0; lags],
            turning_points: 0,
            rising: 0,
            repeats: HashSet::new(),
            repeat_matches: 0,
            prefixes: HashSet::new(),
            prefix_matches: 0,
            prefix_len: None,
            cards: Vec::with_capacity(416),
            values: Vec::with_capacity(416),
        }
    }

    /// The shoes read so far.
    pub fn shoes(&self) -> u64 {
        self.shoes
    }

    /// The cards of a shoe (0 before the first).
    pub fn shoe_len(&self) -> usize {
        self.n
    }

    /// The count of each card (by [`Card::index`]) in every shoe, once a shoe has been read.
    pub fn composition(&self) -> Option<[u64; 52]> {
        self.composition
    }

    /// The serial-correlation lags tested, 1 to this.
    pub fn lags(&self) -> usize {
        self.lags
    }

    /// Reads one line (`number` is 1-based, for errors). Blank lines are skipped.
    pub fn line(&mut self, number: usize, line: &[u8]) -> Result<(), ShoeLineError> {
        let at = |column: usize, message: String| ShoeLineError {
            line: number,
            column,
            message,
        };
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            return Ok(());
        }
        let mut cards = std::mem::take(&mut self.cards);
        let decks = match parse_fast(line, &mut cards) {
            Fast::Read(decks) => decks,
            Fast::BadCard(offset, token) => {
                self.cards = cards;
                return Err(at(
                    column_of(line, offset),
                    format!(
                        "`{token}` is not a card: expected {}",
                        crate::card::ACCEPTED_CARD_FORMS
                    ),
                ));
            }
            Fast::Other => {
                let parsed: ShoeLine = serde_json::from_slice(line).map_err(|e| {
                    at(
                        e.column().max(1),
                        format!(
                            "{}: expected a shoe {{\"cards\": [\"4H\", \"2S\", …]}} with an optional \"decks\": N",
                            crate::input::json::message(&e)
                        ),
                    )
                })?;
                cards.clear();
                for token in &parsed.cards {
                    match slow_index(token.as_bytes()) {
                        Some(index) => cards.push(index),
                        None => {
                            let needle = serde_json::to_string(token).unwrap_or_default();
                            let offset = find(line, needle.as_bytes()).map_or(0, |o| o + 1);
                            self.cards = cards;
                            return Err(at(
                                column_of(line, offset),
                                format!(
                                    "`{token}` is not a card: expected {}",
                                    crate::card::ACCEPTED_CARD_FORMS
                                ),
                            ));
                        }
                    }
                }
                parsed.decks
            }
        };
        let result = self
            .check_composition(&cards, decks)
            .map_err(|message| at(1, message));
        if result.is_ok() {
            self.add(&cards);
        }
        self.cards = cards;
        result
    }

    /// Adds a shoe given as cards (the library's way, for shufflers' shoes).
    pub fn shoe(&mut self, shoe: &[Card]) -> Result<(), String> {
        let cards: Vec<u8> = shoe.iter().map(|c| c.index() as u8).collect();
        self.check_composition(&cards, None)?;
        self.add(&cards);
        Ok(())
    }

    fn check_composition(&mut self, cards: &[u8], decks: Option<u64>) -> Result<(), String> {
        if cards.is_empty() {
            return Err(
                "the shoe holds no card: expected every card of the shoe in dealing order".into(),
            );
        }
        if cards.len() > MAX_SHOE_CARDS {
            return Err(format!(
                "the shoe holds {} cards: at most {MAX_SHOE_CARDS} (64 decks) are accepted",
                cards.len()
            ));
        }
        let mut counts = [0u64; 52];
        for &c in cards {
            counts[c as usize] += 1;
        }
        if let Some(d) = decks {
            if d == 0 || d > 64 {
                return Err(format!("\"decks\" is {d}: expected 1 to 64"));
            }
            if let Some(card) = (0..52).find(|&c| counts[c] != d) {
                return Err(format!(
                    "\"decks\": {d} means every card {d} times, but {} appears {} times",
                    Card::from_index(card)
                        .map(|c| c.ascii())
                        .unwrap_or_default(),
                    counts[card]
                ));
            }
        }
        match &self.composition {
            None => {
                self.composition = Some(counts);
                self.n = cards.len();
                self.by_position = vec![[0; 52]; cards.len()];
                self.prefix_len = prefix_length(&counts);
                Ok(())
            }
            Some(first) if *first == counts => Ok(()),
            Some(first) => {
                if cards.len() != self.n {
                    return Err(format!(
                        "the shoe holds {} cards: expected {}, the composition of the first shoe",
                        cards.len(),
                        self.n
                    ));
                }
                let card = (0..52).find(|&c| counts[c] != first[c]).unwrap_or(0);
                Err(format!(
                    "{} appears {} times: expected {}, as in the first shoe (every shoe must have the first shoe's composition)",
                    Card::from_index(card)
                        .map(|c| c.ascii())
                        .unwrap_or_default(),
                    counts[card],
                    first[card]
                ))
            }
        }
    }

    fn add(&mut self, cards: &[u8]) {
        self.shoes += 1;
        for (row, &c) in self.by_position.iter_mut().zip(cards) {
            row[c as usize] += 1;
        }
        // The values once per shoe (a table by card index), then every sum over them.
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        values.extend(cards.iter().map(|&c| VALUE_OF[c as usize]));
        let rank = |c: u8| c as usize / 4;
        for pair in values.windows(2) {
            self.transitions[(pair[0] * 10 + pair[1]) as usize] += 1;
        }
        for lag in 1..=self.lags.min(values.len()) {
            // At most 81 · 3,328 per shoe and lag: a u32 holds it.
            let sum: u32 = values
                .iter()
                .zip(&values[lag..])
                .map(|(&a, &b)| a as u32 * b as u32)
                .sum();
            self.serial[lag - 1] += sum as u128;
        }
        self.values = values;
        let turns = cards
            .windows(3)
            .filter(|w| turning(rank(w[0]), rank(w[1]), rank(w[2])))
            .count();
        self.turning_points += turns as u128;
        // Rising sequences of the identities ordered by first occurrence.
        let mut first = [u16::MAX; 52];
        let mut order = 0u16;
        for &c in cards {
            let f = factory_rank(c as usize);
            if first[f] == u16::MAX {
                first[f] = order;
                order += 1;
            }
        }
        let present: Vec<u16> = first.iter().copied().filter(|&p| p != u16::MAX).collect();
        let descents = present.windows(2).filter(|w| w[1] < w[0]).count();
        self.rising += 1 + descents as u128;
        let whole = fingerprint(cards);
        if self.repeats.contains(&whole) {
            self.repeat_matches += 1;
        } else if self.repeats.len() < FINGERPRINT_TABLE {
            self.repeats.insert(whole);
        }
        if let Some(l) = self.prefix_len {
            let prefix = fingerprint(&cards[..l]);
            if self.prefixes.contains(&prefix) {
                self.prefix_matches += 1;
            } else if self.prefixes.len() < FINGERPRINT_TABLE {
                self.prefixes.insert(prefix);
            }
        }
    }

    /// The pairs of shoes compared by the fingerprint tables: every pair among the first
    /// [`FINGERPRINT_TABLE`], and each later shoe against those.
    fn pairs_compared(&self) -> f64 {
        pairs_among(self.shoes)
    }

    /// Shoes that repeated an earlier shoe exactly, and shoes whose prefix of
    /// [`ShuffleTest::prefix_len`] cards repeated an earlier one's.
    pub fn matches(&self) -> (u64, u64) {
        (self.repeat_matches, self.prefix_matches)
    }

    /// The length of the prefix the shared-prefix test compares, if the shoe is long enough.
    pub fn prefix_len(&self) -> Option<usize> {
        self.prefix_len
    }

    /// The pairs of shoes compared, as a number (for plans).
    pub fn pairs(&self) -> f64 {
        self.pairs_compared()
    }

    /// Every test, before Holm.
    pub fn raw_tests(&self) -> Vec<TestResult> {
        self.tests_as(self.shoes)
            .into_iter()
            .map(|(test, _)| test)
            .collect()
    }

    /// Every test of these shoes set up as for a sample of `shoes` shoes (the bins of the
    /// position tests, the values pooled for the successor pairs, how each z is read, which
    /// tests have enough shoes to run), each with what it rejects. A plan's pilot shoes are
    /// tested as the sample they plan for, so that the effect they measure is that of the
    /// sample's statistics.
    pub(crate) fn tests_as(&self, shoes: u64) -> Vec<(TestResult, Critical)> {
        let Some(counts) = self.composition else {
            return Vec::new();
        };
        let mut tests = Vec::new();
        let value_of = |c: usize| Rank::ALL[c / 4].value() as usize;
        tests.push(self.position_test(
            ShuffleTestName::ValueByPosition,
            10,
            &value_of,
            &counts,
            shoes,
        ));
        tests.push(self.position_test(
            ShuffleTestName::RankByPosition,
            13,
            &|c| c / 4,
            &counts,
            shoes,
        ));
        tests.push(self.position_test(
            ShuffleTestName::SuitByPosition,
            4,
            &|c| c % 4,
            &counts,
            shoes,
        ));
        tests.push(self.position_test(ShuffleTestName::CardByPosition, 52, &|c| c, &counts, shoes));
        let mut value_counts = [0u64; 10];
        let mut rank_counts = [0u64; 13];
        for c in 0..52 {
            value_counts[value_of(c)] += counts[c];
            rank_counts[c / 4] += counts[c];
        }
        let null = null_moments(&value_counts, &rank_counts, self.lags);
        tests.push(self.successor_test(&value_counts, shoes));
        for lag in 1..=self.lags {
            let test = ShuffleTestName::SerialCorrelation { lag };
            tests.push(match &null.serial[lag - 1] {
                Some(z) => self.z_test(test, self.serial[lag - 1], z, shoes),
                None => untested(test, StatisticKind::Z, "the shoe is shorter than the lag"),
            });
        }
        tests.push(match &null.turning {
            Some(z) => self.z_test(ShuffleTestName::RunsUpDown, self.turning_points, z, shoes),
            None => untested(
                ShuffleTestName::RunsUpDown,
                StatisticKind::Z,
                "shoes of fewer than 3 cards",
            ),
        });
        tests.push(self.rising_test(&counts, shoes));
        tests.extend(self.repeat_tests(&counts, shoes));
        tests
    }

    /// The battery judged at `alpha` with Holm.
    pub fn battery(&self, alpha: f64) -> Battery {
        Battery::new(self.raw_tests(), alpha)
    }

    /// Pearson's statistic of categories against position bins, scaled by (N − 1)/N (Haldane
    /// 1940: with both margins fixed its mean is (R − 1)(C − 1)·N/(N − 1)). The bins are
    /// those of a sample of `sized_as` shoes.
    fn position_test(
        &self,
        test: ShuffleTestName,
        k: usize,
        category: &dyn Fn(usize) -> usize,
        counts: &[u64; 52],
        sized_as: u64,
    ) -> (TestResult, Critical) {
        let n = self.n;
        let mut per_shoe = vec![0u64; k];
        for c in 0..52 {
            per_shoe[category(c)] += counts[c];
        }
        let present: Vec<usize> = (0..k).filter(|&c| per_shoe[c] > 0).collect();
        let smallest = present.iter().map(|&c| per_shoe[c]).min().unwrap_or(0);
        if present.len() < 2 {
            return untested(
                test,
                StatisticKind::ChiSquare,
                "the shoe holds a single category",
            );
        }
        // Bins of ⌊N/B⌋ or ⌈N/B⌉ positions: B as large as allowed with expectations ≥ 5.
        let bins = (2..=MAX_BINS.min(n)).rev().find(|&b| {
            sized_as as f64 * (n / b) as f64 * smallest as f64 / n as f64 >= MIN_EXPECTED
        });
        let Some(bins) = bins else {
            return untested(
                test,
                StatisticKind::ChiSquare,
                "too few shoes for expectations of 5 in two position bins",
            );
        };
        let mut observed = vec![vec![0u64; k]; bins];
        let mut sizes = vec![0u64; bins];
        for (t, row) in self.by_position.iter().enumerate() {
            let b = t * bins / n;
            sizes[b] += 1;
            for c in 0..52 {
                observed[b][category(c)] += row[c];
            }
        }
        let s = self.shoes as f64;
        let mut x2 = 0.0;
        for b in 0..bins {
            for &c in &present {
                let e = s * sizes[b] as f64 * per_shoe[c] as f64 / n as f64;
                let d = observed[b][c] as f64 - e;
                x2 += d * d / e;
            }
        }
        let statistic = x2 * (n as f64 - 1.0) / n as f64;
        let df = ((bins - 1) * (present.len() - 1)) as f64;
        (
            TestResult::tested(
                &test.key(),
                StatisticKind::ChiSquare,
                statistic,
                Some(df),
                chi_square_sf(df, statistic),
            )
            .with_note(format!("{bins} position bins")),
            Critical::ChiSquare {
                df,
                shoes: sized_as as f64,
            },
        )
    }

    /// The transition counts between values, as a Mahalanobis distance from their exact
    /// mean under their exact covariance. Values too rare for an expected count of 5 in
    /// every transition over `sized_as` shoes are pooled with the next rarest first.
    fn successor_test(&self, value_counts: &[u64; 10], sized_as: u64) -> (TestResult, Critical) {
        let test = ShuffleTestName::SuccessorPairs;
        let kind = StatisticKind::Mahalanobis;
        if sized_as < 50 {
            return untested(test, kind, "fewer than 50 shoes");
        }
        let groups = value_groups(value_counts, sized_as);
        let pooled = groups.len() < value_counts.iter().filter(|&&c| c > 0).count();
        if groups.len() < 2 {
            return untested(
                test,
                kind,
                if pooled {
                    "too few shoes for expected counts of 5 in the transitions between two value groups"
                } else {
                    "the shoe holds a single value, whose transitions cannot vary"
                },
            );
        }
        let null = transition_null(
            &groups
                .iter()
                .map(|g| g.iter().map(|&v| value_counts[v]).sum())
                .collect::<Vec<u64>>(),
        );
        let Some((mean, covariance)) = null.as_ref() else {
            return untested(test, kind, "shoes of fewer than 2 cards");
        };
        let k = groups.len();
        let mut group_of = [0usize; 10];
        for (g, values) in groups.iter().enumerate() {
            for &v in values {
                group_of[v] = g;
            }
        }
        let mut observed = vec![0u64; k * k];
        for a in 0..10 {
            for b in 0..10 {
                if value_counts[a] > 0 && value_counts[b] > 0 {
                    observed[group_of[a] * k + group_of[b]] += self.transitions[a * 10 + b];
                }
            }
        }
        let shoes = BigRational::from_integer(BigInt::from(self.shoes));
        let deviation: Vec<BigRational> = observed
            .iter()
            .zip(mean)
            .map(|(&o, m)| BigRational::from_integer(BigInt::from(o)) - m * &shoes)
            .collect();
        // The covariance of the sum over shoes is the shoes times one shoe's.
        let (d2, rank) = covariance.statistic(&deviation);
        if rank == 0 {
            return untested(test, kind, super::NO_DEGREES_OF_FREEDOM);
        }
        let statistic = d2 / self.shoes as f64;
        let df = rank as f64;
        let mut test = TestResult::tested(
            &test.key(),
            kind,
            statistic,
            Some(df),
            chi_square_sf(df, statistic),
        );
        if pooled {
            test = test.with_note(format!(
                "values pooled into {k} groups for expected counts of 5 or more"
            ));
        }
        (
            test,
            Critical::ChiSquare {
                df,
                shoes: sized_as as f64,
            },
        )
    }

    /// A sum over shoes against its exact null, as a z. Its p-value is the normal's, with a
    /// continuity correction of half the lattice step, when a sample of `sized_as` shoes
    /// expects [`MIN_EVENTS`] events or more; otherwise Bennett's bound, valid at any number
    /// of shoes, with the least and most one shoe's statistic can be.
    fn z_test(
        &self,
        test: ShuffleTestName,
        sum: u128,
        null: &ZNull,
        sized_as: u64,
    ) -> (TestResult, Critical) {
        if sized_as < 2 {
            return untested(test, StatisticKind::Z, "fewer than 2 shoes");
        }
        let shoes = BigRational::from_integer(BigInt::from(self.shoes));
        let deviation = BigRational::from_integer(BigInt::from(sum)) - &null.mean * &shoes;
        let variance = &null.variance * &shoes;
        let (d, v) = (
            deviation.to_f64().unwrap_or(f64::NAN),
            variance.to_f64().unwrap_or(f64::NAN),
        );
        let per_shoe = null.variance.to_f64().unwrap_or(f64::NAN);
        if v.is_nan() || v <= 0.0 || null.step == 0.0 {
            return untested(
                test,
                StatisticKind::Z,
                "no variance under the null for this composition",
            );
        }
        let z = d / v.sqrt();
        let events = null.events * sized_as as f64;
        if events >= MIN_EVENTS {
            let corrected = (d.abs() - null.step / 2.0).max(0.0) / v.sqrt();
            return (
                TestResult::tested(
                    &test.key(),
                    StatisticKind::Z,
                    z,
                    None,
                    normal_two_sided(corrected),
                ),
                Critical::Normal {
                    shoes: sized_as as f64,
                    sd: per_shoe.sqrt(),
                    step: null.step,
                },
            );
        }
        let mean = null.mean.to_f64().unwrap_or(f64::NAN);
        let (above, below) = ((null.high - mean).max(0.0), (mean - null.low).max(0.0));
        (
            TestResult::tested(
                &test.key(),
                StatisticKind::Bennett,
                z,
                None,
                bennett_two_sided(d, v, above, below),
            )
            .with_note(format!(
                "p is Bennett's bound: about {} events carry the variance, fewer than the normal approximation needs ({})",
                events.round(),
                MIN_EVENTS
            )),
            Critical::Bennett {
                shoes: sized_as as f64,
                sd: per_shoe.sqrt(),
                above,
                below,
            },
        )
    }

    fn rising_test(&self, counts: &[u64; 52], sized_as: u64) -> (TestResult, Critical) {
        let test = ShuffleTestName::RisingSequences;
        let present: Vec<u64> = counts.iter().copied().filter(|&c| c > 0).collect();
        let n = present.len() as i64;
        if present.windows(2).any(|w| w[0] != w[1]) {
            return untested(
                test,
                StatisticKind::Z,
                "the cards present do not all appear equally often, so the order of first occurrences is not uniform",
            );
        }
        if n < 2 {
            return untested(test, StatisticKind::Z, "fewer than 2 distinct cards");
        }
        // Eulerian numbers: mean (n + 1)/2, variance (n + 1)/12 for a uniform permutation;
        // each indicator of a descent is about even, so no event is rare.
        let null = ZNull {
            mean: BigRational::new(BigInt::from(n + 1), BigInt::from(2)),
            variance: BigRational::new(BigInt::from(n + 1), BigInt::from(12)),
            step: 1.0,
            low: 1.0,
            high: n as f64,
            events: f64::INFINITY,
        };
        let (test, critical) = self.z_test(test, self.rising, &null, sized_as);
        (
            test.with_note(format!("{n} distinct cards ordered by first occurrence")),
            critical,
        )
    }

    fn repeat_tests(&self, counts: &[u64; 52], sized_as: u64) -> Vec<(TestResult, Critical)> {
        let n = self.n as f64;
        // ln of the number of distinct arrangements N! / Π n_c!: two fair shoes are equal
        // with probability exactly its inverse.
        let ln_w = ln_gamma(n + 1.0)
            - counts
                .iter()
                .map(|&c| ln_gamma(c as f64 + 1.0))
                .sum::<f64>();
        let pairs = self.pairs_compared();
        let bound = |ln_q: f64, matches: u64| -> f64 {
            if matches == 0 {
                1.0
            } else {
                // Markov: P(pairs equal ≥ r) ≤ E / r, E = pairs · q.
                (pairs.ln() + ln_q - (matches as f64).ln()).exp().min(1.0)
            }
        };
        let sample_pairs = pairs_among(sized_as);
        let mut tests = Vec::new();
        if sized_as < 2 {
            tests.push(untested(
                ShuffleTestName::RepeatedShoes,
                StatisticKind::MatchCount,
                "fewer than 2 shoes",
            ));
        } else if counts.iter().filter(|&&c| c > 0).count() < 2 {
            tests.push(untested(
                ShuffleTestName::RepeatedShoes,
                StatisticKind::MatchCount,
                "every fair shoe is the same arrangement of a single card",
            ));
        } else {
            tests.push((
                TestResult::tested(
                    &ShuffleTestName::RepeatedShoes.key(),
                    StatisticKind::MatchCount,
                    self.repeat_matches as f64,
                    None,
                    bound(-ln_w, self.repeat_matches),
                )
                .with_note(
                    "shoes equal to an earlier one; p is Markov's bound on the pairs compared",
                ),
                Critical::Matches {
                    pairs: sample_pairs,
                    ln_q: -ln_w,
                },
            ));
        }
        match (self.prefix_len, sized_as >= 2) {
            (Some(l), true) => {
                let ln_q = prefix_ln_bound(counts, l);
                tests.push((
                    TestResult::tested(
                        &ShuffleTestName::SharedPrefixes.key(),
                        StatisticKind::MatchCount,
                        self.prefix_matches as f64,
                        None,
                        bound(ln_q, self.prefix_matches),
                    )
                    .with_note(format!(
                        "shoes whose first {l} cards repeat an earlier shoe's"
                    )),
                    Critical::Matches {
                        pairs: sample_pairs,
                        ln_q,
                    },
                ))
            }
            (None, _) => tests.push(untested(
                ShuffleTestName::SharedPrefixes,
                StatisticKind::MatchCount,
                "the shoe is too short for a prefix that fair shoes share this rarely",
            )),
            (_, false) => tests.push(untested(
                ShuffleTestName::SharedPrefixes,
                StatisticKind::MatchCount,
                "fewer than 2 shoes",
            )),
        }
        tests
    }

    /// The per-shoe counts by position and card (row t, card index), for plans and tests.
    pub fn by_position(&self) -> &[[u64; 52]] {
        &self.by_position
    }
}

/// A test the input did not allow, with nothing to reject.
fn untested(test: ShuffleTestName, kind: StatisticKind, reason: &str) -> (TestResult, Critical) {
    (
        TestResult::untested(&test.key(), kind, reason),
        Critical::Untested,
    )
}

/// The pairs of shoes compared by the fingerprint tables among `shoes` shoes.
fn pairs_among(shoes: u64) -> f64 {
    let s = shoes as f64;
    let t = s.min(FINGERPRINT_TABLE as f64);
    t * (t - 1.0) / 2.0 + (s - t) * t
}

/// The values present, in groups whose every transition (from a group to a group, the same
/// one included) has an expected count of [`MIN_EXPECTED`] or more over `shoes` shoes: the
/// rarest group is pooled with the next rarest until it has. The rarest transition is the
/// rarest group to itself, expected shoes·n(n − 1)/N times.
fn value_groups(value_counts: &[u64; 10], shoes: u64) -> Vec<Vec<usize>> {
    let n: u64 = value_counts.iter().sum();
    let count = |g: &Vec<usize>| g.iter().map(|&v| value_counts[v]).sum::<u64>();
    let mut groups: Vec<Vec<usize>> = (0..10)
        .filter(|&v| value_counts[v] > 0)
        .map(|v| vec![v])
        .collect();
    loop {
        groups.sort_by_key(|g| (count(g), g[0]));
        if groups.len() < 2 {
            return groups;
        }
        let rarest = count(&groups[0]) as f64;
        if shoes as f64 * rarest * (rarest - 1.0) / n as f64 >= MIN_EXPECTED {
            groups.sort_by_key(|g| g[0]);
            return groups;
        }
        let rarest = groups.remove(0);
        groups[0].extend(rarest);
        groups[0].sort_unstable();
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// ln of a bound on the chance that two fair shoes share their first `l` cards:
/// Σ p(s)² ≤ max p(s), the most likely prefix taking the most frequent card each time.
fn prefix_ln_bound(counts: &[u64; 52], l: usize) -> f64 {
    let mut left = *counts;
    let total: u64 = counts.iter().sum();
    let mut ln = 0.0;
    for i in 0..l {
        let (c, most) = left
            .iter()
            .copied()
            .enumerate()
            .max_by_key(|&(_, n)| n)
            .unwrap_or((0, 0));
        ln += (most as f64).ln() - ((total - i as u64) as f64).ln();
        left[c] = left[c].saturating_sub(1);
    }
    ln
}

/// The length of the prefix the shared-prefix test compares in shoes of `decks` full decks
/// (the shortest whose chance of being shared by two fair shoes is at most 10⁻³⁰), if such
/// shoes have one no longer than half the shoe.
///
/// ```
/// use punto_banco::lab::shuffle::shared_prefix_length;
/// assert_eq!(shared_prefix_length(1), Some(19));
/// assert_eq!(shared_prefix_length(8), Some(18));
/// ```
pub fn shared_prefix_length(decks: u64) -> Option<usize> {
    prefix_length(&[decks; 52])
}

/// The shortest prefix whose sharing bound is below [`PREFIX_BOUND`], if the shoe has one
/// no longer than half the shoe.
fn prefix_length(counts: &[u64; 52]) -> Option<usize> {
    let total: u64 = counts.iter().sum();
    (1..=(total as usize / 2)).find(|&l| prefix_ln_bound(counts, l) <= PREFIX_BOUND.ln())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::Dealer;
    use crate::lab::shufflers::{Shuffler, factory_order};

    /// Every distinct arrangement of a multiset of categories (the moments' tests' walk).
    fn arrangements(counts: &[usize]) -> Vec<Vec<usize>> {
        let counts: Vec<u64> = counts.iter().map(|&c| c as u64).collect();
        crate::lab::moments::tests::arrangements(&counts)
    }

    #[test]
    fn pearson_with_both_margins_fixed_has_haldanes_mean() {
        // Over every arrangement of a small multiset, with positions pooled into bins, the
        // mean of X² is (R − 1)(C − 1)·N/(N − 1): the factor the position tests remove.
        let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
        for (counts, bins) in [
            (vec![2, 1, 1], vec![1, 1, 2]),
            (vec![2, 2, 1], vec![2, 3]),
            (vec![3, 1, 1, 1], vec![2, 2, 2]),
        ] {
            let n: usize = counts.iter().sum();
            let all = arrangements(&counts);
            let mut total = r(0, 1);
            for a in &all {
                let mut start = 0;
                for &size in &bins {
                    for (c, &nc) in counts.iter().enumerate() {
                        let observed = a[start..start + size].iter().filter(|&&x| x == c).count();
                        let expected = r((size * nc) as i64, n as i64);
                        let d = r(observed as i64, 1) - &expected;
                        total += &d * &d / expected;
                    }
                    start += size;
                }
            }
            let mean = total / r(all.len() as i64, 1);
            let (rows, columns) = (bins.len() as i64, counts.len() as i64);
            assert_eq!(
                mean,
                r((rows - 1) * (columns - 1) * n as i64, n as i64 - 1),
                "{counts:?}"
            );
        }
    }

    #[test]
    fn first_occurrences_are_uniform_and_rising_sequences_eulerian() {
        // Three identities, two copies each: the 90 arrangements give each of the 3! orders
        // of first occurrence 15 times.
        let mut orders = std::collections::BTreeMap::new();
        for a in arrangements(&[2, 2, 2]) {
            let mut order = Vec::new();
            for &c in &a {
                if !order.contains(&c) {
                    order.push(c);
                }
            }
            *orders.entry(order).or_insert(0) += 1;
        }
        assert_eq!(orders.len(), 6);
        assert!(orders.values().all(|&n| n == 15), "{orders:?}");
        // Rising sequences of the 5! permutations of 5: mean (5 + 1)/2, variance (5 + 1)/12,
        // counted as the test counts them (1 + descents of the positions by identity).
        let perms = arrangements(&[1; 5]);
        let rising: Vec<f64> = perms
            .iter()
            .map(|p| {
                let mut first = [0usize; 5];
                for (t, &c) in p.iter().enumerate() {
                    first[c] = t;
                }
                1.0 + first.windows(2).filter(|w| w[1] < w[0]).count() as f64
            })
            .collect();
        let mean = rising.iter().sum::<f64>() / 120.0;
        let variance = rising.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 120.0;
        assert_eq!((mean, variance), (3.0, 0.5));
    }

    #[test]
    fn the_value_table_is_the_cards_values() {
        for (index, &value) in VALUE_OF.iter().enumerate() {
            assert_eq!(value, Card::from_index(index).unwrap().value());
        }
    }

    #[test]
    fn the_fast_reader_and_serde_agree() {
        let mut fast = ShuffleTest::new(2);
        let mut slow = ShuffleTest::new(2);
        let mut rng = Dealer::rng(1);
        for i in 0..20 {
            let shoe = Shuffler::Fair.shuffle(&factory_order(1), &mut rng);
            let tokens: Vec<String> = shoe.iter().map(|c| format!("\"{}\"", c.ascii())).collect();
            fast.line(
                i + 1,
                format!("{{\"cards\": [{}]}}", tokens.join(", ")).as_bytes(),
            )
            .unwrap();
            let unicode: Vec<String> = shoe.iter().map(|c| format!("\"{c}\"")).collect();
            slow.line(
                i + 1,
                format!("{{ \"decks\": 1, \"cards\": [{}] }}", unicode.join(",")).as_bytes(),
            )
            .unwrap();
        }
        assert_eq!(
            format!("{:?}", fast.raw_tests()),
            format!("{:?}", slow.raw_tests())
        );
        assert_eq!(fast.shoes(), 20);
    }

    #[test]
    fn the_battery_runs_the_named_tests_in_their_order() {
        // Run and untested alike (two shoes leave the successor pairs untested), every test
        // the battery reports is one of the enum's, so every report can translate it.
        for lags in [1, 3] {
            let mut test = ShuffleTest::new(lags);
            let mut rng = Dealer::rng(7);
            for _ in 0..2 {
                test.shoe(&Shuffler::Fair.shuffle(&factory_order(1), &mut rng))
                    .unwrap();
            }
            let keys: Vec<String> = test.raw_tests().into_iter().map(|t| t.name).collect();
            let named: Vec<String> = ShuffleTestName::battery(lags)
                .into_iter()
                .map(ShuffleTestName::key)
                .collect();
            assert_eq!(keys, named);
            for key in &keys {
                assert_eq!(ShuffleTestName::from_key(key).unwrap().key(), *key);
            }
        }
    }

    #[test]
    fn a_wrong_composition_names_the_line_and_the_card() {
        let mut test = ShuffleTest::new(1);
        test.line(1, br#"{"cards": ["AS", "2S", "3S"]}"#).unwrap();
        let error = test
            .line(2, br#"{"cards": ["AS", "2S", "2S"]}"#)
            .unwrap_err();
        assert_eq!(error.line, 2);
        assert!(
            error.message.contains("2S appears 2 times: expected 1"),
            "{error}"
        );
        let error = test
            .line(3, br#"{"cards": ["AS", "XX", "2S"]}"#)
            .unwrap_err();
        // The X is the 19th character of the line.
        assert_eq!((error.line, error.column), (3, 19));
        let error = test
            .line(4, br#"{"cards": ["AS"], "decks": 1}"#)
            .unwrap_err();
        assert!(
            error
                .message
                .contains("every card 1 times, but AH appears 0 times"),
            "{error}"
        );
        let error = test.line(5, br#"{"cards": "AS"}"#).unwrap_err();
        assert!(error.message.contains("expected a shoe"), "{error}");
    }

    #[test]
    fn the_prefix_is_long_enough_and_the_fair_shoes_pass() {
        let counts = [8u64; 52];
        let l = prefix_length(&counts).unwrap();
        assert!(prefix_ln_bound(&counts, l) <= PREFIX_BOUND.ln());
        assert!(prefix_ln_bound(&counts, l - 1) > PREFIX_BOUND.ln());
        let mut test = ShuffleTest::default();
        let mut rng = Dealer::rng(2);
        for _ in 0..300 {
            test.shoe(&Shuffler::Fair.shuffle(&factory_order(8), &mut rng))
                .unwrap();
        }
        let battery = test.battery(0.01);
        assert_eq!(battery.tested(), battery.tests.len(), "{battery:?}");
    }
}
