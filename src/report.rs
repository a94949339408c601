//! The analysis document (schema 1) as a typed report: serde structures laid out from the
//! [`Figures`] that [`Analysis`] derives, with exact values as strings (counts in decimal
//! digits, probabilities and edges as reduced `"n/d"`) and a rounded decimal beside them.
//!
//! Fields are declared in alphabetical order, and maps are keyed by strings, so that the
//! document's keys come out in the order `serde_json` gives a `Value`'s.

use crate::SCHEMA;
use crate::analysis::{Analysis, Exact, Figures, Share};
use crate::outcome::{Hand, Winner};
use crate::rules::Rules;
use crate::shoe::{Shoe, ShoeError};
use serde::Serialize;
use std::collections::BTreeMap;

/// The analysis document.
#[derive(Debug, Clone, Serialize)]
pub struct Report<'a> {
    /// Every bet by key.
    pub bets: BTreeMap<&'a str, BetReport>,
    /// Coups by the number of cards they use, `"4"` to `"6"`.
    pub cards_used: BTreeMap<&'static str, ShareReport>,
    /// Coups in which each hand draws a third card.
    pub draws: HandsReport<ShareReport>,
    /// Every reachable final state with its count of sequences.
    pub final_states: Vec<StateReport>,
    /// Naturals: any, and each hand's natural totals.
    pub naturals: NaturalsReport,
    /// The three outcomes.
    pub outcomes: OutcomesReport,
    /// The rule set's name.
    pub rules: &'a str,
    /// The document's schema version.
    pub schema: u32,
    /// The number of ordered six-card sequences.
    pub sequences: String,
    /// The shoe.
    pub shoe: ShoeReport,
    /// Ties by their total, `"0"` to `"9"`.
    pub ties_by_total: BTreeMap<&'static str, ShareReport>,
}

/// A count and its exact share of all cases.
#[derive(Debug, Clone, Serialize)]
pub struct ShareReport {
    /// The count, in decimal digits.
    pub count: String,
    /// The nearest `f64` of the probability.
    pub decimal: Decimal,
    /// The exact probability, `"n/d"`.
    pub probability: String,
}

/// A rounded decimal, serialised as `serde_json` writes an `f64` (`null` when not finite).
#[derive(Debug, Clone, Copy)]
pub struct Decimal(pub f64);

impl Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_finite() {
            serializer.serialize_f64(self.0)
        } else {
            serializer.serialize_none()
        }
    }
}

/// One figure per hand.
#[derive(Debug, Clone, Serialize)]
pub struct HandsReport<T> {
    /// Banco's.
    pub banco: T,
    /// Punto's.
    pub punto: T,
}

/// The naturals of the document.
#[derive(Debug, Clone, Serialize)]
pub struct NaturalsReport {
    /// Coups with at least one natural.
    pub any: ShareReport,
    /// Banco's naturals by total.
    pub banco: BTreeMap<&'static str, ShareReport>,
    /// Punto's naturals by total.
    pub punto: BTreeMap<&'static str, ShareReport>,
}

/// The three outcomes.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomesReport {
    /// Banco wins.
    pub banco: ShareReport,
    /// Punto wins.
    pub punto: ShareReport,
    /// A tie.
    pub tie: ShareReport,
}

/// One final state and its count.
#[derive(Debug, Clone, Serialize)]
pub struct StateReport {
    /// Banco's cards, 2 or 3.
    pub banco_cards: u8,
    /// Banco's final total.
    pub banco_total: u8,
    /// The number of sequences, in decimal digits.
    pub count: String,
    /// Whether a natural stopped the coup.
    pub natural: bool,
    /// Punto's cards, 2 or 3.
    pub punto_cards: u8,
    /// Punto's final total.
    pub punto_total: u8,
}

/// One bet's figures.
#[derive(Debug, Clone, Serialize)]
pub struct BetReport {
    /// The exact house edge, `"n/d"`.
    pub edge: String,
    /// The house edge in percent, rounded.
    pub edge_percent: Decimal,
    /// The exact expected net per unit staked.
    pub expected_net: String,
    /// Each net result with its probability, lowest net first.
    pub net_distribution: Vec<NetReport>,
}

/// One net result of a bet.
#[derive(Debug, Clone, Serialize)]
pub struct NetReport {
    /// The nearest `f64` of the probability.
    pub decimal: Decimal,
    /// The net per unit staked, `"n/d"`.
    pub net: String,
    /// The exact probability.
    pub probability: String,
}

