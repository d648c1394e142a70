//! The access log (`--access-log`): one line per request, in the Common Log Format with the
//! time taken appended, written to standard output by a thread of its own.
//!
//! ```text
//! 203.0.113.9 - - [23/Nov/2026:15:31:02 +0000] "GET /v1/resources?q=drift HTTP/1.1" 200 5120 87
//! ```
//!
//! Fields: the client address (the one the rate limit applies to, so the `X-Forwarded-For`
//! client behind `--trust-proxy`), two unused CLF fields (`-`), the time the request arrived
//! (UTC), the request line (method, target with its query, protocol), the status, the body
//! bytes (`-` for none, as CLF has it; 0 for HEAD) and the microseconds from the request head
//! to the response being ready. The target is escaped as nginx escapes it: `"`, `\` and bytes
//! outside printable ASCII become `\xHH`, so a line is always one line.
//!
//! A request hyper refuses itself, before the service sees it (a request line or header it
//! cannot parse: 400; a head past `MAX_HEADER_BYTES` or `MAX_HEADER_FIELDS`: 431), has a line
//! too ([`Rejection`]), with what is known of it: the connection's address (no
//! `X-Forwarded-For` was read), the time it was refused, `"- - -"` for the request line (its
//! method, target and protocol were never parsed; three fields, so the line keeps its shape for
//! a CLF parser), the status sent, the bytes of the Error body the connection's writer put in
//! place of hyper's empty one (`-` where there was none), and `-` for the time taken (there is
//! no request head to count from):
//!
//! ```text
//! 203.0.113.9 - - [23/Nov/2026:15:31:02 +0000] "- - -" 431 317 -
//! ```
//!
//! The request path never waits for the log: a request hands its fields to a bounded queue
//! (`ACCESS_LOG_QUEUE`) and moves on; the writer thread formats and writes them through a
//! buffer that it flushes whenever the queue runs empty. If the writer falls behind (standard
//! output blocked), lines are dropped and counted, never waited for. When the log is off
//! nothing of this exists: no entry is built and no clock is read for it.

use std::io::Write;
use std::net::IpAddr;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, UNIX_EPOCH};

use http::{Method, Uri, Version};

use crate::limits::ACCESS_LOG_QUEUE;

/// The fields of one line, as the request path hands them over.
#[derive(Debug)]
pub struct Entry {
    /// When the request arrived, Unix milliseconds.
    pub time_ms: u64,
    pub client: IpAddr,
    pub method: Method,
    /// The request target as sent, copied out of the request (a `Uri` would keep the buffer
    /// its request head was read into, kilobytes, for as long as the line waits in the queue).
    pub target: Box<str>,
    pub version: Version,
    pub status: u16,
    /// Body bytes sent.
    pub bytes: u64,
    /// Microseconds from the request head to the response.
    pub micros: u64,
}

/// A request hyper refused before the service saw it: what is known of it.
#[derive(Debug, Clone, Copy)]
pub struct Rejection {
    /// When it was refused, Unix milliseconds.
    pub time_ms: u64,
    /// The connection's address.
    pub client: IpAddr,
    /// The status hyper answered with.
    pub status: u16,
    /// Bytes of the Error body sent with it (`http::refusal`); `None` if hyper's own answer,
    /// which has none, went out as it was.
    pub bytes: Option<usize>,
}

/// What goes through the queue.
#[derive(Debug)]
enum Line {
    Request(Entry),
    Rejected(Rejection),
}

/// The sending side, held by the server.
#[derive(Debug)]
pub struct AccessLog {
    sender: SyncSender<Line>,
}

impl AccessLog {
    /// Starts the writer thread over `sink`. The thread ends, after writing and flushing what
    /// is queued, once the `AccessLog` is dropped; join the handle to wait for that.
    pub fn start(sink: Box<dyn Write + Send>) -> std::io::Result<(AccessLog, JoinHandle<()>)> {
        let (sender, receiver) = sync_channel(ACCESS_LOG_QUEUE);
        let writer = std::thread::Builder::new()
            .name("access-log".into())
            .spawn(move || write_lines(&receiver, sink))?;
        Ok((AccessLog { sender }, writer))
    }

    /// Queues a line; `false` if the queue was full and the line was dropped.
    pub fn record(&self, entry: Entry) -> bool {
        self.send(Line::Request(entry))
    }

