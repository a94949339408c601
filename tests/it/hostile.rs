//! The hostile-input corpus: what a careless user or an adversary feeds the binary, run as a
//! user would. Every case must end with its exit code and a short message that names the
//! field or position, never a panic, a hang, unbounded memory or a file left behind.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`, `input` on its standard input, and standard output sent to
/// `stdout` (a pipe when `None`).
pub(super) fn run_to(args: &[&str], input: &[u8], stdout: Option<std::fs::File>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_punto-banco"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    match stdout {
        Some(file) => command.stdout(file),
        None => command.stdout(Stdio::piped()),
    };
    let mut child = command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread of its own while the output is read, so that neither side waits
    // for the other; the tool may stop reading early (a refused line): no failure here.
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// A file of the repository, as text.
pub(super) fn repo_file(relative: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)).unwrap()
}

/// Asserts exit 0, showing standard error otherwise.
pub(super) fn succeeded(output: &Output) {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

pub(super) fn run(args: &[&str], input: &[u8]) -> Output {
    run_to(args, input, None)
}

/// Asserts the exit code, no panic, and a message on standard error of one short line that
/// contains every needle.
pub(super) fn refused(args: &[&str], input: &[u8], code: i32, needles: &[&str]) {
    let output = run(args, input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: not one line: {stderr}");
    assert!(
        lines[0].len() <= 400,
        "{args:?}: message too long: {stderr}"
    );
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{args:?}: `{needle}` not in {stderr}"
        );
    }
}

/// Bad input: exit 2.
pub(super) fn bad(args: &[&str], needles: &[&str]) {
    refused(args, b"", 2, needles);
}

#[test]
fn numeric_flags_name_themselves_the_value_and_the_range() {
    let range = |flag: &str, low: u64, high: u64| {
        format!("{flag} is `VALUE`: expected a whole number from {low} to {high}")
    };
    let cases: &[(&[&str], &str, u64, u64)] = &[
        (&["analyze", "--decks"], "--decks", 1, 4294967296),
        (&["eor", "--decks"], "--decks", 1, 4294967296),
        (&["vectors", "--decks"], "--decks", 1, 4294967296),
        (
            &["fit", "--plan", "data/claims/004-banque.tsv", "--decks"],
            "--decks",
            1,
            4294967296,
        ),
        (&["rules", "--stake"], "--stake", 1, 1000000000),
        (
            &["deal", "4H", "2S", "9C", "AD", "8D", "--stake"],
            "--stake",
            1,
            1000000000,
        ),
        (&["session", "--stake"], "--stake", 1, 1000000000),
        (&["session", "--decks"], "--decks", 1, 1000),
        (&["session", "--deals"], "--deals", 1, 1000),
        (&["session-odds", "--deals"], "--deals", 1, 10000),
        (&["session-odds", "--decks"], "--decks", 1, 4294967296),
        (&["session-odds", "--stake"], "--stake", 1, 1000000000),
        (&["shoe-sim", "--shoes"], "--shoes", 1, u64::MAX),
        (&["shoe-sim", "--decks"], "--decks", 1, 65536),
        (
            &["fit", "docs/examples/oracle/counts.json", "--shown"],
            "--shown",
            0,
            1000,
        ),
    ];
    for (args, flag, low, high) in cases {
        let mut values = vec!["-1".to_string(), "1.5".into(), "x".into(), "".into()];
        values.push("99999999999999999999999".into());
        if *low > 0 {
            values.push((low - 1).to_string());
        }
        if *high < u64::MAX {
            values.push((high + 1).to_string());
        }
        for value in &values {
            let mut argv = args.to_vec();
            argv.push(value);
            let expected = range(flag, *low, *high).replace("VALUE", value);
            bad(&argv, &[expected.as_str()]);
        }
    }
    // Seeds take any 64-bit number, and nothing else.
    bad(
        &["shoe-sim", "--seed", "-3"],
        &["--seed is `-3`", "from 0 to 18446744073709551615"],
    );
    bad(
        &["session", "--seed", "18446744073709551616"],
        &["--seed is `18446744073709551616`"],
    );
    for (flag, accepted) in [
        ("--alpha", "expected a number from 1e-300 to 0.5"),
        (
            "--power",
            "expected a number greater than 0 and less than 1",
        ),
    ] {
        for value in [
            "0",
            "1",
            "-0.5",
            "nan",
            "inf",
            "1e400",
            "x",
            "0.9999999999999999999",
        ] {
            bad(
                &["fit", "--plan", "data/claims/004-banque.tsv", flag, value],
                &[&format!("{flag} is `{value}`: {accepted}")],
            );
        }
    }
    bad(
        &["fit", "docs/examples/oracle/counts.json", "--alpha", "0.6"],
        &["--alpha is `0.6`"],
    );
    // One flag's error blames that flag alone.
    let output = run(&["session", "--deals", "0"], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("--decks"), "{stderr}");
    bad(
        &["shoe-sim", "--cut", "4"],
        &["--cut is `4`", "from 11 to 399"],
    );
    bad(
        &["shoe-sim", "--decks", "1", "--cut", "47"],
        &["--cut is `47`", "from 11 to 35"],
    );
}

#[test]
fn argument_errors_are_one_short_line() {
    bad(
        &["analyze", "--frobnicate"],
        &[
            "unexpected argument `--frobnicate`",
            "punto-banco analyze --help",
        ],
    );
    bad(
        &["verify"],
        &["missing <FILE>", "punto-banco verify --help"],
    );
    bad(&["analyze", "--rules"], &["--rules needs a value"]);
    bad(
        &["analyze", "--format", "yaml"],
        &["--format is `yaml`: expected one of text, markdown, json"],
    );
    bad(
        &["analyze", "--lang", "de"],
        &["--lang is `de`: expected one of en, fr"],
    );
    bad(&["analyz"], &["unrecognized subcommand `analyz`"]);
    bad(
        &[
            "analyze",
            "--decks",
            "2",
            "--ranks",
            "1,1,1,1,1,1,1,1,1,1,1,1,1",
        ],
        &["--decks", "--ranks"],
    );
}

#[test]
fn cards_and_shoes() {
    bad(&["deal", "11X"], &["card 1: `11X` is not a card", "4♥, 4H"]);
    bad(&["deal", "4H,,2S"], &["card 2 is missing"]);
    bad(&["deal", "4H,2S,"], &["card 3 is missing"]);
    bad(&["analyze", "--remove", ""], &["--remove: no card given"]);
    bad(
        &["analyze", "--remove", " , "],
        &["--remove: card 1 is missing"],
    );
    bad(
        &["analyze", "--remove", "8♠,ZZ"],
        &["--remove: card 2: `ZZ` is not a card"],
    );
    bad(
        &["analyze", "--decks", "1", "--remove", "A♠,A♠"],
        &["cannot remove A♠ 2 times"],
    );
    bad(
        &["analyze", "--ranks", "4,4,4,4,4,4,4,4,4,4,4,4,-1"],
        &["rank count 13 (for K) is `-1`", "from 0 to"],
    );
    bad(
        &["analyze", "--ranks", "4,4"],
        &["--ranks: ", "13 counts", "got 2"],
    );
    bad(
        &["analyze", "--ranks", "17179869185,4,4,4,4,4,4,4,4,4,4,4,4"],
        &["the count of A is 17179869185"],
    );
    bad(
        &["analyze", "--ranks", "1,1,1,1,1,0,0,0,0,0,0,0,0"],
        &["at least 6 cards"],
    );
    // The heart with the emoji variation selector phones add is the heart.
    let output = run(&["deal", "4♥\u{FE0F}", "2♠", "9♣", "A♦", "8♦"], b"");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn batch_lines_fail_alone_and_never_name_standard_input() {
    // A batch on standard input naming standard input as a line's rules: an error object,
    // not a deadlock.
    let output = run(
        &["analyze", "--batch", "-"],
        b"{\"decks\":8}\n{\"rules\":\"-\"}\n",
    );
    assert_eq!(output.status.code(), Some(0));
    let lines = super::json_lines(&output.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["sequences"], "4998398275503360");
    assert_eq!(lines[1]["line"], 2);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("standard input")
    );

    // Every bad line is its own error object; the good lines around it are all answered.
    let mut input = Vec::new();
    input.extend_from_slice("\u{FEFF}{\"decks\": 1}\n".as_bytes());
    let bad_lines: &[(&[u8], &str)] = &[
        (
            b"{\"decks\": -1}",
            "decks is `-1`: expected a whole number from 1 to 4294967296",
        ),
        (b"{\"decks\": 0}", "decks is `0`"),
        (b"{\"decks\": 1.5}", "decks is `1.5`"),
        (
            b"{\"decks\": 1e300}",
            "decks is `1e300`: expected a whole number",
        ),
        (b"{\"ranks\": [1, 2]}", "ranks holds 2 counts"),
        (
            b"{\"ranks\": [4,4,4,4,4,4,4,4,4,4,4,4,-4]}",
            "ranks[12] (the count of K) is `-4`",
        ),
        (b"{\"remove\": [\"4H\", \"\"]}", "remove, card 2"),
        (b"{\"remove\": [\"11X\"]}", "`11X` is not a card"),
        (
            b"{\"decks\": 1, \"remove\": [\"AS\", \"AS\"]}",
            "cannot remove A♠ 2 times",
        ),
        (
            b"{\"rules\": \"no-such-variant\"}",
            "neither a file nor a shipped variant",
        ),
        (b"{\"decks\": 8, \"deck\": 8}", "unknown field `deck`"),
        (b"[8]", "one JSON object"),
        (b"{\"decks\": 8", "column"),
        (b"{\"rules\": \"\xff\"}", "not UTF-8"),
    ];
    for (line, _) in bad_lines {
        input.extend_from_slice(line);
        input.extend_from_slice(b"\n{\"decks\": 1}\n");
    }
    let output = run(&["analyze", "--batch", "-"], &input);
    succeeded(&output);
    let lines = super::json_lines(&output.stdout);
    assert_eq!(lines.len(), 1 + 2 * bad_lines.len());
    for (index, (_, needle)) in bad_lines.iter().enumerate() {
        let error = &lines[1 + 2 * index];
        assert_eq!(error["line"], 2 + 2 * index, "{error}");
        assert!(
            error["error"].as_str().unwrap().contains(needle),
            "{needle}: {error}"
        );
        assert_eq!(lines[2 + 2 * index]["sequences"], "14658134400");
    }
}

