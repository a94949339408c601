//! The words rule documents use for a decision left to a hand: a cell "au choix", "optional"
//! or "T/R" in the Banco tableau, and Punto's five left to the player ("au choix à 5",
//! "Player's option on 5", "5: optional").

use crate::rules::DrawingRules;
use std::borrow::Cow;

/// The choice markers accepted in a tableau cell, for messages.
pub const CHOICE_WORDS: &str = "au choix, facultatif, optional, option, at Banker's option, \
     T/R (tirer ou rester), D/S (draw or stand), choice";

/// The markers of more than one word, whose spaces a grid separated by spaces must not split.
const PHRASES: [&str; 7] = [
    "at banker's option",
    "at banco's option",
    "banker's option",
    "au choix",
    "tirer ou rester",
    "tire ou reste",
    "draw or stand",
];

/// One marker as a sequence of words.
const MARKERS: [&[&str]; 16] = [
    &["au", "choix"],
    &["facultatif"],
    &["facultative"],
    &["optional"],
    &["option"],
    &["at", "banker's", "option"],
    &["at", "banco's", "option"],
    &["banker's", "option"],
    &["t/r"],
    &["d/s"],
    &["tirer", "ou", "rester"],
    &["tire", "ou", "reste"],
    &["draw", "or", "stand"],
    &["choice"],
    &["choix"],
    &["optionnel"],
];

