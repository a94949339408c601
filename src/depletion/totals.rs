//! What a simulation adds up, exactly: each bet's record over the shoes, the coups by cards
//! left, and a run's totals, which merge in any order.

use super::setup::SimulationError;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// What happened to one bet over the simulated shoes, exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct BetRecord {
    /// Coups before which the bet was favourable (its exact expected net above zero).
    pub(super) favourable: u64,
    /// The exact sum of the player's advantage (the expected net) over those coups.
    pub(super) advantage: BigRational,
    /// The largest advantage seen, exactly; `None` when the bet was never favourable.
    pub(super) best: Option<BigRational>,
}

impl Default for BetRecord {
    fn default() -> BetRecord {
        BetRecord {
            favourable: 0,
            advantage: BigRational::zero(),
            best: None,
        }
    }
}

impl BetRecord {
    /// A record from its parts, when they can be one bet's over `coups` coups: at most
    /// `coups` favourable coups; none, a zero sum and no best together; else a positive best
    /// no larger than the sum, and a sum no larger than the favourable coups times the best.
    pub fn new(
        favourable: u64,
        advantage: BigRational,
        best: Option<BigRational>,
        coups: u64,
    ) -> Option<BetRecord> {
        let consistent = favourable <= coups
            && match &best {
                None => favourable == 0 && advantage.is_zero(),
                Some(best) => {
                    favourable > 0
                        && best.is_positive()
                        && *best <= advantage
                        && advantage <= best * BigRational::from_integer(favourable.into())
                }
            };
        consistent.then_some(BetRecord {
            favourable,
            advantage,
            best,
        })
    }

    /// Coups before which the bet was favourable (its exact expected net above zero).
    pub fn favourable(&self) -> u64 {
        self.favourable
    }

    /// The exact sum of the player's advantage (minus the edge) over those coups, in units
    /// staked.
    pub fn advantage(&self) -> &BigRational {
        &self.advantage
    }

    /// The largest advantage seen before a coup, exactly; `None` when never favourable.
    pub fn best(&self) -> Option<&BigRational> {
        self.best.as_ref()
    }

    /// The largest advantage as the nearest `f64`; 0 when the bet was never favourable.
    pub fn best_decimal(&self) -> f64 {
        self.best.as_ref().map_or(0.0, nearest)
    }

    /// Adds another run's record of the same bet.
    fn absorb(&mut self, other: &BetRecord) -> Option<()> {
        self.favourable = self.favourable.checked_add(other.favourable)?;
        self.advantage += &other.advantage;
        if let Some(best) = &other.best
            && self.best.as_ref().is_none_or(|mine| best > mine)
        {
            self.best = Some(best.clone());
        }
        Some(())
    }
}

/// The nearest `f64` of an exact value.
pub(super) fn nearest(value: &BigRational) -> f64 {
    value.to_f64().unwrap_or(f64::NAN)
}

/// The result of a shoe simulation, or of some of its shards.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    /// The bets, by key, in the tariff's order.
    pub(super) bets: Vec<String>,
    /// How many shoes were dealt.
    pub(super) shoes: u64,
    /// How many coups were dealt over them.
    pub(super) coups: u64,
    /// Each bet's record, in the order of `bets`.
    pub(super) records: Vec<BetRecord>,
    /// The same figures by the cards left before each coup.
    pub(super) profile: Profile,
}

/// How many bands a [`Profile`] cuts a shoe into: a band is the shoe's cards over this, and
/// one more band holds a full shoe's count when it divides evenly.
pub const PROFILE_BANDS: u64 = 52;

/// A run's coups and each bet's favourable coups and exact advantage, by the cards left in
/// the shoe before the coup, in bands of equal width (a fifty-second of the shoe, rounded up:
/// a card per deck, so 8 cards for eight decks): how often and by how much each bet turns favourable as the
/// shoe is dealt. The bands add up to the run's totals exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub(super) width: u64,
    pub(super) bands: Vec<Band>,
}

/// One band of a [`Profile`]: the coups begun with `from` to `to` cards left, and for each
/// bet its favourable coups among them and the exact sum of its advantage over those.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    from: u64,
    to: u64,
    pub(super) coups: u64,
    pub(super) bets: Vec<(u64, BigRational)>,
}

impl Band {
    /// The fewest cards left of the band.
    pub fn from(&self) -> u64 {
        self.from
    }

    /// The most cards left of the band.
    pub fn to(&self) -> u64 {
        self.to
    }