#[test]
fn endless_input_is_refused_at_a_documented_limit() {
    // A line of more than a mebibyte with no end of line: refused with its line number,
    // without reading the rest.
    let long = vec![b'x'; (1 << 20) + 10];
    for args in [&["verify", "-"][..], &["analyze", "--batch", "-"]] {
        refused(args, &long, 2, &["line 1 is longer than 1048576 bytes"]);
    }
    // Whole files of more than 16 MiB.
    let huge = vec![b' '; (16 << 20) + 1];
    for args in [
        &["analyze", "--rules", "-"][..],
        &["check", "-"],
        &["session", "--script", "-"],
    ] {
        refused(args, &huge, 2, &["larger than 16 MiB"]);
    }
    refused(
        &["fit", "-"],
        &huge,
        2,
        &["a counts document is at most 16777216 bytes"],
    );
    if Path::new("/dev/zero").exists() {
        for args in [
            &["verify", "/dev/zero"][..],
            &["analyze", "--batch", "/dev/zero"],
            &["analyze", "--rules", "/dev/zero"],
            &["session", "--script", "/dev/zero"],
            &["fit", "/dev/zero"],
        ] {
            let output = run(args, b"");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
        }
    }
}

#[test]
fn byte_order_marks_are_accepted_and_bad_encodings_named() {
    let bom = |text: &str| [b"\xef\xbb\xbf".as_slice(), text.as_bytes()].concat();
    let rule_file = repo_file("data/variants/tie-9-to-1.json");
    let output = run(&["analyze", "--rules", "-"], &bom(&rule_file));
    succeeded(&output);
    let table = repo_file("data/claims/004-banque.tsv");
    let output = run(&["check", "-"], &bom(&table));
    assert!(String::from_utf8_lossy(&output.stdout).contains("Banco on 3"));
    let counts = repo_file("docs/examples/oracle/counts.json");
    let output = run(&["fit", "-"], &bom(&counts));
    assert_ne!(
        output.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let script = repo_file("docs/examples/session/two-deals.json");
    let output = run(&["session", "--script", "-"], &bom(&script));
    succeeded(&output);

    refused(
        &["analyze", "--rules", "-"],
        b"{\n  \"name\": \"\xff\"\n}",
        2,
        &["line 2, column 12: not UTF-8"],
    );
    refused(
        &["session", "--script", "-"],
        b"\xc3",
        2,
        &["line 1, column 1: not UTF-8"],
    );
}

#[test]
fn a_terminal_answer_that_is_not_utf8_is_asked_again() {
    let answers = b"Ann\nBo\xff\nBob\n\nDee\nn\n";
    let output = run(&["session", "--seed", "1", "--deals", "1"], answers);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("That answer is not UTF-8 text: type it again."),
        "{text}"
    );
    assert!(text.contains("Name of participant 3"), "{text}");
    let output = run(
        &["session", "--seed", "1", "--deals", "1", "--lang", "fr"],
        answers,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Cette réponse n’est pas du texte UTF-8"),
        "{text}"
    );
}

/// Standard output to `/dev/full`: every command says so on one line and exits 2.
#[test]
fn a_failed_write_is_an_error_never_exit_0() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let commands: &[&[&str]] = &[
        &["analyze"],
        &["analyze", "--format", "json"],
        &["rules"],
        &["deal", "4H", "2S", "9C", "AD", "8D"],
        &["check", "data/claims/004-banque.tsv"],
        &["chemin"],
        &["decisions"],
        &["verify", "docs/examples/oracle/good.jsonl"],
        &["vectors"],
        &["fit", "docs/examples/oracle/counts.json"],
        &["fit", "--plan", "data/claims/004-banque.tsv"],
        &["eor"],
        &["shoe-sim", "--shoes", "2"],
        &[
            "session",
            "--script",
            "docs/examples/session/two-deals.json",
        ],
        &["session-odds", "--deals", "2"],
        &["analyze", "--batch", "docs/examples/batch/shoes.jsonl"],
        &["--help"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = run_to(args, b"", Some(full));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write the output: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("vectors, sha256"), "{args:?}: {stderr}");
    }
    // The interactive session stops at its first prompt.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = run_to(&["session"], b"Ann\n", Some(full));
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_failing_standard_error_is_no_panic() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["analyze", "--decks", "0"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["vectors", "--decks", "1"])
        .stdout(Stdio::null())
        .stderr(full)
        .output()
        .unwrap();
    // The count and checksum it reports there are output: losing them is an error, not a panic.
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_closed_pipe_stays_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["vectors", "--decks", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("error"));
}

/// The files a folder holds, by name.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn written_files_are_replaced_whole_and_only_regular_files_are_replaced() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("vectors.csv");
    let target_text = target.to_str().unwrap();
    let args = [
        "vectors",
        "--decks",
        "1",
        "--format",
        "csv",
        "--out",
        target_text,
    ];

    // A new file gets the usual permissions, and no temporary is left beside it.
    let output = run(&args, b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .starts_with("cards,decisions,")
    );
    assert_eq!(names(folder.path()), ["vectors.csv"]);

    // An existing file keeps its mode when replaced.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert_eq!(run(&args, b"").status.code(), Some(0));
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    // A folder, a link and a pipe are refused, and nothing is written anywhere.
    let victim = folder.path().join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let sub = folder.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let link = folder.path().join("link.csv");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let mut refused_targets = vec![sub.clone()];
    if cfg!(unix) {
        refused_targets.push(link.clone());
    }
    let fifo = folder.path().join("fifo");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        refused_targets.push(fifo.clone());
    }
    let before = names(folder.path());
    for refused_target in &refused_targets {
        let path = refused_target.to_str().unwrap();
        refused(
            &["vectors", "--decks", "1", "--out", path],
            b"",
            2,
            &[&format!(
                "cannot write {path}: it exists and is not a regular file"
            )],
        );
        assert_eq!(names(folder.path()), before);
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");

    // A folder that does not exist: an error, and nothing created.
    let gone = folder.path().join("gone").join("vectors.csv");
    refused(
        &["vectors", "--decks", "1", "--out", gone.to_str().unwrap()],
        b"",
        2,
        &["cannot write"],
    );
    assert!(!folder.path().join("gone").exists());
    assert_eq!(names(folder.path()), before);

    // Two runs at once each replace the file whole.
    let children: Vec<_> = (0..2)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_punto-banco"))
                .args(args)
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let expected = run(&["vectors", "--decks", "1", "--format", "csv"], b"").stdout;
    assert_eq!(std::fs::read(&target).unwrap(), expected);
    assert_eq!(names(folder.path()), before);
}

#[cfg(feature = "docs-tool")]
#[test]
fn docs_write_refuses_a_folder_it_cannot_read() {
    bad(
        &["docs", "--dir", "no/such/folder"],
        &["cannot read no/such/folder"],
    );
}

