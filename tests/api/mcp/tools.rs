//! The tools, resources and prompts of both servers: one core, so each tool answers exactly
//! the REST body for the same question, and every `structuredContent` fits its tool's
//! `outputSchema`.

use consultancy_api::mcp::prompts;
use consultancy_api::model::{
    DOCS_LISTING_PATHS, DocKind, ItemKind, MCP_TOOLS, McpServer, N_CASE_STUDIES, N_GUIDES,
    N_INDUSTRIES, N_QUESTIONS, N_SERVICES, SourceKind,
};
use consultancy_api::ops::content;
use serde_json::{Value, json};

use super::{Era, call, result, rpc_error, tool};
use crate::support::{TestServer, start};

/// `tools/list` of a server in an era, by name.
async fn tool_list(server: &TestServer, path: &str, era: Era) -> Vec<Value> {
    let listing = result(server, path, era, "tools/list", Value::Null).await;
    listing["tools"].as_array().expect("tools").clone()
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(schema)
        .unwrap_or_else(|e| panic!("outputSchema compiles ({e}): {schema}"))
}

/// Calls `name` in the modern era; checks `structuredContent` against the tool's
/// `outputSchema` and the text block against `structuredContent`; returns the text.
async fn structured(server: &TestServer, path: &str, name: &str, arguments: Value) -> String {
    let tools = tool_list(server, path, Era::Modern).await;
    let definition = tools.iter().find(|t| t["name"] == name).expect("the tool is listed");
    let answer = tool(server, path, Era::Modern, name, arguments.clone()).await;
    assert_eq!(answer["isError"], false, "{name} {arguments}: {answer}");
    let content = answer["content"].as_array().expect("content");
    assert_eq!(content.len(), 1, "one text block");
    assert_eq!(content[0]["type"], "text");
    let text = content[0]["text"].as_str().expect("text").to_string();
    let structured_content = &answer["structuredContent"];
    assert_eq!(
        &serde_json::from_str::<Value>(&text).expect("the text is JSON"),
        structured_content
    );
    let errors: Vec<String> = validator(&definition["outputSchema"])
        .iter_errors(structured_content)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    assert!(
        errors.is_empty(),
        "{name}: structuredContent fails its outputSchema:\n{}",
        errors.join("\n")
    );
    text
}

#[tokio::test]
async fn every_tool_is_listed_in_every_era_with_the_shape_of_that_era() {
    let server = start().await;
    for mcp_server in McpServer::ALL {
        let path = mcp_server.path();
        let expected: Vec<&str> =
            MCP_TOOLS.iter().filter(|t| t.server == mcp_server).map(|t| t.name).collect();
        for era in Era::ALL {
            let listing = result(&server, path, era, "tools/list", Value::Null).await;
            if era.is_modern() {
                assert_eq!(listing["ttlMs"], 300_000);
                assert_eq!(listing["cacheScope"], "public");
                assert!(listing["_meta"]["io.modelcontextprotocol/serverInfo"].is_object());
            }
            assert!(listing.get("nextCursor").is_none(), "one page");
            let tools = listing["tools"].as_array().expect("tools");
            let names: Vec<&str> =
                tools.iter().map(|t| t["name"].as_str().expect("name")).collect();
            assert_eq!(names, expected, "{path} {era:?}");
            let plain = era == Era::Legacy("2025-03-26");
            for definition in tools {
                let name = definition["name"].as_str().expect("name");
                assert!(definition["description"].as_str().is_some_and(|d| d.len() > 40), "{name}");
                assert_eq!(definition["inputSchema"]["type"], "object", "{name}");
                validator(&definition["inputSchema"]);
                let annotations = &definition["annotations"];
                assert_eq!(annotations["readOnlyHint"], true, "{name}");
                assert_eq!(annotations["idempotentHint"], true, "{name}");
                assert_eq!(annotations["openWorldHint"], false, "{name}");
                assert_eq!(annotations["destructiveHint"], false, "{name}");
                assert_eq!(definition["title"].is_string(), !plain, "{name} {era:?}");
                let chatgpt = name == "search" || name == "fetch";
                assert_eq!(
                    definition["outputSchema"].is_object(),
                    !plain && !chatgpt,
                    "{name} {era:?}"
                );
                if let Some(output) = definition.get("outputSchema") {
                    assert_eq!(output["type"], "object", "2025-06-18 wants object output schemas");
                    validator(output);
                }
            }
        }
    }
}

#[tokio::test]
async fn product_tools_answer_the_rest_bodies_byte_for_byte() {
    let server = start().await;
    let path = "/mcp";
    let rest = |p: &'static str| {
        let server = &server;
        async move {
            let response = server.get(p).await;
            assert_eq!(response.status, 200, "{p}");
            response.text
        }
    };
    assert_eq!(
        structured(&server, path, "list_services", json!({})).await,
        rest("/v1/services").await
    );
    assert_eq!(
        structured(&server, path, "list_industries", json!({})).await,
        rest("/v1/industries").await
    );
    assert_eq!(
        structured(&server, path, "list_case_studies", json!({})).await,
        rest("/v1/case-studies").await
    );
    assert_eq!(
        structured(&server, path, "get_contact", json!({})).await,
        rest("/v1/contact").await
    );
    assert_eq!(
        structured(&server, path, "get_assessment_questions", json!({})).await,
        rest("/v1/ai-readiness/questions").await
    );
    for service in content::services() {
        let text = structured(&server, path, "get_service", json!({ "slug": service.slug })).await;
        assert_eq!(text, server.get(&format!("/v1/services/{}", service.slug)).await.text);
    }
    for case in content::case_studies() {
        let text = structured(&server, path, "get_case_study", json!({ "slug": case.slug })).await;
        assert_eq!(text, server.get(&format!("/v1/case-studies/{}", case.slug)).await.text);
    }
    let answer_sets = [
        json!(vec![0; N_QUESTIONS]),
        json!(vec![4; N_QUESTIONS]),
        json!([2, 1, 3, 0, 4, 2, 2, 1, 3, 3, 0, 1, 4, 2, 2, 1]),
        json!([5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 3, 3, 3, 3, 3]),
        json!([2.0, 1, 3, 0, 4, 2, 2, 1, 3, 3, 0, 1, 4, 2, 2, 1]),
    ];
    for answers in answer_sets {
        let body = json!({ "answers": answers });
        let text = structured(&server, path, "score_assessment", body.clone()).await;
        let scored = server.post_json("/v1/ai-readiness/score", &body.to_string()).await;
        assert_eq!(scored.status, 200);
        assert_eq!(text, scored.text, "{answers}");
    }
}

#[tokio::test]
async fn docs_tools_answer_the_rest_bodies_byte_for_byte() {
    let server = start().await;
    let path = "/mcp/docs";
    assert_eq!(
        structured(&server, path, "list_categories", json!({})).await,
        server.get("/v1/resources/categories").await.text
    );
    let searches = [
        (json!({}), "/v1/resources"),
        (json!({ "q": "data quality" }), "/v1/resources?q=data+quality"),
        (json!({ "q": "  retrai  ", "limit": 3 }), "/v1/resources?q=++retrai++&limit=3"),
        (json!({ "q": "", "limit": "7" }), "/v1/resources?q=&limit=7"),
        (
            json!({ "category": "Analytics and BI", "limit": 50 }),
            "/v1/resources?category=Analytics+and+BI&limit=50",
        ),
        (
            json!({ "q": "model drift monitoring", "category": null, "cursor": null }),
            "/v1/resources?q=model+drift+monitoring",
        ),
    ];
    for (arguments, rest) in searches {
        assert_eq!(
            structured(&server, path, "search_guides", arguments.clone()).await,
            server.get(rest).await.text,
            "{arguments}"
        );
    }
    // Paging: every page through nextCursor, tool and REST in step.
    let mut cursor: Option<String> = None;
    let mut n_results = 0;
    loop {
        let mut arguments = json!({ "q": "data", "limit": 7 });
        let mut rest = "/v1/resources?q=data&limit=7".to_string();
        if let Some(cursor) = &cursor {
            arguments["cursor"] = json!(cursor);
            rest.push_str(&format!("&cursor={cursor}"));
        }
        let text = structured(&server, path, "search_guides", arguments).await;
        assert_eq!(text, server.get(&rest).await.text);
        let page: Value = serde_json::from_str(&text).expect("page");
        n_results += page["count"].as_u64().expect("count");
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    assert!(n_results > 20, "paged through {n_results} results");

    // A guide: the search's Resource object plus its markdown twin.
    let library = server.get("/v1/resources?limit=50").await.json();
    for resource in library["results"].as_array().expect("results").iter().take(12) {
        let slug = resource["slug"].as_str().expect("slug");
        let text = structured(&server, path, "get_guide", json!({ "slug": slug })).await;
        let mut guide: Value = serde_json::from_str(&text).expect("guide JSON");
        let markdown = guide.as_object_mut().and_then(|g| g.remove("markdown")).expect("markdown");
        assert_eq!(&guide, resource);
        let twin = server.get(&format!("/guides/{slug}/index.md")).await;
        assert_eq!(markdown, twin.text);
    }

    let text =
        structured(&server, path, "search_api_docs", json!({ "query": "invalid_cursor" })).await;
    let page: Value = serde_json::from_str(&text).expect("page");
    assert_eq!(page["results"][0]["id"], "errors/invalid_cursor", "{page}");
    // `query` is optional, as its schema and description say: omitted is blank, which lists
    // everything page by page.
    let listed = tool_list(&server, path, Era::Modern).await;
    let schema =
        &listed.iter().find(|t| t["name"] == "search_api_docs").expect("tool")["inputSchema"];
    assert!(schema.get("required").is_none(), "{schema}");
    let omitted = structured(&server, path, "search_api_docs", json!({})).await;
    let blank = structured(&server, path, "search_api_docs", json!({ "query": " " })).await;
    assert_eq!(omitted, blank);
    let page: Value = serde_json::from_str(&omitted).expect("page");
    assert_eq!(page["query"], "");
    assert!(page["count"].as_u64().is_some_and(|n| n > 0), "{page}");
    // The docs tools' URLs carry fragments; a fragment is not part of the resource (RFC 3986
    // section 3.5), so resources/read reads each as the URL without it.
    let mut with_fragment = Vec::new();
    for (name, arguments) in [
        ("search_api_docs", json!({ "query": "rate limit batch" })),
        ("search_api_docs", json!({ "query": "invalid_cursor" })),
        ("search", json!({ "query": "rate limited" })),
    ] {
        let answer = tool(&server, path, Era::Modern, name, arguments).await;
        let text = answer["content"][0]["text"].as_str().unwrap_or_default();
        let found: Value = serde_json::from_str(text).unwrap_or_default();
        for item in found["results"].as_array().into_iter().flatten() {
            if let Some(url) = item["url"].as_str().filter(|u| u.contains('#')) {
                with_fragment.push(url.to_string());
            }
        }
    }
    assert!(with_fragment.iter().any(|u| u.contains("/docs/errors/#")), "{with_fragment:?}");
    assert!(with_fragment.iter().any(|u| u.contains("openapi.json#/")), "{with_fragment:?}");
    for era in [Era::Modern, Era::Legacy("2025-06-18")] {
        for uri in &with_fragment {
            let read = result(&server, path, era, "resources/read", json!({ "uri": uri })).await;
            let whole = uri.split_once('#').map(|(resource, _)| resource).expect("fragment");
            let plain = result(&server, path, era, "resources/read", json!({ "uri": whole })).await;
            assert_eq!(read["contents"][0]["text"], plain["contents"][0]["text"], "{uri}");
            assert_eq!(read["contents"][0]["uri"], uri.as_str());
        }
    }
    // `limit` as digits in a string is read as the REST query's is (documented leniency).
    let text = structured(
        &server,
        path,
        "search_api_docs",
        json!({ "query": "invalid_cursor", "limit": "2" }),
    )
    .await;
    let page: Value = serde_json::from_str(&text).expect("page");
    assert_eq!(page["count"], 2, "{page}");
    for limit in ["two", "2.0", "-2", ""] {
        let answer = tool(
            &server,
            path,
            Era::Modern,
            "search_api_docs",
            json!({ "query": "x", "limit": limit }),
        )
        .await;
        assert_eq!(answer["isError"], true, "{limit}: {answer}");
    }
    let text = structured(
        &server,
        path,
        "search_api_docs",
        json!({ "query": "export bearer token", "limit": 5 }),
    )
    .await;
    let page: Value = serde_json::from_str(&text).expect("page");
    assert_eq!(page["count"], 5);
    let ids: Vec<&str> = page["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["id"].as_str().unwrap_or(""))
        .collect();
    assert!(ids.contains(&"operations/exportAll"), "{ids:?}");
    // A blank query lists everything, a page at a time: every documentation page, error code
    // and operation exactly once.
    let mut ids: Vec<String> = Vec::new();
    let mut kinds: Vec<String> = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut arguments = json!({ "query": " ", "limit": 20 });
        if let Some(cursor) = &cursor {
            arguments["cursor"] = json!(cursor);
        }
        let page: Value = serde_json::from_str(
            &structured(&server, path, "search_api_docs", arguments.clone()).await,
        )
        .expect("page");
        let results = page["results"].as_array().expect("results");
        assert_eq!(page["count"], results.len(), "{arguments}");
        for result in results {
            assert!(result.get("relevance").is_none(), "no relevance without a query");
            ids.push(result["id"].as_str().expect("id").to_string());
            kinds.push(result["kind"].as_str().expect("kind").to_string());
        }
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    let expected: Vec<&str> = consultancy_api::tables::DOCUMENTS
        .iter()
        .filter(|record| {
            matches!(
                record.kind,
                DocKind::Page(ItemKind::Docs) | DocKind::ErrorCode | DocKind::Operation
            )
        })
        .map(|record| record.id)
        .collect();
    assert_eq!(ids, expected, "the listing is the table, in order, once");
    for kind in ["page", "error", "operation"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind}");
    }
    // A guide search's cursor does not page the documentation.
    let guides = server.get("/v1/resources?limit=20").await.json();
    let guide_cursor = guides["nextCursor"].as_str().expect("a second page");
    let answer = tool(
        &server,
        path,
        Era::Modern,
        "search_api_docs",
        json!({ "query": "", "limit": 20, "cursor": guide_cursor }),
    )
    .await;
    assert_eq!(answer["isError"], true, "{answer}");
}

/// Each server's `search` and `fetch` descriptions say what that server holds, and every id
/// `fetch` gives as an example is one that server fetches (and the other does not).
#[tokio::test]
async fn fetch_examples_work_on_their_own_server() {
    let server = start().await;
    for (path, other, holds) in [
        ("/mcp", "/mcp/docs", "services, industries, case studies and the contact details"),
        (
            "/mcp/docs",
            "/mcp",
            "guides, documentation pages, error codes, API operations and the contact details",
        ),
    ] {
        let tools = tool_list(&server, path, Era::Modern).await;
        let search = tools.iter().find(|t| t["name"] == "search").expect("search");
        assert!(search["description"].as_str().expect("text").contains(holds), "{search}");
        let fetch = tools.iter().find(|t| t["name"] == "fetch").expect("fetch");
        let text = fetch["inputSchema"]["properties"]["id"]["description"].as_str().expect("text");
        let examples: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        assert!(examples.len() >= 2, "{text}");
        for id in examples {
            let answer = tool(&server, path, Era::Modern, "fetch", json!({ "id": id })).await;
            assert_eq!(answer["isError"], false, "{path} fetch {id}: {answer}");
            let answer = tool(&server, other, Era::Modern, "fetch", json!({ "id": id })).await;
            assert_eq!(answer["isError"], true, "{other} fetch {id}: {answer}");
        }
    }
}

/// An agent on MCP cannot call the REST API, so no tool error may send it there.
fn assert_names_no_rest_path(text: &str) {
    for rest in ["GET /", "POST /", "/v1"] {
        assert!(!text.contains(rest), "a tool error names a REST path: {text}");
    }
}

/// A tool's refusal names the same stable code as the REST API's Error body for the same
/// mistake (and the JSON-RPC and A2A errors' `data.code`), in the result's `_meta`, with the
/// errors page's link; in 2026-07-28 beside the server's identity, in one `_meta`. The text
/// alone left an agent to tell a malformed slug from an unknown one by its words.
#[tokio::test]
async fn tool_refusals_name_the_rest_error_code() {
    let server = start().await;
    // The key is on the wire: a client reads it by this name.
    let key = "example.larchmere/error";
    let get_cases = [
        (
            "/mcp",
            "get_service",
            json!({ "slug": "no-such-service" }),
            "/v1/services/no-such-service",
        ),
        ("/mcp", "get_service", json!({ "slug": "Data_Strategy" }), "/v1/services/Data_Strategy"),
        (
            "/mcp",
            "get_case_study",
            json!({ "slug": "no-such-case" }),
            "/v1/case-studies/no-such-case",
        ),
        ("/mcp/docs", "search_guides", json!({ "limit": 0 }), "/v1/resources?limit=0"),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "category": "Nope" }),
            "/v1/resources?category=Nope",
        ),
        ("/mcp/docs", "search_guides", json!({ "cursor": "AAAA" }), "/v1/resources?cursor=AAAA"),
    ];
    let mut cases = Vec::new();
    for (path, name, arguments, rest) in get_cases {
        let code =
            server.get(rest).await.json()["error"]["code"].as_str().expect("code").to_owned();
        cases.push((path, name, arguments, code));
    }
    let score = server.post_json("/v1/ai-readiness/score", r#"{"answers":[1]}"#).await;
    let code = score.json()["error"]["code"].as_str().expect("code").to_owned();
    cases.push(("/mcp", "score_assessment", json!({ "answers": [1] }), code));
    let codes: Vec<&str> = cases.iter().map(|case| case.3.as_str()).collect();
    assert_eq!(
        codes,
        [
            "service_not_found",
            "invalid_slug",
            "case_study_not_found",
            "invalid_limit",
            "unknown_category",
            "invalid_cursor",
            "invalid_answers",
        ]
    );
    for era in Era::ALL {
        for (path, name, arguments, code) in &cases {
            let answer = tool(&server, path, era, name, arguments.clone()).await;
            assert_eq!(answer["isError"], true, "{name} {arguments}: {answer}");
            let error = &answer["_meta"][key];
            assert_eq!(error["code"], code.as_str(), "{era:?} {name} {arguments}: {answer}");
            let docs = error["docs"].as_str().expect("docs");
            assert!(docs.ends_with(&format!("/docs/errors/#{code}")), "{docs}");
            assert_eq!(
                answer["_meta"].as_object().map(|m| m.len()),
                Some(1 + usize::from(era.is_modern()))
            );
            if era.is_modern() {
                assert!(answer["_meta"]["io.modelcontextprotocol/serverInfo"].is_object());
            }
        }
        // A tool that answers carries no error.
        let answer = tool(&server, "/mcp", era, "get_service", json!({ "slug": "mlops" })).await;
        assert_eq!(answer["isError"], false);
        assert!(answer["_meta"].get(key).is_none(), "{answer}");
    }
}

