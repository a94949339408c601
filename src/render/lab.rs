//! The parts every lab report shares (`shuffle-test`, `audit`): the provenance header (the
//! input's SHA-256, the tool's version, the exact command), the table of tests with their
//! verdicts after Holm, the one summary line, and the JSON document's common fields.

use super::Format;
use super::table::{Align, Table};
use crate::lab::{Battery, Provenance, TestResult, Verdict};
use crate::lang::Lang;
use serde_json::{Map, Value, json};

/// A test's name for people, for every battery of the lab (shuffle-test and audit): the known
/// keys translated, any other key as given.
pub fn test_label(name: &str, lang: Lang) -> String {
    let (en, fr) = match name {
        "value_by_position" => ("Card value against position", "Valeur contre position"),
        "rank_by_position" => ("Rank against position", "Rang contre position"),
        "suit_by_position" => ("Suit against position", "Couleur contre position"),
        "card_by_position" => (
            "Exact card against position",
            "Carte exacte contre position",
        ),
        "successor_pairs" => (
            "Successor pairs (values)",
            "Paires de successeurs (valeurs)",
        ),
        "runs_up_down" => ("Runs up and down (ranks)", "Montées et descentes (rangs)"),
        "rising_sequences" => ("Rising sequences", "Séquences montantes"),
        "repeated_shoes" => ("Repeated shoes", "Sabots répétés"),
        "shared_prefixes" => ("Shoes sharing a long prefix", "Sabots au long début commun"),
        "outcomes" => (
            "Outcomes (Punto, Banco, Tie)",
            "Issues (Punto, Banco, Égalité)",
        ),
        "final_states" => (
            "Final states (winner and winning total)",
            "États finaux (gagnant et total gagnant)",
        ),
        "naturals" => (
            "Naturals by the coup (none, 8, 9)",
            "Naturels par coup (aucun, 8, 9)",
        ),
        other => {
            if let Some(lag) = other.strip_prefix("serial_correlation_lag_") {
                return match lang {
                    Lang::En => format!("Serial correlation of values, lag {lag}"),
                    Lang::Fr => format!("Corrélation sérielle des valeurs, décalage {lag}"),
                };
            }
            if let Some(bet) = other.strip_prefix("return_") {
                let bet = super::tableau::bet_name(bet, lang);
                return match lang {
                    Lang::En => format!("Return of {bet}"),
                    Lang::Fr => format!("Retour de la mise {bet}"),
                };
            }
            return other.to_string();
        }
    };
    lang.pick(en, fr).to_string()
}

/// A test's note in the reader's language: the lab's known notes translated, any other as
/// given (notes are data, written in English by the library).
pub fn note_text(note: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return note.to_string();
    }
    let number = |suffix: &str| {
        note.strip_suffix(suffix)
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            .map(str::to_string)
    };
    if let Some(n) = number(" position bins") {
        return format!("{n} classes de positions");
    }
    if let Some(n) = number(" distinct cards ordered by first occurrence") {
        return format!("{n} cartes distinctes rangées par première apparition");
    }
    let pooled = note
        .strip_suffix(" of expected count 5 or more")
        .and_then(|rest| rest.split_once(" groups (winner and winning total) pooled into "));
    if let Some((from, into)) = pooled {
        return format!(
            "{from} groupes (gagnant et total gagnant) regroupés en {into} d’effectif attendu d’au moins 5"
        );
    }
    if let Some(l) = note
        .strip_prefix("shoes whose first ")
        .and_then(|rest| rest.strip_suffix(" cards repeat an earlier shoe's"))
    {
        return format!(
            "sabots dont les {l} premières cartes répètent celles d’un sabot antérieur"
        );
    }
    match note {
        "shoes equal to an earlier one; p is Markov's bound on the pairs compared" => {
            "sabots égaux à un sabot antérieur\u{a0}; p est la borne de Markov sur les paires comparées".into()
        }
        "fewer than 2 shoes" => "moins de 2 sabots".into(),
        "fewer than 50 shoes" => "moins de 50 sabots".into(),
        "too few shoes for expectations of 5 in two position bins" => {
            "trop peu de sabots pour des effectifs attendus de 5 dans deux classes de positions".into()
        }
        "the shoe holds a single category" => "le sabot ne contient qu’une catégorie".into(),
        "the bet's net cannot vary on these coups" => {
            "le gain de la mise ne peut varier sur ces coups".into()
        }
        "the bet's net cannot vary on these coups, yet the engine paid otherwise" => {
            "le gain de la mise ne peut varier sur ces coups, et pourtant le moteur a payé autre chose".into()
        }
        "too few coups: every pooled group's expected count is below five" => {
            "trop peu de coups\u{a0}: l’effectif attendu de chaque groupe est sous cinq".into()
        }
        other => other.to_string(),
    }
}

