//! Verifying an engine's log, coup by coup.
//!
//! A log is JSON lines. A coup line gives the cards in the order dealt (Punto, Banco, Punto,
//! Banco, then third cards) and what the engine claims: at least the winner, optionally the
//! final totals, which hands drew, whether a natural stopped the coup, and the net paid on
//! each bet. A line `{"shoe": {"decks": 8}}` says a new shoe begins: from then on the cards
//! of each coup are taken out of it, so a card dealt more often than the shoe holds it is
//! reported. The library reads lines handed to it; the caller does the reading.

use super::rule_clause;
use crate::card::Card;
use crate::coup::{Coup, CoupError, Decision, Role, deal};
use crate::lang::Lang;
use crate::render::tableau::bet_name;
use crate::rules::{Action, Rules, Terms};
use crate::shoe::Shoe;
use crate::tally::{Hand, Winner};
use crate::variants::parse_amount;
use num_rational::{BigRational, Ratio};
use num_traits::ToPrimitive;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;

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
    /// An exact card dealt more often than a shoe of whole decks holds it.
    ImpossibleCard {
        card: Card,
        times: u64,
        held: u64,
        shoe_line: usize,
    },
    /// A card of a rank the shoe (given by rank counts) has run out of; it held `held`.
    ImpossibleRank {
        card: Card,
        held: u64,
        shoe_line: usize,
    },
    /// The log stops before the coup is finished: the card for `role` is missing, as
    /// `decision` called for it (none while the opening is incomplete).
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
            Finding::ImpossibleCard { .. } | Finding::ImpossibleRank { .. } => Kind::ImpossibleCard,
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
        let semicolon = lang.pick(";", " ;");
        match self {
            Finding::Malformed { message, .. } => message.clone(),
            Finding::ImpossibleCard {
                card,
                times,
                held,
                shoe_line,
            } => match lang {
                Lang::En => format!(
                    "{card} is dealt a {} time since the shoe of line {shoe_line}, which holds {held}",
                    ordinal_en(*times)
                ),
                Lang::Fr => format!(
                    "{card} est donnée une {} fois depuis le sabot de la ligne {shoe_line}, qui n’en contient que {held}",
                    ordinal_fr(*times)
                ),
            },
            Finding::ImpossibleRank {
                card,
                held,
                shoe_line,
            } => match lang {
                Lang::En => format!(
                    "{card} is one card of rank {} more than the shoe of line {shoe_line} holds ({held})",
                    card.rank
                ),
                Lang::Fr => format!(
                    "{card} est une carte de rang {} de plus que n’en contient le sabot de la ligne {shoe_line} ({held})",
                    card.rank
                ),
            },
            Finding::TooFewCards {
                given,
                role,
                decision,
            } => {
                let why = decision
                    .as_ref()
                    .map_or(String::new(), |d| format!("{semicolon} {}", clause(d)));
                match lang {
                    Lang::En => format!(
                        "the log has {given} {}: the coup also needs {role}{why}",
                        plural(*given, "card", "cards")
                    ),
                    Lang::Fr => format!(
                        "le journal a {given} {} : il manque {}{why}",
                        plural(*given, "carte", "cartes"),
                        role_fr(*role)
                    ),
                }
            }
            Finding::ExtraCards {
                hand: Some(hand),
                decision,
                ..
            } => match lang {
                Lang::En => format!(
                    "the engine has {} draw; {}",
                    hand_name(*hand),
                    clause(decision)
                ),
                Lang::Fr => format!(
                    "le moteur fait tirer {} ; {}",
                    hand_name(*hand),
                    clause(decision)
                ),
            },
            Finding::ExtraCards {
                given,
                needed,
                hand: None,
                decision,
            } => match lang {
                Lang::En => format!(
                    "the log has {given} cards but the coup uses {needed}; {}",
                    clause(decision)
                ),
                Lang::Fr => format!(
                    "le journal a {given} cartes mais le coup en utilise {needed} ; {}",
                    clause(decision)
                ),
            },
            Finding::WrongDraw {
                hand,
                engine_draws,
                decision,
            } => match lang {
                Lang::En => format!(
                    "the engine has {} {}; {}",
                    hand_name(*hand),
                    if *engine_draws { "draw" } else { "stand" },
                    clause(decision)
                ),
                Lang::Fr => format!(
                    "le moteur fait {} {} ; {}",
                    if *engine_draws { "tirer" } else { "rester" },
                    hand_name(*hand),
                    clause(decision)
                ),
            },
            Finding::WrongNatural { engine } => match (lang, engine) {
                (Lang::En, true) => "the engine claims a natural; there is none".into(),
                (Lang::En, false) => "the engine misses a natural".into(),
                (Lang::Fr, true) => "le moteur annonce un naturel ; il n’y en a pas".into(),
                (Lang::Fr, false) => "le moteur ne voit pas un naturel".into(),
            },
            Finding::WrongTotal {
                hand,
                engine,
                rules,
            } => match lang {
                Lang::En => format!(
                    "the engine gives {} a total of {engine}; the cards make {rules}",
                    hand_name(*hand)
                ),
                Lang::Fr => format!(
                    "le moteur donne à {} un total de {engine} ; les cartes font {rules}",
                    hand_name(*hand)
                ),
            },
            Finding::WrongWinner { engine, rules } => {
                let (engine, rules_word) = (lang.outcome(*engine), lang.outcome(*rules));
                match (lang, rules) {
                    (Lang::En, Winner::Tie) => {
                        format!("the engine says {engine}; the coup is a Tie")
                    }
                    (Lang::En, _) => {
                        format!("the engine says {engine}; the coup is won by {rules_word}")
                    }
                    (Lang::Fr, _) => {
                        format!("le moteur annonce {engine} ; le résultat est {rules_word}")
                    }
                }
            }
            Finding::WrongNet {
                bet,
                engine,
                rules: Some(net),
            } => {
                let engine = engine.replace('-', "−");
                let engine = lang.pick(engine.clone(), engine.replace('.', ","));
                match lang {
                    Lang::En => format!(
                        "the engine nets {engine} on {}; the rules net {}",
                        bet_name(bet, lang),
                        show(net, lang)
                    ),
                    Lang::Fr => format!(
                        "le moteur règle {engine} sur {} ; les règles donnent {}",
                        bet_name(bet, lang),
                        show(net, lang)
                    ),
                }
            }
            Finding::WrongNet {
                bet, rules: None, ..
            } => match lang {
                Lang::En => format!("the engine pays a bet `{bet}` that the rules do not have"),
                Lang::Fr => format!("le moteur règle un pari `{bet}` absent des règles"),
            },
        }
    }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
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

