//! The shipped variants reproduce their published figures, and bad rule files are refused
//! with the field, the line and the column.

use punto_banco::analysis::Analysis;
use punto_banco::rules::Rules;
use punto_banco::variants::{RuleSet, SHIPPED, claimed_value};

/// Every claim of every shipped variant holds at the precision it is stated at. The claims
/// are published figures (Wizard of Odds, "Baccarat" appendix 1, "EZ Baccarat", "Side bets",
/// appendix 5), each with its source in the file.
#[test]
fn every_shipped_claim_holds() {
    let mut checked = 0;
    for (name, text) in SHIPPED {
        let set = RuleSet::from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&set.name(), name);
        let analysis = Analysis::new(&set.shoe_or_reference(), set.rules()).unwrap();
        for claim in set.claims() {
            let exact =
                claimed_value(claim, &analysis).unwrap_or_else(|| panic!("{name}: {claim:?}"));
            assert!(
                claim.stated.holds(&exact),
                "{name}: {:?} stated {} but is {exact}",
                claim.target,
                claim.stated.text()
            );
            checked += 1;
        }
    }
    assert!(checked >= 29, "only {checked} claims checked");
}

#[test]
fn the_shipped_files_are_the_compiled_ones() {
    for (name, text) in SHIPPED {
        let path = format!("{}/data/variants/{name}.json", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(&std::fs::read_to_string(path).unwrap(), text);
    }
}

/// Each shipped file is named as the registry names it, and no two shipped names are one
/// name under the library's rule, so a lookup that ignores case could never be ambiguous.
#[test]
fn the_shipped_names_are_their_files_names_and_distinct() {
    for (i, (name, text)) in SHIPPED.iter().enumerate() {
        assert_eq!(&RuleSet::from_json(text).unwrap().name(), name);
        for (other, _) in &SHIPPED[..i] {
            assert!(
                !punto_banco::variants::same_name(name, other),
                "{name} {other}"
            );
        }
    }
}

/// The one name rule agrees with exact equality on side-bet keys (lower-case ASCII only) and
/// joins the accented capitals that ASCII folding keeps apart.
#[test]
fn one_name_rule_for_every_name() {
    use punto_banco::variants::same_name;
    assert!(same_name("É", "é"));
    assert!(!"É".eq_ignore_ascii_case("é"));
    assert!(same_name("Table Été", "table été"));
    let set = RuleSet::from_json(punto_banco::variants::shipped("side-bets").unwrap()).unwrap();
    for side in &set.rules().tariff.side {
        assert_eq!(side.key.to_lowercase(), side.key);
        assert!(same_name(&side.key, &side.key.to_uppercase()));
    }
}

#[test]
fn the_reference_file_is_the_reference() {
    let set = RuleSet::from_json(punto_banco::variants::shipped("reference").unwrap()).unwrap();
    assert_eq!(set.rules(), &Rules::reference());
}

/// The reference file with one piece of text replaced.
fn reference_with(old: &str, new: &str) -> String {
    let text = punto_banco::variants::shipped("reference").unwrap();
    assert!(text.contains(old), "{old}");
    text.replacen(old, new, 1)
}

/// Asserts the file is refused at `line` with a message containing `needle`.
fn refused(text: &str, line: usize, needle: &str) {
    let err = RuleSet::from_json(text).unwrap_err();
    assert!(err.to_string().contains(needle), "{err}");
    assert_eq!(err.line(), line, "{err}");
    assert!(
        err.to_string().starts_with(&format!("line {line}, column")),
        "{err}"
    );
}

#[test]
fn bad_rule_files_name_the_field_line_and_column() {
    // A missing tableau cell.
    refused(
        &reference_with(
            "\"3\": \"D D D D D D D D S D  D\"",
            "\"3\": \"D D D D D D D D S D\"",
        ),
        14,
        "drawing.banco.\"3\" has 10 cells: expected 11",
    );
    // A missing row.
    refused(
        &reference_with("      \"4\": \"S S D D D D D D S S  D\",\n", ""),
        19,
        "the row for Banco total 4 is missing",
    );
    // An unknown field.
    refused(
        &reference_with("\"name\"", "\"nmae\""),
        3,
        "unknown field `nmae`",
    );
    // A negative payout.
    refused(
        &reference_with(
            "{\"winner\": \"punto\", \"pays\": 1}",
            "{\"winner\": \"punto\", \"pays\": -1}",
        ),
        22,
        "`-1` is negative",
    );
    // Amounts beyond what stays exact in 64 bits.
    refused(
        &reference_with(
            "{\"winner\": \"punto\", \"pays\": 1}",
            "{\"winner\": \"punto\", \"pays\": 9223372036854775807}",
        ),
        22,
        "is more than the largest amount, 1000000",
    );
    refused(
        &reference_with(
            "\"commission\": \"5%\"",
            "\"commission\": \"1/9223372036854775807%\"",
        ),
        23,
        "is not an amount",
    );
    // A commission over 100%.
    refused(
        &reference_with("\"commission\": \"5%\"", "\"commission\": \"105%\""),
        23,
        "commission is 105%",
    );
    // A negative count in the shoe.
    refused(
        &reference_with(
            "\"shoe\": {\"decks\": 8}",
            "\"shoe\": {\"ranks\": [4,4,4,4,4,4,4,4,4,4,4,4,-1]}",
        ),
        6,
        "shoe.ranks[12] (the count of K) is `-1`",
    );
    // A main bet missing, and a bad winner.
    refused(
        &reference_with(
            "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]",
            "\"tie_bet\": [{\"winner\": \"tie\", \"pays\": 8}]",
        ),
        25,
        "the main bet `tie` is missing",
    );
    refused(
        &reference_with(
            "{\"winner\": \"punto\", \"pays\": 1}",
            "{\"winner\": \"player\", \"pays\": 1}",
        ),
        22,
        "winner is `player`",
    );
    // A claim that is not a figure.
    refused(
        &reference_with("\"1.0579%\"", "\"about 1%\""),
        48,
        "`about 1%` is not a figure",
    );
    // A claim about a bet the file does not have.
    refused(
        &reference_with(
            "{\"bet\": \"tie\", \"edge\"",
            "{\"bet\": \"tie_bet\", \"edge\"",
        ),
        50,
        "the bet `tie_bet` is not among the file's bets (punto, banco, tie)",
    );
    // Punto's rule listing a natural.
    refused(
        &reference_with("\"stands\": [6, 7]", "\"stands\": [6, 7, 8]"),
        20,
        "8 is a natural",
    );
    // Not JSON at all.
    refused("{\n  \"schema\": 1,\n  oops\n}", 3, "key must be a string");
}

/// Hostile files: every one is refused with its line and column, none panics, none is read as
/// something it does not say.
#[test]
fn hostile_rule_files_are_refused() {
    let shoe =
        |spec: &str| reference_with("\"shoe\": {\"decks\": 8}", &format!("\"shoe\": {spec}"));
    // Deck counts: none, negative, beyond the largest shoe, beyond 64 bits, not a whole
    // number: each quoted as written, with the field and the range, at the number.
    for (decks, written) in [
        ("0", "0"),
        ("-3", "-3"),
        ("4294967297", "4294967297"),
        ("99999999999999999999", "99999999999999999999"),
        ("18446744073709551616", "18446744073709551616"),
        ("2.5", "2.5"),
        ("8.0", "8.0"),
        ("8e0", "8e0"),
        ("-1.5E+3", "-1.5E+3"),
    ] {
        let text = shoe(&format!("{{\"decks\": {decks}}}"));
        let err = RuleSet::from_json(&text).unwrap_err().to_string();
        let column = 20 + decks.len();
        assert_eq!(
            err,
            format!(
                "line 6, column {column}: shoe.decks is `{written}`: expected a whole number from 1 to 4294967296"
            )
        );
    }
    // Rank counts: huge, beyond 64 bits, and a shoe too small to deal a coup.
    refused(
        &shoe("{\"ranks\": [4,4,4,4,4,4,4,4,4,4,4,4,99999999999999]}"),
        6,
        "shoe.ranks[12] (the count of K) is `99999999999999`: expected a whole number from 0 to 17179869184",
    );
    refused(
        &shoe("{\"ranks\": [4,4,4,4,4,4,4,4,4,4,4,4,18446744073709551616]}"),
        6,
        "shoe.ranks[12] (the count of K) is `18446744073709551616`: expected a whole number from 0 to 17179869184",
    );
    refused(
        &shoe("{\"ranks\": [4,4,4,4.0,4,4,4,4,4,4,4,4,4]}"),
        6,
        "shoe.ranks[3] (the count of 4) is `4.0`: expected a whole number from 0 to 17179869184",
    );
    refused(
        &shoe("{\"ranks\": [1,1,1,1,1,0,0,0,0,0,0,0,0]}"),
        6,
        "shoe: ",
    );
    // Both sizes, or an array where the shoe object belongs.
    refused(
        &shoe("{\"decks\": 8, \"ranks\": [4,4,4,4,4,4,4,4,4,4,4,4,4]}"),
        6,
        "shoe: give `decks` or `ranks`, not both",
    );
    refused(
        &shoe("[8]"),
        6,
        "invalid type: sequence, expected a shoe object {\"decks\": …} or {\"ranks\": […]}",
    );
    // Payouts at the edges of 64 bits: refused, never wrapped.
    for pays in ["-9223372036854775808", "18446744073709551615", "1000001"] {
        refused(
            &reference_with(
                "{\"winner\": \"punto\", \"pays\": 1}",
                &format!("{{\"winner\": \"punto\", \"pays\": {pays}}}"),
            ),
            22,
            "is more than the largest amount, 1000000",
        );
    }
    refused(
        &reference_with("\"commission\": \"5%\"", "\"commission\": \"999999999/1\""),
        23,
        "is not an amount",
    );
    // A key given twice: refused, not the last one kept.
    refused(
        &reference_with(
            "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]",
            "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}],\n    \"tie\": [{\"winner\": \"tie\", \"pays\": 9}]",
        ),
        25,
        "bets: `tie` is given twice: each key may appear once",
    );
    refused(
        &reference_with(
            "\"7\": \"S S S S S S S S S S  S\"",
            "\"7\": \"S S S S S S S S S S  S\", \"7\": \"S S S S S S S S S S  S\"",
        ),
        18,
        "drawing.banco: the row for Banco total 7 is given twice",
    );
    refused(
        &reference_with(
            "\"name\": \"reference\",",
            "\"name\": \"reference\", \"name\": \"other\",",
        ),
        3,
        "duplicate field `name`",
    );
    refused(
        &reference_with(
            "{\"winner\": \"tie\", \"pays\": 8}",
            "{\"winner\": \"tie\", \"pays\": 8, \"pays\": 9}",
        ),
        24,
        "duplicate field `pays`",
    );
    // Arrays where objects belong, at every level.
    refused(
        &reference_with(
            "\"punto\": {\"draws\": [0, 1, 2, 3, 4, 5], \"stands\": [6, 7]}",
            "\"punto\": [[0, 1, 2, 3, 4, 5], [6, 7]]",
        ),
        9,
        "invalid type: sequence, expected Punto's rule",
    );
    refused(
        &reference_with(
            "{\"winner\": \"tie\", \"pays\": 8}",
            "[\"tie\", null, null, null, null, 8]",
        ),
        24,
        "invalid type: sequence, expected a pay line",
    );
    refused(
        &reference_with(
            "\"event\": {\"winner\": \"banco\"}",
            "\"event\": [\"banco\"]",
        ),
        29,
        "invalid type: sequence, expected an event",
    );
    refused(
        &reference_with(
            "{\"bet\": \"tie\", \"edge\": \"14.3596%\", \"source\": \"Wizard of Odds, Baccarat, appendix 1\"}",
            "[\"tie\", null, \"14.3596%\"]",
        ),
        50,
        "invalid type: sequence, expected a claim",
    );
    refused(
        &reference_with("\"banco\": {\n      \"0\"", "\"banco\": [\n      \"0\""),
        10,
        "invalid type: sequence",
    );
    refused(
        "[1, \"reference\"]",
        1,
        "invalid type: sequence, expected a rule-set object",
    );
    // A text cut short after a newline: serde_json says column 0, the message column 1.
    refused("{\n", 2, "EOF while parsing");
    refused("", 1, "EOF while parsing");
    // A claim too long to check quickly or print.
    refused(
        &reference_with("\"1.0579%\"", &format!("\"0.{}\"", "1".repeat(101))),
        48,
        "claims: edge `0.1111111111111111111111…` has 101 decimals: at most 100 are accepted",
    );
    refused(
        &reference_with(
            "\"4,998,398,275,503,360\"",
            &format!("\"{}\"", "9".repeat(101)),
        ),
        27,
        "claims: sequences `999999999999999999999999…` has 101 digits before the decimal point: at most 100 are accepted",
    );
}

/// A byte-order mark at the start of a rule file is no part of its JSON.
#[test]
fn a_byte_order_mark_is_ignored() {
    for (name, text) in SHIPPED {
        let marked = format!("\u{feff}{text}");
        assert_eq!(
            RuleSet::from_json(&marked).unwrap(),
            RuleSet::from_json(text).unwrap(),
            "{name}"
        );
    }
    // Errors are placed as an editor shows the text, which does not show the mark.
    let plain = RuleSet::from_json("{\"schema\": 2}").unwrap_err();
    let marked = RuleSet::from_json("\u{feff}{\"schema\": 2}").unwrap_err();
    assert_eq!(marked.to_string(), plain.to_string());
    // Through the binary, as `analyze --rules` reads it.
    let dir = std::env::temp_dir().join(format!("punto-banco-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("reference.json");
    std::fs::write(
        &path,
        format!(
            "\u{feff}{}",
            punto_banco::variants::shipped("reference").unwrap()
        ),
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["analyze", "--rules", path.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

    /// The reference file with a piece cut out and something else put in: read or refused
    /// with a position, never a panic.
    #[test]
    fn damaged_rule_files_never_panic(
        at in 0usize..1800,
        cut in 0usize..40,
        insert in proptest::prop_oneof![
            proptest::strategy::Just("[".to_string()),
            proptest::strategy::Just("-9223372036854775808".to_string()),
            proptest::strategy::Just("\"1e400\"".to_string()),
            proptest::strategy::Just("{}".to_string()),
            proptest::strategy::Just("\"0\": \"D\",".to_string()),
            "[ -~]{0,12}",
        ],
    ) {
        let text = punto_banco::variants::shipped("reference").unwrap();
        let start = text.char_indices().map(|(i, _)| i).find(|&i| i >= at.min(text.len())).unwrap_or(text.len());
        let end = text.char_indices().map(|(i, _)| i).find(|&i| i >= start + cut).unwrap_or(text.len());
        let damaged = format!("{}{insert}{}", &text[..start], &text[end..]);
        if let Err(err) = RuleSet::from_json(&damaged) {
            proptest::prop_assert!(err.line() >= 1 && err.column() >= 1);
            proptest::prop_assert!(err.to_string().starts_with("line "));
        }
    }
}

/// Lucky 6 has no published figure here, so its edge is checked by an independent path: every
/// ordered six-value sequence of eight decks walked through the coup resolver, paid by
/// hand-written terms (12:1 on a winning two-card Banco 6, 20:1 on a three-card one) rather
/// than through pay-line conditions. The Dragon Bonus, published, is walked the same way.
#[test]
fn side_bets_by_hand_written_payouts() {
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use punto_banco::coup::deal;
    use punto_banco::shoe::Shoe;
    let shoe = Shoe::reference();
    let rules = Rules::reference();
    let mut lucky = BigInt::from(0);
    let mut dragon = BigInt::from(0);
    let mut total = BigInt::from(0);
    super::each_sequence(&shoe, |values, weight| {
        let coup = deal(
            &rules.drawing,
            &punto_banco::coup::Value::sequence(values).unwrap(),
        )
        .unwrap();
        let (p, b) = (coup.punto_total() as i64, coup.banco_total() as i64);
        let lucky_net = match (b > p && b == 6, coup.banco().len()) {
            (true, 2) => 12,
            (true, _) => 20,
            _ => -1,
        };
        let natural = coup.punto().len() == 2 && coup.banco().len() == 2 && (p >= 8 || b >= 8);
        let dragon_net = if p > b && natural {
            1
        } else if p == b && natural {
            0
        } else if p > b {
            match p - b {
                9 => 30,
                8 => 10,
                7 => 6,
                6 => 4,
                5 => 2,
                4 => 1,
                _ => -1,
            }
        } else {
            -1
        };
        lucky += weight * lucky_net;
        dragon += weight * dragon_net;
        total += weight;
    });
    let set = RuleSet::from_json(punto_banco::variants::shipped("side-bets").unwrap()).unwrap();
    let analysis = Analysis::new(&shoe, set.rules()).unwrap();
    let edge = |key: &str| {
        let (_, terms) = set
            .rules()
            .tariff
            .all()
            .into_iter()
            .find(|(k, _)| *k == key)
            .unwrap();
        analysis.edge_of(terms)
    };
    assert_eq!(edge("lucky_6"), -BigRational::new(lucky, total.clone()));
    assert_eq!(edge("dragon_bonus_punto"), -BigRational::new(dragon, total));
}

/// A name, a title, a source or a claim's bet that would break a one-line heading (a line
/// break, an escape, a tab, a line separator, a direction control) is refused where it
/// stands, with the field; serde's JSON escapes such as `\u001b` are what let a file hold one.
#[test]
fn text_fields_are_one_line() {
    for (old, new, line, field) in [
        (
            "\"name\": \"reference\"",
            "\"name\": \"ref\\u001b[31mred\\nnewline\"",
            3,
            "name holds the character U+001B",
        ),
        (
            "\"name\": \"reference\"",
            "\"name\": \"two\\nlines\"",
            3,
            "name holds the character U+000A",
        ),
        (
            "\"title\": \"Punto Banco, the teaching texts' rules\"",
            "\"title\": \"a\\ttab\"",
            4,
            "title holds the character U+0009",
        ),
        (
            "\"source\": \"the Punto",
            "\"source\": \"\\u2028the Punto",
            5,
            "source holds the character U+2028",
        ),
        (
            "{\"bet\": \"banco\", \"edge\": \"1.0579%\"",
            "{\"bet\": \"ban\\u202eco\", \"edge\": \"1.0579%\"",
            48,
            "claims: bet holds the character U+202E",
        ),
        (
            "{\"bet\": \"tie\", \"edge\": \"14.3596%\", \"source\": \"Wizard",
            "{\"bet\": \"tie\", \"edge\": \"14.3596%\", \"source\": \"\\rWizard",
            50,
            "claims: source holds the character U+000D",
        ),
    ] {
        let text = reference_with(old, new);
        refused(&text, line, field);
        let err = RuleSet::from_json(&text).unwrap_err().to_string();
        assert!(!err.chars().any(char::is_control), "{err:?}");
    }
    // A key echoed in a message is escaped, never printed raw.
    let err = RuleSet::from_json(&reference_with(
        "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]",
        "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}], \"x\\u001by\": [{\"winner\": \"tie\", \"pays\": 8}]",
    ))
    .unwrap_err()
    .to_string();
    assert!(err.contains("`x\\u{1b}y` is not a bet key"), "{err}");
    // Accents and other printable text are kept.
    let set = RuleSet::from_json(&reference_with(
        "\"title\": \"Punto Banco, the teaching texts' rules\"",
        "\"title\": \"Présentation du Baccarat — « règles »\"",
    ))
    .unwrap();
    assert_eq!(set.title(), Some("Présentation du Baccarat — « règles »"));
}

/// Every numeric field names its field path and quotes the number as the file writes it, with
/// the range, even where serde reads it as a floating-point number.
#[test]
fn numbers_are_quoted_as_written() {
    let pays = |pays: &str| {
        reference_with(
            "{\"winner\": \"punto\", \"pays\": 1}",
            &format!("{{\"winner\": \"punto\", \"pays\": {pays}}}"),
        )
    };
    refused(
        &pays("18446744073709551616"),
        22,
        "pays is `18446744073709551616`: expected a whole number from 0 to 1000000",
    );
    refused(
        &pays("1.5"),
        22,
        "pays is `1.5`: expected a whole number from 0 to 1000000, or an exact amount as a string",
    );
    refused(
        &pays("18446744073709551615"),
        22,
        "pays: `18446744073709551615` is more than the largest amount, 1000000",
    );
    refused(
        &reference_with("\"naturals\": [8, 9]", "\"naturals\": [8, 9.0]"),
        8,
        "drawing.naturals[1] is `9.0`: expected a whole number from 0 to 9",
    );
    refused(
        &reference_with("\"naturals\": [8, 9]", "\"naturals\": [8, 10]"),
        8,
        "drawing.naturals[1] is `10`: expected a whole number from 0 to 9",
    );
    refused(
        &reference_with("\"stands\": [6, 7]", "\"stands\": [6, -7]"),
        9,
        "drawing.punto.stands[1] is `-7`: expected a whole number from 0 to 9",
    );
    refused(
        &reference_with("\"schema\": 1", "\"schema\": 1.0"),
        2,
        "schema is `1.0`: expected a whole number from 1 to 2",
    );
    refused(
        &reference_with(
            "\"event\": {\"winner\": \"banco\"}",
            "\"event\": {\"winner\": \"banco\", \"total\": 1e1}",
        ),
        29,
        "total is `1e1`: expected a whole number from 0 to 9",
    );
    refused(
        &reference_with(
            "\"event\": {\"winner\": \"banco\"}",
            "\"event\": {\"winner\": \"banco\", \"cards\": 4}",
        ),
        29,
        "cards is `4`: expected a whole number from 2 to 3",
    );
    // At the number itself: the column is the number's last character.
    let err = RuleSet::from_json(&reference_with("\"decks\": 8", "\"decks\": 8.0")).unwrap_err();
    assert_eq!((err.line(), err.column()), (6, 23), "{err}");
}

/// A value given twice is refused at its second place, and a Banco row is keyed by exactly one
/// digit.
#[test]
fn values_are_given_once() {
    refused(
        &reference_with("\"naturals\": [8, 9]", "\"naturals\": [8, 9, 9]"),
        8,
        "drawing.naturals[2] is `9`, as drawing.naturals[1] is: each value may be given once",
    );
    refused(
        &reference_with(
            "\"draws\": [0, 1, 2, 3, 4, 5]",
            "\"draws\": [0, 1, 2, 3, 4, 5, 0]",
        ),
        9,
        "drawing.punto.draws[6] is `0`, as drawing.punto.draws[0] is: each value may be given once",
    );
    refused(
        &reference_with("\"stands\": [6, 7]", "\"stands\": [7, 6, 7]"),
        9,
        "drawing.punto.stands[2] is `7`, as drawing.punto.stands[0] is",
    );
    for key in ["07", " 7", "7 ", "+7", "٧", ""] {
        refused(
            &reference_with(
                "\"7\": \"S S S S S S S S S S  S\"",
                &format!("\"{key}\": \"S S S S S S S S S S  S\""),
            ),
            18,
            &format!("drawing.banco: `{key}` is not a Banco total: expected \"0\" to \"9\""),
        );
    }
}

/// A claim's figure with a French decimal comma holds as the figure it is; one with stray
/// separators is refused with the claim's field and the figure as written.
#[test]
fn claim_figures_are_read_strictly() {
    let edge = |figure: &str| {
        reference_with(
            "{\"bet\": \"banco\", \"edge\": \"1.0579%\"",
            &format!("{{\"bet\": \"banco\", \"edge\": \"{figure}\""),
        )
    };
    let set = RuleSet::from_json(&edge("1,0579%")).unwrap();
    let analysis = Analysis::new(&set.shoe_or_reference(), set.rules()).unwrap();
    let claim = &set.claims()[5];
    assert_eq!(claim.stated.text(), "1,0579%");
    assert!(
        claim
            .stated
            .holds(&claimed_value(claim, &analysis).unwrap())
    );
    for bad in ["1,,0579%", "1_.0579%", "1.05.79%"] {
        refused(
            &edge(bad),
            48,
            &format!(
                "claims: edge `{bad}` is not a figure: expected digits with at most one decimal point"
            ),
        );
    }
}

/// The reference file with one more claim, first in its list (on line 27).
fn reference_claiming(claim: &str) -> String {
    reference_with("\"claims\": [\n", &format!("\"claims\": [\n    {claim},\n"))
}

/// A claim on pay lines counts the deals settled by those lines, over the deals a source
/// counts: the Tie bet's one line is the tie (Wizard of Odds, Baccarat, appendix 1:
/// 475,627,426,473,216 sequences), and a pair on eight decks is 13·C(32, 2) = 6,448 of the
/// C(416, 2) = 86,320 unordered pairs of cards, so 31/415 of every kind of deal.
#[test]
fn line_claims_count_over_the_deals_a_source_counts() {
    let with = |claims: &[&str]| {
        let mut text = punto_banco::variants::shipped("side-bets")
            .unwrap()
            .to_string();
        let list = claims
            .iter()
            .map(|c| format!("    {c},\n"))
            .collect::<String>();
        text = text.replacen("\"claims\": [\n", &format!("\"claims\": [\n{list}"), 1);
        RuleSet::from_json(&text).unwrap()
    };
    let set = with(&[
        r#"{"bet": "tie", "line": 1, "count": "475,627,426,473,216", "source": "Wizard of Odds, Baccarat, appendix 1"}"#,
        r#"{"bet": "punto_pair", "line": 1, "count": "6,448", "over": "two_cards", "source": "13·C(32, 2)"}"#,
        r#"{"bet": "punto_pair", "line": 1, "count": "551,245,968", "over": "hands", "source": "6,448·C(414, 2)"}"#,
        r#"{"bet": "punto_pair", "line": 1, "count": "91,874,328", "over": "openings", "source": "31/415 of C(416, 4)"}"#,
        r#"{"bet": "punto_pair", "line": 1, "probability": "0.0746987951807229", "source": "31/415"}"#,
        r#"{"bet": "lucky_6", "line": [1, 2], "count": "269,232,304,455,680", "source": "Wizard of Odds, Lucky 6: 186,173,936,904,192 + 83,058,367,551,488"}"#,
        r#"{"bet": "dragon_bonus_punto", "line": 2, "count": "89,325,908,267,520", "source": "Wizard of Odds, Baccarat side bets"}"#,
    ]);
    let analysis = Analysis::new(&set.shoe_or_reference(), set.rules()).unwrap();
    for claim in &set.claims()[..7] {
        let exact = claimed_value(claim, &analysis).unwrap();
        assert!(claim.stated.holds(&exact), "{:?}: {exact}", claim.target);
    }
    // A line the bet does not have is refused where the claim names the bet.
    let text = punto_banco::variants::shipped("side-bets")
        .unwrap()
        .replacen(
            "\"claims\": [\n",
            "\"claims\": [\n    {\"bet\": \"tie\", \"line\": 2, \"count\": \"1\"},\n",
            1,
        );
    let refused = RuleSet::from_json(&text).err().map(|e| e.to_string());
    assert_eq!(
        refused.as_deref(),
        Some(
            "line 53, column 13: claims: line 2 of `tie`: the bet has 1 pay line (expected 1 to 1)"
        )
    );
}

/// The new claim fields are refused where they stand, saying what is accepted.
#[test]
fn bad_line_claims_name_the_field_line_and_column() {
    for (claim, needle) in [
        (
            r#"{"bet": "tie", "line": 0, "count": "1"}"#,
            "claims: line is `0`: expected a pay line's number from 1 to 1000, or a list of them",
        ),
        (
            r#"{"bet": "tie", "line": [], "count": "1"}"#,
            "claims: line is an empty list",
        ),
        (
            r#"{"bet": "tie", "line": [1, 1], "count": "1"}"#,
            "claims: line 1 is given twice",
        ),
        (
            r#"{"bet": "tie", "line": "1", "count": "1"}"#,
            "expected a pay line's number from 1 to 1000, or a list of them",
        ),
        (
            r#"{"bet": "tie", "line": 1, "count": "1", "over": "decks"}"#,
            "claims: over is `decks`: expected sequences, openings, hands, two_cards",
        ),
        (
            r#"{"bet": "tie", "edge": "1%", "over": "hands"}"#,
            "claims: over names the deals a count is over",
        ),
        (
            r#"{"bet": "tie", "edge": "1%", "published_wrong": " "}"#,
            "claims: published_wrong is empty",
        ),
        (
            r#"{"bet": "tie", "line": 1, "count": "12", "significant_digits": 2}"#,
            "a whole number, which is checked exactly",
        ),
        (
            r#"{"bet": "tie", "edge": "14.36%", "significant_digits": 5}"#,
            "claims: significant_digits is 5, but `14.36%` is written with fewer significant digits",
        ),
        (
            r#"{"bet": "tie", "edge": "14.36%", "significant_digits": 0}"#,
            "claims: significant_digits is `0`: expected a whole number from 1 to 100",
        ),
        (
            r#"{"event": {"winner": "tie"}, "line": 1, "count": "1"}"#,
            "claims: a claim is one of",
        ),
        (
            r#"{"bet": "tie", "line": 1, "edge": "1%"}"#,
            "claims: a claim is one of",
        ),
    ] {
        // A refusal of the claim's shape stands where the claim ends.
        let line = if needle.starts_with("claims: over names")
            || needle.starts_with("claims: a claim is one of")
            || needle.contains("significant digits")
            || needle.contains("checked exactly")
        {
            28
        } else {
            27
        };
        refused(&reference_claiming(claim), line, needle);
    }
}

/// A figure printed from a double is checked at its significant digits: zeekrs's pair
/// probability 0.0746987951807229 holds at 13 of them as it does at all 15 (31/415), and a
/// digit wrong beyond the thirteenth is forgiven only there.
#[test]
fn significant_digits_loosen_only_the_digits_beyond() {
    let text = punto_banco::variants::shipped("side-bets").unwrap();
    let claim = |figure: &str, digits: &str| {
        let text = text.replacen(
            "\"claims\": [\n",
            &format!(
                "\"claims\": [\n    {{\"bet\": \"punto_pair\", \"win_probability\": \"{figure}\"{digits}}},\n"
            ),
            1,
        );
        let set = RuleSet::from_json(&text).unwrap();
        let analysis = Analysis::new(&set.shoe_or_reference(), set.rules()).unwrap();
        let claim = &set.claims()[0];
        claim
            .stated
            .holds(&claimed_value(claim, &analysis).unwrap())
    };
    assert!(claim("0.0746987951807229", ""));
    assert!(!claim("0.0746987951807239", ""));
    assert!(claim("0.0746987951807239", ", \"significant_digits\": 13"));
    assert!(!claim("0.0746987951808229", ", \"significant_digits\": 13"));
}
