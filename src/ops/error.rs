//! The core's one error type: a kind from `model::ErrorKind` (whose code, status and meaning
//! come from the one `ERROR_CODES` table) and a message for people that names the problem.
//!
//! Protocol-free: each surface renders it its own way (the REST Error body, an MCP `isError`
//! result, a JSON-RPC error). Messages are formatted from the limits they enforce.

use crate::json::{Duplicate, ReadError};
use crate::limits::{BATCH_MAX_ITEMS, ECHO_MAX_BYTES, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS};
pub use crate::model::ErrorKind;
use crate::tables::CATEGORIES;

/// Who reads an error, so that it names what they can do next: a REST client is pointed at an
/// endpoint, an agent on an MCP server at a tool of that server (it cannot call the REST API).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Rest,
    Mcp,
}

/// An error of the core: what kind, and what exactly was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into() }
    }

    /// The stable `error.code`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// Nothing at `path`, pointing at the index the caller wants: `GET /v1` for a path of
    /// the API or an agent endpoint, `GET /llms.txt` for any other, which is a page's.
    pub fn not_found(path: &str) -> Error {
        Error::new(
            ErrorKind::NotFound,
            format!("nothing exists at `{}`; {}", truncate(path), index_for(path)),
        )
    }
    /// [`Error::not_found`] naming the paths a mistyped page path may have meant: `hint` is
    /// "did you mean `/a/`?" (`web::not_found::message_hint`). Such a path is a page's, so
    /// the message ends at the list of every page.
    pub fn page_not_found(path: &str, hint: &str) -> Error {
        Error::new(
            ErrorKind::NotFound,
            format!("nothing exists at `{}`; {hint} {PAGE_INDEX}", truncate(path)),
        )
    }
    /// `nearest` holds the slugs a well-formed but unknown slug most plausibly meant
    /// (`content::meant_by`, as a mistyped page path gets them), named before the lister.
    pub fn service_not_found(slug: &str, caller: Caller, nearest: &[&str]) -> Error {
        let lister = match caller {
            Caller::Rest => "GET /v1/services",
            Caller::Mcp => "list_services",
        };
        Error::new(
            ErrorKind::ServiceNotFound,
            format!(
                "no service has the slug `{}`; {}{lister} lists them",
                truncate(slug),
                did_you_mean(nearest)
            ),
        )
    }
    /// As [`Error::service_not_found`], for case studies.
    pub fn case_study_not_found(slug: &str, caller: Caller, nearest: &[&str]) -> Error {
        let lister = match caller {
            Caller::Rest => "GET /v1/case-studies",
            Caller::Mcp => "list_case_studies",
        };
        Error::new(
            ErrorKind::CaseStudyNotFound,
            format!(
                "no case study has the slug `{}`; {}{lister} lists them",
                truncate(slug),
                did_you_mean(nearest)
            ),
        )
    }
    /// As [`Error::service_not_found`], for a guide, which only the MCP docs server's
    /// `get_guide` looks up by slug.
    pub fn guide_not_found(slug: &str, nearest: &[&str]) -> Error {
        Error::new(
            ErrorKind::NotFound,
            format!(
                "no guide has the slug `{}`; {}search_guides finds them",
                truncate(slug),
                did_you_mean(nearest)
            ),
        )
    }
    pub fn invalid_slug(slug: &str) -> Error {
        Error::new(
            ErrorKind::InvalidSlug,
            format!(
                "`{}` is not a valid slug: use lowercase letters, digits and hyphens (^[a-z0-9-]+$)",
                truncate(slug)
            ),
        )
    }
    /// `invalid_slug`, naming the slug meant when the input is an item's name or its slug
    /// written another way (`Data Strategy`, `data_strategy`): agents often pass what a list
    /// showed them as the name.
    pub fn invalid_slug_meant(slug: &str, meant: &str) -> Error {
        Error::new(
            ErrorKind::InvalidSlug,
            format!(
                "`{}` is not a valid slug: use lowercase letters, digits and hyphens (^[a-z0-9-]+$); did you mean `{meant}`?",
                truncate(slug)
            ),
        )
    }
    pub fn invalid_path(why: &str) -> Error {
        Error::new(ErrorKind::InvalidPath, why.to_string())
    }
    /// GET and HEAD are named together, so a HEAD's `Content-Length` is the length of the
    /// GET's body, as RFC 9110 §8.6 requires.
    pub fn method_not_allowed(method: &str, allow: &str) -> Error {
        let method = match method {
            "GET" | "HEAD" => "GET and HEAD are",
            other => &format!("{} is", truncate(other)),
        };
        Error::new(
            ErrorKind::MethodNotAllowed,
            format!("{method} not supported here; allowed: {allow}"),
        )
    }
    pub fn unknown_parameter(name: &str, known: &str) -> Error {
        Error::new(
            ErrorKind::UnknownParameter,
            format!("unknown query parameter `{}`; this endpoint takes {known}", truncate(name)),
        )
    }
    pub fn duplicate_parameter(name: &str) -> Error {
        Error::new(
            ErrorKind::DuplicateParameter,
            format!("query parameter `{name}` is given more than once"),
        )
    }
    pub fn invalid_parameter(why: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidParameter, why)
    }
    pub fn invalid_limit(value: &str) -> Error {
        Error::new(
            ErrorKind::InvalidLimit,
            format!("limit `{}` must be an integer from 1 to {SEARCH_LIMIT_MAX}", truncate(value)),
        )
    }
    /// A `category` that is no category's name. Names are matched exactly (the contract takes
    /// them from the categories endpoint), so the message names the closest one when the value
    /// is recognisably one of them: another case or form (`generative-ai`, the key in the site's
    /// addresses), a typo, or some of its words.
    pub fn unknown_category(value: &str) -> Error {
        let names: Vec<&str> = CATEGORIES.iter().map(|c| c.name).collect();
        let hint = match closest_category(value) {
            Some(name) => format!("; did you mean `{name}`? Names are exact"),
            None => String::new(),
        };
        Error::new(
            ErrorKind::UnknownCategory,
            format!(
                "category `{}` does not exist{hint}; use one of: {}",
                truncate(value),
                names.join(", ")
            ),
        )
    }
    /// `parameter` (`q` for the guide search, `query` for the document searches) has
    /// `chars` characters, over the limit.
    pub fn query_too_long(parameter: &str, chars: usize) -> Error {
        Error::new(
            ErrorKind::QueryTooLong,
            format!("{parameter} has {chars} characters; the limit is {SEARCH_QUERY_MAX_CHARS}"),
        )
    }
    pub fn invalid_cursor(why: &str) -> Error {
        Error::new(
            ErrorKind::InvalidCursor,
            format!(
                "{why}; omit cursor for the first page and pass nextCursor with the same q, category and limit"
            ),
        )
    }
    /// [`Error::invalid_cursor`] for the API documentation's search, whose arguments are
    /// `query` and `limit`.
    pub fn invalid_reference_cursor(why: &str) -> Error {
        Error::new(
            ErrorKind::InvalidCursor,
            format!(
                "{why}; omit cursor for the first page and pass nextCursor with the same query and limit"
            ),
        )
    }
    pub fn invalid_json(why: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidJson, why)
    }
    /// A JSON body with a member name given twice in one object.
    pub fn duplicate_member(duplicate: &Duplicate) -> Error {
        Error::new(
            ErrorKind::DuplicateMember,
            format!("the body is ambiguous: {}; send each member once", repeated_member(duplicate)),
        )
    }
    /// A JSON body that [`crate::json::read`] refused: `invalid_json` for text that is not
    /// JSON, `duplicate_member` for a repeated member name.
    pub fn unreadable_json(error: ReadError) -> Error {
        match error {
            ReadError::Syntax(err) => {
                Error::invalid_json(match crate::json::beyond_reading(&err) {
                    Some(problem) => format!("the body {problem}"),
                    None => format!("the body is not valid JSON: {err}"),
                })
            }
            ReadError::ByteOrderMark => {
                Error::invalid_json(format!("the body {}", crate::json::BYTE_ORDER_MARK_PROBLEM))
            }
            ReadError::Duplicate(duplicate) => Error::duplicate_member(&duplicate),
        }
    }
    pub fn invalid_body(why: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidBody, why)
    }
    pub fn invalid_answers(why: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidAnswers, why)
    }
    pub fn invalid_idempotency_key() -> Error {
        Error::new(
            ErrorKind::InvalidIdempotencyKey,
            "Idempotency-Key must be 1 to 255 letters, digits, `.`, `_` or `-`, sent once",
        )
    }
    pub fn batch_empty() -> Error {
        Error::new(
            ErrorKind::BatchEmpty,
            format!("requests is empty; send 1 to {BATCH_MAX_ITEMS} requests"),
        )
    }
    pub fn batch_too_large(n: usize) -> Error {
        Error::new(
            ErrorKind::BatchTooLarge,
            format!("requests has {n} items; the limit is {BATCH_MAX_ITEMS}"),
        )
    }
    pub fn path_outside_api(path: &str) -> Error {
        Error::new(
            ErrorKind::PathOutsideApi,
            format!("`{}` is not under /v1; a batch runs API GET requests only", truncate(path)),
        )
    }
    pub fn unsupported_media_type(found: &str) -> Error {
        Error::new(
            ErrorKind::UnsupportedMediaType,
            format!(
                "Content-Type `{}` is not JSON; send Content-Type: application/json",
                truncate(found)
            ),
        )
    }
    pub fn unsupported_content_encoding(found: &str) -> Error {
        Error::new(
            ErrorKind::UnsupportedMediaType,
            format!(
                "Content-Encoding `{}` is not accepted; send the body uncompressed, without Content-Encoding",
                truncate(found)
            ),
        )
    }
    pub fn unsupported_transfer_coding(found: &str) -> Error {
        Error::new(
            ErrorKind::UnsupportedMediaType,
            format!(
                "Transfer-Encoding `{}` is not accepted: this server decodes no transfer coding but chunked; send the body uncompressed, with Content-Length or Transfer-Encoding: chunked alone",
                truncate(found)
            ),
        )
    }
    pub fn unsupported_charset(found: &str) -> Error {
        Error::new(
            ErrorKind::UnsupportedMediaType,
            format!(
                "Content-Type `{}` names a charset other than UTF-8; send the body as UTF-8",
                truncate(found)
            ),
        )
    }
    pub fn repeated_content_type() -> Error {
        Error::new(
            ErrorKind::UnsupportedMediaType,
            "Content-Type is sent more than once; send it once",
        )
    }
    pub fn payload_too_large(max: usize) -> Error {
        Error::new(
            ErrorKind::PayloadTooLarge,
            format!("the body is larger than this endpoint's limit of {max} bytes"),
        )
    }
    pub fn not_acceptable() -> Error {
        Error::new(
            ErrorKind::NotAcceptable,
            "not acceptable: this endpoint answers in application/json or text/event-stream, and Accept allows neither",
        )
    }
    /// A method whose one reply form (`media_type`) the request's `Accept` rules out (A2A's
    /// streaming methods, which answer in events).
    pub fn not_acceptable_form(method: &str, media_type: &str) -> Error {
        Error::new(
            ErrorKind::NotAcceptable,
            format!(
                "not acceptable: `{}` answers in {media_type}, and Accept rules it out",
                truncate(method)
            ),
        )
    }
    pub fn invalid_host() -> Error {
        Error::new(
            ErrorKind::InvalidHost,
            "a request names its host once: an HTTP/1.1 request carries exactly one Host header (others at most one), naming the host (and port) asked for, and over HTTP/2 the same as :authority",
        )
    }
    /// An HTTP/1.x request whose absolute-form target's authority is no host (user
    /// information, a port that is not digits) or whose scheme is not HTTP's.
    pub fn invalid_target_authority() -> Error {
        Error::new(
            ErrorKind::InvalidHost,
            "a request target in absolute form names an http or https URI whose authority is a host and an optional port, without user information (RFC 9110, section 4.2.4); send the path alone, with the host in Host",
        )
    }
    pub fn request_timeout() -> Error {
        Error::new(ErrorKind::RequestTimeout, "the request body arrived too slowly")
    }
    pub fn missing_token() -> Error {
        Error::new(
            ErrorKind::MissingToken,
            "this endpoint needs Authorization: Bearer <token>; get one with the client-credentials flow (see docs)",
        )
    }
    pub fn invalid_token(why: &str) -> Error {
        Error::new(ErrorKind::InvalidToken, format!("the bearer token is not valid: {why}"))
    }
    pub fn insufficient_scope(scope: &str) -> Error {
        Error::new(
            ErrorKind::InsufficientScope,
            format!(
                "the bearer token is valid but lacks the scope {scope}; get a token with scope {scope}"
            ),
        )
    }
    pub fn ambiguous_credentials() -> Error {
        Error::new(
            ErrorKind::AmbiguousCredentials,
            "the request carries more than one Authorization header; send one",
        )
    }
    pub fn precondition_failed() -> Error {
        Error::new(
            ErrorKind::PreconditionFailed,
            "If-Match names no current representation of this resource; GET it for its ETag",
        )
    }
    pub fn rate_limited(retry_after: u64) -> Error {
        Error::new(
            ErrorKind::RateLimited,
            format!("fair use is exceeded for this minute; retry in {retry_after} s"),
        )
    }
    /// What the HTTP/1 layer answers for a head it cannot parse (see `http::detect`).
    pub fn malformed_request() -> Error {
        Error::new(
            ErrorKind::MalformedRequest,
            "the request line or a header could not be parsed as HTTP/1.0 or HTTP/1.1; this connection is closed, send a well-formed request on a new one",
        )
    }
    /// What the HTTP/1 layer answers for a head past its limits (see `http::detect`).
    pub fn header_fields_too_large() -> Error {
        Error::new(
            ErrorKind::HeaderFieldsTooLarge,
            format!(
                "the request line and headers are over {} KiB, or there are more than {} header fields; this connection is closed, send long input in a POST body",
                crate::model::MAX_HEADER_BYTES / 1024,
                crate::model::MAX_HEADER_FIELDS
            ),
        )
    }
    /// Refusal of a connection past its address's cap (`cap` connections). `block`: the
    /// prefix length when the address counts with a block of others (IPv6, a /64 by default),
    /// whose other addresses may be the ones holding the connections.
    pub fn too_many_connections(cap: usize, block: Option<u8>) -> Error {
        let connections = if cap == 1 { "connection" } else { "connections" };
        let holder = match block {
            Some(bits) => format!("the addresses of your /{bits} network already have"),
            None => "your address already has".to_string(),
        };
        Error::new(
            ErrorKind::TooManyConnections,
            format!(
                "{holder} {cap} {connections} open; reuse one (keep-alive) or close one, then retry"
            ),
        )
    }
}

