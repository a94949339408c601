//! The order of play, written once: a natural on either hand stops the coup; otherwise Punto
//! acts on its two-card total, then Banco acts on its own total against Punto's move.
//!
//! [`Plan`] reads the [`DrawingRules`] once and answers, for each pair of two-card totals,
//! what the coup does next. The coup resolver, the engine, the reference paths, the checker's
//! reach and the fit all follow a plan; none of them reads the rules' tables itself.

use crate::rules::banque::BanqueRules;
use crate::rules::choice::{ChoiceRules, Rule};
use crate::rules::{Action, DrawingRules, PuntoMove, TableauRow};

/// What a coup does after its opening four cards, for one pair of two-card totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opening {
    /// A natural on either hand: neither hand draws.
    Natural,
    /// No natural: Punto's action on its total, then Banco's action against each of Punto's
    /// moves (the eleven columns of the tableau, as in [`PuntoMove::column`]).
    Play {
        /// Punto's action on its two-card total.
        punto: Action,
        /// Banco's row of the tableau for its two-card total.
        banco: TableauRow,
    },
}

impl Opening {
    /// What follows an opening with these two-card totals (each 0 to 9) under the rules: the
    /// one place the naturals, Punto's rule and the tableau are read in the order of play.
    ///
    /// # Panics
    ///
    /// When a total is above 9, which no hand's total is.
    pub fn of(rules: &DrawingRules, punto_total: u8, banco_total: u8) -> Opening {
        let tables = (&rules.naturals, &rules.punto, &rules.banco);
        match in_order(tables, punto_total, banco_total) {
            None => Opening::Natural,
            Some((punto, banco)) => Opening::Play { punto, banco },
        }
    }

    /// Whether a natural stops the coup.
    pub fn is_natural(self) -> bool {
        matches!(self, Opening::Natural)
    }

    /// Punto's action, or `None` when a natural stops the coup.
    pub fn punto(self) -> Option<Action> {
        match self {
            Opening::Natural => None,
            Opening::Play { punto, .. } => Some(punto),
        }
    }

    /// Banco's action after Punto's move, or `None` when a natural stops the coup.
    pub fn banco(self, punto_move: PuntoMove) -> Option<Action> {
        match self {
            Opening::Natural => None,
            Opening::Play { banco, .. } => Some(banco[punto_move.column()]),
        }
    }

    /// Whether Punto draws and Banco may then draw too, on some third card of Punto's: the
    /// only openings in which both hands can take a third card.
    pub fn both_may_draw(self) -> bool {
        match self {
            Opening::Natural => false,
            Opening::Play { punto, banco } => {
                punto == Action::Draw && banco[..10].contains(&Action::Draw)
            }
        }
    }
}

/// The order of play over any tables laid out as the tableau is: `None` when a natural on
/// either hand stops the coup, else Punto's decision on his total and Banco's row for his.
type Tables<'a, A> = (&'a [bool; 10], &'a [A; 10], &'a [[A; 11]; 10]);

fn in_order<A: Copy>(
    tables: Tables<'_, A>,
    punto_total: u8,
    banco_total: u8,
) -> Option<(A, [A; 11])> {
    let (naturals, punto, banco) = tables;
    let (p, b) = (usize::from(punto_total), usize::from(banco_total));
    if naturals[p] || naturals[b] {
        None
    } else {
        Some((punto[p], banco[b]))
    }
}

/// What follows an opening in a game with choices: the same order of play as [`Opening`], each
/// decision a [`Rule`] that may leave the choice to the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChoiceOpening {
    /// A natural on either hand: neither hand draws.
    Natural,
    /// No natural: Punto's rule on its total, then Banco's rule against each of Punto's moves.
    Play {
        /// Punto's rule on its two-card total.
        punto: Rule,
        /// Banco's row for its two-card total, by [`PuntoMove::column`].
        banco: [Rule; 11],
    },
}

impl ChoiceOpening {
    /// What follows an opening with these two-card totals (each 0 to 9) in a game with choices.
    ///
    /// ```
    /// use punto_banco::play::ChoiceOpening;
    /// use punto_banco::rules::choice::{ChoiceRules, Rule};
    /// let chemin = ChoiceRules::chemin_de_fer();
    /// assert_eq!(ChoiceOpening::of(&chemin, 9, 2), ChoiceOpening::Natural);
    /// assert!(matches!(ChoiceOpening::of(&chemin, 5, 6), ChoiceOpening::Play { punto: Rule::Choice, .. }));
    /// ```
    ///
    /// # Panics
    ///
    /// When a total is above 9, which no hand's total is.
    pub fn of(rules: &ChoiceRules, punto_total: u8, banco_total: u8) -> ChoiceOpening {
        let tables = (&rules.naturals, &rules.punto, &rules.banco);
        match in_order(tables, punto_total, banco_total) {
            None => ChoiceOpening::Natural,
            Some((punto, banco)) => ChoiceOpening::Play { punto, banco },
        }
    }
}

/// What a Punto does in a Baccarat Banque coup that goes on after the naturals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuntoTurn {
    /// He has a natural: he wins, and is settled before anyone draws.
    Natural,
    /// He acts on his two-card total by this rule.
    Acts(Rule),
}

