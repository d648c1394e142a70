//! The agent surfaces in process, through `App::handle` (routing, rate limit, parsing, the
//! answer engine, rendering, headers): `GET /ask` with a 10-word question as JSON and as an
//! event stream, `POST /ask` in the v0.5 shape, and A2A `SendMessage` in 1.0 and 0.3 and a
//! readiness score from a data part. The engine alone is `benches/answer.rs`; the difference
//! is what each surface adds.

use std::net::IpAddr;
use std::sync::Arc;

use bytes::Bytes;
use consultancy_api::auth::Keys;
use consultancy_api::clock::SystemClock;
use consultancy_api::http::App;
use criterion::{Criterion, criterion_group, criterion_main};
use http::Request;
use http_body_util::Full;

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
/// The answer bench's ten-word question, percent-encoded.
const ASK_GET: &str =
    "/ask?query=How%20should%20we%20monitor%20a%20machine%20learning%20model%20in%20production%3F";
const ASK_V05: &str = r#"{"query":{"text":"How should we monitor a machine learning model in production?"},"return_response":{"streaming":false}}"#;
const SEND_V1: &str = r#"{"jsonrpc":"2.0","id":"b-1","method":"SendMessage","params":{"message":{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"How should we monitor a machine learning model in production?"}]}}}"#;
const SEND_V03: &str = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m-1","role":"user","parts":[{"kind":"text","text":"How should we monitor a machine learning model in production?"}]}}}"#;
const SCORE_V1: &str = r#"{"jsonrpc":"2.0","id":"b-2","method":"SendMessage","params":{"message":{"messageId":"m-2","role":"ROLE_USER","parts":[{"data":{"answers":[2.0,3.0,2.0,1.0,2.0,3.0,1.0,2.0,2.0,3.0,1.0,2.0,3.0,2.0,1.0,2.0]}}]}}}"#;

/// One benchmarked request: name, method, path, headers, body.
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
);

const JSON: &[(&str, &str)] = &[("content-type", "application/json")];
const JSON_V1: &[(&str, &str)] = &[("content-type", "application/json"), ("a2a-version", "1.0")];
const CASES: [Case; 6] = [
    ("ask_get_json/ten_words", "GET", ASK_GET, &[], ""),
    ("ask_get_events/ten_words", "GET", ASK_GET, &[("accept", "text/event-stream")], ""),
    ("ask_post_v05/ten_words", "POST", "/ask", JSON, ASK_V05),
    ("a2a_send_1_0/ten_words", "POST", "/a2a", JSON_V1, SEND_V1),
    ("a2a_send_0_3/ten_words", "POST", "/a2a", JSON, SEND_V03),
    ("a2a_send_1_0/score_16_doubles", "POST", "/a2a", JSON_V1, SCORE_V1),
];

fn request(
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &'static str,
) -> Request<Full<Bytes>> {
    let mut builder = Request::builder().method(method).uri(path).header("host", "localhost");
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    builder.body(Full::new(Bytes::from_static(body.as_bytes()))).expect("request")
}

fn agents(c: &mut Criterion) {
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
    let app =
        App::new(u32::MAX, Keys::from_hex(KEY, None).expect("key"), Arc::new(SystemClock), false);
    let peer: IpAddr = [127, 0, 0, 1].into();
    let mut group = c.benchmark_group("agents");
    for (name, method, path, headers, body) in CASES {
        // The answer must be a success, or the bench measures an error path.
        let check = runtime.block_on(app.handle(request(method, path, headers, body), peer));
        assert_eq!(check.status(), 200, "{name}");
        group.bench_function(name, |b| {
            b.to_async(&runtime).iter(|| async {
                let response = app.handle(request(method, path, headers, body), peer).await;
                assert_eq!(response.status(), 200);
                response
            })
        });
    }
    group.finish();
}

criterion_group!(benches, agents);
criterion_main!(benches);
