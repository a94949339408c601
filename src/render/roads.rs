//! The scoreboard of `roads`: a shoe's roads drawn as text for a terminal, Markdown, a JSON
//! line, or SVG drawn as a casino's board shows it.
//!
//! The board's conventions, where published descriptions differ, are these (the Wizard of
//! Odds' "Baccarat Score Boards"; the "five road rules" pages of online casinos): Banco red,
//! Punto blue, a tie green; the bead plate read down its six rows, then right; the Big Road
//! of hollow circles, a tie a green slash through the win before it (with their number when
//! more than one); Big Eye Boy hollow circles, Small Road filled dots, Cockroach Pig slashes,
//! each derived road a new column when its colour changes. Pair and natural markers are not
//! drawn: a log's results are the roads' input, and boards disagree on those markers.
//!
//! The SVG is written by hand rather than with the charts' plotting library: a board is a
//! grid of cells, with no axis or scale.

use super::{Format, Page, approx, fraction};
use crate::document::roads::{AskCells, BigRoadEntry, Next, NextCoup, RoadsShoe};
use crate::lang::Lang;
use crate::outcome::Winner;
use crate::roads::log::{RoadsLogError, ShoeRoads, read_shoes};
use crate::roads::{Derived, Layout, Mark, Roads, Side, next_coup};
use num_rational::BigRational;
use std::fmt::Write as _;

/// The letter of a result in JSON: `B`, `P`, `T`.
fn result_key(winner: Winner) -> char {
    match winner {
        Winner::Banco => 'B',
        Winner::Punto => 'P',
        Winner::Tie => 'T',
    }
}

/// The letter of a result for people: `B`, `P`, `T`; in French `B`, `P`, `É` (Égalité).
fn result_letter(winner: Winner, lang: Lang) -> char {
    match winner {
        Winner::Tie => lang.pick('T', 'É'),
        other => result_key(other),
    }
}

/// A road's name for people. The French names are plain translations: no French casino's
/// names for these boards were found to cite.
pub fn road_name(road: Option<Derived>, lang: Lang) -> &'static str {
    match road {
        None => lang.pick("Big Road", "Grande route"),
        Some(Derived::BigEyeBoy) => lang.pick("Big Eye Boy", "Grand œil"),
        Some(Derived::SmallRoad) => lang.pick("Small Road", "Petite route"),
        Some(Derived::CockroachPig) => lang.pick("Cockroach Pig", "Cafard"),
    }
}

fn bead_plate_name(lang: Lang) -> &'static str {
    lang.pick("Bead plate", "Plateau de perles")
}

/// The ask cells of one side for the document.
fn ask_cells(roads: &Roads, side: Side) -> AskCells {
    let ask = roads.ask(side);
    let letter = |road: Derived| {
        ask[road.offset() - 1].map(|mark| match mark {
            Mark::Red => "R",
            Mark::Blue => "B",
        })
    };
    AskCells {
        big_eye_boy: letter(Derived::BigEyeBoy),
        cockroach_pig: letter(Derived::CockroachPig),
        small_road: letter(Derived::SmallRoad),
    }
}

fn marks(roads: &Roads, road: Derived) -> String {
    roads.derived(road).iter().map(|m| m.letter()).collect()
}

/// A shoe's JSON line; `next_coup` the probabilities of Banco, Punto and a tie on the next
/// coup, when the shoe holds enough cards for one.
pub fn shoe_document(shoe: &ShoeRoads, next_coup: Option<&[BigRational; 3]>) -> RoadsShoe {
    let roads = &shoe.roads;
    RoadsShoe {
        bead_plate: roads.bead_plate().iter().map(|&w| result_key(w)).collect(),
        big_eye_boy: marks(roads, Derived::BigEyeBoy),
        big_road: roads
            .big_road()
            .columns()
            .iter()
            .map(|column| {
                column
                    .iter()
                    .map(|entry| BigRoadEntry {
                        ties: entry.ties,
                        winner: match entry.winner {
                            Side::Banco => "B",
                            Side::Punto => "P",
                        },
                    })
                    .collect()
            })
            .collect(),
        cockroach_pig: marks(roads, Derived::CockroachPig),
        leading_ties: roads.big_road().leading_ties(),
        next: Next {
            banco: ask_cells(roads, Side::Banco),
            punto: ask_cells(roads, Side::Punto),
        },
        next_coup: next_coup.map(|[banco, punto, tie]| NextCoup {
            banco: fraction(banco),
            punto: fraction(punto),
            tie: fraction(tie),
        }),
        schema: crate::SCHEMA,
        shoe: shoe.number,
        small_road: marks(roads, Derived::SmallRoad),
    }
}

