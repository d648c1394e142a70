//! The OpenAPI 3.1 document, generated at build time from the same constants, category names
//! and error table the server uses, so the description cannot disagree with the service.

use serde_json::{Value, json};

use super::config::Config;
use super::model::{
    A2A_BODY_MAX, A2A_PATH, ASK_BODY_MAX, ASK_ID_MAX_CHARS, ASK_MAX_PREV_TURNS,
    ASK_QUERY_MAX_CHARS, BATCH_BODY_MAX, BATCH_MAX_ITEMS, BATCH_PATH_MAX, BODY_READ_TIMEOUT_SECS,
    CONTROL, ENDPOINTS, ERROR_CODES, EXPORT_MAX_AGE_SECS, EXPORT_SCOPE, GRANT_TYPE, INVISIBLE,
    MAX_HEADER_BYTES, MAX_HEADER_FIELDS, MCP_BODY_MAX, McpVersion, N_OPTIONS, N_QUESTIONS,
    N_SCORED, OAUTH_BODY_MAX, PILLAR_KEYS, RATE_LIMIT_DEFAULT, SCORE_BODY_MAX,
    SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_MAX_SUGGESTIONS, SEARCH_QUERY_MAX_CHARS,
    SourceKind, TOKEN_AUTH_METHODS, TOKEN_LIFETIME_SECS, WHITE_SPACE,
};
use super::validate::Content;

/// The class of the characters the server trims, `WHITE_SPACE`, `CONTROL` and `INVISIBLE`, without its
/// brackets. Every character of it is a `\uXXXX` escape, which ECMA-262, Python's `re` and
/// Rust's `regex` all read the same way; `\S` is ASCII-only to some of them.
fn blank_class() -> String {
    let escape = |c: char| format!("\\u{:04X}", u32::from(c));
    let mut class = String::new();
    for &(low, high) in WHITE_SPACE.iter().chain(CONTROL).chain(INVISIBLE) {
        class.push_str(&escape(low));
        if high != low {
            class.push('-');
            class.push_str(&escape(high));
        }
    }
    class
}

/// The pattern of a string the server takes as a question or search terms of at most `max`
/// characters: any blank characters (`blank_class`) at either end, which the server trims
/// before it counts, around at most `max` characters that begin and end with one that is not
/// blank; with `required`, there must be such a character (a blank question is
/// `missing_query`), without it the string may be blank (blank search terms count as
/// omitted). `maxLength` counted the characters as sent, so a string of `max` characters and a
/// trailing space or newline, which the server answers, was schema-violating to schemathesis.
/// `[\s\S]` is any character in every dialect (`.` leaves out line breaks).
fn trimmed_at_most(max: usize, required: bool) -> String {
    let blank = blank_class();
    let inner = max.saturating_sub(2);
    let text = format!("[^{blank}](?:[\\s\\S]{{0,{inner}}}[^{blank}])?");
    if required {
        format!("^[{blank}]*{text}[{blank}]*$")
    } else {
        format!("^[{blank}]*(?:{text})?[{blank}]*$")
    }
}

/// The `resource` values the token endpoint grants, as a pattern: the API's base (with or
/// without a trailing slash) or its export, the scheme and host in any case (RFC 3986 section
/// 6.2.2.1, as the server compares them), or the empty string, which RFC 6749 section 3.1 and
/// the server treat as omitted. An `enum` of the three lowercase spellings called granted
/// requests invalid (schemathesis's stateful phase found `resource=`).
fn resource_pattern(api_base: &str) -> String {
    let origin_end = api_base
        .find("://")
        .and_then(|at| api_base[at + 3..].find('/').map(|end| at + 3 + end))
        .unwrap_or(api_base.len());
    let mut pattern = String::from("^(");
    for (at, c) in api_base.char_indices() {
        if at < origin_end && c.is_ascii_alphabetic() {
            pattern.extend(['[', c.to_ascii_lowercase(), c.to_ascii_uppercase(), ']']);
        } else {
            if ".[](){}*+?^$|\\".contains(c) {
                pattern.push('\\');
            }
            pattern.push(c);
        }
    }
    pattern.push_str("(/|/v1/export)?)?$");
    pattern
}

fn schema_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn response_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/responses/{name}") })
}

fn header_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/headers/{name}") })
}

/// Headers every response carries.
fn common_headers() -> Value {
    json!({
        "RateLimit": header_ref("RateLimit"),
        "RateLimit-Policy": header_ref("RateLimit-Policy"),
        "Access-Control-Allow-Origin": header_ref("Access-Control-Allow-Origin"),
    })
}

fn json_ok(description: &str, schema: Value, cacheable: bool) -> Value {
    let mut headers = common_headers();
    if cacheable {
        headers["ETag"] = header_ref("ETag");
        headers["Cache-Control"] = header_ref("Cache-Control");
    }
    json!({
        "description": description,
        "headers": headers,
        "content": { "application/json": { "schema": schema } },
    })
}

/// A cacheable response that carries no validator (a search page).
fn without_etag(mut response: Value) -> Value {
    if let Some(headers) = response["headers"].as_object_mut() {
        headers.remove("ETag");
    }
    response
}

/// A GET operation on a fixed route: 200 with a schema, 304 on a matching ETag, 429.
fn fixed_get(operation_id: &str, summary: &str, description: &str, schema: Value) -> Value {
    json!({
        "get": {
            "operationId": operation_id,
            "summary": summary,
            "description": description,
            "tags": ["content"],
            "parameters": [
                { "$ref": "#/components/parameters/IfMatch" },
                { "$ref": "#/components/parameters/IfNoneMatch" },
            ],
            "responses": {
                "200": json_ok("OK", schema, true),
                "304": response_ref("NotModified"),
                "412": response_ref("PreconditionFailed"),
                "429": response_ref("TooManyRequests"),
            },
        }
    })
}

fn slug_get(operation_id: &str, summary: &str, schema: Value) -> Value {
    json!({
        "get": {
            "operationId": operation_id,
            "summary": summary,
            "description": "A slug that does not match the pattern is 400 `invalid_slug`; an unknown one is 404.",
            "tags": ["content"],
            "parameters": [
                { "$ref": "#/components/parameters/Slug" },
                { "$ref": "#/components/parameters/IfMatch" },
                { "$ref": "#/components/parameters/IfNoneMatch" },
            ],
            "responses": {
                "200": json_ok("OK", schema, true),
                "304": response_ref("NotModified"),
                "400": response_ref("BadRequest"),
                "404": response_ref("NotFound"),
                "412": response_ref("PreconditionFailed"),
                "429": response_ref("TooManyRequests"),
            },
        }
    })
}

fn list_of(key: &str, item: &str, count: Option<usize>) -> Value {
    let mut array = json!({ "type": "array", "items": schema_ref(item) });
    if let Some(count) = count {
        array["minItems"] = json!(count);
        array["maxItems"] = json!(count);
    }
    json!({ "type": "object", "required": [key], "properties": { key: array } })
}

/// The points of the worked example of `average` (37 over 15 scored answers give 2.47).
const AVERAGE_EXAMPLE_POINTS: usize = 37;

/// What a 415 `unsupported_media_type` means, on every endpoint that answers it.
const UNSUPPORTED_MEDIA_TYPE: &str = "`unsupported_media_type`: the request body cannot be read as sent: a `Content-Type` that is not JSON, sent twice or naming a charset other than UTF-8, a `Content-Encoding` other than `identity` (RFC 9110 section 15.5.16), or a `Transfer-Encoding` other than `chunked` (RFC 9112 section 6.1)";

/// What a 413 means on an endpoint whose bodies are at most `max` bytes: the number, as the
/// error table gives it (`payload_too_large`), so a client need not look it up.
fn too_large(max: usize) -> String {
    format!(
        "`payload_too_large`: the request body is larger than {} KiB; the rest is not read",
        max / 1024
    )
}

/// What a 408 means on every endpoint that takes a body: the deadline, as the error table gives
/// it (`request_timeout`), and what becomes of the connection.
fn too_slow() -> String {
    format!(
        "`request_timeout`: the whole body did not arrive within {BODY_READ_TIMEOUT_SECS} seconds of the headers; the connection is closed after this answer (over HTTP/1.1 it says `Connection: close`, RFC 9110 section 15.5.9)"
    )
}

/// What a 429 means: the default limit with its number (an operator's `--rate-limit` may set
/// another, which the `RateLimit-Policy` header of every answer states).
fn rate_limited(how: &str) -> String {
    format!(
        "Rate limited: more than {RATE_LIMIT_DEFAULT} requests a minute from one client address by default (`RateLimit-Policy` states the limit in force){how}"
    )
}

/// An Error response of an endpoint that echoes a valid Idempotency-Key on every answer.
fn error_with_key(description: &str) -> Value {
    let mut headers = common_headers();
    headers["Idempotency-Key"] = header_ref("Idempotency-Key");
    headers["Idempotency-Status"] = header_ref("Idempotency-Status");
    json!({
        "description": description,
        "headers": headers,
        "content": { "application/json": { "schema": schema_ref("Error") } },
    })
}

fn post_json(
    operation_id: &str,
    summary: &str,
    description: &str,
    request: &str,
    example: Value,
    response: &str,
    body_max: usize,
) -> Value {
    let mut ok = json_ok("OK", schema_ref(response), false);
    ok["headers"]["Idempotency-Key"] = header_ref("Idempotency-Key");
    ok["headers"]["Idempotency-Status"] = header_ref("Idempotency-Status");
    json!({
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "description": description,
            "tags": ["compute"],
            "parameters": [{ "$ref": "#/components/parameters/IdempotencyKey" }],
            "requestBody": {
                "required": true,
                "content": { "application/json": { "schema": schema_ref(request), "example": example } },
            },
            "responses": {
                "200": ok,
                "400": error_with_key("Invalid input; `error.code` says which rule failed. A valid Idempotency-Key is echoed; a malformed one is this 400 (`invalid_idempotency_key`) and is not"),
                "408": error_with_key(&too_slow()),
                "413": error_with_key(&too_large(body_max)),
                "415": error_with_key(UNSUPPORTED_MEDIA_TYPE),
                "429": response_ref("TooManyRequests"),
            },
        }
    })
}

fn oauth_error_response(description: &str) -> Value {
    json!({
        "description": description,
        "headers": common_headers(),
        "content": { "application/json": { "schema": schema_ref("OAuthError") } },
    })
}

/// The token endpoint's 401: `invalid_client`, always with the Basic challenge (RFC 9110
/// section 15.5.2 wants one on every 401).
fn invalid_client_response() -> Value {
    let mut response = oauth_error_response(
        "invalid_client: no client authentication, a missing `client_id` or `client_secret`, malformed Basic credentials, or an unknown client or wrong secret (RFC 6749 section 5.2); `error_description` says which",
    );
    response["headers"]["WWW-Authenticate"] = json!({
        "description": "`Basic realm=\"oauth\", charset=\"UTF-8\"` on every `invalid_client`, however the client authenticated (RFC 9110 section 15.5.2, RFC 7617).",
        "schema": { "type": "string", "enum": ["Basic realm=\"oauth\", charset=\"UTF-8\""] },
    });
    response
}

/// A refusal of an OAuth endpoint that is not about OAuth (size, rate, method, Host): the
/// RFC body, `error` `invalid_request`, and the service's code as `error_uri`.
fn oauth_refusal(description: &str) -> Value {
    let mut response = oauth_error_response(&format!(
        "{description}. In the RFC 6749 shape, as every answer of the OAuth endpoints: `error` is `invalid_request`, `error_uri` links the service's error code on the errors page."
    ));
    if description.starts_with("Rate limited") {
        response["headers"]["Retry-After"] = header_ref("Retry-After");
    }
    response
}

/// A JSON-RPC error response with this status and meaning (the MCP endpoints' errors).
fn jsonrpc_error(description: &str) -> Value {
    json!({
        "description": description,
        "headers": common_headers(),
        "content": { "application/json": { "schema": schema_ref("JsonRpcErrorResponse") } },
    })
}

