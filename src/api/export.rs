//! `GET /v1/export`: the bearer token from the `Authorization` header → `ops::export`.
//!
//! A successful export is cacheable by the client alone (`Cache-Control: private`, one token
//! lifetime) and carries a weak `ETag` naming the content version, the same for every client
//! and request of one build. A direct request whose `If-None-Match` matches gets 304 with no
//! body, but only once its token has been checked: without a valid token the answer is 401
//! whatever the validator says, so a 304 never tells an anonymous client anything.

use http::StatusCode;
use http::header::{self, HeaderMap, HeaderValue};

use super::error::error_reply;
use crate::auth::Keys;
use crate::ops::export::{self, Denied};
use crate::tables::{BEARER_CHALLENGE, EXPORT_CACHE_CONTROL, EXPORT_ETAG, RESOURCE_METADATA_URL};
use crate::wire::Reply;
use crate::wire::conditional::none_match;

/// The RFC 6750 challenge: without an error code when no token was presented.
fn challenge(denied: &Denied) -> HeaderValue {
    match denied.rejection {
        None => HeaderValue::from_static(BEARER_CHALLENGE),
        Some(rejection) => HeaderValue::from_str(&format!(
            "Bearer error=\"invalid_token\", error_description=\"{}\", resource_metadata=\"{RESOURCE_METADATA_URL}\"",
            rejection.describe()
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(BEARER_CHALLENGE)),
    }
}

/// The bearer token in an `Authorization` header value, if the scheme is Bearer.
pub fn bearer(authorization: Option<&HeaderValue>) -> Option<&str> {
    let value = authorization?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The export for an `Authorization` header alone (a batch item carries no other header).
pub fn get(keys: &Keys, authorization: Option<&HeaderValue>, now_ms: u64) -> Reply {
    answer(keys, authorization, None, now_ms)
}

/// The export for a direct request: its `Authorization` and its conditional headers.
pub fn get_direct(keys: &Keys, headers: &HeaderMap, now_ms: u64) -> Reply {
    answer(keys, headers.get(header::AUTHORIZATION), Some(headers), now_ms)
}

fn answer(
    keys: &Keys,
    authorization: Option<&HeaderValue>,
    conditional: Option<&HeaderMap>,
    now_ms: u64,
) -> Reply {
    let claims = match export::authorize(keys, bearer(authorization), now_ms) {
        Ok(claims) => claims,
        Err(denied) => {
            return error_reply(&denied.error).with(header::WWW_AUTHENTICATE, challenge(&denied));
        }
    };
    let mut reply = if conditional.is_some_and(|headers| none_match(headers, EXPORT_ETAG)) {
        Reply::empty(StatusCode::NOT_MODIFIED)
    } else {
        Reply::json(StatusCode::OK, export::export_json(&claims, now_ms), EXPORT_CACHE_CONTROL)
    };
    reply.cache_control = EXPORT_CACHE_CONTROL;
    reply.etag = Some(EXPORT_ETAG);
    reply
}
