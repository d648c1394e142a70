//! `tools/call`: arguments → a core call → a `CallToolResult`.
//!
//! A call that names no tool of this server, or whose params are malformed, is a protocol
//! error (-32602). Anything the tool itself refuses (an unknown slug, an invalid answer list,
//! an argument of the wrong type, an unknown argument) is a result with `isError: true` and
//! the core's message, so the model can read it and correct itself. Where the REST API's message
//! points at an endpoint ("GET /v1/services lists them"), the tool's names the tool of the same
//! server that lists or finds the thing ("list_services lists them"): an agent on MCP cannot
//! call the REST API.
//!
//! Every tool but `search` and `fetch` returns its JSON twice: as `structuredContent` (from
//! 2025-06-18, checked against the tool's `outputSchema`) and as the text of one text block.
//! That JSON is byte for byte the REST API's body for the same question (`list_services` is
//! `GET /v1/services`, `search_guides` is `GET /v1/resources`, ...). `search` and `fetch`
//! answer one text block holding the JSON ChatGPT connectors read.
//!
//! The text block's JSON is escaped once, at build time, wherever it can be: the answers
//! fixed with the binary (lists, services, case studies, the contact, the questions and the
//! categories) carry their escaped text beside them (`FixedJson`), and a search page is
//! written escaped from the guides' escaped objects. Everything else is escaped per call.

use serde::Serialize;
use serde_json::{Map, Value};

use super::error::McpError;
use super::result::{complete_with_meta, listings};
use crate::json;
use crate::limits::{SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX};
use crate::model::{ErrorKind, FixedJson, MCP_TOOLS, McpServer, McpShape, ToolId};
use crate::ops::documents::{self, Collection, Document};
use crate::ops::guides::{self, Limit, SearchRequest};
use crate::ops::{Caller, Error, content, readiness};
use crate::tables::SITE_URL;

/// The `_meta` key under which a tool's refusal names its error code and `docs` link, in the
/// namespace of the servers' names (the reserved domain `larchmere.example`).
pub const ERROR_META_KEY: &str = "example.larchmere/error";

/// What a tool produced.
#[derive(Debug)]
pub enum Output {
    /// JSON: `structuredContent` and the text of the text block.
    Json(String),
    /// JSON fixed at build time, with the text block's escaped text beside it.
    Fixed(FixedJson),
    /// JSON with its text already escaped as a string's contents: a search page, written
    /// escaped from the build's escaped guide objects instead of escaped whole here.
    Escaped { json: String, escaped: String },
    /// The text of the only text block (`search`, `fetch`).
    Text(String),
}

/// Answers `tools/call` on `server`, appending a `CallToolResult` as JSON text to `out`.
pub fn call(
    server: McpServer,
    shape: McpShape,
    params: Option<&Map<String, Value>>,
    out: &mut String,
) -> Result<(), McpError> {
    let name = match params.and_then(|p| p.get("name")) {
        Some(Value::String(name)) => name.as_str(),
        // Given but not a string: named as such, not as missing.
        Some(other @ (Value::Bool(_) | Value::Number(_) | Value::Array(_) | Value::Object(_))) => {
            return Err(McpError::invalid_params(format!(
                "invalid params: the tool's `name` must be a string, not {}",
                kind_of(other)
            )));
        }
        _ => {
            return Err(McpError::invalid_params(
                "invalid params: tools/call needs the tool's `name`",
            ));
        }
    };
    let Some(tool) = MCP_TOOLS.iter().find(|tool| tool.server == server && tool.name == name)
    else {
        return Err(McpError::unknown_tool(server, name));
    };
    let empty = Map::new();
    let arguments = match params.and_then(|p| p.get("arguments")) {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(arguments)) => arguments,
        Some(_) => {
            return Err(McpError::invalid_params("invalid params: `arguments` must be an object"));
        }
    };
    let outcome = run(server, tool.id, tool.name, arguments);
    render(shape, server, outcome, out);
    Ok(())
}

