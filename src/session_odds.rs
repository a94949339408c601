//! Exact odds of the home format: every deal starts from a full shoe, so deals are
//! independent and the final scores of fixed predictions follow a multinomial law.
//!
//! The deal's final states are grouped into categories, one for each distinct tuple of net
//! changes of the three fixed strategies (always Punto, always Banco, always Tie): three for
//! the reference tariff (Punto wins, Banco wins, ties), four for EZ Baccarat (whose Banco
//! pushes on a three-card 7). Over `n` deals, how many deals end in each category is
//! multinomial, and every figure is an integer count of sequences over one common
//! denominator, `W^n` (`W`, the deal's number of ordered six-card sequences), reduced to a
//! fraction only at the end.
//!
//! A figure is the probability of a region of those counts cut by linear conditions on the
//! scores (a strategy ahead of zero, ahead of another, first at a table). The categories
//! that the conditions cannot tell apart are merged first. Over three groups the region is
//! summed with one-dimensional recurrences: for each count of the third group, the first two
//! split the rest binomially and the conditions keep an interval of it, whose sum follows
//! from the row before in a constant number of big-number steps. A thousand deals thus cost
//! a few thousand big-number steps per figure, not the half million terms of the multinomial.
//! A figure on one score (or one difference of scores) that tells four or more groups apart
//! follows from the coefficients of a power of a polynomial, by a recurrence started from the
//! end of the scores nearer zero; one on several scores peels the extra groups off one count
//! at a time, down to three; a few deals are simply walked term by term.
//!
//! Before any sum starts, the work of every figure is estimated from the real sizes: the
//! coefficients, rows or terms each method would visit, times the length in 64-bit words of
//! the numbers it handles (a count over `n` deals has `n` times the bits of the deal's
//! count), and the bytes it would hold at once. Each figure is summed by the method of least
//! work, and odds whose whole work exceeds [`WORK_BUDGET`], or one figure's numbers
//! [`MEMORY_BUDGET`], are refused at once, naming the most deals that fit.

mod sums;
mod work;

use sums::{Figure, counts, gcd, gcd_i64, reduced};
use work::{cheapest, too_much_work};

use crate::analysis::Analysis;
use crate::progress::{Progress, SILENT, Stage};
use crate::rules::{MainBet, Rules};
use crate::shoe::{Shoe, ShoeError};
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// A probability distribution over scores (net changes at the stake).
pub type Distribution = BTreeMap<Ratio<i64>, BigRational>;

/// The most deals a session may have: the work of a figure grows a little faster than the
/// square of the deals (the numbers have `n` times the digits of one deal's count), and
/// 10,000 deals take about a minute.
pub const MAX_DEALS: u32 = 10_000;

/// Sessions of up to this many deals have every strategy's whole final-score distribution;
/// longer ones have the summary figures only (the Banco strategy alone has tens of thousands
/// of scores after 1,000 deals).
pub const FULL_DISTRIBUTION_DEALS: u32 = 30;

/// The most work the odds of one command may take (a session's figures, or a table's), in
/// word operations: an addition, or a product or quotient by a number of one word, on one
/// 64-bit word of a big number; a product of two long numbers counts as Karatsuba's
/// `3^⌈log₂ words⌉`. The reference tariff's 10,000 deals are estimated at 2 × 10¹⁰; the
/// budget takes about half a minute to a minute on a 2-core machine, by its load.
pub const WORK_BUDGET: u128 = 30_000_000_000;

/// The most bytes the numbers of one figure may hold at once: the window of coefficients of a
/// power of a polynomial, or a whole final-score distribution.
pub const MEMORY_BUDGET: u128 = 1 << 30;

/// The most participants at a table of fixed predictions.
pub const MAX_PLAYERS: usize = 64;

/// The odds of the home format for the three fixed strategies.
#[derive(Debug, Clone)]
pub struct SessionOdds {
    /// The number of deals in a session.
    pub(crate) deals: u32,
    /// The stake on each deal.
    pub(crate) stake: i64,
    /// One deal exactly: the analysis of a full shoe.
    pub(crate) deal: Analysis,
    /// The deal's categories of final states.
    categories: Vec<Category>,
    /// Nets are counted in units of `1 / scale` of a stake.
    scale: i64,
    /// `W`: the sum of the categories' weights, the number of sequences of a deal divided by
    /// the weights' common factor.
    total: BigUint,
    /// `W^n`: the common denominator.
    all: BigUint,
    /// For each fixed strategy, its whole final-score distribution; empty beyond
    /// [`FULL_DISTRIBUTION_DEALS`].
    pub(crate) finals: Vec<(MainBet, Distribution)>,
    /// For each fixed strategy, the probabilities that it finishes above, at and below zero.
    signs: Vec<(MainBet, [BigRational; 3])>,
    /// For each pair of strategies, in the order of [`MainBet::ALL`], the probabilities that
    /// the first finishes ahead of, level with and behind the second.
    heads: Vec<((MainBet, MainBet), [BigRational; 3])>,
}

