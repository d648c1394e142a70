//! `POST /v1/batch`: up to 20 GET paths under `/v1`, each run through the same router in
//! process, answered in order. An item never fails the whole call:
//!
//! | item path | status and code |
//! |---|---|
//! | a GET route under /v1 | what a direct GET returns |
//! | outside /v1 (pages, OAuth, /openapi.json) | 400 `path_outside_api` |
//! | not starting with `/`, dot or empty segments, control characters, too long | 400 `invalid_path` |
//! | a POST-only route | 405 `method_not_allowed` |
//! | /v1/export | 401 `missing_token` (a batch carries no credentials) |
//! | unknown | 404 |
//!
//! A path differing from a route only by a trailing slash is answered as the canonical path.
//!
//! Fair use counts every item as one request. The call itself was counted as the first item
//! before its body was read, so a call is refused whole (429) only when not even one request
//! is left; otherwise the items that fit are answered in order and each item past the limit
//! gets status 429 with the `rate_limited` Error body.

use std::borrow::Cow;

use bytes::Bytes;
use http::StatusCode;
use serde::Deserialize;

use super::error::{error_reply, method_not_allowed, parse_json};
use crate::auth::Keys;
use crate::limits::{BATCH_MAX_ITEMS, BATCH_PATH_MAX};
use crate::ops::Error;
use crate::route::{self, Route};
use crate::wire::reply::NO_STORE;
use crate::wire::{Body, Reply};

/// The body, its paths borrowed from the request (or from its JSON value) unless they hold
/// escapes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchBody<'a> {
    #[serde(borrow)]
    requests: Vec<BatchItem<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchItem<'a> {
    #[serde(borrow)]
    path: Cow<'a, str>,
    /// Read by the scanner, so it holds no character that needs escaping in JSON.
    #[serde(skip)]
    scanned: bool,
}

/// How many of a batch's items fair use lets run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    /// The first `items` items run; the rest get 429.
    pub items: usize,
    /// What those 429s tell the client to wait, in seconds.
    pub retry_after_secs: u64,
}

/// Runs a batch: every item through [`super::get`], the GET dispatcher of direct requests,
/// without credentials. `charge` is given the number of items once the body is known valid,
/// and says how many of them fair use lets run.
pub fn run(
    body: &[u8],
    keys: &Keys,
    now_ms: u64,
    charge: impl FnOnce(usize) -> Allowance,
) -> Result<Reply, Error> {
    let value;
    let batch = match read_object(body) {
        Some(batch) => batch,
        None => {
            value = read_value(body)?;
            BatchBody::deserialize(&value).map_err(|err| shape_error(&value, &err))?
        }
    };
    if batch.requests.is_empty() {
        return Err(Error::batch_empty());
    }
    if batch.requests.len() > BATCH_MAX_ITEMS {
        return Err(Error::batch_too_large(batch.requests.len()));
    }
    let allowance = charge(batch.requests.len());
    // Only each item's status and body are kept: a whole Reply (its inline headers) is
    // several times larger, and moving twenty of them cost more than the copy saved.
    let replies: Vec<(StatusCode, Bytes)> = batch
        .requests
        .iter()
        .enumerate()
        .map(|(idx, item)| {
            let reply = if idx < allowance.items {
                run_item(&item.path, keys, now_ms)
            } else {
                error_reply(&Error::rate_limited(allowance.retry_after_secs))
            };
            (reply.status, reply.body.into_bytes())
        })
        .collect();
    let mut reply = Reply::json(StatusCode::OK, Bytes::new(), NO_STORE);
    reply.body = assemble(&batch.requests, &replies);
    Ok(reply)
}

