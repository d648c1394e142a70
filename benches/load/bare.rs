//! The reference server of the load harness: bare hyper 1.x (HTTP/1.1 with keep-alive, one
//! `serve_connection` per accepted socket, nothing else) on the same tokio runtime as the
//! service, answering each benchmarked request with a response computed once at start-up.
//!
//! The responses are the service's own: at start-up every request listed in the requests
//! file is run once through `App::handle` in process (an export request first gets a token
//! from the in-process OAuth endpoints), and the status, headers and body are kept. So the
//! bytes and the headers on the wire are the service's, and the difference between the two
//! servers is what the service does per request (routing, limits, search, scoring, the
//! connection deadlines), not what it sends.
//!
//! ```sh
//! bare --listen 127.0.0.1:18082 --requests benches/load/requests.txt
//! ```
//!
//! The requests file has one request a line, `name METHOD PATH [BODY_FILE]`, as `run.sh`
//! reads it; a request not in the file is 404 with an empty body. Every request must succeed
//! (a failure is a broken harness: a missing token, a wrong body file), except one whose name
//! ends in `-404`, which must be answered 404 (a mistyped page, priced like any other).
//!
//! A path ending in `cursor=@N` asks for page N of a cursor walk: at start-up the query is
//! walked through `App::handle` page by page and `@N` becomes the cursor of page N (cursors
//! are fixed for a build, so the service accepts the same one). `--resolve` prints the file
//! with those cursors filled in and exits, so `run.sh` sends exactly what this server answers.
//!
//! `--repeat NAME N` serves nothing: it runs the request named NAME N times through
//! `App::handle` in process and exits, for counting instructions a request costs
//! (`benches/load/icount.sh` runs it under callgrind with two values of N and subtracts,
//! counting only `App::handle` and dropping its response, not the harness building each
//! request).
//! `--search-cache-kib N` gives the service's search page cache that budget first, as the
//! flag of the same name does; with 0, every repeated search is rendered as on a miss.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use consultancy_api::auth::Keys;
use consultancy_api::clock::SystemClock;
use consultancy_api::http::App;
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use serde_json::Value;

/// The key the harness gives both servers, so tokens from one work on the other.
const KEY_ENV: &str = "TOKEN_KEY";

/// A finished response, as the service sent it once.
struct Canned {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

type Table = HashMap<(Method, String), Canned>;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut listen: SocketAddr = SocketAddr::from(([127, 0, 0, 1], 18082));
    let mut requests = None;
    let mut repeat: Option<(String, u64)> = None;
    let mut resolve_only = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--listen" => {
                let value = args.next().ok_or("--listen needs an address")?;
                listen = value.parse().map_err(|_| format!("bad address {value}"))?;
            }
            "--requests" => requests = Some(args.next().ok_or("--requests needs a file")?),
            "--repeat" => {
                let name = args.next().ok_or("--repeat needs a request name")?;
                let count = args.next().and_then(|n| n.parse().ok()).ok_or("--repeat needs N")?;
                repeat = Some((name, count));
            }
            "--resolve" => resolve_only = true,
            "--search-cache-kib" => {
                let kib = args.next().and_then(|n| n.parse().ok());
                consultancy_api::api::page_cache::configure(
                    kib.ok_or("--search-cache-kib needs a number")?,
                );
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let requests = requests.ok_or("--requests FILE is required")?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    if let Some((name, count)) = repeat {
        return runtime.block_on(run_repeatedly(Path::new(&requests), &name, count));
    }
    if resolve_only {
        return runtime.block_on(async {
            let app = app()?;
            for line in resolved_lines(&app, Path::new(&requests)).await? {
                let body = line.body_file.as_deref().unwrap_or("");
                println!("{} {} {} {body}", line.name, line.method, line.path);
            }
            Ok(())
        });
    }
    runtime.block_on(async move {
        let table = Arc::new(precompute(Path::new(&requests)).await?);
        let listener = tokio::net::TcpListener::bind(listen).await.map_err(|e| e.to_string())?;
        eprintln!("bare: {} responses, listening on http://{listen}", table.len());
        loop {
            let Ok((stream, _)) = listener.accept().await else { continue };
            let _ = stream.set_nodelay(true);
            let table = table.clone();
            tokio::spawn(async move {
                let service = service_fn(move |request| answer(table.clone(), request));
                let _ = http1::Builder::new().serve_connection(TokioIo::new(stream), service).await;
            });
        }
    })
}

