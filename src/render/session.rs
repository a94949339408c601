//! The teaching session in words and as JSON: a played session (every deal told, the
//! standings, the winners), the conversation at the terminal (its prompts and what each answer
//! did), and the exact odds of the home session, as tables and as an SVG chart.

use super::coup::{decision_text, result_text};
use super::table::{Align, Table};
use super::{Format, Page, SCHEMA, amount, approx, exact, fraction, fraction_text, signed_amount};
use crate::analysis::ratio_to_big;
use crate::card::Card;
use crate::document::deal::HandCards;
use crate::document::{Document, session as session_doc, session_odds as odds_doc};
use crate::lang::Lang;
use crate::rules::MainBet;
use crate::session::{
    AnswerError, Conversation, Deal, JoinError, MAX_PARTICIPANTS, MIN_PARTICIPANTS,
    PREDICTIONS_ACCEPTED, Pause, Prompt, Session, Step,
};
use crate::session_odds::{PlayerOdds, SessionOdds};
use std::collections::BTreeMap;

/// What a participant may type at the prediction prompt, for the prompt and its errors.
pub fn prediction_choices(lang: Lang) -> &'static str {
    lang.pick(
        PREDICTIONS_ACCEPTED,
        "P, B ou E\u{a0}: Punto, Banco ou Égalité",
    )
}

/// Why a participant cannot join, in the session's language.
pub fn join_error_text(error: &JoinError, lang: Lang) -> String {
    match (error, lang) {
        (JoinError::Empty, Lang::Fr) => "un nom ne peut pas être vide".into(),
        (JoinError::Control, Lang::Fr) => {
            "un nom ne peut pas contenir de caractères de contrôle".into()
        }
        (JoinError::Taken(name), Lang::Fr) => format!("«\u{a0}{name}\u{a0}» participe déjà"),
        (JoinError::Full, Lang::Fr) => {
            format!("une séance compte au plus {MAX_PARTICIPANTS} participants")
        }
        _ => error.to_string(),
    }
}

/// A played session for people (every deal told, the standings, the winners once it is
/// finished), its prose wrapped to the page's width in text, or as JSON; Markdown is the text
/// unwrapped.
pub fn render_session(session: &Session, page: &Page) -> String {
    let told = session_text(session, page.lang, page.format);
    match (page.format, page.width) {
        (Format::Text, Some(width)) => super::prose::wrap(&told, width),
        _ => told,
    }
}

/// A played session for people or as JSON.
fn session_text(session: &Session, lang: Lang, format: Format) -> String {
    if format == Format::Json {
        return session_json(session).to_json_pretty();
    }
    let mut out = String::new();
    for deal in &session.played {
        out.push_str(&deal_text(session, deal, false, lang));
        out.push('\n');
    }
    out.push_str(&standings_text(session, lang));
    if session.finished() {
        out.push_str(&winners_text(session, lang));
    }
    out
}

/// The conversation's first words: the settings and the seed that deals the same cards again.
pub fn opening_text(conversation: &Conversation, lang: Lang) -> String {
    let session = conversation.session();
    let (deals, stake, decks) = (session.deals(), session.stake(), session.n_decks());
    let seed = conversation.seed();
    match lang {
        Lang::En => format!(
            "Punto Banco: {deals} {}, a notional stake of {stake}, {decks} {}. Shuffle seed {seed} (give --seed {seed} to deal the same cards again).\n",
            lang.deals(deals.into()),
            lang.decks(decks)
        ),
        Lang::Fr => format!(
            "Punto Banco\u{a0}: {deals} {}, un enjeu fictif de {stake}, {decks} {}. Graine du mélange {seed} (donnez --seed {seed} pour redonner les mêmes cartes).\n",
            lang.deals(deals.into()),
            lang.decks(decks)
        ),
    }
}

