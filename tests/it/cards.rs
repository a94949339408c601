//! Card-level shoes: the main bets (and every bet that reads ranks only) are the same for a
//! shoe of 52 card counts as for its 13 rank counts, since suits change no value; and the
//! command line, batch lines and rule files give the same shoe in each of their forms.

use proptest::prelude::*;
use punto_banco::analysis::Analysis;
use punto_banco::card::{Card, Rank, Suit};
use punto_banco::dealer::Dealer;
use punto_banco::report::Report;
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::variants::{RuleSet, shipped};
use serde_json::Value;

/// The analysis document of a shoe under the rules, without its `shoe` part (the one part
/// where the two forms of a shoe differ).
fn figures(shoe: &Shoe, rules: &Rules) -> Value {
    let analysis = Analysis::new(shoe, rules).unwrap();
    let mut document = serde_json::to_value(Report::new(&analysis, "rules")).unwrap();
    document.as_object_mut().unwrap().remove("shoe");
    document
}

/// The rules of a shipped rule set.
fn shipped_rules(name: &str) -> Rules {
    RuleSet::from_json(shipped(name).unwrap())
        .unwrap()
        .rules()
        .clone()
}

/// Card-level shoes from tiny (suits exhausted, identical cards) to eight decks lightly
/// depleted card by card.
fn card_level_shoe() -> impl Strategy<Value = Shoe> {
    prop_oneof![
        proptest::collection::vec(0u64..=2, 52),
        proptest::collection::vec(0u64..=5, 52),
        proptest::collection::vec(6u64..=8, 52),
    ]
    .prop_map(|counts| Shoe::from_card_counts(counts.try_into().unwrap()).unwrap())
    .prop_filter("a playable shoe", |shoe| shoe.check_playable().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Every figure of the document, the main bets' and the rank-reading side bets' (pairs,
    /// EZ Baccarat's Dragon 7 and Panda 8), is the rank counts' own.
    #[test]
    fn a_card_level_shoe_has_its_rank_counts_figures(shoe in card_level_shoe()) {
        let ranks = Shoe::from_counts(shoe.counts()).unwrap();
        for rules in [Rules::reference(), shipped_rules("side-bets"), shipped_rules("ez-baccarat")] {
            prop_assert_eq!(figures(&shoe, &rules), figures(&ranks, &rules));
        }
        // The card counts add up to the rank counts, and come back as given.
        let cards = shoe.card_counts().unwrap();
        for rank in Rank::ALL {
            let sum: u64 = Suit::ALL.iter().map(|&suit| cards[Card::new(rank, suit).index()]).sum();
            prop_assert_eq!(sum, shoe.count(rank));
        }
        prop_assert_eq!(Shoe::from_card_counts(cards).unwrap(), shoe.clone());
        // A dealer of the shoe holds exactly its cards.
        let dealer = Dealer::try_from_shoe(&shoe, &mut Dealer::rng(5)).unwrap();
        let mut dealt = [0u64; 52];
        dealer.remaining().iter().for_each(|card| dealt[card.index()] += 1);
        prop_assert_eq!(dealt, cards);
    }

    /// Taking an exact card out of a card-level shoe takes one of its rank out of the rank
    /// counts, and nothing else.
    #[test]
    fn removing_an_exact_card_removes_one_of_its_rank(shoe in card_level_shoe(), index in 0usize..52) {
        let card = Card::from_index(index).unwrap();
        let mut removed = shoe.clone();
        match removed.remove(card) {
            Ok(()) => {
                let mut counts = shoe.counts();
                counts[card.rank.index()] -= 1;
                prop_assert_eq!(removed.counts(), counts);
                prop_assert_eq!(removed.card_count(card).unwrap() + 1, shoe.card_count(card).unwrap());
            }
            Err(_) => {
                prop_assert_eq!(shoe.card_count(card).unwrap(), 0);
                prop_assert_eq!(removed, shoe);
            }
        }
    }
}

/// The 52 counts as a list the command line and JSON read: `8,8,…`.
fn list(counts: &[u64; 52]) -> String {
    counts.map(|c| c.to_string()).join(",")
}

fn stdout_json(args: &[&str]) -> Value {
    let output = super::run_with_input(args, "");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn the_command_line_reads_card_counts_and_removes_exact_cards() {
    // Eight decks less the 4♥, as card counts, and as decks with the card removed.
    let mut counts = [8u64; 52];
    counts["4H".parse::<Card>().unwrap().index()] = 7;
    let text = list(&counts);
    let given = stdout_json(&["analyze", "--card-counts", &text, "--format", "json"]);
    let removed = stdout_json(&["analyze", "--remove", "4♥", "--format", "json"]);
    assert_eq!(given, removed);
    assert_eq!(
        given["shoe"]["card_counts"],
        serde_json::json!(counts.to_vec())
    );
    assert_eq!(given["shoe"]["cards"], 415);
    assert_eq!(given["shoe"]["decks"], Value::Null);
    // Its main bets are the rank counts' (the 4s one short, suits unknown).
    let ranks = stdout_json(&[
        "analyze",
        "--ranks",
        "32,32,32,31,32,32,32,32,32,32,32,32,32",
        "--format",
        "json",
    ]);
    assert!(ranks["shoe"].get("card_counts").is_none());
    assert_eq!(given["bets"], ranks["bets"]);
    assert_eq!(given["outcomes"], ranks["outcomes"]);
    // Removal from card counts is exact: a second 4♥ from one deck's is refused.
    let one_deck = list(&[1; 52]);
    let output = super::run_with_input(
        &["analyze", "--card-counts", &one_deck, "--remove", "4H,4H"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        "error: cannot remove 4♥: the shoe has no 4♥ left"
    );
    // Even card counts are the rank counts' shoe: no card counts in the report.
    let even = stdout_json(&["analyze", "--card-counts", &one_deck, "--format", "json"]);
    assert_eq!(
        even,
        stdout_json(&["analyze", "--decks", "1", "--format", "json"])
    );
}

#[test]
fn a_rule_file_states_a_card_level_shoe() {
    let mut counts = [6u64; 52];
    counts[0] = 5;
    counts[51] = 0;
    let reference = shipped("reference").unwrap();
    let file = reference.replacen(
        "\"shoe\": {\"decks\": 8}",
        &format!("\"shoe\": {{\"card_counts\": [{}]}}", list(&counts)),
        1,
    );
    assert_ne!(file, reference, "the reference file states eight decks");
    let set = RuleSet::from_json(&file).unwrap();
    let stated = set.shoe().unwrap();
    assert_eq!(stated.card_counts().unwrap(), counts);
    assert_eq!(stated, &Shoe::from_card_counts(counts).unwrap());
}

/// A rule file of the reference rules (schema 2) with one bet that reads suits: Punto's first
/// two cards are of one suit, paying 10 to 1.
fn suited_rules() -> Rules {
    let reference = shipped("reference").unwrap();
    let text = reference
        .replacen("\"schema\": 1", "\"schema\": 2", 1)
        .replacen(
            "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]",
            "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}], \"suited\": [{\"punto\": {\"first_two\": {\"same\": \"suit\"}}, \"pays\": 10}]",
            1,
        );
    assert!(text.contains("\"suited\""), "the reference file's tie bet");
    RuleSet::from_json(&text).unwrap().rules().clone()
}

/// The expected net of the suited bet, by hand: Punto's first two cards are the first and
/// third dealt, any two of the shoe's cards in order, so they share a suit with probability
/// Σ c(c − 1) / N(N − 1) over the suits' counts c; the bet nets 10 then, and −1 otherwise.
fn suited_by_hand(cards: &[u64; 52]) -> num_rational::BigRational {
    use num_bigint::BigInt;
    let n: u64 = cards.iter().sum();
    let same: u64 = (0..4)
        .map(|suit| {
            let c: u64 = cards.iter().skip(suit).step_by(4).sum();
            c * c.saturating_sub(1)
        })
        .sum();
    let p = num_rational::BigRational::new(BigInt::from(same), BigInt::from(n * (n - 1)));
    p * BigInt::from(11) - BigInt::from(1)
}

fn suited_net(shoe: &Shoe, rules: &Rules) -> num_rational::BigRational {
    let analysis = Analysis::new(shoe, rules).unwrap();
    let document = serde_json::to_value(Report::new(&analysis, "suited")).unwrap();
    document["bets"]["suited"]["expected_net"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A bet that reads suits counts the card-level shoe's own cards, as the hand count says.
    #[test]
    fn a_suit_bet_counts_the_shoe_s_own_cards(shoe in card_level_shoe()) {
        let cards = shoe.card_counts().unwrap();
        prop_assert_eq!(suited_net(&shoe, &suited_rules()), suited_by_hand(&cards));
    }
}

#[test]
fn a_suit_bet_reads_removed_cards_and_refuses_unknown_suits() {
    let rules = suited_rules();
    // One deck less the 4♥ and the 9♥: hearts are two short.
    let removed: Vec<Card> = ["4H", "9H"].iter().map(|c| c.parse().unwrap()).collect();
    let shoe = Shoe::decks_without(1, &removed).unwrap();
    let mut cards = [1u64; 52];
    removed.iter().for_each(|card| cards[card.index()] = 0);
    assert_eq!(suited_net(&shoe, &rules), suited_by_hand(&cards));
    // The same by rank: the 4s' and 9s' suits are unknown, and the bet says so.
    let ranks = Shoe::from_counts(shoe.counts()).unwrap();
    assert_eq!(
        Analysis::new(&ranks, &rules).unwrap_err().to_string(),
        "a bet reads suits, but the shoe has 3 4s, which four suits cannot share evenly: give the shoe as 52 card counts"
    );
    // Whole decks, each rank split evenly among the suits.
    let eight = Shoe::decks(8).unwrap();
    assert_eq!(suited_net(&eight, &rules), suited_by_hand(&[8; 52]));
}
