//! The website as crawlers, agents and browsers see it over HTTP: discovery files (robots.txt,
//! sitemap.xml, llms.txt, llms-full.txt, favicon, security.txt), structured data on every page,
//! and the server-rendered search results page. Negotiation has its own module.

use std::collections::BTreeSet;

use consultancy_api::clock::{Clock, SystemClock};
use consultancy_api::model::{
    N_CASE_STUDIES, N_GUIDES, N_INDUSTRIES, N_SERVICES, SEARCH_QUERY_MAX_CHARS,
};
use consultancy_api::tables::{AGENT_URL, API_BASE, CATEGORIES, FIXED, SITE_URL};
use serde_json::Value;

use crate::support::{Checked, TestServer, start};

/// Every HTML page's path, from the fixed routes.
fn page_paths() -> BTreeSet<&'static str> {
    FIXED
        .entries()
        .filter(|(_, fixed)| fixed.content_type.starts_with("text/html"))
        .map(|(path, _)| *path)
        .collect()
}

/// The path of an absolute URL on this build's site or API origin.
fn local_path(url: &str) -> &str {
    url.strip_prefix(SITE_URL)
        .or_else(|| url.strip_prefix(API_BASE))
        .or_else(|| url.strip_prefix(AGENT_URL))
        .unwrap_or_else(|| panic!("{url} is not on this site"))
}

/// Asserts a discovery file: status, type, a strong ETag that revalidates to 304.
async fn discovery_file(server: &TestServer, path: &str, content_type: &str) -> Checked {
    let response = server.get(path).await;
    assert_eq!(response.status, 200, "{path}");
    assert_eq!(response.header("content-type"), Some(content_type), "{path}");
    let etag = response.header("etag").expect("ETag").to_string();
    assert!(etag.starts_with('"') && !etag.starts_with("W/"), "{path}: strong ETag {etag}");
    let again = server.get_with(path, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, 304, "{path} revalidates");
    response
}

#[tokio::test]
async fn robots_txt_allows_the_site_and_names_the_sitemap() {
    let server = start().await;
    let robots = discovery_file(&server, "/robots.txt", "text/plain; charset=utf-8").await;
    let lines: Vec<&str> =
        robots.text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
    assert_eq!(lines.first(), Some(&"User-agent: *"));
    assert!(lines.contains(&"Allow: /") && lines.contains(&"Disallow: /search/"), "{lines:?}");
    assert!(lines.contains(&format!("Sitemap: {SITE_URL}/sitemap.xml").as_str()), "{lines:?}");
    for line in lines {
        let (field, value) = line.split_once(": ").expect("field: value");
        assert!(["User-agent", "Allow", "Disallow", "Sitemap"].contains(&field), "{line}");
        if field == "Disallow" {
            assert!(!page_paths().contains(value), "no content page is disallowed: {value}");
        }
    }
}

#[tokio::test]
async fn sitemap_lists_every_page_once_with_a_lastmod() {
    let server = start().await;
    let sitemap = discovery_file(&server, "/sitemap.xml", "application/xml; charset=utf-8").await;
    let doc = roxmltree::Document::parse(&sitemap.text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "urlset");
    assert_eq!(root.tag_name().namespace(), Some("http://www.sitemaps.org/schemas/sitemap/0.9"));
    let mut listed = BTreeSet::new();
    for url in root.children().filter(|n| n.is_element()) {
        assert_eq!(url.tag_name().name(), "url");
        let field = |name: &str| {
            url.children()
                .find(|n| n.tag_name().name() == name)
                .and_then(|n| n.text())
                .unwrap_or_else(|| panic!("<{name}> in every <url>"))
        };
        let lastmod = field("lastmod");
        let bytes = lastmod.as_bytes();
        assert!(lastmod.len() == 10 && bytes[4] == b'-' && bytes[7] == b'-', "W3C date: {lastmod}");
        assert!(listed.insert(local_path(field("loc")).to_string()), "listed once");
    }
    let pages: BTreeSet<String> = page_paths().into_iter().map(str::to_string).collect();
    assert_eq!(listed, pages, "exactly the HTML pages");
    assert!(pages.len() > N_GUIDES + 22, "{} pages", pages.len());
}

/// An llms.txt file parsed as the llmstxt.org proposal describes it.
#[derive(Debug)]
struct LlmsTxt {
    title: String,
    summary: String,
    /// `(section name, links)` in order.
    sections: Vec<(String, Vec<Link>)>,
}

/// `- [title](url): notes`
type Link = (String, String, String);

/// Parses strictly: H1 first; then an optional blockquote summary; then non-heading blocks;
/// then H2 sections whose every line is `- [title](url)` with optional `: notes`. The
/// reference parser (the `llms-txt` PyPI package, run by `.ci/browser.sh`) reads the same.
fn parse_llms_txt(text: &str) -> LlmsTxt {
    let mut lines = text.lines();
    let title = lines.next().and_then(|l| l.strip_prefix("# ")).expect("the H1 comes first");
    let mut summary = String::new();
    let mut sections: Vec<(String, Vec<Link>)> = Vec::new();
    for line in lines {
        if let Some(name) = line.strip_prefix("## ") {
            sections.push((name.to_string(), Vec::new()));
        } else if line.starts_with('#') {
            panic!("only H1 and H2 headings belong in llms.txt: {line}");
        } else if let Some((_, links)) = sections.last_mut() {
            if line.trim().is_empty() {
                continue;
            }
            let rest = line.strip_prefix("- [").unwrap_or_else(|| panic!("a link line: {line}"));
            let (link_title, rest) = rest.split_once("](").expect("](");
            let (url, notes) = rest.split_once(')').expect(")");
            assert!(!link_title.contains(['[', ']']), "{line}");
            let notes = if notes.is_empty() {
                ""
            } else {
                notes.strip_prefix(": ").unwrap_or_else(|| panic!("`: notes`: {line}"))
            };
            links.push((link_title.to_string(), url.to_string(), notes.to_string()));
        } else if let Some(quote) = line.strip_prefix("> ") {
            assert!(summary.is_empty(), "one summary line");
            summary = quote.to_string();
        }
    }
    LlmsTxt { title: title.to_string(), summary, sections }
}

#[tokio::test]
async fn llms_txt_follows_the_proposal_and_every_link_resolves() {
    let server = start().await;
    let response = discovery_file(&server, "/llms.txt", "text/plain; charset=utf-8").await;
    let llms = parse_llms_txt(&response.text);
    let contact = server.get("/v1/contact").await.json();
    assert_eq!(llms.title, contact["company"].as_str().expect("company"));
    assert!(llms.summary.len() > 40, "a summary: {}", llms.summary);
    let names: Vec<&str> = llms.sections.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Services",
            "Industries",
            "Case studies",
            "Guides and assessment",
            "API",
            "Agent endpoints",
            "Optional"
        ]
    );
    let mut n_links = 0;
    let mut twins = BTreeSet::new();
    for (section, links) in &llms.sections {
        assert!(!links.is_empty(), "{section} has links");
        for (title, url, notes) in links {
            assert!(!title.is_empty() && !notes.is_empty(), "{section}: {title} has notes");
            let path = local_path(url);
            if section == "Agent endpoints" {
                agent_endpoint_resolves(&server, url).await;
                n_links += 1;
                continue;
            }
            let linked = server.get(path).await;
            assert_eq!(linked.status, 200, "{url}");
            if path.ends_with("/index.md") {
                assert_eq!(linked.header("content-type"), Some("text/markdown; charset=utf-8"));
                twins.insert(path.to_string());
            }
            n_links += 1;
        }
    }
    for (service, _) in FIXED.entries().filter(|(p, _)| p.starts_with("/services/")) {
        if service.len() > "/services/".len() && service.ends_with('/') {
            assert!(twins.contains(&format!("{service}index.md")), "{service} is listed");
        }
    }
    let guides = twins.iter().filter(|t| t.starts_with("/guides/") && *t != "/guides/index.md");
    assert_eq!(guides.count(), N_GUIDES, "every guide, in Optional");
    assert!(n_links > N_GUIDES + 22, "{n_links} links");
    // The agent endpoints, which llms.txt once left to the guide for AI agents to name.
    let agents = &llms.sections.iter().find(|(name, _)| name == "Agent endpoints").expect("agents");
    let urls: Vec<&str> = agents.1.iter().map(|(_, url, _)| url.as_str()).collect();
    // The catalog first, the one document naming every card (llms.txt gave only the product
    // server's card, so an agent starting there never learnt of the docs server's).
    let expected = [
        "/.well-known/ai-catalog.json",
        "/mcp",
        "/mcp/docs",
        "/.well-known/mcp/server-card.json",
        "/mcp/docs/server-card",
        "/ask",
        "/.well-known/agent-card.json",
    ]
    .map(|path| format!("{AGENT_URL}{path}"));
    assert_eq!(urls, expected);
}

/// An agent endpoint of llms.txt answers as its notes say it is called: the MCP servers an
/// `initialize` by POST, `/ask` a question by GET, the cards a GET.
async fn agent_endpoint_resolves(server: &TestServer, url: &str) {
    let path = local_path(url);
    let response = match path {
        "/mcp" | "/mcp/docs" => {
            let initialize = serde_json::json!({
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": { "name": "llms.txt reader", "version": "1" }
                }
            });
            let response = server.post_json(path, &initialize.to_string()).await;
            assert!(
                response.json()["result"]["serverInfo"].is_object(),
                "{url}: {}",
                response.text
            );
            response
        }
        "/ask" => server.get("/ask?query=what+is+mlops").await,
        _ => server.get(path).await,
    };
    assert_eq!(response.status, 200, "{url}");
}

#[tokio::test]
async fn llms_full_txt_holds_every_page_with_its_url() {
    let server = start().await;
    let full = discovery_file(&server, "/llms-full.txt", "text/plain; charset=utf-8").await;
    assert!(full.text.starts_with("# "), "opens with an H1");
    let trailer = |path: &str| format!("\n---\nCanonical page: {SITE_URL}{path}\n");
    for path in page_paths() {
        let twin = FIXED.get(&format!("{path}index.md")).expect("every page has a twin");
        // Every twin ends by naming its page; llms-full.txt gives that as the URL line instead.
        let body = twin.body.strip_suffix(&trailer(path)).unwrap_or_else(|| {
            panic!("{path}: the twin ends with its canonical page: {:?}", twin.body)
        });
        let block = format!(
            "URL: {SITE_URL}{path}\nMarkdown: {SITE_URL}{path}index.md\n\n{}\n",
            body.trim_end()
        );
        assert!(full.text.contains(&block), "{path} with its URL and markdown");
    }
    // So the only `---` lines are those between pages, as the file's header says: splitting
    // on them gives the header and one part per page.
    let parts = full.text.split("\n---\n").count();
    assert_eq!(parts, page_paths().len() + 1, "one `---` line before each page, no other");
}

