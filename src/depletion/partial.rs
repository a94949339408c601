//! Partial summaries of a sharded shoe simulation: what a run of some of the shards writes
//! (`shoe-sim --shard K/N --partial`), read back and merged into the whole run's figures.
//!
//! A partial carries everything a merge needs, exactly: the setup (shoes, seed, decks, cut),
//! the rule set's name and the SHA-256 of its content, the version that dealt it, the shards
//! it holds, and its exact totals: whole numbers as decimal strings, sums and bests as
//! reduced fractions `"n/d"`. Merging adds them exactly, so the merge of every shard is the
//! unsharded run to the last bit. Everything read is checked: the schema, each number, and
//! that the counts add up (the shoes of the shards, the coups those shoes can hold, each
//! bet's favourable coups, sum and best); partials that are not of one run, or that hold a
//! shard twice, or miss one, are refused by name.
//!
//! ```
//! use punto_banco::depletion::partial::{Partial, merge_whole, rules_content};
//! use punto_banco::depletion::{Shards, SimulationSetup, try_simulate, try_simulate_shards};
//! use punto_banco::rules::Rules;
//! let rules = Rules::reference();
//! use punto_banco::rules::dealing::Procedure;
//! let setup = SimulationSetup { shoes: 3, seed: 7, n_decks: 1, cut: 14, burn: Procedure::REFERENCE.burn, coups_after_cut: 1, rules: "reference".into() };
//! let digest = "0".repeat(64); // the SHA-256 of `rules_content(&rules)`, in practice
//! let parts = (1..=2)
//!     .map(|k| {
//!         let shards = Shards::one(k, 2).unwrap();
//!         let sim = try_simulate_shards(&setup, &rules, shards, &|_| {}).unwrap();
//!         let text = Partial::new(setup.clone(), &digest, shards, sim).to_json().unwrap();
//!         (format!("part-{k}.json"), Partial::from_json(&text).unwrap())
//!     })
//!     .collect();
//! let (merged_setup, merged) = merge_whole(parts).unwrap();
//! assert_eq!(merged_setup, setup);
//! assert_eq!(merged, try_simulate(&setup, &rules, &|_| {}).unwrap());
//! # let _ = rules_content(&rules);
//! ```

use super::{
    BetRecord, Profile, Shards, Simulation, SimulationSetup, check_procedure, coups_per_shoe,
};
use crate::dealer::Dealer;
use crate::outcome::FinalState;
use crate::play::Plan;
use crate::rules::dealing::{Burn, Procedure};
use crate::rules::{Action, PuntoMove, Rules};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

/// The schema version of a partial.
pub const SCHEMA: u64 = 1;

/// What a partial's `kind` says, so that another JSON document is not taken for one.
pub const KIND: &str = "punto-banco shoe-sim partial";

/// The most digits an exact value of a partial holds, numerator and denominator each. An
/// eight-deck run's sums have about 200; the bound keeps reading a hostile file quick.
pub const MAX_DIGITS: usize = 200_000;

/// A run of some shards of a shoe simulation, with what a merge needs to check and add it.
#[derive(Debug, Clone, PartialEq)]
pub struct Partial {
    setup: SimulationSetup,
    rules_sha256: String,
    version: String,
    shards: Shards,
    simulation: Simulation,
}