/// A grid of text cells, `width` characters each, `·` where empty.
fn grid(cells: &[(usize, usize, String)], rows: usize, width: usize) -> String {
    let columns = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let mut board = vec![vec![format!("{:<width$}", "·"); columns]; rows];
    for (x, y, text) in cells {
        if *y < rows {
            board[*y][*x] = format!("{text:<width$}");
        }
    }
    let mut out = String::new();
    for row in board {
        out.push_str(row.concat().trim_end());
        out.push('\n');
    }
    out
}

/// The cells of the bead plate: results down the rows, then right.
fn bead_cells(roads: &Roads, rows: usize) -> Vec<(usize, usize, Winner)> {
    roads
        .bead_plate()
        .iter()
        .enumerate()
        .map(|(i, &w)| (i / rows, i % rows, w))
        .collect()
}

/// The cells of the Big Road as the board lays it out: each entry with its winner and ties.
fn big_road_cells(roads: &Roads, layout: Layout) -> Vec<(usize, usize, Side, u32)> {
    let columns = roads.big_road().columns();
    let lengths: Vec<usize> = columns.iter().map(Vec::len).collect();
    layout
        .place(&lengths)
        .iter()
        .zip(columns)
        .flat_map(|(cells, column)| {
            cells
                .iter()
                .zip(column)
                .map(|(cell, entry)| (cell.x, cell.y, entry.winner, entry.ties))
        })
        .collect()
}

/// The cells of a derived road: its marks in columns, a new column when the colour changes.
fn derived_cells(roads: &Roads, road: Derived, layout: Layout) -> Vec<(usize, usize, Mark)> {
    let marks = roads.derived(road);
    let mut lengths: Vec<usize> = Vec::new();
    for (i, mark) in marks.iter().enumerate() {
        match lengths.last_mut() {
            Some(length) if marks[i - 1] == *mark => *length += 1,
            _ => lengths.push(1),
        }
    }
    let placed = layout.place(&lengths);
    placed
        .iter()
        .flatten()
        .zip(marks)
        .map(|(cell, &mark)| (cell.x, cell.y, mark))
        .collect()
}

fn mark_letter(mark: Option<Mark>) -> &'static str {
    match mark {
        Some(Mark::Red) => "R",
        Some(Mark::Blue) => "B",
        None => "–",
    }
}

/// The heading of a shoe and its counts.
fn shoe_title(shoe: &ShoeRoads, lang: Lang) -> String {
    let count = |w: Winner| shoe.roads.bead_plate().iter().filter(|&&r| r == w).count();
    let line = match shoe.line {
        Some(line) => lang.pick(format!(" (line {line})"), format!(" (ligne {line})")),
        None => String::new(),
    };
    format!(
        "{} {}{line}: {} {}, Banco {}, Punto {}, {} {}",
        lang.pick("Shoe", "Sabot"),
        shoe.number,
        shoe.roads.bead_plate().len(),
        lang.pick("coups", "coups"),
        count(Winner::Banco),
        count(Winner::Punto),
        lang.pick("Tie", "Égalité"),
        count(Winner::Tie),
    )
    .replace(": ", lang.pick(": ", "\u{a0}: "))
}

