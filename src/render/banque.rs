//! Baccarat Banque for people and programs: the solution `banque` prints, and the summary of a
//! grid of shares the docs give.

use super::Page;
use super::table::{Align, Table};
use super::{Format, SCHEMA, fraction};
use crate::choices::banque::{
    Banque, BanqueForm, BanqueSet, Equilibrium, PuntoState, Quadratic, Solution, UnresolvedReason,
};
use crate::document::{Document, banque as doc};
use crate::lang::Lang;

/// An exact number as JSON writes it: `"n/d"` for a rational, `"(u + v√d)/w"` otherwise.
pub fn exact(value: &Quadratic) -> String {
    match value.to_rational() {
        Some(r) => fraction(&r),
        None => value.written("-", "√"),
    }
}

/// An exact number for people, with a true minus sign: `9/11`, `(−334541 + √130697448841)/122288`.
pub fn exact_text(value: &Quadratic) -> String {
    value.written("−", "√")
}

/// A probability for people: `0.8182 (9/11)`, `0.2206, (−334541 + √130697448841)/122288`.
fn probability(value: &Quadratic, lang: Lang) -> String {
    let decimal = lang.decimal(value.approx(), 4);
    if value.is_rational() {
        format!("{decimal} ({})", exact_text(value))
    } else {
        format!("{decimal}, {}", exact_text(value))
    }
}

/// An expectation per coup for people: `+0.00868040`, eight decimals.
fn per_coup(value: &Quadratic, lang: Lang) -> String {
    if value.is_zero() {
        return "0".to_string();
    }
    let sign = if value.signum() > 0 { "+" } else { "" };
    format!("{sign}{}", lang.decimal(value.approx(), 8))
}

/// The share for people: `1/2`, `1/20`.
fn share_text(banque: &Banque) -> String {
    exact_text(&Quadratic::from(banque.share()))
}

/// A Punto's name: `Punto 1 (right-hand tableau)`, `Punto 1 (tableau de droite)`.
pub fn punto_name(i: usize, lang: Lang) -> String {
    let side = match i {
        0 => lang.pick("right-hand tableau", "tableau de droite"),
        _ => lang.pick("left-hand tableau", "tableau de gauche"),
    };
    format!("Punto {} ({side})", i + 1)
}

/// A Punto's state as Banco sees it: `natural`, `stood`, `third card 4`.
pub fn state_text(state: PuntoState, lang: Lang) -> String {
    match state {
        PuntoState::Natural => lang.natural().to_string(),
        PuntoState::Stood => lang.pick("stood", "resté").to_string(),
        PuntoState::Drew(v) => format!("{} {v}", lang.pick("third card", "troisième carte")),
    }
}

/// A Punto's state as JSON writes it: `natural`, `stood`, `drew 4`.
fn state_key(state: PuntoState) -> String {
    state.to_string()
}

fn set_json(set: &BanqueSet) -> doc::Situation {
    doc::Situation {
        banco_total: set.banco_total,
        punto_1: state_key(set.puntos[0]),
        punto_2: state_key(set.puntos[1]),
    }
}

/// The solution as the `banque` command prints it: text tables fitted to the page's width,
/// Markdown headings at level 2 below its depth.
pub fn render_solution(
    banque: &Banque,
    form: &BanqueForm,
    solution: &Solution,
    page: &Page,
) -> String {
    match page.format {
        Format::Json => solution_json(banque, form, solution).to_json_pretty(),
        _ => solution_text(banque, form, solution, page),
    }
}

/// The rules of the model in one sentence.
fn model_sentence(lang: Lang) -> &'static str {
    lang.pick(
        "Cards are drawn with replacement. Each Punto draws on 0–4, stands on 6–7 and chooses at 5, knowing only his own total; Banco then draws or stands once, knowing his total and each Punto's state (natural, stood, or his third card): 1144 sets.",
        "Les cartes sont tirées avec remise. Chaque Punto tire à 0–4, reste à 6–7 et choisit à 5, ne connaissant que son propre total\u{a0}; Banco tire ou reste ensuite une fois, connaissant son total et l’état de chaque Punto (naturel, resté, ou sa troisième carte)\u{a0}: 1144 situations.",
    )
}

