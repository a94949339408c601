//! The parts every lab report shares (`shuffle-test`, `audit`): the provenance header (the
//! input's SHA-256, the tool's version, the exact command, the date when one was asked for),
//! the table of tests with the kind of each statistic and the verdicts after Holm, the one
//! summary line saying what the verdict means, and the JSON document's common fields.

use super::Format;
use super::table::{Align, Table};
use crate::document::Decimal;
use crate::document::lab::{LabCommon, LabTest, Statistic};
use crate::lab::audit::AuditTestName;
use crate::lab::shuffle::ShuffleTestName;
use crate::lab::{Battery, Note, Provenance, StatisticKind, TestResult, Verdict};
use crate::lang::Lang;

/// A test's name for people, for every battery of the lab (shuffle-test and audit): each
/// shuffle test by an exhaustive match on its [`ShuffleTestName`], each audit test on its
/// [`AuditTestName`], any other key as given.
pub fn test_label(name: &str, lang: Lang) -> String {
    if let Some(test) = ShuffleTestName::from_key(name) {
        return shuffle_test_label(test, lang);
    }
    if let Some(test) = AuditTestName::from_key(name) {
        return audit_test_label(&test, lang);
    }
    name.to_string()
}

/// An audit test's name for people: a new test does not compile until it is named here.
fn audit_test_label(test: &AuditTestName, lang: Lang) -> String {
    let (en, fr) = match test {
        AuditTestName::Outcomes => (
            "Outcomes (Punto, Banco, Tie)",
            "Issues (Punto, Banco, Égalité)",
        ),
        AuditTestName::FinalStates => (
            "Final states (winner and winning total)",
            "États finaux (gagnant et total gagnant)",
        ),
        AuditTestName::Naturals => (
            "Naturals by the coup (none, 8, 9)",
            "Naturels par coup (aucun, 8, 9)",
        ),
        AuditTestName::Return { bet } => {
            let bet = super::tableau::bet_name(bet, lang);
            return match lang {
                Lang::En => format!("Return of {bet}"),
                Lang::Fr => format!("Retour de la mise {bet}"),
            };
        }
    };
    lang.pick(en, fr).to_string()
}

/// A shuffle test's name for people: a new test does not compile until it is named here.
fn shuffle_test_label(test: ShuffleTestName, lang: Lang) -> String {
    use ShuffleTestName::*;
    let (en, fr) = match test {
        ValueByPosition => ("Card value against position", "Valeur contre position"),
        RankByPosition => ("Rank against position", "Rang contre position"),
        SuitByPosition => ("Suit against position", "Couleur contre position"),
        CardByPosition => (
            "Exact card against position",
            "Carte exacte contre position",
        ),
        SuccessorPairs => (
            "Successor pairs (values)",
            "Paires de successeurs (valeurs)",
        ),
        SerialCorrelation { lag } => {
            return match lang {
                Lang::En => format!("Serial correlation of values, lag {lag}"),
                Lang::Fr => format!("Corrélation sérielle des valeurs, décalage {lag}"),
            };
        }
        RunsUpDown => ("Runs up and down (ranks)", "Montées et descentes (rangs)"),
        RisingSequences => ("Rising sequences", "Séquences montantes"),
        RepeatedShoes => ("Repeated shoes", "Sabots répétés"),
        SharedPrefixes => ("Shoes sharing a long prefix", "Sabots au long début commun"),
    };
    lang.pick(en, fr).to_string()
}

