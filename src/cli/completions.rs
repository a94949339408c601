//! `punto-banco completions`: a shell's completion script, from the clap definitions.
//!
//! clap_complete writes the scripts; three things are settled here before and after it:
//!
//! - A value without fixed values or a declared hint (a number, a list of cards, a name)
//!   completes nothing, rather than the file names a shell offers by default. Files complete
//!   where a flag declares `ValueHint::FilePath`.
//! - A value that is one of a list or a file (`--rules`: a shipped rule set's name or a rule
//!   file) completes both, which no generator writes alone.
//! - Fish's script leaves out the fixed values of a positional argument (`completions
//!   SHELL`, `man COMMAND`): they are added.
//! - Bash's script names the state of a subcommand of a hyphenated binary in two spellings,
//!   so that no flag of any subcommand completes (clap-rs/clap#6421): one spelling is kept.

use super::Cli;
use super::failure::Failure;
use super::output::put_or_write;
use clap::{Args, Command, CommandFactory, ValueHint};
use clap_complete::Shell;
use std::io::Write;
use std::path::PathBuf;

/// The name the scripts complete.
const BIN: &str = "punto-banco";

/// The flags of `completions`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco completions bash > ~/.local/share/bash-completion/completions/punto-banco
  punto-banco completions zsh -o _punto-banco  # then put _punto-banco on your $fpath
  punto-banco completions fish > ~/.config/fish/completions/punto-banco.fish")]
pub struct Completions {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    out: Option<PathBuf>,
}

/// Writes the completion script to `out` or to `--out`.
pub fn run(args: Completions, out: &mut dyn Write) -> Result<(), Failure> {
    put_or_write(out, args.out.as_deref(), &script(args.shell))
}

/// The completion script of `shell` for the whole command line.
pub fn script(shell: Shell) -> String {
    let mut command = nothing_unless_declared(Cli::command());
    let lists = names_or_files(&command);
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, BIN, &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    match shell {
        Shell::Bash => bash(script, &lists),
        Shell::Zsh => zsh(script, &lists),
        Shell::Fish => fish(script, &lists, &command),
        _ => script,
    }
}

/// The command with every value that has neither fixed values nor a hint of its own marked
/// `ValueHint::Other`: a number, a list of cards or a name completes nothing, never a file.
fn nothing_unless_declared(command: Command) -> Command {
    let ids: Vec<clap::Id> = command
        .get_arguments()
        .filter(|arg| {
            arg.get_num_args().is_none_or(|n| n.takes_values())
                && arg.get_action().takes_values()
                && arg.get_value_hint() == ValueHint::Unknown
                && arg.get_possible_values().is_empty()
        })
        .map(|arg| arg.get_id().clone())
        .collect();
    let mut command = ids.into_iter().fold(command, |command, id| {
        command.mut_arg(id, |arg| arg.value_hint(ValueHint::Other))
    });
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, nothing_unless_declared);
    }
    command
}

/// The lists of names whose argument also takes a file (fixed values and a file hint), each
/// as the names in order: the generators offer only the names.
fn names_or_files(command: &Command) -> Vec<Vec<String>> {
    let mut lists = Vec::new();
    let mut visit = vec![command];
    while let Some(command) = visit.pop() {
        for arg in command.get_arguments() {
            let names: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|value| !value.is_hide_set())
                .map(|value| value.get_name().to_string())
                .collect();
            if !names.is_empty()
                && arg.get_value_hint() == ValueHint::FilePath
                && !lists.contains(&names)
            {
                lists.push(names);
            }
        }
        visit.extend(command.get_subcommands());
    }
    lists
}

/// Replaces every `from` in `script` with `to`; a generator that no longer writes `from`
/// fails loudly here (and in the tests) rather than leave the completion silently broken.
fn replace_all(script: &str, from: &str, to: &str) -> String {
    assert!(
        script.contains(from),
        "the completion script no longer holds {from:?}: clap_complete changed what it writes"
    );
    script.replace(from, to)
}

