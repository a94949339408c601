//! The teaching session of the rule texts: two to eight participants predict Punto, Banco or
//! Tie / Égalité before each of ten deals, with a notional stake of 20, and keep score.
//!
//! This module holds the session's state and rules and renders what happens; reading a
//! terminal or a script is the caller's business. Every deal starts from a full, freshly
//! shuffled shoe, as the texts ask.

use crate::card::Card;
use crate::coup::{Coup, deal};
use crate::dealer::Dealer;
use crate::lang::Lang;
use crate::render::coup::{decision_text, result_text};
use crate::rules::{MainBet, Rules};
use num_rational::Ratio;
use rand_chacha::ChaCha8Rng;

/// The home format of the texts.
pub const MIN_PARTICIPANTS: usize = 2;
pub const MAX_PARTICIPANTS: usize = 8;
pub const DEALS: u32 = 10;
pub const STAKE: i64 = 20;

/// Reads a prediction as a participant types it: P, B, T (or E), Punto, Banco, Tie, Égalité
/// (Egalite), in any case.
///
/// ```
/// use punto_banco::{session::parse_prediction, rules::MainBet};
/// assert_eq!(parse_prediction(" égalité "), Some(MainBet::Tie));
/// assert_eq!(parse_prediction("b"), Some(MainBet::Banco));
/// assert_eq!(parse_prediction("x"), None);
/// ```
pub fn parse_prediction(text: &str) -> Option<MainBet> {
    match text.trim().to_lowercase().as_str() {
        "p" | "punto" | "player" | "joueur" => Some(MainBet::Punto),
        "b" | "banco" | "banker" | "banque" => Some(MainBet::Banco),
        "t" | "tie" | "e" | "égalité" | "egalite" | "egalité" | "égalite" => Some(MainBet::Tie),
        _ => None,
    }
}

/// What a participant may type at the prediction prompt, for the prompt and its errors.
pub fn prediction_choices(lang: Lang) -> &'static str {
    lang.pick(
        "P, B or T: Punto, Banco or Tie",
        "P, B ou E : Punto, Banco ou Égalité",
    )
}

/// Why a participant cannot join.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    #[error("a name cannot be empty")]
    Empty,
    #[error("`{0}` is already taking part")]
    Taken(String),
    #[error("a session has at most {MAX_PARTICIPANTS} participants")]
    Full,
}

impl JoinError {
    /// The reason in the session's language.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (JoinError::Empty, Lang::Fr) => "un nom ne peut pas être vide".into(),
            (JoinError::Taken(name), Lang::Fr) => format!("« {name} » participe déjà"),
            (JoinError::Full, Lang::Fr) => {
                format!("une séance compte au plus {MAX_PARTICIPANTS} participants")
            }
        }
    }
}

/// One participant and their running score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Participant {
    pub name: String,
    /// Whether this is the dealer, who may also predict.
    pub dealer: bool,
    pub score: Ratio<i64>,
}

/// One deal as played: the cards, the coup, and each participant's prediction and net change.
#[derive(Debug, Clone)]
pub struct Deal {
    pub number: u32,
    pub coup: Coup<Card>,
    /// Per participant, in order: the prediction and the net change.
    pub results: Vec<(MainBet, Ratio<i64>)>,
}

/// A session in progress.
#[derive(Debug, Clone)]
pub struct Session {
    pub rules: Rules,
    pub n_decks: u64,
    pub deals: u32,
    pub stake: i64,
    pub participants: Vec<Participant>,
    pub played: Vec<Deal>,
}

impl Session {
    /// A session with no participant yet.
    pub fn new(rules: Rules, n_decks: u64, deals: u32, stake: i64) -> Session {
        Session {
            rules,
            n_decks,
            deals,
            stake,
            participants: Vec::new(),
            played: Vec::new(),
        }
    }

