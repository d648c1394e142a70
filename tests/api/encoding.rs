//! Precompressed responses (issue 13): every fixed response over 1 KiB has brotli and gzip
//! variants built at compile time, chosen by `Accept-Encoding` with its q-values, each with its
//! own ETag, `Vary: Accept-Encoding`, and HEAD and 304 consistent with the chosen variant.

use std::io::Read as _;

use consultancy_api::http::negotiate::coding;
use consultancy_api::model::{COMPRESS_MIN_BYTES, FixedResponse};
use consultancy_api::tables::FIXED;
use consultancy_api::wire::reply::Coding;
use http::HeaderMap;

use crate::support::start;

pub fn decode(coding: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match coding {
        "br" => {
            brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).expect("valid brotli");
        }
        "gzip" => {
            flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("valid gzip");
        }
        other => panic!("unexpected coding {other}"),
    }
    out
}

#[tokio::test]
async fn every_large_fixed_response_comes_compressed_and_decodes_to_the_same_bytes() {
    let server = start().await;
    let (mut n_variants, mut identity_bytes, mut br_bytes, mut gzip_bytes) = (0, 0, 0, 0);
    for (path, fixed) in FIXED.entries() {
        if fixed.body.len() > COMPRESS_MIN_BYTES {
            assert!(fixed.br.is_some() && fixed.gzip.is_some(), "{path}: no variant");
        } else {
            assert!(fixed.br.is_none() && fixed.gzip.is_none(), "{path}: small bodies stay plain");
            continue;
        }
        identity_bytes += fixed.body.len();
        for (token, encoded) in [("br", &fixed.br), ("gzip", &fixed.gzip)] {
            let encoded = encoded.as_ref().expect("checked above");
            let response = server
                .client
                .get(server.url(path))
                .header("accept-encoding", token)
                .send()
                .await
                .expect("GET");
            let headers = response.headers().clone();
            let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
            assert_eq!(header("content-encoding"), Some(token), "{path}");
            assert!(header("vary").is_some_and(|v| v.contains("accept-encoding")), "{path}");
            assert_eq!(header("etag"), Some(encoded.etag), "{path}: the variant's own validator");
            assert_ne!(encoded.etag, fixed.etag, "{path}: each coding is its own representation");
            let body = response.bytes().await.expect("body");
            assert_eq!(&body[..], encoded.body, "{path} {token}");
            assert_eq!(decode(token, &body), fixed.body.as_bytes(), "{path} {token} round trip");
            if token == "br" { br_bytes += body.len() } else { gzip_bytes += body.len() }
        }
        n_variants += 1;
    }
    assert!(n_variants > 300, "pages, twins and large JSON are compressed ({n_variants})");
    assert!(
        br_bytes * 3 < identity_bytes,
        "brotli saves more than two thirds: {br_bytes} of {identity_bytes}"
    );
    assert!(br_bytes < gzip_bytes, "brotli beats gzip overall");
}

#[tokio::test]
async fn validators_and_head_follow_the_chosen_coding() {
    let server = start().await;
    let path = "/openapi.json";
    let fixed = FIXED.get(path).expect("fixed");
    let br = fixed.br.as_ref().expect("the OpenAPI document is compressed");
    let request = |method: http::Method, headers: &[(&'static str, &'static str)]| {
        let mut builder = server.client.request(method, server.url(path));
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        builder.send()
    };
    let fresh =
        request(http::Method::GET, &[("accept-encoding", "br"), ("if-none-match", br.etag)])
            .await
            .expect("GET");
    assert_eq!(fresh.status(), 304);
    assert_eq!(fresh.headers()["etag"], br.etag);
    assert_eq!(fresh.headers()["vary"], "accept-encoding");
    // The identity validator does not match the brotli representation, and the reverse.
    let stale =
        request(http::Method::GET, &[("accept-encoding", "br"), ("if-none-match", fixed.etag)])
            .await
            .expect("GET");
    assert_eq!(stale.status(), 200);
    let plain = request(http::Method::GET, &[("if-none-match", br.etag)]).await.expect("GET");
    assert_eq!(plain.status(), 200, "no Accept-Encoding: identity, whose ETag differs");
    assert!(plain.headers().get("content-encoding").is_none());
    let head = request(http::Method::HEAD, &[("accept-encoding", "br")]).await.expect("HEAD");
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-encoding"], "br");
    assert_eq!(head.headers()["etag"], br.etag);
    assert_eq!(head.headers()["content-length"], br.body.len().to_string().as_str());
    assert!(head.bytes().await.expect("body").is_empty(), "HEAD has no body");
}

#[test]
fn accept_encoding_is_read_with_its_q_values() {
    let fixed: &FixedResponse = FIXED.get("/openapi.json").expect("fixed");
    let small: &FixedResponse = FIXED.get("/v1/contact").expect("fixed");
    assert!(small.br.is_none(), "the contact record is under the threshold");
    let cases: &[(Option<&str>, Coding)] = &[
        (None, Coding::Identity),
        (Some(""), Coding::Identity),
        (Some("br"), Coding::Br),
        (Some("gzip"), Coding::Gzip),
        (Some("x-gzip"), Coding::Gzip),
        (Some("gzip, deflate, br, zstd"), Coding::Br),
        (Some("GZIP;Q=1, BR;q=0.5"), Coding::Gzip),
        (Some("br;q=0, gzip"), Coding::Gzip),
        (Some("br;q=0, gzip;q=0"), Coding::Identity),
        (Some("*"), Coding::Br),
        (Some("*;q=0.5, br;q=0.2"), Coding::Gzip),
        (Some("identity;q=0, gzip;q=0.1"), Coding::Gzip),
        (Some("identity, br;q=0.9"), Coding::Identity),
        (Some("identity;q=0.9, br"), Coding::Br),
        (Some("*;q=0"), Coding::Identity),
        (Some("deflate"), Coding::Identity),
        (Some("br;q=abc, gzip;q=0.4"), Coding::Gzip),
        (Some("br;q=1.5"), Coding::Identity),
    ];
    for (accept_encoding, expected) in cases {
        let mut headers = HeaderMap::new();
        if let Some(value) = accept_encoding {
            headers.insert("accept-encoding", value.parse().expect("header value"));
        }
        assert_eq!(coding(&headers, fixed), *expected, "{accept_encoding:?}");
        assert_eq!(coding(&headers, small), Coding::Identity, "small: {accept_encoding:?}");
    }
}

// Issue 13: the header values built with the binary are the very text of the fields beside
// them, for every fixed response and every encoded variant.
#[test]
fn prebuilt_header_values_match_their_fields() {
    for (path, fixed) in FIXED.entries() {
        let variants = [Some((fixed.etag, fixed.values))]
            .into_iter()
            .chain([&fixed.gzip, &fixed.br].map(|e| e.as_ref().map(|e| (e.etag, e.values))));
        for (etag, values) in variants.flatten() {
            assert_eq!(values.content_type, fixed.content_type, "{path}");
            assert_eq!(values.cache_control, fixed.cache_control, "{path}");
            assert_eq!(values.etag, etag, "{path}");
        }
    }
}
