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
//!
//! Fair use counts every item as one request. The call itself was counted as the first item
//! before its body was read, so a call is refused whole (429) only when not even one request
//! is left; otherwise the items that fit are answered in order and each item past the limit
//! gets status 429 with the `rate_limited` Error body.

use std::borrow::Cow;

use http::StatusCode;
use serde::Deserialize;

use super::error::{error_reply, method_not_allowed, parse_json};
use crate::auth::Keys;
use crate::limits::{BATCH_MAX_ITEMS, BATCH_PATH_MAX};
use crate::ops::Error;
use crate::route::{self, Route};
use crate::wire::reply::NO_STORE;
use crate::wire::{Body, Reply};

/// The body, its paths borrowed from the request (or from its JSON value) unless they hold
/// escapes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchBody<'a> {
    #[serde(borrow)]
    requests: Vec<BatchItem<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchItem<'a> {
    #[serde(borrow)]
    path: Cow<'a, str>,
}

/// How many of a batch's items fair use lets run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    /// The first `items` items run; the rest get 429.
    pub items: usize,
    /// What those 429s tell the client to wait, in seconds.
    pub retry_after_secs: u64,
}

/// Runs a batch: every item through [`super::get`], the GET dispatcher of direct requests,
/// without credentials. `charge` is given the number of items once the body is known valid,
/// and says how many of them fair use lets run.
pub fn run(
    body: &[u8],
    keys: &Keys,
    now_ms: u64,
    charge: impl FnOnce(usize) -> Allowance,
) -> Result<Reply, Error> {
    let value;
    let batch = match read_object(body) {
        Some(batch) => batch,
        None => {
            value = read_value(body)?;
            BatchBody::deserialize(&value)
                .map_err(|err| Error::invalid_body(format!("invalid batch: {err}")))?
        }
    };
    if batch.requests.is_empty() {
        return Err(Error::batch_empty());
    }
    if batch.requests.len() > BATCH_MAX_ITEMS {
        return Err(Error::batch_too_large(batch.requests.len()));
    }
    let allowance = charge(batch.requests.len());
    // Only each item's status and body are kept: a whole Reply (its inline headers) is
    // several times larger, and moving twenty of them cost more than the copy saved.
    let replies: Vec<(StatusCode, Body)> = batch
        .requests
        .iter()
        .enumerate()
        .map(|(idx, item)| {
            let reply = if idx < allowance.items {
                run_item(&item.path, keys, now_ms)
            } else {
                error_reply(&Error::rate_limited(allowance.retry_after_secs))
            };
            (reply.status, reply.body)
        })
        .collect();
    // Sized once the items are answered, so the buffer is allocated once and never copied on
    // growing (a path escapes to at most twice its length: control characters are refused).
    let size = 16
        + batch
            .requests
            .iter()
            .zip(&replies)
            .map(|(item, (_, body))| 48 + 2 * item.path.len() + body.len() as usize)
            .sum::<usize>();
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(b"{\"responses\":[");
    for (idx, (item, (status, body))) in batch.requests.iter().zip(replies).enumerate() {
        if idx > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"path\":");
        // Writing to a Vec cannot fail.
        let _ = serde_json::to_writer(&mut out, &item.path);
        out.extend_from_slice(b",\"status\":");
        out.extend_from_slice(status.as_str().as_bytes());
        out.extend_from_slice(b",\"body\":");
        out.extend_from_slice(body.bytes().unwrap_or_default());
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
    Ok(Reply::json(StatusCode::OK, out, NO_STORE))
}

/// The batch body, when it is a well-formed object: read straight into the items. Anything
/// else takes the general path ([`read_value`], then the items from the value), which names
/// what is wrong in the same words whatever the input (serde would also read a struct from an
/// array, which the object check refuses).
fn read_object(body: &[u8]) -> Option<BatchBody<'_>> {
    let is_object = body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    is_object.then(|| serde_json::from_slice::<BatchBody>(body).ok()).flatten()
}

/// The body as a JSON object, or why it is not one.
fn read_value(body: &[u8]) -> Result<serde_json::Value, Error> {
    let value = parse_json(body)?;
    if !value.is_object() {
        return Err(Error::invalid_body(
            "the body must be a JSON object such as {\"requests\": [{\"path\": \"/v1/services\"}]}",
        ));
    }
    Ok(value)
}

fn run_item(raw: &str, keys: &Keys, now_ms: u64) -> Reply {
    match item_route(raw) {
        Ok((route, query)) => match route {
            // A batch carries no credentials of its own.
            Route::Export => error_reply(&Error::missing_token()),
            route if route.allow() == Some(route::ALLOW_POST) => {
                method_not_allowed("GET", route::ALLOW_POST)
            }
            route => super::get(&route, query, None, keys, now_ms),
        },
        Err(error) => error_reply(&error),
    }
}

fn item_route(raw: &str) -> Result<(Route, Option<&str>), Error> {
    if raw.len() > BATCH_PATH_MAX {
        return Err(Error::invalid_path(&format!(
            "the path is longer than {BATCH_PATH_MAX} characters"
        )));
    }
    if !raw.starts_with('/') {
        return Err(Error::invalid_path("a batch path must start with `/`, like /v1/services"));
    }
    if raw.chars().any(|c| c.is_control() || c == ' ' || c == '#') {
        return Err(Error::invalid_path("the path has a space, control character or fragment"));
    }
    let (path, query) = match raw.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (raw, None),
    };
    let decoded = route::decode_unreserved(path).map_err(Error::invalid_path)?;
    if decoded.split('/').skip(1).any(|segment| segment == "." || segment == "..")
        || decoded.contains("//")
    {
        return Err(Error::invalid_path(
            "the path has dot segments or empty segments; send the canonical path",
        ));
    }
    if decoded != "/v1" && !decoded.starts_with("/v1/") {
        return Err(Error::path_outside_api(raw));
    }
    let route = match Route::parse(path) {
        // Answer the canonical path, as a client following the 308 would get.
        Route::Redirect(canonical) => Route::parse(&canonical),
        route => route,
    };
    Ok((route, query))
}
