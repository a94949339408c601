//! The exact odds of the home session, as tables and as an SVG chart.

use super::table::{Align, Table};
use super::{Format, SCHEMA, approx, fraction, fraction_text, signed_amount};
use crate::analysis::ratio_to_big;
use crate::lang::Lang;
use crate::rules::MainBet;
use crate::session_odds::SessionOdds;
use serde_json::{Value, json};

fn strategy(bet: MainBet, lang: Lang) -> String {
    let name = lang.outcome(super::tableau::winner_of(bet));
    match lang {
        Lang::En => format!("Always {name}"),
        Lang::Fr => format!("Toujours {name}"),
    }
}

fn percent(value: &num_rational::BigRational, lang: Lang) -> String {
    lang.percent(approx(value) * 100.0, 4)
}

/// The summary: each strategy's expected final score and its chance of finishing at or above zero.
pub fn summary_table(odds: &SessionOdds, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Strategy", "Stratégie"), Align::Left),
        (
            lang.pick("Expected final score", "Score final espéré"),
            Align::Right,
        ),
        (lang.pick("Exact", "Exact"), Align::Right),
        (
            lang.pick("Finishes at 0 or above", "Finit à 0 ou plus"),
            Align::Right,
        ),
    ]);
    for bet in MainBet::ALL {
        let expected = odds.expected(bet);
        table.row(vec![
            strategy(bet, lang),
            lang.decimal(approx(&expected), 4),
            fraction_text(&expected),
            percent(&odds.at_least_zero(bet), lang),
        ]);
    }
    table
}

/// Head to head over the same deals.
pub fn head_to_head_table(odds: &SessionOdds, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Strategy", "Stratégie"), Align::Left),
        (lang.pick("against", "contre"), Align::Left),
        (lang.pick("Ahead", "Devant"), Align::Right),
        (lang.pick("Level", "Ex æquo"), Align::Right),
        (lang.pick("Behind", "Derrière"), Align::Right),
    ]);
    for (a, b) in [
        (MainBet::Banco, MainBet::Punto),
        (MainBet::Punto, MainBet::Tie),
        (MainBet::Banco, MainBet::Tie),
    ] {
        let [ahead, level, behind] = odds.head_to_head(a, b);
        table.row(vec![
            strategy(a, lang),
            strategy(b, lang),
            percent(&ahead, lang),
            percent(&level, lang),
            percent(&behind, lang),
        ]);
    }
    table
}

/// One strategy's final-score distribution.
pub fn distribution_table(odds: &SessionOdds, bet: MainBet, lang: Lang) -> Table {
    let mut table = Table::new(&[
        (lang.pick("Final score", "Score final"), Align::Right),
        (lang.pick("Probability", "Probabilité"), Align::Right),
    ]);
    // The exact fractions have over a hundred digits here: they are in the JSON output.
    for (score, p) in odds.final_score(bet).iter().rev() {
        table.row(vec![
            signed_amount(&ratio_to_big(*score), lang),
            lang.decimal(approx(p), 6),
        ]);
    }
    table
}

