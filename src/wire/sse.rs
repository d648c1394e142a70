//! Server-sent events framing (the WHATWG HTML standard's `text/event-stream`): one event is
//! an optional `id:` line, one `data:` line and a blank line.
//!
//! The data given is always compact JSON, which has no line break outside string escapes, so
//! one `data:` line carries it whole.

use bytes::Bytes;

/// One event: `id: <id>` (if any), `data: <data>`, then the blank line that ends it.
pub fn event(id: Option<usize>, data: &str) -> Bytes {
    let mut frame = String::with_capacity(data.len() + 24);
    if let Some(id) = id {
        frame.push_str("id: ");
        frame.push_str(itoa::Buffer::new().format(id));
        frame.push('\n');
    }
    frame.push_str("data: ");
    frame.push_str(data);
    frame.push_str("\n\n");
    Bytes::from(frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_its_lines_and_a_blank_line() {
        assert_eq!(event(Some(3), "{\"a\":1}"), Bytes::from("id: 3\ndata: {\"a\":1}\n\n"));
        assert_eq!(event(None, "{}"), Bytes::from("data: {}\n\n"));
    }
}
