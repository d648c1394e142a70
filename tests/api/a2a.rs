//! The A2A agent over real HTTP with raw JSON-RPC: the card, messages in 1.0 and 0.3 (never
//! mixing their shapes), streams read with a real SSE parser, follow-ups through the
//! context id, scoring from a data part, and every error with its JSON-RPC code and its
//! stable code. The official Python SDK is run against the release binary by `.ci/a2a.sh`.

use consultancy_api::model::{A2A_SKILLS, ErrorKind};
use consultancy_api::ops;
use consultancy_api::ops::ask::Surface;
use consultancy_api::tables::API_BASE;
use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::support::{Checked, TestServer, start};

const V1: Option<&str> = Some("1.0");
const V03: Option<&str> = None;

async fn rpc(server: &TestServer, version: Option<&str>, body: &Value) -> Checked {
    let mut request = server.client.post(server.url("/a2a")).json(body);
    if let Some(version) = version {
        request = request.header("A2A-Version", version);
    }
    Checked::read(request.send().await.expect("POST /a2a")).await
}

async fn call(server: &TestServer, version: Option<&str>, method: &str, params: Value) -> Value {
    let body = json!({ "jsonrpc": "2.0", "id": "req-1", "method": method, "params": params });
    let response = rpc(server, version, &body).await;
    let json = response.conforms("POST", "/a2a", 200);
    assert_eq!(json["id"], "req-1", "the id is echoed");
    json
}

fn message_v1(parts: Value) -> Value {
    json!({ "message": { "messageId": "m-1", "role": "ROLE_USER", "parts": parts } })
}

fn message_v03(parts: Value) -> Value {
    json!({ "message": { "kind": "message", "messageId": "m-1", "role": "user", "parts": parts } })
}

/// Every object key in `value`, at any depth.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                out.push(key.clone());
                keys(inner, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| keys(item, out)),
        _ => {}
    }
}

/// Asserts an error response: HTTP 200, the JSON-RPC code, and the stable code in `data` as
/// the version carries it.
fn assert_error(json: &Value, version: Option<&str>, code: i64, stable: &str) {
    assert_eq!(json["error"]["code"], code, "{json}");
    let stable_code = if version == V1 {
        assert_eq!(json["error"]["data"][0]["@type"], "type.googleapis.com/google.rpc.ErrorInfo");
        assert_eq!(json["error"]["data"][0]["domain"], "a2a-protocol.org");
        &json["error"]["data"][0]["metadata"]["code"]
    } else {
        &json["error"]["data"]["code"]
    };
    assert_eq!(stable_code, stable, "{json}");
}

async fn expect_error(
    server: &TestServer,
    version: Option<&str>,
    method: &str,
    params: Value,
    code: i64,
    stable: &str,
) {
    let json = call(server, version, method, params).await;
    assert_error(&json, version, code, stable);
}

#[tokio::test]
async fn the_card_is_served_twice_with_a_validator() {
    let server = start().await;
    let card = server.get("/.well-known/agent-card.json").await;
    let json = card.conforms("GET", "/.well-known/agent-card.json", 200);
    let legacy = server.get("/.well-known/agent.json").await;
    assert_eq!(legacy.text, card.text, "one card at both addresses");
    legacy.conforms("GET", "/.well-known/agent.json", 200);
    let etag = card.header("etag").expect("ETag");
    assert_eq!(card.header("cache-control"), Some("max-age=3600, private=\"RateLimit\""));
    let revalidated =
        server.get_with("/.well-known/agent-card.json", &[("if-none-match", etag)]).await;
    assert_eq!(revalidated.status, 304);

    let interfaces = json["supportedInterfaces"].as_array().expect("interfaces");
    let versions: Vec<&str> =
        interfaces.iter().map(|i| i["protocolVersion"].as_str().unwrap_or("")).collect();
    assert_eq!(versions, ["1.0", "0.3"], "1.0 first: the preferred interface");
    assert!(interfaces.iter().all(|i| i["url"].as_str().is_some_and(|u| u.ends_with("/a2a"))));
    assert_eq!(
        json["capabilities"],
        json!({ "streaming": true, "pushNotifications": false, "extendedAgentCard": false })
    );
    let ids: Vec<&str> = json["skills"]
        .as_array()
        .expect("skills")
        .iter()
        .map(|s| s["id"].as_str().unwrap_or(""))
        .collect();
    let expected: Vec<&str> = A2A_SKILLS.iter().map(|s| s.id).collect();
    assert_eq!(ids, expected);
    assert_eq!(json["url"], interfaces[0]["url"], "0.3 clients read `url`");
    assert_eq!(json["protocolVersion"], "0.3.0");
    assert!(json["documentationUrl"].as_str().is_some_and(|u| u.ends_with("/docs/agents/")));
    let index = server.get("/v1").await.conforms("GET", "/v1", 200);
    assert!(
        index["agentCard"].as_str().is_some_and(|u| u.ends_with("/.well-known/agent-card.json"))
    );
}

/// An agent reads the card far from this host, so every address a skill names is absolute,
/// on this flavour's API origin (the sandbox build's own): "POST /v1/ai-readiness/score" named
/// a path an agent could not resolve.
#[tokio::test]
async fn every_address_a_skill_names_is_absolute_on_this_flavours_api() {
    let server = start().await;
    let json = server.get("/.well-known/agent-card.json").await.json();
    let skills = json["skills"].as_array().expect("skills");
    let scoring = skills.iter().find(|s| s["id"] == "score-ai-readiness").expect("the skill");
    let description = scoring["description"].as_str().unwrap_or("");
    for path in ["/v1/ai-readiness/score", "/v1/ai-readiness/questions"] {
        assert!(description.contains(&format!("{API_BASE}{path}")), "{path}: {description}");
    }
    for skill in skills {
        let description = skill["description"].as_str().unwrap_or("");
        assert!(!description.contains("{api}"), "{description}");
        for (at, _) in description.match_indices("/v1/") {
            assert!(description[..at].ends_with(API_BASE), "relative at {at}: {description}");
        }
    }
}

