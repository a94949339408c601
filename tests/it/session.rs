//! The teaching session: prediction words, scoring as the texts set it, scripts, the terminal,
//! and the exact odds checked by an independent count.

use num_bigint::BigInt;
use num_rational::BigRational;
use punto_banco::analysis::Analysis;
use punto_banco::card::parse_cards;
use punto_banco::outcome::Winner;
use punto_banco::rules::{MainBet, Rules};
use punto_banco::session::{PlayError, Session, SettingError, parse_prediction, play_script};
use punto_banco::session_odds::{Distribution, SessionOdds};
use punto_banco::shoe::Shoe;

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
    assert_eq!(scores(&session), [-20, 19, -20]);
    // A tie on 7: Punto and Banco push, Tie wins eight stakes.
    let tie = parse_cards("KS QS 7H 7D").unwrap();
    session
        .play(&tie, &[MainBet::Punto, MainBet::Banco, MainBet::Tie])
        .unwrap();
    assert_eq!(scores(&session), [-20, 19, 140]);
    assert_eq!(session.leaders()[0].name, "Chloé");
}

/// The participants' scores, whole at the stake of 20.
fn scores(session: &Session) -> Vec<i64> {
    use num_traits::ToPrimitive;
    session
        .participants
        .iter()
        .map(|p| {
            assert!(p.score.is_integer(), "{}", p.score);
            p.score.to_integer().to_i64().unwrap()
        })
        .collect()
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
        punto_banco::render::session::session_json(&a),
        punto_banco::render::session::session_json(&b)
    );
    assert_eq!(a.played.len(), 2);
    assert_eq!(
        a.played[0].results[1].1,
        BigRational::from_integer(BigInt::from(19))
    );
    assert!(!a.finished());
    let bad = script.replace("\"E\"", "\"X\"");
    assert_eq!(
        play_script(&bad, Rules::reference())
            .unwrap_err()
            .to_string(),
        "line 3, column 67: round 1 `predictions.Chloé` is \"X\": expected P, B or T: Punto, Banco or Tie"
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

/// A page of the docs, read from the repository.
fn page(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The terminal examples of both pages (their first `text` blocks under "An example at the
/// terminal") are what the tool prints for the committed answers, each answer shown after its
/// prompt as a terminal echoes it: the docs once numbered every standings line where the tool
/// gives equal scores one rank.
#[test]
fn the_terminal_examples_in_the_docs_are_what_the_tool_prints() {
    for (path, args, answers) in [
        (
            "docs/en/session.md",
            &["session", "--seed", "9", "--deals", "2"][..],
            "docs/examples/session/answers-en.txt",
        ),
        (
            "docs/fr/seance.md",
            &["session", "--lang", "fr", "--seed", "5", "--deals", "2"][..],
            "docs/examples/session/reponses-fr.txt",
        ),
    ] {
        let text = page(path);
        // The first text block under the example's heading (the page shows others).
        let heading = [
            "### An example at the terminal\n",
            "### Un exemple au terminal\n",
        ]
        .into_iter()
        .find_map(|heading| text.find(heading))
        .expect("the example's heading");
        let start = heading + text[heading..].find("```text\n").unwrap() + "```text\n".len();
        let shown = &text[start..start + text[start..].find("```").unwrap()];
        let answers = page(answers);
        // Piped, the answers are not echoed: take each out of the page, after its prompt.
        let mut expected = String::new();
        let mut rest = shown;
        for answer in answers.lines() {
            let typed = format!(": {answer}\n");
            let at = rest
                .find(&typed)
                .unwrap_or_else(|| panic!("{path}: the answer `{answer}` is not shown"));
            expected.push_str(&rest[..at + 2]);
            rest = &rest[at + typed.len()..];
        }
        expected.push_str(rest);
        let (code, printed) = session(args, &answers);
        assert_eq!(code, Some(0));
        assert_eq!(printed, expected, "{path}");
    }
}

/// Both pages give `session-odds --deals` the range the tool enforces (they once said 100,
/// then 30).
#[test]
fn the_docs_give_the_session_odds_range_of_the_tool() {
    let output = super::run_with_input(&["session-odds", "--deals", "10001"], "");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.contains("--deals is `10001`: expected a whole number from 1 to 10000"),
        "{error}"
    );
    for (path, row) in [
        (
            "docs/en/session.md",
            "| `--deals N` | deals in the session, 1 to 10000 (whole distributions up to 30) | 10 |",
        ),
        (
            "docs/fr/seance.md",
            "| `--deals N` | donnes de la séance, de 1 à 10000 (distributions complètes jusqu’à 30) | 10 |",
        ),
    ] {
        assert!(page(path).contains(row), "{path}");
    }
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

/// The first method, kept as the independent path: one deal's distribution of a function of
/// the final state in reduced rationals, convolved deal by deal.
mod convolution {
    use super::*;
    use num_rational::Ratio;
    use std::collections::BTreeMap;

    /// The distribution of one deal's value of `f`.
    pub fn one_deal(
        deal: &Analysis,
        f: impl Fn(punto_banco::outcome::FinalState) -> Ratio<i64>,
    ) -> Distribution {
        let total = BigRational::from_integer(BigInt::from(deal.sequences().clone()));
        let mut one: Distribution = BTreeMap::new();
        for (state, weight) in deal.states() {
            *one.entry(f(state))
                .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) +=
                BigRational::from_integer(BigInt::from(weight)) / &total;
        }
        one
    }

    /// The distribution of the sum of `deals` independent draws from `one`.
    pub fn convolve(one: &Distribution, deals: u32) -> Distribution {
        let mut total: Distribution = BTreeMap::from([(
            Ratio::from_integer(0),
            BigRational::from_integer(BigInt::from(1)),
        )]);
        for _ in 0..deals {
            let mut next: Distribution = BTreeMap::new();
            for (score, p) in &total {
                for (change, q) in one {
                    *next
                        .entry(score + change)
                        .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) += p * q;
                }
            }
            total = next;
        }
        total
    }

    /// The probabilities that a value is above, at and below zero.
    pub fn signs(distribution: &Distribution) -> [BigRational; 3] {
        let zero = Ratio::from_integer(0);
        let sum = |keep: &dyn Fn(&Ratio<i64>) -> bool| -> BigRational {
            distribution
                .iter()
                .filter(|(d, _)| keep(d))
                .map(|(_, p)| p.clone())
                .sum()
        };
        [
            sum(&|d| *d > zero),
            sum(&|d| *d == zero),
            sum(&|d| *d < zero),
        ]
    }
}

/// The rule sets the odds are checked under: the reference tariff (three categories of
/// final states) and EZ Baccarat's (four: its Banco pushes on a three-card 7).
fn odds_rule_sets() -> Vec<(&'static str, Rules)> {
    let ez = punto_banco::variants::RuleSet::from_json(
        punto_banco::variants::shipped("ez-baccarat").unwrap(),
    )
    .unwrap();
    vec![
        ("reference", Rules::reference()),
        ("ez-baccarat", ez.rules().clone()),
    ]
}

/// Every figure of the multinomial by rows equals the convolution of rationals, for 1 to 12
/// deals, under both tariffs.
#[test]
fn session_odds_equal_the_convolution_of_rationals() {
    use convolution::{convolve, one_deal, signs};
    let stake = num_rational::Ratio::from_integer(20);
    for (name, rules) in odds_rule_sets() {
        let shoe = Shoe::decks(1).unwrap();
        let deal = Analysis::new(&shoe, &rules).unwrap();
        let net = |bet: MainBet, state| rules.tariff.bet(bet).settle_state(state).unwrap() * stake;
        for deals in 1..=12 {
            let odds = SessionOdds::new(&shoe, &rules, deals, 20).unwrap();
            let at = format!("{name}, {deals} deals");
            assert_eq!(odds.categories(), if name == "reference" { 3 } else { 4 });
            for bet in MainBet::ALL {
                let distribution = convolve(&one_deal(&deal, |s| net(bet, s)), deals);
                assert_eq!(odds.final_score(bet), Some(&distribution), "{at}: {bet:?}");
                let mean: BigRational = distribution
                    .iter()
                    .map(|(s, p)| punto_banco::analysis::ratio_to_big(*s) * p)
                    .sum();
                assert_eq!(odds.expected(bet), mean, "{at}: {bet:?}");
                let [above, level, below] = signs(&distribution);
                assert_eq!(odds.at_least_zero(bet), &above + &level, "{at}: {bet:?}");
                assert_eq!(odds.signs(bet), [above, level, below], "{at}: {bet:?}");
            }
            for a in MainBet::ALL {
                for b in MainBet::ALL {
                    let difference = convolve(&one_deal(&deal, |s| net(a, s) - net(b, s)), deals);
                    assert_eq!(
                        odds.head_to_head(a, b),
                        signs(&difference),
                        "{at}: {a:?} against {b:?}"
                    );
                }
            }
        }
    }
}

/// The rule files of many pay lines (`docs/examples/session/`): 38 lines in tenths of a
/// stake, and in sevenths, elevenths and thirteenths. Their categories are many and their
/// scores fine-grained, so that their figures take the powers of a polynomial, from either
/// end, rather than the rows of three groups.
fn many_line_rule_sets() -> Vec<(&'static str, Rules)> {
    ["tenths", "sevenths"]
        .into_iter()
        .map(|name| {
            let text = page(&format!("docs/examples/session/{name}.json"));
            let set = punto_banco::variants::RuleSet::from_json(&text).unwrap();
            (name, set.rules().clone())
        })
        .collect()
}

/// Under tariffs of many pay lines, every figure equals the convolution of rationals, for 1
/// to 5 deals from one deck.
#[test]
fn many_line_odds_equal_the_convolution_of_rationals() {
    use convolution::{convolve, one_deal, signs};
    let stake = num_rational::Ratio::from_integer(20);
    let shoe = Shoe::decks(1).unwrap();
    for (name, rules) in many_line_rule_sets() {
        let deal = Analysis::new(&shoe, &rules).unwrap();
        let net = |bet: MainBet, state| rules.tariff.bet(bet).settle_state(state).unwrap() * stake;
        for deals in 1..=5 {
            let odds = SessionOdds::new(&shoe, &rules, deals, 20).unwrap();
            let at = format!("{name}, {deals} deals");
            assert!(odds.categories() > 20, "{at}: {}", odds.categories());
            for bet in MainBet::ALL {
                let distribution = convolve(&one_deal(&deal, |s| net(bet, s)), deals);
                assert_eq!(odds.final_score(bet), Some(&distribution), "{at}: {bet:?}");
                assert_eq!(odds.signs(bet), signs(&distribution), "{at}: {bet:?}");
            }
            for (a, b) in [
                (MainBet::Punto, MainBet::Banco),
                (MainBet::Banco, MainBet::Tie),
            ] {
                let difference = convolve(&one_deal(&deal, |s| net(a, s) - net(b, s)), deals);
                assert_eq!(
                    odds.head_to_head(a, b),
                    signs(&difference),
                    "{at}: {a:?} against {b:?}"
                );
            }
        }
    }
}

/// Under tariffs of many pay lines, a table's chances equal the brute-force enumeration, and
/// the table computed with the odds (`with_table`) is the table computed after them.
#[test]
fn many_line_tables_equal_a_brute_force_enumeration() {
    use MainBet::{Banco as B, Punto as P, Tie as T};
    let shoe = Shoe::decks(1).unwrap();
    for (name, rules) in many_line_rule_sets() {
        for deals in 1..=3 {
            for table in [&[P, B, T][..], &[B, T], &[P, P, B]] {
                let (odds, together) =
                    SessionOdds::with_table(&shoe, &rules, deals, 20, table).unwrap();
                let players = odds.players(table).unwrap();
                assert_eq!(players, together, "{name}, {deals} deals, {table:?}");
                let expected = players_by_brute_force(&rules, &shoe, deals, table);
                for (i, (player, (alone, shared))) in players.iter().zip(&expected).enumerate() {
                    let at = format!("{name}, {deals} deals, {table:?}, participant {}", i + 1);
                    assert_eq!(player.wins_alone(), alone, "{at}");
                    assert_eq!(player.shares_first(), shared, "{at}");
                }
            }
        }
    }
}

/// A table's chances, by brute force: every tuple of counts of the deal's categories (final
/// states grouped by the three bets' nets), its multinomial probability from factorials, and
/// the winners read off the participants' scores.
fn players_by_brute_force(
    rules: &Rules,
    shoe: &Shoe,
    deals: u32,
    predictions: &[MainBet],
) -> Vec<(BigRational, BigRational)> {
    use num_rational::Ratio;
    use std::collections::BTreeMap;
    let deal = Analysis::new(shoe, rules).unwrap();
    let total = BigRational::from_integer(BigInt::from(deal.sequences().clone()));
    let mut categories: BTreeMap<Vec<Ratio<i64>>, BigRational> = BTreeMap::new();
    for (state, weight) in deal.states() {
        let nets = MainBet::ALL
            .iter()
            .map(|&b| rules.tariff.bet(b).settle_state(state).unwrap())
            .collect();
        *categories
            .entry(nets)
            .or_insert_with(|| BigRational::from_integer(BigInt::from(0))) +=
            BigRational::from_integer(BigInt::from(weight)) / &total;
    }
    let categories: Vec<_> = categories.into_iter().collect();
    let factorial = |n: u32| (1..=n).map(BigInt::from).product::<BigInt>();
    let mut results = vec![
        (
            BigRational::from_integer(0.into()),
            BigRational::from_integer(0.into())
        );
        predictions.len()
    ];
    // Every tuple of counts adding up to the deals.
    let mut counts = vec![0u32; categories.len()];
    /// The next tuple, as an odometer over all counts but the last, which holds the rest.
    fn next(counts: &mut [u32], deals: u32) -> bool {
        let free = counts.len() - 1;
        for i in (0..free).rev() {
            if counts[..free].iter().sum::<u32>() < deals {
                counts[i] += 1;
                counts[free] = deals - counts[..free].iter().sum::<u32>();
                return true;
            }
            counts[i] = 0;
        }
        false
    }
    counts[categories.len() - 1] = deals;
    loop {
        let mut probability = BigRational::from_integer(factorial(deals));
        for ((_, p), &m) in categories.iter().zip(&counts) {
            probability /= BigRational::from_integer(factorial(m));
            for _ in 0..m {
                probability *= p;
            }
        }
        let scores: Vec<Ratio<i64>> = predictions
            .iter()
            .map(|&bet| {
                let i = MainBet::ALL.iter().position(|&b| b == bet).unwrap();
                categories
                    .iter()
                    .zip(&counts)
                    .map(|((nets, _), &m)| nets[i] * i64::from(m))
                    .sum()
            })
            .collect();
        let best = *scores.iter().max().unwrap();
        let at_best = scores.iter().filter(|&&s| s == best).count();
        for (result, score) in results.iter_mut().zip(&scores) {
            if *score == best {
                if at_best == 1 {
                    result.0 += &probability;
                } else {
                    result.1 += &probability;
                }
            }
        }
        if !next(&mut counts, deals) {
            break;
        }
    }
    results
}

/// Each participant's chances of finishing first alone and of sharing first place equal a
/// brute-force enumeration, for tables with one, two and three distinct predictions.
#[test]
fn players_odds_equal_a_brute_force_enumeration() {
    use MainBet::{Banco as B, Punto as P, Tie as T};
    let tables: [&[MainBet]; 7] = [
        &[P, B, B, T],
        &[P, B, T],
        &[T, P],
        &[B],
        &[B, B],
        &[P, P, T],
        &[T, B, P, T],
    ];
    let shoe = Shoe::decks(1).unwrap();
    for (name, rules) in odds_rule_sets() {
        for deals in 1..=8 {
            let odds = SessionOdds::new(&shoe, &rules, deals, 20).unwrap();
            for table in tables {
                let players = odds.players(table).unwrap();
                let expected = players_by_brute_force(&rules, &shoe, deals, table);
                for (i, (player, (alone, shared))) in players.iter().zip(&expected).enumerate() {
                    let at = format!("{name}, {deals} deals, {table:?}, participant {}", i + 1);
                    assert_eq!(player.prediction(), table[i], "{at}");
                    assert_eq!(player.wins_alone(), alone, "{at}");
                    assert_eq!(player.shares_first(), shared, "{at}");
                }
            }
        }
    }
}

/// Over 1,000 deals the probabilities of each strategy, summed as separate regions, add up
/// to one; so do head to head and a table of two; the expected score is a thousand deals'
/// worth of one deal's expected net.
#[test]
fn thousand_deal_probabilities_add_up_to_one() {
    let rules = Rules::reference();
    let odds = SessionOdds::new(&Shoe::reference(), &rules, 1000, 20).unwrap();
    assert!(!odds.has_distributions());
    let one = BigRational::from_integer(BigInt::from(1));
    let deal = Analysis::new(&Shoe::reference(), &rules).unwrap();
    for bet in MainBet::ALL {
        let [above, at, below] = odds.signs(bet);
        assert_eq!(&above + &at + &below, one, "{bet:?}");
        assert!(above > BigRational::from_integer(0.into()), "{bet:?}");
        assert_eq!(
            odds.expected(bet),
            -deal.edge(bet) * BigRational::from_integer(BigInt::from(20_000)),
            "{bet:?}"
        );
    }
    for a in MainBet::ALL {
        for b in MainBet::ALL {
            let [ahead, level, behind] = odds.head_to_head(a, b);
            assert_eq!(ahead + level + behind, one, "{a:?} against {b:?}");
        }
    }
    let pair = odds.players(&[MainBet::Punto, MainBet::Banco]).unwrap();
    assert_eq!(
        pair[0].wins_alone() + pair[0].shares_first() + pair[1].wins_alone(),
        one
    );
    assert_eq!(pair[0].shares_first(), pair[1].shares_first());
    assert_eq!(
        pair[1].wins_alone(),
        &odds.head_to_head(MainBet::Banco, MainBet::Punto)[0]
    );
    // The Tie strategy's score, 9 × ties − 1000 at stake 1, is never zero: 1000 is not a
    // multiple of 9.
    assert_eq!(
        odds.signs(MainBet::Tie)[1],
        BigRational::from_integer(0.into())
    );
}

/// The error of a script that cannot be played, as the CLI prints it after the file name.
fn script_error(script: &str) -> String {
    play_script(script, Rules::reference())
        .unwrap_err()
        .to_string()
}

/// The place an error must point at is marked `¦` in a test's script: the script without the
/// mark, and "line L, column C: " of the mark, counted in characters from 1.
fn marked(script: &str) -> (String, String) {
    let at = script.find('¦').expect("a ¦ marks the place of the error");
    let before = &script[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (
        script.replacen('¦', "", 1),
        format!("line {line}, column {column}: "),
    )
}

/// Asserts that the marked script fails at its mark with this message.
fn assert_refused(marked_script: &str, message: &str) {
    let (script, place) = marked(marked_script);
    assert_eq!(
        script_error(&script),
        format!("{place}{message}"),
        "{script}"
    );
}

/// A two-participant script with these fields added and these rounds.
fn two(fields: &str, rounds: &str) -> String {
    format!(r#"{{"participants": ["Alice", "Bruno"], {fields}"rounds": [{rounds}]}}"#)
}

/// A key given twice keeps neither: serde's maps would keep the last one silently.
#[test]
fn a_key_given_twice_is_refused_where_it_repeats() {
    assert_refused(
        "{\"participants\": [\"A\", \"B\"],\n \"rounds\": [\n  {\"predictions\": {\"A\": \"P\", \"B\": \"B\", ¦\"A\": \"T\"}}]}",
        "round 1 `predictions` has \"A\" twice: expected each key once",
    );
    assert_refused(
        &two(r#""stake": 20, ¦"stake": 40, "#, ""),
        "the script has \"stake\" twice: expected each key once",
    );
    assert_refused(
        &two(r#""dealer": {"name": "Dana", ¦"name": "Eve"}, "#, ""),
        "`dealer` has \"name\" twice: expected each key once",
    );
    assert_refused(
        &two(
            "",
            r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ["4H"], ¦"cards": ["8D"]}"#,
        ),
        "round 1 has \"cards\" twice: expected each key once",
    );
}

/// Every deal starts from a full shoe (`play_shuffled` gathers all the decks), so the cards of
/// one deal hold each exact card at most once per deck.
#[test]
fn a_deal_holds_no_more_copies_of_a_card_than_the_shoe() {
    let aces = |mark: usize| {
        let mut entries =
            ["\"AS\"", "\"A♠\"", "\"as\"", "\"AS\"", "\"AS\"", "\"AS\""].map(String::from);
        entries[mark].insert(0, '¦');
        format!(
            r#"{{"predictions": {{"Alice": "P", "Bruno": "B"}}, "cards": [{}]}}"#,
            entries.join(", ")
        )
    };
    // The copy too many is blamed: the second with one deck, the sixth with five.
    assert_refused(
        &two(r#""decks": 1, "#, &aces(1)),
        "round 1 `cards`: A♠ is given 6 times, but a shoe of 1 deck holds 1 of each card (every deal starts from a full shoe)",
    );
    assert_refused(
        &two(r#""decks": 5, "#, &aces(5)),
        "round 1 `cards`: A♠ is given 6 times, but a shoe of 5 decks holds 5 of each card (every deal starts from a full shoe)",
    );
    // Six aces of spades fit six decks.
    let (six, _) = marked(&two(r#""decks": 6, "#, &aces(0)));
    assert_eq!(
        play_script(&six, Rules::reference()).unwrap().played.len(),
        1
    );
    // Several cards in one entry count one by one, and each deal has a full shoe of its own.
    assert_refused(
        &two(
            r#""decks": 1, "#,
            r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ["4H 2S 9C AD 8D"]},
           {"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ["4H", ¦"KS QS 4h"]}"#,
        ),
        "round 2 `cards`: 4♥ is given 2 times, but a shoe of 1 deck holds 1 of each card (every deal starts from a full shoe)",
    );
    // Cards beyond those the coup used are not kept with the deal.
    let extra = two(
        "",
        r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ["4H 2S 9C AD 8D KS KS"]}"#,
    );
    let session = play_script(&extra, Rules::reference()).unwrap();
    assert_eq!(
        session.played[0].coup.punto().len() + session.played[0].coup.banco().len(),
        5
    );
    assert!(session.played[0].coup.unused().is_empty());
    // The library refuses the same deal, whoever calls it.
    let mut session = Session::try_new(Rules::reference(), 1, 10, 20).unwrap();
    session.join("Alice", false).unwrap();
    session.join("Bruno", false).unwrap();
    let error = session
        .play(
            &parse_cards("KS QS 7H 7H").unwrap(),
            &[MainBet::Punto, MainBet::Banco],
        )
        .unwrap_err();
    assert_eq!(
        error,
        PlayError::TooManyCopies {
            card: "7H".parse().unwrap(),
            given: 2,
            n_decks: 1
        }
    );
    assert!(session.played.is_empty());
}

/// Each message names one field, its value as written, what it accepts, and where it is.
#[test]
fn every_script_error_names_one_field_its_value_and_the_range() {
    let predict = r#"{"predictions": {"Alice": "P", "Bruno": "B"}}"#;
    for (script, message) in [
        (
            two(r#""stake": ¦0, "#, ""),
            "`stake` is 0: expected a whole number from 1 to 1000000000",
        ),
        (
            two(r#""decks": ¦0, "#, ""),
            "`decks` is 0: expected a whole number from 1 to 1000",
        ),
        (
            two(r#""deals": ¦0, "#, ""),
            "`deals` is 0: expected a whole number from 1 to 1000",
        ),
        (
            two(r#""seed": ¦"x", "#, ""),
            "`seed` is \"x\": expected a whole number from 0 to 18446744073709551615",
        ),
        (
            r#"{"participants": ¦["Alice"], "rounds": []}"#.to_string(),
            "`participants` holds 1 name: expected 2 to 8 people who predict (a dealer who predicts counts)",
        ),
        (
            r#"{"participants": ¦"Alice, Bruno", "rounds": []}"#.to_string(),
            "`participants` is \"Alice, Bruno\": expected an array of 2 to 8 names, such as [\"Alice\", \"Bruno\"]",
        ),
        (
            r#"{"participants": ["Alice", ¦" "], "rounds": []}"#.to_string(),
            "`participants` entry 2 is \" \": expected a name that is not empty",
        ),
        (
            r#"{"participants": ["Alice", ¦"ALICE"], "rounds": []}"#.to_string(),
            "`participants` entry 2 is \"ALICE\": expected a name nobody else has (names that differ only in case are the same)",
        ),
        (
            r#"{"participants": ["Alice", ¦"Bru\nno"], "rounds": []}"#.to_string(),
            "`participants` entry 2 is \"Bru\\nno\": expected a name without control characters (no tab or line break)",
        ),
        (
            r#"{"participants": ["A", "B", "C", "D", "E", "F", "G", "H", ¦"I"], "rounds": []}"#.to_string(),
            "`participants` entry 9 is \"I\": expected at most 8 people who predict",
        ),
        (
            two(r#""dealer": {"name": ¦"", "predicts": false}, "#, ""),
            "`dealer.name` is \"\": expected a name that is not empty",
        ),
        (
            two(r#""dealer": {"name": ¦"bruno", "predicts": true}, "#, ""),
            "`dealer.name` is \"bruno\": expected a name nobody else has (names that differ only in case are the same)",
        ),
        (
            two(r#""dealer": {"name": "Dana", "predicts": ¦"yes"}, "#, ""),
            "`dealer.predicts` is \"yes\": expected true or false",
        ),
        (
            r#"{"participants": ["A", "B", "C", "D", "E", "F", "G", "H"], "dealer": {"name": "Z", "predicts": ¦true}, "rounds": []}"#.to_string(),
            "`dealer.predicts` is true: expected false, since `participants` already holds 8 names, the most who may predict",
        ),
        (
            two(r#""dealer": ¦{"predicts": true}, "#, ""),
            "`dealer` has no `name`: expected an object such as {\"name\": \"Dana\", \"predicts\": true}",
        ),
        (
            two(r#""deals": 1, "#, &format!("{predict}, ¦{predict}")),
            "`rounds` holds 2 rounds: expected at most 1, one per deal (`deals` is 1)",
        ),
        (
            two("", &format!("{}, ¦{predict}", [predict; 10].join(", "))),
            "`rounds` holds 11 rounds: expected at most 10, one per deal (`deals` is 10 by default)",
        ),
        (
            two("", r#"{"predictions": ¦{"Alice": "P"}}"#),
            "round 1 `predictions` has no prediction for Bruno: expected one for each of Alice and Bruno",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", ¦"bruno": "B"}}"#),
            "round 1 `predictions` has \"bruno\": expected only Alice or Bruno, each written exactly as in `participants` or `dealer.name`",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": ¦"Bnaco"}}"#),
            "round 1 `predictions.Bruno` is \"Bnaco\": expected P, B or T: Punto, Banco or Tie",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": ¦20}}"#),
            "round 1 `predictions.Bruno` is 20: expected P, B or T: Punto, Banco or Tie",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ["4H", "2S", ¦"1S"]}"#),
            "round 1 `cards` entry 3: `1S` is not a card: expected a rank A, 2-10 (or T), J, Q or K followed by a suit ♠ ♥ ♦ ♣ or S H D C (any case), such as 4♥, 4H, 4h, 10D, TD, QS, A♦",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ["4H", ¦""]}"#),
            "round 1 `cards` entry 2 is \"\": expected a card in double quotes, such as \"4♥\" or \"4H\"",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ¦"4H 2S 9C AD"}"#),
            "round 1 `cards` is \"4H 2S 9C AD\": expected an array of the cards in the order dealt, such as [\"4♥\", \"2♠\", \"9♣\", \"A♦\", \"8♦\"]",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": "B"}, "cards": ¦["4H", "2S", "9C"]}"#),
            "round 1 `cards`: the coup needs card 4 (Banco's second card), but only 3 cards were given",
        ),
        (
            two("", r#"{"predictions": {"Alice": "P", "Bruno": "B"}, ¦"card": []}"#),
            "round 1 has an unknown field \"card\": expected predictions or cards",
        ),
        (
            two(r#"¦"stakes": 20, "#, ""),
            "the script has an unknown field \"stakes\": expected participants, dealer, seed, decks, deals, stake or rounds",
        ),
        (
            two(r#""dealer": {"name": "Dana", ¦"predict": true}, "#, ""),
            "`dealer` has an unknown field \"predict\": expected name or predicts",
        ),
        (
            r#"¦{"rounds": []}"#.to_string(),
            "the script has no `participants`: expected an array of 2 to 8 names, such as [\"Alice\", \"Bruno\"]",
        ),
        (
            r#"¦{"participants": ["Alice", "Bruno"]}"#.to_string(),
            "the script has no `rounds`: expected an array of rounds, one object per deal played (it may be empty)",
        ),
        (
            two("", "¦{}"),
            "round 1 has no `predictions`: expected an object of name and prediction, such as {\"Alice\": \"P\", \"Bruno\": \"B\"}",
        ),
    ] {
        assert_refused(&script, message);
    }
}

/// serde's derive reads a struct from an array of its fields in order; a script is an object,
/// and so is every part of it that has fields. A byte-order mark before it is no error.
#[test]
fn arrays_are_not_objects_and_a_byte_order_mark_is_allowed() {
    assert_refused(
        r#"¦[["Alice", "Bruno"], null, 1, 8, 10, 20, []]"#,
        "the script is an array: expected a JSON object {…} holding `participants` and `rounds`",
    );
    assert_refused(
        &two(r#""dealer": ¦["Dana", true], "#, ""),
        "`dealer` is an array: expected an object such as {\"name\": \"Dana\", \"predicts\": true}",
    );
    assert_refused(
        &two("", r#"¦[{"Alice": "P", "Bruno": "B"}, null]"#),
        "round 1 is an array: expected an object holding `predictions` and perhaps `cards`",
    );
    assert_refused(
        &two("", r#"{"predictions": ¦["P", "B"]}"#),
        "round 1 `predictions` is an array: expected an object of name and prediction, such as {\"Alice\": \"P\", \"Bruno\": \"B\"}",
    );
    let plain = two("", r#"{"predictions": {"Alice": "P", "Bruno": "B"}}"#);
    let with_mark = format!("\u{feff}{plain}");
    assert_eq!(
        punto_banco::render::session::session_json(
            &play_script(&plain, Rules::reference()).unwrap()
        ),
        punto_banco::render::session::session_json(
            &play_script(&with_mark, Rules::reference()).unwrap()
        )
    );
    // Positions after the mark are those an editor shows, which does not show the mark.
    assert_eq!(
        script_error("\u{feff}{\"x\": 1}"),
        "line 1, column 2: the script has an unknown field \"x\": expected participants, dealer, seed, decks, deals, stake or rounds"
    );
}

/// Numbers out of range, negative, fractional, in exponent form or too large for any integer
/// get the tool's message with the number as written, not serde's type names.
#[test]
fn numeric_fields_are_refused_with_their_value_and_range() {
    let huge = "123456789012345678901234567890";
    for (field, value, range) in [
        ("decks", "-1", "1 to 1000"),
        ("decks", "1001", "1 to 1000"),
        ("decks", "2.5", "1 to 1000"),
        ("decks", huge, "1 to 1000"),
        ("deals", "1001", "1 to 1000"),
        ("deals", "4294967296", "1 to 1000"),
        ("deals", "-10", "1 to 1000"),
        ("deals", "1e1", "1 to 1000"),
        ("stake", "-20", "1 to 1000000000"),
        ("stake", "1000000001", "1 to 1000000000"),
        ("stake", "9223372036854775808", "1 to 1000000000"),
        ("stake", "0.5", "1 to 1000000000"),
        ("stake", "2E+1", "1 to 1000000000"),
        ("seed", "-1", "0 to 18446744073709551615"),
        ("seed", "18446744073709551616", "0 to 18446744073709551615"),
        ("seed", "1.0", "0 to 18446744073709551615"),
    ] {
        let hint = if value.contains(['.', 'e', 'E']) {
            ", written without a decimal point or exponent"
        } else {
            ""
        };
        assert_refused(
            &two(&format!("\"{field}\": ¦{value}, "), ""),
            &format!("`{field}` is {value}: expected a whole number from {range}{hint}"),
        );
    }
    // A long value is cut in the message, which stays one readable line.
    let long = "9".repeat(100_000);
    assert_refused(
        &two(&format!("\"stake\": ¦{long}, "), ""),
        &format!(
            "`stake` is {}…: expected a whole number from 1 to 1000000000",
            &long[..40]
        ),
    );
    assert_refused(
        &two(
            "",
            &format!(r#"{{"predictions": {{"Alice": "P", "Bruno": "B"}}, "cards": [¦"{long}H"]}}"#),
        ),
        &format!(
            "round 1 `cards` entry 1: `{}…` is not a card: expected {}",
            &long[..40],
            punto_banco::card::ACCEPTED_CARD_FORMS
        ),
    );
    assert_refused(
        &two(r#""deals": ¦010, "#, ""),
        "`010` is not a JSON number: expected digits, perhaps with a `-`, a fraction and an exponent",
    );
    // The ends of every range are accepted, and "-0" is the seed 0.
    let edges = two(
        r#""decks": 1000, "deals": 1000, "stake": 1000000000, "seed": 18446744073709551615, "#,
        "",
    );
    let session = play_script(&edges, Rules::reference()).unwrap();
    assert_eq!(
        (session.n_decks(), session.deals(), session.stake()),
        (1000, 1000, 1_000_000_000)
    );
    let round = r#"{"predictions": {"Alice": "P", "Bruno": "B"}}"#;
    let json = |seed: &str| {
        let script = two(&format!("\"seed\": {seed}, "), round);
        punto_banco::render::session::session_json(
            &play_script(&script, Rules::reference()).unwrap(),
        )
    };
    assert_eq!(json("-0"), json("0"));
}

/// The largest stake over the most deals, every deal a tie backed by Tie: 1000 × 8 × 10⁹ is
/// exact, and so is a Banco win at an odd stake (0.95 × 999999999).
#[test]
fn the_largest_scores_are_exact() {
    let tie = r#"{"predictions": {"Alice": "T", "Bruno": "B"}, "cards": ["KS QS 7H 7D"]}"#;
    let rounds = vec![tie; 1000].join(", ");
    let script = two(
        r#""decks": 1000, "deals": 1000, "stake": 1000000000, "#,
        &rounds,
    );
    let session = play_script(&script, Rules::reference()).unwrap();
    assert_eq!(
        session.participants[0].score,
        BigRational::from_integer(BigInt::from(8_000_000_000_000i64))
    );
    let banco = r#"{"predictions": {"Alice": "B", "Bruno": "P"}, "cards": ["4H 2S 9C AD 8D"]}"#;
    let session = play_script(&two(r#""stake": 999999999, "#, banco), Rules::reference()).unwrap();
    assert_eq!(
        session.participants[0].score,
        BigRational::new(BigInt::from(18_999_999_981i64), BigInt::from(20))
    );
}

/// A session built without checks keeps settings it can deal: no deck at all used to panic
/// when the shoe was cut for the first six cards.
#[test]
fn unchecked_settings_never_panic() {
    let mut session = Session::new(Rules::reference(), 0, 0, i64::MAX);
    assert_eq!(
        (session.n_decks(), session.deals(), session.stake()),
        (1, 1, 1_000_000_000)
    );
    session.join("Alice", false).unwrap();
    session.join("Bruno", false).unwrap();
    let mut rng = punto_banco::dealer::Dealer::rng(1);
    session.play_shuffled(&mut rng, &[MainBet::Tie, MainBet::Banco]);
    assert!(session.finished());
    assert_eq!(
        Session::try_new(Rules::reference(), 1001, 10, 20).unwrap_err(),
        SettingError::Decks(1001)
    );
    assert_eq!(
        Session::try_new(Rules::reference(), 8, 0, 20).unwrap_err(),
        SettingError::Deals(0)
    );
    assert_eq!(
        Session::try_new(Rules::reference(), 8, 10, -20)
            .unwrap_err()
            .to_string(),
        "stake is -20: expected a whole number from 1 to 1000000000"
    );
    // One prediction per participant, or the deal is refused.
    assert_eq!(
        session
            .play(&parse_cards("KS QS 7H 7D").unwrap(), &[MainBet::Tie])
            .unwrap_err(),
        PlayError::Predictions {
            given: 1,
            expected: 2
        }
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Any text, and any damage to a real script (a character deleted and another put in its
    /// place anywhere), gives a session or an error placed inside the text, never a panic.
    #[test]
    fn scripts_never_panic(
        noise in "\\PC{0,60}",
        cut in 0usize..2000,
        insert in proptest::prelude::prop_oneof![
            proptest::prelude::Just(String::new()),
            "[\\[\\]{}\",:0-9a-z\\\\ .eE+-]",
            "\\PC",
        ],
    ) {
        let _ = play_script(&noise, Rules::reference());
        let classroom = include_str!("../../docs/examples/session/classroom.json");
        let mut damaged: Vec<char> = classroom.chars().collect();
        let at = cut % damaged.len();
        damaged.splice(at..=at, insert.chars());
        let damaged: String = damaged.into_iter().collect();
        if let Err(error) = play_script(&damaged, Rules::reference()) {
            let lines = damaged.split('\n').count();
            proptest::prop_assert!((1..=lines).contains(&error.line), "{error}");
            proptest::prop_assert!(error.column >= 1, "{error}");
        }
    }
}

/// JSON's own rules for strings and numbers: escapes decode, surrogate pairs join, and raw
/// control characters, lone surrogates and malformed numbers are refused where they stand.
#[test]
fn json_strings_and_numbers_follow_the_standard() {
    let escaped = r#"{"participants": ["Al\u0069ce", "Chlo\u00e9", "\ud83c\udca1"], "rounds": [
        {"predictions": {"Alice": "P", "Chloé": "B", "🂡": "\u0054"}}]}"#;
    let session = play_script(escaped, Rules::reference()).unwrap();
    let names: Vec<&str> = session
        .participants
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["Alice", "Chloé", "🂡"]);
    for (script, message) in [
        (
            "{\"participants\": [\"A¦\tB\", \"C\"], \"rounds\": []}",
            "a string holds the control character U+0009: expected it written as an escape such as \\n or \\u0009",
        ),
        (
            r#"{"participants": ["¦\ud83c", "C"], "rounds": []}"#,
            "`\\uD83C` is half of a surrogate pair: expected a character, or a high surrogate \\uD800 to \\uDBFF followed by a low one \\uDC00 to \\uDFFF",
        ),
        (
            r#"{"participants": ["¦\x", "C"], "rounds": []}"#,
            "`\\x` is not a JSON escape: expected \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hexadecimal digits",
        ),
        (
            r#"{"participants": ["¦\u+123", "C"], "rounds": []}"#,
            "`\\u+123` is not a JSON escape: expected \\u and four hexadecimal digits",
        ),
        (
            r#"{"participants": ["A, "¦C"], "rounds": []}"#,
            "expected `,` or `]` after an entry, found `C`",
        ),
        (
            r#"{"participants": ["A", "B"], "rounds": [], "seed": ¦1.}"#,
            "`1.` is not a JSON number: expected digits, perhaps with a `-`, a fraction and an exponent",
        ),
        (
            r#"{"participants": ["A", "B"], "rounds": [],¦}"#,
            "expected a field name in double quotes, found `}`",
        ),
        (
            r#"{"participants": ["A", "B"], "rounds": [] ¦"seed": 1}"#,
            "expected `,` or `}` after a value, found `\"`",
        ),
        (
            r#"{"participants": ["A", "B"], "rounds": []} ¦[]"#,
            "the script goes on after its closing `}`, found `[`",
        ),
        (
            r#"{"participants": ["A", "B"], "rounds": [¦}"#,
            "expected a value, found `}`",
        ),
        (
            "{\"participants\": [\"A\", \"B\"],\r\n \"rounds\": [], \"seed\": ¦undefined}",
            "expected a value, found `undefined`",
        ),
        (
            "\u{feff}  ¦",
            "the script is empty: expected a JSON object {…} holding `participants` and `rounds`",
        ),
        (
            r#"{"participants": ["A", "B"], "rounds": [], "seed": ¦"#,
            "expected a value, found the end of the script",
        ),
        (
            r#"{"participants": ["A", ¦"B"#,
            "the string that starts here has no closing quote",
        ),
    ] {
        let (script, place) = marked(script);
        // The mark's place is counted without the byte-order mark, as an editor shows it.
        let place = if script.starts_with('\u{feff}') {
            place.replace("column 4", "column 3")
        } else {
            place
        };
        assert_eq!(
            script_error(&script),
            format!("{place}{message}"),
            "{script}"
        );
    }
}

/// `session-odds --players` as JSON: `players` in the order given, each with its prediction
/// and exact `"n/d"` fractions equal to the library's; a long session's summary carries every
/// probability as an exact fraction and no distribution.
#[test]
fn players_and_long_sessions_as_json() {
    let json = |args: &[&str]| -> serde_json::Value {
        let output = super::run_with_input(args, "");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let fraction = |value: &serde_json::Value| -> BigRational {
        let text = value.as_str().unwrap();
        let (n, d) = text.split_once('/').unwrap();
        let value = BigRational::new(n.parse().unwrap(), d.parse().unwrap());
        // Written in lowest terms.
        assert_eq!(text, format!("{}/{}", value.numer(), value.denom()));
        value
    };
    let document = json(&[
        "session-odds",
        "--deals",
        "40",
        "--players",
        "tie,banco,punto,banco",
        "-f",
        "json",
    ]);
    assert_eq!(
        (document["schema"].as_u64(), document["deals"].as_u64()),
        (Some(1), Some(40))
    );
    let odds = SessionOdds::new(&Shoe::reference(), &Rules::reference(), 40, 20).unwrap();
    let table = [MainBet::Tie, MainBet::Banco, MainBet::Punto, MainBet::Banco];
    let expected = odds.players(&table).unwrap();
    let players = document["players"].as_array().unwrap();
    assert_eq!(players.len(), 4);
    for ((shown, player), bet) in players.iter().zip(&expected).zip(table) {
        assert_eq!(shown["prediction"], bet.key());
        assert_eq!(&fraction(&shown["wins_alone"]), player.wins_alone());
        assert_eq!(&fraction(&shown["shares_first"]), player.shares_first());
    }
    // Two Banco players can only share; their fraction is written reduced.
    assert_eq!(players[1]["wins_alone"], "0/1");
    assert_eq!(players[1]["shares_first"], players[3]["shares_first"]);
    let long = json(&["session-odds", "--deals", "40", "-f", "json"]);
    for bet in MainBet::ALL {
        let strategy = &long["strategies"][bet.key()];
        assert!(strategy.get("final_score").is_none());
        let [above, at, below] = odds.signs(bet);
        assert_eq!(fraction(&strategy["above_zero"]["exact"]), above);
        assert_eq!(fraction(&strategy["at_zero"]["exact"]), at);
        assert_eq!(fraction(&strategy["below_zero"]["exact"]), below);
        assert_eq!(
            fraction(&strategy["at_least_zero"]),
            odds.at_least_zero(bet)
        );
    }
    // Up to 30 deals, every final score is listed.
    let short = json(&["session-odds", "--deals", "30", "-f", "json"]);
    assert!(
        short["strategies"]["banco"]["final_score"]
            .as_array()
            .unwrap()
            .len()
            > 30
    );
}
