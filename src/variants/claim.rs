//! Claims: the figures a source states about a table (an edge, a probability, a count), read
//! at the precision they were written at, and the exact values they are checked against.
//!
//! A claim may record a figure its source publishes wrongly: it keeps the published figure and
//! says why it is wrong ([`Claim::published_wrong`]), and the checker then expects it to be
//! false.

use crate::analysis::Analysis;
use crate::rules::{Bet, Condition, PayLine};
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};

/// A figure a source states, to be checked against the exact value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// What the figure is about.
    pub target: ClaimTarget,
    /// The figure as the source states it.
    pub stated: Stated,
    /// Why the published figure is wrong, when it is recorded as published although it is:
    /// the checker then expects the claim to be false.
    pub published_wrong: Option<String>,
}

impl Claim {
    /// A claim of a figure, not marked wrong.
    pub fn new(target: ClaimTarget, stated: Stated) -> Claim {
        Claim {
            target,
            stated,
            published_wrong: None,
        }
    }

    /// The bet the claim is about, when it names one.
    pub fn bet(&self) -> Option<&str> {
        match &self.target {
            ClaimTarget::Edge(bet)
            | ClaimTarget::WinProbability(bet)
            | ClaimTarget::LineProbability { bet, .. }
            | ClaimTarget::LineCount { bet, .. } => Some(bet),
            ClaimTarget::Count(_) | ClaimTarget::Probability(_) | ClaimTarget::Sequences => None,
        }
    }
}

/// What a claim is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimTarget {
    /// The house edge of a bet (by key), as a percentage.
    Edge(String),
    /// The probability that a bet wins (nets more than zero).
    WinProbability(String),
    /// The number of ordered six-card sequences in which an event happens.
    Count(Condition),
    /// The probability of an event.
    Probability(Condition),
    /// The total number of ordered six-card sequences of the shoe.
    Sequences,
    /// The probability that a bet is settled by one of these pay lines (numbered from 1 as
    /// the file lists them; a pair bet has one line, its pair).
    LineProbability {
        /// The bet's key.
        bet: String,
        /// The pay lines, numbered from 1.
        lines: Vec<usize>,
    },
    /// The number of deals in which a bet is settled by one of these pay lines, counted over
    /// the deals a source counts: the probability times their number.
    LineCount {
        /// The bet's key.
        bet: String,
        /// The pay lines, numbered from 1.
        lines: Vec<usize>,
        /// The deals counted.
        over: Over,
    },
}

/// The deals a published count is over. A probability is the same whichever a source
/// counts; a count is the probability times the number of deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Over {
    /// Ordered six-card sequences, N·(N−1)·…·(N−5): the project's convention.
    Sequences,
    /// Unordered sets of the four opening cards, C(N, 4): for bets on the opening cards
    /// taken together (Wizard of Odds' Lucky Nines, Jackpot Baccarat).
    Openings,
    /// Unordered hands: each hand's first two cards unordered, C(N, 2)·C(N−2, 2) (Wizard of
    /// Odds' Perfect Pairs).
    Hands,
    /// Unordered pairs of cards, C(N, 2): for bets on one hand's first two cards (Wizard of
    /// Odds' Perfect 9 Bonus).
    TwoCards,
}

impl Over {
    /// Every kind of deal, in the order the file format lists them.
    pub const ALL: [Over; 4] = [Over::Sequences, Over::Openings, Over::Hands, Over::TwoCards];

    /// The word a rule file writes: `sequences`, `openings`, `hands`, `two_cards`.
    pub fn key(self) -> &'static str {
        match self {
            Over::Sequences => "sequences",
            Over::Openings => "openings",
            Over::Hands => "hands",
            Over::TwoCards => "two_cards",
        }
    }

    /// The number of such deals from a shoe of `n` cards.
    pub fn deals(self, n: u64) -> BigUint {
        let falling = |k: u64| {
            (0..k).fold(BigUint::from(1u32), |p, i| {
                p * BigUint::from(n.saturating_sub(i))
            })
        };
        match self {
            Over::Sequences => falling(6),
            Over::Openings => falling(4) / BigUint::from(24u32),
            Over::Hands => falling(4) / BigUint::from(4u32),
            Over::TwoCards => falling(2) / BigUint::from(2u32),
        }
    }
}

