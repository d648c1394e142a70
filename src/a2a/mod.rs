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
//!   `tasks/resubscribe`): `TaskNotFoundError`, after the params are checked (a task id that
//!   is no string, `GetTask`'s negative `historyLength`: invalid params). `ListTasks` (1.0 only): an empty list, the last
//!   page; a `pageToken` it never issued (any but the empty one), or a filter it cannot read
//!   (a `status` that is no `TaskState`, a negative `historyLength`), is invalid params.
//! - A notification is 202 with no body, unless it names a version the agent does not serve
//!   (`VersionNotSupportedError` with a null id: the version is the transport's).
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

use std::borrow::Cow;
use std::collections::VecDeque;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use http::StatusCode;
use http::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::answer::{Answer, Surface};
use crate::json;
use crate::jsonrpc::{self, Body as RpcBody, Id, Message};
use crate::model::ErrorKind;
use crate::ops;
use crate::scoring::ReadinessResult;
use crate::tables::BANDS;
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
/// What a `contextId` minted for a scoring without text carries as its first turn.
pub const READINESS_CONTEXT: &str = "my AI readiness assessment result";

/// Answers one POST to the A2A endpoint: `headers` and the `query` string for the version,
/// `body` the JSON-RPC request, `events` whether the client's `Accept` allows
/// `text/event-stream` (the HTTP layer reads the header, as for the other endpoints; no
/// `Accept` allows it). The body's labels (`Content-Type`, `Content-Encoding`) were checked
/// before it was read (`wire::media::check_json_headers`, refused with [`refused`]).
pub fn answer(headers: &HeaderMap, query: Option<&str>, body: &[u8], events: bool) -> Reply {
    let requested = version::requested(headers, query);
    // Errors that come before the version is settled are shaped as the newest version's.
    let shape = *requested.as_ref().unwrap_or(&Version::V1_0);
    let request = match jsonrpc::parse_body(body) {
        Err(parse) => return error_reply(&A2aError::parse(parse), None, shape),
        Ok(RpcBody::Batch(_)) => {
            let error = A2aError::invalid_request(
                "invalid request: batch requests are not supported; send one request per POST",
            );
            return error_reply(&error, None, shape);
        }
        Ok(RpcBody::Single(item)) => match jsonrpc::message(item) {
            Err(invalid) => {
                return error_reply(
                    &A2aError::from_invalid(invalid.message, invalid.duplicate),
                    invalid.id.as_ref(),
                    shape,
                );
            }
            Ok(Message::Notification(_)) => {
                // JSON-RPC answers no notification, but the version is the transport's
                // (A2A 3.6: an unsupported one is VersionNotSupportedError, whatever the
                // method), as MCP refuses a notification naming a revision it does not
                // serve: 202 told a client of an unknown version that all was well.
                if let Err(refused) = &requested {
                    let error = A2aError::version_not_supported(refused.message());
                    return error_reply(&error, None, shape);
                }
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
        Err(refused) => {
            let error = A2aError::version_not_supported(refused.message());
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
    // A streaming method's result is an event stream: one whose `Accept` rules events out
    // (`application/json` alone, as a JSON-RPC client sends for every call) is refused with
    // 406 before it runs, rather than sent a stream it cannot parse (since 2026-12-05). The
    // SDKs send `text/event-stream` for the streaming methods. The other methods answer
    // JSON to any `Accept` that allows JSON or events (the HTTP layer refused the rest): a
    // JSON-RPC response is what every A2A client reads, a stream's events included.
    let streams = matches!(operation, Operation::SendStreamingMessage | Operation::SubscribeToTask);
    if streams && !events {
        let refusal = A2aError::refusal(&ops::Error::not_acceptable_form(
            &request.method,
            "text/event-stream",
        ));
        return error_reply(&refusal, Some(&request.id), version);
    }
    match run(operation, &request.id, request.params.as_ref(), version) {
        Ok(Outcome::Result(text)) => {
            with_version(Reply::json(StatusCode::OK, text, NO_STORE), version)
        }
        Ok(Outcome::Stream(text)) => {
            with_version(Reply::events(VecDeque::from([sse::event(None, &text)])), version)
        }
        Err(error) => error_reply(&error, Some(&request.id), version),
    }
}

/// A refusal of the transport (a body labelled so it cannot be read as sent, too large or too
/// slow, the rate limit, a method other than POST) as a JSON-RPC error with its HTTP status.
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

/// What a method produced: the JSON-RPC response's text, for one JSON body or for a one-event
/// stream.
enum Outcome {
    Result(String),
    Stream(String),
}

fn run(
    operation: Operation,
    id: &Id,
    params: Option<&Value>,
    version: Version,
) -> Result<Outcome, A2aError> {
    // Every A2A method takes one request object (a proto message); JSON-RPC's by-position
    // params have no meaning here. `ListTasks` with an array was answered as if it had none.
    if matches!(params, Some(Value::Array(_))) {
        return Err(A2aError::invalid_params(
            "params",
            "invalid params: params must be an object (A2A methods take named params)",
        ));
    }
    match operation {
        Operation::SendMessage => send(id, params, version).map(Outcome::Result),
        Operation::SendStreamingMessage => send(id, params, version).map(Outcome::Stream),
        Operation::GetTask | Operation::CancelTask | Operation::SubscribeToTask => {
            match params.and_then(|p| p.get("id")) {
                Some(Value::String(task_id)) if !task_id.is_empty() => {
                    // `GetTask` (0.3 `tasks/get`) also takes `historyLength`: a value no
                    // agent could honour is the client's error to fix, reported before the
                    // answer about the task (a negative one was answered TaskNotFound, as if
                    // it had been read).
                    if operation == Operation::GetTask {
                        history_length(params)?;
                    }
                    Err(A2aError::task_not_found(task_id))
                }
                // A number or an object is there, so "required" would send the client looking
                // for a member it sent.
                Some(
                    task_id @ (Value::Bool(_)
                    | Value::Number(_)
                    | Value::Array(_)
                    | Value::Object(_)),
                ) => {
                    let kind = match task_id {
                        Value::Bool(_) => "a boolean",
                        Value::Number(_) => "a number",
                        Value::Array(_) => "an array",
                        _ => "an object",
                    };
                    Err(A2aError::invalid_params(
                        "id",
                        format!("invalid params: `id` (the task id) must be a string, not {kind}"),
                    ))
                }
                _ => Err(A2aError::invalid_params(
                    "id",
                    "invalid params: `id` (the task id) is required",
                )),
            }
        }
        Operation::ListTasks => {
            list_tasks(params).map(|result| Outcome::Result(jsonrpc::result_text(id, &result)))
        }
        Operation::PushNotificationConfig => Err(A2aError::push_not_supported()),
        Operation::GetExtendedAgentCard => Err(A2aError::unsupported_operation(
            "this agent has no extended agent card; the public card at /.well-known/agent-card.json is complete (capabilities.extendedAgentCard false)",
        )),
    }
}

/// `ListTasks`: no task is ever kept, so every page is empty and the last.
fn list_tasks(params: Option<&Value>) -> Result<String, A2aError> {
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
    // A page token is one "received from a previous `ListTasks` call" (the 1.0 proto), and
    // every page this agent gives is the last, with an empty `nextPageToken`: a token it never
    // issued is refused, not answered as if it continued a list (empty is unset, ProtoJSON's
    // default for a string).
    match params.and_then(|p| p.get("pageToken")) {
        None | Some(Value::Null) => {}
        Some(Value::String(token)) if token.is_empty() => {}
        Some(Value::String(token)) => {
            return Err(A2aError::invalid_params(
                "pageToken",
                format!(
                    "invalid params: pageToken `{}` was not issued by this agent; it keeps no tasks, so every ListTasks page is the last (nextPageToken \"\") and no page follows",
                    ops::error::truncate(token)
                ),
            ));
        }
        Some(_) => {
            return Err(A2aError::invalid_params(
                "pageToken",
                "invalid params: pageToken must be a string (the nextPageToken of a previous ListTasks page)",
            ));
        }
    }
    list_filters(params)?;
    Ok(format!("{{\"tasks\":[],\"nextPageToken\":\"\",\"pageSize\":{page_size},\"totalSize\":0}}"))
}

/// The `TaskState` names of the 1.0 proto, in its order (`TASK_STATE_UNSPECIFIED`, the zero
/// value, is no filter).
pub const TASK_STATES: [&str; 9] = [
    "TASK_STATE_UNSPECIFIED",
    "TASK_STATE_SUBMITTED",
    "TASK_STATE_WORKING",
    "TASK_STATE_COMPLETED",
    "TASK_STATE_FAILED",
    "TASK_STATE_CANCELED",
    "TASK_STATE_INPUT_REQUIRED",
    "TASK_STATE_REJECTED",
    "TASK_STATE_AUTH_REQUIRED",
];

/// `ListTasks`' filters, checked as the 1.0 proto types them although no task matches any:
/// a filter the agent cannot read is refused (A2A's own validation example refuses
/// `historyLength: -5` and `status: "TASK_STATE_RUNNING"`), not answered with an empty page
/// the client would take for "none match". `null` is unset, as ProtoJSON reads it.
fn list_filters(params: Option<&Value>) -> Result<(), A2aError> {
    let Some(params) = params else { return Ok(()) };
    match params.get("status") {
        None | Some(Value::Null) => {}
        Some(Value::String(state)) if TASK_STATES.contains(&state.as_str()) => {}
        // ProtoJSON also reads an enum as its number.
        Some(Value::Number(n)) if n.as_u64().is_some_and(|n| n < TASK_STATES.len() as u64) => {}
        Some(other) => {
            let what = match other {
                // What `@a2a-js/sdk` 1.x writes for a request object without `status`
                // (`listTasks({})` from plain JavaScript; its types require the field): its own
                // server refuses it too, so say how to ask for no filter.
                Value::String(state) if state == "UNRECOGNIZED" => "status `UNRECOGNIZED` is \
                    not a task state (the JavaScript SDK sends it for a status left undefined: \
                    pass TaskState.TASK_STATE_UNSPECIFIED, 0, for no filter)"
                    .to_owned(),
                Value::String(state) => {
                    format!("status `{}` is not a task state", ops::error::truncate(state))
                }
                Value::Number(n) => format!("status {n} is not a task state"),
                other => format!("status must be a task state, not {}", kind_of(other)),
            };
            return Err(A2aError::invalid_params(
                "status",
                format!(
                    "invalid params: {what}; the states are {} (or their numbers, 1 to 8; TASK_STATE_UNSPECIFIED or 0 filters nothing)",
                    TASK_STATES[1..].join(", ")
                ),
            ));
        }
    }
    history_length(Some(params))?;
    for (field, wanted, fits) in [
        ("contextId", "a string", Value::is_string as fn(&Value) -> bool),
        (
            "statusTimestampAfter",
            "a timestamp string (RFC 3339, such as \"2026-12-01T10:00:00Z\")",
            Value::is_string,
        ),
        ("includeArtifacts", "a boolean", Value::is_boolean),
    ] {
        match params.get(field) {
            None | Some(Value::Null) => {}
            Some(value) if fits(value) => {}
            Some(other) => {
                return Err(A2aError::invalid_params(
                    field,
                    format!("invalid params: {field} must be {wanted}, not {}", kind_of(other)),
                ));
            }
        }
    }
    if let Some(Value::String(after)) = params.get("statusTimestampAfter")
        && !is_timestamp(after)
    {
        return Err(A2aError::invalid_params(
            "statusTimestampAfter",
            format!(
                "invalid params: statusTimestampAfter `{}` is not a timestamp; send RFC 3339, such as \"2026-12-01T10:00:00Z\"",
                ops::error::truncate(after)
            ),
        ));
    }
    Ok(())
}

/// `historyLength` (`GetTask`, 0.3 `tasks/get`, `ListTasks`): unset, `null`, or an int32 from
/// 0, as the protos type it; anything else is invalid params naming what was sent.
fn history_length(params: Option<&Value>) -> Result<(), A2aError> {
    match params.and_then(|p| p.get("historyLength")) {
        None | Some(Value::Null) => Ok(()),
        Some(Value::Number(n))
            if n.as_u64().is_some_and(|n| n <= i32::MAX as u64)
                || n.as_f64().is_some_and(|f| {
                    f.fract() == 0.0 && (0.0..=f64::from(i32::MAX)).contains(&f)
                }) =>
        {
            Ok(())
        }
        Some(other) => {
            let given = match other {
                Value::Number(n) => format!("{n}"),
                other => kind_of(other).to_string(),
            };
            Err(A2aError::invalid_params(
                "historyLength",
                format!(
                    "invalid params: historyLength must be a non-negative integer (0 for no history), not {}",
                    ops::error::truncate(&given)
                ),
            ))
        }
    }
}

/// Whether `text` has the shape of an RFC 3339 date-time as ProtoJSON writes a `Timestamp`:
/// `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z` or an offset `±HH:MM`, with fields in
/// range (the day is not checked against its month).
fn is_timestamp(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b.get(range.clone())
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
            .then(|| text[range].parse::<u32>().ok())
            .flatten()
    };
    // The seconds end at byte 19; a zone (at least `Z`) follows.
    let shape = b.len() > 19
        && b[4] == b'-'
        && b[7] == b'-'
        && matches!(b[10], b'T' | b't')
        && b[13] == b':'
        && b[16] == b':';
    if !shape {
        return false;
    }
    let (Some(_), Some(month), Some(day), Some(hour), Some(minute), Some(second)) =
        (digits(0..4), digits(5..7), digits(8..10), digits(11..13), digits(14..16), digits(17..19))
    else {
        return false;
    };
    if !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return false;
    }
    let mut rest = &text[19..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let n = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &fraction[n..];
    }
    match rest.as_bytes() {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit())
                && (h1 - b'0') * 10 + (h2 - b'0') <= 23
                && (m1 - b'0') * 10 + (m2 - b'0') <= 59
        }
        _ => false,
    }
}

