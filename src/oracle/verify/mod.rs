//! Verifying an engine's log, coup by coup.
//!
//! A log is JSON lines. A coup line gives the cards in the order dealt (Punto, Banco, Punto,
//! Banco, then third cards) and what the engine claims: at least the winner, optionally the
//! final totals, which hands drew, whether a natural stopped the coup, and the net paid on
//! each bet. A line `{"shoe": {"decks": 8}}` says a new shoe begins: from then on the cards
//! of each coup are taken out of it, so a card dealt more often than the shoe holds it is
//! reported. The library reads lines handed to it; the caller does the reading.
//!
//! A line whose cards read but whose claims do not (a winner `Banco`, a total of 18, a net
//! `"abc"`) is malformed and skipped, yet its cards were dealt: they still leave the shoe.
//! The verifier's state is the stated shoe's counts and the summary's: it does not grow
//! with the log.
//!
//! An engine written in Rust need not write JSON: [`Verifier::coup`] takes the cards and the
//! engine's [`Claims`] as values. A line is read into the same claims and verified by the same
//! code, so the two entries find the same discrepancies. The findings are values; the
//! sentences that explain them, in English or French, are the presentation layer's
//! (`render::oracle::finding_sentence`).
//!
//! [`read_log`] is the whole reading of a log: it reads lines within a length limit, verifies
//! each, and hands every discrepancy, then the summary, to a [`Sink`] as it goes (the
//! presentation layer's report implements it, as ripgrep's printer implements its searcher's
//! sink), so that memory stays flat whatever the log's length.

mod compare;
mod follow;
mod line;
mod shoe;

pub(crate) use compare::dealt;
use compare::{compare, extra_cards, opened};
pub use follow::{Follower, LineStop, read_log_following};
use line::{Cards, LineSeed, LogLine, malformed, malformed_json};
pub use line::{Claims, Net};
pub(crate) use line::{NET_DIGITS, NET_FORMS, parse_net};
use shoe::{Held, ShoeState};

use super::{Object, raw_scalar};
use crate::card::Card;
use crate::coup::{Decision, Role};
use crate::input::json;
use crate::input::shoe::ShoeFields;
use crate::outcome::{Hand, Winner};
use crate::rules::dealing::Procedure;
use crate::rules::{Bet, Rules};
use num_rational::BigRational;
use serde::de::DeserializeSeed;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::io::{self, BufRead};

/// The kinds of discrepancy, in the order they are looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The line is not a coup or shoe line: bad JSON, a bad card, a bad field.
    Malformed,
    /// A card dealt more often than the stated shoe holds it.
    ImpossibleCard,
    /// A shoe log that does not follow its order or the dealing procedure.
    Dealing,
    /// Too few or too many cards for the coup, or a hand that drew against the rules.
    Draw,
    /// A natural claimed where there is none, or missed.
    Natural,
    /// A final total.
    Total,
    /// The winner.
    Winner,
    /// A net paid on a bet.
    Net,
    /// A road a coup line states (`verify --roads`).
    Road,
}

impl Kind {
    /// The kind's key in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Malformed => "malformed",
            Kind::ImpossibleCard => "impossible_card",
            Kind::Dealing => "dealing",
            Kind::Draw => "draw",
            Kind::Natural => "natural",
            Kind::Total => "total",
            Kind::Winner => "winner",
            Kind::Net => "net",
            Kind::Road => "road",
        }
    }
}

