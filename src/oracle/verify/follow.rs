//! Following a log beside its verification: a [`Follower`] reads each line after the
//! verifier and may add discrepancies of its own (the roads a coup line states, which the
//! roads module checks), or stop the reading at a line it cannot read.

use super::{Discrepancy, Kind, ReadLogError, Sink, Summary, Verifier};
use crate::input::lines::{Line, LineReader};
use std::io::BufRead;

/// Where and why a [`Follower`] stopped the reading of a log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct LineStop {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in bytes, when known.
    pub column: Option<usize>,
    /// What is wrong and what is accepted.
    pub message: String,
}

/// What reads a log's lines beside the verifier.
pub trait Follower {
    /// Called after the verifier read line `number` (its bytes as read) and found `found`
    /// on it; pushes its own discrepancies on the line to `more`, or stops the reading.
    fn line(
        &mut self,
        verifier: &mut Verifier,
        number: usize,
        bytes: &[u8],
        found: Option<&Discrepancy>,
        more: &mut Vec<Discrepancy>,
    ) -> Result<(), LineStop>;
}

/// No follower: the verification alone.
impl Follower for () {
    fn line(
        &mut self,
        _: &mut Verifier,
        _: usize,
        _: &[u8],
        _: Option<&Discrepancy>,
        _: &mut Vec<Discrepancy>,
    ) -> Result<(), LineStop> {
        Ok(())
    }
}

impl Verifier<'_> {
    /// A coup the verifier found agreeing disagrees after all, by a finding of `kind` a
    /// follower made on its line: it is counted among the disagreeing coups.
    pub(crate) fn disagrees_after_all(&mut self, kind: Kind) {
        if self.summary.agreeing > 0 {
            self.summary.agreeing -= 1;
            let count = self.summary.disagreeing.entry(kind).or_default();
            *count = count.saturating_add(1);
        }
    }
}

/// [`super::read_log`] with a follower reading each line after the verifier: its
/// discrepancies are written after the verifier's on the same line. A stop writes the line
/// as a malformed one and the summary, then ends the reading with [`ReadLogError::Stop`].
pub fn read_log_following<S: Sink + ?Sized>(
    reader: impl BufRead,
    verifier: &mut Verifier,
    max_line_len: usize,
    sink: &mut S,
    follower: &mut dyn Follower,
) -> Result<Summary, ReadLogError<S::Error>> {
    let mut lines = LineReader::new(reader, max_line_len);
    let mut last = 0;
    let mut more = Vec::new();
    while let Some((number, line)) = lines.next_line().map_err(ReadLogError::Read)? {
        last = number;
        let found = match line {
            Line::Read(bytes) => {
                let found = verifier.line_bytes(number, bytes);
                if let Err(stop) = follower.line(verifier, number, bytes, found.as_ref(), &mut more)
                {
                    // The report is finished with the line as a malformed one, then the
                    // reading stops.
                    let malformed = verifier.skip(
                        number,
                        super::Finding::Malformed {
                            column: stop.column,
                            message: match stop.column {
                                Some(column) => format!("column {column}: {}", stop.message),
                                None => stop.message.clone(),
                            },
                        },
                    );
                    for discrepancy in found.iter().chain([&malformed]) {
                        sink.discrepancy(discrepancy).map_err(ReadLogError::Sink)?;
                    }
                    sink.summary(verifier.summary())
                        .map_err(ReadLogError::Sink)?;
                    return Err(ReadLogError::Stop(stop));
                }
                found
            }
            Line::TooLong => Some(verifier.line_too_long(number, max_line_len)),
        };
        for discrepancy in found.iter().chain(more.iter()) {
            sink.discrepancy(discrepancy).map_err(ReadLogError::Sink)?;
        }
        more.clear();
    }
    // The end of a log read whole may end its last shoe early.
    if verifier.summary().stopped().is_none()
        && let Some(discrepancy) = verifier.finish(last + 1)
    {
        sink.discrepancy(&discrepancy).map_err(ReadLogError::Sink)?;
    }
    let summary = verifier.summary().clone();
    sink.summary(&summary).map_err(ReadLogError::Sink)?;
    Ok(summary)
}
