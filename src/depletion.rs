//! Depleted shoes: the exact effect of removing one card of each rank, and shoes dealt to a
//! cut card with the exact edge of every bet computed before every coup.
//!
//! The simulation is exact from end to end. Before every coup the engine counts what is
//! left of the shoe, and each bet's expected net is a fraction of whole numbers (a numerator
//! over the bet's common denominator times the shoe's number of sequences); the favourable
//! ones are added up as exact rationals and the largest is kept exactly. A run's totals
//! ([`Simulation`]) are therefore the same whatever the order the shoes are added in: on any
//! number of threads, in any chunks, and over any split into shards ([`Shards`]) merged
//! afterwards ([`partial`]). Floating point appears only in the averages a report prints,
//! each the nearest `f64` of an exact quotient.

pub mod count;
pub mod partial;
mod priced;
mod pricing;
mod run;
mod setup;
mod totals;

pub use priced::{PricedCoup, PricedShoes};
pub use run::{try_simulate, try_simulate_shards, try_simulate_shards_with_progress};
pub use setup::{
    ShardError, Shards, SimulationError, SimulationSetup, check_procedure, coups_per_shoe,
    cut_range,
};
pub use totals::{Band, BetRecord, PROFILE_BANDS, Profile, Simulation};

use crate::card::{Card, Rank, Suit};
use crate::features;
use crate::rules::Rules;
use crate::rules::condition::{CardClass, SuitMap};
use crate::shoe::{Shoe, ShoeError};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use pricing::Pricing;
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// How the effect of removal takes cards out of the shoe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Removal {
    /// By card when a bet of the rules tells cards of one rank apart (by suit, colour or a
    /// named card; the shoe must then say its suits), by rank otherwise: the removed card's
    /// suit then changes no figure.
    #[default]
    Auto,
    /// One card of each rank. When a bet reads suits, a rank's effect is the average of its
    /// cards' effects, weighted by their counts: the effect of removing a card of that rank
    /// drawn at random.
    Rank,
    /// One exact card of each of the 52 (A♠ to K♣): needs a shoe whose suits are known.
    Card,
}

/// A colour of cards, for the summaries of a removal by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Hearts and diamonds.
    Red,
    /// Spades and clubs.
    Black,
}

impl Colour {
    /// Red, then black.
    pub const ALL: [Colour; 2] = [Colour::Red, Colour::Black];

    /// Whether a suit is of this colour.
    pub fn has(self, suit: Suit) -> bool {
        matches!(suit, Suit::Hearts | Suit::Diamonds) == (self == Colour::Red)
    }

    /// `"red"` or `"black"`, as JSON writes it.
    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }
}

/// Each bet's change of edge, or `None` when there is no effect to report.
pub type Changes = Option<Vec<BigRational>>;

/// The effect of removal: each bet's exact edge in the shoe, and its change when one card of
/// each rank, or each exact card, is taken out.
#[derive(Debug, Clone)]
pub struct EffectOfRemoval {
    /// The bets, by key, in the tariff's order.
    bets: Vec<String>,
    /// Each bet's edge in the full shoe.
    base: Vec<BigRational>,
    /// For each rank A to K: each bet's change of edge when one card of that rank is removed,
    /// or `None` when the shoe holds no card of it.
    by_rank: Vec<(Rank, Changes)>,
    /// When the removal is by card: the 52 cards' counts and effects, and the summaries.
    by_card: Option<ByCard>,
    /// Whether a bet reads suits yet every rank's four cards have one effect (see
    /// [`EffectOfRemoval::suits_alike`]).
    suits_alike: bool,
}

/// A removal by card: each card's count and effect, and the effect of a card drawn at random
/// from a suit or a colour.
#[derive(Debug, Clone)]
struct ByCard {
    counts: [u64; 52],
    cards: Vec<(Card, Changes)>,
    suits: Vec<(Suit, Changes)>,
    colours: Vec<(Colour, Changes)>,
}

impl EffectOfRemoval {
    /// The bets, by key, in the tariff's order.
    pub fn bets(&self) -> &[String] {
        &self.bets
    }

    /// Each bet's edge in the full shoe, in the order of [`bets`](Self::bets).
    pub fn base(&self) -> &[BigRational] {
        &self.base
    }

