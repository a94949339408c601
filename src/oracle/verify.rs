//! Verifying an engine's log, coup by coup.
//!
//! A log is JSON lines. A coup line gives the cards in the order dealt (Punto, Banco, Punto,
//! Banco, then third cards) and what the engine claims: at least the winner, optionally the
//! final totals, which hands drew, whether a natural stopped the coup, and the net paid on
//! each bet. A line `{"shoe": {"decks": 8}}` says a new shoe begins: from then on the cards
//! of each coup are taken out of it, so a card dealt more often than the shoe holds it is
//! reported. The library reads lines handed to it; the caller does the reading.

use super::rule_clause;
use crate::analysis::ratio_to_big;
use crate::card::Card;
use crate::coup::{Coup, CoupError, Decision, Role, deal};
use crate::lang::Lang;
use crate::render::tableau::bet_name;
use crate::rules::{Action, Rules};
use crate::shoe::Shoe;
use crate::tally::{Hand, Winner};
use crate::variants::parse_amount;
use num_rational::{BigRational, Ratio};
use num_traits::ToPrimitive;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// The kinds of discrepancy, in the order they are looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The line is not a coup or shoe line: bad JSON, a bad card, a bad field.
    Malformed,
    /// A card dealt more often than the stated shoe holds it.
    ImpossibleCard,
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
}

impl Kind {
    /// The kind's key in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Malformed => "malformed",
            Kind::ImpossibleCard => "impossible_card",
            Kind::Draw => "draw",
            Kind::Natural => "natural",
            Kind::Total => "total",
            Kind::Winner => "winner",
            Kind::Net => "net",
        }
    }
}

/// What was found wrong on one line.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// Not a valid line; `column` is 1-based where known.
    Malformed {
        column: Option<usize>,
        message: String,
    },
    /// A card dealt more often than the shoe holds it.
    ImpossibleCard {
        card: Card,
        times: u64,
        held: u64,
        shoe_line: usize,
    },
    /// The log stops before the coup is finished: card `position` (1-based) is missing, for
    /// `role`, as `decision` called for it (none while the opening is incomplete).
    TooFewCards {
        given: usize,
        role: Role,
        decision: Option<Decision>,
    },
    /// The log deals cards the rules do not: `hand` drew against `decision` (when it can be told).
    ExtraCards {
        given: usize,
        needed: usize,
        hand: Option<Hand>,
        decision: Decision,
    },
    /// The engine says a hand drew (or stood) against the rules.
    WrongDraw {
        hand: Hand,
        engine_draws: bool,
        decision: Decision,
    },
    /// The engine's natural flag is wrong.
    WrongNatural { engine: bool },
    /// A final total is wrong.
    WrongTotal { hand: Hand, engine: u8, rules: u8 },
    /// The winner is wrong.
    WrongWinner { engine: Winner, rules: Winner },
    /// A net paid is wrong, or names a bet the rules lack.
    WrongNet {
        bet: String,
        engine: String,
        rules: Option<BigRational>,
    },
}

impl Finding {
    /// The kind, for the summary.
    pub fn kind(&self) -> Kind {
        match self {
            Finding::Malformed { .. } => Kind::Malformed,
            Finding::ImpossibleCard { .. } => Kind::ImpossibleCard,
            Finding::TooFewCards { .. }
            | Finding::ExtraCards { .. }
            | Finding::WrongDraw { .. } => Kind::Draw,
            Finding::WrongNatural { .. } => Kind::Natural,
            Finding::WrongTotal { .. } => Kind::Total,
            Finding::WrongWinner { .. } => Kind::Winner,
            Finding::WrongNet { .. } => Kind::Net,
        }
    }

