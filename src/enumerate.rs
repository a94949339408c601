//! The exhaustive enumerator: every opening four cards and every third card over a shoe's
//! composition, with exact integer weights.
//!
//! The weight of a path is the number of ordered six-card sequences that begin with it: the
//! falling product of the counts of the cards the coup uses, times the number of ways to fill
//! the positions it leaves unused from what remains.

use crate::coup;
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::{FinalState, Tally, Weight};
use num_bigint::BigUint;

/// The exact tally of a playable shoe under the drawing rules, in `u128` where every weight
/// provably fits (a shoe of N cards has N⁶ > every partial product) and in big integers beyond.
pub fn exact_tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally<BigUint>, ShoeError> {
    shoe.check_playable()?;
    if fits_in_u128(shoe) {
        Ok(enumerate::<u128>(shoe, rules).to_big())
    } else {
        Ok(enumerate::<BigUint>(shoe, rules))
    }
}

/// Whether N⁶ fits in a `u128` for a shoe of N cards, which bounds every weight and sum.
pub fn fits_in_u128(shoe: &Shoe) -> bool {
    u128::from(shoe.len()).checked_pow(6).is_some()
}

/// Enumerates every coup over the shoe's card values, grouping by value.
///
/// The caller chooses the weight type; with `u128` the shoe must satisfy [`fits_in_u128`].
pub fn enumerate<W: Weight>(shoe: &Shoe, rules: &DrawingRules) -> Tally<W> {
    let mut counts = shoe.value_counts();
    let n = shoe.len();
    let w = |x: u64| W::from(x);
    // Ways to fill the positions a coup leaves unused: after k cards, (N−k)·…·(N−5).
    let fill_after_4 = w(n.saturating_sub(4)) * w(n.saturating_sub(5));
    let fill_after_5 = w(n.saturating_sub(5));
    let mut tally = Tally::<W>::default();

    for p1 in 0..10 {
        let Some(w1) = take(&mut counts, p1) else {
            continue;
        };
        let w1 = w(w1);
        for b1 in 0..10 {
            let Some(w2) = take(&mut counts, b1) else {
                continue;
            };
            let w2 = w1.clone() * w(w2);
            for p2 in 0..10 {
                let Some(w3) = take(&mut counts, p2) else {
                    continue;
                };
                let w3 = w2.clone() * w(w3);
                for b2 in 0..10 {
                    let Some(w4) = take(&mut counts, b2) else {
                        continue;
                    };
                    let opening = w3.clone() * w(w4);
                    let punto = (p1 + p2) % 10;
                    let banco = (b1 + b2) % 10;
                    third_cards(
                        rules,
                        &mut counts,
                        punto,
                        banco,
                        opening,
                        &fill_after_4,
                        &fill_after_5,
                        &mut tally,
                    );
                    counts[b2] += 1;
                }
                counts[p2] += 1;
            }
            counts[b1] += 1;
        }
        counts[p1] += 1;
    }
    tally
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
