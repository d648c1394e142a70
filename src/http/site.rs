//! The website's side of the transport: which representation of a page to send, the HTML 404
//! for browsers, and the search results page. Decisions are `negotiate`'s and `web`'s; this
//! module turns them into replies with `Vary`, `Link` and `Content-Location`.

use bytes::Bytes;
use http::header::{self, HeaderMap};
use http::{Method, StatusCode};

use super::negotiate::{accept_header, prefers_html, prefers_markdown};
use crate::api;
use crate::model::{ErrorKind, FixedResponse, PageLinks};
use crate::ops::Error;
use crate::route::decode_unreserved;
use crate::tables::{BAD_HOST_PAGE, FIXED, NOT_FOUND_PAGE, PAGE_LINKS, RATE_LIMITED_PAGE};
use crate::web::{HtmlPage, MarkdownPage, Outcome, assessment_page, not_found, search_page};
use crate::wire::reply::{CACHE_CONTENT, NO_STORE};
use crate::wire::{Body, Reply};

pub const HTML: &str = "text/html; charset=utf-8";
pub const MARKDOWN: &str = "text/markdown; charset=utf-8";

/// The representation of a fixed route to send, and the headers that describe the choice.
#[derive(Debug, Clone, Copy)]
pub struct Representation {
    pub fixed: &'static FixedResponse,
    /// What the URL itself names (the page when its twin was chosen): the URL varies by
    /// encoding when either representation has compressed variants.
    requested: &'static FixedResponse,
    links: Option<&'static PageLinks>,
    /// The twin's path when the markdown was chosen at the page's URL.
    content_location: Option<&'static str>,
}

impl Representation {
    /// Adds `Vary` (`Accept` on a negotiated page, `Accept-Encoding` when the response has
    /// precompressed variants), the page's `Link`, and `Content-Location` when the markdown twin
    /// answered for the page.
    pub fn decorate(&self, mut reply: Reply) -> Reply {
        let compressed = |fixed: &FixedResponse| fixed.gzip.is_some() || fixed.br.is_some();
        let by_encoding = compressed(self.fixed) || compressed(self.requested);
        let by_accept = self.links.is_some_and(|links| links.twin.is_some());
        let vary = match (by_accept, by_encoding) {
            (true, true) => Some("accept, accept-encoding"),
            (true, false) => Some("accept"),
            (false, true) => Some("accept-encoding"),
            (false, false) => None,
        };
        if let Some(vary) = vary {
            reply.static_headers.push(header::VARY, vary);
        }
        let Some(links) = self.links else { return reply };
        reply.static_headers.push(header::LINK, links.link);
        if let Some(location) = self.content_location {
            reply.static_headers.push(header::CONTENT_LOCATION, location);
        }
        reply
    }
}

/// A page (`/guides/x/`) is HTML unless the client prefers markdown, then its twin; a twin
/// (`/guides/x/index.md`) is itself. Other fixed routes are not negotiated.
pub fn representation(
    raw_path: &str,
    fixed: &'static FixedResponse,
    headers: &HeaderMap,
) -> Representation {
    let plain = Representation { fixed, requested: fixed, links: None, content_location: None };
    if !fixed.content_type.starts_with("text/html")
        && !fixed.content_type.starts_with("text/markdown")
    {
        return plain;
    }
    let Ok(path) = decode_unreserved(raw_path) else { return plain };
    let Some(links) = PAGE_LINKS.get(path.as_ref()) else { return plain };
    let chosen_twin = links
        .twin
        .filter(|_| prefers_markdown(accept_header(headers).as_deref()))
        .and_then(|twin| FIXED.get(twin).map(|twin_fixed| (twin, twin_fixed)));
    match chosen_twin {
        Some((twin, twin_fixed)) => Representation {
            fixed: twin_fixed,
            requested: fixed,
            links: Some(links),
            content_location: Some(twin),
        },
        None => {
            Representation { fixed, requested: fixed, links: Some(links), content_location: None }
        }
    }
}

/// The reply to a failed request: a markdown 404 for a client that prefers markdown as a page's
/// negotiation reads it, the HTML 404 page for a browser that asked for a missing website page,
/// else the Error body. Under
/// a collection (`/services/x/`, `/guides/x/index.md`), or of one segment that spells a slug
/// (`/mlops/`), each names the pages the path most plausibly meant (`web::not_found`). Paths under `/v1`, `/oauth/` and `/.well-known/` are
/// the API's and always answer JSON.
pub fn error_reply(error: &Error, method: &Method, path: &str, headers: &HeaderMap) -> Reply {
    let is_get = method == Method::GET || method == Method::HEAD;
    if !(error.kind.status() == ErrorKind::NotFound.status() && is_website(path) && is_get) {
        return api::error_reply(error);
    }
    let suggestions = not_found::suggestions(path);
    let accept = accept_header(headers);
    // Markdown first, as a page is negotiated: a client that a page would answer with its twin
    // (`text/markdown, text/html`) also rates HTML above JSON, and was given the HTML 404.
    let mut reply = if prefers_markdown(accept.as_deref()) {
        let mut page = Reply::empty(StatusCode::NOT_FOUND);
        page.body = Body::full(Bytes::from(not_found::markdown(&suggestions)));
        page.content_type = MARKDOWN;
        page
    } else if prefers_html(accept.as_deref()) {
        let mut page = Reply::empty(StatusCode::NOT_FOUND);
        page.body = Body::full(match not_found::html(&suggestions) {
            Some(html) => Bytes::from(html),
            None => Bytes::from_static(NOT_FOUND_PAGE.as_bytes()),
        });
        page.content_type = HTML;
        page
    } else if suggestions.pages.is_empty() && suggestions.addresses.is_empty() {
        api::error_reply(error)
    } else {
        api::error_reply(&Error::page_not_found(path, &not_found::message_hint(&suggestions)))
    };
    reply.static_headers.push(header::VARY, "accept");
    reply
}