/// A prompt as the terminal shows it, before the answer is typed; the first prompt of a deal
/// comes after the deal's heading.
pub fn prompt_text(prompt: &Prompt, lang: Lang) -> String {
    match (prompt, lang) {
        (
            Prompt::Participant {
                number,
                required: true,
            },
            Lang::En,
        ) => {
            format!("Name of participant {number} (at least {MIN_PARTICIPANTS}): ")
        }
        (Prompt::Participant { number, .. }, Lang::En) => format!(
            "Name of participant {number} (empty line to start, at most {MAX_PARTICIPANTS}): "
        ),
        (
            Prompt::Participant {
                number,
                required: true,
            },
            Lang::Fr,
        ) => {
            format!("Nom du participant {number} (au moins {MIN_PARTICIPANTS})\u{a0}: ")
        }
        (Prompt::Participant { number, .. }, Lang::Fr) => format!(
            "Nom du participant {number} (ligne vide pour commencer, au plus {MAX_PARTICIPANTS})\u{a0}: "
        ),
        (Prompt::Dealer, _) => lang
            .pick("Name of the dealer: ", "Nom du donneur\u{a0}: ")
            .into(),
        (Prompt::DealerPredicts { dealer }, Lang::En) => {
            format!("Does {dealer} predict too? (y/n): ")
        }
        (Prompt::DealerPredicts { dealer }, Lang::Fr) => {
            format!("{dealer} fait aussi une prédiction\u{a0}? (o/n)\u{a0}: ")
        }
        (
            Prompt::Prediction {
                deal,
                deals,
                name,
                opens_deal,
            },
            _,
        ) => {
            let choices = prediction_choices(lang);
            let heading = match (opens_deal, lang) {
                (false, _) => String::new(),
                (true, Lang::En) => {
                    format!("\nPredictions for deal {deal} of {deals} ({choices}):\n")
                }
                (true, Lang::Fr) => {
                    format!("\nPrédictions pour la donne {deal} sur {deals} ({choices})\u{a0}:\n")
                }
            };
            format!("{heading}  {name}{} ", lang.colon())
        }
        (Prompt::Pause { pause, .. }, _) => {
            let question = match (pause, lang) {
                (Pause::Opening, Lang::En) => "A natural? Does Punto draw?",
                (Pause::Opening, Lang::Fr) => "Un naturel\u{a0}? Punto tire-t-il\u{a0}?",
                (Pause::PuntoThirdCard, Lang::En) => "Does Banco draw against this card?",
                (Pause::PuntoThirdCard, Lang::Fr) => "Banco tire-t-il contre cette carte\u{a0}?",
                (Pause::BancoThirdCard, Lang::En) => "Who wins?",
                (Pause::BancoThirdCard, Lang::Fr) => "Qui gagne\u{a0}?",
            };
            let go_on = lang.pick(
                "Press Enter to go on.",
                "Appuyez sur Entrée pour continuer.",
            );
            format!("  {question} {go_on} ")
        }
    }
}

/// What an accepted answer did, told: nothing, the dealer who only deals, or the deal played
/// card by card with the standings after it; at the table's pace, the part of the deal up to
/// its next pause, the standings after its last part.
pub fn step_text(step: &Step, session: &Session, lang: Lang) -> String {
    let Some(deal) = session.played.last() else {
        return String::new();
    };
    let parts = || deal_parts(session, deal, true, lang);
    let standings = || standings_text(session, lang);
    match step {
        Step::Dealt => format!("\n{}{}", deal_text(session, deal, true, lang), standings()),
        Step::DealtUntil(_) => format!("\n{}", parts().first().map_or("", String::as_str)),
        Step::Resumed(pause) => {
            let parts = parts();
            let next = deal.pauses().iter().position(|p| p == pause).map(|i| i + 1);
            match next.and_then(|i| parts.get(i).map(|part| (i, part))) {
                Some((i, part)) if i + 1 == parts.len() => format!("{part}{}", standings()),
                Some((_, part)) => part.clone(),
                None => String::new(),
            }
        }
        Step::DealerOnlyDeals => format!("  {}\n", join_error_text(&JoinError::Full, lang)),
        _ => String::new(),
    }
}

