//! What a 404 on a website path adds when the path is a mistyped or guessed page of a
//! collection (`/services/data-stratgy/`, `/guides/data-quality/index.md`,
//! `/services/ml-engineering/`), or a page's slug without its collection (`/mlops/`): the
//! pages it most plausibly meant, by the hint logic the REST
//! API's slugs use (`ops::content::meant_by`); when a guide path names no guide
//! (`/guides/gdpr/`), the guides that mention its words, with a link to search them. Other
//! 404s pay nothing: the HTML page stays the static `tables::NOT_FOUND_PAGE`.

use std::fmt::Write as _;

use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

use super::escape_html;
use crate::ops::content::{Item, nearest_to_path};
use crate::tables::{FIXED, NOT_FOUND_HOLE, NOT_FOUND_PAGE, SITE_URL};

/// What a 404 on a website path offers: the pages the path most plausibly meant, each with
/// the address to offer (the markdown twin when the path asked for markdown, ending in `.md`,
/// else the page); when there are none, for a guide path, the guides that mention its words.
#[derive(Debug, Default)]
pub struct Suggestions {
    /// The site's files at its root (or under `/.well-known/`) the path names without their
    /// extension or with another (`/llms`, `/openapi.yaml`, `/security.txt`: `/llms.txt`,
    /// `/openapi.json`, `/.well-known/security.txt`), as paths; offered first.
    pub files: Vec<&'static str>,
    pub pages: Vec<(Item, String)>,
    /// The words as read (`gdpr`) and the guides whose text mentions every one, with their
    /// addresses.
    pub mentioned: Option<(String, Vec<(Item, String)>)>,
}

/// What a missing website path may have meant ([`Suggestions`]).
pub fn suggestions(path: &str) -> Suggestions {
    let twin = path.ends_with(".md");
    let offer = |items: Vec<Item>| -> Vec<(Item, String)> {
        items
            .into_iter()
            .map(|item| {
                let url = if twin {
                    format!("{SITE_URL}{}", item.twin_path())
                } else {
                    item.url().to_string()
                };
                (item, url)
            })
            .collect()
    };
    let meant = nearest_to_path(path);
    Suggestions {
        files: root_files(path),
        pages: offer(meant.pages),
        mentioned: meant.mentioned.map(|(words, guides)| (words, offer(guides))),
    }
}

/// The extensions of the files the site serves at its root for machines (`llms.txt`,
/// `llms-full.txt`, `robots.txt`, `openapi.json`, `sitemap.xml`).
const ROOT_FILE_EXTENSIONS: [&str; 3] = [".txt", ".json", ".xml"];

/// The site's root files a path of one segment names by their stem: `/llms`, `/llms/`,
/// `/llms.md` and `/LLMS` name `/llms.txt`, `/openapi.yaml` names `/openapi.json`, as an
/// agent guesses them; and the files under `/.well-known/` named at the root
/// (`/security.txt`, `/agent-card.json`, `/ai-catalog`). Empty for any other path (a stem of
/// letters, digits, hyphens and underscores only); at most two look-ups per extension.
fn root_files(path: &str) -> Vec<&'static str> {
    let Some(segment) = path.strip_prefix('/') else { return Vec::new() };
    let segment = segment.strip_suffix('/').unwrap_or(segment);
    // One pass that stops at the first byte no file name here has (the `/` of a path under a
    // collection, at most a few bytes in): every other 404 pays about that and no more.
    let mut dot = None;
    for (at, b) in segment.bytes().enumerate() {
        match b {
            b'.' => dot = Some(at),
            b'-' | b'_' => {}
            _ if b.is_ascii_alphanumeric() => {}
            _ => return Vec::new(),
        }
    }
    let stem = dot.map_or(segment, |at| &segment[..at]);
    let named = !stem.is_empty() && !stem.eq_ignore_ascii_case("index") && !stem.contains('.');
    if !named {
        return Vec::new();
    }
    let stem = stem.to_ascii_lowercase();
    ["/", "/.well-known/"]
        .iter()
        .flat_map(|dir| ROOT_FILE_EXTENSIONS.iter().map(move |extension| (dir, extension)))
        .filter_map(|(dir, extension)| FIXED.get_key_value(&format!("{dir}{stem}{extension}")))
        .map(|(file, _)| file)
        .collect()
}

/// The website's search for `words`, absolute: `/search/?q=gdpr`.
fn search_url(words: &str) -> String {
    format!("{SITE_URL}/search/?q={}", utf8_percent_encode(words, NON_ALPHANUMERIC))
}

