//! The audit of a game's log: each coup's outcome against its exact odds, given the cards
//! dealt before it in its shoe, each bet's return against its exact expectation, and every
//! payment the log records against the rules' settlement of its coup.
//!
//! A log is JSON lines: shoe lines (`{"shoe": {"decks": 8}, "burn": ["7H", …]}`, with
//! `decks`, `ranks` or `card_counts` as `verify` reads them, the cards burned optional) and
//! coup lines (`{"cards": ["4H", "2S", "2C", "5D"], …}`; a `net` object and a `stake`, as
//! `verify` reads them, are the engine's payments; other fields are ignored). A coup's exact
//! distribution is the engine's tally of what is left of its shoe, burned cards and earlier
//! coups removed: the coups of one shoe are never taken as independent.
//!
//! # Findings
//!
//! Beside its tests, the audit reads what the log says and reports what is wrong in it as
//! [`Finding`]s, any of which fails the audit:
//!
//! - `settlement`: a coup whose logged net on a bet is not the rules' net for that coup,
//!   compared as `verify` compares it (the bet's `Bet::net` at the line's stake; a whole
//!   number or an exact amount exactly, a float within 10⁻⁹), counted by bet with the first
//!   lines and the return as logged beside the return as the rules pay;
//! - `drawing`: a coup the drawing rules would not deal (a card too few or too many, a hand
//!   that drew against the rules), named as `verify` names it. The audit goes on: the cards
//!   logged still say where the shoe stands, so they are taken out of it, and the coup is
//!   left out of the tests and the returns.
//!
//! A log that cannot be read (bad JSON, a card that is not one, a card the shoe no longer
//! holds) is an [`AuditError`], not a finding.
//!
//! # The tests
//!
//! For a category vector (the winner; the final state pooled into groups; the coup's
//! natural), let `X_t` be coup t's indicator vector and `p_t` its exact conditional
//! distribution given the cards dealt before it. The `X_t − p_t` are martingale differences
//! with conditional covariance `diag p_t − p_t p_tᵀ`, so that, by the martingale central limit
//! theorem (Hall and Heyde, *Martingale Limit Theory and Its Application*, 1980, theorem 3.2),
//! `Σ (X_t − p_t)` is close to normal with covariance `V = Σ_t (diag p_t − p_t p_tᵀ)`. The
//! statistic is the Mahalanobis distance of the observed counts from `Σ p_t` under `V`
//! ([`crate::lab::mahalanobis`]), a chi-square with rank(V) degrees of freedom.
//!
//! - `outcomes`: Punto, Banco, Tie.
//! - `final_states`: the final state grouped by its winner and the winning total (the tied
//!   total for a tie): Punto wins with 1 … 9, Banco wins with 1 … 9, Tie on 0 … 9, 28 groups
//!   in that order, then pooled in that order into runs whose expected count is at least
//!   five (a last run below five joins the one before it), so that every pooled group's
//!   expectation is sound.
//! - `naturals`, by the coup: no natural, a natural 8 (the coup's best two-card total is 8),
//!   a natural 9 (some hand's is 9).
//!
//! # The return audit
//!
//! For every bet of the rule set (main bets, side bets, pairs and card bets), the observed
//! return is the sum of the nets the rules pay on the cards dealt, a unit staked on every
//! coup, over the number of coups; the return as logged (the engine's net where the line
//! logs one) is reported beside it, and any difference is a `settlement` finding. The
//! expected return is `Σ E[net_t] / coups`, each `E[net_t]` exact on the cards left, and the
//! exact variance of the total is `Σ Var_t`. Each bet is a test of the battery
//! (`return_<bet>`), judged with the others under Holm's correction, by one of two methods:
//!
//! - **z** ([`StatisticKind::Z`]), the deviation of the total net over its exact standard
//!   deviation, two-sided, where the normal approximation is sound (see [`near_normal`]),
//!   with the normal interval at 1 − α;
//! - **pay-line counts** ([`StatisticKind::LineCounts`]) otherwise: a bet whose return is
//!   carried by a rare large payout (500 to 1 on four nines) is not near-normal over a few
//!   thousand coups, and a z on its mean net rejects a fair log whenever the rare line hits.
//!   Its return is then tested by what it is made of, the number of coups that hit each of
//!   its nets against their exact expected counts, by a test valid at any sample size (see
//!   [`line_counts`]).
//!
//! # Exact sums
//!
//! Every probability of a coup with n cards left is a count over the same number of ordered
//! six-card sequences D(n) = n(n−1)…(n−5); its products are over D(n)². The integer
//! numerators are summed by the number of cards left, and the groups are added as fractions
//! in a balanced tree over the least common multiple of their D(n), kept factored into
//! primes (the private `sums` module), so that a log of thousands of distinct numbers of
//! cards left costs near-linear time in the size of its exact sums.

