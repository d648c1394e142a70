//! What a surface answers, before `http/` adds the common headers.

use bytes::Bytes;
use http::StatusCode;
use http::header::{HeaderName, HeaderValue};

use std::collections::VecDeque;

use super::body::Body;
use super::media::{EVENT_STREAM, JSON};
use crate::model::{Encoded, FixedResponse, FixedValues};

/// For responses that must never be stored: errors, tokens, scores, the export.
pub const NO_STORE: &str = "no-store";
/// Search results change only with a deploy, like the fixed content. Any cache may store them,
/// but a shared cache not with the client's own `RateLimit` field (RFC 9111 section
/// 5.2.2.7); the compiler gives fixed content the same value.
pub const CACHE_CONTENT: &str = "max-age=300, private=\"RateLimit\"";

/// A content coding of a fixed response (RFC 9110 section 8.4.1), chosen by `Accept-Encoding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Identity,
    Gzip,
    Br,
}

impl Coding {
    /// The precompressed variant of `fixed` in this coding; `None` for identity or when the
    /// build kept none (small bodies, or no saving).
    pub fn variant(self, fixed: &'static FixedResponse) -> Option<&'static Encoded> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => fixed.gzip.as_ref(),
            Coding::Br => fixed.br.as_ref(),
        }
    }

    /// The `Content-Encoding` token.
    pub const fn token(self) -> &'static str {
        match self {
            Coding::Identity => "identity",
            Coding::Gzip => "gzip",
            Coding::Br => "br",
        }
    }

    /// The validator of `fixed` in this coding: each coding is its own representation.
    pub fn etag(self, fixed: &'static FixedResponse) -> &'static str {
        self.variant(fixed).map_or(fixed.etag, |encoded| encoded.etag)
    }
}

/// A surface's answer: status, body and the headers that belong to it.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Body,
    pub content_type: &'static str,
    pub cache_control: &'static str,
    pub etag: Option<&'static str>,
    /// Route-specific headers with static values (`Vary`, a page's `Link`,
    /// `Content-Location`): held inline, so a negotiated page allocates nothing here.
    pub static_headers: StaticHeaders,
    /// Route-specific headers built per request (Allow, Location, WWW-Authenticate, ...).
    /// Empty for fixed routes, so they allocate nothing here.
    pub headers: Vec<(HeaderName, HeaderValue)>,
    /// `content_type`, `cache_control` and `etag` as header values built with the binary:
    /// set by [`Reply::fixed_in`] only, and only while those three fields are as it set them.
    pub values: Option<&'static FixedValues>,
}

/// Up to `STATIC_HEADERS_MAX` headers whose values are `&'static str`, without a heap buffer.
#[derive(Debug, Clone, Default)]
pub struct StaticHeaders {
    len: usize,
    items: [Option<(HeaderName, &'static str)>; STATIC_HEADERS_MAX],
}

/// Most static headers one reply carries (a negotiated, compressed page: `Content-Encoding`,
/// `Vary`, `Link`, `Content-Location`).
pub const STATIC_HEADERS_MAX: usize = 4;

impl StaticHeaders {
    /// Adds a header; past `STATIC_HEADERS_MAX` it is dropped (a bug a test would show).
    pub fn push(&mut self, name: HeaderName, value: &'static str) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = Some((name, value));
            self.len += 1;
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &(HeaderName, &'static str)> {
        self.items[..self.len].iter().flatten()
    }

    /// The same headers in the same order, each value the very same static string (compared
    /// by address, so equal text at two addresses counts as different: never a false match).
    pub fn same_as(&self, other: &StaticHeaders) -> bool {
        self.len == other.len
            && self.iter().zip(other.iter()).all(|((name, value), (other_name, other_value))| {
                name == other_name && std::ptr::eq(*value, *other_value)
            })
    }
}

impl Reply {
    /// A precomputed response, served from its static bytes.
    pub fn fixed(fixed: &'static FixedResponse) -> Reply {
        Reply::fixed_in(fixed, Coding::Identity)
    }

    /// A precomputed response in a content coding (identity when the build kept no variant in
    /// that coding), with `Content-Encoding` and the variant's own validator.
    pub fn fixed_in(fixed: &'static FixedResponse, coding: Coding) -> Reply {
        let mut static_headers = StaticHeaders::default();
        let (body, etag, values) = match coding.variant(fixed) {
            Some(encoded) => {
                static_headers.push(http::header::CONTENT_ENCODING, coding.token());
                (Bytes::from_static(encoded.body), encoded.etag, encoded.values)
            }
            None => (Bytes::from_static(fixed.body.as_bytes()), fixed.etag, fixed.values),
        };
        Reply {
            status: StatusCode::OK,
            body: Body::full(body),
            content_type: fixed.content_type,
            cache_control: fixed.cache_control,
            etag: Some(etag),
            static_headers,
            headers: Vec::new(),
            values: Some(values),
        }
    }

    pub fn json(status: StatusCode, body: impl Into<Bytes>, cache_control: &'static str) -> Reply {
        Reply {
            status,
            body: Body::full(body),
            content_type: JSON,
            cache_control,
            etag: None,
            static_headers: StaticHeaders::default(),
            headers: Vec::new(),
            values: None,
        }
    }

    /// A server-sent-events stream of ready frames (`wire::sse::event`), never stored.
    pub fn events(frames: VecDeque<Bytes>) -> Reply {
        Reply {
            status: StatusCode::OK,
            body: Body::Events(frames),
            content_type: EVENT_STREAM,
            cache_control: NO_STORE,
            etag: None,
            static_headers: StaticHeaders::default(),
            headers: Vec::new(),
            values: None,
        }
    }

    pub fn empty(status: StatusCode) -> Reply {
        Reply {
            status,
            body: Body::empty(),
            content_type: "",
            cache_control: NO_STORE,
            etag: None,
            static_headers: StaticHeaders::default(),
            headers: Vec::new(),
            values: None,
        }
    }

    pub fn with(mut self, name: HeaderName, value: HeaderValue) -> Reply {
        self.headers.push((name, value));
        self
    }
}
