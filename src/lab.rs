//! The test lab: what a gaming laboratory runs on a shuffler's shoes and a game's logs.
//!
//! This module holds what the lab's batteries share: a test's result ([`TestResult`]), its
//! verdict after the multiple-test correction ([`Verdict`], [`holm`]), the battery
//! ([`Battery`]), where its input came from and when the report was made ([`Provenance`],
//! [`Date`]), and the statistics helpers ([`chi_square_sf`], [`normal_two_sided`],
//! [`bennett_two_sided`], [`mahalanobis`]). The counts a test is built from and its null
//! moments are exact (integers and rationals); only the statistic and its p-value are
//! floating point.
//!
//! [`shufflers`] holds the named shufflers, fair and deliberately wrong, that the tests and
//! the `--plan` option deal shoes with.

pub mod audit;
pub mod moments;
pub mod plan;
pub mod shoes;
pub mod shuffle;
pub mod shufflers;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use statrs::distribution::{ChiSquared, ContinuousCDF};

/// A test's verdict, after the Holm correction across its battery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Consistent with the null hypothesis at the battery's level.
    Pass,
    /// Rejected at the battery's level.
    Fail,
    /// Not tested: the input did not allow it (too few shoes, a composition it does not
    /// apply to). An untested test takes no share of α.
    Untested,
}

impl Verdict {
    /// The verdict's key in JSON: `pass`, `fail` or `untested`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Untested => "untested",
        }
    }
}

/// What a test's statistic is, and so how its p-value is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StatisticKind {
    /// Pearson's chi-square of counts against their expectations, with degrees of freedom.
    ChiSquare,
    /// A Mahalanobis distance of counts from their exact mean under their exact covariance,
    /// read as a chi-square with the covariance's rank as degrees of freedom.
    Mahalanobis,
    /// A standard normal z: a sum's deviation from its exact mean over its exact standard
    /// deviation, two-sided.
    Z,
    /// A count of coincidences (shoes equal to an earlier one), with Markov's bound on the
    /// chance of so many as its p-value.
    MatchCount,
    /// A standard z of a sum of independent bounded terms (one a shoe) whose p-value is
    /// Bennett's inequality ([`bennett_two_sided`]): valid at any number of terms, used where
    /// the normal approximation cannot be trusted.
    Bennett,
    /// The counts of each of a bet's pay lines against their exact expected counts, read by
    /// a mixture of supermartingales: the statistic is an e-value and the p-value `1/e`,
    /// valid at any sample size (`lab::audit::line_counts`).
    LineCounts,
}

impl StatisticKind {
    /// The kind's key in JSON: `chi-square`, `mahalanobis`, `z`, `match-count`,
    /// `bennett` or `line-counts`.
    pub fn key(self) -> &'static str {
        match self {
            StatisticKind::ChiSquare => "chi-square",
            StatisticKind::Mahalanobis => "mahalanobis",
            StatisticKind::Z => "z",
            StatisticKind::MatchCount => "match-count",
            StatisticKind::Bennett => "bennett",
            StatisticKind::LineCounts => "line-counts",
        }
    }
}

/// One test of a battery: its statistic and what kind it is, degrees of freedom where they
/// apply, p-value and verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    /// A stable snake_case key, such as `card_by_position` (the JSON name and the name the
    /// reports translate).
    pub name: String,
    /// What the statistic is, and so how its p-value was computed.
    pub kind: StatisticKind,
    /// The test statistic (a chi-square, a Mahalanobis distance, or a standard normal z).
    pub statistic: f64,
    /// The degrees of freedom of a chi-square statistic; `None` for a z.
    pub degrees_of_freedom: Option<f64>,
    /// The p-value, the probability under the null of a statistic at least as extreme.
    pub p_value: f64,
    /// The verdict, after Holm (a raw test not yet in a battery is [`Verdict::Pass`] or,
    /// when it could not be run, [`Verdict::Untested`]).
    pub verdict: Verdict,
    /// What a reader needs to know beside the figures (bins pooled, a bound used), or why the
    /// test was not run.
    pub note: Option<Note>,
}