mod battery;
mod pricing;
mod reading;
mod sums;

pub use battery::{NEAR_NORMAL, line_counts, near_normal};

use crate::features;
use crate::input::lines::{Line, LineReader, MAX_LINE_BYTES};
use crate::lab::{Battery, StatisticKind, Verdict};
use crate::oracle::verify::Discrepancy;
use crate::outcome::FinalState;
use crate::rules::Rules;
use crate::shoe::Shoe;
use num_rational::BigRational;
use num_traits::Zero;
use pricing::{Acc, PARTITIONS, Priced, Wide, classes_of};
use reading::ShoeState;
use std::collections::BTreeMap;
use std::io::BufRead;
use sums::Sums;

/// A log the audit cannot read: where (line, and column when known) and what.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AuditError {
    /// A line that cannot be read or does not fit the shoe it is dealt from.
    #[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
    At {
        /// The 1-based line.
        line: usize,
        /// The 1-based byte column, when the fault has one.
        column: Option<usize>,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// The log holds no coup.
    #[error(
        "the log holds no coup: a log is shoe lines ({{\"shoe\": {{\"decks\": 8}}}}) each followed by its coup lines ({{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}})"
    )]
    NoCoups,
    /// The log could not be read.
    #[error("cannot read the log: {0}")]
    Io(#[from] std::io::Error),
}

fn at(line: usize, column: Option<usize>, message: impl Into<String>) -> AuditError {
    AuditError::At {
        line,
        column,
        message: message.into(),
    }
}

/// A test of the audit's battery. Its [`key`](AuditTestName::key) is the stable name its
/// [`TestResult`](crate::lab::TestResult) carries and its JSON writes; each report translates
/// every one, by an exhaustive match, so a new test does not compile until it is named.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AuditTestName {
    /// The outcomes (Punto, Banco, Tie) against their exact expected counts.
    Outcomes,
    /// The final states (winner and winning total) against their exact expected counts.
    FinalStates,
    /// The naturals by the coup (none, 8, 9) against their exact expected counts.
    Naturals,
    /// The return of one bet of the rules against its exact expectation.
    Return {
        /// The bet's key, as the rules name it.
        bet: String,
    },
}

impl AuditTestName {
    /// The stable snake_case key, such as `final_states` or `return_banco`.
    ///
    /// ```
    /// use punto_banco::lab::audit::AuditTestName;
    /// assert_eq!(AuditTestName::FinalStates.key(), "final_states");
    /// assert_eq!(AuditTestName::Return { bet: "banco".into() }.key(), "return_banco");
    /// ```
    pub fn key(&self) -> String {
        match self {
            AuditTestName::Outcomes => "outcomes".into(),
            AuditTestName::FinalStates => "final_states".into(),
            AuditTestName::Naturals => "naturals".into(),
            AuditTestName::Return { bet } => format!("return_{bet}"),
        }
    }

    /// The test whose [`key`](AuditTestName::key) this is; `None` for any other text
    /// (another battery's test, or no test).
    ///
    /// ```
    /// use punto_banco::lab::audit::AuditTestName;
    /// let tie = AuditTestName::Return { bet: "tie".into() };
    /// assert_eq!(AuditTestName::from_key(&tie.key()), Some(tie));
    /// assert_eq!(AuditTestName::from_key("naturals"), Some(AuditTestName::Naturals));
    /// assert_eq!(AuditTestName::from_key("return_"), None);
    /// assert_eq!(AuditTestName::from_key("card_by_position"), None);
    /// ```
    pub fn from_key(key: &str) -> Option<AuditTestName> {
        match key {
            "outcomes" => Some(AuditTestName::Outcomes),
            "final_states" => Some(AuditTestName::FinalStates),
            "naturals" => Some(AuditTestName::Naturals),
            _ => key
                .strip_prefix("return_")
                .filter(|bet| !bet.is_empty())
                .map(|bet| AuditTestName::Return { bet: bet.into() }),
        }
    }
}

/// How many lines a finding names: the first ones of the log.
pub const FIRST_LINES: usize = 5;

