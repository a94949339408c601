//! `audit`: the per-coup figures against the reference enumerator, the statistic against a
//! naive computation, fair logs passing at their rate, a biased shuffler caught, mis-paid and
//! mis-dealt logs failing on their findings, and the returns of heavy-tailed bets calibrated
//! on fair logs.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use punto_banco::analysis::Analysis;
use punto_banco::card::Card;
use punto_banco::dealer::Dealer;
use punto_banco::lab::audit::{Audit, AuditError, Finding, audit};
use punto_banco::lab::shufflers::{Shuffler, factory_order};
use punto_banco::lab::{StatisticKind, Verdict};
use punto_banco::oracle::verify::{Finding as VerifyFinding, Kind, Verifier};
use punto_banco::outcome::Hand;
use punto_banco::outcome::Winner;
use punto_banco::reference::exact_tally;
use punto_banco::rules::condition::DealtCoup;
use punto_banco::rules::dealing::Procedure;
use punto_banco::rules::{Action, DrawingRules, MainBet, PuntoMove, Rules};
use punto_banco::shoe::Shoe;

fn names(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(",")
}

/// A log of `shoes` eight-deck shoes shuffled by `shuffler` and dealt by the reference
/// procedure, the burned cards logged.
fn log(shuffler: Shuffler, seed: u64, shoes: usize) -> String {
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
            text += &format!("{{\"cards\":[{}]}}\n", names(&coup.dealt_in_order()));
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
            let dist = x.net_distribution(x.rules().tariff.bet(main));
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
        .filter(|&seed| audited(&log(Shuffler::Fair, seed, 10), 0.05).verdict() == Verdict::Fail)
        .count();
    assert!(rejected <= 6, "{rejected} of 40 fair logs rejected");
}

