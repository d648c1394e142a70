//! JSON strings written by hand for the responses built per request, escaped exactly as
//! serde_json escapes them (quote, backslash and control characters; everything else, `/` and
//! all non-ASCII included, as is), so a page written here and one serialised by serde_json are
//! the same bytes.
//!
//! And the one reader of JSON request bodies, [`read`]: serde_json's `Value`, except that an
//! object naming a member twice is reported rather than silently resolved to its last value.

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::error::Category;
use serde_json::{Map, Number, Value};

/// What each ASCII byte becomes inside a JSON string: 0 for itself, `u` for `\u00XX`, any other
/// value for a backslash and that letter.
const ESCAPES: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut byte = 0;
    while byte < b' ' as usize {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Bytes looked at together: a block with nothing to escape is passed over at once.
const BLOCK: usize = 16;

/// Whether a byte is escaped inside a JSON string.
const fn needs_escape(byte: u8) -> bool {
    byte < b' ' || byte == b'"' || byte == b'\\'
}

/// Appends `text` escaped as the contents of a JSON string, without the quotes around it.
///
/// Text is looked at a block at a time: a block with nothing to escape (the test has no early
/// exit, so it compiles to vector compares) is passed over whole, and its bytes are copied with
/// their neighbours as one slice. A block with something to escape is gone through a byte at a
/// time; an escape is written a character at a time rather than as a slice of its own, since
/// JSON text escaped into JSON has a quote every few bytes.
pub fn push_escaped(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    let bytes = text.as_bytes();
    // The first byte not yet written.
    let mut at = 0;
    let mut blocks = bytes.chunks_exact(BLOCK);
    let mut offset = 0;
    for block in blocks.by_ref() {
        if block.iter().fold(false, |dirty, &byte| dirty | needs_escape(byte)) {
            for (idx, &byte) in block.iter().enumerate() {
                escape_byte(out, text, &mut at, offset + idx, byte);
            }
        }
        offset += BLOCK;
    }
    for (idx, &byte) in blocks.remainder().iter().enumerate() {
        escape_byte(out, text, &mut at, offset + idx, byte);
    }
    if let Some(rest) = text.get(at..) {
        out.push_str(rest);
    }
}

/// Writes the escape of `byte`, the byte at `idx` of `text`, if it has one, after the bytes
/// from `at` that precede it; then `at` follows it.
#[inline(always)]
fn escape_byte(out: &mut String, text: &str, at: &mut usize, idx: usize, byte: u8) {
    let escape = match ESCAPES.get(usize::from(byte)) {
        Some(&escape) if escape != 0 => escape,
        // As is: an unescaped ASCII byte, or any byte of a multi-byte character.
        _ => return,
    };
    // `at` follows an ASCII byte (or is 0) and `idx` is one, so both are char boundaries.
    if let Some(run) = text.get(*at..idx) {
        out.push_str(run);
    }
    out.push('\\');
    if escape == b'u' {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        out.push_str("u00");
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xf)]));
    } else {
        out.push(char::from(escape));
    }
    *at = idx + 1;
}

/// Appends `text` as a JSON string literal.
pub fn push_string(out: &mut String, text: &str) {
    out.push('"');
    push_escaped(out, text);
    out.push('"');
}

/// `text` escaped as the contents of a JSON string.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 4 + 8);
    push_escaped(&mut out, text);
    out
}

/// A member name given more than once in one object of a request body (RFC 8259 section 4:
/// names SHOULD be unique, and receivers of repeated names behave unpredictably). Every body
/// the service reads is refused for it, whatever the member, rather than answered with
/// whichever value a parser keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// The repeated name, as sent (any length: shorten it to show it).
    pub name: String,
    /// Where the object holding it is: `$` for the body itself, then `.member` (or
    /// `["member"]` for a name that is not a plain identifier) and `[index]`.
    pub path: String,
}

/// Why a body could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Not JSON at all, or JSON past what serde_json reads (see [`beyond_reading`]).
    Syntax(serde_json::Error),
    /// JSON after a UTF-8 byte order mark, which RFC 8259 section 8.1 forbids a sender to add
    /// (a parser MAY skip it; serde_json does not). Told apart so the refusal names the mark:
    /// serde_json's "expected value at line 1 column 1" sent a client looking at text that
    /// reads as JSON in any editor.
    ByteOrderMark,
    /// JSON, but an object repeats a member name.
    Duplicate(Duplicate),
}

/// U+FEFF as UTF-8: the byte order mark some editors and Windows tools put before a text.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// What is wrong with a body that starts with [`BYTE_ORDER_MARK`], after "the body".
pub const BYTE_ORDER_MARK_PROBLEM: &str = "starts with a byte order mark (U+FEFF), which JSON sent over a network must not have (RFC 8259 section 8.1); send the JSON without it";

