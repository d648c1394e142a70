//! `GET /v1/export`: the bearer token from the `Authorization` header → `ops::export`.

use http::StatusCode;
use http::header::{self, HeaderValue};

use super::error::error_reply;
use crate::auth::Keys;
use crate::ops::export::{self, Denied};
use crate::tables::{BEARER_CHALLENGE, RESOURCE_METADATA_URL};
use crate::wire::Reply;
use crate::wire::reply::NO_STORE;

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

pub fn get(keys: &Keys, authorization: Option<&HeaderValue>, now_ms: u64) -> Reply {
    match export::authorize(keys, bearer(authorization), now_ms) {
        Ok(claims) => Reply::json(StatusCode::OK, export::export_json(&claims, now_ms), NO_STORE),
        Err(denied) => {
            error_reply(&denied.error).with(header::WWW_AUTHENTICATE, challenge(&denied))
        }
    }
}
