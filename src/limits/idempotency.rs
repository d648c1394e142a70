//! The Idempotency-Key header: syntax check and the status value we answer with.
//!
//! Every POST of this API is a pure function of its request and nothing is stored, so a repeat
//! always gets a byte-identical answer whatever the key. The key is checked, echoed, and
//! answered with `Idempotency-Status: deterministic` to say exactly that.

/// The one value of `Idempotency-Status`.
pub const STATUS_DETERMINISTIC: &str = "deterministic";

/// Checks a key against `^[A-Za-z0-9._-]{1,255}$`. One pair of surrounding double quotes (the
/// IETF draft's structured-field string form) is accepted and removed.
pub fn parse_key(raw: &[u8]) -> Option<&str> {
    let key = raw.strip_prefix(b"\"").and_then(|k| k.strip_suffix(b"\"")).unwrap_or(raw);
    let valid = (1..=255).contains(&key.len())
        && key.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if valid { std::str::from_utf8(key).ok() } else { None }
}
