//! One coup explained, decision by decision, in English or French.

use super::{Format, Page, SCHEMA, action_key, amount, signed_amount, verb};
use crate::analysis::ratio_to_big;
use crate::card::Card;
use crate::coup::{Coup, Decision, Role};
use crate::document::{Document, deal};
use crate::lang::Lang;
use crate::rules::condition::DealtCoup;
use crate::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules};
use crate::tableau_text::{
    banco_range_rows, describe_alternatives, describe_draw_set, describe_ranges, draw_set,
    totals_taking,
};
use num_rational::BigRational;

/// "a 7", "an 8": the English article for a card value.
fn a_value(value: u8) -> String {
    if value == 8 {
        format!("an {value}")
    } else {
        format!("a {value}")
    }
}

/// The rule behind a decision, as a short clause: "Banco on 3 stands against a third card 8",
/// "Punto draws on 5 (on 0–5)", "when Punto stands, Banco on 4 draws", "a natural stops all
/// drawing". The verifier's findings quote it.
pub fn rule_clause(rules: &DrawingRules, decision: Decision, lang: Lang) -> String {
    match decision {
        Decision::Natural { .. } => format!(
            "{} {}",
            lang.a_natural(),
            lang.pick("stops all drawing", "arrête tout tirage")
        ),
        Decision::Punto { total, action } => {
            let set = totals_taking(rules, action, |t| rules.punto_action(t));
            let on = lang.pick("on", "sur");
            format!(
                "Punto {} {on} {total} ({on} {})",
                lang.verb(action),
                describe_ranges(set)
            )
        }
        Decision::Banco {
            total,
            punto_move: PuntoMove::Drew(third),
            action,
        } => match lang {
            Lang::En => format!(
                "Banco on {total} {} against a third card {third}",
                lang.verb(action)
            ),
            Lang::Fr => format!(
                "Banco sur {total} {} contre une troisième carte {third}",
                lang.verb(action)
            ),
        },
        Decision::Banco {
            total,
            punto_move: PuntoMove::Stood,
            action,
        } => format!(
            "{}, Banco {} {total} {}",
            when_punto_stands(lang),
            lang.pick("on", "sur"),
            lang.verb(action)
        ),
    }
}

/// "when Punto stands", "quand Punto reste": the clause that opens Banco's rule after a stand.
fn when_punto_stands(lang: Lang) -> &'static str {
    lang.pick("when Punto stands", "quand Punto reste")
}

/// The rule that made a decision, generated from the rules data.
pub fn rule_text(rules: &Rules, decision: Decision, lang: Lang) -> String {
    let drawing = &rules.drawing;
    match decision {
        Decision::Natural { .. } => {
            let naturals = describe_alternatives(drawing.naturals, lang);
            let a_natural = lang.a_natural();
            match lang {
                Lang::En => format!("a two-card {naturals} is {a_natural}"),
                Lang::Fr => format!("{naturals} en deux cartes est {a_natural}"),
            }
        }
        Decision::Punto { action, .. } => {
            let set = totals_taking(drawing, action, |t| drawing.punto_action(t));
            let verb = verb(action, lang);
            format!(
                "Punto {verb} {} {}",
                lang.pick("on", "sur"),
                describe_ranges(set)
            )
        }
        Decision::Banco {
            punto_move: PuntoMove::Stood,
            action,
            ..
        } => {
            let stood = |t| drawing.banco_action(t, PuntoMove::Stood);
            let set = totals_taking(drawing, action, stood);
            let verb = verb(action, lang);
            format!(
                "{}, Banco {verb} {} {}",
                when_punto_stands(lang),
                lang.pick("on", "sur"),
                describe_ranges(set)
            )
        }
        Decision::Banco { total, .. } => {
            let row = banco_range_rows(drawing)
                .into_iter()
                .find(|row| row.banco_totals[total as usize])
                .map_or_else(
                    || total.to_string(),
                    |row| describe_ranges(row.banco_totals),
                );
            let set = draw_set(drawing, total);
            let rule = if set == [true; 10] {
                lang.pick("Banco always draws", "Banco tire toujours")
                    .to_string()
            } else if set == [false; 10] {
                lang.pick("Banco never draws", "Banco ne tire jamais")
                    .to_string()
            } else {
                let against = describe_draw_set(set, lang).to_lowercase();
                match lang {
                    Lang::En => format!("Banco draws against {against}"),
                    Lang::Fr => format!("Banco tire contre {against}"),
                }
            };
            match lang {
                Lang::En => format!("tableau row {row}: {rule}"),
                Lang::Fr => format!("ligne {row} du tableau\u{a0}: {rule}"),
            }
        }
    }
}