#[test]
fn the_largest_shoes_accepted_are_analysed_exactly() {
    for args in [
        &["analyze", "--decks", "268435457", "--format", "json"][..],
        &["analyze", "--decks", "4294967296", "--format", "json"],
        &[
            "analyze",
            "--ranks",
            "17179869184,4,4,4,4,4,4,4,4,4,4,4,4",
            "--format",
            "json",
        ],
    ] {
        let output = run(args, b"");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let n = num_bigint::BigUint::from(doc["shoe"]["cards"].as_u64().unwrap());
        let expected: num_bigint::BigUint = (0u32..6)
            .map(|k| &n - num_bigint::BigUint::from(k))
            .product();
        assert_eq!(doc["sequences"], expected.to_string(), "{args:?}");
    }
    for args in [
        &["eor", "--decks", "268435457"][..],
        &["session-odds", "--decks", "4294967296", "--deals", "1"],
    ] {
        assert_eq!(run(args, b"").status.code(), Some(0), "{args:?}");
    }
    // A huge shoe in a batch is one more line answered, never the end of the batch.
    let mut input = "{\"decks\": 1}\n".repeat(5);
    input.push_str("{\"decks\": 300000000}\n");
    input.push_str(&"{\"decks\": 1}\n".repeat(5));
    let output = run(&["analyze", "--batch", "-"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let lines = super::json_lines(&output.stdout);
    assert_eq!(lines.len(), 11);
    assert!(lines.iter().all(|l| l.get("error").is_none()));
    assert_eq!(lines[5]["shoe"]["cards"], 15_600_000_000u64);
}

/// A log on standard input, checked as `verify -`: the first line of its report.
fn first_finding(log: &str) -> String {
    let output = run(&["verify", "-"], log.as_bytes());
    assert_ne!(output.status.code(), Some(101), "{log}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn log_lines_that_cannot_be_read_are_malformed_never_disagreements() {
    let coup = r#""cards": ["4H", "2S", "9C", "AD", "8D"], "winner": "banco""#;
    for (claim, needle) in [
        (r#""net": {"banco": "abc"}"#, "net.banco is `abc`: expected"),
        (r#""net": {"banco": ""}"#, "net.banco is an empty string"),
        (r#""net": {"banco": "19/0"}"#, "net.banco is `19/0`"),
        (r#""net": {"banco": "1e-2"}"#, "net.banco is `1e-2`"),
        (
            r#""punto_total": 12"#,
            "punto_total is 12: expected a whole number from 0 to 9",
        ),
        (r#""banco_total": -1"#, "banco_total"),
    ] {
        let line = format!("{{{coup}, {claim}}}\n");
        let finding = first_finding(&line);
        assert!(finding.contains(needle), "{line}: {finding}");
        let output = run(&["verify", "-", "--format", "json"], line.as_bytes());
        let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(doc["summary"]["malformed"], 1, "{line}");
        assert_eq!(
            doc["summary"]["disagreeing"]["total"].as_u64().unwrap_or(0),
            0,
            "{line}"
        );
    }
    // An array is not a record.
    let finding = first_finding("[[\"4H\",\"2S\",\"9C\",\"AD\",\"8D\"],null,\"banco\"]\n");
    assert!(
        finding.contains("column 1: invalid type: sequence"),
        "{finding}"
    );
    // Invalid UTF-8 is named with its line and column.
    let output = run(&["verify", "-"], b"{\"cards\": [\"4\xffH\"]}\n");
    assert!(
        String::from_utf8_lossy(&output.stdout)
            .contains("line 1: column 14: byte 0xFF is not UTF-8")
    );
    // The cards of a line wrong only in its claims were still dealt.
    let log = "{\"shoe\": {\"decks\": 1}}\n\
               {\"cards\": [\"AS\",\"2S\",\"9C\",\"AD\",\"8D\"], \"winner\": \"banco\", \"net\": {\"banco\": \"x\"}}\n\
               {\"cards\": [\"AS\",\"2H\",\"9H\",\"AH\",\"8H\"], \"winner\": \"banco\"}\n";
    let output = run(&["verify", "-"], log.as_bytes());
    assert!(String::from_utf8_lossy(&output.stdout).contains("line 3: A♠ is dealt a 2nd time"));
    // A log in which no coup could be read is bad input, not a disagreement.
    for log in ["", "\n\n", "{\"shoe\": {\"decks\": 8}}\n", "nonsense\n"] {
        refused(
            &["verify", "-"],
            log.as_bytes(),
            2,
            &["no line of the log could be read as a coup"],
        );
    }
}

#[test]
fn counts_that_cannot_be_counted_are_refused_by_name() {
    let max = u64::MAX;
    refused(
        &["fit", "-"],
        format!("{{\"outcomes\": {{\"punto\": {max}, \"banco\": 1, \"tie\": 0}}}}").as_bytes(),
        2,
        &["outcomes: the counts add up to more than 18446744073709551615"],
    );
    let row = "[1,1,1,1,1,1,1,1,1,1]";
    refused(
        &["fit", "-"],
        format!("{{\"positions\": [{row},{row},{row},{row},{row}]}}").as_bytes(),
        2,
        &["positions has 5 entries"],
    );
    refused(&["fit", "-"], b"[1, 2, 3]", 2, &["-:"]);
    refused(
        &["fit", "-"],
        b"{\"outcomes\": {\"punto\": -3}}",
        2,
        &["-:"],
    );
}

#[test]
fn scripts_name_one_field_its_value_and_its_line() {
    for (script, needle) in [
        (
            r#"{"participants": ["A", "B"], "rounds": [{"predictions": {"A": "P", "B": "B", "A": "T"}}]}"#,
            "line 1, column 78: round 1 `predictions` has \"A\" twice",
        ),
        (
            r#"{"participants": ["A", "B"], "decks": 1, "rounds": [{"predictions": {"A": "P", "B": "B"}, "cards": ["AS","AS","AS","AS","AS","AS"]}]}"#,
            "A♠ is given 6 times, but a shoe of 1 deck holds 1 of each card",
        ),
        (
            "{\"participants\": [\"A\", \"B\"],\n \"stake\": 0}",
            "line 2, column 11: `stake` is 0: expected a whole number from 1 to 1000000000",
        ),
        (
            r#"[["A", "B"]]"#,
            "line 1, column 1: the script is an array",
        ),
        (
            r#"{"participants": ["A", "B"], "deals": -1}"#,
            "`deals` is -1",
        ),
        (
            r#"{"participants": ["A", "B"], "decks": 1e3}"#,
            "`decks` is 1e3",
        ),
    ] {
        refused(
            &["session", "--script", "-"],
            script.as_bytes(),
            2,
            &[needle],
        );
    }
}

#[test]
fn claimed_tables_are_read_as_card_tables_write_them_or_refused() {
    // Columns headed A to 10, H for a draw: the reference tableau, no difference.
    let output = run(&["check", "data/claims/card-columns.tsv"], b"");
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("Columns read as Punto's third card A, 2, 3, …, 9, 10"),
        "{text}"
    );
    assert!(
        text.contains("Drawing differences from the reference: 0"),
        "{text}"
    );
    // A header with a label that is no third card is refused with its line, never guessed.
    let grid = "Banco\t0\t1\t2\t3\t4\t5\t6\t7\t8\tfoo\n0\tD\tD\tD\tD\tD\tD\tD\tD\tD\tD\n";
    refused(
        &["check", "-"],
        grid.as_bytes(),
        2,
        &["`foo` is not a column heading"],
    );
    let grid = "Banco\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9\n10\tD\tD\tD\tD\tD\tD\tD\tD\tD\tD\n";
    refused(
        &["check", "-"],
        grid.as_bytes(),
        2,
        &["`10` is not a Banco total"],
    );
    // A claim stated with more decimals than any figure needs: refused, not a panic.
    let reference = repo_file("data/variants/reference.json");
    let value: serde_json::Value = serde_json::from_str(&reference).unwrap();
    let mut value = value;
    let claims = value["claims"].as_array_mut().unwrap();
    let digits = format!("0.{}", "1".repeat(65_534));
    let first = claims[0].as_object_mut().unwrap();
    let figure = first
        .iter()
        .find(|(_, v)| v.is_string())
        .map(|(k, _)| k.clone())
        .unwrap();
    first.insert(figure, serde_json::Value::String(digits));
    refused(
        &["check", "-"],
        value.to_string().as_bytes(),
        2,
        &["at most 100 are accepted"],
    );
}

#[test]
fn rule_files_are_refused_with_line_column_and_field() {
    for (file, needle) in [
        (
            "commission-as-number.json",
            "line 22, column 63: commission is 500%",
        ),
        (
            "missing-cell.json",
            "line 13, column 33: drawing.banco.\"3\" has 10 cells",
        ),
        (
            "negative-payout.json",
            "line 21, column 106: `-1` is negative",
        ),
        (
            "negative-rank-count.json",
            "line 5, column 59: shoe.ranks[9] (the count of 10) is `-1`",
        ),
        (
            "unknown-field.json",
            "line 5, column 9: unknown field `decks`",
        ),
        (
            "grid-ten-beside-zero.tsv",
            "line 3, column 28: `10` names Punto's third card 0",
        ),
    ] {
        let path = format!("docs/examples/broken/{file}");
        for command in ["analyze", "eor", "vectors", "verify"] {
            let mut args = vec![command, "--rules", path.as_str()];
            if command == "verify" {
                args.push("docs/examples/oracle/good.jsonl");
            }
            bad(&args, &[&path, needle]);
        }
    }
    // The shoe is read once the file is: these are whole files with one bad shoe.
    let reference = repo_file("data/variants/reference.json");
    let shoe = |spec: &str| reference.replacen("\"shoe\": {\"decks\": 8}", spec, 1);
    for (text, needle) in [
        (
            shoe("\"shoe\": [8]"),
            "line 6, column 11: invalid type: sequence, expected a shoe object",
        ),
        (shoe("\"shoe\": {\"decks\": 0}"), "shoe.decks is `0`"),
        (shoe("\"shoe\": {\"decks\": 4294967297}"), "4294967297"),
        (
            "[]".to_string(),
            "the text is a list in JSON, not an object",
        ),
        (String::new(), "no tableau found"),
    ] {
        refused(&["analyze", "--rules", "-"], text.as_bytes(), 2, &[needle]);
    }
}

#[test]
fn a_batch_line_never_reads_standard_input_by_another_name() {
    for name in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"] {
        if !Path::new(name).exists() {
            continue;
        }
        let mut input = format!("{{\"rules\": \"{name}\"}}\n");
        input.push_str(&"{\"decks\": 1}\n".repeat(50));
        let output = run(&["analyze", "--batch", "-"], input.as_bytes());
        let lines = super::json_lines(&output.stdout);
        assert_eq!(lines.len(), 51, "{name}");
        assert!(
            lines[0]["error"]
                .as_str()
                .unwrap()
                .contains("not a regular file"),
            "{name}"
        );
    }
}

#[test]
fn a_batch_line_too_long_is_answered_after_every_line_before_it() {
    let mut input = "{\"decks\": 1}\n".repeat(50).into_bytes();
    input.extend_from_slice(b"{\"decks\": 1, \"x\": \"");
    input.extend(std::iter::repeat_n(b'a', (1 << 20) + 10));
    input.extend_from_slice(b"\"}\n{\"decks\": 1}\n");
    let output = run(&["analyze", "--batch", "-"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("line 51 is longer than 1048576 bytes")
    );
    let lines = super::json_lines(&output.stdout);
    assert_eq!(lines.len(), 51);
    assert!(lines[..50].iter().all(|l| l["sequences"] == "14658134400"));
    assert_eq!(lines[50]["line"], 51);
    // A line of exactly the limit is a line, whatever its line break.
    for end in ["\n", "\r\n"] {
        let mut line = b"{\"decks\": 1, \"x\": \"".to_vec();
        line.extend(std::iter::repeat_n(b'a', (1 << 20) - line.len() - 2));
        line.extend_from_slice(b"\"}");
        assert_eq!(line.len(), 1 << 20);
        line.extend_from_slice(end.as_bytes());
        let output = run(&["analyze", "--batch", "-"], &line);
        assert_eq!(output.status.code(), Some(0), "{end:?}");
    }
}

#[test]
fn lists_and_inputs_are_refused_where_they_are_ambiguous() {
    bad(
        &["deal", "4H,", "2S", "9C", "AD", "8D"],
        &["card 2 is missing"],
    );
    bad(
        &["deal", "4H", "2S", "9C", "AD", "8D", "XX"],
        &["card 6: `XX` is not a card"],
    );
    bad(
        &["analyze", "--remove", "8S,"],
        &["--remove: card 2 is missing"],
    );
    bad(
        &["analyze", "--ranks", "4,,4,4,4,4,4,4,4,4,4,4,4"],
        &["--ranks: rank count 2 (for 2) is ``"],
    );
    bad(
        &["analyze", "--ranks", "4,4,4,4,4,4,4,4,4,4,4,4,4,"],
        &["--ranks: ", "got 14"],
    );
    let output = run(&["analyze", "--batch", "-"], b"{\"remove\": []}\n");
    assert!(String::from_utf8_lossy(&output.stdout).contains("remove is an empty list"));
    for args in [
        &["verify", "-", "--rules", "-"][..],
        &["fit", "-", "--rules", "-"],
        &["analyze", "--batch", "-", "--rules", "-"],
    ] {
        bad(args, &["each name standard input"]);
    }
    bad(
        &["session", "--format", "json"],
        &["--format markdown or json is for a scripted session"],
    );
    bad(
        &["vectors", "--out", "no/such/folder/vectors.jsonl"],
        &["cannot write no/such/folder/vectors.jsonl: the folder no/such/folder does not exist"],
    );
}

#[test]
fn a_byte_order_mark_before_the_first_answer_is_no_part_of_it() {
    let answers = "\u{FEFF}Alice\nBruno\n\nDana\nn\nP\nB\n";
    let output = run(
        &["session", "--seed", "1", "--deals", "1"],
        answers.as_bytes(),
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains('\u{FEFF}'), "{text}");
    assert!(text.contains("Alice"), "{text}");
}

#[test]
fn a_report_lost_to_a_full_disk_is_an_error_even_when_the_check_fails() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["check", "docs/examples/known-errors.json"][..],
        &["fit", "docs/examples/oracle/counts-nine-first.json"],
        &["verify", "docs/examples/oracle/wrong.jsonl"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = run_to(args, b"", Some(full));
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("cannot write the output"));
    }
    // The count and checksum of the vectors are output too.
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("v.jsonl");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["vectors", "--decks", "1", "--out", target.to_str().unwrap()])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[cfg(feature = "docs-tool")]
#[test]
fn docs_examples_run_from_the_repository_root_and_a_broken_one_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let docs = folder.path().join("docs");
    std::fs::create_dir(&docs).unwrap();
    let page =
        "# A page\n\n```console\n$ punto-banco check data/claims/004-banque.tsv\nits output\n```\n";
    std::fs::write(docs.join("page.md"), page).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(["docs", "--write", "--dir", docs.to_str().unwrap()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "docs/page.md: the example `punto-banco check data/claims/004-banque.tsv` now fails"
        ),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(docs.join("page.md")).unwrap(), page);
}

// session-odds --players: a table of fixed predictions, read from one comma-separated list.

/// Every malformed list is refused with the item's position and what is accepted.
#[test]
fn session_odds_players_lists_are_read_with_positions() {
    let accepted = "expected P, B or T: Punto, Banco or Tie";
    let cases: &[(&str, &[&str])] = &[
        ("", &["--players is ``", "the list of players is empty"]),
        (
            "   ",
            &["the list of players is empty", "such as punto,banco,tie"],
        ),
        (",", &["player 1 of the list is empty", accepted]),
        ("punto,,tie", &["player 2 of the list is empty", accepted]),
        ("punto,tie,", &["player 3 of the list is empty", accepted]),
        (
            "punto,dragon",
            &[
                "player 2 of the list, `dragon`, is not a prediction",
                accepted,
            ],
        ),
        (
            "punto;banco",
            &["player 1 of the list, `punto;banco`, is not a prediction"],
        ),
        ("p\tb", &["player 1 of the list", "is not a prediction"]),
    ];
    for (list, needles) in cases {
        bad(&["session-odds", "--players", list], needles);
    }
    let too_many = vec!["b"; 65].join(",");
    bad(
        &["session-odds", "--players", &too_many],
        &["the list has 65 players: expected at most 64"],
    );
    // A list far too long is refused as quickly, without a panic.
    let huge = vec!["tie"; 20_000].join(",");
    let output = run(&["session-odds", "--players", &huge], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the list has 20000 players"));
    // The most players, and prediction words of either language, are accepted.
    let most = vec!["E"; 64].join(",");
    succeeded(&run(
        &["session-odds", "--deals", "2", "--players", &most],
        b"",
    ));
    succeeded(&run(
        &[
            "session-odds",
            "--deals",
            "2",
            "--players",
            " Punto , banque,Égalité ",
        ],
        b"",
    ));
}

/// Long sessions: the bound on the deals, and tariffs whose odds need more work than the
/// budget, refused at once with the most deals that fit. The two rule files of the issue's
/// time bombs: 38 pay lines in tenths of a stake (10,000 deals once ran past ten minutes),
/// and in sevenths, elevenths and thirteenths (3,664 deals were refused with a saturated
/// count and a wrong limit while 3,663 were accepted and took hours).
#[test]
fn session_odds_long_sessions_are_bounded() {
    bad(
        &["session-odds", "--deals", "10001"],
        &["--deals is `10001`: expected a whole number from 1 to 10000"],
    );
    let ez = ["-r", "ez-baccarat", "--players", "punto,banco,tie"];
    let tenths = ["-r", "docs/examples/session/tenths.json"];
    let sevenths = ["-r", "docs/examples/session/sevenths.json"];
    let table = ["--players", "punto,banco,tie"];
    for (case, deals) in [
        (&ez[..], "1000"),
        (&tenths[..], "10000"),
        (&tenths[..], "3664"),
        (&[&tenths[..], &table[..]].concat()[..], "10000"),
        (&sevenths[..], "3664"),
        (&sevenths[..], "10000"),
        (&[&sevenths[..], &table[..]].concat()[..], "10000"),
    ] {
        let mut args = vec!["session-odds", "--deals", deals];
        args.extend_from_slice(case);
        let output = run(&args, b"");
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "the odds of {deals} deals under this tariff need "
            )),
            "{args:?}: {stderr}"
        );
        for saturated in [
            "18446744073709551615",
            "340282366920938463463374607431768211455",
        ] {
            assert!(!stderr.contains(saturated), "{args:?}: {stderr}");
        }
        // The limit named is a whole number below the deals asked for, and one deal more is
        // refused naming the same limit: the refusal does not depend on the deals asked for.
        let most: u32 = stderr
            .trim_end()
            .rsplit_once("use at most ")
            .and_then(|(_, m)| m.strip_suffix(" deals"))
            .and_then(|m| m.parse().ok())
            .unwrap_or_else(|| panic!("{args:?}: no limit in {stderr}"));
        assert!(
            most >= 1 && most < deals.parse().unwrap(),
            "{args:?}: {stderr}"
        );
        let above = (most + 1).to_string();
        args[2] = &above;
        refused(&args, b"", 2, &[&format!("use at most {most} deals")]);
    }
}

// `analyze --fields` and `analyze --format csv` (issue 11, item 2): the field list, and CSV
// with its error rows.

#[test]
fn field_lists_are_refused_naming_the_field_and_what_is_accepted() {
    let accepted = "expected one of bets, cards_used, draws, final_states, naturals, outcomes";
    for (list, needles) in [
        (
            "",
            &[
                "--fields",
                "the list of fields is empty",
                "ties_by_total, line",
            ][..],
        ),
        (",", &["--fields", "field 1 is empty"]),
        ("outcomes,", &["--fields", "field 2 is empty"]),
        ("outcome", &["--fields", "field 1, `outcome`", accepted]),
        (
            "outcomes,OUTCOMES",
            &["--fields", "field 2, `OUTCOMES`", accepted],
        ),
        (
            "outcomes,bets,outcomes",
            &["--fields", "field 3, `outcomes`, is already named"],
        ),
        (
            "line, line",
            &["--fields", "field 2, `line`, is already named"],
        ),
        ("outcomes;bets", &["--fields", "`outcomes;bets`", accepted]),
    ] {
        for batch in [
            &["--batch", "docs/examples/batch/shoes.jsonl"][..],
            &["-f", "json"],
        ] {
            let mut args = vec!["analyze", "--fields", list];
            args.extend_from_slice(batch);
            bad(&args, needles);
        }
    }
    // A name of any length is quoted short: the message stays one short line.
    let long = "x".repeat(100_000);
    bad(
        &["analyze", "--batch", "-", "--fields", &long],
        &["field 1, `xxxx"],
    );
}

#[test]
fn fields_without_a_batch_need_json_or_csv_and_no_line() {
    bad(
        &["analyze", "--fields", "outcomes"],
        &[
            "--fields chooses parts of the JSON document or columns of the CSV",
            "--format json",
        ],
    );
    bad(
        &["analyze", "--fields", "outcomes", "-f", "markdown"],
        &["--format csv"],
    );
    bad(
        &["analyze", "--fields", "outcomes,line", "-f", "json"],
        &["--fields: `line` is the number of a batch line", "--batch"],
    );
    // One shoe in CSV: a header and one row, without the batch's `line` and `error` columns.
    let output = run(
        &["analyze", "-f", "csv", "--fields", "outcomes", "-d", "1"],
        b"",
    );
    succeeded(&output);
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("outcomes.banco.count,"), "{text}");
    assert_eq!(lines[0].split(',').count(), lines[1].split(',').count());
    // One shoe with fields in JSON: the document's parts, pretty.
    let output = run(&["analyze", "-f", "json", "--fields", "sequences"], b"");
    succeeded(&output);
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "{\n  \"schema\": 1,\n  \"sequences\": \"4998398275503360\"\n}\n"
    );
}

