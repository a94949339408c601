//! Baccarat Banque: the three-person game solved exactly, held to a naive walk of the coups,
//! to Chemin de Fer at the ends of the share (the `chemin` solver, an independent path), to
//! the symmetry of the two Puntos, and at the command line.

use super::hostile::{refused, run, run_to, succeeded};
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{One, Zero};
use punto_banco::choices::banque::{
    Banque, BanqueForm, BanqueSet, Profile, PuntoState, Quadratic, Solution,
};
use punto_banco::choices::{Draws, Game, Information, KnownHand};
use punto_banco::lang::Lang;
use punto_banco::render::banque::render_solution;
use punto_banco::render::{Format, Page};
use punto_banco::rules::PuntoMove;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// The shares the tests solve, each solved once for the whole test binary.
const SHARES: [(i64, i64); 6] = [(1, 20), (1, 10), (1, 4), (1, 2), (9, 10), (19, 20)];

type Solved = BTreeMap<(i64, i64), (Banque, BanqueForm, Solution)>;

fn solved() -> &'static Solved {
    static SOLVED: OnceLock<Solved> = OnceLock::new();
    SOLVED.get_or_init(|| {
        SHARES
            .iter()
            .map(|&(n, d)| {
                let banque = Banque::new(Ratio::new(n, d)).unwrap();
                let form = banque.form();
                let solution = banque.solve().unwrap();
                ((n, d), (banque, form, solution))
            })
            .collect()
    })
}

/// The naive walk: every opening by two-card totals (their weights counted here from the 100
/// ordered pairs of card values), every third card, each leaf's probability under the
/// profile multiplied out directly. Returns each Punto's expected result, Banco's payoff
/// margin in each set (by definition: what drawing there rather than standing changes) and
/// each Punto's margin at 5 on his stake.
struct Naive {
    results: [BigRational; 2],
    banco_margins: BTreeMap<BanqueSet, BigRational>,
    punto_margins: [BigRational; 2],
}

