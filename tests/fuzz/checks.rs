//! What each fuzz target asserts about one input, as plain functions, so two runners share
//! them: the cargo-fuzz targets in `fuzz_targets/` call them under libFuzzer, and `cargo test`
//! replays the corpus kept in `corpus/<target>/` through them on every run
//! (`tests/api/fuzz_corpus.rs`, which includes this file). Every check is "no panic, and an
//! answer of the promised shape"; a panic inside the service is the failure being looked for.

use consultancy_api::api::{assessment, batch, resources};
use consultancy_api::auth::Keys;
use consultancy_api::auth::token::{self, Parties};
use consultancy_api::mcp::{self, transport::Format};
use consultancy_api::model::McpServer;
use consultancy_api::route::Route;
use consultancy_api::search::cursor::{self, Binding};
use consultancy_api::{a2a, ask};
use http::{HeaderMap, HeaderValue, StatusCode};

/// A fixed signing key: the inputs, not the key, are what is being explored.
const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
/// A fixed clock (milliseconds): 2027-01-15.
const NOW_MS: u64 = 1_800_000_000_000;

/// What a target checks about one input; it panics when the check fails.
pub type Check = fn(&[u8]);

/// Every target by its cargo-fuzz name (the `[[bin]]` names in `Cargo.toml`, and the
/// directory names under `corpus/`).
pub const TARGETS: [(&str, Check); 7] = [
    ("agent_bodies", agent_bodies),
    ("cursors", cursors),
    ("json_bodies", json_bodies),
    ("mcp_messages", mcp_messages),
    ("paths", paths),
    ("query_string", query_string),
    ("tokens", tokens),
];

fn assert_json(body: &[u8]) {
    assert!(
        serde_json::from_slice::<serde_json::Value>(body).is_ok(),
        "not JSON: {}",
        String::from_utf8_lossy(body)
    );
}

fn keys() -> Keys {
    Keys::from_hex(KEY, None).expect("the fixed key is valid hex")
}

/// Arbitrary bodies POSTed to `/ask` and to the A2A agent (1.0 and 0.3): `/ask` answers an
/// NLWeb response (JSON, or events) or a core error; A2A a JSON-RPC message or an empty 202.
pub fn agent_bodies(data: &[u8]) {
    if let Ok(reply) = ask::post(data, None, ask::Delivery::default()) {
        match reply.body.bytes() {
            Some(body) => assert_json(body),
            None => assert_eq!(reply.content_type, "text/event-stream"),
        }
    }
    for version in [None, Some("1.0")] {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", HeaderValue::from_static("application/json"));
        if let Some(version) = version {
            headers.insert("a2a-version", HeaderValue::from_static(version));
        }
        let reply = a2a::answer(&headers, None, data, true);
        if let Some(body) = reply.body.bytes().filter(|body| !body.is_empty()) {
            assert_json(body);
        }
    }
}

/// Search cursors: decoding arbitrary text never yields an offset it could not have issued.
pub fn cursors(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let binding = Binding { q: "data", category: None, limit: 10 };
        if let Ok(offset) = cursor::decode(text, &binding) {
            assert!(offset <= usize::from(u16::MAX));
        }
    }
}

/// The JSON bodies of `POST /v1/ai-readiness/score` and `POST /v1/batch`.
pub fn json_bodies(data: &[u8]) {
    if let Ok(reply) = assessment::score(data) {
        assert_json(reply.body.bytes().unwrap_or_default());
    }
    // Fair use lets half the items run, so both kinds of item are exercised.
    let allow_half = |n_items: usize| batch::Allowance { items: n_items / 2, retry_after_secs: 7 };
    if let Ok(reply) = batch::run(data, &keys(), NOW_MS, allow_half) {
        assert_json(&reply.body.into_bytes());
    }
}

/// Arbitrary bodies POSTed to both MCP servers, in the modern and a legacy revision: every
/// answer is a JSON-RPC message (or a batch of them) or an empty 202.
pub fn mcp_messages(data: &[u8]) {
    for version in ["2026-07-28", "2025-03-26"] {
        let mut headers = HeaderMap::new();
        headers.insert("mcp-protocol-version", HeaderValue::from_static(version));
        headers.insert("mcp-method", HeaderValue::from_static("tools/call"));
        for server in McpServer::ALL {
            let reply = mcp::answer(server, &headers, Format::Json, data);
            if reply.status != StatusCode::ACCEPTED {
                assert_json(reply.body.bytes().unwrap_or_default());
            }
        }
    }
}

/// Request paths: routing and percent-decoding.
pub fn paths(data: &[u8]) {
    if let Ok(path) = std::str::from_utf8(data) {
        let _ = Route::parse(path);
    }
}

/// `GET /v1/resources` query strings: parsing, validation, search and page rendering.
pub fn query_string(data: &[u8]) {
    if let Ok(query) = std::str::from_utf8(data)
        && let Ok(reply) = resources::get(Some(query))
    {
        assert_json(reply.body.bytes().unwrap_or_default());
    }
}

/// Bearer tokens: verification refuses everything it did not issue.
pub fn tokens(data: &[u8]) {
    const PARTIES: Parties<'static> =
        Parties { issuer: "https://auth.example.com", audience: "https://api.example.com" };
    if let Ok(text) = std::str::from_utf8(data) {
        assert!(token::verify(&keys(), PARTIES, text, NOW_MS / 1000).is_err());
    }
}