/// What a JSON value is, for a message ("not a number").
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `SendMessage` and its kin: the whole response, its result (1.0: `{"message": ...}`; 0.3:
/// the message) written once, straight after the envelope's opening.
fn send(id: &Id, params: Option<&Value>, version: Version) -> Result<String, A2aError> {
    let incoming = message::read(params, version)?;
    let carried = incoming.context_id.and_then(context_turn);
    let prev: Vec<&str> = if incoming.prev.is_empty() {
        carried.as_deref().into_iter().collect()
    } else {
        incoming.prev.clone()
    };
    // Answers typed as text after a request to score them ("score these answers: 2,3,1,...",
    // or the list alone after "score my AI readiness") are scored as a data part is.
    let typed = match incoming.data {
        None => ops::readiness::answers_in_text(&incoming.text, &prev),
        Some(_) => None,
    };
    // Text that is a JSON object but for a repeated member is refused as a body would be,
    // not answered as a question.
    if incoming.data.is_none()
        && typed.is_none()
        && let Some(duplicate) = ops::readiness::repeated_in_text(&incoming.text)
    {
        return Err(A2aError::duplicate_in_text(&duplicate));
    }
    let (context_id, content) = match incoming.data.or(typed.as_ref()) {
        Some(data) => {
            let result = score(data)?;
            let readiness = Content::Readiness {
                text: readiness_text(&result),
                json: ops::readiness::result_json(&result),
            };
            // A scoring opens a conversation too: without a contextId the reply mints one
            // that carries the message's text, or the assessment itself, so "how do I improve
            // my weakest area?" sent with it is read as a question about the assessment.
            let opening = match incoming.text.trim() {
                "" => READINESS_CONTEXT,
                text => text,
            };
            let context_id = incoming
                .context_id
                .map_or_else(|| Cow::Owned(mint_context(opening)), Cow::Borrowed);
            (Some(context_id), readiness)
        }
        None => {
            let answer =
                ops::ask::answer(&incoming.text, &prev, Surface::A2a).map_err(|mut error| {
                    // The limit is the question's as read (what a contextId carries), joining
                    // spaces included; say so when the client sent several parts.
                    if error.kind == ErrorKind::QuestionTooLong && incoming.n_text_parts > 1 {
                        let read_as = format!(
                            "the question (its {} text parts joined with a space) has",
                            incoming.n_text_parts
                        );
                        error.message = error.message.replacen("the question has", &read_as, 1);
                    }
                    A2aError::from_core(&error, "message.parts")
                })?;
            let context_id = incoming
                .context_id
                .map_or_else(|| Cow::Owned(mint_context(incoming.text.trim())), Cow::Borrowed);
            (Some(context_id), Content::Answer(answer))
        }
    };
    let context_len = context_id.as_deref().map_or(0, |c| c.len() + c.len() / 8);
    let mut out = jsonrpc::result_open(id, content.expected_len() + context_len);
    if version == Version::V1_0 {
        out.push_str("{\"message\":");
    }
    write_message(&mut out, &incoming, context_id.as_deref(), &content, version);
    if version == Version::V1_0 {
        out.push('}');
    }
    jsonrpc::result_close(&mut out);
    Ok(out)
}

/// What a reply says: an answer to a question, or a readiness score (its summary and its
/// ReadinessResult JSON).
enum Content {
    Answer(Answer),
    Readiness { text: String, json: Vec<u8> },
}

impl Content {
    /// About how long the message's parts are, with room for escapes and the rest of the
    /// message: an answer's text is in it twice (the text part, and the data part's sentences).
    fn expected_len(&self) -> usize {
        match self {
            Content::Answer(answer) => {
                let text: usize = answer.sentences.iter().map(|s| s.text.len() + 32).sum();
                let sources: usize = answer.sources.iter().map(|s| s.schema_org.len() + 1).sum();
                2 * text + sources + 256
            }
            Content::Readiness { text, json } => text.len() + text.len() / 8 + json.len() + 256,
        }
    }
}

/// Scores readiness answers sent as a data part: `{"answers": [...]}` or the bare array, which
/// `@a2a-js/sdk` in 0.3-compatibility mode wraps as `{"value": [...]}` (with
/// `metadata.data_part_compat`, since a 0.3 data part must be an object): an object whose only
/// member is `value` holding an array is that bare array.
fn score(data: &Value) -> Result<ReadinessResult, A2aError> {
    let wrapped;
    let bare = match data {
        Value::Array(answers) => Some(answers),
        Value::Object(object) if object.len() == 1 => object.get("value").and_then(Value::as_array),
        _ => None,
    };
    let request = match bare {
        Some(answers) => {
            wrapped = serde_json::json!({ "answers": answers });
            &wrapped
        }
        None => data,
    };
    let request = match request {
        Value::Object(object) if object.contains_key("answers") => request,
        _ => {
            return Err(A2aError::invalid_params(
                "message.parts",
                "invalid params: a data part carries readiness answers, {\"answers\": [16 option indices or 15 points]}; ask questions as text",
            ));
        }
    };
    ops::readiness::score(request).map_err(|error| A2aError::from_core(&error, "message.parts"))
}

/// Writes the reply message: its deterministic id, the context, the agent's role and the
/// parts the client accepts, in `version`'s shape.
fn write_message(
    out: &mut String,
    incoming: &Incoming<'_>,
    context_id: Option<&str>,
    content: &Content,
    version: Version,
) {
    out.push('{');
    if version == Version::V0_3 {
        out.push_str("\"kind\":\"message\",");
    }
    out.push_str("\"messageId\":\"msg-");
    push_message_hash(out, incoming, version);
    out.push('"');
    if let Some(context_id) = context_id {
        out.push_str(",\"contextId\":");
        json::push_string(out, context_id);
    }
    let role = if version == Version::V1_0 { "ROLE_AGENT" } else { "agent" };
    out.push_str(",\"role\":\"");
    out.push_str(role);
    out.push_str("\",\"parts\":[");
    let Accepts { text, json: data } = incoming.accepts;
    if text {
        out.push_str(if version == Version::V1_0 {
            "{\"text\":"
        } else {
            "{\"kind\":\"text\",\"text\":"
        });
        match content {
            Content::Answer(answer) => {
                out.push('"');
                for (idx, sentence) in answer.sentences.iter().enumerate() {
                    if idx > 0 {
                        out.push(' ');
                    }
                    json::push_escaped(out, sentence.text);
                }
                out.push('"');
            }
            Content::Readiness { text, .. } => json::push_string(out, text),
        }
        out.push_str(if version == Version::V1_0 { ",\"mediaType\":\"text/plain\"}" } else { "}" });
    }
    if data {
        if text {
            out.push(',');
        }
        out.push_str(if version == Version::V1_0 {
            "{\"data\":"
        } else {
            "{\"kind\":\"data\",\"data\":"
        });
        match content {
            Content::Answer(answer) => write_answer_data(out, answer),
            Content::Readiness { json, .. } => out.push_str(&String::from_utf8_lossy(json)),
        }
        out.push_str(if version == Version::V1_0 {
            ",\"mediaType\":\"application/json\"}"
        } else {
            "}"
        });
    }
    out.push_str("]}");
}

/// An answer's data part: its kind, its sentences with the sources each cites, and the
/// sources as schema.org objects.
fn write_answer_data(out: &mut String, answer: &Answer) {
    out.push_str("{\"answer\":\"");
    out.push_str(answer.kind.name());
    out.push_str("\",\"sentences\":[");
    let mut digits = itoa::Buffer::new();
    for (idx, sentence) in answer.sentences.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        out.push_str("{\"text\":");
        json::push_string(out, sentence.text);
        out.push_str(",\"sources\":[");
        for (n, source) in sentence.sources.clone().enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push_str(digits.format(source));
        }
        out.push_str("]}");
    }
    out.push_str("],\"sources\":[");
    for (idx, source) in answer.sources.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        out.push_str(source.schema_org);
    }
    out.push_str("]}");
}

