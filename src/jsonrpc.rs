//! JSON-RPC 2.0 framing, and nothing of any protocol built on it: reading a message (request,
//! notification or response) out of a body, the standard error codes, and writing a result
//! or an error object. The MCP servers and the A2A agent use it.
//!
//! Decisions where JSON-RPC 2.0 leaves room:
//! - A request `id` is a string or a number; `null` (allowed by JSON-RPC, forbidden by MCP and
//!   A2A) makes the message an invalid request. Ids are echoed exactly as received: a number
//!   that a 64-bit integer cannot hold (`12345678901234567890123`, `0.125`, `1e3`) is echoed
//!   as its own text, not as the double it would parse to, so a client can still match the
//!   response to its request.
//! - `params`, when present, must be an object or an array (JSON-RPC's "structured value");
//!   `null` is refused too, with the type named.
//! - A response (`result` or `error`, no `method`) carries a string, a number or `null` as its
//!   id: `null` is what JSON-RPC writes in an error answering a request whose id was
//!   unreadable. A `result` or `error` without any `id` is an invalid request.
//! - An empty body, and one that ends inside its JSON, are parse errors that say so, not in
//!   serde_json's words ("EOF while parsing a value at line 1 column 0").
//! - A body that is a JSON array is a batch; whether batches are served is the protocol's
//!   decision ([`Body::Batch`]).
//! - Members other than `jsonrpc`, `id`, `method`, `params`, `result` and `error` are ignored.
//! - A message that names a member twice in any of its objects (`"method"` twice, or a
//!   repeated argument deep in `params`) is an invalid request (-32600), not a parse error: the
//!   body is JSON (RFC 8259 allows the repetition, and says receivers then behave
//!   unpredictably), but the message does not say one thing. Its error carries the id when the
//!   id is given once, and `null` when `id` is the member repeated. In a batch, only the
//!   messages with a repetition are refused.

use std::fmt::Write as _;

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::json::{self, Duplicate, ReadError};

/// Invalid JSON was received.
pub const PARSE_ERROR: i32 = -32700;
/// The JSON is not a valid request object.
pub const INVALID_REQUEST: i32 = -32600;
/// The method does not exist or is not available.
pub const METHOD_NOT_FOUND: i32 = -32601;
/// Invalid method parameters.
pub const INVALID_PARAMS: i32 = -32602;
/// Internal error.
pub const INTERNAL_ERROR: i32 = -32603;

/// What a parse error asks for instead.
const SEND_ONE: &str = "send one JSON-RPC 2.0 request object, such as {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"...\",\"params\":{}}";

/// A request id: a JSON string or number, kept as received so the response echoes it exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Id(IdRepr);

#[derive(Debug, Clone, PartialEq)]
enum IdRepr {
    /// A string, or a number a 64-bit integer holds: its JSON is its `Display`.
    Value(Value),
    /// A number as the request wrote it (one `serde_json` would turn into a double).
    Text(Box<str>),
}

impl std::fmt::Display for Id {
    /// The id as JSON text.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            IdRepr::Value(value) => write!(f, "{value}"),
            IdRepr::Text(text) => f.write_str(text),
        }
    }
}

/// A request: it gets a response.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub id: Id,
    pub method: String,
    /// An object or an array, if given.
    pub params: Option<Value>,
}

/// A notification: no `id`, no response.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub method: String,
    pub params: Option<Value>,
}

/// One message received.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Request(Request),
    Notification(Notification),
    /// A response (result or error) sent to us, as a peer answering our requests would.
    Response,
}

/// A JSON-RPC error object.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorObject {
    pub code: i32,
    pub message: String,
    pub data: Option<Value>,
}

/// What a body holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    /// One JSON value (a message if it is a well-formed object).
    Single(Item),
    /// A JSON array: a batch.
    Batch(Vec<Item>),
}

/// One JSON value of a body, with its `id`'s text when the parsed number would not echo it
/// exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    value: Value,
    id_text: Option<Box<str>>,
    /// The first member name the message repeats, with its id (boxed: the rare case).
    repeated: Option<Box<Repeated>>,
}