/// What the core refuses is a tool result with `isError` and the REST API's message, in every
/// era; never a protocol error. Where the REST message points at an endpoint, the tool's names
/// the tool of its own server instead: an agent on MCP cannot call the REST API.
#[tokio::test]
async fn tool_failures_are_results_with_the_core_message() {
    let server = start().await;
    let rest_message = |p: String| {
        let server = &server;
        async move {
            server.get(&p).await.json()["error"]["message"].as_str().expect("message").to_string()
        }
    };
    let score_message = |body: Value| {
        let server = &server;
        async move {
            server.post_json("/v1/ai-readiness/score", &body.to_string()).await.json()["error"]["message"]
                .as_str()
                .expect("message")
                .to_string()
        }
    };
    let cases = vec![
        (
            "/mcp",
            "get_service",
            json!({ "slug": "Bad_Slug" }),
            rest_message("/v1/services/Bad_Slug".into()).await,
        ),
        (
            "/mcp",
            "score_assessment",
            json!({ "answers": [1, 2] }),
            score_message(json!({ "answers": [1, 2] })).await,
        ),
        (
            "/mcp",
            "score_assessment",
            json!({ "answers": vec![9; N_QUESTIONS] }),
            score_message(json!({ "answers": vec![9; N_QUESTIONS] })).await,
        ),
        (
            "/mcp",
            "score_assessment",
            json!({ "answers": null }),
            score_message(json!({ "answers": null })).await,
        ),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "limit": 0 }),
            rest_message("/v1/resources?limit=0".into()).await,
        ),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "limit": 51 }),
            rest_message("/v1/resources?limit=51".into()).await,
        ),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "category": "Nope" }),
            rest_message("/v1/resources?category=Nope".into()).await,
        ),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "category": "generative-ai" }),
            rest_message("/v1/resources?category=generative-ai".into()).await,
        ),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "cursor": "AAAA" }),
            rest_message("/v1/resources?cursor=AAAA".into()).await,
        ),
        (
            "/mcp/docs",
            "search_guides",
            json!({ "q": "x".repeat(201) }),
            rest_message(format!("/v1/resources?q={}", "x".repeat(201))).await,
        ),
        (
            "/mcp/docs",
            "get_guide",
            json!({ "slug": "Bad_Slug" }),
            rest_message("/v1/services/Bad_Slug".into()).await,
        ),
    ];
    // The REST API points at its endpoints; the tools name a tool of the same server.
    assert_eq!(
        rest_message("/v1/services/no-such-service".into()).await,
        "no service has the slug `no-such-service`; GET /v1/services lists them"
    );
    assert_eq!(
        rest_message("/v1/case-studies/no-such-case".into()).await,
        "no case study has the slug `no-such-case`; GET /v1/case-studies lists them"
    );
    // A well-formed slug that is nobody's names the slugs it most plausibly meant, as a
    // mistyped page path does.
    assert_eq!(
        rest_message("/v1/services/data-stratgy".into()).await,
        "no service has the slug `data-stratgy`; did you mean `data-strategy`? GET /v1/services lists them"
    );
    assert_eq!(
        rest_message("/v1/case-studies/insurer-claims".into()).await,
        "no case study has the slug `insurer-claims`; did you mean `insurer-claims-triage`? GET /v1/case-studies lists them"
    );
    let product_fetch = format!(
        "`services/mlops` is a document of the product MCP server, {}/mcp: call its fetch; this server's search returns the ids its fetch takes",
        consultancy_api::tables::AGENT_URL
    );
    let agent_cases = [
        (
            "/mcp",
            "get_service",
            json!({ "slug": "no-such-service" }),
            "no service has the slug `no-such-service`; list_services lists them",
        ),
        (
            "/mcp",
            "get_case_study",
            json!({ "slug": "no-such-case" }),
            "no case study has the slug `no-such-case`; list_case_studies lists them",
        ),
        (
            "/mcp/docs",
            "get_guide",
            json!({ "slug": "no-such-guide" }),
            "no guide has the slug `no-such-guide`; search_guides finds them",
        ),
        (
            "/mcp",
            "get_service",
            json!({ "slug": "data-goverance" }),
            "no service has the slug `data-goverance`; did you mean `data-governance`? list_services lists them",
        ),
        (
            "/mcp/docs",
            "get_guide",
            json!({ "slug": "data-qualty" }),
            "no guide has the slug `data-qualty`; did you mean `data-quality-dimensions-and-thresholds` or `data-quality-issue-triage`? search_guides finds them",
        ),
        (
            "/mcp",
            "fetch",
            json!({ "id": "guides/data-quality" }),
            "no document has the id `guides/data-quality` on this server; its tool search returns the ids fetch takes",
        ),
        ("/mcp/docs", "fetch", json!({ "id": "services/mlops" }), product_fetch.as_str()),
        // The REST body's "field" and "body" are the tool's arguments.
        (
            "/mcp",
            "score_assessment",
            json!({ "answers": [], "x": 1 }),
            "unknown argument `x`; score_assessment takes `answers`",
        ),
        (
            "/mcp",
            "score_assessment",
            json!({}),
            "argument `answers` is required: score_assessment needs it",
        ),
    ];
    for era in Era::ALL {
        for (path, name, arguments, message) in &cases {
            let answer = tool(&server, path, era, name, arguments.clone()).await;
            assert_eq!(answer["isError"], true, "{name} {arguments}: {answer}");
            assert_eq!(answer["content"][0]["text"], message.as_str(), "{name} {arguments}");
            assert!(answer.get("structuredContent").is_none());
            assert_names_no_rest_path(message);
        }
        for (path, name, arguments, message) in &agent_cases {
            let answer = tool(&server, path, era, name, arguments.clone()).await;
            assert_eq!(answer["isError"], true, "{name} {arguments}: {answer}");
            assert_eq!(answer["content"][0]["text"], *message, "{name} {arguments}");
            // The tool it names is one of this server's.
            let tools = tool_list(&server, path, Era::Modern).await;
            let named: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
            assert!(
                named.iter().any(|tool| message.contains(&format!(" {tool} "))),
                "{path} {name}: {message} names none of {named:?}"
            );
        }
        // Mistakes only a tool call can make: argument names and types.
        for (path, name, arguments, wanted) in [
            ("/mcp", "list_services", json!({ "page": 2 }), "unknown argument `page`"),
            ("/mcp/docs", "search_guides", json!({ "query": "x" }), "unknown argument `query`"),
            ("/mcp/docs", "search_guides", json!({ "q": 5 }), "argument `q` must be a string"),
            (
                "/mcp/docs",
                "search_guides",
                json!({ "limit": 2.5 }),
                "limit `2.5` must be an integer",
            ),
            (
                "/mcp/docs",
                "search_guides",
                json!({ "limit": true }),
                "limit `true` must be an integer",
            ),
            ("/mcp/docs", "get_guide", json!({}), "argument `slug` is required"),
            ("/mcp/docs", "get_guide", json!({ "slug": null }), "argument `slug` is required"),
            // Given but empty is not "required": the client sent it.
            ("/mcp/docs", "get_guide", json!({ "slug": "" }), "argument `slug` is empty"),
            ("/mcp/docs", "get_guide", json!({ "slug": "  " }), "argument `slug` is blank"),
            ("/mcp", "get_service", json!({ "slug": "" }), "argument `slug` is empty"),
            ("/mcp", "get_case_study", json!({ "slug": "" }), "argument `slug` is empty"),
            // A service's name where its slug belongs is pointed at the slug.
            (
                "/mcp",
                "get_service",
                json!({ "slug": "Data Strategy" }),
                "not a valid slug: use lowercase letters, digits and hyphens (^[a-z0-9-]+$); did you mean `data-strategy`?",
            ),
            (
                "/mcp",
                "get_case_study",
                json!({ "slug": "Claims triage for a regional insurer" }),
                "did you mean `insurer-claims-triage`?",
            ),
            ("/mcp", "fetch", json!({ "id": "" }), "argument `id` is empty"),
            ("/mcp/docs", "fetch", json!({ "id": " " }), "argument `id` is blank"),
            ("/mcp/docs", "get_guide", json!({ "slug": "no-such-guide" }), "no guide has the slug"),
            // Each tool's message names its own argument: `query`, where the REST API's is `q`.
            ("/mcp", "search", json!({ "query": "x".repeat(201) }), "query has 201 characters"),
            (
                "/mcp/docs",
                "search_api_docs",
                json!({ "query": "x".repeat(201) }),
                "query has 201 characters",
            ),
            ("/mcp/docs", "search_guides", json!({ "q": "x".repeat(201) }), "q has 201 characters"),
            (
                "/mcp/docs",
                "search_api_docs",
                json!({ "query": "", "cursor": "AAAA" }),
                "same query and limit",
            ),
            ("/mcp", "fetch", json!({ "id": "guides/data-quality" }), "no document has the id"),
            ("/mcp/docs", "fetch", json!({ "id": "services/mlops" }), "is a document of"),
        ] {
            let answer = tool(&server, path, era, name, arguments.clone()).await;
            assert_eq!(answer["isError"], true, "{name} {arguments}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            assert!(text.contains(wanted), "{name} {arguments}: {text}");
            assert_names_no_rest_path(text);
        }
    }
}

#[tokio::test]
async fn the_oldest_revision_gets_text_only() {
    let server = start().await;
    let answer = tool(&server, "/mcp", Era::Legacy("2025-03-26"), "list_services", json!({})).await;
    assert_eq!(answer.as_object().map(|o| o.len()), Some(2), "content and isError: {answer}");
    assert_eq!(answer["content"][0]["text"], server.get("/v1/services").await.text.as_str());
    for era in [Era::Legacy("2025-06-18"), Era::Legacy("2025-11-25")] {
        let answer = tool(&server, "/mcp", era, "list_services", json!({})).await;
        assert!(answer["structuredContent"]["services"].is_array(), "{era:?}");
    }
}

#[tokio::test]
async fn search_and_fetch_answer_as_chatgpt_connectors_expect() {
    let server = start().await;
    for (path, query, wanted_prefix) in [
        ("/mcp", "machine learning operations", "services/"),
        ("/mcp/docs", "data quality rules", "guides/"),
    ] {
        for era in Era::ALL {
            let answer = tool(&server, path, era, "search", json!({ "query": query })).await;
            assert_eq!(answer["isError"], false);
            let content = answer["content"].as_array().expect("content");
            assert_eq!(content.len(), 1, "exactly one text item");
            assert!(answer.get("structuredContent").is_none());
            let found: Value =
                serde_json::from_str(content[0]["text"].as_str().expect("text")).expect("JSON");
            let results = found["results"].as_array().expect("results");
            assert!(!results.is_empty(), "{path} finds {query}");
            assert!(
                results
                    .iter()
                    .any(|r| r["id"].as_str().is_some_and(|id| id.starts_with(wanted_prefix)))
            );
            for hit in results {
                let keys: Vec<&String> = hit.as_object().expect("object").keys().collect();
                assert_eq!(keys, ["id", "title", "url", "text"]);
            }
            let first = &results[0];
            let answer = tool(&server, path, era, "fetch", json!({ "id": first["id"] })).await;
            let document: Value =
                serde_json::from_str(answer["content"][0]["text"].as_str().expect("text"))
                    .expect("JSON");
            let keys: Vec<&String> = document.as_object().expect("object").keys().collect();
            assert_eq!(keys, ["id", "title", "text", "url", "metadata"]);
            assert_eq!(document["id"], first["id"]);
            assert_eq!(document["url"], first["url"]);
            let url = first["url"].as_str().expect("url");
            let local = url
                .split_once("://")
                .and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..]))
                .expect("path");
            let twin = server.get(&format!("{local}index.md")).await;
            assert_eq!(document["text"], twin.text.as_str(), "fetch gives the whole markdown twin");
        }
    }
    // The library also holds the API documentation.
    let answer =
        tool(&server, "/mcp/docs", Era::Modern, "fetch", json!({ "id": "errors/invalid_cursor" }))
            .await;
    let document: Value =
        serde_json::from_str(answer["content"][0]["text"].as_str().expect("text")).expect("JSON");
    assert!(document["text"].as_str().is_some_and(|t| t.contains("400")));
    assert!(document["url"].as_str().is_some_and(|u| u.ends_with("/docs/errors/#invalid_cursor")));
    assert_eq!(document["metadata"]["kind"], "error");
    let answer = tool(
        &server,
        "/mcp/docs",
        Era::Modern,
        "fetch",
        json!({ "id": "operations/searchResources" }),
    )
    .await;
    let document: Value =
        serde_json::from_str(answer["content"][0]["text"].as_str().expect("text")).expect("JSON");
    assert!(document["text"].as_str().is_some_and(|t| t.starts_with("# GET /v1/resources")));
}

