//! The content compiler: `content/` in, `tables.rs` out. Build time only.
//!
//! `build.rs` includes this module with `#[path]`; the server never links it. The pipeline,
//! in order: load → front matter → validate (then the origin placeholders of page bodies,
//! `origins.rs`) → render (pages, the JSON routes, the agent card) → documents of the agent
//! surfaces (the MCP listings, server cards and search corpora) → index (then the synonyms'
//! vocabulary check) → emit, then the answer engine's
//! stage (passages → company answers → emit, appended to the same module). Every content
//! problem is collected as a [`Diagnostic`] so one build reports all of them.

pub mod agent_card;
pub mod card;
pub mod company;
pub mod config;
pub mod csp;
pub mod date;
pub mod diagnostic;
pub mod discovery;
pub mod documents;
pub mod emit;
pub mod encode;
pub mod fingerprint_map;
pub mod front_matter;
pub mod index;
pub mod json;
pub mod load;
pub mod mcp;
pub mod openapi;
pub mod origins;
pub mod pages;
pub mod passages;
pub mod prose;
pub mod render;
pub mod str_map;
pub mod structured;
pub mod synonyms;
pub mod validate;

#[path = "../model.rs"]
pub mod model;
#[path = "../search/tokenize.rs"]
pub mod tokenize;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

pub use config::{Config, config_from_env};
use diagnostic::{Diagnostic, Diagnostics};
use emit::{EmitInput, FixedRoute};
use validate::Expectations;

/// What the compiler produced.
#[derive(Debug)]
pub struct Compiled {
    /// The generated Rust module.
    pub tables: String,
    /// The fixed routes, for tests and tooling.
    pub routes: Vec<FixedRoute>,
    /// The endpoint table as markdown, included in the router's documentation.
    pub endpoints_doc: String,
    /// Files to write next to `tables.rs` (precompressed bodies), by file name; the generated
    /// code includes them with `include_bytes!`.
    pub blobs: Vec<(String, Vec<u8>)>,
}

/// The contract's numbers, for the real content tree.
pub fn contract_expectations() -> Expectations {
    Expectations {
        services: model::N_SERVICES,
        industries: model::N_INDUSTRIES,
        case_studies: model::N_CASE_STUDIES,
        guides: model::N_GUIDES,
        categories: model::N_CATEGORIES,
        min_guides_per_category: 15,
        questions: model::N_QUESTIONS,
        scored_questions: model::N_SCORED,
        options: model::N_OPTIONS,
        bands: model::N_BANDS,
        pillar_keys: model::PILLAR_KEYS.iter().map(|k| k.to_string()).collect(),
        guide_min_words: 250,
        guide_max_words: 800,
        page_min_words: 120,
    }
}

const JSON: &str = "application/json; charset=utf-8";
const HTML: &str = "text/html; charset=utf-8";
const MARKDOWN: &str = "text/markdown; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";
const XML: &str = "application/xml; charset=utf-8";
const SVG: &str = "image/svg+xml";
/// Content changes only with a deploy; five minutes of freshness, then revalidation by ETag.
/// Every response also carries the client's own `RateLimit` state, which a shared cache must
/// not replay to another client: the qualified `private` (RFC 9111 section 5.2.2.7) lets a
/// shared cache store the response without that field, and a cache that does not implement
/// the qualified form treats it as plain `private` and stores nothing, which is also safe.
/// Must equal `wire::reply::CACHE_CONTENT`.
const CACHE_CONTENT: &str = "max-age=300, private=\"RateLimit\"";
/// Discovery documents change even more rarely.
const CACHE_METADATA: &str = "max-age=3600, private=\"RateLimit\"";

/// The line of the body of `source` (a page or guide) where it links to `link`: the first
/// line holding the link's target as a markdown link (`](/x/` or a reference's `]: /x/`).
fn link_line(content: &validate::Content, source: &Path, link: &str) -> Option<usize> {
    let pages = [&content.services, &content.industries, &content.case_studies, &content.docs];
    let page = pages.into_iter().flatten().find(|page| page.path == source);
    let (body, body_line) = match page {
        Some(page) => (&page.body, page.body_line),
        None => content
            .guides
            .iter()
            .find(|guide| guide.path == source)
            .map(|guide| (&guide.body, guide.lines.body))?,
    };
    let inline = format!("]({link}");
    let reference = format!("]: {link}");
    body.lines()
        .position(|line| line.contains(&inline) || line.contains(&reference))
        .map(|idx| body_line + idx)
}

