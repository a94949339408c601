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
//!   compared as `verify` compares it (the rules' `settle_coup` at the line's stake; a whole
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

mod sums;

use crate::analysis;
use crate::card::{Card, Rank};
use crate::coup::Coup;
use crate::engine::{self, Weights};
use crate::features;
use crate::input::json::{self, Described, Object, json_error};
use crate::input::lines::{Line, LineReader, MAX_LINE_BYTES};
use crate::input::shoe::ShoeFields;
use crate::lab::{
    Battery, StatisticKind, TestResult, Verdict, chi_square_sf, mahalanobis, normal_two_sided,
};
use crate::oracle::verify::{self, Discrepancy, NET_DIGITS, NET_FORMS, Net, parse_net};
use crate::outcome::{FinalState, Winner};
use crate::rules::condition::{CardBet, CardClass, DealtCoup};
use crate::rules::{Rules, Terms};
use crate::shoe::Shoe;
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::io::BufRead;
use sums::{Factored, Sums, ratio_f64, reduced};

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

/// A number of any size, in 128 bits while it fits.
#[derive(Debug, Clone, PartialEq)]
enum Wide {
    Small(i128),
    Big(BigInt),
}

impl Wide {
    fn from_u128(x: u128) -> Wide {
        i128::try_from(x).map_or_else(|_| Wide::Big(BigInt::from(x)), Wide::Small)
    }

    fn to_bigint(&self) -> BigInt {
        match self {
            Wide::Small(x) => BigInt::from(*x),
            Wide::Big(x) => x.clone(),
        }
    }

    fn add(&mut self, other: &Wide) {
        if let (Wide::Small(a), Wide::Small(b)) = (&*self, other)
            && let Some(sum) = a.checked_add(*b)
        {
            *self = Wide::Small(sum);
            return;
        }
        *self = Wide::Big(self.to_bigint() + other.to_bigint());
    }

    fn mul(&self, other: &Wide) -> Wide {
        if let (Wide::Small(a), Wide::Small(b)) = (self, other)
            && let Some(product) = a.checked_mul(*b)
        {
            return Wide::Small(product);
        }
        Wide::Big(self.to_bigint() * other.to_bigint())
    }
}

/// A sum in 256-bit two's complement (`high·2¹²⁸ + low`), plus whatever a [`Wide::Big`] adds:
/// the products of two 128-bit weights are added without a big integer.
#[derive(Debug, Clone, Default)]
struct Acc {
    low: u128,
    high: i128,
    big: Option<Box<BigInt>>,
}

impl Acc {
    fn add_parts(&mut self, high: i128, low: u128) {
        let (sum, carry) = self.low.overflowing_add(low);
        self.low = sum;
        self.high = self.high.wrapping_add(high).wrapping_add(i128::from(carry));
    }

    /// Adds the exact product of two unsigned 128-bit numbers.
    fn add_product(&mut self, a: u128, b: u128) {
        const MASK: u128 = (1 << 64) - 1;
        let (a1, a0, b1, b0) = (a >> 64, a & MASK, b >> 64, b & MASK);
        if a1 == 0 && b1 == 0 {
            self.add_parts(0, a0 * b0);
            return;
        }
        // (a1·2⁶⁴ + a0)(b1·2⁶⁴ + b0), each partial product below 2¹²⁸.
        let (low, mid1, mid2, top) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        self.add_parts(0, low);
        self.add_parts((mid1 >> 64) as i128, mid1 << 64);
        self.add_parts((mid2 >> 64) as i128, mid2 << 64);
        // Below 2¹²⁶ for weights of a shoe whose N⁶ fits 128 bits; else through a big integer.
        match i128::try_from(top) {
            Ok(top) if top < (1 << 120) => self.add_parts(top, 0),
            _ => self.add_wide(&Wide::Big(BigInt::from(top) << 128)),
        }
    }

    fn add_wide(&mut self, x: &Wide) {
        match x {
            Wide::Small(x) => self.add_parts(if *x < 0 { -1 } else { 0 }, *x as u128),
            Wide::Big(x) => **self.big.get_or_insert_with(Box::default) += x,
        }
    }

    fn to_bigint(&self) -> BigInt {
        let fixed = (BigInt::from(self.high) << 128) + BigInt::from(self.low);
        match &self.big {
            Some(big) => fixed + &**big,
            None => fixed,
        }
    }
}