#[tokio::test]
async fn the_favicon_is_an_svg_every_page_links() {
    let server = start().await;
    let svg = discovery_file(&server, "/favicon.svg", "image/svg+xml").await;
    let doc = roxmltree::Document::parse(&svg.text).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(doc.root_element().tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let ico = discovery_file(&server, "/favicon.ico", "image/svg+xml").await;
    assert_eq!(ico.text, svg.text, "/favicon.ico answers with the same icon");
    let link =
        format!("<link rel=\"icon\" href=\"{SITE_URL}/favicon.svg\" type=\"image/svg+xml\">");
    for path in page_paths() {
        assert!(FIXED.get(path).expect("page").body.contains(&link), "{path} links the favicon");
    }
}

#[tokio::test]
async fn security_txt_follows_rfc_9116() {
    let server = start().await;
    let response =
        discovery_file(&server, "/.well-known/security.txt", "text/plain; charset=utf-8").await;
    let mut fields: Vec<(&str, &str)> = Vec::new();
    for line in response.text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        fields.push(line.split_once(": ").unwrap_or_else(|| panic!("field: value, got {line}")));
    }
    let one = |name: &str| {
        let values: Vec<&str> =
            fields.iter().filter(|(f, _)| f.eq_ignore_ascii_case(name)).map(|(_, v)| *v).collect();
        assert_eq!(values.len(), 1, "{name} exactly once");
        values[0]
    };
    let contact = one("Contact");
    let email = contact.strip_prefix("mailto:").expect("a mailto: URI");
    let domain = email.rsplit_once('@').map_or("", |(_, d)| d);
    assert!(
        domain == "example.com" || domain.ends_with(".example"),
        "a reserved example address (RFC 2606): {email}"
    );
    assert_eq!(one("Canonical"), format!("{SITE_URL}/.well-known/security.txt"));
    assert_eq!(one("Preferred-Languages"), "en");
    // RFC 3339 (midnight UTC here), in the future and at most a year ahead.
    let expires = one("Expires");
    let date = expires.strip_suffix("T00:00:00Z").expect("midnight UTC in RFC 3339");
    let parts: Vec<i64> = date.split('-').map(|p| p.parse().expect("digits")).collect();
    let expires_day = days_since_epoch(parts[0], parts[1], parts[2]);
    let today = (SystemClock.now_ms() / 1000 / 86_400) as i64;
    assert!(expires_day > today && expires_day - today <= 365, "Expires {expires}");
}

/// Days from 1970-01-01 to a proleptic Gregorian date.
fn days_since_epoch(year: i64, month: i64, day: i64) -> i64 {
    let (y, m) = if month <= 2 { (year - 1, month + 9) } else { (year, month - 3) };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * m + 2) / 5 + day - 1 - 719_468
}

/// The JSON-LD of a page: exactly one script, well-formed, schema.org.
fn json_ld(path: &str, html: &str) -> Value {
    let open = "<script type=\"application/ld+json\">";
    assert_eq!(html.matches(open).count(), 1, "{path}: one JSON-LD script");
    let start = html.find(open).expect("script") + open.len();
    let text = &html[start..start + html[start..].find("</script>").expect("closed")];
    assert!(!text.contains('<'), "{path}: `<` is escaped inside the script");
    let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(value["@context"], "https://schema.org", "{path}");
    value
}

/// Asserts the properties Google's structured-data guidelines require (and those this site
/// promises) for each node type.
fn check_node(path: &str, node: &Value) {
    let kind = node["@type"].as_str().unwrap_or_else(|| panic!("{path}: a node without @type"));
    let required: &[&str] = match kind {
        "Organization" => &["name", "url"],
        "WebSite" => &["name", "url", "potentialAction"],
        "Service" => &["name", "description", "url", "provider"],
        "Article" | "TechArticle" => {
            &["headline", "description", "url", "author", "publisher", "dateModified"]
        }
        "WebPage" | "CollectionPage" | "WebApplication" => &["name", "description", "url"],
        "FAQPage" => &["mainEntity"],
        "BreadcrumbList" => &["itemListElement"],
        other => panic!("{path}: unexpected node type {other}"),
    };
    for property in required {
        let value = &node[*property];
        assert!(
            !value.is_null() && value != "" && value.as_array().is_none_or(|a| !a.is_empty()),
            "{path}: {kind}.{property} is missing"
        );
    }
    if let Some(url) = node["url"].as_str() {
        assert!(url.starts_with(SITE_URL), "{path}: {kind}.url {url}");
    }
    match kind {
        "WebSite" => {
            let action = &node["potentialAction"];
            assert_eq!(action["@type"], "SearchAction");
            let template = action["target"]["urlTemplate"].as_str().expect("urlTemplate");
            assert_eq!(template, format!("{SITE_URL}/search/?q={{search_term_string}}"));
            assert_eq!(action["query-input"], "required name=search_term_string");
        }
        "FAQPage" => {
            for question in node["mainEntity"].as_array().expect("questions") {
                assert_eq!(question["@type"], "Question");
                assert!(question["name"].as_str().is_some_and(|q| q.ends_with('?')), "{path}");
                assert_eq!(question["acceptedAnswer"]["@type"], "Answer");
                assert!(
                    question["acceptedAnswer"]["text"].as_str().is_some_and(|t| t.len() > 20),
                    "{path}: an answer text"
                );
            }
        }
        "BreadcrumbList" => {
            let items = node["itemListElement"].as_array().expect("items");
            for (idx, item) in items.iter().enumerate() {
                assert_eq!(item["@type"], "ListItem");
                assert_eq!(item["position"], idx + 1, "{path}: positions count from 1");
                assert!(item["name"].as_str().is_some_and(|n| !n.is_empty()), "{path}");
                assert!(item["item"].as_str().is_some_and(|u| u.starts_with(SITE_URL)), "{path}");
            }
            assert_eq!(items[0]["item"], format!("{SITE_URL}/"), "{path}: starts at home");
            assert_eq!(
                items.last().expect("an item")["item"],
                format!("{SITE_URL}{path}"),
                "{path}: ends at the page"
            );
        }
        _ => {}
    }
}

fn meta(html: &str, attribute: &str, name: &str) -> Option<String> {
    let needle = format!("<meta {attribute}=\"{name}\" content=\"");
    let start = html.find(&needle)? + needle.len();
    Some(html[start..start + html[start..].find('"')?].to_string())
}

#[tokio::test]
async fn every_page_has_valid_json_ld_a_canonical_link_and_sharing_tags() {
    let server = start().await;
    let library = server.get("/v1/resources?limit=50").await.json();
    let first_guide = &library["results"][0];
    for path in page_paths() {
        let page = server.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        let html = &page.text;
        let doc = json_ld(path, html);
        let graph = doc["@graph"].as_array().expect("@graph");
        let types: Vec<&str> = graph.iter().filter_map(|n| n["@type"].as_str()).collect();
        for node in graph {
            check_node(path, node);
        }
        assert!(types.contains(&"BreadcrumbList"), "{path}: {types:?}");
        let expected = match path {
            "/" => "WebSite",
            _ if path.starts_with("/services/") && path != "/services/" => "Service",
            "/guides/" | "/services/" | "/industries/" | "/case-studies/" | "/docs/" => {
                "CollectionPage"
            }
            _ if path.starts_with("/guides/") || path.starts_with("/case-studies/") => "Article",
            _ if path.starts_with("/docs/") => "TechArticle",
            _ if path.starts_with("/industries/") => "WebPage",
            "/ai-readiness/" => "WebApplication",
            other => panic!("unexpected page {other}"),
        };
        assert!(types.contains(&expected), "{path}: {expected} in {types:?}");
        if path == "/" {
            assert!(types.contains(&"Organization"), "the home page names the organization");
        }
        assert!(
            html.contains(&format!("<link rel=\"canonical\" href=\"{SITE_URL}{path}\">")),
            "{path}: canonical link"
        );
        assert!(meta(html, "name", "description").is_some_and(|d| d.len() > 20), "{path}");
        assert_eq!(meta(html, "property", "og:url"), Some(format!("{SITE_URL}{path}")), "{path}");
        for property in ["og:title", "og:description", "og:type", "og:site_name"] {
            assert!(meta(html, "property", property).is_some(), "{path}: {property}");
        }
    }

    // A guide: Article about its category, and no FAQPage (whose answers would have to be
    // full answers to each question; the questions are listed on the page instead).
    let url = first_guide["url"].as_str().expect("url");
    let path = local_path(url);
    let doc = json_ld(path, &server.get(path).await.text);
    let graph = doc["@graph"].as_array().expect("@graph");
    let article = graph.iter().find(|n| n["@type"] == "Article").expect("Article");
    assert_eq!(article["articleSection"], first_guide["category"]);
    assert_eq!(article["about"]["name"], first_guide["category"]);
    assert_eq!(article["headline"], first_guide["title"]);
    assert!(graph.iter().all(|n| n["@type"] != "FAQPage"), "{path}: no FAQPage");
}

/// The result links of a search page, as site paths, in order.
fn result_paths(html: &str) -> Vec<String> {
    let Some(start) = html.find("<ol class=\"results\"") else { return Vec::new() };
    let list = &html[start..start + html[start..].find("</ol>").expect("closed")];
    list.split("<li><a href=\"")
        .skip(1)
        .map(|item| local_path(&item[..item.find('"').expect("href")]).to_string())
        .collect()
}

