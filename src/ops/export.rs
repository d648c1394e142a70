//! The bulk export for a verified client. Only `exportedAt` and `client` are written per
//! request, after the precomputed `tables::EXPORT_HEAD` (last, so the constant part can also
//! be served precompressed: see `api::export`).

use super::error::Error;
use crate::auth::Keys;
use crate::auth::token::{self, Claims, Parties, Rejection};
use crate::model::EXPORT_SCOPE;
use crate::tables::{API_BASE, AUTH_URL, EXPORT_HEAD};

/// Who issues and who accepts tokens for this build.
pub fn parties() -> Parties<'static> {
    Parties { issuer: AUTH_URL, audience: API_BASE }
}

/// Why an export was refused: the error, and the token's rejection when one was presented.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Denied {
    pub error: Error,
    pub rejection: Option<Rejection>,
}

/// Checks a presented bearer token (`None`: none was sent) at `now_ms`.
pub fn authorize(keys: &Keys, bearer: Option<&str>, now_ms: u64) -> Result<Claims, Denied> {
    let Some(presented) = bearer else {
        return Err(Denied { error: Error::missing_token(), rejection: None });
    };
    token::verify(keys, parties(), presented, now_ms / 1000).map_err(|rejection| Denied {
        // RFC 6750 section 3.1: a valid token without the scope is a 403, not a bad token.
        error: match rejection {
            Rejection::WrongScope => Error::insufficient_scope(EXPORT_SCOPE),
            _ => Error::invalid_token(rejection.describe()),
        },
        rejection: Some(rejection),
    })
}

/// The BulkExport JSON for a verified client at `now_ms`.
pub fn export_json(claims: &Claims, now_ms: u64) -> Vec<u8> {
    let suffix = dynamic_suffix(claims, now_ms);
    let mut body = Vec::with_capacity(EXPORT_HEAD.len() + suffix.len());
    body.extend_from_slice(EXPORT_HEAD.as_bytes());
    body.extend_from_slice(&suffix);
    body
}

/// What follows `EXPORT_HEAD` for this client at `now_ms`:
/// `,"exportedAt":"<RFC 3339>","client":"<client_id>"}`.
pub fn dynamic_suffix(claims: &Claims, now_ms: u64) -> Vec<u8> {
    let exported_at = humantime::format_rfc3339_seconds(
        std::time::UNIX_EPOCH + std::time::Duration::from_millis(now_ms),
    );
    let mut suffix = Vec::with_capacity(64 + claims.client_id.len());
    suffix.extend_from_slice(b",\"exportedAt\":\"");
    suffix.extend_from_slice(exported_at.to_string().as_bytes());
    suffix.extend_from_slice(b"\",\"client\":");
    // Writing to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut suffix, &claims.client_id);
    suffix.push(b'}');
    suffix
}