/// `fetch` reads a document by the `url` its search result gave as well as by its id, for
/// every document of both servers: an error code's url (`<site>/docs/errors/#<code>`, also
/// the `docs` link of every Error body) and an operation's (`<api>/openapi.json#/paths/...`)
/// included. Before, the url was taken for pages and guides only, so an agent that fetched
/// the url of an error code or an operation from its search results (or an Error body's
/// `docs` link) was told no document had that id.
#[tokio::test]
async fn fetch_takes_the_url_a_search_result_gives() {
    let server = start().await;
    let text_of = |answer: &Value| -> Value {
        assert_eq!(answer["isError"], false, "{answer}");
        serde_json::from_str(answer["content"][0]["text"].as_str().expect("text")).expect("JSON")
    };
    for path in ["/mcp", "/mcp/docs"] {
        let found =
            text_of(&tool(&server, path, Era::Modern, "search", json!({ "query": "" })).await);
        let mut documents: Vec<(String, String)> = found["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|hit| {
                (hit["id"].as_str().expect("id").into(), hit["url"].as_str().expect("url").into())
            })
            .collect();
        if path == "/mcp/docs" {
            // Every documentation page, error code and operation, page by page.
            let mut cursor = Value::Null;
            loop {
                let mut arguments = json!({ "limit": 50 });
                if !cursor.is_null() {
                    arguments["cursor"] = cursor.clone();
                }
                let page = tool(&server, path, Era::Modern, "search_api_docs", arguments).await;
                let page = &page["structuredContent"];
                for hit in page["results"].as_array().expect("results") {
                    documents.push((
                        hit["id"].as_str().expect("id").into(),
                        hit["url"].as_str().expect("url").into(),
                    ));
                }
                cursor = page["nextCursor"].clone();
                if cursor.is_null() {
                    break;
                }
            }
        }
        assert!(documents.iter().any(|(id, _)| id.starts_with("errors/")) || path == "/mcp");
        assert!(documents.iter().any(|(id, _)| id.starts_with("operations/")) || path == "/mcp");
        for (id, url) in &documents {
            let by_url = tool(&server, path, Era::Modern, "fetch", json!({ "id": url })).await;
            assert_eq!(by_url["isError"], false, "{path} fetch {url} (the url of {id}): {by_url}");
            let document = text_of(&by_url);
            assert_eq!(document["id"], id.as_str(), "{path} fetch {url}");
            assert_eq!(document["url"], url.as_str());
        }
    }
    // An Error body's `docs` link reads as that error code's document.
    let refused = server.get("/v1/resources?limit=0").await.json();
    let docs = refused["error"]["docs"].as_str().expect("docs link");
    let answer = tool(&server, "/mcp/docs", Era::Modern, "fetch", json!({ "id": docs })).await;
    assert_eq!(text_of(&answer)["id"], "errors/invalid_limit");
    // Each server still reads only its own documents.
    let error_url = docs.to_string();
    let answer = tool(&server, "/mcp", Era::Modern, "fetch", json!({ "id": error_url })).await;
    assert_eq!(answer["isError"], true, "the product server has no error codes: {answer}");
}

/// A query that is not blank but has nothing to search for (stop words, one letter,
/// punctuation, an emoji) finds nothing, on both servers' `search` and on `search_api_docs`,
/// as the guide search does; only a blank query lists everything.
#[tokio::test]
async fn a_query_without_searchable_terms_finds_nothing() {
    let server = start().await;
    let results_of = |answer: &Value| -> Vec<Value> {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        found["results"].as_array().expect("results").clone()
    };
    for query in ["the", "x", "a", "?", "\u{1f916}", "of the"] {
        for path in ["/mcp", "/mcp/docs"] {
            let answer =
                tool(&server, path, Era::Modern, "search", json!({ "query": query })).await;
            assert_eq!(results_of(&answer), Vec::<Value>::new(), "{path} search {query:?}");
        }
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search_api_docs", json!({ "query": query }))
                .await;
        assert_eq!(answer["structuredContent"]["count"], 0, "search_api_docs {query:?}: {answer}");
        assert!(answer["structuredContent"].get("nextCursor").is_none_or(Value::is_null));
        let guides = server.get(&format!("/v1/resources?q={}", urlencode(query))).await.json();
        assert_eq!(guides["count"], 0, "the guide search agrees for {query:?}");
    }
    // Blank still lists: the whole offering (it silently stopped at 10 of 22) and the
    // contact details, and the library's first page.
    let offering = ["/v1/services", "/v1/industries", "/v1/case-studies"];
    let mut n_offering = 0;
    for listing in offering {
        let listing = server.get(listing).await.json();
        let items = listing.as_object().and_then(|o| o.values().find_map(Value::as_array));
        n_offering += items.map_or(0, Vec::len);
    }
    assert_eq!(n_offering, 22);
    for (path, expected) in [("/mcp", n_offering + 1), ("/mcp/docs", 10)] {
        let answer = tool(&server, path, Era::Modern, "search", json!({ "query": "  " })).await;
        assert_eq!(results_of(&answer).len(), expected, "{path} blank search lists");
    }
    // Invisible characters (zero-width space and joiners, the word joiner, a byte order
    // mark, a soft hyphen) and white space of any kind are blank too, on every search: they
    // were a query with no terms and found nothing, while the client's text box looked empty.
    let blank_search = tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": " " }));
    let blank_search = results_of(&blank_search.await);
    let blank_docs = structured(&server, "/mcp/docs", "search_api_docs", json!({ "query": " " }));
    let blank_docs = blank_docs.await;
    let blank_guides =
        tool(&server, "/mcp/docs", Era::Modern, "search_guides", json!({ "q": " " }));
    let blank_guides = blank_guides.await["structuredContent"].clone();
    let blank_rest = server.get("/v1/resources?q=").await.json();
    for query in
        ["\u{200b}", "\u{200c}\u{200d}", "\u{feff}", "\u{2060}", "\u{3000}\u{200b}\u{a0}", "\u{ad}"]
    {
        for (path, expected) in [("/mcp", n_offering + 1), ("/mcp/docs", 10)] {
            let answer =
                tool(&server, path, Era::Modern, "search", json!({ "query": query })).await;
            assert_eq!(results_of(&answer).len(), expected, "{path} search {query:?}");
        }
        let answer = tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query }));
        assert_eq!(results_of(&answer.await), blank_search, "{query:?}");
        let docs =
            structured(&server, "/mcp/docs", "search_api_docs", json!({ "query": query })).await;
        assert_eq!(docs, blank_docs, "search_api_docs {query:?}");
        let guides =
            tool(&server, "/mcp/docs", Era::Modern, "search_guides", json!({ "q": query })).await;
        assert_eq!(guides["structuredContent"], blank_guides, "search_guides {query:?}");
        let rest = server.get(&format!("/v1/resources?q={}", urlencode(query))).await;
        assert_eq!(rest.conforms("GET", "/v1/resources", 200), blank_rest, "q={query:?}");
    }
    // Around words they are trimmed like white space, and the query is echoed without them.
    let padded =
        server.get(&format!("/v1/resources?q={}", urlencode("\u{feff}drift\u{200b}"))).await;
    let plain = server.get("/v1/resources?q=drift").await;
    assert_eq!(padded.json(), plain.json());
}

/// The `search` tools forgive typos as the guide search does: on the product server a
/// misspelt industry or service found nothing.
#[tokio::test]
async fn search_tools_match_misspelt_words() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        let results = found["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (path, query, wanted) in [
        ("/mcp", "goverance", "services/data-governance"),
        ("/mcp", "helthcare", "industries/healthcare"),
        ("/mcp", "manufacturng", "industries/manufacturing"),
        ("/mcp", "forcasting", "case-studies/hospital-demand-forecasting"),
        ("/mcp/docs", "rate limted", "errors/rate_limited"),
    ] {
        let ids =
            ids_of(&tool(&server, path, Era::Modern, "search", json!({ "query": query })).await);
        assert!(ids.iter().any(|id| id == wanted), "{path} {query}: {ids:?}");
    }
}

/// The product server's `search` reads a query as the REST search does, synonyms and typos
/// included: `ml ops`, `genAI` and `ML` found nothing, `mlops engagment` less than its spelling.
/// The service meant comes first.
#[tokio::test]
async fn product_search_reads_synonyms_and_typos_as_rest_search_does() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        let results = found["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for era in Era::ALL {
        let search = |query: &'static str| {
            let server = &server;
            async move { ids_of(&tool(server, "/mcp", era, "search", json!({ "query": query })).await) }
        };
        for (query, first) in [
            ("ml ops", "services/mlops"),
            ("MLOps", "services/mlops"),
            ("mlops engagment", "services/mlops"),
            ("genAI", "services/generative-ai-solutions"),
            ("gen ai", "services/generative-ai-solutions"),
            ("generative AI", "services/generative-ai-solutions"),
            ("ML", "services/machine-learning-engineering"),
        ] {
            let ids = search(query).await;
            assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
        }
    }
}

/// The ids the product server's `search` lists for `query`, in order.
async fn product_search_ids(server: &TestServer, query: &str) -> Vec<String> {
    let answer = tool(server, "/mcp", Era::Modern, "search", json!({ "query": query })).await;
    let text = answer["content"][0]["text"].as_str().expect("text");
    let found: Value = serde_json::from_str(text).expect("JSON");
    let results = found["results"].as_array().expect("results");
    results.iter().filter_map(|r| r["id"].as_str()).map(str::to_string).collect()
}

