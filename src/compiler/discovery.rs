//! Files crawlers, agents and security researchers look for at fixed addresses, generated from
//! the content: `robots.txt`, `sitemap.xml`, `llms.txt` and `llms-full.txt` (the llmstxt.org
//! proposal), `/.well-known/security.txt` (RFC 9116) and the favicon.

use std::fmt::Write as _;

use super::config::Config;
use super::pages::{
    ASSESSMENT_PATH, ASSESSMENT_RESULT_PATH, CANONICAL_TRAILER, ERRORS_PATH, SEARCH_PATH, SitePage,
    item_path,
};
use super::validate::{Content, Page};

/// How long security.txt stays valid after the build. RFC 9116 section 2.5.5 recommends less
/// than a year, so a build left running without a redeploy stops vouching for stale contacts.
pub const SECURITY_TXT_VALID_DAYS: i64 = 180;

/// The route whose bytes move with the build day rather than the content (its `Expires` is
/// counted from the build date). The cursor key leaves it out, so two builds of the same
/// content on different days (a fleet rolled out over a week) accept each other's cursors.
pub const SECURITY_TXT_PATH: &str = "/.well-known/security.txt";

/// `robots.txt`: everything may be crawled except the search results page (endless,
/// near-duplicate pages) and the OAuth endpoints (POST only); the sitemap is named.
pub fn robots_txt(config: &Config) -> String {
    format!(
        "# {site}/robots.txt\n# Pages for language models: {site}/llms.txt (each page's markdown: its URL plus index.md)\n\
User-agent: *\nDisallow: {SEARCH_PATH}\nDisallow: {ASSESSMENT_RESULT_PATH}\nDisallow: /oauth/\nAllow: /\n\nSitemap: {site}/sitemap.xml\n",
        site = config.site_url,
    )
}

