//! The lab pages' generated block: the prefix `shuffle-test` compares.

use crate::lang::Lang;
use crate::render::table::{Align, Table};

/// The length of the prefix `shuffle-test` compares for shared prefixes, for shoes of one
/// to eight decks, as the battery computes it.
pub(super) fn shuffle_prefix_table(lang: Lang) -> String {
    let mut table = Table::new(&[
        (lang.pick("Decks", "Jeux"), Align::Right),
        (
            lang.pick("Cards in the prefix", "Cartes du début"),
            Align::Right,
        ),
    ]);
    for decks in [1u64, 2, 4, 6, 8] {
        let length = crate::lab::shuffle::shared_prefix_length(decks)
            .map_or_else(|| "—".to_string(), |l| l.to_string());
        table.row(vec![decks.to_string(), length]);
    }
    table.to_markdown()
}