/// What was found wrong on one line.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// Not a valid line; `column` is 1-based where known.
    Malformed {
        /// The 1-based column where the line stops making sense, when known.
        column: Option<usize>,
        /// What is wrong and what is accepted, for people.
        message: String,
    },
    /// The shoe log does not follow the dealing procedure or its own order: a wrong burn, a
    /// coup that did not take the next cards, a coup after the shoe ended, a shoe ended early.
    /// (Kept among the findings of [`Kind::Dealing`].)
    Dealing(DealingFinding),
    /// An exact card dealt more often than a shoe of whole decks holds it.
    ImpossibleCard {
        /// The card.
        card: Card,
        /// How many times it has been dealt since the shoe line, this time included.
        times: u64,
        /// How many of it the shoe holds.
        held: u64,
        /// The shoe line's number.
        shoe_line: usize,
    },
    /// A card of a rank dealt more often than a shoe given by rank counts holds the rank:
    /// the `times`-th card of its rank, where the shoe held `held`.
    ImpossibleRank {
        /// The card.
        card: Card,
        /// How many cards of its rank have been dealt since the shoe line, this one included.
        times: u64,
        /// How many cards of the rank the shoe holds.
        held: u64,
        /// The shoe line's number.
        shoe_line: usize,
    },
    /// The log stops before the coup is finished: the card for `role` is missing, as
    /// `decision` called for it (none while the opening is incomplete).
    TooFewCards {
        /// The number of cards the log gives.
        given: usize,
        /// The place of the first missing card.
        role: Role,
        /// The rules' decision that calls for it, once the opening is complete.
        decision: Option<Decision>,
    },
    /// The log deals cards the rules do not: `hand` drew against `decision` (when it can be told).
    ExtraCards {
        /// The number of cards the log gives.
        given: usize,
        /// The number of cards the coup uses.
        needed: usize,
        /// The hand that drew against the rules, when it can be told.
        hand: Option<Hand>,
        /// The rules' decision the extra card goes against.
        decision: Decision,
    },
    /// The engine says a hand drew (or stood) against the rules.
    WrongDraw {
        /// The hand.
        hand: Hand,
        /// Whether the engine says it drew.
        engine_draws: bool,
        /// The rules' decision for the hand.
        decision: Decision,
    },
    /// The engine's natural flag is wrong.
    WrongNatural {
        /// Whether the engine says a natural stopped the coup.
        engine: bool,
    },
    /// A final total is wrong.
    WrongTotal {
        /// The hand.
        hand: Hand,
        /// The total the engine gives.
        engine: u8,
        /// The total the cards make.
        rules: u8,
    },
    /// The winner is wrong.
    WrongWinner {
        /// The winner the engine gives.
        engine: Winner,
        /// The winner under the rules.
        rules: Winner,
    },
    /// A net paid is wrong, or names a bet the rules lack; `engine` is the net as logged.
    WrongNet {
        /// The bet's key.
        bet: String,
        /// The engine's net, as logged (as the value shows it, from the typed entry).
        engine: String,
        /// The rules' net at the coup's stake, or `None` for a bet the rules lack.
        rules: Option<BigRational>,
    },
    /// A road the line states disagrees with the reference, at its first disagreeing entry.
    Road {
        /// The shoe's number in the log, from 1.
        shoe: usize,
        /// The road, its entry, both values and the rule that decides it.
        disagreement: Box<crate::roads::rule::RoadDisagreement>,
    },
}

impl Finding {
    /// The kind, for the summary.
    pub fn kind(&self) -> Kind {
        match self {
            Finding::Malformed { .. } => Kind::Malformed,
            Finding::ImpossibleCard { .. } | Finding::ImpossibleRank { .. } => Kind::ImpossibleCard,
            Finding::Dealing(_) => Kind::Dealing,
            Finding::TooFewCards { .. }
            | Finding::ExtraCards { .. }
            | Finding::WrongDraw { .. } => Kind::Draw,
            Finding::WrongNatural { .. } => Kind::Natural,
            Finding::WrongTotal { .. } => Kind::Total,
            Finding::WrongWinner { .. } => Kind::Winner,
            Finding::WrongNet { .. } => Kind::Net,
            Finding::Road { .. } => Kind::Road,
        }
    }
}

