//! The load harness's open-loop client: requests at a fixed rate, latency measured from the
//! moment each request was due, so a slow answer cannot hide the requests it delayed.
//!
//! wrk keeps every connection busy, so the server is always saturated and its latency is
//! mostly the queue: 32 connections over requests a second. That compares throughput twice.
//! This client asks the same rate of two servers and compares their tails at that load.
//!
//! - Request `i` is due at `start + i / rate`; requests go round-robin over `--connections`
//!   keep-alive HTTP/1.1 connections, one in flight on each.
//! - A connection whose previous answer came late sends its next request at once, and that
//!   request's latency counts from when it was due (coordinated omission is corrected).
//! - It spins on one core with a zero-timeout poll rather than sleeping, so a request leaves
//!   within a few microseconds of its time (tokio's timer works in milliseconds).
//! - The first `--warmup` seconds are sent but not counted.
//!
//! It prints one line: `sent counted p50 p90 p99 p99.9 max bad bursts gaps gap_total gap_max`,
//! latencies in microseconds, `bad` counting answers that were not 2xx or 3xx, `bursts` the
//! runs of answers 1 ms or more late (a stall delays every request due during it; a late
//! answer due over 5 ms after the previous late one starts a new run), and the last three
//! its own lost time: how often its loop, which never sleeps, went more than 100 µs
//! between two turns (the core was taken from it), how long in all, and the longest.
//! `--show-slow MICROS` also prints each counted request slower than that to stderr, with
//! when it was due.
//!
//! `--probe` sends nothing: it spins for `--seconds` and prints only the three gap figures,
//! what the machine takes from a busy process on that core with nothing else running.
//!
//! ```sh
//! paced --target 127.0.0.1:18081 --path /v1/services --rate 10000 --seconds 2
//! paced --target 127.0.0.1:18081 --method POST --path /v1/ai-readiness/score \
//!     --body benches/load/score.json --rate 10000
//! ```

use std::io::{ErrorKind, Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use mio::net::TcpStream;
use mio::{Events, Interest, Poll, Token};

struct Options {
    target: SocketAddr,
    method: String,
    path: String,
    body: Vec<u8>,
    headers: Vec<String>,
    rate: f64,
    connections: usize,
    seconds: f64,
    warmup: f64,
    show_slow: Option<u128>,
    probe: bool,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        target: SocketAddr::from(([127, 0, 0, 1], 18081)),
        method: "GET".into(),
        path: "/v1".into(),
        body: Vec::new(),
        headers: Vec::new(),
        rate: 10_000.0,
        connections: 32,
        seconds: 2.0,
        warmup: 0.5,
        show_slow: None,
        probe: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--target" => {
                options.target = value()?.parse().map_err(|e| format!("--target: {e}"))?
            }
            "--method" => options.method = value()?,
            "--path" => options.path = value()?,
            "--body" => {
                let file = value()?;
                options.body = std::fs::read(&file).map_err(|e| format!("{file}: {e}"))?;
            }
            "--header" => options.headers.push(value()?),
            "--rate" => options.rate = number(&flag, &value()?)?,
            "--connections" => options.connections = number(&flag, &value()?)? as usize,
            "--seconds" => options.seconds = number(&flag, &value()?)?,
            "--warmup" => options.warmup = number(&flag, &value()?)?,
            "--show-slow" => options.show_slow = Some(number(&flag, &value()?)? as u128),
            "--probe" => options.probe = true,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.connections == 0 || options.rate <= 0.0 || options.seconds <= 0.0 {
        return Err("--connections, --rate and --seconds must be positive".into());
    }
    Ok(options)
}

fn number(flag: &str, value: &str) -> Result<f64, String> {
    value.parse().map_err(|_| format!("{flag}: not a number: {value}"))
}

/// One keep-alive connection and the request in flight on it.
struct Connection {
    stream: TcpStream,
    /// The index of the next request this connection sends (its requests are `c`, `c + n`, ...).
    next: u64,
    /// When the request in flight was due, if one is.
    in_flight: Option<Instant>,
    buffer: Vec<u8>,
}

/// How much of the buffer one complete response takes, and its status, once it is all there.
fn complete_response(buffer: &[u8]) -> Result<Option<(usize, u16)>, String> {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut response = httparse::Response::new(&mut headers);
    let head = match response.parse(buffer) {
        Ok(httparse::Status::Complete(head)) => head,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(error) => return Err(format!("bad response: {error}")),
    };
    let status = response.code.unwrap_or(0);
    let length = response
        .headers
        .iter()
        .find(|h| h.name.eq_ignore_ascii_case("content-length"))
        .and_then(|h| std::str::from_utf8(h.value).ok()?.trim().parse::<usize>().ok())
        .ok_or("a response without Content-Length (this client reads no other framing)")?;
    Ok((buffer.len() >= head + length).then_some((head + length, status)))
}

/// An answer this late counts towards a burst of late answers.
const LATE: Duration = Duration::from_millis(1);

