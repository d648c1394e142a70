//! Request path → `Route`. Every request (and every batch item) is parsed here before anything
//! else happens.
//!
//! Path rules (documented in the README):
//! - Matching is exact and case-sensitive on the decoded path; query strings never affect which
//!   route matches, and fixed routes ignore them.
//! - Percent-encoded unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded first, as RFC
//!   3986 section 6.2.2.2 makes them equivalent; any other escape stays as it is and so never
//!   matches a route. A malformed escape (`%G1`, a lone `%`) is 400 `invalid_path`.
//! - A path that differs from a route only by a trailing slash answers 308 with the canonical
//!   `Location` (API routes have none, pages end in `/`).
//! - Under `/v1/services/` and `/v1/case-studies/`, a slug outside `^[a-z0-9-]+$` is 400
//!   `invalid_slug`; a well-formed unknown slug is 404.

use std::borrow::Cow;

use crate::model::{FixedResponse, is_slug};
use crate::tables::FIXED;

/// Methods of fixed and searchable routes.
pub const ALLOW_GET: &str = "GET, HEAD, OPTIONS";
/// Methods of the POST endpoints.
pub const ALLOW_POST: &str = "POST, OPTIONS";
/// Every method the server answers somewhere (`OPTIONS *`).
pub const ALLOW_ANY: &str = "GET, HEAD, POST, OPTIONS";

/// What a path names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// A precomputed response.
    Fixed(&'static FixedResponse),
    /// `GET /v1/resources`
    Resources,
    /// `POST /v1/ai-readiness/score`
    Score,
    /// `POST /v1/batch`
    Batch,
    /// `GET /v1/export`
    Export,
    /// `POST /oauth/register`
    Register,
    /// `POST /oauth/token`
    Token,
    /// `GET /search/`, the website's search results page
    SearchPage,
    /// The canonical form of this path exists elsewhere (trailing slash).
    Redirect(String),
    ServiceNotFound(String),
    CaseStudyNotFound(String),
    InvalidSlug(String),
    InvalidPath(&'static str),
    NotFound,
}

impl Route {
    /// Methods this route answers, for `Allow` and preflights; `None` if it does not exist.
    pub fn allow(&self) -> Option<&'static str> {
        match self {
            Route::Fixed(_) | Route::Resources | Route::Export | Route::SearchPage => {
                Some(ALLOW_GET)
            }
            Route::Score | Route::Batch | Route::Register | Route::Token => Some(ALLOW_POST),
            _ => None,
        }
    }

    /// Routes a raw request path (no query string).
    pub fn parse(raw_path: &str) -> Route {
        let path = match decode_unreserved(raw_path) {
            Ok(path) => path,
            Err(why) => return Route::InvalidPath(why),
        };
        let path = path.as_ref();
        if let Some(route) = exact(path) {
            return route;
        }
        for (prefix, kind) in
            [("/v1/services/", SlugKind::Service), ("/v1/case-studies/", SlugKind::CaseStudy)]
        {
            if let Some(slug) = path.strip_prefix(prefix) {
                if let Some(route) = toggled_slash(path) {
                    return route;
                }
                return slug_route(slug, kind);
            }
        }
        toggled_slash(path).unwrap_or(Route::NotFound)
    }
}

#[derive(Debug, Clone, Copy)]
enum SlugKind {
    Service,
    CaseStudy,
}

fn exact(path: &str) -> Option<Route> {
    if let Some(fixed) = FIXED.get(path) {
        return Some(Route::Fixed(fixed));
    }
    Some(match path {
        "/v1/resources" => Route::Resources,
        "/v1/ai-readiness/score" => Route::Score,
        "/v1/batch" => Route::Batch,
        "/v1/export" => Route::Export,
        "/oauth/register" => Route::Register,
        "/oauth/token" => Route::Token,
        "/search/" => Route::SearchPage,
        _ => return None,
    })
}

/// `/x/` → `/x` or `/x` → `/x/` when only the other form is a route.
fn toggled_slash(path: &str) -> Option<Route> {
    let other = match path.strip_suffix('/') {
        Some(without) if !without.is_empty() => Cow::Borrowed(without),
        Some(_) => return None,
        None => Cow::Owned(format!("{path}/")),
    };
    exact(&other).map(|_| Route::Redirect(other.into_owned()))
}

fn slug_route(slug: &str, kind: SlugKind) -> Route {
    if !is_slug(slug) {
        return Route::InvalidSlug(slug.to_string());
    }
    match kind {
        SlugKind::Service => Route::ServiceNotFound(slug.to_string()),
        SlugKind::CaseStudy => Route::CaseStudyNotFound(slug.to_string()),
    }
}

/// Decodes percent-escapes of unreserved characters; leaves other escapes alone.
pub fn decode_unreserved(path: &str) -> Result<Cow<'_, str>, &'static str> {
    if !path.contains('%') {
        return Ok(Cow::Borrowed(path));
    }
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] == b'%' {
            let hex = bytes.get(idx + 1..idx + 3).and_then(|h| std::str::from_utf8(h).ok());
            let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) else {
                return Err("the path has a malformed percent-escape");
            };
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                out.push(char::from(byte));
            } else {
                out.push_str(&path[idx..idx + 3]);
            }
            idx += 3;
        } else {
            // Request paths are ASCII on the wire; copy up to the next escape in one piece.
            let next = path[idx..].find('%').map_or(path.len(), |n| idx + n);
            out.push_str(&path[idx..next]);
            idx = next;
        }
    }
    Ok(Cow::Owned(out))
}
