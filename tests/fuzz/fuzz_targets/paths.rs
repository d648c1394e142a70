//! Request paths: routing and percent-decoding.
#![no_main]

use consultancy_api::route::Route;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(path) = std::str::from_utf8(data) {
        let _ = Route::parse(path);
    }
});
