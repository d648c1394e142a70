//! The guide library: search with cursor paging, and one guide with its markdown.
//!
//! Every surface checks its search with [`validate`] from the same typed request, so the same
//! input is refused the same way everywhere (REST, batch, MCP, the website's results page), then
//! runs it with [`search()`]; [`search_guides`] does both.

use super::content::Item;
use super::error::Error;
use crate::limits::{SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS};
use crate::model::{GuideRecord, ItemKind, is_slug};
use crate::search::{self, Hit, Ranked, cursor};
use crate::tables::{CATEGORIES, GUIDES};

/// A search as any surface asks it. `None` means "not given".
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchRequest<'a> {
    /// Search terms; blank is the same as omitted (the library in order).
    pub q: Option<&'a str>,
    /// A category name exactly as the categories endpoint gives it.
    pub category: Option<&'a str>,
    /// Page size, 1 to `SEARCH_LIMIT_MAX`.
    pub limit: Option<Limit<'a>>,
    /// `nextCursor` of the previous page.
    pub cursor: Option<&'a str>,
}

/// A page size as a surface received it.
#[derive(Debug, Clone, Copy)]
pub enum Limit<'a> {
    /// A JSON number (MCP arguments and the like).
    Number(u64),
    /// Text, as in a query string: digits only.
    Text(&'a str),
}

/// A validated search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchParams {
    /// The trimmed query, echoed as `query`.
    pub q: String,
    pub category: Option<u8>,
    pub limit: usize,
    pub offset: usize,
}

/// One page of results.
#[derive(Debug, Clone)]
pub struct GuidePage {
    pub params: SearchParams,
    ranked: Ranked,
    start: usize,
    /// The cursor of the next page; `None` on the last.
    pub next_cursor: Option<String>,
    /// `q` as the search read it, when a word matched only through typo tolerance
    /// ([`search::corrected_query`]): "showing results for ...".
    pub corrected: Option<String>,
    /// Corrected queries that find something, when this one found nothing (at most
    /// `SEARCH_MAX_SUGGESTIONS`); empty otherwise.
    pub suggestions: Vec<String>,
}

impl GuidePage {
    /// This page's hits, best first.
    pub fn hits(&self) -> &[Hit] {
        self.ranked.hits()
    }

    /// How many guides matched in all, over every page.
    pub fn n_matches(&self) -> usize {
        self.ranked.n_matches()
    }

    /// How many of them matched every word of the query ([`search::Ranked::n_every_word`]).
    pub fn n_every_word(&self) -> usize {
        self.ranked.n_every_word()
    }

    /// The position of this page's first hit among all matches (0 on the first page).
    pub fn offset(&self) -> usize {
        self.start
    }

    /// Whether the search had terms (each hit then carries `relevance`).
    pub fn keyword(&self) -> bool {
        self.ranked.keyword
    }

    /// The guide record of a hit.
    pub fn guide(hit: &Hit) -> &'static GuideRecord {
        &GUIDES[usize::from(hit.guide)]
    }

    /// The passage of a hit's guide that shows why it matched, matched words marked.
    pub fn snippet(&self, hit: &Hit) -> Option<search::Snippet<'_>> {
        self.ranked.snippet(hit)
    }

    /// The ResourceSearchPage JSON, as `GET /v1/resources` serves it.
    pub fn to_json(&self) -> String {
        search::page_json(
            &self.params.q,
            self.corrected.as_deref(),
            &self.ranked,
            self.next_cursor.as_deref(),
            &self.suggestions,
        )
    }

    /// [`GuidePage::to_json`], and the same escaped as the contents of a JSON string without
    /// the quotes: the text block an MCP tool result repeats its JSON in.
    pub fn to_json_and_escaped(&self) -> (String, String) {
        search::page_json_and_escaped(
            &self.params.q,
            self.corrected.as_deref(),
            &self.ranked,
            self.next_cursor.as_deref(),
            &self.suggestions,
        )
    }
}

/// Validates a request: `q` length, category name, limit bounds, and the cursor's binding.
pub fn validate(request: &SearchRequest<'_>) -> Result<SearchParams, Error> {
    let q = request.q.map(crate::model::trim_blank).unwrap_or_default();
    let n_chars = q.chars().count();
    if n_chars > SEARCH_QUERY_MAX_CHARS {
        return Err(Error::query_too_long("q", n_chars));
    }
    let category = match request.category {
        None => None,
        Some(name) => Some(
            CATEGORIES
                .iter()
                .position(|c| c.name == name)
                .map(|i| i as u8)
                .ok_or_else(|| Error::unknown_category(name))?,
        ),
    };
    let limit = page_size(request.limit)?;
    let offset = match request.cursor {
        None => 0,
        Some(token) => cursor::decode(token, &cursor::Binding { q, category, limit })
            .map_err(Error::invalid_cursor)?,
    };
    Ok(SearchParams { q: q.to_string(), category, limit, offset })
}

/// A page size as given (or the default), checked against `1..=SEARCH_LIMIT_MAX`; every
/// surface's `limit` goes through here.
pub fn page_size(limit: Option<Limit<'_>>) -> Result<usize, Error> {
    Ok(match limit {
        None => SEARCH_LIMIT_DEFAULT,
        Some(Limit::Number(n)) if (1..=SEARCH_LIMIT_MAX as u64).contains(&n) => n as usize,
        Some(Limit::Number(n)) => return Err(Error::invalid_limit(itoa::Buffer::new().format(n))),
        Some(Limit::Text(text)) => text
            .parse::<usize>()
            .ok()
            .filter(|n| {
                (1..=SEARCH_LIMIT_MAX).contains(n) && text.bytes().all(|b| b.is_ascii_digit())
            })
            .ok_or_else(|| Error::invalid_limit(text))?,
    })
}