/// Final states that change every strategy's score alike, and how many sequences end in them.
#[derive(Debug, Clone)]
struct Category {
    /// The net change of each strategy (in the order of [`MainBet::ALL`]) at the stake, in
    /// units of `1 / scale`.
    units: [i64; 3],
    /// The number of sequences of the deal that end in this category.
    weight: BigUint,
}

/// One participant at a table of fixed predictions and their exact chances of finishing
/// first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerOdds {
    prediction: MainBet,
    wins_alone: BigRational,
    shares_first: BigRational,
}

impl PlayerOdds {
    /// The prediction the participant makes on every deal.
    pub fn prediction(&self) -> MainBet {
        self.prediction
    }

    /// The probability of finishing first alone, with a score above everyone else's.
    pub fn wins_alone(&self) -> &BigRational {
        &self.wins_alone
    }

    /// The probability of sharing first place: the best score, held by someone else too.
    pub fn shares_first(&self) -> &BigRational {
        &self.shares_first
    }
}

/// Session odds that cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionOddsError {
    /// The shoe cannot be analysed.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// A main bet of the rules reads the cards, which the session's count over final states
    /// cannot settle (rule files refuse such a main bet; a tariff built in code can have one).
    #[error(
        "the main bet `{bet}` reads the cards: session odds count the final states, so a main bet must be settled on the final state"
    )]
    MainBetOnCards {
        /// The main bet's key.
        bet: &'static str,
    },
    /// The scores would not fit 64-bit fractions.
    #[error(
        "a stake of {stake} over {deals} deals makes scores too large for 64-bit fractions: use a smaller stake or fewer deals"
    )]
    ScoreTooLarge {
        /// The stake given.
        stake: i64,
        /// The number of deals given.
        deals: u32,
    },
    /// No deal at all, or more than [`MAX_DEALS`].
    #[error("a session of {deals} deals cannot be computed: expected 1 to {max} deals")]
    Deals {
        /// The number of deals given.
        deals: u32,
        /// The most deals accepted.
        max: u32,
    },
    /// The odds would take more than [`WORK_BUDGET`] word operations, or one figure more than
    /// [`MEMORY_BUDGET`] bytes at once: refused before any sum starts.
    #[error("{}", too_much_work(*.deals, .figure, *.groups, *.steps, *.bytes, *.most))]
    TooMuchWork {
        /// The number of deals asked for.
        deals: u32,
        /// The figure that costs the most (or, when memory is short, holds the most), in words.
        figure: String,
        /// The groups of final states that figure tells apart.
        groups: usize,
        /// The estimated work of the whole, in word operations; `None` beyond 2¹²⁸.
        steps: Option<u128>,
        /// The most bytes one figure would hold at once.
        bytes: u128,
        /// The most deals such that every session of at most that many deals fits the
        /// budgets (0 when even one deal does not).
        most: u32,
    },
    /// A table of no participants.
    #[error("a table needs at least one participant")]
    NoPlayers,
    /// More participants than [`MAX_PLAYERS`].
    #[error("a table of {given} participants is too many: expected at most {max}")]
    TooManyPlayers {
        /// The participants given.
        given: usize,
        /// The most participants accepted.
        max: usize,
    },
}

/// A list of predictions, one for each participant at a table, that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayersError {
    /// Nothing but blanks.
    #[error(
        "the list of players is empty: expected predictions separated by commas, such as punto,banco,tie"
    )]
    Empty,
    /// An empty item between two commas, or at either end.
    #[error("player {position} of the list is empty: expected P, B or T: Punto, Banco or Tie")]
    EmptyItem {
        /// The 1-based position of the item.
        position: usize,
    },
    /// An item that is not a prediction.
    #[error(
        "player {position} of the list, `{item}`, is not a prediction: expected P, B or T: Punto, Banco or Tie"
    )]
    Unknown {
        /// The 1-based position of the item.
        position: usize,
        /// The item as given (cut to 40 characters).
        item: String,
    },
    /// More participants than [`MAX_PLAYERS`].
    #[error("the list has {given} players: expected at most {max}")]
    TooMany {
        /// The number of items (counted up to one more than the most accepted).
        given: usize,
        /// The most participants accepted.
        max: usize,
    },
}

