//! Which A2A protocol version a request speaks, and which methods belong to which.
//!
//! A2A 1.0 section 3.6: the client names its version in `A2A-Version` (header, or a query
//! parameter of that name); an empty or absent value means 0.3. Only `Major.Minor` counts (a
//! patch part is ignored). This agent serves 1.0 and 0.3 on one endpoint; any other version
//! is `VersionNotSupportedError`. Each method name belongs to one version (PascalCase in 1.0,
//! `category/action` in 0.3), and a method arriving under the other version is refused with
//! the same error rather than answered in a shape the client does not expect.

use http::HeaderMap;

/// `A2A-Version`, the header and the query parameter.
pub const VERSION_HEADER: &str = "a2a-version";

/// A protocol version this agent speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// 0.3: `kind` discriminators, lowercase roles, methods such as `message/send`.
    V0_3,
    /// 1.0: ProtoJSON (`ROLE_AGENT`), flat parts, methods such as `SendMessage`.
    V1_0,
}

impl Version {
    /// Every version served, newest first.
    pub const ALL: [Version; 2] = [Version::V1_0, Version::V0_3];

    pub const fn as_str(self) -> &'static str {
        match self {
            Version::V0_3 => "0.3",
            Version::V1_0 => "1.0",
        }
    }
}

/// What an operation is, whichever version names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    SendMessage,
    SendStreamingMessage,
    GetTask,
    ListTasks,
    CancelTask,
    SubscribeToTask,
    PushNotificationConfig,
    GetExtendedAgentCard,
}

/// Every method name of both versions.
pub const METHODS: &[(&str, Version, Operation)] = &[
    ("SendMessage", Version::V1_0, Operation::SendMessage),
    ("SendStreamingMessage", Version::V1_0, Operation::SendStreamingMessage),
    ("GetTask", Version::V1_0, Operation::GetTask),
    ("ListTasks", Version::V1_0, Operation::ListTasks),
    ("CancelTask", Version::V1_0, Operation::CancelTask),
    ("SubscribeToTask", Version::V1_0, Operation::SubscribeToTask),
    ("CreateTaskPushNotificationConfig", Version::V1_0, Operation::PushNotificationConfig),
    ("GetTaskPushNotificationConfig", Version::V1_0, Operation::PushNotificationConfig),
    ("ListTaskPushNotificationConfigs", Version::V1_0, Operation::PushNotificationConfig),
    ("DeleteTaskPushNotificationConfig", Version::V1_0, Operation::PushNotificationConfig),
    ("GetExtendedAgentCard", Version::V1_0, Operation::GetExtendedAgentCard),
    ("message/send", Version::V0_3, Operation::SendMessage),
    ("message/stream", Version::V0_3, Operation::SendStreamingMessage),
    ("tasks/get", Version::V0_3, Operation::GetTask),
    ("tasks/cancel", Version::V0_3, Operation::CancelTask),
    ("tasks/resubscribe", Version::V0_3, Operation::SubscribeToTask),
    ("tasks/pushNotificationConfig/set", Version::V0_3, Operation::PushNotificationConfig),
    ("tasks/pushNotificationConfig/get", Version::V0_3, Operation::PushNotificationConfig),
    ("tasks/pushNotificationConfig/list", Version::V0_3, Operation::PushNotificationConfig),
    ("tasks/pushNotificationConfig/delete", Version::V0_3, Operation::PushNotificationConfig),
    ("agent/getAuthenticatedExtendedCard", Version::V0_3, Operation::GetExtendedAgentCard),
];

/// The method's version and operation, if it is a method of either version.
pub fn method(name: &str) -> Option<(Version, Operation)> {
    METHODS.iter().find(|(method, _, _)| *method == name).map(|&(_, version, op)| (version, op))
}

/// The version the request names: `Err` with the value as sent when it is not one served.
pub fn requested(headers: &HeaderMap, query: Option<&str>) -> Result<Version, String> {
    let header = headers.get_all(VERSION_HEADER).iter().collect::<Vec<_>>();
    let value = match header.as_slice() {
        [] => query_parameter(query).unwrap_or_default(),
        [value] => value.to_str().map_err(|_| "(not ASCII)".to_string())?.trim().to_string(),
        _ => return Err("(sent more than once)".to_string()),
    };
    parse(&value).ok_or(value)
}

/// `0.3`, `0.3.0`, `1.0`, `1.0.1` and an empty value (0.3); anything else is not served.
pub fn parse(value: &str) -> Option<Version> {
    if value.is_empty() {
        return Some(Version::V0_3);
    }
    let mut parts = value.split('.');
    let major = parts.next()?.parse::<u32>().ok()?;
    let minor = parts.next()?.parse::<u32>().ok()?;
    if let Some(patch) = parts.next() {
        patch.parse::<u32>().ok()?;
    }
    if parts.next().is_some() {
        return None;
    }
    match (major, minor) {
        (0, 3) => Some(Version::V0_3),
        (1, 0) => Some(Version::V1_0),
        _ => None,
    }
}

/// `A2A-Version` from the query string, percent-decoded (case-insensitive name).
fn query_parameter(query: Option<&str>) -> Option<String> {
    let pairs = crate::wire::form::parse_pairs(query?).ok()?;
    pairs
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(VERSION_HEADER))
        .map(|p| p.1.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_major_and_minor_and_absent_is_0_3() {
        for (text, expected) in [
            ("", Some(Version::V0_3)),
            ("0.3", Some(Version::V0_3)),
            ("0.3.0", Some(Version::V0_3)),
            ("1.0", Some(Version::V1_0)),
            ("1.0.1", Some(Version::V1_0)),
            ("1", None),
            ("1.1", None),
            ("0.2.5", None),
            ("1.0.x", None),
            ("1.0.0.0", None),
            ("latest", None),
        ] {
            assert_eq!(parse(text), expected, "{text:?}");
        }
    }

    #[test]
    fn the_header_wins_over_the_query_parameter() {
        let mut headers = HeaderMap::new();
        assert_eq!(requested(&headers, Some("A2A-Version=1.0")), Ok(Version::V1_0));
        assert_eq!(requested(&headers, None), Ok(Version::V0_3));
        headers.insert(VERSION_HEADER, http::HeaderValue::from_static("0.3"));
        assert_eq!(requested(&headers, Some("A2A-Version=1.0")), Ok(Version::V0_3));
        headers.insert(VERSION_HEADER, http::HeaderValue::from_static("2.0"));
        assert_eq!(requested(&headers, None), Err("2.0".to_string()));
    }

    #[test]
    fn every_operation_has_a_name_in_1_0() {
        for (name, version, op) in METHODS {
            assert_eq!(method(name), Some((*version, *op)));
            assert!(METHODS.iter().any(|(_, v, o)| *v == Version::V1_0 && o == op), "{name}");
        }
    }
}