/// What the audit finds wrong in the log itself, beside its tests: coups paid otherwise than
/// the rules pay them, coups the rules would not deal. Any finding fails the audit; `verify`
/// details every coup of both kinds.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Finding {
    /// Coups whose logged net on a bet is not the rules' net for the coup.
    Settlement {
        /// The bet's key.
        bet: String,
        /// How many coups logged a net on the bet that the rules do not pay.
        coups: u64,
        /// The lines of the first of them ([`FIRST_LINES`] at most), in the log's order.
        lines: Vec<usize>,
        /// The bet's return per unit staked on every coup as the log pays it (the engine's
        /// net where the line logs one, the rules' elsewhere).
        as_logged: BigRational,
        /// The bet's return as the rules pay the same coups.
        by_rules: BigRational,
    },
    /// Coups the drawing rules would not deal: a card too few or too many, a hand that drew
    /// against the rules. Their cards were taken out of the shoe all the same, and the coups
    /// left out of the tests and the returns.
    Drawing {
        /// How many coups.
        coups: u64,
        /// The first of them ([`FIRST_LINES`] at most), each with its line and what is
        /// wrong, as `verify` names it.
        first: Vec<Discrepancy>,
    },
}

impl Finding {
    /// The finding's kind, its key in JSON: `settlement` or `drawing`.
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::Settlement { .. } => "settlement",
            Finding::Drawing { .. } => "drawing",
        }
    }
}

/// The audit of a log: its findings, its battery of tests and every bet's return.
#[derive(Debug, Clone)]
pub struct Audit {
    /// The rules the log was audited under.
    pub rules: Rules,
    /// Shoe lines read.
    pub shoes: u64,
    /// Coups audited: the coups the rules deal (a coup of a `drawing` finding is not one).
    pub coups: u64,
    /// What is wrong in the log itself: `settlement` findings by bet (in the tariff's order),
    /// then the `drawing` finding, if any.
    pub findings: Vec<Finding>,
    /// The tests, judged together with Holm's correction: `outcomes`, `final_states`,
    /// `naturals`, then `return_<bet>` for each bet of the rule set.
    pub battery: Battery,
    /// Every bet's return, in the tariff's order (main bets first).
    pub rtp: Vec<BetReturn>,
}

impl Audit {
    /// The audit's verdict: [`Verdict::Fail`] when the log has a finding, else the battery's.
    pub fn verdict(&self) -> Verdict {
        if self.findings.is_empty() {
            self.battery.verdict()
        } else {
            Verdict::Fail
        }
    }
}

/// One of a bet's nets, and how many coups paid it against how many were expected to.
#[derive(Debug, Clone, PartialEq)]
pub struct NetCount {
    /// The net per unit staked.
    pub net: BigRational,
    /// The coups whose cards pay it, as the rules settle them.
    pub hits: u64,
    /// The expected number, `Σ P_t(net)`, each probability exact on the cards left.
    pub expected: BigRational,
}

/// One bet's return audit, per unit staked on every coup.
#[derive(Debug, Clone, PartialEq)]
pub struct BetReturn {
    /// The bet's key (`punto`, `banco`, `tie`, then the side bets').
    pub bet: String,
    /// The observed return: the sum of the nets the rules pay on the cards dealt over the
    /// number of coups.
    pub observed: BigRational,
    /// The return as logged: the engine's net where the line logs one, the rules' elsewhere.
    /// It differs from `observed` exactly when some coup was mis-paid (`mispaid`).
    pub as_logged: BigRational,
    /// The expected return: the sum of the coups' exact expected nets over the number of
    /// coups.
    pub expected: BigRational,
    /// The exact variance of the sum of the nets, `Σ Var_t`, each given the cards before it.
    pub variance: BigRational,
    /// How the return was tested: [`StatisticKind::Z`] or [`StatisticKind::LineCounts`].
    pub method: StatisticKind,
    /// The normal interval of the return at 1 − α (from the martingale central limit
    /// theorem), given where the z-test is used; `None` for a return tested by its pay-line
    /// counts, where the normal approximation is not sound.
    pub interval: Option<(f64, f64)>,
    /// The verdict of the bet's test `return_<bet>`, after Holm.
    pub verdict: Verdict,
    /// The coups whose line logs the engine's net for this bet.
    pub logged: u64,
    /// The coups whose logged net for this bet is not the rules'.
    pub mispaid: u64,
    /// Each distinct net of the bet, with its hits and expected hits, in the order of the
    /// bet's lines (the loss of the stake last).
    pub nets: Vec<NetCount>,
}

