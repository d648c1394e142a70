//! The A2A (agent-to-agent) surface: A2A's JSON-RPC binding at `model::A2A_PATH`, protocol
//! 1.0 and 0.3 on one endpoint, an adapter over the core (`ops::ask` for questions,
//! `ops::readiness` for scoring). Its agent card is a fixed route built at compile time
//! (`src/compiler/agent_card.rs`).
//!
//! Nothing is stored, so the agent always answers with a message, never a task:
//! - `SendMessage` (`message/send`): a text question gets a text part with the answer and a
//!   data part with its sentences and sources (schema.org objects); a data part with readiness
//!   answers gets a text summary and the ReadinessResult.
//! - `SendStreamingMessage` (`message/stream`): the same message as the one event of a
//!   server-sent-events stream (A2A 3.1.2, "message-only stream").
//! - `GetTask`, `CancelTask`, `SubscribeToTask` (and 0.3's `tasks/get`, `tasks/cancel`,
//!   `tasks/resubscribe`): `TaskNotFoundError`. `ListTasks` (1.0 only): an empty list.
//! - Push-notification config methods: `PushNotificationNotSupportedError`.
//!   `GetExtendedAgentCard`: `UnsupportedOperationError`, as the card declares no extended
//!   card (A2A 3.3.4; -32007 is for a declared but missing one).
//!
//! Versions (`version`): `A2A-Version` absent means 0.3; a method of the other version, or a
//! version other than 0.3 and 1.0, is `VersionNotSupportedError`. Replies never mix the
//! shapes: 1.0 results are ProtoJSON (`{"message": {...}}`, `ROLE_AGENT`, flat parts, no
//! `kind`), 0.3 results are the message itself with `kind` members and lowercase roles. Every
//! response carries the version it was answered in as `A2A-Version`.
//!
//! Follow-ups without storage: when a question arrives without a `contextId`, the reply's
//! `contextId` carries that first question (`ctx-` and its base64url). A follow-up sent with
//! that `contextId` is answered with the first question as its earlier turn, and the reply
//! keeps the id (A2A 3.4.1: a client-provided `contextId` is preserved). Earlier questions
//! sent in `metadata.prev` take precedence. Any other `contextId` is echoed and carries
//! nothing. Ids are deterministic: the reply's `messageId` is a hash of the request's message.

pub mod error;
pub mod message;
pub mod version;

