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
/// 64-bit words in a set of guides (a bit per guide), as in `tables::TERM_GUIDES`.
pub const GUIDE_WORDS: usize = N_GUIDES.div_ceil(64);
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
/// A word that matched nothing may be corrected in `suggestions` to a vocabulary word one edit
/// away from this many characters.
pub const SEARCH_SUGGEST_ONE_MIN_CHARS: usize = 3;
/// ... and two edits away from this many.
pub const SEARCH_SUGGEST_TWO_MIN_CHARS: usize = 5;
/// A shorter word than this is corrected in `suggestions` only by a swap of neighbouring
/// letters or one added letter (`slq` → `sql`, `dta` → `data`): a substituted letter turns
/// any three-letter word into several ("cow" into "coe", "com", "coo"), none of them meant.
pub const SEARCH_SUGGEST_ANY_EDIT_MIN_CHARS: usize = 4;
/// A typo index's value (`model::fingerprint_map`) packs where its candidate words start in
/// their list (the high [`TYPO_START_BITS`]) and how many they are (the low [`TYPO_LEN_BITS`]).
pub const TYPO_LEN_BITS: u32 = 12;
/// See [`TYPO_LEN_BITS`]: room for a million candidate words, six times today's.
pub const TYPO_START_BITS: u32 = 32 - TYPO_LEN_BITS;
/// Most corrected queries in `suggestions` (offered when a search with `q` finds nothing).
pub const SEARCH_MAX_SUGGESTIONS: usize = 3;
/// Requests per client IP per window by default (`--rate-limit` overrides). Past it: 429.
/// Here, not in `limits`, so the OpenAPI document states the number the server enforces.
pub const RATE_LIMIT_DEFAULT: u32 = 300;
/// Largest `POST /v1/ai-readiness/score` body. Past it: 413 without reading the rest.
pub const SCORE_BODY_MAX: usize = 8 * 1024;
/// Largest `POST /v1/batch` body (20 paths of up to ~3 KiB each). Past it: 413.
pub const BATCH_BODY_MAX: usize = 64 * 1024;
/// Largest OAuth request body (registration JSON or token form). Past it: 413.
pub const OAUTH_BODY_MAX: usize = 16 * 1024;
/// Most items in one `POST /v1/batch`; more is a 400 (`batch_too_large`).
pub const BATCH_MAX_ITEMS: usize = 20;
/// Longest batch item path (with its query string), in characters; a longer one is that
/// item's 400 `invalid_path`. Here, not in `limits`, so the OpenAPI document states it.
pub const BATCH_PATH_MAX: usize = 4096;
/// Largest MCP request body in bytes (one JSON-RPC message; tool arguments are small). Past
/// it: 413 with a JSON-RPC error, without reading the rest.
pub const MCP_BODY_MAX: usize = 64 * 1024;
/// Longest question in characters: `query` of `/ask`, the text of an A2A message, and each
/// earlier turn. Longer is a 400 (`question_too_long`; JSON-RPC -32602 on A2A). The engine
/// reads only a question's first `ANSWER_MAX_WORDS` words; the cap bounds what is parsed.
pub const ASK_QUERY_MAX_CHARS: usize = 500;
/// Longest `organisation` argument of the MCP prompt `readiness_interview`, in characters
/// (after trimming): an organisation's name, which the prompt repeats to the model. Longer is
/// JSON-RPC -32602 naming the argument and the limit.
pub const PROMPT_ORGANISATION_MAX_CHARS: usize = 200;
/// The characters a question is trimmed of, and that make it blank when it has nothing else:
/// Unicode's White_Space, what `str::trim` removes (a unit test checks every character). The
/// OpenAPI document spells `not blank` as a class built from this table rather than as `\S`,
/// whose meaning differs between regex dialects (ASCII-only in some, Unicode in others).
pub const WHITE_SPACE: &[(char, char)] = &[
    ('\t', '\r'),
    (' ', ' '),
    ('\u{85}', '\u{85}'),
    ('\u{a0}', '\u{a0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200a}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202f}', '\u{202f}'),
    ('\u{205f}', '\u{205f}'),
    ('\u{3000}', '\u{3000}'),
];
/// Characters that show nothing and are no white space: Unicode's Default_Ignorable_Code_Point
/// in the Basic Multilingual Plane (zero-width space and joiners, the word joiner, the byte
/// order mark, the soft hyphen, directional marks, variation selectors, Hangul fillers). A
/// question or a search query of these and white space alone is blank, as an empty one is:
/// "​" (U+200B) was answered "not covered" on `/ask` and searched as a query with no terms.
/// The astral ones (tags, U+E0000 on) are left out, so that the OpenAPI document's `not blank`
/// class can spell the set with `\uXXXX` escapes every regex dialect reads alike.
pub const INVISIBLE: &[(char, char)] = &[
    ('\u{ad}', '\u{ad}'),
    ('\u{34f}', '\u{34f}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
];

/// Control characters that are no white space: Unicode's Cc outside `WHITE_SPACE` (NUL to
/// backspace, shift out to unit separator, DEL and the C1 controls but NEL). A question or a
/// search query of these alone is blank, as an empty one is: `/ask?query=%00` was answered "not
/// covered" with a list of closest items, and `q=%00` searched for a query with no terms and
/// found nothing, where a blank `q` lists the library. Inside a query such a character splits
/// words, as punctuation does.
pub const CONTROL: &[(char, char)] =
    &[('\u{0}', '\u{8}'), ('\u{e}', '\u{1f}'), ('\u{7f}', '\u{84}'), ('\u{86}', '\u{9f}')];

/// Whether `c` shows nothing: white space (`WHITE_SPACE`), a control character (`CONTROL`) or
/// `INVISIBLE`.
pub fn is_blank_char(c: char) -> bool {
    c.is_whitespace() || c.is_control() || is_invisible(c)
}

/// Whether `c` is one of `INVISIBLE`. Inside a word such a character joins, not splits: a
/// word copied from a web page can carry a soft hyphen or a zero-width space where a long word
/// may break ("gover\u{ad}nance", "ml\u{200b}ops"), and reads as the word without it.
#[inline]
pub fn is_invisible(c: char) -> bool {
    // One comparison for ASCII and Latin-1 below the soft hyphen, which is most of any text.
    c >= '\u{ad}' && INVISIBLE.iter().any(|&(low, high)| (low..=high).contains(&c))
}

/// `text` without the white space, control and invisible characters at either end: empty when
/// it has nothing else. Questions and search queries are trimmed this way on every surface.
pub fn trim_blank(text: &str) -> &str {
    text.trim_matches(is_blank_char)
}

/// Most earlier turns one question may carry (`prev`, `context.prev`, A2A `metadata.prev`).
/// More is a 400 (`too_many_turns`). The engine reads only the latest few
/// (`ANSWER_MAX_PREV_TURNS`); the cap is generous so a chat client that sends every earlier
/// question keeps working through a long conversation, while a request stays small.
pub const ASK_MAX_PREV_TURNS: usize = 25;
/// Longest client identifier echoed back (`conversation_id` of `/ask`), in characters.
/// Longer is a 400 (`invalid_body` or `invalid_parameter`).
pub const ASK_ID_MAX_CHARS: usize = 200;
/// Largest `POST /ask` body in bytes: room for a question and every earlier turn at their
/// longest. Past it: 413 without reading the rest.
pub const ASK_BODY_MAX: usize = 64 * 1024;
/// Seconds a client has to send a whole request body once its headers are in. Slower: 408
/// `request_timeout`, and the connection closed. The OpenAPI document states it on every
/// operation that takes a body.
pub const BODY_READ_TIMEOUT_SECS: u64 = 10;
/// Most bytes of a request line and headers (hyper's read buffer for them). Larger: hyper
/// answers 431 `header_fields_too_large` (`http::detect`), or closes the connection, before
/// the service sees the request.
/// The OpenAPI document states it where parameters can outgrow it (`GET /ask`).
pub const MAX_HEADER_BYTES: usize = 32 * 1024;
/// Most header fields (lines) of an HTTP/1.1 request, however short: hyper's own default,
/// set explicitly so the number documented is the one enforced. More: 431, like
/// [`MAX_HEADER_BYTES`]. (HTTP/2 caps the header list by size alone.)
pub const MAX_HEADER_FIELDS: usize = 100;
/// Largest A2A request body in bytes (one JSON-RPC request with one message). Past it: 413
/// with a JSON-RPC error, without reading the rest.
pub const A2A_BODY_MAX: usize = 64 * 1024;
/// Lifetime of an access token, in seconds.
pub const TOKEN_LIFETIME_SECS: u64 = 3600;
/// How long a client may reuse an export without asking again (`Cache-Control: private,
/// max-age`), in seconds: one token lifetime. The content changes only with a deploy, so a
/// copy an hour old is at worst one deploy behind, in line with the contract's advice to pull
/// the export a few times a day at most; after that the client revalidates with the weak
/// `ETag`, and an unchanged export costs a token check and a 304 with no body.
pub const EXPORT_MAX_AGE_SECS: u64 = 3600;
/// The only OAuth scope.
pub const EXPORT_SCOPE: &str = "export";
/// The only OAuth grant type.
pub const GRANT_TYPE: &str = "client_credentials";
/// Client authentication methods at the token endpoint; the first is the registration default.
pub const TOKEN_AUTH_METHODS: [&str; 2] = ["client_secret_basic", "client_secret_post"];

/// Whether `slug` matches `^[a-z0-9-]+$`: the rule for content slugs at build time and for
/// slug path parameters at run time.
pub fn is_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// How many of a slug's hyphens a [`SlugKey`] places.
pub const SLUG_KEY_HYPHENS: usize = 8;

/// What the "did you mean" (`ops::content::nearest`) compares a typed slug with, worked out
/// by the build from an item's slug and title, so a request rules most items out with a few
/// integer operations and compares text only where a match can succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlugKey {
    /// The slug's bytes as a set, each byte by its low six bits (bit `b & 63`).
    pub bytes: u64,
    /// The offsets of the slug's first [`SLUG_KEY_HYPHENS`] hyphens, 0 past the last; only
    /// filled when the slug is at most 255 bytes (every slug is), else all 0.
    pub hyphens: [u8; SLUG_KEY_HYPHENS],
    /// The byte sets (as `bytes`) of the slug's beginnings before those hyphens, 0 past the
    /// last: the first word's, the first two words', and so on.
    pub heads: [u64; SLUG_KEY_HYPHENS],
    /// The slug's words (its hyphens plus one), at most 255.
    pub words: u8,
    /// Whether no word of the slug appears twice in it.
    pub distinct: bool,
    /// The title's first byte in lower case when it is ASCII, else 0 (no title is ruled out
    /// by its first letter).
    pub title_first: u8,
}