/// `sitemap.xml` (sitemaps.org 0.9): every HTML page with its `lastmod`, by path.
pub fn sitemap_xml(config: &Config, pages: &[SitePage]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut sorted: Vec<&SitePage> = pages.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    for page in sorted {
        let _ = writeln!(
            xml,
            "<url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape_xml(&format!("{}{}", config.site_url, page.path)),
            page.lastmod
        );
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `llms.txt` after the llmstxt.org proposal: H1, summary blockquote, a paragraph, then H2
/// sections of links to the markdown twins. The guides themselves are in `Optional`: the
/// library is large, and the guides index twin already lists them with descriptions.
pub fn llms_txt(config: &Config, content: &Content) -> String {
    let site = &config.site_url;
    let api = &config.api_base;
    let twin = |path: &str| format!("{site}{path}index.md");
    let mut text = format!(
        "# {company}\n\n> {tagline} {description}\n\n\
Every page of {site}/ has a markdown twin at its URL plus `index.md` (linked below); a page URL \
requested with `Accept: text/markdown` returns the same markdown. The content is also a \
read-only JSON API at {api}/v1, keyless except the bulk export. {site}/llms-full.txt has every \
page in one file.\n",
        company = content.site.company,
        tagline = content.site.tagline,
        description = content.site.description,
    );
    let page_links = |kind: &str, pages: &[Page]| -> String {
        pages
            .iter()
            .map(|page| link(&page.name, &twin(&item_path(kind, &page.slug)), &page.description))
            .collect()
    };
    let _ = write!(
        text,
        "\n## Services\n\n{}\n## Industries\n\n{}\n## Case studies\n\n{}",
        page_links("services", &content.services),
        page_links("industries", &content.industries),
        page_links("case-studies", &content.case_studies),
    );
    let n_questions: usize = content.assessment.sections.iter().map(|s| s.questions.len()).sum();
    let _ = write!(
        text,
        "\n## Guides and assessment\n\n{}{}{}",
        link(
            "Guide library",
            &twin("/guides/"),
            &format!(
                "all {} guides by category, with descriptions; search them with {api}/v1/resources?q= (JSON), or {site}{SEARCH_PATH}?q= (markdown with `Accept: text/markdown`)",
                content.guides.len()
            ),
        ),
        link(
            &content.assessment.title,
            &twin(ASSESSMENT_PATH),
            &format!(
                "the {n_questions} questions and options; score answers with POST {api}/v1/ai-readiness/score, or read the result at {site}{ASSESSMENT_RESULT_PATH}?a= and the {n_questions} option indices as digits"
            ),
        ),
        link(
            "Contact",
            &format!("{api}/v1/contact"),
            "how to reach the consultancy (JSON); enquiries go by email, not through the API",
        ),
    );
    let mut api_links = link(
        "OpenAPI document",
        &format!("{api}/openapi.json"),
        "machine-readable description of every endpoint",
    );
    api_links.push_str(&link(
        "API index",
        &format!("{api}/v1"),
        "the endpoints in one JSON document",
    ));
    api_links.push_str(&page_links("docs", &content.docs));
    api_links.push_str(&link(
        "Error codes",
        &twin(ERRORS_PATH),
        "every error code, its status and what to do about it",
    ));
    let _ = write!(text, "\n## API\n\n{api_links}");
    // The agent surfaces, at their own origin. The MCP servers take JSON-RPC by POST (a GET
    // answers 405), so their notes say how to call them.
    let agent = &config.agent_url;
    let _ = write!(
        text,
        "\n## Agent endpoints\n\n{}{}{}{}{}{}{}",
        link(
            "AI catalog",
            &format!("{agent}/.well-known/ai-catalog.json"),
            "every agent card of this domain in one document: both MCP server cards and the A2A agent card",
        ),
        link(
            "Product MCP server",
            &format!("{agent}/mcp"),
            "MCP over Streamable HTTP (JSON-RPC by POST): services, industries, case studies, contact and readiness scoring as tools and resources",
        ),
        link(
            "Docs MCP server",
            &format!("{agent}/mcp/docs"),
            "MCP over Streamable HTTP (JSON-RPC by POST): search and read the guides, the API documentation and the OpenAPI document",
        ),
        link(
            "MCP server card",
            &format!("{agent}/.well-known/mcp/server-card.json"),
            "the product MCP server's card (MCP server-card extension): its name, address, transport and protocol versions",
        ),
        link(
            "Docs MCP server card",
            &format!("{agent}/mcp/docs/server-card"),
            "the docs MCP server's card, the same fields for the guides and API documentation server",
        ),
        link(
            "Ask",
            &format!("{agent}/ask"),
            "a question in plain language (GET with query=, or POST a JSON body) answered from the content with citations, as JSON or server-sent events (NLWeb)",
        ),
        link(
            "A2A agent card",
            &format!("{agent}/.well-known/agent-card.json"),
            "the A2A agent's card: its skills (questions answered, readiness scored) and the JSON-RPC endpoint to post to",
        ),
    );
    text.push_str("\n## Optional\n\n");
    for guide in &content.guides {
        let category = &content.categories[guide.category].name;
        text.push_str(&link(
            &guide.title,
            &twin(&item_path("guides", &guide.slug)),
            &format!("{category}. {}", guide.description),
        ));
    }
    text.push_str(&link(
        "Everything in one file",
        &format!("{site}/llms-full.txt"),
        "every page's markdown, concatenated",
    ));
    text
}

/// One `- [title](url): notes` line. Brackets in titles would end the link text early, so
/// they are escaped.
fn link(title: &str, url: &str, notes: &str) -> String {
    let title = title.replace('[', "\\[").replace(']', "\\]");
    format!("- [{title}]({url}): {notes}\n")
}

/// `llms-full.txt`: every page's markdown twin by path (the home page first), each introduced
/// by its URLs.
pub fn llms_full_txt(config: &Config, content: &Content, pages: &[SitePage]) -> String {
    let site = &config.site_url;
    let mut text = format!(
        "# {company}: every page\n\n> The full text of {site}/ as markdown, one page after another. \
Each page starts after a line `---` with its URL and the URL of its markdown twin.\n",
        company = content.site.company,
    );
    let mut sorted: Vec<&SitePage> = pages.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    for page in sorted {
        // The twin's own `---` and canonical line are left out: the URL line says the same,
        // and the only `---` lines are then those between pages.
        let markdown = page.markdown.trim_end();
        let markdown = markdown
            .rsplit_once(&format!("\n---\n{CANONICAL_TRAILER}"))
            .map_or(markdown, |(body, _)| body.trim_end());
        let _ = write!(
            text,
            "\n---\n\nURL: {site}{path}\nMarkdown: {site}{path}index.md\n\n{markdown}",
            path = page.path,
        );
        text.push('\n');
    }
    text
}

/// `/.well-known/security.txt` (RFC 9116): where to report a vulnerability, until when this
/// file is valid, where it lives, and the language of reports.
pub fn security_txt(config: &Config, content: &Content) -> String {
    let expires = config.build_date.plus_days(SECURITY_TXT_VALID_DAYS);
    format!(
        "# Security contact for {company}. Please report vulnerabilities by email; we reply within two working days.\n\
Contact: mailto:{email}\nExpires: {expires}\nCanonical: {site}/.well-known/security.txt\nPreferred-Languages: en\n",
        company = content.site.company,
        email = content.contact.security_email,
        expires = expires.rfc3339_midnight(),
        site = config.site_url,
    )
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
