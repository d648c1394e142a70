//! What a surface answers, before `http/` adds the common headers.

use bytes::Bytes;
use http::StatusCode;
use http::header::{HeaderName, HeaderValue};

use std::collections::VecDeque;

use super::body::Body;
use super::media::{EVENT_STREAM, JSON};
use crate::model::FixedResponse;

/// For responses that must never be stored: errors, tokens, scores, the export.
pub const NO_STORE: &str = "no-store";
/// Search results change only with a deploy, like the fixed content.
pub const CACHE_CONTENT: &str = "public, max-age=300";

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
}

/// Up to `STATIC_HEADERS_MAX` headers whose values are `&'static str`, without a heap buffer.
#[derive(Debug, Clone, Default)]
pub struct StaticHeaders {
    len: usize,
    items: [Option<(HeaderName, &'static str)>; STATIC_HEADERS_MAX],
}

/// Most static headers one reply carries (a negotiated page: `Vary`, `Link`, `Content-Location`).
pub const STATIC_HEADERS_MAX: usize = 3;

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
}

impl Reply {
    /// A precomputed response, served from its static bytes.
    pub fn fixed(fixed: &'static FixedResponse) -> Reply {
        Reply {
            status: StatusCode::OK,
            body: Body::full(Bytes::from_static(fixed.body.as_bytes())),
            content_type: fixed.content_type,
            cache_control: fixed.cache_control,
            etag: Some(fixed.etag),
            static_headers: StaticHeaders::default(),
            headers: Vec::new(),
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
        }
    }

    pub fn with(mut self, name: HeaderName, value: HeaderValue) -> Reply {
        self.headers.push((name, value));
        self
    }
}