/// A readiness result in a sentence or two: the score, the band and the weakest pillar with
/// its advice.
fn readiness_text(result: &ReadinessResult) -> String {
    let weakest = match result.weakest_pillar {
        "strategy" => &result.pillars.strategy,
        "people" => &result.pillars.people,
        "data" => &result.pillars.data,
        _ => &result.pillars.change,
    };
    let lowest = match weakest.average < crate::scoring::ADVICE_BELOW {
        true => "The weakest pillar is",
        false => "Every pillar is strong; the lowest is",
    };
    let mut text = format!(
        "AI readiness score: {} out of 100, in the {} band",
        result.score, result.band.name
    );
    // What the band means and where it lies, as the assessment page says: an agent asked to
    // explain the result had only the band's name and its to-do list (the guidance).
    if let Some((idx, band)) = BANDS.iter().enumerate().find(|(_, b)| b.name == result.band.name) {
        let top = BANDS.get(idx + 1).map_or(100, |next| next.min.saturating_sub(1));
        text.push_str(&format!(" (scores {} to {top})", band.min));
        if !band.summary.is_empty() {
            text.push_str(": ");
            text.push_str(band.summary);
        }
    }
    if !text.ends_with('.') {
        text.push('.');
    }
    text.push_str(&format!(" {lowest} {} (average {:.1} out of 5", weakest.title, weakest.average));
    // A tie is said as one: the advice is the first tied pillar's (the contract's order), and
    // the others are named, so the reader is not told one area is weaker than its equals.
    let pillars = [
        &result.pillars.strategy,
        &result.pillars.people,
        &result.pillars.data,
        &result.pillars.change,
    ];
    let tied: Vec<&str> = pillars
        .iter()
        .filter(|p| p.average == weakest.average && p.title != weakest.title)
        .map(|p| p.title)
        .collect();
    if let Some((last, rest)) = tied.split_last() {
        text.push_str(", level with ");
        if !rest.is_empty() {
            text.push_str(&rest.join(", "));
            text.push_str(" and ");
        }
        text.push_str(last);
    }
    text.push_str(").");
    if let Some(advice) = weakest.advice {
        text.push(' ');
        text.push_str(advice);
    }
    text
}

