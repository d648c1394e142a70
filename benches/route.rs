//! The request path in process: routing alone, a fixed GET through `App::handle` (routing,
//! rate limit, headers; also with the access log on, writing to a sink, to show what it costs
//! the request path; and against what the load harness's bare server does instead), a 20-item batch, scoring, the export with a valid token (as is, in
//! brotli, and revalidated to a 304), a search asked again (served from the search page
//! cache; `benches/search.rs` measures searches rendered), and a connection's response
//! accounting. Budgets: a fixed GET well under a microsecond of handler time; a 20-item batch
//! under 20 µs.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use consultancy_api::auth::{Keys, token};
use consultancy_api::clock::{Clock, SystemClock};
use consultancy_api::http::App;
use consultancy_api::http::access_log::AccessLog;
use consultancy_api::http::flow::Flow;
use consultancy_api::http::gauges::Gauges;
use consultancy_api::limits::rate::RateLimiter;
use consultancy_api::ops::export::parties;
use consultancy_api::route::Route;
use consultancy_api::tables::EXPORT_ETAG_BR;
use consultancy_api::wire::Body;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use http::Request;
use http_body_util::{BodyExt, Full};

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn app() -> App {
    App::new(u32::MAX, Keys::from_hex(KEY, None).expect("key"), Arc::new(SystemClock), false)
}

fn get(path: &str) -> Request<Full<Bytes>> {
    Request::get(path).header("host", "localhost").body(Full::new(Bytes::new())).expect("request")
}

fn post(path: &str, body: &'static str) -> Request<Full<Bytes>> {
    Request::post(path)
        .header("host", "localhost")
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from_static(body.as_bytes())))
        .expect("request")
}

/// The path of page `pages + 1` of the search `first`, following `nextCursor` through `app`.
fn deep_cursor_path(
    runtime: &tokio::runtime::Runtime,
    app: &App,
    first: &str,
    pages: usize,
) -> String {
    let peer: IpAddr = [127, 0, 0, 1].into();
    let mut path = first.to_string();
    for _ in 0..pages {
        let response = runtime.block_on(app.handle(get(&path), peer));
        let body =
            runtime.block_on(response.into_body().collect()).expect("a whole body").to_bytes();
        let page: serde_json::Value = serde_json::from_slice(&body).expect("a page");
        let cursor = page["nextCursor"].as_str().expect("the walk has more pages");
        path = format!("{first}&cursor={cursor}");
    }
    path
}

/// What a parsed path must be, checked inside the timed closure.
type RouteCheck = fn(&Route) -> bool;

/// One export request: name, extra headers, expected status.
type ExportCase = (&'static str, &'static [(&'static str, &'static str)], u16);

fn routing(c: &mut Criterion) {
    let mut group = c.benchmark_group("route_parse");
    let cases: [(&str, RouteCheck); 4] = [
        ("/v1/services", |route| matches!(route, Route::Fixed(_))),
        ("/guides/defend-against-prompt-injection/index.md", |route| {
            matches!(route, Route::Fixed(_))
        }),
        ("/v1/services/no-such-slug", |route| matches!(route, Route::Missing(_))),
        ("/v1/resources", |route| matches!(route, Route::Resources)),
    ];
    for (path, expected) in cases {
        group.bench_function(path, |b| {
            b.iter(|| {
                let route = Route::parse(black_box(path));
                assert!(expected(&route), "{path} parsed to another kind of route");
                route
            })
        });
    }
    group.finish();
}

