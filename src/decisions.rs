//! Why each decision of the tableau is what it is: the exact value of every drawing decision
//! of a rule set, on a shoe.
//!
//! Punto Banco fixes every decision, but each one could have gone the other way. For each cell
//! of the Banco tableau (Banco's two-card total against Punto's third card, or "Punto stood")
//! and for each of Punto's two-card totals, [`decisions`] counts the coups twice with the
//! exact engine, once with the hand drawing there and once with it standing, everything else
//! as the rules say, and gives the change in the expected net of the Banco bet and of the
//! Punto bet per coup (under the rule set's own tariff: its commission, its pushes). The sign
//! says which action is better for each side; the tableau is Banco's best response in a cell
//! exactly when the Banco bet's change has the sign of the tableau's action.
//!
//! A coup passes through at most one of Banco's cells and at most one of Punto's totals, so
//! the changes of different cells of one hand add up: the best response in every cell is
//! worth exactly the sum of the gains of the cells where the tableau is not it
//! ([`Decisions::best_response_gain`]).
//!
//! ```
//! use punto_banco::decisions::{Best, decisions};
//! use punto_banco::{Action, Hand, PuntoMove, Rules, Shoe};
//! let values = decisions(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap();
//! // Banco on 0 always draws, and drawing is better for the Banco bet.
//! let cell = values.cell(0, PuntoMove::Stood).unwrap();
//! assert_eq!(cell.tableau, Action::Draw);
//! assert_eq!(cell.best_for(Hand::Banco), Best::Draw);
//! ```

use crate::analysis::Analysis;
use crate::outcome::Hand;
use crate::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules};
use crate::shoe::{Shoe, ShoeError};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// The change, per coup, in the expected net of each main bet when a hand draws instead of
/// stands at one decision (draw minus stand), everything else fixed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Margin {
    /// The change in the Banco bet's expected net per unit staked.
    pub banco: BigRational,
    /// The change in the Punto bet's expected net per unit staked.
    pub punto: BigRational,
}

impl Margin {
    /// The change for the bet on `hand`.
    pub fn on(&self, hand: Hand) -> &BigRational {
        match hand {
            Hand::Banco => &self.banco,
            Hand::Punto => &self.punto,
        }
    }
}

/// Which action is better for a bet at a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Best {
    /// Drawing is strictly better.
    Draw,
    /// Standing is strictly better.
    Stand,
    /// Both are worth the same (a decision no coup of this shoe reaches, or an exact tie).
    Either,
}

impl Best {
    /// The better action for a bet whose expected net changes by `margin` when the hand draws.
    pub fn of(margin: &BigRational) -> Best {
        if margin.is_positive() {
            Best::Draw
        } else if margin.is_negative() {
            Best::Stand
        } else {
            Best::Either
        }
    }

    /// Whether `action` is (one of) the best.
    pub fn allows(self, action: Action) -> bool {
        match self {
            Best::Draw => action == Action::Draw,
            Best::Stand => action == Action::Stand,
            Best::Either => true,
        }
    }

    /// The key in JSON: `draw`, `stand` or `either`.
    pub fn key(self) -> &'static str {
        match self {
            Best::Draw => "draw",
            Best::Stand => "stand",
            Best::Either => "either",
        }
    }
}

/// Where a decision is taken: a cell of the Banco tableau, or one of Punto's totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// Banco's two-card total against Punto's move.
    Banco {
        /// Banco's two-card total (the tableau's row).
        total: u8,
        /// Punto's third card, or that Punto stood (the column).
        punto_move: PuntoMove,
    },
    /// Punto's two-card total.
    Punto {
        /// Punto's two-card total.
        total: u8,
    },
}

/// The value of one decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    /// Where the decision is taken.
    pub place: Place,
    /// What the rule set does there.
    pub tableau: Action,
    /// The probability that a coup reaches the decision.
    pub reach: BigRational,
    /// The change in each bet's expected net per coup when the hand draws instead of stands.
    pub draw_minus_stand: Margin,
}

impl Value {
    /// The better action at this decision for the bet on `hand`.
    pub fn best_for(&self, hand: Hand) -> Best {
        Best::of(self.draw_minus_stand.on(hand))
    }

    /// What the bet on `hand` gains per coup when the decision goes its best way instead of
    /// the tableau's: zero where the tableau is already the best for it.
    pub fn gain_for(&self, hand: Hand) -> BigRational {
        let margin = self.draw_minus_stand.on(hand);
        match self.tableau {
            Action::Draw if margin.is_negative() => -margin,
            Action::Stand if margin.is_positive() => margin.clone(),
            _ => BigRational::zero(),
        }
    }

    /// The change in the bet on `hand` per coup that reaches the decision (the margin divided
    /// by the reach); `None` for a decision no coup reaches.
    pub fn per_coup_reaching(&self, hand: Hand) -> Option<BigRational> {
        (!self.reach.is_zero()).then(|| self.draw_minus_stand.on(hand) / &self.reach)
    }
}

/// The value of every decision of a rule set on a shoe.
#[derive(Debug, Clone)]
pub struct Decisions {
    /// The shoe.
    pub shoe: Shoe,
    /// The rule set.
    pub rules: Rules,
    /// Each cell of the Banco tableau whose total is not a natural, row by row, Punto's third
    /// card 0 to 9 then "Punto stood".
    pub cells: Vec<Value>,
    /// Each of Punto's two-card totals that is not a natural.
    pub punto_totals: Vec<Value>,
    /// Each main bet's expected net per coup under the rules as they are: Punto, Banco, Tie.
    pub expected_nets: [BigRational; 3],
}