/// A shoe's scoreboard as text (or Markdown): each road drawn as a grid, the ask cells and
/// the next coup's probabilities.
pub fn shoe_text(
    page: &Page,
    shoe: &ShoeRoads,
    next_coup: Option<&[BigRational; 3]>,
    layout: Layout,
) -> String {
    let lang = page.lang;
    let roads = &shoe.roads;
    let rows = layout.rows();
    let colon = lang.pick(":", "\u{a0}:");
    let mut out = page.heading(1, &shoe_title(shoe, lang));
    let block = |title: &str, body: String| {
        let mut text = page.heading(2, title);
        if page.format == Format::Markdown {
            let _ = write!(text, "```text\n{body}```\n\n");
        } else {
            let _ = writeln!(text, "{body}");
        }
        text
    };
    let bead: Vec<_> = bead_cells(roads, rows)
        .into_iter()
        .map(|(x, y, w)| (x, y, result_letter(w, lang).to_string()))
        .collect();
    out.push_str(&block(bead_plate_name(lang), grid(&bead, rows, 2)));
    let big: Vec<_> = big_road_cells(roads, layout)
        .into_iter()
        .map(|(x, y, side, ties)| {
            let letter = result_letter(side.winner(), lang);
            let ties = match ties {
                0 => String::new(),
                1..=9 => ties.to_string(),
                _ => "+".to_string(),
            };
            (x, y, format!("{letter}{ties}"))
        })
        .collect();
    let mut body = grid(&big, rows, 3);
    if roads.big_road().leading_ties() > 0 {
        let _ = writeln!(
            body,
            "{}{colon} {}",
            lang.pick("Leading ties", "Égalités avant la première victoire"),
            roads.big_road().leading_ties()
        );
    }
    out.push_str(&block(road_name(None, lang), body));
    for road in Derived::ALL {
        let cells: Vec<_> = derived_cells(roads, road, layout)
            .into_iter()
            .map(|(x, y, mark)| (x, y, mark.letter().to_string()))
            .collect();
        out.push_str(&block(road_name(Some(road), lang), grid(&cells, rows, 2)));
    }
    let mut next = String::new();
    for side in Side::BOTH {
        let ask = roads.ask(side);
        let cells: Vec<String> = Derived::ALL
            .iter()
            .map(|&road| {
                format!(
                    "{} {}",
                    road_name(Some(road), lang),
                    mark_letter(ask[road.offset() - 1])
                )
            })
            .collect();
        let _ = writeln!(
            next,
            "{}{colon} {}",
            lang.pick(
                match side {
                    Side::Banco => "If Banco wins",
                    Side::Punto => "If Punto wins",
                },
                match side {
                    Side::Banco => "Si Banco gagne",
                    Side::Punto => "Si Punto gagne",
                }
            ),
            cells.join(", ")
        );
    }
    let _ = writeln!(
        next,
        "{}{colon} {}",
        lang.pick(
            "Next coup, from the cards left",
            "Coup suivant, d’après les cartes restantes"
        ),
        match next_coup {
            Some([banco, punto, tie]) => format!(
                "Banco {}, Punto {}, {} {}",
                lang.percent(approx(banco) * 100.0, 4),
                lang.percent(approx(punto) * 100.0, 4),
                lang.pick("Tie", "Égalité"),
                lang.percent(approx(tie) * 100.0, 4)
            ),
            None => lang
                .pick(
                    "too few cards left for a coup",
                    "trop peu de cartes pour un coup"
                )
                .to_string(),
        }
    );
    let title = lang.pick(
        "Ask cells (red R, blue B, – no mark yet)",
        "Questions (R rouge, B bleu, – pas encore de marque)",
    );
    if page.format == Format::Markdown {
        out.push_str(&page.heading(2, title));
        for line in next.lines() {
            let _ = writeln!(out, "- {line}");
        }
        out.push('\n');
    } else {
        out.push_str(&page.heading(2, title));
        out.push_str(&next);
        out.push('\n');
    }
    out
}

const RED: &str = "#c8102e";
const BLUE: &str = "#0050b5";
const GREEN: &str = "#007a3d";
const GRID: &str = "#c8c8c8";

fn mark_colour(mark: Mark) -> &'static str {
    match mark {
        Mark::Red => RED,
        Mark::Blue => BLUE,
    }
}

fn side_colour(side: Side) -> &'static str {
    match side {
        Side::Banco => RED,
        Side::Punto => BLUE,
    }
}

/// One board drawn at (`left`, `top`): a grid of `columns` × `rows` cells of `size` pixels,
/// its title above it; `draw` writes each cell's mark, given its centre.
struct Board {
    left: f64,
    top: f64,
    size: f64,
    rows: usize,
}

impl Board {
    fn centre(&self, x: usize, y: usize) -> (f64, f64) {
        (
            self.left + (x as f64 + 0.5) * self.size,
            self.top + (y as f64 + 0.5) * self.size,
        )
    }

