//! Operations (issue 16): `/healthz`, the metrics listener, the access log, `--check`, the
//! key from systemd credentials and a socket passed by the service manager. The fleet behind
//! nginx, socket-activated restarts and the soak are `.ci/fleet.sh`'s.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{IpAddr, SocketAddr};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use consultancy_api::http::access_log::{
    AccessLog, Entry, Rejection, format_line, format_rejection, target,
};
use consultancy_api::http::metrics::RouteKind;
use consultancy_api::http::server::ServerOptions;
use consultancy_api::limits::{ACCESS_LOG_QUEUE, MAX_HEADER_BYTES, MAX_HEADER_FIELDS};
use consultancy_api::route::Route;
use http::{Method, Uri, Version};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{Binary, Setup, TEST_KEY, parse_exposition, start_with, value};

#[tokio::test]
async fn healthz_answers_ok_and_is_never_rate_limited() {
    let server = start_with(Setup { rate_limit: 3, ..Setup::default() }).await;
    // The trailing-slash form redirects (and, being another route, counts).
    let slash = server.get("/healthz/").await;
    assert_eq!((slash.status, slash.header("location")), (308, Some("/healthz")));
    for _ in 0..5 {
        let health = server.get("/healthz").await;
        let body = health.conforms("GET", "/healthz", 200);
        assert_eq!(body, serde_json::json!({"status": "ok"}));
        assert_eq!(health.header("cache-control"), Some("no-store"));
        assert_eq!(health.header("ratelimit"), None, "health checks carry no RateLimit");
        assert_eq!(health.header("ratelimit-policy"), None);
        assert_eq!(health.header("access-control-allow-origin"), Some("*"));
    }
    // Five probes later the address still has its whole budget.
    let first = server.get("/v1").await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("ratelimit").map(|v| v.starts_with("\"ip\";r=1;")), Some(true));
    assert_eq!(server.get("/v1").await.status, 200);
    assert_eq!(server.get("/v1").await.status, 429, "other routes are limited as before");
    assert_eq!(server.get("/healthz").await.status, 200, "and health still answers");

    let head = server.client.head(server.url("/healthz")).send().await.expect("HEAD");
    assert_eq!(head.status(), 200);
    let post = server.client.post(server.url("/healthz")).send().await.expect("POST");
    assert_eq!(post.status(), 405);
    assert_eq!(
        post.headers().get("allow").and_then(|v| v.to_str().ok()),
        Some("GET, HEAD, OPTIONS")
    );
}

