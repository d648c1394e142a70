//! OAuth 2.0 client credentials and the export: the whole flow driven by the `oauth2` client
//! library, the RFC error cases, and every way a token must be refused.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use consultancy_api::auth::token::{self, Claims, HEADER};
use consultancy_api::auth::{KeySet, Keys, parse_hex_key};
use consultancy_api::tables::{API_BASE, AUTH_URL};
use oauth2::basic::BasicClient;
use oauth2::{AuthType, ClientId, ClientSecret, Scope, TokenResponse, TokenUrl};
use serde_json::Value;

use crate::support::{Checked, Setup, TEST_KEY, TestServer, start, start_with};

const OTHER_KEY: &str = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100";

async fn register(server: &TestServer) -> (String, String) {
    let response =
        server.post_json("/oauth/register", r#"{"client_name":"integration test"}"#).await;
    let json = response.conforms("POST", "/oauth/register", 201);
    assert_eq!(response.header("cache-control"), Some("no-store"));
    assert_eq!(json["client_secret_expires_at"], 0);
    assert_eq!(json["grant_types"], serde_json::json!(["client_credentials"]));
    (
        json["client_id"].as_str().expect("id").to_string(),
        json["client_secret"].as_str().expect("secret").to_string(),
    )
}

async fn token_with_library(
    server: &TestServer,
    id: &str,
    secret: &str,
    auth_type: AuthType,
) -> Result<String, String> {
    let client = BasicClient::new(ClientId::new(id.to_string()))
        .set_client_secret(ClientSecret::new(secret.to_string()))
        .set_token_uri(TokenUrl::new(server.url("/oauth/token")).expect("token URL"))
        .set_auth_type(auth_type);
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    client
        .exchange_client_credentials()
        .add_scope(Scope::new("export".to_string()))
        .request_async(&http)
        .await
        .map(|token| {
            assert_eq!(token.expires_in().map(|d| d.as_secs()), Some(3600));
            assert_eq!(token.scopes().map(|s| s[0].to_string()), Some("export".to_string()));
            token.access_token().secret().to_string()
        })
        .map_err(|error| format!("{error:?}"))
}

async fn export(server: &TestServer, token: &str) -> Checked {
    let response =
        server.client.get(server.url("/v1/export")).bearer_auth(token).send().await.expect("GET");
    Checked::read(response).await
}

#[tokio::test]
async fn the_client_library_drives_the_whole_flow() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    for auth_type in [AuthType::BasicAuth, AuthType::RequestBody] {
        let token = token_with_library(&server, &id, &secret, auth_type).await.expect("token");
        let response = export(&server, &token).await;
        let json = response.conforms("GET", "/v1/export", 200);
        assert_eq!(response.header("cache-control"), Some("private, max-age=3600"));
        assert_eq!(json["client"], id.as_str());
        let exported_at = json["exportedAt"].as_str().expect("exportedAt");
        assert!(
            exported_at.ends_with('Z') && exported_at.len() == 20,
            "RFC 3339 UTC: {exported_at}"
        );
        // Everything else is identical to the list endpoints.
        assert_eq!(json["services"], server.get("/v1/services").await.json()["services"]);
        assert_eq!(json["industries"], server.get("/v1/industries").await.json()["industries"]);
        assert_eq!(json["caseStudies"], server.get("/v1/case-studies").await.json()["caseStudies"]);
        assert_eq!(json["assessment"], server.get("/v1/ai-readiness/questions").await.json());
        assert_eq!(json["contact"], server.get("/v1/contact").await.json());
        assert_eq!(json["resources"].as_array().map(Vec::len), Some(169));
    }
}

#[tokio::test]
async fn discovery_documents_point_at_each_other() {
    let server = start().await;
    let resource = server.get("/.well-known/oauth-protected-resource").await.json();
    let authorization = server.get("/.well-known/oauth-authorization-server").await.json();
    assert_eq!(resource["resource"], format!("{API_BASE}/v1/export"));
    // RFC 9728 section 3.1: the resource's own metadata address, the well-known path with the
    // resource's path appended, serves the same document.
    let resource_url = resource["resource"].as_str().expect("resource");
    let resource_path = resource_url.strip_prefix(API_BASE).expect("on the API's origin");
    let path_inserted = format!("/.well-known/oauth-protected-resource{resource_path}");
    let inserted = server.get(&path_inserted).await;
    assert_eq!(inserted.json(), resource);
    inserted.conforms("GET", &path_inserted, 200);
    assert_eq!(resource["authorization_servers"][0], authorization["issuer"]);
    assert_eq!(authorization["issuer"], AUTH_URL);
    assert_eq!(authorization["token_endpoint"], format!("{AUTH_URL}/oauth/token"));
    assert_eq!(authorization["registration_endpoint"], format!("{AUTH_URL}/oauth/register"));
    assert_eq!(authorization["grant_types_supported"], serde_json::json!(["client_credentials"]));
    let challenge = server.get("/v1/export").await;
    challenge.error("GET", "/v1/export", 401, "missing_token");
    assert_eq!(
        challenge.header("www-authenticate"),
        Some(
            format!("Bearer resource_metadata=\"{AUTH_URL}/.well-known/oauth-protected-resource\"")
                .as_str()
        ),
        "no error parameter when no token was sent"
    );
}

async fn token_request(
    server: &TestServer,
    basic: Option<(&str, &str)>,
    content_type: &str,
    body: &str,
) -> Checked {
    let mut request = server
        .client
        .post(server.url("/oauth/token"))
        .header("content-type", content_type)
        .body(body.to_string());
    if let Some((id, secret)) = basic {
        request = request.basic_auth(id, Some(secret));
    }
    Checked::read(request.send().await.expect("POST")).await
}

fn oauth_error(response: &Checked, status: u16, error: &str) {
    assert_eq!(response.status, status, "{}", response.text);
    assert_eq!(response.json()["error"], error, "{}", response.text);
    assert_eq!(response.header("cache-control"), Some("no-store"));
    assert_eq!(response.header("pragma"), Some("no-cache"));
    let description = response.json()["error_description"].as_str().unwrap_or_default().to_owned();
    assert!(rfc_6749_description(&description), "{description}");
    crate::support::validate("POST", "/oauth/token", status, &response.json());
}

