//! Reading lines within a length limit: one bounded line reader for every command that reads
//! a file line by line (verify, fit, audit, shuffle-test, analyze --batch, session).

use std::io::{self, BufRead};

/// The longest log line the command reads, in bytes: a coup line is well under a kilobyte,
/// and an engine may add fields of its own, but a line of a mebibyte is not a coup.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of a log, read within a length limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes, without its line break.
    Read(&'a [u8]),
    /// The line is longer than the limit: it ends the reading, and what follows it is
    /// not read (an endless line, such as `/dev/zero` gives, would otherwise never end).
    TooLong,
}

/// Reads a log line by line, keeping at most one line of bounded length in memory.
pub struct LineReader<R> {
    reader: R,
    buffer: Vec<u8>,
    limit: usize,
    number: usize,
    /// Whether a line too long ended the reading.
    stopped: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of lines of at most `limit` bytes (the line break aside).
    pub fn new(reader: R, limit: usize) -> LineReader<R> {
        LineReader {
            reader,
            buffer: Vec::with_capacity(256),
            limit,
            number: 0,
            stopped: false,
        }
    }

    /// The next line and its 1-based number, or `None` at the end of the input. A line
    /// longer than the limit is [`Line::TooLong`], and the end of the input after it.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Line<'_>)>> {
        self.buffer.clear();
        if self.stopped {
            return Ok(None);
        }
        let (mut any, mut too_long) = (false, false);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (content, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(end) => (&available[..end], end + 1, true),
                None => (available, available.len(), false),
            };
            if self.buffer.len() + content.len() > self.limit {
                too_long = true;
                self.stopped = true;
                self.buffer = Vec::new();
                break;
            }
            self.buffer.extend_from_slice(content);
            self.reader.consume(used);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number = self.number.saturating_add(1);
        let line = if too_long {
            Line::TooLong
        } else {
            Line::Read(&self.buffer)
        };
        Ok(Some((self.number, line)))
    }

    /// The number of the last line read (0 before any).
    pub fn number(&self) -> usize {
        self.number
    }

    /// Changes the length limit for the lines after this one.
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// The reader, positioned after the last line read.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.reader
    }
}
