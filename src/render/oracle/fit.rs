//! The reports of `fit`: a statistical fit of observed counts to the rules, and a detection
//! plan.

use super::*;

/// A cell's code for people: `Banco`, `Punto 1, Banco 3 (3+2 cards)`, `Punto 3, Banco 3`, `9`.
pub fn cell_label(cell: &str, lang: Lang) -> String {
    let words: Vec<&str> = cell.split(' ').collect();
    match words.as_slice() {
        ["punto"] => "Punto".into(),
        ["banco"] => "Banco".into(),
        ["tie"] => lang.outcome(crate::outcome::Winner::Tie).into(),
        ["pooled", n] => match lang {
            Lang::En => format!("({n} rare cells pooled)"),
            Lang::Fr => format!("({n} cases rares regroupées)"),
        },
        [p, b, cards] => format!(
            "Punto {}, Banco {} ({cards} {})",
            p.trim_start_matches('P'),
            b.trim_start_matches('B'),
            lang.cards(2)
        ),
        [p, b] => format!(
            "Punto {}, Banco {}",
            p.trim_start_matches('P'),
            b.trim_start_matches('B')
        ),
        _ => cell.to_string(),
    }
}

fn grouping_name(grouping: Grouping, lang: Lang) -> String {
    match grouping {
        Grouping::Outcomes => lang.pick("Outcomes", "Résultats").into(),
        Grouping::FinalStates => lang.pick("Final states", "États finaux").into(),
        Grouping::Openings => lang.pick("Opening totals", "Totaux initiaux").into(),
        Grouping::Position(k) => match lang {
            Lang::En => format!("Card value at position {k}"),
            Lang::Fr => format!("Valeur de la carte en position {k}"),
        },
    }
}

/// The significance each grouping is judged at: α shared among the groupings tested (Bonferroni).
pub fn per_test_alpha(fits: &[GroupFit], alpha: f64) -> f64 {
    alpha / tested_count(fits).max(1) as f64
}

fn tested_count(fits: &[GroupFit]) -> usize {
    fits.iter().filter(|f| f.tested()).count()
}

/// Whether some grouping was tested and every grouping tested is consistent with the rules
/// at the shared α.
pub fn fits_pass(fits: &[GroupFit], alpha: f64) -> bool {
    let level = per_test_alpha(fits, alpha);
    tested_count(fits) > 0
        && fits
            .iter()
            .filter(|f| f.tested())
            .all(|f| f.p_value() >= level)
}

/// A number with `places` decimals that never reads −0.00: a value that rounds to zero is 0.
fn fixed(value: f64, places: usize, lang: Lang) -> String {
    let text = lang.decimal(value, places);
    match text.strip_prefix('−') {
        Some(rest) if rest.bytes().all(|b| matches!(b, b'0' | b'.' | b',')) => rest.to_string(),
        _ => text,
    }
}

