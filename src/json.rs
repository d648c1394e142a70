//! JSON strings written by hand for the responses built per request, escaped exactly as
//! serde_json escapes them (quote, backslash and control characters; everything else, `/` and
//! all non-ASCII included, as is), so a page written here and one serialised by serde_json are
//! the same bytes.

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

#[cfg(test)]
mod tests {
    use super::{escaped, push_string};

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
