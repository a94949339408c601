//! `audit`: the per-coup figures against the reference enumerator, the statistic against a
//! naive computation, fair logs passing at their rate, a biased shuffler and a wrong
//! commission caught.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use punto_banco::analysis::Analysis;
use punto_banco::card::Card;
use punto_banco::dealer::Dealer;
use punto_banco::lab::Verdict;
use punto_banco::lab::audit::{Audit, AuditError, audit};
use punto_banco::lab::shufflers::{Shuffler, factory_order};
use punto_banco::outcome::Winner;
use punto_banco::reference::exact_tally;
use punto_banco::rules::dealing::Procedure;
use punto_banco::rules::{MainBet, Rules};
use punto_banco::shoe::Shoe;

fn names(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(",")
}

/// A log of `shoes` eight-deck shoes shuffled by `shuffler` and dealt by the reference
/// procedure, the burned cards logged. `banco_net`, when given, is logged as the engine's
/// net on Banco for every Banco win (a unit staked).
fn log(shuffler: Shuffler, seed: u64, shoes: usize, banco_net: Option<&str>) -> String {
    let rules = Rules::reference();
    let mut rng = Dealer::rng(seed);
    let factory = factory_order(8);
    let mut text = String::new();
    for _ in 0..shoes {
        let mut dealer = Dealer::stacked(shuffler.shuffle(&factory, &mut rng));
        let mut shoe = dealer.burn(&Procedure::reference());
        let burned = dealer.dealt();
        text += &format!(
            "{{\"shoe\":{{\"decks\":8}},\"burn\":[{}]}}\n",
            names(&dealer.order()[..burned])
        );
        while let Some(coup) = dealer.deal_next(&mut shoe, &rules.drawing) {
            let net = match (banco_net, coup.winner()) {
                (Some(net), Winner::Banco) => format!(",\"net\":{{\"banco\":{net}}}"),
                _ => String::new(),
            };
            text += &format!("{{\"cards\":[{}]{net}}}\n", names(&coup.dealt_in_order()));
        }
    }
    text
}

fn audited(text: &str, alpha: f64) -> Audit {
    audit(text.as_bytes(), &Rules::reference(), alpha).unwrap()
}

