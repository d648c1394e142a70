//! `/ask` over real HTTP: JSON answers checked against the OpenAPI document and the NLWeb
//! v0.5 response schema (`tests/schemas/`), streams read with a real server-sent-events
//! parser (`eventsource-stream`), both request shapes, follow-ups, and every bad input.

use std::sync::OnceLock;

use consultancy_api::answer::AnswerKind;
use consultancy_api::limits::{
    ASK_BODY_MAX, ASK_MAX_PREV_TURNS, ASK_QUERY_MAX_CHARS, MAX_HEADER_BYTES,
};
use consultancy_api::ops;
use consultancy_api::ops::ask::Surface;
use consultancy_api::tables::SITE_URL;
use eventsource_stream::{Event, Eventsource};
use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::support::{Checked, TestServer, matches_component, openapi, start};

const SCHEMA: &str = include_str!("../schemas/nlweb-0.5-ask-response.schema.json");

/// The NLWeb v0.5 response schema, compiled once.
fn nlweb() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let schema: Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
        jsonschema::draft202012::new(&schema).expect("the schema compiles")
    })
}

/// Asserts `response` is an NLWeb v0.5 AskResponse.
fn assert_nlweb(response: &Value) {
    let errors: Vec<String> = nlweb().iter_errors(response).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "not an NLWeb v0.5 response: {errors:?}\n{response}");
}

fn query_string(pairs: &[(&str, &str)]) -> String {
    let encoded: Vec<String> = pairs
        .iter()
        .map(|(name, value)| {
            let value: String = percent_encode(value);
            format!("{name}={value}")
        })
        .collect();
    encoded.join("&")
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

async fn get(server: &TestServer, pairs: &[(&str, &str)], headers: &[(&str, &str)]) -> Checked {
    server.get_with(&format!("/ask?{}", query_string(pairs)), headers).await
}

async fn post(server: &TestServer, body: &Value) -> Checked {
    server.post_json("/ask", &body.to_string()).await
}

/// Reads a whole event stream with a real SSE parser.
async fn events(response: reqwest::Response) -> Vec<Event> {
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().expect("ASCII").to_string();
    assert_eq!(content_type, "text/event-stream");
    let mut stream = response.bytes_stream().eventsource();
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        events.push(event.expect("a well-formed event"));
    }
    events
}

/// The JSON response a stream's events add up to.
fn assemble(events: &[Event]) -> Value {
    let mut meta = Value::Null;
    let mut content = Vec::new();
    for event in events {
        let data: Value = serde_json::from_str(&event.data).expect("event data is JSON");
        if let Some(m) = data.get("_meta") {
            meta = m.clone();
        }
        if let Some(items) = data.get("content").and_then(Value::as_array) {
            content.extend(items.iter().cloned());
        }
    }
    json!({ "_meta": meta, "content": content })
}

#[tokio::test]
async fn a_json_answer_is_an_nlweb_response_with_the_cores_answer() {
    let server = start().await;
    let question = "How should we monitor a model for drift in production?";
    let response = get(&server, &[("query", question)], &[]).await;
    let json = response.conforms("GET", "/ask", 200);
    assert_nlweb(&json);
    assert_eq!(response.header("content-type"), Some("application/json; charset=utf-8"));
    assert_eq!(response.header("vary"), Some("accept"));
    assert_eq!(response.header("cache-control"), Some("max-age=300, private=\"RateLimit\""));
    let core = ops::ask::answer(question, &[], Surface::Web).expect("the core answers");
    let content = json["content"].as_array().expect("content");
    assert_eq!(content[0], json!({ "type": "text", "text": core.text() }));
    let urls: Vec<&str> = content[1..]
        .iter()
        .map(|item| item["resource"]["data"]["url"].as_str().unwrap_or(""))
        .collect();
    let expected: Vec<&str> = core.sources.iter().map(|s| s.url).collect();
    assert_eq!(urls, expected, "one resource item per source, in order");
    assert_eq!(json["_meta"]["version"], "0.5");
    assert_eq!(json["_meta"]["response_type"], "Answer");

    // Deterministic: the same request gives the same bytes, request id included.
    let again = get(&server, &[("query", question)], &[]).await;
    assert_eq!(again.text, response.text);
}

