//! `GET /v1/resources`: query string → `ops::guides::SearchRequest` → one page of results.
//!
//! The REST part is the query string itself: parameters `q`, `category`, `limit`, `cursor`,
//! percent-decoded; an unknown or repeated parameter is 400. A blank `q` is the same as omitting
//! it; an empty `category`, `limit` or `cursor` is invalid like any other bad value (the core
//! decides, as for every surface).
//!
//! The first page of a listing without search terms (the library, or one category) at the
//! default size is a function of the build alone: its guides, its order and its cursor (keyed
//! with the build's `CURSOR_KEY`). So each of those eight bodies is rendered by the first
//! request for it and kept for the life of the process (45 KB in all). Every other page is
//! rendered on a miss of the page cache (`page_cache`), which keeps pages asked lately within
//! a byte budget.

use std::sync::OnceLock;

use bytes::Bytes;
use http::StatusCode;

use crate::api::page_cache;
use crate::limits::SEARCH_LIMIT_DEFAULT;
use crate::model::N_CATEGORIES;
use crate::ops::Error;
use crate::ops::guides::{self, GuidePage, Limit, SearchParams, SearchRequest};
use crate::wire::Reply;
use crate::wire::body::pooled;
use crate::wire::form::parse_pairs;
use crate::wire::reply::CACHE_CONTENT;

const PARAMETERS: &str = "q, category, limit and cursor";

/// Parses the query string and runs the search.
pub fn search(query: Option<&str>) -> Result<GuidePage, Error> {
    params(query).map(guides::search)
}

/// Parses the query string and validates the search it asks for.
fn params(query: Option<&str>) -> Result<SearchParams, Error> {
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
    guides::validate(&SearchRequest {
        q: q.as_deref(),
        category: category.as_deref(),
        limit: limit.as_deref().map(Limit::Text),
        cursor: cursor.as_deref(),
    })
}

/// The search endpoint. A query string asked lately is answered from the page cache
/// before it is even parsed: its page depends on nothing else.
pub fn get(query: Option<&str>) -> Result<Reply, Error> {
    let raw = query.unwrap_or("");
    let cache = page_cache::cache();
    let body = match cache.get(raw) {
        Some(body) => body,
        None => {
            let params = params(query)?;
            match first_listing_page(&params) {
                // Leaked on purpose: at most eight bodies, each built once, kept while the
                // process lives, and served from then on without a reference count.
                Some(kept) => Bytes::from_static(
                    kept.get_or_init(|| guides::search(params).to_json().leak().as_bytes()),
                ),
                None => {
                    let body = pooled(guides::search(params).to_json().into_bytes());
                    cache.put(raw, &body);
                    body
                }
            }
        }
    };
    Ok(Reply::json(StatusCode::OK, body, CACHE_CONTENT))
}

/// The first pages of the listings without search terms, at the default size: the library's
/// (index 0), then each category's.
static FIRST_LISTING_PAGES: [OnceLock<&'static [u8]>; N_CATEGORIES + 1] =
    [const { OnceLock::new() }; N_CATEGORIES + 1];

/// Where the body for `params` is kept, when it is the first page of a listing without
/// search terms at the default size.
fn first_listing_page(params: &SearchParams) -> Option<&'static OnceLock<&'static [u8]>> {
    let listing = params.q.is_empty() && params.offset == 0 && params.limit == SEARCH_LIMIT_DEFAULT;
    let index = params.category.map_or(0, |c| usize::from(c) + 1);
    listing.then(|| FIRST_LISTING_PAGES.get(index)).flatten()
}

#[cfg(test)]
mod tests {
    use crate::api::resources::{first_listing_page, get, params};
    use crate::ops::guides;
    use crate::tables::CATEGORIES;

    fn body(query: &str) -> Vec<u8> {
        let reply = get(Some(query)).expect("a valid search");
        reply.body.bytes().expect("a whole body").to_vec()
    }

    fn rendered(query: &str) -> Vec<u8> {
        guides::search(params(Some(query)).expect("valid")).to_json().into_bytes()
    }

    #[test]
    fn a_kept_first_listing_page_is_the_page_rendered_afresh() {
        let mut listings = vec![String::new()];
        listings
            .extend(CATEGORIES.iter().map(|c| format!("category={}", c.name.replace(' ', "+"))));
        for listing in &listings {
            let sep = if listing.is_empty() { "" } else { "&" };
            // The same first page asked four ways: each is kept in one place.
            let asked = [
                listing.clone(),
                format!("{listing}{sep}limit=10"),
                format!("q=&{listing}"),
                format!("q=+++&limit=10{}{listing}", if listing.is_empty() { "" } else { "&" }),
            ];
            for query in &asked {
                assert!(
                    params(Some(query)).as_ref().is_ok_and(|p| first_listing_page(p).is_some()),
                    "{query} is a first listing page"
                );
                // The first request renders and keeps it, the second is served what was kept.
                for _ in 0..2 {
                    assert_eq!(body(query), rendered(query), "{query}");
                }
            }
        }
        // Every category's page is its own.
        let pages: std::collections::BTreeSet<Vec<u8>> = listings.iter().map(|l| body(l)).collect();
        assert_eq!(pages.len(), listings.len());
    }

    #[test]
    fn other_pages_are_not_kept_for_good_and_served_alike_from_the_page_cache() {
        let first = body("category=Generative+AI");
        let next: serde_json::Value = serde_json::from_slice(&first).expect("a ResourceSearchPage");
        let cursor = next["nextCursor"].as_str().expect("the category has a second page");
        for query in [
            "limit=9".to_string(),
            "category=Generative+AI&limit=11".into(),
            "q=model&category=Generative+AI".into(),
            format!("category=Generative+AI&cursor={cursor}"),
        ] {
            let p = params(Some(&query)).expect("valid");
            assert!(first_listing_page(&p).is_none(), "{query} is not kept");
            // Rendered (or found in the page cache), then found there: the same bytes.
            for _ in 0..2 {
                assert_eq!(body(&query), rendered(&query), "{query}");
            }
        }
    }
}
