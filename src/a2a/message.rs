//! The params of `SendMessage` / `message/send` (and their streaming twins), read in the
//! version's own shape into what the agent needs: the question or the readiness answers, the
//! earlier turns, and which parts the client accepts.
//!
//! Decisions where A2A leaves room:
//! - Text parts are joined with a space into one question; a data part carries readiness
//!   answers (`{"answers": [...]}`, or the bare array, also as `{"value": [...]}`, the form
//!   `@a2a-js/sdk`'s 0.3 compatibility gives it). With a data part, the message is
//!   scored and its text ignored; more than one data part is invalid params. Without a data
//!   part, text that ends in a list of numbers after a request to score it ("score these
//!   answers: 2,3,1,...", or the list alone after "score my AI readiness") is scored as that
//!   list would be in a data part (`ops::readiness::answers_in_text`).
//! - File parts (`raw`, `url`; 0.3 `file`), text parts whose `mediaType` is not `text/plain`
//!   or `text/markdown`, and data parts whose `mediaType` is not JSON, are
//!   `ContentTypeNotSupportedError`. A 1.0 part with two content members (`text` and `data`)
//!   is invalid params: `Part` is a oneof.
//! - A `taskId` names a task, and this agent keeps none: `TaskNotFoundError` (A2A 3.4.2).
//!   `referenceTaskIds` are ignored for the same reason.
//! - Earlier questions may come as `metadata.prev` (a string or an array of strings, oldest
//!   first) on the message or on the request; the message's wins.
//! - `configuration.acceptedOutputModes` narrows the reply to the text part or the data part;
//!   a list naming neither `text/plain` nor `application/json` (nor a wildcard) is
//!   `ContentTypeNotSupportedError`. A push-notification config is
//!   `PushNotificationNotSupportedError`.
//! - Unknown members are ignored (A2A 1.0 section 5.7); the version's required members and
//!   enum spellings (`ROLE_USER` in 1.0, `user` and `kind` in 0.3) are not optional.

use serde_json::{Map, Value};

use super::error::A2aError;
use super::version::Version;

/// Which parts of the reply the client accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accepts {
    pub text: bool,
    pub json: bool,
}

/// A message to the agent, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Incoming<'a> {
    pub message_id: &'a str,
    pub context_id: Option<&'a str>,
    /// The text parts, each trimmed, blank ones left out, joined with one space.
    pub text: String,
    /// How many text parts made `text` (blank ones not counted).
    pub n_text_parts: usize,
    /// The data part, if any.
    pub data: Option<&'a Value>,
    /// `metadata.prev`, oldest first.
    pub prev: Vec<&'a str>,
    pub accepts: Accepts,
}

