//! The shuffle-test report (text, Markdown, JSON; English and French), with the power its
//! shoes had against the defects `--plan` names, and the detection plan.

use super::lab::{
    PowerAgainst, document, level_text, provenance, summary_line_with_power, test_label,
    tests_table,
};
use super::{Format, Page};
use crate::document::shuffle_test::{self as doc, ShuffleReport, ShuffleTest};
use crate::document::{Decimal, Document};
use crate::lab::plan::{DefectPower, Plan};
use crate::lab::{Battery, Provenance};
use crate::lang::Lang;

/// "1,000 shoes" / "1 000 sabots".
pub fn shoes_text(shoes: u64, lang: Lang) -> String {
    let n = lang.integer(&shoes.to_string());
    match (lang, shoes) {
        (Lang::En, 1) => format!("{n} shoe"),
        (Lang::En, _) => format!("{n} shoes"),
        (Lang::Fr, 0 | 1) => format!("{n} sabot"),
        (Lang::Fr, _) => format!("{n} sabots"),
    }
}

/// The report of `shuffle-test` on `shoes` shoes of `cards` cards each, with the power those
/// shoes had against each defect in `powers` (none: no defect named).
pub fn render_battery(
    battery: &Battery,
    shoes: u64,
    cards: usize,
    source: &Provenance,
    powers: &[DefectPower],
    page: &Page,
) -> String {
    let (lang, format) = (page.lang, page.format);
    let against: Vec<PowerAgainst> = powers
        .iter()
        .map(|p| PowerAgainst {
            defect: p.shuffler.to_string(),
            power: p.best().map(|(_, power)| power),
        })
        .collect();
    let summary_in = |lang: Lang| {
        summary_line_with_power(
            "shuffle-test",
            &shoes_text(shoes, lang),
            battery,
            source,
            &against,
            lang,
        )
    };
    if format == Format::Json {
        return ShuffleTest::Report(ShuffleReport {
            cards_per_shoe: cards,
            lab: document(source, battery, &summary_in(Lang::En)),
            power: (!powers.is_empty()).then(|| power_json(powers)),
            shoes,
        })
        .to_json_pretty();
    }
    let summary = summary_in(lang);
    let title = lang.pick("Shuffle test", "Test de mélange");
    let heading = match format {
        Format::Markdown => format!("# {title}\n\n"),
        _ => format!("{title}\n\n"),
    };
    let counted = match lang {
        Lang::En => format!(
            "{} of {} cards, each test judged at α = {} with Holm's correction.\n\n",
            shoes_text(shoes, lang),
            lang.integer(&cards.to_string()),
            level_text(battery.alpha, lang)
        ),
        Lang::Fr => format!(
            "{} de {} cartes, chaque test jugé au seuil α = {} avec la correction de Holm.\n\n",
            shoes_text(shoes, lang),
            lang.integer(&cards.to_string()),
            level_text(battery.alpha, lang)
        ),
    };
    let summary = match format {
        Format::Markdown => format!("\n**{summary}**\n"),
        _ => format!("\n{summary}\n"),
    };
    format!(
        "{heading}{}{counted}{}{}{summary}",
        provenance(source, lang, format),
        tests_table(battery, lang, format),
        power_text(powers, lang, format),
    )
}

/// The power of the shoes against each named defect, in words (empty when none is named).
fn power_text(powers: &[DefectPower], lang: Lang, format: Format) -> String {
    let Some(first) = powers.first() else {
        return String::new();
    };
    let level = lang.point(&format!("{:.1e}", first.level));
    let pilot = lang.integer(&first.pilot.to_string());
    let shoes = shoes_text(first.shoes, lang);
    let mut out = match lang {
        Lang::En => format!(
            "\nPower of these {shoes} against the defects named: the chance that the battery fails, at least that of its most powerful test at α/m = {level} (Holm's first step), from each test's effect in {pilot} pilot shoes of the same composition dealt by the defect from factory order:\n"
        ),
        Lang::Fr => format!(
            "\nPuissance de ces {shoes} contre les défauts nommés\u{a0}: la probabilité que la batterie échoue, au moins celle de son test le plus puissant au seuil α/m = {level} (premier pas de Holm), d’après l’effet de chaque test sur {pilot} sabots pilotes de la même composition donnés par le défaut depuis l’ordre d’usine\u{a0}:\n"
        ),
    };
    let bullet = if format == Format::Markdown {
        "- "
    } else {
        "  "
    };
    for p in powers {
        let said = match (p.best(), lang) {
            (Some((t, power)), _) => format!(
                "{} ({})",
                lang.decimal(super::lab::at_least(power), 2),
                test_label(&t.name, lang)
            ),
            (None, Lang::En) => "no test saw an effect in the pilot shoes".to_string(),
            (None, Lang::Fr) => "aucun test n’a vu d’effet dans les sabots pilotes".to_string(),
        };
        out.push_str(&format!("{bullet}{}{} {said}\n", p.shuffler, lang.colon()));
    }
    out
}