/// A test's note: what a reader needs to know beside its figures, or why it was not run. One
/// variant per kind of note, with its numbers; its [`Display`](std::fmt::Display) is the
/// English the documents carry, and `render::lab::note_text` reads it in the reader's
/// language.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Note {
    /// `{0} position bins`: the positions of a shoe read in so many bins.
    PositionBins(usize),
    /// `values pooled into {0} groups for expected counts of 5 or more`.
    PooledValues(usize),
    /// `{from} groups (winner and winning total) pooled into {into} of expected count 5 or
    /// more`.
    PooledFinalStates {
        /// The groups before pooling.
        from: usize,
        /// The groups after.
        into: usize,
    },
    /// `p is Bennett's bound: about {events} events carry the variance, fewer than the normal
    /// approximation needs ({needed})`.
    Bennett {
        /// The events the sample is expected to hold, rounded.
        events: f64,
        /// The events the normal approximation needs.
        needed: f64,
    },
    /// `{0} distinct cards ordered by first occurrence`.
    DistinctCards(usize),
    /// `shoes equal to an earlier one; p is Markov's bound on the pairs compared`.
    RepeatedShoes,
    /// `shoes whose first {0} cards repeat an earlier shoe's`.
    SharedPrefix(usize),
    /// Untested: `fewer than {0} shoes`.
    FewerShoes(u64),
    /// Untested: `shoes of fewer than {0} cards`.
    ShortShoes(usize),
    /// Untested: `fewer than 2 distinct cards`.
    FewerThanTwoCards,
    /// Untested: `the shoe holds a single category`.
    SingleCategory,
    /// Untested: `too few shoes for expectations of 5 in two position bins`.
    TooFewShoesForBins,
    /// Untested: `the shoe holds a single value, whose transitions cannot vary`.
    SingleValue,
    /// Untested: `too few shoes for expected counts of 5 in the transitions between two
    /// value groups`.
    TooFewShoesForTransitions,
    /// Untested: `the shoe is shorter than the lag`.
    ShorterThanLag,
    /// Untested: `no variance under the null for this composition`.
    NoVariance,
    /// Untested: `the cards present do not all appear equally often, so the order of first
    /// occurrences is not uniform`.
    UnevenCards,
    /// Untested: `every fair shoe is the same arrangement of a single card`.
    SingleArrangement,
    /// Untested: `the shoe is too short for a prefix that fair shoes share this rarely`.
    NoRarePrefix,
    /// Untested: `the bet's net cannot vary on these coups`.
    CertainNet,
    /// Untested: `too few coups: every pooled group's expected count is below five`.
    TooFewCoups,
    /// Untested: `the covariance is not positive semi-definite`.
    NotSemiDefinite,
    /// Untested by [`Battery::new`]: `no degrees of freedom: the statistic cannot vary under
    /// the null`.
    NoDegreesOfFreedom,
    /// Untested by [`Battery::new`]: `no p-value could be computed`.
    NoPValue,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::PositionBins(bins) => write!(f, "{bins} position bins"),
            Note::PooledValues(groups) => write!(
                f,
                "values pooled into {groups} groups for expected counts of 5 or more"
            ),
            Note::PooledFinalStates { from, into } => write!(
                f,
                "{from} groups (winner and winning total) pooled into {into} of expected count 5 or more"
            ),
            Note::Bennett { events, needed } => write!(
                f,
                "p is Bennett's bound: about {events} events carry the variance, fewer than the normal approximation needs ({needed})"
            ),
            Note::DistinctCards(n) => write!(f, "{n} distinct cards ordered by first occurrence"),
            Note::RepeatedShoes => f.write_str(
                "shoes equal to an earlier one; p is Markov's bound on the pairs compared",
            ),
            Note::SharedPrefix(l) => write!(f, "shoes whose first {l} cards repeat an earlier shoe's"),
            Note::FewerShoes(n) => write!(f, "fewer than {n} shoes"),
            Note::ShortShoes(n) => write!(f, "shoes of fewer than {n} cards"),
            Note::FewerThanTwoCards => f.write_str("fewer than 2 distinct cards"),
            Note::SingleCategory => f.write_str("the shoe holds a single category"),
            Note::TooFewShoesForBins => {
                f.write_str("too few shoes for expectations of 5 in two position bins")
            }
            Note::SingleValue => {
                f.write_str("the shoe holds a single value, whose transitions cannot vary")
            }
            Note::TooFewShoesForTransitions => f.write_str(
                "too few shoes for expected counts of 5 in the transitions between two value groups",
            ),
            Note::ShorterThanLag => f.write_str("the shoe is shorter than the lag"),
            Note::NoVariance => f.write_str("no variance under the null for this composition"),
            Note::UnevenCards => f.write_str(
                "the cards present do not all appear equally often, so the order of first occurrences is not uniform",
            ),
            Note::SingleArrangement => {
                f.write_str("every fair shoe is the same arrangement of a single card")
            }
            Note::NoRarePrefix => f.write_str(
                "the shoe is too short for a prefix that fair shoes share this rarely",
            ),
            Note::CertainNet => f.write_str("the bet's net cannot vary on these coups"),
            Note::TooFewCoups => f.write_str(
                "too few coups: every pooled group's expected count is below five",
            ),
            Note::NotSemiDefinite => f.write_str("the covariance is not positive semi-definite"),
            Note::NoDegreesOfFreedom => {
                f.write_str("no degrees of freedom: the statistic cannot vary under the null")
            }
            Note::NoPValue => f.write_str("no p-value could be computed"),
        }
    }
}

impl TestResult {
    /// A test that was run: its verdict is set when a [`Battery`] judges it.
    pub fn tested(
        name: &str,
        kind: StatisticKind,
        statistic: f64,
        degrees_of_freedom: Option<f64>,
        p_value: f64,
    ) -> TestResult {
        TestResult {
            name: name.to_string(),
            kind,
            statistic,
            degrees_of_freedom,
            p_value,
            verdict: Verdict::Pass,
            note: None,
        }
    }

    /// A test of `kind` that the input did not allow, with the reason.
    pub fn untested(name: &str, kind: StatisticKind, reason: Note) -> TestResult {
        TestResult {
            name: name.to_string(),
            kind,
            statistic: f64::NAN,
            degrees_of_freedom: None,
            p_value: f64::NAN,
            verdict: Verdict::Untested,
            note: Some(reason),
        }
    }

    /// The same result with a note.
    pub fn with_note(mut self, note: Note) -> TestResult {
        self.note = Some(note);
        self
    }
}

