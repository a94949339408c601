//! Games with choices: Chemin de Fer, and any rule set that leaves a decision to a hand, as
//! exact two-person games, solved exactly.
//!
//! Punto Banco fixes every decision. Chemin de Fer leaves Punto's five to the player and every
//! cell of the tableau to the banker; a claimed rule set may leave a few cells "au choix". A
//! [`ChoiceRules`] says, for each Punto total and each tableau cell, whether the hand draws,
//! stands or chooses. A [`Game`] adds what each side knows when it chooses ([`Information`]),
//! the shoe ([`Draws`]: a composition, or cards drawn with replacement) and the commission on
//! Banco's winnings.
//!
//! The game is walked once over every opening, every third card of each hand, with exact
//! integer weights, into its bilinear form: each coup passes through at most one decision of
//! Punto's and one of Banco's, so each side's expectation is
//! `c + a·p + b·q + pᵀMq` in the draw probabilities `p` of Punto's information sets and `q`
//! of Banco's ([`Form`]). [`Game::solve`] then finds the equilibria exactly:
//!
//! 1. iterated elimination of strictly dominated choices (a cell where drawing is better, or
//!    worse, whatever the other side does; a linear function's range over a box is read off
//!    its coefficients);
//! 2. support enumeration over what is left: for each way of letting some of Punto's choices
//!    be mixed and as many of Banco's, the indifference equations are two small linear systems
//!    solved in exact rationals, and the candidate is kept when every probability lies in
//!    [0, 1] and every pure choice is a best reply.
//!
//! Every solution carries a [`Certificate`]: the gain of each side's best pure deviation,
//! computed cell by cell (a best reply to a fixed strategy is the best choice in each of one's
//! own information sets), which is exactly zero for an equilibrium.
//!
//! The solution is called unique only when it is proved so. In a zero-sum game the proof is
//! local: optimal strategies are interchangeable, so an equilibrium whose pure choices are all
//! strictly best, with as many mixed sets on each side and nonsingular indifference
//! equations, admits no other optimal strategy for either side. In a bimatrix game it is the
//! enumeration's: one equilibrium found, and no degenerate support met (a singular system
//! with solutions, or a tie outside a support), where others could hide.
//!
//! Zero commission makes the game zero-sum (a tie pays nothing, a win +1, a loss −1): the
//! equilibrium strategies are then the optimal ones and Punto's expectation is the value.
//! With a commission the game is a bimatrix game and each equilibrium is listed.
//!
//! ```
//! use punto_banco::choices::{Draws, Game, Information};
//! // Kemeny and Snell (1957), with replacement: Punto draws at five with probability 9/11.
//! let game = Game::chemin_de_fer(Information::Totals, Draws::WithReplacement);
//! let solution = game.solve().unwrap();
//! assert_eq!(solution.profile.punto[0].1.to_string(), "9/11");
//! assert!(solution.unique && solution.certificate.certified());
//! ```

pub mod banque;
pub mod commission;
mod game;
mod solve;

pub use game::{BancoHand, BancoSet, Form, KnownHand, Payoff, PuntoSet};
pub use solve::{Certificate, Evaluation, Profile, Solution};

/// The rules of a game with choices live with the other rules; they are re-exported here.
pub use crate::rules::choice::{ChoiceRules, Rule};

use crate::progress::{Progress, SILENT};
use crate::shoe::{Shoe, ShoeError};
use num_rational::Ratio;
use std::fmt;
use std::str::FromStr;

/// What each side knows when it chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Information {
    /// Each side knows its own two-card total (and Banco sees Punto's third card, or that
    /// Punto stood).
    Totals,
    /// Banco also knows which two cards make his total (0+3 or 1+2, say).
    BancoCards,
    /// Punto knows his two cards too, and chooses separately for each way of making his total.
    BothCards,
}

impl Information {
    /// The three models, from least to most information.
    pub const ALL: [Information; 3] = [
        Information::Totals,
        Information::BancoCards,
        Information::BothCards,
    ];

    /// The model's name on the command line and in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Information::Totals => "totals",
            Information::BancoCards => "banco-cards",
            Information::BothCards => "both-cards",
        }
    }
}

impl fmt::Display for Information {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// An information model that is not one of the three.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown information model `{0}`; accepted: totals, banco-cards, both-cards")]
pub struct InformationError(pub String);

impl FromStr for Information {
    type Err = InformationError;