impl SlugKey {
    /// The key of an item with `slug` and `title`.
    pub fn of(slug: &str, title: &str) -> SlugKey {
        let bytes = slug.bytes().fold(0u64, |set, b| set | 1 << (b & 63));
        let mut hyphens = [0u8; SLUG_KEY_HYPHENS];
        let mut heads = [0u64; SLUG_KEY_HYPHENS];
        if slug.len() <= usize::from(u8::MAX) {
            let at = slug.bytes().enumerate().filter(|&(_, b)| b == b'-');
            for ((slot, head), (at, _)) in hyphens.iter_mut().zip(&mut heads).zip(at) {
                *slot = u8::try_from(at).unwrap_or(0);
                *head = slug[..at].bytes().fold(0u64, |set, b| set | 1 << (b & 63));
            }
        }
        let words: Vec<&str> = slug.split('-').collect();
        let distinct = words.iter().enumerate().all(|(i, w)| !words[..i].contains(w));
        let title_first = match title.as_bytes().first() {
            Some(&b) if b.is_ascii() => b.to_ascii_lowercase(),
            _ => 0,
        };
        SlugKey {
            bytes,
            hyphens,
            heads,
            words: u8::try_from(words.len()).unwrap_or(u8::MAX),
            distinct,
            title_first,
        }
    }
}

/// One guide as the search path and the agent surfaces need it.
#[derive(Debug)]
pub struct GuideRecord {
    pub slug: &'static str,
    pub title: &'static str,
    /// Index into the category table.
    pub category: u8,
    pub description: &'static str,
    /// Canonical HTML page.
    pub url: &'static str,
    /// Path of the markdown twin (a key of `tables::FIXED`).
    pub twin_path: &'static str,
    /// The guide's Resource JSON object without its closing `}`, so the search path can append
    /// `,"relevance":N}` or `}` without serialising anything.
    pub json_open: &'static str,
    /// `json_open` escaped as the contents of a JSON string (no quotes around it): an MCP tool
    /// result repeats its JSON as text, and a search page's text is mostly these objects.
    pub json_open_escaped: &'static str,
    /// The slug and title as the "did you mean" compares them.
    pub key: SlugKey,
}

/// JSON fixed at build time, beside its text escaped as the contents of a JSON string (no
/// quotes around it). An MCP tool repeats its JSON as the text of a text block; escaping a
/// fixed answer on every call cost more than all the rest of the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedJson {
    pub json: &'static str,
    pub escaped: &'static str,
}

/// The kinds of content item that have a page and a markdown twin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    Service,
    Industry,
    CaseStudy,
    Guide,
    Docs,
}

impl ItemKind {
    /// The first path segment of this kind's pages (`/services/<slug>/`).
    pub const fn segment(self) -> &'static str {
        match self {
            ItemKind::Service => "services",
            ItemKind::Industry => "industries",
            ItemKind::CaseStudy => "case-studies",
            ItemKind::Guide => "guides",
            ItemKind::Docs => "docs",
        }
    }
}

/// A service, industry, case study or documentation page: the contract's Page plus what the
/// agent surfaces need to cite and read it.
#[derive(Debug)]
pub struct PageRecord {
    pub kind: ItemKind,
    pub slug: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// Canonical HTML page.
    pub url: &'static str,
    /// Path of the markdown twin (a key of `tables::FIXED`).
    pub twin_path: &'static str,
    /// The Page JSON object exactly as the REST API serves it.
    pub json: &'static str,
    /// `json` escaped as the contents of a JSON string, for an MCP tool's text block.
    pub json_escaped: &'static str,
    /// The slug and name as the "did you mean" compares them.
    pub key: SlugKey,
}

impl PageRecord {
    /// The Page JSON object with its escaped twin.
    pub const fn fixed_json(&self) -> FixedJson {
        FixedJson { json: self.json, escaped: self.json_escaped }
    }
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
    /// Every indexed word (and synonym phrase) in `text`, by start, each packed by
    /// [`packed::token`]: its byte offsets into `text` and its term id.
    pub tokens: &'static [u64],
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
    /// For a pillar below [`crate::scoring::ADVICE_BELOW`]: how to improve it.
    pub advice: &'static str,
    /// For the weakest pillar when no pillar is below that: how to keep it strong.
    pub strong_advice: &'static str,
}

/// One maturity band; `min` is a threshold on the 0-100 score.
#[derive(Debug)]
pub struct BandRecord {
    pub min: u8,
    pub name: &'static str,
    /// What the band means for an organisation in it (the assessment page's line for it);
    /// empty when the content gives none.
    pub summary: &'static str,
    pub guidance: &'static [&'static str],
}

/// The header values of a fixed response or one of its encoded variants, built when the
/// binary is compiled (`HeaderValue::from_static` is a const fn, so an invalid value fails the
/// build): serving one copies a pointer instead of validating the text again. They are the
/// same text as the `&str` fields beside them.
#[derive(Debug, PartialEq, Eq)]
pub struct FixedValues {
    pub content_type: http::HeaderValue,
    pub cache_control: http::HeaderValue,
    pub etag: http::HeaderValue,
}

/// A precomputed response for a fixed GET route.
#[derive(Debug, PartialEq, Eq)]
pub struct FixedResponse {
    pub content_type: &'static str,
    pub cache_control: &'static str,
    /// A strong validator, quoted, derived from the body bytes.
    pub etag: &'static str,
    pub body: &'static str,
    /// The body compressed with gzip, when it is over `COMPRESS_MIN_BYTES` and that saves bytes.
    pub gzip: Option<Encoded>,
    /// The body compressed with brotli, likewise.
    pub br: Option<Encoded>,
    /// `content_type`, `cache_control` and `etag` as header values.
    pub values: &'static FixedValues,
}

/// One precompressed variant of a fixed response: its bytes and its own strong validator
/// (RFC 9110 section 8.8.3: each content coding is a different representation).
#[derive(Debug, PartialEq, Eq)]
pub struct Encoded {
    pub body: &'static [u8],
    pub etag: &'static str,
    /// The response's content type and cache policy and this variant's `etag`, as header
    /// values.
    pub values: &'static FixedValues,
}

/// Fixed responses larger than this many bytes are precompressed at build time; smaller ones
/// gain too little to pay for the variant.
pub const COMPRESS_MIN_BYTES: usize = 1024;

/// The links of a website page or its markdown twin, for content negotiation and the `Link`
/// response header.
#[derive(Debug, PartialEq, Eq)]
pub struct PageLinks {
    /// For an HTML page, the path of its markdown twin; `None` for a twin.
    pub twin: Option<&'static str>,
    /// The `Link` header value: the twin as `rel="alternate"` on a page, the page as
    /// `rel="canonical"` on a twin.
    pub link: &'static str,
}