#[tokio::test]
async fn healthz_fails_readiness_once_the_server_is_draining() {
    let server = start_with(Setup::default()).await;
    assert_eq!(server.get("/healthz").await.status, 200);
    server.app.start_draining();
    let draining = server.get("/healthz").await;
    let body = draining.conforms("GET", "/healthz", 503);
    assert_eq!(body, serde_json::json!({"status": "draining"}));
    assert_eq!(server.get("/v1").await.status, 200, "draining still serves what arrives");
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status_with_bounded_labels() {
    let server = start_with(Setup { rate_limit: 5, metrics: true, ..Setup::default() }).await;
    for path in ["/v1/services", "/v1/services/mlops", "/v1/nothing", "/v1/resources?q=drift"] {
        server.get(path).await;
    }
    server.post_json("/v1/ai-readiness/score", &format!("{{\"answers\":{:?}}}", [3; 16])).await;
    // Over the limit (5): refused, counted as rate-limited.
    assert_eq!(server.get("/v1/contact").await.status, 429);
    for _ in 0..3 {
        server.get("/healthz").await;
    }
    let metrics_url = format!("http://{}/metrics", server.metrics_addr.expect("metrics"));
    let scrape = server.client.get(&metrics_url).send().await.expect("scrape");
    assert_eq!(scrape.status(), 200);
    assert_eq!(
        scrape.headers().get("content-type").and_then(|v| v.to_str().ok()),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let text = scrape.text().await.expect("body");
    let series = parse_exposition(&text);
    let requests = |route: &str, class: &str| {
        value(
            &series,
            &format!("consultancy_api_http_requests_total{{route=\"{route}\",status=\"{class}\"}}"),
        )
    };
    assert_eq!(requests("content", "2xx"), 2.0);
    assert_eq!(requests("unknown", "4xx"), 1.0);
    assert_eq!(requests("search", "2xx"), 1.0);
    assert_eq!(requests("score", "2xx"), 1.0);
    assert_eq!(requests("content", "4xx"), 1.0, "the 429");
    assert_eq!(requests("healthz", "2xx"), 3.0);
    assert_eq!(requests("export", "2xx"), 0.0, "every series exists from the start");
    for quiet in [
        "consultancy_api_connections_refused_total",
        "consultancy_api_connections_stalled_total",
        "consultancy_api_socket_writes_blocked_total",
    ] {
        assert_eq!(value(&series, quiet), 0.0, "{quiet}: nothing refused or stalled here");
    }
    assert_eq!(value(&series, "consultancy_api_rate_limited_total{route=\"content\"}"), 1.0);
    assert_eq!(value(&series, "consultancy_api_rate_limited_total{route=\"healthz\"}"), 0.0);
    // The histogram: cumulative buckets ending in +Inf, which equals the count.
    let buckets: Vec<f64> = series
        .iter()
        .filter(|(n, _)| {
            n.starts_with("consultancy_api_http_request_duration_seconds_bucket{route=\"content\"")
        })
        .map(|(_, v)| *v)
        .collect();
    assert!(buckets.windows(2).all(|w| w[0] <= w[1]), "cumulative: {buckets:?}");
    assert_eq!(buckets.last(), Some(&3.0));
    assert_eq!(
        value(&series, "consultancy_api_http_request_duration_seconds_count{route=\"content\"}"),
        3.0
    );
    assert!(text.contains("le=\"+Inf\""));
    assert!(value(&series, "consultancy_api_connections_total") >= 1.0);
    assert_eq!(value(&series, "consultancy_api_rate_limiter_clients"), 1.0);
    assert_eq!(value(&series, "consultancy_api_draining"), 0.0);
    assert_eq!(value(&series, "consultancy_api_access_log_dropped_total"), 0.0);
    if cfg!(target_os = "linux") {
        assert!(value(&series, "process_resident_memory_bytes") > 1e6);
        assert!(value(&series, "process_open_fds") >= 3.0);
    }
    // Bounded labels: nothing names a client, a path or a query.
    for forbidden in ["127.0.0.1", "mlops", "drift", "nothing", "/v1"] {
        assert!(!text.contains(forbidden), "the exposition mentions {forbidden}");
    }
    let label_values: std::collections::BTreeSet<&str> =
        text.split("route=\"").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    let known: std::collections::BTreeSet<&str> =
        RouteKind::ALL.iter().map(|k| k.label()).collect();
    assert_eq!(label_values, known, "route labels are exactly the route kinds");

    // The metrics listener answers only /metrics, and is not the API.
    let other =
        server.client.get(metrics_url.replace("/metrics", "/v1")).send().await.expect("GET");
    assert_eq!(other.status(), 404);
    let post = server.client.post(&metrics_url).send().await.expect("POST");
    assert_eq!(post.status(), 405);
    // Scraping is not a request of the API: the counters did not move.
    let again = parse_exposition(
        &server.client.get(&metrics_url).send().await.expect("scrape").text().await.expect("body"),
    );
    assert_eq!(
        value(&again, "consultancy_api_http_requests_total{route=\"content\",status=\"2xx\"}"),
        2.0
    );
    // Metrics are not on the public listener.
    let public = start_with(Setup::default()).await;
    assert_eq!(public.get("/metrics").await.status, 404);
}

#[test]
fn route_kinds_name_what_a_path_is() {
    for (path, kind) in [
        ("/v1", "content"),
        ("/v1/services/mlops", "content"),
        ("/v1/resources", "search"),
        ("/v1/batch", "batch"),
        ("/v1/ai-readiness/score", "score"),
        ("/v1/export", "export"),
        ("/oauth/token", "oauth"),
        ("/openapi.json", "discovery"),
        ("/.well-known/oauth-authorization-server", "discovery"),
        ("/mcp/server-card", "discovery"),
        ("/guides/", "site"),
        ("/llms.txt", "site"),
        ("/search/", "search_page"),
        ("/ai-readiness/result/", "assessment_page"),
        ("/mcp/docs", "mcp"),
        ("/ask", "ask"),
        ("/a2a", "a2a"),
        ("/.well-known/agent-card.json", "discovery"),
        ("/healthz", "healthz"),
        ("/guides", "redirect"),
        ("/v1/services/unknown-one", "unknown"),
        ("/%zz", "unknown"),
    ] {
        assert_eq!(RouteKind::of(&Route::parse(path), path).label(), kind, "{path}");
    }
}

#[tokio::test]
async fn the_access_log_writes_one_common_log_format_line_per_request() {
    let server =
        start_with(Setup { access_log: true, trust_proxy: true, ..Setup::default() }).await;
    let log = server.access_log.clone().expect("access log");
    server.get("/v1/resources?q=model+drift&limit=2").await;
    server.client.head(server.url("/v1/contact")).send().await.expect("HEAD");
    server.post_json("/v1/ai-readiness/score", "{").await;
    server.get_with("/v1/services", &[("x-forwarded-for", "198.51.100.4, 2001:db8::7")]).await;
    // A target with a quote and a byte outside ASCII, sent raw.
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.expect("connect");
    stream
        .write_all(b"GET /v1/x\"y%41\xc3\xa9 HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await
        .expect("write");
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let lines = log.wait_for_lines(4).await;
    let pattern = |line: &str| {
        // client - - [dd/Mon/yyyy:hh:mm:ss +0000] "METHOD target PROTO" status bytes micros
        let (client, rest) = line.split_once(" - - [").expect("CLF start");
        let (time, rest) = rest.split_once("] \"").expect("time");
        let (request, rest) = rest.split_once("\" ").expect("request");
        let fields: Vec<&str> = rest.split(' ').collect();
        assert_eq!(time.len(), 26, "{line}");
        assert!(time.ends_with(" +0000"), "{line}");
        assert_eq!(fields.len(), 3, "{line}");
        assert!(fields[2].parse::<u64>().is_ok(), "microseconds in {line}");
        (client.to_string(), request.to_string(), fields[0].to_string(), fields[1].to_string())
    };
    let parsed: Vec<_> = lines.iter().map(|l| pattern(l)).collect();
    assert_eq!(parsed[0].0, "127.0.0.1");
    assert_eq!(parsed[0].1, "GET /v1/resources?q=model+drift&limit=2 HTTP/1.1");
    assert_eq!(parsed[0].2, "200");
    assert!(parsed[0].3.parse::<u64>().is_ok_and(|bytes| bytes > 100));
    assert_eq!((parsed[1].1.as_str(), parsed[1].3.as_str()), ("HEAD /v1/contact HTTP/1.1", "-"));
    assert_eq!(
        (parsed[2].1.as_str(), parsed[2].2.as_str()),
        ("POST /v1/ai-readiness/score HTTP/1.1", "400")
    );
    assert_eq!(parsed[3].0, "2001:db8::7", "the client is the one the rate limit applies to");
    if let Some(raw_line) = lines.get(4) {
        // hyper may refuse the raw target before the app sees it; if it answered, it is escaped.
        assert!(raw_line.contains("\"GET /v1/x\\x22y%41\\xC3\\xA9 HTTP/1.1\""), "{raw_line}");
    }
    for line in &lines {
        assert!(!line.contains('\n') && line.is_ascii(), "one ASCII line: {line:?}");
    }
}

#[test]
fn an_access_log_line_is_exactly_the_common_log_format() {
    let entry = Entry {
        time_ms: 1_795_449_017_123,
        client: IpAddr::from([203, 0, 113, 9]),
        method: Method::GET,
        target: target(&Uri::from_static("/v1/resources?q=drift")).into(),
        version: Version::HTTP_2,
        status: 200,
        bytes: 5120,
        micros: 87,
    };
    let mut out = Vec::new();
    format_line(&entry, &mut out);
    assert_eq!(
        String::from_utf8(out).expect("ASCII"),
        "203.0.113.9 - - [23/Nov/2026:15:50:17 +0000] \"GET /v1/resources?q=drift HTTP/2.0\" 200 5120 87\n"
    );
    let empty = Entry { status: 304, bytes: 0, time_ms: 0, ..entry };
    let mut out = Vec::new();
    format_line(&empty, &mut out);
    assert_eq!(
        String::from_utf8(out).expect("ASCII"),
        "203.0.113.9 - - [01/Jan/1970:00:00:00 +0000] \"GET /v1/resources?q=drift HTTP/2.0\" 304 - 87\n"
    );
    // An HTTP/2 CONNECT names an authority and no path: the target is `-`, so the line keeps
    // its fields for a CLF parser.
    let connect = Entry {
        method: Method::CONNECT,
        target: target(&Uri::from_static("example.com:443")).into(),
        status: 405,
        ..empty
    };
    let mut out = Vec::new();
    format_line(&connect, &mut out);
    assert_eq!(
        String::from_utf8(out).expect("ASCII"),
        "203.0.113.9 - - [01/Jan/1970:00:00:00 +0000] \"CONNECT - HTTP/2.0\" 405 - 87\n"
    );
}

/// A request hyper refuses itself, before the service sees it, is answered by hyper (400 for a
/// head it cannot parse, 431 for one too large) and was seen by no log and no metric: an
/// operator could not tell a client sending malformed requests. Each now has an access-log
/// line (`"- - -"` for the request line never parsed, the Error body's bytes, `-` for the time) and is
/// counted in `consultancy_api_http_requests_rejected_total` by the status sent, not in
/// `consultancy_api_http_requests_total`. A client that leaves mid-head, or is cut off by the
/// header deadline, was answered nothing and has neither.
#[tokio::test]
async fn requests_the_http_layer_refuses_are_logged_and_counted() {
    let server = start_with(Setup {
        access_log: true,
        metrics: true,
        options: ServerOptions {
            header_read_timeout: Duration::from_millis(400),
            ..ServerOptions::default()
        },
        ..Setup::default()
    })
    .await;
    let log = server.access_log.clone().expect("access log");
    let exchange = |request: Vec<u8>, close_after_write: bool| {
        let addr = server.addr;
        async move {
            let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
            stream.write_all(&request).await.expect("write");
            if close_after_write {
                return String::new();
            }
            let mut answer = Vec::new();
            let read = stream.read_to_end(&mut answer);
            let _ = tokio::time::timeout(Duration::from_secs(10), read).await;
            String::from_utf8_lossy(&answer).into_owned()
        }
    };

    // Not rejections: half a head and gone; half a head until the header deadline.
    exchange(b"GET /v1 HTTP/1.1\r\nHo".to_vec(), true).await;
    let cut = exchange(b"GET /v1 HTTP/1.1\r\nHost: x\r\n".to_vec(), false).await;
    assert_eq!(cut, "", "the header deadline closes without an answer");

    let long_target = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(MAX_HEADER_BYTES));
    let long_header =
        format!("GET /v1 HTTP/1.1\r\nHost: x\r\nX-Long: {}\r\n\r\n", "a".repeat(MAX_HEADER_BYTES));
    let many_fields: String = (0..=MAX_HEADER_FIELDS).map(|n| format!("X-F{n}: v\r\n")).collect();
    let many_fields = format!("GET /v1 HTTP/1.1\r\nHost: x\r\n{many_fields}\r\n");
    let refused: Vec<(Vec<u8>, &str)> = vec![
        (b"GET /v1 HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n".to_vec(), "400"),
        (b"GET /v1 HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n".to_vec(), "400"),
        // hyper has no 505: a protocol other than HTTP/1.0 or 1.1 is a malformed request line.
        (b"GET /v1 HTTP/9.9\r\nHost: x\r\n\r\n".to_vec(), "400"),
        // A TLS ClientHello sent to the cleartext port.
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03".to_vec(), "400"),
        // A target past the head limit is 431, not 414 (see the README's limits).
        (long_target.into_bytes(), "431"),
        (long_header.into_bytes(), "431"),
        (many_fields.into_bytes(), "431"),
        // After a request served on the same connection.
        (b"GET /v1 HTTP/1.1\r\nHost: x\r\n\r\nNOT A REQUEST\r\n\r\n".to_vec(), "400"),
    ];
    let mut body_bytes = Vec::new();
    for (request, status) in &refused {
        let answer = exchange(request.clone(), false).await;
        let last = answer.rfind("HTTP/1.1 ").map_or("", |at| &answer[at..]);
        assert!(last.starts_with(&format!("HTTP/1.1 {status} ")), "{status}: {answer}");
        // The contract's Error body, with a stable code, in place of hyper's empty answer.
        let (head, body) = last.split_once("\r\n\r\n").expect("a head and a body");
        let head = head.to_ascii_lowercase();
        for field in [
            "content-type: application/json; charset=utf-8",
            "access-control-allow-origin: *",
            "cache-control: no-store",
            "connection: close",
            &format!("content-length: {}", body.len()),
        ] {
            assert!(head.contains(&format!("\r\n{field}\r\n")), "{field}: {answer}");
        }
        assert!(head.contains("\r\ndate: "), "{answer}");
        let sandbox = head.contains("\r\nx-sandbox: true\r\n");
        assert_eq!(sandbox, cfg!(feature = "sandbox"), "{answer}");
        assert!(!head.contains("\r\nratelimit:"), "the limiter never saw it: {answer}");
        let error: serde_json::Value = serde_json::from_str(body).expect("JSON");
        let code = if *status == "400" { "malformed_request" } else { "header_fields_too_large" };
        assert_eq!(error["error"]["code"], code, "{answer}");
        assert_eq!(
            answer.matches("HTTP/1.1 ").count(),
            1 + usize::from(answer != last),
            "{answer}"
        );
        body_bytes.push(body.len());
    }
    // The request served before the refused one on its connection is whole.
    let pipelined =
        exchange(b"GET /v1 HTTP/1.1\r\nHost: x\r\n\r\nNOT A REQUEST\r\n\r\n".to_vec(), false).await;
    let (first, _) = pipelined.split_at(pipelined.rfind("HTTP/1.1 400 ").expect("the 400"));
    let length: usize = first
        .to_ascii_lowercase()
        .split("\r\ncontent-length: ")
        .nth(1)
        .and_then(|rest| rest.split("\r\n").next())
        .and_then(|n| n.parse().ok())
        .expect("content-length");
    let (_, body) = first.split_once("\r\n\r\n").expect("head");
    assert_eq!(body.len(), length, "{first}");
    serde_json::from_str::<serde_json::Value>(body).expect("the first answer's JSON, whole");
    let served =
        exchange(b"GET /v1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(), false);
    assert!(served.await.starts_with("HTTP/1.1 200"));

    // A line per rejection, and one per request served (the pipelined one and the last); in
    // the order the connections ended, which need not be the order they were sent in.
    let lines = log.wait_for_lines(refused.len() + 4).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lines = if log.lines().len() > lines.len() { log.lines() } else { lines };
    let mut rejections: Vec<String> = lines
        .iter()
        .filter_map(|line| {
            let (client, rest) = line.split_once(" - - [").expect("CLF start");
            let (time, rest) = rest.split_once("] ").expect("time");
            assert_eq!((client, time.len()), ("127.0.0.1", 26), "{line}");
            rest.strip_prefix("\"- - -\" ").map(String::from)
        })
        .collect();
    rejections.sort();
    // The body's bytes: the Error body went out.
    let mut expected: Vec<String> = refused
        .iter()
        .zip(&body_bytes)
        .chain([(&refused[refused.len() - 1], &body_bytes[body_bytes.len() - 1])])
        .map(|((_, status), bytes)| format!("{status} {bytes} -"))
        .collect();
    expected.sort();
    assert_eq!(rejections, expected, "{lines:#?}");
    assert_eq!(
        lines.len(),
        refused.len() + 4,
        "nothing for the clients answered nothing: {lines:#?}"
    );

    let series = server.scrape().await;
    let rejected = |status: &str| {
        value(
            &series,
            &format!("consultancy_api_http_requests_rejected_total{{status=\"{status}\"}}"),
        )
    };
    assert_eq!((rejected("400"), rejected("431")), (6.0, 3.0));
    let answered: f64 = series
        .iter()
        .filter(|(name, _)| name.starts_with("consultancy_api_http_requests_total{"))
        .map(|(_, count)| count)
        .sum();
    assert_eq!(answered, 3.0, "requests the service answered, and only those");
}

/// The head cap is the same on every request of a connection. hyper's `max_buf_size` is checked
/// only while a head is incomplete, and on a connection kept alive its buffer can take more
/// than the cap in one read: a 40 KB head sent after a first request was served (stop 70). A
/// head of exactly `MAX_HEADER_BYTES` bytes as sent is served and one byte more is refused, with
/// the 431, body, log line and count of every refusal, on a new connection and after a request
/// alike, and optional whitespace (which the parser drops) counts.
#[tokio::test]
async fn the_head_cap_holds_on_every_request_of_a_connection() {
    let server = start_with(Setup { access_log: true, metrics: true, ..Setup::default() }).await;
    let log = server.access_log.clone().expect("access log");
    let head = |total: usize, filler: &str| {
        let start = "GET /v1/services HTTP/1.1\r\nhost: x\r\nconnection: close\r\nx-long: ";
        let end = "a\r\n\r\n";
        format!("{start}{}{end}", filler.repeat(total - start.len() - end.len()))
    };
    let mut refused = 0;
    for (total, filler) in
        [(MAX_HEADER_BYTES, "a"), (MAX_HEADER_BYTES + 1, "a"), (MAX_HEADER_BYTES + 1, " ")]
    {
        for after_a_request in [false, true] {
            let mut stream = tokio::net::TcpStream::connect(server.addr).await.expect("connect");
            if after_a_request {
                // A whole answer read first (its length is known), so the big head comes on
                // its own, into a buffer hyper has already used.
                stream.write_all(b"GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
                let mut first = Vec::new();
                let mut chunk = [0u8; 8192];
                loop {
                    let n = stream.read(&mut chunk).await.expect("read");
                    assert!(n > 0, "closed after the first request");
                    first.extend_from_slice(&chunk[..n]);
                    let text = String::from_utf8_lossy(&first).to_ascii_lowercase();
                    let Some((head, body)) = text.split_once("\r\n\r\n") else { continue };
                    let length: usize = head
                        .split("\r\ncontent-length: ")
                        .nth(1)
                        .and_then(|rest| rest.split("\r\n").next())
                        .and_then(|n| n.parse().ok())
                        .expect("content-length");
                    if body.len() >= length {
                        break;
                    }
                }
                assert!(first.starts_with(b"HTTP/1.1 200 "));
            }
            let request = head(total, filler);
            assert_eq!(request.len(), total);
            stream.write_all(request.as_bytes()).await.expect("write");
            let mut answer = Vec::new();
            let read = stream.read_to_end(&mut answer);
            tokio::time::timeout(Duration::from_secs(10), read)
                .await
                .expect("closed")
                .expect("read");
            let answer = String::from_utf8_lossy(&answer);
            let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
            let case = format!(
                "{total} bytes of {filler:?}, after a request: {after_a_request}: {answer:.300}"
            );
            if total <= MAX_HEADER_BYTES {
                assert!(head.starts_with("HTTP/1.1 200 "), "{case}");
                continue;
            }
            refused += 1;
            assert!(head.starts_with("HTTP/1.1 431 "), "{case}");
            let head = head.to_ascii_lowercase();
            for field in [
                "content-type: application/json; charset=utf-8",
                "connection: close",
                &format!("content-length: {}", body.len()),
            ] {
                assert!(head.contains(&format!("\r\n{field}\r\n")), "{field}: {case}");
            }
            assert!(!head.contains("\r\nratelimit:"), "the limiter never saw it: {case}");
            let error: serde_json::Value = serde_json::from_str(body).expect("JSON");
            assert_eq!(error["error"]["code"], "header_fields_too_large", "{case}");
        }
    }
    assert_eq!(refused, 4);
    // Served: two big heads and the three first requests; refused: four, logged as refusals.
    let lines = log.wait_for_lines(9).await;
    let rejections = lines.iter().filter(|line| line.contains("\"- - -\" 431 ")).count();
    assert_eq!(rejections, 4, "{lines:#?}");
    let series = server.scrape().await;
    let rejected = value(&series, "consultancy_api_http_requests_rejected_total{status=\"431\"}");
    assert_eq!(rejected, 4.0);
}

/// A chunked body's trailers share the head cap (`max_header_size`; hyper's own default for
/// them is 16 KiB): 20 KB of trailers are read past and the body answered, 40 KB end the body,
/// which then cannot be read: 400 `invalid_body`.
#[tokio::test]
async fn a_chunked_body_s_trailers_share_the_head_cap() {
    let server = start_with(Setup::default()).await;
    let body = format!("{{\"answers\":{:?}}}", [2; 16]);
    for (trailer_bytes, status) in [(20_000, "200"), (40_000, "400")] {
        let request = format!(
            "POST /v1/ai-readiness/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{body}\r\n0\r\n\
             X-Trailer: {}\r\n\r\n",
            body.len(),
            "a".repeat(trailer_bytes),
        );
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.expect("connect");
        // The server may answer and close before it has read the whole request: a write
        // error then is no failure, the answer is.
        let _ = stream.write_all(request.as_bytes()).await;
        let mut answer = Vec::new();
        let read = stream.read_to_end(&mut answer);
        let _ = tokio::time::timeout(Duration::from_secs(10), read).await.expect("answered");
        let answer = String::from_utf8_lossy(&answer);
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status} ")),
            "{trailer_bytes}: {answer:.300}"
        );
        let (_, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
        let json: serde_json::Value = serde_json::from_str(body).expect("JSON");
        if status == "400" {
            assert_eq!(json["error"]["code"], "invalid_body", "{answer:.300}");
        } else {
            assert!(json["score"].is_number(), "{answer:.300}");
        }
    }
}

#[test]
fn a_rejection_line_keeps_the_common_log_format_fields() {
    let rejection = Rejection {
        time_ms: 1_795_449_017_123,
        client: IpAddr::from([203, 0, 113, 9]),
        status: 431,
        bytes: Some(317),
    };
    let mut out = Vec::new();
    format_rejection(&rejection, &mut out);
    assert_eq!(
        String::from_utf8(out).expect("ASCII"),
        "203.0.113.9 - - [23/Nov/2026:15:50:17 +0000] \"- - -\" 431 317 -\n"
    );
    // hyper's own answer, had it gone out as it was: no body.
    let mut out = Vec::new();
    format_rejection(&Rejection { bytes: None, ..rejection }, &mut out);
    assert!(String::from_utf8(out).expect("ASCII").ends_with("\" 431 - -\n"));
}

/// A sink that blocks until the test lets it go: standard output stuck behind a full pipe.
struct Stuck(mpsc::Receiver<()>);

impl std::io::Write for Stuck {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.recv();
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_stuck_access_log_drops_lines_instead_of_blocking_requests() {
    let (release, stuck) = mpsc::channel();
    let (log, writer) = AccessLog::start(Box::new(Stuck(stuck))).expect("start");
    let entry = || Entry {
        time_ms: 0,
        client: IpAddr::from([127, 0, 0, 1]),
        method: Method::GET,
        target: "/v1".into(),
        version: Version::HTTP_11,
        status: 200,
        bytes: 1,
        micros: 1,
    };
    // The writer takes entries off the queue until its 64 KiB buffer is full (about 900 of
    // these 70-byte lines) and the write blocks; the queue then fills. Every record returns
    // at once, and past that point lines are refused rather than waited for.
    let attempts = ACCESS_LOG_QUEUE + 2000;
    let accepted = (0..attempts).filter(|_| log.record(entry())).count();
    assert!(accepted <= ACCESS_LOG_QUEUE + 1000, "accepted {accepted}");
    assert!(attempts - accepted >= 1000, "dropped {}", attempts - accepted);
    drop(log);
    drop(release);
    writer.join().expect("the writer ends once the log is dropped");
}

fn binary() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_consultancy-api"));
    command
        .env_remove("TOKEN_KEY")
        .env_remove("TOKEN_KEY_PREVIOUS")
        .env_remove("CREDENTIALS_DIRECTORY")
        .env_remove("LISTEN_FDS")
        .env_remove("LISTEN_PID");
    command
}

fn run(command: &mut Command) -> (Option<i32>, String, String) {
    let output = command.output().expect("run the binary");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn check_validates_the_configuration_and_exits_0_or_2() {
    let (code, out, _) =
        run(binary().args(["--check", "--listen", "127.0.0.1:0"]).env("TOKEN_KEY", TEST_KEY));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("key: TOKEN_KEY from the environment"), "{out}");
    assert!(out.contains("listen: 127.0.0.1:0, free to bind"), "{out}");
    assert!(out.contains("IPv6 clients counted per /64"), "{out}");
    assert!(out.contains("search page cache: up to 2048 KiB"), "{out}");
    assert!(out.contains("connections: at most 4096 open; 64 per client address\n"), "{out}");
    assert!(out.ends_with("ok: the configuration is usable\n"), "{out}");

    // The per-address cap as it will be served: off behind --trust-proxy unless given, kept
    // with listed proxies (the limits line says they are exempt).
    for (args, cap) in [
        (&["--trust-proxy"][..], "no per-address cap"),
        (&["--trust-proxy", "--max-connections-per-ip", "8"][..], "; 8 per client address\n"),
        (&["--trusted-proxy", "10.0.0.0/8"][..], "; 64 per client address\n"),
    ] {
        let (code, out, _) = run(binary()
            .args(["--check", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("TOKEN_KEY", TEST_KEY));
        assert_eq!(code, Some(0), "{args:?}: {out}");
        assert!(out.contains(cap), "{args:?}: {out}");
    }

    let (code, out, _) = run(binary().args(["--check", "--listen", "127.0.0.1:0"]));
    assert_eq!(code, Some(2), "no key: a fleet could not share tokens");
    assert!(out.contains("error: TOKEN_KEY is not set"), "{out}");

    let (code, out, _) =
        run(binary().args(["--check", "--listen", "127.0.0.1:0"]).env("TOKEN_KEY", "abcd"));
    assert_eq!(code, Some(2));
    assert!(out.contains("error: TOKEN_KEY has 2 bytes"), "{out}");

    // An address this host does not have (TEST-NET-1) cannot be bound.
    let (code, out, _) =
        run(binary().args(["--check", "--listen", "192.0.2.1:18999"]).env("TOKEN_KEY", TEST_KEY));
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("error: cannot listen on 192.0.2.1:18999"), "{out}");

    // An address in use is reported, not refused: the running instance may hold it.
    let held = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = held.local_addr().expect("address").to_string();
    let (code, out, _) = run(binary()
        .args(["--check", "--listen", &addr, "--metrics-listen", "127.0.0.1:0"])
        .env("TOKEN_KEY", TEST_KEY));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains(&format!("listen: {addr} is in use now")), "{out}");
    assert!(out.contains("metrics: 127.0.0.1:0, free to bind"), "{out}");
}

#[test]
fn the_operations_flags_are_parsed_strictly() {
    let (code, help, _) = run(binary().arg("--help"));
    assert_eq!(code, Some(0));
    for flag in [
        "--ipv6-prefix",
        "--access-log",
        "--metrics-listen",
        "--search-cache-kib",
        "--check",
        "LISTEN_FDS",
        "token-key",
    ] {
        assert!(help.contains(flag), "--help mentions {flag}");
    }
    for (args, needle) in [
        (&["--ipv6-prefix", "8"][..], "--ipv6-prefix `8` is not a prefix length from 16 to 128"),
        (&["--ipv6-prefix", "129"][..], "--ipv6-prefix"),
        (&["--ipv6-prefix=/64"][..], "--ipv6-prefix"),
        (&["--metrics-listen", "nowhere"][..], "--metrics-listen `nowhere`"),
        (
            &["--search-cache-kib", "-1"][..],
            "--search-cache-kib `-1` is not a whole number from 0 to 262144",
        ),
        (&["--search-cache-kib=262145"][..], "--search-cache-kib `262145`"),
        (&["--search-cache-kib", "2M"][..], "--search-cache-kib `2M`"),
        (&["--search-cache-kib"][..], "--search-cache-kib needs a value"),
        (
            &["--listen", "127.0.0.1:18998", "--metrics-listen", "127.0.0.1:18998"][..],
            "--metrics-listen 127.0.0.1:18998 overlaps --listen 127.0.0.1:18998",
        ),
        // An unspecified address takes the port on every address, so these clash too, though
        // they are spelt differently.
        (
            &["--listen", "127.0.0.1:18998", "--metrics-listen", "0.0.0.0:18998"][..],
            "overlaps --listen",
        ),
        (&["--listen", "[::]:18998", "--metrics-listen", "127.0.0.1:18998"][..], "overlaps"),
        // Without --listen the default address is served, so its port is taken too: --check
        // said "usable" here, and start-up bound the API and then failed on the metrics (1).
        (&["--metrics-listen", "127.0.0.1:8080"][..], "overlaps --listen 127.0.0.1:8080"),
        (&["--check", "--metrics-listen", "0.0.0.0:8080"][..], "overlaps --listen 127.0.0.1:8080"),
        // A value flag given twice was the last one taken, silently: `--listen` twice reads as
        // two listeners, and the server has one.
        (
            &["--check", "--listen", "127.0.0.1:18997", "--listen=127.0.0.1:18996"][..],
            "--listen is given twice; it takes one value",
        ),
        (&["--check", "--rate-limit", "5", "--rate-limit", "6"][..], "--rate-limit is given twice"),
    ] {
        let (code, _, err) = run(binary().args(args).env("TOKEN_KEY", TEST_KEY));
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn the_key_can_come_from_systemd_credentials_but_not_from_two_places() {
    let dir = std::env::temp_dir().join(format!("consultancy-credentials-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("credentials dir");
    let mut file = std::fs::File::create(dir.join("token-key")).expect("credential");
    writeln!(file, "{TEST_KEY}").expect("write");
    let (code, out, _) = run(binary()
        .args(["--check", "--listen", "127.0.0.1:0"])
        .env("CREDENTIALS_DIRECTORY", &dir));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("key: the systemd credential `token-key`"), "{out}");

    let (code, out, _) = run(binary()
        .args(["--check", "--listen", "127.0.0.1:0"])
        .env("CREDENTIALS_DIRECTORY", &dir)
        .env("TOKEN_KEY", TEST_KEY));
    assert_eq!(code, Some(2));
    assert!(out.contains("set both in the environment and as the credential"), "{out}");

    std::fs::write(dir.join("token-key"), "not hex").expect("write");
    let (code, _, err) =
        run(binary().args(["--listen", "127.0.0.1:0"]).env("CREDENTIALS_DIRECTORY", &dir));
    assert_eq!(code, Some(2), "a bad credential stops start-up");
    assert!(err.contains("TOKEN_KEY must be hexadecimal"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_passed_descriptor_that_is_no_listening_socket_stops_start_up() {
    // The child inherits only standard input, output and error, so descriptor 3 is closed.
    let (code, out, err) = run(binary()
        .args(["--check", "--listen", "127.0.0.1:0"])
        .env("TOKEN_KEY", TEST_KEY)
        .env("LISTEN_FDS", "1"));
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("the socket passed in LISTEN_FDS is not a TCP listener"), "{err}");
    // LISTEN_PID naming another process: the variables are not for this one, which binds.
    let (code, out, _) = run(binary()
        .args(["--check", "--listen", "127.0.0.1:0"])
        .env("TOKEN_KEY", TEST_KEY)
        .env("LISTEN_FDS", "1")
        .env("LISTEN_PID", std::process::id().to_string()));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("listen: 127.0.0.1:0, free to bind"), "{out}");
}

/// Search pages asked again come from the page cache (`--search-cache-kib`): the same bytes a
/// server without it renders, batch items included, counted in `/metrics`; the first listing
/// pages are kept apart and do not count. Against the real binary, since the cache is the
/// process's.
#[tokio::test]
async fn the_search_page_cache_serves_searches_asked_again_and_counts_them() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let metrics_addr = free.local_addr().expect("address").to_string();
    drop(free);
    let cached =
        Binary::start(&["--search-cache-kib", "64", "--metrics-listen", &metrics_addr], &[]);
    let uncached = Binary::start(&["--search-cache-kib", "0"], &[]);
    let client = reqwest::Client::new();
    let get = |addr: std::net::SocketAddr, path: &str| {
        let request = client.get(format!("http://{addr}{path}"));
        async move {
            let response = request.send().await.expect("GET");
            assert_eq!(response.status(), 200);
            response.bytes().await.expect("body")
        }
    };
    let cache = || async {
        let text = client
            .get(format!("http://{metrics_addr}/metrics"))
            .send()
            .await
            .expect("scrape")
            .text()
            .await
            .expect("body");
        let series = parse_exposition(&text);
        ["hits_total", "misses_total", "bytes", "budget_bytes"]
            .map(|name| value(&series, &format!("consultancy_api_search_cache_{name}")))
    };
    assert_eq!(cache().await, [0.0, 0.0, 0.0, 65536.0]);

    let search = "/v1/resources?q=model+drift&limit=7";
    let first = get(cached.addr, search).await;
    let [hits, misses, bytes, _] = cache().await;
    assert_eq!((hits, misses), (0.0, 1.0));
    assert!(bytes as usize >= first.len(), "{bytes} bytes held for a page of {}", first.len());
    assert_eq!(get(cached.addr, search).await, first, "served again");
    assert_eq!(cache().await[..2], [1.0, 1.0]);
    // What the cache served is what a server without one renders.
    assert_eq!(get(uncached.addr, search).await, first);

    // A batch item is the same search.
    let batch = client
        .post(format!("http://{}/v1/batch", cached.addr))
        .header("content-type", "application/json")
        .body(format!(r#"{{"requests":[{{"path":"{search}"}}]}}"#))
        .send()
        .await
        .expect("POST");
    assert_eq!(batch.status(), 200);
    let items: serde_json::Value = batch.json().await.expect("JSON");
    let direct: serde_json::Value = serde_json::from_slice(&first).expect("JSON");
    assert_eq!(items["responses"][0]["body"], direct);
    assert_eq!(cache().await[..2], [2.0, 1.0]);

    // Another page size is another page; the first page of the library is kept apart.
    let other = get(cached.addr, "/v1/resources?q=model+drift&limit=8").await;
    assert_ne!(other, first);
    get(cached.addr, "/v1/resources").await;
    assert_eq!(cache().await[..2], [2.0, 2.0]);

    // Walking the pages: each next page is a search of its own, cached as such.
    let page: serde_json::Value = serde_json::from_slice(&first).expect("JSON");
    let cursor = page["nextCursor"].as_str().expect("a second page");
    let next = format!("{search}&cursor={cursor}");
    let second = get(cached.addr, &next).await;
    assert_eq!(get(cached.addr, &next).await, second);
    assert_eq!(get(uncached.addr, &next).await, second);
    assert_eq!(cache().await[..2], [3.0, 3.0]);

    // The key is the query string as sent: the same search spelt another way is rendered
    // and kept apart, with the same bytes.
    let respelt = "/v1/resources?limit=7&q=model%20drift";
    assert_eq!(get(cached.addr, respelt).await, first);
    assert_eq!(get(cached.addr, respelt).await, first);
    assert_eq!(cache().await[..2], [4.0, 4.0]);
    // A query string that is an error is never kept.
    let response = client
        .get(format!("http://{}/v1/resources?q=model+drift&limit=0", cached.addr))
        .send()
        .await
        .expect("GET");
    assert_eq!(response.status(), 400);
    assert_eq!(cache().await[..2], [4.0, 4.0]);
}

/// The binary started with `args`, its standard output and error piped.
struct Piped {
    child: std::process::Child,
    addr: SocketAddr,
    /// Standard error's lines after the start-up line.
    errors: mpsc::Receiver<String>,
}

impl Piped {
    /// `None` if it could not listen (its start-up line is then an error).
    fn start(args: &[&str]) -> Option<Piped> {
        let mut child = binary()
            .args(args)
            .env("TOKEN_KEY", TEST_KEY)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the binary");
        let errors = lines_of(child.stderr.take().expect("stderr"));
        let line = errors.recv_timeout(Duration::from_secs(60)).expect("a start-up line");
        let Some(addr) = line
            .rsplit_once("listening on http://")
            .and_then(|(_, addr)| addr.split_whitespace().next()?.parse::<SocketAddr>().ok())
        else {
            let _ = child.kill();
            let _ = child.wait();
            assert!(line.starts_with("error: cannot listen"), "unexpected start-up line: {line}");
            return None;
        };
        Some(Piped { child, addr, errors })
    }

    fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let status = Command::new("kill").args([&format!("-{name}"), &pid]).status();
        assert!(status.expect("kill").success(), "kill -{name}");
    }

    /// The first line of standard error from now on that contains `needle`.
    fn wait_for_error_line(&self, needle: &str) -> String {
        loop {
            let line = self
                .errors
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("a line with {needle:?} on standard error"));
            if line.contains(needle) {
                return line;
            }
        }
    }

    /// The exit status, if the process ends within `limit`.
    fn exit_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Piped {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A pipe's lines as they come, through a channel (a read never blocks the test), until it
/// closes.
fn lines_of(pipe: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

/// One HTTP/1.1 request on a connection of its own to `addr`, read to the end.
fn request_over(addr: SocketAddr, extra_headers: &str) -> std::io::Result<String> {
    let mut stream = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(10))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET /v1/contact HTTP/1.1\r\nhost: x\r\n{extra_headers}connection: close\r\n\r\n"
    )?;
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer)?;
    Ok(answer)
}

/// On a dual-stack listener (`[::]`) an IPv4 client connects IPv4-mapped (`::ffff:127.0.0.1`);
/// the server takes it as the IPv4 address, so the access log (and every per-client limit)
/// sees `127.0.0.1`, also when `--trust-proxy` falls back to the connection, and an
/// IPv4-mapped `X-Forwarded-For` client is its IPv4 address too. Skipped where the host has no
/// IPv6 or its IPv6 sockets take no IPv4 (`net.ipv6.bindv6only`).
#[test]
fn a_dual_stack_listener_sees_ipv4_clients_as_ipv4() {
    let Some(mut server) = Piped::start(&["--listen", "[::]:0", "--access-log", "--trust-proxy"])
    else {
        eprintln!("skipped: this host cannot listen on [::]");
        return;
    };
    let log = lines_of(server.child.stdout.take().expect("stdout"));
    let ipv4 = SocketAddr::from(([127, 0, 0, 1], server.addr.port()));
    let Ok(answer) = request_over(ipv4, "") else {
        eprintln!("skipped: the [::] listener takes no IPv4 connections here");
        return;
    };
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let forwarded = request_over(ipv4, "x-forwarded-for: ::ffff:198.51.100.4\r\n");
    assert!(forwarded.expect("served").starts_with("HTTP/1.1 200"));
    let next = || log.recv_timeout(Duration::from_secs(30)).expect("an access-log line");
    let (first, second) = (next(), next());
    assert!(first.starts_with("127.0.0.1 - - ["), "{first}");
    assert!(second.starts_with("198.51.100.4 - - ["), "{second}");
}

/// One response off `stream`: its head, and its body by `Content-Length`.
fn read_response(stream: &mut std::net::TcpStream) -> (String, Vec<u8>) {
    use std::io::Read as _;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("a response head");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .unwrap_or_else(|| panic!("a Content-Length in {head}"));
    let mut body = vec![0; length];
    stream.read_exact(&mut body).expect("the body");
    (head, body)
}

/// A connection the server has surely accepted (one request answered on it) with the next
/// request in flight: its head sent, its 2-byte body not.
fn request_in_flight(addr: SocketAddr) -> std::net::TcpStream {
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
    stream.write_all(b"GET /v1/contact HTTP/1.1\r\nhost: x\r\n\r\n").expect("write");
    let (head, _) = read_response(&mut stream);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    stream
        .write_all(
            b"POST /v1/ai-readiness/score HTTP/1.1\r\nhost: x\r\n\
              content-type: application/json\r\ncontent-length: 2\r\n\r\n",
        )
        .expect("write");
    stream
}

/// SIGHUP stops the server as SIGTERM does, draining: a request in flight is answered, with
/// `Connection: close`, and the process exits 0. At its default disposition SIGHUP ended the
/// process at once and cut the request.
#[test]
fn sighup_stops_the_binary_gracefully_like_sigterm() {
    let mut server = Piped::start(&["--listen", "127.0.0.1:0"]).expect("listening");
    let mut held = request_in_flight(server.addr);
    server.signal("HUP");
    server.wait_for_error_line("SIGHUP: stopping");
    held.write_all(b"{}").expect("the rest of the request");
    let (head, _) = read_response(&mut held);
    assert!(!head.starts_with("http/1.1 5"), "{head}");
    assert!(head.contains("connection: close"), "{head}");
    let exit = server.exit_within(Duration::from_secs(30)).expect("stopped after SIGHUP");
    assert!(exit.success(), "exit status after SIGHUP: {exit}");
}

/// A second stop signal during the drain stops at once. The request held in flight (its body
/// never comes) would keep the drain going for its body deadline or the shutdown grace, 10 s
/// each; the bound below only tells "at once" from "after the drain", it times nothing.
#[test]
fn a_second_signal_stops_at_once_without_waiting_for_the_drain() {
    for (first, second) in [("TERM", "TERM"), ("INT", "HUP")] {
        let mut server = Piped::start(&["--listen", "127.0.0.1:0"]).expect("listening");
        let _held = request_in_flight(server.addr);
        server.signal(first);
        server.wait_for_error_line(&format!("SIG{first}: stopping"));
        assert!(
            server.exit_within(Duration::from_millis(500)).is_none(),
            "the drain waits for the request in flight"
        );
        server.signal(second);
        let exit = server
            .exit_within(Duration::from_secs(6))
            .unwrap_or_else(|| panic!("SIG{second} after SIG{first} did not stop the drain"));
        assert!(exit.success(), "exit status: {exit}");
        server.wait_for_error_line(&format!("SIG{second} again: stopping now"));
    }
}

/// `--trust-proxy` takes no value. `--trust-proxy=10.0.0.1:8080` reads as "trust only that
/// proxy", but the value was ignored and every connection's `X-Forwarded-For` trusted; and
/// `--trust-proxy 10.0.0.1` was only an unknown argument. Both are refused, by `--check` too,
/// naming what was given; so is a value given to any other flag that takes none.
#[test]
fn a_value_given_to_a_flag_that_takes_none_is_refused() {
    for args in [
        &["--check", "--listen", "127.0.0.1:0", "--trust-proxy=10.0.0.1:8080"][..],
        &["--check", "--listen", "127.0.0.1:0", "--trust-proxy", "10.0.0.1:8080"][..],
        &["--listen", "127.0.0.1:0", "--trust-proxy=10.0.0.1:8080"][..],
        &["--listen", "127.0.0.1:0", "--trust-proxy", "10.0.0.0/8"][..],
        &["--listen", "127.0.0.1:0", "--trust-proxy=[::1]:8080"][..],
    ] {
        let (code, out, err) = run(binary().args(args).env("TOKEN_KEY", TEST_KEY));
        assert_eq!(code, Some(2), "{args:?}: {out}");
        let given = args.last().expect("an entry").trim_start_matches("--trust-proxy=");
        assert!(err.contains("--trust-proxy takes no address, IP or CIDR"), "{args:?}: {err}");
        assert!(err.contains(&format!("(given `{given}`)")), "{args:?}: {err}");
    }
    for (args, needle) in [
        (&["--access-log=false"][..], "--access-log takes no value (given `false`)"),
        (&["--check=yes"][..], "--check takes no value (given `yes`)"),
        (
            &["--check", "--access-log", "stdout"][..],
            "--access-log takes no value (given `stdout`)",
        ),
    ] {
        let (code, _, err) = run(binary().args(args).env("TOKEN_KEY", TEST_KEY));
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let (code, out, _) = run(binary()
        .args(["--check", "--listen", "127.0.0.1:0", "--trust-proxy"])
        .env("TOKEN_KEY", TEST_KEY));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("client address from the rightmost X-Forwarded-For entry"), "{out}");
}

/// `--trusted-proxy` lists the proxies whose `X-Forwarded-For` is read: an address or a block,
/// repeated or separated by commas. A block with host bits set is refused naming the block
/// meant, and so is giving it with `--trust-proxy` (which trusts everyone).
#[test]
fn trusted_proxies_are_listed_as_blocks_and_checked() {
    let (code, out, err) = run(binary()
        .args(["--check", "--listen", "127.0.0.1:0", "--trusted-proxy", "10.0.0.0/8,127.0.0.1"])
        .args(["--trusted-proxy=fd00::/8"])
        .env("TOKEN_KEY", TEST_KEY));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains(
            "client address from the rightmost X-Forwarded-For entry not a trusted proxy, on \
             connections from 10.0.0.0/8, 127.0.0.1/32, fd00::/8"
        ),
        "{out}"
    );
    for (args, needle) in [
        (
            &["--trusted-proxy", "10.1.0.0/8"][..],
            "--trusted-proxy `10.1.0.0/8` has bits set past its /8 prefix; the block is 10.0.0.0/8",
        ),
        (&["--trusted-proxy", "proxy.example"][..], "is not an address or CIDR block"),
        (&["--trusted-proxy"][..], "--trusted-proxy needs a value"),
        (&["--trusted-proxy", "10.0.0.0/8", "--trust-proxy"][..], "give one of them"),
    ] {
        let (code, _, err) = run(binary()
            .args(["--check", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("TOKEN_KEY", TEST_KEY));
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// A line waiting in the access log's queue holds its own fields, not the buffer its request
/// was read into. hyper's `Uri` is a slice of that buffer, and a keep-alive connection reads
/// each request into a buffer of its own, so a queued line that kept the `Uri` kept about
/// 6 KiB: with the writer behind (standard output not read here; a starved thread on a loaded
/// machine) the queue's 16,384 lines held 100 MiB, and a few hundred ms of a starved writer in
/// the fleet soak stepped a replica's own memory up by 7.6 MiB. Here the pipe is never read:
/// it and the writer's buffer take about 1,800 lines, the rest wait in the queue (about 4,000,
/// some 24 MiB of read buffers before; now about 0.4 MiB).
#[cfg(target_os = "linux")]
#[test]
fn lines_waiting_for_a_stuck_access_log_do_not_hold_the_request_buffers() {
    use std::io::Read as _;
    let server = Binary::start_with_stdout(&["--access-log"], &[], Stdio::piped());
    let get = |stream: &mut std::net::TcpStream, reader: &mut BufReader<std::net::TcpStream>| {
        stream
            .write_all(b"GET /v1/services/mlops?from=the-log-test HTTP/1.1\r\nHost: a\r\n\r\n")
            .expect("send");
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("a head line");
            if line == "\r\n" {
                break;
            }
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the body");
    };
    let connections: Vec<_> = (0..3)
        .map(|_| {
            let stream = std::net::TcpStream::connect(server.addr).expect("connect");
            let reader = BufReader::new(stream.try_clone().expect("clone"));
            (stream, reader)
        })
        .collect();
    let mut connections = connections;
    for (stream, reader) in &mut connections {
        (0..50).for_each(|_| get(stream, reader));
    }
    let before = server.status_kib("RssAnon:");
    for _ in 0..2000 {
        for (stream, reader) in &mut connections {
            get(stream, reader);
        }
    }
    let after = server.status_kib("RssAnon:");
    assert!(
        after.saturating_sub(before) < 6 * 1024,
        "6,000 requests with the access log stuck took the server's own memory from {before} to {after} KiB"
    );
}
