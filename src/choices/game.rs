//! The walk of a game with choices into its bilinear form.

use super::{ChoicesError, Draws, Game, Information, Rule};
use crate::play::ChoiceOpening;
use crate::rules::PuntoMove;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::fmt;

/// A hand's two cards as the information model lets their holder know them when he chooses:
/// their total, or the two values themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KnownHand {
    /// The two-card total only.
    Total(u8),
    /// The two cards' values, lower first.
    Cards([u8; 2]),
}

impl KnownHand {
    /// The hand's two-card total.
    pub fn total(self) -> u8 {
        match self {
            KnownHand::Total(total) => total,
            KnownHand::Cards([low, high]) => (low + high) % 10,
        }
    }
}

impl fmt::Display for KnownHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnownHand::Total(total) => write!(f, "{total}"),
            KnownHand::Cards([low, high]) => write!(f, "{low}+{high}"),
        }
    }
}

/// One of Punto's information sets: his hand as he knows it where he chooses (its total in
/// the models `totals` and `banco-cards`, its two cards in `both-cards`).
pub type PuntoSet = KnownHand;

/// What Banco knows of his own hand when he chooses (its total in the model `totals`, its two
/// cards in the others).
pub type BancoHand = KnownHand;

/// One of Banco's information sets: his hand as he knows it, and Punto's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BancoSet {
    /// Banco's hand, as the information model lets him know it.
    pub banco: BancoHand,
    /// Punto's third card, or that Punto stood.
    pub punto: PuntoMove,
}

/// One side's expectation per coup as a bilinear function of the draw probabilities:
/// `constant + Σ punto[i]·p[i] + Σ banco[k]·q[k] + Σ cross[i][k]·p[i]·q[k]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payoff {
    /// The expectation when every choice stands.
    pub constant: BigRational,
    /// The coefficient of each Punto draw probability.
    pub punto: Vec<BigRational>,
    /// The coefficient of each Banco draw probability.
    pub banco: Vec<BigRational>,
    /// The coefficient of each product, Punto's set first.
    pub cross: Vec<Vec<BigRational>>,
}

impl Payoff {
    /// The expectation at draw probabilities `p` (Punto's) and `q` (Banco's).
    pub fn at(&self, p: &[BigRational], q: &[BigRational]) -> BigRational {
        let mut value = self.constant.clone();
        for (i, pi) in p.iter().enumerate() {
            value += &self.punto[i] * pi;
        }
        for (k, qk) in q.iter().enumerate() {
            let mut coefficient = self.banco[k].clone();
            for (i, pi) in p.iter().enumerate() {
                coefficient += &self.cross[i][k] * pi;
            }
            value += coefficient * qk;
        }
        value
    }

    /// The change in this expectation when Punto's set `i` draws instead of stands, Banco
    /// playing `q`.
    pub fn punto_margin(&self, i: usize, q: &[BigRational]) -> BigRational {
        let mut margin = self.punto[i].clone();
        for (k, qk) in q.iter().enumerate() {
            margin += &self.cross[i][k] * qk;
        }
        margin
    }

    /// The change in this expectation when Banco's set `k` draws instead of stands, Punto
    /// playing `p`.
    pub fn banco_margin(&self, k: usize, p: &[BigRational]) -> BigRational {
        let mut margin = self.banco[k].clone();
        for (i, pi) in p.iter().enumerate() {
            margin += &self.cross[i][k] * pi;
        }
        margin
    }
}

/// A game's bilinear form: its information sets and both sides' expectations per coup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// Punto's information sets, in order.
    pub punto_sets: Vec<PuntoSet>,
    /// Banco's information sets, in order.
    pub banco_sets: Vec<BancoSet>,
    /// Punto's net per unit: +1 when Punto wins, −1 when Banco wins, 0 on a tie.
    pub punto: Payoff,
    /// Banco's net per unit: the win less the commission, −1 when Punto wins, 0 on a tie.
    pub banco: Payoff,
    /// Whether the two expectations sum to zero whatever the strategies.
    pub zero_sum: bool,
}

