//! Arbitrary bodies POSTed to both MCP servers, in the modern and a legacy revision: every
//! answer is a JSON-RPC message (or a batch of them) or an empty 202, never a panic.
#![no_main]

use consultancy_api::mcp::{self, transport::Format};
use consultancy_api::model::McpServer;
use http::{HeaderMap, HeaderValue};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for version in ["2026-07-28", "2025-03-26"] {
        let mut headers = HeaderMap::new();
        headers.insert("mcp-protocol-version", HeaderValue::from_static(version));
        headers.insert("mcp-method", HeaderValue::from_static("tools/call"));
        for server in McpServer::ALL {
            let reply = mcp::answer(server, &headers, Format::Json, data);
            let body = reply.body.bytes().unwrap_or_default();
            if reply.status != http::StatusCode::ACCEPTED {
                assert!(serde_json::from_slice::<serde_json::Value>(body).is_ok());
            }
        }
    }
});
