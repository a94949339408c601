//! The golden tableau and the rule summary, rendered from the rules data.

use super::table::{Align, Table};
use super::{Format, Page, SCHEMA, signed_amount};
use crate::analysis::ratio_to_big;
use crate::coup::Role;
use crate::document::{Document, rules as rules_doc};
use crate::lang::Lang;
use crate::outcome::{FinalState, Hand, Winner};
use crate::rules::dealing::{Burn, Procedure};
use crate::rules::{Action, Bet, DrawingRules, MainBet, PuntoMove, Rules};
use crate::tableau_text::{
    banco_range_rows, describe_alternatives, describe_draw_set, describe_ranges, totals_taking,
};
use num_rational::BigRational;

/// The one-letter cell of the grid: D/S in English, T/R (tire/reste) in French, N for a natural.
pub fn cell(action: Option<Action>, lang: Lang) -> &'static str {
    match action {
        None => "N",
        Some(Action::Draw) => lang.pick("D", "T"),
        Some(Action::Stand) => lang.pick("S", "R"),
    }
}

/// The legend printed under the grid: each cell's letter and what it means.
pub fn legend(lang: Lang) -> String {
    let banco = lang.hand(Hand::Banco);
    let [draw, stand] = [Action::Draw, Action::Stand];
    format!(
        "{} = {banco} {}, {} = {banco} {}, {} = {} ({}).",
        cell(Some(draw), lang),
        lang.verb(draw),
        cell(Some(stand), lang),
        lang.verb(stand),
        cell(None, lang),
        lang.natural(),
        lang.pick("no hand draws", "aucune main ne tire"),
    )
}

/// The action of a Banco cell, or `None` on a natural row.
pub(crate) fn banco_cell(
    rules: &DrawingRules,
    banco_total: u8,
    punto_move: PuntoMove,
) -> Option<Action> {
    (!rules.is_natural(banco_total)).then(|| rules.banco_action(banco_total, punto_move))
}

/// The golden Banco tableau: every Banco two-card total 0–9 against every Punto third card
/// 0–9 and "Punto stood".
pub fn banco_grid(rules: &DrawingRules, lang: Lang) -> Table {
    let mut table = banco_grid_header(lang);
    for total in 0..10u8 {
        let mut row = vec![total.to_string()];
        row.extend(
            PuntoMove::ALL
                .iter()
                .map(|&m| cell(banco_cell(rules, total, m), lang).to_string()),
        );
        table.row(row);
    }
    table
}

/// An empty grid laid out as the golden tableau: a corner, Punto's third card 0–9 and
/// "stood" as columns; each row is one Banco total.
pub fn banco_grid_header(lang: Lang) -> Table {
    let stood = lang.pick("stood", "resté");
    let corner = lang.pick("Banco \\ third card", "Banco \\ 3e carte");
    let mut columns: Vec<(String, Align)> = vec![(corner.to_string(), Align::Left)];
    columns.extend((0..10).map(|v| (v.to_string(), Align::Center)));
    columns.push((stood.to_string(), Align::Center));
    let borrowed: Vec<(&str, Align)> = columns.iter().map(|(h, a)| (h.as_str(), *a)).collect();
    Table::new(&borrowed)
}

/// Punto's action on each two-card total.
pub fn punto_grid(rules: &DrawingRules, lang: Lang) -> Table {
    let mut columns: Vec<(String, Align)> = vec![(
        lang.pick("Punto total", "Total de Punto").to_string(),
        Align::Left,
    )];
    columns.extend((0..10).map(|v| (v.to_string(), Align::Center)));
    let borrowed: Vec<(&str, Align)> = columns.iter().map(|(h, a)| (h.as_str(), *a)).collect();
    let mut table = Table::new(&borrowed);
    let mut row = vec![lang.pick("action", "action").to_string()];
    row.extend((0..10u8).map(|t| {
        let action = (!rules.is_natural(t)).then(|| rules.punto_action(t));
        cell(action, lang).to_string()
    }));
    table.row(row);
    table
}

/// The Banco tableau grouped as the teaching texts print it ("0–2 | Always").
pub fn range_table(rules: &DrawingRules, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (
            lang.pick("Banco's two-card total", "Total initial de Banco"),
            Align::Left,
        ),
        (
            &format!(
                "{} {}",
                lang.pick("Draws against", "Tire contre"),
                lang.role(Role::PuntoThird)
            ),
            Align::Left,
        ),
    ]);
    for row in banco_range_rows(rules) {
        table.row(vec![
            describe_ranges(row.banco_totals),
            describe_draw_set(row.draws_against, lang),
        ]);
    }
    table
}