/// The HTML 404 with the suggestions after its lede, or `None` when there are none (the static
/// page is sent as it is).
pub fn html(suggestions: &Suggestions) -> Option<String> {
    let files = &suggestions.files;
    let (heading, list, words) = match (&suggestions.pages[..], &suggestions.mentioned) {
        ([], None) if files.is_empty() => return None,
        ([], Some((words, guides))) if files.is_empty() => (
            format!("<h2>Guides that mention \u{201c}{}\u{201d}</h2>\n", escape_html(words)),
            guides,
            Some(words),
        ),
        (pages, _) => (heading(files.len() + pages.len()).to_owned(), &suggestions.pages, None),
    };
    let (before, after) = NOT_FOUND_PAGE.split_at(NOT_FOUND_HOLE);
    let mut html =
        String::with_capacity(NOT_FOUND_PAGE.len() + 160 * (files.len() + list.len()) + 256);
    html.push_str(before);
    html.push_str(&heading);
    html.push_str("<ul class=\"near\">");
    for file in files {
        let _ = write!(html, "<li><a href=\"{SITE_URL}{file}\">{file}</a></li>");
    }
    for (item, url) in list {
        let _ = write!(
            html,
            "<li><a href=\"{}\">{}</a></li>",
            escape_html(url),
            escape_html(item.title())
        );
    }
    html.push_str("</ul>\n");
    if let Some(words) = words {
        let _ = writeln!(
            html,
            "<p><a id=\"search-words\" href=\"{}\">Search the guides for \u{201c}{}\u{201d}</a></p>",
            escape_html(&search_url(words)),
            escape_html(words)
        );
    }
    html.push_str(after);
    Some(html)
}

/// The markdown 404, for a client that prefers `text/markdown`: what happened, the
/// suggestions (as twins, which such a client reads), and where every page is listed.
pub fn markdown(suggestions: &Suggestions) -> String {
    let mut md = String::from(
        "# Page not found\n\nThere is no page at this address. The link may be mistyped, or the page may have moved.\n\n",
    );
    let list = |md: &mut String, items: &[(Item, String)]| {
        for (item, _) in items {
            let _ = writeln!(md, "- [{}]({SITE_URL}{})", item.title(), item.twin_path());
        }
        md.push('\n');
    };
    let files = &suggestions.files;
    match (&suggestions.pages[..], &suggestions.mentioned) {
        ([], None) if files.is_empty() => {}
        ([], Some((words, guides))) if files.is_empty() => {
            let _ = writeln!(md, "## Guides that mention \u{201c}{words}\u{201d}\n");
            list(&mut md, guides);
            let _ = writeln!(
                md,
                "Every guide that matches, as JSON: {SITE_URL}/v1/resources?q={}\n",
                utf8_percent_encode(words, NON_ALPHANUMERIC)
            );
        }
        (pages, _) => {
            let _ = writeln!(md, "## {}\n", heading_text(files.len() + pages.len()));
            for file in files {
                let _ = writeln!(md, "- [{file}]({SITE_URL}{file})");
            }
            list(&mut md, pages);
        }
    }
    let _ = writeln!(md, "Every page is listed in {SITE_URL}/llms.txt.");
    md
}

/// The markdown a client that prefers markdown gets on a website path over the fair-use
/// limit (429), as the 404 and pages are negotiated: what happened and when to come back
/// (`wait`, "40 seconds"), in the words of the HTML page.
pub fn rate_limited_markdown(wait: &str) -> String {
    format!(
        "# Too many requests\n\nYour network address has asked for more than fair use allows in the last minute, so this page was not sent.\n\n\
Please come back in **{wait}**: the page will load as usual. Nothing is wrong with the page or the link.\n\n\
Every address may make a fixed number of requests a minute, shared by everyone behind it; the count starts again each minute. Every page is listed in {SITE_URL}/llms.txt.\n"
    )
}

/// The markdown a client that prefers markdown gets on a website path without exactly one
/// valid `Host` (400 `invalid_host`), in the words of the HTML page.
pub fn bad_host_markdown() -> String {
    format!(
        "# Bad request\n\nThis request could not be answered: it did not say which site it was for.\n\n\
A request names the host (and port) it asks for once: an HTTP/1.1 request in exactly one Host header, HTTP/1.0 and HTTP/2 requests in at most one (over HTTP/2, the same as the request's authority); this one had none where one was needed, several, one that is not a host name, or one unlike its authority. A proxy or a tool between the client and this site is the likely cause.\n\n\
Every page is listed in {SITE_URL}/llms.txt.\n"
    )
}

/// The question the JSON Error message asks: "did you mean `/a/`, `/b/` or `/c/`?", the
/// suggestions' paths; empty when there are none.
pub fn message_hint(suggestions: &Suggestions) -> String {
    let files = suggestions.files.iter().map(|file| format!("`{file}`"));
    let pages = suggestions
        .pages
        .iter()
        .map(|(_, url)| format!("`{}`", url.strip_prefix(SITE_URL).unwrap_or(url)));
    let paths: Vec<String> = files.chain(pages).collect();
    match paths.split_last() {
        None => String::new(),
        Some((only, [])) => format!("did you mean {only}?"),
        Some((last, rest)) => format!("did you mean {} or {last}?", rest.join(", ")),
    }
}

fn heading(n: usize) -> &'static str {
    if n == 1 {
        "<h2>Did you mean this page?</h2>\n"
    } else {
        "<h2>Did you mean one of these pages?</h2>\n"
    }
}

fn heading_text(n: usize) -> &'static str {
    if n == 1 { "Did you mean this page?" } else { "Did you mean one of these pages?" }
}