#[tokio::test]
async fn token_endpoint_errors_follow_rfc_6749() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let form = "application/x-www-form-urlencoded";
    let grant = "grant_type=client_credentials";
    let basic = Some((id.as_str(), secret.as_str()));

    let wrong = token_request(&server, Some((id.as_str(), "wrong-secret")), form, grant).await;
    oauth_error(&wrong, 401, "invalid_client");
    const BASIC: &str = "Basic realm=\"oauth\", charset=\"UTF-8\"";
    assert_eq!(wrong.header("www-authenticate"), Some(BASIC));
    crate::support::headers_conform(&wrong, "POST", "/oauth/token");
    let unknown = token_request(
        &server,
        None,
        form,
        &format!("{grant}&client_id=lc_madeup&client_secret={secret}"),
    )
    .await;
    oauth_error(&unknown, 401, "invalid_client");
    // RFC 9110 section 15.5.2: every 401 carries a challenge, Basic or not.
    assert_eq!(unknown.header("www-authenticate"), Some(BASIC));
    assert_eq!(unknown.json()["error_description"], "unknown client or wrong secret");
    // RFC 6749 section 5.2: no client authentication at all is its own case.
    let none = token_request(&server, None, form, grant).await;
    oauth_error(&none, 401, "invalid_client");
    assert_eq!(none.header("www-authenticate"), Some(BASIC));
    let description = none.json()["error_description"].as_str().unwrap_or_default().to_owned();
    assert!(description.starts_with("no client authentication was included"), "{description}");
    let half = token_request(&server, None, form, &format!("{grant}&client_id={id}")).await;
    oauth_error(&half, 401, "invalid_client");
    assert_eq!(half.header("www-authenticate"), Some(BASIC));
    assert_eq!(half.json()["error_description"], "client_secret is missing");
    // `Authorization: Basic` with nothing after it is an attempt at Basic: its challenge.
    for authorization in ["Basic", "basic", "Basic !!!", "Basic bm9jb2xvbg=="] {
        let request = server
            .client
            .post(server.url("/oauth/token"))
            .header("content-type", form)
            .header("authorization", authorization)
            .body(grant);
        let bare = Checked::read(request.send().await.expect("POST")).await;
        oauth_error(&bare, 401, "invalid_client");
        assert_eq!(bare.header("www-authenticate"), Some(BASIC), "{authorization}");
        crate::support::headers_conform(&bare, "POST", "/oauth/token");
    }

    oauth_error(
        &token_request(&server, basic, form, "grant_type=password&username=a&password=b").await,
        400,
        "unsupported_grant_type",
    );
    oauth_error(
        &token_request(&server, basic, form, "grant_type=authorization_code&code=x").await,
        400,
        "unsupported_grant_type",
    );
    oauth_error(&token_request(&server, basic, form, "scope=export").await, 400, "invalid_request");
    oauth_error(
        &token_request(&server, basic, form, &format!("{grant}&{grant}")).await,
        400,
        "invalid_request",
    );
    oauth_error(
        &token_request(
            &server,
            basic,
            "application/json",
            r#"{"grant_type":"client_credentials"}"#,
        )
        .await,
        400,
        "invalid_request",
    );
    oauth_error(
        &token_request(
            &server,
            basic,
            form,
            &format!("{grant}&client_id={id}&client_secret={secret}"),
        )
        .await,
        400,
        "invalid_request",
    );
    // Basic and a secret in the body are two methods (section 2.3); a `client_id` beside Basic
    // only names the client, and is accepted when it names the one Basic authenticates (it was
    // invalid_request, "use one client authentication method").
    let named = token_request(&server, basic, form, &format!("{grant}&client_id={id}")).await;
    assert_eq!(named.status, 200, "{}", named.text);
    named.conforms("POST", "/oauth/token", 200);
    let (other, _) = register(&server).await;
    let misnamed = token_request(&server, basic, form, &format!("{grant}&client_id={other}")).await;
    oauth_error(&misnamed, 400, "invalid_request");
    let description = misnamed.json()["error_description"].as_str().unwrap_or_default().to_owned();
    assert!(description.starts_with("client_id names another client"), "{description}");
    oauth_error(
        &token_request(&server, basic, form, &format!("{grant}&client_secret={secret}")).await,
        400,
        "invalid_request",
    );
    oauth_error(
        &token_request(&server, basic, form, &format!("{grant}&scope=admin")).await,
        400,
        "invalid_scope",
    );
    oauth_error(
        &token_request(&server, basic, form, &format!("{grant}&scope=export%20admin")).await,
        400,
        "invalid_scope",
    );

    // Unknown parameters are ignored (RFC 6749 section 3.2); RFC 8707 `resource` naming
    // this API is honoured (a_resource_indicator_binds_the_token_or_is_an_invalid_target).
    let ok = token_request(
        &server,
        basic,
        form,
        &format!("{grant}&scope=export&resource={API_BASE}&audience=x&foo=bar"),
    )
    .await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.header("cache-control"), Some("no-store"));
    assert_eq!(ok.header("pragma"), Some("no-cache"));
    ok.conforms("POST", "/oauth/token", 200);
}

/// The documented `scope` of a token request and of a registration is exactly what the
/// endpoints accept: schemathesis sends values that break the schema and expects a 4xx, so a
/// schema stricter than the server (once `const: export`, while RFC 6749 section 3.1 makes
/// an empty `scope=` mean an omitted one) fails CI on whichever day it generates one.
#[tokio::test]
async fn the_documented_scopes_are_exactly_the_accepted_ones() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let form = "application/x-www-form-urlencoded";
    let values = [
        "",
        "export",
        " export",
        "export ",
        "export export",
        "  export  export ",
        "exports",
        "Export",
        "export,export",
        "read",
        "export\t",
        "export\u{a0}",
        "export admin",
        // Scopes run together are one unknown scope, not two `export`s.
        "exportexport",
        "export exportexport",
        " exportexport ",
        "   ",
    ];
    let mut accepted = 0;
    for value in values {
        let mut body = "grant_type=client_credentials&scope=".to_string();
        for byte in value.bytes() {
            body.push_str(&format!("%{byte:02X}"));
        }
        let response = token_request(&server, Some((&id, &secret)), form, &body).await;
        let documented = crate::support::matches_component(
            "TokenRequest",
            &serde_json::json!({"grant_type": "client_credentials", "scope": value}),
        );
        if documented {
            accepted += 1;
            assert_eq!(response.status, 200, "token scope {value:?}: {}", response.text);
        } else {
            oauth_error(&response, 400, "invalid_scope");
        }

        let metadata = serde_json::json!({"client_name": "scope test", "scope": value});
        let response = server.post_json("/oauth/register", &metadata.to_string()).await;
        let documented = crate::support::matches_component("ClientRegistrationRequest", &metadata);
        let expected = if documented { 201 } else { 400 };
        assert_eq!(response.status, expected, "registration scope {value:?}: {}", response.text);
    }
    assert_eq!(accepted, 7, "the sample holds seven documented token scopes");
}

