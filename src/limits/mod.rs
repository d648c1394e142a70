//! Every limit of the service as a named constant, plus the rate limiter, the client key
//! every per-client limit is kept under, the per-address connection slots and the
//! Idempotency-Key rules. Each constant's doc says what happens at the limit.

pub mod addresses;
pub mod client;
pub mod idempotency;
pub mod rate;

use std::time::Duration;

pub use crate::model::{
    A2A_BODY_MAX, ASK_BODY_MAX, ASK_ID_MAX_CHARS, ASK_MAX_PREV_TURNS, ASK_QUERY_MAX_CHARS,
    BATCH_BODY_MAX, BATCH_MAX_ITEMS, BATCH_PATH_MAX, MAX_HEADER_BYTES, MAX_HEADER_FIELDS,
    MCP_BODY_MAX, OAUTH_BODY_MAX, PROMPT_ORGANISATION_MAX_CHARS, RATE_LIMIT_DEFAULT,
    SCORE_BODY_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_MAX_SUGGESTIONS,
    SEARCH_QUERY_MAX_CHARS, SEARCH_TYPO_MAX_CHARS, SEARCH_TYPO_ONE_MIN_CHARS,
    SEARCH_TYPO_TWO_MIN_CHARS, TOKEN_LIFETIME_SECS,
};

/// The rate-limit window. A client's window opens with its first request and lasts this long.
pub const RATE_WINDOW_MS: u64 = 60_000;
/// Most client addresses the limiter tracks at once (over all shards). Past it, expired windows
/// are dropped first, then the oldest window; memory stays under roughly 64 bytes per entry.
pub const RATE_MAX_TRACKED: usize = 262_144;
/// Shards of the limiter table; a request locks one shard only.
pub const RATE_SHARDS: usize = 64;
/// IPv6 clients are keyed by this many leading bits of their address by default
/// (`--ipv6-prefix`): a /64, the block one host is normally given. Every address of one /64
/// then shares one budget, and rotating through them gains nothing.
pub const IPV6_PREFIX_DEFAULT: u8 = 64;
/// Shortest `--ipv6-prefix` accepted. A shorter one would lump whole providers' customers into
/// one budget; the flag refuses it at start-up.
pub const IPV6_PREFIX_MIN: u8 = 16;

/// Words shorter than this never match as a prefix (too many expansions to mean anything).
pub const SEARCH_PREFIX_MIN_CHARS: usize = 3;
/// Distinct query terms considered; later ones are ignored. `q` is at most 200 characters, so
/// this is only reached by queries of many tiny words.
pub const SEARCH_MAX_QUERY_TERMS: usize = 64;
/// What one edit at the first letter costs (an edit elsewhere costs 1): so only words long
/// enough for two typos, 9 characters or more, may differ at the first letter, and then by
/// that one edit only. People rarely mistype the first letter, and it keeps the lookup small.
pub const SEARCH_TYPO_FIRST_LETTER_COST: u8 = 2;
/// Query terms given typo tolerance (and corrections for `suggestions`); later terms match
/// exactly only. Bounds the work of a long query of misspelt words.
pub const SEARCH_TYPO_MAX_TERMS: usize = 10;
/// Indexed words one query term may expand to by typo tolerance, closest first.
pub const SEARCH_TYPO_MAX_EXPANSIONS: usize = 24;
/// Indexed words the last query term may expand to as a prefix, in word order.
pub const SEARCH_PREFIX_MAX_EXPANSIONS: usize = 256;

/// Longest bearer token accepted for verification; a longer one is `invalid_token` at once.
pub const TOKEN_MAX_LEN: usize = 4096;
/// Longest `client_name` accepted at registration, in characters. Longer:
/// `invalid_client_metadata`.
pub const CLIENT_NAME_MAX_CHARS: usize = 200;
/// Longest piece of client input (a path, a slug, a parameter) echoed in an error message, in
/// bytes; the rest is cut off at a character boundary.
pub const ECHO_MAX_BYTES: usize = 120;
/// How often the rate limiter drops closed windows.
pub const RATE_SWEEP_INTERVAL: Duration = Duration::from_millis(RATE_WINDOW_MS);
/// Pause after a failed `accept` (usually EMFILE), so a full descriptor table is not spun on.
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);
/// Smallest read buffer hyper accepts for HTTP/1; `MAX_HEADER_BYTES` is raised to it if lower.
pub const HYPER_MIN_BUF_BYTES: usize = 8192;

