//! Reading shoe lines: the JSON of a line, fast on the common form, its cards, and the
//! composition every shoe of a sample must share.

use super::null::prefix_length;
use super::{MAX_SHOE_CARDS, ShuffleTest};
use crate::card::Card;
use crate::input::shoe::whole;
use std::str::FromStr;

/// A shoe line that cannot be read or whose cards are not the expected composition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ShoeLineError {
    /// The 1-based line number.
    pub line: usize,
    /// The 1-based column (in characters).
    pub column: usize,
    /// What was wrong and what is accepted.
    pub message: String,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeLine<'a> {
    cards: Vec<String>,
    /// Kept as written, for the reader of `decks` every command shares.
    #[serde(default, borrow)]
    decks: Option<&'a serde_json::value::RawValue>,
}

/// The most decks a shoe line may state: a shoe holds at most [`MAX_SHOE_CARDS`].
const MAX_DECKS: u64 = (MAX_SHOE_CARDS / 52) as u64;

fn column_of(line: &[u8], offset: usize) -> usize {
    String::from_utf8_lossy(&line[..offset.min(line.len())])
        .chars()
        .count()
        + 1
}

/// The ASCII card forms (`4H`, `10d`, `TS`, `qc`) read without allocating; anything else
/// goes through [`Card::from_str`].
fn card_index(token: &[u8]) -> Option<u8> {
    let (rank, suit) = match token {
        [r, s] => (
            match r.to_ascii_uppercase() {
                b'A' => 0,
                d @ b'2'..=b'9' => d - b'1',
                b'T' => 9,
                b'J' => 10,
                b'Q' => 11,
                b'K' => 12,
                _ => return slow_index(token),
            },
            *s,
        ),
        [b'1', b'0', s] => (9, *s),
        _ => return slow_index(token),
    };
    let suit = match suit.to_ascii_uppercase() {
        b'S' => 0,
        b'H' => 1,
        b'D' => 2,
        b'C' => 3,
        _ => return slow_index(token),
    };
    Some(4 * rank + suit)
}

fn slow_index(token: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(token).ok()?;
    Card::from_str(text).ok().map(|c| c.index() as u8)
}

fn skip_ws(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && matches!(line[i], b' ' | b'\t' | b'\r') {
        i += 1;
    }
    i
}

enum Fast {
    /// Cards read, with the byte offset of the stated decks, as written, and its length.
    Read(Option<(usize, usize)>),
    /// Not the common form: serde_json reads it.
    Other,
    /// A token that is not a card, at this byte offset.
    BadCard(usize, String),
}

