//! The checker's report, for people (English or French) and as JSON.

use super::analysis::describe_shoe;
use super::choices::{cell_tail, choice_key, choice_text, information_phrase, per_coup};
use super::table::{Align, Table};
use super::tableau::{bet_name, describe_terms};
use super::{Format, Page, SCHEMA, action_key, approx, exact, fraction, fraction_text, verb};
use crate::check::{
    Assumed, ChoicesAnalysis, ChoicesName, ClaimResult, ClaimedForm, CommissionSource,
    DrawingCell as Decision, DrawingDifference, FixedCell, GridColumns, Report,
};
use crate::choices::ChoiceRules;
use crate::document::{Document, check as doc};
use crate::lang::Lang;
use crate::outcome::Hand;
use crate::report::ShoeReport;
use crate::rules::{Action, MainBet, PuntoMove};
use crate::variants::ClaimTarget;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;
use std::collections::BTreeMap;

mod json;
mod with_choices;

pub use json::{report_document, report_json};
use with_choices::{choices_json, choices_section};
pub use with_choices::{choices_name, choices_opening, choices_phrase};

/// The difference as a sentence: "Banco on 3 draws against a third card 8 here; the reference stands."
pub fn difference_sentence(difference: &DrawingDifference, lang: Lang) -> String {
    let (claimed, reference) = (
        verb(difference.claimed, lang),
        verb(difference.reference, lang),
    );
    match (difference.decision, lang) {
        (
            Decision::Banco {
                total,
                punto_move: PuntoMove::Drew(v),
            },
            Lang::En,
        ) => format!(
            "Banco on {total} {claimed} against a third card {v} here; the reference {reference}."
        ),
        (
            Decision::Banco {
                total,
                punto_move: PuntoMove::Drew(v),
            },
            Lang::Fr,
        ) => format!(
            "Ici, Banco sur {total} {claimed} contre une troisième carte {v}\u{a0}; la référence {reference}."
        ),
        (
            Decision::Banco {
                total,
                punto_move: PuntoMove::Stood,
            },
            Lang::En,
        ) => {
            format!("Banco on {total} {claimed} when Punto stands here; the reference {reference}.")
        }
        (
            Decision::Banco {
                total,
                punto_move: PuntoMove::Stood,
            },
            Lang::Fr,
        ) => format!(
            "Ici, Banco sur {total} {claimed} quand Punto reste\u{a0}; la référence {reference}."
        ),
        (Decision::Punto { total }, Lang::En) => {
            format!("Punto on {total} {claimed} here; the reference {reference}.")
        }
        (Decision::Punto { total }, Lang::Fr) => {
            format!("Ici, Punto sur {total} {claimed}\u{a0}; la référence {reference}.")
        }
        (Decision::Natural { total }, Lang::En) => {
            if difference.claimed == Action::Stand {
                format!(
                    "A two-card {total} is {} here; in the reference it is not.",
                    lang.a_natural()
                )
            } else {
                format!(
                    "A two-card {total} is not {} here; in the reference it is.",
                    lang.a_natural()
                )
            }
        }
        (Decision::Natural { total }, Lang::Fr) => {
            if difference.claimed == Action::Stand {
                format!(
                    "Ici, {total} en deux cartes est {}\u{a0}; pas dans la référence.",
                    lang.a_natural()
                )
            } else {
                format!(
                    "Ici, {total} en deux cartes n’est pas {}\u{a0}; il l’est dans la référence.",
                    lang.a_natural()
                )
            }
        }
    }
}

/// Where a differing decision sits, as a phrase: "Banco on 3 against a third card 8",
/// "Banco on 5 when Punto stands", "Punto on 5", "a two-card 8".
pub fn decision_place(decision: Decision, lang: Lang) -> String {
    let (punto, banco) = (lang.hand(Hand::Punto), lang.hand(Hand::Banco));
    let on = lang.pick("on", "sur");
    match decision {
        Decision::Banco {
            total,
            punto_move: PuntoMove::Drew(v),
        } => format!(
            "{banco} {on} {total} {} {v}",
            lang.pick("against a third card", "contre une troisième carte")
        ),
        Decision::Banco {
            total,
            punto_move: PuntoMove::Stood,
        } => format!(
            "{banco} {on} {total} {} {punto} {}",
            lang.pick("when", "quand"),
            lang.verb(Action::Stand)
        ),
        Decision::Punto { total } => format!("{punto} {on} {total}"),
        Decision::Natural { total } => match lang {
            Lang::En => format!("a two-card {total}"),
            Lang::Fr => format!("{total} en deux cartes"),
        },
    }
}

