//! The transport: one function that reads top to bottom for every request
//! ([`App::handle_now`], which the POSTs that read a body finish in [`Later::answer`];
//! [`App::handle`] is the two together).
//!
//! route (`crate::route`) → rate limit (every route but `/healthz`) → CORS preflight → body
//! limits → the surface's adapter (`api` for REST and OAuth, `mcp` for the MCP servers, `ask`
//! for `/ask`, `a2a` for the A2A agent) → common headers (`respond`) → metrics and the access
//! log. Nothing here knows what an endpoint computes; the routes themselves are listed in
//! `crate::route`.

pub mod access_log;
pub mod admin;
pub mod cors;
pub mod detect;
pub mod flow;
pub mod gate;
pub mod gauges;
pub mod health;
pub mod metrics;
pub mod negotiate;
pub mod polled_timer;
pub mod refusal;
pub mod respond;
pub mod server;
pub mod site;

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::Poll;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderName, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::BodyExt;

use crate::auth::Keys;
use crate::clock::Clock;
use crate::limits::client::Cidr;
use crate::limits::rate::{Decision, RateLimiter};
use crate::limits::{self, idempotency};
use crate::model::{Deprecation, FixedResponse};
use crate::ops::Error;
use crate::route::{self, Route};
use crate::wire::media;
use crate::wire::{Body, Reply};
use crate::{a2a, api, ask, mcp};
use access_log::AccessLog;
use metrics::{Metrics, Rejected, RouteKind};
use respond::{Context, finish};

/// What [`App::handle_now`] worked out about a request before answering it.
#[derive(Debug)]
struct Begun {
    started: Instant,
    now_ms: u64,
    route: Route,
    kind: RouteKind,
    client: IpAddr,
    /// The limiter's decision (`None` for `/healthz`); a batch's covers all its items.
    rate: Option<Decision>,
    allowed: bool,
    /// Whether the path is under `/v1` (and so carries the deprecation headers).
    v1: bool,
    is_head: bool,
    /// Method, target and version, when there is an access log. Boxed: without a log it is
    /// never there, and inline it made this 40 bytes larger, which a request's future moves
    /// (64 instructions more on every request, log or none).
    logged: Option<Box<Logged>>,
}

/// What the access log needs of a request's line. The target is copied out of the request:
/// hyper's `Uri` is a slice of the buffer the request head was read into, so a `Uri` waiting
/// in the log's queue kept that whole buffer (about 8 KiB on a keep-alive connection, which
/// reads each request into a buffer of its own) instead of the target's few dozen bytes. With
/// the writer behind (standard output slow, or its thread starved of CPU) each queued line held
/// some 6 KiB of read buffers: a full queue, 100 MiB (`benches/PERFORMANCE.md`, stop 62).
#[derive(Debug)]
struct Logged {
    method: Method,
    /// The target as sent (path and query, or nothing for a CONNECT's authority): an
    /// allocation of its own length beside the box (a boxed `(Method, Uri, Version)` was one).
    target: Box<str>,
    version: http::Version,
}

/// A request [`App::handle_now`] has begun whose answer needs its body: rate limit counted,
/// route found, body not yet read.
#[derive(Debug)]
pub struct Later<B> {
    begun: Begun,
    parts: http::request::Parts,
    body: RequestBody<B>,
}

impl<B> Later<B>
where
    B: hyper::body::Body<Data = Bytes>,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    /// Reads the body within its route's limit and deadline, answers, and finishes.
    ///
    /// Borrows the request rather than taking it: an async fn keeps each argument taken by
    /// value for its whole life, and each copy made from one, so a `Later` taken by value was
    /// held twice or three times over by the nested futures (a POST's future was 2.4 KB, past
    /// malloc's per-thread cache, and was copied whole into its box). Its caller keeps it.
    pub async fn answer(&mut self, app: &App) -> Response<Body> {
        let Later { begun, parts, body } = self;
        let Begun { route, now_ms, client, rate, .. } = begun;
        let answered = app.answer_route(route, parts, body, *now_ms, *client, rate).await;
        // Finished before the rest of the body is settled, so the answer waits as a
        // response rather than as the larger result it was made from.
        let response = app.end_answered(begun, parts, answered);
        let kept = std::mem::replace(body, RequestBody::Abandoned).settle(&parts.headers).await;
        closing_unless(kept, parts, response)
    }

    /// Reads the body now, within its route's limit and deadline, for [`Later::answer`] to
    /// take as if it read it then (HTTP/2, before waiting for the connection's turn: a body
    /// left unread while another stream holds the turn keeps the connection's window, and
    /// enough of them starve the stream with the turn of the window its own body needs).
    ///
    /// Reads nothing, and returns `None`, when the server's read-ahead budget has no room for
    /// the body's bound (the route's limit, or its declared length if smaller), when the
    /// declared length is past the limit (refused unread, as before), or when the client waits
    /// for `100 Continue` (reading would send it, and a request refused from its headers must
    /// not ask for its body). Otherwise the reservation is returned: keep it while the body is.
    pub async fn read_ahead<'a>(&mut self, app: &'a App) -> Option<Reservation<'a>> {
        let RequestBody::Unread(unread) = &self.body else { return None };
        let max = body_max(&self.begun.route)?;
        let hint = hyper::body::Body::size_hint(unread);
        if hint.lower() > max as u64 || self.parts.headers.contains_key(header::EXPECT) {
            return None;
        }
        let bound = hint.upper().and_then(|upper| usize::try_from(upper).ok()).unwrap_or(max);
        let reserved = app.read_ahead.reserve(bound.min(max))?;
        let read = app.read_body(&mut self.body, Some(max)).await;
        self.body = RequestBody::Ahead(read);
        Some(reserved)
    }
}

/// The server-wide budget of request-body bytes read ahead of their turn (see
/// [`Later::read_ahead`]).
#[derive(Debug)]
pub struct ReadAhead {
    left: AtomicUsize,
}

impl ReadAhead {
    pub fn new(budget: usize) -> ReadAhead {
        ReadAhead { left: AtomicUsize::new(budget) }
    }

    /// Bytes not reserved now.
    pub fn left(&self) -> usize {
        self.left.load(Ordering::Acquire)
    }

    fn reserve(&self, bytes: usize) -> Option<Reservation<'_>> {
        self.left
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |left| left.checked_sub(bytes))
            .ok()?;
        Some(Reservation { from: self, bytes })
    }
}

/// Bytes of the [`ReadAhead`] budget held by one body, given back when dropped.
#[derive(Debug)]
pub struct Reservation<'a> {
    from: &'a ReadAhead,
    bytes: usize,
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        self.from.left.fetch_add(self.bytes, Ordering::AcqRel);
    }
}