#[tokio::test]
async fn the_flat_and_the_v05_bodies_answer_as_get_does() {
    let server = start().await;
    let pairs = [
        ("query", "what about in healthcare?"),
        ("prev", "How do we start with demand forecasting?"),
        ("mode", "summarize"),
        ("conversation_id", "conv-7"),
    ];
    let by_get = get(&server, &pairs, &[]).await.conforms("GET", "/ask", 200);
    let flat = post(
        &server,
        &json!({
            "query": "what about in healthcare?",
            "prev": ["How do we start with demand forecasting?"],
            "mode": "summarize", "conversation_id": "conv-7", "site": "all"
        }),
    )
    .await;
    assert_eq!(flat.header("cache-control"), Some("no-store"));
    let flat = flat.conforms("POST", "/ask", 200);
    let v05 = post(
        &server,
        &json!({
            "query": { "text": "what about in healthcare?", "site": ["all"] },
            "context": { "prev": ["How do we start with demand forecasting?"] },
            "return_response": { "mode": "summarize", "streaming": false },
            "meta": { "conversation_id": "conv-7", "api_version": "0.5" }
        }),
    )
    .await
    .conforms("POST", "/ask", 200);
    assert_nlweb(&by_get);
    assert_eq!(by_get, flat);
    assert_eq!(by_get, v05);
    assert_eq!(by_get["_meta"]["conversation_id"], "conv-7");
}

/// A misspelt word is read as the most used vocabulary word nearest to it, as search reads
/// it: the question gets the answer and sources its correct spelling gets, not "not covered".
/// Nonsense stays unanswered.
#[tokio::test]
async fn a_misspelt_question_gets_the_answer_of_its_correct_spelling() {
    let server = start().await;
    for (typed, meant) in [
        ("how do I detect modle drift", "how do I detect model drift"),
        ("how do we reduse hallucinations", "how do we reduce hallucinations"),
        ("what is a data contarct", "what is a data contract"),
    ] {
        let typed_answer =
            get(&server, &[("query", typed)], &[]).await.conforms("GET", "/ask", 200);
        let meant_answer =
            get(&server, &[("query", meant)], &[]).await.conforms("GET", "/ask", 200);
        assert_eq!(typed_answer["content"], meant_answer["content"], "{typed:?}");
        let core = ops::ask::answer(typed, &[], Surface::Web).expect("answered");
        assert_eq!(core.kind, AnswerKind::Answered, "{typed:?} is answered");
    }
    let nonsense = ops::ask::answer("zzzzqx blorf", &[], Surface::Web).expect("answered");
    assert_eq!(nonsense.kind, AnswerKind::NotCovered, "nonsense is not corrected into an answer");
}

/// "buy-in" is read as search reads it, the one word `buyin` (getting people on board), not
/// `buy`: "how do I get buy-in for a data project" quoted the build-or-buy guide's "a
/// recommendation to buy rather than build".
#[tokio::test]
async fn buy_in_is_read_as_search_reads_it() {
    let server = start().await;
    for q in ["how do I get buy-in for a data project", "how do I get stakeholder buy-in"] {
        let answer = get(&server, &[("query", q)], &[]).await.conforms("GET", "/ask", 200);
        let text = answer["content"].to_string();
        assert!(!text.contains("build-vs-buy-ai"), "{q}: {text}");
        assert!(text.contains("change-plan-for-ai-rollout"), "{q}: {text}");
    }
}

#[tokio::test]
async fn follow_ups_borrow_the_earlier_question() {
    let server = start().await;
    let first = "How do we start with demand forecasting?";
    let follow_up = "what about in healthcare?";
    let alone = get(&server, &[("query", follow_up)], &[]).await.conforms("GET", "/ask", 200);
    let after = get(&server, &[("query", follow_up), ("prev", first)], &[])
        .await
        .conforms("GET", "/ask", 200);
    let core = ops::ask::answer(follow_up, &[first], Surface::Web).expect("answered");
    assert_eq!(after["content"][0]["text"], core.text());
    assert_ne!(alone["content"], after["content"], "the earlier turn changes the answer");
    assert_ne!(alone["_meta"]["request_id"], after["_meta"]["request_id"]);
    let cited = after["content"].to_string().to_lowercase();
    assert!(cited.contains("forecast"), "the follow-up keeps the topic of the first question");
    assert!(cited.contains("health"), "and adds its own: {cited}");
}

#[tokio::test]
async fn list_mode_lists_the_sources_without_quoting() {
    let server = start().await;
    let question = "Which industries do you work in?";
    let json = get(&server, &[("query", question), ("mode", "list")], &[])
        .await
        .conforms("GET", "/ask", 200);
    assert_nlweb(&json);
    let core = ops::ask::answer(question, &[], Surface::Web).expect("answered");
    let lines: Vec<String> =
        core.sources.iter().map(|s| format!("{} ({})", s.title, s.url)).collect();
    assert_eq!(json["content"][0]["text"], lines.join("\n"));
    assert_eq!(json["content"].as_array().map(Vec::len), Some(core.sources.len() + 1));
}

