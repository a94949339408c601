//! The chart of `eor`: each bet's change of edge when one card of each rank (or each card) is
//! removed.

use super::*;

/// `eor`: each bet's change of house edge when one card is removed, in percentage points,
/// one panel per bet (each on its own scale, so that the small effects on Punto and Banco
/// show beside the large ones on Tie), a bar per rank or per card.
pub fn eor_svg(
    eor: &EffectOfRemoval,
    shoe: &crate::shoe::Shoe,
    rules_id: &str,
    lang: Lang,
) -> Result<String, ChartError> {
    let (labels, rows): (Vec<String>, Vec<&crate::depletion::Changes>) = match eor.by_card() {
        Some(cards) => cards.iter().map(|(c, ch)| (c.to_string(), ch)).unzip(),
        None => eor
            .by_rank()
            .iter()
            .map(|(r, ch)| (r.to_string(), ch))
            .unzip(),
    };
    let title = match (lang, eor.is_by_card()) {
        (Lang::En, false) => "Change of each bet's house edge when one card of a rank is removed",
        (Lang::Fr, false) => {
            "Variation de l’avantage de la maison de chaque pari quand une carte d’un rang est retirée"
        }
        (Lang::En, true) => "Change of each bet's house edge when one exact card is removed",
        (Lang::Fr, true) => {
            "Variation de l’avantage de la maison de chaque pari quand une carte précise est retirée"
        }
    };
    let described = crate::render::analysis::describe_shoe(shoe, lang);
    let subtitle = match lang {
        Lang::En => format!(
            "Shoe: {described}; rules: {rules_id}. Above zero, the removal is good for the house."
        ),
        Lang::Fr => format!(
            "Sabot\u{a0}: {described}\u{a0}; règles\u{a0}: {rules_id}. Au-dessus de zéro, le retrait profite à la maison."
        ),
    };
    let bets = eor.bets();
    if bets.is_empty() {
        return Err(ChartError::Nothing("the rules have no bet to chart".into()));
    }
    let panel_height = 230;
    let width = if eor.is_by_card() { 1200 } else { 900 };
    let height = 62 + panel_height * bets.len() as u32;
    svg((width, height), |root| {
        let area = titled(root, title, &subtitle)?;
        for ((index, key), panel) in bets
            .iter()
            .enumerate()
            .zip(area.split_evenly((bets.len(), 1)))
        {
            let values: Vec<Option<f64>> = rows
                .iter()
                .map(|changes| changes.as_ref().map(|c| approx(&c[index]) * 100.0))
                .collect();
            let reach = values
                .iter()
                .flatten()
                .fold(0.0f64, |m, v| m.max(v.abs()))
                .max(1e-9);
            let top = nice_ceiling(reach * 1.15);
            let edge = approx(&eor.base()[index]) * 100.0;
            let caption = match lang {
                Lang::En => format!(
                    "{} (edge of this shoe {})",
                    bet_name(key, lang),
                    lang.percent(edge, 4)
                ),
                Lang::Fr => format!(
                    "{} (avantage de ce sabot {})",
                    bet_name(key, lang),
                    lang.percent(edge, 4)
                ),
            };
            let mut chart = drawn(
                ChartBuilder::on(&panel)
                    .caption(caption, (FONT, 15).into_font().style(FontStyle::Bold))
                    .margin_left(16)
                    .margin_right(24)
                    .margin_top(4)
                    .x_label_area_size(30)
                    .y_label_area_size(84)
                    .build_cartesian_2d(-0.5..(labels.len() as f64 - 0.5), -top..top),
            )?;
            let y_step = top / 2.0;
            drawn(
                chart
                    .configure_mesh()
                    .disable_x_mesh()
                    .light_line_style(RGBColor(0xEE, 0xEE, 0xEE))
                    .x_labels(labels.len())
                    .y_labels(5)
                    .x_label_formatter(&|v| {
                        let i = v.round();
                        if (v - i).abs() < 1e-6 && i >= 0.0 {
                            labels.get(i as usize).cloned().unwrap_or_default()
                        } else {
                            String::new()
                        }
                    })
                    .y_label_formatter(&|v| signed_tick(*v, places_for(y_step) + 1, lang))
                    .y_desc(lang.pick("Percentage points", "Points de pourcentage"))
                    .axis_desc_style((FONT, 13))
                    .label_style((FONT, if eor.is_by_card() { 10 } else { 13 }))
                    .draw(),
            )?;
            let fill = colour(index);
            drawn(
                chart
                    .draw_series(values.iter().enumerate().filter_map(|(i, v)| {
                        v.map(|v| {
                            let x = i as f64;
                            Rectangle::new([(x - 0.35, 0.0), (x + 0.35, v)], fill.filled())
                        })
                    }))
                    .map(|series| {
                        series.label(bet_name(key, lang)).legend(move |(x, y)| {
                            Rectangle::new([(x, y - 6), (x + 14, y + 6)], fill.filled())
                        })
                    }),
            )?;
            drawn(chart.draw_series(std::iter::once(PathElement::new(
                vec![(-0.5, 0.0), (labels.len() as f64 - 0.5, 0.0)],
                BLACK.stroke_width(1),
            ))))?;
        }
        Ok(())
    })
}