#[test]
fn nines_pushed_late_are_caught_from_the_coups_alone() {
    let shuffler = Shuffler::NinesLate {
        percent: punto_banco::lab::shufflers::NINES_LATE_PERCENT,
    };
    let report = audited(&log(shuffler, 3, NINES_LATE_SHOES), 0.01);
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

/// A shoe log as an engine would write it, as `punto-banco shoes --as log` does: `shoes`
/// eight-deck shoes fairly shuffled and dealt by the reference procedure under `drawing`
/// (the rules' own, or a buggy engine's), each coup line with its winner, totals, natural and
/// the net of every bet of `rules`, which `paid` may rewrite (a bet's key, the coup and the
/// rules' net, to the amount logged). Returns the log and each coup's line with the coup.
fn engine_log(
    rules: &Rules,
    drawing: &DrawingRules,
    seed: u64,
    shoes: usize,
    paid: &dyn Fn(&str, &punto_banco::coup::Coup<Card>, String) -> String,
) -> (String, Vec<(usize, punto_banco::coup::Coup<Card>)>) {
    let mut rng = Dealer::rng(seed);
    let (mut text, mut coups, mut line) = (String::new(), Vec::new(), 0);
    let bets = rules.tariff.all();
    for _ in 0..shoes {
        let mut dealer = Dealer::shuffled(8, &mut rng);
        let mut shoe = dealer.burn(&Procedure::reference());
        let burned = dealer.dealt();
        text += &format!(
            "{{\"shoe\":{{\"decks\":8}},\"burn\":[{}]}}\n",
            names(&dealer.order()[..burned])
        );
        line += 1;
        while let Some(coup) = dealer.deal_next(&mut shoe, drawing) {
            let dealt = DealtCoup::from(&coup);
            let nets: Vec<String> = bets
                .iter()
                .map(|(key, terms)| {
                    let net = paid(key, &coup, terms.net(&dealt).to_string());
                    format!("\"{key}\":\"{net}\"")
                })
                .collect();
            text += &format!(
                "{{\"cards\":[{}],\"winner\":\"{}\",\"punto_total\":{},\"banco_total\":{},\"natural\":{},\"net\":{{{}}}}}\n",
                names(&coup.dealt_in_order()),
                coup.winner().key(),
                coup.punto_total(),
                coup.banco_total(),
                coup.is_natural(),
                nets.join(",")
            );
            line += 1;
            coups.push((line, coup));
        }
    }
    (text, coups)
}

/// The rules' nets, as logged.
fn as_the_rules_pay(_: &str, _: &punto_banco::coup::Coup<Card>, net: String) -> String {
    net
}

/// Every Banco win paid at even money instead of 19/20.
fn banco_at_even_money(key: &str, coup: &punto_banco::coup::Coup<Card>, net: String) -> String {
    if key == "banco" && coup.winner() == Winner::Banco {
        "1".into()
    } else {
        net
    }
}

/// The verifier's count of each kind of discrepancy on a log.
fn verified(text: &str, rules: &Rules) -> std::collections::BTreeMap<Kind, usize> {
    let mut verifier = Verifier::new(rules);
    for (i, line) in text.lines().enumerate() {
        verifier.line(i + 1, line);
    }
    verifier.summary().disagreeing().clone()
}

#[test]
fn a_fair_log_with_every_net_has_no_finding() {
    let rules = Rules::reference();
    let (text, coups) = engine_log(&rules, &rules.drawing, 11, 3, &as_the_rules_pay);
    let report = audited(&text, 0.01);
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert_eq!(report.coups, coups.len() as u64);
    for r in &report.rtp {
        assert_eq!(r.logged, report.coups, "{}", r.bet);
        assert_eq!((r.mispaid, &r.as_logged), (0, &r.observed), "{}", r.bet);
    }
    assert_eq!(report.verdict(), report.battery.verdict());
    assert_eq!(report.verdict(), Verdict::Pass);
}

#[test]
fn banco_wins_paid_at_even_money_are_a_settlement_finding() {
    let rules = Rules::reference();
    let (text, coups) = engine_log(&rules, &rules.drawing, 5, 40, &banco_at_even_money);
    let report = audited(&text, 0.01);
    let wins: Vec<usize> = coups
        .iter()
        .filter(|(_, coup)| coup.winner() == Winner::Banco)
        .map(|(line, _)| *line)
        .collect();
    let banco = report.rtp.iter().find(|r| r.bet == "banco").unwrap();
    assert_eq!(banco.mispaid, wins.len() as u64);
    // The return as logged is the rules' plus 1/20 on every Banco win.
    let coups_audited = ratio(coups.len() as i64);
    let extra = BigRational::new(BigInt::from(wins.len()), BigInt::from(20)) / &coups_audited;
    assert_eq!(banco.as_logged, &banco.observed + &extra);
    assert_eq!(
        report.findings,
        vec![Finding::Settlement {
            bet: "banco".into(),
            coups: wins.len() as u64,
            lines: wins[..5].to_vec(),
            as_logged: banco.as_logged.clone(),
            by_rules: banco.observed.clone(),
        }]
    );
    // Every other bet is paid right, and the cards are fair: the tests pass, the log fails.
    assert!(
        report
            .rtp
            .iter()
            .all(|r| r.bet == "banco" || r.mispaid == 0)
    );
    assert_eq!(report.battery.verdict(), Verdict::Pass);
    assert_eq!(report.verdict(), Verdict::Fail);
    // `verify` finds the same coups mis-paid (a coup's first discrepancy is its net).
    assert_eq!(verified(&text, &rules).get(&Kind::Net), Some(&wins.len()));
}

#[test]
fn a_banco_drawing_against_the_tableau_is_a_drawing_finding() {
    // A buggy engine: Banco on 6 draws against a Punto third card 5 (the rules stand).
    let rules = Rules::reference();
    let buggy = rules
        .drawing
        .with_banco_cell(6, PuntoMove::Drew(5), Action::Draw);
    let (text, coups) = engine_log(&rules, &buggy, 3, 40, &as_the_rules_pay);
    let wrong: Vec<usize> = coups
        .iter()
        .filter(|(_, coup)| {
            coup.banco().len() == 3
                && coup.punto().len() == 3
                && punto_banco::coup::hand_total(&coup.banco()[..2]) == 6
                && coup.punto()[2].value() == 5
        })
        .map(|(line, _)| *line)
        .collect();
    assert!(wrong.len() > 5, "the log should deal the bug a few times");
    let report = audited(&text, 0.01);
    // Every other coup is audited: the cards of the wrong ones were taken out of the shoe,
    // or a later coup would name a card the shoe no longer holds.
    assert_eq!(report.coups, (coups.len() - wrong.len()) as u64);
    assert_eq!(report.verdict(), Verdict::Fail);
    let [
        Finding::Drawing {
            coups: found,
            first,
        },
    ] = report.findings.as_slice()
    else {
        panic!("{:?}", report.findings);
    };
    assert_eq!(*found, wrong.len() as u64);
    let lines: Vec<usize> = first.iter().map(|d| d.line).collect();
    assert_eq!(lines, wrong[..5]);
    // Named as `verify` names it: Banco drew, against the rules' stand.
    for d in first {
        assert!(
            matches!(
                d.finding,
                VerifyFinding::ExtraCards {
                    hand: Some(Hand::Banco),
                    given: 6,
                    needed: 5,
                    ..
                }
            ),
            "{:?}",
            d.finding
        );
    }
    assert_eq!(verified(&text, &rules).get(&Kind::Draw), Some(&wrong.len()));
}

#[test]
fn a_coup_the_rules_would_not_deal_still_takes_its_cards_out_of_the_shoe() {
    // Punto 2+A = 3 draws a 5; Banco 4+2 = 6 stands against it, yet the log deals Banco a
    // sixth card. The next coup is audited on the shoe less all six.
    let text = "{\"shoe\": {\"decks\": 1}}\n\
                {\"cards\": [\"2H\", \"4S\", \"AC\", \"2D\", \"5C\", \"7D\"]}\n\
                {\"cards\": [\"9H\", \"9S\", \"KC\", \"KD\"]}\n\
                {\"cards\": [\"4H\", \"2S\"]}\n";
    let report = audited(text, 0.01);
    assert_eq!(report.coups, 1);
    let cards = |s: &str| -> Vec<Card> { s.split(' ').map(|c| c.parse().unwrap()).collect() };
    let mut shoe = Shoe::decks(1).unwrap();
    shoe.remove_all(&cards("2H 4S AC 2D 5C 7D")).unwrap();
    let full = reference_analysis(&shoe);
    let punto = report.rtp.iter().find(|r| r.bet == "punto").unwrap();
    assert_eq!(punto.expected, -full.edge(MainBet::Punto));
    let [Finding::Drawing { coups: 2, first }] = report.findings.as_slice() else {
        panic!("{:?}", report.findings);
    };
    assert_eq!(first[0].line, 2);
    assert!(matches!(
        first[1].finding,
        VerifyFinding::TooFewCards { given: 2, .. }
    ));
    // A log of coups the rules would not deal alone still reports its findings.
    let only = audited("{\"shoe\": {\"decks\": 1}}\n{\"cards\": []}\n", 0.01);
    assert_eq!((only.coups, only.findings.len()), (0, 1));
    assert_eq!(only.verdict(), Verdict::Fail);
}

/// The catalogue's rule set with Lucky Nines, its side bets reduced to `keep`.
fn eights_nines(keep: &[&str]) -> Rules {
    let text = punto_banco::variants::shipped("catalogue/eights-nines").unwrap();
    let mut rules = punto_banco::variants::RuleSet::from_json(text)
        .unwrap()
        .rules()
        .clone();
    rules.tariff.side.retain(|s| keep.contains(&s.key.as_str()));
    assert_eq!(rules.tariff.side.len(), keep.len());
    rules
}

#[test]
fn heavy_tailed_returns_are_calibrated_on_fair_logs() {
    // Lucky Nines pays 500 to 1 on four nines in the opening (about 3·10⁻⁵ a coup) and 250
    // to 1 on three nines of one suit (7·10⁻⁵); Heavenly 9 pays 75 to 1 on two three-card
    // nines (2·10⁻³). Over a shoe of some 80 coups neither total net is near normal, and a z
    // on Lucky Nines' has p far below 10⁻⁴ whenever either of its rare lines hits (nearly
    // one shoe in a hundred). 600 fair one-shoe logs: a valid test rejects at p ≤ 0.01 at
    // most binomial(600, 0.01) times, which exceeds 17 with probability below 10⁻⁴, and at
    // p ≤ 10⁻⁴ at most binomial(600, 10⁻⁴) times, which exceeds 2 with probability below
    // 10⁻⁴. The logs are seeded, so the test cannot flake; the z on the same logs exceeds
    // the second bound, so the logs do stress the method.
    let rules = eights_nines(&["lucky_nines", "heavenly_9"]);
    let logs = 600;
    let (mut rejected, mut far, mut z_far) = ([0usize; 2], 0, 0);
    for seed in 0..logs {
        let (text, _) = engine_log(&rules, &rules.drawing, 1000 + seed, 1, &as_the_rules_pay);
        let report = audit(text.as_bytes(), &rules, 0.01).unwrap();
        assert!(report.findings.is_empty());
        for (i, bet) in ["lucky_nines", "heavenly_9"].into_iter().enumerate() {
            let test = report.battery.test(&format!("return_{bet}")).unwrap();
            assert_eq!(test.kind, StatisticKind::LineCounts, "{bet}");
            rejected[i] += usize::from(test.p_value <= 0.01);
            if i == 0 {
                far += usize::from(test.p_value <= 1e-4);
            }
        }
        // The z the audit used to give Lucky Nines' return.
        let lucky = report.rtp.iter().find(|r| r.bet == "lucky_nines").unwrap();
        assert_eq!(
            (lucky.method, lucky.interval),
            (StatisticKind::LineCounts, None)
        );
        let z = (&lucky.observed - &lucky.expected).to_f64().unwrap() * report.coups as f64
            / lucky.variance.to_f64().unwrap().sqrt();
        z_far += usize::from(punto_banco::lab::normal_two_sided(z) <= 1e-4);
    }
    println!("{rejected:?} at p ≤ 0.01, {far} at p ≤ 1e-4, z: {z_far} at p ≤ 1e-4");
    assert!(rejected.iter().all(|&r| r <= 17), "{rejected:?} of {logs}");
    assert!(far <= 2, "{far} of {logs} fair logs at p ≤ 10⁻⁴");
    assert!(
        z_far > 2,
        "the z rejects only {z_far} of {logs}: the logs do not stress the method"
    );
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
    // A coup the rules would not deal is no error: a finding.
    let report = audited(
        "{\"shoe\": {\"decks\": 8}}\n{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\", \"KD\"]}",
        0.01,
    );
    assert!(
        matches!(
            report.findings.as_slice(),
            [Finding::Drawing { coups: 1, .. }]
        ),
        "{:?}",
        report.findings
    );
}

/// `--lang fr` names every bet in French, Égalité included, in the tests and the returns;
/// JSON keeps the keys.
#[test]
fn the_french_report_names_the_bets_in_french() {
    let run = |args: &[&str]| -> String {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
            .args(["audit", "docs/examples/lab/audit-fair.jsonl"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    for format in ["text", "markdown"] {
        let fr = run(&["--lang", "fr", "--format", format]);
        for name in ["Punto", "Banco", "Égalité"] {
            assert!(fr.contains(&format!("Retour de la mise {name}")), "{fr}");
        }
        assert!(!fr.contains("Return of") && !fr.contains(" tie "), "{fr}");
        assert!(fr.contains("comptes par ligne"), "{fr}");
        let en = run(&["--format", format]);
        assert!(
            en.contains("Return of Tie") && en.contains("pay-line counts"),
            "{en}"
        );
    }
    let json: serde_json::Value =
        serde_json::from_str(&run(&["--lang", "fr", "-f", "json"])).unwrap();
    assert!(json["rtp"]["tie"].is_object());
    assert_eq!(json["tests"][5]["name"], "return_tie");
    assert_eq!(json["tests"][5]["statistic_kind"], "line-counts");
    assert_eq!(json["rtp"]["tie"]["method"], "line-counts");
    assert_eq!(json["rtp"]["punto"]["method"], "z");
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

/// The audit's pages quote its reports in ```text blocks: a command, then lines of its output
/// (`…` for lines left out). Every quoted line is a line the command prints today, so that a
/// changed report cannot leave the docs behind (the report names its command and checksum,
/// which the docs tool's console examples cannot reproduce in-process, hence this test).
#[test]
fn the_docs_quote_the_audit_as_it_prints() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut quoted = 0;
    for page in ["docs/en/audit.md", "docs/fr/audit.md"] {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        for block in text.split("```text\n").skip(1) {
            let block = block.split("```").next().unwrap();
            let mut lines = block.lines();
            let Some(args) = lines.next().and_then(|l| l.strip_prefix("$ punto-banco ")) else {
                continue;
            };
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
                .args(args.split_whitespace())
                .current_dir(root)
                .output()
                .unwrap();
            let printed = String::from_utf8(output.stdout).unwrap();
            let printed: Vec<&str> = printed.lines().collect();
            for line in lines.filter(|l| *l != "…") {
                assert!(
                    printed.contains(&line),
                    "{page}: `punto-banco {args}` no longer prints\n{line}"
                );
                quoted += 1;
            }
        }
    }
    assert!(quoted >= 20, "only {quoted} quoted lines");
}

/// The CSV of a mis-paid and a mis-dealt log leads with a record for each finding, whose
/// coups are the JSON document's (the same audit read twice), and a fair log's has none.
#[test]
fn the_csv_leads_with_the_findings_of_the_json() {
    for (log, kind) in [
        ("docs/examples/lab/audit-mispaid.jsonl", Some("settlement")),
        ("docs/examples/lab/audit-misdealt.jsonl", Some("drawing")),
        ("docs/examples/lab/audit-fair.jsonl", None),
    ] {
        let run = |format: &str| {
            std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
                .args(["audit", log, "--format", format])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap()
        };
        let (csv, json) = (run("csv"), run("json"));
        assert_eq!(csv.status.code(), json.status.code(), "{log}");
        let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let findings = json["findings"].as_array().unwrap();
        let mut reader = csv::Reader::from_reader(&csv.stdout[..]);
        let header = reader.headers().unwrap().clone();
        let column = |name: &str| header.iter().position(|h| h == name).unwrap();
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        // A test always names its statistic's kind; a finding has none, and comes first.
        let leading: Vec<&csv::StringRecord> = records
            .iter()
            .take_while(|r| r[column("statistic_kind")].is_empty())
            .collect();
        assert!(
            records[leading.len()..]
                .iter()
                .all(|r| !r[column("statistic_kind")].is_empty()),
            "{log}"
        );
        assert_eq!(leading.len(), findings.len(), "{log}");
        for (record, finding) in leading.iter().zip(findings) {
            assert_eq!(
                Some(&record[column("test")]),
                finding["kind"].as_str(),
                "{log}"
            );
            assert_eq!(&record[column("verdict")], "fail");
            assert_eq!(
                record[column("coups")].parse::<u64>().unwrap(),
                finding["coups"].as_u64().unwrap(),
                "{log}"
            );
        }
        assert_eq!(
            leading.first().map(|r| r[column("test")].to_string()),
            kind.map(str::to_string),
            "{log}"
        );
    }
}
