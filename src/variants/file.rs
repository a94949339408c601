//! The serde shapes of the rule-file format (schema 1): private wrappers that read each
//! object of the file and check it as they go, so that a refusal carries the line and column
//! where the reader stood and names the field.

use super::SCHEMA;
use super::claim::{Claim, ClaimTarget, FigureError, MAX_FIGURE_DIGITS, Stated};
use super::rule_set::{RuleSet, RuleSetError};
use crate::card::Rank;
use crate::outcome::{Hand, Winner};
use crate::rules::{
    Action, Bet, Condition, DrawingRules, PayLine, PuntoMove, Rules, SideBet, TableauRow, Tariff,
    Terms,
};
use crate::shoe::Shoe;
use num_rational::Ratio;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// Reads a rule set from its JSON text (without a byte-order mark).
pub(super) fn read(text: &str) -> Result<RuleSet, RuleSetError> {
    let Object(file): Object<RuleSetFile> =
        serde_json::from_str(text).map_err(|e| refusal(e, text))?;
    let bets: Vec<&str> = file.bets.0.all().into_iter().map(|(key, _)| key).collect();
    for claim in &file.claims {
        if let ClaimTarget::Edge(bet) | ClaimTarget::WinProbability(bet) = &claim.0.target
            && !bets.contains(&bet.as_str())
        {
            let (line, column) = position_of(text, &format!("\"{bet}\""));
            return Err(RuleSetError::UnknownBet {
                bet: bet.clone(),
                line,
                column,
                known: bets.join(", "),
            });
        }
    }
    Ok(RuleSet {
        name: file.name,
        title: file.title,
        source: file.source,
        shoe: file.shoe.map(|s| s.0),
        rules: Rules {
            drawing: file.drawing.0,
            tariff: file.bets.0,
        },
        claims: file.claims.into_iter().map(|c| c.0).collect(),
    })
}

/// The error serde_json gives for `text`, with a number it was refused for quoted as the
/// text writes it.
fn refusal(error: serde_json::Error, text: &str) -> RuleSetError {
    let message = error.to_string();
    if !message.contains(AS_WRITTEN) {
        return RuleSetError::Json(error);
    }
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = message.strip_suffix(&suffix).unwrap_or(&message);
    let written = number_at(text, error.line(), error.column()).unwrap_or("the number");
    RuleSetError::Number {
        line: error.line().max(1),
        column: error.column().max(1),
        message: message.replace(AS_WRITTEN, written),
    }
}

/// The 1-based line and column where `needle` first appears in `text`, or (1, 1).
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let Some(at) = text.find(needle) else {
        return (1, 1);
    };
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// What an object of the file is, for the message when something else stands in its place.
trait Described {
    const WHAT: &'static str;
}

/// A struct read from a JSON object only. Serde's derive also reads a struct from an array of
/// its fields in order, so that `"shoe": [8]` would mean `{"decks": 8}`; a rule file must say
/// what it means, field by field.
struct Object<T>(T);

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

/// A piece of text from the file, as a message shows it: control characters escaped, so that
/// an error cannot drive the terminal or break its line, and a long text cut short.
fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(40)
        .collect::<String>()
        .escape_debug()
        .to_string();
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// The first character of `text` that would break a one-line heading or drive the terminal
/// it is printed on: a control character (line break, tab, escape), a line or paragraph
/// separator, or a direction control.
fn breaking_char(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

/// Checks a text field that is printed on one line (a name, a title, a source, a bet key).
fn one_line(field: &str, text: &str) -> Result<(), String> {
    match breaking_char(text) {
        Some(c) => Err(format!(
            "{field} holds the character U+{:04X}: expected one line of text, without control characters (line break, tab, escape) or direction controls",
            c as u32
        )),
        None => Ok(()),
    }
}

/// Reads a one-line text field, refused where it stands.
fn one_line_text<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &str,
) -> Result<String, D::Error> {
    let text = String::deserialize(deserializer)?;
    one_line(field, &text).map_err(de::Error::custom)?;
    Ok(text)
}

fn name_field<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    one_line_text(d, "name")
}

fn title_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "title").map(Some)
}

fn source_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "source").map(Some)
}

fn claim_source_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "claims: source").map(Some)
}

fn claim_bet_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    one_line_text(d, "claims: bet").map(Some)
}

/// Stands for a number as the file writes it, in a refusal. Serde hands a number with a
/// fraction or an exponent, or a whole number beyond 64 bits, over as an `f64`, which prints
/// as neither (`8.0` as `8`, 2⁶⁴ as `18446744073709552000`); [`refusal`] puts the
/// file's own text in its place, found where the reader stood: just after the number.
const AS_WRITTEN: &str = "\u{0}number as written\u{0}";