    /// For each rank A to K: each bet's change of edge when one card of it is removed, or
    /// `None`. In a removal by card, the average of the rank's cards' effects weighted by
    /// their counts (the effect of a card of that rank drawn at random).
    pub fn by_rank(&self) -> &[(Rank, Changes)] {
        &self.by_rank
    }

    /// Whether some bet reads suits, yet the four cards of every rank have the same effect:
    /// every bet treats the suits alike (a flush, not a heart) and the shoe holds as many
    /// cards of each suit in every rank. A removal by card then repeats each rank's row four
    /// times, and the default removal ([`Removal::Auto`]) gives the rank rows alone.
    pub fn suits_alike(&self) -> bool {
        self.suits_alike
    }

    /// Whether the cards were removed one exact card at a time.
    pub fn is_by_card(&self) -> bool {
        self.by_card.is_some()
    }

    /// In a removal by card, the 52 cards A♠ A♥ A♦ A♣ 2♠ … K♣, each with every bet's change
    /// of edge when one copy of it is removed, or `None` when the shoe holds none (or one
    /// card fewer cannot finish a coup).
    pub fn by_card(&self) -> Option<&[(Card, Changes)]> {
        self.by_card.as_ref().map(|b| &b.cards[..])
    }

    /// In a removal by card, the shoe's count of each of the 52 cards, in the order of
    /// [`by_card`](Self::by_card).
    pub fn card_counts(&self) -> Option<&[u64; 52]> {
        self.by_card.as_ref().map(|b| &b.counts)
    }

    /// In a removal by card, for each suit ♠ ♥ ♦ ♣: the average of its cards' effects
    /// weighted by their counts, the effect of a card of that suit drawn at random.
    pub fn by_suit(&self) -> Option<&[(Suit, Changes)]> {
        self.by_card.as_ref().map(|b| &b.suits[..])
    }

    /// In a removal by card, for red then black: the effect of a card of that colour drawn
    /// at random.
    pub fn by_colour(&self) -> Option<&[(Colour, Changes)]> {
        self.by_card.as_ref().map(|b| &b.colours[..])
    }
}

/// Every bet's exact edge in a playable shoe whose 52 card counts are `cards`, through the
/// simulation's pricing: the same integers, made fractions once.
fn edges(pricing: &Pricing, shoe: &Shoe, cards: &[u64; 52]) -> Result<Vec<BigRational>, ShoeError> {
    let mut edges = vec![BigRational::zero(); pricing.bets];
    pricing.each_numerator(shoe, cards, &mut |bet, numerator| {
        edges[bet] = -BigRational::new(
            numerator.to_bigint(),
            BigInt::from(pricing.bet(bet).denominator(shoe.len())),
        );
    })?;
    Ok(edges)
}

/// Whether some bet of the rules tells cards of one rank apart, so that only a shoe's card
/// counts can price it.
fn reads_suits(rules: &Rules) -> bool {
    // The card counts of the card bets refuse a shoe that cannot say its suits exactly when
    // a bet reads them; thirteen cards, one of each rank, say none.
    let suitless = Shoe::from_counts([1; 13]).expect("one card of each rank is a shoe");
    features::card_counts(rules, &suitless).is_err()
}

/// The exact effect of removing one card from `shoe` on every bet of `rules`: of each exact
/// card when a bet reads suits, of each rank otherwise ([`Removal::Auto`]).
pub fn effect_of_removal(shoe: &Shoe, rules: &Rules) -> Result<EffectOfRemoval, ShoeError> {
    effect_of_removal_by(shoe, rules, Removal::Auto)
}

/// The exact effect of removing one card from `shoe` on every bet of `rules`, by rank or by
/// card as `removal` says. Each effect is the difference of two exact edges, the shoe's and
/// the shoe's less that card; nothing is estimated. An error when the shoe cannot be
/// analysed, or when a removal by card (or a bet reading suits) needs suits the shoe does not
/// say.
pub fn effect_of_removal_by(
    shoe: &Shoe,
    rules: &Rules,
    removal: Removal,
) -> Result<EffectOfRemoval, ShoeError> {
    effect_of_removal_with_progress(shoe, rules, removal, crate::progress::SILENT)
}

