//! Fixed routes and HTTP semantics: every route, HEAD, 304, 404, 405, redirects, path
//! normalisation, CORS, the pages and markdown twins, and the contract's counts.

use consultancy_api::model::{
    ERROR_CODES, N_CASE_STUDIES, N_CATEGORIES, N_GUIDES, N_INDUSTRIES, N_QUESTIONS, N_SCORED,
    N_SERVICES,
};
use consultancy_api::tables::FIXED;

use crate::support::{Checked, openapi, start};

#[tokio::test]
async fn every_fixed_route_serves_its_precomputed_bytes() {
    let server = start().await;
    let mut n_routes = 0;
    for (path, fixed) in FIXED.entries() {
        let response = server.get(path).await;
        assert_eq!(response.status, 200, "{path}");
        assert_eq!(response.header("content-type"), Some(fixed.content_type), "{path}");
        assert_eq!(response.header("etag"), Some(fixed.etag), "{path}");
        // Text is labelled UTF-8; the one image, the SVG favicon, is XML that says so itself.
        let content_type = response.header("content-type").unwrap_or_default();
        assert!(
            content_type.contains("charset=utf-8") || content_type == "image/svg+xml",
            "{path}: {content_type}"
        );
        assert_eq!(response.text, fixed.body, "{path}");
        n_routes += 1;
    }
    // 13 + 6 + 3 pages, 169 guides, listings, docs, home and assessment, each with a twin,
    // plus the JSON routes.
    assert!(
        n_routes > 2 * (N_SERVICES + N_INDUSTRIES + N_CASE_STUDIES + N_GUIDES),
        "only {n_routes} routes"
    );
}

