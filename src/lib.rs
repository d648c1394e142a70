//! `consultancy-api`: the public read API, website pages and markdown twins of a data and AI
//! consultancy, served from tables compiled out of `content/` at build time.
//!
//! # Layout
//!
//! - `model`: numbers of the contract and the shapes of generated records (shared with build.rs)
//! - `tables`: the generated data, the only module including build output
//! - `http`: the service (`App::handle`), routing, CORS, responses, the accept loop
//! - `api`: handlers of the dynamic endpoints (search, scoring, batch, export, OAuth)
//! - `search`: tokenizer (shared with build.rs), query terms, typo tolerance, ranking, snippets,
//!   suggestions, cursors; protocol-free (typed in, typed out) except `page_json` for REST
//! - `scoring`: readiness answers → result, pure
//! - `auth`: stateless client secrets and HMAC-signed JWT access tokens
//! - `limits`: every limit as a constant, the rate limiter, Idempotency-Key rules
//! - `error`: `ApiError`, the one way errors leave
//! - `clock`: the one place the wall clock is read
//!
//! # Invariants
//!
//! - Content flows one way: `content/` → `src/compiler/` (build time) → generated tables → the
//!   server. Nothing the server runs reads files, so a request never waits on I/O.
//! - Exactly two files cross the build boundary, `src/model.rs` and `src/search/tokenize.rs`, so
//!   index-time and query-time word splitting are the same code.
//! - Requests become a `Route` before anything else; `/v1/batch` reuses that parser and the same
//!   GET dispatcher, so a batch item is answered exactly as a direct GET.
//! - Every error leaves through `ApiError` (OAuth endpoints excepted: they speak RFC 6749);
//!   every limit is a named constant in `limits`.
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

pub mod api;
pub mod auth;
pub mod clock;
pub mod error;
pub mod http;
pub mod limits;
pub mod model;
pub mod scoring;
pub mod search;
pub mod tables;
