//! Hostile clients, round two (issue 17): silent connections, HTTP/2 readers that never read,
//! one address holding every connection, batches as amplification, and the four smaller
//! holes. Distinct clients are distinct loopback addresses (127.0.0.2, 127.0.0.3, ...): the
//! client socket is bound to one before it connects.
//!
//! Every wait here is bounded, and is a liveness bound (the thing must happen at all), never a
//! measurement: the deadlines under test are a few hundred milliseconds, the bounds seconds.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use bytes::Bytes;
use consultancy_api::http::server::{Gauges, ServerOptions};
use consultancy_api::limits::addresses::{AddressSlots, address_key};
use consultancy_api::limits::client::Cidr;
use consultancy_api::limits::rate::RateLimiter;
use consultancy_api::model::ErrorKind;
use consultancy_api::ops::Error;
use consultancy_api::route::{Route, decode_unreserved};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::{Binary, Checked, Setup, eventually, start, start_with, validate, value};

/// Loopback address number `n`: 127.0.0.n, a client of its own.
fn client(n: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, n])
}

async fn connect_from(from: IpAddr, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(from, 0)).expect("bind a loopback address");
    socket.connect(to).await.expect("connect")
}

fn reqwest_from(from: IpAddr) -> reqwest::Client {
    reqwest::Client::builder().local_address(from).build().expect("client")
}

/// Whether the server closes `stream` within `limit` (EOF or reset), discarding what it sends.
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut sink = Vec::new();
    tokio::time::timeout(limit, stream.read_to_end(&mut sink)).await.is_ok()
}

