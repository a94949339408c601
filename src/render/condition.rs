//! Conditions in words: a schema-1 pay line's condition on the final state, and the terms of a
//! bet on the cards ([`Bet`], rule-file schema 2), in English and in French.
//!
//! ```
//! use punto_banco::lang::Lang;
//! use punto_banco::outcome::Hand;
//! use punto_banco::render::condition::describe_cond;
//! use punto_banco::rules::condition::{Atom, CardSet, Cond, Same, SetTest};
//! let pair = Cond::Atom(Atom::Set(
//!     CardSet::FirstTwo(Hand::Punto),
//!     SetTest { same: Some(Same::Rank), ..SetTest::default() },
//! ));
//! assert_eq!(describe_cond(&pair, Lang::En), "Punto's first two cards are of one rank");
//! ```

use super::signed_amount;
use crate::analysis::ratio_to_big;
use crate::card::{Rank, Suit};
use crate::lang::Lang;
use crate::outcome::Winner;
use crate::rules::condition::{Atom, CardClass, CardSet, Cond, Numbers, Same, SetTest};
use crate::rules::{Bet, Condition};

/// A condition in words: `Banco wins with a three-card 7`, `Tie on 5`, `Punto wins by 9
/// without a natural`; in French `Banco gagne avec 7 en trois cartes`, `Égalité à 5`.
pub fn describe_condition(condition: &Condition, lang: Lang) -> String {
    describe_state(condition, condition.total.map(|t| t.to_string()), lang)
}

/// A condition on the final state, its total (when it names one) written as `total`.
fn describe_state(condition: &Condition, total: Option<String>, lang: Lang) -> String {
    let cards_word = |n: u8| lang.count_word(n);
    let mut text = match (condition.winner, lang) {
        // An event with no winner: only whether a natural was dealt can narrow it.
        (None, _) => {
            return match condition.natural {
                Some(true) => format!(
                    "{} {}",
                    capitalized(lang.a_natural()),
                    lang.pick("on either hand", "sur l’une des mains")
                ),
                Some(false) => format!("{} {}", lang.pick("No", "Aucun"), lang.natural()),
                None => lang.pick("Any coup", "Tout coup").to_string(),
            };
        }
        (Some(Winner::Tie), _) => lang.outcome(Winner::Tie).to_string(),
        (Some(winner), _) => lang.wins(winner).to_string(),
    };
    let tie = condition.winner == Some(Winner::Tie);
    match (total, condition.cards, lang) {
        (Some(t), _, _) if tie => text.push_str(&format!(" {} {t}", lang.pick("on", "à"))),
        (Some(t), Some(n), Lang::En) => {
            text.push_str(&format!(" with a {}-card {t}", cards_word(n)))
        }
        (Some(t), Some(n), Lang::Fr) => {
            text.push_str(&format!(" avec {t} en {} cartes", cards_word(n)))
        }
        (Some(t), None, _) => text.push_str(&format!(" {} {t}", lang.pick("with", "avec"))),
        (None, Some(n), _) => text.push_str(&format!(
            " {} {} {}",
            lang.pick("with", "avec"),
            cards_word(n),
            lang.cards(usize::from(n))
        )),
        (None, None, _) => {}
    }
    if let Some(margin) = condition.margin {
        text.push_str(&format!(" {} {margin}", lang.pick("by", "de")));
    }
    match condition.natural {
        Some(true) => text.push_str(&format!(" {} {}", lang.pick("on", "sur"), lang.a_natural())),
        Some(false) => text.push_str(&format!(
            " {} {}",
            lang.pick("without", "sans"),
            lang.pick(lang.a_natural(), lang.natural())
        )),
        None => {}
    }
    text
}