#[tokio::test]
async fn json_routes_conform_to_the_openapi_document_and_the_contract_counts() {
    let server = start().await;
    let index = server.get("/v1").await.conforms("GET", "/v1", 200);
    for field in [
        "name",
        "version",
        "description",
        "openapi",
        "documentation",
        "agentGuide",
        "authDocs",
        "endpoints",
        "auth",
    ] {
        assert!(!index[field].is_null(), "ApiIndex.{field} is missing");
    }
    for field in ["product", "docs", "serverCard"] {
        assert!(index["mcp"][field].is_string(), "ApiIndex.mcp.{field} is missing");
    }
    let endpoints = index["endpoints"].as_object().expect("endpoints");
    let rest = endpoints.keys().filter(|label| label.contains(" /v1")).count();
    assert_eq!(rest, 13, "one line per endpoint of the spec");
    for label in ["POST /mcp", "POST /mcp/docs", "GET /ask", "POST /ask", "POST /a2a"] {
        assert!(endpoints.contains_key(label), "the agent surfaces are listed: {label}");
    }
    assert_eq!(endpoints.len(), 13 + 5, "and nothing else");
    for field in ["ask", "agentCard"] {
        assert!(index[field].is_string(), "ApiIndex.{field} is missing");
    }

    let services = server.get("/v1/services").await.conforms("GET", "/v1/services", 200);
    let services = services["services"].as_array().expect("services array");
    assert_eq!(services.len(), N_SERVICES);
    for service in services {
        let slug = service["slug"].as_str().expect("slug");
        let one = server.get(&format!("/v1/services/{slug}")).await.conforms(
            "GET",
            "/v1/services/{slug}",
            200,
        );
        assert_eq!(&one, service, "the item route returns the list's item");
    }
    let industries = server.get("/v1/industries").await.conforms("GET", "/v1/industries", 200);
    assert_eq!(industries["industries"].as_array().map(Vec::len), Some(N_INDUSTRIES));
    let cases = server.get("/v1/case-studies").await.conforms("GET", "/v1/case-studies", 200);
    let cases = cases["caseStudies"].as_array().expect("caseStudies array");
    assert_eq!(cases.len(), N_CASE_STUDIES);
    for case in cases {
        let slug = case["slug"].as_str().expect("slug");
        let one = server.get(&format!("/v1/case-studies/{slug}")).await.conforms(
            "GET",
            "/v1/case-studies/{slug}",
            200,
        );
        assert_eq!(&one, case);
    }

    let categories = server.get("/v1/resources/categories").await.conforms(
        "GET",
        "/v1/resources/categories",
        200,
    );
    let categories = categories["categories"].as_array().expect("categories");
    assert_eq!(categories.len(), N_CATEGORIES);
    let total: u64 = categories.iter().map(|c| c["articles"].as_u64().expect("articles")).sum();
    assert_eq!(total as usize, N_GUIDES);
    assert!(
        categories.iter().all(|c| c["articles"].as_u64() >= Some(15)),
        "every category has a healthy share"
    );

    let assessment = server.get("/v1/ai-readiness/questions").await.conforms(
        "GET",
        "/v1/ai-readiness/questions",
        200,
    );
    let questions: Vec<&serde_json::Value> = assessment["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .flat_map(|s| s["questions"].as_array().expect("questions"))
        .collect();
    assert_eq!(questions.len(), N_QUESTIONS);
    assert_eq!(questions.iter().filter(|q| q["scored"] != false).count(), N_SCORED);
    assert!(questions.iter().all(|q| q["opts"].as_array().map(Vec::len) == Some(5)));
    let keys: Vec<&str> = assessment["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .map(|s| s["key"].as_str().expect("key"))
        .collect();
    assert_eq!(keys, ["strategy", "people", "data", "change"]);
    let mins: Vec<f64> = assessment["bands"]
        .as_array()
        .expect("bands")
        .iter()
        .map(|b| b["min"].as_f64().expect("min"))
        .collect();
    assert_eq!(mins.len(), 5);
    assert!(mins.windows(2).all(|w| w[0] < w[1]), "band thresholds ascend: {mins:?}");

    let contact = server.get("/v1/contact").await.conforms("GET", "/v1/contact", 200);
    assert!(contact["email"].as_str().is_some_and(|e| e.ends_with(".example")));

    server.get("/openapi.json").await.conforms("GET", "/openapi.json", 200);
    server.get("/.well-known/oauth-authorization-server").await.conforms(
        "GET",
        "/.well-known/oauth-authorization-server",
        200,
    );
    server.get("/.well-known/oauth-protected-resource").await.conforms(
        "GET",
        "/.well-known/oauth-protected-resource",
        200,
    );
}

#[tokio::test]
async fn every_content_item_has_an_html_page_and_a_markdown_twin() {
    let server = start().await;
    let mut urls = Vec::new();
    for (list, key) in [
        ("/v1/services", "services"),
        ("/v1/industries", "industries"),
        ("/v1/case-studies", "caseStudies"),
    ] {
        let json = server.get(list).await.json();
        for item in json[key].as_array().expect("items") {
            urls.push((
                item["url"].as_str().expect("url").to_string(),
                item["name"].as_str().expect("name").to_string(),
            ));
        }
    }
    let library = server.get("/v1/resources?limit=50").await.json();
    let mut cursor = library["nextCursor"].as_str().map(str::to_string);
    let mut guides: Vec<serde_json::Value> =
        library["results"].as_array().expect("results").clone();
    while let Some(next) = cursor {
        let page = server.get(&format!("/v1/resources?limit=50&cursor={next}")).await.json();
        guides.extend(page["results"].as_array().expect("results").iter().cloned());
        cursor = page["nextCursor"].as_str().map(str::to_string);
    }
    assert_eq!(guides.len(), N_GUIDES);
    for guide in &guides {
        urls.push((
            guide["url"].as_str().expect("url").to_string(),
            guide["title"].as_str().expect("title").to_string(),
        ));
    }
    for (url, title) in urls {
        assert!(url.ends_with('/'), "{url} ends with /");
        let path = url
            .split_once("://")
            .and_then(|(_, rest)| rest.find('/').map(|i| rest[i..].to_string()))
            .expect("path");
        let page = server.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
        let escaped = title.replace('&', "&amp;").replace('\'', "&#39;").replace('"', "&quot;");
        assert!(
            // A long word of the heading may break at a soft hyphen (see `heading_html`).
            page.text.replace("&shy;", "").contains(&format!("<h1>{escaped}</h1>")),
            "{path} has its title as the heading"
        );
        assert!(page.text.contains(&format!("{url}index.md")), "{path} links its twin");
        let twin = server.get(&format!("{path}index.md")).await;
        assert_eq!(twin.status, 200, "{path}index.md");
        assert_eq!(twin.header("content-type"), Some("text/markdown; charset=utf-8"));
        assert!(
            twin.text.starts_with(&format!("# {title}\n")),
            "{path}index.md starts with its title"
        );
        assert!(!twin.text.contains("](/"), "{path}index.md has only absolute links");
    }
    let home = server.get("/").await;
    assert!(
        home.text.contains("/services/mlops/") && home.text.contains("/ai-readiness/"),
        "home lists everything"
    );
}

#[tokio::test]
async fn head_returns_the_headers_of_get_without_a_body() {
    let server = start().await;
    let get = server.get("/v1/services").await;
    let head = server.client.head(server.url("/v1/services")).send().await.expect("HEAD");
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers().get("etag").and_then(|v| v.to_str().ok()), get.header("etag"));
    assert_eq!(
        head.headers().get("content-length").and_then(|v| v.to_str().ok()),
        Some(get.text.len().to_string().as_str())
    );
    assert_eq!(head.bytes().await.expect("body").len(), 0);
    // A 405 too: its message names GET and HEAD together, so HEAD's Content-Length is the
    // length of GET's body (RFC 9110 §8.6), on every path that refuses both.
    for path in ["/v1/batch", "/v1/ai-readiness/score", "/oauth/token", "/a2a", "/mcp/docs"] {
        let get = server.get(path).await;
        assert_eq!(get.status, 405, "{path}");
        let head = server.client.head(server.url(path)).send().await.expect("HEAD");
        assert_eq!(head.status(), 405, "{path}");
        assert_eq!(
            head.headers().get("content-length").and_then(|v| v.to_str().ok()),
            Some(get.text.len().to_string().as_str()),
            "{path}"
        );
    }
}

#[tokio::test]
async fn if_none_match_gives_304_with_the_validator() {
    let server = start().await;
    let etag = server.get("/v1/contact").await.header("etag").expect("etag").to_string();
    for sent in [etag.clone(), format!("W/{etag}"), format!("\"other\", {etag}"), "*".to_string()] {
        let response = server
            .client
            .get(server.url("/v1/contact"))
            .header("if-none-match", &sent)
            .send()
            .await
            .expect("GET");
        assert_eq!(response.status(), 304, "If-None-Match: {sent}");
        assert_eq!(
            response.headers().get("etag").and_then(|v| v.to_str().ok()),
            Some(etag.as_str())
        );
        assert_eq!(
            response.headers().get("access-control-allow-origin").and_then(|v| v.to_str().ok()),
            Some("*")
        );
        assert!(response.bytes().await.expect("body").is_empty());
    }
    let other = server
        .client
        .get(server.url("/v1/contact"))
        .header("if-none-match", "\"stale\"")
        .send()
        .await
        .expect("GET");
    assert_eq!(other.status(), 200);
}

/// `If-Match` on a POST is ignored: each POST here computes an answer from its body (a
/// score, a batch of GETs, a JSON-RPC call, a question, a token) and neither selects nor
/// changes a representation of its target, the case in which RFC 9110 section 13.2.1 has a
/// server ignore preconditions (as for OPTIONS). The answer is the one without the header,
/// whatever tag it names, where a 412 would say the POST was not made.
#[tokio::test]
async fn if_match_on_a_post_is_ignored() {
    let server = start().await;
    let answers = "{\"answers\":[2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,1]}";
    let rpc = |method: &str| {
        format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"{method}\",\"params\":{{}}}}")
    };
    let posts = [
        ("/v1/ai-readiness/score", answers.to_string(), "application/json"),
        (
            "/v1/batch",
            "{\"requests\":[{\"path\":\"/v1/contact\"}]}".to_string(),
            "application/json",
        ),
        ("/mcp", rpc("ping"), "application/json, text/event-stream"),
        ("/a2a", rpc("GetExtendedAgentCard"), "application/json"),
    ];
    for (path, body, accept) in posts {
        let send = |if_match: Option<&'static str>| {
            let mut request = server
                .client
                .post(server.url(path))
                .header("content-type", "application/json")
                .header("accept", accept)
                .body(body.clone());
            if let Some(tag) = if_match {
                request = request.header("if-match", tag);
            }
            async move { Checked::read(request.send().await.expect("POST")).await }
        };
        let plain = send(None).await;
        assert!(plain.status < 500, "{path}: {}", plain.text);
        for tag in ["\"nope\"", "*", "W/\"x\""] {
            let conditional = send(Some(tag)).await;
            assert_eq!(conditional.status, plain.status, "{path} If-Match: {tag}");
            assert_eq!(conditional.text, plain.text, "{path} If-Match: {tag}");
        }
    }
    let ask = |if_match: Option<&'static str>| {
        let mut request = server
            .client
            .post(server.url("/ask"))
            .header("content-type", "application/json")
            .body("{\"query\":\"what is a data contract\"}");
        if let Some(tag) = if_match {
            request = request.header("if-match", tag);
        }
        async move { Checked::read(request.send().await.expect("POST")).await }
    };
    let plain = ask(None).await;
    let conditional = ask(Some("\"nope\"")).await;
    assert_eq!((plain.status, conditional.status), (200, 200), "{}", conditional.text);
    assert_eq!(plain.json()["content"], conditional.json()["content"]);
}

