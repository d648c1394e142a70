//! Responses pinned byte for byte (issue 10): a sample of fixed routes, searches, errors,
//! preflights and POSTs was recorded from the server before the protocol-free core was
//! introduced (`tests/golden/responses.json`: status, every stable header, and the body's
//! SHA-256). The reshaped server must answer each exactly the same. Only the per-request
//! `RateLimit` value, `Date` and framing headers are left out of the comparison.
//!
//! After a reviewed, intended change to one of these responses, rewrite the expectations with
//! `UPDATE_GOLDEN=1 cargo test --test api golden` and review the diff. The sample is of the
//! production flavour (the sandbox's origins and `X-Sandbox` differ by design).
#![cfg(not(feature = "sandbox"))]

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::support::start;

#[tokio::test]
async fn a_sample_of_responses_is_byte_identical_to_before_the_core() {
    let recorded: Value = serde_json::from_str(include_str!("../golden/responses.json"))
        .expect("tests/golden/responses.json is JSON");
    let recorded = recorded.as_array().expect("an array of exchanges");
    assert!(recorded.len() >= 40, "the sample covers fixed, dynamic and error paths");
    let server = start().await;
    let mut etag = None;
    let mut differences = Vec::new();
    let mut updated = Vec::new();
    for exchange in recorded {
        let request = &exchange["request"];
        let method = request["method"].as_str().expect("method");
        let path = request["path"].as_str().expect("path");
        let mut builder = server.client.request(
            http::Method::from_bytes(method.as_bytes()).expect("method"),
            server.url(path),
        );
        for (name, value) in request["headers"].as_object().expect("headers") {
            let value = match value.as_str() {
                Some(value) => value.to_string(),
                // The recorder filled `If-None-Match` with the ETag of the first GET /v1/services.
                None => etag.clone().expect("an ETag was seen before"),
            };
            builder = builder.header(name.as_str(), value);
        }
        if let Some(body) = request["body"].as_str() {
            builder = builder.body(body.to_string());
        }
        let response = builder.send().await.expect("request");
        let status = response.status().as_u16();
        let mut headers = serde_json::Map::new();
        for (name, value) in response.headers() {
            let name = name.as_str();
            if !matches!(
                name,
                "date" | "ratelimit" | "connection" | "content-length" | "transfer-encoding"
            ) {
                let value = value.to_str().expect("ASCII header").to_string();
                headers.insert(name.to_string(), Value::String(value));
            }
        }
        let body = response.bytes().await.expect("body");
        if method == "GET" && path == "/v1/services" && etag.is_none() {
            etag = headers.get("etag").and_then(Value::as_str).map(str::to_string);
        }
        let digest: String = Sha256::digest(&body).iter().map(|b| format!("{b:02x}")).collect();
        let label = format!("{method} {path}");
        let mut now = exchange.clone();
        now["status"] = Value::from(status);
        now["headers"] = Value::Object(headers.clone());
        now["body_sha256"] = Value::from(digest.clone());
        now["body_len"] = Value::from(body.len());
        updated.push(now);
        if status != exchange["status"] {
            differences.push(format!("{label}: status {status}, recorded {}", exchange["status"]));
        }
        if Value::Object(headers.clone()) != exchange["headers"] {
            differences.push(format!(
                "{label}: headers\n  now      {}\n  recorded {}",
                Value::Object(headers),
                exchange["headers"]
            ));
        }
        if digest != exchange["body_sha256"] {
            differences.push(format!(
                "{label}: body differs ({} bytes now, {} recorded): {}",
                body.len(),
                exchange["body_len"],
                String::from_utf8_lossy(&body[..body.len().min(300)])
            ));
        }
    }
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/responses.json");
        let text = serde_json::to_string_pretty(&Value::Array(updated)).expect("JSON");
        std::fs::write(path, text + "\n").expect("write tests/golden/responses.json");
        return;
    }
    assert!(differences.is_empty(), "responses changed:\n{}", differences.join("\n"));
}