/// The `power` array of the document: for each defect, the pilot, the level each test is
/// judged at, the battery's least power and the test that gives it, and every test's power
/// (`null`: not run, or no effect seen).
fn power_json(powers: &[DefectPower]) -> Vec<doc::DefectPower> {
    powers
        .iter()
        .map(|p| {
            let best = p.best();
            doc::DefectPower {
                defect: p.shuffler.to_string(),
                level_per_test: p.level,
                pilot_shoes: p.pilot,
                power: best.map(|(_, power)| power),
                test: best.map(|(t, _)| t.name.clone()),
                tests: (p.tests.iter())
                    .map(|t| doc::TestPower {
                        name: t.name.clone(),
                        power: t.power,
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The detection plan of `--plan`.
pub fn render_plan(plan: &Plan, page: &Page) -> String {
    let (lang, format) = (page.lang, page.format);
    let first = plan.first();
    if format == Format::Json {
        let finite = |x: f64| Decimal(if x.is_finite() { x } else { f64::NAN });
        let tests = plan
            .tests
            .iter()
            .map(|t| doc::TestPlan {
                error: finite(t.error),
                name: t.name.clone(),
                per_shoe: finite(t.per_shoe),
                shoes: t.shoes,
            })
            .collect();
        return ShuffleTest::Plan(doc::ShufflePlan {
            alpha: plan.alpha,
            decks: plan.decks,
            first_test: first.map(|(t, _)| t.name.clone()),
            level_per_test: plan.level,
            pilot_shoes: plan.pilot,
            power: plan.power,
            schema: super::SCHEMA,
            shoes: first.map(|(_, s)| s),
            shuffler: plan.shuffler.to_string(),
            tests,
        })
        .to_json_pretty();
    }
    let mut out = match lang {
        Lang::En => format!(
            "Shoes of {} decks that the shuffler {} needs to fail the battery with power {}, each test at α/m = {} (Holm's first step), effects estimated from {} pilot shoes:\n",
            plan.decks,
            plan.shuffler,
            level_text(plan.power, lang),
            lang.point(&format!("{:.2e}", plan.level)),
            lang.integer(&plan.pilot.to_string())
        ),
        Lang::Fr => format!(
            "Sabots de {} jeux qu’il faut au mélangeur {} pour échouer à la batterie avec une puissance de {}, chaque test au seuil α/m = {} (premier pas de Holm), effets estimés sur {} sabots pilotes\u{a0}:\n",
            plan.decks,
            plan.shuffler,
            level_text(plan.power, lang),
            lang.point(&format!("{:.2e}", plan.level)),
            lang.integer(&plan.pilot.to_string())
        ),
    };
    let bullet = if format == Format::Markdown {
        "- "
    } else {
        "  "
    };
    for t in &plan.tests {
        let shoes = match t.shoes {
            Some(s) => lang.integer(&s.to_string()),
            None => lang
                .pick("not seen by the pilot", "non vu par le pilote")
                .to_string(),
        };
        out.push_str(&format!(
            "{bullet}{}{} {shoes} (± {}{})\n",
            test_label(&t.name, lang),
            lang.colon(),
            if t.per_shoe > 0.0 && t.per_shoe.is_finite() {
                lang.decimal(100.0 * t.error / t.per_shoe, 0)
            } else {
                "—".into()
            },
            lang.pick(" % on the effect", "\u{a0}% sur l’effet"),
        ));
    }
    out.push_str(&match (first, lang) {
        (Some((t, s)), Lang::En) => format!(
            "\nCaught first by {} at {}.\n",
            test_label(&t.name, lang).to_lowercase(),
            shoes_text(s, lang)
        ),
        (Some((t, s)), Lang::Fr) => format!(
            "\nRepéré d’abord par {} à {}.\n",
            test_label(&t.name, lang).to_lowercase(),
            shoes_text(s, lang)
        ),
        (None, Lang::En) => "\nNo test saw the defect in the pilot shoes.\n".into(),
        (None, Lang::Fr) => "\nAucun test n’a vu le défaut dans les sabots pilotes.\n".into(),
    });
    out
}
