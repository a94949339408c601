//! The report of `audit`: the provenance, the findings (coups mis-paid, coups the rules would
//! not deal) with the `verify` command that details them, the battery (outcomes, final
//! states, naturals and each bet's return against the exact odds of every coup), the return
//! table and the one summary line, in text, Markdown or JSON, English or French.

use super::lab::{command_text, summary_line, tests_table, verdict_word};
use super::oracle::discrepancy_line;
use super::table::{Align, Table};
use super::tableau::bet_name;
use super::{Format, Page};
use crate::document::{Document, audit as doc};
use crate::lab::audit::{Audit, Finding};
use crate::lab::{Provenance, StatisticKind, Verdict};
use crate::lang::Lang;
use num_rational::BigRational;

/// The log and the rule set an audit read, as the command line named them: the findings
/// point to `punto-banco verify LOG [--rules RULES]` on the same two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source<'a> {
    /// The log as named (`-` for standard input).
    pub log: &'a str,
    /// The `--rules` argument, when one was given.
    pub rules: Option<&'a str>,
}

impl Source<'_> {
    /// The command that verifies the log coup by coup, in the report's language.
    pub fn verify_command(&self, lang: Lang) -> Vec<String> {
        let mut command = vec!["punto-banco".to_string(), "verify".into(), self.log.into()];
        if let Some(rules) = self.rules {
            command.extend(["--rules".to_string(), rules.to_string()]);
        }
        if lang == Lang::Fr {
            command.extend(["--lang".to_string(), "fr".to_string()]);
        }
        command
    }
}

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

/// "3,712 coups", "1 coup".
fn coups_text(coups: u64, lang: Lang) -> String {
    format!(
        "{} {}",
        lang.integer(&coups.to_string()),
        if coups == 1 { "coup" } else { "coups" }
    )
}

/// A finding's kind for people.
fn kind_word(finding: &Finding, lang: Lang) -> &'static str {
    match finding {
        Finding::Settlement { .. } => lang.pick("settlement", "règlement"),
        Finding::Drawing { .. } => lang.pick("drawing", "tirage"),
    }
}

/// A finding in short, for the summary line: "settlement: Banco 3,712 coups".
fn finding_short(finding: &Finding, lang: Lang) -> String {
    let what = match finding {
        Finding::Settlement { bet, coups, .. } => {
            format!("{} {}", bet_name(bet, lang), coups_text(*coups, lang))
        }
        Finding::Drawing { coups, .. } => coups_text(*coups, lang),
    };
    format!("{}{} {what}", kind_word(finding, lang), lang.colon())
}

/// The one summary line of the audit: the shared line of the lab's reports, preceded, when
/// the log has findings, by the failure they make and what they are.
pub fn summary(audit: &Audit, provenance: &Provenance, lang: Lang) -> String {
    let tests = summary_line(
        "audit",
        &counted(audit, lang),
        &audit.battery,
        provenance,
        lang,
    );
    if audit.findings.is_empty() {
        return tests;
    }
    let head = format!("punto-banco {} audit{} ", provenance.version, lang.colon());
    let rest = tests.strip_prefix(&head).unwrap_or(&tests);
    let findings: Vec<String> = audit
        .findings
        .iter()
        .map(|f| finding_short(f, lang))
        .collect();
    let n = audit.findings.len();
    let semicolon = lang.semicolon();
    match lang {
        Lang::En => format!(
            "{head}FAIL on {n} {} ({}); the tests: {rest}",
            if n == 1 { "finding" } else { "findings" },
            findings.join(&format!("{semicolon} "))
        ),
        Lang::Fr => format!(
            "{head}ÉCHEC sur {n} {} ({}){semicolon} les tests\u{a0}: {rest}",
            if n == 1 { "constat" } else { "constats" },
            findings.join(&format!("{semicolon} "))
        ),
    }
}

/// A return for people, as a percentage.
fn return_text(x: &BigRational, lang: Lang) -> String {
    lang.percent(100.0 * super::approx(x), 4)
}

