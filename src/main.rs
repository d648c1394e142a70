//! `consultancy-api`: read the configuration, bind (or adopt the socket the service manager
//! passes), serve, shut down gracefully.
//!
//! Flags: `--listen ADDR` (default 127.0.0.1:8080), `--rate-limit N` (requests per minute per
//! client, default 300), `--max-connections-per-ip N` (default 64, 0 for none), `--trust-proxy`
//! or `--trusted-proxy CIDR` (repeatable),
//! `--ipv6-prefix N` (IPv6 clients are keyed by this prefix, default 64), `--access-log`,
//! `--metrics-listen ADDR`, `--search-cache-kib N` (the search page cache's budget, default
//! 2048, 0 for none), `--check`, `--help`, `--version`. Environment: `TOKEN_KEY` (hex, at
//! least 32 bytes) and `TOKEN_KEY_PREVIOUS` (accepted for verification during a rotation), or
//! the systemd credentials `token-key` and `token-key-previous`; `LISTEN_FDS`/`LISTEN_PID`
//! (socket activation). SIGTERM, SIGINT and SIGHUP stop it gracefully; a second one stops it
//! at once (`StopSignals`).

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use consultancy_api::api::page_cache::{self, DEFAULT_BUDGET_KIB, MAX_BUDGET_KIB};
use consultancy_api::auth::Keys;
use consultancy_api::clock::SystemClock;
use consultancy_api::http::App;
use consultancy_api::http::access_log::AccessLog;
use consultancy_api::http::admin::serve_metrics;
use consultancy_api::http::server::{ServerOptions, serve};
use consultancy_api::limits;
use consultancy_api::limits::client::{Cidr, parse_ipv6_prefix};
use consultancy_api::limits::rate::RateLimiter;
use consultancy_api::limits::{
    IPV6_PREFIX_DEFAULT, MAX_CONNECTIONS_PER_IP_DEFAULT, RATE_LIMIT_DEFAULT,
};
use consultancy_api::tables;

/// The systemd credential names (`LoadCredential=`) the keys may come from instead of the
/// environment.
const KEY_CREDENTIAL: &str = "token-key";
const PREVIOUS_KEY_CREDENTIAL: &str = "token-key-previous";

fn usage() -> String {
    format!(
        "consultancy-api: the public read API, website and markdown twins, served from embedded content

USAGE:
    consultancy-api [--listen ADDR] [--rate-limit N] [--max-connections-per-ip N]
                    [--trust-proxy | --trusted-proxy CIDR ...] [--ipv6-prefix N]
                    [--access-log] [--metrics-listen ADDR] [--search-cache-kib N] [--check]

OPTIONS:
    --listen ADDR                 address to listen on, unless the service manager passes a
                                  socket (LISTEN_FDS) [default: 127.0.0.1:8080]
    --rate-limit N                requests per minute per client [default: {RATE_LIMIT_DEFAULT}]
    --max-connections-per-ip N    open connections per client (IPv6: per prefix); 0 for no
                                  cap [default: {MAX_CONNECTIONS_PER_IP_DEFAULT}; 0 with --trust-proxy]
    --trust-proxy                 take the client IP from the rightmost X-Forwarded-For entry,
                                  whoever connects (only where nothing but your proxy can)
    --trusted-proxy CIDR          read X-Forwarded-For only on connections from CIDR (an address
                                  or a block such as 10.0.0.0/8; repeat the flag, or separate
                                  with commas); the client is the rightmost entry not in one;
                                  these proxies have no per-address connection cap
    --ipv6-prefix N               count IPv6 clients by their first N bits, 16 to 128 [default: {IPV6_PREFIX_DEFAULT}]
    --access-log                  write one line per request to standard output (Common Log
                                  Format plus microseconds taken)
    --metrics-listen ADDR         serve Prometheus metrics at http://ADDR/metrics [default: off]
    --search-cache-kib N          memory for search pages asked lately, served again without
                                  searching; 0 for none, at most {MAX_BUDGET_KIB} [default: {DEFAULT_BUDGET_KIB}]
    --check                       validate the configuration (flags, key, addresses) and exit:
                                  0 if it is usable, 2 if not
    -h, --help                    print this help
    -V, --version                 print the version

ENVIRONMENT:
    TOKEN_KEY           hex signing key for OAuth secrets and tokens, at least 32 bytes;
                        unset: a random key per process (tokens die with it)
    TOKEN_KEY_PREVIOUS  the previous key, still accepted for verification during a rotation
    CREDENTIALS_DIRECTORY
                        systemd credentials: `{KEY_CREDENTIAL}` and `{PREVIOUS_KEY_CREDENTIAL}` are read
                        from here when the variables above are unset
    LISTEN_FDS, LISTEN_PID
                        socket activation: serve the first socket passed instead of binding

SIGNALS:
    SIGTERM, SIGINT, SIGHUP
                        stop gracefully: no new connections, requests in flight get up to
                        {grace} s; a second signal stops at once. SIGHUP reloads nothing
",
        grace = limits::SHUTDOWN_GRACE.as_secs()
    )
}

