//! The file's claims: each a figure about a bet, an event or the shoe, read at the precision
//! it was written at.

use super::bets::ConditionRaw;
use super::{Described, Object, one_line_text, shown};
use crate::variants::claim::{Claim, ClaimTarget, FigureError, MAX_FIGURE_DIGITS, Stated};
use serde::Deserialize;
use serde::de::{self, Deserializer};

fn claim_source_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "claims: source").map(Some)
}

fn claim_bet_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "claims: bet").map(Some)
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
    let stated = Stated::parse(&text).map_err(|e| {
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
    fn try_from(Object(raw): Object<ClaimRaw>) -> Result<ClaimSpec, String> {
        let claim = match raw {
            ClaimRaw {
                bet: Some(bet),
                event: None,
                edge: Some(e),
                win_probability: None,
                probability: None,
                count: None,
                sequences: None,
                ..
            } => Claim {
                target: ClaimTarget::Edge(bet),
                stated: e,
            },
            ClaimRaw {
                bet: Some(bet),
                event: None,
                edge: None,
                win_probability: Some(p),
                probability: None,
                count: None,
                sequences: None,
                ..
            } => Claim {
                target: ClaimTarget::WinProbability(bet),
                stated: p,
            },
            ClaimRaw {
                bet: None,
                event: Some(event),
                edge: None,
                win_probability: None,
                probability: Some(p),
                count: None,
                sequences: None,
                ..
            } => Claim {
                target: ClaimTarget::Probability(
                    event
                        .0
                        .build(false)
                        .map_err(|e| format!("claims: event: {e}"))?,
                ),
                stated: p,
            },
            ClaimRaw {
                bet: None,
                event: Some(event),
                edge: None,
                win_probability: None,
                probability: None,
                count: Some(c),
                sequences: None,
                ..
            } => {
                let stated = c;
                Claim {
                    target: ClaimTarget::Count(
                        event
                            .0
                            .build(false)
                            .map_err(|e| format!("claims: event: {e}"))?,
                    ),
                    stated,
                }
            }
            ClaimRaw {
                bet: None,
                event: None,
                edge: None,
                win_probability: None,
                probability: None,
                count: None,
                sequences: Some(s),
                ..
            } => Claim {
                target: ClaimTarget::Sequences,
                stated: s,
            },
            _ => {
                return Err("claims: a claim is one of {\"bet\", \"edge\"}, {\"bet\", \"win_probability\"}, {\"event\", \"probability\"}, {\"event\", \"count\"} or {\"sequences\"}".into());
            }
        };
        Ok(ClaimSpec(claim))
    }
}
