//! The authorization server: `POST /oauth/register` (RFC 7591) and `POST /oauth/token`
//! (RFC 6749, client credentials only). Errors use the RFC bodies, not the API Error shape,
//! because OAuth client libraries parse those.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use http::StatusCode;
use http::header::{self, HeaderMap, HeaderValue};
use serde_json::{Value, json};

use crate::auth::token;
use crate::auth::{Keys, client, scheme_and_credentials};
use crate::json::ReadError;
use crate::limits::{CLIENT_NAME_MAX_CHARS, TOKEN_LIFETIME_SECS};
use crate::model::{EXPORT_SCOPE, GRANT_TYPE as GRANT, TOKEN_AUTH_METHODS as AUTH_METHODS};
use crate::wire::Reply;
use crate::wire::form::{decode, parse_pairs};
use crate::wire::media::{self, is_json, media_type};
use crate::wire::reply::NO_STORE;

/// An OAuth error body (RFC 6749 section 5.2, RFC 7591 section 3.2.2).
pub fn oauth_error(status: StatusCode, error: &str, description: &str) -> Reply {
    let registration = error == "invalid_client_metadata";
    let description = describable(description, registration);
    let body = json!({ "error": error, "error_description": description }).to_string();
    Reply::json(status, body, NO_STORE).with(header::PRAGMA, HeaderValue::from_static("no-cache"))
}

/// Whether an `error_description` may hold `byte` as it is. RFC 6749 section 5.2 allows
/// `%x20-21 / %x23-5B / %x5D-7E` (printable ASCII but `"` and `\`); RFC 7591 section 3.2.2
/// asks a registration error for "ASCII text", which lets those two in.
fn describable_byte(byte: u8, registration: bool) -> bool {
    match byte {
        b'"' | b'\\' => registration,
        b' '..=b'~' => true,
        _ => false,
    }
}

/// `description` as an OAuth error may carry it: every byte the RFC keeps out (a `"`, a `\`,
/// a control character, or a byte of a character past ASCII, which the descriptions that quote
/// a request's value can hold) percent-encoded, `%22` or `%C3%A9`, so the value still reads as
/// what was sent. Descriptions without one (all but such quotes) are not copied.
fn describable(description: &str, registration: bool) -> std::borrow::Cow<'_, str> {
    crate::wire::form::encode_except(description, |byte| describable_byte(byte, registration))
}

/// A refusal of the OAuth endpoints that is not about OAuth itself (the body too large or too
/// slow, the method, the rate, the Host): the RFC body OAuth clients parse, with the HTTP
/// status of the service's error and its message. RFC 6749 names no code for these, so
/// `error` is `invalid_request`, and the service's stable code goes in `error_uri` (its
/// entry on the errors page).
pub fn refused(error: &crate::ops::Error) -> Reply {
    let status = StatusCode::from_u16(error.kind.status()).unwrap_or(StatusCode::BAD_REQUEST);
    let body = json!({
        "error": "invalid_request",
        "error_description": describable(&error.message, false),
        "error_uri": format!("{}/docs/errors/#{}", crate::tables::SITE_URL, error.code()),
    })
    .to_string();
    Reply::json(status, body, NO_STORE).with(header::PRAGMA, HeaderValue::from_static("no-cache"))
}

/// What a registration body is, ending every refusal of one that cannot be read.
const METADATA_EXAMPLE: &str =
    "a JSON object of client metadata, such as {\"client_name\": \"my-tool\"}";

fn metadata_error(description: &str) -> Reply {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_client_metadata", description)
}

/// Which OAuth endpoint a body is for: each refuses a body it cannot read as it refuses a wrong
/// `Content-Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Register,
    Token,
}

/// The one `Content-Type` of a body `endpoint` can read: no `Content-Encoding` but `identity`,
/// no `Transfer-Encoding` but `chunked`,
/// at most one `Content-Type` line, and no charset but UTF-8. Otherwise the refusal a wrong
/// `Content-Type` gets there (400 `invalid_client_metadata` or `invalid_request`), whose
/// description says what was wrong.
pub fn content_type(endpoint: Endpoint, headers: &HeaderMap) -> Result<Option<&str>, Box<Reply>> {
    let refuse = |error: crate::ops::Error| {
        Box::new(match endpoint {
            Endpoint::Register => metadata_error(&error.message),
            Endpoint::Token => invalid_request(&error.message),
        })
    };
    media::check_transfer_coding(headers.get_all(header::TRANSFER_ENCODING)).map_err(refuse)?;
    media::check_coding(headers.get_all(header::CONTENT_ENCODING)).map_err(refuse)?;
    let content_type =
        media::one_content_type(headers.get_all(header::CONTENT_TYPE)).map_err(refuse)?;
    if let Some(found) = content_type.filter(|ct| !media::charset_is_utf8(ct)) {
        return Err(refuse(crate::ops::Error::unsupported_charset(found)));
    }
    Ok(content_type)
}

