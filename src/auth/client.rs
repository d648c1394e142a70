//! Stateless client registration: a random client id, and a secret derived from it with the
//! key, so the token endpoint can check a secret without any stored record.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::Mac;

use super::{KeySet, Keys};

/// Prefix of every client id, so ids are recognisable in logs.
pub const CLIENT_ID_PREFIX: &str = "lc_";

fn secret_mac(keys: &KeySet, client_id: &str) -> hmac::Hmac<sha2::Sha256> {
    let mut mac = keys.client_secret_mac();
    mac.update(client_id.as_bytes());
    mac
}

/// A new client id: the prefix and 128 random bits, in the URL-unreserved alphabet so the
/// RFC 6749 form-encoding of Basic credentials never changes it.
pub fn new_client_id() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|err| format!("no randomness for a client id: {err}"))?;
    Ok(format!("{CLIENT_ID_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes)))
}

/// The secret of `client_id` under the current key.
pub fn secret_for(keys: &Keys, client_id: &str) -> String {
    URL_SAFE_NO_PAD.encode(secret_mac(&keys.current, client_id).finalize().into_bytes())
}

/// Whether `secret` belongs to `client_id` under the current or previous key. Constant-time.
pub fn verify(keys: &Keys, client_id: &str, secret: &str) -> bool {
    if !client_id.starts_with(CLIENT_ID_PREFIX) || client_id.len() > 64 || secret.len() > 64 {
        return false;
    }
    let Ok(tag) = URL_SAFE_NO_PAD.decode(secret) else { return false };
    keys.all().any(|set| secret_mac(set, client_id).verify_slice(&tag).is_ok())
}
