//! The MCP surface's errors: a JSON-RPC error code, a row of `model::ERROR_CODES` (sent as
//! `error.data.code` with its `docs` link), a message, and the HTTP status each revision
//! answers with.
//!
//! Two families. Transport refusals (bad JSON, a wrong `Accept`, `Content-Type` or `Origin`,
//! an oversized body, a batch, a header the 2026-07-28 revision requires) carry their HTTP
//! status in every revision. Errors of a well-formed request (unknown method, tool, prompt or
//! resource, bad params) carry their status in 2026-07-28 and HTTP 200 in the legacy
//! revisions, where a JSON-RPC error is an ordinary response.

use http::StatusCode;
use serde_json::Value;

use crate::jsonrpc::{self, ErrorObject};
use crate::model::{ErrorKind, MCP_TOOLS, McpServer, McpVersion};
use crate::ops;
use crate::tables::{AGENT_URL, SITE_URL};

/// The other of the two servers.
pub fn other_server(server: McpServer) -> McpServer {
    match server {
        McpServer::Product => McpServer::Docs,
        McpServer::Docs => McpServer::Product,
    }
}

/// A server as a refusal names it, with its address: "the docs MCP server, `<agent>/mcp/docs`",
/// the words `fetch`'s refusal uses for the other collection.
fn described(server: McpServer) -> String {
    let name = match server {
        McpServer::Product => "product",
        McpServer::Docs => "docs",
    };
    format!("the {name} MCP server, {AGENT_URL}{}", server.path())
}

/// MCP 2026-07-28: the HTTP headers disagree with the body, or one is missing.
pub const HEADER_MISMATCH: i32 = -32020;
/// MCP 2026-07-28: the protocol version is not supported; `data.supported` lists ours.
pub const UNSUPPORTED_PROTOCOL_VERSION: i32 = -32022;
/// MCP 2025-11-25 and earlier: no resource has this URI.
pub const LEGACY_RESOURCE_NOT_FOUND: i32 = -32002;

/// One error of the MCP surface.
#[derive(Debug, Clone, PartialEq)]
pub struct McpError {
    pub kind: ErrorKind,
    /// The JSON-RPC error code.
    pub code: i32,
    pub message: String,
    /// Members of `error.data` besides `code` and `docs`, in key order.
    pub extra: Vec<(&'static str, Value)>,
    /// Whether this answers a well-formed request (HTTP 200 in the legacy revisions).
    pub of_request: bool,
}

impl McpError {
    fn new(kind: ErrorKind, code: i32, message: impl Into<String>, of_request: bool) -> McpError {
        McpError { kind, code, message: message.into(), extra: Vec::new(), of_request }
    }

