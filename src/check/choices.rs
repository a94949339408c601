//! A claimed rule set that leaves decisions to the hands, analysed as the game with choices it
//! describes: solved exactly ([`crate::choices`]), each fixed cell weighed against the best
//! response at the equilibrium.

use super::{CheckError, Claimed};
use crate::choices::{ChoiceRules, Draws, Game, Information, Profile, Rule, Solution};
use crate::outcome::Hand;
use crate::outcome::Winner;
use crate::rules::{Action, MainBet, PuntoMove};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{Signed, Zero};

/// What a claimed game with choices is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoicesName {
    /// Punto chooses at five and nowhere else, and Banco chooses in some cells: the shape of
    /// Chemin de Fer.
    CheminDeFer,
    /// Any other game that leaves decisions to the hands.
    GameWithChoices,
}

impl ChoicesName {
    /// The name of a game with choices by its shape.
    pub fn of(rules: &ChoiceRules) -> ChoicesName {
        if rules.punto_choices() == [5] && !rules.banco_choices().is_empty() {
            ChoicesName::CheminDeFer
        } else {
            ChoicesName::GameWithChoices
        }
    }

    /// The key in JSON: `chemin_de_fer` or `game_with_choices`.
    pub fn key(self) -> &'static str {
        match self {
            ChoicesName::CheminDeFer => "chemin_de_fer",
            ChoicesName::GameWithChoices => "game_with_choices",
        }
    }
}

/// Where the Banco commission of the solved game comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommissionSource {
    /// The claim states a tariff whose Banco bet pays a win less this commission.
    Tariff,
    /// The claim states no tariff (a grid or a range table): the game is solved without one.
    NotStated,
    /// The claim's Banco bet is not a plain win less a commission (its first line is not
    /// "Banco wins", or pays more than even money): the game is solved without one.
    NotACommission,
}

/// A fixed cell of the claim (one the claim does not leave to a hand) at the equilibrium.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedCell {
    /// The hand that decides there.
    pub hand: Hand,
    /// That hand's two-card total.
    pub total: u8,
    /// For Banco: Punto's move (the tableau's column); `None` for Punto.
    pub punto_move: Option<PuntoMove>,
    /// What the claim fixes.
    pub action: Action,
    /// The deciding side's expectation per coup (of all coups) when it draws in this cell
    /// less when it stands, the other side playing the equilibrium: summed over the
    /// information sets the cell holds when the information model tells cards apart.
    pub margin: BigRational,
    /// Whether the fixed action is a best response in every information set of the cell.
    pub best_response: bool,
    /// What the deciding side loses per coup by departing from the fixed action in the whole
    /// cell (negative: what it gains).
    pub departing_costs: BigRational,
}

/// The analysis of a claimed game with choices.
#[derive(Debug, Clone)]
pub struct ChoicesAnalysis {
    /// What the game is called.
    pub name: ChoicesName,
    /// The claim's rules, with the decisions it leaves to the hands.
    pub rules: ChoiceRules,
    /// The game that was solved.
    pub game: Game,
    /// Where the commission comes from.
    pub commission_source: CommissionSource,
    /// The game's solution.
    pub solution: Solution,
    /// Every fixed cell of the claim (Punto's totals, then Banco's cells row by row), naturals
    /// excluded.
    pub fixed_cells: Vec<FixedCell>,
}

/// The Banco commission a claimed tariff states: one less the net of its Banco bet's first
/// pay line, when that line is a plain "Banco wins" paying from 0 up to even money.
fn commission_of(claimed: &Claimed) -> (Ratio<i64>, CommissionSource) {
    let zero = Ratio::from_integer(0);
    if claimed.assumed.contains(&super::Assumed::Tariff) {
        return (zero, CommissionSource::NotStated);
    }
    let bet = claimed.rules.tariff.bet(MainBet::Banco);
    match bet.lines.first() {
        Some(line)
            if line.when == crate::rules::Condition::wins(Winner::Banco).into()
                && line.net > zero
                && line.net <= Ratio::from_integer(1) =>
        {
            (Ratio::from_integer(1) - line.net, CommissionSource::Tariff)
        }
        _ => (zero, CommissionSource::NotACommission),
    }
}

