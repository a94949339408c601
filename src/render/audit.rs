//! The report of `audit`: the provenance, the battery (outcomes, final states, naturals and
//! each bet's return against the exact odds of every coup), the return table and the one
//! summary line, in text, Markdown or JSON, English or French.

use super::Format;
use super::lab::{summary_line, tests_table, verdict_word};
use super::table::{Align, Table};
use crate::lab::Provenance;
use crate::lab::audit::Audit;
use crate::lang::Lang;
use serde_json::{Map, Value, json};

/// "8,120 coups in 100 shoes", in the reader's language.
fn counted(audit: &Audit, lang: Lang) -> String {
    let coups = lang.integer(&audit.coups.to_string());
    let shoes = lang.integer(&audit.shoes.to_string());
    let (coup_word, shoe_word) = match lang {
        Lang::En => (
            if audit.coups == 1 { "coup" } else { "coups" },
            if audit.shoes == 1 { "shoe" } else { "shoes" },
        ),
        Lang::Fr => (
            if audit.coups == 1 { "coup" } else { "coups" },
            if audit.shoes == 1 { "sabot" } else { "sabots" },
        ),
    };
    match lang {
        Lang::En => format!("{coups} {coup_word} in {shoes} {shoe_word}"),
        Lang::Fr => format!("{coups} {coup_word} dans {shoes} {shoe_word}"),
    }
}

/// The one summary line of the audit.
pub fn summary(audit: &Audit, provenance: &Provenance, lang: Lang) -> String {
    summary_line(
        "audit",
        &counted(audit, lang),
        &audit.battery,
        provenance,
        lang,
    )
}

fn rtp_table(audit: &Audit, lang: Lang, format: Format) -> String {
    let level = lang.percent(100.0 * (1.0 - audit.battery.alpha), 2);
    let level = level
        .trim_end_matches(['%', '\u{202f}'])
        .trim_end_matches('0')
        .trim_end_matches(['.', ','])
        .to_string()
        + lang.pick("%", "\u{202f}%");
    let interval = match lang {
        Lang::En => format!("Interval at {level}"),
        Lang::Fr => format!("Intervalle à {level}"),
    };
    let mut table = Table::new(&[
        (lang.pick("Bet", "Mise"), Align::Left),
        (lang.pick("Observed", "Observé"), Align::Right),
        (lang.pick("Expected", "Attendu"), Align::Right),
        (&interval, Align::Right),
        (lang.pick("Logged nets", "Gains journalisés"), Align::Right),
        (lang.pick("Verdict", "Verdict"), Align::Left),
    ]);
    let pct = |x: f64| lang.percent(100.0 * x, 4);
    for r in &audit.rtp {
        table.row(vec![
            r.bet.clone(),
            pct(super::approx(&r.observed)),
            pct(super::approx(&r.expected)),
            format!("{} … {}", pct(r.low), pct(r.high)),
            lang.integer(&r.logged.to_string()),
            verdict_word(r.verdict, lang).to_string(),
        ]);
    }
    match format {
        Format::Markdown => table.to_markdown(),
        _ => table.to_text(),
    }
}

/// The whole report. For JSON, the document (schema 1): the lab's common fields, `shoes`,
/// `coups` and `rtp`.
pub fn report(audit: &Audit, provenance: &Provenance, lang: Lang, format: Format) -> String {
    let summary = summary(audit, provenance, lang);
    if format == Format::Json {
        return format!(
            "{:#}\n",
            Value::Object(document(audit, provenance, &summary))
        );
    }
    let title = lang.pick(
        "Audit of a shoe log against each coup's exact odds",
        "Audit d’un journal de sabots contre les probabilités exactes de chaque coup",
    );
    let returns = lang.pick(
        "Return per unit staked on every coup",
        "Retour par unité misée à chaque coup",
    );
    let (h1, h2) = match format {
        Format::Markdown => (format!("# {title}\n\n"), format!("## {returns}\n\n")),
        _ => (format!("{title}\n\n"), format!("{returns}\n\n")),
    };
    let counts = format!(
        "{}{}\n\n",
        {
            let c = counted(audit, lang);
            let mut chars = c.chars();
            chars
                .next()
                .map_or(String::new(), |f| f.to_uppercase().chain(chars).collect())
        },
        "."
    );
    format!(
        "{h1}{}{counts}{}\n{h2}{}\n{summary}\n",
        super::lab::provenance(provenance, lang, format),
        tests_table(&audit.battery, lang, format),
        rtp_table(audit, lang, format),
    )
}

/// The JSON document of an audit.
pub fn document(audit: &Audit, provenance: &Provenance, summary: &str) -> Map<String, Value> {
    let mut map = super::lab::document(provenance, &audit.battery, summary);
    map.insert("shoes".into(), json!(audit.shoes));
    map.insert("coups".into(), json!(audit.coups));
    let rtp: Map<String, Value> = audit
        .rtp
        .iter()
        .map(|r| {
            (
                r.bet.clone(),
                json!({
                    "observed": super::fraction(&r.observed),
                    "observed_decimal": super::approx(&r.observed),
                    "expected": super::fraction(&r.expected),
                    "expected_decimal": super::approx(&r.expected),
                    "variance": super::fraction(&r.variance),
                    "variance_decimal": super::approx(&r.variance),
                    "low": r.low,
                    "high": r.high,
                    "logged": r.logged,
                    "verdict": r.verdict.key(),
                }),
            )
        })
        .collect();
    map.insert("rtp".into(), Value::Object(rtp));
    map
}
