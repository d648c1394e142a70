//! The JSON bodies of the fixed API routes, serialised once at build time.
//!
//! Key order follows the contract's field tables (serde_json's `preserve_order`).

use serde_json::{Value, json};

use super::config::Config;
use super::pages::item_path;
use super::validate::{Content, Guide, Page};

/// Serialises `value` compactly; building a `Value` cannot fail to serialise.
pub fn to_string(value: &Value) -> String {
    value.to_string()
}

/// A Page object of the contract.
pub fn page(config: &Config, kind: &str, page: &Page) -> Value {
    json!({
        "name": page.name,
        "slug": page.slug,
        "url": format!("{}{}", config.site_url, item_path(kind, &page.slug)),
        "description": page.description,
    })
}

/// A Resource object (a guide) of the contract, without `relevance`.
pub fn resource(config: &Config, content: &Content, guide: &Guide) -> Value {
    json!({
        "title": guide.title,
        "slug": guide.slug,
        "url": format!("{}{}", config.site_url, item_path("guides", &guide.slug)),
        "category": content.categories[guide.category].name,
        "description": guide.description,
        "answers": guide.answers,
    })
}

pub fn pages(config: &Config, kind: &str, pages: &[Page]) -> Value {
    Value::Array(pages.iter().map(|p| page(config, kind, p)).collect())
}

pub fn categories(content: &Content) -> Value {
    let categories: Vec<Value> = content
        .categories
        .iter()
        .enumerate()
        .map(|(idx, c)| json!({"name": c.name, "articles": content.guides.iter().filter(|g| g.category == idx).count()}))
        .collect();
    json!({ "categories": categories })
}

pub fn assessment(content: &Content) -> Value {
    let assessment = &content.assessment;
    let sections: Vec<Value> = assessment
        .sections
        .iter()
        .map(|section| {
            let questions: Vec<Value> = section
                .questions
                .iter()
                .map(|q| {
                    let mut question = json!({"q": q.q, "scored": q.scored});
                    if let Some(ctx) = &q.ctx {
                        question["ctx"] = json!(ctx);
                    }
                    question["opts"] = json!(q.opts);
                    question
                })
                .collect();
            let mut value = json!({"title": section.title, "key": section.key});
            if let Some(desc) = &section.desc {
                value["desc"] = json!(desc);
            }
            value["questions"] = Value::Array(questions);
            value
        })
        .collect();
    let bands: Vec<Value> =
        assessment.bands.iter().map(|b| json!({"min": b.min, "name": b.name})).collect();
    let mut value = json!({"title": assessment.title});
    if let Some(instructions) = &assessment.instructions {
        value["instructions"] = json!(instructions);
    }
    value["sections"] = Value::Array(sections);
    value["bands"] = Value::Array(bands);
    value
}

pub fn contact(config: &Config, content: &Content) -> Value {
    let contact = &content.contact;
    let mut value = json!({"company": contact.company});
    if let Some(location) = &contact.location {
        value["location"] = json!(location);
    }
    value["email"] = json!(contact.email);
    value["website"] = json!(format!("{}/", config.site_url));
    if let Some(how) = &contact.how {
        value["how"] = json!(how);
    }
    if let Some(note) = &contact.note {
        value["note"] = json!(note);
    }
    value
}

/// `GET /v1`: the ApiIndex, every field filled. `endpoints` lists the REST endpoints and the
/// two MCP servers, `/ask` and the A2A endpoint; an agent surface's label carries its origin
/// when the agent surfaces are published at another origin than the API.
pub fn api_index(config: &Config, content: &Content) -> Value {
    use super::model::{ENDPOINTS, Surface};
    let api = &config.api_base;
    let site = &config.site_url;
    let agent = &config.agent_url;
    let label = |e: &super::model::Endpoint| match e.surface {
        Surface::Mcp | Surface::Ask | Surface::A2a if agent != api => {
            format!("{} {agent}{}", e.method, e.path)
        }
        _ => format!("{} {}", e.method, e.path),
    };
    json!({
        "name": format!("{} public API", content.site.company),
        "version": config.version,
        "description": format!(
            "Read-only JSON API over the services, industries, case studies, {} guides and AI readiness assessment of {}. Keyless except the bulk export.",
            content.guides.len(), content.site.company
        ),
        "openapi": format!("{api}/openapi.json"),
        "documentation": format!("{site}/docs/api/"),
        "agentGuide": format!("{site}/docs/agents/"),
        "authDocs": format!("{site}/docs/authentication/"),
        "mcp": {
            "product": format!("{agent}/mcp"),
            "docs": format!("{agent}/mcp/docs"),
            "serverCard": format!("{agent}/.well-known/mcp/server-card.json"),
        },
        "ask": format!("{agent}/ask"),
        "agentCard": format!("{agent}/.well-known/agent-card.json"),
        "endpoints": ENDPOINTS
            .iter()
            .filter(|e| matches!(e.surface, Surface::Rest | Surface::Mcp | Surface::Ask | Surface::A2a))
            .map(|e| (label(e), Value::from(e.summary)))
            .collect::<serde_json::Map<String, Value>>(),
        "auth": format!(
            "Keyless except GET /v1/export, which needs a bearer token with scope {scope}: register at {0}/oauth/register, then POST grant_type={grant} to {0}/oauth/token.",
            config.auth_url,
            scope = super::model::EXPORT_SCOPE,
            grant = super::model::GRANT_TYPE,
        ),
    })
}

/// The constant part of the BulkExport, after `exportedAt` and `client`: everything from
/// `"services"` to the final `}`. The server writes the two dynamic fields in front of it.
pub fn export_tail(config: &Config, content: &Content) -> String {
    let resources: Vec<Value> =
        content.guides.iter().map(|g| resource(config, content, g)).collect();
    let tail = json!({
        "services": pages(config, "services", &content.services),
        "industries": pages(config, "industries", &content.industries),
        "caseStudies": pages(config, "case-studies", &content.case_studies),
        "resources": resources,
        "assessment": assessment(content),
        "contact": contact(config, content),
    });
    let text = to_string(&tail);
    // `{"services":...}` → `"services":...}` so it can follow `"client":"...",`.
    text[1..].to_string()
}

/// RFC 8414 metadata of the client-credentials-only authorization server.
pub fn authorization_server_metadata(config: &Config) -> Value {
    let auth = &config.auth_url;
    json!({
        "issuer": auth,
        "token_endpoint": format!("{auth}/oauth/token"),
        "registration_endpoint": format!("{auth}/oauth/register"),
        "scopes_supported": [super::model::EXPORT_SCOPE],
        "response_types_supported": [],
        "grant_types_supported": [super::model::GRANT_TYPE],
        "token_endpoint_auth_methods_supported": super::model::TOKEN_AUTH_METHODS,
        "service_documentation": format!("{}/docs/authentication/", config.site_url),
    })
}

/// RFC 9728 metadata of the one protected resource, the export.
pub fn protected_resource_metadata(config: &Config, content: &Content) -> Value {
    json!({
        "resource": format!("{}/v1/export", config.api_base),
        "authorization_servers": [config.auth_url],
        "scopes_supported": [super::model::EXPORT_SCOPE],
        "bearer_methods_supported": ["header"],
        "resource_name": format!("{} bulk export", content.site.company),
        "resource_documentation": format!("{}/docs/authentication/", config.site_url),
    })
}
