//! The file's dealing procedure: the burn, the cut card and the coups dealt after it.
//!
//! `"dealing": {"burn": "first-card", "ace_burns": 1, "cut": 14, "coups_after_cut": 1}`, or
//! `"burn": "none"` (then without `ace_burns`). `ace_burns` defaults to 1; the others are
//! required. Each number is refused where it stands; the procedure as a whole is checked
//! when the object closes, and against the file's shoe once the file is read.

use super::Described;
use super::Object;
use super::numbers::Whole;
use crate::rules::dealing::{Burn, Procedure};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer};

/// The burns a file may name, for messages.
const BURNS: &str =
    "\"first-card\" (the first card is turned and burns its value, tens and faces 10) or \"none\"";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DealingRaw {
    #[serde(deserialize_with = "burn_field")]
    burn: BurnWord,
    #[serde(default, deserialize_with = "ace_field")]
    ace_burns: Option<u8>,
    #[serde(deserialize_with = "cut_field")]
    cut: u64,
    #[serde(deserialize_with = "after_field")]
    coups_after_cut: u64,
}

impl Described for DealingRaw {
    const WHAT: &'static str = "a dealing object {\"burn\": \"first-card\", \"ace_burns\": 1, \"cut\": 14, \"coups_after_cut\": 1}";
}

#[derive(Clone, Copy)]
enum BurnWord {
    FirstCard,
    None,
}

fn burn_field<'de, D: Deserializer<'de>>(d: D) -> Result<BurnWord, D::Error> {
    let word = String::deserialize(d)?;
    match word.as_str() {
        "first-card" => Ok(BurnWord::FirstCard),
        "none" => Ok(BurnWord::None),
        other => Err(de::Error::custom(format!(
            "dealing.burn is `{}`: expected {BURNS}",
            super::shown(other)
        ))),
    }
}

fn whole<'de, D: Deserializer<'de>>(
    d: D,
    field: &str,
    low: u64,
    high: u64,
) -> Result<u64, D::Error> {
    let value = Whole {
        field,
        low,
        high,
        checked: true,
    }
    .deserialize(d)?;
    // Within `low..=high`, as read.
    u64::try_from(value).map_err(|_| de::Error::custom(format!("{field} is out of range")))
}

fn ace_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let ace = whole(d, "dealing.ace_burns", 1, u64::from(Burn::MAX_ACE))?;
    Ok(u8::try_from(ace).ok())
}

fn cut_field<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    whole(
        d,
        "dealing.cut",
        Procedure::least_cut(0),
        52 * crate::shoe::Shoe::MAX_DECKS,
    )
}

fn after_field<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    whole(
        d,
        "dealing.coups_after_cut",
        0,
        Procedure::MAX_COUPS_AFTER_CUT,
    )
}

/// A file's dealing procedure, checked on its own (not yet against the shoe).
#[derive(Deserialize)]
#[serde(try_from = "Object<DealingRaw>")]
pub(super) struct FileDealing(pub(super) Procedure);

impl TryFrom<Object<DealingRaw>> for FileDealing {
    type Error = String;
    fn try_from(Object(raw): Object<DealingRaw>) -> Result<FileDealing, String> {
        let burn = match (raw.burn, raw.ace_burns) {
            (BurnWord::FirstCard, ace) => Burn::FirstCard {
                ace: ace.unwrap_or(1),
            },
            (BurnWord::None, None) => Burn::None,
            (BurnWord::None, Some(_)) => {
                return Err(
                    "dealing.ace_burns is given with \"burn\": \"none\": an ace burns only when the first card burns; remove it or burn by the first card".into(),
                );
            }
        };
        let procedure = Procedure {
            burn,
            cut: raw.cut,
            coups_after_cut: raw.coups_after_cut,
        };
        procedure.check().map_err(|e| format!("dealing: {e}"))?;
        Ok(FileDealing(procedure))
    }
}
