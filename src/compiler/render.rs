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
    let mut tables = 0;
    let mut code_blocks = 0;
    let events = Parser::new_ext(markdown, options())
        .map(|event| absolutise_link(event, site_origin, &mut internal_links))
        .map(escape_raw_html)
        .map(breakable_code)
        .map(demote_headings)
        .map(|event| focusable_code_block(event, &mut code_blocks))
        .flat_map(|event| wrap_table(event, &mut tables));
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

/// A table sits in a box that scrolls sideways (`.table-wrap` in the page style), so a wide
/// table on a phone scrolls by itself instead of pushing the whole page past the screen's
/// edge. The box can take focus, so a keyboard can scroll it, and is a region named by its
/// number on the page, so no two share a name (WCAG 2.1.1; axe's
/// `scrollable-region-focusable` and `landmark-unique`). Raw HTML has been escaped already,
/// so these are the only tags a body adds.
fn wrap_table<'a>(
    event: Event<'a>,
    tables: &mut usize,
) -> impl Iterator<Item = Event<'a>> + use<'a> {
    use pulldown_cmark::TagEnd;
    let (before, after) = match &event {
        Event::Start(Tag::Table(_)) => {
            *tables += 1;
            let open = format!(
                "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"Table {tables}\">\n"
            );
            (Some(Event::Html(open.into())), None)
        }
        Event::End(TagEnd::Table) => (None, Some(Event::Html("</div>\n".into()))),
        _ => (None, None),
    };
    before.into_iter().chain(std::iter::once(event)).chain(after)
}

/// A code block scrolls sideways when its lines are wider than the page (`pre` in the page
/// style), so, like a table's box, it can take focus and is a region named by its number
/// ("Code N"): a keyboard can scroll it (WCAG 2.1.1; axe's `scrollable-region-focusable` and
/// `landmark-unique`). The `<pre>` and `<code>` tags are written here, the text inside is
/// still escaped by the HTML writer.
fn focusable_code_block<'a>(event: Event<'a>, code_blocks: &mut usize) -> Event<'a> {
    use pulldown_cmark::{CodeBlockKind, TagEnd};
    match event {
        Event::Start(Tag::CodeBlock(kind)) => {
            *code_blocks += 1;
            let class = match &kind {
                CodeBlockKind::Fenced(info) => {
                    let language = info.split_whitespace().next().unwrap_or_default();
                    if language.is_empty() {
                        String::new()
                    } else {
                        format!(" class=\"language-{}\"", escape_html(language))
                    }
                }
                CodeBlockKind::Indented => String::new(),
            };
            Event::Html(
                format!(
                    "<pre role=\"region\" tabindex=\"0\" aria-label=\"Code {code_blocks}\"><code{class}>"
                )
                .into(),
            )
        }
        Event::End(TagEnd::CodeBlock) => Event::Html("</code></pre>\n".into()),
        other => other,
    }
}

/// Inline code is written here rather than by the HTML writer, so it can mark where it may
/// wrap (see [`code_html`]). Runs after [`escape_raw_html`], which would show the tags as text.
fn breakable_code(event: Event<'_>) -> Event<'_> {
    match event {
        Event::Code(text) => Event::Html(code_html(&text).into()),
        other => other,
    }
}

/// An inline code span, escaped, with a `<wbr>` after each dot or slash that a letter or digit
/// follows, so `error.data.code` or an address wraps at its dots and slashes. The body's
/// `overflow-wrap` breaks a word only where it has no break of its own, and a code span has
/// none: at 375 px with text at 200 % `error.data.code` was cut mid-word ("error.data.co" /
/// "de"). `<wbr>` adds no text, so copying the span copies what it says.
pub fn code_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str("<code>");
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push_str(&escape_html(c.encode_utf8(&mut [0; 4])));
        if matches!(c, '.' | '/') && chars.peek().is_some_and(|next| next.is_alphanumeric()) {
            out.push_str("<wbr>");
        }
    }
    out.push_str("</code>");
    out
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
        out.push_str(&code_html(&rest[open + 1..open + 1 + len]));
        rest = &rest[open + len + 2..];
    }
    out.push_str(&escape_html(rest));
    out
}

