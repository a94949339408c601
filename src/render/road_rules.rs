//! The roads' rules for people, and the findings of `verify --roads`: which entry of which
//! road a log states wrongly, and the rule that decides it, in English or French.

use crate::document::road_vectors::RoadVector;
use crate::lang::Lang;
use crate::roads::log::ShoeRoads;
use crate::roads::rule::{RoadDisagreement, RoadRule, RoadValue};
use crate::roads::{Layout, Roads, vectors};

/// A value a road shows, for people: a letter, a count, a Big Road entry; `nothing` where
/// the road stops before the entry.
fn value(value: Option<RoadValue>, lang: Lang) -> String {
    match value {
        None => lang.pick("nothing", "rien").into(),
        Some(RoadValue::Letter(letter)) => letter.to_string(),
        Some(RoadValue::Count(n)) => n.to_string(),
        Some(RoadValue::Entry {
            winner,
            column,
            row,
            ties,
        }) => match lang {
            Lang::En => format!("{winner} at column {column}, row {row}, {ties} ties"),
            Lang::Fr => format!("{winner} en colonne {column}, rangée {row}, {ties} égalités"),
        },
    }
}

/// The rule for people, with the columns it reads when the entry is at column `c`, row `r`
/// of the Big Road (from 0, as the rules count them).
pub fn rule_sentence(rule: RoadRule, at: Option<(usize, usize)>, lang: Lang) -> String {
    let (c, r) = at.unwrap_or_default();
    let back = |k: u8| c.saturating_sub(usize::from(k));
    let before = |k: u8| c.saturating_sub(1 + usize::from(k));
    let before1 = c.saturating_sub(1);
    match (rule, lang) {
        (RoadRule::BeadPlate, Lang::En) => {
            "the bead plate holds every result in order, ties included".into()
        }
        (RoadRule::BeadPlate, Lang::Fr) => {
            "le plateau de perles garde chaque résultat dans l’ordre, égalités comprises".into()
        }
        (RoadRule::LeadingTie, Lang::En) => {
            "ties before the first Banco or Punto win are counted apart".into()
        }
        (RoadRule::LeadingTie, Lang::Fr) => {
            "les égalités avant le premier gain de Banco ou de Punto sont comptées à part".into()
        }
        (RoadRule::NewColumn, Lang::En) => "a win of the other side opens a new column".into(),
        (RoadRule::NewColumn, Lang::Fr) => {
            "un gain de l’autre côté ouvre une nouvelle colonne".into()
        }
        (RoadRule::SameColumn, Lang::En) => "a win of the same side goes down its column".into(),
        (RoadRule::SameColumn, Lang::Fr) => {
            "un gain du même côté descend dans sa colonne".into()
        }
        (RoadRule::TieOnEntry, Lang::En) => "a tie is counted on the entry before it".into(),
        (RoadRule::TieOnEntry, Lang::Fr) => {
            "une égalité est comptée sur l’entrée qui la précède".into()
        }
        (RoadRule::TieAfterTie, Lang::En) => {
            "a tie after a tie is counted on the same entry again".into()
        }
        (RoadRule::TieAfterTie, Lang::Fr) => {
            "une égalité après une égalité est comptée encore sur la même entrée".into()
        }
        (RoadRule::NotYet { k }, Lang::En) => format!(
            "the road marks from column {k}, row 1, or column {}, row 0, on (k = {k})",
            k + 1
        ),
        (RoadRule::NotYet { k }, Lang::Fr) => format!(
            "la route marque à partir de la colonne {k}, rangée 1, ou de la colonne {}, rangée 0 (k\u{a0}=\u{a0}{k})",
            k + 1
        ),
        (RoadRule::NewColumnEqual { k }, Lang::En) => format!(
            "new column {c}, columns {before1} and {} equally long: red (k = {k})",
            before(k)
        ),
        (RoadRule::NewColumnEqual { k }, Lang::Fr) => format!(
            "nouvelle colonne {c}, colonnes {before1} et {} de même longueur\u{a0}: rouge (k\u{a0}=\u{a0}{k})",
            before(k)
        ),
        (RoadRule::NewColumnUnequal { k }, Lang::En) => format!(
            "new column {c}, columns {before1} and {} not equally long: blue (k = {k})",
            before(k)
        ),
        (RoadRule::NewColumnUnequal { k }, Lang::Fr) => format!(
            "nouvelle colonne {c}, colonnes {before1} et {} de longueurs différentes\u{a0}: bleu (k\u{a0}=\u{a0}{k})",
            before(k)
        ),
        (RoadRule::SameColumnExactly { k }, Lang::En) => format!(
            "column {c}, row {r}: column {} has exactly {r} entries: blue (k = {k})",
            back(k)
        ),
        (RoadRule::SameColumnExactly { k }, Lang::Fr) => format!(
            "colonne {c}, rangée {r}\u{a0}: la colonne {} a exactement {r} entrées\u{a0}: bleu (k\u{a0}=\u{a0}{k})",
            back(k)
        ),
        (RoadRule::SameColumnLonger { k }, Lang::En) => format!(
            "column {c}, row {r}: column {} has more than {r} entries: red (k = {k})",
            back(k)
        ),
        (RoadRule::SameColumnLonger { k }, Lang::Fr) => format!(
            "colonne {c}, rangée {r}\u{a0}: la colonne {} a plus de {r} entrées\u{a0}: rouge (k\u{a0}=\u{a0}{k})",
            back(k)
        ),
        (RoadRule::SameColumnShorter { k }, Lang::En) => format!(
            "column {c}, row {r}: column {} has fewer than {r} entries: red (k = {k})",
            back(k)
        ),
        (RoadRule::SameColumnShorter { k }, Lang::Fr) => format!(
            "colonne {c}, rangée {r}\u{a0}: la colonne {} a moins de {r} entrées\u{a0}: rouge (k\u{a0}=\u{a0}{k})",
            back(k)
        ),
        (RoadRule::DragonTail, Lang::En) => {
            "a column longer than the board's rows turns right at the bottom row".into()
        }
        (RoadRule::DragonTail, Lang::Fr) => {
            "une colonne plus longue que les rangées du tableau tourne à droite en bas".into()
        }
        (RoadRule::DragonTailEarly, Lang::En) => {
            "a column turns right early, the cell below taken by an earlier column's tail".into()
        }
        (RoadRule::DragonTailEarly, Lang::Fr) => {
            "une colonne tourne à droite plus tôt, la case du dessous prise par la queue d’une colonne précédente".into()
        }
    }
}