    /// Adds a participant (the dealer counts once, if they predict).
    pub fn join(&mut self, name: &str, dealer: bool) -> Result<(), JoinError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(JoinError::Empty);
        }
        if self
            .participants
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(name))
        {
            return Err(JoinError::Taken(name.to_string()));
        }
        if self.participants.len() >= MAX_PARTICIPANTS {
            return Err(JoinError::Full);
        }
        self.participants.push(Participant {
            name: name.to_string(),
            dealer,
            score: Ratio::from_integer(0),
        });
        Ok(())
    }

    /// Whether all the deals have been played.
    pub fn finished(&self) -> bool {
        self.played.len() as u32 >= self.deals
    }

    /// The number of the next deal, from 1.
    pub fn next_deal(&self) -> u32 {
        self.played.len() as u32 + 1
    }

    /// Plays a deal from these cards with these predictions (one per participant, in order),
    /// settling each at the stake. Too few cards is an error naming the missing one.
    pub fn play(
        &mut self,
        cards: &[Card],
        predictions: &[MainBet],
    ) -> Result<&Deal, crate::coup::CoupError> {
        let coup = deal(&self.rules.drawing, cards)?;
        let state = coup.final_state();
        let stake = Ratio::from_integer(self.stake);
        let results: Vec<(MainBet, Ratio<i64>)> = predictions
            .iter()
            .map(|&bet| (bet, self.rules.tariff.bet(bet).net(state) * stake))
            .collect();
        for (participant, (_, net)) in self.participants.iter_mut().zip(&results) {
            participant.score += net;
        }
        let number = self.next_deal();
        self.played.push(Deal {
            number,
            coup,
            results,
        });
        Ok(self.played.last().expect("a deal was just played"))
    }

    /// Gathers and shuffles the whole shoe, then plays a deal from its top.
    pub fn play_shuffled(&mut self, rng: &mut ChaCha8Rng, predictions: &[MainBet]) -> &Deal {
        let dealer = Dealer::shuffled(self.n_decks, rng);
        let cards = dealer.remaining()[..6].to_vec();
        self.play(&cards, predictions)
            .expect("six cards finish every coup")
    }

    /// The participants ranked by score, best first (ties keep their order of joining).
    pub fn standings(&self) -> Vec<&Participant> {
        let mut ranked: Vec<&Participant> = self.participants.iter().collect();
        ranked.sort_by_key(|p| std::cmp::Reverse(p.score));
        ranked
    }

    /// The leaders: everyone on the best score (equal leaders share the victory).
    pub fn leaders(&self) -> Vec<&Participant> {
        let best = self.participants.iter().map(|p| p.score).max();
        self.participants
            .iter()
            .filter(|p| Some(p.score) == best)
            .collect()
    }
}

fn amount(value: Ratio<i64>, lang: Lang) -> String {
    crate::render::signed_amount(&crate::analysis::ratio_to_big(value), lang)
}

fn prediction_name(bet: MainBet, lang: Lang) -> &'static str {
    lang.outcome(crate::render::tableau::winner_of(bet))
}

/// The deal told as it happens: the shuffle, each card, each decision with its rule, the
/// result, and every participant's net change.
pub fn deal_text(session: &Session, deal: &Deal, shuffled: bool, lang: Lang) -> String {
    let mut out = String::new();
    let colon = lang.pick(":", " :");
    out.push_str(&match lang {
        Lang::En => format!("Deal {} of {}\n", deal.number, session.deals),
        Lang::Fr => format!("Donne {} sur {}\n", deal.number, session.deals),
    });
    if shuffled {
        let cards = 52 * session.n_decks;
        out.push_str(&match lang {
            Lang::En => format!("The dealer gathers all {cards} cards and shuffles them.\n"),
            Lang::Fr => format!("Le donneur rassemble les {cards} cartes et les mélange.\n"),
        });
    }
    let coup = &deal.coup;
    let order = [
        ("Punto", &coup.punto[0]),
        ("Banco", &coup.banco[0]),
        ("Punto", &coup.punto[1]),
        ("Banco", &coup.banco[1]),
    ];
    for (hand, card) in order {
        out.push_str(&match lang {
            Lang::En => format!("  {hand} receives {card}\n"),
            Lang::Fr => format!("  {hand} reçoit {card}\n"),
        });
    }
    for index in 0..coup.decisions.len() {
        out.push_str(&format!(
            "  {}\n",
            decision_text(&session.rules, coup, index, lang)
        ));
    }
    out.push_str(&format!("  {}\n", result_text(coup, lang)));
    for (participant, (bet, net)) in session.participants.iter().zip(&deal.results) {
        out.push_str(&format!(
            "  {} ({}){colon} {}\n",
            participant.name,
            prediction_name(*bet, lang),
            amount(*net, lang)
        ));
    }
    out
}

