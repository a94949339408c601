//! The audit of a game's log: each coup's outcome against its exact odds, given the cards
//! dealt before it in its shoe, and each bet's return against its exact expectation.
//!
//! A log is JSON lines: shoe lines (`{"shoe": {"decks": 8}, "burn": ["7H", …]}`, with
//! `decks`, `ranks` or `card_counts` as `verify` reads them, the cards burned optional) and
//! coup lines (`{"cards": ["4H", "2S", "2C", "5D"], …}`; a `net` object and a `stake`, as
//! `verify` reads them, are the engine's payments; other fields are ignored). A coup's exact
//! distribution is the engine's tally of what is left of its shoe, burned cards and earlier
//! coups removed: the coups of one shoe are never taken as independent.
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
//! return is the sum of the nets per unit staked over the coups (a unit on every coup) over
//! the number of coups: what the engine paid when the line logs the bet's `net`, else what
//! the rules pay on the coup's cards. The expected return is `Σ E[net_t] / coups`, each
//! `E[net_t]` exact on the cards left, and the exact variance of the total is `Σ Var_t`; the
//! interval at 1 − α is the normal one the martingale central limit theorem gives. Each bet
//! is also a test of the battery (`return_<bet>`, a two-sided z), judged with the others
//! under Holm's correction.
//!
//! # Exact sums
//!
//! Every probability of a coup with n cards left is a count over the same number of ordered
//! six-card sequences D(n) = n(n−1)…(n−5); its products are over D(n)². The integer
//! numerators are summed by the number of cards left, and fractions are made once at the
//! end over the least common multiple of the D(n) seen.

use crate::card::{Card, Rank};
use crate::coup::{self, Coup};
use crate::engine::{self, Weights};
use crate::features;
use crate::lab::{
    Battery, StatisticKind, TestResult, Verdict, chi_square_sf, mahalanobis, normal_two_sided,
};
use crate::oracle::{Line, LineReader, MAX_LINE_BYTES, Object, json_error};
use crate::outcome::{FinalState, Winner};
use crate::rules::condition::{CardBet, CardClass, DealtCoup};
use crate::rules::{Pairs, Rules, Terms};
use crate::shoe::Shoe;
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::io::BufRead;

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

/// The audit of a log: its battery of tests and every bet's return.
#[derive(Debug, Clone)]
pub struct Audit {
    /// Shoe lines read.
    pub shoes: u64,
    /// Coups audited.
    pub coups: u64,
    /// The tests, judged together with Holm's correction: `outcomes`, `final_states`,
    /// `naturals`, then `return_<bet>` for each bet of the rule set.
    pub battery: Battery,
    /// Every bet's return, in the tariff's order (main bets first).
    pub rtp: Vec<BetReturn>,
}

impl Audit {
    /// The battery's verdict.
    pub fn verdict(&self) -> Verdict {
        self.battery.verdict()
    }
}

