//! The body of every response: complete bytes, or a server-sent-events stream of frames.
//!
//! Everything the service answers is computed in process before the first byte goes out, so a
//! stream is a queue of ready frames: each event leaves as its own data frame (an SSE client
//! sees them one by one), with no channel or task behind it.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
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

#[cfg(test)]
mod tests {
    use crate::buffers;
    use crate::wire::body::pooled;

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
