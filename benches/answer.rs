//! The answer engine in process: a 10-word question end to end (query, retrieval, passage
//! selection, the answer's vectors), a follow-up, a company question, a question the content
//! does not cover, and a hostile long one. Budget: a 10-word question in under 50 µs on the
//! 2-core CI machine. The allocations of one answer are counted in `tests/alloc`.

use consultancy_api::answer::{AnswerKind, Question, answer};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

/// Exactly ten words.
const TEN_WORDS: &str = "How should we monitor a machine learning model in production?";
const FOLLOW_UP_PREV: [&str; 1] = ["How do I start demand forecasting?"];
const FOLLOW_UP: &str = "What about in healthcare?";
const COMPANY: &str = "What services do you offer?";
const NOT_COVERED: &str = "How do I bake sourdough bread at home?";

fn hostile() -> String {
    "data model pipeline drift governance forecast dashboard prompt agent cost ".repeat(30)
}

fn answering(c: &mut Criterion) {
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
        b.iter(|| {
            let reply = answer(black_box(&Question { text: &hostile, prev: &[] }));
            // Ten topic words said thirty times over name no question the content answers.
            assert_eq!(reply.kind, AnswerKind::NotCovered);
            reply
        })
    });
    group.finish();
}

criterion_group!(benches, answering);
criterion_main!(benches);
