//! Markdown → HTML with pulldown-cmark, and markdown twins.
//!
//! Options are enabled one by one. Events pass through small rewrites: root-relative links
//! become absolute on the site origin (and are recorded so the compiler can check they
//! resolve), and raw HTML is escaped as text because content is markdown only.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, html};

/// A rendered markdown body and the internal links it contains.
#[derive(Debug, Default)]
pub struct Rendered {
    pub html: String,
    /// Root-relative link targets (`/guides/x/`), fragment removed, in document order.
    pub internal_links: Vec<String>,
}

fn options() -> Options {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    options.insert(Options::ENABLE_SMART_PUNCTUATION);
    options
}

/// Renders `markdown` to HTML, making root-relative links absolute on `site_origin`.
pub fn markdown_to_html(markdown: &str, site_origin: &str) -> Rendered {
    let mut internal_links = Vec::new();
    let events = Parser::new_ext(markdown, options())
        .map(|event| absolutise_link(event, site_origin, &mut internal_links))
        .map(escape_raw_html)
        .map(demote_headings);
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    Rendered { html: out, internal_links }
}

fn absolutise_link<'a>(event: Event<'a>, site_origin: &str, links: &mut Vec<String>) -> Event<'a> {
    match event {
        Event::Start(Tag::Link { link_type, dest_url, title, id }) if dest_url.starts_with('/') => {
            let target = dest_url.split('#').next().unwrap_or_default().to_string();
            links.push(target);
            let dest_url = CowStr::from(format!("{site_origin}{dest_url}"));
            Event::Start(Tag::Link { link_type, dest_url, title, id })
        }
        other => other,
    }
}

/// Content is markdown only: raw HTML is shown as text, never injected into the page.
fn escape_raw_html(event: Event<'_>) -> Event<'_> {
    match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        other => other,
    }
}

/// The page template owns the only `<h1>`; a stray level-1 heading in a body becomes `<h2>`.
fn demote_headings(event: Event<'_>) -> Event<'_> {
    use pulldown_cmark::{HeadingLevel, TagEnd};
    match event {
        Event::Start(Tag::Heading { level: HeadingLevel::H1, id, classes, attrs }) => {
            Event::Start(Tag::Heading { level: HeadingLevel::H2, id, classes, attrs })
        }
        Event::End(TagEnd::Heading(HeadingLevel::H1)) => {
            Event::End(TagEnd::Heading(HeadingLevel::H2))
        }
        other => other,
    }
}

/// Makes root-relative markdown links (`](/x/)`) absolute for the markdown twin, so an agent
/// that fetched only the twin can still follow them.
pub fn absolutise_markdown_links(markdown: &str, site_origin: &str) -> String {
    markdown.replace("](/", &format!("]({site_origin}/"))
}

/// Escapes one-line plain text for HTML and shows its markdown code spans (`` `limit` ``) as
/// `<code>`: the short texts written outside markdown bodies (error meanings, listing
/// descriptions) use backticks the way the bodies do. A backtick without a partner is kept.
pub fn inline_code_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else { break };
        out.push_str(&escape_html(&rest[..open]));
        out.push_str("<code>");
        out.push_str(&escape_html(&rest[open + 1..open + 1 + len]));
        out.push_str("</code>");
        rest = &rest[open + len + 2..];
    }
    out.push_str(&escape_html(rest));
    out
}

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}