/// A road finding for people: `shoe 2, big_eye_boy entry 7: the log says B, the reference
/// R: new column 5, columns 4 and 3 equally long: red (k = 1)`.
pub fn road_finding_sentence(shoe: usize, d: &RoadDisagreement, lang: Lang) -> String {
    let (log, reference) = (value(d.log, lang), value(d.reference, lang));
    let rule = rule_sentence(d.rule, d.at, lang);
    match lang {
        Lang::En => format!(
            "shoe {shoe}, {} entry {}: the log says {log}, the reference {reference}: {rule}",
            d.road, d.entry
        ),
        Lang::Fr => format!(
            "sabot {shoe}, {} entrée {}\u{a0}: le journal indique {log}, la référence {reference}\u{a0}: {rule}",
            d.road, d.entry
        ),
    }
}

/// The conformance vectors of the roads ([`crate::roads::vectors::vectors`]) as the lines of
/// `vectors --roads`, each with its roads, its display on a board of six rows and the rules
/// it exercises.
///
/// ```
/// let lines = punto_banco::render::road_rules::road_vectors();
/// assert_eq!(lines[6].bead_plate, "BT");
/// assert_eq!(lines[6].big_road[0][0].ties, 1);
/// ```
pub fn road_vectors() -> Vec<RoadVector> {
    let layout = Layout::default();
    vectors::vectors()
        .iter()
        .enumerate()
        .map(|(i, results)| {
            let roads = Roads::new(results);
            let shoe = ShoeRoads {
                number: i + 1,
                line: None,
                roads,
                remaining: [0; 13],
            };
            let doc = super::roads::shoe_document(&shoe, None);
            let lengths: Vec<usize> = (shoe.roads.big_road().columns().iter())
                .map(Vec::len)
                .collect();
            RoadVector {
                bead_plate: doc.bead_plate,
                big_eye_boy: doc.big_eye_boy,
                big_road: doc.big_road,
                big_road_cells: (layout.place(&lengths).into_iter())
                    .map(|column| column.into_iter().map(|cell| [cell.x, cell.y]).collect())
                    .collect(),
                cockroach_pig: doc.cockroach_pig,
                leading_ties: doc.leading_ties,
                next: doc.next,
                rules: (vectors::exercised(&shoe.roads, layout).into_iter())
                    .map(RoadRule::key)
                    .collect(),
                schema: crate::SCHEMA,
                small_road: doc.small_road,
                vector: i + 1,
            }
        })
        .collect()
}
