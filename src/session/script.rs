//! Session scripts: a whole session written as JSON, read by a small located reader so that
//! every error names its line, column, field, value and what the field accepts.

use super::{
    DEALS, JoinError, MAX_DEALS, MAX_DECKS, MAX_PARTICIPANTS, MAX_STAKE, MIN_PARTICIPANTS,
    PREDICTIONS_ACCEPTED, PlayError, STAKE, Session, check_name, parse_prediction,
};
use crate::card::Card;
use crate::dealer::Dealer;
use crate::rules::{MainBet, Rules};

/// A session script that cannot be played: where (line and column, from 1, in characters) and
/// why, naming the field, its value and what it accepts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
#[non_exhaustive]
pub struct ScriptError {
    /// The line of the value at fault, from 1.
    pub line: usize,
    /// The column of the value at fault, from 1, in characters.
    pub column: usize,
    /// What is wrong: the field, its value and what it accepts.
    pub message: String,
}

impl ScriptError {
    /// The error at byte `offset` of `text`.
    fn at(text: &str, offset: usize, message: String) -> ScriptError {
        let before = text.get(..offset).unwrap_or(text);
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        ScriptError {
            line: before.bytes().filter(|&b| b == b'\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message,
        }
    }
}

/// Plays a script to the end (or as far as its rounds go).
///
/// A script is one JSON object (a leading byte-order mark is allowed): `participants`, an
/// optional `dealer`, `seed`, `decks`, `deals` and `stake`, and `rounds`, each with its
/// `predictions` by name and perhaps the `cards` of the deal. Every error names the line and
/// column, the field, its value and what it accepts.
///
/// ```
/// use punto_banco::{rules::Rules, session::play_script};
/// let script = r#"{"participants": ["Alice", "Bruno"], "stake": 0, "rounds": []}"#;
/// let error = play_script(script, Rules::reference()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "line 1, column 47: `stake` is 0: expected a whole number from 1 to 1000000000"
/// );
/// ```
pub fn play_script(text: &str, rules: Rules) -> Result<Session, ScriptError> {
    play_script_dealing(text, rules, crate::rules::dealing::Procedure::reference())
}

/// [`play_script`], burning each shuffled shoe by `dealing` (see [`Session::with_dealing`]).
pub fn play_script_dealing(
    text: &str,
    rules: Rules,
    dealing: crate::rules::dealing::Procedure,
) -> Result<Session, ScriptError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let script = read_script(&mut Reader { text, pos: 0 })?;
    let fail = |offset: usize, message: String| ScriptError::at(text, offset, message);
    let participants = script.participants.ok_or_else(|| {
        fail(
            script.at,
            format!("the script has no `participants`: expected {PARTICIPANTS_SHAPE}"),
        )
    })?;
    let rounds = script.rounds.ok_or_else(|| {
        fail(
            script.at,
            format!("the script has no `rounds`: expected {ROUNDS_SHAPE}"),
        )
    })?;
    let deals = script.deals.unwrap_or(DEALS);
    let mut session = Session::try_new(
        rules,
        script.decks.unwrap_or(crate::shoe::REFERENCE_DECKS),
        deals,
        script.stake.unwrap_or(STAKE),
    )
    // The reader has checked every setting against the same ranges.
    .map_err(|e| fail(script.at, e.to_string()))?
    .with_dealing(dealing);