/// What a shoe log got wrong in its dealing (see [`Finding::Dealing`]). A shoe's number is
/// the line of its shoe line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealingFinding {
    /// The shoe line's `order` is not the stated shoe: `card` appears `in_order` times where
    /// the shoe holds `held` (by rank for a shoe of rank counts).
    OrderNotShoe {
        /// The first card (of the first rank, for rank counts) whose count differs.
        card: Card,
        /// How often the order holds it.
        in_order: u64,
        /// How often the shoe holds it.
        held: u64,
    },
    /// The burn is not the first cards of the order: at `position` (from 1) the burn has
    /// `burned` where the order has `order` (`None` past the order's end).
    BurnNotOrder {
        /// The 1-based position in the burn.
        position: usize,
        /// The card the burn gives there.
        burned: Card,
        /// The card the order gives there.
        order: Option<Card>,
    },
    /// The burn does not follow the procedure: the first card (if any) calls for `expected`
    /// cards burned, the turned card included, and the log burns `given`.
    WrongBurn {
        /// The first card turned, when the burn has one.
        first: Option<Card>,
        /// The cards the log burns.
        given: usize,
        /// The cards the procedure burns.
        expected: u64,
    },
    /// A coup did not take the next cards of the order: its card at `position` (from 1) is
    /// `card` where the order has `expected` (`None` past its end).
    CoupNotNext {
        /// The 1-based position in the coup.
        position: usize,
        /// The card the coup has.
        card: Card,
        /// The next card of the order.
        expected: Option<Card>,
        /// The shoe's line.
        shoe_line: usize,
    },
    /// A coup begun after the shoe had ended: the cut card was out and the coups after it
    /// dealt, after `coups` coups.
    CoupAfterEnd {
        /// The coups the shoe had dealt when it ended.
        coups: u64,
        /// The cards left then.
        remaining: u64,
        /// The shoe's line.
        shoe_line: usize,
    },
    /// A shoe ended (at the next shoe line, or at the end of a log whose shoe states its
    /// order) while the procedure still called for a coup.
    EndedEarly {
        /// The coups it dealt.
        coups: u64,
        /// The cards left.
        remaining: u64,
        /// Whether the cut card was out (then coups after it were missing).
        cut_out: bool,
        /// The shoe's line.
        shoe_line: usize,
    },
}

/// One discrepancy: the line it is on and the first thing found wrong there.
#[derive(Debug, Clone, PartialEq)]
pub struct Discrepancy {
    /// The 1-based line (or coup) number.
    pub line: usize,
    /// What was found wrong.
    pub finding: Finding,
}

/// The counts of a verification.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Well-formed coup lines read.
    pub(crate) coups: usize,
    /// Coups that agree with the rules in everything they claim.
    pub(crate) agreeing: usize,
    /// Coups that disagree, by the kind of their first discrepancy.
    pub(crate) disagreeing: BTreeMap<Kind, usize>,
    /// Lines that could not be read as a coup or a shoe (skipped).
    pub(crate) malformed: usize,
    /// Shoe lines read.
    pub(crate) shoes: usize,
    /// Shoe lines (and the end of the log) with a finding of their own: a shoe log's burn,
    /// order or end.
    pub(crate) shoes_disagreeing: usize,
    /// The line too long at which the reading stopped, if it did: the lines after it were not read.
    pub(crate) stopped: Option<usize>,
}

/// What a verification concludes, which picks the command's exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// At least one coup was read, every coup agrees and every line was read (exit 0).
    Agree,
    /// Some coup disagrees, or some line is malformed beside readable coups (exit 1).
    Disagree,
    /// No line could be read as a coup: an empty log, or only blank, shoe or malformed
    /// lines (exit 2: the input is not a log to verify).
    NoCoup,
}

impl Verdict {
    /// The verdict's key in JSON output: `agree`, `disagree` or `no_coup`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Disagree => "disagree",
            Verdict::NoCoup => "no_coup",
        }
    }
}

impl Summary {
    /// Well-formed coup lines (or coups given as values) read: the agreeing and the
    /// disagreeing together.
    pub fn coups(&self) -> usize {
        self.coups
    }

    /// Coups that agree with the rules in everything they claim.
    pub fn agreeing(&self) -> usize {
        self.agreeing
    }

    /// Coups that disagree, by the kind of their first discrepancy.
    pub fn disagreeing(&self) -> &BTreeMap<Kind, usize> {
        &self.disagreeing
    }

    /// Lines that could not be read as a coup or a shoe (skipped).
    pub fn malformed(&self) -> usize {
        self.malformed
    }

    /// Shoe lines read.
    pub fn shoes(&self) -> usize {
        self.shoes
    }

    /// Shoe lines (and the end of the log) with a dealing finding of their own.
    pub fn shoes_disagreeing(&self) -> usize {
        self.shoes_disagreeing
    }

    /// The line too long at which the reading stopped, if it did.
    pub fn stopped(&self) -> Option<usize> {
        self.stopped
    }

    /// The number of coups that disagree.
    pub fn disagreeing_total(&self) -> usize {
        self.disagreeing.values().sum()
    }

    /// Whether at least one coup was read, every coup agrees and every line was read.
    pub fn all_agree(&self) -> bool {
        self.verdict() == Verdict::Agree
    }