fn handle(c: &mut Criterion) {
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
    let app = app();
    let peer: IpAddr = [127, 0, 0, 1].into();
    let mut group = c.benchmark_group("handle");
    for path in ["/v1/services", "/v1/services/mlops", "/guides/"] {
        group.bench_function(format!("fixed_get{path}"), |b| {
            b.to_async(&runtime).iter(|| async {
                let response = app.handle(get(path), peer).await;
                assert_eq!(response.status(), 200);
                response
            })
        });
    }
    // A search asked again: its page comes from the search page cache (the first iteration
    // renders it), so this is routing, the query string, the cache's look-up and the headers.
    for (name, path) in [
        ("terms=3", "/v1/resources?q=model+monitoring+drift&limit=10"),
        ("cursor_page=9", "/v1/resources?q=data&limit=10&cursor=cursor_page_9"),
    ] {
        let path = match path.split_once("cursor=cursor_page_9") {
            Some((first, _)) => deep_cursor_path(&runtime, &app, first.trim_end_matches('&'), 8),
            None => path.to_string(),
        };
        group.bench_function(format!("search_cached_{name}"), |b| {
            b.to_async(&runtime).iter(|| async {
                let response = app.handle(get(&path), peer).await;
                assert_eq!(response.status(), 200);
                response
            })
        });
    }
    // The floor a fixed GET is held to: what the load harness's bare server does per request
    // (the same response's header map, prebuilt, cloned; its body shared), measured the same way.
    let reference = runtime.block_on(app.handle(get("/v1/services/mlops"), peer));
    let (reference, _) = reference.into_parts();
    let reference_body = Bytes::from_static(b"{}");
    group.bench_function("bare_reference/v1/services/mlops", |b| {
        b.to_async(&runtime).iter(|| async {
            let request = get("/v1/services/mlops");
            let mut response = http::Response::new(Full::new(reference_body.clone()));
            *response.status_mut() = reference.status;
            *response.headers_mut() = reference.headers.clone();
            drop(black_box(request));
            assert_eq!(response.status(), 200);
            response
        })
    });
    // The access log on: the request hands an entry to the log's queue; a thread formats it
    // and writes it (here into a sink). Off, as above, nothing of this runs.
    let mut logged = self::app();
    let (log, _writer) = AccessLog::start(Box::new(std::io::sink())).expect("log thread");
    logged.access_log = Some(log);
    group.bench_function("fixed_get/v1/services access_log=on", |b| {
        b.to_async(&runtime).iter(|| async {
            let response = logged.handle(get("/v1/services"), peer).await;
            assert_eq!(response.status(), 200);
            response
        })
    });
    let batch = r#"{"requests":[{"path":"/v1"},{"path":"/v1/services"},{"path":"/v1/services/mlops"},{"path":"/v1/industries"},{"path":"/v1/case-studies"},{"path":"/v1/resources/categories"},{"path":"/v1/contact"},{"path":"/v1/ai-readiness/questions"},{"path":"/v1/services/ai-strategy"},{"path":"/v1/services/data-strategy"},{"path":"/v1"},{"path":"/v1/services"},{"path":"/v1/services/mlops"},{"path":"/v1/industries"},{"path":"/v1/case-studies"},{"path":"/v1/resources/categories"},{"path":"/v1/contact"},{"path":"/v1/services/responsible-ai"},{"path":"/v1/services/ai-strategy"},{"path":"/v1/services/data-strategy"}]}"#;
    group.bench_function("batch_20_fixed", |b| {
        b.to_async(&runtime).iter(|| async {
            let response = app.handle(post("/v1/batch", batch), peer).await;
            assert_eq!(response.status(), 200);
            response
        })
    });
    group.bench_function("score_16_indices", |b| {
        b.to_async(&runtime).iter(|| async {
            let response = app
                .handle(
                    post(
                        "/v1/ai-readiness/score",
                        r#"{"answers":[2,0,1,2,3,4,0,1,2,3,4,0,1,2,3,4]}"#,
                    ),
                    peer,
                )
                .await;
            assert_eq!(response.status(), 200);
            response
        })
    });
    let keys = Keys::from_hex(KEY, None).expect("key");
    let bearer = format!(
        "Bearer {}",
        token::issue(&keys, parties(), "lc_bench", SystemClock.now_ms() / 1000)
    );
    let export_cases: [ExportCase; 3] = [
        ("export_valid_token/identity", &[], 200),
        ("export_valid_token/br", &[("accept-encoding", "gzip, deflate, br")], 200),
        (
            "export_valid_token/br_not_modified",
            &[("accept-encoding", "gzip, deflate, br"), ("if-none-match", EXPORT_ETAG_BR)],
            304,
        ),
    ];
    for (name, headers, status) in export_cases {
        let request = || {
            let mut builder = Request::get("/v1/export")
                .header("host", "localhost")
                .header("authorization", &bearer);
            for (name, value) in headers {
                builder = builder.header(*name, *value);
            }
            builder.body(Full::new(Bytes::new())).expect("request")
        };
        group.bench_function(name, |b| {
            b.to_async(&runtime).iter(|| async {
                let response = app.handle(request(), peer).await;
                assert_eq!(response.status(), status);
                response
            })
        });
    }
    group.finish();
}

/// The rate limiter alone: one thread, then two threads at once on distinct addresses. With
/// sharding, the per-check time on two threads stays close to one thread's.
fn limiter(c: &mut Criterion) {
    let limiter = RateLimiter::new(u32::MAX);
    let mut group = c.benchmark_group("rate_limiter");
    group.bench_function("check_1_thread", |b| {
        let mut n = 0u32;
        b.iter(|| {
            n = n.wrapping_add(1);
            let decision = limiter.check(IpAddr::from((n % 4096).to_be_bytes()), 1_000);
            assert!(decision.allowed, "a limit of u32::MAX refuses nothing");
            decision
        })
    });
    group.bench_function("check_2_threads", |b| {
        b.iter_custom(|iterations| {
            let start = Instant::now();
            std::thread::scope(|scope| {
                for thread in 0..2u32 {
                    let limiter = &limiter;
                    scope.spawn(move || {
                        for n in 0..iterations as u32 {
                            let ip = IpAddr::from(((thread << 16) | (n % 4096)).to_be_bytes());
                            assert!(black_box(limiter.check(ip, 1_000)).allowed);
                        }
                    });
                }
            });
            start.elapsed()
        })
    });
    group.finish();
}

/// A connection's response accounting (`http::flow`) around one 2 KB response, against the same
/// body collected without it: what the silent-socket defences cost every response.
fn flow(c: &mut Criterion) {
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
    let flow = Flow::new(256 * 1024, Arc::new(Gauges::default()));
    let bytes = Bytes::from_static(&[b'x'; 2048]);
    let mut group = c.benchmark_group("flow");
    group.bench_function("response_2kb", |b| {
        b.to_async(&runtime).iter(|| async {
            let in_service = flow.enter();
            let turn = flow.admit(true).await;
            let body = flow.track(Body::full(bytes.clone()), false);
            drop((turn, in_service));
            let collected = body.collect().await.expect("body").to_bytes();
            assert_eq!(collected.len(), 2048);
            collected
        })
    });
    group.bench_function("response_2kb_untracked", |b| {
        b.to_async(&runtime).iter(|| async {
            let collected = Body::full(bytes.clone()).collect().await.expect("body").to_bytes();
            assert_eq!(collected.len(), 2048);
            collected
        })
    });
    group.finish();
}

criterion_group!(benches, routing, handle, limiter, flow);
criterion_main!(benches);
