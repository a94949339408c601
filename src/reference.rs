//! The reference paths: two independent ways to the engine's tally, slow and plain, that the
//! tests hold [`crate::engine::tally`] to. Neither is on any production path.
//!
//! - [`exact_tally`], the first enumerator: every ordered opening of four card values and
//!   every third card, with exact weights. The weight of a path is the number of ordered
//!   six-card sequences that begin with it: the falling product of the counts of the cards the
//!   coup uses, times the number of ways to fill the positions it leaves unused.
//! - [`naive_tally`], the naive walk: every ordered sequence of six card values pushed through
//!   the coup resolver [`coup::deal`].
//!
//! Both follow the order of play of [`Plan`] (the resolver through
//! [`crate::play::Opening::of`]), and share no counting with the engine.

use crate::coup;
use crate::outcome::FinalState;
use crate::play::{Opening, Plan};
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::{Int, Tally};
use num_bigint::BigUint;

/// The exact tally of a playable shoe by the first enumerator, in `u128` where every weight
/// provably fits (a shoe of N cards has N⁶ > every partial product) and in big integers beyond.
///
/// ```
/// use punto_banco::{engine, reference, rules::DrawingRules, shoe::Shoe};
/// let (shoe, rules) = (Shoe::decks(1).unwrap(), DrawingRules::reference());
/// assert_eq!(reference::exact_tally(&shoe, &rules).unwrap(), engine::tally(&shoe, &rules).unwrap());
/// ```
pub fn exact_tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally, ShoeError> {
    shoe.check_playable()?;
    let plan = Plan::new(rules);
    Ok(if u128::holds(shoe.len()) {
        Tally::from_weights(&walk::<u128>(shoe, &plan))
    } else {
        Tally::from_weights(&walk::<BigUint>(shoe, &plan))
    })
}

/// The enumerator in `W`, which must hold the shoe ([`Int::holds`]).
fn walk<W: Int>(shoe: &Shoe, plan: &Plan) -> Vec<W> {
    let n = shoe.len();
    let after_5 = W::from_u64(n.saturating_sub(5));
    let fill_after_4 = W::from_u64(n.saturating_sub(4)).mul(&after_5);
    let mut tally = vec![W::default(); FinalState::COUNT];
    for_each_opening(shoe, |counts, punto, banco, opening: W| {
        third_cards(
            plan.opening(punto as u8, banco as u8),
            counts,
            (punto, banco),
            opening,
            (&fill_after_4, &after_5),
            &mut tally,
        );
    });
    tally
}

/// Calls `visit` with every opening of four card values (Punto, Banco, Punto, Banco): the
/// counts left in the shoe, the two-card totals, and the number of ordered ways to deal it.
fn for_each_opening<W: Int>(shoe: &Shoe, mut visit: impl FnMut(&mut [u64; 10], usize, usize, W)) {
    let mut counts = shoe.value_counts();
    for p1 in 0..10 {
        let Some(c1) = take(&mut counts, p1) else {
            continue;
        };
        let w1 = W::from_u64(c1);
        for b1 in 0..10 {
            let Some(c2) = take(&mut counts, b1) else {
                continue;
            };
            let w2 = w1.mul(&W::from_u64(c2));
            for p2 in 0..10 {
                let Some(c3) = take(&mut counts, p2) else {
                    continue;
                };
                let w3 = w2.mul(&W::from_u64(c3));
                for b2 in 0..10 {
                    let Some(c4) = take(&mut counts, b2) else {
                        continue;
                    };
                    let opening = w3.mul(&W::from_u64(c4));
                    visit(&mut counts, (p1 + p2) % 10, (b1 + b2) % 10, opening);
                    counts[b2] += 1;
                }
                counts[p2] += 1;
            }
            counts[b1] += 1;
        }
        counts[p1] += 1;
    }
}

/// Removes one card of `value`, returning how many there were, or `None` when there is none.
fn take(counts: &mut [u64; 10], value: usize) -> Option<u64> {
    let count = counts[value];
    (count > 0).then(|| {
        counts[value] -= 1;
        count
    })
}

