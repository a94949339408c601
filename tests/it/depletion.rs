//! Depleted shoes: batch analysis, the effect of removal and the shoe simulation.

use num_bigint::BigInt;
use num_rational::BigRational;
use punto_banco::analysis::Analysis;
use punto_banco::card::{Card, Rank, Suit};
use punto_banco::dealer::Dealer;
use punto_banco::depletion::{SimulationError, SimulationSetup, effect_of_removal, try_simulate};
use punto_banco::reference::naive_tally;
use punto_banco::rules::{MainBet, Rules};
use punto_banco::shoe::Shoe;

/// The effect of removing a card, checked by the naive path: the edge of the smaller shoe
/// from the walk over every value sequence, minus the full shoe's.
#[test]
fn effect_of_removal_matches_the_naive_path() {
    let shoe = Shoe::decks(2).unwrap();
    let rules = Rules::reference();
    let eor = effect_of_removal(&shoe, &rules).unwrap();
    let naive_edge = |shoe: &Shoe, bet: MainBet| {
        let tally = naive_tally(shoe, &rules.drawing).unwrap();
        Analysis::from_tally(shoe.clone(), rules.clone(), tally)
            .unwrap()
            .edge(bet)
    };
    for rank in [Rank::Five, Rank::Nine, Rank::King] {
        let mut smaller = shoe.clone();
        smaller.remove(Card::new(rank, Suit::Hearts)).unwrap();
        let (_, changes) = eor.by_rank().iter().find(|(r, _)| *r == rank).unwrap();
        let changes = changes.as_ref().unwrap();
        for (i, bet) in MainBet::ALL.iter().enumerate() {
            assert_eq!(
                changes[i],
                naive_edge(&smaller, *bet) - naive_edge(&shoe, *bet),
                "{rank} {bet:?}"
            );
        }
    }
    // A rank the shoe has run out of has no effect to report.
    let mut counts = [8u64; 13];
    counts[Rank::Nine.index()] = 0;
    let eor = effect_of_removal(&Shoe::from_counts(counts).unwrap(), &rules).unwrap();
    assert!(eor.by_rank()[Rank::Nine.index()].1.is_none());
}

/// The directions the classic effect-of-removal tables agree on; the exact values are what the
/// naive check above pins.
#[test]
fn effects_have_the_known_signs() {
    let eor = effect_of_removal(&Shoe::reference(), &Rules::reference()).unwrap();
    let change =
        |rank: Rank, bet: usize| eor.by_rank()[rank.index()].1.as_ref().unwrap()[bet].clone();
    let zero = BigRational::from_integer(BigInt::from(0));
    // Removing a 4 helps Banco most; removing a 6 hurts it.
    assert!(change(Rank::Four, 1) < zero);
    assert!(change(Rank::Six, 1) > zero);
    // Removing 6s and 7s raises the Tie edge most.
    assert!(change(Rank::Six, 2) > change(Rank::Two, 2));
}

#[test]
fn the_simulation_is_reproducible_and_counts_coups() {
    let rules = punto_banco::variants::RuleSet::from_json(
        punto_banco::variants::shipped("ez-baccarat").unwrap(),
    )
    .unwrap()
    .into_rules();
    let setup = SimulationSetup {
        shoes: 40,
        seed: 9,
        n_decks: 8,
        cut: 14,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: "ez-baccarat".into(),
    };
    let a = try_simulate(&setup, &rules, &|_| {}).unwrap();
    let b = try_simulate(&setup, &rules, &|_| {}).unwrap();
    assert_eq!(a, b);
    let c = try_simulate(
        &SimulationSetup {
            seed: 10,
            ..setup.clone()
        },
        &rules,
        &|_| {},
    )
    .unwrap();
    assert_ne!(a, c);
    // An eight-deck shoe dealt to 14 cards holds about 80 coups.
    assert!((70 * 40..=90 * 40).contains(&a.coups()), "{}", a.coups());
    // Dragon 7 turns favourable late in some shoes; the main bets far more rarely.
    let dragon = a.bets().iter().position(|k| k == "dragon_7").unwrap();
    let banco = a.bets().iter().position(|k| k == "banco").unwrap();
    assert!(a.records()[dragon].favourable() > a.records()[banco].favourable());
}

#[test]
fn every_edge_before_a_coup_is_the_exact_edge() {
    // The simulation's per-coup edge is the exact analysis of the remaining shoe: check one
    // mid-shoe composition against the big-integer analysis.
    let mut counts = [32u64; 13];
    counts[Rank::Seven.index()] = 20;
    counts[Rank::Ten.index()] = 31;
    let shoe = Shoe::from_counts(counts).unwrap();
    let rules = Rules::reference();
    let doc: serde_json::Value = serde_json::from_str(
        &punto_banco::report::document_json(&shoe, &rules, "reference").unwrap(),
    )
    .unwrap();
    let analysis = Analysis::new(&shoe, &rules).unwrap();
    assert_eq!(
        doc["bets"]["banco"]["edge"],
        punto_banco::render::fraction(&analysis.edge(MainBet::Banco))
    );
}