/// The drawing rules as sentences generated from the data: naturals, Punto, Banco when Punto stood.
pub fn drawing_sentences(rules: &DrawingRules, lang: Lang) -> Vec<String> {
    let naturals = describe_alternatives(rules.naturals, lang);
    let punto_draws = describe_ranges(totals_taking(rules, Action::Draw, |t| {
        rules.punto_action(t)
    }));
    let punto_stands = describe_ranges(totals_taking(rules, Action::Stand, |t| {
        rules.punto_action(t)
    }));
    let stood = |t| rules.banco_action(t, PuntoMove::Stood);
    let banco_draws = describe_ranges(totals_taking(rules, Action::Draw, stood));
    let banco_stands = describe_ranges(totals_taking(rules, Action::Stand, stood));
    let a_natural = lang.a_natural();
    match lang {
        Lang::En => vec![
            format!(
                "A two-card total of {naturals} on either hand is {a_natural}: neither hand draws."
            ),
            format!("Otherwise Punto draws on {punto_draws} and stands on {punto_stands}."),
            format!("If Punto stands, Banco draws on {banco_draws} and stands on {banco_stands}."),
            format!(
                "If Punto draws, Banco follows the tableau: its two-card total against the value of {}.",
                lang.role(Role::PuntoThird)
            ),
        ],
        Lang::Fr => vec![
            format!(
                "Un total de deux cartes de {naturals} sur l’une des mains est {a_natural}\u{a0}: aucune main ne tire."
            ),
            format!("Sinon Punto tire sur {punto_draws} et reste sur {punto_stands}."),
            format!("Si Punto reste, Banco tire sur {banco_draws} et reste sur {banco_stands}."),
            format!(
                "Si Punto tire, Banco suit le tableau\u{a0}: son total de deux cartes contre la valeur de {}.",
                lang.role(Role::PuntoThird)
            ),
        ],
    }
}

use super::condition::describe_card_bet;
pub use super::condition::describe_condition;

/// A bet's name for people: Punto, Banco, Tie / Égalité, or a side bet's display name
/// (`dragon_7` reads "Dragon 7"; the name is the same in both languages, as casinos print it).
/// JSON keeps the key.
pub fn bet_name(key: &str, lang: Lang) -> String {
    match key {
        "punto" => lang.outcome(Winner::Punto).into(),
        "banco" => lang.outcome(Winner::Banco).into(),
        "tie" => lang.outcome(Winner::Tie).into(),
        side_bet => crate::variants::display_name(side_bet),
    }
}

/// Any bet's terms in words; `None` is a bet the table does not offer.
pub fn describe_terms(bet: &Option<Bet>, lang: Lang) -> String {
    match bet {
        None => lang.pick("(not offered)", "(absent)").to_string(),
        Some(bet) => describe_bet(bet, lang),
    }
}

/// A bet in words, as its lines read: a paytable on the final state (`Banco wins +0.95; Tie
/// push; otherwise −1`), a pair bet, or a bet on the cards ([`describe_card_bet`]).
pub fn describe_bet(bet: &Bet, lang: Lang) -> String {
    if let Some((hand, net)) = bet.as_pair() {
        let hand = lang.hand(hand);
        return match lang {
            Lang::En => format!("{hand}'s first two cards a pair: +{net}; otherwise −1"),
            Lang::Fr => format!(
                "Paire dans les deux premières cartes de {hand}\u{a0}: +{net}\u{a0}; sinon −1"
            ),
        };
    }
    let Some(paytable) = bet.as_paytable() else {
        return describe_card_bet(bet, lang);
    };
    let mut parts: Vec<String> = paytable
        .iter()
        .map(|(when, net)| {
            let condition = describe_condition(when, lang);
            let colon = lang.colon();
            if *net.numer() == 0 {
                format!("{condition}{colon} {}", lang.pick("push", "remboursé"))
            } else {
                format!(
                    "{condition}{colon} {}",
                    signed_amount(&ratio_to_big(*net), lang)
                )
            }
        })
        .collect();
    parts.push(lang.pick("otherwise −1", "sinon −1").to_string());
    parts.join(&format!("{} ", lang.semicolon()))
}

/// The distinct net changes at a stake for a bet over the coups with this winner, highest
/// first: one value for a tariff that depends only on the winner, several for one that pays by
/// total or by number of cards.
pub fn stake_nets(rules: &Rules, bet: MainBet, winner: Winner, stake: i64) -> Vec<BigRational> {
    let terms = rules.tariff.bet(bet);
    let stake = BigRational::from_integer(stake.into());
    let mut nets: Vec<BigRational> = (0..FinalState::COUNT)
        .map(FinalState::from_index)
        .filter(|state| state.winner() == winner && rules.drawing.can_end_in(*state))
        .filter_map(|state| terms.settle_state(state))
        .map(|net| ratio_to_big(net) * &stake)
        .collect();
    nets.sort_unstable_by(|a, b| b.cmp(a));
    nets.dedup();
    nets
}

