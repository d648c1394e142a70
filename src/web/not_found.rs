//! What a 404 on a website path adds when the path is a mistyped or guessed page of a
//! collection (`/services/data-stratgy/`, `/guides/data-quality/index.md`,
//! `/services/ml-engineering/`), or a page's slug without its collection (`/mlops/`): the
//! pages it most plausibly meant, by the hint logic the REST
//! API's slugs use (`ops::content::meant_by`); when a guide path names no guide
//! (`/guides/gdpr/`), the guides that mention its words, with a link to search them; when it
//! names a category by its slug (`/guides/strategy-and-value/`), the category's place in the
//! guide library (`/guides/#strategy-and-value`). Other
//! 404s pay nothing: the HTML page stays the static `tables::NOT_FOUND_PAGE`.

use std::fmt::Write as _;

use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

use super::escape_html;
use crate::model::{ERRORS_PATH, ERRORS_TITLE, TERMS_HEADING};
use crate::ops::content::{Item, nearest_to_path};
use crate::tables::{CATEGORIES, FIXED, NOT_FOUND_HOLE, NOT_FOUND_PAGE, SITE_URL};

/// What a 404 on a website path offers: the pages the path most plausibly meant, each with
/// the address to offer (the markdown twin when the path asked for markdown, ending in `.md`,
/// else the page); when there are none, for a guide path, the guides that mention its words.
#[derive(Debug, Default)]
pub struct Suggestions {
    /// The site's files at its root (or under `/.well-known/`) the path names without their
    /// extension, with another, or singular for plural (`/llms`, `/openapi.yaml`,
    /// `/security.txt`, `/llm.txt`: `/llms.txt`, `/openapi.json`, `/.well-known/security.txt`),
    /// then the part of the site it names in other words (`/blog`: the guide library); offered
    /// first.
    pub addresses: Vec<Address>,
    pub pages: Vec<(Item, String)>,
    /// The words as read (`gdpr`) and the guides whose text mentions every one, with their
    /// addresses.
    pub mentioned: Option<(String, Vec<(Item, String)>)>,
}

/// An address of the site a 404 offers by its name rather than as a page record: one of the
/// site's files, or a part of the site named in a visitor's other words ([`ELSEWHERE`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// From the site's root: `/llms.txt`, `/guides/`, `/#how-we-work` (`/guides/index.md` for
    /// a path that asked for a twin).
    pub path: String,
    /// What a link to it says: the file's path, or the page's or section's heading.
    pub label: &'static str,
    /// A file for machines (`/llms.txt`), not a page.
    pub file: bool,
}

/// The parts of the site a visitor looks for by a name the site does not use, by the one
/// segment they type (`/about-us`, `/blog`, `/careers`, `/docs/error-codes/`, lower case,
/// `_` read as `-`), each with where the site says it and the heading there. A page the site
/// has no equivalent of (a privacy notice, a careers page with openings) is not offered a
/// stand-in, except that a visitor looking for a job or for help is offered the contact
/// details, which say how to write.
pub const ELSEWHERE: [(&[&str], &str, &str); 9] = [
    (
        &[
            "about",
            "about-us",
            "company",
            "who-we-are",
            "our-story",
            "team",
            "our-team",
            "people",
            "approach",
            "our-approach",
            "faq",
            "faqs",
            "pricing",
            "prices",
            "price",
            "fees",
            "rates",
            "costs",
            "terms",
            "terms-of-business",
            "engagement",
            "engagements",
        ],
        "/#how-we-work",
        TERMS_HEADING,
    ),
    (
        &[
            "contact-us",
            "get-in-touch",
            "enquiries",
            "enquiry",
            "enquire",
            "hire-us",
            "work-with-us",
            "talk-to-us",
            "book-a-call",
            "consultation",
            "careers",
            "jobs",
            "join-us",
            "hiring",
            "vacancies",
            "support",
            "help",
        ],
        "/#contact",
        "Contact",
    ),
    (
        &[
            "blog",
            "articles",
            "insights",
            "resources",
            "posts",
            "news",
            "library",
            "knowledge-base",
            "learn",
            "publications",
            "whitepapers",
            "guide",
        ],
        "/guides/",
        "Guides",
    ),
    (
        &[
            "what-we-do",
            "solutions",
            "offerings",
            "consulting",
            "expertise",
            "capabilities",
            "service",
        ],
        "/services/",
        "Services",
    ),
    (&["sectors", "markets", "industry"], "/industries/", "Industries"),
    (
        &["work", "our-work", "clients", "portfolio", "projects", "case-study", "success-stories"],
        "/case-studies/",
        "Case studies",
    ),
    (
        &["assessment", "self-assessment", "quiz", "readiness", "scorecard"],
        "/ai-readiness/",
        "AI Readiness Self-Assessment",
    ),
    (
        &["developers", "developer", "documentation", "api-docs", "api-reference"],
        "/docs/",
        "API documentation",
    ),
    (&["errors", "error", "error-codes", "errorcodes", "codes"], ERRORS_PATH, ERRORS_TITLE),
];

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
    if let Some(address) = category_of(path) {
        return Suggestions { addresses: vec![twin_of(address, twin)], ..Suggestions::default() };
    }
    let meant = nearest_to_path(path);
    let mut addresses = root_files(path);
    addresses.extend(elsewhere(path).map(|address| twin_of(address, twin)));
    Suggestions {
        addresses,
        pages: offer(meant.pages),
        mentioned: meant.mentioned.map(|(words, guides)| (words, offer(guides))),
    }
}