/// `Σ c·k` and `Σ c²·k` over cases of scaled net `c` and count `k`.
fn moments(cases: impl Iterator<Item = (i128, Wide)>) -> (Wide, Wide) {
    let (mut first, mut second) = (Wide::Small(0), Wide::Small(0));
    for (c, k) in cases {
        let c = Wide::Small(c);
        let ck = c.mul(&k);
        second.add(&c.mul(&ck));
        first.add(&ck);
    }
    (first, second)
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// How a bet is counted before a coup, into its distinct nets.
#[derive(Debug, Clone)]
enum Counted {
    /// Settled on the final state: the index of each state's net.
    State(Vec<u16>),
    /// A bet reading more than the final state (a pair bet, a card bet): counted by its
    /// conditions through the one pricing, [`analysis::distribution`].
    Cards(Box<CardBet>),
}

/// A bet of the rule set made ready: its distinct nets as whole numbers over `scale`.
#[derive(Debug, Clone)]
struct Priced {
    key: String,
    terms: Terms,
    scale: i128,
    /// The bet's distinct nets, scaled: in the order of its lines (the state's nets in the
    /// order of the final states), the loss of the stake last for a card bet.
    nets: Vec<i128>,
    counted: Counted,
}

impl Priced {
    fn new(key: &str, terms: &Terms) -> Option<Priced> {
        let nets: Vec<Ratio<i64>> = match terms {
            Terms::Pair { net, .. } => vec![-Ratio::from_integer(1), *net],
            Terms::Cards(bet) if !bet.reads_state_only() => {
                let mut nets: Vec<Ratio<i64>> = bet.lines.iter().map(|l| l.net).collect();
                nets.push(-Ratio::from_integer(1));
                nets
            }
            _ => FinalState::all()
                .map(|s| terms.settle_state(s).unwrap_or_default())
                .collect(),
        };
        let mut scale: i128 = 1;
        for net in &nets {
            let d = i128::from(*net.denom());
            scale = scale.checked_mul(d / gcd(scale, d))?;
        }
        let mut distinct: Vec<i128> = Vec::new();
        let mut index = Vec::with_capacity(nets.len());
        for net in &nets {
            let net = i128::from(*net.numer()).checked_mul(scale / i128::from(*net.denom()))?;
            let at = match distinct.iter().position(|&c| c == net) {
                Some(at) => at,
                None => {
                    distinct.push(net);
                    distinct.len() - 1
                }
            };
            index.push(at);
        }
        let counted = match terms {
            _ if !terms.reads_state_only() => Counted::Cards(Box::new(terms.to_card_bet())),
            _ => Counted::State(
                index
                    .iter()
                    .map(|&i| u16::try_from(i).ok())
                    .collect::<Option<_>>()?,
            ),
        };
        Some(Priced {
            key: key.to_string(),
            terms: terms.clone(),
            scale,
            nets: distinct,
            counted,
        })
    }

    /// A net per unit, scaled to a whole number of the bet's units.
    fn scaled(&self, net: Ratio<i64>) -> i128 {
        i128::from(*net.numer()) * (self.scale / i128::from(*net.denom()))
    }

    /// The index of a scaled net among the bet's distinct nets.
    fn index(&self, scaled: i128) -> usize {
        self.nets
            .iter()
            .position(|&c| c == scaled)
            .expect("the rules settle a coup at one of the bet's nets")
    }
}

/// The three partitions of the final states the tests count.
const PARTITIONS: [(&str, usize); 3] = [("outcomes", 3), ("final_states", 28), ("naturals", 3)];

/// The class of a final state in each partition.
fn classes_of(state: FinalState) -> [usize; 3] {
    let winner = match state.winner() {
        Winner::Punto => 0,
        Winner::Banco => 1,
        Winner::Tie => 2,
    };
    let (p, b) = (state.punto_total(), state.banco_total());
    let group = match state.winner() {
        Winner::Punto => usize::from(p.max(1)) - 1,
        Winner::Banco => 9 + usize::from(b.max(1)) - 1,
        Winner::Tie => 18 + usize::from(p),
    };
    let natural = if !state.is_natural() {
        0
    } else if p.max(b) == 9 {
        2
    } else {
        1
    };
    [winner, group, natural]
}

/// The index of the pair (i, j), i ≤ j, in the upper triangle of a k × k matrix.
fn triangle(k: usize, i: usize, j: usize) -> usize {
    i * k - i * (i + 1) / 2 + j
}

/// The shoe being dealt: what is left of it, by rank and by card.
#[derive(Debug, Clone)]
struct ShoeState {
    line: usize,
    counts: [u64; 13],
    /// By card (`4·rank + suit`); for a shoe stated by rank, each rank's count on its spade.
    cards: [u64; 52],
    card_level: bool,
}

impl ShoeState {
    fn left(&self) -> u64 {
        self.counts.iter().sum()
    }

    fn index(&self, card: Card) -> usize {
        if self.card_level {
            CardClass::index(card)
        } else {
            4 * card.rank.index()
        }
    }

    fn holds(&self, card: Card) -> bool {
        self.cards[self.index(card)] > 0
    }

    fn take(&mut self, card: Card) {
        let i = self.index(card);
        self.cards[i] -= 1;
        self.counts[card.rank.index()] -= 1;
    }
}

/// The groups of numerators held before they are added as fractions: beyond this many
/// numbers of cards left, they are added into the exact sums, so memory stays bounded (some
/// 45 MB under the reference rules). A log of shoes of up to 2,048 cards (39 decks) holds
/// every group until the end, however long it is, and its sums are made once.
const MAX_GROUPS: usize = 1 << 11;

/// The nets a coup line logs, by bet, and the stake they are paid on.
struct Logged {
    stake: u64,
    nets: Vec<(usize, Net)>,
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
    /// Reads one line of the log (its bytes without the line break), numbered from 1. A blank
    /// line is skipped.
    pub fn line(&mut self, number: usize, bytes: &[u8]) -> Result<(), AuditError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            at(
                number,
                Some(e.valid_up_to() + 1),
                "the line is not UTF-8 text",
            )
        })?;
        if text.trim().is_empty() {
            return Ok(());
        }
        let line: LogLine = serde_json::from_str::<Object<LogLine>>(text)
            .map_err(|e| at(number, None, json_error(text, &e, true)))
            .map(|Object(line)| line)?;
        let column =
            |raw: &RawValue| Some(raw.get().as_ptr() as usize - text.as_ptr() as usize + 1);
        match (line.shoe, line.cards) {
            (Some(shoe), None) => self.start_shoe(number, text, shoe, line.burn),
            (None, Some(cards)) => {
                if let Some(burn) = line.burn {
                    return Err(at(
                        number,
                        column(burn),
                        "burn: a coup line burns no card; `burn` belongs on the shoe line",
                    ));
                }
                self.coup(number, text, cards, line.net, line.stake)
            }
            (Some(shoe), Some(_)) => Err(at(
                number,
                column(shoe),
                "a line is a shoe (`shoe`) or a coup (`cards`), not both",
            )),
            (None, None) => Err(at(
                number,
                None,
                "the line has neither `shoe` nor `cards`: a shoe line is {\"shoe\": {\"decks\": 8}, \"burn\": [\"7H\", …]}, a coup line {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}",
            )),
        }
    }

    fn start_shoe(
        &mut self,
        number: usize,
        text: &str,
        raw: &RawValue,
        burn: Option<&RawValue>,
    ) -> Result<(), AuditError> {
        let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize;
        let accepted = "a shoe is `decks` (1 or more), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣)";
        let fields = serde_json::from_str::<Object<ShoeFields>>(raw.get()).map_err(|e| {
            at(
                number,
                Some(offset(raw) + e.column().max(1)),
                format!("shoe: {}; {accepted}", json::message(&e)),
            )
        })?;
        let shoe = fields.0.stated_shoe().map_err(|e| {
            at(
                number,
                Some(offset(raw) + 1),
                format!("shoe: {e}; {accepted}"),
            )
        })?;
        // The engine picks the narrowest integer its proof allows; the audit counts in 128
        // bits, which every smaller shoe of the same dealing then fits too.
        if matches!(
            engine::weights(&shoe, &self.rules.drawing),
            Ok(Weights::Big(_))
        ) {
            return Err(at(
                number,
                Some(offset(raw) + 1),
                format!(
                    "shoe: {} cards is more than the audit counts in 128 bits",
                    shoe.len()
                ),
            ));
        }
        let card_level = shoe.card_counts().is_ok();
        if self.reads_suits && !card_level {
            return Err(at(
                number,
                Some(offset(raw) + 1),
                "shoe: the rule set has bets that read suits, so the shoe must say its suits: give `decks` or `card_counts`, not `ranks`",
            ));
        }
        let mut cards = [0; 52];
        match shoe.card_counts() {
            Ok(by_card) => cards = by_card,
            Err(_) => {
                for rank in Rank::ALL {
                    cards[4 * rank.index()] = shoe.count(rank);
                }
            }
        }
        let mut state = ShoeState {
            line: number,
            counts: shoe.counts(),
            cards,
            card_level,
        };
        if let Some(burn) = burn {
            for (card, column) in read_cards(number, text, burn, "burn")? {
                if !state.holds(card) {
                    return Err(at(
                        number,
                        Some(column),
                        format!("burn: the shoe has no {card} left to burn"),
                    ));
                }
                state.take(card);
            }
        }
        self.shoe = Some(state);
        self.shoes += 1;
        Ok(())
    }

    fn coup(
        &mut self,
        number: usize,
        text: &str,
        raw: &RawValue,
        net: Option<&RawValue>,
        stake: Option<&RawValue>,
    ) -> Result<(), AuditError> {
        let start = raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
        let read = read_cards(number, text, raw, "cards")?;
        let cards: Vec<Card> = read.iter().map(|(card, _)| *card).collect();
        let Some(shoe) = self.shoe.clone() else {
            return Err(at(
                number,
                Some(start),
                "cards: a coup before any shoe line; the log must say its shoe first, as {\"shoe\": {\"decks\": 8}}",
            ));
        };
        // Every card must still be in the shoe, the coup's own earlier cards taken out.
        let mut left = shoe.clone();
        for &(card, column) in &read {
            if !left.holds(card) {
                return Err(at(
                    number,
                    Some(column),
                    format!(
                        "cards: the shoe begun on line {} has no {card} left",
                        shoe.line
                    ),
                ));
            }
            left.take(card);
        }
        let n = shoe.left();
        if n < 6 {
            return Err(at(
                number,
                Some(start),
                format!(
                    "cards: the shoe begun on line {} has {n} cards left before this coup, fewer than the six a coup may need",
                    shoe.line
                ),
            ));
        }
        let logged = self.read_nets(number, text, net, stake)?;
        match verify::dealt(&self.rules.drawing, &cards) {
            // A coup the rules would not deal: a finding, and its cards are dealt all the same.
            Err(finding) => {
                self.undealt += 1;
                if self.undealt_first.len() < FIRST_LINES {
                    self.undealt_first.push(Discrepancy {
                        line: number,
                        finding,
                    });
                }
            }
            Ok(coup) => {
                self.count(shoe, n);
                self.observe(number, &coup, &logged);
                self.coups += 1;
            }
        }
        self.shoe = Some(left);
        Ok(())
    }

    /// The stake and the nets the line's engine logs, by bet, read as `verify` reads them.
    fn read_nets(
        &self,
        number: usize,
        text: &str,
        net: Option<&RawValue>,
        stake: Option<&RawValue>,
    ) -> Result<Logged, AuditError> {
        let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
        let stake = match stake {
            None => 1u64,
            Some(raw) => match serde_json::from_str::<u64>(raw.get()) {
                Ok(s) if (1..=u64::from(verify::MAX_STAKE)).contains(&s) => s,
                _ => {
                    return Err(at(
                        number,
                        Some(offset(raw)),
                        format!(
                            "stake: `{}` is no stake; a stake is a whole number from 1 to 1,000,000,000",
                            raw.get()
                        ),
                    ));
                }
            },
        };
        let Some(net) = net else {
            return Ok(Logged {
                stake,
                nets: Vec::new(),
            });
        };
        let map = serde_json::from_str::<Object<BTreeMap<String, &RawValue>>>(net.get())
            .map_err(|e| at(number, Some(offset(net)), format!("net: {}; `net` is an object of amounts by bet, such as {{\"banco\": 0.95}}", json::message(&e))))?
            .0;
        let mut nets = Vec::with_capacity(map.len());
        for (key, value) in map {
            let Some(i) = self.bets.iter().position(|b| b.key == key) else {
                let keys: Vec<&str> = self.bets.iter().map(|b| b.key.as_str()).collect();
                return Err(at(
                    number,
                    Some(offset(value)),
                    format!(
                        "net: `{key}` is no bet of the rule set ({})",
                        keys.join(", ")
                    ),
                ));
            };
            let amount = read_net(value.get()).ok_or_else(|| {
                at(
                    number,
                    Some(offset(value)),
                    format!(
                        "net.{key}: `{}` is no amount; an amount is {NET_FORMS}, each part at most {NET_DIGITS} digits",
                        value.get()
                    ),
                )
            })?;
            nets.push((i, amount));
        }
        Ok(Logged { stake, nets })
    }

    /// Adds the coup's exact moments, on the shoe before it, into the group of `n` cards left.
    fn count(&mut self, shoe: ShoeState, n: u64) {
        let composition =
            Shoe::from_counts(shoe.counts).expect("the counts of a shoe read, less cards it held");
        let weights: Vec<u128> = match engine::weights(&composition, &self.rules.drawing) {
            Ok(Weights::U64(w)) => w.iter().map(|&x| u128::from(x)).collect(),
            Ok(Weights::U128(w)) => w.to_vec(),
            // Held off when the shoe is read (more than 128 bits), and a shoe of six cards or
            // more is playable.
            Ok(Weights::Big(_)) | Err(_) => {
                unreachable!("a shoe read for the audit counts in 128 bits")
            }
        };
        let entries = self.power.len();
        if !self.groups.contains_key(&n) && self.groups.len() >= MAX_GROUPS {
            self.flush();
        }
        let group = self
            .groups
            .entry(n)
            .or_insert_with(|| vec![Acc::default(); entries]);
        // The partitions' class weights.
        let mut class_weights: [Vec<u128>; 3] = PARTITIONS.map(|(_, k)| vec![0; k]);
        for (s, &w) in weights.iter().enumerate() {
            if w != 0 {
                for (p, &c) in self.class_of[s].iter().enumerate() {
                    class_weights[p][c] += w;
                }
            }
        }
        for (p, weights) in class_weights.iter().enumerate() {
            let (base, k) = (self.partition_base[p], weights.len());
            for i in 0..k {
                group[base + i].add_parts(0, weights[i]);
                for j in i..k {
                    group[base + k + triangle(k, i, j)].add_product(weights[i], weights[j]);
                }
            }
        }
        for (b, bet) in self.bets.iter().enumerate() {
            // The weight of each of the bet's nets: every count is at most D(n), below 2¹²⁸.
            let mut cases = vec![0u128; bet.nets.len()];
            match &bet.counted {
                Counted::State(index) => {
                    for (&w, &i) in weights.iter().zip(index) {
                        cases[usize::from(i)] += w;
                    }
                }
                Counted::Cards(card_bet) => {
                    let states: Vec<(FinalState, &u128)> = weights
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| **w != 0)
                        .map(|(i, w)| (FinalState::from_index(i), w))
                        .collect();
                    let distribution =
                        analysis::distribution(card_bet, &shoe.cards, &self.rules.drawing, &states);
                    for (net, count) in distribution {
                        cases[bet.index(bet.scaled(net))] += count;
                    }
                }
            }
            let (first, second) = moments(
                bet.nets
                    .iter()
                    .zip(&cases)
                    .map(|(&c, &k)| (c, Wide::from_u128(k))),
            );
            let base = self.bet_base[b];
            let square = first.mul(&first);
            group[base].add_wide(&first);
            group[base + 1].add_wide(&second);
            group[base + 2].add_wide(&square);
            for (k, &count) in cases.iter().enumerate() {
                group[base + 3 + k].add_parts(0, count);
            }
        }
    }

    /// Counts what the coup dealt, what the rules pay on it, and what the line's engine paid.
    fn observe(&mut self, number: usize, coup: &Coup<Card>, logged: &Logged) {
        let state = coup.final_state();
        for (p, &c) in self.class_of[state.index()].iter().enumerate() {
            self.observed[p][c] += 1;
        }
        let dealt = DealtCoup::from(coup);
        let stake = i128::from(logged.stake);
        for (b, bet) in self.bets.iter().enumerate() {
            let net = bet.terms.settle_coup(&dealt);
            let scaled = bet.scaled(net);
            self.by_rules[b].add(&Wide::Small(scaled));
            self.hits[b][bet.index(scaled)] += 1;
            let claim = logged.nets.iter().find(|(i, _)| *i == b).map(|(_, c)| c);
            let Some(claim) = claim else {
                self.logged_scaled[b].add(&Wide::Small(scaled));
                continue;
            };
            self.logged[b] += 1;
            // The rules' net at the line's stake, compared as `verify` compares it.
            let rules = Ratio::new(i128::from(*net.numer()) * stake, i128::from(*net.denom()));
            if claim.agrees(&rules) {
                self.logged_scaled[b].add(&Wide::Small(scaled));
                continue;
            }
            self.mispaid[b] += 1;
            if self.mispaid_lines[b].len() < FIRST_LINES {
                self.mispaid_lines[b].push(number);
            }
            let paid = net_value(claim) / BigInt::from(stake);
            let in_units = &paid * BigInt::from(bet.scale);
            match in_units
                .is_integer()
                .then(|| in_units.numer().to_i128())
                .flatten()
            {
                Some(x) => self.logged_scaled[b].add(&Wide::Small(x)),
                None => self.logged_other[b] += paid,
            }
        }
    }

    /// Adds the groups' numerators into the exact sums, each group over its D(n).
    fn flush(&mut self) {
        for (n, group) in std::mem::take(&mut self.groups) {
            let sequences = Factored::product_of(&[n, n - 1, n - 2, n - 3, n - 4, n - 5]);
            self.sums
                .add(sequences, group.iter().map(Acc::to_bigint).collect());
        }
    }

    /// The findings: each mis-paid bet's (with its return as logged and as the rules pay, in
    /// `returns`), then the coups the rules would not deal.
    fn findings(&self, returns: &[BetReturn]) -> Vec<Finding> {
        let mut findings: Vec<Finding> = returns
            .iter()
            .enumerate()
            .filter(|(b, _)| self.mispaid[*b] > 0)
            .map(|(b, r)| Finding::Settlement {
                bet: r.bet.clone(),
                coups: self.mispaid[b],
                lines: self.mispaid_lines[b].clone(),
                as_logged: r.as_logged.clone(),
                by_rules: r.observed.clone(),
            })
            .collect();
        if self.undealt > 0 {
            findings.push(Finding::Drawing {
                coups: self.undealt,
                first: self.undealt_first.clone(),
            });
        }
        findings
    }

    /// The audit of what was read, at level `alpha`.
    pub fn finish(mut self, alpha: f64) -> Result<Audit, AuditError> {
        if self.coups == 0 {
            if self.undealt == 0 {
                return Err(AuditError::NoCoups);
            }
            // Only coups the rules would not deal: the findings, and nothing to test.
            return Ok(Audit {
                findings: self.findings(&[]),
                rules: self.rules,
                shoes: self.shoes,
                coups: 0,
                battery: Battery::new(Vec::new(), alpha),
                rtp: Vec::new(),
            });
        }
        self.flush();
        let sums = std::mem::replace(&mut self.sums, Sums::new(Vec::new()));
        let (common, totals) = sums.total();
        // Every entry is a numerator over L or L², L the least common multiple of the D(n).
        let l = BigInt::from(common.value().clone());
        let mut tests = Vec::new();
        for (p, &(name, k)) in PARTITIONS.iter().enumerate() {
            let base = self.partition_base[p];
            let mean = &totals[base..base + k];
            let covariance: Vec<Vec<BigInt>> = (0..k)
                .map(|i| {
                    (0..k)
                        .map(|j| {
                            let second = &totals[base + k + triangle(k, i.min(j), i.max(j))];
                            if i == j {
                                &mean[i] * &l - second
                            } else {
                                -second
                            }
                        })
                        .collect()
                })
                .collect();
            let deviation: Vec<BigInt> = self.observed[p]
                .iter()
                .zip(mean)
                .map(|(&o, m)| BigInt::from(o) * &l - m)
                .collect();
            let (groups, note) = if name == "final_states" {
                pooled(mean, &l)
            } else {
                ((0..k).map(|i| vec![i]).collect(), None)
            };
            tests.push(mahalanobis_test(
                name,
                &groups,
                &deviation,
                &covariance,
                &l,
                note,
            ));
        }
        let z = statrs::distribution::ContinuousCDF::inverse_cdf(
            &statrs::distribution::Normal::standard(),
            1.0 - alpha / 2.0,
        );
        let coups = BigInt::from(self.coups);
        let mut returns = Vec::new();
        for (b, bet) in self.bets.iter().enumerate() {
            let base = self.bet_base[b];
            let scale = BigInt::from(bet.scale);
            let units = scale.magnitude();
            // Σ E[net_t] is totals[base] / (L · scale); Σ Var_t is
            // (totals[base + 1] · L − totals[base + 2]) / (L² · scale²).
            let expected = reduced(&totals[base], &common, 1, &(units * coups.magnitude()));
            let variance_numerator = &totals[base + 1] * &l - &totals[base + 2];
            let variance = reduced(&variance_numerator, &common, 2, &(units * units));
            let by_rules = self.by_rules[b].to_bigint();
            let observed = BigRational::new(by_rules.clone(), &scale * &coups);
            let as_logged = (BigRational::new(self.logged_scaled[b].to_bigint(), scale.clone())
                + &self.logged_other[b])
                / &coups;
            let counts = &totals[base + 3..base + 3 + bet.nets.len()];
            let nets: Vec<NetCount> = bet
                .nets
                .iter()
                .zip(counts)
                .zip(&self.hits[b])
                .map(|((&net, count), &hits)| NetCount {
                    net: BigRational::new(BigInt::from(net), scale.clone()),
                    hits,
                    expected: reduced(count, &common, 1, &BigUint::one()),
                })
                .collect();
            let expected_counts: Vec<f64> = counts.iter().map(|m| ratio_f64(m, &l)).collect();
            let net_values: Vec<f64> = bet
                .nets
                .iter()
                .map(|&c| c as f64 / bet.scale as f64)
                .collect();
            let method = if near_normal(&net_values, &expected_counts, self.coups) {
                StatisticKind::Z
            } else {
                StatisticKind::LineCounts
            };
            let name = format!("return_{}", bet.key);
            let sd = variance.to_f64().unwrap_or(f64::NAN).sqrt();
            let mut interval = None;
            let test = if !variance.is_positive() {
                // Every coup's net was certain: the cards dealt paid it.
                TestResult::untested(&name, method, "the bet's net cannot vary on these coups")
            } else if method == StatisticKind::Z {
                // (Σ net_t − Σ E[net_t]) over its standard deviation.
                let deviation = ratio_f64(&(&by_rules * &l - &totals[base]), &(&l * &scale));
                let statistic = deviation / sd;
                let half = z * sd / self.coups as f64;
                let centre = expected.to_f64().unwrap_or(f64::NAN);
                interval = Some((centre - half, centre + half));
                TestResult::tested(&name, method, statistic, None, normal_two_sided(statistic))
            } else {
                let hits = &self.hits[b];
                let e = line_counts(hits, &expected_counts);
                TestResult::tested(&name, method, e, None, (1.0 / e).min(1.0))
            };
            tests.push(test);
            returns.push(BetReturn {
                bet: bet.key.clone(),
                observed,
                as_logged,
                expected,
                variance,
                method,
                interval,
                verdict: Verdict::Untested,
                logged: self.logged[b],
                mispaid: self.mispaid[b],
                nets,
            });
        }
        let battery = Battery::new(tests, alpha);
        for r in &mut returns {
            if let Some(test) = battery.test(&format!("return_{}", r.bet)) {
                r.verdict = test.verdict;
            }
        }
        Ok(Audit {
            findings: self.findings(&returns),
            rules: self.rules,
            shoes: self.shoes,
            coups: self.coups,
            battery,
            rtp: returns,
        })
    }
}