/// Why an answer is refused, before the prompt is asked again.
pub fn answer_error_text(error: &AnswerError, lang: Lang) -> String {
    let reason = match (error, lang) {
        (AnswerError::Join(error), _) => join_error_text(error, lang),
        (AnswerError::YesOrNo, _) => lang.pick("Answer y or n.", "Répondez o ou n.").into(),
        (AnswerError::NotAPrediction(answer), Lang::En) => format!(
            "`{answer}` is not a prediction: type {}.",
            prediction_choices(lang)
        ),
        (AnswerError::NotAPrediction(answer), Lang::Fr) => format!(
            "«\u{a0}{answer}\u{a0}» n’est pas une prédiction\u{a0}: tapez {}.",
            prediction_choices(lang)
        ),
        (AnswerError::NotText, _) => lang
            .pick(
                "That answer is not UTF-8 text: type it again.",
                "Cette réponse n’est pas du texte UTF-8\u{a0}: tapez-la de nouveau.",
            )
            .into(),
        (AnswerError::Over, _) => lang
            .pick("The session is over.", "La séance est terminée.")
            .into(),
    };
    format!("  {reason}\n")
}

/// The end of the input before the session's end: the session stops, with the standings so
/// far once someone has joined.
pub fn input_ended_text(session: &Session, lang: Lang) -> String {
    let mut out = lang
        .pick(
            "\nInput ended: the session stops here.\n",
            "\nFin de l’entrée\u{a0}: la séance s’arrête ici.\n",
        )
        .to_string();
    if !session.participants.is_empty() {
        out.push_str(&standings_text(session, lang));
    }
    out
}

/// The conversation's last words once every deal is played: the winners.
pub fn finished_text(session: &Session, lang: Lang) -> String {
    format!("\n{}", winners_text(session, lang))
}

/// A prediction's name: Punto, Banco, Tie / Égalité.
fn prediction_name(bet: MainBet, lang: Lang) -> &'static str {
    lang.outcome(super::tableau::winner_of(bet))
}

/// The deal told as it happens: the shuffle, each card, each decision with its rule, the
/// result, and every participant's net change.
pub fn deal_text(session: &Session, deal: &Deal, shuffled: bool, lang: Lang) -> String {
    deal_parts(session, deal, shuffled, lang).concat()
}

/// The deal told as [`deal_text`] tells it, in the parts that its pauses
/// ([`Deal::pause_points`]) separate: the heading and the opening cards; the decisions up to
/// each third card; the rest of the decisions, the result and the net changes.
pub fn deal_parts(session: &Session, deal: &Deal, shuffled: bool, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    let mut out = String::new();
    let colon = lang.colon();
    out.push_str(&match lang {
        Lang::En => format!("Deal {} of {}\n", deal.number, session.deals()),
        Lang::Fr => format!("Donne {} sur {}\n", deal.number, session.deals()),
    });
    if shuffled {
        let cards = 52 * session.n_decks();
        out.push_str(&match lang {
            Lang::En => format!("The dealer gathers all {cards} cards and shuffles them.\n"),
            Lang::Fr => format!("Le donneur rassemble les {cards} cartes et les mélange.\n"),
        });
        if let Some((turned, rest)) = deal.burned.split_first() {
            let more = rest.len();
            out.push_str(&match (lang, more) {
                (Lang::En, 0) => format!("The dealer turns {turned} and burns it.\n"),
                (Lang::En, 1) => {
                    format!("The dealer turns {turned} and burns it with the next card.\n")
                }
                (Lang::En, n) => {
                    format!("The dealer turns {turned} and burns it with the next {n} cards.\n")
                }
                (Lang::Fr, 0) => format!("Le donneur retourne {turned} et le brûle.\n"),
                (Lang::Fr, 1) => {
                    format!("Le donneur retourne {turned} et le brûle avec la carte suivante.\n")
                }
                (Lang::Fr, n) => format!(
                    "Le donneur retourne {turned} et le brûle avec les {n} cartes suivantes.\n"
                ),
            });
        }
    }
    let coup = &deal.coup;
    let opening = [
        ("Punto", coup.punto.first()),
        ("Banco", coup.banco.first()),
        ("Punto", coup.punto.get(1)),
        ("Banco", coup.banco.get(1)),
    ];
    for (hand, card) in opening {
        let Some(card) = card else { continue };
        out.push_str(&match lang {
            Lang::En => format!("  {hand} receives {card}\n"),
            Lang::Fr => format!("  {hand} reçoit {card}\n"),
        });
    }
    let points = deal.pause_points();
    let mut told = 0;
    for (_, before) in points {
        while told < before.min(coup.decisions.len()) {
            out.push_str(&format!(
                "  {}\n",
                decision_text(session.rules(), coup, told, lang)
            ));
            told += 1;
        }
        parts.push(std::mem::take(&mut out));
    }
    for index in told..coup.decisions.len() {
        out.push_str(&format!(
            "  {}\n",
            decision_text(session.rules(), coup, index, lang)
        ));
    }
    out.push_str(&format!("  {}\n", result_text(coup, lang)));
    for (participant, (bet, net)) in session.participants.iter().zip(&deal.results) {
        out.push_str(&format!(
            "  {} ({}){colon} {}\n",
            participant.name,
            prediction_name(*bet, lang),
            signed_amount(net, lang)
        ));
    }
    parts.push(out);
    parts
}