/// Bash: one spelling of each subcommand's state, and names with files.
fn bash(script: String, lists: &[Vec<String>]) -> String {
    // The loop that follows the words spells the binary's state `punto__banco`, the arms
    // that complete each subcommand `punto__subcmd__banco__subcmd__analyze`.
    let loop_state = BIN.replace('-', "__");
    let arm_state = BIN.replace('-', "__subcmd__");
    let mut script = replace_all(
        &script,
        &format!("{arm_state}__subcmd__"),
        &format!("{loop_state}__subcmd__"),
    );
    for names in lists {
        // With a file hint the arm splits words at line ends only (file names may hold
        // spaces), which would make the whole list one word: the names are split at spaces
        // in a subshell of their own, then the files are added.
        let words = names.join(" ");
        script = replace_all(
            &script,
            &format!("COMPREPLY=($(compgen -W \"{words}\" -- \"${{cur}}\"))"),
            &format!(
                "COMPREPLY=($(IFS=' '; compgen -W \"{words}\" -- \"${{cur}}\") $(compgen -f -- \"${{cur}}\"))"
            ),
        );
    }
    script
}

/// Zsh: names with files, as two groups of one completion.
fn zsh(script: String, lists: &[Vec<String>]) -> String {
    let mut script = script;
    for names in lists {
        let words = names.join(" ");
        script = replace_all(
            &script,
            &format!(":({words})'"),
            &format!(":_alternative \"names\\:name\\:({words})\" \"files\\:file\\:_files\"'"),
        );
    }
    script
}