/// The most body bytes `route` reads (`answer_route` reads within this), `None` for a route
/// answered without reading one.
fn body_max(route: &Route) -> Option<usize> {
    match route {
        Route::Score => Some(limits::SCORE_BODY_MAX),
        Route::Batch => Some(limits::BATCH_BODY_MAX),
        Route::Register | Route::Token => Some(limits::OAUTH_BODY_MAX),
        Route::Mcp(_) => Some(limits::MCP_BODY_MAX),
        Route::Ask => Some(limits::ASK_BODY_MAX),
        Route::A2a => Some(limits::A2A_BODY_MAX),
        _ => None,
    }
}

/// Everything a request may need, shared by all connections.
#[derive(Debug)]
pub struct App {
    pub limiter: RateLimiter,
    pub keys: Keys,
    pub clock: Arc<dyn Clock>,
    /// Take the client address from the rightmost `X-Forwarded-For` entry.
    pub trust_proxy: bool,
    /// With `trust_proxy`, the proxies trusted (`--trusted-proxy`): only a connection from one
    /// of them has its `X-Forwarded-For` read, and the client is the rightmost entry that is
    /// not one of them. Empty: every connection is trusted, and the rightmost entry is the
    /// client.
    pub trusted_proxies: Vec<Cidr>,
    /// Time allowed for a request body.
    pub body_timeout: Duration,
    /// Deprecation headers for `/v1` responses; the build's `tables::DEPRECATION` by default.
    pub deprecation: Option<Deprecation>,
    /// Request counters, shared with the accept loop and the metrics listener.
    pub metrics: Arc<Metrics>,
    /// Where each request's line goes, if `--access-log` is on.
    pub access_log: Option<AccessLog>,
    /// Request-body bytes HTTP/2 streams may hold read ahead of their turn, server-wide
    /// (`limits::H2_READ_AHEAD_BUDGET`).
    pub read_ahead: ReadAhead,
    rate_policy: HeaderValue,
    /// Set once the server has been told to stop: `/healthz` then answers 503.
    draining: AtomicBool,
}

impl App {
    pub fn new(limit: u32, keys: Keys, clock: Arc<dyn Clock>, trust_proxy: bool) -> App {
        App::with_limiter(RateLimiter::new(limit), keys, clock, trust_proxy)
    }

    pub fn with_limiter(
        limiter: RateLimiter,
        keys: Keys,
        clock: Arc<dyn Clock>,
        trust_proxy: bool,
    ) -> App {
        let policy = format!("\"ip\";q={};w={}", limiter.limit(), limits::RATE_WINDOW_MS / 1000);
        let metrics = Arc::new(Metrics::new(clock.now_ms()));
        App {
            rate_policy: HeaderValue::from_str(&policy)
                .unwrap_or_else(|_| HeaderValue::from_static("\"ip\"")),
            limiter,
            keys,
            clock,
            trust_proxy,
            trusted_proxies: Vec::new(),
            body_timeout: limits::BODY_READ_TIMEOUT,
            deprecation: crate::tables::DEPRECATION,
            metrics,
            access_log: None,
            draining: AtomicBool::new(false),
            read_ahead: ReadAhead::new(limits::H2_READ_AHEAD_BUDGET),
        }
    }

    /// Marks the server as stopping: readiness (`/healthz`) fails from now on.
    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// Whether `ip` is one of the proxies `--trusted-proxy` names.
    pub fn is_listed_proxy(&self, ip: IpAddr) -> bool {
        self.trust_proxy && self.trusted_proxies.iter().any(|proxy| proxy.contains(ip))
    }

