//! The docs' table of the published counts: each count's betting correlation with the bet it
//! was published for, and its figures over simulated shoes beside the published ones.

use crate::depletion::count::{
    Correlation, CountSimulation, NAMED_COUNTS, NamedCount, PointCount, betting_correlations,
    default_thresholds, try_simulate_counts,
};
use crate::depletion::{SimulationSetup, effect_of_removal};
use crate::lang::Lang;
use crate::render::approx;
use crate::render::table::{Align, Table};
use crate::render::tableau::bet_name;
use crate::shoe::Shoe;
use num_rational::BigRational;

/// The shoes each rule set's counts are followed over in the docs (`count --shoes 2000
/// --seed 1`, eight decks, each rule set's procedure): few enough that the docs tool, and the
/// drift test that reruns it, deal them in about a minute.
pub const COUNT_SHOES: u64 = 2_000;

/// One published count, followed over the shoes of its rule set.
struct Followed {
    named: &'static NamedCount,
    correlation: Option<Correlation>,
    /// The simulation of its rule set, and the count's and the bet's indices in it.
    sim: &'static CountSimulation,
    count: usize,
    bet: usize,
}

/// Every named count followed, each rule set's counts in one run of its shoes: run once per
/// process, for both languages.
fn followed() -> Option<&'static [Followed]> {
    static FOLLOWED: std::sync::OnceLock<Option<Vec<Followed>>> = std::sync::OnceLock::new();
    static RUNS: std::sync::OnceLock<Option<Vec<CountSimulation>>> = std::sync::OnceLock::new();
    let mut names: Vec<&'static str> = Vec::new();
    for named in NAMED_COUNTS {
        if !names.contains(&named.rules) {
            names.push(named.rules);
        }
    }
    let runs = RUNS
        .get_or_init(|| {
            names
                .iter()
                .map(|name| {
                    let set = crate::variants::RuleSet::from_json(crate::variants::shipped(name)?)
                        .ok()?;
                    let counts: Vec<PointCount> = NAMED_COUNTS
                        .iter()
                        .filter(|c| c.rules == *name)
                        .map(|c| PointCount::named(c.name))
                        .collect::<Option<_>>()?;
                    let mut thresholds: Vec<_> =
                        counts.iter().flat_map(default_thresholds).collect();
                    thresholds.sort();
                    thresholds.dedup();
                    try_simulate_counts(
                        &setup(name, &set),
                        set.rules(),
                        &counts,
                        &thresholds,
                        crate::progress::SILENT,
                    )
                    .ok()
                })
                .collect()
        })
        .as_ref()?;
    FOLLOWED
        .get_or_init(|| {
            let shoe = Shoe::decks(8).ok()?;
            let mut rows = Vec::new();
            for (name, sim) in names.iter().zip(runs) {
                let set =
                    crate::variants::RuleSet::from_json(crate::variants::shipped(name)?).ok()?;
                let eor = effect_of_removal(&shoe, set.rules()).ok()?;
                let counted = NAMED_COUNTS.iter().filter(|c| c.rules == *name);
                for (count, named) in counted.enumerate() {
                    let bet = sim.bets().iter().position(|k| k == named.bet)?;
                    let weights = PointCount::named(named.name)?;
                    let correlation = betting_correlations(&weights, &eor, &shoe).swap_remove(bet);
                    rows.push(Followed {
                        named,
                        correlation,
                        sim,
                        count,
                        bet,
                    });
                }
            }
            Some(rows)
        })
        .as_deref()
}

/// How the docs deal a rule set's shoes: eight decks, seed 1, its own procedure.
fn setup(name: &str, set: &crate::variants::RuleSet) -> SimulationSetup {
    SimulationSetup {
        shoes: COUNT_SHOES,
        seed: 1,
        n_decks: 8,
        cut: 0,
        burn: set.dealing().burn,
        coups_after_cut: 0,
        rules: name.to_string(),
    }
    .with_procedure(&set.dealing())
}

/// The published counts as a Markdown table: the bet each counts, its betting correlation,
/// and at the published trigger (at the best of the default thresholds when none is
/// published) the share of coups bet, their average edge, the units won per 100 coups and
/// the efficiency, the published figures beside ours.
pub fn count_table(lang: Lang) -> Option<String> {
    let mut table = Table::new(&[
        (lang.pick("Count", "Comptage"), Align::Left),
        (lang.pick("Bet", "Pari"), Align::Left),
        (
            lang.pick("Betting correlation", "Corrélation de mise"),
            Align::Right,
        ),
        (lang.pick("True count", "Compte réel"), Align::Right),
        (
            lang.pick("Coups bet: published / here", "Coups joués : publié / ici"),
            Align::Right,
        ),
        (
            lang.pick(
                "Average edge: published / here",
                "Avantage moyen : publié / ici",
            ),
            Align::Right,
        ),
        (
            lang.pick(
                "Units per 100 coups: published / here",
                "Unités pour 100 coups : publié / ici",
            ),
            Align::Right,
        ),
        (lang.pick("Efficiency", "Efficacité"), Align::Right),
    ]);
    for row in followed()? {
        let sim = row.sim;
        let thresholds = sim.thresholds();
        let (threshold, best) = match row.named.published {
            Some(published) => (
                thresholds
                    .iter()
                    .position(|t| *t == num_rational::Ratio::from_integer(published.trigger))?,
                "",
            ),
            None => {
                let own = default_thresholds(&PointCount::named(row.named.name)?);
                let at = |t| thresholds.iter().position(|x| *x == t);
                let best = own.iter().filter_map(|t| at(*t)).max_by(|&a, &b| {
                    let value = |t| sim.counted(row.count, row.bet, t).value();
                    value(a).cmp(value(b)).then(b.cmp(&a))
                })?;
                (best, lang.pick(" (best)", " (meilleur)"))
            }
        };
        let record = sim.counted(row.count, row.bet, threshold);
        let coups = BigRational::from_integer(sim.coups().max(1).into());
        let share = BigRational::from_integer(record.coups().into()) / &coups;
        let average = if record.coups() == 0 {
            BigRational::from_integer(0.into())
        } else {
            record.value() / BigRational::from_integer(record.coups().into())
        };
        let per_100 = record.value() * BigRational::from_integer(100.into()) / &coups;
        let published = |field: fn(&crate::depletion::count::Published) -> &'static str| {
            row.named
                .published
                .as_ref()
                .map_or("—".to_string(), |p| lang.point(field(p)))
        };
        let percent = |text: String| match (lang, text.as_str()) {
            (_, "—") => text,
            (Lang::En, _) => format!("{text}%"),
            (Lang::Fr, _) => format!("{text}\u{202f}%"),
        };
        table.row(vec![
            format!("`{}`", row.named.name),
            bet_name(row.named.bet, lang),
            row.correlation
                .as_ref()
                .map_or("—".into(), |c| lang.decimal(c.value(), 3)),
            format!(
                "≥ {}{best}",
                thresholds[threshold].numer().to_string().replace('-', "−")
            ),
            format!(
                "{} / {}",
                percent(published(|p| p.bet_frequency)),
                lang.percent(approx(&share) * 100.0, 2)
            ),
            format!(
                "{} / {}",
                percent(published(|p| p.average_edge)),
                lang.percent(approx(&average) * 100.0, 2)
            ),
            format!(
                "{} / {}",
                published(|p| p.units_per_100_coups),
                lang.decimal(approx(&per_100), 3)
            ),
            sim.efficiency(row.count, row.bet, threshold)
                .map_or("—".into(), |e| lang.percent(approx(&e) * 100.0, 1)),
        ]);
    }
    Some(table.to_markdown())
}