/// A verdict for people: `pass`, `FAIL`, `untested` (`conforme`, `ÉCHEC`, `non testé`).
pub fn verdict_word(verdict: Verdict, lang: Lang) -> &'static str {
    match verdict {
        Verdict::Pass => lang.pick("pass", "conforme"),
        Verdict::Fail => lang.pick("FAIL", "ÉCHEC"),
        Verdict::Untested => lang.pick("untested", "non testé"),
    }
}

/// A p-value for people: four decimals, or two significant digits in scientific notation
/// below 10⁻⁴ (`3.1e-9`, `3,1e-9`), `0` when it underflows.
pub fn p_value_text(p: f64, lang: Lang) -> String {
    if p.is_nan() {
        "—".into()
    } else if p == 0.0 {
        "0".into()
    } else if p < 1e-4 {
        lang.point(&format!("{p:.1e}"))
    } else {
        lang.decimal(p, 4)
    }
}

/// A statistic for people, two decimals (`∞` for an impossible deviation).
pub fn statistic_text(x: f64, lang: Lang) -> String {
    if x.is_nan() {
        "—".into()
    } else if x.is_infinite() {
        "∞".into()
    } else {
        lang.decimal(x, 2)
    }
}

/// α (or a power) as given, in the language's notation: `0.01`, `0,01`.
pub fn level_text(alpha: f64, lang: Lang) -> String {
    lang.point(&crate::oracle::fit::plain_number(alpha))
}

