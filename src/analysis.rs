//! Exact figures derived from the engine's tally: outcome probabilities, house edges,
//! naturals, draws. The one place the crate derives figures; the renderings and the JSON
//! report only lay them out.
//!
//! Everything here is an exact integer count or an exact fraction ([`BigRational`], or a
//! reduced `"n/d"` with its nearest `f64` in [`Exact`]); floating point appears only as that
//! rounded companion.

use crate::engine::{self, Weights};
use crate::features;
use crate::features::Distribution;
pub use crate::outcome::Hand;
use crate::outcome::{FinalState, Winner};
use crate::rules::{Bet, DrawingRules, MainBet, Rules};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::{Int, Tally};
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};

/// Runs `$body` with `$w` the weights as a slice of their own integer type.
macro_rules! with_weights {
    ($weights:expr, $w:ident => $body:expr) => {
        match $weights {
            Weights::U64(x) => {
                let $w: &[u64] = &x[..];
                $body
            }
            Weights::U128(x) => {
                let $w: &[u128] = &x[..];
                $body
            }
            Weights::Big(x) => {
                let $w: &[BigUint] = &x[..];
                $body
            }
        }
    };
}

/// The exact analysis of one shoe under one rule set.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The shoe analysed; read it with [`Analysis::shoe`] (the figures belong to it).
    shoe: Shoe,
    /// The rules; read them with [`Analysis::rules`].
    rules: Rules,
    /// The engine's weights, in the integer type its proof chose (or big integers).
    weights: Weights,
    /// Their sum: N·(N−1)·…·(N−5).
    total: BigUint,
    /// The counts of the 52 cards the card bets are counted over.
    cards: [u64; 52],
}

impl Analysis {
    /// Counts the shoe exactly under the rules, by [`engine::tally`]'s engine.
    ///
    /// ```
    /// use punto_banco::{analysis::Analysis, rules::Rules, shoe::Shoe};
    /// let analysis = Analysis::new(&Shoe::decks(1).unwrap(), &Rules::reference()).unwrap();
    /// assert_eq!(analysis.sequences().to_string(), "14658134400");
    /// ```
    pub fn new(shoe: &Shoe, rules: &Rules) -> Result<Analysis, ShoeError> {
        let weights = state_weights(shoe, &rules.drawing)?;
        let cards = features::card_counts(rules, shoe)?;
        let total = with_weights!(&weights, w => sum(w).to_biguint());
        Ok(Analysis {
            shoe: shoe.clone(),
            rules: rules.clone(),
            weights,
            total,
            cards,
        })
    }

    /// Wraps a tally computed elsewhere (a reference path, say), if it can be the tally of
    /// the shoe: the shoe is playable and the weights add up to N·(N−1)·…·(N−5). Anything
    /// else is `None`, never an analysis that divides by zero or by the wrong total.
    pub fn from_tally(shoe: Shoe, rules: Rules, tally: Tally) -> Option<Analysis> {
        shoe.check_playable().ok()?;
        let cards = features::card_counts(&rules, &shoe).ok()?;
        let n = BigUint::from(shoe.len());
        let sequences: BigUint = (0u32..6).map(|k| &n - BigUint::from(k)).product();
        let total = tally.total();
        (total == sequences).then(|| Analysis {
            shoe,
            rules,
            weights: Weights::Big(tally.weights().to_vec()),
            total,
            cards,
        })
    }

    /// The shoe analysed.
    pub fn shoe(&self) -> &Shoe {
        &self.shoe
    }

    /// The rules it was analysed under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The tally: the number of sequences ending in each final state.
    pub fn tally(&self) -> Tally {
        self.weights.to_tally()
    }

    /// Every final state the coup can end in, with its number of sequences, in index order.
    pub fn states(&self) -> Vec<(FinalState, BigUint)> {
        with_weights!(&self.weights, w => w
            .iter()
            .enumerate()
            .filter(|(_, x)| !x.is_zero())
            .map(|(i, x)| (FinalState::from_index(i), x.to_biguint()))
            .collect())
    }

    /// The number of ordered six-card sequences of the shoe: N·(N−1)·…·(N−5).
    pub fn sequences(&self) -> &BigUint {
        &self.total
    }

