//! The exact analysis of a shoe, for people and for programs.

use super::table::{Align, Table};
use super::tableau::{bet_name, describe_bet};
use super::{Format, Page, approx, fraction, fraction_text, signed_amount};
use crate::analysis::ratio_to_big;
use crate::analysis::{Analysis, Hand};
use crate::lang::Lang;
use crate::outcome::Winner;
use crate::report::Report;
use crate::shoe::Shoe;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

/// The analysis as one JSON object (schema 1); the layout lives in [`crate::report::Report`].
pub fn analysis_json(analysis: &Analysis, rules_id: &str) -> Value {
    serde_json::to_value(Report::new(analysis, rules_id)).expect("a report is plain data")
}

/// The shoe for people: `8 decks (416 cards)`, `8 paquets (416 cartes)`, or its rank counts.
pub fn describe_shoe(shoe: &Shoe, lang: Lang) -> String {
    // The plural of the cards follows the decks' count, as it always did: a shoe has cards.
    let cards = lang.cards(2);
    match shoe.as_whole_decks() {
        Some(n) => format!("{n} {} ({} {cards})", lang.decks(n), shoe.len()),
        None => {
            let ranks: Vec<String> = crate::card::Rank::ALL
                .iter()
                .map(|r| format!("{r}:{}", shoe.count(*r)))
                .collect();
            // A card-level shoe also says the suits of each rank they do not share evenly.
            let suits: Vec<String> = match (shoe.is_card_level(), shoe.card_counts()) {
                (true, Ok(counts)) => crate::card::Rank::ALL
                    .iter()
                    .filter_map(|r| {
                        let four = &counts[4 * r.index()..4 * r.index() + 4];
                        (four.iter().any(|&c| c != four[0])).then(|| {
                            let each: Vec<String> = crate::card::Suit::ALL
                                .iter()
                                .zip(four)
                                .map(|(s, c)| format!("{r}{}:{c}", s.symbol()))
                                .collect();
                            each.join(" ")
                        })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            if suits.is_empty() {
                format!("{} ({} {cards})", ranks.join(" "), shoe.len())
            } else {
                format!(
                    "{} [{}] ({} {cards})",
                    ranks.join(" "),
                    suits.join(", "),
                    shoe.len()
                )
            }
        }
    }
}

fn percent(value: &BigRational, lang: Lang) -> String {
    lang.percent(approx(value) * 100.0, 4)
}

fn probability_cell(value: &BigRational, lang: Lang) -> String {
    lang.decimal(approx(value), 6)
}

/// The tables of the analysis, each with its title, in reading order.
pub fn analysis_tables(analysis: &Analysis, lang: Lang) -> Vec<(String, Table)> {
    analysis_tables_with_progress(analysis, lang, crate::progress::SILENT)
}

/// [`analysis_tables`], pricing each bet once and reporting it to `progress`.
pub fn analysis_tables_with_progress(
    analysis: &Analysis,
    lang: Lang,
    progress: &dyn crate::progress::Progress,
) -> Vec<(String, Table)> {
    let total = analysis.sequences();
    let mut tables = Vec::new();

    let mut outcomes = Table::new(&[
        (lang.pick("Outcome", "Résultat"), Align::Left),
        (lang.pick("Sequences", "Séquences"), Align::Right),
        (lang.pick("Probability", "Probabilité"), Align::Right),
        ("%", Align::Right),
    ]);
    for winner in [Winner::Banco, Winner::Punto, Winner::Tie] {
        let p = analysis.probability(winner);
        outcomes.row(vec![
            lang.outcome(winner).to_string(),
            lang.integer(&analysis.count(winner).to_string()),
            probability_cell(&p, lang),
            percent(&p, lang),
        ]);
    }
    outcomes.row(vec![
        lang.pick("Total", "Total").to_string(),
        lang.integer(&total.to_string()),
        probability_cell(&BigRational::from_integer(BigInt::from(1)), lang),
        lang.percent(100.0, 4),
    ]);
    tables.push((lang.pick("Outcomes", "Résultats").to_string(), outcomes));

    let mut bets = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (lang.pick("Terms", "Conditions"), Align::Left),
        (
            lang.pick("House edge", "Avantage de la maison"),
            Align::Right,
        ),
        (lang.pick("Exact edge", "Avantage exact"), Align::Right),
    ]);
    // Each bet priced once: its distribution gives both tables (a card bet takes its time).
    let all_bets = analysis.rules().tariff.all();
    progress.start(crate::progress::Stage::Bets, all_bets.len() as u64);
    let priced: Vec<_> = all_bets
        .iter()
        .map(|(key, terms)| {
            let distribution = analysis.net_distribution(terms);
            progress.advance(1);
            (*key, *terms, distribution)
        })
        .collect();
    for (key, terms, distribution) in &priced {
        let edge: BigRational = -distribution
            .iter()
            .map(|(net, p)| ratio_to_big(*net) * p)
            .sum::<BigRational>();
        bets.row(vec![
            bet_name(key, lang),
            describe_bet(terms, lang),
            percent(&edge, lang),
            fraction_text(&edge),
        ]);
    }
    tables.push((
        lang.pick(
            "House edge per unit staked (a push counts as a bet)",
            "Avantage de la maison par unité misée (un remboursement compte comme une mise)",
        )
        .to_string(),
        bets,
    ));

    let mut nets = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (
            lang.pick("Net per unit", "Variation nette par unité"),
            Align::Right,
        ),
        (lang.pick("Probability", "Probabilité"), Align::Right),
        (lang.pick("Exact", "Exact"), Align::Right),
    ]);
    for (key, _, distribution) in &priced {
        for (net, p) in distribution.iter().rev() {
            nets.row(vec![
                bet_name(key, lang),
                signed_amount(&ratio_to_big(*net), lang),
                probability_cell(p, lang),
                fraction(p),
            ]);
        }
    }
    tables.push((
        lang.pick(
            "Distribution of net results",
            "Distribution des résultats nets",
        )
        .to_string(),
        nets,
    ));

    let mut facts = Table::new(&[
        (lang.pick("Event", "Événement"), Align::Left),
        (lang.pick("Sequences", "Séquences"), Align::Right),
        (lang.pick("Probability", "Probabilité"), Align::Right),
    ]);
    let mut fact = |label: String, keep: &dyn Fn(crate::outcome::FinalState) -> bool| {
        let count = analysis.count_where(keep);
        let p = BigRational::new(BigInt::from(count.clone()), BigInt::from(total.clone()));
        facts.row(vec![
            label,
            lang.integer(&count.to_string()),
            probability_cell(&p, lang),
        ]);
    };
    let natural = lang.natural();
    fact(
        format!("{} {natural}", lang.pick("At least one", "Au moins un")),
        &|s| s.natural,
    );
    for hand in Hand::ALL {
        let name = lang.hand(hand);
        for t in (0..10u8)
            .rev()
            .filter(|&t| analysis.rules().drawing.is_natural(t))
        {
            let label = format!("{name} {} {} {t}", lang.pick("has", "a"), lang.a_natural());
            fact(label, &|s| s.natural && hand.total(s) == t);
        }
    }
    for hand in Hand::ALL {
        let label = format!(
            "{} {} {}",
            lang.hand(hand),
            lang.verb(crate::rules::Action::Draw),
            lang.pick("a third card", "une troisième carte")
        );
        fact(label, &|s| hand.cards(s) == 3);
    }
    for n in 4..=6u8 {
        let label = format!(
            "{} {n} {}",
            lang.pick("The coup uses", "Le coup utilise"),
            lang.cards(n.into())
        );
        fact(label, &|s| s.cards_used() == n);
    }
    tables.push((
        lang.pick(
            "Naturals, draws and cards per coup",
            "Naturels, tirages et cartes par coup",
        )
        .to_string(),
        facts,
    ));

    let tie_on = format!("{} {}", lang.outcome(Winner::Tie), lang.pick("on", "à"));
    let mut ties = Table::new(&[
        (tie_on.as_str(), Align::Right),
        (lang.pick("Sequences", "Séquences"), Align::Right),
        (lang.pick("Probability", "Probabilité"), Align::Right),
    ]);
    for t in 0..10u8 {
        let count = analysis.count_where(|s| s.winner() == Winner::Tie && s.punto_total == t);
        let p = BigRational::new(BigInt::from(count.clone()), BigInt::from(total.clone()));
        ties.row(vec![
            t.to_string(),
            lang.integer(&count.to_string()),
            probability_cell(&p, lang),
        ]);
    }
    tables.push((
        format!("{} {}", lang.ties(), lang.pick("by total", "par total")),
        ties,
    ));
    tables
}

