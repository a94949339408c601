//! The routes: the pages, `/api/v1/health`, `/api/v1/openapi.json` and one endpoint per
//! command, each answer JSON (or the page, or a chart), each refusal `{"error": "…"}`.

use super::Limits;
use super::request::{self, Refusal};
use super::worker::{self, Outcome};
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Query, Request, State as Shared};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use punto_banco::api;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tokio::sync::Semaphore;

/// What every request shares: the program the workers run, the limits, the workers free.
pub struct State {
    program: PathBuf,
    limits: Limits,
    workers: Arc<Semaphore>,
    waiting: AtomicUsize,
}

impl State {
    /// The state of a server whose workers run `program`.
    pub fn new(program: PathBuf, limits: Limits) -> State {
        State {
            program,
            workers: Arc::new(Semaphore::new(limits.workers)),
            waiting: AtomicUsize::new(0),
            limits,
        }
    }
}

/// The server's routes.
pub fn router(state: State) -> Router {
    Router::new()
        .route("/", any(page))
        .route("/{page}", any(page))
        .route("/api/v1/health", any(health))
        .route("/api/v1/openapi.json", any(openapi))
        .route("/api/v1/{command}", any(command))
        .fallback(not_found)
        .with_state(Arc::new(state))
}

/// A JSON refusal: `{"error": message}` with its status.
pub fn refusal(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "error": message }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        refusal(self.0, &self.1)
    }
}

/// 405, with the methods the path takes.
fn wrong_method(method: &Method, allowed: &'static str) -> Response {
    let mut response = refusal(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!("{method} is not a method of this path (it takes {allowed})"),
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allowed));
    response
}

/// Whether a request only reads.
fn reads(method: &Method) -> bool {
    method == Method::GET || method == Method::HEAD
}

async fn page(request: Request) -> Response {
    match super::pages::page(request.uri().path()) {
        None => not_found(request).await,
        Some(_) if !reads(request.method()) => wrong_method(request.method(), "GET, HEAD"),
        Some((kind, text)) => ([(header::CONTENT_TYPE, kind)], text).into_response(),
    }
}

async fn not_found(request: Request) -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        &format!(
            "{} is not a page of this server: the API is under /api/v1/ (see /api/v1/openapi.json)",
            request.uri().path()
        ),
    )
}

async fn health(method: Method) -> Response {
    if !reads(&method) {
        return wrong_method(&method, "GET, HEAD");
    }
    let body = serde_json::json!({"status": "ok"}).to_string();
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

async fn openapi(method: Method) -> Response {
    if !reads(&method) {
        return wrong_method(&method, "GET, HEAD");
    }
    let body = super::openapi::document().to_string();
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// One command: its options from the query (GET) or the body (POST), run by a worker.
async fn command(
    Shared(state): Shared<Arc<State>>,
    Path(command): Path<String>,
    request: Request,
) -> Response {
    let start = Instant::now();
    if !api::COMMANDS.contains(&command.as_str()) {
        return refusal(
            StatusCode::NOT_FOUND,
            &format!(
                "`{command}` is not a command ({})",
                api::COMMANDS.join(", ")
            ),
        );
    }
    let job = match job(&command, request, state.limits.max_body).await {
        Ok(job) => job,
        Err(response) => return response,
    };
    let deadline = start + state.limits.timeout;
    let content_type = if job.svg {
        "image/svg+xml"
    } else {
        "application/json"
    };
    let permit = match acquire(&state, deadline).await {
        Ok(permit) => permit,
        Err(refused) => return refused.into_response(),
    };
    let outcome = worker::work(&state.program, &state.limits, &job, deadline).await;
    drop(permit);
    let limits = &state.limits;
    match outcome {
        Outcome::Done(bytes) => {
            ([(header::CONTENT_TYPE, content_type)], Body::from(bytes)).into_response()
        }
        Outcome::Refused(message) => refusal(StatusCode::BAD_REQUEST, &message),
        Outcome::Timeout => refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the work went past the time budget of {} s (--timeout) and was stopped: ask for less",
                limits.timeout.as_secs()
            ),
        ),
        Outcome::Memory => refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the work went past the memory budget of {} MiB (--max-memory) and was stopped: ask for less",
                limits.max_memory
            ),
        ),
        Outcome::TooLong => refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the document is longer than {} MiB (--max-response) and was stopped: ask for less, in parts",
                limits.max_response >> 20
            ),
        ),
        Outcome::Failed(message) => refusal(StatusCode::INTERNAL_SERVER_ERROR, &message),
    }
}

/// The job a request asks for, or the answer that refuses it.
async fn job(command: &str, request: Request, max_body: usize) -> Result<worker::Job, Response> {
    let method = request.method().clone();
    let pairs = match Query::<Vec<(String, String)>>::try_from_uri(request.uri()) {
        Ok(Query(pairs)) => pairs,
        Err(e) => {
            return Err(refusal(
                StatusCode::BAD_REQUEST,
                &format!("the query: {}", e.body_text()),
            ));
        }
    };
    let job = request::from_query(command, pairs).map_err(IntoResponse::into_response)?;
    if reads(&method) {
        return Ok(job);
    }
    if method != Method::POST {
        return Err(wrong_method(&method, "GET, HEAD, POST"));
    }
    let kind = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("application/json")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let too_large = || {
        refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the body is longer than {max_body} bytes (--max-body)"),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max_body as u64) {
        return Err(too_large());
    }
    let body = axum::body::to_bytes(request.into_body(), max_body)
        .await
        .map_err(|_| too_large())?;
    match kind.as_str() {
        "application/json" => request::from_json(command, job, &body),
        "text/plain" | "application/x-ndjson" | "application/jsonl" | "application/jsonlines" => {
            request::with_body_input(command, job, &body)
        }
        other => Err(Refusal(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "the body is {other}: send the options as application/json, or the file a command reads as text/plain or application/x-ndjson"
            ),
        )),
    }
    .map_err(IntoResponse::into_response)
}

/// A worker for a request, waiting for one by `deadline` at the most; refused at once when
/// the queue is full.
async fn acquire(
    state: &State,
    deadline: Instant,
) -> Result<tokio::sync::OwnedSemaphorePermit, Refusal> {
    if let Ok(permit) = state.workers.clone().try_acquire_owned() {
        return Ok(permit);
    }
    let busy = || {
        Refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: {} requests are at work and {} wait (--workers, --queue): ask again later",
                state.limits.workers, state.limits.queue
            ),
        )
    };
    if state.waiting.fetch_add(1, Ordering::SeqCst) >= state.limits.queue {
        state.waiting.fetch_sub(1, Ordering::SeqCst);
        return Err(busy());
    }
    let waited =
        tokio::time::timeout_at(deadline.into(), state.workers.clone().acquire_owned()).await;
    state.waiting.fetch_sub(1, Ordering::SeqCst);
    match waited {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(Refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "no worker was free within the time budget of {} s (--timeout): ask again later",
                state.limits.timeout.as_secs()
            ),
        )),
    }
}
