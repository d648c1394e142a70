//! `GET /v1/resources`: query parameters → search → one page of results.
//!
//! Parameters: `q`, `category`, `limit`, `cursor`. A blank `q` is the same as omitting it; an
//! empty `category`, `limit` or `cursor` is invalid like any other bad value; an unknown or
//! repeated parameter is 400.

use crate::error::ApiError;
use crate::http::query::parse_pairs;
use crate::http::respond::{CACHE_CONTENT, Reply};
use crate::limits::{SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS};
use crate::search::{self, cursor};
use crate::tables::CATEGORIES;
use http::StatusCode;

const PARAMETERS: &str = "q, category, limit and cursor";

/// A validated search request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchParams {
    pub q: String,
    pub category: Option<u8>,
    pub limit: usize,
    pub offset: usize,
}

/// Parses and validates the query string.
pub fn parse(query: Option<&str>) -> Result<SearchParams, ApiError> {
    let pairs = parse_pairs(query.unwrap_or("")).map_err(|bad| {
        ApiError::invalid_parameter(format!(
            "parameter `{}` is not valid UTF-8 after percent-decoding",
            bad.0
        ))
    })?;
    let mut slots: [Option<String>; 4] = Default::default();
    for (name, value) in pairs {
        let slot = match name.as_str() {
            "q" => 0,
            "category" => 1,
            "limit" => 2,
            "cursor" => 3,
            _ => return Err(ApiError::unknown_parameter(&name, PARAMETERS)),
        };
        if slots[slot].is_some() {
            return Err(ApiError::duplicate_parameter(&name));
        }
        slots[slot] = Some(value);
    }
    let [q, category, limit, cursor] = slots;
    params(q, category, limit, cursor)
}

/// Validates the four parameters, already decoded; `None` is an omitted parameter.
pub fn params(
    q: Option<String>,
    category: Option<String>,
    limit: Option<String>,
    cursor: Option<String>,
) -> Result<SearchParams, ApiError> {
    let q = q.map(|q| q.trim().to_string()).unwrap_or_default();
    let n_chars = q.chars().count();
    if n_chars > SEARCH_QUERY_MAX_CHARS {
        return Err(ApiError::query_too_long(n_chars, SEARCH_QUERY_MAX_CHARS));
    }
    let category = match category {
        None => None,
        Some(name) => Some(
            CATEGORIES.iter().position(|c| c.name == name).map(|i| i as u8).ok_or_else(|| {
                let names: Vec<&str> = CATEGORIES.iter().map(|c| c.name).collect();
                ApiError::unknown_category(&name, &names.join(", "))
            })?,
        ),
    };
    let limit = match limit {
        None => SEARCH_LIMIT_DEFAULT,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|n| {
                (1..=SEARCH_LIMIT_MAX).contains(n) && text.bytes().all(|b| b.is_ascii_digit())
            })
            .ok_or_else(|| ApiError::invalid_limit(&text))?,
    };
    let offset = match cursor {
        None => 0,
        Some(token) => cursor::decode(&token, &cursor::Binding { q: &q, category, limit })
            .map_err(ApiError::invalid_cursor)?,
    };
    Ok(SearchParams { q, category, limit, offset })
}

/// The search endpoint.
pub fn get(query: Option<&str>) -> Result<Reply, ApiError> {
    let params = parse(query)?;
    let page = page(&params);
    let hits = &page.ranked.hits()[page.range.clone()];
    let body = search::page_json(&params.q, hits, page.ranked.keyword, page.next.as_deref());
    Ok(Reply::json(StatusCode::OK, body, CACHE_CONTENT))
}

/// One page of a search: every ranked hit, the range on this page, and the next page's cursor.
#[derive(Debug)]
pub struct ResultPage {
    pub ranked: search::Ranked,
    pub range: std::ops::Range<usize>,
    pub next: Option<String>,
}

/// Runs the search `params` describe and cuts out its page.
pub fn page(params: &SearchParams) -> ResultPage {
    let ranked = search::search(&params.q, params.category);
    let n_hits = ranked.hits().len();
    let start = params.offset.min(n_hits);
    let end = (start + params.limit).min(n_hits);
    let next = (end < n_hits).then(|| {
        cursor::encode(
            end,
            &cursor::Binding { q: &params.q, category: params.category, limit: params.limit },
        )
    });
    ResultPage { ranked, range: start..end, next }
}
