//! The website: every HTML page and its markdown twin, rendered from validated content, plus
//! the pieces the server fills in at run time (the search results page and the HTML 404).
//!
//! Every page lives at a URL ending in `/`; its twin is that URL plus `index.md`. Pages are
//! self-contained: inline CSS, an inline SVG favicon, no external assets. Every page carries
//! the site search box (a form that works without JavaScript; the inline script in
//! `site_script.js` turns it into a search-as-you-type combobox over `GET /v1/resources`),
//! JSON-LD (`structured.rs`), a canonical link, Open Graph tags and breadcrumbs.

use std::fmt::Write as _;

use serde_json::Value;

use super::config::Config;
use super::date::Date;
use super::model::{SEARCH_QUERY_MAX_CHARS, SOCIAL_CARD_PATH, TERMS_HEADING};
use super::render::{
    absolutise_markdown_links, escape_html, heading_html, inline_code_html, markdown_to_html,
};
use super::structured::{self, Crumb, Entity, PageFacts};
use super::validate::{Content, Guide, Page};

/// One page to publish: its path, HTML, markdown twin, and the internal links its body uses.
#[derive(Debug)]
pub struct SitePage {
    pub path: String,
    pub title: String,
    pub html: String,
    pub markdown: String,
    /// When the page's content last changed: its `updated` date, else the site's, else the
    /// build date (see [`lastmod`]).
    pub lastmod: Date,
    /// `(source file, link target)` for every root-relative link, checked by the compiler.
    pub links: Vec<(std::path::PathBuf, String)>,
    /// The page's own data in the API, as an absolute URL, where the head names it as a JSON
    /// alternate; the page's `Link` header names it too. `None` where the API serves the page
    /// only among more, or not at all.
    pub json: Option<String>,
}

/// The parts of the website the server completes at run time.
#[derive(Debug)]
pub struct RuntimePages {
    /// The search results page split at its holes; see [`SEARCH_PAGE_HOLES`].
    pub search_page: Vec<String>,
    /// One `<li>` per guide, in library order, for the search results page.
    pub guide_results: Vec<String>,
    /// The HTML 404 page sent to browsers, whole.
    pub not_found: String,
    /// Where in [`RuntimePages::not_found`] the server puts the pages a mistyped path under a
    /// collection may have meant (after the lede), as a byte offset.
    pub not_found_hole: usize,
    /// The assessment's server-rendered result page split at its holes; see
    /// [`ASSESSMENT_RESULT_HOLES`].
    pub assessment_result: Vec<String>,
    /// The result page's closing invitation to talk the result through, which the server puts
    /// after a result and not after a problem with the answers.
    pub assessment_result_cta: String,
    /// The page a browser gets on a website page over the fair-use limit (429), split at its
    /// hole; see [`RATE_LIMITED_HOLES`].
    pub rate_limited: Vec<String>,
    /// The page a browser gets on a website page without exactly one valid `Host` (400).
    pub bad_host: String,
}

/// The holes of the assessment result page: the `<title>` text and the page's content under
/// its heading. The server fills them (`src/web/assessment_page.rs`).
pub const ASSESSMENT_RESULT_HOLES: &str = "title, heading, content";

/// The holes of the search page template, in document order: the `<title>` text, the
/// description, the query box's value, the `selected` attribute of "All categories", then one
/// per category in library order, then the results, then the search's query string in the
/// API twice (the footer link's address and its words). The server fills them in this order
/// (`src/web/search_page.rs`).
pub const SEARCH_PAGE_HOLES: &str =
    "title, description, q, all categories, each category, results, API query, API query";

/// Marks a hole in a page template. A control character, so content can never contain it
/// (`escape_html` would keep it, but no text field of the content may hold one).
const HOLE: &str = "\u{1}";

/// The URL path of a page of `kind` (`services`, `guides`, ...).
pub fn item_path(kind: &str, slug: &str) -> String {
    format!("/{kind}/{slug}/")
}

pub use super::model::{ERRORS_PATH, ERRORS_TITLE};
/// The error-code reference's description, as the page and its search document
/// (`docs/errors`) give it.
pub const ERRORS_DESCRIPTION: &str = "Every error code of the API, its HTTP status and what to do about it: what an error response looks like (the format of its body), and the codes the MCP servers and the A2A agent send in their JSON-RPC errors.";
/// The error-code reference as a listing names it: path, title, description.
pub const ERRORS_LISTING: (&str, &str, &str) = (
    ERRORS_PATH,
    ERRORS_TITLE,
    "Every `error.code` the API returns, its status and what to do about it.",
);
/// The documentation's index: path, heading, introduction.
pub const DOCS_INDEX_LISTING: (&str, &str, &str) = (
    "/docs/",
    "API documentation",
    "How to use the public API, its authentication and its agent surfaces.",
);

/// Path of the interactive readiness assessment.
pub const ASSESSMENT_PATH: &str = "/ai-readiness/";
/// Path of the server-rendered search results page.
pub const SEARCH_PATH: &str = "/search/";
/// Path of the assessment's server-rendered result, where its form submits without scripts.
pub const ASSESSMENT_RESULT_PATH: &str = super::model::ASSESSMENT_RESULT_PATH;
/// Page size of the search results page and of `GET /v1/resources` without `limit`, so a
/// `nextCursor` from either works on the other.
pub const SEARCH_PAGE_SIZE: usize = super::model::SEARCH_LIMIT_DEFAULT;

/// The favicon, also drawn in the header: a larch-green rounded square with a white L.
pub const FAVICON_SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><rect width=\"32\" height=\"32\" rx=\"7\" fill=\"#1f5f4a\"/><path d=\"M10 6h4.5v15H23v4.5H10z\" fill=\"#fff\"/><circle cx=\"22.5\" cy=\"10\" r=\"3\" fill=\"#f2c14e\"/></svg>";