#[tokio::test]
async fn a_question_is_answered_in_each_versions_own_shape() {
    let server = start().await;
    let question = "How should we monitor a model for drift in production?";
    let core = ops::ask::answer(question, &[], Surface::A2a).expect("answered");

    let v1 = call(&server, V1, "SendMessage", message_v1(json!([{ "text": question }]))).await;
    let message = &v1["result"]["message"];
    assert_eq!(
        v1["result"].as_object().map(|r| r.len()),
        Some(1),
        "SendMessageResponse holds one member"
    );
    assert_eq!(message["role"], "ROLE_AGENT");
    assert_eq!(message["parts"][0]["text"], core.text());
    let data = &message["parts"][1]["data"];
    assert_eq!(data["answer"], core.kind.name());
    let urls: Vec<&str> = data["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .map(|s| s["url"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(urls, core.sources.iter().map(|s| s.url).collect::<Vec<_>>());
    assert_eq!(data["sentences"].as_array().map(Vec::len), Some(core.sentences.len()));
    assert!(message["messageId"].as_str().is_some_and(|id| id.starts_with("msg-")));
    let mut all = Vec::new();
    keys(&v1, &mut all);
    assert!(!all.iter().any(|k| k == "kind"), "a 1.0 response has no `kind`: {v1}");

    let v03 = call(
        &server,
        V03,
        "message/send",
        message_v03(json!([{ "kind": "text", "text": question }])),
    )
    .await;
    let message = &v03["result"];
    assert_eq!(message["kind"], "message");
    assert_eq!(message["role"], "agent");
    assert_eq!(message["parts"][0], json!({ "kind": "text", "text": core.text() }));
    assert_eq!(message["parts"][1]["kind"], "data");
    assert_eq!(message["parts"][1]["data"], *data, "the same data in both versions");
    assert!(!v03.to_string().contains("ROLE_"), "a 0.3 response has no 1.0 enums");

    // Deterministic: the same request, the same reply.
    let again = call(&server, V1, "SendMessage", message_v1(json!([{ "text": question }]))).await;
    assert_eq!(again, v1);
}

#[tokio::test]
async fn streams_carry_the_one_message_as_one_event() {
    let server = start().await;
    for (version, method, params, result_of) in [
        (
            V1,
            "SendStreamingMessage",
            message_v1(json!([{ "text": "What is a data contract?" }])),
            "/result/message",
        ),
        (
            V03,
            "message/stream",
            message_v03(json!([{ "kind": "text", "text": "What is a data contract?" }])),
            "/result",
        ),
    ] {
        let plain_method = if version == V1 { "SendMessage" } else { "message/send" };
        let plain = call(&server, version, plain_method, params.clone()).await;
        let body = json!({ "jsonrpc": "2.0", "id": 9, "method": method, "params": params });
        let mut request = server
            .client
            .post(server.url("/a2a"))
            .json(&body)
            .header("accept", "text/event-stream");
        if let Some(version) = version {
            request = request.header("A2A-Version", version);
        }
        let response = request.send().await.expect("POST");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        let mut stream = response.bytes_stream().eventsource();
        let mut events = Vec::new();
        while let Some(event) = stream.next().await {
            events.push(event.expect("a well-formed event"));
        }
        assert_eq!(events.len(), 1, "a message-only stream has exactly one event");
        let event: Value = serde_json::from_str(&events[0].data).expect("JSON-RPC response");
        assert_eq!(event["id"], 9);
        let streamed_result =
            if version == V1 { &event["result"]["message"] } else { &event["result"] };
        assert_eq!(Some(streamed_result), plain.pointer(result_of), "{method}");
    }
}

#[tokio::test]
async fn follow_ups_work_through_the_context_id_or_metadata() {
    let server = start().await;
    let first = "How do we start with demand forecasting?";
    let follow_up = "what about in healthcare?";
    let expected = ops::ask::answer(follow_up, &[first], Surface::A2a).expect("answered").text();

    let opening = call(&server, V1, "SendMessage", message_v1(json!([{ "text": first }]))).await;
    let context_id = opening["result"]["message"]["contextId"]
        .as_str()
        .expect("a context id is minted")
        .to_string();
    let mut params = message_v1(json!([{ "text": follow_up }]));
    params["message"]["contextId"] = json!(context_id);
    params["message"]["messageId"] = json!("m-2");
    let second = call(&server, V1, "SendMessage", params).await;
    assert_eq!(
        second["result"]["message"]["contextId"], context_id,
        "the client's context id is preserved"
    );
    assert_eq!(second["result"]["message"]["parts"][0]["text"], expected);

    let mut params = message_v03(json!([{ "kind": "text", "text": follow_up }]));
    params["metadata"] = json!({ "prev": [first] });
    let by_metadata = call(&server, V03, "message/send", params).await;
    assert_eq!(by_metadata["result"]["parts"][0]["text"], expected);

    let mut params = message_v1(json!([{ "text": follow_up }]));
    params["message"]["contextId"] = json!("a-context-of-the-clients-own");
    let foreign = call(&server, V1, "SendMessage", params).await;
    assert_eq!(foreign["result"]["message"]["contextId"], "a-context-of-the-clients-own");
    let alone = ops::ask::answer(follow_up, &[], Surface::A2a).expect("answered").text();
    assert_eq!(foreign["result"]["message"]["parts"][0]["text"], alone);
}

#[tokio::test]
async fn a_data_part_is_scored_as_the_rest_api_scores_it() {
    let server = start().await;
    let answers = [2, 3, 2, 1, 2, 3, 1, 2, 2, 3, 1, 2, 3, 2, 1, 2];
    let rest = server
        .post_json("/v1/ai-readiness/score", &json!({ "answers": answers }).to_string())
        .await
        .conforms("POST", "/v1/ai-readiness/score", 200);
    // The Python SDK sends numbers in data parts as doubles.
    let doubles: Vec<f64> = answers.iter().map(|&a| f64::from(a)).collect();
    let v1 =
        call(&server, V1, "SendMessage", message_v1(json!([{ "data": { "answers": doubles } }])))
            .await;
    let parts = &v1["result"]["message"]["parts"];
    assert_eq!(parts[1]["data"], rest);
    assert_eq!(parts[1]["mediaType"], "application/json");
    let summary = parts[0]["text"].as_str().expect("summary");
    assert!(summary.contains(&format!("{} out of 100", rest["score"])), "{summary}");
    // These answers put every pillar at 3.0: the summary names the others as level with the
    // one advised, rather than calling that one weaker than its equals.
    let weakest = rest["weakestPillar"].as_str().expect("weakestPillar");
    for key in ["strategy", "people", "data", "change"] {
        let pillar = &rest["pillars"][key];
        assert_eq!(pillar["average"], 3.0, "{key}");
        let title = pillar["title"].as_str().expect("title");
        if key != weakest {
            assert!(summary.contains(title), "{title}: {summary}");
        }
    }
    assert!(summary.contains("level with"), "{summary}");
    let mut untied = answers;
    untied[1] = 0;
    let one = call(&server, V1, "SendMessage", message_v1(json!([{ "data": untied }]))).await;
    let one = one["result"]["message"]["parts"][0]["text"].as_str().expect("summary");
    assert!(one.contains("The weakest pillar is") && !one.contains("level with"), "{one}");
    let bare = call(&server, V1, "SendMessage", message_v1(json!([{ "data": answers }]))).await;
    assert_eq!(bare["result"]["message"]["parts"][1]["data"], rest, "a bare array is the answers");
    // A scoring opens a conversation: the reply mints a contextId, and a follow-up sent with
    // it is read as a question about the assessment.
    let context_id = v1["result"]["message"]["contextId"].as_str().expect("a minted contextId");
    assert!(context_id.starts_with("ctx-"), "{context_id}");
    let mut follow_up = message_v1(json!([{ "text": "how long does it take?" }]));
    follow_up["message"]["contextId"] = json!(context_id);
    let reply = call(&server, V1, "SendMessage", follow_up).await;
    assert_eq!(reply["result"]["message"]["contextId"], context_id);
    let text = reply["result"]["message"]["parts"][0]["text"].as_str().expect("text");
    assert!(text.contains("ten minutes"), "{text}");
    let v03 = call(
        &server,
        V03,
        "message/send",
        message_v03(json!([{ "kind": "data", "data": { "answers": answers } }])),
    )
    .await;
    assert_eq!(v03["result"]["parts"][1], json!({ "kind": "data", "data": rest }));
    // `@a2a-js/sdk` in 0.3-compatibility mode sends a bare array as `{"value": [...]}`.
    let compat = call(
        &server,
        V03,
        "message/send",
        message_v03(json!([{
            "kind": "data",
            "data": { "value": answers },
            "metadata": { "data_part_compat": true },
        }])),
    )
    .await;
    assert_eq!(compat["result"]["parts"][1], json!({ "kind": "data", "data": rest }), "{compat}");

    for (data, stable) in [
        (json!({ "value": [1, 2] }), "invalid_answers"),
        (json!({ "value": answers, "other": 1 }), "invalid_params"),
        (json!({ "value": "2,3" }), "invalid_params"),
        (json!({ "answers": [1, 2] }), "invalid_answers"),
        (json!({ "answers": vec![2.5; 16] }), "invalid_answers"),
        (json!({ "score": 3 }), "invalid_params"),
    ] {
        expect_error(
            &server,
            V1,
            "SendMessage",
            message_v1(json!([{ "data": data }])),
            -32602,
            stable,
        )
        .await;
    }
}

/// Answers typed as text after a request to score them are scored as a data part would be,
/// and a malformed list is refused with the data part's error: the list was answered as a
/// question (extractively, about scoring) and never scored.
#[tokio::test]
async fn answers_typed_after_a_score_request_are_scored_as_a_data_part() {
    let server = start().await;
    let answers = [2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 1];
    let rest = server
        .post_json("/v1/ai-readiness/score", &json!({ "answers": answers }).to_string())
        .await
        .conforms("POST", "/v1/ai-readiness/score", 200);
    let typed = "score these answers: 2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,1";
    let v1 = call(&server, V1, "SendMessage", message_v1(json!([{ "text": typed }]))).await;
    let parts = &v1["result"]["message"]["parts"];
    assert_eq!(parts[1]["data"], rest, "{v1}");
    let summary = parts[0]["text"].as_str().expect("summary");
    assert!(summary.contains(&format!("{} out of 100", rest["score"])), "{summary}");
    let v03 =
        call(&server, V03, "message/send", message_v03(json!([{ "kind": "text", "text": typed }])))
            .await;
    assert_eq!(v03["result"]["parts"][1], json!({ "kind": "data", "data": rest }), "{v03}");
    // The list alone, after asking for a score: through the context the first reply minted,
    // and through metadata.prev.
    let ask =
        call(&server, V1, "SendMessage", message_v1(json!([{ "text": "score my ai readiness" }])))
            .await;
    let context_id = ask["result"]["message"]["contextId"].as_str().expect("contextId");
    let list = "2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 1";
    let mut follow_up = message_v1(json!([{ "text": list }]));
    follow_up["message"]["contextId"] = json!(context_id);
    let scored = call(&server, V1, "SendMessage", follow_up).await;
    assert_eq!(scored["result"]["message"]["parts"][1]["data"], rest, "{scored}");
    let mut with_prev = message_v1(json!([{ "text": list }]));
    with_prev["message"]["metadata"] = json!({ "prev": ["score my ai readiness"] });
    let scored = call(&server, V1, "SendMessage", with_prev).await;
    assert_eq!(scored["result"]["message"]["parts"][1]["data"], rest, "{scored}");
    // Numbers in a question are not a list to score.
    let question = "what does a readiness score of 3 mean?";
    let answered =
        call(&server, V1, "SendMessage", message_v1(json!([{ "text": question }]))).await;
    assert!(answered["result"]["message"]["parts"][1]["data"]["answer"].is_string(), "{answered}");
    // Malformed lists: the data part's errors, word for word.
    for (typed, list) in [
        ("score these answers: 2,3,1", json!([2, 3, 1])),
        (
            "score these answers: 2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,9",
            json!([2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 9]),
        ),
        (
            "score these answers: 2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,2.5",
            json!([2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 2.5]),
        ),
    ] {
        let as_text =
            call(&server, V1, "SendMessage", message_v1(json!([{ "text": typed }]))).await;
        assert_error(&as_text, V1, -32602, "invalid_answers");
        let as_data =
            call(&server, V1, "SendMessage", message_v1(json!([{ "data": { "answers": list } }])))
                .await;
        assert_eq!(as_text["error"]["message"], as_data["error"]["message"], "{typed}");
    }
}

#[tokio::test]
async fn accepted_output_modes_choose_the_parts() {
    let server = start().await;
    let mut params = message_v1(json!([{ "text": "Which services do you offer?" }]));
    params["configuration"] = json!({ "acceptedOutputModes": ["text/plain"] });
    let text_only = call(&server, V1, "SendMessage", params.clone()).await;
    let parts = text_only["result"]["message"]["parts"].as_array().expect("parts");
    assert_eq!(parts.len(), 1);
    assert!(parts[0]["text"].is_string());
    params["configuration"] = json!({ "acceptedOutputModes": ["application/json"] });
    let data_only = call(&server, V1, "SendMessage", params.clone()).await;
    assert!(data_only["result"]["message"]["parts"][0]["data"].is_object());
    params["configuration"] = json!({ "acceptedOutputModes": ["image/png"] });
    assert_error(
        &call(&server, V1, "SendMessage", params).await,
        V1,
        -32005,
        "content_type_not_supported",
    );
}

#[tokio::test]
async fn every_skill_example_works_as_written() {
    let server = start().await;
    for skill in A2A_SKILLS {
        for example in skill.examples {
            let part = match serde_json::from_str::<Value>(example) {
                Ok(data) => json!({ "data": data }),
                Err(_) => json!({ "text": example }),
            };
            let json = call(&server, V1, "SendMessage", message_v1(json!([part]))).await;
            let data = &json["result"]["message"]["parts"][1]["data"];
            assert!(json["error"].is_null(), "{example}: {json}");
            assert_ne!(data["answer"], "not-covered", "{}: {example}", skill.id);
            // A client that sends a skill's examples as prompts sends each as text: the JSON
            // example then gets the same answer (it was answered as a question, with a
            // sentence about the MCP prompts).
            let as_text =
                call(&server, V1, "SendMessage", message_v1(json!([{ "text": example }]))).await;
            assert_eq!(
                as_text["result"]["message"]["parts"][1], json["result"]["message"]["parts"][1],
                "{}: {example} sent as text",
                skill.id
            );
        }
    }
    // The JSON typed as text is read as that data part, refusals included, word for word.
    for data in [
        json!({ "answers": [2, 3, 1] }),
        json!({ "answers": "2,3" }),
        json!({ "answers": vec![9; 16] }),
    ] {
        let as_data = call(&server, V1, "SendMessage", message_v1(json!([{ "data": data }]))).await;
        let as_text =
            call(&server, V1, "SendMessage", message_v1(json!([{ "text": data.to_string() }])))
                .await;
        assert_eq!(as_text["error"]["code"], -32602, "{as_text}");
        assert_eq!(as_text["error"]["message"], as_data["error"]["message"], "{data}");
        assert_eq!(
            as_text["error"]["data"][0]["metadata"]["code"],
            as_data["error"]["data"][0]["metadata"]["code"],
            "{data}"
        );
    }
    // JSON that repeats a member (which answers it would mean is ambiguous) is refused as a
    // body repeating one is, rather than answered as a question; JSON without `answers` is
    // still a question.
    let repeated = r#"{"answers": [2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2], "answers": [9]}"#;
    let refused = call(&server, V1, "SendMessage", message_v1(json!([{ "text": repeated }]))).await;
    assert_error(&refused, V1, -32602, "duplicate_member");
    let question = call(
        &server,
        V1,
        "SendMessage",
        message_v1(json!([{ "text": "{\"question\": \"what is a data contract?\"}" }])),
    )
    .await;
    assert!(question["result"]["message"]["parts"][1]["data"]["answer"].is_string(), "{question}");
}

#[tokio::test]
async fn task_and_card_methods_answer_with_their_errors_in_both_versions() {
    let server = start().await;
    for (version, method, params, code, stable) in [
        (V1, "GetTask", json!({ "id": "task-1" }), -32001, "task_not_found"),
        (V1, "CancelTask", json!({ "id": "task-1" }), -32001, "task_not_found"),
        (V1, "SubscribeToTask", json!({ "id": "task-1" }), -32001, "task_not_found"),
        (V1, "GetTask", json!({}), -32602, "invalid_params"),
        (
            V1,
            "CreateTaskPushNotificationConfig",
            json!({ "taskId": "t", "url": "https://hook.example" }),
            -32003,
            "push_notifications_not_supported",
        ),
        (
            V1,
            "GetTaskPushNotificationConfig",
            json!({ "taskId": "t", "id": "c" }),
            -32003,
            "push_notifications_not_supported",
        ),
        (
            V1,
            "ListTaskPushNotificationConfigs",
            json!({ "taskId": "t" }),
            -32003,
            "push_notifications_not_supported",
        ),
        (
            V1,
            "DeleteTaskPushNotificationConfig",
            json!({ "taskId": "t", "id": "c" }),
            -32003,
            "push_notifications_not_supported",
        ),
        (V1, "GetExtendedAgentCard", json!({}), -32004, "unsupported_operation"),
        (V1, "ListTasks", json!({ "pageSize": 0 }), -32602, "invalid_params"),
        // By-position params mean nothing to A2A: ListTasks took an array as no params.
        (V1, "ListTasks", json!([50]), -32602, "invalid_params"),
        (V1, "GetTask", json!(["task-1"]), -32602, "invalid_params"),
        (V03, "tasks/get", json!(["task-1"]), -32602, "invalid_params"),
        (V1, "GetExtendedAgentCard", json!([]), -32602, "invalid_params"),
        (V03, "tasks/get", json!({ "id": "task-1" }), -32001, "task_not_found"),
        (V03, "tasks/cancel", json!({ "id": "task-1" }), -32001, "task_not_found"),
        (V03, "tasks/resubscribe", json!({ "id": "task-1" }), -32001, "task_not_found"),
        (
            V03,
            "tasks/pushNotificationConfig/set",
            json!({ "taskId": "t" }),
            -32003,
            "push_notifications_not_supported",
        ),
        (V03, "agent/getAuthenticatedExtendedCard", json!({}), -32004, "unsupported_operation"),
        (V03, "tasks/list", json!({}), -32601, "unknown_method"),
        (V1, "tasks/get", json!({ "id": "t" }), -32009, "version_not_supported"),
        (V03, "GetTask", json!({ "id": "t" }), -32009, "version_not_supported"),
        (V1, "NoSuchMethod", json!({}), -32601, "unknown_method"),
    ] {
        expect_error(&server, version, method, params, code, stable).await;
    }
    // A task id of the wrong type is named as such: "is required" had the client look for a
    // member it sent.
    for (version, method) in [(V1, "GetTask"), (V03, "tasks/get"), (V1, "CancelTask")] {
        for (id, kind) in [(json!(5), "a number"), (json!({ "id": "t" }), "an object")] {
            let refused = call(&server, version, method, json!({ "id": id })).await;
            assert_eq!(refused["error"]["code"], -32602, "{refused}");
            assert_eq!(
                refused["error"]["message"],
                format!("invalid params: `id` (the task id) must be a string, not {kind}"),
                "{method}"
            );
        }
        for params in [json!({}), json!({ "id": null }), json!({ "id": "" })] {
            let refused = call(&server, version, method, params).await;
            assert_eq!(
                refused["error"]["message"], "invalid params: `id` (the task id) is required",
                "{method}"
            );
        }
    }
    let listed = call(&server, V1, "ListTasks", json!({})).await;
    assert_eq!(
        listed["result"],
        json!({ "tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0 })
    );
    // The only page token this agent issues is the empty one (the last page's); an empty or
    // null token is no token, any other was never issued and is refused, not answered as a
    // next page.
    for token in [json!(""), json!(null)] {
        let listed = call(&server, V1, "ListTasks", json!({ "pageToken": token })).await;
        assert_eq!(listed["result"]["tasks"], json!([]), "{token}: {listed}");
    }
    for (token, says) in [
        (json!("abc"), "pageToken `abc` was not issued by this agent"),
        (json!("x".repeat(5000)), "was not issued by this agent"),
        (json!(2), "pageToken must be a string"),
    ] {
        let refused = call(&server, V1, "ListTasks", json!({ "pageToken": token })).await;
        assert_error(&refused, V1, -32602, "invalid_params");
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{message}");
        assert!(message.len() < 400, "the token is quoted only in part: {message}");
    }
}

/// Text parts are trimmed and joined with one space: the question, the minted contextId and
/// a too-long question's message all read the parts as the client meant them.
#[tokio::test]
async fn text_parts_join_with_one_space() {
    let server = start().await;
    let split = call(
        &server,
        V1,
        "SendMessage",
        message_v1(
            json!([{ "text": "what is a " }, { "text": "  data contract?" }, { "text": " " }]),
        ),
    )
    .await;
    let whole = call(
        &server,
        V1,
        "SendMessage",
        message_v1(json!([{ "text": "what is a data contract?" }])),
    )
    .await;
    let context_id = &split["result"]["message"]["contextId"];
    assert_eq!(context_id, &whole["result"]["message"]["contextId"], "no double space");
    assert_eq!(
        split["result"]["message"]["parts"][0]["text"],
        whole["result"]["message"]["parts"][0]["text"]
    );
    let part = "why ".repeat(75);
    let long = call(
        &server,
        V1,
        "SendMessage",
        message_v1(json!([{ "text": part.clone() }, { "text": part }])),
    )
    .await;
    let message = long["error"]["message"].as_str().expect("an error");
    assert!(
        message.contains("the question (its 2 text parts joined with a space) has 599 characters"),
        "{message}"
    );
}

#[tokio::test]
async fn malformed_messages_are_invalid_params_or_their_a2a_error() {
    let server = start().await;
    let long = "why ".repeat(200);
    let many: Vec<&str> = vec!["and?"; consultancy_api::limits::ASK_MAX_PREV_TURNS + 1];
    let cases: Vec<(Option<&str>, Value, i64, &str)> = vec![
        (V1, json!({}), -32602, "invalid_params"),
        (
            V1,
            json!({ "message": { "role": "ROLE_USER", "parts": [{ "text": "hi" }] } }),
            -32602,
            "invalid_params",
        ),
        (
            V1,
            json!({ "message": { "messageId": "m", "role": "user", "parts": [{ "text": "hi" }] } }),
            -32602,
            "invalid_params",
        ),
        (
            V03,
            json!({ "message": { "messageId": "m", "role": "ROLE_USER", "parts": [{ "kind": "text", "text": "hi" }] } }),
            -32602,
            "invalid_params",
        ),
        (V1, message_v1(json!([])), -32602, "invalid_params"),
        (V1, message_v1(json!([{ "metadata": {} }])), -32602, "invalid_params"),
        (V03, message_v03(json!([{ "text": "no kind" }])), -32602, "invalid_params"),
        (V03, message_v03(json!([{ "kind": "data", "data": [1, 2] }])), -32602, "invalid_params"),
        (
            V1,
            message_v1(json!([{ "data": { "answers": [] } }, { "data": { "answers": [] } }])),
            -32602,
            "invalid_params",
        ),
        (V1, message_v1(json!([{ "text": "   " }])), -32602, "missing_query"),
        // Characters that show nothing are blank too, alone or as parts of their own.
        (V1, message_v1(json!([{ "text": "\u{200b}\u{feff}" }])), -32602, "missing_query"),
        // And control characters: a NUL was answered "not covered".
        (V1, message_v1(json!([{ "text": "\u{0}\u{7f} " }])), -32602, "missing_query"),
        (
            V03,
            message_v03(
                json!([{ "kind": "text", "text": "\u{2060}" }, { "kind": "text", "text": "\u{200d} " }]),
            ),
            -32602,
            "missing_query",
        ),
        (V1, message_v1(json!([{ "text": long }])), -32602, "question_too_long"),
        (
            V1,
            json!({ "message": { "messageId": "m", "role": "ROLE_USER", "parts": [{ "text": "and?" }], "metadata": { "prev": many } } }),
            -32602,
            "too_many_turns",
        ),
        (
            V1,
            json!({ "message": { "messageId": "m", "role": "ROLE_USER", "parts": [{ "text": "and?" }] }, "metadata": { "prev": 3 } }),
            -32602,
            "invalid_params",
        ),
        (
            V1,
            json!({ "message": { "messageId": "m", "role": "ROLE_USER", "taskId": "t-9", "parts": [{ "text": "hi" }] } }),
            -32001,
            "task_not_found",
        ),
        (
            V1,
            message_v1(
                json!([{ "url": "https://files.example/a.pdf", "mediaType": "application/pdf" }]),
            ),
            -32005,
            "content_type_not_supported",
        ),
        (V1, message_v1(json!([{ "raw": "aGk=" }])), -32005, "content_type_not_supported"),
        (
            V1,
            message_v1(json!([{ "text": "hi", "mediaType": "image/png" }])),
            -32005,
            "content_type_not_supported",
        ),
        (
            V1,
            message_v1(json!([{ "text": "<p>drift</p>", "mediaType": "text/html" }])),
            -32005,
            "content_type_not_supported",
        ),
        (
            V03,
            message_v03(json!([{ "kind": "text", "text": "drift", "mediaType": "text/csv" }])),
            -32005,
            "content_type_not_supported",
        ),
        (
            V1,
            message_v1(json!([{ "text": "drift", "data": { "answers": [1] } }])),
            -32602,
            "invalid_params",
        ),
        (
            V03,
            message_v03(
                json!([{ "kind": "file", "file": { "uri": "https://files.example/a.pdf" } }]),
            ),
            -32005,
            "content_type_not_supported",
        ),
        (
            V1,
            json!({ "message": { "messageId": "m", "role": "ROLE_USER", "parts": [{ "text": "hi" }] }, "configuration": { "taskPushNotificationConfig": { "url": "https://hook.example" } } }),
            -32003,
            "push_notifications_not_supported",
        ),
    ];
    for (version, params, code, stable) in cases {
        let method = if version == V1 { "SendMessage" } else { "message/send" };
        let json = call(&server, version, method, params.clone()).await;
        assert_error(&json, version, code, stable);
        let _ = params;
    }
}

#[tokio::test]
async fn envelopes_versions_and_transport_refusals() {
    let server = start().await;
    let send = |id: Value| json!({ "jsonrpc": "2.0", "id": id, "method": "SendMessage", "params": message_v1(json!([{ "text": "hi" }])) });
    // Parse error, batch, malformed envelope, a response sent to the agent.
    for (raw, code, stable, id) in [
        ("{not json", -32700, "invalid_json", Value::Null),
        ("[]", -32600, "invalid_request", Value::Null),
        (r#"{"jsonrpc":"1.0","id":4,"method":"SendMessage"}"#, -32600, "invalid_request", json!(4)),
        (r#"{"jsonrpc":"2.0","id":5,"result":{}}"#, -32600, "invalid_request", Value::Null),
    ] {
        let response = server
            .client
            .post(server.url("/a2a"))
            .header("content-type", "application/json")
            .header("A2A-Version", "1.0")
            .body(raw)
            .send()
            .await
            .expect("POST");
        let json = Checked::read(response).await.conforms("POST", "/a2a", 200);
        assert_error(&json, V1, code, stable);
        assert_eq!(json["id"], id, "{raw}");
    }
    // Versions: unknown ones are refused whatever the method; patch parts are ignored.
    for version in ["2.0", "0.2", "one"] {
        let json = rpc(&server, Some(version), &send(json!(1))).await.conforms("POST", "/a2a", 200);
        assert_error(&json, V1, -32009, "version_not_supported");
    }
    let patched = rpc(&server, Some("1.0.1"), &send(json!(1))).await;
    assert_eq!(patched.header("a2a-version"), Some("1.0"));
    assert!(patched.json()["result"]["message"].is_object());
    let by_query = server
        .client
        .post(server.url("/a2a?A2A-Version=1.0"))
        .json(&send(json!(2)))
        .send()
        .await
        .expect("POST");
    assert!(Checked::read(by_query).await.json()["result"]["message"].is_object());
    // A notification gets no body.
    let note = json!({ "jsonrpc": "2.0", "method": "SendMessage", "params": {} });
    let accepted = rpc(&server, V1, &note).await;
    assert_eq!((accepted.status, accepted.text.as_str()), (202, ""));
    // Transport refusals keep their status and carry a JSON-RPC error.
    let not_json = server
        .client
        .post(server.url("/a2a"))
        .header("content-type", "text/plain")
        .body("{}")
        .send()
        .await
        .expect("POST");
    let not_json = Checked::read(not_json).await.conforms("POST", "/a2a", 415);
    assert_eq!(not_json["error"]["code"], -32600);
    let huge = format!("{{\"pad\":\"{}\"}}", "x".repeat(consultancy_api::limits::A2A_BODY_MAX));
    let too_large = server
        .client
        .post(server.url("/a2a"))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("POST");
    let too_large = Checked::read(too_large).await.conforms("POST", "/a2a", 413);
    // No A2A-Version: shaped as 0.3.
    assert_eq!(too_large["error"]["data"]["code"], ErrorKind::PayloadTooLarge.code());
    let get = Checked::read(server.client.get(server.url("/a2a")).send().await.expect("GET")).await;
    assert_eq!(get.status, 405);
    assert_eq!(get.header("allow"), Some("POST, OPTIONS"));
    assert_eq!(get.json()["error"]["code"], -32600);
    let preflight = server
        .client
        .request(http::Method::OPTIONS, server.url("/a2a"))
        .header("origin", "https://app.example")
        .send()
        .await
        .expect("OPTIONS");
    let allowed =
        preflight.headers()["access-control-allow-headers"].to_str().expect("ASCII").to_string();
    for name in ["A2A-Version", "A2A-Extensions", "Content-Type"] {
        assert!(allowed.contains(name), "{name} in {allowed}");
    }
}

/// Asked to score AI readiness, each surface says what works for its caller. `/ask` quoted the
/// A2A agent's "send the 16 option indices as a data part" (and relative paths), which an
/// `/ask` caller cannot do; it now names the assessment page and the REST endpoints, absolute,
/// while the A2A agent says how to have it score the answers. The sources are the same.
#[tokio::test]
async fn how_to_score_readiness_is_what_works_for_each_caller() {
    use consultancy_api::tables::{API_BASE, SITE_URL};
    let server = start().await;
    for question in
        ["score my ai readiness", "How do I score our AI readiness?", "AI readiness score"]
    {
        let ask = server
            .post_json("/ask", &json!({ "query": question }).to_string())
            .await
            .conforms("POST", "/ask", 200);
        let on_web = ask["content"][0]["text"].as_str().expect("text");
        assert!(!on_web.contains("data part"), "{question}: {on_web}");
        assert!(on_web.contains(&format!("{SITE_URL}/ai-readiness/")), "{question}: {on_web}");
        assert!(on_web.contains(&format!("{API_BASE}/v1/ai-readiness/score")), "{on_web}");
        let a2a = call(&server, V1, "SendMessage", message_v1(json!([{ "text": question }]))).await;
        let parts = &a2a["result"]["message"]["parts"];
        let on_a2a = parts[0]["text"].as_str().expect("text");
        assert!(on_a2a.contains("data part"), "{question}: {on_a2a}");
        assert!(on_a2a.contains("{\"answers\": [...]}"), "{question}: {on_a2a}");
        assert!(!on_a2a.contains(&format!("{SITE_URL}/ai-readiness/ ")), "{on_a2a}");
        let from_ask: Vec<&Value> = ask["content"].as_array().expect("content")[1..]
            .iter()
            .map(|item| &item["resource"]["data"])
            .collect();
        let from_a2a: Vec<&Value> =
            parts[1]["data"]["sources"].as_array().expect("sources").iter().collect();
        assert_eq!(from_ask, from_a2a, "{question}");
    }
}

/// The same question gets the same data on every surface: the core, `/ask`, A2A, and the
/// MCP docs server's `answer_from_guides` prompt (which quotes the same sentences and lists the
/// same sources for a model to work from).
#[tokio::test]
async fn every_surface_gives_the_same_answer() {
    let server = start().await;
    for question in
        ["What is a data contract?", "What do you charge?", "What is the meaning of life?"]
    {
        let core = ops::ask::answer(question, &[], Surface::A2a).expect("answered");
        let ask = server
            .post_json("/ask", &json!({ "query": question }).to_string())
            .await
            .conforms("POST", "/ask", 200);
        let a2a = call(&server, V1, "SendMessage", message_v1(json!([{ "text": question }]))).await;
        let parts = &a2a["result"]["message"]["parts"];
        assert_eq!(ask["content"][0]["text"], core.text(), "{question}");
        assert_eq!(parts[0]["text"], core.text(), "{question}");
        let from_ask: Vec<&Value> = ask["content"].as_array().expect("content")[1..]
            .iter()
            .map(|item| &item["resource"]["data"])
            .collect();
        let from_a2a: Vec<&Value> =
            parts[1]["data"]["sources"].as_array().expect("sources").iter().collect();
        assert_eq!(from_ask, from_a2a, "{question}");
        let prompt = crate::mcp::result(
            &server,
            "/mcp/docs",
            crate::mcp::Era::Modern,
            "prompts/get",
            json!({ "name": "answer_from_guides", "arguments": { "question": question } }),
        )
        .await;
        let text = prompt["messages"][0]["content"]["text"].as_str().expect("prompt text");
        if core.kind != consultancy_api::answer::AnswerKind::NotCovered {
            for sentence in &core.sentences {
                assert!(text.contains(sentence.text), "MCP quotes `{}`", sentence.text);
            }
        }
        for source in &core.sources {
            assert!(text.contains(source.url), "MCP lists {} for {question}", source.url);
        }
    }
}

/// Text parts labelled as plain text (with a charset) or markdown are read as the question.
#[tokio::test]
async fn plain_and_markdown_text_parts_are_questions() {
    let server = start().await;
    for media_type in ["text/plain", "text/plain; charset=utf-8", "text/markdown", "TEXT/PLAIN"] {
        let params = message_v1(
            json!([{ "text": "how do we monitor model drift?", "mediaType": media_type }]),
        );
        let json = call(&server, V1, "SendMessage", params).await;
        assert!(json.get("error").is_none(), "{media_type}: {json}");
        assert!(json["result"].is_object(), "{media_type}: {json}");
    }
}

/// An id no double holds exactly comes back as the client wrote it, in a result and in an
/// error.
#[tokio::test]
async fn ids_a_double_would_change_are_echoed_as_written() {
    let server = start().await;
    for (method, id) in [("ListTasks", "123456789012345678901234567890"), ("NoSuchMethod", "2.50")]
    {
        let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{{}}}}"#);
        let response = server
            .client
            .post(server.url("/a2a"))
            .header("A2A-Version", "1.0")
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("POST /a2a");
        let response = Checked::read(response).await;
        assert_eq!(response.status, 200, "{}", response.text);
        assert!(response.text.contains(&format!(r#""id":{id},"#)), "{method}: {}", response.text);
    }
}

/// A2A 1.0 (section 3.6) lets a client name its version in the `A2A-Version` header or query
/// parameter and states no precedence: a request naming two different versions is refused
/// with `VersionNotSupportedError` (-32009) rather than answered in the header's version
/// while the query asked for another. Values that agree are answered.
#[tokio::test]
async fn a_version_header_and_query_parameter_that_disagree_are_refused() {
    let server = start().await;
    let post = |path: &'static str, header: Option<&'static str>, method: &'static str| {
        let body = json!({ "jsonrpc": "2.0", "id": 9, "method": method, "params": {
            "message": { "messageId": "m-1", "role": "ROLE_USER", "parts": [{ "text": "hi" }] } } });
        let mut request = server.client.post(server.url(path)).json(&body);
        if let Some(version) = header {
            request = request.header("a2a-version", version);
        }
        request.send()
    };
    for (path, header) in [
        ("/a2a?A2A-Version=1.0", Some("0.3")),
        ("/a2a?A2A-Version=0.3", Some("1.0")),
        ("/a2a?A2A-Version=1.0&A2A-Version=0.3", None),
    ] {
        let response = Checked::read(post(path, header, "SendMessage").await.expect("POST")).await;
        let json = response.conforms("POST", "/a2a", 200);
        assert_eq!(json["error"]["code"], -32009, "{path} {header:?}: {json}");
        let message = json["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("more than one version"), "{message}");
        assert_eq!(json["id"], 9);
    }
    // Agreeing values are one version.
    for (path, header) in
        [("/a2a?A2A-Version=1.0", Some("1.0.1")), ("/a2a?A2A-Version=", Some("1.0"))]
    {
        let response = Checked::read(post(path, header, "SendMessage").await.expect("POST")).await;
        assert_eq!(response.header("a2a-version"), Some("1.0"), "{path}");
        assert!(response.json()["result"]["message"].is_object(), "{path}: {}", response.text);
    }
    // Another parameter that is not UTF-8 does not hide the version beside it (the query was
    // read as naming none, so 1.0 was answered as 0.3), and a version that is not UTF-8 is
    // a version not served, not an absent one.
    for path in ["/a2a?A2A-Version=1.0&utm_campaign=caf%E9", "/a2a?caf%E9=1&A2A-Version=1.0"] {
        let response = Checked::read(post(path, None, "SendMessage").await.expect("POST")).await;
        assert_eq!(response.header("a2a-version"), Some("1.0"), "{path}: {}", response.text);
        assert!(response.json()["result"]["message"].is_object(), "{path}: {}", response.text);
    }
    let response =
        Checked::read(post("/a2a?A2A-Version=%E9", None, "message/send").await.expect("POST"))
            .await;
    let json = response.conforms("POST", "/a2a", 200);
    assert_eq!(json["error"]["code"], -32009, "{json}");
}

/// A JSON-RPC response sent to the agent, `"id": null` included (the id an error response
/// carries when the request's was unreadable), is refused as one: it was "`id` must be a
/// string or a number", which sent the client to fix an id JSON-RPC allows there. An empty or
/// cut-short body is said as such, not in the parser's words ("EOF while parsing ...").
#[tokio::test]
async fn responses_and_empty_bodies_are_refused_in_plain_words() {
    let server = start().await;
    let post = |raw: &'static str| {
        server
            .client
            .post(server.url("/a2a"))
            .header("content-type", "application/json")
            .header("A2A-Version", "1.0")
            .body(raw)
            .send()
    };
    for (raw, code, says) in [
        (
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#,
            -32600,
            "takes no responses",
        ),
        (r#"{"jsonrpc":"2.0","id":null,"result":{}}"#, -32600, "takes no responses"),
        (r#"{"jsonrpc":"2.0","id":"r-1","result":{}}"#, -32600, "takes no responses"),
        (r#"{"jsonrpc":"2.0","result":{}}"#, -32600, "carries the `id` of the request it answers"),
        ("", -32700, "the body is empty"),
        ("  \n", -32700, "the body is empty"),
        (r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage""#, -32700, "ends before its JSON does"),
    ] {
        let json =
            Checked::read(post(raw).await.expect("POST")).await.conforms("POST", "/a2a", 200);
        let stable = if code == -32700 { "invalid_json" } else { "invalid_request" };
        assert_error(&json, V1, code, stable);
        assert_eq!(json["id"], Value::Null, "{raw}");
        let message = json["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{raw}: {message}");
        assert!(!message.contains("EOF"), "{raw}: {message}");
    }
}

/// `ListTasks`' filters are read as the 1.0 proto types them, although no task ever matches:
/// a status that is no `TaskState` or a negative `historyLength` (A2A's own validation example
/// refuses both) was answered with an empty page, which the client took for "none match".
#[tokio::test]
async fn list_tasks_filters_that_cannot_be_read_are_invalid_params() {
    let server = start().await;
    for (params, field, says) in [
        (json!({ "status": "BOGUS" }), "status", "status `BOGUS` is not a task state"),
        (json!({ "status": "TASK_STATE_RUNNING" }), "status", "TASK_STATE_AUTH_REQUIRED"),
        (json!({ "status": "completed" }), "status", "is not a task state"),
        // `@a2a-js/sdk`'s `listTasks({})`: the message says what to send instead.
        (json!({ "status": "UNRECOGNIZED" }), "status", "pass TaskState.TASK_STATE_UNSPECIFIED, 0"),
        (json!({ "status": 9 }), "status", "status 9 is not a task state"),
        (json!({ "status": true }), "status", "status must be a task state, not a boolean"),
        (
            json!({ "historyLength": -1 }),
            "historyLength",
            "non-negative integer (0 for no history), not -1",
        ),
        (json!({ "historyLength": 2.5 }), "historyLength", "not 2.5"),
        (json!({ "historyLength": "3" }), "historyLength", "not a string"),
        (json!({ "historyLength": 3_000_000_000_u64 }), "historyLength", "not 3000000000"),
        (json!({ "contextId": 5 }), "contextId", "contextId must be a string, not a number"),
        (
            json!({ "includeArtifacts": "yes" }),
            "includeArtifacts",
            "must be a boolean, not a string",
        ),
        (
            json!({ "statusTimestampAfter": "yesterday" }),
            "statusTimestampAfter",
            "`yesterday` is not a timestamp",
        ),
        (
            json!({ "statusTimestampAfter": "2026-13-01T00:00:00Z" }),
            "statusTimestampAfter",
            "is not a timestamp",
        ),
        (json!({ "statusTimestampAfter": 1_700_000_000 }), "statusTimestampAfter", "not a number"),
    ] {
        let refused = call(&server, V1, "ListTasks", params.clone()).await;
        assert_error(&refused, V1, -32602, "invalid_params");
        assert_eq!(refused["error"]["data"][0]["metadata"]["field"], field, "{params}");
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{params}: {message}");
    }
    // Every state by name or number, 0 and `TASK_STATE_UNSPECIFIED` (no filter), and the
    // other filters in their types are an empty last page; `null` is unset.
    let mut accepted: Vec<Value> = consultancy_api::a2a::TASK_STATES
        .iter()
        .map(|state| json!({ "status": state }))
        .chain((0..=8).map(|n| json!({ "status": n })))
        .collect();
    accepted.extend([
        json!({ "historyLength": 0 }),
        json!({ "historyLength": 10, "contextId": "ctx-1", "includeArtifacts": true }),
        json!({ "historyLength": 3.0 }),
        json!({ "statusTimestampAfter": "2026-12-01T10:00:00Z" }),
        json!({ "statusTimestampAfter": "2026-12-01T10:00:00.125+01:00" }),
        json!({ "status": null, "historyLength": null, "contextId": null, "statusTimestampAfter": null, "includeArtifacts": null }),
        json!({ "tenant": "t", "someFutureField": [1] }),
    ]);
    for params in accepted {
        let listed = call(&server, V1, "ListTasks", params.clone()).await;
        assert_eq!(
            listed["result"],
            json!({ "tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0 }),
            "{params}"
        );
    }
}

/// A notification naming a version the agent does not serve is refused as a request would be
/// (-32009, with no id to give): it was 202, which told a client speaking an unknown version
/// that all was well. A notification in a served version is still 202 with no body.
#[tokio::test]
async fn a_notification_in_an_unsupported_version_is_refused() {
    let server = start().await;
    for method in
        ["CreateTaskPushNotificationConfig", "tasks/pushNotificationConfig/set", "SendMessage"]
    {
        let note = json!({ "jsonrpc": "2.0", "method": method, "params": {} });
        for version in ["2.0", "0.2"] {
            let refused = rpc(&server, Some(version), &note).await.conforms("POST", "/a2a", 200);
            assert_error(&refused, V1, -32009, "version_not_supported");
            assert_eq!(refused["id"], Value::Null, "{method} {version}");
        }
        let conflicting = server
            .client
            .post(server.url("/a2a?A2A-Version=0.3"))
            .header("A2A-Version", "1.0")
            .json(&note)
            .send()
            .await
            .expect("POST");
        let conflicting = Checked::read(conflicting).await.conforms("POST", "/a2a", 200);
        assert_eq!(conflicting["error"]["code"], -32009, "{method}: {conflicting}");
        for version in [V1, V03] {
            let accepted = rpc(&server, version, &note).await;
            assert_eq!((accepted.status, accepted.text.as_str()), (202, ""), "{method}");
        }
    }
}

/// `GetTask`'s `historyLength` is read before the task is looked up: a negative one was
/// answered `TaskNotFoundError`, as if the request had been valid. A valid one still gets the
/// task error, and the other task methods, which take no history, ignore it.
#[tokio::test]
async fn get_task_reads_its_history_length_before_answering_about_the_task() {
    let server = start().await;
    for (version, method) in [(V1, "GetTask"), (V03, "tasks/get")] {
        for (length, says) in [
            (json!(-1), "non-negative integer (0 for no history), not -1"),
            (json!(2.5), "not 2.5"),
            (json!("3"), "not a string"),
        ] {
            let params = json!({ "id": "task-1", "historyLength": length });
            let refused = call(&server, version, method, params).await;
            assert_error(&refused, version, -32602, "invalid_params");
            let message = refused["error"]["message"].as_str().unwrap_or_default();
            assert!(message.contains(says), "{method} {length}: {message}");
        }
        for length in [json!(0), json!(10), json!(null)] {
            let params = json!({ "id": "task-1", "historyLength": length });
            let answered = call(&server, version, method, params).await;
            assert_error(&answered, version, -32001, "task_not_found");
        }
    }
    let cancelled =
        call(&server, V1, "CancelTask", json!({ "id": "task-1", "historyLength": -1 })).await;
    assert_error(&cancelled, V1, -32001, "task_not_found");
}

/// A wrong `jsonrpc` member is quoted in the error on every JSON-RPC surface (the agent and
/// both MCP servers share the reader): it said only that it must be "2.0".
#[tokio::test]
async fn a_wrong_jsonrpc_version_is_quoted_on_every_json_rpc_surface() {
    let server = start().await;
    for (version, says) in [
        (json!("1.0"), r#"`jsonrpc` must be "2.0", not "1.0""#),
        (
            json!(2),
            r#"`jsonrpc` must be "2.0", not the number 2 (the version is the string "2.0")"#,
        ),
        (json!(null), r#"`jsonrpc` must be "2.0", not null"#),
    ] {
        let body = json!({ "jsonrpc": version, "id": 7, "method": "SendMessage", "params": {} });
        let refused = rpc(&server, V1, &body).await.conforms("POST", "/a2a", 200);
        assert_error(&refused, V1, -32600, "invalid_request");
        assert_eq!(refused["id"], 7, "{refused}");
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "/a2a {version}: {message}");
        for path in ["/mcp", "/mcp/docs"] {
            let body = json!({ "jsonrpc": version, "id": 7, "method": "ping" }).to_string();
            let headers = [
                ("content-type".to_string(), "application/json".to_string()),
                ("accept".to_string(), "application/json, text/event-stream".to_string()),
                ("mcp-protocol-version".to_string(), "2025-06-18".to_string()),
            ];
            let response = crate::mcp::post(&server, path, &headers, &body).await;
            let refused = crate::mcp::rpc_error(&response, path, 400, -32600, "invalid_request");
            assert_eq!(refused["id"], 7, "{refused}");
            let message = refused["error"]["message"].as_str().unwrap_or_default();
            assert!(message.contains(says), "{path} {version}: {message}");
        }
    }
    let body = json!({ "id": 7, "method": "SendMessage", "params": {} });
    let refused = rpc(&server, V1, &body).await.conforms("POST", "/a2a", 200);
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(r#"`jsonrpc` is missing; it must be "2.0""#), "{message}");
}

/// An `Accept` that rules out JSON and events, the two forms the agent answers in, is a 406
/// transport refusal with a JSON-RPC error (`not_acceptable`), as on the MCP servers: it was
/// answered in JSON.
#[tokio::test]
async fn an_accept_that_rules_out_json_and_events_is_406() {
    let server = start().await;
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "SendMessage",
        "params": message_v1(json!([{ "text": "what is a data contract" }])) });
    for accept in ["text/html", "application/json;q=0, text/event-stream;q=0", "*/*;q=0"] {
        let response = server
            .client
            .post(server.url("/a2a"))
            .header("A2A-Version", "1.0")
            .header("accept", accept)
            .json(&body)
            .send()
            .await
            .expect("POST /a2a");
        let refused = Checked::read(response).await.conforms("POST", "/a2a", 406);
        assert_eq!(refused["error"]["code"], -32600, "{refused}");
        assert_eq!(refused["error"]["data"][0]["metadata"]["code"], "not_acceptable", "{refused}");
    }
    for accept in ["application/json", "text/event-stream", "*/*"] {
        let response = server
            .client
            .post(server.url("/a2a"))
            .header("A2A-Version", "1.0")
            .header("accept", accept)
            .json(&body)
            .send()
            .await
            .expect("POST /a2a");
        let answered = Checked::read(response).await.conforms("POST", "/a2a", 200);
        assert!(answered["result"]["message"].is_object(), "Accept: {accept}: {answered}");
    }
}

/// A streaming method answers in events, so an `Accept` that rules `text/event-stream` out
/// (`application/json` alone, as a JSON-RPC client sends for every call) is 406 with the
/// JSON-RPC error and the request's id, rather than a stream the client cannot parse. It was
/// streamed. What the SDKs send for a stream (`text/event-stream`), `*/*` and no `Accept`
/// still stream.
#[tokio::test]
async fn a_stream_is_sent_only_to_a_client_that_accepts_events() {
    let server = start().await;
    for (version, method, params) in [
        (V1, "SendStreamingMessage", message_v1(json!([{ "text": "what is a data contract" }]))),
        (
            V03,
            "message/stream",
            message_v03(json!([{ "kind": "text", "text": "what is a data contract" }])),
        ),
    ] {
        let body = json!({ "jsonrpc": "2.0", "id": 4, "method": method, "params": params });
        let send = |accept: Option<&'static str>| {
            let mut request = server.client.post(server.url("/a2a")).json(&body);
            if let Some(version) = version {
                request = request.header("A2A-Version", version);
            }
            if let Some(accept) = accept {
                request = request.header("accept", accept);
            }
            async move { Checked::read(request.send().await.expect("POST /a2a")).await }
        };
        for accept in ["application/json", "application/json, text/event-stream;q=0"] {
            let refused = send(Some(accept)).await.conforms("POST", "/a2a", 406);
            assert_eq!(refused["id"], 4, "{refused}");
            assert_error(&refused, version, -32600, "not_acceptable");
            let message = refused["error"]["message"].as_str().expect("message");
            assert!(message.contains("text/event-stream"), "{message}");
        }
        for accept in [
            Some("text/event-stream"),
            Some("application/json, text/event-stream"),
            Some("*/*"),
            Some("text/*"),
            None,
        ] {
            let response = send(accept).await;
            assert_eq!(response.status, 200, "{accept:?}: {}", response.text);
            assert_eq!(response.header("content-type"), Some("text/event-stream"), "{accept:?}");
        }
    }
    // `SubscribeToTask` streams too: refused before it could say there is no such task.
    let body = json!({ "jsonrpc": "2.0", "id": 5, "method": "SubscribeToTask", "params": { "id": "t-1" } });
    let response = server
        .client
        .post(server.url("/a2a"))
        .header("A2A-Version", "1.0")
        .header("accept", "application/json")
        .json(&body)
        .send()
        .await
        .expect("POST /a2a");
    let refused = Checked::read(response).await.conforms("POST", "/a2a", 406);
    assert_error(&refused, V1, -32600, "not_acceptable");
}

/// Text that is a JSON object is read as the data part it spells; one that repeats a member is
/// refused with `duplicate_member`, as a body repeating a member is (-32602, as the request
/// itself is well formed), naming the member. It was answered as a question made of JSON.
#[tokio::test]
async fn a_text_part_of_json_that_repeats_a_member_is_refused() {
    let server = start().await;
    let answers = "[2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,1]";
    for text in [
        format!("{{\"answers\":{answers},\"answers\":{answers}}}"),
        format!(" {{\"answers\":{answers},\"note\":{{\"a\":1,\"a\":2}}}} "),
        "{\"question\":\"what is a data contract\",\"question\":\"x\"}".to_string(),
    ] {
        let v1 = call(&server, V1, "SendMessage", message_v1(json!([{ "text": text }]))).await;
        assert_error(&v1, V1, -32602, "duplicate_member");
        let message = v1["error"]["message"].as_str().expect("message");
        assert!(message.contains("is given more than once"), "{message}");
        let v03 = call(
            &server,
            V03,
            "message/send",
            message_v03(json!([{ "kind": "text", "text": text }])),
        )
        .await;
        assert_error(&v03, V03, -32602, "duplicate_member");
    }
    // The same object without the repetition is scored, and text that only looks like JSON
    // is a question.
    let scored = call(
        &server,
        V1,
        "SendMessage",
        message_v1(json!([{ "text": format!("{{\"answers\":{answers}}}") }])),
    )
    .await;
    assert!(scored["result"]["message"]["parts"][1]["data"]["score"].is_number(), "{scored}");
    let question = call(
        &server,
        V1,
        "SendMessage",
        message_v1(json!([{ "text": "{what is a data contract, a data contract}" }])),
    )
    .await;
    assert!(question["result"]["message"].is_object(), "{question}");
}

/// The scoring reply says what its band means and where the band lies, as the assessment page
/// does ("**Building** (from 40): Foundations are in place ..."): an agent asked to explain the
/// result had the band's name and its guidance (what to do) but not what it means, and asking
/// the agent "what does the Building band mean?" is a second round trip. Every band is
/// reached, the lowest and the highest included, in both versions.
#[tokio::test]
async fn a_scoring_reply_says_what_its_band_means_and_its_range() {
    let server = start().await;
    let page = server.get("/ai-readiness/index.md").await.text;
    let questions = server.get("/v1/ai-readiness/questions").await.json();
    let bands = questions["bands"].as_array().expect("bands").clone();
    // 15 points each time: all 1 (score 0), then rising to all 5 (score 100).
    for points in [1u8, 2, 3, 4, 5] {
        let answers = vec![points; 15];
        let rest = server
            .post_json("/v1/ai-readiness/score", &json!({ "answers": answers }).to_string())
            .await
            .json();
        let name = rest["band"]["name"].as_str().expect("band name");
        let idx = bands.iter().position(|b| b["name"] == name).expect("a band of the questions");
        let min = bands[idx]["min"].as_u64().expect("min");
        let top = bands.get(idx + 1).map_or(100, |next| next["min"].as_u64().expect("min") - 1);
        // The page's line for the band: "- **Building** (from 40): <what it means>".
        let marker = format!("- **{name}** (from {min}): ");
        let line = page.lines().find(|l| l.starts_with(&marker)).expect("the page's band line");
        let meaning = &line[marker.len()..];
        let expected = format!(
            "AI readiness score: {} out of 100, in the {name} band (scores {min} to {top}): {meaning}",
            rest["score"]
        );
        for (version, method, parts) in [
            (V1, "SendMessage", json!([{ "data": { "answers": answers } }])),
            (V03, "message/send", json!([{ "kind": "data", "data": { "answers": answers } }])),
        ] {
            let params = match version {
                V1 => message_v1(parts),
                _ => message_v03(parts),
            };
            let reply = call(&server, version, method, params).await;
            let message = match version {
                V1 => &reply["result"]["message"],
                _ => &reply["result"],
            };
            let text = message["parts"][0]["text"].as_str().expect("summary");
            assert!(text.starts_with(&expected), "{method}: {text}\nexpected: {expected}");
        }
    }
}
