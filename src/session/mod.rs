//! The teaching session of the rule texts: two to eight participants predict Punto, Banco or
//! Tie / Égalité before each of ten deals, with a notional stake of 20, and keep score.
//!
//! This module holds the session's state and rules, and returns values: what happens is told
//! in words by `render::session`. A session is played from a script (`script`, JSON text) or
//! as a conversation (`interactive`: prompts and answers as values, the terminal being the
//! caller's business). Every deal starts from a full, freshly shuffled shoe, as the texts ask.

mod interactive;
mod script;

pub use interactive::{AnswerError, Conversation, Prompt, Step};
pub use script::{ScriptError, play_script, play_script_dealing};

use crate::analysis::ratio_to_big;
use crate::card::Card;
use crate::coup::{Coup, CoupError, deal};
use crate::dealer::Dealer;
use crate::rules::condition::DealtCoup;
use crate::rules::dealing::Procedure;
use crate::rules::{MainBet, Rules};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use rand_chacha::ChaCha8Rng;

/// The fewest participants who predict (the home format of the texts).
pub const MIN_PARTICIPANTS: usize = 2;
/// The most participants who predict, a dealer who predicts included.
pub const MAX_PARTICIPANTS: usize = 8;
/// The deals of the home format.
pub const DEALS: u32 = 10;
/// The notional stake of the home format: with 20, a Banco win of 95% is a whole 19.
pub const STAKE: i64 = 20;
/// The most decks in a session's shoe, as `--decks` accepts.
pub const MAX_DECKS: u64 = 1_000;
/// The most deals in a session, as `--deals` accepts.
pub const MAX_DEALS: u32 = 1_000;
/// The largest notional stake, as `--stake` accepts.
pub const MAX_STAKE: i64 = 1_000_000_000;

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

/// What a prediction may be, in the English of error messages (a script's, say); the
/// prompt's own words in both languages are `render::session::prediction_choices`.
pub const PREDICTIONS_ACCEPTED: &str = "P, B or T: Punto, Banco or Tie";

/// Why a participant cannot join.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JoinError {
    /// The name is empty once trimmed.
    #[error("a name cannot be empty")]
    Empty,
    /// The name holds a control character (a tab, a line break, an escape).
    #[error("a name cannot hold control characters")]
    Control,
    /// Someone already takes part under this name (names that differ only in case are the same).
    #[error("`{0}` is already taking part")]
    Taken(String),
    /// [`MAX_PARTICIPANTS`] people already predict.
    #[error("a session has at most {MAX_PARTICIPANTS} participants")]
    Full,
}

impl JoinError {
    /// What a script's name field accepts instead, after "expected".
    fn expected(&self) -> String {
        match self {
            JoinError::Empty => "a name that is not empty".into(),
            JoinError::Control => "a name without control characters (no tab or line break)".into(),
            JoinError::Taken(_) => {
                "a name nobody else has (names that differ only in case are the same)".into()
            }
            JoinError::Full => format!("at most {MAX_PARTICIPANTS} people who predict"),
        }
    }
}

/// Checks a name alone, whoever else takes part: not empty once trimmed, and without control
/// characters (a line break would split the standings, an escape would drive the terminal).
/// [`Session::join`] checks this too; a dealer who does not predict is named by it alone.
///
/// ```
/// use punto_banco::session::{JoinError, check_name};
/// assert_eq!(check_name(" Dana "), Ok(()));
/// assert_eq!(check_name("  "), Err(JoinError::Empty));
/// assert_eq!(check_name("Da\tna"), Err(JoinError::Control));
/// ```
pub fn check_name(name: &str) -> Result<(), JoinError> {
    let name = name.trim();
    if name.is_empty() {
        Err(JoinError::Empty)
    } else if name.chars().any(char::is_control) {
        Err(JoinError::Control)
    } else {
        Ok(())
    }
}

/// One participant and their running score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Participant {
    /// The name, trimmed, as it shows in the standings.
    pub name: String,
    /// Whether this is the dealer, who may also predict.
    pub dealer: bool,
    /// The running score, exact: a Banco win at an odd stake is a half.
    pub score: BigRational,
}

/// One deal as played: the cards, the coup, and each participant's prediction and net change.
#[derive(Debug, Clone)]
pub struct Deal {
    /// The deal's number, from 1.
    pub number: u32,
    /// The coup dealt, without the cards it did not use.
    pub coup: Coup<Card>,
    /// Per participant, in order: the prediction and the net change.
    pub results: Vec<(MainBet, BigRational)>,
    /// The cards burned before the deal, the turned card first (none for a deal played from
    /// cards given to [`Session::play`], or when the procedure burns nothing).
    pub burned: Vec<Card>,
}

