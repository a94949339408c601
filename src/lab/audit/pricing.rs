//! Pricing each coup exactly on the shoe before it: its moments by the number of cards left,
//! summed exactly, and what it dealt and paid.

use super::Auditor;
use super::reading::{Logged, ShoeState, net_value};
use super::sums::Factored;
use super::{AuditTestName, FIRST_LINES};
use crate::analysis;
use crate::card::Card;
use crate::coup::Coup;
use crate::outcome::{FinalState, Winner};
use crate::rules::Bet;
use crate::rules::condition::DealtCoup;
use crate::shoe::Shoe;
use num_bigint::BigInt;
use num_rational::Ratio;
use num_traits::ToPrimitive;

/// A number of any size, in 128 bits while it fits.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Wide {
    Small(i128),
    Big(BigInt),
}

impl Wide {
    fn from_u128(x: u128) -> Wide {
        i128::try_from(x).map_or_else(|_| Wide::Big(BigInt::from(x)), Wide::Small)
    }

    pub(super) fn to_bigint(&self) -> BigInt {
        match self {
            Wide::Small(x) => BigInt::from(*x),
            Wide::Big(x) => x.clone(),
        }
    }

    pub(super) fn add(&mut self, other: &Wide) {
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
pub(super) struct Acc {
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

    pub(super) fn to_bigint(&self) -> BigInt {
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

pub(super) fn gcd(mut a: i128, mut b: i128) -> i128 {
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
    Cards,
}

/// A bet of the rule set made ready: its distinct nets as whole numbers over `scale`.
#[derive(Debug, Clone)]
pub(super) struct Priced {
    pub(super) key: String,
    bet: Bet,
    pub(super) scale: i128,
    /// The bet's distinct nets, scaled: in the order of its lines (the state's nets in the
    /// order of the final states), the loss of the stake last for a card bet.
    pub(super) nets: Vec<i128>,
    counted: Counted,
}

impl Priced {
    pub(super) fn new(key: &str, bet: &Bet) -> Option<Priced> {
        let on_state = bet.reads_state_only();
        let nets: Vec<Ratio<i64>> = match bet.as_pair() {
            Some((_, net)) => vec![-Ratio::from_integer(1), net],
            None if !on_state => {
                let mut nets: Vec<Ratio<i64>> = bet.lines.iter().map(|l| l.net).collect();
                nets.push(-Ratio::from_integer(1));
                nets
            }
            None => FinalState::all()
                .map(|s| bet.settle_state(s).unwrap_or_default())
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
        let counted = match on_state {
            false => Counted::Cards,
            true => Counted::State(
                index
                    .iter()
                    .map(|&i| u16::try_from(i).ok())
                    .collect::<Option<_>>()?,
            ),
        };
        Some(Priced {
            key: key.to_string(),
            bet: bet.clone(),
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
    pub(super) fn index(&self, scaled: i128) -> usize {
        self.nets
            .iter()
            .position(|&c| c == scaled)
            .expect("the rules settle a coup at one of the bet's nets")
    }
}

/// The three partitions of the final states the tests count.
pub(super) const PARTITIONS: [(AuditTestName, usize); 3] = [
    (AuditTestName::Outcomes, 3),
    (AuditTestName::FinalStates, 28),
    (AuditTestName::Naturals, 3),
];

/// The class of a final state in each partition.
pub(super) fn classes_of(state: FinalState) -> [usize; 3] {
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
pub(super) fn triangle(k: usize, i: usize, j: usize) -> usize {
    i * k - i * (i + 1) / 2 + j
}

/// The groups of numerators held before they are added as fractions: beyond this many
/// numbers of cards left, they are added into the exact sums, so memory stays bounded (some
/// 45 MB under the reference rules). A log of shoes of up to 2,048 cards (39 decks) holds
/// every group until the end, however long it is, and its sums are made once.
const MAX_GROUPS: usize = 1 << 11;

impl Auditor {
    /// Adds the coup's exact moments, on the shoe before it, into the group of `n` cards left.
    pub(super) fn count(&mut self, shoe: ShoeState, n: u64) {
        let composition =
            Shoe::from_counts(shoe.counts).expect("the counts of a shoe read, less cards it held");
        // Held when the shoe is read (128 bits suffice), and a shoe of six cards or more is
        // playable.
        let weights = analysis::state_weights_128(&composition, &self.rules.drawing)
            .expect("a shoe read for the audit counts in 128 bits");
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
                Counted::Cards => {
                    let states: Vec<(FinalState, &u128)> = weights
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| **w != 0)
                        .map(|(i, w)| (FinalState::from_index(i), w))
                        .collect();
                    let distribution =
                        analysis::distribution(&bet.bet, &shoe.cards, &self.rules.drawing, &states);
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
    pub(super) fn observe(&mut self, number: usize, coup: &Coup<Card>, logged: &Logged) {
        let state = coup.final_state();
        for (p, &c) in self.class_of[state.index()].iter().enumerate() {
            self.observed[p][c] += 1;
        }
        let dealt = DealtCoup::from(coup);
        let stake = i128::from(logged.stake);
        for (b, bet) in self.bets.iter().enumerate() {
            let net = bet.bet.net(&dealt);
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
    pub(super) fn flush(&mut self) {
        for (n, group) in std::mem::take(&mut self.groups) {
            let sequences = Factored::product_of(&[n, n - 1, n - 2, n - 3, n - 4, n - 5]);
            self.sums
                .add(sequences, group.iter().map(Acc::to_bigint).collect());
        }
    }
}