/// Colours meet WCAG 2.1 AA: body text #1c2430 (15:1) and secondary text #3d4a5c (8.7:1) on
/// #fbfbf8; links #0b5cad 6.4:1 there and 5.6:1 on an active search option; button text 6.7:1.
/// The focus ring is #1c2430, drawn 2px outside each control so it sits on the page (15:1).
/// Table cells start at the top-left, so a label beside a tall cell sits on the row's first
/// line; an assessment option wraps under its own text, not under its radio button; a band
/// or error code named in a definition list stands out from its explanation.
/// A reader whose system prefers a dark scheme gets one, at the same contrast or better: text
/// #e6e9ee (14.6:1) and secondary text #b4bdc9 (9.4:1) on #14181f; links #8cc4ff (9.7:1);
/// inputs and the search list on #1c222b; the button and the home page's email button keep
/// their light-scheme colours (6.7:1); a search snippet's highlighted words are white on
/// #6b5a12 (6.8:1: the secondary text they inherited there was 3.6:1, which axe found once it
/// ran in the dark scheme).
/// On a phone (under 30rem) a heading is at most 1.6rem, not the browser's 2rem, so a long
/// guide title takes three lines, not five; a breadcrumb's separator follows its crumb, so a
/// wrapped trail never starts a line with "/".
/// A heading that wraps keeps its lines together (h2 and h3 at 1.3, where they inherited the
/// body's 1.6 and a two-line heading read as two); on a phone a search form's category select
/// takes the whole width, as its query box does, where it stopped short of it; an assessment's
/// radio button is 1.15rem, not the browser's 13px, a target a thumb can hit, centred on its
/// option's first line (all since 2026-12-04).
/// Text follows the reader's font size setting (since 2026-12-05): the body is 100% of it, not
/// 16px, which kept the body text at 16px when a reader asked for larger text while the
/// headings grew. With text at 200%, nothing is wider than a phone's screen: a word too long
/// for its line breaks (the body's `overflow-wrap`; the email button's breaks anywhere, since
/// an inline block is as wide as its longest word), the header's search form and every input
/// and select stop at their container's width, and a fieldset may be narrower than its
/// longest word (a fieldset's minimum width is its content's, unlike a div's).
/// On a narrow screen (under 30rem, which text at 200 % makes every phone) the headings and the
/// side margins shrink with the screen's width, never below the body text's size (since
/// 2026-12-05): at 375 px with text at 200 % an `h1` of 1.6rem (51 px) held about ten bold
/// letters a line, and "Engineering", "Healthcare" or "recommendations" were cut mid-word by the
/// body's `overflow-wrap`. At the usual text size a 375 px phone's page is unchanged. A word
/// too long even so breaks at a soft hyphen the build puts before its ending
/// ([`heading_html`]).
/// Print styles drop the chrome and spell out link targets; a content page's last printed line
/// (`.printed`, hidden on screen) names the firm, the page's address and the email, which went
/// with the header and the footer (since 2026-12-05). A guide ends with a link back to its
/// category (`.onward`), on screen only; its twin ends with the same link. An empty search box
/// has no clear button: Chromium keeps the invisible button's width (21 px with text at 200 %)
/// and cut the placeholder to "Search the guide" at 375 px; the rule is on its own, so a
/// browser that does not know the pseudo-element drops only it.
const STYLE: &str = "*,*::before,*::after{box-sizing:border-box}\
body{font:100%/1.6 system-ui,-apple-system,'Segoe UI',sans-serif;overflow-wrap:break-word;margin:0;color:#1c2430;background:#fbfbf8}\
header,main,footer{max-width:48rem;margin:0 auto;padding:0 1.25rem}\
header{padding-top:.75rem;border-bottom:1px solid #d9dde3}\
.top{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem}\
.brand{display:flex;align-items:center;gap:.5rem;color:#1c2430;text-decoration:none;font-weight:700}.brand svg{width:2rem;height:2rem}\
nav ul{list-style:none;padding:0;margin:.75rem 0 .5rem;display:flex;flex-wrap:wrap;gap:.25rem 1.1rem}\
nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}\
a{color:#0b5cad}a:hover{color:#08407a}\
:focus-visible{outline:3px solid #1c2430;outline-offset:2px}\
.skip{position:absolute;left:-999px;top:.5rem;z-index:20}.skip:focus{left:1rem;background:#fff;padding:.5rem 1rem}\
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}\
.crumbs ol{list-style:none;padding:0;margin:1rem 0 0;display:flex;flex-wrap:wrap;font-size:.9rem;color:#3d4a5c}\
.crumbs li:not(:last-child)::after{content:'/';padding:0 .45rem;color:#3d4a5c}\
h1{line-height:1.2;margin-top:1rem}h2,h3{line-height:1.3}@media (max-width:30rem){h1{font-size:clamp(1rem,9vw,1.6rem)}h2{font-size:clamp(1rem,8.5vw,1.5rem)}h3{font-size:clamp(1rem,7.5vw,1.17rem)}.search select{flex:1 1 100%}}.lede{font-size:1.125rem;color:#3d4a5c}\
table{border-collapse:collapse}td,th{border:1px solid #d9dde3;padding:.25rem .5rem;vertical-align:top;text-align:left}.table-wrap{overflow-x:auto;max-width:100%;margin:1rem 0}.note{border-left:4px solid #0b5cad;background:#eef4fb;padding:.5rem .75rem}\
code{background:#eef1f4;padding:0 .2rem;border-radius:3px}pre{overflow-x:auto;background:#eef1f4;padding:.75rem}\
footer{margin-top:3rem;padding:1rem 1.25rem 2rem;border-top:1px solid #d9dde3;font-size:.9rem;color:#3d4a5c}@media (max-width:30rem){header,main,footer{padding-left:min(1.25rem,6vw);padding-right:min(1.25rem,6vw)}}\
fieldset{border:1px solid #d9dde3;margin:1rem 0;padding:.75rem 1rem;min-width:0}legend{font-weight:600}\
label{display:block;margin:.2rem 0}fieldset label{display:flex;align-items:flex-start;gap:.5rem}input[type=radio]{width:1.15rem;height:1.15rem;margin:.225rem 0 0;flex:none}dt{font-weight:600}.ctx{color:#3d4a5c;font-size:.9rem;margin:.2rem 0 .5rem}\
button{font:inherit;padding:.45rem 1.1rem;background:#0b5cad;color:#fff;border:1px solid #0b5cad;border-radius:4px;cursor:pointer}button:hover{background:#08407a}\
input,select{font:inherit;max-width:100%;padding:.4rem .5rem;border:1px solid #6b7687;border-radius:4px;background:#fff;color:#1c2430}\
.search{position:relative}.search label{font-weight:600}.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}\
.search input{flex:1 1 12rem;min-width:0}.compact{max-width:100%}.compact input{width:15rem}.compact label{margin:0}\
input[type=search]:placeholder-shown::-webkit-search-cancel-button{display:none}\
.search [role=listbox]{position:absolute;z-index:10;left:0;right:0;top:100%;margin:.25rem 0 0;padding:.25rem 0;list-style:none;background:#fff;border:1px solid #6b7687;border-radius:4px;box-shadow:0 6px 20px rgba(28,36,48,.18);max-height:70vh;overflow-y:auto}\
.compact [role=listbox]{left:auto;width:min(34rem,calc(100vw - 2.5rem))}\
[role=option]{display:block;padding:.45rem .75rem;cursor:pointer;border-left:4px solid transparent;line-height:1.4}\
[role=option][aria-selected=true]{background:#e4edf8;border-left-color:#0b5cad}[role=option][aria-disabled=true]{cursor:default;color:#3d4a5c}\
.t{display:block;font-weight:600;color:#0b5cad}.c{display:block;font-size:.8rem;color:#3d4a5c}.d{display:block;font-size:.9rem;color:#3d4a5c}\
.more{font-weight:600;color:#0b5cad}mark{background:#fbe38e;color:inherit;padding:0 .1em}\
.status{font-size:.9rem;color:#3d4a5c;margin:.3rem 0 0}\
.results{padding-left:1.5rem}.results li{margin:.9rem 0}.results p{margin:.1rem 0;color:#3d4a5c}.pages a{font-weight:600}\
.printed{display:none}.onward{margin-top:2rem;font-weight:600}.answers{background:#eef3f8;border-left:4px solid #0b5cad;padding:.1rem 1rem;margin:1.25rem 0}.answers h2{font-size:1rem;margin:.6rem 0 0}\
[tabindex='-1']:focus{outline:none}\
#result{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.25rem 1.25rem 1rem;margin-top:1.5rem}.standing{font-size:1.25rem}\
.bar{background:#e3e8ee;border-radius:3px;height:1.1rem;margin:.15rem 0 .6rem}.bar span{display:block;height:100%;background:#0b5cad;border-radius:3px}\
.cta{margin:1.25rem 0 1.5rem}.cta h2{font-size:1.25rem;margin:0 0 .25rem}.cta p{margin:.4rem 0}.actions .or{display:inline-block}\
a.button{display:inline-block;overflow-wrap:anywhere;margin:0 .5rem .25rem 0;padding:.5rem 1.1rem;background:#0b5cad;color:#fff;border-radius:4px;font-weight:600;text-decoration:none}a.button:hover{background:#08407a;color:#fff}\
.error{color:#a4000f}fieldset[aria-invalid=true]{border:2px solid #a4000f}fieldset[aria-invalid=true]:focus{outline:3px solid #1c2430;outline-offset:2px}\
@media (prefers-color-scheme:dark){:root{color-scheme:dark}\
body{color:#e6e9ee;background:#14181f}.brand{color:#e6e9ee}\
header,footer,td,th,fieldset,#result{border-color:#3a4352}\
a,.t,.more{color:#8cc4ff}a:hover{color:#b9dbff}a.button,a.button:hover{color:#fff}\
:focus-visible,fieldset[aria-invalid=true]:focus{outline-color:#e6e9ee}.skip:focus{background:#14181f}\
.crumbs ol,.crumbs li:not(:last-child)::after,.lede,footer,.ctx,.c,.d,.status,.results p,[role=option][aria-disabled=true]{color:#b4bdc9}\
code,pre{background:#252c37}.note,.answers{background:#1b2636;border-left-color:#8cc4ff}\
input,select,.search [role=listbox]{background:#1c222b;color:#e6e9ee;border-color:#8b95a5}\
[role=option][aria-selected=true]{background:#2a3a50;border-left-color:#8cc4ff}\
mark{background:#6b5a12;color:#fff}#result{background:#1a1f27}.bar{background:#2b3340}.bar span{background:#8cc4ff}\
.error{color:#ff9a9a}fieldset[aria-invalid=true]{border-color:#ff9a9a}}\
@media print{@page{margin:2cm}header,footer,.skip,.crumbs,.search,#share,.onward{display:none}\
.printed{display:block;max-width:none;margin:2rem 0 0;padding-top:.5rem;border-top:1px solid #000;font-size:9pt}\
body{background:#fff;color:#000;font:11pt/1.5 Georgia,'Times New Roman',serif}main{max-width:none;padding:0}\
a{color:#000}main a[href^='http']::after{content:' <' attr(href) '>';font-size:85%;word-break:break-all}\
h1,h2,h3{break-after:avoid}pre,table,aside,fieldset,li{break-inside:avoid}.lede,.ctx{color:#000}.answers{background:none;border-left:2px solid #000}}";

/// The search-as-you-type enhancement of every `form[data-search]`; see the file's comments.
const SITE_SCRIPT: &str = include_str!("site_script.js");
/// The assessment page's scoring, result drawing and shareable result links.
const ASSESSMENT_SCRIPT: &str = include_str!("assessment_script.js");

/// How a page presents itself to browsers, crawlers and link previews.
struct Head<'a> {
    path: &'a str,
    title: &'a str,
    description: &'a str,
    /// Open Graph type: `website` or `article`.
    og_type: &'static str,
    /// The page's JSON-LD; `None` on pages that are not content (404, search results).
    json_ld: Option<Value>,
    /// Visible breadcrumbs, current page last; empty on the home page and non-content pages.
    breadcrumbs: &'a [Crumb],
    /// A content page: canonical link, markdown twin, indexable. Otherwise `noindex`.
    canonical: bool,
    /// Extra script for this page, appended after the site script.
    script: Option<String>,
    /// The page's data in the REST API, which the footer links; `None` where the API has
    /// nothing for the page (the home page, the docs, the 404), whose footer links `/v1`.
    json: Option<JsonLink>,
}