/// The product server's `search` reads a word an industry names as its sector (its
/// `sector_words`, which the answer engine reads too) as that industry's: `nhs` and
/// `factories` found nothing, `government` listed the data governance service first (Snowball
/// reads "government" as "govern"), `shops` the manufacturing page alone.
#[tokio::test]
async fn product_search_reads_a_sector_word_as_its_industry() {
    let server = start().await;
    for (query, first) in [
        ("nhs", "industries/healthcare"),
        ("NHS forecasting", "industries/healthcare"),
        ("factories", "industries/manufacturing"),
        ("ml for factories", "industries/manufacturing"),
        ("government", "industries/public-sector"),
        ("ai for councils", "industries/public-sector"),
        ("shops", "industries/retail-and-ecommerce"),
        ("fintech", "industries/financial-services"),
    ] {
        let ids = product_search_ids(&server, query).await;
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
    // A word that is no sector keeps its sense: `governance` is the data governance service's.
    let answer =
        tool(&server, "/mcp", Era::Modern, "search", json!({ "query": "governance" })).await;
    let text = answer["content"][0]["text"].as_str().expect("text");
    assert!(text.starts_with("{\"results\":[{\"id\":\"services/data-governance\""), "{text}");
}

/// A query that names a service and an industry lists that service and that industry first,
/// whichever leads: `mlops for banks` listed the machine learning engineering service (which
/// says "MLOps" and "banks" in its text) before the MLOps service, `generative ai for retail`
/// put the generative AI service third and `ai strategy for government` the public sector
/// page fourth. A query one title names whole keeps its order.
#[tokio::test]
async fn product_search_lists_the_service_and_the_industry_a_query_names_first() {
    let server = start().await;
    for (query, service, industry) in [
        ("mlops for banks", "services/mlops", "industries/financial-services"),
        (
            "generative ai for retail",
            "services/generative-ai-solutions",
            "industries/retail-and-ecommerce",
        ),
        (
            "data governance in the public sector",
            "services/data-governance",
            "industries/public-sector",
        ),
        ("responsible ai for insurers", "services/responsible-ai", "industries/financial-services"),
        ("ai strategy for government", "services/ai-strategy", "industries/public-sector"),
        (
            "fractional data leadership retail",
            "services/fractional-data-leadership",
            "industries/retail-and-ecommerce",
        ),
        ("mlops manufacturing", "services/mlops", "industries/manufacturing"),
        ("data strategy for hospitals", "services/data-strategy", "industries/healthcare"),
    ] {
        let ids = product_search_ids(&server, query).await;
        let lead: Vec<&str> = ids.iter().take(2).map(String::as_str).collect();
        assert!(lead.contains(&service) && lead.contains(&industry), "{query}: {ids:?}");
    }
    for (query, first) in [
        ("mlops", "services/mlops"),
        ("data governance", "services/data-governance"),
        ("healthcare", "industries/healthcare"),
    ] {
        let ids = product_search_ids(&server, query).await;
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
}

/// A page's `other_names` are searched as its name is: `finance` listed AI strategy and the
/// logistics page (which mention a finance team) before the financial services page, `bi`
/// found nothing, `reporting` and `change management` listed the training service before
/// the analytics engineering and AI adoption services that name them, `chief data officer`
/// the data strategy service before fractional data leadership.
#[tokio::test]
async fn product_search_reads_a_pages_other_names_as_its_name() {
    let server = start().await;
    for (query, first) in [
        ("finance", "industries/financial-services"),
        ("bi", "services/analytics-engineering"),
        ("reporting", "services/analytics-engineering"),
        ("change management", "services/ai-adoption-and-change"),
        ("chief data officer", "services/fractional-data-leadership"),
        ("llm", "services/generative-ai-solutions"),
    ] {
        let ids = product_search_ids(&server, query).await;
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
}

/// An operation is found by its `operationId`, as written or in words: `fetch
/// operations/searchResources` worked while `search_api_docs {"query":"searchResources"}`
/// found nothing. And a query in the API's own words finds the API's documents before guides
/// that use the words in another sense: `export token` put a guide about AI pricing contracts
/// (LLM tokens) first.
#[tokio::test]
async fn operations_are_found_by_their_ids_and_api_words_find_api_documents() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        let results = found["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first) in [
        ("searchResources", "operations/searchResources"),
        ("search resources", "operations/searchResources"),
        ("listCategories", "operations/listCategories"),
        ("exportAll", "operations/exportAll"),
    ] {
        for name in ["search_api_docs", "search"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            let ids = ids_of(&answer);
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
    let answer =
        tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": "export token" })).await;
    let ids = ids_of(&answer);
    assert!(!ids[0].starts_with("guides/"), "{ids:?}");
    let wanted = ["operations/exportAll", "operations/issueToken", "docs/authentication"];
    assert!(ids.iter().take(3).any(|id| wanted.contains(&id.as_str())), "{ids:?}");
}

/// The product server's `search` returns the pages whose title names some of the query or
/// that hold most of what it names: `rate limit` listed nine services and industries that
/// say "rates" or "limitations" (the product has nothing on rate limits); the two services
/// that say both words somewhere remain. A word no page uses is not held against the pages
/// that hold the rest.
#[tokio::test]
async fn product_search_leaves_out_pages_that_hold_a_minority_of_the_query() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        let results = found["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    let search = |query: &'static str| {
        let server = &server;
        async move {
            ids_of(&tool(server, "/mcp", Era::Modern, "search", json!({ "query": query })).await)
        }
    };
    let ids = search("rate limit").await;
    assert!(ids.len() <= 2, "{ids:?}");
    assert!(ids.iter().all(|id| id.starts_with("services/")), "{ids:?}");
    for (query, first) in [
        ("forecasting for charities", "case-studies/hospital-demand-forecasting"),
        ("healthcare forecasting", "industries/healthcare"),
        ("data governance", "services/data-governance"),
    ] {
        let ids = search(query).await;
        assert!(ids.iter().any(|id| id == first), "{query}: {ids:?}");
    }
    assert_eq!(search("").await.len(), 23, "the offering and the contact details");
}

/// A question of the API asked of the product server (`do I need an api key`, mostly the
/// API's own words) finds only pages whose title names it, here none: the offering has nothing
/// on the API, which the docs server documents. It listed the data literacy service, which says
/// "need" and "key" in passing. A query of the offering is searched as before.
#[tokio::test]
async fn product_search_finds_no_page_for_a_question_of_the_api() {
    let server = start().await;
    let search = |query: &'static str| {
        let server = &server;
        async move {
            let answer =
                tool(server, "/mcp", Era::Modern, "search", json!({ "query": query })).await;
            let text = answer["content"][0]["text"].as_str().expect("text").to_string();
            let found: Value = serde_json::from_str(&text).expect("JSON");
            let results = found["results"].as_array().expect("results").clone();
            results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect::<Vec<_>>()
        }
    };
    for query in ["do I need an api key", "api key", "what is the rate limit"] {
        let ids = search(query).await;
        assert!(ids.is_empty(), "{query}: {ids:?}");
    }
    for (query, first) in
        [("data governance", "services/data-governance"), ("mlops", "services/mlops")]
    {
        let ids = search(query).await;
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
}

/// The docs server's `search` merges guides and API documentation fairly: a record whose
/// title names every query term is not pushed out by guides that merely mention the words,
/// and a guide about the query still comes first.
#[tokio::test]
async fn docs_search_surfaces_api_documentation_for_api_terms() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        let results = found["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for era in Era::ALL {
        let search = |query: &'static str| {
            let server = &server;
            async move {
                ids_of(&tool(server, "/mcp/docs", era, "search", json!({ "query": query })).await)
            }
        };
        let ids = search("rate limit").await;
        assert!(
            ids.iter().take(3).any(|id| id == "errors/rate_limited" || id == "docs/api"),
            "{ids:?}"
        );
        let ids = search("error codes").await;
        assert!(
            ids.iter().take(3).any(|id| id == "docs/errors" || id.starts_with("errors/")),
            "{ids:?}"
        );
        let ids = search("batch requests").await;
        assert_eq!(ids[0], "operations/batch", "{ids:?}");
        let ids = search("authentication").await;
        assert_eq!(ids[0], "docs/authentication", "{ids:?}");
        // Guide questions still put the guide first.
        for (query, guide) in [
            ("data contract", "guides/data-contracts-for-producers"),
            ("feature store", "guides/do-you-need-a-feature-store"),
            ("data quality rules", "guides/data-quality-dimensions-and-thresholds"),
        ] {
            let ids = search(query).await;
            assert_eq!(ids[0], guide, "{query}: {ids:?}");
        }
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(
            |b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            },
        )
        .collect()
}

/// `resources/list` pages with `nextCursor`; each resource reads as its markdown twin (or the
/// JSON document it names); templates expand to readable URIs.
#[tokio::test]
async fn resources_page_through_every_item_and_read_as_their_twins() {
    let server = start().await;
    let n_docs = content::docs_pages().len();
    for (path, expected) in [
        // Every service, industry and case study, the assessment and the contact details.
        ("/mcp", N_SERVICES + N_INDUSTRIES + N_CASE_STUDIES + 2),
        // Every guide and documentation page (the index and the error codes included), the
        // contact details and the OpenAPI document.
        ("/mcp/docs", N_GUIDES + n_docs + DOCS_LISTING_PATHS.len() + 2),
    ] {
        for era in Era::ALL {
            let mut uris = Vec::new();
            let mut cursor: Option<String> = None;
            let mut n_pages = 0;
            loop {
                let params = cursor.as_ref().map_or(json!({}), |c| json!({ "cursor": c }));
                let page = result(&server, path, era, "resources/list", params).await;
                n_pages += 1;
                for resource in page["resources"].as_array().expect("resources") {
                    assert_eq!(resource["title"].is_string(), era != Era::Legacy("2025-03-26"));
                    assert!(resource["size"].as_u64().is_some_and(|s| s > 0));
                    uris.push((
                        resource["uri"].as_str().expect("uri").to_string(),
                        resource["mimeType"].as_str().expect("mime").to_string(),
                        resource["size"].as_u64().unwrap_or(0),
                    ));
                }
                match page["nextCursor"].as_str() {
                    Some(next) => cursor = Some(next.to_string()),
                    None => break,
                }
            }
            assert_eq!(uris.len(), expected, "{path} {era:?}");
            let mut distinct: Vec<&String> = uris.iter().map(|u| &u.0).collect();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), expected, "URIs are unique");
            if path == "/mcp/docs" {
                assert!(n_pages > 1, "the library is paged");
            }
            if era != Era::Modern && era != Era::Legacy("2025-03-26") {
                continue;
            }
            for (uri, mime, size) in &uris {
                let read =
                    result(&server, path, era, "resources/read", json!({ "uri": uri })).await;
                let contents = read["contents"].as_array().expect("contents");
                assert_eq!(contents.len(), 1);
                assert_eq!(contents[0]["uri"], uri.as_str());
                assert_eq!(contents[0]["mimeType"], mime.as_str());
                let text = contents[0]["text"].as_str().expect("text");
                assert_eq!(text.len() as u64, *size, "{uri}: size is the text's length");
                let local = uri
                    .split_once("://")
                    .and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..]))
                    .expect("path");
                assert_eq!(text, server.get(local).await.text, "{uri}");
                if era.is_modern() {
                    assert_eq!(read["ttlMs"], 300_000);
                    assert_eq!(read["cacheScope"], "public");
                }
            }
        }
    }
    // The page URL (without index.md) reads the same resource.
    let service = &content::services()[0];
    let read =
        result(&server, "/mcp", Era::Modern, "resources/read", json!({ "uri": service.url })).await;
    assert_eq!(
        read["contents"][0]["text"],
        server.get(&format!("/services/{}/index.md", service.slug)).await.text.as_str()
    );
    // The product server drops a fragment too.
    let uri = format!("{}#approach", service.url);
    let read =
        result(&server, "/mcp", Era::Legacy("2025-06-18"), "resources/read", json!({ "uri": uri }))
            .await;
    assert_eq!(
        read["contents"][0]["text"],
        server.get(&format!("/services/{}/index.md", service.slug)).await.text.as_str()
    );
    // The documentation's index and error-code reference are the docs server's, by twin or
    // page URL; the product server does not read them.
    let site = content::services()[0].url.split("/services/").next().expect("site").to_string();
    for page in ["/docs/", "/docs/errors/"] {
        let twin = server.get(&format!("{page}index.md")).await.text;
        for uri in [format!("{site}{page}index.md"), format!("{site}{page}")] {
            let read =
                result(&server, "/mcp/docs", Era::Modern, "resources/read", json!({ "uri": uri }))
                    .await;
            assert_eq!(read["contents"][0]["text"], twin.as_str(), "{uri}");
            let refused =
                call(&server, "/mcp", Era::Modern, "resources/read", json!({ "uri": uri })).await;
            rpc_error(&refused, "/mcp", 400, -32602, "unknown_resource");
        }
    }

    for era in Era::ALL {
        let templates =
            result(&server, "/mcp/docs", era, "resources/templates/list", Value::Null).await;
        let template = templates["resourceTemplates"][0]["uriTemplate"]
            .as_str()
            .expect("template")
            .to_string();
        let guide = &consultancy_api::tables::GUIDES[0];
        let uri = template.replace("{slug}", guide.slug);
        let read = result(&server, "/mcp/docs", era, "resources/read", json!({ "uri": uri })).await;
        assert_eq!(read["contents"][0]["text"], server.get(guide.twin_path).await.text.as_str());
        let none = result(&server, "/mcp", era, "resources/templates/list", Value::Null).await;
        assert_eq!(none["resourceTemplates"], json!([]));
    }
}

#[tokio::test]
async fn prompts_interview_and_answer_with_citations() {
    let server = start().await;
    for era in Era::ALL {
        let listing = result(&server, "/mcp", era, "prompts/list", Value::Null).await;
        assert_eq!(listing["prompts"][0]["name"], "readiness_interview");
        assert_eq!(listing["prompts"][0]["arguments"][0]["required"], false);
        let listing = result(&server, "/mcp/docs", era, "prompts/list", Value::Null).await;
        assert_eq!(listing["prompts"][0]["name"], "answer_from_guides");
        assert_eq!(listing["prompts"][0]["arguments"][0]["required"], true);

        let interview =
            result(&server, "/mcp", era, "prompts/get", json!({ "name": "readiness_interview" }))
                .await;
        let text = interview["messages"][0]["content"]["text"].as_str().expect("text");
        assert_eq!(interview["messages"][0]["role"], "user");
        assert!(text.contains("score_assessment"));
        let assessment = server.get("/v1/ai-readiness/questions").await.json();
        for section in assessment["sections"].as_array().expect("sections") {
            for question in section["questions"].as_array().expect("questions") {
                assert!(
                    text.contains(question["q"].as_str().expect("q")),
                    "every question is asked"
                );
                for option in question["opts"].as_array().expect("opts") {
                    assert!(text.contains(option.as_str().expect("option")));
                }
            }
        }
        // A question's context and options start where its text does, past `10. ` as past
        // `1. ` (so they also stay inside the question's list item as markdown).
        let (mut under, mut checked_past_nine) = (None, 0);
        for line in text.lines() {
            let number = line
                .split_once(". ")
                .map(|(n, _)| n)
                .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if let Some(number) = number {
                under = Some(number.len() + 2);
            } else if line.is_empty() || line.starts_with('#') {
                under = None;
            } else if let Some(width) = under {
                let indent = line.len() - line.trim_start_matches(' ').len();
                assert_eq!(indent, width, "{line:?} is indented as its question's text");
                checked_past_nine += usize::from(width > 3);
            }
        }
        assert!(checked_past_nine > 0, "questions 10 and on are checked too");
        // The prompt asks the model to explain the band, so it says what each band means and
        // where it lies, as the assessment page does ("- **Building** (from 40): <meaning>").
        let page = server.get("/ai-readiness/index.md").await.text;
        let bands = assessment["bands"].as_array().expect("bands");
        for (idx, band) in bands.iter().enumerate() {
            let name = band["name"].as_str().expect("name");
            let min = band["min"].as_u64().expect("min");
            let top = bands.get(idx + 1).map_or(100, |next| next["min"].as_u64().expect("min") - 1);
            let marker = format!("- **{name}** (from {min}): ");
            let line = page.lines().find(|l| l.starts_with(&marker)).expect("the page's band line");
            let expected = format!("- {name} (scores {min} to {top}): {}", &line[marker.len()..]);
            assert!(text.lines().any(|l| l == expected), "{expected:?} is in the prompt:\n{text}");
        }
        let named = result(&server, "/mcp", era, "prompts/get", json!({ "name": "readiness_interview", "arguments": { "organisation": "Example Ltd" } })).await;
        assert!(
            named["messages"][0]["content"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("Example Ltd"))
        );

        let question = "how do we monitor a model for drift?";
        let answer = result(
            &server,
            "/mcp/docs",
            era,
            "prompts/get",
            json!({ "name": "answer_from_guides", "arguments": { "question": question } }),
        )
        .await;
        let messages = answer["messages"].as_array().expect("messages");
        let instructions = messages[0]["content"]["text"].as_str().expect("text");
        assert!(instructions.contains(question));
        // The prompt carries the answer engine's cited draft and sources (one core for /ask,
        // A2A and this prompt), and embeds the first sources' markdown twins that this server
        // reads as resources (the engine also cites services, which only /mcp reads).
        let engine = consultancy_api::answer::answer(&consultancy_api::answer::Question {
            text: question,
            prev: &[],
        });
        assert!(!engine.sources.is_empty());
        for sentence in &engine.sentences {
            assert!(instructions.contains(sentence.text), "quotes {}", sentence.text);
        }
        for source in &engine.sources {
            assert!(instructions.contains(source.url), "cites {}", source.url);
        }
        let held = |source: &consultancy_api::model::SourceItem| {
            matches!(source.kind, SourceKind::Guide | SourceKind::Docs)
        };
        assert!(
            engine.sources.iter().take(3).any(|s| !held(s)),
            "the question's sources include one the docs server does not read"
        );
        let readable: Vec<_> = engine.sources.iter().filter(|s| held(s)).collect();
        assert_eq!(messages.len(), 1 + readable.len().min(3));
        for (message, source) in messages[1..].iter().zip(&readable) {
            assert_eq!(message["content"]["type"], "resource");
            let path = source
                .url
                .split_once("//")
                .and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..]));
            let twin = format!("{}index.md", path.expect("a page path"));
            assert_eq!(
                message["content"]["resource"]["text"],
                server.get(&twin).await.text.as_str()
            );
            // The embedded resource reads again on the same server.
            let uri = message["content"]["resource"]["uri"].as_str().expect("uri");
            let read =
                result(&server, "/mcp/docs", era, "resources/read", json!({ "uri": uri })).await;
            assert_eq!(read["contents"][0]["text"], message["content"]["resource"]["text"]);
        }
        let nothing = result(
            &server,
            "/mcp/docs",
            era,
            "prompts/get",
            json!({ "name": "answer_from_guides", "arguments": { "question": "zzzz qqqq" } }),
        )
        .await;
        assert_eq!(nothing["messages"].as_array().map(Vec::len), Some(1));
        // Nothing is embedded, so the prompt does not say the first sources follow in full
        // (it used to, whatever followed).
        let nothing_text = nothing["messages"][0]["content"]["text"].as_str().expect("text");
        assert!(nothing_text.contains(prompts::SOURCES_BY_URL_HEADER), "{nothing_text}");
        assert!(!nothing_text.contains("follow in full"), "{nothing_text}");
        assert!(instructions.contains(prompts::SOURCES_EMBEDDED_HEADER), "{instructions}");
        // The question is held to /ask's bounds (500 characters), not the search's 200.
        let longish = result(
            &server,
            "/mcp/docs",
            era,
            "prompts/get",
            json!({ "name": "answer_from_guides", "arguments": { "question": "data ".repeat(100) } }),
        )
        .await;
        assert!(longish["messages"].as_array().is_some_and(|m| !m.is_empty()), "{longish}");
        let long = call(
            &server,
            "/mcp/docs",
            era,
            "prompts/get",
            json!({ "name": "answer_from_guides", "arguments": { "question": "x".repeat(501) } }),
        )
        .await;
        rpc_error(
            &long,
            "/mcp/docs",
            if era.is_modern() { 400 } else { 200 },
            -32602,
            "question_too_long",
        );
    }
}

