//! A point count evaluated: its betting correlation with every bet, and what betting by its
//! true count gains per shoe against perfect knowledge of the cards left.

use super::csv::Sheet;
use super::table::{Align, Table};
use super::tableau::bet_name;
use super::{Format, Page, SCHEMA, approx, exact, fraction};
use crate::depletion::SimulationSetup;
use crate::depletion::count::{Correlation, CountRecord, CountSimulation, PointCount};
use crate::document::{Document, count as doc};
use crate::lang::Lang;
use num_rational::{BigRational, Ratio};

/// What `count` reports: the simulation of one count (the first of `sim`'s counts), the
/// count, its betting correlations with the bets in the tariff's order, and the setup.
#[derive(Debug, Clone, Copy)]
pub struct CountReport<'a> {
    /// The simulation.
    pub sim: &'a CountSimulation,
    /// The count's index among the simulation's counts.
    pub index: usize,
    /// The count.
    pub count: &'a PointCount,
    /// Its betting correlation with each bet.
    pub correlations: &'a [Option<Correlation>],
    /// How the shoes were dealt.
    pub setup: &'a SimulationSetup,
}

/// A threshold as the document writes it: a whole number, or `"n/d"`.
pub fn threshold_text(threshold: &Ratio<i64>) -> String {
    if threshold.is_integer() {
        threshold.numer().to_string()
    } else {
        format!("{}/{}", threshold.numer(), threshold.denom())
    }
}

/// A threshold for people: `2`, `−1.5` (`−1,5`), or `7/3` when its decimal does not end.
fn threshold_for(threshold: &Ratio<i64>, lang: Lang) -> String {
    let mut d = *threshold.denom();
    while d % 2 == 0 {
        d /= 2;
    }
    while d % 5 == 0 {
        d /= 5;
    }
    if threshold.is_integer() {
        threshold.numer().to_string().replace('-', "−")
    } else if d == 1 {
        let value = *threshold.numer() as f64 / *threshold.denom() as f64;
        lang.point(&value.to_string()).replace('-', "−")
    } else {
        threshold_text(threshold).replace('-', "−")
    }
}

impl CountReport<'_> {
    fn placed(&self, record: &CountRecord) -> doc::Placed {
        let coups = self.sim.coups().max(1);
        doc::Placed {
            average_advantage: (record.coups() > 0).then(|| {
                approx(&(record.value() / BigRational::from_integer(record.coups().into())))
            }),
            coups_bet: record.coups(),
            favourable_coups: record.favourable(),
            gain_per_shoe: exact(&self.sim.per_shoe(record)),
            share_of_coups: record.coups() as f64 / coups as f64,
        }
    }

    /// The threshold whose gain per shoe is the largest (the lowest of equals), for a bet.
    fn best(&self, bet: usize) -> Option<usize> {
        let thresholds = self.sim.thresholds().len();
        (0..thresholds).rev().max_by(|&a, &b| {
            let value = |t| self.sim.counted(self.index, bet, t).value();
            value(a).cmp(value(b))
        })
    }
}

/// The document of `count -f json`.
pub fn count_json(report: &CountReport) -> doc::Count {
    let sim = report.sim;
    let bets = sim
        .bets()
        .iter()
        .enumerate()
        .map(|(bet, key)| {
            let correlation = report.correlations.get(bet).and_then(Option::as_ref);
            doc::BetCount {
                bet: key.clone(),
                betting_correlation: correlation.map(Correlation::value),
                betting_correlation_squared: correlation.map(|c| fraction(c.squared())),
                perfect_knowledge: report.placed(sim.perfect(bet)),
                thresholds: (0..sim.thresholds().len())
                    .map(|t| doc::Threshold {
                        efficiency: sim.efficiency(report.index, bet, t).as_ref().map(approx),
                        placed: report.placed(sim.counted(report.index, bet, t)),
                        threshold: threshold_text(&sim.thresholds()[t]),
                    })
                    .collect(),
            }
        })
        .collect();
    let named = report.count.published();
    doc::Count {
        bets,
        count: doc::Weights {
            balanced: report.count.is_balanced(),
            name: report.count.name().map(str::to_string),
            source: named.map(|n| n.source.to_string()),
            weights: report.count.weights().to_vec(),
        },
        coups: sim.coups(),
        cut: report.setup.cut,
        dealing: super::tableau::dealing_json(&report.setup.procedure()),
        decks: report.setup.n_decks,
        rules: report.setup.rules.clone(),
        schema: SCHEMA,
        seed: report.setup.seed,
        shoes: sim.shoes(),
        thresholds: sim.thresholds().iter().map(threshold_text).collect(),
    }
}