/// Item bodies at least this long may leave as pieces of their own rather than be copied.
const OWN_PIECE_MIN: usize = 2 * 1024;
/// The buffers hyper's HTTP/1 writer queues for one vectored write, the response head among
/// them (`MAX_BUF_LIST_BUFFERS` in hyper 1.x).
const HYPER_WRITE_BUFFERS: usize = 16;
/// At most this many item bodies go as pieces: with the glue between them that is `2 * n + 1`
/// pieces, which with the head fit hyper's queue, and so one vectored write, whichever way the
/// body reaches it. (On HTTP/1 the body reaches hyper as one buffer; on HTTP/2 in chunks of
/// `RESPONSE_CHUNK`, so there a batch of very large pages takes more than one.)
const OWN_PIECES_MAX: usize = (HYPER_WRITE_BUFFERS - 2) / 2;

/// The response body: `{"responses":[{"path":…,"status":…,"body":…},…]}`. The largest item
/// bodies (a search page, the questions) are not copied: they go out as pieces of their own,
/// from the binary's memory or the search page cache, between pieces holding everything else.
fn assemble(items: &[BatchItem<'_>], replies: &[(StatusCode, Bytes)]) -> Body {
    // On the stack: a batch has at most `BATCH_MAX_ITEMS` items (a list of them on the heap
    // cost more than the rest of choosing).
    let mut large = [0usize; BATCH_MAX_ITEMS];
    let mut n_large = 0;
    for (idx, (_, body)) in replies.iter().enumerate() {
        if let Some(slot) = large.get_mut(n_large).filter(|_| body.len() >= OWN_PIECE_MIN) {
            *slot = idx;
            n_large += 1;
        }
    }
    let own = &mut large[..n_large];
    if own.len() > OWN_PIECES_MAX {
        own.sort_unstable_by_key(|&idx| std::cmp::Reverse(replies[idx].1.len()));
    }
    let own = &own[..own.len().min(OWN_PIECES_MAX)];
    // Sized once, so the copied bytes are allocated once and never moved on growing: a path
    // escapes to at most twice its length, unless it holds control characters (sent escaped,
    // echoed escaped), which only an item refused as `invalid_path` does; then it grows.
    let size = 16
        + items
            .iter()
            .zip(replies)
            .enumerate()
            .map(|(idx, (item, (_, body)))| {
                48 + 2 * item.path.len() + if own.contains(&idx) { 0 } else { body.len() }
            })
            .sum::<usize>();
    let mut copied = Vec::with_capacity(size);
    // Where in `copied` each own piece goes, in order.
    let mut cuts: Vec<(usize, Bytes)> = Vec::with_capacity(own.len());
    copied.extend_from_slice(b"{\"responses\":[");
    for (idx, (item, (status, body))) in items.iter().zip(replies).enumerate() {
        if idx > 0 {
            copied.push(b',');
        }
        copied.extend_from_slice(b"{\"path\":");
        write_json_string(&mut copied, &item.path, item.scanned);
        copied.extend_from_slice(b",\"status\":");
        copied.extend_from_slice(status.as_str().as_bytes());
        copied.extend_from_slice(b",\"body\":");
        if own.contains(&idx) {
            cuts.push((copied.len(), body.clone()));
        } else {
            copied.extend_from_slice(body);
        }
        copied.push(b'}');
    }
    copied.extend_from_slice(b"]}");
    let copied = Bytes::from(copied);
    let mut pieces = Vec::with_capacity(2 * cuts.len() + 1);
    let mut from = 0;
    for (at, piece) in cuts {
        pieces.push(copied.slice(from..at));
        pieces.push(piece);
        from = at;
    }
    pieces.push(copied.slice(from..));
    Body::parts(pieces)
}

/// `text` as a JSON string. A path needing no escapes (every valid one) is copied as it is.
///
/// `scanned` says the scanner read it: it takes no string with an escape or a control
/// character, so the text is written without looking. Anything serde read (borrowed or not:
/// a string borrowed from a `Value` is already decoded) is checked byte by byte.
fn write_json_string(out: &mut Vec<u8>, text: &str, scanned: bool) {
    let needs_escapes = |text: &str| text.bytes().any(|b| b < b' ' || b == b'"' || b == b'\\');
    debug_assert!(
        !scanned || !needs_escapes(text),
        "a scanned batch path needs escaping: {text:?}"
    );
    if !scanned && needs_escapes(text) {
        // Writing to a Vec cannot fail.
        let _ = serde_json::to_writer(out, text);
    } else {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    }
}

/// The batch body, when it is a well-formed object: read straight into the items. Anything
/// else takes the general path ([`read_value`], then the items from the value), which names
/// what is wrong in the same words whatever the input (serde would also read a struct from an
/// array, which the object check refuses).
fn read_object(body: &[u8]) -> Option<BatchBody<'_>> {
    if let Some(requests) = scan(body) {
        return Some(BatchBody { requests });
    }
    let is_object = body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    is_object.then(|| serde_json::from_slice::<BatchBody>(body).ok()).flatten()
}

