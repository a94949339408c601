//! The document of `session --script FILE -f json`: a scripted session, deal by deal.

use super::{Amount, Document, deal::HandCards, display_as_json};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// Every deal's cards, winner and net changes, the final scores and the winners.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Session {
    /// The deals played, in order.
    pub deals: Vec<SessionDeal>,
    /// The deals the session was to have.
    pub deals_planned: u32,
    /// Whether every planned deal was played.
    pub finished: bool,
    /// The participants, in the order they joined.
    pub participants: Vec<Participant>,
    /// The document version (1).
    pub schema: u32,
    /// Each participant's final score, by name.
    pub scores: BTreeMap<String, Amount>,
    /// The stake of every prediction.
    pub stake: i64,
    /// The names of the participants with the best score.
    pub winners: Vec<String>,
}

/// A participant.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Participant {
    /// Whether the participant deals.
    pub dealer: bool,
    /// The participant's name.
    pub name: String,
}

/// One deal of the session.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SessionDeal {
    /// Banco's cards and total.
    pub banco: HandCards,
    /// Every card in the order dealt.
    pub cards: Vec<String>,
    /// Whether either hand had a natural.
    pub natural: bool,
    /// What each participant's prediction netted, by name.
    pub net: BTreeMap<String, Amount>,
    /// The deal's number, from 1.
    pub number: u32,
    /// Each participant's prediction (a bet key), by name.
    pub predictions: BTreeMap<String, &'static str>,
    /// Punto's cards and total.
    pub punto: HandCards,
    /// `punto`, `banco` or `tie`.
    pub winner: &'static str,
}

impl Document for Session {
    const COMMAND: &'static str = "session";
}

display_as_json!(Session);
