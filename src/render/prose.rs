//! Prose laid out for a terminal or a projector: every line longer than the width wrapped at
//! its spaces, never inside a word, and never at a space French typography keeps with its
//! neighbour (a no-break space, U+00A0 or U+202F, is never a break; nor is an ordinary space
//! before `:`, `;`, `!`, `?`, `%` or `»`, or after `«`).

use super::table::breakable_words;

/// The text with each line longer than `width` characters wrapped at word boundaries. A
/// wrapped line's continuations are indented two spaces deeper than it, so that they read as
/// one line; a word longer than the room has a line of its own, whole. Line ends are kept,
/// and so are the spaces that end a line (a prompt waits after them).
///
/// ```
/// use punto_banco::render::prose::wrap;
/// let line = "  Punto has 1 and draws (Punto draws on 0–5): 6♦.\n";
/// assert_eq!(wrap(line, 29), "  Punto has 1 and draws\n    (Punto draws on 0–5): 6♦.\n");
/// // A no-break space holds a French colon to its word.
/// assert_eq!(
///     wrap("Punto 7, Banco 7\u{a0}: Égalité.", 16),
///     "Punto 7, Banco\n  7\u{a0}: Égalité."
/// );
/// assert_eq!(wrap("  Alice: ", 5), "  Alice: ");
/// ```
pub fn wrap(text: &str, width: usize) -> String {
    wrap_at(text, width, 0)
}

/// The text wrapped as [`wrap`] does, its first line starting at `column` of a line already
/// begun (after a prompt whose answer the terminal did not echo): a first word that no
/// longer fits there goes to a line of its own.
///
/// ```
/// use punto_banco::render::prose::wrap_at;
/// assert_eq!(wrap_at("  Bruno: ", 12, 9), "\n    Bruno: ");
/// assert_eq!(wrap_at("  Bruno: ", 20, 9), "  Bruno: ");
/// ```
pub fn wrap_at(text: &str, width: usize, column: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut column = column;
    for line in text.split_inclusive('\n') {
        let (content, end) = match line.strip_suffix('\n') {
            Some(content) => (content, "\n"),
            None => (line, ""),
        };
        out.push_str(&wrap_line(content, width, column));
        out.push_str(end);
        column = 0;
    }
    out
}

/// The column a terminal's cursor stands at after `text` is written from `column`.
///
/// ```
/// use punto_banco::render::prose::column_after;
/// assert_eq!(column_after("  Alice: ", 3), 12);
/// assert_eq!(column_after("Deal 1\n  Punto", 40), 7);
/// ```
pub fn column_after(text: &str, column: usize) -> usize {
    match text.rsplit_once('\n') {
        Some((_, last)) => last.chars().count(),
        None => column + text.chars().count(),
    }
}

