//! Games with choices for people and programs: the phrases that name a decision and a
//! choice (shared with the checker's report), and the solution of Chemin de Fer that the
//! `chemin` command prints.

use super::analysis::describe_shoe;
use super::table::{Align, Table};
use super::tableau::banco_grid_header;
use super::{Format, Page, SCHEMA, approx, fraction, fraction_text};
use crate::choices::{Draws, Game, Information, KnownHand, Solution};
use crate::document::{Document, chemin as doc};
use crate::lang::Lang;
use crate::outcome::Hand;
use crate::report::ShoeReport;
use crate::rules::{Action, PuntoMove};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A drawing probability as a choice: "draws", "stands", or "mixes: draws with probability
/// 0.8130 (1662203/2044584)".
pub fn choice_text(p: &BigRational, lang: Lang) -> String {
    if p.is_zero() {
        lang.verb(Action::Stand).to_string()
    } else if p.is_one() {
        lang.verb(Action::Draw).to_string()
    } else {
        format!(
            "{} {} ({})",
            lang.pick(
                "mixes: draws with probability",
                "mélange : tire avec la probabilité"
            )
            .replace(" :", "\u{a0}:"),
            lang.decimal(approx(p), 4),
            fraction(p)
        )
    }
}

/// A drawing probability's key in JSON: `draw`, `stand` or `mixed`.
pub fn choice_key(p: &BigRational) -> &'static str {
    if p.is_zero() {
        "stand"
    } else if p.is_one() {
        "draw"
    } else {
        "mixed"
    }
}

/// A per-coup expectation for people: eight decimals.
pub fn per_coup(value: &BigRational, lang: Lang) -> String {
    if value.is_zero() {
        "0".to_string()
    } else {
        lang.decimal(approx(value), 8)
    }
}

/// "on 3 against a third card 9", "on 6 when Punto stands" (Banco's hand as given).
pub fn cell_tail(hand: &str, punto_move: PuntoMove, lang: Lang) -> String {
    let on = lang.pick("on", "sur");
    match punto_move {
        PuntoMove::Drew(v) => format!(
            "{on} {hand} {} {v}",
            lang.pick("against a third card", "contre une troisième carte")
        ),
        PuntoMove::Stood => format!(
            "{on} {hand} {} {} {}",
            lang.pick("when", "quand"),
            lang.hand(Hand::Punto),
            lang.verb(Action::Stand)
        ),
    }
}

/// What each side knows, as a phrase.
pub fn information_phrase(information: Information, lang: Lang) -> &'static str {
    match information {
        Information::Totals => lang.pick(
            "each side knows its own two-card total",
            "chaque main connaît son total en deux cartes",
        ),
        Information::BancoCards => lang.pick(
            "Banco also knows his two cards",
            "Banco connaît aussi ses deux cartes",
        ),
        Information::BothCards => lang.pick(
            "each side knows its two cards",
            "chaque main connaît ses deux cartes",
        ),
    }
}

/// The shoe of a game for people: its composition, or an infinite shoe.
pub fn describe_draws(draws: &Draws, lang: Lang) -> String {
    match draws {
        Draws::Shoe(shoe) => describe_shoe(shoe, lang),
        Draws::WithReplacement => lang
            .pick(
                "an infinite shoe (cards drawn with replacement)",
                "un sabot infini (cartes tirées avec remise)",
            )
            .to_string(),
    }
}

/// The commission for people: "no commission", "a commission of 5% on Banco's winnings".
fn commission_words(game: &Game, lang: Lang) -> String {
    if game.is_zero_sum() {
        return lang.pick("no commission", "sans commission").to_string();
    }
    let commission = &game.commission;
    let value = *commission.numer() as f64 / *commission.denom() as f64 * 100.0;
    format!(
        "{} {} {}",
        lang.pick("a commission of", "une commission de"),
        lang.percent(value, 2),
        lang.pick("on Banco's winnings", "sur les gains de Banco")
    )
}

