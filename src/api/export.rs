//! `GET /v1/export`: the bearer token from the `Authorization` header → `ops::export`.
//!
//! A successful export is cacheable by the client alone (`Cache-Control: private`, one token
//! lifetime) and carries a weak `ETag` naming the content version, the same for every client
//! and request of one build. A direct request whose `If-None-Match` matches gets 304 with no
//! body, but only once its token has been checked: without a valid token the answer is 401
//! whatever the validator says, so a 304 never tells an anonymous client anything.
//!
//! The export also comes in gzip and brotli, chosen by `Accept-Encoding` like a fixed
//! response, without compressing anything per request: the build compressed the constant part
//! and left each stream open, and the per-request suffix is appended as stored blocks
//! (`wire::append`). Each coding has its own validator, and the response varies by
//! `Accept-Encoding` whichever coding was chosen, and by `Authorization`, since the body names
//! the client.

use bytes::Bytes;
use http::StatusCode;
use http::header::{self, HeaderMap, HeaderValue};

use super::error::error_reply;
use crate::auth::token::Rejection;
use crate::auth::{Keys, scheme_and_credentials};
use crate::model::EXPORT_SCOPE;
use crate::ops::Error;
use crate::ops::export::{self, Denied};
use crate::tables::{
    BEARER_CHALLENGE, EXPORT_CACHE_CONTROL, EXPORT_ETAG, EXPORT_ETAG_BR, EXPORT_ETAG_GZIP,
    EXPORT_HEAD, EXPORT_HEAD_BR, EXPORT_HEAD_CRC, EXPORT_HEAD_GZIP, RESOURCE_METADATA_URL,
};
use crate::wire::conditional::{match_fails, none_match};
use crate::wire::reply::Coding;
use crate::wire::{Body, Reply, append};

/// The export's `Vary`: its coding follows `Accept-Encoding` and its `client` the token.
pub const EXPORT_VARY: &str = "accept-encoding, authorization";

/// The RFC 6750 challenge: without an error code when no token was presented;
/// `insufficient_scope` with the scope needed for a valid token without it (section 3.1).
fn challenge(denied: &Denied) -> HeaderValue {
    match denied.rejection {
        None => HeaderValue::from_static(BEARER_CHALLENGE),
        Some(rejection @ Rejection::WrongScope) => HeaderValue::from_str(&format!(
            "Bearer error=\"insufficient_scope\", scope=\"{EXPORT_SCOPE}\", error_description=\"{}\", resource_metadata=\"{RESOURCE_METADATA_URL}\"",
            rejection.describe()
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(BEARER_CHALLENGE)),
        Some(rejection) => HeaderValue::from_str(&format!(
            "Bearer error=\"invalid_token\", error_description=\"{}\", resource_metadata=\"{RESOURCE_METADATA_URL}\"",
            rejection.describe()
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(BEARER_CHALLENGE)),
    }
}

/// The bearer token in an `Authorization` header value, if the scheme is Bearer
/// ([`scheme_and_credentials`]). A token that is not text (bytes past ASCII, which a field value
/// may carry) is given as the empty token, which verification refuses as malformed: it is a
/// token sent, not a missing one.
pub fn bearer(authorization: Option<&HeaderValue>) -> Option<&str> {
    let (scheme, token) = scheme_and_credentials(authorization?.as_bytes())?;
    scheme.eq_ignore_ascii_case(b"bearer").then(|| std::str::from_utf8(token).unwrap_or(""))
}

/// The export for an `Authorization` header alone (a batch item carries no other header).
pub fn get(keys: &Keys, authorization: Option<&HeaderValue>, now_ms: u64) -> Reply {
    answer(keys, authorization, None, Coding::Identity, now_ms)
}

/// The export for a direct request: its `Authorization` and conditional headers, in the
/// coding negotiated from its `Accept-Encoding`. Two `Authorization` headers are refused
/// rather than one of them chosen: RFC 6750 section 3.1 calls a request that uses more
/// than one method for including an access token `invalid_request`, a 400.
pub fn get_direct(keys: &Keys, headers: &HeaderMap, coding: Coding, now_ms: u64) -> Reply {
    let mut authorizations = headers.get_all(header::AUTHORIZATION).iter();
    let authorization = authorizations.next();
    if authorizations.next().is_some() {
        let error = Error::ambiguous_credentials();
        let challenge = format!(
            "Bearer error=\"invalid_request\", error_description=\"{}\", resource_metadata=\"{RESOURCE_METADATA_URL}\"",
            error.message
        );
        let challenge = HeaderValue::from_str(&challenge)
            .unwrap_or_else(|_| HeaderValue::from_static(BEARER_CHALLENGE));
        return error_reply(&error).with(header::WWW_AUTHENTICATE, challenge);
    }
    answer(keys, authorization, Some(headers), coding, now_ms)
}

/// The validator of the export in `coding`.
pub fn etag(coding: Coding) -> &'static str {
    match coding {
        Coding::Identity => EXPORT_ETAG,
        Coding::Gzip => EXPORT_ETAG_GZIP,
        Coding::Br => EXPORT_ETAG_BR,
    }
}

fn answer(
    keys: &Keys,
    authorization: Option<&HeaderValue>,
    conditional: Option<&HeaderMap>,
    coding: Coding,
    now_ms: u64,
) -> Reply {
    let claims = match export::authorize(keys, bearer(authorization), now_ms) {
        Ok(claims) => claims,
        Err(denied) => {
            return error_reply(&denied.error).with(header::WWW_AUTHENTICATE, challenge(&denied));
        }
    };
    let etag = etag(coding);
    // `If-Match` before `If-None-Match` (RFC 9110, section 13.2.2); the export's validator is
    // weak, so only `If-Match: *` passes.
    if conditional.is_some_and(|headers| match_fails(headers, Some(etag))) {
        return error_reply(&Error::precondition_failed());
    }
    let mut reply = if conditional.is_some_and(|headers| none_match(headers, etag)) {
        Reply::empty(StatusCode::NOT_MODIFIED)
    } else {
        // The precomputed head goes out from the binary as it is; only the tail is new.
        let suffix = export::dynamic_suffix(&claims, now_ms);
        let (head, tail) = match coding {
            Coding::Identity => (EXPORT_HEAD.as_bytes(), suffix),
            Coding::Gzip => {
                (EXPORT_HEAD_GZIP, append::gzip_tail(EXPORT_HEAD_CRC, EXPORT_HEAD.len(), &suffix))
            }
            Coding::Br => (EXPORT_HEAD_BR, append::brotli_tail(&suffix)),
        };
        let mut reply = Reply::json(StatusCode::OK, Bytes::new(), EXPORT_CACHE_CONTROL);
        reply.body = Body::parts([Bytes::from_static(head), Bytes::from(tail)]);
        if coding != Coding::Identity {
            reply.static_headers.push(header::CONTENT_ENCODING, coding.token());
        }
        reply
    };
    // A direct request may be answered in another coding, and its body names the token's
    // client: say both to caches, 304 included, so a client's cache never hands one client's
    // export (its `client`) to a request made with another client's token.
    if conditional.is_some() {
        reply.static_headers.push(header::VARY, EXPORT_VARY);
    }
    reply.cache_control = EXPORT_CACHE_CONTROL;
    reply.etag = Some(etag);
    reply
}