/// A word with its first letter in capitals: "a natural" → "A natural".
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A bet on the cards in words, line by line as it pays: `Punto's first two cards are
/// identical cards and Banco's first two cards are identical cards: +250; …; otherwise −1`.
pub fn describe_card_bet(bet: &Bet, lang: Lang) -> String {
    let mut parts: Vec<String> = bet
        .lines
        .iter()
        .map(|line| {
            let when = capitalized(&describe_cond(&line.when, lang));
            let colon = lang.colon();
            if *line.net.numer() == 0 {
                format!("{when}{colon} {}", lang.pick("push", "remboursé"))
            } else {
                format!(
                    "{when}{colon} {}",
                    signed_amount(&ratio_to_big(line.net), lang)
                )
            }
        })
        .collect();
    parts.push(lang.pick("otherwise −1", "sinon −1").to_string());
    parts.join(&format!("{} ", lang.semicolon()))
}

/// A condition in words, as the start of a sentence would not capitalize it (a hand's name
/// keeps its capital).
pub fn describe_cond(cond: &Cond, lang: Lang) -> String {
    match cond {
        Cond::All(all) if all.is_empty() => lang.pick("any coup", "tout coup").to_string(),
        Cond::All(all) => {
            let parts: Vec<String> = all.iter().map(|c| nested(c, lang)).collect();
            listed(&parts, lang.and())
        }
        Cond::Any(any) => {
            if let Some(text) = totals_of_one_state(any, lang) {
                return text;
            }
            let parts: Vec<String> = any.iter().map(|c| nested(c, lang)).collect();
            listed(&parts, lang.or())
        }
        Cond::Not(not) => match not.as_ref() {
            Cond::Atom(Atom::State(c)) if *c == Condition::wins(Winner::Tie) => lang
                .pick("the coup is not a tie", "le coup n’est pas une égalité")
                .to_string(),
            Cond::Atom(Atom::State(c)) if c.winner.is_some_and(|w| *c == Condition::wins(w)) => {
                let hand = lang.outcome(c.winner.unwrap_or(Winner::Tie));
                lang.pick(
                    format!("{hand} does not win"),
                    format!("{hand} ne gagne pas"),
                )
            }
            other => format!(
                "{} ({})",
                lang.pick("not", "non"),
                describe_cond(other, lang)
            ),
        },
        Cond::Atom(atom) => describe_atom(atom, lang),
    }
}

/// A condition inside `all` or `any`: in brackets when it combines several.
fn nested(cond: &Cond, lang: Lang) -> String {
    let text = describe_cond(cond, lang);
    match cond {
        Cond::Any(cs) if totals_of_one_state(cs, lang).is_some() => text,
        Cond::All(cs) | Cond::Any(cs) if cs.len() > 1 => format!("({text})"),
        _ => text,
    }
}

/// Alternatives on the final state that differ only in their total, said once: `Tie on 6, 7,
/// 8 or 9`.
fn totals_of_one_state(any: &[Cond], lang: Lang) -> Option<String> {
    let states: Vec<&Condition> = any
        .iter()
        .map(|c| match c {
            Cond::Atom(Atom::State(s)) => Some(s),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let first = **states.first()?;
    let same = states.iter().all(|s| {
        Condition { total: None, ..**s }
            == Condition {
                total: None,
                ..first
            }
    });
    let totals: Option<Vec<u8>> = states.iter().map(|s| s.total).collect();
    let totals = totals.filter(|_| same && states.len() > 1)?;
    Some(lowercased(&describe_state(
        &first,
        Some(numbers(Numbers::of(&totals), lang)),
        lang,
    )))
}

/// The state's words as they read inside a sentence: "Any coup" → "any coup"; the names of
/// the hands and of a Tie keep their capital.
fn lowercased(text: &str) -> String {
    for keep in ["Punto", "Banco", "Tie", "Égalité"] {
        if text.starts_with(keep) {
            return text.to_string();
        }
    }
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

/// Texts joined by commas, the last by `last`: "a, b or c".
fn listed(parts: &[String], last: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
    }
}

/// A set of numbers: `6`, `2 or 3`, `0–5`, `0–2, 5 or 7` (runs of three or more as a range).
fn numbers(set: Numbers, lang: Lang) -> String {
    let values: Vec<u8> = set.iter().collect();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}–{}", values[i], values[j]));
        } else {
            parts.extend(values[i..=j].iter().map(|v| v.to_string()));
        }
        i = j + 1;
    }
    listed(&parts, lang.or())
}

