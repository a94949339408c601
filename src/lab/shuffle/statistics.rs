//! The statistics of the battery: each test of a sample against its null, and the
//! rejection it implies.

use super::null::{ZNull, pairs_among, prefix_ln_bound, transition_null};
use super::{Critical, MAX_BINS, MIN_EVENTS, MIN_EXPECTED, ShuffleTest, ShuffleTestName};
use crate::lab::{
    Note, StatisticKind, TestResult, bennett_two_sided, chi_square_sf, normal_two_sided,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use statrs::function::gamma::ln_gamma;

impl ShuffleTest {
    /// Pearson's statistic of categories against position bins, scaled by (N − 1)/N (Haldane
    /// 1940: with both margins fixed its mean is (R − 1)(C − 1)·N/(N − 1)). The bins are
    /// those of a sample of `sized_as` shoes.
    pub(super) fn position_test(
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
            return untested(test, StatisticKind::ChiSquare, Note::SingleCategory);
        }
        // Bins of ⌊N/B⌋ or ⌈N/B⌉ positions: B as large as allowed with expectations ≥ 5.
        let bins = (2..=MAX_BINS.min(n)).rev().find(|&b| {
            sized_as as f64 * (n / b) as f64 * smallest as f64 / n as f64 >= MIN_EXPECTED
        });
        let Some(bins) = bins else {
            return untested(test, StatisticKind::ChiSquare, Note::TooFewShoesForBins);
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
            .with_note(Note::PositionBins(bins)),
            Critical::ChiSquare {
                df,
                shoes: sized_as as f64,
            },
        )
    }

    /// The transition counts between values, as a Mahalanobis distance from their exact
    /// mean under their exact covariance. Values too rare for an expected count of 5 in
    /// every transition over `sized_as` shoes are pooled with the next rarest first.
    pub(super) fn successor_test(
        &self,
        value_counts: &[u64; 10],
        sized_as: u64,
    ) -> (TestResult, Critical) {
        let test = ShuffleTestName::SuccessorPairs;
        let kind = StatisticKind::Mahalanobis;
        if sized_as < 50 {
            return untested(test, kind, Note::FewerShoes(50));
        }
        let groups = value_groups(value_counts, sized_as);
        let pooled = groups.len() < value_counts.iter().filter(|&&c| c > 0).count();
        if groups.len() < 2 {
            return untested(
                test,
                kind,
                if pooled {
                    Note::TooFewShoesForTransitions
                } else {
                    Note::SingleValue
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
            return untested(test, kind, Note::ShortShoes(2));
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
            return untested(test, kind, Note::NoDegreesOfFreedom);
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
            test = test.with_note(Note::PooledValues(k));
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
    pub(super) fn z_test(
        &self,
        test: ShuffleTestName,
        sum: u128,
        null: &ZNull,
        sized_as: u64,
    ) -> (TestResult, Critical) {
        if sized_as < 2 {
            return untested(test, StatisticKind::Z, Note::FewerShoes(2));
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
            return untested(test, StatisticKind::Z, Note::NoVariance);
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
            .with_note(Note::Bennett {
                events: events.round(),
                needed: MIN_EVENTS,
            }),
            Critical::Bennett {
                shoes: sized_as as f64,
                sd: per_shoe.sqrt(),
                above,
                below,
            },
        )
    }

    pub(super) fn rising_test(&self, counts: &[u64; 52], sized_as: u64) -> (TestResult, Critical) {
        let test = ShuffleTestName::RisingSequences;
        let present: Vec<u64> = counts.iter().copied().filter(|&c| c > 0).collect();
        let n = present.len() as i64;
        if present.windows(2).any(|w| w[0] != w[1]) {
            return untested(test, StatisticKind::Z, Note::UnevenCards);
        }
        if n < 2 {
            return untested(test, StatisticKind::Z, Note::FewerThanTwoCards);
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
        (test.with_note(Note::DistinctCards(present.len())), critical)
    }

    pub(super) fn repeat_tests(
        &self,
        counts: &[u64; 52],
        sized_as: u64,
    ) -> Vec<(TestResult, Critical)> {
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
                Note::FewerShoes(2),
            ));
        } else if counts.iter().filter(|&&c| c > 0).count() < 2 {
            tests.push(untested(
                ShuffleTestName::RepeatedShoes,
                StatisticKind::MatchCount,
                Note::SingleArrangement,
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
                .with_note(Note::RepeatedShoes),
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
                    .with_note(Note::SharedPrefix(l)),
                    Critical::Matches {
                        pairs: sample_pairs,
                        ln_q,
                    },
                ))
            }
            (None, _) => tests.push(untested(
                ShuffleTestName::SharedPrefixes,
                StatisticKind::MatchCount,
                Note::NoRarePrefix,
            )),
            (_, false) => tests.push(untested(
                ShuffleTestName::SharedPrefixes,
                StatisticKind::MatchCount,
                Note::FewerShoes(2),
            )),
        }
        tests
    }
}

/// A test the input did not allow, with nothing to reject.
pub(super) fn untested(
    test: ShuffleTestName,
    kind: StatisticKind,
    reason: Note,
) -> (TestResult, Critical) {
    (
        TestResult::untested(&test.key(), kind, reason),
        Critical::Untested,
    )
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
