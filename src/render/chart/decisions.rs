//! The chart of `decisions`: the value of each drawing decision as a coloured grid.

use super::*;

/// `decisions`: Banco's tableau twice, a cell per Banco total and Punto's third card (or
/// Punto standing), coloured by how much drawing instead of standing changes the Banco bet
/// (left) and the Punto bet (right) per coup: blue where drawing is better for the bet, red
/// where standing is, paler the smaller the change (on a square-root scale, so that small
/// margins still show). Each cell says what the rules do and the change in percentage
/// points; a square outline marks the cells where the tableau is not Banco's best response.
pub fn decisions_svg(
    decisions: &Decisions,
    rules_name: &str,
    lang: Lang,
) -> Result<String, ChartError> {
    let described = crate::render::analysis::describe_shoe(&decisions.shoe, lang);
    let title = lang.pick(
        "The value of drawing rather than standing at each of Banco's decisions",
        "Ce que vaut tirer plutôt que rester à chaque décision de Banco",
    );
    let subtitle = match lang {
        Lang::En => format!(
            "Change of the bet's expected net per coup, in percentage points of the stake; D or S: what the rules do. Shoe: {described}; rules: {rules_name}."
        ),
        Lang::Fr => format!(
            "Variation du gain espéré du pari par coup, en points de pourcentage de la mise\u{a0}; T ou R\u{a0}: ce que font les règles. Sabot\u{a0}: {described}\u{a0}; règles\u{a0}: {rules_name}."
        ),
    };
    let cells: Vec<&crate::decisions::Value> = decisions
        .cells
        .iter()
        .filter(|v| matches!(v.place, Place::Banco { .. }))
        .collect();
    let totals: Vec<u8> = {
        let mut t: Vec<u8> = cells
            .iter()
            .filter_map(|v| match v.place {
                Place::Banco { total, .. } => Some(total),
                Place::Punto { .. } => None,
            })
            .collect();
        t.sort_unstable();
        t.dedup();
        t
    };
    if totals.is_empty() {
        return Err(ChartError::Nothing(
            lang.pick(
                "Banco has no drawing decision in these rules: there is no grid to chart",
                "Banco n’a aucune décision de tirage dans ces règles\u{a0}: il n’y a pas de grille à tracer",
            )
            .into(),
        ));
    }
    let columns: Vec<PuntoMove> = (0..10)
        .map(PuntoMove::Drew)
        .chain(std::iter::once(PuntoMove::Stood))
        .collect();
    let column_label = |m: &PuntoMove| match m {
        PuntoMove::Drew(v) => v.to_string(),
        PuntoMove::Stood => lang.pick("stood", "resté").to_string(),
    };
    let letter = |a: Action| match a {
        Action::Draw => lang.pick("D", "T"),
        Action::Stand => lang.pick("S", "R"),
    };
    let not_best: Vec<Place> = decisions.not_best(Hand::Banco).map(|v| v.place).collect();
    let grid_width = 640u32;
    let cell_height = 46u32;
    let grid_height = 70 + cell_height * totals.len() as u32 + 60;
    let height = 62 + grid_height + 90;
    svg((2 * grid_width + 40, height), |root| {
        let area = titled(root, title, &subtitle)?;
        let (grids, legend) = area.split_vertically(grid_height);
        let (left, right) = grids.split_horizontally(grid_width + 20);
        let panels = [
            (
                left,
                Hand::Banco,
                lang.pick("The Banco bet", "Le pari Banco"),
            ),
            (
                right,
                Hand::Punto,
                lang.pick("The Punto bet", "Le pari Punto"),
            ),
        ];
        // One colour scale for both grids: the largest change anywhere.
        let reach = cells
            .iter()
            .flat_map(|v| {
                [
                    approx(&v.draw_minus_stand.banco),
                    approx(&v.draw_minus_stand.punto),
                ]
            })
            .fold(0.0f64, |m, x| m.max(x.abs()))
            .max(1e-12)
            * 100.0;
        for (panel, bet, caption) in panels {
            let mut chart = drawn(
                ChartBuilder::on(&panel)
                    .caption(caption, (FONT, 16).into_font().style(FontStyle::Bold))
                    .margin_left(12)
                    .margin_right(12)
                    .x_label_area_size(50)
                    .y_label_area_size(70)
                    .build_cartesian_2d(0.0..columns.len() as f64, totals.len() as f64..0.0),
            )?;
            drawn(
                chart
                    .configure_mesh()
                    .disable_mesh()
                    .x_labels(columns.len() * 2 + 1)
                    .y_labels(totals.len() * 2 + 1)
                    .x_label_formatter(&|v| {
                        let i = v - 0.5;
                        if (i - i.round()).abs() < 1e-6 && i >= 0.0 {
                            columns
                                .get(i.round() as usize)
                                .map_or(String::new(), column_label)
                        } else {
                            String::new()
                        }
                    })
                    .y_label_formatter(&|v| {
                        let i = v - 0.5;
                        if (i - i.round()).abs() < 1e-6 && i >= 0.0 {
                            totals
                                .get(i.round() as usize)
                                .map_or(String::new(), |t| t.to_string())
                        } else {
                            String::new()
                        }
                    })
                    .x_desc(lang.pick(
                        "Punto's third card (or Punto stood)",
                        "Troisième carte de Punto (ou Punto est resté)",
                    ))
                    .y_desc(lang.pick("Banco's total", "Total de Banco"))
                    .axis_desc_style((FONT, 14))
                    .label_style((FONT, 13))
                    .draw(),
            )?;
            for value in &cells {
                let Place::Banco { total, punto_move } = value.place else {
                    continue;
                };
                let (Some(row), Some(column)) = (
                    totals.iter().position(|t| *t == total),
                    columns.iter().position(|m| *m == punto_move),
                ) else {
                    continue;
                };
                let margin = approx(value.draw_minus_stand.on(bet)) * 100.0;
                let (x, y) = (column as f64, row as f64);
                drawn(chart.draw_series(std::iter::once(Rectangle::new(
                    [(x, y), (x + 1.0, y + 1.0)],
                    diverging(margin / reach).filled(),
                ))))?;
                drawn(chart.draw_series(std::iter::once(Rectangle::new(
                    [(x, y), (x + 1.0, y + 1.0)],
                    WHITE.stroke_width(1),
                ))))?;
                if bet == Hand::Banco && not_best.contains(&value.place) {
                    drawn(chart.draw_series(std::iter::once(Rectangle::new(
                        [(x + 0.06, y + 0.08), (x + 0.94, y + 0.92)],
                        BLACK.stroke_width(2),
                    ))))?;
                }
                let ink = if (margin / reach).abs() > 0.5 {
                    WHITE
                } else {
                    BLACK
                };
                drawn(chart.draw_series(std::iter::once(Text::new(
                    letter(value.tableau).to_string(),
                    (x + 0.5, y + 0.3),
                    style(12, true, ink, HPos::Center, VPos::Center),
                ))))?;
                drawn(chart.draw_series(std::iter::once(Text::new(
                    signed_tick(margin, 4, lang),
                    (x + 0.5, y + 0.7),
                    style(11, false, ink, HPos::Center, VPos::Center),
                ))))?;
            }
        }
        colour_legend(&legend, reach, !not_best.is_empty(), lang)
    })
}