/// Every `error.code` the API returns, with its status and meaning. The server's `ApiError`
/// maps onto this table, the OpenAPI document lists it as an enum, and the errors page of the
/// documentation is generated from it, so the three cannot drift apart. Codes are stable:
/// add new ones, never rename or reuse.
pub const ERROR_CODES: &[(&str, u16, &str)] = &[
    (
        "not_found",
        404,
        "No resource exists at this path. GET /v1 links every endpoint and GET /llms.txt every page; check the path against them.",
    ),
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
        "The path is malformed: it must start with `/`, and may not contain dot segments, empty segments, control characters or invalid percent-encoding; a batch item's path is at most 4096 characters.",
    ),
    (
        "method_not_allowed",
        405,
        "The path exists but does not support this method; the `Allow` header lists the methods it does.",
    ),
    (
        "unknown_parameter",
        400,
        "The query string has a parameter this endpoint does not define; the message names it. The OpenAPI document lists each endpoint's parameters.",
    ),
    (
        "duplicate_parameter",
        400,
        "A query parameter was given more than once (the same name twice, as in `?q=a&q=b`); send it once.",
    ),
    ("invalid_parameter", 400, "A query parameter is not valid UTF-8 after percent-decoding."),
    ("invalid_limit", 400, "`limit` is not an integer from 1 to 50."),
    (
        "unknown_category",
        400,
        "`category` is not one of the names GET /v1/resources/categories returns (names are exact; the message names the one meant when it can tell).",
    ),
    ("query_too_long", 400, "`q` is longer than 200 characters; shorten it to its key words."),
    (
        "invalid_cursor",
        400,
        "`cursor` is malformed, tampered with, or was issued for a different query (`q`), category or limit (or by another build of the content). Send it back unchanged with the same `q`, category and limit, or start again without a cursor.",
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
    (
        "batch_too_large",
        400,
        "`requests` has more than 20 items; split them over several batches of at most 20.",
    ),
    (
        "path_outside_api",
        400,
        "A batch item's path is not under /v1; a batch runs API GET requests only.",
    ),
    (
        "unsupported_media_type",
        415,
        "The request body cannot be read as sent: its `Content-Type` header is not JSON (form data included: a body is accepted as JSON only, the OAuth token endpoint's form aside), is sent twice or names a charset other than UTF-8, or it carries a `Content-Encoding` other than `identity` or a `Transfer-Encoding` other than `chunked`. Send uncompressed UTF-8 JSON with one `Content-Type: application/json`.",
    ),
    (
        "payload_too_large",
        413,
        "The request body is over the size limit of the endpoint: 8 KiB for POST /v1/ai-readiness/score, 16 KiB for the OAuth endpoints, 64 KiB for POST /v1/batch, the MCP servers, /ask and the A2A agent. Send less (a batch in two calls).",
    ),
    (
        "missing_token",
        401,
        "GET /v1/export needs `Authorization: Bearer <token>`; get a token with the client-credentials flow.",
    ),
    (
        "invalid_token",
        401,
        "The bearer token is malformed, expired (a token lives 3600 seconds), issued in the future, signed with another key, or not for this API. Get a new one from POST /oauth/token.",
    ),
    (
        "request_timeout",
        408,
        "The request timed out: its body took longer than 10 seconds to arrive; the connection is closed. Send the request again, whole.",
    ),
    (
        "rate_limited",
        429,
        "More than the fair-use number of requests (300 a minute by default) from your address; wait the seconds `Retry-After` gives, then send the request again.",
    ),
    (
        "too_many_connections",
        429,
        "Your address already holds the most connections one client may open (64 unless the operator set another number; an IPv6 address counts with the rest of its /64 network, or of the prefix the operator set, and the message then names that network); reuse one (keep-alive) or close one first.",
    ),
    // The JSON-RPC surfaces (the MCP servers, the A2A agent) answer JSON-RPC errors; the
    // stable code is in `error.data` beside the JSON-RPC code. The status is the one MCP
    // 2026-07-28 answers with (the README's MCP section gives the legacy revisions'); the A2A
    // agent answers JSON-RPC errors with HTTP 200.
    (
        "invalid_request",
        400,
        "The body is not one JSON-RPC 2.0 request or notification: a batch (refused by A2A and since MCP 2025-06-18), a response, or a malformed envelope (JSON-RPC -32600).",
    ),
    (
        "unknown_method",
        404,
        "This MCP server or the A2A agent does not implement the JSON-RPC method (JSON-RPC -32601; HTTP 200 in MCP's legacy revisions and on A2A).",
    ),
    (
        "invalid_params",
        400,
        "The JSON-RPC params do not fit the method: not an object, a missing or mistyped field, a missing `_meta` field (MCP 2026-07-28), or a cursor this server did not issue (JSON-RPC -32602).",
    ),
    (
        "unknown_tool",
        400,
        "No tool of this MCP server has this name; `tools/list` lists them (JSON-RPC -32602).",
    ),
    (
        "unknown_prompt",
        400,
        "No prompt of this MCP server has this name, or a required prompt argument is missing (JSON-RPC -32602).",
    ),
    (
        "unknown_resource",
        400,
        "No resource of this MCP server has this URI; `resources/list` lists them (JSON-RPC -32602; -32002 with HTTP 200 in the legacy revisions).",
    ),
    (
        "header_mismatch",
        400,
        "An MCP 2026-07-28 request lacks `MCP-Protocol-Version`, `Mcp-Method` or `Mcp-Name`, or one disagrees with the body (JSON-RPC -32020).",
    ),
    (
        "unsupported_protocol_version",
        400,
        "The MCP protocol version is not one this server speaks; `error.data.supported` lists them (JSON-RPC -32022).",
    ),
    (
        "not_acceptable",
        406,
        "The `Accept` header allows neither `application/json` nor `text/event-stream`, the two forms the MCP servers, `/ask` and the A2A agent answer in; an MCP client sends both.",
    ),
    (
        "forbidden_origin",
        403,
        "The `Origin` header is not one origin as RFC 6454 serialises it (`scheme://host[:port]` in lower case, a port only when not the scheme's default and from 1 to 65535) or `null`.",
    ), // The natural-language surfaces (`/ask`, A2A): the question and its earlier turns.
    ("missing_query", 400, "No question: `query` (or the A2A message's text) is missing or blank."),
    (
        "question_too_long",
        400,
        "The question, or one of its earlier turns, is longer than 500 characters.",
    ),
    (
        "too_many_turns",
        400,
        "More than 25 earlier turns were sent with the question; send only the latest 25.",
    ),
    ("unknown_mode", 400, "`mode` of /ask is neither `list` nor `summarize`."),
    // The A2A agent's own errors (JSON-RPC -32001 to -32009); it answers them with HTTP 200.
    (
        "task_not_found",
        404,
        "A2A: no task has this id; the agent answers with messages and keeps no tasks, so `GetTask`, `CancelTask` and `SubscribeToTask` (0.3: `tasks/get`, `tasks/cancel`, `tasks/resubscribe`) return it (-32001).",
    ),
    (
        "push_notifications_not_supported",
        400,
        "A2A: the agent sends no push notifications; its card says so (-32003).",
    ),
    (
        "unsupported_operation",
        400,
        "A2A: the operation is not offered, such as the extended agent card (-32004).",
    ),
    (
        "content_type_not_supported",
        400,
        "A2A: a part is a file or of a media type the agent does not read, or no accepted output mode is one it writes (-32005).",
    ),
    (
        "version_not_supported",
        400,
        "A2A: the `A2A-Version` is not 0.3 or 1.0, the header and the query parameter name different versions, or the method belongs to the other version (-32009).",
    ),
    (
        "invalid_host",
        400,
        "A request has more than one `Host` header or one that is not a host and port (RFC 9110, section 7.2), an HTTP/1.1 request none (RFC 9112, section 3.2), or one that names another host than its `:authority` pseudo-header (RFC 9113, section 8.3.1).",
    ),
    (
        "insufficient_scope",
        403,
        "The bearer token is valid but lacks the scope `export` that GET /v1/export needs; `WWW-Authenticate` names it (RFC 6750, section 3.1). Get a token with scope `export`.",
    ),
    (
        "ambiguous_credentials",
        400,
        "The request carries more than one `Authorization` header (two tokens, or a token and client credentials together), so which credentials are meant is unclear (RFC 6750, section 3.1, and RFC 6749, section 5.2: `invalid_request`). Send one.",
    ),
    (
        "precondition_failed",
        412,
        "The `If-Match` header names no current representation: it is neither `*` nor a list holding the response's strong `ETag` (RFC 9110, section 13.1.1: strong comparison, so a weak tag never matches). Fetch again for the current `ETag`.",
    ),
    (
        "duplicate_member",
        400,
        "An object in the JSON body names the same member more than once (such as `answers` twice), so which value is meant is unclear (RFC 8259, section 4); the message names the member and where it is. Send each member once. The JSON-RPC surfaces answer it as an invalid request (-32600).",
    ),
    // Answered by the HTTP/1 layer before any surface reads the request, so in this shape on
    // every path, the JSON-RPC ones included; the connection is then closed.
    (
        "malformed_request",
        400,
        "The HTTP/1 request line or a header could not be parsed: a bad method, target, header name or value, `Content-Length` or `Transfer-Encoding`, a version other than HTTP/1.0 or 1.1, or bytes that are not HTTP at all (such as TLS sent to this cleartext port). The connection is closed; fix the request and send it on a new one.",
    ),
    (
        "header_fields_too_large",
        431,
        "The request line and headers together are over 32 KiB, or an HTTP/1.1 request has more than 100 header fields however short (RFC 6585). The connection is closed. Send long input in a body: `POST /ask` takes what `GET /ask` would carry in its query string.",
    ),
];