fn api_paths(page: &Value) -> Vec<String> {
    page["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| local_path(r["url"].as_str().expect("url")).to_string())
        .collect()
}

/// Text as HTML escapes it.
fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[tokio::test]
async fn the_search_page_matches_the_api_page_for_page() {
    let server = start().await;
    let page = server.get("/search/?q=model+monitoring").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(page.header("cache-control"), Some("max-age=300, private=\"RateLimit\""));
    assert!(page.text.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(page.text.contains("<title>Search results for \u{201c}model monitoring\u{201d} |"));
    assert!(page.text.contains("value=\"model monitoring\""), "the box keeps the query");
    let api = server.get("/v1/resources?q=model+monitoring").await.json();
    assert_eq!(result_paths(&page.text), api_paths(&api), "the same first page");
    // Each result shows the API's snippet, its marks as `<mark>` and the rest escaped; a
    // result without one shows the guide's description.
    let mut n_snippets = 0;
    for result in api["results"].as_array().expect("results") {
        let Some(snippet) = result["snippet"].as_str() else { continue };
        let html: String = snippet
            .split("<mark>")
            .map(|part| part.split("</mark>").map(escape_text).collect::<Vec<_>>().join("</mark>"))
            .collect::<Vec<_>>()
            .join("<mark>");
        let shown = format!("<p class=\"snippet\">{html}</p></li>");
        assert!(page.text.contains(&shown), "{shown}");
        n_snippets += 1;
    }
    assert!(n_snippets >= 5, "most results have a snippet: {n_snippets}");
    let quoted = server.get("/search/?q=4012").await.text;
    assert!(quoted.contains("Ask for &quot;error E-<mark>4012</mark>&quot; or"), "{quoted}");

    // Paging: the page's next link and the API's nextCursor are interchangeable.
    let cursor = api["nextCursor"].as_str().expect("a second page");
    let next_href = format!("{SITE_URL}/search/?q=model%20monitoring&amp;cursor={cursor}");
    assert!(page.text.contains(&format!("<a rel=\"next\" href=\"{next_href}\">")), "next link");
    let second = server.get(&format!("/search/?q=model+monitoring&cursor={cursor}")).await;
    let api_second =
        server.get(&format!("/v1/resources?q=model+monitoring&cursor={cursor}")).await.json();
    assert_eq!(result_paths(&second.text), api_paths(&api_second));
    assert!(second.text.contains("Showing 11 to 20."), "the range");
    assert!(second.text.contains("<ol class=\"results\" start=\"11\">"));

    // The category filter, by name; "All categories" submits an empty one.
    let category = CATEGORIES[2].name;
    let encoded = category.replace(' ', "+");
    let filtered = server.get(&format!("/search/?q=pipelines&category={encoded}")).await;
    let api_filtered =
        server.get(&format!("/v1/resources?q=pipelines&category={encoded}")).await.json();
    assert_eq!(result_paths(&filtered.text), api_paths(&api_filtered));
    assert!(filtered.text.contains(&format!("<option value=\"{category}\" selected>")));
    let all = server.get("/search/?q=pipelines&category=").await;
    assert_eq!(
        result_paths(&all.text),
        api_paths(&server.get("/v1/resources?q=pipelines").await.json())
    );
    assert!(all.text.contains("<option value=\"\" selected>All categories</option>"));

    // Only a category: its guides in library order.
    let listing = server.get(&format!("/search/?category={encoded}")).await;
    assert_eq!(
        result_paths(&listing.text),
        api_paths(&server.get(&format!("/v1/resources?category={encoded}")).await.json())
    );
    // Nothing asked: a prompt, no results.
    let empty = server.get("/search/").await;
    assert_eq!(empty.status, 200);
    assert!(result_paths(&empty.text).is_empty() && empty.text.contains("Type a few words"));
    let none = server.get("/search/?q=zzzzqqqq").await;
    assert!(none.text.contains("No guides match"), "{}", none.text.len());
    // The summary's verb agrees with the count (one result once read "1 guide match").
    let one = server.get("/v1/resources?q=hallucinaton").await.json();
    assert_eq!((one["count"].as_u64(), one["nextCursor"].is_null()), (Some(1), true), "one");
    let page = server.get("/search/?q=hallucinaton").await.text;
    // (The misspelling is read as "hallucination", which the summary names.)
    assert!(page.contains("<p id=\"summary\">1 guide matches \u{201c}hallucination\u{201d}."));
    let many = server.get("/search/?q=pipelines").await.text;
    assert!(many.contains(" guides match \u{201c}pipelines\u{201d}. Showing 1 to 10."));
    // Tracking parameters do not break a shared link.
    let tracked = server.get("/search/?q=model+monitoring&utm_source=newsletter").await;
    assert_eq!(result_paths(&tracked.text), api_paths(&api));
}

/// The `<title>`, `<meta name="description">` and `<h1>` of a search page.
fn title_description_heading(html: &str) -> [&str; 3] {
    let between = |open: &str, close: &str| {
        let start = html.find(open).unwrap_or_else(|| panic!("{open}")) + open.len();
        let len = html[start..].find(close).unwrap_or_else(|| panic!("{close}"));
        &html[start..start + len]
    };
    [
        between("<title>", " | "),
        between("<meta name=\"description\" content=\"", "\""),
        between("<h1>", "</h1>"),
    ]
}

/// Each search page says what it is in its title and description, which a shared link's
/// preview and a tab show: a blank search what the box searches, a search how many guides
/// match what (none included), a category its guides. The heading is the form's, "Search the
/// guides", on all of them: the summary under the box says the rest. Every search page once
/// had the description "Search results from the guide library.", a blank one included.
#[tokio::test]
async fn the_search_page_title_and_description_say_what_it_shows() {
    let server = start().await;
    let heading = "Search the guides";
    let blank = format!("Search {N_GUIDES} guides on data and AI by words, by category, or both.");
    let cases = [
        ("/search/?q=", ["Search the guides", blank.as_str(), heading]),
        ("/search/?q=+++", ["Search the guides", blank.as_str(), heading]),
        (
            "/search/?q=zzzzqqqq",
            [
                "Search results for \u{201c}zzzzqqqq\u{201d}",
                "No guides match \u{201c}zzzzqqqq\u{201d}.",
                heading,
            ],
        ),
        (
            "/search/?q=hallucinaton",
            [
                "Search results for \u{201c}hallucinaton\u{201d}",
                "1 guide matches \u{201c}hallucination\u{201d}.",
                heading,
            ],
        ),
        // A refused search says what the box searches, as a blank one does.
        ("/search/?q=rag&category=Nonsense", ["Search the guides", blank.as_str(), heading]),
    ];
    for (path, expected) in cases {
        let html = server.get(path).await.text;
        assert_eq!(title_description_heading(&html), expected, "{path}");
    }
    let many = server.get("/search/?q=pipelines").await.text;
    let [title, description, _] = title_description_heading(&many);
    assert_eq!(title, "Search results for \u{201c}pipelines\u{201d}");
    let count = description.strip_suffix(" guides match \u{201c}pipelines\u{201d}.");
    let summary =
        count.map(|n| format!("<p id=\"summary\">{n} guides match \u{201c}pipelines\u{201d}."));
    assert!(summary.is_some_and(|s| many.contains(&s)), "the summary's count: {description}");
    let category = CATEGORIES[2].name;
    let encoded = category.replace(' ', "+");
    let listing = server.get(&format!("/search/?category={encoded}")).await;
    let categories = server.get("/v1/resources/categories").await.json();
    let n = categories["categories"][2]["articles"].as_u64().expect("the category's count");
    assert_eq!(
        title_description_heading(&listing.text),
        [format!("Guides in {category}").as_str(), &format!("{n} guides in {category}."), heading]
    );
}

/// The guide library, some 30,000 px long on a phone, leads back to its category links after
/// each category's list, in the page and in its twin.
#[tokio::test]
async fn the_guide_library_leads_back_to_its_categories_after_each_list() {
    let server = start().await;
    let html = server.get("/guides/").await.text;
    let back =
        "</ul>\n<p class=\"back\"><a href=\"#categories-heading\">Back to categories</a></p>";
    assert_eq!(html.matches(back).count(), CATEGORIES.len(), "{html}");
    assert!(html.contains("<h2 id=\"categories-heading\">Categories</h2>"));
    let twin = server.get_with("/guides/", &[("accept", "text/markdown")]).await.text;
    let back = format!("[Back to categories]({SITE_URL}/guides/#categories-heading)");
    assert_eq!(twin.matches(&back).count(), CATEGORIES.len(), "{twin}");
}

/// The search page takes a category by its slug (the guide library's anchor for it) as by
/// its name: the same results, heading and chosen option, with the name in its links, which
/// the API takes; in markdown too. The API keeps to names, as the categories endpoint lists
/// them.
#[tokio::test]
async fn the_search_page_takes_a_category_by_its_slug_as_by_its_name() {
    let server = start().await;
    for category in &CATEGORIES {
        let by_name = server
            .get(&format!("/search/?q=data&category={}", category.name.replace(' ', "+")))
            .await;
        let by_slug = server.get(&format!("/search/?q=data&category={}", category.key)).await;
        assert_eq!(by_slug.status, 200, "{}", category.key);
        assert_eq!(by_slug.text, by_name.text, "{}", category.key);
        let listing = server.get(&format!("/search/?category={}", category.key)).await;
        assert_eq!(listing.status, 200, "{}", category.key);
        let [title, _, _] = title_description_heading(&listing.text);
        assert_eq!(title, format!("Guides in {}", category.name), "{}", category.key);
        let markdown = server
            .get_with(
                &format!("/search/?category={}", category.key),
                &[("accept", "text/markdown")],
            )
            .await;
        assert_eq!(markdown.status, 200, "{}", category.key);
        assert!(markdown.text.starts_with(&format!("# Guides in {}\n", category.name)));
    }
    let api = server.get("/v1/resources?category=strategy-and-value").await;
    assert_eq!(api.status, 400, "the API takes a category by the name it lists");
}

#[tokio::test]
async fn the_search_page_refuses_bad_input_with_an_html_explanation() {
    let server = start().await;
    let long = "a".repeat(SEARCH_QUERY_MAX_CHARS + 1);
    for (query, message) in [
        (format!("q={long}"), "too long"),
        ("q=x&category=Nonsense".to_string(), "no such category"),
        ("q=x&cursor=AAAA".to_string(), "out of date"),
        ("q=x&q=y".to_string(), "twice"),
        ("q=%FF".to_string(), "not valid text"),
    ] {
        let page = server.get(&format!("/search/?{query}")).await;
        assert_eq!(page.status, 400, "{query}");
        assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"), "{query}");
        assert_eq!(page.header("cache-control"), Some("no-store"), "{query}");
        assert!(page.text.contains("role=\"alert\"") && page.text.contains(message), "{query}");
        assert!(page.text.contains("<form class=\"search\""), "{query}: the form to try again");
    }
    // Whatever is typed comes back as text, never markup.
    let hostile = "\"><script>alert(1)</script><b>";
    let encoded: String = hostile.bytes().map(|b| format!("%{b:02X}")).collect();
    let page = server.get(&format!("/search/?q={encoded}")).await;
    assert_eq!(page.status, 200);
    assert!(!page.text.contains("<script>alert(1)") && !page.text.contains("<b>"), "escaped");
    assert!(page.text.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;"));
}

/// With nothing found, the page suggests "another category" only when one was chosen (it said
/// so with "All categories" too, where every category had been searched), as the header's box
/// does; a category named in another form is refused with the one meant chosen in the list.
#[tokio::test]
async fn the_search_page_suggests_what_can_help() {
    let server = start().await;
    let all = server.get("/search/?q=zzzzqqqq").await.text;
    assert!(
        all.contains(
            "No guides match \u{201c}zzzzqqqq\u{201d}. Try fewer or different words, or browse"
        ),
        "{all}"
    );
    // (The inline script holds the words too, so the summary is what is checked.)
    assert!(!all.contains("words, another category"));
    let one = server.get("/search/?q=zzzzqqqq&category=Generative%20AI").await.text;
    assert!(
        one.contains(
            "No guides match \u{201c}zzzzqqqq\u{201d} in Generative AI. Try fewer or different words, another category, or browse"
        ),
        "{one}"
    );
    // (The slug, `generative-ai`, is taken as the name: see the test above.)
    let meant = server.get("/search/?q=rag&category=generative_AI").await;
    assert_eq!(meant.status, 400);
    assert!(meant.text.contains("did you mean Generative AI?"), "{}", meant.text);
    assert!(meant.text.contains("<option value=\"Generative AI\" selected>"), "{}", meant.text);
    let unknown = server.get("/search/?q=rag&category=Nonsense").await.text;
    assert!(!unknown.contains("did you mean") && unknown.contains("<option value=\"\" selected>"));
}

#[tokio::test]
async fn the_search_page_speaks_http_like_a_page() {
    let server = start().await;
    let redirect = server.get("/search?q=drift").await;
    assert_eq!(redirect.status, 308);
    assert_eq!(redirect.header("location"), Some("/search/?q=drift"));
    let head = server.client.head(server.url("/search/?q=drift")).send().await.expect("HEAD");
    assert_eq!(head.status(), 200);
    let post = server.client.post(server.url("/search/")).send().await.expect("POST");
    assert_eq!(post.status(), 405);
    assert_eq!(
        post.headers().get("allow").and_then(|v| v.to_str().ok()),
        Some("GET, HEAD, OPTIONS")
    );
}

#[tokio::test]
async fn search_forms_post_nowhere_and_name_this_builds_api() {
    let server = start().await;
    for path in ["/", "/guides/", "/ai-readiness/", "/search/?q=x"] {
        let page = server.get(path).await;
        assert!(
            page.text.contains(&format!(
                "action=\"{SITE_URL}/search/\" method=\"get\" data-search=\"{API_BASE}/v1/resources\""
            )),
            "{path}: a GET form to the results page, enhanced against this flavour's API"
        );
        assert!(page.text.contains("<label for=\"site-search\""), "{path}: a labelled header box");
    }
    let not_found = server.get_with("/nowhere/", &[("accept", "text/html")]).await;
    assert!(not_found.text.contains(&format!("data-search=\"{API_BASE}/v1/resources\"")));
}

/// The `<footer>` of an HTML page.
fn footer(path: &str, html: &str) -> String {
    let start = html.find("<footer id=\"contact\">").unwrap_or_else(|| panic!("{path}: a footer"));
    let end = html[start..].find("</footer>").unwrap_or_else(|| panic!("{path}: closed"));
    html[start..start + end].to_string()
}

/// The JSON a page's footer links, from its own path: `(API path or its start, own)`, where
/// `own` means the endpoint is this page's data (and the head names it as an alternate) and
/// not more than it; `None` where the API has nothing for the page (the footer links `/v1`).
fn expected_json(path: &str) -> Option<(String, bool)> {
    let parts: Vec<&str> = path.split('/').filter(|part| !part.is_empty()).collect();
    match parts.as_slice() {
        [kind @ ("services" | "case-studies" | "industries")] => {
            Some((format!("/v1/{kind}"), true))
        }
        [kind @ ("services" | "case-studies"), slug] => Some((format!("/v1/{kind}/{slug}"), true)),
        ["industries", _] => Some(("/v1/industries".into(), false)),
        ["guides"] => Some(("/v1/resources".into(), false)),
        ["guides", _] => Some(("/v1/resources?category=".into(), false)),
        ["ai-readiness"] => Some(("/v1/ai-readiness/questions".into(), true)),
        _ => None,
    }
}

/// Every string in a JSON value, at any depth.
fn json_strings(value: &Value) -> Vec<&str> {
    match value {
        Value::String(text) => vec![text.as_str()],
        Value::Array(items) => items.iter().flat_map(json_strings).collect(),
        Value::Object(fields) => fields.values().flat_map(json_strings).collect(),
        _ => Vec::new(),
    }
}

/// Whether the `<head>` of an HTML page holds `tag`.
fn head_has(html: &str, tag: &str) -> bool {
    html[..html.find("</head>").unwrap_or(html.len())].contains(tag)
}

/// The footer's JSON link of a page: `(href, words, whether it says "This page as JSON")`.
fn footer_json_link(path: &str, html: &str) -> (String, String, bool) {
    let footer = footer(path, html);
    let (own, at) = match (
        footer.find("This page as JSON: <a href=\""),
        footer.find("Data as JSON: <a href=\""),
    ) {
        (Some(at), None) => (true, at + "This page as JSON: <a href=\"".len()),
        (None, Some(at)) => (false, at + "Data as JSON: <a href=\"".len()),
        other => panic!("{path}: one JSON link in the footer, found {other:?}"),
    };
    let rest = &footer[at..];
    let href = &rest[..rest.find('"').expect("href closed")];
    let words = &rest[rest.find('>').expect("a") + 1..rest.find("</a>").expect("a closed")];
    (href.replace("&amp;", "&"), words.replace("&amp;", "&"), own)
}

/// Every page names its own data in the API: its footer links the endpoint that serves what
/// the page shows (the path as the link's words), the head names the same URL as a JSON
/// alternate where the endpoint is the page's data itself, and the link answers 200 with
/// JSON holding the page (its URL, or its items' URLs). Pages the API has nothing for link
/// `/v1`. A page's `Link` header names its twin and, where the head does, the same JSON
/// alternate. The twins name no JSON alternate: their `Link` is the page as canonical.
#[tokio::test]
async fn every_page_links_its_own_json_and_it_answers() {
    let server = start().await;
    let alternate = "<link rel=\"alternate\" type=\"application/json\" href=\"";
    let search = server.get("/search/?q=drift").await;
    let mut pages: Vec<(String, String, String)> = vec![(
        "/search/?q=drift".into(),
        search.header("link").unwrap_or_default().to_string(),
        search.text,
    )];
    for path in page_paths() {
        let page = server.get(path).await;
        pages.push((
            path.to_string(),
            page.header("link").unwrap_or_default().to_string(),
            page.text,
        ));
    }
    let json_link = "; rel=\"alternate\"; type=\"application/json\"";
    let mut checked = 0;
    for (path, link, html) in &pages {
        assert_eq!(
            link.matches(json_link).count(),
            usize::from(head_has(html, alternate)),
            "{path}: the Link header names a JSON alternate where the head does: {link}"
        );
        let (href, words, own) = footer_json_link(path, html);
        let head = &html[..html.find("</head>").expect("a head")];
        let api_path =
            href.strip_prefix(API_BASE).unwrap_or_else(|| panic!("{path}: {href} is on the API"));
        let expected = if path.starts_with("/search/") {
            Some(("/v1/resources?q=drift".to_string(), false))
        } else {
            expected_json(path)
        };
        let Some((expected_path, expected_own)) = expected else {
            assert_eq!((api_path, words.as_str(), own), ("/v1", "the REST API", false), "{path}");
            assert!(!head.contains(alternate), "{path}: no JSON alternate");
            continue;
        };
        assert!(
            api_path.starts_with(&expected_path),
            "{path}: links {api_path}, not {expected_path}"
        );
        if !expected_path.ends_with('=') {
            assert_eq!(api_path, expected_path, "{path}");
        }
        assert_eq!(words, api_path, "{path}: the link's words are its path");
        assert_eq!(own, expected_own, "{path}: \"This page as JSON\" only for the page's own data");
        assert_eq!(
            head.contains(&format!("{alternate}{}\">", href.replace('&', "&amp;"))),
            own,
            "{path}: the head's JSON alternate is the footer's link, on own data only"
        );
        assert_eq!(head.matches(alternate).count(), usize::from(own), "{path}: one JSON alternate");
        if own {
            assert!(
                link.contains(&format!("<{href}>{json_link}")),
                "{path}: Link names {href}: {link}"
            );
        }
        if !path.starts_with("/search/") {
            assert!(
                link.starts_with(&format!(
                    "<{SITE_URL}{path}index.md>; rel=\"alternate\"; type=\"text/markdown\""
                )),
                "{path}: Link names the twin first: {link}"
            );
        }
        let response = server.get(api_path).await;
        assert_eq!(response.status, 200, "{path}: {api_path}");
        assert!(
            response.header("content-type").is_some_and(|t| t.starts_with("application/json")),
            "{path}: {api_path} is JSON"
        );
        let body = response.json();
        let strings = json_strings(&body);
        let url = format!("{SITE_URL}{path}");
        let holds = if path == "/ai-readiness/" {
            body["sections"].as_array().is_some_and(|s| !s.is_empty())
        } else if path.starts_with("/search/") {
            body["results"].is_array()
        } else if path.matches('/').count() == 2 {
            // A listing: its items' pages, each under the listing's path.
            strings.iter().any(|s| s.starts_with(&url) && s.len() > url.len())
        } else {
            strings.contains(&url.as_str())
        };
        assert!(holds, "{path}: {api_path} holds what the page shows");
        if !path.starts_with("/search/") {
            let twin = server.get(&format!("{path}index.md")).await;
            assert_eq!(twin.status, 200, "{path}index.md");
            let link = twin.header("link").unwrap_or_default();
            assert!(!link.contains("application/json"), "{path}index.md: {link}");
            assert!(
                link.contains(&format!("<{url}>; rel=\"canonical\"")),
                "{path}index.md: {link}"
            );
            assert!(!twin.text.contains("as JSON: "), "{path}index.md names no footer JSON line");
        }
        checked += 1;
    }
    assert!(
        checked > N_GUIDES + N_SERVICES + N_CASE_STUDIES,
        "{checked} pages with their own JSON"
    );
}

/// The search page's footer links the same search in the API: its words and category, and its
/// cursor on a later page, so the JSON holds the very guides the page lists, in its order. A
/// search the page refuses links the API's refusal of it, with its code; no search links
/// `/v1/resources` as it is.
#[tokio::test]
async fn the_search_pages_json_link_is_the_same_search() {
    let server = start().await;
    let category = "Strategy and Value";
    let first = format!("/search/?q=roadmap&category={}", category.replace(' ', "+"));
    let html = server.get(&first).await.text;
    let (href, words, own) = footer_json_link(&first, &html);
    assert!(!own, "a search is not a page's own data");
    let api_path = href.strip_prefix(API_BASE).expect("on the API");
    assert_eq!(api_path, "/v1/resources?q=roadmap&category=Strategy%20and%20Value");
    assert_eq!(words, api_path, "the link's words are its path and query");
    let page = server.get(api_path).await.json();
    let listed: Vec<&str> = page["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["url"].as_str().expect("url"))
        .collect();
    assert!(!listed.is_empty(), "the search finds guides");
    let mut at = 0;
    for url in &listed {
        let found = html[at..].find(&format!("href=\"{url}\"")).unwrap_or_else(|| {
            panic!("{url} of the JSON is on the page, after the one before: {listed:?}")
        });
        at += found;
    }
    // A later page: the cursor goes with it.
    let cursor = server.get("/v1/resources?q=data&limit=10").await.json()["nextCursor"]
        .as_str()
        .expect("a second page")
        .to_string();
    let later = format!("/search/?q=data&cursor={cursor}");
    let (href, _, _) = footer_json_link(&later, &server.get(&later).await.text);
    assert_eq!(href, format!("{API_BASE}/v1/resources?q=data&cursor={cursor}"));
    assert_eq!(server.get(&href[API_BASE.len()..]).await.status, 200);
    // Refused by the page, refused by the API, with the code the page's words explain.
    let bad = "/search/?q=data&category=Nowhere";
    let (href, _, _) = footer_json_link(bad, &server.get(bad).await.text);
    let refused = server.get(&href[API_BASE.len()..]).await;
    assert_eq!(
        (refused.status, refused.json()["error"]["code"].as_str()),
        (400, Some("unknown_category"))
    );
    // No search yet.
    let (href, _, _) = footer_json_link("/search/", &server.get("/search/").await.text);
    assert_eq!(href, format!("{API_BASE}/v1/resources"));
}

/// The site takes no enquiries itself (SPEC rule 1: email or a web form, outside the API), so
/// every page says where to write, and nothing promises a form that does not exist.
#[tokio::test]
async fn every_page_shows_the_contact_email_and_nothing_promises_a_form() {
    let server = start().await;
    let contact = server.get("/v1/contact").await.json();
    let email = contact["email"].as_str().expect("email");
    let mailto = format!("<a href=\"mailto:{email}\">{email}</a>");
    let how = contact["how"].as_str().expect("how");
    assert!(how.contains("mail") && !how.contains("form"), "{how}");

    let not_found = server.get_with("/nowhere/", &[("accept", "text/html")]).await;
    let mut pages: Vec<(String, String)> = vec![
        ("/search/?q=drift".into(), server.get("/search/?q=drift").await.text),
        ("404".into(), not_found.text),
    ];
    for path in page_paths() {
        pages.push((path.to_string(), server.get(path).await.text));
    }
    // The reply promise and where the firm is are on every page, not only in the API.
    let location = contact["location"].as_str().expect("location");
    for (path, html) in &pages {
        let footer = footer(path, html);
        assert!(footer.contains(&mailto), "{path}: the footer links {email}");
        assert!(footer.contains(how) && footer.contains(location), "{path}: how and where");
    }

    // A service page ends with a call to action, in its twin too; so does the assessment's result.
    let service = server.get("/services/mlops/").await.text;
    let main = &service[..service.find("<footer id=\"contact\">").expect("footer")];
    assert!(main.contains(&format!("email {mailto}.</p>")), "the service page's call to action");
    let twin = server.get("/services/mlops/index.md").await.text;
    assert!(twin.contains(&format!("email {email}.")), "the twin's call to action");
    let assessment = server.get("/ai-readiness/").await.text;
    let result = &assessment[assessment.find("<section id=\"result\"").expect("result")..];
    assert!(result[..result.find("</section>").expect("closed")].contains(&mailto));
}

/// The error meanings and the documentation listing quote names in backticks; the pages show
/// them as `<code>`, never as raw backticks (the markdown twins keep the backticks).
#[tokio::test]
async fn error_meanings_and_listings_show_code_not_backticks() {
    let server = start().await;
    for path in ["/docs/errors/", "/docs/"] {
        let html = server.get(path).await.text;
        let main = &html[html.find("<main").expect("main")..html.find("</main>").expect("end")];
        let text_outside_scripts = main.split("<script").next().expect("main text");
        assert!(!text_outside_scripts.contains('`'), "{path}: a raw backtick in {main}");
    }
    let errors = server.get("/docs/errors/").await.text;
    assert!(errors.contains("<dd><code>limit</code> is not an integer"), "invalid_limit");
    // The body's shape is code too: it once sat in the introduction as prose.
    assert!(
        errors.contains(
            "has the body <code>{&quot;error&quot;: {&quot;code&quot;, &quot;message&quot;, &quot;docs&quot;, &quot;openapi&quot;}}</code>."
        ),
        "the Error body's shape"
    );
    let listing = server.get("/docs/").await.text;
    assert!(listing.contains("Every <code>error.<wbr>code</code> the API returns"), "the listing");
    let twin = server.get("/docs/errors/index.md").await.text;
    assert!(twin.contains("`limit` is not an integer"), "the twin keeps markdown");
}

/// Inline code wraps at its dots and slashes, not mid-word: each one a letter or digit follows
/// gets a `<wbr>` (at 375 px with text at 200 % `error.data.code` was cut "error.data.cod" /
/// "e" by the body's `overflow-wrap`), in a page's own text and in a rendered markdown body
/// alike; a twin keeps the code as written.
#[tokio::test]
async fn inline_code_may_wrap_at_its_dots_and_slashes() {
    let server = start().await;
    let errors = server.get("/docs/errors/").await.text;
    assert!(
        errors.contains("with the code in <code>error.<wbr>data.<wbr>code</code>."),
        "the errors page's introduction"
    );
    let home = server.get("/").await.text;
    assert!(home.contains("<code>index.<wbr>md</code>"), "a rendered markdown paragraph");
    let twin = server.get("/docs/errors/index.md").await.text;
    assert!(twin.contains("`error.data.code`") && !twin.contains("<wbr>"), "the twin");
}

/// The agents' guide shows this build's agent origin in its examples, like every other page,
/// not a hard-coded production address.
#[tokio::test]
async fn the_agents_guide_examples_use_this_builds_origin() {
    let server = start().await;
    let page = server.get("/docs/agents/").await.text;
    let twin = server.get("/docs/agents/index.md").await.text;
    for (label, text) in [("page", &page), ("twin", &twin)] {
        assert!(!text.contains("larchmere.example/") && !text.contains("{{"), "{label}");
        assert!(text.contains(&format!("curl {AGENT_URL}/a2a")), "{label}: the A2A example");
        let mcp = format!("\"url\": \"{AGENT_URL}/mcp\"");
        assert!(text.contains(&mcp), "{label}: the MCP configuration");
    }
}

/// The assessment page mirrors the score endpoint's result: besides the weakest pillar's
/// advice it has room for every other pillar's advice and for `nextStep`, which its script
/// shows with the service's name as a link. (The browser tests check the drawn result.)
#[tokio::test]
async fn the_assessment_result_shows_every_advice_and_the_next_step() {
    let server = start().await;
    let page = server.get("/ai-readiness/").await.text;
    let result = &page[page.find("<section id=\"result\"").expect("result")..];
    let result = &result[..result.find("</section>").expect("closed")];
    for id in ["<p id=\"advice\">", "<ul id=\"more-advice\" hidden>", "<p id=\"next-step\">"] {
        assert!(result.contains(id), "the result has {id}");
    }
    let script = &page[page.find("const API = ").expect("the assessment script")..];
    assert!(script.contains("result.nextStep") && script.contains("pillar.advice"), "drawn");

    let answers = "{\"answers\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}";
    let scored = server.post_json("/v1/ai-readiness/score", answers).await.json();
    let next_step = scored["nextStep"].as_str().expect("nextStep");
    assert!(next_step.contains(&format!("{SITE_URL}/services/")), "a link to show: {next_step}");
    let advised = scored["pillars"].as_object().expect("pillars").values();
    assert!(advised.filter(|p| p["advice"].is_string()).count() > 1, "more than one advice");
}

/// A result's next step ends by offering the facilitated assessment. The API's `nextStep` ends
/// with the service's bare address (and keeps it: the API's bodies are a contract), and the
/// result page showed that address as the link's text. The result page, the interactive
/// page's script and the assessment's twin say it in words, the service's name the link.
#[tokio::test]
async fn the_next_step_links_the_services_name_not_its_address() {
    let server = start().await;
    let service = format!("{SITE_URL}/services/ai-readiness-assessment/");
    let lead = "For a facilitated assessment with interviews and a 90-day plan, see";
    for option in 0..5 {
        let answers: Vec<String> = (0..16).map(|i| format!("q{i}={option}")).collect();
        let body = format!("{{\"answers\":{:?}}}", [option; 16]);
        let api = server.post_json("/v1/ai-readiness/score", &body).await.json();
        let next_step = api["nextStep"].as_str().expect("nextStep");
        let start = next_step
            .strip_suffix(&format!("{lead} {service}"))
            .unwrap_or_else(|| panic!("the API's nextStep ends with the address: {next_step}"));
        let page = server.get(&format!("/ai-readiness/result/?{}", answers.join("&"))).await;
        assert_eq!(page.status, 200, "{}", page.text);
        let shown = format!(
            "<h2>Next step</h2>\n<p>{}{lead} our <a href=\"{service}\">AI Readiness Assessment</a> service.</p>\n",
            escape_text(start)
        );
        assert!(page.text.contains(&shown), "{shown}\n{}", page.text);
        assert!(!page.text.contains(&format!(">{service}</a>")), "no address as a link's text");
    }
    let interactive = server.get("/ai-readiness/").await.text;
    let offer = format!(
        "const OFFER = [\"{lead} {service}\",\"{lead} our \",\"{service}\",\"AI Readiness Assessment\",\" service.\"];"
    );
    assert!(interactive.contains(&offer), "the script says it in the same words: {offer}");
    let twin = server.get("/ai-readiness/index.md").await.text;
    let said = format!("{lead} our [AI Readiness Assessment]({service}) service.");
    assert!(twin.contains(&said), "the twin says it with the link: {said}\n{twin}");
}

/// Without scripts the assessment's form submits its radio buttons (`q0` to `q15`, valued
/// with the option index) to the result page, which the server scores with the API's own
/// core: the same score, band, advice and next step, and a share link in the interactive
/// page's `#a=` form.
#[tokio::test]
async fn without_scripts_the_form_is_scored_on_a_page_of_its_own() {
    let server = start().await;
    let form = server.get("/ai-readiness/").await.text;
    let action = format!(
        "<form id=\"assessment\" action=\"{SITE_URL}/ai-readiness/result/\" method=\"get\""
    );
    assert!(form.contains(&action), "the form submits to the result page");
    assert!(form.contains("name=\"q0\" value=\"0\"") && form.contains("name=\"q15\" value=\"4\""));

    let indices = [2, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4];
    let query: Vec<String> = indices.iter().enumerate().map(|(i, v)| format!("q{i}={v}")).collect();
    let page = server.get(&format!("/ai-readiness/result/?{}&utm_source=x", query.join("&"))).await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    let body = format!("{{\"answers\":{indices:?}}}");
    let api = server.post_json("/v1/ai-readiness/score", &body).await.json();
    let score = api["score"].as_u64().expect("score");
    assert!(
        page.text
            .contains(&format!("<h1 id=\"result-heading\">Your result: {score} out of 100</h1>"))
    );
    let band = api["band"]["name"].as_str().expect("band");
    assert!(page.text.contains(&format!("in the <strong>{band}</strong> band")), "{band}");
    let weakest = api["weakestPillar"].as_str().expect("weakest");
    let advice = api["pillars"][weakest]["advice"].as_str().expect("advice");
    let where_to_start = &page.text[page.text.find("<h2>Where to start</h2>").expect("advice")..];
    assert!(
        where_to_start.starts_with(&format!(
            "<h2>Where to start</h2>\n<p><strong>{}:</strong> {}",
            api["pillars"][weakest]["title"].as_str().expect("title"),
            advice.replace('\'', "&#39;")
        )),
        "the weakest pillar's advice first"
    );
    let digits: String = indices.iter().map(|d| d.to_string()).collect();
    assert!(page.text.contains(&format!("{SITE_URL}/ai-readiness/#a={digits}")), "share link");
    assert!(page.text.contains("name=\"robots\" content=\"noindex"), "not indexed");
    let email =
        server.get("/v1/contact").await.json()["email"].as_str().expect("email").to_string();
    let cta = format!(
        "<p id=\"share\">Link to this result, to bookmark or share: <a href=\"{SITE_URL}/ai-readiness/#a={digits}\">{SITE_URL}/ai-readiness/#a={digits}</a></p>\n<p id=\"cta\">To talk through your result with us, email <a href=\"mailto:{email}\">{email}</a>.</p>\n"
    );
    assert!(page.text.contains(&cta), "the result ends with the invitation: {cta}");
    // The share form is read too.
    let shared = server.get(&format!("/ai-readiness/result/?a={digits}")).await;
    assert_eq!(shared.text, page.text);

    for (query, message) in [
        ("q0=1&q1=2".to_string(), "Questions 3, 4, 5"),
        (format!("{}&q3=1", query.join("&")), "Question 4 answered twice"),
        ("q0=5".to_string(), "question 1 is not one of its options"),
        ("q2=%FF".to_string(), "not valid UTF-8"),
        ("a=123".to_string(), "16 digits"),
        (String::new(), "have no answer yet"),
    ] {
        let page = server.get(&format!("/ai-readiness/result/?{query}")).await;
        assert_eq!(page.status, 400, "{query}");
        assert_eq!(page.header("cache-control"), Some("no-store"), "{query}");
        // The invitation to talk a result through is for a result (it once ended this page).
        assert!(!page.text.contains("your result") && !page.text.contains("id=\"cta\""));
        assert!(
            page.text.contains("role=\"alert\"") && page.text.contains(message),
            "{query}: {}",
            page.text
        );
    }
    let post = server.client.post(server.url("/ai-readiness/result/")).send().await.expect("POST");
    assert_eq!(post.status(), 405);
    // No validator, but `If-None-Match: *` matches any current representation.
    let url = server.url(&format!("/ai-readiness/result/?a={digits}"));
    let any = server.client.get(url).header("if-none-match", "*").send().await.expect("GET");
    assert_eq!(any.status(), 304);
}

/// The result page reads its query the same in any order, and strictly: an answer by `a=` and
/// by the question's own parameter, or two `a=`, is a question answered twice; only `q0` to
/// `q15` as the form writes them are questions (`q01` is an unknown parameter, ignored); an
/// answer is one digit. Before, `?q0=1&a=...` was scored (the `a=` overwrote the answer)
/// while `?a=...&q0=1` was refused, the last of two `a=` won, `q01` answered question 2 and
/// `00` or `+1` was option 0 or 1.
#[tokio::test]
async fn the_result_page_reads_its_query_strictly_and_in_any_order() {
    let server = start().await;
    let digits = "2012340123401234";
    let form: Vec<String> = digits.chars().enumerate().map(|(i, d)| format!("q{i}={d}")).collect();
    let scored = server.get(&format!("/ai-readiness/result/?a={digits}")).await;
    assert_eq!(scored.status, 200);
    let every_question = (1..=16).map(|n| n.to_string()).collect::<Vec<_>>();
    let all_twice = format!("Questions {} and 16 answered twice", every_question[..15].join(", "));
    let others = form[1..].join("&");
    for (query, expected) in [
        (format!("q0=1&a={digits}"), Err("Question 1 answered twice".to_string())),
        (format!("a={digits}&q0=1"), Err("Question 1 answered twice".to_string())),
        (format!("q15=4&a={digits}&utm_source=x"), Err("Question 16 answered twice".to_string())),
        (format!("a={digits}&a=4444444444444444"), Err(all_twice.clone())),
        (format!("a=4444444444444444&a={digits}"), Err(all_twice)),
        // Names the form does not write are unknown parameters: ignored, whatever their value.
        (format!("{}&q01=4&q015=0&q+1=3&q16=1&q00=9", form.join("&")), Ok(())),
        (format!("q00=2&{others}"), Err("Question 1 has no answer yet".to_string())),
        // A value is one digit naming an option.
        (format!("q0=00&{others}"), Err("question 1 is not one of its options".to_string())),
        (format!("q0=%2B2&{others}"), Err("question 1 is not one of its options".to_string())),
        (format!("q0=2%20&{others}"), Err("question 1 is not one of its options".to_string())),
        (
            format!("{}&q0=", form[1..].join("&")),
            Err("question 1 is not one of its options".into()),
        ),
        ("a=%2B012340123401234".to_string(), Err("16 digits".to_string())),
    ] {
        let page = server.get(&format!("/ai-readiness/result/?{query}")).await;
        match expected {
            Ok(()) => {
                assert_eq!(page.status, 200, "{query}: {}", page.text);
                assert_eq!(page.text, scored.text, "{query}: scored as the form's answers");
            }
            Err(message) => {
                assert_eq!(page.status, 400, "{query}");
                assert!(page.text.contains(&message), "{query}: {message}: {}", page.text);
            }
        }
    }
}

/// A parameter the page does not read is ignored whatever its encoding: a tracking parameter
/// written in another charset (`utm_campaign=caf%E9`, Latin-1) made `/search/` and the result
/// page a 400 ("not valid text") for a shared link with nothing wrong in what they read. A
/// parameter they read must still be text.
#[tokio::test]
async fn an_unknown_parameter_not_in_utf8_is_ignored_too() {
    let server = start().await;
    for page in ["/search/?q=model+monitoring", "/ai-readiness/result/?a=2012340123401234"] {
        let plain = server.get(page).await;
        assert_eq!(plain.status, 200, "{page}");
        for extra in ["utm_campaign=caf%E9", "caf%E9=1", "%FF", "x=%C3%28&y=1"] {
            let tracked = server.get(&format!("{page}&{extra}")).await;
            assert_eq!(tracked.status, 200, "{page}&{extra}");
            assert_eq!(tracked.text, plain.text, "{page}&{extra}: the same page");
        }
    }
    for refused in ["/search/?q=caf%E9", "/search/?q=x&category=%E9", "/ai-readiness/result/?a=%E9"]
    {
        assert_eq!(server.get(refused).await.status, 400, "{refused}");
    }
}

/// Scoring with a question unanswered points at the question, not only at the button: the
/// script marks the first unanswered fieldset `aria-invalid`, moves the announced message
/// (a live region) under its legend and focuses it. The browser tests drive it.
#[tokio::test]
async fn an_unanswered_question_is_marked_and_focused() {
    let server = start().await;
    let page = server.get("/ai-readiness/").await.text;
    assert!(
        page.contains(
            "<p id=\"form-error\" class=\"error\" role=\"alert\" aria-live=\"assertive\">"
        ),
        "the message is announced"
    );
    let script = &page[page.find("const API = ").expect("the assessment script")..];
    for needle in [
        "setAttribute(\"aria-invalid\", \"true\")",
        "querySelector(\"legend\").after(error)",
        "fieldset.focus()",
    ] {
        assert!(script.contains(needle), "the script does {needle}");
    }
}

/// The names of a page's search landmarks, in document order.
fn search_landmarks(html: &str) -> Vec<&str> {
    html.split("role=\"search\" aria-label=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').expect("closed")])
        .collect()
}

/// Two landmarks of one kind need distinct names (axe `landmark-unique`): the guides index,
/// the results page and the 404 have their own search form besides the header's.
#[tokio::test]
async fn search_landmarks_have_distinct_names() {
    let server = start().await;
    let not_found = server.get_with("/nowhere/", &[("accept", "text/html")]).await;
    let mut pages = vec![
        ("/search/?q=drift".to_string(), server.get("/search/?q=drift").await.text),
        ("404".to_string(), not_found.text),
    ];
    for path in page_paths() {
        pages.push((path.to_string(), server.get(path).await.text));
    }
    for (path, html) in &pages {
        let names = search_landmarks(html);
        assert_eq!(names.first(), Some(&"Site search"), "{path}: the header's");
        let distinct: BTreeSet<&&str> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{path}: {names:?}");
    }
    for (path, html) in &pages[..2] {
        assert_eq!(search_landmarks(html), ["Site search", "Search the guides"], "{path}");
    }
    assert_eq!(search_landmarks(&server.get("/guides/").await.text).len(), 2);
}

/// The assessment's instructions run to some 190 words (how to answer, scoring, privacy,
/// sharing): all of them in the lede's larger type filled a phone's first two screens before
/// the first question. The lede keeps the first sentences, what to do, and the rest follows as
/// an ordinary paragraph, in the page and its twin alike.
#[tokio::test]
async fn the_assessments_lede_is_its_first_sentences_and_the_rest_a_paragraph() {
    let server = start().await;
    let assessment = server.get("/v1/ai-readiness/questions").await.json();
    let instructions = assessment["instructions"].as_str().expect("instructions");
    let page = server.get("/ai-readiness/").await.text.replace("&#39;", "'");
    let lede = page
        .split_once("<p class=\"lede\">")
        .and_then(|(_, after)| after.split_once("</p>"))
        .map(|(lede, _)| lede)
        .expect("a lede");
    assert!(lede.chars().count() <= 240, "a lede of {} characters", lede.chars().count());
    assert!(lede.ends_with('.') && instructions.starts_with(lede), "{lede}");
    let rest = instructions[lede.len()..].trim_start();
    assert!(!rest.is_empty(), "the rest of the instructions");
    assert!(page.contains(&format!("<p class=\"lede\">{lede}</p>\n<p>{rest}</p>\n")), "{rest}");
    let twin = server.get("/ai-readiness/index.md").await.text;
    assert!(twin.contains(&format!("\n\n{lede}\n\n{rest}\n\n")), "the twin as the page");
}

/// The assessment's twin carries what the page shows under each question: its context line
/// (`ctx`), between the question and its options.
#[tokio::test]
async fn the_assessment_twin_has_each_questions_context() {
    let server = start().await;
    let twin = server.get("/ai-readiness/index.md").await.text;
    let assessment = server.get("/v1/ai-readiness/questions").await.json();
    let mut n_contexts = 0;
    let mut question_idx = 0;
    for section in assessment["sections"].as_array().expect("sections") {
        for question in section["questions"].as_array().expect("questions") {
            question_idx += 1;
            let Some(ctx) = question["ctx"].as_str() else { continue };
            let q = question["q"].as_str().expect("q");
            let first_option = question["opts"][0].as_str().expect("an option");
            let indent = " ".repeat(format!("{question_idx}. ").len());
            let expected =
                format!("{question_idx}. {q}\n\n{indent}{ctx}\n\n{indent}0. {first_option}\n");
            assert!(twin.contains(&expected), "question {question_idx}: {expected:?}");
            n_contexts += 1;
        }
    }
    assert!(n_contexts > 0, "the assessment has context lines");
}

/// The questions of a markdown assessment as CommonMark reads them: for each item of a
/// top-level ordered list, its number and the item counts of the ordered lists nested in it.
/// Also the number of top-level lists.
fn commonmark_questions(markdown: &str) -> (Vec<(u64, Vec<usize>)>, usize) {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut questions: Vec<(u64, Vec<usize>)> = Vec::new();
    let mut n_lists = 0;
    // The open lists, outermost first: (ordered, the next item's number).
    let mut lists: Vec<(bool, u64)> = Vec::new();
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::List(start)) => {
                if lists.is_empty() && start.is_some() {
                    n_lists += 1;
                }
                if lists.len() == 1 && lists[0].0 && start.is_some() {
                    questions.last_mut().expect("a list in an item").1.push(0);
                }
                lists.push((start.is_some(), start.unwrap_or(0)));
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                let depth = lists.len();
                let (ordered, number) = lists.last_mut().expect("an item in a list");
                if depth == 1 && *ordered {
                    questions.push((*number, Vec::new()));
                } else if depth == 2 && *ordered && lists[0].0 {
                    *questions.last_mut().expect("a question").1.last_mut().expect("options") += 1;
                }
                if let Some((_, number)) = lists.last_mut() {
                    *number += 1;
                }
            }
            _ => {}
        }
    }
    (questions, n_lists)
}

/// Under CommonMark, the assessment's twin (and its copy in llms-full.txt) holds each question
/// as one numbered item with its five options nested in it, and each section's questions as
/// one list. Questions 10 to 16 once had their lines indented for a one-digit marker, three
/// columns where `10. ` needs four, so each closed early and the next question read as a
/// sixth option of the one before.
#[tokio::test]
async fn the_assessment_twin_nests_every_questions_options_under_commonmark() {
    let server = start().await;
    let assessment = server.get("/v1/ai-readiness/questions").await.json();
    let sections = assessment["sections"].as_array().expect("sections");
    let n_questions: usize =
        sections.iter().map(|s| s["questions"].as_array().expect("questions").len()).sum();
    assert_eq!(n_questions, 16);
    let twin = server.get("/ai-readiness/index.md").await.text;
    let full = server.get("/llms-full.txt").await.text;
    let in_full = full
        .split("\n---\n")
        .find(|part| part.starts_with(&format!("\nURL: {SITE_URL}/ai-readiness/\n")))
        .expect("the assessment in llms-full.txt");
    for (name, markdown) in [("the twin", twin.as_str()), ("llms-full.txt", in_full)] {
        let (questions, n_lists) = commonmark_questions(markdown);
        let numbers: Vec<u64> = questions.iter().map(|(number, _)| *number).collect();
        let expected: Vec<u64> = (1..=16).collect();
        assert_eq!(numbers, expected, "{name}: the questions in order");
        for (number, options) in &questions {
            assert_eq!(options, &[5], "{name}: question {number} has one list of five options");
        }
        assert_eq!(n_lists, sections.len(), "{name}: one list of questions per section");
    }
}

/// The `<title>` of an HTML page.
fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    &html[start..start + html[start..].find("</title>").expect("closed")]
}

/// No two pages share a title, so tabs, bookmarks and search results tell them apart (the
/// documentation index and its overview page, the self-assessment and the service once did).
#[tokio::test]
async fn every_page_has_its_own_title() {
    let server = start().await;
    let mut seen = std::collections::BTreeMap::new();
    for path in page_paths() {
        let html = server.get(path).await.text;
        if let Some(other) = seen.insert(title(&html).to_string(), path) {
            panic!("{path} and {other} are both titled {:?}", title(&html));
        }
    }
    assert!(seen.len() > N_GUIDES, "{} titles", seen.len());
}

/// The first question (the organisation's size) is not scored, and says so beside its
/// options; a result page refusing answers without it must not say every question counts
/// towards the score. It did: "Question 1 has no answer yet; every question counts towards
/// the score."
#[tokio::test]
async fn an_unanswered_unscored_question_is_not_said_to_count() {
    let server = start().await;
    let questions = server.get("/v1/ai-readiness/questions").await.json();
    let all: Vec<&Value> = questions["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .flat_map(|s| s["questions"].as_array().expect("questions"))
        .collect();
    let unscored = all.iter().position(|q| q["scored"] == false).expect("an unscored question");
    let others: Vec<String> =
        (0..all.len()).filter(|&i| i != unscored).map(|i| format!("q{i}=2")).collect();
    let page = server.get(&format!("/ai-readiness/result/?{}", others.join("&"))).await;
    assert_eq!(page.status, 400);
    let number = unscored + 1;
    assert!(page.text.contains(&format!("Question {number} has no answer yet")), "{}", page.text);
    assert!(!page.text.contains("counts towards the score"), "{}", page.text);
    assert!(page.text.contains("answer every question to get your score"), "{}", page.text);
}

/// The text of every `<p>` and `<li>` of a page's `<main>` after its breadcrumbs, tags
/// dropped and entities read, whitespace collapsed.
fn main_paragraphs(html: &str) -> Vec<String> {
    let start = html.find("<main").expect("main");
    let mut main = &html[start..start + html[start..].find("</main>").expect("closed")];
    // The breadcrumbs are the site's navigation, not the page's content.
    if let Some(crumbs) = main.find("</nav>") {
        main = &main[crumbs..];
    }
    let mut found = Vec::new();
    for (open, close) in [("<p", "</p>"), ("<li", "</li>")] {
        let mut rest = main;
        while let Some(at) = rest.find(open) {
            let after = &rest[at + open.len()..];
            // `<p` also starts `<pre`: only the tag itself counts.
            if !after.starts_with(['>', ' ']) {
                rest = after;
                continue;
            }
            let end = after.find(close).expect("closed");
            found.push(plain_text(&after[after.find('>').expect("tag end") + 1..end]));
            rest = &after[end..];
        }
    }
    found
}

fn plain_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(ch),
            _ => {}
        }
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A markdown twin as the text a reader sees: link texts without their targets, code spans
/// without their backticks, whitespace collapsed.
fn twin_text(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser, TagEnd};
    let mut text = String::new();
    for event in Parser::new(markdown) {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            // The end of an inline span (a link, emphasis) is not a word break.
            Event::End(TagEnd::Link | TagEnd::Emphasis | TagEnd::Strong) => {}
            Event::SoftBreak | Event::HardBreak | Event::End(_) => text.push(' '),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A page built from content rather than from a markdown body (the home page and the
/// listings) says in its twin everything it says in its paragraphs and list items. The home
/// page's twin once left out what the assessment gives you and that every page has a twin,
/// and put "Interactive version:" and a list of bare addresses in their place; the guides
/// index's twin left out its list of categories with the number of guides in each.
#[tokio::test]
async fn pages_built_from_content_say_the_same_in_their_twins() {
    let server = start().await;
    for path in ["/", "/services/", "/industries/", "/case-studies/", "/docs/", "/guides/"] {
        let html = server.get(path).await.text;
        let twin = twin_text(&server.get(&format!("{path}index.md")).await.text);
        let paragraphs = main_paragraphs(&html);
        assert!(paragraphs.len() > 3, "{path}: {paragraphs:?}");
        for paragraph in paragraphs {
            assert!(twin.contains(&paragraph), "{path}: the twin lacks {paragraph:?}\n{twin}");
        }
    }
}

/// The headings of a page's `main` as (level, text), the breadcrumbs' left out and so are the
/// subheadings of a `hidden` section (the assessment's result, a template its script fills in,
/// which the twin describes in prose under the section's own heading); soft hyphens dropped
/// and curly quotes read as straight ones, as the twin writes them.
fn main_headings(html: &str) -> Vec<(u8, String)> {
    let start = html.find("<main").expect("main");
    let main = &html[start..start + html[start..].find("</main>").expect("closed")];
    let mut hidden = Vec::new();
    let mut from = 0;
    while let Some(at) = main[from..].find(" hidden>").map(|end| end + from) {
        if let Some(open) = main[..at].rfind("<section") {
            let close = main[at..].find("</section>").expect("section closed") + at;
            hidden.push(open..close);
        }
        from = at + 1;
    }
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(next) = main[at..].find("<h").map(|i| i + at) {
        let after = &main[next + 2..];
        at = next + 2;
        let level = after.as_bytes().first().copied().unwrap_or(b'x');
        if !(b'1'..=b'6').contains(&level) || !after[1..].starts_with(['>', ' ']) {
            continue;
        }
        let close = format!("</h{}>", char::from(level));
        let end = after.find(&close).expect("heading closed");
        if level >= b'3' && hidden.iter().any(|range| range.contains(&next)) {
            continue;
        }
        let inner = &after[after.find('>').expect("tag end") + 1..end];
        let text = plain_text(&inner.replace("&shy;", ""))
            .replace(['\u{2018}', '\u{2019}'], "'")
            .replace(['\u{201c}', '\u{201d}'], "\"");
        found.push((level - b'0', text));
    }
    found
}

/// The headings of a markdown twin as (level, text), as [`main_headings`] reads a page's.
fn twin_headings(markdown: &str) -> Vec<(u8, String)> {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut found = Vec::new();
    let mut current: Option<(u8, String)> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                current = Some((level as u8, String::new()))
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, text)) = current.as_mut() {
                    text.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, text)) = current.take() {
                    found.push((level, text.split_whitespace().collect::<Vec<_>>().join(" ")));
                }
            }
            _ => {}
        }
    }
    found
}

