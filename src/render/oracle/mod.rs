//! The oracle's reports: a log's verification, a statistical fit, a detection plan.
//!
//! A verification can be written as it goes ([`VerifyReport`]): each discrepancy when it is
//! found, the summary at the end, byte for byte what [`verify_json`] or the text report of
//! [`discrepancy_line`] and [`summary_text`] give for the whole log at once.

use super::coup::rule_clause;
use super::table::{Align, Table};
use super::tableau::bet_name;
use super::{Format, Page, SCHEMA};
use crate::card::Card;
use crate::coup::Decision;
use crate::document::{Decimal, Document, fit as fit_doc, verify as verify_doc};
use crate::lang::Lang;
use crate::oracle::fit::{GroupFit, Grouping, MAX_PLANNED_COUPS, Needed, Plan, plain_number};
use crate::oracle::verify::{
    self, DealingFinding, Discrepancy, Finding, Kind, ReadLogError, Sink, Summary, Verifier,
};
use crate::outcome::{Hand, Winner};
use crate::rules::Action;
use crate::rules::Rules;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::io::{self, BufRead, Write};

mod fit;

pub use fit::{cell_label, fits_pass, per_test_alpha, render_fit, render_plan};

/// "the end of the order", or the card, for a card the order may lack.
fn order_card(card: Option<Card>, lang: Lang) -> String {
    card.map_or_else(
        || {
            lang.pick("the end of the order", "la fin de l’ordre")
                .to_string()
        },
        |card| card.to_string(),
    )
}

/// A shoe log's dealing finding as a sentence.
fn dealing_sentence(finding: &DealingFinding, lang: Lang) -> String {
    let n = |x: u64| lang.integer(&x.to_string());
    match finding {
        DealingFinding::OrderNotShoe {
            card,
            in_order,
            held,
        } => match lang {
            Lang::En => format!(
                "the shoe's order holds {card} {} times, but the shoe holds {}: the order is not the stated shoe",
                n(*in_order),
                n(*held)
            ),
            Lang::Fr => format!(
                "l’ordre du sabot contient {card} {} fois, mais le sabot en contient {}\u{a0}: l’ordre n’est pas le sabot annoncé",
                n(*in_order),
                n(*held)
            ),
        },
        DealingFinding::BurnNotOrder {
            position,
            burned,
            order,
        } => match lang {
            Lang::En => format!(
                "the {} card burned is {burned}, but the order's is {}: the burn is not the first cards of the shoe",
                lang.ordinal(*position as u64),
                order_card(*order, lang)
            ),
            Lang::Fr => format!(
                "la {} carte brûlée est {burned}, mais celle de l’ordre est {}\u{a0}: les cartes brûlées ne sont pas les premières du sabot",
                lang.ordinal(*position as u64),
                order_card(*order, lang)
            ),
        },
        DealingFinding::WrongBurn {
            first,
            given,
            expected,
        } => {
            let given = *given as u64;
            match (lang, first) {
                (Lang::En, Some(first)) => format!(
                    "the first card {first} burns {} {}, itself included, but the log burns {}",
                    n(*expected),
                    lang.cards(*expected as usize),
                    n(given)
                ),
                (Lang::Fr, Some(first)) => format!(
                    "la première carte {first} en brûle {} (elle comprise), mais le journal en brûle {}",
                    n(*expected),
                    n(given)
                ),
                (Lang::En, None) => format!(
                    "the log burns no card, but the procedure burns the first card and at least {} {} in all",
                    n(*expected),
                    lang.cards(*expected as usize)
                ),
                (Lang::Fr, None) => format!(
                    "le journal ne brûle aucune carte, mais la procédure brûle la première carte et au moins {} cartes en tout",
                    n(*expected)
                ),
            }
        }
        DealingFinding::CoupNotNext {
            position,
            card,
            expected,
            shoe_line,
        } => match lang {
            Lang::En => format!(
                "the coup's {} card is {card}, but the next card of the order of line {shoe_line} is {}: the coup did not take the next cards",
                lang.ordinal(*position as u64),
                order_card(*expected, lang)
            ),
            Lang::Fr => format!(
                "la {} carte du coup est {card}, mais la carte suivante de l’ordre de la ligne {shoe_line} est {}\u{a0}: le coup n’a pas pris les cartes suivantes",
                lang.ordinal(*position as u64),
                order_card(*expected, lang)
            ),
        },
        DealingFinding::CoupAfterEnd {
            coups,
            remaining,
            shoe_line,
        } => match lang {
            Lang::En => format!(
                "a coup is dealt after the shoe of line {shoe_line} ended: the cut card came out and the coups after it were dealt, after {} coups, with {} {} left",
                n(*coups),
                n(*remaining),
                lang.cards(*remaining as usize)
            ),
            Lang::Fr => format!(
                "un coup est donné après la fin du sabot de la ligne {shoe_line}\u{a0}: la carte de coupe est sortie et les coups suivants ont été donnés, après {} coups, avec {} {} restantes",
                n(*coups),
                n(*remaining),
                lang.cards(*remaining as usize)
            ),
        },
        DealingFinding::EndedEarly {
            coups,
            remaining,
            cut_out,
            shoe_line,
        } => match (lang, cut_out) {
            (Lang::En, false) => format!(
                "the shoe of line {shoe_line} ends after {} coups with {} cards left, before the cut card came out",
                n(*coups),
                n(*remaining)
            ),
            (Lang::En, true) => format!(
                "the shoe of line {shoe_line} ends after {} coups, before the coups due after the cut card were dealt",
                n(*coups)
            ),
            (Lang::Fr, false) => format!(
                "le sabot de la ligne {shoe_line} s’arrête après {} coups avec {} cartes restantes, avant la sortie de la carte de coupe",
                n(*coups),
                n(*remaining)
            ),
            (Lang::Fr, true) => format!(
                "le sabot de la ligne {shoe_line} s’arrête après {} coups, avant les coups dus après la carte de coupe",
                n(*coups)
            ),
        },
    }
}