/// A partial that cannot be read or written: what is wrong, and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartialError {
    /// Not JSON, or not the partial's shape.
    #[error(
        "line {line}, column {column}: {reason} (expected a shoe-sim partial, schema {SCHEMA}, as `shoe-sim --partial` writes it)"
    )]
    Json {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What the JSON reader found.
        reason: String,
    },
    /// A schema this version does not read.
    #[error("schema is {0}: expected {SCHEMA}")]
    Schema(u64),
    /// Another kind of document.
    #[error("kind is `{0}`: expected `{KIND}`")]
    Kind(String),
    /// A field that is not a whole number in a string.
    #[error("{field} is `{text}`: expected a whole number from 0 to {max} as a decimal string", max = u64::MAX)]
    Number {
        /// The field.
        field: String,
        /// What it held.
        text: String,
    },
    /// A field that is not a reduced fraction of whole numbers.
    #[error(
        "{field} is `{text}`: expected a reduced fraction n/d of whole numbers (d at least 1), at most {MAX_DIGITS} digits each"
    )]
    Fraction {
        /// The field.
        field: String,
        /// What it held, cut to its first characters.
        text: String,
    },
    /// An exact value too long to carry.
    #[error("{field} has {digits} digits, more than the {MAX_DIGITS} a partial carries")]
    TooLong {
        /// The field.
        field: String,
        /// Its digits.
        digits: usize,
    },
    /// A rule-set digest that is not a SHA-256.
    #[error("rules.sha256 is `{0}`: expected 64 lowercase hexadecimal digits")]
    Digest(String),
    /// A setup no run can have.
    #[error("{0}")]
    Setup(String),
    /// Shards that are not shards of their count.
    #[error("shards: {0}")]
    Shards(#[from] super::ShardError),
    /// Counts that do not add up.
    #[error("the counts do not add up: {0}")]
    Counts(String),
}

/// Partials that do not merge into one run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no partials to merge: give one file or more")]
    Nothing,
    /// Two partials of different runs.
    #[error("{other} is not a shard of the run of {first}: its {what} is {theirs}, not {ours}")]
    Incompatible {
        /// The first partial's name.
        first: String,
        /// The other partial's name.
        other: String,
        /// What differs.
        what: String,
        /// The first partial's value.
        ours: String,
        /// The other partial's value.
        theirs: String,
    },
    /// One shard in two partials.
    #[error(
        "{shards} of {count} held twice, by {first} and {second}: each shard must be merged once"
    )]
    Duplicate {
        /// The shards held twice, as `shard 3` or `shards 3-5`.
        shards: String,
        /// How many shards the run has.
        count: u64,
        /// One partial holding them.
        first: String,
        /// The other.
        second: String,
    },
    /// Shards no partial holds.
    #[error("missing {missing} of {count}: the merge needs every shard of the run once")]
    Missing {
        /// The shards missing, as `shard 2` or `shards 2, 5-7`.
        missing: String,
        /// How many shards the run has.
        count: u64,
    },
    /// A count passes `u64::MAX`.
    #[error(transparent)]
    Overflow(#[from] super::SimulationError),
}

// The partial as written is the typed document `document::shoe_sim::PartialDocument`.
use crate::document::shoe_sim::{
    PartialBet as WireBet, PartialDocument as Wire, PartialRules as WireRules,
    PartialShards as WireShards,
};

/// Fields joined by spaces, or the first error.
fn joined(
    fields: impl Iterator<Item = Result<String, PartialError>>,
) -> Result<String, PartialError> {
    Ok(fields.collect::<Result<Vec<_>, _>>()?.join(" "))
}

/// The fields of a text separated by single spaces: exactly `bands` of them.
fn split_bands<'t>(field: &str, text: &'t str, bands: usize) -> Result<Vec<&'t str>, PartialError> {
    // At most one field more than expected is split off, so a hostile text costs little.
    let fields: Vec<&str> = text.splitn(bands + 1, ' ').collect();
    if fields.len() != bands {
        return Err(PartialError::Counts(format!(
            "{field} has {} fields separated by spaces: expected {bands}, one per band of cards left",
            if fields.len() > bands {
                format!("more than {bands}")
            } else {
                fields.len().to_string()
            }
        )));
    }
    Ok(fields)
}

/// A whole number from a decimal string.
fn number(field: &str, text: &str) -> Result<u64, PartialError> {
    let digits = !text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| PartialError::Number {
            field: field.into(),
            text: shortened(text),
        })
}