fn run(options: &Options) -> Result<String, String> {
    let mut request = format!(
        "{} {} HTTP/1.1\r\nHost: {}\r\nAccept: */*\r\n",
        options.method, options.path, options.target
    );
    for header in &options.headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    if !options.body.is_empty() {
        request.push_str("Content-Type: application/json\r\n");
    }
    if options.method != "GET" && options.method != "HEAD" {
        request.push_str(&format!("Content-Length: {}\r\n", options.body.len()));
    }
    request.push_str("\r\n");
    let mut request = request.into_bytes();
    request.extend_from_slice(&options.body);

    let mut poll = Poll::new().map_err(|e| e.to_string())?;
    let mut connections = Vec::with_capacity(options.connections);
    for c in 0..options.connections {
        let stream = std::net::TcpStream::connect(options.target).map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        stream.set_nonblocking(true).map_err(|e| e.to_string())?;
        let mut stream = TcpStream::from_std(stream);
        poll.registry()
            .register(&mut stream, Token(c), Interest::READABLE)
            .map_err(|e| e.to_string())?;
        connections.push(Connection {
            stream,
            next: c as u64,
            in_flight: None,
            buffer: Vec::new(),
        });
    }

    let total = ((options.warmup + options.seconds) * options.rate) as u64;
    let counted_from = (options.warmup * options.rate) as u64;
    let start = Instant::now() + Duration::from_millis(10);
    let due = |i: u64| start + Duration::from_nanos((i as f64 * 1e9 / options.rate) as u64);
    // Long enough for a saturated server to drain what was sent.
    let give_up = due(total) + Duration::from_secs(5);
    let n = options.connections as u64;

    let mut latencies: Vec<u32> = Vec::with_capacity(total as usize);
    let (mut sent, mut bad, mut open) = (0u64, 0u64, 0usize);
    let mut events = Events::with_capacity(options.connections);
    let mut chunk = vec![0u8; 64 * 1024];
    let mut gaps = Gaps::default();
    let mut last = Instant::now();
    let (mut bursts, mut last_late) = (0u64, None::<Instant>);
    loop {
        let now = Instant::now();
        gaps.see(now - last);
        last = now;
        for connection in &mut connections {
            if connection.in_flight.is_none()
                && connection.next < total
                && due(connection.next) <= now
            {
                let mut written = 0;
                while written < request.len() {
                    match connection.stream.write(&request[written..]) {
                        Ok(0) => return Err("the server closed a connection".into()),
                        Ok(k) => written += k,
                        Err(e) if e.kind() == ErrorKind::WouldBlock => std::hint::spin_loop(),
                        Err(e) => return Err(format!("write: {e}")),
                    }
                }
                connection.in_flight = Some(due(connection.next));
                sent += 1;
                open += 1;
            }
        }
        if open == 0 && connections.iter().all(|c| c.next >= total) {
            break;
        }
        if now > give_up {
            return Err(format!("{open} requests still unanswered 5 s after the last was due"));
        }
        poll.poll(&mut events, Some(Duration::ZERO)).map_err(|e| e.to_string())?;
        for event in &events {
            let connection = &mut connections[event.token().0];
            loop {
                match connection.stream.read(&mut chunk) {
                    Ok(0) => return Err("the server closed a connection".into()),
                    Ok(k) => connection.buffer.extend_from_slice(&chunk[..k]),
                    Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                    Err(e) => return Err(format!("read: {e}")),
                }
            }
            while let Some((length, status)) = complete_response(&connection.buffer)? {
                let finished = Instant::now();
                let Some(was_due) = connection.in_flight.take() else {
                    return Err("a response nobody asked for".into());
                };
                if connection.next >= counted_from {
                    let micros = finished.saturating_duration_since(was_due).as_micros();
                    latencies.push(u32::try_from(micros).unwrap_or(u32::MAX));
                    if micros >= LATE.as_micros() {
                        // Late answers come in bursts (every request behind a stall is late):
                        // a late answer due more than 5 ms after the last one starts a burst.
                        if last_late.is_none_or(|last| was_due > last + Duration::from_millis(5)) {
                            bursts += 1;
                        }
                        last_late = Some(was_due);
                    }
                    if options.show_slow.is_some_and(|slow| micros > slow) {
                        let at = was_due.saturating_duration_since(start).as_micros();
                        eprintln!(
                            "slow: {micros} µs, due at {at} µs, connection {}",
                            event.token().0
                        );
                    }
                    if !(200..400).contains(&status) {
                        bad += 1;
                    }
                }
                connection.buffer.drain(..length);
                connection.next += n;
                open -= 1;
            }
        }
    }
    latencies.sort_unstable();
    let at = |q: f64| {
        let rank = ((latencies.len() as f64) * q).ceil() as usize;
        latencies.get(rank.saturating_sub(1)).copied().unwrap_or(0)
    };
    Ok(format!(
        "{sent} {} {} {} {} {} {} {bad} {bursts} {}",
        latencies.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(0.999),
        latencies.last().copied().unwrap_or(0),
        gaps.summary()
    ))
}

/// Times this process's loop lost the core: gaps between two turns of a loop that never
/// sleeps. Over 100 µs counts: a turn takes a few microseconds, so such a gap is the kernel
/// (or the hypervisor) running something else.
#[derive(Default)]
struct Gaps {
    count: u64,
    total: Duration,
    longest: Duration,
}

impl Gaps {
    const COUNTED: Duration = Duration::from_micros(100);

    fn see(&mut self, gap: Duration) {
        if gap > Self::COUNTED {
            self.count += 1;
            self.total += gap;
            self.longest = self.longest.max(gap);
        }
    }

    /// `count total_µs longest_µs`.
    fn summary(&self) -> String {
        format!("{} {} {}", self.count, self.total.as_micros(), self.longest.as_micros())
    }
}

/// `--probe`: spins for `--seconds` and reports the core's gaps, with no server and no
/// requests: what the machine itself takes from a busy process on that core.
fn probe(seconds: f64) -> String {
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    let mut gaps = Gaps::default();
    let mut last = Instant::now();
    while last < end {
        let now = Instant::now();
        gaps.see(now - last);
        last = now;
    }
    gaps.summary()
}

fn main() -> std::process::ExitCode {
    let outcome = options()
        .and_then(|options| if options.probe { Ok(probe(options.seconds)) } else { run(&options) });
    match outcome {
        Ok(line) => {
            println!("{line}");
            std::process::ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("paced: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}