/// Reads a table's predictions, one for each participant, separated by commas: `punto`,
/// `banco`, `tie` or any prediction word of the session (`P`, `B`, `T`, `E`, `égalité`, …).
///
/// ```
/// use punto_banco::rules::MainBet;
/// use punto_banco::session_odds::parse_players;
/// assert_eq!(
///     parse_players("punto, B,banco,tie").unwrap(),
///     [MainBet::Punto, MainBet::Banco, MainBet::Banco, MainBet::Tie]
/// );
/// assert!(parse_players("punto,,tie").is_err());
/// ```
pub fn parse_players(text: &str) -> Result<Vec<MainBet>, PlayersError> {
    if text.trim().is_empty() {
        return Err(PlayersError::Empty);
    }
    let mut players = Vec::new();
    for (index, item) in text.split(',').enumerate() {
        let position = index + 1;
        if position > MAX_PLAYERS {
            return Err(PlayersError::TooMany {
                given: text.split(',').count(),
                max: MAX_PLAYERS,
            });
        }
        let item = item.trim();
        if item.is_empty() {
            return Err(PlayersError::EmptyItem { position });
        }
        let prediction =
            crate::session::parse_prediction(item).ok_or_else(|| PlayersError::Unknown {
                position,
                item: item.chars().take(40).collect(),
            })?;
        players.push(prediction);
    }
    Ok(players)
}

/// The index of a main bet in [`MainBet::ALL`].
fn index(bet: MainBet) -> usize {
    MainBet::ALL
        .iter()
        .position(|&b| b == bet)
        .expect("every main bet is in ALL")
}

impl SessionOdds {
    /// The number of deals in a session.
    pub fn deals(&self) -> u32 {
        self.deals
    }

    /// The stake on each deal.
    pub fn stake(&self) -> i64 {
        self.stake
    }

    /// One deal exactly: the analysis of a full shoe.
    pub fn deal(&self) -> &Analysis {
        &self.deal
    }

    /// Each fixed strategy (always Punto, always Banco, always Tie) with its whole
    /// final-score distribution, for sessions of up to [`FULL_DISTRIBUTION_DEALS`] deals;
    /// empty for longer ones.
    pub fn finals(&self) -> &[(MainBet, Distribution)] {
        &self.finals
    }

    /// Whether the whole distributions were computed (sessions of up to
    /// [`FULL_DISTRIBUTION_DEALS`] deals).
    pub fn has_distributions(&self) -> bool {
        !self.finals.is_empty()
    }

    /// The number of categories of final states: distinct tuples of the three strategies'
    /// net changes (three for the reference tariff).
    pub fn categories(&self) -> usize {
        self.categories.len()
    }

    /// The exact odds for a shoe (every deal from it, full), deals and stake; an error when
    /// the shoe cannot be analysed, the deals are not 1 to [`MAX_DEALS`], a score does not
    /// fit a 64-bit fraction, or the work would exceed [`WORK_BUDGET`] or [`MEMORY_BUDGET`]
    /// (refused before any figure is summed, naming the most deals that fit).
    ///
    /// ```
    /// use punto_banco::{Rules, SessionOdds, Shoe, rules::MainBet};
    /// let odds = SessionOdds::new(&Shoe::decks(8).unwrap(), &Rules::reference(), 1000, 20).unwrap();
    /// let [above, at, below] = odds.signs(MainBet::Banco);
    /// assert_eq!(above + at + below, num_rational::BigRational::from_integer(1.into()));
    /// ```
    pub fn new(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
    ) -> Result<SessionOdds, SessionOddsError> {
        SessionOdds::new_with_progress(shoe, rules, deals, stake, SILENT)
    }

    /// [`SessionOdds::new`], telling `progress` of each figure summed
    /// ([`Stage::SessionFigures`]: a strategy's final score, a head to head, a whole
    /// distribution), once the work is checked.
    pub fn new_with_progress(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
        progress: &dyn Progress,
    ) -> Result<SessionOdds, SessionOddsError> {
        let mut odds = SessionOdds::setup(shoe, rules, deals, stake)?;
        let summary = odds.summary_figures();
        odds.check(&summary, true)?;
        progress.start(Stage::SessionFigures, odds.summary_units(&summary));
        odds.sum_summary(&summary, progress);
        progress.finish();
        Ok(odds)
    }

    /// The odds of [`SessionOdds::new`] and a table's chances of [`SessionOdds::players`]
    /// together, their work checked against [`WORK_BUDGET`] as one before either is summed.
    pub fn with_table(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
        predictions: &[MainBet],
    ) -> Result<(SessionOdds, Vec<PlayerOdds>), SessionOddsError> {
        SessionOdds::with_table_with_progress(shoe, rules, deals, stake, predictions, SILENT)
    }