/// The kind of every error the service answers; `ERROR_CODES[kind as usize]` is its row, so
/// the code, status and meaning come from the one table. Keep the two lists in the same order
/// (a unit test checks each variant against its code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ErrorKind {
    NotFound,
    ServiceNotFound,
    CaseStudyNotFound,
    InvalidSlug,
    InvalidPath,
    MethodNotAllowed,
    UnknownParameter,
    DuplicateParameter,
    InvalidParameter,
    InvalidLimit,
    UnknownCategory,
    QueryTooLong,
    InvalidCursor,
    InvalidJson,
    InvalidBody,
    InvalidAnswers,
    InvalidIdempotencyKey,
    BatchEmpty,
    BatchTooLarge,
    PathOutsideApi,
    UnsupportedMediaType,
    PayloadTooLarge,
    MissingToken,
    InvalidToken,
    RequestTimeout,
    RateLimited,
    TooManyConnections,
    InvalidRequest,
    UnknownMethod,
    InvalidParams,
    UnknownTool,
    UnknownPrompt,
    UnknownResource,
    HeaderMismatch,
    UnsupportedProtocolVersion,
    NotAcceptable,
    ForbiddenOrigin,
    MissingQuery,
    QuestionTooLong,
    TooManyTurns,
    UnknownMode,
    TaskNotFound,
    PushNotificationsNotSupported,
    UnsupportedOperation,
    ContentTypeNotSupported,
    VersionNotSupported,
    InvalidHost,
    InsufficientScope,
    AmbiguousCredentials,
    PreconditionFailed,
    DuplicateMember,
    MalformedRequest,
    HeaderFieldsTooLarge,
}

impl ErrorKind {
    /// The stable `error.code`.
    pub const fn code(self) -> &'static str {
        ERROR_CODES[self as usize].0
    }
    /// The HTTP status the REST surface answers with.
    pub const fn status(self) -> u16 {
        ERROR_CODES[self as usize].1
    }
    /// What the code means, as the errors page and the OpenAPI document say it.
    pub const fn meaning(self) -> &'static str {
        ERROR_CODES[self as usize].2
    }
}

/// Which surface of the service an endpoint belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// The JSON API under `/v1` (the contract's endpoint table).
    Rest,
    /// The OAuth authorization server (RFC 7591 registration, RFC 6749 token).
    OAuth,
    /// Machine-readable discovery documents (OpenAPI, OAuth metadata, MCP server cards, the
    /// agent card, the AI catalog).
    Discovery,
    /// The two MCP servers (Streamable HTTP, JSON-RPC 2.0).
    Mcp,
    /// The NLWeb-compatible natural-language query endpoint (`/ask`).
    Ask,
    /// The A2A (agent-to-agent) JSON-RPC endpoint.
    A2a,
    /// What the people and machines running the service use (`/healthz`); not part of the
    /// API index.
    Operations,
}

/// One endpoint of the service: what exists, in one place. The `/v1` index, the OpenAPI
/// document's paths and summaries, the router's documentation and the README's endpoint table
/// are generated from (or checked against) this list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Endpoint {
    pub method: &'static str,
    /// The path, with `{slug}` for a path parameter.
    pub path: &'static str,
    /// One line for people and agents.
    pub summary: &'static str,
    pub surface: Surface,
}

const fn endpoint(
    method: &'static str,
    path: &'static str,
    surface: Surface,
    summary: &'static str,
) -> Endpoint {
    Endpoint { method, path, summary, surface }
}

/// Every endpoint of the service, in the order the documentation presents them. To add one:
/// add its row here, route it in `src/route.rs`, describe it in `src/compiler/openapi.rs` (the
/// build fails until the two agree) and add its README row (a test compares them).
pub const ENDPOINTS: &[Endpoint] = &[
    endpoint("GET", "/v1", Surface::Rest, "This index"),
    endpoint("GET", "/v1/services", Surface::Rest, "All service pages"),
    endpoint("GET", "/v1/services/{slug}", Surface::Rest, "One service page"),
    endpoint("GET", "/v1/industries", Surface::Rest, "All industry pages"),
    endpoint("GET", "/v1/case-studies", Surface::Rest, "All published case studies"),
    endpoint("GET", "/v1/case-studies/{slug}", Surface::Rest, "One case study"),
    endpoint(
        "GET",
        "/v1/resources",
        Surface::Rest,
        "Full-text search and cursor paging over the guide library (q, category, limit, cursor)",
    ),
    endpoint(
        "GET",
        "/v1/resources/categories",
        Surface::Rest,
        "The guide categories with their guide counts",
    ),
    endpoint(
        "GET",
        "/v1/ai-readiness/questions",
        Surface::Rest,
        "The AI readiness assessment: sections, questions, options and bands",
    ),
    endpoint(
        "POST",
        "/v1/ai-readiness/score",
        Surface::Rest,
        "Score assessment answers: score, band, pillar averages and advice",
    ),
    endpoint("POST", "/v1/batch", Surface::Rest, "Run up to 20 GET requests under /v1 in one call"),
    endpoint(
        "GET",
        "/v1/export",
        Surface::Rest,
        "Bulk export of the whole dataset (OAuth 2.0 client credentials, scope export)",
    ),
    endpoint("GET", "/v1/contact", Surface::Rest, "How to reach the consultancy"),
    endpoint(
        "POST",
        "/oauth/register",
        Surface::OAuth,
        "Register a client anonymously (RFC 7591); the secret is shown once",
    ),
    endpoint(
        "POST",
        "/oauth/token",
        Surface::OAuth,
        "Exchange client credentials for a bearer token with scope export (RFC 6749)",
    ),
    endpoint(
        "GET",
        "/.well-known/oauth-authorization-server",
        Surface::Discovery,
        "Authorization server metadata (RFC 8414)",
    ),
    endpoint(
        "GET",
        "/.well-known/oauth-protected-resource",
        Surface::Discovery,
        "Protected resource metadata of the export (RFC 9728)",
    ),
    endpoint(
        "GET",
        "/.well-known/oauth-protected-resource/v1/export",
        Surface::Discovery,
        "The same metadata where RFC 9728 section 3.1 derives it from the export's URL",
    ),
    endpoint("GET", "/openapi.json", Surface::Discovery, "This API's OpenAPI 3.1 document"),
    endpoint(
        "POST",
        "/mcp",
        Surface::Mcp,
        "The product MCP server: services, industries, case studies, contact and readiness scoring as tools and resources",
    ),
    endpoint(
        "POST",
        "/mcp/docs",
        Surface::Mcp,
        "The docs MCP server: search and read the guides, the API documentation and the OpenAPI document",
    ),
    endpoint(
        "GET",
        "/mcp/server-card",
        Surface::Discovery,
        "Server card of the product MCP server (experimental MCP server-card extension)",
    ),
    endpoint(
        "GET",
        "/mcp/docs/server-card",
        Surface::Discovery,
        "Server card of the docs MCP server",
    ),
    endpoint(
        "GET",
        "/.well-known/mcp/server-card.json",
        Surface::Discovery,
        "The product server's card at the address the /v1 index links",
    ),
    endpoint(
        "GET",
        "/.well-known/ai-catalog.json",
        Surface::Discovery,
        "AI catalog of this domain: both MCP server cards and the A2A agent card",
    ),
    endpoint(
        "GET",
        "/ask",
        Surface::Ask,
        "Ask a question in plain language (NLWeb): a cited answer from the content, JSON or server-sent events",
    ),
    endpoint("POST", "/ask", Surface::Ask, "The same, with a JSON body (flat or NLWeb v0.5 shape)"),
    endpoint(
        "POST",
        A2A_PATH,
        Surface::A2a,
        "The A2A agent (JSON-RPC, protocol 1.0 and 0.3): questions answered and readiness scored",
    ),
    endpoint(
        "GET",
        "/.well-known/agent-card.json",
        Surface::Discovery,
        "The A2A agent card: skills, interfaces, capabilities",
    ),
    endpoint(
        "GET",
        "/.well-known/agent.json",
        Surface::Discovery,
        "The same agent card at its address before A2A 0.3",
    ),
    endpoint(
        "GET",
        "/healthz",
        Surface::Operations,
        "Health check (liveness and readiness) for load balancers: 200 while serving, 503 to a request that reaches a stopping process; not rate-limited",
    ),
];

/// Path of the site's social card, the PNG every page names as its `og:image`.
pub const SOCIAL_CARD_PATH: &str = "/social-card.png";
/// `Cache-Control` of the social card: thirty days. Pages name it with `?v=` and eight hex
/// digits of its validator, so a new card is a new URL to every cache that keys on the URL
/// (chat apps' crawlers keep an image by URL, whatever it says); a client that asks for the
/// bare path revalidates by `ETag` after a month. `private="RateLimit"` as for content.
pub const SOCIAL_CARD_CACHE: &str = "max-age=2592000, private=\"RateLimit\"";

