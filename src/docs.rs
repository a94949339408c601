//! Generated blocks of the documentation.
//!
//! A Markdown file in `docs/` marks each generated table with a pair of comments:
//! `<!-- generated:NAME -->` and `<!-- end generated:NAME -->`. [`splice`] replaces what lies
//! between them with what the engine renders now, so prose stays hand-written and every figure
//! comes from the engine. The library does no file I/O: the caller reads and writes the files.
//!
//! A page's console examples (a `$ punto-banco …` line in a ```` ```console ```` block,
//! followed by the output it prints) are found by [`console_examples`] and rerun by
//! [`refresh_console_examples`] with a runner the caller gives: the docs tool runs them in
//! its own process, the drift test as separate processes. Prose that names what the tool
//! prints (a cell, a column) is marked `<!-- quotes: ARGS -->`; [`quoted_passages`] finds
//! what it quotes, which the drift test holds to the output of those commands.

use crate::analysis::Analysis;
use crate::lang::Lang;
use crate::outcome::Winner;
use crate::render::analysis::render_analysis;
use crate::render::coup::render_coup;
use crate::render::tableau::render_rules;
use crate::render::{Format, Page};
use crate::rules::{MainBet, Rules};
use crate::shoe::Shoe;

mod count;
mod lab;
mod roads;

/// The one command that rewrites every generated block (the `docs` subcommand is built only
/// with the `docs-tool` feature, so that the user's binary does not carry it).
pub const REGENERATE: &str = "cargo run --release --features docs-tool -- docs --write";

/// The shoes of the simulation summarised in the docs (`shoe-sim --shoes 10000 --seed 1
/// --rules ez-baccarat`).
pub const SIMULATED_SHOES: u64 = 10_000;

/// The stake of the teaching texts' home session.
pub const TEACHING_STAKE: i64 = 20;

/// The deals of the long session whose odds the docs give.
pub const LONG_SESSION_DEALS: u32 = 1000;

/// The table of participants whose chances the docs give: one fixed prediction each.
pub const TABLE_PREDICTIONS: [MainBet; 4] =
    [MainBet::Punto, MainBet::Banco, MainBet::Banco, MainBet::Tie];

/// A generated block that cannot be produced or a file whose markers do not pair up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DocsError {
    /// A marker names a block this module cannot generate.
    #[error("line {line}: unknown generated block `{name}`; known blocks: {known}")]
    UnknownBlock {
        /// The 1-based line of the marker.
        line: usize,
        /// The block's name as the marker writes it.
        name: String,
        /// The blocks that can be generated, comma-separated.
        known: String,
    },
    /// A block's opening marker has no closing marker after it.
    #[error("line {line}: block `{name}` has no `<!-- end generated:{name} -->`")]
    Unclosed {
        /// The 1-based line of the opening marker.
        line: usize,
        /// The block's name.
        name: String,
    },
}

/// The blocks this module can generate.
pub const BLOCKS: &[&str] = &[
    "rules:en",
    "rules:fr",
    "analysis:8:en",
    "analysis:8:fr",
    "decks:en",
    "decks:fr",
    "variants:en",
    "variants:fr",
    "variant-file:NAME (a shipped variant's JSON)",
    "eor:en",
    "eor:fr",
    "shoe-sim:en",
    "shoe-sim:fr",
    "count:en|fr (the published counts followed over simulated shoes)",
    "session-odds:en",
    "session-odds:fr",
    "session-odds-1000:en",
    "session-odds-1000:fr",
    "session-players:en",
    "session-players:fr",
    "deal:json|text:en|fr:CARDS (cards comma-separated, in deal order)",
    "catalogue:en",
    "catalogue:fr",
    "chemin:totals|banco-cards|both-cards:en|fr (Chemin de Fer solved, eight decks)",
    "chemin-summary:en|fr (every model, with and without a 5% commission)",
    "chemin-decks:en|fr (Banco's cards known, one to eight decks and an infinite shoe)",
    "decisions:en|fr (the value of every drawing decision, eight decks, reference rules)",
    "decisions-summary:en|fr (where the rules are not each hand's best response, by shoe and tariff)",
    "banque:en|fr (Baccarat Banque solved, equal stakes)",
    "banque-shares:en|fr (Baccarat Banque solved for shares 1/20 to 19/20)",
    "shuffle-prefix:en|fr (the prefix shuffle-test compares, by decks)",
    roads::BLOCKS[0],
    roads::BLOCKS[1],
    roads::BLOCKS[2],
];