/// The reply's `messageId` after `msg-`: the first 12 bytes of a SHA-256 of the request's
/// message, in hex, so the same message always gets the same id.
fn push_message_hash(out: &mut String, incoming: &Incoming<'_>, version: Version) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
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
    for byte in &hasher.finalize()[..12] {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
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

    /// The data part written by hand is the answer as serde_json would build it: every
    /// sentence with the sources it cites, and the sources in order, for questions that
    /// quote guides, list the company's records, cite several sources and are not covered.
    #[test]
    fn the_answer_data_part_is_the_answer() {
        let questions = [
            "How should we monitor a machine learning model in production?",
            "Which services do you offer?",
            "What does \"data mesh\" mean for a small team?",
            "zzzz qqqq xxxx",
        ];
        for question in questions {
            let answer = ops::ask::answer(question, &[], Surface::A2a).expect("an answer");
            let mut written = String::new();
            write_answer_data(&mut written, &answer);
            let written: Value = serde_json::from_str(&written).expect("JSON");
            let sentences: Vec<Value> = answer
                .sentences
                .iter()
                .map(|s| serde_json::json!({ "text": s.text, "sources": s.sources.clone().collect::<Vec<_>>() }))
                .collect();
            let sources: Vec<Value> = answer
                .sources
                .iter()
                .map(|s| serde_json::from_str(s.schema_org).expect("schema.org JSON"))
                .collect();
            let expected = serde_json::json!({
                "answer": answer.kind.name(),
                "sentences": sentences,
                "sources": sources,
            });
            assert_eq!(written, expected, "{question}");
            assert!(!answer.sentences.is_empty(), "{question}");
        }
    }

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
