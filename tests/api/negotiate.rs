//! Content negotiation on the website (RFC 9110 section 12): a page URL answers with its
//! markdown twin to clients that prefer `text/markdown`, every page advertises its twin, and a
//! browser asking for a missing page gets the HTML 404 page while API clients keep JSON.

use consultancy_api::http::negotiate::{Match, preference, prefers_html, prefers_markdown};
use consultancy_api::model::FixedResponse;
use consultancy_api::tables::{
    CATEGORIES, FIXED, GUIDES, NOT_FOUND_HOLE, NOT_FOUND_PAGE, SITE_URL,
};
use consultancy_api::web::not_found::ELSEWHERE;

use crate::support::{Checked, start};

const PAGE: &str = "/guides/warehouse-lake-or-lakehouse/";
const BROWSER: &str =
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    Html,
    Markdown,
}

/// `Accept` values and the representation a page must answer with.
const PAGE_CASES: &[(&str, Expect)] = &[
    ("text/markdown", Expect::Markdown),
    ("TEXT/Markdown", Expect::Markdown),
    ("text/markdown; charset=utf-8", Expect::Markdown),
    ("text/markdown, text/html;q=0.9", Expect::Markdown),
    ("text/html;q=0.5, text/markdown;q=0.6", Expect::Markdown),
    // A tie: naming markdown is the stronger signal.
    ("text/html, text/markdown", Expect::Markdown),
    ("text/markdown;q=0.9, text/html", Expect::Html),
    ("text/markdown;q=0", Expect::Html),
    ("text/markdown;q=0, */*", Expect::Html),
    ("text/markdown;q=0.000", Expect::Html),
    // A malformed weight drops the range.
    ("text/markdown;q=1.5", Expect::Html),
    ("text/markdown;q=abc", Expect::Html),
    ("*/*", Expect::Html),
    ("text/*", Expect::Html),
    (BROWSER, Expect::Html),
    ("application/json", Expect::Html),
    ("text/plain;q=0.5, text/markdown;q=0.4", Expect::Markdown),
];

/// Whether a fixed response has precompressed variants (then its URL varies by encoding too).
fn compressed(fixed: &FixedResponse) -> bool {
    fixed.gzip.is_some() || fixed.br.is_some()
}

/// The `Vary` of a page URL: by `Accept`, and by `Accept-Encoding` when either of its
/// representations is precompressed.
fn page_vary(page: &FixedResponse, twin: &FixedResponse) -> &'static str {
    if compressed(page) || compressed(twin) { "accept, accept-encoding" } else { "accept" }
}

fn assert_representation(response: &Checked, accept: &str, expect: Expect) {
    let html = FIXED.get(PAGE).expect("the page");
    let twin = FIXED.get(&format!("{PAGE}index.md")).expect("the twin");
    let (body, content_type, etag) = match expect {
        Expect::Html => (html.body, html.content_type, html.etag),
        Expect::Markdown => (twin.body, twin.content_type, twin.etag),
    };
    assert_eq!(response.status, 200, "{accept}");
    assert_eq!(response.text, body, "{accept}: {expect:?}");
    assert_eq!(response.header("content-type"), Some(content_type), "{accept}");
    assert_eq!(response.header("etag"), Some(etag), "{accept}");
    assert_eq!(response.header("vary"), Some(page_vary(html, twin)), "{accept}");
    assert_eq!(
        response.header("link"),
        Some(
            format!("<{SITE_URL}{PAGE}index.md>; rel=\"alternate\"; type=\"text/markdown\"")
                .as_str()
        ),
        "{accept}: the page advertises its twin"
    );
    let location = (expect == Expect::Markdown).then(|| format!("{PAGE}index.md"));
    assert_eq!(response.header("content-location").map(str::to_string), location, "{accept}");
}

#[tokio::test]
async fn a_page_answers_with_its_twin_when_markdown_is_preferred() {
    let server = start().await;
    for (accept, expect) in PAGE_CASES {
        let response = server.get_with(PAGE, &[("accept", accept)]).await;
        assert_representation(&response, accept, *expect);
    }
    // Two Accept lines are one list (RFC 9110 section 5.3).
    let split =
        server.get_with(PAGE, &[("accept", "text/html;q=0.5"), ("accept", "text/markdown")]).await;
    assert_representation(&split, "two lines", Expect::Markdown);
}

#[tokio::test]
async fn validators_and_head_follow_the_chosen_representation() {
    let server = start().await;
    let twin = FIXED.get(&format!("{PAGE}index.md")).expect("twin");
    let html = FIXED.get(PAGE).expect("page");
    let fresh =
        server.get_with(PAGE, &[("accept", "text/markdown"), ("if-none-match", twin.etag)]).await;
    assert_eq!(fresh.status, 304);
    assert_eq!(fresh.header("etag"), Some(twin.etag));
    assert_eq!(fresh.header("vary"), Some(page_vary(html, twin)), "304 keeps Vary");
    assert!(fresh.header("link").is_some(), "304 keeps Link");
    // The HTML's validator does not match the markdown.
    let stale =
        server.get_with(PAGE, &[("accept", "text/markdown"), ("if-none-match", html.etag)]).await;
    assert_eq!(stale.status, 200);
    assert_eq!(stale.text, twin.body);

    let head = server
        .client
        .head(server.url(PAGE))
        .header("accept", "text/markdown")
        .send()
        .await
        .expect("HEAD");
    assert_eq!(head.status(), 200);
    assert_eq!(
        head.headers().get("content-type").and_then(|v| v.to_str().ok()),
        Some("text/markdown; charset=utf-8")
    );
    assert_eq!(head.text().await.expect("body"), "", "HEAD has no body");
}