    /// The finding as a sentence: "the engine has Banco draw; Banco on 3 stands against a third card 8".
    pub fn sentence(&self, rules: &Rules, lang: Lang) -> String {
        let hand_name = |hand: Hand| match hand {
            Hand::Punto => "Punto",
            Hand::Banco => "Banco",
        };
        let clause = |decision: &Decision| rule_clause(&rules.drawing, *decision, lang);
        match (self, lang) {
            (Finding::Malformed { message, .. }, _) => message.clone(),
            (
                Finding::ImpossibleCard {
                    card,
                    times,
                    held,
                    shoe_line,
                },
                Lang::En,
            ) => format!(
                "{card} is dealt a {} time since the shoe of line {shoe_line}, which holds {held}",
                ordinal(*times)
            ),
            (
                Finding::ImpossibleCard {
                    card,
                    times,
                    held,
                    shoe_line,
                },
                Lang::Fr,
            ) => format!(
                "{card} est donnée une {}e fois depuis le sabot de la ligne {shoe_line}, qui n’en contient que {held}",
                times
            ),
            (
                Finding::TooFewCards {
                    given,
                    role,
                    decision,
                },
                Lang::En,
            ) => {
                let why = decision
                    .as_ref()
                    .map_or(String::new(), |d| format!("; {}", clause(d)));
                format!("the log has {given} cards: the coup also needs {role}{why}")
            }
            (
                Finding::TooFewCards {
                    given,
                    role,
                    decision,
                },
                Lang::Fr,
            ) => {
                let why = decision
                    .as_ref()
                    .map_or(String::new(), |d| format!(" ; {}", clause(d)));
                format!(
                    "le journal a {given} cartes : il manque {}{why}",
                    role_fr(*role)
                )
            }
            (
                Finding::ExtraCards {
                    hand: Some(hand),
                    decision,
                    ..
                },
                Lang::En,
            ) => {
                format!(
                    "the engine has {} draw; {}",
                    hand_name(*hand),
                    clause(decision)
                )
            }
            (
                Finding::ExtraCards {
                    hand: Some(hand),
                    decision,
                    ..
                },
                Lang::Fr,
            ) => {
                format!(
                    "le moteur fait tirer {} ; {}",
                    hand_name(*hand),
                    clause(decision)
                )
            }
            (
                Finding::ExtraCards {
                    given,
                    needed,
                    hand: None,
                    decision,
                },
                Lang::En,
            ) => format!(
                "the log has {given} cards but the coup uses {needed}; {}",
                clause(decision)
            ),
            (
                Finding::ExtraCards {
                    given,
                    needed,
                    hand: None,
                    decision,
                },
                Lang::Fr,
            ) => format!(
                "le journal a {given} cartes mais le coup en utilise {needed} ; {}",
                clause(decision)
            ),
            (
                Finding::WrongDraw {
                    hand,
                    engine_draws,
                    decision,
                },
                Lang::En,
            ) => format!(
                "the engine has {} {}; {}",
                hand_name(*hand),
                if *engine_draws { "draw" } else { "stand" },
                clause(decision)
            ),
            (
                Finding::WrongDraw {
                    hand,
                    engine_draws,
                    decision,
                },
                Lang::Fr,
            ) => format!(
                "le moteur fait {} {} ; {}",
                if *engine_draws { "tirer" } else { "rester" },
                hand_name(*hand),
                clause(decision)
            ),
            (Finding::WrongNatural { engine }, Lang::En) => {
                if *engine {
                    "the engine claims a natural; there is none".to_string()
                } else {
                    "the engine misses a natural".to_string()
                }
            }
            (Finding::WrongNatural { engine }, Lang::Fr) => {
                if *engine {
                    "le moteur annonce un naturel ; il n’y en a pas".to_string()
                } else {
                    "le moteur ne voit pas un naturel".to_string()
                }
            }
            (
                Finding::WrongTotal {
                    hand,
                    engine,
                    rules,
                },
                Lang::En,
            ) => format!(
                "the engine gives {} a total of {engine}; the cards make {rules}",
                hand_name(*hand)
            ),
            (
                Finding::WrongTotal {
                    hand,
                    engine,
                    rules,
                },
                Lang::Fr,
            ) => format!(
                "le moteur donne à {} un total de {engine} ; les cartes font {rules}",
                hand_name(*hand)
            ),
            (Finding::WrongWinner { engine, rules }, _) => {
                let (engine, rules) = (lang.outcome(*engine), lang.outcome(*rules));
                match lang {
                    Lang::En => format!("the engine says {engine}; the coup is won by {rules}")
                        .replace("won by Tie", "a Tie"),
                    Lang::Fr => format!("le moteur annonce {engine} ; le résultat est {rules}"),
                }
            }
            (
                Finding::WrongNet {
                    bet,
                    engine,
                    rules: Some(net),
                },
                Lang::En,
            ) => {
                format!(
                    "the engine nets {engine} on {bet}; the rules net {}",
                    show(net)
                )
            }
            (
                Finding::WrongNet {
                    bet,
                    engine,
                    rules: Some(net),
                },
                Lang::Fr,
            ) => format!(
                "le moteur règle {engine} sur {} ; les règles donnent {}",
                bet_name(bet, lang),
                show(net)
            ),
            (
                Finding::WrongNet {
                    bet, rules: None, ..
                },
                Lang::En,
            ) => {
                format!("the engine pays a bet `{bet}` that the rules do not have")
            }
            (
                Finding::WrongNet {
                    bet, rules: None, ..
                },
                Lang::Fr,
            ) => {
                format!("le moteur règle un pari `{bet}` absent des règles")
            }
        }
    }
}

