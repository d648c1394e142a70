//! The accept loop: HTTP/1.1 with keep-alive and HTTP/2 cleartext on one listener, a deadline
//! for every phase of a connection, a connection cap overall and per client address, and
//! graceful shutdown.
//!
//! A connection's life and the limit on each phase (all in `limits`):
//!
//! | phase | limit | past it |
//! |---|---|---|
//! | accepted | `MAX_CONNECTIONS` overall | the next client waits in the kernel's backlog |
//! | accepted | `--max-connections-per-ip` per address | one 429 `too_many_connections`, then closed |
//! | first bytes, protocol detection | `FIRST_BYTES_TIMEOUT` | closed |
//! | HTTP/1 headers, HTTP/1 idle keep-alive | `HEADER_READ_TIMEOUT`, noticed at the watchdog's next tick | closed |
//! | request body | `BODY_READ_TIMEOUT` | 408 |
//! | HTTP/2 with no open stream | `H2_IDLE_TIMEOUT` | GOAWAY, closed |
//! | a response the client does not read | `SEND_STALL_TIMEOUT` | GOAWAY on HTTP/2, closed, buffers freed |
//! | the connection as a whole | `MAX_CONNECTION_AGE` | GOAWAY / `Connection: close`, `CONNECTION_DRAIN_GRACE` to finish |
//!
//! Each connection runs in its own task: detection (`detect`), then hyper's HTTP/1 or HTTP/2
//! connection driven next to a watchdog that ticks every `CONNECTION_CHECK_INTERVAL` and judges
//! the connection's `Flow` (idleness, stalled responses) and its age.
//!
//! At shutdown the listener is dropped first (under socket activation the service manager
//! keeps the socket, so new connections wait for the next process), then every connection is
//! told to finish. One accepted before the stop that has not sent its request yet gets
//! `SHUTDOWN_FIRST_REQUEST_GRACE` to send it, and is answered (`Connection: close` on HTTP/1,
//! GOAWAY on HTTP/2): its client connected successfully and is owed an answer, not a reset.
//! The app is marked draining, so `/healthz` answers 503 on the connections still open.

use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll};
use std::time::Duration;

use http::header::{self, HeaderValue};
use http::{Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};
use tokio::time::MissedTickBehavior;

use super::detect::{Prefixed, Protocol, detect};
use super::flow::{Flow, Tracked, Verdict};
use super::gate::Gate;
pub use super::gauges::Gauges;
use super::metrics::Rejected;
use super::polled_timer::PolledTimer;
use super::refusal::Refusals;
use super::respond::respond;
use super::{App, Later};
use crate::api;
use crate::limits::{self, addresses::AddressSlots};
use crate::ops::Error;
use crate::route::CorsProfile;
use crate::wire::Body;

/// Connection-level settings; tests shorten the deadlines.
#[derive(Debug, Clone)]
pub struct ServerOptions {
    pub first_bytes_timeout: Duration,
    pub header_read_timeout: Duration,
    pub h2_idle_timeout: Duration,
    pub send_stall_timeout: Duration,
    pub max_connection_age: Duration,
    pub drain_grace: Duration,
    pub max_connections: usize,
    /// Connections one client address may hold open; 0 means no cap.
    pub max_connections_per_ip: usize,
    pub response_buffer: usize,
    pub shutdown_grace: Duration,
    /// Counters the server keeps up to date: for tests, and for `/metrics` (`admin::serve_metrics`).
    pub gauges: Arc<Gauges>,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            first_bytes_timeout: limits::FIRST_BYTES_TIMEOUT,
            header_read_timeout: limits::HEADER_READ_TIMEOUT,
            h2_idle_timeout: limits::H2_IDLE_TIMEOUT,
            send_stall_timeout: limits::SEND_STALL_TIMEOUT,
            max_connection_age: limits::MAX_CONNECTION_AGE,
            drain_grace: limits::CONNECTION_DRAIN_GRACE,
            max_connections: limits::MAX_CONNECTIONS,
            max_connections_per_ip: limits::MAX_CONNECTIONS_PER_IP_DEFAULT,
            response_buffer: limits::RESPONSE_BUFFER_PER_CONNECTION,
            shutdown_grace: limits::SHUTDOWN_GRACE,
            gauges: Arc::default(),
        }
    }
}