#[tokio::test]
async fn streams_are_four_events_that_add_up_to_the_json_answer() {
    let server = start().await;
    let question = "What is a data contract?";
    let json = get(&server, &[("query", question)], &[]).await.conforms("GET", "/ask", 200);
    let url = server.url(&format!("/ask?{}", query_string(&[("query", question)])));
    // An EventSource's request: Accept names only text/event-stream.
    let request = server.client.get(&url).header("accept", "text/event-stream");
    let response = request.send().await.expect("GET");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let stream = events(response).await;
    let ids: Vec<&str> = stream.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["1", "2", "3", "4"]);
    assert_eq!(stream[3].data, r#"{"type":"done"}"#);
    assert!(stream[0].data.starts_with(r#"{"_meta":"#));
    let assembled = assemble(&stream);
    assert_nlweb(&assembled);
    assert_eq!(assembled, json, "the stream carries what the JSON answer does");

    // `streaming` decides when given, whatever `Accept` says; the v0.5 body too.
    let forced =
        server.client.get(format!("{url}&streaming=true")).header("accept", "application/json");
    assert_eq!(assemble(&events(forced.send().await.expect("GET")).await), json);
    let body = json!({ "query": { "text": question }, "return_response": { "streaming": true } });
    let posted = server.client.post(server.url("/ask")).json(&body);
    assert_eq!(assemble(&events(posted.send().await.expect("POST")).await), json);
    let refused = get(
        &server,
        &[("query", question), ("streaming", "false")],
        &[("accept", "text/event-stream")],
    )
    .await;
    assert_eq!(refused.conforms("GET", "/ask", 200), json);
    // curl's `*/*`, and no Accept at all, get JSON.
    for accept in ["*/*", "application/json, text/event-stream", "text/event-stream;q=0.5, */*"] {
        let plain = get(&server, &[("query", question)], &[("accept", accept)]).await;
        assert_eq!(plain.conforms("GET", "/ask", 200), json, "Accept: {accept}");
    }
}

#[tokio::test]
async fn a_reconnecting_event_source_resumes_and_stops_after_the_last_event() {
    let server = start().await;
    let url = server.url("/ask?query=what%20is%20a%20data%20contract");
    let resume = |last: &'static str| {
        server.client.get(&url).header("accept", "text/event-stream").header("last-event-id", last)
    };
    let rest = events(resume("2").send().await.expect("GET")).await;
    let ids: Vec<&str> = rest.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["3", "4"]);
    let done = resume("4").send().await.expect("GET");
    assert_eq!(done.status(), 204, "204 tells an EventSource to stop reconnecting");
    // Past the last event the client has everything too: it was sent the whole stream again.
    for past in ["5", " 999 ", "123456789012345678901234567890"] {
        let done = resume(past).send().await.expect("GET");
        assert_eq!(done.status(), 204, "Last-Event-ID {past:?}");
        assert!(done.text().await.expect("body").is_empty());
    }
    for foreign in ["not-ours", "-1", "+3", "0"] {
        let whole = events(resume(foreign).send().await.expect("GET")).await;
        assert_eq!(whole.len(), 4, "{foreign:?}: an id this stream never sent restarts it");
    }
}

/// Two `Last-Event-ID`s that differ name no one place to resume: 400 saying so, where the
/// first was used and the second ignored (the client that sent `4` last got events it had).
/// The same value twice is that id; a JSON answer reads no `Last-Event-ID` at all.
#[tokio::test]
async fn two_different_last_event_ids_are_refused() {
    let server = start().await;
    let url = server.url("/ask?query=what%20is%20a%20data%20contract");
    let resume = |ids: &[&'static str], accept: &'static str| {
        let mut request = server.client.get(&url).header("accept", accept);
        for id in ids {
            request = request.header("last-event-id", *id);
        }
        request.send()
    };
    for ids in [["2", "3"], ["3", "2"], ["4", "1"], ["abc", "4"], ["2", ""]] {
        let refused = Checked::read(resume(&ids, "text/event-stream").await.expect("GET")).await;
        let error = refused.error("GET", "/ask", 400, "invalid_parameter");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("Last-Event-ID is sent more than once"), "{ids:?}: {message}");
        assert!(message.contains(&format!("`{}`", ids[0])), "{ids:?}: {message}");
    }
    let same = events(resume(&["2", " 2"], "text/event-stream").await.expect("GET")).await;
    let ids: Vec<&str> = same.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["3", "4"]);
    let done = resume(&["4", "4"], "text/event-stream").await.expect("GET");
    assert_eq!(done.status(), 204);
    let json = Checked::read(resume(&["2", "3"], "application/json").await.expect("GET")).await;
    json.conforms("GET", "/ask", 200);
}