/// A number of cards: `three cards`, `2 or 3 cards`.
fn card_count(set: Numbers, lang: Lang) -> String {
    let values: Vec<u8> = set.iter().collect();
    match values.as_slice() {
        [one] => format!(
            "{} {}",
            lang.count_word(*one),
            lang.cards(usize::from(*one))
        ),
        _ => format!("{} {}", numbers(set, lang), lang.cards(2)),
    }
}

fn describe_atom(atom: &Atom, lang: Lang) -> String {
    match atom {
        Atom::State(condition) => lowercased(&describe_condition(condition, lang)),
        Atom::CardsDealt(n) => {
            let count = card_count(*n, lang);
            lang.pick(
                format!("{count} are dealt"),
                format!("{count} sont distribuées"),
            )
        }
        Atom::Total(who, n) => match lang {
            Lang::En => format!("{}'s final total is {}", lang.who(*who), numbers(*n, lang)),
            Lang::Fr => format!(
                "le total final de {} est {}",
                lang.who(*who),
                numbers(*n, lang)
            ),
        },
        Atom::HandCards(who, n) => {
            let verb = lang.pick("has", "a");
            format!("{} {verb} {}", lang.who(*who), card_count(*n, lang))
        }
        Atom::TwoCardTotal(hand, n) => match lang {
            Lang::En => format!(
                "{}'s two-card total is {}",
                lang.hand(*hand),
                numbers(*n, lang)
            ),
            Lang::Fr => format!(
                "le total de deux cartes de {} est {}",
                lang.hand(*hand),
                numbers(*n, lang)
            ),
        },
        Atom::Set(CardSet::Third(hand), test)
            if test.all.is_some()
                && *test
                    == SetTest {
                        all: test.all,
                        ..SetTest::default()
                    } =>
        {
            let class = test.all.unwrap_or(CardClass::ALL);
            let drew = lang.pick(
                format!("{} draws a third card", lang.hand(*hand)),
                format!("{} tire une troisième carte", lang.hand(*hand)),
            );
            if class == CardClass::ALL {
                drew
            } else {
                format!("{drew} {}", describe_class(class, false, lang))
            }
        }
        Atom::Set(set, test) => describe_set_test(*set, test, lang),
    }
}

