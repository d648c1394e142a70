//! How a request body is labelled, on every endpoint that reads one: a `Content-Encoding` other
//! than `identity`, a `Content-Type` on two lines and a charset other than UTF-8 are refused
//! (RFC 9110, sections 8.4 and 15.5.16), each surface in the way it refuses a wrong
//! `Content-Type`, and the same request labelled plainly is answered.

use std::io::Write as _;
use std::time::Duration;

use serde_json::Value;

use crate::mcp::{Era, LEGACY, request, rpc_error};
use crate::support::{Checked, TestServer, http1_exchange, start};

const SCORE: &str = r#"{"answers":[3,3,3,3,3,3,3,3,3,3,3,3,3,3,3]}"#;
const BATCH: &str = r#"{"requests":[{"path":"/v1/services"}]}"#;
const ASK: &str = r#"{"query":"what is a data catalogue?"}"#;
const A2A: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ListTasks","params":{}}"#;

fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).expect("gzip");
    encoder.finish().expect("gzip")
}

/// Request headers, as name and value.
type Headers = Vec<(&'static str, &'static str)>;

/// The ways of labelling a JSON body this test refuses: headers, and the body sent with them.
fn bad_labels(json: &str) -> Vec<(Headers, Vec<u8>)> {
    let plain = json.as_bytes().to_vec();
    vec![
        (vec![("content-type", "application/json"), ("content-encoding", "gzip")], gzip(json)),
        (vec![("content-type", "application/json"), ("content-encoding", "br")], plain.clone()),
        (
            vec![("content-type", "application/json"), ("content-encoding", "identity, gzip")],
            gzip(json),
        ),
        (vec![("content-type", "application/json"), ("content-type", "text/plain")], plain.clone()),
        (vec![("content-type", "application/json; charset=UTF-16")], plain.clone()),
        (vec![("content-type", "application/json; charset=\"latin1\"")], plain),
    ]
}

/// The plain labels the same bodies are answered with.
fn good_labels() -> Vec<Headers> {
    vec![
        vec![("content-type", "application/json")],
        vec![("content-type", "application/json"), ("content-encoding", "identity")],
        vec![("content-type", "application/json; charset=UTF-8")],
        vec![("content-type", "application/json; charset=\"utf-8\"")],
        // The other labels of UTF-8 in the Encoding Standard (what browsers read charsets
        // by): `utf8` is what clients misspell it as, and it was refused as another charset.
        vec![("content-type", "application/json; charset=utf8")],
        vec![("content-type", "application/json; charset=Unicode-1-1-UTF-8")],
    ]
}

async fn send(
    server: &TestServer,
    path: &str,
    headers: &[(&str, &str)],
    extra: &[(String, String)],
    body: Vec<u8>,
) -> Checked {
    let mut builder = server.client.post(server.url(path)).body(body);
    for (name, value) in extra {
        builder = builder.header(name.as_str(), value.as_str());
    }
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    Checked::read(builder.send().await.expect("POST")).await
}

#[tokio::test]
async fn the_rest_endpoints_refuse_a_body_they_cannot_read_as_sent_with_415() {
    let server = start().await;
    for (path, json, ok) in
        [("/v1/ai-readiness/score", SCORE, 200), ("/v1/batch", BATCH, 200), ("/ask", ASK, 200)]
    {
        for headers in good_labels() {
            let response = send(&server, path, &headers, &[], json.as_bytes().to_vec()).await;
            assert_eq!(response.status, ok, "{path} {headers:?}: {}", response.text);
        }
        for (headers, body) in bad_labels(json) {
            let response = send(&server, path, &headers, &[], body).await;
            let error = response.error("POST", path, 415, "unsupported_media_type");
            let text = error.to_string();
            let says = if headers.iter().any(|(n, _)| *n == "content-encoding") {
                "Content-Encoding"
            } else if headers.len() == 2 {
                "more than once"
            } else {
                "charset"
            };
            assert!(text.contains(says), "{path} {headers:?}: {text}");
        }
    }
}

