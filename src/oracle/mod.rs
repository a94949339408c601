//! The oracle for other baccarat engines: logs verified coup by coup, exhaustive conformance
//! vectors, and a statistical test of observed frequencies against the exact ones.

pub mod fit;
pub mod vectors;
pub mod verify;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;
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

/// An object and nothing else: serde's derived structs also accept a JSON array of their
/// fields in order, which no log line or counts document means.
pub(crate) struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(ObjectVisitor(std::marker::PhantomData))
            .map(Object)
    }
}

/// One level of a JSON path, as a scanner walks a document.
enum Step {
    /// In an object, after this key (none yet right after `{` or a comma).
    Key(Option<String>),
    /// In an array, at this 0-based index.
    Index(usize),
}

/// Walks JSON text byte by byte up to `end`, keeping the path of the value there; the text
/// need only be valid up to `end`. Calls `at` with the path and the byte offset of each
/// scalar's first byte (a string, number, `true`, `false` or `null`); stops when it says so.
fn walk(text: &str, end: usize, mut at: impl FnMut(&[Step], usize) -> bool) -> Vec<Step> {
    let bytes = text.as_bytes();
    let end = end.min(bytes.len());
    let mut stack: Vec<Step> = Vec::new();
    let mut key_next = false;
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if key_next {
                    let raw = text
                        .get(start..(i + 1).min(bytes.len()))
                        .unwrap_or_default();
                    let key = serde_json::from_str::<String>(raw)
                        .unwrap_or_else(|_| raw.trim_matches('"').to_string());
                    if let Some(Step::Key(slot)) = stack.last_mut() {
                        *slot = Some(key);
                    }
                    key_next = false;
                } else if at(&stack, start) {
                    return stack;
                }
            }
            b'{' => {
                stack.push(Step::Key(None));
                key_next = true;
            }
            b'[' => stack.push(Step::Index(0)),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Step::Key(key)) => {
                    *key = None;
                    key_next = true;
                }
                Some(Step::Index(n)) => *n += 1,
                None => {}
            },
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => {
                if at(&stack, i) {
                    return stack;
                }
                while i + 1 < end
                    && !matches!(
                        bytes[i + 1],
                        b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'
                    )
                {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    stack
}

/// A path as people read it: `outcomes.punto`, `positions[2][7]`, `final_states[3].count`.
fn path_text(stack: &[Step]) -> String {
    let mut out = String::new();
    for step in stack {
        match step {
            Step::Key(Some(key)) if out.is_empty() => out.push_str(key),
            Step::Key(Some(key)) => {
                out.push('.');
                out.push_str(key);
            }
            Step::Key(None) => break,
            Step::Index(n) => out.push_str(&format!("[{n}]")),
        }
    }
    out
}

/// The path of the value at byte `offset` of JSON text valid up to there (empty at the top
/// level); with `container`, the path of the object or array that holds it.
pub(crate) fn path_at(text: &str, offset: usize, container: bool) -> String {
    let mut stack = walk(text, offset, |_, _| false);
    if container {
        match stack.last_mut() {
            Some(Step::Key(key)) => *key = None,
            Some(Step::Index(_)) => {
                stack.pop();
            }
            None => {}
        }
    }
    path_text(&stack)
}

/// The scalar at `path` (as [`path_at`] writes it) of valid JSON text, as written: `3.0`,
/// `18446744073709551616`, `"Banco"`.
pub(crate) fn raw_scalar<'t>(text: &'t str, path: &str) -> Option<&'t str> {
    let mut found = None;
    walk(text, text.len(), |stack, start| {
        if path_text(stack) != path {
            return false;
        }
        found = Some(start);
        true
    });
    let start = found?;
    let bytes = text.as_bytes();
    let mut end = start + 1;
    if bytes[start] == b'"' {
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        end += 1;
    } else {
        while end < bytes.len()
            && !matches!(
                bytes[end],
                b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'
            )
        {
            end += 1;
        }
    }
    text.get(start..end.min(bytes.len()))
}

/// The byte offset of a 1-based line and column, as serde_json gives them.
pub(crate) fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// A serde_json error on JSON text: `line L, column C: path: message` (`column C: …` for a
/// one-line `text`, when `one_line`), its message without serde's trailing position.
pub(crate) fn json_error(text: &str, e: &serde_json::Error, one_line: bool) -> String {
    let message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = message.strip_suffix(&suffix).unwrap_or(&message);
    let column = e.column().max(1);
    // A value of the wrong type or range lies at a field; a syntax error, between fields.
    let path = if e.is_data() || message.starts_with("number out of range") {
        // serde_json's column is that of the last byte it read, the closing `}` of an object
        // missing a field included: the path there is the field's, or the object's.
        path_at(text, offset_of(text, e.line(), e.column() + 1), false)
    } else {
        String::new()
    };
    let place = if one_line {
        format!("column {column}")
    } else {
        format!("line {}, column {column}", e.line())
    };
    if path.is_empty() {
        format!("{place}: {message}")
    } else {
        format!("{place}: {path}: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_raw_scalars_are_found() {
        let text = r#"{"a": {"b": [1, [2, 3.0]], "c": "x,y"}, "d": 18446744073709551616}"#;
        let at = |needle: &str| text.find(needle).unwrap();
        assert_eq!(path_at(text, at("3.0"), false), "a.b[1][1]");
        assert_eq!(path_at(text, at("3.0"), true), "a.b[1]");
        assert_eq!(path_at(text, at("1844"), false), "d");
        assert_eq!(raw_scalar(text, "a.b[1][1]"), Some("3.0"));
        assert_eq!(raw_scalar(text, "a.c"), Some("\"x,y\""));
        assert_eq!(raw_scalar(text, "d"), Some("18446744073709551616"));
        assert_eq!(raw_scalar(text, "e"), None);
        assert_eq!(offset_of("ab\ncd", 2, 2), 4);
    }
}