#[tokio::test]
async fn if_match_passes_only_star_or_the_current_strong_etag_and_otherwise_is_412() {
    let server = start().await;
    let etag = server.get("/v1/contact").await.header("etag").expect("etag").to_string();
    let send =
        |path: &'static str, method: reqwest::Method, headers: Vec<(&'static str, String)>| {
            let mut request = server.client.request(method, server.url(path));
            for (name, value) in headers {
                request = request.header(name, value);
            }
            request.send()
        };
    for passes in [etag.clone(), "*".to_string(), format!("\"other\", {etag}")] {
        let response =
            send("/v1/contact", reqwest::Method::GET, vec![("if-match", passes.clone())]);
        assert_eq!(response.await.expect("GET").status(), 200, "If-Match: {passes}");
    }
    // Strong comparison: the weak form of the current tag does not match.
    for fails in ["\"nope\"".to_string(), format!("W/{etag}"), "garbage".to_string()] {
        for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
            let response =
                send("/v1/contact", method.clone(), vec![("if-match", fails.clone())]).await;
            let checked = Checked::read(response.expect("send")).await;
            assert_eq!(checked.status, 412, "{method} If-Match: {fails}");
            if method == reqwest::Method::GET {
                checked.error("GET", "/v1/contact", 412, "precondition_failed");
            }
        }
    }
    let services =
        send("/v1/services", reqwest::Method::GET, vec![("if-match", "\"nope\"".into())]);
    Checked::read(services.await.expect("GET")).await.error(
        "GET",
        "/v1/services",
        412,
        "precondition_failed",
    );
    // If-Match before If-None-Match: a failing If-Match is 412 even when If-None-Match matches.
    let both = send(
        "/v1/contact",
        reqwest::Method::GET,
        vec![("if-match", "\"nope\"".into()), ("if-none-match", etag.clone())],
    );
    assert_eq!(both.await.expect("GET").status(), 412);
    let both = send(
        "/v1/contact",
        reqwest::Method::GET,
        vec![("if-match", etag.clone()), ("if-none-match", etag.clone())],
    );
    assert_eq!(both.await.expect("GET").status(), 304);
    // Responses without a validator match only `*`.
    let search = send("/v1/resources?q=data", reqwest::Method::GET, vec![("if-match", "*".into())]);
    assert_eq!(search.await.expect("GET").status(), 200);
    let search =
        send("/v1/resources?q=data", reqwest::Method::GET, vec![("if-match", "\"x\"".into())]);
    Checked::read(search.await.expect("GET")).await.error(
        "GET",
        "/v1/resources",
        412,
        "precondition_failed",
    );
    // A refusal ignores preconditions.
    let missing =
        send("/v1/services/nope", reqwest::Method::GET, vec![("if-match", "\"x\"".into())]);
    assert_eq!(missing.await.expect("GET").status(), 404);
}

/// Every GET the document gives a 304 also lists the 412 a failing `If-Match` gets, and answers
/// it: the discovery documents, `/openapi.json` and `/healthz` answered 412 undocumented (found
/// by Redocly's `operation-4xx-response` on `/healthz`, .ci/openapi.sh). And every operation
/// states its security, `[]` where it is keyless, so generators and linters need not guess.
#[tokio::test]
async fn every_get_with_a_304_documents_and_answers_412_and_every_operation_states_security() {
    let server = start().await;
    let doc = openapi();
    let paths = doc["paths"].as_object().expect("paths");
    let mut checked = 0;
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("path item") {
            if !["get", "post"].contains(&method.as_str()) {
                continue;
            }
            let security = operation["security"].as_array();
            assert!(security.is_some(), "{method} {path} states no security");
            assert_eq!(
                security.is_some_and(|s| s.is_empty()),
                path != "/v1/export",
                "{method} {path}: only the export takes a token"
            );
            let responses = &operation["responses"];
            if method != "get" || responses.get("304").is_none() {
                continue;
            }
            assert!(responses.get("412").is_some(), "GET {path} lists 304 but not 412");
            // Those a bare GET answers 200 (no template, no token, no question needed).
            if path.contains('{') || path == "/v1/export" || path == "/ask" {
                continue;
            }
            let response = server
                .client
                .get(server.url(path))
                .header("if-match", "\"not-current\"")
                .send()
                .await
                .expect("GET");
            assert_eq!(response.status(), 412, "GET {path} with a failing If-Match");
            checked += 1;
        }
    }
    assert!(checked >= 19, "only {checked} GETs checked");
}