/// Above 31 decks N⁶ no longer fits in 64 bits; the simulation once ran the wrapping 64-bit
/// engine anyway and found most coups "favourable" to the main bets at 100 decks. Near the
/// top of a 100-deck shoe no bet of the reference is favourable.
#[test]
fn a_hundred_deck_simulation_uses_exact_edges() {
    let rules = Rules::reference();
    let setup = SimulationSetup {
        shoes: 2,
        seed: 5,
        n_decks: 100,
        cut: 5200 - 30,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: "reference".into(),
    };
    let sim = try_simulate(&setup, &rules, &|_| {}).unwrap();
    assert!((8..=16).contains(&sim.coups()), "{}", sim.coups());
    for (bet, record) in sim.bet_records() {
        assert_eq!(record.favourable(), 0, "{bet}");
    }
}

#[test]
fn simulations_outside_the_dealers_decks_are_errors() {
    let rules = Rules::reference();
    let setup = |n_decks| SimulationSetup {
        shoes: 1,
        seed: 1,
        n_decks,
        cut: 14,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: "reference".into(),
    };
    assert_eq!(
        try_simulate(&setup(0), &rules, &|_| {})
            .unwrap_err()
            .to_string(),
        "a shoe needs at least one deck, not 0"
    );
    let err = try_simulate(&setup(Dealer::MAX_DECKS + 1), &rules, &|_| {}).unwrap_err();
    assert!(matches!(err, SimulationError::Shoe(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        "65537 decks is more than this tool accepts (at most 65536)"
    );
}

/// Memory does not grow with the number of shoes: u64::MAX shoes start dealing at once (they
/// once asked for a vector of u64::MAX records first). The progress callback stops the run by
/// panicking, the only way to stop it from the outside.
#[test]
fn any_number_of_shoes_starts_dealing_at_once() {
    let rules = Rules::reference();
    let setup = SimulationSetup {
        shoes: u64::MAX,
        seed: 1,
        n_decks: 1,
        cut: 35,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: "reference".into(),
    };
    let stop = |done: u64| {
        if done >= 200 {
            std::panic::panic_any("enough shoes");
        }
    };
    let run = std::panic::catch_unwind(|| try_simulate(&setup, &rules, &stop));
    let stopped = run.unwrap_err();
    assert_eq!(stopped.downcast_ref::<&str>(), Some(&"enough shoes"));
}

/// A dash in the effect-of-removal table is explained under it, in both languages: a rank the
/// shoe lacks, or a shoe of six cards that one removal leaves too small for a coup.
#[test]
fn the_dashes_of_the_removal_table_are_explained() {
    use punto_banco::lang::Lang;
    use punto_banco::render::depletion::render_eor;
    use punto_banco::render::{Format, Page};
    let rules = Rules::reference();
    let render = |shoe: &Shoe, lang, format| {
        render_eor(
            &effect_of_removal(shoe, &rules).unwrap(),
            shoe,
            "reference",
            &Page::new(format, lang),
        )
    };
    let six = Shoe::from_counts([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    let text = render(&six, Lang::En, Format::Text);
    assert!(text.ends_with(
        "\n—: the shoe holds no card of this rank, so none can be removed.\n\
         —: with one card fewer the shoe would hold 5 cards, fewer than the 6 a coup can need, so there is no edge to compare.\n"
    ), "{text}");
    let markdown = render(&six, Lang::Fr, Format::Markdown);
    assert!(markdown.ends_with(
        "|\n\n—\u{a0}: le sabot ne contient aucune carte de ce rang, il n’y en a pas à retirer.\n\n\
         —\u{a0}: avec une carte de moins, le sabot ne contiendrait que 5\u{a0}cartes, moins que les 6 qu’un coup peut demander\u{a0}; il n’y a pas d’avantage à comparer.\n"
    ), "{markdown}");
    // Only the reasons present; none for a table without dashes.
    let mut counts = [4u64; 13];
    counts[Rank::Seven.index()] = 0;
    let text = render(&Shoe::from_counts(counts).unwrap(), Lang::En, Format::Text);
    assert!(text.contains("no card of this rank") && !text.contains("one card fewer"));
    let full = render(&Shoe::reference(), Lang::En, Format::Markdown);
    assert!(full.ends_with("|\n") && !full.contains("—:"), "{full}");
}

/// The rule set of a shipped variant.
fn shipped_rules(name: &str) -> Rules {
    punto_banco::variants::RuleSet::from_json(punto_banco::variants::shipped(name).unwrap())
        .unwrap()
        .into_rules()
}

/// The reference burn done by hand: the first card's value (ace 1, tens and faces 10) and
/// that many more cards, the first included, leave the shoe.
fn naive_burn(dealer: Dealer) -> Dealer {
    use punto_banco::card::Rank;
    let first = dealer.remaining()[0].rank;
    let value = match first {
        Rank::Ace => 1,
        Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 10,
        other => usize::from(other.value()),
    };
    Dealer::stacked(dealer.remaining()[1 + value..].to_vec())
}

/// The simulation against a deliberately naive second computation: the same shoes dealt
/// again by hand (stream i of the seed for shoe i), each coup's expected net from the big
/// rational analysis (`Analysis::expected_net`, not the simulation's integer pricing),
/// added up as rationals in deal order. Counts, exact sums and exact bests must agree, for
/// bets on the coup and pair bets alike.
#[test]
fn the_simulation_equals_a_naive_recount_exactly() {
    use num_traits::{Signed, Zero};
    use rand::SeedableRng;
    for (name, n_decks, cut, shoes) in [("side-bets", 1, 11, 6), ("ez-baccarat", 2, 20, 3)] {
        let rules = shipped_rules(name);
        let setup = SimulationSetup {
            shoes,
            seed: 11,
            n_decks,
            cut,
            burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
            coups_after_cut: 1,
            rules: name.into(),
        };
        let sim = try_simulate(&setup, &rules, &|_| {}).unwrap();
        let bets = rules.tariff.all();
        let mut favourable = vec![0u64; bets.len()];
        let mut sums = vec![BigRational::zero(); bets.len()];
        let mut bests: Vec<Option<BigRational>> = vec![None; bets.len()];
        let mut coups = 0u64;
        for index in 0..shoes {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
            rng.set_stream(index);
            let mut dealer = naive_burn(Dealer::shuffled(n_decks, &mut rng));
            let mut step = |dealer: &mut Dealer| {
                let mut counts = [0u64; 13];
                for card in dealer.remaining() {
                    counts[card.rank.index()] += 1;
                }
                let analysis = Analysis::new(&Shoe::from_counts(counts).unwrap(), &rules).unwrap();
                for (i, (_, terms)) in bets.iter().enumerate() {
                    let net = analysis.expected_net(terms);
                    if net.is_positive() {
                        favourable[i] += 1;
                        sums[i] += &net;
                        if bests[i].as_ref().is_none_or(|b| net > *b) {
                            bests[i] = Some(net);
                        }
                    }
                }
                dealer.deal_coup(&rules.drawing).unwrap();
                coups += 1;
            };
            // Coups while the cut card is in, then the one coup after it.
            while dealer.remaining().len() > cut {
                step(&mut dealer);
            }
            step(&mut dealer);
        }
        assert_eq!(sim.coups(), coups, "{name}");
        assert_eq!(sim.shoes(), shoes);
        for (i, record) in sim.records().iter().enumerate() {
            assert_eq!(record.favourable(), favourable[i], "{name} {i}");
            assert_eq!(record.advantage(), &sums[i], "{name} {i}");
            assert_eq!(record.best(), bests[i].as_ref(), "{name} {i}");
        }
        // A test that cannot fail is no test: some bet turned favourable.
        assert!(favourable.iter().any(|&f| f > 0), "{name}");
    }
}

/// The shards' simulations merged are the whole run's, exactly, however many shards (more
/// shards than shoes included, some of them empty).
#[test]
fn shards_merged_are_the_whole_run() {
    use punto_banco::depletion::{Shards, try_simulate_shards};
    let rules = shipped_rules("ez-baccarat");
    let setup = SimulationSetup {
        shoes: 7,
        seed: 3,
        n_decks: 1,
        cut: 11,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: "ez-baccarat".into(),
    };
    let whole = try_simulate(&setup, &rules, &|_| {}).unwrap();
    for count in [1, 2, 3, 7, 10] {
        let mut merged: Option<punto_banco::depletion::Simulation> = None;
        // Merged in reverse: the order changes nothing.
        for index in (1..=count).rev() {
            let shards = Shards::one(index, count).unwrap();
            let part = try_simulate_shards(&setup, &rules, shards, &|_| {}).unwrap();
            assert_eq!(part.shoes(), shards.shoes(7).end - shards.shoes(7).start);
            merged = Some(match merged {
                None => part,
                Some(sim) => sim.merged(&part).unwrap(),
            });
        }
        assert_eq!(merged.unwrap(), whole, "{count} shards");
    }
    assert!(whole.records().iter().any(|r| r.favourable() > 0));
}

/// Runs the binary from the repository's root; its standard output, after asserting success.
fn binary(args: &[&str]) -> Vec<u8> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// `shoe-sim merge` of every shard's partial prints what the unsharded run prints, byte for
/// byte, in every format and language: for several numbers of shards, one larger than the
/// number of shoes (so that some shards are empty), partials given in any order, and a merge
/// of merges.
#[test]
fn shoe_sim_merge_prints_the_unsharded_report_bit_for_bit() {
    let folder = tempfile::tempdir().unwrap();
    let run = [
        "--shoes",
        "9",
        "--seed",
        "5",
        "-r",
        "ez-baccarat",
        "--cut",
        "30",
    ];
    let formats: [&[&str]; 4] = [
        &["--format", "json"],
        &["--format", "text"],
        &["--format", "markdown", "--lang", "fr"],
        &["--lang", "fr", "--width", "60"],
    ];
    let single: Vec<Vec<u8>> = formats
        .iter()
        .map(|format| binary(&[&["shoe-sim"][..], &run, format].concat()))
        .collect();
    for count in [1u64, 2, 4, 13] {
        let mut parts = Vec::new();
        for index in 1..=count {
            let path = folder.path().join(format!("{count}-{index}.json"));
            let shard = format!("{index}/{count}");
            let out = path.to_str().unwrap().to_string();
            let args = [
                &["shoe-sim"][..],
                &run,
                &["--shard", &shard, "--partial", "-o", &out],
            ]
            .concat();
            assert!(binary(&args).is_empty());
            parts.push(out);
        }
        parts.reverse();
        for (format, expected) in formats.iter().zip(&single) {
            let args: Vec<&str> = ["shoe-sim", "merge"]
                .into_iter()
                .chain(parts.iter().map(String::as_str))
                .chain(format.iter().copied())
                .collect();
            assert_eq!(
                String::from_utf8_lossy(&binary(&args)),
                String::from_utf8_lossy(expected),
                "{count} shards, {format:?}"
            );
        }
        if count >= 4 {
            // A merge of merges: the first half and the second half, then the two.
            parts.reverse();
            let half = parts.len() / 2;
            let mut halves = Vec::new();
            for (i, group) in [&parts[..half], &parts[half..]].into_iter().enumerate() {
                let out = folder.path().join(format!("{count}-half-{i}.json"));
                let out = out.to_str().unwrap().to_string();
                let args: Vec<&str> = ["shoe-sim", "merge", "--partial", "-o", &out]
                    .into_iter()
                    .chain(group.iter().map(String::as_str))
                    .collect();
                binary(&args);
                halves.push(out);
            }
            let args = [
                "shoe-sim", "merge", &halves[1], &halves[0], "--format", "json",
            ];
            assert_eq!(binary(&args), single[0], "{count} shards merged in halves");
        }
    }
    // `--partial` alone is the whole run's partial, and merges by itself into the report.
    let whole = folder.path().join("whole.json");
    let whole = whole.to_str().unwrap();
    binary(&[&["shoe-sim"][..], &run, &["--partial", "-o", whole]].concat());
    assert_eq!(
        binary(&["shoe-sim", "merge", whole, "-f", "json"]),
        single[0]
    );
}

/// The example partials of the docs and of `shoe-sim --help` are what the binary writes
/// today. To rewrite them: `for k in 1 2; do punto-banco shoe-sim --shoes 30 --seed 7
/// --shard $k/2 --partial -o docs/examples/shoe-sim/part-$k.json; done`.
#[test]
fn the_example_partials_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let now = binary(&[
            "shoe-sim",
            "--shoes",
            "30",
            "--seed",
            "7",
            "--shard",
            &shard,
            "--partial",
        ]);
        let path = root.join(format!("docs/examples/shoe-sim/part-{k}.json"));
        assert_eq!(
            String::from_utf8_lossy(&now),
            std::fs::read_to_string(&path).unwrap(),
            "{} is stale: rewrite it with the command in this test's comment",
            path.display()
        );
    }
}

// ---- Card bets and removal by card (issue 12, item 6) ----

mod card_bets {
    use super::*;
    use num_rational::Ratio;
    use num_traits::{Signed, Zero};
    use punto_banco::depletion::{
        Colour, Removal, Shards, Simulation, effect_of_removal_by, try_simulate_shards,
    };
    use punto_banco::outcome::Hand;
    use punto_banco::rules::condition::{Atom, CardClass, CardSet, Cond, Numbers, Same, SetTest};
    use punto_banco::rules::{Bet, PayLine, SideBet};

    fn first_two(hand: Hand, test: SetTest) -> Cond {
        Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test))
    }

    /// Punto's first two cards both red: pays 5 to 2. Its exact expected net has a closed
    /// form, R·(R−1) / (N·(N−1)) of the stake at 7/2 less the stake, which the tests use as
    /// their independent path.
    fn punto_red() -> Bet {
        Bet {
            lines: vec![PayLine {
                when: first_two(
                    Hand::Punto,
                    SetTest {
                        all: Some(CardClass::colour(true)),
                        ..SetTest::default()
                    },
                ),
                net: Ratio::new(5, 2),
            }],
        }
    }

    /// The expected net of [`punto_red`] in a shoe of `n` cards, `red` of them red.
    fn punto_red_net(red: u64, n: u64) -> BigRational {
        let big = |x: u64| BigRational::from_integer(BigInt::from(x));
        let both = big(red) * big(red.saturating_sub(1)) / (big(n) * big(n - 1));
        both * BigRational::new(7.into(), 2.into()) - big(1)
    }

    /// The reference rules with card bets: Either Pair at 5 to 1 (the opening's ranks), 3
    /// Giving 8 at 200 to 1 (a walk through the drawing) and, when `suits`, Punto's red pair
    /// of cards (which reads colours).
    fn card_rules(suits: bool) -> Rules {
        let pair = |hand| {
            first_two(
                hand,
                SetTest {
                    same: Some(Same::Rank),
                    ..SetTest::default()
                },
            )
        };
        let either_pair = Bet {
            lines: vec![PayLine {
                when: Cond::Any(vec![pair(Hand::Punto), pair(Hand::Banco)]),
                net: Ratio::from_integer(5),
            }],
        };
        let three_giving_eight = Bet {
            lines: vec![PayLine {
                when: Cond::All(vec![
                    Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3]))),
                    Cond::Atom(Atom::Set(
                        CardSet::Third(Hand::Punto),
                        SetTest {
                            all: Some(CardClass::rank(Rank::Eight)),
                            ..SetTest::default()
                        },
                    )),
                ]),
                net: Ratio::from_integer(200),
            }],
        };
        let mut rules = Rules::reference();
        let mut bets = vec![
            ("either_pair", either_pair),
            ("three_giving_eight", three_giving_eight),
        ];
        if suits {
            bets.push(("punto_red", punto_red()));
        }
        for (key, bet) in bets {
            rules.tariff.side.push(SideBet {
                key: key.into(),
                bet,
            });
        }
        rules
    }

    /// The exact expected net of a bet computed directly, by `Analysis::net_distribution`.
    fn expected(shoe: &Shoe, rules: &Rules, terms: &Bet) -> BigRational {
        Analysis::new(shoe, rules)
            .unwrap()
            .net_distribution(terms)
            .into_iter()
            .map(|(net, p)| BigRational::new((*net.numer()).into(), (*net.denom()).into()) * p)
            .sum()
    }

    /// The effect of removing a card on a card bet is the difference of the two expectations
    /// computed directly, the shoe's and the shoe's less that card.
    #[test]
    fn the_effect_of_removal_of_a_card_bet_is_the_direct_difference() {
        let rules = card_rules(false);
        let mut counts = [4u64; 13];
        counts[Rank::Eight.index()] = 6;
        counts[Rank::King.index()] = 2;
        let shoe = Shoe::from_counts(counts).unwrap();
        let eor = effect_of_removal_by(&shoe, &rules, Removal::Auto).unwrap();
        assert!(!eor.is_by_card());
        let bets = rules.tariff.all();
        for rank in Rank::ALL {
            let mut smaller = counts;
            smaller[rank.index()] -= 1;
            let smaller = Shoe::from_counts(smaller).unwrap();
            let changes = eor.by_rank()[rank.index()].1.as_ref().unwrap();
            for (i, (key, terms)) in bets.iter().enumerate() {
                // An edge is the expected net's opposite.
                let direct = expected(&shoe, &rules, terms) - expected(&smaller, &rules, terms);
                assert_eq!(changes[i], direct, "{rank} {key}");
            }
        }
        // Removing an 8 lowers the chance of a third-card 8: it raises 3 Giving 8's edge.
        let eight = &eor.by_rank()[Rank::Eight.index()].1.as_ref().unwrap()[4];
        assert!(eight.is_positive());
    }

    /// Removing a card drawn at random from the shoe changes no bet's expected net (the next
    /// coup's cards are any six of the shoe's, whichever card left first): the effects weighted
    /// by the shoe's counts sum to zero exactly, by rank and by card. By card, a colour bet's
    /// effect depends on the suit: removing a red card raises the edge of a bet on red cards.
    #[test]
    fn effects_weighted_by_counts_sum_to_zero_and_suits_show() {
        let rules = card_rules(true);
        let shoe = Shoe::decks(1).unwrap();
        let eor = effect_of_removal_by(&shoe, &rules, Removal::Auto).unwrap();
        assert!(eor.is_by_card());
        let cards = eor.by_card().unwrap();
        let counts = eor.card_counts().unwrap();
        assert_eq!(cards.len(), 52);
        let red = eor.bets().iter().position(|k| k == "punto_red").unwrap();
        for bet in 0..eor.bets().len() {
            let sum: BigRational = cards
                .iter()
                .zip(counts)
                .map(|((_, c), &n)| &c.as_ref().unwrap()[bet] * BigRational::from_integer(n.into()))
                .sum();
            assert!(sum.is_zero(), "{}", eor.bets()[bet]);
        }
        // The colour bet, by the closed form: one deck holds 26 red cards of 52.
        let base = -punto_red_net(26, 52);
        assert_eq!(eor.base()[red], base);
        for (card, changes) in cards {
            let reds = if CardClass::colour(true).has(*card) {
                25
            } else {
                26
            };
            let after = -punto_red_net(reds, 51);
            assert_eq!(changes.as_ref().unwrap()[red], after - &base, "{card}");
        }
        // The figures of docs/en/depletion.md: an edge of 29/204 (14.2157%), which a red
        // card removed raises by 7/204 (+3.4314 points) and a black one lowers as much.
        assert_eq!(base, BigRational::new(29.into(), 204.into()));
        let ace_of = |suit| {
            cards[Card::new(Rank::Ace, suit).index()]
                .1
                .as_ref()
                .unwrap()[red]
                .clone()
        };
        assert_eq!(ace_of(Suit::Hearts), BigRational::new(7.into(), 204.into()));
        assert_eq!(
            ace_of(Suit::Clubs),
            BigRational::new((-7).into(), 204.into())
        );
        let suits = eor.by_suit().unwrap();
        let colours = eor.by_colour().unwrap();
        let of = |changes: &Option<Vec<BigRational>>| changes.as_ref().unwrap()[red].clone();
        assert!(of(&colours[0].1).is_positive() && colours[0].0 == Colour::Red);
        assert_eq!(of(&colours[1].1), -of(&colours[0].1));
        for (suit, changes) in suits {
            assert_eq!(
                of(changes).is_positive(),
                Colour::Red.has(*suit),
                "{suit:?}"
            );
        }
        // A bet that reads no suit has one effect per rank, whatever the suit removed.
        let pair = eor.bets().iter().position(|k| k == "either_pair").unwrap();
        for rank in cards.chunks(4) {
            assert!(
                rank.iter()
                    .all(|(_, c)| c.as_ref().unwrap()[pair] == rank[0].1.as_ref().unwrap()[pair])
            );
        }
        // By rank, the same identity for the classic table.
        let shoe = Shoe::reference();
        let classic = effect_of_removal_by(&shoe, &Rules::reference(), Removal::Rank).unwrap();
        for bet in 0..3 {
            let sum: BigRational = classic
                .by_rank()
                .iter()
                .map(|(r, c)| {
                    &c.as_ref().unwrap()[bet] * BigRational::from_integer(shoe.count(*r).into())
                })
                .sum();
            assert!(sum.is_zero(), "{bet}");
        }
    }

    /// By card, on a card-level shoe, each card's effect on every bet (main, card bets
    /// reading ranks, the drawing or colours) is the difference of the two expectations
    /// computed directly, the shoe's and the shoe's less that exact card.
    #[test]
    fn the_effect_of_removing_an_exact_card_is_the_direct_difference() {
        let rules = card_rules(true);
        let mut cards = [1u64; 52];
        for card in parse_cards_list("2H 3H 4H 5H 9D KS KC") {
            cards[card.index()] = 0;
        }
        cards[Card::new(Rank::Eight, Suit::Diamonds).index()] = 2;
        let shoe = Shoe::from_card_counts(cards).unwrap();
        assert!(shoe.is_card_level());
        let eor = effect_of_removal_by(&shoe, &rules, Removal::Auto).unwrap();
        let by_card = eor.by_card().unwrap();
        let bets = rules.tariff.all();
        let nets = |shoe: &Shoe| -> Vec<BigRational> {
            let analysis = Analysis::new(shoe, &rules).unwrap();
            bets.iter()
                .map(|(_, terms)| {
                    analysis
                        .net_distribution(terms)
                        .into_iter()
                        .map(|(net, p)| {
                            BigRational::new((*net.numer()).into(), (*net.denom()).into()) * p
                        })
                        .sum()
                })
                .collect()
        };
        let before = nets(&shoe);
        for (index, (card, changes)) in by_card.iter().enumerate() {
            assert_eq!(card.index(), index);
            if cards[index] == 0 {
                assert!(changes.is_none(), "{card}");
                continue;
            }
            let mut smaller = shoe.clone();
            smaller.remove(*card).unwrap();
            let after = nets(&smaller);
            let changes = changes.as_ref().unwrap();
            for (i, (key, _)) in bets.iter().enumerate() {
                assert_eq!(changes[i], &before[i] - &after[i], "{card} {key}");
            }
        }
        // A rank's row is its cards' average: here the 8s, one of them twice.
        let eights: Vec<BigRational> = (0..bets.len())
            .map(|i| {
                let sum: BigRational = (28..32)
                    .map(|c| {
                        &by_card[c].1.as_ref().unwrap()[i]
                            * BigRational::from_integer(cards[c].into())
                    })
                    .sum();
                sum / BigRational::from_integer(5.into())
            })
            .collect();
        assert_eq!(
            eor.by_rank()[Rank::Eight.index()].1.as_ref().unwrap(),
            &eights
        );
    }

    /// A bet that treats the suits alike (Punto's first two cards of one suit) on a suit-even
    /// shoe: the four cards of a rank have one effect, which the document says, and the
    /// default removal gives the rank rows alone. Asked for by card, each card's effect is
    /// still the direct difference; on a shoe whose suits differ, the cards differ.
    #[test]
    fn a_bet_treating_suits_alike_on_a_suit_even_shoe_has_one_effect_per_rank() {
        let suited = Bet {
            lines: vec![PayLine {
                when: first_two(
                    Hand::Punto,
                    SetTest {
                        same: Some(Same::Suit),
                        ..SetTest::default()
                    },
                ),
                net: Ratio::from_integer(2),
            }],
        };
        let mut rules = Rules::reference();
        rules.tariff.side.push(SideBet {
            key: "punto_suited".into(),
            bet: suited.clone(),
        });
        let shoe = Shoe::from_card_counts([1; 52]).unwrap();
        let auto = effect_of_removal_by(&shoe, &rules, Removal::Auto).unwrap();
        assert!(auto.suits_alike() && !auto.is_by_card());
        let by_card = effect_of_removal_by(&shoe, &rules, Removal::Card).unwrap();
        assert!(by_card.suits_alike());
        let expected_of = |shoe: &Shoe| expected(shoe, &rules, &suited);
        let base = expected_of(&shoe);
        let bet = by_card
            .bets()
            .iter()
            .position(|k| k == "punto_suited")
            .unwrap();
        for (card, changes) in by_card.by_card().unwrap() {
            let row = &auto.by_rank()[card.rank.index()].1.as_ref().unwrap()[bet];
            assert_eq!(&changes.as_ref().unwrap()[bet], row, "{card}");
        }
        // Two cards priced directly: an ace and a king of different suits.
        // A suit-even shoe is kept by rank counts: the smaller shoe is given card by card.
        let less = |counts: [u64; 52], card: Card| {
            let mut counts = counts;
            counts[card.index()] -= 1;
            Shoe::from_card_counts(counts).unwrap()
        };
        for card in parse_cards_list("AH KC") {
            let smaller = less([1; 52], card);
            let changes = by_card.by_card().unwrap()[card.index()].1.as_ref().unwrap();
            assert_eq!(changes[bet], &base - expected_of(&smaller), "{card}");
        }
        // One heart out: the hearts now differ from the other suits.
        let mut uneven_counts = [1; 52];
        uneven_counts[Card::new(Rank::Two, Suit::Hearts).index()] = 0;
        let uneven = Shoe::from_card_counts(uneven_counts).unwrap();
        let eor = effect_of_removal_by(&uneven, &rules, Removal::Auto).unwrap();
        assert!(!eor.suits_alike() && eor.is_by_card());
        let cards = eor.by_card().unwrap();
        let of = |card: &str| {
            let card: Card = card.parse().unwrap();
            cards[card.index()].1.as_ref().unwrap()[bet].clone()
        };
        assert_ne!(of("5H"), of("5S"));
        // Spades, diamonds and clubs are still alike.
        assert_eq!(of("5S"), of("5C"));
        assert_eq!(of("5S"), of("5D"));
        let base = expected(&uneven, &rules, &suited);
        let smaller = less(uneven_counts, "5D".parse().unwrap());
        assert_eq!(of("5D"), base - expected(&smaller, &rules, &suited));
    }

    fn parse_cards_list(text: &str) -> Vec<Card> {
        punto_banco::card::parse_cards(text).unwrap()
    }

    /// A removal by card needs the shoe's suits: a shoe of rank counts that four suits cannot
    /// share is refused, with the reason.
    #[test]
    fn a_removal_by_card_needs_the_suits() {
        let mut counts = [4u64; 13];
        counts[0] = 3;
        let shoe = Shoe::from_counts(counts).unwrap();
        let err = effect_of_removal_by(&shoe, &Rules::reference(), Removal::Card).unwrap_err();
        assert!(
            err.to_string().contains("give the shoe as 52 card counts"),
            "{err}"
        );
        let err = effect_of_removal_by(&shoe, &card_rules(true), Removal::Auto).unwrap_err();
        assert!(err.to_string().contains("a bet reads suits"), "{err}");
    }

    /// The simulation of card bets against a direct per-coup computation: the same shoes
    /// dealt again by hand, each coup's expected nets from `Analysis` of the card-level shoe
    /// left (the colour bet's also by its closed form), added up as rationals.
    #[test]
    fn the_simulation_of_card_bets_equals_a_direct_recount() {
        use rand::SeedableRng;
        let rules = card_rules(true);
        let (shoes, n_decks, cut) = (3, 1, 12);
        let setup = SimulationSetup {
            shoes,
            seed: 4,
            n_decks,
            cut,
            // No burn and no coup after the cut card: the naive walk below is that
            // procedure's (the reference one is recounted above).
            burn: punto_banco::rules::dealing::Burn::None,
            coups_after_cut: 0,
            rules: "cards".into(),
        };
        let sim = try_simulate(&setup, &rules, &|_| {}).unwrap();
        let bets = rules.tariff.all();
        let mut favourable = vec![0u64; bets.len()];
        let mut sums = vec![BigRational::zero(); bets.len()];
        let mut bests: Vec<Option<BigRational>> = vec![None; bets.len()];
        for index in 0..shoes {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
            rng.set_stream(index);
            let mut dealer = Dealer::shuffled(n_decks, &mut rng);
            while dealer.remaining().len() > cut {
                let mut cards = [0u64; 52];
                for card in dealer.remaining() {
                    cards[card.index()] += 1;
                }
                let shoe = Shoe::from_card_counts(cards).unwrap();
                let analysis = Analysis::new(&shoe, &rules).unwrap();
                let red = dealer
                    .remaining()
                    .iter()
                    .filter(|&&c| CardClass::colour(true).has(c))
                    .count() as u64;
                for (i, (key, terms)) in bets.iter().enumerate() {
                    let net = analysis.expected_net(terms);
                    if *key == "punto_red" {
                        assert_eq!(net, punto_red_net(red, shoe.len()));
                    }
                    if net.is_positive() {
                        favourable[i] += 1;
                        sums[i] += &net;
                        if bests[i].as_ref().is_none_or(|b| net > *b) {
                            bests[i] = Some(net);
                        }
                    }
                }
                dealer.deal_coup(&rules.drawing).unwrap();
            }
        }
        for (i, record) in sim.records().iter().enumerate() {
            let key = &sim.bets()[i];
            assert_eq!(record.favourable(), favourable[i], "{key}");
            assert_eq!(record.advantage(), &sums[i], "{key}");
            assert_eq!(record.best(), bests[i].as_ref(), "{key}");
        }
        // Not a test that cannot fail: the colour bet turned favourable.
        let red = sim.bets().iter().position(|k| k == "punto_red").unwrap();
        assert!(favourable[red] > 0);
    }

    /// A simulation of card bets split into shards and merged, directly and through the
    /// partials' JSON, is the single run exactly.
    #[test]
    fn shards_of_card_bets_merged_are_the_single_run() {
        use punto_banco::depletion::partial::{Partial, merge};
        let rules = card_rules(true);
        let setup = SimulationSetup {
            shoes: 5,
            seed: 8,
            n_decks: 1,
            cut: 14,
            burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
            coups_after_cut: 1,
            rules: "cards".into(),
        };
        let whole = try_simulate(&setup, &rules, &|_| {}).unwrap();
        assert!(whole.records().iter().any(|r| r.favourable() > 0));
        let count = 3;
        let mut merged: Option<Simulation> = None;
        let mut parts = Vec::new();
        for index in 1..=count {
            let shards = Shards::one(index, count).unwrap();
            let part = try_simulate_shards(&setup, &rules, shards, &|_| {}).unwrap();
            let text = Partial::new(setup.clone(), &"0".repeat(64), shards, part.clone())
                .to_json()
                .unwrap();
            parts.push((format!("part-{index}"), Partial::from_json(&text).unwrap()));
            merged = Some(match merged {
                None => part,
                Some(sim) => sim.merged(&part).unwrap(),
            });
        }
        assert_eq!(merged.unwrap(), whole);
        let (merged_setup, from_json) = merge(parts).unwrap().into_whole().unwrap();
        assert_eq!(merged_setup, setup);
        assert_eq!(from_json, whole);
    }
}

