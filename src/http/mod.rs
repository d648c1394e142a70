//! The HTTP service: one function that reads top to bottom.
//!
//! rate limit → CORS preflight → route → handler → common headers. Endpoints:
//!
//! | route | purpose |
//! |---|---|
//! | fixed GET routes (`tables::FIXED`) | /v1 index, lists, items, categories, assessment, contact, /openapi.json, OAuth metadata, HTML pages, markdown twins |
//! | `GET /v1/resources` | guide search and paging |
//! | `POST /v1/ai-readiness/score` | readiness scoring |
//! | `POST /v1/batch` | up to 20 GETs in one call |
//! | `GET /v1/export` | bulk export, bearer token |
//! | `POST /oauth/register`, `POST /oauth/token` | stateless client credentials |
//! | `GET /search/` | the website's search results page (`site`, `web::search_page`) |

pub mod cors;
pub mod negotiate;
pub mod query;
pub mod respond;
pub mod route;
pub mod server;
pub mod site;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Body;

use crate::api;
use crate::auth::Keys;
use crate::clock::Clock;
use crate::error::ApiError;
use crate::limits::rate::RateLimiter;
use crate::limits::{self, idempotency};
use crate::model::{Deprecation, FixedResponse};
use respond::{Context, Reply, finish};
use route::Route;

/// Everything a request may need, shared by all connections.
#[derive(Debug)]
pub struct App {
    pub limiter: RateLimiter,
    pub keys: Keys,
    pub clock: Arc<dyn Clock>,
    /// Take the client address from the rightmost `X-Forwarded-For` entry.
    pub trust_proxy: bool,
    /// Time allowed for a request body.
    pub body_timeout: Duration,
    /// Deprecation headers for `/v1` responses; the build's `tables::DEPRECATION` by default.
    pub deprecation: Option<Deprecation>,
    rate_policy: HeaderValue,
}

impl App {
    pub fn new(limit: u32, keys: Keys, clock: Arc<dyn Clock>, trust_proxy: bool) -> App {
        App::with_limiter(RateLimiter::new(limit), keys, clock, trust_proxy)
    }

    pub fn with_limiter(
        limiter: RateLimiter,
        keys: Keys,
        clock: Arc<dyn Clock>,
        trust_proxy: bool,
    ) -> App {
        let policy = format!("\"ip\";q={};w={}", limiter.limit(), limits::RATE_WINDOW_MS / 1000);
        App {
            rate_policy: HeaderValue::from_str(&policy)
                .unwrap_or_else(|_| HeaderValue::from_static("\"ip\"")),
            limiter,
            keys,
            clock,
            trust_proxy,
            body_timeout: limits::BODY_READ_TIMEOUT,
            deprecation: crate::tables::DEPRECATION,
        }
    }

    /// The client address the rate limit applies to.
    pub fn client_ip(&self, headers: &HeaderMap, peer: IpAddr) -> IpAddr {
        if !self.trust_proxy {
            return peer;
        }
        let rightmost = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .last()
            .and_then(|entry| entry.trim().parse::<IpAddr>().ok());
        rightmost.unwrap_or(peer)
    }

