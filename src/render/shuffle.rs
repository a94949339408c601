//! The shuffle-test report (text, Markdown, JSON; English and French) and its detection plan.

use super::Format;
use super::lab::{document, level_text, provenance, summary_line, test_label, tests_table};
use crate::lab::plan::Plan;
use crate::lab::{Battery, Provenance};
use crate::lang::Lang;
use serde_json::{Value, json};

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

/// The report of `shuffle-test` on `shoes` shoes of `cards` cards each.
pub fn report(
    battery: &Battery,
    shoes: u64,
    cards: usize,
    source: &Provenance,
    lang: Lang,
    format: Format,
) -> String {
    let summary = summary_line(
        "shuffle-test",
        &shoes_text(shoes, lang),
        battery,
        source,
        lang,
    );
    if format == Format::Json {
        let mut doc = document(
            source,
            battery,
            &summary_line(
                "shuffle-test",
                &shoes_text(shoes, Lang::En),
                battery,
                source,
                Lang::En,
            ),
        );
        doc.insert("shoes".into(), json!(shoes));
        doc.insert("cards_per_shoe".into(), json!(cards));
        return format!("{:#}\n", Value::Object(doc));
    }
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
        "{heading}{}{counted}{}{summary}",
        provenance(source, lang, format),
        tests_table(battery, lang, format)
    )
}

/// The detection plan of `--plan`.
pub fn plan_report(plan: &Plan, lang: Lang, format: Format) -> String {
    let first = plan.first();
    if format == Format::Json {
        let tests: Vec<Value> = plan
            .tests
            .iter()
            .map(|t| {
                let finite = |x: f64| if x.is_finite() { json!(x) } else { Value::Null };
                json!({"name": t.name, "per_shoe": finite(t.per_shoe), "error": finite(t.error), "shoes": t.shoes})
            })
            .collect();
        return format!(
            "{:#}\n",
            json!({
                "schema": super::SCHEMA,
                "shuffler": plan.shuffler.to_string(),
                "decks": plan.decks,
                "alpha": plan.alpha,
                "level_per_test": plan.level,
                "power": plan.power,
                "pilot_shoes": plan.pilot,
                "shoes": first.map(|(_, s)| s),
                "first_test": first.map(|(t, _)| t.name.clone()),
                "tests": tests,
            })
        );
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