fn amounts(nets: &[BigRational], lang: Lang) -> String {
    let parts: Vec<String> = nets.iter().map(|n| signed_amount(n, lang)).collect();
    parts.join(" / ")
}

/// The settlement table at a stake: each prediction's net change for each outcome.
pub fn settlement_table(rules: &Rules, stake: i64, lang: Lang) -> Table {
    let heading = match lang {
        Lang::En => format!("Prediction (stake {stake})"),
        Lang::Fr => format!("Prédiction (enjeu {stake})"),
    };
    let punto = lang.wins(Winner::Punto);
    let banco = lang.wins(Winner::Banco);
    let tie = lang.outcome(Winner::Tie);
    let mut table = Table::new(&[
        (heading.as_str(), Align::Left),
        (punto, Align::Right),
        (banco, Align::Right),
        (tie, Align::Right),
    ]);
    for bet in MainBet::ALL {
        let mut row = vec![lang.outcome(winner_of(bet)).to_string()];
        for winner in Winner::ALL {
            row.push(amounts(&stake_nets(rules, bet, winner, stake), lang));
        }
        table.row(row);
    }
    table
}

/// The outcome a main bet is named after.
pub fn winner_of(bet: MainBet) -> Winner {
    match bet {
        MainBet::Punto => Winner::Punto,
        MainBet::Banco => Winner::Banco,
        MainBet::Tie => Winner::Tie,
    }
}

/// The tariff as a table of bets and their terms.
pub fn tariff_table(rules: &Rules, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (
            lang.pick("Net per unit staked", "Variation nette par unité misée"),
            Align::Left,
        ),
    ]);
    for bet in MainBet::ALL {
        table.row(vec![
            lang.outcome(winner_of(bet)).to_string(),
            describe_bet(rules.tariff.bet(bet), lang),
        ]);
    }
    table
}

/// The whole rule summary for the `rules` command, its text tables fitted to the page's width
/// (see [`Table::to_text_within`]); Markdown and JSON do not change.
pub fn render_rules(rules: &Rules, stake: i64, page: &Page) -> String {
    let lang = page.lang;
    if page.format == Format::Json {
        return rules_json(rules, stake).to_json_pretty();
    }
    let table = |t: &Table| page.table(t);
    let heading = |title: &str| page.heading(2, title);
    let mut out = String::new();
    out.push_str(&heading(lang.pick("Drawing rules", "Règles de tirage")));
    for sentence in drawing_sentences(&rules.drawing, lang) {
        out.push_str(&format!("- {sentence}\n"));
    }
    out.push('\n');
    out.push_str(&heading(
        lang.pick("Banco tableau, by ranges", "Tableau de Banco, par plages"),
    ));
    out.push_str(&table(&range_table(&rules.drawing, lang)));
    out.push('\n');
    out.push_str(&heading(lang.pick(
        "Golden tableau: Banco's action, every cell",
        "Tableau de référence\u{a0}: action de Banco, case par case",
    )));
    out.push_str(&table(&banco_grid(&rules.drawing, lang)));
    out.push('\n');
    out.push_str(&legend(lang));
    out.push_str("\n\n");
    out.push_str(&table(&punto_grid(&rules.drawing, lang)));
    out.push('\n');
    out.push_str(&heading(lang.pick("Tariff", "Barème")));
    out.push_str(&table(&tariff_table(rules, lang)));
    out.push('\n');
    out.push_str(&heading(lang.pick("Settlement", "Règlement")));
    out.push_str(&table(&settlement_table(rules, stake, lang)));
    out
}

