//! Conditional GET (RFC 9110 section 13.1.2): does `If-None-Match` name the representation the
//! server would send? Always the weak comparison, as the field requires: `W/"x"` and `"x"`
//! match each other.
//!
//! The field is `*` or a list of entity tags; several field lines are one list. An entity tag
//! may contain a comma, so the list is read tag by tag rather than split on commas. The first
//! malformed element ends the reading: nothing after it can match, and a request with a broken
//! validator simply gets the full response.

use http::HeaderMap;
use http::header::IF_NONE_MATCH;

/// Whether the request's `If-None-Match` matches `etag` (quoted, with or without `W/`).
pub fn none_match(headers: &HeaderMap, etag: &str) -> bool {
    let opaque = opaque_tag(etag);
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|value| list_matches(value, opaque))
}

/// Whether the request's `If-None-Match` is `*`, which matches any current representation
/// (RFC 9110, section 13.1.2): for a response that carries no validator, the only value that
/// can match it.
pub fn none_match_any(headers: &HeaderMap) -> bool {
    // An entity tag's opaque part never holds `"`, so no tag matches this one: only `*` does.
    none_match(headers, "\"")
}

/// Whether one field line (`*`, or entity tags separated by commas) matches the opaque tag.
pub fn list_matches(value: &str, opaque: &str) -> bool {
    let mut rest = value;
    loop {
        rest = rest.trim_start_matches([' ', '\t', ',']);
        if rest.is_empty() {
            return false;
        }
        if let Some(after) = rest.strip_prefix('*') {
            // `*` matches any current representation; it is meant to stand alone.
            if after.trim_start_matches([' ', '\t']).is_empty() || after.starts_with([',', ' ']) {
                return true;
            }
            return false;
        }
        let Some(quoted) = rest.strip_prefix("W/").unwrap_or(rest).strip_prefix('"') else {
            return false;
        };
        let Some(end) = quoted.find('"') else { return false };
        if &quoted[..end] == opaque {
            return true;
        }
        rest = &quoted[end + 1..];
    }
}

/// `"x"` of `W/"x"` or `"x"`, without its quotes.
fn opaque_tag(etag: &str) -> &str {
    let strong = etag.strip_prefix("W/").unwrap_or(etag);
    strong.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(strong)
}
