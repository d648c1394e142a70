//! An `/ask` request, from a query string or a JSON body, into one [`AskRequest`].
//!
//! Where each setting may be given (one place per request; both is a 400):
//!
//! | setting | query string | flat JSON | NLWeb v0.5 JSON |
//! |---|---|---|---|
//! | the question | `query` | `query` (string) | `query.text` |
//! | earlier questions | `prev`, repeated, oldest first | `prev` (string or array) | `context.prev` |
//! | answer or list | `mode` | `mode` | `return_response.mode` |
//! | JSON or events | `streaming` (`true`/`false`/`1`/`0`) | `streaming` (boolean) | `return_response.streaming` |
//! | echoed id | `conversation_id` | `conversation_id` | `meta.conversation_id` |
//!
//! Other parameters and fields are ignored: NLWeb clients send settings this server has no use
//! for (`site`, `num_results`, `query.location`, `context.memory`, ...), and refusing them
//! would break those clients. A `prev` string is one turn, never split at commas (a question
//! may contain one).

use serde_json::{Map, Value};

use crate::limits::ASK_ID_MAX_CHARS;
use crate::model::ErrorKind;
use crate::ops::Error;
use crate::wire::form::parse_pairs;

/// What the answer looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The extractive answer, then its sources (the default).
    Summarize,
    /// The sources as a list, without quoted sentences.
    List,
}

/// A parsed `/ask` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskRequest {
    /// The question, as sent (the core trims and checks it).
    pub query: String,
    /// Earlier questions, oldest first.
    pub prev: Vec<String>,
    pub mode: Mode,
    /// `None`: not given, so `Accept` decides.
    pub streaming: Option<bool>,
    /// Echoed in `_meta.conversation_id`.
    pub conversation_id: Option<String>,
}

fn mode(text: &str) -> Result<Mode, Error> {
    match text {
        "summarize" => Ok(Mode::Summarize),
        "list" => Ok(Mode::List),
        other => Err(Error::new(
            ErrorKind::UnknownMode,
            format!(
                "mode `{}` is not supported; use `summarize` (the default: a cited answer) or `list` (the sources only); answers are extractive, so NLWeb's `generate` is not offered",
                crate::ops::error::truncate(other)
            ),
        )),
    }
}

fn check_id(id: String, bad: fn(String) -> Error) -> Result<String, Error> {
    let chars = id.chars().count();
    if chars > ASK_ID_MAX_CHARS {
        return Err(bad(format!(
            "conversation_id has {chars} characters; the limit is {ASK_ID_MAX_CHARS}"
        )));
    }
    Ok(id)
}

/// Parses the query string of `GET /ask`.
pub fn from_query(query: Option<&str>) -> Result<AskRequest, Error> {
    let pairs = parse_pairs(query.unwrap_or("")).map_err(|bad| {
        Error::invalid_parameter(format!(
            "parameter `{}` is not valid UTF-8 after percent-decoding",
            bad.0
        ))
    })?;
    let mut question = None;
    let mut prev = Vec::new();
    let mut mode_text = None;
    let mut streaming_text = None;
    let mut conversation_id = None;
    let mut sent_q = false;
    for (name, value) in pairs {
        let value = value.into_owned();
        let slot = match &*name {
            "prev" => {
                prev.push(value);
                continue;
            }
            "query" => &mut question,
            "q" => {
                sent_q = true;
                continue;
            }
            "mode" => &mut mode_text,
            "streaming" => &mut streaming_text,
            "conversation_id" => &mut conversation_id,
            _ => continue,
        };
        if slot.is_some() {
            return Err(Error::duplicate_parameter(&name));
        }
        *slot = Some(value);
    }
    let streaming = match streaming_text.as_deref() {
        None => None,
        Some(text) if text.eq_ignore_ascii_case("true") || text == "1" => Some(true),
        Some(text) if text.eq_ignore_ascii_case("false") || text == "0" => Some(false),
        Some(other) => {
            return Err(Error::invalid_parameter(format!(
                "streaming `{}` must be true or false (or 1 or 0)",
                crate::ops::error::truncate(other)
            )));
        }
    };
    let mode = mode_text.as_deref().map_or(Ok(Mode::Summarize), mode)?;
    let conversation_id =
        conversation_id.map(|id| check_id(id, Error::invalid_parameter)).transpose()?;
    if question.is_none() && sent_q {
        return Err(named_q());
    }
    Ok(AskRequest { query: question.unwrap_or_default(), prev, mode, streaming, conversation_id })
}