/// Reads `{"cards": ["4H", …]}` or `{"cards": [...], "decks": N}` by hand.
fn parse_fast(line: &[u8], cards: &mut Vec<u8>) -> Fast {
    cards.clear();
    let expect = |i: usize, what: &[u8]| line.get(i..i + what.len()) == Some(what);
    // Past `what` at `i` and the white space after it, if `what` stands there.
    let past = |i: usize, what: &[u8]| expect(i, what).then(|| skip_ws(line, i + what.len()));
    let Some(mut i) = past(skip_ws(line, 0), b"{")
        .and_then(|i| past(i, b"\"cards\""))
        .and_then(|i| past(i, b":"))
        .and_then(|i| past(i, b"["))
    else {
        return Fast::Other;
    };
    loop {
        if !expect(i, b"\"") {
            return Fast::Other;
        }
        let start = i + 1;
        let Some(length) = line[start..].iter().position(|&b| b == b'"' || b == b'\\') else {
            return Fast::Other;
        };
        let end = start + length;
        if line[end] == b'\\' {
            return Fast::Other;
        }
        match card_index(&line[start..end]) {
            Some(index) => cards.push(index),
            None => {
                return Fast::BadCard(start, String::from_utf8_lossy(&line[start..end]).into());
            }
        }
        i = skip_ws(line, end + 1);
        match line.get(i) {
            Some(b',') => i = skip_ws(line, i + 1),
            Some(b']') => break,
            _ => return Fast::Other,
        }
    }
    i = skip_ws(line, i + 1);
    let mut decks = None;
    if let Some(after) = past(i, b",") {
        let Some(after) = past(after, b"\"decks\"").and_then(|i| past(i, b":")) else {
            return Fast::Other;
        };
        i = after;
        let digits = line[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 6 || (digits > 1 && line[i] == b'0') {
            return Fast::Other;
        }
        decks = Some((i, digits));
        i = skip_ws(line, i + digits);
    }
    if !expect(i, b"}") || skip_ws(line, i + 1) != line.len() {
        return Fast::Other;
    }
    Fast::Read(decks)
}

impl ShuffleTest {
    /// Reads one line (`number` is 1-based, for errors). Blank lines are skipped.
    pub fn line(&mut self, number: usize, line: &[u8]) -> Result<(), ShoeLineError> {
        let at = |column: usize, message: String| ShoeLineError {
            line: number,
            column,
            message,
        };
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            return Ok(());
        }
        let not_a_card = |offset: usize, token: &str| {
            at(
                column_of(line, offset),
                format!(
                    "`{token}` is not a card: expected {}",
                    crate::card::ACCEPTED_CARD_FORMS
                ),
            )
        };
        // `decks` is read as every command reads it, and refused where it stands.
        let decks_at = |offset: usize, text: &str| {
            whole(text, || "decks".into(), 1, MAX_DECKS)
                .map_err(|message| at(column_of(line, offset), message))
        };
        let mut cards = std::mem::take(&mut self.cards);
        let decks = match parse_fast(line, &mut cards) {
            Fast::Read(decks) => decks.map(|(offset, length)| {
                let text = std::str::from_utf8(&line[offset..offset + length]).unwrap_or("");
                (offset, text)
            }),
            Fast::BadCard(offset, token) => {
                self.cards = cards;
                return Err(not_a_card(offset, &token));
            }
            Fast::Other => {
                let parsed: ShoeLine = serde_json::from_slice(line).map_err(|e| {
                    at(
                        e.column().max(1),
                        format!(
                            "{}: expected a shoe {{\"cards\": [\"4H\", \"2S\", …]}} with an optional \"decks\": N",
                            crate::input::json::message(&e)
                        ),
                    )
                })?;
                cards.clear();
                for token in &parsed.cards {
                    match slow_index(token.as_bytes()) {
                        Some(index) => cards.push(index),
                        None => {
                            let needle = serde_json::to_string(token).unwrap_or_default();
                            let offset = find(line, needle.as_bytes()).map_or(0, |o| o + 1);
                            self.cards = cards;
                            return Err(not_a_card(offset, token));
                        }
                    }
                }
                parsed.decks.map(|raw| {
                    let offset =
                        (raw.get().as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
                    (offset, raw.get())
                })
            }
        };
        let decks = match decks
            .map(|(offset, text)| decks_at(offset, text))
            .transpose()
        {
            Ok(decks) => decks,
            Err(e) => {
                self.cards = cards;
                return Err(e);
            }
        };
        let result = self
            .check_composition(&cards, decks)
            .map_err(|message| at(1, message));
        if result.is_ok() {
            self.add(&cards);
        }
        self.cards = cards;
        result
    }

    /// Adds a shoe given as cards (the library's way, for shufflers' shoes).
    pub fn shoe(&mut self, shoe: &[Card]) -> Result<(), String> {
        let cards: Vec<u8> = shoe.iter().map(|c| c.index() as u8).collect();
        self.check_composition(&cards, None)?;
        self.add(&cards);
        Ok(())
    }

    fn check_composition(&mut self, cards: &[u8], decks: Option<u64>) -> Result<(), String> {
        if cards.is_empty() {
            return Err(
                "the shoe holds no card: expected every card of the shoe in dealing order".into(),
            );
        }
        if cards.len() > MAX_SHOE_CARDS {
            return Err(format!(
                "the shoe holds {} cards: at most {MAX_SHOE_CARDS} (64 decks) are accepted",
                cards.len()
            ));
        }
        let mut counts = [0u64; 52];
        for &c in cards {
            counts[c as usize] += 1;
        }
        if let Some(d) = decks
            && let Some(card) = (0..52).find(|&c| counts[c] != d)
        {
            return Err(format!(
                "\"decks\": {d} means every card {d} times, but {} appears {} times",
                Card::from_index(card)
                    .map(|c| c.ascii())
                    .unwrap_or_default(),
                counts[card]
            ));
        }
        match &self.composition {
            None => {
                self.composition = Some(counts);
                self.n = cards.len();
                self.by_position = vec![[0; 52]; cards.len()];
                self.prefix_len = prefix_length(&counts);
                Ok(())
            }
            Some(first) if *first == counts => Ok(()),
            Some(first) => {
                if cards.len() != self.n {
                    return Err(format!(
                        "the shoe holds {} cards: expected {}, the composition of the first shoe",
                        cards.len(),
                        self.n
                    ));
                }
                let card = (0..52).find(|&c| counts[c] != first[c]).unwrap_or(0);
                Err(format!(
                    "{} appears {} times: expected {}, as in the first shoe (every shoe must have the first shoe's composition)",
                    Card::from_index(card)
                        .map(|c| c.ascii())
                        .unwrap_or_default(),
                    counts[card],
                    first[card]
                ))
            }
        }
    }
}

pub(super) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