pub(super) fn command_text(provenance: &Provenance) -> String {
    provenance
        .command
        .iter()
        .map(|arg| {
            if !arg.is_empty()
                && arg
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./:=,".contains(&b))
            {
                arg.clone()
            } else {
                format!("'{}'", arg.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The header of a report: the input's SHA-256, the tool's version and the command, one
/// line each (a Markdown list for Markdown). Empty for JSON, whose document carries them
/// as fields.
pub fn provenance(provenance: &Provenance, lang: Lang, format: Format) -> String {
    let colon = lang.colon();
    let rows = [
        (
            lang.pick("Input SHA-256", "SHA-256 de l’entrée"),
            provenance.sha256.clone(),
        ),
        (
            lang.pick("Version", "Version"),
            format!("punto-banco {}", provenance.version),
        ),
        (lang.pick("Command", "Commande"), command_text(provenance)),
    ];
    match format {
        Format::Json => String::new(),
        Format::Markdown => {
            rows.iter()
                .map(|(k, v)| format!("- {k}{colon} `{v}`\n"))
                .collect::<String>()
                + "\n"
        }
        Format::Text => {
            rows.iter()
                .map(|(k, v)| format!("{k}{colon} {v}\n"))
                .collect::<String>()
                + "\n"
        }
    }
}

/// The table of tests: name, statistic, degrees of freedom, p-value and verdict, then each
/// note. For JSON, the `tests` array as text.
pub fn tests_table(battery: &Battery, lang: Lang, format: Format) -> String {
    if format == Format::Json {
        return format!("{:#}", tests_json(battery));
    }
    let mut table = Table::new(&[
        (lang.pick("Test", "Test"), Align::Left),
        (lang.pick("Statistic", "Statistique"), Align::Right),
        (lang.pick("df", "ddl"), Align::Right),
        (lang.pick("p-value", "valeur p"), Align::Right),
        (lang.pick("Verdict", "Verdict"), Align::Left),
    ]);
    for t in &battery.tests {
        table.row(vec![
            test_label(&t.name, lang),
            statistic_text(t.statistic, lang),
            t.degrees_of_freedom
                .map_or_else(|| "—".to_string(), |df| lang.point(&format!("{df}"))),
            p_value_text(t.p_value, lang),
            verdict_word(t.verdict, lang).to_string(),
        ]);
    }
    let mut out = match format {
        Format::Markdown => table.to_markdown(),
        _ => table.to_text(),
    };
    let notes: Vec<&TestResult> = battery.tests.iter().filter(|t| t.note.is_some()).collect();
    if !notes.is_empty() {
        out.push('\n');
        for t in notes {
            let bullet = if format == Format::Markdown {
                "- "
            } else {
                "  "
            };
            out.push_str(&format!(
                "{bullet}{}{} {}\n",
                test_label(&t.name, lang),
                lang.colon(),
                note_text(t.note.as_deref().unwrap_or_default(), lang)
            ));
        }
    }
    out
}

/// The `tests` array of the JSON document.
pub fn tests_json(battery: &Battery) -> Value {
    let finite = |x: f64| if x.is_finite() { json!(x) } else { Value::Null };
    Value::Array(
        battery
            .tests
            .iter()
            .map(|t| {
                json!({
                    "name": t.name,
                    "statistic_kind": t.kind.key(),
                    "statistic": if t.statistic == f64::INFINITY { json!("inf") } else { finite(t.statistic) },
                    "degrees_of_freedom": t.degrees_of_freedom,
                    "p_value": finite(t.p_value),
                    "verdict": t.verdict.key(),
                    "note": t.note,
                })
            })
            .collect(),
    )
}

/// The one summary line to paste into a certificate: the command's name, what was tested
/// (`counted`, such as "100,000 shoes", already in the reader's language), the verdict at α
/// with the number of tests, the failing tests, and the input's checksum.
pub fn summary_line(
    command: &str,
    counted: &str,
    battery: &Battery,
    provenance: &Provenance,
    lang: Lang,
) -> String {
    let verdict = match battery.verdict() {
        Verdict::Pass => lang.pick("PASS", "CONFORME"),
        Verdict::Fail => lang.pick("FAIL", "ÉCHEC"),
        Verdict::Untested => lang.pick("UNTESTED", "NON TESTÉ"),
    };
    let failed: Vec<String> = battery
        .tests
        .iter()
        .filter(|t| t.verdict == Verdict::Fail)
        .map(|t| t.name.clone())
        .collect();
    let tested = battery.tested();
    let alpha = level_text(battery.alpha, lang);
    let checksum = &provenance.sha256;
    let failing = if failed.is_empty() {
        String::new()
    } else {
        match lang {
            Lang::En => format!(" (failed: {})", failed.join(", ")),
            Lang::Fr => format!(" (en échec\u{a0}: {})", failed.join(", ")),
        }
    };
    match lang {
        Lang::En => format!(
            "punto-banco {} {command}: {verdict} at α = {alpha} (Holm, {tested} {}){failing} over {counted}, input SHA-256 {checksum}",
            provenance.version,
            if tested == 1 { "test" } else { "tests" },
        ),
        Lang::Fr => format!(
            "punto-banco {} {command}\u{a0}: {verdict} au seuil α = {alpha} (Holm, {tested} {}){failing} sur {counted}, SHA-256 de l’entrée {checksum}",
            provenance.version, "tests",
        ),
    }
}

/// The common fields of a lab's JSON document (schema 1): `schema`, `sha256`, `version`,
/// `command`, `alpha`, `verdict`, `summary`, `tests`. The caller adds its counts (`shoes`,
/// `coups`) and its own fields.
pub fn document(provenance: &Provenance, battery: &Battery, summary: &str) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("schema".into(), json!(super::SCHEMA));
    map.insert("sha256".into(), json!(provenance.sha256));
    map.insert("version".into(), json!(provenance.version));
    map.insert("command".into(), json!(provenance.command));
    map.insert("alpha".into(), json!(battery.alpha));
    let verdict = match battery.verdict() {
        Verdict::Fail => "fail",
        _ => "pass",
    };
    map.insert("verdict".into(), json!(verdict));
    map.insert("summary".into(), json!(summary));
    map.insert("tests".into(), tests_json(battery));
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::StatisticKind;

    fn battery() -> Battery {
        Battery::new(
            vec![
                TestResult::tested(
                    "card_by_position",
                    StatisticKind::ChiSquare,
                    310.25,
                    Some(255.0),
                    0.0102,
                ),
                TestResult::tested("rising_sequences", StatisticKind::Z, -6.5, None, 8.0e-11),
                TestResult::untested("repeated_shoes", StatisticKind::MatchCount, "one shoe"),
            ],
            0.01,
        )
    }

    fn provenance_of() -> Provenance {
        Provenance::new(
            "ab".repeat(32),
            vec![
                "punto-banco".into(),
                "shuffle-test".into(),
                "my shoes.jsonl".into(),
            ],
        )
    }

    #[test]
    fn the_summary_line_names_the_verdict_the_failures_and_the_checksum() {
        let line = summary_line(
            "shuffle-test",
            "1,000 shoes",
            &battery(),
            &provenance_of(),
            Lang::En,
        );
        assert!(
            line.contains(
                "FAIL at α = 0.01 (Holm, 2 tests) (failed: rising_sequences) over 1,000 shoes"
            ),
            "{line}"
        );
        assert!(line.ends_with(&"ab".repeat(32)));
        let fr = summary_line(
            "shuffle-test",
            "1\u{202f}000 sabots",
            &battery(),
            &provenance_of(),
            Lang::Fr,
        );
        assert!(
            fr.contains("shuffle-test\u{a0}: ÉCHEC au seuil α = 0,01"),
            "{fr}"
        );
        assert!(fr.contains("(en échec\u{a0}: rising_sequences)"), "{fr}");
    }

    #[test]
    fn the_header_quotes_what_the_shell_would_split() {
        let text = provenance(&provenance_of(), Lang::En, Format::Text);
        assert!(
            text.contains("Command: punto-banco shuffle-test 'my shoes.jsonl'\n"),
            "{text}"
        );
        let fr = provenance(&provenance_of(), Lang::Fr, Format::Markdown);
        assert!(fr.contains("- Commande\u{a0}: `punto-banco"), "{fr}");
        assert!(provenance(&provenance_of(), Lang::En, Format::Json).is_empty());
    }

    #[test]
    fn the_table_writes_french_decimals_and_verdicts() {
        let fr = tests_table(&battery(), Lang::Fr, Format::Text);
        assert!(fr.contains("310,25"), "{fr}");
        assert!(fr.contains("8,0e-11"), "{fr}");
        assert!(fr.contains("ÉCHEC"), "{fr}");
        assert!(fr.contains("Sabots répétés\u{a0}: one shoe"), "{fr}");
        assert_eq!(
            note_text("52 position bins", Lang::Fr),
            "52 classes de positions"
        );
        assert_eq!(
            note_text("fewer than 2 shoes", Lang::Fr),
            "moins de 2 sabots"
        );
        let md = tests_table(&battery(), Lang::En, Format::Markdown);
        assert!(md.starts_with("| Test "), "{md}");
        let json: Value =
            serde_json::from_str(&tests_table(&battery(), Lang::En, Format::Json)).unwrap();
        assert_eq!(json[1]["verdict"], "fail");
        assert_eq!(json[2]["p_value"], Value::Null);
    }

    #[test]
    fn the_document_has_the_shared_fields() {
        let doc = document(&provenance_of(), &battery(), "line");
        for key in [
            "schema", "sha256", "version", "command", "alpha", "verdict", "summary", "tests",
        ] {
            assert!(doc.contains_key(key), "{key}");
        }
        assert_eq!(doc["verdict"], "fail");
    }
}