/// Time a new connection has to send its first bytes: enough of them to tell an HTTP/1 request
/// from the 24-byte HTTP/2 preface. Silent, or stuck inside the preface: closed without a
/// response. This is the deadline the HTTP/1 header timeout cannot give, because it only starts
/// once HTTP/1 is known.
pub const FIRST_BYTES_TIMEOUT: Duration = Duration::from_secs(5);
/// Time a client has to send its request headers (and, on a kept-alive connection, to start
/// the next request, counted from when hyper has handed the previous response to the kernel).
/// Slower: the connection is closed (slowloris).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a client has to send a whole request body once headers are in. Slower: 408.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(crate::model::BODY_READ_TIMEOUT_SECS);
/// Time an HTTP/2 connection may stay open with no open stream (answering pings does not
/// count). Then: GOAWAY and close, as HTTP/1 keep-alive connections get after
/// `HEADER_READ_TIMEOUT`.
pub const H2_IDLE_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a response may wait without the client taking any of its bytes: a zero HTTP/2
/// flow-control window, or a socket refusing every write (a full TCP window) on either
/// protocol. Then the connection is closed (GOAWAY first on HTTP/2) and every response it
/// buffered is freed.
pub const SEND_STALL_TIMEOUT: Duration = Duration::from_secs(10);
/// Oldest a connection may get. Then it is ended gracefully: GOAWAY on HTTP/2,
/// `Connection: close` on the next HTTP/1 response; in-flight requests get
/// `CONNECTION_DRAIN_GRACE` to finish, and the client reconnects.
pub const MAX_CONNECTION_AGE: Duration = Duration::from_secs(600);
/// Time in-flight requests get after a connection is told to close (age, idleness). Past it
/// the connection is dropped.
pub const CONNECTION_DRAIN_GRACE: Duration = Duration::from_secs(10);
/// How often each connection's deadlines (HTTP/2 idleness, send stalls, age) are checked, at
/// most; a deadline fires up to this late. Shorter deadlines (tests) check four times as often
/// as the shortest of them.
pub const CONNECTION_CHECK_INTERVAL: Duration = Duration::from_secs(1);
/// Most connections served at once; further clients wait in the accept backlog until one
/// closes, so overload queues rather than failing.
pub const MAX_CONNECTIONS: usize = 4096;
/// Connections one client address may hold open at once, by default
/// (`--max-connections-per-ip`; 0 turns the cap off, and it is off by default behind
/// `--trust-proxy`, where every connection comes from the proxy). IPv6 addresses count per /64,
/// the block one host usually holds. A connection past the cap is answered once, on the
/// protocol it speaks, with 429 `too_many_connections`, then closed; the address's other
/// connections and every other address are unaffected.
pub const MAX_CONNECTIONS_PER_IP_DEFAULT: usize = 64;
/// Over-cap connections being refused at once (each for at most `REFUSAL_TIMEOUT`). Past it,
/// further over-cap connections are closed at once without a response, so refusing can never
/// cost more than this many sockets.
pub const MAX_REFUSALS_IN_FLIGHT: usize = 64;
/// Time an over-cap connection gets to send a request and read its 429.
pub const REFUSAL_TIMEOUT: Duration = Duration::from_secs(1);
/// HTTP/2 streams one connection may have open at once (`SETTINGS_MAX_CONCURRENT_STREAMS`).
/// A client needing more queues on its side; this API's answers take microseconds, so a few
/// dozen streams keep any client busy.
pub const H2_MAX_CONCURRENT_STREAMS: u32 = 32;
/// Streams of one HTTP/2 connection the h2 layer may refuse itself (a malformed header block,
/// a stream past `H2_MAX_CONCURRENT_STREAMS`) before it ends the connection with GOAWAY
/// `ENHANCE_YOUR_CALM`. Such a refusal never reaches the service, so neither the limiter nor
/// the metrics count it; this bound is what limits them instead (README, *Hardening*). It is
/// hyper's default (1,024, RUSTSEC-2024-0003), set here so an upgrade cannot drop it.
pub const H2_MAX_LOCAL_ERROR_RESETS: usize = 1024;
/// Streams of one HTTP/2 connection the client may have reset (RST_STREAM) before the server
/// took them up, at once. Past it: GOAWAY `ENHANCE_YOUR_CALM` ("too_many_resets"), closed. This
/// is the "rapid reset" bound (CVE-2023-44487): such a stream no longer counts against
/// `H2_MAX_CONCURRENT_STREAMS` but still waits in h2's accept queue, so without it a client
/// could queue streams without end. It is h2's default (20), which hyper passes on only while
/// its own setting is left unset; set here so an upgrade cannot drop it.
pub const H2_MAX_PENDING_ACCEPT_RESETS: usize = 20;
/// Response bytes one connection may have generated but not yet handed to its socket (HTTP/2
/// flow control, a slow reader). A request arriving while a connection is at this budget waits
/// before its response is generated, until the client reads; so a connection holds at most
/// this plus one response, and on HTTP/2 one 16 KiB chunk more per stream (hyper takes a
/// stream's first chunk before it waits for the stream's window), however many streams it
/// opens.
pub const RESPONSE_BUFFER_PER_CONNECTION: usize = 512 * 1024;
/// Bytes of an HTTP/2 response handed to hyper at a time (one DATA frame at the default frame
/// size); progress against a stream's window, for `SEND_STALL_TIMEOUT`, is measured per chunk.
/// HTTP/1 bodies of known length go to hyper whole, written with their head in one vectored
/// write, and their progress is measured on the socket (`http::flow`).
pub const RESPONSE_CHUNK: usize = 16 * 1024;
/// Bytes h2 may queue per stream beyond what the peer's window lets it send.
pub const H2_MAX_SEND_BUF: usize = 64 * 1024;
/// Our HTTP/2 receive window per stream: the largest request body any endpoint takes, so a
/// client never has to wait for a window update to send a valid request.
pub const H2_STREAM_WINDOW: u32 = BATCH_BODY_MAX as u32;
/// Our HTTP/2 receive window per connection: request bytes a client may have in flight on one
/// connection before we read them.
pub const H2_CONNECTION_WINDOW: u32 = 4 * H2_STREAM_WINDOW;
/// Request-body bytes the whole server may hold read ahead of their connection's turn
/// (HTTP/2, `http::ReadAhead`): each stream reserves its body's bound (its route's limit, or
/// its `Content-Length` if smaller) before reading it ahead, and gives it back when the body is
/// dropped. One connection can pin at most its 32 streams' bodies (2 MiB); with no room left a
/// stream reads its body in its turn, as streams did before read-ahead.
pub const H2_READ_AHEAD_BUDGET: usize = 8 * 1024 * 1024;
/// Interval of HTTP/2 keep-alive pings, which find peers that vanished without closing.
pub const H2_PING_INTERVAL: Duration = Duration::from_secs(30);
/// Time a ping may go unanswered before the connection is closed.
pub const H2_PING_TIMEOUT: Duration = Duration::from_secs(10);
/// Access-log lines queued for the writer thread at most (`--access-log`). Past it (standard
/// output blocked or slower than the traffic), further lines are dropped and counted in
/// `consultancy_api_access_log_dropped_total`; a request never waits for the log.
pub const ACCESS_LOG_QUEUE: usize = 16 * 1024;
/// At a stop, how long the access log's writer is given to write what is queued before the
/// process exits without it (standard output not being read).
pub const ACCESS_LOG_FLUSH_WAIT: Duration = Duration::from_secs(1);
/// Connections the metrics listener (`--metrics-listen`) serves at once; it is for a scraper
/// or two, so further connections wait in its backlog.
pub const METRICS_MAX_CONNECTIONS: usize = 16;
/// At shutdown, time a connection accepted before the stop has to send its first request,
/// which is then answered (with `Connection: close`). Silent past it: closed. A client that
/// connected is owed an answer, and one that is about to send needs microseconds.
pub const SHUTDOWN_FIRST_REQUEST_GRACE: Duration = Duration::from_secs(1);
/// Grace period for in-flight requests at shutdown.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);
/// Leeway when checking token expiry and issue time, for clock differences between processes.
pub const TOKEN_CLOCK_SKEW_SECS: u64 = 30;