    fn from_str(text: &str) -> Result<Information, InformationError> {
        Information::ALL
            .into_iter()
            .find(|model| model.key() == text)
            .ok_or_else(|| InformationError(text.to_string()))
    }
}

/// Where the cards come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Draws {
    /// A shoe of known composition, dealt without replacement.
    Shoe(Shoe),
    /// An infinite shoe: each card is a ten-valued one with probability 4/13 and each other
    /// value with probability 1/13, independently of the cards already dealt.
    WithReplacement,
}

/// A game with choices: the rules, what each side knows, the shoe, and the commission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Which decisions are left to the hands.
    pub rules: ChoiceRules,
    /// What each side knows when it chooses.
    pub information: Information,
    /// Where the cards come from.
    pub draws: Draws,
    /// The share of Banco's winnings the house takes (0 for none, 1/20 for five per cent).
    pub commission: Ratio<i64>,
}

/// A game that cannot be built or solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChoicesError {
    /// The shoe cannot finish a coup.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// The shoe is larger than the exact walk's 128-bit weights hold.
    #[error("a shoe of {cards} cards is too large for the game solver (at most {max} cards)")]
    ShoeTooLarge {
        /// The shoe's cards.
        cards: u64,
        /// The most accepted.
        max: u64,
    },
    /// A commission outside [0, 1).
    #[error(
        "a commission of {0} is not a share of Banco's winnings: give one from 0% up to, not including, 100%"
    )]
    Commission(String),
    /// A strategy profile that does not fit the game's information sets.
    #[error("the strategy has {given} {side} decisions, the game {expected}")]
    ProfileMismatch {
        /// Which side's list is wrong.
        side: &'static str,
        /// The decisions given.
        given: usize,
        /// The decisions the game has.
        expected: usize,
    },
    /// A probability outside [0, 1] in a strategy profile.
    #[error("a drawing probability of {0} is not between 0 and 1")]
    Probability(String),
    /// Too many undecided choices remain after dominance for the exact enumeration.
    #[error(
        "{punto} of Punto's and {banco} of Banco's choices remain undecided after dominance: \
         {patterns} supports are more than the exact enumeration examines (at most {max})"
    )]
    TooManySupports {
        /// Punto's undecided choices.
        punto: usize,
        /// Banco's undecided choices.
        banco: usize,
        /// The supports to examine.
        patterns: u128,
        /// The most examined.
        max: u128,
    },
    /// The enumeration found no equilibrium: possible only in a degenerate game, and said
    /// rather than answered wrong.
    #[error("no equilibrium found: the game is degenerate at every support examined")]
    NoEquilibrium,
}

impl Game {
    /// Chemin de Fer ([`ChoiceRules::chemin_de_fer`]) with no commission.
    pub fn chemin_de_fer(information: Information, draws: Draws) -> Game {
        Game {
            rules: ChoiceRules::chemin_de_fer(),
            information,
            draws,
            commission: Ratio::from_integer(0),
        }
    }

    /// The same game with the house taking `commission` of Banco's winnings.
    pub fn with_commission(mut self, commission: Ratio<i64>) -> Result<Game, ChoicesError> {
        if commission < Ratio::from_integer(0) || commission >= Ratio::from_integer(1) {
            return Err(ChoicesError::Commission(commission.to_string()));
        }
        self.commission = commission;
        Ok(self)
    }

    /// Whether the game is zero-sum (no commission).
    pub fn is_zero_sum(&self) -> bool {
        self.commission == Ratio::from_integer(0)
    }

    /// The game's bilinear form: every coup walked once with exact weights.
    pub fn form(&self) -> Result<Form, ChoicesError> {
        game::walk(self)
    }

    /// The equilibria of the game, certified; see the module's documentation.
    pub fn solve(&self) -> Result<Solution, ChoicesError> {
        self.solve_with_progress(SILENT)
    }

    /// [`Game::solve`], telling `progress` of each face of the supports examined once the
    /// game is walked ([`Stage::Supports`](crate::progress::Stage::Supports)).
    pub fn solve_with_progress(&self, progress: &dyn Progress) -> Result<Solution, ChoicesError> {
        let form = self.form()?;
        let solution = solve::solve(&form, progress);
        progress.finish();
        solution
    }

    /// Both sides' expectations of a strategy profile and the gain of each side's best pure
    /// deviation from it, with every decision's margin (draw minus stand).
    pub fn evaluate(&self, profile: &Profile) -> Result<Evaluation, ChoicesError> {
        let form = self.form()?;
        form.evaluate(profile)
    }
}