/// The rules of the game where every decision is left to the hands, with the claim's naturals:
/// its form has an information set for every cell, so that one evaluation gives every cell's
/// margin.
fn every_choice(rules: &ChoiceRules) -> ChoiceRules {
    let mut all = rules.clone();
    for total in 0..10 {
        if !all.naturals[total] {
            all.punto[total] = Rule::Choice;
            all.banco[total] = [Rule::Choice; 11];
        }
    }
    all
}

fn probability(rule: Rule) -> BigRational {
    BigRational::from_integer(BigInt::from(u8::from(rule == Rule::Draw)))
}

/// The probability of drawing in `set`: the solution's where the claim leaves the choice
/// (0 for a set the solved game does not have), the claim's own rule where it fixes one.
fn chosen_or_fixed<S: PartialEq>(solved: &[(S, BigRational)], set: S, rule: Rule) -> BigRational {
    match rule {
        Rule::Choice => solved
            .iter()
            .find(|(s, _)| *s == set)
            .map_or_else(BigRational::zero, |(_, p)| p.clone()),
        fixed => probability(fixed),
    }
}

/// Solves a claimed game with choices and weighs each fixed cell at the equilibrium.
pub fn analyse(
    claimed: &Claimed,
    rules: &ChoiceRules,
    information: Information,
) -> Result<ChoicesAnalysis, CheckError> {
    let (commission, commission_source) = commission_of(claimed);
    let game = Game {
        rules: rules.clone(),
        information,
        draws: Draws::Shoe(claimed.shoe.clone()),
        commission: Ratio::from_integer(0),
    }
    .with_commission(commission)?;
    let solution = game.solve()?;
    let whole = Game {
        rules: every_choice(rules),
        ..game.clone()
    };
    let form = whole.form()?;
    // The equilibrium extended to every cell: a fixed cell plays as the claim fixes it.
    let profile = Profile {
        punto: form
            .punto_sets
            .iter()
            .map(|&set| {
                let rule = rules.punto[usize::from(set.total())];
                let p = chosen_or_fixed(&solution.profile.punto, set, rule);
                (set, p)
            })
            .collect(),
        banco: form
            .banco_sets
            .iter()
            .map(|&set| {
                let rule = rules.banco[usize::from(set.banco.total())][set.punto.column()];
                let q = chosen_or_fixed(&solution.profile.banco, set, rule);
                (set, q)
            })
            .collect(),
    };
    let evaluation = form.evaluate(&profile)?;
    let mut fixed_cells = Vec::new();
    let mut push = |hand: Hand,
                    total: u8,
                    punto_move: Option<PuntoMove>,
                    rule: Rule,
                    margins: Vec<&BigRational>| {
        let action = match rule {
            Rule::Draw => Action::Draw,
            Rule::Stand => Action::Stand,
            Rule::Choice => return,
        };
        let margin: BigRational = margins.iter().copied().sum();
        let best_response = margins.iter().all(|m| match action {
            Action::Draw => !m.is_negative(),
            Action::Stand => !m.is_positive(),
        });
        let departing_costs = match action {
            Action::Draw => margin.clone(),
            Action::Stand => -margin.clone(),
        };
        fixed_cells.push(FixedCell {
            hand,
            total,
            punto_move,
            action,
            margin,
            best_response,
            departing_costs,
        });
    };
    for total in (0..10u8).filter(|&t| !rules.naturals[usize::from(t)]) {
        let margins = evaluation
            .punto_margins
            .iter()
            .filter(|(set, _)| set.total() == total)
            .map(|(_, m)| m)
            .collect();
        push(
            Hand::Punto,
            total,
            None,
            rules.punto[usize::from(total)],
            margins,
        );
    }
    for total in (0..10u8).filter(|&t| !rules.naturals[usize::from(t)]) {
        for punto_move in PuntoMove::ALL {
            let margins = evaluation
                .banco_margins
                .iter()
                .filter(|(set, _)| set.banco.total() == total && set.punto == punto_move)
                .map(|(_, m)| m)
                .collect();
            push(
                Hand::Banco,
                total,
                Some(punto_move),
                rules.banco[usize::from(total)][punto_move.column()],
                margins,
            );
        }
    }
    Ok(ChoicesAnalysis {
        name: ChoicesName::of(rules),
        rules: rules.clone(),
        game,
        commission_source,
        solution,
        fixed_cells,
    })
}
