//! Bearer tokens: verification must refuse everything it did not issue, without panicking.
#![no_main]

use consultancy_api::auth::Keys;
use consultancy_api::auth::token::{self, Parties};
use libfuzzer_sys::fuzz_target;

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const PARTIES: Parties<'static> = Parties { issuer: "https://auth.example.com", audience: "https://api.example.com" };

fuzz_target!(|data: &[u8]| {
    if let (Ok(text), Ok(keys)) = (std::str::from_utf8(data), Keys::from_hex(KEY, None)) {
        assert!(token::verify(&keys, PARTIES, text, 1_800_000_000).is_err());
    }
});
