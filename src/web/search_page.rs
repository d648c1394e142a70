//! `/search/?q=...&category=...&cursor=...`: the guide search as an HTML page. The site's
//! search forms submit here without JavaScript (and when Enter is pressed with no result
//! chosen). A result shows the passage that matched, its words marked, where the API sends a
//! `snippet`, and the guide's description otherwise, as the site's script does.
//!
//! Same engine, validation and cursors as `GET /v1/resources` at its default page size, so a
//! `nextCursor` from the API works here and the reverse. The page is the build's template
//! (`tables::SEARCH_PAGE`) with its holes filled; each result is the build's fragment for that
//! guide (`tables::GUIDE_RESULTS`). No I/O. Unlike the API, unknown parameters are ignored
//! (links to pages pick up tracking parameters), an empty `category` or `cursor` means
//! none, because the form's "All categories" option submits `category=`, and a category is
//! taken by its slug (`strategy-and-value`, the guide library's anchor) as by its name: the
//! page then reads, links and searches the name, which the API takes.
//!
//! A client that prefers `text/markdown` (as a page's negotiation reads `Accept`) gets the same
//! search as markdown ([`markdown_from_query`]): the summary, the results as a numbered list of
//! links to the guides' twins, each with its passage (matched words in bold) or description,
//! and links onward, with the same words as the HTML.

use std::fmt::Write as _;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use super::{HtmlPage, MarkdownPage, Outcome, escape_html, escape_markdown};
use crate::limits::SEARCH_QUERY_MAX_CHARS;
use crate::ops::error::closest_category;
use crate::ops::guides::{self, SearchParams, SearchRequest};
use crate::ops::{Error, ErrorKind};
use crate::tables::{CATEGORIES, GUIDE_RESULTS, GUIDES, SEARCH_PAGE, SITE_URL};
use crate::wire::form::parse_read_pairs;

/// What a query value escapes: everything but RFC 3986 unreserved characters, so cursors
/// (base64url) stay as the API wrote them.
const QUERY_VALUE: &AsciiSet =
    &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// The page for a raw query string.
pub fn from_query(query: Option<&str>) -> HtmlPage {
    match parse(query.unwrap_or("")) {
        Ok(request) => render(&request.q, request.category.as_deref(), request.cursor.as_deref()),
        Err(error) => fill(
            "Search the guides",
            &blank_description(),
            "",
            None,
            Outcome::BadRequest,
            &error_html(&error, None),
            "",
        ),
    }
}

/// The description of a page that shows no results (no search yet, or one refused): what the
/// box searches.
fn blank_description() -> String {
    format!("Search {} guides on data and AI by words, by category, or both.", GUIDE_RESULTS.len())
}

/// The page for one search: `q` as typed, `category` a category name as the categories
/// endpoint gives it, `cursor` a `nextCursor` of the previous page.
pub fn render(q: &str, category: Option<&str>, cursor: Option<&str>) -> HtmlPage {
    let category = category.map(named);
    let category_idx = category.and_then(|name| CATEGORIES.iter().position(|c| c.name == name));
    let shown_q = q.trim();
    let params = guides::validate(&SearchRequest { q: Some(q), category, limit: None, cursor });
    // The footer links this search in the API, refused or not: the same parameters get the
    // same results, or the same error with its code.
    let api_query = query_string(shown_q, category, cursor);
    match params {
        Err(error) => {
            // An unknown category with a plausible meaning comes back chosen in the list, so
            // pressing Search again runs the search meant.
            let meant = match error.kind {
                ErrorKind::UnknownCategory => category
                    .and_then(closest_category)
                    .and_then(|name| CATEGORIES.iter().position(|c| c.name == name)),
                _ => None,
            };
            fill(
                "Search the guides",
                &blank_description(),
                shown_q,
                category_idx.or(meant),
                Outcome::BadRequest,
                &error_html(&error, category),
                &api_query,
            )
        }
        Ok(params) if params.q.is_empty() && params.category.is_none() => fill(
            "Search the guides",
            &blank_description(),
            "",
            None,
            Outcome::Ok,
            &format!(
                "<p>Type a few words above to search {} guides, or browse <a href=\"{SITE_URL}/guides/\">the guide library</a>.</p>\n",
                GUIDE_RESULTS.len()
            ),
            "",
        ),
        Ok(params) => {
            let (results, summary) = results_html(&params, category);
            let title = title(&params, category);
            fill(&title, &summary, &params.q, category_idx, Outcome::Ok, &results, &api_query)
        }
    }
}

