//! The MCP servers' documents, built once at build time: for each server, every listing
//! result per result shape (`tools/list`, `prompts/list`, `resources/templates/list`, the
//! `resources/list` pages), `initialize` per legacy revision and `server/discover`; the server
//! cards and the AI catalog as fixed routes; the readiness interview prompt.
//!
//! What exists comes from `model::MCP_TOOLS` and `model::MCP_PROMPTS`; what each tool is for,
//! its arguments and its output are written here, for a model to read. Output schemas are
//! the OpenAPI document's response schemas with their references inlined, so a tool's
//! `structuredContent` and the REST body it equals are described by the same schema.

use serde_json::{Map, Value, json};

use super::config::Config;
use super::model::{
    ASK_QUERY_MAX_CHARS, DOCS_LISTING_PATHS, ERROR_CODES, ItemKind, MCP_CACHE_TTL_MS,
    MCP_PAGE_SIZE, MCP_PROMPTS, MCP_TOOLS, McpServer, McpShape, McpVersion, N_MCP_SHAPES,
    PROMPT_ORGANISATION_MAX_CHARS, PromptId, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX,
    SEARCH_QUERY_MAX_CHARS, ToolId,
};
use super::pages::{DOCS_INDEX_LISTING, ERRORS_LISTING, item_path};
use super::prose;
use super::validate::{Content, Page};

/// The `$schema` every server card names (experimental server-card extension).
pub const CARD_SCHEMA: &str =
    "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
/// Media type of a server card (the catalog's entry `type`).
pub const CARD_MEDIA_TYPE: &str = "application/mcp-server-card+json";
/// `Content-Type` of a served card: its media type, with the charset every text response of
/// the service names.
pub const CARD_CONTENT_TYPE: &str = "application/mcp-server-card+json; charset=utf-8";
/// `Content-Type` of the AI catalog.
pub const CATALOG_CONTENT_TYPE: &str = "application/ai-catalog+json; charset=utf-8";
/// Reverse-DNS namespace of the server names: the reserved domain `larchmere.example`.
pub const NAMESPACE: &str = "example.larchmere";
/// The extension caps a card's `description` (and `title`) at this many characters.
pub const CARD_TEXT_MAX_CHARS: usize = 100;
/// The `_meta` key of the server's identity in 2026-07-28 results.
const SERVER_INFO_KEY: &str = "io.modelcontextprotocol/serverInfo";

/// One server's listings, each a JSON `result` object as text.
#[derive(Debug)]
pub struct ServerListings {
    pub server: McpServer,
    pub initialize: [String; 3],
    pub discover: String,
    pub tools: [String; N_MCP_SHAPES],
    pub prompts: [String; N_MCP_SHAPES],
    pub templates: [String; N_MCP_SHAPES],
    /// `(cursor asking for the page, result per shape)`; the first page's cursor is empty.
    pub resources: Vec<(String, [String; N_MCP_SHAPES])>,
    /// `"_meta":{...}` for results built at run time.
    pub server_info_meta: String,
}

/// A discovery document to publish at a fixed route.
#[derive(Debug)]
pub struct Published {
    pub path: String,
    pub content_type: &'static str,
    pub body: String,
}

/// Everything the MCP stage produces.
#[derive(Debug)]
pub struct McpBuild {
    /// In `McpServer::ALL` order.
    pub servers: Vec<ServerListings>,
    /// The server cards and the AI catalog.
    pub routes: Vec<Published>,
    /// The readiness interview prompt's text.
    pub interview_prompt: String,
}

/// Who a server is: the same values in its card, `initialize` and `server/discover`.
struct Identity {
    name: String,
    title: String,
    description: String,
    instructions: String,
}