fn naive(share: &BigRational, p: [&BigRational; 2], q: &BTreeMap<BanqueSet, BigRational>) -> Naive {
    let thirteen = BigRational::from_integer(13.into());
    let card = |v: usize| {
        if v == 0 { ratio(4, 13) } else { ratio(1, 13) }
    };
    let mut two_card = vec![BigRational::zero(); 10];
    for a in 0..10 {
        for b in 0..10 {
            two_card[(a + b) % 10] += card(a) * card(b);
        }
    }
    assert_eq!(two_card[0], ratio(25, 169));
    let cmp = |a: usize, b: usize| -> BigRational {
        BigRational::from_integer(BigInt::from(a.cmp(&b) as i8))
    };
    let stakes = [share.clone(), BigRational::one() - share];
    let mut out = Naive {
        results: [BigRational::zero(), BigRational::zero()],
        banco_margins: BTreeMap::new(),
        punto_margins: [BigRational::zero(), BigRational::zero()],
    };
    let natural = |t: usize| t >= 8;
    let _ = thirteen;
    for b in 0..10 {
        for t1 in 0..10 {
            for t2 in 0..10 {
                let w = &two_card[b] * &two_card[t1] * &two_card[t2];
                if natural(b) || (natural(t1) && natural(t2)) {
                    for (i, t) in [t1, t2].into_iter().enumerate() {
                        out.results[i] += &w * cmp(t, b);
                    }
                    continue;
                }
                // Each Punto's leaves: (state, final total, probability, d probability / d p).
                let leaves =
                    |t: usize,
                     p: &BigRational|
                     -> Vec<(PuntoState, usize, BigRational, BigRational)> {
                        if natural(t) {
                            return vec![(
                                PuntoState::Natural,
                                t,
                                BigRational::one(),
                                BigRational::zero(),
                            )];
                        }
                        let (draw, d_draw) = match t {
                            0..=4 => (BigRational::one(), BigRational::zero()),
                            5 => (p.clone(), BigRational::one()),
                            _ => (BigRational::zero(), BigRational::zero()),
                        };
                        let mut out: Vec<_> = (0..10)
                            .map(|v| {
                                (
                                    PuntoState::Drew(v as u8),
                                    (t + v) % 10,
                                    &draw * card(v),
                                    &d_draw * card(v),
                                )
                            })
                            .filter(|leaf| !leaf.2.is_zero() || !leaf.3.is_zero())
                            .collect();
                        let stand = BigRational::one() - &draw;
                        if !stand.is_zero() || !d_draw.is_zero() {
                            out.push((PuntoState::Stood, t, stand, -d_draw));
                        }
                        out
                    };
                let one = leaves(t1, p[0]);
                let two = leaves(t2, p[1]);
                for l1 in &one {
                    for l2 in &two {
                        let set = BanqueSet {
                            banco_total: b as u8,
                            puntos: [l1.0, l2.0],
                        };
                        let qk = q.get(&set).cloned().unwrap_or_else(BigRational::zero);
                        let leaf = [l1, l2];
                        // Each Punto's result when Banco stands and his expected result when he draws.
                        let outcome = |i: usize| -> (BigRational, BigRational) {
                            if leaf[i].0 == PuntoState::Natural {
                                (BigRational::one(), BigRational::one())
                            } else {
                                let total = leaf[i].1;
                                let drawn = (0..10)
                                    .map(|c| card(c) * cmp(total, (b + c) % 10))
                                    .fold(BigRational::zero(), |s, x| s + x);
                                (cmp(total, b), drawn)
                            }
                        };
                        let (stand, drawn): (Vec<_>, Vec<_>) = (0..2).map(outcome).unzip();
                        let value = |i: usize| &stand[i] + &qk * (&drawn[i] - &stand[i]);
                        let reach = &w * &l1.2 * &l2.2;
                        for i in 0..2 {
                            out.results[i] += &reach * value(i);
                        }
                        let margin = (0..2).fold(BigRational::zero(), |s, i| {
                            s - &stakes[i] * (&drawn[i] - &stand[i])
                        });
                        *out.banco_margins
                            .entry(set)
                            .or_insert_with(BigRational::zero) += &reach * margin;
                        // Punto i's margin: the leaf's weight differentiated in his p.
                        let d = [&w * &l1.3 * &l2.2, &w * &l1.2 * &l2.3];
                        for i in 0..2 {
                            out.punto_margins[i] += &stakes[i] * &d[i] * value(i);
                        }
                    }
                }
            }
        }
    }
    out
}

fn rational(x: &Quadratic) -> BigRational {
    x.to_rational().expect("a rational value")
}

/// Asserts that the form's evaluation of a rational profile is the naive walk's, margin by
/// margin.
fn agrees_with_the_naive_walk(banque: &Banque, form: &BanqueForm, profile: &Profile) {
    let q: BTreeMap<BanqueSet, BigRational> = form
        .sets
        .iter()
        .zip(&profile.banco)
        .map(|(set, x)| (*set, rational(x)))
        .collect();
    let p = [
        rational(&profile.draw_at_5[0]),
        rational(&profile.draw_at_5[1]),
    ];
    let walk = naive(banque.share(), [&p[0], &p[1]], &q);
    let evaluation = banque.evaluate(form, profile).unwrap();
    for i in 0..2 {
        assert_eq!(
            rational(&evaluation.results[i]),
            walk.results[i],
            "Punto {}",
            i + 1
        );
        assert_eq!(
            rational(&evaluation.punto_margins[i]),
            walk.punto_margins[i]
        );
    }
    for (k, set) in form.sets.iter().enumerate() {
        let naive = walk
            .banco_margins
            .get(set)
            .cloned()
            .unwrap_or_else(BigRational::zero);
        assert_eq!(rational(&evaluation.banco_margins[k]), naive, "{set:?}");
    }
}