    /// The number of sequences won by each winner, indexed by `Winner as usize` (Punto,
    /// Banco, Tie), in one pass over the tally.
    ///
    /// ```
    /// use punto_banco::{analysis::Analysis, outcome::Winner, rules::Rules, shoe::Shoe};
    /// let analysis = Analysis::new(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap();
    /// let [punto, banco, tie] = analysis.winner_counts();
    /// assert_eq!(&(&punto + &banco + &tie), analysis.sequences());
    /// assert_eq!(banco, analysis.count(Winner::Banco));
    /// ```
    pub fn winner_counts(&self) -> [BigUint; 3] {
        with_weights!(&self.weights, w => {
            let mut sums: [_; 3] = Default::default();
            // The states of one pair of final totals are consecutive in index order
            // (`FinalState::index`), and share a winner.
            for (totals, states) in w.chunks_exact(FinalState::COUNT / 100).enumerate() {
                let first = FinalState::from_index(totals * (FinalState::COUNT / 100));
                let slot = &mut sums[first.winner() as usize];
                for x in states {
                    *slot = Int::add(slot, x);
                }
            }
            sums.each_ref().map(Int::to_biguint)
        })
    }

    /// The number of sequences in which the coup ends in a state for which `keep` holds.
    pub fn count_where(&self, keep: impl Fn(FinalState) -> bool) -> BigUint {
        with_weights!(&self.weights, w => {
            let mut sum = Default::default();
            for (i, x) in w.iter().enumerate() {
                if !x.is_zero() && keep(FinalState::from_index(i)) {
                    sum = Int::add(&sum, x);
                }
            }
            Int::to_biguint(&sum)
        })
    }

    /// The exact probability that the coup ends in a state for which `keep` holds.
    pub fn probability_where(&self, keep: impl Fn(FinalState) -> bool) -> BigRational {
        self.fraction(self.count_where(keep))
    }

    /// The number of sequences with this winner.
    pub fn count(&self, winner: Winner) -> BigUint {
        self.count_where(|s| s.winner() == winner)
    }

    /// The exact probability of this winner.
    pub fn probability(&self, winner: Winner) -> BigRational {
        self.fraction(self.count(winner))
    }

    /// The house edge of a main bet: the exact loss per unit staked (ties that push count as bets).
    pub fn edge(&self, bet: MainBet) -> BigRational {
        self.edge_of(self.rules.tariff.bet(bet))
    }

    /// The probability that a hand's first two cards are of the same rank: Σ c(c−1) / N(N−1)
    /// over the ranks, the same for either hand and whatever the drawing rules.
    pub fn pair(&self) -> BigRational {
        let n = BigInt::from(self.shoe.len());
        let same: BigInt = self
            .shoe
            .counts()
            .iter()
            .map(|&c| BigInt::from(c) * BigInt::from(c.saturating_sub(1)))
            .sum();
        BigRational::new(same, n.clone() * (n - 1))
    }

    /// The exact distribution of a bet's net result per unit staked, lowest net first; the
    /// probabilities sum to one.
    pub fn net_distribution(&self, bet: &Bet) -> Vec<(Ratio<i64>, BigRational)> {
        with_weights!(&self.weights, w => {
            let counted = distribution(bet, &self.cards, &self.rules.drawing, &states_of(w));
            listing_every_case(bet, counted)
                .into_iter()
                .map(|(net, count)| (net, self.fraction(count.to_biguint())))
                .collect()
        })
    }

    /// The exact expected net change per unit staked on any bet, main or side.
    pub fn expected_net(&self, bet: &Bet) -> BigRational {
        self.net_distribution(bet)
            .into_iter()
            .map(|(net, p)| ratio_to_big(net) * p)
            .sum()
    }

    /// The house edge of any bet: the exact loss per unit staked.
    pub fn edge_of(&self, bet: &Bet) -> BigRational {
        -self.expected_net(bet)
    }

    /// The probability that the coup has at least one natural.
    pub fn natural(&self) -> BigRational {
        self.probability_where(event::natural)
    }

