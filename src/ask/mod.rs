//! `/ask`: the NLWeb-compatible natural-language query endpoint, an adapter from NLWeb's
//! request shapes to `ops::ask` (the answer engine behind the core's checks) and from its
//! answer to an NLWeb v0.5 response.
//!
//! The response: `_meta` (`version` "0.5", `response_type` "Answer", `request_id`, and the
//! client's `conversation_id` when sent) and `content`: one text item, then one resource item
//! per source whose `data` is the source's schema.org object (NLWeb's own server and chat UI
//! send one result per resource item, and the UI reads `resource.data` as one item).
//!
//! - `mode=summarize` (default): the text is the extractive answer, sentences quoted from the
//!   content (or composed from the records for a question about the company).
//! - `mode=list`: the text lists the sources, one `title (url)` per line, with no quoted
//!   sentence; a question the content does not cover keeps its notice first.
//!
//! JSON or server-sent events: `streaming` decides when given; when absent, events go to a
//! client whose `Accept` prefers `text/event-stream` to `application/json` (every
//! `EventSource` does) and JSON to everyone else (curl, `fetch`, `requests`). NLWeb's own
//! default is to stream; a plain HTTP client reading one JSON document is the common case
//! here, and the stream carries the same data.
//!
//! The stream: `_meta`, the text batch, the resources batch, then `{"type":"done"}`, each
//! event with an `id` (1 to 4). Since the same request always gives the same answer, a
//! reconnecting `EventSource` (which sends `Last-Event-ID`) resumes after that event; after
//! the last one (or past it) it gets 204, which tells an `EventSource` to stop reconnecting.
//!
//! `request_id` is derived from the request (a hash of the question, the earlier turns and
//! the mode), since nothing is stored: the same request always carries the same id.

pub mod request;

use std::collections::VecDeque;

use bytes::Bytes;
use http::StatusCode;
use http::header;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::answer::{Answer, AnswerKind, Surface};
use crate::json;
use crate::model::ErrorKind;
use crate::ops::{self, Error};
use crate::wire::reply::{CACHE_CONTENT, NO_STORE};
use crate::wire::{Reply, sse};
pub use request::{AskRequest, Mode};

/// The NLWeb protocol version of every response.
pub const NLWEB_VERSION: &str = "0.5";
/// The last event of a stream.
const DONE: &str = "{\"type\":\"done\"}";
/// Events in a stream: `_meta`, text, resources, done.
pub const N_EVENTS: usize = 4;

/// How the transport saw the request: what it prefers and where a stream left off.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Delivery<'a> {
    /// `Accept` rates `text/event-stream` above `application/json`.
    pub prefers_events: bool,
    /// `Last-Event-ID` of a reconnecting `EventSource`.
    pub last_event_id: Option<&'a str>,
    /// A second `Last-Event-ID` that differs from the first, if the request sent one.
    pub other_last_event_id: Option<&'a str>,
}

/// `GET /ask?query=...`
pub fn get(query: Option<&str>, delivery: Delivery<'_>) -> Result<Reply, Error> {
    let request = request::from_query(query)?;
    answer(&request, delivery, CACHE_CONTENT)
}

/// `POST /ask` with a JSON body. Its parameters are in the body only: a query string is a 400
/// rather than silently ignored.
pub fn post(body: &[u8], query: Option<&str>, delivery: Delivery<'_>) -> Result<Reply, Error> {
    if query.is_some_and(|q| !q.is_empty()) {
        return Err(Error::invalid_parameter(
            "POST /ask reads its parameters from the JSON body; move the query string's parameters there (or use GET)",
        ));
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::invalid_json(
            "the body is empty; send a JSON object such as {\"query\": \"...\"}",
        ));
    }
    let value: Value = crate::json::read(body).map_err(Error::unreadable_json)?;
    answer(&request::from_json(&value)?, delivery, NO_STORE)
}

/// A missing or blank question, refused by the core in words every surface shares, with the
/// name `/ask` reads it under and where it goes: a stranger following llms.txt's link, or an
/// agent sending `{"question": ...}`, was told only that the question was missing.
fn name_query(error: Error) -> Error {
    if error.kind != ErrorKind::MissingQuery {
        return error;
    }
    Error::new(
        ErrorKind::MissingQuery,
        "the question is missing or blank: send it in plain language as `query`, in the URL (`/ask?query=`) or in a POST body (`{\"query\": \"...\"}`, or NLWeb's `{\"query\": {\"text\": \"...\"}}`)",
    )
}