#[tokio::test]
async fn every_bad_input_is_a_400_with_its_code() {
    let server = start().await;
    let long = "word ".repeat(ASK_QUERY_MAX_CHARS / 5 + 1);
    let turns: Vec<(&str, &str)> =
        std::iter::repeat_n(("prev", "and then?"), ASK_MAX_PREV_TURNS + 1).collect();
    let mut too_many = vec![("query", "why?")];
    too_many.extend(turns);
    let get_cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (vec![], "missing_query"),
        (vec![("query", "   ")], "missing_query"),
        (vec![("query", long.as_str())], "question_too_long"),
        (vec![("query", "why?"), ("prev", long.as_str())], "question_too_long"),
        (too_many, "too_many_turns"),
        (vec![("query", "why?"), ("mode", "generate")], "unknown_mode"),
        (vec![("query", "why?"), ("streaming", "maybe")], "invalid_parameter"),
        (vec![("query", "why?"), ("query", "how?")], "duplicate_parameter"),
    ];
    for (pairs, code) in get_cases {
        get(&server, &pairs, &[]).await.error("GET", "/ask", 400, code);
    }
    let post_cases = [
        (json!({}), "missing_query"),
        (json!({ "query": { "text": "" } }), "missing_query"),
        (json!({ "query": long }), "question_too_long"),
        (
            json!({ "query": "why?", "prev": vec!["then?"; ASK_MAX_PREV_TURNS + 1] }),
            "too_many_turns",
        ),
        (json!({ "query": "why?", "return_response": { "mode": "generate" } }), "unknown_mode"),
        (json!([]), "invalid_body"),
        (json!({ "query": 42 }), "invalid_body"),
        (json!({ "query": { "text": ["why?"] } }), "invalid_body"),
        (json!({ "query": "why?", "prev": [1, 2] }), "invalid_body"),
        (json!({ "query": "why?", "streaming": "false" }), "invalid_body"),
        (json!({ "query": "why?", "mode": true }), "invalid_body"),
        (json!({ "query": "why?", "meta": "m" }), "invalid_body"),
        (json!({ "query": "why?", "prev": "a", "context": { "prev": ["b"] } }), "invalid_body"),
    ];
    for (body, code) in post_cases {
        post(&server, &body).await.error("POST", "/ask", 400, code);
    }
    for (raw, code) in [("", "invalid_json"), ("{\"query\":", "invalid_json")] {
        server.post_json("/ask", raw).await.error("POST", "/ask", 400, code);
    }
    let with_query = server.post_json("/ask?streaming=false", r#"{"query":"why?"}"#).await;
    with_query.error("POST", "/ask", 400, "invalid_parameter");
    let form = server
        .client
        .post(server.url("/ask"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("query=why")
        .send()
        .await
        .expect("POST");
    Checked::read(form).await.error("POST", "/ask", 415, "unsupported_media_type");
    let huge = format!("{{\"query\":\"why?\",\"pad\":\"{}\"}}", "x".repeat(ASK_BODY_MAX));
    server.post_json("/ask", &huge).await.error("POST", "/ask", 413, "payload_too_large");
}

/// The documented question, earlier turns and `streaming` and the server agree on what is
/// answered: the server counts a question's characters once it has trimmed blank ones at
/// either end (500 characters and a newline are answered), and reads `streaming` in any case
/// (`True` is how Python's `requests` writes a boolean). The document's `maxLength` counted the
/// characters as sent and its `enum` had the lowercase words only, so schemathesis would have
/// reported those answers as schema-violating requests accepted.
#[tokio::test]
async fn the_documented_limits_and_the_server_agree_on_what_is_answered() {
    let server = start().await;
    let at_limit = "é".repeat(ASK_QUERY_MAX_CHARS);
    let cases = [
        (format!("{at_limit}\n"), true),
        (format!(" \u{200b}{at_limit}\u{3000}"), true),
        (format!("a{}b", " ".repeat(ASK_QUERY_MAX_CHARS - 2)), true),
        ("a".repeat(ASK_QUERY_MAX_CHARS + 1), false),
        (format!("a{}b", " ".repeat(ASK_QUERY_MAX_CHARS - 1)), false),
        (format!(" {}\n", "é".repeat(ASK_QUERY_MAX_CHARS + 1)), false),
    ];
    let documented =
        |name: &str, value: Value| crate::support::matches_parameter("GET", "/ask", name, &value);
    for (text, answered) in &cases {
        let answered = *answered;
        let (text, turns) = (text.as_str(), vec![text.clone()]);
        assert_eq!(documented("query", json!(text)), answered, "query = {text:?}");
        assert_eq!(documented("prev", json!(turns)), answered, "prev = {text:?}");
        let bodies = [
            json!({ "query": text }),
            json!({ "query": { "text": text } }),
            json!({ "query": "why?", "prev": text }),
            json!({ "query": "why?", "prev": turns }),
            json!({ "query": "why?", "context": { "prev": turns } }),
        ];
        for body in &bodies {
            assert_eq!(matches_component("AskRequest", body), answered, "{body}");
        }
        let replies = [
            get(&server, &[("query", text)], &[]).await,
            get(&server, &[("query", "why?"), ("prev", text)], &[]).await,
        ];
        for reply in replies {
            if answered {
                reply.conforms("GET", "/ask", 200);
            } else {
                reply.error("GET", "/ask", 400, "question_too_long");
            }
        }
        for body in &bodies {
            let reply = post(&server, body).await;
            if answered {
                reply.conforms("POST", "/ask", 200);
            } else {
                reply.error("POST", "/ask", 400, "question_too_long");
            }
        }
    }
    for (value, answered) in
        [("true", true), ("TRUE", true), ("False", true), ("0", true), ("yes", false), ("", false)]
    {
        assert_eq!(documented("streaming", json!(value)), answered, "streaming = {value:?}");
        let reply = get(&server, &[("query", "why?"), ("streaming", value)], &[]).await;
        if answered {
            assert_eq!(reply.status, 200, "streaming = {value:?}: {}", reply.text);
        } else {
            reply.error("GET", "/ask", 400, "invalid_parameter");
        }
    }
}

/// A question of one character: the documented pattern of `query` and the server agree on
/// which are blank, for every kind of white space and for the characters regex dialects
/// disagree about (`\S` in ASCII mode accepted U+0085, which the server trims: found by
/// schemathesis).
#[tokio::test]
async fn the_documented_query_and_the_server_agree_on_what_is_blank() {
    let server = start().await;
    let doc = openapi();
    let parameters = doc["paths"]["/ask"]["get"]["parameters"].as_array().expect("parameters");
    let schema = parameters
        .iter()
        .find(|parameter| parameter["name"] == "query")
        .map(|parameter| parameter["schema"].clone())
        .expect("GET /ask documents query");
    // `\S` means one thing to Rust's regex and another to Python's `re` in ASCII mode, which
    // is how schemathesis reads patterns; a class of `\uXXXX` escapes means the same to both.
    let pattern = schema["pattern"].as_str().expect("query has a pattern");
    let inside = pattern
        .strip_prefix("^[")
        .and_then(|p| p.split_once(']'))
        .map(|(class, _)| class)
        .expect("a class of the blank characters first");
    let plain = inside
        .replace('-', "")
        .split("\\u")
        .skip(1)
        .all(|hex| hex.len() == 4 && hex.chars().all(|c| c.is_ascii_hexdigit()));
    assert!(plain && inside.starts_with("\\u"), "{pattern} is not only \\uXXXX escapes");
    let get_query = jsonschema::draft202012::new(&schema).expect("the query schema compiles");
    let mut blanks = 0;
    for c in [
        '\t',
        '\u{b}',
        '\r',
        ' ',
        '\u{85}',
        '\u{a0}',
        '\u{1680}',
        '\u{2000}',
        '\u{200a}',
        '\u{2028}',
        '\u{2029}',
        '\u{202f}',
        '\u{205f}',
        '\u{3000}',
        '\u{feff}',
        '\u{1c}',
        '\u{1f}',
        '\u{200b}',
        '\u{180e}',
        '\u{7f}',
        '\u{0}',
        '\u{8}',
        '\u{9f}',
        'a',
        '\u{e9}',
        '\u{200c}',
        '\u{200d}',
        '\u{2060}',
        '\u{ad}',
        '\u{3164}',
        '\u{e0001}',
    ] {
        let question = c.to_string();
        let documented = get_query.is_valid(&Value::String(question.clone()));
        let body = json!({ "query": question });
        assert_eq!(matches_component("AskRequest", &body), documented, "{c:?} in a body");
        let reply = get(&server, &[("query", &question)], &[]).await;
        let posted = post(&server, &body).await;
        if documented {
            reply.conforms("GET", "/ask", 200);
            posted.conforms("POST", "/ask", 200);
        } else {
            blanks += 1;
            reply.error("GET", "/ask", 400, "missing_query");
            posted.error("POST", "/ask", 400, "missing_query");
        }
    }
    // White space, the control characters (U+001C, U+001F, U+007F, U+0000, U+0008, U+009F:
    // `%00` was answered "not covered" with a list of closest items), and the characters that
    // show nothing (U+FEFF, U+200B to U+200D, U+180E, U+2060, U+00AD, U+3164); a tag
    // character (astral, past the `\uXXXX` class) is not.
    assert_eq!(blanks, 28, "the white space, control and invisible characters are blank");
    // Several of them together, on both methods and in both shapes of the body.
    let invisible = "\u{200b}\u{3000}\u{0}\u{feff} \u{2060}\u{7f}";
    get(&server, &[("query", invisible)], &[]).await.error("GET", "/ask", 400, "missing_query");
    let posted = post(&server, &json!({ "query": { "text": invisible } })).await;
    posted.error("POST", "/ask", 400, "missing_query");
}

/// The contact record is cited at the contact details of the home page, `<site>/#contact`,
/// the url the MCP servers' contact document has: it was `<site>/`, the home page's top.
#[tokio::test]
async fn the_contact_record_is_cited_at_the_contact_details() {
    let server = start().await;
    let contact = format!("{SITE_URL}/#contact");
    let json = get(&server, &[("query", "how can I contact you?")], &[]).await;
    let json = json.conforms("GET", "/ask", 200);
    let organisation = json["content"]
        .as_array()
        .expect("content")
        .iter()
        .find(|item| item["resource"]["data"]["@type"] == "Organization")
        .expect("the contact record is a source")
        .clone();
    let data = &organisation["resource"]["data"];
    assert_eq!(data["url"], contact.as_str(), "{data}");
    assert_eq!(data["contactPoint"]["url"], contact.as_str(), "{data}");
    let list = get(&server, &[("query", "how can I contact you?"), ("mode", "list")], &[]).await;
    let list = list.conforms("GET", "/ask", 200);
    let text = list["content"][0]["text"].as_str().expect("text");
    assert!(text.contains(&format!("({contact})")), "{text}");
    // The MCP contact document says the same address.
    let fetched = server
        .client
        .post(server.url("/mcp"))
        .header("content-type", "application/json")
        .body(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{"id":"contact"}}}"#)
        .send()
        .await
        .expect("POST");
    let fetched = Checked::read(fetched).await.json();
    let document = fetched["result"]["content"][0]["text"].as_str().expect("text");
    let document: Value = serde_json::from_str(document).expect("the document");
    assert_eq!(document["url"], contact.as_str());
}

#[tokio::test]
async fn a_question_of_the_longest_length_is_answered() {
    let server = start().await;
    let question = "é".repeat(ASK_QUERY_MAX_CHARS);
    let prev: Vec<String> = vec!["a".repeat(ASK_QUERY_MAX_CHARS); ASK_MAX_PREV_TURNS];
    let json = post(&server, &json!({ "query": question, "prev": prev }))
        .await
        .conforms("POST", "/ask", 200);
    assert_nlweb(&json);
}

#[tokio::test]
async fn a_conversation_too_long_for_a_url_is_431_on_get_and_answered_by_post() {
    // Every parameter within its bounds, the whole query string past the header limit.
    let server = start().await;
    // (Just past it: the client's URI type holds at most 64 KiB.)
    let long = "é".repeat(ASK_QUERY_MAX_CHARS);
    let n_prev = MAX_HEADER_BYTES / percent_encode(&long).len() + 1;
    assert!(n_prev <= ASK_MAX_PREV_TURNS);
    let mut pairs = vec![("query", long.as_str())];
    pairs.extend(std::iter::repeat_n(("prev", long.as_str()), n_prev));
    assert!(query_string(&pairs).len() > MAX_HEADER_BYTES);
    let response = get(&server, &pairs, &[]).await;
    // The Error body, checked against the document's 431 (hyper's own answer had none).
    let error = response.conforms("GET", "/ask", 431);
    assert_eq!(error["error"]["code"], "header_fields_too_large");
    let documented = &openapi()["paths"]["/ask"]["get"]["responses"]["431"]["$ref"];
    assert_eq!(documented, "#/components/responses/HeadTooLarge");
    let prev = vec![long.clone(); n_prev];
    let answer = post(&server, &json!({ "query": long, "prev": prev })).await;
    assert_nlweb(&answer.conforms("POST", "/ask", 200));
}

#[tokio::test]
async fn browsers_may_call_it_and_resume_streams() {
    let server = start().await;
    let preflight = server
        .client
        .request(http::Method::OPTIONS, server.url("/ask"))
        .header("origin", "https://app.example")
        .header("access-control-request-method", "POST")
        .send()
        .await
        .expect("OPTIONS");
    assert_eq!(preflight.status(), 204);
    let headers = preflight.headers();
    assert_eq!(headers["allow"], "GET, HEAD, POST, OPTIONS");
    let allowed = headers["access-control-allow-headers"].to_str().expect("ASCII");
    for name in ["Content-Type", "Last-Event-ID"] {
        assert!(allowed.contains(name), "{name} in {allowed}");
    }
    let answer = get(&server, &[("query", "who are you?")], &[]).await;
    assert_eq!(answer.header("access-control-allow-origin"), Some("*"));
    let trailing = server.get("/ask/?query=x").await;
    assert_eq!(trailing.status, 308);
    assert_eq!(trailing.header("location"), Some("/ask?query=x"));
    let put = server.client.put(server.url("/ask")).send().await.expect("PUT");
    let put = Checked::read(put).await;
    assert_eq!(put.status, 405);
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST, OPTIONS"));
}

/// A client that sent the question as `q` (the name search boxes use) is told the parameter
/// is called `query`; one that sent neither, or a blank `query` beside a `q`, is not.
#[tokio::test]
async fn a_question_sent_as_q_is_told_the_parameter_is_query() {
    let server = start().await;
    let named = "pass the question as `query`";
    for pairs in [vec![("q", "hi")], vec![("q", "")], vec![("q", "hi"), ("mode", "list")]] {
        let error = get(&server, &pairs, &[]).await.error("GET", "/ask", 400, "missing_query");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(named), "{pairs:?}: {message}");
    }
    let error =
        post(&server, &json!({ "q": "hi" })).await.error("POST", "/ask", 400, "missing_query");
    assert!(error["error"]["message"].as_str().is_some_and(|m| m.contains(named)), "{error}");
    for pairs in [vec![], vec![("query", " "), ("q", "hi")]] {
        let error = get(&server, &pairs, &[]).await.error("GET", "/ask", 400, "missing_query");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.contains(named), "{pairs:?}: {message}");
    }
    let answered = get(&server, &[("query", "what is a data catalogue?"), ("q", "x")], &[]).await;
    assert_eq!(answered.status, 200, "`q` beside `query` is ignored, as before");
}