    /// The coups begun with a number of cards left in the band.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// The bet's favourable coups in the band, and the exact sum of its advantage over them
    /// (in units staked); `bet` is its index in the tariff.
    pub fn bet(&self, bet: usize) -> (u64, &BigRational) {
        let (favourable, sum) = &self.bets[bet];
        (*favourable, sum)
    }

    /// The share of the band's coups on which the bet was favourable, exactly; 0 for a band
    /// without coups.
    pub fn share(&self, bet: usize) -> BigRational {
        ratio(self.bets[bet].0, self.coups)
    }

    /// The bet's average advantage over its favourable coups in the band, exactly; 0 when it
    /// was never favourable there.
    pub fn average_advantage(&self, bet: usize) -> BigRational {
        let (favourable, sum) = &self.bets[bet];
        if *favourable == 0 {
            BigRational::zero()
        } else {
            sum / BigRational::from_integer((*favourable).into())
        }
    }
}

/// `numerator / denominator` exactly, 0 over 0.
fn ratio(numerator: u64, denominator: u64) -> BigRational {
    if denominator == 0 {
        BigRational::zero()
    } else {
        BigRational::new(numerator.into(), denominator.into())
    }
}

impl Profile {
    /// The width of the bands for a shoe of `n_decks` decks.
    pub fn width_for(n_decks: u64) -> u64 {
        (52 * n_decks).div_ceil(PROFILE_BANDS).max(1)
    }

    /// An empty profile of a shoe of `n_decks` decks, for `bets` bets.
    pub fn empty(n_decks: u64, bets: usize) -> Profile {
        let width = Profile::width_for(n_decks);
        let cards = 52 * n_decks;
        let bands = (0..=cards / width)
            .map(|k| Band {
                from: k * width,
                to: ((k + 1) * width - 1).min(cards),
                coups: 0,
                bets: vec![(0, BigRational::zero()); bets],
            })
            .collect();
        Profile { width, bands }
    }

    /// A profile from its bands' counts and sums, in order: each band's coups, then each
    /// bet's favourable coups and advantage sum; `None` when there are not as many bands as
    /// [`Profile::empty`] has for the shoe, or a band not as many bets.
    pub fn from_counts(
        n_decks: u64,
        bets: usize,
        counts: Vec<(u64, Vec<(u64, BigRational)>)>,
    ) -> Option<Profile> {
        let mut profile = Profile::empty(n_decks, bets);
        if counts.len() != profile.bands.len() {
            return None;
        }
        for (band, (coups, sums)) in profile.bands.iter_mut().zip(counts) {
            if sums.len() != bets {
                return None;
            }
            band.coups = coups;
            band.bets = sums;
        }
        Some(profile)
    }

    /// The width of a band, in cards.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The bands, fewest cards left first.
    pub fn bands(&self) -> &[Band] {
        &self.bands
    }

    /// The band of a coup begun with `cards_left` cards.
    pub(super) fn index(&self, cards_left: u64) -> usize {
        usize::try_from(cards_left / self.width)
            .unwrap_or(usize::MAX)
            .min(self.bands.len() - 1)
    }

    /// Adds another run's profile of the same shoe and bets; `None` when a count would pass
    /// `u64::MAX`.
    fn absorb(&mut self, other: &Profile) -> Option<()> {
        for (mine, theirs) in self.bands.iter_mut().zip(&other.bands) {
            mine.coups = mine.coups.checked_add(theirs.coups)?;
            for (m, t) in mine.bets.iter_mut().zip(&theirs.bets) {
                m.0 = m.0.checked_add(t.0)?;
                m.1 += &t.1;
            }
        }
        Some(())
    }

    /// Whether the profile is of `bets` bets and adds up to the totals: its coups to `coups`,
    /// each bet's favourable coups and advantage to its record; and whether each band can be
    /// one: no more favourable coups than coups, a sum of 0 without them, else above 0 and
    /// at most the favourable coups times the record's best.
    pub(super) fn adds_up_to(&self, coups: u64, records: &[BetRecord]) -> bool {
        let coups_add_up = self
            .bands
            .iter()
            .try_fold(0u64, |sum, band| sum.checked_add(band.coups))
            == Some(coups);
        let bands_can_be = self.bands.iter().all(|band| {
            band.bets.len() == records.len()
                && band.bets.iter().zip(records).all(|((favourable, sum), r)| {
                    *favourable <= band.coups
                        && match (favourable, r.best()) {
                            (0, _) => sum.is_zero(),
                            (_, None) => false,
                            (f, Some(best)) => {
                                sum.is_positive()
                                    && *sum <= best * BigRational::from_integer((*f).into())
                            }
                        }
                })
        });
        let bets_add_up = records.iter().enumerate().all(|(bet, record)| {
            let favourable = self
                .bands
                .iter()
                .try_fold(0u64, |s, band| s.checked_add(band.bets[bet].0));
            let sum: BigRational = self.bands.iter().map(|band| &band.bets[bet].1).sum();
            favourable == Some(record.favourable) && sum == record.advantage
        });
        coups_add_up && bands_can_be && bets_add_up
    }
}

