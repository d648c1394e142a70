//! The common headers every response gets on its way out, and the step from a surface's
//! `Reply` to the hyper response.

use http::Response;
use http::header::{self, HeaderName, HeaderValue};

use super::cors;
use crate::limits::idempotency;
use crate::limits::rate::Decision;
use crate::model::Deprecation;
use crate::route::CorsProfile;
use crate::wire::{Body, Reply};

/// Everything about the request that the common headers depend on.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The rate limiter's decision; `None` for a route it does not apply to (`/healthz`).
    pub rate: Option<Decision>,
    pub rate_policy: &'a HeaderValue,
    /// The route's cross-origin profile.
    pub cors: CorsProfile,
    /// A valid Idempotency-Key to echo.
    pub idempotency_key: Option<&'a str>,
    /// Deprecation of the API version this path belongs to.
    pub deprecation: Option<&'a Deprecation>,
}

fn value(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The response: the reply plus CORS, RateLimit, sandbox, deprecation and idempotency headers.
pub fn finish(reply: Reply, context: &Context<'_>) -> Response<Body> {
    let mut response = respond(reply, context.cors);
    let headers = response.headers_mut();
    if let Some(rate) = context.rate {
        headers.insert(HeaderName::from_static("ratelimit-policy"), context.rate_policy.clone());
        headers.insert(
            HeaderName::from_static("ratelimit"),
            ratelimit_value(rate.remaining, rate.reset_secs),
        );
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

/// The response with the headers every answer carries, whoever sends it (the service, or the
/// accept loop refusing a connection): CORS, `X-Content-Type-Options: nosniff` and the
/// sandbox marker. `finish` adds the ones that depend on the request.
pub fn respond(reply: Reply, cors: CorsProfile) -> Response<Body> {
    let mut response = Response::new(reply.body);
    *response.status_mut() = reply.status;
    let headers = response.headers_mut();
    // Every response carries about a dozen headers; size the map once instead of growing it.
    headers.reserve(16);
    match reply.values {
        // A fixed response: its values were built with the binary.
        Some(values) => {
            debug_assert!(
                values.content_type == reply.content_type
                    && values.cache_control == reply.cache_control
                    && reply.etag.is_some_and(|etag| values.etag == etag),
                "a fixed reply's header values no longer match its fields"
            );
            if !reply.content_type.is_empty() {
                headers.insert(header::CONTENT_TYPE, values.content_type.clone());
            }
            headers.insert(header::CACHE_CONTROL, values.cache_control.clone());
            headers.insert(header::ETAG, values.etag.clone());
        }
        None => {
            if !reply.content_type.is_empty() {
                headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(reply.cache_control));
            if let Some(etag) = reply.etag {
                headers.insert(header::ETAG, HeaderValue::from_static(etag));
            }
        }
    }
    for (name, value) in reply.static_headers.iter() {
        headers.append(name.clone(), HeaderValue::from_static(value));
    }
    for (name, value) in reply.headers {
        headers.append(name, value);
    }
    cors::add_response_headers(headers, cors);
    // Browsers must take every body as the type it is labelled with: a JSON error echoing
    // part of a path must never be sniffed into HTML.
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if cfg!(feature = "sandbox") {
        headers.insert(HeaderName::from_static("x-sandbox"), HeaderValue::from_static("true"));
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