async fn answer(
    table: Arc<Table>,
    request: Request<hyper::body::Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let key = (request.method().clone(), request.uri().to_string());
    // Read the body as the service does, so a POST costs its upload here too.
    let _ = request.into_body().collect().await;
    let Some(canned) = table.get(&key) else {
        let mut missing = Response::new(Full::new(Bytes::new()));
        *missing.status_mut() = StatusCode::NOT_FOUND;
        return Ok(missing);
    };
    let mut response = Response::new(Full::new(canned.body.clone()));
    *response.status_mut() = canned.status;
    *response.headers_mut() = canned.headers.clone();
    Ok(response)
}

/// One line of the requests file.
struct Line {
    name: String,
    method: Method,
    path: String,
    body: Vec<u8>,
    /// The body's file as the requests file names it.
    body_file: Option<String>,
}

impl Line {
    /// 404 for a request named `…-404`, any success for the others.
    fn answered_as_expected(&self, status: StatusCode) -> bool {
        if self.name.ends_with("-404") {
            status == StatusCode::NOT_FOUND
        } else {
            status.is_success()
        }
    }
}

fn read_lines(requests: &Path) -> Result<Vec<Line>, String> {
    let text = std::fs::read_to_string(requests).map_err(|e| format!("{requests:?}: {e}"))?;
    let base = requests.parent().unwrap_or(Path::new("."));
    let mut lines = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (name, method, path) = match fields.as_slice() {
            [name, method, path, ..] => (*name, *method, *path),
            _ => return Err(format!("bad line: {line}")),
        };
        let body = match fields.get(3) {
            Some(file) => std::fs::read(base.join(file)).map_err(|e| format!("{file}: {e}"))?,
            None => Vec::new(),
        };
        let method: Method = method.parse().map_err(|_| format!("bad method in {line}"))?;
        lines.push(Line {
            name: name.to_string(),
            method,
            path: path.to_string(),
            body,
            body_file: fields.get(3).map(|f| f.to_string()),
        });
    }
    Ok(lines)
}

/// The requests file with each `cursor=@N` replaced by the cursor of page N of its query.
async fn resolved_lines(app: &App, requests: &Path) -> Result<Vec<Line>, String> {
    let mut lines = read_lines(requests)?;
    for line in &mut lines {
        let Some((base, page)) = line.path.rsplit_once("cursor=@") else { continue };
        let page: u32 =
            page.parse().map_err(|_| format!("{}: bad page in {}", line.name, line.path))?;
        let base = base.trim_end_matches('&');
        let mut cursor: Option<String> = None;
        for at in 1..page {
            let path = match &cursor {
                Some(c) => format!("{base}&cursor={c}"),
                None => base.to_string(),
            };
            let get = Request::get(path)
                .header("host", "localhost")
                .body(Full::new(Bytes::new()))
                .map_err(|e| e.to_string())?;
            let listed = json(app.handle(get, IpAddr::from([127, 0, 0, 1])).await).await?;
            cursor = Some(
                listed["nextCursor"]
                    .as_str()
                    .ok_or(format!("{}: {base} has no page {}", line.name, at + 1))?
                    .to_string(),
            );
        }
        line.path = match cursor {
            Some(c) => format!("{base}&cursor={c}"),
            None => base.to_string(),
        };
    }
    Ok(lines)
}

fn app() -> Result<App, String> {
    let key = std::env::var(KEY_ENV).map_err(|_| format!("{KEY_ENV} must be set"))?;
    let keys = Keys::from_hex(&key, None)?;
    Ok(App::new(u32::MAX, keys, Arc::new(SystemClock), false))
}