/// The Markdown content of a named block.
pub fn block(name: &str) -> Option<String> {
    let parts: Vec<&str> = name.split(':').collect();
    let rules = Rules::reference();
    match parts.as_slice() {
        ["rules", lang] => {
            let lang = lang.parse().ok()?;
            Some(render_rules(
                &rules,
                TEACHING_STAKE,
                &Page::new(Format::Markdown, lang),
            ))
        }
        ["analysis", decks, lang] => {
            let lang: Lang = lang.parse().ok()?;
            let shoe = Shoe::decks(decks.parse().ok()?).ok()?;
            let analysis = Analysis::new(&shoe, &rules).ok()?;
            Some(render_analysis(
                &analysis,
                "reference",
                &Page::new(Format::Markdown, lang),
            ))
        }
        ["decks", lang] => Some(decks_table(lang.parse().ok()?)),
        ["count", lang] => count::count_table(lang.parse().ok()?),
        ["shuffle-prefix", lang] => Some(lab::shuffle_prefix_table(lang.parse().ok()?)),
        [first, ..] if first.starts_with("roads-") => roads::block(&parts),
        ["variants", lang] => Some(variants_table(lang.parse().ok()?)),
        ["catalogue", lang] => Some(catalogue_tables(lang.parse().ok()?)),
        ["eor", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let eor = crate::depletion::effect_of_removal(&Shoe::reference(), &rules).ok()?;
            Some(crate::render::depletion::eor_table(&eor, lang).to_markdown())
        }
        ["shoe-sim", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let set = crate::variants::RuleSet::from_json(crate::variants::shipped("ez-baccarat")?)
                .ok()?;
            let setup = crate::depletion::SimulationSetup {
                shoes: SIMULATED_SHOES,
                seed: 1,
                n_decks: 8,
                cut: 14,
                burn: set.dealing().burn,
                coups_after_cut: set.dealing().coups_after_cut,
                rules: "ez-baccarat".into(),
            }
            .with_procedure(&set.dealing());
            // Both languages show the same run: simulate it once per process.
            static SIMULATION: std::sync::OnceLock<Option<crate::depletion::Simulation>> =
                std::sync::OnceLock::new();
            let sim = SIMULATION
                .get_or_init(|| crate::depletion::try_simulate(&setup, set.rules(), &|_| {}).ok())
                .as_ref()?;
            Some(crate::render::depletion::render_simulation(
                sim,
                &setup,
                &Page::new(Format::Markdown, lang),
            ))
        }
        ["session-odds", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let odds = crate::session_odds::SessionOdds::new(
                &Shoe::reference(),
                &rules,
                10,
                TEACHING_STAKE,
            )
            .ok()?;
            Some(crate::render::session::render_odds(
                &odds,
                &Page::new(Format::Markdown, lang),
            ))
        }
        ["session-odds-1000", lang] => {
            let lang: Lang = lang.parse().ok()?;
            Some(crate::render::session::render_odds(
                long_session()?,
                &Page::new(Format::Markdown, lang),
            ))
        }
        ["session-players", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let odds = long_session()?;
            let players = odds.players(&TABLE_PREDICTIONS).ok()?;
            Some(crate::render::session::render_players(
                odds,
                &players,
                &Page::new(Format::Markdown, lang),
            ))
        }
        ["variant-file", name] => {
            let text = crate::variants::shipped(name)?;
            Some(format!("```json\n{text}```\n"))
        }
        ["deal", format, lang, cards] => {
            let (format, fence) = match *format {
                "json" => (Format::Json, "json"),
                "text" => (Format::Text, "text"),
                _ => return None,
            };
            let cards = crate::card::parse_cards(cards).ok()?;
            let coup = crate::coup::deal(&rules.drawing, &cards).ok()?;
            let lang = lang.parse().ok()?;
            let body = render_coup(&rules, &coup, TEACHING_STAKE, &Page::new(format, lang));
            Some(format!("```{fence}\n{body}```\n"))
        }
        ["chemin", model, lang] => {
            let lang: Lang = lang.parse().ok()?;
            let game = chemin_game(model.parse().ok()?, Some(8), 0);
            let solution = game.solve().ok()?;
            Some(crate::render::choices::render_solution(
                &game,
                &solution,
                &Page::new(Format::Markdown, lang).under(1),
            ))
        }
        ["chemin-summary", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let rows = chemin_summary()?;
            let rows: Vec<_> = rows
                .iter()
                .map(|(game, solution)| {
                    let label = format!(
                        "{}, {}",
                        crate::render::choices::information_name(game.information, lang),
                        if game.is_zero_sum() {
                            lang.pick("no commission", "sans commission").to_string()
                        } else {
                            lang.percent(5.0, 0)
                        }
                    );
                    (label, solution)
                })
                .collect();
            Some(crate::render::choices::solutions_table(&rows, lang).to_markdown())
        }
        ["chemin-decks", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let rows = chemin_decks()?;
            let rows: Vec<_> = rows
                .iter()
                .map(|(game, solution)| {
                    let label = crate::render::choices::describe_draws(&game.draws, lang);
                    (label, solution)
                })
                .collect();
            Some(crate::render::choices::solutions_table(&rows, lang).to_markdown())
        }
        ["decisions", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let values = crate::decisions::decisions(&Shoe::reference(), &rules).ok()?;
            Some(crate::render::decisions::render_decisions(
                &values,
                "reference",
                &Page::new(Format::Markdown, lang).under(1),
            ))
        }
        ["decisions-summary", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let rows: Vec<_> = decisions_summary()?
                .iter()
                .map(|(shoe, name, values)| {
                    let shoe = crate::render::analysis::describe_shoe(shoe, lang);
                    (format!("{shoe}, `{name}`"), values)
                })
                .collect();
            Some(crate::render::decisions::summary_table(&rows, lang).to_markdown())
        }
        ["banque", lang] => {
            let lang: Lang = lang.parse().ok()?;
            let banque =
                crate::choices::banque::Banque::new(num_rational::Ratio::new(1, 2)).ok()?;
            let form = banque.form();
            let solution = banque.solve().ok()?;
            Some(crate::render::banque::render_solution(
                &banque,
                &form,
                &solution,
                &Page::new(Format::Markdown, lang).under(1),
            ))
        }
        ["banque-shares", lang] => {
            let lang: Lang = lang.parse().ok()?;
            Some(crate::render::banque::shares_table(banque_shares()?, lang).to_markdown())
        }
        _ => None,
    }
}

