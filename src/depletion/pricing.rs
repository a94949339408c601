//! The exact edge of every bet before a coup: the shoe's sequences counted by the engine and
//! each bet's numerator over its common denominator.

use crate::analysis;
use crate::card::Rank;
use crate::engine::Weights;
use crate::outcome::FinalState;
use crate::rules::{Bet, DrawingRules, Rules};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Int;
use num_bigint::{BigInt, BigUint};
use num_rational::Ratio;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::HashMap;

/// A positive whole number: in 128 bits while it fits, in a big integer beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Count {
    Wide(u128),
    Big(BigUint),
}

impl Count {
    pub(super) fn to_biguint(&self) -> BigUint {
        match self {
            Count::Wide(x) => BigUint::from(*x),
            Count::Big(x) => x.clone(),
        }
    }

    pub(super) fn add(&mut self, other: &Count) {
        *self = match (&*self, other) {
            (Count::Wide(a), Count::Wide(b)) => match a.checked_add(*b) {
                Some(sum) => Count::Wide(sum),
                None => Count::Big(BigUint::from(*a) + *b),
            },
            (a, b) => Count::Big(a.to_biguint() + b.to_biguint()),
        };
    }
}

/// The numerator of an expected net: in 128 bits, the usual case, or in a big integer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Numerator {
    Small(i128),
    Big(BigInt),
}

impl Numerator {
    /// The numerator when it is above zero.
    pub(super) fn positive(self) -> Option<Count> {
        match self {
            Numerator::Small(n) => (n > 0).then(|| Count::Wide(n.unsigned_abs())),
            Numerator::Big(n) => n.is_positive().then(|| match n.to_u128() {
                Some(x) => Count::Wide(x),
                None => Count::Big(n.magnitude().clone()),
            }),
        }
    }

    pub(super) fn to_bigint(&self) -> BigInt {
        match self {
            Numerator::Small(n) => BigInt::from(*n),
            Numerator::Big(n) => n.clone(),
        }
    }
}

/// One bet's net as whole numbers: on the `k`-th class of cases it nets
/// `coefficients[k] / scale` per unit staked, so that its expected net is
/// `Σ coefficients[k]·cases[k] / (scale · cases)`.
#[derive(Debug, Clone)]
pub(super) struct Priced {
    /// The least common denominator of the bet's nets.
    scale: BigUint,
    coefficients: Vec<BigInt>,
    /// The same coefficients, when each fits 64 bits: the fast path.
    pub(super) small: Option<Vec<i64>>,
}

impl Priced {
    pub(super) fn new(nets: &[Ratio<i64>]) -> Priced {
        // lcm(a, d) = a · d / gcd(a, d), the gcd read from the reduced fraction a / d.
        let scale = nets.iter().fold(BigUint::one(), |lcm, net| {
            let d = BigUint::from(net.denom().unsigned_abs());
            let reduced = Ratio::new(lcm.clone(), d);
            lcm * reduced.denom()
        });
        let big_scale = BigInt::from(scale.clone());
        let coefficients: Vec<BigInt> = nets
            .iter()
            .map(|net| BigInt::from(*net.numer()) * &big_scale / BigInt::from(*net.denom()))
            .collect();
        let small = coefficients.iter().map(ToPrimitive::to_i64).collect();
        Priced {
            scale,
            coefficients,
            small,
        }
    }

    /// The numerator of the expected net over these cases (one count per class), exact:
    /// in 128 bits when every step fits, in big integers otherwise.
    fn numerator(&self, cases: &[u128]) -> Numerator {
        if let Some(small) = &self.small
            && let Some(n) = small.iter().zip(cases).try_fold(0i128, |sum, (&c, &k)| {
                sum.checked_add(i128::from(c).checked_mul(i128::try_from(k).ok()?)?)
            })
        {
            return Numerator::Small(n);
        }
        Numerator::Big(
            self.coefficients
                .iter()
                .zip(cases)
                .map(|(c, &k)| c * BigInt::from(k))
                .sum(),
        )
    }

    /// The same numerator from cases in big integers.
    fn numerator_big(&self, cases: &[BigUint]) -> Numerator {
        Numerator::Big(
            self.coefficients
                .iter()
                .zip(cases)
                .map(|(c, k)| c * BigInt::from(k.clone()))
                .sum(),
        )
    }

    /// The denominator of the expected net in a shoe of `n` cards.
    pub(super) fn denominator(&self, n: u64) -> BigUint {
        &self.scale * sequences(n)
    }
}