/// Where the REST API serves what a page shows. The footer of every page links it, with its
/// path as the link's words, so a developer or an agent reading `/services/mlops/` is sent to
/// `/v1/services/mlops`, not to the API's index.
struct JsonLink {
    /// Path and query under the API base: `/v1/services/mlops`, `/v1/resources?category=...`.
    path: String,
    /// What the endpoint holds when it is more than this page (an industry's page links every
    /// industry, a guide's its category's guides). `None`: it is this page's own data, which
    /// the head also names as `rel="alternate"` (type `application/json`).
    more: Option<String>,
}

impl JsonLink {
    /// This page's own data.
    fn page(path: String) -> Option<JsonLink> {
        Some(JsonLink { path, more: None })
    }

    /// Data that holds this page's among more.
    fn among(path: String, more: String) -> Option<JsonLink> {
        Some(JsonLink { path, more: Some(more) })
    }
}

/// A query value as a URL writes it: RFC 3986 unreserved characters as they are, a space as
/// `+` (as the API's own category links write it), every other byte percent-encoded.
fn query_value(value: &str) -> String {
    let mut out = String::new();
    for byte in value.bytes() {
        match byte {
            b' ' => out.push('+'),
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(char::from(byte));
            }
            _ => {
                let _ = write!(out, "%{byte:02X}");
            }
        }
    }
    out
}

struct Shell<'a> {
    config: &'a Config,
    content: &'a Content,
}

impl Shell<'_> {
    /// The social card's tags: the image a chat or social app shows beside a link, its size
    /// (so the app can lay out the card before fetching it) and its text alternative, and the
    /// large-image Twitter card. The URL names the card's version (see `model::SOCIAL_CARD_CACHE`).
    fn card_meta(&self) -> String {
        let card = &self.content.social_card;
        let site = &self.config.site_url;
        let alt = format!(
            "The {} logo and name, with the words: {}",
            self.content.site.company, self.content.site.tagline
        );
        format!(
            "<meta property=\"og:image\" content=\"{site}{SOCIAL_CARD_PATH}?v={version}\">\n\
<meta property=\"og:image:type\" content=\"image/png\">\n\
<meta property=\"og:image:width\" content=\"{WIDTH}\">\n<meta property=\"og:image:height\" content=\"{HEIGHT}\">\n\
<meta property=\"og:image:alt\" content=\"{alt}\">\n<meta name=\"twitter:card\" content=\"summary_large_image\">\n",
            version = card.version(),
            alt = escape_html(&alt),
            WIDTH = super::card::WIDTH,
            HEIGHT = super::card::HEIGHT,
        )
    }

    /// The URL of the page's own data in the API (see [`SitePage::json`]).
    fn own_json(&self, head: &Head<'_>) -> Option<String> {
        match &head.json {
            Some(JsonLink { path, more: None }) => Some(format!("{}{path}", self.config.api_base)),
            _ => None,
        }
    }

    /// Wraps `main_html` in the site template.
    fn html(&self, head: &Head<'_>, main_html: &str) -> String {
        let site = &self.config.site_url;
        let path = head.path;
        let company = escape_html(&self.content.site.company);
        let full_title = if path == "/" {
            company.clone()
        } else {
            format!("{} | {company}", escape_html(head.title))
        };
        let description = escape_html(head.description);
        let nav = [
            ("/services/", "Services"),
            ("/industries/", "Industries"),
            ("/case-studies/", "Case studies"),
            ("/guides/", "Guides"),
            (ASSESSMENT_PATH, "AI readiness"),
            ("/docs/", "API"),
        ];
        let mut nav_html = String::new();
        for (href, label) in nav {
            let current = if path == href { " aria-current=\"page\"" } else { "" };
            let _ = write!(nav_html, "<li><a href=\"{site}{href}\"{current}>{label}</a></li>");
        }
        // How to reach the firm is what a prospective client looks for first, and the site has
        // no contact page: the footer of every page holds the whole contact record (email,
        // reply promise, location), so the last item jumps there on the page being read.
        nav_html.push_str(NAV_CONTACT);
        let mut meta = String::new();
        if head.canonical {
            let title_text = if path == "/" { company.clone() } else { escape_html(head.title) };
            let _ = write!(
                meta,
                "<link rel=\"canonical\" href=\"{site}{path}\">\n\
<link rel=\"alternate\" type=\"text/markdown\" href=\"{site}{path}index.md\">\n\
<meta property=\"og:type\" content=\"{og_type}\">\n<meta property=\"og:title\" content=\"{title_text}\">\n\
<meta property=\"og:description\" content=\"{description}\">\n<meta property=\"og:url\" content=\"{site}{path}\">\n\
<meta property=\"og:site_name\" content=\"{company}\">\n<meta property=\"og:locale\" content=\"en_GB\">\n\
{card}",
                og_type = head.og_type,
                card = self.card_meta(),
            );
            if let Some(JsonLink { path: json_path, more: None }) = &head.json {
                let _ = writeln!(
                    meta,
                    "<link rel=\"alternate\" type=\"application/json\" href=\"{}{}\">",
                    self.config.api_base,
                    escape_html(json_path)
                );
            }
        } else {
            meta.push_str("<meta name=\"robots\" content=\"noindex\">\n");
            // A link to a search or a result is shared too: it gets the card, and the app
            // takes the page's title.
            meta.push_str(&self.card_meta());
        }
        if let Some(json_ld) = &head.json_ld {
            let _ = writeln!(
                meta,
                "<script type=\"application/ld+json\">{}</script>",
                structured::script_text(json_ld)
            );
        }
        let crumbs = breadcrumbs_html(head.breadcrumbs);
        let header_search = search_form(&SearchForm {
            site,
            api: &self.config.api_base,
            id: "site-search",
            label: "Search the guides",
            compact: true,
            hidden_label: false,
            categories: None,
            q_value: "",
        });
        let twin_line = if head.canonical {
            format!("This page as markdown: <a href=\"{site}{path}index.md\">{path}index.md</a>. ")
        } else {
            String::new()
        };
        let api = &self.config.api_base;
        let json_line = match &head.json {
            Some(JsonLink { path: json_path, more }) => {
                let json_path = escape_html(json_path);
                let link = format!("<a href=\"{api}{json_path}\">{json_path}</a>");
                match more {
                    None => format!("This page as JSON: {link}. "),
                    Some(more) => format!("Data as JSON: {link}, {}. ", escape_html(more)),
                }
            }
            None => format!("Data as JSON: <a href=\"{api}/v1\">the REST API</a>. "),
        };
        let script = head.script.as_deref().unwrap_or("");
        let email = escape_html(&self.content.contact.email);
        // Print drops the header and the footer, so a printed page said neither whose it was
        // nor where to find it again: a line shown only in print names both, and the email.
        let printed = if head.canonical {
            format!("<p class=\"printed\">{company}: {site}{path} ({email})</p>\n")
        } else {
            String::new()
        };
        // What a visitor needs before writing: the reply promise and where the firm is, shown
        // here as well as in /v1/contact and the Organization's structured data.
        let how = self
            .content
            .contact
            .how
            .as_deref()
            .map(|how| format!(" {}", escape_html(how)))
            .unwrap_or_default();
        let location = self
            .content
            .contact
            .location
            .as_deref()
            .map(|location| format!("<p>{}.</p>\n", escape_html(location)))
            .unwrap_or_default();
        format!(
            "<!doctype html>\n<html lang=\"en-GB\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{full_title}</title>\n\
<meta name=\"description\" content=\"{description}\">\n{meta}\
<link rel=\"icon\" href=\"{site}/favicon.svg\" type=\"image/svg+xml\">\n<style>{STYLE}</style>\n</head>\n<body>\n\
<a class=\"skip\" href=\"#main\">Skip to content</a>\n<header>\n<div class=\"top\">\
<a class=\"brand\" href=\"{site}/\">{logo}<span>{company}</span></a>\n{header_search}</div>\n\
<nav aria-label=\"Main\"><ul>{nav_html}</ul></nav>\n</header>\n<main id=\"main\">\n{crumbs}{main_html}\n</main>\n{printed}\
<footer id=\"contact\">\n<p>Enquiries by email: <a href=\"mailto:{email}\">{email}</a>.{how}</p>\n{location}<p>{twin_line}{json_line}\
For language models: <a href=\"{site}/llms.txt\">llms.txt</a>.</p>\n</footer>\n\
<script>\n{SITE_SCRIPT}</script>\n{script}</body>\n</html>\n",
            logo = FAVICON_SVG.replace("<svg ", "<svg aria-hidden=\"true\" focusable=\"false\" "),
        )
    }
}

fn breadcrumbs_html(crumbs: &[Crumb]) -> String {
    if crumbs.len() < 2 {
        return String::new();
    }
    let mut html = String::from("<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><ol>");
    for (idx, crumb) in crumbs.iter().enumerate() {
        if idx + 1 == crumbs.len() {
            let _ = write!(html, "<li aria-current=\"page\">{}</li>", escape_html(&crumb.name));
        } else {
            let _ =
                write!(html, "<li><a href=\"{}\">{}</a></li>", crumb.url, escape_html(&crumb.name));
        }
    }
    html.push_str("</ol></nav>\n");
    html
}