fn solution_text(banque: &Banque, form: &BanqueForm, solution: &Solution, page: &Page) -> String {
    let lang = page.lang;
    let colon = lang.colon();
    let mut out = page.heading(
        2,
        &format!(
            "{}{colon} {} {}",
            lang.pick(
                "Baccarat Banque, solved exactly",
                "Baccara banque, résolu exactement"
            ),
            share_text(banque),
            lang.pick(
                "of Banco's exposure on Punto 1",
                "de l’engagement de Banco sur Punto 1"
            ),
        ),
    );
    out.push_str(model_sentence(lang));
    out.push_str("\n\n");
    for (n, equilibrium) in solution.equilibria.iter().enumerate() {
        if solution.equilibria.len() > 1 {
            out.push_str(&page.heading(
                2,
                &format!("{} {}", lang.pick("Equilibrium", "Équilibre"), n + 1),
            ));
        }
        out.push_str(&equilibrium_text(form, equilibrium, lang, page));
    }
    if solution.equilibria.is_empty() {
        out.push_str(lang.pick(
            "No equilibrium was found.\n\n",
            "Aucun équilibre n’a été trouvé.\n\n",
        ));
    }
    out.push_str(&page.heading(2, lang.pick("What is proved", "Ce qui est prouvé")));
    out.push_str(&proof(solution, lang));
    out
}

fn equilibrium_text(
    form: &BanqueForm,
    equilibrium: &Equilibrium,
    lang: Lang,
    page: &Page,
) -> String {
    let mut out = String::new();
    let mut people = Table::new(&[
        (lang.pick("Person", "Joueur"), Align::Left),
        (lang.pick("At 5", "À 5"), Align::Left),
        (
            lang.pick("Expectation per coup", "Espérance par coup"),
            Align::Right,
        ),
        (lang.pick("Exact", "Exacte"), Align::Left),
    ]);
    for (i, range) in equilibrium.payoffs.iter().enumerate() {
        let name = if i < 2 {
            punto_name(i, lang)
        } else {
            "Banco".to_string()
        };
        let at_5 = if i < 2 {
            choice(&equilibrium.draw_at_5[i], lang)
        } else {
            "—".to_string()
        };
        let (value, exact) = if range[0] == range[1] {
            (per_coup(&range[0], lang), exact_text(&range[0]))
        } else {
            (
                format!(
                    "{} … {}",
                    per_coup(&range[0], lang),
                    per_coup(&range[1], lang)
                ),
                format!("{} … {}", exact_text(&range[0]), exact_text(&range[1])),
            )
        };
        people.row(vec![name, at_5, value, exact]);
    }
    out.push_str(&page.table(&people));
    out.push('\n');
    out.push_str(lang.pick(
        "Each Punto's expectation is on his stake (θ on Punto 1, 1 − θ on Punto 2); Banco's is the negative of their sum.\n\n",
        "L’espérance de chaque Punto porte sur sa mise (θ sur Punto 1, 1 − θ sur Punto 2)\u{a0}; celle de Banco est l’opposé de leur somme.\n\n",
    ));
    // Banco: his choices by total, then where he mixes.
    let mut totals = Table::new(&[
        (lang.pick("Banco's total", "Total de Banco"), Align::Left),
        (lang.pick("draws", "tire"), Align::Right),
        (lang.pick("stands", "reste"), Align::Right),
        (
            lang.pick("mixes or varies", "mélange ou varie"),
            Align::Right,
        ),
    ]);
    let varies = |k: usize| equilibrium.free.contains(&k);
    for total in 0..10u8 {
        let sets: Vec<usize> = (0..form.sets.len())
            .filter(|&k| form.sets[k].banco_total == total)
            .collect();
        if sets.is_empty() {
            continue;
        }
        let count = |f: &dyn Fn(&Quadratic) -> bool| {
            sets.iter()
                .filter(|&&k| !varies(k) && f(&equilibrium.banco[k]))
                .count()
        };
        let draws = count(&|q| *q == Quadratic::one());
        let stands = count(&|q| q.is_zero());
        let mixes = sets.len() - draws - stands;
        totals.row(vec![
            total.to_string(),
            draws.to_string(),
            stands.to_string(),
            mixes.to_string(),
        ]);
    }
    out.push_str(&page.table(&totals));
    out.push('\n');
    let mixed: Vec<usize> = (0..form.sets.len())
        .filter(|&k| {
            varies(k) || {
                let q = &equilibrium.banco[k];
                !q.is_zero() && *q != Quadratic::one()
            }
        })
        .collect();
    if !mixed.is_empty() {
        let mut columns: Vec<(String, Align)> = vec![
            (
                lang.pick("Banco's total", "Total de Banco").to_string(),
                Align::Left,
            ),
            ("Punto 1".to_string(), Align::Left),
            ("Punto 2".to_string(), Align::Left),
        ];
        let n = equilibrium.vertices.len().max(1);
        for v in 0..n {
            let label = if n == 1 {
                lang.pick("Banco draws", "Banco tire").to_string()
            } else {
                format!(
                    "{} {}",
                    lang.pick("Banco draws, end", "Banco tire, extrémité"),
                    v + 1
                )
            };
            columns.push((label, Align::Left));
        }
        let headers: Vec<(&str, Align)> = columns.iter().map(|(t, a)| (t.as_str(), *a)).collect();
        let mut where_ = Table::new(&headers);
        for &k in &mixed {
            let set = &form.sets[k];
            let mut row = vec![
                set.banco_total.to_string(),
                state_text(set.puntos[0], lang),
                state_text(set.puntos[1], lang),
            ];
            for v in 0..n {
                row.push(choice(&equilibrium.banco_at(v)[k], lang));
            }
            where_.row(row);
        }
        out.push_str(&page.table(&where_));
        out.push('\n');
        if n > 1 {
            out.push_str(&format!(
                "{}\n\n",
                match (n, lang) {
                    (2, Lang::En) => "Banco's equilibrium strategies form a segment: every mixture of its two ends is one.".to_string(),
                    (2, Lang::Fr) => "Les stratégies d’équilibre de Banco forment un segment\u{a0}: tout mélange de ses deux extrémités en est une.".to_string(),
                    (n, Lang::En) => format!("Banco's equilibrium strategies form a polygon with {n} vertices, listed above."),
                    (n, Lang::Fr) => format!("Les stratégies d’équilibre de Banco forment un polygone à {n} sommets, donnés ci-dessus."),
                }
            ));
        }
    }
    if !equilibrium.indifferent.is_empty() {
        out.push_str(&format!(
            "{} {}\n\n",
            equilibrium.indifferent.len(),
            lang.pick(
                "further sets where neither Punto's choice depends on Banco's, who is indifferent: any probability is an equilibrium there (shown as standing).",
                "autres situations où le choix d’aucun Punto ne dépend de celui de Banco, indifférent\u{a0}: toute probabilité y est un équilibre (donnée comme «\u{a0}reste\u{a0}»)."
            )
        ));
    }
    out
}

