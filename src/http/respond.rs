//! The common headers every response gets on its way out, and the step from a surface's
//! `Reply` to the hyper response.

use http::Response;
use http::header::{self, HeaderName, HeaderValue};

use super::cors;
use crate::limits::idempotency;
use crate::limits::rate::Decision;
use crate::model::Deprecation;
use crate::route::CorsProfile;
use crate::wire::{Body, Reply};

/// Everything about the request that the common headers depend on.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The rate limiter's decision; `None` for a route it does not apply to (`/healthz`).
    pub rate: Option<Decision>,
    pub rate_policy: &'a HeaderValue,
    /// The route's cross-origin profile.
    pub cors: CorsProfile,
    /// A valid Idempotency-Key to echo.
    pub idempotency_key: Option<&'a str>,
    /// Deprecation of the API version this path belongs to.
    pub deprecation: Option<&'a Deprecation>,
}

fn value(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The response: the reply plus CORS, RateLimit, sandbox, deprecation and idempotency headers.
///
/// Most replies' headers are the same on every request but for the `RateLimit` value, so
/// their header map is built once per worker thread and cloned after (see `templates`).
pub fn finish(reply: Reply, context: &Context<'_>) -> Response<Body> {
    let Some(key) = templates::Key::of(&reply, context) else {
        return build(reply, context);
    };
    if let Some((mut headers, ratelimit_at)) = templates::get(&key) {
        if let Some(rate) = context.rate {
            // Replaces the template's value where it stands, so the order is the built one:
            // found by its place, a few steps, rather than by hashing its name.
            let value = ratelimit_value(rate.remaining, rate.reset_secs);
            match ratelimit_at.and_then(|at| headers.iter_mut().nth(at)) {
                Some((name, slot)) if *name == RATELIMIT => *slot = value,
                _ => {
                    headers.insert(RATELIMIT, value);
                }
            }
        }
        let mut response = Response::new(reply.body);
        *response.status_mut() = reply.status;
        *response.headers_mut() = headers;
        return response;
    }
    let pending = key.pending();
    let response = build(reply, context);
    templates::put(pending, response.headers());
    response
}

const RATELIMIT: HeaderName = HeaderName::from_static("ratelimit");
const RATELIMIT_POLICY: HeaderName = HeaderName::from_static("ratelimit-policy");

/// [`finish`] without templates: every header inserted in turn.
fn build(reply: Reply, context: &Context<'_>) -> Response<Body> {
    let mut response = respond(reply, context.cors);
    let headers = response.headers_mut();
    if let Some(rate) = context.rate {
        headers.insert(RATELIMIT_POLICY, context.rate_policy.clone());
        headers.insert(RATELIMIT, ratelimit_value(rate.remaining, rate.reset_secs));
    }
    if let Some(deprecation) = context.deprecation {
        add_deprecation(headers, deprecation);
    }
    if let Some(key) = context.idempotency_key {
        headers.insert(HeaderName::from_static("idempotency-key"), value(key));
        headers.insert(
            HeaderName::from_static("idempotency-status"),
            HeaderValue::from_static(idempotency::STATUS_DETERMINISTIC),
        );
    }
    response
}

/// The response with the headers every answer carries, whoever sends it (the service, or the
/// accept loop refusing a connection): CORS, `X-Content-Type-Options: nosniff` and the
/// sandbox marker. `finish` adds the ones that depend on the request.
pub fn respond(reply: Reply, cors: CorsProfile) -> Response<Body> {
    let mut response = Response::new(reply.body);
    *response.status_mut() = reply.status;
    let headers = response.headers_mut();
    // Every response carries about a dozen headers; size the map once instead of growing it.
    headers.reserve(16);
    match reply.values {
        // A fixed response: its values were built with the binary.
        Some(values) => {
            debug_assert!(
                values.content_type == reply.content_type
                    && values.cache_control == reply.cache_control
                    && reply.etag.is_some_and(|etag| values.etag == etag),
                "a fixed reply's header values no longer match its fields"
            );
            if !reply.content_type.is_empty() {
                headers.insert(header::CONTENT_TYPE, values.content_type.clone());
            }
            headers.insert(header::CACHE_CONTROL, values.cache_control.clone());
            headers.insert(header::ETAG, values.etag.clone());
        }
        None => {
            if !reply.content_type.is_empty() {
                headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(reply.cache_control));
            if let Some(etag) = reply.etag {
                headers.insert(header::ETAG, HeaderValue::from_static(etag));
            }
        }
    }
    for (name, value) in reply.static_headers.iter() {
        headers.append(name.clone(), HeaderValue::from_static(value));
    }
    for (name, value) in reply.headers {
        headers.append(name, value);
    }
    cors::add_response_headers(headers, cors);
    if reply.content_type.starts_with("text/html") {
        for (name, value) in HTML_SECURITY {
            headers.insert(name, value);
        }
    }
    // Browsers must take every body as the type it is labelled with: a JSON error echoing
    // part of a path must never be sniffed into HTML.
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if cfg!(feature = "sandbox") {
        headers.insert(HeaderName::from_static("x-sandbox"), HeaderValue::from_static("true"));
    }
    response
}

/// The headers of every HTML response (pages, the search and assessment result pages, the
/// 404), built with the binary. The policy allows the pages' own inline scripts and styles by
/// hash and nothing else (see `src/compiler/csp.rs`); no page may be framed; a page opened from
/// another site shares no browsing context group with it; a cross-origin request (the search
/// box's call to the API origin, a link followed) is told the origin and not the page.
/// `respond` runs only when a reply's headers are not in a template, so a fixed page pays for
/// none of these.
const HTML_SECURITY: [(HeaderName, HeaderValue); 3] = [
    (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(crate::tables::HTML_CSP)),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    ),
    (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
];

/// `"ip";r=<remaining>;t=<seconds>`, written on the stack and cut from this thread's
/// [`slab`] (this runs on every response).
fn ratelimit_value(remaining: u32, reset_secs: u64) -> HeaderValue {
    let mut text = [0u8; 48];
    let mut len = 0;
    for part in [
        b"\"ip\";r=".as_slice(),
        itoa::Buffer::new().format(remaining).as_bytes(),
        b";t=",
        itoa::Buffer::new().format(reset_secs).as_bytes(),
    ] {
        text[len..len + part.len()].copy_from_slice(part);
        len += part.len();
    }
    slab::header_value(&text[..len]).unwrap_or_else(|| HeaderValue::from_static("\"ip\""))
}

/// The `RateLimit` values of a worker thread, cut from one buffer it reuses, so a response's
/// only header value made for it alone costs no allocation.
///
/// Each value is a slice of the thread's buffer that counts as one of its owners (`Bytes`'
/// shared form: a clone or a drop is one atomic count). A value lives until hyper (or h2) has
/// written the response head, a few microseconds; when the buffer is used up, it is taken
/// back if no value cut from it is still alive, which in steady state it always is. Only if
/// one is (an HTTP/2 head still queued) does the thread start a new buffer, and the old one is
/// freed with its last value. Templates never hold a cut value (see `templates::put`), so
/// nothing keeps a buffer longer than a response.
mod slab {
    use std::cell::RefCell;

    use bytes::BytesMut;
    use http::HeaderValue;

    /// The buffer's size: a value is 14 to 30 bytes, so about two hundred responses between
    /// two takings back.
    const SLAB_BYTES: usize = 4 * 1024;

    thread_local! {
        static SLAB: RefCell<BytesMut> = RefCell::new(BytesMut::new());
    }

    /// `text` as a header value in this thread's buffer; `None` if it is not a valid value
    /// (or the thread is being torn down).
    pub fn header_value(text: &[u8]) -> Option<HeaderValue> {
        let bytes = SLAB
            .try_with(|slab| {
                let mut slab = slab.try_borrow_mut().ok()?;
                if slab.capacity() < text.len() && !slab.try_reclaim(text.len()) {
                    *slab = BytesMut::with_capacity(SLAB_BYTES.max(text.len()));
                }
                slab.extend_from_slice(text);
                Some(slab.split().freeze())
            })
            .ok()
            .flatten()?;
        HeaderValue::from_maybe_shared(bytes).ok()
    }

    #[cfg(test)]
    mod tests {
        use crate::http::respond::slab::{SLAB_BYTES, header_value};

        /// Values cut while earlier ones are alive never overwrite them, through several
        /// buffers' worth of values. (That the buffer is taken back and no value allocates is
        /// counted in `tests/alloc`.)
        #[test]
        fn a_live_value_is_never_overwritten() {
            let first = header_value(b"\"ip\";r=299;t=60").expect("a value");
            let mut kept = Vec::new();
            for n in 0..3 * SLAB_BYTES / 16 {
                let text = format!("\"ip\";r={n};t=7");
                let value = header_value(text.as_bytes()).expect("a value");
                assert_eq!(value.as_bytes(), text.as_bytes());
                kept.push((text, value));
                // Every other value dropped at once, as most responses' are.
                drop(header_value(b"\"ip\";r=0;t=1"));
            }
            assert_eq!(first.as_bytes(), b"\"ip\";r=299;t=60");
            for (text, value) in &kept {
                assert_eq!(value.as_bytes(), text.as_bytes(), "a live value was overwritten");
            }
        }

        #[test]
        fn a_text_that_is_no_header_value_is_refused() {
            assert!(header_value(b"bad\nvalue").is_none());
            assert_eq!(header_value(b"ok").expect("a value"), "ok");
        }
    }
}

/// RFC 9745 `Deprecation`, RFC 8594 `Sunset`, and the migration `Link`.
pub fn add_deprecation(headers: &mut http::HeaderMap, deprecation: &Deprecation) {
    headers.insert(
        HeaderName::from_static("deprecation"),
        HeaderValue::from_static(deprecation.deprecation),
    );
    if let Some(sunset) = deprecation.sunset {
        headers.insert(HeaderName::from_static("sunset"), HeaderValue::from_static(sunset));
    }
    headers.append(
        header::LINK,
        value(&format!("<{}>; rel=\"deprecation\"; type=\"text/html\"", deprecation.link)),
    );
}

/// Header maps, kept per worker thread and cloned on later requests.
///
/// The headers of a reply with no header built for it alone depend on its header values (a
/// fixed representation's `FixedValues`, or the static texts of a JSON answer or an error),
/// its static headers, the status, the route's CORS profile and whether the limiter applies
/// (with its policy), and on nothing else but the `RateLimit` value, which `finish` writes
/// over the template's. Cloning the map the first request built costs about 40% of inserting
/// a dozen headers into a fresh one, and is what a server of canned responses does.
///
/// A cache, not state: a template is a pure function of its key, so a miss only costs a
/// build. Direct-mapped with `SLOTS` slots per thread (a colliding key replaces the slot's
/// template), so it holds at most `SLOTS` maps of about a kilobyte. Replies with per-request
/// headers (`Allow`, `Location`, idempotency, deprecation) are built every time.
mod templates {
    use std::cell::RefCell;

    use http::StatusCode;
    use http::header::{HeaderMap, HeaderValue};

    use crate::model::FixedValues;
    use crate::route::CorsProfile;
    use crate::wire::Reply;
    use crate::wire::reply::StaticHeaders;

    use crate::http::respond::Context;

    /// Templates kept per worker thread.
    const SLOTS: usize = 128;

    /// Where a reply's `Content-Type`, `Cache-Control` and `ETag` come from, compared by
    /// address: the same address is the same text, and equal text at two addresses only
    /// costs a template of its own.
    #[derive(Clone, Copy)]
    enum Values {
        /// A fixed representation's values, built with the binary.
        Fixed(&'static FixedValues),
        /// Static texts (a JSON answer, an error, a stream).
        Text { content_type: &'static str, cache_control: &'static str, etag: Option<&'static str> },
    }

    impl Values {
        fn same_as(self, other: Values) -> bool {
            use std::ptr::eq;
            match (self, other) {
                (Values::Fixed(a), Values::Fixed(b)) => eq(a, b),
                (
                    Values::Text { content_type, cache_control, etag },
                    Values::Text { content_type: c, cache_control: cc, etag: e },
                ) => {
                    eq(content_type, c)
                        && eq(cache_control, cc)
                        && match (etag, e) {
                            (Some(a), Some(b)) => eq(a, b),
                            (None, None) => true,
                            _ => false,
                        }
                }
                _ => false,
            }
        }

        fn address(self) -> usize {
            match self {
                Values::Fixed(values) => std::ptr::from_ref(values) as usize,
                Values::Text { content_type, cache_control, etag } => {
                    content_type.as_ptr() as usize
                        ^ (cache_control.as_ptr() as usize).rotate_left(17)
                        ^ etag.map_or(0, |etag| etag.as_ptr() as usize).rotate_left(34)
                }
            }
        }
    }

    /// What a reply's header map depends on, borrowed from the request at hand.
    pub struct Key<'a> {
        values: Values,
        status: StatusCode,
        cors: CorsProfile,
        statics: &'a StaticHeaders,
        /// The limiter's policy when the limiter applies to the route.
        policy: Option<&'a HeaderValue>,
    }

    impl<'a> Key<'a> {
        /// The key of a reply whose headers can come from a template: one with no header
        /// built for this request alone.
        pub fn of(reply: &'a Reply, context: &Context<'a>) -> Option<Key<'a>> {
            let values = match reply.values {
                Some(values) => Values::Fixed(values),
                None => Values::Text {
                    content_type: reply.content_type,
                    cache_control: reply.cache_control,
                    etag: reply.etag,
                },
            };
            let plain = reply.headers.is_empty()
                && context.deprecation.is_none()
                && context.idempotency_key.is_none();
            plain.then_some(Key {
                values,
                status: reply.status,
                cors: context.cors,
                statics: &reply.static_headers,
                policy: context.rate.map(|_| context.rate_policy),
            })
        }

        /// The template to be, owning its key, for [`put`] once the headers are built.
        pub fn pending(&self) -> Pending {
            Pending {
                slot: self.slot(),
                values: self.values,
                status: self.status,
                cors: self.cors,
                statics: self.statics.clone(),
                policy: self.policy.cloned(),
            }
        }

        fn slot(&self) -> usize {
            let mixed = (self.values.address() >> 3)
                ^ usize::from(self.status.as_u16())
                ^ (self.cors as usize) << 10
                ^ usize::from(self.policy.is_some()) << 12;
            // Fibonacci hashing: the top bits of the product spread neighbouring addresses.
            (mixed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as usize >> 7 & (SLOTS - 1)
        }
    }

    /// A key of its own, waiting for the headers built for it.
    pub struct Pending {
        slot: usize,
        values: Values,
        status: StatusCode,
        cors: CorsProfile,
        statics: StaticHeaders,
        policy: Option<HeaderValue>,
    }

    struct Template {
        key: Pending,
        headers: HeaderMap,
        /// Where the `RateLimit` value is among `headers`' values, in their order.
        ratelimit_at: Option<usize>,
    }

    impl Pending {
        /// Whether a template built for this key serves `key`: every part equal.
        pub fn matches(&self, key: &Key<'_>) -> bool {
            self.values.same_as(key.values)
                && self.status == key.status
                && self.cors == key.cors
                && self.policy.as_ref() == key.policy
                && self.statics.same_as(key.statics)
        }
    }

    thread_local! {
        static TEMPLATES: RefCell<Vec<Option<Template>>> = const { RefCell::new(Vec::new()) };
    }

    /// A copy of the template for `key`, if this thread has it, and where its `RateLimit`
    /// value is among its values.
    pub fn get(key: &Key<'_>) -> Option<(HeaderMap, Option<usize>)> {
        TEMPLATES
            .try_with(|templates| {
                let templates = templates.try_borrow().ok()?;
                let template = templates.get(key.slot())?.as_ref()?;
                template.key.matches(key).then(|| (template.headers.clone(), template.ratelimit_at))
            })
            .ok()
            .flatten()
    }

    /// Keeps `headers`, just built for `key`, as its template.
    pub fn put(key: Pending, headers: &HeaderMap) {
        let _ = TEMPLATES.try_with(|templates| {
            let Ok(mut templates) = templates.try_borrow_mut() else { return };
            if templates.is_empty() {
                templates.resize_with(SLOTS, || None);
            }
            if let Some(slot) = templates.get_mut(key.slot) {
                let mut headers = headers.clone();
                // Every copy gets its own value over this one; a value cut from the thread's
                // `slab` kept here would keep its whole buffer from being reused.
                let mut ratelimit_at = None;
                for (at, (name, value)) in headers.iter_mut().enumerate() {
                    if *name == crate::http::respond::RATELIMIT {
                        *value = HeaderValue::from_static("\"ip\"");
                        ratelimit_at = Some(at);
                    }
                }
                *slot = Some(Template { key, headers, ratelimit_at });
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use http::StatusCode;
    use http::header::HeaderValue;

    use crate::http::respond::templates::Key;
    use crate::http::respond::{Context, finish};
    use crate::limits::rate::Decision;
    use crate::route::CorsProfile;
    use crate::tables::FIXED;
    use crate::wire::Reply;
    use crate::wire::media::EVENT_STREAM;
    use crate::wire::reply::{CACHE_CONTENT, Coding, NO_STORE};

    const PROFILES: [CorsProfile; 4] =
        [CorsProfile::Api, CorsProfile::Mcp, CorsProfile::Ask, CorsProfile::A2a];

    fn decision(remaining: u32, reset_secs: u64) -> Decision {
        Decision { allowed: true, granted: 1, remaining, reset_secs, limit: 77 }
    }

    /// A reply of every kind a template may serve: each fixed representation (each path in
    /// each coding, as 200 and as 304), and answers with static header texts (JSON under
    /// both cache policies, an event stream, with several statuses), each with a name.
    fn every_reply() -> Vec<(String, Box<dyn Fn() -> Reply>)> {
        let mut replies: Vec<(String, Box<dyn Fn() -> Reply>)> = Vec::new();
        let mut paths: Vec<_> = FIXED.entries().collect();
        paths.sort_by_key(|(path, _)| *path);
        for (path, fixed) in paths {
            for coding in [Coding::Identity, Coding::Gzip, Coding::Br] {
                for status in [StatusCode::OK, StatusCode::NOT_MODIFIED] {
                    replies.push((
                        format!("{path} {} {status}", coding.token()),
                        Box::new(move || Reply { status, ..Reply::fixed_in(fixed, coding) }),
                    ));
                }
            }
        }
        let statuses = [StatusCode::OK, StatusCode::BAD_REQUEST, StatusCode::TOO_MANY_REQUESTS];
        for status in statuses {
            for cache in [NO_STORE, CACHE_CONTENT] {
                replies.push((
                    format!("json {status} {cache}"),
                    Box::new(move || Reply::json(status, "{}", cache)),
                ));
            }
            replies.push((
                format!("stream {status}"),
                Box::new(move || Reply {
                    content_type: EVENT_STREAM,
                    ..Reply::json(status, "", NO_STORE)
                }),
            ));
        }
        replies
    }

    /// Every reply of `every_reply` under every CORS profile, with and without the limiter
    /// and under two policies, in order: the headers `finish` gives with the limiter's
    /// decision `rate` (when it applies), or with `repeat` on a second request right after.
    fn headers_of_every_case(rate: Decision, repeat: Option<Decision>) -> Vec<String> {
        let policies = [
            HeaderValue::from_static("\"ip\";q=77;w=60"),
            HeaderValue::from_static("\"ip\";q=5;w=1"),
        ];
        let mut seen = Vec::new();
        for (name, reply) in every_reply() {
            for cors in PROFILES {
                for (policy, limited) in
                    [(&policies[0], true), (&policies[1], true), (&policies[0], false)]
                {
                    let mut context = Context {
                        rate: limited.then_some(rate),
                        rate_policy: policy,
                        cors,
                        idempotency_key: None,
                        deprecation: None,
                    };
                    let mut response = finish(reply(), &context);
                    if let Some(again) = repeat {
                        context.rate = limited.then_some(again);
                        response = finish(reply(), &context);
                    }
                    let lines: Vec<String> = response
                        .headers()
                        .iter()
                        .map(|(name, value)| format!("{name}: {value:?}"))
                        .collect();
                    seen.push(format!(
                        "{name} {cors:?} {policy:?} {limited}\n{}",
                        lines.join("\n")
                    ));
                }
            }
        }
        seen
    }

    fn on_a_new_thread(f: impl FnOnce() -> Vec<String> + Send + 'static) -> Vec<String> {
        std::thread::spawn(f).join().expect("the thread finishes")
    }

    #[test]
    fn a_header_template_gives_exactly_the_headers_a_fresh_build_gives() {
        let (first, second) = (decision(299, 60), decision(7, 13));
        // Fresh threads, each case once: every response is built, header by header.
        let built_first = on_a_new_thread(move || headers_of_every_case(first, None));
        let built_second = on_a_new_thread(move || headers_of_every_case(second, None));
        // Each case twice in a row: the first request builds and keeps the template (and must
        // not take the template of the case before, which differs in one part of the key);
        // the second is served from it, with its own RateLimit value.
        let templated = on_a_new_thread(move || headers_of_every_case(first, Some(second)));
        assert_eq!(templated.len(), built_second.len());
        for (served, built) in templated.iter().zip(&built_second) {
            assert_eq!(served, built);
        }
        assert_ne!(built_first, built_second, "the two decisions differ on the wire");
        let ratelimit = "ratelimit: \"\\\"ip\\\";r=7;t=13\"";
        let limited = built_second.iter().filter(|case| case.contains(ratelimit)).count();
        assert_eq!(limited, built_second.len() / 3 * 2, "every limited case carries its decision");
    }

    #[test]
    fn a_template_serves_only_a_key_equal_in_every_part() {
        let policy = HeaderValue::from_static("\"ip\";q=77;w=60");
        let same_text = HeaderValue::from_static("\"ip\";q=77;w=60");
        let other_policy = HeaderValue::from_static("\"ip\";q=5;w=1");
        let context = |cors, policy, limited: bool| Context {
            rate: limited.then_some(decision(299, 60)),
            rate_policy: policy,
            cors,
            idempotency_key: None,
            deprecation: None,
        };
        let api = context(CorsProfile::Api, &policy, true);
        let fixed = FIXED.get("/v1/services").expect("/v1/services");
        let other = FIXED.get("/v1/industries").expect("/v1/industries");
        let page = FIXED.get("/guides/").expect("/guides/");
        let json = || Reply::json(StatusCode::OK, "{\"a\":1}", NO_STORE);
        type Differing<'a> = Vec<(&'a str, Reply, Context<'a>)>;
        let cases: [(&str, Reply, Differing<'_>); 2] = [
            ("a fixed representation", Reply::fixed(fixed), {
                let mut decorated = Reply::fixed(fixed);
                decorated.static_headers.push(http::header::VARY, "accept-encoding");
                vec![
                    ("representation", Reply::fixed(other), api),
                    ("coding", Reply::fixed_in(page, Coding::Br), api),
                    (
                        "status",
                        Reply { status: StatusCode::NOT_MODIFIED, ..Reply::fixed(fixed) },
                        api,
                    ),
                    ("static headers", decorated, api),
                    // The same texts, not from the representation's values.
                    ("kind of values", Reply { values: None, ..Reply::fixed(fixed) }, api),
                    ("CORS profile", Reply::fixed(fixed), context(CorsProfile::Mcp, &policy, true)),
                    ("policy", Reply::fixed(fixed), context(CorsProfile::Api, &other_policy, true)),
                    ("limiter", Reply::fixed(fixed), context(CorsProfile::Api, &policy, false)),
                ]
            }),
            ("a JSON answer", json(), {
                let mut decorated = json();
                decorated.static_headers.push(http::header::VARY, "accept");
                vec![
                    ("content type", Reply { content_type: EVENT_STREAM, ..json() }, api),
                    ("cache policy", Reply::json(StatusCode::OK, "{}", CACHE_CONTENT), api),
                    ("validator", Reply { etag: Some("\"v1\""), ..json() }, api),
                    ("status", Reply::json(StatusCode::NOT_FOUND, "{}", NO_STORE), api),
                    ("static headers", decorated, api),
                    ("kind of values", Reply::fixed(fixed), api),
                    ("CORS profile", json(), context(CorsProfile::A2a, &policy, true)),
                    ("policy", json(), context(CorsProfile::Api, &other_policy, true)),
                    ("limiter", json(), context(CorsProfile::Api, &policy, false)),
                ]
            }),
        ];
        for (kind, base, differing) in &cases {
            let pending = Key::of(base, &api).expect("a plain reply has a key").pending();
            // Another request for the same: another body, a policy of equal text.
            let again = Reply { body: json().body, ..Reply::fixed(fixed) };
            let again = if base.values.is_some() { again } else { json() };
            let equal_policy = context(CorsProfile::Api, &same_text, true);
            assert!(pending.matches(&Key::of(&again, &api).expect("key")), "{kind}");
            assert!(pending.matches(&Key::of(&again, &equal_policy).expect("key")), "{kind}");
            for (part, reply, context) in differing {
                let key = Key::of(reply, context).expect("key");
                assert!(!pending.matches(&key), "{kind}: a key differing in its {part} matched");
            }
        }

        // Replies with a header of their own, and requests with one, are never templated.
        let allow = Reply::fixed(fixed).with(http::header::ALLOW, HeaderValue::from_static("GET"));
        assert!(Key::of(&allow, &api).is_none());
        let retry = json().with(http::header::RETRY_AFTER, HeaderValue::from(60));
        assert!(Key::of(&retry, &api).is_none());
        let echoing = Context { idempotency_key: Some("k-1"), ..api };
        assert!(Key::of(&Reply::fixed(fixed), &echoing).is_none());
        let sunset = crate::model::Deprecation {
            deprecation: "@1767225600",
            sunset: None,
            link: "https://www.example.com/changes/",
        };
        let deprecated = Context { deprecation: Some(&sunset), ..api };
        assert!(Key::of(&json(), &deprecated).is_none());
    }
}