/// The number that ends at a 1-based line and a byte column (serde_json's position just
/// after it), as written.
fn number_at(text: &str, line: usize, column: usize) -> Option<&str> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let end = start.checked_add(column)?;
    let before = text.get(start..end)?;
    let from = before
        .rfind(|c: char| !(c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E')))
        .map_or(0, |at| at + 1);
    let number = &before[from..];
    (!number.is_empty()).then_some(number)
}

/// The refusal of a number outside a field's range, or not a whole number.
fn not_whole(field: &str, written: &str, low: u64, high: u64) -> String {
    format!("{field} is `{written}`: expected a whole number from {low} to {high}")
}

/// Reads a JSON whole number for a field, refused where it stands, with the field, the
/// number as written and the range, when it has a fraction or an exponent, is beyond 64
/// bits, or (when `checked`) is outside `low..=high`.
struct Whole<'a> {
    field: &'a str,
    low: u64,
    high: u64,
    checked: bool,
}

impl<'a> Whole<'a> {
    fn new(field: &'a str, low: u64, high: u64) -> Whole<'a> {
        Whole {
            field,
            low,
            high,
            checked: true,
        }
    }

    fn accept<E: de::Error>(&self, value: i128) -> Result<i128, E> {
        let within = i128::from(self.low) <= value && value <= i128::from(self.high);
        if self.checked && !within {
            return Err(E::custom(not_whole(
                self.field,
                &value.to_string(),
                self.low,
                self.high,
            )));
        }
        Ok(value)
    }
}

impl<'de> de::DeserializeSeed<'de> for Whole<'_> {
    type Value = i128;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<i128, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Visitor<'_> for Whole<'_> {
    type Value = i128;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as a whole number from {} to {}",
            self.field, self.low, self.high
        )
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i128, E> {
        self.accept(i128::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i128, E> {
        self.accept(i128::from(v))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<i128, E> {
        Err(E::custom(not_whole(
            self.field, AS_WRITTEN, self.low, self.high,
        )))
    }
}

/// Reads a small whole number within its range (a total, a card count, a margin).
fn small_number<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &str,
    low: u8,
    high: u8,
) -> Result<Option<u8>, D::Error> {
    use de::DeserializeSeed;
    let value = Whole::new(field, low.into(), high.into()).deserialize(deserializer)?;
    // Within `low..=high`, so within a byte.
    Ok(u8::try_from(value).ok())
}

fn total_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    small_number(d, "total", 0, 9)
}

fn cards_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    small_number(d, "cards", 2, 3)
}

fn margin_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    small_number(d, "margin", 1, 9)
}

/// Reads a list of whole numbers, each refused where it stands as [`Whole`] does, and, when
/// `distinct`, a value given twice refused at its second place.
fn whole_list<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
    low: u64,
    high: u64,
    checked: bool,
    distinct: bool,
) -> Result<Vec<i128>, D::Error> {
    struct ListVisitor {
        field: &'static str,
        low: u64,
        high: u64,
        checked: bool,
        distinct: bool,
    }
    impl<'de> Visitor<'de> for ListVisitor {
        type Value = Vec<i128>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(
                f,
                "{} as a list of whole numbers from {} to {}",
                self.field, self.low, self.high
            )
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<i128>, A::Error> {
            let mut values: Vec<i128> = Vec::new();
            loop {
                let field = format!("{}[{}]", self.field, values.len());
                let seed = Whole {
                    field: &field,
                    low: self.low,
                    high: self.high,
                    checked: self.checked,
                };
                let Some(value) = seq.next_element_seed(seed)? else {
                    return Ok(values);
                };
                if self.distinct
                    && let Some(first) = values.iter().position(|&v| v == value)
                {
                    return Err(de::Error::custom(format!(
                        "{field} is `{value}`, as {}[{first}] is: each value may be given once",
                        self.field
                    )));
                }
                values.push(value);
            }
        }
    }
    deserializer.deserialize_seq(ListVisitor {
        field,
        low,
        high,
        checked,
        distinct,
    })
}

fn naturals_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.naturals", 0, 9, true, true)
}

fn draws_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.punto.draws", 0, 9, true, true)
}

fn stands_field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
    whole_list(d, "drawing.punto.stands", 0, 9, true, true)
}