/// Fish: names with files (`-F` instead of `-f`, which forbids them), and the fixed values
/// of a subcommand's positional argument (`completions SHELL`, `man COMMAND`), which the
/// generator leaves out.
fn fish(script: String, lists: &[Vec<String>], command: &Command) -> String {
    let mut script = script;
    for names in lists {
        let first = format!(" -r -f -a \"{}\\t", names[0]);
        let with_files = format!(" -r -F -a \"{}\\t", names[0]);
        script = replace_all(&script, &first, &with_files);
    }
    let condition = format!("__fish_{}_using_subcommand", BIN.replace('-', "_"));
    assert!(
        script.contains(&condition),
        "the fish script no longer names its condition {condition}: clap_complete changed what it writes"
    );
    for sub in command.get_subcommands() {
        for arg in sub.get_positionals() {
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|value| !value.is_hide_set())
                .map(|value| value.get_name().to_string())
                .collect();
            if values.is_empty() {
                continue;
            }
            let files = if arg.get_value_hint() == ValueHint::FilePath {
                "-F"
            } else {
                "-f"
            };
            for name in sub.get_name_and_visible_aliases() {
                script.push_str(&format!(
                    "complete -c {BIN} -n \"{condition} {name}\" {files} -a \"{}\"\n",
                    values.join(" ")
                ));
            }
        }
    }
    script
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every argument of every subcommand, with the path of subcommands to it.
    fn arguments(command: &Command, path: &str, found: &mut Vec<(String, clap::Arg)>) {
        for arg in command.get_arguments() {
            found.push((path.to_string(), arg.clone()));
        }
        for sub in command.get_subcommands() {
            arguments(sub, &format!("{path} {}", sub.get_name()), found);
        }
    }

    #[test]
    fn files_complete_where_a_file_is_expected_and_nowhere_else() {
        let mut found = Vec::new();
        arguments(&Cli::command(), BIN, &mut found);
        for (path, arg) in found {
            let names = arg.get_value_names().unwrap_or_default();
            let file = names
                .iter()
                .any(|name| matches!(name.as_str(), "FILE" | "PART" | "RULES"));
            if file {
                assert_eq!(
                    arg.get_value_hint(),
                    ValueHint::FilePath,
                    "{path} {}: a file is expected, but files do not complete",
                    arg.get_id()
                );
            }
        }
    }

    #[test]
    fn every_rules_flag_offers_every_shipped_name() {
        let mut found = Vec::new();
        arguments(&Cli::command(), BIN, &mut found);
        let expected = super::super::args::rule_set_names();
        let mut rules = 0;
        for (path, arg) in found {
            if arg
                .get_value_names()
                .unwrap_or_default()
                .iter()
                .any(|n| n == "RULES")
            {
                let offered: Vec<String> = arg
                    .get_possible_values()
                    .iter()
                    .map(|value| value.get_name().to_string())
                    .collect();
                assert_eq!(offered, expected, "{path} {}", arg.get_id());
                rules += 1;
            }
        }
        assert!(rules >= 14, "only {rules} flags take a rule set");
    }

    #[test]
    fn every_script_is_written_for_every_shell() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::PowerShell,
            Shell::Elvish,
        ] {
            let script = script(shell);
            assert!(script.contains("analyze"), "{shell}");
        }
        let bash = script(Shell::Bash);
        assert!(!bash.contains("punto__subcmd__banco"));
        assert!(bash.contains("punto__banco__subcmd__analyze)"));
    }

    /// What the shells are asked: a command line up to the cursor, what must be offered and
    /// what must not.
    struct Query {
        line: String,
        must: Vec<String>,
        must_not: Vec<String>,
    }

    /// A file in the folder the shells complete in: what a file completion must offer.
    const A_FILE: &str = "my-rules.json";

    /// The queries for `command` (reached by `path`) and its subcommands, from the command's
    /// own definitions: every subcommand, every long flag, every fixed value (with files where
    /// the value may also be a file), files where a file is expected, none where a number or a
    /// list is.
    fn queries(command: &Command, path: &str, out: &mut Vec<Query>) {
        let query = |line: String, must: Vec<String>, must_not: Vec<String>| Query {
            line,
            must,
            must_not,
        };
        let subcommands: Vec<String> = command
            .get_subcommands()
            .filter(|sub| !sub.is_hide_set())
            .map(|sub| sub.get_name().to_string())
            .collect();
        if !subcommands.is_empty() {
            out.push(query(format!("{path} "), subcommands, Vec::new()));
        }
        let longs: Vec<String> = command
            .get_arguments()
            .filter(|arg| !arg.is_hide_set())
            .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
            .collect();
        if !longs.is_empty() {
            out.push(query(format!("{path} --"), longs, Vec::new()));
        }
        for arg in command.get_arguments().filter(|arg| !arg.is_hide_set()) {
            if !arg.get_action().takes_values() {
                continue;
            }
            let mut flags: Vec<String> = Vec::new();
            if let Some(long) = arg.get_long() {
                flags.push(format!("--{long} "));
            }
            if let Some(short) = arg.get_short() {
                flags.push(format!("-{short} "));
            }
            if arg.is_positional() {
                flags.push(String::new());
            }
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|value| !value.is_hide_set())
                .map(|value| value.get_name().to_string())
                .collect();
            let file = arg.get_value_hint() == ValueHint::FilePath;
            for flag in flags {
                if !values.is_empty() {
                    let mut must = values.clone();
                    let mut must_not = Vec::new();
                    if file {
                        must.push(A_FILE.to_string());
                    } else {
                        must_not.push(A_FILE.to_string());
                    }
                    out.push(query(format!("{path} {flag}"), must, must_not));
                } else if file {
                    out.push(query(
                        format!("{path} {flag}my"),
                        vec![A_FILE.to_string()],
                        Vec::new(),
                    ));
                } else if !arg.is_positional() && arg.get_value_hint() == ValueHint::Other {
                    out.push(query(
                        format!("{path} {flag}"),
                        Vec::new(),
                        vec![A_FILE.to_string()],
                    ));
                }
            }
        }
        for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
            if sub.get_name() != "help" {
                queries(sub, &format!("{path} {}", sub.get_name()), out);
            }
        }
    }

    /// Bash: the script sourced, each query's words set as bash sets them, the completion
    /// function called; an empty answer falls back to file names, as the script's
    /// `complete -o default` makes readline do.
    const BASH: &str = r#"source "$1"