/// An MCP server's endpoint: POST carries JSON-RPC. GET and DELETE are not operations of it:
/// they answer 405 with `Allow: POST, OPTIONS` like any method a path does not have, and the
/// POST description says why.
fn mcp_endpoint(operation_id: &str, summary: &str, tools: &str, agent_servers: &Value) -> Value {
    let header = |name: &str, description: &str| json!({ "name": name, "in": "header", "required": false, "description": description, "schema": { "type": "string" } });
    json!({
        "servers": agent_servers,
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "description": format!(
                "An MCP server over the Streamable HTTP transport: the body is one JSON-RPC 2.0 request or notification (a batch only in revision 2025-03-26). Revisions: 2026-07-28 (stateless: every request carries `params._meta` with `io.modelcontextprotocol/protocolVersion` and `io.modelcontextprotocol/clientCapabilities` (an object), plus the headers `MCP-Protocol-Version`, `Mcp-Method` and, for tools/call, resources/read and prompts/get, `Mcp-Name`; `server/discover` describes the server) and the legacy 2025-11-25, 2025-06-18 and 2025-03-26 through `initialize` (no session id is minted; `notifications/initialized` is 202). Requests are answered with `application/json`, or with one `text/event-stream` event when `Accept` allows only that. Notifications are 202 with no body. Errors are JSON-RPC errors whose `error.data.code` is a code of the Error table; in 2026-07-28 they carry the HTTP status that revision prescribes (400, or 404 for an unknown method), in the legacy revisions a JSON-RPC error to a well-formed request is HTTP 200. The server holds no sessions and opens no server-to-client stream, so GET (a standalone SSE stream) and DELETE (ending a session) answer 405 with `Allow: POST, OPTIONS` and a JSON-RPC error, as MCP 2026-07-28 prescribes and earlier revisions allow. {tools}"
            ),
            "tags": ["mcp"],
            "parameters": [
                {
                    "name": "MCP-Protocol-Version", "in": "header", "required": false,
                    "description": "The protocol revision: required on every 2026-07-28 request, then equal to `_meta[\"io.modelcontextprotocol/protocolVersion\"]`; the negotiated revision on legacy requests after `initialize` (absent means 2025-03-26). `initialize` ignores it (it negotiates in its params); on any other message another value is 400: -32022 (unsupported), or -32020 where it disagrees with the body.",
                    "schema": { "type": "string", "enum": McpVersion::ALL.map(McpVersion::as_str) },
                },
                header("Mcp-Method", "2026-07-28: the JSON-RPC method, equal to the body's."),
                header("Mcp-Name", "2026-07-28: for tools/call and prompts/get the `name`, for resources/read the `uri`; values that are not plain ASCII come as `=?base64?<base64>?=`."),
            ],
            "requestBody": {
                "required": true,
                "content": { "application/json": { "schema": { "anyOf": [
                    schema_ref("JsonRpcRequest"),
                    { "type": "array", "minItems": 1, "maxItems": BATCH_MAX_ITEMS, "items": schema_ref("JsonRpcRequest"), "description": "2025-03-26 only: a batch, answered with an array of responses (400 in later revisions)" },
                    { "type": "object", "required": ["jsonrpc", "id"], "properties": { "jsonrpc": { "const": "2.0" }, "id": { "type": ["string", "number"] }, "result": {}, "error": {} }, "anyOf": [{ "required": ["result"] }, { "required": ["error"] }], "description": "Legacy revisions only: a client's response to a server request (this server sends none), accepted with 202 (400 in 2026-07-28)" },
                ] } } },
            },
            "responses": {
                "200": {
                    "description": "The JSON-RPC response (in the legacy revisions also a JSON-RPC error to a well-formed request)",
                    "headers": common_headers(),
                    "content": {
                        "application/json": { "schema": { "anyOf": [schema_ref("JsonRpcResultResponse"), schema_ref("JsonRpcErrorResponse"), { "type": "array", "items": { "anyOf": [schema_ref("JsonRpcResultResponse"), schema_ref("JsonRpcErrorResponse")] }, "description": "A 2025-03-26 batch's responses" }] } },
                        "text/event-stream": { "schema": { "type": "string", "description": "One `event: message` whose data is the JSON-RPC response" } },
                    },
                },
                "202": { "description": "A notification (or a legacy client's response message) was accepted; no body", "headers": common_headers() },
                "400": jsonrpc_error("Parse error (-32700), invalid request or batch, or a member name repeated in one object (-32600, `duplicate_member`), invalid params, unknown tool, prompt or resource (-32602), header mismatch (-32020) or unsupported protocol version (-32022)"),
                "403": jsonrpc_error("`Origin` is not one origin as RFC 6454 serialises it (scheme and host in lower case, a port only when not the default, 1 to 65535) nor `null`"),
                "404": jsonrpc_error("2026-07-28: the method is not implemented (-32601)"),
                "406": jsonrpc_error("`Accept` allows neither application/json nor text/event-stream"),
                "408": jsonrpc_error(&format!("{} (-32600, `data.code` `request_timeout`)", too_slow())),
                "413": jsonrpc_error(&format!("The body is larger than {} KiB; the rest is not read", MCP_BODY_MAX / 1024)),
                "415": jsonrpc_error("The body cannot be read as sent: a `Content-Type` that is not JSON, sent twice or naming a charset other than UTF-8, a `Content-Encoding` other than `identity` (RFC 9110 section 15.5.16), or a `Transfer-Encoding` other than `chunked` (RFC 9112 section 6.1)"),
                "429": {
                    "description": rate_limited("; every POST counts"),
                    "headers": { "Retry-After": header_ref("Retry-After"), "RateLimit": header_ref("RateLimit"), "RateLimit-Policy": header_ref("RateLimit-Policy") },
                    "content": { "application/json": { "schema": schema_ref("JsonRpcErrorResponse") } },
                },
            },
        },
    })
}

/// A GET of a discovery document served with its own media type.
fn discovery_get(
    operation_id: &str,
    summary: &str,
    media_type: &str,
    schema: &str,
    servers: &Value,
) -> Value {
    let mut ok = json_ok("OK", schema_ref(schema), true);
    ok["content"] = json!({ media_type: { "schema": schema_ref(schema) } });
    json!({
        "servers": servers,
        "get": {
            "operationId": operation_id,
            "summary": summary,
            "tags": ["mcp"],
            "parameters": [{ "$ref": "#/components/parameters/IfNoneMatch" }],
            "responses": {
                "200": ok,
                "304": response_ref("NotModified"),
                "429": response_ref("TooManyRequests"),
            },
        }
    })
}

/// What `/ask` answers: the NLWeb v0.5 response as JSON or as events, 204 for a stream resumed
/// after its last event, and the API's errors.
fn ask_responses(post: bool) -> Value {
    let mut responses = json!({
        "200": {
            "description": "The answer. JSON unless `streaming` is true, or absent with an `Accept` that prefers `text/event-stream` to `application/json`.",
            "headers": { "Vary": { "description": "`accept`: without `streaming`, `Accept` picks JSON or events.", "schema": { "type": "string" } }, "RateLimit": header_ref("RateLimit"), "RateLimit-Policy": header_ref("RateLimit-Policy"), "Access-Control-Allow-Origin": header_ref("Access-Control-Allow-Origin") },
            "content": {
                "application/json": { "schema": schema_ref("AskResponse") },
                "text/event-stream": { "schema": {
                    "type": "object",
                    "description": "Each event (this schema) has an `id` from 1 to 4 and one `data` line of JSON: 1 `{\"_meta\": ...}` (the AskResponse's `_meta`), 2 `{\"content\": [the text item]}`, 3 `{\"content\": [the resource items]}`, 4 `{\"type\": \"done\"}`. With `Last-Event-ID: n` the stream resumes after event n.",
                    "required": ["data", "id"],
                    "properties": {
                        "id": { "type": "string", "enum": ["1", "2", "3", "4"] },
                        "event": { "const": "message" },
                        "data": { "type": "string", "contentMediaType": "application/json", "contentSchema": { "anyOf": [
                            { "type": "object", "required": ["_meta"], "properties": { "_meta": { "type": "object" } } },
                            { "type": "object", "required": ["content"], "properties": { "content": { "type": "array", "items": { "anyOf": [schema_ref("AskTextItem"), schema_ref("AskResourceItem")] } } } },
                            { "const": { "type": "done" } },
                        ] } },
                    },
                } },
            },
        },
        "204": { "description": "`Last-Event-ID` names the last event or a later one: the client has the whole answer (an EventSource stops reconnecting on 204)", "headers": common_headers() },
        "400": response_ref("BadRequest"),
        "406": response_ref("NotAcceptable"),
        "429": response_ref("TooManyRequests"),
    });
    if post {
        responses["408"] = response_ref("RequestTimeout");
        responses["413"] = response_ref("PayloadTooLarge");
        responses["415"] = response_ref("UnsupportedMediaType");
    } else {
        // Every parameter is within its bounds and the query string still too long: a long
        // conversation in UTF-8, percent-encoded. POST carries it.
        responses["431"] = response_ref("HeadTooLarge");
        responses["304"] = response_ref("NotModifiedAny");
        responses["412"] = response_ref("PreconditionFailed");
    }
    responses
}

/// A JSON-RPC error response of the A2A endpoint with this meaning.
fn a2a_error(description: &str) -> Value {
    json!({
        "description": description,
        "headers": common_headers(),
        "content": { "application/json": { "schema": schema_ref("A2aErrorResponse") } },
    })
}