/// A test's note in the reader's language.
pub fn note_text(note: &Note, lang: Lang) -> String {
    if lang == Lang::En {
        return note.to_string();
    }
    match *note {
        Note::PositionBins(n) => format!("{n} classes de positions"),
        Note::PooledValues(g) => {
            format!("valeurs regroupées en {g} groupes d’effectif attendu d’au moins 5")
        }
        Note::PooledFinalStates { from, into } => format!(
            "{from} groupes (gagnant et total gagnant) regroupés en {into} d’effectif attendu d’au moins 5"
        ),
        Note::Bennett { events, needed } => format!(
            "p est la borne de Bennett\u{a0}: environ {events} événements portent la variance, moins que n’en demande l’approximation normale ({needed})"
        ),
        Note::DistinctCards(n) => {
            format!("{n} cartes distinctes rangées par première apparition")
        }
        Note::RepeatedShoes => {
            "sabots égaux à un sabot antérieur\u{a0}; p est la borne de Markov sur les paires comparées".into()
        }
        Note::SharedPrefix(l) => {
            format!("sabots dont les {l} premières cartes répètent celles d’un sabot antérieur")
        }
        Note::FewerShoes(n) => format!("moins de {n} sabots"),
        Note::ShortShoes(n) => format!("sabots de moins de {n} cartes"),
        Note::FewerThanTwoCards => "moins de 2 cartes distinctes".into(),
        Note::SingleCategory => "le sabot ne contient qu’une catégorie".into(),
        Note::TooFewShoesForBins => {
            "trop peu de sabots pour des effectifs attendus de 5 dans deux classes de positions".into()
        }
        Note::SingleValue => {
            "le sabot ne contient qu’une valeur, dont les transitions ne peuvent varier".into()
        }
        Note::TooFewShoesForTransitions => {
            "trop peu de sabots pour des effectifs attendus de 5 dans les transitions entre deux groupes de valeurs".into()
        }
        Note::ShorterThanLag => "le sabot est plus court que le décalage".into(),
        Note::NoVariance => {
            "aucune variance sous l’hypothèse nulle pour cette composition".into()
        }
        Note::UnevenCards => {
            "les cartes présentes n’apparaissent pas toutes aussi souvent, l’ordre des premières apparitions n’est donc pas uniforme".into()
        }
        Note::SingleArrangement => {
            "tout sabot équitable est le même arrangement d’une seule carte".into()
        }
        Note::NoRarePrefix => {
            "le sabot est trop court pour un début que des sabots équitables partagent aussi rarement".into()
        }
        Note::CertainNet => "le gain de la mise ne peut varier sur ces coups".into(),
        Note::TooFewCoups => {
            "trop peu de coups\u{a0}: l’effectif attendu de chaque groupe est sous cinq".into()
        }
        Note::NotSemiDefinite => "la covariance n’est pas semi-définie positive".into(),
        Note::NoDegreesOfFreedom => {
            "aucun degré de liberté\u{a0}: la statistique ne peut varier sous l’hypothèse nulle".into()
        }
        Note::NoPValue => "aucune valeur p n’a pu être calculée".into(),
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

/// The kind of a test's statistic for people, which says how its p-value was read:
/// `chi-square`, `Mahalanobis`, `z (normal)`, `matches (Markov)`, `z (Bennett)`, `pay-line counts (e-value)`
/// (`khi-deux`, `Mahalanobis`, `z (normale)`, `coïncidences (Markov)`, `z (Bennett)`,
/// `comptes par ligne (e-valeur)`).
pub fn statistic_kind_text(kind: StatisticKind, lang: Lang) -> &'static str {
    match kind {
        StatisticKind::ChiSquare => lang.pick("chi-square", "khi-deux"),
        StatisticKind::Mahalanobis => "Mahalanobis",
        StatisticKind::Z => lang.pick("z (normal)", "z (normale)"),
        StatisticKind::MatchCount => lang.pick("matches (Markov)", "coïncidences (Markov)"),
        StatisticKind::Bennett => "z (Bennett)",
        StatisticKind::LineCounts => {
            lang.pick("pay-line counts (e-value)", "comptes par ligne (e-valeur)")
        }
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

/// The header of a report: the input's SHA-256, the tool's version, the command and, when the
/// report is dated, its date, one line each (a Markdown list for Markdown). Empty for JSON,
/// whose document carries them as fields.
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
    let date = provenance
        .date
        .map(|d| (lang.pick("Date (UTC)", "Date (UTC)"), d.to_string()));
    let rows: Vec<(&str, String)> = rows.into_iter().chain(date).collect();
    match format {
        Format::Json => String::new(),
        Format::Markdown => {
            rows.iter()
                .map(|(k, v)| format!("- {k}{colon} `{v}`\n"))
                .collect::<String>()
                + "\n"
        }
        _ => {
            rows.iter()
                .map(|(k, v)| format!("{k}{colon} {v}\n"))
                .collect::<String>()
                + "\n"
        }
    }
}

/// The table of tests: name, the kind of statistic (so how its p-value was read), its value,
/// degrees of freedom, p-value and verdict, then each note. For JSON, the `tests` array as
/// text.
pub fn tests_table(battery: &Battery, lang: Lang, format: Format) -> String {
    if format == Format::Json {
        return serde_json::to_string_pretty(&tests_json(battery))
            .expect("a document is plain data");
    }
    let mut table = Table::new(&[
        (lang.pick("Test", "Test"), Align::Left),
        (lang.pick("Statistic", "Statistique"), Align::Left),
        (lang.pick("Value", "Valeur"), Align::Right),
        (lang.pick("df", "ddl"), Align::Right),
        (lang.pick("p-value", "valeur p"), Align::Right),
        (lang.pick("Verdict", "Verdict"), Align::Left),
    ]);
    for t in &battery.tests {
        table.row(vec![
            test_label(&t.name, lang),
            statistic_kind_text(t.kind, lang).to_string(),
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
                t.note
                    .map(|note| note_text(&note, lang))
                    .unwrap_or_default()
            ));
        }
    }
    out
}

/// The `tests` array of a lab document.
pub fn tests_json(battery: &Battery) -> Vec<LabTest> {
    let finite = |x: f64| Decimal(if x.is_finite() { x } else { f64::NAN });
    battery
        .tests
        .iter()
        .map(|t| LabTest {
            degrees_of_freedom: t.degrees_of_freedom,
            name: t.name.clone(),
            note: t.note.map(|note| note.to_string()),
            p_value: finite(t.p_value),
            statistic: if t.statistic == f64::INFINITY {
                Statistic::Infinite("inf")
            } else {
                Statistic::Value(finite(t.statistic))
            },
            statistic_kind: t.kind.key(),
            verdict: t.verdict.key(),
        })
        .collect()
}

/// The one summary line to paste into a certificate: the command's name, the verdict and what
/// it means at α over what was tested (`counted`, such as "100,000 shoes", already in the
/// reader's language), the number of tests, the failing tests, the input's checksum and the
/// date when the report is dated.
pub fn summary_line(
    command: &str,
    counted: &str,
    battery: &Battery,
    provenance: &Provenance,
    lang: Lang,
) -> String {
    summary_line_with_power(command, counted, battery, provenance, &[], lang)
}

/// The power a sample had against one named defect, as the summary line says it: the
/// defect's name and the battery's least power against it (`None`: the pilot saw no effect).
#[derive(Debug, Clone, PartialEq)]
pub struct PowerAgainst {
    /// The defect's name, such as `riffle:3`.
    pub defect: String,
    /// The battery's power against it is at least this.
    pub power: Option<f64>,
}

/// [`summary_line`] with, after the tests, the power the sample had against each named
/// defect.
pub fn summary_line_with_power(
    command: &str,
    counted: &str,
    battery: &Battery,
    provenance: &Provenance,
    powers: &[PowerAgainst],
    lang: Lang,
) -> String {
    let failed: Vec<String> = battery
        .tests
        .iter()
        .filter(|t| t.verdict == Verdict::Fail)
        .map(|t| t.name.clone())
        .collect();
    let tested = battery.tested();
    let alpha = level_text(battery.alpha, lang);
    let version = provenance.version;
    let tests = match (lang, tested) {
        (Lang::En, 1) => "1 test".to_string(),
        (Lang::En, n) => format!("{n} tests"),
        (Lang::Fr, n) => format!("{n} test{}", if n == 1 { "" } else { "s" }),
    };
    let mut details = vec![format!("Holm, {tests}")];
    if !failed.is_empty() {
        details.push(match lang {
            Lang::En => format!("failed: {}", failed.join(", ")),
            Lang::Fr => format!("en échec\u{a0}: {}", failed.join(", ")),
        });
    }
    if !powers.is_empty() {
        details.push(power_clause(powers, lang));
    }
    let details = details.join(&format!("{} ", lang.semicolon()));
    let said = match (battery.verdict(), lang) {
        (Verdict::Pass, Lang::En) => {
            format!("PASS, no evidence of a defect at α = {alpha} over {counted} ({details})")
        }
        (Verdict::Pass, Lang::Fr) => format!(
            "CONFORME, aucun indice de défaut au seuil α = {alpha} sur {counted} ({details})"
        ),
        (Verdict::Fail, Lang::En) => format!("FAIL at α = {alpha} over {counted} ({details})"),
        (Verdict::Fail, Lang::Fr) => {
            format!("ÉCHEC au seuil α = {alpha} sur {counted} ({details})")
        }
        (Verdict::Untested, Lang::En) => format!("UNTESTED, no test could be run over {counted}"),
        (Verdict::Untested, Lang::Fr) => {
            format!("NON TESTÉ, aucun test n’a pu être fait sur {counted}")
        }
    };
    let checksum = &provenance.sha256;
    let date = match (provenance.date, lang) {
        (None, _) => String::new(),
        (Some(d), Lang::En) => format!(", dated {d}"),
        (Some(d), Lang::Fr) => format!(", daté du {d}"),
    };
    match lang {
        Lang::En => {
            format!("punto-banco {version} {command}: {said}, input SHA-256 {checksum}{date}")
        }
        Lang::Fr => format!(
            "punto-banco {version} {command}\u{a0}: {said}, SHA-256 de l’entrée {checksum}{date}"
        ),
    }
}

/// A lower bound for people, two decimals rounded down: `at_least(0.996)` is 0.99, never an
/// overstated 1.00.
pub fn at_least(power: f64) -> f64 {
    (power * 100.0).floor() / 100.0
}

/// "power at least 0.99 against riffle:3, 0.42 against shelf:10" and what no pilot saw.
fn power_clause(powers: &[PowerAgainst], lang: Lang) -> String {
    let seen: Vec<String> = powers
        .iter()
        .filter_map(|p| {
            let power = lang.decimal(at_least(p.power?), 2);
            Some(match lang {
                Lang::En => format!("{power} against {}", p.defect),
                Lang::Fr => format!("{power} contre {}", p.defect),
            })
        })
        .collect();
    let unseen: Vec<&str> = powers
        .iter()
        .filter(|p| p.power.is_none())
        .map(|p| p.defect.as_str())
        .collect();
    let mut parts = Vec::new();
    if !seen.is_empty() {
        parts.push(match lang {
            Lang::En => format!("power at least {}", seen.join(", ")),
            Lang::Fr => format!("puissance d’au moins {}", seen.join(", ")),
        });
    }
    if !unseen.is_empty() {
        parts.push(match lang {
            Lang::En => format!("no effect of {} seen by its pilot", unseen.join(", ")),
            Lang::Fr => format!("aucun effet de {} vu par son pilote", unseen.join(", ")),
        });
    }
    parts.join(&format!("{} ", lang.semicolon()))
}

/// The common fields of a lab's document: `schema`, `sha256`, `version`, `command`, `date`
/// (only when the report is dated), `alpha`, `verdict`, `summary`, `tests`. The caller's
/// document adds its counts (`shoes`, `coups`) and its own fields.
pub fn document(provenance: &Provenance, battery: &Battery, summary: &str) -> LabCommon {
    LabCommon {
        alpha: battery.alpha,
        command: provenance.command.clone(),
        date: provenance.date.map(|date| date.to_string()),
        schema: super::SCHEMA,
        sha256: provenance.sha256.clone(),
        summary: summary.to_string(),
        tests: tests_json(battery),
        verdict: match battery.verdict() {
            Verdict::Fail => "fail",
            _ => "pass",
        },
        version: provenance.version,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::StatisticKind;
    use serde_json::Value;

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
                TestResult::untested(
                    "repeated_shoes",
                    StatisticKind::MatchCount,
                    Note::FewerShoes(2),
                ),
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
                "shuffle-test: FAIL at α = 0.01 over 1,000 shoes (Holm, 2 tests; failed: rising_sequences), input SHA-256"
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
            fr.contains("shuffle-test\u{a0}: ÉCHEC au seuil α = 0,01 sur 1\u{202f}000 sabots"),
            "{fr}"
        );
        assert!(
            fr.contains("(Holm, 2 tests\u{a0}; en échec\u{a0}: rising_sequences)"),
            "{fr}"
        );
    }

    #[test]
    fn a_pass_says_what_it_means_and_the_power_it_had() {
        let calm = Battery::new(
            vec![TestResult::tested(
                "rising_sequences",
                StatisticKind::Z,
                0.5,
                None,
                0.6,
            )],
            0.01,
        );
        let powers = [
            PowerAgainst {
                defect: "riffle:3".into(),
                power: Some(0.994),
            },
            PowerAgainst {
                defect: "fair".into(),
                power: None,
            },
        ];
        let line = summary_line_with_power(
            "shuffle-test",
            "100 shoes",
            &calm,
            &provenance_of(),
            &powers,
            Lang::En,
        );
        assert!(
            line.contains(
                "PASS, no evidence of a defect at α = 0.01 over 100 shoes (Holm, 1 test; power at least 0.99 against riffle:3; no effect of fair seen by its pilot), input SHA-256"
            ),
            "{line}"
        );
        let fr = summary_line_with_power(
            "shuffle-test",
            "100 sabots",
            &calm,
            &provenance_of().dated(crate::lab::Date::from_unix_seconds(0).unwrap()),
            &powers,
            Lang::Fr,
        );
        assert!(
            fr.contains("CONFORME, aucun indice de défaut au seuil α = 0,01 sur 100 sabots (Holm, 1 test\u{a0}; puissance d’au moins 0,99 contre riffle:3\u{a0}; aucun effet de fair vu par son pilote)"),
            "{fr}"
        );
        assert!(fr.ends_with(", daté du 1970-01-01"), "{fr}");
        let none = summary_line(
            "audit",
            "0 coups",
            &Battery::new(vec![], 0.01),
            &provenance_of(),
            Lang::En,
        );
        assert!(
            none.contains("audit: UNTESTED, no test could be run over 0 coups, input"),
            "{none}"
        );
    }

    #[test]
    fn a_date_is_written_only_when_asked() {
        let undated = provenance_of();
        let dated =
            provenance_of().dated(crate::lab::Date::from_unix_seconds(1_000_000_000).unwrap());
        assert!(!provenance(&undated, Lang::En, Format::Text).contains("Date"));
        assert!(document(&undated, &battery(), "line").date.is_none());
        assert!(
            provenance(&dated, Lang::En, Format::Text).contains("Date (UTC): 2001-09-09\n"),
            "{}",
            provenance(&dated, Lang::En, Format::Text)
        );
        assert!(
            provenance(&dated, Lang::Fr, Format::Markdown)
                .contains("- Date (UTC)\u{a0}: `2001-09-09`")
        );
        let date = document(&dated, &battery(), "line").date;
        assert_eq!(date.as_deref(), Some("2001-09-09"));
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
    fn every_test_names_its_statistic() {
        let en = tests_table(&battery(), Lang::En, Format::Text);
        for kind in ["chi-square", "z (normal)", "matches (Markov)"] {
            assert!(en.contains(kind), "{kind}: {en}");
        }
        let fr = tests_table(&battery(), Lang::Fr, Format::Markdown);
        let header: Vec<&str> = fr
            .lines()
            .next()
            .unwrap()
            .split('|')
            .map(str::trim)
            .collect();
        assert_eq!(header[1..4], ["Test", "Statistique", "Valeur"], "{fr}");
        assert!(fr.contains("| khi-deux "), "{fr}");
        let json: Value =
            serde_json::from_str(&tests_table(&battery(), Lang::En, Format::Json)).unwrap();
        assert_eq!(json[0]["statistic_kind"], "chi-square");
        assert_eq!(json[0]["degrees_of_freedom"], 255.0);
        assert_eq!(json[1]["statistic_kind"], "z");
    }

    #[test]
    fn every_audit_test_is_named_in_both_languages() {
        let tests = [
            AuditTestName::Outcomes,
            AuditTestName::FinalStates,
            AuditTestName::Naturals,
            AuditTestName::Return {
                bet: "banco".into(),
            },
        ];
        for test in tests {
            let (en, fr) = (
                test_label(&test.key(), Lang::En),
                test_label(&test.key(), Lang::Fr),
            );
            assert_ne!(en, test.key());
            assert_ne!(fr, en, "untranslated: {en}");
        }
        assert_eq!(
            test_label("final_states", Lang::En),
            "Final states (winner and winning total)"
        );
        assert_eq!(test_label("no_such_test", Lang::Fr), "no_such_test");
    }

    #[test]
    fn every_note_reads_in_french_without_english_words() {
        let every = [
            Note::PositionBins(52),
            Note::PooledValues(2),
            Note::PooledFinalStates { from: 18, into: 9 },
            Note::Bennett {
                events: 12.0,
                needed: 30.0,
            },
            Note::DistinctCards(13),
            Note::RepeatedShoes,
            Note::SharedPrefix(7),
            Note::FewerShoes(2),
            Note::ShortShoes(3),
            Note::FewerThanTwoCards,
            Note::SingleCategory,
            Note::TooFewShoesForBins,
            Note::SingleValue,
            Note::TooFewShoesForTransitions,
            Note::ShorterThanLag,
            Note::NoVariance,
            Note::UnevenCards,
            Note::SingleArrangement,
            Note::NoRarePrefix,
            Note::CertainNet,
            Note::TooFewCoups,
            Note::NotSemiDefinite,
            Note::NoDegreesOfFreedom,
            Note::NoPValue,
        ];
        // A new variant fails to compile here until it is listed above.
        let listed = |note: &Note| match note {
            Note::PositionBins(_)
            | Note::PooledValues(_)
            | Note::PooledFinalStates { .. }
            | Note::Bennett { .. }
            | Note::DistinctCards(_)
            | Note::RepeatedShoes
            | Note::SharedPrefix(_)
            | Note::FewerShoes(_)
            | Note::ShortShoes(_)
            | Note::FewerThanTwoCards
            | Note::SingleCategory
            | Note::TooFewShoesForBins
            | Note::SingleValue
            | Note::TooFewShoesForTransitions
            | Note::ShorterThanLag
            | Note::NoVariance
            | Note::UnevenCards
            | Note::SingleArrangement
            | Note::NoRarePrefix
            | Note::CertainNet
            | Note::TooFewCoups
            | Note::NotSemiDefinite
            | Note::NoDegreesOfFreedom
            | Note::NoPValue => std::mem::discriminant(note),
        };
        let kinds: std::collections::HashSet<_> = every.iter().map(listed).collect();
        assert_eq!(kinds.len(), every.len(), "a variant listed twice");
        let english = [
            "the",
            "of",
            "shoe",
            "shoes",
            "card",
            "cards",
            "fewer",
            "than",
            "few",
            "pooled",
            "into",
            "bound",
            "events",
            "is",
            "no",
            "not",
            "and",
            "every",
            "value",
            "values",
            "bins",
            "first",
            "carry",
            "needs",
            "could",
            "be",
            "computed",
            "holds",
            "single",
            "cannot",
            "vary",
            "expected",
            "count",
            "groups",
            "winner",
            "winning",
            "earlier",
            "repeat",
            "equal",
            "pairs",
            "compared",
            "shorter",
            "lag",
            "bet's",
            "net",
            "these",
            "freedom",
            "degrees",
            "present",
            "order",
            "ordered",
            "occurrence",
        ];
        for note in &every {
            let en = note_text(note, Lang::En);
            let fr = note_text(note, Lang::Fr);
            assert_eq!(en, note.to_string());
            assert_ne!(fr, en, "untranslated: {en}");
            for word in fr.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
                assert!(!english.contains(&word), "{word:?} left in {fr:?}");
            }
        }
        assert_eq!(
            note_text(
                every
                    .iter()
                    .find(|n| matches!(n, Note::Bennett { .. }))
                    .unwrap(),
                Lang::Fr
            ),
            "p est la borne de Bennett\u{a0}: environ 12 événements portent la variance, moins que n’en demande l’approximation normale (30)"
        );
    }

    #[test]
    fn the_table_writes_french_decimals_and_verdicts() {
        let fr = tests_table(&battery(), Lang::Fr, Format::Text);
        assert!(fr.contains("310,25"), "{fr}");
        assert!(fr.contains("8,0e-11"), "{fr}");
        assert!(fr.contains("ÉCHEC"), "{fr}");
        assert!(
            fr.contains("Sabots répétés\u{a0}: moins de 2 sabots"),
            "{fr}"
        );
        assert_eq!(
            note_text(&Note::PositionBins(52), Lang::Fr),
            "52 classes de positions"
        );
        assert_eq!(
            note_text(&Note::FewerShoes(2), Lang::Fr),
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
        let doc = serde_json::to_value(document(&provenance_of(), &battery(), "line")).unwrap();
        let doc = doc.as_object().unwrap();
        for key in [
            "schema", "sha256", "version", "command", "alpha", "verdict", "summary", "tests",
        ] {
            assert!(doc.contains_key(key), "{key}");
        }
        assert_eq!(doc["verdict"], "fail");
    }
}