#[tokio::test]
async fn the_json_rpc_surfaces_refuse_it_with_415_and_a_json_rpc_error() {
    let server = start().await;
    let (body, base) = request(Era::Legacy(LEGACY[0]), "tools/list", Value::Null);
    let base: Vec<(String, String)> =
        base.into_iter().filter(|(name, _)| name != "content-type").collect();
    for path in ["/mcp", "/mcp/docs"] {
        for headers in good_labels() {
            let response = send(&server, path, &headers, &base, body.clone().into_bytes()).await;
            assert_eq!(response.status, 200, "{path} {headers:?}: {}", response.text);
        }
        for (headers, coded) in bad_labels(&body) {
            let response = send(&server, path, &headers, &base, coded).await;
            rpc_error(&response, path, 415, -32600, "unsupported_media_type");
        }
    }
    let a2a = [("a2a-version".to_string(), "1.0".to_string())];
    for headers in good_labels() {
        let response = send(&server, "/a2a", &headers, &a2a, A2A.as_bytes().to_vec()).await;
        assert_eq!(response.status, 200, "{headers:?}: {}", response.text);
    }
    for (headers, coded) in bad_labels(A2A) {
        let response = send(&server, "/a2a", &headers, &a2a, coded).await;
        let error = response.conforms("POST", "/a2a", 415);
        assert_eq!(error["error"]["code"], -32600, "{headers:?}: {error}");
    }
}

#[tokio::test]
async fn the_oauth_endpoints_refuse_it_as_they_refuse_a_wrong_content_type() {
    let server = start().await;
    let register = r#"{"client_name":"labels"}"#;
    let created = send(
        &server,
        "/oauth/register",
        &[("content-type", "application/json; charset=utf-8")],
        &[],
        register.as_bytes().to_vec(),
    )
    .await;
    let created = created.conforms("POST", "/oauth/register", 201);
    for (headers, body) in bad_labels(register) {
        let response = send(&server, "/oauth/register", &headers, &[], body).await;
        let error = response.conforms("POST", "/oauth/register", 400);
        assert_eq!(error["error"], "invalid_client_metadata", "{headers:?}: {error}");
    }
    let id = created["client_id"].as_str().expect("client_id");
    let secret = created["client_secret"].as_str().expect("client_secret");
    let form = format!("grant_type=client_credentials&client_id={id}&client_secret={secret}");
    let form_type = "application/x-www-form-urlencoded";
    for headers in [
        vec![("content-type", form_type)],
        vec![("content-type", "application/x-www-form-urlencoded; charset=UTF-8")],
        vec![("content-type", form_type), ("content-encoding", "identity")],
    ] {
        let response =
            send(&server, "/oauth/token", &headers, &[], form.clone().into_bytes()).await;
        response.conforms("POST", "/oauth/token", 200);
    }
    for (headers, body) in [
        (vec![("content-type", form_type), ("content-encoding", "gzip")], gzip(&form)),
        (vec![("content-type", form_type), ("content-encoding", "br")], form.clone().into_bytes()),
        (
            vec![("content-type", form_type), ("content-type", "text/plain")],
            form.clone().into_bytes(),
        ),
        (
            vec![("content-type", "application/x-www-form-urlencoded; charset=iso-8859-1")],
            form.clone().into_bytes(),
        ),
    ] {
        let response = send(&server, "/oauth/token", &headers, &[], body).await;
        let error = response.conforms("POST", "/oauth/token", 400);
        assert_eq!(error["error"], "invalid_request", "{headers:?}: {error}");
    }
}