/// The heading line of an analysis.
pub fn analysis_heading(analysis: &Analysis, rules_id: &str, lang: Lang) -> String {
    let rules_name = match rules_id {
        "reference" => lang.pick("reference", "de référence"),
        other => other,
    };
    let shoe = describe_shoe(analysis.shoe(), lang);
    let sequences = lang.integer(&analysis.sequences().to_string());
    match lang {
        Lang::En => format!(
            "Exact analysis: {shoe}, {rules_name} rules.\nEvery ordered six-card sequence counted: {sequences}."
        ),
        Lang::Fr => format!(
            "Analyse exacte\u{a0}: {shoe}, règles {rules_name}.\nToutes les séquences ordonnées de six cartes comptées\u{a0}: {sequences}."
        ),
    }
}

/// The analysis in the page's format; `rules_id` names the rule set (`reference` for the
/// teaching texts' rules) and is localised only in the text heading. Text tables are fitted to
/// the page's width (see [`Table::to_text_within`]); Markdown and JSON do not change.
pub fn render_analysis(analysis: &Analysis, rules_id: &str, page: &Page) -> String {
    render_analysis_with_progress(analysis, rules_id, page, crate::progress::SILENT)
}

/// [`render_analysis`], reporting each bet priced to `progress` ([`Stage::Bets`]).
///
/// [`Stage::Bets`]: crate::progress::Stage::Bets
pub fn render_analysis_with_progress(
    analysis: &Analysis,
    rules_id: &str,
    page: &Page,
    progress: &dyn crate::progress::Progress,
) -> String {
    let lang = page.lang;
    if page.format == Format::Json {
        let report = Report::new_with_progress(analysis, rules_id, progress);
        return format!("{}\n", report.to_json_pretty());
    }
    let mut out = analysis_heading(analysis, rules_id, lang);
    out.push_str("\n\n");
    for (title, table) in analysis_tables_with_progress(analysis, lang, progress) {
        out.push_str(&page.heading(3, &title));
        out.push_str(&page.table(&table));
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
