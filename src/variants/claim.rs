//! Claims: the figures a source states about a table (an edge, a probability, a count), read
//! at the precision they were written at, and the exact values they are checked against.

use crate::analysis::Analysis;
use crate::rules::Condition;
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};

/// A figure a source states, to be checked against the exact value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// What the figure is about.
    pub target: ClaimTarget,
    /// The figure as the source states it.
    pub stated: Stated,
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
    let bet = |key: &str| {
        analysis
            .rules()
            .tariff
            .all()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, terms)| terms)
    };
    match &claim.target {
        ClaimTarget::Edge(key) => Some(analysis.edge_of(&bet(key)?)),
        ClaimTarget::WinProbability(key) => Some(
            analysis
                .net_distribution(&bet(key)?)
                .into_iter()
                .filter(|(net, _)| *net > Ratio::from_integer(0))
                .map(|(_, p)| p)
                .sum(),
        ),
        ClaimTarget::Count(event) => Some(BigRational::from_integer(BigInt::from(
            analysis.count_where(|s| event.holds(s)),
        ))),
        ClaimTarget::Probability(event) => Some(analysis.probability_where(|s| event.holds(s))),
        ClaimTarget::Sequences => Some(BigRational::from_integer(BigInt::from(BigUint::clone(
            analysis.sequences(),
        )))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