/// A message with a repeated member name.
#[derive(Debug, Clone, PartialEq)]
struct Repeated {
    duplicate: Duplicate,
    /// The message's id, if given once and a string or a number.
    id: Option<Id>,
}

/// Just a message's `id`, as written.
#[derive(Deserialize)]
struct RawId<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
}

/// Whether `value` is a message whose numeric `id` parsed into a double: a fraction, an
/// exponent or an integer beyond 64 bits, whose text the double may not give back.
fn id_is_inexact(value: &Value) -> bool {
    value.get("id").is_some_and(|id| matches!(id, Value::Number(n) if n.is_f64()))
}

/// The text of the `id` member of the JSON object `text` (a second, borrowing parse of the
/// rare message whose id needs it); `None` if it cannot be read that way (a repeated `id`,
/// where the parsed value's last one stands).
fn id_text(text: &str) -> Option<Box<str>> {
    let raw: RawId<'_> = serde_json::from_str(text).ok()?;
    raw.id.map(|id| id.get().into())
}

/// A message that could not be read: an [`INVALID_REQUEST`], with the id if it was readable.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub id: Option<Id>,
    /// What is wrong, for the error's message.
    pub message: String,
    /// The message names a member twice (the stable code `duplicate_member`), rather than
    /// being malformed otherwise (`invalid_request`).
    pub duplicate: bool,
}

/// The id of the message `text`, read alone: `None` unless it is given exactly once, as a
/// string or a number (a repeated `id` fails the borrowing parse).
fn raw_id(text: &str) -> Option<Id> {
    let raw = serde_json::from_str::<RawId<'_>>(text).ok()?.id?;
    let value: Value = serde_json::from_str(raw.get()).ok()?;
    match value {
        Value::Number(number) if number.is_f64() => Some(Id(IdRepr::Text(raw.get().into()))),
        value @ (Value::String(_) | Value::Number(_)) => Some(Id(IdRepr::Value(value))),
        _ => None,
    }
}

/// An item refused for `duplicate`, in the message whose text is `text`.
fn repeated(duplicate: Duplicate, text: Option<&str>) -> Item {
    let id = text.and_then(raw_id);
    Item { value: Value::Null, id_text: None, repeated: Some(Box::new(Repeated { duplicate, id })) }
}

/// Parses a body as JSON; invalid JSON is a [`PARSE_ERROR`]. A message naming a member twice
/// is kept as such, for [`message`] to refuse: the body is read again then, message by message
/// in a batch, so that only the messages with a repetition are refused.
pub fn parse_body(bytes: &[u8]) -> Result<Body, ErrorObject> {
    // serde_json's own words for these ("EOF while parsing a value at line 1 column 0") say
    // where its parser stopped, not what the sender got wrong.
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ErrorObject {
            code: PARSE_ERROR,
            message: format!("parse error: the body is empty; {SEND_ONE}"),
            data: None,
        });
    }
    let value = match json::read(bytes) {
        Ok(value) => value,
        Err(ReadError::Syntax(err)) => {
            let message = match json::beyond_reading(&err) {
                Some(problem) => format!("parse error: the body {problem}"),
                None if err.classify() == serde_json::error::Category::Eof => format!(
                    "parse error: the body ends before its JSON does (it stops at line {}, column {}, inside an unfinished value); {SEND_ONE}",
                    err.line(),
                    err.column()
                ),
                None => format!("parse error: the body is not valid JSON ({err})"),
            };
            return Err(ErrorObject { code: PARSE_ERROR, message, data: None });
        }
        Err(ReadError::ByteOrderMark) => {
            return Err(ErrorObject {
                code: PARSE_ERROR,
                message: format!("parse error: the body {}", json::BYTE_ORDER_MARK_PROBLEM),
                data: None,
            });
        }
        Err(ReadError::Duplicate(duplicate)) => return Ok(with_repetition(bytes, duplicate)),
    };
    Ok(match value {
        Value::Array(items) => {
            let mut items: Vec<Item> = items
                .into_iter()
                .map(|value| Item { value, id_text: None, repeated: None })
                .collect();
            if items.iter().any(|item| id_is_inexact(&item.value)) {
                let raws: Vec<&RawValue> = serde_json::from_slice(bytes).unwrap_or_default();
                for (item, raw) in items.iter_mut().zip(raws) {
                    if id_is_inexact(&item.value) {
                        item.id_text = id_text(raw.get());
                    }
                }
            }
            Body::Batch(items)
        }
        value => {
            let id_text = if id_is_inexact(&value) {
                std::str::from_utf8(bytes).ok().and_then(id_text)
            } else {
                None
            };
            Body::Single(Item { value, id_text, repeated: None })
        }
    })
}