/// One HTTP/1.1 response read off a kept-alive connection: the head (lowercased) and body.
async fn read_response(stream: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buffer = Vec::new();
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let mut chunk = [0u8; 4096];
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buffer.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_lowercase();
    let length = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = buffer[head_end..].to_vec();
    while body.len() < length {
        let mut chunk = [0u8; 4096];
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some((head, body))
}

fn short_deadlines(gauges: &Arc<Gauges>) -> ServerOptions {
    ServerOptions {
        first_bytes_timeout: Duration::from_millis(300),
        header_read_timeout: Duration::from_millis(300),
        h2_idle_timeout: Duration::from_millis(300),
        send_stall_timeout: Duration::from_millis(400),
        gauges: gauges.clone(),
        ..ServerOptions::default()
    }
}

/// An HTTP/2 client connection (the `h2` crate) from `from`, its driver spawned; the handle
/// says how the connection ended.
async fn h2_from(
    from: IpAddr,
    to: SocketAddr,
    window: u32,
) -> (h2::client::SendRequest<Bytes>, tokio::task::JoinHandle<Result<(), h2::Error>>) {
    let tcp = connect_from(from, to).await;
    let (send, connection) = h2::client::Builder::new()
        .initial_window_size(window)
        .handshake::<_, Bytes>(tcp)
        .await
        .expect("HTTP/2 handshake");
    (send, tokio::spawn(connection))
}

fn h2_request(method: &str, path: &str) -> http::Request<()> {
    http::Request::builder()
        .method(method)
        .uri(format!("http://localhost{path}"))
        .header("content-type", "application/json")
        .body(())
        .expect("request")
}

/// A batch of 20 searches with 50 results each: a small request, a response of several
/// hundred kilobytes.
fn heavy_batch() -> String {
    let items: Vec<String> =
        (0..20).map(|n| format!("{{\"path\":\"/v1/resources?q=data+{n}&limit=50\"}}")).collect();
    format!("{{\"requests\":[{}]}}", items.join(","))
}

/// Sends one request with an optional body on an HTTP/2 connection; the response future.
async fn h2_send(
    send: &mut h2::client::SendRequest<Bytes>,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<h2::client::ResponseFuture, h2::Error> {
    let mut ready = send.clone().ready().await?;
    let (response, mut stream) = ready.send_request(h2_request(method, path), body.is_none())?;
    if let Some(body) = body {
        stream.send_data(Bytes::from(body.to_string()), true)?;
    }
    *send = ready;
    Ok(response)
}

/// Whichever response head arrives first. Streams of one connection take turns generating
/// their responses, in no promised order, so any of them may be the one answered. Nothing is
/// dropped: a dropped response or body would make the client reset its stream, and a
/// zero-window reader must keep every stream open without reading.
async fn first_head(
    responses: Vec<h2::client::ResponseFuture>,
) -> (http::Response<h2::RecvStream>, Vec<tokio::task::JoinHandle<()>>) {
    let (heads, mut first) = tokio::sync::mpsc::unbounded_channel();
    let waiting = responses
        .into_iter()
        .map(|response| {
            let heads = heads.clone();
            tokio::spawn(async move {
                if let Ok(response) = response.await {
                    let _ = heads.send(response);
                }
                // Hold the channel so a queued head (and its body) lives as long as the test.
                std::future::pending::<()>().await;
            })
        })
        .collect();
    let head = tokio::time::timeout(Duration::from_secs(20), first.recv()).await;
    (head.expect("a response head arrives").expect("a response"), waiting)
}

#[tokio::test]
async fn silent_and_stalled_first_bytes_are_closed_by_their_deadline() {
    let gauges = Arc::new(Gauges::default());
    let server = start_with(Setup { options: short_deadlines(&gauges), ..Setup::default() }).await;
    let attacker = client(2);
    let openings: [&[u8]; 5] = [
        b"",
        b"P",
        b"PRI * HTTP/2.0\r\n",
        b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        b"GET /v1 HTTP/1.1\r\nHost: x\r\n",
    ];
    let mut sockets = Vec::new();
    for opening in openings.iter().cycle().take(40) {
        let mut stream = connect_from(attacker, server.addr).await;
        stream.write_all(opening).await.expect("write");
        sockets.push((opening, stream));
    }
    // While they are open, another address is served.
    let other = reqwest_from(client(3)).get(server.url("/v1")).send().await.expect("GET");
    assert_eq!(other.status(), 200);
    for (opening, stream) in &mut sockets {
        assert!(
            closed_within(stream, Duration::from_secs(10)).await,
            "a connection that sent {:?} is closed by its deadline",
            String::from_utf8_lossy(opening)
        );
    }
    assert!(
        eventually(Duration::from_secs(5), || gauges.connections.load(Ordering::Relaxed) == 0)
            .await,
        "no connection is left open: {:?}",
        gauges
    );
}

#[tokio::test]
async fn shutdown_closes_connections_that_have_not_spoken() {
    let gauges = Arc::new(Gauges::default());
    let options = ServerOptions {
        first_bytes_timeout: Duration::from_secs(60),
        gauges: gauges.clone(),
        ..ServerOptions::default()
    };
    let mut server = start_with(Setup { options, ..Setup::default() }).await;
    let mut silent = connect_from(client(2), server.addr).await;
    assert!(
        eventually(Duration::from_secs(5), || gauges.connections.load(Ordering::Relaxed) == 1)
            .await
    );
    server.stop();
    assert!(
        closed_within(&mut silent, Duration::from_secs(10)).await,
        "a silent connection does not hold shutdown up until its first-bytes deadline"
    );
}

#[tokio::test]
async fn an_http2_connection_without_streams_is_closed_even_while_it_answers_pings() {
    let gauges = Arc::new(Gauges::default());
    let server = start_with(Setup { options: short_deadlines(&gauges), ..Setup::default() }).await;
    // Used once, then idle.
    let (mut used, used_connection) = h2_from(client(2), server.addr, 65_535).await;
    let response = h2_send(&mut used, "GET", "/v1", None).await.expect("send");
    assert_eq!(response.await.expect("response").status(), 200);
    // Never used at all.
    let (_never, never_connection) = h2_from(client(3), server.addr, 65_535).await;
    for (what, connection) in [("used", used_connection), ("never used", never_connection)] {
        let ended = tokio::time::timeout(Duration::from_secs(10), connection).await;
        let ended = ended.unwrap_or_else(|_| panic!("the {what} idle connection stayed open"));
        assert!(
            ended.expect("driver").is_ok(),
            "the {what} idle connection ends with a graceful GOAWAY"
        );
    }
}

#[tokio::test]
async fn old_connections_are_ended_gracefully_and_lose_no_request() {
    let gauges = Arc::new(Gauges::default());
    let options = ServerOptions {
        max_connection_age: Duration::from_millis(500),
        drain_grace: Duration::from_secs(2),
        gauges: gauges.clone(),
        ..ServerOptions::default()
    };
    let server = start_with(Setup { options, ..Setup::default() }).await;

    // HTTP/1.1: requests keep coming on one connection until the server says it is the last.
    let mut stream = connect_from(client(2), server.addr).await;
    let mut answered = 0;
    let mut closed_gracefully = false;
    for _ in 0..200 {
        stream.write_all(b"GET /v1/contact HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
        let (head, _) = read_response(&mut stream).await.expect("every request is answered");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        answered += 1;
        if head.contains("connection: close") {
            closed_gracefully = closed_within(&mut stream, Duration::from_secs(5)).await;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(closed_gracefully, "after {answered} answers the connection was never ended");

    // HTTP/2: the connection ends with GOAWAY, and every request sent before it is answered.
    let (mut send, connection) = h2_from(client(3), server.addr, 65_535).await;
    let mut statuses = Vec::new();
    for _ in 0..200 {
        let Ok(response) = h2_send(&mut send, "GET", "/v1/contact", None).await else { break };
        match response.await {
            Ok(response) => statuses.push(response.status().as_u16()),
            // Refused after the GOAWAY, never processed: a client retries these elsewhere.
            Err(error) if error.is_go_away() || error.is_remote() => break,
            Err(error) => panic!("a request failed mid-way: {error}"),
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(!statuses.is_empty() && statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let ended = tokio::time::timeout(Duration::from_secs(10), connection)
        .await
        .expect("the old HTTP/2 connection ends");
    assert!(ended.expect("driver").is_ok(), "it ends with a graceful GOAWAY");
}

/// A proxy `--trusted-proxy` lists carries many clients: it has no per-address connection
/// cap, and its `X-Forwarded-For` names the client each request counts against. Any other
/// address keeps its cap, and its `X-Forwarded-For` is not read.
#[tokio::test]
async fn a_listed_proxy_has_no_connection_cap_and_only_its_forwarded_addresses_count() {
    let options = ServerOptions { max_connections_per_ip: 1, ..ServerOptions::default() };
    let proxy = client(2);
    let server = start_with(Setup {
        options,
        rate_limit: 2,
        trusted_proxies: vec![Cidr::parse("127.0.0.2").expect("the proxy")],
        ..Setup::default()
    })
    .await;
    let get = |forwarded: &str| {
        format!("GET /v1 HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {forwarded}\r\n\r\n")
    };
    let status = |head: &str| head.get(9..12).unwrap_or_default().to_string();
    // Three connections from the proxy, past the cap of one, each for another client.
    let mut held = Vec::new();
    for n in 1..=3 {
        let mut stream = connect_from(proxy, server.addr).await;
        stream.write_all(get(&format!("203.0.113.{n}")).as_bytes()).await.expect("write");
        let (head, _) = read_response(&mut stream).await.expect("answered");
        assert_eq!(status(&head), "200", "connection {n} from the proxy: {head}");
        held.push(stream);
    }
    // Each forwarded client has its own budget of two: the third request of one is refused.
    let first = &mut held[0];
    for expected in ["200", "429"] {
        first.write_all(get("198.51.100.9, 203.0.113.1").as_bytes()).await.expect("write");
        let (head, _) = read_response(first).await.expect("answered");
        assert_eq!(status(&head), expected, "{head}");
    }
    // Another address is held to one connection, and counted by its own address whatever
    // it forwards.
    let other = client(3);
    let mut own = connect_from(other, server.addr).await;
    for (n, expected) in [(10, "200"), (11, "200"), (12, "429")] {
        own.write_all(get(&format!("203.0.113.{n}")).as_bytes()).await.expect("write");
        let (head, body) = read_response(&mut own).await.expect("answered");
        assert_eq!(status(&head), expected, "{head}");
        if expected == "429" {
            let body: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
            assert_eq!(body["error"]["code"], "rate_limited");
        }
    }
    let mut second = connect_from(other, server.addr).await;
    second.write_all(get("203.0.113.20").as_bytes()).await.expect("write");
    let (head, body) = read_response(&mut second).await.expect("a 429 before the close");
    let body: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(body["error"]["code"], "too_many_connections", "{head}");
}

#[tokio::test]
async fn a_client_at_its_connection_cap_gets_429_and_other_addresses_are_unaffected() {
    let gauges = Arc::new(Gauges::default());
    let options = ServerOptions {
        max_connections_per_ip: 3,
        gauges: gauges.clone(),
        ..ServerOptions::default()
    };
    let server = start_with(Setup { options, metrics: true, ..Setup::default() }).await;
    let greedy = client(2);
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut stream = connect_from(greedy, server.addr).await;
        stream.write_all(b"GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
        let (head, _) = read_response(&mut stream).await.expect("answered");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        held.push(stream);
    }

    // The fourth connection from the same address: one 429, then closed.
    let mut fourth = connect_from(greedy, server.addr).await;
    fourth.write_all(b"GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
    let (head, body) = read_response(&mut fourth).await.expect("a 429 before the close");
    assert!(head.starts_with("http/1.1 429"), "{head}");
    for header in ["connection: close", "retry-after: 1", "x-content-type-options: nosniff"] {
        assert!(head.contains(header), "{header} in {head}");
    }
    let body: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(body["error"]["code"], "too_many_connections");
    validate("GET", "/v1", 429, &body);
    assert!(closed_within(&mut fourth, Duration::from_secs(5)).await, "closed after the 429");

    // Over HTTP/2 the refusal is the same 429, on the stream.
    let (mut send, _connection) = h2_from(greedy, server.addr, 65_535).await;
    let response = h2_send(&mut send, "GET", "/v1", None).await.expect("send");
    let response = response.await.expect("response");
    assert_eq!(response.status(), 429);

    // A silent over-cap connection is closed without holding a slot.
    let mut silent = connect_from(greedy, server.addr).await;
    assert!(closed_within(&mut silent, Duration::from_secs(5)).await);

    // Other addresses are served all along.
    for n in 3..6 {
        let response = reqwest_from(client(n)).get(server.url("/v1")).send().await.expect("GET");
        assert_eq!(response.status(), 200, "127.0.0.{n}");
    }
    assert!(gauges.refused.load(Ordering::Relaxed) >= 3);
    let refused = value(&server.scrape().await, "consultancy_api_connections_refused_total");
    assert!(refused >= 3.0, "/metrics shows the refusals: {refused}");

    // Closing one connection frees a slot for the greedy address.
    drop(held.pop());
    let retried = retry_until_ok(Duration::from_secs(5), || async {
        let client = reqwest_from(greedy);
        client.get(server.url("/v1")).send().await.is_ok_and(|r| r.status() == 200)
    })
    .await;
    assert!(retried, "a freed slot can be used again");
}

/// The cap is decided when a connection opens, before its request is read, so a health probe
/// past it is refused like any request: the OpenAPI document must list that 429 for
/// `/healthz` too, which is otherwise never rate-limited (a generated client that raises on
/// an undocumented status would fail its health check instead of reading the refusal).
#[tokio::test]
async fn a_health_probe_past_the_connection_cap_gets_the_documented_429() {
    let options = ServerOptions { max_connections_per_ip: 1, ..ServerOptions::default() };
    let server = start_with(Setup { options, ..Setup::default() }).await;
    let prober = client(2);
    let probe = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
    let mut held = connect_from(prober, server.addr).await;
    held.write_all(probe).await.expect("write");
    let (head, _) = read_response(&mut held).await.expect("answered");
    assert!(head.starts_with("http/1.1 200"), "{head}");

    let mut over = connect_from(prober, server.addr).await;
    over.write_all(probe).await.expect("write");
    let (head, body) = read_response(&mut over).await.expect("a 429 before the close");
    assert!(head.starts_with("http/1.1 429"), "{head}");
    for header in ["retry-after: 1", "access-control-allow-origin: *"] {
        assert!(head.contains(header), "{header} in {head}");
    }
    let body: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(body["error"]["code"], "too_many_connections");
    let message = body["error"]["message"].as_str().expect("a message");
    assert!(message.contains("already has 1 connection open;"), "one is not plural: {message}");
    validate("GET", "/healthz", 429, &body);
    // Every other operation's 429 refers to the shared response, which names this code too.
    let shared = &crate::support::openapi()["components"]["responses"]["TooManyRequests"];
    let described = shared["description"].as_str().expect("a description");
    assert!(described.contains("`too_many_connections`"), "{described}");
}

async fn retry_until_ok<F: Future<Output = bool>>(
    limit: Duration,
    mut attempt: impl FnMut() -> F,
) -> bool {
    let deadline = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < deadline {
        if attempt().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test]
async fn a_zero_window_http2_reader_is_cut_off_and_everything_it_pinned_is_freed() {
    let gauges = Arc::new(Gauges::default());
    let options = short_deadlines(&gauges);
    let server = start_with(Setup { options, metrics: true, ..Setup::default() }).await;
    let batch = heavy_batch();
    let mut attackers = Vec::new();
    for n in 0..3u8 {
        // Stream windows of zero: the server may send headers, never a byte of body.
        let (mut send, connection) = h2_from(client(10 + n), server.addr, 0).await;
        let mut responses = Vec::new();
        for _ in 0..8 {
            match h2_send(&mut send, "POST", "/v1/batch", Some(&batch)).await {
                Ok(response) => responses.push(response),
                Err(_) => break,
            }
        }
        attackers.push((send, connection, responses));
    }
    // The server did the work: a response on each connection has its head out.
    let mut held = Vec::new();
    for (_, _, responses) in &mut attackers {
        let (head, waiting) = first_head(std::mem::take(responses)).await;
        assert_eq!(head.status(), 200);
        held.push((head, waiting));
    }
    // Others are served meanwhile, over both protocols.
    let response = reqwest_from(client(3)).get(server.url("/v1/services")).send().await;
    assert_eq!(response.expect("GET").status(), 200);
    let (mut normal, _normal_connection) = h2_from(client(4), server.addr, 65_535).await;
    let normal_response = h2_send(&mut normal, "GET", "/v1/services", None).await.expect("send");
    assert_eq!(normal_response.await.expect("response").status(), 200);
    // Each attacking connection is cut off by the stall deadline.
    for (_send, connection, _responses) in attackers {
        let ended = tokio::time::timeout(Duration::from_secs(10), connection).await;
        assert!(ended.is_ok(), "a zero-window connection stayed open");
    }
    assert!(gauges.stalled.load(Ordering::Relaxed) >= 3, "{gauges:?}");
    let stalled = value(&server.scrape().await, "consultancy_api_connections_stalled_total");
    assert!(stalled >= 3.0, "/metrics shows the stalls: {stalled}");
    // Everything the attackers pinned is freed: no connection state, so no response body,
    // outlives them.
    drop((normal, held));
    assert!(
        eventually(Duration::from_secs(10), || gauges.flows.load(Ordering::Relaxed) == 0).await,
        "responses are still held: {gauges:?}"
    );
}

/// An HTTP/1 connection from `from` whose receive buffer is `window` bytes (the kernel
/// doubles it), with `n` heavy batches asked for at once (pipelined): 750 KB each, so that
/// eight are more than the server's socket buffer can hold (4 MiB at most by default).
async fn http1_heavy_batches_from(
    from: IpAddr,
    to: SocketAddr,
    window: u32,
    n: usize,
) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(window).expect("SO_RCVBUF");
    socket.bind(SocketAddr::new(from, 0)).expect("bind a loopback address");
    let mut stream = socket.connect(to).await.expect("connect");
    let batch = heavy_batch();
    let request = format!(
        "POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{batch}",
        batch.len()
    );
    stream.write_all(request.repeat(n).as_bytes()).await.expect("write");
    stream
}

/// Reads until the server closes the connection (or is silent for 10 s), `bite` bytes at a
/// time with `pause` before each read; then splits what came into responses: the complete
/// ones (head lowercased, body), and whether an unfinished one followed. Panics if the server
/// does not close the connection.
async fn read_slowly(
    stream: &mut TcpStream,
    bite: usize,
    pause: Duration,
) -> (Vec<(String, Vec<u8>)>, bool) {
    let mut buffer = Vec::new();
    let mut piece = vec![0u8; bite];
    loop {
        tokio::time::sleep(pause).await;
        let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut piece)).await;
        match read.expect("the server closes the connection in the end") {
            Ok(n) if n > 0 => buffer.extend_from_slice(&piece[..n]),
            _ => break,
        }
    }
    let mut responses = Vec::new();
    let mut rest = &buffer[..];
    while let Some(at) = rest.windows(4).position(|w| w == b"\r\n\r\n") {
        let head = String::from_utf8_lossy(&rest[..at + 4]).to_lowercase();
        let length = head
            .lines()
            .find_map(|line| line.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok())
            .expect("a content-length");
        let Some(body) = rest.get(at + 4..at + 4 + length) else { break };
        responses.push((head, body.to_vec()));
        rest = &rest[at + 4 + length..];
    }
    (responses, !rest.is_empty())
}

/// A GET on an HTTP/2 connection whose response budget is full cannot be answered at once, as
/// a GET usually is: it waits for room, and is answered, whole, once the reader opens its
/// window and the heavy response ahead of it drains.
#[tokio::test]
async fn a_get_behind_a_full_budget_waits_for_room_and_is_answered() {
    let options = ServerOptions {
        response_buffer: 64 * 1024,
        send_stall_timeout: Duration::from_secs(20),
        ..ServerOptions::default()
    };
    let server = start_with(Setup { options, ..Setup::default() }).await;
    // Windows of zero until told otherwise.
    let tcp = connect_from(client(42), server.addr).await;
    let (mut send, mut connection) = h2::client::Builder::new()
        .initial_window_size(0)
        .handshake::<_, Bytes>(tcp)
        .await
        .expect("HTTP/2 handshake");
    let (open, opened) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        tokio::select! {
            _ = &mut connection => return,
            _ = opened => {}
        }
        connection.set_target_window_size(16 << 20);
        connection.set_initial_window_size(16 << 20).expect("new settings");
        let _ = connection.await;
    });
    let batch = h2_send(&mut send, "POST", "/v1/batch", Some(&heavy_batch())).await.expect("send");
    // The batch's head comes (its body is counted against the budget, which it overfills).
    let batch = tokio::time::timeout(Duration::from_secs(10), batch).await.expect("a head");
    let mut batch = batch.expect("the batch's response").into_body();
    let mut get = h2_send(&mut send, "GET", "/v1/services", None).await.expect("send");
    let early = tokio::time::timeout(Duration::from_millis(500), &mut get).await;
    assert!(early.is_err(), "a GET is not answered while its connection's budget is full");
    open.send(()).expect("the driver is running");
    let mut read = 0;
    while let Some(chunk) = batch.data().await {
        let chunk = chunk.expect("batch data");
        read += chunk.len();
        batch.flow_control().release_capacity(chunk.len()).expect("release");
    }
    assert!(read > 64 * 1024, "the batch's body is larger than the budget: {read} bytes");
    let get = tokio::time::timeout(Duration::from_secs(10), get).await.expect("answered in time");
    let get = get.expect("the GET's response");
    assert_eq!(get.status(), 200);
    let mut body = get.into_body();
    let mut bytes = Vec::new();
    while let Some(chunk) = body.data().await {
        let chunk = chunk.expect("GET data");
        bytes.extend_from_slice(&chunk);
        body.flow_control().release_capacity(chunk.len()).expect("release");
    }
    let fixed = consultancy_api::tables::FIXED.get("/v1/services").expect("a fixed route");
    assert_eq!(bytes, fixed.body.as_bytes(), "the fixed body, whole");
}

/// HTTP/1 bodies go to hyper whole, so a reader that stops is found on the socket: once the
/// kernel's buffers are full the connection is cut off by the stall deadline, part way
/// through its responses, and counted.
#[tokio::test]
async fn an_http1_reader_that_stops_reading_is_cut_off() {
    let gauges = Arc::new(Gauges::default());
    let options = short_deadlines(&gauges);
    let server = start_with(Setup { options, metrics: true, ..Setup::default() }).await;
    let mut stream = http1_heavy_batches_from(client(40), server.addr, 4096, 10).await;
    assert!(
        eventually(Duration::from_secs(10), || gauges.stalled.load(Ordering::Relaxed) >= 1).await,
        "a reader that never reads is found stalled: {gauges:?}"
    );
    // Its socket filled before the stall: /metrics shows both.
    let series = server.scrape().await;
    let stalled = value(&series, "consultancy_api_connections_stalled_total");
    assert!(stalled >= 1.0, "/metrics shows the stall: {stalled}");
    let blocked = value(&series, "consultancy_api_socket_writes_blocked_total");
    assert!(blocked >= 1.0, "/metrics shows the refused write: {blocked}");
    let (responses, unfinished) = read_slowly(&mut stream, 64 * 1024, Duration::ZERO).await;
    assert!(responses.len() < 10, "cut off part way: {} responses", responses.len());
    assert!(responses.iter().all(|(head, _)| head.starts_with("http/1.1 200")));
    assert!(unfinished || responses.is_empty() || responses.len() < 10);
    assert!(
        eventually(Duration::from_secs(5), || gauges.flows.load(Ordering::Relaxed) == 0).await,
        "the connection is gone: {gauges:?}"
    );
}

/// A reader that takes its responses slowly but steadily gets all of them, whole, though
/// they take forty times the header deadline to read and its socket is full for most of it:
/// neither the stall deadline nor hyper's header deadline (which starts once hyper's queue has
/// gone to the kernel) cuts it off. Once they are read, the idle connection meets the header
/// deadline (`read_slowly` waits for the close).
#[tokio::test]
async fn a_slow_but_steady_http1_reader_gets_every_response_whole() {
    let gauges = Arc::new(Gauges::default());
    // Linux wakes a blocked writer once a third of the send buffer (up to 4 MiB) is free: at
    // this reader's pace, about every 0.8 s. The stall deadline is well above that.
    let options = ServerOptions {
        header_read_timeout: Duration::from_millis(100),
        send_stall_timeout: Duration::from_secs(3),
        gauges: gauges.clone(),
        ..ServerOptions::default()
    };
    let server = start_with(Setup { options, ..Setup::default() }).await;
    let mut stream = http1_heavy_batches_from(client(41), server.addr, 65536, 8).await;
    // 32 KiB every 20 ms, about 1.6 MB/s: 6 MB in about four seconds.
    let (responses, unfinished) =
        read_slowly(&mut stream, 32 * 1024, Duration::from_millis(20)).await;
    assert!(gauges.blocked.load(Ordering::Relaxed) > 0, "the socket was full at times: {gauges:?}");
    assert_eq!(responses.len(), 8, "every response, whole (unfinished after them: {unfinished})");
    assert!(!unfinished);
    for (head, body) in &responses {
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let json: serde_json::Value = serde_json::from_slice(body).expect("JSON");
        assert_eq!(json["responses"].as_array().map(Vec::len), Some(20));
    }
    assert_eq!(gauges.stalled.load(Ordering::Relaxed), 0, "never stalled: {gauges:?}");
}

#[tokio::test]
async fn batch_items_count_towards_fair_use() {
    let server = start_with(Setup { rate_limit: 30, manual_clock: true, ..Setup::default() }).await;
    let batch = |n: usize| {
        let items: Vec<&str> = vec![r#"{"path":"/v1/services"}"#; n];
        format!("{{\"requests\":[{}]}}", items.join(","))
    };
    let first = server.post_json("/v1/batch", &batch(20)).await;
    first.conforms("POST", "/v1/batch", 200);
    assert_eq!(first.header("ratelimit"), Some("\"ip\";r=10;t=60"), "20 items cost 20");

    // 10 left: the call takes the first, nine more fit, the last ten items get 429.
    let second = server.post_json("/v1/batch", &batch(20)).await;
    let json = second.conforms("POST", "/v1/batch", 200);
    assert_eq!(second.header("ratelimit"), Some("\"ip\";r=0;t=60"));
    let items = json["responses"].as_array().expect("responses");
    assert_eq!(items.len(), 20);
    for (idx, item) in items.iter().enumerate() {
        if idx < 10 {
            assert_eq!(item["status"], 200, "item {idx}");
        } else {
            assert_eq!(item["status"], 429, "item {idx}");
            assert_eq!(item["body"]["error"]["code"], "rate_limited", "item {idx}");
            validate("GET", "/v1/services", 429, &item["body"]);
        }
    }

    // Nothing left: the whole call is 429.
    let third = server.post_json("/v1/batch", &batch(1)).await;
    third.error("POST", "/v1/batch", 429, "rate_limited");
    assert_eq!(third.header("retry-after"), Some("60"));
}

/// One HTTP/2 frame: its 9-byte head (length, type, flags, stream) and payload.
fn h2_frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let mut frame = (payload.len() as u32).to_be_bytes()[1..].to_vec();
    frame.extend([kind, flags]);
    frame.extend(stream.to_be_bytes());
    frame.extend(payload);
    frame
}

/// A GET as one HEADERS frame (END_STREAM, END_HEADERS) with `fields` after the pseudo-header
/// fields. HPACK: the static table's `:method GET` and `:scheme http`, the rest literal
/// without indexing, so any field can be sent as it is, malformed or not.
fn raw_h2_get(stream: u32, path: &str, authority: &str, fields: &[(&str, &str)]) -> Vec<u8> {
    let mut block = vec![0x82, 0x86];
    for (name, value) in [(":path", path), (":authority", authority)].iter().chain(fields) {
        block.push(0);
        block.push(name.len() as u8);
        block.extend(name.as_bytes());
        block.push(value.len() as u8);
        block.extend(value.as_bytes());
    }
    h2_frame(0x1, 0x5, stream, &block)
}

/// A GET of `/v1` that RFC 9113 section 8.2.2 makes malformed: it carries `connection: close`,
/// a connection-specific field.
fn malformed_h2_request(stream: u32) -> Vec<u8> {
    raw_h2_get(stream, "/v1", "localhost", &[("connection", "close")])
}

/// The status of a lone HTTP/2 GET of `/v1` sent with `fields` on a connection of its own:
/// the first byte of the response's header block, the static table's index for it.
async fn raw_h2_status(server: SocketAddr, authority: &str, fields: &[(&str, &str)]) -> u16 {
    let mut tcp = TcpStream::connect(server).await.expect("connect");
    let mut hello = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    hello.extend(h2_frame(0x4, 0, 0, &[]));
    hello.extend(raw_h2_get(1, "/v1", authority, fields));
    tcp.write_all(&hello).await.expect("request");
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        while buffer.len() >= 9 {
            let length = u32::from_be_bytes([0, buffer[0], buffer[1], buffer[2]]) as usize;
            if buffer.len() < 9 + length {
                break;
            }
            let stream = u32::from_be_bytes([buffer[5], buffer[6], buffer[7], buffer[8]]);
            if buffer[3] == 0x1 && stream == 1 {
                // HPACK static table: 8 is `:status 200`, 12 `:status 400`.
                return match buffer.get(9) {
                    Some(0x88) => 200,
                    Some(0x8c) => 400,
                    other => panic!("another status: {other:?}"),
                };
            }
            buffer.drain(..9 + length);
        }
        let read = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut chunk)).await;
        match read.expect("an answer within 5 s") {
            Ok(n) if n > 0 => buffer.extend(&chunk[..n]),
            _ => panic!("the connection ended before a response"),
        }
    }
}

/// RFC 9110 section 7.2: any request (not only HTTP/1.1's) with more than one `Host` line or
/// one that is not a host is a 400; RFC 9113 section 8.3.1: an HTTP/2 request whose `Host`
/// names another authority than `:authority` is malformed. Until 2026-12-04 only HTTP/1.1 was
/// checked, and HTTP/2 and HTTP/1.0 answered all of these 200.
#[tokio::test]
async fn every_version_names_its_host_at_most_once_and_http2_as_its_authority() {
    let server = start().await;
    for fields in [
        &[("host", "b.example")][..],
        &[("host", "a.example"), ("host", "a.example")],
        &[("host", "a example")],
        &[("host", "user@a.example")],
    ] {
        assert_eq!(raw_h2_status(server.addr, "a.example", fields).await, 400, "{fields:?}");
    }
    for fields in [&[][..], &[("host", "a.example")], &[("host", "A.Example")]] {
        assert_eq!(raw_h2_status(server.addr, "a.example", fields).await, 200, "{fields:?}");
    }
    for (request, status) in [
        ("GET /v1 HTTP/1.0\r\nHost: a.example\r\nHost: b.example\r\n\r\n", "400"),
        ("GET /v1 HTTP/1.0\r\nHost: a example\r\n\r\n", "400"),
        ("GET /v1 HTTP/1.0\r\nHost: a.example\r\n\r\n", "200"),
        ("GET /v1 HTTP/1.0\r\n\r\n", "200"),
    ] {
        let mut tcp = TcpStream::connect(server.addr).await.expect("connect");
        tcp.write_all(request.as_bytes()).await.expect("request");
        let mut answer = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), tcp.read_to_end(&mut answer));
        read.await.expect("an answer within 5 s").expect("read");
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with(&format!("HTTP/1.0 {status}")), "{request:?}: {answer}");
        if status == "400" {
            assert!(answer.contains("\"code\":\"invalid_host\""), "{request:?}: {answer}");
        }
    }
}