#[test]
fn the_form_is_the_naive_walk_at_the_equilibria_and_elsewhere() {
    let (banque, form, solution) = &solved()[&(1, 2)];
    let equilibrium = &solution.equilibria[0];
    for v in 0..equilibrium.vertices.len() {
        let profile = Profile {
            draw_at_5: equilibrium.draw_at_5.clone(),
            banco: equilibrium.banco_at(v),
        };
        agrees_with_the_naive_walk(banque, form, &profile);
    }
    // A lopsided share and a profile nobody would play: Banco's probabilities spread over
    // [0, 1] by a fixed rule.
    let banque = Banque::new(Ratio::new(3, 7)).unwrap();
    let form = banque.form();
    let profile = Profile {
        draw_at_5: [Quadratic::from(ratio(2, 3)), Quadratic::from(ratio(1, 5))],
        banco: (0..form.sets.len())
            .map(|k| Quadratic::from(ratio((k * 37 % 11) as i64, 10)))
            .map(|x| {
                if x > Quadratic::one() {
                    Quadratic::one()
                } else {
                    x
                }
            })
            .collect(),
    };
    agrees_with_the_naive_walk(&banque, &form, &profile);
}

#[test]
fn equal_stakes_draw_at_five_with_nine_elevenths_and_banco_mixes_on_a_segment() {
    let (_, form, solution) = &solved()[&(1, 2)];
    assert!(solution.complete() && solution.certified());
    assert!(!solution.unique());
    assert_eq!(solution.equilibria.len(), 1);
    let equilibrium = &solution.equilibria[0];
    assert_eq!(
        equilibrium.draw_at_5,
        [Quadratic::from(ratio(9, 11)), Quadratic::from(ratio(9, 11))]
    );
    // Banco mixes at 6 against (natural, stood), (stood, natural) and (stood, stood) only,
    // along a segment of equilibrium strategies.
    let free: Vec<BanqueSet> = equilibrium.free.iter().map(|&k| form.sets[k]).collect();
    let six = |one, two| BanqueSet {
        banco_total: 6,
        puntos: [one, two],
    };
    use PuntoState::{Natural, Stood};
    assert_eq!(
        free,
        vec![six(Natural, Stood), six(Stood, Natural), six(Stood, Stood)]
    );
    assert_eq!(equilibrium.vertices.len(), 2);
    // The Puntos are symmetric: equal expectations, the same on the whole segment.
    let [one, two, banco] = &equilibrium.payoffs;
    assert_eq!(one, two);
    assert_eq!(one[0], one[1]);
    assert_eq!(banco[0], -(&one[0] + &two[0]));
}

/// Chemin de Fer with replacement, solved by the `chemin` solver: Punto's probability at 5 and
/// Banco's strategy by total and Punto's move.
fn chemin() -> (
    BigRational,
    BigRational,
    BTreeMap<(u8, PuntoMove), BigRational>,
) {
    let solution = Game::chemin_de_fer(Information::Totals, Draws::WithReplacement)
        .solve()
        .unwrap();
    let q = solution
        .profile
        .banco
        .iter()
        .map(|(set, q)| match set.banco {
            KnownHand::Total(t) => ((t, set.punto), q.clone()),
            KnownHand::Cards(_) => unreachable!("the totals model"),
        })
        .collect();
    (solution.profile.punto[0].1.clone(), solution.punto_ev, q)
}

#[test]
fn at_a_share_of_one_or_zero_the_game_is_chemin_de_fer_against_the_staked_punto() {
    let (p, value, banco) = chemin();
    // Kemeny and Snell (1957): 9/11 at 5, and the value of the game with replacement.
    assert_eq!(p, ratio(9, 11));
    assert_eq!(value, ratio(-679568, 53094899));
    for staked in 0..2 {
        let share = if staked == 0 {
            Ratio::new(1, 1)
        } else {
            Ratio::new(0, 1)
        };
        let banque = Banque::new(share).unwrap();
        assert!(banque.solve().is_err(), "one Punto has nothing at stake");
        let form = banque.form();
        // Chemin de Fer's strategy against the staked Punto, whatever the other did; the
        // other Punto, with nothing at stake, plays anything.
        for other in [ratio(0, 1), ratio(1, 3), ratio(1, 1)] {
            let mut draw_at_5 = [Quadratic::from(&other), Quadratic::from(&other)];
            draw_at_5[staked] = Quadratic::from(&p);
            let q = form
                .sets
                .iter()
                .map(|set| {
                    let column = match set.puntos[staked] {
                        PuntoState::Natural => return Quadratic::zero(),
                        PuntoState::Stood => PuntoMove::Stood,
                        PuntoState::Drew(v) => PuntoMove::Drew(v),
                    };
                    Quadratic::from(&banco[&(set.banco_total, column)])
                })
                .collect();
            let profile = Profile {
                draw_at_5,
                banco: q,
            };
            let evaluation = banque.evaluate(&form, &profile).unwrap();
            assert_eq!(evaluation.payoffs[staked], Quadratic::from(&value));
            assert_eq!(evaluation.payoffs[1 - staked], Quadratic::zero());
            assert_eq!(evaluation.payoffs[2], Quadratic::from(-&value));
            assert!(
                evaluation.certificate.certified(),
                "{:?}",
                evaluation.certificate
            );
        }
    }
}