/// The running standings.
pub fn standings_text(session: &Session, lang: Lang) -> String {
    let mut out = match lang {
        Lang::En => format!(
            "Standings after {} of {} {}\n",
            session.played.len(),
            session.deals,
            if session.deals == 1 { "deal" } else { "deals" }
        ),
        Lang::Fr => format!(
            "Classement après {} {} sur {}\n",
            session.played.len(),
            if session.played.len() <= 1 {
                "donne"
            } else {
                "donnes"
            },
            session.deals
        ),
    };
    let ranked = session.standings();
    for (index, participant) in ranked.iter().enumerate() {
        // Equal scores share a rank.
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
            lang.pick(":", " :"),
            amount(participant.score, lang)
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
        .map_or(String::new(), |p| amount(p.score, lang));
    match (lang, names.as_slice()) {
        (_, []) => String::new(),
        (Lang::En, [one]) => format!("{one} wins the session with {score}.\n"),
        (Lang::Fr, [one]) => format!("{one} remporte la séance avec {score}.\n"),
        (Lang::En, many) => format!("Shared victory on {score}: {}.\n", many.join(", ")),
        (Lang::Fr, many) => format!("Victoire partagée à {score} : {}.\n", many.join(", ")),
    }
}

/// The whole session as one JSON object (schema 1): every deal's cards, winner and net
/// changes, the final scores and the winners.
pub fn session_json(session: &Session) -> serde_json::Value {
    use serde_json::json;
    let cards = |cards: &[Card]| -> Vec<String> { cards.iter().map(Card::to_string).collect() };
    let deals: Vec<serde_json::Value> = session
        .played
        .iter()
        .map(|deal| {
            let mut net = serde_json::Map::new();
            let mut predictions = serde_json::Map::new();
            for (participant, (bet, change)) in session.participants.iter().zip(&deal.results) {
                net.insert(
                    participant.name.clone(),
                    crate::render::amount_json(&crate::analysis::ratio_to_big(*change)),
                );
                predictions.insert(participant.name.clone(), json!(bet.key()));
            }
            json!({
                "number": deal.number,
                "cards": cards(&deal.coup.dealt_in_order()),
                "punto": {"cards": cards(&deal.coup.punto), "total": deal.coup.punto_total()},
                "banco": {"cards": cards(&deal.coup.banco), "total": deal.coup.banco_total()},
                "natural": deal.coup.is_natural(),
                "winner": deal.coup.winner().key(),
                "predictions": predictions,
                "net": net,
            })
        })
        .collect();
    let mut scores = serde_json::Map::new();
    for p in &session.participants {
        scores.insert(
            p.name.clone(),
            crate::render::amount_json(&crate::analysis::ratio_to_big(p.score)),
        );
    }
    let winners: Vec<&str> = session.leaders().iter().map(|p| p.name.as_str()).collect();
    json!({
        "schema": crate::render::SCHEMA,
        "participants": session.participants.iter().map(|p| json!({"name": p.name, "dealer": p.dealer})).collect::<Vec<_>>(),
        "stake": session.stake,
        "deals_planned": session.deals,
        "deals": deals,
        "scores": scores,
        "finished": session.finished(),
        "winners": winners,
    })
}

/// A session script: the participants, their predictions for each deal, and optionally the
/// exact cards of each deal instead of a shuffle.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    pub participants: Vec<String>,
    #[serde(default)]
    pub dealer: Option<ScriptDealer>,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub decks: Option<u64>,
    #[serde(default)]
    pub deals: Option<u32>,
    #[serde(default)]
    pub stake: Option<i64>,
    pub rounds: Vec<Round>,
}

