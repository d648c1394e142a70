//! The Error body on the answers hyper's HTTP/1 server gives itself.
//!
//! hyper parses an HTTP/1 request's head before the service sees it. A head it refuses (one
//! it cannot parse, or one past `MAX_HEADER_BYTES` or `MAX_HEADER_FIELDS`) it answers itself,
//! with a status line, `connection: close`, `content-length: 0` and `date`, and no body; then
//! it closes the connection. It has no hook for that answer. Every other bad input gets the
//! contract's Error body with a stable code, so these do too: the connection's writer
//! (`detect::Prefixed`) recognises hyper's own head at the end of what hyper writes and
//! writes in its place the same status with the Error body (`malformed_request` or
//! `header_fields_too_large`), the API's headers and hyper's `date`. The service never writes
//! such a head: its every response has a `content-type`, and its 400s and 431s a body.

use bytes::Bytes;
use http::Response;

use super::metrics::Rejected;
use crate::wire::Body;

/// The status line hyper writes for a head it cannot parse.
const MALFORMED: &[u8] = b"HTTP/1.1 400 Bad Request";
/// The status line hyper writes for a head past its limits.
const TOO_LARGE: &[u8] = b"HTTP/1.1 431 Request Header Fields Too Large";
/// The fields hyper writes in a refusal head.
const FIELDS: usize = 3;

/// hyper's refusal head found at the end of a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found<'a> {
    /// Where in the bytes the head starts; what comes before it is earlier responses.
    pub start: usize,
    pub refused: Rejected,
    /// The value of its `date` field, if it has one.
    pub date: Option<&'a [u8]>,
}

/// hyper's own refusal head, if `bytes` ends with one: its status line, then only the fields
/// `connection: close`, `content-length: 0` and `date` (in any order; `date` may be missing),
/// then the empty line. Read from the end, a line at a time, so it stops at the first line
/// that is not one of those: one comparison for a write that ends with a body (every
/// response that has one), two or three short lines for the head of a 304 or a HEAD.
pub fn find(bytes: &[u8]) -> Option<Found<'_>> {
    let mut head = bytes.strip_suffix(b"\r\n\r\n")?;
    let (mut empty, mut date) = (false, None);
    for _ in 0..=FIELDS {
        let at = head.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
        let line = &head[at..];
        let refused = if line == MALFORMED {
            Some(Rejected::Malformed)
        } else if line == TOO_LARGE {
            Some(Rejected::TooLarge)
        } else {
            None
        };
        if let Some(refused) = refused {
            return empty.then_some(Found { start: at, refused, date });
        }
        if line == b"content-length: 0" {
            empty = true;
        } else if let Some(value) = line.strip_prefix(b"date: ") {
            date = Some(value);
        } else if line != b"connection: close" {
            return None;
        }
        head = head[..at].strip_suffix(b"\r\n")?;
    }
    None
}

/// The two answers written in place of hyper's, built once per server.
#[derive(Debug, Clone)]
pub struct Refusals {
    malformed: Answer,
    too_large: Answer,
}

/// One answer: its head up to (not including) `date`, and its body.
#[derive(Debug, Clone)]
struct Answer {
    head: Vec<u8>,
    body: Bytes,
}

impl Answer {
    /// From a response the API would send for the error (its status, headers and body), with
    /// `connection: close`, as hyper closes the connection after it.
    fn new(response: Response<Body>) -> Answer {
        let (parts, body) = response.into_parts();
        let body = body.into_bytes();
        let mut head = Vec::with_capacity(512);
        head.extend_from_slice(b"HTTP/1.1 ");
        head.extend_from_slice(parts.status.as_str().as_bytes());
        head.push(b' ');
        head.extend_from_slice(parts.status.canonical_reason().unwrap_or("").as_bytes());
        head.extend_from_slice(b"\r\n");
        for (name, value) in &parts.headers {
            if name == http::header::CONTENT_LENGTH || name == http::header::CONNECTION {
                continue;
            }
            head.extend_from_slice(name.as_str().as_bytes());
            head.extend_from_slice(b": ");
            head.extend_from_slice(value.as_bytes());
            head.extend_from_slice(b"\r\n");
        }
        head.extend_from_slice(b"connection: close\r\ncontent-length: ");
        head.extend_from_slice(body.len().to_string().as_bytes());
        head.extend_from_slice(b"\r\n");
        Answer { head, body }
    }
}

impl Refusals {
    /// From the responses the API sends for `malformed_request` and `header_fields_too_large`.
    pub fn new(malformed: Response<Body>, too_large: Response<Body>) -> Refusals {
        Refusals { malformed: Answer::new(malformed), too_large: Answer::new(too_large) }
    }

    /// The length of the Error body written in place of `refused`.
    pub fn body_len(&self, refused: Rejected) -> usize {
        match refused {
            Rejected::Malformed => self.malformed.body.len(),
            Rejected::TooLarge => self.too_large.body.len(),
        }
    }

    /// What to write in place of `bytes`, which end with hyper's refusal `found`: the
    /// responses before it as they were, then the answer with hyper's `date`.
    pub fn replace(&self, bytes: &[&[u8]], found: &Found<'_>) -> Vec<u8> {
        let answer = match found.refused {
            Rejected::Malformed => &self.malformed,
            Rejected::TooLarge => &self.too_large,
        };
        let before: usize = bytes.iter().map(|b| b.len()).sum::<usize>();
        let mut out = Vec::with_capacity(before + answer.head.len() + answer.body.len() + 64);
        if let Some((last, earlier)) = bytes.split_last() {
            for b in earlier {
                out.extend_from_slice(b);
            }
            out.extend_from_slice(&last[..found.start.min(last.len())]);
        }
        out.extend_from_slice(&answer.head);
        if let Some(date) = found.date {
            out.extend_from_slice(b"date: ");
            out.extend_from_slice(date);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"\r\n");
        out.extend_from_slice(&answer.body);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{Found, find};
    use crate::http::metrics::Rejected;

    const DATE: &[u8] = b"Sun, 06 Dec 2026 04:08:34 GMT";

    #[test]
    fn finds_hyper_s_own_refusals_at_the_end_of_a_write() {
        let bad = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\ndate: Sun, 06 Dec 2026 04:08:34 GMT\r\n\r\n";
        assert_eq!(
            find(bad),
            Some(Found { start: 0, refused: Rejected::Malformed, date: Some(DATE) })
        );
        let large = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
        assert_eq!(find(large), Some(Found { start: 0, refused: Rejected::TooLarge, date: None }));
        // After a response to an earlier request of the same connection.
        let mut both = b"HTTP/1.1 304 Not Modified\r\netag: \"a\"\r\n\r\n".to_vec();
        let start = both.len();
        both.extend_from_slice(bad);
        assert_eq!(find(&both).map(|f| f.start), Some(start));
    }

    #[test]
    fn finds_nothing_in_the_service_s_own_answers() {
        for bytes in [
            // A body ends the write.
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}"[..],
            // A head of the service's: it has a content type and its length.
            b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 7\r\n\r\n",
            // Another status.
            b"HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 204 No Content\r\n\r\n",
            b"\r\n\r\n",
            b"",
        ] {
            assert_eq!(find(bytes), None, "{}", String::from_utf8_lossy(bytes));
        }
    }
}