#[tokio::test]
async fn every_page_advertises_its_twin_and_every_twin_its_page() {
    let server = start().await;
    for (path, fixed) in FIXED.entries() {
        let response = server.get(path).await;
        let link = response.header("link");
        if fixed.content_type.starts_with("text/html") {
            let expected =
                format!("<{SITE_URL}{path}index.md>; rel=\"alternate\"; type=\"text/markdown\"");
            // The twin first; then, on a page whose head names its own JSON, that JSON
            // (`site::every_page_links_its_own_json_and_it_answers` checks which).
            let link = link.unwrap_or_default();
            let twin_link = link.split(", <").next().unwrap_or_default();
            assert_eq!(twin_link, expected, "{path}");
            assert!(
                link.split(", <").skip(1).all(|other| other.ends_with("type=\"application/json\"")),
                "{path}: {link}"
            );
            let twin = FIXED.get(&format!("{path}index.md")).expect("every page has a twin");
            assert_eq!(response.header("vary"), Some(page_vary(fixed, twin)), "{path}");
            assert!(
                fixed.body.contains(&format!(
                    "<link rel=\"alternate\" type=\"text/markdown\" href=\"{SITE_URL}{path}index.md\">"
                )),
                "{path}: the HTML head names the twin too"
            );
        } else if fixed.content_type.starts_with("text/markdown") {
            let page = path.strip_suffix("index.md").expect("twins end in index.md");
            let expected = format!("<{SITE_URL}{page}>; rel=\"canonical\"; type=\"text/html\"");
            assert_eq!(link, Some(expected.as_str()), "{path}");
            let vary = compressed(fixed).then_some("accept-encoding");
            assert_eq!(response.header("vary"), vary, "{path}: a twin varies by encoding only");
        } else {
            assert_eq!(link, None, "{path}: only pages and twins carry Link");
            let vary = compressed(fixed).then_some("accept-encoding");
            assert_eq!(response.header("vary"), vary, "{path}");
        }
    }
    // Asking a twin for HTML changes nothing: it has one representation.
    let twin = server.get_with(&format!("{PAGE}index.md"), &[("accept", "text/html")]).await;
    assert_eq!(twin.header("content-type"), Some("text/markdown; charset=utf-8"));
}

#[tokio::test]
async fn a_browser_gets_an_html_404_and_api_clients_keep_json() {
    let server = start().await;
    for accept in [BROWSER, "text/html", "text/*", "application/json;q=0.5, text/html"] {
        let response = server.get_with("/no-such-page/", &[("accept", accept)]).await;
        assert_eq!(response.status, 404, "{accept}");
        assert_eq!(response.header("content-type"), Some("text/html; charset=utf-8"), "{accept}");
        assert_eq!(response.header("cache-control"), Some("no-store"));
        assert_eq!(response.header("vary"), Some("accept"));
        assert_eq!(response.text, NOT_FOUND_PAGE, "{accept}");
    }
    let page = NOT_FOUND_PAGE;
    assert!(page.contains("<h1>Page not found</h1>"));
    assert!(page.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(page.contains(&format!("action=\"{SITE_URL}/search/\"")), "a search box");
    for link in ["/guides/", "/services/", "/ai-readiness/"] {
        assert!(page.contains(&format!("href=\"{SITE_URL}{link}\"")), "links to {link}");
    }

    for accept in
        ["*/*", "application/json", "application/json, text/html;q=0.9", "text/html;q=0, */*"]
    {
        let response = server.get_with("/no-such-page/", &[("accept", accept)]).await;
        assert_eq!(response.status, 404, "{accept}");
        assert_eq!(response.json()["error"]["code"], "not_found", "{accept}: the Error body");
        assert_eq!(response.header("vary"), Some("accept"), "{accept}");
    }
    // The API's own paths answer JSON whatever the client prefers; so does a POST.
    for path in ["/v1/nope", "/oauth/nope", "/.well-known/nope"] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.json()["error"]["code"], "not_found", "{path}");
    }
    let service = server.get_with("/v1/services/no-such-service", &[("accept", BROWSER)]).await;
    service.error("GET", "/v1/services/{slug}", 404, "service_not_found");
    let post = server
        .client
        .post(server.url("/no-such-page/"))
        .header("accept", BROWSER)
        .send()
        .await
        .expect("POST");
    assert_eq!(post.status(), 404);
    assert!(post.headers()["content-type"].to_str().expect("type").starts_with("application/json"));
}

/// A missing page is negotiated as a page is: a client a page answers with its twin gets the
/// markdown 404, and one it answers in HTML does not. `text/markdown, text/html` (an agent
/// naming both, markdown first) got the twin of every page but the HTML 404, since the HTML
/// 404 was chosen first, whenever HTML was rated above JSON.
#[tokio::test]
async fn a_missing_page_is_negotiated_as_a_page_is() {
    let server = start().await;
    for (accept, expect) in PAGE_CASES {
        for path in ["/no-such-page/", "/guides/data-qualty/"] {
            let response = server.get_with(path, &[("accept", accept)]).await;
            assert_eq!(response.status, 404, "{accept} {path}");
            let markdown = response.header("content-type") == Some("text/markdown; charset=utf-8");
            let answered = response.header("content-type").unwrap_or_default().to_string();
            assert_eq!(markdown, *expect == Expect::Markdown, "{accept} {path}: {answered}");
        }
    }
}

