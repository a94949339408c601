//! Every report with a table as CSV, for spreadsheets and programs.
//!
//! The conventions, the same for every command (docs/en/input-output.md lists each table's
//! columns):
//!
//! - RFC 4180 quoting by the `csv` crate: a field holding a comma, a quote or a line break is
//!   quoted, its quotes doubled; lines end with `\n`, as `analyze --batch` and `vectors`
//!   write them.
//! - One header row, then records of the header's width: a report with several tables
//!   writes one of them, chosen with `--table` (each table its own columns, rather than one
//!   wide union of mostly empty cells).
//! - A fixed English header in `snake_case`, and values as the JSON writes them (bet keys
//!   `punto`, `banco`, `tie`, verdicts `pass`, actions `draw`): the same bytes whatever
//!   `--lang` says, so that a script reads every user's CSV.
//! - An exact value is two columns: `X`, the nearest double in decimal (a point, never an
//!   exponent), then `X_exact`, the reduced fraction `n/d` the JSON carries. Figures are in
//!   their own unit (an edge of 1.06 % is `0.0106…`, not `1.06`). A value that does not apply
//!   is an empty field.

use super::{approx, fraction};
use crate::check::DrawingCell as Decision;
use crate::decisions::{Decisions, Place, Value};
use crate::depletion::{Changes, EffectOfRemoval, Simulation};
use crate::lab::audit::{Audit, AuditTestName, Finding};
use crate::lab::plan::DefectPower;
use crate::lab::{Battery, TestResult, Verdict};
use crate::outcome::Hand;
use crate::rules::{MainBet, PuntoMove};
use crate::session_odds::{PlayerOdds, SessionOdds};
use num_rational::BigRational;

/// One table as CSV: a header and records of its width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    header: Vec<String>,
    records: Vec<Vec<String>>,
}

impl Sheet {
    /// An empty table with these columns.
    pub fn new(header: &[&str]) -> Sheet {
        Sheet {
            header: header.iter().map(|h| h.to_string()).collect(),
            records: Vec::new(),
        }
    }

    /// The names of the columns.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The records, in order.
    pub fn records(&self) -> &[Vec<String>] {
        &self.records
    }

    /// Adds a record; it must have the header's width.
    pub(super) fn push(&mut self, record: Vec<String>) {
        assert_eq!(
            record.len(),
            self.header.len(),
            "a record of the header's width"
        );
        self.records.push(record);
    }

    /// The table as an RFC 4180 document: the header, then every record.
    ///
    /// ```
    /// use punto_banco::render::csv::Sheet;
    /// let sheet = Sheet::new(&["bet", "edge"]);
    /// assert_eq!(sheet.to_csv(), "bet,edge\n");
    /// ```
    pub fn to_csv(&self) -> String {
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        // Writing to memory cannot fail, and every record has the header's width.
        for record in std::iter::once(&self.header).chain(&self.records) {
            writer
                .write_record(record)
                .expect("a record written to memory");
        }
        let bytes = writer.into_inner().expect("a CSV written to memory");
        String::from_utf8(bytes).expect("fields of UTF-8 make UTF-8")
    }
}

/// A decimal as CSV writes it: the shortest text that reads back as the same double, without
/// an exponent; empty for a value that is not finite.
pub fn decimal(value: f64) -> String {
    if value.is_finite() {
        // Rust's `Display` for f64 is the shortest round-trip text, never in exponent form.
        let text = format!("{value}");
        if text == "-0" { "0".into() } else { text }
    } else {
        String::new()
    }
}

/// An exact value as its two fields: the nearest double, then `n/d`.
fn exact(value: &BigRational) -> [String; 2] {
    [decimal(approx(value)), fraction(value)]
}

/// An optional exact value as its two fields, both empty when absent.
fn maybe_exact(value: Option<&BigRational>) -> [String; 2] {
    value.map_or_else(|| [String::new(), String::new()], exact)
}

/// A record from groups of fields.
fn record<const N: usize>(groups: [&[String]; N]) -> Vec<String> {
    groups.concat()
}

