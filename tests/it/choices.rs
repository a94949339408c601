//! The games with choices: the published anchors, and every solution held to a second,
//! deliberately naive computation.
//!
//! The naive path shares nothing with the solver: it plays each of the 10⁶ ordered sequences
//! of six card values under a pure strategy profile, weighting each by its ways in the shoe,
//! and it solves the reduced 2 × 2 game left when every choice but one of each side's is fixed
//! by the closed form of a 2 × 2 game.

use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{One, Zero};
use punto_banco::analysis::Analysis;
use punto_banco::choices::{
    BancoHand, BancoSet, ChoiceRules, Draws, Game, Information, Profile, PuntoSet, Rule,
};
use punto_banco::outcome::Winner;
use punto_banco::rules::{Action, DrawingRules, PuntoMove, Rules};
use punto_banco::shoe::Shoe;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// What the naive walk finds under one pure strategy of Punto's: the weights of Punto's and
/// Banco's wins in the coups that meet no choice of Banco's, and for each situation where
/// Banco chooses (his two cards, lower first, and Punto's third card or None when Punto
/// stood) the weights when Banco draws and when he stands.
struct Walked {
    base: [u128; 2],
    cells: Vec<[[u128; 2]; 2]>,
    total: u128,
}

fn who_wins(punto: u8, banco: u8) -> Option<usize> {
    match punto.cmp(&banco) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Plays each of the 10⁶ ordered sequences of six card values, weighted by its ways in the
/// shoe, with Punto choosing by `punto_draws(total, cards)` where the rules leave it to him.
fn naive(rules: &ChoiceRules, draws: &Draws, punto_draws: &dyn Fn(u8, [u8; 2]) -> bool) -> Walked {
    let counts: [u64; 10] = match draws {
        Draws::Shoe(shoe) => shoe.value_counts(),
        Draws::WithReplacement => [4, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    };
    let depletes = matches!(draws, Draws::Shoe(_));
    let mut walked = Walked {
        base: [0; 2],
        cells: vec![[[0; 2]; 2]; 100 * 11],
        total: 0,
    };
    let mut seq = [0u8; 6];
    for code in 0..1_000_000u32 {
        let mut c = code;
        for v in seq.iter_mut() {
            *v = (c % 10) as u8;
            c /= 10;
        }
        let mut left = counts;
        let mut weight = 1u128;
        for &v in &seq {
            weight *= u128::from(left[v as usize]);
            if depletes {
                left[v as usize] = left[v as usize].saturating_sub(1);
            }
        }
        if weight == 0 {
            continue;
        }
        walked.total += weight;
        let (p, b) = ([seq[0], seq[2]], [seq[1], seq[3]]);
        let (pt, bt) = ((p[0] + p[1]) % 10, (b[0] + b[1]) % 10);
        if rules.naturals[pt as usize] || rules.naturals[bt as usize] {
            if let Some(w) = who_wins(pt, bt) {
                walked.base[w] += weight;
            }
            continue;
        }
        let draws = match rules.punto[pt as usize] {
            Rule::Draw => true,
            Rule::Stand => false,
            Rule::Choice => punto_draws(pt, p),
        };
        let third = draws.then_some(seq[4]);
        let punto_final = third.map_or(pt, |t| (pt + t) % 10);
        let banco_third = seq[if draws { 5 } else { 4 }];
        let banco_drawn = (bt + banco_third) % 10;
        match rules.banco[bt as usize][third.map_or(10, usize::from)] {
            Rule::Draw => {
                if let Some(w) = who_wins(punto_final, banco_drawn) {
                    walked.base[w] += weight;
                }
            }
            Rule::Stand => {
                if let Some(w) = who_wins(punto_final, bt) {
                    walked.base[w] += weight;
                }
            }
            Rule::Choice => {
                let (low, high) = (b[0].min(b[1]), b[0].max(b[1]));
                let cell = &mut walked.cells[(usize::from(low) * 10 + usize::from(high)) * 11
                    + third.map_or(10, usize::from)];
                if let Some(w) = who_wins(punto_final, banco_drawn) {
                    cell[0][w] += weight;
                }
                if let Some(w) = who_wins(punto_final, bt) {
                    cell[1][w] += weight;
                }
            }
        }
    }
    walked
}

/// Whether a Banco set covers his two cards and Punto's move.
fn covers(set: &BancoSet, cards: [u8; 2], third: Option<u8>) -> bool {
    let column = match set.punto {
        PuntoMove::Drew(v) => Some(v),
        PuntoMove::Stood => None,
    };
    let hand = match set.banco {
        BancoHand::Total(t) => (cards[0] + cards[1]) % 10 == t,
        BancoHand::Cards(pair) => pair == cards,
    };
    hand && column == third
}

fn covers_punto(set: &PuntoSet, total: u8, cards: [u8; 2]) -> bool {
    match set {
        PuntoSet::Total(t) => *t == total,
        PuntoSet::Cards(pair) => *pair == [cards[0].min(cards[1]), cards[0].max(cards[1])],
    }
}

/// A walk gathered by Banco's sets: the wins when Banco stands in every set, and for each set
/// what drawing there instead adds to Punto's wins and to Banco's.
struct BySet {
    stand: [i128; 2],
    draw_minus_stand: Vec<[i128; 2]>,
    total: u128,
}

fn by_set(walked: &Walked, banco: &[(BancoSet, BigRational)]) -> BySet {
    let mut gathered = BySet {
        stand: walked.base.map(|w| w as i128),
        draw_minus_stand: vec![[0; 2]; banco.len()],
        total: walked.total,
    };
    for (slot, [draw, stand]) in walked.cells.iter().enumerate() {
        if draw == &[0; 2] && stand == &[0; 2] {
            continue;
        }
        let cards = [(slot / 11 / 10) as u8, (slot / 11 % 10) as u8];
        let third = (slot % 11 < 10).then_some((slot % 11) as u8);
        let k = banco
            .iter()
            .position(|(set, _)| covers(set, cards, third))
            .expect("a Banco set");
        for side in 0..2 {
            gathered.stand[side] += stand[side] as i128;
            gathered.draw_minus_stand[k][side] += draw[side] as i128 - stand[side] as i128;
        }
    }
    gathered
}

/// Both sides' expectations per coup of a Banco strategy against one gathered walk.
fn expectations(
    game: &Game,
    walked: &BySet,
    banco: &[(BancoSet, BigRational)],
) -> (BigRational, BigRational) {
    let ratio = |w: i128| BigRational::from_integer(BigInt::from(w));
    let mut punto_wins = ratio(walked.stand[0]);
    let mut banco_wins = ratio(walked.stand[1]);
    for ((_, x), delta) in banco.iter().zip(&walked.draw_minus_stand) {
        punto_wins += x * ratio(delta[0]);
        banco_wins += x * ratio(delta[1]);
    }
    let total = BigRational::from_integer(BigInt::from(walked.total));
    let keep = BigRational::one()
        - BigRational::new(
            BigInt::from(*game.commission.numer()),
            BigInt::from(*game.commission.denom()),
        );
    (
        (&punto_wins - &banco_wins) / &total,
        (keep * &banco_wins - &punto_wins) / &total,
    )
}

/// The naive walks of a Punto strategy with at most one mixed set: one walk per way the
/// mixed set goes, with its probability.
fn punto_walks(
    game: &Game,
    punto: &[(PuntoSet, BigRational)],
    banco: &[(BancoSet, BigRational)],
) -> Vec<(BigRational, BySet)> {
    let mixed: Vec<&(PuntoSet, BigRational)> = punto
        .iter()
        .filter(|(_, p)| p > &BigRational::zero() && p < &BigRational::one())
        .collect();
    assert!(mixed.len() <= 1, "the naive path mixes one Punto set");
    let branches: Vec<(bool, BigRational)> = match mixed.first() {
        Some((_, p)) => vec![(true, p.clone()), (false, BigRational::one() - p)],
        None => vec![(true, BigRational::one())],
    };
    branches
        .into_iter()
        .map(|(mixed_draws, weight)| {
            let choose = |total: u8, cards: [u8; 2]| {
                let (set, p) = punto
                    .iter()
                    .find(|(set, _)| covers_punto(set, total, cards))
                    .expect("a Punto set");
                if mixed.first().is_some_and(|(m, _)| m == set) {
                    mixed_draws
                } else {
                    p.is_one()
                }
            };
            (
                weight,
                by_set(&naive(&game.rules, &game.draws, &choose), banco),
            )
        })
        .collect()
}

/// Both expectations of a profile (at most one mixed Punto set) by the naive path.
fn naive_expectations(
    game: &Game,
    punto: &[(PuntoSet, BigRational)],
    banco: &[(BancoSet, BigRational)],
) -> (BigRational, BigRational) {
    let mut out = (BigRational::zero(), BigRational::zero());
    for (weight, walked) in punto_walks(game, punto, banco) {
        let (p, b) = expectations(game, &walked, banco);
        out.0 += &weight * p;
        out.1 += &weight * b;
    }
    out
}

/// Holds a solution with one mixed set a side to the naive path: both expectations, the
/// reduced 2 × 2 game's closed-form equilibrium, and no gain from any pure deviation of
/// Banco's in any set or of Punto's in any set.
fn hold_to_naive(game: &Game) -> punto_banco::choices::Solution {
    let solution = game.solve().unwrap();
    assert!(solution.certificate.certified());
    let profile = &solution.profile;
    let walks = punto_walks(game, &profile.punto, &profile.banco);
    let at = |banco: &[(BancoSet, BigRational)]| {
        let mut out = (BigRational::zero(), BigRational::zero());
        for (weight, walked) in &walks {
            let (p, b) = expectations(game, walked, banco);
            out.0 += weight * p;
            out.1 += weight * b;
        }
        out
    };
    let (punto_ev, banco_ev) = at(&profile.banco);
    assert_eq!(punto_ev, solution.punto_ev, "Punto's expectation");
    assert_eq!(banco_ev, solution.banco_ev, "Banco's expectation");

    // Banco: no pure deviation in any set gains, by the naive walks (a deviation in one set
    // moves Banco's wins by what drawing there adds, times the change in his probability).
    let keep = BigRational::one()
        - BigRational::new(
            BigInt::from(*game.commission.numer()),
            BigInt::from(*game.commission.denom()),
        );
    for (k, (set, x)) in profile.banco.iter().enumerate() {
        let mut margin = BigRational::zero();
        for (weight, walked) in &walks {
            let [dp, db] =
                walked.draw_minus_stand[k].map(|w| BigRational::from_integer(BigInt::from(w)));
            let total = BigRational::from_integer(BigInt::from(walked.total));
            margin += weight * (&keep * db - dp) / total;
        }
        for deviation in [BigRational::zero(), BigRational::one()] {
            let gain = (deviation - x) * &margin;
            assert!(gain <= BigRational::zero(), "Banco gains at {set:?}");
        }
    }
    // Punto: no pure deviation in any set gains. In his mixed set the two walks already made
    // are his two pure choices; elsewhere the deviation is a new pair of walks.
    let mixed = |x: &BigRational| x > &BigRational::zero() && x < &BigRational::one();
    let i = profile.punto.iter().position(|(_, p)| mixed(p));
    for (_, walked) in &walks {
        assert!(expectations(game, walked, &profile.banco).0 <= solution.punto_ev);
    }
    for j in (0..profile.punto.len()).filter(|&j| Some(j) != i) {
        let mut punto = profile.punto.clone();
        punto[j].1 = BigRational::one() - &punto[j].1;
        assert!(
            naive_expectations(game, &punto, &profile.banco).0 <= solution.punto_ev,
            "Punto gains at {:?}",
            profile.punto[j].0
        );
    }

    // The reduced game: Punto's mixed set against Banco's mixed set, every other choice
    // fixed; each side's mix makes the other indifferent, by the 2 × 2 closed form.
    let k = profile.banco.iter().position(|(_, x)| mixed(x));
    let (Some(i), Some(k)) = (i, k) else {
        // A pure equilibrium: the deviations above are the whole check.
        return solution;
    };
    let corner = |pd: bool, qd: bool| {
        let mut banco = profile.banco.clone();
        banco[k].1 = if qd {
            BigRational::one()
        } else {
            BigRational::zero()
        };
        expectations(game, &walks[if pd { 0 } else { 1 }].1, &banco)
    };
    let (dd, ds, sd, ss) = (
        corner(true, true),
        corner(true, false),
        corner(false, true),
        corner(false, false),
    );
    // Banco indifferent: p·(B_dd − B_ds) + (1 − p)·(B_sd − B_ss) = 0.
    let p = (&ss.1 - &sd.1) / ((&dd.1 - &ds.1) - (&sd.1 - &ss.1));
    // Punto indifferent: x·(P_dd − P_sd) + (1 − x)·(P_ds − P_ss) = 0.
    let x = (&ss.0 - &ds.0) / ((&dd.0 - &sd.0) - (&ds.0 - &ss.0));
    assert_eq!(p, profile.punto[i].1, "Punto's mix in the reduced game");
    assert_eq!(x, profile.banco[k].1, "Banco's mix in the reduced game");
    solution
}

#[test]
fn kemeny_and_snell_punto_draws_at_five_with_probability_nine_elevenths() {
    // Kemeny and Snell (1957), "Game-theoretic solution of baccarat", American Mathematical
    // Monthly 64: with replacement, each side knowing its total, the unique solution has Punto
    // drawing at five with probability 9/11 and Banco mixing in exactly one cell.
    let game = Game::chemin_de_fer(Information::Totals, Draws::WithReplacement);
    let solution = game.solve().unwrap();
    assert_eq!(solution.profile.punto, vec![(PuntoSet::Total(5), q(9, 11))]);
    assert_eq!(solution.profile.banco_mixed().len(), 1);
    assert!(solution.unique && !solution.degenerate);
    assert!(solution.certificate.certified());
    assert_eq!(solution.punto_ev, -solution.banco_ev.clone());
    // Every one of Banco's 88 cells held to the naive walk.
    hold_to_naive(&game);
}

#[test]
fn with_replacement_banco_learns_nothing_from_his_cards() {
    // With replacement the composition of Banco's hand says nothing of the cards to come:
    // the banco-cards model has the totals model's value and Punto's mix.
    let totals = Game::chemin_de_fer(Information::Totals, Draws::WithReplacement)
        .solve()
        .unwrap();
    let cards = Game::chemin_de_fer(Information::BancoCards, Draws::WithReplacement)
        .solve()
        .unwrap();
    assert_eq!(cards.punto_ev, totals.punto_ev);
    assert_eq!(cards.profile.punto, totals.profile.punto);
    // Nor does Punto's: his five ways of making five are one choice, so any split of the
    // same overall mix is optimal and uniqueness must not be claimed.
    let both = Game::chemin_de_fer(Information::BothCards, Draws::WithReplacement)
        .solve()
        .unwrap();
    assert_eq!(both.punto_ev, totals.punto_ev);
    assert!(both.certificate.certified());
    assert!(!both.unique && both.degenerate);
}

#[test]
fn eight_decks_each_model_agrees_with_the_naive_path() {
    let shoe = Draws::Shoe(Shoe::decks(8).unwrap());
    for information in Information::ALL {
        let game = Game::chemin_de_fer(information, shoe.clone());
        hold_to_naive(&game);
        assert!(
            game.solve().unwrap().unique,
            "{information}: unique on eight decks"
        );
    }
}

#[test]
fn commission_makes_a_bimatrix_game_held_to_the_naive_path() {
    let shoe = Draws::Shoe(Shoe::decks(8).unwrap());
    for (information, draws) in [
        (Information::Totals, Draws::WithReplacement),
        (Information::BancoCards, shoe),
    ] {
        let game = Game::chemin_de_fer(information, draws)
            .with_commission(Ratio::new(1, 20))
            .unwrap();
        let solution = game.solve().unwrap();
        assert!(!game.is_zero_sum());
        assert_ne!(solution.punto_ev, -solution.banco_ev.clone());
        hold_to_naive(&game);
    }
}

#[test]
fn a_depleted_shoe_agrees_with_the_naive_path() {
    // No published figure exists for a depleted shoe: the naive path is the check. One deck
    // short of two fives and a six: Banco's information about his cards matters more.
    let shoe = Shoe::decks_without(1, &punto_banco::parse_cards("5S,5H,6D").unwrap()).unwrap();
    for information in [Information::BancoCards, Information::BothCards] {
        let game = Game::chemin_de_fer(information, Draws::Shoe(shoe.clone()));
        hold_to_naive(&game);
    }
}

#[test]
fn downton_and_lockwood_found_a_unique_solution_for_one_to_eight_decks() {
    // Downton and Lockwood (1975), "Computer studies of baccarat, I: Chemin-de-fer", JRSS A
    // 138, as Ethier and Gámez (2013) report it: in the model where Banco knows his two
    // cards, the game has a unique solution for every shoe of one to eight decks.
    for decks in 1..=8 {
        let game = Game::chemin_de_fer(
            Information::BancoCards,
            Draws::Shoe(Shoe::decks(decks).unwrap()),
        );
        let solution = game.solve().unwrap();
        assert!(solution.unique, "{decks} decks");
        assert!(solution.certificate.certified(), "{decks} decks");
        assert_eq!(
            solution.profile.punto_mixed().len(),
            1,
            "{decks} decks: Punto mixes at five"
        );
    }
}

#[test]
fn the_fixed_reference_rules_walk_to_the_engines_figures() {
    // With no choice left, the walk's constant is the engine's Punto win less Banco win.
    let shoe = Shoe::decks(8).unwrap();
    let game = Game {
        rules: ChoiceRules::fixed(&DrawingRules::reference()),
        information: Information::Totals,
        draws: Draws::Shoe(shoe.clone()),
        commission: Ratio::from_integer(0),
    };
    let form = game.form().unwrap();
    assert!(form.punto_sets.is_empty() && form.banco_sets.is_empty());
    let analysis = Analysis::new(&shoe, &Rules::reference()).unwrap();
    let expected = analysis.probability(Winner::Punto) - analysis.probability(Winner::Banco);
    assert_eq!(form.punto.constant, expected);

    // Chemin de Fer played by the reference tableau is Punto Banco: the profile that draws
    // where the tableau draws gives the engine's figure in every model.
    let reference = DrawingRules::reference();
    for information in Information::ALL {
        let game = Game::chemin_de_fer(information, Draws::Shoe(shoe.clone()));
        let form = game.form().unwrap();
        let draw = |action: Action| {
            if action == Action::Draw {
                BigRational::one()
            } else {
                BigRational::zero()
            }
        };
        let profile = Profile {
            punto: form
                .punto_sets
                .iter()
                .map(|&s| (s, draw(reference.punto_action(s.total()))))
                .collect(),
            banco: form
                .banco_sets
                .iter()
                .map(|&s| (s, draw(reference.banco_action(s.banco.total(), s.punto))))
                .collect(),
        };
        let evaluation = form.evaluate(&profile).unwrap();
        assert_eq!(evaluation.punto_ev, expected, "{information}");
        // Flipping one cell moves the expectation by the engine's difference.
        let flipped = reference.with_banco_cell(3, PuntoMove::Drew(8), Action::Draw);
        let flipped_analysis = Analysis::new(
            &shoe,
            &Rules {
                drawing: flipped,
                ..Rules::reference()
            },
        )
        .unwrap();
        let flipped_expected = flipped_analysis.probability(Winner::Punto)
            - flipped_analysis.probability(Winner::Banco);
        let cells_3_vs_8: Vec<usize> = form
            .banco_sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.banco.total() == 3 && s.punto == PuntoMove::Drew(8))
            .map(|(k, _)| k)
            .collect();
        let mut flipped_profile = profile.clone();
        for k in cells_3_vs_8 {
            flipped_profile.banco[k].1 = BigRational::one();
        }
        assert_eq!(
            form.evaluate(&flipped_profile).unwrap().punto_ev,
            flipped_expected,
            "{information}"
        );
    }
}

#[test]
fn bad_games_and_profiles_are_errors() {
    let game = Game::chemin_de_fer(Information::Totals, Draws::WithReplacement);
    assert!(game.clone().with_commission(Ratio::new(1, 1)).is_err());
    assert!(game.clone().with_commission(Ratio::new(-1, 20)).is_err());
    let solution = game.solve().unwrap();
    let mut bad = solution.profile.clone();
    bad.punto.pop();
    assert!(game.evaluate(&bad).is_err());
    let mut bad = solution.profile.clone();
    bad.banco[0].1 = q(3, 2);
    assert!(game.evaluate(&bad).is_err());
    let empty = Shoe::from_counts([0; 13]);
    assert!(
        empty.is_err()
            || Game::chemin_de_fer(Information::Totals, Draws::Shoe(empty.unwrap()))
                .solve()
                .is_err()
    );
}