/// Each 404 points at the index its reader wants: a mistyped page at the list of every page
/// (the HTML page at the listings and a search box, the markdown and the JSON ones at
/// `/llms.txt`), a path of the API or an agent endpoint at `GET /v1`.
#[tokio::test]
async fn every_404_points_at_the_index_its_reader_wants() {
    let server = start().await;
    let message = |response: &Checked| -> String {
        assert_eq!(response.status, 404);
        assert_eq!(response.json()["error"]["code"], "not_found");
        response.json()["error"]["message"].as_str().expect("a message").to_string()
    };
    // Page paths, near nothing or near a page, in JSON, by GET or by POST.
    for path in ["/guides/nope/", "/no-such-page/", "/asking/", "/v1nope", "/guides/data-qualty/"] {
        let json = message(&server.get_with(path, &[("accept", "application/json")]).await);
        assert!(json.ends_with(" GET /llms.txt lists every page"), "{path}: {json}");
        assert!(!json.contains("GET /v1"), "{path}: {json}");
    }
    let near = message(&server.get("/guides/data-qualty/").await);
    assert!(near.contains("did you mean `/guides/data-quality-"), "{near}");
    let post = server.post_json("/guides/nope/", "{}").await;
    assert!(message(&post).ends_with("GET /llms.txt lists every page"), "{}", post.text);
    // The markdown 404 names the same list; the HTML one the listings and the search box.
    let markdown = server.get_with("/guides/nope/", &[("accept", "text/markdown")]).await;
    assert!(markdown.text.contains(&format!("{SITE_URL}/llms.txt")), "{}", markdown.text);
    assert!(!markdown.text.contains("/v1"), "{}", markdown.text);
    let html = server.get_with("/guides/nope/", &[("accept", BROWSER)]).await;
    assert!(html.text.contains(&format!("href=\"{SITE_URL}/guides/\"")));
    assert!(html.text.contains(&format!("action=\"{SITE_URL}/search/\"")));
    // The API's paths and the agent endpoints' keep the API's index, whatever is preferred.
    for path in [
        "/v1/nope",
        "/v1/services/a/b",
        "/oauth/nope",
        "/.well-known/nope",
        "/mcp/nope",
        "/ask/nope",
        "/a2a/nope",
    ] {
        for accept in ["application/json", BROWSER] {
            let response = server.get_with(path, &[("accept", accept)]).await;
            if response.header("content-type") == Some("text/html; charset=utf-8") {
                // A browser on an agent endpoint's path gets the HTML 404, as on any
                // website path.
                assert!(
                    path.starts_with("/mcp/")
                        || path.starts_with("/ask/")
                        || path.starts_with("/a2a/"),
                    "{path}"
                );
                continue;
            }
            let json = message(&response);
            assert!(json.ends_with("; GET /v1 lists the endpoints"), "{path} {accept}: {json}");
        }
    }
}

#[test]
fn preference_takes_the_most_specific_matching_range() {
    let accept = "text/*;q=0.3, text/markdown;q=0.7, */*;q=0.1";
    assert_eq!(preference(accept, "text/markdown").quality, 700);
    assert_eq!(preference(accept, "text/markdown").matched, Match::Exact);
    assert_eq!(preference(accept, "text/html").quality, 300);
    assert_eq!(preference(accept, "text/html").matched, Match::Type);
    assert_eq!(preference(accept, "application/json").quality, 100);
    assert_eq!(preference(accept, "application/json").matched, Match::Any);
    assert_eq!(preference("text/html", "application/json").matched, Match::None);
    assert_eq!(preference("text/html;level=1;q=0.25", "text/html").quality, 250);
    assert_eq!(preference("text/html;q=1.", "text/html").quality, 1000);
    assert_eq!(preference("text/html;q=0.", "text/html").quality, 0);
    assert_eq!(preference("text/html;q=0.1234", "text/html").matched, Match::None);
    assert_eq!(preference(" , ;, /, text", "text/html").matched, Match::None, "junk is ignored");
    // No header: HTML for a page, JSON for an error.
    assert!(!prefers_markdown(None) && !prefers_html(None));
    assert!(prefers_html(Some(BROWSER)) && !prefers_html(Some("*/*")));
}