#[test]
fn swapping_the_shares_swaps_the_puntos() {
    let solved = solved();
    for (a, b) in [((1, 10), (9, 10)), ((1, 20), (19, 20))] {
        let (_, form, one) = &solved[&a];
        let (_, _, two) = &solved[&b];
        assert_eq!(one.equilibria.len(), two.equilibria.len());
        let (x, y) = (&one.equilibria[0], &two.equilibria[0]);
        assert_eq!(x.draw_at_5[0], y.draw_at_5[1]);
        assert_eq!(x.draw_at_5[1], y.draw_at_5[0]);
        assert_eq!(x.payoffs[0], y.payoffs[1]);
        assert_eq!(x.payoffs[2], y.payoffs[2]);
        for (k, set) in form.sets.iter().enumerate() {
            let swapped = BanqueSet {
                banco_total: set.banco_total,
                puntos: [set.puntos[1], set.puntos[0]],
            };
            let j = form.index(&swapped).unwrap();
            assert_eq!(x.banco[k], y.banco[j], "{set:?}");
        }
    }
}

#[test]
fn every_share_solved_is_complete_and_certified() {
    for ((n, d), (_, _, solution)) in solved() {
        assert!(solution.complete(), "{n}/{d}: {:?}", solution.unresolved);
        assert!(solution.certified(), "{n}/{d}");
        assert!(!solution.equilibria.is_empty());
    }
    // Lopsided shares: the Puntos' probabilities at 5 are irrational, in one quadratic field,
    // where two of Banco's indifference curves cross; the equilibrium is unique.
    let (_, form, solution) = &solved()[&(1, 20)];
    assert!(solution.unique());
    let equilibrium = &solution.equilibria[0];
    let [p1, p2] = &equilibrium.draw_at_5;
    assert_eq!(p1.to_string(), "(-334541 + √130697448841)/122288");
    assert_eq!(p2.to_string(), "(690531 + √130697448841)/1254560");
    let free: Vec<BanqueSet> = equilibrium.free.iter().map(|&k| form.sets[k]).collect();
    use PuntoState::{Drew, Stood};
    assert_eq!(
        free,
        vec![
            BanqueSet {
                banco_total: 6,
                puntos: [Stood, Drew(6)]
            },
            BanqueSet {
                banco_total: 6,
                puntos: [Drew(5), Stood]
            },
        ]
    );
    // Between them, the equal-stakes structure holds: 9/11 each, Banco on a segment.
    let (_, _, quarter) = &solved()[&(1, 4)];
    assert_eq!(
        quarter.equilibria[0].draw_at_5[0],
        Quadratic::from(ratio(9, 11))
    );
}