/// A body that repeats a member name somewhere (`duplicate` is the first): one refused
/// message, or a batch whose messages are read one by one.
fn with_repetition(bytes: &[u8], duplicate: Duplicate) -> Body {
    let text = std::str::from_utf8(bytes).ok();
    let is_batch = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[');
    let raws: Vec<&RawValue> =
        if is_batch { serde_json::from_slice(bytes).unwrap_or_default() } else { Vec::new() };
    if raws.is_empty() {
        return Body::Single(repeated(duplicate, text));
    }
    let items = raws
        .into_iter()
        .enumerate()
        .map(|(idx, raw)| {
            let text = raw.get();
            match json::read(text.as_bytes()) {
                Ok(value) => {
                    let id_text = if id_is_inexact(&value) { id_text(text) } else { None };
                    Item { value, id_text, repeated: None }
                }
                Err(ReadError::Duplicate(mut duplicate)) if text.starts_with('{') => {
                    let path = duplicate.path.get(1..).unwrap_or_default();
                    duplicate.path = format!("$[{idx}]{path}");
                    repeated(duplicate, Some(text))
                }
                // Not a message (an array), whatever it holds.
                Err(_) => Item { value: Value::Array(Vec::new()), id_text: None, repeated: None },
            }
        })
        .collect();
    Body::Batch(items)
}

fn invalid(id: Option<Id>, why: &str) -> Invalid {
    Invalid { id, message: format!("invalid request: {why}"), duplicate: false }
}

/// What is wrong with a message's `jsonrpc` member, quoting what was sent (it said only that
/// it must be "2.0", so a client sending `"2"` or the number 2.0 could not see its mistake);
/// `None` when it is "2.0".
fn wrong_version(sent: Option<&Value>) -> Option<String> {
    let sent = match sent {
        Some(Value::String(version)) if version == "2.0" => return None,
        None => return Some("`jsonrpc` is missing; it must be \"2.0\"".to_string()),
        Some(Value::String(version)) => {
            Value::String(crate::ops::error::truncate(version).to_string()).to_string()
        }
        Some(Value::Number(n)) => format!("the number {n} (the version is the string \"2.0\")"),
        Some(Value::Null) => "null".to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Array(_)) => "an array".to_string(),
        Some(Value::Object(_)) => "an object".to_string(),
    };
    Some(format!("`jsonrpc` must be \"2.0\", not {sent}"))
}

