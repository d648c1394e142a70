//! The metrics listener (`--metrics-listen ADDR`): `GET /metrics` in the Prometheus text
//! format, on an address of its own, HTTP/1.1 only.
//!
//! Why not on the public listener: behind a load balancer a scrape of the public address
//! reaches whichever replica the balancer picks, so the numbers would jump between processes;
//! Prometheus must scrape each replica at its own address anyway. A separate address also
//! keeps the metrics off the internet without an allow-list to get wrong (the proxy never
//! forwards to it), out of the rate limit, and out of the request metrics themselves.
//!
//! Besides the server's own counters (`metrics`) and the accept loop's (`gauges`: refused,
//! stalled and blocked connections), a scrape reads the process's resident
//! memory and open file descriptors from `/proc/self` (Linux only): the one place the server
//! reads a file after start-up, and never on the public listener.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::App;
use super::gauges::Gauges as Connections;
use super::metrics::{Gauges, header};
use crate::limits;
use crate::wire::Body;

/// The exposition format's media type.
pub const PROMETHEUS_TEXT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Serves `/metrics` for `app`, and for the public server that counts into `counts`
/// (its `ServerOptions::gauges`), on `listener` until `shutdown` resolves.
pub async fn serve_metrics(
    listener: TcpListener,
    app: Arc<App>,
    counts: Arc<Connections>,
    shutdown: impl Future<Output = ()>,
) {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits::HEADER_READ_TIMEOUT);
    let connections = Arc::new(Semaphore::new(limits::METRICS_MAX_CONNECTIONS));
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => match permit { Ok(p) => p, Err(_) => break },
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    crate::log_line!("metrics listener: accept failed: {error}");
                    tokio::time::sleep(limits::ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let (app, counts) = (app.clone(), counts.clone());
        let service = service_fn(move |request: Request<hyper::body::Incoming>| {
            let response = answer(&app, &counts, request.method(), request.uri().path());
            async move { Ok::<_, Infallible>(response) }
        });
        let connection = builder.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// The answer to one request on the metrics listener.
pub fn answer(app: &App, connections: &Connections, method: &Method, path: &str) -> Response<Body> {
    let (status, content_type, body) = match path {
        "/metrics" if method == Method::GET || method == Method::HEAD => {
            (StatusCode::OK, PROMETHEUS_TEXT, exposition(app, connections))
        }
        "/metrics" => (
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain; charset=utf-8",
            "only GET and HEAD\n".to_string(),
        ),
        _ => (StatusCode::NOT_FOUND, "text/plain; charset=utf-8", "only /metrics here\n".into()),
    };
    let mut response = Response::new(Body::full(Bytes::from(body)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if status == StatusCode::METHOD_NOT_ALLOWED {
        headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    response
}

/// The whole exposition: the server's counters, then the process's.
pub fn exposition(app: &App, connections: &Connections) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let count = |counter: &std::sync::atomic::AtomicUsize| {
        counter.load(std::sync::atomic::Ordering::Relaxed) as u64
    };
    let gauges = Gauges {
        rate_limiter_clients: app.limiter.tracked(),
        draining: app.is_draining(),
        connections_refused: count(&connections.refused),
        connections_stalled: count(&connections.stalled),
        writes_blocked: count(&connections.blocked),
    };
    app.metrics.render(gauges, &mut out);
    process_metrics(&mut out);
    out
}

/// `process_resident_memory_bytes` and `process_open_fds`, the names Prometheus client
/// libraries use, where `/proc/self` has them.
fn process_metrics(out: &mut String) {
    use std::fmt::Write as _;
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let rss_kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse::<u64>().ok());
    if let Some(kib) = rss_kib {
        header(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
        let _ = writeln!(out, "process_resident_memory_bytes {}", kib * 1024);
    }
    if let Ok(entries) = std::fs::read_dir("/proc/self/fd") {
        // The directory handle itself is one of the entries.
        let open = entries.count().saturating_sub(1);
        header(out, "process_open_fds", "gauge", "Number of open file descriptors.");
        let _ = writeln!(out, "process_open_fds {open}");
    }
}
