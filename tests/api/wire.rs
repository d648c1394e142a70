//! The reply body (issue 10): complete bytes, or a stream of server-sent events that leave as
//! separate frames. Socket-level SSE is tested with the surfaces that answer with it.

use bytes::Bytes;
use consultancy_api::wire::Body;
use http_body_util::BodyExt;
use hyper::body::Body as _;

#[tokio::test]
async fn an_event_stream_yields_each_event_as_its_own_frame() {
    let events = ["data: {\"a\":1}\n\n", "data: {\"b\":2}\n\n", "data: {\"type\":\"done\"}\n\n"];
    let mut body = Body::Events(events.iter().map(|e| Bytes::from_static(e.as_bytes())).collect());
    assert!(body.bytes().is_none(), "a stream has no complete bytes");
    assert_eq!(body.size_hint().exact(), None, "a stream's length is unknown up front");
    let mut seen = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.expect("infallible");
        seen.push(frame.into_data().expect("a data frame"));
    }
    assert_eq!(seen, events.map(|e| Bytes::from_static(e.as_bytes())));
    assert!(body.is_end_stream());
}

#[tokio::test]
async fn complete_bytes_are_one_frame_with_an_exact_length() {
    let mut body = Body::full(Bytes::from_static(b"{\"ok\":true}"));
    assert_eq!(body.size_hint().exact(), Some(11));
    assert_eq!(body.bytes(), Some(&b"{\"ok\":true}"[..]));
    let frame = body.frame().await.expect("one frame").expect("infallible");
    assert_eq!(frame.into_data().expect("data"), Bytes::from_static(b"{\"ok\":true}"));
    assert!(body.frame().await.is_none(), "and nothing after it");
    let mut empty = Body::empty();
    assert!(empty.is_end_stream());
    assert!(empty.frame().await.is_none());
}