/// Escapes a heading's text for HTML and marks where its long words may break: a soft hyphen
/// (`&shy;`) before the ending of each word of 13 letters or more ("recommend&shy;ations",
/// "pseudonym&shy;isation"). With text at 200 % on a 375 px phone a bold heading holds about
/// fifteen letters a line; a longer word was cut wherever it met the edge ("recommendatio" /
/// "ns", by the body's `overflow-wrap`). The break is at a morpheme, shown with a hyphen, and
/// only taken when the word does not fit; CSS `hyphens: auto` is not used, since Chromium on
/// Linux has no hyphenation dictionaries and elsewhere it hyphenates words that would fit.
pub fn heading_html(text: &str) -> String {
    /// Endings a long word may break before, longest first; the part before stays 5 letters or
    /// more.
    const ENDINGS: [&str; 13] = [
        "structure",
        "isations",
        "cations",
        "isation",
        "cation",
        "ations",
        "ation",
        "ments",
        "ment",
        "ities",
        "able",
        "ings",
        "ing",
    ];
    let escaped = escape_html(text);
    let mut out = String::with_capacity(escaped.len() + 8);
    let mut rest = escaped.as_str();
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
        let (word, after) = rest.split_at(len);
        let ending = (len >= 13)
            .then(|| {
                let lower = word.to_ascii_lowercase();
                ENDINGS.iter().find(|e| lower.ends_with(*e) && len - e.len() >= 5).map(|e| e.len())
            })
            .flatten();
        match ending {
            Some(n) => {
                out.push_str(&word[..len - n]);
                out.push_str("&shy;");
                out.push_str(&word[len - n..]);
            }
            None => out.push_str(word),
        }
        rest = after;
    }
    out.push_str(rest);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_code_may_wrap_after_a_dot_or_slash_before_a_word() {
        assert_eq!(code_html("error.data.code"), "<code>error.<wbr>data.<wbr>code</code>");
        assert_eq!(
            code_html("https://api.example.com/v1"),
            "<code>https://<wbr>api.<wbr>example.<wbr>com/<wbr>v1</code>"
        );
        // Not before punctuation, a space or the end, and the text is escaped.
        assert_eq!(code_html("a. b./ c."), "<code>a. b./ c.</code>");
        assert_eq!(code_html("<a>.b"), "<code>&lt;a&gt;.<wbr>b</code>");
        let rendered = markdown_to_html("Read `x.y` and `index.md`.", "https://site.example");
        assert_eq!(
            rendered.html,
            "<p>Read <code>x.<wbr>y</code> and <code>index.<wbr>md</code>.</p>\n"
        );
    }

    #[test]
    fn long_heading_words_may_break_before_their_ending() {
        assert_eq!(
            heading_html("Getting staff to use model recommendations"),
            "Getting staff to use model recommend&shy;ations"
        );
        assert_eq!(
            heading_html("Anonymisation vs pseudonymisation: R&D"),
            "Anonym&shy;isation vs pseudonym&shy;isation: R&amp;D"
        );
        assert_eq!(heading_html("Infrastructure"), "Infra&shy;structure");
        // Short words, and long ones without a known ending, are left whole.
        assert_eq!(heading_html("Data quality"), "Data quality");
        assert_eq!(heading_html("Rhythmsrhythms"), "Rhythmsrhythms");
    }

    /// Each table is wrapped in its own scrolling box, numbered, and nothing else is.
    #[test]
    fn tables_scroll_in_their_own_numbered_boxes() {
        let markdown = "Text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nMore.\n\n| c |\n|---|\n| 3 |\n";
        let html = markdown_to_html(markdown, "https://site.example").html;
        let first = html.find("aria-label=\"Table 1\">\n<table>").expect("first box");
        let second = html.find("aria-label=\"Table 2\">\n<table>").expect("second box");
        assert!(first < second, "{html}");
        assert_eq!(html.matches("<div class=\"table-wrap\"").count(), 2, "{html}");
        assert_eq!(html.matches("</table>\n</div>").count(), 2, "{html}");
        let plain = markdown_to_html("No table here.", "https://site.example").html;
        assert!(!plain.contains("table-wrap"), "{plain}");
    }
}