/// The addresses an HTML 404 offers under "Did you mean", in order.
fn near_links(text: &str) -> Vec<String> {
    text.split("<ul class=\"near\">")
        .nth(1)
        .and_then(|list| list.split("</ul>").next())
        .map(|list| {
            list.split("href=\"")
                .skip(1)
                .filter_map(|a| a.split('"').next())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// A missing path under a collection offers the pages it most plausibly meant, by the REST
/// API's hint logic, in every representation, and stays a 404; a path near nothing keeps the
/// static page.
#[tokio::test]
async fn a_mistyped_page_path_offers_the_nearest_pages() {
    let server = start().await;
    let (before, after) = NOT_FOUND_PAGE.split_at(NOT_FOUND_HOLE);
    let near = near_links;

    // A typo in a service's slug: that service, in the page's shell.
    let response = server.get_with("/services/data-stratgy/", &[("accept", BROWSER)]).await;
    assert_eq!(response.status, 404);
    assert_eq!(response.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(response.header("cache-control"), Some("no-store"));
    assert_eq!(response.header("vary"), Some("accept"));
    assert!(response.text.starts_with(before) && response.text.ends_with(after));
    assert!(response.text.contains("<h2>Did you mean this page?</h2>"), "{}", response.text);
    assert_eq!(near(&response.text), [format!("{SITE_URL}/services/data-strategy/")]);
    assert!(response.text.contains(">Data Strategy</a>"));

    // A guide's first words with a typo, no slash, a twin: the guides that begin so, at most
    // three, each as the representation asked for.
    let beginning: Vec<&str> =
        GUIDES.iter().map(|g| g.slug).filter(|s| s.starts_with("data-quality-")).collect();
    assert!(!beginning.is_empty());
    for (path, suffix) in [
        ("/guides/data-qualty/", ""),
        ("/guides/data-qualty", ""),
        ("/guides/data-qualty/index.md", "index.md"),
    ] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        let links = near(&response.text);
        assert!(!links.is_empty() && links.len() <= 3, "{path}: {links:?}");
        for link in &links {
            let slug = link
                .strip_prefix(&format!("{SITE_URL}/guides/"))
                .and_then(|l| l.strip_suffix(&format!("/{suffix}")));
            assert!(slug.is_some_and(|s| beginning.contains(&s)), "{path}: {link}");
        }
    }

    // A client that prefers markdown gets a markdown 404 naming the twins.
    let response =
        server.get_with("/industries/retail/index.md", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert_eq!(response.header("content-type"), Some("text/markdown; charset=utf-8"));
    assert_eq!(response.header("vary"), Some("accept"));
    assert!(response.text.starts_with("# Page not found\n"), "{}", response.text);
    assert!(
        response.text.contains(&format!("]({SITE_URL}/industries/retail-and-ecommerce/index.md)")),
        "{}",
        response.text
    );
    let response = server.get_with("/no-such-page/", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert!(!response.text.contains("Did you mean"), "{}", response.text);
    assert!(response.text.contains(&format!("{SITE_URL}/llms.txt")));

    // Anything else gets the Error body, whose message names the paths.
    for (path, meant) in [
        ("/case-studies/qqqq/", None),
        ("/case-studies/hospital-demand/", Some("`/case-studies/hospital-demand-forecasting/`")),
        ("/services/data-stratgy/index.md", Some("`/services/data-strategy/index.md`")),
        ("/services/data-strategy/extra", Some("`/services/data-strategy/`")),
        ("/services/Data%20Strategy/", Some("`/services/data-strategy/`")),
    ] {
        let response = server.get(path).await;
        assert_eq!(response.status, 404, "{path}");
        let body = response.json();
        assert_eq!(body["error"]["code"], "not_found", "{path}");
        let message = body["error"]["message"].as_str().expect("a message");
        match meant {
            Some(meant) => {
                assert!(message.contains(&format!("did you mean {meant}?")), "{path}: {message}")
            }
            None => assert!(!message.contains("did you mean"), "{path}: {message}"),
        }
    }

    // Near nothing, or outside the collections: the static page, byte for byte.
    for path in ["/services/zzzzzzzz/", "/case-studies/x/", "/guides/", "/nothing/data-strategy/"] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        if path == "/guides/" {
            assert_eq!(response.status, 200);
            continue;
        }
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.text, NOT_FOUND_PAGE, "{path}");
    }
}

/// An address guessed without its collection (`/mlops/`, `/healthcare`, a documentation
/// page's slug under `/docs/` mistyped), or a root file's name without its extension or with
/// another (`/llms`, `/openapi.yaml`), offers the page whose slug it spells, in every
/// representation; a path of one segment that spells none, or is no slug (`/wp-login.php`),
/// or is a word of grammar (`/about/`), keeps the static page. Before, every path outside the
/// collections got the static page alone.
#[tokio::test]
async fn an_address_guessed_without_its_collection_offers_the_page_it_spells() {
    let server = start().await;
    let near = near_links;
    for (path, meant) in [
        ("/mlops/", "/services/mlops/"),
        ("/ml-ops", "/services/mlops/"),
        ("/healthcare", "/industries/healthcare/"),
        ("/data-stratgy/", "/services/data-strategy/"),
        ("/hospital-demand-forecasting/", "/case-studies/hospital-demand-forecasting/"),
        ("/fix-slow-dashbords/", "/guides/fix-slow-dashboards/"),
        ("/docs/authentcation/", "/docs/authentication/"),
        ("/llms", "/llms.txt"),
        ("/LLMS-full/", "/llms-full.txt"),
        ("/openapi.yaml", "/openapi.json"),
        ("/sitemap", "/sitemap.xml"),
        ("/security.txt", "/.well-known/security.txt"),
        ("/agent-card.json", "/.well-known/agent-card.json"),
        ("/ai-catalog", "/.well-known/ai-catalog.json"),
    ] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(near(&response.text), [format!("{SITE_URL}{meant}")], "{path}");
        let response = server.get(path).await;
        let message = response.json()["error"]["message"].as_str().expect("a message").to_owned();
        assert!(message.contains(&format!("did you mean `{meant}`?")), "{path}: {message}");
    }
    let response = server.get_with("/mlops/index.md", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert!(
        response.text.contains(&format!("]({SITE_URL}/services/mlops/index.md)")),
        "{}",
        response.text
    );
    for path in ["/xyzzy/", "/wp-login.php", "/the/", "/with-us/", "/mlops/extra/", "/index"] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.text, NOT_FOUND_PAGE, "{path}");
    }
}

/// An address in a visitor's other words for a part of the site (`/about-us`, `/blog`,
/// `/careers`, `/docs/error-codes/`) offers that part, under the heading it has there, in
/// every representation; a root file's name one `s` short or over (`/llm.txt`) offers the
/// file, under a heading that says "file". Every name of `ELSEWHERE` is tried, and every
/// target is checked to be served with the heading it is offered under. A page the site has
/// no stand-in for (`/privacy`) keeps the static page. Before, all of these got the static
/// page alone (`/about/` and `/team/` were read as words of grammar).
#[tokio::test]
async fn an_address_in_a_visitors_other_words_offers_the_part_of_the_site_it_names() {
    let server = start().await;
    for (names, target, label) in ELSEWHERE {
        // The part is served, and holds the heading it is offered under.
        let (page, fragment) = target.split_once('#').unwrap_or((target, ""));
        let response = server.get_with(page, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 200, "{target}");
        let heading = match fragment {
            "" => format!("<h1>{label}</h1>"),
            fragment => format!("id=\"{fragment}\""),
        };
        assert!(response.text.contains(&heading), "{target}: no {heading}");
        assert!(response.text.contains(&format!(">{label}")), "{target}: no {label}");
        for name in names {
            let path = format!("/{name}");
            let response = server.get_with(&path, &[("accept", BROWSER)]).await;
            assert_eq!(response.status, 404, "{path}");
            let links = near_links(&response.text);
            assert_eq!(links.first(), Some(&format!("{SITE_URL}{target}")), "{path}");
            assert!(response.text.contains(&format!(">{label}</a>")), "{path}");
        }
    }
    for (path, meant, heading) in [
        ("/About-Us/", "/#how-we-work", "Did you mean this page?"),
        ("/contact_us", "/#contact", "Did you mean this page?"),
        ("/docs/error-codes/", "/docs/errors/", "Did you mean this page?"),
        ("/blog.html", "/guides/", "Did you mean this page?"),
        ("/llm.txt", "/llms.txt", "Did you mean this file?"),
        ("/robot.txt", "/robots.txt", "Did you mean this file?"),
        ("/sitemaps.xml", "/sitemap.xml", "Did you mean this file?"),
        ("/llms", "/llms.txt", "Did you mean this file?"),
    ] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(near_links(&response.text), [format!("{SITE_URL}{meant}")], "{path}");
        assert!(response.text.contains(&format!("<h2>{heading}</h2>")), "{path}");
        let response = server.get(path).await;
        let message = response.json()["error"]["message"].as_str().expect("a message").to_owned();
        assert!(message.contains(&format!("did you mean `{meant}`?")), "{path}: {message}");
    }
    // A twin asked for is offered as a twin.
    let response = server.get_with("/about.md", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert!(
        response.text.contains(&format!("- [How we work]({SITE_URL}/index.md#how-we-work)")),
        "{}",
        response.text
    );
    let response = server.get_with("/blog/index.md", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert!(response.text.contains(&format!("]({SITE_URL}/guides/index.md)")), "{}", response.text);
    for path in ["/privacy/", "/cookies", "/blog/2024/post/", "/news/2024/"] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.text, NOT_FOUND_PAGE, "{path}");
    }
}