fn role_fr(role: Role) -> &'static str {
    match role {
        Role::PuntoFirst => "la première carte de Punto",
        Role::BancoFirst => "la première carte de Banco",
        Role::PuntoSecond => "la deuxième carte de Punto",
        Role::BancoSecond => "la deuxième carte de Banco",
        Role::PuntoThird => "la troisième carte de Punto",
        Role::BancoThird => "la troisième carte de Banco",
    }
}

fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn show(net: &BigRational) -> String {
    if net.is_integer() {
        net.to_integer().to_string().replace('-', "−")
    } else {
        let value = net.to_f64().unwrap_or(f64::NAN);
        show_float(value)
    }
}

/// One discrepancy: the line it is on and the first thing found wrong there.
#[derive(Debug, Clone, PartialEq)]
pub struct Discrepancy {
    pub line: usize,
    pub finding: Finding,
}

/// The counts of a verification.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Coup lines read (well-formed or not, shoe lines excluded).
    pub coups: usize,
    pub agreeing: usize,
    /// Coups that disagree, by the kind of their first discrepancy.
    pub disagreeing: BTreeMap<Kind, usize>,
    pub malformed: usize,
    /// Shoe lines read.
    pub shoes: usize,
}

impl Summary {
    /// The number of coups that disagree.
    pub fn disagreeing_total(&self) -> usize {
        self.disagreeing.values().sum()
    }

    /// Whether every coup agrees and every line was read.
    pub fn all_agree(&self) -> bool {
        self.disagreeing_total() == 0 && self.malformed == 0
    }
}

#[derive(Deserialize)]
struct LogLine<'a> {
    #[serde(borrow, default)]
    cards: Option<Vec<Cow<'a, str>>>,
    #[serde(default)]
    shoe: Option<ShoeLine>,
    #[serde(borrow, default)]
    winner: Option<Cow<'a, str>>,
    #[serde(default)]
    punto_total: Option<u8>,
    #[serde(default)]
    banco_total: Option<u8>,
    #[serde(default)]
    punto_draws: Option<bool>,
    #[serde(default)]
    banco_draws: Option<bool>,
    #[serde(default)]
    natural: Option<bool>,
    #[serde(borrow, default)]
    net: Option<BTreeMap<Cow<'a, str>, NetValue<'a>>>,
    #[serde(default)]
    stake: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeLine {
    #[serde(default)]
    decks: Option<u64>,
    #[serde(default)]
    ranks: Option<[u64; 13]>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum NetValue<'a> {
    Number(f64),
    #[serde(borrow)]
    Text(Cow<'a, str>),
}

/// What remains of a stated shoe, card by card where the shoe is whole decks.
struct ShoeState {
    line: usize,
    /// Copies left of each exact card, for a shoe of whole decks.
    cards: Option<(u64, HashMap<Card, u64>)>,
    /// Cards left of each rank.
    ranks: Shoe,
}

/// Verifies a log line by line against a rule set.
pub struct Verifier<'r> {
    rules: &'r Rules,
    shoe: Option<ShoeState>,
    summary: Summary,
}

