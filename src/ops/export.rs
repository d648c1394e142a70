//! The bulk export for a verified client. Only `exportedAt` and `client` are written per
//! request; the rest is the precomputed `tables::EXPORT_TAIL`.

use super::error::Error;
use crate::auth::Keys;
use crate::auth::token::{self, Claims, Parties, Rejection};
use crate::tables::{API_BASE, AUTH_URL, EXPORT_TAIL};

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
        error: Error::invalid_token(rejection.describe()),
        rejection: Some(rejection),
    })
}

/// The BulkExport JSON for a verified client at `now_ms`.
pub fn export_json(claims: &Claims, now_ms: u64) -> Vec<u8> {
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
    body
}