/// A finding as a sentence: "the engine has Banco draw; Banco on 3 stands against a third
/// card 8". The verifier returns findings as values; every word of them is written here.
pub fn finding_sentence(finding: &Finding, rules: &Rules, lang: Lang) -> String {
    let clause = |decision: &Decision| rule_clause(&rules.drawing, *decision, lang);
    let semicolon = lang.semicolon();
    let hand = |hand: &Hand| lang.hand(*hand);
    match finding {
        Finding::Malformed { message, .. } => message.clone(),
        Finding::Dealing(finding) => dealing_sentence(finding, lang),
        Finding::ImpossibleCard {
            card,
            times,
            held,
            shoe_line,
        } => match lang {
            Lang::En => format!(
                "{card} is dealt a {} time since the shoe of line {shoe_line}, which holds {held}",
                lang.ordinal(*times)
            ),
            Lang::Fr => format!(
                "{card} est donnée une {} fois depuis le sabot de la ligne {shoe_line}, qui n’en contient que {held}",
                lang.ordinal(*times)
            ),
        },
        Finding::ImpossibleRank {
            card,
            times,
            held,
            shoe_line,
        } => match lang {
            Lang::En => format!(
                "{card} is the {} card of rank {} since the shoe of line {shoe_line}, which holds {held}",
                lang.ordinal(*times),
                card.rank
            ),
            Lang::Fr => format!(
                "{card} est la {} carte de rang {} depuis le sabot de la ligne {shoe_line}, qui n’en contient que {held}",
                lang.ordinal(*times),
                card.rank
            ),
        },
        Finding::TooFewCards {
            given,
            role,
            decision,
        } => {
            let why = decision
                .as_ref()
                .map_or(String::new(), |d| format!("{semicolon} {}", clause(d)));
            let cards = lang.cards(*given);
            let role = lang.role(*role);
            match lang {
                Lang::En => format!("the log has {given} {cards}: the coup also needs {role}{why}"),
                Lang::Fr => format!("le journal a {given} {cards}\u{a0}: il manque {role}{why}"),
            }
        }
        Finding::ExtraCards {
            hand: Some(drew),
            decision,
            ..
        } => match lang {
            Lang::En => format!("the engine has {} draw; {}", hand(drew), clause(decision)),
            Lang::Fr => format!(
                "le moteur fait tirer {}\u{a0}; {}",
                hand(drew),
                clause(decision)
            ),
        },
        Finding::ExtraCards {
            given,
            needed,
            hand: None,
            decision,
        } => match lang {
            Lang::En => format!(
                "the log has {given} cards but the coup uses {needed}; {}",
                clause(decision)
            ),
            Lang::Fr => format!(
                "le journal a {given} cartes mais le coup en utilise {needed}\u{a0}; {}",
                clause(decision)
            ),
        },
        Finding::WrongDraw {
            hand: drew,
            engine_draws,
            decision,
        } => {
            let action = if *engine_draws {
                Action::Draw
            } else {
                Action::Stand
            };
            let verb = lang.infinitive(action);
            match lang {
                Lang::En => format!("the engine has {} {verb}; {}", hand(drew), clause(decision)),
                Lang::Fr => format!(
                    "le moteur fait {verb} {}\u{a0}; {}",
                    hand(drew),
                    clause(decision)
                ),
            }
        }
        Finding::WrongNatural { engine } => {
            let natural = lang.natural();
            match (lang, engine) {
                (Lang::En, true) => format!("the engine claims a {natural}; there is none"),
                (Lang::En, false) => format!("the engine misses a {natural}"),
                (Lang::Fr, true) => {
                    format!("le moteur annonce un {natural}\u{a0}; il n’y en a pas")
                }
                (Lang::Fr, false) => format!("le moteur ne voit pas un {natural}"),
            }
        }
        Finding::WrongTotal {
            hand: of,
            engine,
            rules,
        } => match lang {
            Lang::En => format!(
                "the engine gives {} a total of {engine}; the cards make {rules}",
                hand(of)
            ),
            Lang::Fr => format!(
                "le moteur donne à {} un total de {engine}\u{a0}; les cartes font {rules}",
                hand(of)
            ),
        },
        Finding::WrongWinner { engine, rules } => {
            let (engine, rules_word) = (lang.outcome(*engine), lang.outcome(*rules));
            match (lang, rules) {
                (Lang::En, Winner::Tie) => format!("the engine says {engine}; the coup is a Tie"),
                (Lang::En, _) => {
                    format!("the engine says {engine}; the coup is won by {rules_word}")
                }
                (Lang::Fr, _) => {
                    format!("le moteur annonce {engine}\u{a0}; le résultat est {rules_word}")
                }
            }
        }
        Finding::WrongNet {
            bet,
            engine,
            rules: Some(net),
        } => {
            // The engine's net is quoted as logged, never rewritten.
            let (bet, net) = (bet_name(bet, lang), net_text(net, lang));
            match lang {
                Lang::En => format!("the engine nets `{engine}` on {bet}; the rules net {net}"),
                Lang::Fr => {
                    format!("le moteur règle `{engine}` sur {bet}\u{a0}; les règles donnent {net}")
                }
            }
        }
        Finding::WrongNet {
            bet, rules: None, ..
        } => match lang {
            Lang::En => format!("the engine pays a bet `{bet}` that the rules do not have"),
            Lang::Fr => format!("le moteur règle un pari `{bet}` absent des règles"),
        },
        Finding::Road { shoe, disagreement } => {
            super::road_rules::road_finding_sentence(*shoe, disagreement, lang)
        }
    }
}