/// A stream the HTTP/2 layer refuses itself (a malformed header block) never reaches the
/// service, so the limiter does not count it; what bounds such refusals is the connection:
/// past `H2_MAX_LOCAL_ERROR_RESETS` of them the server sends GOAWAY `ENHANCE_YOUR_CALM` and
/// closes it. Each costs the server less than the 429 counting it would earn (README,
/// *Hardening*), so an attacker gains nothing the limit would have taken away.
#[tokio::test]
async fn http2_streams_refused_before_the_service_end_their_connection_past_a_bound() {
    use consultancy_api::limits::H2_MAX_LOCAL_ERROR_RESETS;
    let server = start_with(Setup { rate_limit: 300, ..Setup::default() }).await;
    let mut tcp = connect_from(client(61), server.addr).await;
    let mut hello = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    hello.extend(h2_frame(0x4, 0, 0, &[]));
    tcp.write_all(&hello).await.expect("preface");
    let (mut read, mut write) = tcp.into_split();
    // The reader counts the server's RST_STREAM frames and notes a GOAWAY's error code.
    let resets = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = resets.clone();
    let reader = tokio::spawn(async move {
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 16 * 1024];
        loop {
            while buffer.len() >= 9 {
                let length = u32::from_be_bytes([0, buffer[0], buffer[1], buffer[2]]) as usize;
                if buffer.len() < 9 + length {
                    break;
                }
                let (kind, payload) = (buffer[3], buffer[9..9 + length].to_vec());
                buffer.drain(..9 + length);
                match kind {
                    0x3 => _ = seen.fetch_add(1, Ordering::SeqCst),
                    0x7 => {
                        return payload
                            .get(4..8)
                            .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]));
                    }
                    _ => {}
                }
            }
            match read.read(&mut chunk).await {
                Ok(0) | Err(_) => return None,
                Ok(n) => buffer.extend(&chunk[..n]),
            }
        }
    });
    // Sent in rounds, each once the last is refused, so the server has read everything sent
    // when it closes (unread bytes would make its close a reset that could lose the GOAWAY).
    let mut stream = 1u32;
    let mut sent = 0;
    while sent <= H2_MAX_LOCAL_ERROR_RESETS + 64 && !reader.is_finished() {
        let round: Vec<u8> = (0..64).flat_map(|i| malformed_h2_request(stream + 2 * i)).collect();
        if write.write_all(&round).await.is_err() {
            break;
        }
        stream += 128;
        sent += 64;
        let target = sent.min(H2_MAX_LOCAL_ERROR_RESETS);
        eventually(Duration::from_secs(5), || {
            resets.load(Ordering::SeqCst) >= target || reader.is_finished()
        })
        .await;
    }
    let goaway = tokio::time::timeout(Duration::from_secs(5), reader)
        .await
        .expect("the connection ends")
        .expect("reader");
    assert_eq!(goaway, Some(0xb), "GOAWAY ENHANCE_YOUR_CALM after {sent} malformed streams");
    let refused = resets.load(Ordering::SeqCst);
    assert!(
        (H2_MAX_LOCAL_ERROR_RESETS - 64..=H2_MAX_LOCAL_ERROR_RESETS).contains(&refused),
        "{refused} streams refused before the GOAWAY"
    );
    // None of them reached the limiter: the next request is this client's first.
    let response = Checked::read(
        reqwest_from(client(61)).get(server.url("/v1")).send().await.expect("GET /v1"),
    )
    .await;
    assert_eq!(response.status, 200);
    assert_eq!(response.header("ratelimit"), Some("\"ip\";r=299;t=60"));
}