/// Builds the whole document. Its paths follow `model::ENDPOINTS`: an endpoint without an
/// operation here, or an operation missing from that table, is an error (the build stops).
pub fn document(config: &Config, content: &Content) -> Result<Value, String> {
    let auth = &config.auth_url;
    let site = &config.site_url;
    let category_names: Vec<&str> = content.categories.iter().map(|c| c.name.as_str()).collect();
    let error_codes: Vec<&str> = ERROR_CODES.iter().map(|(code, _, _)| *code).collect();
    let error_table: String = ERROR_CODES
        .iter()
        .map(|(code, status, meaning)| format!("| `{code}` | {status} | {meaning} |\n"))
        .collect();
    let auth_servers = json!([{ "url": auth, "description": "Authorization server" }]);
    let server = |url: &str, sandbox: bool| {
        if sandbox {
            json!({ "url": url, "description": "Sandbox: same endpoints and data; every response carries X-Sandbox: true" })
        } else {
            json!({ "url": url, "description": "Production" })
        }
    };
    // This flavour's origin first, then the other flavour's only when the build named it: a
    // default standing in for an unset variable is the local origin, and a production document
    // listing `http://127.0.0.1:8080` as its sandbox would send clients to a server no one
    // runs; the same origin twice under two names would say one server is both flavours.
    let mut servers = vec![server(&config.api_base, config.sandbox)];
    if let Some(other) = &config.other_base {
        servers.push(server(other, !config.sandbox));
    }

    let mut paths = serde_json::Map::new();
    let mut path = |p: &str, item: Value| {
        paths.insert(p.to_string(), item);
    };
    path(
        "/v1",
        fixed_get(
            "getApiIndex",
            "API index",
            "Links to the documentation, the OpenAPI document, the agent surfaces and a one-line summary of every endpoint.",
            schema_ref("ApiIndex"),
        ),
    );
    path(
        "/v1/services",
        fixed_get(
            "listServices",
            "List services",
            "All service pages, ordered by name.",
            schema_ref("ServiceList"),
        ),
    );
    path("/v1/services/{slug}", slug_get("getService", "Get one service", schema_ref("Page")));
    path(
        "/v1/industries",
        fixed_get(
            "listIndustries",
            "List industries",
            "All industry pages, ordered by name.",
            schema_ref("IndustryList"),
        ),
    );
    path(
        "/v1/case-studies",
        fixed_get(
            "listCaseStudies",
            "List case studies",
            "All published case studies, ordered by name.",
            schema_ref("CaseStudyList"),
        ),
    );
    path(
        "/v1/case-studies/{slug}",
        slug_get("getCaseStudy", "Get one case study", schema_ref("Page")),
    );
    path(
        "/v1/resources",
        json!({
            "get": {
                "operationId": "searchResources",
                "summary": "Search, filter by category and page through the guide library",
                "description": format!(
                    "Full-text search over guide titles, the questions guides answer, descriptions and bodies. \
        Terms are lowercased, split on non-alphanumerics, stripped of stop words (a stop word with a contraction, such as `what's` or `whos`, is one) and stemmed (Snowball English). \
        Typo tolerance: a word of 5 to 8 characters that matches nothing as typed also matches words one edit away, a word of 9 or more two edits \
        (insertions, deletions, substitutions and swaps of neighbouring letters; an edit at the first letter counts as two). \
        The last word of three or more characters also matches as a prefix, typo-tolerant too. \
        Synonyms and abbreviations from the library's synonym table also match (ML and machine learning, BI, KPI and metric, and everyday words for trade terms). \
        A guide matches if any term matches; `relevance` is the number of distinct query terms it matched (a synonym phrase such as `machine learning` is one term, and a few everyday phrases such as `project stuck` are one term beside their words; a word typed joined that is read as two, such as `datagovernance`, is two). \
        Order with `q`: a BM25F score (title and answers weigh more than body; each term weighs by its rarity, so the rare words that carry the question decide, not the count of matched words; \
        synonym and typo matches count less than exact ones, and a misspelt word's candidates and the last word's completions weigh no more than the most used of them, so `contract` is not outranked by the rare `contractually`), then fewer typo matches, then library order. A guide matching a word as typed always ranks above one matching it only through a typo. \
        Each result may carry a `snippet`: the passage of the guide that best shows the match, with matched words between `<mark>` and `</mark>`. \
        When a word of `q` found guides only through typo tolerance, or is a bare stem of a library word that no guide writes (`qualiti` of `quality`; a last word such a stem begins, as `machin` begins `machine`, is completed and not named), `correctedQuery` says what the search read it as. \
        An irregular form of a verb is that verb, not a misspelling: `wrote` finds what `write` finds and is never corrected; `threw`, whose verb no guide writes, matches nothing and is offered nothing. \
        A word in double quotes is taken as typed: never corrected, completed or offered another spelling (`\"modl\"` finds nothing, where `modl` is read as `model`); it still matches its plurals and synonyms. To search for exactly what was typed after a `correctedQuery`, put the query in quotes. \
        When a search with `q` finds nothing, or a word of `q` matches nothing (on the first page), `suggestions` may offer corrected queries that do find something. \
        Without `q` (or with a blank `q`): the whole library or category in library order (category order, then title), with no `relevance` or `snippet`, and `query` is the empty string. \
        Page with `nextCursor` until it is null; a cursor is bound to the q, category and limit it was issued for. Unknown or repeated parameters are 400. \
        `q` longer than {SEARCH_QUERY_MAX_CHARS} characters once trimmed is 400. \
        A page may be cached for five minutes (`Cache-Control`) but carries no `ETag`: a search is answered as fast as a revalidation would be, so there is nothing to revalidate; only `If-None-Match: *` matches it (304)."
                ),
                "tags": ["content"],
                "parameters": [
                    { "name": "q", "in": "query", "required": false, "description": format!("Search terms. Blank is the same as omitted. At most {SEARCH_QUERY_MAX_CHARS} characters once trimmed of white space, control and invisible characters at either end, which the pattern spells out."), "schema": { "type": "string", "pattern": trimmed_at_most(SEARCH_QUERY_MAX_CHARS, false) } },
                    { "name": "category", "in": "query", "required": false, "description": "A category name from GET /v1/resources/categories (exact match: another case or form, such as `generative-ai`, is 400 `unknown_category`, whose message names the category meant when it can tell).", "schema": schema_ref("CategoryName") },
                    { "name": "limit", "in": "query", "required": false, "description": "Page size.", "schema": { "type": "integer", "minimum": 1, "maximum": SEARCH_LIMIT_MAX, "default": SEARCH_LIMIT_DEFAULT } },
                    { "name": "cursor", "in": "query", "required": false, "description": "Opaque `nextCursor` of the previous page, with the same q, category and limit. Any other value is 400 `invalid_cursor`.", "schema": { "type": "string", "pattern": "^[A-Za-z0-9_-]{18}$" } },
                ],
                "responses": {
                    "200": without_etag(json_ok("A page of results", schema_ref("ResourceSearchPage"), true)),
                    "304": response_ref("NotModifiedAny"),
                    "400": response_ref("BadRequest"),
                    "412": response_ref("PreconditionFailed"),
                    "429": response_ref("TooManyRequests"),
                },
            }
        }),
    );
    path(
        "/v1/resources/categories",
        fixed_get(
            "listCategories",
            "List guide categories",
            "The categories in library order with their guide counts.",
            schema_ref("CategoryList"),
        ),
    );
    path(
        "/v1/ai-readiness/questions",
        fixed_get(
            "getAssessment",
            "The AI readiness assessment",
            "Sections, questions (one unscored sizing question), five options each, and the maturity bands.",
            schema_ref("Assessment"),
        ),
    );
    path(
        "/v1/ai-readiness/score",
        post_json(
            "scoreReadiness",
            "Score assessment answers",
            &format!(
                "The format of `answers` is either {N_QUESTIONS} option indices (0-{top_index}, every question in order, the unscored one included) or {N_SCORED} points (1-{N_OPTIONS}, scored questions only, in order). \
An option index i is worth i+1 points. `average` is the mean of the {N_SCORED} points rounded to two decimals (the nearest hundredth); `score` = round((mean - 1) / {top_index} * 100), from the exact mean. \
The band is the last band whose `min` is at most the score. Pillar averages are the means of each area's scored answers, rounded to two decimals too; \
`weakestPillar` is the lowest average, ties going to the pillar listed first (strategy, people, data, change). \
Every pillar below 4.0 carries `advice` on improving it; others carry null, except the weakest pillar, which always carries advice: \
when even it is 4.0 or more, its advice on keeping it strong, and `nextStep` says every area is already strong and calls it the lowest; \
otherwise `nextStep` calls it the weakest area. Either way, when another pillar is level with it, `nextStep` calls it one of the lowest or one of the weakest. \
A missing Content-Type is read as JSON; any other non-JSON type is 415. Bodies over {} KiB are 413.",
                SCORE_BODY_MAX / 1024,
                top_index = N_OPTIONS - 1,
            ),
            "ScoreRequest",
            // The first option of every question, as a reader's first try (a test sends it).
            json!({ "answers": vec![0; N_QUESTIONS] }),
            "ReadinessResult",
            SCORE_BODY_MAX,
        ),
    );
    path(
        "/v1/batch",
        post_json(
            "batch",
            &format!("Run up to {BATCH_MAX_ITEMS} GET requests in one call"),
            &format!(
                "The request format is one JSON object, `{{\"requests\": [{{\"path\": \"/v1/...\"}}, ...]}}`: 1 to {BATCH_MAX_ITEMS} items, each naming a path under /v1 with its query string (at most {BATCH_PATH_MAX} characters). \
Each item is run as a GET through the same router in process, in order; each response item has the requested `path`, the `status` and the `body` a direct GET would return. \
Items never fail the whole call: a path outside /v1 gets status 400 `path_outside_api`; a malformed path or one with dot segments 400 `invalid_path`; \
a POST-only path 405 `method_not_allowed`; /v1/export 401 `missing_token` (a batch carries no credentials); an unknown path 404. \
Every item counts as one request towards the rate limit, and the RateLimit header counts them: when not even one request is left the whole call is 429; \
otherwise the items that fit run in order and each item past the limit gets status 429 with the `rate_limited` Error body. Bodies over {} KiB are 413.",
                BATCH_BODY_MAX / 1024
            ),
            "BatchRequest",
            // The API overview's example (`content/docs/api.md`); a test sends both.
            json!({ "requests": [{ "path": "/v1/services/mlops" }, { "path": "/v1/resources?q=drift" }] }),
            "BatchResponse",
            BATCH_BODY_MAX,
        ),
    );
    let mut export_headers = common_headers();
    export_headers["ETag"] = header_ref("ExportETag");
    export_headers["Cache-Control"] = header_ref("Cache-Control");
    export_headers["Vary"] = json!({ "description": "`accept-encoding, authorization`: the export comes in brotli, gzip or as is, and its `client` is the token's, so a cache keeps one copy per token.", "schema": { "type": "string", "enum": ["accept-encoding, authorization"] } });
    path(
        "/v1/export",
        json!({
            "get": {
                "operationId": "exportAll",
                "summary": "Bulk export of the whole dataset",
                "description": format!("Downloads all the data at once, in one response. Needs a bearer token with scope `export` from the client-credentials flow. Cache it: downloading it more often than a few times a day suggests paging the search instead. \
        A successful export is `Cache-Control: private, max-age={EXPORT_MAX_AGE_SECS}` (the client's own cache only, one token lifetime) with a weak `ETag` naming the content version: \
        the same for every client and every request until the next deploy (`exportedAt` and `client` are per request, so the validator is weak). \
        Send it back in `If-None-Match` (a list, weak comparison, or `*`) with a valid token to get 304 and no body while the content is unchanged. \
        The token is checked first: without a valid one the answer is 401 whatever `If-None-Match` says. \
        Like the fixed responses, the export comes in brotli or gzip when `Accept-Encoding` allows (`Vary: Accept-Encoding`), each coding with its own validator."),
                "tags": ["export"],
                "security": [{ "serviceOAuth": [EXPORT_SCOPE] }],
                "parameters": [
                    { "$ref": "#/components/parameters/IfMatch" },
                    { "$ref": "#/components/parameters/IfNoneMatch" },
                ],
                "responses": {
                    "200": {
                        "description": "The export",
                        "headers": export_headers.clone(),
                        "content": { "application/json": { "schema": schema_ref("BulkExport") } },
                    },
                    "304": {
                        "description": "The content has not changed since the export whose ETag was sent; no body",
                        "headers": export_headers,
                    },
                    "400": response_ref("AmbiguousCredentials"),
                    "401": response_ref("Unauthorized"),
                    "403": response_ref("InsufficientScope"),
                    "412": response_ref("PreconditionFailed"),
                    "429": response_ref("TooManyRequests"),
                },
            }
        }),
    );
    path(
        "/v1/contact",
        fixed_get(
            "getContact",
            "Contact details",
            "How to reach the consultancy. Enquiries are made by email, not through the API.",
            schema_ref("Contact"),
        ),
    );
    path(
        "/oauth/register",
        json!({
            "servers": auth_servers,
            "post": {
                "operationId": "registerClient",
                "summary": "Register an OAuth client (RFC 7591), anonymous and open",
                "description": "Returns `client_id` and `client_secret`. The secret is shown once and cannot be retrieved; a lost secret means registering again. Nothing is stored: the secret is derived from the client id with the server's key.",
                "tags": ["oauth"],
                "requestBody": {
                    "required": true,
                    "content": { "application/json": { "schema": schema_ref("ClientRegistrationRequest"), "example": { "client_name": "my-tool" } } },
                },
                "responses": {
                    "201": {
                        "description": "Registered",
                        "headers": common_headers(),
                        "content": { "application/json": { "schema": schema_ref("ClientRegistrationResponse") } },
                    },
                    "400": oauth_error_response("Invalid client metadata (RFC 7591 section 3.2.2), a member name repeated in one object, or a body that cannot be read as sent: not JSON, a `Content-Type` sent twice or naming a charset other than UTF-8, a `Content-Encoding` other than `identity` or a `Transfer-Encoding` other than `chunked`"),
                    "408": oauth_refusal(&too_slow()),
                    "413": oauth_refusal(&too_large(OAUTH_BODY_MAX)),
                    "429": oauth_refusal(&rate_limited("; wait `Retry-After` seconds")),
                },
            }
        }),
    );
    path(
        "/oauth/token",
        json!({
            "servers": auth_servers,
            "post": {
                "operationId": "issueToken",
                "summary": "Obtain an access token (client credentials, RFC 6749 section 4.4)",
                "description": "Client credentials by HTTP Basic (RFC 6749 section 2.3.1 encoding) or as form fields, not both; beside Basic, a `client_id` field naming the same client is accepted. `scope` is optional and may only be `export`. `resource` (RFC 8707) is optional: this API or its export, which the token's `aud` then names. Errors follow RFC 6749 section 5.2; `unsupported_grant_type` and `invalid_target` are 400.",
                "tags": ["oauth"],
                "requestBody": {
                    "required": true,
                    "content": { "application/x-www-form-urlencoded": { "schema": schema_ref("TokenRequest"), "example": { "grant_type": "client_credentials" } } },
                },
                "responses": {
                    "200": {
                        "description": "Token issued",
                        "headers": common_headers(),
                        "content": { "application/json": { "schema": schema_ref("TokenResponse") } },
                    },
                    "400": oauth_error_response("invalid_request (among its causes a body that cannot be read as sent: not form-encoded, a `Content-Type` sent twice or naming a charset other than UTF-8, a `Content-Encoding` other than `identity` or a `Transfer-Encoding` other than `chunked`), unsupported_grant_type, invalid_scope, or invalid_target (RFC 8707 section 2: a `resource` that is not this API's)"),
                    "401": invalid_client_response(),
                    "408": oauth_refusal(&too_slow()),
                    "413": oauth_refusal(&too_large(OAUTH_BODY_MAX)),
                    "429": oauth_refusal(&rate_limited("; wait `Retry-After` seconds")),
                },
            }
        }),
    );
    path(
        "/.well-known/oauth-authorization-server",
        json!({
            "servers": auth_servers,
            "get": {
                "operationId": "getAuthorizationServerMetadata",
                "summary": "Authorization server metadata (RFC 8414)",
                "tags": ["oauth"],
                "responses": {
                    "200": json_ok("Metadata", schema_ref("AuthorizationServerMetadata"), true),
                    "304": response_ref("NotModified"),
                    "429": response_ref("TooManyRequests"),
                },
            }
        }),
    );
    path(
        "/.well-known/oauth-protected-resource",
        json!({
            "servers": auth_servers,
            "get": {
                "operationId": "getProtectedResourceMetadata",
                "summary": "Protected resource metadata (RFC 9728)",
                "tags": ["oauth"],
                "responses": {
                    "200": json_ok("Metadata", schema_ref("ProtectedResourceMetadata"), true),
                    "304": response_ref("NotModified"),
                    "429": response_ref("TooManyRequests"),
                },
            }
        }),
    );
    path(
        "/.well-known/oauth-protected-resource/v1/export",
        json!({
            "get": {
                "operationId": "getExportResourceMetadata",
                "summary": "Protected resource metadata at the export's RFC 9728 address",
                "description": "RFC 9728 section 3.1: the well-known path with the resource's path (`/v1/export`) appended, on the API's origin. The same document as /.well-known/oauth-protected-resource, which the export's `WWW-Authenticate` names.",
                "tags": ["oauth"],
                "responses": {
                    "200": json_ok("Metadata", schema_ref("ProtectedResourceMetadata"), true),
                    "304": response_ref("NotModified"),
                    "429": response_ref("TooManyRequests"),
                },
            }
        }),
    );
    path(
        "/openapi.json",
        json!({
            "get": {
                "operationId": "getOpenApi",
                "summary": "This document, the API's OpenAPI 3.1 spec",
                "tags": ["meta"],
                "responses": {
                    "200": json_ok("The OpenAPI document", json!({ "type": "object" }), true),
                    "304": response_ref("NotModified"),
                    "429": response_ref("TooManyRequests"),
                },
            }
        }),
    );

    let agent_servers = json!([{ "url": config.agent_url, "description": "Agent surfaces (MCP servers, server cards, /ask, the A2A agent and its card, AI catalog)" }]);
    path(
        "/mcp",
        mcp_endpoint(
            "mcpProduct",
            "Product MCP server (JSON-RPC over Streamable HTTP)",
            "Tools: list_services, get_service, list_industries, list_case_studies, get_case_study, get_contact, get_assessment_questions, score_assessment, search, fetch; \
every service, industry and case study as a markdown resource, the assessment as a JSON resource; the readiness_interview prompt.",
            &agent_servers,
        ),
    );
    path(
        "/mcp/docs",
        mcp_endpoint(
            "mcpDocs",
            "Docs MCP server (JSON-RPC over Streamable HTTP)",
            "Tools: search_guides, get_guide, list_categories, search_api_docs, search, fetch; every guide and documentation page as a markdown resource \
and the OpenAPI document, listed in pages; a resource template for guides by slug; the answer_from_guides prompt.",
            &agent_servers,
        ),
    );
    for (card_path, operation_id, summary) in [
        ("/mcp/server-card", "getProductServerCard", "Server card of the product MCP server"),
        ("/mcp/docs/server-card", "getDocsServerCard", "Server card of the docs MCP server"),
        (
            "/.well-known/mcp/server-card.json",
            "getWellKnownServerCard",
            "The product server's card at the /v1 index's `mcp.serverCard` address",
        ),
    ] {
        path(
            card_path,
            discovery_get(
                operation_id,
                summary,
                "application/mcp-server-card+json",
                "ServerCard",
                &agent_servers,
            ),
        );
    }
    path(
        "/.well-known/ai-catalog.json",
        discovery_get(
            "getAiCatalog",
            "AI catalog: this domain's MCP server cards and A2A agent card",
            "application/ai-catalog+json",
            "AiCatalog",
            &agent_servers,
        ),
    );

    let ask_description = format!(
        "NLWeb-compatible natural-language query (NLWeb protocol v0.5): a question in plain language answered from the guides, services, industries, case studies and docs, \
with no language model: `mode=summarize` (default) gives an extractive answer, a few sentences quoted from the content (or composed from the company's records for questions about the company), \
each traceable to a source; `mode=list` gives the sources as a list instead. The sources follow as one resource item each, whose `data` is the item's schema.org object. \
A question the content does not answer says so and lists the closest items and the contact record. The same request always gives the same answer and `request_id`. \
Earlier questions (`prev`, oldest first) turn a follow-up such as \"what about in healthcare?\" into a full question. \
Limits: the question and each earlier turn at most {ASK_QUERY_MAX_CHARS} characters (`question_too_long`), at most {ASK_MAX_PREV_TURNS} earlier turns (`too_many_turns`), `conversation_id` at most {ASK_ID_MAX_CHARS} characters. \
A missing or blank question is `missing_query` (its message names `query` when only `q` was sent); a mode other than list or summarize `unknown_mode`. Parameters NLWeb clients send that this endpoint does not use (`site`, `num_results`, ...) are ignored."
    );
    let ask_parameters = json!([
        { "name": "query", "in": "query", "required": true, "description": format!("The question: not blank, and at most {ASK_QUERY_MAX_CHARS} characters once trimmed of white space, control and invisible characters at either end, which the pattern spells out."), "schema": { "type": "string", "pattern": trimmed_at_most(ASK_QUERY_MAX_CHARS, true) } },
        { "name": "prev", "in": "query", "required": false, "description": "An earlier question; repeat for several, oldest first. A value is one turn (never split at commas).", "style": "form", "explode": true, "schema": { "type": "array", "maxItems": ASK_MAX_PREV_TURNS, "items": { "type": "string", "pattern": trimmed_at_most(ASK_QUERY_MAX_CHARS, false) } } },
        { "name": "mode", "in": "query", "required": false, "schema": { "type": "string", "enum": ["summarize", "list"], "default": "summarize" } },
        { "name": "streaming", "in": "query", "required": false, "description": "true: server-sent events; false: one JSON body (`true` and `false` in any case, as Python's `requests` writes a boolean, or `1` and `0`). Absent: events when `Accept` prefers text/event-stream.", "schema": { "type": "string", "pattern": "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)$" } },
        { "name": "conversation_id", "in": "query", "required": false, "description": "Echoed in `_meta.conversation_id`.", "schema": { "type": "string", "maxLength": ASK_ID_MAX_CHARS } },
        { "$ref": "#/components/parameters/LastEventId" },
    ]);
    path(
        "/ask",
        json!({
            "servers": agent_servers,
            "get": {
                "operationId": "ask",
                "summary": "Ask a question in plain language (NLWeb /ask)",
                "description": ask_description,
                "tags": ["agents"],
                "parameters": ask_parameters,
                "responses": ask_responses(false),
            },
            "post": {
                "operationId": "askPost",
                "summary": "Ask a question with a JSON body (flat or NLWeb v0.5)",
                "description": format!("{ask_description} \
        The body is flat (`query` a string, `prev`, `mode`, `streaming`, `conversation_id`) or NLWeb v0.5 (`query.text`, `context.prev`, `return_response.mode` and `.streaming`, `meta.conversation_id`); each setting in one of its two places (both is 400). \
        Unknown fields are ignored; a query string is 400 (POST reads the body only). Bodies over {} KiB are 413.", ASK_BODY_MAX / 1024),
                "tags": ["agents"],
                "parameters": [{ "$ref": "#/components/parameters/LastEventId" }],
                "requestBody": {
                    "required": true,
                    "content": { "application/json": { "schema": schema_ref("AskRequest"), "example": { "query": { "text": "which industries do you work in?" }, "context": { "prev": [] } } } },
                },
                "responses": ask_responses(true),
            },
        }),
    );
    let a2a_methods: Vec<&str> = [
        "SendMessage",
        "SendStreamingMessage",
        "GetTask",
        "ListTasks",
        "CancelTask",
        "SubscribeToTask",
        "CreateTaskPushNotificationConfig",
        "GetTaskPushNotificationConfig",
        "ListTaskPushNotificationConfigs",
        "DeleteTaskPushNotificationConfig",
        "GetExtendedAgentCard",
        "message/send",
        "message/stream",
        "tasks/get",
        "tasks/cancel",
        "tasks/resubscribe",
        "tasks/pushNotificationConfig/set",
        "tasks/pushNotificationConfig/get",
        "tasks/pushNotificationConfig/list",
        "tasks/pushNotificationConfig/delete",
        "agent/getAuthenticatedExtendedCard",
    ]
    .to_vec();
    path(
        A2A_PATH,
        json!({
            "servers": agent_servers,
            "post": {
                "operationId": "a2a",
                "summary": "The A2A agent: JSON-RPC 2.0, protocol 1.0 and 0.3",
                "description": format!(
                    "A2A JSON-RPC binding. `A2A-Version` (header or query parameter) names the protocol: 1.0, or 0.3 when absent; 1.0 methods are PascalCase (`SendMessage`), 0.3 methods `category/action` (`message/send`), and a method of the other version, or another version, is -32009. \
        The agent answers every message with a message (never a task): a text question gets a text part with the extractive answer and a data part `{{answer, sentences, sources}}` (sources as schema.org objects); \
        a data part `{{\"answers\": [...]}}` ({N_QUESTIONS} option indices or {N_SCORED} points), or the same list typed as text after a request for a score (\"score these answers: 2,3,1,...\", or the list alone after such a request in the same context), gets a text summary and the ReadinessResult; a list of the wrong length or range is -32602 with the Error code `invalid_answers` either way. `SendStreamingMessage`/`message/stream` send that message as the one event of a text/event-stream. \
        GetTask, CancelTask, SubscribeToTask: -32001 TaskNotFound (GetTask with a `historyLength` that is no integer from 0 is -32602 first); ListTasks: an empty page (a filter it cannot read, such as a `status` that is no TaskState or a negative `historyLength`, is -32602); push notification config methods: -32003; GetExtendedAgentCard: -32004. \
        Errors are JSON-RPC errors with HTTP 200 (1.0: `data` holds a google.rpc.ErrorInfo whose `metadata.code` is a code of the Error table; 0.3: `data.code`); a body that is not JSON-typed is 415, over {} KiB 413, and the rate limit 429, each with a JSON-RPC error body. Notifications are 202 (in a version the agent serves; another is -32009 with a null id), and a JSON-RPC response sent to the agent is -32600. The agent card describes the skills.",
                    A2A_BODY_MAX / 1024
                ),
                "tags": ["agents"],
                "parameters": [
                    { "name": "A2A-Version", "in": "header", "required": false, "description": "The A2A protocol version: 1.0 or 0.3 (a patch part is ignored). Absent or empty: 0.3.", "schema": { "type": "string" } },
                    { "name": "A2A-Extensions", "in": "header", "required": false, "description": "Extensions the client wants; the agent declares none and activates none.", "schema": { "type": "string" } },
                ],
                "requestBody": {
                    "required": true,
                    "content": { "application/json": { "schema": {
                        "type": "object",
                        "required": ["jsonrpc", "id", "method"],
                        "properties": {
                            "jsonrpc": { "const": "2.0" },
                            "id": { "type": ["string", "integer"] },
                            "method": { "type": "string", "enum": a2a_methods },
                            "params": { "type": "object", "description": "1.0: a SendMessageRequest ({message, configuration?, metadata?}) for the send methods; 0.3: MessageSendParams. Earlier questions may be sent as metadata.prev." },
                        },
                    } } },
                },
                "responses": {
                    "200": {
                        "description": "A JSON-RPC response (result or error); for the streaming methods a text/event-stream of one event",
                        "headers": { "A2A-Version": { "description": "The protocol version the request was answered in.", "schema": { "type": "string", "enum": ["1.0", "0.3"] } }, "RateLimit": header_ref("RateLimit"), "RateLimit-Policy": header_ref("RateLimit-Policy"), "Access-Control-Allow-Origin": header_ref("Access-Control-Allow-Origin") },
                        "content": {
                            "application/json": { "schema": { "anyOf": [schema_ref("A2aResultResponse"), schema_ref("A2aErrorResponse")] } },
                            "text/event-stream": { "schema": {
                                "type": "object",
                                "description": "The stream's one event (this schema): its data line is the JSON-RPC response, 1.0 `{\"result\": {\"message\": ...}}`, 0.3 `{\"result\": {\"kind\": \"message\", ...}}`.",
                                "required": ["data"],
                                "properties": {
                                    "event": { "const": "message" },
                                    "data": { "type": "string", "contentMediaType": "application/json", "contentSchema": schema_ref("A2aResultResponse") },
                                },
                            } },
                        },
                    },
                    "202": { "description": "A notification was accepted; no body", "headers": common_headers() },
                    "406": a2a_error("`not_acceptable`: `Accept` allows neither application/json nor text/event-stream (as on the MCP servers), or a streaming method (`SendStreamingMessage`, `SubscribeToTask`; 0.3 `message/stream`, `tasks/resubscribe`) was sent with an `Accept` that rules out text/event-stream, the one form its result comes in"),
                    "408": a2a_error(&format!("{} (-32600, `data.code` `request_timeout`)", too_slow())),
                    "413": a2a_error(&format!("The body is larger than {} KiB; the rest is not read", A2A_BODY_MAX / 1024)),
                    "415": a2a_error("The body cannot be read as sent: a `Content-Type` that is not JSON, sent twice or naming a charset other than UTF-8, a `Content-Encoding` other than `identity` (RFC 9110 section 15.5.16), or a `Transfer-Encoding` other than `chunked` (RFC 9112 section 6.1)"),
                    "429": {
                        "description": rate_limited(""),
                        "headers": { "Retry-After": header_ref("Retry-After"), "RateLimit": header_ref("RateLimit"), "RateLimit-Policy": header_ref("RateLimit-Policy") },
                        "content": { "application/json": { "schema": schema_ref("A2aErrorResponse") } },
                    },
                },
            },
        }),
    );
    for (card_path, operation_id, summary) in [
        ("/.well-known/agent-card.json", "getAgentCard", "The A2A agent card"),
        (
            "/.well-known/agent.json",
            "getAgentCardLegacy",
            "The same agent card at its address before A2A 0.3",
        ),
    ] {
        path(
            card_path,
            json!({
                "servers": agent_servers,
                "get": {
                    "operationId": operation_id,
                    "summary": summary,
                    "description": "One card for both protocol versions: the 1.0 fields (supportedInterfaces, the JSON-RPC endpoint at 1.0 then at 0.3) and the fields a 0.3 client reads (url, preferredTransport, protocolVersion). Strong ETag; revalidate with If-None-Match.",
                    "tags": ["agents"],
                    "parameters": [{ "$ref": "#/components/parameters/IfNoneMatch" }],
                    "responses": {
                        "200": json_ok("The agent card", schema_ref("AgentCard"), true),
                        "304": response_ref("NotModified"),
                        "429": response_ref("TooManyRequests"),
                    },
                }
            }),
        );
    }

    // The connection cap's own words (its default number included), from the error table.
    let over_cap = ERROR_CODES
        .iter()
        .find(|(code, _, _)| *code == "too_many_connections")
        .map_or("", |(_, _, meaning)| *meaning);
    path(
        "/healthz",
        json!({
            "get": {
                "operationId": "getHealth",
                "summary": "Health check: liveness and readiness",
                "description": "For load balancers and orchestrators. 200 `{\"status\":\"ok\"}` while the process serves; 503 `{\"status\":\"draining\"}` once it has been told to stop (it still finishes what it has in flight). The process needs nothing outside itself, so serving is being ready. Not rate-limited and never cached; no RateLimit headers. Like every path it is behind the per-address connection cap, which is checked when a connection opens, before any request on it is read: a probe on a connection past its address's cap is 429 `too_many_connections`.",
                "tags": ["operations"],
                "responses": {
                    "200": {
                        "description": "Serving",
                        "headers": { "Access-Control-Allow-Origin": header_ref("Access-Control-Allow-Origin") },
                        "content": { "application/json": { "schema": schema_ref("Health") } },
                    },
                    "304": response_ref("NotModifiedAny"),
                    // The connection cap is decided before the request is read, so it cannot
                    // spare this path: a probe past it is refused like any other request.
                    "429": {
                        "description": format!("`too_many_connections` only (never `rate_limited`): the probe came on a connection past its address's cap (`--max-connections-per-ip`), refused before its request was read, then closed. {over_cap} A proxy listed in `--trusted-proxy` has no cap, nor has any address under `--trust-proxy` unless the cap is given."),
                        "headers": {
                            "Retry-After": header_ref("Retry-After"),
                            "Access-Control-Allow-Origin": header_ref("Access-Control-Allow-Origin"),
                        },
                        "content": { "application/json": { "schema": schema_ref("Error") } },
                    },
                    "503": {
                        "description": "Stopping: take this process out of rotation",
                        "headers": { "Access-Control-Allow-Origin": header_ref("Access-Control-Allow-Origin") },
                        "content": { "application/json": { "schema": schema_ref("Health") } },
                    },
                },
            }
        }),
    );

    add_links(&mut paths);
    complete_operations(&mut paths);
    let paths = ordered_by_endpoint_table(paths)?;

    let string = json!({ "type": "string" });
    let uri = json!({ "type": "string", "format": "uri" });
    let pillar_keys: Vec<&str> = PILLAR_KEYS.to_vec();
    let pillar = json!({
        "type": "object",
        "required": ["title", "average"],
        "properties": {
            "title": string,
            "average": { "type": "number", "minimum": 1, "maximum": 5, "description": "The mean of this area's scored points, rounded to two decimals (the nearest hundredth)." },
            "advice": { "type": ["string", "null"] },
        },
    });
    let schema_types: Vec<&str> = [
        SourceKind::Guide,
        SourceKind::Service,
        SourceKind::Industry,
        SourceKind::CaseStudy,
        SourceKind::Docs,
        SourceKind::Assessment,
        SourceKind::Contact,
    ]
    .iter()
    .map(|kind| kind.schema_type())
    .collect();
    // A question: not blank (a non-space character somewhere), at most the limit once trimmed.
    let question =
        json!({ "type": "string", "pattern": trimmed_at_most(ASK_QUERY_MAX_CHARS, true) });
    let turn = json!({ "type": "string", "pattern": trimmed_at_most(ASK_QUERY_MAX_CHARS, false) });
    // Null members count as absent: Python NLWeb clients send unset optionals as null.
    let string_or_turns = json!({ "oneOf": [
        { "type": "null" },
        turn.clone(),
        { "type": "array", "maxItems": ASK_MAX_PREV_TURNS, "items": turn },
    ] });
    let schemas = json!({
        "Page": {
            "type": "object",
            "description": "A service, an industry or a case study.",
            "required": ["name", "slug", "url", "description"],
            "properties": {
                "name": string,
                "slug": { "type": "string", "pattern": "^[a-z0-9-]+$" },
                "url": { "type": "string", "format": "uri", "description": "Canonical HTML page; its markdown twin is this URL plus index.md." },
                "description": string,
            },
        },
        "Resource": {
            "type": "object",
            "description": "A guide.",
            "required": ["title", "slug", "url", "category", "description"],
            "properties": {
                "title": string,
                "slug": { "type": "string", "pattern": "^[a-z0-9-]+$" },
                "url": uri,
                "category": schema_ref("CategoryName"),
                "description": string,
                "answers": { "type": "array", "items": string, "description": "The questions the guide answers." },
                "relevance": { "type": "integer", "minimum": 1, "description": "Keyword searches only: the number of distinct query terms that matched (a synonym or typo match counts; a synonym phrase is one term, and a few everyday phrases such as `project stuck` are one term beside their words; a word typed joined that is read as two words, such as `datagovernance`, is two). Not the ordering key: results are ordered by BM25F score, then fewer typo matches, then library order, so `relevance` can go up again further down a page; do not stop paging when it drops." },
                "snippet": { "type": "string", "minLength": 1, "description": "Keyword searches only, when the match is in the description or body: a short passage of the guide with each matched word wrapped in `<mark>` and `</mark>`. The text is not HTML-escaped and never contains those two strings otherwise: to show it in HTML, escape the whole string, then turn `&lt;mark&gt;` and `&lt;/mark&gt;` back into tags." },
            },
        },
        "ResourceSearchPage": {
            "type": "object",
            "required": ["query", "count", "results"],
            "properties": {
                "query": { "type": "string", "description": "The search terms as given (trimmed); the empty string when q is omitted or blank." },
                "correctedQuery": { "type": "string", "minLength": 1, "description": "Only when a word of `q` found guides through typo tolerance alone, or is a bare stem of a library word that no guide writes (`qualiti`, read as `quality`; `machin` before another word, read as `machine`, where typed last it is completed and not named) (and the search found something): `q` as the search read it, each such word replaced by the library word it most likely meant, the rest as typed (`goverance framwork` is read as `governance framework`). On every page of the search. Show it as \"showing results for ...\"; no need to search again with it. To search for `q` as typed instead, put it in double quotes." },
                "count": { "type": "integer", "minimum": 0, "maximum": SEARCH_LIMIT_MAX, "description": "Number of results on this page." },
                "nextCursor": { "type": ["string", "null"], "description": "Opaque token for the next page; null on the last page." },
                "results": { "type": "array", "items": schema_ref("Resource"), "maxItems": SEARCH_LIMIT_MAX },
                "suggestions": { "type": "array", "items": { "type": "string", "minLength": 1 }, "minItems": 1, "maxItems": SEARCH_MAX_SUGGESTIONS, "description": "Only when a search with `q` found nothing, or (on the first page) a word of `q` matched nothing even with typo tolerance, and a corrected query finds something: corrected versions of `q`, best first (words that matched nothing replaced by the nearest words the library uses). Search again with one as `q`." },
            },
        },
        "ServiceList": list_of("services", "Page", Some(content.services.len())),
        "IndustryList": list_of("industries", "Page", Some(content.industries.len())),
        "CaseStudyList": list_of("caseStudies", "Page", Some(content.case_studies.len())),
        "CategoryList": list_of("categories", "Category", Some(content.categories.len())),
        "CategoryName": {
            "type": "string",
            "description": "A guide category, as GET /v1/resources/categories lists them.",
            "enum": category_names,
        },
        "Category": {
            "type": "object",
            "required": ["name", "articles"],
            "properties": { "name": schema_ref("CategoryName"), "articles": { "type": "integer", "minimum": 0 } },
        },
        "Assessment": {
            "type": "object",
            "required": ["title", "sections", "bands"],
            "properties": {
                "title": string,
                "instructions": string,
                "sections": { "type": "array", "minItems": 4, "maxItems": 4, "items": schema_ref("AssessmentSection") },
                "bands": { "type": "array", "minItems": 5, "maxItems": 5, "items": schema_ref("Band") },
            },
        },
        "AssessmentSection": {
            "type": "object",
            "required": ["title", "key", "questions"],
            "properties": {
                "title": string,
                "key": { "type": "string", "enum": pillar_keys },
                "desc": string,
                "questions": { "type": "array", "minItems": 1, "items": schema_ref("Question") },
            },
        },
        "Question": {
            "type": "object",
            "required": ["q", "opts"],
            "properties": {
                "q": string,
                "scored": { "type": "boolean", "description": "false marks the unscored sizing question." },
                "ctx": string,
                "opts": { "type": "array", "items": string, "minItems": N_OPTIONS, "maxItems": N_OPTIONS },
            },
        },
        "Band": {
            "type": "object",
            "required": ["min", "name"],
            "properties": { "min": { "type": "number", "description": "Lowest 0-100 score in this band." }, "name": string },
        },
        "ScoreRequest": {
            "type": "object",
            "required": ["answers"],
            "additionalProperties": false,
            "properties": {
                "answers": {
                    "description": format!("Either {N_QUESTIONS} option indices (0-{}) or {N_SCORED} points (1-{N_OPTIONS}).", N_OPTIONS - 1),
                    "oneOf": [
                        { "type": "array", "items": { "type": "integer", "minimum": 0, "maximum": N_OPTIONS - 1 }, "minItems": N_QUESTIONS, "maxItems": N_QUESTIONS },
                        { "type": "array", "items": { "type": "integer", "minimum": 1, "maximum": N_OPTIONS }, "minItems": N_SCORED, "maxItems": N_SCORED },
                    ],
                },
            },
        },
        "ReadinessResult": {
            "type": "object",
            "required": ["score", "band", "pillars", "weakestPillar"],
            "properties": {
                "score": { "type": "integer", "minimum": 0, "maximum": 100 },
                "scale": string,
                "average": { "type": "number", "minimum": 1, "maximum": N_OPTIONS, "description": format!("The mean of the {N_SCORED} scored points, rounded to two decimals (the nearest hundredth): {example} points give {:.2}. The score comes from the exact mean.", AVERAGE_EXAMPLE_POINTS as f64 / N_SCORED as f64, example = AVERAGE_EXAMPLE_POINTS) },
                "band": {
                    "type": "object",
                    "required": ["name", "guidance"],
                    "properties": { "name": string, "guidance": { "type": "array", "items": string } },
                },
                "pillars": {
                    "type": "object",
                    "required": pillar_keys,
                    "properties": { "strategy": pillar, "people": pillar, "data": pillar, "change": pillar },
                },
                "weakestPillar": { "type": "string", "enum": pillar_keys },
                "scoredQuestions": { "type": "integer" },
                "interactiveVersion": uri,
                "nextStep": string,
            },
        },
        "BatchRequest": {
            "type": "object",
            "required": ["requests"],
            "additionalProperties": false,
            "properties": {
                "requests": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": BATCH_MAX_ITEMS,
                    "items": {
                        "type": "object",
                        "required": ["path"],
                        "additionalProperties": false,
                        "properties": { "path": { "type": "string", "description": format!("A GET path under /v1, optionally with a query string. A path of more than {BATCH_PATH_MAX} characters is that item's 400 `invalid_path` (the batch itself is answered).") } },
                    },
                },
            },
        },
        "BatchResponse": {
            "type": "object",
            "required": ["responses"],
            "properties": {
                "responses": {
                    "type": "array",
                    "maxItems": BATCH_MAX_ITEMS,
                    "items": {
                        "type": "object",
                        "required": ["path", "status", "body"],
                        "properties": {
                            "path": string,
                            "status": { "type": "integer" },
                            "body": {
                                "description": "What a direct GET of `path` returns with `status`: the operation's 200 body, or an Error.",
                                "oneOf": [
                                    schema_ref("ApiIndex"),
                                    schema_ref("ServiceList"),
                                    schema_ref("IndustryList"),
                                    schema_ref("CaseStudyList"),
                                    schema_ref("Page"),
                                    schema_ref("ResourceSearchPage"),
                                    schema_ref("CategoryList"),
                                    schema_ref("Assessment"),
                                    schema_ref("Contact"),
                                    schema_ref("Error"),
                                ],
                            },
                        },
                    },
                },
            },
        },
        "BulkExport": {
            "type": "object",
            "required": ["exportedAt", "services", "industries", "caseStudies", "resources", "assessment"],
            "properties": {
                "exportedAt": { "type": "string", "format": "date-time" },
                "client": { "type": "string", "description": "The client_id the token was issued to." },
                "services": { "type": "array", "items": schema_ref("Page") },
                "industries": { "type": "array", "items": schema_ref("Page") },
                "caseStudies": { "type": "array", "items": schema_ref("Page") },
                "resources": { "type": "array", "items": schema_ref("Resource") },
                "assessment": schema_ref("Assessment"),
                "contact": schema_ref("Contact"),
            },
        },
        "Contact": {
            "type": "object",
            "required": ["company", "email", "website"],
            "properties": {
                "company": string,
                "location": string,
                "email": { "type": "string", "format": "email" },
                "website": uri,
                "how": string,
                "note": string,
            },
        },
        "Health": {
            "type": "object",
            "description": "Whether this process serves: `ok`, or `draining` once it has been told to stop.",
            "required": ["status"],
            "additionalProperties": false,
            "properties": { "status": { "type": "string", "enum": ["ok", "draining"] } },
        },
        "ApiIndex": {
            "type": "object",
            "required": ["name", "version", "openapi", "endpoints"],
            "properties": {
                "name": string,
                "version": string,
                "description": string,
                "openapi": uri,
                "documentation": uri,
                "agentGuide": uri,
                "authDocs": uri,
                "mcp": {
                    "type": "object",
                    "properties": { "product": uri, "docs": uri, "serverCard": uri },
                },
                "ask": uri,
                "agentCard": uri,
                "endpoints": { "type": "object", "additionalProperties": string },
                "auth": string,
            },
        },
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {
                "error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                        "code": { "type": "string", "enum": error_codes, "description": "Stable machine-readable code; see the table in info.description." },
                        "message": string,
                        "docs": uri,
                        "openapi": uri,
                    },
                },
            },
        },
        "ClientRegistrationRequest": {
            "type": "object",
            "properties": {
                "client_name": { "type": "string", "maxLength": 200 },
                "grant_types": { "type": "array", "items": { "type": "string", "enum": [GRANT_TYPE] } },
                "token_endpoint_auth_method": { "type": "string", "enum": TOKEN_AUTH_METHODS },
                "scope": {
                    "type": "string",
                    "pattern": format!("^{EXPORT_SCOPE}( {EXPORT_SCOPE})*$"),
                    "description": format!("Space-separated scope values (RFC 7591 section 2); the only one is `{EXPORT_SCOPE}`."),
                },
            },
        },
        "ClientRegistrationResponse": {
            "type": "object",
            "required": ["client_id", "client_secret", "client_id_issued_at", "client_secret_expires_at"],
            "properties": {
                "client_id": string,
                "client_secret": string,
                "client_id_issued_at": { "type": "integer" },
                "client_secret_expires_at": { "type": "integer", "const": 0 },
                "client_name": string,
                "grant_types": { "type": "array", "items": { "const": GRANT_TYPE } },
                "response_types": { "type": "array", "items": string, "maxItems": 0 },
                "token_endpoint_auth_method": string,
                "scope": { "const": EXPORT_SCOPE },
            },
        },
        "TokenRequest": {
            "type": "object",
            "required": ["grant_type"],
            "properties": {
                "grant_type": { "type": "string", "const": GRANT_TYPE },
                "scope": {
                    "type": "string",
                    // Scopes are separated by at least one space: `( *export)*` would take
                    // `exportexport`, which the server refuses as one unknown scope.
                    "pattern": format!("^ *({EXPORT_SCOPE}( +{EXPORT_SCOPE})*)? *$"),
                    "description": format!("Space-delimited scopes (RFC 6749 section 3.3); the only one is `{EXPORT_SCOPE}`, which is also what an omitted or empty `scope` means (a parameter sent without a value is treated as omitted, section 3.1)."),
                },
                "client_id": string,
                "client_secret": string,
                "resource": {
                    "type": "string",
                    "pattern": resource_pattern(&config.api_base),
                    "description": format!("RFC 8707 resource indicator, optional and repeatable: this API ({0}) or its protected resource ({0}/v1/export, the `resource` of its RFC 9728 metadata). An empty `resource` counts as omitted (RFC 6749 section 3.1). The token's `aud` is the resource named (the API's base when none is, or when both are); any other value, one that is not an absolute URI or has a fragment, is 400 `invalid_target`. Scheme and host may be in any case.", config.api_base),
                },
            },
        },
        "TokenResponse": {
            "type": "object",
            "required": ["access_token", "token_type", "expires_in", "scope"],
            "properties": {
                "access_token": string,
                "token_type": { "const": "Bearer" },
                "expires_in": { "const": TOKEN_LIFETIME_SECS },
                "scope": { "const": EXPORT_SCOPE },
            },
        },
        "OAuthError": {
            "type": "object",
            "description": "RFC 6749 section 5.2 / RFC 7591 section 3.2.2 error body (the OAuth endpoints follow the RFCs, not the API Error shape).",
            "required": ["error"],
            "properties": { "error": string, "error_description": string, "error_uri": uri },
        },
        "AuthorizationServerMetadata": {
            "type": "object",
            "required": ["issuer", "token_endpoint", "response_types_supported"],
            "properties": {
                "issuer": uri,
                "token_endpoint": uri,
                "registration_endpoint": uri,
                "scopes_supported": { "type": "array", "items": string },
                "response_types_supported": { "type": "array", "items": string },
                "grant_types_supported": { "type": "array", "items": string },
                "token_endpoint_auth_methods_supported": { "type": "array", "items": string },
                "service_documentation": uri,
            },
        },
        "ProtectedResourceMetadata": {
            "type": "object",
            "required": ["resource"],
            "properties": {
                "resource": uri,
                "authorization_servers": { "type": "array", "items": uri },
                "scopes_supported": { "type": "array", "items": string },
                "bearer_methods_supported": { "type": "array", "items": string },
                "resource_name": string,
                "resource_documentation": uri,
            },
        },
    });

    // The agent surfaces' schemas: a second literal, as one `json!` this size exceeds the
    // macro recursion limit.
    let agent_schemas = json!({
        "JsonRpcRequest": {
            "type": "object",
            "description": "A JSON-RPC 2.0 request (with `id`) or notification (without).",
            "required": ["jsonrpc", "method"],
            "properties": {
                "jsonrpc": { "const": "2.0" },
                "id": { "type": ["string", "integer"], "description": "Absent on notifications; never null." },
                "method": { "type": "string", "examples": ["initialize", "server/discover", "tools/list", "tools/call"] },
                "params": { "type": "object" },
            },
        },
        "JsonRpcResultResponse": {
            "type": "object",
            "required": ["jsonrpc", "id", "result"],
            "properties": {
                "jsonrpc": { "const": "2.0" },
                "id": { "type": ["string", "number"] },
                "result": { "type": "object", "description": "In 2026-07-28 every result has `resultType`; listings and reads also `ttlMs` and `cacheScope`." },
            },
        },
        "JsonRpcErrorResponse": {
            "type": "object",
            "required": ["jsonrpc", "id", "error"],
            "properties": {
                "jsonrpc": { "const": "2.0" },
                "id": { "type": ["string", "number", "null"], "description": "null when the request's id could not be read." },
                "error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                        "code": { "type": "integer", "description": "JSON-RPC code: -32700, -32600, -32601, -32602, -32002 (legacy unknown resource), -32020, -32022." },
                        "message": string,
                        "data": {
                            "type": "object",
                            "required": ["code"],
                            "properties": {
                                "code": { "type": "string", "enum": error_codes, "description": "The stable code, as in the Error table." },
                                "docs": uri,
                                "supported": { "type": "array", "items": string, "description": "-32022: the protocol versions served." },
                                "requested": { "type": "string", "description": "-32022: the version asked for." },
                                "uri": { "type": "string", "description": "Unknown resource: the URI asked for." },
                            },
                        },
                    },
                },
            },
        },
        "ServerCard": {
            "type": "object",
            "description": "An MCP server card (experimental server-card extension).",
            "required": ["$schema", "name", "version", "description"],
            "properties": {
                "$schema": { "const": super::mcp::CARD_SCHEMA },
                "name": { "type": "string", "pattern": "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$", "minLength": 3, "maxLength": 200 },
                "version": { "type": "string", "maxLength": 255 },
                "description": { "type": "string", "minLength": 1, "maxLength": super::mcp::CARD_TEXT_MAX_CHARS },
                "title": { "type": "string", "minLength": 1, "maxLength": super::mcp::CARD_TEXT_MAX_CHARS },
                "websiteUrl": uri,
                "remotes": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["type", "url"],
                        "properties": {
                            "type": { "enum": ["streamable-http", "sse"] },
                            "url": { "type": "string", "pattern": "^https?://[^\\s]+$" },
                            "supportedProtocolVersions": { "type": "array", "items": string },
                        },
                    },
                },
            },
        },
        "AiCatalog": {
            "type": "object",
            "required": ["specVersion", "entries"],
            "properties": {
                "specVersion": { "const": "1.0" },
                "entries": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["identifier", "type", "url"],
                        "properties": {
                            "identifier": { "type": "string", "pattern": "^urn:air:" },
                            "type": { "enum": [super::mcp::CARD_MEDIA_TYPE, super::agent_card::CARD_MEDIA_TYPE] },
                            "url": uri,
                        },
                    },
                },
            },
        },
    });
    let mut schemas = schemas;
    if let (Some(all), Value::Object(agent)) = (schemas.as_object_mut(), agent_schemas) {
        all.extend(agent);
    }

    // `/ask` and the A2A agent: a third literal, for the same reason.
    let ask_a2a_schemas = json!({
        "AskRequest": {
            "type": "object",
            "description": "Flat (`query` a string) or NLWeb v0.5 (`query.text`, `context`, `return_response`, `meta`), each setting in one of its two places. Other fields are ignored.",
            "required": ["query"],
            // A setting in both its places. The section must be an object holding it: a
            // `null` section is no place (the server reads it as absent), and `required`
            // alone would match a `null` (it constrains objects only), calling valid
            // requests invalid (found by schemathesis: `mode` beside `return_response: null`).
            "not": { "anyOf": [
                { "required": ["prev", "context"], "properties": { "context": { "type": "object", "required": ["prev"] } } },
                { "required": ["mode", "return_response"], "properties": { "return_response": { "type": "object", "required": ["mode"] } } },
                { "required": ["streaming", "return_response"], "properties": { "return_response": { "type": "object", "required": ["streaming"] } } },
                { "required": ["conversation_id", "meta"], "properties": { "meta": { "type": "object", "required": ["conversation_id"] } } },
            ] },
            "properties": {
                "query": { "oneOf": [
                    question.clone(),
                    { "type": "object", "required": ["text"], "properties": { "text": question, "site": {}, "location": {}, "price": {}, "type": {} } },
                ] },
                "prev": string_or_turns,
                "mode": { "enum": ["summarize", "list", null] },
                "streaming": { "type": ["boolean", "null"] },
                "conversation_id": { "type": ["string", "null"], "maxLength": ASK_ID_MAX_CHARS },
                "context": { "type": ["object", "null"], "properties": { "prev": string_or_turns } },
                "return_response": { "type": ["object", "null"], "properties": { "mode": { "enum": ["summarize", "list", null] }, "streaming": { "type": ["boolean", "null"] } } },
                "meta": { "type": ["object", "null"], "properties": { "conversation_id": { "type": ["string", "null"], "maxLength": ASK_ID_MAX_CHARS } } },
            },
        },
        "AskResponse": {
            "type": "object",
            "description": "An NLWeb v0.5 AskResponse: the answer (or the list of sources) as the first, text item, then one resource item per source.",
            "required": ["_meta", "content"],
            "additionalProperties": false,
            "properties": {
                "_meta": {
                    "type": "object",
                    "required": ["version", "response_type", "request_id"],
                    "additionalProperties": false,
                    "properties": {
                        "version": { "const": "0.5" },
                        "response_type": { "const": "Answer" },
                        "request_id": { "type": "string", "pattern": "^ask-[0-9a-f]{24}$", "description": "Derived from the question, the earlier turns and the mode: the same request always has the same id." },
                        "conversation_id": { "type": "string", "description": "The request's, echoed." },
                    },
                },
                "content": {
                    "type": "array",
                    "minItems": 1,
                    "prefixItems": [schema_ref("AskTextItem")],
                    "items": schema_ref("AskResourceItem"),
                },
            },
        },
        "AskTextItem": {
            "type": "object",
            "required": ["type", "text"],
            "additionalProperties": false,
            "properties": { "type": { "const": "text" }, "text": { "type": "string", "minLength": 1 } },
        },
        "AskResourceItem": {
            "type": "object",
            "required": ["type", "resource"],
            "additionalProperties": false,
            "properties": {
                "type": { "const": "resource" },
                "resource": { "type": "object", "required": ["data"], "additionalProperties": false, "properties": { "data": schema_ref("SchemaOrgItem") } },
            },
        },
        "SchemaOrgItem": {
            "type": "object",
            "description": "A schema.org JSON-LD object of a cited item: Article (guide), Service, WebPage (industry), CreativeWork with genre \"Case study\", TechArticle (docs), WebApplication (the assessment), Organization (the contact record).",
            "required": ["@context", "@type", "name", "url"],
            "properties": {
                "@context": { "const": "https://schema.org" },
                "@type": { "type": "string", "enum": schema_types },
                "name": { "type": "string" },
                "url": { "type": "string", "format": "uri" },
                "description": { "type": "string" },
            },
        },
        "A2aResultResponse": {
            "type": "object",
            "required": ["jsonrpc", "id", "result"],
            "properties": {
                "jsonrpc": { "const": "2.0" },
                "id": { "type": ["string", "number"], "description": "The request's id, echoed exactly." },
                "result": { "type": "object", "description": "1.0 SendMessage: {\"message\": Message}; 0.3 message/send: the Message with kind \"message\"; ListTasks: an empty ListTasksResponse." },
            },
        },
        "A2aErrorResponse": {
            "type": "object",
            "required": ["jsonrpc", "id", "error"],
            "properties": {
                "jsonrpc": { "const": "2.0" },
                "id": { "type": ["string", "number", "null"], "description": "The request's id, echoed exactly; null when it could not be read." },
                "error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                        "code": { "type": "integer", "description": "-32700, -32600, -32601, -32602, or A2A's -32001, -32003, -32004, -32005, -32009." },
                        "message": { "type": "string" },
                        "data": { "description": "1.0: [google.rpc.ErrorInfo with metadata.code]; 0.3: {code, docs, ...}." },
                    },
                },
            },
        },
        "AgentCard": {
            "type": "object",
            "required": ["name", "description", "supportedInterfaces", "version", "capabilities", "defaultInputModes", "defaultOutputModes", "skills"],
            "properties": {
                "name": { "type": "string" },
                "description": { "type": "string" },
                "supportedInterfaces": { "type": "array", "minItems": 1, "items": { "type": "object", "required": ["url", "protocolBinding", "protocolVersion"], "properties": { "url": { "type": "string", "format": "uri" }, "protocolBinding": { "const": "JSONRPC" }, "protocolVersion": { "enum": ["1.0", "0.3"] } } } },
                "provider": { "type": "object", "required": ["organization", "url"], "properties": { "organization": { "type": "string" }, "url": { "type": "string", "format": "uri" } } },
                "version": { "type": "string" },
                "documentationUrl": { "type": "string", "format": "uri" },
                "iconUrl": { "type": "string", "format": "uri" },
                "capabilities": { "type": "object", "properties": { "streaming": { "type": "boolean" }, "pushNotifications": { "type": "boolean" }, "extendedAgentCard": { "type": "boolean" } } },
                "defaultInputModes": { "type": "array", "items": { "type": "string" } },
                "defaultOutputModes": { "type": "array", "items": { "type": "string" } },
                "skills": { "type": "array", "items": { "type": "object", "required": ["id", "name", "description", "tags"], "properties": { "id": { "type": "string" }, "name": { "type": "string" }, "description": { "type": "string" }, "tags": { "type": "array", "items": { "type": "string" } }, "examples": { "type": "array", "items": { "type": "string" } }, "inputModes": { "type": "array", "items": { "type": "string" } }, "outputModes": { "type": "array", "items": { "type": "string" } } } } },
                "url": { "type": "string", "format": "uri", "description": "For 0.3 clients: the JSON-RPC endpoint." },
                "preferredTransport": { "const": "JSONRPC" },
                "protocolVersion": { "const": "0.3.0", "description": "For 0.3 clients." },
            },
        },
    });
    if let (Some(all), Value::Object(ask_a2a)) = (schemas.as_object_mut(), ask_a2a_schemas) {
        all.extend(ask_a2a);
    }

    let error_content = json!({ "application/json": { "schema": schema_ref("Error") } });
    let error_response = |description: &str| json!({ "description": description, "headers": common_headers(), "content": error_content });
    let mut unauthorized = error_response("Missing or invalid bearer token");
    unauthorized["headers"]["WWW-Authenticate"] = header_ref("WWW-Authenticate");
    let mut insufficient_scope = error_response(&format!(
        "`insufficient_scope`: the bearer token is valid but lacks the scope `{EXPORT_SCOPE}` (RFC 6750 section 3.1)"
    ));
    insufficient_scope["headers"]["WWW-Authenticate"] = header_ref("WWW-Authenticate");
    let mut ambiguous = error_response(
        "`ambiguous_credentials`: more than one `Authorization` header (RFC 6750 section 3.1, `invalid_request`)",
    );
    ambiguous["headers"]["WWW-Authenticate"] = header_ref("WWW-Authenticate");
    // Any operation's 429 may also be the connection cap's, refused as a connection opens,
    // before its request is read (`/healthz`, not rate-limited, lists that one alone).
    let over_cap = ERROR_CODES
        .iter()
        .find(|(code, _, _)| *code == "too_many_connections")
        .map_or("", |(_, _, meaning)| *meaning);
    let mut too_many = error_response(&rate_limited(&format!(
        " (`rate_limited`); or `too_many_connections`, on a connection opened past its address's cap, refused before its request was read: {over_cap}"
    )));
    too_many["headers"]["Retry-After"] = header_ref("Retry-After");
    // Answered by the HTTP/1 layer in place of hyper's bodiless 431 (`http::refusal`), with
    // the API's headers but no RateLimit fields: the limiter never saw the request.
    let mut head_too_large = error_response(&format!(
        "`header_fields_too_large`: the request line and headers together exceed {} KiB, or an HTTP/1.1 request has more than {MAX_HEADER_FIELDS} header fields however short (RFC 6585). Refused by the HTTP layer before the API reads the request, and the connection closed. A question with many long earlier turns fits in the body of `POST /ask`.",
        MAX_HEADER_BYTES / 1024
    ));
    if let Some(headers) = head_too_large.get_mut("headers").and_then(Value::as_object_mut) {
        headers.remove("RateLimit");
        headers.remove("RateLimit-Policy");
    }
    let responses = json!({
        "BadRequest": error_response("Invalid input; `error.code` says which rule failed"),
        "NotFound": error_response("Unknown slug or path"),
        "Unauthorized": unauthorized,
        "InsufficientScope": insufficient_scope,
        "AmbiguousCredentials": ambiguous,
        "PayloadTooLarge": error_response(&too_large(ASK_BODY_MAX)),
        "RequestTimeout": error_response(&too_slow()),
        "HeadTooLarge": head_too_large,
        "UnsupportedMediaType": error_response(UNSUPPORTED_MEDIA_TYPE),
        "NotAcceptable": error_response("`not_acceptable`: `Accept` allows neither application/json nor text/event-stream, the two forms the answer comes in (as on the MCP servers)"),
        "TooManyRequests": too_many,
        "PreconditionFailed": error_response("`precondition_failed`: `If-Match` is neither `*` nor a list holding the current strong `ETag` (RFC 9110 section 13.1.1, strong comparison: a weak tag never matches)"),
        "NotModified": { "description": "The If-None-Match validator matches; no body", "headers": { "ETag": header_ref("ETag") } },
        "NotModifiedAny": { "description": "`If-None-Match: *` matches the current representation (RFC 9110 section 13.1.2), for a GET that would be 200; no body. The response carries no `ETag`, so no other value matches." },
    });
    let headers = json!({
        "RateLimit": { "description": "Live quota, draft-ietf-httpapi-ratelimit-headers: `\"ip\";r=<remaining>;t=<seconds until the window resets>`. A request counts one; a batch counts one per item.", "schema": string },
        "RateLimit-Policy": { "description": "Quota policy: `\"ip\";q=<requests>;w=60`.", "schema": string },
        "Retry-After": { "description": "Whole seconds until a request will be answered again.", "schema": { "type": "integer", "minimum": 0 } },
        "ETag": { "description": "Strong validator of the body; send it back in If-None-Match for a 304.", "schema": string },
        "ExportETag": { "description": "Weak validator naming the content version of the export, `W/\"export-<digest>\"` (`-gzip` or `-br` appended for a compressed representation): the same for every client and request until the next deploy. Send it back in If-None-Match with a valid token for a 304.", "schema": { "type": "string", "pattern": "^W/\"export-[0-9a-f]+(-gzip|-br)?\"$" } },
        "Cache-Control": { "description": "Caching policy: `max-age=300, private=\"RateLimit\"` on content and search (3600 on OAuth metadata), so a shared cache may store the response but never the client's own RateLimit field; `private, max-age=3600` on a successful export (it answers a credential); `no-store` on everything else.", "schema": string },
        "Access-Control-Allow-Origin": { "description": "CORS is open: always `*`.", "schema": string },
        "WWW-Authenticate": { "description": "`Bearer resource_metadata=\"<protected resource metadata URL>\"`, plus `error=\"invalid_token\"` when a token was presented and refused (401), or `error=\"insufficient_scope\", scope=\"export\"` when a valid token lacks the scope (403), or `error=\"invalid_request\"` when more than one `Authorization` header was sent (400).", "schema": string },
        "Idempotency-Key": { "description": "The request's Idempotency-Key, echoed on every answer once it is found valid, a refusal of the body included (a malformed key is 400 `invalid_idempotency_key` and is not echoed; a call refused whole by the rate limit, before the key is read, carries none).", "schema": string },
        "Idempotency-Status": { "description": "`deterministic`: the endpoint is a pure function of the request and stores nothing, so any repeat of the same request (same key or not) returns a byte-identical response.", "schema": { "type": "string", "enum": ["deterministic"] } },
    });
    let parameters = json!({
        "Slug": { "name": "slug", "in": "path", "required": true, "schema": { "type": "string", "pattern": "^[a-z0-9-]+$" } },
        "IfMatch": { "name": "If-Match", "in": "header", "required": false, "description": "`*` or ETags; evaluated before If-None-Match (RFC 9110 section 13.2.2) with the strong comparison. Unless it is `*` or holds the current strong ETag (a response without an ETag, or with a weak one, matches only `*`), the answer is 412 `precondition_failed`.", "schema": string },
        "IfNoneMatch": { "name": "If-None-Match", "in": "header", "required": false, "description": "An ETag from an earlier response, or `*`; a match returns 304 (a response sent without an `ETag` is matched only by `*`).", "schema": string },
        "LastEventId": { "name": "Last-Event-ID", "in": "header", "required": false, "description": "Sent by a reconnecting EventSource: the stream resumes after this event (1 to 4); at the last one or past it (any larger number) the answer is 204, and a value that is no decimal number restarts the stream. Sent twice with different values: 400 `invalid_parameter`.", "schema": { "type": "string" } },
        "IdempotencyKey": { "name": "Idempotency-Key", "in": "header", "required": false, "description": "Optional; echoed back with Idempotency-Status. One pair of surrounding quotes, the form of the IETF draft (a structured-field string), is accepted.", "schema": { "type": "string", "pattern": "^([A-Za-z0-9._-]{1,255}|\"[A-Za-z0-9._-]{1,255}\")$" } },
    });
    let security_schemes = json!({
        "serviceOAuth": {
            "type": "oauth2",
            "description": format!("Self-serve client credentials: register at {auth}/oauth/register, then request a token at {auth}/oauth/token. Tokens last {TOKEN_LIFETIME_SECS} seconds; there are no refresh tokens."),
            "flows": {
                "clientCredentials": {
                    "tokenUrl": format!("{auth}/oauth/token"),
                    "scopes": { EXPORT_SCOPE: "Bulk export of the whole dataset" },
                },
            },
        },
    });

    Ok(json!({
        "openapi": "3.1.0",
        "info": {
            "title": format!("{} public API", content.site.company),
            "version": config.version,
            "summary": "Read-only API over a data and AI consultancy's content, with search and readiness scoring.",
            "description": format!(
                "Keyless, read-only, CORS-open JSON API. Only GET /v1/export needs a bearer token.\n\n\
    Fair use: 300 requests per minute per client IP, counted in a 60-second window that opens with the first request; \
    past it, 429 with Retry-After. A CORS preflight counts but is never refused: over the limit it is still 204 with the CORS headers, so a browser sees the 429 of the request it precedes. \
    Every response but /healthz's carries RateLimit and RateLimit-Policy headers.\n\n\
    Versioning: `/v1` changes only by addition: a new endpoint, optional parameter, response field, header or error code, \
    each raising the minor part of `info.version`, so ignore fields you do not know and read an unknown `code` by its HTTP status. \
    What would break a client (removing or renaming anything, changing a type, a meaning or a default, tightening a limit) \
    comes only under a new prefix, `/v2`, served beside `/v1` by the same service; `/v1` is then marked with `Deprecation`, `Sunset` \
    and a `Link` to the migration notes on every answer, at least 6 months before it stops. \
    The service stores nothing of yours, so there is nothing to migrate: a client moves by changing its paths. \
    The content is not the API: a guide, a service or a category may be added, renamed or removed in any release, \
    and a cursor or `ETag` from an earlier content build is refused or no longer matches.\n\n\
    Every error body is `{{\"error\": {{\"code\", \"message\", \"docs\", \"openapi\"}}}}`. The codes:\n\n| code | status | meaning |\n|---|---|---|\n{error_table}"
            ),
            "contact": { "name": content.contact.company, "email": content.contact.email, "url": format!("{site}/") },
        },
        "servers": servers,
        "tags": [
            { "name": "content", "description": "Services, industries, case studies, guides, the assessment and contact details" },
            { "name": "compute", "description": "Stateless computations: readiness scoring and batches" },
            { "name": "export", "description": "The authenticated bulk export" },
            { "name": "oauth", "description": "Client registration, tokens and discovery metadata" },
            { "name": "meta", "description": "This document" },
            { "name": "mcp", "description": "The MCP servers, their server cards and the AI catalog (agent surfaces)" },
            { "name": "agents", "description": "Natural-language questions (NLWeb /ask) and the A2A agent with its card" },
            { "name": "operations", "description": "For the people and machines running the service: health" },
        ],
        "externalDocs": { "url": format!("{site}/docs/api/"), "description": "API documentation" },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": responses,
            "headers": headers,
            "parameters": parameters,
            "securitySchemes": security_schemes,
        },
    }))
}

