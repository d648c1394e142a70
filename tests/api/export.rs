//! The export's caching (issue 13): a private cache lifetime, one weak validator per build
//! naming the content version, and `If-None-Match` answered with 304 only after the token
//! check; and the export in gzip and brotli, precompressed at build time with the per-request
//! suffix framed after it. The token flow itself and every way a token is refused are in
//! `oauth`.

use std::io::Write as _;

use consultancy_api::auth::{Keys, token};
use consultancy_api::clock::{Clock, SystemClock};
use consultancy_api::model::EXPORT_MAX_AGE_SECS;
use consultancy_api::ops::export::parties;
use consultancy_api::tables::{EXPORT_ETAG, EXPORT_ETAG_BR, EXPORT_ETAG_GZIP};
use consultancy_api::wire::append;

use crate::encoding::decode;
use crate::support::{Checked, Setup, TEST_KEY, TestServer, headers_conform, start, start_with};

fn token_for(client_id: &str) -> String {
    token_at(client_id, SystemClock.now_ms() / 1000)
}

fn token_at(client_id: &str, now_secs: u64) -> String {
    let keys = Keys::from_hex(TEST_KEY, None).expect("test key");
    token::issue(&keys, parties(), client_id, now_secs)
}

/// A request to the export with `bearer` (if any) and extra header lines.
async fn export(
    server: &TestServer,
    method: http::Method,
    bearer: Option<&str>,
    headers: &[(&str, &str)],
) -> Checked {
    let mut request = server.client.request(method, server.url("/v1/export"));
    if let Some(bearer) = bearer {
        request = request.bearer_auth(bearer);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    Checked::read(request.send().await.expect("request")).await
}

/// `W/"x"` → `"x"`: the same tag in its strong form.
fn strong_form(etag: &str) -> &str {
    etag.strip_prefix("W/").expect("the export's ETag is weak")
}

#[tokio::test]
async fn every_client_and_request_of_a_build_gets_the_same_weak_validator() {
    let server = start().await;
    let cache_control = format!("private, max-age={EXPORT_MAX_AGE_SECS}");
    let mut bodies = Vec::new();
    for client in ["lc_first", "lc_second", "lc_first"] {
        let response = export(&server, http::Method::GET, Some(&token_for(client)), &[]).await;
        let json = response.conforms("GET", "/v1/export", 200);
        headers_conform(&response, "GET", "/v1/export");
        assert_eq!(json["client"], client);
        assert_eq!(response.header("etag"), Some(EXPORT_ETAG));
        assert_eq!(response.header("cache-control"), Some(cache_control.as_str()));
        bodies.push(json);
    }
    assert!(EXPORT_ETAG.starts_with("W/\"export-"), "{EXPORT_ETAG}");
    assert_ne!(bodies[0]["client"], bodies[1]["client"], "the body differs, the validator not");
    assert_eq!(bodies[0]["resources"], bodies[1]["resources"]);
}

#[tokio::test]
async fn if_match_on_the_weak_validated_export_passes_only_star() {
    let server = start().await;
    let token = token_for("lc_if_match");
    let ok = export(&server, http::Method::GET, Some(&token), &[("if-match", "*")]).await;
    assert_eq!(ok.status, 200);
    let strong = strong_form(EXPORT_ETAG);
    for sent in [EXPORT_ETAG, strong, "\"stale\""] {
        let refused = export(&server, http::Method::GET, Some(&token), &[("if-match", sent)]).await;
        refused.error("GET", "/v1/export", 412, "precondition_failed");
    }
    // The token is checked first.
    let anonymous = export(&server, http::Method::GET, None, &[("if-match", "\"stale\"")]).await;
    assert_eq!(anonymous.status, 401);
}

#[tokio::test]
async fn a_matching_if_none_match_gets_304_without_a_body() {
    let server = start().await;
    let token = token_for("lc_cache");
    let strong = strong_form(EXPORT_ETAG);
    let two_tags = format!("\"stale\", {EXPORT_ETAG}");
    let tricky = format!("\"a,b\" ,W/\"c\",{strong}");
    let matching: [&[(&str, &str)]; 6] = [
        &[("if-none-match", EXPORT_ETAG)],
        // Weak comparison: the strong form of the same tag matches.
        &[("if-none-match", strong)],
        &[("if-none-match", "*")],
        &[("if-none-match", &two_tags)],
        // A tag may hold a comma; the list is read tag by tag.
        &[("if-none-match", &tricky)],
        // Several field lines are one list.
        &[("if-none-match", "\"stale\""), ("if-none-match", EXPORT_ETAG)],
    ];
    for headers in matching {
        let response = export(&server, http::Method::GET, Some(&token), headers).await;
        assert_eq!(response.status, 304, "{headers:?}");
        assert!(response.text.is_empty(), "{headers:?}: a 304 has no body");
        assert_eq!(response.header("etag"), Some(EXPORT_ETAG), "{headers:?}");
        assert!(response.header("content-type").is_none(), "{headers:?}");
        // A 304 names what the stored response varies by, as the 200 does.
        assert_eq!(response.header("vary"), Some("accept-encoding, authorization"));
        headers_conform(&response, "GET", "/v1/export");
    }
    let not_matching: [&[(&str, &str)]; 4] = [
        &[("if-none-match", "\"stale\"")],
        &[("if-none-match", "W/\"export-0\"")],
        // Unquoted: malformed, so it names nothing.
        &[("if-none-match", strong.trim_matches('"'))],
        &[("if-none-match", "")],
    ];
    for headers in not_matching {
        let response = export(&server, http::Method::GET, Some(&token), headers).await;
        response.conforms("GET", "/v1/export", 200);
        assert_eq!(response.header("etag"), Some(EXPORT_ETAG), "{headers:?}");
    }
}

#[tokio::test]
async fn the_token_is_checked_before_the_validator() {
    let server = start().await;
    for if_none_match in [EXPORT_ETAG, "*"] {
        let headers = [("if-none-match", if_none_match)];
        let anonymous = export(&server, http::Method::GET, None, &headers).await;
        anonymous.error("GET", "/v1/export", 401, "missing_token");
        assert!(anonymous.header("www-authenticate").is_some());
        assert!(anonymous.header("etag").is_none(), "a refusal names no content version");
        assert_eq!(anonymous.header("cache-control"), Some("no-store"));
        let forged = export(&server, http::Method::GET, Some("not.a.token"), &headers).await;
        forged.error("GET", "/v1/export", 401, "invalid_token");
        assert!(forged.header("etag").is_none());
    }
}

#[tokio::test]
async fn head_agrees_with_get() {
    let server = start().await;
    let token = token_for("lc_head");
    let get = export(&server, http::Method::GET, Some(&token), &[]).await;
    let head = export(&server, http::Method::HEAD, Some(&token), &[]).await;
    assert_eq!(head.status, 200);
    assert!(head.text.is_empty(), "HEAD has no body");
    for name in ["etag", "cache-control", "content-type", "vary"] {
        assert_eq!(head.header(name), get.header(name), "{name}");
    }
    // Same client, same clock format: the same length.
    assert_eq!(head.header("content-length"), Some(get.text.len().to_string().as_str()));
    let fresh =
        export(&server, http::Method::HEAD, Some(&token), &[("if-none-match", EXPORT_ETAG)]).await;
    assert_eq!(fresh.status, 304);
    assert_eq!(fresh.header("etag"), Some(EXPORT_ETAG));
    let anonymous =
        export(&server, http::Method::HEAD, None, &[("if-none-match", EXPORT_ETAG)]).await;
    assert_eq!(anonymous.status, 401);
}

#[tokio::test]
async fn the_export_comes_compressed_and_decodes_to_the_identity_bytes() {
    // A stopped clock: every request of the test exports at the same second.
    let server = start_with(Setup { manual_clock: true, ..Setup::default() }).await;
    let now_ms = server.clock.as_ref().expect("manual clock").now_ms();
    let token = token_at("lc_codings", now_ms / 1000);
    let identity = export(&server, http::Method::GET, Some(&token), &[]).await;
    identity.conforms("GET", "/v1/export", 200);
    assert!(identity.header("content-encoding").is_none());
    assert_eq!(identity.header("vary"), Some("accept-encoding, authorization"));
    let cases = [
        ("br", "br", EXPORT_ETAG_BR),
        ("gzip", "gzip", EXPORT_ETAG_GZIP),
        ("gzip, deflate, br, zstd", "br", EXPORT_ETAG_BR),
        ("br;q=0.5, gzip", "gzip", EXPORT_ETAG_GZIP),
        ("identity", "identity", EXPORT_ETAG),
    ];
    for (accept_encoding, coding, etag) in cases {
        let request = |method| {
            server
                .client
                .request(method, server.url("/v1/export"))
                .bearer_auth(&token)
                .header("accept-encoding", accept_encoding)
        };
        let response = request(http::Method::GET).send().await.expect("GET");
        let headers = response.headers().clone();
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        assert_eq!(header("etag"), Some(etag), "{accept_encoding}");
        assert_eq!(header("vary"), Some("accept-encoding, authorization"), "{accept_encoding}");
        assert_eq!(header("cache-control"), identity.header("cache-control"));
        let body = response.bytes().await.expect("body");
        // Sent in two parts (the static head, then this request's tail), but with its length
        // up front, not chunked.
        assert_eq!(header("content-length"), Some(body.len().to_string().as_str()));
        assert!(header("transfer-encoding").is_none(), "{accept_encoding}");
        if coding == "identity" {
            assert!(header("content-encoding").is_none());
            assert_eq!(&body[..], identity.text.as_bytes());
            continue;
        }
        assert_eq!(header("content-encoding"), Some(coding), "{accept_encoding}");
        assert_eq!(decode(coding, &body), identity.text.as_bytes(), "{accept_encoding}");
        assert!(body.len() * 3 < identity.text.len(), "{coding}: {} bytes", body.len());
        let head = request(http::Method::HEAD).send().await.expect("HEAD");
        assert_eq!(head.headers()["content-length"], body.len().to_string().as_str());
        assert_eq!(head.headers()["etag"], etag);
        // Each coding is its own representation: only its own validator gives 304.
        let fresh = request(http::Method::GET).header("if-none-match", etag).send().await;
        assert_eq!(fresh.expect("GET").status(), 304, "{accept_encoding}");
        let other = request(http::Method::GET).header("if-none-match", EXPORT_ETAG).send().await;
        assert_eq!(other.expect("GET").status(), 200, "{accept_encoding}");
    }
}

/// Open streams made the way the build makes them: compressed, flushed, finish cut off.
fn open_gzip(head: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = flate2::write::GzEncoder::new(&mut out, flate2::Compression::best());
    encoder.write_all(head).expect("write");
    encoder.flush().expect("flush");
    let flushed = encoder.get_ref().len();
    drop(encoder);
    out.truncate(flushed);
    out
}

fn open_brotli(head: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = brotli::CompressorWriter::new(&mut out, 4096, 9, 22);
    encoder.write_all(head).expect("write");
    encoder.flush().expect("flush");
    let flushed = encoder.get_ref().len();
    drop(encoder);
    out.truncate(flushed);
    out
}

#[test]
fn a_suffix_of_any_length_is_framed_into_a_valid_stream() {
    let head = b"{\"repeated\":\"".repeat(500);
    let mut crc = flate2::Crc::new();
    crc.update(&head);
    let (gzip_open, br_open) = (open_gzip(&head), open_brotli(&head));
    // Empty, short, and past one stored block (65 535 bytes) and one meta-block (65 536).
    for n_bytes in [0, 1, 300, 65_535, 65_536, 65_537, 140_000] {
        let suffix: Vec<u8> = (0..n_bytes).map(|i| b"0123456789abcdef,\""[i % 18]).collect();
        let whole = [&head[..], &suffix].concat();
        let gzip = append::gzip(&gzip_open, crc.sum(), head.len(), &suffix);
        assert_eq!(decode("gzip", &gzip), whole, "gzip, suffix of {n_bytes} bytes");
        let br = append::brotli(&br_open, &suffix);
        assert_eq!(decode("br", &br), whole, "brotli, suffix of {n_bytes} bytes");
    }
}

#[tokio::test]
async fn the_export_varies_by_the_token_since_it_names_the_client() {
    let server = start().await;
    let first = export(&server, http::Method::GET, Some(&token_for("lc_first")), &[]).await;
    let second = export(&server, http::Method::GET, Some(&token_for("lc_second")), &[]).await;
    let client = |response: &Checked| response.json()["client"].clone();
    assert_eq!(client(&first), "lc_first");
    assert_eq!(client(&second), "lc_second");
    // The same URL, two bodies: a cache must key the stored export by the token.
    for response in [&first, &second] {
        assert_eq!(response.header("vary"), Some("accept-encoding, authorization"));
        assert_eq!(response.header("cache-control"), Some("private, max-age=3600"));
    }
}