/// The rank counts are checked against their range once the shoe is read, beside the other
/// checks of the shoe; only a number that is not whole is refused where it stands.
fn ranks_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i128>>, D::Error> {
    whole_list(d, "shoe.ranks", 0, Shoe::MAX_COUNT, false, false).map(Some)
}

fn decks_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i128>, D::Error> {
    use de::DeserializeSeed;
    Whole::new("shoe.decks", 1, Shoe::MAX_DECKS)
        .deserialize(d)
        .map(Some)
}

/// Reads a JSON object into a map by key, refusing a key given twice: serde's own maps keep
/// the last value silently, so a file could seem to say one thing and mean another.
pub(crate) fn unique_map<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    deserializer: D,
    field: &'static str,
) -> Result<BTreeMap<String, V>, D::Error> {
    struct MapVisitor<V> {
        field: &'static str,
        values: std::marker::PhantomData<V>,
    }
    impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
        type Value = BTreeMap<String, V>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "an object for `{}`", self.field)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(de::Error::custom(format!(
                        "{}: `{}` is given twice: each key may appear once",
                        self.field,
                        shown(&key)
                    )));
                }
                let value = map.next_value()?;
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(MapVisitor {
        field,
        values: std::marker::PhantomData,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleSetFile {
    #[allow(dead_code)]
    schema: SchemaVersion,
    #[serde(deserialize_with = "name_field")]
    name: String,
    #[serde(default, deserialize_with = "title_field")]
    title: Option<String>,
    #[serde(default, deserialize_with = "source_field")]
    source: Option<String>,
    #[serde(default)]
    shoe: Option<ShoeSpec>,
    drawing: DrawingSpec,
    bets: BetsSpec,
    #[serde(default)]
    claims: Vec<ClaimSpec>,
}

impl Described for RuleSetFile {
    const WHAT: &'static str =
        "a rule-set object {\"schema\": 1, \"name\": …, \"drawing\": …, \"bets\": …}";
}

struct SchemaVersion;

impl<'de> Deserialize<'de> for SchemaVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seed = Whole {
            field: "schema",
            low: u64::from(SCHEMA),
            high: u64::from(SCHEMA),
            checked: false,
        };
        let version = de::DeserializeSeed::deserialize(seed, deserializer)?;
        if version != i128::from(SCHEMA) {
            return Err(de::Error::custom(format!(
                "schema: `{version}` is not a known version: expected {SCHEMA}"
            )));
        }
        Ok(SchemaVersion)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShoeRaw {
    #[serde(default, deserialize_with = "decks_field")]
    decks: Option<i128>,
    #[serde(default, deserialize_with = "ranks_field")]
    ranks: Option<Vec<i128>>,
}

impl Described for ShoeRaw {
    const WHAT: &'static str = "a shoe object {\"decks\": …} or {\"ranks\": […]}";
}

#[derive(Deserialize)]
#[serde(try_from = "Object<ShoeRaw>")]
struct ShoeSpec(Shoe);

impl TryFrom<Object<ShoeRaw>> for ShoeSpec {
    type Error = String;
    fn try_from(Object(raw): Object<ShoeRaw>) -> Result<ShoeSpec, String> {
        match (raw.decks, raw.ranks) {
            (Some(decks), None) => {
                // Within 1 to `Shoe::MAX_DECKS`, as read.
                let n = u64::try_from(decks)
                    .map_err(|_| not_whole("shoe.decks", &decks.to_string(), 1, Shoe::MAX_DECKS))?;
                let shoe = Shoe::decks(n).map_err(|e| format!("shoe.decks: {e}"))?;
                shoe.check_playable().map_err(|e| format!("shoe: {e}"))?;
                Ok(ShoeSpec(shoe))
            }
            (None, Some(ranks)) => {
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
                let shoe = Shoe::from_counts(counts).map_err(|e| format!("shoe.ranks: {e}"))?;
                shoe.check_playable().map_err(|e| format!("shoe: {e}"))?;
                Ok(ShoeSpec(shoe))
            }
            _ => Err(
                "shoe: give exactly one of `decks` (a number) or `ranks` (13 counts, A to K)"
                    .into(),
            ),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawingRaw {
    #[serde(deserialize_with = "naturals_field")]
    naturals: Vec<i128>,
    punto: Object<PuntoRaw>,
    banco: BancoRows,
}

impl Described for DrawingRaw {
    const WHAT: &'static str =
        "a drawing object {\"naturals\": […], \"punto\": {…}, \"banco\": {…}}";
}

/// The Banco rows by total, each checked as it is read so that an error points at its line.
struct BancoRows(BTreeMap<usize, TableauRow>);

impl<'de> Deserialize<'de> for BancoRows {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RowsVisitor;
        impl<'de> Visitor<'de> for RowsVisitor {
            type Value = BancoRows;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of Banco totals \"0\" to \"9\", each a row of 11 cells")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BancoRows, A::Error> {
                let mut rows = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    // Exactly one digit: `"07"` and `" 7"` are not how a total is written.
                    let total = match key.as_bytes() {
                        [digit @ b'0'..=b'9'] => usize::from(digit - b'0'),
                        _ => {
                            return Err(de::Error::custom(format!(
                                "drawing.banco: `{}` is not a Banco total: expected \"0\" to \"9\"",
                                shown(&key)
                            )));
                        }
                    };
                    // Refused at the key, before its row is read, so the position is the key's.
                    if rows.contains_key(&total) {
                        return Err(de::Error::custom(format!(
                            "drawing.banco: the row for Banco total {total} is given twice"
                        )));
                    }
                    let text: String = map.next_value()?;
                    let row = parse_tableau_row(&text)
                        .map_err(|e| de::Error::custom(format!("drawing.banco.\"{key}\" {e}")))?;
                    rows.insert(total, row);
                }
                Ok(BancoRows(rows))
            }
        }
        deserializer.deserialize_map(RowsVisitor)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuntoRaw {
    #[serde(deserialize_with = "draws_field")]
    draws: Vec<i128>,
    #[serde(deserialize_with = "stands_field")]
    stands: Vec<i128>,
}

impl Described for PuntoRaw {
    const WHAT: &'static str = "Punto's rule {\"draws\": […], \"stands\": […]}";
}

#[derive(Deserialize)]
#[serde(try_from = "Object<DrawingRaw>")]
struct DrawingSpec(DrawingRules);

/// The set of totals a list names; each was read as a whole number from 0 to 9.
fn totals(values: &[i128]) -> [bool; 10] {
    let mut set = [false; 10];
    for &value in values {
        if let Some(slot) = usize::try_from(value).ok().and_then(|t| set.get_mut(t)) {
            *slot = true;
        }
    }
    set
}

/// A tableau row as a rule file writes it that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableauRowError {
    /// The row does not have eleven cells.
    #[error(
        "has {0} cells: expected 11 (D or S against Punto's third card 0 to 9, then against Punto stood)"
    )]
    CellCount(usize),
    /// A cell that is neither draw nor stand.
    #[error("cell {} (against {}) is `{text}`: expected D (draw) or S (stand)", .against.column() + 1, against_phrase(*.against))]
    Cell {
        /// The case the cell decides against (its place in the row).
        against: PuntoMove,
        /// The cell as written.
        text: String,
    },
}

/// The case a tableau cell decides against, as the refusal of a cell names it.
fn against_phrase(against: PuntoMove) -> String {
    match against {
        PuntoMove::Drew(v) => format!("a third card {v}"),
        PuntoMove::Stood => "Punto stood".to_string(),
    }
}

/// Reads a tableau row: eleven cells `D`/`S` (or `draw`/`stand`), for Punto's third card 0–9
/// then "Punto stood", separated by spaces or not.
pub fn parse_tableau_row(text: &str) -> Result<TableauRow, TableauRowError> {
    let cells: Vec<&str> = if text.contains(char::is_whitespace) {
        text.split_whitespace().collect()
    } else {
        text.split("").filter(|c| !c.is_empty()).collect()
    };
    if cells.len() != 11 {
        return Err(TableauRowError::CellCount(cells.len()));
    }
    let mut row = [Action::Stand; 11];
    for ((cell, slot), against) in cells.iter().zip(&mut row).zip(PuntoMove::ALL) {
        *slot =
            crate::tableau_text::parse_action_word(cell).ok_or_else(|| TableauRowError::Cell {
                against,
                text: cell.to_string(),
            })?;
    }
    Ok(row)
}

impl TryFrom<Object<DrawingRaw>> for DrawingSpec {
    type Error = String;
    fn try_from(Object(raw): Object<DrawingRaw>) -> Result<DrawingSpec, String> {
        let naturals = totals(&raw.naturals);
        let draws = totals(&raw.punto.0.draws);
        let stands = totals(&raw.punto.0.stands);
        let mut punto = [Action::Stand; 10];
        for total in 0..10 {
            if naturals[total] {
                if draws[total] || stands[total] {
                    return Err(format!(
                        "drawing.punto: {total} is a natural, so Punto never decides on it; leave it out of `draws` and `stands`"
                    ));
                }
                continue;
            }
            punto[total] = match (draws[total], stands[total]) {
                (true, false) => Action::Draw,
                (false, true) => Action::Stand,
                (true, true) => {
                    return Err(format!(
                        "drawing.punto: total {total} is in both `draws` and `stands`"
                    ));
                }
                (false, false) => {
                    return Err(format!(
                        "drawing.punto: total {total} is in neither `draws` nor `stands`; every total that is not a natural needs one"
                    ));
                }
            };
        }
        let mut banco = [[Action::Stand; 11]; 10];
        for (&total, row) in &raw.banco.0 {
            if naturals[total] {
                return Err(format!(
                    "drawing.banco.\"{total}\": {total} is a natural, so Banco never consults this row; leave it out"
                ));
            }
            banco[total] = *row;
        }
        let missing: Vec<String> = (0..10)
            .filter(|&t| !naturals[t] && !raw.banco.0.contains_key(&t))
            .map(|t| t.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "drawing.banco: the row for Banco total {} is missing; every total that is not a natural needs 11 cells",
                missing.join(", ")
            ));
        }
        Ok(DrawingSpec(DrawingRules {
            naturals,
            punto,
            banco,
        }))
    }
}