/// The most cards the walk accepts: six-card weights of 2²⁰ cards stay below 2¹²⁰, and
/// every coefficient below 2¹²³.
const MAX_CARDS: u64 = 1 << 20;

/// Who won a coup: +1 Punto, −1 Banco, 0 a tie.
fn winner(punto_total: usize, banco_total: usize) -> i8 {
    match punto_total.cmp(&banco_total) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The weights of Punto's and Banco's wins on one branch of the walk.
#[derive(Clone, Copy, Default)]
struct Wins {
    punto: i128,
    banco: i128,
}

impl Wins {
    fn add(&mut self, winner: i8, weight: i128) {
        match winner {
            1 => self.punto += weight,
            -1 => self.banco += weight,
            _ => {}
        }
    }
}

/// The draw from the shoe: the ways to take a card of each value, given what is out.
struct Source {
    counts: [i128; 10],
    depletes: bool,
    /// What a weight of k cards is multiplied by to count six-card sequences.
    pad: [i128; 7],
    total: i128,
}

impl Source {
    fn new(draws: &Draws) -> Result<Source, ChoicesError> {
        match draws {
            Draws::WithReplacement => {
                let mut counts = [1; 10];
                counts[0] = 4;
                let pad = [
                    13i128.pow(6),
                    13i128.pow(5),
                    13i128.pow(4),
                    13i128.pow(3),
                    169,
                    13,
                    1,
                ];
                Ok(Source {
                    counts,
                    depletes: false,
                    pad,
                    total: 13i128.pow(6),
                })
            }
            Draws::Shoe(shoe) => {
                shoe.check_playable()?;
                let cards = shoe.len();
                if cards > MAX_CARDS {
                    return Err(ChoicesError::ShoeTooLarge {
                        cards,
                        max: MAX_CARDS,
                    });
                }
                let counts = shoe.value_counts().map(i128::from);
                let n = i128::from(cards);
                // pad[k] = (n − k)(n − k − 1)…(n − 5): the ways to finish six cards from k.
                let mut pad = [1i128; 7];
                for k in (0..6).rev() {
                    pad[k] = pad[k + 1] * (n - k as i128);
                }
                Ok(Source {
                    counts,
                    depletes: true,
                    pad,
                    total: pad[0],
                })
            }
        }
    }
}

/// Where a branch stands with respect to the decisions: no decision, or set `i` drawing or
/// standing. Slot 0 is "no decision", 1 + 2i drawing, 2 + 2i standing.
fn slot(set: Option<(usize, bool)>) -> usize {
    match set {
        None => 0,
        Some((i, true)) => 1 + 2 * i,
        Some((i, false)) => 2 + 2 * i,
    }
}

/// Banco's two first cards and his row of the rules, for the rest of a coup.
#[derive(Clone, Copy)]
struct Turn {
    banco: [usize; 2],
    banco_row: [Rule; 11],
}

struct Walk<'a> {
    game: &'a Game,
    source: Source,
    out: [i128; 10],
    /// Punto's set index by total and two first cards, where he chooses.
    punto_index: PuntoIndex,
    /// Banco's set index by total, first two cards (values) and column.
    banco_index: Vec<Option<usize>>,
    n_banco_slots: usize,
    wins: Vec<Wins>,
}