/// The ordered six-card sequences N·(N−1)·…·(N−5) of a shoe of `n` cards: what every bet's
/// expected net is a fraction of, besides its common denominator.
pub(super) fn sequences(n: u64) -> BigUint {
    (0..6).map(|k| BigUint::from(n - k)).product()
}

/// The bets of a rule set made ready to be valued before every coup from the engine's
/// weights, once per run: the final states grouped into classes on which every bet nets the
/// same, and each bet's nets as whole numbers over one denominator. A coup then costs the
/// engine's count, one pass adding its weights into the classes, and a few products.
#[derive(Debug, Clone)]
pub(super) struct Pricing {
    pub(super) drawing: DrawingRules,
    /// For each class, the indices of its final states that the drawing rules can end in
    /// ([`DrawingRules::can_end_in`]): the others always weigh nothing.
    pub(super) classes: Vec<Vec<usize>>,
    /// For each class, the indices of all its final states.
    pub(super) all_classes: Vec<Vec<usize>>,
    /// The bets settled on the coup, with their index among all the bets.
    on_coup: Vec<(usize, Priced)>,
    /// The bets that read more than the final state (a pair bet, a card bet), with their
    /// index, their conditions and
    /// their nets in the order of [`Priced`]'s coefficients (every line's net and the lost
    /// stake, ascending, each once).
    pub(super) on_cards: Vec<(usize, Bet, Vec<Ratio<i64>>, Priced)>,
    pub(super) bets: usize,
}

impl Pricing {
    pub(super) fn new(rules: &Rules) -> Pricing {
        let all = rules.tariff.all();
        let coup_bets: Vec<(usize, &Bet)> = all
            .iter()
            .enumerate()
            .filter(|(_, (_, bet))| bet.reads_state_only())
            .map(|(i, (_, bet))| (i, *bet))
            .collect();
        let mut class_of: HashMap<Vec<Ratio<i64>>, usize> = HashMap::new();
        let mut classes: Vec<Vec<usize>> = Vec::new();
        let mut all_classes: Vec<Vec<usize>> = Vec::new();
        let mut class_nets: Vec<Vec<Ratio<i64>>> = Vec::new();
        for state in FinalState::all() {
            let nets: Vec<Ratio<i64>> = coup_bets
                .iter()
                .map(|(_, bet)| {
                    bet.settle_state(state)
                        .expect("a bet on the final state settles on it")
                })
                .collect();
            let class = *class_of.entry(nets.clone()).or_insert_with(|| {
                classes.push(Vec::new());
                all_classes.push(Vec::new());
                class_nets.push(nets);
                classes.len() - 1
            });
            all_classes[class].push(state.index());
            if rules.drawing.can_end_in(state) {
                classes[class].push(state.index());
            }
        }
        let on_coup = coup_bets
            .iter()
            .enumerate()
            .map(|(j, (i, _))| {
                let nets: Vec<Ratio<i64>> = class_nets.iter().map(|nets| nets[j]).collect();
                (*i, Priced::new(&nets))
            })
            .collect();
        let on_cards = all
            .iter()
            .enumerate()
            .filter(|(_, (_, bet))| !bet.reads_state_only())
            .map(|(i, (_, bet))| {
                let bet = (*bet).clone();
                // The bet nets a line's net or loses the stake: nothing else.
                let mut nets: Vec<Ratio<i64>> = bet.lines.iter().map(|line| line.net).collect();
                nets.push(-Ratio::from_integer(1));
                nets.sort_unstable();
                nets.dedup();
                let priced = Priced::new(&nets);
                (i, bet, nets, priced)
            })
            .collect();
        Pricing {
            drawing: rules.drawing.clone(),
            classes,
            all_classes,
            on_coup,
            on_cards,
            bets: all.len(),
        }
    }

    /// The priced bet at index `bet` of the tariff.
    pub(super) fn bet(&self, bet: usize) -> &Priced {
        self.on_coup
            .iter()
            .find(|(i, _)| *i == bet)
            .map(|(_, priced)| priced)
            .or_else(|| {
                self.on_cards
                    .iter()
                    .find(|(i, ..)| *i == bet)
                    .map(|(.., priced)| priced)
            })
            .expect("every bet is priced: on the coup or on the cards")
    }

    /// Each bet's exact expected net in a playable shoe whose 52 card counts are `cards`, as
    /// a numerator over [`Priced::denominator`], in the tariff's order.
    #[cfg(test)]
    pub(super) fn numerators(
        &self,
        shoe: &Shoe,
        cards: &[u64; 52],
    ) -> Result<Vec<BigInt>, ShoeError> {
        let mut numerators = vec![BigInt::zero(); self.bets];
        self.each_numerator(shoe, cards, &mut |bet, numerator| {
            numerators[bet] = numerator.to_bigint()
        })?;
        Ok(numerators)
    }