/// The first characters of a long text, for a message.
fn shortened(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A reduced fraction of whole numbers from `"n/d"`.
fn fraction(field: &str, text: &str) -> Result<BigRational, PartialError> {
    let bad = || PartialError::Fraction {
        field: field.into(),
        text: shortened(text),
    };
    let (n, d) = text.split_once('/').ok_or_else(bad)?;
    for part in [n, d] {
        if part.len() > MAX_DIGITS {
            return Err(PartialError::TooLong {
                field: field.into(),
                digits: part.len(),
            });
        }
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
    }
    let (n, d): (BigInt, BigInt) = (n.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?);
    if d.is_zero() {
        return Err(bad());
    }
    let value = BigRational::new(n.clone(), d.clone());
    // Only the reduced form: one value, one text.
    if *value.numer() != n || *value.denom() != d {
        return Err(bad());
    }
    Ok(value)
}

/// An exact value as a partial writes it, `"n/d"` reduced; an error beyond [`MAX_DIGITS`].
fn write_fraction(field: &str, value: &BigRational) -> Result<String, PartialError> {
    let text = format!("{}/{}", value.numer(), value.denom());
    let digits = text.len().saturating_sub(1);
    if value.numer().to_string().len() > MAX_DIGITS || value.denom().to_string().len() > MAX_DIGITS
    {
        return Err(PartialError::TooLong {
            field: field.into(),
            digits,
        });
    }
    Ok(text)
}

impl Partial {
    /// The partial of the run of `shards` of `setup`, whose totals are `simulation`, under a
    /// rule set whose content ([`rules_content`]) has the SHA-256 `rules_sha256` (hex).
    pub fn new(
        setup: SimulationSetup,
        rules_sha256: &str,
        shards: Shards,
        simulation: Simulation,
    ) -> Partial {
        Partial {
            setup,
            rules_sha256: rules_sha256.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            shards,
            simulation,
        }
    }

    /// The setup of the whole run.
    pub fn setup(&self) -> &SimulationSetup {
        &self.setup
    }

    /// The shards this partial holds.
    pub fn shards(&self) -> Shards {
        self.shards
    }

    /// The exact totals of its shoes.
    pub fn simulation(&self) -> &Simulation {
        &self.simulation
    }

    /// The SHA-256 of the rule set's content, in lowercase hexadecimal.
    pub fn rules_sha256(&self) -> &str {
        &self.rules_sha256
    }

    /// The version of punto-banco that dealt it.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The partial as a JSON document (with its final newline); an error when an exact
    /// value passes [`MAX_DIGITS`].
    pub fn to_json(&self) -> Result<String, PartialError> {
        let sim = &self.simulation;
        let bets = sim
            .bet_records()
            .enumerate()
            .map(|(index, (key, record))| {
                Ok(WireBet {
                    key: key.to_string(),
                    favourable_coups: record.favourable().to_string(),
                    advantage_sum: write_fraction(
                        &format!("bets.{key}.advantage_sum"),
                        record.advantage(),
                    )?,
                    best_advantage: record
                        .best()
                        .map(|best| write_fraction(&format!("bets.{key}.best_advantage"), best))
                        .transpose()?,
                    favourable_by_band: joined(
                        sim.profile()
                            .bands()
                            .iter()
                            .map(|band| Ok(band.bet(index).0.to_string())),
                    )?,
                    advantage_by_band: joined(sim.profile().bands().iter().map(|band| {
                        write_fraction(&format!("bets.{key}.advantage_by_band"), band.bet(index).1)
                    }))?,
                })
            })
            .collect::<Result<_, PartialError>>()?;
        let wire = Wire {
            schema: SCHEMA,
            kind: KIND.into(),
            version: self.version.clone(),
            rules: WireRules {
                name: self.setup.rules.clone(),
                sha256: self.rules_sha256.clone(),
            },
            shoes: self.setup.shoes.to_string(),
            seed: self.setup.seed.to_string(),
            decks: self.setup.n_decks,
            cut: self.setup.cut as u64,
            burn: match self.setup.burn {
                Burn::None => "none".into(),
                Burn::FirstCard { .. } => "first-card".into(),
            },
            ace_burns: match self.setup.burn {
                Burn::None => None,
                Burn::FirstCard { ace } => Some(ace),
            },
            coups_after_cut: self.setup.coups_after_cut,
            shards: WireShards {
                count: self.shards.count().to_string(),
                first: self.shards.first().to_string(),
                last: self.shards.last().to_string(),
            },
            shoes_dealt: sim.shoes().to_string(),
            coups: sim.coups().to_string(),
            bets,
            band_width: sim.profile().width(),
            coups_by_band: joined(
                sim.profile()
                    .bands()
                    .iter()
                    .map(|band| Ok(band.coups().to_string())),
            )?,
        };
        let mut text = serde_json::to_string_pretty(&wire).expect("a partial serialises");
        text.push('\n');
        Ok(text)
    }

    /// Reads a partial that [`to_json`](Self::to_json) wrote, checking every field and that
    /// its counts add up.
    pub fn from_json(text: &str) -> Result<Partial, PartialError> {
        let wire: Wire = serde_json::from_str(text).map_err(|e| PartialError::Json {
            line: e.line(),
            column: e.column(),
            reason: crate::input::json::message(&e),
        })?;
        if wire.schema != SCHEMA {
            return Err(PartialError::Schema(wire.schema));
        }
        if wire.kind != KIND {
            return Err(PartialError::Kind(shortened(&wire.kind)));
        }
        let digest = &wire.rules.sha256;
        if digest.len() != 64
            || !digest
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            return Err(PartialError::Digest(shortened(digest)));
        }
        let shoes = number("shoes", &wire.shoes)?;
        let seed = number("seed", &wire.seed)?;
        if shoes == 0 {
            return Err(PartialError::Setup(
                "shoes is 0: a run deals at least one shoe".into(),
            ));
        }
        if !(1..=Dealer::MAX_DECKS).contains(&wire.decks) {
            return Err(PartialError::Setup(format!(
                "decks is {}: expected 1 to {}",
                wire.decks,
                Dealer::MAX_DECKS
            )));
        }
        let burn = match (wire.burn.as_str(), wire.ace_burns) {
            ("none", None) => Burn::None,
            ("first-card", Some(ace)) => Burn::FirstCard { ace },
            _ => {
                return Err(PartialError::Setup(format!(
                    "burn is `{}`{}: expected \"none\", or \"first-card\" with ace_burns",
                    shortened(&wire.burn),
                    wire.ace_burns
                        .map_or(String::new(), |ace| format!(" with ace_burns {ace}"))
                )));
            }
        };
        let procedure = Procedure {
            burn,
            cut: wire.cut,
            coups_after_cut: wire.coups_after_cut,
        };
        check_procedure(&procedure, wire.decks).map_err(|e| PartialError::Setup(e.to_string()))?;
        let shards = Shards::range(
            number("shards.first", &wire.shards.first)?,
            number("shards.last", &wire.shards.last)?,
            number("shards.count", &wire.shards.count)?,
        )?;
        let dealt = number("shoes_dealt", &wire.shoes_dealt)?;
        let held = shards.shoes(shoes);
        if dealt != held.end - held.start {
            return Err(PartialError::Counts(format!(
                "shoes_dealt is {dealt}, but shards {shards} of a run of {shoes} shoes hold {}",
                held.end - held.start
            )));
        }
        let coups = number("coups", &wire.coups)?;
        let per_shoe = coups_per_shoe(wire.decks, &procedure);
        let (low, high) = (
            u128::from(dealt) * u128::from(*per_shoe.start()),
            u128::from(dealt) * u128::from(*per_shoe.end()),
        );
        if !(low..=high).contains(&u128::from(coups)) {
            return Err(PartialError::Counts(format!(
                "coups is {coups}, but {dealt} shoes of {} decks dealt to {} cards hold {low} to {high}",
                wire.decks, wire.cut
            )));
        }
        if wire.bets.is_empty() {
            return Err(PartialError::Counts(
                "bets is empty: a rule set has bets".into(),
            ));
        }
        let empty = Profile::empty(wire.decks, wire.bets.len());
        if wire.band_width != empty.width() {
            return Err(PartialError::Counts(format!(
                "band_width is {}: expected {} for a shoe of {} cards (a fifty-second of the shoe, rounded up)",
                wire.band_width,
                empty.width(),
                52 * wire.decks
            )));
        }
        let bands = empty.bands().len();
        let mut counts: Vec<(u64, Vec<(u64, BigRational)>)> =
            split_bands("coups_by_band", &wire.coups_by_band, bands)?
                .into_iter()
                .map(|text| Ok((number("coups_by_band", text)?, Vec::new())))
                .collect::<Result<_, PartialError>>()?;
        let mut keys = Vec::with_capacity(wire.bets.len());
        let mut seen = std::collections::HashSet::with_capacity(wire.bets.len());
        let mut records = Vec::with_capacity(wire.bets.len());
        for bet in &wire.bets {
            let key = &bet.key;
            // A key is shown cut short: a hostile one can be of any length.
            let shown = shortened(key);
            if key.is_empty() || !seen.insert(key.as_str()) {
                return Err(PartialError::Counts(format!(
                    "bet `{shown}` is listed twice or has no key"
                )));
            }
            let favourable = number(
                &format!("bets.{shown}.favourable_coups"),
                &bet.favourable_coups,
            )?;
            let advantage = fraction(&format!("bets.{shown}.advantage_sum"), &bet.advantage_sum)?;
            let best = bet
                .best_advantage
                .as_deref()
                .map(|text| fraction(&format!("bets.{shown}.best_advantage"), text))
                .transpose()?;
            let record = BetRecord::new(favourable, advantage, best, coups).ok_or_else(|| {
                PartialError::Counts(format!(
                    "bet `{shown}`: {favourable} favourable coups of {coups}, sum {}, best {}: expected favourable ≤ coups and 0 < best ≤ sum ≤ favourable × best (or 0, 0/1 and null)",
                    shortened(&bet.advantage_sum),
                    bet.best_advantage.as_deref().map_or("null".into(), shortened)
                ))
            })?;
            let favourable_field = format!("bets.{shown}.favourable_by_band");
            let advantage_field = format!("bets.{shown}.advantage_by_band");
            let by_band = split_bands(&favourable_field, &bet.favourable_by_band, bands)?
                .into_iter()
                .zip(split_bands(
                    &advantage_field,
                    &bet.advantage_by_band,
                    bands,
                )?);
            for ((favourable, advantage), band) in by_band.zip(&mut counts) {
                band.1.push((
                    number(&favourable_field, favourable)?,
                    fraction(&advantage_field, advantage)?,
                ));
            }
            keys.push(key.clone());
            records.push(record);
        }
        let profile = Profile::from_counts(wire.decks, records.len(), counts)
            .expect("one band per band of the shoe, one figure per bet");
        let simulation = Simulation::new(keys, dealt, coups, records, profile).ok_or_else(|| {
            PartialError::Counts(
                "the figures by band of cards left do not add up to the totals: each band's coups to coups, each bet's favourable coups and advantage sums to its own, and no band with more favourable coups than coups"
                    .into(),
            )
        })?;
        Ok(Partial {
            setup: SimulationSetup {
                shoes,
                seed,
                n_decks: wire.decks,
                cut: wire.cut as usize,
                burn,
                coups_after_cut: wire.coups_after_cut,
                rules: wire.rules.name,
            },
            rules_sha256: wire.rules.sha256,
            version: wire.version,
            shards,
            simulation,
        })
    }

    /// The whole run's setup and totals, when this partial holds every shard; else the
    /// shards missing.
    pub fn into_whole(self) -> Result<(SimulationSetup, Simulation), MergeError> {
        let (first, last, count) = (self.shards.first(), self.shards.last(), self.shards.count());
        let mut missing = Vec::new();
        if first > 1 {
            missing.push((1, first - 1));
        }
        if last < count {
            missing.push((last + 1, count));
        }
        if !missing.is_empty() {
            return Err(MergeError::Missing {
                missing: shard_list(&missing),
                count,
            });
        }
        Ok((self.setup, self.simulation))
    }
}