    for (index, name) in participants.value.iter().enumerate() {
        session.join(&name.value, false).map_err(|e| {
            fail(
                name.at,
                format!(
                    "`participants` entry {} is {}: expected {}",
                    index + 1,
                    quoted(&name.value),
                    e.expected()
                ),
            )
        })?;
    }
    if let Some(dealer) = &script.dealer {
        let name = dealer.name.as_ref().ok_or_else(|| {
            fail(
                dealer.at,
                format!("`dealer` has no `name`: expected {DEALER_SHAPE}"),
            )
        })?;
        let name_error = |e: JoinError| {
            fail(
                name.at,
                format!(
                    "`dealer.name` is {}: expected {}",
                    quoted(&name.value),
                    e.expected()
                ),
            )
        };
        check_name(&name.value).map_err(name_error)?;
        if let Some(predicts) = dealer.predicts.as_ref().filter(|p| p.value) {
            match session.join(&name.value, true) {
                Ok(()) => {}
                Err(JoinError::Full) => {
                    return Err(fail(
                        predicts.at,
                        format!(
                            "`dealer.predicts` is true: expected false, since `participants` already holds {MAX_PARTICIPANTS} names, the most who may predict"
                        ),
                    ));
                }
                Err(e) => return Err(name_error(e)),
            }
        }
    }
    let predictors = session.participants.len();
    if predictors < MIN_PARTICIPANTS {
        return Err(fail(
            participants.at,
            format!(
                "`participants` holds {predictors} {}: expected {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS} people who predict (a dealer who predicts counts)",
                if predictors == 1 { "name" } else { "names" }
            ),
        ));
    }
    if let Some(extra) = rounds.value.get(deals as usize) {
        return Err(fail(
            extra.at,
            format!(
                "`rounds` holds {} rounds: expected at most {deals}, one per deal (`deals` is {deals}{})",
                rounds.value.len(),
                if script.deals.is_some() {
                    ""
                } else {
                    " by default"
                }
            ),
        ));
    }

    let owned: Vec<String> = session
        .participants
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let names: Vec<&str> = owned.iter().map(String::as_str).collect();
    let mut rng = Dealer::rng(script.seed.unwrap_or(0));
    for (index, round) in rounds.value.iter().enumerate() {
        let number = index + 1;
        let predictions = round.predictions.as_ref().ok_or_else(|| {
            fail(
                round.at,
                format!("round {number} has no `predictions`: expected {PREDICTIONS_SHAPE}"),
            )
        })?;
        if let Some((stranger, _)) = predictions
            .value
            .iter()
            .find(|(name, _)| !names.contains(&name.value.as_str()))
        {
            return Err(fail(
                stranger.at,
                format!(
                    "round {number} `predictions` has {}: expected only {}, each written exactly as in `participants` or `dealer.name`",
                    quoted(&stranger.value),
                    list(&names, "or")
                ),
            ));
        }
        let mut bets = Vec::with_capacity(names.len());
        for name in &names {
            let bet = predictions
                .value
                .iter()
                .find(|(key, _)| key.value == *name)
                .map(|(_, bet)| *bet)
                .ok_or_else(|| {
                    fail(
                        predictions.at,
                        format!(
                            "round {number} `predictions` has no prediction for {}: expected one for each of {}",
                            shortened(name),
                            list(&names, "and")
                        ),
                    )
                })?;
            bets.push(bet);
        }
        match &round.cards {
            Some(cards) => {
                let dealt: Vec<Card> = cards.value.iter().map(|card| card.value).collect();
                if let Err(e) = session.play(&dealt, &bets) {
                    // A card beyond the shoe is blamed where its copy too many is written.
                    let at = match &e {
                        PlayError::TooManyCopies { card, n_decks, .. } => cards
                            .value
                            .iter()
                            .filter(|c| c.value == *card)
                            .nth(usize::try_from(*n_decks).unwrap_or(usize::MAX))
                            .map_or(cards.at, |c| c.at),
                        _ => cards.at,
                    };
                    return Err(fail(at, format!("round {number} `cards`: {e}")));
                }
            }
            None => {
                session.play_shuffled(&mut rng, &bets);
            }
        }
    }
    Ok(session)
}

const SCRIPT_SHAPE: &str = "a JSON object {…} holding `participants` and `rounds`";
const SCRIPT_FIELDS: &str = "participants, dealer, seed, decks, deals, stake or rounds";
const PARTICIPANTS_SHAPE: &str = "an array of 2 to 8 names, such as [\"Alice\", \"Bruno\"]";
const NAME_SHAPE: &str = "a name in double quotes";
const DEALER_SHAPE: &str = "an object such as {\"name\": \"Dana\", \"predicts\": true}";
const ROUNDS_SHAPE: &str = "an array of rounds, one object per deal played (it may be empty)";
const ROUND_SHAPE: &str = "an object holding `predictions` and perhaps `cards`";
const PREDICTIONS_SHAPE: &str =
    "an object of name and prediction, such as {\"Alice\": \"P\", \"Bruno\": \"B\"}";
