//! The official Rust MCP SDK (`rmcp`) as the client, in both eras: the legacy `initialize`
//! handshake, `server/discover` (2026-07-28) and the auto mode that probes and falls back.
//! Every tool is called, resources are paged through and read, prompts are listed and got.

use consultancy_api::model::{MCP_TOOLS, McpServer, N_GUIDES, N_QUESTIONS};
use consultancy_api::ops::content;
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, ClientConfig, GetPromptRequestParams, JsonObject, ProtocolVersion,
    ReadResourceRequestParams,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use serde_json::{Value, json};

use crate::support::{TestServer, start};

/// How the client connects.
#[derive(Debug, Clone, Copy)]
enum Mode {
    /// `initialize` at the SDK's newest handshake revision.
    Initialize,
    /// `server/discover` at 2026-07-28, no fallback.
    Discover,
    /// Probe with `server/discover`, fall back to `initialize`.
    Auto,
}

async fn connect(
    server: &TestServer,
    path: &str,
    mode: Mode,
) -> RunningService<RoleClient, ClientConfig> {
    let transport = StreamableHttpClientTransport::from_uri(server.url(path));
    let client = ClientConfig::default();
    let lifecycle = match mode {
        Mode::Initialize => ClientLifecycleMode::Initialize,
        Mode::Discover => ClientLifecycleMode::Discover {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        },
        Mode::Auto => ClientLifecycleMode::Auto {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            legacy_version: None,
        },
    };
    match mode {
        Mode::Initialize => client.serve(transport).await.expect("initialize"),
        _ => client.serve_with_lifecycle(transport, lifecycle).await.expect("connect"),
    }
}

fn object(value: Value) -> JsonObject {
    value.as_object().cloned().expect("an object")
}

/// Valid arguments for every tool, and a word its answer must contain.
fn arguments(name: &str) -> (Value, &'static str) {
    let service = content::services()[0].slug;
    let case = content::case_studies()[0].slug;
    let guide = consultancy_api::tables::GUIDES[0].slug;
    match name {
        "list_services" => (json!({}), "services"),
        "get_service" => (json!({ "slug": service }), "slug"),
        "list_industries" => (json!({}), "industries"),
        "list_case_studies" => (json!({}), "caseStudies"),
        "get_case_study" => (json!({ "slug": case }), "slug"),
        "get_contact" => (json!({}), "email"),
        "get_assessment_questions" => (json!({}), "sections"),
        "score_assessment" => (json!({ "answers": vec![3; N_QUESTIONS] }), "weakestPillar"),
        "search_guides" => (json!({ "q": "data governance", "limit": 3 }), "nextCursor"),
        "get_guide" => (json!({ "slug": guide }), "markdown"),
        "list_categories" => (json!({}), "articles"),
        "search_api_docs" => (json!({ "query": "rate limit" }), "results"),
        "search" => (json!({ "query": "data" }), "results"),
        "fetch" => (json!({ "id": "docs/api" }), "metadata"),
        other => panic!("no arguments for {other}"),
    }
}

async fn exercise(server: &TestServer, mcp_server: McpServer, mode: Mode) {
    let path = mcp_server.path();
    let client = connect(server, path, mode).await;
    let info = client.peer_info().expect("the server's info");
    let expected_version = match mode {
        Mode::Initialize => "2025-11-25",
        Mode::Discover | Mode::Auto => "2026-07-28",
    };
    assert_eq!(info.protocol_version.to_string(), expected_version, "{path} {mode:?}");
    let server_info = serde_json::to_value(&*info).expect("info serialises");
    assert!(server_info.to_string().contains("example.larchmere/"), "{server_info}");

    let tools = client.list_all_tools().await.expect("tools/list");
    let names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    let expected: Vec<&str> =
        MCP_TOOLS.iter().filter(|t| t.server == mcp_server).map(|t| t.name).collect();
    assert_eq!(names, expected, "{path} {mode:?}");
    for tool in &tools {
        let (mut arguments, wanted) = arguments(&tool.name);
        if mcp_server == McpServer::Product && tool.name == "fetch" {
            arguments = json!({ "id": format!("services/{}", content::services()[0].slug) });
        }
        let answer = client
            .call_tool(
                CallToolRequestParams::new(tool.name.to_string()).with_arguments(object(arguments)),
            )
            .await
            .unwrap_or_else(|e| panic!("{} on {path}: {e}", tool.name));
        assert_eq!(answer.is_error, Some(false), "{}: {answer:?}", tool.name);
        let text = answer.content[0].as_text().expect("a text block").text.clone();
        assert!(text.contains(wanted), "{}: {text}", tool.name);
        assert_eq!(
            answer.structured_content.is_some(),
            tool.output_schema.is_some(),
            "{}",
            tool.name
        );
    }
    let failed = client
        .call_tool(
            CallToolRequestParams::new(expected[1])
                .with_arguments(object(json!({ "slug": "no-such-thing" }))),
        )
        .await
        .expect("a tool failure is a result");
    assert_eq!(failed.is_error, Some(true));
    let unknown = client.call_tool(CallToolRequestParams::new("no_such_tool")).await;
    assert!(unknown.is_err(), "an unknown tool is a protocol error");

    let resources = client.list_all_resources().await.expect("resources/list");
    let expected_resources = match mcp_server {
        McpServer::Product => {
            content::services().len()
                + content::industries().len()
                + content::case_studies().len()
                + 2
        }
        McpServer::Docs => {
            N_GUIDES
                + content::docs_pages().len()
                + consultancy_api::model::DOCS_LISTING_PATHS.len()
                + 2
        }
    };
    assert_eq!(resources.len(), expected_resources, "all pages of {path}");
    for resource in resources.iter().step_by(17) {
        let read = client
            .read_resource(ReadResourceRequestParams::new(resource.uri.clone()))
            .await
            .unwrap_or_else(|e| panic!("read {}: {e}", resource.uri));
        let contents = serde_json::to_value(&read.contents).expect("contents");
        assert!(contents[0]["text"].as_str().is_some_and(|t| !t.is_empty()), "{}", resource.uri);
    }
    let missing =
        client.read_resource(ReadResourceRequestParams::new("https://nowhere.example/x")).await;
    assert!(missing.is_err(), "an unknown resource is a protocol error");
    let templates = client.list_all_resource_templates().await.expect("templates");
    assert_eq!(templates.len(), usize::from(mcp_server == McpServer::Docs));

    let prompts = client.list_all_prompts().await.expect("prompts/list");
    assert_eq!(prompts.len(), 1);
    let arguments = match mcp_server {
        McpServer::Product => json!({ "organisation": "Example Ltd" }),
        McpServer::Docs => json!({ "question": "what is a data product?" }),
    };
    let prompt = client
        .get_prompt(
            GetPromptRequestParams::new(prompts[0].name.clone()).with_arguments(object(arguments)),
        )
        .await
        .expect("prompts/get");
    assert!(!prompt.messages.is_empty());
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn rmcp_speaks_the_legacy_handshake() {
    let server = start().await;
    for mcp_server in McpServer::ALL {
        exercise(&server, mcp_server, Mode::Initialize).await;
    }
}

#[tokio::test]
async fn rmcp_speaks_2026_07_28_through_discover() {
    let server = start().await;
    for mcp_server in McpServer::ALL {
        exercise(&server, mcp_server, Mode::Discover).await;
    }
}

#[tokio::test]
async fn rmcp_auto_mode_lands_on_2026_07_28() {
    let server = start().await;
    for mcp_server in McpServer::ALL {
        exercise(&server, mcp_server, Mode::Auto).await;
    }
}