/// The findings section (empty when there is none): each finding, then the `verify` command
/// that details every coup of them.
fn findings_section(audit: &Audit, source: &Source, lang: Lang, format: Format) -> String {
    if audit.findings.is_empty() {
        return String::new();
    }
    let markdown = format == Format::Markdown;
    let colon = lang.colon();
    let semicolon = lang.semicolon();
    let heading = lang.pick(
        "Findings (each fails the audit, whatever the tests say)",
        "Constats (chacun fait échouer l’audit, quoi que disent les tests)",
    );
    let mut out = if markdown {
        format!("## {heading}\n\n")
    } else {
        format!("{heading}\n\n")
    };
    let (item, sub) = if markdown {
        ("- ", "  - ")
    } else {
        ("  ", "      ")
    };
    for finding in &audit.findings {
        let kind = {
            let word = kind_word(finding, lang);
            let mut chars = word.chars();
            let capital: String = chars
                .next()
                .map_or(String::new(), |f| f.to_uppercase().chain(chars).collect());
            if markdown {
                format!("**{capital}**")
            } else {
                capital
            }
        };
        match finding {
            Finding::Settlement {
                bet,
                coups,
                lines,
                as_logged,
                by_rules,
            } => {
                let mut numbers: Vec<String> =
                    lines.iter().map(|l| lang.integer(&l.to_string())).collect();
                if *coups > lines.len() as u64 {
                    numbers.push("…".into());
                }
                let line_word = match (lang, lines.len()) {
                    (Lang::En, 1) => "line",
                    (Lang::En, _) => "lines",
                    (Lang::Fr, 1) => "ligne",
                    (Lang::Fr, _) => "lignes",
                };
                let (bet, coups) = (bet_name(bet, lang), coups_text(*coups, lang));
                let (logged, rules) = (return_text(as_logged, lang), return_text(by_rules, lang));
                let numbers = numbers.join(", ");
                out.push_str(&match lang {
                    Lang::En => format!(
                        "{item}{kind} — {bet}{colon} {coups} paid otherwise than the rules pay ({line_word} {numbers}){semicolon} return as logged {logged}, as the rules pay {rules}\n"
                    ),
                    Lang::Fr => format!(
                        "{item}{kind} — {bet}{colon} {coups} payés autrement que les règles ne paient ({line_word} {numbers}){semicolon} retour journalisé {logged}, selon les règles {rules}\n"
                    ),
                });
            }
            Finding::Drawing { coups, first } => {
                let what = match (lang, *coups) {
                    (Lang::En, 1) => "coup the rules would not deal".to_string(),
                    (Lang::En, _) => "coups the rules would not deal".to_string(),
                    (Lang::Fr, 1) => "coup que les règles ne donneraient pas".to_string(),
                    (Lang::Fr, _) => "coups que les règles ne donneraient pas".to_string(),
                };
                let more = if *coups > first.len() as u64 {
                    lang.pick(", the first:", ", les premiers\u{a0}:")
                } else {
                    colon
                };
                out.push_str(&format!(
                    "{item}{kind} — {} {what}{more}\n",
                    lang.integer(&coups.to_string())
                ));
                for discrepancy in first {
                    out.push_str(&format!(
                        "{sub}{}\n",
                        discrepancy_line(discrepancy, &audit.rules, lang)
                    ));
                }
            }
        }
    }
    let command = command_text(&Provenance::new(String::new(), source.verify_command(lang)));
    let command = if markdown {
        format!("`{command}`")
    } else {
        command
    };
    out.push_str(&match lang {
        Lang::En => {
            format!("\n`verify` names each of these coups, line by line{colon} {command}\n\n")
        }
        Lang::Fr => {
            format!("\n`verify` nomme chacun de ces coups, ligne par ligne{colon} {command}\n\n")
        }
    });
    out
}

/// How a return was tested, for people.
fn method_text(kind: StatisticKind, lang: Lang) -> &'static str {
    match kind {
        StatisticKind::LineCounts => lang.pick("pay-line counts", "comptes par ligne"),
        _ => "z",
    }
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
    // The return as logged is shown only when it differs somewhere.
    let mispaid = audit.rtp.iter().any(|r| r.mispaid > 0);
    let mut columns = vec![
        (lang.pick("Bet", "Mise"), Align::Left),
        (lang.pick("Observed", "Observé"), Align::Right),
    ];
    if mispaid {
        columns.push((lang.pick("As logged", "Journalisé"), Align::Right));
    }
    columns.extend([
        (lang.pick("Expected", "Attendu"), Align::Right),
        (interval.as_str(), Align::Right),
        (lang.pick("Test", "Test"), Align::Left),
        (lang.pick("Logged nets", "Gains journalisés"), Align::Right),
        (lang.pick("Verdict", "Verdict"), Align::Left),
    ]);
    let mut table = Table::new(&columns);
    let pct = |x: f64| lang.percent(100.0 * x, 4);
    for r in &audit.rtp {
        let mut row = vec![bet_name(&r.bet, lang), return_text(&r.observed, lang)];
        if mispaid {
            row.push(return_text(&r.as_logged, lang));
        }
        row.extend([
            return_text(&r.expected, lang),
            r.interval.map_or_else(
                || "—".to_string(),
                |(low, high)| format!("{} … {}", pct(low), pct(high)),
            ),
            method_text(r.method, lang).to_string(),
            lang.integer(&r.logged.to_string()),
            verdict_word(r.verdict, lang).to_string(),
        ]);
        table.row(row);
    }
    let mut out = match format {
        Format::Markdown => table.to_markdown(),
        _ => table.to_text(),
    };
    if audit
        .rtp
        .iter()
        .any(|r| r.method == StatisticKind::LineCounts)
    {
        out.push('\n');
        out.push_str(lang.pick(
            "A return tested by its pay-line counts is not near-normal over these coups (a payout too rare for its size): each of the bet's nets is counted against its exact expected count, by a test valid at any number of coups (an e-value e, p = min(1, 1/e)), and it has no normal interval.\n",
            "Un retour testé par ses comptes par ligne n’est pas proche de la loi normale sur ces coups (un gain trop rare pour sa taille)\u{a0}: chacun des gains de la mise est compté contre son effectif attendu exact, par un test valable quel que soit le nombre de coups (une e-valeur e, p = min(1, 1/e)), et il n’a pas d’intervalle normal.\n",
        ));
    }
    out
}