spec=$(complete -p punto-banco)
function=${spec#*-F }; function=${function%% *}
while IFS= read -r raw; do
  line=${raw%|}
  read -r -a words <<< "$line"
  [[ "$line" == *" " || ${#words[@]} -eq 0 ]] && words+=("")
  COMP_WORDS=("${words[@]}"); COMP_CWORD=$(( ${#words[@]} - 1 )); COMP_LINE=$line; COMP_POINT=${#line}
  COMPREPLY=()
  "$function" punto-banco "${words[COMP_CWORD]}" "${words[COMP_CWORD-1]}" 2>/dev/null
  if (( ${#COMPREPLY[@]} == 0 )) && [[ $spec == *"-o default"* ]]; then
    COMPREPLY=($(compgen -f -- "${words[COMP_CWORD]}"))
  fi
  echo "<<begin>>"; printf '%s
' "${COMPREPLY[@]}"; echo "<<end>>"
done < "$2"
"#;

    /// Zsh: an interactive zsh on a pseudo-terminal loads the completion system and the
    /// script; one widget completes each query in turn, its candidates caught as they are
    /// added (`compadd -O`).
    const ZSH: &str = r#"zmodload zsh/zpty || exit 3
local folder=$1 queries=$2 out=$3 junk
: >| $out
zpty completing zsh -f -i
zpty -w completing "PS1=''; RPS1=''; unsetopt auto_list list_ambiguous auto_menu list_beep beep; fpath=(${(q)folder} \$fpath); autoload -Uz compinit; compinit -u -D; QUERIES=${(q)queries}; OUT=${(q)out}; "'compadd() { if (( ${@[(I)-[OAD]]} )); then builtin compadd "$@"; return; fi; local -a found; builtin compadd -O found "$@"; (( $#found )) && print -rl -- $found >> $OUT; builtin compadd "$@"; }; _answer() { local raw; while IFS= read -r raw; do BUFFER=${raw%|}; CURSOR=$#BUFFER; print -r -- "<<begin>>" >> $OUT; zle complete-word; print -r -- "<<end>>" >> $OUT; done < $QUERIES; print -r -- "<<done>>" >> $OUT; BUFFER=exit; zle accept-line; }; zle -N _answer; bindkey "^G" _answer; print -r -- "<<ready>>" >> $OUT'
wait_for() {
  repeat 2400; do
    while zpty -rt completing junk; do :; done
    [[ -n ${(M)${(f)"$(<$out)"}:#$1} ]] && return 0
    sleep 0.025
  done
  print -u2 "zsh did not answer: no $1"
  exit 4
}
wait_for '<<ready>>'
zpty -w -n completing $'\C-g'
wait_for '<<done>>'
zpty -d completing
"#;

    /// Fish: the script sourced, each query completed by `complete -C`.
    const FISH: &str = r#"source $argv[1]
while read -l raw
    set -l line (string replace -r '\|$' '' -- $raw)
    echo '<<begin>>'
    complete -C "$line"
    echo '<<end>>'
end < $argv[2]
"#;

    /// Whether `program` runs here.
    fn installed(program: &str) -> bool {
        std::process::Command::new(program)
            .args(["-c", "exit 0"])
            .output()
            .is_ok_and(|output| output.status.success())
    }

    /// Runs every query through `shell`'s real completion of the script, and fails with what
    /// each query lacked or offered wrongly. Without the shell the test passes and says it
    /// was skipped, unless `PUNTO_BANCO_REQUIRE_SHELLS` is set (as CI sets it).
    fn complete_in(shell: Shell, program: &str) {
        if !installed(program) {
            let required = std::env::var_os("PUNTO_BANCO_REQUIRE_SHELLS")
                .is_some_and(|value| !value.is_empty() && value != "0");
            assert!(
                !required,
                "{program} is not installed, and PUNTO_BANCO_REQUIRE_SHELLS asks for every shell"
            );
            // Written past the test harness's capture, so that a passing run says it.
            let _ = writeln!(
                std::io::stderr(),
                "completions: {program} is not installed, its completion tests were skipped (PUNTO_BANCO_REQUIRE_SHELLS=1 makes that a failure)"
            );
            return;
        }
        let mut command = Cli::command();
        command.build();
        let mut asked = Vec::new();
        queries(&command, BIN, &mut asked);
        asked.push(Query {
            line: format!("{BIN} analyse --"),
            must: vec!["--decks".into(), "--rules".into()],
            must_not: Vec::new(),
        });
        let folder = tempfile::tempdir().unwrap();
        let dir = folder.path();
        for file in [A_FILE, "shoes.jsonl"] {
            std::fs::write(dir.join(file), "").unwrap();
        }
        let functions = dir.join("functions");
        std::fs::create_dir(&functions).unwrap();
        let (script_path, harness) = match shell {
            Shell::Bash => (dir.join("punto-banco.bash"), BASH),
            Shell::Zsh => (functions.join("_punto-banco"), ZSH),
            _ => (dir.join("punto-banco.fish"), FISH),
        };
        std::fs::write(&script_path, script(shell)).unwrap();
        std::fs::write(dir.join("harness"), harness).unwrap();
        let lines: String = asked.iter().map(|q| format!("{}|\n", q.line)).collect();
        std::fs::write(dir.join("queries"), lines).unwrap();
        let mut run = std::process::Command::new(program);
        match shell {
            Shell::Zsh => run
                .arg("-f")
                .arg(dir.join("harness"))
                .arg(&functions)
                .arg(dir.join("queries"))
                .arg(dir.join("answers")),
            Shell::Fish => run
                .arg("--no-config")
                .arg(dir.join("harness"))
                .arg(&script_path)
                .arg(dir.join("queries")),
            _ => run
                .arg(dir.join("harness"))
                .arg(&script_path)
                .arg(dir.join("queries")),
        };
        let output = run
            .current_dir(dir)
            .env("HOME", dir)
            .env("XDG_CONFIG_HOME", dir)
            .env("XDG_DATA_HOME", dir)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let answers = match shell {
            Shell::Zsh => std::fs::read_to_string(dir.join("answers")).unwrap(),
            _ => String::from_utf8_lossy(&output.stdout).into_owned(),
        };
        let mut offered: Vec<Vec<String>> = Vec::new();
        for line in answers.lines() {
            match line {
                "<<begin>>" => offered.push(Vec::new()),
                "<<end>>" | "<<ready>>" | "<<done>>" => {}
                candidate => {
                    // Fish follows a candidate with a tab and its description; a folder ends
                    // in `/`.
                    let candidate = candidate.split('\t').next().unwrap_or_default();
                    if let Some(last) = offered.last_mut() {
                        last.push(candidate.trim_end_matches('/').to_string());
                    }
                }
            }
        }
        assert_eq!(
            offered.len(),
            asked.len(),
            "{program} answered another number of queries"
        );
        let mut wrong = Vec::new();
        for (query, offered) in asked.iter().zip(&offered) {
            let missing: Vec<&String> =
                query.must.iter().filter(|m| !offered.contains(m)).collect();
            let unwanted: Vec<&String> = query
                .must_not
                .iter()
                .filter(|m| offered.contains(m))
                .collect();
            if !missing.is_empty() || !unwanted.is_empty() {
                wrong.push(format!(
                    "`{}`: lacks {missing:?}, offers {unwanted:?} (offered {offered:?})",
                    query.line
                ));
            }
        }
        assert!(
            wrong.is_empty(),
            "{program} completes {} of {} command lines wrongly:\n{}",
            wrong.len(),
            asked.len(),
            wrong.join("\n")
        );
    }

    #[test]
    fn bash_completes_every_flag_value_and_file() {
        complete_in(Shell::Bash, "bash");
    }

    #[test]
    fn zsh_completes_every_flag_value_and_file() {
        complete_in(Shell::Zsh, "zsh");
    }

    #[test]
    fn fish_completes_every_flag_value_and_file() {
        complete_in(Shell::Fish, "fish");
    }
}
