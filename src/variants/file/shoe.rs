//! The file's shoe: the shoe object every command reads ([`crate::input::shoe`]), so that a
//! mistake gets the message it gets in a batch line or a log, its fields named from `shoe`
//! (`shoe.ranks[9] (the count of 10)`). A rule file states no cards to remove: its shoe is
//! `decks`, `ranks` or `card_counts`, and must be large enough to deal a coup.

use super::Described;
use super::Object;
use super::RuleSetError;
use crate::input::json::{message, offset_of};
use crate::input::shoe::{NO_BASE, ShoeFields};
use crate::shoe::Shoe;
use serde::Deserialize;
use serde_json::value::RawValue;

/// The fields a rule file's shoe may give, kept as written for [`ShoeFields`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileShoeFields<'a> {
    #[serde(default, borrow)]
    decks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    ranks: Option<&'a RawValue>,
    #[serde(default, borrow)]
    card_counts: Option<&'a RawValue>,
}

impl Described for FileShoeFields<'_> {
    const WHAT: &'static str =
        "a shoe object {\"decks\": …} or {\"ranks\": […]} or {\"card_counts\": […]}";
}

/// The shoe the object `raw` of the file `text` states, or its refusal at the line and column
/// where the reader stands once past the mistake: the offending value (a count, the list of
/// the wrong length), or the whole object for a mistake of the whole (no base, two bases, too
/// few cards for a coup).
pub(super) fn read(raw: &RawValue, text: &str) -> Result<Shoe, RuleSetError> {
    let object = raw.get();
    let refuse = |end: usize, message: String| {
        let (line, column) = place(text, end);
        RuleSetError::Number {
            line,
            column,
            message,
        }
    };
    let end_of = |part: &str| offset(text, part) + part.len();
    let Object(fields) = serde_json::from_str::<Object<FileShoeFields>>(object).map_err(|e| {
        // serde's position within the object, from the file's start.
        let within = offset_of(object, e.line(), e.column().max(1)) + 1;
        refuse(offset(text, object) + within, message(&e))
    })?;
    let fields = ShoeFields {
        decks: fields.decks,
        ranks: fields.ranks,
        card_counts: fields.card_counts,
        remove: None,
    };
    if !fields.has_base() {
        return Err(refuse(end_of(object), format!("shoe: {NO_BASE}")));
    }
    let spec = fields
        .spec_at("shoe")
        .map_err(|mistake| refuse(end_of(mistake.at.unwrap_or(object)), mistake.message))?;
    // The file states its base, so nothing else can win over it.
    let shoe = spec
        .resolve(None)
        .map_err(|e| refuse(end_of(object), format!("shoe: {e}")))?;
    shoe.check_playable()
        .map_err(|e| refuse(end_of(object), format!("shoe: {e}")))?;
    Ok(shoe)
}

/// The byte offset in `text` of `part`, a slice of it.
fn offset(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|&at| at <= text.len())
        .unwrap_or(0)
}

/// The 1-based line and column of the last character before byte `end` of `text`, as serde
/// says where it stands once past a value.
fn place(text: &str, end: usize) -> (usize, usize) {
    let mut end = end.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, column.max(1))
}