/// Path of the A2A JSON-RPC endpoint on the agent origin.
pub const A2A_PATH: &str = "/a2a";
/// The assessment's server-rendered result page, where its form submits without scripts.
pub const ASSESSMENT_RESULT_PATH: &str = "/ai-readiness/result/";

/// One skill of the A2A agent, as its card lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentSkill {
    pub id: &'static str,
    pub name: &'static str,
    /// `{api}` stands for the API origin of the flavour built (`API_BASE`): the card writes
    /// every address absolute, since an agent reads it far from this host.
    pub description: &'static str,
    pub tags: &'static [&'static str],
    /// Example requests: plain questions, or the JSON of a data part.
    pub examples: &'static [&'static str],
    /// Media types the skill reads; the card's defaults when empty.
    pub input_modes: &'static [&'static str],
    /// Media types the skill writes; the card's defaults when empty.
    pub output_modes: &'static [&'static str],
}

/// Media types every answer of the agent carries: a text part and a JSON data part.
pub const A2A_MODES: [&str; 2] = ["text/plain", "application/json"];

/// The A2A agent's skills, in the order its card lists them. The card (both addresses) is
/// generated from this table at build time; a skill is chosen per message by its parts (a
/// data part with `answers`, or text ending in a list after a request to score, is scored;
/// other text is answered), so add a row only with the code
/// that serves it. Examples must work as written: a test sends each one.
pub const A2A_SKILLS: &[AgentSkill] = &[
    AgentSkill {
        id: "answer-questions",
        name: "Answer questions about data and AI",
        description: "Answers a question in plain language with a few sentences quoted from the guide library, each citing its guide, and the sources as schema.org objects. Follow-ups work: send the contextId of the first answer, or earlier questions in metadata.prev. Questions the content does not answer get an honest 'not covered' with the closest guides.",
        tags: &["data", "ai", "analytics", "guides", "question-answering"],
        examples: &[
            "How do we start with demand forecasting?",
            "How should we monitor a model for drift in production?",
            "What is a data contract?",
        ],
        input_modes: &["text/plain"],
        output_modes: &[],
    },
    AgentSkill {
        id: "services-and-case-studies",
        name: "Services, industries and case studies",
        description: "Tells which services the consultancy offers, which industries it works in and what its published case studies did, with links to each page.",
        tags: &["services", "industries", "case-studies", "consultancy"],
        examples: &[
            "Which services do you offer?",
            "Which industries do you work in?",
            "Do you have a case study in retail?",
        ],
        input_modes: &["text/plain"],
        output_modes: &[],
    },
    AgentSkill {
        id: "score-ai-readiness",
        name: "Score AI readiness",
        description: "Scores the 16-question AI readiness assessment: send a data part {\"answers\": [...]} with 16 option indices (0-4, every question in order) or 15 points (1-5, scored questions only), or type the same list as text after asking for a score (\"score these answers: 2,3,1,...\"). Answers with the score, the maturity band, pillar averages and advice (the ReadinessResult of POST {api}/v1/ai-readiness/score) and a one-paragraph summary. The questions are at GET {api}/v1/ai-readiness/questions.",
        tags: &["ai-readiness", "assessment", "scoring", "maturity"],
        examples: &[
            "{\"answers\":[2,3,2,1,2,3,1,2,2,3,1,2,3,2,1,2]}",
            "score these answers: 2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,1",
        ],
        input_modes: &["application/json", "text/plain"],
        output_modes: &[],
    },
    AgentSkill {
        id: "contact-details",
        name: "Contact details and prices",
        description: "Gives the consultancy's contact details and how to make an enquiry; says plainly that no prices are published.",
        tags: &["contact", "enquiry", "pricing"],
        examples: &["How can I get in touch?", "What do you charge?"],
        input_modes: &["text/plain"],
        output_modes: &[],
    },
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

/// What kind of content item an answer cites. The order is the order of `ANSWER_ITEMS` in the
/// generated tables: guides first, then services, industries, case studies, docs pages, the
/// assessment and the contact record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SourceKind {
    /// A guide of the library (`/guides/{slug}/`).
    Guide,
    /// A service page (`/services/{slug}/`).
    Service,
    /// An industry page (`/industries/{slug}/`).
    Industry,
    /// A published case study (`/case-studies/{slug}/`).
    CaseStudy,
    /// An API documentation page (`/docs/{slug}/`).
    Docs,
    /// The AI readiness self-assessment (`/ai-readiness/`).
    Assessment,
    /// The company's contact record (`/v1/contact`), cited as the organisation itself.
    Contact,
}

impl SourceKind {
    /// A stable lowercase name for wire formats: `guide`, `service`, `industry`,
    /// `case-study`, `docs`, `assessment`, `contact`.
    pub const fn name(self) -> &'static str {
        match self {
            SourceKind::Guide => "guide",
            SourceKind::Service => "service",
            SourceKind::Industry => "industry",
            SourceKind::CaseStudy => "case-study",
            SourceKind::Docs => "docs",
            SourceKind::Assessment => "assessment",
            SourceKind::Contact => "contact",
        }
    }

    /// The schema.org type of the item's JSON-LD object (`SourceItem::schema_org`).
    pub const fn schema_type(self) -> &'static str {
        match self {
            SourceKind::Guide => "Article",
            SourceKind::Service => "Service",
            SourceKind::Industry => "WebPage",
            SourceKind::CaseStudy => "CreativeWork",
            SourceKind::Docs => "TechArticle",
            SourceKind::Assessment => "WebApplication",
            SourceKind::Contact => "Organization",
        }
    }
}

/// One content item the answer engine can retrieve and cite.
#[derive(Debug, PartialEq, Eq)]
pub struct SourceItem {
    pub kind: SourceKind,
    /// The item's slug; `ai-readiness` for the assessment and `contact` for the contact record.
    pub slug: &'static str,
    /// Title of a guide or docs page, name of a service, industry or case study.
    pub title: &'static str,
    /// Canonical page (the website origin for the contact record).
    pub url: &'static str,
    /// One or two sentences saying what the item is.
    pub description: &'static str,
    /// The category name of a guide; `None` for other kinds.
    pub category: Option<&'static str>,
    /// A schema.org JSON-LD object for the item (`@type` from [`SourceKind::schema_type`],
    /// `name`, `url`, `description` and the kind's own fields), serialised at build time so an
    /// adapter can splice it into a response without building it.
    pub schema_org: &'static str,
}

/// One passage of an item: a sentence, a list item or a table row, as plain text.
#[derive(Debug, PartialEq, Eq)]
pub struct Passage {
    /// Index into `ANSWER_ITEMS`.
    pub item: u16,
    /// The heading the passage sits under; the item title for its description, empty for an
    /// introduction before the first heading.
    pub heading: &'static str,
    /// The sentence as a reader sees it, ending in terminal punctuation.
    pub text: &'static str,
    /// Paragraph, list item or table row number within the item; sentences of one paragraph
    /// share it, so a reader-order sort keeps them together.
    pub block: u16,
    /// One bit per stem (hashed into 64): two passages whose bit sets mostly overlap say nearly
    /// the same thing, so an answer keeps only one of them.
    pub signature: u64,
    /// Whether the passage can stand on its own in an answer: false for lead-ins that end in a
    /// colon, fragments too short to say anything or continuing a lead-in, rows of wide
    /// tables, and descriptions that say what an item covers rather than what is true.
    pub answerable: bool,
    /// The passage leans on the one before it ("It is owned by the business."): quoting it
    /// means quoting that one too.
    pub continues: bool,
    /// The passage points at another page ("see reconciling old and new platforms"); it answers
    /// less than a sentence that says the thing itself.
    pub cross_reference: bool,
    /// The passage says what its subject is ("A data contract is an explicit, versioned
    /// agreement ..."): what a "what is ...?" question wants first.
    pub defines: bool,
    /// The passage says how long something takes or lasts ("A typical engagement lasts six to
    /// eight weeks."): what a "how long ...?" question wants first.
    pub states_duration: bool,
    /// The passage is a sentence of a list item that a lead-in introduces ("Examples:" before
    /// "Run cost estimate exceeds 50% of the expected annual benefit.", an example of a kill
    /// criterion): quoted beside another sentence, without the lead-in that says what the
    /// list is, it reads as a claim of its own. So is an item of a list under a heading of
    /// what goes wrong ("Pitfalls") with no run-in label: "Fine-tuning to fix problems that
    /// are really retrieval failures." is a mistake, not a method.
    pub list_item: bool,
    /// The passage is a row of a two-column table, its cell joined to its label with no
    /// column label ("Monitoring: Input drift, prediction drift and, where outcomes arrive,
    /// real accuracy.", under "Component | Why it matters"): a label and a cell, which reads
    /// as an answer only beside what says what the table is about.
    pub bare_row: bool,
}

/// How the contact answer's sentence of where the firm works opens ("Location: Leeds and
/// London ..."): the engine puts that sentence first when a question asks where.
pub const LOCATION_LABEL: &str = "Location: ";

