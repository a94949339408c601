//! The checker: compares claimed rules with the reference, exactly, on the claimed shoe, and
//! reports each difference with its cost and each stated figure with its verdict.

use super::{CheckError, Claimed};
use crate::analysis::Analysis;
use crate::choices::Information;
use crate::rules::{Action, Bet, DrawingRules, MainBet, PuntoMove, Rules};
use crate::variants::{Claim, ClaimTarget, Stated};
use num_bigint::BigInt;
use num_rational::BigRational;

/// A cell of the drawing rules, where the claimed rules and the reference can disagree: a
/// cell of the Banco tableau, Punto's rule on a total, or whether a total is a natural. (A
/// [`crate::coup::Decision`] is one taken in a coup, with its action; this is the rule's
/// place, without one.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawingCell {
    /// A cell of the Banco tableau.
    Banco {
        /// Banco's two-card total (the row).
        total: u8,
        /// What Punto did (the column).
        punto_move: PuntoMove,
    },
    /// Punto's rule on a two-card total.
    Punto {
        /// Punto's two-card total.
        total: u8,
    },
    /// Whether a two-card total is a natural.
    Natural {
        /// The two-card total.
        total: u8,
    },
}

/// The exact change of each main bet's house edge (claimed minus reference), in the order
/// Punto, Banco, Tie.
pub type EdgeChanges = [BigRational; 3];

/// A drawing difference with its exact cost.
#[derive(Debug, Clone)]
pub struct DrawingDifference {
    /// The cell of the drawing rules where they differ.
    pub decision: DrawingCell,
    /// What the claimed rules do (for a natural: `Stand` means "is a natural").
    pub claimed: Action,
    /// What the reference does.
    pub reference: Action,
    /// The probability that a coup reaches this decision, under the claimed rules; `None` for naturals.
    pub reach: Option<BigRational>,
    /// The change this difference alone makes to each main bet's edge, under the reference tariff.
    pub edge_change: EdgeChanges,
}

/// A bet whose terms differ from the reference's, or that the reference lacks.
#[derive(Debug, Clone)]
pub struct TariffDifference {
    /// The bet's key.
    pub key: String,
    /// The bet's terms in the claimed rules, when they have it.
    pub claimed: Option<Bet>,
    /// The bet's terms in the reference, when it has it.
    pub reference: Option<Bet>,
    /// The bet's edge under the claimed terms (with the reference drawing rules), when claimed.
    pub claimed_edge: Option<BigRational>,
    /// The bet's edge under the reference terms, when the reference has it.
    pub reference_edge: Option<BigRational>,
}

/// A claim and its verdict.
#[derive(Debug, Clone)]
pub struct ClaimResult {
    /// The claim as stated.
    pub claim: Claim,
    /// The exact value; `None` when the claim names a bet the rules lack.
    pub exact: Option<BigRational>,
    /// Whether the stated figure rounds from the exact value.
    pub holds: bool,
}

impl ClaimResult {
    /// Whether the verdict is the one the claim expects: the figure holds, or, for a figure
    /// recorded as published wrong ([`Claim::published_wrong`]), it is false against an exact
    /// value (a claim naming a bet the rules lack is never as expected).
    pub fn as_expected(&self) -> bool {
        match self.claim.published_wrong {
            None => self.holds,
            Some(_) => self.exact.is_some() && !self.holds,
        }
    }
}

/// The checker's findings.
#[derive(Debug, Clone)]
pub struct Report {
    /// The claimed rules that were checked.
    pub claimed: Claimed,
    /// Each drawing cell where the claimed rules differ, with its cost.
    pub drawing_differences: Vec<DrawingDifference>,
    /// All drawing differences together, under the reference tariff.
    pub drawing_change: EdgeChanges,
    /// Each bet whose terms differ, or that only one side has.
    pub tariff_differences: Vec<TariffDifference>,
    /// Each main bet's edge under the reference and under the claimed rules (drawing and tariff).
    pub reference_edges: EdgeChanges,
    /// Each main bet's edge under the claimed rules.
    pub claimed_edges: EdgeChanges,
    /// Each stated figure with its verdict.
    pub claims: Vec<ClaimResult>,
    /// When the claim leaves decisions to the hands: the game with choices it describes,
    /// solved. The differences above are then those of its fixed cells.
    pub game_with_choices: Option<super::ChoicesAnalysis>,
}

impl Report {
    /// Whether every claim holds, or is false where the claim records a figure published
    /// wrongly (differences alone are information, not failure).
    pub fn claims_hold(&self) -> bool {
        self.claims.iter().all(ClaimResult::as_expected)
    }
}

fn main_edges(analysis: &Analysis) -> EdgeChanges {
    MainBet::ALL.map(|bet| analysis.edge(bet))
}

fn minus(a: &EdgeChanges, b: &EdgeChanges) -> EdgeChanges {
    [0, 1, 2].map(|i| &a[i] - &b[i])
}

/// Compares a claimed rule set with the reference, exactly, on the claimed shoe; a claim that
/// leaves decisions to the hands is also solved as a game with choices, each side knowing its
/// own total ([`Information::Totals`]).
pub fn check(claimed: Claimed) -> Result<Report, CheckError> {
    check_with(claimed, Information::Totals)
}

