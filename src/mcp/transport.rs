//! The Streamable HTTP transport's rules: which requests are acceptable (`Origin`, `Accept`,
//! `Content-Type`), which revision a message is in, the 2026-07-28 header checks, and how an
//! answer is framed (JSON, or one server-sent event).

use std::collections::VecDeque;

use base64::Engine as _;
use bytes::Bytes;
use http::StatusCode;
use http::header::{self, HeaderMap, HeaderValue};
use serde_json::Value;

use super::error::McpError;
use crate::model::McpVersion;
use crate::wire::media::EVENT_STREAM;
use crate::wire::reply::NO_STORE;
use crate::wire::{Body, Reply};

/// `MCP-Protocol-Version`.
pub const PROTOCOL_VERSION_HEADER: &str = "mcp-protocol-version";
/// `Mcp-Method` (2026-07-28).
pub const METHOD_HEADER: &str = "mcp-method";
/// `Mcp-Name` (2026-07-28).
pub const NAME_HEADER: &str = "mcp-name";
/// `_meta` key of the request's protocol version (2026-07-28).
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// `_meta` key of the client's capabilities (2026-07-28).
pub const META_CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

/// How the answer to a request is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `application/json`: one JSON object.
    Json,
    /// `text/event-stream`: one `message` event holding the response, then the end.
    Events,
}

/// Checks what can be checked before the body is read: `Origin`, `Accept`, `Content-Type`.
///
/// Origin policy: these servers are public, keyless, read-only and hold nothing per client,
/// so a page on any origin may call them (CORS is open, as for the REST API); the DNS
/// rebinding attack the MCP rule guards against gains nothing here. Validation is therefore
/// of form: a present `Origin` must be one serialised origin or `null`, else 403.
pub fn check(headers: &HeaderMap) -> Result<Format, McpError> {
    let origins: Vec<&HeaderValue> = headers.get_all(header::ORIGIN).iter().collect();
    match origins.as_slice() {
        [] => {}
        [origin] if origin.to_str().is_ok_and(is_origin) => {}
        _ => return Err(McpError::forbidden_origin()),
    }
    let format = negotiate(headers)?;
    crate::wire::media::check_json_headers(headers).map_err(|error| McpError::refusal(&error))?;
    Ok(format)
}

/// `null`, or an origin as RFC 6454 (section 6.2) serialises it: `scheme://host[:port]` with
/// nothing after, scheme and host in lower case, and a port only when it is not the scheme's
/// default, written as the number 1 to 65535 without leading zeros. `HTTPS://X.EXAMPLE`,
/// `https://x.example:99999` and `http://[::1]:80` are no browser's serialisation.
fn is_origin(value: &str) -> bool {
    if value == "null" {
        return true;
    }
    let Some((scheme, rest)) = value.split_once("://") else { return false };
    let scheme_ok = scheme.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && scheme.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')
        });
    if !scheme_ok {
        return false;
    }
    // An IPv6 literal is bracketed, and its colons are not the port's.
    let (host_ok, port) = if let Some(literal) = rest.strip_prefix('[') {
        let Some((address, after)) = literal.split_once(']') else { return false };
        let address_ok = !address.is_empty()
            && address.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f' | b':' | b'.'));
        match after {
            "" => (address_ok, None),
            _ => match after.strip_prefix(':') {
                Some(port) => (address_ok, Some(port)),
                None => return false,
            },
        }
    } else {
        let (host, port) = match rest.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        };
        let host_ok = !host.is_empty()
            && host.bytes().all(|b| {
                b.is_ascii_graphic()
                    && !b.is_ascii_uppercase()
                    && !matches!(b, b'/' | b'?' | b'#' | b'@' | b'[' | b']' | b'\\')
            });
        (host_ok, port)
    };
    host_ok && port.is_none_or(|port| is_serialised_port(scheme, port))
}

/// A port as an origin's serialisation writes it: digits without a leading zero, 1 to 65535,
/// and not the scheme's default (which the serialisation leaves out).
fn is_serialised_port(scheme: &str, port: &str) -> bool {
    let digits = !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    let Some(number) = port.parse::<u16>().ok().filter(|_| digits && !port.starts_with('0')) else {
        return false;
    };
    let default = match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    };
    number != 0 && Some(number) != default
}

/// Picks JSON or SSE from `Accept` (RFC 9110 content negotiation): the more specific media
/// range decides each type's weight; the higher weight wins and JSON wins ties. No `Accept`
/// accepts anything. Neither acceptable: 406.
fn negotiate(headers: &HeaderMap) -> Result<Format, McpError> {
    let values: Vec<&str> =
        headers.get_all(header::ACCEPT).iter().filter_map(|v| v.to_str().ok()).collect();
    if values.is_empty() {
        return Ok(Format::Json);
    }
    let ranges: Vec<(&str, f32)> = values
        .iter()
        .flat_map(|value| value.split(','))
        .filter_map(|range| {
            let mut parts = range.split(';');
            let media = parts.next()?.trim();
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (!media.is_empty()).then_some((media, weight))
        })
        .collect();
    // The most specific range that names the type decides: exact, then `type/*`, then `*/*`.
    let weight_of = |exact: &str, wildcard: &str| -> f32 {
        [exact, wildcard, "*/*"]
            .iter()
            .find_map(|wanted| {
                ranges.iter().find(|(media, _)| media.eq_ignore_ascii_case(wanted)).map(|r| r.1)
            })
            .unwrap_or(0.0)
    };
    let json = weight_of("application/json", "application/*");
    let events = weight_of("text/event-stream", "text/*");
    if events > json {
        Ok(Format::Events)
    } else if json > 0.0 {
        Ok(Format::Json)
    } else {
        Err(McpError::not_acceptable())
    }
}