    /// The verdict's key in JSON output: [`Verdict::key`], or `stopped` when the reading
    /// stopped at a line too long (exit 2: the log was not read whole, whatever the lines
    /// before it say).
    pub fn verdict_key(&self) -> &'static str {
        match self.stopped {
            Some(_) => "stopped",
            None => self.verdict().key(),
        }
    }

    /// Agreement, disagreement, or no coup read at all (a log whose reading stopped at a line
    /// too long, see [`Summary::stopped()`], is not read whole and never agrees).
    pub fn verdict(&self) -> Verdict {
        if self.coups == 0 {
            Verdict::NoCoup
        } else if self.disagreeing_total() > 0 || self.malformed > 0 || self.shoes_disagreeing > 0 {
            Verdict::Disagree
        } else {
            Verdict::Agree
        }
    }
}
/// Verifies a log line by line against a rule set.
pub struct Verifier<'r> {
    rules: &'r Rules,
    /// The dealing procedure shoe logs are held to, when given.
    dealing: Option<Procedure>,
    /// Every bet of the rules by key, looked up once.
    bets: Vec<(String, Bet)>,
    shoe: Option<ShoeState>,
    summary: Summary,
    /// What the last line read was, for the readers that follow a log's coups.
    seen: Option<Seen>,
    /// Why the last coup's cards are not a coup the rules deal, whatever its claims.
    undealt: Option<Finding>,
}

/// What the last line a [`Verifier`] read was, for readers that follow a log's coups (the
/// roads): a shoe begun, or a coup the rules could deal, with its winner under the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// A shoe line that began a shoe.
    Shoe,
    /// A coup line whose cards the rules deal, and its winner under the rules (whatever the
    /// engine claims).
    Coup(Winner),
}

/// The largest stake a log line may state.
pub const MAX_STAKE: u32 = 1_000_000_000;

/// The byte-order mark, passed over at the start of a line.
const BOM: &str = "\u{feff}";

impl<'r> Verifier<'r> {
    /// A verifier for the given rules, before any line.
    pub fn new(rules: &'r Rules) -> Verifier<'r> {
        Verifier {
            rules,
            dealing: None,
            bets: rules
                .tariff
                .all()
                .into_iter()
                .map(|(key, bet)| (key.to_string(), bet.clone()))
                .collect(),
            shoe: None,
            summary: Summary::default(),
            seen: None,
            undealt: None,
        }
    }

    /// The same verifier holding shoe logs to a dealing procedure: a shoe line that gives
    /// its `burn` or its `order` is burned and ended as `dealing` says (see the module's
    /// documentation).
    pub fn with_dealing(self, dealing: Procedure) -> Verifier<'r> {
        Verifier {
            dealing: Some(dealing),
            ..self
        }
    }

    /// The end of the log: a last shoe whose line states its order and whose procedure
    /// still calls for a coup ended early. Without an order a log may stop anywhere (an
    /// excerpt, a recording stopped), so the end of the log is then no finding. `number` is
    /// the line after the last.
    pub fn finish(&mut self, _number: usize) -> Option<Discrepancy> {
        let shoe = self.shoe.as_ref()?;
        shoe.order.as_ref()?;
        let finding = shoe.ended()?;
        let line = shoe.line;
        self.summary.shoes_disagreeing = self.summary.shoes_disagreeing.saturating_add(1);
        Some(Discrepancy {
            line,
            finding: Finding::Dealing(finding),
        })
    }

    /// What the last line read was: a shoe begun or a coup dealt (`None` for a blank or
    /// malformed line, or a coup whose cards the rules would not deal).
    pub fn seen(&self) -> Option<Seen> {
        self.seen
    }

    /// Why the last line's cards are not a coup the rules deal in full (a card missing, a
    /// card too many), whatever it claims or fails to claim.
    pub fn undealt(&self) -> Option<&Finding> {
        self.undealt.as_ref()
    }

    /// The cards of each rank (A, 2, …, K) the current shoe still holds, when a shoe line
    /// began it: the stated shoe less every card dealt since (a rank dealt more often than
    /// the shoe holds it counts none left).
    pub fn remaining_ranks(&self) -> Option<[u64; 13]> {
        let shoe = self.shoe.as_ref()?;
        Some(std::array::from_fn(|rank| match &shoe.held {
            Held::Ranks(held) => held[rank].saturating_sub(shoe.dealt[rank]),
            Held::Cards(held) => (0..4)
                .map(|suit| held[rank * 4 + suit].saturating_sub(shoe.dealt[rank * 4 + suit]))
                .sum(),
        }))
    }

