//! Conditional GET (RFC 9110 section 13.1.2): does `If-None-Match` name the representation the
//! server would send? Always the weak comparison, as the field requires: `W/"x"` and `"x"`
//! match each other. And `If-Match` (section 13.1.1), evaluated first (section 13.2.2): does
//! it name the current representation, with the strong comparison?
//!
//! The field is `*` or a list of entity tags; several field lines are one list. An entity tag
//! may contain a comma, so the list is read tag by tag rather than split on commas. The first
//! malformed element ends the reading: nothing after it can match, and a request with a broken
//! validator simply gets the full response.

use http::HeaderMap;
use http::header::{IF_MATCH, IF_NONE_MATCH};

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

/// Whether the request's `If-Match` fails for a current representation whose validator is
/// `etag` (`None`: it has none): the field is present and neither `*` nor a list holding
/// `etag` by the strong comparison, under which a weak tag (ours or the request's) never
/// matches. Absent, it does not fail. One header lookup when absent.
pub fn match_fails(headers: &HeaderMap, etag: Option<&str>) -> bool {
    let Some(first) = headers.get(IF_MATCH) else { return false };
    let strong = etag.filter(|tag| !tag.starts_with("W/")).map(opaque_tag);
    let line_matches = |value: &http::HeaderValue| {
        value.to_str().is_ok_and(|value| strong_list_matches(value, strong))
    };
    if line_matches(first) {
        return false;
    }
    !headers.get_all(IF_MATCH).iter().skip(1).any(line_matches)
}

/// Whether one `If-Match` field line is `*` or holds the strong tag `opaque` (without quotes;
/// `None` when the representation has no strong validator, so only `*` matches).
fn strong_list_matches(value: &str, opaque: Option<&str>) -> bool {
    let mut rest = value;
    loop {
        rest = rest.trim_start_matches([' ', '\t', ',']);
        if rest.is_empty() {
            return false;
        }
        if let Some(after) = rest.strip_prefix('*') {
            return after.trim_start_matches([' ', '\t']).is_empty()
                || after.starts_with([',', ' ']);
        }
        // A weak tag in the request never matches strongly; skip it.
        let weak = rest.starts_with("W/");
        let Some(quoted) = rest.strip_prefix("W/").unwrap_or(rest).strip_prefix('"') else {
            return false;
        };
        let Some(end) = quoted.find('"') else { return false };
        if !weak && opaque == Some(&quoted[..end]) {
            return true;
        }
        rest = &quoted[end + 1..];
    }
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