#[derive(Debug)]
struct Options {
    /// `None`: not given; the default applies unless a socket is passed.
    listen: Option<SocketAddr>,
    rate_limit: u32,
    /// `None`: the default, which depends on `trust_proxy`.
    max_connections_per_ip: Option<usize>,
    trust_proxy: bool,
    /// `--trusted-proxy`: the proxies whose `X-Forwarded-For` is read; empty with `trust_proxy`
    /// means every connection's.
    trusted_proxies: Vec<Cidr>,
    ipv6_prefix: u8,
    access_log: bool,
    metrics_listen: Option<SocketAddr>,
    search_cache_kib: usize,
    check: bool,
}

impl Options {
    /// Behind `--trust-proxy` every connection comes from the proxy, so the per-address cap
    /// is off unless asked for. Listed proxies (`--trusted-proxy`) are exempt from it, and
    /// everyone else keeps it.
    fn connections_per_ip(&self) -> usize {
        self.max_connections_per_ip.unwrap_or(
            if self.trust_proxy && self.trusted_proxies.is_empty() {
                0
            } else {
                MAX_CONNECTIONS_PER_IP_DEFAULT
            },
        )
    }
}

const DEFAULT_LISTEN: ([u8; 4], u16) = ([127, 0, 0, 1], 8080);

enum Parsed {
    Run(Options),
    Exit(String),
}

fn parse_address(flag: &str, text: &str) -> Result<SocketAddr, String> {
    text.parse().map_err(|_| format!("{flag} `{text}` is not an address like 127.0.0.1:8080"))
}

/// The flags that take no value.
const SWITCHES: [&str; 7] =
    ["--trust-proxy", "--access-log", "--check", "-h", "--help", "-V", "--version"];