/// A Punto's choice at 5 in words.
fn choice(p: &Quadratic, lang: Lang) -> String {
    if p.is_zero() {
        lang.pick("stands", "reste").to_string()
    } else if *p == Quadratic::one() {
        lang.pick("draws", "tire").to_string()
    } else {
        format!(
            "{} {}",
            lang.pick("draws with probability", "tire avec la probabilité"),
            probability(p, lang)
        )
    }
}

/// What the certificates and the search establish.
fn proof(solution: &Solution, lang: Lang) -> String {
    let mut text = String::new();
    if solution.certified() {
        text.push_str(lang.pick(
            "Certified in exact arithmetic: no one gains by any pure deviation (Banco in each of his 1144 sets, each Punto at 5), at every end of Banco's equilibrium strategies.",
            "Certifié en arithmétique exacte\u{a0}: personne ne gagne à s’écarter par un choix pur (Banco dans chacune de ses 1144 situations, chaque Punto à 5), à chaque extrémité des stratégies d’équilibre de Banco.",
        ));
    } else {
        text.push_str(lang.pick(
            "Not certified: a pure deviation gains.",
            "Non certifié\u{a0}: un écart pur rapporte.",
        ));
    }
    text.push(' ');
    let [vertices, arcs, faces] = solution.cells;
    if solution.complete() {
        text.push_str(&match lang {
            Lang::En => format!(
                "The search decided every vertex ({vertices}), arc ({arcs}) and face ({faces}) of the arrangement of Banco's indifference curves: these are all the equilibria of the game."
            ),
            Lang::Fr => format!(
                "La recherche a tranché chaque sommet ({vertices}), arc ({arcs}) et face ({faces}) de l’arrangement des courbes d’indifférence de Banco\u{a0}: ce sont tous les équilibres du jeu."
            ),
        });
        text.push(' ');
        text.push_str(match (solution.unique(), solution.equilibria.len(), lang) {
            (true, _, Lang::En) => "The equilibrium is unique.",
            (true, _, Lang::Fr) => "L’équilibre est unique.",
            (false, 1, Lang::En) => {
                "The Puntos' strategies and every expectation are the same in every equilibrium; only Banco's strategy varies."
            }
            (false, 1, Lang::Fr) => {
                "Les stratégies des Puntos et toutes les espérances sont les mêmes dans chaque équilibre\u{a0}; seule celle de Banco varie."
            }
            (false, _, Lang::En) => "The game has several equilibria, listed above.",
            (false, _, Lang::Fr) => "Le jeu a plusieurs équilibres, donnés ci-dessus.",
        });
    } else {
        let continua = solution
            .unresolved
            .iter()
            .filter(|u| u.reason == UnresolvedReason::Continuum)
            .count();
        text.push_str(&match lang {
            Lang::En => format!(
                "Not every part of the square of Punto strategies was resolved ({} parts, {continua} of them a continuum of equilibria): others may exist.",
                solution.unresolved.len()
            ),
            Lang::Fr => format!(
                "Toutes les parties du carré des stratégies des Puntos n’ont pas été tranchées ({} parties, dont {continua} continuum d’équilibres)\u{a0}: d’autres peuvent exister.",
                solution.unresolved.len()
            ),
        });
    }
    text.push('\n');
    text
}