#[test]
fn bad_lines_in_csv_are_rows_naming_their_line_and_the_rest_go_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"decks\": 1}\n");
    input.extend_from_slice(b"{\"decks\": 1, \"deck\": 2}\n");
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"{\"rules\": \"\xff\"}\n");
    input.extend_from_slice(b"{\"remove\": [\"8X\", \"9,\\\"\"]}\n");
    input.extend_from_slice(b"{\"rules\": \"ez-baccarat\"}\n");
    input.extend_from_slice(b"{\"decks\": 1}");
    let output = run(
        &[
            "analyze",
            "--batch",
            "-",
            "-f",
            "csv",
            "--fields",
            "outcomes,bets",
        ],
        &input,
    );
    succeeded(&output);
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 6, "{text}");
    assert!(lines[0].starts_with("line,outcomes.banco.count,"), "{text}");
    assert!(
        lines[0].ends_with(",bets.tie.net_distribution,error"),
        "{text}"
    );
    let width = lines[0].split(',').count();
    assert!(
        lines[1].starts_with("1,") && lines[1].ends_with(','),
        "{text}"
    );
    assert!(
        lines[6].starts_with("7,") && lines[6].ends_with(','),
        "{text}"
    );
    for (line, number, needle) in [
        (
            lines[2],
            "2",
            "\"column 19: unknown field `deck`, expected one of `card_counts`, `decks`, `ranks`, `remove`, `rules`\"",
        ),
        (lines[3], "4", "column 12: the line is not UTF-8 text"),
        (lines[4], "5", "\"remove, card 1: `8X` is not a card"),
        (
            lines[5],
            "6",
            "\"the rules `ez-baccarat` do not give this CSV's columns",
        ),
    ] {
        let empty = ",".repeat(width - 2);
        assert!(line.starts_with(&format!("{number}{empty}")), "{line}");
        assert!(line.contains(needle), "{needle}: {line}");
    }
    // A batch that cannot be read at all is still one error line and exit 2.
    bad(
        &["analyze", "--batch", "no/such/file.jsonl", "-f", "csv"],
        &["no/such/file.jsonl"],
    );
}

