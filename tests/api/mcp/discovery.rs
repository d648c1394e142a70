//! Finding the servers: the server cards (experimental MCP server-card extension), the AI
//! catalog, the `/v1` index's links and endpoint lines, and the OpenAPI description. A card
//! says what `server/discover` and `initialize` say.

use consultancy_api::limits::BATCH_MAX_ITEMS;
use consultancy_api::model::McpServer;
use consultancy_api::tables::AGENT_URL;
use serde_json::{Value, json};

use super::{Era, LEGACY, MODERN, post, result};
use crate::support::{openapi, start};

fn local_path(url: &str) -> &str {
    url.strip_prefix(AGENT_URL).unwrap_or_else(|| panic!("{url} is on the agent origin"))
}

#[tokio::test]
async fn each_card_matches_what_discover_and_initialize_say() {
    let server = start().await;
    for mcp_server in McpServer::ALL {
        let path = mcp_server.path();
        let card_path = format!("{path}/server-card");
        let response = server.get(&card_path).await;
        assert_eq!(
            response.header("content-type"),
            Some("application/mcp-server-card+json; charset=utf-8")
        );
        let card = response.conforms("GET", &card_path, 200);
        assert_eq!(
            card["$schema"],
            "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"
        );
        // The extension's CORS and caching rules.
        assert_eq!(response.header("access-control-allow-origin"), Some("*"));
        assert!(
            response.header("access-control-expose-headers").is_some_and(|h| h.contains("ETag"))
        );
        assert_eq!(response.header("cache-control"), Some("max-age=3600, private=\"RateLimit\""));
        let etag = response.header("etag").expect("ETag").to_string();
        let revalidated = server
            .client
            .get(server.url(&card_path))
            .header("if-none-match", &etag)
            .send()
            .await
            .expect("GET");
        assert_eq!(revalidated.status(), 304);
        let preflight = server
            .client
            .request(reqwest::Method::OPTIONS, server.url(&card_path))
            .header("origin", "https://catalog.example")
            .header("access-control-request-method", "GET")
            .header("access-control-request-headers", "if-none-match, content-type")
            .send()
            .await
            .expect("OPTIONS");
        assert_eq!(preflight.status(), 204);
        let allowed = preflight.headers()["access-control-allow-headers"]
            .to_str()
            .expect("ASCII")
            .to_ascii_lowercase();
        assert!(allowed.contains("if-none-match") && allowed.contains("content-type"));
        assert!(
            preflight.headers()["access-control-allow-methods"]
                .to_str()
                .expect("ASCII")
                .contains("GET")
        );

        let discover = result(&server, path, Era::Modern, "server/discover", json!({})).await;
        let info = &discover["_meta"]["io.modelcontextprotocol/serverInfo"];
        for field in ["name", "version", "title", "description", "websiteUrl"] {
            assert_eq!(
                card[field], info[field],
                "{path}: card and server/discover agree on {field}"
            );
        }
        let remote = &card["remotes"][0];
        assert_eq!(remote["type"], "streamable-http");
        assert_eq!(remote["url"], format!("{AGENT_URL}{path}"));
        assert_eq!(remote["supportedProtocolVersions"], discover["supportedVersions"]);
        assert_eq!(
            remote["supportedProtocolVersions"],
            json!([MODERN, LEGACY[0], LEGACY[1], LEGACY[2]])
        );
        let init = super::post(
            &server,
            path,
            &[("content-type".to_string(), "application/json".to_string())],
            &json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "protocolVersion": LEGACY[0], "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } } }).to_string(),
        )
        .await
        .json();
        let legacy_info = &init["result"]["serverInfo"];
        for field in ["name", "version", "title", "description", "websiteUrl"] {
            assert_eq!(
                card[field], legacy_info[field],
                "{path}: card and initialize agree on {field}"
            );
        }
        assert_eq!(init["result"]["instructions"], discover["instructions"]);
    }
    // The /v1 index links the product card at its well-known address too.
    let well_known = server.get("/.well-known/mcp/server-card.json").await;
    let card = well_known.conforms("GET", "/.well-known/mcp/server-card.json", 200);
    assert_eq!(card, server.get("/mcp/server-card").await.json());
}

