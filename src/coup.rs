//! One coup, dealt from a given sequence of cards and explained decision by decision.

use crate::card::Card;
use crate::outcome::{FinalState, Winner};
use crate::play::Opening;
use crate::rules::condition::DealtCoup;
use crate::rules::{Action, DrawingRules, PuntoMove};

/// Anything with a baccarat value: a [`Card`], or a validated [`Value`] 0–9 when suits and
/// ranks do not matter. A type of the caller's own may implement it too; its values are checked
/// as the coup takes them ([`CoupError::BadValue`]).
pub trait Valued: Copy {
    /// The baccarat value, 0 to 9.
    fn value(&self) -> u8;
}

impl Valued for Card {
    fn value(&self) -> u8 {
        Card::value(*self)
    }
}

/// A baccarat value 0 to 9, validated: a card whose suit and rank do not matter.
///
/// ```
/// use punto_banco::coup::Value;
/// assert_eq!(Value::try_from(7).map(u8::from), Ok(7));
/// assert!(Value::try_from(10).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u8);

impl Value {
    /// The ten values, 0 to 9.
    pub const ALL: [Value; 10] = [
        Value(0),
        Value(1),
        Value(2),
        Value(3),
        Value(4),
        Value(5),
        Value(6),
        Value(7),
        Value(8),
        Value(9),
    ];

    /// The value as a number 0 to 9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Values from numbers, each 0 to 9, in order: the cards of a coup whose suits and ranks
    /// do not matter.
    ///
    /// ```
    /// use punto_banco::coup::{Value, ValueError};
    /// assert_eq!(Value::sequence(&[4, 2, 9]).unwrap().len(), 3);
    /// assert_eq!(Value::sequence(&[4, 12]), Err(ValueError::OutOfRange(12)));
    /// ```
    pub fn sequence(numbers: &[u8]) -> Result<Vec<Value>, ValueError> {
        numbers.iter().map(|&n| Value::try_from(n)).collect()
    }
}

/// A number that is no baccarat value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValueError {
    /// The number is above 9.
    #[error("{0} is no card value: a card's value is 0 to 9")]
    OutOfRange(u8),
}

impl TryFrom<u8> for Value {
    type Error = ValueError;

    fn try_from(value: u8) -> Result<Value, ValueError> {
        if value <= 9 {
            Ok(Value(value))
        } else {
            Err(ValueError::OutOfRange(value))
        }
    }
}

impl From<Value> for u8 {
    fn from(value: Value) -> u8 {
        value.0
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Valued for Value {
    fn value(&self) -> u8 {
        self.0
    }
}

/// The total of a hand: the units digit of the sum of its values.
pub fn hand_total<C: Valued>(cards: &[C]) -> u8 {
    // Kept below 10 at every step, so that no number of cards overflows the sum.
    cards
        .iter()
        .fold(0, |total, c| (total + c.value() % 10) % 10)
}

/// Where a card goes in the deal order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The first card dealt, Punto's first.
    PuntoFirst,
    /// The second card dealt, Banco's first.
    BancoFirst,
    /// The third card dealt, Punto's second.
    PuntoSecond,
    /// The fourth card dealt, Banco's second.
    BancoSecond,
    /// Punto's third card, when it draws.
    PuntoThird,
    /// Banco's third card, when it draws.
    BancoThird,
}

impl Role {
    /// Every role, in the order the cards are dealt.
    pub const ALL: [Role; 6] = [
        Role::PuntoFirst,
        Role::BancoFirst,
        Role::PuntoSecond,
        Role::BancoSecond,
        Role::PuntoThird,
        Role::BancoThird,
    ];
}

/// One decision of a coup and the rule that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// An opening total was a natural: neither hand draws.
    Natural {
        /// Punto's two-card total.
        punto_total: u8,
        /// Banco's two-card total.
        banco_total: u8,
    },
    /// Punto's rule on its two-card total.
    Punto {
        /// Punto's two-card total.
        total: u8,
        /// What the rule says.
        action: Action,
    },
    /// Banco's tableau cell: its two-card total against Punto's move.
    Banco {
        /// Banco's two-card total.
        total: u8,
        /// Punto's move: the column of the tableau.
        punto_move: PuntoMove,
        /// What the cell says.
        action: Action,
    },
}

/// A coup dealt to the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coup<C> {
    /// Punto's cards in the order dealt.
    pub(crate) punto: Vec<C>,
    /// Banco's cards in the order dealt.
    pub(crate) banco: Vec<C>,
    /// The decisions, in order.
    pub(crate) decisions: Vec<Decision>,
    /// Cards given beyond those the coup used, in order.
    pub(crate) unused: Vec<C>,
}