// ---- shoe-sim partials and `shoe-sim merge` (issue 11, item 4) ----

/// The run the partials below are shards of: six one-deck shoes.
const SMALL_RUN: [&str; 8] = ["--shoes", "6", "--seed", "7", "-d", "1", "--cut", "12"];

/// Three partials of a small run (its shards 1/3, 2/3 and 3/3) in a temporary folder, with
/// their paths: [`SMALL_RUN`] with one flag changed by `other` (a flag and its value), if
/// given.
fn partials(folder: &Path, other: &[&str]) -> Vec<String> {
    let mut flags = SMALL_RUN.to_vec();
    if let [flag, value] = other {
        match flags.iter().position(|f| f == flag) {
            Some(i) => flags[i + 1] = value,
            None => flags.extend([*flag, *value]),
        }
    }
    (1..=3)
        .map(|k| {
            let path = folder.join(format!("part-{k}.json"));
            let path = path.to_str().unwrap().to_string();
            let shard = format!("{k}/3");
            let args = [
                &["shoe-sim"][..],
                &flags,
                &["--shard", &shard, "--partial", "-o", &path],
            ]
            .concat();
            succeeded(&run(&args, b""));
            path
        })
        .collect()
}

/// A partial edited as JSON, written beside the others; its path.
fn edited(path: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut doc);
    let target = format!("{path}.edited.json");
    std::fs::write(&target, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    target
}

#[test]
fn partials_that_are_not_partials_are_refused_with_the_file_and_the_field() {
    let folder = tempfile::tempdir().unwrap();
    let parts = partials(folder.path(), &[]);
    let write = |name: &str, contents: &[u8]| {
        let path = folder.path().join(name);
        std::fs::write(&path, contents).unwrap();
        path.to_str().unwrap().to_string()
    };
    let merge_one = |path: &str, needles: &[&str]| {
        let mut needles = needles.to_vec();
        needles.push(path);
        bad(&["shoe-sim", "merge", path], &needles);
    };
    merge_one(
        &write("text.json", b"not json at all"),
        &["line 1, column 2", "expected a shoe-sim partial"],
    );
    merge_one(&write("empty.json", b""), &["line 1, column 0"]);
    merge_one(&write("array.json", b"[1, 2]"), &["invalid type"]);
    merge_one(&write("binary.json", b"\xff\xfe{}"), &["not UTF-8"]);
    merge_one(
        &edited(&parts[0], |d| d["schema"] = 2.into()),
        &["schema is 2: expected 1"],
    );
    merge_one(
        &edited(&parts[0], |d| d["kind"] = "analysis".into()),
        &["kind is `analysis`"],
    );
    merge_one(
        &edited(&parts[0], |d| d["extra"] = 1.into()),
        &["unknown field `extra`"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            d.as_object_mut().unwrap().remove("coups");
        }),
        &["missing field `coups`"],
    );
    merge_one(
        &edited(&parts[0], |d| d["seed"] = 7.into()),
        &["invalid type: integer `7`, expected a string"],
    );
    merge_one(
        &edited(&parts[0], |d| d["seed"] = "-7".into()),
        &["seed is `-7`: expected a whole number"],
    );
    merge_one(
        &edited(&parts[0], |d| d["coups"] = "18446744073709551616".into()),
        &["coups is `18446744073709551616`"],
    );
    merge_one(
        &edited(&parts[0], |d| d["decks"] = 0.into()),
        &["decks is 0: expected 1 to 65536"],
    );
    merge_one(&edited(&parts[0], |d| d["cut"] = 3.into()), &["cut is `3`"]);
    merge_one(
        &edited(&parts[0], |d| d["shoes"] = "0".into()),
        &["shoes is 0"],
    );
    merge_one(
        &edited(&parts[0], |d| d["rules"]["sha256"] = "abc".into()),
        &["rules.sha256 is `abc`"],
    );
    merge_one(
        &edited(&parts[0], |d| d["shards"]["first"] = "4".into()),
        &["shard 4 of 3 does not exist"],
    );
    merge_one(
        &edited(&parts[0], |d| d["shards"]["first"] = "2".into()),
        &["shards 2 to 1: the first comes after the last"],
    );
    merge_one(
        &edited(&parts[0], |d| d["shards"]["count"] = "0".into()),
        &["at least one shard"],
    );
    merge_one(
        &edited(&parts[0], |d| d["bets"][1]["advantage_sum"] = "2/4".into()),
        &["bets.banco.advantage_sum is `2/4`: expected a reduced fraction"],
    );
    merge_one(
        &edited(&parts[0], |d| d["bets"][0]["advantage_sum"] = "1/0".into()),
        &["bets.punto.advantage_sum is `1/0`"],
    );
    // An exact value of 300,000 digits is refused before it is read.
    merge_one(
        &edited(&parts[0], |d| {
            d["bets"][0]["advantage_sum"] = format!("{}/1", "7".repeat(300_000)).into()
        }),
        &["bets.punto.advantage_sum has 300000 digits, more than the 200000"],
    );
    // A file of more than 16 MiB (one huge line) is refused without being held whole.
    let huge = vec![b' '; (16 << 20) + 10];
    merge_one(&write("huge.json", &huge), &["larger than 16 MiB"]);
    bad(
        &["shoe-sim", "merge", folder.path().to_str().unwrap()],
        &["is a folder"],
    );
    bad(
        &["shoe-sim", "merge", "no/such/part.json"],
        &["cannot read no/such/part.json"],
    );
    bad(
        &["shoe-sim", "merge", "-", "-"],
        &["standard input (`-`) is named twice"],
    );
    bad(&["shoe-sim", "merge"], &["missing <PART>"]);
}