#[tokio::test]
async fn the_ai_catalog_lists_both_cards_and_the_agent_card() {
    let server = start().await;
    let response = server.get("/.well-known/ai-catalog.json").await;
    assert_eq!(response.header("content-type"), Some("application/ai-catalog+json; charset=utf-8"));
    let catalog = response.conforms("GET", "/.well-known/ai-catalog.json", 200);
    assert_eq!(catalog["specVersion"], "1.0");
    let entries = catalog["entries"].as_array().expect("entries");
    assert_eq!(
        entries.len(),
        McpServer::ALL.len() + 1,
        "the MCP server cards, then the agent card"
    );
    let agent = &entries[McpServer::ALL.len()];
    assert!(agent["identifier"].as_str().is_some_and(|id| id.starts_with("urn:air:")));
    let agent_url = agent["url"].as_str().expect("url");
    assert_eq!(local_path(agent_url), "/.well-known/agent-card.json");
    let card = server.get(local_path(agent_url)).await;
    assert!(card.json()["supportedInterfaces"].is_array());
    // The catalog names the media type the card is served with (A2A's `application/json`).
    let served = card.header("content-type").expect("a Content-Type");
    let essence = served.split(';').next().unwrap_or_default().trim();
    assert_eq!(agent["type"], essence, "the catalog's type is what the card is served as");
    assert_eq!(essence, "application/json");
    for (entry, mcp_server) in entries.iter().zip(McpServer::ALL) {
        assert_eq!(entry["type"], "application/mcp-server-card+json");
        let url = entry["url"].as_str().expect("url");
        assert_eq!(local_path(url), format!("{}/server-card", mcp_server.path()));
        let card = server.get(local_path(url)).await.json();
        let name = card["name"].as_str().expect("name");
        let id = entry["identifier"].as_str().expect("identifier");
        assert!(
            id.starts_with("urn:air:") && id.ends_with(name.rsplit('/').next().unwrap_or("")),
            "{id} names {name}"
        );
    }
}

#[tokio::test]
async fn the_index_links_and_lists_the_servers() {
    let server = start().await;
    let index = server.get("/v1").await.conforms("GET", "/v1", 200);
    assert_eq!(index["mcp"]["product"], format!("{AGENT_URL}/mcp"));
    assert_eq!(index["mcp"]["docs"], format!("{AGENT_URL}/mcp/docs"));
    assert_eq!(index["mcp"]["serverCard"], format!("{AGENT_URL}/.well-known/mcp/server-card.json"));
    for link in ["product", "docs"] {
        let url = index["mcp"][link].as_str().expect("link");
        let headers = [("content-type".to_string(), "application/json".to_string())];
        let ping = json!({ "jsonrpc": "2.0", "id": 1, "method": "ping" }).to_string();
        let answer = post(&server, local_path(url), &headers, &ping).await;
        assert_eq!(answer.json()["result"], json!({}), "{link} answers");
    }
    let card = server.get(local_path(index["mcp"]["serverCard"].as_str().expect("card"))).await;
    assert_eq!(card.status, 200);
    let endpoints = index["endpoints"].as_object().expect("endpoints");
    assert!(endpoints["POST /mcp"].as_str().is_some_and(|s| s.contains("MCP")));
    assert!(endpoints["POST /mcp/docs"].as_str().is_some_and(|s| s.contains("MCP")));
}

