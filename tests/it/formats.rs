//! CSV and SVG through the binary: every report with a table parsed back with the `csv`
//! crate (one header, one record width, every exact fraction the nearest double of its
//! decimal and the JSON's own), the formats each command refuses, and the charts in both
//! languages, those of docs/images among them.

use num_bigint::BigInt;
use num_rational::BigRational;
use punto_banco::render::approx;
use serde_json::Value;
use std::collections::HashSet;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    crate::run_with_input(args, "")
}

/// The standard output of a command that must succeed (exit 0, or 1 for a check that
/// fails on purpose).
fn stdout(args: &[&str]) -> String {
    let output = run(args);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A CSV parsed with the `csv` crate, which refuses records of another width than the
/// header's: the header and the records.
fn parse(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let records: Vec<Vec<String>> = reader
        .records()
        .map(|r| {
            r.unwrap_or_else(|e| panic!("{e}"))
                .iter()
                .map(str::to_string)
                .collect()
        })
        .collect();
    (header, records)
}

/// A reduced fraction `n/d` (or a whole number) as a rational; `None` for anything else.
fn rational(text: &str) -> Option<BigRational> {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (n, d): (BigInt, BigInt) = (n.parse().ok()?, d.parse().ok()?);
    (d > BigInt::from(0)).then(|| BigRational::new(n, d))
}

/// Every exact value a JSON document carries: each string that reads as a fraction or a
/// whole number.
fn exact_values(value: &Value, into: &mut HashSet<BigRational>) {
    match value {
        Value::String(s) => {
            if let Some(r) = rational(s) {
                into.insert(r);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| exact_values(v, into)),
        Value::Object(map) => map.values().for_each(|v| exact_values(v, into)),
        _ => {}
    }
}

/// Each command of the CSV table in docs/en/input-output.md with the header it documents.
fn documented_tables() -> Vec<(Vec<String>, String)> {
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/en/input-output.md"),
    )
    .unwrap();
    page.lines()
        .filter_map(|line| line.strip_prefix("| `punto-banco "))
        .map(|rest| {
            let (command, header) = rest.split_once("` | `").unwrap();
            let header = header.trim_end_matches(" |").trim_end_matches('`');
            (
                command.split_whitespace().map(str::to_string).collect(),
                header.to_string(),
            )
        })
        .collect()
}

/// The conventions every CSV keeps: the header, one width (checked by the reader), and each
/// `X_exact` column right after its `X`, the decimal the nearest double of the fraction.
fn check_csv(args: &[&str], text: &str, header: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let (names, records) = parse(text);
    assert_eq!(names.join(","), header, "{args:?}: the header");
    assert!(!records.is_empty(), "{args:?}: no record");
    for (column, name) in names.iter().enumerate() {
        let Some(decimal_name) = name.strip_suffix("_exact") else {
            continue;
        };
        assert_eq!(
            names[column - 1],
            decimal_name,
            "{args:?}: {name} follows its decimal"
        );
        for record in &records {
            let (decimal, exact) = (&record[column - 1], &record[column]);
            assert_eq!(decimal.is_empty(), exact.is_empty(), "{args:?}: {name}");
            if exact.is_empty() {
                continue;
            }
            assert!(exact.contains('/'), "{args:?}: {name} is n/d: {exact}");
            let value = rational(exact).unwrap_or_else(|| panic!("{args:?}: {name} {exact}"));
            assert_eq!(
                BigRational::new(value.numer().clone(), value.denom().clone()),
                value,
                "{args:?}: {name} reduced"
            );
            assert!(!decimal.contains(['e', 'E']), "{args:?}: {decimal}");
            assert_eq!(
                decimal.parse::<f64>().unwrap(),
                approx(&value),
                "{args:?}: {name}: {decimal} is the nearest double of {exact}"
            );
        }
    }
    (names, records)
}

#[test]
fn every_documented_csv_parses_back_with_its_header() {
    let tables = documented_tables();
    assert!(tables.len() >= 19, "{} tables documented", tables.len());
    for (command, header) in &tables {
        let args: Vec<&str> = command.iter().map(String::as_str).collect();
        let text = stdout(&args);
        check_csv(&args, &text, header);
        // The same bytes whatever --lang says.
        let mut french = args.clone();
        french.extend(["--lang", "fr"]);
        assert_eq!(stdout(&french), text, "{args:?} in French");
    }
}

/// The exact columns of a command's CSV are the exact values of its JSON.
#[test]
fn csv_fractions_are_the_json_exact_values() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["eor"], &[]),
        (&["eor", "-d", "1", "--by", "card"], &[]),
        (&["decisions", "-d", "2"], &[]),
        (
            &["session-odds", "--deals", "3", "--table", "head-to-head"],
            &[],
        ),
        (
            &["session-odds", "--deals", "3", "--table", "distribution"],
            &[],
        ),
        // A long session's JSON carries the chances above, at and below zero.
        (&["session-odds", "--deals", "31"], &[]),
        (
            &["session-odds", "--deals", "4", "--players", "punto,tie"],
            &[
                // The sum of two exact values the JSON carries, not one of them.
                "finishes_first_exact",
            ],
        ),
        (&["check", "data/claims/004-banque.tsv"], &[]),
        (
            &["check", "data/claims/004-banque.tsv", "--table", "drawing"],
            &[],
        ),
        (
            &[
                "check",
                "data/variants/ez-baccarat.json",
                "--table",
                "tariff",
            ],
            &[],
        ),
        (
            &[
                "check",
                "data/variants/ez-baccarat.json",
                "--table",
                "claims",
            ],
            &[],
        ),
        (&["audit", "docs/examples/lab/audit-fair.jsonl"], &[]),
    ];
    for (args, derived) in cases {
        // The JSON is the whole report: `--table` only chooses among the CSV's tables.
        let mut json_args = Vec::new();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            if *word == "--table" {
                words.next();
            } else {
                json_args.push(*word);
            }
        }
        let mut json = json_args.clone();
        json.extend(["-f", "json"]);
        let document: Value = serde_json::from_str(&stdout(&json)).unwrap();
        let mut known = HashSet::new();
        exact_values(&document, &mut known);
        let mut csv_args = args.to_vec();
        csv_args.extend(["-f", "csv"]);
        let (names, records) = parse(&stdout(&csv_args));
        let mut checked = 0;
        for (column, name) in names.iter().enumerate() {
            if !name.ends_with("_exact") || derived.contains(&name.as_str()) {
                continue;
            }
            for record in &records {
                if let Some(value) = rational(&record[column]) {
                    assert!(
                        known.contains(&value),
                        "{args:?}: {name} = {} is not among the JSON's exact values",
                        record[column]
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "{args:?}: no exact value checked");
    }
}

/// shoe-sim's JSON has decimals only: its CSV is held to the exact figures the library
/// computes, and the cards-left bands to the totals.
#[test]
fn shoe_sim_csv_is_the_simulation_exactly() {
    use punto_banco::depletion::{SimulationSetup, try_simulate};
    use punto_banco::rules::Rules;
    use punto_banco::rules::dealing::Procedure;
    let setup = SimulationSetup {
        shoes: 40,
        seed: 3,
        n_decks: 2,
        cut: 0,
        burn: Procedure::REFERENCE.burn,
        coups_after_cut: 0,
        rules: "reference".into(),
    }
    .with_procedure(&Procedure::REFERENCE);
    let sim = try_simulate(&setup, &Rules::reference(), &|_| {}).unwrap();
    let args = [
        "shoe-sim", "--shoes", "40", "--seed", "3", "-d", "2", "-f", "csv",
    ];
    let (names, records) = parse(&stdout(&args));
    let at = |name: &str| names.iter().position(|n| n == name).unwrap();
    for (bet, record) in records.iter().enumerate() {
        assert_eq!(record[at("bet")], sim.bets()[bet]);
        assert_eq!(
            rational(&record[at("average_advantage_exact")]).unwrap(),
            sim.exact_average_advantage(bet)
        );
        assert_eq!(
            rational(&record[at("gain_per_shoe_exact")]).unwrap(),
            sim.exact_gain_per_shoe(bet)
        );
        assert_eq!(
            rational(&record[at("share_of_coups_exact")]).unwrap(),
            BigRational::new(sim.records()[bet].favourable().into(), sim.coups().into())
        );
    }
    let mut by_band = args.to_vec();
    by_band.extend(["--table", "cards-left"]);
    let (names, records) = parse(&stdout(&by_band));
    let at = |name: &str| names.iter().position(|n| n == name).unwrap();
    let bets = sim.bets().len();
    assert_eq!(records.len(), sim.profile().bands().len() * bets);
    // Each bet's favourable coups, and the coups of every band, add up to the run's.
    let mut coups = 0u64;
    for (index, record) in records.iter().enumerate() {
        if index % bets == 0 {
            coups += record[at("coups")].parse::<u64>().unwrap();
        }
    }
    assert_eq!(coups, sim.coups());
    for bet in 0..bets {
        let favourable: u64 = records
            .iter()
            .skip(bet)
            .step_by(bets)
            .map(|r| r[at("favourable_coups")].parse::<u64>().unwrap())
            .sum();
        assert_eq!(favourable, sim.records()[bet].favourable());
        // The advantage summed over the bands, from each band's average, is the run's.
        let sum: BigRational = records
            .iter()
            .skip(bet)
            .step_by(bets)
            .map(|r| {
                rational(&r[at("average_advantage_exact")]).unwrap()
                    * BigRational::from_integer(
                        r[at("favourable_coups")].parse::<u64>().unwrap().into(),
                    )
            })
            .sum();
        assert_eq!(&sum, sim.records()[bet].advantage());
    }
    // A merge of shards gives the same table, byte for byte.
    let folder = tempfile::tempdir().unwrap();
    let mut parts = Vec::new();
    for k in 1..=3 {
        let path = folder.path().join(format!("part-{k}.json"));
        let path = path.to_str().unwrap().to_string();
        let shard = format!("{k}/3");
        let mut shard_args = args[..7].to_vec();
        shard_args.extend(["--shard", &shard, "--partial", "-o", &path]);
        stdout(&shard_args);
        parts.push(path);
    }
    let mut merge = vec!["shoe-sim", "merge"];
    merge.extend(parts.iter().map(String::as_str));
    merge.extend(["-f", "csv", "--table", "cards-left"]);
    assert_eq!(stdout(&merge), stdout(&by_band));
}

/// The CSVs written by hand (`analyze`, `vectors`) read back with the `csv` crate as well.
#[test]
fn the_older_csvs_parse_back_too() {
    for args in [
        &["analyze", "-f", "csv"][..],
        &[
            "analyze",
            "-d",
            "6",
            "-f",
            "csv",
            "--fields",
            "outcomes,bets",
        ],
        &[
            "analyze",
            "--batch",
            "docs/examples/batch/shoes.jsonl",
            "-f",
            "csv",
        ],
        &["vectors", "-d", "1", "-f", "csv"],
    ] {
        let (header, records) = parse(&stdout(args));
        assert!(header.len() > 1 && !records.is_empty(), "{args:?}");
    }
}

#[test]
fn a_command_without_a_table_refuses_csv_and_names_what_it_accepts() {
    for args in [
        &["deal", "4H", "2S", "9C", "AD", "-f", "csv"][..],
        &["chemin", "-f", "csv"],
        &["banque", "-f", "csv"],
        &["verify", "docs/examples/oracle/good.jsonl", "-f", "csv"],
        &["rules", "-f", "svg"],
        &["audit", "docs/examples/lab/audit-fair.jsonl", "-f", "svg"],
        &["check", "data/claims/004-banque.tsv", "-f", "svg"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert_eq!(error.lines().count(), 1, "{args:?}: {error}");
        assert!(
            error.contains("expected one of text, markdown, json"),
            "{args:?}: {error}"
        );
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    // `--help` lists only what the command accepts.
    let help = |command: &str| String::from_utf8(run(&[command, "--help"]).stdout).unwrap();
    assert!(!help("deal").contains("csv"));
    assert!(help("audit").contains("csv") && !help("audit").contains("svg"));
    assert!(help("eor").contains("csv") && help("eor").contains("svg"));
}

#[test]
fn table_choices_are_refused_where_they_mean_nothing() {
    for (args, said) in [
        (
            &["session-odds", "--table", "head-to-head"][..],
            "--table chooses the table a CSV holds: add --format csv",
        ),
        (
            &[
                "check",
                "data/claims/004-banque.tsv",
                "-f",
                "json",
                "--table",
                "claims",
            ],
            "--table chooses the table a CSV holds",
        ),
        (
            &[
                "session-odds",
                "--deals",
                "31",
                "-f",
                "csv",
                "--table",
                "distribution",
            ],
            "whole distributions are computed for sessions of up to 30 deals, and this one has 31",
        ),
        (
            &["session-odds", "--players", "punto,banco", "-f", "svg"],
            "with --players, choose text, markdown, json or csv",
        ),
        (
            &[
                "shoe-sim", "--shoes", "2", "--table", "nothing", "-f", "csv",
            ],
            "nothing",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert_eq!(error.lines().count(), 1, "{args:?}: {error}");
        assert!(error.contains(said), "{args:?}: {error}");
    }
}

/// An SVG document with its title, in the language asked for.
fn chart(args: &[&str], title: &str) -> String {
    let svg = stdout(args);
    assert!(svg.starts_with("<svg "), "{args:?}");
    assert!(svg.trim_end().ends_with("</svg>"), "{args:?}");
    assert!(svg.contains(title), "{args:?}: no title {title:?}");
    assert!(
        svg.matches("<text").count() > 20,
        "{args:?}: too few labels"
    );
    svg
}

#[test]
fn the_four_charts_in_both_languages() {
    let cases: [(&[&str], &str, &str); 5] = [
        (
            &["session-odds"],
            "Final score after 10 deals",
            "Score final après 10 donnes",
        ),
        (
            &["session-odds", "--deals", "40"],
            "Where each strategy finishes after 40 deals",
            "Où finit chaque stratégie après 40 donnes",
        ),
        (
            &["eor"],
            "when one card of a rank is removed",
            "quand une carte d’un rang est retirée",
        ),
        (
            &["shoe-sim", "--shoes", "30"],
            "When each bet turns favourable",
            "Quand chaque pari devient favorable",
        ),
        (
            &["decisions"],
            "The value of drawing rather than standing",
            "à chaque décision de Banco",
        ),
    ];
    for (args, english, french) in cases {
        let mut en = args.to_vec();
        en.extend(["-f", "svg"]);
        let svg = chart(&en, english);
        // Axes with units, and a legend or a caption naming the series.
        assert!(svg.contains("Punto") && svg.contains("Banco"), "{args:?}");
        let mut fr = en.clone();
        fr.extend(["-l", "fr"]);
        let svg = chart(&fr, french);
        assert!(!svg.contains(english), "{args:?}");
        // French numbers: a decimal comma, a narrow no-break space before %, the true minus.
        let labels: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| t.split_once('>').map(|(_, rest)| rest))
            .map(|rest| rest.split('<').next().unwrap_or_default().trim())
            .collect();
        assert!(
            labels.iter().any(|l| l.contains(',')) || labels.iter().all(|l| !l.contains('.')),
            "{args:?}: {labels:?}"
        );
        let decimal_point = |l: &str| {
            let c: Vec<char> = l.chars().collect();
            c.windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit())
        };
        assert!(
            !labels.iter().any(|l| decimal_point(l)),
            "{args:?}: a decimal point in French: {labels:?}"
        );
        assert!(
            !labels.iter().any(|l| l.contains("-0") || l.contains("-1")),
            "{args:?}"
        );
        if args[0] != "decisions" {
            assert!(
                labels.iter().any(|l| l.contains("\u{202f}%")),
                "{args:?}: no French percent"
            );
        }
    }
}

/// The images of docs/ are what the commands draw.
#[test]
fn the_docs_images_are_the_commands_charts() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images");
    for (args, file) in [
        (&["session-odds", "-f", "svg"][..], "session-odds.svg"),
        (&["eor", "-f", "svg", "-l", "fr"], "eor-fr.svg"),
        (&["decisions", "-f", "svg"], "decisions.svg"),
        (
            &["shoe-sim", "--shoes", "1000", "-f", "svg", "-l", "fr"],
            "shoe-sim-fr.svg",
        ),
    ] {
        let committed = std::fs::read_to_string(folder.join(file)).unwrap();
        assert!(
            stdout(args) == committed,
            "docs/images/{file} is not what {args:?} draws; run `cargo run --release --features docs-tool -- docs --write`"
        );
    }
}

/// A few CSVs as snapshots, to read with the eyes.
#[test]
fn csv_snapshots() {
    use punto_banco::render::csv::{OddsTable, eor_sheet, odds_sheet};
    use punto_banco::rules::Rules;
    use punto_banco::shoe::Shoe;
    let (shoe, rules) = (Shoe::reference(), Rules::reference());
    let eor = punto_banco::depletion::effect_of_removal(&shoe, &rules).unwrap();
    snapshot!("csv__eor_8_decks", eor_sheet(&eor).to_csv());
    let odds = punto_banco::session_odds::SessionOdds::new(&shoe, &rules, 2, 20).unwrap();
    snapshot!(
        "csv__session_odds_2_deals_head_to_head",
        odds_sheet(&odds, OddsTable::HeadToHead).unwrap().to_csv()
    );
    snapshot!(
        "csv__check_ez_baccarat_claims",
        stdout(&[
            "check",
            "data/variants/ez-baccarat.json",
            "-f",
            "csv",
            "--table",
            "claims"
        ])
    );
}

/// `shuffle-test` with a file and `--plan`: each defect's power column holds, test by test,
/// the power the JSON document gives (the same computation, read twice).
#[test]
fn shuffle_test_csv_carries_the_power_of_the_json() {
    let args = [
        "shuffle-test",
        "docs/examples/lab/shoes.jsonl",
        "--plan",
        "riffle:3,shelf",
        "--pilot",
        "100",
    ];
    let run = |format: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
            .args(args)
            .args(["--format", format])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{format}");
        output.stdout
    };
    let json: serde_json::Value = serde_json::from_slice(&run("json")).unwrap();
    let csv_bytes = run("csv");
    let mut reader = csv::Reader::from_reader(&csv_bytes[..]);
    let header = reader.headers().unwrap().clone();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let defects = json["power"].as_array().unwrap();
    assert_eq!(defects.len(), 2);
    for defect in defects {
        let name = format!("power_{}", defect["defect"].as_str().unwrap());
        let column = header.iter().position(|h| h == name).unwrap();
        let mut seen = 0;
        for test in defect["tests"].as_array().unwrap() {
            let record = records
                .iter()
                .find(|r| r[0] == *test["name"].as_str().unwrap())
                .unwrap();
            match test["power"].as_f64() {
                Some(power) => {
                    // serde_json's default float reader may miss the nearest double by an ulp.
                    let written: f64 = record[column].parse().unwrap();
                    assert!((written - power).abs() <= 2.0 * f64::EPSILON, "{name}");
                    seen += 1;
                }
                None => assert_eq!(&record[column], "", "{name}"),
            }
        }
        assert!(seen > 0, "{name}: no test had a power");
    }
}
