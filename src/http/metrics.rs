//! Prometheus metrics: what the server has answered, how fast, what it refused, and what it
//! holds open. Served in the text exposition format by `admin` at `/metrics` on the address
//! given with `--metrics-listen`.
//!
//! Everything is a relaxed atomic counter bumped on the request path (no lock, no allocation);
//! the exposition text is built only when scraped. Labels are bounded by construction: the
//! route kind (`RouteKind`, a closed list), the status class, and for the requests hyper
//! refuses itself the status it sent (`Rejected`, a closed list). Nothing is labelled by
//! client, path or query, so no request can add a series.
//!
//! | metric | type | labels |
//! |---|---|---|
//! | `consultancy_api_build_info` | gauge (always 1) | `version`, `flavour` |
//! | `consultancy_api_http_requests_total` | counter | `route`, `status` (`2xx` ... `5xx`) |
//! | `consultancy_api_http_request_duration_seconds` | histogram | `route` |
//! | `consultancy_api_rate_limited_total` | counter | `route` |
//! | `consultancy_api_http_requests_rejected_total` | counter | `status` (`400`, `431`) |
//! | `consultancy_api_connections_active` | gauge | |
//! | `consultancy_api_connections_total` | counter | |
//! | `consultancy_api_connections_refused_total` | counter | |
//! | `consultancy_api_connections_stalled_total` | counter | |
//! | `consultancy_api_socket_writes_blocked_total` | counter | |
//! | `consultancy_api_rate_limiter_clients` | gauge | |
//! | `consultancy_api_access_log_dropped_total` | counter | |
//! | `consultancy_api_draining` | gauge (0 or 1) | |
//! | `consultancy_api_search_cache_hits_total` | counter | |
//! | `consultancy_api_search_cache_misses_total` | counter | |
//! | `consultancy_api_search_cache_bytes` | gauge | |
//! | `consultancy_api_search_cache_budget_bytes` | gauge | |
//!
//! plus the process metrics `admin` adds (`process_*`).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use http::StatusCode;

use crate::route::Route;

/// What kind of route a request went to: the `route` label. A closed list, so the number of
/// series is fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteKind {
    /// A fixed `/v1` response (index, services, industries, case studies, categories,
    /// questions, contact).
    Content,
    /// `GET /v1/resources`
    Search,
    /// `POST /v1/ai-readiness/score`
    Score,
    /// `POST /v1/batch`
    Batch,
    /// `GET /v1/export`
    Export,
    /// `POST /oauth/register` and `POST /oauth/token`
    OAuth,
    /// Discovery documents: OpenAPI, OAuth metadata, server cards, AI catalog, agent cards.
    Discovery,
    /// Website pages, their markdown twins, the discovery files of the site and its social card.
    Site,
    /// `GET /search/`
    SearchPage,
    /// `GET /ai-readiness/result/`
    AssessmentPage,
    /// `POST /mcp` and `POST /mcp/docs`
    Mcp,
    /// `GET /ask` and `POST /ask`
    Ask,
    /// `POST /a2a`
    A2a,
    /// `GET /healthz`
    Health,
    /// A redirect: a trailing slash, or `/contact/` to the footer.
    Redirect,
    /// Nothing is there, or the path is malformed.
    Unknown,
}

impl RouteKind {
    /// Every kind, in the order of the exposition.
    pub const ALL: [RouteKind; 16] = [
        RouteKind::Content,
        RouteKind::Search,
        RouteKind::Score,
        RouteKind::Batch,
        RouteKind::Export,
        RouteKind::OAuth,
        RouteKind::Discovery,
        RouteKind::Site,
        RouteKind::SearchPage,
        RouteKind::AssessmentPage,
        RouteKind::Mcp,
        RouteKind::Ask,
        RouteKind::A2a,
        RouteKind::Health,
        RouteKind::Redirect,
        RouteKind::Unknown,
    ];

    /// The kind of `route`, reached at `path`.
    pub fn of(route: &Route, path: &str) -> RouteKind {
        match route {
            Route::Fixed(_) if path == "/v1" || path.starts_with("/v1/") => RouteKind::Content,
            Route::Fixed(_)
                if path == "/openapi.json"
                    || path.starts_with("/.well-known/")
                    || path.ends_with("/server-card") =>
            {
                RouteKind::Discovery
            }
            Route::Fixed(_) | Route::SocialCard => RouteKind::Site,
            Route::Resources => RouteKind::Search,
            Route::Score => RouteKind::Score,
            Route::Batch => RouteKind::Batch,
            Route::Export => RouteKind::Export,
            Route::Register | Route::Token => RouteKind::OAuth,
            Route::SearchPage => RouteKind::SearchPage,
            Route::AssessmentResult => RouteKind::AssessmentPage,
            Route::Mcp(_) => RouteKind::Mcp,
            Route::Ask => RouteKind::Ask,
            Route::A2a => RouteKind::A2a,
            Route::Health => RouteKind::Health,
            Route::Redirect(_) => RouteKind::Redirect,
            Route::Missing(_) => RouteKind::Unknown,
        }
    }

