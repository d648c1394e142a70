//! Every error the API answers, and the one place it becomes the contract's Error body.
//!
//! Codes come from `model::ERROR_CODES`; a test checks each variant's code is in that table,
//! which also feeds the OpenAPI enum and the error reference page.

use http::StatusCode;
use serde::Serialize;

use crate::tables::{API_BASE, SITE_URL};

/// An API error: kind (the stable code and status) plus a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub code: &'static str,
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    fn new(code: &'static str, status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { code, status, message: message.into() }
    }

    pub fn not_found(path: &str) -> ApiError {
        ApiError::new(
            "not_found",
            StatusCode::NOT_FOUND,
            format!("nothing exists at `{}`; GET /v1 lists the endpoints", truncate(path)),
        )
    }
    pub fn service_not_found(slug: &str) -> ApiError {
        ApiError::new(
            "service_not_found",
            StatusCode::NOT_FOUND,
            format!("no service has the slug `{slug}`; GET /v1/services lists them"),
        )
    }
    pub fn case_study_not_found(slug: &str) -> ApiError {
        ApiError::new(
            "case_study_not_found",
            StatusCode::NOT_FOUND,
            format!("no case study has the slug `{slug}`; GET /v1/case-studies lists them"),
        )
    }
    pub fn invalid_slug(slug: &str) -> ApiError {
        ApiError::new(
            "invalid_slug",
            StatusCode::BAD_REQUEST,
            format!(
                "`{}` is not a valid slug: use lowercase letters, digits and hyphens (^[a-z0-9-]+$)",
                truncate(slug)
            ),
        )
    }
    pub fn invalid_path(why: &str) -> ApiError {
        ApiError::new("invalid_path", StatusCode::BAD_REQUEST, why.to_string())
    }
    pub fn method_not_allowed(method: &str, allow: &str) -> ApiError {
        ApiError::new(
            "method_not_allowed",
            StatusCode::METHOD_NOT_ALLOWED,
            format!("{} is not supported here; allowed: {allow}", truncate(method)),
        )
    }
    pub fn unknown_parameter(name: &str, known: &str) -> ApiError {
        ApiError::new(
            "unknown_parameter",
            StatusCode::BAD_REQUEST,
            format!("unknown query parameter `{}`; this endpoint takes {known}", truncate(name)),
        )
    }
    pub fn duplicate_parameter(name: &str) -> ApiError {
        ApiError::new(
            "duplicate_parameter",
            StatusCode::BAD_REQUEST,
            format!("query parameter `{name}` is given more than once"),
        )
    }
    pub fn invalid_parameter(why: impl Into<String>) -> ApiError {
        ApiError::new("invalid_parameter", StatusCode::BAD_REQUEST, why)
    }
    pub fn invalid_limit(value: &str) -> ApiError {
        ApiError::new(
            "invalid_limit",
            StatusCode::BAD_REQUEST,
            format!("limit `{}` must be an integer from 1 to 50", truncate(value)),
        )
    }
    pub fn unknown_category(value: &str, names: &str) -> ApiError {
        ApiError::new(
            "unknown_category",
            StatusCode::BAD_REQUEST,
            format!("category `{}` does not exist; use one of: {names}", truncate(value)),
        )
    }
    pub fn query_too_long(chars: usize, max: usize) -> ApiError {
        ApiError::new(
            "query_too_long",
            StatusCode::BAD_REQUEST,
            format!("q has {chars} characters; the limit is {max}"),
        )
    }
    pub fn invalid_cursor(why: &str) -> ApiError {
        ApiError::new(
            "invalid_cursor",
            StatusCode::BAD_REQUEST,
            format!(
                "{why}; omit cursor for the first page and pass nextCursor with the same q, category and limit"
            ),
        )
    }
    pub fn invalid_json(why: impl Into<String>) -> ApiError {
        ApiError::new("invalid_json", StatusCode::BAD_REQUEST, why)
    }
    pub fn invalid_body(why: impl Into<String>) -> ApiError {
        ApiError::new("invalid_body", StatusCode::BAD_REQUEST, why)
    }
    pub fn invalid_answers(why: impl Into<String>) -> ApiError {
        ApiError::new("invalid_answers", StatusCode::BAD_REQUEST, why)
    }
    pub fn invalid_idempotency_key() -> ApiError {
        ApiError::new(
            "invalid_idempotency_key",
            StatusCode::BAD_REQUEST,
            "Idempotency-Key must be 1 to 255 letters, digits, `.`, `_` or `-`, sent once",
        )
    }
    pub fn batch_empty() -> ApiError {
        ApiError::new(
            "batch_empty",
            StatusCode::BAD_REQUEST,
            "requests is empty; send 1 to 20 requests",
        )
    }
    pub fn batch_too_large(n: usize, max: usize) -> ApiError {
        ApiError::new(
            "batch_too_large",
            StatusCode::BAD_REQUEST,
            format!("requests has {n} items; the limit is {max}"),
        )
    }
    pub fn path_outside_api(path: &str) -> ApiError {
        ApiError::new(
            "path_outside_api",
            StatusCode::BAD_REQUEST,
            format!("`{}` is not under /v1; a batch runs API GET requests only", truncate(path)),
        )
    }
    pub fn unsupported_media_type(found: &str) -> ApiError {
        ApiError::new(
            "unsupported_media_type",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "Content-Type `{}` is not JSON; send Content-Type: application/json",
                truncate(found)
            ),
        )
    }
    pub fn payload_too_large(max: usize) -> ApiError {
        ApiError::new(
            "payload_too_large",
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than this endpoint's limit of {max} bytes"),
        )
    }
    pub fn request_timeout() -> ApiError {
        ApiError::new(
            "request_timeout",
            StatusCode::REQUEST_TIMEOUT,
            "the request body arrived too slowly",
        )
    }
    pub fn missing_token() -> ApiError {
        ApiError::new(
            "missing_token",
            StatusCode::UNAUTHORIZED,
            "this endpoint needs Authorization: Bearer <token>; get one with the client-credentials flow (see docs)",
        )
    }
    pub fn invalid_token(why: &str) -> ApiError {
        ApiError::new(
            "invalid_token",
            StatusCode::UNAUTHORIZED,
            format!("the bearer token is not valid: {why}"),
        )
    }
    pub fn rate_limited(retry_after: u64) -> ApiError {
        ApiError::new(
            "rate_limited",
            StatusCode::TOO_MANY_REQUESTS,
            format!("fair use is exceeded for this minute; retry in {retry_after} s"),
        )
    }

    /// The contract's Error body, fields in the contract's order.
    pub fn body(&self) -> String {
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
        let body = Body {
            error: Detail {
                code: self.code,
                message: &self.message,
                docs: format!("{SITE_URL}/docs/errors/#{}", self.code),
                openapi: format!("{API_BASE}/openapi.json"),
            },
        };
        serde_json::to_string(&body).unwrap_or_default()
    }
}

/// Keeps echoed client input short in messages.
fn truncate(text: &str) -> &str {
    const MAX: usize = 120;
    if text.len() <= MAX {
        return text;
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