/// Follows one opening through its plan and adds each ending to the tally.
fn third_cards<W: Int>(
    opening: Opening,
    counts: &mut [u64; 10],
    (punto, banco): (usize, usize),
    weight: W,
    (fill_after_4, fill_after_5): (&W, &W),
    tally: &mut [W],
) {
    let mut add =
        |punto_total: usize, banco_total: usize, punto_cards, banco_cards, natural, w: W| {
            let index = FinalState {
                punto_total: (punto_total % 10) as u8,
                banco_total: (banco_total % 10) as u8,
                punto_cards,
                banco_cards,
                natural,
            }
            .index();
            tally[index] = tally[index].add(&w);
        };
    let (punto_action, banco_row) = match opening {
        Opening::Natural => {
            add(punto, banco, 2, 2, true, weight.mul(fill_after_4));
            return;
        }
        Opening::Play { punto, banco } => (punto, banco),
    };
    match punto_action {
        Action::Stand => match banco_row[PuntoMove::Stood.column()] {
            Action::Stand => add(punto, banco, 2, 2, false, weight.mul(fill_after_4)),
            Action::Draw => {
                for (b3, &count) in counts.iter().enumerate() {
                    if count > 0 {
                        let w = weight.mul(&W::from_u64(count)).mul(fill_after_5);
                        add(punto, banco + b3, 2, 3, false, w);
                    }
                }
            }
        },
        Action::Draw => {
            for p3 in 0..10 {
                let Some(c3) = take(counts, p3) else { continue };
                let with_third = weight.mul(&W::from_u64(c3));
                match banco_row[PuntoMove::Drew(p3 as u8).column()] {
                    Action::Stand => {
                        add(punto + p3, banco, 3, 2, false, with_third.mul(fill_after_5));
                    }
                    Action::Draw => {
                        for (b3, &count) in counts.iter().enumerate() {
                            if count > 0 {
                                let w = with_third.mul(&W::from_u64(count));
                                add(punto + p3, banco + b3, 3, 3, false, w);
                            }
                        }
                    }
                }
                counts[p3] += 1;
            }
        }
    }
}

/// The deliberately naive second path: every ordered sequence of six card values, weighted by
/// the falling product of its counts and pushed through the coup resolver [`coup::deal`].
///
/// It shares nothing with the enumerator or the engine but the order of play, and exists to
/// check them. It visits 10⁶ sequences whatever the shoe, so it is slow; use it on small shoes
/// or in tests.
pub fn naive_tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally, ShoeError> {
    shoe.check_playable()?;
    Ok(if u128::holds(shoe.len()) {
        Tally::from_weights(&naive::<u128>(shoe, rules))
    } else {
        Tally::from_weights(&naive::<BigUint>(shoe, rules))
    })
}

fn naive<W: Int>(shoe: &Shoe, rules: &DrawingRules) -> Vec<W> {
    let mut tally = vec![W::default(); FinalState::COUNT];
    let counts = shoe.value_counts();
    let mut sequence = [0u8; 6];
    'sequences: for code in 0..1_000_000u32 {
        let mut rest = code;
        for slot in sequence.iter_mut().rev() {
            *slot = (rest % 10) as u8;
            rest /= 10;
        }
        let mut left = counts;
        let mut weight = W::from_u64(1);
        for &value in &sequence {
            let count = left[value as usize];
            if count == 0 {
                continue 'sequences;
            }
            weight = weight.mul(&W::from_u64(count));
            left[value as usize] = count - 1;
        }
        let values = sequence.map(|v| coup::Value::ALL[usize::from(v)]);
        let coup = coup::deal(rules, &values).expect("six cards always finish a coup");
        let index = coup.final_state().index();
        tally[index] = tally[index].add(&weight);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The enumerator's two weight types give the same tally on a shoe both hold.
    #[test]
    fn big_integer_path_equals_u128_path() {
        let shoe = Shoe::decks(8).unwrap();
        let plan = Plan::new(&DrawingRules::reference());
        assert_eq!(
            Tally::from_weights(&walk::<BigUint>(&shoe, &plan)),
            Tally::from_weights(&walk::<u128>(&shoe, &plan))
        );
    }
}