/// What every operation states the same way, filled in after the paths are written:
/// - `security: []` on each operation that names no scheme, so a client generator or linter
///   reads it as keyless (it is: only the export takes a token) rather than as undeclared;
/// - 412 on each GET that lists a 304: `If-Match` is evaluated wherever `If-None-Match` is,
///   so a GET that can answer 304 can also answer 412 `precondition_failed`;
/// - on each such GET, the `If-Match` and `If-None-Match` parameters that cause the 412 and the
///   304, so a client or a tester learns which request headers those answers follow (the
///   search page, `/ask`, the discovery documents, the server and agent cards and `/healthz`
///   listed the answers without the headers).
fn complete_operations(paths: &mut serde_json::Map<String, Value>) {
    const METHODS: [&str; 4] = ["get", "post", "put", "delete"];
    for item in paths.values_mut() {
        for method in METHODS {
            let Some(operation) = item.get_mut(method).and_then(Value::as_object_mut) else {
                continue;
            };
            operation.entry("security").or_insert_with(|| json!([]));
            let conditional = method == "get"
                && operation
                    .get("responses")
                    .and_then(Value::as_object)
                    .is_some_and(|responses| responses.contains_key("304"));
            if !conditional {
                continue;
            }
            if let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) {
                responses.entry("412").or_insert_with(|| response_ref("PreconditionFailed"));
            }
            let parameters = operation.entry("parameters").or_insert_with(|| json!([]));
            if let Some(parameters) = parameters.as_array_mut() {
                for (component, header) in
                    [("IfMatch", "If-Match"), ("IfNoneMatch", "If-None-Match")]
                {
                    let reference = format!("#/components/parameters/{component}");
                    let named = parameters.iter().any(|parameter| {
                        parameter["$ref"] == reference.as_str()
                            || (parameter["in"] == "header"
                                && parameter["name"]
                                    .as_str()
                                    .is_some_and(|name| name.eq_ignore_ascii_case(header)))
                    });
                    if !named {
                        parameters.push(json!({ "$ref": reference }));
                    }
                }
            }
        }
    }
}

