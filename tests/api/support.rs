//! Test plumbing: start a server, make requests, validate against the OpenAPI document.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use consultancy_api::auth::Keys;
use consultancy_api::clock::{Clock, ManualClock, SystemClock};
use consultancy_api::http::App;
use consultancy_api::http::access_log::AccessLog;
use consultancy_api::http::admin::serve_metrics;
use consultancy_api::http::server::{ServerOptions, serve};
use consultancy_api::limits::client::Cidr;
use consultancy_api::limits::rate::RateLimiter;
use consultancy_api::tables::FIXED;
use serde_json::Value;
use tokio::sync::oneshot;

/// A fixed test key (hex, 32 bytes).
pub const TEST_KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// A running server; stops when dropped.
pub struct TestServer {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    pub clock: Option<Arc<ManualClock>>,
    pub app: Arc<App>,
    /// The metrics listener, if `Setup::metrics` asked for one.
    pub metrics_addr: Option<SocketAddr>,
    /// What the access log wrote, if `Setup::access_log` turned it on.
    pub access_log: Option<SharedLog>,
    stop: Option<oneshot::Sender<()>>,
}

/// An in-memory sink for the access log that tests can read while the server writes.
#[derive(Clone, Default)]
pub struct SharedLog(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for SharedLog {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl SharedLog {
    /// The lines written so far.
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
        String::from_utf8(bytes)
            .expect("the access log is UTF-8")
            .lines()
            .map(String::from)
            .collect()
    }

    /// Waits (up to 10 s) until at least `n` lines are written, then returns them all. The
    /// writer is a thread of its own, so a line appears shortly after its response.
    pub async fn wait_for_lines(&self, n: usize) -> Vec<String> {
        for _ in 0..1000 {
            let lines = self.lines();
            if lines.len() >= n {
                return lines;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the access log has {} lines, expected {n}", self.lines().len());
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Waits up to `limit` for `condition`, polling; says whether it came true. For a test to wait
/// for what it needs (a connection accepted, the server draining) rather than sleep and hope:
/// a loaded machine can take longer than any sleep.
pub async fn eventually(limit: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let deadline = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < deadline {
        if condition() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    condition()
}

/// How to build a test server.
pub struct Setup {
    pub rate_limit: u32,
    pub max_tracked: usize,
    pub manual_clock: bool,
    pub trust_proxy: bool,
    /// `--trusted-proxy`: setting any also trusts them (`trust_proxy`).
    pub trusted_proxies: Vec<Cidr>,
    pub keys: Keys,
    pub options: ServerOptions,
    pub body_timeout: Option<Duration>,
    pub deprecation: Option<consultancy_api::model::Deprecation>,
    /// IPv6 clients are keyed by this prefix length.
    pub ipv6_prefix: u8,
    /// Serve `/metrics` on a second ephemeral port.
    pub metrics: bool,
    /// Write the access log to `TestServer::access_log`.
    pub access_log: bool,
    /// The read-ahead budget for HTTP/2 request bodies, if not `H2_READ_AHEAD_BUDGET`.
    pub read_ahead_budget: Option<usize>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            rate_limit: 100_000,
            max_tracked: 262_144,
            manual_clock: false,
            trust_proxy: false,
            trusted_proxies: Vec::new(),
            keys: Keys::from_hex(TEST_KEY, None).expect("test key is valid"),
            options: ServerOptions::default(),
            body_timeout: None,
            deprecation: None,
            ipv6_prefix: consultancy_api::limits::IPV6_PREFIX_DEFAULT,
            metrics: false,
            access_log: false,
            read_ahead_budget: None,
        }
    }
}

pub async fn start() -> TestServer {
    start_with(Setup::default()).await
}

pub async fn start_with(setup: Setup) -> TestServer {
    let manual = setup.manual_clock.then(|| Arc::new(ManualClock::new(1_800_000_000_000)));
    let clock: Arc<dyn Clock> = match &manual {
        Some(manual) => manual.clone(),
        None => Arc::new(SystemClock),
    };
    let limiter = RateLimiter::with_capacity(setup.rate_limit, setup.max_tracked)
        .with_ipv6_prefix(setup.ipv6_prefix);
    let trust_proxy = setup.trust_proxy || !setup.trusted_proxies.is_empty();
    let mut app = App::with_limiter(limiter, setup.keys, clock, trust_proxy);
    app.trusted_proxies = setup.trusted_proxies;
    if let Some(timeout) = setup.body_timeout {
        app.body_timeout = timeout;
    }
    if let Some(budget) = setup.read_ahead_budget {
        app.read_ahead = consultancy_api::http::ReadAhead::new(budget);
    }
    if setup.deprecation.is_some() {
        app.deprecation = setup.deprecation;
    }
    let access_log = setup.access_log.then(SharedLog::default);
    if let Some(sink) = &access_log {
        // The writer thread ends when the app (and so the sender) is dropped.
        let (log, _writer) = AccessLog::start(Box::new(sink.clone())).expect("start the writer");
        app.access_log = Some(log);
    }
    let app = Arc::new(app);
    let metrics_addr = if setup.metrics {
        let listener =
            tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the metrics port");
        let addr = listener.local_addr().expect("metrics address");
        tokio::spawn(serve_metrics(
            listener,
            app.clone(),
            setup.options.gauges.clone(),
            std::future::pending(),
        ));
        Some(addr)
    } else {
        None
    };
    let listener =
        tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind an ephemeral port");
    let addr = listener.local_addr().expect("local address");
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(serve(listener, app.clone(), setup.options, async move {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestServer { addr, client, clock: manual, app, metrics_addr, access_log, stop: Some(stop) }
}

impl TestServer {
    /// The metrics listener's exposition, parsed (see [`parse_exposition`]).
    pub async fn scrape(&self) -> Vec<(String, f64)> {
        let url = format!("http://{}/metrics", self.metrics_addr.expect("Setup::metrics"));
        let response = self.client.get(&url).send().await.expect("scrape");
        assert_eq!(response.status(), 200);
        parse_exposition(&response.text().await.expect("the exposition"))
    }

    /// Starts a graceful shutdown: no new connections, in-flight requests finish.
    pub fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> Checked {
        let response = self.client.get(self.url(path)).send().await.expect("GET");
        Checked::read(response).await
    }

    /// A GET with extra request headers (each pair appended, so a name may repeat).
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Checked {
        let mut request = self.client.get(self.url(path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Checked::read(request.send().await.expect("GET")).await
    }

    pub async fn post_json(&self, path: &str, body: &str) -> Checked {
        let response = self
            .client
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("POST");
        Checked::read(response).await
    }
}

/// A response read whole.
#[derive(Debug)]
pub struct Checked {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl Checked {
    pub async fn read(response: reqwest::Response) -> Checked {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.expect("body");
        Checked { status, headers, text }
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts the status, then validates the body against the OpenAPI document's schema for
    /// `method path_template` at that status. Returns the JSON.
    pub fn conforms(&self, method: &str, path_template: &str, status: u16) -> Value {
        assert_eq!(self.status, status, "status of {method} {path_template}; body: {}", self.text);
        let json = self.json();
        validate(method, path_template, status, &json);
        json
    }

    /// Asserts an Error body with this status and code, valid against the document.
    pub fn error(&self, method: &str, path_template: &str, status: u16, code: &str) -> Value {
        let json = self.conforms(method, path_template, status);
        assert_eq!(json["error"]["code"], code, "error code; body: {}", self.text);
        json
    }
}

/// The OpenAPI document the server publishes.
pub fn openapi() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let fixed = FIXED.get("/openapi.json").expect("the OpenAPI document is a fixed route");
        serde_json::from_str(fixed.body).expect("the OpenAPI document is JSON")
    })
}

/// A JSON pointer segment as it may appear in a URI fragment.
fn pointer_escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1").replace('{', "%7B").replace('}', "%7D")
}

/// Whether `body` is valid against the document's component schema `name`.
pub fn matches_component(name: &str, body: &Value) -> bool {
    let mut root = openapi().clone();
    root["$ref"] = Value::String(format!("#/components/schemas/{name}"));
    let validator = jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&root)
        .expect("the OpenAPI schemas compile");
    validator.is_valid(body)
}

/// Whether `value` is valid against the schema of the parameter `name` (a header's in any
/// case) of `method path` in the document: what schemathesis reads when it judges whether a
/// request the server answered was schema-violating.
pub fn matches_parameter(method: &str, path: &str, name: &str, value: &Value) -> bool {
    let mut root = openapi().clone();
    let operation = &root["paths"][path][method.to_ascii_lowercase()];
    let found = operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .find_map(|(at, parameter)| {
            let resolved = match parameter["$ref"].as_str() {
                Some(reference) => openapi().pointer(&reference[1..]).expect("parameter $ref"),
                None => parameter,
            };
            let named = resolved["name"].as_str().is_some_and(|n| n.eq_ignore_ascii_case(name));
            named.then(|| match parameter["$ref"].as_str() {
                Some(reference) => format!("{}/schema", &reference[1..]),
                None => format!(
                    "/paths/{}/{}/parameters/{at}/schema",
                    pointer_escape_json(path),
                    method.to_ascii_lowercase()
                ),
            })
        })
        .unwrap_or_else(|| panic!("{method} {path} documents no parameter {name}"));
    root["$ref"] = Value::String(format!("#{found}"));
    let validator = jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&root)
        .expect("the OpenAPI schemas compile");
    validator.is_valid(value)
}

/// A JSON pointer segment (RFC 6901), as a `$ref` in the same document takes it.
fn pointer_escape_json(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// Validates `body` against the document's component schema `name`.
pub fn validate_component(name: &str, body: &Value) {
    let mut root = openapi().clone();
    root["$ref"] = Value::String(format!("#/components/schemas/{name}"));
    let validator = jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&root)
        .expect("the OpenAPI schemas compile");
    let errors: Vec<String> =
        validator.iter_errors(body).map(|e| format!("{} at {}", e, e.instance_path)).collect();
    assert!(errors.is_empty(), "not a {name}:\n{}\nbody: {body}", errors.join("\n"));
}

/// Validates `body` against the response schema of `method path` at `status`.
pub fn validate(method: &str, path: &str, status: u16, body: &Value) {
    let doc = openapi();
    let method = method.to_ascii_lowercase();
    let operation = &doc["paths"][path][&method];
    assert!(operation.is_object(), "{method} {path} is not in the OpenAPI document");
    let mut response = &operation["responses"][status.to_string()];
    assert!(response.is_object(), "status {status} is not documented for {method} {path}");
    let mut pointer = format!("#/paths/{}/{method}/responses/{status}", pointer_escape(path));
    if let Some(reference) = response["$ref"].as_str() {
        pointer = reference.to_string();
        response = doc.pointer(&reference[1..]).expect("response $ref resolves");
    }
    let media = response["content"]
        .as_object()
        .and_then(|c| c.keys().next().cloned())
        .unwrap_or_else(|| panic!("{method} {path} {status} has no documented body"));
    let schema_pointer = format!("{pointer}/content/{}/schema", pointer_escape(&media));
    let mut root = doc.clone();
    root["$ref"] = Value::String(schema_pointer);
    let validator = jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&root)
        .expect("the OpenAPI schemas compile");
    let errors: Vec<String> =
        validator.iter_errors(body).map(|e| format!("{} at {}", e, e.instance_path)).collect();
    assert!(
        errors.is_empty(),
        "{method} {path} {status} does not match the OpenAPI schema:\n{}\nbody: {body}",
        errors.join("\n")
    );
}

/// Asserts that the response carries every header the OpenAPI document lists for `method
/// path_template` at its status, each value valid against the header's schema.
pub fn headers_conform(checked: &Checked, method: &str, path_template: &str) {
    let doc = openapi();
    let operation = &doc["paths"][path_template][method.to_ascii_lowercase()];
    let mut response = &operation["responses"][checked.status.to_string()];
    assert!(
        response.is_object(),
        "status {} is not documented for {method} {path_template}",
        checked.status
    );
    if let Some(reference) = response["$ref"].as_str() {
        response = doc.pointer(&reference[1..]).expect("response $ref resolves");
    }
    let headers = response["headers"].as_object().cloned().unwrap_or_default();
    for (name, header) in headers {
        let (header, pointer) = match header["$ref"].as_str() {
            Some(reference) => {
                (doc.pointer(&reference[1..]).expect("header $ref resolves"), reference.to_string())
            }
            None => (&header, String::new()),
        };
        let value = checked.header(&name).unwrap_or_else(|| {
            panic!("{method} {path_template} {}: no {name} header", checked.status)
        });
        let schema = &header["schema"];
        if schema.is_null() {
            continue;
        }
        let instance = if schema["type"] == "integer" {
            Value::from(value.parse::<i64>().unwrap_or_else(|_| panic!("{name}: {value}")))
        } else {
            Value::String(value.to_string())
        };
        let validator = jsonschema::draft202012::options()
            .should_validate_formats(true)
            .build(schema)
            .expect("the header schema compiles");
        assert!(
            validator.is_valid(&instance),
            "{method} {path_template} {}: header {name} = {value:?} does not match {pointer}",
            checked.status
        );
    }
}

/// One HTTP/1.1 request on a fresh connection, and what became of the connection.
#[derive(Debug)]
pub struct Exchange {
    /// The response's status line and header fields, lower-cased.
    pub head: String,
    pub body: String,
    /// Whether the server closed the connection after the response, rather than answer a
    /// second request sent down it.
    pub closed: bool,
}

impl Exchange {
    pub fn status(&self) -> u16 {
        self.head.get(9..12).and_then(|code| code.parse().ok()).unwrap_or(0)
    }

    /// Whether the response says `Connection: close`.
    pub fn says_close(&self) -> bool {
        self.head.split("\r\n").any(|line| line == "connection: close")
    }
}

/// Sends `request` (its body perhaps incomplete) on a new connection, reads the response by
/// its `Content-Length` within `within`, then sends `GET /v1/contact` after it: an open
/// connection answers that, a closed one ends (or is reset).
pub async fn http1_exchange(addr: SocketAddr, request: &[u8], within: Duration) -> Exchange {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request).await.expect("write the request");
    let mut received = Vec::new();
    let read = async {
        let head_end = loop {
            if let Some(at) = received.windows(4).position(|w| w == b"\r\n\r\n") {
                break at + 4;
            }
            let n = stream.read_buf(&mut received).await.expect("read the response");
            assert!(n > 0, "closed before answering: {}", String::from_utf8_lossy(&received));
        };
        let head = String::from_utf8_lossy(&received[..head_end]).to_ascii_lowercase();
        let length: usize = head
            .split("\r\n")
            .find_map(|line| line.strip_prefix("content-length: "))
            .and_then(|n| n.parse().ok())
            .expect("a Content-Length");
        while received.len() < head_end + length {
            let n = stream.read_buf(&mut received).await.expect("read the body");
            assert!(n > 0, "closed inside the body");
        }
        let body = String::from_utf8_lossy(&received[head_end..head_end + length]).into_owned();
        (head, body)
    };
    let (head, body) = tokio::time::timeout(within, read).await.expect("answered in time");
    // The server may have closed already: the write then fails, or is reset on arrival.
    let _ = stream.write_all(b"GET /v1/contact HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let mut next = [0u8; 64];
    let after = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut next))
        .await
        .expect("the second request is answered or the connection closed");
    let closed = match after {
        Ok(0) | Err(_) => true,
        Ok(n) => {
            let text = String::from_utf8_lossy(&next[..n]);
            assert!(text.starts_with("HTTP/1.1 200"), "the second answer: {text}");
            false
        }
    };
    Exchange { head, body, closed }
}

/// The server binary, started on an ephemeral port with a rate limit out of the way, with
/// `args` besides and `env` in its environment.
pub struct Binary {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Binary {
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Binary {
        Binary::start_with_stdout(args, env, Stdio::null())
    }

    /// As `start`, with standard output (the access log's) going to `stdout`.
    pub fn start_with_stdout(args: &[&str], env: &[(&str, &str)], stdout: Stdio) -> Binary {
        let mut child = Command::new(env!("CARGO_BIN_EXE_consultancy-api"))
            .args(["--listen", "127.0.0.1:0", "--rate-limit", "1000000000"])
            .args(args)
            .env("TOKEN_KEY", TEST_KEY)
            .envs(env.iter().copied())
            .stderr(Stdio::piped())
            .stdout(stdout)
            .spawn()
            .expect("start the binary");
        let stderr = child.stderr.take().expect("stderr");
        let line = BufReader::new(stderr).lines().next().expect("a line").expect("readable");
        let addr = line
            .rsplit_once("listening on http://")
            .and_then(|(_, addr)| addr.trim().parse().ok())
            .unwrap_or_else(|| panic!("unexpected start-up line: {line}"));
        Binary { child, addr }
    }

    /// A memory line of /proc/PID/status (`VmRSS:` now, `VmHWM:` the peak so far), in KiB.
    pub fn status_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc status");
        status
            .lines()
            .find_map(|line| line.strip_prefix(field))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("{field} in /proc status"))
    }
}

impl Binary {
    /// Its open file descriptors (its listener, its connections, its pipes).
    pub fn open_descriptors(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id())).expect("/proc fd").count()
    }

    /// The CPU time it has used, user and system, in clock ticks (/proc/PID/stat).
    pub fn cpu_ticks(&self) -> u64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).expect("/proc stat");
        // After the command name, which may hold spaces, in parentheses: utime and stime are the
        // 14th and 15th fields of the line, the 12th and 13th after the name.
        let fields: Vec<&str> =
            stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("").split_whitespace().collect();
        let field = |n: usize| fields.get(n).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        field(11) + field(12)
    }

    /// Waits (up to `limit`) until its CPU time has not moved for half a second: it has done
    /// all the work it was given. A starved process is slow, not idle: on a loaded host it still
    /// gets the CPU every few tens of milliseconds, and each tick it uses is counted.
    pub async fn wait_until_idle(&self, limit: Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        let mut last = self.cpu_ticks();
        let mut unchanged = 0;
        while unchanged < 2 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(250)).await;
            let now = self.cpu_ticks();
            unchanged = if now == last { unchanged + 1 } else { 0 };
            last = now;
        }
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The exposition as (series, value) pairs; panics on a line that is not the text format.
pub fn parse_exposition(text: &str) -> Vec<(String, f64)> {
    let mut series = Vec::new();
    for line in text.lines() {
        if line.starts_with("# HELP ") || line.starts_with("# TYPE ") {
            continue;
        }
        let (name, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("bad line {line:?}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("bad value in {line:?}"));
        let bare = name.split('{').next().unwrap_or(name);
        assert!(
            bare.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
            "metric name {bare:?}"
        );
        if let Some(labels) = name.strip_prefix(bare) {
            assert!(
                labels.is_empty() || (labels.starts_with('{') && labels.ends_with('}')),
                "{line}"
            );
        }
        series.push((name.to_string(), value));
    }
    series
}

/// The value of the series named exactly `name` (labels included); panics if there is none.
pub fn value(series: &[(String, f64)], name: &str) -> f64 {
    series
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| *v)
        .unwrap_or_else(|| panic!("no series {name}"))
}
