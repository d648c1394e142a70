//! What compressing a dynamic response would cost (issue 13): gzip (flate2, levels 1 and 6)
//! and brotli (qualities 1, 4 and 6) on the two large dynamic bodies, the export (about
//! 114 KB) and a 50-result search page, each timed per request. Prints each body's size in
//! every setting once, so the bytes saved sit beside the CPU time they cost.
//!
//! The decision this measures is in the README ("Compression"): the export
//! is compressed at build time and only its dynamic suffix is framed per request; search pages
//! go out as they are.

use std::io::Write as _;

use consultancy_api::api::resources;
use consultancy_api::auth::token::Claims;
use consultancy_api::ops::export::export_json;
use criterion::{Criterion, black_box, criterion_group, criterion_main};

const NOW_MS: u64 = 1_800_000_000_000;

fn export_body() -> Vec<u8> {
    let claims = Claims {
        iss: String::new(),
        sub: "lc_bench".into(),
        aud: String::new(),
        client_id: "lc_bench".into(),
        scope: "export".into(),
        iat: 0,
        exp: 0,
        jti: String::new(),
    };
    export_json(&claims, NOW_MS)
}

fn search_page() -> Vec<u8> {
    let reply = resources::get(Some("q=data&limit=50")).expect("a valid query");
    reply.body.bytes().expect("a complete body").to_vec()
}

fn gzip(body: &[u8], level: u32) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::new(level),
    );
    encoder.write_all(body).expect("writing to a Vec");
    encoder.finish().expect("writing to a Vec")
}

fn brotli(body: &[u8], quality: i32) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() / 4);
    let params = brotli::enc::BrotliEncoderParams { quality, lgwin: 22, ..Default::default() };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).expect("writing to a Vec");
    out
}

type Codec = (&'static str, fn(&[u8]) -> Vec<u8>);

const CODECS: [Codec; 5] = [
    ("gzip_1", |b| gzip(b, 1)),
    ("gzip_6", |b| gzip(b, 6)),
    ("br_1", |b| brotli(b, 1)),
    ("br_4", |b| brotli(b, 4)),
    ("br_6", |b| brotli(b, 6)),
];

fn compress(c: &mut Criterion) {
    let bodies = [("export", export_body()), ("search_50_results", search_page())];
    let mut group = c.benchmark_group("compress");
    for (name, body) in &bodies {
        assert!(body.len() > 10_000, "{name} is a large body");
        let sizes: Vec<String> =
            CODECS.iter().map(|(codec, run)| format!("{codec} {}", run(body).len())).collect();
        eprintln!("{name}: identity {} bytes; {}", body.len(), sizes.join(", "));
        for (codec, run) in CODECS {
            group.bench_function(format!("{name}/{codec}"), |b| {
                b.iter(|| {
                    let compressed = run(black_box(body));
                    assert!(compressed.len() < body.len());
                    compressed
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, compress);
criterion_main!(benches);