/// An expectation per coup with its exact fraction: "−0.01290036 (−1059778909061461/…)".
fn expectation(value: &BigRational, lang: Lang) -> String {
    let sign = if value.is_positive() { "+" } else { "" };
    format!(
        "{sign}{} ({})",
        per_coup(value, lang).replace('-', "−"),
        fraction_text(value)
    )
}

/// The letter of a Banco cell in the strategy grid: D/T draws, S/R stands, M mixes, and `*`
/// where the choice depends on which two cards make Banco's total.
fn grid_letter(draws: &[&BigRational], lang: Lang) -> &'static str {
    let all = |f: fn(&BigRational) -> bool| draws.iter().all(|q| f(q));
    if all(|q| q.is_one()) {
        lang.pick("D", "T")
    } else if all(|q| q.is_zero()) {
        lang.pick("S", "R")
    } else if draws.len() == 1 {
        "M"
    } else {
        "*"
    }
}

/// Banco's strategy as the golden tableau is laid out: his totals 0–7 against Punto's third
/// card 0–9 and "Punto stood", and the sets behind each `M` or `*` cell.
fn banco_strategy(solution: &Solution, lang: Lang) -> (Table, Option<Table>) {
    let mut grid = banco_grid_header(lang);
    let mut detail = Table::new(&[
        (lang.pick("Banco's hand", "Main de Banco"), Align::Left),
        (lang.pick("Punto", "Punto"), Align::Left),
        (lang.pick("Banco's choice", "Choix de Banco"), Align::Left),
    ]);
    let mut detailed = false;
    let totals: Vec<u8> = {
        let mut totals: Vec<u8> = solution
            .profile
            .banco
            .iter()
            .map(|(set, _)| set.banco.total())
            .collect();
        totals.sort_unstable();
        totals.dedup();
        totals
    };
    for total in totals {
        let mut row = vec![total.to_string()];
        for punto_move in PuntoMove::ALL {
            let sets: Vec<_> = solution
                .profile
                .banco
                .iter()
                .filter(|(set, _)| set.banco.total() == total && set.punto == punto_move)
                .collect();
            let draws: Vec<&BigRational> = sets.iter().map(|(_, q)| q).collect();
            if draws.is_empty() {
                row.push("·".to_string());
                continue;
            }
            let letter = grid_letter(&draws, lang);
            if letter == "M" || letter == "*" {
                detailed = true;
                for (set, q) in &sets {
                    detail.row(vec![
                        set.banco.to_string(),
                        punto_move_text(punto_move, lang),
                        choice_text(q, lang),
                    ]);
                }
            }
            row.push(letter.to_string());
        }
        grid.row(row);
    }
    (grid, detailed.then_some(detail))
}

/// Punto's move as a column says it: "third card 4", "stood".
fn punto_move_text(punto_move: PuntoMove, lang: Lang) -> String {
    match punto_move {
        PuntoMove::Drew(v) => format!("{} {v}", lang.pick("third card", "troisième carte")),
        PuntoMove::Stood => lang.pick("stood", "resté").to_string(),
    }
}

/// The solution of a game with choices as the `chemin` command prints it: the game, its value
/// (or both sides' expectations), Punto's choices, Banco's strategy as a tableau, and what
/// is proved; text tables fitted to the page's width, Markdown headings at level 2 below its
/// depth.
pub fn render_solution(game: &Game, solution: &Solution, page: &Page) -> String {
    match page.format {
        Format::Json => solution_json(game, solution).to_json_pretty(),
        _ => solution_text(game, solution, page),
    }
}

