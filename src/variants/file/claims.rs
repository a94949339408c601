//! The file's claims: each a figure about a bet, an event or the shoe, read at the precision
//! it was written at.

use super::bets::ConditionRaw;
use super::{Described, Object, one_line_text, shown};
use crate::variants::claim::{Claim, ClaimTarget, FigureError, MAX_FIGURE_DIGITS, Over, Stated};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::fmt;

fn claim_source_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "claims: source").map(Some)
}

fn claim_bet_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "claims: bet").map(Some)
}

fn published_wrong_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let why = one_line_text(d, "claims: published_wrong").map_err(|e: D::Error| {
        if e.to_string().starts_with("invalid type") {
            de::Error::custom(
                "claims: published_wrong is not a string: expected a line of text saying why the published figure is wrong",
            )
        } else {
            e
        }
    })?;
    if why.trim().is_empty() {
        return Err(de::Error::custom(
            "claims: published_wrong is empty: say why the published figure is wrong",
        ));
    }
    Ok(Some(why))
}

/// The most pay lines a claim may name, and the highest line number: far more than any
/// bet has.
const MAX_LINE: u64 = 1000;

/// Reads `"line"`: a pay line's number from 1, or a list of them.
fn line_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<usize>>, D::Error> {
    struct Lines;
    const EXPECTED: &str = "a pay line's number from 1 to 1000, or a list of them";
    fn number<E: de::Error>(value: i128) -> Result<usize, E> {
        if (1..=i128::from(MAX_LINE)).contains(&value) {
            Ok(value as usize)
        } else {
            Err(E::custom(format!(
                "claims: line is `{value}`: expected {EXPECTED}"
            )))
        }
    }
    impl<'de> Visitor<'de> for Lines {
        type Value = Vec<usize>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(EXPECTED)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Vec<usize>, E> {
            Ok(vec![number(i128::from(v))?])
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Vec<usize>, E> {
            Ok(vec![number(i128::from(v))?])
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<usize>, A::Error> {
            let mut lines = Vec::new();
            while let Some(v) = seq.next_element::<i64>()? {
                let line = number(i128::from(v))?;
                if lines.contains(&line) {
                    return Err(de::Error::custom(format!(
                        "claims: line {line} is given twice: each line may appear once"
                    )));
                }
                if lines.len() as u64 >= MAX_LINE {
                    return Err(de::Error::custom(format!(
                        "claims: more than {MAX_LINE} lines: expected {EXPECTED}"
                    )));
                }
                lines.push(line);
            }
            if lines.is_empty() {
                return Err(de::Error::custom(format!(
                    "claims: line is an empty list: expected {EXPECTED}"
                )));
            }
            Ok(lines)
        }
    }
    d.deserialize_any(Lines).map(Some)
}

/// Reads `"significant_digits"`: how many of a figure's significant digits are checked.
fn significant_digits_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let n = u64::deserialize(d).map_err(|_: D::Error| {
        de::Error::custom(format!(
            "claims: significant_digits is not a whole number: expected a whole number from 1 to {MAX_FIGURE_DIGITS}"
        ))
    })?;
    if !(1..=MAX_FIGURE_DIGITS as u64).contains(&n) {
        return Err(de::Error::custom(format!(
            "claims: significant_digits is `{n}`: expected a whole number from 1 to {MAX_FIGURE_DIGITS}"
        )));
    }
    Ok(Some(n as u32))
}

/// The figure checked at its first `digits` significant digits only: for a figure printed
/// from a floating-point computation with more digits than the computation holds (a double
/// summed over many terms keeps about 15). Refused for a whole number, which is exact, and for
/// more digits than the figure has.
fn to_significant(mut stated: Stated, digits: u32) -> Result<Stated, String> {
    let Some(decimals) = stated.decimals else {
        return Err(format!(
            "claims: significant_digits is given for `{}`, a whole number, which is checked exactly",
            shown(&stated.text)
        ));
    };
    let number: String = stated
        .text
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | ','))
        .collect();
    // The decimal separator is the point, or a single comma when there is no point.
    let separator = if number.contains('.') { '.' } else { ',' };
    let (whole, fraction) = number.split_once(separator).unwrap_or((&number, ""));
    let whole: String = whole.chars().filter(char::is_ascii_digit).collect();
    let whole = whole.trim_start_matches('0');
    // Decimal places of the figure's last significant digit checked.
    let places = if whole.is_empty() {
        let zeros = fraction.chars().take_while(|&c| c == '0').count() as u32;
        i64::from(zeros) + i64::from(digits)
    } else {
        i64::from(digits) - whole.len() as i64
    };
    if places > i64::from(decimals) || places < 0 {
        return Err(format!(
            "claims: significant_digits is {digits}, but `{}` is written with fewer significant digits (or more before the point)",
            shown(&stated.text)
        ));
    }
    stated.decimals = Some(places as u32);
    Ok(stated)
}