/// Every GET the document gives a 304 or a 412 names the request header each follows,
/// `If-None-Match` and `If-Match`: the search page, `/ask`, the OAuth discovery documents,
/// `/openapi.json`, the server and agent cards and `/healthz` listed both answers with no
/// parameter that could cause them, so a generated client had no way to send the headers and
/// a schema tester saw the answers as undocumented behaviour (found by the contract audit of
/// 2026-12-07). Each is checked against the server: `If-None-Match: *` is 304 and a failing
/// `If-Match` 412 on every such GET a bare request answers 200.
#[tokio::test]
async fn every_get_with_a_304_or_412_names_the_conditional_headers_it_follows() {
    let server = start().await;
    let doc = openapi();
    let named = |operation: &serde_json::Value, component: &str, header: &str| {
        operation["parameters"].as_array().is_some_and(|parameters| {
            parameters.iter().any(|parameter| {
                parameter["$ref"] == format!("#/components/parameters/{component}").as_str()
                    || (parameter["in"] == "header"
                        && parameter["name"]
                            .as_str()
                            .is_some_and(|name| name.eq_ignore_ascii_case(header)))
            })
        })
    };
    let mut missing = Vec::new();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let operation = &item["get"];
        let responses = &operation["responses"];
        if responses.get("304").is_some() && !named(operation, "IfNoneMatch", "If-None-Match") {
            missing.push(format!("GET {path}: 304 without If-None-Match"));
        }
        if responses.get("412").is_some() && !named(operation, "IfMatch", "If-Match") {
            missing.push(format!("GET {path}: 412 without If-Match"));
        }
        if responses.get("304").is_none() || path.contains('{') || path == "/v1/export" {
            continue;
        }
        let target = if path == "/ask" { "/ask?query=mlops".to_owned() } else { path.clone() };
        let star = server.get_with(&target, &[("if-none-match", "*")]).await;
        assert_eq!(star.status, 304, "GET {target} with If-None-Match: *");
        let failing = server.get_with(&target, &[("if-match", "\"not-current\"")]).await;
        assert_eq!(failing.status, 412, "GET {target} with a failing If-Match");
        checked += 1;
    }
    assert!(missing.is_empty(), "{missing:#?}");
    assert!(checked >= 20, "only {checked} GETs checked");
}

/// The versioning policy is written where a client reads it, the same in both places: the
/// OpenAPI `info.description` and the API page (there was none). `info.version`'s major part is
/// the path's, since the policy raises only the minor part within `/v1`.
#[tokio::test]
async fn the_versioning_policy_is_in_the_openapi_document_and_the_api_page() {
    let server = start().await;
    let doc = server.get("/openapi.json").await.json();
    let version = doc["info"]["version"].as_str().expect("info.version");
    assert_eq!(version.split('.').next(), Some("1"), "info.version {version} is not 1.x");
    assert!(doc["paths"].as_object().expect("paths").keys().all(|p| !p.starts_with("/v2")));
    let description = doc["info"]["description"].as_str().expect("description");
    let page = server.get("/docs/api/index.md").await.text;
    assert!(page.contains("## Versioning"), "the API page has no Versioning section");
    for said in [
        "`/v1` changes only by addition",
        "minor part of `info.version`",
        "`/v2`",
        "`Deprecation`, `Sunset`",
        "6 months",
        "nothing to migrate",
        "The content is not the API",
    ] {
        assert!(description.contains(said), "info.description does not say {said:?}");
    }
    for said in [
        "the API only grows",
        "minor part of `info.version`",
        "`/v2`",
        "`Deprecation`, `Sunset`",
        "six months",
        "nothing to migrate",
        "The content is not the API",
    ] {
        assert!(page.contains(said), "the API page does not say {said:?}");
    }
}

#[tokio::test]
async fn unknown_paths_slugs_and_methods_get_error_bodies() {
    let server = start().await;
    let missing = server.get("/v1/nothing-here").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.json()["error"]["code"], "not_found");
    crate::support::validate("GET", "/v1/services/{slug}", 404, &missing.json());

    server.get("/v1/services/no-such-service").await.error(
        "GET",
        "/v1/services/{slug}",
        404,
        "service_not_found",
    );
    server.get("/v1/case-studies/no-such-case").await.error(
        "GET",
        "/v1/case-studies/{slug}",
        404,
        "case_study_not_found",
    );
    for bad in ["MLOps", "ml_ops", "ml%20ops", "%C3%A9t%C3%A9"] {
        server.get(&format!("/v1/services/{bad}")).await.error(
            "GET",
            "/v1/services/{slug}",
            400,
            "invalid_slug",
        );
    }
    // A slug written as the name, or with capitals, underscores or spaces, is still
    // `invalid_slug`, and the message names the slug meant; an input that is no page's name
    // gets no guess.
    for (bad, meant) in [
        ("/v1/services/Data-Strategy", Some("data-strategy")),
        ("/v1/services/data_strategy", Some("data-strategy")),
        ("/v1/services/MLOps", Some("mlops")),
        ("/v1/case-studies/Insurer%20Claims%20Triage", Some("insurer-claims-triage")),
        ("/v1/services/Data-Strategies", None),
    ] {
        let template = if bad.starts_with("/v1/services/") {
            "/v1/services/{slug}"
        } else {
            "/v1/case-studies/{slug}"
        };
        let error = server.get(bad).await.error("GET", template, 400, "invalid_slug");
        let message = error["error"]["message"].as_str().unwrap_or_default();
        match meant {
            Some(meant) => {
                assert!(
                    message.ends_with(&format!("; did you mean `{meant}`?")),
                    "{bad}: {message}"
                );
            }
            None => assert!(!message.contains("did you mean"), "{bad}: {message}"),
        }
    }
    // Issue 10: more segments after a slug name no route at all: 404 `not_found`, never
    // `invalid_slug` (the slug itself may be fine).
    for nested in ["/v1/services/mlops/extra", "/v1/case-studies/x/y", "/v1/services/a/b/"] {
        let response = server.get(nested).await;
        assert_eq!(response.status, 404, "{nested}: {}", response.text);
        assert_eq!(response.json()["error"]["code"], "not_found", "{nested}");
    }
    let unknown_with_slash = server.get("/v1/services/no-such-service/").await;
    assert_eq!(unknown_with_slash.json()["error"]["code"], "service_not_found");

    let response = server.client.delete(server.url("/v1/services")).send().await.expect("DELETE");
    assert_eq!(response.status(), 405);
    assert_eq!(
        response.headers().get("allow").and_then(|v| v.to_str().ok()),
        Some("GET, HEAD, OPTIONS")
    );
    let body: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(body["error"]["code"], "method_not_allowed");

    let response = server.client.get(server.url("/v1/batch")).send().await.expect("GET");
    assert_eq!(response.status(), 405);
    assert_eq!(
        response.headers().get("allow").and_then(|v| v.to_str().ok()),
        Some("POST, OPTIONS")
    );
}