impl Decisions {
    /// The value of Banco's cell at `banco_total` against `punto_move`, if it is a decision.
    pub fn cell(&self, banco_total: u8, punto_move: PuntoMove) -> Option<&Value> {
        self.cells.iter().find(|v| {
            v.place
                == Place::Banco {
                    total: banco_total,
                    punto_move,
                }
        })
    }

    /// The value of Punto's decision on `punto_total`, if it is a decision.
    pub fn punto_total(&self, punto_total: u8) -> Option<&Value> {
        self.punto_totals
            .iter()
            .find(|v| v.place == Place::Punto { total: punto_total })
    }

    /// The decisions of `hand` where the rule set's action is not the best for the bet on
    /// that hand (Banco's cells for Banco, Punto's totals for Punto).
    pub fn not_best(&self, hand: Hand) -> impl Iterator<Item = &Value> {
        self.of(hand)
            .iter()
            .filter(move |v| !v.best_for(hand).allows(v.tableau))
    }

    /// What the bet on `hand` gains per coup when that hand plays its best response in every
    /// one of its decisions, the other hand's rule fixed: the sum of the gains of the
    /// decisions where the tableau is not the best (decisions of one hand never meet in a
    /// coup, so their changes add up).
    pub fn best_response_gain(&self, hand: Hand) -> BigRational {
        self.of(hand)
            .iter()
            .map(|v| v.gain_for(hand))
            .fold(BigRational::zero(), |sum, gain| sum + gain)
    }

    /// The drawing rules in which `hand` plays the best response for its own bet in every
    /// decision (keeping the tableau's action where both are worth the same).
    pub fn best_response(&self, hand: Hand) -> DrawingRules {
        let mut drawing = self.rules.drawing.clone();
        for value in self.of(hand) {
            let action = match value.best_for(hand) {
                Best::Draw => Action::Draw,
                Best::Stand => Action::Stand,
                Best::Either => value.tableau,
            };
            drawing = with_action(&drawing, value.place, action);
        }
        drawing
    }

    fn of(&self, hand: Hand) -> &[Value] {
        match hand {
            Hand::Banco => &self.cells,
            Hand::Punto => &self.punto_totals,
        }
    }
}

/// The drawing rules with the decision at `place` set to `action`.
pub fn with_action(drawing: &DrawingRules, place: Place, action: Action) -> DrawingRules {
    match place {
        Place::Banco { total, punto_move } => drawing.with_banco_cell(total, punto_move, action),
        Place::Punto { total } => {
            let mut drawing = drawing.clone();
            drawing.punto[usize::from(total)] = action;
            drawing
        }
    }
}

/// The value of every drawing decision of `rules` on `shoe`: each Banco cell and each Punto
/// total that is not a natural, counted by the exact engine with the hand drawing and with it
/// standing there, everything else as the rules say.
pub fn decisions(shoe: &Shoe, rules: &Rules) -> Result<Decisions, ShoeError> {
    let drawing = &rules.drawing;
    let base = Analysis::new(shoe, rules)?;
    let sequences = BigInt::from(base.sequences().clone());
    let reach = crate::engine::cell_reach(shoe, drawing)?;
    let expected_nets = MainBet::ALL.map(|bet| base.expected_net(rules.tariff.bet(bet)));
    let value = |place: Place, reached: &num_bigint::BigUint| -> Result<Value, ShoeError> {
        let tableau = match place {
            Place::Banco { total, punto_move } => drawing.banco_action(total, punto_move),
            Place::Punto { total } => drawing.punto_action(total),
        };
        // The rules as they are give one side of the difference; the other is counted.
        let other = match tableau {
            Action::Draw => Action::Stand,
            Action::Stand => Action::Draw,
        };
        let flipped = Analysis::new(
            shoe,
            &Rules {
                drawing: with_action(drawing, place, other),
                tariff: rules.tariff.clone(),
            },
        )?;
        let net = |analysis: &Analysis, bet| analysis.expected_net(rules.tariff.bet(bet));
        let change = |bet| {
            let (as_is, other) = (net(&base, bet), net(&flipped, bet));
            match tableau {
                Action::Draw => as_is - other,
                Action::Stand => other - as_is,
            }
        };
        Ok(Value {
            place,
            tableau,
            reach: BigRational::new(BigInt::from(reached.clone()), sequences.clone()),
            draw_minus_stand: Margin {
                banco: change(MainBet::Banco),
                punto: change(MainBet::Punto),
            },
        })
    };
    let open = |total: &u8| !drawing.is_natural(*total);
    let mut cells = Vec::new();
    for total in (0..10u8).filter(open) {
        for punto_move in PuntoMove::ALL {
            cells.push(value(
                Place::Banco { total, punto_move },
                &reach.banco[usize::from(total)][punto_move.column()],
            )?);
        }
    }
    let punto_totals = (0..10u8)
        .filter(open)
        .map(|total| value(Place::Punto { total }, &reach.punto[usize::from(total)]))
        .collect::<Result<_, _>>()?;
    Ok(Decisions {
        shoe: shoe.clone(),
        rules: rules.clone(),
        cells,
        punto_totals,
        expected_nets,
    })
}