/// A request refused before it was routed (the rate limit, an invalid `Host`) on a website
/// path: for a GET from a client that prefers markdown, as the 404 is chosen, a short markdown
/// text saying what happened (and when to come back); for a browser's GET that prefers HTML,
/// as the HTML 404 is chosen, the build's page for the refusal in the site's shell (header,
/// navigation, footer, styles, absolute links to the site), saying what happened; the 429's
/// says when to come back, from `retry_after` (the `Retry-After` seconds). The Error body
/// otherwise. Only refusals come here, so an answered
/// request pays nothing for it.
pub fn refusal_reply(
    error: &Error,
    retry_after: Option<u64>,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
) -> Reply {
    let is_get = method == Method::GET || method == Method::HEAD;
    if !(is_website(path) && is_get) {
        return api::error_reply(error);
    }
    let accept = accept_header(headers);
    // Markdown first, as the 404 and pages are negotiated (since 2026-12-05; a client that
    // prefers markdown got the HTML page).
    let markdown = if prefers_markdown(accept.as_deref()) {
        match error.kind {
            ErrorKind::RateLimited => Some((
                StatusCode::TOO_MANY_REQUESTS,
                not_found::rate_limited_markdown(&wait_words(retry_after.unwrap_or(0))),
            )),
            ErrorKind::InvalidHost => {
                Some((StatusCode::BAD_REQUEST, not_found::bad_host_markdown()))
            }
            _ => None,
        }
    } else {
        None
    };
    if let Some((status, text)) = markdown {
        let mut page = Reply::empty(status);
        page.body = Body::full(Bytes::from(text));
        page.content_type = MARKDOWN;
        page.static_headers.push(header::VARY, "accept");
        return page;
    }
    let page = if prefers_html(accept.as_deref()) {
        match error.kind {
            ErrorKind::RateLimited => {
                let wait = wait_words(retry_after.unwrap_or(0));
                let [before, after] = RATE_LIMITED_PAGE;
                let mut html = String::with_capacity(before.len() + wait.len() + after.len());
                html.push_str(before);
                html.push_str(&wait);
                html.push_str(after);
                Some((StatusCode::TOO_MANY_REQUESTS, Body::full(Bytes::from(html))))
            }
            ErrorKind::InvalidHost => Some((
                StatusCode::BAD_REQUEST,
                Body::full(Bytes::from_static(BAD_HOST_PAGE.as_bytes())),
            )),
            _ => None,
        }
    } else {
        None
    };
    let mut reply = match page {
        Some((status, body)) => {
            let mut page = Reply::empty(status);
            page.body = body;
            page.content_type = HTML;
            page
        }
        None => api::error_reply(error),
    };
    reply.static_headers.push(header::VARY, "accept");
    reply
}

/// How long `seconds` is, in words a person reads at a glance: "40 seconds", "1 second",
/// "2 minutes" for whole minutes past one, "a moment" for 0.
fn wait_words(seconds: u64) -> String {
    match seconds {
        0 => "a moment".to_string(),
        1 => "1 second".to_string(),
        60 => "1 minute".to_string(),
        s if s > 60 && s % 60 == 0 => format!("{} minutes", s / 60),
        s => format!("{s} seconds"),
    }
}

/// Paths under `/v1`, `/oauth/` and `/.well-known/` are the API's; the rest the website's.
fn is_website(path: &str) -> bool {
    !(path == "/v1"
        || path.starts_with("/v1/")
        || path.starts_with("/oauth/")
        || path.starts_with("/.well-known/"))
}

/// `GET /search/`: the server-rendered results page, or the same search as markdown for a
/// client that prefers it as a page's negotiation reads `Accept`.
pub fn search(query: Option<&str>, headers: &HeaderMap) -> Reply {
    negotiated(
        headers,
        || search_page::from_query(query),
        || search_page::markdown_from_query(query),
    )
}

/// `GET /ai-readiness/result/`: the assessment scored without scripts, as HTML or, for a
/// client that prefers it, markdown.
pub fn assessment_result(query: Option<&str>, headers: &HeaderMap) -> Reply {
    negotiated(
        headers,
        || assessment_page::from_query(query),
        || assessment_page::markdown_from_query(query),
    )
}

/// A page rendered at run time in the form the client prefers, as a page is negotiated:
/// markdown when it prefers `text/markdown`, else HTML. Either carries `Vary: Accept`.
fn negotiated(
    headers: &HeaderMap,
    html: impl FnOnce() -> HtmlPage,
    markdown: impl FnOnce() -> MarkdownPage,
) -> Reply {
    let mut reply = if prefers_markdown(accept_header(headers).as_deref()) {
        let page = markdown();
        page_reply(page.outcome, page.markdown, MARKDOWN)
    } else {
        html_page(html())
    };
    reply.static_headers.push(header::VARY, "accept");
    reply
}

/// A page rendered at run time as HTML.
fn html_page(page: HtmlPage) -> Reply {
    page_reply(page.outcome, page.html, HTML)
}

/// A page rendered at run time: 200 cached as content, or 400 not stored.
fn page_reply(outcome: Outcome, text: String, content_type: &'static str) -> Reply {
    let (status, cache_control) = match outcome {
        Outcome::Ok => (StatusCode::OK, CACHE_CONTENT),
        Outcome::BadRequest => (StatusCode::BAD_REQUEST, NO_STORE),
    };
    let mut reply = Reply::empty(status);
    reply.body = Body::full(text);
    reply.content_type = content_type;
    reply.cache_control = cache_control;
    reply
}