/// A stated figure and the precision it was stated at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stated {
    /// The figure as written, such as `1.0579%` or `112,633,011,329,024`.
    pub(crate) text: String,
    /// Its value (a percentage is divided by 100).
    pub(crate) value: BigRational,
    /// Digits after the decimal point as written; `None` for a whole number, which must match exactly.
    pub(crate) decimals: Option<u32>,
    /// Whether it was written as a percentage.
    pub(crate) percent: bool,
}

impl Stated {
    /// The figure as written, such as `1.0579%` or `112,633,011,329,024`.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Its value (a percentage is divided by 100).
    pub fn value(&self) -> &BigRational {
        &self.value
    }

    /// Digits after the decimal point as written; `None` for a whole number.
    pub fn decimals(&self) -> Option<u32> {
        self.decimals
    }

    /// Whether it was written as a percentage.
    pub fn percent(&self) -> bool {
        self.percent
    }

    /// Whether the exact value rounds to the stated figure at the stated precision: within half a
    /// unit of its last digit, or equal for a whole number.
    pub fn holds(&self, exact: &BigRational) -> bool {
        match self.decimals {
            None => exact == &self.value,
            Some(decimals) => {
                let scale = if self.percent { 100 } else { 1 };
                let unit = BigRational::new(
                    BigInt::from(1),
                    BigInt::from(10u32).pow(decimals) * BigInt::from(scale),
                );
                let gap = exact - &self.value;
                let gap = if gap < BigRational::from_integer(BigInt::from(0)) {
                    -gap
                } else {
                    gap
                };
                gap * BigRational::from_integer(BigInt::from(2)) <= unit
            }
        }
    }

    /// Reads `1.0579%`, `0.022534`, `-2.5%`, `112,633,011,329,024` or, with a decimal comma
    /// as the French texts write figures, `1,0579%`, with at most [`MAX_FIGURE_DIGITS`] digits
    /// on either side of the decimal separator.
    ///
    /// A figure is read strictly, so that it is never read as another: digits, at most one
    /// decimal point, commas only between groups of three digits before it, or a single comma
    /// as the decimal separator when there is no point (`1,057` is 1.057); nothing else.
    pub fn parse(text: &str) -> Result<Stated, FigureError> {
        let trimmed = text.trim();
        let (number, percent) = match trimmed.strip_suffix('%') {
            Some(n) => (n.trim(), true),
            None => (trimmed, false),
        };
        let (negative, digits) = match number.strip_prefix(['-', '−']) {
            Some(rest) => (true, rest),
            None => (false, number),
        };
        let (whole, fraction) = split_figure(digits).ok_or(FigureError::NotAFigure)?;
        if whole.len() > MAX_FIGURE_DIGITS {
            return Err(FigureError::TooManyDigits(whole.len()));
        }
        if fraction.len() > MAX_FIGURE_DIGITS {
            return Err(FigureError::TooManyDecimals(fraction.len()));
        }
        let numerator: BigInt = format!("{whole}{fraction}")
            .parse()
            .map_err(|_| FigureError::NotAFigure)?;
        let mut denominator = BigInt::from(10u32).pow(fraction.len() as u32);
        if percent {
            denominator *= 100;
        }
        let value = BigRational::new(if negative { -numerator } else { numerator }, denominator);
        let decimals = (!fraction.is_empty() || percent).then_some(fraction.len() as u32);
        Ok(Stated {
            text: trimmed.to_string(),
            value,
            decimals,
            percent,
        })
    }
}

