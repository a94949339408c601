//! Renderings for people (aligned text, Markdown) and for programs (JSON).
//!
//! The only module where floating point appears: exact values are turned into decimals here,
//! for printing, and JSON carries the exact value beside the rounded one.

pub mod analysis;
pub mod audit;
pub mod banque;
pub mod chart;
pub mod check;
pub mod choices;
pub mod condition;
pub mod count;
pub mod coup;
pub mod csv;
pub mod decisions;
pub mod depletion;
pub mod lab;
pub mod oracle;
pub mod prose;
pub mod road_rules;
pub mod roads;
pub mod session;
pub mod shuffle;
pub mod table;
pub mod tableau;

use crate::document::{Amount, Decimal, Exact};
use crate::lang::Lang;
use crate::rules::Action;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// The schema version every JSON document carries (defined once, at the crate root).
pub use crate::SCHEMA;

/// Every form the tool writes: for people (aligned text, Markdown), for programs (JSON, CSV)
/// and for the eye (an SVG chart). A report renders the first three; CSV and SVG are written
/// by the commands that have a table or a chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Aligned tables for a terminal.
    #[default]
    Text,
    /// GitHub-flavoured Markdown tables.
    Markdown,
    /// One JSON document.
    Json,
    /// RFC 4180 CSV: one table.
    Csv,
    /// An SVG chart.
    Svg,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 5] = [
        Format::Text,
        Format::Markdown,
        Format::Json,
        Format::Csv,
        Format::Svg,
    ];

    /// The format's name on the command line: `text`, `markdown`, `json`, `csv`, `svg`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Svg => "svg",
        }
    }

    /// The format of that name, if any.
    ///
    /// ```
    /// use punto_banco::render::Format;
    /// for format in Format::ALL {
    ///     assert_eq!(Format::from_name(format.name()), Some(format));
    /// }
    /// assert_eq!(Format::from_name("html"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.name() == name)
    }
}

/// How a report is rendered: its format and language, the width its text tables and prose
/// must fit (`None`: unfitted), and its depth, the number of headings a page that places it
/// under headings of its own puts above it (0 for a page of its own), which lowers its
/// Markdown headings as much.
///
/// ```
/// use punto_banco::lang::Lang;
/// use punto_banco::render::table::{Align, Table};
/// use punto_banco::render::{Format, Page};
/// let mut table = Table::new(&[("Bet", Align::Left)]);
/// table.row(vec!["Banco".into()]);
/// let markdown = Page::new(Format::Markdown, Lang::En).under(1);
/// assert_eq!(markdown.heading(2, "Bets"), "### Bets\n\n");
/// assert!(markdown.table(&table).starts_with("| Bet"));
/// let text = Page::new(Format::Text, Lang::En).within(Some(80));
/// assert_eq!(text.heading(2, "Bets"), "Bets\n\n");
/// assert_eq!(text.table(&table), table.to_text());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// The format.
    pub format: Format,
    /// The language.
    pub lang: Lang,
    /// The width text tables and prose must fit, if any (Markdown tables are never narrowed).
    pub width: Option<usize>,
    /// The headings above the report on the page that holds it (0: a page of its own).
    pub depth: usize,
}

impl Page {
    /// A page of its own in `format` and `lang`, unfitted.
    pub fn new(format: Format, lang: Lang) -> Page {
        Page {
            format,
            lang,
            width: None,
            depth: 0,
        }
    }

    /// The page with its text fitted to `width` columns (`None`: unfitted).
    pub fn within(self, width: Option<usize>) -> Page {
        Page { width, ..self }
    }

    /// The page placed under `depth` headings of another.
    pub fn under(self, depth: usize) -> Page {
        Page { depth, ..self }
    }

    /// Whether the page is Markdown.
    pub fn is_markdown(&self) -> bool {
        self.format == Format::Markdown
    }

    /// A heading and the blank line after it: in Markdown at `level` below the page's depth
    /// (`level` 1 is `#` on a page of its own), else the title alone.
    pub fn heading(&self, level: usize, title: &str) -> String {
        if self.is_markdown() {
            format!("{} {title}\n\n", "#".repeat(level + self.depth))
        } else {
            format!("{title}\n\n")
        }
    }

    /// A table laid out for the page: Markdown, else aligned text fitted to the width.
    pub fn table(&self, table: &table::Table) -> String {
        if self.is_markdown() {
            table.to_markdown()
        } else {
            table.to_text_within(self.width)
        }
    }
}

/// The verb of an action: `draws`/`stands`, `tire`/`reste` (the word table's [`Lang::verb`]).
pub fn verb(action: Action, lang: Lang) -> &'static str {
    lang.verb(action)
}

/// An action's key in JSON output: `draw` or `stand`.
pub fn action_key(action: Action) -> &'static str {
    match action {
        Action::Draw => "draw",
        Action::Stand => "stand",
    }
}

/// A change of an edge in percentage points with its sign: `+0.0188`, `−0.0045`.
pub fn percentage_points(change: &BigRational, lang: Lang, places: usize) -> String {
    let value = approx(change) * 100.0;
    let text = lang.decimal(value.abs(), places);
    if value > 0.0 {
        format!("+{text}")
    } else if value < 0.0 {
        format!("−{text}")
    } else {
        text
    }
}

/// A reduced fraction for people, with a true minus sign: `−39437680/3904998652737`.
pub fn fraction_text(value: &BigRational) -> String {
    fraction(value).replace('-', "−")
}

/// A reduced fraction as `"n/d"`.
pub fn fraction(value: &BigRational) -> String {
    format!("{}/{}", value.numer(), value.denom())
}

/// The nearest `f64`, for printing only.
pub fn approx(value: &BigRational) -> f64 {
    // Where numerator and denominator are exact doubles, one division rounds correctly.
    const EXACT: u64 = 1 << 53;
    let small = |x: &BigInt| x.magnitude().to_u64().filter(|&v| v <= EXACT);
    match (small(value.numer()), small(value.denom())) {
        (Some(n), Some(d)) => {
            let q = n as f64 / d as f64;
            if value.is_negative() { -q } else { q }
        }
        _ => value.to_f64().unwrap_or(f64::NAN),
    }
}

/// A probability or edge for a document: the exact fraction and a rounded decimal beside it.
pub fn exact(value: &BigRational) -> Exact {
    Exact {
        decimal: Decimal(approx(value)),
        exact: fraction(value),
    }
}

/// A signed amount for people: `+19`, `−20`, `0`, `+9.5` (`+9,5` in French); uses the true
/// minus sign.
pub fn signed_amount(value: &BigRational, lang: Lang) -> String {
    let magnitude = if value.is_integer() {
        value.numer().abs().to_string()
    } else {
        let text = format!("{:.4}", approx(&value.abs()));
        let trimmed = text.trim_end_matches('0').trim_end_matches('.');
        lang.pick(trimmed, &trimmed.replace('.', ",")).to_string()
    };
    if value.is_zero() {
        "0".to_string()
    } else if value.is_positive() {
        format!("+{magnitude}")
    } else {
        format!("−{magnitude}")
    }
}

/// An amount for a document: an integer when whole, else the decimal (stakes times tariff
/// ratios always have terminating decimals, so the number is exact).
pub fn amount(value: &BigRational) -> Amount {
    match value.is_integer().then(|| value.numer().to_i64()).flatten() {
        Some(whole) => Amount::Whole(whole),
        None => Amount::Fraction(approx(value)),
    }
}
