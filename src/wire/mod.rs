//! Wire formats shared by every HTTP surface (REST, the MCP servers, `/ask`, A2A): the reply
//! value a surface answers with, its body (complete bytes or a server-sent-events stream),
//! server-sent-events framing, form decoding and media types.
//!
//! This module knows HTTP data types (status, header names) but nothing about the transport or
//! the routes: surfaces build a [`Reply`], and `http/` finishes it into a response.

pub mod body;
pub mod form;
pub mod media;
pub mod reply;
pub mod sse;

pub use body::Body;
pub use reply::Reply;
