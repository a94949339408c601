//! The roads page's generated blocks: an example shoe's scoreboard (text, and SVG drawings in
//! `docs/images/`), its ask cells beside the exact probabilities of the next coup, and the
//! road-following strategies followed over simulated shoes, every coup priced exactly.

use crate::depletion::{PricedShoes, SimulationSetup};
use crate::lang::Lang;
use crate::outcome::Winner;
use crate::render::roads::{road_name, roads_svg, shoe_text};
use crate::render::table::{Align, Table};
use crate::render::{Format, Page, approx};
use crate::roads::log::ShoeRoads;
use crate::roads::strategy::{Strategy, StrategyRun, follow};
use crate::roads::{Derived, Layout, Mark, Roads, Side, next_coup};
use crate::rules::Rules;
use crate::rules::dealing::Procedure;
use num_rational::BigRational;
use std::fmt::Write;

/// The shoes the strategies are followed over in the docs (eight decks, seed 1, the reference
/// procedure): few enough that the docs tool deals them in seconds.
pub const STRATEGY_SHOES: u64 = 10_000;

/// The coups of the example shoe drawn on the page.
pub const EXAMPLE_COUPS: usize = 36;

/// The last coups of the example whose ask cells the page sets beside the exact odds.
pub const ASKED_COUPS: usize = 8;

/// The blocks this module generates.
pub const BLOCKS: &[&str] = &[
    "roads-example:en|fr (an example shoe's scoreboard, the first of seed 1 with a dragon tail)",
    "roads-asks:en|fr (its ask cells before its last coups, beside the next coup's exact odds)",
    "roads-strategies:en|fr (road-following strategies over simulated shoes, priced exactly)",
];

/// How the docs deal shoes: eight decks, seed 1, the reference procedure.
fn setup(shoes: u64) -> SimulationSetup {
    let procedure = Procedure::reference();
    SimulationSetup {
        shoes,
        seed: 1,
        n_decks: 8,
        cut: 0,
        burn: procedure.burn,
        coups_after_cut: 0,
        rules: "reference".into(),
    }
    .with_procedure(&procedure)
}

/// The example: the first shoe of seed 1 whose first [`EXAMPLE_COUPS`] coups hold a Big Road
/// column longer than the board's six rows (a dragon tail), with the cards left before each
/// of its coups and after the last.
struct Example {
    index: u64,
    results: Vec<Winner>,
    /// The cards of each rank left before each coup, and after the last one.
    left: Vec<[u64; 13]>,
}

fn example() -> Option<&'static Example> {
    static EXAMPLE: std::sync::OnceLock<Option<Example>> = std::sync::OnceLock::new();
    EXAMPLE
        .get_or_init(|| {
            let rules = Rules::reference();
            let shoes = PricedShoes::new(&setup(1), &rules).ok()?;
            (0..1000).find_map(|index| {
                let mut results = Vec::new();
                let mut left = Vec::new();
                shoes
                    .deal(index, &mut |priced| {
                        if results.len() < EXAMPLE_COUPS {
                            left.push(priced.cards_left().counts());
                            results.push(priced.coup().winner());
                        } else if left.len() == EXAMPLE_COUPS {
                            left.push(priced.cards_left().counts());
                        }
                    })
                    .ok()?;
                let roads = Roads::new(&results);
                let tail = roads.big_road().columns().iter().any(|c| c.len() > 6);
                (tail && left.len() > EXAMPLE_COUPS).then_some(Example {
                    index,
                    results,
                    left,
                })
            })
        })
        .as_ref()
}

/// The example shoe as the `roads` command reads it: its roads and the cards it has left.
fn example_shoe() -> Option<ShoeRoads> {
    let example = example()?;
    Some(ShoeRoads {
        number: usize::try_from(example.index + 1).ok()?,
        line: None,
        roads: Roads::new(&example.results),
        remaining: *example.left.last()?,
    })
}

/// The Markdown of a named block of this module, `None` for a name it does not know.
pub fn block(parts: &[&str]) -> Option<String> {
    match parts {
        ["roads-example", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let shoe = example_shoe()?;
            let next = next_coup(shoe.remaining, &Rules::reference());
            let text = shoe_text(
                &Page::new(Format::Text, lang),
                &shoe,
                next.as_ref(),
                Layout::new(6),
            );
            Some(format!("```text\n{}\n```\n", text.trim_end()))
        }
        ["roads-asks", lang] => asks_table(lang.parse().ok()?),
        ["roads-strategies", lang] => strategies_table(lang.parse().ok()?),
        _ => None,
    }
}