/// The running standings, best first; equal scores share a rank (1, 2, 2, 4).
pub fn standings_text(session: &Session, lang: Lang) -> String {
    let played = session.played.len();
    let mut out = match lang {
        Lang::En => format!(
            "Standings after {played} of {} {}\n",
            session.deals(),
            lang.deals(session.deals().into())
        ),
        Lang::Fr => format!(
            "Classement après {played} {} sur {}\n",
            lang.deals(played as u64),
            session.deals()
        ),
    };
    let ranked = session.standings();
    for (index, participant) in ranked.iter().enumerate() {
        // Equal scores share the rank of the first of them.
        let rank = ranked
            .iter()
            .position(|p| p.score == participant.score)
            .unwrap_or(index);
        let role = if participant.dealer {
            lang.pick(" (dealer)", " (donneur)")
        } else {
            ""
        };
        out.push_str(&format!(
            "  {}. {}{role}{} {}\n",
            rank + 1,
            participant.name,
            lang.colon(),
            signed_amount(&participant.score, lang)
        ));
    }
    out
}

/// The end of the session: the winner, or the shared winners.
pub fn winners_text(session: &Session, lang: Lang) -> String {
    let leaders = session.leaders();
    let names: Vec<&str> = leaders.iter().map(|p| p.name.as_str()).collect();
    let score = leaders
        .first()
        .map_or(String::new(), |p| signed_amount(&p.score, lang));
    match (lang, names.as_slice()) {
        (_, []) => String::new(),
        (Lang::En, [one]) => format!("{one} wins the session with {score}.\n"),
        (Lang::Fr, [one]) => format!("{one} remporte la séance avec {score}.\n"),
        (Lang::En, many) => format!("Shared victory on {score}: {}.\n", many.join(", ")),
        (Lang::Fr, many) => format!("Victoire partagée à {score}\u{a0}: {}.\n", many.join(", ")),
    }
}

/// The whole session as one document: every deal's cards, winner and net changes, the final
/// scores and the winners.
pub fn session_json(session: &Session) -> session_doc::Session {
    let cards = |cards: &[Card]| -> Vec<String> { cards.iter().map(Card::to_string).collect() };
    let deals = session
        .played
        .iter()
        .map(|deal| {
            let mut net = BTreeMap::new();
            let mut predictions = BTreeMap::new();
            for (participant, (bet, change)) in session.participants.iter().zip(&deal.results) {
                net.insert(participant.name.clone(), amount(change));
                predictions.insert(participant.name.clone(), bet.key());
            }
            session_doc::SessionDeal {
                banco: HandCards {
                    cards: cards(&deal.coup.banco),
                    total: deal.coup.banco_total(),
                },
                cards: cards(&deal.cards_in_order()),
                natural: deal.coup.is_natural(),
                net,
                number: deal.number,
                predictions,
                punto: HandCards {
                    cards: cards(&deal.coup.punto),
                    total: deal.coup.punto_total(),
                },
                winner: deal.coup.winner().key(),
            }
        })
        .collect();
    let participants = session
        .participants
        .iter()
        .map(|p| session_doc::Participant {
            dealer: p.dealer,
            name: p.name.clone(),
        })
        .collect();
    session_doc::Session {
        deals,
        deals_planned: session.deals(),
        finished: session.finished(),
        participants,
        schema: SCHEMA,
        scores: (session.participants.iter())
            .map(|p| (p.name.clone(), amount(&p.score)))
            .collect(),
        stake: session.stake(),
        winners: (session.leaders().iter()).map(|p| p.name.clone()).collect(),
    }
}