/// One decision as a sentence, naming the card it brought where it brought one.
pub fn decision_text(rules: &Rules, coup: &Coup<Card>, index: usize, lang: Lang) -> String {
    let decision = coup.decisions[index];
    let rule = rule_text(rules, decision, lang);
    let colon = lang.colon();
    let a_natural = lang.a_natural();
    match decision {
        Decision::Natural {
            punto_total,
            banco_total,
        } => {
            let drawing = &rules.drawing;
            let (p, b) = (
                drawing.is_natural(punto_total),
                drawing.is_natural(banco_total),
            );
            let who = match (lang, p, b) {
                (Lang::En, true, true) => format!(
                    "Punto has {a_natural} {punto_total} and Banco {a_natural} {banco_total}"
                ),
                (Lang::En, true, false) => {
                    format!("Punto has {a_natural} {punto_total} (Banco {banco_total})")
                }
                (Lang::En, false, _) => {
                    format!("Banco has {a_natural} {banco_total} (Punto {punto_total})")
                }
                (Lang::Fr, true, true) => {
                    format!("Punto a {a_natural} {punto_total} et Banco {a_natural} {banco_total}")
                }
                (Lang::Fr, true, false) => {
                    format!("Punto a {a_natural} {punto_total} (Banco {banco_total})")
                }
                (Lang::Fr, false, _) => {
                    format!("Banco a {a_natural} {banco_total} (Punto {punto_total})")
                }
            };
            let nobody = lang.pick("neither hand draws", "aucune main ne tire");
            format!("{who}{colon} {nobody} ({rule}).")
        }
        Decision::Punto { total, action } => {
            let head = match lang {
                Lang::En => format!("Punto has {total} and {}", verb(action, lang)),
                Lang::Fr => format!("Punto a {total} et {}", verb(action, lang)),
            };
            match action {
                Action::Draw => format!("{head} ({rule}){colon} {}.", coup.punto[2]),
                Action::Stand => format!("{head} ({rule})."),
            }
        }
        Decision::Banco {
            total,
            punto_move,
            action,
        } => {
            let head = match (lang, punto_move) {
                (Lang::En, PuntoMove::Stood) => {
                    format!("Punto stood; Banco has {total} and {}", verb(action, lang))
                }
                (Lang::Fr, PuntoMove::Stood) => {
                    format!(
                        "Punto est resté\u{a0}; Banco a {total} et {}",
                        verb(action, lang)
                    )
                }
                (Lang::En, PuntoMove::Drew(third)) => format!(
                    "Banco has {total} and Punto's third card is {}: Banco {}",
                    a_value(third),
                    verb(action, lang)
                ),
                (Lang::Fr, PuntoMove::Drew(third)) => format!(
                    "Banco a {total} et {} vaut {third}\u{a0}: Banco {}",
                    lang.role(Role::PuntoThird),
                    verb(action, lang)
                ),
            };
            match action {
                Action::Draw => format!("{head} ({rule}){colon} {}.", coup.banco[2]),
                Action::Stand => format!("{head} ({rule})."),
            }
        }
    }
}

/// The sentence that states the result.
pub fn result_text(coup: &Coup<Card>, lang: Lang) -> String {
    let (p, b) = (coup.punto_total(), coup.banco_total());
    let colon = lang.colon();
    let verdict = lang.wins(coup.winner());
    format!("Punto {p}, Banco {b}{colon} {verdict}.")
}

/// The net change at `stake` on each main bet for this coup.
pub fn nets(rules: &Rules, coup: &Coup<Card>, stake: i64) -> Vec<(MainBet, BigRational)> {
    let dealt = DealtCoup::from(coup);
    MainBet::ALL
        .iter()
        .map(|&bet| {
            let net = ratio_to_big(rules.tariff.bet(bet).net(&dealt));
            (bet, net * BigRational::from_integer(stake.into()))
        })
        .collect()
}

fn hand_line(name: &str, cards: &[Card], total: u8, lang: Lang) -> String {
    let shown: Vec<String> = cards.iter().map(Card::to_string).collect();
    format!("{name}{} {} → {total}", lang.colon(), shown.join(" "))
}