/// Whether `heading` names what goes wrong ("Pitfalls", "Common mistakes", "Production
/// pitfalls"): the items of a list under it are what not to do, which each leaves to the
/// heading to say ("Fine-tuning to fix problems that are really retrieval failures."). The
/// index marks them as list items a lead-in introduces (`Passage::list_item`), and the answer
/// engine quotes them first only for a question of what goes wrong.
pub fn names_what_goes_wrong(heading: &str) -> bool {
    heading.split(|c: char| !c.is_alphanumeric()).any(|word| {
        ["pitfall", "pitfalls", "mistake", "mistakes"]
            .iter()
            .any(|wrong| wrong.eq_ignore_ascii_case(word))
    })
}

/// Path of the error-code reference, generated from [`ERROR_CODES`] (the build's pages; a 404
/// offers it for `/docs/error-codes/`).
pub const ERRORS_PATH: &str = "/docs/errors/";
/// The error-code reference's title, as the page and its search document (`docs/errors`)
/// give it.
pub const ERRORS_TITLE: &str = "Error codes";

/// The heading of the organisation's statements of how it works with a client (the contact
/// record's `terms`): the home page's section over them, and their passages' heading, by
/// which the answer engine knows a term of business from the rest of the contact record.
pub const TERMS_HEADING: &str = "How we work";

/// A company question the engine answers from the structured records, not from passages.
/// The order is the order of `COMPANY_ANSWERS` in the generated tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CompanyTopic {
    /// Who the company is.
    About,
    /// The services offered.
    Services,
    /// The industries served.
    Industries,
    /// The published case studies.
    CaseStudies,
    /// Prices, fees and costs of working with the company (none are published).
    Pricing,
    /// How to get in touch.
    Contact,
    /// The AI readiness self-assessment.
    Assessment,
}

impl CompanyTopic {
    /// Every topic, in `COMPANY_ANSWERS` order.
    pub const ALL: [CompanyTopic; 7] = [
        CompanyTopic::About,
        CompanyTopic::Services,
        CompanyTopic::Industries,
        CompanyTopic::CaseStudies,
        CompanyTopic::Pricing,
        CompanyTopic::Contact,
        CompanyTopic::Assessment,
    ];

    /// A stable lowercase name for wire formats.
    pub const fn name(self) -> &'static str {
        match self {
            CompanyTopic::About => "about",
            CompanyTopic::Services => "services",
            CompanyTopic::Industries => "industries",
            CompanyTopic::CaseStudies => "case-studies",
            CompanyTopic::Pricing => "pricing",
            CompanyTopic::Contact => "contact",
            CompanyTopic::Assessment => "assessment",
        }
    }
}

/// A canned answer composed at build time from the structured records.
#[derive(Debug, PartialEq, Eq)]
pub struct CannedAnswer {
    /// Sentences in order, each with the range of `sources` it is drawn from.
    pub sentences: &'static [(&'static str, u8, u8)],
    /// Indices into `ANSWER_ITEMS`, in citation order.
    pub sources: &'static [u16],
}

/// Words of question phrasing that say little about a question's topic ("best", "way",
/// "since", "without"). The answer engine weighs them at a quarter of a topic word; the
/// compiler emits their stems (`ANSWER_FILLER_STEMS`) so "tried" and "trying" count as "try".
///
/// Keep it sorted. Add a word when it shows up in questions but pulls in unrelated items;
/// never add one that names a topic of the content once stemmed ("learn", "mean", "use",
/// "important", "practical" and "explain" stem to words the guides are about).
pub const ANSWER_FILLER_WORDS: &[&str] = &[
    "able",
    "actually",
    "advice",
    "after",
    "again",
    "against",
    "ago",
    "almost",
    "already",
    "also",
    "always",
    "am",
    "another",
    "anyone",
    "anything",
    "anyway",
    "approach",
    "around",
    "away",
    "back",
    "because",
    "been",
    "before",
    "begin",
    "beginning",
    "being",
    "best",
    "better",
    "both",
    "certain",
    "could",
    "did",
    "does",
    "doing",
    "done",
    "each",
    "either",
    "else",
    "enough",
    "ever",
    "every",
    "everyone",
    "everything",
    "exactly",
    // "Can you work with our existing team?": the team is what is asked; searched, "existing"
    // quoted a regulation guide's "beyond existing law".
    "existing",
    "example",
    "few",
    "further",
    "get",
    "gets",
    "getting",
    "give",
    "go",
    "going",
    "good",
    "got",
    "guidance",
    "guide",
    "had",
    "having",
    "here",
    "however",
    "idea",
    "ideas",
    // "How do we improve data literacy?": what is to be improved is the subject, as with
    // "reduce"; at full weight, "improve" put the measuring guide's "an improvement of roughly
    // 15 points" before the programme guide.
    "improve",
    "just",
    "know",
    "less",
    "like",
    "look",
    "lot",
    "made",
    "main",
    "make",
    "makes",
    "making",
    "many",
    "matter",
    "may",
    "maybe",
    "might",
    "more",
    "most",
    "much",
    "must",
    "need",
    "needs",
    "never",
    "next",
    "now",
    "nowadays",
    "often",
    "once",
    "one",
    "only",
    "other",
    "others",
    "otherwise",
    "own",
    "per",
    "perhaps",
    "please",
    "probably",
    "quite",
    "rather",
    "really",
    "reduce",
    "reducing",
    "right",
    "same",
    "say",
    "several",
    "shall",
    "since",
    "some",
    "someone",
    "something",
    "sometimes",
    "soon",
    "start",
    "started",
    "starting",
    "still",
    "such",
    "sure",
    "take",
    "takes",
    "taking",
    "tell",
    "thing",
    "things",
    "tip",
    "tips",
    "too",
    "toward",
    "towards",
    "tried",
    "tries",
    "try",
    "trying",
    "typically",
    "under",
    "understand",
    "until",
    "up",
    "upon",
    "usually",
    "very",
    "via",
    "want",
    "way",
    "ways",
    "whatever",
    "whether",
    "while",
    "within",
    "without",
    "would",
    "year",
    "years",
    "yet",
];

/// An MCP protocol revision the two MCP servers speak: the modern, stateless 2026-07-28
/// (every request carries its version in `_meta`) and three legacy revisions reached through
/// the `initialize` handshake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum McpVersion {
    V2026_07_28,
    V2025_11_25,
    V2025_06_18,
    V2025_03_26,
}

impl McpVersion {
    /// Every revision served, newest first (`server/discover`'s `supportedVersions` and the
    /// server cards' `supportedProtocolVersions`).
    pub const ALL: [McpVersion; 4] = [
        McpVersion::V2026_07_28,
        McpVersion::V2025_11_25,
        McpVersion::V2025_06_18,
        McpVersion::V2025_03_26,
    ];
    /// The revisions with an `initialize` handshake, newest first; `initialize` answers with
    /// the first when the client proposes one it does not know.
    pub const LEGACY: [McpVersion; 3] =
        [McpVersion::V2025_11_25, McpVersion::V2025_06_18, McpVersion::V2025_03_26];

    pub const fn as_str(self) -> &'static str {
        match self {
            McpVersion::V2026_07_28 => "2026-07-28",
            McpVersion::V2025_11_25 => "2025-11-25",
            McpVersion::V2025_06_18 => "2025-06-18",
            McpVersion::V2025_03_26 => "2025-03-26",
        }
    }

    pub fn parse(text: &str) -> Option<McpVersion> {
        McpVersion::ALL.into_iter().find(|version| version.as_str() == text)
    }

    /// Whether this is the stateless revision (no `initialize`, per-request `_meta`).
    pub const fn is_modern(self) -> bool {
        matches!(self, McpVersion::V2026_07_28)
    }

    /// The shape of this revision's results.
    pub const fn shape(self) -> McpShape {
        match self {
            McpVersion::V2026_07_28 => McpShape::Modern,
            McpVersion::V2025_11_25 | McpVersion::V2025_06_18 => McpShape::Structured,
            McpVersion::V2025_03_26 => McpShape::Plain,
        }
    }

    /// Index into `McpListings::initialize` (`LEGACY` order); `None` for the modern revision.
    pub const fn legacy_index(self) -> Option<usize> {
        match self {
            McpVersion::V2026_07_28 => None,
            McpVersion::V2025_11_25 => Some(0),
            McpVersion::V2025_06_18 => Some(1),
            McpVersion::V2025_03_26 => Some(2),
        }
    }
}

/// How results look in a group of revisions; precomputed listings are kept once per shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum McpShape {
    /// 2026-07-28: `resultType`, `ttlMs` and `cacheScope`, `_meta` with `serverInfo`.
    Modern = 0,
    /// 2025-06-18 and 2025-11-25: titles, `outputSchema` and `structuredContent`.
    Structured = 1,
    /// 2025-03-26: neither titles nor structured output.
    Plain = 2,
}

