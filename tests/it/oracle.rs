//! The oracle: conformance vectors, logs verified coup by coup, and the statistical fit,
//! proved against deliberately wrong engines.

use num_bigint::BigUint;
use punto_banco::card::Card;
use punto_banco::dealer::Dealer;
use punto_banco::oracle::fit::{self, Grouping, Observed};
use punto_banco::oracle::vectors::{CSV_HEADER, vectors};
use punto_banco::oracle::verify::{Finding, Kind, Verifier};
use punto_banco::outcome::Winner;
use punto_banco::reference::exact_tally;
use punto_banco::render::oracle::finding_sentence;
use punto_banco::rules::{Action, DrawingRules, PuntoMove, Rules};
use punto_banco::shoe::Shoe;
use punto_banco::tally::Tally;
use sha2::{Digest, Sha256};

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn vectors_sum_to_the_shoe_and_match_the_enumerator() {
    let shoe = Shoe::reference();
    let rules = DrawingRules::reference();
    let all = vectors(&shoe, &rules);
    // Aggregated by final state, the vectors' weights are the enumerator's tally: two
    // independent walks (card by card through the resolver; by value with falling products).
    let mut tally = Tally::<BigUint>::default();
    for v in &all {
        tally.add(v.coup.final_state(), v.weight.clone());
    }
    assert_eq!(tally, exact_tally(&shoe, &rules).unwrap());
    let total: BigUint = all.iter().map(|v| &v.weight).sum();
    assert_eq!(total.to_string(), "4998398275503360");

    // The committed count and checksums (data/vectors/suite.json).
    let suite: serde_json::Value = serde_json::from_str(&data("vectors/suite.json")).unwrap();
    assert_eq!(suite["count"], all.len());
    let hash = |text: String| -> String {
        Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let json: String = all.iter().map(|v| v.to_json_line() + "\n").collect();
    let csv: String = std::iter::once(format!("{CSV_HEADER}\n"))
        .chain(all.iter().map(|v| v.to_csv_line() + "\n"))
        .collect();
    assert_eq!(
        suite["sha256"]["json"],
        hash(json.clone()),
        "run `punto-banco vectors` and update data/vectors/suite.json"
    );
    assert_eq!(suite["sha256"]["csv"], hash(csv));

    // Every line, read back as another engine would, agrees with the coup resolver.
    for line in json.lines().chain(data("vectors/sample.jsonl").lines()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let cards: Vec<u8> = v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as u8)
            .collect();
        let cards = punto_banco::coup::Value::sequence(&cards).unwrap();
        let coup = punto_banco::coup::deal(&rules, &cards).unwrap();
        assert!(coup.unused().is_empty());
        assert_eq!(v["punto_total"], coup.punto_total());
        assert_eq!(v["banco_total"], coup.banco_total());
        assert_eq!(v["winner"], coup.winner().key());
        assert_eq!(v["natural"], coup.is_natural());
    }
    assert!(json.contains(data("vectors/sample.jsonl").lines().nth(4).unwrap()));
}

/// An engine to test the oracle with: it deals shuffled eight-deck shoes to a cut card and
/// logs every coup; each flag is a deliberate bug.
#[derive(Default)]
struct Engine {
    /// Deals by these drawing rules instead of the reference.
    drawing: Option<DrawingRules>,
    /// Never lets a 9 be the first card of a coup.
    never_nine_first: bool,
    /// Takes the 5% commission from Banco bets on a tie.
    commission_on_ties: bool,
}

impl Engine {
    fn log(&self, seed: u64, shoes: usize) -> String {
        let rules = self.drawing.clone().unwrap_or_else(DrawingRules::reference);
        let mut rng = Dealer::rng(seed);
        let mut out = String::new();
        for _ in 0..shoes {
            let mut dealer = Dealer::shuffled(8, &mut rng);
            out.push_str("{\"shoe\": {\"decks\": 8}}\n");
            while dealer.remaining().len() > 16 {
                if self.never_nine_first {
                    while dealer.remaining()[0].value() == 9 {
                        dealer.rotate_top();
                    }
                }
                let coup = dealer.deal_coup(&rules).unwrap();
                let cards: Vec<String> =
                    coup.dealt_in_order().into_iter().map(Card::ascii).collect();
                let winner = coup.winner();
                let (punto, banco, tie) = match winner {
                    Winner::Punto => (1.0, -1.0, -1.0),
                    Winner::Banco => (-1.0, 0.95, -1.0),
                    Winner::Tie => (0.0, if self.commission_on_ties { -0.05 } else { 0.0 }, 8.0),
                };
                out.push_str(
                    &serde_json::json!({
                        "cards": cards,
                        "winner": winner.key(),
                        "punto_total": coup.punto_total(),
                        "banco_total": coup.banco_total(),
                        "punto_draws": coup.punto().len() == 3,
                        "banco_draws": coup.banco().len() == 3,
                        "natural": coup.is_natural(),
                        "net": {"punto": punto, "banco": banco, "tie": tie},
                    })
                    .to_string(),
                );
                out.push('\n');
            }
        }
        out
    }
}

fn verify(log: &str) -> (punto_banco::oracle::verify::Summary, Vec<(usize, Finding)>) {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    let found: Vec<(usize, Finding)> = log
        .lines()
        .enumerate()
        .filter_map(|(i, line)| verifier.line(i + 1, line))
        .map(|d| (d.line, d.finding))
        .collect();
    (verifier.summary().clone(), found)
}

fn fit_passes(log: &str) -> Vec<fit::GroupFit> {
    let rules = DrawingRules::reference();
    let observed = Observed::read(log, &rules).unwrap();
    fit::fit(&Shoe::reference(), &rules, &observed).unwrap()
}

fn rejected(fits: &[fit::GroupFit], grouping: Grouping) -> &fit::GroupFit {
    let fit = fits.iter().find(|f| f.grouping() == grouping).unwrap();
    assert!(
        !punto_banco::render::oracle::fits_pass(
            std::slice::from_ref(fit),
            0.01 / fits.len() as f64
        ),
        "{grouping:?} not rejected: p = {}",
        fit.p_value()
    );
    fit
}

#[test]
fn a_correct_engine_passes_verify_and_fit() {
    let log = Engine::default().log(1, 300);
    let (summary, found) = verify(&log);
    assert!(found.is_empty(), "{:?}", &found[..found.len().min(3)]);
    assert!(summary.all_agree());
    assert!(summary.coups() > 20_000, "{}", summary.coups());
    assert_eq!(summary.shoes(), 300);
    let fits = fit_passes(&log);
    assert!(
        punto_banco::render::oracle::fits_pass(&fits, 0.01),
        "{fits:#?}"
    );
}

#[test]
fn the_004_tableau_is_caught_and_named() {
    let wrong = DrawingRules::reference().with_banco_cell(3, PuntoMove::Drew(8), Action::Draw);
    let log = Engine {
        drawing: Some(wrong),
        ..Engine::default()
    }
    .log(2, 40);
    let (summary, found) = verify(&log);
    assert!(summary.disagreeing()[&Kind::Draw] > 0);
    assert_eq!(
        summary.disagreeing().len(),
        1,
        "{:?}",
        summary.disagreeing()
    );
    let (line, finding) = &found[0];
    let sentence = finding_sentence(finding, &Rules::reference(), punto_banco::lang::Lang::En);
    assert_eq!(
        sentence, "the engine has Banco draw; Banco on 3 stands against a third card 8",
        "line {line}"
    );
    // The fit sees it too, with enough coups (fit --plan says about 18,000 at α = 0.01).
    let log = Engine {
        drawing: Some(DrawingRules::reference().with_banco_cell(
            3,
            PuntoMove::Drew(8),
            Action::Draw,
        )),
        ..Engine::default()
    }
    .log(3, 700);
    rejected(&fit_passes(&log), Grouping::FinalStates);
}