/// A twin has its page's structure: the same headings at the same levels, in the same order.
/// A guide's twin once wrote "This guide answers:" as a paragraph where its page has an `h2`,
/// so a reader of the twin (or an agent splitting it by headings) found the questions run into
/// the category line above them.
#[tokio::test]
async fn every_twin_has_its_pages_headings() {
    let server = start().await;
    let mut checked = 0;
    for path in page_paths() {
        let page = server.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        let twin = server.get(&format!("{path}index.md")).await;
        assert_eq!(twin.status, 200, "{path}index.md");
        let headings = main_headings(&page.text);
        assert!(!headings.is_empty(), "{path}: no headings");
        assert_eq!(twin_headings(&twin.text), headings, "{path}: the twin's headings");
        checked += 1;
    }
    assert!(checked > N_GUIDES, "{checked} pages");
}

/// A guide ends with a way onward, back to its category in the library (the one its
/// breadcrumbs name), and its twin with the same link: a guide used to end with its last
/// paragraph, and a reader at the bottom of a long page had only the browser's back button.
#[tokio::test]
async fn every_guide_ends_with_a_link_back_to_its_category() {
    let server = start().await;
    let mut checked = 0;
    for path in page_paths() {
        let Some(slug) = path.strip_prefix("/guides/").filter(|rest| !rest.is_empty()) else {
            continue;
        };
        let html = server.get(path).await.text;
        let crumbs = &html[html.find("<nav class=\"crumbs\"").expect("breadcrumbs")..];
        let category = &crumbs[crumbs.find(&format!("{SITE_URL}/guides/#")).expect("category")..];
        let (href, rest) = category.split_once('"').expect("href");
        let name = &rest[1..rest.find('<').expect("name")];
        let onward =
            format!("<p class=\"onward\">More guides in <a href=\"{href}\">{name}</a>.</p>");
        let main = &html[..html.find("</main>").expect("main")];
        assert!(main.trim_end().ends_with(&format!("{onward}\n</article>")), "{slug}: {onward}");
        let twin = server.get(&format!("{path}index.md")).await.text;
        let link = format!("More guides in [{}]({href}).\n\n---\n", name.replace("&amp;", "&"));
        assert!(twin.contains(&link), "{slug}: the twin ends with {link}");
        checked += 1;
    }
    assert_eq!(checked, N_GUIDES);
}