/// The rows of the docs' summary of best responses: the reference rules on one, six and
/// eight decks, then each shipped variant that changes the main bets' tariff, on eight decks.
type Valued = Vec<(Shoe, &'static str, crate::decisions::Decisions)>;

/// The summary's rows, valued once per process for both languages.
fn decisions_summary() -> Option<&'static Valued> {
    static VALUED: std::sync::OnceLock<Option<Valued>> = std::sync::OnceLock::new();
    VALUED
        .get_or_init(|| {
            let mut rows = Vec::new();
            for decks in [8, 6, 1] {
                let shoe = Shoe::decks(decks).ok()?;
                let values = crate::decisions::decisions(&shoe, &Rules::reference()).ok()?;
                rows.push((shoe, "reference", values));
            }
            for name in ["banco-4-percent", "super-6", "ez-baccarat"] {
                let set =
                    crate::variants::RuleSet::from_json(crate::variants::shipped(name)?).ok()?;
                let shoe = set.shoe_or_reference();
                let values = crate::decisions::decisions(&shoe, set.rules()).ok()?;
                rows.push((shoe, name, values));
            }
            Some(rows)
        })
        .as_ref()
}

/// The shares of the docs' grid of Baccarat Banque: k/20 on Punto 1, k from 1 to 19.
pub const BANQUE_SHARES: u32 = 20;

/// Baccarat Banque solved at every share of the grid, once per process for both languages
/// (on every core with the `parallel` feature).
fn banque_shares() -> Option<&'static [BanqueSolved]> {
    static SOLVED: std::sync::OnceLock<Option<Vec<BanqueSolved>>> = std::sync::OnceLock::new();
    let solve = |k: u32| -> Option<BanqueSolved> {
        let share = num_rational::Ratio::new(i64::from(k), i64::from(BANQUE_SHARES));
        let banque = crate::choices::banque::Banque::new(share).ok()?;
        let form = banque.form();
        let solution = banque.solve().ok()?;
        Some((banque, form, solution))
    };
    SOLVED
        .get_or_init(|| {
            let shares: Vec<u32> = (1..BANQUE_SHARES).collect();
            #[cfg(feature = "parallel")]
            {
                use rayon::prelude::*;
                shares.par_iter().map(|&k| solve(k)).collect()
            }
            #[cfg(not(feature = "parallel"))]
            {
                shares.iter().map(|&k| solve(k)).collect()
            }
        })
        .as_deref()
}

/// A share of Baccarat Banque with its form and solution.
type BanqueSolved = (
    crate::choices::banque::Banque,
    crate::choices::banque::BanqueForm,
    crate::choices::banque::Solution,
);

/// The commission of the docs' non-zero-sum Chemin de Fer: 5% of Banco's winnings.
pub const CHEMIN_COMMISSION_PERCENT: i64 = 5;

