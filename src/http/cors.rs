//! CORS: open to every origin, never with credentials. Every response (errors, 304s and 429s
//! included) carries `Access-Control-Allow-Origin: *` and the headers a browser may read;
//! preflights answer with the route's methods and the request headers its clients send. The
//! header lists depend on the route's profile (`route::CorsProfile`), since agent surfaces send
//! and read headers of their own.

use http::header::{self, HeaderValue};
use http::{HeaderMap, StatusCode};

use crate::route::CorsProfile;
use crate::wire::Reply;

/// Response headers a browser client of the JSON API must be able to read (`Allow`: the
/// methods a 405 lists, which the error table promises; every profile exposes it).
pub const API_EXPOSE_HEADERS: &str = "ETag, RateLimit, RateLimit-Policy, Retry-After, Idempotency-Key, Idempotency-Status, \
WWW-Authenticate, X-Sandbox, Deprecation, Sunset, Link, Location, Allow";
/// Request headers API clients send. `Authorization` must be named: `*` never covers it.
pub const API_ALLOW_HEADERS: &str =
    "Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, Accept";
/// Response headers a browser MCP client must be able to read. `Mcp-Session-Id` is never sent
/// (the servers are stateless) but listed, as MCP clients look for it.
pub const MCP_EXPOSE_HEADERS: &str = "Mcp-Session-Id, MCP-Protocol-Version, RateLimit, RateLimit-Policy, Retry-After, X-Sandbox, Allow";
/// Request headers MCP clients send: the 2026-07-28 routing headers, and the legacy session
/// and resumption headers (ignored here, but allowed so a legacy browser client's preflight
/// passes). `Mcp-Param-*` headers cannot be listed in advance; no tool declares one.
pub const MCP_ALLOW_HEADERS: &str = "Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, \
Mcp-Session-Id, Last-Event-ID";
/// Response headers a browser client of `/ask` reads.
pub const ASK_EXPOSE_HEADERS: &str =
    "RateLimit, RateLimit-Policy, Retry-After, X-Sandbox, Vary, Allow";
/// Request headers `/ask` clients send: `Last-Event-ID` is what an `EventSource` sends when it
/// reconnects, to resume the stream.
pub const ASK_ALLOW_HEADERS: &str = "Content-Type, Accept, Last-Event-ID, Cache-Control";
/// Response headers a browser A2A client reads.
pub const A2A_EXPOSE_HEADERS: &str =
    "A2A-Version, A2A-Extensions, RateLimit, RateLimit-Policy, Retry-After, X-Sandbox, Allow";
/// Request headers A2A clients send: the service parameters (`A2A-Version`, `A2A-Extensions`
/// and its 0.3 name `X-A2A-Extensions`), `Authorization` (an SDK may add it; the agent is
/// keyless and ignores it), and what their SSE readers add.
pub const A2A_ALLOW_HEADERS: &str = "Content-Type, Accept, A2A-Version, A2A-Extensions, X-A2A-Extensions, \
Authorization, Last-Event-ID, Cache-Control";
/// How long a browser may cache a preflight (Chromium caps this at 7200).
pub const MAX_AGE: &str = "7200";

/// The request headers a preflight allows and the response headers a browser may read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub allow_headers: &'static str,
    pub expose_headers: &'static str,
}

/// The header lists of a profile.
pub const fn policy(profile: CorsProfile) -> Policy {
    match profile {
        CorsProfile::Api => {
            Policy { allow_headers: API_ALLOW_HEADERS, expose_headers: API_EXPOSE_HEADERS }
        }
        CorsProfile::Mcp => {
            Policy { allow_headers: MCP_ALLOW_HEADERS, expose_headers: MCP_EXPOSE_HEADERS }
        }
        CorsProfile::Ask => {
            Policy { allow_headers: ASK_ALLOW_HEADERS, expose_headers: ASK_EXPOSE_HEADERS }
        }
        CorsProfile::A2a => {
            Policy { allow_headers: A2A_ALLOW_HEADERS, expose_headers: A2A_EXPOSE_HEADERS }
        }
    }
}

/// The `Access-Control-Expose-Headers` value of each profile, checked once at compile time
/// (`from_static` at run time would check its 150 bytes on every response).
const EXPOSE: [HeaderValue; 4] = [
    HeaderValue::from_static(API_EXPOSE_HEADERS),
    HeaderValue::from_static(MCP_EXPOSE_HEADERS),
    HeaderValue::from_static(ASK_EXPOSE_HEADERS),
    HeaderValue::from_static(A2A_EXPOSE_HEADERS),
];

pub fn add_response_headers(headers: &mut HeaderMap, profile: CorsProfile) {
    const ANY: HeaderValue = HeaderValue::from_static("*");
    let [api, mcp, ask, a2a] = EXPOSE;
    let expose = match profile {
        CorsProfile::Api => api,
        CorsProfile::Mcp => mcp,
        CorsProfile::Ask => ask,
        CorsProfile::A2a => a2a,
    };
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, ANY);
    headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, expose);
}

/// The answer to `OPTIONS` on a route that allows `allow`.
pub fn preflight(allow: &'static str, profile: CorsProfile) -> Reply {
    Reply::empty(StatusCode::NO_CONTENT)
        .with(header::ALLOW, HeaderValue::from_static(allow))
        .with(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static(allow))
        .with(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static(policy(profile).allow_headers),
        )
        .with(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static(MAX_AGE))
}
