//! Progress on long work: drawn on stderr only at a terminal, so a command whose stderr is a
//! pipe prints the same with or without `--quiet`, and nothing on stderr.

use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_punto-banco"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Every command that reports progress, on work small enough for a test; stderr is a pipe.
#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let commands: [&[&str]; 13] = [
        &["shoe-sim", "--shoes", "30", "--decks", "1", "--seed", "5"],
        &["eor", "--decks", "1"],
        &["eor", "--decks", "1", "--by", "card", "-f", "csv"],
        &["audit", "docs/examples/lab/audit-fair.jsonl"],
        &["shuffle-test", "docs/examples/lab/shoes.jsonl"],
        &["analyze", "--batch", "docs/examples/batch/shoes.jsonl"],
        &["session-odds", "--deals", "40", "--decks", "1"],
        &[
            "session-odds",
            "--deals",
            "5",
            "--players",
            "punto,banco,banco",
        ],
        &["chemin", "--with-replacement"],
        &["chemin", "-i", "banco-cards", "-c", "5%", "-f", "json"],
        &["banque", "--share", "1/20"],
        &["analyze", "-r", "ez-baccarat"],
        &["analyze", "-r", "ez-baccarat", "-f", "json", "-l", "fr"],
    ];
    for args in commands {
        let plain = run(args);
        let quiet = run(&[&["--quiet"], args].concat());
        let quiet_after = run(&[args, &["-q"]].concat());
        assert!(plain.status.success(), "{args:?}: {:?}", plain.status);
        assert!(
            plain.stderr.is_empty(),
            "{args:?} wrote to a piped stderr: {}",
            String::from_utf8_lossy(&plain.stderr)
        );
        assert!(!plain.stdout.is_empty(), "{args:?} printed nothing");
        // A report that echoes its command line (audit's provenance) names the flag; the
        // rest is byte for byte the same.
        let plain_out = String::from_utf8(plain.stdout).unwrap();
        for (other, flag) in [(&quiet, "--quiet "), (&quiet_after, " -q")] {
            assert_eq!(other.status.code(), plain.status.code(), "{args:?}");
            let out = String::from_utf8(other.stdout.clone()).unwrap();
            assert_eq!(
                out.replace(flag, ""),
                plain_out,
                "{args:?}: {flag} changed stdout"
            );
            assert_eq!(
                other.stderr, plain.stderr,
                "{args:?}: {flag} changed stderr"
            );
        }
    }
}

/// `--quiet` is in the help, which says what it silences.
#[test]
fn quiet_is_in_the_help() {
    let help = run(&["--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains("--quiet"), "{text}");
    assert!(text.contains("progress"), "{text}");
}
