//! Reading input, once for every command: JSON objects with located errors ([`json`]: one
//! `Object` type and serde's position dropped in one place), lines within a
//! length limit ([`lines`]), the SHA-256 of what was read ([`hashing`]), and the shoe object `{decks, ranks, card_counts, remove}` to a
//! [`ShoeSpec`](crate::shoe::ShoeSpec) ([`shoe`]: batch lines, and the shoe lines `verify` and
//! `audit` read), so that the same mistake gets the same message whichever command reads it.
//! It sits below the readers of rule files, batch lines, logs and shuffle-test shoes, as
//! regex-automata keeps its `util`.

pub mod hashing;
pub mod json;
pub mod lines;
pub mod shoe;