fn equilibrium_json(form: &BanqueForm, equilibrium: &Equilibrium) -> doc::Equilibrium {
    let expectation = |range: &[Quadratic; 2]| {
        if range[0] == range[1] {
            doc::Expectation::Point {
                decimal: range[0].approx(),
                expectation: exact(&range[0]),
            }
        } else {
            doc::Expectation::Range {
                decimal: doc::Range {
                    high: range[1].approx(),
                    low: range[0].approx(),
                },
                expectation: doc::Range {
                    high: exact(&range[1]),
                    low: exact(&range[0]),
                },
            }
        }
    };
    let punto = |i: usize| doc::PuntoEquilibrium {
        draw_at_5: exact(&equilibrium.draw_at_5[i]),
        draw_at_5_decimal: equilibrium.draw_at_5[i].approx(),
        expectation: expectation(&equilibrium.payoffs[i]),
    };
    let n = equilibrium.vertices.len().max(1);
    let mixed = (0..form.sets.len())
        .filter(|&k| {
            equilibrium.free.contains(&k) || {
                let q = &equilibrium.banco[k];
                !q.is_zero() && *q != Quadratic::one()
            }
        })
        .map(|k| doc::Mixed {
            draw: if n == 1 {
                doc::Draw::One(exact(&equilibrium.banco[k]))
            } else {
                doc::Draw::Ends((0..n).map(|v| exact(&equilibrium.banco_at(v)[k])).collect())
            },
            situation: set_json(&form.sets[k]),
        })
        .collect();
    let banco = doc::BancoEquilibrium {
        ends: n,
        expectation: expectation(&equilibrium.payoffs[2]),
        indifferent: (equilibrium.indifferent.iter())
            .map(|&k| set_json(&form.sets[k]))
            .collect(),
        mixed,
        strategy: (form.sets.iter().zip(&equilibrium.banco))
            .map(|(set, q)| doc::Choice {
                draw: exact(q),
                situation: set_json(set),
            })
            .collect(),
    };
    let certificate = &equilibrium.certificate;
    doc::Equilibrium {
        banco,
        certificate: doc::Certificate {
            banco_gain: exact(&certificate.banco_gain),
            punto_1_gain: exact(&certificate.punto_gain[0]),
            punto_2_gain: exact(&certificate.punto_gain[1]),
        },
        certified: certificate.certified(),
        punto_1: punto(0),
        punto_2: punto(1),
    }
}