    /// The client address the rate limit applies to.
    pub fn client_ip(&self, headers: &HeaderMap, peer: IpAddr) -> IpAddr {
        if !self.trust_proxy {
            return peer;
        }
        let mut entries = headers
            .get_all("x-forwarded-for")
            .iter()
            .rev()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.rsplit(','))
            .map(forwarded_address);
        if self.trusted_proxies.is_empty() {
            return entries.next().flatten().unwrap_or(peer);
        }
        // Right to left, past every hop that is a trusted proxy, as nginx's `real_ip_recursive`
        // does. A malformed entry ends the walk: the last trusted hop is the client then.
        let mut client = peer;
        while self.is_listed_proxy(client) {
            match entries.next().flatten() {
                Some(ip) => client = ip,
                None => break,
            }
        }
        client
    }

    /// Handles one request from `peer`.
    pub async fn handle<B>(&self, request: Request<B>, peer: IpAddr) -> Response<Body>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let mut later = match self.handle_now(request, peer) {
            Ok(response) => return response,
            Err(later) => later,
        };
        // Boxed: its reader and deadline would otherwise make every request's future (moved
        // at least once, when the connection takes it) larger.
        Box::pin(later.answer(self)).await
    }

    /// [`App::handle`] without waiting: the response, for every request but the POSTs that
    /// read a body; for those, the request as begun (rate limit counted, route found), for
    /// [`Later::answer`] to read the body and finish. The server answers most requests with
    /// this alone, so they build no future at all (see `server`).
    #[allow(
        clippy::result_large_err,
        reason = "a begun request is the rare case, and boxing it would allocate for each"
    )]
    pub fn handle_now<B>(
        &self,
        request: Request<B>,
        peer: IpAddr,
    ) -> Result<Response<Body>, Later<B>> {
        // Monotonic, for the latency histogram; the wall clock comes from `self.clock`.
        let started = Instant::now();
        let now_ms = self.clock.now_ms();
        let route = Route::parse(request.uri().path());
        let kind = RouteKind::of(&route, request.uri().path());
        let client = self.client_ip(request.headers(), peer);
        // Health checks are not counted: a balancer probing every second must never be
        // refused, nor use up the budget of the address it probes from.
        let rate = (route != Route::Health).then(|| self.limiter.check(client, now_ms));
        // A CORS preflight is counted but never refused: a browser treats a preflight answered
        // with anything but 2xx as a network error (Fetch standard, CORS-preflight fetch), so
        // its script would see "Failed to fetch" instead of the real request's readable 429
        // with Retry-After. Its 204 costs no more than the 429 would. (Checked only once over
        // the limit, so an allowed request pays nothing for it.)
        let allowed = rate.is_none_or(|rate| rate.allowed)
            || (request.method() == Method::OPTIONS && is_cors_preflight(request.headers()));
        let logged = self.access_log.as_ref().map(|_| {
            Box::new(Logged {
                method: request.method().clone(),
                target: access_log::target(request.uri()).into(),
                version: request.version(),
            })
        });
        let mut begun = Begun {
            started,
            now_ms,
            kind,
            client,
            rate,
            allowed,
            v1: is_v1(request.uri().path()),
            is_head: request.method() == Method::HEAD,
            logged,
            route,
        };
        if !allowed {
            let reset_secs = rate.map_or(0, |rate| rate.reset_secs);
            let refusal =
                refusal(&begun.route, &request, &Error::rate_limited(reset_secs), Some(reset_secs));
            let reply = refusal.with(header::RETRY_AFTER, HeaderValue::from(reset_secs));
            return Ok(self.end(&mut begun, reply, None));
        }
        if !host_is_acceptable(request.version(), request.uri(), request.headers()) {
            let error = if target_authority_is_acceptable(request.version(), request.uri()) {
                Error::invalid_host()
            } else {
                Error::invalid_target_authority()
            };
            let reply = refusal(&begun.route, &request, &error, None);
            return Ok(self.end(&mut begun, reply, None));
        }
        let (parts, body) = request.into_parts();
        // Only a request whose answer needs its body goes on to read it.
        match self.answer_now(&begun.route, &parts, begun.now_ms) {
            Some(answered) => Ok(self.end_answered(&mut begun, &parts, answered)),
            None => Err(Later { begun, parts, body: RequestBody::Unread(body) }),
        }
    }

    /// The reply to an answered request, or to its error, finished.
    fn end_answered(
        &self,
        begun: &mut Begun,
        parts: &http::request::Parts,
        answered: Result<(Reply, Option<String>), Error>,
    ) -> Response<Body> {
        match answered {
            Ok((reply, key)) => self.end(begun, reply, key.as_deref()),
            Err(error) => {
                let reply =
                    site::error_reply(&error, &parts.method, parts.uri.path(), &parts.headers);
                self.end(begun, reply, None)
            }
        }
    }

    /// The common headers on `reply`, then the request counted and logged.
    fn end(
        &self,
        begun: &mut Begun,
        reply: Reply,
        idempotency_key: Option<&str>,
    ) -> Response<Body> {
        let context = Context {
            rate: begun.rate,
            rate_policy: &self.rate_policy,
            cors: begun.route.cors(),
            idempotency_key,
            deprecation: self.deprecation.as_ref().filter(|_| begun.v1),
        };
        let response = finish(reply, &context);
        let elapsed = begun.started.elapsed();
        self.metrics.record(begun.kind, response.status().as_u16(), elapsed, !begun.allowed);
        if let (Some(log), Some(Logged { method, target, version })) =
            (&self.access_log, begun.logged.take().map(|logged| *logged))
        {
            let entry = access_log::Entry {
                time_ms: begun.now_ms,
                client: begun.client,
                method,
                target,
                version,
                status: response.status().as_u16(),
                bytes: if begun.is_head { 0 } else { response.body().len() },
                micros: u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            };
            if !log.record(entry) {
                self.metrics.access_log_dropped();
            }
        }
        response
    }

    /// Counts, and logs, a request hyper refused from `peer` before it reached `handle_now`
    /// (see `server`). The client is the connection's address: the request's headers, and so
    /// any `X-Forwarded-For`, were never parsed.
    pub fn record_rejection(&self, rejected: Rejected, peer: IpAddr, bytes: Option<usize>) {
        self.metrics.rejected(rejected);
        if let Some(log) = &self.access_log {
            let rejection = access_log::Rejection {
                time_ms: self.clock.now_ms(),
                client: peer,
                status: rejected.status().as_u16(),
                bytes,
            };
            if !log.record_rejection(rejection) {
                self.metrics.access_log_dropped();
            }
        }
    }

    /// The answer to every request that needs no body (and every refusal that comes before a
    /// body is read): `None` for the POSTs that read one, which [`Later::answer`] answers.
    /// Kept apart so that a GET never builds that future, which holds every body reader and
    /// its deadline (moving it cost a fixed GET about 150 instructions). Inlined into
    /// `handle`, so the reply is built where it is used rather than returned and copied.
    #[inline(always)]
    fn answer_now(
        &self,
        route: &Route,
        parts: &http::request::Parts,
        now_ms: u64,
    ) -> Option<Result<(Reply, Option<String>), Error>> {
        let method = &parts.method;
        if method == Method::OPTIONS {
            // `OPTIONS *` asks about the server as a whole (RFC 9110 section 9.3.7).
            if parts.uri.path() == "*" {
                return Some(Ok((cors::preflight(route::ALLOW_ANY, route.cors()), None)));
            }
            match route.allow() {
                Some(allow) => return Some(Ok((cors::preflight(allow, route.cors()), None))),
                // A browser's preflight for a path with nothing there (an unknown or malformed
                // slug, a trailing slash) is allowed too, so its script goes on to send the
                // request and can read the real 404, 400 or 308; refused, it would see only an
                // opaque network error.
                None if is_cors_preflight(&parts.headers) => {
                    return Some(Ok((cors::preflight(route::ALLOW_ANY, route.cors()), None)));
                }
                // A plain OPTIONS where a redirect is gets the 308 below, as every other
                // method there does (it was a 404 of a path whose GET is redirected).
                None if matches!(route, Route::Redirect(_)) => {}
                // Elsewhere a plain OPTIONS is the path's error.
                None => {
                    return Some(Err(route
                        .error()
                        .cloned()
                        .unwrap_or_else(|| Error::not_found(parts.uri.path()))));
                }
            }
        }
        if let Some(error) = route.error() {
            if *method == Method::CONNECT {
                return Some(Ok((connect_refused(), None)));
            }
            return Some(Err(error.clone()));
        }
        if let Route::Redirect(location) = route {
            if *method == Method::CONNECT {
                return Some(Ok((connect_refused(), None)));
            }
            let cache_control = route::redirect_cache_control(location);
            // The query goes before a fragment (RFC 3986, section 3): `/#contact` with
            // `?ref=x` is `/?ref=x#contact`, not a fragment that ends in the query.
            // The query as sent may hold bytes a URI may not (hyper passes `?x=é` as its
            // UTF-8 bytes): those are percent-encoded, so `Location` is a URI in ASCII.
            let query = parts.uri.query().map(uri_query);
            let location = match (query.as_deref(), location.split_once('#')) {
                (Some(query), Some((path, fragment))) => format!("{path}?{query}#{fragment}"),
                (Some(query), None) => format!("{location}?{query}"),
                (None, _) => location.clone(),
            };
            return Some(match HeaderValue::from_str(&location) {
                Ok(value) => {
                    let mut reply = Reply::empty(StatusCode::PERMANENT_REDIRECT);
                    reply.cache_control = cache_control;
                    Ok((reply.with(header::LOCATION, value), None))
                }
                Err(_) => Err(Error::invalid_path("the path cannot be redirected")),
            });
        }
        let allow = route.allow().unwrap_or(route::ALLOW_GET);
        let is_get = method == Method::GET || method == Method::HEAD;
        let is_post = method == Method::POST;
        let answer = match route {
            Route::Fixed(fixed) if is_get => {
                // A page and its markdown twin share a URL; the validator is the chosen one's.
                let chosen = site::representation(parts.uri.path(), fixed, &parts.headers);
                let coding = negotiate::coding(&parts.headers, chosen.fixed);
                let etag = coding.etag(chosen.fixed);
                // `If-Match` first (RFC 9110, section 13.2.2): one header lookup when absent.
                if crate::wire::conditional::match_fails(&parts.headers, Some(etag)) {
                    return Some(Err(Error::precondition_failed()));
                }
                let reply = if crate::wire::conditional::none_match(&parts.headers, etag) {
                    not_modified(chosen.fixed, etag)
                } else {
                    Reply::fixed_in(chosen.fixed, coding)
                };
                Ok(chosen.decorate(reply))
            }
            Route::SocialCard if is_get => {
                let etag = crate::tables::SOCIAL_CARD_ETAG;
                if crate::wire::conditional::match_fails(&parts.headers, Some(etag)) {
                    return Some(Err(Error::precondition_failed()));
                }
                let mut reply = if crate::wire::conditional::none_match(&parts.headers, etag) {
                    Reply::empty(StatusCode::NOT_MODIFIED)
                } else {
                    Reply {
                        body: Body::full(Bytes::from_static(crate::tables::SOCIAL_CARD_PNG)),
                        content_type: media::PNG,
                        ..Reply::empty(StatusCode::OK)
                    }
                };
                reply.etag = Some(etag);
                reply.cache_control = crate::model::SOCIAL_CARD_CACHE;
                Ok(reply)
            }
            // These carry no validator, so only `If-None-Match: *` can match them.
            Route::SearchPage if is_get => {
                unless_any_match(site::search(parts.uri.query(), &parts.headers), &parts.headers)
            }
            Route::AssessmentResult if is_get => unless_any_match(
                site::assessment_result(parts.uri.query(), &parts.headers),
                &parts.headers,
            ),
            Route::Health if is_get => {
                unless_any_match(health::reply(self.is_draining()), &parts.headers)
            }
            Route::Resources if is_get => {
                let reply = api::get(route, parts.uri.query(), None, &self.keys, now_ms);
                unless_any_match(reply, &parts.headers)
            }
            // The export answers `If-None-Match` after its token check, and comes precompressed.
            Route::Export if is_get => {
                let coding = negotiate::coding_among(&parts.headers, true, true);
                Ok(api::export::get_direct(&self.keys, &parts.headers, coding, now_ms))
            }
            Route::Score
            | Route::Batch
            | Route::Register
            | Route::Token
            | Route::Mcp(_)
            | Route::Ask
            | Route::A2a
                if is_post =>
            {
                return None;
            }
            Route::Mcp(_) => Ok(mcp::method_not_allowed(method.as_str())),
            Route::Register | Route::Token => {
                Ok(api::oauth::refused(&Error::method_not_allowed(method.as_str(), allow))
                    .with(header::ALLOW, HeaderValue::from_static(allow)))
            }
            Route::Ask if is_get => ask_delivery(&parts.headers)
                .and_then(|delivery| ask::get(parts.uri.query(), delivery))
                .and_then(|reply| unless_any_match(reply, &parts.headers)),
            Route::A2a => {
                let version = a2a::version_of(&parts.headers, parts.uri.query());
                let refusal =
                    a2a::refused(&Error::method_not_allowed(method.as_str(), allow), version);
                Ok(refusal.with(header::ALLOW, HeaderValue::from_static(allow)))
            }
            _ => Ok(api::method_not_allowed(method.as_str(), allow)),
        };
        Some(answer.map(|reply| (reply, None)))
    }

    /// The POSTs that read a body, after [`App::answer_now`] has answered everything else; the
    /// body is read within its route's limit and deadline, or left unread, as the route needs.
    /// `rate` becomes a batch's decision for all its items.
    async fn answer_route<B>(
        &self,
        route: &Route,
        parts: &http::request::Parts,
        body: &mut RequestBody<B>,
        now_ms: u64,
        client: IpAddr,
        rate: &mut Option<Decision>,
    ) -> Result<(Reply, Option<String>), Error>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let method = &parts.method;
        let allow = route.allow().unwrap_or(route::ALLOW_GET);
        match route {
            Route::Score | Route::Batch => {
                // The labels in a scope of their own, so they are not kept while the body is
                // read (nor is any other future: each kept value makes a POST's larger).
                let (key, labelled) = {
                    let labels = body_labels(&parts.headers);
                    let key = idempotency_key(&labels.keys)?;
                    let labelled =
                        media::check_transfer_coding(labels.transfer_codings).and_then(|()| {
                            media::check_json(labels.codings, labels.content_types.iter())
                        });
                    (key, labelled)
                };
                // From here every answer, a refusal included, echoes the valid key: the
                // endpoint is a pure function, so a repeat gets the same answer either way.
                let read = match labelled {
                    Ok(()) => self.read_body(body, body_max(route)).await,
                    Err(error) => Err(error),
                };
                let answered = read.and_then(|body| {
                    if *route == Route::Score {
                        return api::assessment::score(&body);
                    }
                    // Each item is a request; the call was counted as the first.
                    let charge = |n_items: usize| {
                        let more = u32::try_from(n_items.saturating_sub(1)).unwrap_or(u32::MAX);
                        let decision = self.limiter.check_n(client, now_ms, more);
                        *rate = Some(decision);
                        let items = 1 + decision.granted as usize;
                        api::batch::Allowance { items, retry_after_secs: decision.reset_secs }
                    };
                    api::batch::run(&body, &self.keys, now_ms, charge)
                });
                let reply = answered.unwrap_or_else(|error| api::error_reply(&error));
                Ok((reply, key))
            }
            Route::Register | Route::Token => {
                let body = match self.read_body(body, body_max(route)).await {
                    Ok(body) => body,
                    Err(error) => return Ok((api::oauth::refused(&error), None)),
                };
                let endpoint = match route {
                    Route::Register => api::oauth::Endpoint::Register,
                    _ => api::oauth::Endpoint::Token,
                };
                let content_type = match api::oauth::content_type(endpoint, &parts.headers) {
                    Ok(content_type) => content_type,
                    Err(refusal) => return Ok((*refusal, None)),
                };
                let reply = if *route == Route::Register {
                    api::oauth::register(&self.keys, content_type, &body, now_ms)
                } else if parts.headers.get_all(header::AUTHORIZATION).iter().nth(1).is_some() {
                    // Two sets of credentials: RFC 6749 section 5.2's invalid_request.
                    api::oauth::refused(&crate::ops::Error::ambiguous_credentials())
                } else {
                    let authorization = parts.headers.get(header::AUTHORIZATION);
                    api::oauth::token(
                        &self.keys,
                        crate::ops::export::parties(),
                        content_type,
                        authorization,
                        &body,
                        now_ms,
                    )
                };
                Ok((reply, None))
            }
            Route::Mcp(server) => {
                let format = match mcp::check(&parts.headers) {
                    Ok(format) => format,
                    Err(refusal) => return Ok((*refusal, None)),
                };
                let reply = match self.read_body(body, body_max(route)).await {
                    Ok(body) => mcp::answer(*server, &parts.headers, format, &body),
                    Err(error) => mcp::refused(&error),
                };
                Ok((reply, None))
            }
            Route::Ask => {
                let delivery = ask_delivery(&parts.headers)?;
                media::check_json_headers(&parts.headers)?;
                let body = self.read_body(body, body_max(route)).await?;
                Ok((ask::post(&body, parts.uri.query(), delivery)?, None))
            }
            Route::A2a => {
                let version = a2a::version_of(&parts.headers, parts.uri.query());
                // An `Accept` that rules out JSON and events, and labels the body cannot be
                // read by, are refused before it is waited for.
                let accept = negotiate::accept_header(&parts.headers);
                if !negotiate::allows_json_or_events(accept.as_deref()) {
                    return Ok((a2a::refused(&Error::not_acceptable(), version), None));
                }
                let events = accept.as_deref().is_none_or(|accept| {
                    negotiate::preference(accept, "text/event-stream").quality > 0
                });
                if let Err(error) = media::check_json_headers(&parts.headers) {
                    return Ok((a2a::refused(&error, version), None));
                }
                let reply = match self.read_body(body, body_max(route)).await {
                    Ok(body) => a2a::answer(&parts.headers, parts.uri.query(), &body, events),
                    Err(error) => a2a::refused(&error, version),
                };
                Ok((reply, None))
            }
            // `answer_now` answers every other route; should one come here, it is refused as
            // a method the route does not take.
            _ => Ok((api::method_not_allowed(method.as_str(), allow), None)),
        }
    }

    /// Reads `body` whole, within `max` bytes and the body deadline. Refused, it is given up
    /// with the rest of it unread (see [`RequestBody`]).
    async fn read_body<B>(
        &self,
        body: &mut RequestBody<B>,
        max: Option<usize>,
    ) -> Result<Bytes, Error>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        // A route that reads a body always has a limit; `None` is never passed.
        let max = max.unwrap_or(0);
        let collect = {
            // Each route reads its body once; from here it is given up unless read whole.
            let unread = match std::mem::replace(body, RequestBody::Abandoned) {
                RequestBody::Unread(unread) => unread,
                // Read ahead (`Later::read_ahead`) within the same limit: its outcome.
                RequestBody::Ahead(read) => {
                    let read = read.and_then(|read| {
                        if read.len() > max { Err(Error::payload_too_large(max)) } else { Ok(read) }
                    });
                    if read.is_ok() {
                        *body = RequestBody::Read;
                    }
                    return read;
                }
                RequestBody::Read | RequestBody::Abandoned => {
                    return Err(Error::invalid_body("the request body could not be read"));
                }
            };
            // hyper reads `Content-Length` into the body's size hint (its lower bound is
            // the declared length, zero for a chunked body), so the header is not looked up
            // again.
            if hyper::body::Body::size_hint(&unread).lower() > max as u64 {
                return Err(Error::payload_too_large(max));
            }
            collect_body(unread, max)
        };
        // A small body has usually arrived with the headers: take it without arming a
        // timer (registering one and cancelling it costs more than reading the body). Only
        // a body still on its way is read against the deadline, its timer boxed: it is
        // rare, and inline it would make every POST's future larger.
        let mut collect = std::pin::pin!(collect);
        let first = std::future::poll_fn(|cx| Poll::Ready(collect.as_mut().poll(cx))).await;
        let collected = match first {
            Poll::Ready(collected) => Ok(collected),
            Poll::Pending => Box::pin(tokio::time::timeout(self.body_timeout, collect)).await,
        };
        let read = match collected {
            Err(_) => Err(Error::request_timeout()),
            Ok(Err(BodyError::TooLarge)) => Err(Error::payload_too_large(max)),
            Ok(Err(BodyError::Unreadable)) => {
                Err(Error::invalid_body("the request body could not be read"))
            }
            Ok(Ok(body)) => Ok(body),
        };
        if read.is_ok() {
            *body = RequestBody::Read;
        }
        read
    }
}