#[tokio::test]
async fn paths_are_normalised_as_documented() {
    let server = start().await;
    let canonical = server.get("/v1/services/mlops").await;
    // Unreserved characters may be percent-encoded.
    let encoded = server.get("/v1/services/%6Dlops").await;
    assert_eq!(encoded.status, 200);
    assert_eq!(encoded.text, canonical.text);
    // Query strings never change a fixed route.
    let with_query = server.get("/v1/services/mlops?utm_source=x&limit=999").await;
    assert_eq!(with_query.text, canonical.text);
    // A malformed escape is 400.
    server.get("/v1/services/%zzmlops").await.error(
        "GET",
        "/v1/services/{slug}",
        400,
        "invalid_path",
    );
    // A trailing-slash variant redirects to the canonical path, keeping the query.
    let slash = server.get("/v1/services/?x=1").await;
    assert_eq!(slash.status, 308);
    assert_eq!(slash.header("location"), Some("/v1/services?x=1"));
    let page = server.get("/guides").await;
    assert_eq!(page.status, 308);
    assert_eq!(page.header("location"), Some("/guides/"));
    // Case matters.
    assert_eq!(server.get("/V1/services").await.status, 404);
}

/// A 308 is heuristically cacheable (RFC 9111 section 4.2.2), so each says how long a cache
/// may keep it: a canonical path's redirect follows from the URL scheme and is kept a week, the
/// guessed `/contact/` a day; neither is `no-store`, which made every repeat visit of a
/// permanent redirect a round trip. A shared cache keeps neither's `RateLimit`.
#[tokio::test]
async fn a_redirect_says_how_long_a_cache_may_keep_it() {
    let server = start().await;
    let week = "max-age=604800, private=\"RateLimit\"";
    let day = "max-age=86400, private=\"RateLimit\"";
    for (path, location, cache) in [
        ("/guides", "/guides/", week),
        ("/v1/services/", "/v1/services", week),
        ("/v1/services/mlops/?x=1", "/v1/services/mlops?x=1", week),
        ("/search?q=drift", "/search/?q=drift", week),
        ("/healthz/", "/healthz", week),
        ("/contact/", "/#contact", day),
        ("/contact?ref=card", "/?ref=card#contact", day),
    ] {
        let reply = server.get_with(path, &[("accept", "text/html")]).await;
        assert_eq!(reply.status, 308, "{path}");
        assert_eq!(reply.header("location"), Some(location), "{path}");
        assert_eq!(reply.header("cache-control"), Some(cache), "{path}");
        let head = server.client.head(server.url(path)).send().await.expect("HEAD");
        assert_eq!(head.status(), 308, "{path}");
        assert_eq!(head.headers()["cache-control"], cache, "HEAD {path}");
    }
    // A POST endpoint's slash says the same (308 keeps the method and body).
    let mcp = server.client.post(server.url("/mcp/")).body("{}").send().await.expect("POST");
    assert_eq!(mcp.status(), 308);
    assert_eq!(mcp.headers()["cache-control"], week);
    // What is not a redirect keeps its own: a missing path and a malformed one are errors.
    for path in ["/contact/us/", "/guides/%zz/"] {
        assert_eq!(server.get(path).await.header("cache-control"), Some("no-store"), "{path}");
    }
}

#[tokio::test]
async fn a_browser_can_read_the_allow_list_of_a_405_on_every_surface() {
    let server = start().await;
    for path in ["/v1/services", "/v1/batch", "/mcp", "/mcp/docs", "/ask", "/a2a"] {
        let response =
            Checked::read(server.client.delete(server.url(path)).send().await.expect("DELETE"))
                .await;
        assert_eq!(response.status, 405, "{path}");
        assert!(response.header("allow").is_some(), "{path}");
        let exposed = response.header("access-control-expose-headers").expect("expose headers");
        assert!(exposed.split(", ").any(|name| name == "Allow"), "{path}: {exposed}");
    }
}

