//! The body of every response: complete bytes, or a server-sent-events stream of frames.
//!
//! Everything the service answers is computed in process before the first byte goes out, so a
//! stream is a queue of ready frames: each event leaves as its own data frame (an SSE client
//! sees them one by one), with no channel or task behind it.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::{Buf, Bytes, BytesMut};
use hyper::body::{Frame, SizeHint};

use crate::buffers;

/// Bytes over `buffer` that hand it back to the spares of the thread that drops them
/// (`buffers`), once the response is sent and any copy kept (a search page in the page cache)
/// is dropped too. A buffer too small or too large to keep becomes plain `Bytes`.
pub fn pooled(buffer: Vec<u8>) -> Bytes {
    if buffers::worth_keeping(buffer.capacity()) {
        Bytes::from_owner(Spare(buffer))
    } else {
        Bytes::from(buffer)
    }
}

/// A buffer on its way back to the spares.
struct Spare(Vec<u8>);

impl AsRef<[u8]> for Spare {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for Spare {
    fn drop(&mut self) {
        buffers::give(std::mem::take(&mut self.0));
    }
}

/// A response body.
#[derive(Debug)]
pub enum Body {
    /// Complete bytes; `None` once sent. Fixed routes hold a `&'static` slice here, so serving
    /// them allocates nothing.
    Full(Option<Bytes>),
    /// Server-sent events, one data frame each, in order.
    Events(VecDeque<Bytes>),
    /// Complete bytes in pieces of known total length, sent in order: a large static piece
    /// (the export's precomputed head) leaves from the binary's own memory instead of being
    /// copied next to the few bytes computed per request.
    Parts(VecDeque<Bytes>),
}

impl Body {
    pub fn full(bytes: impl Into<Bytes>) -> Body {
        Body::Full(Some(bytes.into()))
    }

    pub fn empty() -> Body {
        Body::Full(None)
    }

    /// Bytes still to send: the whole body until it is polled (a stream's frames are all
    /// ready, so their length is known too).
    pub fn len(&self) -> u64 {
        match self {
            Body::Full(bytes) => bytes.as_ref().map_or(0, |b| b.len() as u64),
            Body::Events(parts) | Body::Parts(parts) => parts.iter().map(|e| e.len() as u64).sum(),
        }
    }

    /// Nothing left to send.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The complete bytes, if they are in one piece (not a stream, nor in parts).
    pub fn bytes(&self) -> Option<&[u8]> {
        match self {
            Body::Full(bytes) => Some(bytes.as_deref().unwrap_or_default()),
            Body::Events(_) | Body::Parts(_) => None,
        }
    }

    /// The whole body as one piece of bytes: without copying when it is one already.
    pub fn into_bytes(self) -> Bytes {
        match self {
            Body::Full(bytes) => bytes.unwrap_or_default(),
            Body::Events(parts) | Body::Parts(parts) => {
                let mut whole = Vec::with_capacity(parts.iter().map(Bytes::len).sum());
                parts.iter().for_each(|part| whole.extend_from_slice(part));
                Bytes::from(whole)
            }
        }
    }

    /// Takes the rest of a body of known length as one buffer, however many pieces it is in;
    /// `None` for a stream (its events leave one by one) or when nothing is left.
    pub fn take_whole(&mut self) -> Option<Chunk> {
        match self {
            Body::Full(bytes) => bytes.take().filter(|b| !b.is_empty()).map(Chunk::One),
            Body::Parts(parts) if parts.len() == 1 => parts.pop_front().map(Chunk::One),
            Body::Parts(parts) if !parts.is_empty() => {
                let parts = std::mem::take(parts);
                let left = parts.iter().map(Bytes::len).sum();
                Some(Chunk::Many { parts, left })
            }
            Body::Parts(_) | Body::Events(_) => None,
        }
    }

    /// Complete bytes in pieces, empty pieces left out.
    pub fn parts(parts: impl IntoIterator<Item = Bytes>) -> Body {
        // Collected, then filtered in place: a filter's size is unknown, so collecting it
        // straight into the queue grew the queue a piece at a time.
        let mut parts: Vec<Bytes> = parts.into_iter().collect();
        parts.retain(|part| !part.is_empty());
        Body::Parts(VecDeque::from(parts))
    }
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let next = match self.get_mut() {
            Body::Full(bytes) => bytes.take().filter(|b| !b.is_empty()),
            Body::Events(parts) | Body::Parts(parts) => parts.pop_front(),
        };
        Poll::Ready(next.map(|bytes| Ok(Frame::data(bytes))))
    }