/// Runs a tool through the core.
pub fn run(
    server: McpServer,
    id: ToolId,
    name: &str,
    arguments: &Map<String, Value>,
) -> Result<Output, Error> {
    let collection = match server {
        McpServer::Product => Collection::Offering,
        McpServer::Docs => Collection::Library,
    };
    let args = Arguments { tool: name, map: arguments };
    match id {
        ToolId::ListServices => {
            args.only(&[])?;
            Ok(Output::Fixed(content::services_json()))
        }
        ToolId::GetService => {
            args.only(&["slug"])?;
            Ok(Output::Fixed(content::service(args.slug("services")?, Caller::Mcp)?.fixed_json()))
        }
        ToolId::ListIndustries => {
            args.only(&[])?;
            Ok(Output::Fixed(content::industries_json()))
        }
        ToolId::ListCaseStudies => {
            args.only(&[])?;
            Ok(Output::Fixed(content::case_studies_json()))
        }
        ToolId::GetCaseStudy => {
            args.only(&["slug"])?;
            Ok(Output::Fixed(
                content::case_study(args.slug("case-studies")?, Caller::Mcp)?.fixed_json(),
            ))
        }
        ToolId::GetContact => {
            args.only(&[])?;
            Ok(Output::Fixed(content::contact_json()))
        }
        ToolId::GetAssessment => {
            args.only(&[])?;
            Ok(Output::Fixed(readiness::questions_json()))
        }
        ToolId::ScoreAssessment => {
            // The arguments are the REST body, `{"answers": [...]}`, checked by the same core;
            // what only the body's wording would name ("field", "body") is named as arguments.
            args.only(&["answers"])?;
            if !arguments.contains_key("answers") {
                return Err(Error::invalid_body(
                    "argument `answers` is required: score_assessment needs it",
                ));
            }
            // "answers" as a string holding the list ("[2,3,1,...]", "2,3,1,..."): read as the
            // array it spells, as A2A reads a list typed as text and as `limit` is read from
            // digits in a string; some clients send every argument as a string. Anything else
            // in a string is refused as before, as no array.
            let mut arguments = arguments.clone();
            if let Some(list) = arguments
                .get("answers")
                .and_then(Value::as_str)
                .and_then(readiness::answers_in_string)
            {
                arguments.insert("answers".to_string(), list);
            }
            let result = readiness::score(&Value::Object(arguments))?;
            Ok(Output::Json(String::from_utf8(readiness::result_json(&result)).unwrap_or_default()))
        }
        ToolId::SearchGuides => {
            args.only(&["q", "category", "limit", "cursor"])?;
            let page = guides::search_guides(&SearchRequest {
                q: args.optional("q")?,
                category: args.optional("category")?,
                limit: args.limit()?,
                cursor: args.optional("cursor")?,
            })?;
            let (json, escaped) = page.to_json_and_escaped();
            Ok(Output::Escaped { json, escaped })
        }
        ToolId::GetGuide => {
            args.only(&["slug"])?;
            let guide = guides::guide(args.slug("guides")?)?;
            Ok(Output::Json(guide_json(guide)))
        }
        ToolId::ListCategories => {
            args.only(&[])?;
            Ok(Output::Fixed(content::categories_json()))
        }
        ToolId::SearchApiDocs => {
            args.only(&["query", "limit", "cursor"])?;
            // Optional, as the schema says: omitted is blank, which lists everything.
            let query = args.optional("query")?.unwrap_or("");
            let limit = guides::page_size(args.limit()?)?;
            let page = documents::search_reference(query, limit, args.optional("cursor")?)?;
            Ok(Output::Json(reference_page(crate::model::trim_blank(query), &page)))
        }
        ToolId::Search => {
            args.only(&["query"])?;
            let hits = documents::search(
                collection,
                args.required_allow_blank("query")?,
                SEARCH_LIMIT_DEFAULT,
            )?;
            Ok(Output::Text(search_results(&hits)))
        }
        ToolId::Fetch => {
            args.only(&["id"])?;
            let document = documents::fetch(collection, args.required("id")?)?;
            Ok(Output::Text(fetched(document)))
        }
    }
}