/// The items of a body of exactly the documented shape, `{"requests":[{"path":"…"},…]}`
/// with any JSON whitespace and no escapes in the strings: what every client sends, read
/// with no more work than finding its quotes. `None` for anything else, which serde then
/// reads (or refuses) in full; for every body it accepts, this gives the same items as serde.
fn scan(body: &[u8]) -> Option<Vec<BatchItem<'_>>> {
    // One check of the whole body rather than one per string (a string's bytes are the body's).
    let text = std::str::from_utf8(body).ok()?;
    let mut scanner = Scanner { text, rest: body };
    scanner.token(b"{")?;
    scanner.token(b"\"requests\"")?;
    scanner.token(b":")?;
    scanner.token(b"[")?;
    // Room for a batch at its limit; a longer one is refused once read.
    let mut requests = Vec::with_capacity(BATCH_MAX_ITEMS);
    if !scanner.try_token(b"]") {
        loop {
            // The compact form JSON encoders write, `{"path":"…"},`, is taken whole by its two
            // literals; any whitespace between tokens, token by token.
            if !scanner.literal(b"{\"path\":\"") {
                scanner.token(b"{")?;
                scanner.token(b"\"path\"")?;
                scanner.token(b":")?;
                scanner.token(b"\"")?;
            }
            requests.push(BatchItem { path: Cow::Borrowed(scanner.string_rest()?), scanned: true });
            if scanner.literal(b"},") {
                continue;
            }
            scanner.token(b"}")?;
            if scanner.try_token(b"]") {
                break;
            }
            scanner.token(b",")?;
        }
    }
    scanner.token(b"}")?;
    scanner.skip_whitespace();
    scanner.rest.is_empty().then_some(requests)
}

/// A cursor over a JSON text for [`scan`].
struct Scanner<'a> {
    /// The whole body, checked as UTF-8 once, so each string is a slice of it.
    text: &'a str,
    rest: &'a [u8],
}

impl<'a> Scanner<'a> {
    /// JSON's four whitespace characters (not form feed, which `is_ascii_whitespace` takes).
    fn skip_whitespace(&mut self) {
        let skip = self.rest.iter().take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
        self.rest = &self.rest[skip.count()..];
    }

    /// `token` after optional whitespace, taken if it is there.
    fn try_token(&mut self, token: &[u8]) -> bool {
        self.skip_whitespace();
        self.literal(token)
    }

    fn token(&mut self, token: &[u8]) -> Option<()> {
        self.try_token(token).then_some(())
    }

    /// `literal` exactly where the cursor is (no whitespace before it), taken if it is there.
    fn literal(&mut self, literal: &[u8]) -> bool {
        match self.rest.strip_prefix(literal) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    /// The rest of a string whose opening quote has been taken, without escapes or control
    /// characters, and its closing quote.
    fn string_rest(&mut self) -> Option<&'a str> {
        let start = self.text.len() - self.rest.len();
        let len = self.rest.iter().position(|&b| b == b'"' || b == b'\\' || b < b' ')?;
        self.rest = self.rest[len..].strip_prefix(b"\"")?;
        // Both ends are next to an ASCII quote, so on character boundaries.
        self.text.get(start..start + len)
    }
}