use std::collections::VecDeque;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use http::StatusCode;
use http::header::{self, HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::answer::Answer;
use crate::jsonrpc::{self, Body as RpcBody, Id, Message};
use crate::ops;
use crate::scoring::ReadinessResult;
use crate::wire::media::is_json;
use crate::wire::reply::NO_STORE;
use crate::wire::{Reply, sse};
pub use error::A2aError;
use message::{Accepts, Incoming};
use version::{Operation, Version};

/// `ListTasks` page size when none is asked for (A2A 1.0 `ListTasksRequest.page_size`).
pub const LIST_TASKS_PAGE_SIZE_DEFAULT: u64 = 50;
/// Largest `ListTasks` page size A2A allows; larger is invalid params.
pub const LIST_TASKS_PAGE_SIZE_MAX: u64 = 100;
/// Prefix of a `contextId` this agent minted, which carries the conversation's first question.
pub const CONTEXT_PREFIX: &str = "ctx-";

/// Answers one POST to the A2A endpoint: `headers` and the `query` string for the version,
/// `body` the JSON-RPC request.
pub fn answer(headers: &HeaderMap, query: Option<&str>, body: &[u8]) -> Reply {
    let requested = version::requested(headers, query);
    // Errors that come before the version is settled are shaped as the newest version's.
    let shape = *requested.as_ref().unwrap_or(&Version::V1_0);
    let content_type = headers.get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap_or("?"));
    if let Some(found) = content_type.filter(|ct| !is_json(ct)) {
        return refused(&ops::Error::unsupported_media_type(found), shape);
    }
    let request = match jsonrpc::parse_body(body) {
        Err(parse) => return error_reply(&A2aError::parse(parse), None, shape),
        Ok(RpcBody::Batch(_)) => {
            let error = A2aError::invalid_request(
                "invalid request: batch requests are not supported; send one request per POST",
            );
            return error_reply(&error, None, shape);
        }
        Ok(RpcBody::Single(value)) => match jsonrpc::message(value) {
            Err(invalid) => {
                return error_reply(
                    &A2aError::invalid_request(invalid.message),
                    invalid.id.as_ref(),
                    shape,
                );
            }
            Ok(Message::Notification(_)) => {
                return with_version(Reply::empty(StatusCode::ACCEPTED), shape);
            }
            Ok(Message::Response) => {
                let error = A2aError::invalid_request(
                    "invalid request: this agent sends no requests, so it takes no responses",
                );
                return error_reply(&error, None, shape);
            }
            Ok(Message::Request(request)) => request,
        },
    };
    let version = match requested {
        Ok(version) => version,
        Err(sent) => {
            let error = A2aError::version_not_supported(format!(
                "A2A version `{}` is not supported; send A2A-Version: 1.0 or 0.3 (absent means 0.3)",
                ops::error::truncate(&sent)
            ));
            return error_reply(&error, Some(&request.id), shape);
        }
    };
    let Some((method_version, operation)) = version::method(&request.method) else {
        return error_reply(&A2aError::unknown_method(&request.method), Some(&request.id), version);
    };
    if method_version != version {
        let error = A2aError::version_not_supported(format!(
            "`{}` is an A2A {} method but the request speaks A2A {}; send A2A-Version: {} with it (absent means 0.3)",
            request.method,
            method_version.as_str(),
            version.as_str(),
            method_version.as_str()
        ));
        return error_reply(&error, Some(&request.id), version);
    }
    match run(operation, request.params.as_ref(), version) {
        Ok(Outcome::Result(result)) => {
            let text = jsonrpc::result_text(&request.id, &result);
            with_version(Reply::json(StatusCode::OK, text, NO_STORE), version)
        }
        Ok(Outcome::Stream(result)) => {
            let text = jsonrpc::result_text(&request.id, &result);
            with_version(Reply::events(VecDeque::from([sse::event(None, &text)])), version)
        }
        Err(error) => error_reply(&error, Some(&request.id), version),
    }
}

/// A refusal of the transport (body too large or too slow, the rate limit, a method other
/// than POST) as a JSON-RPC error with its HTTP status.
pub fn refused(error: &ops::Error, version: Version) -> Reply {
    error_reply(&A2aError::refusal(error), None, version)
}

/// The version a refusal is shaped in, from the headers alone.
pub fn version_of(headers: &HeaderMap, query: Option<&str>) -> Version {
    version::requested(headers, query).unwrap_or(Version::V1_0)
}

fn error_reply(error: &A2aError, id: Option<&Id>, version: Version) -> Reply {
    with_version(Reply::json(error.status(), error.response(id, version), NO_STORE), version)
}

fn with_version(reply: Reply, version: Version) -> Reply {
    reply.with(
        HeaderName::from_static(version::VERSION_HEADER),
        HeaderValue::from_static(version.as_str()),
    )
}

/// What a method produced: a result for one JSON body, or for a one-event stream.
enum Outcome {
    Result(String),
    Stream(String),
}

fn run(
    operation: Operation,
    params: Option<&Value>,
    version: Version,
) -> Result<Outcome, A2aError> {
    match operation {
        Operation::SendMessage => send(params, version).map(Outcome::Result),
        Operation::SendStreamingMessage => send(params, version).map(Outcome::Stream),
        Operation::GetTask | Operation::CancelTask | Operation::SubscribeToTask => {
            let task_id = params.and_then(|p| p.get("id")).and_then(Value::as_str);
            match task_id {
                Some(task_id) if !task_id.is_empty() => Err(A2aError::task_not_found(task_id)),
                _ => Err(A2aError::invalid_params(
                    "id",
                    "invalid params: `id` (the task id) is required",
                )),
            }
        }
        Operation::ListTasks => list_tasks(params),
        Operation::PushNotificationConfig => Err(A2aError::push_not_supported()),
        Operation::GetExtendedAgentCard => Err(A2aError::unsupported_operation(
            "this agent has no extended agent card; the public card at /.well-known/agent-card.json is complete (capabilities.extendedAgentCard false)",
        )),
    }
}