/// A session setting out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SettingError {
    /// Decks outside 1 to [`MAX_DECKS`].
    #[error("decks is {0}: expected a whole number from 1 to {MAX_DECKS}")]
    Decks(u64),
    /// Deals outside 1 to [`MAX_DEALS`].
    #[error("deals is {0}: expected a whole number from 1 to {MAX_DEALS}")]
    Deals(u32),
    /// A stake outside 1 to [`MAX_STAKE`].
    #[error("stake is {0}: expected a whole number from 1 to {MAX_STAKE}")]
    Stake(i64),
}

/// A deal that cannot be played from the cards and predictions given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// Too few cards to finish the coup.
    #[error(transparent)]
    Coup(#[from] CoupError),
    /// More copies of one card than the shoe holds: every deal starts from a full shoe.
    #[error(
        "{card} is given {given} times, but a shoe of {n_decks} {} holds {n_decks} of each card (every deal starts from a full shoe)",
        if *.n_decks == 1 { "deck" } else { "decks" }
    )]
    TooManyCopies {
        /// The card given too often.
        card: Card,
        /// How often it is given.
        given: u64,
        /// Decks in the shoe: each card is in it this many times.
        n_decks: u64,
    },
    /// Not one prediction per participant.
    #[error("{given} predictions for {expected} participants: expected one per participant")]
    Predictions {
        /// Predictions given.
        given: usize,
        /// Participants who predict.
        expected: usize,
    },
}

/// A session in progress. Its settings are always in range (see [`Session::try_new`]).
#[derive(Debug, Clone)]
pub struct Session {
    rules: Rules,
    n_decks: u64,
    deals: u32,
    stake: i64,
    /// How each shuffled shoe is burned before its deal.
    dealing: Procedure,
    /// Everyone who predicts, in the order they joined.
    pub participants: Vec<Participant>,
    /// The deals played so far, in order.
    pub played: Vec<Deal>,
}

impl Session {
    /// A session with no participant yet, or the setting that is out of range: 1 to
    /// [`MAX_DECKS`] decks, 1 to [`MAX_DEALS`] deals, a stake of 1 to [`MAX_STAKE`].
    ///
    /// ```
    /// use punto_banco::{rules::Rules, session::{Session, SettingError}};
    /// assert!(Session::try_new(Rules::reference(), 8, 10, 20).is_ok());
    /// let error = Session::try_new(Rules::reference(), 0, 10, 20).unwrap_err();
    /// assert_eq!(error, SettingError::Decks(0));
    /// ```
    pub fn try_new(
        rules: Rules,
        n_decks: u64,
        deals: u32,
        stake: i64,
    ) -> Result<Session, SettingError> {
        if !(1..=MAX_DECKS).contains(&n_decks) {
            return Err(SettingError::Decks(n_decks));
        }
        if !(1..=MAX_DEALS).contains(&deals) {
            return Err(SettingError::Deals(deals));
        }
        if !(1..=MAX_STAKE).contains(&stake) {
            return Err(SettingError::Stake(stake));
        }
        Ok(Session {
            rules,
            n_decks,
            deals,
            stake,
            dealing: Procedure::reference(),
            participants: Vec::new(),
            played: Vec::new(),
        })
    }

    /// A session with no participant yet, for settings the caller has checked against the
    /// same ranges as [`Session::try_new`]; a setting out of range is brought to the nearest
    /// accepted value, so that the shoe can always be dealt.
    pub fn new(rules: Rules, n_decks: u64, deals: u32, stake: i64) -> Session {
        Session {
            rules,
            n_decks: n_decks.clamp(1, MAX_DECKS),
            deals: deals.clamp(1, MAX_DEALS),
            stake: stake.clamp(1, MAX_STAKE),
            dealing: Procedure::reference(),
            participants: Vec::new(),
            played: Vec::new(),
        }
    }

    /// The same session dealing its shuffled shoes by `dealing` (the reference procedure
    /// unless set): only its burn matters, as each deal has a fresh shoe.
    pub fn with_dealing(self, dealing: Procedure) -> Session {
        Session { dealing, ..self }
    }

    /// The dealing procedure of the shuffled deals.
    pub fn dealing(&self) -> &Procedure {
        &self.dealing
    }

    /// The rules the deals follow.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Decks in the shoe, gathered and shuffled before every deal.
    pub fn n_decks(&self) -> u64 {
        self.n_decks
    }