/// What follows an opening in Baccarat Banque: Banco's two cards and each Punto's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BanqueOpening {
    /// Banco has a natural, or both Puntos do: every hand is settled on its two cards.
    Natural,
    /// Play goes on: each Punto (the first, on Banco's right, then the second) is settled on
    /// his natural or acts by his rule; then Banco acts by his rule, once, for both.
    Play {
        /// Punto 1's and Punto 2's turns.
        puntos: [PuntoTurn; 2],
        /// Banco's rule on his two-card total.
        banco: Rule,
    },
}

impl BanqueOpening {
    /// What follows an opening with these two-card totals (each 0 to 9) in Baccarat Banque.
    ///
    /// ```
    /// use punto_banco::play::{BanqueOpening, PuntoTurn};
    /// use punto_banco::rules::banque::BanqueRules;
    /// use punto_banco::rules::choice::Rule;
    /// let rules = BanqueRules::baccara_banque();
    /// assert_eq!(BanqueOpening::of(&rules, [5, 2], 9), BanqueOpening::Natural);
    /// assert_eq!(BanqueOpening::of(&rules, [8, 9], 3), BanqueOpening::Natural);
    /// assert_eq!(
    ///     BanqueOpening::of(&rules, [8, 5], 6),
    ///     BanqueOpening::Play { puntos: [PuntoTurn::Natural, PuntoTurn::Acts(Rule::Choice)], banco: Rule::Choice }
    /// );
    /// ```
    ///
    /// # Panics
    ///
    /// When a total is above 9, which no hand's total is.
    pub fn of(rules: &BanqueRules, punto_totals: [u8; 2], banco_total: u8) -> BanqueOpening {
        let natural = |total: u8| rules.naturals[usize::from(total)];
        if natural(banco_total) || punto_totals.iter().all(|&t| natural(t)) {
            return BanqueOpening::Natural;
        }
        let turn = |total: u8| {
            if natural(total) {
                PuntoTurn::Natural
            } else {
                PuntoTurn::Acts(rules.punto[usize::from(total)])
            }
        };
        BanqueOpening::Play {
            puntos: punto_totals.map(turn),
            banco: rules.banco[usize::from(banco_total)],
        }
    }
}

/// The drawing procedure of a set of drawing rules: what follows each opening.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Plan {
    /// `openings[punto_total][banco_total]`.
    openings: [[Opening; 10]; 10],
}

impl Plan {
    /// The plan of the drawing rules: the one reading of their naturals, Punto's rule and the
    /// Banco tableau in the order of play.
    ///
    /// ```
    /// use punto_banco::play::{Opening, Plan};
    /// use punto_banco::rules::{Action, DrawingRules, PuntoMove};
    /// let plan = Plan::new(&DrawingRules::reference());
    /// assert_eq!(plan.opening(8, 3), Opening::Natural);
    /// assert_eq!(plan.opening(5, 6).punto(), Some(Action::Draw));
    /// assert_eq!(plan.opening(5, 6).banco(PuntoMove::Drew(6)), Some(Action::Draw));
    /// ```
    pub fn new(rules: &DrawingRules) -> Plan {
        let openings =
            std::array::from_fn(|p| std::array::from_fn(|b| Opening::of(rules, p as u8, b as u8)));
        Plan { openings }
    }

    /// What follows an opening with these two-card totals (each 0 to 9).
    ///
    /// # Panics
    ///
    /// When a total is above 9, which no hand's total is.
    pub fn opening(&self, punto_total: u8, banco_total: u8) -> Opening {
        self.openings[usize::from(punto_total)][usize::from(banco_total)]
    }
}

impl From<&DrawingRules> for Plan {
    fn from(rules: &DrawingRules) -> Plan {
        Plan::new(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plan says what the rules' own methods say, for every pair of totals and column.
    fn agrees(rules: &DrawingRules) -> Result<(), TestCaseError> {
        let plan = Plan::new(rules);
        for p in 0..10u8 {
            for b in 0..10u8 {
                let opening = plan.opening(p, b);
                let natural = rules.is_natural(p) || rules.is_natural(b);
                prop_assert_eq!(opening.is_natural(), natural);
                prop_assert_eq!(opening.punto(), (!natural).then(|| rules.punto_action(p)));
                for m in PuntoMove::ALL {
                    prop_assert_eq!(
                        opening.banco(m),
                        (!natural).then(|| rules.banco_action(b, m))
                    );
                }
                let both = !natural
                    && rules.punto_action(p) == Action::Draw
                    && (0..10).any(|v| rules.banco_action(b, PuntoMove::Drew(v)) == Action::Draw);
                prop_assert_eq!(opening.both_may_draw(), both);
            }
        }
        Ok(())
    }

    #[test]
    fn the_reference_plan_follows_the_reference_rules() {
        agrees(&DrawingRules::reference()).unwrap();
    }

    fn action(draw: bool) -> Action {
        if draw { Action::Draw } else { Action::Stand }
    }

    proptest! {
        #[test]
        fn any_plan_follows_its_rules(
            naturals in proptest::array::uniform10(any::<bool>()),
            punto in proptest::array::uniform10(any::<bool>()),
            banco in proptest::collection::vec(any::<bool>(), 110),
        ) {
            let rules = DrawingRules {
                naturals,
                punto: punto.map(action),
                banco: std::array::from_fn(|t| std::array::from_fn(|c| action(banco[t * 11 + c]))),
            };
            agrees(&rules)?;
        }
    }
}