/// The navigation's last item: a link to this page's footer (`id="contact"`), which holds the
/// contact record on every page. A fragment alone, so it works on pages served at any path
/// (the 404, the refusal pages).
const NAV_CONTACT: &str = "<li><a href=\"#contact\">Contact</a></li>";

/// The landmark name of the header's search form, on every page; a page's own search form is
/// named by its label ("Search the guides").
const HEADER_SEARCH_LANDMARK: &str = "Site search";

/// A search form. Without JavaScript it submits to the results page; the site script
/// enhances every `form[data-search]` into a combobox over the API named there, which offers
/// the guide library at `data-library` when nothing matches, as the results page does.
struct SearchForm<'a> {
    site: &'a str,
    api: &'a str,
    /// Id of the query box; the category select and the script's listbox derive theirs.
    id: &'a str,
    label: &'a str,
    /// The header variant: label visually hidden, no category filter, narrower box.
    compact: bool,
    /// The label visually hidden where the page's heading already says it (the results page,
    /// whose `h1` is "Search the guides": shown, the label repeated it right under it).
    hidden_label: bool,
    /// The category filter: the category names and the `selected` attribute text of "All
    /// categories" and of each category (`" selected"`, `""` or a template hole).
    categories: Option<(Vec<&'a str>, Vec<&'a str>)>,
    q_value: &'a str,
}

fn search_form(form: &SearchForm<'_>) -> String {
    let SearchForm { site, api, id, label, compact, .. } = form;
    // Landmarks of one kind need distinct names (axe `landmark-unique`): the guides index, the
    // results page and the 404 carry a second search form besides the header's.
    let landmark = if *compact { HEADER_SEARCH_LANDMARK } else { label };
    let mut html = format!(
        "<form class=\"search{compact_class}\" role=\"search\" aria-label=\"{landmark}\" action=\"{site}{SEARCH_PATH}\" method=\"get\" data-search=\"{api}/v1/resources\" data-library=\"{site}/guides/\">\n\
<label for=\"{id}\"{label_class}>{label}</label>\n<div class=\"row\">\
<input id=\"{id}\" name=\"q\" type=\"search\" value=\"{q_value}\" maxlength=\"{SEARCH_QUERY_MAX_CHARS}\" autocomplete=\"off\" spellcheck=\"false\"{placeholder}>",
        compact_class = if *compact { " compact" } else { "" },
        label_class = if *compact || form.hidden_label { " class=\"vh\"" } else { "" },
        placeholder = " placeholder=\"Search the guides\"",
        q_value = form.q_value,
    );
    if let Some((names, selected)) = &form.categories {
        let _ = write!(
            html,
            "\n<label for=\"{id}-category\" class=\"vh\">Category</label><select id=\"{id}-category\" name=\"category\"><option value=\"\"{}>All categories</option>",
            selected[0]
        );
        for (name, selected) in names.iter().zip(&selected[1..]) {
            let name = escape_html(name);
            let _ = write!(html, "<option value=\"{name}\"{selected}>{name}</option>");
        }
        html.push_str("</select>");
    }
    html.push_str("\n<button type=\"submit\">Search</button></div>\n</form>\n");
    html
}

fn list_item_html(href: &str, title: &str, description: &str) -> String {
    format!(
        "<li><a href=\"{href}\">{}</a>: {}</li>",
        escape_html(title),
        inline_code_html(description)
    )
}

fn list_item_md(href: &str, title: &str, description: &str) -> String {
    format!("- [{title}]({href}): {description}\n")
}

/// The date a page's content last changed: its own `updated`, else the site's, else the build.
pub fn lastmod(content: &Content, config: &Config, updated: Option<Date>) -> Date {
    updated.or(content.site.updated).unwrap_or(config.build_date)
}

fn crumb(name: &str, url: String) -> Crumb {
    Crumb { name: name.to_string(), url }
}

/// Renders every page of the site.
pub fn render_site(content: &Content, config: &Config) -> Vec<SitePage> {
    let shell = Shell { config, content };
    let mut pages = Vec::new();

    let kinds: [(&str, &str, &[Page], &str); 4] = [
        ("services", "Services", &content.services, "What we do, engagement by engagement."),
        (
            "industries",
            "Industries",
            &content.industries,
            "The sectors we know well and the problems we solve there.",
        ),
        (
            "case-studies",
            "Case studies",
            &content.case_studies,
            "Published work for anonymised clients.",
        ),
        ("docs", DOCS_INDEX_LISTING.1, &content.docs, DOCS_INDEX_LISTING.2),
    ];
    for (kind, heading, items, intro) in kinds {
        for page in items {
            pages.push(item_page(&shell, kind, heading, page));
        }
        let extra: &[(&str, &str, &str)] = if kind == "docs" { &[ERRORS_LISTING] } else { &[] };
        pages.push(listing_page(&shell, kind, heading, intro, items, extra));
    }
    pages.push(errors_page(&shell));
    for guide in &content.guides {
        pages.push(guide_page(&shell, guide));
    }
    pages.push(guides_index(&shell));
    pages.push(assessment_page(&shell));
    pages.push(home_page(&shell));
    // Every twin ends with the same trailer, so an agent holding one knows where it came from;
    // item and guide twins write it themselves, listings and the home page get it here.
    for page in &mut pages {
        if !page.markdown.contains(CANONICAL_TRAILER) {
            let _ = write!(
                page.markdown,
                "\n---\n{CANONICAL_TRAILER}{}{}\n",
                config.site_url, page.path
            );
        }
    }
    pages
}

/// Where every readiness result's `nextStep` points: the facilitated assessment service.
pub const READINESS_SERVICE_PATH: &str = "/services/ai-readiness-assessment/";

/// The offer that ends every `nextStep` of a readiness result. The API's `nextStep` ends with
/// the service's bare address (its bodies are a contract and stay as they are); the result
/// pages and the assessment's twin say the same words with the service's name as the link.
#[derive(Debug, Clone)]
pub struct NextStepOffer {
    /// How `nextStep` ends in the API: "..., see " and the address.
    pub api: String,
    /// What the pages show in its place: the words before the link, the address, the link's
    /// words, the words after it.
    pub before: String,
    pub url: String,
    pub words: String,
    pub after: String,
}

impl NextStepOffer {
    pub fn html(&self) -> String {
        format!(
            "{}<a href=\"{}\">{}</a>{}",
            escape_html(&self.before),
            escape_html(&self.url),
            escape_html(&self.words),
            escape_html(&self.after)
        )
    }

    pub fn markdown(&self) -> String {
        format!("{}[{}]({}){}", self.before, self.words, self.url, self.after)
    }
}

/// The offer for this content: the service's name when the content has the service.
pub fn next_step_offer(content: &Content, site: &str) -> NextStepOffer {
    const LEAD: &str = "For a facilitated assessment with interviews and a 90-day plan, see";
    let url = format!("{site}{READINESS_SERVICE_PATH}");
    let name = content
        .services
        .iter()
        .find(|service| format!("/services/{}/", service.slug) == READINESS_SERVICE_PATH)
        .map_or("AI Readiness Assessment", |service| service.name.as_str());
    NextStepOffer {
        api: format!("{LEAD} {url}"),
        before: format!("{LEAD} our "),
        url,
        words: name.to_string(),
        after: " service.".to_string(),
    }
}

/// The last line of every markdown twin, before the page's URL.
pub const CANONICAL_TRAILER: &str = "Canonical page: ";

/// The pages the server completes at run time: the search results page, the 404 and the
/// refusals' pages (429, 400).
pub fn render_runtime(content: &Content, config: &Config) -> RuntimePages {
    let shell = Shell { config, content };
    let not_found = not_found_page(&shell);
    RuntimePages {
        search_page: search_page_template(&shell),
        guide_results: content.guides.iter().map(|g| guide_result(&shell, g)).collect(),
        not_found: not_found.concat(),
        not_found_hole: not_found[0].len(),
        assessment_result: assessment_result_template(&shell),
        assessment_result_cta: assessment_result_cta(&shell),
        rate_limited: rate_limited_page(&shell),
        bad_host: bad_host_page(&shell),
    }
}

fn home_crumb(config: &Config) -> Crumb {
    crumb("Home", format!("{}/", config.site_url))
}