/// A prospective client looks for how to get in touch first, and the site has no contact
/// page: every page's main navigation ends with "Contact", a link to that page's own footer,
/// which holds the email, the reply promise and the location. The navigation once had no such
/// item, so the email was only at the bottom of long pages, and the 404's links onward did not
/// offer it either.
#[tokio::test]
async fn every_page_navigation_leads_to_the_contact_details() {
    let server = start().await;
    let mut pages: Vec<String> = page_paths().into_iter().map(str::to_string).collect();
    pages.extend([
        "/search/?q=data+quality".to_string(),
        "/ai-readiness/result/?a=2123232123212321".to_string(),
    ]);
    let not_found = server.get_with("/nowhere/", &[("accept", "text/html")]).await;
    assert_eq!(not_found.status, 404);
    let mut checked = vec![("/nowhere/".to_string(), not_found.text.clone())];
    for path in pages {
        let page = server.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        checked.push((path, page.text));
    }
    for (path, html) in &checked {
        let nav_start =
            html.find("<nav aria-label=\"Main\">").unwrap_or_else(|| panic!("{path}: nav"));
        let nav = &html[nav_start..];
        let nav = &nav[..nav.find("</nav>").unwrap_or_else(|| panic!("{path}: nav end"))];
        assert!(
            nav.ends_with("<li><a href=\"#contact\">Contact</a></li></ul>"),
            "{path}: the navigation's last item is Contact: {nav}"
        );
        let footer_start =
            html.find("<footer id=\"contact\">").unwrap_or_else(|| panic!("{path}: footer"));
        let footer = &html[footer_start..];
        assert!(footer.contains("href=\"mailto:"), "{path}: the footer holds the email");
        assert_eq!(html.matches("id=\"contact\"").count(), 1, "{path}: one target");
    }
    let onward = format!("<li><a href=\"{SITE_URL}/#contact\">Contact</a></li>");
    assert!(not_found.text.contains(&onward), "the 404 offers the contact details onward");
}