    /// The label value.
    pub const fn label(self) -> &'static str {
        match self {
            RouteKind::Content => "content",
            RouteKind::Search => "search",
            RouteKind::Score => "score",
            RouteKind::Batch => "batch",
            RouteKind::Export => "export",
            RouteKind::OAuth => "oauth",
            RouteKind::Discovery => "discovery",
            RouteKind::Site => "site",
            RouteKind::SearchPage => "search_page",
            RouteKind::AssessmentPage => "assessment_page",
            RouteKind::Mcp => "mcp",
            RouteKind::Ask => "ask",
            RouteKind::A2a => "a2a",
            RouteKind::Health => "healthz",
            RouteKind::Redirect => "redirect",
            RouteKind::Unknown => "unknown",
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// A request hyper refused before the service saw it, by the status hyper answered with: the
/// `status` label of `consultancy_api_http_requests_rejected_total`. Such a request has no
/// route (its head was never parsed), so it is not in `consultancy_api_http_requests_total`
/// nor in the latency histogram. A closed list: what hyper's HTTP/1 answers on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejected {
    /// 400: a request line or header hyper cannot parse (a bad method, target, protocol
    /// version, header name or value, `Content-Length` or `Transfer-Encoding`).
    Malformed,
    /// 431: a request line and headers past `MAX_HEADER_BYTES`, or more than
    /// `MAX_HEADER_FIELDS` fields. A request line alone that long is 431 too: see `server`.
    TooLarge,
}

impl Rejected {
    /// Every kind, in the order of the exposition.
    pub const ALL: [Rejected; 2] = [Rejected::Malformed, Rejected::TooLarge];

