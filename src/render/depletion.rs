//! The effect-of-removal table and the shoe simulation summary.

use super::table::{Align, Table};
use super::tableau::bet_name;
use super::{Format, Page, SCHEMA, approx, fraction};
use crate::card::Suit;
use crate::depletion::{Changes, Colour, EffectOfRemoval, Simulation, SimulationSetup};
use crate::document::{Document, eor as eor_doc, shoe_sim};
use crate::lang::Lang;
use crate::report::ShoeReport;

/// The effect of removal as a table, in percentage points: a column per bet, and a row per
/// rank, or in a removal by card a row per card (A♠ to K♣) then one per suit and colour (a
/// card of it drawn at random).
pub fn eor_table(eor: &EffectOfRemoval, lang: Lang) -> Table {
    let names: Vec<String> = eor.bets().iter().map(|k| bet_name(k, lang)).collect();
    let mut columns: Vec<(&str, Align)> =
        vec![(lang.pick("Card removed", "Carte retirée"), Align::Left)];
    columns.extend(names.iter().map(|n| (n.as_str(), Align::Right)));
    let mut table = Table::new(&columns);
    let mut edge_row = vec![
        lang.pick("Edge of this shoe (%)", "Avantage de ce sabot (%)")
            .to_string(),
    ];
    edge_row.extend(
        eor.base()
            .iter()
            .map(|e| lang.decimal(approx(e) * 100.0, 4)),
    );
    table.row(edge_row);
    let mut row = |label: String, changes: &Changes| {
        let mut row = vec![label];
        match changes {
            Some(changes) => {
                row.extend(changes.iter().map(|c| super::percentage_points(c, lang, 4)))
            }
            None => row.extend(eor.bets().iter().map(|_| "—".to_string())),
        }
        table.row(row);
    };
    match (eor.by_card(), eor.by_suit(), eor.by_colour()) {
        (Some(cards), Some(suits), Some(colours)) => {
            for (card, changes) in cards {
                row(card.to_string(), changes);
            }
            for (suit, changes) in suits {
                row(any_suit(*suit, lang), changes);
            }
            for (colour, changes) in colours {
                row(any_colour(*colour, lang).to_string(), changes);
            }
        }
        _ => {
            for (rank, changes) in eor.by_rank() {
                row(rank.to_string(), changes);
            }
        }
    }
    table
}

/// The row of a suit in a removal by card: a card of it drawn at random.
fn any_suit(suit: Suit, lang: Lang) -> String {
    let symbol = suit.symbol();
    match lang {
        Lang::En => format!("Any {symbol}"),
        Lang::Fr => format!("Un {symbol} quelconque"),
    }
}

/// The row of a colour in a removal by card.
fn any_colour(colour: Colour, lang: Lang) -> &'static str {
    match colour {
        Colour::Red => lang.pick("Any red card", "Une carte rouge quelconque"),
        Colour::Black => lang.pick("Any black card", "Une carte noire quelconque"),
    }
}