/// The shoe: its decks when whole, its card count and its rank counts A to K.
#[derive(Debug, Clone, Serialize)]
pub struct ShoeReport {
    /// The number of cards.
    pub cards: u64,
    /// The number of whole decks, when the shoe is whole decks.
    pub decks: Option<u64>,
    /// The count of each rank, A to K.
    pub ranks: [u64; 13],
}

impl ShoeReport {
    /// The report of a shoe.
    pub fn new(shoe: &Shoe) -> ShoeReport {
        ShoeReport {
            cards: shoe.len(),
            decks: shoe.as_whole_decks(),
            ranks: shoe.counts(),
        }
    }
}

/// The keys of the maps by number: a total, or a number of cards.
const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

fn share(share: Share) -> ShareReport {
    let decimal = Decimal(share.probability.decimal());
    ShareReport {
        count: share.count,
        decimal,
        probability: share.probability.into_fraction(),
    }
}

fn by_number(items: impl IntoIterator<Item = (u8, Share)>) -> BTreeMap<&'static str, ShareReport> {
    items
        .into_iter()
        .map(|(k, s)| (DIGITS[usize::from(k)], share(s)))
        .collect()
}

impl<'a> Report<'a> {
    /// The report of an analysis; `rules_id` names its rule set.
    pub fn new(analysis: &'a Analysis, rules_id: &'a str) -> Report<'a> {
        let Figures {
            sequences,
            outcomes,
            natural_any,
            naturals,
            draws,
            cards_used,
            ties_by_total,
            final_states,
            bets,
        } = analysis.figures();
        let bets = analysis
            .rules()
            .tariff
            .all()
            .into_iter()
            .map(|(key, _)| key)
            .zip(bets)
            .map(|(key, bet)| {
                let edge: Exact = bet.expected_net.negated();
                let report = BetReport {
                    edge_percent: Decimal(edge.decimal() * 100.0),
                    edge: edge.into_fraction(),
                    expected_net: bet.expected_net.into_fraction(),
                    net_distribution: bet
                        .net_distribution
                        .into_iter()
                        .map(|(net, p)| NetReport {
                            decimal: Decimal(p.decimal()),
                            net: format!("{}/{}", net.numer(), net.denom()),
                            probability: p.into_fraction(),
                        })
                        .collect(),
                };
                (key, report)
            })
            .collect();
        // Indexed by `Winner as usize` and `Hand as usize`.
        let [punto, banco, tie] = outcomes;
        let [punto_draws, banco_draws] = draws;
        let [punto_naturals, banco_naturals] = naturals;
        debug_assert_eq!((Winner::Punto as usize, Winner::Banco as usize), (0, 1));
        debug_assert_eq!((Hand::Punto as usize, Hand::Banco as usize), (0, 1));
        Report {
            bets,
            cards_used: by_number((4u8..).zip(cards_used)),
            draws: HandsReport {
                banco: share(banco_draws),
                punto: share(punto_draws),
            },
            final_states: final_states
                .into_iter()
                .map(|(s, count)| StateReport {
                    banco_cards: s.banco_cards,
                    banco_total: s.banco_total,
                    count,
                    natural: s.natural,
                    punto_cards: s.punto_cards,
                    punto_total: s.punto_total,
                })
                .collect(),
            naturals: NaturalsReport {
                any: share(natural_any),
                banco: by_number(banco_naturals),
                punto: by_number(punto_naturals),
            },
            outcomes: OutcomesReport {
                banco: share(banco),
                punto: share(punto),
                tie: share(tie),
            },
            rules: rules_id,
            schema: SCHEMA,
            sequences,
            shoe: ShoeReport::new(analysis.shoe()),
            ties_by_total: by_number((0u8..).zip(ties_by_total)),
        }
    }

    /// The report as compact JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report is plain data")
    }

    /// The report as pretty JSON text, as `{:#}` prints a `Value`.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report is plain data")
    }
}

/// The analysis document of a shoe under the rules, as compact JSON text.
pub fn document_json(shoe: &Shoe, rules: &Rules, rules_id: &str) -> Result<String, ShoeError> {
    Ok(Report::new(&Analysis::new(shoe, rules)?, rules_id).to_json())
}