/// A guessed address, or one mistyped inside a word, that no slug is near by spelling names
/// the pages whose titles hold its words (with their descriptions), read as a search reads
/// them (synonyms, typos); a path that names a file, has more words than any slug, or whose
/// words no title holds keeps the static page. The REST API's hint reads a slug the same way.
#[tokio::test]
async fn a_guessed_address_names_the_pages_its_words_describe() {
    let server = start().await;
    let near = |text: &str| -> Vec<String> {
        near_links(text).iter().map(|url| url.trim_start_matches(SITE_URL).to_string()).collect()
    };
    for (path, first, all) in [
        // Mistyped inside a word: the typo is read as the search reads it.
        ("/guides/data-govrnance/", "/guides/start-data-governance-programme/", None),
        // A subject in a reader's words: a synonym, a title word, a description.
        ("/services/ml-engineering/", "/services/machine-learning-engineering/", Some(1)),
        ("/services/genai/", "/services/generative-ai-solutions/", Some(1)),
        ("/guides/feature-store/", "/guides/do-you-need-a-feature-store/", Some(1)),
        ("/guides/what-is-rag/", "/guides/rag-architecture-explained/", Some(1)),
        // A word many pages use in passing names only the page whose title holds it.
        ("/guides/pricing/", "/guides/ai-pricing-models-contracts/", Some(1)),
        ("/case-studies/forecasting/", "/case-studies/hospital-demand-forecasting/", Some(1)),
        // An industry's sector word names it, though its page may not write the word.
        ("/industries/nhs/", "/industries/healthcare/", Some(1)),
        ("/industries/government/", "/industries/public-sector/", Some(1)),
        // A page's other names (`other_names`) name it as its title would.
        ("/services/llm/", "/services/generative-ai-solutions/", Some(1)),
        ("/services/dashboards/", "/services/analytics-engineering/", Some(1)),
        ("/industries/finance/", "/industries/financial-services/", Some(1)),
        // A title that holds the word as written comes before one that holds a synonym of
        // it ("CDO" → "data strategy").
        ("/services/cdo/", "/services/fractional-data-leadership/", Some(2)),
    ] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.header("cache-control"), Some("no-store"), "{path}");
        let links = near(&response.text);
        assert_eq!(links.first().map(String::as_str), Some(first), "{path}: {links:?}");
        assert!(links.len() <= 3, "{path}: {links:?}");
        if let Some(n) = all {
            assert_eq!(links.len(), n, "{path}: {links:?}");
        }
    }
    // The JSON Error body and the markdown 404 name them too.
    let body = server.get("/guides/feature-store/").await.json();
    assert_eq!(body["error"]["code"], "not_found");
    let message = body["error"]["message"].as_str().expect("a message");
    assert!(message.contains("did you mean `/guides/do-you-need-a-feature-store/`?"), "{message}");
    let response =
        server.get_with("/guides/feature-store/index.md", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert!(
        response
            .text
            .contains(&format!("]({SITE_URL}/guides/do-you-need-a-feature-store/index.md)")),
        "{}",
        response.text
    );
    // The REST API's hint for a slug nobody has.
    let body = server.get("/v1/services/ml-engineering").await.json();
    assert_eq!(body["error"]["code"], "service_not_found");
    assert_eq!(
        body["error"]["message"],
        "no service has the slug `ml-engineering`; did you mean `machine-learning-engineering`? GET /v1/services lists them"
    );
    // Common words a description holds in passing (`test`: "tested"), a file's name, words no
    // title holds, a typo read as a word no title holds, more words than any slug: nothing.
    for path in [
        "/services/test/",
        "/services/service/",
        "/guides/index.html",
        "/guides/xyzzy/",
        "/guides/foo-bar/",
        "/guides/data-governance-feature-store-pricing-rag-kpi-dashboards/",
    ] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.text, NOT_FOUND_PAGE, "{path}");
    }
}