/// Reads the params of a send method.
pub fn read(params: Option<&Value>, version: Version) -> Result<Incoming<'_>, A2aError> {
    let params = object(params, "params")?;
    let message = object(params.get("message"), "params.message")?;
    if version == Version::V0_3 {
        match message.get("kind") {
            None => {}
            Some(Value::String(kind)) if kind == "message" => {}
            Some(_) => {
                return Err(A2aError::invalid_params(
                    "message.kind",
                    "invalid params: message.kind must be \"message\"",
                ));
            }
        }
    }
    let message_id = match message.get("messageId") {
        Some(Value::String(id)) if !id.is_empty() => id.as_str(),
        _ => {
            return Err(A2aError::invalid_params(
                "message.messageId",
                "invalid params: message.messageId is required (a unique string)",
            ));
        }
    };
    let user_role = if version == Version::V1_0 { "ROLE_USER" } else { "user" };
    if message.get("role").and_then(Value::as_str) != Some(user_role) {
        return Err(A2aError::invalid_params(
            "message.role",
            format!(
                "invalid params: message.role must be \"{user_role}\" in A2A {}",
                version.as_str()
            ),
        ));
    }
    if let Some(task_id) = optional_string(message, "taskId")? {
        return Err(A2aError::task_not_found(task_id));
    }
    let context_id = optional_string(message, "contextId")?;
    let configuration = match params.get("configuration") {
        None | Some(Value::Null) => None,
        Some(Value::Object(configuration)) => Some(configuration),
        Some(_) => {
            return Err(A2aError::invalid_params(
                "configuration",
                "invalid params: configuration must be an object",
            ));
        }
    };
    let push_key = if version == Version::V1_0 {
        "taskPushNotificationConfig"
    } else {
        "pushNotificationConfig"
    };
    if configuration.and_then(|c| c.get(push_key)).is_some_and(|v| !v.is_null()) {
        return Err(A2aError::push_not_supported());
    }
    let accepts = accepted_modes(configuration)?;
    let parts = match message.get("parts") {
        Some(Value::Array(parts)) if !parts.is_empty() => parts,
        _ => {
            return Err(A2aError::invalid_params(
                "message.parts",
                "invalid params: message.parts must be a non-empty array",
            ));
        }
    };
    let mut texts: Vec<&str> = Vec::new();
    let mut data = None;
    for (part_idx, part) in parts.iter().enumerate() {
        let field = format!("message.parts[{part_idx}]");
        let Some(part) = part.as_object() else {
            return Err(A2aError::invalid_params(
                &field,
                format!("invalid params: {field} must be an object"),
            ));
        };
        match read_part(part, version, &field)? {
            // Trimmed, so parts such as "what is a " + "data contract?" join with one space.
            Part::Text(text) => Some(crate::model::trim_blank(text))
                .filter(|t| !t.is_empty())
                .into_iter()
                .for_each(|t| texts.push(t)),
            Part::Data(value) if data.is_none() => data = Some(value),
            Part::Data(_) => {
                return Err(A2aError::invalid_params(
                    &field,
                    "invalid params: send one data part (the readiness answers)",
                ));
            }
        }
    }
    let prev = match prev_of(message.get("metadata"), "message.metadata")? {
        Some(prev) => prev,
        None => prev_of(params.get("metadata"), "metadata")?.unwrap_or_default(),
    };
    let n_text_parts = texts.len();
    Ok(Incoming {
        message_id,
        context_id,
        text: texts.join(" "),
        n_text_parts,
        data,
        prev,
        accepts,
    })
}

enum Part<'a> {
    Text(&'a str),
    Data(&'a Value),
}

fn read_part<'a>(
    part: &'a Map<String, Value>,
    version: Version,
    field: &str,
) -> Result<Part<'a>, A2aError> {
    let kind = match version {
        // 1.0: a part is whichever content member it has, and has one (`Part` is a oneof).
        Version::V1_0 => {
            let mut members =
                ["text", "data", "raw", "url"].into_iter().filter(|key| part.contains_key(*key));
            let first = members.next().unwrap_or("");
            if let Some(second) = members.next() {
                return Err(A2aError::invalid_params(
                    field,
                    format!(
                        "invalid params: {field} has both {first} and {second}; a part holds one of text, data, raw or url"
                    ),
                ));
            }
            first
        }
        Version::V0_3 => part.get("kind").and_then(Value::as_str).unwrap_or(""),
    };
    let media_type = part
        .get("mediaType")
        .and_then(Value::as_str)
        .map(|m| crate::wire::media::media_type(m).to_ascii_lowercase());
    match kind {
        "text" => {
            let Some(text) = part.get("text").and_then(Value::as_str) else {
                return Err(A2aError::invalid_params(
                    field,
                    format!("invalid params: {field}.text must be a string"),
                ));
            };
            // Plain text, or markdown (plain text as a model writes it); HTML or any other
            // text format would be read as a question with its markup.
            if media_type.as_deref().is_some_and(|m| m != "text/plain" && m != "text/markdown") {
                return Err(A2aError::content_type(format!(
                    "content type not supported: {field} is text labelled `{}`; send text/plain",
                    media_type.unwrap_or_default()
                )));
            }
            Ok(Part::Text(text))
        }
        "data" => {
            let Some(data) = part.get("data") else {
                return Err(A2aError::invalid_params(
                    field,
                    format!("invalid params: {field}.data is missing"),
                ));
            };
            if version == Version::V0_3 && !data.is_object() {
                return Err(A2aError::invalid_params(
                    field,
                    format!("invalid params: {field}.data must be an object in A2A 0.3"),
                ));
            }
            if media_type.as_deref().is_some_and(|m| !crate::wire::media::is_json(m)) {
                return Err(A2aError::content_type(format!(
                    "content type not supported: {field} is data labelled `{}`; send application/json",
                    media_type.unwrap_or_default()
                )));
            }
            Ok(Part::Data(data))
        }
        "raw" | "url" | "file" => Err(A2aError::content_type(format!(
            "content type not supported: {field} is a file; this agent reads text and JSON data parts"
        ))),
        _ => Err(A2aError::invalid_params(
            field,
            match version {
                Version::V1_0 => {
                    format!("invalid params: {field} has none of text, data, raw or url")
                }
                Version::V0_3 => format!("invalid params: {field}.kind must be text, data or file"),
            },
        )),
    }
}

