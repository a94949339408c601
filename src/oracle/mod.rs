//! The oracle for other baccarat engines: logs verified coup by coup, exhaustive conformance
//! vectors, and a statistical test of observed frequencies against the exact ones.

pub mod fit;
pub mod vectors;
pub mod verify;

use crate::coup::Decision;
use crate::lang::Lang;
use crate::render::verb;
use crate::rules::{DrawingRules, PuntoMove};
use crate::tableau_text::{describe_ranges, totals_taking};

/// The rule behind a decision, as a short clause: "Banco on 3 stands against a third card 8",
/// "Punto draws on 5", "when Punto stands, Banco on 4 draws", "a natural stops all drawing".
pub fn rule_clause(rules: &DrawingRules, decision: Decision, lang: Lang) -> String {
    match decision {
        Decision::Natural { .. } => lang
            .pick(
                "a natural stops all drawing",
                "un naturel arrête tout tirage",
            )
            .to_string(),
        Decision::Punto { total, action } => {
            let set = totals_taking(rules, action, |t| rules.punto_action(t));
            match lang {
                Lang::En => format!(
                    "Punto {} on {total} (on {})",
                    verb(action, lang),
                    describe_ranges(set)
                ),
                Lang::Fr => format!(
                    "Punto {} sur {total} (sur {})",
                    verb(action, lang),
                    describe_ranges(set)
                ),
            }
        }
        Decision::Banco {
            total,
            punto_move: PuntoMove::Drew(third),
            action,
        } => match lang {
            Lang::En => format!(
                "Banco on {total} {} against a third card {third}",
                verb(action, lang)
            ),
            Lang::Fr => format!(
                "Banco sur {total} {} contre une troisième carte {third}",
                verb(action, lang)
            ),
        },
        Decision::Banco {
            total,
            punto_move: PuntoMove::Stood,
            action,
        } => match lang {
            Lang::En => format!("when Punto stands, Banco on {total} {}", verb(action, lang)),
            Lang::Fr => format!(
                "quand Punto reste, Banco sur {total} {}",
                verb(action, lang)
            ),
        },
    }
}