/// `eor`: one record per removal and bet (a tidy table). `removed` is a rank (`A` to `K`), a
/// card (`A♠`), a suit (`spades`) or a colour (`red`), and `group` says which; `edge` is the
/// bet's edge in the shoe as it is, `edge_change` its change when that card is removed
/// (empty when the shoe holds none, or one fewer leaves too few cards for a coup).
pub fn eor_sheet(eor: &EffectOfRemoval) -> Sheet {
    let mut sheet = Sheet::new(&[
        "removed",
        "group",
        "bet",
        "edge",
        "edge_exact",
        "edge_change",
        "edge_change_exact",
    ]);
    let mut rows = |removed: String, group: &str, changes: &Changes| {
        for (index, (bet, base)) in eor.bets().iter().zip(eor.base()).enumerate() {
            let change = changes.as_ref().map(|c| &c[index]);
            sheet.push(record([
                &[removed.clone(), group.to_string(), bet.clone()],
                &exact(base),
                &maybe_exact(change),
            ]));
        }
    };
    if let (Some(cards), Some(suits), Some(colours)) =
        (eor.by_card(), eor.by_suit(), eor.by_colour())
    {
        for (card, changes) in cards {
            rows(card.to_string(), "card", changes);
        }
        for (rank, changes) in eor.by_rank() {
            rows(rank.symbol().to_string(), "rank", changes);
        }
        for (suit, changes) in suits {
            rows(
                super::depletion::suit_key(*suit).to_string(),
                "suit",
                changes,
            );
        }
        for (colour, changes) in colours {
            rows(colour.key().to_string(), "colour", changes);
        }
    } else {
        for (rank, changes) in eor.by_rank() {
            rows(rank.symbol().to_string(), "rank", changes);
        }
    }
    sheet
}

/// `decisions`: one record per decision, Banco's 80 cells then Punto's totals. `hand` is
/// whose decision it is, `total` that hand's two-card total, `punto_third_card` Punto's third
/// card (0–9, or `stood`) for a Banco cell; `tableau` what the rules do; `reach` the chance a
/// coup reaches it; `draw_minus_stand_banco` (`_punto`) the change of the Banco (Punto)
/// bet's expected net per coup when the hand draws instead of stands.
pub fn decisions_sheet(decisions: &Decisions) -> Sheet {
    let mut sheet = Sheet::new(&[
        "hand",
        "total",
        "punto_third_card",
        "tableau",
        "reach",
        "reach_exact",
        "draw_minus_stand_banco",
        "draw_minus_stand_banco_exact",
        "draw_minus_stand_punto",
        "draw_minus_stand_punto_exact",
        "best_for_banco",
        "best_for_punto",
    ]);
    let mut push = |value: &Value| {
        let (hand, total, third) = match value.place {
            Place::Banco { total, punto_move } => (
                "banco",
                total,
                match punto_move {
                    PuntoMove::Drew(card) => card.to_string(),
                    PuntoMove::Stood => "stood".to_string(),
                },
            ),
            Place::Punto { total } => ("punto", total, String::new()),
        };
        sheet.push(record([
            &[
                hand.to_string(),
                total.to_string(),
                third,
                super::action_key(value.tableau).to_string(),
            ],
            &exact(&value.reach),
            &exact(&value.draw_minus_stand.banco),
            &exact(&value.draw_minus_stand.punto),
            &[
                value.best_for(Hand::Banco).key().to_string(),
                value.best_for(Hand::Punto).key().to_string(),
            ],
        ]));
    };
    for value in decisions.cells.iter().chain(&decisions.punto_totals) {
        push(value);
    }
    sheet
}

/// The tables of `session-odds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OddsTable {
    /// Each strategy's expected final score and its chances of finishing above, at and
    /// below zero.
    Summary,
    /// Each pair of strategies over the same deals.
    HeadToHead,
    /// Each strategy's whole final-score distribution (sessions of up to
    /// [`crate::session_odds::FULL_DISTRIBUTION_DEALS`] deals).
    Distribution,
}

