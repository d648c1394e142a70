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
/// is the slowest step of a content build. In a build script, variants are kept between runs
/// (see [`Cache`]), so a content edit compresses only the responses it changed.
pub fn encode_all(bodies: &[&str]) -> Vec<Variants> {
    let cache = Cache::in_out_dir();
    let n_threads = std::thread::available_parallelism().map_or(1, |n| n.get()).max(1);
    let chunk = bodies.len().div_ceil(n_threads).max(1);
    let cache_ref = cache.as_ref();
    let variants = std::thread::scope(|scope| {
        let handles: Vec<_> = bodies
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|b| match cache_ref {
                            Some(cache) => cache.encode(b.as_bytes()),
                            None => memo_encode(b.as_bytes()),
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    if let Some(cache) = cache {
        cache.forget_all_but(bodies);
    }
    variants
}

/// Bodies compressed earlier in this process, by [`cache_key`].
type Memo = std::sync::Mutex<std::collections::HashMap<[u8; 32], Variants>>;

/// `encode(body)` without `OUT_DIR`, that is in the compiler's own tests, which compile the
/// real tree more than once in one process: the variants are kept in memory, so a second
/// compile of the same content compresses nothing (in the test profile, where brotli's encoder
/// is unoptimised, a compile of the real tree takes about 27 s with an empty memo and 8 s
/// with a full one). A build script compiles once and gains nothing from it.
fn memo_encode(body: &[u8]) -> Variants {
    static MEMO: std::sync::OnceLock<Memo> = std::sync::OnceLock::new();
    if body.len() <= COMPRESS_MIN_BYTES {
        return Variants::default();
    }
    let memo = MEMO.get_or_init(Memo::default);
    let key = cache_key(body);
    let known = memo.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(&key).cloned();
    known.unwrap_or_else(|| {
        let variants = encode(body);
        memo.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(key, variants.clone());
        variants
    })
}

/// What a cache entry is named by: the SHA-256 of the settings and the body.
fn cache_key(body: &[u8]) -> [u8; 32] {
    use sha2::Digest as _;
    sha2::Sha256::new().chain_update(CACHE_SETTINGS.as_bytes()).chain_update(body).finalize().into()
}

/// Variants from earlier runs of the build script, one file per body in `$OUT_DIR/encoded-cache`,
/// named by [`cache_key`]. Compression is deterministic, so a hit is exactly what compressing
/// again would give. Without `OUT_DIR` (the compiler's own tests) the variants are kept in
/// memory instead, for the process ([`memo_encode`]).
pub struct Cache {
    dir: std::path::PathBuf,
}

/// What the cache key covers besides the body: a change of settings misses every entry.
const CACHE_SETTINGS: &str = "gzip-9 br-10-22 v1";

impl Cache {
    fn in_out_dir() -> Option<Cache> {
        let dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR")?).join("encoded-cache");
        std::fs::create_dir_all(&dir).ok()?;
        Some(Cache { dir })
    }

    fn path(&self, body: &[u8]) -> std::path::PathBuf {
        let name: String = cache_key(body).iter().map(|b| format!("{b:02x}")).collect();
        self.dir.join(name)
    }

    /// `encode(body)`, from the cache when it was compressed before.
    fn encode(&self, body: &[u8]) -> Variants {
        if body.len() <= COMPRESS_MIN_BYTES {
            return Variants::default();
        }
        let path = self.path(body);
        if let Some(variants) = std::fs::read(&path).ok().and_then(|bytes| Cache::decode(&bytes)) {
            return variants;
        }
        let variants = encode(body);
        // A cache that cannot be written only costs the next build its time.
        let _ = std::fs::write(&path, Cache::encode_entry(&variants));
        variants
    }

    /// An entry: for gzip then brotli, a flag byte (1 if kept), the length (u32 LE), the bytes.
    fn encode_entry(variants: &Variants) -> Vec<u8> {
        let mut out = Vec::new();
        for variant in [&variants.gzip, &variants.br] {
            let bytes = variant.as_deref().unwrap_or_default();
            out.push(u8::from(variant.is_some()));
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            out.extend_from_slice(bytes);
        }
        out
    }

    fn decode(mut bytes: &[u8]) -> Option<Variants> {
        let mut take = || -> Option<Option<Vec<u8>>> {
            let (&kept, rest) = bytes.split_first()?;
            let len = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
            let data = rest.get(4..4 + len)?.to_vec();
            bytes = &rest[4 + len..];
            Some((kept == 1).then_some(data))
        };
        let gzip = take()?;
        let br = take()?;
        Some(Variants { gzip, br })
    }

    /// Once the cache holds more than four builds' worth of entries, removes those no body of
    /// this build uses: an edit that is undone soon after still finds its old entries.
    fn forget_all_but(&self, bodies: &[&str]) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else { return };
        let entries: Vec<_> = entries.flatten().collect();
        if entries.len() <= 4 * bodies.len() {
            return;
        }
        let keep: std::collections::HashSet<std::path::PathBuf> =
            bodies.iter().map(|b| self.path(b.as_bytes())).collect();
        for entry in entries {
            if !keep.contains(&entry.path()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
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

/// A body compressed up to a flush point and left open, so the server can append a few bytes
/// per request without compressing anything (`wire::append`): used for the export, whose only
/// per-request bytes are its last two fields.
#[derive(Debug, Default, Clone)]
pub struct OpenStreams {
    /// A gzip member with its header and a sync-flushed, not final, deflate stream (byte
    /// aligned, ending in an empty stored block); no trailer.
    pub gzip: Vec<u8>,
    /// The CRC-32 of the body, for the gzip trailer the server writes.
    pub gzip_crc: u32,
    /// A brotli stream flushed to a byte boundary, without its last meta-block.
    pub br: Vec<u8>,
}

/// Compresses `body` at the same settings as the fixed responses and stops at a flush point.
/// Dropping an encoder finishes its stream (the final block, the trailer); those bytes are
/// cut off again, leaving exactly the flushed prefix.
pub fn open_streams(body: &[u8]) -> OpenStreams {
    let mut gzip = Vec::with_capacity(body.len() / 4);
    let mut gzip_len = 0;
    {
        let mut encoder = flate2::write::GzEncoder::new(&mut gzip, flate2::Compression::best());
        if encoder.write_all(body).is_ok() && encoder.flush().is_ok() {
            gzip_len = encoder.get_ref().len();
        }
    }
    gzip.truncate(gzip_len);
    let mut br = Vec::with_capacity(body.len() / 4);
    let mut br_len = 0;
    {
        let params = brotli::enc::BrotliEncoderParams {
            quality: BROTLI_QUALITY as i32,
            lgwin: BROTLI_WINDOW_BITS as i32,
            ..Default::default()
        };
        let mut encoder = brotli::CompressorWriter::with_params(&mut br, 4096, &params);
        if encoder.write_all(body).is_ok() && encoder.flush().is_ok() {
            br_len = encoder.get_ref().len();
        }
    }
    br.truncate(br_len);
    let mut crc = flate2::Crc::new();
    crc.update(body);
    OpenStreams { gzip, gzip_crc: crc.sum(), br }
}
