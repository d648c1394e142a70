//! The answer index stage (`src/compiler/passages.rs`, `company.rs`): sentence splitting,
//! markdown blocks, inbound links, and the shape of the index built over the fixture tree.

use std::path::Path;

use super::compiler::diagnostic::Diagnostics;
use super::compiler::model::{CompanyTopic, SourceKind};
use super::compiler::passages::{
    Block, build, is_definition, is_name_list, markdown_blocks, markdown_links, refers_back,
    sentences, sentences_after, states_duration,
};
use super::compiler::{company, load, validate};
use super::{FIXTURE, fixture_expectations, local};

#[test]
fn sentences_split_at_stops_followed_by_a_capital_and_keep_short_lead_ins_attached() {
    let cases: &[(&str, &[&str])] = &[
        (
            "Data drift is common in production. Concept drift is rarer and harder to see.",
            &["Data drift is common in production.", "Concept drift is rarer and harder to see."],
        ),
        // Abbreviations, decimals and initials are not stops.
        (
            "A PSI below 0.1, e.g. for a stable feature, is fine. Ask J. Smith about the threshold.",
            &[
                "A PSI below 0.1, e.g. for a stable feature, is fine.",
                "Ask J. Smith about the threshold.",
            ],
        ),
        // A stop followed by lowercase is not a sentence end.
        (
            "Use the KS statistic, i.e. the effect size. not the p-value alone.",
            &["Use the KS statistic, i.e. the effect size. not the p-value alone."],
        ),
        // Closing quotes and brackets stay with their sentence; questions and exclamations end one.
        (
            "The manager asked \"why did revenue fall?\" Nobody in the room had an answer ready!",
            &[
                "The manager asked \"why did revenue fall?\"",
                "Nobody in the room had an answer ready!",
            ],
        ),
        // A short sentence later in the text joins the one before it: none opens a passage.
        (
            "Run the tests on every load of the pipeline. Then stop.",
            &["Run the tests on every load of the pipeline. Then stop."],
        ),
        (
            "Run the tests on every load of the pipeline. Then stop. Read the failures first thing.",
            &[
                "Run the tests on every load of the pipeline. Then stop.",
                "Read the failures first thing.",
            ],
        ),
        // A short lead-in to a list is its own, so the sentence before it still stands alone
        // (joined, "... to run it. Handover includes:" ended in a colon and was never quoted).
        (
            "The deliverables are the platform and its runbooks. Handover includes:",
            &["The deliverables are the platform and its runbooks.", "Handover includes:"],
        ),
        // Nothing but short sentences is one sentence.
        ("Serves features online. Fast.", &["Serves features online. Fast."]),
        ("", &[]),
    ];
    for (text, expected) in cases {
        let split = sentences(text);
        let texts: Vec<&str> = split.iter().map(|sentence| sentence.text.as_str()).collect();
        assert_eq!(texts, *expected, "{text:?}");
        assert!(split.iter().all(|sentence| sentence.lead_in.is_empty()), "{text:?}: {split:?}");
    }
}

/// A run-in label opening a paragraph ("*Extension, optional.* We help you ...", "Week 2.")
/// is the lead-in of the sentence it introduces: indexed with it, never the opening of the
/// quoted text (it was quoted as "Extension, optional. We help you ..." for "Which services
/// help with data governance?").
#[test]
fn a_run_in_label_is_a_lead_in_and_never_opens_a_sentence() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "Extension, optional. We help you bring further domains under governance. It takes weeks.",
            &[(
                "Extension, optional.",
                "We help you bring further domains under governance. It takes weeks.",
            )],
        ),
        (
            "Data first. Through platform engineering we replaced the overnight extract.",
            &[("Data first.", "Through platform engineering we replaced the overnight extract.")],
        ),
        // Several short sentences opening the text are one lead-in.
        (
            "Week 2. Day one. Twelve to twenty interviews, plus hands-on profiling.",
            &[("Week 2. Day one.", "Twelve to twenty interviews, plus hands-on profiling.")],
        ),
        // Only the first sentence has the lead-in.
        (
            "Ownership. Named owners for your critical data domains. Stewards do the daily work of it.",
            &[
                ("Ownership.", "Named owners for your critical data domains."),
                ("", "Stewards do the daily work of it."),
            ],
        ),
    ];
    for (text, expected) in cases {
        let owned = sentences(text);
        let split: Vec<(&str, &str)> =
            owned.iter().map(|s| (s.lead_in.as_str(), s.text.as_str())).collect();
        assert_eq!(split, *expected, "{text:?}");
    }
    // No sentence the split gives opens with one of under five words.
    for text in cases.iter().map(|(text, _)| text) {
        for sentence in sentences(text) {
            let first = passages_first_sentence(&sentence.text);
            assert!(first.split_whitespace().count() >= 5, "{text:?}: {:?}", sentence.text);
        }
    }
}