/// The category `value` names by its slug (`strategy-and-value`, as the guide library's
/// anchors spell it) as the name the API takes (`Strategy and Value`); any other value as it
/// is, a name or not.
fn named(value: &str) -> &str {
    CATEGORIES.iter().find(|c| c.key == value).map_or(value, |c| c.name)
}

/// The heading of a page of results: "Search results for \u{201c}data quality\u{201d}", or
/// "Guides in Analytics and BI" for a category alone.
fn title(params: &SearchParams, category: Option<&str>) -> String {
    if params.q.is_empty() {
        format!("Guides in {}", category.unwrap_or_default())
    } else {
        format!("Search results for \u{201c}{}\u{201d}", params.q)
    }
}

/// The page for a raw query string as markdown, for a client that prefers it.
pub fn markdown_from_query(query: Option<&str>) -> MarkdownPage {
    match parse(query.unwrap_or("")) {
        Ok(request) => {
            render_markdown(&request.q, request.category.as_deref(), request.cursor.as_deref())
        }
        Err(error) => refused_markdown(&error, None, "", None),
    }
}

/// [`render`] as markdown: the same search, summary, links onward and refusals, with the
/// results' links to the guides' twins, which a client that prefers markdown reads.
pub fn render_markdown(q: &str, category: Option<&str>, cursor: Option<&str>) -> MarkdownPage {
    let category = category.map(named);
    let api_query = query_string(q.trim(), category, cursor);
    match guides::validate(&SearchRequest { q: Some(q), category, limit: None, cursor }) {
        Err(error) => {
            // The search that would be answered: the words without the stale cursor, in the
            // category a misspelt one most plausibly meant (or in all), as the HTML page
            // chooses the meant category in its list; none for a query too long.
            let retry = match error.kind {
                ErrorKind::InvalidCursor => Some(query_string(q.trim(), category, None)),
                ErrorKind::UnknownCategory => {
                    Some(query_string(q.trim(), category.and_then(closest_category), None))
                }
                _ => None,
            };
            refused_markdown(&error, category, &api_query, retry.as_deref())
        }
        Ok(params) if params.q.is_empty() && params.category.is_none() => MarkdownPage {
            outcome: Outcome::Ok,
            markdown: format!(
                "# Search the guides\n\n{} Add the words to this address as `q`, and a category's name as `category`: {SITE_URL}/search/?q=data+quality\n\nEvery guide by category: {SITE_URL}/guides/index.md. Every page is listed in {SITE_URL}/llms.txt.\n",
                blank_description()
            ),
        },
        Ok(params) => {
            let mut md = format!("# {}\n\n", escape_markdown(&title(&params, category)));
            results_markdown(&mut md, &params, category);
            let _ = writeln!(md, "The same search as JSON: {SITE_URL}/v1/resources{api_query}");
            MarkdownPage { outcome: Outcome::Ok, markdown: md }
        }
    }
}

/// A refused search as markdown (400): why, in the HTML page's words, the API's refusal of the
/// same parameters (`api_query`), which names the error's code, and the search to run instead
/// (`retry`, a query string), else the blank page.
fn refused_markdown(
    error: &Error,
    category: Option<&str>,
    api_query: &str,
    retry: Option<&str>,
) -> MarkdownPage {
    let mut md =
        format!("# Search the guides\n\n{}\n\n", escape_markdown(&error_message(error, category)));
    if !api_query.is_empty() {
        let _ = writeln!(
            md,
            "The same request to the API, with the error's code: {SITE_URL}/v1/resources{api_query}\n"
        );
    }
    match retry {
        Some(retry) => {
            let _ = writeln!(md, "Search again: {SITE_URL}/search/{retry}");
        }
        None => {
            let _ = writeln!(md, "Search from the start: {SITE_URL}/search/");
        }
    }
    MarkdownPage { outcome: Outcome::BadRequest, markdown: md }
}