    /// The probability that one hand's first two cards total `total` and a natural stopped the coup.
    ///
    /// For a natural total this is the probability that the hand is dealt a natural of that total.
    pub fn natural_with(&self, hand: Hand, total: u8) -> BigRational {
        self.probability_where(event::natural_with(hand, total))
    }

    /// The probability that a hand draws a third card.
    pub fn draws(&self, hand: Hand) -> BigRational {
        self.probability_where(event::draws(hand))
    }

    /// The probability that the coup uses exactly `cards` cards (4, 5 or 6).
    pub fn cards_used(&self, cards: u8) -> BigRational {
        self.probability_where(event::cards_used(cards))
    }

    /// The probability of a tie on `total`.
    pub fn tie_on(&self, total: u8) -> BigRational {
        self.probability_where(event::tie_on(total))
    }

    /// Every figure of the analysis document in one pass over the tally, each exact.
    pub fn figures(&self) -> Figures {
        self.figures_with_progress(crate::progress::SILENT)
    }

    /// [`Analysis::figures`], reporting each bet priced to `progress` ([`Stage::Bets`]: a
    /// card bet can take a second).
    ///
    /// [`Stage::Bets`]: crate::progress::Stage::Bets
    pub fn figures_with_progress(&self, progress: &dyn crate::progress::Progress) -> Figures {
        with_weights!(&self.weights, w => figures(w, &self.rules, &self.cards, progress))
    }

    /// Each bet's exact expected net per unit staked, in the tariff's order
    /// ([`crate::rules::Tariff::all`]).
    pub fn expected_nets(&self) -> Vec<Exact> {
        with_weights!(&self.weights, w => {
            let states = states_of(w);
            let total = sum(w);
            bets_of(&states, &self.rules, &self.cards, crate::progress::SILENT)
                .into_iter()
                .map(|(_, distribution)| expectation(&distribution, &total))
                .collect()
        })
    }

    fn fraction(&self, count: BigUint) -> BigRational {
        BigRational::new(BigInt::from(count), BigInt::from(self.total.clone()))
    }
}

/// The events whose shares the analysis document reports, each a test of the final state,
/// written once: for the single figures of [`Analysis`] and the document's parts
/// ([`crate::report::Parts`]). [`Analysis::figures`] counts the same events in one pass, by
/// the state's total and number of cards; `tests/it/batch.rs` holds every part to the whole
/// document, byte for byte.
pub mod event {
    use crate::outcome::{FinalState, Hand, Winner};

    /// A natural stopped the coup.
    pub fn natural(state: FinalState) -> bool {
        state.natural
    }

    /// A natural stopped the coup with `hand` on the two-card total `total`.
    pub fn natural_with(hand: Hand, total: u8) -> impl Fn(FinalState) -> bool {
        move |s| s.natural && hand.total(s) == total
    }

    /// `hand` draws a third card.
    pub fn draws(hand: Hand) -> impl Fn(FinalState) -> bool {
        move |s| hand.cards(s) == 3
    }

    /// The coup uses `cards` cards (4, 5 or 6).
    pub fn cards_used(cards: u8) -> impl Fn(FinalState) -> bool {
        move |s| s.cards_used() == cards
    }

    /// The coup is a tie on `total`.
    pub fn tie_on(total: u8) -> impl Fn(FinalState) -> bool {
        move |s| s.winner() == Winner::Tie && s.punto_total == total
    }
}

/// An exact value: a reduced fraction `"n/d"` (with a leading `-` when negative) and the
/// nearest `f64`, for people.
#[derive(Debug, Clone, PartialEq)]
pub struct Exact {
    fraction: String,
    decimal: f64,
}

impl Exact {
    /// The reduced fraction, `"n/d"` or `"-n/d"`.
    pub fn fraction(&self) -> &str {
        &self.fraction
    }

    /// The nearest `f64` (NaN for a fraction over zero).
    pub fn decimal(&self) -> f64 {
        self.decimal
    }

    /// The reduced fraction, taken out.
    pub fn into_fraction(self) -> String {
        self.fraction
    }