fn identity(server: McpServer, config: &Config, content: &Content) -> Identity {
    let company = &content.site.company;
    let api = &config.api_base;
    match server {
        McpServer::Product => Identity {
            name: format!("{NAMESPACE}/consultancy"),
            title: company.clone(),
            description: format!(
                "{company}: services, industries, case studies, contact details and AI readiness scoring"
            ),
            instructions: format!(
                "This server answers with the same data as the REST API at {api}/v1, read-only. \
list_services, list_industries and list_case_studies show what {company} offers; get_service and get_case_study give one item's \
summary, and fetch with the id `services/<slug>`, `industries/<slug>` or `case-studies/<slug>` (or resources/read on the item's URI) \
gives its whole page as markdown: what the work involves, how long it runs, what the client gets. To assess an organisation's AI readiness, call \
get_assessment_questions, collect one option index (0-4) per question in order, then call score_assessment; the \
readiness_interview prompt walks a person through it. get_contact (or fetch with the id `contact`) says how to reach {company}: nothing can be booked \
or bought here. search and fetch serve ChatGPT connectors and deep research over the same pages. The guides and the \
documentation of the REST API (its endpoints, error codes, authentication and limits) are on the docs MCP server, {agent}{docs}: \
this server's search finds none of them.",
                agent = config.agent_url,
                docs = McpServer::Docs.path(),
            ),
        },
        McpServer::Docs => Identity {
            name: format!("{NAMESPACE}/consultancy-docs"),
            title: format!("{company} guides and API docs"),
            description: format!(
                "{company}: {} data and AI guides, the API documentation and the OpenAPI document",
                content.guides.len()
            ),
            instructions: format!(
                "search_guides finds guides in {company}'s library of {n} practical data and AI guides (each result lists the \
questions the guide answers), get_guide or resources/read gives a guide's whole text as markdown; cite guides by their url. \
list_categories names the {c} categories search_guides can filter on. search_api_docs finds documentation pages, error codes \
and operations of the REST API at {api}; the OpenAPI document is a resource. search and fetch serve ChatGPT connectors and \
deep research over the same content, and over how to reach {company} (the id `contact`). The answer_from_guides prompt answers a question from the guides with citations.",
                n = content.guides.len(),
                c = content.categories.len(),
            ),
        },
    }
}

/// `Implementation` as a revision knows it: 2025-03-26 has only `name` and `version`,
/// 2025-06-18 adds `title`, 2025-11-25 and later add `description` and `websiteUrl`.
fn implementation(who: &Identity, config: &Config, version: McpVersion) -> Value {
    let mut info = json!({ "name": who.name });
    if version != McpVersion::V2025_03_26 {
        info["title"] = json!(who.title);
    }
    info["version"] = json!(config.version);
    if matches!(version, McpVersion::V2025_11_25 | McpVersion::V2026_07_28) {
        info["description"] = json!(who.description);
        info["websiteUrl"] = json!(format!("{}/", config.site_url));
    }
    info
}

/// Replaces every `{"$ref": "#/components/schemas/X"}` with the schema it names.
fn inline_refs(schema: &Value, openapi: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            if let Some(name) =
                map.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next())
            {
                return inline_refs(&openapi["components"]["schemas"][name], openapi);
            }
            Value::Object(map.iter().map(|(k, v)| (k.clone(), inline_refs(v, openapi))).collect())
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| inline_refs(v, openapi)).collect())
        }
        other => other.clone(),
    }
}

/// The 200 response schema of a REST operation, references inlined.
fn rest_schema(openapi: &Value, path: &str) -> Value {
    let schema =
        &openapi["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    inline_refs(schema, openapi)
}

fn component(openapi: &Value, name: &str) -> Value {
    inline_refs(&openapi["components"]["schemas"][name], openapi)
}

fn no_arguments() -> Value {
    json!({ "type": "object", "properties": {}, "additionalProperties": false })
}

fn slug_argument(what: &str, list_tool: &str, example: &str) -> Value {
    json!({
        "type": "object",
        "properties": {
            "slug": {
                "type": "string",
                "pattern": "^[a-z0-9-]+$",
                "description": format!("The {what}'s slug as {list_tool} gives it: lowercase letters, digits and hyphens, for example `{example}`."),
            },
        },
        "required": ["slug"],
        "additionalProperties": false,
    })
}

/// One tool's definition before it is shaped for a revision.
struct ToolDefinition {
    title: String,
    description: String,
    input: Value,
    output: Option<Value>,
}

/// What a server's `search` and `fetch` cover (`ops::documents::Collection`).
fn holdings(server: McpServer) -> &'static str {
    match server {
        McpServer::Product => "services, industries, case studies and the contact details",
        McpServer::Docs => {
            "guides, documentation pages, error codes, API operations and the contact details"
        }
    }
}

