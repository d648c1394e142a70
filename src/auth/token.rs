//! Access tokens: JWTs in the RFC 9068 profile, signed with HMAC-SHA256, self-contained.
//!
//! The header is fixed (`{"alg":"HS256","typ":"at+jwt"}`) and verification compares it byte for
//! byte, so no `alg` in a presented token is ever honoured. Checks, in order: shape and size,
//! header, signature (current key, then previous), then issuer, audience, scope, expiry and
//! issue time with `TOKEN_CLOCK_SKEW_SECS` of leeway. Time is always passed in.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::Mac;
use serde::{Deserialize, Serialize};

use super::{KeySet, Keys};
use crate::limits::{TOKEN_CLOCK_SKEW_SECS, TOKEN_LIFETIME_SECS, TOKEN_MAX_LEN};
use crate::model::EXPORT_SCOPE;

/// base64url of `{"alg":"HS256","typ":"at+jwt"}`.
pub const HEADER: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9";

/// The claims of an access token (RFC 9068 section 2.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub client_id: String,
    pub scope: String,
    pub iat: u64,
    pub exp: u64,
    pub jti: String,
}

/// The path of the one protected resource under the API's base: its RFC 9728 metadata's
/// `resource` is the base and this path, and a token requested for it (RFC 8707 `resource`)
/// carries it as `aud`.
pub const EXPORT_RESOURCE_PATH: &str = "/v1/export";

/// Who issues and who accepts: the issuer origin and this API's audience.
#[derive(Debug, Clone, Copy)]
pub struct Parties<'a> {
    pub issuer: &'a str,
    pub audience: &'a str,
}

fn sign(keys: &KeySet, signing_input: &str) -> hmac::Hmac<sha2::Sha256> {
    let mut mac = keys.token_mac();
    mac.update(signing_input.as_bytes());
    mac
}

/// Issues a token for `client_id` at `now` (Unix seconds) with a random `jti`, for the API's
/// audience.
pub fn issue(keys: &Keys, parties: Parties<'_>, client_id: &str, now: u64) -> String {
    issue_for(keys, parties, parties.audience, client_id, now)
}

/// [`issue`] with the audience `aud`: the API's, or the export resource's (`accepts` holds).
pub fn issue_for(
    keys: &Keys,
    parties: Parties<'_>,
    aud: &str,
    client_id: &str,
    now: u64,
) -> String {
    let mut jti = [0u8; 12];
    // Without randomness the jti is still unique enough per second and client; it is not a
    // security property here, only an identifier for logs.
    let _ = getrandom::fill(&mut jti);
    let claims = Claims {
        iss: parties.issuer.to_string(),
        sub: client_id.to_string(),
        aud: aud.to_string(),
        client_id: client_id.to_string(),
        scope: EXPORT_SCOPE.to_string(),
        iat: now,
        exp: now + TOKEN_LIFETIME_SECS,
        jti: URL_SAFE_NO_PAD.encode(jti),
    };
    encode_claims(&keys.current, &claims)
}

/// Signs arbitrary claims (tests use this to build expired or foreign tokens).
pub fn encode_claims(keys: &KeySet, claims: &Claims) -> String {
    let payload = serde_json::to_vec(claims).unwrap_or_default();
    let signing_input = format!("{HEADER}.{}", URL_SAFE_NO_PAD.encode(payload));
    let signature = URL_SAFE_NO_PAD.encode(sign(keys, &signing_input).finalize().into_bytes());
    format!("{signing_input}.{signature}")
}

/// Why a token was refused (for the `error_description`; never more detail than this).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejection {
    Malformed,
    BadSignature,
    WrongIssuer,
    WrongAudience,
    WrongScope,
    Expired,
    NotYetValid,
}

impl Rejection {
    pub fn describe(self) -> &'static str {
        match self {
            Rejection::Malformed => "malformed token",
            Rejection::BadSignature => "signature does not verify",
            Rejection::WrongIssuer => "issued by another authorization server",
            Rejection::WrongAudience => "issued for another API",
            Rejection::WrongScope => "scope export is missing",
            Rejection::Expired => "token expired",
            Rejection::NotYetValid => "token issued in the future",
        }
    }
}

/// Whether `aud` is this API's: its base, or the export resource under it (a token asked for
/// with RFC 8707 `resource` is bound to that resource, RFC 9068 section 3).
pub fn accepts(parties: Parties<'_>, aud: &str) -> bool {
    aud == parties.audience || aud.strip_prefix(parties.audience) == Some(EXPORT_RESOURCE_PATH)
}

/// Verifies `token` at `now` and returns its claims.
pub fn verify(
    keys: &Keys,
    parties: Parties<'_>,
    token: &str,
    now: u64,
) -> Result<Claims, Rejection> {
    if token.len() > TOKEN_MAX_LEN {
        return Err(Rejection::Malformed);
    }
    let (signing_input, signature) = token.rsplit_once('.').ok_or(Rejection::Malformed)?;
    let (header, payload) = signing_input.split_once('.').ok_or(Rejection::Malformed)?;
    if header != HEADER {
        return Err(Rejection::Malformed);
    }
    let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| Rejection::Malformed)?;
    // Decoded before the signature is checked, so that text which is no token's payload (a
    // third dot, a comma, a space: `Bearer <token>, Bearer <token>`, two credentials joined
    // as a proxy merging two `Authorization` lines writes them) is called malformed, not a
    // token whose signature fails, which sent a client asking for a new token to send the
    // same header again. The same work either way: a valid token decodes it too.
    let payload = URL_SAFE_NO_PAD.decode(payload).map_err(|_| Rejection::Malformed)?;
    if !keys.all().any(|set| sign(set, signing_input).verify_slice(&signature).is_ok()) {
        return Err(Rejection::BadSignature);
    }
    let claims: Claims = serde_json::from_slice(&payload).map_err(|_| Rejection::Malformed)?;
    if claims.iss != parties.issuer {
        return Err(Rejection::WrongIssuer);
    }
    if !accepts(parties, &claims.aud) {
        return Err(Rejection::WrongAudience);
    }
    if now >= claims.exp + TOKEN_CLOCK_SKEW_SECS {
        return Err(Rejection::Expired);
    }
    if claims.iat > now + TOKEN_CLOCK_SKEW_SECS {
        return Err(Rejection::NotYetValid);
    }
    // Last: a token refused for its scope is otherwise valid, which its 403 says (RFC 6750
    // section 3.1, insufficient_scope); any other fault is a 401 invalid_token.
    if !claims.scope.split(' ').any(|s| s == EXPORT_SCOPE) {
        return Err(Rejection::WrongScope);
    }
    Ok(claims)
}