/// Shards as a message names them: `shard 3`, `shards 2, 5-7`: the first ten ranges and how
/// many more.
fn shard_list(ranges: &[(u64, u64)]) -> String {
    const SHOWN: usize = 10;
    let one = ranges.len() == 1 && ranges[0].0 == ranges[0].1;
    let mut parts: Vec<String> = ranges
        .iter()
        .take(SHOWN)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if ranges.len() > SHOWN {
        parts.push(format!("and {} more ranges", ranges.len() - SHOWN));
    }
    let noun = if one { "shard" } else { "shards" };
    format!("{noun} {}", parts.join(", "))
}

/// Merges partials of one run, each named (a file, say) for the messages: they must agree on
/// the setup, the rule set, the version and the bets, hold each shard at most once, and
/// together hold consecutive shards. The result is a partial of those shards, whose
/// [`Partial::into_whole`] is the whole run when they are all there.
pub fn merge(parts: Vec<(String, Partial)>) -> Result<Partial, MergeError> {
    merge_shards(parts, false)
}

/// Merges partials that together hold every shard of the run, as [`merge`] does, into the
/// whole run's setup and totals. A shard that none of them holds is named, whether it falls
/// between two partials or before or after them all.
pub fn merge_whole(
    parts: Vec<(String, Partial)>,
) -> Result<(SimulationSetup, Simulation), MergeError> {
    merge_shards(parts, true)?.into_whole()
}