/// The error for a value given to a flag that takes none. `--trust-proxy=10.0.0.1` would
/// otherwise read as "trust only 10.0.0.1" and silently trust whatever connects.
fn takes_no_value(flag: &str, value: &str) -> String {
    if flag == "--trust-proxy" {
        format!(
            "--trust-proxy takes no address, IP or CIDR (given `{value}`): it trusts the \
             X-Forwarded-For of every connection, so give it alone, and only where nothing but \
             your proxy can connect (listen on 127.0.0.1 or a private address); to trust only \
             some addresses, use --trusted-proxy CIDR"
        )
    } else {
        format!("{flag} takes no value (given `{value}`); leave the flag out to turn it off")
    }
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut options = Options {
        listen: None,
        rate_limit: RATE_LIMIT_DEFAULT,
        max_connections_per_ip: None,
        trust_proxy: false,
        trusted_proxies: Vec::new(),
        ipv6_prefix: IPV6_PREFIX_DEFAULT,
        access_log: false,
        metrics_listen: None,
        search_cache_kib: DEFAULT_BUDGET_KIB,
        check: false,
    };
    let mut args = args.peekable();
    // The flag before this argument, if it takes no value: a stray value after it is named so.
    let mut after_switch: Option<String> = None;
    // The value flags seen so far (a handful at most).
    let mut given: Vec<String> = Vec::new();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let previous = after_switch.take();
        // A flag that takes one value, given twice, is refused rather than the last taken:
        // `--listen a --listen b` reads as two listeners, and the server has one.
        if flag.starts_with("--") && flag != "--trusted-proxy" && !SWITCHES.contains(&flag.as_str())
        {
            if given.contains(&flag) {
                return Err(format!("{flag} is given twice; it takes one value"));
            }
            given.push(flag.clone());
        }
        if SWITCHES.contains(&flag.as_str()) {
            if let Some(value) = &inline {
                return Err(takes_no_value(&flag, value));
            }
            after_switch = Some(flag.clone());
        }
        let mut value = |name: &str| {
            inline.clone().or_else(|| args.next()).ok_or(format!("{name} needs a value"))
        };
        match flag.as_str() {
            "--listen" => options.listen = Some(parse_address("--listen", &value("--listen")?)?),
            "--rate-limit" => {
                let text = value("--rate-limit")?;
                options.rate_limit = text
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or(format!("--rate-limit `{text}` is not a positive whole number"))?;
            }
            "--max-connections-per-ip" => {
                let text = value("--max-connections-per-ip")?;
                options.max_connections_per_ip = Some(text.parse().map_err(|_| {
                    format!(
                        "--max-connections-per-ip `{text}` is not a whole number (0 for no cap)"
                    )
                })?);
            }
            "--trust-proxy" => options.trust_proxy = true,
            "--trusted-proxy" => {
                for block in value("--trusted-proxy")?.split(',') {
                    let cidr = Cidr::parse(block.trim())
                        .map_err(|error| format!("--trusted-proxy {error}"))?;
                    options.trusted_proxies.push(cidr);
                }
            }
            "--ipv6-prefix" => options.ipv6_prefix = parse_ipv6_prefix(&value("--ipv6-prefix")?)?,
            "--access-log" => options.access_log = true,
            "--metrics-listen" => {
                options.metrics_listen =
                    Some(parse_address("--metrics-listen", &value("--metrics-listen")?)?);
            }
            "--search-cache-kib" => {
                let text = value("--search-cache-kib")?;
                options.search_cache_kib = text
                    .parse()
                    .ok()
                    .filter(|kib| *kib <= MAX_BUDGET_KIB)
                    .ok_or(format!(
                    "--search-cache-kib `{text}` is not a whole number from 0 to {MAX_BUDGET_KIB}"
                ))?;
            }
            "--check" => options.check = true,
            "-h" | "--help" => return Ok(Parsed::Exit(usage())),
            "-V" | "--version" => {
                let flavour = if tables::SANDBOX { " (sandbox)" } else { "" };
                return Ok(Parsed::Exit(format!(
                    "consultancy-api {}{flavour}\n",
                    env!("CARGO_PKG_VERSION")
                )));
            }
            other => {
                return Err(match previous {
                    Some(switch) if !other.starts_with('-') => takes_no_value(&switch, other),
                    _ => format!("unknown argument `{other}`; see --help"),
                });
            }
        }
    }
    if options.trust_proxy && !options.trusted_proxies.is_empty() {
        return Err("--trust-proxy trusts every connection and --trusted-proxy only those it \
                    lists: give one of them"
            .to_string());
    }
    // Listing proxies is trusting them.
    options.trust_proxy |= !options.trusted_proxies.is_empty();
    Ok(Parsed::Run(options))
}

