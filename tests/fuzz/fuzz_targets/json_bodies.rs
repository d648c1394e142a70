//! The JSON bodies of `POST /v1/ai-readiness/score` and `POST /v1/batch`.
#![no_main]

use consultancy_api::api::{assessment, batch};
use consultancy_api::http::respond::Reply;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(reply) = assessment::score(data) {
        assert!(serde_json::from_slice::<serde_json::Value>(&reply.body).is_ok());
    }
    let _ = batch::run(data, |_, _, _| Reply::json(http::StatusCode::OK, "{}", "no-store"));
});
