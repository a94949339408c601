//! Reading the log: its lines, shoe lines and coup lines, their cards and the nets they log.

use super::Auditor;
use super::{AuditError, FIRST_LINES, at};
use crate::analysis;
use crate::card::{Card, Rank};
use crate::input::json::{self, Described, Object, json_error};
use crate::input::shoe::ShoeFields;
use crate::oracle::verify::{self, Discrepancy, NET_DIGITS, NET_FORMS, Net, parse_net};
use crate::rules::condition::CardClass;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// The nets a coup line logs, by bet, and the stake they are paid on.
pub(super) struct Logged {
    pub(super) stake: u64,
    pub(super) nets: Vec<(usize, Net)>,
}

/// The shoe being dealt: what is left of it, by rank and by card.
#[derive(Debug, Clone)]
pub(super) struct ShoeState {
    pub(super) line: usize,
    pub(super) counts: [u64; 13],
    /// By card (`4·rank + suit`); for a shoe stated by rank, each rank's count on its spade.
    pub(super) cards: [u64; 52],
    pub(super) card_level: bool,
}

impl ShoeState {
    pub(super) fn left(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub(super) fn index(&self, card: Card) -> usize {
        if self.card_level {
            CardClass::index(card)
        } else {
            4 * card.rank.index()
        }
    }

    pub(super) fn holds(&self, card: Card) -> bool {
        self.cards[self.index(card)] > 0
    }

    pub(super) fn take(&mut self, card: Card) {
        let i = self.index(card);
        self.cards[i] -= 1;
        self.counts[card.rank.index()] -= 1;
    }
}

impl Auditor {
    /// Reads one line of the log (its bytes without the line break), numbered from 1. A blank
    /// line is skipped.
    pub fn line(&mut self, number: usize, bytes: &[u8]) -> Result<(), AuditError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            at(
                number,
                Some(e.valid_up_to() + 1),
                "the line is not UTF-8 text",
            )
        })?;
        if text.trim().is_empty() {
            return Ok(());
        }
        let line: LogLine = serde_json::from_str::<Object<LogLine>>(text)
            .map_err(|e| at(number, None, json_error(text, &e, true)))
            .map(|Object(line)| line)?;
        let column =
            |raw: &RawValue| Some(raw.get().as_ptr() as usize - text.as_ptr() as usize + 1);
        match (line.shoe, line.cards) {
            (Some(shoe), None) => self.start_shoe(number, text, shoe, line.burn),
            (None, Some(cards)) => {
                if let Some(burn) = line.burn {
                    return Err(at(
                        number,
                        column(burn),
                        "burn: a coup line burns no card; `burn` belongs on the shoe line",
                    ));
                }
                self.coup(number, text, cards, line.net, line.stake)
            }
            (Some(shoe), Some(_)) => Err(at(
                number,
                column(shoe),
                "a line is a shoe (`shoe`) or a coup (`cards`), not both",
            )),
            (None, None) => Err(at(
                number,
                None,
                "the line has neither `shoe` nor `cards`: a shoe line is {\"shoe\": {\"decks\": 8}, \"burn\": [\"7H\", …]}, a coup line {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}",
            )),
        }
    }

    fn start_shoe(
        &mut self,
        number: usize,
        text: &str,
        raw: &RawValue,
        burn: Option<&RawValue>,
    ) -> Result<(), AuditError> {
        let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize;
        let accepted = "a shoe is `decks` (1 or more), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣)";
        let fields = serde_json::from_str::<Object<ShoeFields>>(raw.get()).map_err(|e| {
            at(
                number,
                Some(offset(raw) + e.column().max(1)),
                format!("shoe: {}; {accepted}", json::message(&e)),
            )
        })?;
        let shoe = fields.0.stated_shoe().map_err(|e| {
            at(
                number,
                Some(offset(raw) + 1),
                format!("shoe: {e}; {accepted}"),
            )
        })?;
        // The audit counts in 128 bits, which every smaller shoe of the same dealing then
        // fits too.
        if !analysis::counts_in_128(&shoe) {
            return Err(at(
                number,
                Some(offset(raw) + 1),
                format!(
                    "shoe: {} cards is more than the audit counts in 128 bits",
                    shoe.len()
                ),
            ));
        }
        let card_level = shoe.card_counts().is_ok();
        if self.reads_suits && !card_level {
            return Err(at(
                number,
                Some(offset(raw) + 1),
                "shoe: the rule set has bets that read suits, so the shoe must say its suits: give `decks` or `card_counts`, not `ranks`",
            ));
        }
        let mut cards = [0; 52];
        match shoe.card_counts() {
            Ok(by_card) => cards = by_card,
            Err(_) => {
                for rank in Rank::ALL {
                    cards[4 * rank.index()] = shoe.count(rank);
                }
            }
        }
        let mut state = ShoeState {
            line: number,
            counts: shoe.counts(),
            cards,
            card_level,
        };
        if let Some(burn) = burn {
            for (card, column) in read_cards(number, text, burn, "burn")? {
                if !state.holds(card) {
                    return Err(at(
                        number,
                        Some(column),
                        format!("burn: the shoe has no {card} left to burn"),
                    ));
                }
                state.take(card);
            }
        }
        self.shoe = Some(state);
        self.shoes += 1;
        Ok(())
    }

    pub(super) fn coup(
        &mut self,
        number: usize,
        text: &str,
        raw: &RawValue,
        net: Option<&RawValue>,
        stake: Option<&RawValue>,
    ) -> Result<(), AuditError> {
        let start = raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
        let read = read_cards(number, text, raw, "cards")?;
        let cards: Vec<Card> = read.iter().map(|(card, _)| *card).collect();
        let Some(shoe) = self.shoe.clone() else {
            return Err(at(
                number,
                Some(start),
                "cards: a coup before any shoe line; the log must say its shoe first, as {\"shoe\": {\"decks\": 8}}",
            ));
        };
        // Every card must still be in the shoe, the coup's own earlier cards taken out.
        let mut left = shoe.clone();
        for &(card, column) in &read {
            if !left.holds(card) {
                return Err(at(
                    number,
                    Some(column),
                    format!(
                        "cards: the shoe begun on line {} has no {card} left",
                        shoe.line
                    ),
                ));
            }
            left.take(card);
        }
        let n = shoe.left();
        if n < 6 {
            return Err(at(
                number,
                Some(start),
                format!(
                    "cards: the shoe begun on line {} has {n} cards left before this coup, fewer than the six a coup may need",
                    shoe.line
                ),
            ));
        }
        let logged = self.read_nets(number, text, net, stake)?;
        match verify::dealt(&self.rules.drawing, &cards) {
            // A coup the rules would not deal: a finding, and its cards are dealt all the same.
            Err(finding) => {
                self.undealt += 1;
                if self.undealt_first.len() < FIRST_LINES {
                    self.undealt_first.push(Discrepancy {
                        line: number,
                        finding,
                    });
                }
            }
            Ok(coup) => {
                self.count(shoe, n);
                self.observe(number, &coup, &logged);
                self.coups += 1;
            }
        }
        self.shoe = Some(left);
        Ok(())
    }

    /// The stake and the nets the line's engine logs, by bet, read as `verify` reads them.
    fn read_nets(
        &self,
        number: usize,
        text: &str,
        net: Option<&RawValue>,
        stake: Option<&RawValue>,
    ) -> Result<Logged, AuditError> {
        let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
        let stake = match stake {
            None => 1u64,
            Some(raw) => match serde_json::from_str::<u64>(raw.get()) {
                Ok(s) if (1..=u64::from(verify::MAX_STAKE)).contains(&s) => s,
                _ => {
                    return Err(at(
                        number,
                        Some(offset(raw)),
                        format!(
                            "stake: `{}` is no stake; a stake is a whole number from 1 to 1,000,000,000",
                            raw.get()
                        ),
                    ));
                }
            },
        };
        let Some(net) = net else {
            return Ok(Logged {
                stake,
                nets: Vec::new(),
            });
        };
        let map = serde_json::from_str::<Object<BTreeMap<String, &RawValue>>>(net.get())
            .map_err(|e| at(number, Some(offset(net)), format!("net: {}; `net` is an object of amounts by bet, such as {{\"banco\": 0.95}}", json::message(&e))))?
            .0;
        let mut nets = Vec::with_capacity(map.len());
        for (key, value) in map {
            let Some(i) = self.bets.iter().position(|b| b.key == key) else {
                let keys: Vec<&str> = self.bets.iter().map(|b| b.key.as_str()).collect();
                return Err(at(
                    number,
                    Some(offset(value)),
                    format!(
                        "net: `{key}` is no bet of the rule set ({})",
                        keys.join(", ")
                    ),
                ));
            };
            let amount = read_net(value.get()).ok_or_else(|| {
                at(
                    number,
                    Some(offset(value)),
                    format!(
                        "net.{key}: `{}` is no amount; an amount is {NET_FORMS}, each part at most {NET_DIGITS} digits",
                        value.get()
                    ),
                )
            })?;
            nets.push((i, amount));
        }
        Ok(Logged { stake, nets })
    }
}