#[test]
fn partials_whose_counts_do_not_add_up_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    let parts = partials(folder.path(), &[]);
    let merge_one = |path: &str, needles: &[&str]| {
        let mut needles = needles.to_vec();
        needles.push("the counts do not add up");
        bad(&["shoe-sim", "merge", path], &needles);
    };
    merge_one(
        &edited(&parts[0], |d| d["shoes_dealt"] = "3".into()),
        &["shoes_dealt is 3, but shards 1/3 of a run of 6 shoes hold 2"],
    );
    merge_one(
        &edited(&parts[0], |d| d["coups"] = "1".into()),
        &["coups is 1, but 2 shoes of 1 decks dealt to 12 cards hold"],
    );
    merge_one(
        &edited(&parts[0], |d| d["coups"] = "1000".into()),
        &["coups is 1000"],
    );
    let favourable = |value: &str| {
        let value = value.to_string();
        edited(&parts[0], move |d| {
            d["bets"][2]["favourable_coups"] = value.into()
        })
    };
    merge_one(
        &favourable("100000"),
        &["bet `tie`: 100000 favourable coups of"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            d["bets"][0]["favourable_coups"] = "1".into();
        }),
        &["bet `punto`: 1 favourable coups"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            d["bets"][0]["best_advantage"] = "1/2".into();
        }),
        &["bet `punto`"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            d["bets"][0]["favourable_coups"] = "2".into();
            d["bets"][0]["advantage_sum"] = "3/2".into();
            d["bets"][0]["best_advantage"] = "1/2".into();
        }),
        &["sum 3/2, best 1/2"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            let bet = d["bets"][0].clone();
            d["bets"].as_array_mut().unwrap().push(bet);
        }),
        &["bet `punto` is listed twice"],
    );
    merge_one(
        &edited(&parts[0], |d| d["bets"] = serde_json::json!([])),
        &["bets is empty"],
    );
    // The figures by band of cards left: their width, their number, each field, their sums.
    merge_one(
        &edited(&parts[0], |d| d["band_width"] = 2.into()),
        &["band_width is 2: expected 1 for a shoe of 52 cards"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            let text = d["coups_by_band"].as_str().unwrap().to_string();
            d["coups_by_band"] = text.split_once(' ').unwrap().1.into();
        }),
        &["coups_by_band has 52 fields separated by spaces: expected 53"],
    );
    merge_one(
        &edited(&parts[0], |d| {
            d["coups_by_band"] = format!("{}{}", "0 ".repeat(100_000), "0").into();
        }),
        &["coups_by_band has more than 53 fields"],
    );
    let path = edited(&parts[0], |d| {
        let text = d["bets"][0]["favourable_by_band"].as_str().unwrap();
        d["bets"][0]["favourable_by_band"] = text.replacen('0', "x", 1).into();
    });
    bad(
        &["shoe-sim", "merge", &path],
        &[
            "bets.punto.favourable_by_band is `x`: expected a whole number",
            &path,
        ],
    );
    let path = edited(&parts[0], |d| {
        let text = d["bets"][0]["advantage_by_band"].as_str().unwrap();
        d["bets"][0]["advantage_by_band"] = text.replacen("0/1", "0/0", 1).into();
    });
    bad(
        &["shoe-sim", "merge", &path],
        &[
            "bets.punto.advantage_by_band is `0/0`: expected a reduced fraction",
            &path,
        ],
    );
    merge_one(
        &edited(&parts[0], |d| {
            let mut fields: Vec<u64> = d["coups_by_band"]
                .as_str()
                .unwrap()
                .split(' ')
                .map(|f| f.parse().unwrap())
                .collect();
            let busy = fields.iter().position(|&c| c > 0).unwrap();
            fields[busy] += 1;
            d["coups_by_band"] = fields
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
                .into();
        }),
        &["the figures by band of cards left do not add up to the totals"],
    );
}

#[test]
fn partials_of_other_runs_or_shards_twice_or_missing_are_refused_by_name() {
    let folder = tempfile::tempdir().unwrap();
    let parts = partials(folder.path(), &[]);
    let (a, b, c) = (&parts[0], &parts[1], &parts[2]);
    // Each shard once, in any order: the report.
    succeeded(&run(&["shoe-sim", "merge", c, a, b], b""));
    bad(
        &["shoe-sim", "merge", a, a, b, c],
        &["shard 1 of 3 held twice", a],
    );
    bad(&["shoe-sim", "merge", a, c], &["missing shard 2 of 3"]);
    bad(&["shoe-sim", "merge", b], &["missing shards 1, 3 of 3"]);
    let merged = folder.path().join("merged.json");
    let merged = merged.to_str().unwrap();
    succeeded(&run(
        &["shoe-sim", "merge", "--partial", a, b, "-o", merged],
        b"",
    ));
    bad(
        &["shoe-sim", "merge", merged, b, c],
        &["shard 2 of 3 held twice", merged],
    );
    bad(
        &["shoe-sim", "merge", "--partial", a, c],
        &["missing shard 2 of 3"],
    );
    // Other runs: another seed, decks, rule set; the same name with other rules.
    for (extra, what) in [
        (&["--seed", "8"][..], "its seed is 8, not 7"),
        (&["--shoes", "7"][..], "its number of shoes is 7, not 6"),
        (&["-d", "2"][..], "its number of decks is 2, not 1"),
        (&["--cut", "13"][..], "its cut is 13, not 12"),
        (
            &["-r", "ez-baccarat"][..],
            "its rule set is `ez-baccarat`, not `reference`",
        ),
    ] {
        let other_folder = tempfile::tempdir().unwrap();
        let others = partials(other_folder.path(), extra);
        bad(
            &["shoe-sim", "merge", a, b, &others[2]],
            &[&others[2], "is not a shard of the run of", a, what],
        );
    }
    let renamed = edited(c, |d| d["rules"]["sha256"] = "0".repeat(64).into());
    bad(
        &["shoe-sim", "merge", a, b, &renamed],
        &["its rule set's SHA-256 is 0000"],
    );
    let four = folder.path().join("four.json");
    let four = four.to_str().unwrap();
    let args = [
        &["shoe-sim"][..],
        &SMALL_RUN,
        &["--shard", "4/4", "--partial", "-o", four],
    ]
    .concat();
    succeeded(&run(&args, b""));
    bad(
        &["shoe-sim", "merge", a, b, four],
        &["number of shards is 4, not 3"],
    );
    let version = edited(c, |d| d["version"] = "9.9.9".into());
    bad(
        &["shoe-sim", "merge", a, b, &version],
        &["version of punto-banco is 9.9.9"],
    );
    // Standard input is read once, among files.
    let text = std::fs::read(b).unwrap();
    let output = run(&["shoe-sim", "merge", a, "-", c, "-f", "json"], &text);
    succeeded(&output);
}

