//! The roads of a shoe log: the log `verify` reads (coup lines, shoe lines between shoes),
//! read by the verifier's own line reader, each coup's result the rules' winner of its cards
//! (whatever the engine claims), a shoe's roads handed over when the next shoe line or the
//! end of the log closes it.

use super::Roads;
use crate::input::lines::{Line, LineReader};
use crate::oracle::verify::{Finding, Seen, Verifier};
use crate::rules::Rules;
use crate::shoe::Shoe;
use std::io::{self, BufRead};

/// The most coups one shoe may hold: a shoe of 8 decks deals about 80; past this the log is
/// taken as missing its shoe lines (its roads would grow without bound).
pub const MAX_COUPS_PER_SHOE: usize = 10_000;

/// One shoe's roads, as the log gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShoeRoads {
    /// The shoe's number in the log, from 1.
    pub number: usize,
    /// The line of the shoe line that began it (`None`: the log began without one, and the
    /// shoe is the default one).
    pub line: Option<usize>,
    /// Its roads.
    pub roads: Roads,
    /// The cards of each rank (A, 2, …, K) it still holds after its last coup.
    pub remaining: [u64; 13],
}

/// Why the roads of a log could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RoadsLogError<E> {
    /// The log could not be read.
    #[error("cannot read the log: {0}")]
    Read(io::Error),
    /// A line is not a coup or shoe line whose result can be told.
    #[error("line {line}: {message}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// The 1-based column, when known (the message names it too).
        column: Option<usize>,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// The caller could not take a shoe.
    #[error("{0}")]
    Sink(E),
}

/// Reads a log, each line at most `max_line_len` bytes, and hands each shoe's roads to
/// `each` as the shoe closes. Coups before any shoe line are dealt from `shoe`. A line that cannot be read, a coup whose cards the rules would not deal
/// as given (a card missing, or one past the coup), a card the shoe no longer holds or a shoe of more than [`MAX_COUPS_PER_SHOE`]
/// coups stops the reading with its line named: the roads are the results of a real shoe,
/// or none.
///
/// ```
/// use punto_banco::roads::log::read_shoes;
/// use punto_banco::rules::Rules;
/// use punto_banco::shoe::Shoe;
///
/// let log = "{\"shoe\": {\"decks\": 8}}\n\
///            {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n\
///            {\"cards\": [\"9H\", \"2S\", \"KC\", \"5D\"]}\n";
/// let mut shoes = Vec::new();
/// let eight = Shoe::decks(8).unwrap();
/// read_shoes::<std::convert::Infallible>(log.as_bytes(), &Rules::reference(), &eight, 1024, &mut |shoe| {
///     shoes.push(shoe);
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(shoes.len(), 1);
/// assert_eq!(shoes[0].roads.big_road().columns().len(), 2);
/// ```
pub fn read_shoes<E>(
    reader: impl BufRead,
    rules: &Rules,
    shoe: &Shoe,
    max_line_len: usize,
    each: &mut dyn FnMut(ShoeRoads) -> Result<(), E>,
) -> Result<(), RoadsLogError<E>> {
    let mut verifier = Verifier::new(rules);
    // The default shoe is the shoe line the log would begin with.
    let decks = shoe.len() / 52;
    let default = if decks > 0 && Shoe::decks(decks).is_ok_and(|whole| whole == *shoe) {
        format!("{{\"shoe\": {{\"decks\": {decks}}}}}")
    } else {
        format!("{{\"shoe\": {{\"ranks\": {:?}}}}}", shoe.counts())
    };
    if let Some(found) = verifier.line(0, &default) {
        return Err(line_error(0, &found.finding));
    }
    let mut lines = LineReader::new(reader, max_line_len);
    let mut shoe: Option<(Option<usize>, Roads)> = Some((None, Roads::default()));
    let mut number = 0;
    let mut remaining = verifier.remaining_ranks().unwrap_or_default();
    while let Some((line, read)) = lines.next_line().map_err(RoadsLogError::Read)? {
        let found = match read {
            Line::Read(bytes) => verifier.line_bytes(line, bytes),
            Line::TooLong => {
                return Err(RoadsLogError::Line {
                    line,
                    column: None,
                    message: format!(
                        "the line is longer than {max_line_len} bytes, the longest accepted"
                    ),
                });
            }
        };
        // A coup's cards the rules would not deal in full (a card missing, one too many)
        // stop the reading, whatever the line claims or fails to claim.
        if let Some(finding) = verifier.undealt() {
            return Err(line_error(line, finding));
        }
        // A coup whose cards the rules dealt is read whatever its claims say (or lack).
        let dealt = matches!(verifier.seen(), Some(Seen::Coup(_)));
        if let Some(found) = &found
            && stops(&found.finding)
            && !(dealt && matches!(found.finding, Finding::Malformed { .. }))
        {
            return Err(line_error(line, &found.finding));
        }
        match verifier.seen() {
            Some(Seen::Shoe) => {
                if let Some((first, roads)) = shoe.take() {
                    // The default shoe, closed before any coup, was never dealt.
                    if first.is_some() || !roads.bead_plate().is_empty() {
                        number += 1;
                        let closed = ShoeRoads {
                            number,
                            line: first,
                            roads,
                            remaining,
                        };
                        each(closed).map_err(RoadsLogError::Sink)?;
                    }
                }
                shoe = Some((Some(line), Roads::default()));
            }
            Some(Seen::Coup(winner)) => {
                let (_, roads) = shoe.get_or_insert_with(|| (None, Roads::default()));
                if roads.bead_plate().len() >= MAX_COUPS_PER_SHOE {
                    return Err(RoadsLogError::Line {
                        line,
                        column: None,
                        message: format!(
                            "the shoe has more than {MAX_COUPS_PER_SHOE} coups: a shoe line (`{{\"shoe\": {{\"decks\": 8}}}}`) begins each shoe"
                        ),
                    });
                }
                roads.push(winner);
            }
            None => {}
        }
        remaining = verifier.remaining_ranks().unwrap_or_default();
    }
    if let Some((first, roads)) = shoe
        && (first.is_some() || !roads.bead_plate().is_empty())
    {
        each(ShoeRoads {
            number: number + 1,
            line: first,
            roads,
            remaining,
        })
        .map_err(RoadsLogError::Sink)?;
    }
    Ok(())
}

