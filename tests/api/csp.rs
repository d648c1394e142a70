//! The security policy of the HTML responses: every kind of page carries
//! `Content-Security-Policy`, `Cross-Origin-Opener-Policy` and `Referrer-Policy`; every inline
//! script and style a served page holds is allowed by its hash, and nothing else is (no
//! external script or stylesheet, no `style` or event-handler attribute). Non-HTML responses
//! carry none of them.
//!
//! The page is read here with a tokenizer of its own, not the compiler's, and each block hashed
//! with sha2: a block added to a page that the policy does not name fails this test.

use std::collections::BTreeSet;

use base64::Engine as _;
use consultancy_api::tables::{API_BASE, FIXED, SITE_URL};
use sha2::{Digest, Sha256};

use crate::support::{Checked, Setup, TestServer, start, start_with};

const HTML: &str = "text/html; charset=utf-8";

/// One start tag of a page: its lowercased name, its attributes (lowercased names, values with
/// the quotes taken off, not unescaped), and for `script` and `style` the raw text up to the
/// end tag.
#[derive(Debug)]
struct Tag<'a> {
    name: String,
    attributes: Vec<(String, &'a str)>,
    text: Option<&'a str>,
}

impl Tag<'_> {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }
}

/// The start tags of `html`, in order (HTML's tokenizer, reduced to what the pages use:
/// comments, the doctype, end tags, quoted and unquoted attribute values, raw text elements).
fn tags<'a>(path: &str, html: &'a str) -> Vec<Tag<'a>> {
    let bytes = html.as_bytes();
    let mut tags = Vec::new();
    let mut at = 0;
    while let Some(found) = html[at..].find('<') {
        at += found + 1;
        if html[at..].starts_with("!--") {
            at += html[at..].find("-->").unwrap_or_else(|| panic!("{path}: open comment")) + 3;
            continue;
        }
        if !bytes.get(at).is_some_and(u8::is_ascii_alphabetic) {
            // An end tag, the doctype, or a `<` in text (which a page escapes anyway).
            continue;
        }
        let name_len = html[at..]
            .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
            .unwrap_or_else(|| panic!("{path}: unclosed tag"));
        let name = html[at..at + name_len].to_ascii_lowercase();
        at += name_len;
        let mut attributes = Vec::new();
        loop {
            while bytes[at].is_ascii_whitespace() || bytes[at] == b'/' {
                at += 1;
            }
            if bytes[at] == b'>' {
                at += 1;
                break;
            }
            let attr_len = html[at..]
                .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>' || c == '/')
                .unwrap_or_else(|| panic!("{path}: unclosed tag <{name}"));
            let attr = html[at..at + attr_len].to_ascii_lowercase();
            at += attr_len;
            let mut value = "";
            if bytes[at] == b'=' {
                at += 1;
                if bytes[at] == b'"' || bytes[at] == b'\'' {
                    let quote = bytes[at] as char;
                    let end = html[at + 1..]
                        .find(quote)
                        .unwrap_or_else(|| panic!("{path}: unclosed value of {attr}"));
                    value = &html[at + 1..at + 1 + end];
                    at += end + 2;
                } else {
                    let end = html[at..]
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .unwrap_or_else(|| panic!("{path}: unclosed tag <{name}"));
                    value = &html[at..at + end];
                    at += end;
                }
            }
            attributes.push((attr, value));
        }
        let text = if name == "script" || name == "style" {
            let close = format!("</{name}");
            let end = html[at..]
                .to_ascii_lowercase()
                .find(&close)
                .unwrap_or_else(|| panic!("{path}: <{name}> never closed"));
            let text = &html[at..at + end];
            at += end;
            Some(text)
        } else {
            None
        };
        tags.push(Tag { name, attributes, text });
    }
    tags
}

/// The sources of one directive of a policy.
fn directive<'a>(policy: &'a str, name: &str) -> Vec<&'a str> {
    let found: Vec<Vec<&str>> = policy
        .split(';')
        .map(|d| d.split_ascii_whitespace().collect::<Vec<_>>())
        .filter(|d| d.first() == Some(&name))
        .collect();
    assert_eq!(found.len(), 1, "{name} once in {policy}");
    found[0][1..].to_vec()
}