/// A tool's arguments, read with the messages the core uses for the same mistakes.
struct Arguments<'a> {
    tool: &'a str,
    map: &'a Map<String, Value>,
}

impl<'a> Arguments<'a> {
    /// Refuses arguments the tool does not take (as the REST API refuses unknown parameters).
    fn only(&self, known: &[&str]) -> Result<(), Error> {
        let Some(unknown) = self.map.keys().find(|key| !known.contains(&key.as_str())) else {
            return Ok(());
        };
        let takes = if known.is_empty() {
            "no arguments".to_string()
        } else {
            known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        };
        Err(Error::new(
            ErrorKind::UnknownParameter,
            format!(
                "unknown argument `{}`; {} takes {takes}",
                crate::ops::error::truncate(unknown),
                self.tool
            ),
        ))
    }

    /// A string argument; absent or `null` is `None` (clients often send `null` for an
    /// optional argument they leave out).
    fn optional(&self, name: &str) -> Result<Option<&'a str>, Error> {
        match self.map.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(other) => Err(Error::invalid_parameter(format!(
                "argument `{name}` must be a string, not {}",
                kind_of(other)
            ))),
        }
    }

    /// A required, non-blank string argument. Absent (or `null`) says it is required; given
    /// but empty or white space only says so, since the client did send it.
    fn required(&self, name: &str) -> Result<&'a str, Error> {
        match self.optional(name)? {
            Some(text) if !crate::model::trim_blank(text).is_empty() => Ok(text),
            Some(text) => Err(Error::invalid_parameter(format!(
                "argument `{name}` is {}: {} needs a value",
                if text.is_empty() { "empty" } else { "blank" },
                self.tool
            ))),
            None => Err(Error::invalid_parameter(format!(
                "argument `{name}` is required: {} needs it",
                self.tool
            ))),
        }
    }

    /// The required `slug` of an item whose `search` id is `<prefix>/<slug>`. Models pass
    /// what an earlier call gave them: the id `search` returned or the item's url, which the
    /// slug rule alone refuses as "not a valid slug". Such a value is still refused (the slug
    /// is the argument, as the schema says), with the slug it holds, so the next call works.
    fn slug(&self, prefix: &str) -> Result<&'a str, Error> {
        let value = self.required("slug")?;
        if crate::model::is_slug(value) {
            return Ok(value);
        }
        let Some(slug) = slug_within(value, prefix) else { return Ok(value) };
        Err(Error::new(
            ErrorKind::InvalidSlug,
            format!(
                "`{}` is an id or url, not a slug: {} takes the slug alone, `{slug}`{}",
                crate::ops::error::truncate(value),
                self.tool,
                if value.starts_with(&format!("{prefix}/")) {
                    format!(" (fetch takes the id `{prefix}/{slug}`)")
                } else {
                    String::new()
                }
            ),
        ))
    }

    /// A required string argument that may be blank.
    fn required_allow_blank(&self, name: &str) -> Result<&'a str, Error> {
        self.optional(name)?.ok_or_else(|| {
            Error::invalid_parameter(format!(
                "argument `{name}` is required: {} needs it",
                self.tool
            ))
        })
    }

    /// `limit`: a JSON integer (`5` or `5.0`), or digits in a string as in the REST query.
    fn limit(&self) -> Result<Option<Limit<'a>>, Error> {
        match self.map.get("limit") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => Ok(Some(Limit::Text(text))),
            Some(number @ Value::Number(n)) => {
                let whole = n.as_u64().or_else(|| {
                    n.as_f64()
                        .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= u32::MAX as f64)
                        .map(|f| f as u64)
                });
                whole.map(|n| Some(Limit::Number(n))).ok_or_else(|| limit_refused(number, n))
            }
            Some(other) => Err(Error::invalid_limit(&other.to_string())),
        }
    }
}

