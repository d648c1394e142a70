//! `GET /v1/resources` query strings: parsing, validation, search and page rendering.
#![no_main]

use consultancy_api::api::resources;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(query) = std::str::from_utf8(data) {
        if let Ok(reply) = resources::get(Some(query)) {
            assert!(serde_json::from_slice::<serde_json::Value>(reply.body.bytes().unwrap_or_default()).is_ok());
        }
    }
});
