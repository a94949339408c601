//! The checker's report as one JSON document.

use super::*;

fn changes_json(changes: &[BigRational; 3]) -> BTreeMap<String, doc::Change> {
    (MainBet::ALL.iter().zip(changes))
        .map(|(bet, change)| {
            let change = doc::Change {
                exact: fraction(change),
                percentage_points: approx(change) * 100.0,
            };
            (bet.key().to_string(), change)
        })
        .collect()
}

fn edges_json(edges: &[BigRational; 3]) -> BTreeMap<String, doc::Edge> {
    (MainBet::ALL.iter().zip(edges))
        .map(|(bet, edge)| {
            let edge = doc::Edge {
                edge: fraction(edge),
                edge_percent: approx(edge) * 100.0,
            };
            (bet.key().to_string(), edge)
        })
        .collect()
}

/// A condition for the document, with only the fields it sets.
fn condition_json(condition: &crate::rules::Condition) -> doc::Condition {
    doc::Condition {
        cards: condition.cards,
        margin: condition.margin,
        natural: condition.natural,
        total: condition.total,
        winner: condition.winner.map(|winner| winner.key()),
    }
}

/// Punto's third card for the document: its value, or `None` (`null`) when Punto stood.
pub(super) fn third_card(punto_move: PuntoMove) -> Option<u8> {
    match punto_move {
        PuntoMove::Drew(v) => Some(v),
        PuntoMove::Stood => None,
    }
}

/// A drawing difference for the document.
fn difference_json(d: &DrawingDifference) -> doc::Difference {
    let natural = |action| match action {
        Action::Stand => "natural",
        Action::Draw => "not_natural",
    };
    let mut difference = doc::Difference {
        banco_total: None,
        claimed: action_key(d.claimed),
        edge_change: changes_json(&d.edge_change),
        hand: None,
        natural_total: None,
        punto_third_card: None,
        punto_total: None,
        reach: d.reach.as_ref().map(exact),
        reference: action_key(d.reference),
        text: difference_sentence(d, Lang::En),
    };
    match d.decision {
        Decision::Banco { total, punto_move } => {
            difference.hand = Some("banco");
            difference.banco_total = Some(total);
            difference.punto_third_card = Some(third_card(punto_move));
        }
        Decision::Punto { total } => {
            difference.hand = Some("punto");
            difference.punto_total = Some(total);
        }
        Decision::Natural { total } => {
            difference.natural_total = Some(total);
            difference.claimed = natural(d.claimed);
            difference.reference = natural(d.reference);
        }
    }
    difference
}

/// A claim for the document.
fn claim_json(c: &ClaimResult) -> doc::Claim {
    let (quantity, bet, event) = match &c.claim.target {
        ClaimTarget::Edge(bet) => ("edge", Some(bet.as_str()), None),
        ClaimTarget::WinProbability(bet) => ("win_probability", Some(bet.as_str()), None),
        ClaimTarget::Count(event) => ("count", None, Some(condition_json(event))),
        ClaimTarget::Probability(event) => ("probability", None, Some(condition_json(event))),
        ClaimTarget::Sequences => ("sequences", None, None),
        ClaimTarget::LineProbability { bet, .. } => ("line_probability", Some(bet.as_str()), None),
        ClaimTarget::LineCount { bet, .. } => ("line_count", Some(bet.as_str()), None),
    };
    let (lines, over) = match &c.claim.target {
        ClaimTarget::LineProbability { lines, .. } => (Some(lines.clone()), None),
        ClaimTarget::LineCount { lines, over, .. } => (Some(lines.clone()), Some(over.key())),
        _ => (None, None),
    };
    let exact = c.exact.as_ref().map(|e| {
        if matches!(quantity, "count" | "sequences" | "line_count") && e.is_integer() {
            e.to_integer().to_string()
        } else {
            fraction(e)
        }
    });
    doc::Claim {
        as_expected: c.as_expected(),
        bet: bet.map(str::to_string),
        claim: claim_subject(c, Lang::En),
        decimal: c.exact.as_ref().map(approx),
        event,
        exact,
        holds: c.holds,
        lines,
        over,
        published_wrong: c.claim.published_wrong.clone(),
        quantity,
        stated: c.claim.stated.text.clone(),
    }
}

/// The report as a JSON value, to read by key: [`report_document`] through `serde_json`.
pub fn report_json(report: &Report, source: &str) -> serde_json::Value {
    serde_json::to_value(report_document(report, source)).expect("a document is plain data")
}

/// The report as one document.
pub fn report_document(report: &Report, source: &str) -> doc::Check {
    let tariff_differences = (report.tariff_differences.iter())
        .map(|t| doc::TariffDifference {
            bet: t.key.clone(),
            claimed: (t.claimed.as_ref()).map(|_| describe_terms(&t.claimed, Lang::En)),
            claimed_edge: t.claimed_edge.as_ref().map(fraction),
            reference: (t.reference.as_ref()).map(|_| describe_terms(&t.reference, Lang::En)),
            reference_edge: t.reference_edge.as_ref().map(fraction),
        })
        .collect();
    let total_change: [BigRational; 3] =
        [0, 1, 2].map(|i| &report.claimed_edges[i] - &report.reference_edges[i]);
    let columns = report.claimed.columns.as_ref().map(|c| doc::Columns {
        columns: (c.columns.iter())
            .map(|column| doc::Column {
                label: column.label.clone(),
                punto_third_card: third_card(column.punto_move),
            })
            .collect(),
        header_line: c.header_line,
        text: columns_sentence(c, Lang::En),
    });
    doc::Check {
        assumed_from_reference: (report.claimed.assumed.iter())
            .map(|a| match a {
                Assumed::Naturals => "naturals",
                Assumed::PuntoRule => "punto_rule",
                Assumed::BancoWhenPuntoStands => "banco_when_punto_stands",
                Assumed::Tariff => "tariff",
            })
            .collect(),
        claimed_edges: edges_json(&report.claimed_edges),
        claims: report.claims.iter().map(claim_json).collect(),
        claims_hold: report.claims_hold(),
        columns,
        differences: report
            .drawing_differences
            .iter()
            .map(difference_json)
            .collect(),
        drawing_change: changes_json(&report.drawing_change),
        form: match report.claimed.form {
            ClaimedForm::RuleFile => "rule_file",
            ClaimedForm::Grid => "grid",
            ClaimedForm::Ranges => "ranges",
        },
        // Only a claim that leaves decisions to the hands has the key, so that every other
        // report reads as before.
        game_with_choices: report.game_with_choices.as_ref().map(choices_json),
        reference_edges: edges_json(&report.reference_edges),
        schema: SCHEMA,
        shoe: ShoeReport::new(&report.claimed.shoe),
        source: source.to_string(),
        tariff_differences,
        total_change: changes_json(&total_change),
    }
}