fn hash_source(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// Whether a `<script>` with this `type` runs (HTML: no type, a JavaScript MIME type, `module`);
/// a data block such as JSON-LD does not, and CSP does not apply to it.
fn executable(kind: Option<&str>) -> bool {
    match kind.map(|k| k.trim().to_ascii_lowercase()) {
        None => true,
        Some(kind) => {
            ["", "text/javascript", "application/javascript", "module"].contains(&kind.as_str())
        }
    }
}

/// Asserts the headers of an HTML response and that the policy allows exactly what its page
/// holds: each inline script and style by hash, nothing loaded from elsewhere, no inline
/// attribute the policy would block. Returns the hashes the page uses.
fn check_page(what: &str, page: &Checked) -> BTreeSet<String> {
    assert_eq!(page.header("content-type"), Some(HTML), "{what}");
    assert_eq!(page.header("cross-origin-opener-policy"), Some("same-origin"), "{what}");
    assert_eq!(page.header("referrer-policy"), Some("strict-origin-when-cross-origin"), "{what}");
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"), "{what}");
    assert_eq!(page.headers.get_all("content-security-policy").iter().count(), 1, "{what}");
    let policy = page.header("content-security-policy").unwrap_or_else(|| panic!("{what}: CSP"));
    assert_eq!(directive(policy, "default-src"), ["'none'"], "{what}");
    assert_eq!(directive(policy, "base-uri"), ["'none'"], "{what}");
    assert_eq!(directive(policy, "frame-ancestors"), ["'none'"], "{what}");
    assert_eq!(directive(policy, "form-action"), [SITE_URL], "{what}");
    assert_eq!(directive(policy, "img-src"), [SITE_URL], "{what}");
    assert_eq!(directive(policy, "connect-src"), [API_BASE], "{what}");
    let scripts = directive(policy, "script-src");
    let styles = directive(policy, "style-src");
    for source in scripts.iter().chain(&styles) {
        assert!(source.starts_with("'sha256-"), "{what}: only hashes allow code: {source}");
    }
    let mut used = BTreeSet::new();
    for tag in tags(what, &page.text) {
        for (name, value) in &tag.attributes {
            assert!(
                !(name.starts_with("on") || name == "style"),
                "{what}: <{} {name}=\"{value}\"> is blocked by the policy",
                tag.name
            );
            assert!(
                !value.trim_start().to_ascii_lowercase().starts_with("javascript:"),
                "{what}: a javascript: URL in <{} {name}>",
                tag.name
            );
        }
        match tag.name.as_str() {
            "script" if executable(tag.attribute("type")) => {
                assert!(tag.attribute("src").is_none(), "{what}: an external script");
                let source = hash_source(tag.text.unwrap_or_default());
                assert!(
                    scripts.contains(&source.as_str()),
                    "{what}: an inline script whose hash {source} is not in script-src"
                );
                used.insert(source);
            }
            "style" => {
                let source = hash_source(tag.text.unwrap_or_default());
                assert!(
                    styles.contains(&source.as_str()),
                    "{what}: an inline style whose hash {source} is not in style-src"
                );
                used.insert(source);
            }
            "link" => {
                let rel = tag.attribute("rel").unwrap_or_default().to_ascii_lowercase();
                assert!(!rel.split_whitespace().any(|r| r == "stylesheet"), "{what}: a stylesheet");
                if rel.split_whitespace().any(|r| r == "icon") {
                    let href = tag.attribute("href").unwrap_or_default();
                    assert!(href.starts_with(&format!("{SITE_URL}/")), "{what}: icon {href}");
                }
            }
            "img" | "iframe" | "object" | "embed" | "base" => {
                panic!("{what}: a <{}> the policy does not allow", tag.name)
            }
            "form" => {
                let action = tag.attribute("action").unwrap_or_default();
                assert!(action.starts_with(&format!("{SITE_URL}/")), "{what}: form to {action}");
                let api = tag.attribute("data-search").unwrap_or(API_BASE);
                assert!(api.starts_with(API_BASE), "{what}: the search box calls {api}");
            }
            _ => {}
        }
    }
    used
}

async fn html(server: &TestServer, path: &str) -> Checked {
    server.get_with(path, &[("accept", "text/html,*/*;q=0.8")]).await
}

#[tokio::test]
async fn every_html_page_carries_the_policy_and_its_inline_code_is_hashed() {
    let server = start().await;
    let mut used = BTreeSet::new();
    let mut pages = 0;
    for (path, fixed) in FIXED.entries() {
        if !fixed.content_type.starts_with("text/html") {
            continue;
        }
        let page = html(&server, path).await;
        assert_eq!(page.status, 200, "{path}");
        used.extend(check_page(path, &page));
        pages += 1;
    }
    assert!(pages > 100, "every page kind: {pages} pages");
    let indices =
        "q0=2&q1=0&q2=1&q3=2&q4=3&q5=4&q6=0&q7=1&q8=2&q9=3&q10=4&q11=0&q12=1&q13=2&q14=3&q15=4";
    for (path, status) in [
        ("/search/".to_string(), 200),
        ("/search/?q=data+quality".to_string(), 200),
        ("/search/?q=x&category=Nonsense".to_string(), 400),
        (format!("/ai-readiness/result/?{indices}"), 200),
        ("/ai-readiness/result/?q0=1".to_string(), 400),
        ("/no/such/page/".to_string(), 404),
    ] {
        let page = html(&server, &path).await;
        assert_eq!(page.status, status, "{path}");
        used.extend(check_page(&path, &page));
    }
    // The policy names nothing no page uses (a stale hash would allow code nobody reviewed).
    let policy = html(&server, "/").await.header("content-security-policy").map(str::to_string);
    let policy = policy.expect("CSP");
    let named: BTreeSet<String> = directive(&policy, "script-src")
        .into_iter()
        .chain(directive(&policy, "style-src"))
        .map(str::to_string)
        .collect();
    assert_eq!(named, used, "every hash in the policy is a block some page holds");
    // The site script, the assessment's script and the stylesheet: three blocks.
    assert_eq!(used.len(), 3, "{used:?}");
}

/// The pages of the refusals made before routing (the rate limit's 429 here) are the site's
/// pages and meet the same policy: their inline stylesheet and scripts are allowed by hash,
/// the same hashes every other page uses, so the page shows styled in a browser.
#[tokio::test]
async fn the_rate_limit_page_is_allowed_by_the_policy() {
    let server = start_with(Setup { rate_limit: 1, ..Setup::default() }).await;
    assert_eq!(html(&server, "/").await.status, 200);
    let page = html(&server, "/guides/").await;
    assert_eq!(page.status, 429, "{}", page.text);
    let used = check_page("429", &page);
    assert!(used.len() >= 2, "the stylesheet and the site script: {used:?}");
}

/// The tokenizer finds what the check relies on: a script added without its hash would be
/// seen, and so would a `style` or `on…` attribute.
#[test]
fn the_page_reader_sees_scripts_styles_and_inline_attributes() {
    let page = "<!doctype html><html><head><!-- <script>no</script> --><style>a{}</style>\
<script type=\"application/ld+json\">{\"a\":\"</b>\"}</script></head><body class=x>\
<p style=\"color:red\" onclick='go()'>t</p><SCRIPT>\nrun();</SCRIPT><br/></body></html>";
    let found = tags("sample", page);
    let names: Vec<&str> = found.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["html", "head", "style", "script", "body", "p", "script", "br"]);
    assert_eq!(found[2].text, Some("a{}"));
    assert!(!executable(found[3].attribute("type")));
    assert_eq!(found[5].attribute("style"), Some("color:red"));
    assert_eq!(found[5].attribute("onclick"), Some("go()"));
    assert_eq!(found[6].text, Some("\nrun();"));
    assert!(executable(found[6].attribute("type")));
    assert_eq!(found[4].attribute("class"), Some("x"));
}

#[tokio::test]
async fn responses_that_are_not_html_carry_no_page_policy() {
    let server = start().await;
    let twin = FIXED
        .entries()
        .find(|(path, fixed)| {
            fixed.content_type.starts_with("text/markdown") && path.ends_with("index.md")
        })
        .map(|(path, _)| *path)
        .expect("a twin");
    for (path, accept) in [
        ("/v1", "application/json"),
        ("/v1/resources?q=data", "application/json"),
        ("/openapi.json", "*/*"),
        ("/no/such/page/", "application/json"),
        ("/guides/", "text/markdown"),
        (twin, "*/*"),
        ("/llms.txt", "*/*"),
        ("/favicon.svg", "*/*"),
    ] {
        let response = server.get_with(path, &[("accept", accept)]).await;
        assert!(
            !response.header("content-type").unwrap_or_default().starts_with("text/html"),
            "{path}"
        );
        for name in ["content-security-policy", "cross-origin-opener-policy", "referrer-policy"] {
            assert_eq!(response.header(name), None, "{path}: {name}");
        }
        assert_eq!(response.header("x-content-type-options"), Some("nosniff"), "{path}");
    }
}