const CARDS_SHAPE: &str =
    "an array of the cards in the order dealt, such as [\"4♥\", \"2♠\", \"9♣\", \"A♦\", \"8♦\"]";
const CARD_SHAPE: &str = "a card in double quotes, such as \"4♥\" or \"4H\"";

/// A value of a script and the byte offset where it starts, made a line and column only
/// for an error.
#[derive(Debug)]
struct Located<T> {
    value: T,
    at: usize,
}

/// A script as written, every value located, before the checks that need several fields.
#[derive(Debug, Default)]
struct ScriptText {
    at: usize,
    participants: Option<Located<Vec<Located<String>>>>,
    dealer: Option<DealerText>,
    seed: Option<u64>,
    decks: Option<u64>,
    deals: Option<u32>,
    stake: Option<i64>,
    rounds: Option<Located<Vec<RoundText>>>,
}

#[derive(Debug, Default)]
struct DealerText {
    at: usize,
    name: Option<Located<String>>,
    predicts: Option<Located<bool>>,
}

/// One entry of a round's `predictions`: the name as written, and the prediction read.
type Prediction = (Located<String>, MainBet);

#[derive(Debug, Default)]
struct RoundText {
    at: usize,
    predictions: Option<Located<Vec<Prediction>>>,
    /// Each card located at the entry that holds it.
    cards: Option<Located<Vec<Located<Card>>>>,
}

/// Reads the script's one object; the checks that need no other field happen here, in the
/// order of the text.
fn read_script(reader: &mut Reader) -> Result<ScriptText, ScriptError> {
    reader.skip_whitespace();
    if reader.peek().is_none() {
        return Err(reader.fail(
            reader.pos,
            format!("the script is empty: expected {SCRIPT_SHAPE}"),
        ));
    }
    let mut script = ScriptText::default();
    script.at = reader.object(&|| "the script".into(), SCRIPT_SHAPE, |reader, key| {
        match key.value.as_str() {
            "participants" => {
                let mut names = Vec::new();
                let at = reader.array(
                    &|| "`participants`".into(),
                    PARTICIPANTS_SHAPE,
                    |reader, n| {
                        names.push(
                            reader.string(&|| format!("`participants` entry {n}"), NAME_SHAPE)?,
                        );
                        Ok(())
                    },
                )?;
                script.participants = Some(Located { value: names, at });
            }
            "dealer" if reader.null() => script.dealer = None,
            "dealer" => script.dealer = Some(read_dealer(reader)?),
            "seed" if reader.null() => script.seed = None,
            "seed" => script.seed = Some(reader.whole("`seed`", 0, u64::MAX)?),
            "decks" if reader.null() => script.decks = None,
            "decks" => script.decks = Some(reader.whole("`decks`", 1, MAX_DECKS)?),
            "deals" if reader.null() => script.deals = None,
            "deals" => {
                let deals = reader.whole("`deals`", 1, u64::from(MAX_DEALS))?;
                script.deals = u32::try_from(deals).ok();
            }
            "stake" if reader.null() => script.stake = None,
            "stake" => {
                let stake = reader.whole("`stake`", 1, MAX_STAKE.unsigned_abs())?;
                script.stake = i64::try_from(stake).ok();
            }
            "rounds" => {
                let mut rounds = Vec::new();
                let at = reader.array(&|| "`rounds`".into(), ROUNDS_SHAPE, |reader, n| {
                    rounds.push(read_round(reader, n)?);
                    Ok(())
                })?;
                script.rounds = Some(Located { value: rounds, at });
            }
            other => {
                return Err(reader.fail(
                    key.at,
                    format!(
                        "the script has an unknown field {}: expected {SCRIPT_FIELDS}",
                        quoted(other)
                    ),
                ));
            }
        }
        Ok(())
    })?;
    reader.skip_whitespace();
    if reader.peek().is_some() {
        return Err(reader.syntax("the script goes on after its closing `}`"));
    }
    Ok(script)
}

