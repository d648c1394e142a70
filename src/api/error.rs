//! REST renderings of the core's errors: the contract's Error body with its status, 405 with
//! `Allow`, and reading a JSON request body.

use http::StatusCode;
use http::header::HeaderValue;
use serde::Serialize;

use crate::ops::Error;
use crate::tables::{API_BASE, SITE_URL};
use crate::wire::Reply;
use crate::wire::reply::NO_STORE;

/// The contract's Error body for `error`, with its status.
pub fn error_reply(error: &Error) -> Reply {
    let status =
        StatusCode::from_u16(error.kind.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    Reply::json(status, error_body(error), NO_STORE)
}

/// 405 with `Allow`.
pub fn method_not_allowed(method: &str, allow: &'static str) -> Reply {
    error_reply(&Error::method_not_allowed(method, allow))
        .with(http::header::ALLOW, HeaderValue::from_static(allow))
}

/// The contract's Error body, fields in the contract's order.
pub fn error_body(error: &Error) -> String {
    #[derive(Serialize)]
    struct Body<'a> {
        error: Detail<'a>,
    }
    #[derive(Serialize)]
    struct Detail<'a> {
        code: &'a str,
        message: &'a str,
        docs: String,
        openapi: String,
    }
    let code = error.code();
    let body = Body {
        error: Detail {
            code,
            message: &error.message,
            docs: format!("{SITE_URL}/docs/errors/#{code}"),
            openapi: format!("{API_BASE}/openapi.json"),
        },
    };
    // Serialising two strings cannot fail.
    serde_json::to_string(&body).unwrap_or_default()
}

/// Reads a JSON request body, naming the problem if it is not JSON.
pub fn parse_json(body: &[u8]) -> Result<serde_json::Value, Error> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::invalid_json("the body is empty; send a JSON object"));
    }
    serde_json::from_slice(body)
        .map_err(|err| Error::invalid_json(format!("the body is not valid JSON: {err}")))
}
