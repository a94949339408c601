//! The analysis document (schema 1) as a typed report: serde structures laid out from the
//! [`Figures`] that [`Analysis`] derives, with exact values as strings (counts in decimal
//! digits, probabilities and edges as reduced `"n/d"`) and a rounded decimal beside them.
//!
//! Fields are declared in alphabetical order, and maps are keyed by strings, so that the
//! document's keys come out in the order `serde_json` gives a `Value`'s.

use crate::SCHEMA;
use crate::analysis::{Analysis, Exact, Figures, Share, event};
use crate::outcome::{FinalState, Hand, Winner};
use crate::rules::Rules;
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Int;
use serde::Serialize;
use std::collections::BTreeMap;

pub mod csv;

/// The analysis document.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
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
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ShareReport {
    /// The count, in decimal digits.
    pub count: String,
    /// The nearest `f64` of the probability.
    pub decimal: Decimal,
    /// The exact probability, `"n/d"`.
    pub probability: String,
}

/// A rounded decimal, serialised as `serde_json` writes an `f64` (`null` when not finite).
#[derive(Debug, Clone, Copy, PartialEq)]
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
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct HandsReport<T> {
    /// Banco's.
    pub banco: T,
    /// Punto's.
    pub punto: T,
}

/// The naturals of the document.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct NaturalsReport {
    /// Coups with at least one natural.
    pub any: ShareReport,
    /// Banco's naturals by total.
    pub banco: BTreeMap<&'static str, ShareReport>,
    /// Punto's naturals by total.
    pub punto: BTreeMap<&'static str, ShareReport>,
}

/// The three outcomes.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct OutcomesReport {
    /// Banco wins.
    pub banco: ShareReport,
    /// Punto wins.
    pub punto: ShareReport,
    /// A tie.
    pub tie: ShareReport,
}

/// One final state and its count.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
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
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
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
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct NetReport {
    /// The nearest `f64` of the probability.
    pub decimal: Decimal,
    /// The net per unit staked, `"n/d"`.
    pub net: String,
    /// The exact probability.
    pub probability: String,
}

/// The shoe: its decks when whole, its card count, its rank counts A to K and, for a
/// card-level shoe, the counts of its 52 cards.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ShoeReport {
    /// The count of each card, rank-major (A♠ A♥ A♦ A♣ 2♠ … K♣), when the shoe is
    /// card-level (some rank's suits are not even); absent from the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_counts: Option<Vec<u64>>,
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
        let card_counts = shoe
            .is_card_level()
            .then(|| shoe.card_counts().ok())
            .flatten()
            .map(|cards| cards.to_vec());
        ShoeReport {
            card_counts,
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
        Report::new_with_progress(analysis, rules_id, crate::progress::SILENT)
    }

    /// [`Report::new`], reporting each bet priced to `progress`.
    pub fn new_with_progress(
        analysis: &'a Analysis,
        rules_id: &'a str,
        progress: &dyn crate::progress::Progress,
    ) -> Report<'a> {
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
        } = analysis.figures_with_progress(progress);
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

/// A top-level part of the analysis document, named by its key: what a batch's field list
/// (`analyze --fields`) selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// `bets`: every bet's edge, expected net and distribution of nets.
    Bets,
    /// `cards_used`: coups by the number of cards they use.
    CardsUsed,
    /// `draws`: coups in which each hand draws.
    Draws,
    /// `final_states`: every reachable final state with its count.
    FinalStates,
    /// `naturals`: any natural, and each hand's natural totals.
    Naturals,
    /// `outcomes`: Punto, Banco and Tie.
    Outcomes,
    /// `rules`: the rule set's name.
    Rules,
    /// `schema`: the document's schema version.
    Schema,
    /// `sequences`: the number of ordered six-card sequences.
    Sequences,
    /// `shoe`: the shoe analysed.
    Shoe,
    /// `ties_by_total`: ties by their total.
    TiesByTotal,
}

impl Part {
    /// Every part, in the document's order (its keys sorted).
    pub const ALL: [Part; 11] = [
        Part::Bets,
        Part::CardsUsed,
        Part::Draws,
        Part::FinalStates,
        Part::Naturals,
        Part::Outcomes,
        Part::Rules,
        Part::Schema,
        Part::Sequences,
        Part::Shoe,
        Part::TiesByTotal,
    ];

    /// The part's key in the document.
    ///
    /// ```
    /// use punto_banco::report::Part;
    /// assert_eq!(Part::TiesByTotal.key(), "ties_by_total");
    /// assert_eq!(Part::from_key("ties_by_total"), Some(Part::TiesByTotal));
    /// ```
    pub fn key(self) -> &'static str {
        match self {
            Part::Bets => "bets",
            Part::CardsUsed => "cards_used",
            Part::Draws => "draws",
            Part::FinalStates => "final_states",
            Part::Naturals => "naturals",
            Part::Outcomes => "outcomes",
            Part::Rules => "rules",
            Part::Schema => "schema",
            Part::Sequences => "sequences",
            Part::Shoe => "shoe",
            Part::TiesByTotal => "ties_by_total",
        }
    }

    /// The part with this key, if the document has one.
    pub fn from_key(key: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|part| part.key() == key)
    }
}