#[test]
fn shard_flags_are_refused_outside_their_range() {
    for (value, needle) in [
        ("x", "`x` is not a shard: expected K/N"),
        ("3", "`3` is not a shard"),
        ("-1/3", "`-1/3` is not a shard"),
        (
            "0/3",
            "shard 0 of 3 does not exist: shards are numbered from 1 to 3",
        ),
        ("4/3", "shard 4 of 3 does not exist"),
        ("1/0", "at least one shard, not 0"),
        ("1/99999999999999999999", "is not a shard"),
    ] {
        bad(
            &["shoe-sim", "--shard", value, "--partial"],
            &[&format!("--shard is `{value}`"), needle],
        );
    }
    bad(&["shoe-sim", "--shard", "1/2"], &["--partial"]);
    bad(
        &[
            "shoe-sim",
            "--shoes",
            "5",
            "merge",
            "docs/examples/shoe-sim/part-1.json",
        ],
        &["merge", "cannot be used with"],
    );
}

// Card-level shoes: `--card-counts` on the command line, `card_counts` in batch lines and in
// rule files' `shoe` object. Each bad list is refused naming the flag or field, the position
// and the card it counts, and what is accepted.

/// 52 counts of eight, with `replace` put at `index` (or the list cut or grown to `len`).
fn card_count_list(len: usize, index: usize, replace: &str) -> Vec<String> {
    let mut items = vec!["8".to_string(); len];
    if let Some(item) = items.get_mut(index) {
        *item = replace.to_string();
    }
    items
}

#[test]
fn card_counts_on_the_command_line_are_refused_by_position_and_card() {
    let accepted = "expected a whole number from 0 to 4294967296";
    for (items, needles) in [
        (
            card_count_list(51, 0, "8"),
            vec!["--card-counts: a shoe's cards are 52 counts", "got 51"],
        ),
        (card_count_list(53, 0, "8"), vec!["got 53"]),
        (
            card_count_list(52, 13, "-1"),
            vec!["--card-counts: card count 14 (for 4♥) is `-1`", accepted],
        ),
        (
            card_count_list(52, 0, "11X"),
            vec!["card count 1 (for A♠) is `11X`", accepted],
        ),
        (
            card_count_list(52, 51, "99999999999999999999999"),
            vec!["card count 52 (for K♣) is `99999999999999999999999`"],
        ),
        (
            card_count_list(52, 51, "4294967297"),
            vec!["the count of K♣ is 4294967297: at most 4294967296 (one per deck)"],
        ),
        (
            card_count_list(52, 4, "8.5"),
            vec!["card count 5 (for 2♠) is `8.5`"],
        ),
        (
            card_count_list(52, 5, "\"8\""),
            vec!["card count 6 (for 2♥) is `\"8\"`"],
        ),
        (
            card_count_list(52, 7, ""),
            vec!["card count 8 (for 2♣) is ``"],
        ),
        (card_count_list(0, 0, ""), vec!["got 0"]),
    ] {
        let text = items.join(",");
        for command in ["analyze", "eor", "vectors"] {
            bad(&[command, "--card-counts", &text], &needles);
        }
    }
    let eight = card_count_list(52, 0, "8").join(",");
    bad(
        &["analyze", "--card-counts", &eight, "--decks", "8"],
        &["cannot be used with"],
    );
    bad(
        &[
            "analyze",
            "--card-counts",
            &eight,
            "--ranks",
            "4,4,4,4,4,4,4,4,4,4,4,4,4",
        ],
        &["cannot be used with"],
    );
    let zeros = card_count_list(52, 0, "0")
        .iter()
        .map(|_| "0")
        .collect::<Vec<_>>()
        .join(" ");
    bad(
        &["analyze", "--card-counts", &zeros],
        &["the shoe holds 0 cards"],
    );
    let one = vec!["1"; 52].join(",");
    bad(
        &["analyze", "--card-counts", &one, "--remove", "4H,4H"],
        &["cannot remove 4♥: the shoe has no 4♥ left"],
    );
    bad(
        &["analyze", "--decks", "1", "--remove", "4H,4H"],
        &["cannot remove 4♥ 2 times: 1 deck holds only 1"],
    );
}

#[test]
fn card_counts_in_batch_lines_are_error_lines_naming_the_field_and_card() {
    let line = |items: Vec<String>| format!("{{\"card_counts\": [{}]}}", items.join(","));
    let cases = [
        (
            line(card_count_list(51, 0, "8")),
            "card_counts holds 51 counts: expected 52",
        ),
        (
            line(card_count_list(53, 0, "8")),
            "card_counts holds 53 counts: expected 52",
        ),
        (
            line(card_count_list(52, 13, "-1")),
            "card_counts[13] (the count of 4♥) is `-1`: expected a whole number from 0 to 4294967296",
        ),
        (
            line(card_count_list(52, 0, "\"11X\"")),
            "card_counts[0] (the count of A♠) is `\"11X\"`",
        ),
        (
            line(card_count_list(52, 51, "99999999999999999999999")),
            "card_counts[51] (the count of K♣) is `99999999999999999999999`",
        ),
        (
            line(card_count_list(52, 4, "8.5")),
            "card_counts[4] (the count of 2♠) is `8.5`",
        ),
        (
            line(card_count_list(52, 5, "\"8\"")),
            "card_counts[5] (the count of 2♥) is `\"8\"`",
        ),
        (
            "{\"card_counts\": 8}".to_string(),
            "card_counts is `8`: expected a list of 52 card counts",
        ),
        (
            format!(
                "{{\"decks\": 8, \"card_counts\": [{}]}}",
                card_count_list(52, 0, "8").join(",")
            ),
            "give one of `decks`, `ranks` or `card_counts`, not `decks` and `card_counts`",
        ),
    ];
    let input: String = cases.iter().map(|(line, _)| format!("{line}\n")).collect();
    let output = run(&["analyze", "--batch", "-"], input.as_bytes());
    succeeded(&output);
    let lines = super::json_lines(&output.stdout);
    assert_eq!(lines.len(), cases.len());
    for (number, ((line, needle), out)) in cases.iter().zip(&lines).enumerate() {
        assert_eq!(out["line"], number + 1, "{line}");
        let error = out["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{line}: {out}"));
        assert!(error.contains(needle), "{line}: `{needle}` not in {error}");
    }
}

#[test]
fn card_counts_in_rule_files_are_refused_with_line_column_and_field() {
    let reference = repo_file("data/variants/reference.json");
    let file = |items: Vec<String>| {
        let shoe = format!("\"shoe\": {{\"card_counts\": [{}]}}", items.join(", "));
        let text = reference.replacen("\"shoe\": {\"decks\": 8}", &shoe, 1);
        assert_ne!(text, reference, "the reference file states eight decks");
        text
    };
    for (text, needles) in [
        (
            file(card_count_list(51, 0, "8")),
            vec![
                "line 6, column",
                "shoe.card_counts holds 51 counts: expected 52",
            ],
        ),
        (
            file(card_count_list(53, 0, "8")),
            vec!["shoe.card_counts holds 53 counts"],
        ),
        (
            file(card_count_list(52, 13, "-1")),
            vec![
                "line 6, column",
                "shoe.card_counts[13] (the count of 4♥) is `-1`",
            ],
        ),
        (
            file(card_count_list(52, 51, "4294967297")),
            vec!["shoe.card_counts[51] (the count of K♣) is `4294967297`"],
        ),
        (
            file(card_count_list(52, 51, "99999999999999999999999")),
            vec!["shoe.card_counts[51] (the count of K♣) is `99999999999999999999999`"],
        ),
        (
            file(card_count_list(52, 4, "8.5")),
            vec![
                "line 6, column",
                "shoe.card_counts[4] (the count of 2♠) is `8.5`",
            ],
        ),
        (
            file(card_count_list(52, 0, "\"11X\"")),
            vec!["line 6, column", "shoe.card_counts[0]"],
        ),
        (
            reference.replacen(
                "\"shoe\": {\"decks\": 8}",
                &format!(
                    "\"shoe\": {{\"decks\": 8, \"card_counts\": [{}]}}",
                    vec!["8"; 52].join(",")
                ),
                1,
            ),
            vec![
                "shoe: give one of `decks`, `ranks` or `card_counts`, not `decks` and `card_counts`",
            ],
        ),
        (
            file(vec!["0".to_string(); 52]),
            vec!["shoe: the shoe holds 0 cards"],
        ),
    ] {
        refused(&["analyze", "--rules", "-"], text.as_bytes(), 2, &needles);
    }
}

// ---- eor by card (issue 12, item 6) ----

#[test]
fn eor_by_card_is_refused_without_suits_and_names_its_values() {
    bad(
        &["eor", "--by", "suit"],
        &["--by is `suit`", "expected one of rank, card"],
    );
    bad(
        &[
            "eor",
            "--by",
            "card",
            "--ranks",
            "3,4,4,4,4,4,4,4,4,4,4,4,4",
        ],
        &[
            "--by card removes exact cards",
            "3 As",
            "give the shoe as 52 card counts, or remove by rank",
        ],
    );
    // Too few cards to remove one: the table has dashes, and the run succeeds.
    let output = run(
        &[
            "eor",
            "--by",
            "card",
            "--ranks",
            "4,4,0,0,0,0,0,0,0,0,0,0,0",
        ],
        b"",
    );
    succeeded(&output);
    assert!(String::from_utf8_lossy(&output.stdout).contains("no such card"));
}