#[test]
fn punto_standing_on_5_is_caught_and_named() {
    let mut wrong = DrawingRules::reference();
    wrong.punto[5] = Action::Stand;
    let log = Engine {
        drawing: Some(wrong),
        ..Engine::default()
    }
    .log(4, 60);
    let (summary, found) = verify(&log);
    assert!(summary.disagreeing()[&Kind::Draw] > 0);
    let sentence = finding_sentence(
        &found[0].1,
        &Rules::reference(),
        punto_banco::lang::Lang::En,
    );
    assert_eq!(
        sentence,
        "the engine has Punto stand; Punto draws on 5 (on 0–5)"
    );
    let fits = fit_passes(&log);
    rejected(&fits, Grouping::FinalStates);
}

#[test]
fn a_shuffle_that_never_deals_a_nine_first_is_caught_by_the_fit() {
    let log = Engine {
        never_nine_first: true,
        ..Engine::default()
    }
    .log(5, 20);
    // Every coup is dealt by the rules, so a coup-by-coup check cannot see it.
    assert!(verify(&log).0.all_agree());
    let fits = fit_passes(&log);
    let fit = rejected(&fits, Grouping::Position(1));
    // The cell that deviates most is the missing 9.
    assert_eq!(fit.cells()[0].cell, "9");
    assert_eq!(fit.cells()[0].observed, 0);
}

#[test]
fn a_commission_taken_on_ties_is_caught_and_named() {
    let log = Engine {
        commission_on_ties: true,
        ..Engine::default()
    }
    .log(6, 20);
    let (summary, found) = verify(&log);
    assert_eq!(
        summary.disagreeing().keys().collect::<Vec<_>>(),
        vec![&Kind::Net]
    );
    let sentence = finding_sentence(
        &found[0].1,
        &Rules::reference(),
        punto_banco::lang::Lang::En,
    );
    assert_eq!(
        sentence,
        "the engine nets `-0.05` on Banco; the rules net 0"
    );
}

#[test]
fn impossible_cards_and_malformed_lines() {
    let log = "{\"shoe\": {\"decks\": 8}}\n".to_string()
        + &"{\"cards\": [\"AS\",\"AS\",\"AS\",\"AS\"], \"winner\": \"tie\"}\n".repeat(3)
        + "not json\n{\"cards\": [\"11X\"], \"winner\": \"tie\"}\n{\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\"], \"winner\": \"banco\"}\n";
    let (summary, found) = verify(&log);
    assert_eq!(summary.malformed(), 2);
    let impossible: Vec<_> = found
        .iter()
        .filter(|(_, f)| f.kind() == Kind::ImpossibleCard)
        .collect();
    assert_eq!(impossible.len(), 1);
    assert_eq!(
        finding_sentence(
            &impossible[0].1,
            &Rules::reference(),
            punto_banco::lang::Lang::En
        ),
        "A♠ is dealt a 9th time since the shoe of line 1, which holds 8"
    );
    let (line, last) = found.last().unwrap();
    assert_eq!(*line, 7);
    assert_eq!(
        finding_sentence(last, &Rules::reference(), punto_banco::lang::Lang::En),
        "the log has 4 cards: the coup also needs Punto's third card; Punto draws on 3 (on 0–5)"
    );
}

#[test]
fn noncentral_chi_square_matches_the_textbook_power() {
    // One degree of freedom: the power of a two-sided z-test with shift δ = 2.8016 at α = 0.05
    // is 80%; the noncentrality is δ².
    let power = fit::noncentral_sf(1.0, 2.8016f64.powi(2), 3.841_458_820_694_124);
    assert!((power - 0.80).abs() < 1e-3, "{power}");
    // Without noncentrality it is the central tail: α itself.
    assert!((fit::noncentral_sf(1.0, 0.0, 3.841_458_820_694_124) - 0.05).abs() < 1e-9);
}

/// The findings of a log's lines, as `(line, kind, English sentence)`.
fn findings(
    log: &str,
) -> (
    punto_banco::oracle::verify::Summary,
    Vec<(usize, Kind, String)>,
) {
    let (summary, found) = verify(log);
    let rules = Rules::reference();
    let found = found
        .into_iter()
        .map(|(line, f)| {
            let text = finding_sentence(&f, &rules, punto_banco::lang::Lang::En);
            (line, f.kind(), text)
        })
        .collect();
    (summary, found)
}

/// The worked example of the rules page: Banco wins 3 to 1.
const WORKED: &str = r#""cards": ["4H", "2S", "9C", "AD", "8D"], "winner": "banco""#;

#[test]
fn claims_that_cannot_be_read_are_malformed_lines_not_disagreements() {
    let cases = [
        (r#""net": {"banco": "abc"}"#, "net.banco is `abc`: expected"),
        (
            r#""net": {"banco": ""}"#,
            "net.banco is an empty string: expected",
        ),
        (
            r#""net": {"banco": "19/0"}"#,
            "net.banco is `19/0`: expected",
        ),
        (
            r#""net": {"banco": "1e-2"}"#,
            "net.banco is `1e-2`: expected",
        ),
        (
            r#""net": {"punto": "1/-20"}"#,
            "net.punto is `1/-20`: expected",
        ),
        (r#""net": {"banco": null}"#, "net.banco is null: expected"),
        (r#""net": [0.95]"#, "net is an array: expected an object"),
        (
            r#""net": {"banco": 0.95, "banco": 0.95}"#,
            "net names the bet `banco` twice",
        ),
        (
            r#""punto_total": 18"#,
            "punto_total is 18: expected a whole number from 0 to 9",
        ),
        (
            r#""banco_total": -1"#,
            "banco_total is -1: expected a whole number from 0 to 9",
        ),
        (
            r#""banco_total": "3""#,
            "banco_total is `3`: expected a whole number from 0 to 9",
        ),
        (
            r#""natural": "no""#,
            "natural is `no`: expected true or false",
        ),
        (
            r#""stake": 0"#,
            "stake is 0: expected a whole number from 1 to 1000000000",
        ),
        (
            r#""stake": 1.5"#,
            "stake is 1.5: expected a whole number from 1 to 1000000000",
        ),
    ];
    let log: String = cases
        .iter()
        .map(|(claim, _)| format!("{{{WORKED}, {claim}}}\n"))
        .collect();
    let (summary, found) = findings(&log);
    assert_eq!(summary.malformed(), cases.len());
    assert_eq!(summary.coups(), 0);
    assert!(
        summary.disagreeing().is_empty(),
        "{:?}",
        summary.disagreeing()
    );
    for ((line, kind, text), (claim, message)) in found.iter().zip(&cases) {
        assert_eq!(*kind, Kind::Malformed, "{claim}");
        assert!(text.starts_with(message), "line {line}, {claim}: {text}");
    }
    // Exact amounts that read still verify, as rule files write them and beyond their range.
    let good = [
        r#""net": {"banco": "19/20", "punto": "-1", "tie": "−1"}"#,
        r#""net": {"banco": "0.95", "punto": "-100%"}"#,
        r#""stake": 1000000000, "net": {"banco": "950000000", "tie": -1000000000}"#,
    ];
    let log: String = good
        .iter()
        .map(|c| format!("{{{WORKED}, {c}}}\n"))
        .collect();
    let (summary, found) = findings(&log);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(summary.agreeing(), good.len());
}

#[test]
fn a_wrong_net_is_quoted_as_logged() {
    let log = [
        r#""net": {"banco": "-1"}"#,
        r#""net": {"banco": 0.9500001}"#,
        r#""net": {"banco": 1}"#,
        r#""stake": 20, "net": {"banco": "20.0"}"#,
    ]
    .map(|c| format!("{{{WORKED}, {c}}}\n"))
    .concat();
    let (_, found) = findings(&log);
    let texts: Vec<&str> = found.iter().map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "the engine nets `-1` on Banco; the rules net 0.95",
            "the engine nets `0.9500001` on Banco; the rules net 0.95",
            "the engine nets `1` on Banco; the rules net 0.95",
            "the engine nets `20.0` on Banco; the rules net 19",
        ]
    );
    let rules = Rules::reference();
    let (_, raw) = verify(&log);
    assert_eq!(
        finding_sentence(&raw[3].1, &rules, punto_banco::lang::Lang::Fr),
        "le moteur règle `20.0` sur Banco\u{a0}; les règles donnent 19"
    );
}

#[test]
fn a_line_malformed_only_in_its_claims_still_deals_its_cards() {
    let log = "{\"shoe\": {\"decks\": 1}}\n\
               {\"cards\": [\"AS\", \"KD\", \"2C\", \"QC\"], \"winner\": \"Banco\"}\n\
               {\"cards\": [\"AS\", \"KH\", \"2D\", \"QH\"], \"winner\": \"punto\", \"punto_total\": 18}\n\
               {\"cards\": [\"AS\", \"KS\", \"2H\", \"QS\"], \"winner\": \"punto\"}\n";
    let (summary, found) = findings(log);
    assert_eq!(summary.malformed(), 2);
    assert_eq!(
        found.last().unwrap(),
        &(
            4,
            Kind::ImpossibleCard,
            "A♠ is dealt a 3rd time since the shoe of line 1, which holds 1".to_string()
        )
    );
    // A shoe by ranks counts the cards after the first one too much, each by its rank.
    let log = "{\"shoe\": {\"ranks\": [1, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24]}}\n\
               {\"cards\": [\"AS\", \"AH\", \"2C\", \"AD\"], \"winner\": \"tie\"}\n\
               {\"cards\": [\"AC\", \"KH\", \"2D\", \"QH\"], \"winner\": \"punto\"}\n";
    let (_, found) = findings(log);
    let texts: Vec<&str> = found.iter().map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "A♥ is the 2nd card of rank A since the shoe of line 1, which holds 1",
            "A♣ is the 4th card of rank A since the shoe of line 1, which holds 1",
        ]
    );
}

