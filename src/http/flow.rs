//! One connection's responses on their way to the socket: a byte budget per connection, and
//! the progress each response makes, so a client that never reads is found and cut off.
//!
//! - **Budget.** A response is counted from the moment it is generated until hyper has taken
//!   all of its bytes. Requests on one connection generate their responses one at a time
//!   (`admit`), and only while the connection is under its budget; so a connection never holds
//!   more than the budget plus one response, and on HTTP/2 one `RESPONSE_CHUNK` more per
//!   stream, however many streams it opens and however large each answer is (a batch of heavy
//!   searches is over half a megabyte). The chunk: hyper takes a stream's first chunk before it
//!   waits for the stream's window, and a chunk taken no longer counts (audit11, 2026-12-07).
//! - **How bodies reach hyper.** On HTTP/2 in chunks (`RESPONSE_CHUNK`): h2 asks for the next
//!   one only when the peer's flow-control window has room. On HTTP/1 a body of known length
//!   goes at once, every piece in one buffer (`Body::take_whole`), so hyper sends the head and
//!   the whole body in one vectored write instead of flushing each time its queue fills (its
//!   queue is capped at our 32 KiB header cap, which it shares with its read buffer). An
//!   HTTP/1 connection holds one response at a time anyway: hyper writes no further head until
//!   its queue is empty.
//! - **Progress, on the body.** Every chunk taken stamps the body with the connection's
//!   current tick; a body whose stamp is too old is stalled (an HTTP/2 window left at zero).
//! - **Progress, on the socket** (`note_write`, reported by `detect::Prefixed`). A write the
//!   kernel refuses (a full TCP window) marks the connection blocked from that tick; a write
//!   it takes clears the mark. Blocked for too long is stalled, on either protocol. Linux reports a blocked socket writable only
//!   once a third of its send buffer is free, so a client cannot keep a connection by reading
//!   a byte at a time.
//! - **The header deadline waits for the response.** hyper (1.12, `Conn::poll_flush`) starts
//!   waiting for the next request head, and its `HEADER_READ_TIMEOUT`, only once its write
//!   queue has gone to the kernel, so a client reading a large response slowly but steadily is
//!   not cut off part way (`hostile` tests it).
//!
//! The watchdog (in `server`) ticks and judges. Stamps are watchdog ticks rather than clock
//! readings, so a response costs a few atomic operations and uncontended locks (the table's,
//! to take and free its entry, and on HTTP/2 the turn's), never a clock call.

use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};

use bytes::{Buf, Bytes};
use hyper::body::{Body as _, Frame, SizeHint};
use tokio::sync::{Notify, Semaphore, SemaphorePermit};

use super::gauges::Gauges;
use crate::limits::RESPONSE_CHUNK;
use crate::wire::{Body, Chunk};

/// A free slot in the table of live bodies.
const FREE: u64 = u64::MAX;

/// What the watchdog should do about a connection, from its latest tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A request is being answered or a response is moving, or it has not been idle long.
    Active,
    /// No request in service and no response pending for `idle_ticks`.
    Idle,
    /// A response has not made progress for `stall_ticks`.
    Stalled,
}

/// One connection's response accounting. Shared by the connection's service, its response
/// bodies and its watchdog.
#[derive(Debug)]
pub struct Flow {
    budget: usize,
    /// Response bytes generated but not yet taken by hyper.
    outstanding: AtomicUsize,
    /// Held while a request waits for the budget and generates its response.
    turn: Semaphore,
    /// Woken when `outstanding` falls below the budget.
    drained: Notify,
    /// Requests between arrival and their response being handed to hyper.
    in_service: AtomicUsize,
    /// Watchdog ticks so far.
    tick: AtomicU64,
    /// The tick of the last request arrival, response progress or response end.
    last_activity: AtomicU64,
    /// Live response bodies: the tick each last made progress, or `FREE`.
    bodies: Mutex<Vec<u64>>,
    /// The tick since which the socket has refused every write, or `FREE` if its last write
    /// was taken.
    blocked_since: AtomicU64,
    /// The connection is to end after its next response (HTTP/1 past its maximum age).
    closing: AtomicBool,
    /// Bytes of the Error body written in place of hyper's own refusal (`refusal`), or 0.
    refusal_body: AtomicUsize,
    gauges: Arc<Gauges>,
}