/// Reads `"over"`: the deals a count is over.
fn over_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Over>, D::Error> {
    let text = String::deserialize(d)?;
    let keys: Vec<&str> = Over::ALL.iter().map(|o| o.key()).collect();
    Over::ALL
        .into_iter()
        .find(|o| o.key() == text)
        .map(Some)
        .ok_or_else(|| {
            de::Error::custom(format!(
                "claims: over is `{}`: expected {}",
                shown(&text),
                keys.join(", ")
            ))
        })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimRaw {
    #[serde(default, deserialize_with = "claim_bet_field")]
    bet: Option<String>,
    #[serde(default)]
    event: Option<Object<ConditionRaw>>,
    #[serde(default, deserialize_with = "edge_figure")]
    edge: Option<Stated>,
    #[serde(default, deserialize_with = "win_probability_figure")]
    win_probability: Option<Stated>,
    #[serde(default, deserialize_with = "probability_figure")]
    probability: Option<Stated>,
    #[serde(default, deserialize_with = "count_figure")]
    count: Option<Stated>,
    #[serde(default, deserialize_with = "sequences_figure")]
    sequences: Option<Stated>,
    #[serde(default, deserialize_with = "line_field")]
    line: Option<Vec<usize>>,
    #[serde(default, deserialize_with = "over_field")]
    over: Option<Over>,
    #[serde(default, deserialize_with = "published_wrong_field")]
    published_wrong: Option<String>,
    #[serde(default, deserialize_with = "significant_digits_field")]
    significant_digits: Option<u32>,
    /// Free text for people: where the figure is published.
    #[serde(default, deserialize_with = "claim_source_field")]
    #[allow(dead_code)]
    source: Option<String>,
}

/// Reads a claim's figure, refused where it stands with the claim's field and the figure as
/// written.
fn figure<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &str,
) -> Result<Option<Stated>, D::Error> {
    let text = String::deserialize(deserializer)?;
    // A figure too long to repeat whole is named by its start.
    let short = match text.char_indices().nth(24) {
        Some((at, _)) => format!("{}…", shown(&text[..at])),
        None => shown(&text),
    };
    let parse = if matches!(field, "count" | "sequences") {
        Stated::parse_count
    } else {
        Stated::parse
    };
    let stated = parse(&text).map_err(|e| {
        de::Error::custom(match e {
            FigureError::NotAFigure => format!(
                "claims: {field} `{short}` is not a figure: expected digits with at most one decimal point, such as \"1.0579%\", \"0.022534\" or \"112,633,011,329,024\" (commas between groups of three), or a single decimal comma, \"1,0579%\""
            ),
            FigureError::TooManyDigits(n) => format!(
                "claims: {field} `{short}` has {n} digits before the decimal point: at most {MAX_FIGURE_DIGITS} are accepted"
            ),
            FigureError::TooManyDecimals(n) => format!(
                "claims: {field} `{short}` has {n} decimals: at most {MAX_FIGURE_DIGITS} are accepted"
            ),
        })
    })?;
    if field == "count" && stated.decimals.is_some() {
        return Err(de::Error::custom(format!(
            "claims: count `{short}` must be a whole number"
        )));
    }
    Ok(Some(stated))
}

