//! The MCP servers over raw HTTP: the handshakes, and every error case of both eras with the
//! JSON-RPC code and HTTP status its revision prescribes.

use consultancy_api::limits::{BATCH_MAX_ITEMS, MCP_BODY_MAX};
use serde_json::{Value, json};

use super::{Era, LEGACY, MODERN, call, meta, post, request, result, rpc_error, tool};
use crate::support::{Setup, start, start_with};

const PATHS: [&str; 2] = ["/mcp", "/mcp/docs"];

fn initialize_body(version: &str) -> String {
    json!({
        "jsonrpc": "2.0",
        "id": "init",
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": { "name": "raw", "version": "1" },
        },
    })
    .to_string()
}

fn plain_headers() -> Vec<(String, String)> {
    vec![
        ("content-type".into(), "application/json".into()),
        ("accept".into(), "application/json, text/event-stream".into()),
    ]
}

#[tokio::test]
async fn initialize_negotiates_each_legacy_revision_and_mints_no_session() {
    let server = start().await;
    for path in PATHS {
        for version in LEGACY {
            let response = post(&server, path, &plain_headers(), &initialize_body(version)).await;
            assert!(response.header("mcp-session-id").is_none(), "stateless: no session id");
            let body = response.conforms("POST", path, 200);
            assert_eq!(body["id"], "init");
            let result = &body["result"];
            assert_eq!(result["protocolVersion"], version, "{path} echoes {version}");
            assert!(result["capabilities"]["tools"].is_object());
            assert!(result["capabilities"]["resources"].is_object());
            assert!(result["capabilities"]["prompts"].is_object());
            assert!(result["instructions"].as_str().is_some_and(|i| i.len() > 100));
            let info = &result["serverInfo"];
            assert!(info["name"].as_str().is_some_and(|n| n.contains('/')));
            assert_eq!(info["version"], "1.1.0");
            // Implementation grew fields over the revisions.
            assert_eq!(info["title"].is_string(), version != "2025-03-26", "{version}: {info}");
            assert_eq!(
                info["description"].is_string(),
                version == "2025-11-25",
                "{version}: {info}"
            );
            assert!(result.get("resultType").is_none(), "legacy results have no resultType");
        }
        // A revision we do not speak gets our newest legacy one; the client decides.
        for proposed in ["2024-11-05", MODERN, "1999-01-01"] {
            let response = post(&server, path, &plain_headers(), &initialize_body(proposed)).await;
            let body = response.conforms("POST", path, 200);
            assert_eq!(body["result"]["protocolVersion"], "2025-11-25", "{proposed}");
        }
        // The MCP-Protocol-Version header never changes what initialize is.
        let mut headers = plain_headers();
        headers.push(("mcp-protocol-version".into(), MODERN.into()));
        let response = post(&server, path, &headers, &initialize_body("2025-06-18")).await;
        assert_eq!(response.json()["result"]["protocolVersion"], "2025-06-18");
    }
}

#[tokio::test]
async fn initialize_params_are_checked() {
    let server = start().await;
    for params in [
        json!(null),
        json!({}),
        json!({ "protocolVersion": 5 }),
        json!({ "protocolVersion": MODERN, "capabilities": [] }),
    ] {
        let mut body = json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize" });
        if !params.is_null() {
            body["params"] = params.clone();
        }
        let response = post(&server, "/mcp", &plain_headers(), &body.to_string()).await;
        // A well-formed legacy request with bad params: a JSON-RPC error in an HTTP 200.
        rpc_error(&response, "/mcp", 200, -32602, "invalid_params");
    }
}

#[tokio::test]
async fn notifications_and_client_responses_are_accepted_with_202_in_a_served_revision() {
    let server = start().await;
    for path in PATHS {
        for era in Era::ALL {
            let (_, headers) = request(era, "notifications/initialized", Value::Null);
            let body =
                json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }).to_string();
            let response = post(&server, path, &headers, &body).await;
            assert_eq!(response.status, 202, "{era:?}");
            assert!(response.text.is_empty());
            let cancelled = json!({ "jsonrpc": "2.0", "method": "notifications/cancelled", "params": { "requestId": 3 } });
            let response = post(&server, path, &headers, &cancelled.to_string()).await;
            assert_eq!(response.status, 202, "any notification is accepted");
        }
        // A legacy client may answer a server request; 2026-07-28 forbids client responses.
        let answer = json!({ "jsonrpc": "2.0", "id": 9, "result": {} }).to_string();
        let (_, legacy) = request(Era::Legacy(LEGACY[0]), "x", Value::Null);
        assert_eq!(post(&server, path, &legacy, &answer).await.status, 202);
        let (_, modern) = request(Era::Modern, "x", Value::Null);
        let response = post(&server, path, &modern, &answer).await;
        rpc_error(&response, path, 400, -32600, "invalid_request");
        // A revision we do not serve is refused whatever the message (MCP's transport rules).
        let note = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }).to_string();
        for body in [&note, &answer] {
            for version in ["1999-01-01", ""] {
                let mut headers = plain_headers();
                headers.push(("mcp-protocol-version".into(), version.into()));
                let response = post(&server, path, &headers, body).await;
                let refusal =
                    rpc_error(&response, path, 400, -32022, "unsupported_protocol_version");
                assert_eq!(refusal["error"]["data"]["requested"], version);
                assert_eq!(refusal["id"], Value::Null);
            }
        }
    }
}