/// One line (without its end), begun at `column`, wrapped as [`wrap_at`] says.
fn wrap_line(line: &str, width: usize, column: usize) -> String {
    if column + line.chars().count() <= width {
        return line.to_string();
    }
    let body = line.trim_start_matches(' ');
    let indent = line.len() - body.len();
    let words = breakable_words(body.trim_end_matches(' '));
    let trailing = &body[body.trim_end_matches(' ').len()..];
    // Continuations go two spaces deeper, unless that leaves too little room.
    let deeper = indent + 2;
    let hanging = if deeper * 2 < width { deeper } else { indent };
    let mut out = " ".repeat(indent);
    let mut length = column + indent;
    // Whether the current line holds a word of this text yet.
    let mut started = false;
    let last = words.len().saturating_sub(1);
    for (index, word) in words.into_iter().enumerate() {
        // The spaces that end the line (where a prompt's cursor waits) fit with its last word.
        let n = word.chars().count() + if index == last { trailing.len() } else { 0 };
        let space = usize::from(started);
        // A line is broken before a word that does not fit, unless the word would then
        // start a line as far left as it can.
        if length + space + n > width && (started || length > hanging) {
            // Before the first word, the line's indent is left out: it would end a line.
            out.truncate(out.trim_end_matches(' ').len());
            out.push('\n');
            out.push_str(&" ".repeat(hanging));
            length = hanging;
        } else if started {
            out.push(' ');
            length += 1;
        }
        out.push_str(&word);
        length += n;
        started = true;
    }
    out.push_str(trailing);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No line is longer than the width unless it is one word; no word is cut; the words and
    /// their order are the text's.
    #[test]
    fn lines_fit_and_words_stay_whole() {
        let text = "  Banco has 3 and the third card of Punto is 6: Banco draws (line 3 of the tableau: Banco draws against anything except 8): 4♥.\nStandings after 1 of 2 deals\n  Punto 7, Banco 6\u{a0}: Punto gagne.\n";
        for width in [10, 20, 24, 40, 80] {
            let wrapped = wrap(text, width);
            for line in wrapped.lines() {
                let long = line.chars().count() > width;
                assert!(
                    !long || !line.trim().contains(' '),
                    "{width}: `{line}` is too long"
                );
            }
            let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
            assert_eq!(words(&wrapped), words(text), "{width}");
        }
        assert_eq!(wrap(text, 200), text);
    }

    #[test]
    fn french_spaces_never_break() {
        // A no-break space, and an ordinary space before a colon or inside guillemets.
        for (text, width) in [
            ("Classement après 1 donne\u{a0}: Alice", 25),
            ("Classement après 1 donne : Alice", 25),
            ("«\u{a0}peut-être\u{a0}» n’est pas une prédiction", 12),
            ("« peut-être » n’est pas une prédiction", 12),
        ] {
            let wrapped = wrap(text, width);
            for bad in ["\n:", "\n  :", "«\n", "\n  »", "\n»"] {
                assert!(!wrapped.contains(bad), "{text:?} at {width}: {wrapped:?}");
            }
            assert!(
                !wrapped.contains("\u{a0}\n") && !wrapped.contains("\n  \u{a0}"),
                "{wrapped:?}"
            );
        }
    }

    /// A word longer than the width has a line of its own, whole, and the words around it
    /// go on their own lines.
    #[test]
    fn a_word_longer_than_the_width_stays_whole() {
        assert_eq!(
            wrap("ab supercalifragilistic cd", 6),
            "ab\n  supercalifragilistic\n  cd"
        );
        // Already at the hanging indent, the long word is not pushed to a line of its own.
        assert_eq!(wrap("supercalifragilistic", 6), "supercalifragilistic");
        assert_eq!(
            wrap_at("supercalifragilistic", 6, 3),
            "\n  supercalifragilistic"
        );
    }

    /// Widths are counted in characters, not bytes: é, ♦, « » and the no-break spaces are one
    /// column each.
    #[test]
    fn widths_count_characters_not_bytes() {
        let line = "é é é 8♦ «\u{a0}é\u{a0}» x\u{202f}!";
        assert_eq!(line.chars().count(), 18);
        assert_eq!(line.len(), 30);
        assert_eq!(wrap(line, 18), line);
        assert_eq!(wrap(line, 17), "é é é 8♦ «\u{a0}é\u{a0}»\n  x\u{202f}!");
        // A narrow no-break space (U+202F) holds too (three columns leave no room to indent).
        assert_eq!(wrap("a b\u{202f}!", 3), "a\nb\u{202f}!");
    }

    #[test]
    fn a_prompt_keeps_its_trailing_space_and_its_indent() {
        let prompt = "  Does Banco draw against this card? Press Enter to go on. ";
        let wrapped = wrap(prompt, 30);
        assert!(wrapped.ends_with("on. "), "{wrapped:?}");
        assert!(wrapped.starts_with("  Does"), "{wrapped:?}");
        // The cursor waits within the width too.
        assert!(
            wrapped.split('\n').all(|l| l.chars().count() <= 30),
            "{wrapped:?}"
        );
        assert!(
            wrapped.lines().skip(1).all(|l| l.starts_with("    ")),
            "{wrapped:?}"
        );
        // No line end is added, and none is lost.
        assert_eq!(wrap("a b\n\nc", 1), "a\nb\n\nc");
    }
}