/// Sends `round(n)` (the n-th round, from 0) on an HTTP/2 connection of its own from `from`,
/// round after round, until the server ends the connection or `rounds` are sent, while a
/// reader watches for its GOAWAY. Returns the GOAWAY's error code and debug data (`None`: the
/// connection did not end with one within 5 s) and the rounds sent.
async fn h2_flood_until_goaway(
    server: SocketAddr,
    from: IpAddr,
    rounds: usize,
    round: impl Fn(u32) -> Vec<u8>,
) -> (Option<(u32, Vec<u8>)>, usize) {
    let mut tcp = connect_from(from, server).await;
    let mut hello = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    hello.extend(h2_frame(0x4, 0, 0, &[]));
    tcp.write_all(&hello).await.expect("preface");
    let (mut read, mut write) = tcp.into_split();
    let reader = tokio::spawn(async move {
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 16 * 1024];
        loop {
            while buffer.len() >= 9 {
                let length = u32::from_be_bytes([0, buffer[0], buffer[1], buffer[2]]) as usize;
                if buffer.len() < 9 + length {
                    break;
                }
                let (kind, payload) = (buffer[3], buffer[9..9 + length].to_vec());
                buffer.drain(..9 + length);
                if kind == 0x7 && payload.len() >= 8 {
                    let code = u32::from_be_bytes([payload[4], payload[5], payload[6], payload[7]]);
                    return Some((code, payload[8..].to_vec()));
                }
            }
            match read.read(&mut chunk).await {
                Ok(0) | Err(_) => return None,
                Ok(n) => buffer.extend(&chunk[..n]),
            }
        }
    });
    let mut sent = 0;
    while sent < rounds && !reader.is_finished() {
        if write.write_all(&round(sent as u32)).await.is_err() {
            break;
        }
        sent += 1;
        // The server reads a round before the next is sent, so everything sent has been read
        // when it closes (unread bytes would make its close a reset that could lose the
        // GOAWAY).
        tokio::task::yield_now().await;
        eventually(Duration::from_millis(20), || reader.is_finished()).await;
    }
    let goaway = tokio::time::timeout(Duration::from_secs(5), reader)
        .await
        .ok()
        .and_then(|reader| reader.expect("reader"));
    drop(write);
    (goaway, sent)
}