/// Answers a parsed request as JSON or as events.
pub fn answer(
    request: &AskRequest,
    delivery: Delivery<'_>,
    cache_control: &'static str,
) -> Result<Reply, Error> {
    let prev: Vec<&str> = request.prev.iter().map(String::as_str).collect();
    let answer = ops::ask::answer(&request.query, &prev, Surface::Web).map_err(name_query)?;
    let meta = meta(request, &prev);
    let text = text_item(&answer, request.mode);
    let resources = resource_items(&answer);
    let streaming = request.streaming.unwrap_or(delivery.prefers_events);
    let mut reply = if streaming {
        let events = [
            format!("{{\"_meta\":{meta}}}"),
            format!("{{\"content\":[{text}]}}"),
            format!("{{\"content\":[{resources}]}}"),
            DONE.to_string(),
        ];
        // An EventSource sends one `Last-Event-ID`; two that differ name no one place to
        // resume from, and either guess would send events twice or leave some out.
        if let (Some(first), Some(other)) = (delivery.last_event_id, delivery.other_last_event_id) {
            return Err(Error::invalid_parameter(format!(
                "Last-Event-ID is sent more than once, with different values (`{}` and `{}`); send it once, the id of the last event received",
                ops::error::truncate(first.trim()),
                ops::error::truncate(other.trim())
            )));
        }
        let resume_after = delivery.last_event_id.map_or(0, resume_after);
        if resume_after >= N_EVENTS {
            // The client has the whole answer; 204 tells an EventSource to stop reconnecting.
            return Ok(Reply::empty(StatusCode::NO_CONTENT));
        }
        let frames: VecDeque<Bytes> = events
            .iter()
            .enumerate()
            .skip(resume_after)
            .map(|(idx, data)| sse::event(Some(idx + 1), data))
            .collect();
        Reply::events(frames)
    } else {
        let mut body = String::with_capacity(meta.len() + text.len() + resources.len() + 32);
        body.push_str("{\"_meta\":");
        body.push_str(&meta);
        body.push_str(",\"content\":[");
        body.push_str(&text);
        if !resources.is_empty() {
            body.push(',');
            body.push_str(&resources);
        }
        body.push_str("]}");
        Reply::json(StatusCode::OK, body, cache_control)
    };
    // The representation depends on `Accept` whenever `streaming` is not given.
    reply.static_headers.push(header::VARY, "accept");
    Ok(reply)
}

/// How many events a reconnecting client has, from its `Last-Event-ID`: the id itself when
/// it is a decimal number (one past the last event, `5` or a number no integer holds, is past
/// the end too: the client has everything, as with `4`, and is not sent the stream again from
/// the start); 0, the whole stream, for anything else (`abc`, `-1`, empty), which no stream of
/// this endpoint sent.
fn resume_after(last_event_id: &str) -> usize {
    let id = last_event_id.trim();
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return 0;
    }
    id.parse::<usize>().unwrap_or(usize::MAX)
}

/// The `_meta` object.
fn meta(request: &AskRequest, prev: &[&str]) -> String {
    let mut meta = format!(
        "{{\"version\":\"{NLWEB_VERSION}\",\"response_type\":\"Answer\",\"request_id\":\"{}\"",
        request_id(request.query.trim(), prev, request.mode)
    );
    if let Some(id) = &request.conversation_id {
        meta.push_str(",\"conversation_id\":");
        json::push_string(&mut meta, id);
    }
    meta.push('}');
    meta
}

/// `ask-` and 24 hex digits of a SHA-256 over the mode, the question and the earlier turns:
/// the same request always gets the same id, and nothing needs to be stored.
pub fn request_id(question: &str, prev: &[&str], mode: Mode) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"consultancy-api ask v1\0");
    hasher.update(if mode == Mode::List { b"list\0".as_slice() } else { b"summarize\0" });
    hasher.update(question.as_bytes());
    for turn in prev {
        hasher.update(b"\0");
        hasher.update(turn.as_bytes());
    }
    let digest = hasher.finalize();
    let mut id = String::with_capacity(28);
    id.push_str("ask-");
    for byte in &digest[..12] {
        id.push(char::from(b"0123456789abcdef"[usize::from(byte >> 4)]));
        id.push(char::from(b"0123456789abcdef"[usize::from(byte & 0xf)]));
    }
    id
}