/// Why a JSON object is not a batch, in the API's words: serde's own message names the Rust
/// type it was reading ("expected struct BatchItem"), which means nothing to a client.
fn shape_error(value: &serde_json::Value, err: &serde_json::Error) -> Error {
    const ITEM: &str = "an object with `path`, such as {\"path\": \"/v1/services\"}";
    let Some(object) = value.as_object() else {
        return Error::invalid_body(
            "the body must be a JSON object such as {\"requests\": [{\"path\": \"/v1/services\"}]}",
        );
    };
    if let Some(unknown) = object.keys().find(|k| k.as_str() != "requests") {
        return Error::invalid_body(format!(
            "unknown field `{}`; the body has only `requests`",
            crate::ops::error::truncate(unknown)
        ));
    }
    let Some(requests) = object.get("requests") else {
        return Error::invalid_body(format!(
            "missing field `requests`; send {{\"requests\": [...]}} with 1 to {BATCH_MAX_ITEMS} items, each {ITEM}"
        ));
    };
    let Some(items) = requests.as_array() else {
        return Error::invalid_body(format!("`requests` must be an array of items, each {ITEM}"));
    };
    for (idx, item) in items.iter().enumerate() {
        let Some(item) = item.as_object() else {
            return Error::invalid_body(format!("requests[{idx}] must be {ITEM}"));
        };
        if let Some(unknown) = item.keys().find(|k| k.as_str() != "path") {
            return Error::invalid_body(format!(
                "requests[{idx}] has an unknown field `{}`; an item has only `path`",
                crate::ops::error::truncate(unknown)
            ));
        }
        match item.get("path") {
            None => return Error::invalid_body(format!("requests[{idx}] is missing `path`")),
            Some(path) if !path.is_string() => {
                return Error::invalid_body(format!(
                    "requests[{idx}].path must be a string such as \"/v1/services\""
                ));
            }
            Some(_) => {}
        }
    }
    // Every case serde refuses is named above; should another appear, its words are better
    // than none.
    Error::invalid_body(format!("invalid batch: {err}"))
}

/// The body as a JSON object, or why it is not one.
fn read_value(body: &[u8]) -> Result<serde_json::Value, Error> {
    let value = parse_json(body)?;
    if !value.is_object() {
        return Err(Error::invalid_body(
            "the body must be a JSON object such as {\"requests\": [{\"path\": \"/v1/services\"}]}",
        ));
    }
    Ok(value)
}

fn run_item(raw: &str, keys: &Keys, now_ms: u64) -> Reply {
    match item_route(raw) {
        Ok((route, query)) => match route {
            // A batch carries no credentials of its own.
            Route::Export => error_reply(&Error::missing_token()),
            route if route.allow() == Some(route::ALLOW_POST) => {
                method_not_allowed("GET", route::ALLOW_POST)
            }
            route => super::get(&route, query, None, keys, now_ms),
        },
        Err(error) => error_reply(&error),
    }
}

/// A space, `#` or control character (C0, DEL or C1) anywhere in `raw`.
fn has_forbidden_char(raw: &str) -> bool {
    if raw.is_ascii() {
        raw.bytes().any(|b| b <= b' ' || b == b'#' || b == 0x7f)
    } else {
        raw.chars().any(|c| c.is_control() || c == ' ' || c == '#')
    }
}

/// What one pass over an ASCII batch path finds: where its query starts, and whether its path
/// part has a forbidden character, a percent-escape, a dot or an empty segment.
#[derive(Debug, Default, PartialEq, Eq)]
struct Scanned {
    query_at: Option<usize>,
    forbidden: bool,
    percent: bool,
    dot: bool,
    empty_segment: bool,
}

/// [`Scanned`] for an ASCII `raw`, in one pass rather than one search per question (a batch
/// routes up to twenty paths; five searches each cost about as much as the rest of routing).
fn scan_ascii(raw: &str) -> Scanned {
    let mut scanned = Scanned::default();
    let mut previous = 0u8;
    for (idx, byte) in raw.bytes().enumerate() {
        scanned.forbidden |= byte <= b' ' || byte == b'#' || byte == 0x7f;
        if scanned.query_at.is_none() {
            match byte {
                b'?' => scanned.query_at = Some(idx),
                b'%' => scanned.percent = true,
                b'.' => scanned.dot = true,
                b'/' if previous == b'/' => scanned.empty_segment = true,
                _ => {}
            }
        }
        previous = byte;
    }
    scanned
}