fn item_page(shell: &Shell<'_>, kind: &str, heading: &str, page: &Page) -> SitePage {
    let site = &shell.config.site_url;
    let path = item_path(kind, &page.slug);
    let rendered = markdown_to_html(&page.body, site);
    let mut main = format!(
        "<h1>{}</h1>\n<p class=\"lede\">{}</p>\n{}",
        heading_html(&page.name),
        escape_html(&page.description),
        rendered.html
    );
    let mut body_md = absolutise_markdown_links(page.body.trim(), site) + "\n";
    // An item page ends by saying how to start: the site takes no enquiries itself, and a
    // reader who has just recognised their own problem in a case study or a sector should not
    // have to look for the footer (they ended with nothing until 2026-12-04).
    let invitation = match kind {
        "services" => Some(format!("To talk about {} for your organisation", page.name)),
        "case-studies" => Some("To talk about a project like this one".to_string()),
        "industries" => Some("To talk about a project in your sector".to_string()),
        _ => None,
    };
    if let Some(invitation) = invitation {
        let email = &shell.content.contact.email;
        let _ = writeln!(
            main,
            "<p class=\"cta\">{invitation}, email <a href=\"mailto:{email}\">{email}</a>.</p>",
            invitation = escape_html(&invitation),
            email = escape_html(email),
        );
        let _ = writeln!(body_md, "\n{invitation}, email {email}.");
    }
    let markdown = format!(
        "# {}\n\n> {}\n\n{}\n---\n{CANONICAL_TRAILER}{site}{path}\n",
        page.name, page.description, body_md
    );
    let lastmod = lastmod(shell.content, shell.config, page.updated);
    let breadcrumbs = [
        home_crumb(shell.config),
        crumb(heading, format!("{site}/{kind}/")),
        crumb(&page.name, format!("{site}{path}")),
    ];
    let entity = match kind {
        "services" => Entity::Service(page),
        "industries" => Entity::Industry(page),
        "case-studies" => Entity::CaseStudy(page),
        _ => Entity::Doc { name: &page.name, description: &page.description },
    };
    let facts =
        PageFacts { site, url: format!("{site}{path}"), lastmod, breadcrumbs: &breadcrumbs };
    let head = Head {
        path: &path,
        title: &page.name,
        description: &page.description,
        og_type: if kind == "services" || kind == "industries" { "website" } else { "article" },
        json_ld: Some(structured::json_ld(shell.content, &facts, &entity)),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: None,
        json: item_json(kind, &page.slug),
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: page.name.clone(),
        markdown,
        lastmod,
        links: rendered.internal_links.into_iter().map(|l| (page.path.clone(), l)).collect(),
        path,
    }
}

/// An item page's data in the API: a service or a case study at its own endpoint; an
/// industry in the list of them, the API having no endpoint for one; a doc nothing.
fn item_json(kind: &str, slug: &str) -> Option<JsonLink> {
    match kind {
        "services" | "case-studies" => JsonLink::page(format!("/v1/{kind}/{slug}")),
        "industries" => {
            JsonLink::among("/v1/industries".into(), "every industry, this one among them".into())
        }
        _ => None,
    }
}

/// A listing's data in the API: the same list; the docs have none.
fn listing_json(kind: &str) -> Option<JsonLink> {
    match kind {
        "services" | "industries" | "case-studies" => JsonLink::page(format!("/v1/{kind}")),
        _ => None,
    }
}

/// A guide's data in the API, which has no endpoint for one guide: its category's guides, on
/// one page (`limit` at its most), this one among them.
fn guide_json(category: &super::validate::Category) -> Option<JsonLink> {
    JsonLink::among(
        format!(
            "/v1/resources?category={}&limit={}",
            query_value(&category.name),
            super::model::SEARCH_LIMIT_MAX
        ),
        format!("the guides in {}, this one among them", category.name),
    )
}

fn listing_page(
    shell: &Shell<'_>,
    kind: &str,
    heading: &str,
    intro: &str,
    items: &[Page],
    extra: &[(&str, &str, &str)],
) -> SitePage {
    let site = &shell.config.site_url;
    let path = format!("/{kind}/");
    let mut main = format!("<h1>{heading}</h1>\n<p class=\"lede\">{intro}</p>\n<ul>\n");
    let mut markdown = format!("# {heading}\n\n{intro}\n\n");
    let mut listed = Vec::new();
    for page in items {
        let href = format!("{site}{}", item_path(kind, &page.slug));
        main.push_str(&list_item_html(&href, &page.name, &page.description));
        main.push('\n');
        markdown.push_str(&list_item_md(&href, &page.name, &page.description));
        listed.push((page.name.clone(), href));
    }
    for (extra_path, title, description) in extra {
        let href = format!("{site}{extra_path}");
        main.push_str(&list_item_html(&href, title, description));
        main.push('\n');
        markdown.push_str(&list_item_md(&href, title, description));
        listed.push((title.to_string(), href));
    }
    main.push_str("</ul>");
    // A listing changes when any item does.
    let lastmod = items
        .iter()
        .map(|page| lastmod(shell.content, shell.config, page.updated))
        .max()
        .unwrap_or_else(|| lastmod(shell.content, shell.config, None));
    let breadcrumbs = [home_crumb(shell.config), crumb(heading, format!("{site}{path}"))];
    let entity = Entity::Collection { name: heading, description: intro, items: listed };
    let facts =
        PageFacts { site, url: format!("{site}{path}"), lastmod, breadcrumbs: &breadcrumbs };
    let head = Head {
        path: &path,
        title: heading,
        description: intro,
        og_type: "website",
        json_ld: Some(structured::json_ld(shell.content, &facts, &entity)),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: None,
        json: listing_json(kind),
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: heading.to_string(),
        markdown,
        lastmod,
        links: Vec::new(),
        path,
    }
}

fn guide_page(shell: &Shell<'_>, guide: &Guide) -> SitePage {
    let content = shell.content;
    let site = &shell.config.site_url;
    let path = item_path("guides", &guide.slug);
    let category = &content.categories[guide.category];
    let rendered = markdown_to_html(&guide.body, site);
    let mut answers_html = String::new();
    let mut answers_md = String::new();
    for answer in &guide.answers {
        let _ = write!(answers_html, "<li>{}</li>", escape_html(answer));
        let _ = writeln!(answers_md, "- {answer}");
    }
    let main = format!(
        "<article>\n<h1>{title}</h1>\n<p class=\"lede\">{description}</p>\n\
<section aria-labelledby=\"answers-heading\" class=\"answers\"><h2 id=\"answers-heading\">This guide answers</h2><ul>{answers_html}</ul></section>\n{body}\
<p class=\"onward\">More guides in <a href=\"{site}/guides/#{key}\">{category}</a>.</p>\n</article>",
        title = heading_html(&guide.title),
        description = escape_html(&guide.description),
        body = rendered.html,
        key = category.key,
        category = escape_html(&category.name),
    );
    let markdown = format!(
        "# {title}\n\n> {description}\n\nCategory: {category}\n\n## This guide answers\n\n{answers_md}\n{body}\n\nMore guides in [{category}]({site}/guides/#{key}).\n\n---\n{CANONICAL_TRAILER}{site}{path}\n",
        title = guide.title,
        description = guide.description,
        category = category.name,
        key = category.key,
        body = absolutise_markdown_links(guide.body.trim(), site),
    );
    let lastmod = lastmod(content, shell.config, guide.updated);
    let breadcrumbs = [
        home_crumb(shell.config),
        crumb("Guides", format!("{site}/guides/")),
        crumb(&category.name, format!("{site}/guides/#{}", category.key)),
        crumb(&guide.title, format!("{site}{path}")),
    ];
    let facts =
        PageFacts { site, url: format!("{site}{path}"), lastmod, breadcrumbs: &breadcrumbs };
    let head = Head {
        path: &path,
        title: &guide.title,
        description: &guide.description,
        og_type: "article",
        json_ld: Some(structured::json_ld(content, &facts, &Entity::Guide(guide))),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: None,
        json: guide_json(category),
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: guide.title.clone(),
        markdown,
        lastmod,
        links: rendered.internal_links.into_iter().map(|l| (guide.path.clone(), l)).collect(),
        path,
    }
}

/// The category names and `selected` attributes of a filter with nothing chosen.
fn no_category_chosen(content: &Content) -> (Vec<&str>, Vec<&'static str>) {
    let names: Vec<&str> = content.categories.iter().map(|c| c.name.as_str()).collect();
    let mut selected = vec![" selected"];
    selected.extend(names.iter().map(|_| ""));
    (names, selected)
}