#[tokio::test]
async fn cors_is_open_on_every_response_and_preflights_list_methods_and_headers() {
    let server = start().await;
    for path in ["/v1", "/v1/nothing", "/v1/services/BAD", "/v1/export", "/guides/"] {
        let response = server.get(path).await;
        assert_eq!(response.header("access-control-allow-origin"), Some("*"), "{path}");
        let exposed = response.header("access-control-expose-headers").expect("expose headers");
        for name in [
            "ETag",
            "RateLimit",
            "Retry-After",
            "Idempotency-Status",
            "WWW-Authenticate",
            "X-Sandbox",
            "Deprecation",
            "Sunset",
            "Link",
        ] {
            assert!(exposed.contains(name), "{name} is exposed");
        }
    }
    for (path, methods) in [
        ("/v1/services", "GET, HEAD, OPTIONS"),
        ("/v1/ai-readiness/score", "POST, OPTIONS"),
        ("/v1/export", "GET, HEAD, OPTIONS"),
    ] {
        let response = server
            .client
            .request(reqwest::Method::OPTIONS, server.url(path))
            .header("origin", "https://app.example.com")
            .header("access-control-request-method", "POST")
            .header(
                "access-control-request-headers",
                "authorization, content-type, idempotency-key",
            )
            .send()
            .await
            .expect("OPTIONS");
        assert_eq!(response.status(), 204, "{path}");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(header("access-control-allow-methods"), methods);
        assert_eq!(header("access-control-allow-origin"), "*");
        for name in ["Authorization", "Content-Type", "Idempotency-Key"] {
            assert!(
                header("access-control-allow-headers").contains(name),
                "{name} allowed on {path}"
            );
        }
        assert_eq!(header("access-control-max-age"), "7200");
        assert!(header("access-control-allow-credentials").is_empty(), "never with credentials");
    }
    let unknown = server
        .client
        .request(reqwest::Method::OPTIONS, server.url("/nope"))
        .send()
        .await
        .expect("OPTIONS");
    assert_eq!(unknown.status(), 404);
    // A plain OPTIONS where a redirect is gets the redirect, as every other method there
    // does (it was a 404 "nothing exists", of a path whose GET is a 308).
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    for (path, location) in [("/v1/services/", "/v1/services"), ("/contact/", "/#contact")] {
        let plain = no_redirects
            .request(reqwest::Method::OPTIONS, server.url(path))
            .send()
            .await
            .expect("OPTIONS");
        assert_eq!(plain.status(), 308, "{path}");
        assert_eq!(
            plain.headers().get("location").and_then(|v| v.to_str().ok()),
            Some(location),
            "{path}"
        );
    }
    // A browser's preflight where nothing is (an unknown slug, a malformed one, a trailing
    // slash) is allowed, so the request it precedes can show its script the real error.
    for (path, status) in
        [("/v1/services/nope", 404), ("/v1/services/NOPE", 400), ("/v1/services/", 308)]
    {
        let preflight = server
            .client
            .request(reqwest::Method::OPTIONS, server.url(path))
            .header("origin", "https://app.example.com")
            .header("access-control-request-method", "GET")
            .header("access-control-request-headers", "if-none-match")
            .send()
            .await
            .expect("OPTIONS");
        assert_eq!(preflight.status(), 204, "{path}");
        let header = |name: &str| {
            preflight.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
        };
        assert!(header("access-control-allow-methods").contains("GET"), "{path}");
        assert!(header("access-control-allow-headers").contains("If-None-Match"), "{path}");
        assert_eq!(header("access-control-allow-origin"), "*", "{path}");
        let no_redirects =
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build();
        let actual = no_redirects
            .expect("client")
            .get(server.url(path))
            .header("origin", "https://app.example.com")
            .send()
            .await
            .expect("GET");
        assert_eq!(actual.status(), status, "{path}");
        assert_eq!(
            actual.headers().get("access-control-allow-origin").and_then(|v| v.to_str().ok()),
            Some("*"),
            "{path}: the error is readable cross-origin"
        );
    }
}

#[tokio::test]
async fn error_codes_are_documented_where_their_docs_link_points() {
    let server = start().await;
    let page = server.get("/docs/errors/").await;
    assert_eq!(page.status, 200);
    let enum_codes = &openapi()["components"]["schemas"]["Error"]["properties"]["error"]["properties"]
        ["code"]["enum"];
    for (code, _, _) in ERROR_CODES {
        assert!(
            page.text.contains(&format!("id=\"{code}\"")),
            "{code} has an anchor on the errors page"
        );
        assert!(
            enum_codes.as_array().is_some_and(|codes| codes.iter().any(|c| c == code)),
            "{code} is in the OpenAPI enum"
        );
    }
    let error = server.get("/v1/nothing").await.json();
    let docs = error["error"]["docs"].as_str().expect("docs link");
    assert!(docs.ends_with("/docs/errors/#not_found"));
}

#[tokio::test]
async fn http2_cleartext_is_served_on_the_same_listener() {
    let server = start().await;
    let client = reqwest::Client::builder().http2_prior_knowledge().build().expect("h2 client");
    let response = client.get(server.url("/v1/services")).send().await.expect("h2 GET");
    assert_eq!(response.version(), reqwest::Version::HTTP_2);
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(body["services"].as_array().map(Vec::len), Some(N_SERVICES));
}

/// HEAD over HTTP/2 answers the GET's headers, `Content-Length` included, and no content,
/// as HTTP/1.1 does: a DATA frame after a HEAD's HEADERS is a protocol error to curl.
#[tokio::test]
async fn head_over_http2_carries_no_content() {
    let server = start().await;
    let client = reqwest::Client::builder().http2_prior_knowledge().build().expect("h2 client");
    for (path, accept_encoding) in [
        ("/v1/services/mlops", "identity"),
        ("/v1/services", "br"),
        ("/v1/resources?q=data", "identity"),
        ("/v1/no-such-route", "identity"),
        ("/guides/", "gzip"),
    ] {
        let get = client
            .get(server.url(path))
            .header("accept-encoding", accept_encoding)
            .send()
            .await
            .expect("h2 GET");
        let status = get.status();
        let get_len = get.bytes().await.expect("GET body").len();
        assert!(get_len > 0, "{path}");
        let head = client
            .head(server.url(path))
            .header("accept-encoding", accept_encoding)
            .send()
            .await
            .expect("h2 HEAD");
        assert_eq!(head.version(), reqwest::Version::HTTP_2);
        assert_eq!(head.status(), status, "{path}");
        let length = head.headers().get("content-length").and_then(|v| v.to_str().ok());
        assert_eq!(length, Some(get_len.to_string().as_str()), "{path}: the GET's length");
        let body = head.bytes().await.expect("HEAD completes cleanly");
        assert!(body.is_empty(), "{path}: HEAD sent {} bytes of content", body.len());
    }
}