/// `POST /oauth/register`.
pub fn register(keys: &Keys, content_type: Option<&str>, body: &[u8], now_ms: u64) -> Reply {
    // RFC 7591 section 3: the metadata is JSON, so here a missing Content-Type is an error.
    if !content_type.is_some_and(is_json) {
        return metadata_error(
            "send the client metadata as JSON with Content-Type: application/json",
        );
    }
    let metadata = match crate::json::read(body) {
        Ok(Value::Object(metadata)) => metadata,
        // Which of two `redirect_uris` or `client_name` was meant is not ours to guess.
        Err(ReadError::Duplicate(duplicate)) => {
            return metadata_error(&format!(
                "the client metadata is ambiguous: {}; send each member once",
                crate::ops::error::repeated_member(&duplicate)
            ));
        }
        Err(ReadError::ByteOrderMark) => {
            return metadata_error(&format!("the body {}", crate::json::BYTE_ORDER_MARK_PROBLEM));
        }
        // Text that is not JSON (a trailing comma, a cut-off body, a lone surrogate) or is past
        // what the parser reads is told so, with where, in the words every other body-reading
        // surface uses; it was "must be a JSON object" of a body that is one, nearly.
        Err(ReadError::Syntax(_)) if body.iter().all(u8::is_ascii_whitespace) => {
            return metadata_error(&format!("the body is empty; send {METADATA_EXAMPLE}"));
        }
        Err(ReadError::Syntax(error)) => {
            let problem = crate::ops::Error::unreadable_json(ReadError::Syntax(error));
            return metadata_error(&format!("{}; send {METADATA_EXAMPLE}", problem.message));
        }
        Ok(_) => return metadata_error(&format!("the body must be {METADATA_EXAMPLE}")),
    };
    let client_name = match metadata.get("client_name") {
        None => None,
        Some(Value::String(name)) if name.chars().count() <= CLIENT_NAME_MAX_CHARS => {
            Some(name.clone())
        }
        Some(_) => {
            return metadata_error(&format!(
                "client_name must be a string of at most {CLIENT_NAME_MAX_CHARS} characters"
            ));
        }
    };
    if let Some(grants) = metadata.get("grant_types") {
        let only_ours =
            grants.as_array().is_some_and(|g| g.iter().all(|v| v.as_str() == Some(GRANT)));
        if !only_ours {
            return metadata_error(&format!("grant_types may only contain {GRANT}"));
        }
    }
    let auth_method = match metadata.get("token_endpoint_auth_method") {
        None => AUTH_METHODS[0],
        Some(Value::String(method)) => match AUTH_METHODS.iter().find(|m| **m == method) {
            Some(method) => *method,
            None => {
                return metadata_error(&format!(
                    "token_endpoint_auth_method must be {} or {}",
                    AUTH_METHODS[0], AUTH_METHODS[1]
                ));
            }
        },
        Some(_) => return metadata_error("token_endpoint_auth_method must be a string"),
    };
    if let Some(scope) = metadata.get("scope")
        && scope.as_str().is_none_or(|s| s.split(' ').any(|t| t != EXPORT_SCOPE))
    {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_client_metadata",
            &format!("scope may only be {EXPORT_SCOPE}"),
        );
    }
    let client_id = match client::new_client_id() {
        Ok(id) => id,
        Err(_) => {
            return oauth_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "temporarily_unavailable",
                "try again",
            );
        }
    };
    let secret = client::secret_for(keys, &client_id);
    let mut response = json!({
        "client_id": client_id,
        "client_secret": secret,
        "client_id_issued_at": now_ms / 1000,
        "client_secret_expires_at": 0,
    });
    if let Some(name) = client_name {
        response["client_name"] = json!(name);
    }
    response["grant_types"] = json!([GRANT]);
    response["response_types"] = json!([]);
    response["token_endpoint_auth_method"] = json!(auth_method);
    response["scope"] = json!(EXPORT_SCOPE);
    Reply::json(StatusCode::CREATED, response.to_string(), NO_STORE)
        .with(header::PRAGMA, HeaderValue::from_static("no-cache"))
}

