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

mod decisions;
mod eor;
mod session;
mod simulation;

pub use decisions::decisions_svg;
pub use eor::eor_svg;
pub use session::session_odds_svg;
pub use simulation::simulation_svg;

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
}