/// The WCAG 2.1 contrast ratio of two `#rrggbb` colours.
fn contrast(a: &str, b: &str) -> f64 {
    let luminance = |hex: &str| {
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")) / 255.0;
            if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The value of `property` in the first rule of `css` whose selector list is `selector`.
fn css_value<'a>(css: &'a str, selector: &str, property: &str) -> &'a str {
    let rule = css
        .split('}')
        .find_map(|rule| {
            let (selectors, body) = rule.rsplit_once('{')?;
            let selectors = selectors.rsplit('{').next().unwrap_or(selectors);
            (selectors == selector).then_some(body)
        })
        .unwrap_or_else(|| panic!("no rule for {selector}"));
    rule.split(';')
        .find_map(|decl| decl.strip_prefix(&format!("{property}:")))
        .unwrap_or_else(|| panic!("{selector} has no {property}"))
}

/// A reader whose system prefers dark gets a dark scheme, at AA contrast or better: body and
/// secondary text, links on the page, in the search list and on its active option, and
/// inputs. The site was light only, a white glare at night beside every dark-mode app.
#[tokio::test]
async fn a_dark_scheme_is_offered_with_aa_contrast() {
    let server = start().await;
    let html = server.get("/").await.text;
    let style = &html[html.find("<style>").expect("style")..html.find("</style>").expect("end")];
    let dark = style
        .split("@media (prefers-color-scheme:dark){")
        .nth(1)
        .unwrap_or_else(|| panic!("no dark scheme in {style}"));
    let dark = &dark[..dark.find("@media").unwrap_or(dark.len())];
    assert!(dark.starts_with(":root{color-scheme:dark}"), "controls and scrollbars follow");
    let page = css_value(dark, "body", "background");
    let text = css_value(dark, "body", "color");
    let link = css_value(dark, "a,.t,.more", "color");
    let secondary = css_value(
        dark,
        ".crumbs ol,.crumbs li:not(:last-child)::after,.lede,footer,.ctx,.c,.d,.status,.results p,[role=option][aria-disabled=true]",
        "color",
    );
    let field = css_value(dark, "input,select,.search [role=listbox]", "background");
    let field_text = css_value(dark, "input,select,.search [role=listbox]", "color");
    let active = css_value(dark, "[role=option][aria-selected=true]", "background");
    for (what, fg, bg, least) in [
        ("text", text, page, 7.0),
        ("secondary text", secondary, page, 4.5),
        ("links", link, page, 4.5),
        ("input text", field_text, field, 4.5),
        ("a result in the search list", link, field, 4.5),
        ("the active option", link, active, 4.5),
        ("secondary text in the search list", secondary, field, 4.5),
    ] {
        let ratio = contrast(fg, bg);
        assert!(ratio >= least, "{what}: {fg} on {bg} is {ratio:.2}:1, under {least}:1");
    }
}