/// Every surface refuses those labels from the headers alone, the A2A agent as the MCP servers
/// and the REST endpoints do: with a body that never completes, the 415 comes at once rather
/// than after the body deadline (10 s), and the HTTP/1 connection, with the rest of the body
/// still to come, is closed, saying so.
#[tokio::test]
async fn the_labels_are_refused_before_the_body_is_waited_for() {
    let server = start().await;
    let labels = [
        "Content-Type: application/json\r\nContent-Encoding: gzip",
        "Content-Type: application/json\r\nContent-Encoding: identity, br",
        "Content-Type: application/json\r\nContent-Type: application/json",
        "Content-Type: application/json; charset=UTF-16",
        "Content-Type: text/plain",
    ];
    let mcp = "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18";
    let surfaces = [
        ("/a2a", "A2A-Version: 1.0"),
        ("/a2a", "Accept: application/json"),
        ("/mcp", mcp),
        ("/mcp/docs", mcp),
        ("/ask", "Accept: application/json"),
        ("/v1/batch", "Accept: application/json"),
        ("/v1/ai-readiness/score", "Accept: application/json"),
    ];
    for (path, extra) in surfaces {
        for label in labels {
            let request = format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\n{extra}\r\n{label}\r\nContent-Length: 100\r\n\r\n{{\"jsonrpc\""
            );
            let what = format!("{path} {extra:?} {label:?}");
            let exchange =
                http1_exchange(server.addr, request.as_bytes(), Duration::from_secs(2)).await;
            assert_eq!(exchange.status(), 415, "{what}: {exchange:?}");
            assert!(exchange.body.contains("unsupported_media_type"), "{what}: {exchange:?}");
            assert!(exchange.says_close() && exchange.closed, "{what}: {exchange:?}");
            if path == "/a2a" || path.starts_with("/mcp") {
                let body: Value = serde_json::from_str(&exchange.body).expect("JSON");
                assert_eq!(body["jsonrpc"], "2.0", "{what}: {body}");
                assert_eq!(body["error"]["code"], -32600, "{what}: {body}");
            }
        }
    }
}

/// A transfer coding is a label of the body too (RFC 9112, section 6.1): the server decodes
/// none but `chunked`, and a request naming another (`gzip, chunked`, or `gzip` on a line of
/// its own before `chunked`) is refused as a content coding is, rather than its body read as
/// if it had been decoded. It used to be: a plain score labelled `Transfer-Encoding: gzip,
/// chunked` was scored, and a gzip one answered "not valid JSON".
#[tokio::test]
async fn a_transfer_coding_other_than_chunked_is_refused_like_a_content_coding() {
    let server = start().await;
    let mcp = "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18";
    let mcp_body = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let register = r#"{"client_name":"labels"}"#;
    let token = "grant_type=client_credentials&client_id=x&client_secret=y";
    let form = "Content-Type: application/x-www-form-urlencoded";
    let surfaces = [
        ("/v1/ai-readiness/score", "Content-Type: application/json", SCORE),
        ("/v1/batch", "Content-Type: application/json", BATCH),
        ("/ask", "Content-Type: application/json\r\nAccept: application/json", ASK),
        ("/mcp", mcp, mcp_body),
        ("/mcp/docs", mcp, mcp_body),
        ("/a2a", "A2A-Version: 1.0", A2A),
        ("/oauth/register", "Content-Type: application/json", register),
        ("/oauth/token", form, token),
    ];
    let chunked = |body: &str| format!("{:x}\r\n{body}\r\n0\r\n\r\n", body.len());
    for (path, extra, body) in surfaces {
        for (coding, refused) in [
            ("Transfer-Encoding: chunked", false),
            ("Transfer-Encoding: gzip, chunked", true),
            ("Transfer-Encoding: x-custom , CHUNKED", true),
            ("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked", true),
        ] {
            let request = format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\n{extra}\r\n{coding}\r\n\r\n{}",
                chunked(body)
            );
            let what = format!("{path} {coding:?}");
            let exchange =
                http1_exchange(server.addr, request.as_bytes(), Duration::from_secs(5)).await;
            let status = exchange.status();
            if !refused {
                // Answered (a 401 for the unknown client at the token endpoint).
                assert!(status == 200 || status == 201 || status == 401, "{what}: {exchange:?}");
                continue;
            }
            let parsed: Value = serde_json::from_str(&exchange.body).expect("JSON");
            match path {
                "/oauth/register" | "/oauth/token" => {
                    assert_eq!(status, 400, "{what}: {exchange:?}");
                    let error = if path == "/oauth/token" {
                        "invalid_request"
                    } else {
                        "invalid_client_metadata"
                    };
                    assert_eq!(parsed["error"], error, "{what}: {parsed}");
                    let description = parsed["error_description"].as_str().unwrap_or_default();
                    assert!(description.contains("Transfer-Encoding"), "{what}: {parsed}");
                }
                "/mcp" | "/mcp/docs" | "/a2a" => {
                    assert_eq!(status, 415, "{what}: {exchange:?}");
                    assert_eq!(parsed["error"]["code"], -32600, "{what}: {parsed}");
                    // `error.data` is an object on MCP and a list of ErrorInfo on A2A 1.0.
                    let data = parsed["error"]["data"].to_string();
                    assert!(data.contains("\"unsupported_media_type\""), "{what}: {parsed}");
                    let message = parsed["error"]["message"].as_str().unwrap_or_default();
                    assert!(message.contains("Transfer-Encoding"), "{what}: {parsed}");
                }
                _ => {
                    assert_eq!(status, 415, "{what}: {exchange:?}");
                    assert_eq!(parsed["error"]["code"], "unsupported_media_type", "{what}");
                    let message = parsed["error"]["message"].as_str().unwrap_or_default();
                    assert!(message.contains("Transfer-Encoding"), "{what}: {parsed}");
                }
            }
        }
    }
}
