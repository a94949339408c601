//! JSON with located errors: an object and nothing else (`Object`), serde_json's message
//! without its position (`" at line L column C"`, dropped here once), and the path of a value
//! (`net.banco`, `shoe.ranks[3]`) for messages that say where.

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;

/// serde_json's message without the position it appends (`" at line L column C"`): every
/// caller says where in its own terms (a column of a line, a line and column of a file).
pub fn message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix) {
        Some(message) => message.to_string(),
        None => text,
    }
}

/// What an object read with [`Object`] is, for the message when something else stands in
/// its place (`expected a shoe object {"decks": …} or …`); plainly `an object` by default.
pub(crate) trait Described {
    const WHAT: &'static str = "an object";
}

/// A map of values by name (a log line's nets by bet) is plainly an object.
impl<V> Described for std::collections::BTreeMap<String, V> {}

/// A struct read from a JSON object only. Serde's derive also reads a struct from an array of
/// its fields in order, so that `"shoe": [8]` would mean `{"decks": 8}`; no log line, counts
/// document, batch line or rule file means that.
pub(crate) struct Object<T>(pub T);

impl<'de, T: Deserialize<'de> + Described> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Described> Visitor<'de> for ObjectVisitor<T> {
            type Value = Object<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(T::WHAT)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(Object)
            }
        }
        deserializer.deserialize_map(ObjectVisitor(std::marker::PhantomData))
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
    let message = message(e);
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