/// [`merge`], naming every shard missing from the whole run when `whole`, else the shards
/// missing between the partials.
fn merge_shards(parts: Vec<(String, Partial)>, whole: bool) -> Result<Partial, MergeError> {
    let mut parts = parts;
    let Some((first_name, first)) = parts.first().cloned() else {
        return Err(MergeError::Nothing);
    };
    for (name, part) in &parts[1..] {
        // Compared whole, shown cut short: a hostile name can be of any length.
        let differs = |what: &str, ours: &str, theirs: &str| {
            (ours != theirs).then(|| MergeError::Incompatible {
                first: first_name.clone(),
                other: name.clone(),
                what: what.into(),
                ours: shortened(ours),
                theirs: shortened(theirs),
            })
        };
        let (a, b) = (&first.setup, &part.setup);
        let checks = [
            differs("seed", &a.seed.to_string(), &b.seed.to_string()),
            differs(
                "number of shoes",
                &a.shoes.to_string(),
                &b.shoes.to_string(),
            ),
            differs(
                "number of decks",
                &a.n_decks.to_string(),
                &b.n_decks.to_string(),
            ),
            differs("cut", &a.cut.to_string(), &b.cut.to_string()),
            differs("burn", &format!("{:?}", a.burn), &format!("{:?}", b.burn)),
            differs(
                "number of coups after the cut card",
                &a.coups_after_cut.to_string(),
                &b.coups_after_cut.to_string(),
            ),
            differs(
                "rule set",
                &format!("`{}`", a.rules),
                &format!("`{}`", b.rules),
            ),
            differs(
                "rule set's SHA-256",
                &first.rules_sha256,
                &part.rules_sha256,
            ),
            differs(
                "number of shards",
                &first.shards.count().to_string(),
                &part.shards.count().to_string(),
            ),
            differs("version of punto-banco", &first.version, &part.version),
            // The lists are compared, not their joined texts, which a comma in a key blurs.
            (first.simulation.bets() != part.simulation.bets()).then(|| MergeError::Incompatible {
                first: first_name.clone(),
                other: name.clone(),
                what: "list of bets".into(),
                ours: shortened(&first.simulation.bets().join(", ")),
                theirs: shortened(&part.simulation.bets().join(", ")),
            }),
        ];
        if let Some(error) = checks.into_iter().flatten().next() {
            return Err(error);
        }
    }
    parts.sort_by_key(|(_, part)| (part.shards.first(), part.shards.last()));
    let count = first.shards.count();
    let mut gaps = Vec::new();
    let (lowest, highest) = (
        parts.first().map_or(1, |(_, part)| part.shards.first()),
        parts
            .iter()
            .map(|(_, part)| part.shards.last())
            .max()
            .unwrap_or(count),
    );
    if whole && lowest > 1 {
        gaps.push((1, lowest - 1));
    }
    for pair in parts.windows(2) {
        let ((a_name, a), (b_name, b)) = (&pair[0], &pair[1]);
        let (a_last, b_first) = (a.shards.last(), b.shards.first());
        if b_first <= a_last {
            let end = a_last.min(b.shards.last());
            return Err(MergeError::Duplicate {
                shards: shard_list(&[(b_first, end)]),
                count,
                first: a_name.clone(),
                second: b_name.clone(),
            });
        }
        if b_first > a_last + 1 {
            gaps.push((a_last + 1, b_first - 1));
        }
    }
    if whole && highest < count {
        gaps.push((highest + 1, count));
    }
    if !gaps.is_empty() {
        return Err(MergeError::Missing {
            missing: shard_list(&gaps),
            count,
        });
    }
    let mut parts = parts.into_iter();
    let (_, mut merged) = parts.next().expect("one partial at least");
    for (_, part) in parts {
        merged.shards = Shards::range(merged.shards.first(), part.shards.last(), count)
            .expect("consecutive shards of one count");
        merged.simulation = merged.simulation.merged(&part.simulation)?;
    }
    Ok(merged)
}