/// A guide path whose words name no guide (no title holds "gdpr") offers the guides whose
/// text mentions every word, under a heading that says so, with a link to the search for the
/// words: in HTML the website's search, in markdown the guide search's JSON. Pages named come
/// first and alone; the JSON Error body names nothing it cannot call meant; other
/// collections, a typo's reading and a word no guide has offer nothing.
#[tokio::test]
async fn a_guide_path_that_names_no_guide_offers_the_guides_that_mention_its_words() {
    let server = start().await;
    let dpia = "/guides/dpia-for-analytics-and-ai/";
    let response = server.get_with("/guides/gdpr/", &[("accept", BROWSER)]).await;
    assert_eq!(response.status, 404);
    assert_eq!(response.header("cache-control"), Some("no-store"));
    assert!(response.text.contains("<h2>Guides that mention \u{201c}gdpr\u{201d}</h2>"));
    assert!(!response.text.contains("<h2>Did you mean"), "{}", response.text);
    let links = near_links(&response.text);
    assert!((1..=3).contains(&links.len()), "{links:?}");
    assert!(links.contains(&format!("{SITE_URL}{dpia}")), "{links:?}");
    assert!(
        response.text.contains(&format!(
            "<a id=\"search-words\" href=\"{SITE_URL}/search/?q=gdpr\">Search the guides for \u{201c}gdpr\u{201d}</a>"
        )),
        "{}",
        response.text
    );
    // The words as a reader wrote them, hyphens read as spaces and escaped in the link.
    let response = server.get_with("/guides/subject_access/", &[("accept", BROWSER)]).await;
    assert!(response.text.contains("/search/?q=subject%20access\""), "{}", response.text);
    // The markdown 404 lists the twins and the search as JSON.
    let response = server.get_with("/guides/gdpr/index.md", &[("accept", "text/markdown")]).await;
    assert_eq!(response.status, 404);
    assert!(
        response.text.contains("## Guides that mention \u{201c}gdpr\u{201d}\n"),
        "{}",
        response.text
    );
    assert!(response.text.contains(&format!("]({SITE_URL}{dpia}index.md)")), "{}", response.text);
    assert!(
        response.text.contains(&format!("{SITE_URL}/v1/resources?q=gdpr\n")),
        "{}",
        response.text
    );
    // The Error body says only that nothing is there.
    let body = server.get("/guides/gdpr/").await.json();
    assert_eq!(body["error"]["code"], "not_found");
    assert_eq!(
        body["error"]["message"],
        "nothing exists at `/guides/gdpr/`; GET /llms.txt lists every page"
    );
    // A page named is offered alone, as before.
    let response = server.get_with("/guides/feature-store/", &[("accept", BROWSER)]).await;
    assert!(response.text.contains("<h2>Did you mean this page?</h2>"));
    assert!(!response.text.contains("Guides that mention"));
    // Only guides are searched; a misspelt word is not read as another to name a mention.
    for path in ["/services/gdpr/", "/guides/gdprr/", "/guides/xyzzy/"] {
        let response = server.get_with(path, &[("accept", BROWSER)]).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.text, NOT_FOUND_PAGE, "{path}");
    }
}

