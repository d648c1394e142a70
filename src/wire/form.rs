//! `application/x-www-form-urlencoded` pairs, as in query strings and the token request body.

use std::borrow::Cow;

use percent_encoding::percent_decode_str;

/// A decoded name and value, borrowed from the input where nothing needed decoding.
pub type Pair<'a> = (Cow<'a, str>, Cow<'a, str>);

/// One decoding failure: which parameter could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadEncoding(pub String);

/// Splits `raw` at `&` and `=`, turns `+` into space and percent-decodes. Empty segments
/// (`a=1&&b=2`) are skipped; invalid UTF-8 after decoding is an error. A name or value with
/// nothing to decode is borrowed from `raw`, so a plain query string costs one allocation.
pub fn parse_pairs(raw: &str) -> Result<Vec<Pair<'_>>, BadEncoding> {
    let mut pairs = Vec::with_capacity(4);
    for segment in raw.split('&').filter(|s| !s.is_empty()) {
        let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
        let name = decode(name).map_err(|_| BadEncoding(lossy_name(name)))?;
        let value = decode(value).map_err(|_| BadEncoding(name.clone().into_owned()))?;
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// Decodes one form-encoded component: `+` is space, then percent-decoding, then UTF-8.
/// Borrowed when there is neither a `+` nor a `%`.
pub fn decode(text: &str) -> Result<Cow<'_, str>, std::str::Utf8Error> {
    if !text.bytes().any(|b| b == b'+' || b == b'%') {
        return Ok(Cow::Borrowed(text));
    }
    let plus_as_space: Cow<'_, str> =
        if text.contains('+') { Cow::Owned(text.replace('+', " ")) } else { Cow::Borrowed(text) };
    percent_decode_str(&plus_as_space).decode_utf8().map(|text| Cow::Owned(text.into_owned()))
}

fn lossy_name(name: &str) -> String {
    name.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_components_are_borrowed_and_the_rest_decoded() {
        let pairs =
            parse_pairs("q=governance&&limit=10&category=Analytics+%26+BI&flag").expect("decodes");
        let texts: Vec<(&str, &str)> = pairs.iter().map(|(n, v)| (&**n, &**v)).collect();
        assert_eq!(
            texts,
            [("q", "governance"), ("limit", "10"), ("category", "Analytics & BI"), ("flag", "")]
        );
        assert!(matches!(pairs[0], (Cow::Borrowed(_), Cow::Borrowed(_))));
        assert!(matches!(pairs[2].1, Cow::Owned(_)));
        assert_eq!(decode("a%2Bb+c").expect("decodes"), "a+b c");
        assert_eq!(parse_pairs("q=%FF"), Err(BadEncoding("q".into())));
        assert_eq!(parse_pairs("%FF=1"), Err(BadEncoding("%FF".into())));
    }
}