impl Flow {
    pub fn new(budget: usize, gauges: Arc<Gauges>) -> Arc<Flow> {
        gauges.flows.fetch_add(1, Ordering::Relaxed);
        Arc::new(Flow {
            budget,
            outstanding: AtomicUsize::new(0),
            turn: Semaphore::new(1),
            drained: Notify::new(),
            in_service: AtomicUsize::new(0),
            tick: AtomicU64::new(0),
            last_activity: AtomicU64::new(0),
            bodies: Mutex::new(Vec::new()),
            blocked_since: AtomicU64::new(FREE),
            closing: AtomicBool::new(false),
            refusal_body: AtomicUsize::new(0),
            gauges,
        })
    }

    /// Marks a request as in service until the guard drops.
    pub fn enter(self: &Arc<Self>) -> InService {
        self.in_service.fetch_add(1, Ordering::AcqRel);
        self.touch();
        InService(self.clone())
    }

    /// Waits for this connection's turn to generate a response, and for its budget to have
    /// room. Hold the permit until the response is tracked.
    ///
    /// `streams` says whether requests on the connection can be in service together (HTTP/2).
    /// Without (HTTP/1), hyper calls the service for one request at a time, so the turn is
    /// always free and is not taken: returning its permit locks the semaphore's wait list,
    /// about 110 instructions of every HTTP/1 request for nothing.
    pub async fn admit(&self, streams: bool) -> Option<SemaphorePermit<'_>> {
        // The semaphore is never closed, so this is always a permit.
        let turn = if streams { self.turn.acquire().await.ok() } else { None };
        // Under budget, the usual case: no wake-up to register for (registering takes the
        // `Notify`'s lock twice, about a third of what this accounting costs a response).
        if self.outstanding.load(Ordering::Acquire) < self.budget {
            return turn;
        }
        loop {
            let drained = self.drained.notified();
            tokio::pin!(drained);
            // Register before checking, so a drain between the check and the wait is not lost.
            drained.as_mut().enable();
            if self.outstanding.load(Ordering::Acquire) < self.budget {
                return turn;
            }
            drained.await;
        }
    }

    /// [`Flow::admit`] without waiting: `Some` when the turn is free (HTTP/2; HTTP/1 takes
    /// none, see there) and the budget has room, with the turn's permit if one was taken.
    pub fn try_admit(&self, streams: bool) -> Option<Option<SemaphorePermit<'_>>> {
        if self.outstanding.load(Ordering::Acquire) >= self.budget {
            return None;
        }
        if streams { self.turn.try_acquire().ok().map(Some) } else { Some(None) }
    }

    /// Counts a response body against the budget and watches its progress. `whole`: hand a
    /// body of known length to hyper at once (HTTP/1), rather than in chunks (HTTP/2).
    pub fn track(self: &Arc<Self>, body: Body, whole: bool) -> Tracked {
        let hint = body.size_hint();
        let counted = usize::try_from(hint.exact().unwrap_or(hint.lower())).unwrap_or(usize::MAX);
        self.outstanding.fetch_add(counted, Ordering::AcqRel);
        let now = self.tick.load(Ordering::Acquire);
        let mut bodies = self.bodies();
        let slot = match bodies.iter().position(|stamp| *stamp == FREE) {
            Some(free) => {
                bodies[free] = now;
                free
            }
            None => {
                bodies.push(now);
                bodies.len() - 1
            }
        };
        drop(bodies);
        Tracked {
            inner: body,
            pending: Bytes::new(),
            whole,
            flow: self.clone(),
            slot: Some(slot),
            stamp: now,
            counted,
        }
    }

    /// Advances the watchdog's clock by one tick and judges the connection.
    pub fn check(&self, stall_ticks: u64, idle_ticks: u64) -> (u64, Verdict) {
        let now = self.tick.fetch_add(1, Ordering::AcqRel) + 1;
        let bodies = self.bodies();
        let oldest = bodies.iter().copied().filter(|stamp| *stamp != FREE).min();
        drop(bodies);
        let blocked_since = self.blocked_since.load(Ordering::Acquire);
        let verdict = match oldest {
            _ if blocked_since != FREE && now.saturating_sub(blocked_since) >= stall_ticks => {
                Verdict::Stalled
            }
            _ if blocked_since != FREE => Verdict::Active,
            Some(stamp) if now.saturating_sub(stamp) >= stall_ticks => Verdict::Stalled,
            Some(_) => Verdict::Active,
            None if self.in_service.load(Ordering::Acquire) > 0 => Verdict::Active,
            None if now.saturating_sub(self.last_activity.load(Ordering::Acquire))
                >= idle_ticks =>
            {
                Verdict::Idle
            }
            None => Verdict::Active,
        };
        (now, verdict)
    }

    /// Notes what became of a write to the connection's socket (`detect::Prefixed` reports
    /// each): taken, the socket is not blocked, which costs one load when it was not;
    /// refused (pending), it is blocked from now, unless it already was.
    pub fn note_write(&self, written: &Poll<io::Result<usize>>) {
        let blocked = self.blocked_since.load(Ordering::Acquire) != FREE;
        match written {
            Poll::Ready(Ok(n)) if *n > 0 && blocked => {
                self.blocked_since.store(FREE, Ordering::Release);
            }
            Poll::Pending if !blocked => {
                self.blocked_since.store(self.tick.load(Ordering::Acquire), Ordering::Release);
                self.gauges.blocked.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
    }

    /// Asks for the connection to end after its next response: on HTTP/1 that response says
    /// `Connection: close`, which ends a kept-alive connection without the race of closing it
    /// while a request may be on its way.
    pub fn close_after_next_response(&self) {
        self.closing.store(true, Ordering::Release);
    }

    /// Notes that hyper's own refusal went out with an Error body of `bytes` (`refusal`).
    pub fn note_refusal_body(&self, bytes: usize) {
        self.refusal_body.store(bytes, Ordering::Relaxed);
    }

    /// The bytes of the Error body written in place of hyper's refusal, if one was.
    pub fn refusal_body(&self) -> Option<usize> {
        Some(self.refusal_body.load(Ordering::Relaxed)).filter(|&bytes| bytes > 0)
    }

    /// Whether responses should now say `Connection: close`.
    pub fn closing(&self) -> bool {
        self.closing.load(Ordering::Acquire)
    }

    /// Response bytes generated and not yet taken by hyper.
    pub fn outstanding(&self) -> usize {
        self.outstanding.load(Ordering::Acquire)
    }

    fn touch(&self) {
        self.last_activity.store(self.tick.load(Ordering::Acquire), Ordering::Release);
    }

    fn bodies(&self) -> MutexGuard<'_, Vec<u64>> {
        // The stamps are plain integers; a panic elsewhere cannot leave them inconsistent.
        self.bodies.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `n` counted bytes left the connection's hands.
    fn release(&self, n: usize) {
        if n == 0 {
            return;
        }
        let before = self.outstanding.fetch_sub(n, Ordering::AcqRel);
        if before >= self.budget && before - n < self.budget {
            self.drained.notify_waiters();
        }
    }
}

impl Drop for Flow {
    fn drop(&mut self) {
        self.gauges.flows.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A request in service (see `Flow::enter`).
#[derive(Debug)]
pub struct InService(Arc<Flow>);

impl Drop for InService {
    fn drop(&mut self) {
        self.0.in_service.fetch_sub(1, Ordering::AcqRel);
        self.0.touch();
    }
}

/// A response body handed to hyper whole (HTTP/1) or in chunks (HTTP/2), counted against its
/// connection's budget until the last byte is taken, and stamped with each chunk taken.
#[derive(Debug)]
pub struct Tracked {
    inner: Body,
    /// The rest of the inner body's current data frame.
    pending: Bytes,
    /// Hand a body of known length over at once.
    whole: bool,
    flow: Arc<Flow>,
    /// This body's entry in the flow's table; `None` once the body is done.
    slot: Option<usize>,
    /// The tick last written to the entry: it is rewritten only when the watchdog has ticked
    /// since, so chunks taken within one tick do not take the table's lock.
    stamp: u64,
    /// Bytes still counted against the budget.
    counted: usize,
}

impl Tracked {
    fn progressed(&mut self, taken: usize) {
        let released = taken.min(self.counted);
        self.counted -= released;
        self.flow.release(released);
        self.flow.touch();
        if let Some(slot) = self.slot {
            let now = self.flow.tick.load(Ordering::Acquire);
            if now != self.stamp {
                self.flow.bodies()[slot] = now;
                self.stamp = now;
            }
        }
    }

    fn done(&mut self) {
        let counted = std::mem::take(&mut self.counted);
        self.flow.release(counted);
        if let Some(slot) = self.slot.take() {
            self.flow.bodies()[slot] = FREE;
            self.flow.touch();
        }
    }
}

impl hyper::body::Body for Tracked {
    type Data = Chunk;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Chunk>, Infallible>>> {
        let this = self.get_mut();
        if this.whole
            && this.pending.is_empty()
            && let Some(whole) = this.inner.take_whole()
        {
            this.progressed(whole.remaining());
            this.done();
            return Poll::Ready(Some(Ok(Frame::data(whole))));
        }
        loop {
            if !this.pending.is_empty() {
                let chunk = this.pending.split_to(this.pending.len().min(RESPONSE_CHUNK));
                this.progressed(chunk.len());
                if this.pending.is_empty() && this.inner.is_end_stream() {
                    this.done();
                }
                return Poll::Ready(Some(Ok(Frame::data(Chunk::One(chunk)))));
            }
            match Pin::new(&mut this.inner).poll_frame(cx) {
                Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                    Ok(data) => this.pending = data,
                    Err(frame) => return Poll::Ready(Some(Ok(frame.map_data(Chunk::One)))),
                },
                Poll::Ready(Some(Err(never))) => match never {},
                Poll::Ready(None) => {
                    this.done();
                    return Poll::Ready(None);
                }
                Poll::Pending => return Poll::Pending,
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.pending.is_empty() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let inner = self.inner.size_hint();
        let pending = self.pending.len() as u64;
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + pending);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + pending);
        }
        hint
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.done();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use http_body_util::BodyExt;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;
    use crate::http::detect::detect;

    fn flow(budget: usize) -> Arc<Flow> {
        Flow::new(budget, Arc::new(Gauges::default()))
    }

    async fn take_chunk(body: &mut Tracked) {
        let frame = body.frame().await.expect("a frame").expect("not an error");
        assert_eq!(frame.into_data().expect("data").remaining(), RESPONSE_CHUNK);
    }

    fn zeros(n: usize) -> Body {
        Body::full(vec![0u8; n])
    }

    /// The stamp is rewritten only when the watchdog has ticked since it was last written:
    /// progress within one tick changes nothing, progress in a later tick must count, and a
    /// body that stops moving is found stalled `stall_ticks` after its last progress.
    #[tokio::test]
    async fn a_body_is_stamped_with_the_tick_of_its_last_progress() {
        let flow = flow(64 * RESPONSE_CHUNK);
        let mut body = flow.track(zeros(4 * RESPONSE_CHUNK), false);
        take_chunk(&mut body).await;
        take_chunk(&mut body).await;
        assert_eq!(flow.check(2, 100), (1, Verdict::Active));
        // Progress in tick 1: without it the body would be stalled at tick 2.
        take_chunk(&mut body).await;
        assert_eq!(flow.check(2, 100), (2, Verdict::Active));
        assert_eq!(flow.check(2, 100), (3, Verdict::Stalled));
        // The last chunk frees the body's entry.
        take_chunk(&mut body).await;
        assert!(body.frame().await.is_none());
        assert_eq!(flow.check(2, 100), (4, Verdict::Active));
        assert_eq!(flow.outstanding(), 0);
    }

    /// Under budget a request is admitted at once; at or over it, it waits until the
    /// connection's responses drain below the budget, on HTTP/2 and HTTP/1 alike.
    #[tokio::test]
    async fn a_request_at_the_budget_waits_for_the_drain() {
        for streams in [true, false] {
            at_the_budget(streams).await;
        }
    }

    async fn at_the_budget(streams: bool) {
        let flow = flow(RESPONSE_CHUNK);
        assert_eq!(flow.admit(streams).await.is_some(), streams, "a turn is taken on HTTP/2 only");
        let mut body = flow.track(zeros(2 * RESPONSE_CHUNK), false);
        // One chunk taken leaves exactly the budget outstanding.
        take_chunk(&mut body).await;
        assert_eq!(flow.outstanding(), RESPONSE_CHUNK);
        let waiting = flow.clone();
        let waiter = tokio::spawn(async move { waiting.admit(streams).await.is_some() });
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert!(!waiter.is_finished(), "admitted while at the budget");
        take_chunk(&mut body).await;
        let admitted = tokio::time::timeout(std::time::Duration::from_secs(10), waiter)
            .await
            .expect("admitted once drained, not left waiting");
        assert_eq!(admitted.expect("the waiter"), streams);
    }

    /// On HTTP/2 a second request waits for the first's turn; its response is generated once
    /// the first's has been handed over.
    #[tokio::test]
    async fn http2_streams_generate_one_at_a_time() {
        let flow = flow(RESPONSE_CHUNK);
        let first = flow.admit(true).await;
        let waiting = flow.clone();
        let second = tokio::spawn(async move { waiting.admit(true).await.is_some() });
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert!(!second.is_finished(), "two streams in their turn at once");
        drop(first);
        let admitted = tokio::time::timeout(std::time::Duration::from_secs(10), second)
            .await
            .expect("admitted once the first turn ended");
        assert!(admitted.expect("the waiter"));
    }

    /// On HTTP/1 a body of known length goes to hyper at once, all its pieces in one buffer,
    /// and is no longer counted or watched as a body; a stream still goes frame by frame.
    #[tokio::test]
    async fn an_http1_body_of_known_length_is_handed_over_whole() {
        let flow = flow(RESPONSE_CHUNK);
        let parts = [vec![1u8; 3 * RESPONSE_CHUNK], vec![2u8; 10]].map(Bytes::from);
        let mut body = flow.track(Body::parts(parts), true);
        assert_eq!(flow.outstanding(), 3 * RESPONSE_CHUNK + 10);
        let frame = body.frame().await.expect("a frame").expect("not an error");
        let whole = frame.into_data().expect("data");
        assert!(
            matches!(&whole, Chunk::Many { parts, left } if parts.len() == 2 && *left == 3 * RESPONSE_CHUNK + 10)
        );
        assert_eq!(flow.outstanding(), 0);
        assert!(body.frame().await.is_none());
        assert_eq!(flow.check(1, 100), (1, Verdict::Active), "no body left to stall");
        let events = [Bytes::from_static(b"data: 1\n\n"), Bytes::from_static(b"data: 2\n\n")];
        let mut stream = flow.track(Body::Events(events.into()), true);
        for expected in [b"data: 1\n\n", b"data: 2\n\n"] {
            let frame = stream.frame().await.expect("a frame").expect("not an error");
            assert_eq!(frame.into_data().expect("data").chunk(), expected);
        }
    }

    /// A socket that refuses writes is stalled `stall_ticks` after the first refusal, however
    /// old its last write, and a write taken clears it.
    #[tokio::test]
    async fn a_socket_refusing_writes_is_stalled_until_it_takes_one() {
        let flow = flow(RESPONSE_CHUNK);
        // A peer that sends a request's first bytes, then reads nothing, behind a 16-byte pipe.
        let (near, mut far) = tokio::io::duplex(16);
        far.write_all(b"GET ").await.expect("write");
        let (socket, _) = detect(near, Duration::from_secs(10)).await.expect("detected");
        let mut socket = socket.watched_by(flow.clone());
        for _ in 0..5 {
            flow.check(2, 100);
        }
        assert_eq!(socket.write(&[7u8; 64]).await.expect("write"), 16);
        let refused = tokio::time::timeout(Duration::from_millis(40), socket.write(&[7u8; 8]));
        assert!(refused.await.is_err(), "the pipe is full");
        assert_eq!(flow.check(2, 100), (6, Verdict::Active), "blocked since tick 5");
        assert_eq!(flow.check(2, 100), (7, Verdict::Stalled));
        // The peer reads; the next write is taken.
        let mut sink = [0u8; 16];
        far.read_exact(&mut sink).await.expect("read");
        assert_eq!(socket.write(&[7u8; 8]).await.expect("write"), 8);
        assert_eq!(flow.check(2, 100), (8, Verdict::Active));
        assert_eq!(flow.check(2, 100), (9, Verdict::Active));
        assert_eq!(flow.gauges.blocked.load(Ordering::Relaxed), 1);
    }
}