fn points(change: &BigRational, lang: Lang) -> String {
    super::percentage_points(change, lang, 6)
}

fn percent(value: &BigRational, lang: Lang) -> String {
    lang.percent(approx(value) * 100.0, 4)
}

fn assumed_name(assumed: Assumed, lang: Lang) -> String {
    match assumed {
        Assumed::Naturals => format!("{} {}", lang.pick("the", "les"), lang.naturals()),
        Assumed::PuntoRule => lang.pick("Punto's rule", "la règle de Punto").into(),
        Assumed::BancoWhenPuntoStands => lang
            .pick(
                "Banco's rule when Punto stands",
                "la règle de Banco quand Punto reste",
            )
            .into(),
        Assumed::Tariff => lang.pick("the tariff", "le barème").into(),
    }
}

fn form_name(form: ClaimedForm, lang: Lang) -> &'static str {
    match form {
        ClaimedForm::RuleFile => lang.pick("a rule-set file", "un fichier de règles"),
        ClaimedForm::Grid => lang.pick("a tableau grid", "une grille de tableau"),
        ClaimedForm::Ranges => lang.pick("a range table", "une table par plages"),
    }
}

/// A claim's subject in English, as the JSON and the CSV name it.
pub(crate) fn claim_subject_en(result: &ClaimResult) -> String {
    claim_subject(result, Lang::En)
}

fn claim_subject(result: &ClaimResult, lang: Lang) -> String {
    match &result.claim.target {
        ClaimTarget::Edge(bet) => format!(
            "{} {}",
            lang.pick("edge of", "avantage du pari"),
            bet_name(bet, lang)
        ),
        ClaimTarget::WinProbability(bet) => {
            format!(
                "{} {}",
                lang.pick("probability of winning", "probabilité de gain du pari"),
                bet_name(bet, lang)
            )
        }
        ClaimTarget::Count(event) => format!(
            "{} {}",
            lang.pick("sequences:", "séquences\u{a0}:"),
            super::tableau::describe_condition(event, lang)
        ),
        ClaimTarget::Probability(event) => format!(
            "{} {}",
            lang.pick("probability:", "probabilité\u{a0}:"),
            super::tableau::describe_condition(event, lang)
        ),
        ClaimTarget::Sequences => lang
            .pick("all sequences", "toutes les séquences")
            .to_string(),
        ClaimTarget::LineProbability { bet, lines } => format!(
            "{} {}",
            lang.pick("probability:", "probabilité\u{a0}:"),
            lines_of(bet, lines, lang)
        ),
        ClaimTarget::LineCount { bet, lines, over } => {
            let deals = match (over.key(), lang) {
                ("openings", Lang::En) => "unordered 4-card openings:",
                ("openings", Lang::Fr) => "ouvertures de quatre cartes non ordonnées\u{a0}:",
                ("hands", Lang::En) => "unordered hands:",
                ("hands", Lang::Fr) => "mains non ordonnées\u{a0}:",
                ("two_cards", Lang::En) => "unordered pairs of cards:",
                ("two_cards", Lang::Fr) => "paires de cartes non ordonnées\u{a0}:",
                (_, Lang::En) => "sequences:",
                (_, Lang::Fr) => "séquences\u{a0}:",
            };
            format!("{deals} {}", lines_of(bet, lines, lang))
        }
    }
}

/// Pay lines of a bet, as a phrase: "line 2 of Dragon Bonus", "lignes 1, 2 du pari Tiger Pair".
fn lines_of(bet: &str, lines: &[usize], lang: Lang) -> String {
    let numbers: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let word = match (lines.len(), lang) {
        (1, Lang::En) => "line",
        (_, Lang::En) => "lines",
        (1, Lang::Fr) => "ligne",
        (_, Lang::Fr) => "lignes",
    };
    format!(
        "{word} {} {} {}",
        numbers.join(", "),
        lang.pick("of", "du pari"),
        bet_name(bet, lang)
    )
}

