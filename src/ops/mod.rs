//! The protocol-free core: every operation the content supports, as typed Rust calls.
//!
//! Each surface (REST and batch in `api/`, and the agent surfaces) is a thin adapter: it turns
//! its wire format into one of these calls and renders the result or the [`Error`] its own
//! way. Inputs are validated here, once, so every surface gives the same answer to the same bad
//! input. Nothing here knows HTTP, JSON-RPC or SSE; a test fails if this module imports `http`,
//! `api`, `wire` or the transport crates.
//!
//! - `ask`: a question in plain language (and its earlier turns) checked and answered
//! - `content`: services, industries, case studies, docs pages, contact, categories; any item
//!   by slug or URL and its markdown twin
//! - `documents`: anything searchable and readable whole by a short id (pages, guides, error
//!   codes, API operations), in two collections: the offering and the library
//! - `guides`: guide search with cursor paging, one guide
//! - `readiness`: the assessment and scoring
//! - `export`: token check and the bulk export
//! - `error`: the one error type, kinds from `model::ERROR_CODES`
//! - `wanted`: a query's units as a short text (a title, a description) is searched for them

pub mod ask;
pub mod content;
pub mod documents;
pub mod error;
pub mod export;
pub mod guides;
pub mod readiness;
mod wanted;

pub use error::{Caller, Error, ErrorKind};
