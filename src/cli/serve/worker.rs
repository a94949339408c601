//! A request's work in a child process: the server writes the job on the child's standard
//! input and reads the document from its standard output; past the time budget it kills
//! the child, and the child's own limits (address space, CPU time) stop it past the memory
//! budget or should the server be gone.

use super::Limits;
use crate::cli::failure::Failure;
use clap::Args;
use punto_banco::api::{self, Input, Table};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Instant;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};

/// One request's work, as the server hands it to a worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    /// The command (one of `api::COMMANDS`).
    pub command: String,
    /// Its options, a JSON object.
    pub options: Value,
    /// The rule set: a shipped one's text or a rule file the request held.
    pub rules: Option<RulesText>,
    /// The file the command reads, from the request's body.
    pub input: Option<InputText>,
    /// The chart (`api::chart`) instead of the document.
    pub svg: bool,
}

/// A rule set handed over: its name in messages and its text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RulesText {
    /// The name it is known by.
    pub source: String,
    /// The rule file's text.
    pub text: String,
}

/// The file a command reads: its name in messages and its text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InputText {
    /// The name in messages (`the log`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The flags of the hidden `serve-worker`: the budgets the child holds itself to.
#[derive(Args)]
pub struct Worker {
    /// The most address space, in MiB.
    #[arg(long, value_name = "MIB")]
    max_memory: u64,
    /// The most CPU time, in seconds, over all its threads.
    #[arg(long, value_name = "SECS")]
    max_cpu: u64,
}

/// `serve-worker`: reads a job on standard input, writes its document (or chart) on
/// standard output; a refusal is the command line's message, exit 2.
pub fn run_worker(args: Worker, out: &mut dyn Write) -> Result<(), Failure> {
    limit_self(args.max_memory, args.max_cpu)?;
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Failure::Input(format!("cannot read the job: {e}")))?;
    let job: Job = serde_json::from_str(&text)
        .map_err(|e| Failure::Input(format!("the job is not one: {e}")))?;
    drop(text);
    let rules = job
        .rules
        .as_ref()
        .map(|rules| Table::text(&rules.source, rules.text.clone()));
    let result = if job.svg {
        api::chart(&job.command, &job.options, rules.as_ref())
    } else {
        let document = match &job.input {
            Some(input) => {
                let reader = Input {
                    name: &input.name,
                    reader: &mut input.text.as_bytes(),
                };
                api::call_with_input(&job.command, &job.options, rules.as_ref(), Some(reader))
            }
            None => api::call(&job.command, &job.options, rules.as_ref()),
        };
        document.map(|document| document.to_string())
    };
    let text = result.map_err(|e| Failure::Input(e.0))?;
    out.write_all(text.as_bytes()).map_err(Failure::write)
}

/// Holds this process to `memory` MiB of address space and `cpu` seconds of CPU time: an
/// allocation past the first fails (and the process aborts), the second kills it.
#[cfg(unix)]
fn limit_self(memory: u64, cpu: u64) -> Result<(), Failure> {
    let set = |resource, value: u64| {
        let limit = libc::rlimit {
            rlim_cur: value as libc::rlim_t,
            rlim_max: value as libc::rlim_t,
        };
        // SAFETY: setrlimit reads the struct it is handed and changes this process's limits.
        if unsafe { libc::setrlimit(resource, &limit) } == 0 {
            Ok(())
        } else {
            Err(Failure::Input(format!(
                "cannot limit the worker: {}",
                std::io::Error::last_os_error()
            )))
        }
    };
    set(libc::RLIMIT_AS, memory << 20)?;
    set(libc::RLIMIT_CPU, cpu)
}

/// Elsewhere the server's deadline alone stops the work.
#[cfg(not(unix))]
fn limit_self(_: u64, _: u64) -> Result<(), Failure> {
    Ok(())
}

