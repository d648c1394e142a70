//! The judged set: at least 80% of its questions must cite a judged item among the first
//! three sources. The figure is printed (`cargo test --test answer -- --nocapture`).

use std::collections::BTreeSet;

use consultancy_api::answer::{Question, SourceItem, answer};
use consultancy_api::tables::{ANSWER_ITEMS, EXPORT_HEAD};
use serde::Deserialize;

/// The share of questions that must cite a judged item among their first three sources.
const REQUIRED_PER_CENT: usize = 80;
/// Sources that count for a question.
const FIRST_SOURCES: usize = 3;
/// The judged set must be at least this big to mean anything.
const MIN_QUESTIONS: usize = 40;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgedSet {
    pub question: Vec<Judged>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judged {
    pub text: String,
    pub judged: Vec<String>,
}

/// The judged set, parsed.
pub fn judged_set() -> JudgedSet {
    let text = std::fs::read_to_string("tests/judged/ask.toml").expect("tests/judged/ask.toml");
    toml::from_str(&text).expect("the judged set parses")
}

fn key(item: &SourceItem) -> String {
    format!("{}:{}", item.kind.name(), item.slug)
}

/// Lowercase letters and digits only, so punctuation and case do not hide a copy.
fn normalise(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

#[test]
fn at_least_80_per_cent_of_judged_questions_cite_a_judged_item_in_the_first_three_sources() {
    let set = judged_set();
    let mut hits = 0;
    let mut misses = Vec::new();
    for question in &set.question {
        let reply = answer(&Question { text: &question.text, prev: &[] });
        let first: Vec<String> = reply.sources.iter().take(FIRST_SOURCES).map(|s| key(s)).collect();
        if first.iter().any(|k| question.judged.contains(k)) {
            hits += 1;
        } else {
            misses.push(format!(
                "  {:?}\n    judged {:?}\n    cited  {first:?}",
                question.text, question.judged
            ));
        }
    }
    let n_questions = set.question.len();
    let per_mille = hits * 1000 / n_questions;
    println!(
        "judged set: {hits} of {n_questions} questions ({}.{}%) cite a judged item among the first {FIRST_SOURCES} sources",
        per_mille / 10,
        per_mille % 10
    );
    for miss in &misses {
        println!("miss:\n{miss}");
    }
    assert!(
        hits * 100 >= REQUIRED_PER_CENT * n_questions,
        "only {hits} of {n_questions} questions cite a judged item; misses:\n{}",
        misses.join("\n")
    );
}

#[test]
fn the_judged_set_is_big_enough_names_real_items_and_copies_no_guide_question() {
    let set = judged_set();
    assert!(set.question.len() >= MIN_QUESTIONS, "{} questions", set.question.len());
    let items: BTreeSet<String> = ANSWER_ITEMS.iter().map(key).collect();
    let export: serde_json::Value =
        serde_json::from_str(&format!("{EXPORT_HEAD}}}")).expect("the export parses");
    let guide_questions: BTreeSet<String> = export["resources"]
        .as_array()
        .expect("resources")
        .iter()
        .flat_map(|guide| guide["answers"].as_array().expect("answers").iter())
        .map(|q| normalise(q.as_str().expect("a question")))
        .collect();
    assert!(guide_questions.len() > 300, "the guides' questions were read");
    let mut seen = BTreeSet::new();
    for question in &set.question {
        assert!(!question.judged.is_empty(), "{:?} judges no item", question.text);
        for judged in &question.judged {
            assert!(
                items.contains(judged),
                "{:?} judges {judged}, which is no item",
                question.text
            );
        }
        let normalised = normalise(&question.text);
        assert!(
            !guide_questions.contains(&normalised),
            "{:?} copies a guide's own question",
            question.text
        );
        assert!(seen.insert(normalised), "{:?} is in the set twice", question.text);
    }
}