/// Number of [`McpShape`]s; listings are `[&str; N_MCP_SHAPES]` indexed by `shape as usize`.
pub const N_MCP_SHAPES: usize = 3;
/// Items on one page of `resources/list`; more pages are reached with `nextCursor`.
pub const MCP_PAGE_SIZE: usize = 50;
/// `ttlMs` of cacheable 2026-07-28 results: the content changes only with a deploy, so five
/// minutes, like the HTTP `Cache-Control` of the content routes.
pub const MCP_CACHE_TTL_MS: u64 = 300_000;

/// The documentation pages that are not content items, by page path: the documentation's
/// index and the generated error-code reference. The docs MCP server lists and reads their
/// markdown twins as resources, like the documentation pages written in `content/docs/`.
pub const DOCS_LISTING_PATHS: [&str; 2] = ["/docs/", "/docs/errors/"];

/// The two MCP servers on the listener.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum McpServer {
    /// `/mcp`: what the consultancy offers.
    Product,
    /// `/mcp/docs`: the guides and the API documentation.
    Docs,
}

impl McpServer {
    pub const ALL: [McpServer; 2] = [McpServer::Product, McpServer::Docs];

    /// The endpoint path; the server card is at this path plus `/server-card`.
    pub const fn path(self) -> &'static str {
        match self {
            McpServer::Product => "/mcp",
            McpServer::Docs => "/mcp/docs",
        }
    }
}

/// What a tool does; each server's adapter matches on it, so a tool listed without an
/// implementation does not compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ToolId {
    ListServices,
    GetService,
    ListIndustries,
    ListCaseStudies,
    GetCaseStudy,
    GetContact,
    GetAssessment,
    ScoreAssessment,
    SearchGuides,
    GetGuide,
    ListCategories,
    SearchApiDocs,
    /// The `search` of ChatGPT connectors and deep research, over the server's own content.
    Search,
    /// The `fetch` that goes with `search`.
    Fetch,
}

/// One tool of one server. Descriptions and schemas are written in `src/compiler/mcp.rs`,
/// which builds `tools/list` from this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct McpTool {
    pub server: McpServer,
    pub name: &'static str,
    pub id: ToolId,
}

const fn tool(server: McpServer, name: &'static str, id: ToolId) -> McpTool {
    McpTool { server, name, id }
}

/// Every tool of both servers, in the order `tools/list` gives them. To add one: add its
/// `ToolId` and row here, its description and schemas in `src/compiler/mcp.rs` (the build
/// fails until they exist) and its call in `src/mcp/tools.rs` (the match is exhaustive).
pub const MCP_TOOLS: &[McpTool] = &[
    tool(McpServer::Product, "list_services", ToolId::ListServices),
    tool(McpServer::Product, "get_service", ToolId::GetService),
    tool(McpServer::Product, "list_industries", ToolId::ListIndustries),
    tool(McpServer::Product, "list_case_studies", ToolId::ListCaseStudies),
    tool(McpServer::Product, "get_case_study", ToolId::GetCaseStudy),
    tool(McpServer::Product, "get_contact", ToolId::GetContact),
    tool(McpServer::Product, "get_assessment_questions", ToolId::GetAssessment),
    tool(McpServer::Product, "score_assessment", ToolId::ScoreAssessment),
    tool(McpServer::Product, "search", ToolId::Search),
    tool(McpServer::Product, "fetch", ToolId::Fetch),
    tool(McpServer::Docs, "search_guides", ToolId::SearchGuides),
    tool(McpServer::Docs, "get_guide", ToolId::GetGuide),
    tool(McpServer::Docs, "list_categories", ToolId::ListCategories),
    tool(McpServer::Docs, "search_api_docs", ToolId::SearchApiDocs),
    tool(McpServer::Docs, "search", ToolId::Search),
    tool(McpServer::Docs, "fetch", ToolId::Fetch),
];

/// What a prompt does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromptId {
    /// Interview a person through the assessment, then call `score_assessment`.
    ReadinessInterview,
    /// Answer a question from the guides, citing them.
    AnswerFromGuides,
}

/// One prompt of one server, in the order `prompts/list` gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct McpPrompt {
    pub server: McpServer,
    pub name: &'static str,
    pub id: PromptId,
}

/// Every prompt of both servers.
pub const MCP_PROMPTS: &[McpPrompt] = &[
    McpPrompt {
        server: McpServer::Product,
        name: "readiness_interview",
        id: PromptId::ReadinessInterview,
    },
    McpPrompt {
        server: McpServer::Docs,
        name: "answer_from_guides",
        id: PromptId::AnswerFromGuides,
    },
];

/// One MCP server's precomputed JSON-RPC `result` objects, each as JSON text.
#[derive(Debug)]
pub struct McpListings {
    /// `initialize` results, one per `McpVersion::LEGACY` revision.
    pub initialize: [&'static str; 3],
    /// The 2026-07-28 `server/discover` result.
    pub discover: &'static str,
    /// `tools/list` per shape.
    pub tools: [&'static str; N_MCP_SHAPES],
    /// `prompts/list` per shape.
    pub prompts: [&'static str; N_MCP_SHAPES],
    /// `resources/templates/list` per shape.
    pub templates: [&'static str; N_MCP_SHAPES],
    /// `resources/list` pages: the cursor that asks for the page (`""` for the first) and the
    /// result per shape.
    pub resources: &'static [(&'static str, [&'static str; N_MCP_SHAPES])],
    /// The `"_meta":{"io.modelcontextprotocol/serverInfo":{...}}` member that 2026-07-28
    /// results built at run time carry.
    pub server_info_meta: &'static str,
}

/// What a searchable document (other than a guide) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocKind {
    /// A service, industry, case study or documentation page.
    Page(ItemKind),
    /// A row of [`ERROR_CODES`].
    ErrorCode,
    /// An operation of the OpenAPI document.
    Operation,
    /// The contact details (`content/contact.toml`, `GET /v1/contact`): id `contact`.
    Contact,
}

/// A document of the small search corpora (pages, error codes, API operations): what the
/// agent surfaces search, cite and read. Guides are searched through the BM25F index instead.
#[derive(Debug)]
pub struct DocumentRecord {
    pub kind: DocKind,
    /// `services/<slug>`, `docs/<slug>`, `errors/<code>`, `operations/<operationId>` or
    /// `contact`.
    pub id: &'static str,
    pub title: &'static str,
    /// One or two sentences.
    pub summary: &'static str,
    /// Where a person reads it.
    pub url: &'static str,
    /// The full text as markdown.
    pub markdown: &'static str,
    /// Stems of the title, summary and text, sorted and without duplicates.
    pub terms: &'static [&'static str],
    /// Stems of the title, sorted and without duplicates.
    pub title_terms: &'static [&'static str],
    /// Stems of the title and the summary (what the document says it is about), and of a
    /// documentation page's section headings, sorted and without duplicates.
    pub lead_terms: &'static [&'static str],
    /// Other names an error code or an operation goes by, searchable like its title (an
    /// operation's `operationId` in words, the headers an error code's meaning names); none
    /// for a page, whose `other_names` are searched but never shown.
    pub names: &'static [&'static str],
}

/// The index's largest arrays, packed into integers.
///
/// The generated tables once held about 300,000 tuples (postings, passage tokens). rustc
/// type-checks a tuple literal element by element, about 15 µs each, so those tuples alone cost
/// some 4 of the library's 15 seconds of compilation after every content edit; an integer
/// literal costs a tenth of that. Each row is packed by the compiler and unpacked by the
/// server with the functions here, side by side so the two cannot disagree. Unpacking is a
/// shift and a mask.
pub mod packed {
    /// A search posting (`tables::POSTINGS`): guide index and impact.
    pub const fn posting(guide: u16, impact: u16) -> u32 {
        guide as u32 | (impact as u32) << 16
    }

    /// `(guide index, impact)` of a packed search posting.
    pub const fn unpack_posting(packed: u32) -> (u16, u16) {
        (packed as u16, (packed >> 16) as u16)
    }

    /// A word of a snippet passage (`PassageRecord::tokens`): byte offsets and term id.
    pub const fn token(start: u16, end: u16, term: u32) -> u64 {
        start as u64 | (end as u64) << 16 | (term as u64) << 32
    }

    /// `(start, end, term id)` of a packed passage token.
    pub const fn unpack_token(packed: u64) -> (u16, u16, u32) {
        (packed as u16, (packed >> 16) as u16, (packed >> 32) as u32)
    }

