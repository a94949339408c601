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

mod null;
mod reading;
mod statistics;

pub use null::shared_prefix_length;
pub use reading::ShoeLineError;

use super::moments::turning;
use super::{Battery, Note, StatisticKind, TestResult};
use crate::card::Rank;
use null::{null_moments, pairs_among};
use statistics::untested;
use std::collections::HashSet;

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

    /// The count of each card (by [`Card::index`](crate::card::Card::index)) in every shoe,
    /// once a shoe has been read.
    pub fn composition(&self) -> Option<[u64; 52]> {
        self.composition
    }

    /// The serial-correlation lags tested, 1 to this.
    pub fn lags(&self) -> usize {
        self.lags
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
                None => untested(test, StatisticKind::Z, Note::ShorterThanLag),
            });
        }
        tests.push(match &null.turning {
            Some(z) => self.z_test(ShuffleTestName::RunsUpDown, self.turning_points, z, shoes),
            None => untested(
                ShuffleTestName::RunsUpDown,
                StatisticKind::Z,
                Note::ShortShoes(3),
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

    /// The per-shoe counts by position and card (row t, card index), for plans and tests.
    pub fn by_position(&self) -> &[[u64; 52]] {
        &self.by_position
    }
}

#[cfg(test)]
mod tests {
    use super::null::{prefix_length, prefix_ln_bound};
    use super::*;
    use crate::card::Card;
    use crate::dealer::Dealer;
    use crate::lab::shufflers::{Shuffler, factory_order};
    use num_bigint::BigInt;
    use num_rational::BigRational;

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