/// A test on a set of cards: `exactly 2 of the opening cards are of rank 9, of one suit`.
fn describe_set_test(set: CardSet, test: &SetTest, lang: Lang) -> String {
    let name = lang.card_set(set);
    let mut predicates: Vec<String> = Vec::new();
    if let Some(same) = test.same {
        predicates.push(
            match same {
                Same::Rank => lang.pick("are of one rank", "sont d’un même rang"),
                Same::Suit => lang.pick("are of one suit", "sont d’une même enseigne"),
                Same::Colour => lang.pick("are of one colour", "sont d’une même couleur"),
                Same::Card => lang.pick("are identical cards", "sont des cartes identiques"),
            }
            .to_string(),
        );
    }
    if let Some(class) = test.all {
        predicates.push(match (lang, class.0.count_ones()) {
            (Lang::Fr, 1) => format!("sont toutes des {}", one_card(class)),
            _ => format!(
                "{} {}",
                lang.pick("are all", "sont toutes"),
                describe_class(class, true, lang)
            ),
        });
    }
    if let Some(groups) = &test.groups {
        let hold = lang.pick("hold at least", "forment au moins");
        predicates.push(format!("{hold} {}", describe_groups(groups, lang)));
    }
    if let Some(straight) = test.straight {
        predicates.push(
            match straight {
                true => lang.pick("form a straight", "forment une suite"),
                false => lang.pick("do not form a straight", "ne forment pas une suite"),
            }
            .to_string(),
        );
    }
    if let Some(ranks) = &test.ranks {
        let symbols: Vec<&str> = ranks.iter().map(|r| r.symbol()).collect();
        let exactly = lang.pick("are exactly", "sont exactement");
        predicates.push(format!("{exactly} {}", symbols.join(", ")));
    }
    if let Some(max) = test.max_value {
        let highest = lang.pick("have a highest value of", "ont pour plus haute valeur");
        predicates.push(format!("{highest} {}", numbers(max, lang)));
    }
    let one_of = test.size == Some(Numbers::of(&[1]));
    let only_all = *test
        == SetTest {
            filter: test.filter,
            size: test.size,
            all: test.all,
            ..SetTest::default()
        };
    let subject = match (test.filter, test.size) {
        // One card kept, and a class it is in: said in the singular.
        (Some(class), Some(_)) if one_of && only_all && test.all.is_some() => {
            let class = describe_class(class, false, lang);
            let is = describe_class(test.all.unwrap_or(CardClass::ALL), false, lang);
            return match lang {
                Lang::En => format!("exactly 1 of {name} is {class}, and it is {is}"),
                Lang::Fr => format!(
                    "exactement 1 des {} est {class}, et c’est {is}",
                    strip_article(&name)
                ),
            };
        }
        (Some(class), Some(_)) if one_of && only_all => {
            let class = describe_class(class, false, lang);
            return match lang {
                Lang::En => format!("exactly 1 of {name} is {class}"),
                Lang::Fr => format!("exactement 1 des {} est {class}", strip_article(&name)),
            };
        }
        (Some(class), Some(size)) => {
            let class = describe_class(class, true, lang);
            let head = match lang {
                Lang::En => format!("exactly {} of {name} are {class}", numbers(size, lang)),
                Lang::Fr => format!(
                    "exactement {} des {} sont {class}",
                    numbers(size, lang),
                    strip_article(&name)
                ),
            };
            if predicates.is_empty() {
                return head;
            }
            return format!(
                "{head}{} {}",
                lang.pick(", and they", ", et elles"),
                listed(&predicates, lang.and())
            );
        }
        (Some(class), None) => match lang {
            Lang::En => format!(
                "the cards {} among {name}",
                describe_class(class, true, lang)
            ),
            Lang::Fr => format!(
                "les cartes {} parmi {name}",
                describe_class(class, true, lang)
            ),
        },
        (None, Some(size)) => {
            let count = numbers(size, lang);
            predicates.insert(
                0,
                lang.pick(
                    format!("number {count}"),
                    format!("sont au nombre de {count}"),
                ),
            );
            name
        }
        (None, None) => name,
    };
    if predicates.is_empty() {
        return lang.pick(
            format!("{subject} are dealt"),
            format!("{subject} sont distribuées"),
        );
    }
    format!("{subject} {}", listed(&predicates, lang.and()))
}

/// A French set's name without its article, after "des": "les quatre premières cartes" →
/// "quatre premières cartes".
fn strip_article(name: &str) -> &str {
    name.strip_prefix("les ").unwrap_or(name)
}

/// Groups of one rank each, as poker names them: `a pair`, `two pairs`, `three of a kind`.
fn describe_groups(groups: &[u8], lang: Lang) -> String {
    let mut sorted = groups.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let named = match sorted.as_slice() {
        [2] => Some(lang.pick("a pair", "une paire")),
        [2, 2] => Some(lang.pick("two pairs", "deux paires")),
        [2, 2, 2] => Some(lang.pick("three pairs", "trois paires")),
        [3] => Some(lang.pick("three of a kind", "un brelan")),
        [3, 2] => Some(lang.pick("a full house", "un full")),
        [3, 3] => Some(lang.pick("two three of a kinds", "deux brelans")),
        [4] => Some(lang.pick("four of a kind", "un carré")),
        [4, 2] => Some(lang.pick("four of a kind and a pair", "un carré et une paire")),
        _ => None,
    };
    match named {
        Some(name) => name.to_string(),
        None => {
            let sizes: Vec<String> = sorted.iter().map(u8::to_string).collect();
            lang.pick(
                format!("groups of one rank of {} cards", listed(&sizes, lang.and())),
                format!(
                    "des groupes d’un même rang de {} cartes",
                    listed(&sizes, lang.and())
                ),
            )
        }
    }
}