#[tokio::test]
async fn registration_rejects_bad_metadata() {
    let server = start().await;
    for (content_type, body) in [
        ("text/plain", r#"{"client_name":"x"}"#),
        ("application/json", "not json"),
        ("application/json", "[]"),
        ("application/json", r#"{"client_name":42}"#),
        ("application/json", r#"{"grant_types":["authorization_code"]}"#),
        ("application/json", r#"{"token_endpoint_auth_method":"none"}"#),
        ("application/json", r#"{"scope":"admin"}"#),
    ] {
        let response = Checked::read(
            server
                .client
                .post(server.url("/oauth/register"))
                .header("content-type", content_type)
                .body(body)
                .send()
                .await
                .expect("POST"),
        )
        .await;
        assert_eq!(response.status, 400, "{body}");
        assert_eq!(response.json()["error"], "invalid_client_metadata");
        crate::support::validate("POST", "/oauth/register", 400, &response.json());
    }
}

/// A registration body that is not JSON is told what is wrong with it and where, in the words
/// every other body-reading surface uses; until 2026-12-04 a trailing comma, a body cut off, a
/// lone surrogate, a number past a double and nesting past 127 levels were all answered "the
/// body must be a JSON object of client metadata", of a body that is a JSON object, nearly.
#[tokio::test]
async fn registration_says_why_a_body_is_not_json() {
    let server = start().await;
    let deep = format!("{{\"client_name\":\"x\",\"a\":{}{}}}", "[".repeat(130), "]".repeat(130));
    for (body, says) in [
        (r#"{"client_name":"x",}"#, "not valid JSON: trailing comma at line 1 column 20"),
        (r#"{"client_name":"x""#, "not valid JSON: EOF while parsing an object"),
        (r#"{"client_name":"\ud800"}"#, "has a lone surrogate escape"),
        (r#"{"client_name":"x","n":1e400}"#, "has a number larger than this server reads"),
        (deep.as_str(), "nests arrays and objects more than 127 levels deep"),
        ("  ", "the body is empty; send a JSON object of client metadata"),
        ("[]", "the body must be a JSON object of client metadata"),
    ] {
        let response = server.post_json("/oauth/register", body).await;
        assert_eq!(response.status, 400, "{body}: {}", response.text);
        let json = response.json();
        assert_eq!(json["error"], "invalid_client_metadata", "{body}: {json}");
        let description = json["error_description"].as_str().unwrap_or_default();
        assert!(description.contains(says), "{body}: {description}");
        crate::support::validate("POST", "/oauth/register", 400, &json);
    }
}

/// The token endpoint reads its parameters from the form body only (RFC 6749 section 4.4.2), and
/// says so to a client that sent `grant_type` in the query string: it was told "grant_type is
/// missing" of a request whose URL names it.
#[tokio::test]
async fn a_grant_type_in_the_query_string_is_told_where_it_belongs() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let response = Checked::read(
        server
            .client
            .post(server.url("/oauth/token?grant_type=client_credentials"))
            .basic_auth(&id, Some(&secret))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("")
            .send()
            .await
            .expect("POST"),
    )
    .await;
    assert_eq!(response.status, 400, "{}", response.text);
    let json = response.json();
    assert_eq!(json["error"], "invalid_request", "{json}");
    let description = json["error_description"].as_str().unwrap_or_default();
    assert!(description.contains("missing from the form body"), "{description}");
    assert!(description.contains("reads no query parameters"), "{description}");
}

fn claims(now: u64) -> Claims {
    Claims {
        iss: AUTH_URL.to_string(),
        sub: "lc_test".into(),
        aud: API_BASE.to_string(),
        client_id: "lc_test".into(),
        scope: "export".into(),
        iat: now,
        exp: now + 3600,
        jti: "t".into(),
    }
}

#[tokio::test]
async fn every_bad_token_is_refused_with_invalid_token() {
    let server = start_with(Setup { manual_clock: true, ..Setup::default() }).await;
    let clock = server.clock.clone().expect("manual clock");
    let now = 1_800_000_000;
    let key = parse_hex_key("test", TEST_KEY).expect("key");
    let ours = KeySet::derive(&key);
    let good = token::encode_claims(&ours, &claims(now));
    assert_eq!(export(&server, &good).await.status, 200, "the control token is accepted");

    let flavour = if cfg!(feature = "sandbox") { "production" } else { "sandbox" };
    let other_flavour = token::encode_claims(&KeySet::derive_for(&key, flavour), &claims(now));
    let other_key = token::encode_claims(
        &KeySet::derive(&parse_hex_key("test", OTHER_KEY).expect("key")),
        &claims(now),
    );
    let wrong_scope = token::encode_claims(&ours, &Claims { scope: "read".into(), ..claims(now) });
    let wrong_audience = token::encode_claims(
        &ours,
        &Claims { aud: "https://elsewhere.example".into(), ..claims(now) },
    );
    let wrong_issuer =
        token::encode_claims(&ours, &Claims { iss: "https://evil.example".into(), ..claims(now) });
    let future =
        token::encode_claims(&ours, &Claims { iat: now + 600, exp: now + 4200, ..claims(now) });
    let (signing_input, signature) = good.rsplit_once('.').expect("jwt");
    let payload = good.split('.').nth(1).expect("payload");
    let mut forged_claims: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).expect("b64")).expect("json");
    forged_claims["client_id"] = "lc_someone_else".into();
    let tampered_payload =
        format!("{HEADER}.{}.{signature}", URL_SAFE_NO_PAD.encode(forged_claims.to_string()));
    let mut signature_bytes = URL_SAFE_NO_PAD.decode(signature).expect("b64");
    signature_bytes[0] ^= 1;
    let tampered_signature = format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(signature_bytes));
    let alg_none =
        format!("{}.{payload}.", URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"at+jwt"}"#));
    let alg_swap = format!(
        "{}.{payload}.{signature}",
        URL_SAFE_NO_PAD.encode(r#"{"alg":"HS512","typ":"at+jwt"}"#)
    );
    let huge = "a".repeat(5000);
    let two_joined = format!("{good}, Bearer {good}");
    let fourth_part = format!("{good}.{signature}");
    for (name, bad) in [
        ("another flavour", other_flavour.as_str()),
        ("another key", other_key.as_str()),
        ("wrong audience", wrong_audience.as_str()),
        ("wrong issuer", wrong_issuer.as_str()),
        ("issued in the future", future.as_str()),
        ("tampered payload", tampered_payload.as_str()),
        ("tampered signature", tampered_signature.as_str()),
        ("alg none", alg_none.as_str()),
        ("alg swap", alg_swap.as_str()),
        ("garbage", "garbage"),
        ("dots", ".."),
        ("huge", huge.as_str()),
        ("two tokens joined", two_joined.as_str()),
        ("a fourth part", fourth_part.as_str()),
    ] {
        let response = export(&server, bad).await;
        let refused = response.error("GET", "/v1/export", 401, "invalid_token");
        // Only a token whose parts decode is refused for its signature: two tokens joined
        // by a comma (what a proxy merging two `Authorization` lines writes) were "signature
        // does not verify", which sent a client for a new token to send the same way.
        let says = if name.starts_with("tampered") || name.starts_with("another") {
            "signature does not verify"
        } else if matches!(name, "two tokens joined" | "a fourth part" | "garbage" | "dots") {
            "malformed token"
        } else {
            ""
        };
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.ends_with(says), "{name}: {message}");
        let challenge = response.header("www-authenticate").expect("challenge");
        assert!(challenge.starts_with("Bearer error=\"invalid_token\""), "{name}: {challenge}");
        assert!(challenge.contains("resource_metadata=\""), "{name}");
    }
    // RFC 6750 section 3.1: a valid token without the scope is 403 insufficient_scope, and the
    // challenge names the scope needed; a token that is bad besides stays 401 invalid_token.
    let response = export(&server, &wrong_scope).await;
    response.error("GET", "/v1/export", 403, "insufficient_scope");
    crate::support::headers_conform(&response, "GET", "/v1/export");
    let challenge = response.header("www-authenticate").expect("challenge");
    assert!(
        challenge.starts_with("Bearer error=\"insufficient_scope\", scope=\"export\""),
        "{challenge}"
    );
    assert!(challenge.contains("resource_metadata=\""), "{challenge}");
    let expired_without_scope = token::encode_claims(
        &ours,
        &Claims { scope: "read".into(), iat: now - 7200, exp: now - 3600, ..claims(now) },
    );
    export(&server, &expired_without_scope).await.error("GET", "/v1/export", 401, "invalid_token");
    let other_key_without_scope = token::encode_claims(
        &KeySet::derive(&parse_hex_key("test", OTHER_KEY).expect("key")),
        &Claims { scope: "read".into(), ..claims(now) },
    );
    export(&server, &other_key_without_scope).await.error(
        "GET",
        "/v1/export",
        401,
        "invalid_token",
    );
    // Expiry, with the documented 30 s of leeway.
    clock.set((now + 3600 + 29) * 1000);
    assert_eq!(export(&server, &good).await.status, 200, "within the skew");
    clock.set((now + 3600 + 30) * 1000);
    export(&server, &good).await.error("GET", "/v1/export", 401, "invalid_token");
    // Other schemes are no credentials at all.
    let basic = server
        .client
        .get(server.url("/v1/export"))
        .basic_auth("a", Some("b"))
        .send()
        .await
        .expect("GET");
    assert_eq!(basic.status(), 401);
}

#[tokio::test]
async fn a_rotated_key_still_verifies_old_tokens_and_secrets() {
    let old = start().await;
    let (id, secret) = register(&old).await;
    let token = token_with_library(&old, &id, &secret, AuthType::BasicAuth).await.expect("token");
    let rotated = start_with(Setup {
        keys: Keys::from_hex(OTHER_KEY, Some(TEST_KEY)).expect("keys"),
        ..Setup::default()
    })
    .await;
    assert_eq!(export(&rotated, &token).await.status, 200, "old token accepted after rotation");
    let fresh = token_with_library(&rotated, &id, &secret, AuthType::BasicAuth)
        .await
        .expect("old secret still works");
    assert_eq!(export(&rotated, &fresh).await.status, 200);
    let unrelated = start_with(Setup {
        keys: Keys::from_hex(OTHER_KEY, None).expect("keys"),
        ..Setup::default()
    })
    .await;
    assert_eq!(
        export(&unrelated, &token).await.status,
        401,
        "without the previous key it is refused"
    );
    assert!(token_with_library(&unrelated, &id, &secret, AuthType::BasicAuth).await.is_err());
}

/// The real binary on an ephemeral port.
struct Process {
    child: Child,
    base: String,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn(key: &str) -> Process {
    let mut child = Command::new(env!("CARGO_BIN_EXE_consultancy-api"))
        .args(["--listen", "127.0.0.1:0"])
        .env("TOKEN_KEY", key)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start the binary");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let line = lines.next().expect("a start-up line").expect("readable");
    let base = line
        .rsplit_once("listening on ")
        .map(|(_, url)| url.to_string())
        .unwrap_or_else(|| panic!("unexpected start-up line: {line}"));
    Process { child, base }
}

#[tokio::test]
async fn two_processes_with_one_key_accept_each_others_tokens() {
    let first = spawn(TEST_KEY);
    let second = spawn(TEST_KEY);
    let stranger = spawn(OTHER_KEY);
    let client = reqwest::Client::new();
    let registered: Value = client
        .post(format!("{}/oauth/register", first.base))
        .json(&serde_json::json!({"client_name": "two processes"}))
        .send()
        .await
        .expect("register")
        .json()
        .await
        .expect("JSON");
    let (id, secret) = (
        registered["client_id"].as_str().expect("id"),
        registered["client_secret"].as_str().expect("secret"),
    );
    let token: Value = client
        .post(format!("{}/oauth/token", second.base))
        .basic_auth(id, Some(secret))
        .form(&[("grant_type", "client_credentials")])
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("JSON");
    let access = token["access_token"].as_str().expect("access token");
    let status = |base: &str| client.get(format!("{base}/v1/export")).bearer_auth(access).send();
    assert_eq!(status(&first.base).await.expect("GET").status(), 200);
    assert_eq!(status(&second.base).await.expect("GET").status(), 200);
    assert_eq!(status(&stranger.base).await.expect("GET").status(), 401);
}

#[test]
fn a_malformed_key_stops_start_up_with_a_clear_message() {
    for (key, needle) in [("xyz", "hexadecimal"), ("abcd", "at least 32"), ("abc", "hexadecimal")] {
        let output = Command::new(env!("CARGO_BIN_EXE_consultancy-api"))
            .args(["--listen", "127.0.0.1:0"])
            .env("TOKEN_KEY", key)
            .output()
            .expect("run the binary");
        assert_eq!(output.status.code(), Some(2), "{key}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("TOKEN_KEY") && stderr.contains(needle), "{key}: {stderr}");
    }
}

#[test]
fn sigterm_stops_the_binary_gracefully() {
    let mut process = spawn(TEST_KEY);
    let pid = process.child.id().to_string();
    let status = Command::new("kill").args(["-TERM", &pid]).status().expect("kill");
    assert!(status.success());
    let exit = process.child.wait().expect("exit");
    assert!(exit.success(), "exit status after SIGTERM: {exit}");
}

/// A stop never waits on the log's reader: with `--access-log` and a standard output that
/// nobody reads (a stalled journal or pipe), a SIGTERM still ends the process. Before, the
/// exit waited for the log writer, blocked in `write`, for as long as the pipe stayed full.
#[tokio::test]
async fn sigterm_stops_the_binary_even_when_its_log_is_not_read() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_consultancy-api"))
        .args(["--listen", "127.0.0.1:0", "--access-log", "--rate-limit", "1000000"])
        .env("TOKEN_KEY", TEST_KEY)
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the binary");
    // Held, never read: the pipe fills.
    let _stdout = child.stdout.take().expect("stdout");
    let stderr = child.stderr.take().expect("stderr");
    let line = BufReader::new(stderr).lines().next().expect("a start-up line").expect("readable");
    let base = line.rsplit_once("listening on ").map(|(_, url)| url.to_string()).expect("base");
    let mut process = Process { child, base };
    // Lines of about 300 bytes: 1,500 of them pass the pipe's 64 KiB and the writer's buffer.
    let client = reqwest::Client::new();
    let path = format!("{}/v1/services/{}", process.base, "x".repeat(200));
    for _ in 0..1500 {
        let response = client.get(&path).send().await.expect("served while the log is stalled");
        assert_eq!(response.status(), 404);
    }
    let pid = process.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().expect("kill").success());
    // Not a timing assertion: the limit only tells a stop from a hang.
    let mut exit = None;
    for _ in 0..300 {
        if let Some(status) = process.child.try_wait().expect("wait") {
            exit = Some(status);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let exit = exit.expect("the process ended within 30 s of SIGTERM");
    assert!(exit.success(), "exit status after SIGTERM: {exit}");
}

fn run_binary(args: &[&str], key: Option<&str>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_consultancy-api"));
    command.args(args).env_remove("TOKEN_KEY").env_remove("TOKEN_KEY_PREVIOUS");
    if let Some(key) = key {
        command.env("TOKEN_KEY", key);
    }
    command.output().expect("run the binary")
}

#[test]
fn the_command_line_is_parsed_strictly() {
    let help = run_binary(&["--help"], None);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for flag in [
        "--listen",
        "--rate-limit",
        "--trust-proxy",
        "--version",
        "TOKEN_KEY",
        "TOKEN_KEY_PREVIOUS",
    ] {
        assert!(text.contains(flag), "--help mentions {flag}");
    }
    let version = run_binary(&["--version"], None);
    assert!(version.status.success());
    assert!(
        String::from_utf8_lossy(&version.stdout)
            .starts_with(&format!("consultancy-api {}", env!("CARGO_PKG_VERSION")))
    );
    for (args, needle) in [
        (&["--rate-limit", "0"][..], "--rate-limit"),
        (&["--rate-limit=lots"][..], "--rate-limit"),
        (&["--listen", "nowhere"][..], "--listen"),
        (&["--listen"][..], "needs a value"),
        (&["--verbose"][..], "unknown argument"),
    ] {
        let output = run_binary(args, Some(TEST_KEY));
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(needle),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let previous_alone = Command::new(env!("CARGO_BIN_EXE_consultancy-api"))
        .args(["--listen", "127.0.0.1:0"])
        .env_remove("TOKEN_KEY")
        .env("TOKEN_KEY_PREVIOUS", TEST_KEY)
        .output()
        .expect("run");
    assert_eq!(
        previous_alone.status.code(),
        Some(2),
        "a previous key without a current one is refused"
    );
}

#[test]
fn without_a_key_the_server_warns_and_uses_a_random_one() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_consultancy-api"))
        .args(["--listen", "127.0.0.1:0"])
        .env_remove("TOKEN_KEY")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start");
    let stderr = child.stderr.take().expect("stderr");
    let first = BufReader::new(stderr).lines().next().expect("a line").expect("readable");
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.starts_with("warning: TOKEN_KEY is not set"), "{first}");
}

/// The value of an OpenAPI runtime expression over `body`: `$response.body#/pointer`, alone or
/// inside `{...}` in a template such as `Bearer {$response.body#/access_token}`; other text is
/// kept as written.
fn link_value(expression: &Value, body: &Value) -> String {
    let pointer_value = |expr: &str| {
        let pointer = expr.strip_prefix("$response.body#").expect("a body expression");
        let found = body.pointer(pointer).unwrap_or_else(|| panic!("{pointer} in {body}"));
        found.as_str().map_or_else(|| found.to_string(), str::to_string)
    };
    match expression.as_str() {
        Some(expr) if expr.starts_with('$') => pointer_value(expr),
        Some(template) => match (template.find('{'), template.find('}')) {
            (Some(open), Some(close)) => format!(
                "{}{}{}",
                &template[..open],
                pointer_value(&template[open + 1..close]),
                &template[close + 1..]
            ),
            _ => template.to_string(),
        },
        None => expression.to_string(),
    }
}

fn form_encode(pairs: &[(String, String)]) -> String {
    let encode = |text: &str| -> String {
        text.bytes()
            .map(|byte| match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                    char::from(byte).to_string()
                }
                _ => format!("%{byte:02X}"),
            })
            .collect()
    };
    pairs.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>().join("&")
}

#[tokio::test]
async fn the_openapi_links_walk_from_registration_to_the_export() {
    // What a stateful tester (schemathesis) or a link-aware client does: nothing but the
    // document's links carries the credentials from one answer to the next request.
    let doc = crate::support::openapi();
    let link = |path: &str, method: &str, status: &str, name: &str| -> Value {
        let link = doc["paths"][path][method]["responses"][status]["links"][name].clone();
        assert!(link.is_object(), "{method} {path} {status} has the link {name}");
        link
    };
    let server = start().await;
    let registered = server.post_json("/oauth/register", r#"{"client_name":"linked"}"#).await;
    let registered = registered.conforms("POST", "/oauth/register", 201);

    let to_token = link("/oauth/register", "post", "201", "IssueToken");
    assert_eq!(to_token["operationId"], "issueToken");
    assert_eq!(doc["paths"]["/oauth/token"]["post"]["operationId"], "issueToken");
    let fields: Vec<(String, String)> = to_token["requestBody"]
        .as_object()
        .expect("the link sets the form fields")
        .iter()
        .map(|(name, expression)| (name.clone(), link_value(expression, &registered)))
        .collect();
    let form = "application/x-www-form-urlencoded";
    let issued = token_request(&server, None, form, &form_encode(&fields)).await;
    let issued = issued.conforms("POST", "/oauth/token", 200);

    let to_export = link("/oauth/token", "post", "200", "Export");
    assert_eq!(to_export["operationId"], "exportAll");
    assert_eq!(doc["paths"]["/v1/export"]["get"]["operationId"], "exportAll");
    let authorization = link_value(&to_export["parameters"]["header.Authorization"], &issued);
    let response = server
        .client
        .get(server.url("/v1/export"))
        .header("authorization", authorization)
        .send()
        .await
        .expect("GET");
    Checked::read(response).await.conforms("GET", "/v1/export", 200);

    for (list, item, operation_id) in [
        ("/v1/services", "/v1/services/{slug}", "getService"),
        ("/v1/case-studies", "/v1/case-studies/{slug}", "getCaseStudy"),
    ] {
        let listed = server.get(list).await.conforms("GET", list, 200);
        let to_item = link(list, "get", "200", "GetItem");
        assert_eq!(to_item["operationId"], operation_id);
        assert_eq!(doc["paths"][item]["get"]["operationId"], operation_id);
        let slug = link_value(&to_item["parameters"]["path.slug"], &listed);
        server.get(&item.replace("{slug}", &slug)).await.conforms("GET", item, 200);
    }
}

/// What the OAuth endpoints refuse before OAuth itself (the method, a body too large, the
/// rate) comes in the RFC 6749 shape too, with the service's status: an OAuth library reads
/// `error` as a string, and the API's `{"error":{...}}` object broke it.
#[tokio::test]
async fn refusals_before_oauth_are_in_the_rfc_shape() {
    let server = start_with(Setup { rate_limit: 3, ..Setup::default() }).await;
    let rfc = |checked: &Checked, status: u16, code: &str| {
        assert_eq!(checked.status, status, "{}", checked.text);
        let body = checked.json();
        assert_eq!(body["error"], "invalid_request", "{body}");
        assert!(body["error_description"].as_str().is_some_and(|d| !d.is_empty()), "{body}");
        let uri = body["error_uri"].as_str().expect("error_uri");
        assert!(uri.ends_with(&format!("/docs/errors/#{code}")), "{uri}");
    };
    let get = server.get("/oauth/token").await;
    rfc(&get, 405, "method_not_allowed");
    assert_eq!(get.header("allow"), Some("POST, OPTIONS"));
    let huge = format!("{}grant_type=client_credentials", " ".repeat(20_000));
    let response = server
        .client
        .post(server.url("/oauth/token"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(huge)
        .send()
        .await
        .expect("POST");
    rfc(&Checked::read(response).await, 413, "payload_too_large");
    let mut limited = server.post_json("/oauth/register", r#"{"client_name":"x"}"#).await;
    for _ in 0..3 {
        if limited.status == 429 {
            break;
        }
        limited = server.post_json("/oauth/register", r#"{"client_name":"x"}"#).await;
    }
    rfc(&limited, 429, "rate_limited");
    assert!(limited.header("retry-after").is_some());
}

/// Two `Authorization` headers are two sets of credentials: neither is chosen. The export
/// answers 400 `ambiguous_credentials` with a Bearer `invalid_request` challenge (RFC 6750
/// section 3.1), the token endpoint RFC 6749's `invalid_request`, even when both are valid.
#[tokio::test]
async fn two_authorization_headers_are_refused_not_picked_from() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let token =
        token_with_library(&server, &id, &secret, AuthType::BasicAuth).await.expect("token");
    let bearer = format!("Bearer {token}");
    let one = server.get_with("/v1/export", &[("authorization", &bearer)]).await;
    assert_eq!(one.status, 200);
    let two = server
        .get_with("/v1/export", &[("authorization", &bearer), ("authorization", &bearer)])
        .await;
    let body = two.conforms("GET", "/v1/export", 400);
    assert_eq!(body["error"]["code"], "ambiguous_credentials", "{}", two.text);
    let challenge = two.header("www-authenticate").expect("a challenge");
    assert!(challenge.starts_with("Bearer error=\"invalid_request\""), "{challenge}");

    let basic = |id: &str, secret: &str| {
        format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{id}:{secret}"))
        )
    };
    let response = server
        .client
        .post(server.url("/oauth/token"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("authorization", basic(&id, &secret))
        .header("authorization", basic(&id, &secret))
        .body("grant_type=client_credentials")
        .send()
        .await
        .expect("POST");
    let refused = Checked::read(response).await;
    oauth_error(&refused, 400, "invalid_request");
    assert!(refused.json()["error_description"].as_str().expect("why").contains("Authorization"));
}

/// The white space between a scheme and its credentials may be a tab (or spaces and tabs), and
/// a Bearer attempt is never read as no token at all: `Bearer<TAB>token` was `missing_token`
/// ("no token was sent") while `Bearer <TAB>token` was answered, and `Basic<TAB>...` at the token
/// endpoint was "no client authentication was included". A Bearer token that is not text is a
/// malformed token (`invalid_token`), not a missing one.
#[tokio::test]
async fn a_tab_after_the_scheme_separates_it_from_the_credentials() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let token =
        token_with_library(&server, &id, &secret, AuthType::BasicAuth).await.expect("token");
    for separator in [" ", "\t", "  ", " \t", "\t "] {
        for scheme in ["Bearer", "bearer"] {
            let value = format!("{scheme}{separator}{token}");
            let answered = server.get_with("/v1/export", &[("authorization", &value)]).await;
            assert_eq!(answered.status, 200, "{value:?}: {}", answered.text);
            let value = format!("{scheme}{separator}not.a.token");
            let refused = server.get_with("/v1/export", &[("authorization", &value)]).await;
            let body = refused.conforms("GET", "/v1/export", 401);
            assert_eq!(body["error"]["code"], "invalid_token", "{value:?}: {}", refused.text);
        }
        let credentials =
            base64::engine::general_purpose::STANDARD.encode(format!("{id}:{secret}"));
        let response = server
            .client
            .post(server.url("/oauth/token"))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("authorization", format!("Basic{separator}{credentials}"))
            .body("grant_type=client_credentials")
            .send()
            .await
            .expect("POST");
        let issued = Checked::read(response).await;
        assert_eq!(issued.status, 200, "Basic{separator:?}: {}", issued.text);
    }
    // A token of bytes that are not text (obs-text, which HTTP lets a field value carry).
    let value = http::HeaderValue::from_bytes(b"Bearer \xe9t\xe9").expect("obs-text");
    let response = server
        .client
        .get(server.url("/v1/export"))
        .header("authorization", value)
        .send()
        .await
        .expect("GET");
    let refused = Checked::read(response).await;
    let body = refused.conforms("GET", "/v1/export", 401);
    assert_eq!(body["error"]["code"], "invalid_token", "{}", refused.text);
    // The scheme alone, or another scheme, is still no token.
    for value in ["Bearer", "Bearerx", "Basic abc", "Bearer,x"] {
        let refused = server.get_with("/v1/export", &[("authorization", value)]).await;
        let body = refused.conforms("GET", "/v1/export", 401);
        assert_eq!(body["error"]["code"], "missing_token", "{value:?}: {}", refused.text);
    }
}

/// Splits a shell command line as `sh` would for the quoting the documentation uses: words
/// apart on blanks, single quotes taken literally.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(!quoted, "unclosed quote in {line}");
    words.extend(word);
    words
}

/// The authentication page's curl example, run as written (its capitals replaced with what
/// the step before answered) against a real server: a developer's first copy and paste works.
/// The page once described the three steps only in prose.
#[tokio::test]
async fn the_authentication_pages_curl_steps_work_as_written() {
    let server = start().await;
    let twin = server.get("/docs/authentication/index.md").await.text;
    let block = twin.split("```sh\n").nth(1).expect("a shell example");
    let block = &block[..block.find("```").expect("closed")];
    let commands: Vec<&str> = block.lines().filter(|line| line.starts_with("curl ")).collect();
    assert_eq!(commands.len(), 3, "{block}");
    let mut found: Vec<(&str, String)> = Vec::new();
    let mut last = Value::Null;
    for command in commands {
        let mut line = command.to_string();
        for (capitals, value) in &found {
            line = line.replace(capitals, value);
        }
        let words = shell_words(&line);
        let url = words[1].strip_prefix(API_BASE).unwrap_or_else(|| panic!("{line}"));
        // As curl reads them: -d makes a POST with that body, form-encoded unless -H types it.
        let body = words.iter().position(|w| w == "-d").map(|i| words[i + 1].clone());
        let mut request = match &body {
            Some(_) => server.client.post(server.url(url)),
            None => server.client.get(server.url(url)),
        };
        let mut typed = false;
        for pair in words[2..].chunks(2) {
            match pair[0].as_str() {
                "-H" => {
                    let (name, value) = pair[1].split_once(": ").expect("a header");
                    typed |= name.eq_ignore_ascii_case("content-type");
                    request = request.header(name, value);
                }
                "-u" => {
                    let (id, secret) = pair[1].split_once(':').expect("id:secret");
                    request = request.basic_auth(id, Some(secret));
                }
                "-d" => {}
                other => panic!("a curl flag the test does not know: {other}"),
            }
        }
        if let Some(body) = body {
            if !typed {
                request = request.header("content-type", "application/x-www-form-urlencoded");
            }
            request = request.body(body);
        }
        let response = Checked::read(request.send().await.expect("send")).await;
        assert!(response.status < 300, "{line}: {} {}", response.status, response.text);
        last = response.json();
        for (capitals, field) in [
            ("CLIENT_ID", "client_id"),
            ("CLIENT_SECRET", "client_secret"),
            ("ACCESS_TOKEN", "access_token"),
        ] {
            if let Some(value) = last[field].as_str() {
                found.push((capitals, value.to_string()));
            }
        }
    }
    assert!(last["exportedAt"].is_string() && last["resources"].is_array(), "the export: {last}");
}

/// The audience of a token, read from its payload.
fn audience_of(token: &str) -> String {
    let payload = token.split('.').nth(1).expect("a payload");
    let claims: Claims =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).expect("b64")).expect("claims");
    claims.aud
}

/// RFC 8707 resource indicators: a token asked for this API or its export is bound to what
/// was named (`aud`) and opens the export; one asked for anything else is `invalid_target`,
/// not a token for here that the client would take for one valid where it asked. The
/// parameter was ignored, so a token requested for another API was issued for this one.
#[tokio::test]
async fn a_resource_indicator_binds_the_token_or_is_an_invalid_target() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let basic = Some((id.as_str(), secret.as_str()));
    let form = "application/x-www-form-urlencoded";
    let grant = "grant_type=client_credentials&scope=export";
    let export_resource = format!("{API_BASE}/v1/export");
    let encode = |value: &str| -> String { value.bytes().map(|b| format!("%{b:02X}")).collect() };
    let upper = format!("{}/v1/export", API_BASE.to_uppercase());
    for (resources, aud) in [
        (vec![], API_BASE.to_string()),
        (vec![API_BASE.to_string()], API_BASE.to_string()),
        (vec![format!("{API_BASE}/")], API_BASE.to_string()),
        (vec![export_resource.clone()], export_resource.clone()),
        (vec![upper], export_resource.clone()),
        (vec![export_resource.clone(), export_resource.clone()], export_resource.clone()),
        (vec![API_BASE.to_string(), export_resource.clone()], API_BASE.to_string()),
        (vec![String::new()], API_BASE.to_string()),
    ] {
        // What is granted is a valid TokenRequest: the document must not call it invalid
        // (schemathesis's stateful phase found `resource=` granted but outside the enum).
        if let [resource] = resources.as_slice() {
            crate::support::validate_component(
                "TokenRequest",
                &serde_json::json!({"grant_type": "client_credentials", "scope": "export", "resource": resource}),
            );
        }
        let extra: String = resources.iter().map(|r| format!("&resource={}", encode(r))).collect();
        let ok = token_request(&server, basic, form, &format!("{grant}{extra}")).await;
        let json = ok.conforms("POST", "/oauth/token", 200);
        let token = json["access_token"].as_str().expect("token");
        assert_eq!(audience_of(token), aud, "{resources:?}");
        export(&server, token).await.conforms("GET", "/v1/export", 200);
    }
    for (resource, says) in [
        ("https://api.other.example/v1/export", "is not served here"),
        ("http://127.0.0.1:8080.other.example/v1/export", "is not served here"),
        (&format!("{API_BASE}/v1/services") as &str, "is not served here"),
        ("/v1/export", "is not an absolute URI"),
        (&format!("{API_BASE}/V1/EXPORT") as &str, "is not served here"),
        (&format!("{API_BASE}//") as &str, "is not served here"),
        (&format!("{export_resource}#top") as &str, "has a fragment"),
    ] {
        let refused =
            token_request(&server, basic, form, &format!("{grant}&resource={}", encode(resource)))
                .await;
        oauth_error(&refused, 400, "invalid_target");
        let request = serde_json::json!({"grant_type": "client_credentials", "resource": resource});
        assert!(!crate::support::matches_component("TokenRequest", &request), "{resource}");
        let description =
            refused.json()["error_description"].as_str().unwrap_or_default().to_owned();
        assert!(description.contains(says), "{resource}: {description}");
        assert!(description.contains(&export_resource), "{resource}: {description}");
    }
    // One bad value among good ones refuses the request.
    let mixed =
        format!("{grant}&resource={}&resource=https%3A%2F%2Fx.example%2F", encode(API_BASE));
    oauth_error(&token_request(&server, basic, form, &mixed).await, 400, "invalid_target");
    // An unknown client learns nothing about the resources: invalid_client first.
    let stranger = token_request(
        &server,
        Some(("lc_nobody", "nothing")),
        form,
        &format!("{grant}&resource=https%3A%2F%2Fx.example%2F"),
    )
    .await;
    assert_eq!(stranger.status, 401, "{}", stranger.text);

    // The client library, as an MCP SDK sends it: the resource its metadata names.
    let metadata = server.get("/.well-known/oauth-protected-resource/v1/export").await.json();
    let named = metadata["resource"].as_str().expect("resource").to_string();
    let client = BasicClient::new(ClientId::new(id.clone()))
        .set_client_secret(ClientSecret::new(secret.clone()))
        .set_token_uri(TokenUrl::new(server.url("/oauth/token")).expect("token URL"));
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let token = client
        .exchange_client_credentials()
        .add_scope(Scope::new("export".to_string()))
        .add_extra_param("resource", named.clone())
        .request_async(&http)
        .await
        .expect("a token for the export");
    let secret_token = token.access_token().secret();
    assert_eq!(audience_of(secret_token), named);
    export(&server, secret_token).await.conforms("GET", "/v1/export", 200);
    let refused = client
        .exchange_client_credentials()
        .add_scope(Scope::new("export".to_string()))
        .add_extra_param("resource", "https://api.other.example/")
        .request_async(&http)
        .await
        .expect_err("another API's resource");
    let shown = format!("{refused:?}");
    assert!(shown.contains("invalid_target"), "{shown}");
}

/// Whether `description` keeps to RFC 6749 section 5.2's `error_description` characters,
/// `%x20-21 / %x23-5B / %x5D-7E`: printable ASCII without `"` and `\`.
fn rfc_6749_description(description: &str) -> bool {
    description.bytes().all(|b| matches!(b, 0x20..=0x21 | 0x23..=0x5b | 0x5d..=0x7e))
}

/// An `error_description` that quotes what the request sent keeps to the characters the RFCs
/// allow, the others percent-encoded as their UTF-8 bytes: the token endpoint quoted a
/// `resource`, a `Content-Type` or a `Content-Encoding` as sent, so `charset="latin1"` (the
/// quoted form of a parameter) or a resource with an accented host put a `"` or an `é` in the
/// description, which RFC 6749 section 5.2 forbids, and registration quoted a repeated member
/// `é` in a description RFC 7591 section 3.2.2 asks to be ASCII (found by the audit of
/// 2026-12-06).
#[tokio::test]
async fn error_descriptions_keep_to_the_characters_the_rfcs_allow() {
    let server = start().await;
    let (id, secret) = register(&server).await;
    let basic = Some((id.as_str(), secret.as_str()));
    let form = "application/x-www-form-urlencoded";
    let grant = "grant_type=client_credentials";
    for (content_type, body, error, says) in [
        (
            form,
            format!("{grant}&resource=https%3A%2F%2F%C3%A9.example%2F%22%5C"),
            "invalid_target",
            "resource `https://%C3%A9.example/%22%5C` is not served here",
        ),
        (
            "application/x-www-form-urlencoded; charset=\"latin1\"",
            grant.to_string(),
            "invalid_request",
            "Content-Type `application/x-www-form-urlencoded; charset=%22latin1%22` names",
        ),
    ] {
        let refused = token_request(&server, basic, content_type, &body).await;
        oauth_error(&refused, 400, error);
        let description =
            refused.json()["error_description"].as_str().unwrap_or_default().to_owned();
        assert!(rfc_6749_description(&description), "{description}");
        assert!(description.contains(says), "{description}");
    }
    let coded = Checked::read(
        server
            .client
            .post(server.url("/oauth/token"))
            .header("content-type", form)
            .header("content-encoding", "x-\"zip\"")
            .body(grant)
            .send()
            .await
            .expect("POST"),
    )
    .await;
    oauth_error(&coded, 400, "invalid_request");
    let description = coded.json()["error_description"].as_str().unwrap_or_default().to_owned();
    assert!(rfc_6749_description(&description), "{description}");
    assert!(description.contains("Content-Encoding `x-%22zip%22`"), "{description}");
    // Registration: ASCII, so the quotes of its own example stay, and the é is encoded.
    let repeated = server.post_json("/oauth/register", "{\"é\":1,\"é\":2}").await;
    assert_eq!(repeated.status, 400, "{}", repeated.text);
    let json = repeated.json();
    assert_eq!(json["error"], "invalid_client_metadata");
    let description = json["error_description"].as_str().unwrap_or_default();
    assert!(description.is_ascii(), "{description}");
    assert!(description.contains("member `%C3%A9` is given more than once"), "{description}");
    crate::support::validate("POST", "/oauth/register", 400, &json);
}