/// Client credentials from an HTTP Basic header, decoded per RFC 6749 section 2.3.1.
fn basic_credentials(authorization: &HeaderValue) -> Option<(String, String)> {
    let (scheme, encoded) = scheme_and_credentials(authorization.as_bytes())?;
    if !scheme.eq_ignore_ascii_case(b"basic") {
        return None;
    }
    let decoded = STANDARD.decode(encoded).ok()?;
    let decoded = String::from_utf8(decoded).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    Some((decode(id).ok()?.into_owned(), decode(secret).ok()?.into_owned()))
}

/// The challenge of every `invalid_client` 401. RFC 9110 section 15.5.2: a 401 MUST carry at
/// least one challenge, so it is sent whether the client tried Basic, form fields or nothing;
/// RFC 6749 section 5.2: when the client tried the Authorization header, the challenge is its
/// scheme, and Basic is the only one the token endpoint takes there.
const BASIC_CHALLENGE: &str = "Basic realm=\"oauth\", charset=\"UTF-8\"";

fn invalid_client(description: &str) -> Reply {
    oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", description)
        .with(header::WWW_AUTHENTICATE, HeaderValue::from_static(BASIC_CHALLENGE))
}

/// Whether an `Authorization` value is an attempt at Basic: its scheme is `Basic` (any case),
/// with credentials after it (past a space or a tab) or none at all (`Authorization: Basic`).
fn is_basic(authorization: &HeaderValue) -> bool {
    let value = authorization.as_bytes().trim_ascii_start();
    let scheme = value.split(|&b| b == b' ' || b == b'\t').next().unwrap_or_default();
    scheme.eq_ignore_ascii_case(b"basic")
}

fn invalid_request(description: &str) -> Reply {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_request", description)
}

/// The token's audience for the RFC 8707 `resource` values sent: the API's base when none is
/// sent; the resource itself when every value names one resource of this API (the base, with
/// or without its trailing slash, or the export `<api>/v1/export`, the `resource` of its RFC
/// 9728 metadata); the base, which holds both, when they name both. A value that is no
/// absolute URI, has a fragment, or names anything else is `invalid_target` (RFC 8707 section
/// 2), as a demanding client expects: a token it asked for elsewhere must not be issued for
/// here. Scheme and host are compared in any case (RFC 3986 section 6.2.2.1).
fn audience(parties: token::Parties<'_>, resources: &[String]) -> Result<String, Box<Reply>> {
    let base = parties.audience;
    let export = format!("{base}{}", token::EXPORT_RESOURCE_PATH);
    let mut named: Option<String> = None;
    for resource in resources {
        let shown = crate::ops::error::truncate(resource);
        let scheme = resource.split_once(':').map(|(scheme, _)| scheme).unwrap_or_default();
        let absolute = scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !absolute {
            return Err(Box::new(invalid_target(&format!(
                "resource `{shown}` is not an absolute URI (RFC 8707 section 2); send {export}"
            ))));
        }
        if resource.contains('#') {
            return Err(Box::new(invalid_target(&format!(
                "resource `{shown}` has a fragment, which a resource indicator must not (RFC 8707 section 2); send {export}"
            ))));
        }
        let lowered = crate::ops::content::lowercase_origin(resource);
        let this = if lowered == base || lowered.strip_suffix('/') == Some(base) {
            base.to_string()
        } else if lowered == export {
            export.clone()
        } else {
            return Err(Box::new(invalid_target(&format!(
                "resource `{shown}` is not served here: tokens of this server are for {base}, whose one protected resource is {export} (its metadata: {base}/.well-known/oauth-protected-resource/v1/export)"
            ))));
        };
        named = Some(match named {
            Some(before) if before != this => base.to_string(),
            _ => this,
        });
    }
    Ok(named.unwrap_or_else(|| base.to_string()))
}

fn invalid_target(description: &str) -> Reply {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_target", description)
}

