//! Arbitrary bodies POSTed to both MCP servers, in the modern and a legacy revision. The check is `consultancy_api_fuzz::mcp_messages`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::mcp_messages(data));
