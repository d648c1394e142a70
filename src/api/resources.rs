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
    let ranked = search::search(&params.q, params.category);
    let hits = ranked.hits();
    let start = params.offset.min(hits.len());
    let end = (start + params.limit).min(hits.len());
    let next = (end < hits.len()).then(|| {
        cursor::encode(
            end,
            &cursor::Binding { q: &params.q, category: params.category, limit: params.limit },
        )
    });
    let suggestions = if hits.is_empty() && ranked.keyword {
        search::suggest(&params.q, params.category)
    } else {
        Vec::new()
    };
    let body = search::page_json(&params.q, &ranked, start..end, next.as_deref(), &suggestions);
    Ok(Reply::json(StatusCode::OK, body, CACHE_CONTENT))
}