/// Runs the whole pipeline over the content tree at `root`.
pub fn compile(
    root: &Path,
    config: &Config,
    expect: &Expectations,
) -> Result<Compiled, Vec<Diagnostic>> {
    let mut diagnostics = Diagnostics::default();
    let sources = load::load(root, &mut diagnostics);
    let content = validate::validate(&sources, expect, &mut diagnostics);
    let Some(mut content) = content.filter(|_| diagnostics.is_empty()) else {
        return Err(diagnostics.list);
    };
    validate::check_dates_not_after(root, &content, config.build_date, &mut diagnostics);
    origins::substitute(&mut content, config, &mut diagnostics);
    if !diagnostics.is_empty() {
        return Err(diagnostics.list);
    }

    let site_pages = pages::render_site(&content, config);
    let known: BTreeSet<&str> = site_pages.iter().map(|p| p.path.as_str()).collect();
    for page in &site_pages {
        for (source, link) in &page.links {
            if !known.contains(link.as_str()) {
                let diagnostic = Diagnostic::new(
                    source,
                    format!("links to `{link}`, which is not a page of the site"),
                );
                let diagnostic = match link_line(&content, source, link) {
                    Some(line) => diagnostic.line(line),
                    None => diagnostic,
                };
                diagnostics.push(
                    diagnostic
                        .field("body")
                        .hint("link to an existing /guides/<slug>/, /services/<slug>/, /industries/<slug>/ or /case-studies/<slug>/"),
                );
            }
        }
    }
    if !diagnostics.is_empty() {
        return Err(diagnostics.list);
    }

    let mut routes = Vec::new();
    let mut json_route = |path: String, value: serde_json::Value, cache: &'static str| {
        routes.push(FixedRoute {
            path,
            content_type: JSON,
            cache_control: cache,
            body: json::to_string(&value),
        });
    };
    json_route("/v1".into(), json::api_index(config, &content), CACHE_CONTENT);
    let kinds = [
        ("services", &content.services),
        ("industries", &content.industries),
        ("case-studies", &content.case_studies),
    ];
    for (kind, items) in kinds {
        let key = if kind == "case-studies" { "caseStudies" } else { kind };
        json_route(
            format!("/v1/{kind}"),
            serde_json::json!({ key: json::pages(config, kind, items) }),
            CACHE_CONTENT,
        );
        // The contract has item routes for services and case studies only.
        if kind != "industries" {
            for page in items.iter() {
                json_route(
                    format!("/v1/{kind}/{}", page.slug),
                    json::page(config, kind, page),
                    CACHE_CONTENT,
                );
            }
        }
    }
    json_route("/v1/resources/categories".into(), json::categories(&content), CACHE_CONTENT);
    json_route("/v1/ai-readiness/questions".into(), json::assessment(&content), CACHE_CONTENT);
    json_route("/v1/contact".into(), json::contact(config, &content), CACHE_CONTENT);
    let openapi = openapi::document(config, &content)
        .map_err(|message| vec![Diagnostic::new(Path::new("src/model.rs"), message)])?;
    json_route("/openapi.json".into(), openapi.clone(), CACHE_CONTENT);
    json_route(
        "/.well-known/oauth-authorization-server".into(),
        json::authorization_server_metadata(config),
        CACHE_METADATA,
    );
    // RFC 9728 section 3.1: the metadata of the resource `{api_base}/v1/export` is at the
    // well-known path with the resource's path appended. SPEC puts it at the root of
    // {auth_url} too, where the export's challenge points; both serve the same document.
    let resource_metadata = json::protected_resource_metadata(config, &content);
    json_route(
        "/.well-known/oauth-protected-resource".into(),
        resource_metadata.clone(),
        CACHE_METADATA,
    );
    json_route(
        "/.well-known/oauth-protected-resource/v1/export".into(),
        resource_metadata,
        CACHE_METADATA,
    );
    let card = agent_card::card(config, &content);
    for path in agent_card::CARD_PATHS {
        json_route(path.into(), card.clone(), CACHE_METADATA);
    }
    let mut text_route = |path: &str, content_type: &'static str, cache_control, body: String| {
        routes.push(FixedRoute { path: path.to_string(), content_type, cache_control, body });
    };
    text_route("/robots.txt", TEXT, CACHE_CONTENT, discovery::robots_txt(config));
    text_route("/sitemap.xml", XML, CACHE_CONTENT, discovery::sitemap_xml(config, &site_pages));
    text_route("/llms.txt", TEXT, CACHE_CONTENT, discovery::llms_txt(config, &content));
    text_route(
        "/llms-full.txt",
        TEXT,
        CACHE_CONTENT,
        discovery::llms_full_txt(config, &content, &site_pages),
    );
    text_route(
        discovery::SECURITY_TXT_PATH,
        TEXT,
        CACHE_METADATA,
        discovery::security_txt(config, &content),
    );
    text_route("/favicon.svg", SVG, CACHE_METADATA, pages::FAVICON_SVG.to_string());
    // Clients that ask for /favicon.ico without reading the page's `<link rel="icon">` get the
    // same SVG, labelled as such; every browser that shows favicons renders SVG.
    text_route("/favicon.ico", SVG, CACHE_METADATA, pages::FAVICON_SVG.to_string());
    let mut page_links = Vec::new();
    for page in site_pages {
        let twin = format!("{}index.md", page.path);
        let url = format!("{}{}", config.site_url, page.path);
        page_links.push(emit::PageLink {
            path: twin.clone(),
            twin: None,
            link: format!("<{url}>; rel=\"canonical\"; type=\"text/html\""),
        });
        // The page's own JSON, where the head names it, is in the header too: an agent that
        // sends HEAD learns both of the page's other forms without reading the HTML.
        let mut link = format!("<{url}index.md>; rel=\"alternate\"; type=\"text/markdown\"");
        if let Some(json) = &page.json {
            let _ = write!(link, ", <{json}>; rel=\"alternate\"; type=\"application/json\"");
        }
        page_links.push(emit::PageLink { path: page.path.clone(), twin: Some(twin.clone()), link });
        routes.push(FixedRoute {
            path: twin,
            content_type: MARKDOWN,
            cache_control: CACHE_CONTENT,
            body: page.markdown,
        });
        routes.push(FixedRoute {
            path: page.path,
            content_type: HTML,
            cache_control: CACHE_CONTENT,
            body: page.html,
        });
    }
    let runtime = pages::render_runtime(&content, config);
    let expected_pieces = content.categories.len() + 8;
    if runtime.search_page.len() != expected_pieces {
        return Err(vec![Diagnostic::new(
            root,
            format!(
                "the search page template has {} pieces, expected {expected_pieces}: a content field holds the control character U+0001",
                runtime.search_page.len()
            ),
        )]);
    }
    let by_path: std::collections::BTreeMap<&str, &str> =
        routes.iter().map(|route| (route.path.as_str(), route.body.as_str())).collect();
    let published = |path: &str| by_path.get(path).copied();
    let mcp::McpBuild { servers: mcp_servers, routes: cards, interview_prompt } = mcp::build(
        config, &content, &openapi, &published,
    )
    .map_err(|message| {
        // The only content a card's text comes from is the company name.
        let hint =
            "shorten the company name: a server card's title and description hold 100 characters";
        vec![Diagnostic::new(&root.join("site.toml"), message).field("company").hint(hint)]
    })?;
    let documents = documents::build(config, &content, &openapi, &published);
    routes.extend(cards.into_iter().map(|card| FixedRoute {
        path: card.path,
        content_type: card.content_type,
        cache_control: CACHE_METADATA,
        body: card.body,
    }));
    routes.sort_by(|a, b| a.path.cmp(&b.path));
    if let Some(pair) = routes.windows(2).find(|pair| pair[0].path == pair[1].path) {
        return Err(vec![Diagnostic::new(
            root,
            format!("two responses for the route `{}`", pair[0].path),
        )]);
    }

    let search_index = index::build_index(&content.guides, &content.synonyms);
    synonyms::check_used(
        &content.synonyms_file,
        &content.synonyms,
        |key| search_index.occurs(key),
        &mut diagnostics,
    );
    if !diagnostics.is_empty() {
        return Err(diagnostics.list);
    }
    let guide_json_open: Vec<String> = content
        .guides
        .iter()
        .map(|guide| {
            let text = json::to_string(&json::resource(config, &content, guide));
            text[..text.len() - 1].to_string()
        })
        .collect();
    let export_head = json::export_head(config, &content);
    let export_streams = encode::open_streams(export_head.as_bytes());
    let bodies: Vec<&str> = routes.iter().map(|route| route.body.as_str()).collect();
    let variants = encode::encode_all(&bodies);
    // Every HTML text the build emits, for the hashes of their inline scripts and styles.
    let html_texts = routes
        .iter()
        .filter(|route| route.content_type == HTML)
        .map(|route| route.body.as_str())
        .chain(runtime.search_page.iter().map(String::as_str))
        .chain(runtime.assessment_result.iter().map(String::as_str))
        .chain(std::iter::once(runtime.assessment_result_cta.as_str()))
        .chain(std::iter::once(runtime.not_found.as_str()))
        .chain(runtime.rate_limited.iter().map(String::as_str))
        .chain(std::iter::once(runtime.bad_host.as_str()));
    let html_csp = csp::html_policy(config, html_texts);
    let mut blobs = Vec::new();
    let tables = emit::emit(&mut EmitInput {
        config,
        content: &content,
        routes: &routes,
        variants: &variants,
        blobs: &mut blobs,
        index: &search_index,
        guide_json_open: &guide_json_open,
        export_head: &export_head,
        export_streams: &export_streams,
        page_links: &page_links,
        runtime: &runtime,
        html_csp: &html_csp,
        mcp_servers: &mcp_servers,
        interview_prompt: &interview_prompt,
        documents: &documents,
    });
    let tables = tables + &answer_tables(config, &content);
    Ok(Compiled { tables, routes, endpoints_doc: emit::endpoints_markdown(), blobs })
}

/// The answer engine's stage: passages and their index over every content type, and the
/// canned company answers, emitted after the other tables.
fn answer_tables(config: &Config, content: &validate::Content) -> String {
    let answer_index = passages::build(config, content);
    let canned = company::answers(config, content, &answer_index);
    emit::emit_answer(
        &answer_index,
        &canned,
        &company::not_covered(content),
        &company::how_to_score(config),
    )
}