/// Serves `listener` until `shutdown` resolves, then lets in-flight requests finish (up to the
/// grace period).
pub async fn serve(
    listener: TcpListener,
    app: Arc<App>,
    options: ServerOptions,
    shutdown: impl Future<Output = ()>,
) {
    let (stop, stopping) = watch::channel(false);
    let server = Arc::new(Server::new(app.clone(), options, stopping));
    let connections = Arc::new(Semaphore::new(server.options.max_connections));
    let sweeper = {
        let app = app.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(limits::RATE_SWEEP_INTERVAL);
            loop {
                tick.tick().await;
                app.limiter.sweep(app.clock.now_ms());
            }
        })
    };
    tokio::pin!(shutdown);
    loop {
        // Past the cap, stop accepting: new clients wait in the kernel's backlog.
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => match permit { Ok(p) => p, Err(_) => break },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Usually EMFILE or a reset during the handshake; back off briefly.
                    crate::log_line!("accept failed: {error}");
                    tokio::time::sleep(limits::ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        // On a dual-stack listener (`[::]`) an IPv4 client arrives IPv4-mapped
        // (`::ffff:192.0.2.7`): taken as the IPv4 address here, once per connection, so the
        // access log, the limits and the `--trust-proxy` fallback all see the address the
        // client has.
        let peer = SocketAddr::new(peer.ip().to_canonical(), peer.port());
        // A listed proxy carries many clients: no per-address cap applies to it.
        let slot = if app.is_listed_proxy(peer.ip()) {
            Some(None)
        } else {
            server.addresses.try_open(peer.ip()).map(Some)
        };
        match slot {
            Some(slot) => {
                let server = server.clone();
                let metrics = app.metrics.clone();
                tokio::spawn(async move {
                    let _open = Open::new(&server.options.gauges);
                    let _counted = metrics.open_connection();
                    server.connection(stream, peer).await;
                    drop((slot, permit));
                });
            }
            None => {
                drop(permit);
                server.refuse(stream, peer.ip());
            }
        }
    }
    sweeper.abort();
    drop(listener);
    app.start_draining();
    let _ = stop.send(true);
    let all = u32::try_from(server.options.max_connections).unwrap_or(u32::MAX);
    tokio::select! {
        _ = connections.acquire_many(all) => {}
        () = tokio::time::sleep(server.options.shutdown_grace) => crate::log_line!("shutdown grace period over; closing remaining connections"),
    }
}

/// Everything the connection tasks share.
struct Server {
    app: Arc<App>,
    options: ServerOptions,
    deadlines: Deadlines,
    http1: http1::Builder,
    /// HTTP/1 for refused connections: one answer, then close.
    http1_refusal: http1::Builder,
    http2: http2::Builder<TokioExecutor>,
    addresses: Arc<AddressSlots>,
    refusals: Arc<Semaphore>,
    /// What hyper's own HTTP/1 refusals are written as (`refusal`).
    refused_heads: Arc<Refusals>,
    stopping: watch::Receiver<bool>,
}

