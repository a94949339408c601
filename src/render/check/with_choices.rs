//! The report's words and document for a game with choices: what is left to the hands, the
//! commission, and the closest fixed rules.

use super::json::third_card;
use super::*;

/// The decisions a game with choices leaves to the hands, as a phrase: "Punto chooses on 5;
/// Banco on 3 against a third card 9, on 6 when Punto stands".
pub fn choices_phrase(rules: &ChoiceRules, lang: Lang) -> String {
    let (punto, banco) = (lang.hand(Hand::Punto), lang.hand(Hand::Banco));
    let on = lang.pick("on", "sur");
    let mut parts = Vec::new();
    let totals = rules.punto_choices();
    if !totals.is_empty() {
        let list: Vec<String> = totals.iter().map(u8::to_string).collect();
        parts.push(format!(
            "{punto} {} {on} {}",
            lang.pick("chooses", "choisit"),
            list.join(", ")
        ));
    }
    let cells: Vec<String> = rules
        .banco_choices()
        .iter()
        .map(|&(total, punto_move)| cell_tail(&total.to_string(), punto_move, lang))
        .collect();
    if !cells.is_empty() {
        let lead = if totals.is_empty() {
            format!("{banco} {}", lang.pick("chooses", "choisit"))
        } else {
            banco.to_string()
        };
        parts.push(format!("{lead} {}", cells.join(", ")));
    }
    parts.join(&format!("{} ", lang.semicolon()))
}

/// The name of a game with choices: "Chemin de Fer" or "a game with choices".
pub fn choices_name(name: ChoicesName, lang: Lang) -> &'static str {
    match name {
        ChoicesName::CheminDeFer => "Chemin de Fer",
        ChoicesName::GameWithChoices => lang.pick("a game with choices", "un jeu à choix"),
    }
}

fn commission_phrase(analysis: &ChoicesAnalysis, lang: Lang) -> String {
    let commission = &analysis.game.commission;
    let value = *commission.numer() as f64 / *commission.denom() as f64 * 100.0;
    match analysis.commission_source {
        CommissionSource::Tariff if value > 0.0 => format!(
            "{} {} {}",
            lang.pick("a commission of", "une commission de"),
            lang.percent(value, 2),
            lang.pick(
                "on Banco's winnings, from the tariff",
                "sur les gains de Banco, d’après le barème"
            )
        ),
        CommissionSource::Tariff => lang
            .pick(
                "no commission (the tariff takes none)",
                "sans commission (le barème n’en prend pas)",
            )
            .to_string(),
        CommissionSource::NotStated => lang
            .pick(
                "no commission (the text states no tariff)",
                "sans commission (le texte ne donne pas de barème)",
            )
            .to_string(),
        CommissionSource::NotACommission => lang
            .pick(
                "no commission (the tariff's Banco bet is not a win less a commission)",
                "sans commission (le pari Banco du barème n’est pas un gain moins une commission)",
            )
            .to_string(),
    }
}

fn fixed_place(cell: &FixedCell, lang: Lang) -> String {
    match (cell.hand, cell.punto_move) {
        (Hand::Banco, Some(punto_move)) => format!(
            "{} {}",
            lang.hand(Hand::Banco),
            cell_tail(&cell.total.to_string(), punto_move, lang)
        ),
        _ => format!(
            "{} {} {}",
            lang.hand(Hand::Punto),
            lang.pick("on", "sur"),
            cell.total
        ),
    }
}

/// How many fixed cells the text lists among the nearest departures.
const CLOSEST: usize = 5;

/// The sentence that opens a report on a game with choices.
pub fn choices_opening(analysis: &ChoicesAnalysis, lang: Lang) -> String {
    let name = choices_name(analysis.name, lang);
    let phrase = choices_phrase(&analysis.rules, lang);
    match lang {
        Lang::En => format!(
            "This text describes a game with choices, not Punto Banco: {name} ({phrase}). It is solved below; the comparison with the reference Punto Banco that follows is of its fixed cells."
        ),
        Lang::Fr => format!(
            "Ce texte décrit un jeu à choix, pas le Punto Banco\u{a0}: {} ({phrase}). Il est résolu ci-dessous\u{a0}; la comparaison avec le Punto Banco de référence qui suit porte sur ses cases fixes.",
            if analysis.name == ChoicesName::CheminDeFer {
                "le Chemin de Fer"
            } else {
                name
            }
        ),
    }
}