    /// [`SessionOdds::with_table`], telling `progress` of each figure summed
    /// ([`Stage::SessionFigures`]), the table's first places among them.
    pub fn with_table_with_progress(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
        predictions: &[MainBet],
        progress: &dyn Progress,
    ) -> Result<(SessionOdds, Vec<PlayerOdds>), SessionOddsError> {
        let mut odds = SessionOdds::setup(shoe, rules, deals, stake)?;
        let summary = odds.summary_figures();
        let table = odds.table_figures(predictions)?;
        let both: Vec<Figure> = summary.iter().chain(&table).cloned().collect();
        odds.check(&both, true)?;
        let units = odds.summary_units(&summary) + table.len() as u64;
        progress.start(Stage::SessionFigures, units);
        odds.sum_summary(&summary, progress);
        let players = odds.sum_table(predictions, &table, progress);
        progress.finish();
        Ok((odds, players))
    }

    /// The units of progress of the summary: its figures, and the whole distributions of a
    /// short session.
    fn summary_units(&self, figures: &[Figure]) -> u64 {
        let distributions = match self.deals <= FULL_DISTRIBUTION_DEALS {
            true => MainBet::ALL.len(),
            false => 0,
        };
        (distributions + figures.len()) as u64
    }

    /// The deal's categories and the session's settings, checked, without any figure.
    fn setup(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
    ) -> Result<SessionOdds, SessionOddsError> {
        if deals == 0 || deals > MAX_DEALS {
            return Err(SessionOddsError::Deals {
                deals,
                max: MAX_DEALS,
            });
        }
        let deal = Analysis::new(shoe, rules)?;
        let too_large = SessionOddsError::ScoreTooLarge { stake, deals };
        let tariff = &rules.tariff;
        // Every net as a fraction of one common denominator.
        let states = deal.states();
        if let Some(bet) = MainBet::ALL
            .into_iter()
            .find(|&b| !tariff.bet(b).reads_state_only())
        {
            return Err(SessionOddsError::MainBetOnCards { bet: bet.key() });
        }
        let nets =
            |state| MainBet::ALL.map(|bet| tariff.bet(bet).settle_state(state).unwrap_or_default());
        let mut scale: i64 = 1;
        for (state, _) in &states {
            for net in nets(*state) {
                scale = scale
                    .checked_mul(*net.denom() / gcd_i64(scale, *net.denom()))
                    .ok_or_else(|| too_large.clone())?;
            }
        }
        let mut by_units: BTreeMap<[i64; 3], BigUint> = BTreeMap::new();
        for (state, weight) in states {
            let mut units = [0i64; 3];
            for (unit, net) in units.iter_mut().zip(nets(state)) {
                *unit = net
                    .numer()
                    .checked_mul(scale / net.denom())
                    .and_then(|u| u.checked_mul(stake))
                    .ok_or_else(|| too_large.clone())?;
            }
            *by_units.entry(units).or_default() += weight;
        }
        // The weights' common factor comes out of every count over W^n: the counts are
        // summed over the weights divided by it, each n times shorter.
        let common = by_units
            .values()
            .fold(BigUint::zero(), |g, w| gcd(w.clone(), g));
        let categories: Vec<Category> = by_units
            .into_iter()
            .map(|(units, weight)| Category {
                units,
                weight: weight / &common,
            })
            .collect();
        // Every score and every difference of two scores fits, over every deal.
        let widest = categories
            .iter()
            .flat_map(|c| {
                let [a, b, t] = c.units.map(i128::from);
                [a, b, t, a - b, a - t, b - t]
            })
            .map(i128::abs)
            .max()
            .unwrap_or(0);
        if widest * i128::from(deals) > i128::from(i64::MAX) {
            return Err(too_large);
        }
        let total: BigUint = categories.iter().map(|c| &c.weight).sum();
        Ok(SessionOdds {
            deals,
            stake,
            all: total.pow(deals),
            total,
            deal,
            categories,
            scale,
            finals: Vec::new(),
            signs: Vec::new(),
            heads: Vec::new(),
        })
    }

    /// The figures of the summary: each strategy's score against zero, then each pair of
    /// strategies against each other.
    fn summary_figures(&self) -> Vec<Figure> {
        let on = |name: String, value: &dyn Fn(&Category) -> i64| {
            let coefficients: Vec<i64> = self.categories.iter().map(value).collect();
            Figure::new(name, &self.categories, &[coefficients])
        };
        let mut figures = Vec::new();
        for bet in MainBet::ALL {
            let name = format!("the final score of always {}", bet.key());
            figures.push(on(name, &|c| c.units[index(bet)]));
        }
        for (a, b) in PAIRS {
            let name = format!("{} against {}", a.key(), b.key());
            figures.push(on(name, &|c| c.units[index(a)] - c.units[index(b)]));
        }
        figures
    }