impl Server {
    fn new(app: Arc<App>, options: ServerOptions, stopping: watch::Receiver<bool>) -> Server {
        let mut http1 = http1::Builder::new();
        http1
            // Served only inside `drive`, whose ticks poll it: see `polled_timer`.
            .timer(PolledTimer)
            .header_read_timeout(options.header_read_timeout)
            .max_buf_size(limits::MAX_HEADER_BYTES.max(limits::HYPER_MIN_BUF_BYTES))
            // The cap itself: `max_buf_size` alone is checked only while a head is incomplete,
            // and hyper reads into all of its buffer's spare room, which on a kept-alive
            // connection can be past the cap, so a 40 KB head arriving in one read was served
            // (stop 70). This one is checked on every head, complete or not.
            .max_header_size(limits::MAX_HEADER_BYTES)
            .max_headers(limits::MAX_HEADER_FIELDS)
            .keep_alive(true);
        let mut http1_refusal = http1::Builder::new();
        http1_refusal
            .timer(TokioTimer::new())
            .header_read_timeout(limits::REFUSAL_TIMEOUT)
            .keep_alive(false);
        let mut http2 = http2::Builder::new(TokioExecutor::new());
        http2
            .timer(TokioTimer::new())
            .max_header_list_size(limits::MAX_HEADER_BYTES as u32)
            .max_concurrent_streams(limits::H2_MAX_CONCURRENT_STREAMS)
            .max_local_error_reset_streams(Some(limits::H2_MAX_LOCAL_ERROR_RESETS))
            .max_pending_accept_reset_streams(Some(limits::H2_MAX_PENDING_ACCEPT_RESETS))
            .max_send_buf_size(limits::H2_MAX_SEND_BUF)
            .initial_stream_window_size(limits::H2_STREAM_WINDOW)
            .initial_connection_window_size(limits::H2_CONNECTION_WINDOW)
            .keep_alive_interval(Some(limits::H2_PING_INTERVAL))
            .keep_alive_timeout(limits::H2_PING_TIMEOUT);
        Server {
            deadlines: Deadlines::new(&options),
            addresses: AddressSlots::with_ipv6_prefix(
                options.max_connections_per_ip,
                app.limiter.ipv6_prefix(),
            ),
            refusals: Arc::new(Semaphore::new(limits::MAX_REFUSALS_IN_FLIGHT)),
            refused_heads: Arc::new(Refusals::new(
                respond(api::error_reply(&Error::malformed_request()), CorsProfile::Api),
                respond(api::error_reply(&Error::header_fields_too_large()), CorsProfile::Api),
            )),
            app,
            options,
            http1,
            http1_refusal,
            http2,
            stopping,
        }
    }

    /// One accepted connection, from its first byte to its close.
    async fn connection(&self, stream: TcpStream, peer: SocketAddr) {
        let mut stopping = self.stopping.clone();
        let detection = detect(stream, self.options.first_bytes_timeout);
        tokio::pin!(detection);
        let before_stop = tokio::select! {
            detected = &mut detection => Some(detected),
            _ = stopping.wait_for(|stop| *stop) => None,
        };
        let detected = match before_stop {
            Some(detected) => detected,
            // Accepted before the stop: owed an answer if it speaks within the grace.
            None => {
                let grace = limits::SHUTDOWN_FIRST_REQUEST_GRACE;
                tokio::time::timeout(grace, &mut detection).await.ok().flatten()
            }
        };
        let Some((io, protocol)) = detected else { return };
        // The state of a served connection (hyper's connection, the watchdog) is a few KiB;
        // boxed, it is allocated only once a client has spoken, so each of thousands of
        // silent connections costs a few hundred bytes rather than all of it.
        Box::pin(self.serve_detected(io, protocol, peer)).await;
    }

    /// A connection whose protocol is known, served until it ends or is ended.
    async fn serve_detected(&self, io: Prefixed<TcpStream>, protocol: Protocol, peer: SocketAddr) {
        let flow = Flow::new(self.options.response_buffer, self.options.gauges.clone());
        // Notified on every request; it keeps one permit, so "has spoken" stays answered.
        let spoken = Arc::new(Notify::new());
        let service = {
            let app = self.app.clone();
            let flow = flow.clone();
            let spoken = spoken.clone();
            service_fn(move |request| {
                spoken.notify_one();
                answer(&app, &flow, request, peer)
            })
        };
        let io = io.watched_by(flow.clone());
        match protocol {
            Protocol::Http1 => {
                let io = TokioIo::new(io.answering_refusals(self.refused_heads.clone()));
                let connection = self.http1.serve_connection(io, service);
                let ended = self
                    .drive(connection, |c| c.graceful_shutdown(), &flow, &spoken, protocol)
                    .await;
                // A request hyper answered itself never reached `answer`: counted and logged
                // here, from how the connection ended.
                if let Some(rejected) = ended.and_then(Result::err).as_ref().and_then(rejection) {
                    self.app.record_rejection(rejected, peer.ip(), flow.refusal_body());
                }
            }
            Protocol::Http2 => {
                // h2 answers a header list past its limit with 431 on that stream (and a
                // malformed one with RST_STREAM) without ending the connection or telling
                // hyper: those are seen neither here nor in the service.
                let connection = self.http2.serve_connection(TokioIo::new(io), service);
                self.drive(connection, |c| c.graceful_shutdown(), &flow, &spoken, protocol).await;
            }
        }
    }