/// The drawings of the example shoe, `images/roads.svg` and `images/roads-fr.svg`.
pub fn files() -> Vec<(String, String)> {
    let Some(shoe) = example_shoe() else {
        return Vec::new();
    };
    let next = next_coup(shoe.remaining, &Rules::reference());
    [
        (Lang::En, "images/roads.svg"),
        (Lang::Fr, "images/roads-fr.svg"),
    ]
    .into_iter()
    .map(|(lang, path)| {
        let drawn = roads_svg(&[(shoe.clone(), next.clone())], Layout::new(6), lang);
        (path.to_string(), drawn)
    })
    .collect()
}

fn letter(mark: Option<Mark>) -> &'static str {
    mark.map_or("–", |m| match m {
        Mark::Red => "R",
        Mark::Blue => "B",
    })
}

fn percent(value: &BigRational, lang: Lang, places: usize) -> String {
    lang.percent(approx(value) * 100.0, places)
        .replace('-', "−")
}

/// Before each of the example's last coups: the ask cells, the exact odds of the next coup
/// from the cards left, and the result that came.
fn asks_table(lang: Lang) -> Option<String> {
    let example = example()?;
    let rules = Rules::reference();
    let short = |road: Derived| match road {
        Derived::BigEyeBoy => lang.pick("BEB", "GŒ"),
        Derived::SmallRoad => lang.pick("SR", "PR"),
        Derived::CockroachPig => lang.pick("CP", "CF"),
    };
    let asks = Derived::ALL.map(short).join("·");
    let if_banco = format!("{} {asks}", lang.pick("If Banco:", "Si Banco\u{a0}:"));
    let if_punto = format!("{} {asks}", lang.pick("If Punto:", "Si Punto\u{a0}:"));
    let mut table = Table::new(&[
        (lang.pick("Coup", "Coup"), Align::Right),
        (lang.pick("Cards left", "Cartes restantes"), Align::Right),
        (&if_banco, Align::Left),
        (&if_punto, Align::Left),
        ("P(Banco)", Align::Right),
        ("P(Punto)", Align::Right),
        (lang.pick("P(Tie)", "P(Égalité)"), Align::Right),
        (lang.pick("Result", "Résultat"), Align::Left),
    ]);
    let first = EXAMPLE_COUPS - ASKED_COUPS;
    for coup in first..EXAMPLE_COUPS {
        let roads = Roads::new(&example.results[..coup]);
        let ask = |side: Side| roads.ask(side).map(letter).join("·");
        let [banco, punto, tie] = next_coup(example.left[coup], &rules)?;
        table.row(vec![
            (coup + 1).to_string(),
            example.left[coup].iter().sum::<u64>().to_string(),
            ask(Side::Banco),
            ask(Side::Punto),
            percent(&banco, lang, 4),
            percent(&punto, lang, 4),
            percent(&tie, lang, 4),
            lang.outcome(example.results[coup]).to_string(),
        ]);
    }
    let mut out = table.to_markdown();
    let _ = write!(
        out,
        "\n{}\n",
        lang.pick(
            format!(
                "Shoe {} of seed 1 (eight decks, the reference procedure), before its coups {} to {}; {} is {}, {} {} and {} {}.",
                example.index + 1,
                first + 1,
                EXAMPLE_COUPS,
                short(Derived::BigEyeBoy),
                road_name(Some(Derived::BigEyeBoy), lang),
                short(Derived::SmallRoad),
                road_name(Some(Derived::SmallRoad), lang),
                short(Derived::CockroachPig),
                road_name(Some(Derived::CockroachPig), lang),
            ),
            format!(
                "Sabot {} de la graine 1 (huit jeux, la procédure de référence), avant ses coups {} à {}\u{a0}; {}\u{a0}: {}, {}\u{a0}: {}, {}\u{a0}: {}.",
                example.index + 1,
                first + 1,
                EXAMPLE_COUPS,
                short(Derived::BigEyeBoy),
                road_name(Some(Derived::BigEyeBoy), lang),
                short(Derived::SmallRoad),
                road_name(Some(Derived::SmallRoad), lang),
                short(Derived::CockroachPig),
                road_name(Some(Derived::CockroachPig), lang),
            ),
        )
    );
    Some(out)
}

/// The strategies followed over [`STRATEGY_SHOES`] shoes, once per process for both
/// languages.
fn strategies() -> Option<&'static StrategyRun> {
    static RUN: std::sync::OnceLock<Option<StrategyRun>> = std::sync::OnceLock::new();
    RUN.get_or_init(|| {
        follow(
            &setup(STRATEGY_SHOES),
            &Rules::reference(),
            &Strategy::ALL,
            crate::progress::SILENT,
        )
        .ok()
    })
    .as_ref()
}