/// HTTP/2 "rapid reset" (CVE-2023-44487): HEADERS then RST_STREAM, at speed. A reset stream
/// no longer counts against the 32 concurrent, so only the bound on streams reset before the
/// server took them up (`H2_MAX_PENDING_ACCEPT_RESETS`) stops a client queuing them without
/// end: past it, GOAWAY `ENHANCE_YOUR_CALM`. Until 2026-12-05 that bound was hyper's unset
/// default, h2's; set to `usize::MAX` (what an upgrade leaving it unset could bring), the
/// connection took all 12,800 streams this sends and stayed open.
#[tokio::test]
async fn an_http2_rapid_reset_flood_ends_its_connection_and_others_are_served() {
    let server = start_with(Setup { rate_limit: 300, ..Setup::default() }).await;
    let (goaway, rounds) = h2_flood_until_goaway(server.addr, client(63), 400, |n| {
        (0..32)
            .flat_map(|i| {
                let stream = 1 + 2 * (32 * n + i);
                let mut pair = raw_h2_get(stream, "/v1/services", "localhost", &[]);
                pair.extend(h2_frame(0x3, 0, stream, &8u32.to_be_bytes()));
                pair
            })
            .collect()
    })
    .await;
    let (code, debug) = goaway.expect("a GOAWAY ends the connection");
    assert_eq!(code, 0xb, "ENHANCE_YOUR_CALM after {rounds} rounds of 32 reset streams");
    assert_eq!(debug, b"too_many_resets");
    // The server is whole, and another client is served as ever.
    let response = Checked::read(
        reqwest_from(client(64)).get(server.url("/v1/services")).send().await.expect("GET"),
    )
    .await;
    assert_eq!(response.status, 200);
}

/// The CONTINUATION flood (CVE-2024-27316 and its kin): a header block that never ends, one
/// CONTINUATION after another. h2 allows a block as many frames as the 32 KiB header list
/// needs and a quarter more (at least 5), then ends the connection with GOAWAY
/// `ENHANCE_YOUR_CALM`; so the frames a client may send into one block are bounded by
/// `MAX_HEADER_BYTES`, whatever they carry (empty frames included).
#[tokio::test]
async fn an_http2_continuation_flood_ends_its_connection() {
    let server = start().await;
    for payload in [&[][..], b"\x00\x01x\x01y"] {
        let (goaway, rounds) = h2_flood_until_goaway(server.addr, client(65), 100, |n| {
            let mut frames = Vec::new();
            if n == 0 {
                // HEADERS without END_HEADERS (and without END_STREAM).
                let mut head = raw_h2_get(1, "/v1", "localhost", &[]);
                head[4] = 0;
                frames.extend(head);
            }
            frames.extend((0..16).flat_map(|_| h2_frame(0x9, 0, 1, payload)));
            frames
        })
        .await;
        let (code, debug) = goaway.expect("a GOAWAY ends the connection");
        assert_eq!(code, 0xb, "ENHANCE_YOUR_CALM after {rounds} rounds of 16 CONTINUATION frames");
        assert_eq!(debug, b"too_many_continuations");
    }
}