/// The POST description names the `_meta` keys a 2026-07-28 request must carry: a request whose
/// `_meta` holds exactly the keys it names (an object each, the revision under its own key) is
/// served. Until stop 81 it named `clientCapabilities` without its prefix, which the server
/// refuses as lacking `io.modelcontextprotocol/clientCapabilities`.
#[tokio::test]
async fn the_openapi_description_names_the_meta_keys_a_modern_request_needs() {
    let server = start().await;
    let doc = openapi();
    for path in ["/mcp", "/mcp/docs"] {
        let description =
            doc["paths"][path]["post"]["description"].as_str().expect("a description");
        let (_, after) =
            description.split_once("`params._meta` with ").expect("names the `_meta` keys");
        let (keys, _) = after.split_once(", plus").expect("the keys end before the headers");
        let named: Vec<&str> = keys.split('`').skip(1).step_by(2).collect();
        assert_eq!(named.len(), 2, "{keys}");
        let mut meta = serde_json::Map::new();
        for key in &named {
            let value = if key.ends_with("/protocolVersion") { json!(MODERN) } else { json!({}) };
            meta.insert((*key).to_string(), value);
        }
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": { "_meta": meta } });
        let headers = [
            ("content-type".to_string(), "application/json".to_string()),
            ("accept".to_string(), "application/json, text/event-stream".to_string()),
            ("mcp-protocol-version".to_string(), MODERN.to_string()),
            ("mcp-method".to_string(), "tools/list".to_string()),
        ];
        let response = post(&server, path, &headers, &body.to_string()).await;
        let answer = response.conforms("POST", path, 200);
        assert!(answer["result"]["tools"].is_array(), "{path} with the keys {named:?}: {answer}");
    }
}

#[tokio::test]
async fn openapi_describes_the_servers_and_their_documents() {
    let doc = openapi();
    for path in ["/mcp", "/mcp/docs"] {
        let item = &doc["paths"][path];
        let post = &item["post"];
        let bodies = &post["requestBody"]["content"]["application/json"]["schema"]["anyOf"];
        assert_eq!(bodies[0]["$ref"], "#/components/schemas/JsonRpcRequest", "{path}");
        assert_eq!(bodies[1]["items"]["$ref"], "#/components/schemas/JsonRpcRequest", "a batch");
        assert_eq!(bodies[1]["maxItems"], BATCH_MAX_ITEMS, "{path}");
        assert_eq!(bodies[2]["required"], json!(["jsonrpc", "id"]), "a client's response");
        for status in ["200", "202", "400", "404", "406", "413", "415", "429"] {
            assert!(post["responses"][status].is_object(), "{path} documents {status}");
        }
        assert!(post["responses"]["200"]["content"]["text/event-stream"].is_object());
        // GET and DELETE are refused (405 with `Allow`, like any method a path lacks), so they
        // are no operations: a client or tester reads the document's methods as what is served.
        assert!(item.get("get").is_none() && item.get("delete").is_none(), "{path}");
        assert!(post["description"].as_str().is_some_and(|d| d.contains("405")), "{path}");
        let versions = &post["parameters"][0];
        assert_eq!(versions["name"], "MCP-Protocol-Version");
        assert_eq!(versions["schema"]["enum"], json!([MODERN, LEGACY[0], LEGACY[1], LEGACY[2]]));
        assert_eq!(item["servers"][0]["url"], AGENT_URL);
    }
    for path in [
        "/mcp/server-card",
        "/mcp/docs/server-card",
        "/.well-known/mcp/server-card.json",
        "/.well-known/ai-catalog.json",
    ] {
        assert!(doc["paths"][path]["get"]["responses"]["200"].is_object(), "{path}");
    }
    // The stable codes of the JSON-RPC errors are the Error table's.
    let data_codes = &doc["components"]["schemas"]["JsonRpcErrorResponse"]["properties"]["error"]["properties"]
        ["data"]["properties"]["code"]["enum"];
    assert_eq!(
        data_codes,
        &doc["components"]["schemas"]["Error"]["properties"]["error"]["properties"]["code"]["enum"]
    );
    let _: &Value = data_codes;
}