    /// The counts so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Reads one line given as bytes (1-based `number`), as it comes from a file: text that
    /// is not UTF-8 is a malformed line, its column the first byte that is not.
    pub fn line_bytes(&mut self, number: usize, bytes: &[u8]) -> Option<Discrepancy> {
        (self.seen, self.undealt) = (None, None);
        match std::str::from_utf8(bytes) {
            Ok(text) => self.line(number, text),
            Err(e) => {
                let column = e.valid_up_to() + 1;
                let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
                Some(self.skip(
                    number,
                    Finding::Malformed {
                        column: Some(column),
                        message: format!(
                            "column {column}: byte 0x{byte:02X} is not UTF-8 text: a log is written in UTF-8"
                        ),
                    },
                ))
            }
        }
    }

    /// A line longer than the caller reads (`limit` bytes): malformed, and the last line read, so
    /// the cards on it, if any, are not taken out of the shoe.
    pub fn line_too_long(&mut self, number: usize, limit: usize) -> Discrepancy {
        self.summary.stopped = Some(number);
        self.skip(
            number,
            malformed(format!(
                "the line is longer than {limit} bytes, the longest accepted: the log is read no further"
            )),
        )
    }

    /// Reads one line (1-based `number`); returns the first discrepancy found on it, if any.
    /// Blank lines, a trailing line break and a byte-order mark are passed over.
    pub fn line(&mut self, number: usize, text: &str) -> Option<Discrepancy> {
        (self.seen, self.undealt) = (None, None);
        let text = text.trim_start_matches(BOM).trim_end_matches(['\n', '\r']);
        // Blank as JSON sees it: spaces, tabs and line breaks only.
        if text.trim_matches([' ', '\t', '\r', '\n']).is_empty() {
            return None;
        }
        let mut cards = None;
        let mut reader = serde_json::Deserializer::from_str(text);
        let read = LineSeed(&mut cards)
            .deserialize(&mut reader)
            .and_then(|line| reader.end().map(|()| line));
        let finding = match read {
            Err(e) => {
                // The cards read before the error were dealt.
                self.deal(cards);
                Err(malformed_json(text, &e))
            }
            Ok(mut line) => match (line.shoe.take(), cards) {
                (Some(shoe), None) => {
                    let (burn, order) = (line.burn.take(), line.order.take());
                    match self.start_shoe(number, shoe, burn, order) {
                        None => return None,
                        Some(Finding::Dealing(finding)) => {
                            self.summary.shoes_disagreeing =
                                self.summary.shoes_disagreeing.saturating_add(1);
                            return Some(Discrepancy {
                                line: number,
                                finding: Finding::Dealing(finding),
                            });
                        }
                        Some(finding) => Err(finding),
                    }
                }
                (None, Some(cards)) if line.burn.is_some() || line.order.is_some() => {
                    // The cards were dealt all the same.
                    self.deal(Some(cards));
                    Err(malformed(
                        "`burn` and `order` belong on a shoe line, not on a coup line".into(),
                    ))
                }
                (None, Some(cards)) => {
                    line.text = text;
                    self.coup_line(cards, &mut line)
                }
                (shoe, cards) => {
                    // Both: the cards were dealt, from the shoe already begun.
                    self.deal(cards);
                    Err(malformed(format!(
                        "a line is a coup (with `cards`) or a new shoe (with `shoe`), not {}",
                        if shoe.is_some() { "both" } else { "neither" }
                    )))
                }
            },
        };
        self.record(number, finding)
    }