/// The fit report, for people (aligned text, or Markdown with a heading and a pipe table per
/// grouping) or as JSON.
pub fn render_fit(fits: &[GroupFit], alpha: f64, shown: usize, page: &Page) -> String {
    let (lang, format) = (page.lang, page.format);
    let level = per_test_alpha(fits, alpha);
    if format == Format::Json {
        let groupings = fits
            .iter()
            .map(|f| fit_doc::GroupingTest {
                cells: (f.cells().iter())
                    .map(|c| fit_doc::CellTest {
                        cell: c.cell.clone(),
                        expected: c.expected,
                        observed: c.observed,
                        residual: Decimal(c.residual),
                    })
                    .collect(),
                chi_square: Decimal(f.chi_square()),
                consistent: f.tested().then_some(f.p_value() >= level),
                coups: f.coups(),
                degrees_of_freedom: f.degrees_of_freedom(),
                grouping: f.grouping().key(),
                impossible: (f.impossible().iter())
                    .map(|(cell, observed)| fit_doc::ImpossibleCell {
                        cell: cell.clone(),
                        observed: *observed,
                    })
                    .collect(),
                p_value: f.tested().then_some(f.p_value()),
                pooled_cells: f.pooled(),
            })
            .collect();
        return fit_doc::Fit::Tests(fit_doc::FitTests {
            alpha,
            alpha_per_grouping: level,
            consistent: fits_pass(fits, alpha),
            groupings,
            schema: SCHEMA,
        })
        .to_json_pretty();
    }
    let markdown = format == Format::Markdown;
    let colon = lang.colon();
    let mut out = String::new();
    for f in fits {
        let verdict = if !f.tested() {
            lang.pick("too few coups to test", "trop peu de coups pour tester")
        } else if f.p_value() >= level {
            lang.pick("consistent with the rules", "conforme aux règles")
        } else {
            lang.pick("REJECTED", "REJETÉ")
        };
        let figures = format!(
            "{} {}, χ² = {} {} {} {}{}",
            lang.integer(&f.coups().to_string()),
            lang.pick("coups", "coups"),
            fixed(f.chi_square(), 2, lang),
            lang.pick("with", "avec"),
            f.degrees_of_freedom(),
            lang.pick("degrees of freedom", "degrés de liberté"),
            if f.tested() {
                format!(", p = {}", format_p(f.p_value(), lang))
            } else {
                String::new()
            },
        );
        let name = grouping_name(f.grouping(), lang);
        let impossible = lang.pick(
            "Impossible under the rules, yet observed:",
            "Impossible selon les règles, pourtant observé\u{a0}:",
        );
        let mut table = Table::new(&[
            (lang.pick("Cell", "Case"), Align::Left),
            (lang.pick("Observed", "Observé"), Align::Right),
            (lang.pick("Expected", "Attendu"), Align::Right),
            (lang.pick("Residual", "Résidu"), Align::Right),
        ]);
        for c in f.cells().iter().take(shown) {
            table.row(vec![
                cell_label(&c.cell, lang),
                lang.integer(&c.observed.to_string()),
                grouped_decimal(c.expected, lang),
                fixed(c.residual, 2, lang),
            ]);
        }
        if markdown {
            out.push_str(&format!("## {name}\n\n{figures}{colon} **{verdict}**\n\n"));
            for (cell, count) in f.impossible() {
                out.push_str(&format!("- {impossible} `{cell}`{colon} {count}\n"));
            }
            if !f.impossible().is_empty() {
                out.push('\n');
            }
            out.push_str(&table.to_markdown());
        } else {
            out.push_str(&format!("{name}{colon} {figures}{colon} {verdict}\n"));
            for (cell, count) in f.impossible() {
                out.push_str(&format!("  {impossible} {cell}{colon} {count}\n"));
            }
            for line in table.to_text().lines() {
                out.push_str(&format!("  {line}\n"));
            }
        }
        out.push('\n');
    }
    let tested = tested_count(fits);
    out.push_str(&match lang {
        Lang::En => format!(
            "Each grouping is judged at α = {} shared among {tested} {} (Bonferroni: {} each).\n",
            format_alpha(alpha, lang),
            if tested == 1 { "grouping" } else { "groupings" },
            format_p(level, lang)
        ),
        Lang::Fr => format!(
            "Chaque regroupement est jugé au seuil α = {} partagé entre {tested} {} (Bonferroni\u{a0}: {} chacun).\n",
            format_alpha(alpha, lang),
            if tested <= 1 { "regroupement" } else { "regroupements" },
            format_p(level, lang)
        ),
    });
    out
}

/// A decimal with one place and thousands separators: `12,345.6`, `12 345,6`.
fn grouped_decimal(value: f64, lang: Lang) -> String {
    let whole = value.trunc() as u64;
    let tenth = ((value - value.trunc()) * 10.0).round() as u64;
    let (whole, tenth) = if tenth == 10 {
        (whole.saturating_add(1), 0)
    } else {
        (whole, tenth)
    };
    format!(
        "{}{}{tenth}",
        lang.integer(&whole.to_string()),
        lang.pick(".", ",")
    )
}

