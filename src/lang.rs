//! The two languages of the rule texts, and the game's words in each.
//!
//! The terms are the teaching texts' own: Punto, Banco, Tie / Égalité, natural / naturel.

use crate::outcome::Winner;
use std::fmt;
use std::str::FromStr;

/// A language of output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

/// A language code that is not `en` or `fr`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language: expected en or fr")]
pub struct LangError(pub String);

impl FromStr for Lang {
    type Err = LangError;
    fn from_str(code: &str) -> Result<Lang, LangError> {
        match code.to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "fr" => Ok(Lang::Fr),
            _ => Err(LangError(code.to_string())),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language's code: `en` or `fr`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// Picks the English or the French value: a text, or anything else.
    pub fn pick<T>(self, en: T, fr: T) -> T {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }

    /// The name of an outcome: Punto, Banco, or Tie / Égalité.
    pub fn outcome(self, winner: Winner) -> &'static str {
        match winner {
            Winner::Punto => "Punto",
            Winner::Banco => "Banco",
            Winner::Tie => self.pick("Tie", "Égalité"),
        }
    }

    /// The word for a natural.
    pub fn natural(self) -> &'static str {
        self.pick("natural", "naturel")
    }

    /// A number in the language's decimal notation, with `places` decimals.
    pub fn decimal(self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}").replace('-', "−");
        match self {
            Lang::En => text,
            Lang::Fr => text.replace('.', ","),
        }
    }

    /// A percentage with `places` decimals: `1.0579%` or `1,0579 %`.
    pub fn percent(self, value: f64, places: usize) -> String {
        let number = self.decimal(value, places);
        match self {
            Lang::En => format!("{number}%"),
            Lang::Fr => format!("{number}\u{202f}%"),
        }
    }

    /// An integer with thousands separators: `4,998,398,275,503,360` or `4 998 398 275 503 360`.
    pub fn integer(self, digits: &str) -> String {
        let separator = self.pick(",", "\u{202f}");
        let (sign, digits) = match digits.strip_prefix('-') {
            Some(rest) => ("-", rest),
            None => ("", digits),
        };
        let mut groups = Vec::new();
        let mut end = digits.len();
        while end > 3 {
            groups.push(&digits[end - 3..end]);
            end -= 3;
        }
        groups.push(&digits[..end]);
        groups.reverse();
        format!("{sign}{}", groups.join(separator))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_grouped() {
        assert_eq!(
            Lang::En.integer("4998398275503360"),
            "4,998,398,275,503,360"
        );
        assert_eq!(Lang::En.integer("416"), "416");
        assert_eq!(Lang::En.integer("-1000"), "-1,000");
        assert_eq!(Lang::Fr.integer("1000"), "1\u{202f}000");
    }

    #[test]
    fn codes_parse() {
        assert_eq!("FR".parse(), Ok(Lang::Fr));
        assert_eq!("de".parse::<Lang>(), Err(LangError("de".into())));
    }
}
