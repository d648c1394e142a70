//! Stateless OAuth 2.0: client secrets and access tokens are derived from a signing key, so
//! nothing is stored and any process holding the same key agrees.
//!
//! The configured key (`TOKEN_KEY`) is never used directly: each purpose and flavour gets its
//! own subkey, HMAC(key, label). That is what makes sandbox and production tokens and secrets
//! useless on each other even under the same key.

pub mod client;
pub mod token;

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// An `Authorization` value's scheme and credentials (RFC 9110, section 11.4): the scheme ends
/// at the first space or tab, and the credentials are what follows with the white space
/// around them trimmed. The grammar writes one or more spaces there; a tab, or spaces and tabs,
/// are read as that too, as white space around the credentials always was (`Bearer<TAB>token`
/// was read as a scheme `Bearer<TAB>token` and no credentials, so a client that had sent its
/// token was told it had sent none). `None` for a scheme with no credentials after it.
pub fn scheme_and_credentials(value: &[u8]) -> Option<(&[u8], &[u8])> {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let value = value.trim_ascii_start();
    let end = value.iter().position(blank)?;
    let (scheme, rest) = value.split_at(end);
    let credentials = rest.trim_ascii();
    (!credentials.is_empty()).then_some((scheme, credentials))
}

/// Shortest accepted `TOKEN_KEY`, in bytes.
pub const MIN_KEY_BYTES: usize = 32;

const FLAVOUR: &str = if cfg!(feature = "sandbox") { "sandbox" } else { "production" };

/// The subkeys of one configured key, and an HMAC keyed with each, prepared once: a MAC per
/// request then starts from a copy of the keyed state instead of hashing the key's two pad
/// blocks again (half the SHA-256 blocks of a token check).
#[derive(Clone)]
pub struct KeySet {
    pub token: [u8; 32],
    pub client_secret: [u8; 32],
    token_mac: Hmac<Sha256>,
    client_secret_mac: Hmac<Sha256>,
}

impl std::fmt::Debug for KeySet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeySet(..)")
    }
}

impl KeySet {
    /// The subkeys of `key` for this build's flavour.
    pub fn derive(key: &[u8]) -> KeySet {
        KeySet::derive_for(key, FLAVOUR)
    }

    /// The subkeys of `key` for a named flavour (`production` or `sandbox`); tests use it to
    /// forge the other flavour's tokens.
    pub fn derive_for(key: &[u8], flavour: &str) -> KeySet {
        let token = subkey(key, flavour, "access-token");
        let client_secret = subkey(key, flavour, "client-secret");
        KeySet {
            token,
            client_secret,
            token_mac: hmac_sha256(&token),
            client_secret_mac: hmac_sha256(&client_secret),
        }
    }

    /// A MAC keyed with the token subkey, ready for the signing input.
    pub fn token_mac(&self) -> Hmac<Sha256> {
        self.token_mac.clone()
    }

    /// A MAC keyed with the client-secret subkey, ready for the client id.
    pub fn client_secret_mac(&self) -> Hmac<Sha256> {
        self.client_secret_mac.clone()
    }
}

fn subkey(key: &[u8], flavour: &str, purpose: &str) -> [u8; 32] {
    let mut mac = hmac_sha256(key);
    mac.update(format!("consultancy-api/{flavour}/{purpose}/v1").as_bytes());
    mac.finalize().into_bytes().into()
}

/// An HMAC-SHA256 instance. HMAC takes keys of any length, so this cannot fail.
pub fn hmac_sha256(key: &[u8]) -> Hmac<Sha256> {
    <Hmac<Sha256> as Mac>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"))
}

/// The current key and, during a rotation, the previous one (accepted for verification only).
#[derive(Debug, Clone)]
pub struct Keys {
    pub current: KeySet,
    pub previous: Option<KeySet>,
}

impl Keys {
    /// Keys from hex strings, as `TOKEN_KEY` and `TOKEN_KEY_PREVIOUS` give them.
    pub fn from_hex(current: &str, previous: Option<&str>) -> Result<Keys, String> {
        let current = parse_hex_key("TOKEN_KEY", current)?;
        let previous = previous.map(|p| parse_hex_key("TOKEN_KEY_PREVIOUS", p)).transpose()?;
        Ok(Keys {
            current: KeySet::derive(&current),
            previous: previous.map(|p| KeySet::derive(&p)),
        })
    }

    /// A fresh random key: tokens then die with the process.
    pub fn random() -> Result<Keys, String> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key)
            .map_err(|err| format!("cannot get random bytes for a signing key: {err}"))?;
        Ok(Keys { current: KeySet::derive(&key), previous: None })
    }

    /// Current first, then previous.
    pub fn all(&self) -> impl Iterator<Item = &KeySet> {
        std::iter::once(&self.current).chain(self.previous.as_ref())
    }
}

/// Decodes a hex key of at least `MIN_KEY_BYTES` bytes.
pub fn parse_hex_key(name: &str, hex: &str) -> Result<Vec<u8>, String> {
    let hex = hex.trim();
    if !hex.len().is_multiple_of(2) || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!(
            "{name} must be hexadecimal (an even number of 0-9 and a-f, either case)"
        ));
    }
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .filter_map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect();
    if bytes.len() < MIN_KEY_BYTES {
        return Err(format!(
            "{name} has {} bytes; it needs at least {MIN_KEY_BYTES} (64 hex digits)",
            bytes.len()
        ));
    }
    Ok(bytes)
}
