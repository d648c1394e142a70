//! The JSON bodies of `POST /v1/ai-readiness/score` and `POST /v1/batch`.
#![no_main]

use consultancy_api::api::{assessment, batch};
use consultancy_api::auth::Keys;
use libfuzzer_sys::fuzz_target;

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fuzz_target!(|data: &[u8]| {
    if let Ok(reply) = assessment::score(data) {
        let body = reply.body.bytes().unwrap_or_default();
        assert!(serde_json::from_slice::<serde_json::Value>(body).is_ok());
    }
    if let Ok(keys) = Keys::from_hex(KEY, None) {
        // Fair use lets half the items run, so both kinds of item are exercised.
        let allow_half = |n_items: usize| batch::Allowance { items: n_items / 2, retry_after_secs: 7 };
        if let Ok(reply) = batch::run(data, &keys, 1_800_000_000_000, allow_half) {
            let body = reply.body.bytes().unwrap_or_default();
            assert!(serde_json::from_slice::<serde_json::Value>(body).is_ok());
        }
    }
});