/// A net for people: `19`, `−1`, `0.95` (`0,95` in French).
fn net_text(net: &BigRational, lang: Lang) -> String {
    let text = if net.is_integer() {
        net.to_integer().to_string()
    } else {
        let text = format!("{:.6}", net.to_f64().unwrap_or(f64::NAN));
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    lang.point(&text.replace('-', "−"))
}

/// A discrepancy as one line: `line 1042: the engine has Banco draw; …`.
pub fn discrepancy_line(discrepancy: &Discrepancy, rules: &Rules, lang: Lang) -> String {
    format!(
        "{} {}{} {}",
        lang.pick("line", "ligne"),
        discrepancy.line,
        lang.colon(),
        finding_sentence(&discrepancy.finding, rules, lang)
    )
}

fn kind_name(kind: Kind, lang: Lang) -> &'static str {
    match kind {
        Kind::Malformed => lang.pick("malformed", "illisible"),
        Kind::ImpossibleCard => lang.pick("impossible card", "carte impossible"),
        Kind::Dealing => lang.pick("dealing", "donne du sabot"),
        Kind::Draw => lang.pick("drawing", "tirage"),
        Kind::Natural => lang.natural(),
        Kind::Total => lang.pick("total", "total"),
        Kind::Winner => lang.pick("winner", "gagnant"),
        Kind::Net => lang.pick("net paid", "gain réglé"),
        Kind::Road => lang.pick("road", "route"),
    }
}