impl Walk<'_> {
    fn take(&mut self, value: usize) -> i128 {
        let ways = self.source.counts[value] - self.out[value];
        if self.source.depletes {
            self.out[value] += 1;
        }
        ways
    }

    fn put_back(&mut self, value: usize) {
        if self.source.depletes {
            self.out[value] -= 1;
        }
    }

    fn record(&mut self, punto: usize, banco: usize, winner: i8, weight: i128) {
        self.wins[punto * self.n_banco_slots + banco].add(winner, weight);
    }

    fn run(&mut self) {
        for p1 in 0..10 {
            let w1 = self.take(p1);
            if w1 > 0 {
                for b1 in 0..10 {
                    let w2 = self.take(b1);
                    if w2 > 0 {
                        for p2 in 0..10 {
                            let w3 = self.take(p2);
                            if w3 > 0 {
                                for b2 in 0..10 {
                                    let w4 = self.take(b2);
                                    if w4 > 0 {
                                        self.opening([p1, p2], [b1, b2], w1 * w2 * w3 * w4);
                                    }
                                    self.put_back(b2);
                                }
                            }
                            self.put_back(p2);
                        }
                    }
                    self.put_back(b1);
                }
            }
            self.put_back(p1);
        }
    }

    fn opening(&mut self, punto: [usize; 2], banco: [usize; 2], weight: i128) {
        let punto_total = (punto[0] + punto[1]) % 10;
        let banco_total = (banco[0] + banco[1]) % 10;
        let (punto_rule, banco_row) =
            match ChoiceOpening::of(&self.game.rules, punto_total as u8, banco_total as u8) {
                ChoiceOpening::Natural => {
                    let w = weight * self.source.pad[4];
                    self.record(0, 0, winner(punto_total, banco_total), w);
                    return;
                }
                ChoiceOpening::Play { punto, banco } => (punto, banco),
            };
        let turn = Turn { banco, banco_row };
        match punto_rule {
            Rule::Draw => self.punto_draws(0, punto_total, turn, weight),
            Rule::Stand => self.banco_plays(0, punto_total, PuntoMove::Stood, turn, weight, 4),
            Rule::Choice => {
                let i = self.punto_index[punto_total][punto[0]][punto[1]]
                    .expect("every choice of Punto's has a set");
                self.punto_draws(slot(Some((i, true))), punto_total, turn, weight);
                let stands = slot(Some((i, false)));
                self.banco_plays(stands, punto_total, PuntoMove::Stood, turn, weight, 4);
            }
        }
    }

    fn punto_draws(&mut self, punto_slot: usize, punto_total: usize, turn: Turn, weight: i128) {
        for third in 0..10 {
            let ways = self.take(third);
            if ways > 0 {
                let total = (punto_total + third) % 10;
                let punto_move = PuntoMove::Drew(third as u8);
                self.banco_plays(punto_slot, total, punto_move, turn, weight * ways, 5);
            }
            self.put_back(third);
        }
    }

    fn banco_plays(
        &mut self,
        punto_slot: usize,
        punto_final: usize,
        punto_move: PuntoMove,
        turn: Turn,
        weight: i128,
        cards: usize,
    ) {
        let banco = turn.banco;
        let banco_total = (banco[0] + banco[1]) % 10;
        match turn.banco_row[punto_move.column()] {
            Rule::Draw => self.banco_draws(punto_slot, 0, punto_final, banco_total, weight, cards),
            Rule::Stand => {
                let w = weight * self.source.pad[cards];
                self.record(punto_slot, 0, winner(punto_final, banco_total), w);
            }
            Rule::Choice => {
                let (low, high) = (banco[0].min(banco[1]), banco[0].max(banco[1]));
                let k = self.banco_index[(low * 10 + high) * 11 + punto_move.column()]
                    .expect("every choice of Banco's has a set");
                let w = weight * self.source.pad[cards];
                let stands = slot(Some((k, false)));
                self.record(punto_slot, stands, winner(punto_final, banco_total), w);
                let draws = slot(Some((k, true)));
                self.banco_draws(punto_slot, draws, punto_final, banco_total, weight, cards);
            }
        }
    }

    fn banco_draws(
        &mut self,
        punto_slot: usize,
        banco_slot: usize,
        punto_final: usize,
        banco_total: usize,
        weight: i128,
        cards: usize,
    ) {
        let mut wins = Wins::default();
        for third in 0..10 {
            let ways = self.source.counts[third] - self.out[third];
            wins.add(winner(punto_final, (banco_total + third) % 10), ways);
        }
        let pad = self.source.pad[cards + 1] * weight;
        let cell = &mut self.wins[punto_slot * self.n_banco_slots + banco_slot];
        cell.punto += wins.punto * pad;
        cell.banco += wins.banco * pad;
    }
}

