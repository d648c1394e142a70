//! `GET /v1/resources` query strings: parsing, validation, search and page rendering. The check is `consultancy_api_fuzz::query_string`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::query_string(data));
