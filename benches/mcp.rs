//! The MCP servers in process: a whole `tools/call` of the search tool (header checks, JSON-RPC
//! parsing, the 2026-07-28 checks, the core's search, the CallToolResult with structured
//! content and its text copy), of two tools whose answer is fixed at build time, and
//! `tools/list` (a precomputed listing), next to the REST search endpoint for the ratio.
//! Budget: a 3-term `tools/call` under 50 µs on the 2-core CI machine. Benches link the
//! library with the dev-dependencies' features, so serde_json parses the JSON-RPC body into an
//! `IndexMap` here (`preserve_order`) and into a `BTreeMap` in the shipped binary.

use consultancy_api::api::{page_cache, resources};
use consultancy_api::mcp::{self, transport::Format};
use consultancy_api::model::McpServer;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use http::{HeaderMap, HeaderValue};
use serde_json::json;

const META: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"bench","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}"#;

fn headers(version: &str, method: Option<&str>, name: Option<&str>) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("content-type", HeaderValue::from_static("application/json"));
    headers.insert("accept", HeaderValue::from_static("application/json, text/event-stream"));
    headers.insert("mcp-protocol-version", HeaderValue::from_str(version).expect("ASCII"));
    if let Some(method) = method {
        headers.insert("mcp-method", HeaderValue::from_str(method).expect("ASCII"));
    }
    if let Some(name) = name {
        headers.insert("mcp-name", HeaderValue::from_str(name).expect("ASCII"));
    }
    headers
}

fn tools_call(c: &mut Criterion) {
    // The REST search beside the MCP one is rendered every time, as the MCP tool's is: the
    // search page cache (REST only) would otherwise serve its repeats.
    page_cache::configure(0);
    let meta: serde_json::Value = serde_json::from_str(META).expect("meta");
    let mut group = c.benchmark_group("mcp_tools_call");
    let arguments = json!({ "q": "model monitoring drift", "limit": 10 });
    let modern_start: &[u8] = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\"";
    let legacy_start: &[u8] = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\"";
    // (bench, server, headers, body, how the response begins)
    let mut cases = vec![
        (
            "search_guides_terms=3_2026-07-28".to_string(),
            McpServer::Docs,
            headers("2026-07-28", Some("tools/call"), Some("search_guides")),
            json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": "search_guides", "arguments": arguments, "_meta": meta } }),
            modern_start,
        ),
        (
            "search_guides_terms=3_2025-11-25".to_string(),
            McpServer::Docs,
            headers("2025-11-25", None, None),
            json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": "search_guides", "arguments": arguments } }),
            legacy_start,
        ),
    ];
    // Two tools whose answer is fixed at build time: the questions (5 KB) and the service list.
    for tool in ["get_assessment_questions", "list_services"] {
        cases.push((
            format!("{tool}_2026-07-28"),
            McpServer::Product,
            headers("2026-07-28", Some("tools/call"), Some(tool)),
            json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": tool, "arguments": {}, "_meta": meta } }),
            modern_start,
        ));
    }
    for (name, server, headers, body, start) in cases {
        let body = body.to_string();
        group.bench_function(name, |b| {
            b.iter(|| {
                let format = mcp::check(&headers).unwrap_or(Format::Json);
                let reply = mcp::answer(server, &headers, format, black_box(body.as_bytes()));
                assert!(reply.body.bytes().is_some_and(|b| b.starts_with(start)));
                reply
            })
        });
    }
    group.bench_function("rest_search_endpoint_terms=3", |b| {
        b.iter(|| {
            let reply = resources::get(Some(black_box("q=model+monitoring+drift&limit=10")))
                .expect("valid query");
            assert!(reply.body.bytes().is_some_and(|b| !b.is_empty()));
            reply
        })
    });
    group.finish();
}

fn tools_list(c: &mut Criterion) {
    let meta: serde_json::Value = serde_json::from_str(META).expect("meta");
    let mut group = c.benchmark_group("mcp_tools_list");
    let modern =
        json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": { "_meta": meta } })
            .to_string();
    let modern_headers = headers("2026-07-28", Some("tools/list"), None);
    for (name, server) in [("product", McpServer::Product), ("docs", McpServer::Docs)] {
        group.bench_function(format!("{name}_2026-07-28"), |b| {
            b.iter(|| {
                let reply = mcp::answer(
                    server,
                    &modern_headers,
                    Format::Json,
                    black_box(modern.as_bytes()),
                );
                assert!(reply.body.bytes().is_some_and(|b| b.len() > 1000));
                reply
            })
        });
    }
    let legacy = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list" }).to_string();
    let legacy_headers = headers("2025-11-25", None, None);
    group.bench_function("docs_2025-11-25", |b| {
        b.iter(|| {
            let reply = mcp::answer(
                McpServer::Docs,
                &legacy_headers,
                Format::Json,
                black_box(legacy.as_bytes()),
            );
            assert!(reply.body.bytes().is_some_and(|b| b.len() > 1000));
            reply
        })
    });
    group.finish();
}

criterion_group!(benches, tools_call, tools_list);
criterion_main!(benches);