    /// Verifies one coup given as values: the cards in the order dealt (Punto, Banco,
    /// Punto, Banco, then third cards) and what the engine claims of it. This is the
    /// verification [`Verifier::line`] makes of a coup line, with the same findings and
    /// counts; `number` is the coup's 1-based number (its line, in a log), and a shoe begun
    /// by a shoe line counts the cards.
    ///
    /// ```
    /// use punto_banco::card::parse_cards;
    /// use punto_banco::oracle::verify::{Claims, Finding, Net, Verifier};
    /// use punto_banco::outcome::{Hand, Winner};
    /// use punto_banco::rules::Rules;
    /// use num_rational::Ratio;
    ///
    /// let rules = Rules::reference();
    /// let mut verifier = Verifier::new(&rules);
    /// // Punto 6, Banco 7: Banco wins and pays 0.95 on the Banco bet.
    /// let cards = parse_cards("4H 2S 2C 5D").unwrap();
    /// let claims = Claims::winner(Winner::Banco).net("banco", Net::Exact(Ratio::new(19, 20)));
    /// assert_eq!(verifier.coup(1, &cards, &claims), None);
    /// // An engine that says Banco has 8.
    /// let claims = Claims {
    ///     banco_total: Some(8),
    ///     ..Claims::winner(Winner::Banco)
    /// };
    /// let found = verifier.coup(2, &cards, &claims).unwrap();
    /// assert_eq!(
    ///     found.finding,
    ///     Finding::WrongTotal { hand: Hand::Banco, engine: 8, rules: 7 }
    /// );
    /// assert_eq!((verifier.summary().agreeing(), verifier.summary().coups()), (1, 2));
    /// ```
    pub fn coup(&mut self, number: usize, cards: &[Card], claims: &Claims) -> Option<Discrepancy> {
        (self.seen, self.undealt) = (None, None);
        // A line's claims are in range as read; values given directly are checked here.
        let finding = self.check_coup(cards, claims.check().map(|()| claims));
        self.record(number, finding)
    }

    /// Counts a line's or a coup's verification: `Ok` for a coup that was read (with its
    /// first discrepancy, if any), `Err` for a malformed line (skipped).
    fn record(
        &mut self,
        number: usize,
        finding: Result<Option<Finding>, Finding>,
    ) -> Option<Discrepancy> {
        match finding {
            // A coup that was read: it agrees or not.
            Ok(None) => {
                self.summary.coups = self.summary.coups.saturating_add(1);
                self.summary.agreeing = self.summary.agreeing.saturating_add(1);
                None
            }
            Ok(Some(finding)) => {
                self.summary.coups = self.summary.coups.saturating_add(1);
                let count = self.summary.disagreeing.entry(finding.kind()).or_default();
                *count = count.saturating_add(1);
                Some(Discrepancy {
                    line: number,
                    finding,
                })
            }
            Err(finding) => Some(self.skip(number, finding)),
        }
    }

    /// Takes the cards of a malformed line out of the shoe, when they were read whole.
    fn deal(&mut self, cards: Option<Cards>) {
        if let (Some(shoe), Some(cards)) = (self.shoe.as_mut(), cards)
            && cards.error.is_none()
        {
            shoe.take(&cards.cards);
        }
    }

    /// Counts a malformed line.
    fn skip(&mut self, number: usize, finding: Finding) -> Discrepancy {
        self.summary.malformed = self.summary.malformed.saturating_add(1);
        Discrepancy {
            line: number,
            finding,
        }
    }

    /// Begins the shoe of a shoe line; a shoe line that cannot be read ends the shoe before
    /// it, so its cards no longer count.
    fn start_shoe(
        &mut self,
        number: usize,
        shoe: &RawValue,
        burn: Option<Cards>,
        order: Option<Cards>,
    ) -> Option<Finding> {
        // The shoe before ends here: the procedure may still have called for a coup.
        let ended = self.shoe.take().and_then(|before| before.ended());
        let state = serde_json::from_str::<Object<ShoeFields>>(shoe.get())
            .map_err(|e| json::message(&e))
            .and_then(|Object(fields)| {
                let shoe = fields.stated_shoe()?;
                // A shoe of rank counts is held by rank; any other, card by card.
                let held = if fields.ranks.is_some() {
                    Held::Ranks(shoe.counts())
                } else {
                    Held::Cards(Box::new(shoe.card_counts().map_err(|e| e.to_string())?))
                };
                Ok(ShoeState {
                    line: number,
                    cards: shoe.len(),
                    progress: None,
                    order: None,
                    held,
                    dealt: [0; 52],
                })
            });
        match state {
            Ok(mut state) => {
                self.summary.shoes = self.summary.shoes.saturating_add(1);
                self.seen = Some(Seen::Shoe);
                let found = self.begin_log(&mut state, burn, order);
                self.shoe = Some(state);
                match (ended, found) {
                    (Some(ended), _) => Some(Finding::Dealing(ended)),
                    (None, found) => found,
                }
            }
            Err(why) => {
                self.shoe = None;
                Some(malformed(format!(
                    "shoe: {why}; a shoe is `decks` (1 or more), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣); until the next shoe line, cards are not counted"
                )))
            }
        }
    }

