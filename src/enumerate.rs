//! The exhaustive enumerator: every opening four cards and every third card over a shoe's
//! composition, with exact integer weights.
//!
//! The weight of a path is the number of ordered six-card sequences that begin with it: the
//! falling product of the counts of the cards the coup uses, times the number of ways to fill
//! the positions it leaves unused from what remains.

use crate::coup;
use crate::outcome::FinalState;
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::{Tally, Weight};
use num_bigint::BigUint;

/// The exact tally of a playable shoe under the drawing rules, in `u128` where every weight
/// provably fits (a shoe of N cards has N⁶ > every partial product) and in big integers beyond.
pub fn exact_tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally<BigUint>, ShoeError> {
    shoe.check_playable()?;
    Ok(if fits_in_u128(shoe) {
        walk::<u128>(shoe, rules).to_big()
    } else {
        walk::<BigUint>(shoe, rules)
    })
}

/// Whether N⁶ fits in a `u128` for a shoe of N cards, which bounds every weight and sum.
pub fn fits_in_u128(shoe: &Shoe) -> bool {
    u128::holds(shoe.len())
}

/// Enumerates every coup over the shoe's card values, grouping by value.
///
/// The caller chooses the weight type; [`exact_tally`] chooses it for any shoe. A weight
/// type that cannot hold the shoe ([`Weight::holds`]: with `u128`, the shoe must satisfy
/// [`fits_in_u128`]) is an error, never a wrapped figure.
///
/// ```
/// use punto_banco::{enumerate::enumerate, rules::DrawingRules, shoe::Shoe};
/// let rules = DrawingRules::reference();
/// assert!(enumerate::<u128>(&Shoe::decks(8).unwrap(), &rules).is_ok());
/// assert!(enumerate::<u128>(&Shoe::decks(1 << 20).unwrap(), &rules).is_err());
/// ```
pub fn enumerate<W: Weight>(
    shoe: &Shoe,
    rules: &DrawingRules,
) -> Result<Tally<W>, crate::fast::RingError> {
    if !W::holds(shoe.len()) {
        return Err(crate::fast::RingError::TooNarrow {
            cards: shoe.len(),
            ring: W::NAME,
        });
    }
    Ok(walk(shoe, rules))
}

/// [`enumerate`] in a weight type already known to hold the shoe.
fn walk<W: Weight>(shoe: &Shoe, rules: &DrawingRules) -> Tally<W> {
    let (fill_after_4, fill_after_5) = fills::<W>(shoe);
    let mut tally = Tally::<W>::default();
    for_each_opening(shoe, |counts, punto, banco, opening: W| {
        third_cards(
            rules,
            counts,
            punto,
            banco,
            opening,
            &fill_after_4,
            &fill_after_5,
            &mut tally,
        );
    });
    tally
}

/// Ways to fill the positions a coup leaves unused: after 4 cards (N−4)(N−5), after 5 (N−5).
fn fills<W: Weight>(shoe: &Shoe) -> (W, W) {
    let n = shoe.len();
    let after_5 = W::from(n.saturating_sub(5));
    (W::from(n.saturating_sub(4)) * after_5.clone(), after_5)
}