/// The text up to its first full stop followed by a space.
fn passages_first_sentence(text: &str) -> &str {
    text.split_once(". ").map_or(text, |(first, _)| first)
}

fn block(heading: &str, text: &str, whole: bool, quotable: bool) -> Block {
    Block {
        heading: heading.into(),
        text: text.into(),
        whole,
        quotable,
        run_in: 0,
        list_item: false,
        bare_row: false,
    }
}

#[test]
fn markdown_becomes_blocks_under_their_headings() {
    let markdown = "Intro paragraph with a [link](/guides/x/).\n\n\
## First part\n\n\
- One item of the list.\n\
- Two **bold** item.\n\n\
```sh\ncurl http://example.com\n```\n\n\
## Table\n\n\
| Thing | Why |\n| --- | --- |\n| Registry | One place to look |\n\n\
| Measure | Before | After |\n| --- | --- | --- |\n| Error | 14.2% | 6.5% |\n\n\
| Area | Data it relies on | First step |\n| --- | --- | --- |\n| Demand | Orders | Measure |\n\n\
| Area | Data it relies on every single day | First step |\n| --- | --- | --- |\n| Demand | Orders | Measure |\n";
    assert_eq!(
        markdown_blocks(markdown),
        [
            block("", "Intro paragraph with a \u{1}link\u{2}.", false, true),
            block("First part", "One item of the list.", false, true),
            block("First part", "Two bold item.", false, true),
            // A two-column row is a label and a cell, marked so it opens no answer alone.
            Block { bare_row: true, ..block("Table", "Registry: One place to look", true, true) },
            block("Table", "Error: Before 14.2%, After 6.5%", true, true),
            // A label of three to five words is set off from its cell, and the row quoted.
            block("Table", "Demand: Data it relies on: Orders; First step: Measure", true, true),
            // One of more is a wide table's, run in and never quoted.
            block(
                "Table",
                "Demand: Data it relies on every single day Orders, First step Measure",
                true,
                false,
            ),
        ]
    );
    assert_eq!(
        markdown_links("See [the guide](/guides/x/#part) and [a page](https://example.com/)."),
        [("/guides/x/".to_string(), "the guide".to_string())]
    );
}

