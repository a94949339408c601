//! The chart of `shoe-sim`: each bet's mean exact edge by cards left in the shoe.

use super::*;

/// `shoe-sim`: how often and by how much each bet turns favourable as the shoe is dealt, by
/// the cards left before the coup (the bands of the run's profile): above, the share of coups
/// on which it is favourable; below, its average advantage on those coups. A line per bet,
/// the full shoe on the left.
pub fn simulation_svg(
    sim: &Simulation,
    setup: &SimulationSetup,
    lang: Lang,
) -> Result<String, ChartError> {
    let profile = sim.profile();
    let bands: Vec<_> = profile.bands().iter().filter(|b| b.coups() > 0).collect();
    if bands.is_empty() {
        return Err(ChartError::Nothing(
            lang.pick(
                "no coup was dealt: there is nothing to chart",
                "aucun coup n’a été donné\u{a0}: il n’y a rien à tracer",
            )
            .into(),
        ));
    }
    let shoes = lang.integer(&sim.shoes().to_string());
    let coups = lang.integer(&sim.coups().to_string());
    let n = setup.n_decks;
    let title = lang.pick(
        "When each bet turns favourable as the shoe is dealt",
        "Quand chaque pari devient favorable au fil du sabot",
    );
    let subtitle = match lang {
        Lang::En => format!(
            "{shoes} shoes of {n} {} (seed {}, {} rules), {coups} coups; each point a band of {} cards left",
            lang.decks(n),
            setup.seed,
            setup.rules,
            profile.width()
        ),
        Lang::Fr => format!(
            "{shoes} sabots de {n} {} (graine {}, règles {}), {coups} coups\u{a0}; chaque point une tranche de {}\u{a0}cartes restantes",
            lang.decks(n),
            setup.seed,
            setup.rules,
            profile.width()
        ),
    };
    let middle = |b: &crate::depletion::Band| (b.from() + b.to()) as f64 / 2.0;
    let series: Vec<Series> = sim
        .bets()
        .iter()
        .enumerate()
        .map(|(bet, key)| {
            let shares = bands
                .iter()
                .map(|b| (middle(b), approx(&b.share(bet)) * 100.0))
                .collect();
            let advantages = bands
                .iter()
                .filter(|b| b.bet(bet).0 > 0)
                .map(|b| (middle(b), approx(&b.average_advantage(bet)) * 100.0))
                .collect();
            (bet_name(key, lang), shares, advantages)
        })
        .collect();
    let cards = (52 * n) as f64;
    let share_top = nice_ceiling(
        series
            .iter()
            .flat_map(|s| s.1.iter().map(|p| p.1))
            .fold(0.0, f64::max)
            .max(1e-6)
            * 1.1,
    );
    // The advantages span orders of magnitude (a tenth of a percent on Banco, ten percent
    // on Tie): they are drawn on a logarithmic scale, from a power of ten below the least.
    let advantages = || series.iter().flat_map(|s| s.2.iter().map(|p| p.1));
    let advantage_top = nice_ceiling(advantages().fold(0.0, f64::max).max(1e-6) * 1.1);
    let advantage_bottom = 10f64.powf(
        advantages()
            .filter(|a| *a > 0.0)
            .fold(advantage_top / 10.0, f64::min)
            .log10()
            .floor(),
    );
    let cards_desc = lang.pick(
        "Cards left in the shoe before the coup",
        "Cartes restant dans le sabot avant le coup",
    );
    svg((900, 780), |root| {
        let area = titled(root, title, &subtitle)?;
        let (upper, lower) = area.split_vertically(359);
        let share_caption = lang.pick(
            "How often: share of coups on which the bet is favourable",
            "Combien de fois\u{a0}: part des coups où le pari est favorable",
        );
        let mut chart = drawn(
            ChartBuilder::on(&upper)
                .caption(share_caption, (FONT, 15).into_font().style(FontStyle::Bold))
                .margin_left(16)
                .margin_right(28)
                .margin_top(4)
                .x_label_area_size(44)
                .y_label_area_size(76)
                .build_cartesian_2d(cards..0.0, 0.0..share_top),
        )?;
        drawn(
            chart
                .configure_mesh()
                .light_line_style(RGBColor(0xF2, 0xF2, 0xF2))
                .x_labels(9)
                .y_labels(6)
                .x_label_formatter(&|v| lang.integer(&format!("{:.0}", v.abs())))
                .y_label_formatter(&|v| lang.percent(*v, places_for(share_top / 5.0)))
                .x_desc(cards_desc)
                .y_desc(lang.pick("Share of coups", "Part des coups"))
                .axis_desc_style((FONT, 14))
                .label_style((FONT, 13))
                .draw(),
        )?;
        for (index, (name, share, _)) in series.iter().enumerate() {
            line_with_points(&mut chart, name, share, colour(index))?;
        }
        legend(&mut chart)?;
        let advantage_caption = lang.pick(
            "By how much: the player's average advantage on those coups (logarithmic scale)",
            "De combien\u{a0}: avantage moyen du joueur sur ces coups (échelle logarithmique)",
        );
        let mut chart = drawn(
            ChartBuilder::on(&lower)
                .caption(
                    advantage_caption,
                    (FONT, 15).into_font().style(FontStyle::Bold),
                )
                .margin_left(16)
                .margin_right(28)
                .margin_top(14)
                .x_label_area_size(44)
                .y_label_area_size(76)
                .build_cartesian_2d(cards..0.0, (advantage_bottom..advantage_top).log_scale()),
        )?;
        drawn(
            chart
                .configure_mesh()
                .light_line_style(RGBColor(0xF2, 0xF2, 0xF2))
                .x_labels(9)
                .y_labels(8)
                .x_label_formatter(&|v| lang.integer(&format!("{:.0}", v.abs())))
                .y_label_formatter(&|v| lang.percent(*v, places_for(*v)))
                .x_desc(cards_desc)
                .y_desc(lang.pick("Advantage", "Avantage"))
                .axis_desc_style((FONT, 14))
                .label_style((FONT, 13))
                .draw(),
        )?;
        for (index, (name, _, advantage)) in series.iter().enumerate() {
            line_with_points(&mut chart, name, advantage, colour(index))?;
        }
        legend(&mut chart)?;
        Ok(())
    })
}

/// A series drawn as a line through its points, each point marked, with its legend entry.
fn line_with_points<'a, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, Y>>,
    name: &str,
    points: &[(f64, f64)],
    stroke: RGBColor,
) -> Result<(), ChartError>
where
    Y: Ranged<ValueType = f64>,
{
    drawn(
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                stroke.stroke_width(2),
            ))
            .map(|s| {
                s.label(name.to_string()).legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], stroke.stroke_width(3))
                })
            }),
    )?;
    drawn(
        chart.draw_series(
            points
                .iter()
                .map(|&point| Circle::new(point, 3, stroke.filled())),
        ),
    )?;
    Ok(())
}