    /// The bit of `tables::PHRASE_HEAD_FILTER` a stem sets or tests: from its length and its
    /// first two and last two bytes, which sets apart most stems that begin no synonym phrase
    /// without comparing a string. The second byte from each end and the 1,024 bits (once the
    /// first and last bytes in 256) let the table hold spelt-out names beginning with common
    /// words (`model context protocol`, `request for proposal`): with the old filter, 984 of
    /// 3,963 stems passed, and a phrase head as common as `model` took it over the quarter
    /// its test allows; then about 300 passed. The sixth search pass's ten new phrase heads
    /// (2026-12-05) took 1,024 bits to 418 of 4,032, over the tenth the test allows; 2,048
    /// bits (256 bytes) hold them. The seventeenth pass's ten new heads took 2,048 bits to
    /// 431 of 4,183, over again; 4,096 bits (512 bytes) hold them. The thirty-fifth pass's
    /// five new heads (`gpt`, `let`, `past`, `prompt`, `say`) took 4,096 bits to 443 of 4,375,
    /// over again; 8,192 bits (1,024 bytes) hold them. The cost a word is the same few
    /// instructions.
    pub const fn phrase_head_bit(stem: &str) -> u32 {
        let bytes = stem.as_bytes();
        let len = bytes.len();
        if len == 0 {
            return 0;
        }
        let second = if len > 1 { bytes[1] } else { bytes[0] };
        let before_last = if len > 1 { bytes[len - 2] } else { bytes[0] };
        let mixed = (bytes[0] as u32).wrapping_mul(31)
            ^ (bytes[len - 1] as u32).wrapping_mul(7)
            ^ (len as u32) << 3
            ^ (second as u32).wrapping_mul(131)
            ^ (before_last as u32).wrapping_mul(1031);
        mixed.wrapping_mul(0x9E37_79B9) >> (32 - PHRASE_HEAD_FILTER_BITS.trailing_zeros())
    }

    /// The bits of `tables::PHRASE_HEAD_FILTER`, a power of two.
    pub const PHRASE_HEAD_FILTER_BITS: u32 = 8192;

    /// An answer-engine item posting (`tables::ANSWER_ITEM_POSTINGS`): item index, impact, and
    /// whether the term is in the item's head.
    pub const fn item_posting(item: u16, impact: u16, head: bool) -> u64 {
        item as u64 | (impact as u64) << 16 | (head as u64) << 32
    }

    /// `(item index, impact, in its head)` of a packed item posting.
    pub const fn unpack_item_posting(packed: u64) -> (u16, u16, bool) {
        (packed as u16, (packed >> 16) as u16, (packed >> 32) & 1 == 1)
    }

    /// An answer-engine passage posting (`tables::ANSWER_PASSAGE_POSTINGS`): passage index,
    /// impact, and whether the term is in the passage's own text.
    pub const fn passage_posting(passage: u32, impact: u16, own_text: bool) -> u64 {
        passage as u64 | (impact as u64) << 32 | (own_text as u64) << 48
    }

    /// `(passage index, impact, in its own text)` of a packed passage posting.
    pub const fn unpack_passage_posting(packed: u64) -> (u32, u16, bool) {
        (packed as u32, (packed >> 32) as u16, (packed >> 48) & 1 == 1)
    }
}

/// Maps from strings fixed at build time, for the look-ups every request makes (a fixed
/// route by its path, a page's links). `build.rs` lays each out (`compiler::str_map`) and the
/// server looks keys up here, with the same hash, side by side so the two cannot disagree.
///
/// A minimal perfect hash in the PTHash manner: a key's hash picks its bucket, the bucket's
/// pilot (found at build time) moves its keys to slots no other key takes, and the slot names
/// the entry, whose key is then compared. One hash of the key and two array reads, where `phf`
/// hashes it with SipHash-1-3 (165 of the 240 instructions a fixed route's look-up cost). The
/// hash need not resist flooding: the table never grows or chains, so a crafted key costs one
/// look-up like any other and at worst lands on an entry whose key then differs.
pub mod str_map {
    /// A map from `&'static str`, laid out at build time.
    #[derive(Debug)]
    pub struct StrMap<V: 'static> {
        /// The hash's seed: the first that let every bucket find a pilot.
        pub seed: u64,
        /// Per bucket, the pilot that moves its keys to free slots.
        pub pilots: &'static [u16],
        /// Per slot, 1 + the index of its entry; 0 for a free slot.
        pub slots: &'static [u32],
        /// Entries in the order they were given.
        pub entries: &'static [(&'static str, V)],
    }

    impl<V> StrMap<V> {
        /// The value for `key`, if it is one of the map's keys.
        #[inline]
        pub fn get(&self, key: &str) -> Option<&V> {
            self.get_key_value(key).map(|(_, value)| value)
        }

        /// The map's own key equal to `key` (`'static`, where `key` may be a request's), with
        /// its value.
        #[inline]
        pub fn get_key_value(&self, key: &str) -> Option<(&'static str, &V)> {
            let hash = hash(key.as_bytes(), self.seed);
            let pilot = *self.pilots.get(bucket(hash, self.pilots.len()))?;
            let at = *self.slots.get(slot(hash, pilot, self.slots.len()))?;
            let (found, value) = self.entries.get((at as usize).checked_sub(1)?)?;
            (*found == key).then_some((*found, value))
        }

        pub fn contains_key(&self, key: &str) -> bool {
            self.get(key).is_some()
        }

        /// Every entry, in the order they were given.
        pub fn entries(&self) -> impl Iterator<Item = (&&'static str, &V)> {
            self.entries.iter().map(|(key, value)| (key, value))
        }

        pub fn len(&self) -> usize {
            self.entries.len()
        }

        pub fn is_empty(&self) -> bool {
            self.entries.is_empty()
        }
    }

    const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

    /// 64 bits of `key` under `seed`: each 8 bytes mixed in by a multiply and a rotation, then
    /// murmur3's finaliser, so every bit of the result depends on every bit of the key.
    #[inline]
    pub fn hash(key: &[u8], seed: u64) -> u64 {
        let mut hash = seed ^ (key.len() as u64).wrapping_mul(MULTIPLIER);
        let mut words = key.chunks_exact(8);
        for word in &mut words {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(word);
            hash = (hash ^ u64::from_le_bytes(bytes)).wrapping_mul(MULTIPLIER).rotate_left(29);
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut bytes = [0u8; 8];
            bytes[..rest.len()].copy_from_slice(rest);
            hash = (hash ^ u64::from_le_bytes(bytes)).wrapping_mul(MULTIPLIER).rotate_left(29);
        }
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^ hash >> 33
    }

    /// The bucket of a hash among `n` (its low 32 bits, scaled).
    #[inline]
    pub fn bucket(hash: u64, n: usize) -> usize {
        (((hash & 0xffff_ffff) * n as u64) >> 32) as usize
    }

    /// The slot of a hash among `n` under its bucket's `pilot` (the high 32 bits of the hash
    /// with the pilot mixed in, scaled): independent of the bucket's bits.
    #[inline]
    pub fn slot(hash: u64, pilot: u16, n: usize) -> usize {
        ((((hash ^ u64::from(pilot).wrapping_mul(MULTIPLIER)) >> 32) * n as u64) >> 32) as usize
    }
}

/// Sets of strings fixed at build time, too many to keep (the typo index's deletion variants,
/// 190,000 of them): each string is kept as a 32-bit fingerprint beside a 32-bit value, in an
/// open-addressed table at most two thirds full, probed linearly from the slot its hash names.
///
/// A look-up is one hash and, mostly, one or two slots of one cache line, where an FST walked
/// a node per byte (about 1,100 instructions a look-up against 60 here). The price is that a
/// string never put in may match a fingerprint, with odds of about one in 2^32 a slot probed;
/// so a user checks what the value leads to (the typo index checks every candidate word's
/// distance), and the build checks that every key it put in finds its own value.
///
/// Layout: `n` slots of 8 bytes, `n` a power of two; a slot is the fingerprint (little-endian
/// `u32`, never 0) then the value (`u32`); an empty slot is all zero. `build.rs` writes the
/// table (`compiler::fingerprint_map`) and the server reads it here.
pub mod fingerprint_map {
    use super::str_map::hash;

    /// Bytes a slot.
    pub const SLOT_BYTES: usize = 8;
    /// The hash's seed ("variants").
    pub const SEED: u64 = 0x7661_7269_616e_7473;

    /// A key's fingerprint (the low half of its hash, never 0) and its home slot among
    /// `n_slots` (the high half, masked), for a power of two `n_slots`.
    #[inline]
    pub fn place(key: &[u8], n_slots: usize) -> (u32, usize) {
        let hash = hash(key, SEED);
        ((hash as u32).max(1), (hash >> 32) as usize & n_slots.wrapping_sub(1))
    }

    /// The fingerprint and value of slot `at` of `table`; `None` past its end.
    #[inline]
    pub fn slot(table: &[u8], at: usize) -> Option<(u32, u32)> {
        let bytes = table.get(at * SLOT_BYTES..(at + 1) * SLOT_BYTES)?;
        let word = |from: usize| {
            u32::from_le_bytes([bytes[from], bytes[from + 1], bytes[from + 2], bytes[from + 3]])
        };
        Some((word(0), word(4)))
    }

    /// The value of `key` in `table`, if its fingerprint is there (see the module's note).
    #[inline]
    pub fn get(table: &[u8], key: &[u8]) -> Option<u32> {
        let n_slots = table.len() / SLOT_BYTES;
        let (fingerprint, mut at) = place(key, n_slots);
        // At most every slot once; a table two thirds full meets an empty one long before.
        for _ in 0..n_slots {
            match slot(table, at)? {
                (0, _) => return None,
                (found, value) if found == fingerprint => return Some(value),
                _ => at = (at + 1) & (n_slots - 1),
            }
        }
        None
    }
}