/// No question, but `q`, the name search boxes (and this service's own search) use: the
/// client is told the name this endpoint reads, rather than only that the question is missing.
fn named_q() -> Error {
    Error::new(
        ErrorKind::MissingQuery,
        "the question is missing: this endpoint does not read `q`; pass the question as `query`",
    )
}

/// Parses the JSON body of `POST /ask`, flat or in the NLWeb v0.5 shape (or a mix, one place
/// per setting).
pub fn from_json(body: &Value) -> Result<AskRequest, Error> {
    let object = body.as_object().ok_or_else(|| {
        Error::invalid_body(
            "the body must be a JSON object such as {\"query\": \"...\"} or {\"query\": {\"text\": \"...\"}}",
        )
    })?;
    let context = section(object, "context")?;
    let preferences = section(object, "return_response")?;
    let meta = section(object, "meta")?;

    let query = match object.get("query") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(Value::Object(query)) => match query.get("text") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(text)) => text.clone(),
            Some(_) => return Err(Error::invalid_body("`query.text` must be a string")),
        },
        Some(_) => {
            return Err(Error::invalid_body(
                "`query` must be a string, or an object whose `text` is the question",
            ));
        }
    };
    if object.get("query").is_none() && object.contains_key("q") {
        return Err(named_q());
    }
    let prev = match one_of(object, "prev", context, "context.prev")? {
        None | Some((_, Value::Null)) => Vec::new(),
        Some((_, Value::String(turn))) => vec![turn.clone()],
        Some((name, Value::Array(turns))) => turns
            .iter()
            .map(|turn| {
                turn.as_str().map(str::to_string).ok_or_else(|| {
                    Error::invalid_body(format!(
                        "`{name}` must be an array of strings (earlier questions, oldest first)"
                    ))
                })
            })
            .collect::<Result<_, _>>()?,
        Some((name, _)) => {
            return Err(Error::invalid_body(format!(
                "`{name}` must be a string or an array of strings"
            )));
        }
    };
    let mode = match one_of(object, "mode", preferences, "return_response.mode")? {
        None | Some((_, Value::Null)) => Mode::Summarize,
        Some((_, Value::String(text))) => mode(text)?,
        Some((name, _)) => {
            return Err(Error::invalid_body(format!(
                "`{name}` must be a string: summarize or list"
            )));
        }
    };
    let streaming = match one_of(object, "streaming", preferences, "return_response.streaming")? {
        None | Some((_, Value::Null)) => None,
        Some((_, Value::Bool(streaming))) => Some(*streaming),
        Some((name, _)) => {
            return Err(Error::invalid_body(format!("`{name}` must be true or false")));
        }
    };
    let conversation_id = match one_of(object, "conversation_id", meta, "meta.conversation_id")? {
        None | Some((_, Value::Null)) => None,
        Some((_, Value::String(id))) => Some(check_id(id.clone(), Error::invalid_body)?),
        Some((name, _)) => {
            return Err(Error::invalid_body(format!("`{name}` must be a string")));
        }
    };
    Ok(AskRequest { query, prev, mode, streaming, conversation_id })
}

