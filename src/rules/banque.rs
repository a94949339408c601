//! The rules of Baccarat Banque (baccara banque) as data: two Punto hands against one Banco.
//!
//! The banker deals a tableau to his right and one to his left, Punto 1 and Punto 2, and a
//! hand to himself; a share of his exposure is on each Punto. Each Punto follows the same rule
//! on his two-card total, laid out below as the rule texts print it: draw, stand, or choose.
//! Banco is free in every situation his total leaves open, and knows, when he chooses, his
//! own total and what each Punto did. The order of play that reads these rules is
//! [`crate::play::BanqueOpening`]; the game is solved in [`crate::choices::banque`].

use crate::rules::choice::Rule;

use Rule::{Choice as C, Draw as D, Stand as S};

/// Each Punto's rule on his two-card total 0–9 (8 and 9 are naturals, never asked): draw on
/// 0–4, choose at 5, stand on 6–7.
const PUNTO_RULE: [Rule; 10] = [
    //  0  1  2  3  4  5  6  7  8  9
    D, D, D, D, D, C, S, S, S, S,
];

/// Banco's rule on his two-card total 0–9 (8 and 9 are naturals): free on 0–7, whatever the
/// Puntos did.
const BANCO_RULE: [Rule; 10] = [
    //  0  1  2  3  4  5  6  7  8  9
    C, C, C, C, C, C, C, C, S, S,
];

/// The rules of Baccarat Banque: the naturals, each Punto's rule on his total, and Banco's on
/// his (a choice there is free in every set of what Banco knows).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BanqueRules {
    /// Two-card totals that are naturals.
    pub naturals: [bool; 10],
    /// Each Punto's rule on his two-card total, when neither he nor Banco has a natural.
    pub punto: [Rule; 10],
    /// Banco's rule on his two-card total, when he has no natural and a Punto is still in play.
    pub banco: [Rule; 10],
}

impl BanqueRules {
    /// Baccarat Banque as Ethier and Lee study it: eight and nine are naturals; each Punto
    /// draws on 0–4, stands on 6–7 and chooses at 5; Banco chooses on 0–7.
    ///
    /// ```
    /// use punto_banco::rules::banque::BanqueRules;
    /// use punto_banco::rules::choice::Rule;
    /// let rules = BanqueRules::baccara_banque();
    /// assert_eq!(rules.punto[5], Rule::Choice);
    /// assert_eq!(rules.banco[6], Rule::Choice);
    /// ```
    pub fn baccara_banque() -> BanqueRules {
        let mut naturals = [false; 10];
        naturals[8] = true;
        naturals[9] = true;
        BanqueRules {
            naturals,
            punto: PUNTO_RULE,
            banco: BANCO_RULE,
        }
    }

    /// Each Punto's totals where he chooses (naturals excluded), in order.
    pub fn punto_choices(&self) -> Vec<u8> {
        (0..10u8)
            .filter(|&t| {
                !self.naturals[usize::from(t)] && self.punto[usize::from(t)] == Rule::Choice
            })
            .collect()
    }

    /// Banco's totals where he chooses (naturals excluded), in order.
    pub fn banco_choices(&self) -> Vec<u8> {
        (0..10u8)
            .filter(|&t| {
                !self.naturals[usize::from(t)] && self.banco[usize::from(t)] == Rule::Choice
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_punto_chooses_at_five_only_and_banco_on_every_total_but_a_natural() {
        let rules = BanqueRules::baccara_banque();
        assert_eq!(rules.punto_choices(), vec![5]);
        assert_eq!(rules.banco_choices(), (0..8).collect::<Vec<u8>>());
    }
}