    /// A shoe log's start: its order checked against the shoe, its burn against the order
    /// and the procedure, the burned cards out of the shoe. The first finding, if any.
    fn begin_log(
        &self,
        state: &mut ShoeState,
        burn: Option<Cards>,
        order: Option<Cards>,
    ) -> Option<Finding> {
        if burn.is_none() && order.is_none() {
            return None;
        }
        for (name, cards) in [("burn", &burn), ("order", &order)] {
            if let Some(Cards { error: Some(e), .. }) = cards {
                return Some(malformed(format!(
                    "{name}: {e}; the shoe is counted, its {name} is not"
                )));
            }
        }
        let mut first = None;
        let order = order.map(|o| o.cards);
        if let Some(order) = order {
            match state.order_differs(&order) {
                Some(finding) => first = Some(finding),
                None => state.order = Some((order, 0)),
            }
        }
        // The burn as logged, or, with an order and a procedure, as the order deals it.
        let logged = burn.map(|b| b.cards);
        if let (Some(burned), Some((order, _))) = (&logged, &state.order) {
            let at = burned
                .iter()
                .zip(order.iter().map(Some).chain(std::iter::repeat(None)))
                .position(|(b, o)| o != Some(b));
            if let Some(i) = at
                && first.is_none()
            {
                first = Some(DealingFinding::BurnNotOrder {
                    position: i + 1,
                    burned: burned[i],
                    order: order.get(i).copied(),
                });
            }
        }
        let mut burned_count = logged.as_ref().map(Vec::len);
        if let Some(procedure) = self.dealing {
            let turned = match (&logged, &state.order) {
                (Some(burned), _) => burned.first().copied(),
                (None, Some((order, _))) => order.first().copied(),
                (None, None) => None,
            };
            let expected = match turned {
                Some(card) => procedure.burn.cards(card.rank),
                // Nothing burned, and no order to show the first card: the fewest the
                // procedure burns.
                None => procedure.burn.least(),
            };
            match &logged {
                Some(burned) if burned.len() as u64 != expected && first.is_none() => {
                    first = Some(DealingFinding::WrongBurn {
                        first: burned.first().copied(),
                        given: burned.len(),
                        expected,
                    });
                }
                _ => {}
            }
            // The walk counts what was burned: the log's burn when given, else the
            // procedure's from the order.
            let burned = burned_count.map_or(expected, |n| n as u64);
            let mut walk = procedure.start(state.cards);
            walk.burn_exactly(burned);
            state.progress = Some(walk);
            burned_count = Some(burned as usize);
        }
        // The burned cards leave the shoe, and the order's next card follows them.
        let burned_cards: Vec<Card> = match (&logged, &state.order) {
            (Some(burned), _) => burned.clone(),
            (None, Some((order, _))) => {
                order[..burned_count.unwrap_or(0).min(order.len())].to_vec()
            }
            (None, None) => Vec::new(),
        };
        if let Some((_, next)) = state.order.as_mut() {
            *next = burned_cards.len();
        }
        let impossible = state.take(&burned_cards);
        match first {
            Some(finding) => Some(Finding::Dealing(finding)),
            None => impossible,
        }
    }

    /// A coup line: `Err` when it is malformed (skipped), else its first discrepancy if any.
    fn coup_line(&mut self, cards: Cards, line: &mut LogLine) -> Result<Option<Finding>, Finding> {
        if let Some(e) = cards.error {
            // A card that cannot be read: none of the line's cards is taken as dealt.
            return Err(malformed(e.to_string()));
        }
        let claims = line.claims();
        let found = self.check_coup(&cards.cards, claims.as_ref().map_err(Finding::clone));
        match found {
            // A number net quoted as written (`18446744073709551616`, not a double's digits),
            // a string one as logged (`"0.95"`, not `19/20`).
            Ok(Some(Finding::WrongNet { bet, engine, rules })) => {
                let engine = match raw_scalar(line.text, &format!("net.{bet}")) {
                    Some(raw) if raw.starts_with('"') => {
                        serde_json::from_str::<String>(raw).unwrap_or(engine)
                    }
                    Some(raw) => raw.to_string(),
                    None => engine,
                };
                Ok(Some(Finding::WrongNet { bet, engine, rules }))
            }
            other => other,
        }
    }

