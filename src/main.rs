//! `consultancy-api`: read the configuration, bind, serve, shut down gracefully.
//!
//! Flags: `--listen ADDR` (default 127.0.0.1:8080), `--rate-limit N` (requests per minute per
//! client IP, default 300), `--max-connections-per-ip N` (default 64, 0 for none), `--trust-proxy`,
//! `--help`, `--version`. Environment: `TOKEN_KEY`
//! (hex, at least 32 bytes) and `TOKEN_KEY_PREVIOUS` (accepted for verification during a
//! rotation).

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use consultancy_api::auth::Keys;
use consultancy_api::clock::SystemClock;
use consultancy_api::http::App;
use consultancy_api::http::server::{ServerOptions, serve};
use consultancy_api::limits::{MAX_CONNECTIONS_PER_IP_DEFAULT, RATE_LIMIT_DEFAULT};
use consultancy_api::tables;

fn usage() -> String {
    format!(
        "consultancy-api: the public read API, website and markdown twins, served from embedded content

USAGE:
    consultancy-api [--listen ADDR] [--rate-limit N] [--max-connections-per-ip N] [--trust-proxy]

OPTIONS:
    --listen ADDR                 address to listen on [default: 127.0.0.1:8080]
    --rate-limit N                requests per minute per client IP [default: {RATE_LIMIT_DEFAULT}]
    --max-connections-per-ip N    open connections per client address (IPv6: per /64); 0 for
                                  no cap [default: 64; 0 with --trust-proxy]
    --trust-proxy                 take the client IP from the rightmost X-Forwarded-For entry
    -h, --help                    print this help
    -V, --version                 print the version

ENVIRONMENT:
    TOKEN_KEY           hex signing key for OAuth secrets and tokens, at least 32 bytes;
                        unset: a random key per process (tokens die with it)
    TOKEN_KEY_PREVIOUS  the previous key, still accepted for verification during a rotation
"
    )
}

#[derive(Debug)]
struct Options {
    listen: SocketAddr,
    rate_limit: u32,
    /// `None`: the default, which depends on `trust_proxy`.
    max_connections_per_ip: Option<usize>,
    trust_proxy: bool,
}

impl Options {
    /// Behind a trusted proxy every connection comes from the proxy, so the per-address cap
    /// is off unless asked for.
    fn connections_per_ip(&self) -> usize {
        self.max_connections_per_ip.unwrap_or(if self.trust_proxy {
            0
        } else {
            MAX_CONNECTIONS_PER_IP_DEFAULT
        })
    }
}

enum Parsed {
    Run(Options),
    Exit(String),
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut options = Options {
        listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
        rate_limit: RATE_LIMIT_DEFAULT,
        max_connections_per_ip: None,
        trust_proxy: false,
    };
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| {
            inline.clone().or_else(|| args.next()).ok_or(format!("{name} needs a value"))
        };
        match flag.as_str() {
            "--listen" => {
                let text = value("--listen")?;
                options.listen = text.parse().map_err(|_| {
                    format!("--listen `{text}` is not an address like 127.0.0.1:8080")
                })?;
            }
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
            "-h" | "--help" => return Ok(Parsed::Exit(usage())),
            "-V" | "--version" => {
                let flavour = if tables::SANDBOX { " (sandbox)" } else { "" };
                return Ok(Parsed::Exit(format!(
                    "consultancy-api {}{flavour}\n",
                    env!("CARGO_PKG_VERSION")
                )));
            }
            other => return Err(format!("unknown argument `{other}`; see --help")),
        }
    }
    Ok(Parsed::Run(options))
}

fn load_keys() -> Result<Keys, String> {
    let previous = std::env::var("TOKEN_KEY_PREVIOUS").ok().filter(|v| !v.is_empty());
    match std::env::var("TOKEN_KEY").ok().filter(|v| !v.is_empty()) {
        Some(current) => Keys::from_hex(&current, previous.as_deref()),
        None => {
            if previous.is_some() {
                return Err("TOKEN_KEY_PREVIOUS is set without TOKEN_KEY".into());
            }
            consultancy_api::log_line!(
                "warning: TOKEN_KEY is not set; using a random key, so client secrets and tokens die with this process"
            );
            Keys::random()
        }
    }
}

/// Resolves on SIGINT or SIGTERM. The handlers are installed when this is called, not when the
/// future is first polled, so a signal that arrives right after start-up is never missed.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let terminate = signal(SignalKind::terminate()).ok();
        let interrupt = signal(SignalKind::interrupt()).ok();
        async move {
            match (terminate, interrupt) {
                (Some(mut terminate), Some(mut interrupt)) => {
                    tokio::select! {
                        _ = terminate.recv() => {}
                        _ = interrupt.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
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
    let keys = match load_keys() {
        Ok(keys) => keys,
        Err(message) => {
            consultancy_api::log_line!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            consultancy_api::log_line!("error: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(options.listen).await {
            Ok(listener) => listener,
            Err(error) => {
                consultancy_api::log_line!("error: cannot listen on {}: {error}", options.listen);
                return ExitCode::FAILURE;
            }
        };
        // Install the signal handlers before announcing the address: a supervisor may signal
        // as soon as it reads that line.
        let shutdown = shutdown_signal();
        let local = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
        let flavour = if tables::SANDBOX { "sandbox" } else { "production" };
        consultancy_api::log_line!(
            "consultancy-api {} ({flavour}) listening on http://{local}",
            env!("CARGO_PKG_VERSION")
        );
        let app = Arc::new(App::new(
            options.rate_limit,
            keys,
            Arc::new(SystemClock),
            options.trust_proxy,
        ));
        let server_options = ServerOptions {
            max_connections_per_ip: options.connections_per_ip(),
            ..ServerOptions::default()
        };
        serve(listener, app, server_options, shutdown).await;
        consultancy_api::log_line!("consultancy-api stopped");
        ExitCode::SUCCESS
    })
}