/// The largest squared skewness and excess kurtosis of a bet's total net at which its return
/// is tested by z (see [`near_normal`]).
pub const NEAR_NORMAL: f64 = 0.01;

/// Whether a bet's total net over `coups` coups is near enough normal for a two-sided z-test
/// of its return, given its distinct `nets` and their expected counts over the coups.
///
/// The criterion is the Edgeworth expansion of the tail (Hall, *The Bootstrap and Edgeworth
/// Expansion*, Springer 1992, §2.2): for a total of standardized skewness γ and excess
/// kurtosis κ,
/// `P(|Z| > z) = 2(1 − Φ(z)) + 2φ(z)·(κ/24·He₃(z) + γ²/72·He₅(z)) + …`, the skewness's
/// first-order term cancelling in a two-sided test (He₃ and He₅ the Hermite polynomials).
/// γ² and κ are taken from the average coup's distribution of nets (each net's expected
/// count over the coups): γ² = γ₁²/n and κ = κ₁/n for the coup's γ₁ and κ₁. The z-test is
/// used when both are at most [`NEAR_NORMAL`]: the correction is then within about 8% of the
/// two-sided tail at 10⁻³ and 30% at 10⁻⁴. A negative kurtosis (a bet of two nets of like
/// size, Punto or Banco) thins the tails and passes. A bet carried by a rare large payout
/// does not pass: four nines paid 500 to 1 put γ₁² in the tens of thousands, so such a
/// return is tested by its pay-line counts ([`line_counts`]) below millions of coups. The
/// coups of a shoe are martingale differences, not independent: the criterion reads them as
/// if their distribution were the average's, which the calibration tests on fair logs hold.
pub fn near_normal(nets: &[f64], expected: &[f64], coups: u64) -> bool {
    let total: f64 = expected.iter().sum();
    // NaN counts, no coup: nothing to judge, and the caller's other checks decide.
    if total.is_nan() || total <= 0.0 || coups == 0 {
        return true;
    }
    let p: Vec<f64> = expected.iter().map(|m| m / total).collect();
    let mean: f64 = nets.iter().zip(&p).map(|(c, p)| c * p).sum();
    let moment = |k: i32| -> f64 {
        nets.iter()
            .zip(&p)
            .map(|(c, p)| (c - mean).powi(k) * p)
            .sum()
    };
    let (m2, m3, m4) = (moment(2), moment(3), moment(4));
    if m2.is_nan() || m2 <= 0.0 {
        return true;
    }
    let n = coups as f64;
    let skewness_squared = m3 * m3 / (m2 * m2 * m2) / n;
    let kurtosis = (m4 / (m2 * m2) - 3.0) / n;
    skewness_squared <= NEAR_NORMAL && kurtosis <= NEAR_NORMAL
}