/// The solution for people: aligned text, or Markdown with headings at level 2.
fn solution_text(game: &Game, solution: &Solution, page: &Page) -> String {
    let lang = page.lang;
    let markdown = page.is_markdown();
    let colon = lang.colon();
    let end = if markdown { "\n\n" } else { "\n" };
    let mut out = String::new();
    out.push_str(&page.heading(
        2,
        &format!(
            "{}{colon} {}",
            lang.pick(
                "Chemin de Fer, solved exactly",
                "Chemin de Fer, résolu exactement"
            ),
            describe_draws(&game.draws, lang)
        ),
    ));
    out.push_str(&format!(
        "{}{} {}{} {}.\n\n",
        lang.pick(
            "Punto draws on 0–4, stands on 6–7 and chooses on 5; Banco chooses in every cell",
            "Punto tire à 0–4, reste à 6–7 et choisit à 5\u{a0}; Banco choisit dans chaque case"
        ),
        lang.semicolon(),
        information_phrase(game.information, lang),
        lang.semicolon(),
        commission_words(game, lang)
    ));
    // Without commission Punto's expectation is the value of the game.
    let punto_label = if game.is_zero_sum() {
        lang.pick(
            "Value of the game (Punto's expectation per coup)",
            "Valeur du jeu (espérance de Punto par coup)",
        )
    } else {
        lang.pick(
            "Punto's expectation per coup",
            "Espérance de Punto par coup",
        )
    };
    out.push_str(&format!(
        "{punto_label}{colon} {}{end}",
        expectation(&solution.punto_ev, lang)
    ));
    out.push_str(&format!(
        "{}{colon} {}\n\n",
        lang.pick(
            "Banco's expectation per coup",
            "Espérance de Banco par coup"
        ),
        expectation(&solution.banco_ev, lang)
    ));
    out.push_str(&page.heading(2, lang.pick("Punto's choice", "Choix de Punto")));
    let mut punto = Table::new(&[
        (lang.pick("Punto's hand", "Main de Punto"), Align::Left),
        (lang.pick("Choice", "Choix"), Align::Left),
    ]);
    for (set, p) in &solution.profile.punto {
        punto.row(vec![set.to_string(), choice_text(p, lang)]);
    }
    out.push_str(&page.table(&punto));
    out.push('\n');
    out.push_str(&page.heading(2, lang.pick("Banco's strategy", "Stratégie de Banco")));
    let (grid, detail) = banco_strategy(solution, lang);
    out.push_str(&page.table(&grid));
    out.push('\n');
    out.push_str(&format!(
        "{}{end}",
        lang.pick(
            "D = Banco draws, S = Banco stands, M = Banco mixes, * = it depends on his two cards.",
            "T = Banco tire, R = Banco reste, M = Banco mélange, * = selon ses deux cartes."
        )
    ));
    if let Some(detail) = detail {
        out.push('\n');
        out.push_str(&page.table(&detail));
    }
    out.push('\n');
    out.push_str(&page.heading(2, lang.pick("What is proved", "Ce qui est prouvé")));
    out.push_str(&proof_sentence(game, solution, lang));
    out.push('\n');
    out
}

/// What the certificate and the enumeration establish, as sentences.
fn proof_sentence(game: &Game, solution: &Solution, lang: Lang) -> String {
    let certified = solution.certificate.certified();
    let mut text = String::new();
    text.push_str(match (certified, lang) {
        (true, Lang::En) => {
            "Certified in exact arithmetic: neither side gains anything by any pure deviation from these strategies."
        }
        (true, Lang::Fr) => {
            "Certifié en arithmétique exacte\u{a0}: aucune des deux mains ne gagne rien à s’écarter de ces stratégies par un choix pur."
        }
        (false, Lang::En) => "Not certified: a pure deviation gains.",
        (false, Lang::Fr) => "Non certifié\u{a0}: un écart pur rapporte.",
    });
    text.push(' ');
    let sentence = match (solution.unique, game.is_zero_sum(), lang) {
        (true, true, Lang::En) => {
            "These optimal strategies are the only ones: each mixed choice is forced by nonsingular indifference equations and every pure choice is strictly best.".to_string()
        }
        (true, true, Lang::Fr) => {
            "Ces stratégies optimales sont les seules\u{a0}: chaque choix mélangé est fixé par des équations d’indifférence non singulières et chaque choix pur est strictement meilleur.".to_string()
        }
        (true, false, Lang::En) => {
            "This equilibrium is the only one: the exact enumeration of supports finds no other and meets no degenerate case.".to_string()
        }
        (true, false, Lang::Fr) => {
            "Cet équilibre est le seul\u{a0}: l’énumération exacte des supports n’en trouve pas d’autre et ne rencontre aucun cas dégénéré.".to_string()
        }
        (false, _, Lang::En) => format!(
            "Uniqueness is not proved: {} found, {}.",
            match solution.equilibria.len() {
                1 => "one equilibrium".to_string(),
                n => format!("{n} equilibria"),
            },
            if solution.degenerate {
                "and a degenerate support was met, where others can hide"
            } else {
                "no degenerate support met"
            }
        ),
        (false, _, Lang::Fr) => format!(
            "L’unicité n’est pas prouvée\u{a0}: {} trouvé{}, {}.",
            match solution.equilibria.len() {
                1 => "un équilibre".to_string(),
                n => format!("{n} équilibres"),
            },
            if solution.equilibria.len() > 1 { "s" } else { "" },
            if solution.degenerate {
                "et un support dégénéré a été rencontré, où d’autres peuvent se cacher"
            } else {
                "aucun support dégénéré rencontré"
            }
        ),
    };
    text.push_str(&sentence);
    text.push('\n');
    text
}