/// Holm's step-down procedure (Holm, "A simple sequentially rejective multiple test
/// procedure", Scand. J. Statist. 6, 1979): with the m p-values sorted p₍₁₎ ≤ … ≤ p₍ₘ₎, reject
/// H₍₁₎ … H₍ₖ₎ for the largest k such that p₍ⱼ₎ ≤ α / (m − j + 1) for every j ≤ k. It controls
/// the family-wise error at α whatever the dependence between the tests. Returns, for each
/// p-value in the order given, whether it is rejected. A NaN p-value is never rejected and
/// takes no share of α.
///
/// ```
/// // Wikipedia, "Holm–Bonferroni method", Example: p = 0.01, 0.04, 0.03, 0.005 at α = 0.05
/// // rejects H1 and H4 only.
/// assert_eq!(
///     punto_banco::lab::holm(&[0.01, 0.04, 0.03, 0.005], 0.05),
///     vec![true, false, false, true]
/// );
/// ```
pub fn holm(p_values: &[f64], alpha: f64) -> Vec<bool> {
    let mut order: Vec<usize> = (0..p_values.len())
        .filter(|&i| !p_values[i].is_nan())
        .collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let m = order.len();
    let mut rejected = vec![false; p_values.len()];
    for (j, &i) in order.iter().enumerate() {
        if p_values[i] <= alpha / (m - j) as f64 {
            rejected[i] = true;
        } else {
            break;
        }
    }
    rejected
}

/// A battery of tests judged together at one level α, with Holm's correction.
#[derive(Debug, Clone, PartialEq)]
pub struct Battery {
    /// The family-wise significance level.
    pub alpha: f64,
    /// The tests, each with its verdict after Holm.
    pub tests: Vec<TestResult>,
}

impl Battery {
    /// Judges the raw tests at `alpha` with Holm's procedure: every test that was run is
    /// [`Verdict::Pass`] or [`Verdict::Fail`], the untested stay [`Verdict::Untested`].
    ///
    /// A test whose statistic cannot vary under the null (no degrees of freedom) or that has
    /// no p-value was not a test: it is made [`Verdict::Untested`], with a note saying why,
    /// and takes no share of α.
    ///
    /// ```
    /// use punto_banco::lab::{Battery, StatisticKind, TestResult, Verdict};
    /// let battery = Battery::new(
    ///     vec![
    ///         TestResult::tested("a", StatisticKind::ChiSquare, 0.0, Some(0.0), 1.0),
    ///         TestResult::tested("b", StatisticKind::Z, 1.0, None, 0.3),
    ///     ],
    ///     0.01,
    /// );
    /// assert_eq!(battery.tests[0].verdict, Verdict::Untested);
    /// assert_eq!(battery.tested(), 1);
    /// ```
    pub fn new(mut tests: Vec<TestResult>, alpha: f64) -> Battery {
        for test in &mut tests {
            if test.verdict == Verdict::Untested {
                continue;
            }
            let reason = if test
                .degrees_of_freedom
                .is_some_and(|df| df.is_nan() || df <= 0.0)
            {
                Some(Note::NoDegreesOfFreedom)
            } else if test.p_value.is_nan() {
                Some(Note::NoPValue)
            } else {
                None
            };
            if let Some(reason) = reason {
                test.verdict = Verdict::Untested;
                test.note.get_or_insert(reason);
            }
        }
        let p: Vec<f64> = tests
            .iter()
            .map(|t| match t.verdict {
                Verdict::Untested => f64::NAN,
                _ => t.p_value,
            })
            .collect();
        for (test, rejected) in tests.iter_mut().zip(holm(&p, alpha)) {
            if test.verdict != Verdict::Untested {
                test.verdict = if rejected {
                    Verdict::Fail
                } else {
                    Verdict::Pass
                };
            }
        }
        Battery { alpha, tests }
    }

    /// The battery's verdict: [`Verdict::Fail`] when some test fails, [`Verdict::Pass`] when
    /// some test was run and none failed, [`Verdict::Untested`] when none could be run.
    pub fn verdict(&self) -> Verdict {
        if self.tests.iter().any(|t| t.verdict == Verdict::Fail) {
            Verdict::Fail
        } else if self.tests.iter().any(|t| t.verdict == Verdict::Pass) {
            Verdict::Pass
        } else {
            Verdict::Untested
        }
    }

    /// How many tests were run (the m of Holm's procedure).
    pub fn tested(&self) -> usize {
        self.tests
            .iter()
            .filter(|t| t.verdict != Verdict::Untested)
            .count()
    }

    /// The test of this name, if the battery has one.
    pub fn test(&self, name: &str) -> Option<&TestResult> {
        self.tests.iter().find(|t| t.name == name)
    }
}

/// Where a report's input came from: the SHA-256 of its bytes exactly as read, this tool's
/// version, the exact command that made the report, and its date when one was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    /// The SHA-256 of the input's bytes, 64 lowercase hexadecimal digits.
    pub sha256: String,
    /// The crate's version.
    pub version: &'static str,
    /// The command line, one argument per item.
    pub command: Vec<String>,
    /// The day the report is dated, only when the caller asked for one: a report without a
    /// date is the same bytes whenever it is made from the same input and command.
    pub date: Option<Date>,
}

impl Provenance {
    /// The provenance of a report made by this version of the crate, undated.
    pub fn new(sha256: String, command: Vec<String>) -> Provenance {
        Provenance {
            sha256,
            version: env!("CARGO_PKG_VERSION"),
            command,
            date: None,
        }
    }