impl Stated {
    /// Reads a count, a whole number: as [`Stated::parse`], except that a single comma
    /// between groups of three digits groups them (`1,024` is 1024), as a count has no
    /// decimals to take it for.
    pub fn parse_count(text: &str) -> Result<Stated, FigureError> {
        let trimmed = text.trim();
        let grouped = trimmed.matches(',').count() == 1
            && !trimmed.contains('.')
            && split_figure(&format!("{trimmed}.0")).is_some();
        if !grouped {
            return Stated::parse(text);
        }
        let mut stated = Stated::parse(&trimmed.replace(',', ""))?;
        stated.text = trimmed.to_string();
        Ok(stated)
    }
}

/// Splits a figure's digits (without sign or percent sign) into its whole part, without
/// group commas, and its decimals (empty for none); `None` when it is not written as a figure.
fn split_figure(text: &str) -> Option<(String, String)> {
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        // One comma and no point: a decimal comma, as in the French texts' `1,0579 %`.
        None if text.matches(',').count() == 1 => {
            let (w, f) = text.split_once(',')?;
            (all_digits(w) && all_digits(f)).then_some(())?;
            return Some((w.to_string(), f.to_string()));
        }
        None => (text, None),
    };
    if fraction.is_some_and(|f| !all_digits(f)) {
        return None;
    }
    // Commas in the whole part group its digits by three: `112,633,011,329,024`.
    let mut groups = whole.split(',');
    let first = groups.next()?;
    let grouped = whole.contains(',');
    if !all_digits(first) || (grouped && first.len() > 3) {
        return None;
    }
    let mut digits = first.to_string();
    for group in groups {
        if group.len() != 3 || !all_digits(group) {
            return None;
        }
        digits.push_str(group);
    }
    Some((digits, fraction.unwrap_or("").to_string()))
}

/// The most digits a stated figure may have before its decimal point, and the most after it:
/// far more than any figure needs (a count of eight-deck sequences has 22 digits, an exact
/// edge is told apart from its neighbours long before 100 decimals), few enough that reading
/// and printing stay quick.
pub const MAX_FIGURE_DIGITS: usize = 100;

/// A stated figure that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FigureError {
    /// Not a number as figures are written.
    #[error(
        "not a figure: expected digits with at most one decimal point, such as \"1.0579%\", \"0.022534\" or \"112,633,011,329,024\" (commas between groups of three), or a single decimal comma, \"1,0579%\""
    )]
    NotAFigure,
    /// More than [`MAX_FIGURE_DIGITS`] digits before the decimal point.
    #[error("{0} digits before the decimal point: at most {MAX_FIGURE_DIGITS} are accepted")]
    TooManyDigits(usize),
    /// More than [`MAX_FIGURE_DIGITS`] digits after the decimal point.
    #[error("{0} decimals: at most {MAX_FIGURE_DIGITS} are accepted")]
    TooManyDecimals(usize),
}

/// The exact value a claim is about, for a shoe and rules; `None` for a bet the rules lack.
pub fn claimed_value(claim: &Claim, analysis: &Analysis) -> Option<BigRational> {
    Claim::values(std::slice::from_ref(claim), analysis)
        .pop()
        .flatten()
}

