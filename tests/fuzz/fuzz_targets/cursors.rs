//! Search cursors: decoding arbitrary text. The check is `consultancy_api_fuzz::cursors`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::cursors(data));