/// The results page's heading says "Search the guides", so its box's label says it only to
/// assistive technology (shown, it repeated the heading right under it); the guide library and
/// the 404, whose headings say something else, show theirs.
#[tokio::test]
async fn the_results_page_does_not_repeat_its_heading_as_a_label() {
    let server = start().await;
    for (path, id, hidden) in [
        ("/search/?q=drift", "results-search", true),
        ("/guides/", "guide-search", false),
        ("/nowhere/", "not-found-search", false),
    ] {
        let html = server.get_with(path, &[("accept", "text/html")]).await.text;
        let label = format!(
            "<label for=\"{id}\"{}>Search the guides</label>",
            match hidden {
                true => " class=\"vh\"",
                false => "",
            }
        );
        assert!(html.contains(&label), "{path}: {label}");
        assert_eq!(html.contains("<h1>Search the guides</h1>"), hidden, "{path}");
    }
}

/// An item page ends by saying how to start, in the page and its twin: a service names
/// itself, a case study and an industry page invite a project like the one just read (they
/// ended with nothing, and the email was only in the footer). Listings and guides do not.
#[tokio::test]
async fn service_case_study_and_industry_pages_end_with_how_to_start() {
    let server = start().await;
    let email = "hello@larchmere.example";
    let mut seen = [0usize; 3];
    for path in page_paths() {
        let kind = ["/services/", "/case-studies/", "/industries/"]
            .iter()
            .position(|prefix| path.starts_with(prefix) && path.len() > prefix.len());
        let html = server.get(path).await.text;
        let main = &html[html.find("<main").expect("main")..html.find("</main>").expect("main")];
        let Some(kind) = kind else {
            assert!(!main.contains("<p class=\"cta\">"), "{path}");
            continue;
        };
        seen[kind] += 1;
        let invitation = match kind {
            0 => {
                let h1 = &main[main.find("<h1>").expect("h1") + 4..main.find("</h1>").expect("h1")];
                format!("To talk about {} for your organisation", h1.replace("&shy;", ""))
            }
            1 => "To talk about a project like this one".to_string(),
            _ => "To talk about a project in your sector".to_string(),
        };
        let line = format!(
            "<p class=\"cta\">{invitation}, email <a href=\"mailto:{email}\">{email}</a>.</p>"
        );
        assert!(main.trim_end().ends_with(&line), "{path} ends with {line}");
        let twin = server.get(&format!("{path}index.md")).await.text;
        let said = format!("\n{}, email {email}.\n", invitation.replace("&amp;", "&"));
        assert!(twin.contains(&said), "{path}'s twin says {said:?}");
    }
    assert_eq!(
        seen,
        [N_SERVICES, N_CASE_STUDIES, N_INDUSTRIES],
        "services, case studies, industries"
    );
}

