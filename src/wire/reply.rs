//! What a surface answers, before `http/` adds the common headers.

use bytes::Bytes;
use http::StatusCode;
use http::header::{HeaderName, HeaderValue};

use super::body::Body;
use super::media::JSON;
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
    /// Route-specific headers (Allow, Location, WWW-Authenticate, ...). Empty for fixed routes,
    /// so they allocate nothing here.
    pub headers: Vec<(HeaderName, HeaderValue)>,
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
            headers: Vec::new(),
        }
    }

    pub fn with(mut self, name: HeaderName, value: HeaderValue) -> Reply {
        self.headers.push((name, value));
        self
    }
}
