//! The rules of a game with choices: drawing rules where a hand may be left to choose.
//!
//! Punto Banco fixes every decision ([`DrawingRules`]); Chemin de Fer and Baccarat Banque leave
//! some to the players. A [`ChoiceRules`] is laid out as the tableau is, each decision a
//! [`Rule`]: draw, stand, or the hand's choice. The order of play that reads it is
//! [`crate::play::ChoiceOpening`]; the games themselves are solved in [`crate::choices`].

use crate::rules::{Action, DrawingRules, PuntoMove};

/// What a hand does at one of its decisions in a game with choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Always takes a third card.
    Draw,
    /// Always keeps two cards.
    Stand,
    /// Chooses: the game's players decide.
    Choice,
}

impl From<Action> for Rule {
    fn from(action: Action) -> Rule {
        match action {
            Action::Draw => Rule::Draw,
            Action::Stand => Rule::Stand,
        }
    }
}

/// Drawing rules where some decisions are left to the hands: Punto's rule on each two-card
/// total and Banco's in each cell of the tableau (rows: Banco's two-card total 0–9; columns:
/// Punto's third card 0–9, then "Punto stood").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChoiceRules {
    /// Two-card totals that are naturals: a natural on either hand stops all drawing.
    pub naturals: [bool; 10],
    /// Punto's rule on each two-card total, when neither hand has a natural.
    pub punto: [Rule; 10],
    /// Banco's rule by Banco two-card total and Punto's move ([`PuntoMove::column`]).
    pub banco: [[Rule; 11]; 10],
}

impl ChoiceRules {
    /// Chemin de Fer as its game is studied (Kemeny and Snell, 1957; Ethier and Gámez, 2013):
    /// Punto draws on 0–4, stands on 6–7 and chooses at 5; Banco chooses in every cell of
    /// totals 0–7; eight and nine are naturals.
    pub fn chemin_de_fer() -> ChoiceRules {
        let mut punto = [Rule::Stand; 10];
        for rule in &mut punto[..5] {
            *rule = Rule::Draw;
        }
        punto[5] = Rule::Choice;
        let mut banco = [[Rule::Stand; 11]; 10];
        for row in &mut banco[..8] {
            *row = [Rule::Choice; 11];
        }
        let mut naturals = [false; 10];
        naturals[8] = true;
        naturals[9] = true;
        ChoiceRules {
            naturals,
            punto,
            banco,
        }
    }

    /// The drawing rules with no choice left: every decision as `drawing` fixes it.
    pub fn fixed(drawing: &DrawingRules) -> ChoiceRules {
        let DrawingRules {
            naturals,
            punto,
            banco,
        } = drawing;
        ChoiceRules {
            naturals: *naturals,
            punto: punto.map(Rule::from),
            banco: banco.map(|row| row.map(Rule::from)),
        }
    }

    /// The same rules with Punto choosing on `punto_totals` and Banco in `banco_cells`.
    pub fn with_choices(mut self, punto_totals: &[u8], banco_cells: &[(u8, PuntoMove)]) -> Self {
        for &total in punto_totals {
            self.punto[usize::from(total % 10)] = Rule::Choice;
        }
        for &(total, punto_move) in banco_cells {
            self.banco[usize::from(total % 10)][punto_move.column()] = Rule::Choice;
        }
        self
    }

    /// Punto's two-card totals where he chooses (naturals excluded), in order.
    pub fn punto_choices(&self) -> Vec<u8> {
        (0..10u8)
            .filter(|&t| {
                !self.naturals[usize::from(t)] && self.punto[usize::from(t)] == Rule::Choice
            })
            .collect()
    }

    /// Banco's cells where he chooses (natural totals excluded), row by row.
    pub fn banco_choices(&self) -> Vec<(u8, PuntoMove)> {
        let mut cells = Vec::new();
        for total in 0..10u8 {
            if self.naturals[usize::from(total)] {
                continue;
            }
            for punto_move in PuntoMove::ALL {
                if self.banco[usize::from(total)][punto_move.column()] == Rule::Choice {
                    cells.push((total, punto_move));
                }
            }
        }
        cells
    }

    /// Whether no decision is left to a hand.
    pub fn is_fixed(&self) -> bool {
        self.punto_choices().is_empty() && self.banco_choices().is_empty()
    }
}
