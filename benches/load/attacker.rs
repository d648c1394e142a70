//! The hostile half of the load harness: silent connections and zero-window HTTP/2 readers,
//! each group from loopback addresses of its own, kept up until the process is killed.
//!
//! - `--silent N`: N TCP connections that never send a byte, spread over addresses from
//!   `--silent-from` on, `--per-address` each (under the server's per-address cap, so every
//!   one is a connection the server holds rather than refuses). The server closes them at its
//!   first-bytes deadline; each is reopened at once, so N stay open all the time.
//! - `--zero-window N`: N HTTP/2 connections (the `h2` crate) from addresses from
//!   `--zero-window-from` on, with stream windows of zero: each opens up to `--streams` (100)
//!   streams or as many as the server allows, asks each for a batch of twenty 50-result searches (about 750 KB of
//!   response for 884 bytes of request) and never reads a byte. When the server cuts one off
//!   (its send-stall deadline), it reconnects and does it again.
//!
//! Every five seconds it prints what it holds.
//!
//! ```sh
//! attacker --target 127.0.0.1:18081 --silent 4000 --zero-window 10
//! ```

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bytes::Bytes;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpSocket, TcpStream};

#[derive(Debug)]
struct Options {
    target: SocketAddr,
    silent: usize,
    silent_from: Ipv4Addr,
    per_address: usize,
    zero_window: usize,
    zero_window_from: Ipv4Addr,
    streams: usize,
}

#[derive(Debug, Default)]
struct Held {
    silent: AtomicUsize,
    silent_reopened: AtomicUsize,
    h2_connections: AtomicUsize,
    h2_streams: AtomicUsize,
    h2_cut_off: AtomicUsize,
}

fn main() -> Result<(), String> {
    let options = parse(std::env::args().skip(1))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let held = Arc::new(Held::default());
        for n in 0..options.silent {
            let from = offset(options.silent_from, n / options.per_address.max(1));
            tokio::spawn(silent(options.target, from, held.clone()));
        }
        for n in 0..options.zero_window {
            let from = offset(options.zero_window_from, n);
            tokio::spawn(zero_window(options.target, from, options.streams, held.clone()));
        }
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            eprintln!(
                "attacker: {} silent connections open ({} reopened after the server closed them); \
                 {} zero-window HTTP/2 connections with {} streams open ({} cut off by the server)",
                held.silent.load(Ordering::Relaxed),
                held.silent_reopened.load(Ordering::Relaxed),
                held.h2_connections.load(Ordering::Relaxed),
                held.h2_streams.load(Ordering::Relaxed),
                held.h2_cut_off.load(Ordering::Relaxed),
            );
        }
    })
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        target: SocketAddr::from(([127, 0, 0, 1], 18081)),
        silent: 4000,
        silent_from: Ipv4Addr::new(127, 0, 1, 1),
        per_address: 50,
        zero_window: 10,
        zero_window_from: Ipv4Addr::new(127, 0, 2, 1),
        streams: 100,
    };
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let bad = format!("bad value for {flag}: {value}");
        let count = || value.parse::<usize>().map_err(|_| bad.clone());
        let address = || value.parse::<Ipv4Addr>().map_err(|_| bad.clone());
        match flag.as_str() {
            "--target" => options.target = value.parse().map_err(|_| bad.clone())?,
            "--silent" => options.silent = count()?,
            "--silent-from" => options.silent_from = address()?,
            "--per-address" => options.per_address = count()?,
            "--zero-window" => options.zero_window = count()?,
            "--zero-window-from" => options.zero_window_from = address()?,
            "--streams" => options.streams = count()?,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

fn offset(base: Ipv4Addr, by: usize) -> Ipv4Addr {
    Ipv4Addr::from(u32::from(base) + u32::try_from(by).unwrap_or(0))
}

async fn connect(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::V4(from), 0))?;
    socket.connect(to).await
}

/// One silent connection, reopened whenever the server closes it.
async fn silent(target: SocketAddr, from: Ipv4Addr, held: Arc<Held>) {
    let mut first = true;
    loop {
        let Ok(mut stream) = connect(from, target).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if !first {
            held.silent_reopened.fetch_add(1, Ordering::Relaxed);
        }
        first = false;
        held.silent.fetch_add(1, Ordering::Relaxed);
        let mut sink = [0u8; 64];
        // Wait for the server to close it (or to send something, which it never should).
        let _ = stream.read(&mut sink).await;
        held.silent.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One zero-window HTTP/2 reader, reconnecting whenever the server cuts it off.
async fn zero_window(target: SocketAddr, from: Ipv4Addr, max_streams: usize, held: Arc<Held>) {
    let items: Vec<String> =
        (0..20).map(|n| format!("{{\"path\":\"/v1/resources?q=data+{n}&limit=50\"}}")).collect();
    let batch = Bytes::from(format!("{{\"requests\":[{}]}}", items.join(",")));
    loop {
        let Ok(tcp) = connect(from, target).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let handshake =
            h2::client::Builder::new().initial_window_size(0).handshake::<_, Bytes>(tcp).await;
        let Ok((send, connection)) = handshake else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        held.h2_connections.fetch_add(1, Ordering::Relaxed);
        let driver = tokio::spawn(connection);
        let mut streams = Vec::new();
        let mut send = send;
        while streams.len() < max_streams {
            // Before the server's SETTINGS arrive h2 assumes no stream limit and `ready` never
            // waits; yield so the connection task can read them.
            tokio::task::yield_now().await;
            // `ready` waits while the server's stream limit is reached; stop there.
            let ready = tokio::time::timeout(Duration::from_millis(500), send.clone().ready());
            let Ok(Ok(mut ready)) = ready.await else { break };
            let request = http::Request::post(format!("http://{target}/v1/batch"))
                .header("content-type", "application/json")
                .body(())
                .unwrap_or_default();
            let Ok((response, mut body)) = ready.send_request(request, false) else { break };
            if body.send_data(batch.clone(), true).is_err() {
                break;
            }
            // Keep the response future (and so the stream) alive without ever reading it.
            streams.push((response, body));
            send = ready;
        }
        held.h2_streams.fetch_add(streams.len(), Ordering::Relaxed);
        let _ = driver.await;
        held.h2_streams.fetch_sub(streams.len(), Ordering::Relaxed);
        held.h2_connections.fetch_sub(1, Ordering::Relaxed);
        held.h2_cut_off.fetch_add(1, Ordering::Relaxed);
        drop(streams);
    }
}
