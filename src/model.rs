//! Plain data shared by the build-time compiler (`build.rs`) and the server.
//!
//! This file crosses the build boundary: `build.rs` includes it with `#[path]`, so it must stay
//! free of dependencies. It holds the numbers the contract fixes and the shapes of the static
//! records the compiler emits into the generated tables.

/// Number of service pages the contract promises.
pub const N_SERVICES: usize = 13;
/// Number of industry pages the contract promises.
pub const N_INDUSTRIES: usize = 6;
/// Number of published case studies the contract promises.
pub const N_CASE_STUDIES: usize = 3;
/// Number of guides in the library.
pub const N_GUIDES: usize = 169;
/// Number of guide categories.
pub const N_CATEGORIES: usize = 7;
/// Questions in the readiness assessment, the unscored one included.
pub const N_QUESTIONS: usize = 16;
/// Scored questions in the readiness assessment.
pub const N_SCORED: usize = 15;
/// Options per assessment question; an answer is the option index `0..N_OPTIONS`.
pub const N_OPTIONS: usize = 5;
/// Maturity bands.
pub const N_BANDS: usize = 5;
/// The four assessment areas ("pillars"), in the order the assessment presents them.
pub const PILLAR_KEYS: [&str; 4] = ["strategy", "people", "data", "change"];

/// Default page size of `GET /v1/resources`.
pub const SEARCH_LIMIT_DEFAULT: usize = 10;
/// Largest page size of `GET /v1/resources`; `limit` above it is a 400.
pub const SEARCH_LIMIT_MAX: usize = 50;
/// Longest accepted `q`, in characters; a longer one is a 400 (`query_too_long`).
pub const SEARCH_QUERY_MAX_CHARS: usize = 200;
/// A query word of at least this many characters may match an indexed word one edit away
/// (Meilisearch's default `oneTypo`). Shorter words must match exactly.
pub const SEARCH_TYPO_ONE_MIN_CHARS: usize = 5;
/// A query word of at least this many characters may match an indexed word two edits away
/// (Meilisearch's default `twoTypos`).
pub const SEARCH_TYPO_TWO_MIN_CHARS: usize = 9;
/// Longest query word given typo tolerance; longer words match exactly (or as a prefix).
pub const SEARCH_TYPO_MAX_CHARS: usize = 24;
/// Most corrected queries in `suggestions` (offered when a search with `q` finds nothing).
pub const SEARCH_MAX_SUGGESTIONS: usize = 3;
/// Most items in one `POST /v1/batch`; more is a 400 (`batch_too_large`).
pub const BATCH_MAX_ITEMS: usize = 20;
/// Lifetime of an access token, in seconds.
pub const TOKEN_LIFETIME_SECS: u64 = 3600;
/// The only OAuth scope.
pub const EXPORT_SCOPE: &str = "export";

/// Whether `slug` matches `^[a-z0-9-]+$`: the rule for content slugs at build time and for
/// slug path parameters at run time.
pub fn is_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One guide as the search path needs it.
#[derive(Debug)]
pub struct GuideRecord {
    pub slug: &'static str,
    pub title: &'static str,
    /// Index into the category table.
    pub category: u8,
    /// The guide's Resource JSON object without its closing `}`, so the search path can append
    /// `,"relevance":N}` or `}` without serialising anything.
    pub json_open: &'static str,
}

/// One passage of a guide (its description, or a few sentences of its body): what a search
/// hit's `snippet` shows. The text never contains `<mark>` or `</mark>`, so the marks added at
/// query time are the only ones in a snippet.
#[derive(Debug)]
pub struct PassageRecord {
    pub text: &'static str,
    /// Whether `text` needs escaping inside a JSON string (a quote, backslash or control
    /// character); most passages do not, and are copied as they are.
    pub json_escape: bool,
    /// `(start, end, term id)` of every indexed word (and synonym phrase) in `text`, by start;
    /// offsets are bytes into `text`.
    pub tokens: &'static [(u16, u16, u32)],
}

/// One guide category.
#[derive(Debug)]
pub struct CategoryRecord {
    pub key: &'static str,
    pub name: &'static str,
}

/// One assessment question as scoring needs it.
#[derive(Debug)]
pub struct QuestionRecord {
    /// Index into [`PILLAR_KEYS`].
    pub pillar: u8,
    /// `false` for the one unscored sizing question.
    pub scored: bool,
}