/// The summary's rows for people: a label and its figure ("Coups read", "3").
fn summary_rows(summary: &Summary, lang: Lang) -> Vec<(&'static str, String)> {
    let n = |x: usize| lang.integer(&x.to_string());
    let kinds: Vec<String> = summary
        .disagreeing
        .iter()
        .map(|(kind, count)| format!("{} {}", kind_name(*kind, lang), n(*count)))
        .collect();
    let disagreeing = if kinds.is_empty() {
        n(summary.disagreeing_total())
    } else {
        format!("{} ({})", n(summary.disagreeing_total()), kinds.join(", "))
    };
    let mut rows = vec![
        (lang.pick("Coups read", "Coups lus"), n(summary.coups)),
        (
            lang.pick("Shoes begun", "Sabots commencés"),
            n(summary.shoes),
        ),
        (lang.pick("Agreeing", "Conformes"), n(summary.agreeing)),
        (lang.pick("Disagreeing", "Non conformes"), disagreeing),
        (
            lang.pick("Malformed lines (skipped)", "Lignes illisibles (ignorées)"),
            n(summary.malformed),
        ),
    ];
    // Only shoe logs can have them: other logs' summaries stay as they were.
    if summary.shoes_disagreeing() > 0 {
        rows.push((
            lang.pick("Shoes dealt wrong", "Sabots mal donnés"),
            n(summary.shoes_disagreeing()),
        ));
    }
    rows
}

/// The sentence that says the reading stopped at a line too long, if it did.
fn stopped_sentence(summary: &Summary, lang: Lang) -> Option<String> {
    let line = lang.integer(&summary.stopped?.to_string());
    Some(match lang {
        Lang::En => format!(
            "Read only up to line {line}: it is too long, and the lines after it were not read"
        ),
        Lang::Fr => format!(
            "Lu seulement jusqu’à la ligne {line}\u{a0}: elle est trop longue, et les lignes suivantes n’ont pas été lues"
        ),
    })
}

/// The summary of a verification, for people.
pub fn summary_text(summary: &Summary, lang: Lang) -> String {
    let colon = lang.colon();
    let mut out = String::new();
    for (label, figure) in summary_rows(summary, lang) {
        out.push_str(&format!("{label}{colon} {figure}\n"));
    }
    if let Some(sentence) = stopped_sentence(summary, lang) {
        out.push_str(&sentence);
        out.push('\n');
    }
    out
}

/// The heading of a verification's discrepancies in Markdown, before the first.
fn discrepancies_heading(lang: Lang) -> String {
    format!("## {}\n\n", lang.pick("Discrepancies", "Écarts"))
}

/// The summary of a verification in Markdown: a heading and a pipe table.
pub fn summary_markdown(summary: &Summary, lang: Lang) -> String {
    let mut table = Table::new(&[
        (lang.pick("Lines", "Lignes"), Align::Left),
        (lang.pick("Count", "Nombre"), Align::Right),
    ]);
    for (label, figure) in summary_rows(summary, lang) {
        table.row(vec![label.to_string(), figure]);
    }
    let mut out = format!("## {}\n\n", lang.pick("Summary", "Bilan"));
    out.push_str(&table.to_markdown());
    if let Some(sentence) = stopped_sentence(summary, lang) {
        out.push_str(&format!("\n{sentence}.\n"));
    }
    out
}

/// Why a streamed verification stopped: reading the log, or writing the report (a reader
/// that stops early, as `| head` does, is a write error of kind `BrokenPipe`).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// The log could not be read.
    #[error("cannot read the log: {0}")]
    Read(io::Error),
    /// The report could not be written.
    #[error("cannot write the report: {0}")]
    Write(io::Error),
    /// A line longer than the limit: the report was finished with it as a malformed line,
    /// and the log was not read further.
    #[error(
        "line {line} is longer than {limit} bytes, the longest line accepted: the log was read up to it"
    )]
    TooLong {
        /// The line's 1-based number.
        line: usize,
        /// The limit, in bytes.
        limit: usize,
    },
    /// A line the roads follower cannot read (`verify --roads`): the log was read up to it.
    #[error("{0}")]
    Stop(verify::LineStop),
}