fn strategy(bet: MainBet, lang: Lang) -> String {
    let name = lang.outcome(super::tableau::winner_of(bet));
    match lang {
        Lang::En => format!("Always {name}"),
        Lang::Fr => format!("Toujours {name}"),
    }
}

fn percent(value: &num_rational::BigRational, lang: Lang) -> String {
    lang.percent(approx(value) * 100.0, 4)
}

/// The summary: each strategy's expected final score and its chance of finishing at or above zero.
pub fn summary_table(odds: &SessionOdds, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Strategy", "Stratégie"), Align::Left),
        (
            lang.pick("Expected final score", "Score final espéré"),
            Align::Right,
        ),
        (lang.pick("Exact", "Exact"), Align::Right),
        (
            lang.pick("Finishes at 0 or above", "Finit à 0 ou plus"),
            Align::Right,
        ),
    ]);
    for bet in MainBet::ALL {
        let expected = odds.expected(bet);
        table.row(vec![
            strategy(bet, lang),
            lang.decimal(approx(&expected), 4),
            fraction_text(&expected),
            percent(&odds.at_least_zero(bet), lang),
        ]);
    }
    table
}

/// Head to head over the same deals.
pub fn head_to_head_table(odds: &SessionOdds, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Strategy", "Stratégie"), Align::Left),
        (lang.pick("against", "contre"), Align::Left),
        (lang.pick("Ahead", "Devant"), Align::Right),
        (lang.pick("Level", "Ex æquo"), Align::Right),
        (lang.pick("Behind", "Derrière"), Align::Right),
    ]);
    for (a, b) in HEADS {
        let [ahead, level, behind] = odds.head_to_head(a, b);
        table.row(vec![
            strategy(a, lang),
            strategy(b, lang),
            percent(&ahead, lang),
            percent(&level, lang),
            percent(&behind, lang),
        ]);
    }
    table
}

/// One strategy's final-score distribution; empty for sessions too long to have one
/// ([`crate::session_odds::FULL_DISTRIBUTION_DEALS`]).
pub fn distribution_table(odds: &SessionOdds, bet: MainBet, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Final score", "Score final"), Align::Right),
        (lang.pick("Probability", "Probabilité"), Align::Right),
    ]);
    // The exact fractions have over a hundred digits here: they are in the JSON output.
    for (score, p) in odds.final_score(bet).into_iter().flatten().rev() {
        table.row(vec![
            signed_amount(&ratio_to_big(*score), lang),
            lang.decimal(approx(p), 6),
        ]);
    }
    table
}

/// Each strategy's chances of finishing above, at and below zero.
pub fn signs_table(odds: &SessionOdds, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Strategy", "Stratégie"), Align::Left),
        (lang.pick("Above 0", "Au-dessus de 0"), Align::Right),
        (lang.pick("At 0", "À 0"), Align::Right),
        (lang.pick("Below 0", "En dessous de 0"), Align::Right),
    ]);
    for bet in MainBet::ALL {
        let mut row = vec![strategy(bet, lang)];
        row.extend(odds.signs(bet).iter().map(|p| percent(p, lang)));
        table.row(row);
    }
    table
}

/// The pairs of strategies compared head to head, in the order the outputs list them.
pub(crate) const HEADS: [(MainBet, MainBet); 3] = [
    (MainBet::Banco, MainBet::Punto),
    (MainBet::Punto, MainBet::Tie),
    (MainBet::Banco, MainBet::Tie),
];

