//! Reading input within bounds: files or standard input, lines of at most [`MAX_LINE`]
//! bytes, whole files of at most [`MAX_FILE`], UTF-8 checked with the place it fails.

use super::failure::Failure;
use std::io::{BufRead, Read};

/// The longest line of a log, a batch or a terminal answer, in bytes.
pub const MAX_LINE: usize = 1 << 20;
/// The largest whole file read at once (a rule file, a claimed table, counts, a script).
pub const MAX_FILE: usize = 16 << 20;

/// Opens a file, or standard input for `-`, for reading line by line.
pub fn open_input(path: &str) -> Result<Box<dyn BufRead>, Failure> {
    if path == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(Failure::Input(format!(
            "cannot read {path}: it is a folder, not a file"
        )));
    }
    Ok(Box::new(std::io::BufReader::with_capacity(1 << 16, file)))
}

/// What reading one line found.
pub enum Reading {
    /// The end of the input.
    End,
    /// A line, in the buffer.
    Line,
    /// A line longer than [`MAX_LINE`]: the reading stops there, since the rest of an
    /// endless line (`/dev/zero`) could never be passed over.
    TooLong,
}

/// Reads the next line into `line`, its end of line kept; the limit counts the line's bytes
/// without its `\n` or `\r\n`.
pub fn read_bounded(reader: &mut dyn BufRead, line: &mut Vec<u8>) -> std::io::Result<Reading> {
    line.clear();
    if (&mut *reader)
        .take(MAX_LINE as u64 + 2)
        .read_until(b'\n', line)?
        == 0
    {
        return Ok(Reading::End);
    }
    let content = line
        .strip_suffix(b"\n")
        .map_or(line.len(), |l| l.strip_suffix(b"\r").unwrap_or(l).len());
    Ok(if content > MAX_LINE {
        Reading::TooLong
    } else {
        Reading::Line
    })
}

/// The message for line `number` of `path` longer than [`MAX_LINE`].
pub fn too_long(path: &str, number: usize) -> String {
    format!("{path}: line {number} is longer than {MAX_LINE} bytes, the longest line accepted")
}

/// Reads the next line into `line` (its end of line kept), at most [`MAX_LINE`] bytes;
/// `false` at the end of the input. `number` is the line's number, for the error.
pub fn next_line(
    reader: &mut dyn BufRead,
    line: &mut Vec<u8>,
    path: &str,
    number: usize,
) -> Result<bool, Failure> {
    match read_bounded(reader, line) {
        Ok(Reading::End) => Ok(false),
        Ok(Reading::Line) => Ok(true),
        Ok(Reading::TooLong) => Err(Failure::Input(too_long(path, number))),
        Err(e) => Err(Failure::Input(format!("cannot read {path}: {e}"))),
    }
}

/// The line and column (1-based, in characters) of a byte offset into text.
pub fn position(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// The bytes without a leading byte-order mark (U+FEFF, as some editors write).
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(bytes)
}

/// Text from bytes read from `path`: a leading byte-order mark dropped, anything that is not
/// UTF-8 named with its line and column.
fn utf8_text(bytes: Vec<u8>, path: &str) -> Result<String, Failure> {
    let bytes = without_bom(&bytes).to_vec();
    String::from_utf8(bytes).map_err(|e| {
        let (line, column) = position(e.as_bytes(), e.utf8_error().valid_up_to());
        Failure::Input(format!(
            "{path}: line {line}, column {column}: not UTF-8 text"
        ))
    })
}

/// Reads a whole file, or standard input for `-`, of at most [`MAX_FILE`] bytes.
pub fn read_input(path: &str) -> Result<String, Failure> {
    let reader = open_input(path)?;
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    if bytes.len() > MAX_FILE {
        return Err(Failure::Input(format!(
            "{path} is larger than {} MiB, the largest file accepted",
            MAX_FILE >> 20
        )));
    }
    utf8_text(bytes, path)
}

/// Refuses a command that would read standard input for two of its inputs.
pub fn stdin_once(inputs: &[(&str, Option<&String>)]) -> Result<(), Failure> {
    let readers: Vec<&str> = inputs
        .iter()
        .filter(|(_, path)| path.is_some_and(|p| p == "-"))
        .map(|(name, _)| *name)
        .collect();
    if readers.len() > 1 {
        return Err(Failure::Input(format!(
            "{} each name standard input (`-`), which can be read once: give a file for all but one",
            readers.join(" and ")
        )));
    }
    Ok(())
}