/// Audits a whole log at level `alpha` (in (0, 1)) under `rules`, reading lines of at most
/// [`MAX_LINE_BYTES`].
///
/// ```
/// use punto_banco::lab::audit::audit;
/// use punto_banco::rules::Rules;
/// let log = "{\"shoe\": {\"decks\": 8}}\n{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n";
/// let report = audit(log.as_bytes(), &Rules::reference(), 0.01).unwrap();
/// assert_eq!((report.shoes, report.coups), (1, 1));
/// assert_eq!(report.rtp[0].bet, "punto");
/// assert!(report.findings.is_empty());
/// ```
pub fn audit(reader: impl BufRead, rules: &Rules, alpha: f64) -> Result<Audit, AuditError> {
    let mut auditor = Auditor::new(rules);
    let mut lines = LineReader::new(reader, MAX_LINE_BYTES);
    while let Some((number, line)) = lines.next_line()? {
        match line {
            Line::Read(bytes) => auditor.line(number, bytes)?,
            Line::TooLong => {
                return Err(at(
                    number,
                    None,
                    format!(
                        "the line is longer than {MAX_LINE_BYTES} bytes; a log line is one shoe or one coup"
                    ),
                ));
            }
        }
    }
    auditor.finish(alpha)
}

/// Reads a log line by line and keeps the exact sums the audit needs; [`Auditor::finish`]
/// gives the [`Audit`].
#[derive(Debug, Clone)]
pub struct Auditor {
    rules: Rules,
    bets: Vec<Priced>,
    reads_suits: bool,
    /// Each final state's classes.
    class_of: Vec<[usize; 3]>,
    shoe: Option<ShoeState>,
    shoes: u64,
    coups: u64,
    /// Where each partition's entries start in a group.
    partition_base: [usize; 3],
    /// Where each bet's entries start: E[net], E[net²], E[net]², then the probability of each
    /// of its nets.
    bet_base: Vec<usize>,
    /// Each entry's power of D(n) in its denominator.
    power: Vec<u8>,
    /// By cards left, the numerators of every entry.
    groups: BTreeMap<u64, Vec<Acc>>,
    /// The groups already added as fractions.
    sums: Sums,
    /// Observed counts of each partition's classes.
    observed: [Vec<u64>; 3],
    /// Each bet's nets as the rules pay the cards dealt, scaled by the bet's scale, and the
    /// hits of each of its nets.
    by_rules: Vec<Wide>,
    hits: Vec<Vec<u64>>,
    /// Each bet's nets as logged: scaled where a whole number of the bet's units, the rest
    /// exact.
    logged_scaled: Vec<Wide>,
    logged_other: Vec<BigRational>,
    logged: Vec<u64>,
    /// Each bet's mis-paid coups and the lines of the first of them.
    mispaid: Vec<u64>,
    mispaid_lines: Vec<Vec<usize>>,
    /// Coups the rules would not deal, and the first of them.
    undealt: u64,
    undealt_first: Vec<Discrepancy>,
}

impl Auditor {
    /// An auditor of logs dealt under `rules`.
    pub fn new(rules: &Rules) -> Auditor {
        let all = rules.tariff.all();
        let bets: Vec<Priced> = all
            .iter()
            .filter_map(|(key, terms)| Priced::new(key, terms))
            .collect();
        // A shoe stated by rank cannot say suits: the card counts fail exactly when a bet
        // reads them.
        let reads_suits = Shoe::from_counts([4; 13])
            .map(|shoe| features::card_counts(rules, &shoe).is_err())
            .unwrap_or(true);
        let mut power = Vec::new();
        let mut partition_base = [0; 3];
        for (p, &(_, k)) in PARTITIONS.iter().enumerate() {
            partition_base[p] = power.len();
            power.extend(std::iter::repeat_n(1, k));
            power.extend(std::iter::repeat_n(2, k * (k + 1) / 2));
        }
        let mut bet_base = Vec::with_capacity(bets.len());
        for bet in &bets {
            bet_base.push(power.len());
            // E[net], E[net²], E[net]², then each net's probability.
            power.extend([1, 1, 2]);
            power.extend(std::iter::repeat_n(1, bet.nets.len()));
        }
        let n = bets.len();
        Auditor {
            rules: rules.clone(),
            by_rules: vec![Wide::Small(0); n],
            hits: bets.iter().map(|b| vec![0; b.nets.len()]).collect(),
            logged_scaled: vec![Wide::Small(0); n],
            logged_other: vec![BigRational::zero(); n],
            logged: vec![0; n],
            mispaid: vec![0; n],
            mispaid_lines: vec![Vec::new(); n],
            undealt: 0,
            undealt_first: Vec::new(),
            bets,
            reads_suits,
            class_of: FinalState::all().map(classes_of).collect(),
            shoe: None,
            shoes: 0,
            coups: 0,
            partition_base,
            bet_base,
            sums: Sums::new(power.clone()),
            power,
            groups: BTreeMap::new(),
            observed: PARTITIONS.map(|(_, k)| vec![0; k]),
        }
    }