fn edge_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "edge")
}

fn win_probability_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "win_probability")
}

fn probability_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "probability")
}

fn count_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "count")
}

fn sequences_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "sequences")
}

impl Described for ClaimRaw {
    const WHAT: &'static str =
        "a claim {\"bet\": …, \"edge\": …}, {\"event\": …, \"probability\": …} or the like";
}

#[derive(Deserialize)]
#[serde(try_from = "Object<ClaimRaw>")]
pub(super) struct ClaimSpec(pub(super) Claim);

impl TryFrom<Object<ClaimRaw>> for ClaimSpec {
    type Error = String;
    fn try_from(Object(mut raw): Object<ClaimRaw>) -> Result<ClaimSpec, String> {
        let raw_wrong = raw.published_wrong.take();
        let raw_digits = raw.significant_digits.take();
        const SHAPES: &str = "claims: a claim is one of {\"bet\", \"edge\"}, {\"bet\", \"win_probability\"}, {\"bet\", \"line\", \"probability\"}, {\"bet\", \"line\", \"count\"} (with \"over\"), {\"event\", \"probability\"}, {\"event\", \"count\"} or {\"sequences\"}";
        let event = |event: Object<super::bets::ConditionRaw>| {
            event
                .0
                .build(false)
                .map_err(|e| format!("claims: event: {e}"))
        };
        if raw.over.is_some() && (raw.line.is_none() || raw.count.is_none()) {
            return Err(
                "claims: over names the deals a count is over: give it with \"bet\", \"line\" and \"count\"".into(),
            );
        }
        let figures = [
            raw.edge.is_some(),
            raw.win_probability.is_some(),
            raw.probability.is_some(),
            raw.count.is_some(),
            raw.sequences.is_some(),
        ];
        if figures.iter().filter(|&&f| f).count() != 1 {
            return Err(SHAPES.into());
        }
        let (target, stated) = match raw {
            ClaimRaw {
                bet: Some(bet),
                event: None,
                line: None,
                edge: Some(e),
                ..
            } => (ClaimTarget::Edge(bet), e),
            ClaimRaw {
                bet: Some(bet),
                event: None,
                line: None,
                win_probability: Some(p),
                ..
            } => (ClaimTarget::WinProbability(bet), p),
            ClaimRaw {
                bet: Some(bet),
                event: None,
                line: Some(lines),
                probability: Some(p),
                ..
            } => (ClaimTarget::LineProbability { bet, lines }, p),
            ClaimRaw {
                bet: Some(bet),
                event: None,
                line: Some(lines),
                count: Some(c),
                over,
                ..
            } => (
                ClaimTarget::LineCount {
                    bet,
                    lines,
                    over: over.unwrap_or(Over::Sequences),
                },
                c,
            ),
            ClaimRaw {
                bet: None,
                event: Some(e),
                line: None,
                probability: Some(p),
                ..
            } => (ClaimTarget::Probability(event(e)?), p),
            ClaimRaw {
                bet: None,
                event: Some(e),
                line: None,
                count: Some(c),
                ..
            } => (ClaimTarget::Count(event(e)?), c),
            ClaimRaw {
                bet: None,
                event: None,
                line: None,
                sequences: Some(s),
                ..
            } => (ClaimTarget::Sequences, s),
            _ => return Err(SHAPES.into()),
        };
        let stated = match raw_digits {
            Some(digits) => to_significant(stated, digits)?,
            None => stated,
        };
        Ok(ClaimSpec(Claim {
            target,
            stated,
            published_wrong: raw_wrong,
        }))
    }
}