fn read_dealer(reader: &mut Reader) -> Result<DealerText, ScriptError> {
    let mut dealer = DealerText::default();
    dealer.at = reader.object(&|| "`dealer`".into(), DEALER_SHAPE, |reader, key| {
        match key.value.as_str() {
            "name" => dealer.name = Some(reader.string(&|| "`dealer.name`".into(), NAME_SHAPE)?),
            "predicts" => dealer.predicts = Some(reader.boolean("`dealer.predicts`")?),
            other => {
                return Err(reader.fail(
                    key.at,
                    format!(
                        "`dealer` has an unknown field {}: expected name or predicts",
                        quoted(other)
                    ),
                ));
            }
        }
        Ok(())
    })?;
    Ok(dealer)
}

fn read_round(reader: &mut Reader, number: usize) -> Result<RoundText, ScriptError> {
    let mut round = RoundText::default();
    let field = || format!("round {number}");
    round.at = reader.object(&field, ROUND_SHAPE, |reader, key| {
        match key.value.as_str() {
            "predictions" => {
                let mut entries = Vec::new();
                let at = reader.object(
                    &|| format!("round {number} `predictions`"),
                    PREDICTIONS_SHAPE,
                    |reader, name| {
                        let field =
                            || format!("round {number} `predictions.{}`", shortened(&name.value));
                        let word = reader.string(&field, PREDICTIONS_ACCEPTED)?;
                        let bet = parse_prediction(&word.value).ok_or_else(|| {
                            reader.fail(
                                word.at,
                                format!(
                                    "{} is {}: expected {}",
                                    field(),
                                    quoted(&word.value),
                                    PREDICTIONS_ACCEPTED
                                ),
                            )
                        })?;
                        entries.push((name, bet));
                        Ok(())
                    },
                )?;
                round.predictions = Some(Located { value: entries, at });
            }
            "cards" if reader.null() => round.cards = None,
            "cards" => {
                let mut cards = Vec::new();
                let at = reader.array(
                    &|| format!("round {number} `cards`"),
                    CARDS_SHAPE,
                    |reader, n| {
                        let field = || format!("round {number} `cards` entry {n}");
                        let entry = reader.string(&field, CARD_SHAPE)?;
                        let parsed = crate::card::parse_cards(&entry.value).map_err(|e| {
                            let message = match e.token() {
                                _ if e == crate::card::CardsError::NoCards => format!(
                                    "{} is {}: expected {CARD_SHAPE}",
                                    field(),
                                    quoted(&entry.value)
                                ),
                                Some(token) => format!(
                                    "{}: `{}` is not a card: expected {}",
                                    field(),
                                    shortened(token),
                                    crate::card::ACCEPTED_CARD_FORMS
                                ),
                                None => format!("{}: {e}", field()),
                            };
                            reader.fail(entry.at, message)
                        })?;
                        if parsed.is_empty() {
                            return Err(reader.fail(
                                entry.at,
                                format!(
                                    "{} is {}: expected {CARD_SHAPE}",
                                    field(),
                                    quoted(&entry.value)
                                ),
                            ));
                        }
                        cards.extend(parsed.into_iter().map(|value| Located {
                            value,
                            at: entry.at,
                        }));
                        Ok(())
                    },
                )?;
                round.cards = Some(Located { value: cards, at });
            }
            other => {
                return Err(reader.fail(
                    key.at,
                    format!(
                        "{} has an unknown field {}: expected predictions or cards",
                        field(),
                        quoted(other)
                    ),
                ));
            }
        }
        Ok(())
    })?;
    Ok(round)
}