    /// Runs a hyper connection next to its watchdog until it ends or is ended.
    ///
    /// The connection is polled on every wake of the task; the watchdog (the tick, and the
    /// shutdown signal followed by the wait for a first request) only when one of its own
    /// wakers fired, through a [`Gate`]. After the watchdog acts, the connection is polled
    /// again at once: a graceful shutdown has to be driven, and hyper checks its header
    /// deadline (a `PolledSleep`) only when polled.
    ///
    /// Returns how the connection ended, or `None` if the watchdog dropped it.
    async fn drive<C: Future>(
        &self,
        connection: C,
        graceful: impl Fn(Pin<&mut C>),
        flow: &Flow,
        spoken: &Notify,
        protocol: Protocol,
    ) -> Option<C::Output> {
        let deadlines = &self.deadlines;
        let mut connection = pin!(connection);
        let mut stopping = self.stopping.clone();
        // Stopping: the accept loop enforces the shutdown grace. A client that has not sent
        // its first request yet gets `SHUTDOWN_FIRST_REQUEST_GRACE` to send it; then no
        // further requests are taken.
        let mut shutdown = pin!(async {
            // A closed channel (the server gone) counts as a stop.
            let _ = stopping.wait_for(|stop| *stop).await;
            first_request(
                spoken,
                tokio::time::Instant::now() + limits::SHUTDOWN_FIRST_REQUEST_GRACE,
            )
            .await;
        });
        let mut shutdown_done = false;
        let start = tokio::time::Instant::now() + deadlines.interval;
        let mut ticks = tokio::time::interval_at(start, deadlines.interval);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        // The tick by which the connection is dropped, once it has been told to close.
        let mut close_by: Option<u64> = None;
        let gate = Gate::new();
        // Set after the watchdog acted: it is polled again before the task sleeps.
        let mut again = false;
        std::future::poll_fn(|cx| {
            loop {
                if let Poll::Ready(ended) = connection.as_mut().poll(cx) {
                    return Poll::Ready(Some(ended));
                }
                if !(gate.open(cx) | std::mem::take(&mut again)) {
                    return Poll::Pending;
                }
                let mut watchdog = Context::from_waker(gate.waker());
                again = true;
                if !shutdown_done && shutdown.as_mut().poll(&mut watchdog).is_ready() {
                    shutdown_done = true;
                    graceful(connection.as_mut());
                    continue;
                }
                if ticks.poll_tick(&mut watchdog).is_pending() {
                    again = false;
                    return Poll::Pending;
                }
                let (now, verdict) = flow.check(deadlines.stall_ticks, deadlines.idle_ticks);
                if close_by.is_some_and(|by| now >= by) {
                    return Poll::Ready(None);
                }
                // Nothing in flight to wait for after a stall or idleness: the GOAWAY gets two
                // ticks to go out (and its ping to be answered), then the connection is
                // dropped with everything it holds.
                let closing = if verdict == Verdict::Stalled {
                    self.options.gauges.stalled.fetch_add(1, Ordering::Relaxed);
                    Some(now + 2)
                } else if close_by.is_some() {
                    None
                } else if verdict == Verdict::Idle && protocol == Protocol::Http2 {
                    // HTTP/1 idleness is hyper's header timeout.
                    Some(now + 2)
                } else if now >= deadlines.age_ticks {
                    Some(now + deadlines.drain_ticks)
                } else {
                    None
                };
                if let Some(by) = closing {
                    if close_by.is_none() {
                        if verdict != Verdict::Stalled && protocol == Protocol::Http1 {
                            // Aged: hyper's graceful shutdown would close an idle HTTP/1
                            // connection at once, racing a request already on its way.
                            // `Connection: close` on the next response ends it without that
                            // race; an idle one meets HEADER_READ_TIMEOUT first.
                            flow.close_after_next_response();
                        } else {
                            graceful(connection.as_mut());
                        }
                    }
                    close_by = Some(close_by.map_or(by, |earlier| earlier.min(by)));
                }
            }
        })
        .await
    }