/// Ids `fetch` takes on `server`, from the content itself, so every example works there
/// (the MCP tests fetch each one).
fn fetch_examples(server: McpServer, content: &Content) -> String {
    let first = |prefix: &str, slug: Option<&str>| slug.map(|slug| format!("{prefix}/{slug}"));
    let ids: Vec<String> = match server {
        McpServer::Product => [
            first("services", content.services.first().map(|p| p.slug.as_str())),
            first("case-studies", content.case_studies.first().map(|p| p.slug.as_str())),
        ]
        .into_iter()
        .flatten()
        .collect(),
        McpServer::Docs => [
            first("guides", content.guides.first().map(|g| g.slug.as_str())),
            first("docs", content.docs.first().map(|p| p.slug.as_str())),
            first("errors", ERROR_CODES.first().map(|e| e.0)),
        ]
        .into_iter()
        .flatten()
        .collect(),
    };
    let quoted: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn first_slug(pages: &[Page]) -> &str {
    pages.first().map_or("example", |page| page.slug.as_str())
}

fn definition(
    id: ToolId,
    server: McpServer,
    config: &Config,
    content: &Content,
    openapi: &Value,
) -> ToolDefinition {
    let company = &content.site.company;
    let category_names: Vec<&str> = content.categories.iter().map(|c| c.name.as_str()).collect();
    let (title, description, input, output) = match id {
        ToolId::ListServices => (
            "List services",
            format!(
                "List all {} {company} offers (name, slug, url, description). Use it first to see what the consultancy does; fetch with the id `services/<slug>` gives a service's whole page (what the work involves, how long it runs, what the client gets).",
                prose::counted(content.services.len(), "service", "services")
            ),
            no_arguments(),
            Some(rest_schema(openapi, "/v1/services")),
        ),
        ToolId::GetService => (
            "Get a service",
            "Get one service by slug: its name, slug, url and description, as list_services gives them. For its whole page as markdown (what the work involves, how long it runs, what the client gets), call fetch with the id `services/<slug>`.".to_string(),
            slug_argument("service", "list_services", first_slug(&content.services)),
            Some(component(openapi, "Page")),
        ),
        ToolId::ListIndustries => (
            "List industries",
            format!(
                "List the {} {company} works in (name, slug, url, description); fetch with the id `industries/<slug>` gives an industry's whole page as markdown.",
                prose::counted(content.industries.len(), "industry", "industries")
            ),
            no_arguments(),
            Some(rest_schema(openapi, "/v1/industries")),
        ),
        ToolId::ListCaseStudies => (
            "List case studies",
            format!(
                "List the {} published: client work by {company}, anonymised (name, slug, url, description); fetch with the id `case-studies/<slug>` gives one's whole write-up as markdown.",
                prose::counted(content.case_studies.len(), "case study", "case studies")
            ),
            no_arguments(),
            Some(rest_schema(openapi, "/v1/case-studies")),
        ),
        ToolId::GetCaseStudy => (
            "Get a case study",
            "Get one case study by slug: its name, slug, url and description, as list_case_studies gives them. For the whole write-up as markdown (the situation, what was done, the results), call fetch with the id `case-studies/<slug>`.".to_string(),
            slug_argument("case study", "list_case_studies", first_slug(&content.case_studies)),
            Some(component(openapi, "Page")),
        ),
        ToolId::GetContact => (
            "Contact details",
            format!(
                "How to reach {company}: email, website and how enquiries work. Enquiries go by email; this server cannot send one."
            ),
            no_arguments(),
            Some(rest_schema(openapi, "/v1/contact")),
        ),
        ToolId::GetAssessment => (
            "AI readiness questions",
            format!(
                "The AI readiness assessment: {} of questions, each with five options (answer with the option index 0-4), and the maturity bands. Call it before score_assessment.",
                prose::counted(content.assessment.sections.len(), "section", "sections")
            ),
            no_arguments(),
            Some(rest_schema(openapi, "/v1/ai-readiness/questions")),
        ),
        ToolId::ScoreAssessment => {
            // The REST body's schema, but `answers` as one array type rather than its `oneOf`
            // of the two forms: Gemini's function declarations refuse `oneOf`/`anyOf` under
            // `properties`, and models fill one plain array more reliably. The union is
            // wider than either form (15 or 16 items, 0 to 5); the core refuses a mix with
            // a message naming the position, as it does for the REST body.
            let questions = content.assessment.sections.iter().flat_map(|s| &s.questions);
            let n = questions.clone().count();
            let scored = questions.filter(|q| q.scored).count();
            let mut input = component(openapi, "ScoreRequest");
            input["properties"]["answers"] = json!({
                "type": "array",
                "items": { "type": "integer", "minimum": 0, "maximum": 5 },
                "minItems": scored.min(n),
                "maxItems": n,
                "description": format!(
                    "Either {n} option indices (0-4), one per question of get_assessment_questions in order, the unscored sizing question included, or {scored} points (1-5) for the scored questions only. Example: [{example}].",
                    example = vec!["2"; n].join(", "),
                ),
            });
            (
                "Score AI readiness",
                "Score a set of assessment answers: a 0-100 score, the maturity band with guidance, per-pillar averages and advice for the weakest pillar. Pure: the same answers always give the same result, nothing is stored.".to_string(),
                input,
                Some(component(openapi, "ReadinessResult")),
            )
        }
        ToolId::SearchGuides => (
            "Search the guides",
            format!(
                "Search {company}'s {} data and AI guides by keywords, optionally within one category; page with cursor. Each result lists the questions the guide answers; call get_guide for the full text. Without q, lists the library in order.",
                content.guides.len()
            ),
            json!({
                "type": "object",
                "properties": {
                    "q": { "type": "string", "maxLength": SEARCH_QUERY_MAX_CHARS, "description": format!("Search terms, for example `data quality monitoring`. At most {SEARCH_QUERY_MAX_CHARS} characters. Omit (or leave blank) to list guides in library order.") },
                    "category": { "type": "string", "enum": category_names, "description": "Only guides of this category, named exactly as list_categories gives it." },
                    "limit": { "type": "integer", "minimum": 1, "maximum": SEARCH_LIMIT_MAX, "default": SEARCH_LIMIT_DEFAULT, "description": format!("Results per page, 1 to {SEARCH_LIMIT_MAX}; default {SEARCH_LIMIT_DEFAULT}.") },
                    "cursor": { "type": "string", "description": "nextCursor of the previous page, with the same q, category and limit. Omit it for the first page." },
                },
                "additionalProperties": false,
            }),
            Some(component(openapi, "ResourceSearchPage")),
        ),
        ToolId::GetGuide => {
            let mut output = component(openapi, "Resource");
            output["description"] = json!("A guide with its whole text as markdown.");
            output["properties"]["markdown"] = json!({ "type": "string", "description": "The guide's title, description and body as markdown, with absolute links." });
            if let Some(required) = output["required"].as_array_mut() {
                required.push(json!("markdown"));
            }
            (
                "Read a guide",
                "Get one guide by slug: its metadata and its whole text as markdown. Cite it by its url.".to_string(),
                json!({
                    "type": "object",
                    "properties": {
                        "slug": { "type": "string", "pattern": "^[a-z0-9-]+$", "description": format!("The guide's slug as search_guides gives it, for example `{}`.", content.guides.first().map_or("example", |g| g.slug.as_str())) },
                    },
                    "required": ["slug"],
                    "additionalProperties": false,
                }),
                Some(output),
            )
        }
        ToolId::ListCategories => (
            "List guide categories",
            format!(
                "List the {} guide categories with how many guides each has; search_guides takes a category name.",
                content.categories.len()
            ),
            no_arguments(),
            Some(rest_schema(openapi, "/v1/resources/categories")),
        ),
        ToolId::SearchApiDocs => (
            "Search the API documentation",
            "Search the REST API's documentation: its documentation pages, error codes and OpenAPI operations. Use it to explain an error code or how to call an endpoint; fetch gives a result's whole text. Page with cursor.".to_string(),
            json!({
                "type": "object",
                "properties": {
                    "query": { "type": "string", "maxLength": SEARCH_QUERY_MAX_CHARS, "description": "Search terms, for example `invalid_cursor` or `export token`. Omit it (or leave it blank) to list everything, page by page: pages, then error codes, then operations." },
                    "limit": { "type": "integer", "minimum": 1, "maximum": SEARCH_LIMIT_MAX, "default": SEARCH_LIMIT_DEFAULT, "description": format!("Results per page, 1 to {SEARCH_LIMIT_MAX}; default {SEARCH_LIMIT_DEFAULT}.") },
                    "cursor": { "type": "string", "description": "nextCursor of the previous page, with the same query and limit. Omit it for the first page." },
                },
                "additionalProperties": false,
            }),
            Some(json!({
                "type": "object",
                "required": ["query", "count", "results", "nextCursor"],
                "properties": {
                    "query": { "type": "string", "description": "The search terms, trimmed." },
                    "count": { "type": "integer", "minimum": 0, "description": "Results on this page." },
                    "nextCursor": { "type": ["string", "null"], "description": "Pass as cursor, with the same query and limit, for the next page; null on the last." },
                    "results": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["id", "kind", "title", "summary", "url"],
                            "properties": {
                                "id": { "type": "string", "description": "What fetch takes." },
                                "kind": { "type": "string", "enum": ["page", "error", "operation"] },
                                "title": { "type": "string" },
                                "summary": { "type": "string" },
                                "url": { "type": "string", "format": "uri" },
                                "relevance": { "type": "integer", "minimum": 1, "description": "Distinct query terms matched; absent when the query is blank." },
                            },
                            "additionalProperties": false,
                        },
                    },
                },
                "additionalProperties": false,
            })),
        ),
        ToolId::Search => (
            "Search",
            format!(
                "Search this server's content ({}) by keywords; misspelt words are matched to the nearest words the library uses. Answers one text item holding {{\"results\":[{{\"id\",\"title\",\"url\",\"text\"}}]}}; pass an id to fetch for the whole document, and cite its url. {}",
                holdings(server),
                match server {
                    McpServer::Product => format!(
                        "A blank query lists all of them. The guides and the REST API's documentation (endpoints, error codes, authentication, limits) are on the docs MCP server, {}{}: ask it about the API.",
                        config.agent_url,
                        McpServer::Docs.path()
                    ),
                    McpServer::Docs => format!("At most {SEARCH_LIMIT_DEFAULT} results; a blank query lists the first {SEARCH_LIMIT_DEFAULT}. To page through everything, use search_guides and search_api_docs."),
                }
            ),
            json!({
                "type": "object",
                "properties": { "query": { "type": "string", "maxLength": SEARCH_QUERY_MAX_CHARS, "description": "What to look for, in a few words." } },
                "required": ["query"],
                "additionalProperties": false,
            }),
            None,
        ),
        ToolId::Fetch => (
            "Fetch",
            "Fetch one document by the id search gave: one text item holding {\"id\",\"title\",\"text\",\"url\",\"metadata\"} with the whole text as markdown.".to_string(),
            json!({
                "type": "object",
                "properties": { "id": { "type": "string", "description": format!("An id from this server's search, for example {}.", fetch_examples(server, content)) } },
                "required": ["id"],
                "additionalProperties": false,
            }),
            None,
        ),
    };
    ToolDefinition { title: title.to_string(), description, input, output }
}

