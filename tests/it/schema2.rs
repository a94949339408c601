//! Rule-file schema 2 (bets on the cards): every example of the docs' "Schema 2" section, on
//! the English page and on the French one, reads back through the parser, so that the docs
//! cannot drift from the grammar.

use punto_banco::rules::Bet;
use punto_banco::variants::{RuleSet, shipped};

/// The ```json blocks of the section whose heading starts with `heading`.
fn examples(page: &str, heading: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(page);
    let text = std::fs::read_to_string(&path).unwrap();
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("{page}: no section {heading}"));
    let section = &text[start..];
    let end = section[heading.len()..]
        .find("\n## ")
        .map_or(section.len(), |at| at + heading.len());
    let mut blocks = Vec::new();
    let mut rest = &section[..end];
    while let Some(open) = rest.find("```json\n") {
        let body = &rest[open + 8..];
        let close = body.find("```").unwrap();
        blocks.push(body[..close].to_string());
        rest = &body[close..][3..];
    }
    blocks
}

/// The reference rule file, as schema 2, with these side bets.
fn with_side_bets(side: &str) -> String {
    let main = "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]";
    shipped("reference")
        .unwrap()
        .replacen("\"schema\": 1", "\"schema\": 2", 1)
        .replacen(main, &format!("{main},\n{}", side.trim()), 1)
}

/// The side bets an example defines, each with its terms.
fn read(example: &str) -> Vec<(String, Bet)> {
    let set = RuleSet::from_json(&with_side_bets(example))
        .unwrap_or_else(|e| panic!("{e}\nin the example:\n{example}"));
    set.rules()
        .tariff
        .side
        .iter()
        .map(|s| (s.key.clone(), s.bet.clone()))
        .collect()
}

#[test]
fn every_example_of_both_pages_reads_back() {
    let pages = [
        ("docs/en/rule-files.md", "## Schema 2"),
        ("docs/fr/fichiers-de-regles.md", "## Schéma 2"),
    ];
    let mut read_back = Vec::new();
    for (page, heading) in pages {
        let blocks = examples(page, heading);
        // One example per feature: suits, a named card, pairs, cards dealt, the loser's
        // cards, a third card, two-card totals, poker hands, every card dealt, any and not.
        assert!(blocks.len() >= 12, "{page}: {} examples", blocks.len());
        let bets: Vec<(String, Bet)> = blocks.iter().flat_map(|b| read(b)).collect();
        for (key, terms) in &bets {
            assert!(
                terms.as_paytable().is_none() && terms.as_pair().is_none(),
                "{page}: `{key}` is meant to be a bet on the cards"
            );
        }
        read_back.push(bets);
    }
    // The two pages show the same bets, meaning the same.
    assert_eq!(read_back[0], read_back[1]);
}

#[test]
fn the_examples_settle_as_their_terms_say() {
    use punto_banco::card::parse_cards;
    use punto_banco::rules::condition::DealtCoup;
    let bets: Vec<(String, Bet)> = examples("docs/en/rule-files.md", "## Schema 2")
        .iter()
        .flat_map(|b| read(b))
        .collect();
    let net = |key: &str, punto: &str, banco: &str| {
        let (p, b) = (parse_cards(punto).unwrap(), parse_cards(banco).unwrap());
        let total = |c: &[punto_banco::card::Card]| c.iter().map(|c| c.value()).sum::<u8>() % 10;
        let coup = DealtCoup::new(&p, &b, total(&p), total(&b), false).unwrap();
        let terms = &bets.iter().find(|(k, _)| k == key).unwrap().1;
        terms.net(&coup).to_integer()
    };
    // Both hands 4♦ 4♦ on Banco: the top tier; 4♠ 4♠ the next.
    assert_eq!(net("banco_fortune_4_pair", "2S 3H", "4D 4D"), 30);
    assert_eq!(net("banco_fortune_4_pair", "2S 3H", "4S 4S"), 15);
    assert_eq!(net("banco_fortune_4_pair", "2S 3H", "4S 4H"), -1);
    // A pair on both hands pays 20, on one 4, four identical cards 100.
    assert_eq!(net("tiger_pair", "5H 5S", "KD KC"), 20);
    assert_eq!(net("tiger_pair", "5H 6S", "KD KC"), 4);
    assert_eq!(net("tiger_pair", "5H 5H", "5H 5H"), 100);
    // Coloured pair: same rank and colour, different suits; mixed: different colours.
    assert_eq!(net("perfect_pairs_punto", "5H 5D", "KD 2C"), 12);
    assert_eq!(net("perfect_pairs_punto", "5H 5S", "KD 2C"), 6);
    assert_eq!(net("perfect_pairs_punto", "5H 5H", "KD 2C"), 25);
    // A 9 of two suited non-zero cards, of two unsuited ones, with a zero card.
    assert_eq!(net("perfect_9_bonus", "4H 5H", "KD 2C"), 20);
    assert_eq!(net("perfect_9_bonus", "4H 5S", "KD 2C"), 10);
    assert_eq!(net("perfect_9_bonus", "9H QH", "KD 2C"), 5);
    // Lucky Match: two three-of-a-kinds in six cards, a full house, two pairs.
    assert_eq!(net("lucky_match", "2H 2S 5D", "5H 5S 2D"), 100);
    assert_eq!(net("lucky_match", "2H 2S 5D", "5H 5S 3D"), 15);
    assert_eq!(net("lucky_match", "2H 2S 5D", "5H 4S 3D"), 4);
    // Blazing 7s: both hands two cards, or both three; not two against three.
    assert_eq!(net("blazing_7s", "3H 4S", "5D 2C"), 50);
    assert_eq!(net("blazing_7s", "3H 2S 2D", "5D AC AD"), 200);
    assert_eq!(net("blazing_7s", "3H 4S", "5D AC AD"), -1);
}