fn object<'a>(value: Option<&'a Value>, field: &str) -> Result<&'a Map<String, Value>, A2aError> {
    value.and_then(Value::as_object).ok_or_else(|| {
        A2aError::invalid_params(field, format!("invalid params: {field} must be an object"))
    })
}

fn optional_string<'a>(
    object: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a str>, A2aError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.is_empty() => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(_) => Err(A2aError::invalid_params(
            &format!("message.{key}"),
            format!("invalid params: message.{key} must be a string"),
        )),
    }
}

/// `metadata.prev` of `metadata` (named `field`), if present.
fn prev_of<'a>(metadata: Option<&'a Value>, field: &str) -> Result<Option<Vec<&'a str>>, A2aError> {
    let prev = match metadata {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(metadata)) => metadata.get("prev"),
        Some(_) => {
            return Err(A2aError::invalid_params(
                field,
                format!("invalid params: {field} must be an object"),
            ));
        }
    };
    let bad = || {
        A2aError::invalid_params(
            &format!("{field}.prev"),
            format!(
                "invalid params: {field}.prev must be a string or an array of strings (earlier questions, oldest first)"
            ),
        )
    };
    match prev {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(turn)) => Ok(Some(vec![turn.as_str()])),
        Some(Value::Array(turns)) => turns
            .iter()
            .map(|turn| turn.as_str().ok_or_else(bad))
            .collect::<Result<_, _>>()
            .map(Some),
        Some(_) => Err(bad()),
    }
}

/// What `configuration.acceptedOutputModes` allows; everything when absent or empty.
fn accepted_modes(configuration: Option<&Map<String, Value>>) -> Result<Accepts, A2aError> {
    let modes = match configuration.and_then(|c| c.get("acceptedOutputModes")) {
        None | Some(Value::Null) => return Ok(Accepts { text: true, json: true }),
        Some(Value::Array(modes)) if modes.is_empty() => {
            return Ok(Accepts { text: true, json: true });
        }
        Some(Value::Array(modes)) => modes,
        Some(_) => {
            return Err(A2aError::invalid_params(
                "configuration.acceptedOutputModes",
                "invalid params: configuration.acceptedOutputModes must be an array of media types",
            ));
        }
    };
    let mut accepts = Accepts { text: false, json: false };
    for mode in modes {
        let mode = mode.as_str().map(|m| crate::wire::media::media_type(m).to_ascii_lowercase());
        match mode.as_deref() {
            Some("*/*") => accepts = Accepts { text: true, json: true },
            Some("text/plain" | "text/*") => accepts.text = true,
            Some(json) if json == "application/*" || crate::wire::media::is_json(json) => {
                accepts.json = true
            }
            _ => {}
        }
    }
    if !accepts.text && !accepts.json {
        return Err(A2aError::content_type(
            "content type not supported: acceptedOutputModes names neither text/plain nor application/json, the two this agent writes",
        ));
    }
    Ok(accepts)
}