/// [`effect_of_removal_by`], telling `progress` of each row priced ([`Stage::Removals`]: the
/// whole shoe, then each rank or each of the 52 cards), and finishing it at the end.
///
/// [`Stage::Removals`]: crate::progress::Stage::Removals
pub fn effect_of_removal_with_progress(
    shoe: &Shoe,
    rules: &Rules,
    removal: Removal,
    progress: &dyn crate::progress::Progress,
) -> Result<EffectOfRemoval, ShoeError> {
    let result = removal_rows(shoe, rules, removal, progress);
    progress.finish();
    result
}

/// [`effect_of_removal_with_progress`] before the progress is finished.
fn removal_rows(
    shoe: &Shoe,
    rules: &Rules,
    removal: Removal,
    progress: &dyn crate::progress::Progress,
) -> Result<EffectOfRemoval, ShoeError> {
    // Each card is removed on its own when a bet tells a rank's cards apart, even when the
    // table is by rank: a rank's row is then its cards' average.
    let suits = reads_suits(rules);
    let by_card = suits || removal == Removal::Card;
    let show_cards = match removal {
        Removal::Auto => suits,
        Removal::Rank => false,
        Removal::Card => true,
    };
    let cards = if by_card {
        shoe.card_counts()?
    } else {
        features::card_counts(rules, shoe)?
    };
    // Each removal is priced once per card of a kind (see `same_effect`); by rank, once for
    // the first card of each rank the counts hold, since no bet tells a rank's cards apart.
    let alike = same_effect(rules, &cards);
    let suits_alike = suits && (0..52).all(|i| alike[i] == i - i % 4);
    let show_cards = show_cards && !(removal == Removal::Auto && suits_alike);
    let firsts: Vec<Option<usize>> = Rank::ALL
        .iter()
        .map(|rank| (4 * rank.index()..4 * rank.index() + 4).find(|&i| cards[i] > 0))
        .collect();
    let removed: Vec<usize> = if by_card {
        (0..52).filter(|&i| alike[i] == i).collect()
    } else {
        firsts.iter().flatten().copied().collect()
    };
    // One unit for the whole shoe, then one per removal priced.
    progress.start(crate::progress::Stage::Removals, 1 + removed.len() as u64);
    let pricing = Pricing::new(rules);
    let base = edges(&pricing, shoe, &cards)?;
    progress.advance(1);
    // The change when one card of index `index` (4·rank + suit) leaves: `None` when the shoe
    // has none, or when one card fewer cannot finish a coup.
    let change = |index: usize| -> Result<Changes, ShoeError> {
        let rank = Rank::ALL[index / 4];
        if cards[index] == 0 || shoe.len() <= crate::shoe::MIN_CARDS {
            return Ok(None);
        }
        let mut counts = shoe.counts();
        counts[rank.index()] -= 1;
        let mut smaller = cards;
        smaller[index] -= 1;
        let after = edges(&pricing, &Shoe::from_counts(counts)?, &smaller)?;
        Ok(Some(after.iter().zip(&base).map(|(a, b)| a - b).collect()))
    };
    // On every core with the `parallel` feature.
    #[cfg(feature = "parallel")]
    let removals = removed.par_iter();
    #[cfg(not(feature = "parallel"))]
    let removals = removed.iter();
    let priced: Vec<Changes> = removals
        .map(|&index| change(index).inspect(|_| progress.advance(1)))
        .collect::<Result<_, _>>()?;
    // Each card index's changes, where it was priced.
    let mut of_card: Vec<Changes> = vec![None; 52];
    for (&index, changes) in removed.iter().zip(priced) {
        of_card[index] = changes;
    }
    let (by_rank, by_card) = if by_card {
        let changes: Vec<Changes> = (0..52).map(|i| of_card[alike[i]].clone()).collect();
        let average =
            |keep: &dyn Fn(usize) -> bool| -> Changes { weighted_average(&cards, &changes, keep) };
        let by_rank = Rank::ALL
            .into_iter()
            .map(|rank| (rank, average(&|i| i / 4 == rank.index())))
            .collect();
        let by_suit = Suit::ALL
            .into_iter()
            .map(|suit| (suit, average(&|i| i % 4 == suit.index())))
            .collect();
        let colours = Colour::ALL
            .into_iter()
            .map(|colour| (colour, average(&|i| colour.has(Suit::ALL[i % 4]))))
            .collect();
        let cards_changes = (0..52).map(CardClass::card_at).zip(changes).collect();
        (
            by_rank,
            show_cards.then_some(ByCard {
                counts: cards,
                cards: cards_changes,
                suits: by_suit,
                colours,
            }),
        )
    } else {
        let by_rank = Rank::ALL
            .into_iter()
            .zip(&firsts)
            .map(|(rank, first)| (rank, first.and_then(|i| of_card[i].clone())))
            .collect();
        (by_rank, None)
    };
    Ok(EffectOfRemoval {
        bets: rules
            .tariff
            .all()
            .iter()
            .map(|(k, _)| k.to_string())
            .collect(),
        base,
        by_rank,
        by_card,
        suits_alike,
    })
}

