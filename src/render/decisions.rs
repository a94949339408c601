//! The value of every drawing decision for people and programs: the tableau of differences
//! that the `decisions` command prints.

use super::Page;
use super::analysis::describe_shoe;
use super::choices::cell_tail;
use super::table::{Align, Table};
use super::tableau::{banco_grid_header, cell};
use super::{Format, SCHEMA, action_key, approx, fraction, percentage_points};
use crate::decisions::{Best, Decisions, Place, Value};
use crate::document::{Document, decisions as doc};
use crate::lang::Lang;
use crate::outcome::Hand;
use crate::report::ShoeReport;
use crate::rules::{Action, MainBet, PuntoMove};
use num_rational::BigRational;
use num_traits::Zero;

/// The value of every decision as the `decisions` command prints it, for the rule set named
/// `rules_name`: text tables fitted to the page's width, Markdown headings at level 2 below
/// its depth.
pub fn render_decisions(decisions: &Decisions, rules_name: &str, page: &Page) -> String {
    match page.format {
        Format::Json => decisions_json(decisions, rules_name).to_json_pretty(),
        _ => decisions_text(decisions, rules_name, page),
    }
}

/// A change per coup in percentage points of the stake, as the tables print it.
fn points(change: &BigRational, lang: Lang) -> String {
    percentage_points(change, lang, 4)
}

/// "draws", "stands", or "either" for the better action.
fn best_text(best: Best, lang: Lang) -> &'static str {
    match best {
        Best::Draw => lang.verb(Action::Draw),
        Best::Stand => lang.verb(Action::Stand),
        Best::Either => lang.pick("either", "indifférent"),
    }
}

/// The grid of Banco's cells, the tableau's letter and the change of the bet on `bet`; a `*`
/// marks the cells where the tableau is not Banco's best response.
fn banco_grid(decisions: &Decisions, bet: Hand, lang: Lang) -> Table {
    let mut grid = banco_grid_header(lang);
    let mut totals: Vec<u8> = decisions
        .cells
        .iter()
        .filter_map(|v| match v.place {
            Place::Banco { total, .. } => Some(total),
            Place::Punto { .. } => None,
        })
        .collect();
    totals.dedup();
    for total in totals {
        let mut row = vec![total.to_string()];
        for punto_move in PuntoMove::ALL {
            let value = decisions
                .cell(total, punto_move)
                .expect("every column of a row that is not a natural is a decision");
            let mark = if value.best_for(Hand::Banco).allows(value.tableau) {
                ""
            } else {
                " *"
            };
            row.push(format!(
                "{} {}{mark}",
                cell(Some(value.tableau), lang),
                points(value.draw_minus_stand.on(bet), lang)
            ));
        }
        grid.row(row);
    }
    grid
}

/// Where a decision is taken, as a phrase: "Banco on 6 when Punto stands", "Punto on 5".
fn place_text(place: Place, lang: Lang) -> String {
    match place {
        Place::Banco { total, punto_move } => format!(
            "{} {}",
            lang.hand(Hand::Banco),
            cell_tail(&total.to_string(), punto_move, lang)
        ),
        Place::Punto { total } => format!(
            "{} {} {total}",
            lang.hand(Hand::Punto),
            lang.pick("on", "sur")
        ),
    }
}

