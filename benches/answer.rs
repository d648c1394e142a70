//! The answer engine in process: a 10-word question end to end (query, retrieval, passage
//! selection, the answer's vectors), a follow-up, a company question, a question the content
//! does not cover, and a hostile long one. Budget: a 10-word question in under 50 µs on the
//! 2-core CI machine. Before timing, the number of heap allocations one answer makes is
//! printed, counted by `stats_alloc`'s instrumented system allocator.

use std::alloc::System;

use consultancy_api::answer::{AnswerKind, Question, answer};
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

/// Counts allocations so the bench can report how many one answer makes (`stats_alloc`
/// wraps the system allocator; the crate forbids unsafe code, so no hand-written one).
#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Exactly ten words.
const TEN_WORDS: &str = "How should we monitor a machine learning model in production?";
const FOLLOW_UP_PREV: [&str; 1] = ["How do I start demand forecasting?"];
const FOLLOW_UP: &str = "What about in healthcare?";
const COMPANY: &str = "What services do you offer?";
const NOT_COVERED: &str = "How do I bake sourdough bread at home?";

fn hostile() -> String {
    "data model pipeline drift governance forecast dashboard prompt agent cost ".repeat(30)
}

fn allocations_of(question: &Question<'_>) -> usize {
    let region = Region::new(GLOBAL);
    let reply = answer(question);
    let stats = region.change();
    drop(reply);
    stats.allocations + stats.reallocations
}

fn report_allocations() {
    let hostile = hostile();
    let cases: [(&str, Question<'_>); 5] = [
        ("ten_words", Question { text: TEN_WORDS, prev: &[] }),
        ("follow_up", Question { text: FOLLOW_UP, prev: &FOLLOW_UP_PREV }),
        ("company", Question { text: COMPANY, prev: &[] }),
        ("not_covered", Question { text: NOT_COVERED, prev: &[] }),
        ("hostile_long", Question { text: &hostile, prev: &[] }),
    ];
    for (name, question) in cases {
        eprintln!("answer/{name}: {} heap allocations", allocations_of(&question));
    }
}

fn answering(c: &mut Criterion) {
    report_allocations();
    let mut group = c.benchmark_group("answer");
    group.bench_function("ten_words", |b| {
        b.iter(|| {
            let reply = answer(black_box(&Question { text: TEN_WORDS, prev: &[] }));
            assert_eq!(reply.kind, AnswerKind::Answered);
            reply
        })
    });
    group.bench_function("follow_up", |b| {
        b.iter(|| {
            let reply = answer(black_box(&Question { text: FOLLOW_UP, prev: &FOLLOW_UP_PREV }));
            assert_eq!(reply.kind, AnswerKind::Answered);
            reply
        })
    });
    group.bench_function("company", |b| {
        b.iter(|| {
            let reply = answer(black_box(&Question { text: COMPANY, prev: &[] }));
            assert!(matches!(reply.kind, AnswerKind::Company(_)));
            reply
        })
    });
    group.bench_function("not_covered", |b| {
        b.iter(|| {
            let reply = answer(black_box(&Question { text: NOT_COVERED, prev: &[] }));
            assert_eq!(reply.kind, AnswerKind::NotCovered);
            reply
        })
    });
    let hostile = hostile();
    group.bench_function("hostile_300_words", |b| {
        b.iter(|| answer(black_box(&Question { text: &hostile, prev: &[] })))
    });
    group.finish();
}

criterion_group!(benches, answering);
criterion_main!(benches);
