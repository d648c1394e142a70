//! The REST surface: adapters from HTTP requests to core calls (`ops`) and from their results
//! to replies. One module per endpoint family; fixed GET routes need no handler (they are
//! precomputed responses in `tables::FIXED`).
//!
//! [`get`] is the one GET dispatcher: direct requests and batch items go through it, so a batch
//! item is answered exactly as a direct GET.

pub mod assessment;
pub mod batch;
pub mod error;
pub mod export;
pub mod oauth;
pub mod page_cache;
pub mod resources;

use http::header::HeaderValue;

pub use error::{error_body, error_reply, method_not_allowed, parse_json};

use crate::auth::Keys;
use crate::route::Route;
use crate::wire::Reply;

/// Answers a GET on `route` (an item of a batch, or a direct request after its conditional
/// checks). `authorization` is the request's `Authorization` header, if any.
pub fn get(
    route: &Route,
    query: Option<&str>,
    authorization: Option<&HeaderValue>,
    keys: &Keys,
    now_ms: u64,
) -> Reply {
    match route {
        Route::Fixed(fixed) => Reply::fixed(fixed),
        Route::Resources => resources::get(query).unwrap_or_else(|error| error_reply(&error)),
        Route::Export => export::get(keys, authorization, now_ms),
        Route::Missing(error) => error_reply(error),
        other => {
            let allow = other.allow().unwrap_or(crate::route::ALLOW_GET);
            method_not_allowed("GET", allow)
        }
    }
}