    /// Calls `found` with each bet's index and the numerator of its exact expected net, in a
    /// playable shoe whose 52 card counts (`4·rank + suit`) are `cards`: its rank counts are
    /// the shoe's, its suits are read by the card bets alone.
    pub(super) fn each_numerator(
        &self,
        shoe: &Shoe,
        cards: &[u64; 52],
        found: &mut dyn FnMut(usize, Numerator),
    ) -> Result<(), ShoeError> {
        debug_assert!(
            Rank::ALL.iter().all(
                |r| cards[4 * r.index()..4 * r.index() + 4].iter().sum::<u64>() == shoe.count(*r)
            ),
            "the card counts are the shoe's"
        );
        // Only the engine's count and the classes depend on the shoe. The weights are taken
        // in the narrowest type the engine proved, summed by class in 128 bits (a class sum
        // is below N⁶, which that type holds) or in big integers.
        match analysis::state_weights(shoe, &self.drawing)? {
            Weights::U64(w) => {
                self.coup_numerators(shoe.len(), &w[..], found);
                self.card_numerators(cards, &w[..], found);
            }
            Weights::U128(w) => {
                self.coup_numerators(shoe.len(), &w[..], found);
                self.card_numerators(cards, &w[..], found);
            }
            Weights::Big(w) => {
                let cases: Vec<BigUint> = self
                    .all_classes
                    .iter()
                    .map(|states| states.iter().map(|&i| &w[i]).sum::<BigUint>())
                    .collect();
                for (bet, priced) in &self.on_coup {
                    found(*bet, priced.numerator_big(&cases));
                }
                self.card_numerators(cards, &w[..], found);
            }
        }
        Ok(())
    }

    /// The numerators of the bets that read more than the final state: each bet's
    /// distribution counted over the shoe's cards ([`analysis::distribution`]), its counts
    /// of the ordered six-card sequences (in 128 bits while they fit, in big integers beyond)
    /// weighted by the bet's nets.
    fn card_numerators<I: Int>(
        &self,
        cards: &[u64; 52],
        weights: &[I],
        found: &mut dyn FnMut(usize, Numerator),
    ) {
        if self.on_cards.is_empty() {
            return;
        }
        let states: Vec<(FinalState, &I)> = weights
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(|(i, w)| (FinalState::from_index(i), w))
            .collect();
        for (bet, terms, nets, priced) in &self.on_cards {
            let mut cases = vec![BigUint::zero(); nets.len()];
            for (net, count) in analysis::distribution(terms, cards, &self.drawing, &states) {
                let at = nets
                    .binary_search(&net)
                    .expect("a bet nets one of its lines' nets or loses the stake");
                cases[at] += count.to_biguint();
            }
            let wide: Option<Vec<u128>> = cases.iter().map(ToPrimitive::to_u128).collect();
            found(
                *bet,
                match wide {
                    Some(wide) => priced.numerator(&wide),
                    None => priced.numerator_big(&cases),
                },
            );
        }
    }
}

impl Pricing {
    /// The numerators of the bets settled on the coup, from weights that fit 128 bits. The
    /// classes hold only the final states the drawing rules can end in; should their weights
    /// not add up to the shoe's N·(N−1)·…·(N−5), every state is summed instead, so that the
    /// shortcut can never lose a case.
    fn coup_numerators<W: Copy + Into<u128>>(
        &self,
        n: u64,
        weights: &[W],
        found: &mut dyn FnMut(usize, Numerator),
    ) {
        const INLINE: usize = 32;
        let sum_into = |lists: &[Vec<usize>], cases: &mut [u128]| {
            for (case, states) in cases.iter_mut().zip(lists) {
                *case = states.iter().map(|&i| weights[i].into()).sum();
            }
        };
        let mut inline = [0u128; INLINE];
        let mut spilled = Vec::new();
        let cases: &mut [u128] = if self.classes.len() <= INLINE {
            &mut inline[..self.classes.len()]
        } else {
            spilled.resize(self.classes.len(), 0);
            &mut spilled
        };
        sum_into(&self.classes, cases);
        // The weights of a shoe whose N⁶ fits 128 bits add up to N·(N−1)·…·(N−5) in 128 bits.
        let sequences = (0..6u64).map(|k| u128::from(n - k)).product::<u128>();
        if cases.iter().sum::<u128>() != sequences {
            sum_into(&self.all_classes, cases);
        }
        for (bet, priced) in &self.on_coup {
            found(*bet, priced.numerator(cases));
        }
    }
}