/// One assessment area as scoring needs it.
#[derive(Debug)]
pub struct PillarRecord {
    pub key: &'static str,
    pub title: &'static str,
    pub advice: &'static str,
}

/// One maturity band; `min` is a threshold on the 0-100 score.
#[derive(Debug)]
pub struct BandRecord {
    pub min: u8,
    pub name: &'static str,
    pub guidance: &'static [&'static str],
}

/// A precomputed response for a fixed GET route.
#[derive(Debug, PartialEq, Eq)]
pub struct FixedResponse {
    pub content_type: &'static str,
    pub cache_control: &'static str,
    /// A strong validator, quoted, derived from the body bytes.
    pub etag: &'static str,
    pub body: &'static str,
}

/// Every `error.code` the API returns, with its status and meaning. The server's `ApiError`
/// maps onto this table, the OpenAPI document lists it as an enum, and the errors page of the
/// documentation is generated from it, so the three cannot drift apart. Codes are stable:
/// add new ones, never rename or reuse.
pub const ERROR_CODES: &[(&str, u16, &str)] = &[
    ("not_found", 404, "No resource exists at this path."),
    ("service_not_found", 404, "No service has this slug. GET /v1/services lists them."),
    ("case_study_not_found", 404, "No case study has this slug. GET /v1/case-studies lists them."),
    (
        "invalid_slug",
        400,
        "A slug in the path does not match ^[a-z0-9-]+$ (lowercase letters, digits, hyphens).",
    ),
    (
        "invalid_path",
        400,
        "The path is malformed: it must start with `/`, and may not contain dot segments, empty segments, control characters or invalid percent-encoding.",
    ),
    (
        "method_not_allowed",
        405,
        "The path exists but does not support this method; the `Allow` header lists the methods it does.",
    ),
    ("unknown_parameter", 400, "The query string has a parameter this endpoint does not define."),
    ("duplicate_parameter", 400, "A query parameter was given more than once."),
    ("invalid_parameter", 400, "A query parameter is not valid UTF-8 after percent-decoding."),
    ("invalid_limit", 400, "`limit` is not an integer from 1 to 50."),
    (
        "unknown_category",
        400,
        "`category` is not one of the names GET /v1/resources/categories returns.",
    ),
    ("query_too_long", 400, "`q` is longer than 200 characters."),
    (
        "invalid_cursor",
        400,
        "`cursor` is malformed, tampered with, or was issued for a different q, category or limit.",
    ),
    ("invalid_json", 400, "The body is empty or is not valid JSON."),
    (
        "invalid_body",
        400,
        "The JSON body does not have the required shape (for example a missing field or a wrong type).",
    ),
    (
        "invalid_answers",
        400,
        "`answers` has the wrong length or a value out of range; the message names the position.",
    ),
    (
        "invalid_idempotency_key",
        400,
        "The Idempotency-Key header does not match ^[A-Za-z0-9._-]{1,255}$.",
    ),
    ("batch_empty", 400, "`requests` is an empty array; send 1 to 20 requests."),
    ("batch_too_large", 400, "`requests` has more than 20 items."),
    (
        "path_outside_api",
        400,
        "A batch item's path is not under /v1; a batch runs API GET requests only.",
    ),
    (
        "unsupported_media_type",
        415,
        "The request body is not JSON; send `Content-Type: application/json`.",
    ),
    ("payload_too_large", 413, "The request body is larger than this endpoint accepts."),
    (
        "missing_token",
        401,
        "GET /v1/export needs `Authorization: Bearer <token>`; get a token with the client-credentials flow.",
    ),
    (
        "invalid_token",
        401,
        "The bearer token is malformed, expired, signed with another key, or not for this API and scope.",
    ),
    ("request_timeout", 408, "The request body arrived too slowly; the connection is closed."),
    (
        "rate_limited",
        429,
        "More than the fair-use number of requests this minute from your address; wait `Retry-After` seconds.",
    ),
];

/// A deprecated API version's headers (RFC 9745 `Deprecation`, RFC 8594 `Sunset`, and a
/// `Link` to the migration docs), set by build-time configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deprecation {
    /// Structured-field date: `@` and Unix seconds.
    pub deprecation: &'static str,
    /// IMF-fixdate, never earlier than `deprecation`.
    pub sunset: Option<&'static str>,
    /// Migration documentation, sent as `Link: <...>; rel="deprecation"`.
    pub link: &'static str,
}