#[test]
fn only_an_object_is_a_log_line() {
    let (summary, found) = findings(
        "[[\"4H\",\"2S\",\"9C\",\"AD\",\"8D\"],null,\"banco\"]\n\
         {\"shoe\": [8]}\n\
         {\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\",\"8D\"], \"winner\": \"banco\", \"winner\": \"punto\"}\n\
         {\"shoe\": {\"decks\": 8}, \"shoe\": {\"decks\": 1}}\n\
         \"banco\"\n",
    );
    assert_eq!(summary.malformed(), 5, "{found:?}");
    assert_eq!(summary.shoes(), 0);
    assert!(
        found[0].2.contains("invalid type: sequence"),
        "{}",
        found[0].2
    );
    assert!(
        found[1].2.starts_with("shoe: invalid type: sequence"),
        "{}",
        found[1].2
    );
    assert!(
        found[2].2.contains("`winner` is given twice"),
        "{}",
        found[2].2
    );
    assert!(
        found[3].2.contains("duplicate field `shoe`"),
        "{}",
        found[3].2
    );
}

#[test]
fn bytes_that_are_not_utf8_are_named_and_a_first_bom_is_passed_over() {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    let good = format!("\u{feff}{{{WORKED}}}\r\n");
    assert_eq!(verifier.line_bytes(1, good.as_bytes()), None);
    let d = verifier
        .line_bytes(2, b"{\"cards\": [\"4H\xff\"], \"winner\": \"tie\"}\n")
        .unwrap();
    assert_eq!(d.line, 2);
    assert_eq!(
        d.finding,
        Finding::Malformed {
            column: Some(15),
            message: "column 15: byte 0xFF is not UTF-8 text: a log is written in UTF-8".into()
        }
    );
    let d = verifier.line_too_long(3, 1 << 20);
    assert_eq!(d.finding.kind(), Kind::Malformed);
    let summary = verifier.summary();
    assert_eq!((summary.agreeing(), summary.malformed()), (1, 2));
}

#[test]
fn a_log_without_a_coup_is_neither_agreement_nor_disagreement() {
    use punto_banco::oracle::verify::Verdict;
    let verdict = |log: &str| verify(log).0.verdict();
    let coup = format!("{{{WORKED}}}\n");
    assert_eq!(verdict(""), Verdict::NoCoup);
    assert_eq!(verdict("\n  \n"), Verdict::NoCoup);
    assert_eq!(verdict("{\"shoe\": {\"decks\": 8}}\n"), Verdict::NoCoup);
    assert_eq!(
        verdict("not json\n{\"cards\": [\"1H\"]}\n"),
        Verdict::NoCoup
    );
    assert_eq!(verdict(&coup), Verdict::Agree);
    assert_eq!(verdict(&format!("{coup}not json\n")), Verdict::Disagree);
    assert_eq!(
        verdict("{\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\"], \"winner\": \"banco\"}\n"),
        Verdict::Disagree
    );
    assert!(!verify("").0.all_agree());
}