    /// The status hyper sent.
    pub const fn status(self) -> StatusCode {
        match self {
            Rejected::Malformed => StatusCode::BAD_REQUEST,
            Rejected::TooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

const N_KINDS: usize = RouteKind::ALL.len();
/// Status classes 1xx to 5xx.
const N_CLASSES: usize = 5;

/// Upper bounds of the latency histogram's buckets, in microseconds. Answers take
/// microseconds, so the resolution is there; a request body may take up to the body timeout,
/// which lands in the last buckets.
pub const LATENCY_BUCKETS_MICROS: [u64; 14] = [
    25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 100_000, 250_000, 1_000_000,
    10_000_000,
];

const N_BUCKETS: usize = LATENCY_BUCKETS_MICROS.len() + 1;

/// The counters. One per server (shared by its connections and its admin listener).
#[derive(Debug)]
pub struct Metrics {
    requests: [[AtomicU64; N_CLASSES]; N_KINDS],
    /// Per kind, per bucket (not cumulative; the exposition sums them).
    latency: [[AtomicU64; N_BUCKETS]; N_KINDS],
    latency_sum_nanos: [AtomicU64; N_KINDS],
    rate_limited: [AtomicU64; N_KINDS],
    rejected: [AtomicU64; Rejected::ALL.len()],
    connections_active: AtomicU64,
    connections_total: AtomicU64,
    access_log_dropped: AtomicU64,
    /// When the server started, Unix milliseconds.
    started_ms: u64,
}

impl Metrics {
    /// Fresh counters for a server started at `started_ms`.
    pub fn new(started_ms: u64) -> Metrics {
        Metrics {
            started_ms,
            requests: std::array::from_fn(|_| std::array::from_fn(|_| AtomicU64::new(0))),
            latency: std::array::from_fn(|_| std::array::from_fn(|_| AtomicU64::new(0))),
            latency_sum_nanos: std::array::from_fn(|_| AtomicU64::new(0)),
            rate_limited: std::array::from_fn(|_| AtomicU64::new(0)),
            rejected: std::array::from_fn(|_| AtomicU64::new(0)),
            connections_active: AtomicU64::new(0),
            connections_total: AtomicU64::new(0),
            access_log_dropped: AtomicU64::new(0),
        }
    }
}

/// An open connection, counted in `connections_active` until dropped.
#[derive(Debug)]
pub struct OpenConnection<'a>(&'a Metrics);

impl Drop for OpenConnection<'_> {
    fn drop(&mut self) {
        self.0.connections_active.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Values the exposition reads from elsewhere at scrape time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gauges {
    /// Clients the rate limiter tracks.
    pub rate_limiter_clients: usize,
    /// The server has been told to stop.
    pub draining: bool,
    /// Connections refused at the per-address cap, ever (`gauges::Gauges::refused`).
    pub connections_refused: u64,
    /// Connections closed because a response made no progress, ever.
    pub connections_stalled: u64,
    /// Times a socket refused a write it had taken the one before, ever.
    pub writes_blocked: u64,
}

impl Metrics {
    /// Counts one answered request.
    pub fn record(&self, kind: RouteKind, status: u16, elapsed: Duration, rate_limited: bool) {
        let class = usize::from(status / 100).clamp(1, N_CLASSES) - 1;
        let kind = kind.index();
        self.requests[kind][class].fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        let bucket = LATENCY_BUCKETS_MICROS.partition_point(|&bound| bound < micros);
        self.latency[kind][bucket].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.latency_sum_nanos[kind].fetch_add(nanos, Ordering::Relaxed);
        if rate_limited {
            self.rate_limited[kind].fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts a request hyper refused before the service saw it.
    pub fn rejected(&self, rejected: Rejected) {
        self.rejected[rejected.index()].fetch_add(1, Ordering::Relaxed);
    }

    /// Requests hyper has refused so far with `rejected`'s status.
    pub fn rejections(&self, rejected: Rejected) -> u64 {
        self.rejected[rejected.index()].load(Ordering::Relaxed)
    }

    /// Counts a connection as open until the returned guard is dropped.
    pub fn open_connection(&self) -> OpenConnection<'_> {
        self.connections_total.fetch_add(1, Ordering::Relaxed);
        self.connections_active.fetch_add(1, Ordering::Relaxed);
        OpenConnection(self)
    }

    /// Counts an access-log line dropped because the writer fell behind.
    pub fn access_log_dropped(&self) {
        self.access_log_dropped.fetch_add(1, Ordering::Relaxed);
    }

    /// Requests answered so far for `kind` in status class `class` (2 for 2xx, ...).
    pub fn requests(&self, kind: RouteKind, class: u16) -> u64 {
        let class = usize::from(class).clamp(1, N_CLASSES) - 1;
        self.requests[kind.index()][class].load(Ordering::Relaxed)
    }

    /// Connections open now.
    pub fn connections_active(&self) -> u64 {
        self.connections_active.load(Ordering::Relaxed)
    }

    /// The text exposition format (version 0.0.4) of every metric here.
    pub fn render(&self, gauges: Gauges, out: &mut String) {
        let flavour = if crate::tables::SANDBOX { "sandbox" } else { "production" };
        let version = crate::tables::API_VERSION;
        header(out, "consultancy_api_build_info", "gauge", "Version and flavour of this build.");
        let _ = writeln!(
            out,
            "consultancy_api_build_info{{version=\"{version}\",flavour=\"{flavour}\"}} 1"
        );

        header(
            out,
            "consultancy_api_http_requests_total",
            "counter",
            "Requests answered, by route kind and status class.",
        );
        for kind in RouteKind::ALL {
            for (class_idx, count) in self.requests[kind.index()].iter().enumerate() {
                let count = count.load(Ordering::Relaxed);
                // 1xx is never an answer of ours (hyper sends 100 Continue itself); show it
                // only if it ever happens.
                if class_idx == 0 && count == 0 {
                    continue;
                }
                let _ = writeln!(
                    out,
                    "consultancy_api_http_requests_total{{route=\"{}\",status=\"{}xx\"}} {count}",
                    kind.label(),
                    class_idx + 1
                );
            }
        }

        header(
            out,
            "consultancy_api_http_request_duration_seconds",
            "histogram",
            "Time from the request head to the response being ready to send, by route kind.",
        );
        for kind in RouteKind::ALL {
            let label = kind.label();
            let mut cumulative = 0;
            for (bucket_idx, count) in self.latency[kind.index()].iter().enumerate() {
                cumulative += count.load(Ordering::Relaxed);
                let bound = match LATENCY_BUCKETS_MICROS.get(bucket_idx) {
                    Some(micros) => seconds(*micros),
                    None => "+Inf".to_string(),
                };
                let _ = writeln!(
                    out,
                    "consultancy_api_http_request_duration_seconds_bucket{{route=\"{label}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let sum = self.latency_sum_nanos[kind.index()].load(Ordering::Relaxed) as f64 / 1e9;
            let _ = writeln!(
                out,
                "consultancy_api_http_request_duration_seconds_sum{{route=\"{label}\"}} {sum}"
            );
            let _ = writeln!(
                out,
                "consultancy_api_http_request_duration_seconds_count{{route=\"{label}\"}} {cumulative}"
            );
        }

        header(
            out,
            "consultancy_api_rate_limited_total",
            "counter",
            "Requests refused with 429 by the per-client rate limit, by route kind.",
        );
        for kind in RouteKind::ALL {
            let count = self.rate_limited[kind.index()].load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "consultancy_api_rate_limited_total{{route=\"{}\"}} {count}",
                kind.label()
            );
        }

        header(
            out,
            "consultancy_api_http_requests_rejected_total",
            "counter",
            "Requests the HTTP layer refused before routing (a malformed request line or header, or a head over the size or field-count limit), by the status it sent. Not in consultancy_api_http_requests_total.",
        );
        for rejected in Rejected::ALL {
            let count = self.rejected[rejected.index()].load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "consultancy_api_http_requests_rejected_total{{status=\"{}\"}} {count}",
                rejected.status().as_u16()
            );
        }

        let cache = crate::api::page_cache::cache().stats();
        let scalars: [(&str, &str, &str, u64); 12] = [
            (
                "consultancy_api_connections_active",
                "gauge",
                "Client connections open now.",
                self.connections_active.load(Ordering::Relaxed),
            ),
            (
                "consultancy_api_connections_total",
                "counter",
                "Client connections accepted.",
                self.connections_total.load(Ordering::Relaxed),
            ),
            (
                "consultancy_api_connections_refused_total",
                "counter",
                "Connections refused (429 too_many_connections, or closed) because their address held the most it may (--max-connections-per-ip).",
                gauges.connections_refused,
            ),
            (
                "consultancy_api_connections_stalled_total",
                "counter",
                "Connections closed because a response made no progress for the stall deadline (a reader that stopped reading).",
                gauges.connections_stalled,
            ),
            (
                "consultancy_api_socket_writes_blocked_total",
                "counter",
                "Times a connection's socket refused a write after taking the one before (a full TCP window): slow readers, not yet stalled ones.",
                gauges.writes_blocked,
            ),
            (
                "consultancy_api_rate_limiter_clients",
                "gauge",
                "Clients (IPv4 addresses, IPv6 prefixes) the rate limiter tracks now.",
                gauges.rate_limiter_clients as u64,
            ),
            (
                "consultancy_api_access_log_dropped_total",
                "counter",
                "Access-log lines dropped because the log writer fell behind.",
                self.access_log_dropped.load(Ordering::Relaxed),
            ),
            (
                "consultancy_api_draining",
                "gauge",
                "1 once the server has been told to stop (readiness fails), else 0.",
                u64::from(gauges.draining),
            ),
            (
                "consultancy_api_search_cache_hits_total",
                "counter",
                "Search result pages (direct and batch items) served from the page cache.",
                cache.hits,
            ),
            (
                "consultancy_api_search_cache_misses_total",
                "counter",
                "Search pages rendered because the page cache did not hold them (0 while it is off).",
                cache.misses,
            ),
            (
                "consultancy_api_search_cache_bytes",
                "gauge",
                "Bytes of search pages the page cache holds now.",
                cache.bytes as u64,
            ),
            (
                "consultancy_api_search_cache_budget_bytes",
                "gauge",
                "The most the page cache may hold (--search-cache-kib); 0 when it is off.",
                cache.budget as u64,
            ),
        ];
        for (name, kind, help, value) in scalars {
            header(out, name, kind, help);
            let _ = writeln!(out, "{name} {value}");
        }
        header(
            out,
            "process_start_time_seconds",
            "gauge",
            "Start time of the process since the Unix epoch, in seconds.",
        );
        let _ = writeln!(out, "process_start_time_seconds {}", self.started_ms / 1000);
    }
}

/// `# HELP` and `# TYPE` lines.
pub fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

/// Microseconds as decimal seconds without float noise: 250 → `0.00025`.
fn seconds(micros: u64) -> String {
    let whole = micros / 1_000_000;
    let fraction = micros % 1_000_000;
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:06}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use crate::http::metrics::{Gauges, Metrics};

    /// The module's table names every metric the exposition has, and no other: the table is
    /// what an operator reads to write alerts.
    #[test]
    fn the_table_lists_every_metric_exposed() {
        let mut text = String::new();
        Metrics::new(0).render(Gauges::default(), &mut text);
        let mut exposed: Vec<&str> = text
            .lines()
            .filter_map(|line| line.strip_prefix("# TYPE "))
            .filter_map(|line| line.split_whitespace().next())
            // The process metrics are the convention's own (`process_*`), named after the table.
            .filter(|name| name.starts_with("consultancy_api_"))
            .collect();
        exposed.sort_unstable();
        let source = include_str!("metrics.rs");
        let mut documented: Vec<&str> = source
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .filter_map(|line| line.strip_prefix("//! | `"))
            .filter_map(|line| line.split('`').next())
            .filter(|name| name.starts_with("consultancy_api_"))
            .collect();
        documented.sort_unstable();
        assert_eq!(documented, exposed);
    }
}