fn ordinal_en(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn ordinal_fr(n: u64) -> String {
    if n == 1 {
        "1re".into()
    } else {
        format!("{n}e")
    }
}

/// A net for people: `19`, `−1`, `0.95` (`0,95` in French).
fn show(net: &BigRational, lang: Lang) -> String {
    let text = if net.is_integer() {
        net.to_integer().to_string()
    } else {
        let text = format!("{:.6}", net.to_f64().unwrap_or(f64::NAN));
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    let text = text.replace('-', "−");
    lang.pick(text.clone(), text.replace('.', ","))
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
    /// Well-formed coup lines read.
    pub coups: usize,
    pub agreeing: usize,
    /// Coups that disagree, by the kind of their first discrepancy.
    pub disagreeing: BTreeMap<Kind, usize>,
    /// Lines that could not be read as a coup or a shoe (skipped).
    pub malformed: usize,
    /// Shoe lines read.
    pub shoes: usize,
}

impl Summary {
    /// The number of coups that disagree.
    pub fn disagreeing_total(&self) -> usize {
        self.disagreeing.values().sum()
    }

    /// Whether at least one coup was read, every coup agrees and every line was read.
    pub fn all_agree(&self) -> bool {
        self.coups > 0 && self.disagreeing_total() == 0 && self.malformed == 0
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
    net: Option<NetMap<'a>>,
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

/// The nets of a coup line, by bet key, in the order logged (a few entries: no map needed).
struct NetMap<'a>(Vec<(Cow<'a, str>, NetValue<'a>)>);

impl<'de: 'a, 'a> Deserialize<'de> for NetMap<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor;
        impl<'de> Visitor<'de> for MapVisitor {
            type Value = NetMap<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of nets by bet key, such as {\"banco\": 0.95}")
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<NetMap<'de>, A::Error> {
                let mut nets = Vec::with_capacity(4);
                while let Some((key, value)) = map.next_entry::<Cow<'de, str>, NetValue<'de>>()? {
                    nets.push((key, value));
                }
                Ok(NetMap(nets))
            }
        }
        deserializer.deserialize_map(MapVisitor)
    }
}

/// A net as an engine logs it: a number, or an exact amount as a string ("19/20", "-1").
enum NetValue<'a> {
    Number(f64),
    Text(Cow<'a, str>),
}

impl<'de: 'a, 'a> Deserialize<'de> for NetValue<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NetVisitor;
        impl<'de> Visitor<'de> for NetVisitor {
            type Value = NetValue<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a net as a number (0.95) or an exact string (\"19/20\")")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<NetValue<'de>, E> {
                Ok(NetValue::Number(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<NetValue<'de>, E> {
                Ok(NetValue::Number(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<NetValue<'de>, E> {
                Ok(NetValue::Number(v as f64))
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<NetValue<'de>, E> {
                Ok(NetValue::Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<NetValue<'de>, E> {
                Ok(NetValue::Text(Cow::Owned(v.to_string())))
            }
        }
        deserializer.deserialize_any(NetVisitor)
    }
}

/// What remains of a stated shoe: card by card for whole decks, by rank otherwise.
struct ShoeState {
    line: usize,
    /// For a shoe of whole decks: the decks, and how often each exact card was dealt.
    cards: Option<(u64, HashMap<Card, u64>)>,
    /// The shoe as stated, and what is left of it by rank.
    stated: Shoe,
    left: Shoe,
}

/// Verifies a log line by line against a rule set.
pub struct Verifier<'r> {
    rules: &'r Rules,
    /// Every bet of the rules by key, looked up once.
    bets: Vec<(String, Terms)>,
    shoe: Option<ShoeState>,
    summary: Summary,
}

/// The largest stake a log line may state.
pub const MAX_STAKE: u32 = 1_000_000_000;

impl<'r> Verifier<'r> {
    /// A verifier for the given rules, before any line.
    pub fn new(rules: &'r Rules) -> Verifier<'r> {
        Verifier {
            rules,
            bets: rules
                .tariff
                .all()
                .into_iter()
                .map(|(key, terms)| (key.to_string(), terms))
                .collect(),
            shoe: None,
            summary: Summary::default(),
        }
    }

    /// The counts so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Reads one line (1-based `number`); returns the first discrepancy found on it, if any.
    /// Blank lines, a trailing line break and a byte-order mark are passed over.
    pub fn line(&mut self, number: usize, text: &str) -> Option<Discrepancy> {
        let text = text
            .trim_start_matches('\u{feff}')
            .trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            return None;
        }
        let (is_coup, finding) = match serde_json::from_str::<LogLine>(text) {
            Err(e) => (false, Some(malformed_json(&e))),
            Ok(line) => match (&line.shoe, &line.cards) {
                (Some(shoe), None) => (false, self.start_shoe(number, shoe)),
                (None, Some(_)) => (true, self.coup(&line)),
                _ => (
                    false,
                    Some(Finding::Malformed {
                        column: None,
                        message: "a line is a coup (with `cards`) or a new shoe (with `shoe`), not both or neither".into(),
                    }),
                ),
            },
        };
        match finding {
            None => {
                if is_coup {
                    self.summary.coups += 1;
                    self.summary.agreeing += 1;
                }
                None
            }
            Some(finding) => {
                if finding.kind() == Kind::Malformed {
                    self.summary.malformed += 1;
                } else {
                    self.summary.coups += 1;
                    *self.summary.disagreeing.entry(finding.kind()).or_default() += 1;
                }
                Some(Discrepancy {
                    line: number,
                    finding,
                })
            }
        }
    }

    fn start_shoe(&mut self, number: usize, shoe: &ShoeLine) -> Option<Finding> {
        let state = match (shoe.decks, shoe.ranks) {
            (Some(decks), None) => Shoe::decks(decks).ok().map(|stated| ShoeState {
                line: number,
                cards: Some((decks, HashMap::new())),
                left: stated.clone(),
                stated,
            }),
            (None, Some(counts)) => Shoe::from_counts(counts).ok().map(|stated| ShoeState {
                line: number,
                cards: None,
                left: stated.clone(),
                stated,
            }),
            _ => None,
        };
        // A shoe line that cannot be read ends the shoe before it: its cards no longer count.
        self.shoe = state;
        if self.shoe.is_some() {
            self.summary.shoes += 1;
            None
        } else {
            Some(Finding::Malformed {
                column: None,
                message: "shoe: give `decks` (1 or more) or `ranks` (13 counts, A to K); until the next shoe line, cards are not counted".into(),
            })
        }
    }

    fn coup(&mut self, line: &LogLine) -> Option<Finding> {
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
        if line.stake.is_some_and(|s| s == 0 || s > MAX_STAKE) {
            return Some(Finding::Malformed {
                column: None,
                message: format!("stake must be a whole number from 1 to {MAX_STAKE}"),
            });
        }
        if let Some(finding) = self.take_from_shoe(&cards) {
            return Some(finding);
        }
        let drawing = &self.rules.drawing;
        match deal(drawing, &cards) {
            Ok(coup) => compare(&self.bets, &coup, &cards, line, winner),
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
                    coup.decisions
                        .into_iter()
                        .filter(|d| {
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
                        })
                        .nth(position.checked_sub(5)?)
                });
                Some(Finding::TooFewCards {
                    given,
                    role,
                    decision,
                })
            }
            // A card's value is always 0 to 9: only bare values can be out of range.
            Err(error @ CoupError::BadValue { .. }) => Some(Finding::Malformed {
                column: None,
                message: error.to_string(),
            }),
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
            if state.left.remove(card).is_err() {
                return Some(Finding::ImpossibleRank {
                    card,
                    held: state.stated.count(card.rank),
                    shoe_line: state.line,
                });
            }
        }
        None
    }
}