/// The summary and results of a search as markdown, appended to `md`, each block followed by a
/// blank line.
fn results_markdown(md: &mut String, params: &SearchParams, category: Option<&str>) {
    let page = guides::search(params.clone());
    let Summary { n_hits, guides, what, every_word, .. } = Summary::of(&page, params, category);
    let search_link = |q: &str, cursor: Option<&str>| {
        let params = SearchParams { q: q.to_owned(), ..params.clone() };
        page_url(&params, category, cursor)
    };
    if let Some(corrected) = &page.corrected {
        let _ = writeln!(
            md,
            "Showing results for \u{201c}{}\u{201d}. Search instead for [{}]({}).\n",
            escape_markdown(corrected),
            escape_markdown(&params.q),
            search_link(&as_typed(&params.q), None)
        );
    }
    let what = escape_markdown(&what);
    if n_hits == 0 {
        let another = if category.is_some() { ", another category" } else { "" };
        let _ = writeln!(
            md,
            "No guides {what}. Try fewer or different words{another}, or browse the guide library: {SITE_URL}/guides/index.md\n"
        );
    } else {
        let _ = writeln!(
            md,
            "{n_hits} {guides} {what}{every_word}. Showing {} to {}.\n",
            page.offset() + 1,
            page.offset() + page.hits().len()
        );
    }
    if !page.suggestions.is_empty() {
        let links: Vec<String> = page
            .suggestions
            .iter()
            .map(|s| format!("[{}]({})", escape_markdown(s), search_link(s, None)))
            .collect();
        let _ = writeln!(md, "Did you mean {}?\n", links.join(" or "));
    }
    if n_hits == 0 {
        return;
    }
    for (n, hit) in page.hits().iter().enumerate() {
        let guide = &GUIDES[usize::from(hit.guide)];
        let category = CATEGORIES.get(usize::from(guide.category)).map_or("", |c| c.name);
        let _ = write!(
            md,
            "{}. [{}]({SITE_URL}{}) ({}): ",
            page.offset() + n + 1,
            escape_markdown(guide.title),
            guide.twin_path,
            escape_markdown(category)
        );
        // The passage that matched, its marks in bold, or the guide's description.
        match page.snippet(hit) {
            Some(snippet) => {
                let mut at = 0;
                for (start, end) in snippet.marks() {
                    md.push_str(&escape_markdown(&snippet.text[at..start]));
                    md.push_str("**");
                    md.push_str(&escape_markdown(&snippet.text[start..end]));
                    md.push_str("**");
                    at = end;
                }
                md.push_str(&escape_markdown(&snippet.text[at..]));
            }
            None => md.push_str(&escape_markdown(guide.description)),
        }
        md.push('\n');
    }
    md.push('\n');
    let mut links = Vec::new();
    if let Some(next) = &page.next_cursor {
        links.push(format!("[More results]({})", page_url(params, category, Some(next))));
    }
    if page.offset() > 0 {
        links.push(format!("[Back to the first results]({})", page_url(params, category, None)));
    }
    if !links.is_empty() {
        let _ = writeln!(md, "{}\n", links.join(" \u{b7} "));
    }
}

/// The parameters the page reads.
#[derive(Debug, Default)]
struct Request {
    q: String,
    category: Option<String>,
    cursor: Option<String>,
}

fn parse(query: &str) -> Result<Request, Error> {
    let reads = |name: &str| matches!(name, "q" | "category" | "cursor");
    let pairs = parse_read_pairs(query, reads).map_err(|bad| {
        Error::invalid_parameter(format!("parameter `{}` is not valid UTF-8", bad.0))
    })?;
    let (mut q, mut category, mut cursor) = (None, None, None);
    for (name, value) in pairs {
        let value = value.into_owned();
        let slot = match &*name {
            "q" => &mut q,
            "category" => &mut category,
            "cursor" => &mut cursor,
            _ => continue,
        };
        if slot.is_some() {
            return Err(Error::duplicate_parameter(&name));
        }
        *slot = Some(value);
    }
    let not_empty = |value: Option<String>| value.filter(|v| !v.is_empty());
    Ok(Request {
        q: q.unwrap_or_default(),
        category: not_empty(category),
        cursor: not_empty(cursor),
    })
}

/// What a page of results says of itself, in plain text (each form escapes it).
struct Summary {
    /// How many guides matched in all.
    n_hits: usize,
    /// "guide" or "guides", agreeing with `n_hits`.
    guides: &'static str,
    /// "match \u{201c}data quality\u{201d} in Analytics and BI" (the verb agreeing with the
    /// count), or "in Analytics and BI" for a category alone.
    what: String,
    /// ", 12 of them every word" when some matches lack a word of the query; else empty.
    every_word: String,
    /// The page's description: "154 guides match \u{201c}data quality\u{201d}.", "No guides
    /// match \u{201c}xyzzy\u{201d}."
    description: String,
}