/// The decisions of `hand` where the rules are not the best for the bet on that hand: what
/// the rules do, the better action, what the bet gains per coup and per coup reaching the
/// decision, and what the other bet gains or loses.
fn not_best_table(decisions: &Decisions, hand: Hand, lang: Lang) -> Option<Table> {
    let other = match hand {
        Hand::Banco => Hand::Punto,
        Hand::Punto => Hand::Banco,
    };
    let bet_gains = format!(
        "{} {} {}",
        lang.pick("The", "Le pari"),
        lang.hand(hand),
        lang.pick("bet gains per coup", "gagne par coup")
    );
    let other_changes = format!(
        "{} {} {}",
        lang.pick("The", "Le pari"),
        lang.hand(other),
        lang.pick("bet changes by", "varie de")
    );
    let mut table = Table::new(&[
        (lang.pick("Decision", "Décision"), Align::Left),
        (lang.pick("Rules", "Règle"), Align::Left),
        (lang.pick("Better", "Mieux"), Align::Left),
        (&bet_gains, Align::Right),
        (
            lang.pick("Per coup reaching it", "Par coup qui y arrive"),
            Align::Right,
        ),
        (&other_changes, Align::Right),
    ]);
    let mut any = false;
    for value in decisions.not_best(hand) {
        any = true;
        let gain = value.gain_for(hand);
        let reaching = if value.reach.is_zero() {
            "—".to_string()
        } else {
            points(&(&gain / &value.reach), lang)
        };
        // Playing the better action changes the other bet by the opposite of the margin when
        // the rules draw, by the margin when they stand.
        let margin = value.draw_minus_stand.on(other);
        let other_change = match value.tableau {
            Action::Draw => -margin,
            Action::Stand => margin.clone(),
        };
        table.row(vec![
            place_text(value.place, lang),
            lang.verb(value.tableau).to_string(),
            best_text(value.best_for(hand), lang).to_string(),
            points(&gain, lang),
            reaching,
            points(&other_change, lang),
        ]);
    }
    any.then_some(table)
}

/// The table of Punto's totals: the rules, how often a coup reaches the decision, the change
/// of each bet when Punto draws, and the better action for each.
fn punto_table(decisions: &Decisions, lang: Lang) -> Table {
    let change = |hand| {
        format!(
            "{} {}",
            lang.pick("Draw − stand,", "Tirer − rester,"),
            lang.hand(hand)
        )
    };
    let (punto, banco) = (change(Hand::Punto), change(Hand::Banco));
    let best = |hand| {
        format!(
            "{} {}",
            lang.pick("Best for", "Mieux pour"),
            lang.hand(hand)
        )
    };
    let (best_punto, best_banco) = (best(Hand::Punto), best(Hand::Banco));
    let mut table = Table::new(&[
        (lang.pick("Punto's total", "Total de Punto"), Align::Left),
        (lang.pick("Rules", "Règle"), Align::Left),
        (lang.pick("Reached", "Atteint"), Align::Right),
        (&punto, Align::Right),
        (&banco, Align::Right),
        (&best_punto, Align::Left),
        (&best_banco, Align::Left),
    ]);
    for value in &decisions.punto_totals {
        let Place::Punto { total } = value.place else {
            continue;
        };
        table.row(vec![
            total.to_string(),
            lang.verb(value.tableau).to_string(),
            lang.decimal(approx(&value.reach), 6),
            points(&value.draw_minus_stand.punto, lang),
            points(&value.draw_minus_stand.banco, lang),
            best_text(value.best_for(Hand::Punto), lang).to_string(),
            best_text(value.best_for(Hand::Banco), lang).to_string(),
        ]);
    }
    table
}

/// The sentence that sums up one hand's best response: how many decisions differ and what
/// playing the best response everywhere is worth to the bet on that hand.
fn best_response_sentence(decisions: &Decisions, hand: Hand, lang: Lang) -> String {
    let count = decisions.not_best(hand).count();
    let name = lang.hand(hand);
    let (whose, what) = match (hand, lang, count) {
        (Hand::Banco, Lang::En, 1) => ("Banco's tableau", "cell"),
        (Hand::Banco, Lang::En, _) => ("Banco's tableau", "cells"),
        (Hand::Banco, Lang::Fr, 1) => ("Le tableau de Banco", "case"),
        (Hand::Banco, Lang::Fr, _) => ("Le tableau de Banco", "cases"),
        (Hand::Punto, Lang::En, 1) => ("Punto's rule", "total"),
        (Hand::Punto, Lang::En, _) => ("Punto's rule", "totals"),
        (Hand::Punto, Lang::Fr, 1) => ("La règle de Punto", "total"),
        (Hand::Punto, Lang::Fr, _) => ("La règle de Punto", "totaux"),
    };
    if count == 0 {
        return match lang {
            Lang::En => {
                format!("{whose} is the best response for the {name} bet in every decision.")
            }
            Lang::Fr => format!(
                "{whose} est la meilleure réponse pour le pari {name} dans chaque décision."
            ),
        };
    }
    let index = MainBet::ALL
        .iter()
        .position(|&b| b == main_bet(hand))
        .expect("every hand has its main bet");
    let net = &decisions.expected_nets[index];
    let gain = decisions.best_response_gain(hand);
    let edge = |net: &BigRational| lang.percent(-approx(net) * 100.0, 4);
    let (gain, from, to) = (points(&gain, lang), edge(net), edge(&(net + &gain)));
    match lang {
        Lang::En => format!(
            "{whose} is not the best response for the {name} bet in {count} {what}; playing the \
             best response in all of them changes the {name} bet's expected net by {gain} \
             percentage points per coup: its house edge goes from {from} to {to}."
        ),
        Lang::Fr => format!(
            "{whose} n’est pas la meilleure réponse pour le pari {name} dans {count} {what}\u{a0}; \
             jouer la meilleure réponse dans toutes change l’espérance du pari {name} de {gain} \
             point de pourcentage par coup\u{a0}: son avantage de la maison passe de {from} à {to}."
        ),
    }
}