    /// The figures of a table: for each distinct prediction, its score against every other
    /// prediction's; the predictions checked.
    fn table_figures(&self, predictions: &[MainBet]) -> Result<Vec<Figure>, SessionOddsError> {
        if predictions.is_empty() {
            return Err(SessionOddsError::NoPlayers);
        }
        if predictions.len() > MAX_PLAYERS {
            return Err(SessionOddsError::TooManyPlayers {
                given: predictions.len(),
                max: MAX_PLAYERS,
            });
        }
        let distinct = distinct(predictions);
        Ok(distinct
            .iter()
            .map(|&x| {
                let coefficients: Vec<Vec<i64>> = distinct
                    .iter()
                    .filter(|&&y| y != x)
                    .map(|&y| {
                        self.categories
                            .iter()
                            .map(|c| c.units[index(x)] - c.units[index(y)])
                            .collect()
                    })
                    .collect();
                let name = format!("the table's first place for {}", x.key());
                Figure::new(name, &self.categories, &coefficients)
            })
            .collect())
    }

    /// Sums the summary's figures (and the whole distributions of a short session).
    /// Each figure and each distribution is one unit of `progress`.
    fn sum_summary(&mut self, figures: &[Figure], progress: &dyn Progress) {
        if self.deals <= FULL_DISTRIBUTION_DEALS {
            self.finals = MainBet::ALL
                .iter()
                .map(|&bet| {
                    let distribution = self.distribution(bet);
                    progress.advance(1);
                    (bet, distribution)
                })
                .collect();
        }
        let three_ways = |figure: &Figure| {
            let three = self.three_ways(figure);
            progress.advance(1);
            three
        };
        let mut figures = figures.iter();
        let signs: Vec<_> = MainBet::ALL
            .into_iter()
            .filter_map(|bet| figures.next().map(|f| (bet, three_ways(f))))
            .collect();
        let heads: Vec<_> = PAIRS
            .into_iter()
            .filter_map(|pair| figures.next().map(|f| (pair, three_ways(f))))
            .collect();
        self.signs.extend(signs);
        self.heads.extend(heads);
    }

    /// A count of sequences over `W^n`, reduced.
    fn probability(&self, count: BigUint) -> BigRational {
        reduced(count, &self.total, self.all.clone())
    }

    /// The two counts of a figure, by its method of least work.
    fn counts(&self, figure: &Figure) -> [BigUint; 2] {
        let (method, _) = cheapest(figure, self.deals, self.bits());
        counts(figure, method, self.deals, &self.all)
    }

    /// The probabilities that a figure's one linear function of the scores ends above, at and
    /// below zero.
    fn three_ways(&self, figure: &Figure) -> [BigRational; 3] {
        let [above, at_least] = self.counts(figure);
        let level = &at_least - &above;
        let below = &self.all - at_least;
        [above, level, below].map(|count| self.probability(count))
    }

    /// A strategy's whole final-score distribution, convolved deal by deal in integer counts.
    fn distribution(&self, bet: MainBet) -> Distribution {
        let mut one: BTreeMap<i64, BigUint> = BTreeMap::new();
        for category in &self.categories {
            *one.entry(category.units[index(bet)]).or_default() += &category.weight;
        }
        let mut counts: BTreeMap<i64, BigUint> = BTreeMap::from([(0, BigUint::one())]);
        for _ in 0..self.deals {
            let mut next: BTreeMap<i64, BigUint> = BTreeMap::new();
            for (score, count) in &counts {
                for (change, weight) in &one {
                    // Checked in `new`: every score fits.
                    *next.entry(score + change).or_default() += count * weight;
                }
            }
            counts = next;
        }
        counts
            .into_iter()
            .map(|(units, count)| (Ratio::new(units, self.scale), self.probability(count)))
            .collect()
    }

    /// A strategy's final-score distribution, for sessions of up to
    /// [`FULL_DISTRIBUTION_DEALS`] deals.
    pub fn final_score(&self, bet: MainBet) -> Option<&Distribution> {
        self.finals.iter().find(|(b, _)| *b == bet).map(|(_, d)| d)
    }

    /// The expected final score of a strategy: the deals times one deal's expected net.
    pub fn expected(&self, bet: MainBet) -> BigRational {
        let sum: BigInt = self
            .categories
            .iter()
            .map(|c| BigInt::from(c.units[index(bet)]) * BigInt::from(c.weight.clone()))
            .sum();
        BigRational::new(
            sum * BigInt::from(self.deals),
            BigInt::from(self.total.clone()) * BigInt::from(self.scale),
        )
    }