/// Names joined for a sentence: "Alice, Bruno and Dana".
fn list(names: &[&str], conjunction: &str) -> String {
    match names {
        [] => String::new(),
        [one] => shortened(one),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(|name| shortened(name)).collect();
            format!("{} {conjunction} {}", rest.join(", "), shortened(last))
        }
    }
}

/// At most this many characters of a value are repeated in an error.
const SHOWN_CHARS: usize = 40;

/// A value cut to [`SHOWN_CHARS`] characters for an error message.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A string value as JSON writes it, shortened for an error message.
fn quoted(text: &str) -> String {
    serde_json::Value::String(shortened(text)).to_string()
}

/// A reader of the JSON text of a script that knows where each value starts.
///
/// serde_json cannot say where a value was once it has been read, and the checks that
/// involve several fields (a prediction for a name, a card against the decks) need to point
/// at the value at fault. So the script is read here, by its shape: a value of the wrong type
/// is refused where it starts, without reading into it, so that nesting never goes deeper
/// than the script's own shape, and memory stays within the size of the text.
struct Reader<'a> {
    text: &'a str,
    /// The byte offset of the next character, always on a character boundary: the reader
    /// only ever steps over ASCII bytes or whole runs of text.
    pos: usize,
}

impl<'a> Reader<'a> {
    fn fail(&self, offset: usize, message: String) -> ScriptError {
        ScriptError::at(self.text, offset, message)
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    /// What comes next, for a syntax error: a word, a character, or the end.
    fn next_thing(&self) -> String {
        let rest = self.rest();
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '.' | '+' | '-' | '_'))
            .take(SHOWN_CHARS)
            .collect();
        if !word.is_empty() {
            return format!("`{word}`");
        }
        match rest.chars().next() {
            None => "the end of the script".into(),
            Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
            Some(c) => format!("`{c}`"),
        }
    }

    /// A syntax error here: what was expected, and what was found.
    fn syntax(&self, expected: &str) -> ScriptError {
        self.fail(self.pos, format!("{expected}, found {}", self.next_thing()))
    }

    /// `true`, `false` or `null` here, whole (not the start of a longer word).
    fn literal(&self) -> Option<&'static str> {
        let rest = self.rest();
        ["true", "false", "null"].into_iter().find(|word| {
            rest.starts_with(word)
                && !rest[word.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        })
    }

    /// Reads a `null`, which stands for a field left out.
    fn null(&mut self) -> bool {
        self.skip_whitespace();
        let found = self.literal() == Some("null");
        if found {
            self.pos += 4;
        }
        found
    }

    /// The value that starts here, as an error shows it: a string or a number as written,
    /// `true`, `false`, `null`, "an array" or "an object". A value that is not even JSON is
    /// the syntax error it is.
    fn found(&mut self) -> Result<String, ScriptError> {
        match self.peek() {
            Some(b'"') => Ok(quoted(&self.json_string()?)),
            Some(b'-' | b'0'..=b'9') => Ok(shortened(self.number()?)),
            Some(b'[') => Ok("an array".into()),
            Some(b'{') => Ok("an object".into()),
            _ => match self.literal() {
                Some(word) => Ok(word.into()),
                None => Err(self.syntax("expected a value")),
            },
        }
    }

    /// The error for a value of the wrong type here.
    fn wrong_type(&mut self, field: &dyn Fn() -> String, expected: &str) -> ScriptError {
        let at = self.pos;
        match self.found() {
            Ok(found) => self.fail(at, format!("{} is {found}: expected {expected}", field())),
            Err(syntax) => syntax,
        }
    }

    /// Reads an object, handing each key (refused when repeated) to `each`, which reads its
    /// value. Returns where the object starts.
    fn object(
        &mut self,
        field: &dyn Fn() -> String,
        expected: &str,
        mut each: impl FnMut(&mut Self, Located<String>) -> Result<(), ScriptError>,
    ) -> Result<usize, ScriptError> {
        self.skip_whitespace();
        let at = self.pos;
        if self.peek() != Some(b'{') {
            return Err(self.wrong_type(field, expected));
        }
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(at);
        }
        let mut seen = std::collections::HashSet::new();
        loop {
            self.skip_whitespace();
            let key_at = self.pos;
            if self.peek() != Some(b'"') {
                return Err(self.syntax("expected a field name in double quotes"));
            }
            let key = self.json_string()?;
            if !seen.insert(key.clone()) {
                return Err(self.fail(
                    key_at,
                    format!(
                        "{} has {} twice: expected each key once",
                        field(),
                        quoted(&key)
                    ),
                ));
            }
            self.skip_whitespace();
            if self.peek() != Some(b':') {
                return Err(self.syntax("expected `:` after a field name"));
            }
            self.pos += 1;
            self.skip_whitespace();
            each(
                self,
                Located {
                    value: key,
                    at: key_at,
                },
            )?;
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(at);
                }
                _ => return Err(self.syntax("expected `,` or `}` after a value")),
            }
        }
    }

    /// Reads an array, handing the number of each entry (from 1) to `each`, which reads it.
    /// Returns where the array starts.
    fn array(
        &mut self,
        field: &dyn Fn() -> String,
        expected: &str,
        mut each: impl FnMut(&mut Self, usize) -> Result<(), ScriptError>,
    ) -> Result<usize, ScriptError> {
        self.skip_whitespace();
        let at = self.pos;
        if self.peek() != Some(b'[') {
            return Err(self.wrong_type(field, expected));
        }
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(at);
        }
        let mut number = 0;
        loop {
            number += 1;
            self.skip_whitespace();
            each(self, number)?;
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(at);
                }
                _ => return Err(self.syntax("expected `,` or `]` after an entry")),
            }
        }
    }

    /// Reads a string value.
    fn string(
        &mut self,
        field: &dyn Fn() -> String,
        expected: &str,
    ) -> Result<Located<String>, ScriptError> {
        self.skip_whitespace();
        let at = self.pos;
        if self.peek() != Some(b'"') {
            return Err(self.wrong_type(field, expected));
        }
        Ok(Located {
            value: self.json_string()?,
            at,
        })
    }

    /// Reads `true` or `false`.
    fn boolean(&mut self, field: &str) -> Result<Located<bool>, ScriptError> {
        self.skip_whitespace();
        let at = self.pos;
        let value = match self.literal() {
            Some("true") => true,
            Some("false") => false,
            _ => return Err(self.wrong_type(&|| field.to_string(), "true or false")),
        };
        self.pos += if value { 4 } else { 5 };
        Ok(Located { value, at })
    }

    /// Reads a whole number from `min` to `max`; anything else (a string, a negative, a
    /// fraction, an exponent, a number too large for any integer type) is refused with the
    /// value as written.
    fn whole(&mut self, field: &str, min: u64, max: u64) -> Result<u64, ScriptError> {
        self.skip_whitespace();
        let at = self.pos;
        let expected = format!("a whole number from {min} to {max}");
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            return Err(self.wrong_type(&|| field.to_string(), &expected));
        }
        let written = self.number()?;
        // Digits only: "-0" is 0, every other negative is out of range, and a digit string
        // too long for u64 is too.
        let value = match written.strip_prefix('-') {
            Some(digits) => digits.parse::<u64>().ok().filter(|&v| v == 0),
            None => written.parse::<u64>().ok(),
        };
        match value.filter(|v| (min..=max).contains(v)) {
            Some(value) => Ok(value),
            None => {
                let hint = if written.contains(['.', 'e', 'E']) {
                    ", written without a decimal point or exponent"
                } else {
                    ""
                };
                Err(self.fail(
                    at,
                    format!(
                        "{field} is {}: expected {expected}{hint}",
                        shortened(written)
                    ),
                ))
            }
        }
    }

    /// Reads a number as JSON writes it and returns its text: `-`, then `0` or digits from 1,
    /// then perhaps a fraction and an exponent.
    fn number(&mut self) -> Result<&'a str, ScriptError> {
        let start = self.pos;
        let digits = |reader: &mut Self| {
            let from = reader.pos;
            while let Some(b'0'..=b'9') = reader.peek() {
                reader.pos += 1;
            }
            reader.pos > from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let mut valid = match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                true
            }
            _ => digits(self),
        };
        if valid && self.peek() == Some(b'.') {
            self.pos += 1;
            valid = digits(self);
        }
        if valid && matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            valid = digits(self);
        }
        // "01", "1x" or "1.2.3" are not numbers followed by something else: they are not
        // numbers.
        let glued = self
            .rest()
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | '+' | '-' | '_'));
        if !valid || glued {
            self.pos = start;
            return Err(self.fail(
                start,
                format!(
                    "{} is not a JSON number: expected digits, perhaps with a `-`, a fraction and an exponent",
                    self.next_thing()
                ),
            ));
        }
        Ok(&self.text[start..self.pos])
    }

    /// Reads a string at its opening quote and returns its value, escapes decoded.
    fn json_string(&mut self) -> Result<String, ScriptError> {
        let start = self.pos;
        self.pos += 1;
        let mut value = String::new();
        loop {
            let run = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            // The run ends before an ASCII byte or at the end, so on a character boundary.
            value.push_str(&self.text[run..self.pos]);
            match self.peek() {
                None => {
                    return Err(self.fail(
                        start,
                        "the string that starts here has no closing quote".into(),
                    ));
                }
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(value);
                }
                Some(b'\\') => value.push(self.escape()?),
                Some(control) => {
                    return Err(self.fail(
                        self.pos,
                        format!(
                            "a string holds the control character U+{control:04X}: expected it written as an escape such as \\n or \\u{control:04X}"
                        ),
                    ));
                }
            }
        }
    }

    /// Reads an escape at its backslash: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, or
    /// `\u` and four hexadecimal digits, a surrogate pair for a character beyond U+FFFF.
    fn escape(&mut self) -> Result<char, ScriptError> {
        let at = self.pos;
        self.pos += 1;
        let simple = match self.peek() {
            Some(b'"') => Some('"'),
            Some(b'\\') => Some('\\'),
            Some(b'/') => Some('/'),
            Some(b'b') => Some('\u{8}'),
            Some(b'f') => Some('\u{c}'),
            Some(b'n') => Some('\n'),
            Some(b'r') => Some('\r'),
            Some(b't') => Some('\t'),
            Some(b'u') => None,
            _ => {
                let found: String = self.rest().chars().take(1).collect();
                return Err(self.fail(
                    at,
                    format!(
                        "`\\{found}` is not a JSON escape: expected \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hexadecimal digits"
                    ),
                ));
            }
        };
        self.pos += 1;
        if let Some(c) = simple {
            return Ok(c);
        }
        let first = self.hex4(at)?;
        let code = if (0xD800..0xDC00).contains(&first) {
            // A high surrogate is only half a character: its low half must follow.
            if self.rest().starts_with("\\u") {
                self.pos += 2;
                let second = self.hex4(at)?;
                (0xDC00..0xE000)
                    .contains(&second)
                    .then(|| 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            } else {
                None
            }
        } else {
            Some(first)
        };
        code.and_then(char::from_u32).ok_or_else(|| {
            self.fail(
                at,
                format!(
                    "`\\u{first:04X}` is half of a surrogate pair: expected a character, or a high surrogate \\uD800 to \\uDBFF followed by a low one \\uDC00 to \\uDFFF"
                ),
            )
        })
    }

    /// Four hexadecimal digits of a `\u` escape that starts at `at`.
    fn hex4(&mut self, at: usize) -> Result<u32, ScriptError> {
        let digits = self
            .rest()
            .get(..4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(code) => {
                self.pos += 4;
                Ok(code)
            }
            None => Err(self.fail(
                at,
                format!(
                    "`\\u{}` is not a JSON escape: expected \\u and four hexadecimal digits",
                    self.rest().chars().take(4).collect::<String>()
                ),
            )),
        }
    }
}
