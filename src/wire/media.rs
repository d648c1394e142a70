//! Media types of request bodies and of what the service answers with.

/// JSON, as every JSON body of the service is sent.
pub const JSON: &str = "application/json; charset=utf-8";
/// Server-sent events (the agent surfaces' streaming answers).
pub const EVENT_STREAM: &str = "text/event-stream";

/// The media type of a `Content-Type` value, without parameters (`type/subtype`).
pub fn media_type(content_type: &str) -> &str {
    content_type.split(';').next().unwrap_or("").trim()
}

/// JSON media types: `application/json` and any `+json` suffix, parameters ignored.
pub fn is_json(content_type: &str) -> bool {
    let essence = media_type(content_type);
    essence.eq_ignore_ascii_case("application/json")
        || essence.len() > 5 && essence[essence.len() - 5..].eq_ignore_ascii_case("+json")
}
