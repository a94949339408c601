//! The charts of `session-odds`: the final scores of the three strategies, and the signs of
//! the score after each deal when the distributions are too long to draw.

use super::*;

/// `session-odds`: each fixed strategy's final-score distribution, one panel per strategy,
/// a bar per final score at its value, on one probability scale so that the panels compare.
/// A session too long to have whole distributions
/// ([`crate::session_odds::FULL_DISTRIBUTION_DEALS`]) gets each strategy's chances of
/// finishing above, at and below zero instead.
pub fn session_odds_svg(odds: &SessionOdds, lang: Lang) -> Result<String, ChartError> {
    if !odds.has_distributions() {
        return session_signs_svg(odds, lang);
    }
    let deals = lang.integer(&odds.deals.to_string());
    let title = match lang {
        Lang::En => format!(
            "Final score after {deals} {} at a stake of {}",
            lang.deals(u64::from(odds.deals)),
            odds.stake
        ),
        Lang::Fr => format!(
            "Score final après {deals} {} avec un enjeu de {}",
            lang.deals(u64::from(odds.deals)),
            odds.stake
        ),
    };
    let subtitle = match lang {
        Lang::En => format!(
            "Exact probability of each final score, one prediction on every deal, each deal from a full shoe of {} cards",
            odds.deal.shoe().len()
        ),
        Lang::Fr => format!(
            "Probabilité exacte de chaque score final, une prédiction à chaque donne, chaque donne d’un sabot complet de {}\u{a0}cartes",
            odds.deal.shoe().len()
        ),
    };
    // One probability scale for every panel, in percent.
    let peak = MainBet::ALL
        .iter()
        .flat_map(|&bet| odds.final_score(bet).into_iter().flatten())
        .map(|(_, p)| approx(p) * 100.0)
        .fold(0.0, f64::max);
    let y_top = nice_ceiling(peak.max(1e-9) * 1.1);
    let panels: Vec<(MainBet, Vec<Bar>)> = MainBet::ALL
        .iter()
        .map(|&bet| {
            let bars = odds
                .final_score(bet)
                .into_iter()
                .flatten()
                .map(|(score, p)| {
                    let exact = crate::analysis::ratio_to_big(*score);
                    (
                        approx(&exact),
                        approx(p) * 100.0,
                        signed_amount(&exact, lang),
                    )
                })
                .collect();
            (bet, bars)
        })
        .collect();
    svg((900, 860), |root| {
        let area = titled(root, &title, &subtitle)?;
        for ((index, (bet, bars)), panel) in panels
            .iter()
            .enumerate()
            .zip(area.split_evenly((panels.len(), 1)))
        {
            let low = bars.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
            let high = bars.iter().map(|b| b.0).fold(f64::NEG_INFINITY, f64::max);
            let (low, high) = if low.is_finite() {
                (low.min(0.0), high.max(0.0))
            } else {
                (-1.0, 1.0)
            };
            let pad = ((high - low) * 0.04).max(1.0);
            // Bars no wider than the closest two scores, so that neighbours do not merge,
            // and never thinner than about four pixels, so that every bar shows (scores a
            // unit apart, as Banco's 19s and 20s make them, then touch).
            let mut xs: Vec<f64> = bars.iter().map(|b| b.0).collect();
            xs.sort_by(f64::total_cmp);
            let gap = xs
                .windows(2)
                .map(|w| w[1] - w[0])
                .fold(high - low + 2.0 * pad, f64::min);
            let span = high - low + 2.0 * pad;
            let half = (gap * 0.4).max(span / 400.0);
            let mut chart = drawn(
                ChartBuilder::on(&panel)
                    .margin_left(16)
                    .margin_right(24)
                    .margin_top(6)
                    .margin_bottom(4)
                    .x_label_area_size(42)
                    .y_label_area_size(70)
                    .build_cartesian_2d((low - pad)..(high + pad), 0.0..y_top),
            )?;
            let x_step = (high - low + 2.0 * pad) / 10.0;
            drawn(
                chart
                    .configure_mesh()
                    .disable_x_mesh()
                    .light_line_style(RGBColor(0xEE, 0xEE, 0xEE))
                    .x_labels(11)
                    .y_labels(5)
                    .x_label_formatter(&|v| signed_tick(*v, places_for(x_step), lang))
                    .y_label_formatter(&|v| lang.percent(*v, places_for(y_top / 5.0)))
                    .x_desc(lang.pick(
                        "Final score (units of the stake)",
                        "Score final (unités de l’enjeu)",
                    ))
                    .y_desc(lang.pick("Probability", "Probabilité"))
                    .axis_desc_style((FONT, 14))
                    .label_style((FONT, 13))
                    .draw(),
            )?;
            let fill = colour(index);
            drawn(
                chart
                    .draw_series(bars.iter().map(|(x, p, _)| {
                        Rectangle::new([(x - half, 0.0), (x + half, *p)], fill.filled())
                    }))
                    .map(|series| {
                        series.label(strategy(*bet, lang)).legend(move |(x, y)| {
                            Rectangle::new([(x, y - 6), (x + 14, y + 6)], fill.filled())
                        })
                    }),
            )?;
            // The most likely score's value, so the peak reads without the axis.
            if let Some((x, p, label)) = bars.iter().max_by(|a, b| a.1.total_cmp(&b.1)) {
                drawn(chart.draw_series(std::iter::once(Text::new(
                    format!("{label}{} {}", lang.colon(), lang.percent(*p, 1)),
                    (*x, *p + y_top * 0.02),
                    style(
                        12,
                        false,
                        RGBColor(0x33, 0x33, 0x33),
                        HPos::Center,
                        VPos::Bottom,
                    ),
                ))))?;
            }
            drawn(
                chart
                    .configure_series_labels()
                    .position(SeriesLabelPosition::UpperRight)
                    .background_style(WHITE.mix(0.9))
                    .border_style(RGBColor(0x99, 0x99, 0x99))
                    .label_font((FONT, 14))
                    .draw(),
            )?;
        }
        Ok(())
    })
}