/// The refusal of a JSON number that is no count. serde_json (without arbitrary precision)
/// keeps an integer past 64 bits only as the nearest double, whose text is not what the
/// client wrote (`1000000000000000000000000000000` became `1e+30`), so a whole number past
/// the doubles' exact integers (2^53) is described rather than quoted; an integer that fits
/// 64 bits is quoted exactly, and a whole double below 2^53 as its digits (`1e10` as
/// `10000000000`). A fraction is quoted as it reads back (`2.5`).
fn limit_refused(value: &Value, number: &serde_json::Number) -> Error {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    if number.is_i64() || number.is_u64() {
        return Error::invalid_limit(&number.to_string());
    }
    match number.as_f64() {
        Some(f) if f.fract() == 0.0 && f.abs() >= EXACT => Error::new(
            ErrorKind::InvalidLimit,
            format!(
                "limit must be an integer from 1 to {SEARCH_LIMIT_MAX}; the number sent is {} that",
                if f > 0.0 { "far larger than" } else { "far below" }
            ),
        ),
        Some(f) if f.fract() == 0.0 => Error::invalid_limit(&format!("{f:.0}")),
        _ => Error::invalid_limit(&value.to_string()),
    }
}

/// The slug in `<prefix>/<slug>`, `/<prefix>/<slug>/` or a url whose path is that (with
/// `index.md` or not), if it is one.
fn slug_within<'v>(value: &'v str, prefix: &str) -> Option<&'v str> {
    let path = match value.split_once("://") {
        Some((_, rest)) => &rest[rest.find('/')?..],
        None => value,
    };
    let path = path.strip_prefix('/').unwrap_or(path);
    let rest = path.strip_prefix(prefix)?.strip_prefix('/')?;
    let rest = rest.strip_suffix("index.md").unwrap_or(rest);
    let slug = rest.strip_suffix('/').unwrap_or(rest);
    crate::model::is_slug(slug).then_some(slug)
}

pub(super) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A guide's Resource object with `markdown` added.
fn guide_json(guide: content::Item) -> String {
    let content::Item::Guide(record) = guide else { return String::new() };
    let markdown = guide.markdown();
    let mut out = String::with_capacity(record.json_open.len() + markdown.len() + 32);
    out.push_str(record.json_open);
    out.push_str(",\"markdown\":");
    out.push_str(&serde_json::to_string(markdown).unwrap_or_default());
    out.push('}');
    out
}

/// `search_api_docs`' answer.
fn reference_page(query: &str, page: &documents::ReferencePage) -> String {
    #[derive(Serialize)]
    struct Page<'a> {
        query: &'a str,
        count: usize,
        results: Vec<Row>,
        #[serde(rename = "nextCursor")]
        next_cursor: Option<&'a str>,
    }
    #[derive(Serialize)]
    struct Row {
        id: String,
        kind: &'static str,
        title: &'static str,
        summary: &'static str,
        url: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        relevance: Option<u8>,
    }
    let hits = &page.hits;
    let results = hits
        .iter()
        .map(|hit| Row {
            id: hit.document.id(),
            kind: hit.document.kind_name(),
            title: hit.document.title(),
            summary: hit.document.summary(),
            url: hit.document.url(),
            relevance: (hit.relevance > 0).then_some(hit.relevance),
        })
        .collect();
    // Serialising strings and numbers cannot fail.
    serde_json::to_string(&Page {
        query,
        count: hits.len(),
        results,
        next_cursor: page.next_cursor.as_deref(),
    })
    .unwrap_or_default()
}

/// `search`'s text: `{"results":[{"id","title","url","text"}]}`.
fn search_results(hits: &[documents::Hit]) -> String {
    #[derive(Serialize)]
    struct Results {
        results: Vec<Row>,
    }
    #[derive(Serialize)]
    struct Row {
        id: String,
        title: &'static str,
        url: &'static str,
        text: &'static str,
    }
    let results = hits
        .iter()
        .map(|hit| Row {
            id: hit.document.id(),
            title: hit.document.title(),
            url: hit.document.url(),
            text: hit.document.summary(),
        })
        .collect();
    serde_json::to_string(&Results { results }).unwrap_or_default()
}