/// The solution as one document: the first equilibrium's `punto_1`, `punto_2` and `banco` at
/// the top, every equilibrium under `equilibria`.
pub fn solution_json(banque: &Banque, form: &BanqueForm, solution: &Solution) -> doc::Banque {
    let equilibria: Vec<doc::Equilibrium> = solution
        .equilibria
        .iter()
        .map(|e| equilibrium_json(form, e))
        .collect();
    let first = equilibria.first().cloned();
    doc::Banque {
        banco: first.as_ref().map(|e| e.banco.clone()),
        cells: doc::Cells {
            arcs: solution.cells[1],
            faces: solution.cells[2],
            vertices: solution.cells[0],
        },
        certified: solution.certified(),
        complete: solution.complete(),
        equilibria,
        game: "baccarat-banque",
        punto_1: first.as_ref().map(|e| e.punto_1.clone()),
        punto_2: first.map(|e| e.punto_2),
        schema: SCHEMA,
        share: exact(&Quadratic::from(banque.share())),
        shoe: doc::WithReplacement {
            with_replacement: true,
        },
        unique: solution.unique(),
        unresolved: (solution.unresolved.iter())
            .map(|u| doc::Unresolved {
                near: [u.near[0].approx(), u.near[1].approx()],
                reason: match u.reason {
                    UnresolvedReason::Continuum => "continuum",
                    UnresolvedReason::TooManyFreeSets => "too-many-free-sets",
                },
            })
            .collect(),
    }
}

/// A grid of shares, one row each: the share, each Punto's choice at 5, where Banco mixes, the
/// expectations, and what is proved.
pub fn shares_table(rows: &[(Banque, BanqueForm, Solution)], lang: Lang) -> Table {
    let mut table = Table::new(&[
        ("θ", Align::Left),
        (lang.pick("Punto 1 at 5", "Punto 1 à 5"), Align::Left),
        (lang.pick("Punto 2 at 5", "Punto 2 à 5"), Align::Left),
        (lang.pick("Banco mixes", "Banco mélange"), Align::Left),
        ("Punto 1", Align::Right),
        ("Punto 2", Align::Right),
        ("Banco", Align::Right),
        (
            lang.pick(
                "Certified, all found, unique",
                "Certifié, tous trouvés, unique",
            ),
            Align::Left,
        ),
    ]);
    let yes_no = |b: bool| lang.pick(if b { "yes" } else { "no" }, if b { "oui" } else { "non" });
    for (banque, form, solution) in rows {
        let mut row = vec![share_text(banque)];
        match solution.equilibria.as_slice() {
            [e] => {
                row.push(choice_short(&e.draw_at_5[0], lang));
                row.push(choice_short(&e.draw_at_5[1], lang));
                let sets: Vec<String> = (0..form.sets.len())
                    .filter(|&k| {
                        e.free.contains(&k) || {
                            let q = &e.banco[k];
                            !q.is_zero() && *q != Quadratic::one()
                        }
                    })
                    .map(|k| {
                        let set = &form.sets[k];
                        format!(
                            "{} ({}, {})",
                            set.banco_total,
                            state_short(set.puntos[0], lang),
                            state_short(set.puntos[1], lang)
                        )
                    })
                    .collect();
                row.push(sets.join(", "));
                for range in &e.payoffs {
                    row.push(if range[0] == range[1] {
                        per_coup(&range[0], lang)
                    } else {
                        format!(
                            "{} … {}",
                            per_coup(&range[0], lang),
                            per_coup(&range[1], lang)
                        )
                    });
                }
            }
            _ => {
                let n = solution.equilibria.len().to_string();
                row.push(format!("{n} {}", lang.pick("equilibria", "équilibres")));
                row.extend(std::iter::repeat_n(String::new(), 5));
            }
        }
        row.push(format!(
            "{}, {}, {}",
            yes_no(solution.certified()),
            yes_no(solution.complete()),
            yes_no(solution.unique())
        ));
        table.row(row);
    }
    table
}

fn choice_short(p: &Quadratic, lang: Lang) -> String {
    if p.is_zero() || *p == Quadratic::one() {
        choice(p, lang)
    } else if p.is_rational() {
        format!("{} ({})", lang.decimal(p.approx(), 4), exact_text(p))
    } else {
        lang.decimal(p.approx(), 6)
    }
}

/// A state in a few letters: `N` natural, `S`/`R` stood, a third card's value.
fn state_short(state: PuntoState, lang: Lang) -> String {
    match state {
        PuntoState::Natural => "N".to_string(),
        PuntoState::Stood => lang.pick("S", "R").to_string(),
        PuntoState::Drew(v) => v.to_string(),
    }
}