/// A request body as its answer left it, which decides whether an HTTP/1 connection can carry
/// another request after the response. hyper reads the rest of a body the service dropped
/// only as far as it has already arrived, and otherwise closes the connection once the
/// response is written; the response has to say so itself (RFC 9112, section 9.6), since
/// hyper sees the body dropped only after it wrote the response's head.
#[derive(Debug)]
enum RequestBody<B> {
    /// Not read: the request was refused from its headers.
    Unread(B),
    /// Read to its end.
    Read,
    /// Read ahead of its connection's turn (HTTP/2), the outcome kept for the route
    /// (`Later::read_ahead`).
    Ahead(Result<Bytes, Error>),
    /// Refused part way (over the limit, too slow, broken), the rest left unread.
    Abandoned,
}

/// Most of an unread body taken to keep its connection open: only what has arrived already
/// is taken, never waited for, so this just bounds that.
const UNREAD_TAKEN_MAX: usize = 64 * 1024;

impl<B> RequestBody<B>
where
    B: hyper::body::Body<Data = Bytes>,
{
    /// Whether the connection is free for another request after the response: the body was
    /// read, or it was not and all of it has already arrived. What has arrived is taken now,
    /// and nothing is waited for, so a refusal is never held up by a body that does not come.
    ///
    /// hyper passes a body on one frame at a time, reading the next (from its buffer, or from
    /// the socket if bytes are there) only once this task runs again: after each frame taken,
    /// the task yields once, woken at once, for hyper to pass the next. Nothing new then
    /// (hyper found no bytes to read) means the rest is still on its way. A body the client
    /// sends only after `100 Continue` (`Expect: 100-continue` in `headers`) has not come, and is not asked
    /// for: taking it would make hyper send the `100 Continue`.
    async fn settle(self, headers: &HeaderMap) -> bool {
        let unread = match self {
            RequestBody::Read => return true,
            RequestBody::Abandoned => return false,
            RequestBody::Ahead(read) => return read.is_ok(),
            RequestBody::Unread(unread) => unread,
        };
        // Looked up only here: a body read whole, every answered POST, needs no look-up.
        let expect_continue = headers.contains_key(header::EXPECT);
        if expect_continue && !unread.is_end_stream() {
            return false;
        }
        let mut unread = std::pin::pin!(unread);
        let mut taken = 0usize;
        let mut yielded = false;
        std::future::poll_fn(|cx| {
            loop {
                match unread.as_mut().poll_frame(cx) {
                    Poll::Ready(None) => return Poll::Ready(true),
                    Poll::Ready(Some(Ok(frame))) => {
                        yielded = false;
                        taken = taken.saturating_add(frame.data_ref().map_or(0, Bytes::len));
                        if taken > UNREAD_TAKEN_MAX {
                            return Poll::Ready(false);
                        }
                    }
                    Poll::Pending if !yielded => {
                        yielded = true;
                        cx.waker().wake_by_ref();
                        return Poll::Pending;
                    }
                    Poll::Ready(Some(Err(_))) | Poll::Pending => return Poll::Ready(false),
                }
            }
        })
        .await
    }
}