/// A guide path that names a category by its slug, as the guide library's anchors and the
/// search's `category` may spell it, offers the category's place in the library, and only
/// that: in HTML under its name, in markdown as the library's twin, in the Error body's
/// question. It stays a 404 (a category has no page of its own).
#[tokio::test]
async fn a_guide_path_that_names_a_category_offers_its_place_in_the_library() {
    let server = start().await;
    for category in &CATEGORIES {
        let meant = format!("/guides/#{}", category.key);
        for path in [format!("/guides/{}/", category.key), format!("/guides/{}", category.key)] {
            let response = server.get_with(&path, &[("accept", BROWSER)]).await;
            assert_eq!(response.status, 404, "{path}");
            assert_eq!(near_links(&response.text), [format!("{SITE_URL}{meant}")], "{path}");
            assert!(response.text.contains("<h2>Did you mean this page?</h2>"), "{path}");
            assert!(response.text.contains(&format!(">{}</a>", category.name)), "{path}");
            let message = server.get(&path).await.json()["error"]["message"].clone();
            assert!(
                message.as_str().is_some_and(|m| m.contains(&format!("did you mean `{meant}`?"))),
                "{path}: {message}"
            );
        }
    }
    let response = server
        .get_with("/guides/strategy-and-value/index.md", &[("accept", "text/markdown")])
        .await;
    assert_eq!(response.status, 404);
    assert!(
        response.text.contains(&format!(
            "- [Strategy and Value]({SITE_URL}/guides/index.md#strategy-and-value)"
        )),
        "{}",
        response.text
    );
    // Upper case is read as lower, as the site's other guessed paths are.
    let response = server.get_with("/guides/Generative-AI/", &[("accept", BROWSER)]).await;
    assert_eq!(near_links(&response.text), [format!("{SITE_URL}/guides/#generative-ai")]);
}

/// What a markdown text holds as a reader of it sees it: the first heading's text, every
/// link's destination, the first ordered list's start, and whether anything but plain text
/// (emphasis, a link, HTML, code) is inside the heading.
struct MarkdownRead {
    heading: String,
    heading_plain: bool,
    links: Vec<String>,
    list_start: Option<u64>,
    strong: usize,
}

fn read_markdown(text: &str) -> MarkdownRead {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut read = MarkdownRead {
        heading: String::new(),
        heading_plain: true,
        links: Vec::new(),
        list_start: None,
        strong: 0,
    };
    let (mut in_heading, mut headings) = (false, 0);
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                headings += 1;
                in_heading = headings == 1;
            }
            Event::End(TagEnd::Heading(_)) => in_heading = false,
            Event::Text(text) if in_heading => read.heading.push_str(&text),
            Event::Start(Tag::Link { dest_url, .. }) => {
                read.heading_plain &= !in_heading;
                read.links.push(dest_url.to_string());
            }
            Event::Start(Tag::List(Some(start))) if read.list_start.is_none() => {
                read.list_start = Some(start);
            }
            Event::Start(Tag::Strong) => {
                read.heading_plain &= !in_heading;
                read.strong += 1;
            }
            Event::Start(_) | Event::Html(_) | Event::InlineHtml(_) | Event::Code(_)
                if in_heading =>
            {
                read.heading_plain = false;
            }
            _ => {}
        }
    }
    read
}