/// A link to any page shared in a chat or social app shows the site's card: every page's head
/// names it (`og:image` with its size, type and text alternative, and the large Twitter card),
/// at a URL that carries its version, and the card is a 1200x630 PNG served for a month with a
/// strong `ETag` that revalidates.
#[tokio::test]
async fn every_page_names_the_social_card_and_the_card_is_served() {
    let server = start().await;
    let mut card_urls = BTreeSet::new();
    let mut paths: Vec<&str> = page_paths().into_iter().collect();
    paths.extend(["/search/?q=drift", "/ai-readiness/result/?a=0000000000000000"]);
    for path in paths {
        let html = server.get_with(path, &[("accept", "text/html")]).await.text;
        let meta = |property: &str| {
            let start = format!("property=\"{property}\" content=\"");
            let from = html.find(&start).unwrap_or_else(|| panic!("{path}: no {property}"));
            let rest = &html[from + start.len()..];
            rest[..rest.find('"').expect("closing quote")].to_string()
        };
        card_urls.insert(meta("og:image"));
        assert_eq!(meta("og:image:width"), "1200", "{path}");
        assert_eq!(meta("og:image:height"), "630", "{path}");
        assert_eq!(meta("og:image:type"), "image/png", "{path}");
        assert!(meta("og:image:alt").starts_with("The Larchmere Data &amp; AI logo"), "{path}");
        assert!(
            html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"),
            "{path}"
        );
    }
    let not_found = server.get_with("/nowhere/", &[("accept", "text/html")]).await.text;
    assert!(not_found.contains("property=\"og:image\""), "the 404 too");
    assert_eq!(card_urls.len(), 1, "one card: {card_urls:?}");
    let url = card_urls.pop_first().expect("a card");
    let (path, version) = local_path(&url).split_once("?v=").expect("a versioned URL");
    assert_eq!(path, "/social-card.png");
    let response = server.client.get(server.url(local_path(&url))).send().await.expect("GET");
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    let etag = headers["etag"].to_str().expect("ASCII").to_string();
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["cache-control"], "max-age=2592000, private=\"RateLimit\"");
    assert!(etag.starts_with('"') && etag[1..].starts_with(version), "{etag} names {version}");
    let png = response.bytes().await.expect("the card");
    assert_eq!(headers["content-length"], png.len().to_string().as_str());
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR"), "a PNG");
    assert_eq!(
        (&png[16..20], &png[20..24]),
        (&1200u32.to_be_bytes()[..], &630u32.to_be_bytes()[..])
    );
    assert!(png.len() < 60 * 1024, "{} bytes", png.len());
    assert_eq!(png, std::fs::read("content/social-card.png").expect("the source"));
    let again = server.get_with(path, &[("if-none-match", &etag)]).await;
    assert_eq!((again.status, again.header("etag")), (304, Some(etag.as_str())));
    let head = server.client.head(server.url(path)).send().await.expect("HEAD");
    assert_eq!(head.headers()["content-length"], png.len().to_string().as_str());
    assert_eq!(server.get_with(path, &[("if-match", "\"other\"")]).await.status, 412);
}

/// `/contact/` is the address a prospective client guesses; the site has no contact page, so
/// it is a permanent redirect to the home page's footer, which holds the contact record. A
/// query string goes before the fragment, where a browser reads it, not inside it.
#[tokio::test]
async fn a_guessed_contact_address_redirects_to_the_footer_query_before_fragment() {
    let server = start().await;
    for (path, location) in [
        ("/contact/", "/#contact"),
        ("/contact", "/#contact"),
        ("/contact/?ref=card", "/?ref=card#contact"),
        ("/contact?a=1&b=2", "/?a=1&b=2#contact"),
    ] {
        let reply = server.get_with(path, &[("accept", "text/html")]).await;
        assert_eq!(reply.status, 308, "{path}");
        assert_eq!(reply.header("location"), Some(location), "{path}");
    }
    let head = server.client.head(server.url("/contact/")).send().await.expect("HEAD");
    assert_eq!(head.status(), 308);
    let home = server.get("/").await.text;
    assert!(home.contains("<footer id=\"contact\">"), "the redirect's target exists");
    // Only that one guess: a path under it is still nothing.
    assert_eq!(server.get("/contact/us/").await.status, 404);
}

/// The home page's first screen says how to start before its long lists: the contact record's
/// own words, its email as a link, and the assessment as the step short of writing.
#[tokio::test]
async fn the_home_page_offers_a_way_to_start_before_its_lists() {
    let server = start().await;
    let contact = server.get("/v1/contact").await.json();
    let email = contact["email"].as_str().expect("email");
    let how = contact["how"].as_str().expect("how");
    let home = server.get("/").await.text;
    let main = &home[home.find("<main").expect("main")..];
    let first_list = main.find("<ul>").expect("a list");
    let cta = main.find("<section class=\"cta\"").expect("a call to action");
    assert!(cta < first_list, "the call to action comes before the lists");
    let cta = &main[cta..main[cta..].find("</section>").expect("closed") + cta];
    assert!(cta.contains(how), "{cta}");
    assert!(cta.contains(&format!("href=\"mailto:{email}\"")), "{cta}");
    assert!(cta.contains("/ai-readiness/\""), "{cta}");
    let twin = server.get("/index.md").await.text;
    let twin_cta = twin.find("## Start a conversation").expect("the twin's call to action");
    assert!(twin_cta < twin.find("## Services").expect("services"), "{twin}");
}

/// A link says in words where it goes: no link on the home page, nor in its twin, has a bare
/// address for its text (the developers' sentence linked "http://…/v1", which a screen reader
/// reads out character by character). The API's address stays on the page, as code a
/// developer can copy, beside the link "a JSON API".
#[tokio::test]
async fn the_home_page_links_say_where_they_go_in_words() {
    let server = start().await;
    let home = server.get("/").await.text;
    let main = &home[home.find("<main").expect("main")..home.find("</main>").expect("end")];
    for link in main.split("<a ").skip(1) {
        let text = plain_text(
            &link[link.find('>').expect("tag end") + 1..link.find("</a>").expect("closed")],
        );
        assert!(!text.contains("://"), "a bare address as link text: {text}");
    }
    assert!(main.contains(&format!("<a href=\"{API_BASE}/v1\">a JSON API</a>")), "the API link");
    let mut code =
        main.split("<code>").skip(1).map(|c| plain_text(&c[..c.find("</code>").expect("closed")]));
    assert!(code.any(|c| c == format!("{API_BASE}/v1")), "the API's address as code");
    let twin = server.get("/index.md").await.text;
    assert!(twin.contains(&format!("[a JSON API]({API_BASE}/v1), at `{API_BASE}/v1`")), "the twin");
    assert!(!twin.contains("[http"), "a bare address as link text in the twin");
}

/// Every search box shows the same placeholder as the header's, the 404's included.
#[tokio::test]
async fn the_not_found_search_box_has_the_headers_placeholder() {
    let server = start().await;
    let not_found = server.get_with("/nowhere/", &[("accept", "text/html")]).await;
    assert_eq!(not_found.status, 404);
    let html = &not_found.text;
    let input = &html[html.find("<input id=\"not-found-search\"").expect("the 404's box")..];
    let input = &input[..input.find('>').expect("closed")];
    assert!(input.contains("placeholder=\"Search the guides\""), "{input}");
}

/// Text follows the reader's font size setting: outside print, no font size is fixed in
/// pixels, so a browser set to larger text enlarges every page's text, not only its headings
/// (the body was 16px whatever the reader chose), and the body breaks a word too long for the
/// line (an email address, an error code) rather than pushing the page sideways. Every page
/// carries one stylesheet; the browser suite checks the pages at 200 % text.
#[tokio::test]
async fn text_sizes_follow_the_readers_setting() {
    let server = start().await;
    for path in ["/", "/search/?q=drift", "/nowhere/", "/ai-readiness/result/?a=1234123412341234"] {
        let html = server.get_with(path, &[("accept", "text/html")]).await.text;
        let style =
            &html[html.find("<style>").expect("style")..html.find("</style>").expect("end")];
        let screen = &style[..style.find("@media print").unwrap_or(style.len())];
        let fixed: Vec<&str> = screen
            .split(['{', '}', ';'])
            .filter(|decl| decl.starts_with("font:") || decl.starts_with("font-size:"))
            .filter(|decl| decl.contains("px"))
            .collect();
        assert!(fixed.is_empty(), "{path}: font sizes in px: {fixed:?}");
        assert_eq!(css_value(screen, "body", "overflow-wrap"), "break-word", "{path}");
    }
}

/// A suggestion keeps what the search already corrected: beside "Showing results for
/// “dat quality”" the page offered "Did you mean data qualty?", the typo it had just read
/// away offered back. Each suggestion reads a misspelt word typo tolerance matched as
/// `correctedQuery` does, before or after the word it corrects, on the page and in the API.
#[tokio::test]
async fn suggestions_keep_what_the_search_corrected() {
    let server = start().await;
    for (q, corrected, suggested) in [
        ("dat qualty", "dat quality", &["data quality", "date quality"][..]),
        ("modle bais", "model bais", &["model bias", "model bars", "model basis"][..]),
        (
            "bais modle audit",
            "bais model audit",
            &["bias model audit", "bars model audit", "basis model audit"][..],
        ),
    ] {
        let api = server.get(&format!("/v1/resources?q={}", q.replace(' ', "+"))).await.json();
        assert_eq!(api["correctedQuery"], corrected, "{q}");
        assert_eq!(api["suggestions"], serde_json::json!(suggested), "{q}");
        let page = server.get(&format!("/search/?q={}", q.replace(' ', "+"))).await.text;
        assert!(page.contains(&format!("Showing results for \u{201c}{corrected}\u{201d}")), "{q}");
        for suggestion in suggested {
            let link = format!(">{suggestion}</a>");
            assert!(page.contains(&link), "{q}: {link}");
        }
        let typo = q.split(' ').find(|w| !corrected.contains(w)).expect("a word corrected");
        let offered = &page[page.find("Did you mean").expect("suggestions")..];
        let offered = &offered[..offered.find("</p>").unwrap_or(offered.len())];
        assert!(!offered.contains(typo), "{q}: {offered}");
    }
}

/// The cost guardrails guide's figure for what a data platform costs (which "how much does a
/// data platform cost?" opens on) is a paragraph of its own: it shared one with the list's
/// lead-in, "Typical proportions on a warehouse-centred platform:", so the page's paragraph
/// and its markdown twin's said two things and ended on a colon.
#[tokio::test]
async fn the_data_platform_cost_figure_is_a_paragraph_of_its_own() {
    let server = start().await;
    let page = server.get("/guides/data-platform-cost-guardrails/").await;
    assert_eq!(page.status, 200);
    let figure = page
        .text
        .split("<p>")
        .find(|p| p.contains("a month in tooling"))
        .expect("the page gives the monthly figure");
    let paragraph = figure.split("</p>").next().unwrap_or_default();
    assert!(paragraph.ends_with("as use does."), "{paragraph}");
    assert!(page.text.contains("<p>Typical proportions on a warehouse-centred platform:</p>"));
}