    /// Whether the value is above zero.
    pub fn is_positive(&self) -> bool {
        !self.fraction.starts_with('-') && !self.fraction.starts_with("0/")
    }

    /// The value negated (a house edge from an expected net).
    pub fn negated(&self) -> Exact {
        let fraction = match self.fraction.strip_prefix('-') {
            Some(positive) => positive.to_string(),
            None if self.fraction.starts_with("0/") => self.fraction.clone(),
            None => format!("-{}", self.fraction),
        };
        Exact {
            fraction,
            decimal: -self.decimal,
        }
    }

    fn of((fraction, decimal): (String, f64)) -> Exact {
        Exact { fraction, decimal }
    }
}

/// A count of equally likely cases and its exact share of all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Share {
    /// The count, in decimal digits.
    pub count: String,
    /// The count over all cases.
    pub probability: Exact,
}

/// One bet's figures: its expected net and the distribution of its net result.
#[derive(Debug, Clone, PartialEq)]
pub struct BetFigures {
    /// The bet's key, as in [`crate::rules::Tariff::all`].
    pub key: String,
    /// The exact expected net per unit staked.
    pub expected_net: Exact,
    /// Each net per unit staked with its probability, lowest net first.
    pub net_distribution: Vec<(Ratio<i64>, Exact)>,
}

/// Every figure of the analysis document, each exact.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The number of ordered six-card sequences, in decimal digits.
    pub sequences: String,
    /// The share of each winner, indexed by `Winner as usize`.
    pub outcomes: [Share; 3],
    /// The share of coups with at least one natural.
    pub natural_any: Share,
    /// For each hand (by `Hand as usize`) and each natural total of the rules, the share of
    /// coups a natural stopped with the hand on that total.
    pub naturals: [Vec<(u8, Share)>; 2],
    /// The share of coups in which each hand (by `Hand as usize`) draws a third card.
    pub draws: [Share; 2],
    /// The share of coups using 4, 5 and 6 cards.
    pub cards_used: [Share; 3],
    /// The share of ties on each total 0 to 9.
    pub ties_by_total: [Share; 10],
    /// Every reachable final state with its count in decimal digits, in index order.
    pub final_states: Vec<(FinalState, String)>,
    /// Every bet of the tariff, in its order.
    pub bets: Vec<BetFigures>,
}

/// The non-zero weights with their states.
fn states_of<I: Int>(weights: &[I]) -> Vec<(FinalState, &I)> {
    weights
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.is_zero())
        .map(|(i, w)| (FinalState::from_index(i), w))
        .collect()
}

/// The sum of the weights; exact in the type, as the total N·(N−1)·…·(N−5) < N⁶ is.
fn sum<I: Int>(weights: &[I]) -> I {
    weights.iter().fold(I::default(), |s, w| s.add(w))
}

/// The one count of a shoe: the engine's weight of each final state, in the narrowest integer
/// type its proof allows (`u64`, `u128`, or big integers). [`Analysis::new`], the simulated
/// shoes of `depletion` and the audit of a log all count through it; each folds the weights
/// into its figures by [`distribution`] or by the classes it prepared for a bet.
pub(crate) fn state_weights(shoe: &Shoe, drawing: &DrawingRules) -> Result<Weights, ShoeError> {
    engine::weights(shoe, drawing)
}

/// Whether a shoe's state weights fit in 128 bits, as the audit counts them: decided by
/// the number of cards alone, without counting.
pub(crate) fn counts_in_128(shoe: &Shoe) -> bool {
    engine::fits_in_128(shoe.len())
}

/// The state weights of a playable shoe in 128 bits, or `None` when the shoe is too large for
/// them (more cards than N⁶ < 2¹²⁸ allows) or not playable: the audit counts in 128 bits.
pub(crate) fn state_weights_128(shoe: &Shoe, drawing: &DrawingRules) -> Option<Vec<u128>> {
    match state_weights(shoe, drawing).ok()? {
        Weights::U64(w) => Some(w.iter().map(|&x| u128::from(x)).collect()),
        Weights::U128(w) => Some(w.to_vec()),
        Weights::Big(_) => None,
    }
}