/// `ListTasks`: no task is ever kept, so every page is empty and the last.
fn list_tasks(params: Option<&Value>) -> Result<Outcome, A2aError> {
    let page_size = match params.and_then(|p| p.get("pageSize")) {
        None | Some(Value::Null) => LIST_TASKS_PAGE_SIZE_DEFAULT,
        Some(size) => size
            .as_u64()
            .or_else(|| size.as_f64().filter(|f| f.fract() == 0.0 && *f >= 0.0).map(|f| f as u64))
            .filter(|n| (1..=LIST_TASKS_PAGE_SIZE_MAX).contains(n))
            .ok_or_else(|| {
                A2aError::invalid_params(
                    "pageSize",
                    format!("invalid params: pageSize must be an integer from 1 to {LIST_TASKS_PAGE_SIZE_MAX}"),
                )
            })?,
    };
    Ok(Outcome::Result(format!(
        "{{\"tasks\":[],\"nextPageToken\":\"\",\"pageSize\":{page_size},\"totalSize\":0}}"
    )))
}

/// `SendMessage` and its kin: the result (1.0: `{"message": ...}`; 0.3: the message).
fn send(params: Option<&Value>, version: Version) -> Result<String, A2aError> {
    let incoming = message::read(params, version)?;
    let (context_id, parts) = match incoming.data {
        Some(data) => {
            let result = score(data)?;
            (
                incoming.context_id.map(str::to_string),
                readiness_parts(&result, incoming.accepts, version),
            )
        }
        None => {
            let carried = incoming.context_id.and_then(context_turn);
            let prev: Vec<&str> = if incoming.prev.is_empty() {
                carried.as_deref().into_iter().collect()
            } else {
                incoming.prev.clone()
            };
            let answer = ops::ask::answer(&incoming.text, &prev)
                .map_err(|error| A2aError::from_core(&error, "message.parts"))?;
            let context_id = incoming
                .context_id
                .map_or_else(|| mint_context(incoming.text.trim()), str::to_string);
            (Some(context_id), answer_parts(&answer, incoming.accepts, version))
        }
    };
    let message = reply_message(&incoming, context_id.as_deref(), &parts, version);
    Ok(match version {
        Version::V1_0 => format!("{{\"message\":{message}}}"),
        Version::V0_3 => message,
    })
}

/// Scores readiness answers sent as a data part: `{"answers": [...]}` or the bare array.
fn score(data: &Value) -> Result<ReadinessResult, A2aError> {
    let wrapped;
    let request = match data {
        Value::Array(answers) => {
            wrapped = serde_json::json!({ "answers": answers });
            &wrapped
        }
        Value::Object(object) if object.contains_key("answers") => data,
        _ => {
            return Err(A2aError::invalid_params(
                "message.parts",
                "invalid params: a data part carries readiness answers, {\"answers\": [16 option indices or 15 points]}; ask questions as text",
            ));
        }
    };
    ops::readiness::score(request).map_err(|error| A2aError::from_core(&error, "message.parts"))
}

/// The reply's parts, each already JSON.
fn answer_parts(answer: &Answer, accepts: Accepts, version: Version) -> Vec<String> {
    let mut sentences = String::from("[");
    for (idx, sentence) in answer.sentences.iter().enumerate() {
        if idx > 0 {
            sentences.push(',');
        }
        let cited: Vec<String> = sentence.sources.clone().map(|i| i.to_string()).collect();
        sentences.push_str(&format!(
            "{{\"text\":{},\"sources\":[{}]}}",
            Value::from(sentence.text),
            cited.join(",")
        ));
    }
    sentences.push(']');
    let sources: Vec<&str> = answer.sources.iter().map(|s| s.schema_org).collect();
    let data = format!(
        "{{\"answer\":\"{}\",\"sentences\":{sentences},\"sources\":[{}]}}",
        answer.kind.name(),
        sources.join(",")
    );
    parts(&answer.text(), &data, accepts, version)
}

