//! Heap allocations on the request path, counted with dhat's heap profiler in testing mode.
//!
//! A fixed GET through `App::handle` (routing, rate limit, every common header) allocates only
//! what any hyper response with headers needs: the header map's two buffers, plus the per-request
//! `RateLimit` value. The handler itself allocates nothing: the body is a `&'static` slice and
//! every other header value is static. This binary holds one test, so no other work pollutes
//! the count.

use std::net::IpAddr;
use std::sync::Arc;

use bytes::Bytes;
use consultancy_api::auth::Keys;
use consultancy_api::clock::SystemClock;
use consultancy_api::http::App;
use http::Request;
use http_body_util::Full;

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
/// What a hyper response with headers allocates (the map's entries and indices) plus the
/// `RateLimit` header value.
const FIXED_GET_BLOCKS: u64 = 3;

#[test]
fn a_fixed_get_allocates_only_the_header_map_and_the_ratelimit_value() {
    let _profiler = dhat::Profiler::builder()
        .testing()
        .file_name(concat!(env!("CARGO_TARGET_TMPDIR"), "/dhat-heap.json"))
        .build();
    let runtime =
        tokio::runtime::Builder::new_current_thread().build().expect("a current-thread runtime");
    let app =
        App::new(u32::MAX, Keys::from_hex(KEY, None).expect("key"), Arc::new(SystemClock), false);
    let peer: IpAddr = [127, 0, 0, 1].into();
    let request =
        |path: &'static str| Request::get(path).body(Full::new(Bytes::new())).expect("request");
    for path in ["/v1/services", "/v1/services/mlops", "/guides/", "/openapi.json"] {
        // Warm up: the limiter's first entry for this address allocates its table slot.
        drop(runtime.block_on(app.handle(request(path), peer)));
        let built = request(path);
        let before = dhat::HeapStats::get();
        let response = runtime.block_on(app.handle(built, peer));
        let after = dhat::HeapStats::get();
        assert_eq!(response.status(), 200, "{path}");
        drop(response);
        let blocks = after.total_blocks - before.total_blocks;
        dhat::assert_eq!(blocks, FIXED_GET_BLOCKS, "allocations for GET {path}");
    }
}