/// `response`, saying `Connection: close` on HTTP/1 unless the connection is `kept` (free for
/// another request). HTTP/2 has no such header: a stream's unread body ends only that stream.
fn closing_unless(
    kept: bool,
    parts: &http::request::Parts,
    mut response: Response<Body>,
) -> Response<Body> {
    if !kept && parts.version < http::Version::HTTP_2 {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// How `/ask` is to deliver its answer, from the request's headers: 406 when `Accept` rules
/// out both JSON and events.
fn ask_delivery(headers: &http::HeaderMap) -> Result<ask::Delivery<'_>, Error> {
    let accept = negotiate::accept_header(headers);
    if !negotiate::allows_json_or_events(accept.as_deref()) {
        return Err(Error::not_acceptable());
    }
    let mut ids = headers.get_all("last-event-id").iter().filter_map(|v| v.to_str().ok());
    let last_event_id = ids.next();
    // The same value twice is one id; the first that differs is kept for the refusal.
    let other_last_event_id =
        ids.find(|id| last_event_id.is_some_and(|first| first.trim() != id.trim()));
    Ok(ask::Delivery {
        prefers_events: negotiate::prefers_event_stream(accept.as_deref()),
        last_event_id,
        other_last_event_id,
    })
}

/// Why a request body could not be had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BodyError {
    /// More than the route's limit arrived.
    TooLarge,
    /// The connection failed while sending it.
    Unreadable,
}

