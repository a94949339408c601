//! The teaching session: prediction words, scoring as the texts set it, scripts, the terminal,
//! and the exact odds checked by an independent count.

use num_bigint::BigInt;
use num_rational::BigRational;
use punto_banco::analysis::Analysis;
use punto_banco::card::parse_cards;
use punto_banco::rules::{MainBet, Rules};
use punto_banco::session::{Session, parse_prediction, play_script};
use punto_banco::session_odds::SessionOdds;
use punto_banco::shoe::Shoe;
use punto_banco::tally::Winner;

#[test]
fn predictions_in_both_languages() {
    for (text, bet) in [
        ("P", MainBet::Punto),
        ("punto", MainBet::Punto),
        ("b", MainBet::Banco),
        ("Banco", MainBet::Banco),
        ("T", MainBet::Tie),
        ("tie", MainBet::Tie),
        ("E", MainBet::Tie),
        ("Égalité", MainBet::Tie),
        ("egalite", MainBet::Tie),
    ] {
        assert_eq!(parse_prediction(text), Some(bet), "{text}");
    }
    assert_eq!(parse_prediction("maybe"), None);
}

/// The texts' settlement at stake 20: Punto +20, Banco +19, Tie +160, a loss −20, and Punto
/// or Banco on a tie 0; the worked example nets a Banco prediction +19.
#[test]
fn scoring_follows_the_texts() {
    let mut session = Session::new(Rules::reference(), 8, 10, 20);
    for name in ["Alice", "Bruno", "Chloé"] {
        session.join(name, false).unwrap();
    }
    let example = parse_cards("4♥ 2♠ 9♣ A♦ 8♦").unwrap();
    session
        .play(&example, &[MainBet::Punto, MainBet::Banco, MainBet::Tie])
        .unwrap();
    let scores: Vec<i64> = session
        .participants
        .iter()
        .map(|p| p.score.to_integer())
        .collect();
    assert_eq!(scores, [-20, 19, -20]);
    // A tie on 7: Punto and Banco push, Tie wins eight stakes.
    let tie = parse_cards("KS QS 7H 7D").unwrap();
    session
        .play(&tie, &[MainBet::Punto, MainBet::Banco, MainBet::Tie])
        .unwrap();
    let scores: Vec<i64> = session
        .participants
        .iter()
        .map(|p| p.score.to_integer())
        .collect();
    assert_eq!(scores, [-20, 19, 140]);
    assert_eq!(session.leaders()[0].name, "Chloé");
}

#[test]
fn joining_rules() {
    let mut session = Session::new(Rules::reference(), 8, 10, 20);
    assert_eq!(
        session.join("  ", false).unwrap_err().to_string(),
        "a name cannot be empty"
    );
    session.join("Alice", false).unwrap();
    assert_eq!(
        session.join("alice", false).unwrap_err().to_string(),
        "`alice` is already taking part"
    );
    for i in 1..8 {
        session.join(&format!("P{i}"), false).unwrap();
    }
    assert_eq!(
        session.join("Ninth", false).unwrap_err().to_string(),
        "a session has at most 8 participants"
    );
    assert_eq!(session.participants.len(), 8);
}

#[test]
fn a_script_reproduces_a_session_exactly() {
    let script = r#"{"participants": ["Alice", "Bruno"], "dealer": {"name": "Chloé", "predicts": true}, "seed": 5,
        "rounds": [
            {"predictions": {"Alice": "P", "Bruno": "B", "Chloé": "E"}, "cards": ["4H","2S","9C","AD","8D"]},
            {"predictions": {"Alice": "banco", "Bruno": "punto", "Chloé": "tie"}}
        ]}"#;
    let a = play_script(script, Rules::reference()).unwrap();
    let b = play_script(script, Rules::reference()).unwrap();
    assert_eq!(
        punto_banco::session::session_json(&a),
        punto_banco::session::session_json(&b)
    );
    assert_eq!(a.played.len(), 2);
    assert_eq!(a.played[0].results[1].1.to_integer(), 19);
    assert!(!a.finished());
    let bad = script.replace("\"E\"", "\"X\"");
    assert_eq!(
        play_script(&bad, Rules::reference())
            .unwrap_err()
            .to_string(),
        "round 1: `X` is not a prediction: expected P, B or T: Punto, Banco or Tie"
    );
    let lonely = r#"{"participants": ["Alice"], "rounds": []}"#;
    assert!(
        play_script(lonely, Rules::reference())
            .unwrap_err()
            .to_string()
            .contains("2 to 8 participants")
    );
}