/// `POST /oauth/token`.
pub fn token(
    keys: &Keys,
    parties: token::Parties<'_>,
    content_type: Option<&str>,
    authorization: Option<&HeaderValue>,
    body: &[u8],
    now_ms: u64,
) -> Reply {
    let form = content_type
        .is_some_and(|ct| media_type(ct).eq_ignore_ascii_case("application/x-www-form-urlencoded"));
    if !form {
        return invalid_request("send the parameters as application/x-www-form-urlencoded");
    }
    let Ok(text) = std::str::from_utf8(body) else {
        return invalid_request("the body is not UTF-8");
    };
    let Ok(pairs) = parse_pairs(text) else {
        return invalid_request("the body has an invalid percent-encoding");
    };
    let mut fields: [Option<String>; 4] = Default::default();
    // Section 3.2: a parameter must not repeat, empty or not (`client_id=&client_id=x`
    // repeats client_id even though the empty one counts as omitted).
    let mut seen = [false; 4];
    // RFC 8707 section 2: `resource` may be sent more than once, one target each.
    let mut resources: Vec<String> = Vec::new();
    for (name, value) in pairs {
        let slot = match &*name {
            "grant_type" => 0,
            "scope" => 1,
            "client_id" => 2,
            "client_secret" => 3,
            "resource" => {
                if !value.is_empty() {
                    resources.push(value.into_owned());
                }
                continue;
            }
            // RFC 6749 section 3.2: unrecognised parameters are ignored.
            _ => continue,
        };
        if std::mem::replace(&mut seen[slot], true) {
            return invalid_request(&format!("parameter {name} is repeated"));
        }
        // Section 3.2: a parameter sent without a value is treated as omitted.
        fields[slot] = Some(value.into_owned()).filter(|v| !v.is_empty());
    }
    let [grant_type, scope, form_id, form_secret] = fields;
    // Said where it is looked for: a client that put it in the query string (as some do for a
    // GET-style call) was told "grant_type is missing" of a request that names it.
    let Some(grant_type) = grant_type else {
        return invalid_request(
            "grant_type is missing from the form body: send grant_type=client_credentials in the \
             application/x-www-form-urlencoded body (RFC 6749 section 4.4.2); the token endpoint \
             reads no query parameters",
        );
    };
    if grant_type != GRANT {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            &format!("the only grant type is {GRANT}"),
        );
    }
    let basic = authorization.filter(|v| is_basic(v));
    let (client_id, secret) = match (basic, form_id, form_secret) {
        (Some(_), _, Some(_)) => {
            return invalid_request(
                "use one client authentication method: HTTP Basic or form fields, not both",
            );
        }
        // A `client_id` beside Basic is no second method: it authenticates nothing, and RFC
        // 6749 section 3.2.1 lets a client name itself with it (clients sending it beside Basic,
        // as requests-oauthlib's `fetch_token(include_client_id=True)` does, were refused). It
        // must name the client Basic authenticates, or which client is meant is unclear.
        (Some(header), form_id, None) => match basic_credentials(header) {
            Some((id, secret)) => {
                if form_id.is_some_and(|form_id| form_id != id) {
                    return invalid_request(
                        "client_id names another client than the HTTP Basic credentials; send it once, or the same",
                    );
                }
                (id, secret)
            }
            None => {
                return invalid_client(
                    "the Basic credentials are missing or malformed: send base64 of client_id:client_secret",
                );
            }
        },
        (None, Some(id), Some(secret)) => (id, secret),
        // RFC 6749 section 5.2 names "no client authentication included" as its own case.
        (None, None, None) => {
            return invalid_client(
                "no client authentication was included: send client_id and client_secret by HTTP Basic or as form fields",
            );
        }
        (None, Some(_), None) => return invalid_client("client_secret is missing"),
        (None, None, Some(_)) => return invalid_client("client_id is missing"),
    };
    if !client::verify(keys, &client_id, &secret) {
        return invalid_client("unknown client or wrong secret");
    }
    if let Some(scope) = scope
        && scope.split(' ').filter(|s| !s.is_empty()).any(|s| s != EXPORT_SCOPE)
    {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_scope",
            &format!("the only scope is {EXPORT_SCOPE}"),
        );
    }
    // After the client is known: an unknown client learns nothing about the resources.
    let audience = match audience(parties, &resources) {
        Ok(audience) => audience,
        Err(reply) => return *reply,
    };
    let access_token = token::issue_for(keys, parties, &audience, &client_id, now_ms / 1000);
    let body = json!({
        "access_token": access_token,
        "token_type": "Bearer",
        "expires_in": TOKEN_LIFETIME_SECS,
        "scope": EXPORT_SCOPE,
    });
    Reply::json(StatusCode::OK, body.to_string(), NO_STORE)
        .with(header::PRAGMA, HeaderValue::from_static("no-cache"))
}
