//! The opaque paging cursor: an offset bound to the query it was issued for.
//!
//! Layout before base64url (no padding): version (1 byte), offset (u16, big-endian), then the
//! first 10 bytes of HMAC-SHA256 over version, offset, limit, category and q, keyed with
//! `tables::CURSOR_KEY`. Stateless: any process of the same build accepts it; another
//! query, a tampered byte or another content build fails the MAC check.

use std::sync::LazyLock;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::tables::CURSOR_KEY;

const VERSION: u8 = 1;
const MAC_LEN: usize = 10;
const CURSOR_LEN: usize = 3 + MAC_LEN;

/// What a cursor is bound to.
#[derive(Debug, Clone, Copy)]
pub struct Binding<'a> {
    pub q: &'a str,
    /// The guide category, or [`REFERENCE`] for the API documentation's search.
    pub category: Option<u8>,
    pub limit: usize,
}

/// The category byte of a cursor over the API documentation (`search_api_docs`) rather than
/// the guides: no guide category has it, so a cursor of one search never pages the other.
pub const REFERENCE: u8 = u8::MAX - 1;

/// The MAC keyed with `CURSOR_KEY`, prepared once: each cursor starts from a copy of it, so
/// signing or checking one hashes two SHA-256 blocks instead of four.
static KEYED: LazyLock<Hmac<Sha256>> = LazyLock::new(|| {
    // A 32-byte key is always a valid HMAC key.
    <Hmac<Sha256> as Mac>::new_from_slice(&CURSOR_KEY).unwrap_or_else(|_| unreachable!())
});

fn mac(offset: u16, binding: &Binding<'_>) -> Hmac<Sha256> {
    let mut mac = KEYED.clone();
    mac.update(&[VERSION]);
    mac.update(&offset.to_be_bytes());
    mac.update(&(binding.limit as u64).to_be_bytes());
    mac.update(&[binding.category.unwrap_or(u8::MAX)]);
    mac.update(binding.q.as_bytes());
    mac
}

/// The cursor for the page starting at `offset`.
pub fn encode(offset: usize, binding: &Binding<'_>) -> String {
    let offset = u16::try_from(offset).unwrap_or(u16::MAX);
    let mut bytes = [0u8; CURSOR_LEN];
    bytes[0] = VERSION;
    bytes[1..3].copy_from_slice(&offset.to_be_bytes());
    bytes[3..].copy_from_slice(&mac(offset, binding).finalize().into_bytes()[..MAC_LEN]);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The offset a cursor stands for, if it was issued for exactly this binding.
pub fn decode(cursor: &str, binding: &Binding<'_>) -> Result<usize, &'static str> {
    if cursor.len() > 64 {
        return Err("cursor is malformed");
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| "cursor is malformed")?;
    if bytes.len() != CURSOR_LEN || bytes[0] != VERSION {
        return Err("cursor is malformed");
    }
    let offset = u16::from_be_bytes([bytes[1], bytes[2]]);
    mac(offset, binding)
        .verify_truncated_left(&bytes[3..])
        .map_err(|_| "cursor does not belong to this query")?;
    Ok(usize::from(offset))
}
