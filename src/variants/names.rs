//! Names as people write them: when two names are the same, and how a side bet's key reads
//! as a name.

/// Whether two names are one name, ignoring case by Unicode's lower-case mapping: `Élodie`
/// and `élodie` are the same, `Ana` and `Anna` are not.
///
/// The rule is Unicode's, not ASCII's, because the names it compares accept any one line of
/// text: a rule file's `name`, `title` and `source` and a session's participants may be
/// written in any script, so ASCII-only folding would let `É` and `é` stand for two people or
/// two tables. A side bet's key accepts only lower-case ASCII letters, digits, `_` and `-`,
/// on which this rule and exact equality agree.
///
/// ```
/// use punto_banco::variants::same_name;
/// assert!(same_name("Élodie", "élodie"));
/// assert!(same_name("EZ Baccarat", "ez baccarat"));
/// assert!(!same_name("Ana", "Anna"));
/// ```
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || a.to_lowercase() == b.to_lowercase()
}

/// A side bet's name for people, derived from its key: each word (the parts between `_` and
/// `-`) capitalised, joined by spaces, as `dragon_7` reads "Dragon 7" and `punto_pair`
/// "Punto Pair". JSON output keeps the key; text and Markdown show this name.
///
/// ```
/// use punto_banco::variants::display_name;
/// assert_eq!(display_name("dragon_7"), "Dragon 7");
/// assert_eq!(display_name("dragon_bonus_banco"), "Dragon Bonus Banco");
/// assert_eq!(display_name("lucky-6"), "Lucky 6");
/// ```
pub fn display_name(key: &str) -> String {
    key.split(['_', '-'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The case where ASCII folding and Unicode lower case disagree: `É` and `é` are one
    /// name under the library's rule, though `eq_ignore_ascii_case` keeps them apart.
    #[test]
    fn accented_capitals_are_the_same_name() {
        assert!(!"É".eq_ignore_ascii_case("é"));
        assert!(same_name("É", "é"));
        assert!(same_name("ÉLODIE", "élodie"));
        assert!(!same_name("e", "é"));
    }

    #[test]
    fn display_names_of_the_shipped_side_bets() {
        for (key, name) in [
            ("dragon_7", "Dragon 7"),
            ("panda_8", "Panda 8"),
            ("lucky_6", "Lucky 6"),
            ("punto_pair", "Punto Pair"),
            ("banco_pair", "Banco Pair"),
            ("dragon_bonus_punto", "Dragon Bonus Punto"),
        ] {
            assert_eq!(display_name(key), name);
        }
        assert_eq!(display_name("a__b-"), "A B");
        assert_eq!(display_name(""), "");
    }
}