/// A correlation for people, three decimals; a dash when there is none.
fn correlation_for(correlation: Option<&Correlation>, lang: Lang) -> String {
    correlation.map_or("—".into(), |c| lang.decimal(c.value(), 3))
}

/// An efficiency for people, in percent; a dash when perfect knowledge gained nothing.
fn efficiency_for(efficiency: Option<BigRational>, lang: Lang) -> String {
    efficiency.map_or("—".into(), |e| lang.percent(approx(&e) * 100.0, 1))
}

/// A row per bet: its betting correlation, perfect knowledge's gain per shoe, and the count
/// at its best threshold.
pub fn bets_table(report: &CountReport, lang: Lang) -> Table {
    let sim = report.sim;
    let mut table = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (
            lang.pick("Betting correlation", "Corrélation de mise"),
            Align::Right,
        ),
        (
            lang.pick(
                "Perfect knowledge, per shoe",
                "Connaissance parfaite, par sabot",
            ),
            Align::Right,
        ),
        (lang.pick("Best threshold", "Meilleur seuil"), Align::Right),
        (
            lang.pick("Count, per shoe", "Comptage, par sabot"),
            Align::Right,
        ),
        (lang.pick("Efficiency", "Efficacité"), Align::Right),
        (lang.pick("Coups bet", "Coups joués"), Align::Right),
    ]);
    for (bet, key) in sim.bets().iter().enumerate() {
        let perfect = sim.per_shoe(sim.perfect(bet));
        let mut row = vec![
            bet_name(key, lang),
            correlation_for(report.correlations.get(bet).and_then(Option::as_ref), lang),
            lang.decimal(approx(&perfect), 4),
        ];
        match report.best(bet) {
            Some(t) => {
                let record = sim.counted(report.index, bet, t);
                row.extend([
                    format!("≥ {}", threshold_for(&sim.thresholds()[t], lang)),
                    lang.decimal(approx(&sim.per_shoe(record)), 4),
                    efficiency_for(sim.efficiency(report.index, bet, t), lang),
                    lang.percent(share(record, sim) * 100.0, 2),
                ]);
            }
            None => row.extend(["—", "—", "—", "—"].map(String::from)),
        }
        table.row(row);
    }
    table
}

/// The share of the coups dealt a record bet.
fn share(record: &CountRecord, sim: &CountSimulation) -> f64 {
    record.coups() as f64 / sim.coups().max(1) as f64
}

/// A row per bet and threshold: the coups bet, their average advantage, the gain per shoe
/// and the efficiency.
pub fn thresholds_table(report: &CountReport, lang: Lang) -> Table {
    let sim = report.sim;
    let mut table = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (lang.pick("True count", "Compte réel"), Align::Right),
        (lang.pick("Coups bet", "Coups joués"), Align::Right),
        (
            lang.pick("Average advantage", "Avantage moyen"),
            Align::Right,
        ),
        (lang.pick("Gain per shoe", "Gain par sabot"), Align::Right),
        (lang.pick("Efficiency", "Efficacité"), Align::Right),
    ]);
    for (bet, key) in sim.bets().iter().enumerate() {
        for (t, threshold) in sim.thresholds().iter().enumerate() {
            let record = sim.counted(report.index, bet, t);
            let average = if record.coups() == 0 {
                "—".to_string()
            } else {
                let mean = record.value() / BigRational::from_integer(record.coups().into());
                lang.percent(approx(&mean) * 100.0, 3)
            };
            table.row(vec![
                bet_name(key, lang),
                format!("≥ {}", threshold_for(threshold, lang)),
                lang.percent(share(record, sim) * 100.0, 2),
                average,
                lang.decimal(approx(&sim.per_shoe(record)), 4),
                efficiency_for(sim.efficiency(report.index, bet, t), lang),
            ]);
        }
    }
    table
}