/// A whole request body of at most `max` bytes. A body that comes in one frame, as a small one
/// does, is that frame's bytes as they are; only a body of several frames is copied into one
/// buffer. Trailers are ignored. (http-body-util's `Limited` and `Collected` cost a POST
/// about 1,500 instructions more: a queue of frames allocated and dropped, and a boxed error.)
async fn collect_body<B>(body: B, max: usize) -> Result<Bytes, BodyError>
where
    B: hyper::body::Body<Data = Bytes>,
{
    let mut body = std::pin::pin!(body);
    let mut first: Option<Bytes> = None;
    let mut joined: Vec<u8> = Vec::new();
    let mut len = 0usize;
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.map_err(|_| BodyError::Unreadable)?.into_data() else {
            continue;
        };
        len = len.saturating_add(data.len());
        if len > max {
            return Err(BodyError::TooLarge);
        }
        match first.take() {
            None if joined.is_empty() => first = Some(data),
            earlier => {
                if let Some(earlier) = earlier {
                    joined.reserve(earlier.len() + data.len());
                    joined.extend_from_slice(&earlier);
                }
                joined.extend_from_slice(&data);
            }
        }
    }
    Ok(match first {
        Some(only) => only,
        None => Bytes::from(joined),
    })
}

fn is_v1(path: &str) -> bool {
    path == "/v1" || path.starts_with("/v1/")
}

/// The validated Idempotency-Key, if one was sent; a malformed or repeated one is 400.
/// The header's name, parsed once (a `&str` name is parsed and validated at every look-up).
const IDEMPOTENCY_KEY: HeaderName = HeaderName::from_static("idempotency-key");

/// What a score or batch request says about its body: the Idempotency-Key values (the first
/// two are enough to refuse a repeat), the Content-Type values (two are enough to refuse a
/// repeat), the Content-Encoding values and the Transfer-Encoding values.
struct BodyLabels<'a> {
    keys: FirstTwo<'a>,
    content_types: FirstTwo<'a>,
    codings: Vec<&'a HeaderValue>,
    transfer_codings: Vec<&'a HeaderValue>,
}

/// The first two values of a header, held in place: a score request sends a `Content-Type`,
/// and a vector for its one value was an allocation and a free on every score.
#[derive(Default)]
struct FirstTwo<'a>([Option<&'a HeaderValue>; 2]);

impl<'a> FirstTwo<'a> {
    fn push(&mut self, value: &'a HeaderValue) {
        if let Some(slot) = self.0.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(value);
        }
    }

    fn iter(&self) -> impl Iterator<Item = &'a HeaderValue> + use<'a> {
        self.0.into_iter().flatten()
    }
}

/// [`BodyLabels`] in one walk over the headers: a request has a handful, and looking up three
/// names hashes each of them (about 300 instructions per name of a 11,000-instruction score
/// request). Nothing is allocated unless a `Content-Encoding` or `Transfer-Encoding` is sent.
fn body_labels(headers: &http::HeaderMap) -> BodyLabels<'_> {
    let mut labels = BodyLabels {
        keys: FirstTwo::default(),
        content_types: FirstTwo::default(),
        codings: Vec::new(),
        transfer_codings: Vec::new(),
    };
    for (name, value) in headers {
        if name == header::CONTENT_TYPE {
            labels.content_types.push(value);
        } else if name == IDEMPOTENCY_KEY {
            labels.keys.push(value);
        } else if name == header::CONTENT_ENCODING {
            labels.codings.push(value);
        } else if name == header::TRANSFER_ENCODING {
            labels.transfer_codings.push(value);
        }
    }
    labels
}

fn idempotency_key(values: &FirstTwo<'_>) -> Result<Option<String>, Error> {
    match values.0 {
        [None, _] => Ok(None),
        [Some(value), None] => idempotency::parse_key(value.as_bytes())
            .map(|key| Some(key.to_string()))
            .ok_or_else(Error::invalid_idempotency_key),
        _ => Err(Error::invalid_idempotency_key()),
    }
}

