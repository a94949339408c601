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
        cut: 46,
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
    use punto_banco::render::Format;
    use punto_banco::render::depletion::render_eor;
    let rules = Rules::reference();
    let render = |shoe: &Shoe, lang, format| {
        render_eor(
            &effect_of_removal(shoe, &rules).unwrap(),
            shoe,
            "reference",
            lang,
            format,
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

/// The simulation against a deliberately naive second computation: the same shoes dealt
/// again by hand (stream i of the seed for shoe i), each coup's expected net from the big
/// rational analysis (`Analysis::expected_net_of`, not the simulation's integer pricing),
/// added up as rationals in deal order. Counts, exact sums and exact bests must agree, for
/// bets on the coup and pair bets alike.
#[test]
fn the_simulation_equals_a_naive_recount_exactly() {
    use num_traits::{Signed, Zero};
    use rand::SeedableRng;
    for (name, n_decks, cut, shoes) in [("side-bets", 1, 5, 6), ("ez-baccarat", 2, 20, 3)] {
        let rules = shipped_rules(name);
        let setup = SimulationSetup {
            shoes,
            seed: 11,
            n_decks,
            cut,
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
            let mut dealer = Dealer::shuffled(n_decks, &mut rng);
            while dealer.remaining().len() > cut {
                let mut counts = [0u64; 13];
                for card in dealer.remaining() {
                    counts[card.rank.index()] += 1;
                }
                let analysis = Analysis::new(&Shoe::from_counts(counts).unwrap(), &rules).unwrap();
                for (i, (_, terms)) in bets.iter().enumerate() {
                    let net = analysis.expected_net_of(terms);
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
            }
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
        cut: 10,
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