/// For each of the 52 card indices, the first index whose removal has the same effect on
/// every bet: the least card a relabelling of the suits takes it to, among the relabellings
/// that keep every bet's conditions ([`Cond::kept_by`](crate::rules::condition::Cond)) and
/// the shoe's card counts. Such a relabelling maps the coups of the shoe less one card onto
/// those of the shoe less the other, each paying the same, so the two edges are equal. The
/// kept relabellings form a group: each card's images are its class of alike cards.
fn same_effect(rules: &Rules, cards: &[u64; 52]) -> [usize; 52] {
    let bets = rules.tariff.all();
    let keeps = |map: SuitMap| {
        (0..52).all(|i| cards[map.card(i)] == cards[i])
            && bets
                .iter()
                .all(|(_, bet)| bet.lines.iter().all(|line| line.when.kept_by(map)))
    };
    let kept: Vec<SuitMap> = SuitMap::all().into_iter().filter(|&m| keeps(m)).collect();
    std::array::from_fn(|i| kept.iter().map(|m| m.card(i)).min().unwrap_or(i))
}

/// The average of the cards' changes that `keep` keeps, weighted by the cards' counts; `None`
/// when no kept card has a change.
fn weighted_average(
    cards: &[u64; 52],
    changes: &[Changes],
    keep: &dyn Fn(usize) -> bool,
) -> Changes {
    let mut total = 0u64;
    let mut sum: Option<Vec<BigRational>> = None;
    for (index, change) in changes.iter().enumerate() {
        let Some(change) = change.as_ref().filter(|_| keep(index)) else {
            continue;
        };
        let weight = BigRational::from_integer(cards[index].into());
        total += cards[index];
        let sum = sum.get_or_insert_with(|| vec![BigRational::zero(); change.len()]);
        for (s, c) in sum.iter_mut().zip(change) {
            *s += c * &weight;
        }
    }
    let total = BigRational::from_integer(total.into());
    sum.map(|sum| sum.into_iter().map(|s| s / &total).collect())
}

#[cfg(test)]
mod tests {
    use super::run::{SHOES_PER_CHUNK, one_shoe, simulate_in_chunks};
    use super::*;
    use crate::analysis::Analysis;
    use crate::dealer::Dealer;
    use crate::rules::Bet;
    use crate::rules::dealing::Burn;
    use num_rational::Ratio;
    use num_traits::Signed;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn setup(shoes: u64, seed: u64, n_decks: u64, cut: usize) -> SimulationSetup {
        SimulationSetup {
            shoes,
            seed,
            n_decks,
            cut,
            burn: Burn::FirstCard { ace: 1 },
            coups_after_cut: 1,
            rules: "reference".into(),
        }
    }

    /// Chunks change when records are gathered, never what is added up: any chunking gives
    /// the same exact totals, one chunk for all the shoes included.
    #[test]
    fn the_result_does_not_depend_on_the_chunks() {
        let rules = Rules::reference();
        let setup = setup(60, 4, 1, 20);
        let whole =
            simulate_in_chunks(&setup, &rules, Shards::WHOLE, crate::progress::SILENT, 60).unwrap();
        for chunk in [1, 7, 59, SHOES_PER_CHUNK] {
            let chunked = simulate_in_chunks(
                &setup,
                &rules,
                Shards::WHOLE,
                crate::progress::SILENT,
                chunk,
            )
            .unwrap();
            assert_eq!(chunked, whole, "{chunk}");
        }
        assert!(whole.records.iter().any(|r| r.favourable > 0));
    }