/// `fetch`'s text: `{"id","title","text","url","metadata"}`.
fn fetched(document: Document) -> String {
    #[derive(Serialize)]
    struct Fetched {
        id: String,
        title: &'static str,
        text: &'static str,
        url: &'static str,
        metadata: Metadata,
    }
    #[derive(Serialize)]
    struct Metadata {
        kind: &'static str,
        summary: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        category: Option<&'static str>,
    }
    let fetched = Fetched {
        id: document.id(),
        title: document.title(),
        text: document.markdown(),
        url: document.url(),
        metadata: Metadata {
            kind: document.kind_name(),
            summary: document.summary(),
            category: document.category(),
        },
    };
    serde_json::to_string(&fetched).unwrap_or_default()
}

/// The `CallToolResult` for an outcome, shaped for the revision, appended to `out`.
pub fn render(
    shape: McpShape,
    server: McpServer,
    outcome: Result<Output, Error>,
    out: &mut String,
) {
    let (text, structured, is_error) = match &outcome {
        Ok(Output::Json(json)) => (json.as_str(), Some(json.as_str()), false),
        Ok(Output::Escaped { json, .. }) => (json.as_str(), Some(json.as_str()), false),
        Ok(Output::Fixed(fixed)) => (fixed.json, Some(fixed.json), false),
        Ok(Output::Text(text)) => (text.as_str(), None, false),
        Err(error) => (error.message.as_str(), None, true),
    };
    let escaped_here;
    let escaped = match &outcome {
        Ok(Output::Escaped { escaped, .. }) => escaped.as_str(),
        Ok(Output::Fixed(fixed)) => fixed.escaped,
        _ => {
            escaped_here = json::escaped(text);
            escaped_here.as_str()
        }
    };
    let structured = structured.filter(|_| shape != McpShape::Plain);
    // A refusal names its stable code, as every other surface's error does (REST and batch in
    // `error.code`, the JSON-RPC errors in `error.data.code`, A2A in its ErrorInfo): the text
    // alone left an agent to tell `invalid_slug` from `service_not_found` by the words.
    let meta = outcome.as_ref().err().map(|error| {
        let code = error.code();
        format!(
            "\"{ERROR_META_KEY}\":{{\"code\":\"{code}\",\"docs\":\"{SITE_URL}/docs/errors/#{code}\"}}"
        )
    });
    let capacity = escaped.len() + structured.map_or(0, str::len) + 96;
    complete_with_meta(shape, listings(server), capacity, meta.as_deref(), out, |out| {
        out.push_str("\"content\":[{\"type\":\"text\",\"text\":\"");
        out.push_str(escaped);
        out.push_str("\"}]");
        if let Some(structured) = structured {
            out.push_str(",\"structuredContent\":");
            out.push_str(structured);
        }
        out.push_str(if is_error { ",\"isError\":true" } else { ",\"isError\":false" });
    });
}

#[cfg(test)]
mod tests {
    use crate::json;
    use crate::model::FixedJson;
    use crate::ops::{content, readiness};

    /// The build's escaped twins are the JSON escaped as the text block needs it, byte for
    /// byte as this module would escape it per call: a wrong twin would show a client a text
    /// block that no longer parses to `structuredContent`.
    #[test]
    fn every_fixed_answer_is_escaped_as_its_json() {
        let lists = [
            content::services_json(),
            content::industries_json(),
            content::case_studies_json(),
            content::contact_json(),
            content::categories_json(),
            readiness::questions_json(),
        ];
        let pages = [
            content::services(),
            content::industries(),
            content::case_studies(),
            content::docs_pages(),
        ];
        let all: Vec<FixedJson> = lists
            .into_iter()
            .chain(pages.into_iter().flatten().map(|page| page.fixed_json()))
            .collect();
        for fixed in all {
            assert!(fixed.json.contains('"'), "{}", fixed.json);
            assert_eq!(fixed.escaped, json::escaped(fixed.json), "{}", fixed.json);
        }
    }
}
