//! `verify --roads`: the roads a log's coup lines state, followed beside the verification.
//! A coup line may carry a `roads` field, the scoreboard the engine showed after that coup
//! ([`super::stated`]); the reference is the roads of the shoe's coups up to that line, each
//! coup's result the rules' winner of its cards, shoes separated by shoe lines as
//! [`super::log::read_shoes`] separates them. A `roads` field that cannot be read, or one on
//! a line that is not a coup line, stops the reading: the log does not say what it means.

use super::Roads;
use super::log::MAX_COUPS_PER_SHOE;
use super::stated::StatedRoads;
use crate::oracle::verify::{Discrepancy, Finding, Follower, Kind, LineStop, Seen, Verifier};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;

/// Follows the shoes of a log and checks the roads its coup lines state.
///
/// ```
/// use punto_banco::oracle::verify::{Discrepancy, Finding, Sink, Summary, Verifier, read_log_following};
/// use punto_banco::roads::follow::RoadsFollower;
/// use punto_banco::roads::RoadRule;
/// use punto_banco::rules::Rules;
///
/// struct Found(Vec<Discrepancy>);
/// impl Sink for Found {
///     type Error = std::convert::Infallible;
///     fn discrepancy(&mut self, d: &Discrepancy) -> Result<(), Self::Error> {
///         self.0.push(d.clone());
///         Ok(())
///     }
///     fn summary(&mut self, _: &Summary) -> Result<(), Self::Error> {
///         Ok(())
///     }
/// }
///
/// let rules = Rules::reference();
/// // Punto 6, Banco 7: Banco wins; the engine shows a Punto.
/// let log = r#"{"cards": ["4H", "2S", "2C", "5D"], "winner": "banco", "roads": {"bead_plate": "P"}}"#;
/// let mut found = Found(Vec::new());
/// let summary = read_log_following(log.as_bytes(), &mut Verifier::new(&rules), 1024, &mut found, &mut RoadsFollower::new()).unwrap();
/// assert_eq!(found.0.len(), 1, "{:?}", found.0);
/// let Finding::Road { disagreement, .. } = &found.0[0].finding else { panic!("{:?}", found.0) };
/// assert_eq!(disagreement.rule, RoadRule::BeadPlate);
/// assert_eq!(summary.agreeing(), 0);
/// ```
#[derive(Debug, Clone, Default)]
pub struct RoadsFollower {
    roads: Roads,
    shoe: usize,
    /// Whether the current shoe was begun by a shoe line or dealt a coup.
    used: bool,
}

/// The fields of a line the follower reads: the roads and whether it is a coup line.
#[derive(Deserialize)]
struct RoadsField<'a> {
    #[serde(borrow, default)]
    roads: Option<&'a RawValue>,
    #[serde(default)]
    cards: Option<IgnoredAny>,
}

impl RoadsFollower {
    /// A follower before any line: the first shoe is number 1.
    pub fn new() -> RoadsFollower {
        RoadsFollower {
            roads: Roads::default(),
            shoe: 1,
            used: false,
        }
    }
}

impl Follower for RoadsFollower {
    fn line(
        &mut self,
        verifier: &mut Verifier,
        number: usize,
        bytes: &[u8],
        found: Option<&Discrepancy>,
        more: &mut Vec<Discrepancy>,
    ) -> Result<(), LineStop> {
        let stop = |column: Option<usize>, message: String| LineStop {
            line: number,
            column,
            message,
        };
        match verifier.seen() {
            Some(Seen::Shoe) => {
                if self.used {
                    self.shoe += 1;
                }
                self.used = true;
                self.roads = Roads::default();
            }
            Some(Seen::Coup(winner)) => {
                if self.roads.bead_plate().len() >= MAX_COUPS_PER_SHOE {
                    return Err(stop(
                        None,
                        format!(
                            "the shoe has more than {MAX_COUPS_PER_SHOE} coups: a shoe line (`{{\"shoe\": {{\"decks\": 8}}}}`) begins each shoe"
                        ),
                    ));
                }
                self.used = true;
                self.roads.push(winner);
            }
            None => {}
        }
        // A line the verifier could not read as JSON has no roads to read.
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Ok(());
        };
        let line = text.trim_start_matches('\u{feff}');
        let field = match serde_json::from_str::<RoadsField>(line) {
            Ok(field) => field,
            Err(_) if matches!(found, Some(d) if matches!(d.finding, Finding::Malformed { .. })) => {
                return Ok(());
            }
            Err(e) => {
                return Err(stop(
                    Some(text.len() - line.len() + e.column()),
                    format!(
                        "{}: a line gives `roads` once",
                        crate::input::json::message(&e)
                    ),
                ));
            }
        };
        let Some(raw) = field.roads else {
            return Ok(());
        };
        // The field's column, in bytes, from the value's place in the line.
        let offset = raw.get().as_ptr() as usize - text.as_ptr() as usize;
        if field.cards.is_none() {
            return Err(stop(
                Some(offset + 1),
                "a `roads` field belongs on a coup line, the scoreboard after that coup (`{\"cards\": […], \"roads\": {…}}`), not on a shoe line or a line of its own".into(),
            ));
        }
        let stated = StatedRoads::parse(raw.get())
            .map_err(|e| stop(Some(offset + e.column.unwrap_or(1)), e.message))?;
        // A coup whose cards the rules cannot deal is no result: its own finding says why,
        // and the roads it states are not checked.
        if !matches!(verifier.seen(), Some(Seen::Coup(_))) {
            return Ok(());
        }
        let disagreements = stated.disagreements(&self.roads);
        if !disagreements.is_empty() && found.is_none() {
            verifier.disagrees_after_all(Kind::Road);
        }
        more.extend(disagreements.into_iter().map(|disagreement| Discrepancy {
            line: number,
            finding: Finding::Road {
                shoe: self.shoe,
                disagreement: Box::new(disagreement),
            },
        }));
        Ok(())
    }
}
