//! `GET /v1/resources`: query string → `ops::guides::SearchRequest` → one page of results.
//!
//! The REST part is the query string itself: parameters `q`, `category`, `limit`, `cursor`,
//! percent-decoded; an unknown or repeated parameter is 400. A blank `q` is the same as omitting
//! it; an empty `category`, `limit` or `cursor` is invalid like any other bad value (the core
//! decides, as for every surface).

use http::StatusCode;

use crate::ops::Error;
use crate::ops::guides::{self, GuidePage, Limit, SearchRequest};
use crate::wire::Reply;
use crate::wire::form::parse_pairs;
use crate::wire::reply::CACHE_CONTENT;

const PARAMETERS: &str = "q, category, limit and cursor";

/// Parses the query string and runs the search.
pub fn search(query: Option<&str>) -> Result<GuidePage, Error> {
    let pairs = parse_pairs(query.unwrap_or("")).map_err(|bad| {
        Error::invalid_parameter(format!(
            "parameter `{}` is not valid UTF-8 after percent-decoding",
            bad.0
        ))
    })?;
    let mut slots: [Option<std::borrow::Cow<'_, str>>; 4] = Default::default();
    for (name, value) in pairs {
        let slot = match &*name {
            "q" => 0,
            "category" => 1,
            "limit" => 2,
            "cursor" => 3,
            _ => return Err(Error::unknown_parameter(&name, PARAMETERS)),
        };
        if slots[slot].is_some() {
            return Err(Error::duplicate_parameter(&name));
        }
        slots[slot] = Some(value);
    }
    let [q, category, limit, cursor] = &slots;
    guides::search_guides(&SearchRequest {
        q: q.as_deref(),
        category: category.as_deref(),
        limit: limit.as_deref().map(Limit::Text),
        cursor: cursor.as_deref(),
    })
}

/// The search endpoint.
pub fn get(query: Option<&str>) -> Result<Reply, Error> {
    let page = search(query)?;
    Ok(Reply::json(StatusCode::OK, page.to_json(), CACHE_CONTENT))
}