/// The first line of the odds: the deals, the stake and the shoe.
fn odds_heading(odds: &SessionOdds, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{} {} at a stake of {}, each from a full shoe of {} cards.\n\n",
            lang.integer(&odds.deals.to_string()),
            lang.deals(u64::from(odds.deals)),
            odds.stake,
            odds.deal.shoe().len()
        ),
        Lang::Fr => format!(
            "{} {} avec un enjeu de {}, chacune d’un sabot complet de {} cartes.\n\n",
            lang.integer(&odds.deals.to_string()),
            lang.deals(u64::from(odds.deals)),
            odds.stake,
            odds.deal.shoe().len()
        ),
    }
}

/// A table in the chosen format (text or Markdown).
fn laid_out(table: Table, format: Format) -> String {
    if format == Format::Markdown {
        table.to_markdown()
    } else {
        table.to_text()
    }
}

/// The odds in the chosen format: every strategy's whole distribution for sessions of up to
/// [`crate::session_odds::FULL_DISTRIBUTION_DEALS`] deals, the summary figures beyond.
pub fn render_odds(odds: &SessionOdds, page: &Page) -> String {
    let (lang, format) = (page.lang, page.format);
    if !odds.has_distributions() {
        return render_long_odds(odds, lang, format);
    }
    if format == Format::Json {
        let strategies = MainBet::ALL
            .iter()
            .map(|&bet| {
                let final_score = odds
                    .final_score(bet)
                    .into_iter()
                    .flatten()
                    .map(|(s, p)| odds_doc::Score {
                        decimal: approx(p),
                        probability: fraction(p),
                        score: fraction(&ratio_to_big(*s)),
                    })
                    .collect();
                let expected = odds.expected(bet);
                let strategy = odds_doc::Strategy::Distribution {
                    at_least_zero: fraction(&odds.at_least_zero(bet)),
                    expected: fraction(&expected),
                    expected_decimal: approx(&expected),
                    final_score,
                };
                (bet.key().to_string(), strategy)
            })
            .collect();
        return odds_json(odds, strategies);
    }
    let mut out = odds_heading(odds, lang);
    out.push_str(&laid_out(summary_table(odds, lang), format));
    out.push('\n');
    out.push_str(&laid_out(head_to_head_table(odds, lang), format));
    for bet in MainBet::ALL {
        out.push('\n');
        out.push_str(&format!("{}\n\n", strategy(bet, lang)));
        out.push_str(&laid_out(distribution_table(odds, bet, lang), format));
    }
    out
}

/// The session-odds document around its strategies: the session, and every pair's
/// head-to-head chances as exact fractions.
fn odds_json(odds: &SessionOdds, strategies: BTreeMap<String, odds_doc::Strategy>) -> String {
    let heads = HEADS
        .iter()
        .map(|&(a, b)| {
            let [ahead, level, behind] = odds.head_to_head(a, b);
            odds_doc::HeadToHead {
                ahead: fraction(&ahead),
                against: b.key(),
                behind: fraction(&behind),
                level: fraction(&level),
                strategy: a.key(),
            }
        })
        .collect();
    odds_doc::SessionOdds {
        deals: odds.deals,
        head_to_head: Some(heads),
        players: None,
        schema: SCHEMA,
        stake: odds.stake,
        strategies: Some(strategies),
    }
    .to_json_pretty()
}

