//! Search over the embedded index: ranking alone and the whole endpoint (parameters, ranking,
//! paging, JSON). Budget: a 3-term query in under 20 µs on the 2-core CI machine.

use consultancy_api::api::resources;
use consultancy_api::search;
use criterion::{Criterion, black_box, criterion_group, criterion_main};

const QUERIES: [(&str, &str); 5] = [
    ("terms=1", "governance"),
    ("terms=3", "model monitoring drift"),
    (
        "terms=8",
        "how to measure data quality in a warehouse with tests and contracts for pipelines",
    ),
    ("prefix", "retrai"),
    (
        "hostile_200_chars",
        "a b c d e f g h i j k l m n o p q r s t u v w x y z data model team value risk cost test plan metric chart agent prompt drift label batch stream lake table query cache index score band guide answer the of and to in",
    ),
];

fn ranking(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_rank");
    for (name, q) in QUERIES {
        group.bench_function(name, |b| {
            b.iter(|| black_box(search::search(black_box(q), None)).hits().len())
        });
    }
    group.bench_function("category_listing", |b| {
        b.iter(|| black_box(search::search("", Some(3))).hits().len())
    });
    group.finish();
}

fn endpoint(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_endpoint");
    for (name, q) in QUERIES {
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
    group.finish();
}

criterion_group!(benches, ranking, endpoint);
criterion_main!(benches);