/// Punto's set index by two-card total, first card and second card.
type PuntoIndex = [[[Option<usize>; 10]; 10]; 10];

/// Punto's information sets of a game, in order, with the index of each (total, first card,
/// second card) where he chooses.
fn punto_sets(game: &Game) -> (Vec<PuntoSet>, PuntoIndex) {
    let mut sets = Vec::new();
    let mut index = [[[None; 10]; 10]; 10];
    for total in game.rules.punto_choices() {
        let t = usize::from(total);
        match game.information {
            Information::Totals | Information::BancoCards => {
                let i = sets.len();
                sets.push(PuntoSet::Total(total));
                for first in 0..10 {
                    index[t][first][(t + 10 - first) % 10] = Some(i);
                }
            }
            Information::BothCards => {
                let hands = (0..10usize).map(|low| (low, (t + 10 - low) % 10));
                for (low, high) in hands.filter(|(low, high)| low <= high) {
                    let i = sets.len();
                    sets.push(PuntoSet::Cards([low as u8, high as u8]));
                    index[t][low][high] = Some(i);
                    index[t][high][low] = Some(i);
                }
            }
        }
    }
    (sets, index)
}

/// Banco's information sets of a game, in order (by total, then by hand, then by column),
/// with the index of each (first-card pair, column) where he chooses.
fn banco_sets(game: &Game) -> (Vec<BancoSet>, Vec<Option<usize>>) {
    let mut sets = Vec::new();
    let mut index = vec![None; 100 * 11];
    let knows_cards = game.information != Information::Totals;
    let choices = game.rules.banco_choices();
    for total in 0..10u8 {
        let t = usize::from(total);
        let columns: Vec<PuntoMove> = choices
            .iter()
            .filter(|(row, _)| *row == total)
            .map(|&(_, m)| m)
            .collect();
        if columns.is_empty() {
            continue;
        }
        let hands: Vec<[usize; 2]> = (0..10)
            .map(|low| [low, (t + 10 - low) % 10])
            .filter(|[low, high]| low <= high)
            .collect();
        if knows_cards {
            for [low, high] in hands {
                for &m in &columns {
                    index[(low * 10 + high) * 11 + m.column()] = Some(sets.len());
                    sets.push(BancoSet {
                        banco: BancoHand::Cards([low as u8, high as u8]),
                        punto: m,
                    });
                }
            }
        } else {
            for &m in &columns {
                for &[low, high] in &hands {
                    index[(low * 10 + high) * 11 + m.column()] = Some(sets.len());
                }
                sets.push(BancoSet {
                    banco: BancoHand::Total(total),
                    punto: m,
                });
            }
        }
    }
    (sets, index)
}

/// Walks every coup of the game once and returns its bilinear form.
pub(super) fn walk(game: &Game) -> Result<Form, ChoicesError> {
    let source = Source::new(&game.draws)?;
    let (punto_sets, punto_index) = punto_sets(game);
    let (banco_sets, banco_index) = banco_sets(game);
    let n_punto_slots = 1 + 2 * punto_sets.len();
    let n_banco_slots = 1 + 2 * banco_sets.len();
    let mut walk = Walk {
        game,
        source,
        out: [0; 10],
        punto_index,
        banco_index,
        n_banco_slots,
        wins: vec![Wins::default(); n_punto_slots * n_banco_slots],
    };
    walk.run();

    // Each branch's weight multiplies a factor of each side: 1, p or 1 − p; expanding the
    // products gives the coefficients of each side's wins.
    let (np, nb) = (punto_sets.len(), banco_sets.len());
    let mut by_side = [Expansion::new(np, nb), Expansion::new(np, nb)];
    for ps in 0..n_punto_slots {
        for bs in 0..n_banco_slots {
            let wins = walk.wins[ps * n_banco_slots + bs];
            for (side, weight) in [wins.punto, wins.banco].into_iter().enumerate() {
                if weight != 0 {
                    by_side[side].add(factor(ps), factor(bs), weight);
                }
            }
        }
    }
    let total = BigInt::from(walk.source.total);
    let [punto_wins, banco_wins] = by_side;
    let keep = BigRational::one() - ratio(&game.commission);
    let punto = punto_wins.combine(
        &banco_wins,
        &BigRational::one(),
        &BigRational::one(),
        &total,
    );
    let banco = banco_wins.combine(&punto_wins, &keep, &BigRational::one(), &total);
    Ok(Form {
        punto_sets,
        banco_sets,
        punto,
        banco,
        zero_sum: game.is_zero_sum(),
    })
}