/// How deep serde_json reads arrays and objects into one another: its recursion limit, 128,
/// is reached on entering the 128th, so 127 levels are read.
pub const MAX_DEPTH: usize = 127;

/// What is wrong with a body [`read`] refused as not JSON when the text may well be JSON but
/// is past what serde_json reads, after "the body": nesting past [`MAX_DEPTH`] (serde_json's
/// "recursion limit exceeded", whether or not the text is JSON) and a number past the largest
/// double, about 1.8e308 (its "number out of range": `1e400` is JSON, RFC 8259 section 6 lets
/// a reader limit the range, and this one does), each named as what it is, with where it
/// happened. `None` for any other error, whose own words (after "not valid JSON") say it.
pub fn beyond_reading(err: &serde_json::Error) -> Option<String> {
    let text = err.to_string();
    if let Some(at) = text.strip_prefix("recursion limit exceeded") {
        return Some(format!(
            "nests arrays and objects more than {MAX_DEPTH} levels deep, deeper than this server reads ({})",
            at.trim()
        ));
    }
    if let Some(at) = ["lone leading surrogate in hex escape", "unexpected end of hex escape"]
        .iter()
        .find_map(|words| text.strip_prefix(words))
    {
        return Some(format!("{LONE_SURROGATE_PROBLEM} ({})", at.trim()));
    }
    let at = text.strip_prefix("number out of range")?;
    Some(format!(
        "has a number larger than this server reads (a double, at most about 1.8e308) ({})",
        at.trim()
    ))
}

/// What is wrong with a body holding a `\u` escape of half a UTF-16 surrogate pair without
/// its other half, after "the body". The grammar of RFC 8259 allows it, but it names no
/// character (section 8.2), and serde_json refuses it in its own words, "lone leading surrogate
/// in hex escape" (of a trailing half, too) or "unexpected end of hex escape" (of a leading half
/// followed by anything but `\u`), which read as a broken escape. It is what a JavaScript
/// client sends for a string cut inside an emoji (`JSON.stringify` writes the lone half as
/// `\ud83d`).
pub const LONE_SURROGATE_PROBLEM: &str = "has a lone surrogate escape (one of `\\uD800` to `\\uDFFF` without the other half of its pair, as a string cut inside an emoji leaves), which names no character (RFC 8259 section 8.2); send the character as UTF-8, or both halves of its pair";

/// Parses a JSON text as serde_json would, refusing a repeated member name anywhere in it.
///
/// One pass over a body without a repetition: the check is the map insertion serde_json
/// makes anyway, and the visitor carries nothing (no path, no flag), so a body costs what
/// `serde_json::from_slice` costs (the score endpoint's general path, 16 answers not in the
/// scanner's form: 26,358 instructions against 26,326). The first repetition stops the parse;
/// only then is the body read again, building nothing: to check the rest is JSON too, and to
/// say where the repetition is.
pub fn read(bytes: &[u8]) -> Result<Value, ReadError> {
    if bytes.starts_with(BYTE_ORDER_MARK) {
        return Err(ReadError::ByteOrderMark);
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed =
        Strict.deserialize(&mut deserializer).and_then(|value| deserializer.end().map(|()| value));
    match parsed {
        Ok(value) => Ok(value),
        // A data error is the visitor's own (it takes every value JSON has): a repetition.
        // Text that is not JSON further on is that, whatever it repeated before.
        Err(err) if err.classify() == Category::Data => {
            match serde_json::from_slice::<de::IgnoredAny>(bytes) {
                Ok(_) => Err(ReadError::Duplicate(locate(bytes))),
                Err(err) => Err(ReadError::Syntax(err)),
            }
        }
        Err(err) => Err(ReadError::Syntax(err)),
    }
}

/// The first repeated member name of `bytes`, in the order [`Strict`] finds it (an object's
/// member is checked once its value is read).
fn locate(bytes: &[u8]) -> Duplicate {
    let mut found = None;
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    // The parse stops at the repetition, with an error that has done its work.
    let _ = Locate { path: Path::Root, found: &mut found }.deserialize(&mut deserializer);
    // `read` saw a repetition, so this one does too.
    found.unwrap_or_else(|| Duplicate { name: String::new(), path: "$".to_string() })
}

/// Where a value is in the body: a list of the frames above it, on the stack.
#[derive(Clone, Copy)]
enum Path<'p> {
    Root,
    Member(&'p Path<'p>, &'p str),
    Index(&'p Path<'p>, usize),
}

impl Path<'_> {
    fn write(&self, out: &mut String) {
        match self {
            Path::Root => out.push('$'),
            Path::Member(parent, name) => {
                parent.write(out);
                let plain = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if plain {
                    out.push('.');
                    out.push_str(name);
                } else {
                    out.push('[');
                    push_string(out, name);
                    out.push(']');
                }
            }
            Path::Index(parent, idx) => {
                parent.write(out);
                out.push('[');
                out.push_str(itoa::Buffer::new().format(*idx));
                out.push(']');
            }
        }
    }
}

