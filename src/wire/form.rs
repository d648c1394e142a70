//! `application/x-www-form-urlencoded` pairs, as in query strings and the token request body.

use std::borrow::Cow;

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

/// [`parse_pairs`] for a page that ignores the parameters it does not read: only the pairs
/// whose name `reads` (a name it does not read, or one that is not text, is skipped whatever
/// its value), so a tracking parameter written in another charset (`utm_campaign=caf%E9`)
/// cannot make the page fail. A value of a parameter it reads that is not text is an error.
pub fn parse_read_pairs<'a>(
    raw: &'a str,
    reads: impl Fn(&str) -> bool,
) -> Result<Vec<Pair<'a>>, BadEncoding> {
    let mut pairs = Vec::with_capacity(4);
    for segment in raw.split('&').filter(|s| !s.is_empty()) {
        let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
        let Ok(name) = decode(name) else { continue };
        if !reads(&name) {
            continue;
        }
        let value = decode(value).map_err(|_| BadEncoding(name.clone().into_owned()))?;
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// Decodes one form-encoded component: `+` is space, then percent-decoding, then UTF-8.
/// Borrowed when there is neither a `+` nor a `%`. A `%` not followed by two hex digits stays
/// as it is, as in the `percent-encoding` crate.
pub fn decode(text: &str) -> Result<Cow<'_, str>, std::str::Utf8Error> {
    if !text.bytes().any(|b| b == b'+' || b == b'%') {
        return Ok(Cow::Borrowed(text));
    }
    if !text.contains('%') {
        // Spaces alone, the usual query (`q=data+strategy`): a byte for a byte, a loop the
        // compiler vectorises, where the loop below took about 19 instructions a byte
        // (1,600 of the 84-byte `search-8` query). ASCII for ASCII keeps the text valid UTF-8.
        let spaced: Vec<u8> = text.bytes().map(|b| if b == b'+' { b' ' } else { b }).collect();
        return String::from_utf8(spaced).map(Cow::Owned).map_err(|err| err.utf8_error());
    }
    // One pass into one buffer: decoding only ever shortens.
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while let Some(&byte) = bytes.get(idx) {
        let escaped = (byte == b'%').then(|| bytes.get(idx + 1..idx + 3).and_then(hex_pair));
        match (byte, escaped.flatten()) {
            (_, Some(decoded)) => {
                out.push(decoded);
                idx += 3;
            }
            (b'+', None) => {
                out.push(b' ');
                idx += 1;
            }
            (other, None) => {
                out.push(other);
                idx += 1;
            }
        }
    }
    match String::from_utf8(out) {
        Ok(decoded) => Ok(Cow::Owned(decoded)),
        Err(err) => Err(err.utf8_error()),
    }
}

/// `text` with every byte `keep` refuses percent-encoded (`%22`, `%C3%A9`), borrowed when
/// it keeps them all: an OAuth error description's characters, a URI's query.
pub fn encode_except(text: &str, keep: impl Fn(u8) -> bool) -> Cow<'_, str> {
    if text.bytes().all(&keep) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for byte in text.bytes() {
        if keep(byte) {
            out.push(char::from(byte));
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        }
    }
    Cow::Owned(out)
}

/// The byte two hex digits spell.
fn hex_pair(digits: &[u8]) -> Option<u8> {
    let [high, low] = digits else { return None };
    let value = |digit: u8| char::from(digit).to_digit(16);
    Some((value(*high)? * 16 + value(*low)?) as u8)
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
        // A '%' without two hex digits after it stays, as percent-encoding leaves it; then the
        // spaces-only path, `+` alone, with non-ASCII text around it too.
        for (text, decoded) in [
            ("100%", "100%"),
            ("a%2", "a%2"),
            ("%zz+1", "%zz 1"),
            ("%C3%a9+", "é "),
            ("+%", " %"),
            ("data+strategy", "data strategy"),
            ("+", " "),
            ("++caf\u{e9}++au+lait+", "  caf\u{e9}  au lait "),
        ] {
            assert_eq!(decode(text).expect("decodes"), decoded, "{text}");
            let spaced = text.replace('+', " ");
            let reference =
                percent_encoding::percent_decode_str(&spaced).decode_utf8().expect("decodes");
            assert_eq!(decode(text).expect("decodes"), reference, "{text}");
        }
        assert_eq!(parse_pairs("q=%FF"), Err(BadEncoding("q".into())));
        assert_eq!(parse_pairs("%FF=1"), Err(BadEncoding("%FF".into())));
    }
}