    /// Answers a connection past its address's cap once with 429 `too_many_connections`, on
    /// the protocol it speaks, within `REFUSAL_TIMEOUT`; then closes it. When
    /// `MAX_REFUSALS_IN_FLIGHT` refusals are already running, closes it at once.
    fn refuse(self: &Arc<Self>, stream: TcpStream, ip: IpAddr) {
        self.options.gauges.refused.fetch_add(1, Ordering::Relaxed);
        let Ok(permit) = self.refusals.clone().try_acquire_owned() else { return };
        let server = self.clone();
        tokio::spawn(async move {
            let _permit: OwnedSemaphorePermit = permit;
            let (cap, block) = (server.addresses.cap(), server.addresses.block_of(ip));
            let refusal = async {
                let Some((io, protocol)) = detect(stream, limits::REFUSAL_TIMEOUT).await else {
                    return;
                };
                let service = service_fn(move |_request: Request<Incoming>| async move {
                    Ok::<_, Infallible>(too_many_connections(cap, block))
                });
                let _ = match protocol {
                    Protocol::Http1 => {
                        let io = TokioIo::new(io.answering_refusals(server.refused_heads.clone()));
                        server.http1_refusal.serve_connection(io, service).await
                    }
                    Protocol::Http2 => {
                        server.http2.serve_connection(TokioIo::new(io), service).await
                    }
                };
            };
            let _ = tokio::time::timeout(limits::REFUSAL_TIMEOUT, refusal).await;
        });
    }
}

/// One request. The usual one (its connection's turn free, its budget with room, no body to
/// read) is answered here and now, and hyper is handed the finished response: no future holds
/// the request, the reply or any state, so nothing is moved from one future into another
/// (such copies were most of the instructions a fixed GET cost over the bare server). The
/// rest wait in a boxed future: a POST that reads its body (whose future was boxed anyway),
/// or a request that must wait for its turn or for room.
fn answer(
    app: &Arc<App>,
    flow: &Arc<Flow>,
    request: Request<Incoming>,
    peer: SocketAddr,
) -> Answer {
    let http1 = request.version() < http::Version::HTTP_2;
    let head_on_h2 = !http1 && request.method() == http::Method::HEAD;
    let Some(turn) = flow.try_admit(!http1) else {
        return Answer::Later(Box::pin(answer_later(
            app.clone(),
            flow.clone(),
            request,
            http1,
            peer,
        )));
    };
    // In service, and holding the turn, until the body is tracked, as in `answer_later`.
    let in_service = flow.enter();
    match app.handle_now(request, peer.ip()) {
        Ok(mut response) => {
            if head_on_h2 {
                without_content(&mut response);
            }
            let tracked = deliver(app, flow, response, http1);
            drop((in_service, turn));
            Answer::Now(Some(tracked))
        }
        Err(later) => {
            drop((in_service, turn));
            Answer::Later(Box::pin(answer_body_later(app.clone(), flow.clone(), later, http1)))
        }
    }
}

