//! The content compiler: `content/` in, `tables.rs` out. Build time only.
//!
//! `build.rs` includes this module with `#[path]`; the server never links it. The pipeline,
//! in order: load → front matter → validate → render → index (then the synonyms' vocabulary
//! check) → emit. Every content problem is collected as a [`Diagnostic`] so one build reports
//! all of them.

pub mod diagnostic;
pub mod emit;
pub mod front_matter;
pub mod index;
pub mod json;
pub mod load;
pub mod openapi;
pub mod pages;
pub mod render;
pub mod synonyms;
pub mod validate;

#[path = "../model.rs"]
pub mod model;
#[path = "../search/tokenize.rs"]
pub mod tokenize;

use std::collections::BTreeSet;
use std::path::Path;

use diagnostic::{Diagnostic, Diagnostics};
use emit::{EmitInput, FixedRoute};
use validate::Expectations;

/// Build-time configuration: the public origins and the flavour.
#[derive(Debug, Clone)]
pub struct Config {
    /// {base_url}: the production API origin, no trailing slash.
    pub production_base: String,
    /// {sandbox_base_url}.
    pub sandbox_base: String,
    /// {auth_url}: the OAuth issuer origin.
    pub auth_url: String,
    /// The website origin of every content `url`.
    pub site_url: String,
    /// Building the sandbox flavour.
    pub sandbox: bool,
    /// The API description version (`info.version`).
    pub version: String,
    /// The API origin of this flavour: `sandbox_base` in the sandbox, else `production_base`.
    pub api_base: String,
    pub deprecation: Option<DeprecationConfig>,
}

/// Build-time deprecation settings; see `model::Deprecation`.
#[derive(Debug, Clone)]
pub struct DeprecationConfig {
    pub deprecation: String,
    pub sunset: Option<String>,
    pub link: String,
}

/// What the compiler produced.
#[derive(Debug)]
pub struct Compiled {
    /// The generated Rust module.
    pub tables: String,
    /// The fixed routes, for tests and tooling.
    pub routes: Vec<FixedRoute>,
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
/// Content changes only with a deploy; five minutes of freshness, then revalidation by ETag.
const CACHE_CONTENT: &str = "public, max-age=300";
/// Discovery documents change even more rarely.
const CACHE_METADATA: &str = "public, max-age=3600";

/// Runs the whole pipeline over the content tree at `root`.
pub fn compile(
    root: &Path,
    config: &Config,
    expect: &Expectations,
) -> Result<Compiled, Vec<Diagnostic>> {
    let mut diagnostics = Diagnostics::default();
    let sources = load::load(root, &mut diagnostics);
    let content = validate::validate(&sources, expect, &mut diagnostics);
    let Some(content) = content.filter(|_| diagnostics.is_empty()) else {
        return Err(diagnostics.list);
    };

    let site_pages = pages::render_site(&content, config);
    let known: BTreeSet<&str> = site_pages.iter().map(|p| p.path.as_str()).collect();
    for page in &site_pages {
        for (source, link) in &page.links {
            if !known.contains(link.as_str()) {
                diagnostics.push(
                    Diagnostic::new(source, format!("links to `{link}`, which is not a page of the site"))
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
    json_route("/openapi.json".into(), openapi::document(config, &content), CACHE_CONTENT);
    json_route(
        "/.well-known/oauth-authorization-server".into(),
        json::authorization_server_metadata(config),
        CACHE_METADATA,
    );
    json_route(
        "/.well-known/oauth-protected-resource".into(),
        json::protected_resource_metadata(config, &content),
        CACHE_METADATA,
    );
    for page in site_pages {
        routes.push(FixedRoute {
            path: format!("{}index.md", page.path),
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
    let export_tail = json::export_tail(config, &content);
    let tables = emit::emit(&EmitInput {
        config,
        content: &content,
        routes: &routes,
        index: &search_index,
        guide_json_open: &guide_json_open,
        export_tail: &export_tail,
    });
    Ok(Compiled { tables, routes })
}

/// Reads the build configuration through `var` (the environment in `build.rs`, a map in
/// tests) and checks every value, so a bad origin fails the build with a clear message.
pub fn config_from_env(
    var: impl Fn(&str) -> Option<String>,
    sandbox: bool,
    version: &str,
    local_origin: &str,
) -> Result<Config, String> {
    let origin = |name: &str, default: &str| -> Result<String, String> {
        let value = var(name).unwrap_or_else(|| default.to_string());
        check_origin(&value).map_err(|why| format!("{name}=`{value}` is not an origin: {why}"))?;
        Ok(value)
    };
    let production_base = origin("CONSULTANCY_BASE_URL", local_origin)?;
    let sandbox_base = origin("CONSULTANCY_SANDBOX_BASE_URL", local_origin)?;
    let api_base = if sandbox { sandbox_base.clone() } else { production_base.clone() };
    let auth_url = origin("CONSULTANCY_AUTH_URL", &api_base)?;
    let site_url = origin("CONSULTANCY_SITE_URL", &api_base)?;
    let deprecation = match var("CONSULTANCY_DEPRECATION") {
        None => None,
        Some(deprecation) => {
            let epoch = deprecation
                .strip_prefix('@')
                .and_then(|digits| digits.parse::<u64>().ok())
                .ok_or_else(|| format!("CONSULTANCY_DEPRECATION=`{deprecation}` must be `@` and Unix seconds (RFC 9745)"))?;
            let sunset = match var("CONSULTANCY_SUNSET") {
                None => None,
                Some(sunset) => {
                    let when = httpdate::parse_http_date(&sunset)
                        .map_err(|_| format!("CONSULTANCY_SUNSET=`{sunset}` must be an HTTP-date such as `Fri, 31 Dec 2027 23:59:59 GMT`"))?;
                    let secs = when
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_secs())
                        .unwrap_or(0);
                    if secs < epoch {
                        return Err("CONSULTANCY_SUNSET is earlier than CONSULTANCY_DEPRECATION (RFC 9745 section 4)".into());
                    }
                    Some(httpdate::fmt_http_date(when))
                }
            };
            let link = var("CONSULTANCY_DEPRECATION_LINK")
                .ok_or("CONSULTANCY_DEPRECATION needs CONSULTANCY_DEPRECATION_LINK, the migration documentation")?;
            Some(DeprecationConfig { deprecation, sunset, link })
        }
    };
    Ok(Config {
        production_base,
        sandbox_base,
        auth_url,
        site_url,
        sandbox,
        version: version.to_string(),
        api_base,
        deprecation,
    })
}

/// An origin is `http(s)://host[:port]`: no path, no trailing slash, no query.
pub fn check_origin(value: &str) -> Result<(), &'static str> {
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"))
        .ok_or("it must start with http:// or https://")?;
    if rest.is_empty() {
        return Err("the host is missing");
    }
    if rest.contains(['/', '?', '#', ' ', '"', '<', '>', '\\']) {
        return Err(
            "it must be scheme://host[:port] with no path, trailing slash, query or spaces",
        );
    }
    Ok(())
}