/// A missing or blank question is refused with the name the question goes under, `query`,
/// in both of its places: "the question is missing or blank; send a question in plain
/// language" left a stranger following llms.txt's `/ask` link, or an agent that sent
/// `{"question": ...}` (the MCP prompt's and the A2A skill's word), guessing the name.
#[tokio::test]
async fn a_missing_question_is_told_its_name_is_query() {
    let server = start().await;
    for pairs in [vec![], vec![("query", "  ")], vec![("question", "what is rag?")]] {
        let error = get(&server, &pairs, &[]).await.error("GET", "/ask", 400, "missing_query");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("`/ask?query=`"), "{pairs:?}: {message}");
    }
    for body in
        [json!({}), json!({ "question": "what is rag?" }), json!({ "query": { "text": "" } })]
    {
        let error = post(&server, &body).await.error("POST", "/ask", 400, "missing_query");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("`{\"query\": \"...\"}`"), "{body}: {message}");
    }
}

/// A question of clients in a sector cites that sector's case study, which never names the
/// sector (its industry page lists it), and a question of how long the firm's work takes
/// quotes a service's duration: "any healthcare clients?" quoted the OAuth error
/// `invalid_client`, and "how long are your projects?" listed the case studies.
#[tokio::test]
async fn sector_clients_and_project_durations_are_answered_from_the_firms_pages() {
    let server = start().await;
    let first_url = |json: &Value| json["content"][1]["resource"]["data"]["url"].to_string();
    for question in ["any healthcare clients?", "Do you have a case study in healthcare?"] {
        let json = get(&server, &[("query", question)], &[]).await.conforms("GET", "/ask", 200);
        assert_nlweb(&json);
        let text = json["content"][0]["text"].as_str().unwrap_or_default();
        assert!(!text.contains("invalid_client"), "{question}: {text}");
        assert!(text.contains("900-bed acute hospital"), "{question}: {text}");
        let url = first_url(&json);
        assert!(url.contains("/case-studies/hospital-demand-forecasting/"), "{question}: {url}");
    }
    // A sector's everyday word is read as its industry and searched among the firm's pages:
    // "banking" quoted guides' "bank holidays", "logistics" a guide's "logistic regression".
    for (question, page) in [
        ("any clients in banking?", "/case-studies/insurer-claims-triage/"),
        ("Any logistics case studies?", "/industries/logistics-and-transport/"),
    ] {
        let json = get(&server, &[("query", question)], &[]).await.conforms("GET", "/ask", 200);
        let text = json["content"][0]["text"].as_str().unwrap_or_default();
        assert!(!text.contains("bank holiday"), "{question}: {text}");
        assert!(!text.contains("logistic regression"), "{question}: {text}");
        assert!(first_url(&json).contains(page), "{question}: {json}");
        let guide = json["content"].as_array().into_iter().flatten().any(|item| {
            item["resource"]["data"]["url"].as_str().is_some_and(|url| url.contains("/guides/"))
        });
        assert!(!guide, "{question}: no guide is cited: {json}");
    }
    let question = "how long are your projects";
    let json = get(&server, &[("query", question)], &[]).await.conforms("GET", "/ask", 200);
    let text = json["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.contains("six to eight weeks") && !text.contains("DPIA"), "{text}");
    assert!(first_url(&json).contains("/services/"), "{json}");
}

/// Questions a stranger put to the release server: the firm's tools and whether it is hiring
/// are stated nowhere ("not covered", with the contact email, where a works-council guide and
/// the contact answer were given); "serve" and "experience" are phrasing; where the firm works
/// opens with its location.
#[tokio::test]
async fn questions_to_the_firm_quote_only_what_answers_them() {
    let server = start().await;
    let text_of =
        |json: &Value| json["content"][0]["text"].as_str().unwrap_or_default().to_string();
    for question in ["What technologies do you use?", "are you hiring?"] {
        let json = get(&server, &[("query", question)], &[]).await.conforms("GET", "/ask", 200);
        assert_nlweb(&json);
        let text = text_of(&json);
        assert!(text.contains("do not answer this question"), "{question}: {text}");
        assert!(text.contains("hello@larchmere.example"), "{question}: {text}");
        assert!(!text.contains("monitors staff"), "{question}: {text}");
    }
    let json = get(&server, &[("query", "What sectors do you serve?")], &[])
        .await
        .conforms("GET", "/ask", 200);
    assert!(text_of(&json).contains("works in 6 industries"), "{json}");
    let json = get(&server, &[("query", "Do you work outside the UK?")], &[])
        .await
        .conforms("GET", "/ask", 200);
    assert!(text_of(&json).starts_with("Location: "), "{json}");
    assert!(text_of(&json).contains("working remotely across Europe"), "{json}");
}

/// Each setting may be given in one of its two places (flat, or in its v0.5 section); a
/// section that is `null` or lacks the setting does not count as a place, so the flat setting
/// stands. The document's `AskRequest` says exactly that: CI's schemathesis fuzzing sent
/// `"mode"` beside `"return_response": null`, was rightly answered 200, and reported a
/// schema-violating request accepted, since the schema's "not both" rule matched a null section.
#[tokio::test]
async fn a_setting_in_one_place_is_accepted_and_in_two_refused_as_the_document_says() {
    let server = start().await;
    let accepted = [
        json!({ "query": "why?", "mode": "list", "return_response": null }),
        json!({ "query": "why?", "mode": "list", "return_response": {} }),
        json!({ "query": "why?", "streaming": false, "return_response": { "mode": "list" } }),
        json!({ "query": "why?", "prev": ["a"], "context": null }),
        json!({ "query": "why?", "prev": "a", "context": { "memory": [] } }),
        json!({ "query": "why?", "conversation_id": "c-1", "meta": null }),
        json!({ "query": { "text": "why?" }, "meta": { "conversation_id": "c-1" } }),
    ];
    for body in accepted {
        assert!(matches_component("AskRequest", &body), "documented as valid: {body}");
        post(&server, &body).await.conforms("POST", "/ask", 200);
    }
    let refused = [
        json!({ "query": "why?", "mode": "list", "return_response": { "mode": "list" } }),
        json!({ "query": "why?", "mode": null, "return_response": { "mode": "list" } }),
        json!({ "query": "why?", "streaming": false, "return_response": { "streaming": null } }),
        json!({ "query": "why?", "prev": "a", "context": { "prev": null } }),
        json!({ "query": "why?", "conversation_id": null, "meta": { "conversation_id": "c" } }),
    ];
    for body in refused {
        assert!(!matches_component("AskRequest", &body), "documented as invalid: {body}");
        post(&server, &body).await.error("POST", "/ask", 400, "invalid_body");
    }
}

/// An `Accept` that rules out both forms `/ask` answers in (JSON and events) is 406
/// `not_acceptable`, as on the MCP servers, on GET and POST alike, whatever `streaming` says:
/// it was answered in JSON. Anything that allows one of the two is answered.
#[tokio::test]
async fn an_accept_that_rules_out_json_and_events_is_406() {
    let server = start().await;
    let question = [("query", "what is a data contract")];
    for accept in [
        "text/html",
        "application/json;q=0, text/event-stream;q=0",
        "*/*;q=0",
        "image/*, text/plain",
        "application/json;q=0, text/*;q=0, */*",
    ] {
        let refused = get(&server, &question, &[("accept", accept)]).await;
        refused.error("GET", "/ask", 406, "not_acceptable");
        let streaming = [("query", "what is a data contract"), ("streaming", "true")];
        let refused = get(&server, &streaming, &[("accept", accept)]).await;
        refused.error("GET", "/ask", 406, "not_acceptable");
        let posted = server
            .client
            .post(server.url("/ask"))
            .header("content-type", "application/json")
            .header("accept", accept)
            .body(json!({ "query": "what is a data contract" }).to_string())
            .send()
            .await
            .expect("POST /ask");
        Checked::read(posted).await.error("POST", "/ask", 406, "not_acceptable");
    }
    for accept in ["text/html, */*;q=0.1", "text/event-stream", "application/*", "text/*"] {
        let answered = get(&server, &question, &[("accept", accept)]).await;
        assert_eq!(answered.status, 200, "Accept: {accept}: {}", answered.text);
    }
}

/// A score of the readiness assessment finds its band over the real server: "what does a
/// readiness score of 48 mean?" was "not covered", "48" being a word no item writes; it now
/// quotes the Building band's line, which names its scores ("from 40 to 59"), with the
/// assessment page as its first source. A score of something else stays no band.
#[tokio::test]
async fn an_assessment_score_finds_its_band() {
    let server = start().await;
    let answer = get(&server, &[("query", "what does a readiness score of 48 mean?")], &[])
        .await
        .conforms("GET", "/ask", 200);
    let text = answer["content"][0]["text"].as_str().expect("the answer's text");
    assert!(text.starts_with("The Building band, a score from 40 to 59: "), "{text}");
    assert_eq!(answer["content"][1]["resource"]["data"]["@type"], "WebApplication", "{answer}");
    let other = get(&server, &[("query", "our F1 score is 70, is that good?")], &[])
        .await
        .conforms("GET", "/ask", 200);
    assert!(!other["content"][0]["text"].as_str().expect("text").contains(" band, a score from "));
}