fn not_modified(fixed: &'static FixedResponse, etag: &'static str) -> Reply {
    let mut reply = Reply::empty(StatusCode::NOT_MODIFIED);
    reply.etag = Some(etag);
    reply.cache_control = fixed.cache_control;
    reply
}

/// `reply`, or 304 if the request's `If-None-Match` is `*` and `reply` is a 200, for the GET
/// routes whose answers carry no validator (search pages, `/ask`, `/healthz`). RFC 9110,
/// sections 13.1.2 and 13.2.1: an origin server evaluates the precondition when its answer
/// would be 2xx, and `*` is false whenever there is a current representation, which a 200 is;
/// a GET then gets 304. The answer is computed first, because a refusal (a 400, a draining
/// 503) ignores preconditions; the 304 keeps its headers (`Cache-Control`, `Vary`), no body.
/// `If-Match` comes first (section 13.2.2): with no validator only `*` passes it, anything
/// else is 412 `precondition_failed`.
fn unless_any_match(reply: Reply, headers: &HeaderMap) -> Result<Reply, Error> {
    if reply.status != StatusCode::OK {
        return Ok(reply);
    }
    if crate::wire::conditional::match_fails(headers, None) {
        return Err(Error::precondition_failed());
    }
    if !crate::wire::conditional::none_match_any(headers) {
        return Ok(reply);
    }
    Ok(Reply { status: StatusCode::NOT_MODIFIED, body: Body::empty(), content_type: "", ..reply })
}

/// A CORS preflight (Fetch standard): `OPTIONS` with `Origin` and
/// `Access-Control-Request-Method`.
fn is_cors_preflight(headers: &HeaderMap) -> bool {
    headers.contains_key(header::ORIGIN)
        && headers.contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
}

/// CONNECT where no route is (RFC 9110, section 9.3.6): it asks for a tunnel, which only a
/// proxy makes, and its authority-form target (`host:port`, an empty path to hyper) names no
/// resource of this server. 405 with the methods the server answers anywhere, as `OPTIONS *`
/// lists them, rather than the 400 or 404 of the path or a redirect of a tunnel to `/`. On a
/// route, CONNECT is that route's 405 like any other method it does not take. (Not 501:
/// every refusal of the service is a 4xx.)
fn connect_refused() -> Reply {
    api::method_not_allowed(Method::CONNECT.as_str(), route::ALLOW_ANY)
}

/// A request refused before it is answered, in its surface's shape: a JSON-RPC error on the
/// MCP endpoints and the A2A endpoint, the RFC 6749 body on the OAuth endpoints, the site's
/// page for the refusal for a browser on a website page (negotiated as the HTML 404 is; the
/// 429's says when to come back, from `retry_after`), the Error body elsewhere.
fn refusal<B>(
    route: &Route,
    request: &Request<B>,
    error: &Error,
    retry_after: Option<u64>,
) -> Reply {
    match route {
        Route::Mcp(_) => mcp::refused(error),
        Route::A2a => {
            a2a::refused(error, a2a::version_of(request.headers(), request.uri().query()))
        }
        Route::Register | Route::Token => api::oauth::refused(error),
        Route::Ask | Route::Health => api::error_reply(error),
        _ => site::refusal_reply(
            error,
            retry_after,
            request.method(),
            request.uri().path(),
            request.headers(),
        ),
    }
}

/// The address an `X-Forwarded-For` entry names: an IP address, or one with a port
/// (`203.0.113.9:54321`, `[2001:db8::9]:443`, as Azure Application Gateway and IIS ARR write
/// them), or an IPv6 address in brackets. `::ffff:192.0.2.7` is the IPv4 client, as the accept
/// loop takes a peer. Anything else names no one. (Until 2026-12-05 an entry with a port was
/// malformed, so behind such a proxy every client was the proxy.)
fn forwarded_address(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    let ip = match entry.parse::<IpAddr>() {
        Ok(ip) => ip,
        Err(_) => match entry.parse::<std::net::SocketAddr>() {
            Ok(socket) => socket.ip(),
            Err(_) => entry
                .strip_prefix('[')?
                .strip_suffix(']')?
                .parse::<std::net::Ipv6Addr>()
                .ok()?
                .into(),
        },
    };
    Some(ip.to_canonical())
}

/// RFC 9110, section 7.2: a request with more than one `Host` line, or one that is not a host,
/// is a 400 whatever its version; RFC 9112, section 3.2: an HTTP/1.1 request has one (HTTP/1.0
/// and HTTP/2 may leave it out). A host is empty or a host with an optional port (registered
/// name, IPv4, or an IP literal in brackets). RFC 9113, section 8.3.1: an HTTP/2 request whose
/// `Host` names another authority than its `:authority` is malformed. Until 2026-12-04 only
/// HTTP/1.1 was checked, so two Hosts, `Host: a b` or a Host unlike `:authority` were answered
/// over HTTP/2 and HTTP/1.0 as if nothing were wrong. An HTTP/1.x request in absolute form
/// is held to [`target_authority_is_acceptable`] here too, so a fixed GET pays for both in
/// one branch (18 instructions for the target's; 28 as a check of its own).
fn host_is_acceptable(version: http::Version, uri: &http::Uri, headers: &HeaderMap) -> bool {
    // A walk of the few headers a request has, comparing names by their standard index, is
    // cheaper than hashing the name for a look-up (about 60 instructions against 290).
    let mut hosts = headers.iter().filter(|(name, _)| *name == header::HOST).map(|(_, v)| v);
    match (hosts.next(), hosts.next()) {
        (None, _) => {
            version != http::Version::HTTP_11 && target_authority_is_acceptable(version, uri)
        }
        (Some(_), Some(_)) => false,
        (Some(host), None) => {
            is_host(host.as_bytes())
                && if version == http::Version::HTTP_2 {
                    uri.authority().is_none_or(|authority| {
                        authority.as_str().as_bytes().eq_ignore_ascii_case(host.as_bytes())
                    })
                } else {
                    target_authority_is_acceptable(version, uri)
                }
        }
    }
}