/// `session-odds`: one of its tables; `None` for the distribution of a session too long to
/// have one.
pub fn odds_sheet(odds: &SessionOdds, table: OddsTable) -> Option<Sheet> {
    match table {
        OddsTable::Summary => {
            let mut sheet = Sheet::new(&[
                "strategy",
                "expected",
                "expected_exact",
                "at_least_zero",
                "at_least_zero_exact",
                "above_zero",
                "above_zero_exact",
                "at_zero",
                "at_zero_exact",
                "below_zero",
                "below_zero_exact",
            ]);
            for bet in MainBet::ALL {
                let [above, at, below] = odds.signs(bet);
                sheet.push(record([
                    &[bet.key().to_string()],
                    &exact(&odds.expected(bet)),
                    &exact(&odds.at_least_zero(bet)),
                    &exact(&above),
                    &exact(&at),
                    &exact(&below),
                ]));
            }
            Some(sheet)
        }
        OddsTable::HeadToHead => {
            let mut sheet = Sheet::new(&[
                "strategy",
                "against",
                "ahead",
                "ahead_exact",
                "level",
                "level_exact",
                "behind",
                "behind_exact",
            ]);
            for (a, b) in super::session::HEADS {
                let [ahead, level, behind] = odds.head_to_head(a, b);
                sheet.push(record([
                    &[a.key().to_string(), b.key().to_string()],
                    &exact(&ahead),
                    &exact(&level),
                    &exact(&behind),
                ]));
            }
            Some(sheet)
        }
        OddsTable::Distribution => {
            if !odds.has_distributions() {
                return None;
            }
            let mut sheet = Sheet::new(&[
                "strategy",
                "score",
                "score_exact",
                "probability",
                "probability_exact",
            ]);
            for bet in MainBet::ALL {
                for (score, p) in odds.final_score(bet).into_iter().flatten() {
                    sheet.push(record([
                        &[bet.key().to_string()],
                        &exact(&crate::analysis::ratio_to_big(*score)),
                        &exact(p),
                    ]));
                }
            }
            Some(sheet)
        }
    }
}

/// `session-odds --players`: one record per participant, in the order given.
pub fn players_sheet(players: &[PlayerOdds]) -> Sheet {
    let mut sheet = Sheet::new(&[
        "participant",
        "prediction",
        "wins_alone",
        "wins_alone_exact",
        "shares_first",
        "shares_first_exact",
        "finishes_first",
        "finishes_first_exact",
    ]);
    for (number, player) in players.iter().enumerate() {
        let first = player.wins_alone() + player.shares_first();
        sheet.push(record([
            &[
                (number + 1).to_string(),
                player.prediction().key().to_string(),
            ],
            &exact(player.wins_alone()),
            &exact(player.shares_first()),
            &exact(&first),
        ]));
    }
    sheet
}

/// The tables of `shoe-sim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimulationTable {
    /// Each bet over the whole run.
    Bets,
    /// Each bet by the cards left before the coup, in the bands of the run's profile.
    CardsLeft,
}

/// `shoe-sim`: one of its tables. `share_of_coups` is the favourable coups over the coups,
/// `average_advantage` the player's mean advantage (expected net per unit staked) over those
/// coups, `best_advantage` the largest, `gain_per_shoe` what staking one unit exactly then
/// gains per shoe.
pub fn simulation_sheet(sim: &Simulation, table: SimulationTable) -> Sheet {
    match table {
        SimulationTable::Bets => {
            let mut sheet = Sheet::new(&[
                "bet",
                "coups",
                "favourable_coups",
                "share_of_coups",
                "share_of_coups_exact",
                "average_advantage",
                "average_advantage_exact",
                "best_advantage",
                "best_advantage_exact",
                "gain_per_shoe",
                "gain_per_shoe_exact",
            ]);
            for (index, (bet, record_)) in sim.bet_records().enumerate() {
                sheet.push(record([
                    &[
                        bet.to_string(),
                        sim.coups().to_string(),
                        record_.favourable().to_string(),
                    ],
                    &exact(&sim.exact_frequency(index)),
                    &exact(&sim.exact_average_advantage(index)),
                    &maybe_exact(record_.best()),
                    &exact(&sim.exact_gain_per_shoe(index)),
                ]));
            }
            sheet
        }
        SimulationTable::CardsLeft => {
            let mut sheet = Sheet::new(&[
                "cards_left_from",
                "cards_left_to",
                "bet",
                "coups",
                "favourable_coups",
                "share_of_coups",
                "share_of_coups_exact",
                "average_advantage",
                "average_advantage_exact",
            ]);
            let profile = sim.profile();
            for band in profile.bands() {
                for (index, bet) in sim.bets().iter().enumerate() {
                    let (favourable, _) = band.bet(index);
                    sheet.push(record([
                        &[
                            band.from().to_string(),
                            band.to().to_string(),
                            bet.clone(),
                            band.coups().to_string(),
                            favourable.to_string(),
                        ],
                        &exact(&band.share(index)),
                        &exact(&band.average_advantage(index)),
                    ]));
                }
            }
            sheet
        }
    }
}