    /// Handles one request from `peer`.
    pub async fn handle<B>(&self, request: Request<B>, peer: IpAddr) -> Response<Full<Bytes>>
    where
        B: Body<Data = Bytes>,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let now_ms = self.clock.now_ms();
        let rate = self.limiter.check(self.client_ip(request.headers(), peer), now_ms);
        let deprecation =
            crate::tables::DEPRECATION.as_ref().filter(|_| is_v1(request.uri().path()));
        let mut idempotency_key = None;
        let reply = if rate.allowed {
            let (parts, body) = request.into_parts();
            let key_header = parts.headers.get_all("idempotency-key");
            match self.dispatch(&parts, body, now_ms, key_header.iter().collect()).await {
                Ok((reply, key)) => {
                    idempotency_key = key;
                    reply
                }
                Err(error) => {
                    site::error_reply(&error, &parts.method, parts.uri.path(), &parts.headers)
                }
            }
        } else {
            Reply::error(&ApiError::rate_limited(rate.reset_secs))
                .with(header::RETRY_AFTER, HeaderValue::from(rate.reset_secs))
        };
        let context = Context {
            rate,
            rate_policy: &self.rate_policy,
            idempotency_key: idempotency_key.as_deref(),
            deprecation,
        };
        finish(reply, &context)
    }

    async fn dispatch<B>(
        &self,
        parts: &http::request::Parts,
        body: B,
        now_ms: u64,
        idempotency_keys: Vec<&HeaderValue>,
    ) -> Result<(Reply, Option<String>), ApiError>
    where
        B: Body<Data = Bytes>,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let route = Route::parse(parts.uri.path());
        let method = &parts.method;
        if method == Method::OPTIONS {
            // `OPTIONS *` asks about the server as a whole (RFC 9110 section 9.3.7).
            if parts.uri.path() == "*" {
                return Ok((cors::preflight(route::ALLOW_ANY), None));
            }
            return match route.allow() {
                Some(allow) => Ok((cors::preflight(allow), None)),
                None => Err(route_error(&route, parts.uri.path())
                    .unwrap_or_else(|| ApiError::not_found(parts.uri.path()))),
            };
        }
        if let Some(error) = route_error(&route, parts.uri.path()) {
            return Err(error);
        }
        if let Route::Redirect(location) = &route {
            let location = match parts.uri.query() {
                Some(query) => format!("{location}?{query}"),
                None => location.clone(),
            };
            let value = HeaderValue::from_str(&location)
                .map_err(|_| ApiError::invalid_path("the path cannot be redirected"))?;
            return Ok((
                Reply::empty(StatusCode::PERMANENT_REDIRECT).with(header::LOCATION, value),
                None,
            ));
        }
        let allow = route.allow().unwrap_or(route::ALLOW_GET);
        let is_get = method == Method::GET || method == Method::HEAD;
        let is_post = method == Method::POST;
        match &route {
            Route::Fixed(_) | Route::Resources | Route::Export | Route::SearchPage if is_get => {
                Ok((self.get(&route, parts, now_ms), None))
            }
            Route::Score | Route::Batch if is_post => {
                let key = idempotency_key(&idempotency_keys)?;
                let content_type =
                    parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
                if let Some(found) = content_type.filter(|ct| !is_json(ct)) {
                    return Err(ApiError::unsupported_media_type(found));
                }
                let reply = if route == Route::Score {
                    let body = self.read_body(parts, body, limits::SCORE_BODY_MAX).await?;
                    api::assessment::score(&body)?
                } else {
                    let body = self.read_body(parts, body, limits::BATCH_BODY_MAX).await?;
                    api::batch::run(&body, |path, route, query| {
                        self.get_route(path, route, query, None, now_ms)
                    })?
                };
                Ok((reply, key))
            }
            Route::Register | Route::Token if is_post => {
                let body = self.read_body(parts, body, limits::OAUTH_BODY_MAX).await?;
                let content_type =
                    parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
                let reply = if route == Route::Register {
                    api::oauth::register(&self.keys, content_type, &body, now_ms)
                } else {
                    let authorization = parts.headers.get(header::AUTHORIZATION);
                    api::oauth::token(
                        &self.keys,
                        api::export::parties(),
                        content_type,
                        authorization,
                        &body,
                        now_ms,
                    )
                };
                Ok((reply, None))
            }
            _ => {
                let error = ApiError::method_not_allowed(method.as_str(), allow);
                Ok((
                    Reply::error(&error).with(header::ALLOW, HeaderValue::from_static(allow)),
                    None,
                ))
            }
        }
    }

    /// A GET on a GET-able route, as a direct request sees it.
    fn get(&self, route: &Route, parts: &http::request::Parts, now_ms: u64) -> Reply {
        if let Route::Fixed(fixed) = route {
            // A page and its markdown twin share a URL; the validator is the chosen one's.
            let chosen = site::representation(parts.uri.path(), fixed, &parts.headers);
            return chosen.decorate(
                if matches_etag(parts.headers.get(header::IF_NONE_MATCH), chosen.fixed) {
                    not_modified(chosen.fixed)
                } else {
                    Reply::fixed(chosen.fixed)
                },
            );
        }
        self.get_route(
            parts.uri.path(),
            route,
            parts.uri.query(),
            parts.headers.get(header::AUTHORIZATION),
            now_ms,
        )
    }

    /// The GET dispatcher shared by direct requests and batch items.
    pub fn get_route(
        &self,
        path: &str,
        route: &Route,
        query: Option<&str>,
        authorization: Option<&HeaderValue>,
        now_ms: u64,
    ) -> Reply {
        match route {
            Route::Fixed(fixed) => Reply::fixed(fixed),
            Route::Resources => {
                api::resources::get(query).unwrap_or_else(|error| Reply::error(&error))
            }
            Route::Export => api::export::get(&self.keys, authorization, now_ms),
            Route::SearchPage => site::search(query),
            other => {
                Reply::error(&route_error(other, path).unwrap_or_else(|| ApiError::not_found(path)))
            }
        }
    }

    async fn read_body<B>(
        &self,
        parts: &http::request::Parts,
        body: B,
        max: usize,
    ) -> Result<Bytes, ApiError>
    where
        B: Body<Data = Bytes>,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let declared = parts
            .headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|len| len > max as u64) {
            return Err(ApiError::payload_too_large(max));
        }
        match tokio::time::timeout(self.body_timeout, Limited::new(body, max).collect()).await {
            Err(_) => Err(ApiError::request_timeout()),
            Ok(Err(error))
                if error.downcast_ref::<http_body_util::LengthLimitError>().is_some() =>
            {
                Err(ApiError::payload_too_large(max))
            }
            Ok(Err(_)) => Err(ApiError::invalid_body("the request body could not be read")),
            Ok(Ok(collected)) => Ok(collected.to_bytes()),
        }
    }
}