/// Chemin de Fer in `model` from `decks` whole decks (`None`: with replacement), the house
/// taking `percent` per cent of Banco's winnings.
fn chemin_game(
    model: crate::choices::Information,
    decks: Option<u64>,
    percent: i64,
) -> crate::choices::Game {
    use crate::choices::{Draws, Game};
    let draws = match decks {
        Some(n) => Draws::Shoe(Shoe::decks(n).expect("whole decks are a shoe")),
        None => Draws::WithReplacement,
    };
    Game::chemin_de_fer(model, draws)
        .with_commission(num_rational::Ratio::new(percent, 100))
        .expect("a commission under 100% is a share")
}

/// Solved games, each solved once per process for both languages.
type Solved = Vec<(crate::choices::Game, crate::choices::Solution)>;

/// Every model from eight decks, without and with the docs' commission.
fn chemin_summary() -> Option<&'static Solved> {
    static SOLVED: std::sync::OnceLock<Option<Solved>> = std::sync::OnceLock::new();
    SOLVED
        .get_or_init(|| {
            let mut rows = Vec::new();
            for model in crate::choices::Information::ALL {
                for percent in [0, CHEMIN_COMMISSION_PERCENT] {
                    let game = chemin_game(model, Some(8), percent);
                    let solution = game.solve().ok()?;
                    rows.push((game, solution));
                }
            }
            Some(rows)
        })
        .as_ref()
}

/// Banco's cards known, from one to eight decks and with replacement, without commission.
fn chemin_decks() -> Option<&'static Solved> {
    static SOLVED: std::sync::OnceLock<Option<Solved>> = std::sync::OnceLock::new();
    SOLVED
        .get_or_init(|| {
            let model = crate::choices::Information::BancoCards;
            (1..=8)
                .map(Some)
                .chain([None])
                .map(|decks| {
                    let game = chemin_game(model, decks, 0);
                    game.solve().ok().map(|solution| (game, solution))
                })
                .collect()
        })
        .as_ref()
}

/// The odds of the long session of the docs ([`LONG_SESSION_DEALS`] deals from eight decks,
/// the reference rules), computed once per process for both languages and both blocks.
fn long_session() -> Option<&'static crate::session_odds::SessionOdds> {
    static ODDS: std::sync::OnceLock<Option<crate::session_odds::SessionOdds>> =
        std::sync::OnceLock::new();
    ODDS.get_or_init(|| {
        crate::session_odds::SessionOdds::new(
            &Shoe::reference(),
            &Rules::reference(),
            LONG_SESSION_DEALS,
            TEACHING_STAKE,
        )
        .ok()
    })
    .as_ref()
}

/// Counts and edges for 1, 2, 4, 6 and 8 decks side by side.
fn decks_table(lang: Lang) -> String {
    use crate::render::approx;
    use crate::render::table::{Align, Table};
    let edge = |winner| format!("{} {}", lang.pick("Edge", "Avantage"), lang.outcome(winner));
    let edges = [Winner::Banco, Winner::Punto, Winner::Tie].map(edge);
    let mut table = Table::new(&[
        (lang.pick("Decks", "Paquets"), Align::Right),
        (lang.pick("Sequences", "Séquences"), Align::Right),
        (lang.wins(Winner::Banco), Align::Right),
        (lang.wins(Winner::Punto), Align::Right),
        (lang.ties(), Align::Right),
        (edges[0].as_str(), Align::Right),
        (edges[1].as_str(), Align::Right),
        (edges[2].as_str(), Align::Right),
    ]);
    let rules = Rules::reference();
    for n_decks in [1u64, 2, 4, 6, 8] {
        let shoe = Shoe::decks(n_decks).expect("a positive number of decks");
        let analysis = Analysis::new(&shoe, &rules).expect("whole decks are playable");
        let mut row = vec![
            n_decks.to_string(),
            lang.integer(&analysis.sequences().to_string()),
        ];
        for winner in [Winner::Banco, Winner::Punto, Winner::Tie] {
            row.push(lang.integer(&analysis.count(winner).to_string()));
        }
        for bet in [MainBet::Banco, MainBet::Punto, MainBet::Tie] {
            row.push(lang.percent(approx(&analysis.edge(bet)) * 100.0, 4));
        }
        table.row(row);
    }
    table.to_markdown()
}