fn ratio(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// The reference enumerator's analysis of a shoe, independent of the engine.
fn reference_analysis(shoe: &Shoe) -> Analysis {
    let tally = exact_tally(shoe, &Rules::reference().drawing).unwrap();
    Analysis::from_tally(shoe.clone(), Rules::reference(), tally).unwrap()
}

#[test]
fn one_full_shoe_coup_returns_minus_the_house_edge() {
    let text = "{\"shoe\": {\"decks\": 8}}\n{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n";
    let report = audited(text, 0.01);
    let full = reference_analysis(&Shoe::decks(8).unwrap());
    for (bet, main) in [
        ("punto", MainBet::Punto),
        ("banco", MainBet::Banco),
        ("tie", MainBet::Tie),
    ] {
        let r = report.rtp.iter().find(|r| r.bet == bet).unwrap();
        assert_eq!(r.expected, -full.edge(main), "{bet}");
    }
    // Banco won 6 to 6? No: Punto 4+2=6, Banco 2+5=7: Banco wins and nets 19/20.
    let banco = report.rtp.iter().find(|r| r.bet == "banco").unwrap();
    assert_eq!(banco.observed, BigRational::new(19.into(), 20.into()));
}

#[test]
fn per_coup_figures_are_the_reference_enumerators_on_the_cards_left() {
    // Two coups after a burn of 3: each coup's expectation on what is left then.
    let text = "{\"shoe\": {\"decks\": 1}, \"burn\": [\"2H\", \"KS\", \"QD\"]}\n\
                {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n\
                {\"cards\": [\"9H\", \"9S\", \"AC\", \"AD\", \"3C\", \"3D\"]}\n";
    let report = audited(text, 0.01);
    assert_eq!((report.shoes, report.coups), (1, 2));
    let cards = |s: &str| -> Vec<Card> { s.split(' ').map(|c| c.parse().unwrap()).collect() };
    let mut first = Shoe::decks(1).unwrap();
    first.remove_all(&cards("2H KS QD")).unwrap();
    let mut second = first.clone();
    second.remove_all(&cards("4H 2S 2C 5D")).unwrap();
    let (a, b) = (reference_analysis(&first), reference_analysis(&second));
    for (bet, main) in [
        ("punto", MainBet::Punto),
        ("banco", MainBet::Banco),
        ("tie", MainBet::Tie),
    ] {
        let r = report.rtp.iter().find(|r| r.bet == bet).unwrap();
        let want = (-a.edge(main) - b.edge(main)) / ratio(2);
        assert_eq!(r.expected, want, "{bet}");
        // Var = Σ E[net²] − E[net]², each from the reference's distribution of the net.
        let var = |x: &Analysis| {
            let terms = punto_banco::rules::Terms::Paytable(x.rules().tariff.bet(main).clone());
            let dist = x.net_distribution(&terms);
            let mean: BigRational = dist
                .iter()
                .map(|(n, p)| punto_banco::analysis::ratio_to_big(*n) * p)
                .fold(BigRational::zero(), |s, v| s + v);
            let square: BigRational = dist
                .iter()
                .map(|(n, p)| {
                    let n = punto_banco::analysis::ratio_to_big(*n);
                    &n * &n * p
                })
                .fold(BigRational::zero(), |s, v| s + v);
            square - &mean * &mean
        };
        assert_eq!(r.variance, var(&a) + var(&b), "{bet}");
    }
}

#[test]
fn the_outcome_statistic_is_the_naive_one() {
    // Three coups of one 1-deck shoe: p_t from the reference enumerator, V = Σ (diag p − p pᵀ)
    // built by hand, the statistic on Punto and Banco (Tie is their complement).
    let text = "{\"shoe\": {\"decks\": 1}}\n\
                {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}\n\
                {\"cards\": [\"9H\", \"8S\", \"AC\", \"AD\"]}\n\
                {\"cards\": [\"AH\", \"AS\", \"3C\", \"3D\", \"KC\"]}\n";
    let report = audited(text, 0.01);
    let mut shoe = Shoe::decks(1).unwrap();
    let coups = ["4H 2S 2C 5D", "9H 8S AC AD", "AH AS 3C 3D KC"];
    let mut mean = [0.0f64; 2];
    let mut cov = [[0.0f64; 2]; 2];
    let mut observed = [0.0f64; 2];
    for coup in coups {
        let analysis = reference_analysis(&shoe);
        let p = [Winner::Punto, Winner::Banco].map(|w| analysis.probability(w).to_f64().unwrap());
        for i in 0..2 {
            mean[i] += p[i];
            for j in 0..2 {
                cov[i][j] += if i == j { p[i] } else { 0.0 } - p[i] * p[j];
            }
        }
        let cards: Vec<Card> = coup.split(' ').map(|c| c.parse().unwrap()).collect();
        let winner = punto_banco::coup::deal(&Rules::reference().drawing, &cards)
            .unwrap()
            .winner();
        match winner {
            Winner::Punto => observed[0] += 1.0,
            Winner::Banco => observed[1] += 1.0,
            Winner::Tie => {}
        }
        shoe.remove_all(&cards).unwrap();
    }
    let d = [observed[0] - mean[0], observed[1] - mean[1]];
    let det = cov[0][0] * cov[1][1] - cov[0][1] * cov[1][0];
    let naive =
        (d[0] * d[0] * cov[1][1] - 2.0 * d[0] * d[1] * cov[0][1] + d[1] * d[1] * cov[0][0]) / det;
    let test = report.battery.test("outcomes").unwrap();
    assert_eq!(test.degrees_of_freedom, Some(2.0));
    assert!(
        (test.statistic - naive).abs() < 1e-9 * naive.max(1.0),
        "{} {naive}",
        test.statistic
    );
}

#[test]
fn fair_logs_pass_at_their_rate() {
    // 40 fair logs of 10 shoes at α = 0.05: the battery may reject at most α of them; a
    // binomial(40, 0.05) exceeds 6 with probability 0.0004 (the logs are seeded, so this
    // cannot flake: a miscalibrated audit rejects far more).
    let rejected = (0..40)
        .filter(|&seed| {
            audited(&log(Shuffler::Fair, seed, 10, None), 0.05).verdict() == Verdict::Fail
        })
        .count();
    assert!(rejected <= 6, "{rejected} of 40 fair logs rejected");
}

#[test]
fn nines_pushed_late_are_caught_from_the_coups_alone() {
    let shuffler = Shuffler::NinesLate {
        percent: punto_banco::lab::shufflers::NINES_LATE_PERCENT,
    };
    let report = audited(&log(shuffler, 3, NINES_LATE_SHOES, None), 0.01);
    assert_eq!(
        report.verdict(),
        Verdict::Fail,
        "{:?}",
        report.battery.tests
    );
    assert_eq!(
        report.battery.test("naturals").unwrap().verdict,
        Verdict::Fail
    );
}

/// The shoes the audit needs to catch the nines-late shuffler at its default setting.
const NINES_LATE_SHOES: usize = 400;

#[test]
fn a_wrong_banco_commission_fails_the_return_audit() {
    // The engine pays Banco wins at even money; the rules net 19/20. The return is off by
    // 0.05 × P(Banco) ≈ 0.023 a coup, against a standard deviation of about 0.93 a coup: some
    // 30,000 coups (400 shoes) put it four standard deviations out.
    let report = audited(&log(Shuffler::Fair, 5, 400, Some("1")), 0.01);
    let banco = report.rtp.iter().find(|r| r.bet == "banco").unwrap();
    assert_eq!(banco.verdict, Verdict::Fail);
    assert!(banco.logged > 0);
    assert_eq!(report.verdict(), Verdict::Fail);
    // Paid right, the same log passes.
    let right = audited(&log(Shuffler::Fair, 5, 400, Some("0.95")), 0.01);
    let banco = right.rtp.iter().find(|r| r.bet == "banco").unwrap();
    assert_eq!(banco.verdict, Verdict::Pass);
}

#[test]
fn bad_logs_are_located() {
    let error = |text: &str| audit(text.as_bytes(), &Rules::reference(), 0.01).unwrap_err();
    assert!(matches!(error(""), AuditError::NoCoups));
    let e = error("{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"]}").to_string();
    assert!(
        e.starts_with("line 1, column 11:") && e.contains("before any shoe"),
        "{e}"
    );
    let e = error("{\"shoe\": {\"decks\": 1}}\n{\"cards\": [\"4H\", \"4H\", \"2C\", \"5X\"]}")
        .to_string();
    assert!(e.starts_with("line 2, column 30: cards[3]"), "{e}");
    let e = error("{\"shoe\": {\"decks\": 1}}\n{\"cards\": [\"4H\", \"4H\", \"2C\", \"5D\"]}")
        .to_string();
    assert!(
        e.starts_with("line 2, column 18:") && e.contains("no 4♥ left"),
        "{e}"
    );
    let e =
        error("{\"shoe\": {\"decks\": 8}}\n{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\", \"KD\"]}")
            .to_string();
    assert!(e.contains("the rules deal 4 of these 5 cards"), "{e}");
}

/// The example reports committed beside the example log are what the binary writes today.
/// Rewrite them from the repository root with
/// `punto-banco audit docs/examples/lab/audit-fair.jsonl [ARGS] > docs/examples/lab/audit-fair.EXT`
/// (ARGS and EXT as listed here).
#[test]
fn the_example_reports_are_current() {
    for (ext, args) in [
        ("txt", &[][..]),
        ("json", &["--format", "json"][..]),
        ("fr.md", &["--lang", "fr", "--format", "markdown"][..]),
    ] {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
            .arg("audit")
            .arg("docs/examples/lab/audit-fair.jsonl")
            .args(args)
            .current_dir(root)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let committed =
            std::fs::read_to_string(root.join(format!("docs/examples/lab/audit-fair.{ext}")))
                .unwrap();
        assert!(
            String::from_utf8_lossy(&output.stdout) == committed,
            "docs/examples/lab/audit-fair.{ext} has drifted: rewrite it with `punto-banco audit \
             docs/examples/lab/audit-fair.jsonl {} > docs/examples/lab/audit-fair.{ext}`",
            args.join(" ")
        );
    }
}