/// A strategy's name on the page.
pub fn strategy_name(strategy: Strategy, lang: Lang) -> String {
    match strategy {
        Strategy::Flat(Side::Banco) => lang.pick("Banco, every coup", "Banco à chaque coup").into(),
        Strategy::Flat(Side::Punto) => lang.pick("Punto, every coup", "Punto à chaque coup").into(),
        Strategy::FollowBigRoad => lang
            .pick(
                "Follow the Big Road (last winner)",
                "Suivre la grande route (dernier gagnant)",
            )
            .into(),
        Strategy::AgainstBigRoad => lang
            .pick(
                "Against the Big Road (ping-pong)",
                "Contre la grande route (ping-pong)",
            )
            .into(),
        Strategy::AskRed(road) => match lang {
            Lang::En => format!("Red ask on {}", road_name(Some(road), lang)),
            Lang::Fr => format!("Question rouge ({})", road_name(Some(road), lang)),
        },
    }
}

/// Each strategy's coups bet, its exact average expectation per coup, what blind bets in the
/// same numbers would expect, the difference, and its realised average with its standard
/// error; then the figures the conclusion rests on, computed.
fn strategies_table(lang: Lang) -> Option<String> {
    let run = strategies()?;
    let mut table = Table::new(&[
        (lang.pick("Strategy", "Stratégie"), Align::Left),
        (lang.pick("Coups bet", "Coups joués"), Align::Right),
        (lang.pick("On Banco", "Sur Banco"), Align::Right),
        (
            lang.pick("Exact expectation per coup", "Espérance exacte par coup"),
            Align::Right,
        ),
        (
            lang.pick("Same sides, blind", "Mêmes côtés, à l’aveugle"),
            Align::Right,
        ),
        (lang.pick("Difference", "Différence"), Align::Right),
        (
            lang.pick("Realised per coup", "Réalisé par coup"),
            Align::Right,
        ),
        (lang.pick("Standard error", "Erreur type"), Align::Right),
    ]);
    let per_coup =
        |value: &BigRational, coups: u64| value / BigRational::from_integer(coups.max(1).into());
    let records = run.records();
    let mut largest: Option<(f64, Strategy)> = None;
    let mut between = true;
    let flat = |side: Side| {
        records
            .iter()
            .find(|r| r.strategy() == Strategy::Flat(side))
            .map(|r| per_coup(r.expected(), r.coups()))
    };
    let (banco, punto) = (flat(Side::Banco)?, flat(Side::Punto)?);
    let (low, high) = if banco < punto {
        (&banco, &punto)
    } else {
        (&punto, &banco)
    };
    for record in records {
        let coups = record.coups();
        let expected = per_coup(record.expected(), coups);
        let timing = per_coup(&record.timing(), coups);
        if !matches!(record.strategy(), Strategy::Flat(_)) {
            between &= *low <= expected && expected <= *high;
            let size = approx(&timing).abs();
            if largest.is_none_or(|(l, _)| size > l) {
                largest = Some((size, record.strategy()));
            }
        }
        let error = record
            .standard_error_squared()
            .map_or("—".to_string(), |s| {
                lang.percent(approx(&s).sqrt() * 100.0, 3)
            });
        table.row(vec![
            strategy_name(record.strategy(), lang),
            lang.integer(&coups.to_string()),
            lang.percent(record.banco() as f64 / coups.max(1) as f64 * 100.0, 1),
            percent(&expected, lang, 4),
            percent(&per_coup(record.blind(), coups), lang, 4),
            percent(&timing, lang, 4),
            percent(&per_coup(record.realised(), coups), lang, 3),
            error,
        ]);
    }
    let mut out = table.to_markdown();
    let (size, strategy) = largest?;
    let _ = write!(
        out,
        "\n{}\n",
        lang.pick(
            format!(
                "{} shoes, {} coups. Every road strategy's exact expectation per coup lies between Punto's ({}) and Banco's ({}): {}. The largest difference from blind bets on the same sides: {} ({}).",
                lang.integer(&run.shoes().to_string()),
                lang.integer(&run.coups().to_string()),
                percent(&punto, lang, 4),
                percent(&banco, lang, 4),
                if between { "yes" } else { "no" },
                lang.percent(size * 100.0, 4),
                strategy_name(strategy, lang),
            ),
            format!(
                "{} sabots, {} coups. L’espérance exacte par coup de chaque stratégie des routes est comprise entre celle de Punto ({}) et celle de Banco ({})\u{a0}: {}. Le plus grand écart aux paris à l’aveugle sur les mêmes côtés\u{a0}: {} ({}).",
                lang.integer(&run.shoes().to_string()),
                lang.integer(&run.coups().to_string()),
                percent(&punto, lang, 4),
                percent(&banco, lang, 4),
                if between { "oui" } else { "non" },
                lang.percent(size * 100.0, 4),
                strategy_name(strategy, lang),
            ),
        )
    );
    Some(out)
}