impl Summary {
    fn of(page: &guides::GuidePage, params: &SearchParams, category: Option<&str>) -> Summary {
        let n_hits = page.n_matches();
        // The verb agrees with the count: "No guides match", "1 guide matches", "2 guides match".
        let verb = if n_hits == 1 { "matches" } else { "match" };
        // The summary names the words the results are for: the corrected reading when a
        // misspelt word was read as another, which the line above the summary announces.
        let searched = page.corrected.as_deref().unwrap_or(&params.q);
        let what = match (params.q.is_empty(), category) {
            (true, Some(name)) => format!("in {name}"),
            (false, None) => format!("{verb} \u{201c}{searched}\u{201d}"),
            (false, Some(name)) => format!("{verb} \u{201c}{searched}\u{201d} in {name}"),
            (true, None) => String::new(),
        };
        let guides = if n_hits == 1 { "guide" } else { "guides" };
        let description = match n_hits {
            0 => format!("No guides {what}."),
            n => format!("{n} {guides} {what}."),
        };
        // A guide matching any word of the query is a match (ranked by its score), so for
        // several words the count alone says little ("154 guides match \u{201c}data
        // quality\u{201d}", 149 of them for "data"): how many matched every word follows it.
        let every_word = match page.n_every_word() {
            n if n == n_hits => String::new(),
            0 => ", none of them every word".to_owned(),
            n => format!(", {n} of them every word"),
        };
        Summary { n_hits, guides, what, every_word, description }
    }
}

/// The results and the page's description: how many guides match, in the summary's words
/// ("12 guides match \u{201c}data quality\u{201d} in Analytics and BI.", "No guides match
/// \u{201c}xyzzy\u{201d}."), unescaped (`fill` escapes it).
fn results_html(params: &SearchParams, category: Option<&str>) -> (String, String) {
    let page = guides::search(params.clone());
    let Summary { n_hits, guides, what, every_word, description } =
        Summary::of(&page, params, category);
    let what = escape_html(&what);
    // "Did you mean", from the API's `suggestions`: each a link to its own search.
    let did_you_mean = match page.suggestions.as_slice() {
        [] => String::new(),
        suggestions => {
            let links: Vec<String> = suggestions
                .iter()
                .map(|s| {
                    let corrected = SearchParams { q: s.clone(), ..params.clone() };
                    format!(
                        "<a href=\"{}\">{}</a>",
                        escape_html(&page_url(&corrected, category, None)),
                        escape_html(s)
                    )
                })
                .collect();
            format!("<p id=\"did-you-mean\">Did you mean {}?</p>\n", links.join(" or "))
        }
    };
    // What a misspelt word was read as, from the API's `correctedQuery`, and a link to search
    // for exactly what was typed: the query in double quotes, which the search takes as typed
    // (never corrected nor completed), as a web search engine's "Search instead for" does.
    let corrected = match &page.corrected {
        Some(corrected) => {
            let typed = SearchParams { q: as_typed(&params.q), ..params.clone() };
            format!(
                "<p id=\"corrected\">Showing results for \u{201c}{}\u{201d}. Search instead for <a id=\"as-typed\" href=\"{}\">{}</a>.</p>\n",
                escape_html(corrected),
                escape_html(&page_url(&typed, category, None)),
                escape_html(&params.q)
            )
        }
        None => String::new(),
    };
    if n_hits == 0 {
        // "Another category" only when one was chosen: without one, every category was searched.
        let another = if category.is_some() { ", another category" } else { "" };
        let html = format!(
            "<p id=\"summary\">No guides {what}. Try fewer or different words{another}, or browse <a href=\"{SITE_URL}/guides/\">the guide library</a>.</p>\n{did_you_mean}"
        );
        return (html, description);
    }
    let mut html = format!(
        "{corrected}<p id=\"summary\">{n_hits} {guides} {what}{every_word}. Showing {} to {}.</p>\n{did_you_mean}<ol class=\"results\" start=\"{}\">\n",
        page.offset() + 1,
        page.offset() + page.hits().len(),
        page.offset() + 1,
    );
    for hit in page.hits() {
        let fragment = GUIDE_RESULTS[usize::from(hit.guide)];
        // The passage that matched, as the site's script shows it, in place of the
        // description; the fragment's last `<p>` is the description's, which is escaped and
        // so holds no tag of its own.
        match (page.snippet(hit), fragment.rfind("<p>")) {
            (Some(snippet), Some(at)) => {
                html.push_str(&fragment[..at]);
                html.push_str("<p class=\"snippet\">");
                snippet.write_marked_with(&mut html, |out, text| out.push_str(&escape_html(text)));
                html.push_str("</p></li>\n");
            }
            _ => html.push_str(fragment),
        }
    }
    html.push_str("</ol>\n");
    let mut links = Vec::new();
    if let Some(next) = &page.next_cursor {
        links.push(format!(
            "<a rel=\"next\" href=\"{}\">More results</a>",
            escape_html(&page_url(params, category, Some(next)))
        ));
    }
    if page.offset() > 0 {
        links.push(format!(
            "<a href=\"{}\">Back to the first results</a>",
            escape_html(&page_url(params, category, None))
        ));
    }
    if !links.is_empty() {
        html.push_str(&format!("<p class=\"pages\">{}</p>\n", links.join(" &middot; ")));
    }
    (html, description)
}