    /// The profile counts each coup in the band of the cards left before it, with each bet's
    /// favourable coups and advantage there, as a second walk finds them: the same shoes
    /// dealt again, each coup's expected nets from the exact analysis of the cards left
    /// (not from the simulation's pricing); and its bands add up to the totals.
    #[test]
    fn the_profile_is_what_a_second_walk_finds() {
        let rules = crate::variants::RuleSet::from_json(
            crate::variants::shipped("ez-baccarat").expect("a shipped variant"),
        )
        .expect("a valid rule set")
        .into_rules();
        let setup = setup(24, 5, 1, 14);
        let sim = try_simulate(&setup, &rules, &|_| {}).unwrap();
        let bets = rules.tariff.all();
        let mut expected = Profile::empty(1, bets.len());
        for index in 0..setup.shoes {
            let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
            rng.set_stream(index);
            let mut dealer = Dealer::try_shuffled(1, &mut rng).unwrap();
            let mut walk = dealer.burn(&setup.procedure());
            while walk.may_begin() {
                let mut counts = [0u64; 13];
                for card in dealer.remaining() {
                    counts[card.rank.index()] += 1;
                }
                let shoe = Shoe::from_counts(counts).unwrap();
                let analysis = Analysis::new(&shoe, &rules).unwrap();
                if dealer.deal_next(&mut walk, &rules.drawing).is_none() {
                    break;
                }
                let band = expected.index(shoe.len());
                expected.bands[band].coups += 1;
                for (bet, (_, terms)) in bets.iter().enumerate() {
                    let net = analysis.expected_net(terms);
                    if net.is_positive() {
                        let figures = &mut expected.bands[band].bets[bet];
                        figures.0 += 1;
                        figures.1 += net;
                    }
                }
            }
        }
        assert_eq!(sim.profile(), &expected);
        assert!(sim.profile().adds_up_to(sim.coups(), sim.records()));
        assert!(
            expected
                .bands
                .iter()
                .any(|b| b.bets.iter().any(|f| f.0 > 0)),
            "some bet turns favourable in these shoes"
        );
        // A band that does not add up is refused.
        let mut wrong = sim.profile().clone();
        wrong.bands[3].coups += 1;
        assert!(
            Simulation::new(
                sim.bets().to_vec(),
                sim.shoes(),
                sim.coups(),
                sim.records().to_vec(),
                wrong
            )
            .is_none()
        );
    }

    /// Each expected net before a coup is the exact analysis's, in every regime of the
    /// engine: u64 (8 decks), u128 (100 decks; 40,000 decks, whose fractions need big
    /// integers), big integers (60,000 decks); a pair bet's too.
    #[test]
    fn expected_nets_are_the_exact_analysis_in_every_ring() {
        for name in ["side-bets", "ez-baccarat"] {
            let rules = crate::variants::RuleSet::from_json(
                crate::variants::shipped(name).expect("a shipped variant"),
            )
            .expect("a valid rule set")
            .into_rules();
            let pricing = Pricing::new(&rules);
            for n_decks in [1, 8, 100, 40_000, 60_000] {
                let mut counts = [4 * n_decks; 13];
                counts[Rank::Nine.index()] -= 3;
                counts[Rank::Two.index()] -= 1;
                let shoe = Shoe::from_counts(counts).unwrap();
                let nets = priced_and_exact(&pricing, &rules, &shoe);
                for (bet, (ours, exact)) in nets.into_iter().enumerate() {
                    assert_eq!(ours, exact, "{name} {n_decks} {bet}");
                }
            }
        }
    }

    /// Each bet's exact expected net on `shoe` as `pricing` counts it (its numerator over its
    /// denominator), beside the exact analysis's.
    fn priced_and_exact(
        pricing: &Pricing,
        rules: &Rules,
        shoe: &Shoe,
    ) -> Vec<(BigRational, BigRational)> {
        let analysis = Analysis::new(shoe, rules).unwrap();
        let cards = crate::features::card_counts(rules, shoe).unwrap();
        let numerators = pricing.numerators(shoe, &cards).unwrap();
        rules
            .tariff
            .all()
            .iter()
            .enumerate()
            .map(|(bet, (_, terms))| {
                let ours = BigRational::new(
                    numerators[bet].clone(),
                    BigInt::from(pricing.bet(bet).denominator(shoe.len())),
                );
                (ours, analysis.expected_net(terms))
            })
            .collect()
    }