/// A pay line as written: a condition, the net profit per unit when it holds, and an optional
/// commission taken from that profit. The condition's fields are repeated from
/// [`ConditionRaw`] rather than flattened in, because serde cannot combine `flatten` with
/// `deny_unknown_fields`, and a misspelt field must be refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineRaw {
    #[serde(default)]
    winner: Option<String>,
    #[serde(default, deserialize_with = "total_field")]
    total: Option<u8>,
    #[serde(default, deserialize_with = "cards_field")]
    cards: Option<u8>,
    #[serde(default)]
    natural: Option<bool>,
    #[serde(default, deserialize_with = "margin_field")]
    margin: Option<u8>,
    #[serde(deserialize_with = "pays_field")]
    pays: Amount,
    #[serde(default, deserialize_with = "commission_field")]
    commission: Option<Amount>,
}

impl Described for LineRaw {
    const WHAT: &'static str = "a pay line {\"winner\": …, \"pays\": …}";
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ConditionRaw {
    #[serde(default)]
    winner: Option<String>,
    #[serde(default, deserialize_with = "total_field")]
    total: Option<u8>,
    #[serde(default, deserialize_with = "cards_field")]
    cards: Option<u8>,
    #[serde(default)]
    natural: Option<bool>,
    #[serde(default, deserialize_with = "margin_field")]
    margin: Option<u8>,
}

impl Described for ConditionRaw {
    const WHAT: &'static str = "an event {\"winner\": …, \"total\": …, …}";
}

impl ConditionRaw {
    fn build(self, needs_winner: bool) -> Result<Condition, String> {
        let winner = match self.winner.as_deref() {
            None if needs_winner => {
                return Err("`winner` is missing: expected \"punto\", \"banco\" or \"tie\"".into());
            }
            None => None,
            Some("punto") => Some(Winner::Punto),
            Some("banco") => Some(Winner::Banco),
            Some("tie") => Some(Winner::Tie),
            Some(other) => {
                return Err(format!(
                    "winner is `{}`: expected \"punto\", \"banco\" or \"tie\"",
                    shown(other)
                ));
            }
        };
        // Each was read within its range: total 0 to 9, cards 2 or 3, margin 1 to 9.
        let (total, cards, margin) = (self.total, self.cards, self.margin);
        if winner.is_none() && (total.is_some() || cards.is_some() || margin.is_some()) {
            return Err(
                "`total`, `cards` and `margin` describe the winning hand: give a `winner`".into(),
            );
        }
        if winner == Some(Winner::Tie) && (cards.is_some() || margin.is_some()) {
            return Err(
                "a tie has no winning hand: `cards` and `margin` do not apply to it".into(),
            );
        }
        Ok(Condition {
            winner,
            total,
            cards,
            natural: self.natural,
            margin,
        })
    }
}

/// A non-negative exact amount: a whole number (`8`), a fraction (`"19/20"`), a decimal
/// (`"0.95"`) or a percentage (`"5%"`).
struct Amount(Ratio<i64>);

/// Reads an amount for a field, refused where it stands with the field and the amount as
/// written.
struct AmountSeed(&'static str);

impl<'de> de::DeserializeSeed<'de> for AmountSeed {
    type Value = Amount;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Amount, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Visitor<'_> for AmountSeed {
    type Value = Amount;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} as an amount: a whole number, or a string such as \"19/20\", \"0.95\" or \"5%\"",
            self.0
        )
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Amount, E> {
        self.whole(i128::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Amount, E> {
        self.whole(i128::from(v))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Amount, E> {
        Err(E::custom(format!(
            "{} is `{AS_WRITTEN}`: expected a whole number from 0 to {MAX_AMOUNT}, or an exact amount as a string such as \"0.95\", \"19/20\" or \"5%\"",
            self.0
        )))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Amount, E> {
        let value = parse_amount(v).ok_or_else(|| {
            E::custom(format!(
                "{}: `{}` is not an amount: expected a whole number, a fraction \"19/20\", a decimal \"0.95\" or a percentage \"5%\", at most {MAX_AMOUNT} and with a denominator of at most {MAX_AMOUNT}",
                self.0,
                shown(v)
            ))
        })?;
        self.amount(value, v)
    }
}

impl AmountSeed {
    fn whole<E: de::Error>(self, v: i128) -> Result<Amount, E> {
        match i64::try_from(v) {
            Ok(small) if small.unsigned_abs() <= MAX_AMOUNT.unsigned_abs() => {
                self.amount(Ratio::from_integer(small), &v.to_string())
            }
            _ => Err(E::custom(format!(
                "{}: `{v}` is more than the largest amount, {MAX_AMOUNT}",
                self.0
            ))),
        }
    }

    fn amount<E: de::Error>(self, value: Ratio<i64>, text: &str) -> Result<Amount, E> {
        if value < Ratio::from_integer(0) {
            return Err(E::custom(match self.0 {
                "commission" => format!(
                    "`{}` is negative: a commission is a share of the winnings, 0% to 100%",
                    shown(text)
                ),
                _ => format!(
                    "`{}` is negative: a payout is the profit per unit on a winning line, 0 or more (a losing line is left out)",
                    shown(text)
                ),
            }));
        }
        Ok(Amount(value))
    }
}

fn pays_field<'de, D: Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
    de::DeserializeSeed::deserialize(AmountSeed("pays"), d)
}

fn commission_field<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Amount>, D::Error> {
    de::DeserializeSeed::deserialize(AmountSeed("commission"), d).map(Some)
}

/// The largest amount, and the largest denominator, a rule file may state: large enough for
/// any real paytable, small enough that every product of amounts stays exact in 64 bits.
pub const MAX_AMOUNT: i64 = 1_000_000;

/// Reads `8`, `19/20`, `0.95` or `5%` (a percentage of one unit), within ±[`MAX_AMOUNT`] and
/// with a denominator of at most [`MAX_AMOUNT`] once reduced.
pub fn parse_amount(text: &str) -> Option<Ratio<i64>> {
    let text = text.trim();
    let (number, percent) = match text.strip_suffix('%') {
        Some(n) => (n.trim(), true),
        None => (text, false),
    };
    let (negative, number) = match number.strip_prefix(['-', '−']) {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    // Short digit strings keep every intermediate product far inside i64.
    let digits = |s: &str| !s.is_empty() && s.len() <= 9 && s.chars().all(|c| c.is_ascii_digit());
    let (numerator, denominator): (i64, i64) = if let Some((n, d)) = number.split_once('/') {
        if !digits(n) || !digits(d) {
            return None;
        }
        (n.parse().ok()?, d.parse().ok()?)
    } else if let Some((w, f)) = number.split_once('.') {
        if !digits(w) || !digits(f) || w.len() + f.len() > 12 {
            return None;
        }
        (format!("{w}{f}").parse().ok()?, 10i64.pow(f.len() as u32))
    } else {
        if !digits(number) {
            return None;
        }
        (number.parse().ok()?, 1)
    };
    if denominator == 0 {
        return None;
    }
    let value = Ratio::new(numerator, denominator * if percent { 100 } else { 1 });
    let within = value.numer().abs() <= MAX_AMOUNT * value.denom() && *value.denom() <= MAX_AMOUNT;
    within.then_some(if negative { -value } else { value })
}

#[derive(Deserialize)]
#[serde(try_from = "Object<LineRaw>")]
struct LineSpec(PayLine);

impl TryFrom<Object<LineRaw>> for LineSpec {
    type Error = String;
    fn try_from(Object(raw): Object<LineRaw>) -> Result<LineSpec, String> {
        let when = ConditionRaw {
            winner: raw.winner,
            total: raw.total,
            cards: raw.cards,
            natural: raw.natural,
            margin: raw.margin,
        }
        .build(true)?;
        let mut net = raw.pays.0;
        if let Some(Amount(commission)) = raw.commission {
            if commission > Ratio::from_integer(1) {
                return Err(format!(
                    "commission is {}%: expected 0% to 100% of the winnings",
                    commission * Ratio::from_integer(100)
                ));
            }
            net *= Ratio::from_integer(1) - commission;
        }
        Ok(LineSpec(PayLine { when, net }))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairRaw {
    pair: String,
    #[serde(deserialize_with = "pays_field")]
    pays: Amount,
}

/// A bet: a list of pay lines, or a pair bet `{"pair": "punto", "pays": 11}`.
struct BetSpec(Terms);

impl<'de> Deserialize<'de> for BetSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BetVisitor;
        impl<'de> Visitor<'de> for BetVisitor {
            type Value = BetSpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of pay lines, or a pair bet {\"pair\": \"punto\" or \"banco\", \"pays\": …}")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<BetSpec, A::Error> {
                let lines: Vec<LineSpec> =
                    Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
                if lines.is_empty() {
                    return Err(de::Error::custom("a bet needs at least one pay line"));
                }
                Ok(BetSpec(Terms::Paytable(Bet {
                    lines: lines.into_iter().map(|l| l.0).collect(),
                })))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<BetSpec, A::Error> {
                let raw: PairRaw =
                    Deserialize::deserialize(de::value::MapAccessDeserializer::new(map))?;
                let hand = match raw.pair.as_str() {
                    "punto" => Hand::Punto,
                    "banco" => Hand::Banco,
                    other => {
                        return Err(de::Error::custom(format!(
                            "pair is `{}`: expected \"punto\" or \"banco\"",
                            shown(other)
                        )));
                    }
                };
                Ok(BetSpec(Terms::Pair {
                    hand,
                    net: raw.pays.0,
                }))
            }
        }
        deserializer.deserialize_any(BetVisitor)
    }
}

struct BetsSpec(Tariff);

impl<'de> Deserialize<'de> for BetsSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let bets: BTreeMap<String, BetSpec> = unique_map(deserializer, "bets")?;
        BetsSpec::try_from(bets).map_err(de::Error::custom)
    }
}

impl TryFrom<BTreeMap<String, BetSpec>> for BetsSpec {
    type Error = String;
    fn try_from(mut bets: BTreeMap<String, BetSpec>) -> Result<BetsSpec, String> {
        let mut main = |key: &str| match bets.remove(key) {
            Some(BetSpec(Terms::Paytable(bet))) => Ok(bet),
            Some(BetSpec(Terms::Pair { .. })) => Err(format!(
                "bets.{key}: a main bet is a list of pay lines, not a pair bet"
            )),
            None => Err(format!(
                "bets: the main bet `{key}` is missing; `punto`, `banco` and `tie` are required"
            )),
        };
        let punto = main("punto")?;
        let banco = main("banco")?;
        let tie = main("tie")?;
        for key in bets.keys() {
            let valid = !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
            if !valid {
                return Err(format!(
                    "bets: `{}` is not a bet key: use lower-case letters, digits, `_` and `-`",
                    shown(key)
                ));
            }
        }
        let side = bets
            .into_iter()
            .map(|(key, BetSpec(terms))| SideBet { key, terms })
            .collect();
        Ok(BetsSpec(Tariff {
            punto,
            banco,
            tie,
            side,
        }))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimRaw {
    #[serde(default, deserialize_with = "claim_bet_field")]
    bet: Option<String>,
    #[serde(default)]
    event: Option<Object<ConditionRaw>>,
    #[serde(default, deserialize_with = "edge_figure")]
    edge: Option<Stated>,
    #[serde(default, deserialize_with = "win_probability_figure")]
    win_probability: Option<Stated>,
    #[serde(default, deserialize_with = "probability_figure")]
    probability: Option<Stated>,
    #[serde(default, deserialize_with = "count_figure")]
    count: Option<Stated>,
    #[serde(default, deserialize_with = "sequences_figure")]
    sequences: Option<Stated>,
    /// Free text for people: where the figure is published.
    #[serde(default, deserialize_with = "claim_source_field")]
    #[allow(dead_code)]
    source: Option<String>,
}

/// Reads a claim's figure, refused where it stands with the claim's field and the figure as
/// written.
fn figure<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &str,
) -> Result<Option<Stated>, D::Error> {
    let text = String::deserialize(deserializer)?;
    // A figure too long to repeat whole is named by its start.
    let short = match text.char_indices().nth(24) {
        Some((at, _)) => format!("{}…", shown(&text[..at])),
        None => shown(&text),
    };
    let stated = Stated::parse(&text).map_err(|e| {
        de::Error::custom(match e {
            FigureError::NotAFigure => format!(
                "claims: {field} `{short}` is not a figure: expected digits with at most one decimal point, such as \"1.0579%\", \"0.022534\" or \"112,633,011,329,024\" (commas between groups of three), or a single decimal comma, \"1,0579%\""
            ),
            FigureError::TooManyDigits(n) => format!(
                "claims: {field} `{short}` has {n} digits before the decimal point: at most {MAX_FIGURE_DIGITS} are accepted"
            ),
            FigureError::TooManyDecimals(n) => format!(
                "claims: {field} `{short}` has {n} decimals: at most {MAX_FIGURE_DIGITS} are accepted"
            ),
        })
    })?;
    if field == "count" && stated.decimals.is_some() {
        return Err(de::Error::custom(format!(
            "claims: count `{short}` must be a whole number"
        )));
    }
    Ok(Some(stated))
}

fn edge_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "edge")
}

fn win_probability_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "win_probability")
}

