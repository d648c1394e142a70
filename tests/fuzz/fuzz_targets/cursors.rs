//! Search cursors: decoding arbitrary text never panics and never yields an offset it could
//! not have issued.
#![no_main]

use consultancy_api::search::cursor::{Binding, decode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let binding = Binding { q: "data", category: None, limit: 10 };
        if let Ok(offset) = decode(text, &binding) {
            assert!(offset <= u16::MAX as usize);
        }
    }
});
