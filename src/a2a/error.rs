//! The A2A surface's errors: a JSON-RPC code (A2A 1.0 section 5.4), a row of
//! `model::ERROR_CODES`, a message, and how each version carries the details.
//!
//! - 1.0: `error.data` is an array holding one `google.rpc.ErrorInfo` (`@type`, `reason` in
//!   upper snake case, `domain` "a2a-protocol.org", `metadata` with our stable `code`, its
//!   `docs` link and any detail such as the `taskId`), as A2A 1.0 section 9.5 describes and
//!   the Python SDK reads.
//! - 0.3: `error.data` is an object with the same `code`, `docs` and details.
//!
//! A JSON-RPC error answers with HTTP 200, as A2A's own servers do and its clients expect
//! (they raise on any other status before reading the body). Refusals of the transport (a
//! body too large or too slow, not JSON, the rate limit, a method other than POST) keep the
//! status of their kind, with the JSON-RPC error as the body.

use http::StatusCode;
use serde_json::{Map, Value};

use super::version::Version;
use crate::json::Duplicate;
use crate::jsonrpc::{self, ErrorObject, Id};
use crate::model::ErrorKind;
use crate::ops;
use crate::tables::SITE_URL;

/// TaskNotFoundError.
pub const TASK_NOT_FOUND: i32 = -32001;
/// PushNotificationNotSupportedError.
pub const PUSH_NOTIFICATION_NOT_SUPPORTED: i32 = -32003;
/// UnsupportedOperationError.
pub const UNSUPPORTED_OPERATION: i32 = -32004;
/// ContentTypeNotSupportedError.
pub const CONTENT_TYPE_NOT_SUPPORTED: i32 = -32005;
/// VersionNotSupportedError.
pub const VERSION_NOT_SUPPORTED: i32 = -32009;
/// `ErrorInfo.domain` of every error.
pub const DOMAIN: &str = "a2a-protocol.org";

/// One error of the A2A surface.
#[derive(Debug, Clone, PartialEq)]
pub struct A2aError {
    pub kind: ErrorKind,
    /// The JSON-RPC error code.
    pub code: i32,
    pub message: String,
    /// Details for `metadata` (1.0) or `data` (0.3), as strings.
    pub details: Vec<(&'static str, String)>,
    /// A refusal of the transport: answered with its kind's HTTP status, not 200.
    pub refusal: bool,
}

impl A2aError {
    fn new(kind: ErrorKind, code: i32, message: impl Into<String>) -> A2aError {
        A2aError { kind, code, message: message.into(), details: Vec::new(), refusal: false }
    }

    fn with(mut self, key: &'static str, value: impl Into<String>) -> A2aError {
        self.details.push((key, value.into()));
        self
    }

    pub fn parse(object: ErrorObject) -> A2aError {
        A2aError::new(ErrorKind::InvalidJson, object.code, object.message)
    }
    pub fn invalid_request(message: impl Into<String>) -> A2aError {
        A2aError::new(ErrorKind::InvalidRequest, jsonrpc::INVALID_REQUEST, message)
    }
    /// A message [`jsonrpc::message`] refused: `duplicate_member` for a repeated member name,
    /// `invalid_request` for any other fault, both -32600.
    pub fn from_invalid(message: String, duplicate: bool) -> A2aError {
        let kind = if duplicate { ErrorKind::DuplicateMember } else { ErrorKind::InvalidRequest };
        A2aError::new(kind, jsonrpc::INVALID_REQUEST, message)
    }
    pub fn unknown_method(method: &str) -> A2aError {
        A2aError::new(
            ErrorKind::UnknownMethod,
            jsonrpc::METHOD_NOT_FOUND,
            format!(
                "method not found: `{}` is not an A2A 1.0 or 0.3 method",
                ops::error::truncate(method)
            ),
        )
        .with("method", ops::error::truncate(method))
    }
    /// Params that do not fit the method; `field` names where (`message.parts`).
    /// Text that is a JSON object (read as the data part it spells) repeating a member name:
    /// `duplicate_member`, as in a body, but -32602, since the request itself is well formed.
    pub fn duplicate_in_text(duplicate: &Duplicate) -> A2aError {
        A2aError::new(
            ErrorKind::DuplicateMember,
            jsonrpc::INVALID_PARAMS,
            format!(
                "invalid params: the message's text is a JSON object, read as a data part, and its {}; send each member once",
                ops::error::repeated_member(duplicate)
            ),
        )
        .with("field", "message.parts")
    }
    pub fn invalid_params(field: &str, message: impl Into<String>) -> A2aError {
        A2aError::new(ErrorKind::InvalidParams, jsonrpc::INVALID_PARAMS, message)
            .with("field", field)
    }
    /// A refusal of the core (a blank or long question, bad readiness answers) as invalid
    /// params, keeping the core's code.
    pub fn from_core(error: &ops::Error, field: &str) -> A2aError {
        A2aError::new(error.kind, jsonrpc::INVALID_PARAMS, error.message.clone())
            .with("field", field)
    }
    pub fn task_not_found(task_id: &str) -> A2aError {
        A2aError::new(
            ErrorKind::TaskNotFound,
            TASK_NOT_FOUND,
            format!(
                "task `{}` not found: this agent answers every message with a message and keeps no tasks",
                ops::error::truncate(task_id)
            ),
        )
        .with("taskId", ops::error::truncate(task_id))
    }
    pub fn push_not_supported() -> A2aError {
        A2aError::new(
            ErrorKind::PushNotificationsNotSupported,
            PUSH_NOTIFICATION_NOT_SUPPORTED,
            "push notifications are not supported: the agent card says capabilities.pushNotifications false",
        )
    }
    pub fn unsupported_operation(what: &str) -> A2aError {
        A2aError::new(
            ErrorKind::UnsupportedOperation,
            UNSUPPORTED_OPERATION,
            format!("unsupported operation: {what}"),
        )
    }
    pub fn content_type(message: impl Into<String>) -> A2aError {
        A2aError::new(ErrorKind::ContentTypeNotSupported, CONTENT_TYPE_NOT_SUPPORTED, message)
    }
    pub fn version_not_supported(message: impl Into<String>) -> A2aError {
        A2aError::new(ErrorKind::VersionNotSupported, VERSION_NOT_SUPPORTED, message)
            .with("supportedVersions", Version::ALL.map(Version::as_str).join(","))
    }
    /// A refusal before any message was read (body too large or too slow, not JSON, the rate
    /// limit, a method other than POST), with its kind and HTTP status.
    pub fn refusal(error: &ops::Error) -> A2aError {
        let mut refusal =
            A2aError::new(error.kind, jsonrpc::INVALID_REQUEST, error.message.clone());
        refusal.refusal = true;
        refusal
    }