    /// Queues the line of a request hyper refused; `false` if it was dropped, as for `record`.
    pub fn record_rejection(&self, rejection: Rejection) -> bool {
        self.send(Line::Rejected(rejection))
    }

    fn send(&self, line: Line) -> bool {
        match self.sender.try_send(line) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        }
    }
}

/// The writer thread: block for a line, write it and whatever else is queued, flush when the
/// queue is empty. A failed write is ignored (the lines are lost, the server keeps serving).
fn write_lines(receiver: &Receiver<Line>, sink: Box<dyn Write + Send>) {
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, sink);
    let mut line = Vec::with_capacity(256);
    while let Ok(entry) = receiver.recv() {
        let mut next = Some(entry);
        while let Some(entry) = next {
            line.clear();
            match &entry {
                Line::Request(entry) => format_line(entry, &mut line),
                Line::Rejected(rejection) => format_rejection(rejection, &mut line),
            }
            let _ = out.write_all(&line);
            next = receiver.try_recv().ok();
        }
        let _ = out.flush();
    }
    let _ = out.flush();
}

/// The target a line shows for `uri`: its path and query, or nothing for a CONNECT's
/// authority (written `-`).
pub fn target(uri: &Uri) -> &str {
    uri.path_and_query().map_or(uri.path(), |pq| pq.as_str())
}

/// Appends one line (with its newline) to `out`.
pub fn format_line(entry: &Entry, out: &mut Vec<u8>) {
    let _ = write!(out, "{} - - [", entry.client);
    clf_time(entry.time_ms, out);
    out.extend_from_slice(b"] \"");
    escape(entry.method.as_str().as_bytes(), out);
    out.push(b' ');
    let target = &*entry.target;
    if target.is_empty() {
        // An HTTP/2 CONNECT has an authority and no path: `-`, as for any absent CLF field,
        // so the line keeps its fields.
        out.push(b'-');
    } else {
        escape(target.as_bytes(), out);
    }
    let version = match entry.version {
        Version::HTTP_09 => "HTTP/0.9",
        Version::HTTP_10 => "HTTP/1.0",
        Version::HTTP_2 => "HTTP/2.0",
        Version::HTTP_3 => "HTTP/3.0",
        _ => "HTTP/1.1",
    };
    let _ = write!(out, " {version}\" {} ", entry.status);
    if entry.bytes == 0 {
        out.push(b'-');
    } else {
        let _ = write!(out, "{}", entry.bytes);
    }
    let _ = writeln!(out, " {}", entry.micros);
}

/// Appends the line (with its newline) of a request hyper refused to `out`.
pub fn format_rejection(rejection: &Rejection, out: &mut Vec<u8>) {
    let _ = write!(out, "{} - - [", rejection.client);
    clf_time(rejection.time_ms, out);
    let _ = write!(out, "] \"- - -\" {} ", rejection.status);
    match rejection.bytes {
        Some(bytes) => {
            let _ = write!(out, "{bytes}");
        }
        None => out.push(b'-'),
    }
    out.extend_from_slice(b" -\n");
}

/// `23/Nov/2026:15:31:02 +0000`, from Unix milliseconds.
fn clf_time(time_ms: u64, out: &mut Vec<u8>) {
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let time = UNIX_EPOCH + Duration::from_millis(time_ms);
    // `2026-11-23T15:31:02Z`, rearranged.
    let rfc3339 = humantime::format_rfc3339_seconds(time).to_string();
    let month = rfc3339.get(5..7).and_then(|m| m.parse::<usize>().ok()).unwrap_or(1);
    let name = MONTHS.get(month.wrapping_sub(1)).copied().unwrap_or("Jan");
    let (year, day, clock) = (rfc3339.get(0..4), rfc3339.get(8..10), rfc3339.get(11..19));
    let _ = write!(
        out,
        "{}/{name}/{}:{} +0000",
        day.unwrap_or("01"),
        year.unwrap_or("1970"),
        clock.unwrap_or("00:00:00")
    );
}

/// Copies `bytes`, writing `"`, `\` and anything outside printable ASCII as `\xHH`.
fn escape(bytes: &[u8], out: &mut Vec<u8>) {
    for &byte in bytes {
        if byte == b'"' || byte == b'\\' || !(b' '..=b'~').contains(&byte) {
            let _ = write!(out, "\\x{byte:02X}");
        } else {
            out.push(byte);
        }
    }
}