/// The colour of a change on the diverging scale: `t` from −1 (standing better, red)
/// through 0 (white) to +1 (drawing better, blue), on a square-root scale.
fn diverging(t: f64) -> RGBColor {
    let t = t.clamp(-1.0, 1.0);
    let strength = t.abs().sqrt();
    let (r, g, b) = if t >= 0.0 {
        (0x21, 0x66, 0xAC)
    } else {
        (0xB2, 0x18, 0x2B)
    };
    let mix = |c: u8| (255.0 + (f64::from(c) - 255.0) * strength).round() as u8;
    RGBColor(mix(r), mix(g), mix(b))
}

/// The key of [`decisions_svg`]'s colours: a bar from standing better to drawing better,
/// with ticks in percentage points, and what an outlined cell means.
fn colour_legend(
    area: &DrawingArea<SVGBackend, Shift>,
    reach: f64,
    outlined: bool,
    lang: Lang,
) -> Result<(), ChartError> {
    let (left, width, top, height) = (150i32, 700i32, 28i32, 18i32);
    let steps = 140;
    for k in 0..steps {
        let t = -1.0 + 2.0 * (k as f64 + 0.5) / steps as f64;
        let x0 = left + width * k / steps;
        let x1 = left + width * (k + 1) / steps;
        drawn(area.draw(&Rectangle::new(
            [(x0, top), (x1, top + height)],
            diverging(t).filled(),
        )))?;
    }
    drawn(area.draw(&Rectangle::new(
        [(left, top), (left + width, top + height)],
        RGBColor(0x66, 0x66, 0x66).stroke_width(1),
    )))?;
    // Ticks at fractions of the largest change, placed on the square-root scale.
    for fraction in [-1.0f64, -0.25, -0.04, 0.0, 0.04, 0.25, 1.0] {
        let position = fraction.signum() * fraction.abs().sqrt();
        let x = left + ((position + 1.0) / 2.0 * width as f64).round() as i32;
        drawn(area.draw(&PathElement::new(
            vec![(x, top + height), (x, top + height + 5)],
            BLACK.stroke_width(1),
        )))?;
        drawn(area.draw(&Text::new(
            signed_tick(fraction * reach, 2, lang),
            (x, top + height + 8),
            style(12, false, BLACK, HPos::Center, VPos::Top),
        )))?;
    }
    drawn(
        area.draw(&Text::new(
            lang.pick(
                "standing better for the bet",
                "rester meilleur pour le pari",
            )
            .to_string(),
            (left, top - 6),
            style(13, false, BLACK, HPos::Left, VPos::Bottom),
        )),
    )?;
    drawn(
        area.draw(&Text::new(
            lang.pick("drawing better for the bet", "tirer meilleur pour le pari")
                .to_string(),
            (left + width, top - 6),
            style(13, false, BLACK, HPos::Right, VPos::Bottom),
        )),
    )?;
    drawn(
        area.draw(&Text::new(
            lang.pick(
                "percentage points per coup",
                "points de pourcentage par coup",
            )
            .to_string(),
            (left + width + 14, top + height / 2),
            style(12, false, BLACK, HPos::Left, VPos::Center),
        )),
    )?;
    if outlined {
        drawn(area.draw(&Text::new(
            lang.pick(
                "Outlined: the rules' action is not Banco's best response for the Banco bet.",
                "Encadré\u{a0}: l’action des règles n’est pas la meilleure réponse de Banco pour le pari Banco.",
            )
            .to_string(),
            (left, top + height + 32),
            style(13, false, BLACK, HPos::Left, VPos::Top),
        )))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_white_at_zero_and_full_at_the_ends() {
        assert_eq!(diverging(0.0), RGBColor(255, 255, 255));
        assert_eq!(diverging(1.0), RGBColor(0x21, 0x66, 0xAC));
        assert_eq!(diverging(-2.0), RGBColor(0xB2, 0x18, 0x2B));
    }
}