/// The extensions of the files the site serves at its root for machines (`llms.txt`,
/// `llms-full.txt`, `robots.txt`, `openapi.json`, `sitemap.xml`).
const ROOT_FILE_EXTENSIONS: [&str; 3] = [".txt", ".json", ".xml"];

/// The lower-case stem of a path of one segment (`/LLMS.md` → `llms`, `/about-us/` and
/// `/about-us/index.md` → `about-us`; `_` read as `-`), or of one segment under `/docs/` when `under_docs`
/// (`/docs/error-codes/`), with whether it had an extension; `None` for any other path (a
/// stem of letters, digits, hyphens and underscores only, not `index`). One pass that stops at
/// the first byte no such name has (the `/` of a path under a collection, at most a few bytes
/// in): every other 404 pays about that and no more.
fn stem_of(path: &str, under_docs: bool) -> Option<(String, bool)> {
    let segment = path.strip_prefix('/')?;
    let segment = match segment.strip_prefix("docs/") {
        Some(rest) if under_docs => rest,
        _ => segment,
    };
    let segment = segment.strip_suffix("/index.md").unwrap_or(segment);
    let segment = segment.strip_suffix('/').unwrap_or(segment);
    let mut dot = None;
    for (at, b) in segment.bytes().enumerate() {
        match b {
            b'.' => dot = Some(at),
            b'-' | b'_' => {}
            _ if b.is_ascii_alphanumeric() => {}
            _ => return None,
        }
    }
    let stem = dot.map_or(segment, |at| &segment[..at]);
    let named = !stem.is_empty() && !stem.eq_ignore_ascii_case("index") && !stem.contains('.');
    named.then(|| (stem.to_ascii_lowercase().replace('_', "-"), dot.is_some()))
}

/// The site's root files a path of one segment names by their stem: `/llms`, `/llms/`,
/// `/llms.md` and `/LLMS` name `/llms.txt`, `/openapi.yaml` names `/openapi.json`, as an
/// agent guesses them; a stem one `s` short or over (`/llm.txt`, `/robot.txt`,
/// `/sitemaps.xml`) names the file it is the singular or plural of; and the files under
/// `/.well-known/` named at the root (`/security.txt`, `/agent-card.json`, `/ai-catalog`).
/// Empty for any other path; at most three look-ups per directory and extension.
fn root_files(path: &str) -> Vec<Address> {
    let Some((stem, _)) = stem_of(path, false) else { return Vec::new() };
    let plural = format!("{stem}s");
    let spellings = [Some(stem.as_str()), Some(plural.as_str()), stem.strip_suffix('s')];
    let mut found: Vec<Address> = Vec::new();
    for dir in ["/", "/.well-known/"] {
        for extension in ROOT_FILE_EXTENSIONS {
            // The stem as written first: a file named so is not also offered as its plural.
            let file = spellings
                .iter()
                .flatten()
                .find_map(|spelling| FIXED.get_key_value(&format!("{dir}{spelling}{extension}")));
            if let Some((file, _)) = file {
                found.push(Address { path: (*file).to_owned(), label: file, file: true });
            }
        }
    }
    found
}

/// The part of the site a missing path names in a visitor's other words ([`ELSEWHERE`]):
/// `/blog` the guide library, `/about-us/` how the firm works, `/docs/error-codes/` the error
/// codes. At most one; none for a path of more than one segment (but one under `/docs/`).
fn elsewhere(path: &str) -> Option<Address> {
    let (stem, _) = stem_of(path, true)?;
    ELSEWHERE
        .iter()
        .find(|(names, _, _)| names.contains(&stem.as_str()))
        .map(|&(_, path, label)| Address { path: path.to_owned(), label, file: false })
}

