//! The lines of `shoes` (JSON lines): shuffled orders, or a shoe log for `verify` and
//! `audit`.
//!
//! A line's keys keep the order the command has always written.

use super::Document;
use schemars::JsonSchema;
use serde::Serialize;

/// One line.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ShoeLine {
    /// A shuffled order (`--as order`), or a coup of a log (`--as log`).
    Cards(Cards),
    /// A shoe's header in a log: its decks, the cards burnt and the whole order.
    Shoe(ShoeHeader),
}

/// A line that starts with its cards.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Cards {
    /// The cards (`"4H"`): a whole shoe's order, or a coup's cards in deal order.
    pub cards: Vec<String>,
    /// The coup, in a log; absent from an order.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub coup: Option<LoggedCoup>,
}

/// What a log says of a coup besides its cards.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LoggedCoup {
    /// `punto`, `banco` or `tie`.
    pub winner: &'static str,
    /// Punto's final total.
    pub punto_total: u8,
    /// Banco's final total.
    pub banco_total: u8,
    /// Whether either hand had a natural.
    pub natural: bool,
    /// What a unit on each bet of the rules nets, `"n/d"` or an integer as text, in the
    /// tariff's order.
    pub net: Nets,
}

/// Bets and their nets, in the tariff's order: a JSON object whose keys keep that order.
#[derive(Debug, Clone, PartialEq)]
pub struct Nets(pub Vec<(String, String)>);

impl Serialize for Nets {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (bet, net) in &self.0 {
            map.serialize_entry(bet, net)?;
        }
        map.end()
    }
}

impl JsonSchema for Nets {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Nets".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Each bet's net by its key, in the tariff's order.",
            "type": "object",
            "additionalProperties": { "type": "string" },
        })
    }
}

/// A shoe's header in a log.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ShoeHeader {
    /// The shoe's decks.
    pub shoe: Decks,
    /// The cards burnt before the first coup.
    pub burn: Vec<String>,
    /// The whole order of the shoe.
    pub order: Vec<String>,
}

/// A shoe of whole decks.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Decks {
    /// The decks.
    pub decks: u64,
}

impl ShoeLine {
    /// The line as the command writes it, without the newline.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a line is plain data")
    }
}

impl Document for ShoeLine {
    const COMMAND: &'static str = "shoes";
}