/// The one pricing of a bet: the exact distribution of its net over the ordered six-card
/// sequences of the shoe of these 52 card counts (indexed `4·rank + suit`), as counts that sum
/// to N·(N−1)·…·(N−5); `states` is the engine's tally of the same shoe. Every figure of a bet
/// (here, in the depletion of a shoe, in the audit of a log) is derived from it.
///
/// The evaluator is chosen by what the bet's conditions read ([`features`]): a bet on the
/// final state alone folds the tally, a pair bet reads the hands' pair tables, and so on.
pub(crate) fn distribution<I: Int>(
    bet: &Bet,
    cards: &[u64; 52],
    drawing: &DrawingRules,
    states: &[(FinalState, &I)],
) -> Distribution<I> {
    features::distribution(bet, cards, drawing, states)
}

/// Every bet of the rules with the distribution of its net result, as counts of the
/// sequences of the shoe.
fn bets_of<'r, I: Int>(
    states: &[(FinalState, &I)],
    rules: &'r Rules,
    cards: &[u64; 52],
    progress: &dyn crate::progress::Progress,
) -> Vec<(&'r str, Distribution<I>)> {
    let bets = rules.tariff.all();
    progress.start(crate::progress::Stage::Bets, bets.len() as u64);
    bets.into_iter()
        .map(|(key, bet)| {
            let counted = distribution(bet, cards, &rules.drawing, states);
            progress.advance(1);
            (key, listing_every_case(bet, counted))
        })
        .collect()
}

/// A distribution as the documents list it: a pair bet with both its cases, no pair and a
/// pair, even one the shoe cannot deal (the pricing lists the nets that happen).
fn listing_every_case<I: Int>(bet: &Bet, mut counted: Distribution<I>) -> Distribution<I> {
    if let Some((_, net)) = bet.as_pair() {
        for case in [-Ratio::from_integer(1), net] {
            if let Err(at) = counted.binary_search_by_key(&case, |(net, _)| *net) {
                counted.insert(at, (case, I::default()));
            }
        }
    }
    counted
}

/// `Σ net·count / over`, in the type when it fits 128 bits, in big integers beyond.
fn expectation<I: Int>(distribution: &[(Ratio<i64>, I)], over: &I) -> Exact {
    Exact::of(I::weighted(distribution, over).unwrap_or_else(|| {
        let big: Vec<(Ratio<i64>, BigUint)> = distribution
            .iter()
            .map(|(net, c)| (*net, c.to_biguint()))
            .collect();
        BigUint::weighted(&big, &over.to_biguint()).expect("a playable shoe has cases")
    }))
}

/// [`Analysis::figures`] in the weights' own type.
fn figures<I: Int>(
    weights: &[I],
    rules: &Rules,
    cards: &[u64; 52],
    progress: &dyn crate::progress::Progress,
) -> Figures {
    let states = states_of(weights);
    let zero = I::default;
    let mut total = zero();
    // One pass gathers every aggregate the document reports; each sum is below the total,
    // so exact in the type.
    let mut outcomes: [I; 3] = Default::default();
    let mut natural_any = zero();
    let mut naturals: [[I; 10]; 2] = Default::default();
    let mut draws: [I; 2] = Default::default();
    let mut cards_used: [I; 3] = Default::default();
    let mut ties: [I; 10] = Default::default();
    let add = |slot: &mut I, w: &I| *slot = slot.add(w);
    for &(s, w) in &states {
        add(&mut total, w);
        let winner = s.winner();
        add(&mut outcomes[winner as usize], w);
        if s.natural {
            add(&mut natural_any, w);
            for hand in Hand::ALL {
                add(&mut naturals[hand as usize][hand.total(s) as usize], w);
            }
        }
        for hand in Hand::ALL {
            if hand.cards(s) == 3 {
                add(&mut draws[hand as usize], w);
            }
        }
        add(&mut cards_used[usize::from(s.cards_used() - 4)], w);
        if winner == Winner::Tie {
            add(&mut ties[s.punto_total as usize], w);
        }
    }
    let share = |count: &I| Share {
        count: count.to_string(),
        probability: Exact::of(count.over(&total)),
    };
    let natural_totals: Vec<u8> = (0..10u8).filter(|&t| rules.drawing.is_natural(t)).collect();
    let bets = bets_of(&states, rules, cards, progress)
        .into_iter()
        .map(|(key, distribution)| BetFigures {
            key: key.to_string(),
            expected_net: expectation(&distribution, &total),
            net_distribution: distribution
                .iter()
                .map(|(net, c)| (*net, Exact::of(c.over(&total))))
                .collect(),
        })
        .collect();
    Figures {
        sequences: total.to_string(),
        outcomes: outcomes.each_ref().map(share),
        natural_any: share(&natural_any),
        naturals: Hand::ALL.map(|hand| {
            natural_totals
                .iter()
                .map(|&t| (t, share(&naturals[hand as usize][t as usize])))
                .collect()
        }),
        draws: draws.each_ref().map(share),
        cards_used: cards_used.each_ref().map(share),
        ties_by_total: ties.each_ref().map(share),
        final_states: states.iter().map(|(s, w)| (*s, w.to_string())).collect(),
        bets,
    }
}

