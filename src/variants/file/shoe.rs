//! The file's shoe: a number of decks, a count for each rank, or a count for each card.

use super::Described;
use super::Object;
use super::numbers::{card_counts_field, decks_field, not_whole, ranks_field};
use crate::card::{Card, Rank};
use crate::shoe::{Shoe, ShoeSpec};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeRaw {
    #[serde(default, deserialize_with = "decks_field")]
    decks: Option<i128>,
    #[serde(default, deserialize_with = "ranks_field")]
    ranks: Option<Vec<i128>>,
    #[serde(default, deserialize_with = "card_counts_field")]
    card_counts: Option<Vec<i128>>,
}

impl Described for ShoeRaw {
    const WHAT: &'static str =
        "a shoe object {\"decks\": …} or {\"ranks\": […]} or {\"card_counts\": […]}";
}

#[derive(Deserialize)]
#[serde(try_from = "Object<ShoeRaw>")]
pub(super) struct FileShoe(pub(super) Shoe);

impl TryFrom<Object<ShoeRaw>> for FileShoe {
    type Error = String;
    fn try_from(Object(raw): Object<ShoeRaw>) -> Result<FileShoe, String> {
        match (raw.decks, raw.ranks, raw.card_counts) {
            (None, None, Some(cards)) => {
                if cards.len() != 52 {
                    return Err(format!(
                        "shoe.card_counts has {} counts: expected 52, for A♠ A♥ A♦ A♣ 2♠ … K♣ (rank-major, suits ♠ ♥ ♦ ♣)",
                        cards.len()
                    ));
                }
                let mut counts = [0u64; 52];
                for (i, (&count, slot)) in cards.iter().zip(&mut counts).enumerate() {
                    *slot = u64::try_from(count)
                        .ok()
                        .filter(|&c| c <= Shoe::MAX_CARD_COUNT)
                        .ok_or_else(|| {
                            format!(
                                "shoe.card_counts[{i}] (the count of {}) is `{count}`: expected a whole number from 0 to {}",
                                Card::from_index(i).map_or_else(String::new, |c| c.to_string()),
                                Shoe::MAX_CARD_COUNT
                            )
                        })?;
                }
                let spec = ShoeSpec::cards(counts).map_err(|e| format!("shoe.{e}"))?;
                playable(&spec)
            }
            (Some(decks), None, None) => {
                // Within 1 to `Shoe::MAX_DECKS`, as read.
                let n = u64::try_from(decks)
                    .map_err(|_| not_whole("shoe.decks", &decks.to_string(), 1, Shoe::MAX_DECKS))?;
                let spec = ShoeSpec::decks(n).map_err(|e| format!("shoe.{e}"))?;
                playable(&spec)
            }
            (None, Some(ranks), None) => {
                if ranks.len() != 13 {
                    return Err(format!(
                        "shoe.ranks has {} counts: expected 13, for A, 2, …, 10, J, Q, K",
                        ranks.len()
                    ));
                }
                let mut counts = [0u64; 13];
                for (i, (&count, slot)) in ranks.iter().zip(&mut counts).enumerate() {
                    *slot = u64::try_from(count)
                        .ok()
                        .filter(|&c| c <= Shoe::MAX_COUNT)
                        .ok_or_else(|| {
                            format!(
                                "shoe.ranks[{i}] (the count of {}) is `{count}`: expected a whole number from 0 to {}",
                                Rank::ALL[i].symbol(),
                                Shoe::MAX_COUNT
                            )
                        })?;
                }
                let spec = ShoeSpec::ranks(counts).map_err(|e| format!("shoe.{e}"))?;
                playable(&spec)
            }
            _ => Err(
                "shoe: give exactly one of `decks` (a number), `ranks` (13 counts, A to K) or `card_counts` (52 counts, A♠ A♥ A♦ A♣ 2♠ … K♣)"
                    .into(),
            ),
        }
    }
}

/// The shoe a file's specification resolves to (the file states its base, so nothing else
/// can win over it), refused when too small for a coup.
fn playable(spec: &ShoeSpec) -> Result<FileShoe, String> {
    let shoe = spec.resolve(None).map_err(|e| format!("shoe.{e}"))?;
    shoe.check_playable().map_err(|e| format!("shoe: {e}"))?;
    Ok(FileShoe(shoe))
}