    /// Coups read so far that the rules deal.
    pub fn coups(&self) -> u64 {
        self.coups
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The Tie bet (8 to 1, a tie about 9.5% of coups) and Banco (0.95, a push on a tie),
    /// with their exact nets' probabilities on a full eight-deck shoe rounded to doubles.
    const TIE: ([f64; 2], [f64; 2]) = ([8.0, -1.0], [0.095_156, 0.904_844]);
    const BANCO: ([f64; 3], [f64; 3]) = ([0.0, 0.95, -1.0], [0.095_156, 0.458_597, 0.446_247]);

    fn counts(p: &[f64], coups: u64) -> Vec<f64> {
        p.iter().map(|p| p * coups as f64).collect()
    }

    #[test]
    fn near_normal_follows_the_size_of_the_rare_payouts() {
        // Tie: γ₁² ≈ 7.6 and κ₁ ≈ 5.6, so the z-test needs some 760 coups.
        assert!(!near_normal(&TIE.0, &counts(&TIE.1, 165), 165));
        assert!(near_normal(&TIE.0, &counts(&TIE.1, 1000), 1000));
        // Banco is nearly symmetric with thin tails: z from the first coup.
        assert!(near_normal(&BANCO.0, &counts(&BANCO.1, 10), 10));
        // Lucky Nines' lines (500, 250, 20, 8, 5, 2, 1 to 1, else −1): not below millions.
        let nets = [500.0, 250.0, 20.0, 8.0, 5.0, 2.0, 1.0, -1.0];
        let p = [
            2.9e-5, 7.0e-5, 1.479e-3, 6.696e-3, 0.022_959, 0.060_905, 0.182_714, 0.725_148,
        ];
        assert!(!near_normal(&nets, &counts(&p, 100_000), 100_000));
        // A net that cannot vary is left to the caller (untested).
        assert!(near_normal(&[-1.0], &[50.0], 50));
    }

    /// The e-value's p-value holds on coups that depend on one another: a hit's probability
    /// jumps after each hit and decays after each miss (predictable, as depletion is), and the
    /// expected count is the sum of the probabilities actually used.
    #[test]
    fn line_counts_rejects_fair_dependent_coups_at_most_at_alpha() {
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        let (runs, coups) = (2000, 400);
        let mut rejected = [0usize; 2];
        for _ in 0..runs {
            let (mut p, mut hits, mut expected) = (0.01f64, 0u64, 0.0f64);
            for _ in 0..coups {
                expected += p;
                if rng.random::<f64>() < p {
                    hits += 1;
                    p = (p * 8.0).min(0.5);
                } else {
                    p = (p * 0.97).max(0.001);
                }
            }
            let e = line_counts(&[hits, coups - hits], &[expected, coups as f64 - expected]);
            let p_value = (1.0 / e).min(1.0);
            rejected[0] += usize::from(p_value <= 0.05);
            rejected[1] += usize::from(p_value <= 0.01);
        }
        // binomial(2000, 0.05) exceeds 135 and binomial(2000, 0.01) exceeds 38 with
        // probability below 10⁻⁵: the run is seeded, so this cannot flake.
        assert!(rejected[0] <= 135, "{rejected:?}");
        assert!(rejected[1] <= 38, "{rejected:?}");
    }

    #[test]
    fn line_counts_sees_a_line_paid_too_often_or_too_rarely() {
        // A 500-to-1 line expected twice, hit sixteen times; a common net expected 300 times,
        // hit 240 times; both against fair counts.
        let p = |hits: &[u64], expected: &[f64]| (1.0 / line_counts(hits, expected)).min(1.0);
        assert!(p(&[16, 384], &[2.0, 398.0]) < 1e-4);
        assert!(p(&[240, 160], &[300.0, 100.0]) < 1e-4);
        assert!(p(&[2, 398], &[2.0, 398.0]) > 0.5);
        assert!(p(&[0, 400], &[0.01, 399.99]) > 0.5);
        // No nets, no evidence.
        assert_eq!(line_counts(&[], &[]), 1.0);
    }
}