/// Which revision a message is in, and whether it came with the headers of 2026-07-28.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// A 2026-07-28 request: checked by [`check_modern`].
    Modern,
    /// A legacy request in this revision (after `initialize`, or 2025-03-26 when the client
    /// sends no `MCP-Protocol-Version`).
    Legacy(McpVersion),
    /// An `initialize` request: legacy, its revision negotiated from its params.
    Handshake,
}

impl Era {
    /// The revision whose rules answer errors (a handshake's: the newest legacy revision).
    pub fn version(self) -> McpVersion {
        match self {
            Era::Modern => McpVersion::V2026_07_28,
            Era::Legacy(version) => version,
            Era::Handshake => McpVersion::V2025_11_25,
        }
    }
}

/// The one `MCP-Protocol-Version` value, if sent. Sent twice: a header mismatch.
pub fn version_header(headers: &HeaderMap) -> Result<Option<&str>, McpError> {
    let values: Vec<&HeaderValue> = headers.get_all(PROTOCOL_VERSION_HEADER).iter().collect();
    match values.as_slice() {
        [] => Ok(None),
        [value] => value.to_str().map(|v| Some(v.trim())).map_err(|_| {
            McpError::header_mismatch(
                "header mismatch: MCP-Protocol-Version has invalid characters",
            )
        }),
        _ => Err(McpError::header_mismatch(
            "header mismatch: MCP-Protocol-Version is sent more than once",
        )),
    }
}

/// The protocol version a 2026-07-28 body names in `params._meta`, if it names one.
fn meta_version(params: Option<&Value>) -> Option<&Value> {
    params?.get("_meta")?.get(META_PROTOCOL_VERSION)
}

/// The revision of a request with `method` and `params`, from `MCP-Protocol-Version` and the
/// body. `initialize` is always the legacy handshake. A known legacy version in the header
/// is that revision, unless the body's `_meta` names another protocol version; the
/// 2026-07-28 version, an unknown one with a 2026-07-28 body, a legacy one whose body names
/// another version, or a 2026-07-28 body without the header is the modern revision (whose
/// checks then explain what is wrong: the header must equal `_meta`'s version). No header
/// and no `_meta` version: 2025-03-26, as that revision had no header.
pub fn era(header: Option<&str>, method: &str, params: Option<&Value>) -> Result<Era, McpError> {
    if method == "initialize" {
        return Ok(Era::Handshake);
    }
    let body_version = meta_version(params);
    let modern_body = body_version.is_some();
    match header {
        None if modern_body => Ok(Era::Modern),
        None => Ok(Era::Legacy(McpVersion::V2025_03_26)),
        Some(text) => match McpVersion::parse(text) {
            Some(version) if version.is_modern() => Ok(Era::Modern),
            // The body speaks 2026-07-28 (`_meta` names a version) and the header another
            // revision: refused by the 2026-07-28 checks as a header mismatch, not served in
            // the header's revision while the body says otherwise.
            Some(_) if body_version.is_some_and(|v| v.as_str() != Some(text)) => Ok(Era::Modern),
            Some(version) => Ok(Era::Legacy(version)),
            None if modern_body => Ok(Era::Modern),
            None => Err(McpError::unsupported_version(text)),
        },
    }
}