// Rule-file schema 2, bets on the cards (issue 12): each refusal is one short error with the
// line and column, what was given and what is accepted, exit 2, never a panic or a deep stack.

/// The reference rule file as `schema`, with these side bets (on line 24).
pub(super) fn schema_2_file(schema: u8, side: &str) -> String {
    let main = "\"tie\": [{\"winner\": \"tie\", \"pays\": 8}]";
    punto_banco::variants::shipped("reference")
        .unwrap()
        .replacen("\"schema\": 1", &format!("\"schema\": {schema}"), 1)
        .replacen(main, &format!("{main},\n{side}"), 1)
}

#[test]
fn schema_2_bets_are_refused_where_they_go_wrong() {
    for (schema, side, needle) in [
        (
            2,
            r#""x": [{"punto": {"first_two": {"same": "rank"}, "colour": "red"}, "pays": 1}]"#,
            "line 25, column 56: unknown field `colour`, expected one of `total`, `cards`, `two_card_total`, `first_two`, `third`, `all_cards`",
        ),
        (
            2,
            r#""x": [{"opening": {"same": "colour_ish"}, "pays": 1}]"#,
            "line 25, column 40: opening.same is `colour_ish`: expected \"rank\", \"suit\", \"colour\" or \"card\"",
        ),
        (
            2,
            r#""x": [{"dealt": {"all": {"rank": "11"}}, "pays": 1}]"#,
            "line 25, column 37: dealt.all.rank is `11`: expected a rank \"A\", \"2\" to \"10\" (or \"T\"), \"J\", \"Q\" or \"K\"",
        ),
        (
            2,
            r#""x": [{"opening": {"where": {"suit": []}}, "pays": 1}]"#,
            "line 25, column 39: opening.where.suit is an empty list",
        ),
        (
            2,
            r#""x": [{"cards_dealt": 7, "pays": 1}]"#,
            "line 25, column 23: cards_dealt is `7`: expected a whole number from 4 to 6",
        ),
        (
            1,
            r#""x": [{"winner": "tie", "opening": {"same": "suit"}, "pays": 1}]"#,
            "line 25, column 33: `opening` needs \"schema\": 2",
        ),
        (
            2,
            r#""x": [{"banco": {"third": {"rank": "4", "suit": "diamonds", "not": {"card": "4D"}}}, "pays": 1}]"#,
            "line 25, column 83: banco.third holds no card",
        ),
    ] {
        let text = schema_2_file(schema, side);
        refused(&["analyze", "--rules", "-"], text.as_bytes(), 2, &[needle]);
    }
}

#[test]
fn schema_2_nesting_is_bounded_not_a_stack_overflow() {
    let deep = 100_000;
    let not = format!(
        "\"x\": [{{{}\"winner\": \"tie\"{}, \"pays\": 1}}]",
        "\"not\": {".repeat(deep),
        "}".repeat(deep)
    );
    let any = format!(
        "\"x\": [{{{}\"winner\": \"tie\"{}, \"pays\": 1}}]",
        "\"any\": [{".repeat(deep),
        "}]".repeat(deep)
    );
    let class = format!(
        "\"x\": [{{\"opening\": {{\"all\": {}{}}}, \"pays\": 1}}]",
        "{\"not\": ".repeat(deep),
        "}".repeat(deep + 1)
    );
    for side in [not, any, class] {
        let text = schema_2_file(2, &side);
        refused(
            &["analyze", "--rules", "-"],
            text.as_bytes(),
            2,
            &["line 25, column ", "nest 32 deep at most"],
        );
    }
}

#[test]
fn a_schema_2_bet_names_a_bounded_number_of_card_classes() {
    let card = |i: usize| {
        format!(
            "{}{}",
            [
                "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"
            ][i % 13],
            ["S", "H", "D", "C"][i / 13]
        )
    };
    let lines = |n: usize| {
        (0..n)
            .map(|i| {
                format!(
                    "{{\"opening\": {{\"all\": {{\"card\": \"{}\"}}}}, \"pays\": 1}}",
                    card(i)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let text = schema_2_file(2, &format!("\"x\": [{}]", lines(33)));
    refused(
        &["analyze", "--rules", "-"],
        text.as_bytes(),
        2,
        &[
            "line 25, column ",
            "this bet names 33 card classes",
            "at most 32",
        ],
    );
    let text = schema_2_file(2, &format!("\"x\": [{}]", lines(32)));
    succeeded(&run(&["rules", "--rules", "-"], text.as_bytes()));
}

// Claims of the catalogue (issue 12): `line`, `over`, `published_wrong`, `significant_digits`
// and counts with group commas, each refused with its field, its place and what is accepted.

/// The catalogue's card-count file with its claims replaced by the one given, on line 35.
fn file_with_claim(claim: &str) -> String {
    let text = repo_file("data/catalogue/card-counts.json");
    let (head, _) = text.split_once("\"claims\": [").unwrap();
    assert_eq!(head.lines().count(), 34, "the claim's line moved");
    format!("{head}\"claims\": [\n{claim}]}}\n")
}

#[test]
fn catalogue_claims_are_refused_by_field_with_line_and_column() {
    for (claim, needles) in [
        (
            r#"{"bet": "small", "line": 0, "count": "1"}"#,
            &["line 35, column ", "claims: line is `0`", "from 1 to 1000"][..],
        ),
        (
            r#"{"bet": "nope", "line": 1, "count": "1"}"#,
            &[
                "line 35, column ",
                "the bet `nope` is not among the file's bets",
                "small",
            ],
        ),
        (
            r#"{"bet": "small", "line": 1, "count": "1", "over": "decks"}"#,
            &[
                "line 35, column ",
                "over is `decks`",
                "sequences, openings, hands, two_cards",
            ],
        ),
        (
            r#"{"bet": "small", "edge": "1%", "over": "hands"}"#,
            &[
                "line 35, column ",
                "give it with \"bet\", \"line\" and \"count\"",
            ],
        ),
        (
            r#"{"bet": "small", "edge": "1%", "published_wrong": ""}"#,
            &["line 35, column ", "published_wrong is empty", "say why"],
        ),
        (
            r#"{"bet": "small", "edge": "1%", "published_wrong": 3}"#,
            &[
                "line 35, column ",
                "published_wrong is not a string",
                "a line of text",
            ],
        ),
        (
            r#"{"bet": "small", "edge": "1.5%", "significant_digits": 0}"#,
            &[
                "line 35, column ",
                "significant_digits is `0`",
                "from 1 to 100",
            ],
        ),
        (
            r#"{"bet": "small", "edge": "1.5%", "significant_digits": 40}"#,
            &[
                "line 35, column ",
                "significant_digits is 40",
                "fewer significant digits",
            ],
        ),
        (
            r#"{"bet": "small", "edge": "1.5%", "significant_digits": "3"}"#,
            &[
                "line 35, column ",
                "significant_digits is not a whole number",
                "from 1 to 100",
            ],
        ),
        (
            r#"{"bet": "small", "line": 1, "count": "1,2,3"}"#,
            &[
                "line 35, column ",
                "count `1,2,3` is not a figure",
                "groups of three",
            ],
        ),
        (
            r#"{"bet": "small", "line": 1, "count": "12,34"}"#,
            &["line 35, column ", "count `12,34` must be a whole number"],
        ),
        (
            r#"{"bet": "small", "line": [1, 99], "count": "1"}"#,
            &[
                "line 35, column ",
                "line 99 of `small`: the bet has 1 pay line (expected 1 to 1)",
            ],
        ),
    ] {
        let text = file_with_claim(claim);
        refused(&["check", "-"], text.as_bytes(), 2, needles);
    }
    // The same file with a claim that reads is accepted: the refusals above are the claim's.
    let text = file_with_claim(r#"{"bet": "small", "line": 1, "count": "1"}"#);
    let output = run(&["check", "-"], text.as_bytes());
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `roads` refuses a log it cannot read as a shoe's results, naming the line: a line that is
/// not JSON, a card that is not one, a coup whose cards stop short, and a log with no coup.
#[test]
fn roads_refuses_a_bad_log_naming_the_line() {
    let coup = r#"{"cards": ["4H", "2S", "2C", "5D"]}"#;
    refused(
        &["roads", "-"],
        format!("{coup}\n{{\"cards\": [\n").as_bytes(),
        2,
        &["line 2"],
    );
    refused(
        &["roads", "-"],
        b"{\"cards\": [\"4H\", \"ZZ\", \"2C\", \"5D\"]}\n",
        2,
        &["line 1"],
    );
    refused(
        &["roads", "-"],
        b"{\"cards\": [\"4H\", \"2S\", \"3C\"]}\n",
        2,
        &["line 1"],
    );
    refused(&["roads", "-"], b"\n", 2, &["no coup"]);
}