impl Claim {
    /// The exact value of each claim, as [`claimed_value`] gives it, settling each bet the
    /// claims name once however many claims name it.
    pub fn values(claims: &[Claim], analysis: &Analysis) -> Vec<Option<BigRational>> {
        let mut settled: std::collections::HashMap<String, Option<ByLine>> =
            std::collections::HashMap::new();
        let mut by_line = |key: &str| -> Option<ByLine> {
            settled
                .entry(key.to_string())
                .or_insert_with(|| {
                    let terms = analysis
                        .rules()
                        .tariff
                        .all()
                        .into_iter()
                        .find(|(k, _)| *k == key)
                        .map(|(_, terms)| terms)?;
                    Some(ByLine::of(terms, analysis))
                })
                .clone()
        };
        let whole = |n: BigUint| BigRational::from_integer(BigInt::from(n));
        claims
            .iter()
            .map(|claim| match &claim.target {
                ClaimTarget::Edge(key) => by_line(key).map(|b| b.edge()),
                ClaimTarget::WinProbability(key) => by_line(key).map(|b| b.win_probability()),
                ClaimTarget::Count(event) => Some(whole(analysis.count_where(|s| event.holds(s)))),
                ClaimTarget::Probability(event) => {
                    Some(analysis.probability_where(|s| event.holds(s)))
                }
                ClaimTarget::Sequences => Some(whole(analysis.sequences().clone())),
                ClaimTarget::LineProbability { bet, lines } => by_line(bet)?.lines(lines),
                ClaimTarget::LineCount { bet, lines, over } => {
                    let deals = whole(over.deals(analysis.shoe().len()));
                    by_line(bet)?.lines(lines).map(|p| p * deals)
                }
            })
            .collect()
    }
}

/// A bet settled line by line: the net each pay line pays and the probability that each
/// line settles the bet.
#[derive(Clone)]
struct ByLine {
    /// The net of each line, in order.
    nets: Vec<Ratio<i64>>,
    /// The probability that no line holds (the stake is lost), then that each line is the
    /// first to hold.
    probabilities: Vec<BigRational>,
}

impl ByLine {
    /// One computation of the bet with its lines in order, line `i` (from 1) netting `i`: the
    /// line that settles the bet is its net, and no line nets −1.
    fn of(bet: &Bet, analysis: &Analysis) -> ByLine {
        let nets: Vec<Ratio<i64>> = bet.lines.iter().map(|l| l.net).collect();
        let marked = Bet {
            lines: (bet.lines.iter().enumerate())
                .map(|(i, line)| PayLine {
                    when: line.when.clone(),
                    net: Ratio::from_integer(i as i64 + 1),
                })
                .collect(),
        };
        let zero = BigRational::from_integer(BigInt::from(0));
        let mut probabilities = vec![zero; nets.len() + 1];
        for (net, p) in analysis.net_distribution(&marked) {
            let index = if net < Ratio::from_integer(0) {
                0
            } else {
                net.to_integer() as usize
            };
            probabilities[index] += p;
        }
        ByLine {
            nets,
            probabilities,
        }
    }

    /// The probability that one of these lines (numbered from 1) settles the bet; `None`
    /// when the bet has no such line.
    fn lines(&self, lines: &[usize]) -> Option<BigRational> {
        lines
            .iter()
            .map(|&l| {
                (1..self.probabilities.len())
                    .contains(&l)
                    .then(|| self.probabilities[l].clone())
            })
            .sum()
    }

    /// The house edge: the exact loss per unit staked.
    fn edge(&self) -> BigRational {
        let lost = self.probabilities[0].clone();
        let won: BigRational = self
            .nets
            .iter()
            .zip(&self.probabilities[1..])
            .map(|(net, p)| {
                BigRational::new(BigInt::from(*net.numer()), BigInt::from(*net.denom())) * p
            })
            .sum();
        lost - won
    }

