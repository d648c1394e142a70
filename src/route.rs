//! Request path → `Route`: what each path of the listener names. Every request (and every
//! batch item) is parsed here before anything else happens; `http/` dispatches on the result
//! and `api::batch` reuses it for its items.
//!
//! The endpoints, generated from `model::ENDPOINTS` (the fixed GET routes, the pages and their
//! markdown twins come from `tables::FIXED`):
//!
#![doc = include_str!(concat!(env!("OUT_DIR"), "/endpoints.md"))]
//!
//! Path rules (documented in the README):
//! - Matching is exact and case-sensitive on the decoded path; query strings never affect which
//!   route matches, and fixed routes ignore them.
//! - Percent-encoded unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded first, as RFC
//!   3986 section 6.2.2.2 makes them equivalent; any other escape stays as it is and so never
//!   matches a route. A malformed escape (`%G1`, `%+1`, a lone `%`) is 400 `invalid_path`.
//! - A target that is not a path (authority-form, an empty path to hyper; `*`) is 400
//!   `invalid_path`: it is never one slash away from `/`.
//! - A path that differs from a route only by a trailing slash answers 308 with the canonical
//!   `Location` (API routes have none, pages end in `/`).
//! - `/contact/` and `/contact` answer 308 to [`CONTACT_REDIRECT`], the footer that holds the
//!   contact record: the site has no contact page of its own.
//! - Under `/v1/services/` and `/v1/case-studies/`, a slug outside `^[a-z0-9-]+$` is 400
//!   `invalid_slug`; a well-formed unknown slug is 404; more segments after the slug
//!   (`/v1/services/x/extra`) name nothing: 404 `not_found`.

use std::borrow::Cow;

use crate::model::{FixedResponse, McpServer};
use crate::ops::{Caller, Error, content};
use crate::tables::FIXED;

/// Methods of fixed and searchable routes.
pub const ALLOW_GET: &str = "GET, HEAD, OPTIONS";
/// Methods of the POST endpoints.
pub const ALLOW_POST: &str = "POST, OPTIONS";
/// Methods of the MCP endpoints: JSON-RPC over POST only (no SSE stream on GET, no sessions
/// to DELETE).
pub const ALLOW_MCP: &str = "POST, OPTIONS";
/// Methods of `/ask`: a question in the query string or in a JSON body.
pub const ALLOW_ASK: &str = "GET, HEAD, POST, OPTIONS";
/// Every method the server answers somewhere (`OPTIONS *`).
pub const ALLOW_ANY: &str = "GET, HEAD, POST, OPTIONS";

/// Where `/contact/` and `/contact` send a browser: the home page's footer, which holds the
/// whole contact record (as every page's footer does). A guessed `/contact/` is the address a
/// prospective client is most likely to type; a page of its own would repeat the footer.
pub const CONTACT_REDIRECT: &str = "/#contact";

/// `Cache-Control` of a 308 to a path's canonical form (a trailing slash added or taken away).
/// The mapping follows from the contract's URL scheme (API routes have no trailing slash,
/// pages have one), not from the content, so it holds across deploys: any cache may keep it a
/// week. A removed route's redirect leads to that route's 404, which the path itself would
/// have answered. A 308 is heuristically cacheable (RFC 9111 section 4.2.2), so it states its
/// lifetime rather than leave it to each cache; `private="RateLimit"` because the response
/// carries the client's own `RateLimit`, as content does.
pub const CACHE_REDIRECT_CANONICAL: &str = "max-age=604800, private=\"RateLimit\"";

/// `Cache-Control` of a 308 from a guessed address ([`CONTACT_REDIRECT`]): permanent while the
/// site keeps no page there, which is a decision of the site a later deploy may take back, so
/// a day: a browser keeps skipping the round trip, and a new page there reaches every cache
/// within a day of its deploy.
pub const CACHE_REDIRECT_GUESS: &str = "max-age=86400, private=\"RateLimit\"";

/// A core lookup by slug, which says why a slug names nothing.
type SlugLookup = fn(&str) -> Result<&'static crate::model::PageRecord, Error>;

/// The cross-origin profile of a route: which request headers a browser may send and which
/// response headers it may read. `http::cors` holds the lists; agent surfaces get their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorsProfile {
    /// The JSON API, OAuth, discovery documents (server cards, the agent card and the AI
    /// catalog included), pages and twins.
    Api,
    /// The MCP endpoints: MCP's request headers, and its session and version headers exposed.
    Mcp,
    /// `/ask`: `Last-Event-ID` for resuming a stream.
    Ask,
    /// The A2A endpoint: A2A's service parameters (`A2A-Version`, `A2A-Extensions`).
    A2a,
}

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
    /// `GET /ai-readiness/result/`, the assessment scored without scripts
    AssessmentResult,
    /// `POST /mcp` and `POST /mcp/docs`
    Mcp(McpServer),
    /// `GET /ask` and `POST /ask`, the NLWeb-compatible query endpoint
    Ask,
    /// `POST /a2a`, the A2A agent's JSON-RPC endpoint
    A2a,
    /// `GET /healthz`, liveness and readiness (not rate-limited)
    Health,
    /// `GET /social-card.png`, every page's `og:image` (binary, so not a fixed response)
    SocialCard,
    /// The canonical form of this path exists elsewhere (trailing slash), or the path is a
    /// guessed address of something the site has at another one (`/contact/`). The location
    /// may end in a fragment; a query string goes before it.
    Redirect(String),
    /// Nothing is here, or the path is malformed: the error says which.
    Missing(Error),
}