fn item_route(raw: &str) -> Result<(Route, Option<&str>), Error> {
    // Characters, as the message and the OpenAPI description count them (a JSON string's
    // unit); the byte length bounds them, so only a path past it in bytes is counted.
    if raw.len() > BATCH_PATH_MAX && raw.chars().count() > BATCH_PATH_MAX {
        return Err(Error::invalid_path(&format!(
            "the path is longer than {BATCH_PATH_MAX} characters"
        )));
    }
    if !raw.starts_with('/') {
        return Err(Error::invalid_path("a batch path must start with `/`, like /v1/services"));
    }
    // An ASCII path (every path a client should send) is looked at once; any other takes the
    // checks one by one.
    let scanned = if raw.is_ascii() {
        scan_ascii(raw)
    } else {
        let query_at = raw.find('?');
        let path = &raw[..query_at.unwrap_or(raw.len())];
        Scanned {
            query_at,
            forbidden: has_forbidden_char(raw),
            percent: path.contains('%'),
            dot: path.contains('.'),
            empty_segment: path.contains("//"),
        }
    };
    if scanned.forbidden {
        return Err(Error::invalid_path("the path has a space, control character or fragment"));
    }
    let (path, query) = match scanned.query_at {
        Some(at) => (&raw[..at], Some(&raw[at + 1..])),
        None => (raw, None),
    };
    let decoded = if scanned.percent {
        route::decode_unreserved(path).map_err(Error::invalid_path)?
    } else {
        Cow::Borrowed(path)
    };
    // Decoding can make dots (`%2E`), so a decoded path is checked again in full.
    let dot_or_empty = if scanned.percent {
        route::has_dot_or_empty_segment(&decoded)
    } else {
        scanned.empty_segment || scanned.dot && route::has_dot_or_empty_segment(path)
    };
    if dot_or_empty {
        return Err(Error::invalid_path(
            "the path has dot segments or empty segments; send the canonical path",
        ));
    }
    if decoded != "/v1" && !decoded.starts_with("/v1/") {
        return Err(Error::path_outside_api(raw));
    }
    let route = match Route::parse_decoded(path, &decoded) {
        // Answer the canonical path, as a client following the 308 would get.
        Route::Redirect(canonical) => Route::parse(&canonical),
        route => route,
    };
    Ok((route, query))
}

#[cfg(test)]
mod tests {
    use super::{
        Allowance, BatchBody, HYPER_WRITE_BUFFERS, has_forbidden_char, item_route, run, scan,
    };
    use crate::api;
    use crate::auth::Keys;
    use crate::limits::BATCH_PATH_MAX;
    use crate::ops::Error;
    use crate::route;
    use crate::route::Route;
    use crate::wire::Body;