#[test]
fn the_index_covers_every_item_kind_with_sorted_postings_and_passages_grouped_by_item() {
    let mut diagnostics = Diagnostics::default();
    let sources = load::load(Path::new(FIXTURE), &mut diagnostics);
    let content = validate::validate(&sources, &fixture_expectations(), &mut diagnostics)
        .expect("the fixture validates");
    let index = build(&local(), &content);
    let kinds: Vec<SourceKind> = index.items.iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        [
            SourceKind::Guide,
            SourceKind::Guide,
            SourceKind::Service,
            SourceKind::Service,
            SourceKind::Industry,
            SourceKind::CaseStudy,
            SourceKind::Docs,
            SourceKind::Assessment,
            SourceKind::Contact,
        ]
    );
    assert_eq!(index.item_passage_start.len(), index.items.len() + 1);
    assert_eq!(*index.item_passage_start.last().expect("end"), index.passages.len() as u32);
    for (item, bounds) in index.item_passage_start.windows(2).enumerate() {
        let passages = &index.passages[bounds[0] as usize..bounds[1] as usize];
        assert!(!passages.is_empty(), "item {item} has its description at least");
        assert!(passages.len() <= index.max_item_passages);
        assert!(passages.iter().all(|p| usize::from(p.item) == item));
        let description = index.items[item].description.trim_end_matches('.');
        assert!(passages[0].text.starts_with(description), "the description comes first");
        assert_eq!(passages[0].block, 0);
    }
    assert!(index.terms.windows(2).all(|pair| pair[0].stem < pair[1].stem));
    for term in &index.terms {
        assert!(term.item_postings.windows(2).all(|pair| pair[0].0 < pair[1].0), "{}", term.stem);
        assert!(
            term.passage_postings.windows(2).all(|pair| pair[0].0 < pair[1].0),
            "{}",
            term.stem
        );
        assert!(term.item_postings.iter().all(|p| p.1 > 0));
        assert!(term.weight > 0 && term.weight <= index.unknown_term_weight);
    }
    for item in &index.items {
        let object: serde_json::Value = serde_json::from_str(&item.schema_org).expect("JSON");
        assert_eq!(object["@type"], item.kind.schema_type());
    }

    let canned = company::answers(&local(), &content, &index);
    assert_eq!(canned.len(), CompanyTopic::ALL.len());
    for (topic, answer) in CompanyTopic::ALL.iter().zip(&canned) {
        assert!(!answer.sentences.is_empty(), "{topic:?}");
        for (text, start, end) in &answer.sentences {
            assert!(start <= end && usize::from(*end) <= answer.sources.len(), "{topic:?}: {text}");
        }
        assert!(answer.sources.iter().all(|&i| usize::from(i) < index.items.len()));
    }
    let pricing = &canned[CompanyTopic::Pricing as usize];
    assert!(pricing.sentences[0].0.contains("publishes no prices"));
    assert!(pricing.sentences.iter().any(|s| s.0.contains("hello@fixture.example")));
}

#[test]
fn sentences_that_point_back_and_sentences_that_define_are_recognised() {
    for text in [
        "MLOps is the set of practices that notices when this happens and fixes it.",
        "Most teams learn to live with this.",
        "A second review catches this, because it reads the code.",
        "The first shows cumulative drift; the second shows sudden changes.",
        // What the call of the sentence before gave back, and a story's past with no
        // subject of its own (the forty-fifth pass).
        "The answer has an access_token with scope export.",
        "The result is a sector where the route to production is demanding.",
        "There was no capacity for forecasting.",
    ] {
        assert!(refers_back(text), "{text}");
    }
    for text in [
        "This is opened by the word itself, which the continuation list handles.",
        "Use this checklist before launch.",
        "A data contract is an explicit, versioned agreement between teams.",
        "The answer call dominates: 4,500 input tokens at 3 per million.",
        "There is no API key to apply for.",
    ] {
        assert!(!refers_back(text), "{text}");
    }
    for text in [
        "A data contract is an explicit, versioned agreement between teams.",
        "MLOps is the set of practices and tools that notices drift.",
        "Feature stores are a way to share features between training and serving.",
    ] {
        assert!(is_definition(text), "{text}");
    }
    for text in [
        "\"amount in pence\" is a contract; \"amount\" is not.",
        "It is the set of practices that matters.",
        "What is a data contract?",
        "The team that owns the pipeline and the dashboards is the one to ask.",
        "Data quality is usually worse than people think.",
    ] {
        assert!(!is_definition(text), "{text}");
    }
}

/// A sentence states a duration when a count stands right before a unit of time, in words or
/// digits, hyphenated or not; a unit that names a stretch, or one counted as a rate, does not.
#[test]
fn durations_are_a_count_before_a_unit_of_time() {
    for text in [
        "A typical engagement lasts six to eight weeks.",
        "Model audit (2 to 3 weeks).",
        "A four-week diagnostic of your strategy.",
        "A prioritised 90-day plan.",
        "Tranche 1 (3\u{2013}6 months): the minimum platform.",
        "Usage should hold for a few months.",
        "It takes about ten minutes.",
    ] {
        assert!(states_duration(text), "{text}");
    }
    for text in [
        "Week 1. Kick-off and document review.",
        "Weeks 1 and 2: discovery.",
        "Ask three teams for last month's active customer count.",
        "Failed runs fall to a handful a month.",
        "Loads finish hours earlier.",
        "Six analysts and two engineers.",
    ] {
        assert!(!states_duration(text), "{text}");
    }
}

