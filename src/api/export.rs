//! `GET /v1/export`: the bulk export behind a bearer token. Only `exportedAt` and `client` are
//! written per request; the rest is the precomputed `tables::EXPORT_TAIL`.

use http::StatusCode;
use http::header::{self, HeaderValue};

use crate::auth::Keys;
use crate::auth::token::{self, Parties};
use crate::error::ApiError;
use crate::http::respond::{NO_STORE, Reply};
use crate::tables::{API_BASE, AUTH_URL, BEARER_CHALLENGE, EXPORT_TAIL, RESOURCE_METADATA_URL};

/// Who issues and who accepts tokens for this build.
pub fn parties() -> Parties<'static> {
    Parties { issuer: AUTH_URL, audience: API_BASE }
}

fn challenge(error: Option<&str>) -> HeaderValue {
    match error {
        None => HeaderValue::from_static(BEARER_CHALLENGE),
        Some(description) => HeaderValue::from_str(&format!(
            "Bearer error=\"invalid_token\", error_description=\"{description}\", resource_metadata=\"{RESOURCE_METADATA_URL}\""
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
    let Some(presented) = bearer(authorization) else {
        return Reply::error(&ApiError::missing_token())
            .with(header::WWW_AUTHENTICATE, challenge(None));
    };
    let claims = match token::verify(keys, parties(), presented, now_ms / 1000) {
        Ok(claims) => claims,
        Err(rejection) => {
            return Reply::error(&ApiError::invalid_token(rejection.describe()))
                .with(header::WWW_AUTHENTICATE, challenge(Some(rejection.describe())));
        }
    };
    let exported_at = humantime::format_rfc3339_seconds(
        std::time::UNIX_EPOCH + std::time::Duration::from_millis(now_ms),
    );
    let mut body = Vec::with_capacity(EXPORT_TAIL.len() + 128);
    body.extend_from_slice(b"{\"exportedAt\":\"");
    body.extend_from_slice(exported_at.to_string().as_bytes());
    body.extend_from_slice(b"\",\"client\":");
    // Writing to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut body, &claims.client_id);
    body.push(b',');
    body.extend_from_slice(EXPORT_TAIL.as_bytes());
    Reply::json(StatusCode::OK, body, NO_STORE)
}
