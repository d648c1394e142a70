//! JSON-LD (schema.org) for every page, built at compile time and embedded in the page head.
//!
//! Each page carries one `@graph`: the page's main entity (Organization and WebSite on the
//! home page, Service for services, Article with `about` and `articleSection` for guides and
//! case studies, TechArticle for documentation, CollectionPage for listings) and a
//! BreadcrumbList everywhere. Guides carry no FAQPage: its answers would have to be full
//! answers to each question (Google's FAQ guidelines), and a guide's answer is the guide. The required and
//! recommended properties follow Google's structured-data guidelines; `tests/api/site.rs`
//! checks them on every page.

use serde_json::{Value, json};

use super::date::Date;
use super::validate::{Content, Guide, Page};

/// One step of a breadcrumb trail: name and absolute URL.
#[derive(Debug, Clone)]
pub struct Crumb {
    pub name: String,
    pub url: String,
}

/// What kind of entity a page is about, with the fields its JSON-LD needs.
#[derive(Debug)]
pub enum Entity<'a> {
    Home,
    Service(&'a Page),
    Industry(&'a Page),
    CaseStudy(&'a Page),
    Doc {
        name: &'a str,
        description: &'a str,
    },
    Guide(&'a Guide),
    /// A listing of `(name, url)` items.
    Collection {
        name: &'a str,
        description: &'a str,
        items: Vec<(String, String)>,
    },
    Assessment {
        name: &'a str,
        description: &'a str,
    },
}

/// Everything about the page besides its entity.
#[derive(Debug)]
pub struct PageFacts<'a> {
    pub site: &'a str,
    pub url: String,
    pub lastmod: Date,
    pub breadcrumbs: &'a [Crumb],
}

/// The page's JSON-LD document.
pub fn json_ld(content: &Content, facts: &PageFacts<'_>, entity: &Entity<'_>) -> Value {
    let site = facts.site;
    let organization = organization_ref(content, site);
    let url = &facts.url;
    let modified = facts.lastmod.to_string();
    let mut graph = Vec::new();
    match entity {
        Entity::Home => {
            graph.push(organization_full(content, site));
            graph.push(json!({
                "@type": "WebSite",
                "@id": format!("{site}/#website"),
                "name": content.site.company,
                "url": format!("{site}/"),
                "description": content.site.tagline,
                "inLanguage": "en-GB",
                "publisher": organization,
                "potentialAction": {
                    "@type": "SearchAction",
                    "target": {
                        "@type": "EntryPoint",
                        "urlTemplate": format!("{site}/search/?q={{search_term_string}}"),
                    },
                    "query-input": "required name=search_term_string",
                },
            }));
        }
        Entity::Service(page) => graph.push(json!({
            "@type": "Service",
            "name": page.name,
            "serviceType": page.name,
            "description": page.description,
            "url": url,
            "provider": organization,
        })),
        Entity::Industry(page) => graph.push(json!({
            "@type": "WebPage",
            "name": page.name,
            "description": page.description,
            "url": url,
            "about": { "@type": "Thing", "name": page.name },
            "publisher": organization,
            "dateModified": modified,
            "inLanguage": "en-GB",
        })),
        Entity::CaseStudy(page) => graph.push(json!({
            "@type": "Article",
            "headline": page.name,
            "description": page.description,
            "url": url,
            "mainEntityOfPage": url,
            "articleSection": "Case studies",
            "author": organization,
            "publisher": organization,
            "dateModified": modified,
            "inLanguage": "en-GB",
        })),
        Entity::Doc { name, description } => graph.push(json!({
            "@type": "TechArticle",
            "headline": name,
            "description": description,
            "url": url,
            "mainEntityOfPage": url,
            "author": organization,
            "publisher": organization,
            "dateModified": modified,
            "inLanguage": "en-GB",
        })),
        Entity::Guide(guide) => {
            let category = &content.categories[guide.category];
            graph.push(json!({
                "@type": "Article",
                "headline": guide.title,
                "description": guide.description,
                "url": url,
                "mainEntityOfPage": url,
                "articleSection": category.name,
                "about": {
                    "@type": "Thing",
                    "name": category.name,
                    "description": category.description,
                },
                "author": organization,
                "publisher": organization,
                "dateModified": modified,
                "inLanguage": "en-GB",
            }));
        }
        Entity::Collection { name, description, items } => {
            let elements: Vec<Value> = items
                .iter()
                .enumerate()
                .map(|(idx, (name, item_url))| {
                    json!({ "@type": "ListItem", "position": idx + 1, "name": name, "url": item_url })
                })
                .collect();
            graph.push(json!({
                "@type": "CollectionPage",
                "name": name,
                "description": description,
                "url": url,
                "publisher": organization,
                "inLanguage": "en-GB",
                "mainEntity": {
                    "@type": "ItemList",
                    "numberOfItems": elements.len(),
                    "itemListElement": elements,
                },
            }));
        }
        Entity::Assessment { name, description } => graph.push(json!({
            "@type": "WebApplication",
            "name": name,
            "description": description,
            "url": url,
            "applicationCategory": "BusinessApplication",
            "operatingSystem": "Any (runs in the browser)",
            "isAccessibleForFree": true,
            "provider": organization,
            "inLanguage": "en-GB",
        })),
    }
    graph.push(breadcrumb_list(facts.breadcrumbs));
    json!({ "@context": "https://schema.org", "@graph": graph })
}

/// The JSON-LD as it goes inside `<script type="application/ld+json">`: `<`, `>` and `&` are
/// written as JSON escapes so no content can close the script element.
pub fn script_text(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

fn breadcrumb_list(crumbs: &[Crumb]) -> Value {
    let elements: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(idx, crumb)| {
            json!({ "@type": "ListItem", "position": idx + 1, "name": crumb.name, "item": crumb.url })
        })
        .collect();
    json!({ "@type": "BreadcrumbList", "itemListElement": elements })
}

fn organization_id(site: &str) -> String {
    format!("{site}/#organization")
}

/// The organization as other nodes cite it: enough to stand alone on any page.
fn organization_ref(content: &Content, site: &str) -> Value {
    json!({
        "@type": "Organization",
        "@id": organization_id(site),
        "name": content.site.company,
        "url": format!("{site}/"),
    })
}

fn organization_full(content: &Content, site: &str) -> Value {
    let mut organization = json!({
        "@type": "Organization",
        "@id": organization_id(site),
        "name": content.site.company,
        "url": format!("{site}/"),
        "logo": format!("{site}/favicon.svg"),
        "slogan": content.site.tagline,
        "description": content.site.description,
        "email": content.contact.email,
    });
    if let Some(location) = &content.contact.location {
        // Where the firm is (schema.org `location` takes text), not the area it serves.
        organization["location"] = json!(location);
    }
    organization
}