/// A claim's verdict: it holds, it is false, or, for a figure recorded as published wrong,
/// it is false as recorded (or holds although recorded wrong).
fn verdict(result: &ClaimResult, lang: Lang) -> &'static str {
    match (result.claim.published_wrong.is_some(), result.holds) {
        (false, true) => lang.pick("holds", "tient"),
        (false, false) => lang.pick("FALSE", "FAUX"),
        (true, false) if result.exact.is_some() => {
            lang.pick("false, as recorded", "faux, comme noté")
        }
        (true, false) => lang.pick("FALSE", "FAUX"),
        (true, true) => lang.pick("HOLDS, recorded wrong", "TIENT, noté faux"),
    }
}

/// The exact value of a claim, printed at the claim's own precision plus two digits.
fn claim_value(result: &ClaimResult, lang: Lang) -> String {
    let Some(exact) = &result.exact else {
        return lang.pick("no such bet", "pari inconnu").to_string();
    };
    let stated = &result.claim.stated;
    match stated.decimals {
        None if exact.is_integer() => lang.integer(&exact.to_integer().to_string()),
        None => fraction_text(exact),
        Some(d) => {
            let places = d as usize + 2;
            if stated.percent {
                let number = exact_decimal(&(exact * BigInt::from(100)), places, lang);
                lang.pick(format!("{number}%"), format!("{number}\u{202f}%"))
            } else {
                exact_decimal(exact, places, lang)
            }
        }
    }
}

/// An exact value rounded to `places` decimals (half away from zero), digit for digit, with
/// the true minus sign: claims may state more digits than a double holds.
fn exact_decimal(value: &BigRational, places: usize, lang: Lang) -> String {
    let scale = num_traits::pow(BigInt::from(10), places);
    let rounded = (value * &scale).round().to_integer();
    let mut digits = rounded.abs().to_string();
    if digits.len() <= places {
        digits.insert_str(0, &"0".repeat(places + 1 - digits.len()));
    }
    if places > 0 {
        digits.insert(digits.len() - places, lang.pick('.', ','));
    }
    if rounded.is_negative() {
        digits.insert(0, '−');
    }
    digits
}

