//! A JSON body that names a member twice in one object is refused on every surface that reads
//! one, rather than answered with whichever value the parser kept (the last: 16 ones and then
//! 16 fours scored 100). REST: 400 `duplicate_member` naming the member and its object;
//! OAuth registration: 400 `invalid_client_metadata`; JSON-RPC: -32600 with `data.code`
//! `duplicate_member`, the id echoed when it is given once.

use serde_json::Value;

use crate::mcp::{LEGACY, MODERN, rpc_error};
use crate::support::{Checked, TestServer, start};

const SCORE: &str = "/v1/ai-readiness/score";

/// Asserts a 400 `duplicate_member` whose message names `needle`.
fn refused(response: &Checked, path: &str, needle: &str) {
    let error = response.error("POST", path, 400, "duplicate_member");
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(needle), "{path}: {message}");
}

#[tokio::test]
async fn the_score_endpoint_refuses_two_answer_lists() {
    let server = start().await;
    let ones = ["1"; 16].join(",");
    let fours = ["4"; 16].join(",");
    // Was 200 with score 100: the second list.
    let body = format!(r#"{{"answers":[{ones}],"answers":[{fours}]}}"#);
    refused(
        &server.post_json(SCORE, &body).await,
        SCORE,
        "`answers` is given more than once in the object at $",
    );
    // The same list twice is refused too: the rule is about the body, not the values.
    let body = format!(r#"{{ "answers" : [{ones}] , "answers" : [{ones}] }}"#);
    refused(&server.post_json(SCORE, &body).await, SCORE, "`answers`");
    // One list, the fast path, still scores.
    let body = format!(r#"{{"answers":[{fours}]}}"#);
    assert_eq!(server.post_json(SCORE, &body).await.conforms("POST", SCORE, 200)["score"], 100);
}

#[tokio::test]
async fn a_batch_refuses_a_repeated_member_at_any_depth() {
    let server = start().await;
    // Was 400 `batch_empty`: the second, empty list.
    let body = r#"{"requests":[{"path":"/v1/services"}],"requests":[]}"#;
    refused(&server.post_json("/v1/batch", body).await, "/v1/batch", "`requests`");
    // Was one item answering /v1/industries.
    let body =
        r#"{"requests":[{"path":"/v1/services"},{"path":"/v1/services","path":"/v1/industries"}]}"#;
    refused(
        &server.post_json("/v1/batch", body).await,
        "/v1/batch",
        "`path` is given more than once in the object at $.requests[1]",
    );
}

#[tokio::test]
async fn ask_refuses_a_repeated_member() {
    let server = start().await;
    let body = r#"{"query":"what is mlops?","query":"who are you?"}"#;
    refused(&server.post_json("/ask", body).await, "/ask", "`query`");
    let body =
        r#"{"query":"and the cost?","prev":["what is mlops?"],"mode":"list","mode":"summarize"}"#;
    refused(&server.post_json("/ask", body).await, "/ask", "`mode`");
}

#[tokio::test]
async fn registration_refuses_repeated_metadata_in_rfc_7591s_shape() {
    let server = start().await;
    let body = r#"{"client_name":"first","token_endpoint_auth_method":"client_secret_post","token_endpoint_auth_method":"client_secret_basic"}"#;
    let response = server.post_json("/oauth/register", body).await;
    assert_eq!(response.status, 400, "{}", response.text);
    let json = response.json();
    crate::support::validate("POST", "/oauth/register", 400, &json);
    assert_eq!(json["error"], "invalid_client_metadata");
    let description = json["error_description"].as_str().unwrap_or_default();
    assert!(description.contains("`token_endpoint_auth_method`"), "{description}");
}

async fn post_raw(
    server: &TestServer,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Checked {
    let mut request = server
        .client
        .post(server.url(path))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(body.to_string());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    Checked::read(request.send().await.expect("POST")).await
}

#[tokio::test]
async fn the_mcp_servers_answer_a_repeated_member_as_an_invalid_request() {
    let server = start().await;
    for path in ["/mcp", "/mcp/docs"] {
        for version in LEGACY {
            let headers = [("mcp-protocol-version", version)];
            // Was a list of tools: the second `method`.
            let body =
                r#"{"jsonrpc":"2.0","id":5,"method":"resources/list","method":"tools/list"}"#;
            let response = post_raw(&server, path, &headers, body).await;
            let json = rpc_error(&response, path, 400, -32600, "duplicate_member");
            assert_eq!(json["id"], 5, "the id, given once, is echoed: {json}");
            // A repeated id: which one is meant is unknown, so none is echoed.
            let body = r#"{"jsonrpc":"2.0","id":5,"method":"tools/list","id":6}"#;
            let response = post_raw(&server, path, &headers, body).await;
            let json = rpc_error(&response, path, 400, -32600, "duplicate_member");
            assert_eq!(json["id"], Value::Null, "{json}");
        }
        // 2026-07-28: a repeated tool argument, deep in params.
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{{"name":"search_guides","arguments":{{"query":"mlops","query":"governance"}},"_meta":{}}}}}"#,
            crate::mcp::meta()
        );
        let headers = [
            ("mcp-protocol-version", MODERN),
            ("mcp-method", "tools/call"),
            ("mcp-name", "search_guides"),
        ];
        let response = post_raw(&server, path, &headers, &body).await;
        let json = rpc_error(&response, path, 400, -32600, "duplicate_member");
        assert_eq!(json["id"], "s", "{json}");
        let message = json["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("`query` is given more than once in the object at $.params.arguments"),
            "{message}"
        );
    }
    // A 2025-03-26 batch: only the message with the repetition is refused.
    let batch = r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping","params":{},"params":{}}]"#;
    let response =
        post_raw(&server, "/mcp", &[("mcp-protocol-version", "2025-03-26")], batch).await;
    let json = response.json();
    let responses = json.as_array().unwrap_or_else(|| panic!("an array: {json}"));
    assert_eq!(responses.len(), 2, "{json}");
    assert_eq!(responses[0]["id"], 1);
    assert!(responses[0]["result"].is_object(), "{json}");
    assert_eq!(responses[1]["id"], 2);
    assert_eq!(responses[1]["error"]["code"], -32600);
    assert_eq!(responses[1]["error"]["data"]["code"], "duplicate_member");
    let message = responses[1]["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("`params` is given more than once in the object at $[1]"),
        "{message}"
    );
}

#[tokio::test]
async fn the_a2a_agent_answers_a_repeated_member_as_an_invalid_request() {
    let server = start().await;
    // Was an answer to the second question.
    let v1 = r#"{"jsonrpc":"2.0","id":"req-9","method":"SendMessage","params":{"message":{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"what is mlops?"}],"parts":[{"text":"who are you?"}]}}}"#;
    let v03 = r#"{"jsonrpc":"2.0","id":"req-9","method":"message/send","params":{"message":{"kind":"message","messageId":"m-1","role":"user","parts":[{"kind":"text","text":"what is mlops?"}],"parts":[{"kind":"text","text":"who are you?"}]}}}"#;
    for (version, body) in [(Some("1.0"), v1), (None, v03)] {
        let headers: Vec<(&str, &str)> = version.map(|v| ("a2a-version", v)).into_iter().collect();
        let response = post_raw(&server, "/a2a", &headers, body).await;
        let json = response.conforms("POST", "/a2a", 200);
        assert_eq!(json["id"], "req-9", "{json}");
        assert_eq!(json["error"]["code"], -32600, "{json}");
        let stable = if version.is_some() {
            &json["error"]["data"][0]["metadata"]["code"]
        } else {
            &json["error"]["data"]["code"]
        };
        assert_eq!(stable, "duplicate_member", "{json}");
        let message = json["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("`parts` is given more than once in the object at $.params.message"),
            "{message}"
        );
        // A repeated id is echoed as null.
        let body = body.replacen(r#""id":"req-9","#, r#""id":"req-9","id":"req-10","#, 1);
        let json = post_raw(&server, "/a2a", &headers, &body).await.conforms("POST", "/a2a", 200);
        assert_eq!(json["id"], Value::Null, "{json}");
        assert_eq!(json["error"]["code"], -32600, "{json}");
    }
}

/// A body nesting arrays and objects past serde_json's depth limit (127 levels) is refused as
/// `invalid_json` (-32700 on JSON-RPC) on every surface, with a message that says so: it said
/// "the body is not valid JSON (recursion limit exceeded ...)", of text that may well be JSON.
#[tokio::test]
async fn nesting_past_the_depth_limit_is_named_on_every_surface() {
    let server = start().await;
    let depth = consultancy_api::json::MAX_DEPTH + 1;
    let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let says_so = |message: &str| {
        message.contains("nests arrays and objects more than 127 levels deep")
            && !message.contains("not valid JSON")
            && !message.contains("recursion")
    };
    for (path, body) in [
        (SCORE, format!("{{\"answers\":{deep}}}")),
        ("/v1/batch", format!("{{\"requests\":{deep}}}")),
        ("/ask", format!("{{\"query\":\"x\",\"prev\":{deep}}}")),
    ] {
        let response = server.post_json(path, &body).await;
        let error = response.error("POST", path, 400, "invalid_json");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(says_so(message), "{path}: {message}");
    }
    for (path, status) in [("/mcp", 400), ("/mcp/docs", 400), ("/a2a", 200)] {
        let body = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{{\"x\":{deep}}}}}"
        );
        let response = server.post_json(path, &body).await;
        assert_eq!(response.status, status, "{path}: {}", response.text);
        let json: Value = serde_json::from_str(&response.text).expect("JSON");
        assert_eq!(json["error"]["code"], -32700, "{path}: {json}");
        let message = json["error"]["message"].as_str().unwrap_or_default();
        assert!(says_so(message), "{path}: {message}");
    }
    // Not JSON at all still says so.
    let response = server.post_json(SCORE, "{").await;
    let error = response.error("POST", SCORE, 400, "invalid_json");
    assert!(error["error"]["message"].as_str().is_some_and(|m| m.contains("not valid JSON")));
}

/// JSON text past what the server reads, or behind a byte order mark, is refused as
/// `invalid_json` (-32700 on JSON-RPC; `invalid_client_metadata` on registration) on every
/// surface, with a message naming what is wrong. Both were "the body is not valid JSON"
/// ("number out of range", "expected value at line 1 column 1"), of a body that reads as JSON:
/// `1e400` is JSON, and a UTF-8 byte order mark is what Windows tools put before a file.
#[tokio::test]
async fn a_byte_order_mark_and_a_huge_number_are_named_on_every_surface() {
    let server = start().await;
    let bom = "\u{feff}";
    let names_the_mark = |message: &str| {
        message.contains("starts with a byte order mark (U+FEFF)") && !message.contains("not valid")
    };
    let names_the_number = |message: &str| {
        message.contains("has a number larger than this server reads")
            && !message.contains("not valid")
    };
    let answers = ["2"; 16].join(",");
    for (path, body) in [
        (SCORE, format!("{{\"answers\":[{answers}]}}")),
        ("/v1/batch", r#"{"requests":[{"path":"/v1/services"}]}"#.to_string()),
        ("/ask", r#"{"query":"what is a data contract?"}"#.to_string()),
    ] {
        // The body alone is answered: only the mark is refused.
        server.post_json(path, &body).await.conforms("POST", path, 200);
        let response = server.post_json(path, &format!("{bom}{body}")).await;
        let error = response.error("POST", path, 400, "invalid_json");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(names_the_mark(message), "{path}: {message}");
        let huge = body.replacen('{', "{\"x\":1e400,", 1);
        let response = server.post_json(path, &huge).await;
        let error = response.error("POST", path, 400, "invalid_json");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(names_the_number(message), "{path}: {message}");
    }
    for (path, status) in [("/mcp", 400), ("/mcp/docs", 400), ("/a2a", 200)] {
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"t"}}"#;
        for (body, says_so) in [
            (format!("{bom}{body}"), &names_the_mark as &dyn Fn(&str) -> bool),
            (body.replacen("\"id\":1", "\"id\":1e400", 1), &names_the_number),
        ] {
            let response = server.post_json(path, &body).await;
            assert_eq!(response.status, status, "{path}: {}", response.text);
            let json: Value = serde_json::from_str(&response.text).expect("JSON");
            assert_eq!(json["error"]["code"], -32700, "{path}: {json}");
            let message = json["error"]["message"].as_str().unwrap_or_default();
            assert!(says_so(message), "{path}: {message}");
        }
    }
    let response =
        server.post_json("/oauth/register", &format!("{bom}{{\"client_name\":\"x\"}}")).await;
    assert_eq!(response.status, 400, "{}", response.text);
    let json: Value = serde_json::from_str(&response.text).expect("JSON");
    assert_eq!(json["error"], "invalid_client_metadata", "{json}");
    assert!(names_the_mark(json["error_description"].as_str().unwrap_or_default()), "{json}");
}

/// A `\u` escape of half a surrogate pair without the other half (what `JSON.stringify` writes
/// for a string a client cut inside an emoji) is refused as `invalid_json` (-32700 on JSON-RPC;
/// `invalid_client_metadata` on registration) on every surface, with a message naming it. It
/// was serde_json's "not valid JSON: unexpected end of hex escape" (or "lone leading surrogate
/// in hex escape" of a trailing half), which sent a client looking for a broken escape in
/// `"\ud83d"`, four correct hex digits.
#[tokio::test]
async fn a_lone_surrogate_escape_is_named_on_every_surface() {
    let server = start().await;
    let names_it = |message: &str| {
        message.contains("has a lone surrogate escape")
            && message.contains("(at line 1 column")
            && !message.contains("not valid")
            && !message.contains("hex escape")
    };
    for (path, body) in [
        (SCORE, r#"{"answers":[2],"x":"\ud83d"}"#),
        ("/v1/batch", r#"{"requests":[{"path":"/v1/resources?q=\ud83d"}]}"#),
        ("/ask", r#"{"query":"what is a data contract? \ud83d"}"#),
        ("/ask", r#"{"query":"\ude00 what is a data contract?"}"#),
    ] {
        let response = server.post_json(path, body).await;
        let error = response.error("POST", path, 400, "invalid_json");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(names_it(message), "{path}: {message}");
    }
    // A whole pair is a character, and is answered.
    let response =
        server.post_json("/ask", r#"{"query":"what is a data contract? \ud83d\ude00"}"#).await;
    response.conforms("POST", "/ask", 200);
    for (path, status) in [("/mcp", 400), ("/mcp/docs", 400), ("/a2a", 200)] {
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"\ud83d"}}"#;
        let response = server.post_json(path, body).await;
        assert_eq!(response.status, status, "{path}: {}", response.text);
        let json: Value = serde_json::from_str(&response.text).expect("JSON");
        assert_eq!(json["error"]["code"], -32700, "{path}: {json}");
        let message = json["error"]["message"].as_str().unwrap_or_default();
        assert!(names_it(message), "{path}: {message}");
    }
    let response = server.post_json("/oauth/register", r#"{"client_name":"x \ud83d"}"#).await;
    assert_eq!(response.status, 400, "{}", response.text);
    let json: Value = serde_json::from_str(&response.text).expect("JSON");
    assert_eq!(json["error"], "invalid_client_metadata", "{json}");
    assert!(names_it(json["error_description"].as_str().unwrap_or_default()), "{json}");
}