/// The odds in the chosen format.
pub fn render_odds(odds: &SessionOdds, lang: Lang, format: Format) -> String {
    if format == Format::Json {
        let strategies: serde_json::Map<String, Value> = MainBet::ALL
            .iter()
            .map(|&bet| {
                let distribution: Vec<Value> = odds
                    .final_score(bet)
                    .iter()
                    .map(|(s, p)| json!({"score": fraction(&ratio_to_big(*s)), "probability": fraction(p), "decimal": approx(p)}))
                    .collect();
                let expected = odds.expected(bet);
                (bet.key().to_string(), json!({
                    "expected": fraction(&expected),
                    "expected_decimal": approx(&expected),
                    "at_least_zero": fraction(&odds.at_least_zero(bet)),
                    "final_score": distribution,
                }))
            })
            .collect();
        let heads: Vec<Value> = [(MainBet::Banco, MainBet::Punto), (MainBet::Punto, MainBet::Tie), (MainBet::Banco, MainBet::Tie)]
            .iter()
            .map(|&(a, b)| {
                let [ahead, level, behind] = odds.head_to_head(a, b);
                json!({"strategy": a.key(), "against": b.key(), "ahead": fraction(&ahead), "level": fraction(&level), "behind": fraction(&behind)})
            })
            .collect();
        return format!(
            "{:#}\n",
            json!({"schema": SCHEMA, "deals": odds.deals, "stake": odds.stake, "strategies": strategies, "head_to_head": heads})
        );
    }
    let table = |t: Table| {
        if format == Format::Markdown {
            t.to_markdown()
        } else {
            t.to_text()
        }
    };
    let mut out = String::new();
    out.push_str(&match lang {
        Lang::En => format!(
            "{} deals at a stake of {}, each from a full shoe of {} cards.\n\n",
            odds.deals,
            odds.stake,
            odds.deal.shoe.len()
        ),
        Lang::Fr => format!(
            "{} donnes avec un enjeu de {}, chacune d’un sabot complet de {} cartes.\n\n",
            odds.deals,
            odds.stake,
            odds.deal.shoe.len()
        ),
    });
    out.push_str(&table(summary_table(odds, lang)));
    out.push('\n');
    out.push_str(&table(head_to_head_table(odds, lang)));
    for bet in MainBet::ALL {
        out.push('\n');
        out.push_str(&format!("{}\n\n", strategy(bet, lang)));
        out.push_str(&table(distribution_table(odds, bet, lang)));
    }
    out
}

/// The final-score distributions as an SVG chart: one panel per strategy, a bar per score.
pub fn odds_svg(odds: &SessionOdds, lang: Lang) -> String {
    let (width, panel, margin) = (760.0, 200.0, 48.0);
    let height = panel * 3.0 + 40.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    let title = match lang {
        Lang::En => format!(
            "Final score after {} deals at a stake of {} (exact probabilities)",
            odds.deals, odds.stake
        ),
        Lang::Fr => format!(
            "Score final après {} donnes avec un enjeu de {} (probabilités exactes)",
            odds.deals, odds.stake
        ),
    };
    svg.push_str(&format!(
        "<text x=\"{margin}\" y=\"22\" font-size=\"14\" font-weight=\"bold\">{title}</text>\n"
    ));
    let colours = ["#1f77b4", "#d62728", "#2ca02c"];
    // One probability scale for all panels, so that their bars compare.
    let peak = odds
        .finals
        .iter()
        .flat_map(|(_, d)| d.values().map(approx))
        .fold(0.0, f64::max)
        .max(1e-12);
    for (row, bet) in MainBet::ALL.iter().enumerate() {
        let top = 40.0 + row as f64 * panel;
        let base = top + panel - 36.0;
        let dist = odds.final_score(*bet);
        let scores: Vec<f64> = dist
            .keys()
            .map(|s| *s.numer() as f64 / *s.denom() as f64)
            .collect();
        let (low, high) = (
            scores.first().copied().unwrap_or(0.0),
            scores.last().copied().unwrap_or(1.0),
        );
        let span = (high - low).max(1.0);
        let x = |s: f64| margin + (s - low) / span * (width - 2.0 * margin);
        // Bars no wider than the closest two scores, so neighbours never merge.
        let gap = scores
            .windows(2)
            .map(|w| x(w[1]) - x(w[0]))
            .fold(f64::INFINITY, f64::min);
        let bar = (gap * 0.8).clamp(1.0, 14.0);
        svg.push_str(&format!(
            "<text x=\"{margin}\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
            top + 14.0,
            strategy(*bet, lang)
        ));
        svg.push_str(&format!(
            "<line x1=\"{margin}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#444\"/>\n",
            width - margin
        ));
        for ((score, p), s) in dist.iter().zip(&scores) {
            let h = approx(p) / peak * (panel - 64.0);
            svg.push_str(&format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{}: {:.6}</title></rect>\n",
                x(*s) - bar / 2.0,
                base - h,
                colours[row],
                signed_amount(&ratio_to_big(*score), lang),
                approx(p)
            ));
        }
        for s in [low, 0.0, high] {
            svg.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                x(s),
                base + 16.0,
                match s as i64 {
                    v if v > 0 => format!("+{v}"),
                    v => v.to_string().replace('-', "−"),
                }
            ));
        }
    }
    svg.push_str("</svg>\n");
    svg
}