#[tokio::test]
async fn discovery_is_modern_and_ping_works_in_both_eras() {
    let server = start().await;
    for path in PATHS {
        let discover = result(&server, path, Era::Modern, "server/discover", json!({})).await;
        assert_eq!(discover["supportedVersions"], json!([MODERN, LEGACY[0], LEGACY[1], LEGACY[2]]));
        assert_eq!(discover["ttlMs"], 300_000);
        assert_eq!(discover["cacheScope"], "public");
        assert!(discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"].is_string());
        for key in ["tools", "resources", "prompts"] {
            assert!(discover["capabilities"][key].is_object(), "{key}");
        }
        // server/discover does not exist before 2026-07-28.
        let response =
            call(&server, path, Era::Legacy(LEGACY[0]), "server/discover", json!({})).await;
        rpc_error(&response, path, 200, -32601, "unknown_method");
        for era in Era::ALL {
            let ping = result(&server, path, era, "ping", Value::Null).await;
            if era.is_modern() {
                assert!(ping["_meta"]["io.modelcontextprotocol/serverInfo"].is_object());
            } else {
                assert_eq!(ping, json!({}));
            }
        }
    }
}

#[tokio::test]
async fn other_methods_than_post_are_405_with_allow() {
    let server = start().await;
    for path in PATHS {
        for method in ["GET", "DELETE", "PUT", "PATCH"] {
            let response = server
                .client
                .request(
                    reqwest::Method::from_bytes(method.as_bytes()).expect("method"),
                    server.url(path),
                )
                .header("accept", "text/event-stream")
                .header("mcp-session-id", "abc")
                .send()
                .await
                .expect("request");
            let response = crate::support::Checked::read(response).await;
            assert_eq!(response.status, 405, "{method} {path}");
            assert_eq!(response.header("allow"), Some("POST, OPTIONS"));
            if method == "GET" || method == "DELETE" {
                // Not operations of the document (schemathesis checks that every method it
                // lists is served); the refusal is a JSON-RPC error all the same.
                let body = response.json();
                crate::support::validate_component("JsonRpcErrorResponse", &body);
                assert_eq!(body["id"], Value::Null);
                assert_eq!(body["error"]["data"]["code"], "method_not_allowed");
            }
        }
    }
}

#[tokio::test]
async fn malformed_json_and_envelopes_are_refused_in_both_eras() {
    let server = start().await;
    for path in PATHS {
        for era in Era::ALL {
            let (_, headers) = request(era, "ping", Value::Null);
            for bad_json in ["{", "", "{\"jsonrpc\":\"2.0\",", "nul"] {
                let response = post(&server, path, &headers, bad_json).await;
                let body = rpc_error(&response, path, 400, -32700, "invalid_json");
                assert_eq!(body["id"], Value::Null);
            }
            for (envelope, id) in [
                (json!(3), Value::Null),
                (json!("ping"), Value::Null),
                (json!({ "jsonrpc": "1.0", "id": 4, "method": "ping" }), json!(4)),
                (json!({ "jsonrpc": "2.0", "id": 4, "method": 12 }), json!(4)),
                (json!({ "jsonrpc": "2.0", "id": null, "method": "ping" }), Value::Null),
                (json!({ "jsonrpc": "2.0", "id": "x", "method": "ping", "params": 1 }), json!("x")),
                (json!({ "jsonrpc": "2.0", "id": 4 }), json!(4)),
            ] {
                let response = post(&server, path, &headers, &envelope.to_string()).await;
                let body = rpc_error(&response, path, 400, -32600, "invalid_request");
                assert_eq!(body["id"], id, "{envelope}");
            }
        }
    }
}

#[tokio::test]
async fn batches_are_served_in_2025_03_26_and_refused_after() {
    let server = start().await;
    let batch = json!([
        { "jsonrpc": "2.0", "id": 1, "method": "ping" },
        { "jsonrpc": "2.0", "method": "notifications/initialized" },
        { "jsonrpc": "2.0", "id": 2, "method": "tools/list" },
        { "jsonrpc": "2.0", "id": 3, "method": "no/such" },
        { "jsonrpc": "2.0", "id": 4, "method": "initialize", "params": { "protocolVersion": "2025-03-26" } },
    ])
    .to_string();
    // 2025-03-26: with its version header, or with none (that revision had no header).
    for headers in [request(Era::Legacy("2025-03-26"), "x", Value::Null).1, plain_headers()] {
        let response = post(&server, "/mcp", &headers, &batch).await;
        let body = response.conforms("POST", "/mcp", 200);
        let responses = body.as_array().expect("an array of responses");
        let ids: Vec<&Value> = responses.iter().map(|r| &r["id"]).collect();
        assert_eq!(ids, [&json!(1), &json!(2), &json!(3), &json!(4)], "the notification gets none");
        assert_eq!(responses[0]["result"], json!({}));
        assert!(responses[1]["result"]["tools"].is_array());
        assert_eq!(responses[2]["error"]["code"], -32601);
        assert_eq!(responses[3]["error"]["code"], -32600, "initialize may not be batched");
    }
    let notifications = json!([{ "jsonrpc": "2.0", "method": "notifications/initialized" }]);
    let response = post(&server, "/mcp", &plain_headers(), &notifications.to_string()).await;
    assert_eq!(response.status, 202, "a batch of notifications only");
    for era in [Era::Modern, Era::Legacy(LEGACY[0]), Era::Legacy(LEGACY[1])] {
        let (_, headers) = request(era, "ping", Value::Null);
        let response = post(&server, "/mcp", &headers, &batch).await;
        rpc_error(&response, "/mcp", 400, -32600, "invalid_request");
    }
    // A batch naming a revision this server does not serve is refused for that first, as a
    // single message is: -32022 with the versions served, not "batches are not part of MCP".
    for version in ["garbage", "2024-11-05"] {
        let mut headers = plain_headers();
        headers.push(("mcp-protocol-version".into(), version.into()));
        let response = post(&server, "/mcp", &headers, &batch).await;
        let error = rpc_error(&response, "/mcp", 400, -32022, "unsupported_protocol_version");
        assert_eq!(error["error"]["data"]["requested"], version);
    }
    let (_, headers) = request(Era::Legacy("2025-03-26"), "x", Value::Null);
    let too_many: Vec<Value> = (0..=BATCH_MAX_ITEMS)
        .map(|n| json!({ "jsonrpc": "2.0", "id": n, "method": "ping" }))
        .collect();
    for items in [json!([]), Value::Array(too_many)] {
        let response = post(&server, "/mcp", &headers, &items.to_string()).await;
        rpc_error(&response, "/mcp", 400, -32600, "invalid_request");
    }
}

#[tokio::test]
async fn unknown_methods_are_404_in_2026_07_28_and_200_before() {
    let server = start().await;
    for path in PATHS {
        for era in Era::ALL {
            for method in [
                "no/such",
                "completion/complete",
                "logging/setLevel",
                "resources/subscribe",
                "subscriptions/listen",
            ] {
                let response = call(&server, path, era, method, json!({})).await;
                let status = if era.is_modern() { 404 } else { 200 };
                rpc_error(&response, path, status, -32601, "unknown_method");
            }
        }
    }
}

#[tokio::test]
async fn bad_params_and_unknown_names_are_invalid_params() {
    let server = start().await;
    for era in Era::ALL {
        let status = if era.is_modern() { 400 } else { 200 };
        let cases: Vec<(&str, &str, Value, &str)> = vec![
            ("/mcp", "tools/call", json!({ "name": "no_such_tool" }), "unknown_tool"),
            ("/mcp", "tools/call", json!({ "name": "search_guides" }), "unknown_tool"),
            ("/mcp/docs", "tools/call", json!({ "name": "list_services" }), "unknown_tool"),
            ("/mcp", "tools/call", json!({ "arguments": {} }), "invalid_params"),
            (
                "/mcp",
                "tools/call",
                json!({ "name": "list_services", "arguments": [] }),
                "invalid_params",
            ),
            ("/mcp", "prompts/get", json!({ "name": "no_such_prompt" }), "unknown_prompt"),
            (
                "/mcp/docs",
                "prompts/get",
                json!({ "name": "readiness_interview" }),
                "unknown_prompt",
            ),
            // A required prompt argument missing is `unknown_prompt`, as the error table
            // says; it was `invalid_params`.
            ("/mcp/docs", "prompts/get", json!({ "name": "answer_from_guides" }), "unknown_prompt"),
            (
                "/mcp/docs",
                "prompts/get",
                json!({ "name": "answer_from_guides", "arguments": { "question": "  " } }),
                "unknown_prompt",
            ),
            (
                "/mcp/docs",
                "prompts/get",
                json!({ "name": "answer_from_guides", "arguments": { "question": 3 } }),
                "invalid_params",
            ),
            (
                "/mcp/docs",
                "prompts/get",
                json!({ "name": "answer_from_guides", "arguments": { "question": "x", "other": "y" } }),
                "invalid_params",
            ),
            ("/mcp", "resources/read", json!({}), "invalid_params"),
            ("/mcp", "tools/list", json!({ "cursor": "page-9" }), "invalid_params"),
            ("/mcp", "tools/list", json!({ "cursor": 3 }), "invalid_params"),
            ("/mcp/docs", "resources/list", json!({ "cursor": "not-ours" }), "invalid_params"),
            ("/mcp/docs", "prompts/list", json!({ "cursor": "x" }), "invalid_params"),
        ];
        for (path, method, params, stable) in cases {
            let response = call(&server, path, era, method, params.clone()).await;
            rpc_error(&response, path, status, -32602, stable);
        }
    }
    // params that are not an object (JSON-RPC allows arrays; MCP methods take objects).
    for era in [Era::Legacy(LEGACY[0]), Era::Legacy(LEGACY[2])] {
        let (_, headers) = request(era, "tools/list", Value::Null);
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": [1] });
        let response = post(&server, "/mcp", &headers, &body.to_string()).await;
        rpc_error(&response, "/mcp", 200, -32602, "invalid_params");
    }
    // A tool's or prompt's name of the wrong type is named as such: "needs the tool's `name`"
    // had the client look for a member it sent.
    for (method, name, says) in [
        ("tools/call", json!(5), "the tool's `name` must be a string, not a number"),
        ("prompts/get", json!(["x"]), "the prompt's `name` must be a string, not an array"),
        ("tools/call", json!(null), "tools/call needs the tool's `name`"),
    ] {
        let era = Era::Legacy(LEGACY[0]);
        let response = call(&server, "/mcp", era, method, json!({ "name": name })).await;
        let error = rpc_error(&response, "/mcp", 200, -32602, "invalid_params");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{method} {name}: {message}");
    }
}

#[tokio::test]
async fn unknown_resources_are_32602_in_2026_07_28_and_32002_before() {
    let server = start().await;
    let site = consultancy_api::tables::SITE_URL;
    let api = consultancy_api::tables::API_BASE;
    let cases = [
        ("/mcp", "https://elsewhere.example/services/mlops/index.md".to_string()),
        ("/mcp", format!("{site}/guides/no-such-guide/index.md")),
        // Each server reads its own content only.
        ("/mcp", format!("{site}/docs/api/index.md")),
        ("/mcp/docs", format!("{site}/services/mlops/index.md")),
        ("/mcp/docs", format!("{api}/v1/ai-readiness/questions")),
        ("/mcp", format!("{api}/openapi.json")),
        ("/mcp", "services/mlops".to_string()),
    ];
    for era in Era::ALL {
        for (path, uri) in &cases {
            let response = call(&server, path, era, "resources/read", json!({ "uri": uri })).await;
            let body = if era.is_modern() {
                rpc_error(&response, path, 400, -32602, "unknown_resource")
            } else {
                rpc_error(&response, path, 200, -32002, "unknown_resource")
            };
            assert_eq!(body["error"]["data"]["uri"], uri.as_str());
        }
    }
}

/// An unknown resource's URI is echoed in `error.data.uri` as the message echoes it: its first
/// 120 bytes, cut at a character boundary, so an error stays small whatever was sent.
#[tokio::test]
async fn an_unknown_resource_echoes_at_most_120_bytes_of_its_uri() {
    let server = start().await;
    let site = consultancy_api::tables::SITE_URL;
    let cut = |uri: &str| {
        let mut end = 120;
        while !uri.is_char_boundary(end) {
            end -= 1;
        }
        uri[..end].to_string()
    };
    let ascii = format!("{site}/guides/{}/index.md", "a".repeat(8000));
    // Two-byte characters, so one straddles the 120th byte whatever the origin's length
    // (sent in the legacy revisions, whose requests carry no `Mcp-Name` header to encode).
    let accented = format!("{site}/guides/a{}/index.md", "é".repeat(4000));
    for era in Era::ALL {
        let uris: &[&String] = if era.is_modern() { &[&ascii] } else { &[&ascii, &accented] };
        for uri in uris {
            let response =
                call(&server, "/mcp", era, "resources/read", json!({ "uri": uri })).await;
            let (status, code) = if era.is_modern() { (400, -32602) } else { (200, -32002) };
            let body = rpc_error(&response, "/mcp", status, code, "unknown_resource");
            let cut = cut(uri);
            assert!(cut.len() <= 120 && cut.len() > 100, "{era:?}");
            assert_eq!(body["error"]["data"]["uri"], cut.as_str(), "{era:?}");
            let message = body["error"]["message"].as_str().expect("message");
            assert!(message.contains(&format!("`{cut}`")), "{era:?}: {message}");
        }
    }
}

/// 2026-07-28's checks: `_meta`, then the headers against the body, then the version.
#[tokio::test]
async fn modern_requests_are_checked_header_by_header() {
    let server = start().await;
    let path = "/mcp/docs";
    let params = json!({ "name": "list_categories", "arguments": {}, "_meta": meta() });
    let body =
        json!({ "jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params }).to_string();
    let good = vec![
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
        ("mcp-protocol-version", MODERN),
        ("mcp-method", "tools/call"),
        ("mcp-name", "list_categories"),
    ];
    let send = |headers: Vec<(&str, &str)>, body: String| {
        let headers: Vec<(String, String)> =
            headers.into_iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        let server = &server;
        async move { post(server, path, &headers, &body).await }
    };
    let ok = send(good.clone(), body.clone()).await;
    assert_eq!(ok.conforms("POST", path, 200)["result"]["isError"], false);

    let without = |name: &str| good.iter().filter(|(n, _)| *n != name).cloned().collect::<Vec<_>>();
    let with = |name: &'static str, value: &'static str| {
        let mut headers = without(name);
        headers.push((name, value));
        headers
    };
    // The `Mcp-Name` value of "list_categories" in the base64 sentinel form.
    let encoded = "=?base64?bGlzdF9jYXRlZ29yaWVz?=";
    assert_eq!(
        send(with("mcp-name", encoded), body.clone()).await.status,
        200,
        "base64 is decoded"
    );
    let mismatches = vec![
        without("mcp-protocol-version"),
        without("mcp-method"),
        without("mcp-name"),
        with("mcp-protocol-version", "2026-07-29"),
        with("mcp-method", "tools/list"),
        with("mcp-name", "search_guides"),
        with("mcp-name", "=?base64?bGlzdF9jYXRlZ29yaWVz?"),
        // Not base64; padding where none belongs; the encoding of another name.
        with("mcp-name", "=?base64?***?="),
        with("mcp-name", "=?base64?bGlzdF9jYXRlZ29yaWVz=?="),
        with("mcp-name", "=?base64?bGlzdF9jYXRlZ29yaWV6?="),
    ];
    for headers in mismatches {
        let response = send(headers.clone(), body.clone()).await;
        let error = rpc_error(&response, path, 400, -32020, "header_mismatch");
        assert_eq!(error["id"], 7, "{headers:?}");
    }
    let mut doubled = good.clone();
    doubled.push(("mcp-method", "tools/call"));
    rpc_error(&send(doubled, body.clone()).await, path, 400, -32020, "header_mismatch");

    // `_meta` must carry the version and the client capabilities.
    for meta_value in
        [json!(null), json!({}), json!({ "io.modelcontextprotocol/protocolVersion": MODERN })]
    {
        let mut params = json!({ "name": "list_categories" });
        if !meta_value.is_null() {
            params["_meta"] = meta_value;
        }
        let body = json!({ "jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params });
        let response = send(good.clone(), body.to_string()).await;
        rpc_error(&response, path, 400, -32602, "invalid_params");
    }
    // The client capabilities are an object.
    for capabilities in [json!(5), json!("x"), json!([]), json!(null)] {
        let mut meta_value = meta();
        meta_value["io.modelcontextprotocol/clientCapabilities"] = capabilities.clone();
        let params = json!({ "name": "list_categories", "_meta": meta_value });
        let body = json!({ "jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params });
        let response = send(good.clone(), body.to_string()).await;
        let error = rpc_error(&response, path, 400, -32602, "invalid_params");
        assert!(
            error["error"]["message"].as_str().is_some_and(|m| m.contains("must be an object")),
            "{capabilities}: {error}"
        );
    }
    // A protocol version that is not a string is a malformed `_meta` (-32602), with the
    // header or without it, not a header mismatch (-32020): no header can equal a number.
    for version in [json!(20260728), json!(null), json!(["2026-07-28"])] {
        let mut meta_value = meta();
        meta_value["io.modelcontextprotocol/protocolVersion"] = version.clone();
        let params = json!({ "name": "list_categories", "_meta": meta_value });
        let body = json!({ "jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params });
        for headers in [good.clone(), without("mcp-protocol-version")] {
            let response = send(headers, body.to_string()).await;
            let error = rpc_error(&response, path, 400, -32602, "invalid_params");
            assert!(
                error["error"]["message"].as_str().is_some_and(|m| m.contains("must be a string")),
                "{version}: {error}"
            );
        }
    }
    // A body naming 2026-07-28 with a legacy version header is a mismatch, not a legacy
    // request: the header must equal `_meta`'s version.
    for version in LEGACY {
        let response = send(with("mcp-protocol-version", version), body.clone()).await;
        let error = rpc_error(&response, path, 400, -32020, "header_mismatch");
        assert!(
            error["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("differs from params._meta")),
            "{error}"
        );
    }
    // A legacy request whose `_meta` names its own revision is that revision's.
    let mut legacy_meta = meta();
    legacy_meta["io.modelcontextprotocol/protocolVersion"] = json!(LEGACY[0]);
    let (legacy_body, legacy_headers) = request(
        Era::Legacy(LEGACY[0]),
        "tools/call",
        json!({ "name": "list_categories", "_meta": legacy_meta }),
    );
    let response = post(&server, path, &legacy_headers, &legacy_body).await;
    let answer = response.conforms("POST", path, 200);
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    assert!(answer["result"].get("resultType").is_none(), "served as legacy: {answer}");
    // Session and resumption headers of the legacy transport are ignored.
    let mut legacy_headers = good.clone();
    legacy_headers.push(("mcp-session-id", "s-1"));
    legacy_headers.push(("last-event-id", "42"));
    let response = send(legacy_headers, body.clone()).await;
    assert_eq!(response.status, 200);
    assert!(response.header("mcp-session-id").is_none());
}

/// `params._meta` is an object in every revision's schema: in the legacy ones (and the
/// handshake) anything else is invalid params, as 2026-07-28 refuses it, rather than ignored.
#[tokio::test]
async fn a_meta_that_is_not_an_object_is_invalid_params_in_every_revision() {
    let server = start().await;
    for meta_value in [json!(5), json!("x"), json!([]), json!(null), json!(true)] {
        for version in LEGACY {
            let era = Era::Legacy(version);
            for (method, params) in [
                ("tools/list", json!({ "_meta": meta_value })),
                ("tools/call", json!({ "name": "list_categories", "_meta": meta_value })),
                ("ping", json!({ "_meta": meta_value })),
            ] {
                let response = call(&server, "/mcp", era, method, params).await;
                let error = rpc_error(&response, "/mcp", 200, -32602, "invalid_params");
                assert!(
                    error["error"]["message"]
                        .as_str()
                        .is_some_and(|m| m.contains("`_meta` must be an object")),
                    "{version} {method} {meta_value}: {error}"
                );
            }
        }
        let (_, headers) = request(Era::Legacy(LEGACY[0]), "initialize", json!({}));
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": LEGACY[0], "capabilities": {},
            "clientInfo": { "name": "t", "version": "1" }, "_meta": meta_value } });
        let response = post(&server, "/mcp", &headers, &body.to_string()).await;
        let error = response.json();
        assert_eq!(error["error"]["code"], -32602, "initialize {meta_value}: {error}");
    }
    // An object is what it should be, and is still served.
    let tools =
        result(&server, "/mcp", Era::Legacy(LEGACY[0]), "tools/list", json!({ "_meta": {} })).await;
    assert!(tools["tools"].is_array());
}

#[tokio::test]
async fn unsupported_protocol_versions_name_the_supported_ones() {
    let server = start().await;
    let supported = json!([MODERN, LEGACY[0], LEGACY[1], LEGACY[2]]);
    // A 2026-07-28-style body at a version we do not know.
    let mut meta_value = meta();
    meta_value["io.modelcontextprotocol/protocolVersion"] = json!("2099-01-01");
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": { "_meta": meta_value } });
    let headers: Vec<(String, String)> = [
        ("content-type", "application/json"),
        ("mcp-protocol-version", "2099-01-01"),
        ("mcp-method", "tools/list"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect();
    let response = post(&server, "/mcp", &headers, &body.to_string()).await;
    let error = rpc_error(&response, "/mcp", 400, -32022, "unsupported_protocol_version");
    assert_eq!(error["error"]["data"]["supported"], supported);
    assert_eq!(error["error"]["data"]["requested"], "2099-01-01");
    // The unserved version is named before the routing headers a 2026-07-28 request needs:
    // another revision's client need not send them, and -32022 tells it what to fall back to.
    let without_method: Vec<(String, String)> =
        headers.iter().filter(|(n, _)| n != "mcp-method").cloned().collect();
    let response = post(&server, "/mcp", &without_method, &body.to_string()).await;
    let error = rpc_error(&response, "/mcp", 400, -32022, "unsupported_protocol_version");
    assert_eq!(error["error"]["data"]["supported"], supported);
    // So is a body naming it without the MCP-Protocol-Version header: it was refused as a
    // header mismatch whose message called the request a 2026-07-28 one.
    let without_version: Vec<(String, String)> =
        without_method.iter().filter(|(n, _)| n != "mcp-protocol-version").cloned().collect();
    let response = post(&server, "/mcp", &without_version, &body.to_string()).await;
    let error = rpc_error(&response, "/mcp", 400, -32022, "unsupported_protocol_version");
    assert_eq!(error["error"]["data"]["supported"], supported);
    assert_eq!(error["error"]["data"]["requested"], "2099-01-01");
    // A 2026-07-28 body without the header still needs it.
    let (modern, mut modern_headers) = request(Era::Modern, "tools/list", Value::Null);
    modern_headers.retain(|(n, _)| n != "mcp-protocol-version");
    let response = post(&server, "/mcp", &modern_headers, &modern).await;
    let error = rpc_error(&response, "/mcp", 400, -32020, "header_mismatch");
    assert!(error["error"]["message"].as_str().is_some_and(|m| m.contains("MCP-Protocol-Version")));
    // A legacy client after initialize at a revision we do not serve.
    let (body, mut headers) = request(Era::Legacy("2024-11-05"), "tools/list", Value::Null);
    headers.retain(|(n, _)| n != "mcp-protocol-version");
    headers.push(("mcp-protocol-version".into(), "2024-11-05".into()));
    let response = post(&server, "/mcp", &headers, &body).await;
    let error = rpc_error(&response, "/mcp", 400, -32022, "unsupported_protocol_version");
    assert_eq!(error["error"]["data"]["supported"], supported);
    // Sent twice, the version header is a mismatch whatever it says.
    headers.push(("mcp-protocol-version".into(), LEGACY[0].into()));
    let response = post(&server, "/mcp", &headers, &body).await;
    rpc_error(&response, "/mcp", 400, -32020, "header_mismatch");
}

/// A repeated or unreadable `MCP-Protocol-Version` is refused with 400 (the transport's status
/// for an invalid version header) and -32020, and the error carries the request's id, read
/// from the body: it was `null`, since the header was judged before the body was parsed.
#[tokio::test]
async fn a_bad_version_header_is_refused_with_the_request_id() {
    let server = start().await;
    let send = |path: &'static str, versions: Vec<reqwest::header::HeaderValue>, body: String| {
        let mut builder = server
            .client
            .post(server.url(path))
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body);
        for version in versions {
            builder = builder.header("mcp-protocol-version", version);
        }
        async move { crate::support::Checked::read(builder.send().await.expect("POST")).await }
    };
    let value = reqwest::header::HeaderValue::from_static;
    let cases = [
        vec![value(LEGACY[0]), value(LEGACY[0])],
        vec![value(MODERN), value(LEGACY[1])],
        // obs-text: a byte no visible ASCII character is.
        vec![reqwest::header::HeaderValue::from_bytes(b"2025-06-18\xe9").expect("obs-text")],
    ];
    for path in PATHS {
        for versions in &cases {
            for (era, id) in
                [(Era::Legacy(LEGACY[0]), json!(41)), (Era::Modern, json!("req-\u{e9}"))]
            {
                let (body, _) = request(era, "tools/list", Value::Null);
                let mut body: Value = serde_json::from_str(&body).expect("a request");
                body["id"] = id.clone();
                let response = send(path, versions.clone(), body.to_string()).await;
                let error = rpc_error(&response, path, 400, -32020, "header_mismatch");
                assert_eq!(error["id"], id, "{path} {versions:?}: {error}");
            }
            // An id no double holds is echoed as written here too.
            let body = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"ping"}"#;
            let response = send(path, versions.clone(), body.to_string()).await;
            assert!(
                response.text.contains(r#""id":12345678901234567890123,"#),
                "{}",
                response.text
            );
            // A notification, a body that is no JSON and a batch have no id to give.
            for body in [
                r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                "{",
                r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            ] {
                let response = send(path, versions.clone(), body.to_string()).await;
                let error = rpc_error(&response, path, 400, -32020, "header_mismatch");
                assert!(error["id"].is_null(), "{body}: {error}");
            }
        }
    }
}

#[tokio::test]
async fn accept_chooses_json_or_one_event_and_refuses_neither() {
    let server = start().await;
    let (body, headers) = request(Era::Modern, "tools/list", Value::Null);
    let with_accept = |accept: Option<&str>| {
        let mut headers = headers.clone();
        headers.retain(|(n, _)| n != "accept");
        if let Some(accept) = accept {
            headers.push(("accept".into(), accept.into()));
        }
        headers
    };
    for accept in [
        None,
        Some("*/*"),
        Some("application/json"),
        Some("application/*"),
        Some("application/json, text/event-stream"),
        Some("text/event-stream;q=0.5, application/json"),
    ] {
        let response = post(&server, "/mcp", &with_accept(accept), &body).await;
        assert_eq!(
            response.header("content-type"),
            Some("application/json; charset=utf-8"),
            "{accept:?}"
        );
        assert!(response.json()["result"]["tools"].is_array());
    }
    for accept in ["text/event-stream", "application/json;q=0.2, text/event-stream", "text/*"] {
        let response = post(&server, "/mcp", &with_accept(Some(accept)), &body).await;
        assert_eq!(response.status, 200, "{accept}");
        assert_eq!(response.header("content-type"), Some("text/event-stream"), "{accept}");
        assert_eq!(response.header("x-accel-buffering"), Some("no"));
        let data = response
            .text
            .strip_prefix("event: message\ndata: ")
            .and_then(|rest| rest.strip_suffix("\n\n"))
            .unwrap_or_else(|| panic!("one SSE event: {}", response.text));
        let message: Value = serde_json::from_str(data).expect("the event's data is JSON");
        assert!(message["result"]["tools"].is_array());
    }
    // An error status is never streamed.
    let (bad, _) = request(Era::Modern, "no/such", Value::Null);
    let mut sse_only = with_accept(Some("text/event-stream"));
    sse_only.retain(|(n, _)| n != "mcp-method");
    sse_only.push(("mcp-method".into(), "no/such".into()));
    let response = post(&server, "/mcp", &sse_only, &bad).await;
    rpc_error(&response, "/mcp", 404, -32601, "unknown_method");
    for accept in ["text/html", "application/json;q=0", "image/*, text/plain"] {
        let response = post(&server, "/mcp", &with_accept(Some(accept)), &body).await;
        rpc_error(&response, "/mcp", 406, -32600, "not_acceptable");
    }
}

#[tokio::test]
async fn content_type_origin_and_size_are_checked_before_the_body() {
    let server = start().await;
    let (body, headers) = request(Era::Legacy(LEGACY[0]), "tools/list", Value::Null);
    let with = |name: &str, values: &[&str]| {
        let mut out: Vec<(String, String)> =
            headers.iter().filter(|(n, _)| n != name).cloned().collect();
        for value in values {
            out.push((name.to_string(), value.to_string()));
        }
        out
    };
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let response = post(&server, "/mcp", &with("content-type", &[content_type]), &body).await;
        rpc_error(&response, "/mcp", 415, -32600, "unsupported_media_type");
    }
    let response = post(&server, "/mcp", &with("content-type", &[]), &body).await;
    assert_eq!(response.status, 200, "a missing Content-Type is read as JSON, as on the REST API");

    // Public and keyless: any well-formed origin may call; a malformed one is 403.
    for origin in [
        "https://app.example",
        "http://localhost:6274",
        "null",
        "https://x.example:8443",
        "http://[::1]:8080",
        "http://[::1]",
        "http://127.0.0.1:3000",
        "chrome-extension://abcdefghijklmnop",
        "http://x.example:443",
    ] {
        let response = post(&server, "/mcp", &with("origin", &[origin]), &body).await;
        assert_eq!(response.status, 200, "{origin}");
        assert_eq!(response.header("access-control-allow-origin"), Some("*"));
    }
    for origins in [
        vec!["not an origin"],
        vec!["https://a.example/path"],
        vec!["https://a.example", "https://b.example"],
        // RFC 6454 section 6.2: scheme and host in lower case, a port only when it is not the
        // scheme's default, and a real one.
        vec!["HTTPS://X.EXAMPLE"],
        vec!["https://X.example"],
        vec!["Https://x.example"],
        vec!["https://x.example:99999"],
        vec!["https://x.example:0"],
        vec!["https://x.example:08443"],
        vec!["https://x.example:"],
        vec!["https://x.example:44x"],
        vec!["http://[::1]:80"],
        vec!["https://x.example:443"],
        vec!["http://[::1"],
        vec!["http://[::1]x"],
    ] {
        let response = post(&server, "/mcp", &with("origin", &origins), &body).await;
        let error = rpc_error(&response, "/mcp", 403, -32600, "forbidden_origin");
        assert_eq!(error["id"], Value::Null);
    }

    let padding = "x".repeat(MCP_BODY_MAX);
    let big = json!({ "jsonrpc": "2.0", "id": 1, "method": "ping", "params": { "pad": padding } });
    let response = post(&server, "/mcp", &headers, &big.to_string()).await;
    rpc_error(&response, "/mcp", 413, -32600, "payload_too_large");
}

#[tokio::test]
async fn every_post_counts_towards_the_rate_limit_and_429_is_a_jsonrpc_error() {
    let server = start_with(Setup { rate_limit: 3, ..Setup::default() }).await;
    let (body, headers) = request(Era::Modern, "tools/list", Value::Null);
    let note = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }).to_string();
    assert_eq!(post(&server, "/mcp", &headers, &body).await.status, 200);
    assert_eq!(post(&server, "/mcp", &headers, &note).await.status, 202);
    assert_eq!(post(&server, "/mcp/docs", &headers, "{").await.status, 400);
    let limited = post(&server, "/mcp", &headers, &body).await;
    let error = rpc_error(&limited, "/mcp", 429, -32600, "rate_limited");
    assert_eq!(error["id"], Value::Null);
    assert!(limited.header("retry-after").is_some_and(|s| s.parse::<u64>().is_ok()));
    assert!(limited.header("ratelimit").is_some());
}

#[tokio::test]
async fn browser_clients_pass_the_preflight_and_read_the_mcp_headers() {
    let server = start().await;
    for path in PATHS {
        let response = server
            .client
            .request(reqwest::Method::OPTIONS, server.url(path))
            .header("origin", "https://inspector.example")
            .header("access-control-request-method", "POST")
            .header(
                "access-control-request-headers",
                "content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id",
            )
            .send()
            .await
            .expect("OPTIONS");
        assert_eq!(response.status(), 204, "{path}");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_ascii_lowercase()
        };
        assert_eq!(header("access-control-allow-origin"), "*");
        assert_eq!(header("access-control-allow-methods"), "post, options");
        for wanted in [
            "content-type",
            "accept",
            "mcp-protocol-version",
            "mcp-method",
            "mcp-name",
            "mcp-session-id",
            "last-event-id",
        ] {
            assert!(
                header("access-control-allow-headers").split(", ").any(|h| h == wanted),
                "{wanted}"
            );
        }
        assert!(response.headers().get("access-control-allow-credentials").is_none());
    }
    let response = call(&server, "/mcp", Era::Modern, "tools/list", Value::Null).await;
    let expose =
        response.header("access-control-expose-headers").unwrap_or("").to_ascii_lowercase();
    for wanted in ["mcp-session-id", "mcp-protocol-version", "ratelimit", "retry-after"] {
        assert!(expose.split(", ").any(|h| h == wanted), "{wanted} in {expose}");
    }
}

#[tokio::test]
async fn a_trailing_slash_redirects_to_the_endpoint() {
    let server = start().await;
    let response = post(&server, "/mcp/", &plain_headers(), &initialize_body(LEGACY[0])).await;
    assert_eq!(response.status, 308);
    assert_eq!(response.header("location"), Some("/mcp"));
}

mod hostile {
    //! Arbitrary bodies and headers against both servers in process: never a 5xx or a panic,
    //! always a JSON-RPC answer or a 202.

    use std::net::IpAddr;
    use std::sync::Arc;

    use bytes::Bytes;
    use consultancy_api::auth::Keys;
    use consultancy_api::clock::SystemClock;
    use consultancy_api::http::App;
    use http_body_util::{BodyExt, Full};
    use proptest::prelude::*;

    fn body() -> impl Strategy<Value = String> {
        let method = prop_oneof![
            Just("initialize"),
            Just("server/discover"),
            Just("ping"),
            Just("tools/list"),
            Just("tools/call"),
            Just("resources/list"),
            Just("resources/read"),
            Just("resources/templates/list"),
            Just("prompts/list"),
            Just("prompts/get"),
            Just("notifications/initialized"),
        ];
        let value = prop_oneof![
            Just("null".to_string()),
            Just("1".to_string()),
            Just("-1.5".to_string()),
            Just("\"\"".to_string()),
            Just("[]".to_string()),
            Just("{}".to_string()),
            "\"[a-z_/:.=?-]{0,12}\"",
            Just("\"list_services\"".to_string()),
            Just("\"search_guides\"".to_string()),
            Just("\"fetch\"".to_string()),
            Just("\"get_guide\"".to_string()),
            Just("\"answer_from_guides\"".to_string()),
        ];
        let arguments = prop::collection::vec(
            (
                prop_oneof![
                    Just("q"),
                    Just("slug"),
                    Just("limit"),
                    Just("cursor"),
                    Just("query"),
                    Just("id"),
                    Just("answers"),
                    Just("question"),
                    Just("category")
                ],
                value.clone(),
            ),
            0..4,
        );
        prop_oneof![
            "[\\[\\]{}\":,a-z0-9 ]{0,60}",
            (method, value.clone(), value, arguments).prop_map(|(method, id, name, arguments)| {
                let arguments: Vec<String> = arguments.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
                format!(
                    "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"{method}\",\"params\":{{\"name\":{name},\"uri\":{name},\"arguments\":{{{}}},\"_meta\":{{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{{}}}}}}}}",
                    arguments.join(",")
                )
            }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn no_message_gets_a_server_error(
            path in prop_oneof![Just("/mcp"), Just("/mcp/docs")],
            body in body(),
            version in prop_oneof![Just(None), Just(Some("2026-07-28")), Just(Some("2025-11-25")), Just(Some("2025-03-26")), Just(Some("x"))],
            method_header in prop_oneof![Just(None), Just(Some("tools/call")), Just(Some("ping"))],
            accept in prop_oneof![Just("application/json, text/event-stream"), Just("text/event-stream"), Just("text/html")],
        ) {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            let app = App::new(u32::MAX, Keys::from_hex(crate::support::TEST_KEY, None).expect("key"), Arc::new(SystemClock), false);
            let mut request = http::Request::post(path).header("host", "localhost").header("content-type", "application/json").header("accept", accept);
            if let Some(version) = version {
                request = request.header("mcp-protocol-version", version);
            }
            if let Some(method) = method_header {
                request = request.header("mcp-method", method).header("mcp-name", "list_services");
            }
            let request = request.body(Full::new(Bytes::from(body.clone()))).expect("request");
            let response = runtime.block_on(app.handle(request, IpAddr::from([127, 0, 0, 1])));
            let status = response.status().as_u16();
            prop_assert!(status < 500, "{status} for {body}");
            let bytes = runtime.block_on(response.into_body().collect()).expect("body").to_bytes();
            if status != 202 {
                let text = String::from_utf8_lossy(&bytes).to_string();
                let json = text.strip_prefix("event: message\ndata: ").map_or(text.as_str(), |t| t.trim_end());
                let value: serde_json::Value = serde_json::from_str(json).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
                let first = value.as_array().and_then(|a| a.first()).unwrap_or(&value);
                prop_assert_eq!(&first["jsonrpc"], "2.0");
            } else {
                prop_assert!(bytes.is_empty());
            }
        }
    }
}

/// An id no double holds exactly comes back as the client wrote it, on both servers and in
/// a legacy batch, so a client matching responses by id (as every SDK does) finds its own.
#[tokio::test]
async fn ids_a_double_would_change_are_echoed_as_written() {
    let server = start().await;
    let (_, headers) = request(Era::Legacy(LEGACY[0]), "ping", Value::Null);
    for path in PATHS {
        for id in ["123456789012345678901234567890", "1.50", "-1e3"] {
            let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
            let response = post(&server, path, &headers, &body).await;
            assert_eq!(response.status, 200, "{path} {id}: {}", response.text);
            assert!(response.text.contains(&format!(r#""id":{id},"#)), "{path}: {}", response.text);
        }
    }
    let (_, headers) = request(Era::Legacy(LEGACY[2]), "ping", Value::Null);
    let body = r#"[{"jsonrpc":"2.0","id":98765432109876543210987,"method":"ping"},
                   {"jsonrpc":"2.0","id":2,"method":"ping"}]"#;
    let response = post(&server, "/mcp", &headers, body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert!(response.text.contains(r#""id":98765432109876543210987,"#), "{}", response.text);
    assert!(response.text.contains(r#""id":2,"#), "{}", response.text);
}

/// RFC 3986 (section 6.2.2.1): a URI's scheme and host are case-insensitive, its path is not.
/// `resources/read` on both servers and the docs server's `fetch` find our URLs whatever the
/// case of those two, and echo the URI as sent.
#[tokio::test]
async fn our_urls_are_found_whatever_the_case_of_their_scheme_and_host() {
    let server = start().await;
    let shout = |url: String| {
        let (scheme, rest) = url.split_once("://").expect("an absolute URL");
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        format!("{}://{}{path}", scheme.to_ascii_uppercase(), host.to_ascii_uppercase())
    };
    let site = consultancy_api::tables::SITE_URL;
    let api = consultancy_api::tables::API_BASE;
    let cases = [
        ("/mcp", format!("{site}/services/mlops/index.md")),
        ("/mcp", format!("{api}/v1/ai-readiness/questions")),
        ("/mcp/docs", format!("{site}/docs/api/index.md")),
        ("/mcp/docs", format!("{api}/openapi.json")),
    ];
    for era in Era::ALL {
        for (path, uri) in &cases {
            let loud = shout(uri.clone());
            assert!(loud.starts_with("HTTP"), "{loud}");
            let plain = result(&server, path, era, "resources/read", json!({ "uri": uri })).await;
            let read = result(&server, path, era, "resources/read", json!({ "uri": loud })).await;
            assert_eq!(read["contents"][0]["text"], plain["contents"][0]["text"], "{loud}");
            assert_eq!(read["contents"][0]["uri"], loud.as_str(), "the URI as sent");
        }
        // The path stays case-sensitive.
        let upper_path = format!("{site}/SERVICES/MLOPS/index.md");
        let response =
            call(&server, "/mcp", era, "resources/read", json!({ "uri": upper_path })).await;
        let (status, code) = if era.is_modern() { (400, -32602) } else { (200, -32002) };
        rpc_error(&response, "/mcp", status, code, "unknown_resource");
    }
    // The docs server's `fetch` takes a search result's url as its id.
    let url = format!("{site}/docs/api/");
    let arguments = |id: &str| json!({ "name": "fetch", "arguments": { "id": id } });
    let plain = result(&server, "/mcp/docs", Era::Modern, "tools/call", arguments(&url)).await;
    let loud = shout(url.clone());
    let read = result(&server, "/mcp/docs", Era::Modern, "tools/call", arguments(&loud)).await;
    assert_ne!(plain["isError"], true, "{plain}");
    assert_ne!(read["isError"], true, "{loud}: {read}");
    assert_eq!(read["content"], plain["content"]);
}

/// `readiness_interview`'s `organisation` is a name the prompt repeats: at most 200
/// characters (counted as characters, so 200 in any script pass), longer refused with -32602
/// naming the argument and the limit; `prompts/list` says so.
#[tokio::test]
async fn a_prompt_argument_past_its_limit_is_refused_naming_it() {
    let server = start().await;
    let limit = consultancy_api::limits::PROMPT_ORGANISATION_MAX_CHARS;
    assert_eq!(limit, 200);
    let get = |organisation: String| json!({ "name": "readiness_interview", "arguments": { "organisation": organisation } });
    for era in Era::ALL {
        // 200 characters of three bytes each: within the limit.
        let at_limit = "é".repeat(limit);
        let got = result(&server, "/mcp", era, "prompts/get", get(at_limit.clone())).await;
        let text = got["messages"][0]["content"]["text"].as_str().unwrap_or_default();
        assert!(text.contains(&at_limit), "{era:?}");
        let over = "a".repeat(5000);
        let response = call(&server, "/mcp", era, "prompts/get", get(over)).await;
        let status = if era.is_modern() { 400 } else { 200 };
        let body = rpc_error(&response, "/mcp", status, -32602, "invalid_params");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("`organisation`"), "{message}");
        assert!(message.contains("5000 characters") && message.contains("200"), "{message}");
        assert!(!message.contains("aaaaaaaaaa"), "not echoed: {message}");
        // The question of answer_from_guides has /ask's bound, and the message names it.
        let question =
            json!({ "name": "answer_from_guides", "arguments": { "question": "a".repeat(501) } });
        let response = call(&server, "/mcp/docs", era, "prompts/get", question).await;
        // ...and the code /ask and the A2A agent give the same question.
        let body = rpc_error(&response, "/mcp/docs", status, -32602, "question_too_long");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("`question`") && message.contains("500"), "{message}");
    }
    // A tool's string arguments are bounded or echoed shortened: a slug of 5,000 letters is a
    // valid slug that names nothing, and its message quotes only the start of it.
    let slug = "a".repeat(5000);
    for (path, name) in
        [("/mcp", "get_service"), ("/mcp", "get_case_study"), ("/mcp/docs", "get_guide")]
    {
        let answer = tool(&server, path, Era::Modern, name, json!({ "slug": slug })).await;
        assert_eq!(answer["isError"], true, "{name}");
        let text = answer["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.len() < 300, "{name}: {} bytes", text.len());
    }
    let listed = result(&server, "/mcp", Era::Modern, "prompts/list", json!({})).await;
    let argument = &listed["prompts"][0]["arguments"][0];
    assert_eq!(argument["name"], "organisation");
    assert!(argument["description"].as_str().is_some_and(|d| d.contains("200 characters")));
}

/// A client's response with `"id": null` (an error answering a request whose id was
/// unreadable) is a response, as one with an id is: accepted in a legacy revision, refused as
/// one in 2026-07-28. It was refused with "`id` must be a string or a number". A response with
/// no `id` at all is no JSON-RPC response, and the error says what it lacks.
#[tokio::test]
async fn a_response_with_a_null_id_is_a_response() {
    let server = start().await;
    let null_error =
        json!({ "jsonrpc": "2.0", "id": null, "error": { "code": -32700, "message": "x" } })
            .to_string();
    let null_result = json!({ "jsonrpc": "2.0", "id": null, "result": {} }).to_string();
    let anonymous = json!({ "jsonrpc": "2.0", "result": {} }).to_string();
    for path in PATHS {
        for era in Era::ALL {
            let (_, headers) = request(era, "x", Value::Null);
            for body in [&null_error, &null_result] {
                let response = post(&server, path, &headers, body).await;
                if era.is_modern() {
                    let refused = rpc_error(&response, path, 400, -32600, "invalid_request");
                    let message = refused["error"]["message"].as_str().unwrap_or_default();
                    assert!(message.contains("requests and notifications only"), "{message}");
                } else {
                    assert_eq!((response.status, response.text.as_str()), (202, ""), "{era:?}");
                }
            }
            let response = post(&server, path, &headers, &anonymous).await;
            let refused = rpc_error(&response, path, 400, -32600, "invalid_request");
            let message = refused["error"]["message"].as_str().unwrap_or_default();
            assert!(message.contains("carries the `id` of the request it answers"), "{message}");
        }
    }
}

/// A client's message that is no JSON-RPC response, though it has the members of one, is
/// refused in every revision: both `result` and `error` (JSON-RPC 2.0 section 5), or an
/// `error` that is no error object (section 5.1). `{"result":{},"error":{}}` was accepted
/// with 202 in a legacy revision, as a well-formed reply is.
#[tokio::test]
async fn a_malformed_client_response_is_an_invalid_request() {
    let server = start().await;
    for path in PATHS {
        for era in Era::ALL {
            let (_, headers) = request(era, "x", Value::Null);
            for (body, says) in [
                (json!({ "jsonrpc": "2.0", "id": 1, "result": {}, "error": {} }), "not both"),
                (json!({ "jsonrpc": "2.0", "id": 1, "error": {} }), "an integer `code`"),
                (json!({ "jsonrpc": "2.0", "id": 1, "error": "boom" }), "an integer `code`"),
            ] {
                let response = post(&server, path, &headers, &body.to_string()).await;
                let refused = rpc_error(&response, path, 400, -32600, "invalid_request");
                let message = refused["error"]["message"].as_str().unwrap_or_default();
                assert!(message.contains(says), "{era:?} {body}: {message}");
            }
        }
    }
}

/// An empty or cut-short body is a parse error (-32700) that says so, not serde's "EOF while
/// parsing a value at line 1 column 0"; other JSON errors keep the parser's position.
#[tokio::test]
async fn an_empty_or_cut_short_body_is_a_parse_error_in_plain_words() {
    let server = start().await;
    for path in PATHS {
        for era in [Era::Modern, Era::Legacy(LEGACY[0])] {
            let (_, headers) = request(era, "ping", Value::Null);
            for (body, says) in [
                ("", "parse error: the body is empty; send one JSON-RPC 2.0 request object"),
                ("\r\n", "parse error: the body is empty"),
                (
                    r#"{"jsonrpc":"2.0","id":1,"method":"ping""#,
                    "the body ends before its JSON does (it stops at line 1, column 39",
                ),
                ("[", "the body ends before its JSON does"),
            ] {
                let response = post(&server, path, &headers, body).await;
                let refused = rpc_error(&response, path, 400, -32700, "invalid_json");
                let message = refused["error"]["message"].as_str().unwrap_or_default();
                assert!(message.contains(says), "{body:?}: {message}");
                assert!(!message.contains("EOF"), "{body:?}: {message}");
            }
        }
    }
}

/// `resources/read` with a `uri` that is not a string names its type, as a tool's `name`
/// does ("needs a `uri` string" had the client look for a member it sent), in every revision:
/// in 2026-07-28 no `Mcp-Name` can equal it, so it was a header mismatch (-32020) whatever the
/// client sent; it is the method's invalid params now.
#[tokio::test]
async fn a_resource_uri_that_is_not_a_string_is_named_as_such() {
    let server = start().await;
    for era in Era::ALL {
        let status = if era.is_modern() { 400 } else { 200 };
        for (uri, kind) in [
            (json!(5), "a number"),
            (json!(null), "null"),
            (json!({ "uri": "x" }), "an object"),
            (json!(["x"]), "an array"),
            (json!(true), "a boolean"),
        ] {
            for path in PATHS {
                let (body, mut headers) = request(era, "resources/read", json!({ "uri": uri }));
                let mut with_name = headers.clone();
                with_name.push(("mcp-name".into(), "5".into()));
                for headers in [&mut headers, &mut with_name] {
                    let response = post(&server, path, headers, &body).await;
                    let refused = rpc_error(&response, path, status, -32602, "invalid_params");
                    assert_eq!(
                        refused["error"]["message"],
                        format!(
                            "invalid params: the resource's `uri` must be a string (a URI resources/list gives), not {kind}"
                        ),
                        "{era:?} {path} {uri}"
                    );
                }
            }
        }
        let response = call(&server, "/mcp", era, "resources/read", json!({})).await;
        let refused = rpc_error(&response, "/mcp", status, -32602, "invalid_params");
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("needs the resource's `uri`"), "{message}");
    }
    // A tool's name of the wrong type in 2026-07-28 is the method's refusal too.
    let (body, mut headers) = request(Era::Modern, "tools/call", json!({ "name": 5 }));
    headers.push(("mcp-name".into(), "5".into()));
    let response = post(&server, "/mcp", &headers, &body).await;
    let refused = rpc_error(&response, "/mcp", 400, -32602, "invalid_params");
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("must be a string, not a number"), "{message}");
}
