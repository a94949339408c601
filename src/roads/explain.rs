//! Which rule decides each entry of each road: the rules of [`RoadRule`] applied to a Big
//! Road. The derived roads' marks are computed from these rules ([`RoadRule::mark`]), so a
//! mark and the rule named for it cannot disagree.

use super::{BigRoad, Derived, Mark, RoadRule, Roads, Side};

impl RoadRule {
    /// The mark a derived road's rule makes: red or blue, `None` for a rule that makes no
    /// mark (the road not marking yet, or a rule of another road).
    pub fn mark(self) -> Option<Mark> {
        match self {
            RoadRule::NewColumnEqual { .. }
            | RoadRule::SameColumnLonger { .. }
            | RoadRule::SameColumnShorter { .. } => Some(Mark::Red),
            RoadRule::NewColumnUnequal { .. } | RoadRule::SameColumnExactly { .. } => {
                Some(Mark::Blue)
            }
            _ => None,
        }
    }
}

impl BigRoad {
    /// The rule that decides the mark of the derived road of offset `k` for the entry at
    /// column `c`, row `r`. Only the columns before `c` are read.
    ///
    /// ```
    /// use punto_banco::roads::{Roads, RoadRule};
    /// use punto_banco::Winner::{Banco, Punto};
    ///
    /// let roads = Roads::new(&[Banco, Banco, Punto, Banco]);
    /// // Column 2 opens: columns 1 and 0 are 1 and 2 long.
    /// assert_eq!(roads.big_road().rule_at(1, 2, 0), RoadRule::NewColumnUnequal { k: 1 });
    /// assert_eq!(roads.big_road().rule_at(2, 2, 0), RoadRule::NotYet { k: 2 });
    /// ```
    pub fn rule_at(&self, k: usize, c: usize, r: usize) -> RoadRule {
        let k8 = u8::try_from(k).unwrap_or(u8::MAX);
        if r == 0 {
            match c.checked_sub(1 + k) {
                None => RoadRule::NotYet { k: k8 },
                Some(before) if self.len_of(c - 1) == self.len_of(before) => {
                    RoadRule::NewColumnEqual { k: k8 }
                }
                Some(_) => RoadRule::NewColumnUnequal { k: k8 },
            }
        } else {
            match c.checked_sub(k).map(|back| self.len_of(back)) {
                None => RoadRule::NotYet { k: k8 },
                Some(n) if n == r => RoadRule::SameColumnExactly { k: k8 },
                Some(n) if n > r => RoadRule::SameColumnLonger { k: k8 },
                Some(_) => RoadRule::SameColumnShorter { k: k8 },
            }
        }
    }

    /// The column and row of every entry, in the order the results made them.
    pub fn positions(&self) -> Vec<(usize, usize)> {
        self.columns
            .iter()
            .enumerate()
            .flat_map(|(c, column)| (0..column.len()).map(move |r| (c, r)))
            .collect()
    }

    /// The rules of the entry at column `c`, row `r`: the column it opens or extends, and the
    /// ties counted on it.
    pub fn entry_rules(&self, c: usize, r: usize) -> Vec<RoadRule> {
        let mut rules = vec![if r == 0 {
            RoadRule::NewColumn
        } else {
            RoadRule::SameColumn
        }];
        let ties = self.columns.get(c).and_then(|column| column.get(r));
        match ties.map_or(0, |entry| entry.ties) {
            0 => {}
            1 => rules.push(RoadRule::TieOnEntry),
            _ => rules.extend([RoadRule::TieOnEntry, RoadRule::TieAfterTie]),
        }
        rules
    }
}

impl Roads {
    /// The rule of every entry of a derived road, marking or not, in the Big Road's entry
    /// order (the road's marks are those of the rules that mark).
    pub fn derived_rules(&self, road: Derived) -> Vec<RoadRule> {
        let big = self.big_road();
        big.positions()
            .into_iter()
            .map(|(c, r)| big.rule_at(road.offset(), c, r))
            .collect()
    }

    /// The rules that decide the ask cells of `side`, one for each derived road.
    pub fn ask_rules(&self, side: Side) -> [RoadRule; 3] {
        let (c, r) = self.next_position(side);
        Derived::ALL.map(|road| self.big_road().rule_at(road.offset(), c, r))
    }
}
