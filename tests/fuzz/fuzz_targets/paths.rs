//! Request paths: routing and percent-decoding. The check is `consultancy_api_fuzz::paths`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::paths(data));