/// The columns of a grid as read, compressing runs of consecutive digits: `0, 1, …, 9`,
/// `A, 2, …, 9, T`, then Punto stood if given.
fn column_list(columns: &GridColumns, lang: Lang) -> String {
    let digit = |label: &str| {
        let b = label.as_bytes();
        (b.len() == 1 && b[0].is_ascii_digit()).then(|| b[0] - b'0')
    };
    let names: Vec<String> = columns
        .columns
        .iter()
        .map(|c| match c.punto_move {
            PuntoMove::Stood => lang.pick("Punto stood", "Punto resté").to_string(),
            PuntoMove::Drew(_) => c.label.clone(),
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let mut end = i;
        while let (Some(a), Some(b)) = (
            digit(&names[end]),
            names.get(end + 1).and_then(|n| digit(n)),
        ) && b == a + 1
        {
            end += 1;
        }
        if end - i >= 3 {
            out.extend([names[i].clone(), names[i + 1].clone(), "…".to_string()]);
            out.push(names[end].clone());
        } else {
            out.extend(names[i..=end].iter().cloned());
        }
        i = end + 1;
    }
    if let Some(last) = out.last_mut()
        && columns.columns.last().map(|c| c.punto_move) == Some(PuntoMove::Stood)
    {
        *last = format!("{} {last}", lang.pick("then", "puis"));
    }
    out.join(", ")
}

/// How a grid's columns were read, as a sentence: "Columns read as Punto's third card 1, 2,
/// …, 9, 10 (10 counts 0), from the header on line 2."
pub fn columns_sentence(columns: &GridColumns, lang: Lang) -> String {
    let notes: Vec<String> = columns
        .columns
        .iter()
        .filter_map(|c| match c.punto_move {
            PuntoMove::Drew(v) if c.label != v.to_string() => {
                Some(format!("{} {} {v}", c.label, lang.pick("counts", "vaut")))
            }
            _ => None,
        })
        .collect();
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    let list = column_list(columns, lang);
    match (columns.header_line, lang) {
        (Some(line), Lang::En) => format!(
            "Columns read as Punto's third card {list}{notes}, from the header on line {line}."
        ),
        (Some(line), Lang::Fr) => format!(
            "Colonnes lues comme les troisièmes cartes de Punto {list}{notes}, d’après l’en-tête de la ligne {line}."
        ),
        (None, Lang::En) => {
            format!("Columns read as Punto's third card {list} (the grid has no header).")
        }
        (None, Lang::Fr) => format!(
            "Colonnes lues comme les troisièmes cartes de Punto {list} (la grille n’a pas d’en-tête)."
        ),
    }
}

/// The report in the page's format, its text tables fitted to the page's width (see
/// [`Table::to_text_within`]); Markdown and JSON do not change.
pub fn render_report(report: &Report, source: &str, page: &Page) -> String {
    if page.format == Format::Json {
        return report_document(report, source).to_json_pretty();
    }
    let lang = page.lang;
    let markdown = page.is_markdown();
    let table = |t: &Table| page.table(t);
    let heading = |title: String| page.heading(2, &title);
    let claimed = &report.claimed;
    let colon = lang.colon();
    // In Markdown each heading line is a paragraph of its own.
    let end = if markdown { "\n\n" } else { "\n" };
    let mut out = String::new();
    out.push_str(&format!(
        "{}{colon} {source} ({}){end}",
        lang.pick("Claimed rules", "Règles revendiquées"),
        form_name(claimed.form, lang)
    ));
    if let Some(analysis) = &report.game_with_choices {
        out.push_str(&choices_opening(analysis, lang));
        out.push_str(end);
    }
    if let Some(columns) = &claimed.columns {
        out.push_str(&columns_sentence(columns, lang));
        out.push_str(end);
    }
    if !claimed.assumed.is_empty() {
        let names: Vec<String> = claimed
            .assumed
            .iter()
            .map(|a| assumed_name(*a, lang))
            .collect();
        out.push_str(&format!(
            "{}{colon} {}.{end}",
            lang.pick(
                "Not stated, taken from the reference",
                "Non précisé, repris de la référence"
            ),
            names.join(", ")
        ));
    }
    out.push_str(&format!(
        "{}{colon} {}\n\n",
        lang.pick("Shoe", "Sabot"),
        describe_shoe(&claimed.shoe, lang)
    ));
    if let Some(analysis) = &report.game_with_choices {
        out.push_str(&choices_section(analysis, lang, markdown, &table, &heading));
        out.push_str(&format!(
            "{}\n\n",
            lang.pick(
                "Below, each decision left to a hand is taken at the reference's action: the figures are those of Punto Banco played with the claim's fixed cells.",
                "Ci-dessous, chaque décision laissée à une main est prise à l’action de la référence\u{a0}: les chiffres sont ceux du Punto Banco joué avec les cases fixes de la revendication."
            )
        ));
    }

    let count = report.drawing_differences.len();
    out.push_str(&heading(format!(
        "{}{colon} {count}",
        lang.pick(
            "Drawing differences from the reference",
            "Différences de tirage avec la référence"
        )
    )));
    for (i, difference) in report.drawing_differences.iter().enumerate() {
        out.push_str(&format!(
            "{}. {}\n",
            i + 1,
            difference_sentence(difference, lang)
        ));
        if let Some(reach) = &difference.reach {
            out.push_str(&format!(
                "   {} {} ({}).\n",
                lang.pick(
                    "A coup reaches this decision with probability",
                    "Un coup atteint cette décision avec la probabilité"
                ),
                lang.decimal(approx(reach), 8),
                fraction(reach)
            ));
        }
        let changes: Vec<String> = MainBet::ALL
            .iter()
            .zip(&difference.edge_change)
            .map(|(bet, change)| format!("{} {}", bet_name(bet.key(), lang), points(change, lang)))
            .collect();
        out.push_str(&format!(
            "   {}{colon} {}.\n",
            lang.pick(
                "Alone, it changes the house edge (percentage points)",
                "À elle seule, elle change l’avantage de la maison (points de pourcentage)"
            ),
            changes.join(", ")
        ));
    }
    if count > 0 {
        out.push('\n');
    }

    let mut edges = Table::new(&[
        (lang.pick("Bet", "Pari"), Align::Left),
        (
            lang.pick("Reference edge", "Avantage de référence"),
            Align::Right,
        ),
        (
            lang.pick("Drawing changes only", "Changements de tirage seuls"),
            Align::Right,
        ),
        (
            lang.pick("Claimed rules edge", "Avantage des règles revendiquées"),
            Align::Right,
        ),
        (lang.pick("Exact change", "Changement exact"), Align::Right),
    ]);
    for (i, bet) in MainBet::ALL.iter().enumerate() {
        let total_change = &report.claimed_edges[i] - &report.reference_edges[i];
        edges.row(vec![
            bet_name(bet.key(), lang),
            percent(&report.reference_edges[i], lang),
            points(&report.drawing_change[i], lang),
            percent(&report.claimed_edges[i], lang),
            fraction_text(&total_change),
        ]);
    }
    out.push_str(&heading(
        lang.pick("Main bets", "Paris principaux").to_string(),
    ));
    out.push_str(&table(&edges));
    out.push('\n');

    out.push_str(&heading(format!(
        "{}{colon} {}",
        lang.pick("Tariff differences", "Différences de barème"),
        report.tariff_differences.len()
    )));
    for difference in &report.tariff_differences {
        let edge =
            |e: &Option<BigRational>| e.as_ref().map_or("—".to_string(), |e| percent(e, lang));
        let (open, close) = lang.pick(("“", "”"), ("«\u{a0}", "\u{a0}»"));
        out.push_str(&format!(
            "- {}{colon} {} {open}{}{close}, {} {}{} {} {open}{}{close}, {} {}.\n",
            bet_name(&difference.key, lang),
            lang.pick("here", "ici"),
            describe_terms(&difference.claimed, lang),
            lang.pick("edge", "avantage"),
            edge(&difference.claimed_edge),
            lang.semicolon(),
            lang.pick("in the reference", "dans la référence"),
            describe_terms(&difference.reference, lang),
            lang.pick("edge", "avantage"),
            edge(&difference.reference_edge),
        ));
    }
    if !report.tariff_differences.is_empty() {
        out.push('\n');
    }

    out.push_str(&heading(format!(
        "{}{colon} {}",
        lang.pick("Claims", "Affirmations"),
        report.claims.len()
    )));
    if !report.claims.is_empty() {
        let mut claims = Table::new(&[
            (lang.pick("Claim", "Affirmation"), Align::Left),
            (lang.pick("Stated", "Annoncé"), Align::Right),
            (lang.pick("Exact", "Exact"), Align::Right),
            (lang.pick("Verdict", "Verdict"), Align::Left),
        ]);
        for result in &report.claims {
            claims.row(vec![
                claim_subject(result, lang),
                result.claim.stated.text.clone(),
                claim_value(result, lang),
                verdict(result, lang).to_string(),
            ]);
        }
        out.push_str(&table(&claims));
        let wrong: Vec<(&ClaimResult, &String)> = report
            .claims
            .iter()
            .filter_map(|r| r.claim.published_wrong.as_ref().map(|why| (r, why)))
            .collect();
        if !wrong.is_empty() {
            out.push('\n');
            out.push_str(&format!(
                "{}{colon}\n",
                lang.pick(
                    "Figures recorded as published wrongly",
                    "Chiffres notés comme publiés à tort"
                )
            ));
            if markdown {
                out.push('\n');
            }
            for (result, why) in wrong {
                out.push_str(&format!(
                    "- {}, {} {}{colon} {why}\n",
                    claim_subject(result, lang),
                    lang.pick("published", "publié"),
                    result.claim.stated.text,
                ));
            }
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
