//! Every limit of the service as a named constant, plus the rate limiter, the client key
//! every per-client limit is kept under, and the Idempotency-Key rules. Each constant's doc
//! says what happens at the limit.

pub mod client;
pub mod idempotency;
pub mod rate;

use std::time::Duration;

pub use crate::model::{
    A2A_BODY_MAX, ASK_BODY_MAX, ASK_ID_MAX_CHARS, ASK_MAX_PREV_TURNS, ASK_QUERY_MAX_CHARS,
    BATCH_MAX_ITEMS, MAX_HEADER_BYTES, MCP_BODY_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX,
    SEARCH_MAX_SUGGESTIONS, SEARCH_QUERY_MAX_CHARS, SEARCH_TYPO_MAX_CHARS,
    SEARCH_TYPO_ONE_MIN_CHARS, SEARCH_TYPO_TWO_MIN_CHARS, TOKEN_LIFETIME_SECS,
};

/// Requests per client IP per window by default (`--rate-limit` overrides). Past it: 429.
pub const RATE_LIMIT_DEFAULT: u32 = 300;
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

/// Largest `POST /v1/ai-readiness/score` body. Past it: 413 without reading the rest.
pub const SCORE_BODY_MAX: usize = 8 * 1024;
/// Largest `POST /v1/batch` body (20 paths of up to ~3 KiB each). Past it: 413.
pub const BATCH_BODY_MAX: usize = 64 * 1024;
/// Largest OAuth request body (registration JSON or token form). Past it: 413.
pub const OAUTH_BODY_MAX: usize = 16 * 1024;
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
/// Longest batch item path (with query string); a longer one is `invalid_path` for that item.
pub const BATCH_PATH_MAX: usize = 4096;

/// Time a client has to send its request headers (and, on a kept-alive connection, to start
/// the next request). Slower: the connection is closed (slowloris).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a client has to send a whole request body once headers are in. Slower: 408.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Most connections served at once; further clients wait in the accept backlog until one
/// closes, so overload queues rather than failing.
pub const MAX_CONNECTIONS: usize = 4096;
/// Streams one HTTP/2 connection may have open at once; more are refused by the protocol.
pub const H2_MAX_CONCURRENT_STREAMS: u32 = 100;
/// How often an idle HTTP/2 connection is pinged.
pub const H2_PING_INTERVAL: Duration = Duration::from_secs(30);
/// An unanswered HTTP/2 ping closes the connection after this long.
pub const H2_PING_TIMEOUT: Duration = Duration::from_secs(10);
/// Access-log lines queued for the writer thread at most (`--access-log`). Past it (standard
/// output blocked or slower than the traffic), further lines are dropped and counted in
/// `consultancy_api_access_log_dropped_total`; a request never waits for the log.
pub const ACCESS_LOG_QUEUE: usize = 16 * 1024;
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
