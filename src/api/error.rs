//! REST renderings of the core's errors: the contract's Error body with its status, 405 with
//! `Allow`, and reading a JSON request body.

use http::StatusCode;
use http::header::HeaderValue;

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

/// The contract's Error body, fields in the contract's order. Written straight into one
/// buffer: the code is a fixed identifier and the origins were checked when the binary was
/// built, so only the message needs JSON escaping.
pub fn error_body(error: &Error) -> String {
    let code = error.code();
    let mut out = Vec::with_capacity(
        96 + 2 * code.len() + error.message.len() + SITE_URL.len() + API_BASE.len(),
    );
    out.extend_from_slice(b"{\"error\":{\"code\":\"");
    out.extend_from_slice(code.as_bytes());
    out.extend_from_slice(b"\",\"message\":");
    // Writing a string to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut out, &error.message);
    out.extend_from_slice(b",\"docs\":\"");
    out.extend_from_slice(SITE_URL.as_bytes());
    out.extend_from_slice(b"/docs/errors/#");
    out.extend_from_slice(code.as_bytes());
    out.extend_from_slice(b"\",\"openapi\":\"");
    out.extend_from_slice(API_BASE.as_bytes());
    out.extend_from_slice(b"/openapi.json\"}}");
    // Every piece is UTF-8: JSON text, ASCII identifiers and origins.
    String::from_utf8(out).unwrap_or_default()
}

/// Reads a JSON request body, naming the problem if it is not JSON (`invalid_json`) or
/// repeats a member name (`duplicate_member`).
pub fn parse_json(body: &[u8]) -> Result<serde_json::Value, Error> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::invalid_json("the body is empty; send a JSON object"));
    }
    crate::json::read(body).map_err(Error::unreadable_json)
}

#[cfg(test)]
mod tests {
    use crate::api::error::error_body;
    use crate::model::ErrorKind;
    use crate::ops::Error;
    use crate::tables::{API_BASE, SITE_URL};

    #[test]
    fn the_error_body_is_the_contracts_object_with_the_message_escaped() {
        for message in [
            "plain",
            "a \"quoted\" `slug` and a back\\slash",
            "control \u{1} and \n newline, tab \t",
            "unicode: naïve café \u{1F600} \u{2028}",
            "",
        ] {
            for kind in [ErrorKind::NotFound, ErrorKind::InvalidLimit, ErrorKind::RateLimited] {
                let error = Error::new(kind, message.to_string());
                let body = error_body(&error);
                let parsed: serde_json::Value = serde_json::from_str(&body).expect("JSON");
                let code = error.code();
                let expected = serde_json::json!({ "error": {
                    "code": code,
                    "message": message,
                    "docs": format!("{SITE_URL}/docs/errors/#{code}"),
                    "openapi": format!("{API_BASE}/openapi.json"),
                }});
                assert_eq!(parsed, expected);
                // The fields in the contract's order, and serde's own escaping of the message.
                assert_eq!(body, serde_json::to_string(&expected).expect("serialise"), "{message}");
            }
        }
    }
}
