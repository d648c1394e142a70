//! `consultancy-api`: the public read API, website pages and markdown twins of a data and AI
//! consultancy, served from tables compiled out of `content/` at build time.
//!
//! # Layout
//!
//! Top-level modules, lowest layer first. A module may import only modules of lower layers
//! (a test in `tests/api/architecture.rs` reads the source and fails otherwise), so
//! dependencies point one way and no import cycle can form.
//!
//! 1. `model` (numbers of the contract, the endpoint and error tables, record shapes; shared
//!    with build.rs), `clock` (the one place the wall clock is read), `buffers` (spare
//!    output buffers, a few per thread), `json` (JSON strings escaped by hand, as serde_json
//!    escapes them)
//! 2. `tables` (the generated data), `limits` (every limit, the rate limiter, per-address
//!    connection slots, Idempotency-Key rules)
//! 3. `search` (tokenizer shared with build.rs, query terms, typo tolerance, synonyms,
//!    ranking, snippets, suggestions, cursors), `scoring` (points →
//!    result), `auth` (stateless client secrets and JWT access tokens)
//! 4. `answer`: the answer engine, questions in plain language to a short extractive answer
//!    with cited sources, from a passage index over every content type
//! 5. `ops`: the protocol-free core. Every operation the content supports as a typed call with
//!    a typed error; inputs are validated here once, for every surface
//! 6. `route` (what each path names), `wire` (the reply value, streaming bodies, form and
//!    media types: what every HTTP surface shares), `jsonrpc` (JSON-RPC 2.0 framing, shared by
//!    the JSON-RPC surfaces and knowing none of their methods)
//! 7. the surfaces, adapters from their wire format to `ops` calls and back: `api` (REST,
//!    batch included, and the cache of REST search pages), `mcp` (the two MCP servers), `ask` (the NLWeb-compatible
//!    natural-language query endpoint), `a2a` (the agent-to-agent JSON-RPC endpoint), `web`
//!    (the website's three run-time pages: search results, the assessment's result and the
//!    404's suggestions)
//! 8. `http`: transport only (dispatch by route, body limits, CORS, common headers; the accept
//!    loop with its protocol detection, connection deadlines and per-connection response budget)
//!
//! # Invariants
//!
//! - Content flows one way: `content/` → `src/compiler/` (build time) → generated tables → the
//!   server. Nothing the server runs reads files, so a request never waits on I/O.
//! - Exactly two files cross the build boundary, `src/model.rs` and `src/search/tokenize.rs`, so
//!   index-time and query-time word splitting are the same code.
//! - The core (`ops`) speaks plain Rust: no HTTP, JSON-RPC or SSE type crosses into it, so a new
//!   surface never needs the core to change, and every surface answers the same input the same.
//! - Surfaces are adapters: they parse their wire format into an `ops` call and render the
//!   result or the error their own way; `http` only moves bytes and adds common headers.
//! - Requests become a `Route` before anything else; `/v1/batch` reuses that parser and the
//!   REST GET dispatcher (`api::get`), so a batch item is answered exactly as a direct GET.
//! - Every error is an `ops::Error` whose kind is a row of `model::ERROR_CODES` (OAuth endpoints
//!   excepted: they speak RFC 6749); every limit is a named constant in `limits`.
//! - What exists is listed once, in `model::ENDPOINTS`: the `/v1` index, the OpenAPI paths, the
//!   router's documentation and the README's table come from (or are checked against) it. The
//!   MCP tools and prompts are listed once too (`model::MCP_TOOLS`, `model::MCP_PROMPTS`); their
//!   listings, server cards and the AI catalog are generated from those tables at build time.
//!   The A2A skills too (`model::A2A_SKILLS`); the agent card is generated from that table.
//! - Time enters only as an argument (`clock`), so expiry and rate windows are testable.

/// Writes one line to stderr, ignoring failure: a closed or full stderr must never take the
/// server down (`eprintln!` panics on a write error).
#[macro_export]
macro_rules! log_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod a2a;
pub mod answer;
pub mod api;
pub mod ask;
pub mod auth;
pub mod buffers;
pub mod clock;
pub mod http;
pub mod json;
pub mod jsonrpc;
pub mod limits;
pub mod mcp;
pub mod model;
pub mod ops;
pub mod route;
pub mod scoring;
pub mod search;
pub mod tables;
pub mod web;
pub mod wire;
