//! Precompressed bodies: every fixed response larger than `model::COMPRESS_MIN_BYTES` is
//! compressed once, here, with brotli (quality 10) and gzip (level 9), and the server picks a
//! variant by `Accept-Encoding`. A variant is kept only when it is smaller than the identity
//! body. The bytes leave the compiler as files next to `tables.rs`, which the generated code
//! includes with `include_bytes!`, so the generated source stays text.

use std::io::Write as _;

use super::model::COMPRESS_MIN_BYTES;

/// The compressed variants of one fixed response.
#[derive(Debug, Default, Clone)]
pub struct Variants {
    pub gzip: Option<Vec<u8>>,
    pub br: Option<Vec<u8>>,
}

/// Brotli quality. Measured over this library's fixed responses (2-core machine, CPU time of
/// the whole build script): quality 5 gives 2.21 MB in 2.7 s, 9 gives 2.18 MB in 3.7 s, 10 gives
/// 1.99 MB in 9.2 s and 11 gives 1.93 MB in 15.1 s (gzip level 9: 2.38 MB). 10 keeps most of
/// 11's gain at less than two thirds of its time, which every build pays.
const BROTLI_QUALITY: u32 = 10;
/// Brotli window: 4 MiB, more than any fixed body.
const BROTLI_WINDOW_BITS: u32 = 22;

/// The variants of every body, in order. The work is split over the machine's cores: brotli
/// is the slowest step of a content build.
pub fn encode_all(bodies: &[&str]) -> Vec<Variants> {
    let n_threads = std::thread::available_parallelism().map_or(1, |n| n.get()).max(1);
    let chunk = bodies.len().div_ceil(n_threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = bodies
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || part.iter().map(|b| encode(b.as_bytes())).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    })
}

/// The variants of one body: none when it is small, each only when it saves bytes.
pub fn encode(body: &[u8]) -> Variants {
    if body.len() <= COMPRESS_MIN_BYTES {
        return Variants::default();
    }
    let smaller = |bytes: Vec<u8>| (bytes.len() < body.len()).then_some(bytes);
    Variants { gzip: gzip(body).and_then(smaller), br: brotli(body).and_then(smaller) }
}

fn gzip(body: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(body).ok()?;
    encoder.finish().ok()
}

fn brotli(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len() / 4);
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY as i32,
        lgwin: BROTLI_WINDOW_BITS as i32,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).ok()?;
    Some(out)
}