/// `get_service` and `get_case_study` answer only the summary `list_services` and
/// `list_case_studies` already gave (the REST bodies), and most clients call tools but never
/// read resources. So every product tool that lists or gets items, and the server's
/// instructions, name the `fetch` id that gives an item's whole page: a model asked how long
/// an MLOps engagement runs found the answer only on that page. Each id pattern named here
/// fetches, for every item, the same markdown the resource holds.
#[tokio::test]
async fn product_summary_tools_name_the_fetch_id_of_the_whole_page() {
    let server = start().await;
    let tools = tool_list(&server, "/mcp", Era::Modern).await;
    let description = |name: &str| {
        let definition = tools.iter().find(|t| t["name"] == name).expect("listed");
        definition["description"].as_str().expect("description").to_string()
    };
    let init = result(
        &server,
        "/mcp",
        Era::Legacy(super::LEGACY[0]),
        "initialize",
        json!({
            "protocolVersion": super::LEGACY[0], "capabilities": {},
            "clientInfo": { "name": "t", "version": "1" },
        }),
    )
    .await;
    let instructions = init["instructions"].as_str().expect("instructions").to_string();
    for (tools_naming_it, prefix, pages) in [
        (&["list_services", "get_service"][..], "services", content::services()),
        (&["list_industries"][..], "industries", content::industries()),
        (&["list_case_studies", "get_case_study"][..], "case-studies", content::case_studies()),
    ] {
        let pattern = format!("`{prefix}/<slug>`");
        for name in tools_naming_it {
            let text = description(name);
            assert!(text.contains("fetch") && text.contains(&pattern), "{name}: {text}");
        }
        assert!(instructions.contains(&pattern), "{instructions}");
        for page in pages {
            let id = format!("{prefix}/{}", page.slug);
            let answer = tool(&server, "/mcp", Era::Modern, "fetch", json!({ "id": id })).await;
            assert_eq!(answer["isError"], false, "fetch {id}: {answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let fetched: Value = serde_json::from_str(text).expect("JSON");
            let markdown = content::Item::Page(page).markdown();
            assert!(markdown.len() > 500, "{id}");
            assert_eq!(fetched["text"], markdown, "{id}");
        }
    }
}

/// A model that found an item with `search` passes the id it got (`guides/<slug>`) or the
/// item's url to the tool that takes a slug. That is still refused, since the argument is the
/// slug, but the message gives the slug it holds (it said only "use lowercase letters, digits
/// and hyphens"), so the next call succeeds; the REST API's message is unchanged.
#[tokio::test]
async fn a_search_id_or_url_given_as_slug_is_refused_with_the_slug_it_holds() {
    let server = start().await;
    let guide = content::Item::Guide(&consultancy_api::tables::GUIDES[0]);
    let service = &content::services()[0];
    let case = &content::case_studies()[0];
    for (path, name, prefix, slug, url) in [
        ("/mcp/docs", "get_guide", "guides", guide.slug(), guide.url()),
        ("/mcp", "get_service", "services", service.slug, service.url),
        ("/mcp", "get_case_study", "case-studies", case.slug, case.url),
    ] {
        let id = format!("{prefix}/{slug}");
        for given in [id.clone(), url.to_string(), format!("{url}index.md"), format!("/{id}/")] {
            let answer = tool(&server, path, Era::Modern, name, json!({ "slug": given })).await;
            assert_eq!(answer["isError"], true, "{name} {given}: {answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            assert!(text.contains(&format!("takes the slug alone, `{slug}`")), "{text}");
            assert_names_no_rest_path(text);
            let retried = tool(&server, path, Era::Modern, name, json!({ "slug": slug })).await;
            assert_eq!(retried["isError"], false, "{retried}");
        }
        let answer = tool(&server, path, Era::Modern, name, json!({ "slug": id })).await;
        let text = answer["content"][0]["text"].as_str().expect("text");
        assert!(text.contains(&format!("fetch takes the id `{id}`")), "{text}");
        // Anything else is the slug rule's message, as before.
        let answer = tool(&server, path, Era::Modern, name, json!({ "slug": "Not A Slug" })).await;
        let text = answer["content"][0]["text"].as_str().expect("text");
        assert!(text.contains("is not a valid slug"), "{text}");
    }
    let rest = server.get(&format!("/v1/services/services%2F{}", service.slug)).await;
    assert!(!rest.text.contains("slug alone"), "{}", rest.text);
}

/// Every input schema is one a model's function-calling layer takes as it is: no `oneOf`,
/// `anyOf`, `allOf` or `not` anywhere, and one `type` (a string) on every schema. Gemini's
/// function declarations refuse combinators under `properties` and type lists, so
/// `score_assessment`, whose `answers` was the REST body's `oneOf` of its two forms with no
/// `type`, broke every Gemini-backed client that listed the product server's tools. Both forms
/// are still scored and a mix of them still refused by the core.
#[tokio::test]
async fn input_schemas_use_no_combinators_and_type_every_schema() {
    fn walk(name: &str, at: &str, schema: &Value) {
        let object = schema.as_object().unwrap_or_else(|| panic!("{name} {at}: {schema}"));
        for combinator in ["oneOf", "anyOf", "allOf", "not"] {
            assert!(!object.contains_key(combinator), "{name} {at} has {combinator}: {schema}");
        }
        assert!(object.get("type").is_some_and(Value::is_string), "{name} {at}: {schema}");
        for (key, child) in
            object.get("properties").and_then(Value::as_object).into_iter().flatten()
        {
            walk(name, &format!("{at}/{key}"), child);
        }
        if let Some(items) = object.get("items") {
            walk(name, &format!("{at}/items"), items);
        }
    }
    let server = start().await;
    for path in ["/mcp", "/mcp/docs"] {
        for era in Era::ALL {
            for definition in tool_list(&server, path, era).await {
                let name = definition["name"].as_str().expect("name");
                walk(name, "", &definition["inputSchema"]);
            }
        }
    }
    let n = N_QUESTIONS;
    for (answers, ok) in [
        (json!(vec![0; n]), true),
        (json!(vec![5; n - 1]), true),
        (json!(vec![5; n]), false),
        (json!(vec![0; n - 1]), false),
    ] {
        let answer =
            tool(&server, "/mcp", Era::Modern, "score_assessment", json!({ "answers": answers }))
                .await;
        assert_eq!(answer["isError"], !ok, "{answers}: {answer}");
    }
}

/// A `limit` that is no count is quoted as the client wrote it when the number can be
/// rendered exactly; an integer past 64 bits, which JSON parsing keeps only as a double
/// (`1e+30`), is described instead of being quoted in a form the client never sent.
#[tokio::test]
async fn a_limit_out_of_range_is_quoted_as_written_or_described() {
    let server = start().await;
    let cases = [
        ("1000000000000000000000000000000", None, "far larger than"),
        ("-1000000000000000000000000000000", None, "far below"),
        ("10000000000", Some("`10000000000`"), ""),
        ("-2", Some("`-2`"), ""),
        ("2.5", Some("`2.5`"), ""),
        ("60", Some("`60`"), ""),
    ];
    for (literal, quoted, described) in cases {
        let (body, headers) = super::request(
            Era::Modern,
            "tools/call",
            json!({ "name": "search_guides", "arguments": { "q": "x", "limit": "LIMIT" } }),
        );
        let body = body.replace("\"LIMIT\"", literal);
        let response = super::post(&server, "/mcp/docs", &headers, &body).await;
        let answer = &response.json()["result"];
        assert_eq!(answer["isError"], true, "{literal}: {answer}");
        let text = answer["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.contains("integer from 1 to 50"), "{literal}: {text}");
        assert!(!text.contains("e+") && !text.contains("e30"), "{literal}: {text}");
        match quoted {
            Some(quoted) => assert!(text.contains(quoted), "{literal}: {text}"),
            None => assert!(text.contains(described), "{literal}: {text}"),
        }
    }
}

/// The contact details are a document of both servers' `search` and `fetch`, id `contact`:
/// "contact", "how do I get in touch", "email" and "book a call" found no contact document,
/// though `get_contact` and `GET /v1/contact` had the answer. Its text is written from the
/// same record at build time; its url is the site footer's contact details on the home page
/// (`<site>/#contact`; the site has no contact page), and `fetch` takes that url too. It is a
/// resource on both servers, `<api>/v1/contact`, reading as `GET /v1/contact`.
#[tokio::test]
async fn contact_details_are_a_document_search_finds_and_fetch_returns() {
    use consultancy_api::tables::{API_BASE, SITE_URL};
    let server = start().await;
    let contact = server.get("/v1/contact").await.json();
    let email = contact["email"].as_str().expect("email");
    let how = contact["how"].as_str().expect("how");
    let text_of = |answer: &Value| -> Value {
        assert_eq!(answer["isError"], false, "{answer}");
        serde_json::from_str(answer["content"][0]["text"].as_str().expect("text")).expect("JSON")
    };
    let url = format!("{SITE_URL}/#contact");
    for path in ["/mcp", "/mcp/docs"] {
        for query in ["contact", "how do I get in touch", "email", "book a call", "get in touch"] {
            let found = text_of(
                &tool(&server, path, Era::Modern, "search", json!({ "query": query })).await,
            );
            let first = &found["results"][0];
            assert_eq!(first["id"], "contact", "{path} {query}: {found}");
            assert_eq!(first["url"], url.as_str());
            assert!(first["text"].as_str().is_some_and(|t| t.contains(email)), "{first}");
        }
        for id in ["contact", url.as_str()] {
            for era in Era::ALL {
                let document =
                    text_of(&tool(&server, path, era, "fetch", json!({ "id": id })).await);
                assert_eq!(document["id"], "contact", "{path} {id}");
                assert_eq!(document["url"], url.as_str());
                assert_eq!(document["metadata"]["kind"], "contact");
                let text = document["text"].as_str().expect("text");
                assert!(text.starts_with("# Contact"), "{text}");
                assert!(text.contains(&format!("[{email}](mailto:{email})")), "{text}");
                assert!(text.contains(how), "{text}");
                assert!(text.contains(contact["location"].as_str().expect("location")));
                assert!(text.contains(&format!("{API_BASE}/v1/contact")), "{text}");
            }
        }
        let uri = format!("{API_BASE}/v1/contact");
        let read =
            result(&server, path, Era::Modern, "resources/read", json!({ "uri": uri })).await;
        assert_eq!(read["contents"][0]["mimeType"], "application/json");
        assert_eq!(read["contents"][0]["text"], server.get("/v1/contact").await.text.as_str());
    }
    // The url leads a person to the details: the home page's footer, `id="contact"`.
    let home = server.get_with("/", &[("accept", "text/html")]).await.text;
    let footer = home.split("<footer id=\"contact\">").nth(1).expect("the footer is #contact");
    assert!(footer.contains(&format!("mailto:{email}")), "{footer}");
    // The offering's queries do not find it: its title and text leave out the company's name.
    for query in ["data governance", "mlops", "ai strategy", "healthcare"] {
        let found =
            text_of(&tool(&server, "/mcp", Era::Modern, "search", json!({ "query": query })).await);
        let ids: Vec<&str> = found["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter_map(|r| r["id"].as_str())
            .collect();
        assert!(!ids.contains(&"contact"), "{query}: {ids:?}");
    }
}

/// A judged set for `search_api_docs`: queries a developer types, each with the document that
/// must come first. `api key` listed the API overview and two idempotency-key error codes
/// before the authentication page, which says there are no API keys; `export token` put
/// error codes and operations whose titles hold one of the words before the page that tells
/// how to get a token for the export; `refresh token` put three records whose titles say
/// "token" before the page that says there are no refresh tokens; `pagination` and `cors`
/// found nothing, since the API overview said only "paging" and "cross-origin". Since
/// 2026-12-04: `error codes` listed the codes in table order (every one is titled "Error
/// code ...") and never the page that lists them all, which was no document; `too many
/// requests` found `too_many_connections` before `rate_limited`, the 429 a client names so,
/// since a code's title held its status but not the reason phrase; `token expiry` found two
/// error codes before the page that says how long a token lives, which said only "valid for"
/// and "expires"; `if-none-match` found two operations whose details name the header before
/// the overview that says what to do with it; `webhooks` and `sandbox` found nothing, and now
/// find the sentence that says there are none. Since the fourth round: `http2` found nothing
/// (the tokenizer read "HTTP/2" as "http" and a dropped "2"); `a2a agent card` found the AI
/// catalog, whose longer title names the agent card among other things, before the card;
/// `pagination cursor` found `invalid_cursor`, which holds one word in its title, before the
/// overview, which holds both. Since the fifth search pass: `HTTP 2` (a space for the slash)
/// searched `http` alone, the lone digit dropped, and found the MCP operations ("Streamable
/// HTTP") first.
#[tokio::test]
async fn api_docs_search_puts_what_a_developer_means_first() {
    let server = start().await;
    let text_of = |answer: &Value| -> Value {
        assert_eq!(answer["isError"], false, "{answer}");
        serde_json::from_str(answer["content"][0]["text"].as_str().expect("text")).expect("JSON")
    };
    let ids_of = |answer: &Value| -> Vec<String> {
        let results = answer["structuredContent"]["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first) in [
        ("api key", "docs/authentication"),
        ("get an api key", "docs/authentication"),
        ("export token", "docs/authentication"),
        ("how do I get a token", "docs/authentication"),
        ("refresh token", "docs/authentication"),
        ("authentication", "docs/authentication"),
        ("pagination", "docs/api"),
        ("cors", "docs/api"),
        ("markdown", "docs/agents"),
        ("rate limit", "errors/rate_limited"),
        ("429", "errors/rate_limited"),
        ("retry-after", "errors/rate_limited"),
        ("cursor", "errors/invalid_cursor"),
        ("etag", "errors/precondition_failed"),
        ("scopes", "errors/insufficient_scope"),
        ("idempotency", "errors/invalid_idempotency_key"),
        ("client credentials", "operations/issueToken"),
        ("register client", "operations/registerClient"),
        ("openapi", "operations/getOpenApi"),
        ("batch requests", "operations/batch"),
        ("bulk export", "operations/exportAll"),
        ("score assessment", "operations/scoreReadiness"),
        ("error codes", "docs/errors"),
        ("status codes", "docs/errors"),
        ("too many requests", "errors/rate_limited"),
        ("precondition failed", "errors/precondition_failed"),
        ("unauthorized", "errors/missing_token"),
        ("token expiry", "docs/authentication"),
        ("token lifetime", "docs/authentication"),
        ("if-none-match", "docs/api"),
        ("webhooks", "docs/api"),
        ("sandbox", "docs/api"),
        ("gzip", "docs/api"),
        ("request size limit", "errors/payload_too_large"),
        ("http2", "docs/api"),
        ("http/2", "docs/api"),
        ("HTTP/2", "docs/api"),
        ("HTTP 2", "docs/api"),
        ("http 2 support", "docs/api"),
        ("a2a agent card", "operations/getAgentCard"),
        ("agent card", "operations/getAgentCard"),
        ("pagination cursor", "docs/api"),
        ("llms.txt", "docs/agents"),
        ("swagger", "docs/api"),
        ("mcp setup", "docs/agents"),
        ("connect claude desktop", "docs/agents"),
        ("mcp config", "docs/agents"),
        ("openapi spec", "operations/getOpenApi"),
        ("api versioning", "docs/api"),
    ] {
        let answer = tool(
            &server,
            "/mcp/docs",
            Era::Modern,
            "search_api_docs",
            json!({ "query": query, "limit": 3 }),
        )
        .await;
        let ids = ids_of(&answer);
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
    // Not offered (webhooks, API keys) or not needed (a sandbox): the first result says so
    // plainly, and nothing else pretends to be about a webhook.
    for (query, sentence) in [
        ("webhook", "There are no webhooks"),
        ("sandbox", "A sandbox is not needed"),
        ("api key", "There is no API key to apply for"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search_api_docs", json!({ "query": query }))
                .await;
        let ids = ids_of(&answer);
        let first = ids.first().expect("a result");
        let id = json!({ "id": first });
        let document = text_of(&tool(&server, "/mcp/docs", Era::Modern, "fetch", id).await);
        let text = document["text"].as_str().expect("text");
        assert!(text.contains(sentence), "{query}: {first} lacks {sentence:?}");
        if query == "webhook" {
            assert_eq!(ids, ["docs/api"], "{query}");
        }
    }
    // The error-code reference is a document: fetched by its id or its url, its markdown
    // lists every code.
    for id in
        ["docs/errors".to_string(), format!("{}/docs/errors/", consultancy_api::tables::SITE_URL)]
    {
        let document =
            text_of(&tool(&server, "/mcp/docs", Era::Modern, "fetch", json!({ "id": id })).await);
        assert_eq!(document["id"], "docs/errors", "{id}");
        let text = document["text"].as_str().expect("text");
        assert!(text.contains("| `rate_limited` | 429 |"), "{text}");
    }
}

/// The docs server's `search` merges guides with the API's documents; a developer's word the
/// guides never use is read by the guide search as another (`cors` as "core", `bearer` as
/// "better", `llms.txt` as "llms text"), and those guides came before the document that holds
/// the word as typed. Among equal relevance, fewer units matched only through a typo come
/// first; a misspelling both kinds read through a typo (`helthcare`) leaves guides first.
#[tokio::test]
async fn docs_search_puts_a_word_as_typed_before_guides_read_through_a_typo() {
    let server = start().await;
    let first_of = |answer: &Value| -> String {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        page["results"][0]["id"].as_str().expect("a first result").to_string()
    };
    for (query, first) in [
        ("cors", "docs/api"),
        ("bearer token", "errors/missing_token"),
        ("llms.txt", "docs/agents"),
        ("304 not modified", "docs/authentication"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        assert_eq!(first_of(&answer), first, "{query}");
    }
    for query in ["helthcare", "modl drift", "feature store"] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        let first = first_of(&answer);
        assert!(first.starts_with("guides/"), "{query}: {first}");
    }
}

/// The docs server's `search` finds the page that answers a developer's shorthand before
/// guides that use the words in passing: `mcp config` put a guide on choosing a language model
/// (it says "MCP" and "config") first and left the agents page, which said "configuration",
/// out of the first six; `openapi spec` listed only guides, read as "open", "API" and "spec".
/// The agents page now says "MCP config" and its description "config", the OpenAPI
/// operation's summary says "spec", and among equal relevance a document whose title and
/// description hold the whole query comes before one that holds it only in its text.
#[tokio::test]
async fn docs_search_finds_the_mcp_config_and_the_openapi_spec() {
    let server = start().await;
    for (query, first) in [
        ("mcp config", "docs/agents"),
        ("mcp setup", "docs/agents"),
        ("openapi spec", "operations/getOpenApi"),
        ("openapi", "operations/getOpenApi"),
        ("api versioning", "docs/api"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        assert_eq!(page["results"][0]["id"], first, "{query}: {page}");
    }
}

/// An agent's questions about the API itself, asked of the docs server (2026-12-06): a record
/// whose title and summary say the whole query in its own words, such as an error code's
/// meaning, comes before guides that use the words in passing (`retry after` listed five
/// guides before `errors/rate_limited`, whose summary says to wait the seconds `Retry-After`
/// gives), while a synonym does not count for it (`validate someone elses model` reads "someone
/// else's model" as validation, and the error codes that say "valid" stay after the guides).
/// And the API overview and the authentication page say an agent's words for what they
/// describe: `throttling` found nothing, `download everything` only guides, and `how long does
/// a token last` the API overview before the authentication page, which gives the lifetime.
#[tokio::test]
async fn docs_search_answers_an_agents_questions_about_the_api() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let results = page["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first) in [
        ("retry after", "errors/rate_limited"),
        ("throttling", "docs/api"),
        ("download everything", "docs/api"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        let ids = ids_of(&answer);
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
    let answer = tool(
        &server,
        "/mcp/docs",
        Era::Modern,
        "search",
        json!({ "query": "validate someone elses model" }),
    )
    .await;
    let ids = ids_of(&answer);
    assert!(ids.iter().take(5).all(|id| id.starts_with("guides/")), "{ids:?}");
    for (query, first) in [
        ("how long does a token last", "docs/authentication"),
        ("throttling", "docs/api"),
        ("retry after", "errors/rate_limited"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search_api_docs", json!({ "query": query }))
                .await;
        let ids = ids_of(&answer);
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
}

/// A documentation page's section headings count as what it is about, as its description does
/// (2026-12-06, later): `page size`, `versioning policy` and `error format` listed guides that
/// use the words in passing before the API overview, whose "Searching, paging and the page
/// size" and "Versioning policy and breaking changes" sections answer them, and the error
/// codes page, whose description now names the error body's format and the JSON-RPC errors.
/// `json-rpc error codes` finds that page, which lists every code with its JSON-RPC number,
/// and then the JSON-RPC codes themselves. A guide whose own title and description say the
/// query still comes first (`breaking changes`: a guide on controlling metric changes).
#[tokio::test]
async fn docs_search_counts_a_documentation_pages_headings_as_what_it_is_about() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let results = page["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first) in [
        ("page size", "docs/api"),
        ("versioning policy", "docs/api"),
        ("error format", "docs/errors"),
        ("json-rpc error codes", "docs/errors"),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            let ids = ids_of(&answer);
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
    let search = |query: &'static str| {
        let server = &server;
        async move {
            ids_of(
                &tool(server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await,
            )
        }
    };
    let ids = search("breaking changes").await;
    assert!(ids.iter().take(3).any(|id| id == "docs/api"), "breaking changes: {ids:?}");
    let ids = search("json-rpc error codes").await;
    for code in ["errors/invalid_request", "errors/unknown_method"] {
        assert!(ids.iter().take(3).any(|id| id == code), "json-rpc error codes: {ids:?}");
    }
}

/// An operation is an endpoint, and the docs server's `search` keeps `search_api_docs`' order
/// among its records (2026-12-06, later still): `fetch one service by slug` found the API
/// overview, which holds all four words in its text, before `operations/getService`, whose title
/// holds three; and `assessment questions endpoint`, `health check endpoint` or `bulk export
/// endpoint` found the documentation pages or guides before the operation, whose own text
/// never says "endpoint". `endpoints` and `list of endpoints` still find the API overview's
/// list of them first.
#[tokio::test]
async fn docs_search_lists_the_operation_an_agent_names_before_the_pages_about_it() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let results = page["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first) in [
        ("fetch one service by slug", "operations/getService"),
        ("assessment questions endpoint", "operations/getAssessment"),
        ("health check endpoint", "operations/getHealth"),
        ("bulk export endpoint", "operations/exportAll"),
        ("search guides endpoint", "operations/searchResources"),
        ("guide categories endpoint", "operations/listCategories"),
        ("contact endpoint", "operations/getContact"),
        ("endpoints", "docs/api"),
        ("list of endpoints", "docs/api"),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            let ids = ids_of(&answer);
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
}

/// An agent asking about a limit or a format by its name (`max header size`, `how big can a
/// request body be`, `maximum query length`, `how many requests per minute`, `slug format`)
/// finds the one document that states it first on both of the docs server's search tools. The
/// error code that enforces a limit states it under "Max ...", with the number the
/// server enforces, taken from its constant; the error code's meaning said only what went
/// wrong, so guides that say "maximum" and "size" in passing came first on `search`, and
/// neither tool found the code for five of these.
#[tokio::test]
async fn docs_search_finds_the_limit_an_agent_asks_about() {
    use consultancy_api::model::{
        ASK_QUERY_MAX_CHARS, BATCH_MAX_ITEMS, BATCH_PATH_MAX, MAX_HEADER_BYTES, MAX_HEADER_FIELDS,
        RATE_LIMIT_DEFAULT, SCORE_BODY_MAX, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS,
    };
    use consultancy_api::tables::DOCUMENTS;
    let server = start().await;
    for (query, first) in [
        ("batch request format", "operations/batch"),
        ("how many requests per minute", "errors/rate_limited"),
        ("maximum page size", "errors/invalid_limit"),
        ("how big can a request body be", "errors/payload_too_large"),
        ("unknown fields in responses", "docs/api"),
        ("maximum query length", "errors/query_too_long"),
        ("max header size", "errors/header_fields_too_large"),
        ("question length limit for ask", "errors/question_too_long"),
        ("max batch size", "errors/batch_too_large"),
        ("max number of headers", "errors/header_fields_too_large"),
        ("max path length in a batch", "errors/invalid_path"),
        ("how many connections per ip", "errors/too_many_connections"),
        ("how long is a cursor valid", "errors/invalid_cursor"),
        ("slug format", "errors/invalid_slug"),
        ("idempotency key format", "errors/invalid_idempotency_key"),
        ("score answers format", "operations/scoreReadiness"),
        ("how often can I download the export", "operations/exportAll"),
        ("error response format", "docs/errors"),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let ids: Vec<&str> = page["results"]
                .as_array()
                .expect("results")
                .iter()
                .map(|r| r["id"].as_str().expect("id"))
                .collect();
            assert_eq!(ids.first(), Some(&first), "{name} {query}: {ids:?}");
        }
    }
    // The number each states is the one the server enforces.
    for (code, number) in [
        ("payload_too_large", format!("{} KiB", SCORE_BODY_MAX / 1024)),
        ("header_fields_too_large", format!("{} KiB", MAX_HEADER_BYTES / 1024)),
        ("header_fields_too_large", format!("is {MAX_HEADER_FIELDS}.")),
        ("query_too_long", format!("{SEARCH_QUERY_MAX_CHARS} characters")),
        ("question_too_long", format!("{ASK_QUERY_MAX_CHARS} characters")),
        ("batch_too_large", format!("{BATCH_MAX_ITEMS} requests")),
        ("invalid_path", format!("{BATCH_PATH_MAX} characters")),
        ("invalid_limit", format!("{SEARCH_LIMIT_MAX} results per page")),
        ("rate_limited", format!("{RATE_LIMIT_DEFAULT} requests per minute")),
    ] {
        let id = format!("errors/{code}");
        let record = DOCUMENTS.iter().find(|r| r.id == id).expect("the error code's document");
        let (_, limit) = record.markdown.split_once("\n## Max ").expect("a limit");
        assert!(limit.contains(&number), "{id}: {limit}");
    }
}

/// What an agent integrating with the API asks in its own words (2026-12-06, latest) finds the
/// document that answers it first on both of the docs server's search tools, since each says
/// what it is in those words: an error code whose meaning names a header by its name alone
/// (`Accept`, `Content-Type`, `If-Match`) now says "header", `request_timeout` says the request
/// "timed out", the guide search operation's title says it filters by category, the
/// authentication page's description that no API key is required, and the error codes page's
/// description what an error response looks like. Each listed guides or another record first.
#[tokio::test]
async fn docs_search_finds_what_an_integrating_agent_asks_in_its_words() {
    use consultancy_api::model::ERROR_CODES;
    let server = start().await;
    for (query, first) in [
        ("accept header", "errors/not_acceptable"),
        ("request timed out", "errors/request_timeout"),
        ("filter guides by category", "operations/searchResources"),
        ("is an api key required", "docs/authentication"),
        ("what does an error look like", "docs/errors"),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let ids: Vec<&str> = page["results"]
                .as_array()
                .expect("results")
                .iter()
                .map(|r| r["id"].as_str().expect("id"))
                .collect();
            assert_eq!(ids.first(), Some(&first), "{name} {query}: {ids:?}");
        }
    }
    // A meaning that names a header by its name says it is a header.
    for header in ["`Accept`", "`Content-Type`", "`If-Match`", "`Origin`"] {
        for (code, _, meaning) in ERROR_CODES {
            let named = meaning.find(header).map(|at| &meaning[at + header.len()..]);
            if let Some(after) = named {
                assert!(after.starts_with(" header"), "{code}: {meaning}");
            }
        }
    }
}

/// A question about the API in an agent's everyday words (2026-12-06, fifth docs pass): when
/// at least two thirds of the query are the API's own words (a title of the API
/// documentation holds them as typed, no title of the guides found does), what a document
/// says it is about counts in the docs server's merge as it does among the records: `do I
/// need an api key`, `origin header rejected` and `how do I page through results` listed
/// guides that hold every word in passing before the authentication page, `forbidden_origin`
/// and the guide search operation, which say the API's words in their description or summary. The
/// authentication page's description says how long a token lasts (`how long is a token valid`
/// found neither it nor the code). A guide question whose words the API's titles also hold
/// ("answers", "ai", "too") keeps its guides first.
#[tokio::test]
async fn docs_search_answers_an_agents_everyday_question_about_the_api() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let results = page["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first) in [
        ("do I need an api key", "docs/authentication"),
        ("origin header rejected", "errors/forbidden_origin"),
        ("how do I page through results", "operations/searchResources"),
        ("next page cursor", "docs/api"),
        ("how long is a token valid", "docs/authentication"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        let ids = ids_of(&answer);
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
    let answer = tool(
        &server,
        "/mcp/docs",
        Era::Modern,
        "search_api_docs",
        json!({ "query": "how long is a token valid" }),
    )
    .await;
    let ids = ids_of(&answer);
    assert_eq!(ids.first().map(String::as_str), Some("docs/authentication"), "{ids:?}");
    for query in ["the answers from our ai assistant are too slow", "how do I detect drift"] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        let ids = ids_of(&answer);
        assert!(ids.iter().take(3).all(|id| id.starts_with("guides/")), "{query}: {ids:?}");
    }
}

/// An integrating agent's question (2026-12-07, sixth docs pass). A status number the query
/// names finds the error codes whose titles give that status first on both of the docs
/// server's search tools (`getting 415` found the batch operation, which lists 415 among its
/// responses, `what does 429 mean` the API overview). And on `search`, a word no title holds,
/// of the API or of the guides found ("got", "happens", "many", "blocked"), is the asker's
/// phrasing: it does not count against a question in the API's words, nor for a guide that
/// holds it in passing. A guide question keeps its guides first.
#[tokio::test]
async fn docs_search_reads_a_status_number_and_the_askers_phrasing() {
    let server = start().await;
    let ids_of = |answer: &Value| -> Vec<String> {
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let results = page["results"].as_array().expect("results");
        results.iter().map(|r| r["id"].as_str().expect("id").to_string()).collect()
    };
    for (query, first, both) in [
        ("getting 415", "errors/unsupported_media_type", true),
        ("what does 429 mean", "errors/rate_limited", true),
        ("got a 401", "errors/missing_token", true),
        ("what happens if my token expires", "errors/invalid_token", false),
        ("how many results per page", "errors/invalid_limit", false),
        ("request blocked by the browser", "docs/api", false),
    ] {
        let tools: &[&str] = if both { &["search", "search_api_docs"] } else { &["search"] };
        for name in tools {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            let ids = ids_of(&answer);
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
    for query in [
        "our data warehouse costs too much",
        "how do I detect drift",
        "we have far too many dashboards",
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        let ids = ids_of(&answer);
        assert!(ids.iter().take(3).all(|id| id.starts_with("guides/")), "{query}: {ids:?}");
    }
}

/// An agent names a JSON-RPC error by what its client printed: `tool not found` found
/// `not_found` (a REST path; its title says "Not Found") or a guide on designing tools first,
/// since `unknown_tool`'s title held only "tool"; an `unknown_*` code now also goes by "<thing>
/// not found", as JSON-RPC calls -32601 "Method not found". And `ambiguous_credentials`' meaning
/// said "more than one `Authorization` header" and not what is in them, so `sent a token and
/// client credentials together` found the token operation first.
#[tokio::test]
async fn docs_search_names_an_unknown_name_and_two_credentials_as_an_agent_says_them() {
    let server = start().await;
    for (query, first) in [
        ("tool not found", "errors/unknown_tool"),
        ("prompt not found", "errors/unknown_prompt"),
        ("method not found", "errors/unknown_method"),
        ("sent a token and client credentials together", "errors/ambiguous_credentials"),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let id = page["results"][0]["id"].as_str().unwrap_or_default().to_string();
            assert_eq!(id, first, "{name} {query}: {page}");
        }
    }
    let answer = tool(
        &server,
        "/mcp/docs",
        Era::Modern,
        "search",
        json!({ "query": "how do I detect drift" }),
    )
    .await;
    let text = answer["content"][0]["text"].as_str().expect("text");
    let page: Value = serde_json::from_str(text).expect("JSON");
    assert_eq!(page["results"][0]["id"], "guides/detect-data-and-concept-drift", "{page}");
}

/// An agent's question by what its client printed, read as the API writes it. A status the
/// query names is not a limit a code's meaning states: `error 500` found `question_too_long`
/// ("longer than 500 characters") first, and the API sends no 500, so the error-code reference
/// is the answer (`500 characters` still finds the code). An error code goes by the headers its
/// meaning names: `which content types are accepted` found A2A's `content_type_not_supported`
/// before `unsupported_media_type`, which is about the `Content-Type` header. A query that
/// reports a failure ("rejected", "wrong") asks for the error code whose title and meaning say
/// the rest of it: `json body rejected` found `POST /ask` ("a JSON body") first, while `batch
/// request format` still finds the batch operation. And a code pasted as written
/// (`invalid_body`) is that code, before the reference whose description holds the other words.
#[tokio::test]
async fn docs_search_reads_a_status_a_header_and_a_code_as_an_agents_client_prints_them() {
    let server = start().await;
    let both = ["search", "search_api_docs"];
    for (query, first, names) in [
        ("error 500", "docs/errors", &both[..]),
        ("500 characters", "errors/question_too_long", &both[..]),
        ("which content types are accepted", "errors/unsupported_media_type", &both[..]),
        ("wrong content type", "errors/unsupported_media_type", &both[1..]),
        ("json body rejected", "errors/invalid_json", &both[..]),
        ("wrong a2a version", "errors/version_not_supported", &both[..]),
        ("what does error code invalid_body mean", "errors/invalid_body", &both[..]),
        ("cors headers", "docs/api", &both[..]),
        ("batch request format", "operations/batch", &both[..]),
        ("weird error", "docs/errors", &both[1..]),
    ] {
        for name in names {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            assert_eq!(page["results"][0]["id"], first, "{name} {query}: {page}");
        }
    }
}

/// An agent asks as a person does: "get" before an article or a number is the everyday verb,
/// not the HTTP method every `GET` operation's title holds (`how do I get the next page` found
/// the export operation, "GET /v1/export", before the API overview's paging section); a status
/// an operation only lists among its responses is not what it explains (`how do I get a 304`
/// found three `GET` operations before the pages that say how to get one); and an error
/// code's meaning says the words an agent reports it with (`cursor expired`: a cursor "does
/// not expire"; `get task returns not found`: `GetTask` returns `task_not_found`).
#[tokio::test]
async fn docs_search_reads_a_verb_a_listed_status_and_a_codes_own_words_as_an_agent_asks() {
    let server = start().await;
    let both = ["search", "search_api_docs"];
    for (query, first, names) in [
        ("how do I get the next page", "docs/api", &both[..]),
        ("cursor expired", "errors/invalid_cursor", &both[..]),
        ("get task returns not found", "errors/task_not_found", &both[..]),
        ("GET /v1/export", "operations/exportAll", &both[..]),
        ("get task", "errors/task_not_found", &both[..]),
        ("getting 415", "errors/unsupported_media_type", &both[..]),
    ] {
        for name in names {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            assert_eq!(page["results"][0]["id"], first, "{name} {query}: {page}");
        }
    }
    // Both pages say how to get a 304 (send the `ETag` back in `If-None-Match`), and no
    // operation, which only lists it, comes first; the verb still matches the page that says
    // it ("getting a ... token") or the token operation.
    for (query, firsts) in [
        ("how do I get a 304", ["docs/api", "docs/authentication"]),
        ("how do I get an access token", ["operations/issueToken", "docs/authentication"]),
    ] {
        for name in both {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let first = page["results"][0]["id"].as_str().unwrap_or_default();
            assert!(firsts.contains(&first), "{name} {query}: {page}");
        }
    }
    // A guide question with the verb still finds guides.
    let answer = tool(
        &server,
        "/mcp/docs",
        Era::Modern,
        "search",
        json!({ "query": "how to get a data team started" }),
    )
    .await;
    let text = answer["content"][0]["text"].as_str().expect("text");
    let page: Value = serde_json::from_str(text).expect("JSON");
    let ids: Vec<&str> = page["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .take(3)
        .collect();
    assert!(ids.iter().all(|id| id.starts_with("guides/")), "{ids:?}");
}

/// A developer's question of the API's docs, read for what it names. A word every error
/// code's title holds ("error", "code") is not what one code is about: `list of all error codes`
/// found `service_not_found` before the reference that lists them. The reference's table holds
/// every code's meaning, so it holds no more of a query than its best code: `how many earlier
/// turns can ask take` found it before `too_many_turns`. A code written with an underscore that
/// no record is named by is the record that writes it (`invalid_client`, an OAuth error, found
/// the client registration operation). An operation is about what its query parameters ask:
/// `stream the answer from ask` found `not_acceptable` before `GET /ask` and its `streaming`.
/// And a failure reported counts for no guide beside the code that says the rest: `wrong
/// content type` on `search` listed guides that say "wrong" first.
#[tokio::test]
async fn docs_search_reads_a_developers_question_for_what_it_names() {
    let server = start().await;
    let both = ["search", "search_api_docs"];
    let first_ids = |page: &Value| -> Vec<String> {
        page["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter_map(|r| r["id"].as_str().map(str::to_string))
            .collect()
    };
    for (query, firsts, names) in [
        ("list of all error codes", &["docs/errors"][..], &both[..]),
        (
            "what does invalid_client mean",
            &["docs/authentication", "operations/issueToken"][..],
            &both[..],
        ),
        ("how many earlier turns can ask take", &["errors/too_many_turns"][..], &both[1..]),
        ("stream the answer from ask", &["operations/ask", "docs/agents"][..], &both[..]),
        ("wrong content type", &["errors/unsupported_media_type"][..], &both[..]),
        // As before: a code as written is its record, and a listed code still leads.
        ("what does error code invalid_body mean", &["errors/invalid_body"][..], &both[..]),
        ("error codes", &["docs/errors"][..], &both[..]),
    ] {
        for name in names {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let ids = first_ids(&page);
            let first = ids.first().map(String::as_str).unwrap_or_default();
            assert!(firsts.contains(&first), "{name} {query}: {ids:?}");
        }
    }
    // A name with a capital inside is not a code as written, and a guide question that says
    // "wrong" finds guides.
    for query in ["is it safe to let staff use ChatGPT", "reports are wrong"] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let ids = first_ids(&page);
        assert!(ids.iter().take(3).all(|id| id.starts_with("guides/")), "{query}: {ids:?}");
    }
}

/// The error-code reference holds every code's meaning in one table, so it counts as holding
/// what one row and its own title and description hold together, not their sum: `a2a send
/// message example` found it (its description says the A2A agent "sends" codes; one row says
/// "A2A" and "message") before the agents page, and `duplicate key in json` before
/// `duplicate_member`. And the agents page's description says what a markdown twin is in the
/// words a developer asks by: `markdown version of a page` found the API overview (its
/// "versioning" and "page size") first.
#[tokio::test]
async fn docs_search_counts_the_error_reference_as_one_row_and_its_description() {
    let server = start().await;
    let first_ids = |page: &Value| -> Vec<String> {
        page["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter_map(|r| r["id"].as_str().map(str::to_string))
            .collect()
    };
    for (query, firsts) in [
        ("a2a send message example", &["docs/agents", "operations/a2a"][..]),
        ("duplicate key in json", &["errors/duplicate_member"][..]),
        ("markdown version of a page", &["docs/agents"][..]),
        // As before: the reference leads what it is about, and a code what its row says.
        ("list of all error codes", &["docs/errors"][..]),
        ("error codes", &["docs/errors"][..]),
        ("what does error code invalid_body mean", &["errors/invalid_body"][..]),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let ids = first_ids(&page);
            let first = ids.first().map(String::as_str).unwrap_or_default();
            assert!(firsts.contains(&first), "{name} {query}: {ids:?}");
        }
    }
    // The code whose meaning says the query (form data included) is no longer behind it.
    let answer = tool(
        &server,
        "/mcp/docs",
        Era::Modern,
        "search_api_docs",
        json!({ "query": "send form data instead of json" }),
    )
    .await;
    let text = answer["content"][0]["text"].as_str().expect("text");
    let ids = first_ids(&serde_json::from_str(text).expect("JSON"));
    assert!(
        ids.iter().take(2).any(|id| id == "errors/unsupported_media_type"),
        "form data: {ids:?}"
    );
}

/// An error code's meaning says what a developer sees in the words they report it by, not only
/// in the API's own: `duplicate_parameter` said "more than once", and `same parameter sent
/// twice` listed `POST /ask` (whose long text says "same", "parameter" and "sent") first and
/// the code nowhere in the first three; `invalid_cursor` named the query parameter `q` alone,
/// and `reused a cursor with a different query` found `GET /v1/resources` first.
#[tokio::test]
async fn docs_search_finds_an_error_code_by_what_the_developer_did() {
    let server = start().await;
    for (query, first) in [
        ("same parameter sent twice", "errors/duplicate_parameter"),
        ("reused a cursor with a different query", "errors/invalid_cursor"),
        // As before.
        ("same parameter given twice", "errors/duplicate_parameter"),
        ("duplicate key in json", "errors/duplicate_member"),
    ] {
        for name in ["search", "search_api_docs"] {
            let answer =
                tool(&server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
            assert_eq!(answer["isError"], false, "{answer}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            let page: Value = serde_json::from_str(text).expect("JSON");
            let ids: Vec<&str> = page["results"]
                .as_array()
                .expect("results")
                .iter()
                .filter_map(|r| r["id"].as_str())
                .collect();
            assert_eq!(ids.first(), Some(&first), "{name} {query}: {ids:?}");
        }
    }
}

/// Words an API title or a documentation page's heading says one after another, as the
/// question says them, are the API's own, though a guide's title holds one of them in another
/// sense: `how many requests can I make` is "Too Many Requests" (a guide on erasure requests
/// holds "requests"), `whats the biggest page size` the API overview's "the page size" (a guide
/// on chunk sizes holds "sizes"), `ask a question in plain english` "Ask a question in plain
/// language". Each listed guides first on the docs server's `search`, which read none as a
/// question of the API's. And among documents tied on the rest, the title that says more of
/// such a question comes first: `rate_limited` before a guide on LLM latency whose
/// description says "many" and "requests". A question of guides that says "too many" stays
/// one.
#[tokio::test]
async fn docs_search_reads_words_an_api_title_says_in_a_row_as_the_apis() {
    let server = start().await;
    for (query, first) in [
        ("how many requests can I make", "errors/rate_limited"),
        ("whats the biggest page size", "docs/api"),
        ("ask a question in plain english", "operations/ask"),
        // As before.
        ("we have far too many dashboards", "guides/funding-models-data-teams"),
        ("page size", "docs/api"),
    ] {
        let answer =
            tool(&server, "/mcp/docs", Era::Modern, "search", json!({ "query": query })).await;
        assert_eq!(answer["isError"], false, "{answer}");
        let text = answer["content"][0]["text"].as_str().expect("text");
        let page: Value = serde_json::from_str(text).expect("JSON");
        let ids: Vec<&str> = page["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter_map(|r| r["id"].as_str())
            .collect();
        assert_eq!(ids.first(), Some(&first), "{query}: {ids:?}");
    }
}

/// The first three ids a docs server tool lists for `query`.
async fn docs_ids(server: &TestServer, name: &str, query: &str) -> Vec<String> {
    let answer = tool(server, "/mcp/docs", Era::Modern, name, json!({ "query": query })).await;
    assert_eq!(answer["isError"], false, "{answer}");
    let text = answer["content"][0]["text"].as_str().expect("text");
    let page: Value = serde_json::from_str(text).expect("JSON");
    page["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter_map(|r| r["id"].as_str().map(str::to_string))
        .collect()
}

/// A documentation page found by what a developer calls what it documents, on both of the
/// docs server's tools. The API overview said "the API origin", "paging" and "code generators"
/// and named the sandbox only in its last paragraph, so `what is the base url` found the agent
/// card first on `search_api_docs` and guides alone on `search`, `pagination` (and its
/// misspellings) a guide on batch ingestion first on `search`, `sandbox` guides on self-service
/// BI, and `is there an sdk` nothing at all; the export operation said "the whole dataset",
/// so `download all the data` found the overview or a guide on AI security first.
#[tokio::test]
async fn docs_search_finds_a_page_by_what_a_developer_calls_it() {
    let server = start().await;
    for (query, first) in [
        ("what is the base url", "docs/api"),
        ("api base url", "docs/api"),
        ("pagination", "docs/api"),
        ("paginaton with a cursor", "docs/api"),
        ("how to paginate", "docs/api"),
        ("is there a sandbox", "docs/api"),
        ("is there an sdk", "docs/api"),
        ("download all the data", "operations/exportAll"),
        ("export all data", "operations/exportAll"),
        // As before.
        ("pagination cursor", "docs/api"),
        ("X-Sandbox header", "docs/api"),
        ("get the whole dataset", "operations/exportAll"),
        ("bulk download", "operations/exportAll"),
    ] {
        for name in ["search", "search_api_docs"] {
            let ids = docs_ids(&server, name, query).await;
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
}

/// A limit asked for as "<what> limit" finds the error code that states it: the request
/// timeout's, the earlier turns' and the header size's sentences said "maximum", not "limit",
/// so `timeout limit` found `POST /v1/ai-readiness/score` (whose responses say both words)
/// first and `request_timeout` nowhere in the first three, `turns limit` found
/// `question_too_long` and `header size limit` a guide on chunk sizes. And the agents page,
/// which `connection limit` finds first (its headings say "Connecting" and "Limits"), states
/// the connection limit with its number; it gave only the rate limit.
#[tokio::test]
async fn docs_search_finds_a_limit_asked_for_by_its_name() {
    use consultancy_api::limits::MAX_CONNECTIONS_PER_IP_DEFAULT;
    let server = start().await;
    for (query, first) in [
        ("timeout limit", "errors/request_timeout"),
        ("request timeout limit", "errors/request_timeout"),
        ("how long can a request body take", "errors/request_timeout"),
        ("turns limit", "errors/too_many_turns"),
        ("header size limit", "errors/header_fields_too_large"),
        // As before.
        ("request size limit", "errors/payload_too_large"),
        ("body size limit", "errors/payload_too_large"),
        ("maximum batch size", "errors/batch_too_large"),
        ("max connections", "errors/too_many_connections"),
        ("connection limit", "docs/agents"),
    ] {
        for name in ["search", "search_api_docs"] {
            let ids = docs_ids(&server, name, query).await;
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
    let agents = server.get("/docs/agents/index.md").await.text;
    let limit = format!("connection limit is {MAX_CONNECTIONS_PER_IP_DEFAULT} open connections");
    assert!(agents.contains(&limit), "the agents page lacks {limit:?}");
}

/// What a developer's client printed, or what they call a thing, found where the API overview
/// now says it, on both of the docs server's tools: a JSON parser's error on an empty body or
/// on HTML (`unexpected end of JSON input` found `GET /ask` first, `Unexpected token <` the
/// error-code reference, and no page said what either means), how long results are cached (no
/// page said; guides on slow dashboards first on `search`) and a client library (the overview
/// said "SDK (client library)" in its text alone, and the guide library's search operation,
/// whose title says "library", came first).
#[tokio::test]
async fn docs_search_finds_what_a_client_printed_in_the_api_overview() {
    let server = start().await;
    for query in [
        "unexpected end of JSON input",
        "unexpected end of json",
        "SyntaxError: Unexpected token < in JSON at position 0",
        "JSONDecodeError: Expecting value",
        "how long are results cached",
        "how long are search results cached",
        "cached results",
        "is there a client library",
        "client library",
        "is there a python client",
        // As before.
        "is there an sdk",
        "caching",
        "browser blocked by cors",
        "X-Sandbox header",
    ] {
        for name in ["search", "search_api_docs"] {
            let ids = docs_ids(&server, name, query).await;
            assert_eq!(
                ids.first().map(String::as_str),
                Some("docs/api"),
                "{name} {query}: {ids:?}"
            );
        }
    }
}

/// A word the API documentation writes whole and the guide library does not is read whole on
/// the docs server, not as two of the library's words typed without a space: `preflight` was
/// "pre" and "flight" (the guides say "pre-join" and "in-flight"), so `preflight request` found
/// `GET /healthz` on `search_api_docs` and guides on `search` before the API overview, which
/// says what a browser's preflight request gets. A joined word no document of the API writes
/// is split as before (`featurestore` finds the feature store guide).
#[tokio::test]
async fn docs_search_reads_a_word_the_api_writes_whole_as_one() {
    let server = start().await;
    for query in [
        "preflight",
        "preflight request",
        "cors preflight",
        "preflight failed",
        "Response to preflight request doesn't pass access control check",
        // As before.
        "\"preflight\" request",
    ] {
        for name in ["search", "search_api_docs"] {
            let ids = docs_ids(&server, name, query).await;
            assert_eq!(
                ids.first().map(String::as_str),
                Some("docs/api"),
                "{name} {query}: {ids:?}"
            );
        }
    }
    let ids = docs_ids(&server, "search", "featurestore").await;
    assert_eq!(
        ids.first().map(String::as_str),
        Some("guides/do-you-need-a-feature-store"),
        "{ids:?}"
    );
}

/// A header asked for by the name other APIs give it finds the API overview, which says what
/// the API sends instead, on both of the docs server's tools: `X-RateLimit-Remaining` found
/// nothing on `search_api_docs` and guides on `search` (the API sends the IETF's `RateLimit`
/// and `RateLimit-Policy`, and no page named the `X-` headers), `X-RateLimit-Limit` the error
/// code `invalid_limit`, `x-ratelimit-reset header` `header_mismatch`; and a request ID to
/// quote to support (`X-Request-Id`, a correlation ID), which the API does not have, found
/// `task_not_found` or `POST /oauth/register`.
#[tokio::test]
async fn docs_search_finds_a_header_by_the_name_other_apis_give_it() {
    let server = start().await;
    for query in [
        "X-RateLimit-Remaining",
        "X-RateLimit-Limit",
        "x-ratelimit-reset header",
        "X-Request-Id",
        "request id header for support",
        "correlation id",
        // As before.
        "rate limit headers",
        "RateLimit-Policy",
    ] {
        for name in ["search", "search_api_docs"] {
            let ids = docs_ids(&server, name, query).await;
            assert_eq!(
                ids.first().map(String::as_str),
                Some("docs/api"),
                "{name} {query}: {ids:?}"
            );
        }
    }
}

/// The product server documents no part of the API, and its `search` answers a question about
/// the API with no results (`what rate limit headers do you send`, `invalid_cursor`), by
/// design. (`is there a sandbox` was asked here until CI's sandbox flavour listed the services
/// for it; a question no page of either flavour answers is asked instead.) A stranger
/// connected to it alone was told nowhere that the docs server exists: its instructions named
/// the REST API's origin, and its `search` described only what it holds. Both now name the
/// docs MCP server with its address.
#[tokio::test]
async fn product_server_points_api_questions_at_the_docs_server() {
    use consultancy_api::tables::AGENT_URL;
    let server = start().await;
    let docs = format!("docs MCP server, {AGENT_URL}/mcp/docs");
    let tools = tool_list(&server, "/mcp", Era::Modern).await;
    let search = tools.iter().find(|t| t["name"] == "search").expect("search listed");
    let description = search["description"].as_str().expect("description");
    assert!(description.contains(&docs), "{description}");
    let init = result(
        &server,
        "/mcp",
        Era::Legacy(super::LEGACY[0]),
        "initialize",
        json!({
            "protocolVersion": super::LEGACY[0], "capabilities": {},
            "clientInfo": { "name": "t", "version": "1" },
        }),
    )
    .await;
    let instructions = init["instructions"].as_str().expect("instructions");
    assert!(instructions.contains(&docs), "{instructions}");
    // As before: the product server's search lists nothing for them.
    for query in ["what rate limit headers do you send", "invalid_cursor"] {
        let answer = tool(&server, "/mcp", Era::Modern, "search", json!({ "query": query })).await;
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        assert_eq!(found["results"], json!([]), "{query}");
    }
}

/// The build's origin is no word of a page: pages link each other by absolute URL, and the
/// origin's words were terms of every page that links one, so the product server's `search`
/// for `8080` (the default origin's port) listed every service, and the sandbox build's for
/// `is there a sandbox` (its host) did too. A link's path stays searchable.
#[tokio::test]
async fn the_origin_of_a_link_is_no_word_of_a_page() {
    let server = start().await;
    for query in ["8080", "127.0.0.1"] {
        let answer = tool(&server, "/mcp", Era::Modern, "search", json!({ "query": query })).await;
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        assert_eq!(found["results"], json!([]), "{query}");
    }
}

/// An agent asked which service fits a retailer wanting demand forecasts searches the product
/// server with the retailer's words: the retail industry page comes first, and the first
/// service is the one that builds forecasts, machine learning engineering. The data literacy
/// service (which says "a retailer's buying team", "forecasts" and links the hospital's
/// "demand forecasting" case study) was the first service, and machine learning engineering,
/// whose page did not say "retailer", the second, after an industry.
#[tokio::test]
async fn product_search_finds_the_forecasting_service_for_a_retailer() {
    let server = start().await;
    for query in ["retailer demand forecasts", "demand forecasting for a retailer"] {
        let answer = tool(&server, "/mcp", Era::Modern, "search", json!({ "query": query })).await;
        let text = answer["content"][0]["text"].as_str().expect("text");
        let found: Value = serde_json::from_str(text).expect("JSON");
        let ids: Vec<&str> = found["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|r| r["id"].as_str().expect("id"))
            .collect();
        assert_eq!(ids.first(), Some(&"industries/retail-and-ecommerce"), "{query}: {ids:?}");
        let first_service = ids.iter().find(|id| id.starts_with("services/"));
        assert_eq!(
            first_service,
            Some(&"services/machine-learning-engineering"),
            "{query}: {ids:?}"
        );
    }
    // `/ask` cites it first too.
    let ask = server.get("/ask?query=which+service+fits+a+retailer+wanting+demand+forecasts").await;
    let url = ask.json()["content"][1]["resource"]["data"]["url"].as_str().map(str::to_string);
    assert!(url.is_some_and(|u| u.ends_with("/services/machine-learning-engineering/")));
}

/// `score_assessment`'s `answers` as a string holding the list ("[2,1,3,...]", "2, 1, 3, ...")
/// is scored as the array it spells, as the A2A agent scores a list typed as text and as
/// `limit` is read from digits in a string; a string that is no list, or a list the core
/// refuses, gets the array's refusal word for word.
#[tokio::test]
async fn score_assessment_reads_answers_given_as_a_string_list() {
    let server = start().await;
    let answers = [2, 1, 3, 0, 4, 2, 2, 1, 3, 3, 0, 1, 4, 2, 2, 1];
    let body = json!({ "answers": answers });
    let scored = server.post_json("/v1/ai-readiness/score", &body.to_string()).await;
    assert_eq!(scored.status, 200);
    let listed: Vec<String> = answers.iter().map(ToString::to_string).collect();
    for typed in [format!("[{}]", listed.join(",")), listed.join(", "), listed.join(" ")] {
        let text =
            structured(&server, "/mcp", "score_assessment", json!({ "answers": typed })).await;
        assert_eq!(text, scored.text, "{typed}");
    }
    let refusal = |body: Value| {
        let server = &server;
        async move {
            server.post_json("/v1/ai-readiness/score", &body.to_string()).await.json()["error"]["message"]
                .as_str()
                .expect("message")
                .to_string()
        }
    };
    for (typed, as_json) in [
        ("1, 2", json!({ "answers": [1, 2] })),
        ("[9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9]", json!({ "answers": vec![9; N_QUESTIONS] })),
        ("three", json!({ "answers": "three" })),
        ("", json!({ "answers": "" })),
        // One run of digits, as the site's result links write the answers (`a=` and 16
        // digits), is no list: it was read as a list of one number, "answers has 1 item".
        ("2222333344441111", json!({ "answers": "2222333344441111" })),
        ("[213042213301422]", json!({ "answers": "[213042213301422]" })),
    ] {
        let message = refusal(as_json).await;
        for era in Era::ALL {
            let answer =
                tool(&server, "/mcp", era, "score_assessment", json!({ "answers": typed })).await;
            assert_eq!(answer["isError"], true, "{typed:?}: {answer}");
            assert_eq!(answer["content"][0]["text"], message.as_str(), "{typed:?}");
        }
    }
}

/// A tool, a `fetch` id or a resource URI of the other server is answered with where it is:
/// an agent connected to one server (the Inspector's CLI silently talks to `/mcp` whatever
/// path it is given) was told only "unknown tool `search_guides`" or "no document has the id
/// `services/mlops` on this server", which reads as "it does not exist". The codes stay the
/// same (`unknown_tool`, `not_found`, `unknown_resource`); what the other server has not got
/// either keeps its plain message.
#[tokio::test]
async fn what_the_other_server_has_is_pointed_to() {
    use consultancy_api::tables::{AGENT_URL, SITE_URL};
    let server = start().await;
    let docs = format!("the docs MCP server, {AGENT_URL}/mcp/docs");
    let product = format!("the product MCP server, {AGENT_URL}/mcp");
    for era in Era::ALL {
        // Tools of the other server.
        for (path, name, other) in [
            ("/mcp", "search_guides", &docs),
            ("/mcp", "get_guide", &docs),
            ("/mcp/docs", "get_service", &product),
            ("/mcp/docs", "score_assessment", &product),
        ] {
            let response = call(&server, path, era, "tools/call", json!({ "name": name })).await;
            let status = if era.is_modern() { 400 } else { 200 };
            let body = rpc_error(&response, path, status, -32602, "unknown_tool");
            let message = body["error"]["message"].as_str().expect("message");
            assert!(
                message.contains(&format!("`{name}` is a tool of {other}")),
                "{path} {name} {era:?}: {message}"
            );
        }
        // A name neither server has keeps the plain message.
        let response =
            call(&server, "/mcp", era, "tools/call", json!({ "name": "no_such_tool" })).await;
        let status = if era.is_modern() { 400 } else { 200 };
        let body = rpc_error(&response, "/mcp", status, -32602, "unknown_tool");
        assert_eq!(
            body["error"]["message"],
            "unknown tool `no_such_tool`; tools/list lists this server's tools"
        );

        // fetch ids and URLs of the other server's documents.
        let guide = "guides/data-quality-dimensions-and-thresholds";
        let guide_url = format!("{SITE_URL}/{guide}/");
        for (path, id, other) in [
            ("/mcp", guide, &docs),
            ("/mcp", guide_url.as_str(), &docs),
            ("/mcp", "errors/not_found", &docs),
            ("/mcp/docs", "services/mlops", &product),
            ("/mcp/docs", "case-studies/insurer-claims-triage", &product),
        ] {
            let answer = tool(&server, path, era, "fetch", json!({ "id": id })).await;
            assert_eq!(answer["isError"], true, "{path} {id}");
            let text = answer["content"][0]["text"].as_str().expect("text");
            assert!(
                text.contains(&format!("is a document of {other}: call its fetch")),
                "{path} {id} {era:?}: {text}"
            );
            assert_names_no_rest_path(text);
        }

        // Resources of the other server.
        for (path, uri, other) in [
            ("/mcp", format!("{SITE_URL}/{guide}/index.md"), &docs),
            ("/mcp/docs", format!("{SITE_URL}/services/mlops/index.md"), &product),
        ] {
            let response =
                call(&server, path, era, "resources/read", json!({ "uri": uri.clone() })).await;
            let (status, code) = if era.is_modern() { (400, -32602) } else { (200, -32002) };
            let body = rpc_error(&response, path, status, code, "unknown_resource");
            let message = body["error"]["message"].as_str().expect("message");
            assert!(
                message.contains(&format!("is a resource of {other}")),
                "{path} {uri} {era:?}: {message}"
            );
        }
    }
}

/// What a documentation page says it is about, its description, names each thing it documents
/// in the words a developer asks with: the agents page's named the MCP servers but not the A2A
/// agent or `/ask`, its sections "Talking to the A2A agent" and "Asking in plain language", so
/// `how do I call the a2a agent` found `payload_too_large` first (its meaning lists the A2A
/// agent's body size and says "calls"); the API overview's said "caching with If-None-Match",
/// so `are responses cached` and `how long can I cache responses` found guides on LLM
/// latency first on `search`.
#[tokio::test]
async fn docs_search_finds_what_a_page_says_it_documents() {
    let server = start().await;
    for (query, first) in [
        ("how do I call the a2a agent", "docs/agents"),
        ("how long can I cache responses", "docs/api"),
        ("are responses cached", "docs/api"),
        // As before.
        ("how do I talk to the a2a agent", "docs/agents"),
        ("how long are results cached", "docs/api"),
    ] {
        for name in ["search", "search_api_docs"] {
            let ids = docs_ids(&server, name, query).await;
            assert_eq!(ids.first().map(String::as_str), Some(first), "{name} {query}: {ids:?}");
        }
    }
}

/// `search_api_docs` answers a query about a subject the guide library covers and the API
/// documentation does not with nothing: `data governance` listed `unsupported_media_type`,
/// `unsupported_protocol_version` and the export, which say "data" of a JSON-RPC error's
/// `data` member. A word of the asker's phrasing that no guide's title holds (`got a 401`) is
/// no subject, and the docs server's `search` still finds the guides.
#[tokio::test]
async fn api_docs_search_lists_nothing_for_a_subject_only_the_guides_cover() {
    let server = start().await;
    for query in ["data governance", "churn model", "feature store"] {
        let ids = docs_ids(&server, "search_api_docs", query).await;
        assert!(ids.is_empty(), "{query}: {ids:?}");
        let ids = docs_ids(&server, "search", query).await;
        assert!(ids.first().is_some_and(|id| id.starts_with("guides/")), "{query}: {ids:?}");
    }
    for (query, first) in [
        ("got a 401", "errors/missing_token"),
        ("rate limit", "errors/rate_limited"),
        ("is there a sandbox", "docs/api"),
    ] {
        let ids = docs_ids(&server, "search_api_docs", query).await;
        assert_eq!(ids.first().map(String::as_str), Some(first), "{query}: {ids:?}");
    }
}
