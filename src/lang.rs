//! The two languages of the rule texts, and the game's words in each.
//!
//! The terms are the teaching texts' own: Punto, Banco, Tie / Égalité, natural / naturel.
//! This is the one word table of the crate: the presentation layer takes the game's words,
//! roles, ordinals, plurals, verbs and the punctuation that differs between the two languages
//! from here, so that each French word is written once.
//!
//! ```
//! use punto_banco::lang::Lang;
//! use punto_banco::rules::Action;
//! assert_eq!(Lang::Fr.verb(Action::Draw), "tire");
//! assert_eq!(Lang::Fr.ordinal(1), "1re");
//! assert_eq!(Lang::En.ordinal(22), "22nd");
//! assert_eq!(Lang::Fr.cards(2), "cartes");
//! ```

use crate::card::Suit;
use crate::coup::Role;
use crate::outcome::{Hand, Winner};
use crate::rules::Action;
use crate::rules::condition::{CardSet, Who};
use std::fmt;
use std::str::FromStr;

/// A language of output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
}

/// A language code that is not `en` or `fr`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language: expected en or fr")]
#[non_exhaustive]
pub struct LangError(
    /// The code as given.
    pub String,
);

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

    /// A natural with its article: "a natural", "un naturel".
    pub fn a_natural(self) -> &'static str {
        self.pick("a natural", "un naturel")
    }

    /// The word for naturals, in the plural.
    pub fn naturals(self) -> &'static str {
        self.pick("naturals", "naturels")
    }

    /// The plural of a Tie: Ties / Égalités.
    pub fn ties(self) -> &'static str {
        self.pick("Ties", "Égalités")
    }

    /// A hand's name, the same in both languages: Punto or Banco.
    pub fn hand(self, hand: Hand) -> &'static str {
        match hand {
            Hand::Punto => "Punto",
            Hand::Banco => "Banco",
        }
    }

    /// "Punto wins", "Banco gagne"; a Tie is only its name.
    pub fn wins(self, winner: Winner) -> &'static str {
        match winner {
            Winner::Punto => self.pick("Punto wins", "Punto gagne"),
            Winner::Banco => self.pick("Banco wins", "Banco gagne"),
            Winner::Tie => self.outcome(Winner::Tie),
        }
    }

    /// The verb of an action in the third person: `draws`/`stands`, `tire`/`reste`.
    pub fn verb(self, action: Action) -> &'static str {
        match action {
            Action::Draw => self.pick("draws", "tire"),
            Action::Stand => self.pick("stands", "reste"),
        }
    }

    /// The verb of an action after "has … " / "fait … ": `draw`/`stand`, `tirer`/`rester`.
    pub fn infinitive(self, action: Action) -> &'static str {
        match action {
            Action::Draw => self.pick("draw", "tirer"),
            Action::Stand => self.pick("stand", "rester"),
        }
    }

    /// A card's place in the deal: "Punto's first card", "la première carte de Punto".
    pub fn role(self, role: Role) -> &'static str {
        match role {
            Role::PuntoFirst => self.pick("Punto's first card", "la première carte de Punto"),
            Role::BancoFirst => self.pick("Banco's first card", "la première carte de Banco"),
            Role::PuntoSecond => self.pick("Punto's second card", "la deuxième carte de Punto"),
            Role::BancoSecond => self.pick("Banco's second card", "la deuxième carte de Banco"),
            Role::PuntoThird => self.pick("Punto's third card", "la troisième carte de Punto"),
            Role::BancoThird => self.pick("Banco's third card", "la troisième carte de Banco"),
        }
    }

    /// An ordinal in figures: `1st`, `2nd`, `11th`, `23rd`; `1re`, `2e` (of a feminine noun).
    pub fn ordinal(self, n: u64) -> String {
        match self {
            Lang::En => {
                let suffix = match (n % 10, n % 100) {
                    (_, 11..=13) => "th",
                    (1, _) => "st",
                    (2, _) => "nd",
                    (3, _) => "rd",
                    _ => "th",
                };
                format!("{n}{suffix}")
            }
            Lang::Fr if n == 1 => "1re".into(),
            Lang::Fr => format!("{n}e"),
        }
    }

    /// "card" or "cards", "carte" or "cartes", as `n` asks.
    pub fn cards(self, n: usize) -> &'static str {
        match n {
            1 => self.pick("card", "carte"),
            _ => self.pick("cards", "cartes"),
        }
    }

    /// Whether `n` takes the singular: 1 in English, 0 and 1 in French.
    fn singular(self, n: u64) -> bool {
        self.pick(n == 1, n <= 1)
    }

    /// "deck" or "decks", "paquet" or "paquets", as `n` asks.
    pub fn decks(self, n: u64) -> &'static str {
        if self.singular(n) {
            self.pick("deck", "paquet")
        } else {
            self.pick("decks", "paquets")
        }
    }

    /// "deal" or "deals", "donne" or "donnes", as `n` asks.
    pub fn deals(self, n: u64) -> &'static str {
        if self.singular(n) {
            self.pick("deal", "donne")
        } else {
            self.pick("deals", "donnes")
        }
    }

    /// A small count in words, as a number of cards reads: `two`/`deux`, `three`/`trois`;
    /// other counts in figures.
    pub fn count_word(self, n: u8) -> String {
        match n {
            2 => self.pick("two", "deux").to_string(),
            3 => self.pick("three", "trois").to_string(),
            n => n.to_string(),
        }
    }

    /// The colon as each language sets it: `:` or ` :` (French puts a space before).
    pub fn colon(self) -> &'static str {
        self.pick(":", "\u{a0}:")
    }

    /// The semicolon as each language sets it: `;` or ` ;`.
    pub fn semicolon(self) -> &'static str {
        self.pick(";", "\u{a0};")
    }

    /// The decimal point: `.` or `,`.
    pub fn decimal_point(self) -> &'static str {
        self.pick(".", ",")
    }

    /// A number written with a `.` decimal point, in the language's notation: `0.95`, `0,95`.
    pub fn point(self, text: &str) -> String {
        match self {
            Lang::En => text.to_string(),
            Lang::Fr => text.replace('.', ","),
        }
    }

    /// A number in the language's decimal notation, with `places` decimals.
    pub fn decimal(self, value: f64, places: usize) -> String {
        self.point(&format!("{value:.places$}").replace('-', "−"))
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

// The words of the card language (rule-file schema 2), for `render::condition`.
impl Lang {
    /// "or", "ou": the last link of a list of alternatives.
    pub fn or(self) -> &'static str {
        self.pick("or", "ou")
    }

    /// "and", "et": the last link of a list of conditions that all hold.
    pub fn and(self) -> &'static str {
        self.pick("and", "et")
    }

    /// A suit's name in the plural, as "of …" / "de …" reads it: spades, pique.
    pub fn suit_name(self, suit: Suit) -> &'static str {
        match suit {
            Suit::Spades => self.pick("spades", "pique"),
            Suit::Hearts => self.pick("hearts", "cœur"),
            Suit::Diamonds => self.pick("diamonds", "carreau"),
            Suit::Clubs => self.pick("clubs", "trèfle"),
        }
    }

    /// A hand named by its role: Punto, Banco, "the winning hand" / "la main gagnante".
    pub fn who(self, who: Who) -> &'static str {
        match who {
            Who::Punto => "Punto",
            Who::Banco => "Banco",
            Who::Winner => self.pick("the winning hand", "la main gagnante"),
            Who::Loser => self.pick("the losing hand", "la main perdante"),
        }
    }

    /// A set of a coup's cards: "the opening cards", "les quatre premières cartes".
    pub fn card_set(self, set: CardSet) -> String {
        let hand = |who: Who| match self {
            Lang::En => format!("{}'s", self.who(who)),
            Lang::Fr => format!("de {}", self.who(who)),
        };
        let of = |h: Hand| match h {
            Hand::Punto => Who::Punto,
            Hand::Banco => Who::Banco,
        };
        match (self, set) {
            (_, CardSet::Opening) => self
                .pick("the opening cards", "les quatre premières cartes")
                .into(),
            (_, CardSet::Dealt) => self
                .pick("the cards dealt", "les cartes distribuées")
                .into(),
            (Lang::En, CardSet::FirstTwo(h)) => format!("{} first two cards", hand(of(h))),
            (Lang::Fr, CardSet::FirstTwo(h)) => {
                format!("les deux premières cartes {}", hand(of(h)))
            }
            (Lang::En, CardSet::Third(h)) => format!("{} third card", hand(of(h))),
            (Lang::Fr, CardSet::Third(h)) => format!("la troisième carte {}", hand(of(h))),
            (Lang::En, CardSet::Cards(w)) => format!("{} cards", hand(w)),
            (Lang::Fr, CardSet::Cards(w)) => format!("les cartes {}", hand(w)),
        }
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
    fn ordinals_follow_each_language() {
        let en: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102, 111]
            .map(|n| Lang::En.ordinal(n))
            .into();
        assert_eq!(
            en,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"
            ]
        );
        assert_eq!(Lang::Fr.ordinal(1), "1re");
        assert_eq!(Lang::Fr.ordinal(2), "2e");
    }

    #[test]
    fn english_roles_are_the_coups_own() {
        for role in Role::ALL {
            assert_eq!(Lang::En.role(role), role.to_string());
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!([1, 2].map(|n| Lang::En.decks(n)), ["deck", "decks"]);
        assert_eq!(
            [0, 1, 2].map(|n| Lang::Fr.decks(n)),
            ["paquet", "paquet", "paquets"]
        );
        assert_eq!(Lang::En.deals(0), "deals");
        assert_eq!(Lang::Fr.deals(0), "donne");
        assert_eq!(Lang::Fr.ties(), "Égalités");
        assert_eq!(
            [2, 3, 4].map(|n| Lang::Fr.count_word(n)),
            ["deux", "trois", "4"]
        );
    }

    #[test]
    fn codes_parse() {
        assert_eq!("FR".parse(), Ok(Lang::Fr));
        assert_eq!("de".parse::<Lang>(), Err(LangError("de".into())));
    }
}