/// Reads one message out of one value of a body.
pub fn message(item: Item) -> Result<Message, Invalid> {
    let Item { value, id_text, repeated } = item;
    if let Some(repeated) = repeated {
        let Repeated { duplicate, id } = *repeated;
        return Err(Invalid {
            id,
            message: format!(
                "invalid request: the message is ambiguous: {}; send each member once",
                crate::ops::error::repeated_member(&duplicate)
            ),
            duplicate: true,
        });
    }
    let Value::Object(mut object) = value else {
        return Err(invalid(None, "a message is a JSON object"));
    };
    let is_response = !object.contains_key("method")
        && (object.contains_key("result") || object.contains_key("error"));
    let (id, null_id) = match (object.remove("id"), id_text) {
        (None, _) => (None, false),
        (Some(Value::Number(_)), Some(text)) => (Some(Id(IdRepr::Text(text))), false),
        (Some(id @ (Value::String(_) | Value::Number(_))), _) => {
            (Some(Id(IdRepr::Value(id))), false)
        }
        // A response carries `null` when the request's id could not be read (JSON-RPC 5):
        // still a response, not a malformed id.
        (Some(Value::Null), _) if is_response => (None, true),
        (Some(_), _) => return Err(invalid(None, "`id` must be a string or a number")),
    };
    if let Some(why) = wrong_version(object.get("jsonrpc")) {
        return Err(invalid(id, &why));
    }
    let Some(method) = object.remove("method") else {
        if is_response && (id.is_some() || null_id) {
            return match (object.get("result"), object.get("error")) {
                (Some(_), Some(_)) => Err(invalid(
                    None,
                    "a response carries `result` or `error`, not both (JSON-RPC 2.0, section 5)",
                )),
                (None, Some(error)) if !is_error_object(error) => Err(invalid(
                    None,
                    "a response's `error` is an object with an integer `code` and a string `message`",
                )),
                _ => Ok(Message::Response),
            };
        }
        if is_response {
            return Err(invalid(
                None,
                "a response (`result` or `error`) carries the `id` of the request it answers",
            ));
        }
        return Err(invalid(id, "`method` is missing"));
    };
    let Value::String(method) = method else {
        return Err(invalid(id, "`method` must be a string"));
    };
    let params = match object.remove("params") {
        None => None,
        Some(params @ (Value::Object(_) | Value::Array(_))) => Some(params),
        // `null` included: JSON-RPC's params are omitted when there are none, never null.
        Some(other) => {
            let kind = match other {
                Value::Null => "null",
                Value::Bool(_) => "a boolean",
                Value::Number(_) => "a number",
                _ => "a string",
            };
            return Err(invalid(
                id,
                &format!("`params` must be an object or an array (or left out), not {kind}"),
            ));
        }
    };
    Ok(match id {
        Some(id) => Message::Request(Request { id, method, params }),
        None => Message::Notification(Notification { method, params }),
    })
}

/// Whether `error` is a JSON-RPC error object (section 5.1): an integer `code` and a string
/// `message` (`data` may be anything).
fn is_error_object(error: &Value) -> bool {
    error.get("code").is_some_and(|code| code.is_i64() || code.is_u64())
        && error.get("message").is_some_and(Value::is_string)
}

/// `{"jsonrpc":"2.0","id":<id>,"result":<result>}` around a result already serialised.
pub fn result_text(id: &Id, result: &str) -> String {
    let mut out = result_open(id, result.len());
    out.push_str(result);
    result_close(&mut out);
    out
}

/// A response's text up to its result, `{"jsonrpc":"2.0","id":<id>,"result":`, with room for
/// `capacity` bytes more: the result is then written after it, and [`result_close`] ends it.
pub fn result_open(id: &Id, capacity: usize) -> String {
    let mut out = String::with_capacity(48 + capacity);
    out.push_str("{\"jsonrpc\":\"2.0\",\"id\":");
    let _ = write!(out, "{id}");
    out.push_str(",\"result\":");
    out
}

/// Ends a response begun by [`result_open`] once its result is written.
pub fn result_close(out: &mut String) {
    out.push('}');
}

