//! The comparison: the coup the rules deal from a line's cards against what the engine
//! claims of it.

use super::Finding;
use super::line::{Claims, malformed};
use crate::card::Card;
use crate::coup::{Coup, CoupError, Decision, Value, deal};
use crate::outcome::Hand;
use crate::rules::condition::DealtCoup;
use crate::rules::{Action, Bet, DrawingRules};
use num_rational::{BigRational, Ratio};

/// The coup the rules deal from a coup's cards, or, when they would not deal those cards,
/// the finding that says why: a card missing (named by its place, with the decision that
/// calls for it) or a card too many (with the hand that drew against the rules, when it can
/// be told). `verify` checks a coup's cards through this, and `audit` too, so that both
/// name a mis-dealt coup alike.
pub(crate) fn dealt(drawing: &DrawingRules, cards: &[Card]) -> Result<Coup<Card>, Finding> {
    let coup = opened(drawing, cards)?;
    match extra_cards(&coup, cards, None) {
        Some(finding) => Err(finding),
        None => Ok(coup),
    }
}

/// The coup the rules deal from the first of the cards, or the finding of a card missing;
/// cards beyond the coup's are left to the caller.
pub(super) fn opened(drawing: &DrawingRules, cards: &[Card]) -> Result<Coup<Card>, Finding> {
    match deal(drawing, cards) {
        Ok(coup) => Ok(coup),
        Err(CoupError::MissingCard {
            position,
            role,
            given,
        }) => {
            // The decision that called for the missing card depends only on the cards
            // before it, so dealing the given values padded with zeros names it.
            let mut values: Vec<Value> = cards
                .iter()
                .map(|c| Value::ALL[usize::from(c.value())])
                .collect();
            values.resize(6, Value::ALL[0]);
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
            Err(Finding::TooFewCards {
                given,
                role,
                decision,
            })
        }
        // A card's value is always 0 to 9: only a foreign `Valued` type can be out of range.
        Err(error @ CoupError::BadValue { .. }) => Err(malformed(error.to_string())),
    }
}

/// The decision that settled Punto's hand: its draw or stand, or the natural that ended the
/// coup.
fn punto_decision(coup: &Coup<Card>) -> Option<Decision> {
    coup.decisions
        .iter()
        .copied()
        .find(|d| matches!(d, Decision::Punto { .. } | Decision::Natural { .. }))
}

/// Cards beyond those the coup uses, as a finding: the hand that drew against the rules when
/// it can be told (`punto_draws`, the engine's claim that Punto drew, helps tell it).
pub(super) fn extra_cards(
    coup: &Coup<Card>,
    cards: &[Card],
    punto_draws: Option<bool>,
) -> Option<Finding> {
    let used = coup.punto.len() + coup.banco.len();
    if cards.len() <= used {
        return None;
    }
    let punto_decision = punto_decision(coup);
    let last = *coup.decisions.last()?;
    // One card too many after a Banco stand that follows the rules' Punto: Banco drew.
    let hand = match (last, cards.len() - used) {
        (
            Decision::Banco {
                action: Action::Stand,
                ..
            },
            1,
        ) if coup.punto.len() == 3 || punto_draws == Some(false) => Some(Hand::Banco),
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
    Some(Finding::ExtraCards {
        given: cards.len(),
        needed: used,
        hand,
        decision,
    })
}

pub(super) fn compare(
    bets: &[(String, Bet)],
    coup: &Coup<Card>,
    cards: &[Card],
    claims: &Claims,
) -> Option<Finding> {
    let punto_decision = punto_decision(coup);
    let last = *coup.decisions.last()?;
    if let (Some(engine), Some(decision)) = (claims.punto_draws, punto_decision)
        && engine != (coup.punto.len() == 3)
    {
        return Some(Finding::WrongDraw {
            hand: Hand::Punto,
            engine_draws: engine,
            decision,
        });
    }
    if let Some(engine) = claims.banco_draws
        && engine != (coup.banco.len() == 3)
    {
        return Some(Finding::WrongDraw {
            hand: Hand::Banco,
            engine_draws: engine,
            decision: last,
        });
    }
    if let Some(finding) = extra_cards(coup, cards, claims.punto_draws) {
        return Some(finding);
    }
    if let Some(engine) = claims.natural
        && engine != coup.is_natural()
    {
        return Some(Finding::WrongNatural { engine });
    }
    for (hand, engine, actual) in [
        (Hand::Punto, claims.punto_total, coup.punto_total()),
        (Hand::Banco, claims.banco_total, coup.banco_total()),
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
    if let Some(engine) = claims.winner
        && engine != coup.winner()
    {
        return Some(Finding::WrongWinner {
            engine,
            rules: coup.winner(),
        });
    }
    let stake = i128::from(claims.stake.unwrap_or(1));
    for (bet, claim) in &claims.nets {
        let terms = bets
            .iter()
            .find(|(key, _)| key == bet.as_ref())
            .map(|(_, t)| t);
        let dealt = DealtCoup::from(coup);
        let expected: Option<Ratio<i64>> = terms.map(|terms| terms.net(&dealt));
        // Amounts are bounded so that a net times a stake stays exact in 128 bits.
        let expected = expected
            .map(|net| Ratio::new(i128::from(*net.numer()) * stake, i128::from(*net.denom())));
        let agrees = expected.as_ref().is_some_and(|net| claim.agrees(net));
        if !agrees {
            let rules =
                expected.map(|net| BigRational::new((*net.numer()).into(), (*net.denom()).into()));
            return Some(Finding::WrongNet {
                bet: bet.to_string(),
                engine: claim.shown(),
                rules,
            });
        }
    }
    None
}