/// A tool as `tools/list` lists it in revisions of `shape`.
fn tool_json(name: &str, tool: &ToolDefinition, shape: McpShape) -> Value {
    let mut value = json!({ "name": name });
    if shape != McpShape::Plain {
        value["title"] = json!(tool.title);
    }
    value["description"] = json!(tool.description);
    value["inputSchema"] = tool.input.clone();
    match &tool.output {
        Some(output) if shape != McpShape::Plain => value["outputSchema"] = output.clone(),
        _ => {}
    }
    value["annotations"] = json!({
        "title": tool.title,
        "readOnlyHint": true,
        "destructiveHint": false,
        "idempotentHint": true,
        "openWorldHint": false,
    });
    value
}

/// A listing result: the items, then (2026-07-28) `resultType`, the cache hints and `_meta`.
fn listing(
    shape: McpShape,
    key: &str,
    items: Vec<Value>,
    next_cursor: Option<&str>,
    info: &Value,
) -> String {
    let mut result = Map::new();
    if shape == McpShape::Modern {
        result.insert("resultType".into(), json!("complete"));
    }
    result.insert(key.into(), Value::Array(items));
    if let Some(cursor) = next_cursor {
        result.insert("nextCursor".into(), json!(cursor));
    }
    if shape == McpShape::Modern {
        result.insert("ttlMs".into(), json!(MCP_CACHE_TTL_MS));
        result.insert("cacheScope".into(), json!("public"));
        result.insert("_meta".into(), json!({ SERVER_INFO_KEY: info }));
    }
    Value::Object(result).to_string()
}

