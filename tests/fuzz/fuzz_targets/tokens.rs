//! Bearer tokens: verification must refuse everything it did not issue. The check is `consultancy_api_fuzz::tokens`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::tokens(data));