/// The SHA-256 of a rule set's content ([`rules_content`]) in lowercase hexadecimal, as a
/// partial carries it: partials of different rules are never merged.
pub fn rules_sha256(rules: &Rules) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(rules_content(rules).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The content of a rule set as one canonical text, what a partial's `rules.sha256` is the
/// digest of: what the order of play does after each opening ([`Plan`]: a natural, or
/// Punto's action and Banco's against each Punto move), then each bet's key and its net on
/// every final state (or, for a pair bet, its hand and net). Two rule files that play and
/// settle every coup alike have the same content whatever their layout; any difference in a
/// rule that is consulted or in a payout changes it.
pub fn rules_content(rules: &Rules) -> String {
    let action = |a: Option<Action>| match a {
        Some(Action::Draw) => "draw",
        Some(Action::Stand) => "stand",
        None => "-",
    };
    let mut text = String::from("punto-banco rules content 1\n");
    let plan = Plan::new(&rules.drawing);
    for punto_total in 0..10 {
        for banco_total in 0..10 {
            let opening = plan.opening(punto_total, banco_total);
            if opening.is_natural() {
                text.push_str(&format!("opening {punto_total} {banco_total} natural\n"));
            } else {
                let banco: Vec<&str> = PuntoMove::ALL
                    .iter()
                    .map(|&m| action(opening.banco(m)))
                    .collect();
                text.push_str(&format!(
                    "opening {punto_total} {banco_total} punto {} banco {}\n",
                    action(opening.punto()),
                    banco.join(" ")
                ));
            }
        }
    }
    for (key, bet) in rules.tariff.all() {
        if bet.as_paytable().is_some() {
            let nets: Vec<String> = FinalState::all()
                .map(|state| {
                    bet.settle_state(state)
                        .expect("a paytable settles on the final state")
                        .to_string()
                })
                .collect();
            text.push_str(&format!("bet {key} on the coup {}\n", nets.join(" ")));
        } else if let Some((hand, net)) = bet.as_pair() {
            text.push_str(&format!("bet {key} on a {} pair {net}\n", hand.key()));
        } else {
            // The bet's whole structure, in a form that changes whenever it does: its lines'
            // debug form under the names the bet types had when shards were first written, so
            // that a card bet's content (and the shards of it already written) stays the same.
            let lines: Vec<String> = (bet.lines.iter())
                .map(|line| format!("CardLine {{ when: {:?}, net: {:?} }}", line.when, line.net))
                .collect();
            text.push_str(&format!(
                "bet {key} on the cards CardBet {{ lines: [{}] }}\n",
                lines.join(", ")
            ));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_read_reduced_and_bounded() {
        assert_eq!(
            fraction("f", "3/4").unwrap(),
            BigRational::new(3.into(), 4.into())
        );
        assert_eq!(fraction("f", "0/1").unwrap(), BigRational::zero());
        for bad in [
            "", "3", "3/", "/4", "6/8", "3/0", "-3/4", "3/-4", "+3/4", " 3/4", "3.0/4", "0/2",
        ] {
            assert!(
                matches!(fraction("f", bad), Err(PartialError::Fraction { .. })),
                "{bad}"
            );
        }
        let long = format!("{}/1", "9".repeat(MAX_DIGITS + 1));
        assert_eq!(
            fraction("f", &long),
            Err(PartialError::TooLong {
                field: "f".into(),
                digits: MAX_DIGITS + 1
            })
        );
    }

    #[test]
    fn shards_are_named_in_ranges() {
        assert_eq!(shard_list(&[(3, 3)]), "shard 3");
        assert_eq!(shard_list(&[(2, 2), (5, 7)]), "shards 2, 5-7");
        assert_eq!(shard_list(&[(4, 6)]), "shards 4-6");
        let many: Vec<(u64, u64)> = (0..12).map(|i| (2 * i + 1, 2 * i + 1)).collect();
        assert!(shard_list(&many).ends_with("19, and 2 more ranges"));
    }

    #[test]
    fn the_content_of_a_rule_set_tells_rule_sets_apart() {
        let reference = rules_content(&Rules::reference());
        assert_eq!(reference, rules_content(&Rules::reference()));
        let mut other = Rules::reference();
        other.tariff.tie.lines[0].net = num_rational::Ratio::from_integer(9);
        assert_ne!(reference, rules_content(&other));
        let mut drawing = Rules::reference();
        drawing.drawing = drawing
            .drawing
            .with_banco_cell(3, PuntoMove::Drew(8), Action::Draw);
        assert_ne!(reference, rules_content(&drawing));
        // A cell no coup consults (Banco's row 8 is a natural) is no part of the content.
        let mut unread = Rules::reference();
        unread.drawing = unread
            .drawing
            .with_banco_cell(8, PuntoMove::Stood, Action::Draw);
        assert_eq!(reference, rules_content(&unread));
    }

    /// A small real partial, as `shoe-sim --shard 1/2 --partial` writes it.
    fn example() -> String {
        let rules = Rules::reference();
        let setup = SimulationSetup {
            shoes: 4,
            seed: 7,
            n_decks: 1,
            cut: 12,
            burn: Burn::FirstCard { ace: 1 },
            coups_after_cut: 1,
            rules: "reference".into(),
        };
        let shards = Shards::one(1, 2).unwrap();
        let sim = super::super::try_simulate_shards(&setup, &rules, shards, &|_| {}).unwrap();
        Partial::new(setup, &"a".repeat(64), shards, sim)
            .to_json()
            .unwrap()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Any edit of a partial's text is read or refused, never a panic; what is read writes
        /// back to text that reads back to it.
        #[test]
        fn edited_partials_are_read_or_refused(
            edits in proptest::collection::vec((0usize..2000, proptest::prelude::any::<u8>()), 1..4),
        ) {
            let mut bytes = example().into_bytes();
            for (at, byte) in edits {
                let at = at % bytes.len();
                bytes[at] = byte;
            }
            let Ok(text) = String::from_utf8(bytes) else { return Ok(()); };
            if let Ok(partial) = Partial::from_json(&text) {
                let written = partial.to_json().unwrap();
                proptest::prop_assert_eq!(Partial::from_json(&written).unwrap(), partial);
            }
        }
    }

    #[test]
    fn the_example_partial_reads_back_to_itself() {
        let text = example();
        let partial = Partial::from_json(&text).unwrap();
        assert_eq!(partial.to_json().unwrap(), text);
        assert_eq!(partial.shards(), Shards::one(1, 2).unwrap());
        assert!(partial.simulation().coups() > 0);
    }
}