/// The ranks of which a class holds every card, in order.
fn ranks_of(class: CardClass) -> Vec<Rank> {
    Rank::ALL
        .into_iter()
        .filter(|&r| class.and(CardClass::rank(r)) == CardClass::rank(r))
        .collect()
}

/// The suits of which a class holds a card.
fn suits_of(class: CardClass) -> Vec<Suit> {
    Suit::ALL
        .into_iter()
        .filter(|&s| class.and(CardClass::suit(s)) != CardClass::NONE)
        .collect()
}

/// A class of cards as a predicate that reads after "is" or "are" in either number: `of
/// rank 9`, `red`, `of rank J, Q or K`, `the 9♦`.
fn describe_class(class: CardClass, plural: bool, lang: Lang) -> String {
    if class == CardClass::ALL {
        return lang.pick("any card", "quelconques").to_string();
    }
    if class.0.count_ones() == 1 {
        return format!("{} {}", lang.pick("the", "le"), one_card(class));
    }
    // A class that is some ranks in some suits says each.
    let ranks_present = class.rank_of();
    let suits: Vec<Suit> = suits_of(class);
    let suit_mask = suits
        .iter()
        .fold(CardClass::NONE, |m, &s| m.or(CardClass::suit(s)));
    if ranks_present.and(suit_mask) == class {
        let mut parts = Vec::new();
        let ranks = ranks_of(ranks_present);
        if ranks.len() < 13 {
            parts.push(format!(
                "{} {}",
                lang.pick("of rank", "de rang"),
                rank_list(&ranks, lang)
            ));
        }
        if suit_mask == CardClass::colour(true) {
            parts.push(lang.pick("red", "de couleur rouge").to_string());
        } else if suit_mask == CardClass::colour(false) {
            parts.push(lang.pick("black", "de couleur noire").to_string());
        } else if suits.len() < 4 {
            let names: Vec<String> = match lang {
                Lang::En => suits
                    .iter()
                    .map(|&s| lang.suit_name(s).to_string())
                    .collect(),
                Lang::Fr => suits
                    .iter()
                    .map(|&s| format!("de {}", lang.suit_name(s)))
                    .collect(),
            };
            let names = listed(&names, lang.or());
            parts.push(lang.pick(format!("of {names}"), names));
        }
        return parts.join(lang.pick(" and ", " et "));
    }
    // Otherwise the cards themselves, or the cards it leaves out when they are fewer.
    let cards = |c: CardClass| -> Vec<String> {
        (0..52)
            .filter(|&i| c.0 >> i & 1 == 1)
            .map(|i| CardClass::card_at(i).to_string())
            .collect()
    };
    let (inside, outside) = (cards(class), cards(class.complement()));
    if outside.len() < inside.len() {
        let other = match (lang, plural) {
            (Lang::En, _) => "other than",
            (Lang::Fr, true) => "autres que",
            (Lang::Fr, false) => "autre que",
        };
        format!("{other} {}", listed(&outside, lang.and()))
    } else {
        let among = listed(&inside, lang.pick(lang.or(), lang.and()));
        format!("{} {among}", lang.pick("one of", "parmi"))
    }
}

/// The one card of a class of one card.
fn one_card(class: CardClass) -> String {
    CardClass::card_at(class.0.trailing_zeros() as usize).to_string()
}

/// Ranks in order, runs of three or more as a range: `10, J, Q or K`, `A–10`.
fn rank_list(ranks: &[Rank], lang: Lang) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ranks.len() {
        let mut j = i;
        while j + 1 < ranks.len() && ranks[j + 1].index() == ranks[j].index() + 1 {
            j += 1;
        }
        if j >= i + 3 {
            parts.push(format!("{}–{}", ranks[i].symbol(), ranks[j].symbol()));
        } else {
            parts.extend(ranks[i..=j].iter().map(|r| r.symbol().to_string()));
        }
        i = j + 1;
    }
    listed(&parts, lang.or())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{RuleSet, shipped};

    use crate::variants::examples::CARD_BETS as EXAMPLES;

    const MORE: &str = r#"