/// A label and a list of names is not a sentence for a person: "Product tools: list_services,
/// get_service, ..." was quoted for "Do you have a case study in healthcare?".
#[test]
fn lists_of_names_are_not_sentences() {
    for text in [
        "Product tools: list_services, get_service, list_industries, list_case_studies.",
        "Docs tools: search_guides, get_guide and list_categories.",
        "Sectors: retail, healthcare, insurance.",
    ] {
        assert!(is_name_list(text), "{text}");
    }
    for text in [
        "Three things matter: the owner, the contract and the tests.",
        "Two tools: search_guides and get_guide.",
        "We cover retail, healthcare and insurance.",
        "Weeks 1 and 2: discovery, interviews with twelve people, a report.",
    ] {
        assert!(!is_name_list(text), "{text}");
    }
}

/// A bold or italic run opening a block and closed by a full stop is a run-in label however
/// many words it has: the first sentence's lead-in, never quoted. One that states a duration
/// is split as before.
#[test]
fn a_run_in_label_is_known_by_its_markup() {
    let blocks = markdown_blocks(
        "- **Data scientist and ML engineer.** A model built in a notebook is not a product.\n\
         - **Not a label** but a sentence of its own that runs on.\n\n\
         *Foundation, 6 to 8 weeks.* We assess current practice and choose the domains.\n",
    );
    assert_eq!(blocks[0].run_in, "Data scientist and ML engineer.".len());
    assert_eq!(blocks[1].run_in, 0);
    let split = |block: &Block| -> Vec<(String, String)> {
        sentences_after(&block.text, block.run_in)
            .into_iter()
            .map(|s| (s.lead_in, s.text))
            .collect()
    };
    assert_eq!(
        split(&blocks[0]),
        [(
            "Data scientist and ML engineer.".to_string(),
            "A model built in a notebook is not a product.".to_string()
        )]
    );
    assert_eq!(split(&blocks[2])[0].1, "Foundation, 6 to 8 weeks.");
}

/// A block of a bulleted or numbered list, tight or loose, that a lead-in ending in a colon
/// introduces is a list item: quoted beside another sentence without its lead-in, it reads as
/// a claim of its own. The paragraphs before and after the list are not, and nor is a list
/// with no such lead-in (right under its heading, or after a paragraph that ends otherwise).
#[test]
fn a_list_item_is_known_by_its_markup() {
    let blocks = markdown_blocks(
        "Write them down at each gate. Examples:\n\n\
         - Data access not granted within six weeks.\n\
         - Run cost estimate exceeds half the benefit.\n\n\
         Then the steps:\n\n\
         1. A first numbered step.\n\n   \
         Its second paragraph.\n\n\
         2. A second numbered step.\n\n\
         In money, a pilot costs less than a platform.\n\n\
         - A list after a paragraph of its own.\n\n\
         ## The common measures\n\n\
         - MAPE: the average of percentage errors.\n",
    );
    let flags: Vec<(&str, bool)> =
        blocks.iter().map(|block| (block.text.as_str(), block.list_item)).collect();
    assert_eq!(
        flags,
        [
            ("Write them down at each gate. Examples:", false),
            ("Data access not granted within six weeks.", true),
            ("Run cost estimate exceeds half the benefit.", true),
            ("Then the steps:", false),
            ("A first numbered step.", true),
            ("Its second paragraph.", true),
            ("A second numbered step.", true),
            ("In money, a pilot costs less than a platform.", false),
            ("A list after a paragraph of its own.", false),
            ("MAPE: the average of percentage errors.", false),
        ]
    );
}