/// Punto's probability of drawing at 5: one fraction, or one per two-card composition.
fn draw_at_5(solution: &Solution) -> doc::DrawAt5 {
    let fives: Vec<_> = solution
        .profile
        .punto
        .iter()
        .filter(|(set, _)| set.total() == 5)
        .collect();
    match fives.as_slice() {
        [(KnownHand::Total(_), p)] => doc::DrawAt5::One(fraction(p)),
        _ => doc::DrawAt5::ByComposition(
            fives
                .into_iter()
                .map(|(set, p)| (set.to_string(), fraction(p)))
                .collect(),
        ),
    }
}

/// The solution as one document: exact values as `"n/d"` strings, rounded decimals for
/// people under `decimal`.
pub fn solution_json(game: &Game, solution: &Solution) -> doc::Chemin {
    let third = |punto_move: PuntoMove| match punto_move {
        PuntoMove::Drew(v) => Some(v),
        PuntoMove::Stood => None,
    };
    let banco_set = |set: &crate::choices::BancoSet, q: &BigRational| doc::BancoSet {
        banco_hand: set.banco.to_string(),
        banco_total: set.banco.total(),
        choice: choice_key(q),
        draw: fraction(q),
        punto_third_card: third(set.punto),
    };
    let shoe = match &game.draws {
        Draws::Shoe(shoe) => doc::Draws::Shoe(ShoeReport::new(shoe)),
        Draws::WithReplacement => doc::Draws::WithReplacement {
            with_replacement: true,
        },
    };
    let commission = &game.commission;
    let profile = &solution.profile;
    doc::Chemin {
        banco: doc::BancoStrategy {
            idle: (solution.banco_idle.iter())
                .map(|set| doc::BancoIdle {
                    banco_hand: set.banco.to_string(),
                    punto_third_card: third(set.punto),
                })
                .collect(),
            mixed: (profile.banco_mixed().iter())
                .map(|(set, q)| banco_set(set, q))
                .collect(),
            strategy: (profile.banco.iter())
                .map(|(set, q)| banco_set(set, q))
                .collect(),
        },
        banco_ev: fraction(&solution.banco_ev),
        certificate: doc::Certificate {
            banco_gain: fraction(&solution.certificate.banco_gain),
            punto_gain: fraction(&solution.certificate.punto_gain),
        },
        certified: solution.certificate.certified(),
        commission: format!("{}/{}", commission.numer(), commission.denom()),
        decimal: doc::Evs {
            banco_ev: approx(&solution.banco_ev),
            punto_ev: approx(&solution.punto_ev),
        },
        degenerate: solution.degenerate,
        equilibria: solution.equilibria.len(),
        game: "chemin-de-fer",
        information: game.information.key(),
        punto: doc::PuntoStrategy {
            draw_at_5: draw_at_5(solution),
            sets: (profile.punto.iter())
                .map(|(set, p)| doc::PuntoSet {
                    choice: choice_key(p),
                    draw: fraction(p),
                    punto_hand: set.to_string(),
                    punto_total: set.total(),
                })
                .collect(),
        },
        punto_ev: fraction(&solution.punto_ev),
        schema: SCHEMA,
        shoe,
        unique: solution.unique,
        value: game.is_zero_sum().then(|| fraction(&solution.punto_ev)),
        zero_sum: game.is_zero_sum(),
    }
}