/// How a job ended.
pub enum Outcome {
    /// The document (or chart), as text.
    Done(Vec<u8>),
    /// The command refused its input: the command line's message.
    Refused(String),
    /// The work went past the time budget and was stopped.
    Timeout,
    /// The work went past the memory budget and stopped.
    Memory,
    /// The document was longer than the most a response holds; the work was stopped.
    TooLong,
    /// The worker could not run or failed otherwise: what is known.
    Failed(String),
}

/// The most bytes of a worker's standard error kept: its one-line message.
const MAX_MESSAGE: u64 = 64 << 10;

/// Runs `job` in a child process of `program` within `limits`, by `deadline`.
pub async fn work(program: &PathBuf, limits: &Limits, job: &Job, deadline: Instant) -> Outcome {
    let seconds = limits.timeout.as_secs();
    // The CPU limit stops the child should the server be gone; the deadline comes first.
    let cpu = seconds
        .saturating_mul(limits.threads as u64)
        .saturating_add(2);
    let spawned = tokio::process::Command::new(program)
        .arg("serve-worker")
        .arg("--max-memory")
        .arg(limits.max_memory.to_string())
        .arg("--max-cpu")
        .arg(cpu.to_string())
        .env("RAYON_NUM_THREADS", limits.threads.to_string())
        // Each of glibc's arenas reserves address space: two are plenty for a worker.
        .env("MALLOC_ARENA_MAX", "2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return Outcome::Failed(format!("cannot start a worker: {e}")),
    };
    let (Some(mut stdin), Some(mut stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Outcome::Failed("cannot talk to a worker".into());
    };
    let bytes = serde_json::to_vec(job).expect("a job is plain data");
    // Standard error is read apart, and drained past its first bytes, so that it never
    // blocks the child.
    let message = tokio::spawn(async move {
        let mut kept = Vec::new();
        let _ = (&mut stderr).take(MAX_MESSAGE).read_to_end(&mut kept).await;
        let _ = tokio::io::copy(&mut stderr, &mut tokio::io::sink()).await;
        kept
    });
    let most = limits.max_response;
    let remaining = deadline.saturating_duration_since(Instant::now());
    let finished = tokio::time::timeout(remaining, async {
        let write = async move {
            // A worker that stopped early has said why on standard error.
            let _ = stdin.write_all(&bytes).await;
        };
        let (_, document) = tokio::join!(write, read_at_most(&mut stdout, most));
        let document = document?;
        let status = child.wait().await.ok()?;
        Some((document, status))
    })
    .await;
    let (document, status) = match finished {
        Err(_) => {
            let _ = child.kill().await;
            return Outcome::Timeout;
        }
        Ok(None) => {
            let _ = child.kill().await;
            return Outcome::TooLong;
        }
        Ok(Some(done)) => done,
    };
    let message = message.await.unwrap_or_default();
    let message = String::from_utf8_lossy(&message);
    let line = message.lines().next().unwrap_or("").trim();
    match status.code() {
        Some(0) => Outcome::Done(document),
        Some(2) => Outcome::Refused(line.strip_prefix("error: ").unwrap_or(line).to_string()),
        _ if message.contains("memory allocation of") || message.contains("out of memory") => {
            Outcome::Memory
        }
        _ if past_cpu(&status) => Outcome::Timeout,
        _ => Outcome::Failed(match status.code() {
            Some(code) => format!("the worker failed (exit {code}): {line}"),
            None => format!("the worker was stopped ({status}): {line}"),
        }),
    }
}

/// Whether the child was stopped for its CPU time.
#[cfg(unix)]
fn past_cpu(status: &std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    status.signal() == Some(libc::SIGXCPU)
}

#[cfg(not(unix))]
fn past_cpu(_: &std::process::ExitStatus) -> bool {
    false
}

/// Reads all of `reader`, or `None` once it holds more than `most` bytes.
async fn read_at_most(reader: &mut (impl AsyncRead + Unpin), most: usize) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    let read = reader
        .take(most as u64 + 1)
        .read_to_end(&mut bytes)
        .await
        .ok()?;
    (read <= most).then_some(bytes)
}
