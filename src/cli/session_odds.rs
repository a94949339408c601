//! `punto-banco session-odds`: the exact odds of the home session's fixed strategies, and of
//! a table of participants with fixed predictions.

use super::args::{Charts, OutputArgs, decks_at, stake, table_needs_csv, whole};
use super::failure::Failure;
use super::output::put;
use super::progress::Bar;
use super::table::table_or_reference;
use clap::{Args, ValueEnum};
use punto_banco::render::Format;
use punto_banco::render::chart::session_odds_svg;
use punto_banco::render::csv::{OddsTable, odds_sheet, players_sheet};
use punto_banco::render::session::{render_odds, render_players};
use punto_banco::rules::MainBet;
use punto_banco::session_odds::{MAX_DEALS, SessionOdds, parse_players};
use punto_banco::shoe::Shoe;
use std::io::Write;

/// The flags of `session-odds`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco session-odds                     # the ten-deal home session, 8 decks
  punto-banco session-odds --deals 2 -l fr     # two deals, in French
  punto-banco session-odds --deals 1000        # a long session: the summary figures
  punto-banco session-odds --players punto,banco,banco,tie   # who finishes first at a table
  punto-banco session-odds -r ez-baccarat -f json   # EZ Baccarat's tariff, as JSON
  punto-banco session-odds -f csv --table distribution   # every final score, exact
  punto-banco session-odds -f svg > odds.svg   # a chart of each strategy's final score")]
pub struct SessionOddsCommand {
    /// Deals in the session, 1 to 10000 (whole distributions up to 30, a summary beyond).
    #[arg(long, value_name = "N", default_value_t = u64::from(punto_banco::session::DEALS), allow_negative_numbers = true, value_parser = whole(1, u64::from(MAX_DEALS)))]
    deals: u64,
    /// The notional stake of every prediction, 1 to 1000000000.
    #[arg(long, value_name = "N", default_value_t = punto_banco::session::STAKE, allow_negative_numbers = true, value_parser = stake)]
    stake: i64,
    /// Decks in the shoe, 1 to 4294967296 [default: 8, or the rule file's shoe].
    #[arg(short, long, value_name = "N", allow_negative_numbers = true, value_parser = whole(1, Shoe::MAX_DECKS))]
    decks: Option<u64>,
    /// The rule set whose drawing rules and tariff settle the predictions (a file or a
    /// shipped variant's name) [default: reference].
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// A table of participants instead, one fixed prediction each, comma-separated
    /// (punto,banco,banco,tie; at most 64): each one's chances of finishing first alone and
    /// of sharing first place.
    #[arg(long, value_name = "LIST", value_parser = players)]
    players: Option<Players>,
    /// The table a CSV holds: each strategy's expected score and chances of finishing above,
    /// at and below zero; head to head; or every final score's probability (sessions of up
    /// to 30 deals) [default: summary].
    #[arg(long, value_name = "TABLE", value_enum, conflicts_with = "players")]
    table: Option<OddsTableArg>,
    #[command(flatten)]
    output: OutputArgs<Charts>,
}

/// The tables of `--table`.
#[derive(Clone, Copy, ValueEnum)]
enum OddsTableArg {
    Summary,
    HeadToHead,
    Distribution,
}

/// The predictions of a table's participants, in the order given.
#[derive(Clone)]
struct Players(Vec<MainBet>);

/// Reads `--players` with the library's reader.
fn players(text: &str) -> Result<Players, String> {
    parse_players(text).map(Players).map_err(|e| e.to_string())
}

/// Computes the odds of every strategy, or of the table, and writes them to `out`.
pub fn run(args: SessionOddsCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let table = table_or_reference(args.rules.as_deref())?;
    let shoe = decks_at(args.decks, &table)?;
    let rules = table.rules;
    let deals = args.deals as u32;
    let page = args.output.page();
    table_needs_csv(args.table, page.format)?;
    let bar = Bar::new(page.lang);
    // The work of the whole command is checked before any figure is summed.
    if let Some(Players(predictions)) = &args.players {
        if page.format == Format::Svg {
            return Err(Failure::Input(
                    "--format svg draws the strategies' final scores: with --players, choose text, markdown, json or csv".into(),
                ));
        }
        let (odds, players) = SessionOdds::with_table_with_progress(
            &shoe,
            &rules,
            deals,
            args.stake,
            predictions,
            &bar,
        )?;
        return put(
            out,
            &match page.format {
                Format::Csv => players_sheet(&players).to_csv(),
                _ => render_players(&odds, &players, &page),
            },
        );
    }
    let odds = SessionOdds::new_with_progress(&shoe, &rules, deals, args.stake, &bar)?;
    let text = match page.format {
        Format::Csv => {
            let table = match args.table.unwrap_or(OddsTableArg::Summary) {
                OddsTableArg::Summary => OddsTable::Summary,
                OddsTableArg::HeadToHead => OddsTable::HeadToHead,
                OddsTableArg::Distribution => OddsTable::Distribution,
            };
            odds_sheet(&odds, table)
                .ok_or_else(|| {
                    Failure::Input(format!(
                        "--table distribution: whole distributions are computed for sessions of up to {} deals, and this one has {}: choose --table summary or head-to-head",
                        punto_banco::session_odds::FULL_DISTRIBUTION_DEALS,
                        args.deals
                    ))
                })?
                .to_csv()
        }
        Format::Svg => session_odds_svg(&odds, page.lang)?,
        _ => render_odds(&odds, &page),
    };
    put(out, &text)
}