/// Whether a finding stops the reading of the roads: the line cannot be read, its coup
/// cannot be dealt in full, or the shoe cannot hold its cards. What an engine claims of a
/// coup (winner, totals, nets) does not: the roads are the rules' results.
fn stops(finding: &Finding) -> bool {
    matches!(
        finding,
        Finding::Malformed { .. }
            | Finding::TooFewCards { .. }
            | Finding::ImpossibleCard { .. }
            | Finding::ImpossibleRank { .. }
    )
}

/// The error of a finding that stops the reading.
fn line_error<E>(line: usize, finding: &Finding) -> RoadsLogError<E> {
    let (column, message) = match finding {
        Finding::Malformed { column, message } => (*column, message.clone()),
        Finding::TooFewCards { given, .. } => (
            None,
            format!(
                "the coup's {given} cards stop before the rules finish the coup: a coup line gives every card dealt"
            ),
        ),
        Finding::ExtraCards { given, needed, .. } => (
            None,
            format!(
                "the coup gives {given} cards where the rules deal {needed}: a coup line gives the cards dealt, no more"
            ),
        ),
        Finding::ImpossibleCard { card, held, .. } => (
            None,
            format!(
                "{card} dealt more often than the shoe holds it ({held}): each shoe begins with a shoe line"
            ),
        ),
        Finding::ImpossibleRank { card, held, .. } => (
            None,
            format!(
                "a card of {card}'s rank dealt more often than the shoe holds the rank ({held}): each shoe begins with a shoe line"
            ),
        ),
        other => (None, format!("{other:?}")),
    };
    RoadsLogError::Line {
        line,
        column,
        message,
    }
}