/// The whole report, for the log and rules `source` names (the findings' `verify`
/// command). For JSON, the document (schema 1): the lab's common fields, `shoes`, `coups`,
/// `findings` and `rtp`.
pub fn render_audit(
    audit: &Audit,
    provenance: &Provenance,
    source: &Source,
    page: &Page,
) -> String {
    let (lang, format) = (page.lang, page.format);
    let summary = summary(audit, provenance, lang);
    if format == Format::Json {
        return document(audit, provenance, source, &summary).to_json_pretty();
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
        "{h1}{}{counts}{}{}\n{h2}{}\n{summary}\n",
        super::lab::provenance(provenance, lang, format),
        findings_section(audit, source, lang, format),
        tests_table(&audit.battery, lang, format),
        rtp_table(audit, lang, format),
    )
}

/// A finding for the document (the drawing sentences in English, as `verify` writes them).
fn finding_json(finding: &Finding, audit: &Audit) -> doc::Finding {
    match finding {
        Finding::Settlement {
            bet,
            coups,
            lines,
            as_logged,
            by_rules,
        } => doc::Finding::Settlement {
            as_logged: super::fraction(as_logged),
            as_logged_decimal: super::approx(as_logged),
            bet: bet.clone(),
            by_rules: super::fraction(by_rules),
            by_rules_decimal: super::approx(by_rules),
            coups: *coups,
            kind: finding.kind(),
            lines: lines.clone(),
        },
        Finding::Drawing { coups, first } => doc::Finding::Drawing {
            coups: *coups,
            first: (first.iter())
                .map(|d| doc::Drawn {
                    line: d.line,
                    text: super::oracle::finding_sentence(&d.finding, &audit.rules, Lang::En),
                })
                .collect(),
            kind: finding.kind(),
        },
    }
}

/// The document of an audit.
pub fn document(
    audit: &Audit,
    provenance: &Provenance,
    source: &Source,
    summary: &str,
) -> doc::Audit {
    let mut lab = super::lab::document(provenance, &audit.battery, summary);
    if audit.verdict() == Verdict::Fail {
        lab.verdict = "fail";
    }
    let rtp = audit
        .rtp
        .iter()
        .map(|r| {
            let nets = (r.nets.iter())
                .map(|n| doc::NetCount {
                    expected: super::fraction(&n.expected),
                    expected_decimal: super::approx(&n.expected),
                    hits: n.hits,
                    net: super::fraction(&n.net),
                })
                .collect();
            let entry = doc::BetReturn {
                as_logged: super::fraction(&r.as_logged),
                as_logged_decimal: super::approx(&r.as_logged),
                expected: super::fraction(&r.expected),
                expected_decimal: super::approx(&r.expected),
                high: r.interval.map(|(_, high)| high),
                logged: r.logged,
                low: r.interval.map(|(low, _)| low),
                method: r.method.key(),
                mispaid: r.mispaid,
                nets,
                observed: super::fraction(&r.observed),
                observed_decimal: super::approx(&r.observed),
                variance: super::fraction(&r.variance),
                variance_decimal: super::approx(&r.variance),
                verdict: r.verdict.key(),
            };
            (r.bet.clone(), entry)
        })
        .collect();
    doc::Audit {
        coups: audit.coups,
        findings: (audit.findings.iter())
            .map(|f| finding_json(f, audit))
            .collect(),
        lab,
        rtp,
        shoes: audit.shoes,
        verify_command: (!audit.findings.is_empty()).then(|| source.verify_command(Lang::En)),
    }
}
