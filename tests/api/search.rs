//! `GET /v1/resources`: golden queries, paging, cursors, parameter validation, and properties
//! of the ranking over arbitrary queries.

use std::collections::HashSet;

use consultancy_api::api::resources;
use consultancy_api::model::N_GUIDES;
use consultancy_api::search::{self, tokenize};
use consultancy_api::tables::{CATEGORIES, GUIDES};
use proptest::prelude::*;

use crate::support::{TestServer, start};

const PATH: &str = "/v1/resources";

fn encode(text: &str) -> String {
    text.bytes()
        .map(
            |b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            },
        )
        .collect()
}

/// Every result of a search, following `nextCursor` to the end, checking each page.
async fn all_pages(server: &TestServer, query: &str) -> Vec<serde_json::Value> {
    let mut results = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let url = match &cursor {
            Some(c) => format!("{PATH}?{query}&cursor={c}"),
            None => format!("{PATH}?{query}"),
        };
        let page = server.get(&url).await.conforms("GET", PATH, 200);
        let items = page["results"].as_array().expect("results");
        assert_eq!(page["count"].as_u64(), Some(items.len() as u64));
        results.extend(items.iter().cloned());
        match page["nextCursor"].as_str() {
            Some(next) => {
                assert!(!items.is_empty(), "a page with a next cursor is not empty");
                cursor = Some(next.to_string());
            }
            None => {
                assert!(page["nextCursor"].is_null(), "nextCursor is null on the last page");
                break;
            }
        }
    }
    results
}

fn titles(results: &[serde_json::Value]) -> Vec<String> {
    results.iter().map(|r| r["title"].as_str().expect("title").to_string()).collect()
}

#[tokio::test]
async fn golden_queries_put_the_guide_a_reader_wants_first() {
    let server = start().await;
    for (q, expected_first) in [
        ("prompt injection", "Defending LLM applications against prompt injection"),
        ("data contracts", "Introducing data contracts without a big-bang programme"),
        ("A/B test sample size", "Working out sample size and duration for an A/B test"),
        ("feature store", "Do you need a feature store?"),
        ("who to hire first", "Who to hire first when building a data team from scratch"),
        ("ROI NPV", "Calculating ROI, payback and NPV for an AI project"),
        ("slowly changing dimensions", "Keeping history: slowly changing dimensions and snapshots"),
        ("works councils", "Consulting trade unions and works councils about AI changes"),
        // The last term matches as a prefix: search-as-you-type.
        ("chunk", "Chunking documents for retrieval: sizes, overlap and structure"),
        ("retrai", "Deciding when and how often to retrain a model"),
    ] {
        let page =
            server.get(&format!("{PATH}?q={}&limit=3", encode(q))).await.conforms("GET", PATH, 200);
        assert_eq!(page["query"], q);
        assert_eq!(
            page["results"][0]["title"], expected_first,
            "top result for {q:?}: {}",
            page["results"]
        );
    }
}

#[tokio::test]
async fn paging_visits_every_match_once_in_order() {
    let server = start().await;
    for query in [
        "limit=7",
        "q=data&limit=4",
        "q=model+monitoring+drift&limit=5",
        "category=Generative%20AI&limit=6",
        "q=team&category=People%20and%20Change&limit=2",
    ] {
        let results = all_pages(&server, query).await;
        let slugs: Vec<&str> = results.iter().map(|r| r["slug"].as_str().expect("slug")).collect();
        let unique: HashSet<&&str> = slugs.iter().collect();
        assert_eq!(unique.len(), slugs.len(), "no duplicates for {query}");
        // The same query in a single big page gives the same order.
        let base: String =
            query.split('&').filter(|p| !p.starts_with("limit=")).collect::<Vec<_>>().join("&");
        let whole = all_pages(&server, &format!("{base}&limit=50")).await;
        assert_eq!(
            titles(&whole),
            titles(&results),
            "order is stable across page sizes for {query}"
        );
    }
    let library = all_pages(&server, "limit=50").await;
    assert_eq!(library.len(), N_GUIDES, "the listing is the whole library");
    assert!(library.iter().all(|r| r.get("relevance").is_none()), "no relevance without q");
    assert!(
        library.iter().all(|r| r["answers"].as_array().is_some_and(|a| (2..=5).contains(&a.len())))
    );
}