/// An empty answer (a 308 to the canonical path) says `Content-Length: 0` to GET and HEAD
/// alike, over HTTP/1.1 and HTTP/2: hyper used to add it to only one of the two on each.
#[tokio::test]
async fn an_empty_answer_has_the_same_content_length_for_get_and_head_on_both_protocols() {
    let server = start().await;
    let none = reqwest::redirect::Policy::none;
    let h1 = reqwest::Client::builder().http1_only().redirect(none()).build().expect("client");
    let h2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .redirect(none())
        .build()
        .expect("h2 client");
    for (client, version) in [(h1, reqwest::Version::HTTP_11), (h2, reqwest::Version::HTTP_2)] {
        for path in ["/v1/services/", "/v1/case-studies/?x=1"] {
            for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
                let response =
                    client.request(method.clone(), server.url(path)).send().await.expect("request");
                assert_eq!(response.version(), version);
                assert_eq!(response.status(), 308, "{version:?} {method} {path}");
                let length = response.headers().get("content-length").map(|v| v.as_bytes());
                assert_eq!(length, Some(&b"0"[..]), "{version:?} {method} {path}");
                assert!(response.bytes().await.expect("body").is_empty());
            }
        }
    }
}

#[tokio::test]
async fn openapi_describes_every_endpoint_of_the_contract() {
    let doc = openapi();
    assert_eq!(doc["info"]["version"], "1.1.0");
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")));
    for (method, path) in [
        ("get", "/v1"),
        ("get", "/v1/services"),
        ("get", "/v1/services/{slug}"),
        ("get", "/v1/industries"),
        ("get", "/v1/case-studies"),
        ("get", "/v1/case-studies/{slug}"),
        ("get", "/v1/resources"),
        ("get", "/v1/resources/categories"),
        ("get", "/v1/ai-readiness/questions"),
        ("post", "/v1/ai-readiness/score"),
        ("post", "/v1/batch"),
        ("get", "/v1/export"),
        ("get", "/v1/contact"),
        ("post", "/oauth/register"),
        ("post", "/oauth/token"),
        ("get", "/.well-known/oauth-protected-resource"),
        ("get", "/.well-known/oauth-authorization-server"),
    ] {
        let operation = &doc["paths"][path][method];
        assert!(operation.is_object(), "{method} {path} is documented");
        assert!(operation["responses"]["429"].is_object(), "{method} {path} documents 429");
    }
    let scheme = &doc["components"]["securitySchemes"]["serviceOAuth"];
    assert_eq!(scheme["type"], "oauth2");
    assert!(scheme["flows"]["clientCredentials"]["scopes"]["export"].is_string());
    assert_eq!(doc["paths"]["/v1/export"]["get"]["security"][0]["serviceOAuth"][0], "export");
}

/// Every array schema in the document says what its items are: openapi-python-client drops a
/// response whose schema has an array without `items` (as `response_types` had).
#[test]
fn every_array_schema_in_the_openapi_document_has_items() {
    fn walk(value: &serde_json::Value, at: &str, missing: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                let is_array = match map.get("type") {
                    Some(serde_json::Value::String(t)) => t == "array",
                    Some(serde_json::Value::Array(ts)) => ts.iter().any(|t| t == "array"),
                    _ => false,
                };
                if is_array && !map.contains_key("items") {
                    missing.push(at.to_string());
                }
                for (key, child) in map {
                    walk(child, &format!("{at}/{key}"), missing);
                }
            }
            serde_json::Value::Array(items) => {
                for (n, child) in items.iter().enumerate() {
                    walk(child, &format!("{at}/{n}"), missing);
                }
            }
            _ => {}
        }
    }
    let mut missing = Vec::new();
    walk(openapi(), "#", &mut missing);
    assert!(missing.is_empty(), "array schemas without items: {missing:?}");
    let response_types = &openapi()["components"]["schemas"]["ClientRegistrationResponse"]["properties"]
        ["response_types"];
    assert_eq!(response_types["items"]["type"], "string");
}

/// The category names are one component, referenced where they are used: inline enums made
/// generators name one `Category` and rename the `Category` component `Category1`.
#[test]
fn category_names_are_one_component_schema() {
    let doc = openapi();
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["CategoryName"]["enum"].as_array().map(Vec::len), Some(7));
    let reference = serde_json::json!({ "$ref": "#/components/schemas/CategoryName" });
    assert_eq!(schemas["Resource"]["properties"]["category"], reference);
    assert_eq!(schemas["Category"]["properties"]["name"], reference);
    let parameters = doc["paths"]["/v1/resources"]["get"]["parameters"].as_array().expect("params");
    let category = parameters.iter().find(|p| p["name"] == "category").expect("category");
    assert_eq!(category["schema"], reference);
    let text = doc.to_string();
    assert_eq!(text.matches(&schemas["CategoryName"]["enum"].to_string()).count(), 1);
}

mod hostile {
    //! Arbitrary requests against the whole service in process: never a 5xx, never a panic.

    use std::net::IpAddr;
    use std::sync::Arc;

    use bytes::Bytes;
    use consultancy_api::auth::Keys;
    use consultancy_api::clock::SystemClock;
    use consultancy_api::http::App;
    use http_body_util::Full;
    use proptest::prelude::*;

    fn app() -> App {
        App::new(
            u32::MAX,
            Keys::from_hex(crate::support::TEST_KEY, None).expect("key"),
            Arc::new(SystemClock),
            true,
        )
    }