/// Verifies a log read line by line, each line at most `max_line_len` bytes (a longer one
/// is a malformed line), and writes the report to `out` as it goes: each discrepancy when
/// found, the summary at the end. Memory stays flat whatever the log's length; the
/// returned summary's verdict picks the exit code.
pub fn write_verification(
    reader: impl BufRead,
    out: impl Write,
    rules: &Rules,
    page: &Page,
    max_line_len: usize,
) -> Result<Summary, StreamError> {
    write_verification_by(reader, out, Verifier::new(rules), rules, page, max_line_len)
}

/// [`write_verification`] with a verifier of the caller's (one holding shoe logs to a
/// dealing procedure, [`Verifier::with_dealing`]); `rules` are the verifier's.
pub fn write_verification_by(
    reader: impl BufRead,
    out: impl Write,
    verifier: Verifier,
    rules: &Rules,
    page: &Page,
    max_line_len: usize,
) -> Result<Summary, StreamError> {
    write_verification_following(reader, out, verifier, rules, page, max_line_len, &mut ())
}

/// [`write_verification_by`] with a follower reading the lines beside the verifier (the
/// roads a log states, `verify --roads`): its findings are reported with the verifier's,
/// and a line it cannot read stops the verification with [`StreamError::Stop`].
pub fn write_verification_following(
    reader: impl BufRead,
    out: impl Write,
    mut verifier: Verifier,
    rules: &Rules,
    page: &Page,
    max_line_len: usize,
    follower: &mut dyn verify::Follower,
) -> Result<Summary, StreamError> {
    let mut report = VerifyReport::new(out, rules, page).map_err(StreamError::Write)?;
    let summary =
        verify::read_log_following(reader, &mut verifier, max_line_len, &mut report, follower)
            .map_err(|e| match e {
                ReadLogError::Read(e) => StreamError::Read(e),
                ReadLogError::Sink(e) => StreamError::Write(e),
                ReadLogError::Stop(stop) => StreamError::Stop(stop),
            })?;
    match summary.stopped() {
        Some(line) => Err(StreamError::TooLong {
            line,
            limit: max_line_len,
        }),
        None => Ok(summary),
    }
}

/// One discrepancy for the document.
fn discrepancy_json(d: &Discrepancy, rules: &Rules) -> verify_doc::Discrepancy {
    let column = match &d.finding {
        Finding::Malformed { column, .. } => *column,
        _ => None,
    };
    verify_doc::Discrepancy {
        column,
        kind: d.finding.kind().key(),
        line: d.line,
        text: finding_sentence(&d.finding, rules, Lang::En),
    }
}

/// The summary for the document.
fn summary_json(summary: &Summary) -> verify_doc::VerifySummary {
    verify_doc::VerifySummary {
        agreeing: summary.agreeing,
        all_agree: summary.all_agree(),
        coups: summary.coups,
        disagreeing: summary.disagreeing_total(),
        disagreeing_by_kind: (summary.disagreeing.iter())
            .map(|(kind, &count)| (kind.key(), count))
            .collect(),
        malformed: summary.malformed,
        shoes: summary.shoes,
        // Only shoe logs can have them: other logs' documents stay as they were.
        shoes_dealt_wrong: (summary.shoes_disagreeing() > 0).then(|| summary.shoes_disagreeing()),
        verdict: summary.verdict_key(),
    }
}

/// The whole verification as one document.
pub fn verify_json(
    discrepancies: &[Discrepancy],
    summary: &Summary,
    rules: &Rules,
) -> verify_doc::Verify {
    verify_doc::Verify {
        discrepancies: (discrepancies.iter())
            .map(|d| discrepancy_json(d, rules))
            .collect(),
        schema: SCHEMA,
        summary: summary_json(summary),
    }
}

/// The whole verification in Markdown: the discrepancies as a list under a heading (when
/// there are some), then the summary's heading and table.
pub fn verify_markdown(
    discrepancies: &[Discrepancy],
    summary: &Summary,
    rules: &Rules,
    lang: Lang,
) -> String {
    let mut out = String::new();
    if !discrepancies.is_empty() {
        out.push_str(&discrepancies_heading(lang));
    }
    for d in discrepancies {
        out.push_str(&format!("- {}\n", discrepancy_line(d, rules, lang)));
    }
    out + &verify_markdown_tail(summary, lang, !discrepancies.is_empty())
}