#[test]
fn streamed_reports_are_the_whole_log_reports() {
    use punto_banco::lang::Lang;
    use punto_banco::render::oracle::{
        VerifyReport, discrepancy_line, summary_text, verify_json, verify_markdown,
    };
    use punto_banco::render::{Format, Page};
    let rules = Rules::reference();
    let wrong = std::fs::read_to_string(format!(
        "{}/docs/examples/oracle/wrong.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let good = format!("{{{WORKED}}}\n");
    for log in [wrong.as_str(), good.as_str(), ""] {
        let mut verifier = Verifier::new(&rules);
        let all: Vec<_> = log
            .lines()
            .enumerate()
            .filter_map(|(i, line)| verifier.line(i + 1, line))
            .collect();
        let summary = verifier.summary().clone();
        for (lang, format) in [
            (Lang::En, Format::Text),
            (Lang::Fr, Format::Text),
            (Lang::Fr, Format::Markdown),
            (Lang::En, Format::Json),
        ] {
            // What the command printed before it streamed.
            let whole = if format == Format::Json {
                format!("{:#}\n", verify_json(&all, &summary, &rules))
            } else if format == Format::Markdown {
                // Markdown is its own report since `verify --format markdown` stopped
                // printing the text report's box drawing.
                verify_markdown(&all, &summary, &rules, lang)
            } else {
                let mut out: String = all
                    .iter()
                    .map(|d| discrepancy_line(d, &rules, lang) + "\n")
                    .collect();
                if !all.is_empty() {
                    out.push('\n');
                }
                out + &summary_text(&summary, lang)
            };
            let mut report =
                VerifyReport::new(Vec::new(), &rules, &Page::new(format, lang)).unwrap();
            for d in &all {
                report.discrepancy(d).unwrap();
            }
            let streamed = String::from_utf8(report.finish(&summary).unwrap()).unwrap();
            assert_eq!(
                streamed,
                whole,
                "{lang:?} {format:?}, {} findings",
                all.len()
            );
        }
    }
    assert!(wrong.lines().count() > 10);
}

#[test]
fn a_log_is_verified_from_its_bytes_as_it_streams() {
    use punto_banco::lang::Lang;
    use punto_banco::oracle::verify::Verdict;
    use punto_banco::render::oracle::{StreamError, VerifyReport, write_verification};
    use punto_banco::render::{Format, Page};
    let rules = Rules::reference();
    let coup = format!("{{{WORKED}}}\n");
    let mut log = format!("\u{feff}{coup}").into_bytes();
    log.extend_from_slice(b"{\"cards\": [\"4H\xff\"], \"winner\": \"tie\"}\r\n");
    log.extend_from_slice(format!("{{{WORKED}, \"round\": \"{}\"}}\n", "x".repeat(300)).as_bytes());
    log.extend_from_slice(coup.trim_end().as_bytes());
    for format in [Format::Text, Format::Json] {
        let mut out = Vec::new();
        // The line too long ends the reading: the report is finished up to it.
        let result = write_verification(
            &log[..],
            &mut out,
            &rules,
            &Page::new(format, Lang::En),
            256,
        );
        assert!(matches!(
            result,
            Err(StreamError::TooLong {
                line: 3,
                limit: 256
            })
        ));
        // The same report as the verifier's lines written one by one.
        let mut verifier = Verifier::new(&rules);
        let mut report =
            VerifyReport::new(Vec::new(), &rules, &Page::new(format, Lang::En)).unwrap();
        let found = [
            verifier.line_bytes(1, format!("\u{feff}{coup}").as_bytes()),
            verifier.line_bytes(2, b"{\"cards\": [\"4H\xff\"], \"winner\": \"tie\"}"),
            Some(verifier.line_too_long(3, 256)),
        ];
        for d in found.iter().flatten() {
            report.discrepancy(d).unwrap();
        }
        let summary = verifier.summary();
        assert_eq!((summary.agreeing(), summary.malformed()), (1, 2));
        assert_eq!(summary.verdict(), Verdict::Disagree);
        assert_eq!(out, report.finish(summary).unwrap());
    }
    // Without the line too long, every line is read.
    let mut short = log.clone();
    let start = short.windows(9).position(|w| w == b"\"round\": ").unwrap();
    short.drain(start - 2..start + 9 + 302);
    for format in [Format::Text, Format::Json] {
        let summary = write_verification(
            &short[..],
            Vec::new(),
            &rules,
            &Page::new(format, Lang::En),
            256,
        )
        .unwrap();
        assert_eq!((summary.agreeing(), summary.malformed()), (3, 1));
    }
    let text = {
        let mut out = Vec::new();
        let _ = write_verification(
            &log[..],
            &mut out,
            &rules,
            &Page::new(Format::Text, Lang::En),
            256,
        );
        String::from_utf8(out).unwrap()
    };
    assert!(text.starts_with(
        "line 2: column 15: byte 0xFF is not UTF-8 text: a log is written in UTF-8\n\
         line 3: the line is longer than 256 bytes, the longest accepted: the log is read no further\n\n"
    ));
    // A report nobody reads is a write error, told apart from one reading the log.
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let error = write_verification(
        &log[..],
        Closed,
        &rules,
        &Page::new(Format::Text, Lang::En),
        256,
    );
    assert!(
        matches!(error, Err(StreamError::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe)
    );
}

#[test]
fn lines_are_read_within_a_limit() {
    use punto_banco::oracle::{Line, LineReader};
    let input = b"one\r\n\ntoo long a line\nlast";
    let mut lines = LineReader::new(&input[..], 8);
    let mut seen = Vec::new();
    while let Some((number, line)) = lines.next_line().unwrap() {
        seen.push((number, line.to_owned_for_test()));
    }
    assert_eq!(
        seen,
        [
            (1, Some(b"one\r".to_vec())),
            (2, Some(Vec::new())),
            (3, None),
        ]
    );
    trait Owned {
        fn to_owned_for_test(&self) -> Option<Vec<u8>>;
    }
    impl Owned for Line<'_> {
        fn to_owned_for_test(&self) -> Option<Vec<u8>> {
            match self {
                Line::Read(bytes) => Some(bytes.to_vec()),
                Line::TooLong => None,
            }
        }
    }
}

#[test]
fn counts_that_add_up_past_u64_are_refused_by_grouping() {
    let rules = DrawingRules::reference();
    let max = u64::MAX;
    let cases = [
        (
            format!(r#"{{"outcomes": {{"punto": {max}, "banco": 1, "tie": 0}}}}"#),
            "outcomes",
        ),
        (
            format!(
                r#"{{"final_states": [{{"punto_total": 1, "banco_total": 3, "punto_cards": 3, "banco_cards": 2, "count": {max}}}, {{"punto_total": 1, "banco_total": 3, "punto_cards": 2, "banco_cards": 2, "count": 1}}]}}"#
            ),
            "final_states",
        ),
        (
            format!(
                r#"{{"openings": [{{"punto_total": 1, "banco_total": 3, "count": {max}}}, {{"punto_total": 0, "banco_total": 0, "count": 2}}]}}"#
            ),
            "openings",
        ),
        (
            format!(r#"{{"positions": [[0,0,0,0,0,0,0,0,0,0], [{max},1,0,0,0,0,0,0,0,0]]}}"#),
            "position_2",
        ),
    ];
    for (text, grouping) in cases {
        let error = Observed::read(&text, &rules).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("{grouping}: the counts add up to more than 18446744073709551615 coups")
        );
    }
}

#[test]
fn counts_documents_refuse_what_they_cannot_mean() {
    let rules = DrawingRules::reference();
    let error = |text: &str| Observed::read(text, &rules).unwrap_err().to_string();
    let row = "[1,1,1,1,1,1,1,1,1,1]";
    assert!(
        error(&format!(
            "{{\"positions\": [{row},{row},{row},{row},{row}]}}"
        ))
        .starts_with("positions has 5 entries: position 5 and beyond are not counted"),
    );
    assert!(
        error(r#"{"outcomes": [1, 2, 3]}"#)
            .starts_with("line 1, column 13: outcomes: invalid type: sequence")
    );
    assert!(
        error(r#"[{"punto": 1, "banco": 2, "tie": 3}]"#)
            .starts_with("line 1, column 1: invalid type: sequence")
    );
    assert!(
        error(r#"{"final_states": [[1, 3, 3, 2, 7]]}"#)
            .starts_with("line 1, column 18: final_states[0]: invalid type: sequence")
    );
    assert_eq!(
        error(r#"{"openings": [{"punto_total": 1, "banco_total": 30, "count": 2}]}"#),
        "openings[0].banco_total is 30: expected 0 to 9"
    );
    assert!(error("").starts_with("no counts"));
    // Four positions are read, as before.
    let four = Observed::read(
        &format!("{{\"positions\": [{row},{row},{row},{row}]}}"),
        &rules,
    )
    .unwrap();
    assert_eq!(four.groups().len(), 4);
}

#[test]
fn a_log_is_fitted_line_by_line_as_it_is_whole() {
    use punto_banco::oracle::fit::FitError;
    let rules = DrawingRules::reference();
    let log = Engine::default().log(7, 3);
    let whole = Observed::read(&log, &rules).unwrap();
    let streamed = Observed::read_log(log.as_bytes(), &rules, 1 << 20).unwrap();
    assert_eq!(streamed, whole);
    let detected = Observed::read_from(log.as_bytes(), &rules, 1 << 20, 1 << 10).unwrap();
    assert_eq!(detected, whole);
    let coups: u64 = whole.groups()[&Grouping::Outcomes].values().sum();
    assert_eq!(coups as usize, log.lines().count() - 3);
    assert_eq!(whole.groups().len(), 7);
    // A counts document is read whole within its limit, a log line within its own.
    let counts = r#"{"outcomes": {"punto": 446247, "banco": 458597, "tie": 95156}}"#;
    assert!(Observed::read_from(counts.as_bytes(), &rules, 16, 1 << 10).is_ok());
    assert!(matches!(
        Observed::read_from(counts.as_bytes(), &rules, 16, 32),
        Err(FitError::TooLarge { limit: 32 })
    ));
    let error = |log: &[u8]| {
        Observed::read_from(log, &rules, 64, 1 << 10)
            .unwrap_err()
            .to_string()
    };
    let line = "{\"cards\": [\"4H\",\"2S\",\"9C\",\"AD\",\"8D\"], \"winner\": \"banco\"}\n";
    assert_eq!(
        error(format!("{line}{line}{}\n", " ".repeat(100)).as_bytes()),
        "line 3: the line is longer than 64 bytes"
    );
    assert_eq!(
        error(&[line.as_bytes(), b"{\"cards\": [\"4H\xff\"]}\n"].concat()),
        "line 2: column 15: this byte is not UTF-8 text: a log is written in UTF-8"
    );
    assert_eq!(
        error(format!("{line}[[\"4H\"], null, \"banco\"]\n").as_bytes())
            .split(" at line")
            .next()
            .unwrap(),
        "line 2: column 1: invalid type: sequence, expected an object"
    );
    assert!(Observed::read_from(format!("\u{feff}{line}").as_bytes(), &rules, 64, 1 << 10).is_ok());
}

#[test]
fn plans_stay_accurate_at_extreme_levels() {
    use punto_banco::lang::Lang;
    use punto_banco::oracle::fit::{Needed, coups_to_reach, plan, validate_alpha, validate_power};
    use punto_banco::render::oracle::render_plan;
    use punto_banco::render::{Format, Page};
    let shoe = Shoe::reference();
    let right = DrawingRules::reference();
    let wrong = right.with_banco_cell(3, PuntoMove::Drew(8), Action::Draw);
    let coups = |alpha: f64, power: f64| -> Vec<Needed> {
        plan(&shoe, &right, &wrong, alpha, power)
            .unwrap()
            .into_iter()
            .map(|p| p.coups)
            .collect()
    };
    // The published figures (docs/en/oracle.md), and more coups, never fewer, as α shrinks:
    // at 5e-17, 1 − α rounds to 1, which once made every grouping blind.
    assert_eq!(
        coups(0.01, 0.9),
        [Needed::Coups(44_295_479), Needed::Coups(17_910)]
    );
    let tiny = coups(5e-17, 0.9);
    let tinier = coups(1e-300, 0.9);
    for (a, b) in tiny.iter().zip(&tinier) {
        assert!(
            matches!((a, b), (Needed::Coups(a), Needed::Coups(b)) if *a > 17_910 && b > a),
            "{tiny:?} {tinier:?}"
        );
    }
    // A power of 1e-300 is one coup, not none.
    let reach = num_rational::BigRational::new(1.into(), 200.into());
    assert_eq!(coups_to_reach(&reach, 1e-300), Some(Needed::Coups(1)));
    assert_eq!(coups_to_reach(&reach, 0.9), Some(Needed::Coups(460)));
    let rare = num_rational::BigRational::new(1.into(), num_bigint::BigInt::from(10).pow(20));
    assert_eq!(coups_to_reach(&rare, 0.9), Some(Needed::Beyond));
    assert_eq!(coups(0.01, 1e-300), [Needed::Coups(1), Needed::Coups(1)]);
    // α and power are printed as given, in scientific notation when small.
    let plans = plan(&shoe, &right, &wrong, 1e-300, 0.9).unwrap();
    let text = render_plan(
        &plans,
        None,
        1e-300,
        0.9,
        &Page::new(Format::Text, Lang::En),
    );
    assert!(
        text.contains("with power 0.9, each test at α = 1e-300 "),
        "{text}"
    );
    let text = render_plan(
        &plans,
        None,
        1.5e-17,
        0.9,
        &Page::new(Format::Text, Lang::Fr),
    );
    assert!(text.contains("au seuil α = 1,5e-17 "), "{text}");
    let json: serde_json::Value = serde_json::from_str(&render_plan(
        &plans,
        None,
        1e-300,
        0.9,
        &Page::new(Format::Json, Lang::En),
    ))
    .unwrap();
    assert_eq!(json["alpha"], 1e-300);
    assert_eq!(json["fit"][0]["more_than"], serde_json::Value::Null);
    // The accepted ranges, with messages naming the flag, the value and the range.
    for bad in [0.0, 0.6, 1e-301, f64::NAN, -1.0] {
        assert!(validate_alpha(bad).is_err(), "{bad}");
    }
    assert_eq!(
        validate_alpha(1e-301).unwrap_err().to_string(),
        "--alpha is 1e-301: expected a number from 1e-300 to 0.5"
    );
    assert_eq!(
        validate_power(1.0).unwrap_err().to_string(),
        "--power is 1: expected a number greater than 0 and less than 1"
    );
    assert_eq!(validate_alpha(1e-300).unwrap(), 1e-300);
    assert_eq!(validate_power(1e-300).unwrap(), 1e-300);
    assert!(plan(&shoe, &right, &wrong, 0.7, 0.9).is_err());
}

/// Fragments of log lines, counts documents and noise, glued at random below.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\n",
    "\r\n",
    " ",
    "\u{feff}",
    "null",
    "true",
    "-1",
    "18",
    "1e400",
    "0.95",
    "18446744073709551615",
    "\"cards\"",
    "\"shoe\"",
    "\"winner\"",
    "\"banco\"",
    "\"net\"",
    "\"19/0\"",
    "\"1/-20\"",
    "\"stake\"",
    "\"decks\"",
    "\"ranks\"",
    "\"punto_total\"",
    "\"natural\"",
    "\"AS\"",
    "\"4H\"",
    "\"10D\"",
    "\"1H\"",
    "\"outcomes\"",
    "\"positions\"",
    "\"punto\"",
    "\"tie\"",
    "\"count\"",
    "{\"shoe\": {\"decks\": 1}}\n",
    "{\"cards\": [\"AS\",\"AS\",\"2C\",\"KD\",\"9H\",\"9S\",\"QC\"], \"winner\": \"tie\"",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever the bytes, verify and fit answer without panicking, the summary adds up and
    /// the streamed JSON report is one JSON document.
    #[test]
    fn any_input_is_read_without_panicking(
        pieces in proptest::collection::vec(0..FRAGMENTS.len() + 1, 0..60),
    ) {
        use punto_banco::lang::Lang;
        use punto_banco::render::{Format, Page};
        use punto_banco::render::oracle::write_verification;
        let mut bytes = Vec::new();
        for piece in pieces {
            match FRAGMENTS.get(piece) {
                Some(text) => bytes.extend_from_slice(text.as_bytes()),
                None => bytes.push(0xff),
            }
        }
        let rules = Rules::reference();
        let mut out = Vec::new();
        // A line past the limit ends the reading, the report finished all the same.
        if let Ok(summary) =
            write_verification(&bytes[..], &mut out, &rules, &Page::new(Format::Json, Lang::Fr), 64)
        {
            proptest::prop_assert_eq!(
                summary.coups(),
                summary.agreeing() + summary.disagreeing_total()
            );
        }
        proptest::prop_assert!(serde_json::from_slice::<serde_json::Value>(&out).is_ok());
        let _ = Observed::read_from(&bytes[..], &DrawingRules::reference(), 64, 256);
    }
}

#[test]
fn counts_with_nothing_to_test_are_an_error_never_a_pass() {
    use punto_banco::render::{Format, Page, oracle::render_fit};
    let rules = DrawingRules::reference();
    let shoe = Shoe::reference();
    let fit = |text: &str| fit::fit(&shoe, &rules, &Observed::from_counts(text).unwrap());
    assert_eq!(
        fit(r#"{"outcomes":{"punto":0,"banco":0,"tie":0}}"#)
            .unwrap_err()
            .to_string(),
        "outcomes: no coup counted: nothing to test"
    );
    // Two coups: every cell expected fewer than 5 times, pooled into one, which holds them all.
    assert_eq!(
        fit(r#"{"outcomes":{"punto":1,"banco":1,"tie":0}}"#)
            .unwrap_err()
            .to_string(),
        "outcomes: 2 coups leave no degree of freedom once the cells expected fewer than 5 times are pooled: nothing to test"
    );
    // An untested grouping beside a tested one: no verdict of its own, no NaN, no −0.
    let row = "[160,40,40,40,40,40,40,40,40,40]";
    let fits = fit(&format!(
        r#"{{"outcomes":{{"punto":0,"banco":0,"tie":0}},"positions":[{row}]}}"#
    ))
    .unwrap();
    let text = render_fit(
        &fits,
        0.01,
        10,
        &Page::new(Format::Text, punto_banco::lang::Lang::En),
    );
    assert!(!text.contains("NaN") && !text.contains("−0.00"), "{text}");
    assert!(
        text.contains(
            "Outcomes: 0 coups, χ² = 0.00 with 0 degrees of freedom: too few coups to test"
        ),
        "{text}"
    );
    assert!(
        text.contains("shared among 1 grouping (Bonferroni"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&render_fit(
        &fits,
        0.01,
        10,
        &Page::new(Format::Json, punto_banco::lang::Lang::En),
    ))
    .unwrap();
    let outcomes = &json["groupings"][0];
    assert_eq!(outcomes["grouping"], "outcomes");
    assert_eq!(outcomes["consistent"], serde_json::Value::Null);
    assert_eq!(outcomes["p_value"], serde_json::Value::Null);
    assert_eq!(outcomes["chi_square"].to_string(), "0.0");
    assert_eq!(json["consistent"], true);
}

#[test]
fn cards_are_dealt_whatever_makes_the_claims_malformed() {
    let second_ace = "A♠ is dealt a 2nd time since the shoe of line 1, which holds 1";
    for first in [
        // A claim given twice.
        r#"{"cards":["AS","2S","3C","4D","6S"],"winner":"banco","winner":"banco"}"#,
        // Cards and a shoe on one line.
        r#"{"cards":["AS","2S","3C","4D","6S"],"winner":"banco","shoe":{"decks":1}}"#,
        // A claim that cannot be parsed, after the cards.
        r#"{"cards":["AS","2S","3C","4D","6S"],"winner":banco}"#,
        r#"{"cards":["AS","2S","3C","4D","6S"],"winner":"banco","net":{"banco":1e400}}"#,
        r#"{"cards":["AS","2S","3C","4D","6S"],"winner":"banco"} trailing"#,
    ] {
        let log = format!(
            "{{\"shoe\":{{\"decks\":1}}}}\n{first}\n{{\"cards\":[\"AS\",\"3S\",\"3D\",\"5C\",\"6H\"],\"winner\":\"punto\"}}\n"
        );
        let (summary, found) = findings(&log);
        assert_eq!(summary.malformed(), 1, "{first}");
        assert_eq!(found.len(), 2, "{first}: {found:?}");
        assert_eq!(
            found[1],
            (3, Kind::ImpossibleCard, second_ace.to_string()),
            "{first}"
        );
    }
    let (_, found) = findings(
        "{\"cards\":[\"AS\",\"2S\",\"3C\",\"4D\",\"6S\"],\"winner\":\"banco\",\"winner\":\"banco\"}\n",
    );
    assert_eq!(
        found[0].2,
        "`winner` is given twice: a coup line states each claim once"
    );
    // Cards given twice: which were dealt cannot be told, so neither is.
    let (_, found) = findings(
        "{\"shoe\":{\"decks\":1}}\n{\"cards\":[\"AS\",\"2S\",\"3C\",\"4D\"],\"cards\":[\"AS\",\"2S\",\"3C\",\"4D\"],\"winner\":\"banco\"}\n{\"cards\":[\"AS\",\"3S\",\"3D\",\"5C\",\"6H\"],\"winner\":\"punto\"}\n",
    );
    assert!(
        found.iter().all(|f| f.1 != Kind::ImpossibleCard),
        "{found:?}"
    );
}

#[test]
fn a_log_read_only_in_part_is_said_so() {
    use punto_banco::lang::Lang;
    use punto_banco::render::oracle::write_verification;
    use punto_banco::render::{Format, Page};
    let rules = Rules::reference();
    let mut log = format!("{{{WORKED}}}\n{{\"cards\": [\"4H\"], \"winner\": \"punto\"}}\n");
    log.push_str(&format!(
        "{{{WORKED}, \"round\": \"{}\"}}\n",
        "x".repeat(300)
    ));
    log.push_str(&format!("{{{WORKED}}}\n"));
    let mut out = Vec::new();
    assert!(
        write_verification(
            log.as_bytes(),
            &mut out,
            &rules,
            &Page::new(Format::Json, Lang::En),
            256
        )
        .is_err()
    );
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["summary"]["verdict"], "stopped");
    assert_eq!(json["summary"]["all_agree"], false);
    for (lang, said) in [
        (
            Lang::En,
            "Read only up to line 3: it is too long, and the lines after it were not read\n",
        ),
        (
            Lang::Fr,
            "Lu seulement jusqu’à la ligne 3\u{a0}: elle est trop longue, et les lignes suivantes n’ont pas été lues\n",
        ),
    ] {
        let mut out = Vec::new();
        let _ = write_verification(
            log.as_bytes(),
            &mut out,
            &rules,
            &Page::new(Format::Text, lang),
            256,
        );
        assert!(String::from_utf8(out).unwrap().ends_with(said));
    }
}

#[test]
fn messages_name_the_field_and_quote_the_value_as_written() {
    let (_, found) = findings(&format!(
        "{{{WORKED}, \"net\": {{\"banco\": 18446744073709551616}}}}\n\
         {{{WORKED}, \"punto_total\": 3.0}}\n\
         {{{WORKED}, \"net\": {{\"banco\": 1e400}}}}\n\
         {{{WORKED}, \"stake\": 1.5e3}}\n"
    ));
    let texts: Vec<&str> = found.iter().map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(
        texts[0],
        "the engine nets `18446744073709551616` on Banco; the rules net 0.95"
    );
    assert_eq!(
        texts[1],
        "punto_total is 3.0: expected a whole number from 0 to 9"
    );
    assert!(
        texts[2].starts_with("column ") && texts[2].contains(": net.banco: number out of range"),
        "{}",
        texts[2]
    );
    assert!(texts[3].starts_with("stake is 1.5e3: "), "{}", texts[3]);

    let rules = DrawingRules::reference();
    let error = |text: &str| Observed::read(text, &rules).unwrap_err().to_string();
    for (text, said) in [
        (
            r#"{"outcomes":{"punto":3.5,"banco":1,"tie":1}}"#,
            "line 1, column 24: outcomes.punto: invalid type: floating point `3.5`, expected u64",
        ),
        (
            r#"{"outcomes":{"punto":-1,"banco":1,"tie":1}}"#,
            "line 1, column 23: outcomes.punto: invalid value: integer `-1`, expected u64",
        ),
        (
            r#"{"outcomes":{"punto":1,"banco":1}}"#,
            "line 1, column 33: outcomes: missing field `tie`",
        ),
        (
            "{\"positions\": [[1,1,1,1,1,1,1,1,1,1],\n [1,1,1,1,1,1,1,1,1]]}",
            "line 2, column 20: positions[1]: invalid length 9, expected an array of length 10",
        ),
        (
            r#"{"final_states":[{"punto_total":10,"banco_total":0,"punto_cards":2,"banco_cards":2,"count":1}]}"#,
            "final_states[0].punto_total is 10: expected 0 to 9",
        ),
        (
            r#"{"openings":[{"punto_total":1,"banco_total":2,"count":1},{"punto_total":1,"banco_total":2,"count":4}]}"#,
            "openings[1] repeats the cell of openings[0]: give each cell once",
        ),
    ] {
        assert_eq!(error(text), said, "{text}");
    }
    // A log line that does not parse: its position said once.
    let log = format!(
        "{{{WORKED}}}\n{{\"cards\": [\"4H\", \"2S\", \"9C\", \"AD\"], \"winner\": \"banco\"\n"
    );
    let said = error(&log);
    assert!(
        said.starts_with("line 2: column ") && !said.contains(" at line "),
        "{said}"
    );
}

/// The typed entry and the JSON entry are one verification: the same coups, stated once as
/// values and once as log lines, give the same findings and the same counts.
#[test]
fn typed_and_json_entries_agree() {
    use num_rational::Ratio;
    use punto_banco::card::parse_cards;
    use punto_banco::oracle::verify::{Claims, Net};
    use punto_banco::outcome::Hand;
    let rules = Rules::reference();
    let cards = |text: &str| parse_cards(text).unwrap();
    let coups: Vec<(Vec<Card>, Claims, &str)> = vec![
        // Punto 6, Banco 7, no draw: agrees, nets exact, as a float and whole.
        (
            cards("4H 2S 2C 5D"),
            Claims {
                punto_total: Some(6),
                banco_total: Some(7),
                punto_draws: Some(false),
                banco_draws: Some(false),
                natural: Some(false),
                ..Claims::winner(Winner::Banco)
            }
            .net("banco", Net::Exact(Ratio::new(19, 20)))
            .net("punto", Net::Integer(-1))
            .net("tie", Net::Float(-1.0)),
            r#"{"cards": ["4H", "2S", "2C", "5D"], "winner": "banco", "punto_total": 6, "banco_total": 7, "punto_draws": false, "banco_draws": false, "natural": false, "net": {"banco": "19/20", "punto": -1, "tie": -1.0}}"#,
        ),
        // A wrong winner.
        (
            cards("4H 2S 2C 5D"),
            Claims::winner(Winner::Punto),
            r#"{"cards": ["4H", "2S", "2C", "5D"], "winner": "punto"}"#,
        ),
        // A wrong net on a stake of 10.
        (
            cards("9H 9S KC KD"),
            Claims {
                stake: Some(10),
                ..Claims::winner(Winner::Tie)
            }
            .net("tie", Net::Integer(90)),
            r#"{"cards": ["9H", "9S", "KC", "KD"], "winner": "tie", "stake": 10, "net": {"tie": 90}}"#,
        ),
        // Banco drew against the rules: one card too many.
        (
            cards("4H 2S 2C 5D 8C"),
            Claims::winner(Winner::Banco),
            r#"{"cards": ["4H", "2S", "2C", "5D", "8C"], "winner": "banco"}"#,
        ),
        // A missing third card.
        (
            cards("4H 2S 9C 5D"),
            Claims::winner(Winner::Banco),
            r#"{"cards": ["4H", "2S", "9C", "5D"], "winner": "banco"}"#,
        ),
        // A wrong natural flag and a bet the rules lack.
        (
            cards("8H 2S KC 5D"),
            Claims {
                natural: Some(false),
                ..Claims::winner(Winner::Punto)
            },
            r#"{"cards": ["8H", "2S", "KC", "5D"], "winner": "punto", "natural": false}"#,
        ),
        (
            cards("8H 2S KC 5D"),
            Claims::winner(Winner::Punto).net("dragon", Net::Integer(1)),
            r#"{"cards": ["8H", "2S", "KC", "5D"], "winner": "punto", "net": {"dragon": 1}}"#,
        ),
    ];
    let mut typed = Verifier::new(&rules);
    let mut json = Verifier::new(&rules);
    let mut disagreeing = 0;
    for (i, (cards, claims, line)) in coups.iter().enumerate() {
        let from_values = typed.coup(i + 1, cards, claims);
        let from_text = json.line(i + 1, line);
        assert_eq!(from_values, from_text, "coup {}", i + 1);
        disagreeing += usize::from(from_values.is_some());
    }
    assert_eq!(typed.summary(), json.summary());
    assert_eq!(typed.summary().agreeing(), 1);
    assert_eq!(disagreeing, coups.len() - 1);
    // The second coup's finding, as a value.
    assert_eq!(
        Verifier::new(&rules)
            .coup(1, &coups[1].0, &coups[1].1)
            .map(|d| d.finding),
        Some(Finding::WrongWinner {
            engine: Winner::Punto,
            rules: Winner::Banco,
        })
    );
    // A wrong total, and a claim no line can state (a total of 12) is malformed as the
    // line's would be.
    let mut verifier = Verifier::new(&rules);
    let wrong_total = Claims {
        punto_total: Some(5),
        ..Claims::winner(Winner::Banco)
    };
    assert_eq!(
        verifier
            .coup(1, &coups[0].0, &wrong_total)
            .map(|d| d.finding),
        Some(Finding::WrongTotal {
            hand: Hand::Punto,
            engine: 5,
            rules: 6,
        })
    );
    let impossible = Claims {
        banco_total: Some(12),
        ..Claims::winner(Winner::Banco)
    };
    let found = verifier.coup(2, &coups[0].0, &impossible).unwrap();
    assert_eq!(found.finding.kind(), Kind::Malformed);
    assert_eq!(
        finding_sentence(&found.finding, &rules, punto_banco::lang::Lang::En),
        "banco_total is 12: expected a whole number from 0 to 9"
    );
    assert_eq!(verifier.summary().malformed(), 1);
}

/// A net logged as a string is quoted as logged, whichever entry it came through: the JSON
/// entry keeps the text, the typed entry shows the value.
#[test]
fn a_wrong_string_net_is_quoted_as_logged() {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    let found = verifier
        .line(
            1,
            r#"{"cards": ["4H", "2S", "2C", "5D"], "winner": "banco", "net": {"banco": "0.90"}}"#,
        )
        .unwrap();
    assert_eq!(
        finding_sentence(&found.finding, &rules, punto_banco::lang::Lang::En),
        "the engine nets `0.90` on Banco; the rules net 0.95"
    );
}

/// Real Markdown: headings, pipe tables with a delimiter row, and none of the text report's
/// box drawing.
fn assert_real_markdown(markdown: &str) {
    for drawing in ['─', '│', '┌'] {
        assert!(!markdown.contains(drawing), "{drawing} in:\n{markdown}");
    }
    assert!(markdown.starts_with("## "), "{markdown}");
    let delimiter = |line: &str| {
        line.starts_with("| ")
            && line.contains("---")
            && line.chars().all(|c| matches!(c, '|' | ':' | '-' | ' '))
    };
    let lines: Vec<&str> = markdown.lines().collect();
    let tables = lines.iter().filter(|line| delimiter(line)).count();
    assert!(tables > 0, "no pipe table in:\n{markdown}");
    // Every delimiter row follows a header row of as many cells, and a table is all pipes.
    for (i, line) in lines.iter().enumerate().filter(|(_, line)| delimiter(line)) {
        let header = lines[i - 1];
        assert!(
            header.starts_with("| ") && header.ends_with(" |"),
            "{header}"
        );
        assert_eq!(header.matches(" | ").count(), line.matches(" | ").count());
    }
}

#[test]
fn verify_writes_real_markdown() {
    use punto_banco::render::oracle::write_verification;
    use punto_banco::render::{Format, Page};
    let log = "{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"punto\"}\n\
               {\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\"}\n\
               not json\n";
    let rules = Rules::reference();
    for lang in punto_banco::lang::Lang::ALL {
        let mut out = Vec::new();
        let summary = write_verification(
            log.as_bytes(),
            &mut out,
            &rules,
            &Page::new(Format::Markdown, lang),
            1 << 20,
        )
        .unwrap();
        let markdown = String::from_utf8(out).unwrap();
        assert_real_markdown(&markdown);
        assert_eq!((summary.coups(), summary.malformed()), (2, 1));
        // The discrepancies are a list under their heading, the summary a table.
        let items: Vec<&str> = markdown.lines().filter(|l| l.starts_with("- ")).collect();
        assert_eq!(items.len(), 2, "{markdown}");
        assert!(
            items[0].contains(lang.pick("line 1", "ligne 1")),
            "{markdown}"
        );
        assert_eq!(markdown.matches("\n## ").count(), 1, "{markdown}");
    }
    // A log that agrees has no discrepancies heading, only the summary.
    let mut out = Vec::new();
    write_verification(
        &b"{\"cards\": [\"4H\", \"2S\", \"2C\", \"5D\"], \"winner\": \"banco\"}\n"[..],
        &mut out,
        &rules,
        &Page::new(Format::Markdown, punto_banco::lang::Lang::En),
        1 << 20,
    )
    .unwrap();
    let markdown = String::from_utf8(out).unwrap();
    assert_real_markdown(&markdown);
    assert!(markdown.starts_with("## Summary\n\n| "), "{markdown}");
}

#[test]
fn fit_writes_real_markdown() {
    use punto_banco::render::oracle::render_fit;
    use punto_banco::render::{Format, Page};
    let fits = fit_passes(&Engine::default().log(5, 30));
    for lang in punto_banco::lang::Lang::ALL {
        let markdown = render_fit(&fits, 0.01, 3, &Page::new(Format::Markdown, lang));
        assert_real_markdown(&markdown);
        let headings = markdown.lines().filter(|l| l.starts_with("## ")).count();
        assert_eq!(headings, fits.len(), "{markdown}");
        // The text report keeps its aligned columns.
        let text = render_fit(&fits, 0.01, 3, &Page::new(Format::Text, lang));
        assert!(text.contains('─') && !text.contains("| "), "{text}");
    }
}

/// `verify` settles the bets of the card language as it settles the main bets: an engine's
/// claimed net on Perfect Pair (identical cards, a schema-2 bet) or on Dragon Bonus is held to
/// the rule set's terms, coup by coup.
#[test]
fn an_engines_nets_on_card_bets_are_checked() {
    let json = r#"{
      "schema": 2, "name": "perfect-pair-and-dragon",
      "drawing": {"naturals": [8, 9], "punto": {"draws": [0, 1, 2, 3, 4, 5], "stands": [6, 7]},
        "banco": {"0": "D D D D D D D D D D  D", "1": "D D D D D D D D D D  D",
                  "2": "D D D D D D D D D D  D", "3": "D D D D D D D D S D  D",
                  "4": "S S D D D D D D S S  D", "5": "S S S S D D D D S S  D",
                  "6": "S S S S S S D D S S  S", "7": "S S S S S S S S S S  S"}},
      "bets": {
        "punto": [{"winner": "punto", "pays": 1}, {"winner": "tie", "pays": 0}],
        "banco": [{"winner": "banco", "pays": 1, "commission": "5%"}, {"winner": "tie", "pays": 0}],
        "tie": [{"winner": "tie", "pays": 8}],
        "perfect_pair": [
          {"punto": {"first_two": {"same": "card"}}, "banco": {"first_two": {"same": "card"}}, "pays": 250},
          {"any": [{"punto": {"first_two": {"same": "card"}}}, {"banco": {"first_two": {"same": "card"}}}], "pays": 25}
        ],
        "dragon_bonus_punto": [
          {"winner": "punto", "natural": true, "pays": 1},
          {"winner": "tie", "natural": true, "pays": 0},
          {"winner": "punto", "natural": false, "margin": 9, "pays": 30},
          {"winner": "punto", "natural": false, "margin": [4, 5, 6, 7, 8], "pays": 1}
        ]
      }
    }"#;
    let set = punto_banco::variants::RuleSet::from_json(json).unwrap();
    let mut verifier = Verifier::new(set.rules());
    // Punto 7♥ 7♥ (identical: a perfect pair), Banco 2♠ K♦; Punto 4 draws, Banco 2 draws.
    let coup = r#""cards": ["7H", "2S", "7H", "KD", "5C", "9D"], "winner": "punto""#;
    let lines = [
        r#"{"shoe": {"decks": 8}}"#.to_string(),
        format!(r#"{{{coup}, "net": {{"perfect_pair": 25}}}}"#),
        format!(r#"{{{coup}, "net": {{"perfect_pair": -1}}}}"#),
        // Punto 7 7 → 4, draws 5 → 9; Banco 2 K → 2, draws 9 → 1: Punto wins by 8, not natural.
        format!(r#"{{{coup}, "net": {{"dragon_bonus_punto": 1}}}}"#),
        format!(r#"{{{coup}, "net": {{"dragon_bonus_punto": 10}}}}"#),
    ];
    let found: Vec<(usize, Finding)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| verifier.line(i + 1, line))
        .map(|d| (d.line, d.finding))
        .collect();
    let wrong: Vec<usize> = found.iter().map(|(line, _)| *line).collect();
    assert_eq!(wrong, [3, 5], "{found:?}");
    let sentence = finding_sentence(&found[0].1, set.rules(), punto_banco::lang::Lang::En);
    assert!(
        sentence.contains("`-1`") && sentence.contains("25"),
        "{sentence}"
    );
}

/// A shoe line may give the shoe as 52 card counts: then each exact card is held to its own
/// count, and a list of the wrong length is a malformed line that names what is accepted.
#[test]
fn a_card_level_shoe_line_counts_each_exact_card() {
    let rules = Rules::reference();
    let mut verifier = Verifier::new(&rules);
    // One of every card except 7♥ (index 4·6 + 1), of which there is none.
    let mut counts = vec![1u64; 52];
    counts[25] = 0;
    let shoe = format!(r#"{{"shoe": {{"card_counts": {counts:?}}}}}"#);
    let coup = r#"{"cards": ["7H", "2S", "7S", "KD", "5C", "9D"], "winner": "punto"}"#;
    let short = r#"{"shoe": {"card_counts": [1, 2, 3]}}"#;
    let found: Vec<(usize, Finding)> = [shoe.as_str(), coup, short]
        .iter()
        .enumerate()
        .filter_map(|(i, line)| verifier.line(i + 1, line))
        .map(|d| (d.line, d.finding))
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    match &found[0] {
        (2, Finding::ImpossibleCard { card, held: 0, .. }) => assert_eq!(card.to_string(), "7♥"),
        other => panic!("{other:?}"),
    }
    let sentence = finding_sentence(&found[1].1, &rules, punto_banco::lang::Lang::En);
    assert!(
        sentence.contains("52") && sentence.contains("card_counts"),
        "{sentence}"
    );
}