/// The columns every lab test has: its key, the kind of statistic, the statistic, its
/// degrees of freedom, the p-value and the verdict after Holm, and the note.
const TEST_COLUMNS: [&str; 7] = [
    "test",
    "statistic_kind",
    "statistic",
    "degrees_of_freedom",
    "p_value",
    "verdict",
    "note",
];

/// A test's fields under [`TEST_COLUMNS`]; an infinite statistic is `inf`.
fn test_fields(test: &TestResult) -> Vec<String> {
    vec![
        test.name.clone(),
        test.kind.key().to_string(),
        if test.statistic == f64::INFINITY {
            "inf".to_string()
        } else {
            decimal(test.statistic)
        },
        test.degrees_of_freedom.map(decimal).unwrap_or_default(),
        decimal(test.p_value),
        test.verdict.key().to_string(),
        test.note.map(|note| note.to_string()).unwrap_or_default(),
    ]
}

/// `shuffle-test`: one record per test of the battery, then, for each defect in `powers`
/// (`--plan` beside a file), a column `power_<defect>`: the chance the test had, over these
/// shoes, of rejecting that defect at α/m (empty where the sample did not run the test or the
/// pilot saw no effect on it).
pub fn battery_sheet(battery: &Battery, powers: &[DefectPower]) -> Sheet {
    let power_columns: Vec<String> = powers
        .iter()
        .map(|p| format!("power_{}", p.shuffler))
        .collect();
    let mut header: Vec<&str> = TEST_COLUMNS.to_vec();
    header.extend(power_columns.iter().map(String::as_str));
    let mut sheet = Sheet::new(&header);
    for test in &battery.tests {
        let mut fields = test_fields(test);
        fields.extend(powers.iter().map(|p| {
            p.tests
                .iter()
                .find(|t| t.name == test.name)
                .and_then(|t| t.power)
                .map(decimal)
                .unwrap_or_default()
        }));
        sheet.push(fields);
    }
    sheet
}

/// `audit`: one record per finding, then one per test of the battery. A finding's record
/// names its kind as the test (`settlement` or `drawing`), with the verdict `fail`, the
/// coups in `coups` and its first lines in `note`; a settlement also names its `bet`. A bet's
/// return test (`return_<bet>`) also has the return the rules pay, the return as logged and
/// the expected return per unit staked on every coup, the variance of the sum of the nets,
/// the normal interval at 1 − α (empty for a return tested by its pay-line counts), the coups
/// that log the bet's net and the coups among them mis-paid.
pub fn audit_sheet(audit: &Audit) -> Sheet {
    let mut header: Vec<&str> = TEST_COLUMNS.to_vec();
    header.extend([
        "bet",
        "observed",
        "observed_exact",
        "as_logged",
        "as_logged_exact",
        "expected",
        "expected_exact",
        "variance",
        "variance_exact",
        "interval_low",
        "interval_high",
        "logged_nets",
        "coups",
    ]);
    let mut sheet = Sheet::new(&header);
    for finding in &audit.findings {
        let (bet, coups, lines) = match finding {
            Finding::Settlement {
                bet, coups, lines, ..
            } => (bet.clone(), *coups, lines.clone()),
            Finding::Drawing { coups, first } => (
                String::new(),
                *coups,
                first.iter().map(|d| d.line).collect(),
            ),
        };
        let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
        let mut fields = vec![
            finding.kind().to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            Verdict::Fail.key().to_string(),
            format!("first lines {}", lines.join(" ")),
            bet,
        ];
        fields.extend(std::iter::repeat_n(String::new(), 11));
        fields.push(coups.to_string());
        sheet.push(fields);
    }
    for test in &audit.battery.tests {
        let mut fields = test_fields(test);
        match audit
            .rtp
            .iter()
            .find(|r| test.name == AuditTestName::Return { bet: r.bet.clone() }.key())
        {
            Some(r) => {
                let (low, high) = r.interval.map_or_else(
                    || (String::new(), String::new()),
                    |(l, h)| (decimal(l), decimal(h)),
                );
                fields.extend(record([
                    std::slice::from_ref(&r.bet),
                    &exact(&r.observed),
                    &exact(&r.as_logged),
                    &exact(&r.expected),
                    &exact(&r.variance),
                    &[low, high, r.logged.to_string(), r.mispaid.to_string()],
                ]))
            }
            None => fields.extend(std::iter::repeat_n(String::new(), 13)),
        }
        sheet.push(fields);
    }
    sheet
}