    /// The same provenance, dated.
    pub fn dated(mut self, date: Date) -> Provenance {
        self.date = Some(date);
        self
    }
}

/// A day of the Gregorian calendar (UTC), written as ISO 8601 writes it: `2026-12-04`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

impl Date {
    /// The most seconds since the epoch a date is read from: 9999-12-31 23:59:59 UTC, the
    /// last second whose year ISO 8601 writes in four digits.
    pub const MAX_UNIX_SECONDS: u64 = 253_402_300_799;

    /// The day (UTC) that `seconds` after 1970-01-01 00:00:00 UTC falls in, as the
    /// `SOURCE_DATE_EPOCH` convention of reproducible builds counts them; `None` past
    /// [`Date::MAX_UNIX_SECONDS`].
    ///
    /// ```
    /// use punto_banco::lab::Date;
    /// assert_eq!(Date::from_unix_seconds(0).unwrap().to_string(), "1970-01-01");
    /// // One billion seconds: 2001-09-09 01:46:40 UTC.
    /// assert_eq!(Date::from_unix_seconds(1_000_000_000).unwrap().to_string(), "2001-09-09");
    /// assert_eq!(Date::from_unix_seconds(Date::MAX_UNIX_SECONDS).unwrap().to_string(), "9999-12-31");
    /// assert_eq!(Date::from_unix_seconds(Date::MAX_UNIX_SECONDS + 1), None);
    /// ```
    pub fn from_unix_seconds(seconds: u64) -> Option<Date> {
        if seconds > Date::MAX_UNIX_SECONDS {
            return None;
        }
        // Howard Hinnant's civil_from_days: the days since 1970-01-01, shifted to eras of
        // 400 years beginning on 0000-03-01 so that leap days fall at the end of a year.
        let z = (seconds / 86_400) as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
        let month = if shifted_month < 10 {
            shifted_month + 3
        } else {
            shifted_month - 9
        };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Some(Date {
            year: u16::try_from(year).ok()?,
            month: month as u8,
            day: day as u8,
        })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, 1 to 31.
    pub fn day(self) -> u8 {
        self.day
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Why a text is not a date: it is not `YYYY-MM-DD`, or names a day the calendar lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a date: expected YYYY-MM-DD, a day from 1970-01-01 to 9999-12-31")]
pub struct DateError(String);

impl std::str::FromStr for Date {
    type Err = DateError;

    /// Reads a day as ISO 8601 writes it, `2026-12-04`: four, two and two digits, a day the
    /// month has (29 February only in a leap year), from 1970-01-01 on.
    ///
    /// ```
    /// use punto_banco::lab::Date;
    /// assert_eq!("2024-02-29".parse::<Date>().unwrap().to_string(), "2024-02-29");
    /// assert!("2023-02-29".parse::<Date>().is_err());
    /// assert!("2024-2-9".parse::<Date>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Date, DateError> {
        let wrong = || DateError(text.escape_debug().to_string());
        let bytes = text.as_bytes();
        let shape = bytes.len() == 10
            && bytes[4] == b'-'
            && bytes[7] == b'-'
            && bytes
                .iter()
                .enumerate()
                .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
        if !shape {
            return Err(wrong());
        }
        let number =
            |range: std::ops::Range<usize>| text[range].parse::<u16>().map_err(|_| wrong());
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(wrong()),
        };
        if year < 1970 || day == 0 || day > days {
            return Err(wrong());
        }
        Ok(Date {
            year,
            month: month as u8,
            day: day as u8,
        })
    }
}

/// P(X > x) for a chi-square of `df` degrees of freedom, computed on the tail itself; NaN
/// when `df` is not positive or `x` is NaN, 1 for x ≤ 0.
pub fn chi_square_sf(df: f64, x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 {
        return if df > 0.0 { 1.0 } else { f64::NAN };
    }
    if x == f64::INFINITY {
        return 0.0;
    }
    ChiSquared::new(df).map_or(f64::NAN, |d| d.sf(x))
}

/// P(|Z| ≥ |z|) for a standard normal Z: erfc(|z|/√2), accurate in the far tail.
pub fn normal_two_sided(z: f64) -> f64 {
    if z.is_nan() {
        return f64::NAN;
    }
    statrs::function::erf::erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// A two-sided p-value from Bennett's inequality for a sum of independent terms, each at
/// most `above` over its mean and at most `below` under it (G. Bennett, "Probability
/// inequalities for the sum of independent random variables", J. Amer. Statist. Assoc. 57,
/// 1962): with v the variance of the sum and h(u) = (1 + u) ln(1 + u) − u,
/// P(sum − mean ≥ t) ≤ exp(−(v/b²)·h(b t / v)) for b = `above`, and the same below with
/// b = `below`. The p-value is twice the bound on the side the deviation falls, at most 1:
/// under the null it is at most x with probability at most x, at any number of terms,
/// however rare the events that carry the variance. NaN when the variance is not positive.
///
/// ```
/// use punto_banco::lab::bennett_two_sided;
/// // Ten Bernoulli(0.005) terms times 81 (mean 4.05, variance 322.4), one event of 81:
/// // its chance is about 5%, and the bound does not call it rare.
/// let v = 10.0 * 81.0 * 81.0 * 0.005 * 0.995;
/// assert!(bennett_two_sided(81.0 - 4.05, v, 81.0 * 0.995, 81.0 * 0.005) > 0.05);
/// // Far out, it rejects.
/// assert!(bennett_two_sided(8.0 * 81.0, v, 81.0 * 0.995, 81.0 * 0.005) < 1e-6);
/// ```
pub fn bennett_two_sided(deviation: f64, variance: f64, above: f64, below: f64) -> f64 {
    if deviation.is_nan() || variance.is_nan() || variance <= 0.0 {
        return f64::NAN;
    }
    let b = if deviation >= 0.0 { above } else { below };
    let t = deviation.abs();
    (2.0 * bennett_tail(t, variance, b)).min(1.0)
}

/// Bennett's bound on P(sum − mean ≥ t) for independent terms at most `b` over their means,
/// the sum of variance `variance`.
pub(crate) fn bennett_tail(t: f64, variance: f64, b: f64) -> f64 {
    if t <= 0.0 {
        return 1.0;
    }
    if b.is_nan() || b <= 0.0 {
        // No term can exceed its mean: the sum never does.
        return 0.0;
    }
    let u = b * t / variance;
    let h = (1.0 + u) * u.ln_1p() - u;
    (-(variance / (b * b)) * h).exp()
}

/// The least common multiple of two positive whole numbers (Euclid's algorithm).
fn lcm(a: BigInt, b: &BigInt) -> BigInt {
    let (mut x, mut y) = (a.clone(), b.clone());
    while !y.is_zero() {
        let r = &x % &y;
        x = y;
        y = r;
    }
    a / x * b
}

/// The Mahalanobis statistic dᵀ Σ⁻ d of a deviation `d` from its mean with an exact
/// covariance `Σ`, and the rank of Σ (the statistic's degrees of freedom under a normal
/// approximation: chi-square with rank degrees of freedom).
///
/// Σ is often singular (counts summing to a fixed total): the rows that depend on earlier
/// ones are dropped by exact (fraction-free) elimination on the diagonal, so that the statistic is
/// the quadratic form on the independent coordinates, the same for every generalized inverse
/// when d lies in Σ's column space. When d does not (a deviation the null cannot produce),
/// the statistic is infinite. `None` when the shapes disagree or Σ is not positive
/// semi-definite (a negative pivot, or a zero pivot with a non-zero row).
///
/// ```
/// use num_rational::BigRational;
/// use punto_banco::lab::mahalanobis;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// // Independent coordinates of variances 2 and 8: (2²/2 + 4²/8) = 4, rank 2.
/// let (statistic, rank) = mahalanobis(&[r(2), r(4)], &[vec![r(2), r(0)], vec![r(0), r(8)]]).unwrap();
/// assert_eq!((statistic, rank), (4.0, 2));
/// ```
pub fn mahalanobis(
    deviation: &[BigRational],
    covariance: &[Vec<BigRational>],
) -> Option<(f64, usize)> {
    let n = deviation.len();
    if covariance.len() != n || covariance.iter().any(|row| row.len() != n) {
        return None;
    }
    // Whole numbers: Σ times the common multiple of its denominators, d times that of its
    // own; the statistic scales by the first over the square of the second, undone at the end.
    let common = |values: &mut dyn Iterator<Item = &BigRational>| {
        values.fold(BigInt::one(), |l, x| lcm(l, x.denom()))
    };
    let lv = common(&mut covariance.iter().flatten());
    let ld = common(&mut deviation.iter());
    let whole = |x: &BigRational, l: &BigInt| x.numer() * (l / x.denom());
    // The bordered matrix [[Σ, d], [dᵀ, 0]], eliminated by Bareiss's fraction-free method
    // (every division exact, no fraction reduced): after the rank's pivots its corner is
    // −dᵀΣ⁻d times the last pivot, a minor of Σ.
    let mut a: Vec<Vec<BigInt>> = (0..=n)
        .map(|i| {
            (0..=n)
                .map(|j| match (i < n, j < n) {
                    (true, true) => whole(&covariance[i][j], &lv),
                    (true, false) => whole(&deviation[i], &ld),
                    (false, true) => whole(&deviation[j], &ld),
                    (false, false) => BigInt::zero(),
                })
                .collect()
        })
        .collect();
    let mut previous = BigInt::one();
    let mut open: Vec<usize> = (0..n).collect();
    let mut rank = 0;
    // Symmetric pivoting on the diagonal: a pivot is any open coordinate whose diagonal is
    // not zero; Σ positive semi-definite makes every pivot positive.
    while let Some(at) = open.iter().position(|&k| !a[k][k].is_zero()) {
        let p = open.swap_remove(at);
        if a[p][p].is_negative() {
            return None;
        }
        let rest: Vec<usize> = open.iter().copied().chain([n]).collect();
        for &i in &rest {
            for &j in &rest {
                let value = (&a[i][j] * &a[p][p] - &a[i][p] * &a[p][j]) / &previous;
                a[i][j] = value;
            }
        }
        previous = a[p][p].clone();
        rank += 1;
    }
    // What is left of Σ has a zero diagonal, so (semi-definite) is zero; a deviation along it
    // is one the null cannot produce.
    if open
        .iter()
        .any(|&i| open.iter().any(|&j| !a[i][j].is_zero()))
    {
        return None;
    }
    if open.iter().any(|&i| !a[i][n].is_zero()) {
        return Some((f64::INFINITY, rank));
    }
    let statistic = BigRational::new_raw(-&a[n][n] * &lv, &previous * &ld * &ld);
    Some((statistic.to_f64().unwrap_or(f64::NAN), rank))
}

/// An exact covariance matrix factored once (Gaussian elimination on the diagonal, the
/// dependent rows dropped), for the Mahalanobis statistic of many deviations.
#[derive(Debug, Clone, PartialEq)]
pub struct Covariance {
    /// For each row, its pivot (`None`: dropped as dependent) and the multipliers that
    /// eliminate it from the rows below.
    pivots: Vec<Option<BigRational>>,
    multipliers: Vec<Vec<(usize, BigRational)>>,
}

impl Covariance {
    /// Factors a square, positive semi-definite matrix; `None` otherwise.
    pub fn new(covariance: &[Vec<BigRational>]) -> Option<Covariance> {
        let n = covariance.len();
        if covariance.iter().any(|row| row.len() != n) {
            return None;
        }
        let mut a: Vec<Vec<BigRational>> = covariance.to_vec();
        let mut pivots = Vec::with_capacity(n);
        let mut multipliers = Vec::with_capacity(n);
        for k in 0..n {
            let pivot = a[k][k].clone();
            if pivot.is_negative() {
                return None;
            }
            if pivot.is_zero() {
                // Positive semi-definite: a zero pivot has a zero row in the Schur complement.
                if a[k][k + 1..].iter().any(|x| !x.is_zero()) {
                    return None;
                }
                pivots.push(None);
                multipliers.push(Vec::new());
                continue;
            }
            let mut row = Vec::new();
            for i in k + 1..n {
                if a[i][k].is_zero() {
                    continue;
                }
                let factor = &a[i][k] / &pivot;
                let (upper, lower) = a.split_at_mut(i);
                for (target, source) in lower[0][k..].iter_mut().zip(&upper[k][k..]) {
                    *target -= &factor * source;
                }
                row.push((i, factor));
            }
            pivots.push(Some(pivot));
            multipliers.push(row);
        }
        Some(Covariance {
            pivots,
            multipliers,
        })
    }

    /// The rank of the matrix.
    pub fn rank(&self) -> usize {
        self.pivots.iter().filter(|p| p.is_some()).count()
    }

    /// dᵀ Σ⁻ d and the rank, as [`mahalanobis`] says (infinite for a deviation outside Σ's
    /// column space). The deviation must have one entry per row.
    pub fn statistic(&self, deviation: &[BigRational]) -> (f64, usize) {
        let mut d = deviation.to_vec();
        d.resize(self.pivots.len(), BigRational::zero());
        let mut total = BigRational::zero();
        let mut outside = false;
        for k in 0..self.pivots.len() {
            match &self.pivots[k] {
                None => outside |= !d[k].is_zero(),
                Some(pivot) => {
                    total += &d[k] * &d[k] / pivot;
                    let dk = d[k].clone();
                    for (i, factor) in &self.multipliers[k] {
                        d[*i] -= factor * &dk;
                    }
                }
            }
        }
        let rank = self.rank();
        if outside {
            (f64::INFINITY, rank)
        } else {
            (total.to_f64().unwrap_or(f64::NAN), rank)
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_date_reads_back_as_it_is_written_and_no_other_text_does() {
        use std::str::FromStr;
        // Every day from 1970 into 2101, by the independent path from seconds: each one's
        // text reads back to it; the day after each month's last is refused.
        let mut seen = 0;
        for day in 0..(131 * 366) {
            let date = Date::from_unix_seconds(day * 86_400).unwrap();
            assert_eq!(Date::from_str(&date.to_string()), Ok(date));
            let next = Date::from_unix_seconds((day + 1) * 86_400).unwrap();
            if next.month() != date.month() {
                let past = format!(
                    "{:04}-{:02}-{:02}",
                    date.year(),
                    date.month(),
                    date.day() + 1
                );
                assert!(Date::from_str(&past).is_err(), "{past}");
                seen += 1;
            }
        }
        assert!(seen > 1500);
        for bad in [
            "",
            "1969-12-31",
            "2026-13-01",
            "2026-00-10",
            "2026-1-01",
            "2026/01/01",
            "+026-01-01",
            "2026-01-01 ",
            "２０２６-01-01",
        ] {
            assert!(Date::from_str(bad).is_err(), "{bad}");
        }
    }
    use super::*;
    use num_bigint::BigInt;
    use statrs::function::gamma::ln_gamma;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn holm_follows_the_worked_example() {
        // Wikipedia, "Holm–Bonferroni method", Example (four hypotheses, α = 0.05): sorted
        // 0.005 ≤ 0.05/4 and 0.01 ≤ 0.05/3 are rejected, 0.03 > 0.05/2 stops the procedure,
        // so 0.04 is kept although it is below α.
        assert_eq!(
            holm(&[0.01, 0.04, 0.03, 0.005], 0.05),
            vec![true, false, false, true]
        );
        // Holm is uniformly more powerful than Bonferroni: 0.02 ≤ 0.05/2 after the first.
        assert_eq!(holm(&[0.001, 0.02], 0.05), vec![true, true]);
        assert_eq!(holm(&[0.03, 0.02], 0.05), vec![true, true]);
        assert_eq!(holm(&[0.03, 0.026], 0.05), vec![false, false]);
        // Untested (NaN) p-values take no share of α.
        assert_eq!(holm(&[0.04, f64::NAN], 0.05), vec![true, false]);
        assert!(holm(&[], 0.05).is_empty());
    }

    #[test]
    fn a_note_with_numbers_writes_them_in_its_english() {
        assert_eq!(Note::PositionBins(52).to_string(), "52 position bins");
        assert_eq!(
            Note::PooledFinalStates { from: 18, into: 9 }.to_string(),
            "18 groups (winner and winning total) pooled into 9 of expected count 5 or more"
        );
        assert_eq!(
            Note::Bennett {
                events: 12.0,
                needed: 30.0
            }
            .to_string(),
            "p is Bennett's bound: about 12 events carry the variance, fewer than the normal approximation needs (30)"
        );
        assert_eq!(Note::FewerShoes(50).to_string(), "fewer than 50 shoes");
        assert_eq!(
            Note::ShortShoes(3).to_string(),
            "shoes of fewer than 3 cards"
        );
    }

    #[test]
    fn the_battery_judges_with_holm_and_keeps_the_untested() {
        let battery = Battery::new(
            vec![
                TestResult::tested("a", StatisticKind::ChiSquare, 1.0, Some(1.0), 0.004),
                TestResult::tested("b", StatisticKind::ChiSquare, 1.0, Some(1.0), 0.006),
                TestResult::untested("c", StatisticKind::Z, Note::FewerShoes(2)),
            ],
            0.01,
        );
        let verdicts: Vec<Verdict> = battery.tests.iter().map(|t| t.verdict).collect();
        assert_eq!(
            verdicts,
            vec![Verdict::Fail, Verdict::Fail, Verdict::Untested]
        );
        assert_eq!(battery.verdict(), Verdict::Fail);
        assert_eq!(battery.tested(), 2);
        let calm = Battery::new(
            vec![TestResult::tested("a", StatisticKind::Z, 0.0, None, 0.5)],
            0.01,
        );
        assert_eq!(calm.verdict(), Verdict::Pass);
        assert_eq!(Battery::new(vec![], 0.01).verdict(), Verdict::Untested);
    }

    #[test]
    fn the_tails_match_closed_forms() {
        // χ² with 2 degrees of freedom: P(X > x) = e^(−x/2).
        for x in [0.5, 3.0, 40.0] {
            let exact = (-x / 2.0f64).exp();
            assert!((chi_square_sf(2.0, x) / exact - 1.0).abs() < 1e-12);
        }
        // The normal's two-sided 5% point is 1.959964 (Abramowitz and Stegun, table 26.5).
        let p = normal_two_sided(1.959_963_984_540_054);
        assert!((p - 0.05).abs() < 1e-9, "{p}");
        assert_eq!(normal_two_sided(-1.959_963_984_540_054), p);
        assert_eq!(chi_square_sf(3.0, 0.0), 1.0);
        assert!(chi_square_sf(0.0, 1.0).is_nan());
    }

    #[test]
    fn bennett_bounds_every_binomial_tail() {
        // Sums of S Bernoulli(p) terms: the exact tails P(K − Sp ≥ t) and P(Sp − K ≥ t), by
        // the binomial probabilities, never exceed Bennett's bounds, rare terms included.
        for (shoes, p) in [
            (10u64, 0.005f64),
            (10, 0.3),
            (200, 0.001),
            (50, 0.9),
            (3, 0.5),
        ] {
            let n = shoes as usize;
            let mut pmf = vec![0.0f64; n + 1];
            let ln_choose = |k: usize| {
                ln_gamma(n as f64 + 1.0) - ln_gamma(k as f64 + 1.0) - ln_gamma((n - k) as f64 + 1.0)
            };
            for (k, q) in pmf.iter_mut().enumerate() {
                *q = (ln_choose(k) + k as f64 * p.ln() + (n - k) as f64 * (1.0 - p).ln()).exp();
            }
            let mean = shoes as f64 * p;
            let variance = mean * (1.0 - p);
            for k in 0..=n {
                let t = k as f64 - mean;
                let upper: f64 = pmf[k..].iter().sum();
                let lower: f64 = pmf[..=k].iter().sum();
                if t > 0.0 {
                    assert!(
                        upper <= bennett_tail(t, variance, 1.0 - p) * (1.0 + 1e-9),
                        "{shoes} {p} {k}"
                    );
                } else if t < 0.0 {
                    assert!(
                        lower <= bennett_tail(-t, variance, p) * (1.0 + 1e-9),
                        "{shoes} {p} {k}"
                    );
                }
                let two_sided = bennett_two_sided(t, variance, 1.0 - p, p);
                assert!((0.0..=1.0).contains(&two_sided), "{two_sided}");
            }
        }
        // Large deviations of many terms come close to the normal exponent t²/2v.
        let v = 1e6f64;
        let t = 4.0 * v.sqrt();
        let bound = bennett_tail(t, v, 1.0);
        assert!(
            bound > (-8.0f64).exp() * 0.9 && bound < (-8.0f64).exp() * 1.1,
            "{bound}"
        );
        assert!(bennett_two_sided(1.0, 0.0, 1.0, 1.0).is_nan());
        assert_eq!(bennett_two_sided(0.0, 1.0, 1.0, 1.0), 1.0);
        // A sum that cannot exceed its mean never does.
        assert_eq!(bennett_tail(1.0, 1.0, 0.0), 0.0);
    }

    #[test]
    fn dates_follow_the_gregorian_calendar() {
        // Leap days of a century year divisible by 400 and the day after; the last day of
        // 1999; 2100, not a leap year.
        for (seconds, text) in [
            (951_782_400, "2000-02-29"),
            (951_868_800, "2000-03-01"),
            (946_684_799, "1999-12-31"),
            (4_107_542_400, "2100-03-01"),
            (4_107_542_399, "2100-02-28"),
            (1_796_342_400, "2026-12-04"),
        ] {
            assert_eq!(Date::from_unix_seconds(seconds).unwrap().to_string(), text);
        }
        // Every day from 1970 to 2400 follows the day before it.
        let mut previous = Date::from_unix_seconds(0).unwrap();
        let days_in = |d: Date| match d.month() {
            2 if d.year().is_multiple_of(4)
                && (!d.year().is_multiple_of(100) || d.year().is_multiple_of(400)) =>
            {
                29
            }
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        for day in 1..157_000u64 {
            let date = Date::from_unix_seconds(day * 86_400 + 43_200).unwrap();
            let expected = if previous.day() < days_in(previous) {
                (previous.year(), previous.month(), previous.day() + 1)
            } else if previous.month() < 12 {
                (previous.year(), previous.month() + 1, 1)
            } else {
                (previous.year() + 1, 1, 1)
            };
            assert_eq!((date.year(), date.month(), date.day()), expected, "{day}");
            previous = date;
        }
    }

    #[test]
    fn a_test_without_degrees_of_freedom_or_p_value_takes_no_share_of_alpha() {
        // Alone, the second test would be judged at α/2 = 0.005 and pass; with the first
        // made untested it is judged at α and fails.
        let battery = Battery::new(
            vec![
                TestResult::tested("none", StatisticKind::Mahalanobis, 0.0, Some(0.0), f64::NAN),
                TestResult::tested("nan", StatisticKind::Z, f64::NAN, None, f64::NAN),
                TestResult::tested("real", StatisticKind::Z, 2.7, None, 0.007),
            ],
            0.01,
        );
        let verdicts: Vec<Verdict> = battery.tests.iter().map(|t| t.verdict).collect();
        assert_eq!(
            verdicts,
            [Verdict::Untested, Verdict::Untested, Verdict::Fail]
        );
        assert_eq!(battery.tests[0].note, Some(Note::NoDegreesOfFreedom));
        assert_eq!(battery.tests[1].note, Some(Note::NoPValue));
        assert_eq!(battery.tested(), 1);
    }

    #[test]
    fn mahalanobis_of_a_multinomial_is_pearson() {
        // Counts of a multinomial over k cells: the covariance n(diag p − p pᵀ) is singular
        // (rank k − 1) and the Mahalanobis statistic of the deviation equals Pearson's
        // Σ (O − E)² / E.
        let p = [r(1, 2), r(1, 3), r(1, 6)];
        let n = 60;
        let observed = [27i64, 24, 9];
        let expected: Vec<BigRational> = p.iter().map(|p| p * r(n, 1)).collect();
        let deviation: Vec<BigRational> = observed
            .iter()
            .zip(&expected)
            .map(|(&o, e)| r(o, 1) - e)
            .collect();
        let covariance: Vec<Vec<BigRational>> = (0..3)
            .map(|i| {
                (0..3)
                    .map(|j| {
                        let diagonal = if i == j { p[i].clone() } else { r(0, 1) };
                        (diagonal - &p[i] * &p[j]) * r(n, 1)
                    })
                    .collect()
            })
            .collect();
        let pearson: f64 = observed
            .iter()
            .zip(&expected)
            .map(|(&o, e)| {
                let e = e.to_f64().unwrap();
                (o as f64 - e).powi(2) / e
            })
            .sum();
        let (statistic, rank) = mahalanobis(&deviation, &covariance).unwrap();
        assert_eq!(rank, 2);
        assert!((statistic - pearson).abs() < 1e-12, "{statistic} {pearson}");
        // (27−30)²/30 + (24−20)²/20 + (9−10)²/10 = 0.3 + 0.8 + 0.1.
        assert!((statistic - 1.2).abs() < 1e-12);
    }

    #[test]
    fn mahalanobis_of_a_diagonal_covariance_is_the_sum_of_squares() {
        let deviation = [r(3, 1), r(-1, 2), r(2, 1)];
        let covariance = vec![
            vec![r(9, 1), r(0, 1), r(0, 1)],
            vec![r(0, 1), r(1, 4), r(0, 1)],
            vec![r(0, 1), r(0, 1), r(4, 1)],
        ];
        assert_eq!(mahalanobis(&deviation, &covariance), Some((3.0, 3)));
    }

    #[test]
    fn mahalanobis_refuses_what_is_not_a_covariance() {
        let deviation = [r(1, 1), r(1, 1)];
        assert_eq!(
            mahalanobis(
                &deviation,
                &[vec![r(-1, 1), r(0, 1)], vec![r(0, 1), r(1, 1)]]
            ),
            None
        );
        assert_eq!(mahalanobis(&deviation, &[vec![r(1, 1)]]), None);
        // A deviation along a direction of zero variance cannot happen under the null.
        assert_eq!(
            mahalanobis(
                &deviation,
                &[vec![r(1, 1), r(0, 1)], vec![r(0, 1), r(0, 1)]]
            ),
            Some((f64::INFINITY, 1))
        );
    }
}