/// The cards of an array field, each with its 1-based column in the line.
fn read_cards(
    number: usize,
    text: &str,
    raw: &RawValue,
    field: &str,
) -> Result<Vec<(Card, usize)>, AuditError> {
    let offset = |raw: &RawValue| raw.get().as_ptr() as usize - text.as_ptr() as usize + 1;
    let items = serde_json::from_str::<Vec<&RawValue>>(raw.get()).map_err(|_| {
        at(
            number,
            Some(offset(raw)),
            format!("{field}: expected an array of cards such as [\"4H\", \"2S\"]"),
        )
    })?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let bad = || at(number, Some(offset(item)), format!("{field}[{i}]: `{}` is not a card; a card is a rank (A, 2 … 10 or T, J, Q, K) then a suit (S, H, D, C or ♠ ♥ ♦ ♣), such as \"4H\"", item.get()));
            let token: std::borrow::Cow<str> = serde_json::from_str(item.get()).map_err(|_| bad())?;
            token.parse::<Card>().map(|card| (card, offset(item))).map_err(|_| bad())
        })
        .collect()
}

/// A net as an engine logs it, read as `verify` reads it: a JSON whole number (exact), a
/// JSON decimal (a float, compared within 10⁻⁹), or a string holding an exact amount
/// (`"-1"`, `"19/20"`, `"0.95"`, `"95%"`).
fn read_net(raw: &str) -> Option<Net> {
    if raw.starts_with('"') {
        let text: std::borrow::Cow<str> = serde_json::from_str(raw).ok()?;
        return parse_net(&text).map(Net::Exact);
    }
    if let Ok(n) = serde_json::from_str::<i64>(raw) {
        return Some(Net::Integer(i128::from(n)));
    }
    if let Ok(n) = serde_json::from_str::<u64>(raw) {
        return Some(Net::Integer(i128::from(n)));
    }
    serde_json::from_str::<f64>(raw)
        .ok()
        .filter(|x| x.is_finite())
        .map(Net::Float)
}

/// The value of a logged net: exact, or the double a float stands for.
pub(super) fn net_value(net: &Net) -> BigRational {
    match net {
        Net::Integer(n) => BigRational::from_integer(BigInt::from(*n)),
        Net::Exact(amount) => {
            BigRational::new(BigInt::from(*amount.numer()), BigInt::from(*amount.denom()))
        }
        Net::Float(x) => BigRational::from_float(*x).unwrap_or_default(),
    }
}
/// One line of a log, as far as the audit reads it.
#[derive(Deserialize)]
struct LogLine<'a> {
    #[serde(borrow, default)]
    shoe: Option<&'a RawValue>,
    #[serde(borrow, default)]
    burn: Option<&'a RawValue>,
    #[serde(borrow, default)]
    cards: Option<&'a RawValue>,
    #[serde(borrow, default)]
    net: Option<&'a RawValue>,
    #[serde(borrow, default)]
    stake: Option<&'a RawValue>,
}

impl Described for LogLine<'_> {}