/// A shoe count the plan may not reach: the number, or empty.
fn planned(shoes: Option<u64>) -> String {
    shoes.map(|s| s.to_string()).unwrap_or_default()
}

/// `shuffle-test --plan`: one record per test, with the shoes it needs (empty when the
/// pilot did not see the defect), its effect per shoe and that effect's standard error.
pub fn shuffle_plan_sheet(plan: &crate::lab::plan::Plan) -> Sheet {
    let mut sheet = Sheet::new(&["test", "shoes", "effect_per_shoe", "effect_error"]);
    for test in &plan.tests {
        sheet.push(vec![
            test.name.clone(),
            planned(test.shoes),
            decimal(test.per_shoe),
            decimal(test.error),
        ]);
    }
    sheet
}

/// `fit`: one record per cell shown (`--shown` per grouping, most deviant first) and per
/// observed cell the rules make impossible (its `expected` 0), each with its grouping's
/// test: the coups counted, χ², degrees of freedom, p-value (empty when the grouping could
/// not be tested) and whether it is consistent at the level each grouping is judged at.
pub fn fit_sheet(fits: &[crate::oracle::fit::GroupFit], alpha: f64, shown: usize) -> Sheet {
    let level = super::oracle::per_test_alpha(fits, alpha);
    let mut sheet = Sheet::new(&[
        "grouping",
        "coups",
        "chi_square",
        "degrees_of_freedom",
        "p_value",
        "consistent",
        "pooled_cells",
        "cell",
        "observed",
        "expected",
        "residual",
    ]);
    for fit in fits {
        let tested = fit.tested();
        let test = [
            fit.grouping().key().to_string(),
            fit.coups().to_string(),
            decimal(fit.chi_square()),
            fit.degrees_of_freedom().to_string(),
            if tested {
                decimal(fit.p_value())
            } else {
                String::new()
            },
            if tested {
                (fit.p_value() >= level).to_string()
            } else {
                String::new()
            },
            fit.pooled().to_string(),
        ];
        for cell in fit.cells().iter().take(shown) {
            sheet.push(record([
                &test,
                &[
                    cell.cell.to_string(),
                    cell.observed.to_string(),
                    decimal(cell.expected),
                    decimal(cell.residual),
                ],
            ]));
        }
        for (cell, observed) in fit.impossible() {
            sheet.push(record([
                &test,
                &[
                    cell.to_string(),
                    observed.to_string(),
                    "0".to_string(),
                    String::new(),
                ],
            ]));
        }
    }
    sheet
}

/// `fit --plan`: one record per grouping `fit` tests, then `verify` coup by coup when a coup
/// can show the error: the coups needed (empty when more than the most planned, or never),
/// and `more_than` the most planned when it is more.
pub fn fit_plan_sheet(
    plans: &[crate::oracle::fit::Plan],
    reach: Option<&crate::oracle::fit::Needed>,
) -> Sheet {
    use crate::oracle::fit::{MAX_PLANNED_COUPS, Needed};
    let needed = |n: &Needed| match n {
        Needed::Coups(c) => [c.to_string(), String::new()],
        Needed::Beyond => [String::new(), MAX_PLANNED_COUPS.to_string()],
        Needed::Never => [String::new(), String::new()],
    };
    let mut sheet = Sheet::new(&[
        "test",
        "grouping",
        "noncentrality_per_coup",
        "degrees_of_freedom",
        "coups",
        "more_than",
    ]);
    for plan in plans {
        sheet.push(record([
            &[
                "fit".to_string(),
                plan.grouping.key().to_string(),
                decimal(plan.per_coup),
                plan.degrees_of_freedom.to_string(),
            ],
            &needed(&plan.coups),
        ]));
    }
    if let Some(reach) = reach {
        sheet.push(record([
            &[
                "verify".to_string(),
                String::new(),
                String::new(),
                String::new(),
            ],
            &needed(reach),
        ]));
    }
    sheet
}