/// A request [`answer`] could not begin at once: wait for the connection's turn and budget,
/// answer, and hand hyper a tracked body.
async fn answer_later(
    app: Arc<App>,
    flow: Arc<Flow>,
    request: Request<Incoming>,
    http1: bool,
    peer: SocketAddr,
) -> Response<Tracked> {
    let _in_service = flow.enter();
    // An HTTP/2 POST is begun before its turn, so that a body it reads is read ahead (see
    // `answer_body_later`); a POST answered from its headers alone is a short refusal.
    if !http1 && request.method() == http::Method::POST {
        return match app.handle_now(request, peer.ip()) {
            Ok(response) => {
                let _turn = flow.admit(true).await;
                deliver(&app, &flow, response, http1)
            }
            // Boxed: inline, its future would make every waiting request's larger.
            Err(later) => {
                Box::pin(answer_body_later(app.clone(), flow.clone(), later, http1)).await
            }
        };
    }
    let _turn = flow.admit(!http1).await;
    let head_on_h2 = !http1 && request.method() == http::Method::HEAD;
    let mut response = match app.handle_now(request, peer.ip()) {
        Ok(response) => response,
        Err(mut later) => later.answer(&app).await,
    };
    if head_on_h2 {
        without_content(&mut response);
    }
    deliver(&app, &flow, response, http1)
}

/// A HEAD answer over HTTP/2: the GET's headers, its `Content-Length` included, and no
/// content (RFC 9110 §9.3.2). hyper's HTTP/1 leaves a HEAD's body unsent by itself; its
/// HTTP/2 sends whatever the body holds, which clients refuse as a protocol error.
fn without_content(response: &mut Response<Body>) {
    if let Some(len) = hyper::body::Body::size_hint(response.body()).exact() {
        response
            .headers_mut()
            .entry(header::CONTENT_LENGTH)
            .or_insert_with(|| HeaderValue::from(len));
    }
    *response.body_mut() = Body::empty();
}

/// A request [`answer`] has begun whose answer needs its body: as [`answer_later`], with the
/// request's state alone in its future (a POST's box is then smaller).
///
/// An async block, not an async fn: an async fn's future holds each argument twice over (the
/// argument, and the variable bound to it), and this one holds the whole request: 2.4 KB
/// as an async fn, past malloc's per-thread cache, against 0.9 KB.
#[allow(clippy::manual_async_fn, reason = "an async fn's future holds its arguments twice")]
fn answer_body_later(
    app: Arc<App>,
    flow: Arc<Flow>,
    mut later: Later<Incoming>,
    http1: bool,
) -> impl Future<Output = Response<Tracked>> {
    async move {
        let _in_service = flow.enter();
        // HTTP/2: the body first, so that no stream's body waits unread (holding the
        // connection's window) while another stream has the turn; the turn covers generating
        // the answer. HTTP/1 has no turn, and reads its body in `answer`.
        let _reserved = if http1 { None } else { later.read_ahead(&app).await };
        let _turn = flow.admit(!http1).await;
        let response = later.answer(&app).await;
        deliver(&app, &flow, response, http1)
    }
}

/// The response, told to close an aged connection, with its body tracked.
fn deliver(
    app: &App,
    flow: &Arc<Flow>,
    mut response: Response<Body>,
    http1: bool,
) -> Response<Tracked> {
    // An aged connection, or a stopping server: say so on HTTP/1 (HTTP/2 has GOAWAY), so the
    // client does not send its next request down a connection about to close. (A response
    // that leaves some of its request's body unread, a 408 or 413 among them, says so
    // already: see `http::RequestBody`.)
    let status = response.status();
    // An empty answer that could have had content (a redirect, a 202) says `Content-Length: 0`
    // itself: hyper adds it to an HTTP/1 GET but not to a HEAD, and to an HTTP/2 HEAD (by
    // `without_content`) but not to a GET, so a HEAD would otherwise disagree with its GET.
    let may_have_content = !(status.is_informational()
        || status == StatusCode::NO_CONTENT
        || status == StatusCode::NOT_MODIFIED);
    if may_have_content && hyper::body::Body::size_hint(response.body()).exact() == Some(0) {
        response
            .headers_mut()
            .entry(header::CONTENT_LENGTH)
            .or_insert_with(|| HeaderValue::from_static("0"));
    }
    if http1 && (flow.closing() || app.is_draining()) {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response.map(|body| flow.track(body, http1))
}

/// The future hyper is handed for one request: the response itself, or the boxed wait for it.
#[allow(clippy::large_enum_variant, reason = "boxing the response would allocate for each")]
enum Answer {
    Now(Option<Response<Tracked>>),
    Later(Pin<Box<dyn Future<Output = Response<Tracked>> + Send>>),
}

impl Future for Answer {
    type Output = Result<Response<Tracked>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.get_mut() {
            // Taken on the first poll; hyper never polls a finished future again.
            Answer::Now(response) => response.take().map_or(Poll::Pending, |r| Poll::Ready(Ok(r))),
            Answer::Later(future) => future.as_mut().poll(cx).map(Ok),
        }
    }
}

