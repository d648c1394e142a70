//! Arbitrary bodies POSTed to `/ask` and to the A2A agent (1.0 and 0.3). The check is `consultancy_api_fuzz::agent_bodies`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| consultancy_api_fuzz::agent_bodies(data));