/// Pretty JSON nested `depth` levels deep: every line after the first indented to match.
fn nested(value: &impl serde::Serialize, depth: usize) -> String {
    let indent = "  ".repeat(depth);
    let text = serde_json::to_string_pretty(value).expect("a document is plain data");
    text.replace('\n', &format!("\n{indent}"))
}

/// The JSON report's opening, before any discrepancy. Pretty JSON sorts keys, so the
/// discrepancies come first, then `schema` and `summary`.
pub fn verify_json_head() -> &'static str {
    "{\n  \"discrepancies\": ["
}

/// One discrepancy of the JSON report, with the separator before it (`first` for the first).
pub fn verify_json_item(discrepancy: &Discrepancy, rules: &Rules, first: bool) -> String {
    format!(
        "{}\n    {}",
        if first { "" } else { "," },
        nested(&discrepancy_json(discrepancy, rules), 2)
    )
}

/// The JSON report's end: the summary (`any` when some discrepancy was written), with the
/// final line break.
pub fn verify_json_tail(summary: &Summary, any: bool) -> String {
    format!(
        "{}],\n  \"schema\": {},\n  \"summary\": {}\n}}\n",
        if any { "\n  " } else { "" },
        SCHEMA,
        nested(&summary_json(summary), 1)
    )
}

/// The Markdown report's end: a blank line after the list of discrepancies, if any, then the
/// summary's heading and table.
pub fn verify_markdown_tail(summary: &Summary, lang: Lang, any: bool) -> String {
    format!(
        "{}{}",
        if any { "\n" } else { "" },
        summary_markdown(summary, lang)
    )
}

/// The text report's end: a blank line after the discrepancies, if any, then the summary.
pub fn verify_text_tail(summary: &Summary, lang: Lang, any: bool) -> String {
    format!(
        "{}{}",
        if any { "\n" } else { "" },
        summary_text(summary, lang)
    )
}

/// A verification report written as it goes: each discrepancy as it is found, the summary
/// at the end. Text, Markdown (the discrepancies a list under a heading, the summary a pipe
/// table) or JSON, as the whole-log renderers give it.
pub struct VerifyReport<'r, W: Write> {
    out: W,
    rules: &'r Rules,
    lang: Lang,
    format: Format,
    written: usize,
}

impl<'r, W: Write> VerifyReport<'r, W> {
    /// Begins a report (the JSON one writes its opening now).
    pub fn new(mut out: W, rules: &'r Rules, page: &Page) -> io::Result<VerifyReport<'r, W>> {
        let (lang, format) = (page.lang, page.format);
        if format == Format::Json {
            out.write_all(verify_json_head().as_bytes())?;
        }
        Ok(VerifyReport {
            out,
            rules,
            lang,
            format,
            written: 0,
        })
    }

    /// Writes one discrepancy.
    pub fn discrepancy(&mut self, discrepancy: &Discrepancy) -> io::Result<()> {
        let first = self.written == 0;
        let text = match self.format {
            Format::Json => verify_json_item(discrepancy, self.rules, first),
            Format::Markdown => format!(
                "{}- {}\n",
                if first {
                    discrepancies_heading(self.lang)
                } else {
                    String::new()
                },
                discrepancy_line(discrepancy, self.rules, self.lang)
            ),
            _ => discrepancy_line(discrepancy, self.rules, self.lang) + "\n",
        };
        self.out.write_all(text.as_bytes())?;
        self.written = self.written.saturating_add(1);
        Ok(())
    }

    /// Writes the summary, flushes, and hands the writer back.
    pub fn finish(mut self, summary: &Summary) -> io::Result<W> {
        self.summary(summary)?;
        Ok(self.out)
    }
}

/// The report is where a streamed verification writes ([`verify::read_log`]).
impl<W: Write> Sink for VerifyReport<'_, W> {
    type Error = io::Error;

    fn discrepancy(&mut self, discrepancy: &Discrepancy) -> io::Result<()> {
        VerifyReport::discrepancy(self, discrepancy)
    }

    /// Writes the summary and flushes.
    fn summary(&mut self, summary: &Summary) -> io::Result<()> {
        let any = self.written > 0;
        let text = match self.format {
            Format::Json => verify_json_tail(summary, any),
            Format::Markdown => verify_markdown_tail(summary, self.lang, any),
            _ => verify_text_tail(summary, self.lang, any),
        };
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }
}
