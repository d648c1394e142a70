//! The JSON-RPC methods of both servers: the handshake and discovery, `ping`, the listings
//! (precomputed at build time per result shape) and the three calls that compute (tools,
//! resource reads, prompts), each in its own module.

use serde_json::{Map, Value};

use super::error::McpError;
use super::result::{complete, listings};
use super::transport::Era;
use super::{prompts, resources, tools};
use crate::jsonrpc::Request;
use crate::model::{McpListings, McpServer, McpShape, McpVersion};

/// Answers one request in `era`, appending its `result` as JSON text to `out` (the response,
/// its JSON-RPC envelope already open, so a result is written once where it is sent). On an
/// error `out` holds a partial result and is dropped.
pub fn call(
    server: McpServer,
    era: Era,
    request: &Request,
    out: &mut String,
) -> Result<(), McpError> {
    let listings = listings(server);
    let params = match &request.params {
        None => None,
        Some(Value::Object(params)) => Some(params),
        Some(_) => {
            return Err(McpError::invalid_params("invalid params: params must be an object"));
        }
    };
    // Every revision's schema makes `params._meta` an object when given (2026-07-28's checks
    // have refused anything else already): a number, a string or `null` is invalid params
    // (since 2026-12-05; the legacy revisions ignored it).
    if let Some(meta) = params.and_then(|p| p.get("_meta")).filter(|meta| !meta.is_object()) {
        return Err(McpError::invalid_params(format!(
            "invalid params: `_meta` must be an object, not {}",
            super::tools::kind_of(meta)
        )));
    }
    let version = era.version();
    let shape = version.shape();
    let fixed = match (request.method.as_str(), era) {
        ("initialize", Era::Handshake) => initialize(listings, params)?,
        ("server/discover", Era::Modern) => listings.discover,
        ("ping", _) => {
            complete(shape, listings, "", out);
            return Ok(());
        }
        ("tools/list", _) => single_page(listings.tools[shape as usize], params)?,
        ("prompts/list", _) => single_page(listings.prompts[shape as usize], params)?,
        ("resources/templates/list", _) => single_page(listings.templates[shape as usize], params)?,
        ("resources/list", _) => resource_page(listings, shape, params)?,
        ("tools/call", _) => return tools::call(server, shape, params, out),
        ("resources/read", _) => return resources::read(server, version, params, out),
        ("prompts/get", _) => return prompts::get(server, shape, params, out),
        (method, _) => return Err(McpError::unknown_method(method)),
    };
    out.push_str(fixed);
    Ok(())
}

/// `initialize`: the client's revision if it is one of ours, else the newest legacy one (the
/// client then decides whether it can speak it). No session id is minted.
fn initialize(
    listings: &McpListings,
    params: Option<&Map<String, Value>>,
) -> Result<&'static str, McpError> {
    let Some(params) = params else {
        return Err(McpError::invalid_params(
            "invalid params: initialize takes protocolVersion, capabilities and clientInfo",
        ));
    };
    let Some(requested) = params.get("protocolVersion").and_then(Value::as_str) else {
        return Err(McpError::invalid_params("invalid params: protocolVersion must be a string"));
    };
    for key in ["capabilities", "clientInfo"] {
        if params.get(key).is_some_and(|value| !value.is_object()) {
            return Err(McpError::invalid_params(format!(
                "invalid params: {key} must be an object"
            )));
        }
    }
    let index = McpVersion::parse(requested).and_then(McpVersion::legacy_index).unwrap_or(0);
    Ok(listings.initialize[index])
}

/// The cursor of a listing request, if any; a non-string cursor is invalid.
fn cursor(params: Option<&Map<String, Value>>) -> Result<Option<&str>, McpError> {
    match params.and_then(|p| p.get("cursor")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(cursor)) => Ok(Some(cursor)),
        Some(_) => Err(McpError::invalid_params("invalid params: cursor must be a string")),
    }
}

fn unknown_cursor(cursor: &str) -> McpError {
    McpError::invalid_params(format!(
        "invalid params: cursor `{}` was not issued by this server; omit it for the first page",
        crate::ops::error::truncate(cursor)
    ))
}

/// A listing that fits one page: any cursor is one we never issued.
fn single_page(
    result: &'static str,
    params: Option<&Map<String, Value>>,
) -> Result<&'static str, McpError> {
    match cursor(params)? {
        None => Ok(result),
        Some(cursor) => Err(unknown_cursor(cursor)),
    }
}

fn resource_page(
    listings: &McpListings,
    shape: McpShape,
    params: Option<&Map<String, Value>>,
) -> Result<&'static str, McpError> {
    let wanted = cursor(params)?.unwrap_or("");
    listings
        .resources
        .iter()
        .find(|(cursor, _)| *cursor == wanted)
        .map(|(_, results)| results[shape as usize])
        .ok_or_else(|| unknown_cursor(wanted))
}