    /// Card bets for the tests: Either Pair (the opening's ranks), a colour bet on Punto's
    /// first two cards, 3 Giving 8 (a walk through the drawing) and one on the cards dealt
    /// (the final state alone).
    fn with_card_bets() -> Rules {
        use crate::outcome::Hand;
        use crate::rules::PayLine;
        use crate::rules::SideBet;
        use crate::rules::condition::{Atom, CardSet, Cond, Numbers, Same, SetTest};
        let first_two = |hand, test| Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test));
        let pair = |hand| {
            first_two(
                hand,
                SetTest {
                    same: Some(Same::Rank),
                    ..SetTest::default()
                },
            )
        };
        let line = |when, net| PayLine { when, net };
        let bets = [
            (
                "either_pair",
                vec![line(
                    Cond::Any(vec![pair(Hand::Punto), pair(Hand::Banco)]),
                    Ratio::from_integer(5),
                )],
            ),
            (
                "punto_red",
                vec![line(
                    first_two(
                        Hand::Punto,
                        SetTest {
                            all: Some(CardClass::colour(true)),
                            ..SetTest::default()
                        },
                    ),
                    Ratio::new(5, 2),
                )],
            ),
            (
                "three_giving_eight",
                vec![line(
                    Cond::All(vec![
                        Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3]))),
                        Cond::Atom(Atom::Set(
                            CardSet::Third(Hand::Punto),
                            SetTest {
                                all: Some(CardClass::rank(Rank::Eight)),
                                ..SetTest::default()
                            },
                        )),
                    ]),
                    Ratio::from_integer(200),
                )],
            ),
            (
                "four_cards",
                vec![line(
                    Cond::Atom(Atom::CardsDealt(Numbers::of(&[4]))),
                    Ratio::new(1, 3),
                )],
            ),
        ];
        let mut rules = Rules::reference();
        for (key, lines) in bets {
            rules.tariff.side.push(SideBet {
                key: key.into(),
                bet: Bet { lines },
            });
        }
        rules
    }

    /// Card bets are priced as the exact analysis counts them, in every regime of the engine:
    /// u64, u128 and big integers.
    #[test]
    fn card_bets_are_priced_as_the_analysis_counts_them() {
        let rules = with_card_bets();
        let pricing = Pricing::new(&rules);
        assert_eq!(pricing.on_cards.len(), 3);
        for n_decks in [1, 8, 100, 60_000] {
            let mut counts = [4 * n_decks; 13];
            counts[Rank::Nine.index()] -= 4;
            counts[Rank::Two.index()] -= 4;
            let shoe = Shoe::from_counts(counts).unwrap();
            let nets = priced_and_exact(&pricing, &rules, &shoe);
            for ((key, _), (ours, exact)) in rules.tariff.all().iter().zip(nets) {
                assert_eq!(ours, exact, "{n_decks} {key}");
            }
        }
    }

    /// Should the classes miss a state that weighs something, the numerators are still the
    /// exact analysis's: the weights no longer add up, and every state is summed instead.
    #[test]
    fn a_class_that_misses_a_state_is_caught_by_the_total() {
        let rules = Rules::reference();
        let mut pricing = Pricing::new(&rules);
        let reachable: usize = pricing.classes.iter().map(Vec::len).sum();
        assert!(reachable < pricing.all_classes.iter().map(Vec::len).sum::<usize>());
        for states in &mut pricing.classes {
            states.truncate(states.len() / 2);
        }
        let shoe = Shoe::decks(8).unwrap();
        for (ours, exact) in priced_and_exact(&pricing, &rules, &shoe) {
            assert_eq!(ours, exact);
        }
    }

    /// A bet with nets of large, coprime denominators takes the big-integer path and stays
    /// exact.
    #[test]
    fn nets_whose_denominators_pass_64_bits_stay_exact() {
        let mut rules = Rules::reference();
        let tie = crate::rules::Condition::wins(crate::outcome::Winner::Tie);
        rules.tariff.tie =
            crate::rules::Bet::paying(tie.with_total(0), Ratio::new(1, 4_294_967_291))
                .then(tie, Ratio::new(7_999_999_999, 999_999_937));
        let pricing = Pricing::new(&rules);
        assert!(pricing.bet(2).small.is_none());
        let shoe = Shoe::decks(2).unwrap();
        let (ours, exact) = &priced_and_exact(&pricing, &rules, &shoe)[2];
        assert_eq!(ours, exact);
    }

    /// The shards partition the shoes in order, whatever their number.
    #[test]
    fn shards_partition_the_shoes() {
        for total in [0, 1, 5, 97, u64::MAX] {
            for count in [1, 2, 3, 7, 100, u64::MAX] {
                let mut next = 0;
                for index in [1, 2, 3, count - 1, count] {
                    if index == 0 || index > count {
                        continue;
                    }
                    let shoes = Shards::one(index, count).unwrap().shoes(total);
                    if index == 1 {
                        assert_eq!(shoes.start, 0);
                    }
                    if index == count {
                        assert_eq!(shoes.end, total);
                    }
                    assert!(shoes.end - shoes.start <= total.div_ceil(count));
                    next = shoes.end;
                }
                assert_eq!(next, total);
                let mut joined = 0;
                if count <= 100 {
                    for index in 1..=count {
                        let shoes = Shards::one(index, count).unwrap().shoes(total);
                        assert_eq!(shoes.start, joined);
                        joined = shoes.end;
                    }
                    assert_eq!(joined, total);
                }
            }
        }
        assert_eq!(
            Shards::range(2, 3, 4).unwrap().shoes(8),
            Shards::one(2, 4).unwrap().shoes(8).start..Shards::one(3, 4).unwrap().shoes(8).end
        );
    }

    #[test]
    fn shards_are_read_as_k_of_n() {
        assert_eq!("3/8".parse::<Shards>().unwrap(), Shards::one(3, 8).unwrap());
        for bad in [
            "",
            "3",
            "3/",
            "/8",
            "3/8/1",
            "-1/8",
            "+3/8",
            "3 /8",
            "a/b",
            "3/99999999999999999999",
        ] {
            assert_eq!(
                bad.parse::<Shards>(),
                Err(ShardError::Syntax(bad.into())),
                "{bad}"
            );
        }
        assert_eq!(
            "0/8".parse::<Shards>(),
            Err(ShardError::OutOfRange { index: 0, count: 8 })
        );
        assert_eq!(
            "9/8".parse::<Shards>(),
            Err(ShardError::OutOfRange { index: 9, count: 8 })
        );
        assert_eq!("1/0".parse::<Shards>(), Err(ShardError::NoShards));
        assert_eq!(
            Shards::range(3, 2, 4),
            Err(ShardError::Reversed { first: 3, last: 2 })
        );
        assert_eq!(
            "9/8".parse::<Shards>().unwrap_err().to_string(),
            "shard 9 of 8 does not exist: shards are numbered from 1 to 8"
        );
    }

    /// The bounds on coups a shoe holds are met by every shoe dealt, and are tight.
    #[test]
    fn every_shoe_holds_coups_within_the_bounds() {
        let rules = Rules::reference();
        let pricing = Pricing::new(&rules);
        for setup in [
            setup(200, 3, 1, 11),
            SimulationSetup {
                burn: Burn::None,
                coups_after_cut: 0,
                ..setup(200, 3, 1, 5)
            },
            SimulationSetup {
                burn: Burn::FirstCard { ace: 11 },
                coups_after_cut: 3,
                ..setup(200, 3, 1, 23)
            },
        ] {
            let (mut low, mut high) = (u64::MAX, 0);
            for index in 0..setup.shoes {
                let full_shoe = vec![super::pricing::Numerator::Small(0); pricing.bets];
                let coups = one_shoe(&setup, &pricing, &full_shoe, index).unwrap().coups;
                low = low.min(coups);
                high = high.max(coups);
            }
            let bounds = coups_per_shoe(1, &setup.procedure());
            assert!(
                bounds.contains(&low) && bounds.contains(&high),
                "{low}..{high} {bounds:?}"
            );
        }
    }
}