/// The website's search (`/search/`) is negotiated as a page is: a client that prefers
/// markdown gets the same search as markdown, with the results' links to the guides' twins in
/// the API's order, the matched words in bold, a next page that answers in markdown again, and
/// its refusals in markdown with the search to run instead. Both forms carry `Vary: Accept`.
/// Before, such a client was sent the HTML page.
#[tokio::test]
async fn the_search_page_answers_in_markdown_to_a_client_that_prefers_it() {
    let server = start().await;
    let markdown = [("accept", "text/markdown")];
    let response = server.get_with("/search/?q=data+qualty", &markdown).await;
    assert_eq!(response.status, 200);
    assert_eq!(response.header("content-type"), Some("text/markdown; charset=utf-8"));
    assert_eq!(response.header("vary"), Some("accept"));
    let html = server.get("/search/?q=data+qualty").await;
    assert_eq!(html.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(html.header("vary"), Some("accept"), "the HTML varies by Accept too");
    assert_eq!(response.header("cache-control"), html.header("cache-control"));
    let read = read_markdown(&response.text);
    assert_eq!(read.heading, "Search results for \u{201c}data qualty\u{201d}");
    assert!(response.text.contains("Showing results for \u{201c}data quality\u{201d}."));
    // The results are the API's, in its order, each linked to its guide's twin.
    let api = server.get("/v1/resources?q=data+qualty").await.json();
    let twins: Vec<String> = api["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| format!("{}index.md", r["url"].as_str().expect("url")))
        .collect();
    assert_eq!(twins.len(), 10);
    let guide_links: Vec<&String> = read.links.iter().filter(|l| l.contains("/guides/")).collect();
    assert_eq!(guide_links, twins.iter().collect::<Vec<_>>(), "{}", response.text);
    for twin in &twins[..2] {
        let page = server.get(twin.strip_prefix(SITE_URL).expect("site URL")).await;
        assert_eq!(page.header("content-type"), Some("text/markdown; charset=utf-8"), "{twin}");
    }
    assert_eq!(read.list_start, Some(1));
    assert!(read.strong >= 10, "the matched words in bold: {}", response.text);
    // The next page, followed with the same preference, is markdown and numbered on.
    let next = read
        .links
        .iter()
        .find(|l| l.contains("cursor="))
        .unwrap_or_else(|| panic!("a next page: {}", response.text));
    let next = server.get_with(next.strip_prefix(SITE_URL).expect("site URL"), &markdown).await;
    assert_eq!(next.status, 200);
    assert_eq!(read_markdown(&next.text).list_start, Some(11), "{}", next.text);
    // What the client typed stays text.
    let typed = "*bold* [x](y) <b>x</b> `code` a_b";
    let escaped = "%2Abold%2A+%5Bx%5D%28y%29+%3Cb%3Ex%3C%2Fb%3E+%60code%60+a_b";
    let hostile = server.get_with(&format!("/search/?q={escaped}"), &markdown).await;
    let read = read_markdown(&hostile.text);
    assert_eq!(read.heading, format!("Search results for \u{201c}{typed}\u{201d}"));
    assert!(read.heading_plain, "{}", hostile.text);
    // A refusal is markdown too, with the search that would be answered.
    let refused = server.get_with("/search/?q=drift&category=Generativ+AI", &markdown).await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.header("content-type"), Some("text/markdown; charset=utf-8"));
    assert_eq!(refused.header("cache-control"), Some("no-store"));
    assert!(refused.text.contains("did you mean Generative AI?"), "{}", refused.text);
    assert!(
        refused.text.contains(&format!(
            "Search again: {SITE_URL}/search/?q=drift&category=Generative%20AI"
        )),
        "{}",
        refused.text
    );
    // llms.txt, which agents read first, names it.
    let llms = server.get("/llms.txt").await.text;
    assert!(llms.contains(&format!("{SITE_URL}/search/?q= (markdown with")), "{llms}");
    // Markdown rated below HTML, and a browser, get the page.
    for accept in ["text/markdown;q=0.5, text/html", BROWSER] {
        let page = server.get_with("/search/?q=drift", &[("accept", accept)]).await;
        assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"), "{accept}");
    }
}

/// The assessment's result page is negotiated as a page is: a client that prefers markdown
/// gets the result the score endpoint computes for the same answers, as markdown (the band,
/// the pillars' averages as a table, the weakest pillar's advice first), and a problem with
/// the answers as a 400 in markdown; the assessment's twin names the page. Before, such a
/// client was sent the HTML.
#[tokio::test]
async fn the_assessment_result_page_answers_in_markdown_to_a_client_that_prefers_it() {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let server = start().await;
    let markdown = [("accept", "text/markdown")];
    let digits = "2132421302134210";
    let answers: Vec<u32> = digits.chars().filter_map(|d| d.to_digit(10)).collect();
    let api =
        server.post_json("/v1/ai-readiness/score", &format!("{{\"answers\":{answers:?}}}")).await;
    assert_eq!(api.status, 200, "{}", api.text);
    let api = api.json();
    let path = format!("/ai-readiness/result/?a={digits}");
    let response = server.get_with(&path, &markdown).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.header("content-type"), Some("text/markdown; charset=utf-8"));
    assert_eq!(response.header("vary"), Some("accept"));
    assert_eq!(server.get(&path).await.header("vary"), Some("accept"));
    // Read as markdown: the heading, the table's rows, the first advice's pillar.
    let (mut heading, mut rows, mut row, mut cell) = (String::new(), Vec::new(), Vec::new(), None);
    let (mut in_heading, mut first_strong, mut in_strong) = (false, Vec::new(), false);
    for event in Parser::new_ext(&response.text, pulldown_cmark::Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) if heading.is_empty() => in_heading = true,
            Event::End(TagEnd::Heading(_)) => in_heading = false,
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => row.extend(cell.take()),
            Event::End(TagEnd::TableRow) => rows.push(std::mem::take(&mut row)),
            Event::End(TagEnd::TableHead) => row.clear(),
            Event::Start(Tag::Strong) => in_strong = true,
            Event::End(TagEnd::Strong) => in_strong = false,
            Event::Text(text) => {
                if in_heading {
                    heading.push_str(&text);
                }
                if let Some(cell) = cell.as_mut() {
                    cell.push_str(&text);
                }
                if in_strong {
                    first_strong.push(text.to_string());
                }
            }
            _ => {}
        }
    }
    assert_eq!(heading, format!("Your result: {} out of 100", api["score"]));
    let band = api["band"]["name"].as_str().expect("band");
    assert_eq!(first_strong.get(1).map(String::as_str), Some(band), "{}", response.text);
    let pillars = api["pillars"].as_object().expect("pillars");
    assert_eq!(rows.len(), pillars.len(), "{rows:?}");
    for pillar in pillars.values() {
        let title = pillar["title"].as_str().expect("title");
        let average = format!("{:.2}", pillar["average"].as_f64().expect("average"));
        assert!(rows.contains(&vec![title.to_string(), average]), "{title}: {rows:?}");
    }
    let weakest = &pillars[api["weakestPillar"].as_str().expect("weakest")];
    let advice = format!("{}:", weakest["title"].as_str().expect("title"));
    assert_eq!(first_strong.get(2), Some(&advice), "the weakest pillar's advice first");
    // A problem is a 400 in markdown, the parameter shown as code.
    let problem = server.get_with("/ai-readiness/result/?a=21", &markdown).await;
    assert_eq!(problem.status, 400);
    assert_eq!(problem.header("content-type"), Some("text/markdown; charset=utf-8"));
    assert!(
        problem.text.contains("The link's answers (`a=`) should be 16 digits"),
        "{}",
        problem.text
    );
    // The twin tells a reader where the page is.
    let twin = server.get("/ai-readiness/index.md").await.text;
    assert!(twin.contains(&format!("`GET {SITE_URL}/ai-readiness/result/?a=`")), "{twin}");
}
