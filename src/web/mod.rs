//! The website's run-time parts: the pages the server completes per request rather than
//! serving whole from `tables::FIXED`.
//!
//! - `search_page`: `/search/?q=...`, the no-JavaScript side of the site search
//! - `assessment_page`: `/ai-readiness/result/?q0=...`, the no-JavaScript side of the
//!   assessment
//!
//! - `not_found`: the pages a mistyped path under a collection may have meant, in the 404
//!
//! The HTML 404 page is static (`tables::NOT_FOUND_PAGE`) but for those suggestions; choosing
//! it over the JSON Error body is content negotiation, in `http::negotiate`. Nothing here knows about HTTP: a page is
//! an outcome and a body, and the transport maps the outcome to a status.

pub mod assessment_page;
pub mod not_found;
pub mod search_page;

/// A page rendered at run time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HtmlPage {
    pub outcome: Outcome,
    pub html: String,
}

/// A page rendered at run time as markdown, for a client that prefers it to HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkdownPage {
    pub outcome: Outcome,
    pub markdown: String,
}

/// Whether the request made sense.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The page answers the request (which may have no results).
    Ok,
    /// The parameters were invalid; the page explains why.
    BadRequest,
}

/// Escapes text for HTML element content and attribute values. The compiler has its own copy
/// (`src/compiler/render.rs`): only `model.rs` and `tokenize.rs` cross the build boundary.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// Escapes text for markdown (CommonMark) inline content: a backslash before every character
/// that could open markup (emphasis, code, links, HTML, entities), and a line break or other
/// control character as a space, so text a client typed stays text on one line. Only for text
/// after the start of a line (a heading's, a list item's), where nothing else opens a block.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        match ch {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' => {
                out.push('\\');
                out.push(ch);
            }
            ch if ch.is_control() => out.push(' '),
            other => out.push(other),
        }
    }
    out
}