    /// The probabilities that a strategy finishes above, at and below zero.
    pub fn signs(&self, bet: MainBet) -> [BigRational; 3] {
        self.signs
            .iter()
            .find(|(b, _)| *b == bet)
            .map(|(_, s)| s.clone())
            .expect("every main bet has its signs")
    }

    /// The probability that a strategy finishes at or above zero.
    pub fn at_least_zero(&self, bet: MainBet) -> BigRational {
        let [above, at, _] = self.signs(bet);
        above + at
    }

    /// Head to head over the same deals: the probabilities that `a` finishes strictly ahead
    /// of, level with, and behind `b`.
    pub fn head_to_head(&self, a: MainBet, b: MainBet) -> [BigRational; 3] {
        for ((x, y), [ahead, level, behind]) in &self.heads {
            if (*x, *y) == (a, b) {
                return [ahead.clone(), level.clone(), behind.clone()];
            }
            if (*y, *x) == (a, b) {
                return [behind.clone(), level.clone(), ahead.clone()];
            }
        }
        // A strategy against itself: always level.
        let [zero, one] = [0, 1].map(|x| BigRational::from_integer(BigInt::from(x)));
        [zero.clone(), one, zero]
    }

    /// A table of participants, each making one fixed prediction on every deal: each one's
    /// probability of finishing first alone and of sharing first place, in the order given.
    /// Participants with the same prediction always have the same score, so they share. The
    /// table's work is checked against [`WORK_BUDGET`] before any sum starts.
    pub fn players(&self, predictions: &[MainBet]) -> Result<Vec<PlayerOdds>, SessionOddsError> {
        let figures = self.table_figures(predictions)?;
        self.check(&figures, false)?;
        Ok(self.sum_table(predictions, &figures, SILENT))
    }

    /// Sums a table's figures, one for each distinct prediction, in the order of
    /// [`MainBet::ALL`]; each figure is one unit of `progress`.
    fn sum_table(
        &self,
        predictions: &[MainBet],
        figures: &[Figure],
        progress: &dyn Progress,
    ) -> Vec<PlayerOdds> {
        // For each distinct prediction: P(its score is above every other's), P(at least).
        let firsts: Vec<(MainBet, BigRational, BigRational)> = distinct(predictions)
            .into_iter()
            .zip(figures)
            .map(|(x, figure)| {
                let [above, top] = self.counts(figure);
                let first = (x, self.probability(above), self.probability(top));
                progress.advance(1);
                first
            })
            .collect();
        predictions
            .iter()
            .map(|&prediction| {
                let (_, above, top) = firsts
                    .iter()
                    .find(|(b, _, _)| *b == prediction)
                    .expect("every prediction is among the distinct ones");
                let alone = predictions.iter().filter(|&&p| p == prediction).count() == 1;
                let (wins_alone, shares_first) = if alone {
                    (above.clone(), top - above)
                } else {
                    (BigRational::zero(), top.clone())
                };
                PlayerOdds {
                    prediction,
                    wins_alone,
                    shares_first,
                }
            })
            .collect()
    }
}

/// The pairs of strategies of the head-to-head figures, in the order of [`MainBet::ALL`].
const PAIRS: [(MainBet, MainBet); 3] = [
    (MainBet::Punto, MainBet::Banco),
    (MainBet::Punto, MainBet::Tie),
    (MainBet::Banco, MainBet::Tie),
];