const SHAPES: [McpShape; N_MCP_SHAPES] = [McpShape::Modern, McpShape::Structured, McpShape::Plain];

/// One entry of `resources/list`, before it is shaped.
struct ResourceEntry {
    uri: String,
    name: String,
    title: String,
    description: String,
    mime_type: &'static str,
    size: usize,
}

fn resource_json(entry: &ResourceEntry, shape: McpShape) -> Value {
    let mut value = json!({ "uri": entry.uri, "name": entry.name });
    if shape != McpShape::Plain {
        value["title"] = json!(entry.title);
    }
    value["description"] = json!(entry.description);
    value["mimeType"] = json!(entry.mime_type);
    value["size"] = json!(entry.size);
    value
}

/// The body of a route published earlier in the pipeline (`""` if there is none).
type Lookup<'a> = &'a dyn Fn(&str) -> Option<&'a str>;

fn body_len(published: Lookup<'_>, path: &str) -> usize {
    published(path).map_or(0, str::len)
}

fn page_resources(
    config: &Config,
    published: Lookup<'_>,
    kind: ItemKind,
    pages: &[Page],
) -> Vec<ResourceEntry> {
    pages
        .iter()
        .map(|page| {
            let twin = format!("{}index.md", item_path(kind.segment(), &page.slug));
            ResourceEntry {
                uri: format!("{}{twin}", config.site_url),
                name: format!("{}/{}", kind.segment(), page.slug),
                title: page.name.clone(),
                description: page.description.clone(),
                mime_type: "text/markdown",
                size: body_len(published, &twin),
            }
        })
        .collect()
}

/// The contact details as JSON, on both servers: they are a document of both servers'
/// `search` and `fetch` (id `contact`), so a resource too, as the pages are.
fn contact_resource(config: &Config, published: Lookup<'_>) -> ResourceEntry {
    ResourceEntry {
        uri: format!("{}/v1/contact", config.api_base),
        name: "contact".into(),
        title: "Contact details".into(),
        description: "How to get in touch, as JSON: email, website, location and how enquiries work (GET /v1/contact).".into(),
        mime_type: "application/json",
        size: body_len(published, "/v1/contact"),
    }
}

