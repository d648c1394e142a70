//! The site's social card, `content/social-card.png`: the picture a chat or social app shows
//! beside a link to any page (`og:image`). Drawn as `content/social-card.html` and rendered once
//! with headless Chromium (the steps are in that file); the build checks the PNG and serves it
//! at `/social-card.png` (`model::SOCIAL_CARD_PATH`).

use std::path::Path;

use sha2::{Digest, Sha256};

use super::diagnostic::{Diagnostic, Diagnostics};

/// The card's file name under `content/`.
pub const FILE: &str = "social-card.png";
/// The size Open Graph consumers crop and scale for a large card (1.91:1).
pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// The most bytes the card may have: crawlers of chat apps give up on large images, and every
/// share of a link fetches it. The card is about 50 KB.
pub const MAX_BYTES: usize = 100 * 1024;

/// What to do when the card is missing or wrong.
const HINT: &str = "render content/social-card.html to a 1200x630 PNG with headless Chromium (the command is in that file)";

/// The checked card.
#[derive(Debug, Clone)]
pub struct SocialCard {
    pub png: Vec<u8>,
    /// A strong validator from its bytes, as a fixed response's.
    pub etag: String,
}

impl SocialCard {
    /// Eight hex digits of the validator, the `?v=` of the card's URL in a page's head, so a
    /// new card is a new URL to the crawlers that cache images by URL.
    pub fn version(&self) -> &str {
        self.etag.get(1..9).unwrap_or("")
    }
}

/// Reads and checks `root/social-card.png`: a PNG (its signature and a first `IHDR` chunk) of
/// exactly [`WIDTH`] x [`HEIGHT`] pixels and at most [`MAX_BYTES`]. A problem is a diagnostic
/// naming the file.
pub fn load(root: &Path, diagnostics: &mut Diagnostics) -> Option<SocialCard> {
    let path = root.join(FILE);
    let fail = |message: String| Diagnostic::new(&path, message).hint(HINT);
    let png = match std::fs::read(&path) {
        Ok(png) => png,
        Err(err) => {
            diagnostics.push(fail(format!("cannot read the social card (og:image): {err}")));
            return None;
        }
    };
    let problem = match dimensions(&png) {
        None => Some("is not a PNG (no PNG signature and IHDR chunk)".to_string()),
        Some((WIDTH, HEIGHT)) if png.len() > MAX_BYTES => {
            Some(format!("is {} bytes, over the {MAX_BYTES} a social card may have", png.len()))
        }
        Some((WIDTH, HEIGHT)) => None,
        Some((width, height)) => {
            Some(format!("is {width}x{height} pixels; the social card must be {WIDTH}x{HEIGHT}"))
        }
    };
    if let Some(problem) = problem {
        diagnostics.push(fail(problem));
        return None;
    }
    // A fixed response's validator (`emit::etag_bytes`, which imports this module): twelve
    // bytes of the SHA-256, in hex, quoted.
    let digest = Sha256::digest(&png);
    let hex: String = digest[..12].iter().map(|byte| format!("{byte:02x}")).collect();
    Some(SocialCard { png, etag: format!("\"{hex}\"") })
}

/// Width and height from a PNG's header: the 8-byte signature, then the `IHDR` chunk (length
/// 13) whose data starts with both as big-endian 32-bit numbers.
pub fn dimensions(png: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR";
    let rest = png.strip_prefix(SIGNATURE)?;
    let number = |at: usize| rest.get(at..at + 4)?.try_into().ok().map(u32::from_be_bytes);
    Some((number(0)?, number(4)?))
}