    /// Twenty items, eleven of them with bodies over 2 KiB (more than may go out as pieces of
    /// their own), one refused and one escaped: the answer, however it is cut, is the JSON of
    /// each item's direct answer in order.
    #[test]
    fn the_pieces_add_up_to_each_items_direct_answer() {
        let keys = Keys::random().expect("a key");
        let mut paths = vec!["/v1/ai-readiness/questions"; 6];
        paths.extend(["/v1/resources?q=data&limit=30"; 5]);
        paths.extend(["/v1/services/mlops", "/v1/contact", "/v1/../v1", "/v1"]);
        paths.extend(["/v1/resources?q=model", "/v1/services", "/v1/case-studies"]);
        paths.extend(["/v1/industries", "/v1/resources/categories"]);
        // Once as every client writes it (the scanner reads it), once with escapes (serde).
        for escaped in [false, true] {
            let items: Vec<String> = paths
                .iter()
                .map(|path| match escaped {
                    true => format!(r#"{{"path":"{}"}}"#, path.replace("/v1/s", "/v1/\\u0073")),
                    false => format!(r#"{{"path":"{path}"}}"#),
                })
                .collect();
            let body = format!(r#"{{"requests":[{}]}}"#, items.join(","));
            assert_eq!(scan(body.as_bytes()).is_some(), !escaped);
            let all = |n_items: usize| Allowance { items: n_items, retry_after_secs: 1 };
            let reply = run(body.as_bytes(), &keys, 0, all).expect("a valid batch");
            let Body::Parts(pieces) = &reply.body else { panic!("a batch goes out in pieces") };
            // With the response head, one vectored write.
            assert!(pieces.len() < HYPER_WRITE_BUFFERS, "{} pieces", pieces.len());
            let answer: serde_json::Value =
                serde_json::from_slice(&reply.body.into_bytes()).expect("JSON");
            let responses = answer["responses"].as_array().expect("responses");
            assert_eq!(responses.len(), paths.len());
            for (path, item) in paths.iter().zip(responses) {
                assert_eq!(item["path"], *path);
                if path.contains("..") {
                    assert_eq!(item["status"], 400, "{path}");
                    continue;
                }
                let (raw, query) =
                    path.split_once('?').map_or((*path, None), |(p, q)| (p, Some(q)));
                let direct = api::get(&Route::parse(raw), query, None, &keys, 0);
                assert_eq!(item["status"], direct.status.as_u16(), "{path}");
                let expected: serde_json::Value =
                    serde_json::from_slice(&direct.body.into_bytes()).expect("JSON");
                assert_eq!(item["body"], expected, "{path}");
            }
        }
    }

    /// A path that needs escaping is echoed as valid JSON when serde reads the body straight
    /// into the items (borrowing what it can): only the scanner's paths are written without a
    /// look, and it takes none of these. A body serde's derived reader refuses goes through a
    /// `Value` only to name its fault: a repeated key, which that path used to answer with the
    /// last value, is refused there too.
    #[test]
    fn echoed_paths_are_escaped_and_a_repeated_key_is_refused() {
        let keys = Keys::random().expect("a key");
        let all = |n_items: usize| Allowance { items: n_items, retry_after_secs: 1 };
        for item in [r#"{"path":"/v1/a\"b"}"#, r#"{"path":"/v1/a\\b\u0001"}"#] {
            let body = format!(r#"{{"requests":[{item},{{"path":"/v1"}}]}}"#);
            assert!(scan(body.as_bytes()).is_none(), "{body}");
            let reply = run(body.as_bytes(), &keys, 0, all).expect("a valid batch");
            let answer: serde_json::Value =
                serde_json::from_slice(&reply.body.into_bytes()).expect("JSON");
            let sent: serde_json::Value = serde_json::from_str(item).expect("the item");
            assert_eq!(answer["responses"][0]["path"], sent["path"], "{body}");
            let status = answer["responses"][0]["status"].as_u64().expect("a status");
            let status = http::StatusCode::from_u16(status as u16).expect("a status code");
            assert!(status.is_client_error(), "{body}: {status}");
            assert_eq!(answer["responses"][1]["path"], "/v1", "{body}");
            let repeated = format!(r#"{{"requests":[],"requests":[{item},{{"path":"/v1"}}]}}"#);
            let refused = run(repeated.as_bytes(), &keys, 0, all).map(|_| ());
            let kind = refused.map_err(|error| error.kind);
            assert_eq!(kind, Err(crate::model::ErrorKind::DuplicateMember), "{repeated}");
        }
    }

    /// A small deterministic generator (xorshift), so failures reproduce.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// What serde reads from `body`, as the scanner would give it.
    fn serde_paths(body: &[u8]) -> Option<Vec<String>> {
        let batch: BatchBody = serde_json::from_slice(body).ok()?;
        Some(batch.requests.into_iter().map(|item| item.path.into_owned()).collect())
    }

    fn scanned_paths(body: &[u8]) -> Option<Vec<String>> {
        scan(body).map(|items| items.into_iter().map(|item| item.path.into_owned()).collect())
    }

    #[test]
    fn the_documented_shape_is_scanned_as_serde_reads_it() {
        for body in [
            r#"{"requests":[{"path":"/v1/services"},{"path":"/v1/resources?q=a+b"}]}"#,
            " {\n  \"requests\" : [\r\n\t{ \"path\" : \"/v1\" } ,{\"path\":\"\"}\n] }\n",
            r#"{"requests":[]}"#,
            r#"{"requests":[{"path":"/v1/services/é"}]}"#,
        ] {
            let scanned = scanned_paths(body.as_bytes());
            assert!(scanned.is_some(), "{body:?} is the documented shape");
            assert_eq!(scanned, serde_paths(body.as_bytes()), "{body:?}");
        }
    }

    #[test]
    fn anything_else_is_left_to_serde() {
        for body in [
            r#"{"requests":[{"path":"/v1/ser\u0076ices"}]}"#,
            r#"{"requests":[{"path":"/v1/a\"b"}]}"#,
            "{\"requests\":[{\"path\":\"/v1/\tservices\"}]}",
            "\u{c}{\"requests\":[]}",
            r#"{"requests":[],"requests":[]}"#,
            r#"{"requests":[{"path":"/v1","extra":1}]}"#,
            r#"{"requests":[{"path":"/v1"}]} x"#,
            r#"{"requests":[{"path":"/v1"},]}"#,
            r#"{"requests":null}"#,
            r#"{"requests":[{"path":7}]}"#,
            r#"[{"path":"/v1"}]"#,
            r#"{"requests":[{"path":"/v1"}]"#,
            "",
        ] {
            assert_eq!(scanned_paths(body.as_bytes()), None, "{body:?}");
        }
        let invalid_utf8 = b"{\"requests\":[{\"path\":\"/v1/\xff\"}]}";
        assert_eq!(scanned_paths(invalid_utf8), None);
        assert_eq!(serde_paths(invalid_utf8), None);
    }

    /// Thousands of bodies one to three edits away from valid ones: whenever the scanner
    /// accepts one, serde reads the same items from it.
    #[test]
    fn the_scanner_never_disagrees_with_serde() {
        // Compact (the scanner's whole-item path), spaced (token by token), both in one body,
        // and empty.
        let seeds: [&[u8]; 4] = [
            br#"{"requests":[{"path":"/v1/services"},{"path":"/v1/resources?q=x"}]}"#,
            b"{ \"requests\": [ { \"path\": \"/v1\" } ] }",
            br#"{"requests":[{"path":"/a"}, {"path": "/b"},{"path":"/c"} ]}"#,
            br#"{"requests":[]}"#,
        ];
        let alphabet: &[&[u8]] = &[
            b"{",
            b"}",
            b"[",
            b"]",
            b":",
            b",",
            b"\"",
            b"\\",
            b" ",
            b"\t",
            b"\n",
            b"\x0c",
            b"a",
            b"/",
            b"?",
            b"\xc3\xa9",
            b"\xff",
            b"\x01",
            b"\"path\"",
            b"\"requests\"",
            b"null",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut accepted, mut refused) = (0, 0);
        for round in 0..30_000 {
            let mut body = seeds[round % seeds.len()].to_vec();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(body.len() + 1);
                let piece = alphabet[rng.below(alphabet.len())];
                match rng.below(3) {
                    0 => drop(body.splice(at..at, piece.iter().copied())),
                    1 if at < body.len() => drop(body.remove(at)),
                    _ if at < body.len() => body[at] = piece[0],
                    _ => {}
                }
            }
            match scanned_paths(&body) {
                Some(paths) => {
                    accepted += 1;
                    assert_eq!(
                        Some(paths),
                        serde_paths(&body),
                        "{:?}",
                        String::from_utf8_lossy(&body)
                    );
                }
                None => refused += 1,
            }
        }
        // Both branches were exercised.
        assert!(accepted > 1_000 && refused > 1_000, "{accepted} accepted, {refused} refused");
    }

    /// The byte-level checks of an item's path agree with the character-level ones they
    /// replace, on paths made of the characters that matter.
    #[test]
    fn the_path_checks_agree_with_their_definitions() {
        let alphabet = ["/", "/", ".", "a", "%", " ", "#", "\u{7f}", "\t", "é", "\u{85}", "?"];
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let path: String =
                (0..rng.below(10)).map(|_| alphabet[rng.below(alphabet.len())]).collect();
            let path = format!("/{path}");
            let forbidden = path.chars().any(|c| c.is_control() || c == ' ' || c == '#');
            assert_eq!(has_forbidden_char(&path), forbidden, "{path:?}");
            let dot_or_empty =
                path.split('/').skip(1).any(|seg| seg == "." || seg == "..") || path.contains("//");
            assert_eq!(crate::route::has_dot_or_empty_segment(&path), dot_or_empty, "{path:?}");
        }
    }

    /// The routing of a batch path as it was before the one-pass scan: each check a search of
    /// its own, and the path decoded twice.
    fn item_route_one_check_at_a_time(raw: &str) -> Result<(Route, Option<&str>), Error> {
        if raw.chars().count() > BATCH_PATH_MAX {
            return Err(Error::invalid_path(&format!(
                "the path is longer than {BATCH_PATH_MAX} characters"
            )));
        }
        if !raw.starts_with('/') {
            return Err(Error::invalid_path("a batch path must start with `/`, like /v1/services"));
        }
        if has_forbidden_char(raw) {
            return Err(Error::invalid_path("the path has a space, control character or fragment"));
        }
        let (path, query) = match raw.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (raw, None),
        };
        let decoded = route::decode_unreserved(path).map_err(Error::invalid_path)?;
        if crate::route::has_dot_or_empty_segment(&decoded) {
            return Err(Error::invalid_path(
                "the path has dot segments or empty segments; send the canonical path",
            ));
        }
        if decoded != "/v1" && !decoded.starts_with("/v1/") {
            return Err(Error::path_outside_api(raw));
        }
        let route = match Route::parse(path) {
            Route::Redirect(canonical) => Route::parse(&canonical),
            route => route,
        };
        Ok((route, query))
    }

    /// The one-pass routing of batch paths agrees with the checks one at a time on every path,
    /// routes and errors alike: real routes, escapes (of dots and slashes too), dot and empty
    /// segments, queries, forbidden and non-ASCII characters.
    #[test]
    fn batch_paths_route_as_the_checks_one_at_a_time_route_them() {
        let pieces = [
            "/",
            "/",
            "v1",
            "v1",
            "/v1/services",
            "/v1/resources",
            "mlops",
            "categories",
            ".",
            "..",
            "%2E",
            "%2e",
            "%2F",
            "%41",
            "%",
            "%zz",
            "?",
            "?q=a.b//c",
            "&",
            "#",
            " ",
            "é",
            "\u{85}",
            "\u{7f}",
            "x",
            "-",
            "/v1/case-studies/",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut routed = 0;
        for _ in 0..30_000 {
            let n = 1 + rng.below(6);
            let mut raw: String = (0..n).map(|_| pieces[rng.below(pieces.len())]).collect();
            if rng.below(4) > 0 && !raw.starts_with('/') {
                raw.insert(0, '/');
            }
            let expected = item_route_one_check_at_a_time(&raw);
            assert_eq!(item_route(&raw), expected, "{raw:?}");
            routed += usize::from(matches!(expected, Ok((Route::Fixed(_), _))));
        }
        assert!(routed > 100, "only {routed} paths reached a fixed route");
        for raw in ["/v1/services", "/v1/services/mlops/", "/v1/resources?q=data&limit=3"] {
            assert_eq!(item_route(raw), item_route_one_check_at_a_time(raw), "{raw}");
        }
    }
}
