//! The sandbox flavour (`cargo test --features sandbox`): same routes and data, `X-Sandbox: true`
//! on every response, sandbox origin in self-links. Without the feature, no such header.

use consultancy_api::tables::{API_BASE, PRODUCTION_BASE, SANDBOX_BASE};

use crate::support::{Setup, start, start_with};

#[tokio::test]
async fn x_sandbox_is_on_every_response_exactly_in_the_sandbox() {
    let server = start_with(Setup { rate_limit: 3, ..Setup::default() }).await;
    let etag = server.get("/v1").await.header("etag").expect("etag").to_string();
    let preflight = server
        .client
        .request(reqwest::Method::OPTIONS, server.url("/v1"))
        .send()
        .await
        .expect("OPTIONS");
    let not_modified = server
        .client
        .get(server.url("/v1"))
        .header("if-none-match", etag)
        .send()
        .await
        .expect("GET");
    assert_eq!(not_modified.status(), 304);
    let limited = server.client.get(server.url("/v1/nope")).send().await.expect("GET");
    assert_eq!(limited.status(), 429);
    let expected = if cfg!(feature = "sandbox") { Some("true") } else { None };
    for response in [&preflight, &not_modified, &limited] {
        assert_eq!(
            response.headers().get("x-sandbox").and_then(|v| v.to_str().ok()),
            expected,
            "{}",
            response.status()
        );
    }
}

#[tokio::test]
async fn self_links_use_this_flavours_origin() {
    let server = start().await;
    let expected_base = if cfg!(feature = "sandbox") { SANDBOX_BASE } else { PRODUCTION_BASE };
    assert_eq!(API_BASE, expected_base);
    let index = server.get("/v1").await.json();
    assert_eq!(index["openapi"], format!("{expected_base}/openapi.json"));
    let error = server.get("/v1/nope").await.json();
    assert_eq!(error["error"]["openapi"], format!("{expected_base}/openapi.json"));
    let doc = server.get("/openapi.json").await.json();
    assert_eq!(doc["servers"][0]["url"], expected_base, "the first server is this flavour");
    // The site's search boxes and the assessment call this flavour's API.
    let guides = server.get("/guides/").await.text;
    assert!(guides.contains(&format!("data-search=\"{expected_base}/v1/resources\"")));
    let search = server.get("/search/?q=drift").await.text;
    assert!(search.contains(&format!("data-search=\"{expected_base}/v1/resources\"")));
}