/// The whole coup for people.
///
/// In Markdown the hands are list items and the result is in bold; the words are the same.
fn coup_text(rules: &Rules, coup: &Coup<Card>, stake: i64, lang: Lang, format: Format) -> String {
    let markdown = format == Format::Markdown;
    let item = if markdown { "- " } else { "" };
    let mut out = String::new();
    let order: Vec<String> = coup.dealt_in_order().iter().map(Card::to_string).collect();
    out.push_str(&format!(
        "{} {}\n",
        lang.pick(
            "Dealt (P, B, P, B, third cards):",
            "Cartes (P, B, P, B, troisièmes cartes)\u{a0}:"
        ),
        order.join(" ")
    ));
    if markdown {
        out.push('\n');
    }
    out.push_str(item);
    out.push_str(&hand_line("Punto", &coup.punto, coup.punto_total(), lang));
    out.push('\n');
    out.push_str(item);
    out.push_str(&hand_line("Banco", &coup.banco, coup.banco_total(), lang));
    out.push_str("\n\n");
    for index in 0..coup.decisions.len() {
        out.push_str(&format!(
            "{}. {}\n",
            index + 1,
            decision_text(rules, coup, index, lang)
        ));
    }
    out.push('\n');
    let result = result_text(coup, lang);
    if markdown {
        out.push_str(&format!("**{result}**\n\n"));
    } else {
        out.push_str(&format!("{result}\n"));
    }
    let parts: Vec<String> = nets(rules, coup, stake)
        .iter()
        .map(|(bet, net)| {
            format!(
                "{} {}",
                lang.outcome(super::tableau::winner_of(*bet)),
                signed_amount(net, lang)
            )
        })
        .collect();
    match lang {
        Lang::En => out.push_str(&format!("Net at stake {stake}: {}.\n", parts.join(", "))),
        Lang::Fr => out.push_str(&format!(
            "Variation nette pour un enjeu de {stake}\u{a0}: {}.\n",
            parts.join(", ")
        )),
    }
    if !coup.unused.is_empty() {
        let unused: Vec<String> = coup.unused.iter().map(Card::to_string).collect();
        out.push_str(&format!(
            "{} {}\n",
            lang.pick("Unused cards:", "Cartes non utilisées\u{a0}:"),
            unused.join(" ")
        ));
    }
    out
}

/// The whole coup as one JSON document.
pub fn coup_json(rules: &Rules, coup: &Coup<Card>, stake: i64, lang: Lang) -> deal::Deal {
    let cards = |cards: &[Card]| -> Vec<String> { cards.iter().map(Card::to_string).collect() };
    let steps = coup
        .decisions
        .iter()
        .enumerate()
        .map(|(index, &decision)| {
            let rule = rule_text(rules, decision, lang);
            let text = decision_text(rules, coup, index, lang);
            match decision {
                Decision::Natural {
                    punto_total,
                    banco_total,
                } => deal::Step::Natural {
                    banco_total,
                    decision: "natural",
                    hand: (),
                    punto_total,
                    rule,
                    text,
                },
                Decision::Punto { total, action } => deal::Step::Punto {
                    decision: action_key(action),
                    hand: "punto",
                    rule,
                    text,
                    total,
                },
                Decision::Banco {
                    total,
                    punto_move,
                    action,
                } => deal::Step::Banco {
                    decision: action_key(action),
                    hand: "banco",
                    punto_third_card: match punto_move {
                        PuntoMove::Drew(v) => Some(v),
                        PuntoMove::Stood => None,
                    },
                    rule,
                    text,
                    total,
                },
            }
        })
        .collect();
    let net = nets(rules, coup, stake)
        .into_iter()
        .map(|(bet, value)| (bet.key().to_string(), amount(&value)))
        .collect();
    deal::Deal {
        banco: deal::HandCards {
            cards: cards(&coup.banco),
            total: coup.banco_total(),
        },
        lang: lang.code(),
        natural: coup.is_natural(),
        net,
        punto: deal::HandCards {
            cards: cards(&coup.punto),
            total: coup.punto_total(),
        },
        result: result_text(coup, lang),
        schema: SCHEMA,
        stake,
        steps,
        unused: cards(&coup.unused),
        winner: coup.winner().key(),
    }
}

/// The coup in the chosen format.
pub fn render_coup(rules: &Rules, coup: &Coup<Card>, stake: i64, page: &Page) -> String {
    let (lang, format) = (page.lang, page.format);
    match format {
        Format::Json => coup_json(rules, coup, stake, lang).to_json_pretty(),
        _ => coup_text(rules, coup, stake, lang, format),
    }
}
