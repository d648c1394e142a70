//! Finishing a precompressed stream with a few bytes of this request, without compressing
//! anything at run time.
//!
//! The build compresses a body's constant part once and stops at a flush point, where the
//! compressed data ends on a byte boundary and the stream is still open (`compiler::encode::
//! open_streams`). Appending stored (uncompressed) blocks there is valid in both formats, and
//! every decoder reads it as one stream:
//!
//! - gzip (RFC 1951 section 3.2.4, RFC 1952 section 2.3): stored blocks, the last with BFINAL
//!   set, then the CRC-32 of the whole body (continued from the constant part's) and its
//!   length modulo 2^32.
//! - brotli (RFC 7932 section 9.2): uncompressed meta-blocks, then an empty last meta-block.
//!   Their bytes are copied to the output as they are, so the decoder's literal context and
//!   distance state, which the compressed part set up, are never consulted.
//!
//! The cost per request is a checksum over the suffix and a few bytes of framing: the
//! compressed part is sent from where it lies, as the first part of the body
//! (`gzip_tail` and `brotli_tail`); `gzip` and `brotli` give the whole stream, for tests.

/// Largest payload of one deflate stored block (`LEN` is 16 bits).
const STORED_BLOCK_MAX: usize = 0xffff;
/// Largest payload of one brotli meta-block with four length nibbles (`MLEN - 1` in 16 bits).
const META_BLOCK_MAX: usize = 0x1_0000;

/// A gzip member: `open` (header and deflate data flushed to a byte boundary, nothing final)
/// followed by `suffix` in stored blocks and the trailer. `head_crc` and `head_len` are the
/// CRC-32 and length of the bytes `open` encodes.
pub fn gzip(open: &[u8], head_crc: u32, head_len: usize, suffix: &[u8]) -> Vec<u8> {
    let mut out = open.to_vec();
    out.extend_from_slice(&gzip_tail(head_crc, head_len, suffix));
    out
}

/// What [`gzip`] writes after `open`, for sending `open` from where it lies.
pub fn gzip_tail(head_crc: u32, head_len: usize, suffix: &[u8]) -> Vec<u8> {
    let n_blocks = suffix.len().div_ceil(STORED_BLOCK_MAX).max(1);
    let mut out = Vec::with_capacity(suffix.len() + 5 * n_blocks + 8);
    let mut chunks = suffix.chunks(STORED_BLOCK_MAX).peekable();
    if chunks.peek().is_none() {
        // An empty suffix still needs the final block.
        out.extend_from_slice(&[0x01, 0x00, 0x00, 0xff, 0xff]);
    }
    while let Some(chunk) = chunks.next() {
        // BFINAL in bit 0, BTYPE 00 (stored) in bits 1-2, then padding to the byte boundary.
        let is_final = chunks.peek().is_none();
        let len = chunk.len() as u16;
        out.push(u8::from(is_final));
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    let mut crc = crc32fast::Hasher::new_with_initial_len(head_crc, head_len as u64);
    crc.update(suffix);
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    // ISIZE is the input size modulo 2^32: the truncation is the format's.
    out.extend_from_slice(&((head_len + suffix.len()) as u32).to_le_bytes());
    out
}

/// A brotli stream: `open` (flushed to a byte boundary, no last meta-block) followed by
/// `suffix` in uncompressed meta-blocks and an empty last meta-block.
pub fn brotli(open: &[u8], suffix: &[u8]) -> Vec<u8> {
    let mut out = open.to_vec();
    out.extend_from_slice(&brotli_tail(suffix));
    out
}

/// What [`brotli`] writes after `open`, for sending `open` from where it lies.
pub fn brotli_tail(suffix: &[u8]) -> Vec<u8> {
    let n_blocks = suffix.len().div_ceil(META_BLOCK_MAX);
    let mut out = Vec::with_capacity(suffix.len() + 3 * n_blocks + 1);
    for chunk in suffix.chunks(META_BLOCK_MAX) {
        // ISLAST = 0 (bit 0), MNIBBLES = 4 (bits 1-2 are 0), MLEN - 1 (bits 3-18),
        // ISUNCOMPRESSED = 1 (bit 19), then zero bits to the byte boundary: three bytes.
        let header = (((chunk.len() - 1) as u32) << 3) | (1 << 19);
        out.extend_from_slice(&header.to_le_bytes()[..3]);
        out.extend_from_slice(chunk);
    }
    // ISLAST = 1, ISLASTEMPTY = 1.
    out.push(0x03);
    out
}