    /// The HTTP status this error is sent with.
    pub fn status(&self) -> StatusCode {
        if !self.refusal {
            return StatusCode::OK;
        }
        StatusCode::from_u16(self.kind.status()).unwrap_or(StatusCode::BAD_REQUEST)
    }

    /// The JSON-RPC error object in `version`'s shape.
    pub fn object(&self, version: Version) -> ErrorObject {
        let code = self.kind.code();
        let mut details = Map::new();
        details.insert("code".into(), Value::from(code));
        details.insert("docs".into(), Value::from(format!("{SITE_URL}/docs/errors/#{code}")));
        for (key, value) in &self.details {
            details.insert((*key).into(), Value::from(value.as_str()));
        }
        let data = match version {
            Version::V0_3 => Value::Object(details),
            Version::V1_0 => {
                let mut info = Map::new();
                info.insert(
                    "@type".into(),
                    Value::from("type.googleapis.com/google.rpc.ErrorInfo"),
                );
                info.insert("reason".into(), Value::from(self.reason()));
                info.insert("domain".into(), Value::from(DOMAIN));
                info.insert("metadata".into(), Value::Object(details));
                Value::Array(vec![Value::Object(info)])
            }
        };
        ErrorObject { code: self.code, message: self.message.clone(), data: Some(data) }
    }

    /// `ErrorInfo.reason`: the A2A error's name as the A2A SDKs spell it.
    fn reason(&self) -> &'static str {
        match self.code {
            TASK_NOT_FOUND => "TASK_NOT_FOUND",
            PUSH_NOTIFICATION_NOT_SUPPORTED => "PUSH_NOTIFICATION_NOT_SUPPORTED",
            UNSUPPORTED_OPERATION => "UNSUPPORTED_OPERATION",
            CONTENT_TYPE_NOT_SUPPORTED => "CONTENT_TYPE_NOT_SUPPORTED",
            VERSION_NOT_SUPPORTED => "VERSION_NOT_SUPPORTED",
            jsonrpc::PARSE_ERROR => "PARSE_ERROR",
            jsonrpc::METHOD_NOT_FOUND => "METHOD_NOT_FOUND",
            jsonrpc::INVALID_PARAMS => "INVALID_PARAMS",
            _ => "INVALID_REQUEST",
        }
    }

    /// The whole JSON-RPC error response.
    pub fn response(&self, id: Option<&Id>, version: Version) -> String {
        jsonrpc::error_text(id, &self.object(version))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_version_carries_the_details_its_way() {
        let error = A2aError::task_not_found("t-1");
        let v1 = error.object(Version::V1_0).data.expect("data");
        assert_eq!(v1[0]["@type"], "type.googleapis.com/google.rpc.ErrorInfo");
        assert_eq!(v1[0]["reason"], "TASK_NOT_FOUND");
        assert_eq!(v1[0]["metadata"]["taskId"], "t-1");
        assert_eq!(v1[0]["metadata"]["code"], "task_not_found");
        let v03 = error.object(Version::V0_3).data.expect("data");
        assert_eq!(v03["taskId"], "t-1");
        assert_eq!(error.status(), StatusCode::OK);
        let refusal = A2aError::refusal(&ops::Error::payload_too_large(1));
        assert_eq!(refusal.status(), StatusCode::PAYLOAD_TOO_LARGE);
    }
}