/// Parts of one analysis document, each computed on its own when asked for, equal to the
/// same part of [`Report::new`] byte for byte once serialised.
///
/// The counted parts (outcomes, draws, cards used, ties, naturals) are summed from the tally
/// in 128-bit integers and reduced in 64 bits where they fit, to the same unique fraction and
/// nearest double as the whole report's; bets and final states, and every part of a shoe
/// whose counts need more than 128 bits, are taken from the whole report, built once on first
/// need. `tests/it/batch.rs` holds every part to the whole report's, byte for byte.
pub struct Parts<'a> {
    analysis: &'a Analysis,
    rules_id: &'a str,
    /// The number of sequences, when every count of the shoe fits 128 bits.
    total: Option<u128>,
    /// The whole report, once a part needed it.
    report: Option<Report<'a>>,
}

impl<'a> Parts<'a> {
    /// The parts of the analysis's document; `rules_id` names its rule set.
    pub fn new(analysis: &'a Analysis, rules_id: &'a str) -> Parts<'a> {
        use num_traits::ToPrimitive;
        // Every count is at most the total: when it fits 128 bits, they all do. The reduced
        // fraction is unique and its nearest double too, whatever integer type found them.
        let total = analysis.sequences().to_u128();
        Parts {
            analysis,
            rules_id,
            total,
            report: None,
        }
    }

    fn report(&mut self) -> &Report<'a> {
        let (analysis, rules_id) = (self.analysis, self.rules_id);
        self.report
            .get_or_insert_with(|| Report::new(analysis, rules_id))
    }

    /// The count of the states for which `keep` holds, over the total.
    fn share_where(&self, total: u128, keep: impl Fn(FinalState) -> bool) -> ShareReport {
        share_of(self.count_u128(keep), total)
    }

    /// The `outcomes` part.
    pub fn outcomes(&mut self) -> OutcomesReport {
        let Some(total) = self.total else {
            return self.report().outcomes.clone();
        };
        // One pass over the tally.
        let [punto, banco, tie] = self.analysis.winner_counts().map(|count| {
            use num_traits::ToPrimitive;
            count
                .to_u128()
                .expect("a count is below the total, which fits")
        });
        OutcomesReport {
            banco: share_of(banco, total),
            punto: share_of(punto, total),
            tie: share_of(tie, total),
        }
    }

    /// The count of the states for which `keep` holds; only called when the total fits.
    fn count_u128(&self, keep: impl Fn(FinalState) -> bool) -> u128 {
        use num_traits::ToPrimitive;
        self.analysis
            .count_where(keep)
            .to_u128()
            .expect("a count is below the total, which fits")
    }

    /// The `draws` part.
    pub fn draws(&mut self) -> HandsReport<ShareReport> {
        let Some(total) = self.total else {
            return self.report().draws.clone();
        };
        HandsReport {
            banco: self.share_where(total, event::draws(Hand::Banco)),
            punto: self.share_where(total, event::draws(Hand::Punto)),
        }
    }

    /// The `cards_used` part.
    pub fn cards_used(&mut self) -> BTreeMap<&'static str, ShareReport> {
        let Some(total) = self.total else {
            return self.report().cards_used.clone();
        };
        (4u8..=6)
            .map(|n| {
                let share = self.share_where(total, event::cards_used(n));
                (DIGITS[usize::from(n)], share)
            })
            .collect()
    }

    /// The `ties_by_total` part.
    pub fn ties_by_total(&mut self) -> BTreeMap<&'static str, ShareReport> {
        let Some(total) = self.total else {
            return self.report().ties_by_total.clone();
        };
        (0u8..10)
            .map(|t| {
                let share = self.share_where(total, event::tie_on(t));
                (DIGITS[usize::from(t)], share)
            })
            .collect()
    }

    /// The `naturals` part.
    pub fn naturals(&mut self) -> NaturalsReport {
        let Some(total) = self.total else {
            return self.report().naturals.clone();
        };
        let drawing = &self.analysis.rules().drawing;
        let by_total = |hand: Hand| {
            (0u8..10)
                .filter(|&t| drawing.is_natural(t))
                .map(|t| {
                    let share = self.share_where(total, event::natural_with(hand, t));
                    (DIGITS[usize::from(t)], share)
                })
                .collect()
        };
        NaturalsReport {
            any: self.share_where(total, event::natural),
            banco: by_total(Hand::Banco),
            punto: by_total(Hand::Punto),
        }
    }

    /// The `sequences` part.
    pub fn sequences(&self) -> String {
        self.analysis.sequences().to_string()
    }

    /// The `shoe` part.
    pub fn shoe(&self) -> ShoeReport {
        ShoeReport::new(self.analysis.shoe())
    }

    /// The `rules` part.
    pub fn rules(&self) -> &'a str {
        self.rules_id
    }

    /// The `bets` part.
    pub fn bets(&mut self) -> &BTreeMap<&'a str, BetReport> {
        &self.report().bets
    }

    /// The `final_states` part.
    pub fn final_states(&mut self) -> &[StateReport] {
        &self.report().final_states
    }

    /// The `selected` parts, and the `schema` always, keyed and ordered as in the document
    /// (keys sorted); `line`, a batch line's number, comes under the key `line`, in its
    /// sorted place.
    pub fn select(&mut self, selected: &[Part], line: Option<usize>) -> Selected<'a> {
        let mut entries = Vec::with_capacity(selected.len() + 2);
        for part in Part::ALL {
            // "line" sorts between "final_states" and "naturals".
            if let (Part::Naturals, Some(number)) = (part, line) {
                entries.push(("line", PartValue::Number(number as u64)));
            }
            if part == Part::Schema || selected.contains(&part) {
                entries.push((part.key(), self.value(part)));
            }
        }
        Selected(entries)
    }

    /// One part's value.
    fn value(&mut self, part: Part) -> PartValue<'a> {
        match part {
            Part::Bets => PartValue::Bets(self.bets().clone()),
            Part::CardsUsed => PartValue::ByNumber(self.cards_used()),
            Part::Draws => PartValue::Hands(self.draws()),
            Part::FinalStates => PartValue::States(self.final_states().to_vec()),
            Part::Naturals => PartValue::Naturals(self.naturals()),
            Part::Outcomes => PartValue::Outcomes(self.outcomes()),
            Part::Rules => PartValue::Name(self.rules_id),
            Part::Schema => PartValue::Number(u64::from(SCHEMA)),
            Part::Sequences => PartValue::Digits(self.sequences()),
            Part::Shoe => PartValue::Shoe(self.shoe()),
            Part::TiesByTotal => PartValue::ByNumber(self.ties_by_total()),
        }
    }
}

