//! The command line: the clap definitions of every subcommand, each in a file of its own
//! with its wiring, and the pieces they share (flags, input, output, failures).

mod analyze;
mod args;
mod audit;
mod banque;
mod check;
mod chemin;
mod completions;
mod count;
mod deal;
mod decisions;
#[cfg(feature = "docs-tool")]
mod docs;
mod eor;
mod failure;
mod fit;
mod input;
mod lab;
mod man;
mod message;
mod output;
mod progress;
mod roads;
mod rules;
mod serve;
mod session;
mod session_odds;
mod shoe_sim;
mod shoes;
mod shuffle_test;
mod table;
mod vectors;
mod verify;

pub use failure::Failure;
pub use message::argument_message;
pub use output::{on_terminal, say_error, say_lines, terminal_width};

use clap::{Parser, Subcommand};
use std::io::Write;

/// The `punto-banco` command line.
#[derive(Parser)]
#[command(
    name = "punto-banco",
    version,
    about = "Exact, verified analysis of eight-deck Punto Banco (casino baccarat with compulsory drawing)"
)]
pub struct Cli {
    /// No progress bars on stderr during long work (they are drawn only when stderr is a
    /// terminal, and cleared when the work ends).
    #[arg(short, long, global = true)]
    quiet: bool,
    /// The subcommand to run.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands; each one's doc comment is its line in `--help`.
#[derive(Subcommand)]
enum Command {
    /// Exact analysis of a shoe: outcome counts and probabilities, house edges, naturals, draws.
    #[command(visible_alias = "analyse")]
    Analyze(analyze::Analyze),
    /// The drawing rules, the golden Banco tableau, the tariff and the settlement table.
    Rules(rules::RulesCommand),
    /// Deals one coup from cards in deal order (Punto, Banco, Punto, Banco, third cards) and explains it.
    Deal(deal::Deal),
    /// The exact value of every drawing decision: each tableau cell and each Punto total, the
    /// change of the Banco and Punto bets when the hand draws instead of stands, the better
    /// action for each side, and where the tableau is not Banco's best response.
    Decisions(decisions::DecisionsCommand),
    /// Checks a claimed rule set against the reference: every differing cell and what it costs,
    /// tariff differences, and whether each stated figure holds (exit 1 when one does not).
    Check(check::Check),
    /// Chemin de Fer as a two-person game, solved exactly: the value, both sides' optimal
    /// strategies, a certificate checked in exact arithmetic, and whether they are unique.
    Chemin(chemin::Chemin),
    /// Baccarat Banque as a three-person game, solved exactly: each Punto's choice at 5,
    /// Banco's strategy, every person's expectation, certified in exact arithmetic.
    Banque(banque::BanqueArgs),
    /// Verifies an engine's log (JSON lines, one coup each) hand by hand against the rules.
    Verify(verify::Verify),
    /// A shoe log's scoreboard: bead plate, Big Road, Big Eye Boy, Small Road, Cockroach Pig,
    /// the ask cells and the next coup's exact odds from the cards left.
    Roads(roads::Roads),
    /// Audits a shoe log: each coup's outcome against its exact odds on the cards left in its
    /// shoe, and every bet's return against its exact expectation (exit 1 when a test fails).
    Audit(audit::Audit),
    /// Writes the exhaustive conformance vectors: every distinct coup by card value, with its
    /// decisions, totals, winner and exact weight in the shoe.
    Vectors(vectors::Vectors),
    /// Tests an engine's observed counts (or its log) against the exact probabilities, or
    /// with --plan says how many coups it must log to show a given rule error.
    Fit(fit::Fit),
    /// The exact effect of removing one card of each rank on the edge of every bet.
    Eor(eor::Eor),
    /// Deals shuffled shoes to a cut card, computing every bet's exact edge before every coup,
    /// and reports how often each bet turns favourable and what betting only then gains.
    ShoeSim(shoe_sim::ShoeSim),
    /// Evaluates a point count for every bet: its betting correlation with the exact effects
    /// of removal, and what betting by its true count gains per shoe against perfect knowledge.
    Count(count::Count),
    /// Deals shuffled shoes by the dealing procedure and writes their orders (for
    /// shuffle-test) or a shoe log with every coup (for verify).
    Shoes(shoes::Shoes),
    /// Tests shuffled shoes (JSON lines in dealing order) for what a fair shuffle cannot
    /// produce, or with --plan says how many shoes a named defect needs to be caught.
    ShuffleTest(shuffle_test::ShuffleTestArgs),
    /// The ten-deal teaching session of the rule texts, at the terminal or from a script.
    Session(session::SessionCommand),
    /// Exact odds of the home session: each fixed strategy's final-score distribution, its
    /// expected value, its chance to finish at or above zero, and head-to-head chances.
    SessionOdds(session_odds::SessionOddsCommand),
    /// Checks (or with --write, rewrites) the generated tables in the Markdown files of docs/.
    #[cfg(feature = "docs-tool")]
    Docs(docs::Docs),
    /// Serves the pages and the JSON API (every command's document, as `--format json`
    /// prints it) over HTTP, each request's work within a time and a memory budget.
    Serve(serve::Serve),
    /// A worker of `serve`: runs one request's job read on standard input (not for people).
    #[command(hide = true)]
    ServeWorker(serve::Worker),
    /// Prints a shell's completion script (bash, zsh, fish, powershell or elvish).
    Completions(completions::Completions),
    /// Prints the manual page (roff), for `man`.
    Man(man::Man),
}

/// Runs one command, writing what it prints to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    progress::set_quiet(cli.quiet);
    match cli.command {
        Command::Analyze(args) => analyze::run(args, out),
        Command::Rules(args) => rules::run(args, out),
        Command::Deal(args) => deal::run(args, out),
        Command::Decisions(args) => decisions::run(args, out),
        Command::Check(args) => check::run(args, out),
        Command::Chemin(args) => chemin::run(args, out),
        Command::Banque(args) => banque::run(args, out),
        Command::Verify(args) => verify::run(args, out),
        Command::Roads(args) => roads::run(args, out),
        Command::Audit(args) => audit::run(args, out),
        Command::Vectors(args) => vectors::run(args, out),
        Command::Fit(args) => fit::run(args, out),
        Command::Eor(args) => eor::run(args, out),
        Command::ShoeSim(args) => shoe_sim::run(args, out),
        Command::Count(args) => count::run(args, out),
        Command::Shoes(args) => shoes::run(args, out),
        Command::ShuffleTest(args) => shuffle_test::run(args, out),
        Command::Session(args) => session::run(args, out),
        Command::SessionOdds(args) => session_odds::run(args, out),
        #[cfg(feature = "docs-tool")]
        Command::Docs(args) => docs::run_docs(args, out),
        Command::Serve(args) => serve::run(args, out),
        Command::ServeWorker(args) => serve::run_worker(args, out),
        Command::Completions(args) => completions::run(args, out),
        Command::Man(args) => man::run(args, out),
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn the_flags_do_not_clash() {
        // clap checks short flags, names and conflicts for every subcommand here.
        Cli::command().debug_assert();
    }

    /// The subcommands a user's binary has (not `docs`, a maintainer's tool, nor `help`, nor
    /// a hidden one such as `serve-worker`), in the order of `--help`, that have `flag` if one
    /// is named.
    fn subcommands_with(flag: Option<&str>) -> Vec<String> {
        Cli::command()
            .get_subcommands()
            .filter(|sub| sub.get_name() != "docs" && !sub.is_hide_set())
            .filter(|sub| {
                flag.is_none_or(|flag| sub.get_arguments().any(|a| a.get_long() == Some(flag)))
            })
            .map(|sub| sub.get_name().to_string())
            .collect()
    }

    /// The words of a page between `start` and `end` (the first `end` after `start`), each
    /// stripped of backticks and punctuation: the commands a sentence or a loop lists.
    fn listed(page: &str, start: &str, end: &str) -> Vec<String> {
        let path = format!("{}/{page}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let from = text
            .find(start)
            .unwrap_or_else(|| panic!("{page} no longer says {start:?}"))
            + start.len();
        let to = text[from..]
            .find(end)
            .unwrap_or_else(|| panic!("{page} no longer says {end:?} after {start:?}"))
            + from;
        let mut words: Vec<String> = text[from..to]
            .split(|c: char| c.is_whitespace() || c == ',')
            .map(|word| word.trim_matches(|c: char| "`().:;".contains(c)))
            .filter(|word| !word.is_empty() && !matches!(*word, "and" | "et" | "with" | "avec"))
            .map(str::to_string)
            .collect();
        words.sort();
        words
    }

    /// Checks that a list of a page names every command it should, and no other.
    fn lists_every(page: &str, start: &str, end: &str, expected: &[String]) {
        let mut expected = expected.to_vec();
        expected.sort();
        assert_eq!(
            listed(page, start, end),
            expected,
            "{page}: the list after {start:?} is not the commands of `Cli::command()`"
        );
    }

    #[test]
    fn the_pages_list_every_command_they_mean() {
        // The man-page loop: every command has a page.
        let every = subcommands_with(None);
        for page in ["docs/en/cli.md", "docs/fr/ligne-de-commande.md"] {
            lists_every(page, "for c in ", "; do", &every);
        }
        // The commands that take --rules.
        let rules = subcommands_with(Some("rules"));
        lists_every("docs/en/cli.md", "It is taken by", ", so a variant", &rules);
        lists_every(
            "docs/fr/ligne-de-commande.md",
            "([fichiers-de-regles.md](fichiers-de-regles.md)).",
            "la\nprennent",
            &rules,
        );
        lists_every(
            "README.md",
            "every command that deals or settles a coup:",
            ".)",
            &rules,
        );
        // The commands that write a file with -o.
        let out = subcommands_with(Some("out"));
        lists_every("docs/en/cli.md", "replaced whole (", ") |", &out);
        lists_every(
            "docs/fr/ligne-de-commande.md",
            "remplacé en entier (",
            ") |",
            &out,
        );
        lists_every(
            "docs/en/input-output.md",
            "**Files** (",
            "with `--out`",
            &out,
        );
        lists_every(
            "docs/fr/entrees-sorties.md",
            "**Les fichiers** (",
            "avec\n  `--out`",
            &out,
        );
    }
}