impl<'r> Verifier<'r> {
    /// A verifier for the given rules, before any line.
    pub fn new(rules: &'r Rules) -> Verifier<'r> {
        Verifier {
            rules,
            shoe: None,
            summary: Summary::default(),
        }
    }

    /// The counts so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Reads one line (1-based `number`); returns the first discrepancy found on it, if any.
    /// Blank lines are skipped.
    pub fn line(&mut self, number: usize, text: &str) -> Option<Discrepancy> {
        if text.trim().is_empty() {
            return None;
        }
        let finding = match serde_json::from_str::<LogLine>(text) {
            Err(e) => Some(Finding::Malformed {
                column: Some(e.column()),
                message: format!("column {}: {e}", e.column())
                    .replace(&format!(" at line 1 column {}", e.column()), ""),
            }),
            Ok(line) => match (&line.shoe, &line.cards) {
                (Some(shoe), None) => return self.start_shoe(number, shoe),
                (None, Some(_)) => self.coup(number, &line),
                _ => Some(Finding::Malformed {
                    column: None,
                    message: "a line is a coup (with `cards`) or a new shoe (with `shoe`), not both or neither".into(),
                }),
            },
        };
        self.summary.coups += 1;
        match finding {
            None => {
                self.summary.agreeing += 1;
                None
            }
            Some(finding) => {
                if finding.kind() == Kind::Malformed {
                    self.summary.malformed += 1;
                } else {
                    *self.summary.disagreeing.entry(finding.kind()).or_default() += 1;
                }
                Some(Discrepancy {
                    line: number,
                    finding,
                })
            }
        }
    }

    fn start_shoe(&mut self, number: usize, shoe: &ShoeLine) -> Option<Discrepancy> {
        let state = match (shoe.decks, shoe.ranks) {
            (Some(decks), None) => Shoe::decks(decks).ok().map(|ranks| ShoeState {
                line: number,
                cards: Some((decks, HashMap::new())),
                ranks,
            }),
            (None, Some(counts)) => Shoe::from_counts(counts).ok().map(|ranks| ShoeState {
                line: number,
                cards: None,
                ranks,
            }),
            _ => None,
        };
        match state {
            Some(state) => {
                self.shoe = Some(state);
                self.summary.shoes += 1;
                None
            }
            None => {
                self.summary.coups += 1;
                self.summary.malformed += 1;
                Some(Discrepancy {
                    line: number,
                    finding: Finding::Malformed {
                        column: None,
                        message: "shoe: give `decks` (1 or more) or `ranks` (13 counts, A to K)"
                            .into(),
                    },
                })
            }
        }
    }

    fn coup(&mut self, _number: usize, line: &LogLine) -> Option<Finding> {
        let tokens = line.cards.as_ref()?;
        let mut cards = Vec::with_capacity(tokens.len());
        for token in tokens {
            match token.parse::<Card>() {
                Ok(card) => cards.push(card),
                Err(e) => {
                    return Some(Finding::Malformed {
                        column: None,
                        message: e.to_string(),
                    });
                }
            }
        }
        let winner = match line.winner.as_deref() {
            Some("punto") => Winner::Punto,
            Some("banco") => Winner::Banco,
            Some("tie") => Winner::Tie,
            Some(other) => {
                return Some(Finding::Malformed {
                    column: None,
                    message: format!(
                        "winner is `{other}`: expected \"punto\", \"banco\" or \"tie\""
                    ),
                });
            }
            None => {
                return Some(Finding::Malformed {
                    column: None,
                    message: "`winner` is missing: every coup line states the engine's winner"
                        .into(),
                });
            }
        };
        if let Some(finding) = self.take_from_shoe(&cards) {
            return Some(finding);
        }
        let drawing = &self.rules.drawing;
        match deal(drawing, &cards) {
            Ok(coup) => compare(self.rules, &coup, &cards, line, winner),
            Err(CoupError::MissingCard {
                position,
                role,
                given,
            }) => {
                // The decision that called for the missing card depends only on the cards
                // before it, so dealing the given values padded with zeros names it.
                let mut values: Vec<u8> = cards.iter().map(|c| c.value()).collect();
                values.resize(6, 0);
                let decision = deal(drawing, &values).ok().and_then(|coup| {
                    let draws = coup.decisions.into_iter().filter(|d| {
                        matches!(
                            d,
                            Decision::Punto {
                                action: Action::Draw,
                                ..
                            } | Decision::Banco {
                                action: Action::Draw,
                                ..
                            }
                        )
                    });
                    draws.clone().nth(position.checked_sub(5)?)
                });
                Some(Finding::TooFewCards {
                    given,
                    role,
                    decision,
                })
            }
        }
    }

    fn take_from_shoe(&mut self, cards: &[Card]) -> Option<Finding> {
        let state = self.shoe.as_mut()?;
        for &card in cards {
            if let Some((decks, taken)) = &mut state.cards {
                let times = taken.entry(card).or_default();
                *times += 1;
                if *times > *decks {
                    return Some(Finding::ImpossibleCard {
                        card,
                        times: *times,
                        held: *decks,
                        shoe_line: state.line,
                    });
                }
            }
            if state.ranks.remove(card).is_err() {
                let held = state.ranks.count(card.rank);
                return Some(Finding::ImpossibleCard {
                    card,
                    times: held + 1,
                    held,
                    shoe_line: state.line,
                });
            }
        }
        None
    }
}

fn compare(
    rules: &Rules,
    coup: &Coup<Card>,
    cards: &[Card],
    line: &LogLine,
    winner: Winner,
) -> Option<Finding> {
    let used = coup.punto.len() + coup.banco.len();
    let punto_decision = coup
        .decisions
        .iter()
        .copied()
        .find(|d| matches!(d, Decision::Punto { .. } | Decision::Natural { .. }));
    let last = *coup.decisions.last()?;
    if let (Some(engine), Some(decision)) = (line.punto_draws, punto_decision)
        && engine != (coup.punto.len() == 3)
    {
        return Some(Finding::WrongDraw {
            hand: Hand::Punto,
            engine_draws: engine,
            decision,
        });
    }
    if let Some(engine) = line.banco_draws
        && engine != (coup.banco.len() == 3)
    {
        return Some(Finding::WrongDraw {
            hand: Hand::Banco,
            engine_draws: engine,
            decision: last,
        });
    }
    if cards.len() > used {
        // One card too many after a Banco stand that follows the rules' Punto: Banco drew.
        let hand = match (last, cards.len() - used) {
            (
                Decision::Banco {
                    action: Action::Stand,
                    ..
                },
                1,
            ) if coup.punto.len() == 3 || line.punto_draws == Some(false) => Some(Hand::Banco),
            (
                Decision::Banco {
                    action: Action::Draw,
                    ..
                },
                1,
            ) => Some(Hand::Punto),
            _ => None,
        };
        let decision = match hand {
            Some(Hand::Punto) => punto_decision.unwrap_or(last),
            _ => last,
        };
        return Some(Finding::ExtraCards {
            given: cards.len(),
            needed: used,
            hand,
            decision,
        });
    }
    if let Some(engine) = line.natural
        && engine != coup.is_natural()
    {
        return Some(Finding::WrongNatural { engine });
    }
    for (hand, engine, actual) in [
        (Hand::Punto, line.punto_total, coup.punto_total()),
        (Hand::Banco, line.banco_total, coup.banco_total()),
    ] {
        if let Some(engine) = engine
            && engine != actual
        {
            return Some(Finding::WrongTotal {
                hand,
                engine,
                rules: actual,
            });
        }
    }
    if winner != coup.winner() {
        return Some(Finding::WrongWinner {
            engine: winner,
            rules: coup.winner(),
        });
    }
    let state = coup.final_state();
    let stake = BigRational::from_integer(line.stake.unwrap_or(1).into());
    for (bet, value) in line.net.iter().flatten() {
        let terms = rules
            .tariff
            .all()
            .into_iter()
            .find(|(k, _)| *k == bet.as_ref())
            .map(|(_, t)| t);
        let expected = match terms {
            Some(crate::rules::Terms::Paytable(terms)) => Some(terms.net(state)),
            Some(crate::rules::Terms::Pair { net, hand }) => {
                let cards = match hand {
                    Hand::Punto => &coup.punto,
                    Hand::Banco => &coup.banco,
                };
                Some(if cards[0].rank == cards[1].rank {
                    net
                } else {
                    -Ratio::from_integer(1)
                })
            }
            None => None,
        };
        let expected = expected.map(|net| ratio_to_big(net) * &stake);
        let (agrees, shown) = match (value, &expected) {
            (_, None) => (false, String::new()),
            // A float is compared to the exact net within rounding; a string exactly.
            (NetValue::Number(n), Some(net)) => {
                let want = net.to_f64().unwrap_or(f64::NAN);
                (
                    (n - want).abs() <= 1e-9 * want.abs().max(1.0),
                    show_float(*n),
                )
            }
            (NetValue::Text(t), Some(net)) => (
                parse_amount(t).is_some_and(|v| &ratio_to_big(v) == net),
                t.to_string(),
            ),
        };
        if !agrees {
            return Some(Finding::WrongNet {
                bet: bet.to_string(),
                engine: shown,
                rules: expected,
            });
        }
    }
    None
}

fn show_float(n: f64) -> String {
    let text = format!("{n:.6}");
    text.trim_end_matches('0')
        .trim_end_matches('.')
        .replace('-', "−")
}
