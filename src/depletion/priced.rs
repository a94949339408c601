//! The shoes `shoe-sim` deals, handed over coup by coup with every bet's exact expected net
//! on the cards left before each: the walk a simulation outside this module follows (the
//! roads' strategies, [`crate::roads::strategy`]) rather than dealing and pricing a shoe its
//! own way.

use super::pricing::{Numerator, Pricing};
use super::setup::{SimulationError, SimulationSetup};
use crate::card::Card;
use crate::coup::Coup;
use crate::dealer::Dealer;
use crate::rules::Rules;
use crate::rules::condition::CardClass;
use crate::shoe::Shoe;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The shoes of a simulation's setup, dealt and priced as `shoe-sim` deals and prices them:
/// shoe `index` is the same shoe, dealt from the same stream of the same seed.
///
/// ```
/// use punto_banco::depletion::{PricedShoes, SimulationSetup};
/// use punto_banco::rules::Rules;
/// use punto_banco::rules::dealing::Procedure;
///
/// let setup = SimulationSetup {
///     shoes: 1, seed: 1, n_decks: 1, cut: 14, burn: Procedure::reference().burn,
///     coups_after_cut: 1, rules: "reference".into(),
/// };
/// let shoes = PricedShoes::new(&setup, &Rules::reference()).unwrap();
/// let mut coups = 0;
/// shoes.deal(0, &mut |coup| {
///     // Punto, Banco and Tie, in the tariff's order, each an exact expected net: Punto's and
///     // Banco's add up to the commission's cost, never above zero.
///     let zero = num_rational::BigRational::from_integer(0.into());
///     assert!(coup.expected_net(0) + coup.expected_net(1) < zero);
///     coups += 1;
/// }).unwrap();
/// assert!(coups > 0);
/// ```
#[derive(Debug, Clone)]
pub struct PricedShoes {
    setup: SimulationSetup,
    pricing: Pricing,
}

/// One coup of a shoe as [`PricedShoes::deal`] hands it over: the cards left before it, every
/// bet's exact expected net on them, and the coup dealt.
pub struct PricedCoup<'a> {
    shoe: &'a Shoe,
    numerators: &'a [Numerator],
    pricing: &'a Pricing,
    coup: &'a Coup<Card>,
    burned: &'a [Card],
}

impl PricedCoup<'_> {
    /// The cards burned before the shoe's first coup, the first of them turned face up (the
    /// rest are burned face down): what a counter could see of the burn.
    pub fn burned(&self) -> &[Card] {
        self.burned
    }

    /// Every bet's numerator, as the pricing gives it.
    pub(super) fn numerators(&self) -> &[Numerator] {
        self.numerators
    }

    /// The cards left before the coup.
    pub fn cards_left(&self) -> &Shoe {
        self.shoe
    }

    /// The coup dealt.
    pub fn coup(&self) -> &Coup<Card> {
        self.coup
    }

    /// The numerator of the bet's exact expected net per unit staked, over
    /// [`PricedShoes::denominator`] of the cards left: numerators of coups with as many cards
    /// left add up as whole numbers.
    pub fn numerator(&self, bet: usize) -> BigInt {
        self.numerators[bet].to_bigint()
    }

    /// The bet's exact expected net per unit staked, the bet at index `bet` of the tariff
    /// ([`crate::rules::Tariff::all`]).
    pub fn expected_net(&self, bet: usize) -> BigRational {
        BigRational::new(
            self.numerator(bet),
            BigInt::from(self.pricing.bet(bet).denominator(self.shoe.len())),
        )
    }
}

impl PricedShoes {
    /// Ready to deal the shoes of `setup` under `rules`; an error when they cannot be dealt.
    pub fn new(setup: &SimulationSetup, rules: &Rules) -> Result<PricedShoes, SimulationError> {
        setup.check()?;
        Ok(PricedShoes {
            setup: setup.clone(),
            pricing: Pricing::new(rules),
        })
    }

    /// The setup the shoes are dealt by.
    pub fn setup(&self) -> &SimulationSetup {
        &self.setup
    }

    /// The denominator of a bet's expected net before a coup dealt from `cards_left` cards.
    pub fn denominator(&self, bet: usize, cards_left: u64) -> BigUint {
        self.pricing.bet(bet).denominator(cards_left)
    }

    /// Deals shoe `index` to the cut card, burn first, and hands each coup to `visit` with
    /// every bet priced on the cards left before it. Returns the coups dealt.
    pub fn deal(
        &self,
        index: u64,
        visit: &mut dyn FnMut(&PricedCoup<'_>),
    ) -> Result<u64, SimulationError> {
        walk(&self.setup, &self.pricing, index, None, visit)
    }
}

/// Deals shoe `index` of `setup` to the cut card, burn first, and hands each coup to `visit`
/// with every bet priced on the cards left before it: the one walk of a simulated shoe, that
/// `shoe-sim`, `count` and the roads' strategies all follow, so that shoe `index` is the same
/// shoe, priced the same way, in each. `full_shoe`: the numerators of a full shoe, priced
/// once for a run, for the first coup of a shoe that burns nothing. Returns the coups dealt.
pub(super) fn walk(
    setup: &SimulationSetup,
    pricing: &Pricing,
    index: u64,
    full_shoe: Option<&[Numerator]>,
    visit: &mut dyn FnMut(&PricedCoup<'_>),
) -> Result<u64, SimulationError> {
    // Every shoe has its own stream of the seeded generator, so the result does not depend
    // on which thread, or which shard, deals which shoe.
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    rng.set_stream(index);
    let mut dealer = Dealer::try_shuffled(setup.n_decks, &mut rng)?;
    // The composition of what is left, by rank for the engine and by card for the card
    // bets, kept up to date as cards are dealt.
    let mut counts = [4 * setup.n_decks; 13];
    let mut cards = [setup.n_decks; 52];
    // The burn comes first, and its cards leave the shoe: each coup is priced on the cards
    // actually left, as `audit` prices a logged shoe whose burn is logged.
    let mut shoe_walk = dealer.burn(&setup.procedure());
    let burned: Vec<Card> = dealer.order()[..dealer.dealt()].to_vec();
    for &card in &burned {
        counts[card.rank.index()] -= 1;
        cards[CardClass::index(card)] -= 1;
    }
    let mut numerators = vec![Numerator::Small(0); pricing.bets];
    let mut coups = 0;
    while shoe_walk.may_begin() {
        let shoe = Shoe::from_counts(counts)?;
        match full_shoe {
            // An unburned shoe starts full: its first coup was priced once for the run.
            Some(full) if coups == 0 && burned.is_empty() => numerators.clone_from_slice(full),
            _ => pricing.each_numerator(&shoe, &cards, &mut |bet, numerator| {
                numerators[bet] = numerator;
            })?,
        }
        let Some(coup) = dealer.deal_next(&mut shoe_walk, &pricing.drawing) else {
            break;
        };
        visit(&PricedCoup {
            shoe: &shoe,
            numerators: &numerators,
            pricing,
            coup: &coup,
            burned: &burned,
        });
        for &card in coup.punto.iter().chain(&coup.banco) {
            counts[card.rank.index()] -= 1;
            cards[CardClass::index(card)] -= 1;
        }
        coups += 1;
    }
    Ok(coups)
}
