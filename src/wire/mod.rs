//! Wire formats shared by every HTTP surface (REST, the MCP servers, `/ask`, A2A): the reply
//! value a surface answers with, its body (complete bytes or a server-sent-events stream),
//! server-sent-events framing, form decoding, media types, conditional requests, and
//! finishing a precompressed stream with per-request bytes.
//!
//! This module knows HTTP data types (status, header names) but nothing about the transport or
//! the routes: surfaces build a [`Reply`], and `http/` finishes it into a response.

pub mod append;
pub mod body;
pub mod conditional;
pub mod form;
pub mod media;
pub mod reply;
pub mod sse;

pub use body::{Body, Chunk};
pub use reply::Reply;