    fn path() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("/v1".to_string()),
            Just("/v1/resources".to_string()),
            Just("/v1/batch".to_string()),
            Just("/v1/ai-readiness/score".to_string()),
            Just("/v1/export".to_string()),
            Just("/oauth/token".to_string()),
            Just("/oauth/register".to_string()),
            "/v1/services/[a-zA-Z0-9%_.~-]{0,20}",
            "/[a-z0-9/%._-]{0,40}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn no_request_gets_a_server_error(
            method in prop_oneof![Just("GET"), Just("POST"), Just("HEAD"), Just("OPTIONS"), Just("PUT"), Just("PATCH")],
            path in path(),
            query in "[a-z=&%0-9+]{0,40}",
            content_type in prop_oneof![Just("application/json"), Just("application/x-www-form-urlencoded"), Just("text/plain"), Just("")],
            authorization in prop_oneof![Just(String::new()), "Bearer [A-Za-z0-9._-]{0,80}", "Basic [A-Za-z0-9+/=]{0,40}"],
            key in "[ -~]{0,20}",
            forwarded in "[0-9a-f.:, ]{0,30}",
            body in prop_oneof![
                Just(Vec::new()),
                "[ -~]{0,200}".prop_map(String::into_bytes),
                proptest::collection::vec(any::<u8>(), 0..200),
                Just(br#"{"answers":[1,2,3,4,5,1,2,3,4,5,1,2,3,4,5]}"#.to_vec()),
                Just(br#"{"requests":[{"path":"/v1/resources?q=x&limit=2"},{"path":"/v1/../x"}]}"#.to_vec()),
                Just(b"grant_type=client_credentials&client_id=lc_x&client_secret=y".to_vec()),
            ],
        ) {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
            let app = app();
            let uri = if query.is_empty() { path.clone() } else { format!("{path}?{query}") };
            let mut request = http::Request::builder().method(method).uri(uri.as_str()).header("host", "localhost");
            for (name, value) in [("content-type", content_type.to_string()), ("authorization", authorization), ("idempotency-key", key), ("x-forwarded-for", forwarded)] {
                if !value.is_empty() {
                    request = request.header(name, value);
                }
            }
            let Ok(request) = request.body(Full::new(Bytes::from(body))) else { return Ok(()) };
            let peer: IpAddr = [127, 0, 0, 1].into();
            let response = runtime.block_on(app.handle(request, peer));
            prop_assert!(response.status().as_u16() < 500, "{method} {uri}: {}", response.status());
            prop_assert_eq!(response.headers().get("access-control-allow-origin").and_then(|v| v.to_str().ok()), Some("*"));
        }
    }
}

/// A path with dot or empty segments is 400 `invalid_path` whether sent directly or as a
/// batch item (the error table says so for both), never a 404 on one and a 400 on the other.
#[tokio::test]
async fn dot_and_empty_segments_are_invalid_paths_directly_and_in_a_batch() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = start().await;
    let paths =
        ["/v1/./services", "/v1//services", "/v1/services/%2e%2e/contact", "/v1/services/.."];
    for path in paths {
        // Raw, as sent: an HTTP client library would resolve the dots itself.
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.expect("connect");
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.expect("write");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.expect("read");
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 400"), "{path}: {answer}");
        assert!(answer.contains("\"code\":\"invalid_path\""), "{path}: {answer}");
    }
    let items: Vec<serde_json::Value> =
        paths.iter().map(|path| serde_json::json!({ "path": path })).collect();
    let batch = server
        .post_json("/v1/batch", &serde_json::json!({ "requests": items }).to_string())
        .await
        .json();
    for (path, response) in paths.iter().zip(batch["responses"].as_array().expect("responses")) {
        assert_eq!(response["status"], 400, "{path}: {response}");
        assert_eq!(response["body"]["error"]["code"], "invalid_path", "{path}");
    }
}

/// Every request body of the OpenAPI document but the JSON-RPC ones (MCP and A2A, whose
/// bodies are a protocol's) carries an `example`, and each example, sent as it stands, is
/// answered with success: a developer reading the document in Swagger UI or Postman starts
/// from a body that works. The document had no example, and the first body a developer
/// guesses for `POST /v1/batch` (items with a `method`) is refused.
#[tokio::test]
async fn every_request_body_example_of_the_openapi_document_works_as_sent() {
    let server = start().await;
    let mut sent = Vec::new();
    let document = openapi();
    for (path, item) in document["paths"].as_object().expect("paths") {
        let Some(content) = item["post"]["requestBody"]["content"].as_object() else {
            continue;
        };
        if ["/mcp", "/mcp/docs", "/a2a"].contains(&path.as_str()) {
            continue;
        }
        let (media_type, body) = content.iter().next().expect("a media type");
        let example = &body["example"];
        assert!(!example.is_null(), "POST {path} ({media_type}) has no example");
        if let Some(name) = body["schema"]["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
            crate::support::validate_component(name, example);
        }
        let mut request = server.client.post(server.url(path)).header("content-type", media_type);
        request = if media_type == "application/x-www-form-urlencoded" {
            let fields = example.as_object().expect("form fields");
            let form: Vec<String> = fields
                .iter()
                .map(|(k, v)| {
                    let v = v.as_str().expect("a string");
                    // Plain words need no percent-encoding.
                    assert!(v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'), "{v}");
                    format!("{k}={v}")
                })
                .collect();
            request.body(form.join("&"))
        } else {
            request.body(example.to_string())
        };
        if path == "/oauth/token" {
            // The credentials go in HTTP Basic, as the authentication page's step 2 sends them.
            let client =
                server.post_json("/oauth/register", r#"{"client_name":"example"}"#).await.json();
            let id = client["client_id"].as_str().expect("client_id");
            request = request.basic_auth(id, client["client_secret"].as_str());
        }
        let response = Checked::read(request.send().await.expect("send")).await;
        assert!(
            response.status < 300,
            "POST {path} {example}: {} {}",
            response.status,
            response.text
        );
        response.conforms("POST", path, response.status);
        sent.push(path.clone());
    }
    assert!(sent.len() >= 5, "{sent:?}");
}