/// A coup that could not be dealt.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoupError {
    /// The cards ran out before the coup was finished.
    #[error("the coup needs card {position} ({role}), but only {given} cards were given")]
    MissingCard {
        /// 1-based position in the deal order.
        position: usize,
        /// Where the missing card would go.
        role: Role,
        /// How many cards were given.
        given: usize,
    },
    /// A value the coup took is above 9: only a caller's own [`Valued`] type can give one.
    #[error("card {position} ({role}) has the value {value}: a card's value is 0 to 9")]
    BadValue {
        /// 1-based position in the deal order.
        position: usize,
        /// Where the card goes.
        role: Role,
        /// The value given.
        value: u8,
    },
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Role::PuntoFirst => "Punto's first card",
            Role::BancoFirst => "Banco's first card",
            Role::PuntoSecond => "Punto's second card",
            Role::BancoSecond => "Banco's second card",
            Role::PuntoThird => "Punto's third card",
            Role::BancoThird => "Banco's third card",
        })
    }
}

/// Deals cards in order Punto, Banco, Punto, Banco, then the third cards the rules call for.
/// A card the coup takes must have a value 0 to 9 (a caller's own `Valued` type may not); cards it leaves unused
/// are returned as given.
///
/// ```
/// use punto_banco::{card::parse_cards, coup::deal, outcome::Winner, rules::DrawingRules};
/// let cards = parse_cards("4♥ 2♠ 9♣ A♦ 8♦").unwrap();
/// let coup = deal(&DrawingRules::reference(), &cards).unwrap();
/// assert_eq!(coup.final_state().winner(), Winner::Banco);
/// ```
pub fn deal<C: Valued>(rules: &DrawingRules, cards: &[C]) -> Result<Coup<C>, CoupError> {
    let mut next = 0;
    let mut take = |role: Role| {
        let position = next + 1;
        let card = cards.get(next).copied().ok_or(CoupError::MissingCard {
            position,
            role,
            given: cards.len(),
        })?;
        next += 1;
        match card.value() {
            0..=9 => Ok(card),
            value => Err(CoupError::BadValue {
                position,
                role,
                value,
            }),
        }
    };
    let mut punto = vec![take(Role::PuntoFirst)?];
    let mut banco = vec![take(Role::BancoFirst)?];
    punto.push(take(Role::PuntoSecond)?);
    banco.push(take(Role::BancoSecond)?);
    let punto_total = hand_total(&punto);
    let banco_total = hand_total(&banco);
    let mut decisions = Vec::with_capacity(2);

    match Opening::of(rules, punto_total, banco_total) {
        Opening::Natural => decisions.push(Decision::Natural {
            punto_total,
            banco_total,
        }),
        Opening::Play {
            punto: punto_action,
            banco: banco_row,
        } => {
            decisions.push(Decision::Punto {
                total: punto_total,
                action: punto_action,
            });
            let punto_move = match punto_action {
                Action::Draw => {
                    let third = take(Role::PuntoThird)?;
                    punto.push(third);
                    PuntoMove::Drew(third.value())
                }
                Action::Stand => PuntoMove::Stood,
            };
            let banco_action = banco_row[punto_move.column()];
            decisions.push(Decision::Banco {
                total: banco_total,
                punto_move,
                action: banco_action,
            });
            if banco_action == Action::Draw {
                banco.push(take(Role::BancoThird)?);
            }
        }
    }
    let used = punto.len() + banco.len();
    Ok(Coup {
        punto,
        banco,
        decisions,
        unused: cards[used..].to_vec(),
    })
}

impl<C> Coup<C> {
    /// Punto's cards in the order dealt: two, or three when Punto drew.
    pub fn punto(&self) -> &[C] {
        &self.punto
    }

    /// Banco's cards in the order dealt: two, or three when Banco drew.
    pub fn banco(&self) -> &[C] {
        &self.banco
    }

    /// The decisions in order: a natural alone, or Punto's rule then Banco's cell.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// The cards given beyond those the coup used, in order.
    pub fn unused(&self) -> &[C] {
        &self.unused
    }

    /// The number of cards the coup used, 4 to 6.
    pub fn cards_used(&self) -> usize {
        self.punto.len() + self.banco.len()
    }

    /// The same coup without the cards given beyond those it used.
    pub fn without_unused(self) -> Coup<C> {
        Coup {
            unused: Vec::new(),
            ..self
        }
    }
}

impl<C: Valued> Coup<C> {
    /// Punto's final total.
    pub fn punto_total(&self) -> u8 {
        hand_total(&self.punto)
    }

    /// Banco's final total.
    pub fn banco_total(&self) -> u8 {
        hand_total(&self.banco)
    }

    /// Whether an opening natural stopped the coup.
    pub fn is_natural(&self) -> bool {
        matches!(self.decisions.first(), Some(Decision::Natural { .. }))
    }

    /// How the coup ended.
    pub fn final_state(&self) -> FinalState {
        FinalState {
            punto_total: self.punto_total(),
            banco_total: self.banco_total(),
            punto_cards: self.punto.len() as u8,
            banco_cards: self.banco.len() as u8,
            natural: self.is_natural(),
        }
    }

    /// The winner of the coup.
    pub fn winner(&self) -> Winner {
        self.final_state().winner()
    }