/// A small exact ratio as a big one.
pub fn ratio_to_big(ratio: Ratio<i64>) -> BigRational {
    BigRational::new(BigInt::from(*ratio.numer()), BigInt::from(*ratio.denom()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_is_wrapped_only_when_it_can_be_the_shoes() {
        let one_deck = Shoe::decks(1).unwrap();
        let rules = Rules::reference();
        let tally = engine::tally(&one_deck, &rules.drawing).unwrap();
        assert!(Analysis::from_tally(one_deck.clone(), rules.clone(), tally.clone()).is_some());
        // Another shoe's tally, an empty tally, a shoe too small: no analysis to divide by.
        let two_decks = Shoe::decks(2).unwrap();
        assert!(Analysis::from_tally(two_decks, rules.clone(), tally).is_none());
        assert!(Analysis::from_tally(one_deck, rules.clone(), Tally::default()).is_none());
        let tiny = Shoe::from_counts([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert!(Analysis::from_tally(tiny, rules, Tally::default()).is_none());
    }

    /// The figures are the same whatever integer type holds the weights.
    #[test]
    fn figures_do_not_depend_on_the_integer_type() {
        let shoe = Shoe::decks(8).unwrap();
        let rules = Rules::reference();
        let narrow = Analysis::new(&shoe, &rules).unwrap();
        assert!(matches!(narrow.weights, Weights::U64(_)));
        let big = Analysis::from_tally(shoe, rules, narrow.tally()).unwrap();
        assert_eq!(narrow.figures(), big.figures());
        assert_eq!(narrow.expected_nets(), big.expected_nets());
        assert_eq!(narrow.count(Winner::Tie), big.count(Winner::Tie),);
    }

    /// A pair bet is priced by its condition through the one entry (the hands' pair tables
    /// over the six-card sequences), and comes out at the closed form Σ c(c−1) / N(N−1),
    /// counted here apart ([`Analysis::pair`]), on shoes of identical and of scarce ranks.
    #[test]
    fn a_pair_bet_priced_by_its_condition_is_the_closed_form() {
        let one = BigRational::from_integer(BigInt::from(1));
        for counts in [
            [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
            [1, 2, 0, 0, 0, 1, 0, 3, 0, 0, 2, 0, 1],
            [7, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            // No two cards of a rank: the pair is listed, at nought.
            [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
        ] {
            let shoe = Shoe::from_counts(counts).unwrap();
            let analysis = Analysis::new(&shoe, &Rules::reference()).unwrap();
            let p = analysis.pair();
            for hand in Hand::ALL {
                let pair = Bet::pair(hand, Ratio::from_integer(11));
                let want = [
                    (-Ratio::from_integer(1), &one - &p),
                    (Ratio::from_integer(11), p.clone()),
                ];
                assert_eq!(
                    analysis.net_distribution(&pair),
                    want,
                    "{counts:?} {hand:?}"
                );
                let expected = ratio_to_big(Ratio::from_integer(12)) * &p - &one;
                assert_eq!(analysis.expected_net(&pair), expected);
            }
        }
    }
}