/// The tables of `rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesTable {
    /// Every drawing decision: Banco's cells, then Punto's totals.
    Tableau,
    /// Each prediction's net for each outcome at the stake.
    Settlement,
}

/// `rules`: one of its tables. `tableau`: one record per decision, Banco's 110 cells (`total`
/// his two-card total, `punto_third_card` 0–9 or `stood`) then Punto's 10 totals, each with
/// the rules' `action` (`draw`, `stand`, or `natural` where no hand draws). `settlement`: one
/// record per prediction, outcome and net at the stake (a bet that pays several nets for one
/// outcome, as EZ Baccarat's Banco does, has a record for each).
pub fn rules_sheet(rules: &crate::rules::Rules, stake: i64, table: RulesTable) -> Sheet {
    use crate::rules::Action;
    let key = |action: Option<Action>| match action {
        None => "natural",
        Some(Action::Draw) => "draw",
        Some(Action::Stand) => "stand",
    };
    match table {
        RulesTable::Tableau => {
            let mut sheet = Sheet::new(&["hand", "total", "punto_third_card", "action"]);
            let drawing = &rules.drawing;
            for total in 0..10u8 {
                for punto_move in PuntoMove::ALL {
                    let third = match punto_move {
                        PuntoMove::Drew(v) => v.to_string(),
                        PuntoMove::Stood => "stood".to_string(),
                    };
                    let action = super::tableau::banco_cell(drawing, total, punto_move);
                    sheet.push(vec![
                        "banco".into(),
                        total.to_string(),
                        third,
                        key(action).into(),
                    ]);
                }
            }
            for total in 0..10u8 {
                let action = (!drawing.is_natural(total)).then(|| drawing.punto_action(total));
                sheet.push(vec![
                    "punto".into(),
                    total.to_string(),
                    String::new(),
                    key(action).into(),
                ]);
            }
            sheet
        }
        RulesTable::Settlement => {
            let mut sheet = Sheet::new(&["prediction", "outcome", "stake", "net", "net_exact"]);
            for bet in MainBet::ALL {
                for winner in crate::outcome::Winner::ALL {
                    for net in super::tableau::stake_nets(rules, bet, winner, stake) {
                        sheet.push(record([
                            &[
                                bet.key().to_string(),
                                winner.key().to_string(),
                                stake.to_string(),
                            ],
                            &exact(&net),
                        ]));
                    }
                }
            }
            sheet
        }
    }
}

/// The tables of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckTable {
    /// The main bets' edges: reference, the drawing differences alone, claimed.
    Bets,
    /// Each drawing cell where the claimed rules differ, with its reach and cost.
    Drawing,
    /// Each bet whose terms differ.
    Tariff,
    /// Each stated figure with its verdict.
    Claims,
}