/// An optional object member of the v0.5 shape (`context`, `return_response`, `meta`).
fn section<'a>(
    object: &'a Map<String, Value>,
    name: &str,
) -> Result<Option<&'a Map<String, Value>>, Error> {
    match object.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(section)) => Ok(Some(section)),
        Some(_) => Err(Error::invalid_body(format!("`{name}` must be an object"))),
    }
}

/// A setting given flat (`flat`) or inside a v0.5 section (`nested`, named `nested_name`);
/// both at once is a 400, since the two could disagree.
fn one_of<'a>(
    object: &'a Map<String, Value>,
    flat: &'static str,
    section: Option<&'a Map<String, Value>>,
    nested_name: &'static str,
) -> Result<Option<(&'static str, &'a Value)>, Error> {
    let key = nested_name.rsplit('.').next().unwrap_or(nested_name);
    let nested = section.and_then(|section| section.get(key));
    match (object.get(flat), nested) {
        (Some(_), Some(_)) => Err(Error::invalid_body(format!(
            "`{flat}` and `{nested_name}` are both given; send one"
        ))),
        (Some(value), None) => Ok(Some((flat, value))),
        (None, Some(value)) => Ok(Some((nested_name, value))),
        (None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_flat_and_the_v05_shapes_read_the_same() {
        let flat = from_json(&json!({
            "query": "and in retail?", "prev": ["how do I forecast demand?"],
            "mode": "list", "streaming": false, "conversation_id": "c-1", "site": "all"
        }));
        let nested = from_json(&json!({
            "query": {"text": "and in retail?", "site": ["all"]},
            "context": {"prev": ["how do I forecast demand?"], "memory": []},
            "return_response": {"mode": "list", "streaming": false, "lang": "en"},
            "meta": {"conversation_id": "c-1", "api_version": "0.5"}
        }));
        assert_eq!(flat, nested);
        let request = flat.expect("valid");
        assert_eq!(request.mode, Mode::List);
        assert_eq!(request.streaming, Some(false));
    }

    #[test]
    fn the_query_string_repeats_prev_and_ignores_nlweb_extras() {
        let request = from_query(Some(
            "query=why%3F&prev=first%2C+with+a+comma&prev=second&site=all&max_results=9&streaming=0",
        ))
        .expect("valid");
        assert_eq!(request.query, "why?");
        assert_eq!(request.prev, ["first, with a comma", "second"]);
        assert_eq!(request.streaming, Some(false));
        assert_eq!(request.mode, Mode::Summarize);
    }

    #[test]
    fn bad_input_names_its_code() {
        for (body, code) in [
            (json!([]), "invalid_body"),
            (json!({"query": 3}), "invalid_body"),
            (json!({"query": {"text": false}}), "invalid_body"),
            (json!({"query": "q", "prev": [1]}), "invalid_body"),
            (json!({"query": "q", "prev": {}}), "invalid_body"),
            (json!({"query": "q", "mode": "generate"}), "unknown_mode"),
            (json!({"query": "q", "mode": 1}), "invalid_body"),
            (json!({"query": "q", "streaming": "false"}), "invalid_body"),
            (json!({"query": "q", "context": "x"}), "invalid_body"),
            (json!({"query": "q", "prev": "a", "context": {"prev": ["b"]}}), "invalid_body"),
            (
                json!({"query": "q", "conversation_id": "x".repeat(ASK_ID_MAX_CHARS + 1)}),
                "invalid_body",
            ),
        ] {
            let error = from_json(&body).expect_err(&body.to_string());
            assert_eq!(error.code(), code, "{body}: {}", error.message);
        }
        for (query, code) in [
            ("query=a&query=b", "duplicate_parameter"),
            ("query=a&streaming=yes", "invalid_parameter"),
            ("query=a&mode=", "unknown_mode"),
            ("query=%FF", "invalid_parameter"),
        ] {
            let error = from_query(Some(query)).expect_err(query);
            assert_eq!(error.code(), code, "{query}: {}", error.message);
        }
    }
}