/// The error a non-dispatchable route answers with, if any.
fn route_error(route: &Route, path: &str) -> Option<ApiError> {
    Some(match route {
        Route::NotFound => ApiError::not_found(path),
        Route::InvalidPath(why) => ApiError::invalid_path(why),
        Route::InvalidSlug(slug) => ApiError::invalid_slug(slug),
        Route::ServiceNotFound(slug) => ApiError::service_not_found(slug),
        Route::CaseStudyNotFound(slug) => ApiError::case_study_not_found(slug),
        _ => return None,
    })
}

fn is_v1(path: &str) -> bool {
    path == "/v1" || path.starts_with("/v1/")
}

/// The media type of a `Content-Type` value, without parameters (`type/subtype`).
pub fn media_type(content_type: &str) -> &str {
    content_type.split(';').next().unwrap_or("").trim()
}

/// JSON media types: `application/json` and any `+json` suffix, parameters ignored.
pub fn is_json(content_type: &str) -> bool {
    let essence = media_type(content_type);
    essence.eq_ignore_ascii_case("application/json")
        || essence.len() > 5 && essence[essence.len() - 5..].eq_ignore_ascii_case("+json")
}

/// The validated Idempotency-Key, if one was sent; a malformed or repeated one is 400.
fn idempotency_key(values: &[&HeaderValue]) -> Result<Option<String>, ApiError> {
    match values {
        [] => Ok(None),
        [value] => idempotency::parse_key(value.as_bytes())
            .map(|key| Some(key.to_string()))
            .ok_or_else(ApiError::invalid_idempotency_key),
        _ => Err(ApiError::invalid_idempotency_key()),
    }
}

/// RFC 9110 weak comparison of `If-None-Match` against a fixed response's ETag.
fn matches_etag(if_none_match: Option<&HeaderValue>, fixed: &FixedResponse) -> bool {
    let Some(value) = if_none_match.and_then(|v| v.to_str().ok()) else { return false };
    value
        .split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == fixed.etag)
}

fn not_modified(fixed: &'static FixedResponse) -> Reply {
    let mut reply = Reply::empty(StatusCode::NOT_MODIFIED);
    reply.etag = Some(fixed.etag);
    reply.cache_control = fixed.cache_control;
    reply
}