fn resources(
    server: McpServer,
    config: &Config,
    content: &Content,
    published: Lookup<'_>,
) -> Vec<ResourceEntry> {
    let api = &config.api_base;
    match server {
        McpServer::Product => {
            let mut entries = Vec::new();
            for (kind, pages) in [
                (ItemKind::Service, &content.services),
                (ItemKind::Industry, &content.industries),
                (ItemKind::CaseStudy, &content.case_studies),
            ] {
                entries.extend(page_resources(config, published, kind, pages));
            }
            entries.push(ResourceEntry {
                uri: format!("{api}/v1/ai-readiness/questions"),
                name: "ai-readiness-assessment".into(),
                title: content.assessment.title.clone(),
                description: "The AI readiness assessment as JSON: sections, questions with five options each, and the maturity bands (the score_assessment tool scores answers).".into(),
                mime_type: "application/json",
                size: body_len(published, "/v1/ai-readiness/questions"),
            });
            entries.push(contact_resource(config, published));
            entries
        }
        McpServer::Docs => {
            let mut entries: Vec<ResourceEntry> = content
                .guides
                .iter()
                .map(|guide| {
                    let twin = format!("{}index.md", item_path("guides", &guide.slug));
                    ResourceEntry {
                        uri: format!("{}{twin}", config.site_url),
                        name: format!("guides/{}", guide.slug),
                        title: guide.title.clone(),
                        description: guide.description.clone(),
                        mime_type: "text/markdown",
                        size: body_len(published, &twin),
                    }
                })
                .collect();
            entries.extend(page_resources(config, published, ItemKind::Docs, &content.docs));
            // The documentation's index and error-code reference are pages of the
            // documentation too, though not items of `content/docs/`.
            for (path, title, description) in [DOCS_INDEX_LISTING, ERRORS_LISTING] {
                assert!(DOCS_LISTING_PATHS.contains(&path), "{path} is read at run time");
                let twin = format!("{path}index.md");
                entries.push(ResourceEntry {
                    uri: format!("{}{twin}", config.site_url),
                    name: path.trim_matches('/').to_string(),
                    title: title.to_string(),
                    description: description.to_string(),
                    mime_type: "text/markdown",
                    size: body_len(published, &twin),
                });
            }
            entries.push(contact_resource(config, published));
            entries.push(ResourceEntry {
                uri: format!("{api}/openapi.json"),
                name: "openapi".into(),
                title: format!("{} OpenAPI document", content.site.company),
                description: "The REST API's OpenAPI 3.1 document: every endpoint, parameter, schema and error code.".into(),
                mime_type: "application/json",
                size: body_len(published, "/openapi.json"),
            });
            entries
        }
    }
}

/// The cursor that asks for resource page `page_idx` (1-based for pages after the first).
fn page_cursor(page_idx: usize) -> String {
    if page_idx == 0 { String::new() } else { format!("page-{page_idx}") }
}

fn prompts(server: McpServer, content: &Content, shape: McpShape) -> Vec<Value> {
    MCP_PROMPTS
        .iter()
        .filter(|prompt| prompt.server == server)
        .map(|prompt| {
            let (title, description, argument, argument_title, argument_description, required) =
                match prompt.id {
                    PromptId::ReadinessInterview => (
                        "AI readiness interview",
                        format!(
                            "Interview a person about their organisation through the {} questions of {}'s AI readiness assessment, one at a time, then score the answers with score_assessment and explain the result.",
                            content.assessment.sections.iter().map(|s| s.questions.len()).sum::<usize>(),
                            content.site.company
                        ),
                        "organisation",
                        "Organisation",
                        format!(
                            "The name of the organisation being assessed (optional; at most {PROMPT_ORGANISATION_MAX_CHARS} characters)."
                        ),
                        false,
                    ),
                    PromptId::AnswerFromGuides => (
                        "Answer from the guides",
                        format!(
                            "Answer a question from {}'s guides and pages, citing each source by title and URL; comes with a draft quoted from the content and the most relevant sources embedded.",
                            content.site.company
                        ),
                        "question",
                        "Question",
                        format!(
                            "The question to answer, in plain words (at most {ASK_QUERY_MAX_CHARS} characters)."
                        ),
                        true,
                    ),
                };
            let mut argument_json = json!({ "name": argument });
            if shape != McpShape::Plain {
                argument_json["title"] = json!(argument_title);
            }
            argument_json["description"] = json!(argument_description);
            argument_json["required"] = json!(required);
            let mut value = json!({ "name": prompt.name });
            if shape != McpShape::Plain {
                value["title"] = json!(title);
            }
            value["description"] = json!(description);
            value["arguments"] = json!([argument_json]);
            value
        })
        .collect()
}

fn templates(server: McpServer, config: &Config, shape: McpShape) -> Vec<Value> {
    match server {
        McpServer::Product => Vec::new(),
        McpServer::Docs => {
            let mut value = json!({
                "uriTemplate": format!("{}/guides/{{slug}}/index.md", config.site_url),
                "name": "guide",
            });
            if shape != McpShape::Plain {
                value["title"] = json!("Guide by slug");
            }
            value["description"] = json!(
                "A guide's whole text as markdown; slug as search_guides gives it (RFC 6570 template)."
            );
            value["mimeType"] = json!("text/markdown");
            vec![value]
        }
    }
}

