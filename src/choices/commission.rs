//! A commission as people write it: `5%`, `2.5%`, `0.05`, `1/20`, read exactly.
//!
//! The value is the share of Banco's winnings the house takes, a fraction from 0 up to, not
//! including, 1. A percentage is read digit by digit into an exact fraction (no floating
//! point: `2.5%` is 1/40), and the length of what is read is bounded so that every value fits
//! the game's `Ratio<i64>`.

use num_rational::Ratio;

/// The most characters a commission may have: more than any real one, few enough that its
/// numerator and denominator fit in 64 bits.
pub const MAX_LEN: usize = 16;

/// A commission that cannot be read, or is not a share of Banco's winnings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommissionError {
    /// Not a percentage, a decimal or a fraction.
    #[error(
        "`{0}` is not a commission; accepted: a percentage such as 5% or 2.5%, a decimal such as 0.05, or a fraction such as 1/20"
    )]
    Unreadable(String),
    /// Longer than [`MAX_LEN`] characters.
    #[error(
        "a commission of {0} characters is too long (at most {MAX_LEN}); write it as 5% or 1/20"
    )]
    TooLong(usize),
    /// Read, but 100% or more of the winnings.
    #[error(
        "a commission of {0} is not a share of Banco's winnings: give one from 0% up to, not including, 100%"
    )]
    OutOfRange(String),
}

/// Reads a commission: `P%` (P a whole or decimal number, a space allowed before `%`), a
/// decimal or whole number without `%` (a share: `0.05`, `0`), or a fraction `n/d`.
///
/// ```
/// use num_rational::Ratio;
/// use punto_banco::choices::commission::parse_commission;
/// assert_eq!(parse_commission("5%").unwrap(), Ratio::new(1, 20));
/// assert_eq!(parse_commission("2.5 %").unwrap(), Ratio::new(1, 40));
/// assert_eq!(parse_commission("1/20").unwrap(), Ratio::new(1, 20));
/// assert!(parse_commission("100%").is_err());
/// ```
pub fn parse_commission(text: &str) -> Result<Ratio<i64>, CommissionError> {
    let length = text.chars().count();
    if length > MAX_LEN {
        return Err(CommissionError::TooLong(length));
    }
    let value = read_fraction(text).ok_or_else(|| CommissionError::Unreadable(text.to_string()))?;
    if value >= Ratio::from_integer(1) {
        return Err(CommissionError::OutOfRange(text.trim().to_string()));
    }
    Ok(value)
}

/// Reads a non-negative number as people write a share: `P%` (P a whole or decimal number, a
/// space allowed before `%`), a decimal or whole number (`0.05`, `0`), or a fraction `n/d`,
/// exactly; `None` when the text is none of these or does not fit 64 bits. The one reader of
/// shares: the commission here, and Baccarat Banque's share of Banco's exposure.
pub(crate) fn read_fraction(text: &str) -> Option<Ratio<i64>> {
    let trimmed = text.trim();
    if let Some(number) = trimmed.strip_suffix('%') {
        Some(decimal(number.trim_end())? / 100)
    } else if let Some((numerator, denominator)) = trimmed.split_once('/') {
        let numerator = whole(numerator)?;
        let denominator = whole(denominator)?;
        if denominator == 0 {
            return None;
        }
        Some(Ratio::new(numerator, denominator))
    } else {
        decimal(trimmed)
    }
}

/// Plain ASCII digits, at least one.
fn whole(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Digits with at most one decimal point (`2.5`, `.5`, `5.`), exactly.
fn decimal(text: &str) -> Option<Ratio<i64>> {
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    if integer.is_empty() && fraction.is_empty() {
        return None;
    }
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if !digits(integer) || !digits(fraction) {
        return None;
    }
    let scale = 10i64.checked_pow(u32::try_from(fraction.len()).ok()?)?;
    let integer = if integer.is_empty() {
        0
    } else {
        whole(integer)?
    };
    let fraction = if fraction.is_empty() {
        0
    } else {
        whole(fraction)?
    };
    let numerator = integer.checked_mul(scale)?.checked_add(fraction)?;
    Some(Ratio::new(numerator, scale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_decimals_and_fractions_are_exact() {
        for (text, (n, d)) in [
            ("5%", (1, 20)),
            ("0%", (0, 1)),
            ("0", (0, 1)),
            ("2.5%", (1, 40)),
            ("1.25 %", (1, 80)),
            (" 5% ", (1, 20)),
            (".05", (1, 20)),
            ("0.05", (1, 20)),
            ("1/20", (1, 20)),
            ("99.99%", (9999, 10000)),
        ] {
            assert_eq!(parse_commission(text), Ok(Ratio::new(n, d)), "{text}");
        }
    }

    #[test]
    fn what_is_not_a_share_is_refused_with_what_is_accepted() {
        for text in [
            "", "%", "-5%", "5%%", "five", "1/0", "1/-2", "0x5", "5e-2", "1.2.3", ".",
        ] {
            let error = parse_commission(text).unwrap_err();
            assert!(
                matches!(error, CommissionError::Unreadable(_)),
                "{text}: {error}"
            );
            assert!(error.to_string().contains("accepted"), "{text}");
        }
        for text in ["100%", "1", "3/2", "150 %"] {
            assert!(
                matches!(parse_commission(text), Err(CommissionError::OutOfRange(_))),
                "{text}"
            );
        }
        assert_eq!(
            parse_commission("0.0000000000000001"),
            Err(CommissionError::TooLong(18))
        );
        assert!(matches!(
            parse_commission("9999999999999999"),
            Err(CommissionError::OutOfRange(_))
        ));
        assert_eq!(
            parse_commission(&"9".repeat(10_000)),
            Err(CommissionError::TooLong(10_000))
        );
    }
}
