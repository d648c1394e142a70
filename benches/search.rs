//! Search over the embedded index: ranking alone, snippets, corrections, and the whole endpoint
//! (parameters, ranking, snippets, paging, JSON), including a page deep in a cursor walk. Budgets on the 2-core CI machine: a 3-term
//! query under 5 µs ranking and under 10 µs through the endpoint; a typo-tolerant 8-term query
//! under 20 µs.

use consultancy_api::api::{page_cache, resources};
use consultancy_api::model::SEARCH_QUERY_MAX_CHARS;
use consultancy_api::ops::guides::GuidePage;
use consultancy_api::search;
use criterion::{Criterion, black_box, criterion_group, criterion_main};

const QUERIES: [(&str, &str); 8] = [
    ("terms=1", "governance"),
    ("terms=3", "model monitoring drift"),
    (
        "terms=8",
        "how to measure data quality in a warehouse with tests and contracts for pipelines",
    ),
    ("prefix", "retrai"),
    // Seven misspelt words of eight: every one goes through the typo automaton.
    ("typo_terms=8", "mesure data qualty warehuse piplines contracs tetsing monitorng"),
    ("synonyms", "ML model for customers leaving"),
    ("question", "how do I know if my model is getting worse in production"),
    // The longest accepted q: one-letter words, stop words and many distinct terms.
    (
        "hostile_200_chars",
        "a b c d e f g h i j k l m n o p q r s t u v w x y z data model team value risk cost test plan metric chart agent prompt drift label batch stream lake table query cache index score band guide answer",
    ),
];

/// A query that finds nothing and has corrections to offer.
const ZERO_RESULTS: &str = "dta modl qualty";

/// The costliest search to answer: ten nine-letter words the library does not have and no
/// correction of which exists, so each goes through typo matching and then the search for
/// suggestions, and every one finds nothing.
const ZERO_RESULTS_UNKNOWN: &str = "qzxvmkrtp wkrtpflmq pflmqzxvk bxcvnmlkj lkjhgfdsa poiuytrew mnbvcxzlk asdfghjkl zxcvbnmas qwertyuio";

fn ranking(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_rank");
    for (name, q) in QUERIES {
        assert!(q.chars().count() <= SEARCH_QUERY_MAX_CHARS, "{name} is a valid q");
        group.bench_function(name, |b| {
            b.iter(|| {
                let ranked = search::search(black_box(q), None);
                assert!(!ranked.hits().is_empty());
                ranked
            })
        });
    }
    group.bench_function("category_listing", |b| {
        b.iter(|| {
            let listed = search::search("", Some(3));
            assert!(!listed.hits().is_empty(), "category 3 lists guides");
            listed
        })
    });
    group.finish();
}

fn snippets_and_suggestions(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_extras");
    let ranked = search::search("model monitoring drift", None);
    group.bench_function("snippets_10_hits", |b| {
        b.iter(|| {
            let n = ranked.hits()[..10].iter().filter_map(|hit| ranked.snippet(hit)).count();
            assert_eq!(n, 10);
            n
        })
    });
    group.bench_function("suggest_zero_results", |b| {
        b.iter(|| {
            let suggestions = search::suggest(black_box(ZERO_RESULTS), None);
            assert!(!suggestions.is_empty());
            suggestions
        })
    });
    group.finish();
}

fn endpoint(c: &mut Criterion) {
    // Every search rendered, as one nobody asked lately is: the search page cache would serve
    // the repeats (`benches/route.rs` measures that).
    page_cache::configure(0);
    let mut group = c.benchmark_group("search_endpoint");
    let zero = [("zero_results", ZERO_RESULTS), ("zero_results_10_unknown", ZERO_RESULTS_UNKNOWN)];
    for (name, q) in QUERIES.iter().copied().chain(zero) {
        let query = format!("q={}&limit=10", q.replace(' ', "+"));
        group.bench_function(name, |b| {
            b.iter(|| {
                let reply = resources::get(Some(black_box(&query))).expect("valid query");
                assert!(reply.body.bytes().is_some_and(|b| !b.is_empty()));
                reply
            })
        });
    }
    group.bench_function("category_listing", |b| {
        b.iter(|| {
            resources::get(Some(black_box("category=Analytics+and+BI&limit=10")))
                .expect("valid query")
        })
    });
    // Deep in a cursor walk: the ninth page of ten over every guide matching one term.
    let deep = deep_cursor_query("q=data&limit=10", DEEP_PAGE);
    group.bench_function(format!("cursor_page={}", DEEP_PAGE + 1), |b| {
        b.iter(|| {
            let reply = resources::get(Some(black_box(&deep))).expect("valid cursor");
            assert!(reply.body.bytes().is_some_and(|b| !b.is_empty()));
            reply
        })
    });
    group.finish();
}

/// How many pages the deep-cursor case walks before the measured one.
const DEEP_PAGE: usize = 8;

/// The query string of page `n_pages + 1` of `first`, following `nextCursor`.
fn deep_cursor_query(first: &str, n_pages: usize) -> String {
    let mut query = first.to_string();
    for _ in 0..n_pages {
        let page: GuidePage = resources::search(Some(&query)).expect("valid query");
        let cursor = page.next_cursor.expect("the walk has more pages");
        query = format!("{first}&cursor={cursor}");
    }
    query
}

criterion_group!(benches, ranking, snippets_and_suggestions, endpoint);
criterion_main!(benches);