    pub fn parse(object: ErrorObject) -> McpError {
        McpError::new(ErrorKind::InvalidJson, object.code, object.message, false)
    }
    pub fn invalid_request(message: impl Into<String>) -> McpError {
        McpError::new(ErrorKind::InvalidRequest, jsonrpc::INVALID_REQUEST, message, false)
    }
    /// A message [`jsonrpc::message`] refused: `duplicate_member` for a repeated member name,
    /// `invalid_request` for any other fault, both -32600.
    pub fn from_invalid(message: String, duplicate: bool) -> McpError {
        let kind = if duplicate { ErrorKind::DuplicateMember } else { ErrorKind::InvalidRequest };
        McpError::new(kind, jsonrpc::INVALID_REQUEST, message, false)
    }
    pub fn unknown_method(method: &str) -> McpError {
        McpError::new(
            ErrorKind::UnknownMethod,
            jsonrpc::METHOD_NOT_FOUND,
            format!(
                "method not found: this MCP server does not implement `{}`",
                ops::error::truncate(method)
            ),
            true,
        )
    }
    pub fn invalid_params(message: impl Into<String>) -> McpError {
        McpError::new(ErrorKind::InvalidParams, jsonrpc::INVALID_PARAMS, message, true)
    }
    /// `_meta` of a 2026-07-28 request lacks a required field: a malformed request, 400 in
    /// every revision (only that revision has `_meta`).
    pub fn invalid_meta(message: impl Into<String>) -> McpError {
        McpError::new(ErrorKind::InvalidParams, jsonrpc::INVALID_PARAMS, message, false)
    }
    /// No tool of this server has `name`. A tool of the other server is said to be there,
    /// with its address (since 2026-12-05): an agent connected to one server, or a client
    /// that rewrote the path it was given, read "unknown tool `search_guides`" as "there is
    /// no such tool".
    pub fn unknown_tool(server: McpServer, name: &str) -> McpError {
        let other = other_server(server);
        let elsewhere = MCP_TOOLS.iter().any(|tool| tool.server == other && tool.name == name);
        let name = ops::error::truncate(name);
        let message = if elsewhere {
            format!(
                "unknown tool `{name}` on this server: `{name}` is a tool of {}; tools/list lists this server's tools",
                described(other)
            )
        } else {
            format!("unknown tool `{name}`; tools/list lists this server's tools")
        };
        McpError::new(ErrorKind::UnknownTool, jsonrpc::INVALID_PARAMS, message, true)
    }
    /// A prompt argument the core refuses, -32602 with the core's own code: the question of
    /// `answer_from_guides` past 500 characters is `question_too_long`, as `/ask` and the A2A
    /// agent say of the same question.
    pub fn prompt_argument(error: ops::Error) -> McpError {
        McpError::new(error.kind, jsonrpc::INVALID_PARAMS, error.message, true)
    }
    /// A prompt's required argument is missing (or blank): `unknown_prompt`, as the error
    /// table says of it, -32602 as every revision has it.
    pub fn missing_prompt_argument(message: impl Into<String>) -> McpError {
        McpError::new(ErrorKind::UnknownPrompt, jsonrpc::INVALID_PARAMS, message, true)
    }
    pub fn unknown_prompt(name: &str) -> McpError {
        McpError::new(
            ErrorKind::UnknownPrompt,
            jsonrpc::INVALID_PARAMS,
            format!(
                "unknown prompt `{}`; prompts/list lists this server's prompts",
                ops::error::truncate(name)
            ),
            true,
        )
    }
    /// No resource has `uri`: -32602 in 2026-07-28, -32002 before. `data.uri` is the URI as
    /// sent, cut to [`ops::error::truncate`]'s 120 bytes as every echo is (since
    /// 2026-12-05; it was the whole URI, as long as the body allowed).
    /// `elsewhere` is the other server when it reads the URI (since 2026-12-05), said so in
    /// the message with its address.
    pub fn unknown_resource(
        uri: &str,
        version: McpVersion,
        elsewhere: Option<McpServer>,
    ) -> McpError {
        let code =
            if version.is_modern() { jsonrpc::INVALID_PARAMS } else { LEGACY_RESOURCE_NOT_FOUND };
        let shown = ops::error::truncate(uri);
        let message = match elsewhere {
            Some(other) => format!(
                "resource not found on this server: `{shown}` is a resource of {}; resources/list lists this server's resources",
                described(other)
            ),
            None => {
                format!(
                    "resource not found: `{shown}`; resources/list lists this server's resources"
                )
            }
        };
        let mut error = McpError::new(ErrorKind::UnknownResource, code, message, true);
        error.extra.push(("uri", Value::from(ops::error::truncate(uri))));
        error
    }
    pub fn header_mismatch(message: impl Into<String>) -> McpError {
        McpError::new(ErrorKind::HeaderMismatch, HEADER_MISMATCH, message, false)
    }
    pub fn unsupported_version(requested: &str) -> McpError {
        let supported: Vec<Value> =
            McpVersion::ALL.iter().map(|version| Value::from(version.as_str())).collect();
        let mut error = McpError::new(
            ErrorKind::UnsupportedProtocolVersion,
            UNSUPPORTED_PROTOCOL_VERSION,
            format!(
                "unsupported protocol version `{}`; this server speaks {}",
                ops::error::truncate(requested),
                McpVersion::ALL.map(McpVersion::as_str).join(", ")
            ),
            false,
        );
        error.extra.push(("requested", Value::from(ops::error::truncate(requested))));
        error.extra.push(("supported", Value::Array(supported)));
        error
    }
    pub fn not_acceptable() -> McpError {
        McpError::new(
            ErrorKind::NotAcceptable,
            jsonrpc::INVALID_REQUEST,
            "not acceptable: Accept must allow application/json or text/event-stream (MCP clients send both)",
            false,
        )
    }
    pub fn forbidden_origin() -> McpError {
        McpError::new(
            ErrorKind::ForbiddenOrigin,
            jsonrpc::INVALID_REQUEST,
            "forbidden: the Origin header is not a serialised origin (scheme://host[:port] or null)",
            false,
        )
    }
    /// A refusal of the transport or the core before any message was read (body too large
    /// or too slow, not JSON, rate limited, method not allowed), with the same kind.
    pub fn refusal(error: &ops::Error) -> McpError {
        McpError::new(error.kind, jsonrpc::INVALID_REQUEST, error.message.clone(), false)
    }

    /// The HTTP status in `version` (`None`: the revision is not known yet).
    pub fn status(&self, version: Option<McpVersion>) -> StatusCode {
        let legacy = version.is_some_and(|version| !version.is_modern());
        if self.of_request && legacy {
            return StatusCode::OK;
        }
        StatusCode::from_u16(self.kind.status()).unwrap_or(StatusCode::BAD_REQUEST)
    }

    /// The JSON-RPC error object; `data` holds the stable code, its documentation and any
    /// extra members, in key order.
    pub fn object(&self) -> ErrorObject {
        let code = self.kind.code();
        let mut data = format!(
            "{{\"code\":\"{code}\",\"docs\":{}",
            Value::from(format!("{SITE_URL}/docs/errors/#{code}"))
        );
        for (key, value) in &self.extra {
            data.push_str(&format!(",\"{key}\":{value}"));
        }
        data.push('}');
        ErrorObject {
            code: self.code,
            message: self.message.clone(),
            data: serde_json::from_str(&data).ok(),
        }
    }
}