/// OpenAPI links: how one operation's answer feeds the next. Clients and stateful testers
/// (schemathesis follows them) can walk registration → token → export, and from a listing to
/// one of its items.
fn add_links(paths: &mut serde_json::Map<String, Value>) {
    let mut link = |path: &str, method: &str, status: &str, links: Value| {
        if let Some(response) = paths
            .get_mut(path)
            .and_then(|item| item.get_mut(method))
            .and_then(|operation| operation["responses"].get_mut(status))
        {
            response["links"] = links;
        }
    };
    link(
        "/oauth/register",
        "post",
        "201",
        json!({ "IssueToken": {
            "operationId": "issueToken",
            "description": "Exchange the new client's credentials for an access token (sent as form fields).",
            "requestBody": {
                "grant_type": GRANT_TYPE,
                "client_id": "$response.body#/client_id",
                "client_secret": "$response.body#/client_secret",
            },
        } }),
    );
    link(
        "/oauth/token",
        "post",
        "200",
        json!({ "Export": {
            "operationId": "exportAll",
            "description": "Use the access token on the export.",
            "parameters": { "header.Authorization": "Bearer {$response.body#/access_token}" },
        } }),
    );
    for (list, key, operation_id) in [
        ("/v1/services", "services", "getService"),
        ("/v1/case-studies", "caseStudies", "getCaseStudy"),
    ] {
        link(
            list,
            "get",
            "200",
            json!({ "GetItem": {
                "operationId": operation_id,
                "description": "Fetch a listed item by its slug.",
                "parameters": { "path.slug": format!("$response.body#/{key}/0/slug") },
            } }),
        );
    }
}