fn session(args: &[&str], input: &str) -> (Option<i32>, String) {
    let output = super::run_with_input(args, input);
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// The terminal session as a user meets it, through piped answers: bad answers are explained
/// and asked again, the deals are told card by card, and the session ends with its winners.
#[test]
fn the_terminal_session_in_english() {
    let answers = "Alice\n\nBruno\nAlice\n\nDana\nmaybe\ny\nP\nB\nx\nT\nB\nB\nB\n";
    let (code, out) = session(&["session", "--seed", "3", "--deals", "2"], answers);
    assert_eq!(code, Some(0));
    assert!(out.contains("a name cannot be empty"), "{out}");
    assert!(out.contains("`Alice` is already taking part"), "{out}");
    assert!(out.contains("Answer y or n."), "{out}");
    assert!(
        out.contains("`x` is not a prediction: type P, B or T: Punto, Banco or Tie."),
        "{out}"
    );
    assert!(
        out.contains("The dealer gathers all 416 cards and shuffles them."),
        "{out}"
    );
    assert!(out.contains("Punto receives"), "{out}");
    assert!(out.contains("Standings after 2 of 2 deals"), "{out}");
    assert!(out.contains("Dana (dealer)"), "{out}");
    assert!(out.trim_end().ends_with('.'), "{out}");
    assert!(
        out.contains("wins the session with") || out.contains("Shared victory"),
        "{out}"
    );
    // The same seed deals the same cards.
    assert_eq!(
        session(&["session", "--seed", "3", "--deals", "2"], answers).1,
        out
    );
}

#[test]
fn the_terminal_session_in_french_and_the_end_of_input() {
    let (code, out) = session(
        &["session", "--lang", "fr", "--seed", "4", "--deals", "1"],
        "Alice\nBruno\n\nDana\nn\nE\nbanco\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.contains("Le donneur rassemble les 416 cartes et les mélange."),
        "{out}"
    );
    assert!(out.contains("Alice (Égalité)"), "{out}");
    // Input that ends mid-deal stops the session cleanly with the standings so far.
    let (code, out) = session(&["session", "--seed", "4"], "Alice\nBruno\n\nDana\nn\nP\n");
    assert_eq!(code, Some(0));
    assert!(
        out.contains("Input ended: the session stops here."),
        "{out}"
    );
    assert!(out.contains("Standings after 0 of 10 deals"), "{out}");
}

/// The odds of always backing one bet, counted independently: over ten independent deals the
/// numbers of wins, losses and ties are multinomial, so P(score ≥ 0) and the mean follow from
/// the one-deal outcome probabilities by direct summation.
#[test]
fn session_odds_match_a_multinomial_count() {
    let odds = SessionOdds::new(&Shoe::reference(), &Rules::reference(), 10, 20).unwrap();
    let analysis = Analysis::new(&Shoe::reference(), &Rules::reference()).unwrap();
    let [p, b, t] = Winner::ALL.map(|w| analysis.probability(w));
    let factorial = |n: u32| -> BigInt {
        (1..=n)
            .map(BigInt::from)
            .product::<BigInt>()
            .max(BigInt::from(1))
    };
    let pow = |x: &BigRational, n: u32| {
        (0..n).fold(BigRational::from_integer(BigInt::from(1)), |acc, _| acc * x)
    };
    // Always Punto: wins on Punto (+20), loses on Banco (−20), pushes on a tie.
    let mut at_least_zero = BigRational::from_integer(BigInt::from(0));
    let mut mean = BigRational::from_integer(BigInt::from(0));
    for wins in 0..=10u32 {
        for losses in 0..=(10 - wins) {
            let ties = 10 - wins - losses;
            let ways = BigRational::from_integer(
                factorial(10) / (factorial(wins) * factorial(losses) * factorial(ties)),
            );
            let prob = ways * pow(&p, wins) * pow(&b, losses) * pow(&t, ties);
            let score = 20 * (wins as i64 - losses as i64);
            if score >= 0 {
                at_least_zero += &prob;
            }
            mean += prob * BigRational::from_integer(BigInt::from(score));
        }
    }
    assert_eq!(odds.at_least_zero(MainBet::Punto), at_least_zero);
    assert_eq!(odds.expected(MainBet::Punto), mean);
    // Ten deals each with expectation −20 × edge: the mean is exact and linear.
    let edge = analysis.edge(MainBet::Banco);
    assert_eq!(
        odds.expected(MainBet::Banco),
        -edge * BigRational::from_integer(BigInt::from(200))
    );
    // Head to head probabilities add up to one.
    let [a, l, z] = odds.head_to_head(MainBet::Punto, MainBet::Tie);
    assert_eq!(a + l + z, BigRational::from_integer(BigInt::from(1)));
}