/// Sends `uploads` batch requests with bodies just under the 64 KiB limit at once on one
/// HTTP/2 connection, as h2load and nghttp2 send them: every head and the first bodies at
/// once, before the server's SETTINGS arrive (under the protocol's initial 64 KiB windows),
/// then a 16 KiB frame for each stream in turn as the windows allow. Returns each stream's
/// status, as the first byte of its header block (HPACK's static table: 0x88 is 200), once
/// every stream has one.
async fn side_by_side_uploads(server: SocketAddr, from: IpAddr, uploads: u32) -> Vec<(u32, u8)> {
    use consultancy_api::limits::BATCH_BODY_MAX;
    const INITIAL_WINDOW: i64 = 65_535;
    let batch = r#"{"requests":[{"path":"/v1/services"}]}"#;
    // Padded with spaces (JSON whitespace) to just under the limit.
    let body = format!("{}{}}}", &batch[..batch.len() - 1], " ".repeat(BATCH_BODY_MAX - 1024));
    let mut tcp = connect_from(from, server).await;
    let mut hello = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    // Our own receive windows wide open, so the answers never wait for us.
    hello.extend(h2_frame(0x4, 0, 0, &[0, 4, 0x40, 0, 0, 0]));
    hello.extend(h2_frame(0x8, 0, 0, &0x4000_0000u32.to_be_bytes()));
    // The server's windows for us, the connection's and each stream's: the protocol's initial
    // ones until its SETTINGS and WINDOW_UPDATEs say otherwise.
    let mut connection_window = INITIAL_WINDOW;
    let mut stream_window = INITIAL_WINDOW;
    let mut settings_seen = false;
    let mut windows = std::collections::HashMap::new();
    let mut left = std::collections::HashMap::new();
    let length = body.len().to_string();
    for n in 0..uploads {
        let id = 1 + 2 * n;
        let fields = [("content-type", "application/json"), ("content-length", length.as_str())];
        let mut head = raw_h2_get(id, "/v1/batch", "localhost", &fields);
        // POST (the static table's 3), not END_STREAM.
        (head[4], head[9]) = (0x4, 0x83);
        hello.extend(head);
        windows.insert(id, stream_window);
        left.insert(id, body.len());
    }
    let mut statuses = std::collections::BTreeMap::new();
    let mut next = 0;
    let (mut buffer, mut chunk) = (Vec::new(), vec![0u8; 64 * 1024]);
    // Far past what the uploads need; on a stall, past several body deadlines.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    let mut outgoing = hello;
    let mut first_round = true;
    loop {
        // Send what the windows allow: a frame for each stream in turn, round after round
        // (the first round before the server's SETTINGS, as h2load does).
        let mut idle = 0;
        while idle < uploads && connection_window > 0 && (first_round || settings_seen) {
            let id = 1 + 2 * next;
            next = (next + 1) % uploads;
            let (window, remaining) = (windows[&id], left[&id]);
            let room = usize::try_from(window.min(connection_window)).unwrap_or(0);
            let size = remaining.min(16 * 1024).min(room);
            if size == 0 {
                idle += 1;
                continue;
            }
            idle = 0;
            let sent = body.len() - remaining;
            let last = size == remaining;
            outgoing.extend(h2_frame(0x0, u8::from(last), id, &body.as_bytes()[sent..sent + size]));
            left.insert(id, remaining - size);
            *windows.get_mut(&id).expect("stream") -= size as i64;
            connection_window -= size as i64;
        }
        first_round = false;
        tcp.write_all(&outgoing).await.expect("send");
        outgoing.clear();
        let read = tokio::time::timeout_at(deadline, tcp.read(&mut chunk)).await;
        match read.expect("every upload answered") {
            Ok(n) if n > 0 => buffer.extend(&chunk[..n]),
            _ => panic!("the connection ended with {} answers", statuses.len()),
        }
        // Note every window what has come opens, and every answer.
        while buffer.len() >= 9 {
            let length = u32::from_be_bytes([0, buffer[0], buffer[1], buffer[2]]) as usize;
            if buffer.len() < 9 + length {
                break;
            }
            let (kind, flags) = (buffer[3], buffer[4]);
            let stream = u32::from_be_bytes([buffer[5], buffer[6], buffer[7], buffer[8]]);
            let payload = buffer[9..9 + length].to_vec();
            buffer.drain(..9 + length);
            match kind {
                0x4 if flags & 1 == 0 => {
                    for setting in payload.chunks(6) {
                        if setting[..2] == [0, 4] {
                            let value = [setting[2], setting[3], setting[4], setting[5]];
                            let window = i64::from(u32::from_be_bytes(value));
                            // RFC 9113 section 6.9.2: open streams' windows move by the change.
                            for open in windows.values_mut() {
                                *open += window - stream_window;
                            }
                            stream_window = window;
                        }
                    }
                    settings_seen = true;
                    outgoing.extend(h2_frame(0x4, 1, 0, &[]));
                }
                0x8 => {
                    let grant = [payload[0], payload[1], payload[2], payload[3]];
                    let grant = i64::from(u32::from_be_bytes(grant));
                    match stream {
                        0 => connection_window += grant,
                        id => *windows.entry(id).or_insert(0) += grant,
                    }
                }
                0x1 => _ = statuses.insert(stream, payload.first().copied().unwrap_or(0)),
                // An answer before the whole body (a 408) resets the rest of the body.
                0x3 if statuses.contains_key(&stream) => _ = left.insert(stream, 0),
                0x3 => panic!("stream {stream} reset unanswered: {payload:?}"),
                0x7 => panic!("GOAWAY: {payload:?}"),
                _ => {}
            }
        }
        if statuses.len() == uploads as usize {
            return statuses.into_iter().collect();
        }
    }
}

/// 32 batch uploads of 63 KiB at once on one HTTP/2 connection, sent before our SETTINGS
/// arrive, are all answered 200. Streams of a connection generate their answers one at a
/// time; until 2026-12-05 the one whose turn it was read its body then, and the bodies of the
/// streams still waiting filled the 256 KiB connection window before its own was in, so it
/// waited for a window nothing opened until its 10 s body deadline (408), then the next. Now
/// an HTTP/2 stream reads its body before waiting for the turn (`Later::read_ahead`), and the
/// read-ahead budget is whole again once they are answered.
#[tokio::test]
async fn thirty_two_large_uploads_side_by_side_on_one_http2_connection_are_all_answered() {
    use consultancy_api::limits::{H2_MAX_CONCURRENT_STREAMS, H2_READ_AHEAD_BUDGET};
    let server = start().await;
    let statuses = side_by_side_uploads(server.addr, client(66), H2_MAX_CONCURRENT_STREAMS).await;
    let refused: Vec<_> = statuses.iter().filter(|(_, status)| *status != 0x88).collect();
    assert!(refused.is_empty(), "uploads not answered 200 (stream, HPACK status): {refused:?}");
    assert_eq!(statuses.len(), H2_MAX_CONCURRENT_STREAMS as usize);
    // Every reservation given back once its request is answered (the streams' futures end
    // just after their heads are sent).
    let app = server.app.clone();
    assert!(
        eventually(Duration::from_secs(10), || app.read_ahead.left() == H2_READ_AHEAD_BUDGET).await,
        "the read-ahead budget is whole again: {} left",
        app.read_ahead.left()
    );
}

/// Eight batch uploads side by side on one connection, as h2load sends them (`-n8 -c1 -m8`):
/// on 2026-12-05 two of them were answered 408, after 10 and 20 s; now all 200.
#[tokio::test]
async fn eight_large_uploads_side_by_side_on_one_http2_connection_are_all_answered() {
    let server = start().await;
    let statuses = side_by_side_uploads(server.addr, client(67), 8).await;
    let refused: Vec<_> = statuses.iter().filter(|(_, status)| *status != 0x88).collect();
    assert!(refused.is_empty(), "uploads not answered 200 (stream, HPACK status): {refused:?}");
    assert_eq!(statuses.len(), 8);
}

/// With no read-ahead budget left, an HTTP/2 stream reads its body in its turn, as before
/// read-ahead, and is answered the same: uploads one after another, three side by side (less
/// than the connection window together), a declared length past the limit (413 unread) and a
/// body past it (413).
#[tokio::test]
async fn with_no_read_ahead_budget_http2_bodies_are_read_in_their_turn_and_answered() {
    use consultancy_api::limits::BATCH_BODY_MAX;
    let server = start_with(Setup { read_ahead_budget: Some(0), ..Setup::default() }).await;
    let (mut send, _connection) = h2_from(client(68), server.addr, 1 << 20).await;
    let batch = r#"{"requests":[{"path":"/v1/services"}]}"#;
    let large = format!("{}{}}}", &batch[..batch.len() - 1], " ".repeat(BATCH_BODY_MAX - 1024));
    let one = h2_send(&mut send, "POST", "/v1/batch", Some(&large)).await.expect("send");
    assert_eq!(one.await.expect("answer").status(), 200);
    let three = [
        h2_send(&mut send, "POST", "/v1/batch", Some(&large)).await.expect("send"),
        h2_send(&mut send, "POST", "/v1/batch", Some(&large)).await.expect("send"),
        h2_send(&mut send, "POST", "/v1/ai-readiness/score", Some("{}")).await.expect("send"),
    ];
    let mut statuses = Vec::new();
    for response in three {
        statuses.push(response.await.expect("answer").status().as_u16());
    }
    // The score of an empty object is refused from the body, read in its turn.
    assert_eq!(statuses, [200, 200, 400]);
    let too_long = "x".repeat(BATCH_BODY_MAX + 1);
    let past = h2_send(&mut send, "POST", "/v1/batch", Some(&too_long)).await.expect("send");
    assert_eq!(past.await.expect("answer").status(), 413);
    assert_eq!(server.app.read_ahead.left(), 0, "nothing was reserved");
}

