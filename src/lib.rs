//! punto-banco: the exact, verified reference for eight-deck Punto Banco.
//!
//! The crate counts, for a shoe of known composition and a set of rules, every ordered
//! sequence of the six cards a coup can use, with exact integer weights, and derives from
//! that tally the exact probabilities of every outcome and the house edge of every bet. It
//! also deals and explains single coups, reads rule sets from JSON files, checks the rules
//! and figures a source claims, verifies the logs of other engines, and measures how the
//! composition of a shoe moves the edges as it is dealt.
//!
//! # Layers, in reading order
//!
//! - **Cards, shoe, rules, play.** [`card`] ([`Card`], [`Rank`], [`Suit`]); [`shoe`]
//!   ([`Shoe`], a composition of thirteen rank counts, and [`ShoeSpec`], decks, ranks and
//!   removed cards as given); [`rules`] ([`Rules`]: the [`DrawingRules`] as a literal tableau
//!   and the [`Tariff`] of every bet, both plain data); [`outcome`] ([`Winner`], [`Hand`],
//!   [`FinalState`]); [`play`], the order of play written once; [`coup`] ([`deal`] turns
//!   cards into an explained [`Coup`]); [`dealer`] (a seeded physical shoe); [`variants`]
//!   (the rule-set file format, [`RuleSet`], and the shipped rule sets); [`table`]
//!   ([`NamedTable`], a rule set's rules with its name and shoe); [`tableau_text`] and
//!   [`transcription`] (sets of totals as rule texts write them, and the structured
//!   transcriptions of teaching texts).
//! - **Engine.** [`engine::tally`] walks a shoe and returns a [`Tally`], the weight of each
//!   final state, in an integer type chosen by proof; [`reference`](mod@reference) holds
//!   the independent, slower paths the tests hold the engine to.
//! - **Analysis and report.** [`analysis`] ([`Analysis`]: counts, exact probabilities,
//!   expected nets and edges); [`report`], the analysis as a typed JSON document.
//! - **Uses of the analysis.** [`check`] (a source's claimed rules against the reference);
//!   [`oracle`] (for other engines: the [`Verifier`] of logs, test vectors, goodness of fit);
//!   [`depletion`] (effect of removal, shoe simulation); [`session`] and [`session_odds`]
//!   ([`Session`], the teaching session, and [`SessionOdds`], the exact odds of fixed
//!   strategies); [`batch`] (many analyses from JSON lines); [`choices`] (the games that
//!   leave decisions to the hands, Chemin de Fer first, as exact two-person games solved
//!   and certified).
//! - **Presentation.** [`render`] (text, Markdown and JSON, in English or French) over the
//!   word table of [`lang`] ([`Lang`]); [`docs`] regenerates the tables of `docs/`. Apart from
//!   their error messages, library modules return values and leave the prose to `render`.
//!
//! The command-line front end is the binary's own (`src/cli/`), not part of this library.
//!
//! # Cargo features
//!
//! - `cli` (default): the `punto-banco` binary and what only it needs: clap (with
//!   completions and the man page), tempfile, and `parallel`. Build the library alone
//!   with `default-features = false`.
//! - `parallel`: batches and simulations on every core, with rayon.
//! - `docs-tool`: the binary's `docs` subcommand that regenerates `docs/`, a maintainer's
//!   tool (implies `cli`).
//!
//! # Quick start
//!
//! The exact analysis of eight decks: 2,292,252,566,437,888 of the
//! 4,998,398,275,503,360 ordered sequences are Banco wins, and the Banco bet's edge is
//! 1.0579 % (Wizard of Odds, "Baccarat", appendix 1):
//!
//! ```
//! use punto_banco::{Analysis, MainBet, Rules, Shoe, Winner};
//! use punto_banco::variants::Stated;
//!
//! let analysis = Analysis::new(&Shoe::decks(8)?, &Rules::reference())?;
//! assert_eq!(analysis.sequences().to_string(), "4998398275503360");
//! assert_eq!(analysis.count(Winner::Banco).to_string(), "2292252566437888");
//! let edge = analysis.edge(MainBet::Banco);
//! assert!(Stated::parse("1.0579%")?.holds(&edge));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! One coup dealt and explained: the cards go Punto, Banco, Punto, Banco, then the third
//! cards the rules call for, and each decision names the rule that made it.
//!
//! ```
//! use punto_banco::{Action, Decision, DrawingRules, PuntoMove, Winner, deal, parse_cards};
//!
//! let cards = parse_cards("4♥ 2♠ 9♣ A♦ 8♦")?;
//! let coup = deal(&DrawingRules::reference(), &cards)?;
//! // Punto 4♥ 9♣ makes 3 and draws; Banco 2♠ A♦ makes 3 and stands against a drawn 8.
//! assert_eq!(coup.decisions()[0], Decision::Punto { total: 3, action: Action::Draw });
//! assert_eq!(
//!     coup.decisions()[1],
//!     Decision::Banco { total: 3, punto_move: PuntoMove::Drew(8), action: Action::Stand },
//! );
//! assert_eq!((coup.punto_total(), coup.banco_total()), (1, 3));
//! assert_eq!(coup.winner(), Winner::Banco);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A rule set read from JSON (here the Tie paid 9 to 1) and the figure its source claims,
//! checked against the exact value:
//!
//! ```
//! use punto_banco::{Analysis, NamedTable, RuleSet};
//! use punto_banco::variants::claimed_value;
//!
//! let set = RuleSet::from_json(r#"{
//!   "schema": 1,
//!   "name": "tie-9-to-1",
//!   "shoe": {"decks": 8},
//!   "drawing": {
//!     "naturals": [8, 9],
//!     "punto": {"draws": [0, 1, 2, 3, 4, 5], "stands": [6, 7]},
//!     "banco": {
//!       "0": "D D D D D D D D D D  D",
//!       "1": "D D D D D D D D D D  D",
//!       "2": "D D D D D D D D D D  D",
//!       "3": "D D D D D D D D S D  D",
//!       "4": "S S D D D D D D S S  D",
//!       "5": "S S S S D D D D S S  D",
//!       "6": "S S S S S S D D S S  S",
//!       "7": "S S S S S S S S S S  S"
//!     }
//!   },
//!   "bets": {
//!     "punto": [{"winner": "punto", "pays": 1}, {"winner": "tie", "pays": 0}],
//!     "banco": [{"winner": "banco", "pays": 1, "commission": "5%"}, {"winner": "tie", "pays": 0}],
//!     "tie": [{"winner": "tie", "pays": 9}]
//!   },
//!   "claims": [{"bet": "tie", "edge": "4.8440%"}]
//! }"#)?;
//! let analysis = Analysis::new(&set.shoe_or_reference(), set.rules())?;
//! let claim = &set.claims()[0];
//! let exact = claimed_value(claim, &analysis).expect("the file defines the tie bet");
//! assert!(claim.stated.holds(&exact));
//! let table = NamedTable::from(set);
//! assert_eq!(table.name, "tie-9-to-1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Another engine's coups verified, as values with [`Verifier::coup`] or as the JSON lines
//! of a log with [`Verifier::line`]:
//!
//! ```
//! use punto_banco::{Claims, Net, Rules, Verifier, Winner, parse_cards};
//! use punto_banco::oracle::verify::Finding;
//!
//! let rules = Rules::reference();
//! let mut verifier = Verifier::new(&rules);
//! // Punto 6, Banco 7: Banco wins, and a unit on Banco nets 0.95.
//! let cards = parse_cards("4H 2S 2C 5D")?;
//! let claims = Claims::winner(Winner::Banco).net("banco", Net::Float(0.95));
//! assert_eq!(verifier.coup(1, &cards, &claims), None);
//! // The same coup as a log line, from an engine that pays Banco even money.
//! let line = r#"{"cards": ["4H", "2S", "2C", "5D"], "winner": "banco", "net": {"banco": 1}}"#;
//! let found = verifier.line(2, line).expect("a discrepancy");
//! assert!(matches!(found.finding, Finding::WrongNet { .. }));
//! assert!(!verifier.summary().all_agree());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod api;
pub mod batch;
pub mod card;
pub mod check;
pub mod choices;
pub mod coup;
pub mod dealer;
pub mod decisions;
pub mod depletion;
pub mod docs;
pub mod document;
pub mod engine;
pub(crate) mod features;
pub mod input;
pub mod lab;
pub mod lang;
pub mod oracle;
pub mod outcome;
pub mod play;
pub mod progress;
pub mod reference;
pub mod render;
pub mod report;
pub mod roads;
pub mod rules;
pub mod session;
pub mod session_odds;
pub mod shoe;
pub mod table;
pub mod tableau_text;
pub mod tally;
pub mod transcription;
pub mod variants;

pub use analysis::Analysis;
pub use card::{Card, CardError, CardsError, Rank, Suit, parse_cards};
pub use coup::{Coup, CoupError, Decision, deal};
pub use dealer::Dealer;
pub use lang::Lang;
pub use oracle::verify::{Claims, Discrepancy, Net, Summary, Verdict, Verifier};
pub use outcome::{FinalState, Hand, Winner};
pub use rules::{Action, DrawingRules, MainBet, PuntoMove, Rules, Tariff};
pub use session::Session;
pub use session_odds::SessionOdds;
pub use shoe::{Shoe, ShoeError, ShoeSpec, ShoeSpecError};
pub use table::NamedTable;
pub use tally::Tally;
pub use variants::{RuleSet, RuleSetError};

/// The version of every JSON document the crate writes: analysis documents, batch lines,
/// verification and session reports.
pub const SCHEMA: u32 = 1;

// The Rust examples of the README and the command-line pages run as doc tests, so that what
// a reader copies compiles and prints what the page says.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

#[cfg(doctest)]
#[doc = include_str!("../docs/en/cli.md")]
mod cli_page_en {}

#[cfg(doctest)]
#[doc = include_str!("../docs/fr/ligne-de-commande.md")]
mod cli_page_fr {}
