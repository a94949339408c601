//! Benchmarks of `audit` (`cargo bench --bench audit`): the exact analysis of every coup of a
//! shoe log, counted in coups.
//!
//! - `audit_reference`: 300 eight-deck shoes (about 24,000 coups) dealt by the reference procedure (burn by the
//!   first card, cut card 14 cards from the end, one more coup), read, each coup's exact
//!   distribution computed and every test and return figured, under the reference rules.
//! - `audit_side_bets`: 50 shoes under the shipped `side-bets` rule set (pairs and bets on
//!   the final state).
//! - `audit_card_bets_pairs`: 5 shoes under `catalogue/pairs`, whose card bets are counted
//!   on the 52 card counts left before every coup.
//! - `engine_weights_per_coup`: the engine's tally alone for each coup of the same log, the
//!   floor of the audit's cost.
//! - `audit_huge_shoe`: 1,000 coups of one 50,000-deck shoe, where every coup has its own
//!   number of cards left, so that the exact sums grow with every coup (their balanced
//!   addition keeps the work near-linear in their size).

use divan::counter::ItemsCount;
use punto_banco::card::Card;
use punto_banco::dealer::Dealer;
use punto_banco::lab::audit::audit;
use punto_banco::rules::{DrawingRules, Rules};
use punto_banco::shoe::Shoe;

fn main() {
    divan::main();
}

/// A log of `shoes` eight-deck shoes dealt by the reference procedure, and its coups.
fn log(shoes: usize) -> (String, usize) {
    let rules = DrawingRules::reference();
    let mut rng = Dealer::rng(7);
    let (mut text, mut coups) = (String::new(), 0);
    let names = |cards: &[Card]| {
        cards
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(",")
    };
    for _ in 0..shoes {
        let order = Dealer::shuffled(8, &mut rng).remaining().to_vec();
        let value = u32::from(order[0].value());
        let burned = 1 + if value == 0 { 10 } else { value } as usize;
        text += &format!(
            "{{\"shoe\":{{\"decks\":8}},\"burn\":[{}]}}\n",
            names(&order[..burned])
        );
        let mut dealer = Dealer::stacked(order[burned..].to_vec());
        // A coup begins while more than 14 cards are left; once the cut card is out, one more.
        let mut after_cut = 0;
        loop {
            if dealer.remaining().len() <= 14 {
                if after_cut == 1 {
                    break;
                }
                after_cut += 1;
            }
            let Some(coup) = dealer.deal_coup(&rules) else {
                break;
            };
            text += &format!("{{\"cards\":[{}]}}\n", names(&coup.dealt_in_order()));
            coups += 1;
        }
    }
    (text, coups)
}

#[divan::bench(sample_count = 10)]
fn audit_reference(bencher: divan::Bencher) {
    let (text, coups) = log(300);
    let rules = Rules::reference();
    bencher
        .counter(ItemsCount::new(coups))
        .bench(|| audit(divan::black_box(text.as_bytes()), &rules, 0.01).unwrap());
}

#[divan::bench(sample_count = 10)]
fn engine_weights_per_coup(bencher: divan::Bencher) {
    let (text, coups) = log(100);
    let rules = DrawingRules::reference();
    // The shoes before each coup, rebuilt once outside the timing.
    let mut shoes = Vec::new();
    let mut shoe = Shoe::decks(8).unwrap();
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let cards = |key: &str| -> Vec<Card> {
            value[key]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|c| c.as_str().unwrap().parse().unwrap())
                        .collect()
                })
                .unwrap_or_default()
        };
        if value.get("shoe").is_some() {
            shoe = Shoe::decks(8).unwrap();
            shoe.remove_all(&cards("burn")).unwrap();
        } else {
            shoes.push(shoe.clone());
            shoe.remove_all(&cards("cards")).unwrap();
        }
    }
    bencher.counter(ItemsCount::new(coups)).bench(|| {
        for shoe in &shoes {
            divan::black_box(punto_banco::engine::tally(shoe, &rules).unwrap());
        }
    });
}

/// The rules of a shipped rule set or catalogue entry.
fn shipped_rules(name: &str) -> Rules {
    let text = punto_banco::variants::shipped(name).unwrap();
    punto_banco::variants::RuleSet::from_json(text)
        .unwrap()
        .rules()
        .clone()
}

#[divan::bench(sample_count = 5)]
fn audit_side_bets(bencher: divan::Bencher) {
    let (text, coups) = log(50);
    let rules = shipped_rules("side-bets");
    bencher
        .counter(ItemsCount::new(coups))
        .bench(|| audit(divan::black_box(text.as_bytes()), &rules, 0.01).unwrap());
}

#[divan::bench(sample_count = 3)]
fn audit_card_bets_pairs(bencher: divan::Bencher) {
    let (text, coups) = log(5);
    let rules = shipped_rules("catalogue/pairs");
    bencher
        .counter(ItemsCount::new(coups))
        .bench(|| audit(divan::black_box(text.as_bytes()), &rules, 0.01).unwrap());
}

#[divan::bench(sample_count = 3)]
fn audit_huge_shoe(bencher: divan::Bencher) {
    let mut rng = Dealer::rng(17);
    let mut dealer = Dealer::shuffled(50_000, &mut rng);
    let rules = Rules::reference();
    let mut text = String::from("{\"shoe\":{\"decks\":50000}}\n");
    let coups: usize = 1_000;
    for _ in 0..coups {
        let coup = dealer.deal_coup(&rules.drawing).unwrap();
        let names: Vec<String> = coup
            .dealt_in_order()
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect();
        text += &format!("{{\"cards\":[{}]}}\n", names.join(","));
    }
    bencher
        .counter(ItemsCount::new(coups))
        .bench(|| audit(divan::black_box(text.as_bytes()), &rules, 0.01).unwrap());
}
