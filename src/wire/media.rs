//! Media types of request bodies and of what the service answers with.

use http::header::{self, HeaderMap, HeaderValue};

use crate::ops::Error;

/// JSON, as every JSON body of the service is sent.
pub const JSON: &str = "application/json; charset=utf-8";
/// The site's social card.
pub const PNG: &str = "image/png";
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

/// Whether a `Content-Type` value's `charset` parameter, if it has one, is UTF-8 (any of its
/// labels, in any case, quoted or not): every body the service reads is decoded as UTF-8, so a
/// body labelled in another charset would be misread rather than read.
pub fn charset_is_utf8(content_type: &str) -> bool {
    content_type.split(';').skip(1).all(|parameter| {
        let Some((name, value)) = parameter.split_once('=') else { return true };
        if !name.trim().eq_ignore_ascii_case("charset") {
            return true;
        }
        let value = value.trim();
        let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
        UTF8_LABELS.iter().any(|label| value.eq_ignore_ascii_case(label))
    })
}

/// The labels of UTF-8 in the WHATWG Encoding Standard, which browsers and most HTTP stacks
/// read a charset by: `utf8`, the usual misspelling, names UTF-8 as surely as `utf-8` does,
/// and was refused as another charset until 2026-12-05.
const UTF8_LABELS: [&str; 6] =
    ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];

/// RFC 9110, sections 8.4 and 15.5.16: the service decodes no content coding of a request
/// body, so a `Content-Encoding` other than `identity` (on any of its lines) is 415. A gzip
/// body would otherwise be read as broken JSON, and a plain body labelled `br` as if it had
/// been decoded.
pub fn check_coding<'a>(values: impl IntoIterator<Item = &'a HeaderValue>) -> Result<(), Error> {
    for value in values {
        let identity = value.to_str().is_ok_and(|text| {
            text.split(',')
                .map(str::trim)
                .all(|c| c.is_empty() || c.eq_ignore_ascii_case("identity"))
        });
        if !identity {
            return Err(Error::unsupported_content_encoding(value.to_str().unwrap_or("?")));
        }
    }
    Ok(())
}

/// RFC 9112, section 6.1: hyper decodes the `chunked` transfer coding (and refuses a list that
/// does not end in it), but passes the body on still in any coding listed before it, so a
/// `Transfer-Encoding` naming another (`gzip, chunked`, on one line or several) is 415 as a
/// `Content-Encoding` is: the body would otherwise be read as if it had been decoded.
pub fn check_transfer_coding<'a>(
    values: impl IntoIterator<Item = &'a HeaderValue>,
) -> Result<(), Error> {
    for value in values {
        let chunked = value.to_str().is_ok_and(|text| {
            text.split(',')
                .map(str::trim)
                .all(|c| c.is_empty() || c.eq_ignore_ascii_case("chunked"))
        });
        if !chunked {
            return Err(Error::unsupported_transfer_coding(value.to_str().unwrap_or("?")));
        }
    }
    Ok(())
}

/// The one `Content-Type` of a request body (`None` when absent; `?` for a value that is not
/// text). Two lines are refused: which one labels the body cannot be told, and reading it as
/// the first would be a guess.
pub fn one_content_type<'a>(
    values: impl IntoIterator<Item = &'a HeaderValue>,
) -> Result<Option<&'a str>, Error> {
    let mut values = values.into_iter();
    let first = values.next().map(|v| v.to_str().unwrap_or("?"));
    if values.next().is_some() {
        return Err(Error::repeated_content_type());
    }
    Ok(first)
}

/// A JSON request body's labels, checked before it is read: its `Content-Encoding` values
/// (none, or `identity`) and its `Content-Type` values (absent is read as JSON; one JSON media
/// type whose charset, if named, is UTF-8). Anything else is 415 `unsupported_media_type`.
pub fn check_json<'a>(
    codings: impl IntoIterator<Item = &'a HeaderValue>,
    content_types: impl IntoIterator<Item = &'a HeaderValue>,
) -> Result<(), Error> {
    check_coding(codings)?;
    match one_content_type(content_types)? {
        // The two labels clients send, told by one comparison each before the general reading
        // (which splits off and trims the parameters: about 450 instructions of a score).
        Some("application/json" | JSON) => Ok(()),
        Some(found) if !is_json(found) => Err(Error::unsupported_media_type(found)),
        Some(found) if !charset_is_utf8(found) => Err(Error::unsupported_charset(found)),
        _ => Ok(()),
    }
}

/// [`check_json`] over a request's headers, after [`check_transfer_coding`].
pub fn check_json_headers(headers: &HeaderMap) -> Result<(), Error> {
    check_transfer_coding(headers.get_all(header::TRANSFER_ENCODING))?;
    check_json(headers.get_all(header::CONTENT_ENCODING), headers.get_all(header::CONTENT_TYPE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_labels_read_at_a_glance_are_read_as_the_general_reading_would() {
        for label in ["application/json", JSON] {
            assert!(is_json(label) && charset_is_utf8(label), "{label}");
            let value = HeaderValue::from_static(label);
            assert!(check_json([], [&value]).is_ok(), "{label}");
        }
        // Near misses take the general reading and are judged by it.
        let latin1 = HeaderValue::from_static("application/json; charset=latin1");
        assert!(check_json([], [&latin1]).is_err());
        let upper = HeaderValue::from_static("Application/JSON");
        assert!(check_json([], [&upper]).is_ok());
    }

    #[test]
    fn a_charset_other_than_utf8_is_named_as_such() {
        for ok in [
            "application/json",
            "application/json; charset=utf-8",
            "application/json;charset=UTF-8",
            "application/json; charset=\"utf-8\"",
            "application/json; profile=x",
        ] {
            assert!(charset_is_utf8(ok), "{ok}");
        }
        for bad in [
            "application/json; charset=UTF-16",
            "application/json; charset=\"iso-8859-1\"",
            "application/json; charset=utf-8; charset=latin1",
            "application/json; charset=",
        ] {
            assert!(!charset_is_utf8(bad), "{bad}");
        }
    }
}