/// The text item: the answer, or in list mode the sources one per line, escaped as it is
/// written.
fn text_item(answer: &Answer, mode: Mode) -> String {
    let len: usize = answer.sentences.iter().map(|s| s.text.len() + 1).sum::<usize>()
        + answer.sources.iter().map(|s| s.title.len() + s.url.len() + 4).sum::<usize>();
    let mut item = String::with_capacity(len + len / 8 + 48);
    item.push_str("{\"type\":\"text\",\"text\":\"");
    match mode {
        Mode::Summarize => {
            for (idx, sentence) in answer.sentences.iter().enumerate() {
                if idx > 0 {
                    item.push(' ');
                }
                json::push_escaped(&mut item, sentence.text);
            }
        }
        Mode::List => {
            let notice = answer.sentences.first().filter(|_| answer.kind == AnswerKind::NotCovered);
            let mut first = true;
            if let Some(sentence) = notice {
                json::push_escaped(&mut item, sentence.text);
                first = false;
            }
            for source in &answer.sources {
                if !first {
                    json::push_escaped(&mut item, "\n");
                }
                first = false;
                json::push_escaped(&mut item, source.title);
                item.push_str(" (");
                json::push_escaped(&mut item, source.url);
                item.push(')');
            }
        }
    }
    item.push_str("\"}");
    item
}

/// One resource item per source, comma-separated, `data` its schema.org object.
fn resource_items(answer: &Answer) -> String {
    let mut items = String::new();
    for source in &answer.sources {
        if !items.is_empty() {
            items.push(',');
        }
        items.push_str("{\"type\":\"resource\",\"resource\":{\"data\":");
        items.push_str(source.schema_org);
        items.push_str("}}");
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Body;

    /// The text item, escaped as it is written, is the one serde_json builds: the sentences
    /// joined by spaces, or in list mode the notice (when nothing is covered) and one
    /// `title (url)` line per source.
    #[test]
    fn the_text_item_is_the_answer_text() {
        for question in [
            "How should we monitor a machine learning model in production?",
            "Which services do you offer?",
            "What does \"data mesh\" mean?",
            "zzzz qqqq xxxx",
        ] {
            let answer = ops::ask::answer(question, &[], Surface::Web).expect("an answer");
            let mut lines: Vec<String> = Vec::new();
            if answer.kind == AnswerKind::NotCovered {
                lines.extend(answer.sentences.first().map(|s| s.text.to_string()));
            }
            lines.extend(answer.sources.iter().map(|s| format!("{} ({})", s.title, s.url)));
            for (mode, text) in [(Mode::Summarize, answer.text()), (Mode::List, lines.join("\n"))] {
                let expected = format!("{{\"type\":\"text\",\"text\":{}}}", Value::from(text));
                assert_eq!(text_item(&answer, mode), expected, "{question} {mode:?}");
            }
        }
    }

    fn request(query: &str) -> AskRequest {
        AskRequest {
            query: query.into(),
            prev: Vec::new(),
            mode: Mode::Summarize,
            streaming: Some(false),
            conversation_id: None,
        }
    }

    #[test]
    fn the_request_id_depends_on_every_input_and_nothing_else() {
        let id = request_id("how?", &["why?"], Mode::Summarize);
        assert_eq!(id, request_id("how?", &["why?"], Mode::Summarize));
        assert_eq!(id.len(), 28);
        for other in [
            request_id("how?", &[], Mode::Summarize),
            request_id("how?", &["why?"], Mode::List),
            request_id("how??", &["why?"], Mode::Summarize),
        ] {
            assert_ne!(id, other);
        }
    }

    #[test]
    fn a_json_answer_is_a_v05_response_with_one_resource_per_source() {
        let reply =
            answer(&request("Which industries do you work in?"), Delivery::default(), NO_STORE)
                .expect("answered");
        let json: Value =
            serde_json::from_slice(reply.body.bytes().expect("complete")).expect("JSON");
        assert_eq!(json["_meta"]["version"], "0.5");
        let content = json["content"].as_array().expect("content");
        assert_eq!(content[0]["type"], "text");
        assert!(content.len() > 2, "{json}");
        assert!(content[1..].iter().all(|item| item["resource"]["data"]["@type"].is_string()));
    }

    #[test]
    fn a_resumed_stream_skips_what_the_client_has() {
        let mut streaming = request("What is a data contract?");
        streaming.streaming = Some(true);
        let events = |last: Option<&str>| -> Option<usize> {
            let reply = answer(
                &streaming,
                Delivery { prefers_events: false, last_event_id: last, other_last_event_id: None },
                NO_STORE,
            )
            .expect("answered");
            match reply.body {
                Body::Events(frames) => Some(frames.len()),
                Body::Full(_) | Body::Parts(_) => None,
            }
        };
        assert_eq!(events(None), Some(N_EVENTS));
        assert_eq!(events(Some("2")), Some(N_EVENTS - 2));
        assert_eq!(events(Some("junk")), Some(N_EVENTS));
        assert_eq!(events(Some("4")), None, "204 after the last event");
    }
}