fn guides_index(shell: &Shell<'_>) -> SitePage {
    let content = shell.content;
    let site = &shell.config.site_url;
    let intro = format!(
        "{} practical guides on data and AI in {} categories. Search them below, or browse by category.",
        content.guides.len(),
        content.categories.len()
    );
    let form = search_form(&SearchForm {
        site,
        api: &shell.config.api_base,
        id: "guide-search",
        label: "Search the guides",
        compact: false,
        hidden_label: false,
        categories: Some(no_category_chosen(content)),
        q_value: "",
    });
    let mut main =
        format!("<h1>Guides</h1>\n<p class=\"lede\">{}</p>\n{form}", escape_html(&intro));
    let mut markdown = format!(
        "# Guides\n\n{intro}\n\nSearch: {site}{SEARCH_PATH}?q=your+words, or the API: {}/v1/resources?q=your+words\n",
        shell.config.api_base
    );
    let mut contents = String::from(
        "<nav aria-labelledby=\"categories-heading\"><h2 id=\"categories-heading\">Categories</h2><ul>",
    );
    // The twin lists the categories with their counts as the page does, before the sections.
    let mut contents_md = String::from("\n## Categories\n\n");
    let mut listed = Vec::new();
    let mut sections = String::new();
    let mut sections_md = String::new();
    for (idx, category) in content.categories.iter().enumerate() {
        let n_guides = content.guides.iter().filter(|g| g.category == idx).count();
        let _ = write!(
            contents,
            "<li><a href=\"#{}\">{}</a> ({n_guides})</li>",
            category.key,
            escape_html(&category.name)
        );
        let _ = writeln!(
            contents_md,
            "- [{}]({site}/guides/#{}) ({n_guides})",
            category.name, category.key
        );
        let _ = write!(
            sections,
            "<h2 id=\"{}\">{}</h2>\n<p>{}</p>\n<ul>\n",
            category.key,
            escape_html(&category.name),
            escape_html(&category.description)
        );
        let _ = write!(sections_md, "\n## {}\n\n{}\n\n", category.name, category.description);
        for guide in content.guides.iter().filter(|g| g.category == idx) {
            let href = format!("{site}{}", item_path("guides", &guide.slug));
            sections.push_str(&list_item_html(&href, &guide.title, &guide.description));
            sections.push('\n');
            sections_md.push_str(&list_item_md(&href, &guide.title, &guide.description));
            listed.push((guide.title.clone(), href));
        }
        sections.push_str("</ul>\n");
        // A way back to the contents after each list: on a phone the page is some 30,000 px
        // long, with the category links at its top only.
        sections.push_str(
            "<p class=\"back\"><a href=\"#categories-heading\">Back to categories</a></p>\n",
        );
        let _ = writeln!(sections_md, "\n[Back to categories]({site}/guides/#categories-heading)");
    }
    contents.push_str("</ul></nav>\n");
    main.push_str(&contents);
    main.push_str(&sections);
    markdown.push_str(&contents_md);
    markdown.push_str(&sections_md);
    let lastmod = content
        .guides
        .iter()
        .map(|guide| lastmod(content, shell.config, guide.updated))
        .max()
        .unwrap_or_else(|| lastmod(content, shell.config, None));
    let breadcrumbs = [home_crumb(shell.config), crumb("Guides", format!("{site}/guides/"))];
    let entity = Entity::Collection { name: "Guides", description: &intro, items: listed };
    let facts =
        PageFacts { site, url: format!("{site}/guides/"), lastmod, breadcrumbs: &breadcrumbs };
    let head = Head {
        path: "/guides/",
        title: "Guides",
        description: &intro,
        og_type: "website",
        json_ld: Some(structured::json_ld(content, &facts, &entity)),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: None,
        json: JsonLink::among("/v1/resources".into(), "the guide library, a page at a time".into()),
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: "Guides".into(),
        markdown,
        lastmod,
        links: Vec::new(),
        path: "/guides/".into(),
    }
}

fn home_page(shell: &Shell<'_>) -> SitePage {
    let content = shell.content;
    let site = &shell.config.site_url;
    // What a prospective client needs in the first screen, at 375 px too: who the firm is,
    // then how to start (the contact record's own words), before the description and the lists.
    let (cta_html, cta_md) = home_call_to_action(shell);
    let mut main = format!(
        "<h1>{}</h1>\n<p class=\"lede\">{}</p>\n{cta_html}<p>{}</p>\n",
        escape_html(&content.site.company),
        escape_html(&content.site.tagline),
        escape_html(&content.site.description)
    );
    let mut markdown = format!(
        "# {}\n\n> {}\n\n{cta_md}\n{}\n",
        content.site.company, content.site.tagline, content.site.description
    );
    // How the firm works with a client (the contact record's `terms`): what a buyer asks
    // before writing, said once, in the firm's own words.
    if !content.contact.terms.is_empty() {
        let _ = write!(main, "<h2 id=\"how-we-work\">{}</h2>\n<ul>\n", escape_html(TERMS_HEADING));
        let _ = write!(markdown, "\n## {TERMS_HEADING}\n\n");
        for term in &content.contact.terms {
            let _ = writeln!(main, "<li>{}</li>", escape_html(term));
            let _ = writeln!(markdown, "- {term}");
        }
        main.push_str("</ul>\n");
    }
    let sections: [(&str, &str, &[Page]); 3] = [
        ("Services", "services", &content.services),
        ("Industries", "industries", &content.industries),
        ("Case studies", "case-studies", &content.case_studies),
    ];
    for (heading, kind, items) in sections {
        let _ = write!(main, "<h2><a href=\"{site}/{kind}/\">{heading}</a></h2>\n<ul>\n");
        let _ = write!(markdown, "\n## {heading}\n\n");
        for page in items {
            let href = format!("{site}{}", item_path(kind, &page.slug));
            main.push_str(&list_item_html(&href, &page.name, &page.description));
            main.push('\n');
            markdown.push_str(&list_item_md(&href, &page.name, &page.description));
        }
        main.push_str("</ul>\n");
    }
    let _ = write!(main, "<h2><a href=\"{site}/guides/\">Guides</a></h2>\n<ul>\n");
    markdown.push_str("\n## Guides\n\n");
    for (idx, category) in content.categories.iter().enumerate() {
        let n = content.guides.iter().filter(|g| g.category == idx).count();
        let href = format!("{site}/guides/#{}", category.key);
        let label = format!("{} ({n} {})", category.name, if n == 1 { "guide" } else { "guides" });
        main.push_str(&list_item_html(&href, &label, &category.description));
        main.push('\n');
        markdown.push_str(&list_item_md(&href, &label, &category.description));
    }
    main.push_str("</ul>\n");
    // The last two sections are written once, in markdown, for the page and its twin alike.
    // A link's words say where it goes ("a JSON API"); the API's address, which a developer
    // copies, follows it as code (it was the link's text, a bare URL read out character by
    // character and cut anywhere on a phone).
    let assessment = &content.assessment.title;
    let n_questions: usize = content.assessment.sections.iter().map(|s| s.questions.len()).sum();
    let api = &shell.config.api_base;
    let closing = [
        (
            assessment.as_str(),
            format!(
                "[Take the {n_questions} questions]({site}{ASSESSMENT_PATH}) and get a score, a maturity band and advice for your weakest area."
            ),
        ),
        (
            "For developers and agents",
            format!(
                "Everything here is also [a JSON API]({api}/v1), at `{api}/v1`, described by [an OpenAPI document]({api}/openapi.json) and [the API documentation]({site}/docs/). \
Every page has a markdown twin at its address plus `index.md`; [llms.txt]({site}/llms.txt) lists them."
            ),
        ),
    ];
    for (heading, paragraph) in closing {
        let html = markdown_to_html(&paragraph, site).html;
        let _ = write!(main, "<h2>{}</h2>\n{html}", escape_html(heading));
        let _ = write!(markdown, "\n## {heading}\n\n{paragraph}\n");
    }
    let lastmod = lastmod(content, shell.config, None);
    let breadcrumbs = [home_crumb(shell.config)];
    let facts = PageFacts { site, url: format!("{site}/"), lastmod, breadcrumbs: &breadcrumbs };
    let head = Head {
        path: "/",
        title: &content.site.company,
        description: &content.site.tagline,
        og_type: "website",
        json_ld: Some(structured::json_ld(content, &facts, &Entity::Home)),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: None,
        json: None,
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: content.site.company.clone(),
        markdown,
        lastmod,
        links: Vec::new(),
        path: "/".into(),
    }
}

/// The home page's call to action, as HTML and as markdown: how to make an enquiry (the
/// contact record's `how`, its email as a button) and the assessment as the step short of
/// writing. Facts only from the content: the email, the reply promise, the question count.
fn home_call_to_action(shell: &Shell<'_>) -> (String, String) {
    let content = shell.content;
    let site = &shell.config.site_url;
    let email = &content.contact.email;
    let n_questions: usize = content.assessment.sections.iter().map(|s| s.questions.len()).sum();
    let assessment = format!("{site}{ASSESSMENT_PATH}");
    let how = content.contact.how.as_deref();
    let mut html = String::from(
        "<section class=\"cta\" aria-labelledby=\"start\">\n<h2 id=\"start\">Start a conversation</h2>\n",
    );
    let mut markdown = String::from("## Start a conversation\n\n");
    if let Some(how) = how {
        let _ = writeln!(html, "<p>{}</p>", escape_html(how));
        let _ = write!(markdown, "{how}\n\n");
    }
    let email_html = escape_html(email);
    let _ = write!(
        html,
        "<p class=\"actions\"><a class=\"button\" href=\"mailto:{email_html}\">Email {email_html}</a> \
<span class=\"or\">or <a href=\"{assessment}\">take the {n_questions}-question AI readiness assessment</a>.</span></p>\n</section>\n"
    );
    let _ = writeln!(
        markdown,
        "[Email {email}](mailto:{email}) or [take the {n_questions}-question AI readiness assessment]({assessment})."
    );
    (html, markdown)
}

/// The longest a lede runs, in characters, before the rest of its text becomes an ordinary
/// paragraph: a little over the site's longest other lede (a guide's description, about 215).
const LEDE_MAX_CHARS: usize = 240;

/// `text` split after its last sentence that ends within [`LEDE_MAX_CHARS`] (after its first
/// sentence, if that one runs longer): the lede, and the rest (empty when the whole fits). A
/// sentence ends at `.`, `?` or `!` followed by a space and a capital letter.
fn lede_and_rest(text: &str) -> (&str, &str) {
    if text.chars().count() <= LEDE_MAX_CHARS {
        return (text, "");
    }
    let mut cut = None;
    for (n_chars, (at, c)) in text.char_indices().enumerate() {
        let ends_sentence = matches!(c, '.' | '?' | '!')
            && text[at + 1..].starts_with(' ')
            && text[at + 2..].starts_with(|next: char| next.is_uppercase());
        if !ends_sentence {
            continue;
        }
        if n_chars < LEDE_MAX_CHARS || cut.is_none() {
            cut = Some(at + 1);
        }
        if n_chars >= LEDE_MAX_CHARS {
            break;
        }
    }
    match cut {
        Some(end) => (&text[..end], text[end..].trim_start()),
        None => (text, ""),
    }
}