fn capabilities(legacy: bool) -> Value {
    if legacy {
        json!({
            "tools": { "listChanged": false },
            "resources": { "subscribe": false, "listChanged": false },
            "prompts": { "listChanged": false },
        })
    } else {
        json!({ "tools": {}, "resources": {}, "prompts": {} })
    }
}

/// Builds one server's listings. Fails if a tool of the table has no definition here
/// (impossible: the match is exhaustive) or a card text is too long.
fn server_listings(
    server: McpServer,
    config: &Config,
    content: &Content,
    openapi: &Value,
    published: Lookup<'_>,
) -> Result<(ServerListings, Value), String> {
    let who = identity(server, config, content);
    for (field, text) in [("title", &who.title), ("description", &who.description)] {
        if text.chars().count() > CARD_TEXT_MAX_CHARS {
            return Err(format!(
                "the {server:?} MCP server card's {field} has more than {CARD_TEXT_MAX_CHARS} characters: `{text}`"
            ));
        }
    }
    let modern_info = implementation(&who, config, McpVersion::V2026_07_28);
    let tools: Vec<(&str, ToolDefinition)> = MCP_TOOLS
        .iter()
        .filter(|tool| tool.server == server)
        .map(|tool| (tool.name, definition(tool.id, server, config, content, openapi)))
        .collect();
    let shaped = |shape: McpShape, make: &dyn Fn(McpShape) -> Vec<Value>, key: &str| {
        listing(shape, key, make(shape), None, &modern_info)
    };
    let tools_json =
        |shape| tools.iter().map(|(name, tool)| tool_json(name, tool, shape)).collect();
    let prompts_json = |shape| prompts(server, content, shape);
    let templates_json = |shape| templates(server, config, shape);
    let entries = resources(server, config, content, published);
    let n_pages = entries.len().div_ceil(MCP_PAGE_SIZE).max(1);
    let mut resource_pages = Vec::new();
    for page_idx in 0..n_pages {
        let start = page_idx * MCP_PAGE_SIZE;
        let page = &entries[start..(start + MCP_PAGE_SIZE).min(entries.len())];
        let next = (page_idx + 1 < n_pages).then(|| page_cursor(page_idx + 1));
        let results = SHAPES.map(|shape| {
            let items = page.iter().map(|entry| resource_json(entry, shape)).collect();
            listing(shape, "resources", items, next.as_deref(), &modern_info)
        });
        resource_pages.push((page_cursor(page_idx), results));
    }
    let initialize = McpVersion::LEGACY.map(|version| {
        json!({
            "protocolVersion": version.as_str(),
            "capabilities": capabilities(true),
            "serverInfo": implementation(&who, config, version),
            "instructions": who.instructions,
        })
        .to_string()
    });
    let supported: Vec<&str> = McpVersion::ALL.iter().map(|v| v.as_str()).collect();
    let discover = json!({
        "resultType": "complete",
        "supportedVersions": supported,
        "capabilities": capabilities(false),
        "_meta": { SERVER_INFO_KEY: modern_info },
        "instructions": who.instructions,
        "ttlMs": MCP_CACHE_TTL_MS,
        "cacheScope": "public",
    })
    .to_string();
    let meta = json!({ SERVER_INFO_KEY: modern_info }).to_string();
    let card = json!({
        "$schema": CARD_SCHEMA,
        "name": who.name,
        "version": config.version,
        "description": who.description,
        "title": who.title,
        "websiteUrl": format!("{}/", config.site_url),
        "remotes": [{
            "type": "streamable-http",
            "url": format!("{}{}", config.agent_url, server.path()),
            "supportedProtocolVersions": supported,
        }],
    });
    Ok((
        ServerListings {
            server,
            initialize,
            discover,
            tools: SHAPES.map(|shape| shaped(shape, &tools_json, "tools")),
            prompts: SHAPES.map(|shape| shaped(shape, &prompts_json, "prompts")),
            templates: SHAPES.map(|shape| shaped(shape, &templates_json, "resourceTemplates")),
            resources: resource_pages,
            server_info_meta: format!("\"_meta\":{meta}"),
        },
        card,
    ))
}

