//! The effect-of-removal table and the shoe simulation summary.

use super::table::{Align, Table};
use super::tableau::bet_name;
use super::{Format, SCHEMA, approx, fraction};
use crate::depletion::{EffectOfRemoval, Simulation, SimulationSetup};
use crate::lang::Lang;
use serde_json::{Value, json};

/// The effect of removal as a table: a row per rank, a column per bet, in percentage points.
pub fn eor_table(eor: &EffectOfRemoval, lang: Lang) -> Table {
    let names: Vec<String> = eor.bets.iter().map(|k| bet_name(k, lang)).collect();
    let mut columns: Vec<(&str, Align)> =
        vec![(lang.pick("Card removed", "Carte retirée"), Align::Left)];
    columns.extend(names.iter().map(|n| (n.as_str(), Align::Right)));
    let mut table = Table::new(&columns);
    let mut edge_row = vec![
        lang.pick("Edge of this shoe (%)", "Avantage de ce sabot (%)")
            .to_string(),
    ];
    edge_row.extend(eor.base.iter().map(|e| lang.decimal(approx(e) * 100.0, 4)));
    table.row(edge_row);
    for (rank, changes) in &eor.by_rank {
        let mut row = vec![rank.to_string()];
        match changes {
            Some(changes) => {
                row.extend(changes.iter().map(|c| super::percentage_points(c, lang, 4)))
            }
            None => row.extend(eor.bets.iter().map(|_| "—".to_string())),
        }
        table.row(row);
    }
    table
}

/// The effect of removal in the chosen format.
pub fn render_eor(
    eor: &EffectOfRemoval,
    shoe: &crate::shoe::Shoe,
    rules_id: &str,
    lang: Lang,
    format: Format,
) -> String {
    match format {
        Format::Json => {
            let by_rank: Vec<Value> = eor
                .by_rank
                .iter()
                .map(|(rank, changes)| {
                    let changes: Option<serde_json::Map<String, Value>> = changes.as_ref().map(|c| {
                        eor.bets
                            .iter()
                            .zip(c)
                            .map(|(k, v)| (k.clone(), json!({"exact": fraction(v), "percentage_points": approx(v) * 100.0})))
                            .collect()
                    });
                    json!({"rank": rank.symbol(), "edge_change": changes})
                })
                .collect();
            let base: serde_json::Map<String, Value> = eor
                .bets
                .iter()
                .zip(&eor.base)
                .map(|(k, e)| {
                    (
                        k.clone(),
                        json!({"edge": fraction(e), "edge_percent": approx(e) * 100.0}),
                    )
                })
                .collect();
            format!(
                "{:#}\n",
                json!({"schema": SCHEMA, "rules": rules_id, "shoe": super::analysis::shoe_json(shoe), "edges": base, "removal": by_rank})
            )
        }
        Format::Markdown => eor_table(eor, lang).to_markdown(),
        Format::Text => {
            let shoe = super::analysis::describe_shoe(shoe, lang);
            let heading = match lang {
                Lang::En => format!(
                    "Change of each bet's house edge, in percentage points, when one card of a rank is removed.\nShoe: {shoe}; rules: {rules_id}."
                ),
                Lang::Fr => format!(
                    "Variation de l’avantage de la maison de chaque pari, en points de pourcentage, quand une carte d’un rang est retirée.\nSabot : {shoe} ; règles : {rules_id}."
                ),
            };
            format!("{heading}\n\n{}", eor_table(eor, lang).to_text())
        }
    }
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
    for (i, key) in sim.bets.iter().enumerate() {
        table.row(vec![
            bet_name(key, lang),
            lang.integer(&sim.records[i].favourable.to_string()),
            lang.percent(sim.frequency(i) * 100.0, 3),
            lang.percent(sim.average_advantage(i) * 100.0, 3),
            lang.decimal(sim.gain_per_shoe(i), 4),
        ]);
    }
    table
}

/// The simulation in the chosen format.
pub fn render_simulation(
    sim: &Simulation,
    setup: &SimulationSetup,
    lang: Lang,
    format: Format,
) -> String {
    match format {
        Format::Json => {
            let bets: serde_json::Map<String, Value> = sim
                .bets
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    (
                        k.clone(),
                        json!({
                            "favourable_coups": sim.records[i].favourable,
                            "share_of_coups": sim.frequency(i),
                            "average_advantage": sim.average_advantage(i),
                            "best_advantage": sim.records[i].best,
                            "gain_per_shoe": sim.gain_per_shoe(i),
                        }),
                    )
                })
                .collect();
            format!(
                "{:#}\n",
                json!({"schema": SCHEMA, "rules": setup.rules, "shoes": sim.shoes, "seed": setup.seed, "decks": setup.n_decks, "cut": setup.cut, "coups": sim.coups, "bets": bets})
            )
        }
        _ => {
            let shoes = lang.integer(&sim.shoes.to_string());
            let coups = lang.integer(&sim.coups.to_string());
            let (n, seed, cut, rules) = (setup.n_decks, setup.seed, setup.cut, &setup.rules);
            let intro = match lang {
                Lang::En => format!(
                    "{shoes} shoes of {n} {} (seed {seed}, {rules} rules), dealt until {cut} cards or fewer remain: {coups} coups, each bet's exact edge computed before every one.\n\n",
                    if n == 1 { "deck" } else { "decks" }
                ),
                Lang::Fr => format!(
                    "{shoes} sabots de {n} {} (graine {seed}, règles {rules}), distribués jusqu’à ce qu’il reste {cut} cartes ou moins : {coups} coups, l’avantage exact de chaque pari calculé avant chacun.\n\n",
                    if n == 1 { "paquet" } else { "paquets" }
                ),
            };
            let table = simulation_table(sim, lang);
            format!(
                "{intro}{}",
                if format == Format::Markdown {
                    table.to_markdown()
                } else {
                    table.to_text()
                }
            )
        }
    }
}