/// The category name `value` most plausibly means, if any: the same name or key in another
/// case or form (hyphens, underscores or `+` for spaces, `&` for "and"), else the one within a
/// few typing slips of the name or key, else the only category whose name holds every word of
/// `value` ("governance" is "Governance and Risk").
pub fn closest_category(value: &str) -> Option<&'static str> {
    let typed = category_form(value);
    if typed.is_empty() {
        return None;
    }
    let forms = |c: &crate::model::CategoryRecord| [category_form(c.name), category_form(c.key)];
    if let Some(c) = CATEGORIES.iter().find(|c| forms(c).contains(&typed)) {
        return Some(c.name);
    }
    let slips = (typed.chars().count() / 5).clamp(1, 3);
    let nearest = CATEGORIES
        .iter()
        .filter_map(|c| {
            let d = forms(c).iter().map(|form| edit_distance(&typed, form)).min()?;
            (d <= slips).then_some((d, c.name))
        })
        .min();
    if let Some((_, name)) = nearest {
        return Some(name);
    }
    let words: Vec<&str> = typed.split(' ').filter(|w| *w != "and").collect();
    let mut holding = CATEGORIES.iter().filter(|c| {
        let name = category_form(c.name);
        !words.is_empty() && words.iter().all(|w| name.split(' ').any(|n| n == *w))
    });
    match (holding.next(), holding.next()) {
        (Some(c), None) => Some(c.name),
        _ => None,
    }
}