/// `q` in double quotes, so the search takes every word of it as typed (any quotes it had are
/// dropped first: they would pair with the new ones).
fn as_typed(q: &str) -> String {
    let words = q.replace(['"', '\u{201c}', '\u{201d}'], "");
    format!("\"{}\"", words.trim())
}

/// The absolute URL of this search at `cursor` (the first page without one).
fn page_url(params: &SearchParams, category: Option<&str>, cursor: Option<&str>) -> String {
    format!("{SITE_URL}/search/{}", query_string(&params.q, category, cursor))
}

/// `?q=...&category=...&cursor=...` for the parameters given (an empty `q` left out), or
/// nothing when there are none.
fn query_string(q: &str, category: Option<&str>, cursor: Option<&str>) -> String {
    let mut pairs = Vec::new();
    if !q.is_empty() {
        pairs.push(format!("q={}", utf8_percent_encode(q, QUERY_VALUE)));
    }
    if let Some(name) = category {
        pairs.push(format!("category={}", utf8_percent_encode(name, QUERY_VALUE)));
    }
    if let Some(cursor) = cursor {
        pairs.push(format!("cursor={}", utf8_percent_encode(cursor, QUERY_VALUE)));
    }
    if pairs.is_empty() { String::new() } else { format!("?{}", pairs.join("&")) }
}

/// Why the request was refused, in words for the person who typed it; `requested_category` is
/// the `category` asked for, if any.
fn error_html(error: &Error, requested_category: Option<&str>) -> String {
    format!(
        "<p id=\"summary\" class=\"error\" role=\"alert\">{}</p>\n",
        escape_html(&error_message(error, requested_category))
    )
}

/// Why the request was refused, in plain words for the person who typed it.
fn error_message(error: &Error, requested_category: Option<&str>) -> String {
    match error.kind {
        ErrorKind::QueryTooLong => {
            format!("The search is too long: use at most {SEARCH_QUERY_MAX_CHARS} characters.")
        }
        ErrorKind::UnknownCategory => match requested_category.and_then(closest_category) {
            Some(name) => {
                format!("There is no such category; did you mean {name}? Choose one from the list.")
            }
            None => "There is no such category; choose one from the list.".to_string(),
        },
        ErrorKind::InvalidCursor => {
            "This results link is out of date or incomplete; search again from the first page."
                .to_string()
        }
        ErrorKind::InvalidParameter => {
            "The address holds characters that are not valid text.".to_string()
        }
        ErrorKind::DuplicateParameter => "The address gives a search parameter twice.".to_string(),
        _ => error.message.clone(),
    }
}

/// The template with its holes filled: title, description, query box, category choice,
/// results, and the query string of the same search in the API (`api_query`, unescaped).
fn fill(
    title: &str,
    description: &str,
    q: &str,
    category: Option<usize>,
    outcome: Outcome,
    results: &str,
    api_query: &str,
) -> HtmlPage {
    let title = escape_html(title);
    let description = escape_html(description);
    let q = escape_html(q);
    let api_query = escape_html(api_query);
    let mut holes: Vec<&str> = Vec::with_capacity(CATEGORIES.len() + 7);
    holes.push(&title);
    holes.push(&description);
    holes.push(&q);
    holes.push(if category.is_none() { " selected" } else { "" });
    holes.extend(
        (0..CATEGORIES.len()).map(|idx| if category == Some(idx) { " selected" } else { "" }),
    );
    holes.push(results);
    holes.push(&api_query);
    holes.push(&api_query);
    let size = SEARCH_PAGE.iter().chain(&holes).map(|part| part.len()).sum();
    let mut html = String::with_capacity(size);
    html.push_str(SEARCH_PAGE[0]);
    for (hole, piece) in holes.iter().zip(&SEARCH_PAGE[1..]) {
        html.push_str(hole);
        html.push_str(piece);
    }
    HtmlPage { outcome, html }
}