/// The λ of [`line_counts`]'s mixture: ±2^(i/2)/64 for i = 0 … 17, |λ| from 1/64 to about
/// 5.66 (a rate from e^−5.66 ≈ 1/287 to 287 times the expected), in steps of √2.
fn lambdas() -> impl Iterator<Item = f64> {
    (0..18).flat_map(|i| {
        let lambda = 2f64.powf(f64::from(i) / 2.0) / 64.0;
        [lambda, -lambda]
    })
}

/// The e-value of a bet's pay-line counts: for each of its distinct nets, the number of
/// coups `hits[k]` whose cards pay it against its expected count `expected[k]` (the sum of
/// its exact probabilities, each given the cards before the coup). Its p-value is
/// `min(1, 1/e)`, valid at any number of coups, however the coups depend on one another.
///
/// For one net, let N_t count its hits up to coup t and M_t = Σ p_s its expected count, each
/// p_s predictable (known from the cards before coup s). For every real λ,
/// `exp(λ·N_t − (e^λ − 1)·M_t)` is a nonnegative supermartingale starting at 1, since a hit
/// is a Bernoulli(p_t) given the past and `E[e^(λX)] = 1 + p(e^λ − 1) ≤ exp(p(e^λ − 1))`
/// (the Poisson-type supermartingale of Howard, Ramdas, McAuliffe and Sekhon, "Time-uniform
/// Chernoff bounds via nonnegative supermartingales", *Probability Surveys* 17, 2020, with
/// variance process M_t). An average of such supermartingales with fixed weights is one too:
/// here over 36 values of λ (both signs, so that too few hits count as too many do, from
/// 1/64 to about 5.66 in steps of √2) and over the bet's nets, all with equal
/// weights (an average of e-values is an e-value: Vovk and Wang, "E-values: calibration,
/// combination and applications", *Annals of Statistics* 49, 2021). By Ville's inequality
/// (Ville, *Étude critique de la notion de collectif*, 1939), the probability that it ever
/// reaches 1/α is at most α, so `min(1, 1/e)` is a p-value at any sample size, with no
/// normal approximation and no assumption that the coups are independent: a Poisson-binomial
/// tail with the realized probabilities would need one. The price is power: a single hit of
/// a line expected 0.001 times is not evidence enough, as it should not be.
///
/// ```
/// use punto_banco::lab::audit::line_counts;
/// // As many hits as expected: no evidence (an e-value below 1).
/// assert!(line_counts(&[10, 90], &[10.0, 90.0]) < 1.0);
/// // Thirty hits of a net expected three times: strong evidence.
/// assert!(line_counts(&[30, 70], &[3.0, 97.0]) > 1e6);
/// ```
pub fn line_counts(hits: &[u64], expected: &[f64]) -> f64 {
    let terms: Vec<f64> = hits
        .iter()
        .zip(expected)
        .flat_map(|(&n, &m)| lambdas().map(move |lambda| lambda * n as f64 - lambda.exp_m1() * m))
        .collect();
    if terms.is_empty() {
        return 1.0;
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return top.exp();
    }
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (top + (sum / terms.len() as f64).ln()).exp()
}
/// The 28 final-state groups pooled in order into runs of expected count at least five (the
/// means are numerators over `l`).
fn pooled(mean: &[BigInt], l: &BigInt) -> (Vec<Vec<usize>>, Option<String>) {
    let five = l * 5;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    let mut sum = BigInt::zero();
    for (i, m) in mean.iter().enumerate() {
        current.push(i);
        sum += m;
        if sum >= five {
            groups.push(std::mem::take(&mut current));
            sum = BigInt::zero();
        }
    }
    if !current.is_empty() {
        match groups.last_mut() {
            Some(last) => last.extend(current),
            None => groups.push(current),
        }
    }
    let note = (groups.len() < mean.len()).then(|| {
        format!(
            "{} groups (winner and winning total) pooled into {} of expected count 5 or more",
            mean.len(),
            groups.len()
        )
    });
    (groups, note)
}