/// `check`: one of its tables.
pub fn check_sheet(report: &crate::check::Report, table: CheckTable) -> Sheet {
    use crate::rules::Action;
    let bet_keys = MainBet::ALL.map(MainBet::key);
    match table {
        CheckTable::Bets => {
            let mut sheet = Sheet::new(&[
                "bet",
                "reference_edge",
                "reference_edge_exact",
                "drawing_change",
                "drawing_change_exact",
                "claimed_edge",
                "claimed_edge_exact",
                "total_change",
                "total_change_exact",
            ]);
            for (i, key) in bet_keys.iter().enumerate() {
                let total = &report.claimed_edges[i] - &report.reference_edges[i];
                sheet.push(record([
                    &[key.to_string()],
                    &exact(&report.reference_edges[i]),
                    &exact(&report.drawing_change[i]),
                    &exact(&report.claimed_edges[i]),
                    &exact(&total),
                ]));
            }
            sheet
        }
        CheckTable::Drawing => {
            let mut header = vec![
                "hand",
                "total",
                "punto_third_card",
                "claimed",
                "reference",
                "reach",
                "reach_exact",
            ];
            header.extend([
                "edge_change_punto",
                "edge_change_punto_exact",
                "edge_change_banco",
                "edge_change_banco_exact",
                "edge_change_tie",
                "edge_change_tie_exact",
            ]);
            let mut sheet = Sheet::new(&header);
            let natural = |a: Action| {
                if a == Action::Stand {
                    "natural"
                } else {
                    "not_natural"
                }
            };
            for d in &report.drawing_differences {
                let place = match d.decision {
                    Decision::Banco { total, punto_move } => [
                        "banco".to_string(),
                        total.to_string(),
                        match punto_move {
                            PuntoMove::Drew(v) => v.to_string(),
                            PuntoMove::Stood => "stood".into(),
                        },
                        super::action_key(d.claimed).into(),
                        super::action_key(d.reference).into(),
                    ],
                    Decision::Punto { total } => [
                        "punto".to_string(),
                        total.to_string(),
                        String::new(),
                        super::action_key(d.claimed).into(),
                        super::action_key(d.reference).into(),
                    ],
                    Decision::Natural { total } => [
                        "natural".to_string(),
                        total.to_string(),
                        String::new(),
                        natural(d.claimed).into(),
                        natural(d.reference).into(),
                    ],
                };
                sheet.push(record([
                    &place,
                    &maybe_exact(d.reach.as_ref()),
                    &exact(&d.edge_change[0]),
                    &exact(&d.edge_change[1]),
                    &exact(&d.edge_change[2]),
                ]));
            }
            sheet
        }
        CheckTable::Tariff => {
            let mut sheet = Sheet::new(&[
                "bet",
                "claimed",
                "reference",
                "claimed_edge",
                "claimed_edge_exact",
                "reference_edge",
                "reference_edge_exact",
            ]);
            let terms = |t: &Option<crate::rules::Bet>| match t {
                Some(_) => super::tableau::describe_terms(t, crate::lang::Lang::En),
                None => String::new(),
            };
            for t in &report.tariff_differences {
                sheet.push(record([
                    &[t.key.clone(), terms(&t.claimed), terms(&t.reference)],
                    &maybe_exact(t.claimed_edge.as_ref()),
                    &maybe_exact(t.reference_edge.as_ref()),
                ]));
            }
            sheet
        }
        CheckTable::Claims => {
            let mut sheet = Sheet::new(&[
                "claim",
                "stated",
                "value",
                "value_exact",
                "holds",
                "published_wrong",
                "as_expected",
            ]);
            for c in &report.claims {
                sheet.push(record([
                    &[
                        super::check::claim_subject_en(c),
                        c.claim.stated.text.clone(),
                    ],
                    &maybe_exact(c.exact.as_ref()),
                    &[
                        c.holds.to_string(),
                        c.claim.published_wrong.clone().unwrap_or_default(),
                        c.as_expected().to_string(),
                    ],
                ]));
            }
            sheet
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_that_need_it_are_quoted_and_nothing_else() {
        let mut sheet = Sheet::new(&["a", "b"]);
        sheet.push(vec!["1, 2".into(), "say \"hi\"".into()]);
        sheet.push(vec!["plain".into(), "two\nlines".into()]);
        assert_eq!(
            sheet.to_csv(),
            "a,b\n\"1, 2\",\"say \"\"hi\"\"\"\nplain,\"two\nlines\"\n"
        );
    }

    #[test]
    fn decimals_round_trip_without_an_exponent() {
        for value in [0.0, -0.0, 1.5, -2.25, 1e-20, 123456789.125, 0.1 + 0.2] {
            let text = decimal(value);
            assert!(!text.contains(['e', 'E']), "{text}");
            assert_eq!(text.parse::<f64>().unwrap(), value, "{text}");
        }
        assert_eq!(decimal(-0.0), "0");
        assert_eq!(decimal(f64::NAN), "");
    }
}
