//! `punto-banco serve`, run as a user runs it (the built binary on `--port 0`) and asked over
//! loopback: every endpoint's document is the command line's for the same input, the OpenAPI
//! description names what is accepted, refusals are JSON with their status, a path is never
//! taken for a rule set, and work past its budget is stopped while the server answers.

use super::hostile::run;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server started for a test, stopped when dropped.
pub(super) struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub(super) address: String,
}

impl Server {
    /// `punto-banco serve --port 0` with `flags`, once it has said where it listens.
    pub(super) fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_punto-banco"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("not the line of a server listening: {line:?}"))
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        assert!(
            !address.ends_with(":0"),
            "the real port is printed: {address}"
        );
        Server { child, address }
    }

    /// The server's process id.
    pub(super) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A request; the answer's status, headers (names in lower case) and body.
    pub(super) fn ask(
        &self,
        method: &str,
        target: &str,
        content_type: Option<&str>,
        body: &[u8],
    ) -> Reply {
        ask(&self.address, method, target, content_type, body)
    }

    /// GET `target`, its body as JSON.
    fn get(&self, target: &str) -> (u16, Value) {
        let reply = self.ask("GET", target, None, b"");
        (reply.status, reply.json())
    }

    /// POST `body` as JSON to `target`.
    fn post(&self, target: &str, body: &Value) -> (u16, Value) {
        let reply = self.ask(
            "POST",
            target,
            Some("application/json"),
            body.to_string().as_bytes(),
        );
        (reply.status, reply.json())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer.
pub(super) struct Reply {
    pub(super) status: u16,
    pub(super) headers: Vec<(String, String)>,
    pub(super) body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "{}: not JSON ({e}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }
}

/// One HTTP/1.1 exchange over a connection of its own.
pub(super) fn ask(
    address: &str,
    method: &str,
    target: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> Reply {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let mut head = format!(
        "{method} {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(kind) = content_type {
        head.push_str(&format!("Content-Type: {kind}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    // A server may refuse before reading the whole body: what it did not read is no failure.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let end = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an answer has a head");
    let head = String::from_utf8_lossy(&answer[..end]).into_owned();
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = answer[end + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = unchunk(&body);
    }
    Reply {
        status: status.parse().unwrap(),
        headers,
        body,
    }
}

/// A chunked body's bytes.
fn unchunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line = bytes.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&bytes[..line]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&bytes[line + 2..line + 2 + size]);
        bytes = &bytes[line + 4 + size..];
    }
}

/// The command line's output for `args`, exit 0 or 1 (a check's discrepancy).
fn cli_text(args: &[&str], input: &[u8]) -> String {
    let output = run(args, input);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The command line's JSON document for `args`.
fn cli(args: &[&str], input: &[u8]) -> Value {
    let mut args = args.to_vec();
    args.extend(["-f", "json"]);
    serde_json::from_str(&cli_text(&args, input)).unwrap()
}

/// A file of the repository, as text.
fn file(relative: &str) -> String {
    super::hostile::repo_file(relative)
}

/// A lab report quotes the command lines it stands for, which name its file: the server's
/// names it by what it is (`the log`), the command line by its path.
fn unnamed(mut document: Value) -> Value {
    for key in ["command", "verify_command"] {
        if let Some(Value::Array(command)) = document.get_mut(key) {
            command[2] = json!("FILE");
        }
    }
    document
}

#[test]
fn every_endpoint_gives_the_command_lines_document() {
    let server = Server::start(&[]);
    let gets: Vec<(&str, Vec<&str>)> = vec![
        (
            "/api/v1/analyze?decks=6&remove=8H,9C&fields=outcomes,bets",
            vec![
                "analyze",
                "-d",
                "6",
                "--remove",
                "8H,9C",
                "--fields",
                "outcomes,bets",
            ],
        ),
        (
            "/api/v1/analyze?decks=1&rules=ez-baccarat",
            vec!["analyze", "-d", "1", "-r", "ez-baccarat"],
        ),
        (
            "/api/v1/analyze?ranks=4,4,4,4,4,4,4,4,4,4,4,4,3",
            vec!["analyze", "--ranks", "4,4,4,4,4,4,4,4,4,4,4,4,3"],
        ),
        (
            "/api/v1/rules?rules=catalogue/pairs&stake=100",
            vec!["rules", "-r", "catalogue/pairs", "--stake", "100"],
        ),
        (
            "/api/v1/deal?cards=4H,2S,9C,AD,8D&lang=fr",
            vec!["deal", "4H,2S,9C,AD,8D", "-l", "fr"],
        ),
        ("/api/v1/check?rules=super-6", vec!["check", "super-6"]),
        (
            "/api/v1/eor?decks=1&by=card",
            vec!["eor", "-d", "1", "--by", "card"],
        ),
        (
            "/api/v1/decisions?decks=2&remove=5S,5H",
            vec!["decisions", "-d", "2", "--remove", "5S,5H"],
        ),
        (
            "/api/v1/session-odds?deals=3",
            vec!["session-odds", "--deals", "3"],
        ),
        (
            "/api/v1/session-odds?players=banco,tie&lang=fr",
            vec!["session-odds", "--players", "banco,tie", "-l", "fr"],
        ),
        (
            "/api/v1/shoe-sim?shoes=4&decks=1&seed=9",
            vec!["shoe-sim", "--shoes", "4", "-d", "1", "--seed", "9"],
        ),
        (
            "/api/v1/chemin?with_replacement=true",
            vec!["chemin", "--with-replacement"],
        ),
        ("/api/v1/banque?share=2/3", vec!["banque", "--share", "2/3"]),
        (
            "/api/v1/shuffle-test?plan=riffle:3&pilot=200",
            vec!["shuffle-test", "--plan", "riffle:3", "--pilot", "200"],
        ),
    ];
    // Each answer is also valid under the OpenAPI description's schema of its 200.
    let (_, openapi) = server.get("/api/v1/openapi.json");
    let described = |target: &str, document: &Value| {
        let path = target.split('?').next().unwrap();
        let schema = &openapi["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
            ["schema"];
        let validator = jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("{path}: {e}"));
        let errors: Vec<String> = validator
            .iter_errors(document)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{target}: {errors:?}");
    };
    for (target, args) in gets {
        let (status, document) = server.get(target);
        assert_eq!(status, 200, "{target}: {document}");
        assert_eq!(document, cli(&args, b""), "{target}");
        described(target, &document);
    }

    // POST: the options as a JSON object, a rule set by name or as a rule file's object.
    let claimed: Value = serde_json::from_str(&file("data/variants/super-6.json")).unwrap();
    let posts: Vec<(&str, Value, Vec<&str>)> = vec![
        (
            "analyze",
            json!({"decks": 6, "remove": ["8♥", "9C"], "rules": "ez-baccarat"}),
            vec![
                "analyze",
                "-d",
                "6",
                "--remove",
                "8♥,9C",
                "-r",
                "ez-baccarat",
            ],
        ),
        (
            "analyze",
            json!({"decks": 2, "rules": claimed}),
            vec!["analyze", "-d", "2", "-r", "data/variants/super-6.json"],
        ),
        (
            "deal",
            json!({"cards": ["4H", "2S", "9C", "AD", "8D"], "stake": 100}),
            vec!["deal", "4H,2S,9C,AD,8D", "--stake", "100"],
        ),
    ];
    for (command, body, args) in posts {
        let target = format!("/api/v1/{command}");
        let (status, document) = server.post(&target, &body);
        assert_eq!(status, 200, "{command} {body}: {document}");
        assert_eq!(document, cli(&args, b""), "{command} {body}");
        described(&target, &document);
    }
    // A claimed tableau as its text (a grid, a Markdown grid), as `check` reads a file: the
    // same report, but for the name it goes by.
    for claimed in ["data/claims/004-banque.tsv", "data/claims/004-banque.md"] {
        let body = json!({"rules_text": file(claimed), "lang": "fr"});
        let (status, mut document) = server.post("/api/v1/check", &body);
        assert_eq!(status, 200, "{claimed}: {document}");
        assert_eq!(document["source"], "rules_text");
        document["source"] = json!(claimed);
        assert_eq!(
            document,
            cli(&["check", claimed, "-l", "fr"], b""),
            "{claimed}"
        );
    }
    // The shoes, a list of lines, as the command line writes one a line.
    let (status, lines) = server.get("/api/v1/shoes?count=2&seed=7&decks=1&as=log");
    assert_eq!(status, 200);
    let expected: Vec<Value> = cli_text(
        &[
            "shoes", "--count", "2", "--seed", "7", "-d", "1", "--as", "log",
        ],
        b"",
    )
    .lines()
    .map(|line| serde_json::from_str(line).unwrap())
    .collect();
    assert_eq!(lines, Value::Array(expected));
    described("/api/v1/shoes", &lines);
}

/// The words of a shell line as the docs write them: split at spaces, single quotes kept
/// whole, up to a redirection.
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            '>' if !quoted && !started => break,
            c => (word, started) = (word + &c.to_string(), true),
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Every `curl` example of the web pages, in both languages, sent as written: each answers
/// 200 with what it promises (a document, or the chart where it asks for SVG).
#[test]
fn the_docs_curl_examples_work() {
    let server = Server::start(&[]);
    let mut sent = 0;
    for page in ["docs/en/web.md", "docs/fr/web.md"] {
        let text = file(page).replace("\\\n", " ");
        for line in text.lines().filter(|line| line.starts_with("curl ")) {
            let words = words(line);
            let (mut content_type, mut body, mut target) = (None, None, None);
            let mut rest = words[1..].iter();
            while let Some(word) = rest.next() {
                match word.as_str() {
                    "-H" => {
                        let header = rest.next().unwrap();
                        content_type = header.strip_prefix("Content-Type: ").map(str::to_string);
                    }
                    "-d" => body = Some(rest.next().unwrap().as_bytes().to_vec()),
                    "--data-binary" => {
                        let path = rest.next().unwrap().strip_prefix('@').unwrap();
                        body = Some(file(path).into_bytes());
                    }
                    url => {
                        let path = url
                            .strip_prefix("http://127.0.0.1:8080")
                            .unwrap_or_else(|| {
                                panic!("{page}: `{url}` in `{line}` is not a flag this test knows")
                            });
                        target = Some(path.to_string());
                    }
                }
            }
            let target = target.unwrap_or_else(|| panic!("{page}: no URL in `{line}`"));
            let method = if body.is_some() { "POST" } else { "GET" };
            let reply = server.ask(
                method,
                &target,
                content_type.as_deref(),
                body.as_deref().unwrap_or(b""),
            );
            assert_eq!(
                reply.status,
                200,
                "{page}: `{line}`: {}",
                String::from_utf8_lossy(&reply.body)
            );
            if target.contains("format=svg") {
                assert!(reply.body.starts_with(b"<svg"), "{page}: `{line}`");
            } else {
                let document = reply.json();
                assert!(
                    document.is_object() || document.is_array(),
                    "{page}: `{line}`"
                );
            }
            sent += 1;
        }
    }
    assert!(sent >= 10, "{sent} examples");
}

/// The commands that read a file take it in the body: as JSON lines (text/plain or
/// application/x-ndjson, options in the query) or as a JSON body's `input` (text, lines, or
/// one object).
#[test]
fn the_commands_that_read_a_file_take_it_in_the_body() {
    let server = Server::start(&[]);
    let log = file("docs/examples/oracle/flags.jsonl");
    let reply = server.ask(
        "POST",
        "/api/v1/verify?lang=fr",
        Some("application/x-ndjson"),
        log.as_bytes(),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    let expected = cli(&["verify", "-", "-l", "fr"], log.as_bytes());
    assert_eq!(reply.json(), expected);
    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (status, document) = server.post("/api/v1/verify", &json!({"input": lines, "lang": "fr"}));
    assert_eq!(status, 200);
    assert_eq!(document, expected);

    let counts: Value = serde_json::from_str(&file("docs/examples/oracle/counts.json")).unwrap();
    let (status, document) = server.post("/api/v1/fit", &json!({"input": counts, "shown": 3}));
    assert_eq!(status, 200, "{document}");
    assert_eq!(
        document,
        cli(
            &["fit", "docs/examples/oracle/counts.json", "--shown", "3"],
            b""
        )
    );

    let audit = file("docs/examples/lab/audit-mispaid.jsonl");
    let (status, document) = server.post(
        "/api/v1/audit",
        &json!({"input": audit, "alpha": 0.05, "date": "2001-09-09"}),
    );
    assert_eq!(status, 200, "{document}");
    assert_eq!(document["command"][2], "the log");
    let mut command = Command::new(env!("CARGO_BIN_EXE_punto-banco"));
    let output = command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["audit", "docs/examples/lab/audit-mispaid.jsonl"])
        .args(["--alpha", "0.05", "--date", "--format", "json"])
        .env("SOURCE_DATE_EPOCH", "1000000000")
        .output()
        .unwrap();
    let expected: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(unnamed(document), unnamed(expected));

    let shoes = file("docs/examples/lab/shoes.jsonl");
    let reply = server.ask(
        "POST",
        "/api/v1/shuffle-test?alpha=0.05",
        Some("text/plain"),
        shoes.as_bytes(),
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    let args = [
        "shuffle-test",
        "docs/examples/lab/shoes.jsonl",
        "--alpha",
        "0.05",
        "--format",
        "json",
    ];
    let expected: Value = serde_json::from_str(&cli_text(&args, b"")).unwrap();
    assert_eq!(unnamed(reply.json()), unnamed(expected));

    // A command that reads no file is told so.
    let (status, document) = server.post("/api/v1/analyze", &json!({"input": "x"}));
    assert_eq!(status, 400);
    assert!(
        document["error"]
            .as_str()
            .unwrap()
            .contains("reads no file")
    );
}

/// `format=svg` gives the chart the command line draws with `--format svg`.
#[test]
fn the_charts_are_the_command_lines() {
    let server = Server::start(&[]);
    for (target, args) in [
        (
            "/api/v1/eor?decks=1&format=svg&lang=fr",
            vec!["eor", "-d", "1", "-l", "fr"],
        ),
        (
            "/api/v1/decisions?decks=2&format=svg",
            vec!["decisions", "-d", "2"],
        ),
        (
            "/api/v1/session-odds?deals=2&format=svg",
            vec!["session-odds", "--deals", "2"],
        ),
        (
            "/api/v1/shoe-sim?shoes=3&decks=1&format=svg",
            vec!["shoe-sim", "--shoes", "3", "-d", "1"],
        ),
    ] {
        let reply = server.ask("GET", target, None, b"");
        assert_eq!(reply.status, 200, "{target}: {}", reply.text());
        assert_eq!(reply.header("content-type"), Some("image/svg+xml"));
        let mut args = args.clone();
        args.extend(["-f", "svg"]);
        assert_eq!(
            reply.text().trim_end(),
            cli_text(&args, b"").trim_end(),
            "{target}"
        );
    }
    let (status, document) = server.post(
        "/api/v1/deal",
        &json!({"format": "svg", "cards": "4H,2S,9C,AD"}),
    );
    assert_eq!(status, 400);
    assert!(
        document["error"]
            .as_str()
            .unwrap()
            .contains("draws no chart")
    );
}

/// A value a parameter's schema takes, as a query writes it.
fn example(schema: &Value) -> String {
    if let Some(Value::Array(values)) = schema.get("enum") {
        return values[0]
            .as_str()
            .map_or(values[0].to_string(), str::to_string);
    }
    let mut kinds = Vec::new();
    let mut found = |schema: &Value| match schema.get("type") {
        Some(Value::String(kind)) => kinds.push(kind.clone()),
        Some(Value::Array(names)) => {
            kinds.extend(names.iter().filter_map(Value::as_str).map(str::to_string))
        }
        _ => {}
    };
    found(schema);
    for alternative in schema
        .get("anyOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        found(alternative);
    }
    if kinds
        .iter()
        .any(|k| k == "integer" || k == "number" || k == "array")
    {
        "1".into()
    } else if kinds.iter().any(|k| k == "boolean") {
        "true".into()
    } else {
        "x".into()
    }
}

/// Requests made from the OpenAPI description alone, as schemathesis makes them: for every
/// path, random subsets of its parameters with values of their declared types, valid and
/// not (a seeded generator, so that a failure repeats). Every answer is 200 with a document
/// valid under the description's schema of it (or the chart asked for), or 400 with a
/// one-line JSON error: never a 5xx, never a hang.
#[test]
fn requests_made_from_the_openapi_description_are_answered_as_it_says() {
    let server = Server::start(&["--timeout", "60"]);
    let (_, openapi) = server.get("/api/v1/openapi.json");
    let mut state = 0x5EED_u64;
    let mut next = move |n: usize| -> usize {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    };
    // Parameters whose size is the work asked for stay small: the budgets are tested apart.
    let small = ["shoes", "count", "deals", "pilot", "lags", "rows", "shown"];
    let (mut asked, mut answered) = (0, 0);
    for (path, operations) in openapi["paths"].as_object().unwrap() {
        let Some(parameters) = operations["get"]["parameters"].as_array() else {
            continue;
        };
        if parameters.is_empty() {
            continue;
        }
        let reader = operations["post"]["requestBody"]["content"]
            .get("text/plain")
            .is_some();
        let schema =
            &operations["get"]["responses"]["200"]["content"]["application/json"]["schema"];
        let validator = jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("{path}: {e}"));
        for _ in 0..5 {
            let mut query = Vec::new();
            for parameter in parameters {
                let name = parameter["name"].as_str().unwrap();
                let always = small.contains(&name) && name != "shown";
                if !always && next(3) != 0 {
                    continue;
                }
                let schema = &parameter["schema"];
                let kinds = serde_json::to_string(schema).unwrap();
                let value: String = if let Some(Value::Array(values)) = schema.get("enum") {
                    let value = &values[next(values.len())];
                    value.as_str().map_or(value.to_string(), str::to_string)
                } else if small.contains(&name) {
                    ["1", "2", "3", "1", "2", "0", "-1", "x"][next(8)].into()
                } else if kinds.contains("\"integer\"") {
                    ["0", "1", "2", "6", "8", "-1", "99999999999999999999", "x"][next(8)].into()
                } else if kinds.contains("\"number\"") {
                    ["0", "0.05", "0.5", "1.5", "-1", "x"][next(6)].into()
                } else if kinds.contains("\"boolean\"") {
                    ["true", "false", "", "maybe"][next(4)].into()
                } else if kinds.contains("\"array\"") && !kinds.contains("\"string\"") {
                    ["1", "4,4,4,4,4,4,4,4,4,4,4,4,4", "x", ""][next(4)].into()
                } else {
                    let texts = [
                        "x",
                        "",
                        "8H,9C",
                        "4H,2S,9C,AD,8D",
                        "1/2",
                        "riffle:3",
                        "banco,punto",
                        "fr",
                        "thorp-nat9",
                        "0,1,1,1,1,0,0,0,-1,-1,-1,-1,-1",
                        "%E2%99%A5",
                        "rank",
                        "log",
                    ];
                    texts[next(texts.len())].into()
                };
                query.push(format!("{name}={value}"));
            }
            let target = format!("{path}?{}", query.join("&"));
            let reply = match reader {
                true => server.ask("POST", &target, Some("text/plain"), b""),
                false => server.ask("GET", &target, None, b""),
            };
            asked += 1;
            match reply.status {
                200 if reply.header("content-type") == Some("image/svg+xml") => {
                    assert!(target.contains("format=svg"), "{target}");
                    assert!(
                        String::from_utf8_lossy(&reply.body).contains("<svg"),
                        "{target}"
                    );
                }
                200 => {
                    let document = reply.json();
                    let errors: Vec<String> = validator
                        .iter_errors(&document)
                        .map(|e| e.to_string())
                        .collect();
                    assert!(errors.is_empty(), "{target}: {errors:?}");
                    answered += 1;
                }
                400 => {
                    let message = reply.json()["error"].as_str().unwrap().to_string();
                    assert!(
                        !message.is_empty() && !message.contains('\n'),
                        "{target}: {message}"
                    );
                }
                status => panic!("{target}: {status} {}", reply.text()),
            }
        }
    }
    // Valid requests are made too, not only refused ones.
    println!("{asked} requests from the description, {answered} answered with a document");
    assert!(
        asked >= 80 && answered * 5 >= asked,
        "{answered} of {asked} answered"
    );
}

/// The OpenAPI document names every command, and every path and parameter it names is the
/// server's: each path answers, each parameter beside an unknown one is never the one
/// refused as unknown.
#[test]
fn the_openapi_document_says_what_is_accepted() {
    let server = Server::start(&[]);
    let (status, openapi) = server.get("/api/v1/openapi.json");
    assert_eq!(status, 200);
    assert!(openapi["openapi"].as_str().unwrap().starts_with("3."));
    let paths = openapi["paths"].as_object().unwrap();
    for command in punto_banco::api::COMMANDS {
        assert!(
            paths.contains_key(&format!("/api/v1/{command}")),
            "{command}"
        );
    }
    let mut checked = 0;
    for (path, operations) in paths {
        if !path.contains("/api/v1/") || path.ends_with("health") || path.ends_with(".json") {
            let (status, _) = server.get(path);
            assert_eq!(status, 200, "{path}");
            continue;
        }
        // A command that reads a file is asked by POST, the file (empty) its body.
        let reader = operations["post"]["requestBody"]["content"]
            .get("text/plain")
            .is_some();
        let ask = |query: &str| -> (u16, Value) {
            let target = format!("{path}?{query}");
            let reply = match reader {
                true => server.ask("POST", &target, Some("text/plain"), b""),
                false => server.ask("GET", &target, None, b""),
            };
            (reply.status, reply.json())
        };
        let (status, refused) = ask("zz_unknown=1");
        assert_eq!(status, 400, "{path}: {refused}");
        let message = refused["error"].as_str().unwrap();
        assert!(
            message.contains("unknown field `zz_unknown`"),
            "{path}: {message}"
        );
        for parameter in operations["get"]["parameters"].as_array().unwrap() {
            let name = parameter["name"].as_str().unwrap();
            let value = example(&parameter["schema"]);
            // A chart's own parameter is a chart's.
            let chart = parameter["schema"]["description"]
                .as_str()
                .is_some_and(|text| text.contains("format svg"));
            let format = if chart { "&format=svg" } else { "" };
            let (status, answer) = ask(&format!("{name}={value}{format}&zz_unknown=1"));
            assert_eq!(status, 400, "{path} {name}={value}: {answer}");
            let message = answer["error"].as_str().unwrap();
            assert!(
                !message.contains(&format!("unknown field `{name}`")),
                "{path} {name}: {message}"
            );
            checked += 1;
        }
        let body = &operations["post"]["requestBody"]["content"]["application/json"]["schema"];
        assert_eq!(body["additionalProperties"], false, "{path}");
    }
    assert!(checked > 50, "{checked} parameters");
}

#[test]
fn refusals_are_json_with_their_status() {
    let server = Server::start(&["--max-body", "1000"]);
    let error = |reply: &Reply| -> String {
        assert_eq!(reply.header("content-type"), Some("application/json"));
        reply.json()["error"].as_str().unwrap().to_string()
    };
    for target in [
        "/nowhere",
        "/api/v1/",
        "/api/v1/nonesuch",
        "/api/v2/analyze",
        "/api/v1/analyze/x",
    ] {
        let reply = server.ask("GET", target, None, b"");
        assert_eq!(reply.status, 404, "{target}");
        assert!(!error(&reply).is_empty());
    }
    for (method, target) in [
        ("DELETE", "/api/v1/analyze"),
        ("PUT", "/api/v1/deal"),
        ("POST", "/api/v1/health"),
        ("POST", "/"),
        ("PATCH", "/api/v1/openapi.json"),
    ] {
        let reply = server.ask(method, target, Some("application/json"), b"{}");
        assert_eq!(reply.status, 405, "{method} {target}");
        assert!(reply.header("allow").is_some());
        assert!(error(&reply).contains(method));
    }
    let big = format!("{{\"decks\": 1, \"pad\": \"{}\"}}", "x".repeat(2000));
    let reply = server.ask(
        "POST",
        "/api/v1/analyze",
        Some("application/json"),
        big.as_bytes(),
    );
    assert_eq!(reply.status, 413);
    assert!(error(&reply).contains("1000 bytes"));
    for (body, needle) in [
        ("{\"decks\": ", "the body: line 1, column"),
        ("[1, 2]", "a JSON object of options"),
        ("{\"decks\": \"many\"}", "decks"),
        ("{\"deks\": 1}", "unknown field `deks`"),
        ("{\"rules\": 7}", "rules"),
        ("{\"rules_text\": [1]}", "rules_text"),
        (
            "{\"rules\": \"super-6\", \"rules_text\": \"x\"}",
            "give the rule set once",
        ),
    ] {
        let reply = server.ask(
            "POST",
            "/api/v1/analyze",
            Some("application/json"),
            body.as_bytes(),
        );
        assert_eq!(reply.status, 400, "{body}");
        let message = error(&reply);
        assert!(message.contains(needle), "{body}: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
    let reply = server.ask("GET", "/api/v1/check?rules_text=x", None, b"");
    assert_eq!(reply.status, 400);
    assert!(error(&reply).contains("in the JSON body of a POST"));
    let reply = server.ask("GET", "/api/v1/deal?cards=4H,ZZ", None, b"");
    assert_eq!(reply.status, 400);
    // The command line's own message, as its `error:` line says it.
    let output = run(&["deal", "4H,ZZ"], b"");
    let line = String::from_utf8(output.stderr).unwrap();
    let said = line.trim().strip_prefix("error: ").unwrap();
    assert!(error(&reply).ends_with(said), "{said}");
    let reply = server.ask("POST", "/api/v1/analyze", Some("image/png"), b"x");
    assert_eq!(reply.status, 415);
    let reply = server.ask("GET", "/", None, b"");
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let reply = server.ask("POST", "/nowhere", Some("application/json"), b"{}");
    assert_eq!(reply.status, 404);
    for (target, kind) in [
        ("/strings.js", "text/javascript"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
    ] {
        let reply = server.ask("GET", target, None, b"");
        assert_eq!(reply.status, 200);
        assert!(
            reply.header("content-type").unwrap().starts_with(kind),
            "{target}"
        );
    }
}

/// A rule set is a shipped name: a path, in the query, the body or an option that names a
/// rule set, is refused, and no file is read.
#[test]
fn a_path_is_never_a_rule_set() {
    let server = Server::start(&[]);
    for name in [
        "/etc/passwd",
        "data/variants/super-6.json",
        "../Cargo.toml",
        "catalogue/../../Cargo.toml",
        "C:\\rules.json",
    ] {
        let encoded: String = name.bytes().map(|b| format!("%{b:02X}")).collect();
        let (status, answer) = server.get(&format!("/api/v1/analyze?rules={encoded}"));
        assert_eq!(status, 400, "{name}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains("reads no file"), "{name}: {message}");
        let (status, answer) = server.post("/api/v1/rules", &json!({"rules": name}));
        assert_eq!(status, 400, "{name}: {answer}");
        let (status, answer) = server.post("/api/v1/fit", &json!({"plan": name}));
        assert_eq!(status, 400, "{name}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("not a shipped"),
            "{answer}"
        );
    }
    // A shipped name with a slash is a name.
    let (status, _) = server.get("/api/v1/rules?rules=catalogue/pairs");
    assert_eq!(status, 200);
}

/// The children of process `pid`.
pub(super) fn children(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return found;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            found.extend(
                text.split_whitespace()
                    .filter_map(|n| n.parse::<u32>().ok()),
            );
        }
    }
    found
}

/// Work past the time budget gets 503 naming it, its worker is gone, and the server kept
/// answering while it ran; past the memory budget, the same.
#[test]
fn work_past_its_budget_is_stopped() {
    let server = Server::start(&[
        "--timeout",
        "1",
        "--max-memory",
        "150",
        "--max-response",
        "4096",
    ]);
    let address = server.address.clone();
    let heavy = std::thread::spawn(move || {
        let start = Instant::now();
        let reply = ask(
            &address,
            "GET",
            "/api/v1/shoe-sim?shoes=100000000",
            None,
            b"",
        );
        (reply, start.elapsed())
    });
    std::thread::sleep(Duration::from_millis(300));
    if cfg!(target_os = "linux") {
        assert!(
            !children(server.pid()).is_empty(),
            "the heavy work runs in a worker"
        );
    }
    for _ in 0..3 {
        let start = Instant::now();
        let (status, answer) = server.get("/api/v1/health");
        assert_eq!((status, answer), (200, json!({"status": "ok"})));
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{:?}",
            start.elapsed()
        );
    }
    let (reply, took) = heavy.join().unwrap();
    assert_eq!(reply.status, 503, "{}", reply.text());
    assert!(
        reply.json()["error"]
            .as_str()
            .unwrap()
            .contains("time budget of 1 s")
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    if cfg!(target_os = "linux") {
        assert_eq!(
            children(server.pid()),
            Vec::<u32>::new(),
            "the worker is gone"
        );
    }
    // Memory, with time to spare (on a loaded machine a second is not enough to reach it).
    let server = Server::start(&["--timeout", "120", "--max-memory", "150"]);
    let (status, answer) = server.get("/api/v1/shoes?count=1000000");
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("memory budget of 150 MiB")
    );
    // The server goes on.
    let (status, _) = server.get("/api/v1/deal?cards=4H,2S,9C,AD,8D");
    assert_eq!(status, 200);
}

/// The resident memory of process `pid`, in KiB (Linux).
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The load test: rounds of concurrent requests on loopback, a mix of the light and the
/// heavier commands, counting errors and the server's resident memory after each round, and
/// printing the latencies' percentiles (`cargo test --release --all-features --test it
/// serve::load -- --nocapture`). It asserts no error and a flat memory; the figures are for
/// the record (speed is never asserted).
#[test]
fn load() {
    let server = Server::start(&["--queue", "1000", "--timeout", "120"]);
    let targets = [
        "/api/v1/health",
        "/api/v1/deal?cards=4H,2S,9C,AD,8D",
        "/api/v1/analyze?decks=8&remove=8H,9C&fields=bets",
        "/api/v1/decisions?decks=1",
        "/api/v1/session-odds?deals=3",
    ];
    let (rounds, concurrent) = (3, 200);
    let mut latencies = Vec::new();
    let mut errors = 0;
    let mut rss = Vec::new();
    let start = Instant::now();
    for round in 0..rounds {
        let threads: Vec<_> = (0..concurrent)
            .map(|i| {
                let address = server.address.clone();
                let target = targets[(i + round) % targets.len()];
                std::thread::spawn(move || {
                    let start = Instant::now();
                    let reply = ask(&address, "GET", target, None, b"");
                    (reply.status, start.elapsed())
                })
            })
            .collect();
        for thread in threads {
            let (status, took) = thread.join().unwrap();
            if status != 200 {
                errors += 1;
            }
            latencies.push(took);
        }
        rss.push(rss_kib(server.pid()));
    }
    let total = start.elapsed();
    latencies.sort();
    let at = |p: f64| latencies[((latencies.len() - 1) as f64 * p) as usize];
    println!(
        "{} requests ({rounds} rounds of {concurrent} at once) in {total:?}: {errors} errors; latency p50 {:?}, p99 {:?}, max {:?}; server RSS after each round (KiB): {rss:?}",
        latencies.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    assert_eq!(errors, 0);
    if cfg!(target_os = "linux") {
        let (first, last) = (rss[0], rss[rss.len() - 1]);
        assert!(last < first * 2 + 16_384, "memory grew: {rss:?}");
    }
}