    /// The planned number of deals.
    pub fn deals(&self) -> u32 {
        self.deals
    }

    /// The notional stake of every prediction.
    pub fn stake(&self) -> i64 {
        self.stake
    }

    /// Adds a participant (the dealer counts once, if they predict).
    pub fn join(&mut self, name: &str, dealer: bool) -> Result<(), JoinError> {
        check_name(name)?;
        let name = name.trim();
        if self.taken(name) {
            return Err(JoinError::Taken(name.to_string()));
        }
        if self.participants.len() >= MAX_PARTICIPANTS {
            return Err(JoinError::Full);
        }
        self.participants.push(Participant {
            name: name.to_string(),
            dealer,
            score: BigRational::zero(),
        });
        Ok(())
    }

    /// Whether someone takes part under this name already: names that differ only in case
    /// are the same.
    fn taken(&self, name: &str) -> bool {
        self.participants
            .iter()
            .any(|p| crate::variants::same_name(&p.name, name))
    }

    /// Whether all the deals have been played.
    pub fn finished(&self) -> bool {
        self.played.len() >= self.deals as usize
    }

    /// The number of the next deal, from 1.
    pub fn next_deal(&self) -> u32 {
        u32::try_from(self.played.len())
            .unwrap_or(u32::MAX)
            .saturating_add(1)
    }

    /// Plays a deal from these cards with these predictions (one per participant, in order),
    /// settling each at the stake. Too few cards is an error naming the missing one, and so
    /// is a card given more often than the shoe holds it.
    pub fn play(&mut self, cards: &[Card], predictions: &[MainBet]) -> Result<&Deal, PlayError> {
        if predictions.len() != self.participants.len() {
            return Err(PlayError::Predictions {
                given: predictions.len(),
                expected: self.participants.len(),
            });
        }
        if let Some((card, given)) = over_the_shoe(cards, self.n_decks) {
            return Err(PlayError::TooManyCopies {
                card,
                given,
                n_decks: self.n_decks,
            });
        }
        let coup = deal(&self.rules.drawing, cards)?;
        Ok(self.settle(coup, predictions, Vec::new()))
    }

    /// Gathers and shuffles the whole shoe, burns it by the session's procedure, then plays
    /// a deal from its top with one prediction per participant, in order (as
    /// [`Session::play`] checks; a participant without one is not scored).
    ///
    /// A fresh shoe every deal keeps the session's exact odds (`session_odds`) exact: the
    /// burned cards are a uniformly random part of a uniformly shuffled shoe, so the cards
    /// after them are as exchangeable as the shoe's own first cards, and each deal is
    /// distributed as a deal from the top of a full shoe, independently of the others.
    pub fn play_shuffled(&mut self, rng: &mut ChaCha8Rng, predictions: &[MainBet]) -> &Deal {
        let mut dealer = Dealer::shuffled(self.n_decks, rng);
        let order = dealer.remaining().to_vec();
        dealer.burn(&self.dealing);
        let burned = order[..dealer.dealt()].to_vec();
        let top = dealer.remaining();
        let coup = deal(&self.rules.drawing, top.get(..6).unwrap_or(top))
            .expect("a session's shoe holds at least one deck, and six cards finish every coup");
        self.settle(coup, predictions, burned)
    }

    /// Scores a dealt coup and records it, without the cards given beyond those it used (the
    /// texts ignore them, and a session keeps at most six cards a deal however many it got).
    fn settle(&mut self, coup: Coup<Card>, predictions: &[MainBet], burned: Vec<Card>) -> &Deal {
        let coup = coup.without_unused();
        let dealt = DealtCoup::from(&coup);
        // Exact at any stake: a big rational never overflows.
        let stake = BigRational::from_integer(BigInt::from(self.stake));
        let results: Vec<(MainBet, BigRational)> = predictions
            .iter()
            .map(|&bet| {
                (
                    bet,
                    ratio_to_big(self.rules.tariff.bet(bet).net(&dealt)) * &stake,
                )
            })
            .collect();
        for (participant, (_, net)) in self.participants.iter_mut().zip(&results) {
            participant.score += net;
        }
        let number = self.next_deal();
        let index = self.played.len();
        self.played.push(Deal {
            number,
            coup,
            results,
            burned,
        });
        &self.played[index]
    }

    /// The participants ranked by score, best first (ties keep their order of joining).
    pub fn standings(&self) -> Vec<&Participant> {
        let mut ranked: Vec<&Participant> = self.participants.iter().collect();
        ranked.sort_by(|a, b| b.score.cmp(&a.score));
        ranked
    }