/// The Mahalanobis test of the observed counts of pooled classes against their exact mean
/// and covariance (the deviation a numerator over `l`, the covariance over `l²`).
///
/// The classes' counts add up to the number of coups, as their means do, so the covariance
/// is singular along the vector of ones and the deviation is orthogonal to it: the last
/// pooled group is dropped, which leaves the statistic of every generalized inverse. The
/// pooled covariance is exact; its entries are rounded to the nearest double before
/// [`mahalanobis`] inverts them (exactly), since the exact ones are fractions of thousands of
/// digits whose elimination would cost seconds, and the statistic is a float either way.
fn mahalanobis_test(
    name: &str,
    groups: &[Vec<usize>],
    deviation: &[BigInt],
    covariance: &[Vec<BigInt>],
    l: &BigInt,
    note: Option<String>,
) -> TestResult {
    let kept = &groups[..groups.len().saturating_sub(1)];
    let l2 = l * l;
    // The pooled deviation (numerators over L) and covariance (over L²), exact.
    let d: Vec<BigInt> = kept
        .iter()
        .map(|g| g.iter().map(|&i| &deviation[i]).sum())
        .collect();
    let v: Vec<Vec<BigInt>> = kept
        .iter()
        .map(|gi| {
            kept.iter()
                .map(|gj| {
                    gi.iter()
                        .flat_map(|&i| gj.iter().map(move |&j| &covariance[i][j]))
                        .sum()
                })
                .collect()
        })
        .collect();
    // L is the least common multiple of every D(n) seen: thousands of digits, and exact
    // elimination over it takes minutes. Each side is brought to fixed point instead, a whole
    // number of units of 2^−k with its largest entry near 2^PRECISION (far finer than the f64
    // the statistic ends in), and eliminated exactly; the scales are powers of two, undone
    // exactly at the end.
    const PRECISION: u64 = 128;
    let fixed = |values: &[&BigInt], denominator: &BigInt| -> (Vec<BigRational>, i64) {
        let top = values.iter().map(|x| x.bits()).max().unwrap_or(0);
        let k = PRECISION as i64 + denominator.bits() as i64 - top as i64;
        let scaled = values
            .iter()
            .map(|&x| {
                let shifted = if k >= 0 {
                    x << k as u64
                } else {
                    x >> k.unsigned_abs()
                };
                BigRational::from_integer(shifted / denominator)
            })
            .collect();
        (scaled, k)
    };
    let (d, kd) = fixed(&d.iter().collect::<Vec<_>>(), l);
    let (flat, kv) = fixed(&v.iter().flatten().collect::<Vec<_>>(), &l2);
    let v: Vec<Vec<BigRational>> = flat.chunks(d.len().max(1)).map(<[_]>::to_vec).collect();
    // dᵀV⁻¹d with d scaled by 2^kd and V by 2^kv is the true statistic times 2^(2kd − kv).
    let unscale = 2f64.powi(i32::try_from(kv - 2 * kd).unwrap_or(i32::MAX));
    let mahalanobis = |d: &[BigRational], v: &[Vec<BigRational>]| {
        mahalanobis(d, v).map(|(statistic, rank)| (statistic * unscale, rank))
    };
    let result = match mahalanobis(&d, &v) {
        Some((statistic, rank)) if rank > 0 => TestResult::tested(
            name,
            StatisticKind::Mahalanobis,
            statistic,
            Some(rank as f64),
            chi_square_sf(rank as f64, statistic),
        ),
        Some(_) => TestResult::untested(
            name,
            StatisticKind::Mahalanobis,
            "too few coups: every pooled group's expected count is below five",
        ),
        None => TestResult::untested(
            name,
            StatisticKind::Mahalanobis,
            "the covariance is not positive semi-definite",
        ),
    };
    match note {
        Some(note) if result.verdict != Verdict::Untested => result.with_note(note),
        _ => result,
    }
}

