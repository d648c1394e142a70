//! The JSON bodies of `POST /v1/ai-readiness/score` and `POST /v1/batch`. The check is `consultancy_api_fuzz::json_bodies`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::json_bodies(data));