fn probability_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "probability")
}

fn count_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "count")
}

fn sequences_figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
    figure(d, "sequences")
}

impl Described for ClaimRaw {
    const WHAT: &'static str =
        "a claim {\"bet\": …, \"edge\": …}, {\"event\": …, \"probability\": …} or the like";
}

#[derive(Deserialize)]
#[serde(try_from = "Object<ClaimRaw>")]
struct ClaimSpec(Claim);

impl TryFrom<Object<ClaimRaw>> for ClaimSpec {
    type Error = String;
    fn try_from(Object(raw): Object<ClaimRaw>) -> Result<ClaimSpec, String> {
        let claim = match raw {
            ClaimRaw {
                bet: Some(bet),
                event: None,
                edge: Some(e),
                win_probability: None,
                probability: None,
                count: None,
                sequences: None,
                ..
            } => Claim {
                target: ClaimTarget::Edge(bet),
                stated: e,
            },
            ClaimRaw {
                bet: Some(bet),
                event: None,
                edge: None,
                win_probability: Some(p),
                probability: None,
                count: None,
                sequences: None,
                ..
            } => Claim {
                target: ClaimTarget::WinProbability(bet),
                stated: p,
            },
            ClaimRaw {
                bet: None,
                event: Some(event),
                edge: None,
                win_probability: None,
                probability: Some(p),
                count: None,
                sequences: None,
                ..
            } => Claim {
                target: ClaimTarget::Probability(
                    event
                        .0
                        .build(false)
                        .map_err(|e| format!("claims: event: {e}"))?,
                ),
                stated: p,
            },
            ClaimRaw {
                bet: None,
                event: Some(event),
                edge: None,
                win_probability: None,
                probability: None,
                count: Some(c),
                sequences: None,
                ..
            } => {
                let stated = c;
                Claim {
                    target: ClaimTarget::Count(
                        event
                            .0
                            .build(false)
                            .map_err(|e| format!("claims: event: {e}"))?,
                    ),
                    stated,
                }
            }
            ClaimRaw {
                bet: None,
                event: None,
                edge: None,
                win_probability: None,
                probability: None,
                count: None,
                sequences: Some(s),
                ..
            } => Claim {
                target: ClaimTarget::Sequences,
                stated: s,
            },
            _ => {
                return Err("claims: a claim is one of {\"bet\", \"edge\"}, {\"bet\", \"win_probability\"}, {\"event\", \"probability\"}, {\"event\", \"count\"} or {\"sequences\"}".into());
            }
        };
        Ok(ClaimSpec(claim))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts() {
        assert_eq!(parse_amount("19/20"), Some(Ratio::new(19, 20)));
        assert_eq!(parse_amount("0.95"), Some(Ratio::new(19, 20)));
        assert_eq!(parse_amount("5%"), Some(Ratio::new(1, 20)));
        assert_eq!(parse_amount("8"), Some(Ratio::from_integer(8)));
        assert_eq!(parse_amount("1/0"), None);
        assert_eq!(parse_amount("x"), None);
    }

    #[test]
    fn tableau_rows() {
        assert_eq!(
            parse_tableau_row("D D D D D D D D S D D").unwrap()[8],
            Action::Stand
        );
        assert_eq!(parse_tableau_row("DDDDDDDDSDD").unwrap()[8], Action::Stand);
        assert!(
            parse_tableau_row("D D D")
                .unwrap_err()
                .to_string()
                .contains("has 3 cells")
        );
        assert!(
            parse_tableau_row("D D D D D D D D X D D")
                .unwrap_err()
                .to_string()
                .contains("cell 9 (against a third card 8)")
        );
    }
}