    fn is_end_stream(&self) -> bool {
        match self {
            Body::Full(bytes) => bytes.as_ref().is_none_or(Bytes::is_empty),
            Body::Events(parts) | Body::Parts(parts) => parts.is_empty(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            Body::Full(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
            // Exact, so HTTP/1.1 sends `Content-Length` rather than chunks.
            Body::Parts(_) => SizeHint::with_exact(self.len()),
            // Unknown: a stream goes out chunked (HTTP/1.1) or as data frames (HTTP/2).
            Body::Events(_) => SizeHint::default(),
        }
    }
}

/// Response bytes on their way to hyper: one piece, or several handed over as one buffer, so
/// that hyper's HTTP/1 writer sends them (with the response head) in one vectored write
/// rather than flushing as its queue fills (`Body::take_whole`).
#[derive(Debug)]
pub enum Chunk {
    One(Bytes),
    /// Non-empty pieces, in order, and the bytes left in them.
    Many {
        parts: VecDeque<Bytes>,
        left: usize,
    },
}

impl Buf for Chunk {
    fn remaining(&self) -> usize {
        match self {
            Chunk::One(bytes) => bytes.len(),
            Chunk::Many { left, .. } => *left,
        }
    }

    fn chunk(&self) -> &[u8] {
        match self {
            Chunk::One(bytes) => bytes,
            Chunk::Many { parts, .. } => parts.front().map_or(&[], |part| part),
        }
    }

    fn advance(&mut self, mut count: usize) {
        match self {
            Chunk::One(bytes) => bytes.advance(count.min(bytes.len())),
            Chunk::Many { parts, left } => {
                *left -= count.min(*left);
                while let Some(front) = parts.front_mut() {
                    if count < front.len() {
                        front.advance(count);
                        return;
                    }
                    count -= front.len();
                    parts.pop_front();
                }
            }
        }
    }

    fn chunks_vectored<'a>(&'a self, dst: &mut [std::io::IoSlice<'a>]) -> usize {
        match self {
            Chunk::One(bytes) => bytes.chunks_vectored(dst),
            Chunk::Many { parts, .. } => {
                let mut filled = 0;
                for (slot, part) in dst.iter_mut().zip(parts) {
                    *slot = std::io::IoSlice::new(part);
                    filled += 1;
                }
                filled
            }
        }
    }

    fn copy_to_bytes(&mut self, len: usize) -> Bytes {
        match self {
            // Without copying, as `Bytes` does it.
            Chunk::One(bytes) => bytes.split_to(len.min(bytes.len())),
            Chunk::Many { parts, .. } => match parts.front() {
                Some(front) if front.len() >= len => {
                    let taken = front.slice(..len);
                    self.advance(len);
                    taken
                }
                _ => {
                    let mut copy = BytesMut::with_capacity(len.min(self.remaining()));
                    while copy.len() < len && self.has_remaining() {
                        let piece = self.chunk();
                        let n = piece.len().min(len - copy.len());
                        copy.extend_from_slice(&piece[..n]);
                        self.advance(n);
                    }
                    copy.freeze()
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;
    use std::io::IoSlice;

    use bytes::{Buf, Bytes};

    use crate::buffers;
    use crate::wire::body::{Body, Chunk, pooled};

    /// A body in parts is taken whole as one buffer that reads, vectors and advances across
    /// its pieces as their concatenation does.
    #[test]
    fn a_body_in_parts_is_taken_whole_and_reads_as_its_pieces_joined() {
        let mut body = Body::parts([
            Bytes::from_static(b"{\"head\":"),
            Bytes::new(),
            Bytes::from_static(b"[1,2,3]"),
            Bytes::from_static(b"}"),
        ]);
        let Some(mut chunk) = body.take_whole() else { panic!("a body of known length") };
        assert!(body.is_empty(), "taken");
        assert_eq!(chunk.remaining(), 16);
        let mut slices = [IoSlice::new(&[]); 8];
        assert_eq!(chunk.chunks_vectored(&mut slices), 3, "the empty piece was left out");
        assert_eq!(&*slices[1], b"[1,2,3]");
        chunk.advance(8);
        assert_eq!(chunk.chunk(), b"[1,2,3]");
        chunk.advance(3);
        assert_eq!(chunk.remaining(), 5);
        // Across two pieces: copied.
        assert_eq!(chunk.copy_to_bytes(5), Bytes::from_static(b"2,3]}"));
        assert!(!chunk.has_remaining());
        // One piece, or a single part, is one buffer; a stream is never taken whole.
        let mut one = Body::parts([Bytes::from_static(b"x")]);
        assert!(matches!(one.take_whole(), Some(Chunk::One(b)) if b == "x"));
        assert!(one.take_whole().is_none(), "nothing left");
        let mut events = Body::Events(VecDeque::from([Bytes::from_static(b"data: 1\n\n")]));
        assert!(events.take_whole().is_none());
    }

    /// A response's buffer goes back to the spares when its last copy drops (the one sent and
    /// the one a cache kept), and not before.
    #[test]
    fn a_pooled_body_hands_its_buffer_back_when_the_last_copy_drops() {
        let mut buffer = buffers::take(5000);
        buffer.extend_from_slice(b"{\"query\":\"drift\"}");
        let address = buffer.as_ptr();
        let sent = pooled(buffer);
        let kept = sent.clone();
        assert_eq!(&sent[..], b"{\"query\":\"drift\"}");
        drop(sent);
        let other = buffers::take(5000);
        assert_ne!(other.as_ptr(), address, "still held by the kept copy");
        drop(kept);
        let again = buffers::take(5000);
        assert_eq!(again.as_ptr(), address, "given back");
        assert!(again.is_empty());
    }
}