    fn frame(&self, svg: &mut String, columns: usize, title: &str) {
        let width = columns as f64 * self.size;
        let height = self.rows as f64 * self.size;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="12">{}</text>"#,
            self.left,
            self.top - 5.0,
            escape(title)
        );
        for x in 0..=columns {
            let at = self.left + x as f64 * self.size;
            let _ = writeln!(
                svg,
                r#"<line x1="{at:.1}" y1="{:.1}" x2="{at:.1}" y2="{:.1}" stroke="{GRID}" stroke-width="0.5"/>"#,
                self.top,
                self.top + height
            );
        }
        for y in 0..=self.rows {
            let at = self.top + y as f64 * self.size;
            let _ = writeln!(
                svg,
                r#"<line x1="{:.1}" y1="{at:.1}" x2="{:.1}" y2="{at:.1}" stroke="{GRID}" stroke-width="0.5"/>"#,
                self.left,
                self.left + width
            );
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The columns a board needs to show its cells, at least `least`.
fn columns_of<T>(cells: &[(usize, usize, T)], least: usize) -> usize {
    cells.iter().map(|c| c.0 + 1).max().unwrap_or(0).max(least)
}

/// One shoe's board drawn into `svg` from `top`; returns the height it took and its width.
fn shoe_svg(
    svg: &mut String,
    shoe: &ShoeRoads,
    next_coup: Option<&[BigRational; 3]>,
    layout: Layout,
    lang: Lang,
    top: f64,
) -> (f64, f64) {
    let roads = &shoe.roads;
    let rows = layout.rows();
    let margin = 10.0;
    let big = 20.0;
    let small = 10.0;
    let _ = writeln!(
        svg,
        r#"<text x="{margin}" y="{:.1}" font-family="sans-serif" font-size="14" font-weight="bold">{}</text>"#,
        top + 16.0,
        escape(&shoe_title(shoe, lang))
    );
    let mut y = top + 44.0;
    let mut width: f64 = 0.0;
    // The bead plate: filled circles with the result's letter.
    let bead = bead_cells(roads, rows);
    let board = Board {
        left: margin,
        top: y,
        size: big,
        rows,
    };
    let columns = columns_of(&bead, 12);
    board.frame(svg, columns, bead_plate_name(lang));
    for &(x, cy, w) in &bead {
        let (cx, cy) = board.centre(x, cy);
        let fill = match w {
            Winner::Banco => RED,
            Winner::Punto => BLUE,
            Winner::Tie => GREEN,
        };
        let _ = writeln!(
            svg,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="8" fill="{fill}"/><text x="{cx:.1}" y="{:.1}" font-family="sans-serif" font-size="10" fill="#fff" text-anchor="middle">{}</text>"##,
            cy + 3.5,
            result_letter(w, lang)
        );
    }
    width = width.max(margin * 2.0 + columns as f64 * big);
    y += rows as f64 * big + 28.0;
    // The Big Road: hollow circles, a green slash for ties (their number past one).
    let cells = big_road_cells(roads, layout);
    let board = Board {
        left: margin,
        top: y,
        size: big,
        rows,
    };
    let columns = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0).max(24);
    let mut title = road_name(None, lang).to_string();
    if roads.big_road().leading_ties() > 0 {
        let _ = write!(
            title,
            " ({}{} {})",
            lang.pick("leading ties", "égalités en tête"),
            lang.pick(":", "\u{a0}:"),
            roads.big_road().leading_ties()
        );
    }
    board.frame(svg, columns, &title);
    for &(x, cy, side, ties) in &cells {
        let (cx, cy) = board.centre(x, cy);
        let _ = writeln!(
            svg,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="7" fill="none" stroke="{}" stroke-width="2.5"/>"#,
            side_colour(side)
        );
        if ties > 0 {
            let _ = writeln!(
                svg,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{GREEN}" stroke-width="2"/>"#,
                cx - 6.0,
                cy + 6.0,
                cx + 6.0,
                cy - 6.0
            );
        }
        if ties > 1 {
            let _ = writeln!(
                svg,
                r#"<text x="{cx:.1}" y="{:.1}" font-family="sans-serif" font-size="9" fill="{GREEN}" text-anchor="middle">{ties}</text>"#,
                cy + 3.0
            );
        }
    }
    width = width.max(margin * 2.0 + columns as f64 * big);
    y += rows as f64 * big + 28.0;
    // The derived roads side by side, half-size cells.
    let mut left = margin;
    for road in Derived::ALL {
        let cells = derived_cells(roads, road, layout);
        let board = Board {
            left,
            top: y,
            size: small,
            rows,
        };
        let columns = columns_of(&cells, 16);
        board.frame(svg, columns, road_name(Some(road), lang));
        for &(x, cy, mark) in &cells {
            let (cx, cy) = board.centre(x, cy);
            let colour = mark_colour(mark);
            let _ = match road {
                Derived::BigEyeBoy => writeln!(
                    svg,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="3.5" fill="none" stroke="{colour}" stroke-width="1.5"/>"#
                ),
                Derived::SmallRoad => writeln!(
                    svg,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="3.5" fill="{colour}"/>"#
                ),
                Derived::CockroachPig => writeln!(
                    svg,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="2"/>"#,
                    cx - 3.5,
                    cy + 3.5,
                    cx + 3.5,
                    cy - 3.5
                ),
            };
        }
        left += columns as f64 * small + 20.0;
    }
    width = width.max(left - 20.0 + margin);
    y += rows as f64 * small + 20.0;
    // The ask cells and the next coup.
    for side in Side::BOTH {
        let ask = roads.ask(side);
        let words: Vec<String> = Derived::ALL
            .iter()
            .map(|&road| {
                format!(
                    "{} {}",
                    road_name(Some(road), lang),
                    mark_letter(ask[road.offset() - 1])
                )
            })
            .collect();
        let label = match side {
            Side::Banco => lang.pick("If Banco wins", "Si Banco gagne"),
            Side::Punto => lang.pick("If Punto wins", "Si Punto gagne"),
        };
        let _ = writeln!(
            svg,
            r#"<text x="{margin}" y="{y:.1}" font-family="sans-serif" font-size="11" fill="{}">{}{} {}</text>"#,
            side_colour(side),
            label,
            lang.pick(":", "\u{a0}:"),
            escape(&words.join(", "))
        );
        y += 15.0;
    }
    if let Some([banco, punto, tie]) = next_coup {
        let _ = writeln!(
            svg,
            r#"<text x="{margin}" y="{y:.1}" font-family="sans-serif" font-size="11">{}{} Banco {}, Punto {}, {} {}</text>"#,
            lang.pick(
                "Next coup, from the cards left",
                "Coup suivant, d’après les cartes restantes"
            ),
            lang.pick(":", "\u{a0}:"),
            lang.percent(approx(banco) * 100.0, 2),
            lang.percent(approx(punto) * 100.0, 2),
            lang.pick("Tie", "Égalité"),
            lang.percent(approx(tie) * 100.0, 2)
        );
        y += 15.0;
    }
    (y + 10.0 - top, width)
}

/// Every shoe's board, one below the other, as one SVG document.
pub fn roads_svg(
    shoes: &[(ShoeRoads, Option<[BigRational; 3]>)],
    layout: Layout,
    lang: Lang,
) -> String {
    let mut body = String::new();
    let mut top = 0.0;
    let mut width: f64 = 200.0;
    for (shoe, next) in shoes {
        let (height, w) = shoe_svg(&mut body, shoe, next.as_ref(), layout, lang, top);
        top += height;
        width = width.max(w);
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{top:.0}\" viewBox=\"0 0 {width:.0} {top:.0}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n{body}</svg>\n"
    )
}

/// Reads a shoe log and writes each shoe's roads to `out` in the page's format as the shoe
/// closes (JSON: a line a shoe; SVG: one drawing of every shoe, written at the end), with
/// the next coup's exact probabilities from the cards the shoe has left. Coups before any
/// shoe line are dealt from `shoe`.
pub fn write_roads(
    reader: impl std::io::BufRead,
    rules: &crate::rules::Rules,
    shoe: &crate::shoe::Shoe,
    layout: Layout,
    page: &Page,
    max_line_len: usize,
    out: &mut dyn std::io::Write,
) -> Result<usize, RoadsLogError<std::io::Error>> {
    let mut drawn = Vec::new();
    let mut count = 0;
    read_shoes(reader, rules, shoe, max_line_len, &mut |shoe| {
        count += 1;
        let next = next_coup(shoe.remaining, rules);
        match page.format {
            Format::Json => writeln!(
                out,
                "{}",
                shoe_document(&shoe, next.as_ref()).to_json_line()
            ),
            Format::Svg => {
                drawn.push((shoe, next));
                Ok(())
            }
            _ => write!(out, "{}", shoe_text(page, &shoe, next.as_ref(), layout)),
        }
    })?;
    if page.format == Format::Svg {
        write!(out, "{}", roads_svg(&drawn, layout, page.lang)).map_err(RoadsLogError::Sink)?;
    }
    Ok(count)
}