/// A mixed probability for a summary: "0.8130 (1662203/2044584)".
fn mixed_text(p: &BigRational, lang: Lang) -> String {
    format!("{} ({})", lang.decimal(approx(p), 4), fraction(p))
}

/// Punto's choices at 5 in a few words: the mixed ones with their probabilities, then the
/// compositions that draw and those that stand.
pub fn punto_summary(solution: &Solution, lang: Lang) -> String {
    let mut parts = Vec::new();
    let (mut draw, mut stand) = (Vec::new(), Vec::new());
    for (set, p) in &solution.profile.punto {
        if p.is_one() {
            draw.push(set.to_string());
        } else if p.is_zero() {
            stand.push(set.to_string());
        } else {
            parts.push(format!("{set}{} {}", lang.colon(), mixed_text(p, lang)));
        }
    }
    if !draw.is_empty() {
        parts.push(format!("{} {}", draw.join(", "), lang.verb(Action::Draw)));
    }
    if !stand.is_empty() {
        parts.push(format!("{} {}", stand.join(", "), lang.verb(Action::Stand)));
    }
    parts.join(&format!("{} ", lang.semicolon()))
}

/// Banco's mixed sets in a few words: "0+6 when Punto stood: 0.6329 (490310615/774749248)".
pub fn banco_summary(solution: &Solution, lang: Lang) -> String {
    let mixed = solution.profile.banco_mixed();
    if mixed.is_empty() {
        return lang.pick("none", "aucune").to_string();
    }
    mixed
        .iter()
        .map(|(set, q)| {
            format!(
                "{} {}{} {}",
                set.banco,
                match set.punto {
                    PuntoMove::Drew(v) => format!("{} {v}", lang.pick("v", "c.")),
                    PuntoMove::Stood => lang.pick("v stood", "c. resté").to_string(),
                },
                lang.colon(),
                mixed_text(q, lang)
            )
        })
        .collect::<Vec<_>>()
        .join(&format!("{} ", lang.semicolon()))
}

/// A summary of several solutions, one row each: its label, Punto's choices at 5, Banco's
/// mixed cells, both sides' expectations and what is proved.
pub fn solutions_table(rows: &[(String, &Solution)], lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Game", "Jeu"), Align::Left),
        (lang.pick("Punto on 5", "Punto à 5"), Align::Left),
        (lang.pick("Banco mixes", "Banco mélange"), Align::Left),
        (
            lang.pick("Punto's expectation", "Espérance de Punto"),
            Align::Right,
        ),
        (
            lang.pick("Banco's expectation", "Espérance de Banco"),
            Align::Right,
        ),
        (
            lang.pick("Certified, unique", "Certifié, unique"),
            Align::Left,
        ),
    ]);
    for (label, solution) in rows {
        let yes_no = |b: bool| {
            if b {
                lang.pick("yes", "oui")
            } else {
                lang.pick("no", "non")
            }
        };
        table.row(vec![
            label.clone(),
            punto_summary(solution, lang),
            banco_summary(solution, lang),
            per_coup(&solution.punto_ev, lang).replace('-', "−"),
            per_coup(&solution.banco_ev, lang).replace('-', "−"),
            format!(
                "{}, {}",
                yes_no(solution.certificate.certified()),
                yes_no(solution.unique)
            ),
        ]);
    }
    table
}

/// A model's name for people: "totals", "Banco's cards", "both hands' cards".
pub fn information_name(information: Information, lang: Lang) -> &'static str {
    match information {
        Information::Totals => lang.pick("totals", "totaux"),
        Information::BancoCards => lang.pick("Banco's cards", "cartes de Banco"),
        Information::BothCards => lang.pick("both hands' cards", "cartes des deux mains"),
    }
}