/// The dealer of a script, who may predict too.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptDealer {
    pub name: String,
    #[serde(default)]
    pub predicts: bool,
}

/// One deal of a script: each predictor's prediction by name, and perhaps the cards.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub predictions: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    pub cards: Option<Vec<String>>,
}

/// A script that cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("participants: {0}")]
    Join(#[from] JoinError),
    #[error(
        "a session needs {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS} participants who predict; the script has {0}"
    )]
    Count(usize),
    #[error("round {round}: {message}")]
    Round { round: usize, message: String },
    #[error("{0}")]
    Setting(String),
}

/// Plays a script to the end (or as far as its rounds go).
pub fn play_script(text: &str, rules: Rules) -> Result<Session, ScriptError> {
    let script: Script = serde_json::from_str(text)?;
    let n_decks = script.decks.unwrap_or(crate::shoe::REFERENCE_DECKS);
    let deals = script.deals.unwrap_or(DEALS);
    let stake = script.stake.unwrap_or(STAKE);
    if !(1..=1_000).contains(&n_decks) || deals == 0 || !(1..=1_000_000_000).contains(&stake) {
        return Err(ScriptError::Setting(
            "decks must be 1 to 1000, deals at least 1, and the stake 1 to 1000000000".into(),
        ));
    }
    if script.rounds.len() as u32 > deals {
        return Err(ScriptError::Setting(format!(
            "the script has {} rounds for a session of {deals} {}",
            script.rounds.len(),
            if deals == 1 { "deal" } else { "deals" }
        )));
    }
    let mut session = Session::new(rules, n_decks, deals, stake);
    for name in &script.participants {
        session.join(name, false)?;
    }
    if let Some(dealer) = script.dealer.as_ref().filter(|d| d.predicts) {
        session.join(&dealer.name, true)?;
    }
    if session.participants.len() < MIN_PARTICIPANTS {
        return Err(ScriptError::Count(session.participants.len()));
    }
    let mut rng = Dealer::rng(script.seed.unwrap_or(0));
    for (index, round) in script.rounds.iter().enumerate() {
        let error = |message: String| ScriptError::Round {
            round: index + 1,
            message,
        };
        let mut predictions = Vec::with_capacity(session.participants.len());
        for participant in &session.participants {
            let text = round
                .predictions
                .get(&participant.name)
                .ok_or_else(|| error(format!("no prediction for {}", participant.name)))?;
            predictions.push(parse_prediction(text).ok_or_else(|| {
                error(format!(
                    "`{text}` is not a prediction: expected {}",
                    prediction_choices(Lang::En)
                ))
            })?);
        }
        if let Some(extra) = round
            .predictions
            .keys()
            .find(|name| !session.participants.iter().any(|p| &p.name == *name))
        {
            return Err(error(format!(
                "`{extra}` is not a participant who predicts"
            )));
        }
        match &round.cards {
            Some(tokens) => {
                let cards = crate::card::parse_cards(&tokens.join(" "))
                    .map_err(|e| error(e.to_string()))?;
                session
                    .play(&cards, &predictions)
                    .map_err(|e| error(e.to_string()))?;
            }
            None => {
                session.play_shuffled(&mut rng, &predictions);
            }
        }
    }
    Ok(session)
}
