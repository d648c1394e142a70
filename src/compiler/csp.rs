//! The Content-Security-Policy of every HTML response, built once from the pages themselves.
//!
//! Pages are self-contained: their only script and style are inline blocks. The policy allows
//! exactly those blocks, by the SHA-256 of each (CSP Level 3 hash sources), so a script that is
//! not one of the build's own (an injection, or a block added to a template without rebuilding
//! the policy) does not run. The hashes are taken from every HTML the build emits (fixed pages,
//! the run-time page templates, the 404), so a new inline block is allowed by the next build
//! without anyone keeping a list. One policy for all pages, since the header value is prebuilt:
//! a page allowed a hash it does not use loses nothing.
//!
//! Everything else is named by origin, and only what the pages fetch: the favicon (`img-src`,
//! the site origin), the search box's and the assessment's API calls (`connect-src`, the API
//! origin of this flavour), and the forms' targets (`form-action`, the site origin). JSON-LD
//! blocks (`<script type="application/ld+json">`) are data, never executed, and CSP does not
//! apply to them, so they are not hashed.

use base64::Engine as _;
use sha2::{Digest, Sha256};

use super::config::Config;

/// The `script` or `style` blocks of `html`, in document order: the text between each opening
/// tag and its end tag. Scripts of a data type (JSON-LD) are left out.
fn inline_blocks<'a>(html: &'a str, element: &str) -> Vec<&'a str> {
    let open = format!("<{element}");
    let close = format!("</{element}>");
    let mut blocks = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        let after_name = &rest[at + open.len()..];
        // `<scripts` or `<style-x` is another element.
        if !after_name.starts_with(['>', ' ', '\n', '\t']) {
            rest = after_name;
            continue;
        }
        let Some(tag_end) = after_name.find('>') else { break };
        let attributes = &after_name[..tag_end];
        let body = &after_name[tag_end + 1..];
        let Some(body_end) = body.find(&close) else { break };
        if !attributes.contains("application/ld+json") {
            blocks.push(&body[..body_end]);
        }
        rest = &body[body_end + close.len()..];
    }
    blocks
}

/// `'sha256-<base64>'`, the hash source of an inline block's exact text.
pub fn hash_source(block: &str) -> String {
    let digest = Sha256::digest(block.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// The hash sources of every distinct inline block of `element` in `pages`, in the order they
/// are first met.
fn hashes<'a>(pages: impl Iterator<Item = &'a str> + Clone, element: &str) -> Vec<String> {
    let mut seen = Vec::new();
    for page in pages {
        for block in inline_blocks(page, element) {
            let source = hash_source(block);
            if !seen.contains(&source) {
                seen.push(source);
            }
        }
    }
    seen
}

/// The policy of every HTML response, allowing the inline blocks of `pages` (every HTML text
/// the build emits).
pub fn html_policy<'a>(config: &Config, pages: impl Iterator<Item = &'a str> + Clone) -> String {
    let list = |sources: Vec<String>| {
        if sources.is_empty() { "'none'".to_string() } else { sources.join(" ") }
    };
    let scripts = list(hashes(pages.clone(), "script"));
    let styles = list(hashes(pages, "style"));
    let site = &config.site_url;
    let api = &config.api_base;
    format!(
        "default-src 'none'; script-src {scripts}; style-src {styles}; img-src {site}; \
connect-src {api}; form-action {site}; base-uri 'none'; frame-ancestors 'none'"
    )
}

#[cfg(test)]
mod tests {
    use crate::compiler::csp::{hash_source, inline_blocks};

    #[test]
    fn blocks_are_found_and_json_ld_is_left_out() {
        let html = "<head><script type=\"application/ld+json\">{}</script><style>a{b:c}</style>\
<scripts>no</scripts></head><body><script>\nrun();</script><script>x</script></body>";
        assert_eq!(inline_blocks(html, "script"), ["\nrun();", "x"]);
        assert_eq!(inline_blocks(html, "style"), ["a{b:c}"]);
    }

    /// The example of CSP Level 3, section 8.3 (`alert('Hello, world.');`).
    #[test]
    fn the_hash_source_is_the_base64_sha256_of_the_text() {
        assert_eq!(
            hash_source("alert('Hello, world.');"),
            "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"
        );
    }
}
