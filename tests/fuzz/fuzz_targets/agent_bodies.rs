//! Arbitrary bodies POSTed to `/ask` and to the A2A agent (1.0 and 0.3): `/ask` answers an
//! NLWeb response (JSON, or events whose data lines are JSON) or a core error; A2A answers a
//! JSON-RPC message or an empty 202, never a panic.
#![no_main]

use consultancy_api::{a2a, ask};
use http::{HeaderMap, HeaderValue};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(reply) = ask::post(data, None, ask::Delivery::default()) {
        match reply.body.bytes() {
            Some(body) => assert!(serde_json::from_slice::<serde_json::Value>(body).is_ok()),
            None => assert_eq!(reply.content_type, "text/event-stream"),
        }
    }
    for version in [None, Some("1.0")] {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", HeaderValue::from_static("application/json"));
        if let Some(version) = version {
            headers.insert("a2a-version", HeaderValue::from_static(version));
        }
        let reply = a2a::answer(&headers, None, data);
        if let Some(body) = reply.body.bytes().filter(|body| !body.is_empty()) {
            assert!(serde_json::from_slice::<serde_json::Value>(body).is_ok());
        }
    }
});