/// The interactive assessment: a form of every question whose inline script posts the option
/// indices to the score endpoint, draws the result, and keeps the answers in the URL fragment
/// (`#a=` and one digit per question) so a result can be bookmarked, shared and reopened.
fn assessment_page(shell: &Shell<'_>) -> SitePage {
    let content = shell.content;
    let site = &shell.config.site_url;
    let assessment = &content.assessment;
    let mut main = format!("<h1>{}</h1>\n", heading_html(&assessment.title));
    let mut markdown = format!("# {}\n\n", assessment.title);
    if let Some(instructions) = &assessment.instructions {
        // A lede is a line or two in larger type; the instructions run to some 190 words
        // (scoring, privacy, sharing), which in the lede's type filled a phone's first screen
        // and the next. The lede keeps what to do, the rest reads as an ordinary paragraph.
        let (lede, rest) = lede_and_rest(instructions);
        let _ = writeln!(main, "<p class=\"lede\">{}</p>", escape_html(lede));
        let _ = writeln!(markdown, "{lede}\n");
        if !rest.is_empty() {
            let _ = writeln!(main, "<p>{}</p>", escape_html(rest));
            let _ = writeln!(markdown, "{rest}\n");
        }
    }
    let n_questions: usize = assessment.sections.iter().map(|s| s.questions.len()).sum();
    let _ = writeln!(
        markdown,
        "Score your answers with `POST {}/v1/ai-readiness/score` and a body `{{\"answers\": [...]}}` of {n_questions} option indices (0-4), one per question in order, or read the result as a page: `GET {site}{ASSESSMENT_RESULT_PATH}?a=` and the {n_questions} indices as digits, which answers in markdown to a client that sends `Accept: text/markdown`.\n",
        shell.config.api_base,
    );
    // The script scores in place through the API; without scripts the form submits to the
    // server-rendered result page, and the page says so before anyone starts.
    let _ = writeln!(
        main,
        "<noscript><p class=\"note\" id=\"needs-script\">JavaScript is off in this browser, so your answers will be scored on a page of their own rather than below the questions. Answer all {n_questions} questions, then choose \u{201c}Score my answers\u{201d}.</p></noscript>",
    );
    let _ = writeln!(
        main,
        "<form id=\"assessment\" action=\"{site}{ASSESSMENT_RESULT_PATH}\" method=\"get\" novalidate>",
        site = shell.config.site_url,
    );
    let mut question_idx = 0;
    for section in &assessment.sections {
        let _ = writeln!(main, "<h2>{}</h2>", escape_html(&section.title));
        let _ = writeln!(markdown, "## {}\n", section.title);
        if let Some(desc) = &section.desc {
            let _ = writeln!(main, "<p>{}</p>", escape_html(desc));
            let _ = writeln!(markdown, "{desc}\n");
        }
        for question in &section.questions {
            let _ = write!(
                main,
                "<fieldset>\n<legend>{}. {}</legend>\n",
                question_idx + 1,
                escape_html(&question.q)
            );
            // A list item's content starts after its marker, so the lines that belong to the
            // question are indented by the marker's own width: three columns for `9. `, four
            // for `10. `. Three under `10. ` would close the item, and CommonMark would read
            // the next question as one more option of this one.
            let marker = format!("{}. ", question_idx + 1);
            let indent = " ".repeat(marker.len());
            let _ = writeln!(markdown, "{marker}{}\n", question.q);
            if let Some(ctx) = &question.ctx {
                let _ = writeln!(main, "<p class=\"ctx\">{}</p>", escape_html(ctx));
                let _ = writeln!(markdown, "{indent}{ctx}\n");
            }
            for (option_idx, option) in question.opts.iter().enumerate() {
                let _ = writeln!(
                    main,
                    "<label><input type=\"radio\" name=\"q{question_idx}\" value=\"{option_idx}\" required> {}</label>",
                    escape_html(option)
                );
                let _ = writeln!(markdown, "{indent}{option_idx}. {option}");
            }
            main.push_str("</fieldset>\n");
            markdown.push('\n');
            question_idx += 1;
        }
    }
    main.push_str("<h2>Maturity bands</h2>\n<p>The score runs from 0 to 100; each band starts at the score shown.</p>\n<dl>\n");
    markdown.push_str("## Maturity bands\n\nThe score runs from 0 to 100; each band starts at the score shown.\n\n");
    for band in &assessment.bands {
        let summary = band.summary.as_deref().unwrap_or("");
        let _ = writeln!(
            main,
            "<dt>{} (from {})</dt><dd>{}</dd>",
            escape_html(&band.name),
            band.min,
            escape_html(summary)
        );
        let _ = writeln!(markdown, "- **{}** (from {}): {summary}", band.name, band.min);
    }
    main.push_str("</dl>\n");
    // What a result says, as the result pages say it: the offer that ends its next step with
    // the service's name linked (`nextStep` in the API ends with the bare address).
    let offer = next_step_offer(content, site);
    let _ = writeln!(
        markdown,
        "\n## Your result\n\nA result gives the score and its band, the guidance for the band, the average of each area (1 to 5), advice for the weakest area first, and a next step: where to start. {}\n\nTo talk through your result with us, email [{email}](mailto:{email}).",
        offer.markdown(),
        email = content.contact.email,
    );
    let _ = writeln!(
        markdown,
        "\nA result can be shared as a link: the interactive page reads the answers from its URL fragment, `{site}{ASSESSMENT_PATH}#a=` followed by the {n_questions} option indices as digits."
    );
    let _ = write!(
        main,
        "<p id=\"form-error\" class=\"error\" role=\"alert\" aria-live=\"assertive\"></p>\n<button type=\"submit\">Score my answers</button>\n</form>\n\
<section id=\"result\" aria-labelledby=\"result-heading\" hidden>\n<h2 id=\"result-heading\" tabindex=\"-1\">Your result</h2>\n\
<p class=\"standing\"><strong id=\"score\"></strong>, in the <strong id=\"band\"></strong> band.</p>\n\
<ul id=\"guidance\"></ul>\n<h3>Pillar averages (1 to 5)</h3>\n<div id=\"pillars\"></div>\n<h3>Where to start</h3>\n<p id=\"advice\"></p>\n<ul id=\"more-advice\" hidden></ul>\n\
<h3>Next step</h3>\n<p id=\"next-step\"></p>\n\
<p id=\"cta\">To talk through your result with us, email <a href=\"mailto:{email}\">{email}</a>.</p>\n\
<p id=\"share\">Link to this result, to bookmark or share: <a id=\"share-link\" href=\"#\"></a></p>\n</section>\n",
        email = escape_html(&content.contact.email),
    );
    let offer_js =
        serde_json::to_string(&[&offer.api, &offer.before, &offer.url, &offer.words, &offer.after])
            .unwrap_or_default()
            .replace("</", "<\\/");
    let script = format!(
        "<script>\nconst API = \"{}/v1/ai-readiness/score\";\nconst N_QUESTIONS = {question_idx};\nconst OFFER = {offer_js};\n{ASSESSMENT_SCRIPT}</script>\n",
        shell.config.api_base,
    );
    let description = format!(
        "Score your organisation's readiness for AI in {n_questions} questions: a 0-100 score, a maturity band and advice for your weakest area."
    );
    let lastmod = lastmod(content, shell.config, None);
    let breadcrumbs =
        [home_crumb(shell.config), crumb(&assessment.title, format!("{site}{ASSESSMENT_PATH}"))];
    let facts = PageFacts {
        site,
        url: format!("{site}{ASSESSMENT_PATH}"),
        lastmod,
        breadcrumbs: &breadcrumbs,
    };
    let entity = Entity::Assessment { name: &assessment.title, description: &description };
    let head = Head {
        path: ASSESSMENT_PATH,
        title: &assessment.title,
        description: &description,
        og_type: "website",
        json_ld: Some(structured::json_ld(content, &facts, &entity)),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: Some(script),
        json: JsonLink::page("/v1/ai-readiness/questions".into()),
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: assessment.title.clone(),
        markdown,
        lastmod,
        links: Vec::new(),
        path: ASSESSMENT_PATH.into(),
    }
}

