//! `resources/read`: a URI → the resource's text.
//!
//! A content item's URI is its markdown twin's URL (its page URL plus `index.md`); the page URL
//! itself is accepted too. The product server reads services, industries, case studies, the
//! assessment (`<api>/v1/ai-readiness/questions`, JSON) and the contact details
//! (`<api>/v1/contact`, JSON); the docs server reads guides,
//! documentation pages (the documentation's index and error-code reference included), the
//! OpenAPI document (`<api>/openapi.json`) and the contact details. Anything else is an
//! unknown resource: -32602 in 2026-07-28, -32002 before. A `#` fragment is not part of the
//! resource's identity (RFC 3986, section 3.5), so it is dropped before the lookup: the docs
//! tools' URLs point into pages (`.../docs/errors/#rate_limited`, `.../openapi.json#/paths/...`)
//! and read as those pages. The scheme and host are case-insensitive (RFC 3986, section
//! 6.2.2.1), so they are read in lower case (`HTTP://127.0.0.1:8080/...` is found); the path is
//! not. The contents carry the URI as it was sent.

use serde::Serialize;
use serde_json::{Map, Value};

use super::error::McpError;
use super::result::{complete, listings};
use crate::model::{DOCS_LISTING_PATHS, ItemKind, MCP_CACHE_TTL_MS, McpServer, McpVersion};
use crate::ops::content::{self, Item};
use crate::ops::readiness;
use crate::tables::{API_BASE, FIXED, SITE_URL};

/// Answers `resources/read`, appending a `ReadResourceResult` as JSON text to `out`.
pub fn read(
    server: McpServer,
    version: McpVersion,
    params: Option<&Map<String, Value>>,
    out: &mut String,
) -> Result<(), McpError> {
    let uri = match params.and_then(|p| p.get("uri")) {
        Some(Value::String(uri)) => uri.as_str(),
        // Given but not a string (`null` included, which a client sends for a value it did
        // not have): named as such, as a tool's `name` is, not as missing.
        Some(other) => {
            return Err(McpError::invalid_params(format!(
                "invalid params: the resource's `uri` must be a string (a URI resources/list gives), not {}",
                super::tools::kind_of(other)
            )));
        }
        None => {
            return Err(McpError::invalid_params(
                "invalid params: resources/read needs the resource's `uri`, a string (a URI resources/list gives)",
            ));
        }
    };
    let resource = uri.split_once('#').map_or(uri, |(resource, _fragment)| resource);
    let resource = content::lowercase_origin(resource);
    let (mime_type, text) = resolve(server, &resource).ok_or_else(|| {
        let other = super::error::other_server(server);
        let elsewhere = resolve(other, &resource).is_some().then_some(other);
        McpError::unknown_resource(uri, version, elsewhere)
    })?;
    #[derive(Serialize)]
    struct Contents<'a> {
        uri: &'a str,
        #[serde(rename = "mimeType")]
        mime_type: &'static str,
        text: &'static str,
    }
    // Serialising strings cannot fail.
    let contents = serde_json::to_string(&[Contents { uri, mime_type, text }]).unwrap_or_default();
    let mut members = format!("\"contents\":{contents}");
    if version.is_modern() {
        members.push_str(&format!(",\"ttlMs\":{MCP_CACHE_TTL_MS},\"cacheScope\":\"public\""));
    }
    complete(version.shape(), listings(server), &members, out);
    Ok(())
}

/// The media type and text of the resource at `uri` on `server`.
pub fn resolve(server: McpServer, uri: &str) -> Option<(&'static str, &'static str)> {
    // The API and the site may share an origin, so an API path that is not a resource falls
    // through to the content lookup.
    let json = match (server, uri.strip_prefix(API_BASE)) {
        (McpServer::Product, Some("/v1/ai-readiness/questions")) => {
            Some(readiness::questions_json().json)
        }
        (_, Some("/v1/contact")) => Some(content::contact_json().json),
        (McpServer::Docs, Some("/openapi.json")) => FIXED.get("/openapi.json").map(|f| f.body),
        _ => None,
    };
    if let Some(text) = json {
        return Some(("application/json", text));
    }
    // Only this site's absolute URLs name content.
    let path = uri.strip_prefix(SITE_URL)?;
    if server == McpServer::Docs {
        let page = path.strip_suffix("index.md").unwrap_or(path);
        if DOCS_LISTING_PATHS.contains(&page) {
            let twin = FIXED.get(&format!("{page}index.md"))?;
            return Some(("text/markdown", twin.body));
        }
    }
    let item = content::item_by_url(uri)?;
    let served = match server {
        McpServer::Product => {
            matches!(item.kind(), ItemKind::Service | ItemKind::Industry | ItemKind::CaseStudy)
        }
        McpServer::Docs => matches!(item, Item::Guide(_)) || item.kind() == ItemKind::Docs,
    };
    served.then(|| ("text/markdown", item.markdown()))
}