/// Words of one question (or one earlier turn) the answer engine reads; later words are
/// ignored, so a pasted essay costs no more than a long question.
pub const ANSWER_MAX_WORDS: usize = 64;
/// Distinct terms in one answer query (the question's and those carried from earlier turns);
/// later ones are ignored.
pub const ANSWER_MAX_TERMS: usize = 32;
/// Earlier turns the answer engine looks back through for a follow-up's topic, newest first;
/// older turns are ignored.
pub const ANSWER_MAX_PREV_TURNS: usize = 4;

#[cfg(test)]
mod documented_numbers {
    use super::*;
    use crate::model::{
        A2A_BODY_MAX, ASK_BODY_MAX, BATCH_MAX_ITEMS, ERROR_CODES, MCP_BODY_MAX,
        SEARCH_QUERY_MAX_CHARS, TOKEN_LIFETIME_SECS,
    };

    fn meaning(code: &str) -> &'static str {
        ERROR_CODES.iter().find(|(c, _, _)| *c == code).map(|(_, _, m)| *m).unwrap_or_default()
    }

    /// The error table (the error page, the OpenAPI document's table and the `errors/<code>`
    /// documents) states the limit behind each code with its number; a changed limit must
    /// change the sentence too.
    #[test]
    fn error_meanings_state_the_limits_in_force() {
        let kib = |bytes: usize| format!("{} KiB", bytes / 1024);
        let payload = meaning("payload_too_large");
        for bytes in [SCORE_BODY_MAX, OAUTH_BODY_MAX, BATCH_BODY_MAX] {
            assert!(payload.contains(&kib(bytes)), "{payload}");
        }
        for bytes in [MCP_BODY_MAX, ASK_BODY_MAX, A2A_BODY_MAX] {
            assert_eq!(bytes, BATCH_BODY_MAX, "the table names one limit for these");
        }
        let timeout = format!("{} seconds", BODY_READ_TIMEOUT.as_secs());
        assert!(meaning("request_timeout").contains(&timeout));
        assert!(meaning("rate_limited").contains(&format!("{RATE_LIMIT_DEFAULT} a minute")));
        let connections = format!("({MAX_CONNECTIONS_PER_IP_DEFAULT} unless");
        assert!(meaning("too_many_connections").contains(&connections));
        let lifetime = format!("{TOKEN_LIFETIME_SECS} seconds");
        assert!(meaning("invalid_token").contains(&lifetime));
        assert!(meaning("batch_too_large").contains(&format!("more than {BATCH_MAX_ITEMS}")));
        let chars = format!("longer than {SEARCH_QUERY_MAX_CHARS} characters");
        assert!(meaning("query_too_long").contains(&chars));
        let turns = format!("More than {ASK_MAX_PREV_TURNS} earlier turns");
        assert!(meaning("too_many_turns").contains(&turns));
        assert!(meaning("too_many_turns").contains(&format!("latest {ASK_MAX_PREV_TURNS}")));
        let head = meaning("header_fields_too_large");
        assert!(head.contains(&format!("over {}", kib(crate::model::MAX_HEADER_BYTES))), "{head}");
        let fields = format!("more than {} header fields", crate::model::MAX_HEADER_FIELDS);
        assert!(head.contains(&fields), "{head}");
    }
}