/// A JSON error as a malformed line: its column and serde's message without the position.
fn malformed_json(e: &serde_json::Error) -> Finding {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    Finding::Malformed {
        column: Some(e.column()),
        message: format!(
            "column {}: {}",
            e.column(),
            text.strip_suffix(&suffix).unwrap_or(&text)
        ),
    }
}

fn compare(
    bets: &[(String, Terms)],
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
    let stake = i128::from(line.stake.unwrap_or(1));
    for (bet, value) in line.net.iter().flat_map(|n| n.0.iter()) {
        let terms = bets
            .iter()
            .find(|(key, _)| key == bet.as_ref())
            .map(|(_, t)| t);
        let expected: Option<Ratio<i64>> = match terms {
            Some(Terms::Paytable(terms)) => Some(terms.net(state)),
            Some(Terms::Pair { net, hand }) => {
                let cards = match hand {
                    Hand::Punto => &coup.punto,
                    Hand::Banco => &coup.banco,
                };
                Some(if cards[0].rank == cards[1].rank {
                    *net
                } else {
                    -Ratio::from_integer(1)
                })
            }
            None => None,
        };
        // Amounts are bounded so that a net times a stake stays exact in 128 bits.
        let expected = expected
            .map(|net| Ratio::new(i128::from(*net.numer()) * stake, i128::from(*net.denom())));
        let agrees = match (value, &expected) {
            (_, None) => false,
            // A float is compared to the exact net within rounding; a string exactly.
            (NetValue::Number(n), Some(net)) => {
                let want = *net.numer() as f64 / *net.denom() as f64;
                (n - want).abs() <= 1e-9 * want.abs().max(1.0)
            }
            (NetValue::Text(t), Some(net)) => parse_amount(t).is_some_and(|v| {
                Ratio::new(i128::from(*v.numer()), i128::from(*v.denom())) == *net
            }),
        };
        if !agrees {
            let rules =
                expected.map(|net| BigRational::new((*net.numer()).into(), (*net.denom()).into()));
            return Some(Finding::WrongNet {
                bet: bet.to_string(),
                engine: match value {
                    NetValue::Number(n) => show_float(*n),
                    NetValue::Text(t) => t.to_string(),
                },
                rules,
            });
        }
    }
    None
}

fn show_float(n: f64) -> String {
    let text = format!("{n:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