/// [`check`], with a game with choices solved under the information model given.
pub fn check_with(claimed: Claimed, information: Information) -> Result<Report, CheckError> {
    let game_with_choices = match &claimed.choices {
        Some(rules) => Some(super::analyse(&claimed, rules, information)?),
        None => None,
    };
    let shoe = &claimed.shoe;
    let reference = Rules::reference();
    let reference_analysis = Analysis::new(shoe, &reference)?;
    let reference_edges = main_edges(&reference_analysis);
    let sequences = BigInt::from(reference_analysis.sequences().clone());
    let fraction = |count: &num_bigint::BigUint| {
        BigRational::new(BigInt::from(count.clone()), sequences.clone())
    };

    let with_drawing = |drawing: DrawingRules| -> Result<EdgeChanges, CheckError> {
        let rules = Rules {
            drawing,
            tariff: reference.tariff.clone(),
        };
        Ok(minus(
            &main_edges(&Analysis::new(shoe, &rules)?),
            &reference_edges,
        ))
    };

    let ours = &reference.drawing;
    let theirs = &claimed.rules.drawing;
    let reach = crate::engine::cell_reach(shoe, theirs)?;
    let mut drawing_differences = Vec::new();
    for total in 0..10u8 {
        if ours.naturals[total as usize] != theirs.naturals[total as usize] {
            // The claim's own Punto and Banco rows for this total come with it: when the
            // total stops being a natural they are consulted, and the reference has none.
            let mut changed = ours.clone();
            changed.naturals[total as usize] = theirs.naturals[total as usize];
            changed.punto[total as usize] = theirs.punto[total as usize];
            changed.banco[total as usize] = theirs.banco[total as usize];
            let as_action = |natural: bool| if natural { Action::Stand } else { Action::Draw };
            drawing_differences.push(DrawingDifference {
                decision: DrawingCell::Natural { total },
                claimed: as_action(theirs.naturals[total as usize]),
                reference: as_action(ours.naturals[total as usize]),
                reach: None,
                edge_change: with_drawing(changed)?,
            });
        }
    }
    for total in (0..10u8).filter(|&t| !ours.is_natural(t) && !theirs.is_natural(t)) {
        if ours.punto_action(total) != theirs.punto_action(total) {
            let mut changed = ours.clone();
            changed.punto[total as usize] = theirs.punto_action(total);
            drawing_differences.push(DrawingDifference {
                decision: DrawingCell::Punto { total },
                claimed: theirs.punto_action(total),
                reference: ours.punto_action(total),
                reach: Some(fraction(&reach.punto[total as usize])),
                edge_change: with_drawing(changed)?,
            });
        }
    }
    for total in (0..10u8).filter(|&t| !ours.is_natural(t) && !theirs.is_natural(t)) {
        for punto_move in PuntoMove::ALL {
            let (a, b) = (
                ours.banco_action(total, punto_move),
                theirs.banco_action(total, punto_move),
            );
            if a != b {
                drawing_differences.push(DrawingDifference {
                    decision: DrawingCell::Banco { total, punto_move },
                    claimed: b,
                    reference: a,
                    reach: Some(fraction(&reach.banco[total as usize][punto_move.column()])),
                    edge_change: with_drawing(ours.with_banco_cell(total, punto_move, b))?,
                });
            }
        }
    }
    let drawing_change = if drawing_differences.is_empty() {
        minus(&reference_edges, &reference_edges)
    } else {
        with_drawing(theirs.clone())?
    };

    let mut tariff_differences = Vec::new();
    let reference_bets = reference.tariff.all();
    let claimed_bets = claimed.rules.tariff.all();
    let mut keys: Vec<&str> = reference_bets.iter().map(|(k, _)| *k).collect();
    for (key, _) in &claimed_bets {
        if !keys.contains(key) {
            keys.push(key);
        }
    }
    let claimed_analysis = Analysis::new(shoe, &claimed.rules)?;
    let claimed_edges = main_edges(&claimed_analysis);
    for key in keys {
        let ours = reference_bets
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, t)| (*t).clone());
        let theirs = claimed_bets
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, t)| (*t).clone());
        if ours == theirs {
            continue;
        }
        tariff_differences.push(TariffDifference {
            key: key.to_string(),
            claimed_edge: None,
            reference_edge: ours.as_ref().map(|t| reference_analysis.edge_of(t)),
            claimed: theirs,
            reference: ours,
        });
    }
    // A differing bet's claimed edge is taken under the reference drawing rules. When the
    // claimed rules draw as the reference does, that is the claimed analysis, and each bet is
    // computed once for its difference and its claims together.
    let differing: Vec<Claim> = tariff_differences
        .iter()
        .filter(|d| d.claimed.is_some())
        .map(|d| {
            Claim::new(
                ClaimTarget::Edge(d.key.clone()),
                Stated::parse("0").expect("a figure"),
            )
        })
        .collect();
    let mut values = if claimed.rules.drawing == reference.drawing {
        let mut all = claimed.claims.clone();
        all.extend(differing);
        Claim::values(&all, &claimed_analysis)
    } else {
        let on_reference_drawing = Analysis::new(
            shoe,
            &Rules {
                drawing: reference.drawing.clone(),
                tariff: claimed.rules.tariff.clone(),
            },
        )?;
        let mut values = Claim::values(&claimed.claims, &claimed_analysis);
        values.extend(Claim::values(&differing, &on_reference_drawing));
        values
    };
    let mut edges = values.split_off(claimed.claims.len()).into_iter();
    for difference in &mut tariff_differences {
        if difference.claimed.is_some() {
            difference.claimed_edge = edges.next().flatten();
        }
    }
    let claims = claimed
        .claims
        .iter()
        .zip(values)
        .map(|(claim, exact)| {
            let holds = exact.as_ref().is_some_and(|e| claim.stated.holds(e));
            ClaimResult {
                claim: claim.clone(),
                exact,
                holds,
            }
        })
        .collect();
    Ok(Report {
        claimed,
        drawing_differences,
        drawing_change,
        tariff_differences,
        reference_edges,
        claimed_edges,
        claims,
        game_with_choices,
    })
}