/// The section of the report on a game with choices: the solution, then the fixed cells at
/// the equilibrium.
pub(super) fn choices_section(
    analysis: &ChoicesAnalysis,
    lang: Lang,
    markdown: bool,
    table: &dyn Fn(&Table) -> String,
    heading: &dyn Fn(String) -> String,
) -> String {
    let colon = lang.colon();
    let solution = &analysis.solution;
    let mut out = String::new();
    out.push_str(&heading(format!(
        "{}{colon} {}",
        lang.pick("The game with choices, solved", "Le jeu à choix, résolu"),
        choices_name(analysis.name, lang)
    )));
    out.push_str(&format!(
        "{} {}{} {}.\n\n",
        lang.pick("Solved exactly:", "Résolu exactement\u{a0}:"),
        information_phrase(analysis.game.information, lang),
        lang.pick(",", ","),
        commission_phrase(analysis, lang)
    ));
    let mut choices = Table::new(&[
        (lang.pick("Decision", "Décision"), Align::Left),
        (lang.pick("Optimal choice", "Choix optimal"), Align::Left),
    ]);
    for (set, p) in &solution.profile.punto {
        choices.row(vec![
            format!(
                "{} {} {set}",
                lang.hand(Hand::Punto),
                lang.pick("on", "sur")
            ),
            choice_text(p, lang),
        ]);
    }
    for (set, q) in &solution.profile.banco {
        choices.row(vec![
            format!(
                "{} {}",
                lang.hand(Hand::Banco),
                cell_tail(&set.banco.to_string(), set.punto, lang)
            ),
            choice_text(q, lang),
        ]);
    }
    out.push_str(&table(&choices));
    out.push('\n');
    let end = if markdown { "\n\n" } else { "\n" };
    if analysis.game.is_zero_sum() {
        out.push_str(&format!(
            "{}{colon} {} ({}).{end}",
            lang.pick(
                "Value of the game (Punto's expectation per coup)",
                "Valeur du jeu (espérance de Punto par coup)"
            ),
            per_coup(&solution.punto_ev, lang),
            lang.pick("Banco's is its opposite", "celle de Banco est son opposé")
        ));
    } else {
        out.push_str(&format!(
            "{}{colon} {} {}{} {} {}.{end}",
            lang.pick(
                "Expectations per coup at the equilibrium (the commission makes the game not zero-sum)",
                "Espérances par coup à l’équilibre (la commission rend le jeu à somme non nulle)"
            ),
            lang.hand(Hand::Punto),
            per_coup(&solution.punto_ev, lang),
            lang.pick(",", ","),
            lang.hand(Hand::Banco),
            per_coup(&solution.banco_ev, lang),
        ));
    }
    let certificate = &solution.certificate;
    out.push_str(&format!(
        "{}{colon} {} {}, {} {}{}{end}",
        lang.pick("Certificate", "Certificat"),
        lang.pick(
            "best pure deviation gains Punto",
            "la meilleure déviation pure rapporte à Punto"
        ),
        per_coup(&certificate.punto_gain, lang),
        lang.pick("Banco", "à Banco"),
        per_coup(&certificate.banco_gain, lang),
        if certificate.certified() {
            lang.pick(
                ": an equilibrium, exactly.",
                "\u{a0}: un équilibre, exactement.",
            )
        } else {
            lang.pick(": NOT an equilibrium.", "\u{a0}: PAS un équilibre.")
        }
    ));
    let uniqueness = if solution.unique {
        lang.pick(
            "the only equilibrium: the enumeration found one and met no degenerate support",
            "le seul équilibre\u{a0}: l’énumération n’en trouve qu’un et ne rencontre aucun support dégénéré",
        )
        .to_string()
    } else if solution.degenerate {
        format!(
            "{} ({} {})",
            lang.pick(
                "not claimed unique: a degenerate support was met, where others could hide",
                "unicité non affirmée\u{a0}: un support dégénéré a été rencontré, où d’autres pourraient se cacher"
            ),
            solution.equilibria.len(),
            lang.pick("found", "trouvé(s)")
        )
    } else {
        format!(
            "{} {} {}",
            lang.pick("not unique:", "pas unique\u{a0}:"),
            solution.equilibria.len(),
            lang.pick("equilibria found", "équilibres trouvés")
        )
    };
    out.push_str(&format!(
        "{}{colon} {uniqueness}.\n\n",
        lang.pick("Uniqueness", "Unicité")
    ));

    let fixed = &analysis.fixed_cells;
    let best = fixed.iter().filter(|c| c.best_response).count();
    out.push_str(&heading(format!(
        "{}{colon} {best} / {}",
        lang.pick(
            "Fixed cells that are best responses at the equilibrium",
            "Cases fixes qui sont des meilleures réponses à l’équilibre"
        ),
        fixed.len()
    )));
    let departures = |title: &str, cells: Vec<&FixedCell>, out: &mut String| {
        if cells.is_empty() {
            return;
        }
        out.push_str(&format!("{title}{colon}\n"));
        if markdown {
            out.push('\n');
        }
        let mut rows = Table::new(&[
            (lang.pick("Fixed cell", "Case fixe"), Align::Left),
            (lang.pick("Fixed", "Fixé"), Align::Left),
            (
                lang.pick(
                    "Departing costs per coup",
                    "Ce que coûte de s’en écarter, par coup",
                ),
                Align::Right,
            ),
        ]);
        for cell in cells {
            rows.row(vec![
                fixed_place(cell, lang),
                lang.verb(cell.action).to_string(),
                per_coup(&cell.departing_costs, lang),
            ]);
        }
        out.push_str(&table(&rows));
        out.push('\n');
    };
    let not_best: Vec<&FixedCell> = fixed.iter().filter(|c| !c.best_response).collect();
    departures(
        lang.pick(
            "Not best responses (departing gains: a negative cost)",
            "Pas des meilleures réponses (s’en écarter rapporte\u{a0}: un coût négatif)",
        ),
        not_best,
        &mut out,
    );
    let mut close: Vec<&FixedCell> = fixed
        .iter()
        .filter(|c| c.best_response && c.departing_costs.is_positive())
        .collect();
    close.sort_by(|a, b| a.departing_costs.cmp(&b.departing_costs));
    close.truncate(CLOSEST);
    departures(
        lang.pick(
            "The closest best responses (the cheapest departures)",
            "Les meilleures réponses les plus serrées (les écarts les moins coûteux)",
        ),
        close,
        &mut out,
    );
    out
}