    /// The one verification of a coup, for both entries: the cards leave the shoe (even when
    /// what the engine says of them cannot be read), then the claims, in range, are checked
    /// against the coup the rules deal from them. `Err` when the claims cannot be read
    /// (skipped).
    fn check_coup(
        &mut self,
        cards: &[Card],
        claims: Result<&Claims, Finding>,
    ) -> Result<Option<Finding>, Finding> {
        let dealing = self.shoe.as_mut().and_then(|shoe| shoe.follow(cards));
        let impossible = self.shoe.as_mut().and_then(|shoe| shoe.take(cards));
        // The coup the rules deal is seen whatever the engine claims of it.
        let coup = opened(&self.rules.drawing, cards);
        if let Ok(coup) = &coup {
            self.seen = Some(Seen::Coup(coup.winner()));
        }
        self.undealt = match &coup {
            Ok(coup) => extra_cards(coup, cards, None),
            Err(finding) => Some(finding.clone()),
        };
        let claims = claims?;
        if let Some(finding) = impossible {
            return Ok(Some(finding));
        }
        if let Some(finding) = dealing {
            return Ok(Some(Finding::Dealing(finding)));
        }
        Ok(match coup {
            Ok(coup) => compare(&self.bets, &coup, cards, claims),
            Err(finding) => Some(finding),
        })
    }
}

/// Where [`read_log`] writes what it finds, as it finds it.
pub trait Sink {
    /// What writing can fail with.
    type Error;
    /// One discrepancy, as soon as it is found.
    fn discrepancy(&mut self, discrepancy: &Discrepancy) -> Result<(), Self::Error>;
    /// The summary, once the log is read (or its reading stopped at a line too long, see
    /// [`Summary::stopped`]).
    fn summary(&mut self, summary: &Summary) -> Result<(), Self::Error>;
}

/// Why [`read_log`] stopped before the end of the log.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadLogError<E> {
    /// The log could not be read.
    #[error("cannot read the log: {0}")]
    Read(io::Error),
    /// The sink could not take a discrepancy or the summary.
    #[error("cannot write the report: {0}")]
    Sink(E),
    /// A [`Follower`] stopped the reading at a line it cannot read.
    #[error("{0}")]
    Stop(LineStop),
}

/// Verifies a log read line by line, each line at most `max_line_len` bytes, and writes each
/// discrepancy to `sink` when found, then the summary. A line longer than the limit is a
/// malformed line that ends the reading ([`Summary::stopped`] says which); otherwise the end
/// of the log may end its last shoe early ([`Verifier::finish`]). The summary is returned too.
///
/// ```
/// use punto_banco::oracle::verify::{Discrepancy, Sink, Summary, Verifier, read_log};
/// use punto_banco::rules::Rules;
///
/// /// Keeps the lines of the discrepancies.
/// struct Lines(Vec<usize>);
/// impl Sink for Lines {
///     type Error = std::convert::Infallible;
///     fn discrepancy(&mut self, d: &Discrepancy) -> Result<(), Self::Error> {
///         self.0.push(d.line);
///         Ok(())
///     }
///     fn summary(&mut self, _: &Summary) -> Result<(), Self::Error> {
///         Ok(())
///     }
/// }
///
/// let rules = Rules::reference();
/// let log = "{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\"}\n\
///            {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"punto\"}\n";
/// let mut lines = Lines(Vec::new());
/// let summary = read_log(log.as_bytes(), &mut Verifier::new(&rules), 1024, &mut lines).unwrap();
/// assert_eq!((summary.coups(), summary.agreeing(), lines.0), (2, 1, vec![2]));
/// ```
pub fn read_log<S: Sink + ?Sized>(
    reader: impl BufRead,
    verifier: &mut Verifier,
    max_line_len: usize,
    sink: &mut S,
) -> Result<Summary, ReadLogError<S::Error>> {
    read_log_following(reader, verifier, max_line_len, sink, &mut ())
}