/// A dealing procedure in sentences: the burn, the cut card, the coups after it.
pub fn dealing_sentences(procedure: &Procedure, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match (procedure.burn, lang) {
        (Burn::None, _) => lang
            .pick("No card is burned.", "Aucune carte n’est brûlée.")
            .to_string(),
        (Burn::FirstCard { ace }, Lang::En) => format!(
            "The first card is turned and burns its value in more cards: tens and faces 10, an ace {ace}."
        ),
        (Burn::FirstCard { ace }, Lang::Fr) => format!(
            "La première carte est retournée et en brûle autant que sa valeur\u{a0}: 10 pour les dix et les figures, {ace} pour l’as."
        ),
    });
    let cut = lang.integer(&procedure.cut.to_string());
    out.push(match lang {
        Lang::En => format!(
            "The cut card lies {cut} cards from the end: a coup begins only while it is still in the shoe."
        ),
        Lang::Fr => format!(
            "La carte de coupe est à {cut} cartes de la fin\u{a0}: un coup ne commence que tant qu’elle est dans le sabot."
        ),
    });
    let after = procedure.coups_after_cut;
    out.push(match (lang, after) {
        (Lang::En, 0) => "The shoe ends with the coup in which the cut card comes out.".into(),
        (Lang::En, 1) => {
            "One more coup is dealt after the coup in which the cut card comes out.".into()
        }
        (Lang::En, n) => {
            format!("{n} more coups are dealt after the coup in which the cut card comes out.")
        }
        (Lang::Fr, 0) => "Le sabot s’arrête avec le coup où sort la carte de coupe.".into(),
        (Lang::Fr, 1) => "Un coup de plus est donné après celui où sort la carte de coupe.".into(),
        (Lang::Fr, n) => {
            format!("{n} coups de plus sont donnés après celui où sort la carte de coupe.")
        }
    });
    out
}

/// A dealing procedure for a document, as a rule file writes it.
pub fn dealing_json(procedure: &Procedure) -> rules_doc::Dealing {
    match procedure.burn {
        Burn::None => rules_doc::Dealing::None {
            burn: "none",
            coups_after_cut: procedure.coups_after_cut,
            cut: procedure.cut,
        },
        Burn::FirstCard { ace } => rules_doc::Dealing::FirstCard {
            ace_burns: ace,
            burn: "first-card",
            coups_after_cut: procedure.coups_after_cut,
            cut: procedure.cut,
        },
    }
}

/// A table's rule summary: [`render_rules`], then its dealing procedure (a `dealing` object
/// in JSON, a section in text and Markdown).
pub fn render_table_rules(rules: &Rules, dealing: &Procedure, stake: i64, page: &Page) -> String {
    let (lang, format) = (page.lang, page.format);
    if format == Format::Json {
        let mut document = rules_json(rules, stake);
        document.dealing = Some(dealing_json(dealing));
        return document.to_json_pretty();
    }
    let mut out = render_rules(rules, stake, page);
    let title = lang.pick("Dealing", "Donne du sabot");
    out.push('\n');
    out.push_str(&page.heading(2, title));
    for sentence in dealing_sentences(dealing, lang) {
        out.push_str(&format!("- {sentence}\n"));
    }
    out
}

/// The tableau and tariff as a document.
pub fn rules_json(rules: &Rules, stake: i64) -> rules_doc::Rules {
    let drawing = &rules.drawing;
    let banco = (0..10u8)
        .map(|total| {
            let cells = PuntoMove::ALL
                .iter()
                .map(|&m| {
                    let punto_third_card = match m {
                        PuntoMove::Drew(v) => Some(v),
                        PuntoMove::Stood => None,
                    };
                    let action = match banco_cell(drawing, total, m) {
                        None => "natural",
                        Some(Action::Draw) => "draw",
                        Some(Action::Stand) => "stand",
                    };
                    rules_doc::BancoCell {
                        action,
                        punto_third_card,
                    }
                })
                .collect();
            rules_doc::BancoRow {
                banco_total: total,
                cells,
                natural: drawing.is_natural(total),
            }
        })
        .collect();
    let punto = (0..10u8)
        .map(|t| {
            let action = if drawing.is_natural(t) {
                "natural"
            } else {
                match drawing.punto_action(t) {
                    Action::Draw => "draw",
                    Action::Stand => "stand",
                }
            };
            rules_doc::PuntoCell {
                action,
                punto_total: t,
            }
        })
        .collect();
    let naturals = (0..10u8).filter(|&t| drawing.is_natural(t)).collect();
    let settlement = MainBet::ALL
        .iter()
        .map(|&bet| {
            let nets = Winner::ALL
                .iter()
                .map(|&winner| {
                    let values = stake_nets(rules, bet, winner, stake);
                    let value = match values.as_slice() {
                        [single] => rules_doc::Nets::Single(super::amount(single)),
                        several => {
                            rules_doc::Nets::Several(several.iter().map(super::amount).collect())
                        }
                    };
                    (winner.key().to_string(), value)
                })
                .collect();
            (bet.key().to_string(), nets)
        })
        .collect();
    rules_doc::Rules {
        banco,
        dealing: None,
        naturals,
        punto,
        settlement,
        schema: SCHEMA,
        stake,
    }
}