/// The metrics address checked against the address actually served: the passed socket's, else
/// `--listen` or its default. Checked only once the passed socket is known, so `--check` and
/// start-up refuse `--metrics-listen 127.0.0.1:8080` without `--listen` too (it took the
/// default's port: `--check` said usable, and start-up bound the API and then failed, exit 1).
fn metrics_overlap(
    options: &Options,
    inherited: Option<&std::net::TcpListener>,
) -> Result<(), String> {
    let listen = match inherited {
        Some(listener) => listener.local_addr().ok(),
        None => Some(options.listen.unwrap_or_else(|| SocketAddr::from(DEFAULT_LISTEN))),
    };
    match (listen, options.metrics_listen) {
        (Some(listen), Some(metrics)) if overlap(listen, metrics) => Err(format!(
            "--metrics-listen {metrics} overlaps --listen {listen}: the same port on the same \
             address, or on every address (0.0.0.0, [::]); give the metrics a port of their own"
        )),
        _ => Ok(()),
    }
}

/// Where the client address comes from, for `--check`.
fn client_source(options: &Options) -> String {
    if !options.trust_proxy {
        return "the connection".to_string();
    }
    if options.trusted_proxies.is_empty() {
        return "the rightmost X-Forwarded-For entry".to_string();
    }
    let proxies: Vec<String> = options.trusted_proxies.iter().map(ToString::to_string).collect();
    format!(
        "the rightmost X-Forwarded-For entry not a trusted proxy, on connections from {} (no \
         per-address connection cap for them); the connection otherwise",
        proxies.join(", ")
    )
}

/// Whether binding both addresses would clash: the same port (0 picks a free one) on the same
/// address, or on every address (an unspecified address takes the port on all of them).
fn overlap(a: SocketAddr, b: SocketAddr) -> bool {
    a.port() == b.port()
        && a.port() != 0
        && (a.ip() == b.ip() || a.ip().is_unspecified() || b.ip().is_unspecified())
}

/// Where the keys came from, for `--check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeySource {
    Environment,
    Credential,
    Random,
}

/// A key's hex text from the environment variable `variable` or the systemd credential
/// `credential`; both set is an error (which one is meant?).
fn key_text(variable: &str, credential: &str) -> Result<Option<(String, KeySource)>, String> {
    let from_env = std::env::var(variable).ok().filter(|v| !v.is_empty());
    let from_credential = match std::env::var_os("CREDENTIALS_DIRECTORY") {
        Some(dir) => {
            let path = std::path::Path::new(&dir).join(credential);
            match std::fs::read_to_string(&path) {
                Ok(text) => Some(text.trim().to_string()).filter(|t| !t.is_empty()),
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
                Err(error) => {
                    return Err(format!("cannot read the credential {}: {error}", path.display()));
                }
            }
        }
        None => None,
    };
    match (from_env, from_credential) {
        (Some(_), Some(_)) => Err(format!(
            "{variable} is set both in the environment and as the credential `{credential}`; set one"
        )),
        (Some(text), None) => Ok(Some((text, KeySource::Environment))),
        (None, Some(text)) => Ok(Some((text, KeySource::Credential))),
        (None, None) => Ok(None),
    }
}

fn load_keys() -> Result<(Keys, KeySource), String> {
    let previous = key_text("TOKEN_KEY_PREVIOUS", PREVIOUS_KEY_CREDENTIAL)?;
    match key_text("TOKEN_KEY", KEY_CREDENTIAL)? {
        Some((current, source)) => {
            let keys = Keys::from_hex(&current, previous.as_ref().map(|(p, _)| p.as_str()))?;
            Ok((keys, source))
        }
        None => {
            if previous.is_some() {
                return Err("TOKEN_KEY_PREVIOUS is set without TOKEN_KEY".into());
            }
            Ok((Keys::random()?, KeySource::Random))
        }
    }
}

/// The listening socket passed by a service manager (`LISTEN_FDS`), if any. Read before any
/// thread starts: the variables are removed from the environment once read.
fn inherited_listener() -> Result<Option<std::net::TcpListener>, String> {
    let mut passed = listenfd::ListenFd::from_env();
    if passed.len() == 0 {
        return Ok(None);
    }
    if passed.len() > 1 {
        consultancy_api::log_line!(
            "warning: {} sockets were passed (LISTEN_FDS); serving the first, ignoring the rest",
            passed.len()
        );
    }
    match passed.take_tcp_listener(0) {
        Ok(Some(listener)) => Ok(Some(listener)),
        Ok(None) => Ok(None),
        Err(error) => {
            Err(format!("the socket passed in LISTEN_FDS is not a TCP listener: {error}"))
        }
    }
}

