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

/// Why the version a request names cannot be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// One version was named, and it is not one served: the value as sent.
    Unsupported(String),
    /// More than one value was sent (the header twice, the query parameter twice, or both) and
    /// they name different versions, so which one the client speaks is unclear.
    Conflicting(Vec<String>),
}

impl Refused {
    /// The `VersionNotSupportedError` message.
    pub fn message(&self) -> String {
        match self {
            Refused::Unsupported(sent) => format!(
                "A2A version `{}` is not supported; send A2A-Version: 1.0 or 0.3 (absent means 0.3)",
                crate::ops::error::truncate(sent)
            ),
            Refused::Conflicting(values) => format!(
                "A2A-Version names more than one version ({}); send one, as the header or the query parameter (absent means 0.3)",
                values
                    .iter()
                    .map(|value| format!("`{}`", crate::ops::error::truncate(value)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// The version the request names, in the `A2A-Version` header or query parameter (section
/// 3.6 allows either). Neither wins over the other: values that name the same version agree
/// (`1.0` and `1.0.1`, or one sent both ways), and values that name different ones are
/// refused, as a header sent twice with different values is, rather than one silently
/// chosen. (A2A 1.0 states no precedence between the two, and the client that sent both
/// meant one.) An empty value counts as absent.
pub fn requested(headers: &HeaderMap, query: Option<&str>) -> Result<Version, Refused> {
    let mut values = Vec::new();
    for value in headers.get_all(VERSION_HEADER) {
        let value = value.to_str().map_err(|_| Refused::Unsupported("(not ASCII)".into()))?;
        values.push(value.trim().to_string());
    }
    values.extend(query_parameters(query));
    // An empty value means 0.3 as an absent one does, so it names no version beside another.
    values.retain(|value| !value.is_empty());
    let Some(first) = values.first() else { return Ok(Version::V0_3) };
    let version = parse(first).ok_or_else(|| Refused::Unsupported(first.clone()))?;
    for other in &values[1..] {
        match parse(other) {
            Some(named) if named == version => {}
            Some(_) => return Err(Refused::Conflicting(values)),
            None => return Err(Refused::Unsupported(other.clone())),
        }
    }
    Ok(version)
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

/// Every `A2A-Version` of the query string, percent-decoded (case-insensitive name). Other
/// parameters are not decoded, so one that is not UTF-8 cannot hide the version beside it (the
/// whole query used to be read as naming none); a version that is not UTF-8 is one no version
/// served is named by, given as U+FFFD, so it is refused rather than read as absent.
fn query_parameters(query: Option<&str>) -> Vec<String> {
    let Some(query) = query else { return Vec::new() };
    let reads = |name: &str| name.eq_ignore_ascii_case(VERSION_HEADER);
    match crate::wire::form::parse_read_pairs(query, reads) {
        Ok(pairs) => pairs.into_iter().map(|p| p.1.into_owned()).collect(),
        Err(_) => vec![char::REPLACEMENT_CHARACTER.to_string()],
    }
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
    fn the_header_and_the_query_parameter_must_agree() {
        let mut headers = HeaderMap::new();
        assert_eq!(requested(&headers, Some("A2A-Version=1.0")), Ok(Version::V1_0));
        assert_eq!(requested(&headers, None), Ok(Version::V0_3));
        headers.insert(VERSION_HEADER, http::HeaderValue::from_static("0.3"));
        assert_eq!(
            requested(&headers, Some("A2A-Version=1.0")),
            Err(Refused::Conflicting(vec!["0.3".into(), "1.0".into()]))
        );
        assert_eq!(requested(&headers, Some("a2a-version=0.3.0")), Ok(Version::V0_3));
        assert_eq!(requested(&headers, Some("A2A-Version=")), Ok(Version::V0_3));
        assert_eq!(
            requested(&HeaderMap::new(), Some("A2A-Version=1.0&A2A-Version=0.3")),
            Err(Refused::Conflicting(vec!["1.0".into(), "0.3".into()]))
        );
        assert_eq!(
            requested(&HeaderMap::new(), Some("A2A-Version=1.0&A2A-Version=1.0.1")),
            Ok(Version::V1_0)
        );
        headers.insert(VERSION_HEADER, http::HeaderValue::from_static("2.0"));
        assert_eq!(requested(&headers, None), Err(Refused::Unsupported("2.0".into())));
        assert_eq!(
            requested(&headers, Some("A2A-Version=1.0")),
            Err(Refused::Unsupported("2.0".into()))
        );
    }

    #[test]
    fn every_operation_has_a_name_in_1_0() {
        for (name, version, op) in METHODS {
            assert_eq!(method(name), Some((*version, *op)));
            assert!(METHODS.iter().any(|(_, v, o)| *v == Version::V1_0 && o == op), "{name}");
        }
    }
}