/// RFC 9112, section 3.2.2: an HTTP/1.x request in absolute form (`GET http://a.example/v1`)
/// names its host in the target, which the server uses instead of `Host`. That authority is
/// held to what a `Host` is ([`is_host`]: no user information, which RFC 9110 section 4.2.4
/// has a recipient treat as an error, a port of digits), and the scheme is `http` or `https`
/// in any case, the only ones this server answers. Which host it names is not checked, as a
/// `Host` is not: the service answers any name. Since 2026-12-05: hyper accepted
/// `http://user@a.example/v1`, `http://a.example:abc/v1` and `ftp://a.example/v1`, and they
/// were answered. An origin-form request (every browser's and client's) pays one look at the
/// scheme; HTTP/2's `:scheme` and `:authority` are hyper's to check. Called by
/// [`host_is_acceptable`], and again on a refusal to say which of the two was wrong.
fn target_authority_is_acceptable(version: http::Version, uri: &http::Uri) -> bool {
    let Some(scheme) = uri.scheme_str() else { return true };
    if version == http::Version::HTTP_2 {
        return true;
    }
    (scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https"))
        && uri.authority().is_some_and(|authority| is_host(authority.as_str().as_bytes()))
}

/// Whether a `Host` value is RFC 3986's `host [ ":" port ]` (sections 3.2.2 and 3.2.3): a
/// registered name or IPv4 address (empty included) or an IP literal in brackets, then at most
/// one `:` and digits; within the name, host bytes only, each `%` the start of an escape. Since
/// 2026-12-05: the bytes alone were checked, so `a.example:abc`, `a:1:2` and `[::1` were
/// answered as hosts. One table look-up a byte, as that check was: this runs on every
/// HTTP/1.1 request.
fn is_host(host: &[u8]) -> bool {
    let (name, port) = match host {
        // An IP literal ends at its `]`, and holds `:` (an IPv6 address, or IPvFuture's).
        [b'[', literal @ ..] => match literal.iter().position(|&b| b == b']') {
            Some(end) => (&literal[..end], &literal[end + 1..]),
            None => return false,
        },
        _ => (host, &[][..]),
    };
    let literal = host.first() == Some(&b'[');
    let mut rest = name;
    while let [byte, tail @ ..] = rest {
        match HOST_CLASS[usize::from(*byte)] {
            NAME => rest = tail,
            // In a name, the first `:` begins the port, all digits; in a literal it is part of it.
            COLON if literal => rest = tail,
            COLON => return tail.iter().all(u8::is_ascii_digit),
            PERCENT => match tail {
                [high, low, more @ ..] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => {
                    rest = more;
                }
                _ => return false,
            },
            _ => return false,
        }
    }
    match port {
        [] => true,
        [b':', digits @ ..] => digits.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// What a byte is in RFC 3986's `host [ ":" port ]`: a byte of a name (unreserved and
/// sub-delims), the `:` before a port (or within an IP literal), the `%` of an escape, or
/// none of these (`[` and `]` only open and close an IP literal, which `is_host` reads first).
const NAME: u8 = 1;
const COLON: u8 = 2;
const PERCENT: u8 = 3;
static HOST_CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphanumeric()
            || matches!(c, b'-' | b'.' | b'_' | b'~')
            || matches!(
                c,
                b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
            ) {
            NAME
        } else if c == b':' {
            COLON
        } else if c == b'%' {
            PERCENT
        } else {
            0
        };
        b += 1;
    }
    table
};

/// `query` with every byte RFC 3986 does not allow in a query percent-encoded (`é` is
/// `%C3%A9`, a space `%20`); an escape already there (`%20`) is kept as it is.
fn uri_query(query: &str) -> std::borrow::Cow<'_, str> {
    crate::wire::form::encode_except(query, |b| {
        b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?%".contains(&b)
    })
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;

    use bytes::Bytes;
    use http_body_util::{Full, StreamBody};
    use hyper::body::Frame;

    use crate::http::{BodyError, ReadAhead, collect_body};

    /// A body sending `frames` in turn: data, or trailers for `None`.
    fn framed(frames: &[Option<&'static str>]) -> impl hyper::body::Body<Data = Bytes> {
        let frames: Vec<Result<Frame<Bytes>, Infallible>> = frames
            .iter()
            .map(|frame| {
                Ok(match frame {
                    Some(data) => Frame::data(Bytes::from_static(data.as_bytes())),
                    None => Frame::trailers(http::HeaderMap::new()),
                })
            })
            .collect();
        StreamBody::new(futures_util::stream::iter(frames))
    }

    fn collect<B>(body: B, max: usize) -> Result<Bytes, BodyError>
    where
        B: hyper::body::Body<Data = Bytes>,
    {
        let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        runtime.block_on(collect_body(body, max))
    }

    #[test]
    fn a_body_is_its_frames_joined_within_the_limit() {
        let cases: [(&[Option<&'static str>], &str); 6] = [
            (&[], ""),
            (&[Some("{\"answers\":[]}")], "{\"answers\":[]}"),
            (&[Some("{\"a\""), Some(":1"), Some("}")], "{\"a\":1}"),
            (&[Some(""), Some("x"), Some(""), Some("yz")], "xyz"),
            (&[Some("ab"), None], "ab"),
            (&[Some("ab"), Some("cd"), None, Some("ef")], "abcdef"),
        ];
        for (frames, expected) in cases {
            assert_eq!(collect(framed(frames), 16), Ok(Bytes::from(expected)), "{frames:?}");
        }
        // The one frame of a small body is passed on as it is, not copied.
        let sent = Bytes::from_static(b"{\"answers\":[1]}");
        let got = collect(Full::new(sent.clone()), 64).expect("read");
        assert_eq!(got.as_ptr(), sent.as_ptr());
    }

    #[test]
    fn a_body_over_the_limit_or_broken_is_refused() {
        assert_eq!(collect(framed(&[Some("abcdefg")]), 6), Err(BodyError::TooLarge));
        assert_eq!(
            collect(framed(&[Some("abc"), Some("def"), Some("g")]), 6),
            Err(BodyError::TooLarge)
        );
        let broken = StreamBody::new(futures_util::stream::iter([
            Ok(Frame::data(Bytes::from_static(b"ab"))),
            Err(std::io::Error::other("connection reset")),
        ]));
        assert_eq!(collect(broken, 6), Err(BodyError::Unreadable));
        // Exactly the limit is allowed.
        assert_eq!(collect(framed(&[Some("abc"), Some("def")]), 6), Ok(Bytes::from("abcdef")));
    }

    /// A reservation takes its bytes while held and gives them back when dropped; one that
    /// does not fit takes nothing.
    #[test]
    fn read_ahead_reservations_fit_the_budget_and_are_given_back() {
        let budget = ReadAhead::new(100);
        let first = budget.reserve(60);
        assert!(first.is_some());
        assert_eq!(budget.left(), 40);
        assert!(budget.reserve(41).is_none(), "past the budget");
        assert_eq!(budget.left(), 40, "a refused reservation takes nothing");
        let second = budget.reserve(40);
        assert_eq!(budget.left(), 0);
        assert!(budget.reserve(0).is_some(), "an empty body always fits");
        drop(first);
        assert_eq!(budget.left(), 60);
        drop(second);
        assert_eq!(budget.left(), 100);
    }
}