/// An error response; `id` is `null` when the request's id could not be read. Members are
/// written in the order JSON-RPC lists them, whatever the map order of `serde_json`.
pub fn error_text(id: Option<&Id>, error: &ErrorObject) -> String {
    let id = id.map_or_else(|| "null".to_string(), Id::to_string);
    let mut out = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"error\":{{\"code\":{},\"message\":{}",
        error.code,
        Value::from(error.message.as_str())
    );
    if let Some(data) = &error.data {
        out.push_str(",\"data\":");
        out.push_str(&data.to_string());
    }
    out.push_str("}}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Message, Invalid> {
        match parse_body(text.as_bytes()) {
            Ok(Body::Single(item)) => message(item),
            other => panic!("not a single message: {other:?}"),
        }
    }

    /// A wrong `jsonrpc` member is quoted as sent, so the client sees its mistake.
    #[test]
    fn a_wrong_version_is_quoted() {
        for (text, says) in [
            (r#"{"jsonrpc":"1.0","id":1,"method":"x"}"#, r#"must be "2.0", not "1.0""#),
            (r#"{"jsonrpc":"2","id":1,"method":"x"}"#, r#"not "2""#),
            (
                r#"{"jsonrpc":2.0,"id":1,"method":"x"}"#,
                "not the number 2.0 (the version is the string",
            ),
            (r#"{"jsonrpc":null,"id":1,"method":"x"}"#, r#"must be "2.0", not null"#),
            (r#"{"jsonrpc":{},"id":1,"method":"x"}"#, "not an object"),
            (r#"{"id":1,"method":"x"}"#, r#"`jsonrpc` is missing; it must be "2.0""#),
        ] {
            let refused = read(text).expect_err(text);
            assert!(refused.message.contains(says), "{text}: {}", refused.message);
            assert!(refused.id.is_some(), "{text}: the id is kept");
        }
    }

    #[test]
    fn requests_notifications_and_responses_are_told_apart() {
        let request = read(r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#);
        assert!(
            matches!(request, Ok(Message::Request(Request { ref method, .. })) if method == "ping")
        );
        let note = read(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        assert!(matches!(note, Ok(Message::Notification(_))));
        let response = read(r#"{"jsonrpc":"2.0","id":"a","result":{}}"#);
        assert_eq!(response, Ok(Message::Response));
        // An error response to a request whose id was unreadable carries `null`.
        let response = read(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#);
        assert_eq!(response, Ok(Message::Response));
        let anonymous = read(r#"{"jsonrpc":"2.0","result":{}}"#).expect_err("no id");
        assert!(anonymous.message.contains("carries the `id`"), "{}", anonymous.message);
        // A response is one or the other (JSON-RPC 2.0, section 5), and its error an error
        // object (section 5.1): a malformed one is refused, not taken as a reply.
        for (text, says) in [
            (r#"{"jsonrpc":"2.0","id":1,"result":{},"error":{}}"#, "not both"),
            (r#"{"jsonrpc":"2.0","id":1,"error":{}}"#, "an integer `code`"),
            (r#"{"jsonrpc":"2.0","id":1,"error":"boom"}"#, "an integer `code`"),
            (r#"{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"x"}}"#, "an integer"),
            (r#"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":2}}"#, "a string `message`"),
        ] {
            let refused = read(text).expect_err(text);
            assert!(refused.message.contains(says), "{text}: {}", refused.message);
        }
        let with_data = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"x","data":[]}}"#;
        assert_eq!(read(with_data), Ok(Message::Response));
    }

    #[test]
    fn malformed_envelopes_are_invalid_requests_keeping_a_readable_id() {
        for (text, id) in [
            (r#"{"jsonrpc":"1.0","id":1,"method":"x"}"#, Some(1)),
            (r#"{"jsonrpc":"2.0","id":1,"method":5}"#, Some(1)),
            (r#"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#, Some(1)),
            (r#"{"jsonrpc":"2.0","id":null,"method":"x"}"#, None),
            (r#"{"jsonrpc":"2.0","id":1}"#, Some(1)),
            (r#"[1]"#, None),
        ] {
            let outcome = match parse_body(text.as_bytes()) {
                Ok(Body::Single(item)) => message(item),
                Ok(Body::Batch(_)) => continue,
                Err(error) => panic!("{text}: {error:?}"),
            };
            let error = outcome.expect_err(text);
            assert!(error.message.starts_with("invalid request: "), "{text}");
            assert_eq!(
                error.id.map(|id| id.to_string()),
                id.map(|id: i32| id.to_string()),
                "{text}"
            );
        }
        assert_eq!(parse_body(b"{").map_err(|e| e.code), Err(PARSE_ERROR));
        // An empty or cut-short body is said as such, not in the parser's words.
        for (body, says) in [
            (&b""[..], "the body is empty"),
            (b" \r\n", "the body is empty"),
            (
                br#"{"jsonrpc":"2.0","id":1"#,
                "ends before its JSON does (it stops at line 1, column 23",
            ),
        ] {
            let error = parse_body(body).expect_err("not JSON");
            assert_eq!(error.code, PARSE_ERROR);
            assert!(error.message.contains(says), "{}", error.message);
            assert!(!error.message.contains("EOF"), "{}", error.message);
        }
        assert!(matches!(parse_body(b"[]"), Ok(Body::Batch(items)) if items.is_empty()));
    }

    #[test]
    fn responses_echo_the_id_exactly() {
        let id = Id(IdRepr::Value(Value::from("req-1")));
        assert_eq!(result_text(&id, "{}"), r#"{"jsonrpc":"2.0","id":"req-1","result":{}}"#);
        let error = ErrorObject { code: METHOD_NOT_FOUND, message: "no".into(), data: None };
        assert_eq!(
            error_text(None, &error),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"no"}}"#
        );
    }

    /// Numbers a double would change come back as written, in a single message and in a
    /// batch; those an integer holds, and strings, as before.
    #[test]
    fn numeric_ids_a_double_would_change_are_echoed_as_written() {
        for id in ["12345678901234567890123", "-98765432109876543210", "0.125", "1e3", "7", "-3"] {
            let text = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
            let Ok(Message::Request(request)) = read(&text) else { panic!("{text}") };
            assert_eq!(request.id.to_string(), id, "{text}");
            assert!(result_text(&request.id, "{}").contains(&format!(r#""id":{id},"#)));
            let batch = format!(r#"[{text}, {{"jsonrpc":"2.0","id":"s","method":"ping"}}]"#);
            let Ok(Body::Batch(items)) = parse_body(batch.as_bytes()) else { panic!("{batch}") };
            let ids: Vec<String> = items
                .into_iter()
                .map(|item| match message(item) {
                    Ok(Message::Request(request)) => request.id.to_string(),
                    other => panic!("{other:?}"),
                })
                .collect();
            assert_eq!(ids, [id, r#""s""#], "{batch}");
        }
        // An invalid message keeps its exact id for the error.
        let text = r#"{"jsonrpc":"1.0","id":12345678901234567890123,"method":"x"}"#;
        let error = read(text).expect_err(text);
        assert_eq!(error.id.map(|id| id.to_string()).as_deref(), Some("12345678901234567890123"));
    }

    /// A repeated member name makes the message an invalid request; its id is kept when it
    /// is given once, and in a batch only the message with the repetition is refused.
    #[test]
    fn a_repeated_member_is_an_invalid_request_keeping_an_unrepeated_id() {
        for (text, id, path) in [
            (r#"{"jsonrpc":"2.0","id":1.5,"id":2.5,"method":"ping"}"#, None, "`id`"),
            (
                r#"{"jsonrpc":"2.0","id":"a","method":"ping","method":"x"}"#,
                Some(r#""a""#),
                "`method`",
            ),
            (
                r#"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"x","params":{"q":1,"q":2}}"#,
                Some("12345678901234567890123"),
                "`q` is given more than once in the object at $.params",
            ),
            (r#"{"jsonrpc":"2.0","id":7,"method":"m","id":7}"#, None, "`id`"),
            (r#"{"jsonrpc":"2.0","id":null,"method":"m","method":"m"}"#, None, "`method`"),
        ] {
            let error = read(text).expect_err(text);
            assert!(error.duplicate, "{text}");
            assert!(error.message.contains(path), "{text}: {}", error.message);
            assert_eq!(error.id.map(|id| id.to_string()).as_deref(), id, "{text}");
        }
        let batch = r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"a","params":{"x":[{"k":1,"k":1}]}}]"#;
        let Ok(Body::Batch(items)) = parse_body(batch.as_bytes()) else { panic!("{batch}") };
        let outcomes: Vec<_> = items.into_iter().map(message).collect();
        assert!(matches!(outcomes[0], Ok(Message::Request(_))));
        let Err(error) = &outcomes[1] else { panic!("{outcomes:?}") };
        assert!(error.message.contains("at $[1].params.x[0]"), "{}", error.message);
        assert_eq!(error.id.as_ref().map(Id::to_string).as_deref(), Some("2"));
    }
}