fn too_many_connections(cap: usize, block: Option<u8>) -> Response<Body> {
    let reply = api::error_reply(&Error::too_many_connections(cap, block))
        .with(header::RETRY_AFTER, HeaderValue::from_static("1"));
    respond(reply, CorsProfile::Api)
}

/// The request hyper refused, answering it itself, when an HTTP/1 connection ended in `error`.
///
/// On a head it cannot parse, hyper's HTTP/1 server answers on its own if no response has
/// begun (hyper 1.x, `proto::h1::role::Server::on_error`): 400 for a malformed request line
/// or header (a protocol other than HTTP/1.0 or 1.1 included: hyper has no 505), 431 for a
/// head past `max_header_size` or the field count, and 414 for a target past its own 64 KiB
/// limit, which the 32 KiB head limit makes unreachable (such a head is 431 first; see the
/// README). Then the connection ends with that parse error. Every other ending, an HTTP/2
/// preface on HTTP/1 (a parse error hyper does not answer), the header deadline, a client
/// gone, an I/O error, went unanswered and is no rejection: `None`.
fn rejection(error: &hyper::Error) -> Option<Rejected> {
    if !error.is_parse() || error.is_parse_version_h2() {
        None
    } else if error.is_parse_too_large() {
        Some(Rejected::TooLarge)
    } else {
        Some(Rejected::Malformed)
    }
}

/// Resolves once the connection has had a request, or at `by`.
async fn first_request(spoken: &Notify, by: tokio::time::Instant) {
    tokio::select! {
        () = spoken.notified() => {}
        () = tokio::time::sleep_until(by) => {}
    }
}

/// The watchdog's deadlines in ticks of `interval`.
#[derive(Debug, Clone, Copy)]
struct Deadlines {
    interval: Duration,
    stall_ticks: u64,
    idle_ticks: u64,
    age_ticks: u64,
    drain_ticks: u64,
}

impl Deadlines {
    fn new(options: &ServerOptions) -> Deadlines {
        // The HTTP/1 header deadline is hyper's, but it is only checked when a tick polls the
        // connection (`polled_timer`), so it counts here too.
        let shortest = [
            options.header_read_timeout,
            options.h2_idle_timeout,
            options.send_stall_timeout,
            options.max_connection_age,
        ]
        .into_iter()
        .min()
        .unwrap_or(limits::CONNECTION_CHECK_INTERVAL);
        let interval =
            (shortest / 4).clamp(Duration::from_millis(5), limits::CONNECTION_CHECK_INTERVAL);
        // A stamp is taken somewhere inside a tick, so one more tick guarantees the full time.
        let ticks = |deadline: Duration| {
            u64::try_from(deadline.as_nanos().div_ceil(interval.as_nanos())).unwrap_or(u64::MAX / 2)
                + 1
        };
        Deadlines {
            interval,
            stall_ticks: ticks(options.send_stall_timeout),
            idle_ticks: ticks(options.h2_idle_timeout),
            age_ticks: ticks(options.max_connection_age),
            drain_ticks: ticks(options.drain_grace),
        }
    }
}

/// Counts an accepted connection in the gauges while it lives.
struct Open<'a>(&'a Gauges);

impl<'a> Open<'a> {
    fn new(gauges: &'a Gauges) -> Open<'a> {
        gauges.connections.fetch_add(1, Ordering::Relaxed);
        Open(gauges)
    }
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}