/// The checks of a 2026-07-28 request, in order: `params._meta` carries the protocol version,
/// a string, and the client capabilities (else -32602); the routing headers are sent once each
/// (else -32020); `MCP-Protocol-Version` is sent (else -32020, or -32022 when the body's
/// version is one not served) and agrees with the body (else -32020); that version is
/// served (else -32022); the client capabilities are an object (else -32602); `Mcp-Method`,
/// and `Mcp-Name` for tools/call, prompts/get and resources/read (decoded from
/// `=?base64?...?=`), agree with the body (else -32020).
pub fn check_modern(
    headers: &HeaderMap,
    method: &str,
    params: Option<&Value>,
) -> Result<(), McpError> {
    let meta = params.and_then(|p| p.get("_meta")).and_then(Value::as_object);
    let Some(meta) = meta else {
        return Err(McpError::invalid_meta(format!(
            "invalid params: a 2026-07-28 request carries params._meta with `{META_PROTOCOL_VERSION}` and `{META_CLIENT_CAPABILITIES}`"
        )));
    };
    let missing: Vec<&str> = [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES]
        .into_iter()
        .filter(|key| !meta.contains_key(*key))
        .collect();
    if !missing.is_empty() {
        return Err(McpError::invalid_meta(format!(
            "invalid params: params._meta lacks {}",
            missing.join(" and ")
        )));
    }
    // A version that is not a string is a malformed `_meta`, as a missing one is (-32602):
    // no header can equal it, so it is refused before the headers are compared with it
    // (since 2026-12-05; a number was -32020, a header mismatch).
    let Some(body_version) = meta[META_PROTOCOL_VERSION].as_str() else {
        return Err(McpError::invalid_meta(format!(
            "invalid params: `{META_PROTOCOL_VERSION}` must be a string"
        )));
    };
    for name in [PROTOCOL_VERSION_HEADER, METHOD_HEADER, NAME_HEADER] {
        if headers.get_all(name).iter().nth(1).is_some() {
            return Err(McpError::header_mismatch(format!(
                "header mismatch: {name} is sent more than once"
            )));
        }
    }
    match headers.get(PROTOCOL_VERSION_HEADER).map(|v| v.to_str()) {
        // A body naming a version this server does not serve is -32022 with or without the
        // header, as the routing headers are not asked of it: the client speaks another
        // revision, and the error names the ones to fall back to.
        None => {
            if McpVersion::parse(body_version).is_none() {
                return Err(McpError::unsupported_version(body_version));
            }
            return Err(McpError::header_mismatch(
                "header mismatch: MCP-Protocol-Version is required on every 2026-07-28 request",
            ));
        }
        Some(Ok(value)) if body_version == value.trim() => {}
        Some(_) => {
            return Err(McpError::header_mismatch(
                "header mismatch: MCP-Protocol-Version differs from params._meta's protocol version",
            ));
        }
    }
    // A version this server does not serve is answered before the checks that version's rules
    // might not share: -32022 names the versions served, so the client can fall back.
    if !McpVersion::parse(body_version).is_some_and(McpVersion::is_modern) {
        return Err(McpError::unsupported_version(body_version));
    }
    // ClientCapabilities is an object in the 2026-07-28 schema (`{}` when the client has none).
    if !meta[META_CLIENT_CAPABILITIES].is_object() {
        return Err(McpError::invalid_meta(format!(
            "invalid params: `{META_CLIENT_CAPABILITIES}` must be an object (`{{}}` for none)"
        )));
    }
    match headers.get(METHOD_HEADER).map(|v| v.to_str()) {
        Some(Ok(value)) if value.trim() == method => {}
        None => {
            return Err(McpError::header_mismatch(
                "header mismatch: Mcp-Method is required on every 2026-07-28 request",
            ));
        }
        Some(_) => {
            return Err(McpError::header_mismatch(
                "header mismatch: Mcp-Method differs from the body's method",
            ));
        }
    }
    let name_key = match method {
        "tools/call" | "prompts/get" => Some("name"),
        "resources/read" => Some("uri"),
        _ => None,
    };
    // A body without the name, or with one that is not a string (no header can equal it), is
    // refused by the method itself (invalid params, naming the type), not as a header mismatch.
    let body_name = name_key.and_then(|key| Some((key, params?.get(key)?)));
    if let Some((key, body_name)) = body_name.filter(|(_, value)| value.is_string()) {
        let header = headers.get(NAME_HEADER);
        let decoded = header.and_then(decode_header_value);
        if header.is_none() {
            return Err(McpError::header_mismatch(format!(
                "header mismatch: Mcp-Name is required on {method} (the params' `{key}`)"
            )));
        }
        if decoded.as_deref() != body_name.as_str() {
            return Err(McpError::header_mismatch(format!(
                "header mismatch: Mcp-Name differs from the params' `{key}` (or is malformed)"
            )));
        }
    }
    Ok(())
}

/// A header value as MCP sends it: plain visible ASCII, or `=?base64?<base64>?=` around the
/// UTF-8 of any other value. `None` if neither (invalid characters, bad base64, non-canonical
/// padding, bad UTF-8), so a corrupt header never matches a body value.
pub fn decode_header_value(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    let Some(payload) = text.strip_prefix("=?base64?").and_then(|rest| rest.strip_suffix("?="))
    else {
        return Some(text.to_string());
    };
    let engine = base64::engine::general_purpose::STANDARD;
    let bytes = engine.decode(payload).ok()?;
    // Only the canonical encoding round-trips; stray bits in the padding are refused.
    (engine.encode(&bytes) == payload).then_some(())?;
    String::from_utf8(bytes).ok()
}

/// A JSON-RPC message answered with `status`, framed as the client asked.
pub fn reply(status: StatusCode, format: Format, text: String) -> Reply {
    // Only a successful exchange is streamed: an HTTP error status with an event stream is
    // not something clients read.
    if format == Format::Events && status == StatusCode::OK {
        let frame = format!("event: message\ndata: {text}\n\n");
        let mut reply = Reply::empty(status);
        reply.body = Body::Events(VecDeque::from([Bytes::from(frame)]));
        reply.content_type = EVENT_STREAM;
        reply.static_headers.push(http::header::HeaderName::from_static("x-accel-buffering"), "no");
        return reply;
    }
    Reply::json(status, text, NO_STORE)
}