/// The signals that stop the server: SIGTERM, SIGINT and SIGHUP. The first starts the graceful
/// stop (the drain); a second one, of any of them, stops at once. SIGHUP is a stop like
/// SIGTERM, not a reload: there is no configuration file to read again, and left at its
/// default it would end the process without the drain.
///
/// The handlers are installed by [`StopSignals::install`], not when a future is first polled,
/// so a signal that arrives right after start-up is never missed.
struct StopSignals {
    #[cfg(unix)]
    signals: Vec<(tokio::signal::unix::Signal, &'static str)>,
}

impl StopSignals {
    /// Must run inside the runtime.
    fn install() -> StopSignals {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let signals = [
                (SignalKind::terminate(), "SIGTERM"),
                (SignalKind::interrupt(), "SIGINT"),
                (SignalKind::hangup(), "SIGHUP"),
            ]
            .into_iter()
            .filter_map(|(kind, name)| match signal(kind) {
                Ok(signal) => Some((signal, name)),
                Err(error) => {
                    consultancy_api::log_line!("warning: cannot handle {name}: {error}");
                    None
                }
            })
            .collect();
            StopSignals { signals }
        }
        #[cfg(not(unix))]
        StopSignals {}
    }

    /// The next stop signal's name.
    async fn next(&mut self) -> &'static str {
        #[cfg(unix)]
        if !self.signals.is_empty() {
            return std::future::poll_fn(|cx| {
                for (signal, name) in &mut self.signals {
                    if signal.poll_recv(cx).is_ready() {
                        return std::task::Poll::Ready(*name);
                    }
                }
                std::task::Poll::Pending
            })
            .await;
        }
        let _ = tokio::signal::ctrl_c().await;
        "SIGINT"
    }

    /// Resolves at the second stop signal; `first` is told of the first one, which starts the
    /// drain.
    async fn stop_twice(mut self, first: tokio::sync::oneshot::Sender<()>) {
        let name = self.next().await;
        consultancy_api::log_line!(
            "{name}: stopping; requests in flight get up to {} s (a second signal stops at once)",
            limits::SHUTDOWN_GRACE.as_secs()
        );
        let _ = first.send(());
        let name = self.next().await;
        consultancy_api::log_line!(
            "{name} again: stopping now, without waiting for requests in flight"
        );
    }
}