fn json(args: &[&str]) -> Value {
    let output = run(args, b"");
    succeeded(&output);
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_command_prints_the_solution() {
    let doc = json(&["banque", "-f", "json"]);
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["game"], "baccarat-banque");
    assert_eq!(doc["share"], "1/2");
    assert_eq!(doc["punto_1"]["draw_at_5"], "9/11");
    assert_eq!(doc["punto_2"]["draw_at_5"], "9/11");
    let (_, _, solution) = &solved()[&(1, 2)];
    let payoffs = &solution.equilibria[0].payoffs;
    let exact = |x: &Quadratic| {
        let r = rational(x);
        format!("{}/{}", r.numer(), r.denom())
    };
    assert_eq!(doc["punto_1"]["expectation"], exact(&payoffs[0][0]));
    assert_eq!(doc["banco"]["expectation"], exact(&payoffs[2][0]));
    assert!(doc["banco"]["decimal"].as_f64().unwrap() > 0.0);
    assert_eq!(doc["banco"]["ends"], 2);
    let mixed = doc["banco"]["mixed"].as_array().unwrap();
    assert_eq!(mixed.len(), 3);
    assert_eq!(mixed[0]["banco_total"], 6);
    assert_eq!(mixed[0]["punto_1"], "natural");
    assert_eq!(mixed[0]["draw"].as_array().unwrap().len(), 2);
    assert_eq!(doc["banco"]["strategy"].as_array().unwrap().len(), 1144);
    assert_eq!(doc["certified"], true);
    assert_eq!(doc["complete"], true);
    assert_eq!(doc["unique"], false);
    // Every spelling of a share is the same share.
    let lopsided = json(&["banque", "--share", "1/20", "-f", "json"]);
    assert_eq!(
        lopsided["punto_1"]["draw_at_5"],
        "(-334541 + √130697448841)/122288"
    );
    assert_eq!(lopsided["unique"], true);
    for spelling in ["0.05", "5%", " 5 %"] {
        let other = json(&["banque", "-s", spelling, "-f", "json"]);
        assert_eq!(other["punto_1"], lopsided["punto_1"], "{spelling}");
    }
}

#[test]
fn text_and_markdown_in_both_languages() {
    let text = |args: &[&str]| {
        let output = run(args, b"");
        succeeded(&output);
        String::from_utf8(output.stdout).unwrap()
    };
    let english = text(&["banque"]);
    for needle in [
        "Baccarat Banque, solved exactly: 1/2 of Banco's exposure on Punto 1",
        "Punto 1 (right-hand tableau)  draws with probability 0.8182 (9/11)",
        "Banco's equilibrium strategies form a segment",
        "these are all the equilibria of the game",
    ] {
        assert!(english.contains(needle), "`{needle}` not in\n{english}");
    }
    let french = text(&["banque", "-l", "fr", "-s", "1/20"]);
    for needle in [
        "Baccara banque, résolu exactement\u{a0}: 1/20 de l’engagement de Banco sur Punto 1",
        "Punto 1 (tableau de droite)",
        "tire avec la probabilité 0,2206, (−334541 + √130697448841)/122288",
        "Certifié en arithmétique exacte\u{a0}:",
        "L’équilibre est unique.",
    ] {
        assert!(french.contains(needle), "`{needle}` not in\n{french}");
    }
    let markdown = text(&["banque", "-f", "markdown"]);
    assert!(markdown.starts_with("## Baccarat Banque, solved exactly"));
    assert!(markdown.contains("| Banco's total |"));
    let narrow = text(&["banque", "--width", "60"]);
    for line in narrow
        .lines()
        .filter(|l| l.contains('─') || l.contains("  "))
    {
        assert!(line.chars().count() <= 60, "wider than 60: {line}");
    }
}

#[test]
fn equal_stakes_snapshots() {
    let (banque, form, solution) = &solved()[&(1, 2)];
    for lang in Lang::ALL {
        snapshot!(
            format!("banque__half_{}", lang.code()),
            render_solution(banque, form, solution, &Page::new(Format::Text, lang))
        );
    }
}

#[test]
fn what_is_not_a_share_is_refused() {
    for share in ["0", "1", "-1/2", "2", "abc", "1/0", "100%", "", "0%"] {
        refused(
            &["banque", "--share", share],
            b"",
            2,
            &["--share", "accepted", "1/2"],
        );
    }
    let long = "1".repeat(100_000);
    refused(
        &["banque", "--share", &long],
        b"",
        2,
        &["--share", "too long", "1/2"],
    );
    refused(&["banque", "--lang", "de"], b"", 2, &["--lang"]);
    // A full disk is a failed write: exit 2.
    if let Ok(full) = std::fs::File::create("/dev/full") {
        let output = run_to(&["banque"], b"", Some(full));
        assert_eq!(output.status.code(), Some(2));
    }
}