/// Runs a validated search and cuts out the requested page.
pub fn search(params: SearchParams) -> GuidePage {
    // The page and the cursor to the next need its own ranks in order, and how many there are.
    let page = params.offset..params.offset + params.limit;
    let mut ranked = search::search_top(&params.q, params.category, page.clone());
    // A word that matched nothing, with one correction the library leaves no doubt about
    // (`modl` is `model`), is read as that word, as typo tolerance reads a longer one
    // (`modle`): the results are the correction's, and `correctedQuery` says so. On every page
    // alike, so a cursor walk goes on with the same reading.
    let mut reading = None;
    if ranked.keyword && (ranked.n_matches() == 0 || search::has_unmatched_word(&ranked)) {
        reading = search::clear_reading(&params.q, &ranked, params.category);
        if let Some(clear) = &reading {
            ranked = search::search_top(clear, params.category, page);
        }
    }
    let n_hits = ranked.n_matches();
    let start = params.offset.min(n_hits);
    let end = (start + params.limit).min(n_hits);
    let next_cursor = (end < n_hits).then(|| {
        cursor::encode(
            end,
            &cursor::Binding { q: &params.q, category: params.category, limit: params.limit },
        )
    });
    // A corrected query is offered when nothing was found, and on the first page when a word
    // matched nothing although others did ("gdrp compliance" finds guides on compliance, and
    // offers "gdpr compliance").
    let unmatched = || params.offset == 0 && search::has_unmatched_word(&ranked);
    let suggestions = if reading.is_none() && ranked.keyword && (n_hits == 0 || unmatched()) {
        search::suggest_ranked(&params.q, &ranked, params.category)
    } else {
        Vec::new()
    };
    // What a misspelt word was read as, on every page of a search that found something (a
    // search that found nothing offers `suggestions` instead).
    let corrected = match reading {
        Some(clear) => search::corrected_query(&clear, &ranked).or(Some(clear)),
        None if ranked.keyword && n_hits > 0 => search::corrected_query(&params.q, &ranked),
        None => None,
    };
    GuidePage { params, ranked, start, next_cursor, corrected, suggestions }
}

/// Validates and runs a search.
pub fn search_guides(request: &SearchRequest<'_>) -> Result<GuidePage, Error> {
    validate(request).map(search)
}

/// One guide by slug, with its markdown twin. Only the MCP docs server's `get_guide` looks a
/// guide up this way (the REST API's guides are fixed routes), so its not-found message names
/// the tool that finds guides there.
pub fn guide(slug: &str) -> Result<Item, Error> {
    if !is_slug(slug) {
        return Err(Error::invalid_slug(slug));
    }
    GUIDES.iter().find(|g| g.slug == slug).map(Item::Guide).ok_or_else(|| {
        let near = super::content::meant_by(ItemKind::Guide, GUIDES.iter().map(Item::Guide), slug);
        let near: Vec<&str> = near.iter().map(|item| item.slug()).collect();
        Error::guide_not_found(slug, &near)
    })
}

#[cfg(test)]
mod tests {
    use super::{Limit, SEARCH_LIMIT_MAX, SearchRequest, search_guides};

    /// The escaped page an MCP text block carries is the page serde_json would escape: with
    /// and without terms and snippets, a category, a misspelling, suggestions, quotes and
    /// backslashes in the query, a later page, every guide's escaped object once.
    #[test]
    fn the_escaped_page_is_the_page_escaped() {
        let mut pages = Vec::new();
        for (q, category) in [
            (None, None),
            (None, Some("Analytics and BI")),
            (Some("data strategy"), None),
            (Some("goverance \"framework\" \\ ok"), None),
            (Some("model monitoring drift"), Some("Machine Learning in Production")),
            (Some("qqqzzz xyxyxy"), None),
            (Some("lakehose"), None),
            (Some("a/b test <mark>"), None),
        ] {
            let page = search_guides(&SearchRequest {
                q,
                category,
                limit: Some(Limit::Number(SEARCH_LIMIT_MAX as u64)),
                cursor: None,
            })
            .unwrap_or_else(|error| panic!("{q:?} {category:?}: {error:?}"));
            pages.push(page);
        }
        // The whole library, page by page: every guide's escaped object is checked.
        let mut cursor = None;
        for _ in 0..4 {
            let page = search_guides(&SearchRequest {
                q: None,
                category: None,
                limit: Some(Limit::Number(SEARCH_LIMIT_MAX as u64)),
                cursor: cursor.as_deref(),
            })
            .expect("a page of the library");
            cursor = page.next_cursor.clone();
            pages.push(page);
        }
        let mut guides_seen = std::collections::BTreeSet::new();
        for page in &pages {
            let (json, escaped) = page.to_json_and_escaped();
            assert_eq!(json, page.to_json());
            let quoted = serde_json::Value::from(json.as_str()).to_string();
            assert_eq!(escaped, quoted[1..quoted.len() - 1], "{json}");
            guides_seen.extend(page.hits().iter().map(|hit| hit.guide));
        }
        assert_eq!(guides_seen.len(), crate::tables::GUIDES.len(), "every guide's object escaped");
    }
}