/// The `Cache-Control` of a 308 to `location`: a guessed address's redirect is a decision of
/// the site and kept a day, a canonical path's follows from the URL scheme and is kept a week.
pub fn redirect_cache_control(location: &str) -> &'static str {
    if location == CONTACT_REDIRECT { CACHE_REDIRECT_GUESS } else { CACHE_REDIRECT_CANONICAL }
}

impl Route {
    /// Methods this route answers, for `Allow` and preflights; `None` if it does not exist.
    pub fn allow(&self) -> Option<&'static str> {
        match self {
            Route::Fixed(_)
            | Route::Resources
            | Route::Export
            | Route::SearchPage
            | Route::AssessmentResult
            | Route::Health
            | Route::SocialCard => Some(ALLOW_GET),
            Route::Score | Route::Batch | Route::Register | Route::Token | Route::A2a => {
                Some(ALLOW_POST)
            }
            Route::Ask => Some(ALLOW_ASK),
            Route::Mcp(_) => Some(ALLOW_MCP),
            _ => None,
        }
    }

    /// The cross-origin profile of this route's responses.
    pub fn cors(&self) -> CorsProfile {
        match self {
            Route::Mcp(_) => CorsProfile::Mcp,
            Route::Ask => CorsProfile::Ask,
            Route::A2a => CorsProfile::A2a,
            _ => CorsProfile::Api,
        }
    }

    /// Routes a raw request path (no query string).
    pub fn parse(raw_path: &str) -> Route {
        // No route's path holds a `%` (a test checks), so a raw path that is one is already
        // decoded: most requests are routed without looking for escapes.
        if let Some(route) = exact(raw_path) {
            return route;
        }
        match decode_unreserved(raw_path) {
            Ok(path) => Route::parse_decoded(raw_path, &path),
            Err(why) => Route::Missing(Error::invalid_path(why)),
        }
    }

    /// Routes `path`, which is `raw_path` as [`decode_unreserved`] decodes it, for a caller
    /// that has decoded it already.
    /// Inlined, so that [`Route::parse`], on every request, pays no call for it.
    #[inline(always)]
    pub fn parse_decoded(raw_path: &str, path: &str) -> Route {
        if let Some(route) = exact(path) {
            return route;
        }
        // A target that is not a path: authority-form (`host:port`, which hyper gives as an
        // empty path) is only for CONNECT, asterisk-form only for `OPTIONS *`, which is
        // answered before the route's error (RFC 9112, section 3.2). Refused before a
        // redirect could add a slash to it.
        if !path.starts_with('/') {
            return Route::Missing(Error::invalid_path(
                "the request target must be a path starting with `/`: `host:port` (authority-form) is only for CONNECT to a proxy, `*` only for OPTIONS",
            ));
        }
        // A path the batch would refuse is refused here too, before a redirect could make it
        // look served.
        if has_dot_or_empty_segment(path) {
            return Route::Missing(Error::invalid_path(
                "the path has dot segments or empty segments; send the canonical path",
            ));
        }
        if let Some(route) = toggled_slash(path) {
            return route;
        }
        let slug_routes: [(&str, SlugLookup); 2] = [
            ("/v1/services/", |slug| content::service(slug, Caller::Rest)),
            ("/v1/case-studies/", |slug| content::case_study(slug, Caller::Rest)),
        ];
        for (prefix, lookup) in slug_routes {
            // A slug is one segment (a trailing slash aside): `/v1/services/x/extra` names nothing.
            let slug = path.strip_prefix(prefix).map(|rest| rest.strip_suffix('/').unwrap_or(rest));
            if let Some(slug) = slug.filter(|slug| !slug.contains('/')) {
                // Every existing slug is a fixed route, so the lookup can only say why not.
                return Route::Missing(
                    lookup(slug).err().unwrap_or_else(|| Error::not_found(path)),
                );
            }
        }
        Route::Missing(Error::not_found(raw_path))
    }

    /// The error of a route that names nothing, if it is one.
    pub fn error(&self) -> Option<&Error> {
        match self {
            Route::Missing(error) => Some(error),
            _ => None,
        }
    }
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
        crate::model::ASSESSMENT_RESULT_PATH => Route::AssessmentResult,
        "/mcp" => Route::Mcp(McpServer::Product),
        "/mcp/docs" => Route::Mcp(McpServer::Docs),
        "/ask" => Route::Ask,
        crate::model::A2A_PATH => Route::A2a,
        "/healthz" => Route::Health,
        crate::model::SOCIAL_CARD_PATH => Route::SocialCard,
        "/contact/" | "/contact" => Route::Redirect(CONTACT_REDIRECT.to_owned()),
        _ => return None,
    })
}