/// The place in the guide library of the category a guide path names by its slug, the
/// library's anchor for it: `/guides/strategy-and-value/` (or without the slash, in upper
/// case, or as a twin, `/guides/strategy-and-value/index.md`) is `/guides/#strategy-and-value`,
/// headed by the category's name; `None` for any other path. Only a 404 asks, so a guide with
/// a category's slug would still be served.
fn category_of(path: &str) -> Option<Address> {
    let rest = path.strip_prefix("/guides/")?;
    let slug = rest.strip_suffix("/index.md").or_else(|| rest.strip_suffix(".md")).unwrap_or(rest);
    let slug = slug.strip_suffix('/').unwrap_or(slug);
    CATEGORIES.iter().find(|c| c.key.eq_ignore_ascii_case(slug)).map(|c| Address {
        path: format!("/guides/#{}", c.key),
        label: c.name,
        file: false,
    })
}

/// `address` as a client that asked for a markdown twin (`/about.md`) would read it: a page's
/// twin (`/guides/index.md`, `/index.md#contact`); as it is otherwise.
fn twin_of(address: Address, twin: bool) -> Address {
    if !twin {
        return address;
    }
    let (page, fragment) = address.path.split_once('#').unwrap_or((&address.path, ""));
    let path = match (page.ends_with('/'), fragment) {
        (false, _) => return address,
        (true, "") => format!("{page}index.md"),
        (true, fragment) => format!("{page}index.md#{fragment}"),
    };
    Address { path, ..address }
}

/// The website's search for `words`, absolute: `/search/?q=gdpr`.
fn search_url(words: &str) -> String {
    format!("{SITE_URL}/search/?q={}", utf8_percent_encode(words, NON_ALPHANUMERIC))
}

/// The HTML 404 with the suggestions after its lede, or `None` when there are none (the static
/// page is sent as it is).
pub fn html(suggestions: &Suggestions) -> Option<String> {
    let addresses = &suggestions.addresses;
    let (heading, list, words) = match (&suggestions.pages[..], &suggestions.mentioned) {
        ([], None) if addresses.is_empty() => return None,
        ([], Some((words, guides))) if addresses.is_empty() => (
            format!("<h2>Guides that mention \u{201c}{}\u{201d}</h2>\n", escape_html(words)),
            guides,
            Some(words),
        ),
        (_, _) => (format!("<h2>{}</h2>\n", heading(suggestions)), &suggestions.pages, None),
    };
    let (before, after) = NOT_FOUND_PAGE.split_at(NOT_FOUND_HOLE);
    let mut html =
        String::with_capacity(NOT_FOUND_PAGE.len() + 160 * (addresses.len() + list.len()) + 256);
    html.push_str(before);
    html.push_str(&heading);
    html.push_str("<ul class=\"near\">");
    if words.is_none() {
        for address in addresses {
            let _ = write!(
                html,
                "<li><a href=\"{SITE_URL}{}\">{}</a></li>",
                escape_html(&address.path),
                escape_html(address.label)
            );
        }
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
    let addresses = &suggestions.addresses;
    match (&suggestions.pages[..], &suggestions.mentioned) {
        ([], None) if addresses.is_empty() => {}
        ([], Some((words, guides))) if addresses.is_empty() => {
            let _ = writeln!(md, "## Guides that mention \u{201c}{words}\u{201d}\n");
            list(&mut md, guides);
            let _ = writeln!(
                md,
                "Every guide that matches, as JSON: {SITE_URL}/v1/resources?q={}\n",
                utf8_percent_encode(words, NON_ALPHANUMERIC)
            );
        }
        (pages, _) => {
            let _ = writeln!(md, "## {}\n", heading(suggestions));
            for address in addresses {
                let _ = writeln!(md, "- [{}]({SITE_URL}{})", address.label, address.path);
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
    let addresses = suggestions.addresses.iter().map(|address| format!("`{}`", address.path));
    let pages = suggestions
        .pages
        .iter()
        .map(|(_, url)| format!("`{}`", url.strip_prefix(SITE_URL).unwrap_or(url)));
    let paths: Vec<String> = addresses.chain(pages).collect();
    match paths.split_last() {
        None => String::new(),
        Some((only, [])) => format!("did you mean {only}?"),
        Some((last, rest)) => format!("did you mean {} or {last}?", rest.join(", ")),
    }
}

/// The question over the suggestions offered by name: of a file when only files are offered
/// (`/llms`), else of pages.
fn heading(suggestions: &Suggestions) -> &'static str {
    let n = suggestions.addresses.len() + suggestions.pages.len();
    let files = suggestions.pages.is_empty() && suggestions.addresses.iter().all(|a| a.file);
    match (n, files) {
        (1, true) => "Did you mean this file?",
        (_, true) => "Did you mean one of these files?",
        (1, false) => "Did you mean this page?",
        (_, false) => "Did you mean one of these pages?",
    }
}