/// A rule file of schema 2 with a colour bet, through the binary: `eor` removes by card (52
/// rows, then suits and colours) in JSON, and `shoe-sim` split into shards and merged from
/// its partials prints the single run's report byte for byte.
#[test]
fn the_binary_removes_by_card_and_merges_card_bets() {
    let folder = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rules: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("data/variants/reference.json")).unwrap(),
    )
    .unwrap();
    rules["schema"] = 2.into();
    rules["name"] = "colours".into();
    rules.as_object_mut().unwrap().remove("claims");
    rules["bets"]["punto_red"] =
        serde_json::json!([{"punto": {"first_two": {"all": {"colour": "red"}}}, "pays": "5/2"}]);
    let path = folder.path().join("colours.json");
    std::fs::write(&path, rules.to_string()).unwrap();
    let path = path.to_str().unwrap();
    let doc: serde_json::Value =
        serde_json::from_slice(&binary(&["eor", "-r", path, "-d", "1", "-f", "json"])).unwrap();
    assert_eq!(doc["removed"], "card");
    assert_eq!(doc["removal"].as_array().unwrap().len(), 52);
    assert_eq!(doc["removal"][1]["card"], "A♥");
    assert_eq!(
        doc["removal"][1]["edge_change"]["punto_red"]["exact"],
        "7/204"
    );
    assert_eq!(doc["by_colour"][1]["colour"], "black");
    assert_eq!(
        doc["by_colour"][1]["edge_change"]["punto_red"]["exact"],
        "-7/204"
    );
    assert_eq!(doc["by_suit"].as_array().unwrap().len(), 4);
    assert_eq!(doc["by_rank"].as_array().unwrap().len(), 13);
    let french = String::from_utf8(binary(&["eor", "-r", path, "-d", "1", "-l", "fr"])).unwrap();
    assert!(french.contains("Une carte rouge quelconque") && french.contains("+3,4314"));
    let run = [
        "-r", path, "-d", "1", "--shoes", "6", "--seed", "2", "--cut", "12",
    ];
    let single = binary(&[&["shoe-sim"][..], &run, &["-f", "json"]].concat());
    let sim: serde_json::Value = serde_json::from_slice(&single).unwrap();
    assert!(
        sim["bets"]["punto_red"]["favourable_coups"]
            .as_u64()
            .unwrap()
            > 0
    );
    let mut parts = Vec::new();
    for index in 1..=3 {
        let out = folder.path().join(format!("part-{index}.json"));
        let out = out.to_str().unwrap().to_string();
        let shard = format!("{index}/3");
        let args = [
            &["shoe-sim"][..],
            &run,
            &["--shard", &shard, "--partial", "-o", &out],
        ]
        .concat();
        binary(&args);
        parts.push(out);
    }
    let args: Vec<&str> = ["shoe-sim", "merge"]
        .into_iter()
        .chain(parts.iter().map(String::as_str))
        .chain(["-f", "json"])
        .collect();
    assert_eq!(binary(&args), single);
}
