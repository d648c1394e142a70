//! A handler's answer (`Reply`) and the common headers every response gets on its way out.

use bytes::Bytes;
use http::header::{self, HeaderName, HeaderValue};
use http::{Response, StatusCode};
use http_body_util::Full;

use super::cors;
use crate::error::ApiError;
use crate::limits::idempotency;
use crate::limits::rate::Decision;
use crate::model::{Deprecation, FixedResponse};

pub const JSON: &str = "application/json; charset=utf-8";
/// For responses that must never be stored: errors, tokens, the export.
pub const NO_STORE: &str = "no-store";
/// Search results change only with a deploy, like the fixed content.
pub const CACHE_CONTENT: &str = "public, max-age=300";

/// What a handler answers, before the common headers.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Bytes,
    pub content_type: &'static str,
    pub cache_control: &'static str,
    pub etag: Option<&'static str>,
    /// Route-specific headers (Allow, Location, WWW-Authenticate, ...). Empty for fixed routes,
    /// so they allocate nothing here.
    pub headers: Vec<(HeaderName, HeaderValue)>,
}

impl Reply {
    pub fn fixed(fixed: &'static FixedResponse) -> Reply {
        Reply {
            status: StatusCode::OK,
            body: Bytes::from_static(fixed.body.as_bytes()),
            content_type: fixed.content_type,
            cache_control: fixed.cache_control,
            etag: Some(fixed.etag),
            headers: Vec::new(),
        }
    }

    pub fn json(status: StatusCode, body: impl Into<Bytes>, cache_control: &'static str) -> Reply {
        Reply {
            status,
            body: body.into(),
            content_type: JSON,
            cache_control,
            etag: None,
            headers: Vec::new(),
        }
    }

    pub fn error(error: &ApiError) -> Reply {
        Reply::json(error.status, error.body(), NO_STORE)
    }

    /// An OAuth error body (RFC 6749 section 5.2, RFC 7591 section 3.2.2).
    pub fn oauth_error(status: StatusCode, error: &str, description: &str) -> Reply {
        let body =
            serde_json::json!({ "error": error, "error_description": description }).to_string();
        Reply::json(status, body, NO_STORE)
            .with(header::PRAGMA, HeaderValue::from_static("no-cache"))
    }

    pub fn empty(status: StatusCode) -> Reply {
        Reply {
            status,
            body: Bytes::new(),
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

/// Everything about the request that the common headers depend on.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub rate: Decision,
    pub rate_policy: &'a HeaderValue,
    /// A valid Idempotency-Key to echo.
    pub idempotency_key: Option<&'a str>,
    /// Deprecation of the API version this path belongs to.
    pub deprecation: Option<&'a Deprecation>,
}

fn value(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The response: the reply plus CORS, RateLimit, sandbox, deprecation and idempotency headers.
pub fn finish(reply: Reply, context: &Context<'_>) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(reply.body));
    *response.status_mut() = reply.status;
    let headers = response.headers_mut();
    // Every response carries about a dozen headers; size the map once instead of growing it.
    headers.reserve(16);
    if !reply.content_type.is_empty() {
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(reply.cache_control));
    if let Some(etag) = reply.etag {
        headers.insert(header::ETAG, HeaderValue::from_static(etag));
    }
    for (name, value) in reply.headers {
        headers.append(name, value);
    }
    cors::add_response_headers(headers);
    headers.insert(HeaderName::from_static("ratelimit-policy"), context.rate_policy.clone());
    headers.insert(
        HeaderName::from_static("ratelimit"),
        ratelimit_value(context.rate.remaining, context.rate.reset_secs),
    );
    if cfg!(feature = "sandbox") {
        headers.insert(HeaderName::from_static("x-sandbox"), HeaderValue::from_static("true"));
    }
    if let Some(deprecation) = context.deprecation {
        add_deprecation(headers, deprecation);
    }
    if let Some(key) = context.idempotency_key {
        headers.insert(HeaderName::from_static("idempotency-key"), value(key));
        headers.insert(
            HeaderName::from_static("idempotency-status"),
            HeaderValue::from_static(idempotency::STATUS_DETERMINISTIC),
        );
    }
    response
}

/// `"ip";r=<remaining>;t=<seconds>`, built on the stack (this runs on every response).
fn ratelimit_value(remaining: u32, reset_secs: u64) -> HeaderValue {
    let mut text = [0u8; 48];
    let mut len = 0;
    for part in [
        b"\"ip\";r=".as_slice(),
        itoa::Buffer::new().format(remaining).as_bytes(),
        b";t=",
        itoa::Buffer::new().format(reset_secs).as_bytes(),
    ] {
        text[len..len + part.len()].copy_from_slice(part);
        len += part.len();
    }
    HeaderValue::from_bytes(&text[..len]).unwrap_or_else(|_| HeaderValue::from_static("\"ip\""))
}

/// RFC 9745 `Deprecation`, RFC 8594 `Sunset`, and the migration `Link`.
pub fn add_deprecation(headers: &mut http::HeaderMap, deprecation: &Deprecation) {
    headers.insert(
        HeaderName::from_static("deprecation"),
        HeaderValue::from_static(deprecation.deprecation),
    );
    if let Some(sunset) = deprecation.sunset {
        headers.insert(HeaderName::from_static("sunset"), HeaderValue::from_static(sunset));
    }
    headers.append(
        header::LINK,
        value(&format!("<{}>; rel=\"deprecation\"; type=\"text/html\"", deprecation.link)),
    );
}
