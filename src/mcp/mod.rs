//! The two MCP servers, product (`/mcp`) and docs (`/mcp/docs`), over the Streamable HTTP
//! transport: adapters from JSON-RPC messages to core calls (`ops`) and back.
//!
//! Both servers are dual-era on one endpoint and hold no state:
//! - 2026-07-28: every request carries `params._meta` (protocol version, client capabilities)
//!   and the `MCP-Protocol-Version` / `Mcp-Method` / `Mcp-Name` headers, checked against the
//!   body; `server/discover` describes the server; results carry `resultType`, listings and
//!   reads `ttlMs` and `cacheScope`.
//! - 2025-11-25, 2025-06-18, 2025-03-26: `initialize` negotiates the revision (no session id
//!   is minted), `notifications/initialized` is 202, and every later request is served on its
//!   own, its revision read from `MCP-Protocol-Version` (absent: 2025-03-26).
//!
//! Methods: `initialize` (legacy), `server/discover` (2026-07-28), `ping` (both: the issue asks
//! for it; 2026-07-28 removed it, and answering costs nothing), `tools/list`, `tools/call`,
//! `resources/list`, `resources/read`, `resources/templates/list`, `prompts/list`,
//! `prompts/get`. Listings are precomputed at build time per result shape
//! (`tables::MCP_LISTINGS`); calls run through the core at request time.
//!
//! - `transport`: Origin, Accept, Content-Type, the revision of a message, the 2026-07-28
//!   header checks, JSON or SSE framing
//! - `error`: JSON-RPC codes, stable codes and HTTP statuses per revision
//! - `methods`: method dispatch and the listings
//! - `result`: the envelope of results computed at run time
//! - `tools`, `resources`, `prompts`: the calls

pub mod error;
pub mod methods;
pub mod prompts;
pub mod resources;
pub mod result;
pub mod tools;
pub mod transport;

use http::StatusCode;
use http::header::{self, HeaderMap, HeaderValue};

use crate::jsonrpc::{self, Body, Id, Item, Message};
use crate::limits::BATCH_MAX_ITEMS;
use crate::model::{McpServer, McpVersion};
use crate::ops;
use crate::route::ALLOW_MCP;
use crate::wire::Reply;
pub use error::McpError;
use transport::{Era, Format};

/// What one message gets.
enum Answer {
    /// A notification or response: 202, no body.
    Accepted,
    /// A JSON-RPC response (or error) with its status.
    Respond { status: StatusCode, text: String },
}

/// The checks before the body is read (`Origin`, `Accept`, `Content-Type`): the answer's
/// framing, or the refusal (boxed: a refusal is the rare path, the framing the common one).
pub fn check(headers: &HeaderMap) -> Result<Format, Box<Reply>> {
    transport::check(headers).map_err(|error| Box::new(refusal_reply(&error)))
}

/// Answers a POST to `server` whose body was read whole.
pub fn answer(server: McpServer, headers: &HeaderMap, format: Format, body: &[u8]) -> Reply {
    // The header is judged before the body, but the body (at most 64 KiB, already read) is
    // parsed first, so that the refusal of a repeated or unreadable `MCP-Protocol-Version`
    // carries the request's id, as every error answering a request does.
    let parsed = jsonrpc::parse_body(body);
    let header = match transport::version_header(headers) {
        Ok(header) => header,
        Err(error) => {
            let id = match parsed {
                Ok(Body::Single(item)) => request_id(item),
                _ => None,
            };
            return transport::reply(
                error.status(None),
                Format::Json,
                jsonrpc::error_text(id.as_ref(), &error.object()),
            );
        }
    };
    let body = match parsed {
        Ok(body) => body,
        Err(object) => return refusal_reply(&McpError::parse(object)),
    };
    let answer = match body {
        Body::Single(value) => one(server, headers, header, value, false),
        Body::Batch(items) => batch(server, headers, header, items),
    };
    match answer {
        Answer::Accepted => Reply::empty(StatusCode::ACCEPTED),
        Answer::Respond { status, text } => transport::reply(status, format, text),
    }
}

/// The id of the one message of a body, when it is a request, or a malformed message whose
/// id is readable; `None` for a notification or a response.
fn request_id(item: Item) -> Option<Id> {
    match jsonrpc::message(item) {
        Ok(Message::Request(request)) => Some(request.id),
        Ok(_) => None,
        Err(invalid) => invalid.id,
    }
}

/// A refusal before any message was read, from the transport or the core (413, 408, 429,
/// 415, ...): a JSON-RPC error without an id.
pub fn refused(error: &ops::Error) -> Reply {
    refusal_reply(&McpError::refusal(error))
}