/// The budget's fallback and read-ahead give the same answers to bodies the route's limit
/// refuses: over HTTP/2 the score endpoint (8 KiB) refuses a 9 KiB body with 413 and the
/// token endpoint (16 KiB) a 17 KiB one, while the batch endpoint (64 KiB) takes 60 KiB, each
/// read ahead under the default budget.
#[tokio::test]
async fn bodies_read_ahead_over_http2_keep_their_routes_limits() {
    use consultancy_api::limits::{H2_READ_AHEAD_BUDGET, OAUTH_BODY_MAX, SCORE_BODY_MAX};
    let server = start().await;
    let (mut send, _connection) = h2_from(client(69), server.addr, 1 << 20).await;
    let score = " ".repeat(SCORE_BODY_MAX + 1024);
    let token = "x".repeat(OAUTH_BODY_MAX + 1024);
    let batch = format!("{{\"requests\":[{{\"path\":\"/v1/services\"}}]{}}}", " ".repeat(60_000));
    let answers = [
        h2_send(&mut send, "POST", "/v1/ai-readiness/score", Some(&score)).await.expect("send"),
        h2_send(&mut send, "POST", "/oauth/token", Some(&token)).await.expect("send"),
        h2_send(&mut send, "POST", "/v1/batch", Some(&batch)).await.expect("send"),
    ];
    let mut statuses = Vec::new();
    for response in answers {
        statuses.push(response.await.expect("answer").status().as_u16());
    }
    assert_eq!(statuses, [413, 413, 200]);
    let app = server.app.clone();
    assert!(
        eventually(Duration::from_secs(10), || app.read_ahead.left() == H2_READ_AHEAD_BUDGET).await
    );
}

#[test]
fn weighted_checks_grant_what_is_left() {
    let limiter = RateLimiter::new(10);
    let ip = client(2);
    let first = limiter.check_n(ip, 1_000, 7);
    assert!(first.allowed);
    assert_eq!((first.granted, first.remaining), (7, 3));
    let second = limiter.check_n(ip, 1_000, 5);
    assert!(!second.allowed, "only part was granted");
    assert_eq!((second.granted, second.remaining), (3, 0));
    let third = limiter.check(ip, 1_000);
    assert!(!third.allowed);
    assert_eq!(third.granted, 0);
    let next_window = limiter.check_n(ip, 61_000, 10);
    assert!(next_window.allowed && next_window.remaining == 0);
}