/// A `.` or `..` segment, or an empty one (`//`), in a path that starts with `/`: never a
/// route's path, and refused as `invalid_path` directly and in a batch alike.
pub fn has_dot_or_empty_segment(path: &str) -> bool {
    path.as_bytes().windows(2).any(|pair| pair == b"//")
        || path.contains('.') && path.split('/').skip(1).any(|seg| seg == "." || seg == "..")
}

/// `/x/` → `/x` or `/x` → `/x/` when only the other form is a route.
fn toggled_slash(path: &str) -> Option<Route> {
    let other = match path.strip_suffix('/') {
        Some(without) if !without.is_empty() => Cow::Borrowed(without),
        Some(_) => return None,
        None => {
            // Every path that names nothing comes here: `/x/` is written on the stack, and a
            // string is made only for a redirect.
            let mut with_slash = [0u8; TOGGLE_ON_STACK];
            if let Some(written) = with_slash.get_mut(..path.len() + 1) {
                written[..path.len()].copy_from_slice(path.as_bytes());
                written[path.len()] = b'/';
                let other = std::str::from_utf8(written).ok()?;
                return exact(other).map(|_| Route::Redirect(other.to_owned()));
            }
            Cow::Owned(format!("{path}/"))
        }
    };
    exact(&other).map(|_| Route::Redirect(other.into_owned()))
}

/// The longest path (with its added slash) [`toggled_slash`] writes on the stack.
const TOGGLE_ON_STACK: usize = 256;

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
            let Some(byte) = bytes.get(idx + 1..idx + 3).and_then(hex_byte) else {
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

/// The byte two hex digits spell. Exactly two hex digits: `u8::from_str_radix` alone would
/// also take a sign (`%+1`).
fn hex_byte(digits: &[u8]) -> Option<u8> {
    let [high, low] = digits else { return None };
    let value = |digit: u8| char::from(digit).to_digit(16);
    Some((value(*high)? * 16 + value(*low)?) as u8)
}

#[cfg(test)]
mod tests {
    use crate::route::{Route, TOGGLE_ON_STACK, exact};
    use crate::tables::FIXED;

    /// `Route::parse` looks a raw path up before decoding it, which is right only while no
    /// route's path has an escape in it.
    #[test]
    fn no_route_path_holds_a_percent_sign() {
        for (path, _) in FIXED.entries() {
            assert!(!path.contains('%'), "{path}");
        }
        for path in ["/v1/resources", "/v1/batch", "/mcp/docs", "/ask", "/healthz"] {
            assert!(exact(path).is_some(), "{path}");
        }
        assert_eq!(Route::parse("/v1/servic%65s"), Route::parse("/v1/services"));
    }

    /// A path one slash away from a route redirects to it, whether the slash is added on the
    /// stack or (for a path too long for it) in a string; a path one slash away from nothing
    /// is missing either way.
    #[test]
    fn a_slash_away_from_a_route_redirects_at_any_length() {
        assert_eq!(Route::parse("/search"), Route::Redirect("/search/".to_owned()));
        assert_eq!(Route::parse("/v1/services/"), Route::Redirect("/v1/services".to_owned()));
        for len in [TOGGLE_ON_STACK - 2, TOGGLE_ON_STACK - 1, TOGGLE_ON_STACK, 4 * TOGGLE_ON_STACK]
        {
            let path = format!("/{}", "a".repeat(len - 1));
            assert_eq!(path.len(), len);
            assert!(matches!(Route::parse(&path), Route::Missing(_)), "{len}");
            let with_slash = format!("{path}/");
            assert!(matches!(Route::parse(&with_slash), Route::Missing(_)), "{len} and a slash");
        }
        for guessed in ["/contact/", "/contact"] {
            assert_eq!(Route::parse(guessed), Route::Redirect("/#contact".to_owned()), "{guessed}");
        }
        let non_ascii = "/v1/servicés";
        assert!(matches!(Route::parse(non_ascii), Route::Missing(_)));
    }

    /// A target that is not a path (hyper gives an authority-form one as empty) is malformed,
    /// never one slash away from `/`.
    #[test]
    fn a_target_that_is_not_a_path_is_invalid_not_redirected() {
        for target in ["", "*", "example.com:443", "v1/services"] {
            match Route::parse(target) {
                Route::Missing(error) => assert_eq!(error.code(), "invalid_path", "{target:?}"),
                other => panic!("{target:?}: {other:?}"),
            }
        }
    }
}