/// A suit as JSON names it.
pub(crate) fn suit_key(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

/// What the dashes of an effect-of-removal table mean, one sentence per reason present: the
/// shoe holds no card of the rank (or no such card), or one card fewer leaves too few cards
/// for a coup; in a removal by card, what the rows of a suit or a colour are. `None` when
/// there is nothing to say.
pub fn removal_note(eor: &EffectOfRemoval, shoe: &crate::shoe::Shoe, lang: Lang) -> Option<String> {
    // Each row removed with the shoe's count of what it removes.
    let rows: Vec<(&Changes, u64)> = match (eor.by_card(), eor.card_counts()) {
        (Some(cards), Some(counts)) => cards
            .iter()
            .map(|(_, c)| c)
            .zip(counts.iter().copied())
            .collect(),
        _ => eor
            .by_rank()
            .iter()
            .map(|(rank, c)| (c, shoe.count(*rank)))
            .collect(),
    };
    let dashed = |absent: bool| {
        rows.iter()
            .any(|(changes, count)| changes.is_none() && (*count == 0) == absent)
    };
    let mut lines = Vec::new();
    if eor.suits_alike() {
        lines.push(
            lang.pick(
                "Every bet treats the four suits alike and the shoe holds as many cards of each suit in every rank: a card's effect is its rank's, whatever its suit.",
                "Chaque pari traite les quatre enseignes de la même façon et le sabot contient autant de cartes de chaque enseigne dans chaque rang\u{a0}: l’effet d’une carte est celui de son rang, quelle que soit son enseigne.",
            )
            .to_string(),
        );
    }
    if eor.is_by_card() {
        lines.push(
            lang.pick(
                "Each card is removed on its own. Any ♠ (any red card): the effect of removing a card of that suit (that colour) drawn at random, the average of its cards' effects weighted by their counts.",
                "Chaque carte est retirée à part. Un ♠ quelconque (une carte rouge quelconque)\u{a0}: l’effet du retrait d’une carte de cette enseigne (de cette couleur) tirée au hasard, moyenne des effets de ses cartes pondérée par leurs nombres.",
            )
            .to_string(),
        );
    }
    if dashed(true) {
        lines.push(
            if eor.is_by_card() {
                lang.pick(
                    "—: the shoe holds no such card, so none can be removed.",
                    "—\u{a0}: le sabot ne contient aucune carte de ce genre, il n’y en a pas à retirer.",
                )
            } else {
                lang.pick(
                    "—: the shoe holds no card of this rank, so none can be removed.",
                    "—\u{a0}: le sabot ne contient aucune carte de ce rang, il n’y en a pas à retirer.",
                )
            }
            .to_string(),
        );
    }
    if dashed(false) {
        let left = shoe.len().saturating_sub(1);
        let min = crate::shoe::MIN_CARDS;
        lines.push(match lang {
            Lang::En => format!(
                "—: with one card fewer the shoe would hold {left} cards, fewer than the {min} a coup can need, so there is no edge to compare."
            ),
            Lang::Fr => format!(
                "—\u{a0}: avec une carte de moins, le sabot ne contiendrait que {left}\u{a0}cartes, moins que les {min} qu’un coup peut demander\u{a0}; il n’y a pas d’avantage à comparer."
            ),
        });
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The effect of removal in the page's format, its text table fitted to the page's width
/// (see [`Table::to_text_within`]); Markdown and JSON do not change.
pub fn render_eor(
    eor: &EffectOfRemoval,
    shoe: &crate::shoe::Shoe,
    rules_id: &str,
    page: &Page,
) -> String {
    let lang = page.lang;
    match page.format {
        Format::Json => eor_json(eor, shoe, rules_id).to_json_pretty(),
        Format::Markdown => {
            let table = eor_table(eor, lang).to_markdown();
            match removal_note(eor, shoe, lang) {
                // A blank line, then each sentence as its own paragraph.
                Some(note) => format!("{table}\n{}\n", note.replace('\n', "\n\n")),
                None => table,
            }
        }
        _ => {
            let described = super::analysis::describe_shoe(shoe, lang);
            let heading = match (lang, eor.is_by_card()) {
                (Lang::En, false) => format!(
                    "Change of each bet's house edge, in percentage points, when one card of a rank is removed.\nShoe: {described}; rules: {rules_id}."
                ),
                (Lang::Fr, false) => format!(
                    "Variation de l’avantage de la maison de chaque pari, en points de pourcentage, quand une carte d’un rang est retirée.\nSabot\u{a0}: {described}\u{a0}; règles\u{a0}: {rules_id}."
                ),
                (Lang::En, true) => format!(
                    "Change of each bet's house edge, in percentage points, when one exact card is removed.\nShoe: {described}; rules: {rules_id}."
                ),
                (Lang::Fr, true) => format!(
                    "Variation de l’avantage de la maison de chaque pari, en points de pourcentage, quand une carte précise est retirée.\nSabot\u{a0}: {described}\u{a0}; règles\u{a0}: {rules_id}."
                ),
            };
            let note = removal_note(eor, shoe, lang)
                .map(|note| format!("\n{note}\n"))
                .unwrap_or_default();
            format!("{heading}\n\n{}{note}", page.table(&eor_table(eor, lang)))
        }
    }
}

/// Each bet's change for the document: its exact fraction and percentage points; `null` for
/// no effect.
fn changes_json(eor: &EffectOfRemoval, changes: &Changes) -> eor_doc::Changes {
    changes.as_ref().map(|changes| {
        eor.bets()
            .iter()
            .zip(changes)
            .map(|(k, v)| {
                let change = eor_doc::Change {
                    exact: fraction(v),
                    percentage_points: approx(v) * 100.0,
                };
                (k.clone(), change)
            })
            .collect()
    })
}

/// The effect of removal as one document: by rank, `removal` has a row per rank; by card
/// (`"removed": "card"`), a row per card, then the summaries by rank, suit and colour.
pub fn eor_json(eor: &EffectOfRemoval, shoe: &crate::shoe::Shoe, rules_id: &str) -> eor_doc::Eor {
    let edges = eor
        .bets()
        .iter()
        .zip(eor.base())
        .map(|(k, e)| {
            let edge = eor_doc::Edge {
                edge: fraction(e),
                edge_percent: approx(e) * 100.0,
            };
            (k.clone(), edge)
        })
        .collect();
    let by_rank: Vec<eor_doc::RankRow> = eor
        .by_rank()
        .iter()
        .map(|(rank, changes)| eor_doc::RankRow {
            edge_change: changes_json(eor, changes),
            rank: rank.symbol(),
        })
        .collect();
    let mut document = eor_doc::Eor {
        by_colour: None,
        by_rank: None,
        by_suit: None,
        edges,
        removal: eor_doc::Removal::Ranks(Vec::new()),
        removed: None,
        rules: rules_id.to_string(),
        schema: SCHEMA,
        shoe: ShoeReport::new(shoe),
        suits_alike: eor.suits_alike(),
    };
    match (
        eor.by_card(),
        eor.card_counts(),
        eor.by_suit(),
        eor.by_colour(),
    ) {
        (Some(cards), Some(counts), Some(suits), Some(colours)) => {
            let removal = cards
                .iter()
                .zip(counts)
                .map(|((card, changes), &count)| eor_doc::CardRow {
                    card: card.to_string(),
                    count,
                    edge_change: changes_json(eor, changes),
                    rank: card.rank.symbol(),
                    suit: suit_key(card.suit),
                })
                .collect();
            let suits = suits
                .iter()
                .map(|(suit, changes)| eor_doc::SuitRow {
                    edge_change: changes_json(eor, changes),
                    suit: suit_key(*suit),
                })
                .collect();
            let colours = colours
                .iter()
                .map(|(colour, changes)| eor_doc::ColourRow {
                    colour: colour.key(),
                    edge_change: changes_json(eor, changes),
                })
                .collect();
            document.removed = Some("card");
            document.removal = eor_doc::Removal::Cards(removal);
            document.by_rank = Some(by_rank);
            document.by_suit = Some(suits);
            document.by_colour = Some(colours);
        }
        _ => document.removal = eor_doc::Removal::Ranks(by_rank),
    }
    document
}

/// The simulation summary as a table: a row per bet.
pub fn simulation_table(sim: &Simulation, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (
            lang.pick("Favourable coups", "Coups favorables"),
            Align::Right,
        ),
        (lang.pick("Share of coups", "Part des coups"), Align::Right),
        (
            lang.pick("Average advantage then", "Avantage moyen alors"),
            Align::Right,
        ),
        (
            lang.pick("Gain per shoe (units)", "Gain par sabot (unités)"),
            Align::Right,
        ),
    ]);
    for (i, (key, record)) in sim.bet_records().enumerate() {
        table.row(vec![
            bet_name(key, lang),
            lang.integer(&record.favourable().to_string()),
            lang.percent(sim.frequency(i) * 100.0, 3),
            lang.percent(sim.average_advantage(i) * 100.0, 3),
            lang.decimal(sim.gain_per_shoe(i), 4),
        ]);
    }
    table
}

/// The simulation in the page's format, its text table fitted to the page's width (see
/// [`Table::to_text_within`]); Markdown and JSON do not change.
pub fn render_simulation(sim: &Simulation, setup: &SimulationSetup, page: &Page) -> String {
    let lang = page.lang;
    match page.format {
        Format::Json => simulation_json(sim, setup).to_json_pretty(),
        _ => {
            let shoes = lang.integer(&sim.shoes().to_string());
            let coups = lang.integer(&sim.coups().to_string());
            let (n, seed, rules) = (setup.n_decks, setup.seed, &setup.rules);
            let dealing = super::tableau::dealing_sentences(&setup.procedure(), lang).join(" ");
            let intro = match lang {
                Lang::En => format!(
                    "{shoes} shoes of {n} {} (seed {seed}, {rules} rules): {coups} coups, each bet's exact edge computed before every one. {dealing}\n\n",
                    lang.decks(n)
                ),
                Lang::Fr => format!(
                    "{shoes} sabots de {n} {} (graine {seed}, règles {rules})\u{a0}: {coups} coups, l’avantage exact de chaque pari calculé avant chacun. {dealing}\n\n",
                    lang.decks(n)
                ),
            };
            format!("{intro}{}", page.table(&simulation_table(sim, lang)))
        }
    }
}

/// The simulation as one document.
pub fn simulation_json(sim: &Simulation, setup: &SimulationSetup) -> shoe_sim::ShoeSim {
    let bets = sim
        .bet_records()
        .enumerate()
        .map(|(i, (k, record))| {
            let record = shoe_sim::BetRecord {
                average_advantage: sim.average_advantage(i),
                best_advantage: record.best_decimal(),
                favourable_coups: record.favourable(),
                gain_per_shoe: sim.gain_per_shoe(i),
                share_of_coups: sim.frequency(i),
            };
            (k.to_string(), record)
        })
        .collect();
    shoe_sim::ShoeSim {
        bets,
        coups: sim.coups(),
        cut: setup.cut,
        dealing: super::tableau::dealing_json(&setup.procedure()),
        decks: setup.n_decks,
        rules: setup.rules.clone(),
        schema: SCHEMA,
        seed: setup.seed,
        shoes: sim.shoes(),
    }
}