/// RFC 6749 section 3.2: a parameter must not repeat, even when one copy is empty (an empty
/// parameter counts as omitted, which hid the repeat before issue 17).
#[tokio::test]
async fn issue_17_repeated_token_parameters_are_invalid_even_behind_an_empty_one() {
    let server = start().await;
    let registered: serde_json::Value = server
        .client
        .post(server.url("/oauth/register"))
        .json(&serde_json::json!({"client_name": "repeats", "token_endpoint_auth_method": "client_secret_post"}))
        .send()
        .await
        .expect("register")
        .json()
        .await
        .expect("JSON");
    let id = registered["client_id"].as_str().expect("id");
    let secret = registered["client_secret"].as_str().expect("secret");
    let token = |body: String| {
        server
            .client
            .post(server.url("/oauth/token"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
    };
    let grant = "grant_type=client_credentials";
    for body in [
        format!("{grant}&client_id=&client_id={id}&client_secret={secret}"),
        format!("{grant}&client_id={id}&client_id=&client_secret={secret}"),
        format!("grant_type=&{grant}&client_id={id}&client_secret={secret}"),
        format!("{grant}&client_id={id}&client_secret=&client_secret={secret}"),
        format!("{grant}&scope=&scope=export&client_id={id}&client_secret={secret}"),
        format!("{grant}&scope=&scope=&client_id={id}&client_secret={secret}"),
    ] {
        let response = Checked::read(token(body.clone()).await.expect("POST")).await;
        assert_eq!(response.status, 400, "{body}: {}", response.text);
        assert_eq!(response.json()["error"], "invalid_request", "{body}");
    }
    // One empty parameter alone still counts as omitted.
    let alone = format!("{grant}&scope=&client_id={id}&client_secret={secret}");
    let response = Checked::read(token(alone).await.expect("POST")).await;
    assert_eq!(response.status, 200, "{}", response.text);
}

/// A path escape is `%` and exactly two hex digits; `u8::from_str_radix` also took a sign.
#[tokio::test]
async fn issue_17_path_escapes_need_two_hex_digits() {
    let server = start().await;
    for path in ["/v1/services/%+1", "/v1/services/%1+", "/v1/services/%-1", "/v1/%+f"] {
        let response = server.get(path).await;
        assert_eq!(response.status, 400, "{path}: {}", response.text);
        assert_eq!(response.json()["error"]["code"], "invalid_path", "{path}");
    }
    // A space cannot travel in a request line; the decoder refuses it all the same.
    for path in ["/v1/% 1", "/v1/%1 ", "/v1/%+1", "/v1/%1", "/v1/%"] {
        assert!(decode_unreserved(path).is_err(), "{path}");
        assert!(
            matches!(Route::parse(path), Route::Missing(ref e) if e.kind == ErrorKind::InvalidPath),
            "{path}"
        );
    }
    assert_eq!(
        decode_unreserved("/v1/services/%6Dlops").expect("valid").as_ref(),
        "/v1/services/mlops"
    );
    // Batch items take the same decoder.
    let batch =
        server.post_json("/v1/batch", r#"{"requests":[{"path":"/v1/services/%+1"}]}"#).await;
    let json = batch.conforms("POST", "/v1/batch", 200);
    assert_eq!(json["responses"][0]["status"], 400);
    assert_eq!(json["responses"][0]["body"]["error"]["code"], "invalid_path");
}

#[tokio::test]
async fn every_response_says_nosniff() {
    let server = start_with(Setup { rate_limit: 40, ..Setup::default() }).await;
    let etag = server.get("/v1/services").await.header("etag").expect("etag").to_string();
    let mut responses = vec![
        server.get("/v1/services").await,
        server.get("/guides/").await,
        server.get("/v1/nothing").await,
        server.get("/v1/services/BAD").await,
        server.get("/v1/resources?limit=0").await,
        server.get("/v1/export").await,
        server.post_json("/v1/ai-readiness/score", "{}").await,
        server.post_json("/v1/batch", r#"{"requests":[{"path":"/v1"}]}"#).await,
        server.post_json("/oauth/token", "").await,
    ];
    let requests = [
        server.client.get(server.url("/v1/services")).header("if-none-match", etag),
        server.client.request(reqwest::Method::OPTIONS, server.url("/v1/services")),
        server.client.delete(server.url("/v1/services")),
    ];
    for request in requests {
        responses.push(Checked::read(request.send().await.expect("request")).await);
    }
    let h2 = reqwest::Client::builder().http2_prior_knowledge().build().expect("client");
    responses.push(Checked::read(h2.get(server.url("/v1")).send().await.expect("h2")).await);
    // Spend the rest of the budget to see a 429.
    let mut limited = None;
    for _ in 0..40 {
        let response = server.get("/v1/contact").await;
        if response.status == 429 {
            limited = Some(response);
            break;
        }
    }
    responses.push(limited.expect("a 429"));
    let statuses: Vec<u16> = responses.iter().map(|r| r.status).collect();
    for expected in [200, 304, 204, 400, 401, 404, 405, 429] {
        assert!(statuses.contains(&expected), "{expected} is covered: {statuses:?}");
    }
    for response in &responses {
        assert_eq!(
            response.header("x-content-type-options"),
            Some("nosniff"),
            "status {}: {:?}",
            response.status,
            response.headers
        );
    }
}

/// The shared-cache decision: per-client RateLimit values must never be replayed to another
/// client by a shared cache, so every response carrying them is either `no-store` or says
/// `private="RateLimit"` (RFC 9111 section 5.2.2.7), and nothing says `public`.
#[tokio::test]
async fn shared_caches_may_store_content_but_never_a_clients_ratelimit() {
    let server = start().await;
    let content = r#"max-age=300, private="RateLimit""#;
    let etag = server.get("/v1/services").await.header("etag").expect("etag").to_string();
    let not_modified = Checked::read(
        server
            .client
            .get(server.url("/v1/services"))
            .header("if-none-match", etag)
            .send()
            .await
            .expect("GET"),
    )
    .await;
    assert_eq!(not_modified.status, 304);
    let cases = [
        (server.get("/v1/services").await, Some(content)),
        (not_modified, Some(content)),
        (server.get("/v1/resources?q=data+strategy").await, Some(content)),
        (server.get("/guides/").await, Some(content)),
        (server.get("/guides/index.md").await, Some(content)),
        (
            server.get("/.well-known/oauth-authorization-server").await,
            Some(r#"max-age=3600, private="RateLimit""#),
        ),
        (server.get("/v1/nothing").await, Some("no-store")),
        (server.post_json("/v1/ai-readiness/score", "{}").await, Some("no-store")),
    ];
    for (response, expected) in &cases {
        assert!(response.header("ratelimit").is_some(), "RateLimit is on every response");
        let cache_control = response.header("cache-control");
        assert_eq!(cache_control, *expected, "status {}", response.status);
        let cache_control = cache_control.unwrap_or_default();
        assert!(!cache_control.contains("public"), "{cache_control}");
        assert!(
            cache_control == "no-store" || cache_control.contains(r#"private="RateLimit""#),
            "{cache_control}"
        );
    }
}

#[test]
fn address_slots_cap_each_address_and_give_slots_back() {
    let slots = AddressSlots::new(2);
    let (a, b) = (client(2), client(3));
    let first = slots.try_open(a).expect("first");
    let second = slots.try_open(a).expect("second");
    assert!(slots.try_open(a).is_none(), "a third connection from one address is refused");
    assert!(slots.try_open(b).is_some(), "another address is unaffected");
    drop(first);
    assert_eq!(slots.open(a), 1);
    let third = slots.try_open(a).expect("a freed slot can be taken again");
    drop((second, third));
    assert_eq!(slots.addresses(), 0, "addresses without connections leave the table");
    let uncapped = AddressSlots::new(0);
    let held: Vec<_> = (0..1000).map(|_| uncapped.try_open(a).expect("no cap")).collect();
    assert_eq!(held.len(), 1000);
}

#[test]
fn ipv6_addresses_count_per_64_and_mapped_ipv4_as_ipv4() {
    let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
    let two: IpAddr = "2001:db8:1:2:bbbb::2".parse().expect("ip");
    let other: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
    assert_eq!(address_key(one), address_key(two));
    assert_ne!(address_key(one), address_key(other));
    let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("ip");
    assert_eq!(address_key(mapped), IpAddr::from([192, 0, 2, 7]));
}

/// A refused IPv6 client is told the block its connections count in: with a /64 it may hold
/// none itself, its neighbours holding the cap (audit11 found "your address already has 1
/// connection open" said to an address with none). IPv4, mapped IPv4 and IPv6 keyed whole are
/// told of their address.
#[test]
fn a_refused_ipv6_client_is_told_of_its_block_not_its_address() {
    let v6: IpAddr = "2001:db8:1:2::7".parse().expect("ip");
    let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("ip");
    let grouped = AddressSlots::new(1);
    assert_eq!(grouped.block_of(v6), Some(64));
    assert_eq!(grouped.block_of(mapped), None);
    assert_eq!(grouped.block_of(client(2)), None);
    assert_eq!(AddressSlots::with_ipv6_prefix(1, 48).block_of(v6), Some(48));
    assert_eq!(AddressSlots::with_ipv6_prefix(1, 128).block_of(v6), None);
    let told = Error::too_many_connections(1, grouped.block_of(v6)).message;
    assert!(
        told.starts_with("the addresses of your /64 network already have 1 connection open;"),
        "{told}"
    );
    let told = Error::too_many_connections(64, grouped.block_of(client(2))).message;
    assert!(told.starts_with("your address already has 64 connections open;"), "{told}");
}

/// The server binary under ten zero-window HTTP/2 readers asking for heavy batches, twice:
/// its resident memory (from /proc) peaks far under 64 MiB while they read nothing (without
/// the per-connection budget it went past 89 MiB here, and to 577 MB in the issue), stays near
/// its baseline once they close, and a second attack reuses what the first left. What
/// stays above the baseline is glibc keeping freed memory in its arenas for reuse (see the
/// next test). Figures are printed for the record.
#[tokio::test]
async fn memory_stays_bounded_under_zero_window_readers_and_does_not_ratchet() {
    let figures = memory_under_attack(&[], 2).await;
    eprintln!(
        "RSS of the binary (KiB): baseline, then peak and after for each of two attacks: {figures:?}"
    );
    let &[baseline, peak_first, after_first, peak_second, after_second] = figures.as_slice() else {
        panic!("five figures: {figures:?}")
    };
    for peak in [peak_first, peak_second] {
        assert!(peak < 64 * 1024, "under attack the binary peaks under 64 MiB: {peak} KiB");
    }
    for after in [after_first, after_second] {
        assert!(
            after <= baseline + 16 * 1024,
            "memory comes back near the baseline: {baseline} KiB before, {after} KiB after"
        );
    }
    // Runs on a loaded machine differ by a few MiB (which tokio worker's malloc arena serves
    // which connection); the ratchet of the issue added hundreds of MiB per attack.
    assert!(
        peak_second <= peak_first + 8 * 1024,
        "a second attack reuses what the first left rather than adding to it: peaks of \
         {peak_first} then {peak_second} KiB"
    );
}

/// What the previous test sees staying above the baseline is the allocator's, not ours: with
/// glibc told to trim freed memory sooner (the README's knob), it goes back to the system.
#[tokio::test]
async fn what_stays_after_an_attack_is_the_allocators_cache() {
    let figures = memory_under_attack(&[("MALLOC_TRIM_THRESHOLD_", "131072")], 1).await;
    eprintln!("RSS of the binary (KiB) with MALLOC_TRIM_THRESHOLD_=131072: {figures:?}");
    let &[baseline, _peak, after] = figures.as_slice() else { panic!("{figures:?}") };
    assert!(after <= baseline + 4 * 1024, "{baseline} KiB before, {after} KiB after");
}

/// Starts the binary with `env`, warms it up with heavy batches, and runs `rounds` attacks of
/// ten zero-window readers, each held for two seconds and then closed: the baseline, then the
/// peak (VmHWM) and the settled resident memory after each attack, in KiB.
async fn memory_under_attack(env: &[(&str, &str)], rounds: u8) -> Vec<u64> {
    let process = Binary::start(&[], env);
    let addr = process.addr;
    let warm = reqwest::Client::new();
    for _ in 0..20 {
        let response = warm
            .post(format!("http://{addr}/v1/batch"))
            .header("content-type", "application/json")
            .body(heavy_batch())
            .send()
            .await
            .expect("POST");
        assert_eq!(response.status(), 200);
        let _ = response.bytes().await.expect("body");
    }
    let mut figures = vec![process.status_kib("VmRSS:")];
    for round in 0..rounds {
        let descriptors = process.open_descriptors();
        let attackers = zero_window_attack(addr, 20 + 10 * round).await;
        // Let the server generate whatever the open streams let it, then take its peak: two
        // seconds, and on until it stops working (a starved host generates more slowly, and a
        // first peak taken early would make the second look like a ratchet).
        tokio::time::sleep(Duration::from_secs(2)).await;
        process.wait_until_idle(Duration::from_secs(30)).await;
        figures.push(process.status_kib("VmHWM:"));
        for (send, connection, head, waiting) in attackers {
            connection.abort();
            for task in waiting {
                task.abort();
            }
            drop((send, head));
        }
        // Let the server see the connections close and free their state: its descriptors back
        // to what they were before the attack (a connection's state goes with its socket),
        // then its memory unmoved for a second (five seconds at most).
        let closed =
            eventually(Duration::from_secs(30), || process.open_descriptors() <= descriptors).await;
        assert!(closed, "the server closes the attacking connections");
        let mut settled = process.status_kib("VmRSS:");
        let mut unchanged = 0;
        for _ in 0..20 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            let now = process.status_kib("VmRSS:");
            unchanged = if now == settled { unchanged + 1 } else { 0 };
            settled = now;
            if unchanged == 4 {
                break;
            }
        }
        figures.push(settled);
    }
    figures
}

/// Ten zero-window HTTP/2 connections from 127.0.0.`first`.., each with 32 heavy batches
/// asked for and a response head in hand; everything is kept open until the caller drops it.
#[allow(clippy::type_complexity)]
async fn zero_window_attack(
    addr: SocketAddr,
    first: u8,
) -> Vec<(
    h2::client::SendRequest<Bytes>,
    tokio::task::JoinHandle<Result<(), h2::Error>>,
    http::Response<h2::RecvStream>,
    Vec<tokio::task::JoinHandle<()>>,
)> {
    let batch = heavy_batch();
    let mut attackers = Vec::new();
    for n in 0..10u8 {
        let (mut send, connection) = h2_from(client(first + n), addr, 0).await;
        let mut responses = Vec::new();
        for _ in 0..32 {
            match h2_send(&mut send, "POST", "/v1/batch", Some(&batch)).await {
                Ok(response) => responses.push(response),
                Err(_) => break,
            }
        }
        let (head, waiting) = first_head(responses).await;
        assert_eq!(head.status(), 200);
        attackers.push((send, connection, head, waiting));
    }
    attackers
}

/// A body read ahead that stops coming is answered 408 at the body deadline, as one read in
/// its turn is, and its reservation is given back.
#[tokio::test]
async fn a_body_read_ahead_over_http2_that_stops_coming_is_answered_408() {
    use consultancy_api::limits::H2_READ_AHEAD_BUDGET;
    let setup = Setup { body_timeout: Some(Duration::from_millis(300)), ..Setup::default() };
    let server = start_with(setup).await;
    let (send, _connection) = h2_from(client(70), server.addr, 1 << 20).await;
    let mut ready = send.ready().await.expect("ready");
    let (response, mut stream) =
        ready.send_request(h2_request("POST", "/v1/batch"), false).expect("send");
    stream.send_data(Bytes::from_static(b"{\"requests\":["), false).expect("part of a body");
    let response = response.await.expect("answer");
    assert_eq!(response.status(), 408);
    let app = server.app.clone();
    assert!(
        eventually(Duration::from_secs(10), || app.read_ahead.left() == H2_READ_AHEAD_BUDGET).await
    );
    drop(stream);
}
