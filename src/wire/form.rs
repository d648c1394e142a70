//! `application/x-www-form-urlencoded` pairs, as in query strings and the token request body.

use std::borrow::Cow;

use percent_encoding::percent_decode_str;

/// One decoding failure: which parameter could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadEncoding(pub String);

/// Splits `raw` at `&` and `=`, turns `+` into space and percent-decodes. Empty segments
/// (`a=1&&b=2`) are skipped; invalid UTF-8 after decoding is an error.
pub fn parse_pairs(raw: &str) -> Result<Vec<(String, String)>, BadEncoding> {
    let mut pairs = Vec::new();
    for segment in raw.split('&').filter(|s| !s.is_empty()) {
        let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
        let name = decode(name).map_err(|_| BadEncoding(lossy_name(name)))?;
        let value = decode(value).map_err(|_| BadEncoding(name.clone()))?;
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// Decodes one form-encoded component: `+` is space, then percent-decoding, then UTF-8.
pub fn decode(text: &str) -> Result<String, std::str::Utf8Error> {
    let plus_as_space: Cow<'_, str> =
        if text.contains('+') { Cow::Owned(text.replace('+', " ")) } else { Cow::Borrowed(text) };
    percent_decode_str(&plus_as_space).decode_utf8().map(Cow::into_owned)
}

fn lossy_name(name: &str) -> String {
    name.chars().take(40).collect()
}