    /// The leaders: everyone on the best score (equal leaders share the victory).
    pub fn leaders(&self) -> Vec<&Participant> {
        let best = self.participants.iter().map(|p| &p.score).max();
        self.participants
            .iter()
            .filter(|p| Some(&p.score) == best)
            .collect()
    }
}

/// The first card given more often than a shoe of `n_decks` holds it, and how often it is
/// given.
fn over_the_shoe(cards: &[Card], n_decks: u64) -> Option<(Card, u64)> {
    let mut given = std::collections::HashMap::<Card, u64>::new();
    for card in cards {
        *given.entry(*card).or_default() += 1;
    }
    cards.iter().find_map(|card| {
        given
            .get(card)
            .filter(|&&n| n > n_decks)
            .map(|&n| (*card, n))
    })
}

/// Where a deal told at the table's pace stops until the group is ready: the points of the
/// order of play where the teaching texts' procedure turns on the cards just seen. After the
/// four opening cards, the group works out whether a natural stops the coup and whether Punto
/// draws; after Punto's third card, whether Banco draws, which turns on that card's value;
/// after Banco's third card, who wins (the worked example of the texts, "The third-card-eight
/// example", goes through the same steps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Pause {
    /// The four opening cards are dealt.
    Opening,
    /// Punto has drawn its third card.
    PuntoThirdCard,
    /// Banco has drawn its third card.
    BancoThirdCard,
}

impl Deal {
    /// Where the deal stops when told at the table's pace, in order: after the opening, then
    /// after each third card drawn.
    ///
    /// ```
    /// use punto_banco::{card::parse_cards, rules::Rules, session::{Pause, Session}};
    /// let mut session = Session::new(Rules::reference(), 8, 1, 20);
    /// // The texts' example: Punto draws 8♦ on 3, and Banco stands on 3 against an eight.
    /// let deal = session.play(&parse_cards("4♥ 2♠ 9♣ A♦ 8♦").unwrap(), &[]).unwrap();
    /// assert_eq!(deal.pauses(), [Pause::Opening, Pause::PuntoThirdCard]);
    /// ```
    pub fn pauses(&self) -> Vec<Pause> {
        self.pause_points()
            .into_iter()
            .map(|(pause, _)| pause)
            .collect()
    }

    /// Each pause with the number of the coup's decisions told before it: none before the
    /// opening's, and each third card's right after the decision that draws it.
    pub fn pause_points(&self) -> Vec<(Pause, usize)> {
        use crate::coup::Decision;
        use crate::rules::Action;
        let mut points = vec![(Pause::Opening, 0)];
        for (index, decision) in self.coup.decisions().iter().enumerate() {
            let pause = match decision {
                Decision::Punto {
                    action: Action::Draw,
                    ..
                } => Pause::PuntoThirdCard,
                Decision::Banco {
                    action: Action::Draw,
                    ..
                } => Pause::BancoThirdCard,
                _ => continue,
            };
            points.push((pause, index + 1));
        }
        points
    }

    /// The cards in the order dealt: Punto, Banco, Punto, Banco, then the third cards.
    pub fn cards_in_order(&self) -> Vec<Card> {
        let (punto, banco) = (&self.coup.punto, &self.coup.banco);
        [
            punto.first(),
            banco.first(),
            punto.get(1),
            banco.get(1),
            punto.get(2),
            banco.get(2),
        ]
        .into_iter()
        .flatten()
        .copied()
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dealing::Burn;

    /// A shuffled deal is dealt after the burn: the shoe's own cards, from just past the
    /// cards its first card burns (or from the top, with no burn).
    #[test]
    fn a_shuffled_deal_comes_after_the_burn() {
        for seed in 0..20 {
            let shoe = Dealer::shuffled(8, &mut Dealer::rng(seed));
            let order = shoe.remaining();
            let burned = Burn::FirstCard { ace: 1 }.cards(order[0].rank) as usize;
            for (dealing, from) in [
                (Procedure::reference(), burned),
                (
                    Procedure {
                        burn: Burn::None,
                        ..Procedure::reference()
                    },
                    0,
                ),
            ] {
                let mut session = Session::new(Rules::reference(), 8, 1, 20).with_dealing(dealing);
                let deal = session.play_shuffled(&mut Dealer::rng(seed), &[]).clone();
                let cards = deal.cards_in_order();
                assert_eq!(cards, order[from..from + cards.len()], "seed {seed}");
                // The deal records the cards burned before it, the turned card first.
                assert_eq!(deal.burned, order[..from], "seed {seed}");
            }
        }
    }
}