fn main_bet(hand: Hand) -> MainBet {
    match hand {
        Hand::Banco => MainBet::Banco,
        Hand::Punto => MainBet::Punto,
    }
}

/// The values for people: aligned text, or Markdown with headings at level 2.
fn decisions_text(decisions: &Decisions, rules_name: &str, page: &Page) -> String {
    let lang = page.lang;
    let colon = lang.colon();
    let mut out = String::new();
    let rules = match lang {
        Lang::En => format!("{rules_name} rules"),
        Lang::Fr => format!("règles {rules_name}"),
    };
    out.push_str(&page.heading(
        2,
        &format!(
            "{}{colon} {}, {rules}",
            lang.pick(
                "The value of every drawing decision",
                "La valeur de chaque décision de tirage"
            ),
            describe_shoe(&decisions.shoe, lang),
        ),
    ));
    out.push_str(lang.pick(
        "Each figure is the change in a bet's expected net per coup, in percentage points of \
         the stake, when the hand draws instead of stands at that decision, everything else \
         as the rules say: positive, drawing is better for the bet; negative, standing is. \
         D or S is what the rules do; * marks a cell where that is not Banco's best response \
         for the Banco bet.",
        "Chaque chiffre est la variation de l’espérance d’un pari par coup, en points de \
         pourcentage de la mise, quand la main tire au lieu de rester à cette décision, tout \
         le reste selon les règles\u{a0}: positive, tirer vaut mieux pour le pari\u{a0}; \
         négative, rester. T ou R est ce que font les règles\u{a0}; * marque une case où ce \
         n’est pas la meilleure réponse de Banco pour le pari Banco.",
    ));
    out.push_str("\n\n");
    for (bet, title) in [
        (
            Hand::Banco,
            lang.pick(
                "Banco's tableau: the Banco bet",
                "Tableau de Banco\u{a0}: le pari Banco",
            ),
        ),
        (
            Hand::Punto,
            lang.pick(
                "Banco's tableau: the Punto bet",
                "Tableau de Banco\u{a0}: le pari Punto",
            ),
        ),
    ] {
        out.push_str(&page.heading(2, title));
        out.push_str(&page.table(&banco_grid(decisions, bet, lang)));
        out.push('\n');
    }
    out.push_str(&page.heading(
        2,
        lang.pick(
            "Where the tableau is not Banco's best response",
            "Où le tableau n’est pas la meilleure réponse de Banco",
        ),
    ));
    out.push_str(&best_response_sentence(decisions, Hand::Banco, lang));
    out.push_str("\n\n");
    if let Some(t) = not_best_table(decisions, Hand::Banco, lang) {
        out.push_str(&page.table(&t));
        out.push('\n');
    }
    out.push_str(&page.heading(2, lang.pick("Punto's totals", "Totaux de Punto")));
    out.push_str(&page.table(&punto_table(decisions, lang)));
    out.push('\n');
    out.push_str(&best_response_sentence(decisions, Hand::Punto, lang));
    out.push('\n');
    if let Some(t) = not_best_table(decisions, Hand::Punto, lang) {
        out.push('\n');
        out.push_str(&page.table(&t));
    }
    out
}