/// serde_json's `Value` visitor with the map insertion checked for an existing member: a
/// repetition stops the parse with a data error, the one kind no JSON text gives this
/// visitor otherwise. Nothing is carried (no path, no flag), as serde_json's own visitor.
struct Strict;

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }
    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }
    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }
    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }
    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Strict)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(name) = map.next_key::<String>()? {
            let value = map.next_value_seed(Strict)?;
            // The insertion serde_json makes; what it would have dropped is the sign.
            if object.insert(name, value).is_some() {
                return Err(de::Error::custom("a member name is repeated"));
            }
        }
        Ok(Value::Object(object))
    }
}

/// The second reading of a body [`Strict`] stopped at: builds nothing, keeps the names of
/// the objects it is in, and stops at the same repetition with its path.
struct Locate<'p, 's> {
    path: Path<'p>,
    found: &'s mut Option<Duplicate>,
}

impl<'de> DeserializeSeed<'de> for Locate<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Locate<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut idx = 0;
        while seq
            .next_element_seed(Locate {
                path: Path::Index(&self.path, idx),
                found: &mut *self.found,
            })?
            .is_some()
        {
            idx += 1;
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut names = std::collections::BTreeSet::new();
        while let Some(name) = map.next_key::<String>()? {
            map.next_value_seed(Locate {
                path: Path::Member(&self.path, &name),
                found: &mut *self.found,
            })?;
            if names.contains(&name) {
                let mut path = String::new();
                self.path.write(&mut path);
                *self.found = Some(Duplicate { name, path });
                return Err(de::Error::custom("a member name is repeated"));
            }
            names.insert(name);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{
        BYTE_ORDER_MARK, Duplicate, LONE_SURROGATE_PROBLEM, MAX_DEPTH, ReadError, beyond_reading,
        escaped, push_string, read,
    };

    fn duplicate(text: &str) -> Option<Duplicate> {
        match read(text.as_bytes()) {
            Err(ReadError::Duplicate(duplicate)) => Some(duplicate),
            Err(ReadError::Syntax(err)) => panic!("{text}: {err}"),
            Err(ReadError::ByteOrderMark) => panic!("{text}: a byte order mark"),
            Ok(_) => None,
        }
    }

    #[test]
    fn a_repeated_member_is_found_at_any_depth_with_its_path() {
        for (text, name, path) in [
            (r#"{"a":1,"a":1}"#, "a", "$"),
            (r#"{"a":1,"b":{"c":[0,{"d":1,"e":2,"d":3}]}}"#, "d", "$.b.c[1]"),
            (r#"[{"x":1},{"x":1,"x":2}]"#, "x", "$[1]"),
            (r#"{"a b":{"\u0071":1,"q":2}}"#, "q", r#"$["a b"]"#),
            (r#"{"_k9":{"é":{"z":0,"z":0}}}"#, "z", r#"$._k9["é"]"#),
            (r#"{"":{"":1,"":2}}"#, "", r#"$[""]"#),
        ] {
            let found = duplicate(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!((found.name.as_str(), found.path.as_str()), (name, path), "{text}");
        }
        for text in [r#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#, "[]", "{}", "1", r#""a""#] {
            assert_eq!(duplicate(text), None, "{text}");
        }
        assert!(matches!(read(b"{\"a\":1,}"), Err(ReadError::Syntax(_))));
        assert!(matches!(read(b"{\"a\":1} x"), Err(ReadError::Syntax(_))));
        // A repetition in text that is not JSON further on: not JSON.
        assert!(matches!(read(b"{\"a\":1,\"a\":2,"), Err(ReadError::Syntax(_))));
        assert!(matches!(read(b"[{\"a\":1,\"a\":2}] x"), Err(ReadError::Syntax(_))));
    }

    #[test]
    fn nesting_past_the_limit_is_named_as_such() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let Err(ReadError::Syntax(err)) = read(deep.as_bytes()) else { panic!("refused") };
        assert_eq!(
            beyond_reading(&err).as_deref(),
            Some(format!(
                "nests arrays and objects more than {MAX_DEPTH} levels deep, deeper than this server reads (at line 1 column {})",
                MAX_DEPTH + 1
            ))
            .as_deref()
        );
        let shallow = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(read(shallow.as_bytes()).is_ok(), "{MAX_DEPTH} levels are read");
        let Err(ReadError::Syntax(err)) = read(b"{") else { panic!("refused") };
        assert_eq!(beyond_reading(&err), None);
    }

    #[test]
    fn a_number_past_the_largest_double_is_named_as_such() {
        let Err(ReadError::Syntax(err)) = read(b"{\"a\":[1e400]}") else { panic!("refused") };
        assert_eq!(
            beyond_reading(&err).as_deref(),
            Some(
                "has a number larger than this server reads (a double, at most about 1.8e308) (at line 1 column 11)"
            )
        );
        // The largest double itself and a number too small to tell from 0 are read.
        assert!(read(b"[1.7976931348623157e308, -1e400]").is_err());
        assert!(read(b"[1.7976931348623157e308, 1e-400]").is_ok());
    }

    #[test]
    fn a_lone_surrogate_escape_is_named_as_such() {
        // A leading half before the string ends, before another escape, before a character
        // that is not a trailing half; a trailing half alone.
        for (body, column) in [
            (&br#"{"a":"\ud83d"}"#[..], 13),
            (br#"{"a":"\ud83d\n"}"#, 14),
            (br#"{"a":"\ud83d\u0041"}"#, 18),
            (br#"{"a":"\ude00"}"#, 12),
        ] {
            let Err(ReadError::Syntax(err)) = read(body) else { panic!("refused") };
            assert_eq!(
                beyond_reading(&err),
                Some(format!("{LONE_SURROGATE_PROBLEM} (at line 1 column {column})")),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        // A whole pair is a character.
        assert_eq!(read(br#"["\ud83d\ude00"]"#).ok(), Some(serde_json::json!(["\u{1f600}"])));
    }

    #[test]
    fn a_byte_order_mark_is_told_apart() {
        assert!(matches!(read(b"\xEF\xBB\xBF{}"), Err(ReadError::ByteOrderMark)));
        assert!(BYTE_ORDER_MARK.starts_with("\u{feff}".as_bytes()));
        // Elsewhere it is a character like any other: inside a string it is read.
        assert_eq!(read("[\"\u{feff}\"]".as_bytes()).ok(), Some(serde_json::json!(["\u{feff}"])));
        // After white space it is not JSON, as serde_json says.
        assert!(matches!(read(b" \xEF\xBB\xBF{}"), Err(ReadError::Syntax(_))));
    }

    proptest::proptest! {
        /// Without a repetition the value is serde_json's own, and with one it is found.
        #[test]
        fn the_value_is_serde_jsons_own(value in json_value()) {
            let text = value.to_string();
            let ours = read(text.as_bytes());
            // Compared with serde_json's reading of the text (a double may not come back as
            // the one written), not with `value`.
            let theirs: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            proptest::prop_assert_eq!(ours.ok(), Some(theirs));
            if let Some(inner) = text.strip_prefix('{').filter(|rest| rest.len() > 1) {
                let repeated = format!("{{{inner}").replacen('{', "{\"k\":0,\"k\":1,", 1);
                proptest::prop_assert!(duplicate(&repeated).is_some(), "{}", repeated);
            }
        }
    }

    fn json_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<u64>().prop_map(serde_json::Value::from),
            proptest::num::f64::NORMAL.prop_map(serde_json::Value::from),
            "\\PC{0,8}".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
                proptest::collection::btree_map("[a-z\\PC]{0,4}", inner, 0..6)
                    .prop_map(|map| { serde_json::Value::Object(map.into_iter().collect()) }),
            ]
        })
    }

    #[test]
    fn strings_are_escaped_as_serde_json_does() {
        let mut every_ascii = String::new();
        for byte in 0u8..0x80 {
            every_ascii.push(char::from(byte));
        }
        for text in [
            "",
            "plain",
            "quote \" and \\ back",
            "tab\tnew\nline\r\u{8}\u{c}",
            "\u{1}\u{1f}\u{7f}",
            "ünï — 😀 </mark>",
            "\"\"\\\\\"",
            "é\"é\\é\nü",
            "{\"title\":\"A \\\"quoted\\\" word\",\"url\":\"http://x.example/a/\"}",
            every_ascii.as_str(),
            "a clean run of sixteen bytes or more, then one \" and more clean text, clean again",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u{1}üüüüüüüüüé\\",
        ] {
            let mut ours = String::new();
            push_string(&mut ours, text);
            let theirs = serde_json::Value::from(text).to_string();
            assert_eq!(ours, theirs, "{text:?}");
            assert_eq!(escaped(text), theirs[1..theirs.len() - 1], "{text:?}");
        }
    }

    proptest::proptest! {
        /// Any text, in blocks clean and dirty, escapes as serde_json escapes it.
        #[test]
        fn any_text_is_escaped_as_serde_json_does(text in "(\\PC|[\"\\\\\\x00-\\x1f]){0,80}") {
            let theirs = serde_json::Value::from(text.as_str()).to_string();
            proptest::prop_assert_eq!(escaped(&text), &theirs[1..theirs.len() - 1]);
        }
    }
}
