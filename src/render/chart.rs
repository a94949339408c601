//! Charts as SVG, for people: `session-odds`, `eor`, `shoe-sim` and `decisions` with
//! `--format svg`, and the images of `docs/`.
//!
//! Drawn with plotters' SVG backend alone: no bitmap, no system font. Text is written as SVG
//! `<text>` elements in a generic sans-serif family, which the viewer sets; plotters only
//! estimates its width to lay out the margins. Every chart has a title, axes with ticks and
//! their units, and a legend or a caption for each series, in the chosen language (a decimal
//! comma and French spacing in French). The figures drawn are the nearest doubles of the
//! exact values the other formats print.

use super::tableau::bet_name;
use super::{approx, signed_amount};
use crate::decisions::{Decisions, Place};
use crate::depletion::{EffectOfRemoval, Simulation, SimulationSetup};
use crate::lang::Lang;
use crate::outcome::Hand;
use crate::rules::{Action, MainBet, PuntoMove};
use crate::session_odds::SessionOdds;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A chart that could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChartError {
    /// The drawing library refused a step (not expected: it draws into memory).
    #[error("cannot draw the chart: {0}")]
    Drawing(String),
    /// The figures have nothing to draw.
    #[error("{0}")]
    Nothing(String),
}

/// A drawing step's error as a [`ChartError`].
fn drawn<T, E: std::fmt::Display>(result: Result<T, E>) -> Result<T, ChartError> {
    result.map_err(|e| ChartError::Drawing(e.to_string()))
}

/// The family every text is set in: the viewer's sans-serif.
const FONT: &str = "sans-serif";

/// The colours of the series, in order: Okabe and Ito's palette, told apart by people with
/// any common colour blindness (blue, vermilion, bluish green, orange, reddish purple, sky
/// blue, yellow, then black).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0x00, 0x72, 0xB2),
    RGBColor(0xD5, 0x5E, 0x00),
    RGBColor(0x00, 0x9E, 0x73),
    RGBColor(0xE6, 0x9F, 0x00),
    RGBColor(0xCC, 0x79, 0xA7),
    RGBColor(0x56, 0xB4, 0xE9),
    RGBColor(0xF0, 0xE4, 0x42),
    RGBColor(0x00, 0x00, 0x00),
];

/// The colour of the `index`-th series (the bets in the tariff's order: Punto, Banco, Tie,
/// then the side bets).
fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// A number for a tick or a label, with `places` decimals and a true minus sign, in the
/// language's notation.
fn number(value: f64, places: usize, lang: Lang) -> String {
    // A tick at −0.0 reads as 0.
    let value = if value == 0.0 { 0.0 } else { value };
    lang.decimal(value, places)
}

/// A text style: the size, bold or not, the colour and where the text hangs from its point.
fn style(size: u32, bold: bool, ink: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    let font = (FONT, size).into_font();
    let font = if bold {
        font.style(FontStyle::Bold)
    } else {
        font
    };
    TextStyle {
        font,
        color: ink.to_backend_color(),
        pos: Pos::new(h, v),
    }
}

/// The decimals a tick needs to tell ticks `step` apart.
fn places_for(step: f64) -> usize {
    if !(step.is_finite() && step > 0.0) {
        return 0;
    }
    (-step.log10().floor()).clamp(0.0, 6.0) as usize
}

/// The whole SVG document drawn by `draw` on a canvas of `size` pixels.
fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), ChartError>,
) -> Result<String, ChartError> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        drawn(root.fill(&WHITE))?;
        draw(&root)?;
        drawn(root.present())?;
    }
    text.push('\n');
    Ok(text)
}

/// The area under a title of two lines at most (the second smaller), and the title drawn.
fn titled<'a>(
    root: &DrawingArea<SVGBackend<'a>, Shift>,
    title: &str,
    subtitle: &str,
) -> Result<DrawingArea<SVGBackend<'a>, Shift>, ChartError> {
    let (top, rest) = root.split_vertically(if subtitle.is_empty() { 40 } else { 62 });
    drawn(top.draw(&Text::new(
        title.to_string(),
        (16, 12),
        (FONT, 20).into_font().style(FontStyle::Bold),
    )))?;
    if !subtitle.is_empty() {
        drawn(top.draw(&Text::new(
            subtitle.to_string(),
            (16, 38),
            (FONT, 14).into_font().color(&RGBColor(0x44, 0x44, 0x44)),
        )))?;
    }
    Ok(rest)
}

/// The strategy "Always Punto", "Toujours Punto".
fn strategy(bet: MainBet, lang: Lang) -> String {
    let name = lang.outcome(super::tableau::winner_of(bet));
    match lang {
        Lang::En => format!("Always {name}"),
        Lang::Fr => format!("Toujours {name}"),
    }
}

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

/// A bar of a distribution: its score, its probability in percent and the score's label.
type Bar = (f64, f64, String);

/// A series against the cards left: its name, the share of coups on which it is favourable
/// and its average advantage then, each a list of points.
type Series = (String, Vec<(f64, f64)>, Vec<(f64, f64)>);

/// A signed tick for scores: `+40`, `−20`, `0`.
fn signed_tick(value: f64, places: usize, lang: Lang) -> String {
    let text = number(value.abs(), places, lang);
    let nonzero = !text.trim_start_matches(['0', ',', '.']).is_empty();
    if value > 0.0 && nonzero {
        format!("+{text}")
    } else if value < 0.0 && nonzero {
        format!("−{text}")
    } else {
        text
    }
}

/// The smallest of 1, 2, 2.5 or 5 times a power of ten at or above `value` (positive).
fn nice_ceiling(value: f64) -> f64 {
    let power = 10f64.powf(value.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&v| v >= value * (1.0 - 1e-12))
        .unwrap_or(10.0 * power)
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
    let described = super::analysis::describe_shoe(shoe, lang);
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

/// The legend of a chart's series, in its upper left corner.
fn legend<'a, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, Y>>,
) -> Result<(), ChartError>
where
    Y: Ranged<ValueType = f64>,
{
    drawn(
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(0x99, 0x99, 0x99))
            .label_font((FONT, 14))
            .draw(),
    )
}

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
    let described = super::analysis::describe_shoe(&decisions.shoe, lang);
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
    fn nice_ceilings_are_round_and_above() {
        assert_eq!(nice_ceiling(0.83), 1.0);
        assert_eq!(nice_ceiling(1.2), 2.0);
        assert_eq!(nice_ceiling(2.2), 2.5);
        assert_eq!(nice_ceiling(31.0), 50.0);
        assert_eq!(nice_ceiling(0.0123), 0.02);
    }

    #[test]
    fn signed_ticks_use_the_true_minus_and_the_language_decimal() {
        assert_eq!(signed_tick(40.0, 0, Lang::En), "+40");
        assert_eq!(signed_tick(-0.125, 3, Lang::Fr), "−0,125");
        assert_eq!(signed_tick(-0.0, 2, Lang::En), "0.00");
        assert_eq!(signed_tick(0.0001, 2, Lang::En), "0.00");
    }

    #[test]
    fn the_scale_is_white_at_zero_and_full_at_the_ends() {
        assert_eq!(diverging(0.0), RGBColor(255, 255, 255));
        assert_eq!(diverging(1.0), RGBColor(0x21, 0x66, 0xAC));
        assert_eq!(diverging(-2.0), RGBColor(0xB2, 0x18, 0x2B));
    }
}