impl Simulation {
    /// A simulation from its parts: the bets' keys with their records, over `shoes` shoes
    /// and `coups` coups, and the same by cards left; `None` when the keys and records are
    /// not as many, or the profile does not add up to the totals.
    pub fn new(
        bets: Vec<String>,
        shoes: u64,
        coups: u64,
        records: Vec<BetRecord>,
        profile: Profile,
    ) -> Option<Simulation> {
        (bets.len() == records.len() && profile.adds_up_to(coups, &records)).then_some(Simulation {
            bets,
            shoes,
            coups,
            records,
            profile,
        })
    }

    /// The run's figures by the cards left before each coup.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// How often a bet was favourable, over all coups, exactly; 0 when no coup was dealt.
    pub fn exact_frequency(&self, bet: usize) -> BigRational {
        ratio(self.records[bet].favourable, self.coups)
    }

    /// The bets, by key, in the tariff's order.
    pub fn bets(&self) -> &[String] {
        &self.bets
    }

    /// How many shoes were dealt.
    pub fn shoes(&self) -> u64 {
        self.shoes
    }

    /// How many coups were dealt over them.
    pub fn coups(&self) -> u64 {
        self.coups
    }

    /// Each bet's record, in the order of [`bets`](Self::bets).
    pub fn records(&self) -> &[BetRecord] {
        &self.records
    }

    /// Each bet's key paired with its record, in the tariff's order.
    pub fn bet_records(&self) -> impl Iterator<Item = (&str, &BetRecord)> {
        self.bets.iter().map(String::as_str).zip(&self.records)
    }

    /// How often a bet was favourable, over all coups.
    pub fn frequency(&self, bet: usize) -> f64 {
        self.records[bet].favourable as f64 / self.coups.max(1) as f64
    }

    /// The exact average advantage when favourable, in units staked; zero when never.
    pub fn exact_average_advantage(&self, bet: usize) -> BigRational {
        let r = &self.records[bet];
        if r.favourable == 0 {
            BigRational::zero()
        } else {
            &r.advantage / BigRational::from_integer(r.favourable.into())
        }
    }

    /// The average advantage when favourable, in units staked: the nearest `f64` of
    /// [`exact_average_advantage`](Self::exact_average_advantage).
    pub fn average_advantage(&self, bet: usize) -> f64 {
        nearest(&self.exact_average_advantage(bet))
    }

    /// The exact expected gain per shoe of staking one unit on the bet exactly when it is
    /// favourable.
    pub fn exact_gain_per_shoe(&self, bet: usize) -> BigRational {
        &self.records[bet].advantage / BigRational::from_integer(self.shoes.max(1).into())
    }

    /// The expected gain per shoe of staking one unit on the bet exactly when it is
    /// favourable: the nearest `f64` of [`exact_gain_per_shoe`](Self::exact_gain_per_shoe).
    pub fn gain_per_shoe(&self, bet: usize) -> f64 {
        nearest(&self.exact_gain_per_shoe(bet))
    }

    /// The totals of this run and `other`, a run of other shoes of the same bets; an error
    /// when the bets differ or a count would pass `u64::MAX`.
    pub fn merged(mut self, other: &Simulation) -> Result<Simulation, SimulationError> {
        let overflow = |what: &str| SimulationError::CountOverflow { what: what.into() };
        if self.bets != other.bets {
            return Err(SimulationError::DifferentBets);
        }
        self.shoes = self
            .shoes
            .checked_add(other.shoes)
            .ok_or_else(|| overflow("shoes"))?;
        self.coups = self
            .coups
            .checked_add(other.coups)
            .ok_or_else(|| overflow("coups"))?;
        for ((mine, theirs), key) in self.records.iter_mut().zip(&other.records).zip(&other.bets) {
            mine.absorb(theirs)
                .ok_or_else(|| overflow(&format!("coups favourable to {key}")))?;
        }
        if self.profile.width != other.profile.width
            || self.profile.bands.len() != other.profile.bands.len()
        {
            return Err(SimulationError::DifferentShoes);
        }
        self.profile
            .absorb(&other.profile)
            .ok_or_else(|| overflow("coups by cards left"))?;
        Ok(self)
    }
}