/// `--check`: says what this configuration would do, and whether it can; exit code 0 or 2.
fn check(
    options: &Options,
    inherited: Option<&std::net::TcpListener>,
    keys: &Result<(Keys, KeySource), String>,
) -> ExitCode {
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let flavour = if tables::SANDBOX { "sandbox" } else { "production" };
    notes.push(format!(
        "build: consultancy-api {} ({flavour}); API origin {}, auth {}, site {}, agents {}",
        env!("CARGO_PKG_VERSION"),
        tables::API_BASE,
        tables::AUTH_URL,
        tables::SITE_URL,
        tables::AGENT_URL
    ));
    if tables::API_BASE.contains("127.0.0.1") || tables::API_BASE.contains("localhost") {
        notes.push(
            "warning: built with a local API origin; a production build sets CONSULTANCY_BASE_URL (see deploy/README.md)"
                .into(),
        );
    }
    match keys {
        Ok((_, KeySource::Environment)) => notes.push("key: TOKEN_KEY from the environment".into()),
        Ok((_, KeySource::Credential)) => {
            notes.push(format!("key: the systemd credential `{KEY_CREDENTIAL}`"));
        }
        Ok((_, KeySource::Random)) => errors.push(
            "TOKEN_KEY is not set (nor the credential `token-key`): each process would sign with its own random key, so tokens and client secrets would not survive a restart or work on another replica".to_string(),
        ),
        Err(message) => errors.push(message.clone()),
    }
    if let Ok((keys, _)) = keys
        && keys.previous.is_some()
    {
        notes.push("key: a previous key is accepted for verification (rotation)".into());
    }
    match inherited {
        Some(listener) => match listener.local_addr() {
            Ok(addr) => {
                notes.push(format!("listen: {addr}, the socket passed by the service manager"))
            }
            Err(error) => errors.push(format!("the passed socket has no local address: {error}")),
        },
        None => {
            let addr = options.listen.unwrap_or_else(|| SocketAddr::from(DEFAULT_LISTEN));
            check_bindable("listen", addr, &mut notes, &mut errors);
        }
    }
    if let Some(addr) = options.metrics_listen {
        check_bindable("metrics", addr, &mut notes, &mut errors);
    }
    notes.push(format!(
        "limits: {} requests a minute per client; IPv6 clients counted per /{}; client address from {}",
        options.rate_limit,
        options.ipv6_prefix,
        client_source(options)
    ));
    notes.push(match options.connections_per_ip() {
        0 => format!("connections: at most {} open; no per-address cap", limits::MAX_CONNECTIONS),
        cap => format!(
            "connections: at most {} open; {cap} per client address",
            limits::MAX_CONNECTIONS
        ),
    });
    notes.push(match options.search_cache_kib {
        0 => "search page cache: off".to_string(),
        kib => format!("search page cache: up to {kib} KiB"),
    });
    notes.push(format!(
        "access log: {}",
        if options.access_log { "on, to standard output" } else { "off" }
    ));
    for note in &notes {
        println!("{note}");
    }
    for error in &errors {
        println!("error: {error}");
    }
    if errors.is_empty() {
        println!("ok: the configuration is usable");
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// Binds `addr` and lets it go again. An address in use is not an error here: a running
/// instance, or the socket unit that will pass it, may hold it.
fn check_bindable(what: &str, addr: SocketAddr, notes: &mut Vec<String>, errors: &mut Vec<String>) {
    match std::net::TcpListener::bind(addr) {
        Ok(_) => notes.push(format!("{what}: {addr}, free to bind")),
        Err(error) if error.kind() == std::io::ErrorKind::AddrInUse => notes.push(format!(
            "{what}: {addr} is in use now (a running instance or its socket unit); it must be free when this one starts"
        )),
        Err(error) => errors.push(format!("cannot listen on {addr} ({what}): {error}")),
    }
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(Parsed::Run(options)) => options,
        Ok(Parsed::Exit(text)) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            consultancy_api::log_line!("error: {message}");
            return ExitCode::from(2);
        }
    };
    // Before any thread exists: reading LISTEN_FDS also removes it from the environment.
    let inherited = match inherited_listener() {
        Ok(inherited) => inherited,
        Err(message) => {
            consultancy_api::log_line!("error: {message}");
            return ExitCode::from(2);
        }
    };
    if let Err(message) = metrics_overlap(&options, inherited.as_ref()) {
        consultancy_api::log_line!("error: {message}");
        return ExitCode::from(2);
    }
    let keys = load_keys();
    if options.check {
        return check(&options, inherited.as_ref(), &keys);
    }
    page_cache::configure(options.search_cache_kib);
    let keys = match keys {
        Ok((keys, source)) => {
            if source == KeySource::Random {
                consultancy_api::log_line!(
                    "warning: TOKEN_KEY is not set; using a random key, so client secrets and tokens die with this process"
                );
            }
            keys
        }
        Err(message) => {
            consultancy_api::log_line!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let (access_log, log_writer) = if options.access_log {
        match AccessLog::start(Box::new(std::io::stdout())) {
            Ok((log, writer)) => (Some(log), Some(writer)),
            Err(error) => {
                consultancy_api::log_line!("error: cannot start the access-log writer: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        (None, None)
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            consultancy_api::log_line!("error: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(async move {
        let passed = inherited.is_some();
        let listener = match inherited {
            Some(listener) => listener
                .set_nonblocking(true)
                .and_then(|()| tokio::net::TcpListener::from_std(listener))
                .map_err(|error| format!("cannot use the socket passed in LISTEN_FDS: {error}")),
            None => {
                let addr = options.listen.unwrap_or_else(|| SocketAddr::from(DEFAULT_LISTEN));
                tokio::net::TcpListener::bind(addr)
                    .await
                    .map_err(|error| format!("cannot listen on {addr}: {error}"))
            }
        };
        let listener = match listener {
            Ok(listener) => listener,
            Err(message) => {
                consultancy_api::log_line!("error: {message}");
                return ExitCode::FAILURE;
            }
        };
        let metrics_listener = match options.metrics_listen {
            Some(addr) => match tokio::net::TcpListener::bind(addr).await {
                Ok(listener) => Some(listener),
                Err(error) => {
                    consultancy_api::log_line!("error: cannot listen on {addr} (metrics): {error}");
                    return ExitCode::FAILURE;
                }
            },
            None => None,
        };
        // Install the signal handlers before announcing the address: a supervisor may signal
        // as soon as it reads that line.
        let signals = StopSignals::install();
        let local = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
        let flavour = if tables::SANDBOX { "sandbox" } else { "production" };
        let origin = if passed { " (socket passed by the service manager)" } else { "" };
        consultancy_api::log_line!(
            "consultancy-api {} ({flavour}) listening on http://{local}{origin}",
            env!("CARGO_PKG_VERSION")
        );
        if passed && options.listen.is_some() {
            consultancy_api::log_line!("note: --listen is ignored; the passed socket is served");
        }
        let limiter = RateLimiter::new(options.rate_limit).with_ipv6_prefix(options.ipv6_prefix);
        let mut app = App::with_limiter(limiter, keys, Arc::new(SystemClock), options.trust_proxy);
        app.trusted_proxies = options.trusted_proxies.clone();
        app.access_log = access_log;
        let app = Arc::new(app);
        let server_options = ServerOptions {
            max_connections_per_ip: options.connections_per_ip(),
            ..ServerOptions::default()
        };
        let metrics_server = metrics_listener.map(|listener| {
            if let Ok(addr) = listener.local_addr() {
                consultancy_api::log_line!("metrics on http://{addr}/metrics");
            }
            let connections = server_options.gauges.clone();
            tokio::spawn(serve_metrics(listener, app.clone(), connections, std::future::pending()))
        });
        let (first_signal, drain) = tokio::sync::oneshot::channel();
        let drain = async move {
            // A dropped sender (no signal can come) never stops the server.
            if drain.await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        tokio::select! {
            () = serve(listener, app, server_options, drain) => {}
            // The second signal: the drain is dropped mid-way, and with the runtime every
            // connection still open.
            () = signals.stop_twice(first_signal) => {}
        }
        if let Some(metrics_server) = metrics_server {
            metrics_server.abort();
        }
        consultancy_api::log_line!("consultancy-api stopped");
        ExitCode::SUCCESS
    });
    // Dropping the runtime drops the last holders of the access log's sender, so its writer
    // flushes what is queued and ends, unless standard output has stopped being read: then
    // it is given `ACCESS_LOG_FLUSH_WAIT` and left behind, so a stalled log reader never
    // holds up a stop (the lines were always droppable).
    drop(runtime);
    if let Some(writer) = log_writer {
        let deadline = std::time::Instant::now() + limits::ACCESS_LOG_FLUSH_WAIT;
        while !writer.is_finished() && std::time::Instant::now() < deadline {
            std::thread::sleep(limits::ACCESS_LOG_FLUSH_WAIT / 100);
        }
        if writer.is_finished() {
            let _ = writer.join();
        } else {
            consultancy_api::log_line!(
                "note: standard output is not being read; the access log's last lines are lost"
            );
        }
    }
    code
}
