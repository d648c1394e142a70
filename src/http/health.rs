//! `GET /healthz`: liveness and readiness in one answer, for load balancers, orchestrators and
//! `systemd` watchers.
//!
//! The process has nothing to wait for (no database, no files, no upstream), so it is ready as
//! soon as it answers: `200 {"status":"ok"}`. Once it has been told to stop (SIGTERM, SIGINT)
//! it answers `503 {"status":"draining"}` on the connections it still serves, so a balancer
//! that probes over a kept-alive connection takes it out of rotation. Health checks are not
//! rate-limited and carry no RateLimit headers; they are never cached.

use bytes::Bytes;
use http::StatusCode;

use crate::wire::Reply;
use crate::wire::reply::NO_STORE;

/// The body while serving.
pub const OK_BODY: &str = "{\"status\":\"ok\"}";
/// The body once stopping.
pub const DRAINING_BODY: &str = "{\"status\":\"draining\"}";

/// The answer, given whether the server is draining.
pub fn reply(draining: bool) -> Reply {
    if draining {
        Reply::json(
            StatusCode::SERVICE_UNAVAILABLE,
            Bytes::from_static(DRAINING_BODY.as_bytes()),
            NO_STORE,
        )
    } else {
        Reply::json(StatusCode::OK, Bytes::from_static(OK_BODY.as_bytes()), NO_STORE)
    }
}