/// Some parts of a document, as [`Parts::select`] chose them; serialised as a JSON object.
#[derive(Debug, Clone)]
pub struct Selected<'a>(Vec<(&'static str, PartValue<'a>)>);

impl Selected<'_> {
    /// As compact JSON text, as [`Report::to_json`] writes.
    pub fn to_json(&self) -> String {
        // Room for the outcomes' object at once (about 400 bytes), not grown twice.
        let mut out = Vec::with_capacity(512);
        serde_json::to_writer(&mut out, self).expect("a report is plain data");
        String::from_utf8(out).expect("JSON is text")
    }

    /// As pretty JSON text, as [`Report::to_json_pretty`] writes.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report is plain data")
    }
}

impl Serialize for Selected<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The value of one part, typed as in [`Report`].
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
enum PartValue<'a> {
    Bets(BTreeMap<&'a str, BetReport>),
    ByNumber(BTreeMap<&'static str, ShareReport>),
    Hands(HandsReport<ShareReport>),
    States(Vec<StateReport>),
    Naturals(NaturalsReport),
    Outcomes(OutcomesReport),
    Name(&'a str),
    Number(u64),
    Digits(String),
    Shoe(ShoeReport),
}

/// A count's share of `total`: the reduced `"n/d"` and the nearest `f64`, the same as the
/// whole report's ([`Int::over`]), computed in `u64` when both fit (eight decks do: the
/// batch's common case), where a division is several times cheaper than in `u128`.
fn share_of(count: u128, total: u128) -> ShareReport {
    // The reduced fraction is unique, and within 2⁵³ the quotient of two exact doubles is
    // the nearest double: the same as `Int::over`'s, which takes this path too.
    const EXACT: u64 = 1 << 53;
    if let (Ok(count), Ok(total)) = (u64::try_from(count), u64::try_from(total)) {
        let g = crate::tally::gcd_u64(count, total);
        // A zero gcd (both zero) cannot divide: the general path says `0/0`.
        if let (Some(n), Some(d)) = (count.checked_div(g), total.checked_div(g))
            && n <= EXACT
            && d <= EXACT
        {
            let mut probability = String::with_capacity(40);
            use std::fmt::Write;
            write!(probability, "{n}/{d}").expect("a String takes any text");
            return ShareReport {
                count: count.to_string(),
                decimal: Decimal(n as f64 / d as f64),
                probability,
            };
        }
    }
    let (probability, decimal) = Int::over(&count, &total);
    ShareReport {
        count: count.to_string(),
        decimal: Decimal(decimal),
        probability,
    }
}