/// A long session's chart: each strategy's chances of finishing above, at and below zero,
/// as grouped bars.
fn session_signs_svg(odds: &SessionOdds, lang: Lang) -> Result<String, ChartError> {
    let deals = lang.integer(&odds.deals.to_string());
    let title = match lang {
        Lang::En => format!(
            "Where each strategy finishes after {deals} {} at a stake of {}",
            lang.deals(u64::from(odds.deals)),
            odds.stake
        ),
        Lang::Fr => format!(
            "Où finit chaque stratégie après {deals} {} avec un enjeu de {}",
            lang.deals(u64::from(odds.deals)),
            odds.stake
        ),
    };
    let subtitle = lang.pick(
        "Exact probability of a final score above, at and below zero",
        "Probabilité exacte d’un score final au-dessus de, à et en dessous de zéro",
    );
    let signs: Vec<[f64; 3]> = MainBet::ALL
        .iter()
        .map(|&bet| odds.signs(bet).map(|p| approx(&p) * 100.0))
        .collect();
    let names = [
        lang.pick("Above 0", "Au-dessus de 0"),
        lang.pick("At 0", "À 0"),
        lang.pick("Below 0", "En dessous de 0"),
    ];
    grouped_signs(&title, subtitle, &signs, &names, lang)
}

/// The grouped bars of [`session_signs_svg`], on a continuous axis (a group per strategy).
fn grouped_signs(
    title: &str,
    subtitle: &str,
    signs: &[[f64; 3]],
    names: &[&str; 3],
    lang: Lang,
) -> Result<String, ChartError> {
    svg((900, 520), |root| {
        let area = titled(root, title, subtitle)?;
        let mut chart = drawn(
            ChartBuilder::on(&area)
                .margin(16)
                .x_label_area_size(44)
                .y_label_area_size(70)
                .build_cartesian_2d(-0.5..(signs.len() as f64 - 0.5), 0.0..100.0),
        )?;
        drawn(
            chart
                .configure_mesh()
                .disable_x_mesh()
                .light_line_style(RGBColor(0xEE, 0xEE, 0xEE))
                .x_labels(signs.len())
                .y_labels(6)
                .x_label_formatter(&|v| {
                    let i = v.round();
                    if (v - i).abs() < 1e-6 && i >= 0.0 {
                        MainBet::ALL
                            .get(i as usize)
                            .map_or(String::new(), |&bet| strategy(bet, lang))
                    } else {
                        String::new()
                    }
                })
                .y_label_formatter(&|v| lang.percent(*v, 0))
                .y_desc(lang.pick("Probability", "Probabilité"))
                .axis_desc_style((FONT, 14))
                .label_style((FONT, 13))
                .draw(),
        )?;
        for (sign, name) in names.iter().enumerate() {
            let fill = colour(sign + 3);
            let offset = (sign as f64 - 1.0) * 0.26;
            drawn(
                chart
                    .draw_series(signs.iter().enumerate().map(|(i, values)| {
                        let x = i as f64 + offset;
                        Rectangle::new([(x - 0.12, 0.0), (x + 0.12, values[sign])], fill.filled())
                    }))
                    .map(|series| {
                        series.label(*name).legend(move |(x, y)| {
                            Rectangle::new([(x, y - 6), (x + 14, y + 6)], fill.filled())
                        })
                    }),
            )?;
            drawn(
                chart.draw_series(signs.iter().enumerate().map(|(i, values)| {
                    Text::new(
                        lang.percent(values[sign], 1),
                        (i as f64 + offset - 0.1, values[sign] + 2.5),
                        (FONT, 12),
                    )
                })),
            )?;
        }
        drawn(
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.9))
                .border_style(RGBColor(0x99, 0x99, 0x99))
                .label_font((FONT, 14))
                .draw(),
        )?;
        Ok(())
    })
}