    /// The probability that the bet nets more than zero.
    fn win_probability(&self) -> BigRational {
        self.nets
            .iter()
            .zip(&self.probabilities[1..])
            .filter(|(net, _)| **net > Ratio::from_integer(0))
            .map(|(_, p)| p.clone())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number of deals of each kind a published count may be over, on eight decks: C(416,
    /// 4) = 1,229,930,520 openings (Wizard of Odds, Lucky Nines and Jackpot Baccarat), 416·415·
    /// 414·413/4 = 7,379,583,120 hands (Wizard of Odds, Perfect Pairs), C(416, 2) = 86,320 pairs
    /// of cards (Wizard of Odds, Perfect 9 Bonus), and the sequences of appendix 1.
    #[test]
    fn deals_of_each_kind() {
        let deals = |over: Over| Over::deals(over, 416).to_string();
        assert_eq!(deals(Over::Openings), "1229930520");
        assert_eq!(deals(Over::Hands), "7379583120");
        assert_eq!(deals(Over::TwoCards), "86320");
        assert_eq!(deals(Over::Sequences), "4998398275503360");
        assert_eq!(Over::deals(Over::Openings, 3).to_string(), "0");
    }

    #[test]
    fn stated_precision() {
        let edge = Stated::parse("1.0579%").unwrap();
        assert_eq!(edge.decimals, Some(4));
        assert!(edge.holds(&BigRational::new(
            BigInt::from(105785),
            BigInt::from(10_000_000)
        )));
        assert!(!edge.holds(&BigRational::new(
            BigInt::from(105784),
            BigInt::from(10_000_000)
        )));
        let count = Stated::parse("112,633,011,329,024").unwrap();
        assert_eq!(count.decimals, None);
        assert!(count.holds(&BigRational::from_integer(BigInt::from(
            112_633_011_329_024u64
        ))));
        assert_eq!(Stated::parse("1.2.3"), Err(FigureError::NotAFigure));
        assert_eq!(Stated::parse(""), Err(FigureError::NotAFigure));
        let long = format!("0.{}", "1".repeat(MAX_FIGURE_DIGITS));
        assert_eq!(Stated::parse(&long).unwrap().decimals, Some(100));
        let longer = format!("{long}1%");
        assert_eq!(
            Stated::parse(&longer),
            Err(FigureError::TooManyDecimals(101))
        );
        let small = Stated::parse_count("1,024").unwrap();
        assert_eq!((small.decimals, small.text()), (None, "1,024"));
        assert_eq!(small.value, BigRational::from_integer(BigInt::from(1024)));
        assert_eq!(Stated::parse_count("1,0245").unwrap().decimals, Some(4));
        assert_eq!(
            Stated::parse_count("12,34,567"),
            Err(FigureError::NotAFigure)
        );
        let huge = "9".repeat(MAX_FIGURE_DIGITS + 1);
        assert_eq!(Stated::parse(&huge), Err(FigureError::TooManyDigits(101)));
    }

    /// A figure is read strictly: a French decimal comma is a decimal separator, not a group
    /// comma (`1,0579%` was once read as 10,579%), and stray separators are refused.
    #[test]
    fn figures_are_read_strictly() {
        let comma = Stated::parse("1,0579%").unwrap();
        assert_eq!(
            comma,
            Stated::parse("1.0579%").unwrap().with_text("1,0579%")
        );
        assert_eq!(Stated::parse("1,0579 %").unwrap().decimals, Some(4));
        assert_eq!(
            Stated::parse("0,5").unwrap().value,
            BigRational::new(BigInt::from(1), BigInt::from(2))
        );
        assert_eq!(
            Stated::parse("4,998,398,275,503,360").unwrap().value,
            BigRational::from_integer(BigInt::from(4_998_398_275_503_360u64))
        );
        assert_eq!(
            Stated::parse("1,234.5").unwrap().value,
            BigRational::new(BigInt::from(2469), BigInt::from(2))
        );
        for bad in [
            "1,,0579%",
            "1_.0579%",
            "1_000",
            "1,0,5",
            "12,34,567",
            "1234,567,890",
            "1,234,5",
            "1.2,3",
            "1,234.5.6",
            ",5",
            "5,",
            ".5",
            "5.",
            "1 000",
            "+1",
            "1e3",
            "--1",
            "1%%",
        ] {
            assert_eq!(Stated::parse(bad), Err(FigureError::NotAFigure), "{bad}");
        }
    }

    impl Stated {
        fn with_text(mut self, text: &str) -> Stated {
            self.text = text.to_string();
            self
        }
    }
}
