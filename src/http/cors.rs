//! CORS: open to every origin, never with credentials. Every response (errors, 304s and 429s
//! included) carries `Access-Control-Allow-Origin: *` and the headers a browser may read;
//! preflights answer with the route's methods and the request headers clients send.

use http::HeaderMap;
use http::header::{self, HeaderValue};

use super::respond::Reply;
use http::StatusCode;

/// Response headers a browser client must be able to read.
pub const EXPOSE_HEADERS: &str = "ETag, RateLimit, RateLimit-Policy, Retry-After, Idempotency-Key, Idempotency-Status, \
WWW-Authenticate, X-Sandbox, Deprecation, Sunset, Link, Location";
/// Request headers clients send. `Authorization` must be named: `*` never covers it.
pub const ALLOW_HEADERS: &str =
    "Authorization, Content-Type, Idempotency-Key, If-None-Match, Accept";
/// How long a browser may cache a preflight (Chromium caps this at 7200).
pub const MAX_AGE: &str = "7200";

pub fn add_response_headers(headers: &mut HeaderMap) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static(EXPOSE_HEADERS));
}

/// The answer to `OPTIONS` on a route that allows `allow`.
pub fn preflight(allow: &'static str) -> Reply {
    Reply::empty(StatusCode::NO_CONTENT)
        .with(header::ALLOW, HeaderValue::from_static(allow))
        .with(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static(allow))
        .with(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static(ALLOW_HEADERS))
        .with(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static(MAX_AGE))
}