/// The readiness interview prompt: the assessment's questions and how to score them.
fn interview_prompt(content: &Content) -> String {
    use std::fmt::Write as _;
    let assessment = &content.assessment;
    let n_questions: usize = assessment.sections.iter().map(|s| s.questions.len()).sum();
    let mut text = format!(
        "Interview me about my organisation with {company}'s AI readiness assessment, \"{title}\".",
        company = content.site.company,
        title = assessment.title,
    );
    if let Some(instructions) = &assessment.instructions {
        let _ =
            write!(text, " Before the first question, tell me how to answer: \"{instructions}\"");
    }
    let _ = write!(
        text,
        "\n\nAsk the {n_questions} questions below one at a time, in order. For each, give the question, its context note when it has one, and its five options numbered 0 to 4, then wait for my choice; if my answer is unclear, ask again rather than guess. Questions marked \"unscored\" size the organisation and do not count towards the score: ask them all the same.\n\nWhen all {n_questions} are answered, call the tool `score_assessment` with {{\"answers\": [...]}}: the {n_questions} option numbers in question order. Then explain the result: the score out of 100 and the band, with what it means (the bands are listed after the questions) and its guidance, each pillar's average, the weakest pillar and its advice, and the next step. Never compute or guess a score yourself.\n"
    );
    let mut number = 0;
    for section in &assessment.sections {
        let _ = write!(text, "\n## {}\n", section.title);
        if let Some(desc) = &section.desc {
            let _ = writeln!(text, "{desc}");
        }
        for question in &section.questions {
            number += 1;
            let unscored = if question.scored { "" } else { " (unscored)" };
            let marker = format!("{number}. ");
            let _ = writeln!(text, "\n{marker}{}{unscored}", question.q);
            // The context and options start where the question's text does: under `10. ` a
            // fixed three spaces fell a column short (and out of the markdown list item).
            let indent = " ".repeat(marker.len());
            if let Some(ctx) = &question.ctx {
                let _ = writeln!(text, "{indent}Context: {ctx}");
            }
            for (option_idx, option) in question.opts.iter().enumerate() {
                let _ = writeln!(text, "{indent}{option_idx}. {option}");
            }
        }
    }
    // What each band means, as the assessment page says it: the score's result names its band
    // and its guidance (a to-do list) but not what the band means, which the prompt asks the
    // model to explain, so without this it could only guess from the name.
    let _ = write!(text, "\n## The bands\n\n");
    for (idx, band) in assessment.bands.iter().enumerate() {
        let top = assessment.bands.get(idx + 1).map_or(100, |next| next.min.saturating_sub(1));
        let _ = write!(text, "- {} (scores {} to {top})", band.name, band.min);
        match &band.summary {
            Some(summary) => {
                let _ = writeln!(text, ": {summary}");
            }
            None => text.push('\n'),
        }
    }
    text
}

/// Runs the MCP stage. `published` gives the bodies of the routes published so far: the
/// twins, the assessment and the OpenAPI document, whose sizes the resource listings give.
pub fn build(
    config: &Config,
    content: &Content,
    openapi: &Value,
    published: Lookup<'_>,
) -> Result<McpBuild, String> {
    let mut servers = Vec::new();
    let mut out_routes = Vec::new();
    let mut entries = Vec::new();
    for server in McpServer::ALL {
        let (listings, card) = server_listings(server, config, content, openapi, published)?;
        let card_text = card.to_string();
        let card_url = format!("{}{}/server-card", config.agent_url, server.path());
        let id = card["name"].as_str().unwrap_or("").rsplit('/').next().unwrap_or("").to_string();
        entries.push(json!({
            "identifier": format!("urn:air:{}:mcp:{id}", reverse_dns(NAMESPACE)),
            "type": CARD_MEDIA_TYPE,
            "url": card_url,
        }));
        let mut paths = vec![format!("{}/server-card", server.path())];
        if server == McpServer::Product {
            // The address the `/v1` index links (`mcp.serverCard`), kept for SEP-1649 scanners.
            paths.push("/.well-known/mcp/server-card.json".into());
        }
        for path in paths {
            out_routes.push(Published {
                path,
                content_type: CARD_CONTENT_TYPE,
                body: card_text.clone(),
            });
        }
        servers.push(listings);
    }
    // The A2A agent's card (`agent_card.rs`) is listed beside the MCP server cards, with the
    // media type it is served with (A2A defines no other; see `CARD_MEDIA_TYPE`).
    entries.push(json!({
        "identifier": format!("urn:air:{}:a2a:agent", reverse_dns(NAMESPACE)),
        "type": super::agent_card::CARD_MEDIA_TYPE,
        "url": format!("{}{}", config.agent_url, super::agent_card::CARD_PATHS[0]),
    }));
    out_routes.push(Published {
        path: "/.well-known/ai-catalog.json".into(),
        content_type: CATALOG_CONTENT_TYPE,
        body: json!({ "specVersion": "1.0", "entries": entries }).to_string(),
    });
    Ok(McpBuild { servers, routes: out_routes, interview_prompt: interview_prompt(content) })
}

/// `example.larchmere` → `larchmere.example`.
fn reverse_dns(name: &str) -> String {
    name.split('.').rev().collect::<Vec<_>>().join(".")
}