pub(super) fn choices_json(analysis: &ChoicesAnalysis) -> doc::GameWithChoices {
    let solution = &analysis.solution;
    let punto = (solution.profile.punto.iter())
        .map(|(set, p)| doc::PuntoSet {
            choice: choice_key(p),
            draw_probability: exact(p),
            punto_total: set.total(),
            set: set.to_string(),
        })
        .collect();
    let banco = (solution.profile.banco.iter())
        .map(|(set, q)| doc::BancoSet {
            banco_total: set.banco.total(),
            choice: choice_key(q),
            draw_probability: exact(q),
            punto_third_card: third_card(set.punto),
            set: set.banco.to_string(),
        })
        .collect();
    let fixed = (analysis.fixed_cells.iter())
        .map(|cell| {
            let (hand, banco_total, punto_third_card, punto_total) =
                match (cell.hand, cell.punto_move) {
                    (Hand::Banco, Some(punto_move)) => (
                        "banco",
                        Some(cell.total),
                        Some(third_card(punto_move)),
                        None,
                    ),
                    _ => ("punto", None, None, Some(cell.total)),
                };
            doc::FixedCell {
                banco_total,
                best_response: cell.best_response,
                departing_costs: exact(&cell.departing_costs),
                draw_minus_stand: exact(&cell.margin),
                fixed: action_key(cell.action),
                hand,
                punto_third_card,
                punto_total,
            }
        })
        .collect();
    let commission = &analysis.game.commission;
    doc::GameWithChoices {
        banco_choices: (analysis.rules.banco_choices().iter())
            .map(|&(total, punto_move)| doc::BancoChoice {
                banco_total: total,
                punto_third_card: third_card(punto_move),
            })
            .collect(),
        commission: doc::Commission {
            exact: format!("{}/{}", commission.numer(), commission.denom()),
            source: match analysis.commission_source {
                CommissionSource::Tariff => "tariff",
                CommissionSource::NotStated => "not_stated",
                CommissionSource::NotACommission => "not_a_commission",
            },
        },
        fixed_cells_best_responses: (analysis.fixed_cells.iter())
            .filter(|c| c.best_response)
            .count(),
        fixed_cells_vs_best_response: fixed,
        information: analysis.game.information.key(),
        name: analysis.name.key(),
        punto_choices: analysis.rules.punto_choices(),
        solution: doc::ChoicesSolution {
            banco,
            banco_ev: exact(&solution.banco_ev),
            certificate: doc::ChoicesCertificate {
                banco_gain: exact(&solution.certificate.banco_gain),
                certified: solution.certificate.certified(),
                punto_gain: exact(&solution.certificate.punto_gain),
            },
            degenerate: solution.degenerate,
            equilibria: solution.equilibria.len(),
            punto,
            punto_ev: exact(&solution.punto_ev),
            unique: solution.unique,
            value: (analysis.game.is_zero_sum()).then(|| exact(&solution.punto_ev)),
            zero_sum: analysis.game.is_zero_sum(),
        },
        text: choices_opening(analysis, Lang::En),
    }
}