#[tokio::test]
async fn listing_order_is_category_then_title() {
    let server = start().await;
    let library = all_pages(&server, "limit=50").await;
    let names: Vec<&str> = CATEGORIES.iter().map(|c| c.name).collect();
    let keys: Vec<(usize, String)> = library
        .iter()
        .map(|r| {
            let category = names.iter().position(|n| *n == r["category"]).expect("known category");
            (category, r["title"].as_str().expect("title").to_lowercase())
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    let page = server.get(&format!("{PATH}?q=%20%20")).await.conforms("GET", PATH, 200);
    assert_eq!(page["query"], "", "a blank q is treated as omitted");
    assert!(page["results"][0].get("relevance").is_none());
}

#[tokio::test]
async fn category_restricts_results() {
    let server = start().await;
    let results =
        all_pages(&server, "q=evaluation&category=Machine%20Learning%20in%20Production&limit=10")
            .await;
    assert!(!results.is_empty());
    assert!(results.iter().all(|r| r["category"] == "Machine Learning in Production"));
    server.get(&format!("{PATH}?category=Nope")).await.error("GET", PATH, 400, "unknown_category");
    server.get(&format!("{PATH}?category=generative-ai")).await.error(
        "GET",
        PATH,
        400,
        "unknown_category",
    );
}

#[tokio::test]
async fn invalid_parameters_are_400_with_a_stable_code() {
    let server = start().await;
    for (query, code) in [
        ("limit=0", "invalid_limit"),
        ("limit=51", "invalid_limit"),
        ("limit=-1", "invalid_limit"),
        ("limit=2.5", "invalid_limit"),
        ("limit=ten", "invalid_limit"),
        ("limit=%2B5", "invalid_limit"),
        ("limit=99999999999999999999999", "invalid_limit"),
        ("limit=5&limit=6", "duplicate_parameter"),
        ("q=a&q=b", "duplicate_parameter"),
        ("sort=title", "unknown_parameter"),
        ("q=%FF%FE", "invalid_parameter"),
        ("cursor=not-a-cursor", "invalid_cursor"),
        ("cursor=%00%01", "invalid_cursor"),
        ("cursor=", "invalid_cursor"),
        ("limit=", "invalid_limit"),
        ("category=", "unknown_category"),
    ] {
        server.get(&format!("{PATH}?{query}")).await.error("GET", PATH, 400, code);
    }
    let long = "a".repeat(201);
    server.get(&format!("{PATH}?q={long}")).await.error("GET", PATH, 400, "query_too_long");
    let fits = "data ".repeat(40);
    server.get(&format!("{PATH}?q={}", encode(&fits))).await.conforms("GET", PATH, 200);
}

#[tokio::test]
async fn cursors_are_bound_to_their_query_and_tamper_evident() {
    let server = start().await;
    let first = server.get(&format!("{PATH}?q=data&limit=5")).await.json();
    let cursor = first["nextCursor"].as_str().expect("more than one page").to_string();
    let second = server
        .get(&format!("{PATH}?q=data&limit=5&cursor={cursor}"))
        .await
        .conforms("GET", PATH, 200);
    assert_ne!(second["results"][0], first["results"][0]);
    for foreign in
        ["q=model&limit=5", "q=data&limit=6", "q=data&limit=5&category=Generative%20AI", "limit=5"]
    {
        server.get(&format!("{PATH}?{foreign}&cursor={cursor}")).await.error(
            "GET",
            PATH,
            400,
            "invalid_cursor",
        );
    }
    let mut tampered = cursor.clone().into_bytes();
    for idx in 0..tampered.len() {
        let original = tampered[idx];
        tampered[idx] = if original == b'A' { b'B' } else { b'A' };
        let text = String::from_utf8(tampered.clone()).expect("ascii");
        server.get(&format!("{PATH}?q=data&limit=5&cursor={text}")).await.error(
            "GET",
            PATH,
            400,
            "invalid_cursor",
        );
        tampered[idx] = original;
    }
}

#[tokio::test]
async fn relevance_counts_distinct_matched_terms() {
    let server = start().await;
    let page = server
        .get(&format!("{PATH}?q={}&limit=50", encode("drift drift drifting monitoring zzzzqx")))
        .await
        .conforms("GET", PATH, 200);
    let results = page["results"].as_array().expect("results");
    assert!(!results.is_empty());
    // "drift" and "drifting" share a stem; "zzzzqx" matches nothing: at most 2 distinct terms.
    assert!(results.iter().all(|r| (1..=2).contains(&r["relevance"].as_u64().expect("relevance"))));
    // Since issue 14 the order is by matched information (BM25F), not by the count of
    // matched terms, so relevance need not descend; here the top guide has both words.
    assert_eq!(results[0]["relevance"], 2);
    let stop_words =
        server.get(&format!("{PATH}?q={}", encode("the of and"))).await.conforms("GET", PATH, 200);
    assert_eq!(stop_words["count"], 0, "a query of stop words matches nothing");
}

#[test]
fn tokenizer_lowercases_splits_stems_and_drops_stop_words() {
    let stems: Vec<String> =
        tokenize::tokens("How do Teams' DASHBOARDS drift? Ünïcode—works; a I x")
            .into_iter()
            .map(|t| t.stem)
            .collect();
    assert_eq!(stems, ["team", "dashboard", "drift", "ünïcode", "work"]);
    let words: Vec<String> =
        tokenize::tokens("Forecasting forecasts").into_iter().map(|t| t.word).collect();
    assert_eq!(words, ["forecasting", "forecasts"]);
}

fn distinct_terms(q: &str) -> usize {
    let mut stems: Vec<String> = tokenize::tokens(q).into_iter().map(|t| t.stem).collect();
    stems.sort();
    stems.dedup();
    stems.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_query_pages_completely_without_duplicates(
        q in "[a-zA-Z ]{0,40}|[\\PC]{0,30}",
        limit in 1usize..=50,
        category in proptest::option::of(0usize..7),
    ) {
        let category_name = category.map(|c| CATEGORIES[c].name);
        let mut query = format!("limit={limit}&q={}", encode(&q));
        if let Some(name) = category_name {
            query.push_str(&format!("&category={}", encode(name)));
        }
        let ranked = search::search(q.trim(), category.map(|c| c as u8));
        let mut seen = HashSet::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let full = match &cursor { Some(c) => format!("{query}&cursor={c}"), None => query.clone() };
            let reply = resources::get(Some(&full));
            let reply = match reply {
                Ok(reply) => reply,
                Err(error) => {
                    // Only over-long queries may fail, and then with a 400.
                    prop_assert_eq!(error.code, "query_too_long");
                    return Ok(());
                }
            };
            let page: serde_json::Value = serde_json::from_slice(&reply.body).expect("JSON");
            for result in page["results"].as_array().expect("results") {
                prop_assert!(seen.insert(result["slug"].as_str().expect("slug").to_string()), "duplicate");
                if let Some(relevance) = result.get("relevance") {
                    let relevance = relevance.as_u64().expect("integer") as usize;
                    prop_assert!(relevance >= 1 && relevance <= distinct_terms(&q).max(1));
                }
                if let Some(name) = category_name {
                    prop_assert_eq!(result["category"].as_str(), Some(name));
                }
            }
            pages += 1;
            match page["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => break,
            }
        }
        prop_assert_eq!(seen.len(), ranked.hits().len(), "paging visits every match");
        prop_assert!(pages <= N_GUIDES / limit + 1);
    }

    #[test]
    fn arbitrary_query_strings_never_panic(raw in "[\\PC&=%+]{0,120}") {
        let _ = resources::get(Some(&raw));
    }
}

#[test]
fn guide_records_and_categories_agree() {
    assert_eq!(GUIDES.len(), N_GUIDES);
    assert!(GUIDES.iter().all(|g| (g.category as usize) < CATEGORIES.len()));
}