/// The request of `line` as wrk sends it (a JSON body's content type, the export's token).
fn request(line: &Line, token: &str) -> Result<Request<Full<Bytes>>, String> {
    // HTTP/1.1 names its host (RFC 9112): wrk sends `Host`, and the service refuses a request without one.
    let mut request =
        Request::builder().method(line.method.clone()).uri(&line.path).header("host", "localhost");
    if !line.body.is_empty() {
        request = request.header("content-type", "application/json");
    }
    if line.path == "/v1/export" {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    request.body(Full::new(Bytes::from(line.body.clone()))).map_err(|e| e.to_string())
}

/// Runs every request of the file once through the service in process.
async fn precompute(requests: &Path) -> Result<Table, String> {
    let app = app()?;
    let peer = IpAddr::from([127, 0, 0, 1]);
    let token = export_token(&app, peer).await?;
    let mut table = Table::new();
    for line in resolved_lines(&app, requests).await? {
        let response = app.handle(request(&line, &token)?, peer).await;
        let (parts, body) = response.into_parts();
        let body = body.collect().await.map_err(|e| e.to_string())?.to_bytes();
        if !line.answered_as_expected(parts.status) {
            return Err(format!("{}: the service answers {}", line.name, parts.status));
        }
        let canned = Canned { status: parts.status, headers: parts.headers, body };
        table.insert((line.method, line.path), canned);
    }
    Ok(table)
}

/// Runs the request named `name` `count` times through the service in process, each response
/// dropped whole as hyper drops it once sent (the body's bytes are all in it: `wire::Body` is
/// never produced lazily).
///
/// What is the service's and what is the harness's are kept apart for `icount.sh`, which has
/// callgrind count only inside the functions named `counted_*` (`--collect-atstart=no
/// --toggle-collect`): polling `App::handle`'s future, and dropping its response. Building the
/// request (its header map, a copy of a POST's body) is the harness's, as parsing it is hyper's
/// on a socket, and is not counted; what the service does with it, dropping it included, is.
async fn run_repeatedly(requests: &Path, name: &str, count: u64) -> Result<(), String> {
    let app = app()?;
    let peer = IpAddr::from([127, 0, 0, 1]);
    let token = export_token(&app, peer).await?;
    let lines = resolved_lines(&app, requests).await?;
    let line = lines.iter().find(|l| l.name == name).ok_or(format!("no request {name}"))?;
    for _ in 0..count {
        let request = request(line, &token)?;
        let mut handled = std::pin::pin!(app.handle(request, peer));
        let response = std::future::poll_fn(|cx| counted_poll(handled.as_mut(), cx)).await;
        if !line.answered_as_expected(response.status()) {
            return Err(format!("{name}: the service answers {}", response.status()));
        }
        counted_drop(response);
    }
    Ok(())
}

/// One poll of the service's future: counted by `icount.sh` (see [`run_repeatedly`]).
#[inline(never)]
fn counted_poll<F: Future>(future: Pin<&mut F>, cx: &mut Context<'_>) -> Poll<F::Output> {
    future.poll(cx)
}

/// Dropping the service's response: counted by `icount.sh` (see [`run_repeatedly`]).
#[inline(never)]
fn counted_drop<T>(value: T) {
    drop(value);
}

/// A bearer token from the in-process OAuth endpoints.
async fn export_token(app: &App, peer: IpAddr) -> Result<String, String> {
    let register = Request::post("/oauth/register")
        .header("host", "localhost")
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from_static(b"{\"client_name\":\"bare\"}")))
        .map_err(|e| e.to_string())?;
    let registered = json(app.handle(register, peer).await).await?;
    let (id, secret) = (
        registered["client_id"].as_str().ok_or("no client_id")?,
        registered["client_secret"].as_str().ok_or("no client_secret")?,
    );
    let form = format!("grant_type=client_credentials&client_id={id}&client_secret={secret}");
    let token = Request::post("/oauth/token")
        .header("host", "localhost")
        .header("content-type", HeaderValue::from_static("application/x-www-form-urlencoded"))
        .body(Full::new(Bytes::from(form)))
        .map_err(|e| e.to_string())?;
    let issued = json(app.handle(token, peer).await).await?;
    Ok(issued["access_token"].as_str().ok_or("no access_token")?.to_string())
}

async fn json(response: Response<consultancy_api::wire::Body>) -> Result<Value, String> {
    let body = response.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    serde_json::from_slice(&body).map_err(|e| e.to_string())
}