/// A decision's value for the document.
fn value_json(value: &Value) -> doc::DecisionValue {
    let (banco_total, punto_third_card, punto_total) = match value.place {
        Place::Banco { total, punto_move } => {
            let third = match punto_move {
                PuntoMove::Drew(v) => Some(v),
                PuntoMove::Stood => None,
            };
            (Some(total), Some(third), None)
        }
        Place::Punto { total } => (None, None, Some(total)),
    };
    let margin = &value.draw_minus_stand;
    doc::DecisionValue {
        banco_total,
        best_for_banco: value.best_for(Hand::Banco).key(),
        best_for_punto: value.best_for(Hand::Punto).key(),
        decimal: doc::PerHand {
            banco: approx(&margin.banco),
            punto: approx(&margin.punto),
        },
        draw_minus_stand: doc::PerHand {
            banco: fraction(&margin.banco),
            punto: fraction(&margin.punto),
        },
        punto_third_card,
        punto_total,
        reach: fraction(&value.reach),
        tableau: action_key(value.tableau),
    }
}

/// The values as one document: every cell and every Punto total with its exact change of
/// each bet ("n/d"), the better action for each side, and each hand's best response.
pub fn decisions_json(decisions: &Decisions, rules_name: &str) -> doc::Decisions {
    let best_response = |hand| doc::BestResponse {
        decisions: decisions.not_best(hand).count(),
        gain: fraction(&decisions.best_response_gain(hand)),
    };
    let expected_nets = MainBet::ALL
        .iter()
        .zip(&decisions.expected_nets)
        .map(|(bet, net)| (bet.key().to_string(), fraction(net)))
        .collect();
    doc::Decisions {
        best_response: doc::PerHand {
            banco: best_response(Hand::Banco),
            punto: best_response(Hand::Punto),
        },
        cells: decisions.cells.iter().map(value_json).collect(),
        expected_nets,
        punto_totals: decisions.punto_totals.iter().map(value_json).collect(),
        rules: rules_name.to_string(),
        schema: SCHEMA,
        shoe: ShoeReport::new(&decisions.shoe),
        unit: "expected net per coup, per unit staked, when the hand draws less when it stands",
    }
}

/// A decision in a tableau's notation: `(4, 1)` for Banco on 4 against a third card 1,
/// `(6, stood)` when Punto stood, `5` for Punto's total.
fn place_short(place: Place, lang: Lang) -> String {
    match place {
        Place::Banco {
            total,
            punto_move: PuntoMove::Drew(v),
        } => format!("({total}, {v})"),
        Place::Banco {
            total,
            punto_move: PuntoMove::Stood,
        } => format!("({total}, {})", lang.pick("stood", "resté")),
        Place::Punto { total } => total.to_string(),
    }
}

/// Several shoes or rule sets side by side, a row each: where Banco's tableau and Punto's rule
/// are not the best response for the bet on their own hand, and what the best response is
/// worth to that bet.
pub fn summary_table(rows: &[(String, &Decisions)], lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Shoe and rules", "Sabot et règles"), Align::Left),
        (
            lang.pick(
                "Cells not Banco's best response (total, third card)",
                "Cases où Banco ne joue pas sa meilleure réponse (total, 3e carte)",
            ),
            Align::Left,
        ),
        (
            lang.pick(
                "The Banco bet gains (pp per coup)",
                "Gain du pari Banco (points par coup)",
            ),
            Align::Right,
        ),
        (
            lang.pick(
                "Punto totals not his best response",
                "Totaux où Punto ne joue pas sa meilleure réponse",
            ),
            Align::Left,
        ),
    ]);
    let list = |decisions: &Decisions, hand| {
        let places: Vec<String> = decisions
            .not_best(hand)
            .map(|v| place_short(v.place, lang))
            .collect();
        if places.is_empty() {
            // Cases are feminine in French, totals masculine.
            let none = match hand {
                Hand::Banco => "aucune",
                Hand::Punto => "aucun",
            };
            lang.pick("none", none).to_string()
        } else {
            places.join(", ")
        }
    };
    for (label, decisions) in rows {
        table.row(vec![
            label.clone(),
            list(decisions, Hand::Banco),
            points(&decisions.best_response_gain(Hand::Banco), lang),
            list(decisions, Hand::Punto),
        ]);
    }
    table
}
