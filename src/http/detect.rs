//! Protocol detection with a deadline: read a new connection's first bytes, decide between
//! HTTP/1 and the HTTP/2 preface, and hand the bytes back to whichever speaks.
//!
//! hyper-util's auto builder does the same detection without any deadline, so a client that
//! sends nothing, one byte, or part of the preface held its connection forever. Here the
//! whole detection runs under one deadline (`limits::FIRST_BYTES_TIMEOUT`).

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, ReadBuf};

use super::flow::Flow;
use super::refusal::{self, Refusals};

/// The client connection preface of HTTP/2 over cleartext with prior knowledge (RFC 9113
/// section 3.4).
pub const H2_PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// What a connection speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Http1,
    Http2,
}

/// Reads until the first bytes tell the protocol: the first byte that differs from the HTTP/2
/// preface means HTTP/1 (an HTTP/1 request differs at its first or second byte), the whole
/// preface means HTTP/2. `None` if the client is silent past `deadline`, closes first, or the
/// read fails; the caller then just closes the connection, since there is no one to answer.
pub async fn detect<S>(mut stream: S, deadline: Duration) -> Option<(Prefixed<S>, Protocol)>
where
    S: AsyncRead + Unpin,
{
    let mut prefix = [0u8; H2_PREFACE.len()];
    let mut len = 0;
    let protocol = tokio::time::timeout(deadline, async {
        loop {
            let read = stream.read(&mut prefix[len..]).await.ok()?;
            if read == 0 {
                return None;
            }
            len += read;
            if prefix[..len] != H2_PREFACE[..len] {
                return Some(Protocol::Http1);
            }
            if len == H2_PREFACE.len() {
                return Some(Protocol::Http2);
            }
        }
    })
    .await
    .ok()??;
    let prefixed = Prefixed {
        prefix,
        start: 0,
        end: len,
        inner: stream,
        watcher: None,
        refusals: None,
        replacing: None,
    };
    Some((prefixed, protocol))
}

/// A stream that first replays the bytes detection read, then reads on from the socket.
/// Writes go straight through (vectored too, which HTTP/1 responses rely on), each reported to
/// the connection's flow once it has one (`watched_by`), so a socket that refuses writes is
/// found stalled. On an HTTP/1 connection (`answering_refusals`), a write that ends with
/// hyper's own refusal head is written with the Error body instead (`refusal`).
#[derive(Debug)]
pub struct Prefixed<S> {
    prefix: [u8; H2_PREFACE.len()],
    start: usize,
    end: usize,
    inner: S,
    watcher: Option<Arc<Flow>>,
    refusals: Option<Arc<Refusals>>,
    replacing: Option<Replacing>,
}

/// A write of hyper's being replaced: the bytes written in its place, how many are out, and
/// how many of hyper's to report once all are.
#[derive(Debug)]
struct Replacing {
    bytes: Vec<u8>,
    written: usize,
    hyper_len: usize,
}

impl<S> Prefixed<S> {
    /// Reports every write from now on to `flow` (`Flow::note_write`).
    pub fn watched_by(mut self, flow: Arc<Flow>) -> Prefixed<S> {
        self.watcher = Some(flow);
        self
    }

    /// Writes hyper's own refusals (HTTP/1) with the Error body from `refusals`.
    pub fn answering_refusals(mut self, refusals: Arc<Refusals>) -> Prefixed<S> {
        self.refusals = Some(refusals);
        self
    }

    /// `replaces` for a vectored write; allocates only for hyper's refusal, found in the last
    /// slice (a response with a body ends with its body; a 304's or HEAD's head is searched
    /// and not found, without allocating).
    fn ends_with_refusal(&mut self, bufs: &[io::IoSlice<'_>]) -> bool {
        if self.refusals.is_none() || bufs.last().is_none_or(|last| refusal::find(last).is_none()) {
            return false;
        }
        let slices: Vec<&[u8]> = bufs.iter().map(|b| &**b).collect();
        self.replaces(&slices)
    }

    /// Starts replacing `bufs` (hyper's write) if they end with hyper's refusal head.
    fn replaces(&mut self, bufs: &[&[u8]]) -> bool {
        let (Some(refusals), Some(last)) = (&self.refusals, bufs.last()) else { return false };
        let Some(found) = refusal::find(last) else { return false };
        let bytes = refusals.replace(bufs, &found);
        let hyper_len = bufs.iter().map(|b| b.len()).sum();
        if let Some(flow) = &self.watcher {
            flow.note_refusal_body(refusals.body_len(found.refused));
        }
        self.replacing = Some(Replacing { bytes, written: 0, hyper_len });
        true
    }

    fn noted(&self, written: Poll<io::Result<usize>>) -> Poll<io::Result<usize>> {
        if let Some(flow) = &self.watcher {
            flow.note_write(&written);
        }
        written
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Prefixed<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.start < this.end {
            let n = (this.end - this.start).min(buf.remaining());
            buf.put_slice(&this.prefix[this.start..this.start + n]);
            this.start += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> Prefixed<S> {
    /// Writes on the replacement; once all of it is out, reports hyper's whole write taken.
    fn poll_replacing(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        loop {
            let Some(replacing) = &mut self.replacing else { return Poll::Ready(Ok(0)) };
            if replacing.written == replacing.bytes.len() {
                let hyper_len = replacing.hyper_len;
                self.replacing = None;
                return Poll::Ready(Ok(hyper_len));
            }
            let rest = &replacing.bytes[replacing.written..];
            let written = Pin::new(&mut self.inner).poll_write(cx, rest);
            let written = self.noted(written);
            match written {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    if let Some(replacing) = &mut self.replacing {
                        replacing.written += n;
                    }
                }
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Prefixed<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.replacing.is_some() || self.replaces(&[buf]) {
            return self.poll_replacing(cx);
        }
        let written = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.noted(written)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if self.replacing.is_some() || self.ends_with_refusal(bufs) {
            return self.poll_replacing(cx);
        }
        let written = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.noted(written)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