/// The line with the spaces inside a multi-word marker made no-break spaces, so that a grid
/// whose cells are separated by spaces reads "au choix" as one cell. The characters keep their
/// count, so every column is where the text has it.
pub(super) fn joined(line: &str) -> Cow<'_, str> {
    let lower: String = line
        .chars()
        .map(|c| {
            if c == '’' {
                '\''
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    // The lowered text has the same characters one for one; ranges are found in characters.
    let chars: Vec<char> = lower.chars().collect();
    let mut protect = vec![false; chars.len()];
    for phrase in PHRASES {
        let pattern: Vec<char> = phrase.chars().collect();
        let mut start = 0;
        while start + pattern.len() <= chars.len() {
            if chars[start..start + pattern.len()] == pattern[..] {
                for (offset, &c) in pattern.iter().enumerate() {
                    if c == ' ' {
                        protect[start + offset] = true;
                    }
                }
                start += pattern.len();
            } else {
                start += 1;
            }
        }
    }
    if !protect.iter().any(|&p| p) {
        return Cow::Borrowed(line);
    }
    Cow::Owned(
        line.chars()
            .zip(protect)
            .map(|(c, p)| if p { '\u{a0}' } else { c })
            .collect(),
    )
}

/// The words of a text, lowered, with the 1-based column (in characters) where each starts.
/// A word is a run of letters, digits, apostrophes and slashes.
fn words(text: &str) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    let mut current: Option<(String, usize)> = None;
    for (index, c) in text.chars().enumerate() {
        let c = if c == '’' { '\'' } else { c };
        if c.is_alphanumeric() || c == '\'' || c == '/' {
            let lower: String = c.to_lowercase().collect();
            match &mut current {
                Some((word, _)) => word.push_str(&lower),
                None => current = Some((lower, index + 1)),
            }
        } else if let Some(word) = current.take() {
            out.push(word);
        }
    }
    out.extend(current);
    out
}

/// The number of words of the marker that starts at `words[at]`, if one does.
fn marker_at(words: &[(String, usize)], at: usize) -> Option<usize> {
    MARKERS.iter().find_map(|marker| {
        let here = words.get(at..at + marker.len())?;
        here.iter()
            .zip(marker.iter())
            .all(|((w, _), m)| w == m)
            .then_some(marker.len())
    })
}

/// Whether a tableau cell leaves the decision to the hand: it is one of the markers, perhaps
/// with a trailing full stop, in any case.
pub(super) fn is_choice(text: &str) -> bool {
    let words = words(text);
    let rest: String = text
        .chars()
        .filter(|c| !(c.is_alphanumeric() || c.is_whitespace() || matches!(c, '\'' | '’' | '/')))
        .collect();
    !words.is_empty()
        && (rest.is_empty() || rest == ".")
        && marker_at(&words, 0) == Some(words.len())
}

/// The refusal of a tableau cell that is neither an action nor a choice: a cell that looks
/// like a choice marker is named as a malformed one.
pub(super) fn not_a_cell(text: &str, action_words: &str) -> String {
    let lower = text.to_lowercase();
    let looks_like_choice = lower.contains('/')
        || ["choi", "option", "facult", "au "]
            .iter()
            .any(|w| lower.contains(w));
    if looks_like_choice {
        format!(
            "`{text}` is not a choice marker: a cell left to the hand is written as one of {CHOICE_WORDS}"
        )
    } else {
        format!(
            "`{text}` is not an action: expected {action_words}, or a choice left to the hand ({CHOICE_WORDS})"
        )
    }
}

/// The words that mean Punto.
const PUNTO_WORDS: [&str; 6] = ["punto", "punto's", "player", "player's", "joueur", "ponte"];

/// The words between a marker and the total it names: "au choix à 5", "option on 5".
const FILLERS: [&str; 6] = ["à", "a", "on", "at", "sur", "with"];

fn single_digit(word: &str) -> Option<u8> {
    match word.as_bytes() {
        [d @ b'0'..=b'9'] => Some(d - b'0'),
        _ => None,
    }
}

/// Punto's totals a line leaves to the player, when the line is about Punto (its first word,
/// perhaps after "the" or "le", is Punto, Player or joueur) and has a choice marker: `None` for any other line. Each marker
/// must name its total: after it ("au choix à 5", "Player's option on 5") or before it
/// ("5: optional", "5 au choix"); a total that is a natural is refused, since Punto never
/// decides on it. Errors carry the 1-based column.
pub(super) fn punto_choices(
    line: &str,
    reference: &DrawingRules,
) -> Option<Result<Vec<u8>, (usize, String)>> {
    let words = words(line);
    let first = match words.first().map(|(w, _)| w.as_str()) {
        Some("le" | "la" | "the") => words.get(1),
        _ => words.first(),
    };
    if !first.is_some_and(|(w, _)| PUNTO_WORDS.contains(&w.as_str())) {
        return None;
    }
    let mut found = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let Some(length) = marker_at(&words, at) else {
            at += 1;
            continue;
        };
        // "banker's option" is Banco's, not a Punto marker.
        if words[at..at + length]
            .iter()
            .any(|(w, _)| w == "banker's" || w == "banco's")
        {
            at += length;
            continue;
        }
        let after = |skip: usize| {
            words
                .get(at + length + skip)
                .and_then(|(w, c)| single_digit(w).map(|d| (d, *c)))
        };
        let with_filler = words
            .get(at + length)
            .filter(|(w, _)| FILLERS.contains(&w.as_str()))
            .and_then(|_| after(1));
        let before = at
            .checked_sub(1)
            .and_then(|i| words.get(i))
            .and_then(|(w, c)| single_digit(w).map(|d| (d, *c)));
        let column = words[at].1;
        let Some((total, total_column)) = with_filler.or(before).or_else(|| after(0)) else {
            return Some(Err((
                column,
                format!(
                    "`{}` leaves a choice to Punto but names no total: write it as \"au choix à 5\", \"Player's option on 5\" or \"5: optional\"",
                    words[at..at + length]
                        .iter()
                        .map(|(w, _)| w.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            )));
        };
        if reference.is_natural(total) {
            return Some(Err((
                total_column,
                format!(
                    "Punto total {total} is a natural, so Punto never draws or chooses on it: a choice left to Punto is on a total 0 to 7"
                ),
            )));
        }
        found.push(total);
        at += length;
    }
    if found.is_empty() {
        return None;
    }
    Some(Ok(found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_phrases() {
        for cell in [
            "au choix",
            "Au choix",
            "T/R",
            "d/s",
            "optional",
            "Option.",
            "facultatif",
        ] {
            assert!(is_choice(cell), "{cell}");
        }
        for cell in ["au", "choix au", "T/X", "D", "optional!", "au choix 5"] {
            assert!(!is_choice(cell), "{cell}");
        }
        assert_eq!(joined("6  S  au choix"), "6  S  au\u{a0}choix");
        assert!(matches!(joined("6 S"), Cow::Borrowed(_)));
    }

    #[test]
    fn punto_lines() {
        let reference = DrawingRules::reference();
        let totals = |line: &str| punto_choices(line, &reference);
        assert_eq!(totals("Punto : au choix à 5"), Some(Ok(vec![5])));
        assert_eq!(totals("Player's option on 5"), Some(Ok(vec![5])));
        assert_eq!(totals("| Punto | 5: optional |"), Some(Ok(vec![5])));
        assert_eq!(
            totals("Punto: 0–4 tire, 5 au choix, 6–7 reste"),
            Some(Ok(vec![5]))
        );
        assert_eq!(totals("Punto stood"), None);
        assert_eq!(totals("Banco au choix"), None);
        assert_eq!(totals("Punto au choix").unwrap().unwrap_err().0, 7);
        assert!(
            totals("Punto au choix à 8")
                .unwrap()
                .unwrap_err()
                .1
                .contains("natural")
        );
    }
}
