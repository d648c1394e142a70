//! The MCP servers (issue 11), over real sockets.
//!
//! - `protocol`: raw HTTP, every error case of both eras, framing, CORS, limits
//! - `tools`: every tool against the REST body it equals and its `outputSchema`; resources,
//!   templates, prompts, `search` and `fetch`
//! - `discovery`: server cards, the AI catalog, the `/v1` links, the OpenAPI description
//! - `rmcp`: the official Rust SDK's client in both eras
//!
//! The official Python SDK clients (2.x auto and legacy, 1.x) run from `.ci/mcp.sh` against the
//! release binary.

mod discovery;
mod protocol;
mod rmcp;
mod tools;

use serde_json::{Value, json};

use crate::support::{Checked, TestServer};

/// The modern revision.
pub const MODERN: &str = "2026-07-28";
/// The legacy revisions, newest first.
pub const LEGACY: [&str; 3] = ["2025-11-25", "2025-06-18", "2025-03-26"];

/// Which revision a test request speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// 2026-07-28: `_meta` in params and the routing headers.
    Modern,
    /// A legacy revision: `MCP-Protocol-Version` only, as after `initialize`.
    Legacy(&'static str),
}

impl Era {
    /// Every revision, newest first.
    pub const ALL: [Era; 4] =
        [Era::Modern, Era::Legacy(LEGACY[0]), Era::Legacy(LEGACY[1]), Era::Legacy(LEGACY[2])];

    pub fn is_modern(self) -> bool {
        self == Era::Modern
    }
}

/// `params._meta` of a 2026-07-28 request.
pub fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientInfo": { "name": "consultancy-api-tests", "version": "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
    })
}

/// The JSON-RPC request body and headers of `method` in `era`, as a conforming client sends.
pub fn request(era: Era, method: &str, params: Value) -> (String, Vec<(String, String)>) {
    let mut params = params;
    let mut headers = vec![
        ("content-type".to_string(), "application/json".to_string()),
        ("accept".to_string(), "application/json, text/event-stream".to_string()),
    ];
    match era {
        Era::Modern => {
            if params.is_null() {
                params = json!({});
            }
            params["_meta"] = meta();
            headers.push(("mcp-protocol-version".into(), MODERN.into()));
            headers.push(("mcp-method".into(), method.into()));
            let name = match method {
                "tools/call" | "prompts/get" => params["name"].as_str(),
                "resources/read" => params["uri"].as_str(),
                _ => None,
            };
            if let Some(name) = name {
                headers.push(("mcp-name".into(), name.into()));
            }
        }
        Era::Legacy(version) => headers.push(("mcp-protocol-version".into(), version.into())),
    }
    let mut body = json!({ "jsonrpc": "2.0", "id": 1, "method": method });
    if !params.is_null() {
        body["params"] = params;
    }
    (body.to_string(), headers)
}

/// POSTs `body` to `path` with exactly `headers`.
pub async fn post(
    server: &TestServer,
    path: &str,
    headers: &[(String, String)],
    body: &str,
) -> Checked {
    let mut builder = server.client.post(server.url(path)).body(body.to_string());
    for (name, value) in headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    Checked::read(builder.send().await.expect("POST")).await
}

/// Sends `method` in `era` to `path`.
pub async fn call(
    server: &TestServer,
    path: &str,
    era: Era,
    method: &str,
    params: Value,
) -> Checked {
    let (body, headers) = request(era, method, params);
    post(server, path, &headers, &body).await
}

/// The `result` of a successful call, after checking the envelope against the OpenAPI
/// document and, in 2026-07-28, the `resultType` every result carries.
pub async fn result(
    server: &TestServer,
    path: &str,
    era: Era,
    method: &str,
    params: Value,
) -> Value {
    let response = call(server, path, era, method, params).await;
    let body = response.conforms("POST", path, 200);
    assert!(body["error"].is_null(), "{method} in {era:?} failed: {body}");
    let result = body["result"].clone();
    if era.is_modern() {
        assert_eq!(result["resultType"], "complete", "{method}: {result}");
    } else {
        assert!(result.get("resultType").is_none(), "legacy {method} has no resultType");
    }
    result
}

/// Calls a tool; returns the whole `CallToolResult`.
pub async fn tool(
    server: &TestServer,
    path: &str,
    era: Era,
    name: &str,
    arguments: Value,
) -> Value {
    result(server, path, era, "tools/call", json!({ "name": name, "arguments": arguments })).await
}

/// Asserts a JSON-RPC error with this HTTP status, JSON-RPC code and stable `data.code`
/// (valid against the OpenAPI document); returns the body.
pub fn rpc_error(response: &Checked, path: &str, status: u16, code: i64, stable: &str) -> Value {
    let body = response.conforms("POST", path, status);
    assert_eq!(body["jsonrpc"], "2.0", "{body}");
    assert_eq!(body["error"]["code"], code, "JSON-RPC code; body: {body}");
    assert_eq!(body["error"]["data"]["code"], stable, "stable code; body: {body}");
    assert!(
        body["error"]["data"]["docs"].as_str().is_some_and(|d| d.ends_with(&format!("#{stable}"))),
        "docs link; body: {body}"
    );
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    body
}