/// α (or a power) as given, in the language's notation, never rounded: `0.01`, `5e-17`.
fn format_alpha(alpha: f64, lang: Lang) -> String {
    let text = plain_number(alpha);
    lang.pick(text.clone(), text.replace('.', ","))
}

/// A plan's number of coups for people: `17,910`, `never (…)`, `more than … (…)`.
fn needed_text(needed: Needed, lang: Lang) -> String {
    match needed {
        Needed::Coups(n) => lang.integer(&n.to_string()),
        Needed::Beyond => match lang {
            Lang::En => format!(
                "more than {} (beyond any log)",
                lang.integer(&MAX_PLANNED_COUPS.to_string())
            ),
            Lang::Fr => format!(
                "plus de {} (au-delà de tout journal)",
                lang.integer(&MAX_PLANNED_COUPS.to_string())
            ),
        },
        Needed::Never => lang
            .pick(
                "never (this grouping cannot see it)",
                "jamais (ce regroupement ne la voit pas)",
            )
            .to_string(),
    }
}

/// A plan's number of coups in a document: `coups` (a number, or null) and `more_than` (null,
/// or the limit passed).
fn needed_json(needed: Needed) -> (Option<u64>, Option<u64>) {
    match needed {
        Needed::Coups(n) => (Some(n), None),
        Needed::Beyond => (None, Some(MAX_PLANNED_COUPS)),
        Needed::Never => (None, None),
    }
}

fn format_p(p: f64, lang: Lang) -> String {
    if p == 0.0 {
        "0".into()
    } else if p < 1e-4 {
        let text = format!("{p:.2e}");
        lang.pick(text.clone(), text.replace('.', ","))
    } else {
        lang.decimal(p, 4)
    }
}

/// The detection plan, for people or as JSON.
pub fn render_plan(
    plans: &[Plan],
    reach: Option<(String, Needed)>,
    alpha: f64,
    power: f64,
    page: &Page,
) -> String {
    let (lang, format) = (page.lang, page.format);
    if format == Format::Json {
        let fit = plans
            .iter()
            .map(|p| {
                let (coups, more_than) = needed_json(p.coups);
                fit_doc::GroupingPlan {
                    coups,
                    degrees_of_freedom: p.degrees_of_freedom,
                    grouping: p.grouping.key(),
                    more_than,
                    noncentrality_per_coup: p.per_coup,
                }
            })
            .collect();
        let verify = reach.map(|(decision, needed)| {
            let (coups, more_than) = needed_json(needed);
            fit_doc::VerifyPlan {
                coups,
                decision,
                more_than,
            }
        });
        return fit_doc::Fit::Plan(fit_doc::FitPlan {
            alpha,
            fit,
            power,
            schema: SCHEMA,
            verify,
        })
        .to_json_pretty();
    }
    let mut out = match lang {
        Lang::En => format!(
            "Coups an engine must log to show the error, with power {}, each test at α = {} (fit shares α among the groupings it tests: give --alpha α/k for k of them):\n",
            format_alpha(power, lang),
            format_alpha(alpha, lang)
        ),
        Lang::Fr => format!(
            "Coups qu’un moteur doit journaliser pour révéler l’erreur, avec une puissance de {}, chaque test au seuil α = {} (fit partage α entre les regroupements qu’il teste\u{a0}: donnez --alpha α/k pour k regroupements)\u{a0}:\n",
            format_alpha(power, lang),
            format_alpha(alpha, lang)
        ),
    };
    for p in plans {
        let coups = needed_text(p.coups, lang);
        out.push_str(&format!(
            "- fit, {}{} {coups}\n",
            grouping_name(p.grouping, lang).to_lowercase(),
            lang.colon(),
        ));
    }
    if let Some((decision, needed)) = reach {
        out.push_str(&match lang {
            Lang::En => format!(
                "- verify, coup by coup: {} (the first coup that reaches {decision} shows it)\n",
                needed_text(needed, lang)
            ),
            Lang::Fr => format!(
                "- verify, coup par coup\u{a0}: {} (le premier coup qui atteint {decision} la révèle)\n",
                needed_text(needed, lang)
            ),
        });
    }
    out
}