/// The error-code reference: one anchored entry per code, so an Error body's `docs` link
/// (`/docs/errors/#<code>`) lands on its explanation.
fn errors_page(shell: &Shell<'_>) -> SitePage {
    let site = &shell.config.site_url;
    let intro = "Every error response of the API has the body `{\"error\": {\"code\", \"message\", \"docs\", \"openapi\"}}`. \
The code is stable and machine-readable; the message is for people and may improve. The OAuth endpoints answer with RFC 6749 error bodies instead. \
The MCP servers answer JSON-RPC errors, with the code in `error.data.code`.";
    let mut main =
        format!("<h1>Error codes</h1>\n<p class=\"lede\">{}</p>\n<dl>\n", inline_code_html(intro));
    let mut markdown =
        format!("# Error codes\n\n{intro}\n\n| code | status | meaning |\n|---|---|---|\n");
    for (code, status, meaning) in super::model::ERROR_CODES {
        let _ = writeln!(
            main,
            "<dt id=\"{code}\"><code>{code}</code> ({status})</dt>\n<dd>{}</dd>",
            inline_code_html(meaning)
        );
        let _ = writeln!(markdown, "| `{code}` | {status} | {meaning} |");
    }
    main.push_str("</dl>\n");
    let description = ERRORS_DESCRIPTION;
    let lastmod = lastmod(shell.content, shell.config, None);
    let breadcrumbs = [
        home_crumb(shell.config),
        crumb("API documentation", format!("{site}/docs/")),
        crumb("Error codes", format!("{site}{ERRORS_PATH}")),
    ];
    let facts =
        PageFacts { site, url: format!("{site}{ERRORS_PATH}"), lastmod, breadcrumbs: &breadcrumbs };
    let entity = Entity::Doc { name: "Error codes", description };
    let head = Head {
        path: ERRORS_PATH,
        title: "Error codes",
        description,
        og_type: "article",
        json_ld: Some(structured::json_ld(shell.content, &facts, &entity)),
        breadcrumbs: &breadcrumbs,
        canonical: true,
        script: None,
        json: None,
    };
    SitePage {
        html: shell.html(&head, &main),
        json: shell.own_json(&head),
        title: "Error codes".into(),
        markdown,
        lastmod,
        links: Vec::new(),
        path: ERRORS_PATH.into(),
    }
}

/// A guide as one search result: link, category and description. The search page puts the
/// passage that matched in place of the last `<p>` when the search has one
/// (`web::search_page`).
fn guide_result(shell: &Shell<'_>, guide: &Guide) -> String {
    format!(
        "<li><a href=\"{site}{path}\">{title}</a> <span class=\"c\">{category}</span><p>{description}</p></li>\n",
        site = shell.config.site_url,
        path = item_path("guides", &guide.slug),
        title = escape_html(&guide.title),
        category = escape_html(&shell.content.categories[guide.category].name),
        description = escape_html(&guide.description),
    )
}

/// The search results page with holes (see [`SEARCH_PAGE_HOLES`]), split at them.
fn search_page_template(shell: &Shell<'_>) -> Vec<String> {
    let content = shell.content;
    let names: Vec<&str> = content.categories.iter().map(|c| c.name.as_str()).collect();
    let selected = vec![HOLE; names.len() + 1];
    let form = search_form(&SearchForm {
        site: &shell.config.site_url,
        api: &shell.config.api_base,
        id: "results-search",
        label: "Search the guides",
        compact: false,
        hidden_label: true,
        categories: Some((names, selected)),
        q_value: HOLE,
    });
    let main = format!("<h1>Search the guides</h1>\n{form}{HOLE}");
    let head = Head {
        path: SEARCH_PATH,
        title: HOLE,
        // Says what this page shows (a search's count, a category's guides, or what the box
        // searches), filled by `web::search_page`.
        description: HOLE,
        og_type: "website",
        json_ld: None,
        breadcrumbs: &[],
        canonical: false,
        script: None,
        // The footer's link is this search in the API: the server puts its query string (as
        // the link's address and its words) in the two holes after `/v1/resources`.
        json: JsonLink::among(
            format!("/v1/resources{HOLE}"),
            "the same search, with the same parameters".into(),
        ),
    };
    let html = shell.html(&head, &main);
    debug_assert_eq!(html.matches(&format!("/v1/resources{HOLE}")).count(), 2);
    html.split(HOLE).map(str::to_string).collect()
}

/// The assessment's result page with holes (see [`ASSESSMENT_RESULT_HOLES`]), split at them.
/// The page shows a result or says what is wrong with the answers; the content hole holds
/// either, and a result ends with [`assessment_result_cta`].
fn assessment_result_template(shell: &Shell<'_>) -> Vec<String> {
    let main = format!("<h1 id=\"result-heading\">{HOLE}</h1>\n{HOLE}");
    let head = Head {
        path: ASSESSMENT_RESULT_PATH,
        title: HOLE,
        description: "The result of the AI readiness assessment, scored by the server.",
        og_type: "website",
        json_ld: None,
        breadcrumbs: &[],
        canonical: false,
        script: None,
        json: None,
    };
    shell.html(&head, &main).split(HOLE).map(str::to_string).collect()
}

/// The line that ends a result on the result page, as the interactive page's result ends.
fn assessment_result_cta(shell: &Shell<'_>) -> String {
    let email = escape_html(&shell.content.contact.email);
    format!(
        "<p id=\"cta\">To talk through your result with us, email <a href=\"mailto:{email}\">{email}</a>.</p>\n"
    )
}

/// The page a browser gets for a path that does not exist (status 404), split at the hole
/// after its lede where the server lists the pages a mistyped path may have meant.
fn not_found_page(shell: &Shell<'_>) -> [String; 2] {
    let site = &shell.config.site_url;
    let form = search_form(&SearchForm {
        site,
        api: &shell.config.api_base,
        id: "not-found-search",
        label: "Search the guides",
        compact: false,
        hidden_label: false,
        categories: Some(no_category_chosen(shell.content)),
        q_value: "",
    });
    let mut links = String::new();
    for (path, label) in [
        ("/", "Home"),
        ("/services/", "Services"),
        ("/industries/", "Industries"),
        ("/case-studies/", "Case studies"),
        ("/guides/", "Guides"),
        (ASSESSMENT_PATH, "AI readiness assessment"),
        ("/docs/", "API documentation"),
        ("/#contact", "Contact"),
    ] {
        let _ = write!(links, "<li><a href=\"{site}{path}\">{label}</a></li>");
    }
    let main = format!(
        "<h1>Page not found</h1>\n<p class=\"lede\">There is no page at this address. The link may be mistyped, or the page may have moved.</p>\n\
{HOLE}{form}<h2>Or start from</h2>\n<ul>{links}</ul>\n"
    );
    let head = Head {
        path: "/404",
        title: "Page not found",
        description: "There is no page at this address.",
        og_type: "website",
        json_ld: None,
        breadcrumbs: &[],
        canonical: false,
        script: None,
        json: None,
    };
    let html = shell.html(&head, &main);
    let (before, after) = html.split_once(HOLE).unwrap_or((&html, ""));
    [before.to_string(), after.to_string()]
}

/// The hole of the rate-limit page: how long until the client may come back ("40 seconds"),
/// filled from `Retry-After` (`src/http/site.rs`).
pub const RATE_LIMITED_HOLES: &str = "wait";

/// The page a browser gets on a website page refused by the fair-use limit (429), split at
/// its hole ([`RATE_LIMITED_HOLES`]): the site's shell (header, navigation, footer, styles),
/// what happened, when to come back, and the home page by its absolute address.
fn rate_limited_page(shell: &Shell<'_>) -> Vec<String> {
    let site = &shell.config.site_url;
    let main = format!(
        "<h1>Too many requests</h1>\n<p class=\"lede\">Your network address has asked for more than fair use allows in the last minute, so this page was not sent.</p>\n\
<p>Please come back in <strong>{HOLE}</strong>, then reload the page: it will load as usual. Nothing is wrong with the page or the link.</p>\n\
<p>Every address may make a fixed number of requests a minute, shared by everyone behind it (an office network, for example); the count starts again each minute.</p>\n\
<p>When the time is up: <a href=\"{site}/\">go to the home page</a> ({site}/).</p>\n"
    );
    let head = Head {
        path: "/429",
        title: "Too many requests",
        description: "More requests came from your address in the last minute than fair use allows.",
        og_type: "website",
        json_ld: None,
        breadcrumbs: &[],
        canonical: false,
        script: None,
        json: None,
    };
    shell.html(&head, &main).split(HOLE).map(str::to_string).collect()
}

/// The page a browser gets on a website page refused for its `Host` (400 `invalid_host`):
/// the site's shell, what was wrong with the request, and the home page by its absolute
/// address (the request's own `Host` is what was missing or invalid, so the configured site
/// origin is the one known).
fn bad_host_page(shell: &Shell<'_>) -> String {
    let site = &shell.config.site_url;
    let main = format!(
        "<h1>Bad request</h1>\n<p class=\"lede\">This request could not be answered: it did not say which site it was for.</p>\n\
<p>A request names the host (and port) it asks for once: an HTTP/1.1 request in exactly one Host header, HTTP/1.0 and HTTP/2 requests in at most one (over HTTP/2, the same as the request's authority); this one had none where one was needed, several, one that is not a host name, or one unlike its authority. \
Browsers always send it, so a proxy, an extension or a tool between your browser and this site is the likely cause.</p>\n\
<p>Try the site again from its <a href=\"{site}/\">home page</a> ({site}/).</p>\n"
    );
    let head = Head {
        path: "/400",
        title: "Bad request",
        description: "The request did not name its host once, in a valid Host header.",
        og_type: "website",
        json_ld: None,
        breadcrumbs: &[],
        canonical: false,
        script: None,
        json: None,
    };
    shell.html(&head, &main)
}