/// The thresholds table as CSV, exact: each bet and threshold, then perfect knowledge as the
/// threshold `perfect`.
pub fn count_sheet(report: &CountReport) -> Sheet {
    let sim = report.sim;
    let mut sheet = Sheet::new(&[
        "bet",
        "threshold",
        "coups_bet",
        "favourable_coups",
        "gain_per_shoe",
        "gain_per_shoe_decimal",
        "betting_correlation",
    ]);
    for (bet, key) in sim.bets().iter().enumerate() {
        let correlation = report
            .correlations
            .get(bet)
            .and_then(Option::as_ref)
            .map_or(String::new(), |c| c.value().to_string());
        let mut row = |threshold: String, record: &CountRecord| {
            let gain = sim.per_shoe(record);
            sheet.push(vec![
                key.clone(),
                threshold,
                record.coups().to_string(),
                record.favourable().to_string(),
                fraction(&gain),
                approx(&gain).to_string(),
                correlation.clone(),
            ]);
        };
        row("perfect".into(), sim.perfect(bet));
        for (t, threshold) in sim.thresholds().iter().enumerate() {
            row(threshold_text(threshold), sim.counted(report.index, bet, t));
        }
    }
    sheet
}

/// The count's report in the page's format (text, Markdown or JSON; CSV is
/// [`count_sheet`]).
pub fn render_count(report: &CountReport, page: &Page) -> String {
    let lang = page.lang;
    if page.format == Format::Json {
        return count_json(report).to_json_pretty();
    }
    let sim = report.sim;
    let setup = report.setup;
    let shoes = lang.integer(&sim.shoes().to_string());
    let coups = lang.integer(&sim.coups().to_string());
    let (n, seed, rules) = (setup.n_decks, setup.seed, &setup.rules);
    let dealing = super::tableau::dealing_sentences(&setup.procedure(), lang).join(" ");
    let weights: Vec<String> = report
        .count
        .weights()
        .iter()
        .map(|w| w.to_string().replace('-', "−"))
        .collect();
    let weights = weights.join(", ");
    let name = report
        .count
        .name()
        .map(|name| format!("{name} "))
        .unwrap_or_default();
    let balanced = match (lang, report.count.is_balanced()) {
        (Lang::En, true) => "balanced",
        (Lang::En, false) => "unbalanced",
        (Lang::Fr, true) => "équilibré",
        (Lang::Fr, false) => "déséquilibré",
    };
    let intro = match lang {
        Lang::En => format!(
            "Count {name}(A, 2, …, 10, J, Q, K: {weights}; {balanced}) over {shoes} shoes of {n} {} (seed {seed}, {rules} rules): {coups} coups, every bet priced exactly on the cards left before each. The counter sees every card of every coup and the burn's turned card; the true count is the running count per deck unseen. Perfect knowledge bets exactly when the bet is favourable; efficiency is the count's gain over perfect knowledge's. {dealing}\n\n",
            lang.decks(n)
        ),
        Lang::Fr => format!(
            "Comptage {name}(A, 2, …, 10, V, D, R\u{a0}: {weights}\u{a0}; {balanced}) sur {shoes} sabots de {n} {} (graine {seed}, règles {rules})\u{a0}: {coups} coups, chaque pari évalué exactement sur les cartes restantes avant chacun. Le compteur voit toutes les cartes de chaque coup et la carte retournée du brûlage\u{a0}; le compte réel est le compte courant par jeu non vu. La connaissance parfaite mise exactement quand le pari est favorable\u{a0}; l’efficacité est le gain du comptage rapporté à celui de la connaissance parfaite. {dealing}\n\n",
            lang.decks(n)
        ),
    };
    let by_threshold = lang.pick(
        "By threshold (betting one unit when the true count reaches it):",
        "Par seuil (une unité misée quand le compte réel l’atteint)\u{a0}:",
    );
    format!(
        "{intro}{}\n{by_threshold}\n\n{}",
        page.table(&bets_table(report, lang)),
        page.table(&thresholds_table(report, lang))
    )
}