/// Every shipped variant: its shoe, each bet's terms and exact edge, and its claims' count.
fn variants_table(lang: Lang) -> String {
    use crate::render::analysis::describe_shoe;
    use crate::render::table::{Align, Table};
    use crate::render::tableau::{bet_name, describe_bet};
    use crate::render::{approx, fraction_text};
    use crate::variants::{RuleSet, SHIPPED, claimed_value};
    let mut out = String::new();
    for (name, text) in SHIPPED {
        let set = RuleSet::from_json(text).expect("shipped variants are tested to parse");
        let shoe = set.shoe_or_reference();
        let analysis = Analysis::new(&shoe, set.rules()).expect("shipped shoes are playable");
        let holding = set
            .claims()
            .iter()
            .filter(|c| claimed_value(c, &analysis).is_some_and(|v| c.stated.holds(&v)))
            .count();
        out.push_str(&format!(
            "### `{name}`

"
        ));
        if let Some(title) = set.title() {
            out.push_str(&format!("{title}. "));
        }
        let figures = match (lang, set.claims().len()) {
            (Lang::En, 0) => "no published figure attached".to_string(),
            (Lang::Fr, 0) => "aucun chiffre publié joint".to_string(),
            (Lang::En, n) => format!("published figures reproduced: {holding} of {n}"),
            (Lang::Fr, n) => format!("chiffres publiés reproduits\u{a0}: {holding} sur {n}"),
        };
        out.push_str(&format!(
            "{}{} {figures}.\n\n",
            describe_shoe(&shoe, lang),
            lang.semicolon()
        ));
        let mut table = Table::new(&[
            (lang.pick("Bet", "Pari"), Align::Left),
            (
                lang.pick(
                    "Terms (net per unit)",
                    "Conditions (variation nette par unité)",
                ),
                Align::Left,
            ),
            (
                lang.pick("House edge", "Avantage de la maison"),
                Align::Right,
            ),
            (lang.pick("Exact edge", "Avantage exact"), Align::Right),
        ]);
        for (key, terms) in set.rules().tariff.all() {
            let edge = analysis.edge_of(terms);
            table.row(vec![
                bet_name(key, lang),
                describe_bet(terms, lang),
                lang.percent(approx(&edge) * 100.0, 4),
                fraction_text(&edge),
            ]);
        }
        out.push_str(&table.to_markdown());
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The side-bet catalogue, family by family: each side bet's id, its terms in words, its exact
/// eight-deck house edge, and how its published figures fare (the main bets, in every file,
/// are left out).
fn catalogue_tables(lang: Lang) -> String {
    use crate::render::analysis::describe_shoe;
    use crate::render::table::{Align, Table};
    use crate::render::tableau::describe_bet;
    use crate::render::{approx, fraction_text};
    use crate::rules::MainBet;
    use crate::variants::{CATALOGUE, Claim, RuleSet};
    let mut out = String::new();
    for (name, text) in CATALOGUE {
        let set = RuleSet::from_json(text).expect("the catalogue is tested to parse");
        let shoe = set.shoe_or_reference();
        let analysis = Analysis::new(&shoe, set.rules()).expect("catalogue shoes are playable");
        let values = Claim::values(set.claims(), &analysis);
        out.push_str(&format!("### `{name}`\n\n"));
        if let Some(title) = set.title() {
            out.push_str(&format!("{title}. "));
        }
        if let Some(source) = set.source() {
            out.push_str(&format!(
                "{}{} {source}. ",
                lang.pick("Sources", "Sources"),
                lang.colon()
            ));
        }
        out.push_str(&format!("{}.\n\n", describe_shoe(&shoe, lang)));
        let mut table = Table::new(&[
            (lang.pick("Bet", "Pari"), Align::Left),
            (
                lang.pick("Terms (net per unit)", "Conditions (gain net par unité)"),
                Align::Left,
            ),
            (
                lang.pick("House edge", "Avantage de la maison"),
                Align::Right,
            ),
            (lang.pick("Exact edge", "Avantage exact"), Align::Right),
            (
                lang.pick("Published figures", "Chiffres publiés"),
                Align::Left,
            ),
        ]);
        let mut wrong = Vec::new();
        for (key, terms) in set.rules().tariff.all() {
            if MainBet::ALL.iter().any(|b| b.key() == key) {
                continue;
            }
            let edge = analysis.edge_of(terms);
            let (mut holding, mut total, mut shown_false) = (0, 0, 0);
            for (claim, value) in set.claims().iter().zip(&values) {
                if claim.bet() != Some(key) {
                    continue;
                }
                total += 1;
                let holds = value.as_ref().is_some_and(|v| claim.stated.holds(v));
                match (&claim.published_wrong, holds) {
                    (None, true) => holding += 1,
                    (Some(why), false) => {
                        shown_false += 1;
                        wrong.push((
                            key,
                            claim.stated.text().to_string(),
                            why.clone(),
                            value.clone(),
                        ));
                    }
                    _ => {}
                }
            }
            let published = match (lang, total, shown_false) {
                (_, 0, _) => "—".to_string(),
                (Lang::En, n, 0) => format!("{holding} of {n} reproduced"),
                (Lang::Fr, n, 0) => format!("{holding} sur {n} reproduits"),
                (Lang::En, n, w) => format!("{holding} of {n} reproduced, {w} published wrong"),
                (Lang::Fr, n, w) => format!("{holding} sur {n} reproduits, {w} publiés faux"),
            };
            table.row(vec![
                format!("`{key}`"),
                describe_bet(terms, lang),
                lang.percent(approx(&edge) * 100.0, 4),
                fraction_text(&edge),
                published,
            ]);
        }
        out.push_str(&table.to_markdown());
        for (key, stated, why, value) in wrong {
            let exact = value.map_or_else(|| "—".to_string(), |v| lang.decimal(approx(&v), 10));
            out.push_str(&match lang {
                Lang::En => format!(
                    "\n- `{key}`: published {stated}, which does not hold (exact value {exact}): {why}"
                ),
                Lang::Fr => format!(
                    "\n- `{key}`{} publié {stated}, qui ne tient pas (valeur exacte {exact}){} {why}",
                    lang.colon(),
                    lang.colon()
                ),
            });
        }
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The setup of the simulation charted in `docs/images/shoe-sim*.svg`: 1,000 eight-deck
/// shoes of the reference rules, seed 1, as `shoe-sim --shoes 1000` deals them.
pub fn charted_simulation() -> crate::depletion::SimulationSetup {
    crate::depletion::SimulationSetup {
        shoes: 1000,
        seed: 1,
        n_decks: 8,
        cut: 0,
        burn: crate::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 0,
        rules: "reference".into(),
    }
    .with_procedure(&crate::rules::dealing::Procedure::REFERENCE)
}

/// The generated files of `docs/` other than Markdown blocks: each path (relative to `docs/`)
/// with its content. The charts are those the commands draw with `--format svg`:
/// `session-odds`, `eor`, `decisions` and `shoe-sim --shoes 1000`, each in English and in
/// French (`-fr`); then the JSON Schema of every command's document ([`schema_files`]).
pub fn generated_files() -> Vec<(String, String)> {
    use crate::render::chart;
    let rules = Rules::reference();
    let shoe = Shoe::reference();
    let odds = crate::session_odds::SessionOdds::new(&shoe, &rules, 10, TEACHING_STAKE)
        .expect("eight decks are playable");
    let eor = crate::depletion::effect_of_removal(&shoe, &rules).expect("eight decks are playable");
    let values = crate::decisions::decisions(&shoe, &rules).expect("eight decks are playable");
    let setup = charted_simulation();
    let sim = crate::depletion::try_simulate(&setup, &rules, &|_| {})
        .expect("the reference procedure deals eight decks");
    let mut files = Vec::new();
    for (lang, suffix) in [(Lang::En, ""), (Lang::Fr, "-fr")] {
        let drawn = |name: &'static str, chart: Result<String, chart::ChartError>| {
            (name.to_string(), chart.expect("the reference figures draw"))
        };
        let name = |en: &'static str, fr: &'static str| if suffix.is_empty() { en } else { fr };
        files.push(drawn(
            name("images/session-odds.svg", "images/session-odds-fr.svg"),
            chart::session_odds_svg(&odds, lang),
        ));
        files.push(drawn(
            name("images/eor.svg", "images/eor-fr.svg"),
            chart::eor_svg(&eor, &shoe, "reference", lang),
        ));
        files.push(drawn(
            name("images/decisions.svg", "images/decisions-fr.svg"),
            chart::decisions_svg(&values, "reference", lang),
        ));
        files.push(drawn(
            name("images/shoe-sim.svg", "images/shoe-sim-fr.svg"),
            chart::simulation_svg(&sim, &setup, lang),
        ));
    }
    files.extend(roads::files());
    files.extend(schema_files());
    files
}

/// The JSON Schema of every command's document ([`crate::document::SCHEMAS`]), each path
/// relative to `docs/` (`schemas/COMMAND.schema.json`) with its content.
pub fn schema_files() -> Vec<(String, String)> {
    use crate::document::{SCHEMAS, schema_path, schema_text};
    SCHEMAS
        .iter()
        .map(|(command, schema)| (schema_path(command), schema_text(&schema())))
        .collect()
}

/// Replaces every generated block of a Markdown text with the engine's current rendering.
pub fn splice(text: &str) -> Result<String, DocsError> {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split_inclusive('\n').enumerate();
    let mut in_code = false;
    while let Some((index, line)) = lines.next() {
        out.push_str(line);
        // Markers shown inside a fenced code block are examples, not markers.
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        let Some(name) = marker(line, "<!-- generated:") else {
            continue;
        };
        let content = block(name).ok_or_else(|| DocsError::UnknownBlock {
            line: index + 1,
            name: name.to_string(),
            known: BLOCKS.join(", "),
        })?;
        let end = format!("<!-- end generated:{name} -->");
        let closing = lines.by_ref().find(|(_, l)| l.trim() == end);
        let Some((_, closing)) = closing else {
            return Err(DocsError::Unclosed {
                line: index + 1,
                name: name.to_string(),
            });
        };
        out.push_str(&content);
        out.push_str(closing);
    }
    Ok(out)
}

/// The program name a console example's command line starts with.
const PROMPT: &str = "$ punto-banco ";

/// One `$ punto-banco …` line of a ```` ```console ```` block shown with its output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleExample {
    /// The 1-based number of the command's line in the text.
    pub line: usize,
    /// The arguments after `punto-banco`, split at whitespace.
    pub args: Vec<String>,
    /// The byte span of the output shown under the command: every line up to the next
    /// `$ ` line or the end of the block.
    pub output: std::ops::Range<usize>,
}

impl ConsoleExample {
    /// The command as a person types it: `punto-banco` and the arguments.
    pub fn command(&self) -> String {
        std::iter::once("punto-banco")
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Every console example of a Markdown text that shows output, in order. A command with no
/// output under it is not an example of output and is left out.
///
/// ```
/// let page = "```console\n$ punto-banco rules --lang fr\nLes règles\n```\n";
/// let examples = punto_banco::docs::console_examples(page);
/// assert_eq!(examples[0].args, ["rules", "--lang", "fr"]);
/// assert_eq!(&page[examples[0].output.clone()], "Les règles\n");
/// ```
pub fn console_examples(text: &str) -> Vec<ConsoleExample> {
    let mut examples = Vec::new();
    let mut in_console = false;
    let mut offset = 0;
    let mut lines = text.split_inclusive('\n').enumerate().peekable();
    let is_output = |line: &str| !line.starts_with("$ ") && !line.starts_with("```");
    while let Some((index, line)) = lines.next() {
        offset += line.len();
        if line.trim_end() == "```console" {
            in_console = true;
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
            continue;
        }
        let Some(args) = line.trim_end().strip_prefix(PROMPT) else {
            continue;
        };
        if !in_console {
            continue;
        }
        let start = offset;
        while let Some((_, output)) = lines.next_if(|(_, l)| is_output(l)) {
            offset += output.len();
        }
        if offset > start {
            examples.push(ConsoleExample {
                line: index + 1,
                args: args.split_whitespace().map(str::to_string).collect(),
                output: start..offset,
            });
        }
    }
    examples
}

/// The text with every console example's shown output replaced by what `run` returns for
/// it; `run` is given the example and the output shown now, and its first error stops the
/// refresh.
pub fn refresh_console_examples<E>(
    text: &str,
    mut run: impl FnMut(&ConsoleExample, &str) -> Result<String, E>,
) -> Result<String, E> {
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for example in console_examples(text) {
        out.push_str(&text[copied..example.output.start]);
        out.push_str(&run(&example, &text[example.output.clone()])?);
        copied = example.output.end;
    }
    out.push_str(&text[copied..]);
    Ok(out)
}

/// A passage of prose that quotes the tool's output: the commands whose output it quotes (a
/// `<!-- quotes: ARGS -->` line each, just above it) and the quotations it makes.
///
/// A passage is the lines after its markers up to the next blank line. Its quotations are its
/// code spans (`` `…` ``), and, in a table whose header's first cell is `column` or
/// `colonne`, the first cell of every row: the names of the columns a page explains.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotedPassage {
    /// The 1-based line of the passage's first marker.
    pub line: usize,
    /// Each command's arguments after `punto-banco`, split at whitespace.
    pub commands: Vec<Vec<String>>,
    /// What the passage quotes, each of which the commands' output must hold.
    pub quotations: Vec<String>,
}

/// Every passage of a Markdown text marked as quoting the tool's output.
///
/// ```
/// let page = "<!-- quotes: fit counts.json -->\nCells are named `Punto 5, Banco 1`.\n\nMore.\n";
/// let passages = punto_banco::docs::quoted_passages(page);
/// assert_eq!(passages[0].commands, [["fit", "counts.json"]]);
/// assert_eq!(passages[0].quotations, ["Punto 5, Banco 1"]);
/// ```
pub fn quoted_passages(text: &str) -> Vec<QuotedPassage> {
    let mut passages = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((index, line)) = lines.next() {
        let Some(first) = marker(line, "<!-- quotes:") else {
            continue;
        };
        let mut commands = vec![first];
        while let Some((_, next)) = lines.next_if(|(_, l)| marker(l, "<!-- quotes:").is_some()) {
            commands.extend(marker(next, "<!-- quotes:"));
        }
        let mut quotations = Vec::new();
        let mut column_table = false;
        while let Some((_, line)) = lines.next_if(|(_, l)| !l.trim().is_empty()) {
            let cells: Vec<&str> = line
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            if line.trim_start().starts_with('|') {
                if matches!(cells[0], "column" | "colonne") {
                    column_table = true;
                    continue;
                }
                if column_table && !cells[0].starts_with("---") {
                    quotations.push(cells[0].trim_matches('`').to_string());
                    continue;
                }
            }
            let mut spans = line.split('`');
            spans.next();
            while let (Some(span), Some(_)) = (spans.next(), spans.next()) {
                quotations.push(span.to_string());
            }
        }
        passages.push(QuotedPassage {
            line: index + 1,
            commands: commands
                .iter()
                .map(|c| c.split_whitespace().map(str::to_string).collect())
                .collect(),
            quotations,
        });
    }
    passages
}

/// The name a marker line gives after `prefix`, if the line is such a marker.
fn marker<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    line.trim()
        .strip_prefix(prefix)?
        .strip_suffix("-->")
        .map(str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_replaces_between_markers_and_keeps_prose() {
        let text =
            "Prose.\n<!-- generated:decks:en -->\nstale\n<!-- end generated:decks:en -->\nMore.\n";
        let spliced = splice(text).unwrap();
        assert!(spliced.starts_with("Prose.\n<!-- generated:decks:en -->\n| Decks"));
        assert!(spliced.ends_with("<!-- end generated:decks:en -->\nMore.\n"));
        assert!(!spliced.contains("stale"));
        assert_eq!(splice(&spliced).unwrap(), spliced);
    }

    #[test]
    fn markers_in_code_blocks_are_left_alone() {
        let text = "```md\n<!-- generated:NAME -->\n<!-- end generated:NAME -->\n```\n";
        assert_eq!(splice(text).unwrap(), text);
    }

    #[test]
    fn unknown_and_unclosed_blocks_are_errors() {
        let err = splice("a\n<!-- generated:nope -->\n").unwrap_err();
        assert!(matches!(err, DocsError::UnknownBlock { line: 2, .. }));
        let err = splice("<!-- generated:decks:en -->\nx\n").unwrap_err();
        assert_eq!(
            err,
            DocsError::Unclosed {
                line: 1,
                name: "decks:en".into()
            }
        );
    }

    #[test]
    fn console_examples_are_found_with_their_output_only_in_console_blocks() {
        let text = "```sh\n$ punto-banco rules\nnot output\n```\n\n```console\n$ punto-banco deal 4H 2S\nline one\nline two\n$ punto-banco rules\n$ punto-banco  analyze  --decks 6 \nshown\n```\n$ punto-banco eor\nafter the block\n";
        let examples = console_examples(text);
        assert_eq!(examples.len(), 2);
        assert_eq!(examples[0].line, 7);
        assert_eq!(examples[0].args, ["deal", "4H", "2S"]);
        assert_eq!(&text[examples[0].output.clone()], "line one\nline two\n");
        assert_eq!(examples[1].line, 11);
        assert_eq!(examples[1].command(), "punto-banco analyze --decks 6");
        assert_eq!(&text[examples[1].output.clone()], "shown\n");
    }

    #[test]
    fn refresh_replaces_each_output_and_keeps_the_rest() {
        let text =
            "# Page\n```console\n$ punto-banco a\nold a\n$ punto-banco b\nold b\n```\nProse.\n";
        let fresh = refresh_console_examples(text, |example, shown| {
            Ok::<_, ()>(format!("{} (was {})", example.args[0], shown))
        })
        .unwrap();
        assert_eq!(
            fresh,
            "# Page\n```console\n$ punto-banco a\na (was old a\n)$ punto-banco b\nb (was old b\n)```\nProse.\n"
        );
        let same = refresh_console_examples(text, |_, shown| Ok::<_, ()>(shown.to_string()));
        assert_eq!(same.unwrap(), text);
        let stopped = refresh_console_examples(text, |example, _| Err(example.line));
        assert_eq!(stopped, Err(3));
    }
}