fn readiness_parts(result: &ReadinessResult, accepts: Accepts, version: Version) -> Vec<String> {
    let weakest = match result.weakest_pillar {
        "strategy" => &result.pillars.strategy,
        "people" => &result.pillars.people,
        "data" => &result.pillars.data,
        _ => &result.pillars.change,
    };
    let mut text = format!(
        "AI readiness score: {} out of 100, in the {} band. The weakest pillar is {} (average {:.1} out of 5).",
        result.score, result.band.name, weakest.title, weakest.average
    );
    if let Some(advice) = weakest.advice {
        text.push(' ');
        text.push_str(advice);
    }
    let data = String::from_utf8(ops::readiness::result_json(result)).unwrap_or_default();
    parts(&text, &data, accepts, version)
}

/// A text part and a data part, as the client accepts them, in `version`'s shape.
fn parts(text: &str, data: &str, accepts: Accepts, version: Version) -> Vec<String> {
    let text = Value::from(text);
    let mut parts = Vec::with_capacity(2);
    match version {
        Version::V1_0 => {
            if accepts.text {
                parts.push(format!("{{\"text\":{text},\"mediaType\":\"text/plain\"}}"));
            }
            if accepts.json {
                parts.push(format!("{{\"data\":{data},\"mediaType\":\"application/json\"}}"));
            }
        }
        Version::V0_3 => {
            if accepts.text {
                parts.push(format!("{{\"kind\":\"text\",\"text\":{text}}}"));
            }
            if accepts.json {
                parts.push(format!("{{\"kind\":\"data\",\"data\":{data}}}"));
            }
        }
    }
    parts
}

/// The agent's message: a deterministic id, the context, the role and the parts.
fn reply_message(
    incoming: &Incoming<'_>,
    context_id: Option<&str>,
    parts: &[String],
    version: Version,
) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"consultancy-api a2a v1\0");
    hasher.update(version.as_str().as_bytes());
    for piece in [incoming.message_id, incoming.context_id.unwrap_or(""), incoming.text.as_str()] {
        hasher.update(b"\0");
        hasher.update(piece.as_bytes());
    }
    if let Some(data) = incoming.data {
        hasher.update(data.to_string().as_bytes());
    }
    for turn in &incoming.prev {
        hasher.update(b"\0");
        hasher.update(turn.as_bytes());
    }
    let digest = hasher.finalize();
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    let mut message = String::from("{");
    if version == Version::V0_3 {
        message.push_str("\"kind\":\"message\",");
    }
    message.push_str(&format!("\"messageId\":\"msg-{hex}\""));
    if let Some(context_id) = context_id {
        message.push_str(&format!(",\"contextId\":{}", Value::from(context_id)));
    }
    let role = if version == Version::V1_0 { "ROLE_AGENT" } else { "agent" };
    message.push_str(&format!(",\"role\":\"{role}\",\"parts\":[{}]}}", parts.join(",")));
    message
}

/// A `contextId` that carries the conversation's first question.
pub fn mint_context(question: &str) -> String {
    format!("{CONTEXT_PREFIX}{}", URL_SAFE_NO_PAD.encode(question.as_bytes()))
}

/// The first question a `contextId` minted here carries; `None` for any other id.
pub fn context_turn(context_id: &str) -> Option<String> {
    let encoded = context_id.strip_prefix(CONTEXT_PREFIX)?;
    let bytes = URL_SAFE_NO_PAD.decode(encoded).ok()?;
    let turn = String::from_utf8(bytes).ok()?;
    ops::ask::check(&turn, &[]).ok()?;
    Some(turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minted_context_carries_its_first_question_back() {
        let id = mint_context("How do we start with demand forecasting?");
        assert!(id.starts_with(CONTEXT_PREFIX));
        assert_eq!(context_turn(&id).as_deref(), Some("How do we start with demand forecasting?"));
        for foreign in ["", "ctx-", "ctx-!!", "9f0c6a2e-uuid", "ctx-_w"] {
            assert_eq!(context_turn(foreign), None, "{foreign}");
        }
    }
}