/// One bet's return audit, per unit staked on every coup.
#[derive(Debug, Clone, PartialEq)]
pub struct BetReturn {
    /// The bet's key (`punto`, `banco`, `tie`, then the side bets').
    pub bet: String,
    /// The observed return: the sum of the nets over the number of coups.
    pub observed: BigRational,
    /// The expected return: the sum of the coups' exact expected nets over the number of
    /// coups.
    pub expected: BigRational,
    /// The exact variance of the sum of the nets, `Σ Var_t`, each given the cards before it.
    pub variance: BigRational,
    /// The interval's lower end at 1 − α (normal, from the martingale central limit theorem).
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// The verdict of the bet's test `return_<bet>`, after Holm.
    pub verdict: Verdict,
    /// The coups whose line logs the engine's net for this bet.
    pub logged: u64,
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
    big: Option<BigInt>,
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
            Wide::Big(x) => *self.big.get_or_insert_with(BigInt::zero) += x,
        }
    }

    fn to_bigint(&self) -> BigInt {
        let fixed = (BigInt::from(self.high) << 128) + BigInt::from(self.low);
        match &self.big {
            Some(big) => fixed + big,
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

/// The number of ordered six-card sequences of a shoe of `n` cards.
fn sequences(n: u64) -> BigInt {
    (0..6).map(|k| BigInt::from(n.saturating_sub(k))).product()
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// How a bet is counted before a coup.
#[derive(Debug, Clone)]
enum Counted {
    /// Settled on the final state: the class of each state (states of one net) and each
    /// class's scaled net.
    State(Vec<u16>, Vec<i128>),
    /// A pair bet: the scaled nets without, then with, a pair.
    Pair([i128; 2]),
    /// A card bet reading more than the final state: counted through `features`.
    Cards(Box<CardBet>),
}

/// A bet of the rule set made ready: its nets as whole numbers over `scale`.
#[derive(Debug, Clone)]
struct Priced {
    key: String,
    terms: Terms,
    scale: i128,
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
                .map(|s| terms.settle(s, Pairs::default()).unwrap_or_default())
                .collect(),
        };
        let mut scale: i128 = 1;
        for net in &nets {
            let d = i128::from(*net.denom());
            scale = scale.checked_mul(d / gcd(scale, d))?;
        }
        let scaled = |net: &Ratio<i64>| -> Option<i128> {
            i128::from(*net.numer()).checked_mul(scale / i128::from(*net.denom()))
        };
        let counted = match terms {
            Terms::Pair { .. } => Counted::Pair([scaled(&nets[0])?, scaled(&nets[1])?]),
            Terms::Cards(bet) if !bet.reads_state_only() => Counted::Cards(Box::new(bet.clone())),
            _ => {
                let mut class_nets: Vec<i128> = Vec::new();
                let mut classes = Vec::new();
                for net in &nets {
                    let net = scaled(net)?;
                    let class = match class_nets.iter().position(|&c| c == net) {
                        Some(class) => class,
                        None => {
                            class_nets.push(net);
                            class_nets.len() - 1
                        }
                    };
                    classes.push(u16::try_from(class).ok()?);
                }
                Counted::State(classes, class_nets)
            }
        };
        Some(Priced {
            key: key.to_string(),
            terms: terms.clone(),
            scale,
            counted,
        })
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

/// The groups of numerators held before they are made into fractions: beyond this many
/// numbers of cards left, they are added into the exact totals, so memory stays bounded.
const MAX_GROUPS: usize = 1 << 12;

/// Reads a log line by line and keeps the exact sums the audit needs; [`Auditor::finish`]
/// gives the [`Audit`].
#[derive(Debug, Clone)]
pub struct Auditor {
    rules: Rules,
    bets: Vec<Priced>,
    reads_suits: bool,
    /// Each final state's classes.
    class_of: Vec<[usize; 3]>,
    /// For each bet settled on the final state, the scaled net of each state.
    shoe: Option<ShoeState>,
    shoes: u64,
    coups: u64,
    /// Where each partition's and bet's entries start in a group, and how many there are.
    partition_base: [usize; 3],
    bet_base: usize,
    /// Each entry's power of D(n) in its denominator.
    power: Vec<u8>,
    /// By cards left, the numerators of every entry.
    groups: BTreeMap<u64, Vec<Acc>>,
    /// The groups already added up: each entry's numerator over `common` (or its square,
    /// for the products), the least common multiple of the D(n) seen.
    totals: Vec<BigInt>,
    common: BigInt,
    /// Observed counts of each partition's classes.
    observed: [Vec<u64>; 3],
    /// Each bet's observed nets: scaled by the bet's scale, and the rest exact.
    observed_scaled: Vec<Wide>,
    observed_other: Vec<BigRational>,
    logged: Vec<u64>,
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
        let bet_base = power.len();
        for _ in &bets {
            // E[net], E[net²], E[net]².
            power.extend([1, 1, 2]);
        }
        let entries = power.len();
        Auditor {
            rules: rules.clone(),
            observed_scaled: vec![Wide::Small(0); bets.len()],
            observed_other: vec![BigRational::zero(); bets.len()],
            logged: vec![0; bets.len()],
            bets,
            reads_suits,
            class_of: FinalState::all().map(classes_of).collect(),
            shoe: None,
            shoes: 0,
            coups: 0,
            partition_base,
            bet_base,
            power,
            groups: BTreeMap::new(),
            totals: vec![BigInt::zero(); entries],
            common: BigInt::one(),
            observed: PARTITIONS.map(|(_, k)| vec![0; k]),
        }
    }

    /// Coups read so far.
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
        let spec = serde_json::from_str::<Object<ShoeLine>>(raw.get()).map_err(|e| {
            at(
                number,
                Some(offset(raw) + e.column().max(1)),
                format!("shoe: {}; {accepted}", strip_position(&e)),
            )
        })?;
        let shoe = match spec.0 {
            ShoeLine {
                decks: Some(decks),
                ranks: None,
                card_counts: None,
            } => Shoe::decks(decks),
            ShoeLine {
                decks: None,
                ranks: Some(ranks),
                card_counts: None,
            } => Shoe::from_counts(ranks),
            ShoeLine {
                decks: None,
                ranks: None,
                card_counts: Some(cards),
            } => match <[u64; 52]>::try_from(cards.as_slice()) {
                Ok(cards) => Shoe::from_card_counts(cards),
                Err(_) => {
                    return Err(at(
                        number,
                        Some(offset(raw) + 1),
                        format!("shoe: card_counts has {} counts; {accepted}", cards.len()),
                    ));
                }
            },
            _ => {
                return Err(at(
                    number,
                    Some(offset(raw) + 1),
                    format!("shoe: give one of `decks`, `ranks` and `card_counts`; {accepted}"),
                ));
            }
        }
        .map_err(|e| {
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
        let Some(shoe) = self.shoe.as_ref() else {
            return Err(at(
                number,
                Some(start),
                "cards: a coup before any shoe line; the log must say its shoe first, as {\"shoe\": {\"decks\": 8}}",
            ));
        };
        let coup = coup::deal(&self.rules.drawing, &cards)
            .map_err(|e| at(number, Some(start), format!("cards: {e}")))?;
        if coup.cards_used() != cards.len() {
            return Err(at(
                number,
                Some(read[coup.cards_used()].1),
                format!(
                    "cards: the rules deal {} of these {} cards; a coup line lists the cards of its coup, no more",
                    coup.cards_used(),
                    cards.len()
                ),
            ));
        }
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
        let paid = self.read_nets(number, text, net, stake, &coup)?;
        self.count(shoe.clone(), n);
        self.observe(&coup, paid);
        self.shoe = Some(left);
        self.coups += 1;
        Ok(())
    }

    /// The nets per unit the line's engine logs, by bet.
    fn read_nets(
        &self,
        number: usize,
        text: &str,
        net: Option<&RawValue>,
        stake: Option<&RawValue>,
        coup: &Coup<Card>,
    ) -> Result<Vec<Option<BigRational>>, AuditError> {
        let mut paid = vec![None; self.bets.len()];
        let Some(net) = net else {
            return Ok(paid);
        };
        let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
        let stake = match stake {
            None => 1u64,
            Some(raw) => match serde_json::from_str::<u64>(raw.get()) {
                Ok(s) if (1..=1_000_000_000).contains(&s) => s,
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
        let nets = serde_json::from_str::<Object<BTreeMap<String, &RawValue>>>(net.get())
            .map_err(|e| at(number, Some(offset(net)), format!("net: {}; `net` is an object of amounts by bet, such as {{\"banco\": 0.95}}", strip_position(&e))))?
            .0;
        let dealt = dealt_coup(coup);
        for (key, value) in nets {
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
            let rule = self.bets[i].terms.settle_coup(&dealt);
            let rule = BigRational::new(
                BigInt::from(*rule.numer()) * stake,
                BigInt::from(*rule.denom()),
            );
            let amount = read_amount(value.get(), &rule).ok_or_else(|| at(number, Some(offset(value)), format!("net.{key}: `{}` is no amount; an amount is a number or a string such as \"19/20\" or \"0.95\"", value.get())))?;
            paid[i] = Some(amount / BigInt::from(stake));
        }
        Ok(paid)
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
            let (first, second) = match &bet.counted {
                Counted::State(classes, nets) => {
                    let mut cases = vec![0u128; nets.len()];
                    for (&w, &class) in weights.iter().zip(classes) {
                        cases[usize::from(class)] += w;
                    }
                    moments(
                        nets.iter()
                            .zip(cases)
                            .map(|(&c, k)| (c, Wide::from_u128(k))),
                    )
                }
                Counted::Pair(nets) => {
                    // Of a hand's n(n−1) ordered first two cards, Σ c(c−1) are pairs; each
                    // first two cards stands for (n−2)…(n−5) six-card sequences.
                    let n = u128::from(n);
                    let pairs: u128 = shoe
                        .counts
                        .iter()
                        .map(|&c| u128::from(c) * u128::from(c.saturating_sub(1)))
                        .sum();
                    let rest = Wide::from_u128((n - 2) * (n - 3) * (n - 4) * (n - 5));
                    moments(
                        [
                            (nets[0], Wide::from_u128(n * (n - 1) - pairs).mul(&rest)),
                            (nets[1], Wide::from_u128(pairs).mul(&rest)),
                        ]
                        .into_iter(),
                    )
                }
                Counted::Cards(card_bet) => {
                    let states: Vec<(FinalState, &u128)> = weights
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| **w != 0)
                        .map(|(i, w)| (FinalState::from_index(i), w))
                        .collect();
                    let distribution =
                        features::distribution(card_bet, &shoe.cards, &self.rules.drawing, &states);
                    let scale = bet.scale;
                    moments(distribution.into_iter().map(|(net, count)| {
                        (
                            i128::from(*net.numer()) * (scale / i128::from(*net.denom())),
                            Wide::from_u128(count),
                        )
                    }))
                }
            };
            let base = self.bet_base + 3 * b;
            let square = first.mul(&first);
            group[base].add_wide(&first);
            group[base + 1].add_wide(&second);
            group[base + 2].add_wide(&square);
        }
    }

    /// Counts what the coup dealt and what each bet paid.
    fn observe(&mut self, coup: &Coup<Card>, paid: Vec<Option<BigRational>>) {
        let state = coup.final_state();
        for (p, &c) in self.class_of[state.index()].iter().enumerate() {
            self.observed[p][c] += 1;
        }
        let dealt = dealt_coup(coup);
        for (b, (bet, paid)) in self.bets.iter().zip(paid).enumerate() {
            match paid {
                None => {
                    let net = bet.terms.settle_coup(&dealt);
                    let scaled = i128::from(*net.numer()) * (bet.scale / i128::from(*net.denom()));
                    self.observed_scaled[b].add(&Wide::Small(scaled));
                }
                Some(amount) => {
                    self.logged[b] += 1;
                    let scaled = &amount * BigInt::from(bet.scale);
                    match scaled
                        .is_integer()
                        .then(|| scaled.numer().to_i128())
                        .flatten()
                    {
                        Some(x) => self.observed_scaled[b].add(&Wide::Small(x)),
                        None => self.observed_other[b] += amount,
                    }
                }
            }
        }
    }

    /// Adds the groups' numerators into the totals, over the least common multiple of every
    /// D(n) seen so far (the totals already made are brought to it).
    fn flush(&mut self) {
        let groups = std::mem::take(&mut self.groups);
        if groups.is_empty() {
            return;
        }
        let old = self.common.clone();
        for &n in groups.keys() {
            // lcm(L, d) = L · d / gcd(L, d), and gcd(L, d) = gcd(d, L mod d): D(n) is below
            // 2¹²⁸ for any shoe the audit reads, so the gcd is taken in 128 bits.
            let d = sequences(n);
            let (Some(small), Some(rest)) = (d.to_u128(), (&self.common % &d).to_u128()) else {
                let reduced = BigRational::new(self.common.clone(), d);
                self.common = &self.common * reduced.denom();
                continue;
            };
            let (mut a, mut b) = (small, rest);
            while b != 0 {
                (a, b) = (b, a % b);
            }
            self.common = &self.common * BigInt::from(small / a);
        }
        let rescale = &self.common / &old;
        let rescale_square = &rescale * &rescale;
        let multipliers: Vec<(BigInt, BigInt)> = groups
            .keys()
            .map(|&n| {
                let m = &self.common / sequences(n);
                let square = &m * &m;
                (m, square)
            })
            .collect();
        for (e, total) in self.totals.iter_mut().enumerate() {
            let square = self.power[e] == 2;
            let added: BigInt = groups
                .values()
                .zip(&multipliers)
                .map(|(group, (m, m2))| group[e].to_bigint() * if square { m2 } else { m })
                .sum();
            *total = &*total * if square { &rescale_square } else { &rescale } + added;
        }
    }

    /// The exact total of an entry.
    fn total(&self, e: usize) -> BigRational {
        let d = if self.power[e] == 2 {
            &self.common * &self.common
        } else {
            self.common.clone()
        };
        BigRational::new(self.totals[e].clone(), d)
    }

    /// The audit of what was read, at level `alpha`.
    pub fn finish(mut self, alpha: f64) -> Result<Audit, AuditError> {
        if self.coups == 0 {
            return Err(AuditError::NoCoups);
        }
        self.flush();
        let coups = BigRational::from_integer(BigInt::from(self.coups));
        let mut tests = Vec::new();
        for (p, &(name, k)) in PARTITIONS.iter().enumerate() {
            let base = self.partition_base[p];
            // Over L (the means) and L² (the covariance), L the common multiple of the D(n).
            let l = &self.common;
            let mean = &self.totals[base..base + k];
            let covariance: Vec<Vec<BigInt>> = (0..k)
                .map(|i| {
                    (0..k)
                        .map(|j| {
                            let second = &self.totals[base + k + triangle(k, i.min(j), i.max(j))];
                            if i == j {
                                &mean[i] * l - second
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
                .map(|(&o, m)| BigInt::from(o) * l - m)
                .collect();
            let (groups, note) = if name == "final_states" {
                pooled(mean, l)
            } else {
                ((0..k).map(|i| vec![i]).collect(), None)
            };
            tests.push(mahalanobis_test(
                name,
                &groups,
                &deviation,
                &covariance,
                l,
                note,
            ));
        }
        let z = statrs::distribution::ContinuousCDF::inverse_cdf(
            &statrs::distribution::Normal::standard(),
            1.0 - alpha / 2.0,
        );
        let mut returns = Vec::new();
        for (b, bet) in self.bets.iter().enumerate() {
            let base = self.bet_base + 3 * b;
            let scale = BigRational::from_integer(BigInt::from(bet.scale));
            let expected_sum = self.total(base) / &scale;
            let variance = (self.total(base + 1) - self.total(base + 2)) / (&scale * &scale);
            let observed_sum = BigRational::from_integer(self.observed_scaled[b].to_bigint())
                / &scale
                + &self.observed_other[b];
            let expected = &expected_sum / &coups;
            let observed = &observed_sum / &coups;
            let sd = variance.to_f64().unwrap_or(f64::NAN).sqrt();
            let half = z * sd / self.coups as f64;
            let centre = expected.to_f64().unwrap_or(f64::NAN);
            let name = format!("return_{}", bet.key);
            let test = if variance.is_positive() {
                let deviation = (&observed_sum - &expected_sum).to_f64().unwrap_or(f64::NAN);
                let statistic = deviation / sd;
                TestResult::tested(
                    &name,
                    StatisticKind::Z,
                    statistic,
                    None,
                    normal_two_sided(statistic),
                )
            } else if observed_sum == expected_sum {
                TestResult::untested(
                    &name,
                    StatisticKind::Z,
                    "the bet's net cannot vary on these coups",
                )
            } else {
                TestResult::tested(&name, StatisticKind::Z, f64::INFINITY, None, 0.0).with_note(
                    "the bet's net cannot vary on these coups, yet the engine paid otherwise",
                )
            };
            tests.push(test);
            returns.push(BetReturn {
                bet: bet.key.clone(),
                observed,
                expected,
                variance,
                low: centre - half,
                high: centre + half,
                verdict: Verdict::Untested,
                logged: self.logged[b],
            });
        }
        let battery = Battery::new(tests, alpha);
        for r in &mut returns {
            if let Some(test) = battery.test(&format!("return_{}", r.bet)) {
                r.verdict = test.verdict;
            }
        }
        Ok(Audit {
            shoes: self.shoes,
            coups: self.coups,
            battery,
            rtp: returns,
        })
    }
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

/// A dealt coup as the bets settle it.
fn dealt_coup(coup: &Coup<Card>) -> DealtCoup {
    DealtCoup::new(
        coup.punto(),
        coup.banco(),
        coup.punto_total(),
        coup.banco_total(),
        coup.is_natural(),
    )
    .expect("a coup the rules dealt has two or three cards a hand and the totals of its cards")
}

/// A serde_json message without its trailing position.
fn strip_position(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    message
        .strip_suffix(&suffix)
        .unwrap_or(&message)
        .to_string()
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

/// An amount as an engine logs it: a JSON integer or decimal, or a string `19`, `-1`,
/// `19/20`, `0.95`. A decimal within 10⁻⁹ (relative) of the rules' `expected` is read as it.
fn read_amount(raw: &str, expected: &BigRational) -> Option<BigRational> {
    let text = match serde_json::from_str::<std::borrow::Cow<str>>(raw) {
        Ok(s) => s.trim().replace('−', "-"),
        Err(_) => raw.to_string(),
    };
    if text.is_empty() || text.len() > 64 {
        return None;
    }
    if let Some((n, d)) = text.split_once('/') {
        let (n, d) = (
            n.trim().parse::<BigInt>().ok()?,
            d.trim().parse::<BigInt>().ok()?,
        );
        return (!d.is_zero()).then(|| BigRational::new(n, d));
    }
    if let Ok(n) = text.parse::<BigInt>() {
        return Some(BigRational::from_integer(n));
    }
    // A decimal: exactly its digits when it has no exponent, else the nearest double.
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    if let Some((whole, fraction)) = digits.split_once('.')
        && !(whole.is_empty() && fraction.is_empty())
        && whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
    {
        let numerator: BigInt = format!("{whole}{fraction}").parse().ok()?;
        let value = BigRational::new(numerator, BigInt::from(10).pow(fraction.len() as u32));
        return Some(if negative { -value } else { value });
    }
    let x: f64 = text.parse().ok().filter(|x: &f64| x.is_finite())?;
    let want = expected.to_f64()?;
    if (x - want).abs() <= 1e-9 * want.abs().max(1.0) {
        return Some(expected.clone());
    }
    BigRational::from_float(x)
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

/// A shoe line's `shoe` object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeLine {
    #[serde(default)]
    decks: Option<u64>,
    #[serde(default)]
    ranks: Option<[u64; 13]>,
    #[serde(default)]
    card_counts: Option<Vec<u64>>,
}