/// The distinct predictions of a table, in the order of [`MainBet::ALL`].
fn distinct(predictions: &[MainBet]) -> Vec<MainBet> {
    MainBet::ALL
        .into_iter()
        .filter(|b| predictions.contains(b))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::sums::Method;
    use super::sums::{Group, Lattice, compositions, walk, walked};
    use super::work::{scientific, work_of};
    use super::*;

    /// Every figure summed is one unit of progress, announced before the first: the six of
    /// the summary, the three distributions of a short session, one first place per distinct
    /// prediction of a table; and the work finishes once.
    #[test]
    fn each_figure_summed_is_one_unit_of_progress() {
        use crate::progress::counting::Counting;
        let shoe = Shoe::decks(1).unwrap();
        let rules = Rules::reference();
        let table = [MainBet::Punto, MainBet::Banco, MainBet::Banco];
        for (deals, players, units) in [(3, false, 9), (40, false, 6), (3, true, 11)] {
            let counting = Counting::default();
            match players {
                false => {
                    SessionOdds::new_with_progress(&shoe, &rules, deals, 20, &counting).unwrap();
                }
                true => {
                    SessionOdds::with_table_with_progress(
                        &shoe, &rules, deals, 20, &table, &counting,
                    )
                    .unwrap();
                }
            }
            assert_eq!(counting.stages(), [(Stage::SessionFigures, units)]);
            assert_eq!(counting.units(), units, "{deals} deals");
            assert_eq!(counting.finishes(), 1);
        }
    }

    #[test]
    fn a_stake_too_large_for_the_scores_is_an_error() {
        let shoe = Shoe::decks(1).unwrap();
        let err = SessionOdds::new(&shoe, &Rules::reference(), 2, i64::MAX).unwrap_err();
        assert_eq!(
            err,
            SessionOddsError::ScoreTooLarge {
                stake: i64::MAX,
                deals: 2
            }
        );
        // Large, but every score and difference of scores fits.
        assert!(SessionOdds::new(&shoe, &Rules::reference(), 2, 1_000_000_000_000_000).is_ok());
    }

    #[test]
    fn head_to_head_reads_both_ways() {
        let odds = SessionOdds::new(&Shoe::decks(1).unwrap(), &Rules::reference(), 3, 20).unwrap();
        let [ahead, level, behind] = odds.head_to_head(MainBet::Banco, MainBet::Punto);
        assert_eq!(
            odds.head_to_head(MainBet::Punto, MainBet::Banco),
            [behind.clone(), level.clone(), ahead.clone()]
        );
        let one = BigRational::from_integer(BigInt::from(1));
        assert_eq!(ahead + level + behind, one);
        let zero = BigRational::from_integer(BigInt::from(0));
        assert_eq!(
            odds.head_to_head(MainBet::Tie, MainBet::Tie),
            [zero.clone(), one, zero]
        );
    }

    #[test]
    fn no_deal_and_too_many_deals_are_errors() {
        let shoe = Shoe::decks(1).unwrap();
        for deals in [0, MAX_DEALS + 1] {
            assert_eq!(
                SessionOdds::new(&shoe, &Rules::reference(), deals, 20).unwrap_err(),
                SessionOddsError::Deals {
                    deals,
                    max: MAX_DEALS
                }
            );
        }
    }

    /// The reduction by way of the base agrees with the gcd of the two numbers.
    #[test]
    fn reduction_through_the_base_is_the_full_reduction() {
        let base = BigUint::from(2u32 * 2 * 3 * 5 * 7);
        for exponent in [1u32, 3, 7] {
            let denominator = base.pow(exponent);
            for numerator in [1u32, 2, 8, 9, 35, 420, 1024, 3 * 49, 11 * 13] {
                let numerator = BigUint::from(numerator);
                if numerator > denominator {
                    continue;
                }
                let fast = reduced(numerator.clone(), &base, denominator.clone());
                let slow =
                    BigRational::new(BigInt::from(numerator), BigInt::from(denominator.clone()));
                assert_eq!(fast, slow);
                assert_eq!(fast.numer(), slow.numer());
            }
        }
    }

    /// A figure of made-up groups: each with its coefficients and weight.
    fn made_up(conditions: usize, groups: &[(&[i64], u32)]) -> Figure {
        Figure {
            name: String::new(),
            conditions,
            groups: groups
                .iter()
                .map(|(coefficients, weight)| Group {
                    coefficients: coefficients.to_vec(),
                    weight: BigUint::from(*weight),
                })
                .collect(),
        }
    }

    /// Every method counts the same regions as the term-by-term walk, on made-up weights and
    /// conditions: rows for three groups, rows peeled for four and five, and the powers of a
    /// polynomial for one condition, from the bottom and from the top, with zero on the
    /// lattice or off it, every value above zero, every value below, and a single value.
    #[test]
    fn every_method_counts_what_the_walk_counts() {
        let five: [(&[i64], u32); 5] = [
            (&[3, 1], 5),
            (&[-2, 2], 7),
            (&[1, -3], 2),
            (&[0, 1], 3),
            (&[-1, -1], 4),
        ];
        let figures = [
            made_up(2, &[(&[3, -2], 5), (&[-4, 1], 7), (&[1, 0], 2)]),
            made_up(2, &five[..4]),
            made_up(2, &five),
            made_up(1, &[(&[2], 5), (&[-2], 7), (&[-1], 2), (&[0], 3)]),
            // Banco's nets, −20, 0 and +19: from the top, 19 steps a deal against 20.
            made_up(1, &[(&[-20], 5), (&[0], 7), (&[19], 3)]),
            // Tie's, −1, 0 and +8: from the bottom.
            made_up(1, &[(&[-1], 9), (&[8], 1), (&[0], 3)]),
            made_up(1, &[(&[-3], 9), (&[7], 1), (&[2], 3), (&[11], 2)]),
            made_up(1, &[(&[3], 2), (&[5], 1)]),
            made_up(1, &[(&[-3], 2), (&[-6], 1)]),
            made_up(1, &[(&[4], 2)]),
        ];
        let mut used = std::collections::BTreeSet::new();
        for figure in &figures {
            for n in 0..=9 {
                let all = figure
                    .groups
                    .iter()
                    .map(|g| &g.weight)
                    .sum::<BigUint>()
                    .pow(n);
                let expected = walked(&figure.groups, figure.conditions, n);
                for method in Method::ALL {
                    if work_of(method, figure, n, 64).is_none() {
                        continue;
                    }
                    used.insert(format!("{method:?}"));
                    assert_eq!(
                        counts(figure, method, n, &all),
                        expected,
                        "{method:?}, {:?}, n = {n}",
                        figure.groups
                    );
                }
            }
        }
        assert_eq!(used.len(), Method::ALL.len(), "{used:?}");
        // The walk covers every composition once: its terms add up to (Σ weights)^n.
        let groups = &figures[0].groups;
        let mut all = BigUint::zero();
        walk(groups, 9, &mut |_, term| all += term);
        assert_eq!(all, BigUint::from(14u32).pow(9));
        assert_eq!(compositions(9, 3), Some(55));
        assert_eq!(compositions(1000, 4), Some(167_668_501));
        assert_eq!(compositions(10_000, 800), None);
    }

    /// The powers start from the end of the lattice nearer zero, and count only up to it.
    #[test]
    fn the_powers_count_from_the_nearer_end() {
        let banco = made_up(1, &[(&[-20], 5), (&[0], 7), (&[19], 3)]);
        let lattice = Lattice::of(&banco.groups).unwrap();
        assert_eq!((lattice.step, lattice.span), (1, 39));
        // Over 10 deals: −200 to 0 is 201 values from the bottom, 0 to +190 is 191 from the top.
        assert_eq!(lattice.counted_from_each_end(10), (201, 191));
        let above = made_up(1, &[(&[3], 2), (&[5], 1)]);
        assert_eq!(
            Lattice::of(&above.groups)
                .unwrap()
                .counted_from_each_end(10),
            (0, 11)
        );
    }

    /// The reference tariff's longest session, and EZ Baccarat's, fit the budget; the
    /// estimate grows with the deals.
    #[test]
    fn the_longest_sessions_of_the_shipped_tariffs_fit_the_budget() {
        let ez =
            crate::variants::RuleSet::from_json(crate::variants::shipped("ez-baccarat").unwrap())
                .unwrap();
        for rules in [Rules::reference(), ez.rules().clone()] {
            let odds = SessionOdds::setup(&Shoe::reference(), &rules, MAX_DEALS, 20).unwrap();
            let summary = odds.summary_figures();
            let estimate = odds.estimate(&summary, true, MAX_DEALS);
            assert!(estimate.fits(), "{estimate:?}");
            let steps = |n| odds.estimate(&summary, true, n).steps.unwrap();
            assert!(steps(10) < steps(20) && steps(100) < steps(1000));
        }
    }

    /// The message of a refusal reads its figures as people do, never a saturated count.
    #[test]
    fn refusals_are_read_as_people_read_them() {
        assert_eq!(scientific(9_999), "9999");
        assert_eq!(scientific(30_000_000_000), "3 × 10^10");
        assert_eq!(scientific(42_345_000_000_000), "4.2 × 10^13");
        let none = too_much_work(10_000, "punto against tie", 22, None, 1 << 20, 0);
        assert!(none.contains("more than 10^38 word operations"), "{none}");
        assert!(none.ends_with("not even one deal fits"), "{none}");
        let memory = too_much_work(30, "x", 5, Some(10), 3 << 30, 12);
        assert!(
            memory.contains("3072 MiB at once, more than the 1024 MiB allowed"),
            "{memory}"
        );
        assert!(memory.ends_with("use at most 12 deals"), "{memory}");
    }

    #[test]
    fn players_are_read_with_their_positions() {
        assert_eq!(parse_players(" "), Err(PlayersError::Empty));
        assert_eq!(
            parse_players("punto,,tie"),
            Err(PlayersError::EmptyItem { position: 2 })
        );
        assert_eq!(
            parse_players("punto,tie,"),
            Err(PlayersError::EmptyItem { position: 3 })
        );
        assert_eq!(
            parse_players("punto,dragon"),
            Err(PlayersError::Unknown {
                position: 2,
                item: "dragon".into()
            })
        );
        let many = vec!["p"; MAX_PLAYERS + 1].join(",");
        assert_eq!(
            parse_players(&many),
            Err(PlayersError::TooMany {
                given: MAX_PLAYERS + 1,
                max: MAX_PLAYERS
            })
        );
        assert_eq!(parse_players(&many[2..]).unwrap().len(), MAX_PLAYERS);
    }
}
