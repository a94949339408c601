//! Progress bars on stderr for long work: the library's [`Progress`] drawn with indicatif,
//! only when stderr is a terminal and `--quiet` was not given. A bar clears itself when the
//! work ends, so what a finished command leaves on stdout and stderr is the same with or
//! without it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use punto_banco::lang::Lang;
use punto_banco::progress::{Progress, Stage};
use std::io::{BufRead, IsTerminal, Read};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once from the global `--quiet` flag, before the command runs.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Silences every bar from now on (`--quiet`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// What a stage is doing, in the reader's language.
fn doing(stage: Stage, lang: Lang) -> &'static str {
    match stage {
        Stage::Shoes => lang.pick("dealing shoes", "donne des sabots"),
        Stage::Removals => lang.pick("removing each card", "retrait de chaque carte"),
        Stage::Lines => lang.pick("analysing lines", "analyse des lignes"),
        Stage::Log => lang.pick("reading the log", "lecture du journal"),
        Stage::SessionFigures => lang.pick(
            "summing the session's odds",
            "calcul des chances de la session",
        ),
        Stage::Supports => lang.pick("examining supports", "examen des supports"),
        Stage::Cells => lang.pick("deciding the cells", "examen des cellules"),
        Stage::Bets => lang.pick("pricing the bets", "calcul des paris"),
        _ => lang.pick("working", "calcul"),
    }
}

/// A progress bar on stderr, or nothing at all when nobody is watching.
pub struct Bar {
    bar: Option<ProgressBar>,
    lang: Lang,
}

impl Bar {
    /// A bar in `lang`, drawn only when stderr is a terminal and `--quiet` was not given.
    pub fn new(lang: Lang) -> Bar {
        let watching = !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal();
        // Hidden until a stage starts: a bar drawn before it knows its length and words
        // flashed "0/0".
        let bar =
            watching.then(|| ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()));
        Bar { bar, lang }
    }
}

impl Progress for Bar {
    fn start(&self, stage: Stage, total: u64) {
        let Some(bar) = &self.bar else { return };
        // Each setting below may draw: none is drawn until all are made.
        bar.set_draw_target(ProgressDrawTarget::hidden());
        let eta = self.lang.pick("left", "restant");
        // A log is counted in bytes, the rest in the stage's own units.
        let (pos, len) = match stage {
            Stage::Log => ("{bytes}", "{total_bytes}"),
            _ => ("{pos}", "{len}"),
        };
        let template = if total == 0 {
            format!("{{spinner}} {{msg}} {pos} ({{elapsed}})")
        } else {
            format!("{{msg}} [{{bar:30}}] {pos}/{len} ({{eta}} {eta})")
        };
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(doing(stage, self.lang));
        if total == 0 {
            bar.unset_length();
        } else {
            bar.set_length(total);
        }
        bar.set_position(0);
        bar.reset_eta();
        bar.set_draw_target(ProgressDrawTarget::stderr());
        // A unit may take seconds (a session's figure): the clock and the spinner move on
        // between them.
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
    }

    fn advance(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    // A command that fails halfway leaves no bar behind it.
    fn drop(&mut self) {
        self.finish();
    }
}

/// The size of the file at `path` when it is a file, else 0 (standard input, a pipe).
pub fn file_size(path: &str) -> u64 {
    match std::fs::metadata(path) {
        Ok(meta) if path != "-" && meta.is_file() => meta.len(),
        _ => 0,
    }
}

/// A reader that advances a bar by the bytes read through it ([`Stage::Log`]).
pub struct Watched<'a, R> {
    inner: R,
    bar: &'a Bar,
}

impl<'a, R: BufRead> Watched<'a, R> {
    /// Reads `inner`, telling `bar` of every byte read.
    pub fn new(inner: R, bar: &'a Bar) -> Watched<'a, R> {
        Watched { inner, bar }
    }
}

impl<R: BufRead> Read for Watched<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.advance(n as u64);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Watched<'_, R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.bar.advance(amount as u64);
        self.inner.consume(amount);
    }
}