"roles": [{"winning_hand": {"total": 8, "cards": 3}, "losing_hand": {"total": [6, 7], "all_cards": {"all": {"colour": "red"}}}, "pays": 9}],
"classes": [
  {"opening": {"all": {"rank": "4", "not": {"card": "4D"}}}, "pays": 3},
  {"dealt": {"all": {"suit": ["hearts", "S"]}, "size": [5, 6]}, "pays": 2},
  {"punto": {"first_two": {"same": "colour", "all": {"value": 0, "face": false}}}, "pays": 1},
  {"banco": {"all_cards": {"straight": false, "groups": [3, 2]}}, "not": {"winner": "tie"}, "pays": "1/2"},
  {"not": {"any": [{"cards_dealt": [4, 5]}, {"natural": true}]}, "pays": 0},
  {"punto": {"third": {"not": {"card": "4D"}}}, "banco": {"first_two": {"all": {"card": ["4D", "5S"]}}}, "pays": 4},
  {"banco": {"first_two": {"all": {"card": "4D"}}}, "pays": 6}
],
"bare": [{"pays": 1}]"#;

    fn bets() -> Vec<(String, Bet)> {
        let main = "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]";
        let text = shipped("reference")
            .unwrap()
            .replacen("\"schema\": 1", "\"schema\": 2", 1)
            .replacen(main, &format!("{main},\n{EXAMPLES},\n{MORE}"), 1);
        let set = RuleSet::from_json(&text).unwrap();
        set.rules()
            .tariff
            .side
            .iter()
            .map(|s| (s.key.clone(), s.bet.clone()))
            .collect()
    }

    /// The bet `key` says these words in English and in French, and the French sets its
    /// colons and semicolons after a no-break space.
    fn said(key: &str, en: &str, fr: &str) {
        let bets = bets();
        let bet = &bets.iter().find(|(k, _)| k == key).unwrap().1;
        assert_eq!(describe_card_bet(bet, Lang::En), en);
        let french = describe_card_bet(bet, Lang::Fr);
        assert_eq!(french, fr);
        assert!(!french.contains(" :") && !french.contains(" ;"), "{french}");
        assert_eq!(
            french.matches('\u{a0}').count(),
            french.matches([':', ';']).count()
        );
    }

    #[test]
    fn schema_1_conditions_read_as_before() {
        let tie = Condition::wins(Winner::Tie).with_total(5);
        assert_eq!(describe_condition(&tie, Lang::En), "Tie on 5");
        assert_eq!(describe_condition(&tie, Lang::Fr), "Égalité à 5");
        let banco = Condition::wins(Winner::Banco).with_total(7).with_cards(3);
        assert_eq!(
            describe_condition(&banco, Lang::Fr),
            "Banco gagne avec 7 en trois cartes"
        );
    }

    #[test]
    fn numbers_read_as_ranges_and_lists() {
        assert_eq!(numbers(Numbers::of(&[6]), Lang::En), "6");
        assert_eq!(numbers(Numbers::of(&[2, 3]), Lang::Fr), "2 ou 3");
        assert_eq!(
            numbers(Numbers::of(&[0, 1, 2, 5, 7]), Lang::En),
            "0–2, 5 or 7"
        );
        assert_eq!(
            rank_list(&[Rank::Ten, Rank::Jack, Rank::Queen], Lang::En),
            "10, J or Q"
        );
    }

    #[test]
    fn bare_in_words() {
        said(
            "bare",
            "Any coup: +1; otherwise −1",
            "Tout coup\u{a0}: +1\u{a0}; sinon −1",
        );
    }

    #[test]
    fn classes_in_words() {
        said(
            "classes",
            "The opening cards are all of rank 4 and of spades, hearts or clubs: +3; The cards dealt number 5 or 6 and are all of spades or hearts: +2; Punto's first two cards are of one colour and are all of rank 10: +1; Banco's cards hold at least a full house and do not form a straight and the coup is not a tie: +0.5; Not (4 or 5 cards are dealt or a natural on either hand): push; Punto draws a third card other than 4♦ and Banco's first two cards are all one of 4♦ or 5♠: +4; Banco's first two cards are all the 4♦: +6; otherwise −1",
            "Les quatre premières cartes sont toutes de rang 4 et de pique, de cœur ou de trèfle\u{a0}: +3\u{a0}; Les cartes distribuées sont au nombre de 5 ou 6 et sont toutes de pique ou de cœur\u{a0}: +2\u{a0}; Les deux premières cartes de Punto sont d’une même couleur et sont toutes de rang 10\u{a0}: +1\u{a0}; Les cartes de Banco forment au moins un full et ne forment pas une suite et le coup n’est pas une égalité\u{a0}: +0,5\u{a0}; Non (4 ou 5 cartes sont distribuées ou un naturel sur l’une des mains)\u{a0}: remboursé\u{a0}; Punto tire une troisième carte autre que 4♦ et les deux premières cartes de Banco sont toutes parmi 4♦ et 5♠\u{a0}: +4\u{a0}; Les deux premières cartes de Banco sont toutes des 4♦\u{a0}: +6\u{a0}; sinon −1",
        );
    }

    #[test]
    fn either_pair_in_words() {
        said(
            "either_pair",
            "Punto's first two cards are of one rank or Banco's first two cards are of one rank: +5; otherwise −1",
            "Les deux premières cartes de Punto sont d’un même rang ou les deux premières cartes de Banco sont d’un même rang\u{a0}: +5\u{a0}; sinon −1",
        );
    }

    #[test]
    fn jackpot_baccarat_in_words() {
        said(
            "jackpot_baccarat",
            "The opening cards are of one suit and are exactly A, K, Q, J: +250; The opening cards hold at least four of a kind: +75; The opening cards are of one suit and form a straight: +50; The opening cards hold at least three of a kind: +15; The opening cards are of one suit: +10; The opening cards form a straight: +5; The opening cards hold at least two pairs: +4; Exactly 2 of the opening cards are of rank A: +2; The cards of rank 10–K among the opening cards hold at least a pair: push; otherwise −1",
            "Les quatre premières cartes sont d’une même enseigne et sont exactement A, K, Q, J\u{a0}: +250\u{a0}; Les quatre premières cartes forment au moins un carré\u{a0}: +75\u{a0}; Les quatre premières cartes sont d’une même enseigne et forment une suite\u{a0}: +50\u{a0}; Les quatre premières cartes forment au moins un brelan\u{a0}: +15\u{a0}; Les quatre premières cartes sont d’une même enseigne\u{a0}: +10\u{a0}; Les quatre premières cartes forment une suite\u{a0}: +5\u{a0}; Les quatre premières cartes forment au moins deux paires\u{a0}: +4\u{a0}; Exactement 2 des quatre premières cartes sont de rang A\u{a0}: +2\u{a0}; Les cartes de rang 10–K parmi les quatre premières cartes forment au moins une paire\u{a0}: remboursé\u{a0}; sinon −1",
        );
    }

    #[test]
    fn kill_ox_tiger_in_words() {
        said(
            "kill_ox_tiger",
            "Punto's final total is 6, Punto has three cards and Punto does not win: +30; Banco's final total is 7, Banco has three cards and Banco does not win: +30; otherwise −1",
            "Le total final de Punto est 6, Punto a trois cartes et Punto ne gagne pas\u{a0}: +30\u{a0}; Le total final de Banco est 7, Banco a trois cartes et Banco ne gagne pas\u{a0}: +30\u{a0}; sinon −1",
        );
    }

    #[test]
    fn lucky_nines_in_words() {
        said(
            "lucky_nines",
            "Exactly 4 of the opening cards are of rank 9: +500; Exactly 3 of the opening cards are of rank 9, and they are of one suit: +250; Exactly 3 of the opening cards are of rank 9: +20; Exactly 2 of the opening cards are of rank 9, and they are of one suit: +8; Exactly 2 of the opening cards are of rank 9: +5; Exactly 1 of the opening cards is of rank 9, and it is the 9♦: +2; Exactly 1 of the opening cards is of rank 9: +1; otherwise −1",
            "Exactement 4 des quatre premières cartes sont de rang 9\u{a0}: +500\u{a0}; Exactement 3 des quatre premières cartes sont de rang 9, et elles sont d’une même enseigne\u{a0}: +250\u{a0}; Exactement 3 des quatre premières cartes sont de rang 9\u{a0}: +20\u{a0}; Exactement 2 des quatre premières cartes sont de rang 9, et elles sont d’une même enseigne\u{a0}: +8\u{a0}; Exactement 2 des quatre premières cartes sont de rang 9\u{a0}: +5\u{a0}; Exactement 1 des quatre premières cartes est de rang 9, et c’est le 9♦\u{a0}: +2\u{a0}; Exactement 1 des quatre premières cartes est de rang 9\u{a0}: +1\u{a0}; sinon −1",
        );
    }

    #[test]
    fn monkey_6_in_words() {
        said(
            "monkey_6",
            "6 cards are dealt, Punto draws a third card of rank A–10 and Banco draws a third card of rank J, Q or K: +12; otherwise −1",
            "6 cartes sont distribuées, Punto tire une troisième carte de rang A–10 et Banco tire une troisième carte de rang J, Q ou K\u{a0}: +12\u{a0}; sinon −1",
        );
    }

    #[test]
    fn perfect_pair_in_words() {
        said(
            "perfect_pair",
            "Punto's first two cards are identical cards and Banco's first two cards are identical cards: +250; Punto's first two cards are identical cards or Banco's first two cards are identical cards: +25; otherwise −1",
            "Les deux premières cartes de Punto sont des cartes identiques et les deux premières cartes de Banco sont des cartes identiques\u{a0}: +250\u{a0}; Les deux premières cartes de Punto sont des cartes identiques ou les deux premières cartes de Banco sont des cartes identiques\u{a0}: +25\u{a0}; sinon −1",
        );
    }

    #[test]
    fn roles_in_words() {
        said(
            "roles",
            "The winning hand's final total is 8, the winning hand has three cards, the losing hand's final total is 6 or 7 and the losing hand's cards are all red: +9; otherwise −1",
            "Le total final de la main gagnante est 8, la main gagnante a trois cartes, le total final de la main perdante est 6 ou 7 et les cartes de la main perdante sont toutes de couleur rouge\u{a0}: +9\u{a0}; sinon −1",
        );
    }

    #[test]
    fn super_tie_21c_in_words() {
        said(
            "super_tie_21c",
            "Tie on 6–9, 6 cards are dealt and (the cards dealt are all red or the cards dealt are all black): +100; Tie on 6–9 and 6 cards are dealt: +25; Tie: +7; otherwise −1",
            "Égalité à 6–9, 6 cartes sont distribuées et (les cartes distribuées sont toutes de couleur rouge ou les cartes distribuées sont toutes de couleur noire)\u{a0}: +100\u{a0}; Égalité à 6–9 et 6 cartes sont distribuées\u{a0}: +25\u{a0}; Égalité\u{a0}: +7\u{a0}; sinon −1",
        );
    }

    #[test]
    fn three_giving_eight_in_words() {
        said(
            "three_giving_eight",
            "Punto's two-card total is 0–5, Punto draws a third card of rank 8 and Banco's two-card total is 3: +200; otherwise −1",
            "Le total de deux cartes de Punto est 0–5, Punto tire une troisième carte de rang 8 et le total de deux cartes de Banco est 3\u{a0}: +200\u{a0}; sinon −1",
        );
    }

    #[test]
    fn tie_max_low_in_words() {
        said(
            "tie_max_low",
            "Tie and the cards dealt have a highest value of 0–5: +55; otherwise −1",
            "Égalité et les cartes distribuées ont pour plus haute valeur 0–5\u{a0}: +55\u{a0}; sinon −1",
        );
    }
}
