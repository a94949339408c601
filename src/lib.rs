//! punto-banco: the exact, verified reference for eight-deck Punto Banco.
//!
//! The engine walks every opening four cards and every third card over a shoe's composition
//! with exact integer weights, and turns the resulting tally into exact probabilities and house
//! edges. Modules read in order: cards, the shoe, the rules (as data), one coup, the
//! enumerator, the tally, the analysis, then the renderings.

pub mod analysis;
pub mod batch;
pub mod card;
pub mod check;
pub mod coup;
pub mod dealer;
pub mod depletion;
pub mod docs;
pub mod engine;
pub mod lang;
pub mod oracle;
pub mod outcome;
pub mod play;
pub mod reference;
pub mod render;
pub mod report;
pub mod rules;
pub mod session;
pub mod session_odds;
pub mod shoe;
pub mod table;
pub mod tableau_text;
pub mod tally;
pub mod transcription;
pub mod variants;

/// The version of every JSON document the crate writes: analysis documents, batch lines,
/// verification and session reports.
pub const SCHEMA: u32 = 1;