/// Checks the operations against `model::ENDPOINTS` and orders the paths as that table does.
fn ordered_by_endpoint_table(
    mut paths: serde_json::Map<String, Value>,
) -> Result<serde_json::Map<String, Value>, String> {
    for (path, item) in &paths {
        let methods = item.as_object().map(|o| o.keys().cloned().collect()).unwrap_or(Vec::new());
        let operations = methods.into_iter().filter(|key: &String| {
            ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
                .contains(&key.as_str())
        });
        for method in operations {
            let method = method.to_ascii_uppercase();
            if !ENDPOINTS.iter().any(|e| e.path == path && e.method == method) {
                return Err(format!(
                    "the OpenAPI document describes {method} {path}, which model::ENDPOINTS does not list"
                ));
            }
        }
    }
    let mut ordered = serde_json::Map::new();
    for endpoint in ENDPOINTS {
        // A path with several methods (`/ask`) has several rows; its item moved with the first.
        let described = paths
            .get(endpoint.path)
            .or_else(|| ordered.get(endpoint.path))
            .is_some_and(|item| item.get(endpoint.method.to_ascii_lowercase()).is_some());
        if !described {
            return Err(format!(
                "model::ENDPOINTS lists {} {}, which the OpenAPI document does not describe (src/compiler/openapi.rs)",
                endpoint.method, endpoint.path
            ));
        }
        if let Some(item) = paths.remove(endpoint.path) {
            ordered.insert(endpoint.path.to_string(), item);
        }
    }
    Ok(ordered)
}