    /// The cards in the order they were dealt (Punto, Banco, Punto, Banco, third cards).
    pub fn dealt_in_order(&self) -> Vec<C> {
        let mut order = vec![self.punto[0], self.banco[0], self.punto[1], self.banco[1]];
        order.extend(self.punto.get(2));
        order.extend(self.banco.get(2));
        order
    }
}

/// The coup as a bet reads it: its hands and its final state. It lives here rather than beside
/// [`DealtCoup`] so that the rules, which the coup follows, never import the coup.
impl From<&Coup<Card>> for DealtCoup {
    fn from(coup: &Coup<Card>) -> DealtCoup {
        DealtCoup::dealt(coup.punto(), coup.banco(), coup.final_state())
            .expect("a dealt coup has two or three cards a hand")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A foreign type with a baccarat value, unchecked: what `CoupError::BadValue` is for.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Raw(u8);

    impl Valued for Raw {
        fn value(&self) -> u8 {
            self.0
        }
    }

    /// Numbers as unchecked values.
    fn raw(numbers: &[u8]) -> Vec<Raw> {
        numbers.iter().map(|&n| Raw(n)).collect()
    }

    #[test]
    fn a_natural_stops_everything_and_leaves_the_rest_unused() {
        let coup = deal(&DrawingRules::reference(), &raw(&[9, 0, 0, 5, 3])).unwrap();
        assert_eq!(coup.punto, raw(&[9, 0]));
        assert_eq!(coup.banco, raw(&[0, 5]));
        assert_eq!(coup.unused, raw(&[3]));
        assert!(coup.is_natural());
        assert_eq!(coup.winner(), Winner::Punto);
    }

    #[test]
    fn a_bet_reads_the_coup_as_dealt() {
        let cards = |text: &str| crate::card::parse_cards(text).unwrap();
        let rules = DrawingRules::reference();
        // A natural: two cards each, the natural flag set.
        let natural = deal(&rules, &cards("9H 2S KD 3C 4H")).unwrap();
        assert_eq!(
            DealtCoup::from(&natural),
            DealtCoup::new(&cards("9H KD"), &cards("2S 3C"), 9, 5, true).unwrap()
        );
        // Punto draws on 0, then Banco on 3 against a third card 4: three cards each.
        let drawn = deal(&rules, &cards("KH 2S QD AC 4H 9D")).unwrap();
        assert_eq!(
            DealtCoup::from(&drawn),
            DealtCoup::new(&cards("KH QD 4H"), &cards("2S AC 9D"), 4, 2, false).unwrap()
        );
    }

    #[test]
    fn a_value_above_nine_is_an_error_naming_its_position() {
        let err = deal(&DrawingRules::reference(), &raw(&[1, 1, 1, 1, 12, 0])).unwrap_err();
        assert_eq!(
            err,
            CoupError::BadValue {
                position: 5,
                role: Role::PuntoThird,
                value: 12
            }
        );
        assert_eq!(
            err.to_string(),
            "card 5 (Punto's third card) has the value 12: a card's value is 0 to 9"
        );
        // In an opening too, and in Banco's third card.
        assert!(matches!(
            deal(&DrawingRules::reference(), &raw(&[0, 255, 0, 0])),
            Err(CoupError::BadValue {
                position: 2,
                value: 255,
                ..
            })
        ));
        assert!(matches!(
            deal(&DrawingRules::reference(), &raw(&[1, 1, 1, 1, 1, 10])),
            Err(CoupError::BadValue {
                position: 6,
                role: Role::BancoThird,
                value: 10
            })
        ));
        // Unused cards are not looked at.
        assert!(deal(&DrawingRules::reference(), &raw(&[9, 0, 0, 0, 200])).is_ok());
    }

    #[test]
    fn validated_values_deal_as_unchecked_ones() {
        let values: Vec<Value> = [9u8, 0, 0, 5, 3]
            .iter()
            .map(|&v| Value::try_from(v).unwrap())
            .collect();
        let coup = deal(&DrawingRules::reference(), &values).unwrap();
        let bare = deal(&DrawingRules::reference(), &raw(&[9, 0, 0, 5, 3])).unwrap();
        assert_eq!(coup.final_state(), bare.final_state());
        assert_eq!(coup.unused, vec![Value::ALL[3]]);
        assert_eq!(
            Value::try_from(12).unwrap_err().to_string(),
            "12 is no card value: a card's value is 0 to 9"
        );
    }

    #[test]
    fn hand_totals_never_overflow() {
        assert_eq!(hand_total(&vec![Raw(255); 20_000_000]), 0);
        assert_eq!(hand_total(&raw(&[7, 8])), 5);
    }

    #[test]
    fn missing_third_card_is_named() {
        let err = deal(&DrawingRules::reference(), &raw(&[4, 2, 9, 1])).unwrap_err();
        assert_eq!(
            err,
            CoupError::MissingCard {
                position: 5,
                role: Role::PuntoThird,
                given: 4
            }
        );
        assert_eq!(
            err.to_string(),
            "the coup needs card 5 (Punto's third card), but only 4 cards were given"
        );
    }
}