/// GET, DELETE or any other method than POST: 405 with `Allow`.
pub fn method_not_allowed(method: &str) -> Reply {
    refused(&ops::Error::method_not_allowed(method, ALLOW_MCP))
        .with(header::ALLOW, HeaderValue::from_static(ALLOW_MCP))
}

fn refusal_reply(error: &McpError) -> Reply {
    transport::reply(error.status(None), Format::Json, jsonrpc::error_text(None, &error.object()))
}

fn error_answer(id: Option<&Id>, error: &McpError, version: Option<McpVersion>) -> Answer {
    Answer::Respond {
        status: error.status(version),
        text: jsonrpc::error_text(id, &error.object()),
    }
}

/// One message. `in_batch`: part of a 2025-03-26 batch, where `initialize` may not appear.
fn one(
    server: McpServer,
    headers: &HeaderMap,
    header: Option<&str>,
    item: Item,
    in_batch: bool,
) -> Answer {
    let message = match jsonrpc::message(item) {
        Ok(message) => message,
        Err(invalid) => {
            let error = McpError::from_invalid(invalid.message, invalid.duplicate);
            return error_answer(invalid.id.as_ref(), &error, None);
        }
    };
    let request = match message {
        Message::Notification(_) | Message::Response if unknown_version(header) => {
            // Nothing would carry the error to a request's caller, but a POST naming a revision
            // we do not serve is 400 whatever it holds (MCP's transport rules; the Python SDK
            // does the same). `initialize` alone ignores the header: it negotiates in its params.
            let error = McpError::unsupported_version(header.unwrap_or_default());
            return error_answer(None, &error, None);
        }
        Message::Notification(_) => return Answer::Accepted,
        Message::Response => {
            // A legacy client may answer a server request (we never send one); 2026-07-28
            // forbids clients to send responses at all.
            let modern = header.and_then(McpVersion::parse).is_some_and(McpVersion::is_modern);
            if modern {
                let error = McpError::invalid_request(
                    "invalid request: a 2026-07-28 client sends requests and notifications only",
                );
                return error_answer(None, &error, Some(McpVersion::V2026_07_28));
            }
            return Answer::Accepted;
        }
        Message::Request(request) => request,
    };
    let id = &request.id;
    let era = match transport::era(header, &request.method, request.params.as_ref()) {
        Ok(era) => era,
        Err(error) => return error_answer(Some(id), &error, None),
    };
    if in_batch && era == Era::Handshake {
        let error = McpError::invalid_request("invalid request: initialize may not be batched");
        return error_answer(Some(id), &error, None);
    }
    if era == Era::Modern {
        let checked = transport::check_modern(headers, &request.method, request.params.as_ref());
        if let Err(error) = checked {
            return error_answer(Some(id), &error, Some(McpVersion::V2026_07_28));
        }
    }
    // The result is written after its envelope, so a large one is copied once.
    let mut text = jsonrpc::result_open(id, 0);
    match methods::call(server, era, &request, &mut text) {
        Ok(()) => {
            jsonrpc::result_close(&mut text);
            Answer::Respond { status: StatusCode::OK, text }
        }
        Err(error) => error_answer(Some(id), &error, Some(era.version())),
    }
}

/// Whether `MCP-Protocol-Version` was sent and names no revision this server serves.
fn unknown_version(header: Option<&str>) -> bool {
    header.is_some_and(|text| McpVersion::parse(text).is_none())
}

/// A JSON-RPC batch: served in 2025-03-26 only (the one revision that has batches), each
/// message answered as if alone; refused in every later revision. A batch naming a revision
/// this server does not serve is refused for that first, as a single message would be.
fn batch(server: McpServer, headers: &HeaderMap, header: Option<&str>, items: Vec<Item>) -> Answer {
    if unknown_version(header) {
        let error = McpError::unsupported_version(header.unwrap_or_default());
        return error_answer(None, &error, None);
    }
    let version = match header {
        None => Some(McpVersion::V2025_03_26),
        Some(text) => McpVersion::parse(text),
    };
    if version != Some(McpVersion::V2025_03_26) {
        let error = McpError::invalid_request(
            "invalid request: JSON-RPC batches are not part of MCP since 2025-06-18; send one message per POST",
        );
        return error_answer(None, &error, None);
    }
    if items.is_empty() || items.len() > BATCH_MAX_ITEMS {
        let error = McpError::invalid_request(format!(
            "invalid request: a batch holds 1 to {BATCH_MAX_ITEMS} messages"
        ));
        return error_answer(None, &error, None);
    }
    let texts: Vec<String> = items
        .into_iter()
        .filter_map(|item| match one(server, headers, header, item, true) {
            Answer::Accepted => None,
            Answer::Respond { text, .. } => Some(text),
        })
        .collect();
    if texts.is_empty() {
        return Answer::Accepted;
    }
    Answer::Respond { status: StatusCode::OK, text: format!("[{}]", texts.join(",")) }
}
