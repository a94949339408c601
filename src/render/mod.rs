//! Renderings for people (aligned text, Markdown) and for programs (JSON).
//!
//! The only module where floating point appears: exact values are turned into decimals here,
//! for printing, and JSON carries the exact value beside the rounded one.

pub mod analysis;
pub mod audit;
pub mod banque;
pub mod chart;
pub mod check;
pub mod choices;
pub mod condition;
pub mod coup;
pub mod csv;
pub mod decisions;
pub mod depletion;
pub mod lab;
pub mod oracle;
pub mod prose;
pub mod session;
pub mod shuffle;
pub mod table;
pub mod tableau;

use crate::document::{Amount, Decimal, Exact};
use crate::lang::Lang;
use crate::rules::Action;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// The schema version every JSON document carries (defined once, at the crate root).
pub use crate::SCHEMA;

/// Output formats for people and programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Aligned tables for a terminal.
    #[default]
    Text,
    /// GitHub-flavoured Markdown tables.
    Markdown,
    /// One JSON document.
    Json,
}

/// The verb of an action: `draws`/`stands`, `tire`/`reste` (the word table's [`Lang::verb`]).
pub fn verb(action: Action, lang: Lang) -> &'static str {
    lang.verb(action)
}

/// An action's key in JSON output: `draw` or `stand`.
pub fn action_key(action: Action) -> &'static str {
    match action {
        Action::Draw => "draw",
        Action::Stand => "stand",
    }
}

/// A change of an edge in percentage points with its sign: `+0.0188`, `−0.0045`.
pub fn percentage_points(change: &BigRational, lang: Lang, places: usize) -> String {
    let value = approx(change) * 100.0;
    let text = lang.decimal(value.abs(), places);
    if value > 0.0 {
        format!("+{text}")
    } else if value < 0.0 {
        format!("−{text}")
    } else {
        text
    }
}

/// A reduced fraction for people, with a true minus sign: `−39437680/3904998652737`.
pub fn fraction_text(value: &BigRational) -> String {
    fraction(value).replace('-', "−")
}

/// A reduced fraction as `"n/d"`.
pub fn fraction(value: &BigRational) -> String {
    format!("{}/{}", value.numer(), value.denom())
}

/// The nearest `f64`, for printing only.
pub fn approx(value: &BigRational) -> f64 {
    // Where numerator and denominator are exact doubles, one division rounds correctly.
    const EXACT: u64 = 1 << 53;
    let small = |x: &BigInt| x.magnitude().to_u64().filter(|&v| v <= EXACT);
    match (small(value.numer()), small(value.denom())) {
        (Some(n), Some(d)) => {
            let q = n as f64 / d as f64;
            if value.is_negative() { -q } else { q }
        }
        _ => value.to_f64().unwrap_or(f64::NAN),
    }
}

/// A probability or edge for a document: the exact fraction and a rounded decimal beside it.
pub fn exact(value: &BigRational) -> Exact {
    Exact {
        decimal: Decimal(approx(value)),
        exact: fraction(value),
    }
}

/// A signed amount for people: `+19`, `−20`, `0`, `+9.5` (`+9,5` in French); uses the true
/// minus sign.
pub fn signed_amount(value: &BigRational, lang: Lang) -> String {
    let magnitude = if value.is_integer() {
        value.numer().abs().to_string()
    } else {
        let text = format!("{:.4}", approx(&value.abs()));
        let trimmed = text.trim_end_matches('0').trim_end_matches('.');
        lang.pick(trimmed, &trimmed.replace('.', ",")).to_string()
    };
    if value.is_zero() {
        "0".to_string()
    } else if value.is_positive() {
        format!("+{magnitude}")
    } else {
        format!("−{magnitude}")
    }
}

/// An amount for a document: an integer when whole, else the decimal (stakes times tariff
/// ratios always have terminating decimals, so the number is exact).
pub fn amount(value: &BigRational) -> Amount {
    match value.is_integer().then(|| value.numer().to_i64()).flatten() {
        Some(whole) => Amount::Whole(whole),
        None => Amount::Fraction(approx(value)),
    }
}