/// The cards of an array field, each with its 1-based column in the line.
fn read_cards(
    number: usize,
    text: &str,
    raw: &RawValue,
    field: &str,
) -> Result<Vec<(Card, usize)>, AuditError> {
    let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
    let items = serde_json::from_str::<Vec<&RawValue>>(raw.get()).map_err(|_| {
        at(
            number,
            Some(offset(raw)),
            format!("{field}: expected an array of cards such as [\"4H\", \"2S\"]"),
        )
    })?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let bad = || at(number, Some(offset(item)), format!("{field}[{i}]: `{}` is not a card; a card is a rank (A, 2 … 10 or T, J, Q, K) then a suit (S, H, D, C or ♠ ♥ ♦ ♣), such as \"4H\"", item.get()));
            let token: std::borrow::Cow<str> = serde_json::from_str(item.get()).map_err(|_| bad())?;
            token.parse::<Card>().map(|card| (card, offset(item))).map_err(|_| bad())
        })
        .collect()
}

/// A net as an engine logs it, read as `verify` reads it: a JSON whole number (exact), a
/// JSON decimal (a float, compared within 10⁻⁹), or a string holding an exact amount
/// (`"-1"`, `"19/20"`, `"0.95"`, `"95%"`).
fn read_net(raw: &str) -> Option<Net> {
    if raw.starts_with('"') {
        let text: std::borrow::Cow<str> = serde_json::from_str(raw).ok()?;
        return parse_net(&text).map(Net::Exact);
    }
    if let Ok(n) = serde_json::from_str::<i64>(raw) {
        return Some(Net::Integer(i128::from(n)));
    }
    if let Ok(n) = serde_json::from_str::<u64>(raw) {
        return Some(Net::Integer(i128::from(n)));
    }
    serde_json::from_str::<f64>(raw)
        .ok()
        .filter(|x| x.is_finite())
        .map(Net::Float)
}

/// The value of a logged net: exact, or the double a float stands for.
fn net_value(net: &Net) -> BigRational {
    match net {
        Net::Integer(n) => BigRational::from_integer(BigInt::from(*n)),
        Net::Exact(amount) => {
            BigRational::new(BigInt::from(*amount.numer()), BigInt::from(*amount.denom()))
        }
        Net::Float(x) => BigRational::from_float(*x).unwrap_or_default(),
    }
}
/// One line of a log, as far as the audit reads it.
#[derive(Deserialize)]
struct LogLine<'a> {
    #[serde(borrow, default)]
    shoe: Option<&'a RawValue>,
    #[serde(borrow, default)]
    burn: Option<&'a RawValue>,
    #[serde(borrow, default)]
    cards: Option<&'a RawValue>,
    #[serde(borrow, default)]
    net: Option<&'a RawValue>,
    #[serde(borrow, default)]
    stake: Option<&'a RawValue>,
}

impl Described for LogLine<'_> {}

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