fn ratio(r: &num_rational::Ratio<i64>) -> BigRational {
    BigRational::new(BigInt::from(*r.numer()), BigInt::from(*r.denom()))
}

/// A slot's factor: `None` for 1, `Some((i, true))` for p, `Some((i, false))` for 1 − p.
fn factor(slot: usize) -> Option<(usize, bool)> {
    match slot {
        0 => None,
        s => Some(((s - 1) / 2, s % 2 == 1)),
    }
}

/// The integer coefficients of one side's wins as a bilinear polynomial.
struct Expansion {
    constant: i128,
    punto: Vec<i128>,
    banco: Vec<i128>,
    cross: Vec<Vec<i128>>,
}

impl Expansion {
    fn new(np: usize, nb: usize) -> Expansion {
        Expansion {
            constant: 0,
            punto: vec![0; np],
            banco: vec![0; nb],
            cross: vec![vec![0; nb]; np],
        }
    }

    /// Adds `weight · f(p) · g(q)`, with f and g each 1, x or 1 − x.
    fn add(&mut self, punto: Option<(usize, bool)>, banco: Option<(usize, bool)>, weight: i128) {
        // f = f0 + f1·p, g = g0 + g1·q.
        let (f0, f1) = match punto {
            None => (1, 0),
            Some((_, true)) => (0, 1),
            Some((_, false)) => (1, -1),
        };
        let (g0, g1) = match banco {
            None => (1, 0),
            Some((_, true)) => (0, 1),
            Some((_, false)) => (1, -1),
        };
        self.constant += f0 * g0 * weight;
        if let Some((i, _)) = punto {
            self.punto[i] += f1 * g0 * weight;
        }
        if let Some((k, _)) = banco {
            self.banco[k] += f0 * g1 * weight;
            if let Some((i, _)) = punto {
                self.cross[i][k] += f1 * g1 * weight;
            }
        }
    }

    /// `(x·self − y·other) / total` as a payoff.
    fn combine(
        &self,
        other: &Expansion,
        x: &BigRational,
        y: &BigRational,
        total: &BigInt,
    ) -> Payoff {
        let total = BigRational::from_integer(total.clone());
        let mix = |a: i128, b: i128| -> BigRational {
            let a = BigRational::from_integer(BigInt::from(a));
            let b = BigRational::from_integer(BigInt::from(b));
            let value = x * a - y * b;
            if value.is_zero() {
                value
            } else {
                value / &total
            }
        };
        Payoff {
            constant: mix(self.constant, other.constant),
            punto: self
                .punto
                .iter()
                .zip(&other.punto)
                .map(|(&a, &b)| mix(a, b))
                .collect(),
            banco: self
                .banco
                .iter()
                .zip(&other.banco)
                .map(|(&a, &b)| mix(a, b))
                .collect(),
            cross: self
                .cross
                .iter()
                .zip(&other.cross)
                .map(|(row, other_row)| {
                    row.iter()
                        .zip(other_row)
                        .map(|(&a, &b)| mix(a, b))
                        .collect()
                })
                .collect(),
        }
    }
}
