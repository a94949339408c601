//! `punto-banco serve`: the pages and the JSON API over HTTP, every command's document as
//! the command line prints it (the library's `api`), each request's work in a child process
//! with a time and a memory budget (`punto-banco serve-worker`, hidden), killed past it.
//!
//! The server reads no file a request names: rule sets are shipped names or rule-file
//! objects, a log comes in the request's body, and the pages are compiled into the binary.

mod http;
mod openapi;
mod pages;
mod request;
mod worker;

pub use worker::{Worker, run_worker};

use super::args::whole;
use super::failure::Failure;
use clap::Args;
use std::io::Write;
use std::net::IpAddr;
use std::time::Duration;

/// The flags of `serve`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco serve                            # http://127.0.0.1:8080, the pages and /api/v1/
  punto-banco serve --port 0                   # any free port: the line printed names it
  punto-banco serve --bind 0.0.0.0 --workers 2 --timeout 30   # a classroom's server
  curl 'http://127.0.0.1:8080/api/v1/analyze?decks=6&remove=8H,9C'")]
pub struct Serve {
    /// The TCP port to listen on, 0 for any free one (the line printed at start names it).
    #[arg(short, long, value_name = "N", default_value_t = 8080, value_parser = whole(0, 65535))]
    port: u64,
    /// The address to listen on: 127.0.0.1 serves this machine only; 0.0.0.0 (or ::) every
    /// network it is on.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The most bytes of a request's body, in bytes (a log, a rule file); beyond, 413.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20, value_parser = whole(1, 1 << 30))]
    max_body: u64,
    /// The most seconds a request's work may take, waiting for a worker included; beyond, its
    /// work is stopped and the answer is 503.
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = whole(1, 86_400))]
    timeout: u64,
    /// The most memory (address space, in MiB) a request's work may take; beyond, its work
    /// stops and the answer is 503.
    #[arg(long, value_name = "MIB", default_value_t = 2048, value_parser = whole(64, 1 << 20))]
    max_memory: u64,
    /// The most bytes of a document sent back, in MiB (a long list of shoes); beyond, 503.
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = whole(1, 4096))]
    max_response: u64,
    /// Requests worked on at once, each in its own process [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = whole(1, 1024))]
    workers: Option<u64>,
    /// Requests that may wait for a worker; beyond, 503 at once.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = whole(0, 100_000))]
    queue: u64,
}

/// The budgets and bounds every request is held to.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most bytes of a body.
    pub max_body: usize,
    /// The most time a request's work takes, waiting included.
    pub timeout: Duration,
    /// The most address space of a worker, in MiB.
    pub max_memory: u64,
    /// The most bytes of a document sent back.
    pub max_response: usize,
    /// Workers at once.
    pub workers: usize,
    /// Requests waiting for a worker.
    pub queue: usize,
    /// The threads each worker computes on.
    pub threads: usize,
}

/// Starts the server and serves until the process is stopped.
pub fn run(args: Serve, out: &mut dyn Write) -> Result<(), Failure> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let workers = args.workers.map_or(cores, |n| n as usize);
    let limits = Limits {
        max_body: args.max_body as usize,
        timeout: Duration::from_secs(args.timeout),
        max_memory: args.max_memory,
        max_response: (args.max_response as usize) << 20,
        workers,
        queue: args.queue as usize,
        threads: (cores / workers).max(1),
    };
    let program = std::env::current_exe()
        .map_err(|e| Failure::Input(format!("cannot find this program to run its workers: {e}")))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::Input(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.bind, args.port as u16))
            .await
            .map_err(|e| {
                Failure::Input(format!(
                    "cannot listen on {}: {e}",
                    std::net::SocketAddr::from((args.bind, args.port as u16))
                ))
            })?;
        let address = listener
            .local_addr()
            .map_err(|e| Failure::Input(format!("cannot listen: {e}")))?;
        writeln!(out, "listening on http://{address}").map_err(Failure::write)?;
        out.flush().map_err(Failure::write)?;
        let app = http::router(http::State::new(program, limits));
        axum::serve(listener, app)
            .await
            .map_err(|e| Failure::Input(format!("the server stopped: {e}")))
    })
}
