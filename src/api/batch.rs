//! `POST /v1/batch`: up to 20 GET paths under `/v1`, each run through the same router in
//! process, answered in order. An item never fails the whole call:
//!
//! | item path | status and code |
//! |---|---|
//! | a GET route under /v1 | what a direct GET returns |
//! | outside /v1 (pages, OAuth, /openapi.json) | 400 `path_outside_api` |
//! | not starting with `/`, dot or empty segments, control characters, too long | 400 `invalid_path` |
//! | a POST-only route | 405 `method_not_allowed` |
//! | /v1/export | 401 `missing_token` (a batch carries no credentials) |
//! | unknown | 404 |
//!
//! A path differing from a route only by a trailing slash is answered as the canonical path.

use serde::Deserialize;

use super::assessment::parse_json;
use crate::error::ApiError;
use crate::http::respond::{NO_STORE, Reply};
use crate::http::route::Route;
use crate::limits::{BATCH_MAX_ITEMS, BATCH_PATH_MAX};
use http::StatusCode;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchBody {
    requests: Vec<BatchItem>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchItem {
    path: String,
}

/// Runs a batch. `get` is the server's own GET dispatcher.
pub fn run(
    body: &[u8],
    get: impl Fn(&str, &Route, Option<&str>) -> Reply,
) -> Result<Reply, ApiError> {
    let value = parse_json(body)?;
    if !value.is_object() {
        return Err(ApiError::invalid_body(
            "the body must be a JSON object such as {\"requests\": [{\"path\": \"/v1/services\"}]}",
        ));
    }
    let batch: BatchBody = serde_json::from_value(value)
        .map_err(|err| ApiError::invalid_body(format!("invalid batch: {err}")))?;
    if batch.requests.is_empty() {
        return Err(ApiError::batch_empty());
    }
    if batch.requests.len() > BATCH_MAX_ITEMS {
        return Err(ApiError::batch_too_large(batch.requests.len(), BATCH_MAX_ITEMS));
    }
    let mut out = Vec::with_capacity(64 + batch.requests.len() * 2048);
    out.extend_from_slice(b"{\"responses\":[");
    for (idx, item) in batch.requests.iter().enumerate() {
        if idx > 0 {
            out.push(b',');
        }
        let reply = run_item(&item.path, &get);
        out.extend_from_slice(b"{\"path\":");
        // Writing to a Vec cannot fail.
        let _ = serde_json::to_writer(&mut out, &item.path);
        out.extend_from_slice(b",\"status\":");
        out.extend_from_slice(reply.status.as_str().as_bytes());
        out.extend_from_slice(b",\"body\":");
        out.extend_from_slice(&reply.body);
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
    Ok(Reply::json(StatusCode::OK, out, NO_STORE))
}

fn run_item(raw: &str, get: &impl Fn(&str, &Route, Option<&str>) -> Reply) -> Reply {
    match item_route(raw) {
        Ok((route, query)) => match route {
            Route::Export => Reply::error(&ApiError::missing_token()),
            route if route.allow() == Some(crate::http::route::ALLOW_POST) => {
                Reply::error(&ApiError::method_not_allowed("GET", crate::http::route::ALLOW_POST))
            }
            route => get(raw.split('?').next().unwrap_or(raw), &route, query),
        },
        Err(error) => Reply::error(&error),
    }
}

fn item_route(raw: &str) -> Result<(Route, Option<&str>), ApiError> {
    if raw.len() > BATCH_PATH_MAX {
        return Err(ApiError::invalid_path("the path is longer than 4096 characters"));
    }
    if !raw.starts_with('/') {
        return Err(ApiError::invalid_path("a batch path must start with `/`, like /v1/services"));
    }
    if raw.chars().any(|c| c.is_control() || c == ' ' || c == '#') {
        return Err(ApiError::invalid_path("the path has a space, control character or fragment"));
    }
    let (path, query) = match raw.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (raw, None),
    };
    let decoded = crate::http::route::decode_unreserved(path).map_err(ApiError::invalid_path)?;
    if decoded.split('/').skip(1).any(|segment| segment == "." || segment == "..")
        || decoded.contains("//")
    {
        return Err(ApiError::invalid_path(
            "the path has dot segments or empty segments; send the canonical path",
        ));
    }
    if decoded != "/v1" && !decoded.starts_with("/v1/") {
        return Err(ApiError::path_outside_api(raw));
    }
    let route = match Route::parse(path) {
        // Answer the canonical path, as a client following the 308 would get.
        Route::Redirect(canonical) => Route::parse(&canonical),
        route => route,
    };
    Ok((route, query))
}
