//! Published exact figures, pinned with their sources: Wizard of Odds, "Baccarat" (appendix 1,
//! and "one to twelve decks", whose spreadsheet truncates the 8-deck integers to 15 significant
//! digits: the exact values are pinned here), "EZ Baccarat", "Side bets" and appendix 5.

use super::decks;
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use punto_banco::analysis::Hand;
use punto_banco::outcome::Winner;
use punto_banco::rules::MainBet;

fn big(digits: &str) -> BigUint {
    digits.replace(',', "").parse().unwrap()
}

/// A value rounded to `places` decimals, as the sources print it.
fn rounded(value: &BigRational, scale: f64, places: i32) -> f64 {
    let factor = 10f64.powi(places);
    (value.to_f64().unwrap() * scale * factor).round() / factor
}

/// Wizard of Odds, "Baccarat", appendix 1 and "one to twelve decks"; the exact 8-deck
/// integers (its spreadsheet truncates them to 15 digits).
#[test]
fn main_bet_counts_for_8_6_and_1_decks() {
    let published = [
        (
            8,
            "4,998,398,275,503,360",
            "2,292,252,566,437,888",
            "2,230,518,282,592,256",
            "475,627,426,473,216",
        ),
        (
            6,
            "878,869,206,895,680",
            "403,095,751,234,560",
            "392,220,492,728,832",
            "83,552,962,932,288",
        ),
        (
            1,
            "14,658,134,400",
            "6,737,232,640",
            "6,548,674,432",
            "1,372,227,328",
        ),
    ];
    for (n, total, banco, punto, tie) in published {
        let analysis = decks(n);
        assert_eq!(analysis.sequences(), &big(total), "{n} decks: total");
        assert_eq!(
            analysis.count(Winner::Banco),
            big(banco),
            "{n} decks: Banco"
        );
        assert_eq!(
            analysis.count(Winner::Punto),
            big(punto),
            "{n} decks: Punto"
        );
        assert_eq!(analysis.count(Winner::Tie), big(tie), "{n} decks: ties");
    }
}

/// The total is N·(N−1)·…·(N−5) for N cards: unused cards still count.
#[test]
fn totals_are_falling_products() {
    for n in 1..=8u64 {
        let cards = 52 * n;
        let product: BigUint = (0..6).map(|k| BigUint::from(cards - k)).product();
        assert_eq!(decks(n).sequences(), &product);
    }
}

/// Wizard of Odds, "Baccarat" appendix 1 (8 decks) and "one to twelve decks" (6 decks):
/// house edges, ties counted as pushes, to four decimals of a percent.
#[test]
fn main_bet_edges_for_8_and_6_decks() {
    for (n, banco, punto, tie) in [(8, 1.0579, 1.2351, 14.3596), (6, 1.0558, 1.2374, 14.4382)] {
        let analysis = decks(n);
        assert_eq!(
            rounded(&analysis.edge(MainBet::Banco), 100.0, 4),
            banco,
            "{n} decks Banco"
        );
        assert_eq!(
            rounded(&analysis.edge(MainBet::Punto), 100.0, 4),
            punto,
            "{n} decks Punto"
        );
        assert_eq!(
            rounded(&analysis.edge(MainBet::Tie), 100.0, 4),
            tie,
            "{n} decks Tie"
        );
    }
}

/// The exact edges follow from the pinned counts by hand: Punto (B − P)/T, Banco
/// (P − 0.95·B)/T, Tie (B + P − 8·T_ie)/T. An independent path from counts to edges.
#[test]
fn edges_equal_the_hand_formula_on_the_counts() {
    use num_bigint::BigInt;
    for n in [1, 6, 8] {
        let a = decks(n);
        let [p, b, t] = Winner::ALL.map(|w| BigInt::from(a.count(w)));
        let total = BigInt::from(a.sequences().clone());
        let ratio = |n: BigInt, d: BigInt| BigRational::new(n, d);
        assert_eq!(a.edge(MainBet::Punto), ratio(&b - &p, total.clone()));
        assert_eq!(
            a.edge(MainBet::Banco),
            ratio(
                BigInt::from(20) * &p - BigInt::from(19) * &b,
                BigInt::from(20) * &total
            )
        );
        assert_eq!(
            a.edge(MainBet::Tie),
            ratio(&p + &b - BigInt::from(8) * &t, total)
        );
    }
}

/// reference-figures.md, "Other 8-deck facts": naturals and draws (Wizard of Odds appendix 1).
#[test]
fn naturals_and_draws_8_decks() {
    let a = decks(8);
    assert_eq!(
        a.count_where(|s| s.is_natural()),
        big("1,714,696,016,515,584")
    );
    for hand in Hand::ALL {
        assert_eq!(rounded(&a.natural_with(hand, 9), 1.0, 6), 0.094903);
        assert_eq!(rounded(&a.natural_with(hand, 8), 1.0, 6), 0.094532);
    }
    assert_eq!(rounded(&a.draws(Hand::Punto), 1.0, 6), 0.503414);
    assert_eq!(rounded(&a.draws(Hand::Banco), 1.0, 6), 0.435405);
}