/// A category name or key as compared: lower case, words split by single spaces.
fn category_form(text: &str) -> String {
    let spaced = text.to_lowercase().replace('&', " and ");
    spaced
        .split(|ch: char| ch.is_whitespace() || matches!(ch, '-' | '_' | '+'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Levenshtein distance in characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb)).min(above + 1).min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Keeps echoed client input short in messages.
/// "member `answers` is given more than once in the object at $", the name and the path
/// shortened as any echo is.
pub fn repeated_member(duplicate: &Duplicate) -> String {
    format!(
        "member `{}` is given more than once in the object at {}",
        truncate(&duplicate.name),
        truncate(&duplicate.path)
    )
}

/// Where a 404 on the API or an agent endpoint points: the API's index, which names the
/// endpoints and the agent surfaces (MCP, `/ask`, the A2A card).
const API_INDEX: &str = "GET /v1 lists the endpoints";

/// Where a 404 on a website path points: the list of every page, as the markdown 404 says.
const PAGE_INDEX: &str = "GET /llms.txt lists every page";

/// The paths under which a 404 is the API's, not a mistyped page's: the API, its OAuth
/// endpoints, the well-known documents and the agent endpoints.
const API_PREFIXES: [&str; 6] = ["/v1", "/oauth", "/.well-known", "/mcp", "/ask", "/a2a"];

/// [`API_INDEX`] for a path at or under one of [`API_PREFIXES`] (`/v1/nope`, `/mcp/x`, not
/// `/asking/`), [`PAGE_INDEX`] for any other.
fn index_for(path: &str) -> &'static str {
    let under = |prefix: &str| {
        path.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    if API_PREFIXES.iter().any(|prefix| under(prefix)) { API_INDEX } else { PAGE_INDEX }
}

/// "did you mean `a`? " or "did you mean `a`, `b` or `c`? " for the slugs given; empty for none.
fn did_you_mean(slugs: &[&str]) -> String {
    match slugs.split_last() {
        None => String::new(),
        Some((only, [])) => format!("did you mean `{only}`? "),
        Some((last, rest)) => {
            let rest: Vec<String> = rest.iter().map(|s| format!("`{s}`")).collect();
            format!("did you mean {} or `{last}`? ", rest.join(", "))
        }
    }
}

pub fn truncate(text: &str) -> &str {
    if text.len() <= ECHO_MAX_BYTES {
        return text;
    }
    let mut end = ECHO_MAX_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