/// A long session's odds: expected scores, the chances of finishing above, at and below
/// zero, and head to head; as JSON with every probability an exact fraction.
fn render_long_odds(odds: &SessionOdds, lang: Lang, format: Format) -> String {
    if format == Format::Json {
        let strategies = MainBet::ALL
            .iter()
            .map(|&bet| {
                let expected = odds.expected(bet);
                let [above, at, below] = odds.signs(bet);
                let strategy = odds_doc::Strategy::Signs {
                    above_zero: exact(&above),
                    at_least_zero: fraction(&odds.at_least_zero(bet)),
                    at_zero: exact(&at),
                    below_zero: exact(&below),
                    expected: fraction(&expected),
                    expected_decimal: approx(&expected),
                };
                (bet.key().to_string(), strategy)
            })
            .collect();
        return odds_json(odds, strategies);
    }
    let mut out = odds_heading(odds, lang);
    out.push_str(&laid_out(summary_table(odds, lang), format));
    out.push('\n');
    out.push_str(&laid_out(signs_table(odds, lang), format));
    out.push('\n');
    out.push_str(&laid_out(head_to_head_table(odds, lang), format));
    let shown = crate::session_odds::FULL_DISTRIBUTION_DEALS;
    out.push('\n');
    out.push_str(&match lang {
        Lang::En => format!(
            "Whole final-score distributions are shown for sessions of up to {shown} deals; every figure is exact, and its fraction is in the JSON output (--format json).\n"
        ),
        Lang::Fr => format!(
            "Les distributions complètes du score final sont données pour les séances d’au plus {shown} donnes{} chaque chiffre est exact, et sa fraction figure dans la sortie JSON (--format json).\n",
            lang.semicolon()
        ),
    });
    out
}

/// A table of participants with fixed predictions: each one's chances of finishing first
/// alone and of sharing first place.
pub fn players_table(players: &[PlayerOdds], lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Participant", "Participant"), Align::Right),
        (lang.pick("Prediction", "Prédiction"), Align::Left),
        (lang.pick("Wins alone", "Gagne seul"), Align::Right),
        (
            lang.pick("Shares first place", "Partage la première place"),
            Align::Right,
        ),
        (lang.pick("Finishes first", "Finit premier"), Align::Right),
    ]);
    for (number, player) in players.iter().enumerate() {
        let first = player.wins_alone() + player.shares_first();
        table.row(vec![
            (number + 1).to_string(),
            prediction_name(player.prediction(), lang).to_string(),
            percent(player.wins_alone(), lang),
            percent(player.shares_first(), lang),
            percent(&first, lang),
        ]);
    }
    table
}

/// A table of participants in the chosen format; as JSON, `players` in the order given,
/// each with its `prediction` and the exact `wins_alone` and `shares_first`.
pub fn render_players(odds: &SessionOdds, players: &[PlayerOdds], page: &Page) -> String {
    let (lang, format) = (page.lang, page.format);
    if format == Format::Json {
        let players = players
            .iter()
            .map(|p| odds_doc::Player {
                prediction: p.prediction().key(),
                shares_first: fraction(p.shares_first()),
                shares_first_decimal: approx(p.shares_first()),
                wins_alone: fraction(p.wins_alone()),
                wins_alone_decimal: approx(p.wins_alone()),
            })
            .collect();
        return odds_doc::SessionOdds {
            deals: odds.deals,
            head_to_head: None,
            players: Some(players),
            schema: SCHEMA,
            stake: odds.stake,
            strategies: None,
        }
        .to_json_pretty();
    }
    let n = players.len();
    let colon = lang.colon();
    let mut out = match lang {
        Lang::En => format!(
            "A table of {n} {}, each making one prediction on every deal: {} {} at a stake of {}, each from a full shoe of {} cards. Participants with the same prediction always have the same score, so they share.\n\n",
            if n == 1 {
                "participant"
            } else {
                "participants"
            },
            lang.integer(&odds.deals.to_string()),
            lang.deals(u64::from(odds.deals)),
            odds.stake,
            odds.deal.shoe().len()
        ),
        Lang::Fr => format!(
            "Une table de {n} {}, chacun faisant la même prédiction à chaque donne{colon} {} {} avec un enjeu de {}, chacune d’un sabot complet de {} cartes. Les participants qui font la même prédiction ont toujours le même score{colon} ils partagent.\n\n",
            if n == 1 {
                "participant"
            } else {
                "participants"
            },
            lang.integer(&odds.deals.to_string()),
            lang.deals(u64::from(odds.deals)),
            odds.stake,
            odds.deal.shoe().len()
        ),
    };
    out.push_str(&laid_out(players_table(players, lang), format));
    out
}