/// Calls `visit` with every opening of four card values (Punto, Banco, Punto, Banco): the
/// counts left in the shoe, the two-card totals, and the number of ordered ways to deal it.
fn for_each_opening<W: Weight>(
    shoe: &Shoe,
    mut visit: impl FnMut(&mut [u64; 10], usize, usize, W),
) {
    let mut counts = shoe.value_counts();
    for p1 in 0..10 {
        let Some(c1) = take(&mut counts, p1) else {
            continue;
        };
        let w1 = W::from(c1);
        for b1 in 0..10 {
            let Some(c2) = take(&mut counts, b1) else {
                continue;
            };
            let w2 = w1.clone() * W::from(c2);
            for p2 in 0..10 {
                let Some(c3) = take(&mut counts, p2) else {
                    continue;
                };
                let w3 = w2.clone() * W::from(c3);
                for b2 in 0..10 {
                    let Some(c4) = take(&mut counts, b2) else {
                        continue;
                    };
                    let opening = w3.clone() * W::from(c4);
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

/// The number of ordered six-card sequences whose opening gives Punto and Banco each pair of
/// two-card totals: `openings[punto_total][banco_total]`.
pub fn opening_totals(shoe: &Shoe) -> Result<[[BigUint; 10]; 10], ShoeError> {
    shoe.check_playable()?;
    let (fill_after_4, _) = fills::<BigUint>(shoe);
    let mut openings: [[BigUint; 10]; 10] = Default::default();
    for_each_opening(shoe, |_, punto, banco, opening: BigUint| {
        openings[punto][banco] += opening * &fill_after_4;
    });
    Ok(openings)
}

/// How often a coup reaches each drawing decision, in ordered six-card sequences.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    /// `banco[banco_total][column]`, columns as in [`PuntoMove::column`].
    pub banco: [[BigUint; 11]; 10],
    /// `punto[punto_total]`: no natural, and Punto decides on this two-card total.
    pub punto: [BigUint; 10],
}

/// The number of ordered six-card sequences in which the coup reaches each decision of the
/// drawing rules. Natural openings reach none.
pub fn cell_reach(shoe: &Shoe, rules: &DrawingRules) -> Result<Reach, ShoeError> {
    shoe.check_playable()?;
    let (fill_after_4, fill_after_5) = fills::<BigUint>(shoe);
    let mut reach = Reach::default();
    for_each_opening(shoe, |counts, punto, banco, opening: BigUint| {
        if rules.is_natural(punto as u8) || rules.is_natural(banco as u8) {
            return;
        }
        reach.punto[punto] += &opening * &fill_after_4;
        let row = &mut reach.banco[banco];
        match rules.punto_action(punto as u8) {
            Action::Stand => row[PuntoMove::Stood.column()] += opening * &fill_after_4,
            Action::Draw => {
                for (third, &count) in counts.iter().enumerate() {
                    row[third] += &opening * BigUint::from(count) * &fill_after_5;
                }
            }
        }
    });
    Ok(reach)
}

/// Removes one card of `value`, returning how many there were, or `None` when there is none.
fn take(counts: &mut [u64; 10], value: usize) -> Option<u64> {
    let count = counts[value];
    (count > 0).then(|| {
        counts[value] -= 1;
        count
    })
}

/// Follows one opening through the drawing rules and adds each ending to the tally.
#[allow(clippy::too_many_arguments)]
fn third_cards<W: Weight>(
    rules: &DrawingRules,
    counts: &mut [u64; 10],
    punto: usize,
    banco: usize,
    opening: W,
    fill_after_4: &W,
    fill_after_5: &W,
    tally: &mut Tally<W>,
) {
    let state =
        |punto_total: usize, banco_total: usize, punto_cards, banco_cards, natural| FinalState {
            punto_total: (punto_total % 10) as u8,
            banco_total: (banco_total % 10) as u8,
            punto_cards,
            banco_cards,
            natural,
        };
    if rules.is_natural(punto as u8) || rules.is_natural(banco as u8) {
        tally.add(
            state(punto, banco, 2, 2, true),
            opening * fill_after_4.clone(),
        );
        return;
    }
    match rules.punto_action(punto as u8) {
        Action::Stand => match rules.banco_action(banco as u8, PuntoMove::Stood) {
            Action::Stand => {
                tally.add(
                    state(punto, banco, 2, 2, false),
                    opening * fill_after_4.clone(),
                );
            }
            Action::Draw => {
                for (b3, &count) in counts.iter().enumerate() {
                    if count > 0 {
                        let weight = opening.clone() * W::from(count) * fill_after_5.clone();
                        tally.add(state(punto, banco + b3, 2, 3, false), weight);
                    }
                }
            }
        },
        Action::Draw => {
            for p3 in 0..10 {
                let Some(c3) = take(counts, p3) else { continue };
                let with_third = opening.clone() * W::from(c3);
                match rules.banco_action(banco as u8, PuntoMove::Drew(p3 as u8)) {
                    Action::Stand => {
                        let weight = with_third * fill_after_5.clone();
                        tally.add(state(punto + p3, banco, 3, 2, false), weight);
                    }
                    Action::Draw => {
                        for (b3, &count) in counts.iter().enumerate() {
                            if count > 0 {
                                let weight = with_third.clone() * W::from(count);
                                tally.add(state(punto + p3, banco + b3, 3, 3, false), weight);
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
/// It shares nothing with [`enumerate`] but the rules, and exists to check it. It visits 10⁶
/// sequences whatever the shoe, so it is slow; use it on small shoes or in tests.
pub fn naive_tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally<BigUint>, ShoeError> {
    shoe.check_playable()?;
    if fits_in_u128(shoe) {
        Ok(naive::<u128>(shoe, rules).to_big())
    } else {
        Ok(naive::<BigUint>(shoe, rules))
    }
}

fn naive<W: Weight>(shoe: &Shoe, rules: &DrawingRules) -> Tally<W> {
    let mut tally = Tally::<W>::default();
    let counts = shoe.value_counts();
    let mut sequence = [0u8; 6];
    'sequences: for code in 0..1_000_000u32 {
        let mut rest = code;
        for slot in sequence.iter_mut().rev() {
            *slot = (rest % 10) as u8;
            rest /= 10;
        }
        let mut left = counts;
        let mut weight = W::from(1);
        for &value in &sequence {
            let count = left[value as usize];
            if count == 0 {
                continue 'sequences;
            }
            weight = weight * W::from(count);
            left[value as usize] = count - 1;
        }
        let coup = coup::deal(rules, &sequence).expect("six cards always finish a coup");
        tally.add(coup.final_state(), weight);
    }
    tally
}
