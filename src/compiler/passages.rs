//! The answer index: every content item (guides, services, industries, case studies, docs
//! pages, the assessment, the contact record) split into passages, with term postings at two
//! levels, built with the shared tokenizer. The answer engine (`src/answer/`) reads it.
//!
//! A passage is one sentence, list item or table row as plain text, with the heading it sits
//! under. Items are ranked by BM25F over their fields (title, the questions a guide answers,
//! description, headings, body); passages by BM25 over their own words, with the heading counted
//! at a lower weight. Every number a query needs is fixed here, so each posting carries its final
//! contribution ("impact") and the engine only adds impacts.
//!
//! This index is separate from guide search's (`index.rs`) on purpose: REST search keeps its
//! own semantics, and either can change without the other.

use std::collections::{BTreeMap, BTreeSet};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use serde_json::{Value, json};

use super::config::Config;
use super::index::{keyed, tokens_of_blocks};
use super::model::{SourceKind, TERMS_HEADING, names_what_goes_wrong};
use super::pages::{ASSESSMENT_PATH, item_path};
use super::tokenize::for_each_token;
use super::validate::{Content, Page};

/// BM25F field weights of the item index. Titles and the questions a guide answers say most
/// about an item; headings name its parts.
pub const ITEM_WEIGHT_TITLE: f64 = 3.0;
pub const ITEM_WEIGHT_ANSWERS: f64 = 2.5;
pub const ITEM_WEIGHT_DESCRIPTION: f64 = 1.5;
pub const ITEM_WEIGHT_HEADINGS: f64 = 1.2;
pub const ITEM_WEIGHT_BODY: f64 = 1.0;
/// The text of links pointing at an item, and the titles of the items they sit in, count at
/// this weight in the item's body: the Healthcare page's link to the hospital case study says
/// the case study is about healthcare, a word the case study never uses.
pub const ITEM_WEIGHT_INBOUND: f64 = 0.5;
/// The words of a guide's slug, the short name its address gives it, that its title does not
/// say count at this weight in its head, as the title's do: the slug says what the guide is for in the fewest words
/// (`find-ai-use-cases`, `guardrails-for-llm-apps`), where its title may say it in others
/// ("How to build a long list of AI and data use cases"). Without it, "how do we find AI use
/// cases?" opened on the use-case register's risk tiers, and the guide whose address says
/// the question came second. A slug word the synonym table reads as another term is left out
/// (`genai`, which the title spells "generative AI"; `vs`): a shorthand of the address, it
/// made "how do I write a genai acceptable use policy" open on the prototype guide.
pub const ITEM_WEIGHT_SLUG: f64 = ITEM_WEIGHT_TITLE;
/// A case study counts the names of the industries whose pages link to it at this weight, in
/// its head: the hospital case study never says "healthcare", and as a body word (an inbound
/// link's title, above) the word counted half, so "do you have a case study in healthcare?"
/// cited the Healthcare page first.
pub const ITEM_WEIGHT_INDUSTRY: f64 = 1.5;
/// A passage's heading counts at this weight beside its own words (1.0): a sentence under
/// "Statistics for data drift" is about drift even when it does not say so.
pub const PASSAGE_WEIGHT_HEADING: f64 = 0.5;
/// The item's title counts in each of its passages at this weight: a sentence of the
/// Healthcare page is about healthcare even when it does not say so, which lets a follow-up
/// ("what about in healthcare?") find the sentence about forecasting there.
pub const PASSAGE_WEIGHT_TITLE: f64 = 0.3;
/// A case study's passages count the names of its industries ([`ITEM_WEIGHT_INDUSTRY`]) at
/// this weight, as they count the item's title: a sentence of the hospital case study is about
/// healthcare as much as about the hospital.
pub const PASSAGE_WEIGHT_INDUSTRY: f64 = PASSAGE_WEIGHT_TITLE;
/// A word of a question a guide answers that neither its title nor any of its passages uses
/// counts at this weight, as the title does, in each passage that shares another word of that
/// question: "can you help us build a chatbot for customer service?" is what the
/// customer-support assistant guide answers, but only its questions say "chatbot" (its body
/// says "assistant"), so no sentence of it held the word and the question was "not covered".
/// Counted in every passage, the "API" of an LLM-cost guide's question raised its token price
/// table over the API page's sentence on getting a token.
pub const PASSAGE_WEIGHT_ANSWERS: f64 = PASSAGE_WEIGHT_TITLE;
/// BM25 term-frequency saturation, both levels.
pub const K1: f64 = 1.2;
/// BM25 length normalisation of items.
pub const ITEM_B: f64 = 0.75;
/// BM25 length normalisation of passages: weaker than for items, because a long sentence is
/// not a sign of a diluted topic the way a long document is.
pub const PASSAGE_B: f64 = 0.5;
/// Impacts and term weights are stored as integers: value × `IMPACT_SCALE`, rounded, so sums
/// are exact and identical on every machine.
pub const IMPACT_SCALE: f64 = 1000.0;
/// A passage with fewer words than this cannot stand alone in an answer (it is still indexed).
pub const MIN_ANSWER_WORDS: usize = 5;
/// Items after a colon that make a passage a list of names rather than a sentence
/// ([`is_name_list`]).
pub const MIN_NAME_LIST_ITEMS: usize = 3;
/// A sentence shorter than this many words never opens a passage: opening its paragraph (a
/// run-in label such as "Data first."), it is indexed with the sentence it introduces but not
/// quoted; later in the paragraph, it joins the sentence before it ([`sentences`]).
pub const MERGE_BELOW_WORDS: usize = 5;

/// Marks the start and end of link text inside a block while it is split into sentences, so a
/// sentence that points elsewhere ("see reconciling old and new platforms") can be flagged.
const LINK_START: char = '\u{1}';
const LINK_END: char = '\u{2}';

/// First words of a sentence that leans on the one before it ("It is owned by the business.").
/// An answer quoting such a sentence quotes the one before it too.
const CONTINUATIONS: &[&str] = &[
    "Also",
    "And",
    "Both",
    "But",
    "Instead",
    "It",
    "Its",
    "So",
    "Such",
    "That",
    "These",
    "They",
    "This",
    "Those",
    "Then",
    "However",
    "Otherwise",
    // "Nor do we write policies ..." says nothing without the denial before it: alone, it
    // answered "could you write our AI policy?" as if the firm wrote none.
    "Nor",
    "Likewise",
    "Similarly",
];

/// What an action gives back, which a sentence opening "The <noun> <verb>" names as the one
/// the sentence before it did ("The answer has your client_id and client_secret.").
const BACK_REFERENCE_NOUNS: &[&str] = &["answer", "reply", "response", "result", "outcome"];

/// Verbs after a [`BACK_REFERENCE_NOUNS`] noun that make it the subject ("The result is ...").
const BACK_REFERENCE_VERBS: &[&str] =
    &["is", "was", "are", "were", "has", "had", "gives", "holds", "lists", "maps", "comes"];

/// Pronouns that, as a sentence's second word, point back at the sentence before ("Keep them;
/// ...", "Review these quarterly.", "When they disagree, ..."): see [`refers_back`]. Not "it",
/// "this" or "that", which as second words are as often a clause's own ("Signs it is time",
/// "At this size", "Models that affect customers").
const BACK_REFERENCE_SECOND: &[&str] = &["them", "these", "those", "they"];

/// Prepositions that open a phrase of circumstance ("Under the GDPR", "In practice", "At
/// twenty steps") before a sentence's subject: see [`refers_back`].
const FRAMING_PREPOSITIONS: &[&str] = &[
    "Across", "After", "At", "Before", "By", "During", "For", "From", "In", "On", "Once", "Over",
    "Under", "Until", "With", "Within", "Without",
];

/// The most words an opening phrase of [`FRAMING_PREPOSITIONS`] runs to before a subject
/// pronoun that points back ("Under the GDPR and the UK GDPR it ...").
const FRAMING_PHRASE_WORDS: usize = 7;

/// Words after a mid-sentence "this" that make it point back at the sentence before
/// ("... notices when this happens ..."): the sentence leans on that one as much as one that
/// opens with "This".
const BACK_REFERENCE_AFTER_THIS: &[&str] = &[
    "happens", "happened", "is", "was", "means", "meant", "matters", "works", "fails", "helps",
    "changes", "goes",
];

/// Verbs of a sentence that says what its subject is ("A data contract is an explicit,
/// versioned agreement ..."), each followed by one of [`DEFINITION_ARTICLES`].
const DEFINITION_VERBS: &[&str] = &["is", "are", "means"];
const DEFINITION_ARTICLES: &[&str] = &["a", "an", "the", "one"];
/// The most words the subject of a definition has ("A data contract", "MLOps").
const DEFINITION_MAX_SUBJECT_WORDS: usize = 4;

/// One item as the answer engine cites it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerItem {
    pub kind: SourceKind,
    pub slug: String,
    pub title: String,
    pub url: String,
    pub description: String,
    pub category: Option<String>,
    /// The schema.org JSON-LD object, serialised.
    pub schema_org: String,
}

/// One passage, ready to emit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassageText {
    pub item: u16,
    pub heading: String,
    pub text: String,
    pub block: u16,
    pub signature: u64,
    pub answerable: bool,
    pub continues: bool,
    pub cross_reference: bool,
    pub defines: bool,
    pub states_duration: bool,
    pub list_item: bool,
    pub bare_row: bool,
}

/// One indexed stem and its postings at both levels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnswerTerm {
    pub stem: String,
    /// Inverse item frequency × `IMPACT_SCALE`: how much finding this term says about a match.
    pub weight: u16,
    /// `(item index, impact, in its head)` by item index; the head is the title, the answers
    /// questions, the description and the headings, where an item says what it is about.
    pub item_postings: Vec<(u16, u16, bool)>,
    /// `(passage index, impact, found in the passage's own text)` by passage index; the flag
    /// is false when only its heading or item title has the term.
    pub passage_postings: Vec<(u32, u16, bool)>,
}

/// The finished answer index.
#[derive(Debug, Clone, Default)]
pub struct AnswerIndex {
    /// In `SourceKind` order; within a kind, in published order.
    pub items: Vec<AnswerItem>,
    /// Grouped by item, in reading order within an item.
    pub passages: Vec<PassageText>,
    /// Passages of item `i` are `passages[item_passage_start[i]..item_passage_start[i + 1]]`.
    pub item_passage_start: Vec<u32>,
    /// Sorted by stem.
    pub terms: Vec<AnswerTerm>,
    /// The weight a term found in no item gets (the largest possible).
    pub unknown_term_weight: u16,
    /// The most passages any one item has.
    pub max_item_passages: usize,
    /// `(word, item)`: an industry page's `sector_words` and the index of that industry's
    /// item, sorted by word.
    pub sector_words: Vec<(String, u16)>,
    /// `(phrase, items)`: each phrase of the synonym table (its stems joined by spaces) that
    /// some guide or service writes, with how many of them write it (title, the questions a
    /// guide answers, description, headings or body, its words next to each other in one
    /// sentence, as search reads a phrase in a guide), sorted by phrase.
    pub phrase_writers: Vec<(String, u16)>,
}

/// A block of an item before it is split into sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub heading: String,
    pub text: String,
    /// A table row or a composed line: kept whole, never split into sentences.
    pub whole: bool,
    /// Whether its sentences may be quoted in an answer (a wide table's row reads badly).
    pub quotable: bool,
    /// Bytes of `text` that are a run-in label set in bold or italics and closed by a full
    /// stop ("**Data scientist and ML engineer.** A model built ..."): never quoted, however
    /// many words it has; 0 when the block opens with none.
    pub run_in: usize,
    /// An item of a bulleted or numbered list that a lead-in ending in a colon introduces
    /// ("Examples:"): a sentence of it leans on the lead-in for what it is an example of. A
    /// list right under its heading ("## The common measures") says its items' context
    /// itself, but for a heading of what goes wrong ("## Pitfalls", `names_what_goes_wrong`),
    /// which says what its items are as a lead-in does: quoted beside prose, "Adding \"do not
    /// hallucinate\" to the prompt and considering the matter closed." reads as advice. An
    /// item whose run-in label names the mistake ("**Sunk cost.** What was spent is
    /// irrelevant ...") goes on to say what is right, and is not marked.
    pub list_item: bool,
    /// A row of a two-column table, its cell joined to its label with no column label
    /// ("Monitoring: Input drift, prediction drift and, ..." under "Component | Why it
    /// matters"): a label and a cell, no sentence its author wrote.
    pub bare_row: bool,
}

/// An item with the text its index entries are built from.
struct Source {
    item: AnswerItem,
    /// The item's path on the site (`/guides/<slug>/`), for resolving links to it.
    path: String,
    answers: Vec<String>,
    blocks: Vec<Block>,
    /// `(target path, link text)` of every root-relative link in the body.
    links: Vec<(String, String)>,
}

/// Builds the answer index over every content item.
pub fn build(config: &Config, content: &Content) -> AnswerIndex {
    let sources = sources(config, content);
    let inbound = inbound_links(&sources);
    let industries = industries_of(&sources);
    let mut index = AnswerIndex::default();
    let synonym_words = content.synonyms.word_keys();
    for (item_idx, source) in sources.iter().enumerate() {
        let Some(page) = content
            .industries
            .iter()
            .find(|page| source.item.kind == SourceKind::Industry && page.slug == source.item.slug)
        else {
            continue;
        };
        for word in &page.sector_words {
            index.sector_words.push((word.clone(), item_idx as u16));
        }
    }
    index.sector_words.sort();
    index.phrase_writers = phrase_writers(&sources, &content.synonyms.phrase_keys());
    // stem -> item -> weighted term frequency; stem -> passage -> weighted term frequency
    let mut item_tf: BTreeMap<String, BTreeMap<u16, (f64, bool)>> = BTreeMap::new();
    let mut passage_tf: BTreeMap<String, BTreeMap<u32, (f64, bool)>> = BTreeMap::new();
    let mut item_lengths = Vec::with_capacity(sources.len());
    let mut passage_lengths = Vec::new();
    for (item_idx, source) in sources.iter().enumerate() {
        let item_idx = item_idx as u16;
        index.item_passage_start.push(index.passages.len() as u32);
        let passages = item_passages(item_idx, source);
        index.max_item_passages = index.max_item_passages.max(passages.len());

        let mut length = 0.0;
        let mut count = |text: &str, weight: f64, head: bool, length: &mut f64| {
            for_each_token(text, |token| {
                *length += weight;
                let entry = item_tf.entry(token.stem).or_default().entry(item_idx).or_default();
                entry.0 += weight;
                entry.1 |= head;
            });
        };
        count(&source.item.title, ITEM_WEIGHT_TITLE, true, &mut length);
        // The slug's words the title does not say, but those the synonym table reads as
        // another term. Only the item counts them: counted in each passage as the title is,
        // they drowned the sentence that says the title's words ("data contracts for
        // beginners" lost the definition of a data contract).
        let mut slug_words = String::new();
        if source.item.kind == SourceKind::Guide {
            let mut title_stems = std::collections::HashSet::new();
            for_each_token(&source.item.title, |token| {
                title_stems.insert(token.stem);
            });
            for_each_token(&source.item.slug.replace('-', " "), |token| {
                if !title_stems.contains(&token.stem) && !synonym_words.contains(&token.stem) {
                    slug_words.push_str(&token.word);
                    slug_words.push(' ');
                }
            });
        }
        // A name, not more text: it does not lengthen the item, whose length normalises every
        // term's impact (counted in the length, it moved "What is a data catalogue?" off the
        // platform guide that defines one).
        count(&slug_words, ITEM_WEIGHT_SLUG, true, &mut 0.0);
        for answer in &source.answers {
            count(answer, ITEM_WEIGHT_ANSWERS, true, &mut length);
        }
        count(&source.item.description, ITEM_WEIGHT_DESCRIPTION, true, &mut length);
        let industry_names = industries[usize::from(item_idx)].join(" ");
        count(&industry_names, ITEM_WEIGHT_INDUSTRY, true, &mut length);
        let mut last_heading = "";
        for block in &source.blocks {
            if block.heading != last_heading {
                count(&block.heading, ITEM_WEIGHT_HEADINGS, true, &mut length);
                last_heading = &block.heading;
            }
            count(&block.text, ITEM_WEIGHT_BODY, false, &mut length);
        }
        for (anchor, from_title) in &inbound[usize::from(item_idx)] {
            count(anchor, ITEM_WEIGHT_INBOUND, false, &mut length);
            count(from_title, ITEM_WEIGHT_INBOUND, false, &mut length);
        }
        item_lengths.push(length);

        // The words of each question the guide answers that its title and passages never use,
        // and the words of that question they do use.
        let mut written = std::collections::HashSet::new();
        for_each_token(&source.item.title, |token| {
            written.insert(token.stem);
        });
        for (passage, lead_in) in &passages {
            for text in [lead_in, &passage.text, &passage.heading] {
                for_each_token(text, |token| {
                    written.insert(token.stem);
                });
            }
        }
        let unwritten: Vec<(Vec<String>, String)> = source
            .answers
            .iter()
            .map(|answer| {
                let mut shared = Vec::new();
                let mut words = String::new();
                for_each_token(answer, |token| {
                    if written.contains(&token.stem) {
                        shared.push(token.stem);
                    } else {
                        words.push_str(&token.word);
                        words.push(' ');
                    }
                });
                (shared, words)
            })
            .filter(|(_, words)| !words.is_empty())
            .collect();
        for (passage, lead_in) in passages {
            // The description says what the case study is, and its industry is part of that:
            // it counts the industries' names as its own words, so "do you have a case study
            // in healthcare?" quotes the hospital's description, not only the Healthcare page.
            let description_industries =
                if passage.block == 0 { industry_names.clone() } else { String::new() };
            let passage_idx = index.passages.len() as u32;
            let mut own_stems = Vec::new();
            for_each_token(&passage.text, |token| own_stems.push(token.stem));
            let answers: String = unwritten
                .iter()
                .filter(|(shared, _)| shared.iter().any(|stem| own_stems.contains(stem)))
                .map(|(_, words)| words.as_str())
                .collect();
            let mut length = 0.0;
            let fields = [
                // A run-in label is not quoted ("**Pipeline health.** Run duration, retries,
                // ..."): its words say what the sentence is about, as a heading's do, but the
                // quoted text does not say them.
                (&lead_in, 1.0, false),
                (&passage.text, 1.0, true),
                (&passage.heading, PASSAGE_WEIGHT_HEADING, false),
                (&source.item.title, PASSAGE_WEIGHT_TITLE, false),
                (&answers, PASSAGE_WEIGHT_ANSWERS, false),
                (&industry_names, PASSAGE_WEIGHT_INDUSTRY, false),
                (&description_industries, 1.0, true),
            ];
            for (text, weight, own_text) in fields {
                for_each_token(text, |token| {
                    length += weight;
                    let entry =
                        passage_tf.entry(token.stem).or_default().entry(passage_idx).or_default();
                    entry.0 += weight;
                    entry.1 |= own_text;
                });
            }
            passage_lengths.push(length);
            index.passages.push(passage);
        }
        index.items.push(source.item.clone());
    }
    index.item_passage_start.push(index.passages.len() as u32);

    let n_items = index.items.len() as f64;
    let n_passages = index.passages.len() as f64;
    let average_item = item_lengths.iter().sum::<f64>() / n_items.max(1.0);
    let average_passage = passage_lengths.iter().sum::<f64>() / n_passages.max(1.0);
    let idf = |df: f64, n: f64| (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
    let scaled = |value: f64| (value * IMPACT_SCALE).round().clamp(1.0, f64::from(u16::MAX)) as u16;
    index.unknown_term_weight = scaled(idf(0.0, n_items));
    let mut stems: Vec<&String> = item_tf.keys().chain(passage_tf.keys()).collect();
    stems.sort();
    stems.dedup();
    for stem in stems {
        let mut term = AnswerTerm { stem: stem.clone(), ..AnswerTerm::default() };
        if let Some(postings) = item_tf.get(stem) {
            let item_idf = idf(postings.len() as f64, n_items);
            term.weight = scaled(item_idf);
            term.item_postings = postings
                .iter()
                .map(|(&item, &(tf, head))| {
                    let norm = K1
                        * (1.0 - ITEM_B + ITEM_B * item_lengths[usize::from(item)] / average_item);
                    (item, scaled(item_idf * tf * (K1 + 1.0) / (tf + norm)), head)
                })
                .collect();
        } else {
            term.weight = index.unknown_term_weight;
        }
        if let Some(postings) = passage_tf.get(stem) {
            let passage_idf = idf(postings.len() as f64, n_passages);
            term.passage_postings = postings
                .iter()
                .map(|(&passage, &(tf, own_text))| {
                    let length = passage_lengths[passage as usize];
                    let norm = K1 * (1.0 - PASSAGE_B + PASSAGE_B * length / average_passage);
                    (passage, scaled(passage_idf * tf * (K1 + 1.0) / (tf + norm)), own_text)
                })
                .collect();
        }
        index.terms.push(term);
    }
    index
}

/// The kinds of item whose writing a phrase counts: the guides, as search counts, and the
/// services, the firm's own pages. An industry page or a case study is about a sector or one
/// client, and its wording is no term of the library's.
const PHRASE_WRITER_KINDS: &[SourceKind] = &[SourceKind::Guide, SourceKind::Service];

/// How many guides and services write each phrase of the synonym table that some item writes
/// ([`AnswerIndex::phrase_writers`]). Search counts a phrase's guides only, which is right for
/// its index; the answer engine quotes the services too, and "chief data officer", which one guide
/// and the fractional leadership service write, was read as its trade term (`head of data`)
/// because the service went uncounted.
fn phrase_writers(sources: &[Source], phrases: &BTreeSet<String>) -> Vec<(String, u16)> {
    let max_stems = phrases.iter().map(|p| p.split(' ').count()).max().unwrap_or(1);
    let mut writers: BTreeMap<String, u16> = BTreeMap::new();
    for source in sources.iter().filter(|source| PHRASE_WRITER_KINDS.contains(&source.item.kind)) {
        let mut written = BTreeSet::new();
        let mut last_heading = "";
        let mut texts: Vec<&str> = vec![&source.item.title, &source.item.description];
        texts.extend(source.answers.iter().map(String::as_str));
        for block in &source.blocks {
            if block.heading != last_heading {
                texts.push(&block.heading);
                last_heading = &block.heading;
            }
            texts.push(&block.text);
        }
        // Each text on its own: no phrase runs from one block, heading or question into the
        // next.
        for (_, _, key) in keyed(&tokens_of_blocks(texts), phrases, max_stems) {
            if phrases.contains(&key) {
                written.insert(key);
            }
        }
        for key in written {
            *writers.entry(key).or_default() += 1;
        }
    }
    writers.into_iter().collect()
}

/// Every item with its indexable text, in `SourceKind` order.
fn sources(config: &Config, content: &Content) -> Vec<Source> {
    let site = &config.site_url;
    let publisher = json!({
        "@type": "Organization",
        "name": content.site.company,
        "url": format!("{site}/"),
    });
    let mut sources = Vec::new();
    for guide in &content.guides {
        let url = format!("{site}{}", item_path("guides", &guide.slug));
        let category = content.categories[guide.category].name.clone();
        let schema = json!({
            "@context": "https://schema.org",
            "@type": SourceKind::Guide.schema_type(),
            "name": guide.title,
            "headline": guide.title,
            "url": url,
            "description": guide.description,
            "articleSection": category,
            "publisher": publisher,
        });
        sources.push(Source {
            item: AnswerItem {
                kind: SourceKind::Guide,
                slug: guide.slug.clone(),
                title: guide.title.clone(),
                url,
                description: guide.description.clone(),
                category: Some(category),
                schema_org: schema.to_string(),
            },
            path: item_path("guides", &guide.slug),
            answers: guide.answers.clone(),
            blocks: markdown_blocks(&guide.body),
            links: markdown_links(&guide.body),
        });
    }
    let kinds: [(SourceKind, &str, &[Page]); 4] = [
        (SourceKind::Service, "services", &content.services),
        (SourceKind::Industry, "industries", &content.industries),
        (SourceKind::CaseStudy, "case-studies", &content.case_studies),
        (SourceKind::Docs, "docs", &content.docs),
    ];
    for (kind, dir, pages) in kinds {
        for page in pages {
            let url = format!("{site}{}", item_path(dir, &page.slug));
            let mut schema = json!({
                "@context": "https://schema.org",
                "@type": kind.schema_type(),
                "name": page.name,
                "url": url,
                "description": page.description,
            });
            match kind {
                SourceKind::Service => schema["provider"] = publisher.clone(),
                SourceKind::Industry => {
                    schema["about"] = json!({"@type": "Thing", "name": page.name});
                    schema["publisher"] = publisher.clone();
                }
                SourceKind::CaseStudy => {
                    schema["genre"] = json!("Case study");
                    schema["publisher"] = publisher.clone();
                }
                _ => schema["publisher"] = publisher.clone(),
            }
            sources.push(Source {
                item: AnswerItem {
                    kind,
                    slug: page.slug.clone(),
                    title: page.name.clone(),
                    url,
                    description: page.description.clone(),
                    category: None,
                    schema_org: schema.to_string(),
                },
                path: item_path(dir, &page.slug),
                answers: Vec::new(),
                blocks: markdown_blocks(&page.body),
                links: markdown_links(&page.body),
            });
        }
    }
    sources.push(assessment_source(config, content, &publisher));
    sources.push(contact_source(config, content));
    sources
}

/// The self-assessment as an item: its description is composed from its structure, its
/// passages are the instructions, each area's description and advice, and each band's summary.
fn assessment_source(config: &Config, content: &Content, publisher: &Value) -> Source {
    let assessment = &content.assessment;
    let url = format!("{}{ASSESSMENT_PATH}", config.site_url);
    let n_questions: usize = assessment.sections.iter().map(|s| s.questions.len()).sum();
    let n_scored: usize =
        assessment.sections.iter().flat_map(|s| &s.questions).filter(|q| q.scored).count();
    let areas: Vec<&str> = assessment.sections.iter().map(|s| s.title.as_str()).collect();
    let description = format!(
        "A {n_questions}-question self-assessment of AI readiness in {} areas ({}); the {n_scored} scored answers give a score from 0 to 100 and one of {} maturity bands.",
        areas.len(),
        join_list(&areas),
        assessment.bands.len()
    );
    let schema = json!({
        "@context": "https://schema.org",
        "@type": SourceKind::Assessment.schema_type(),
        "name": assessment.title,
        "url": url,
        "description": description,
        "applicationCategory": "BusinessApplication",
        "publisher": publisher,
    });
    let mut blocks = Vec::new();
    if let Some(instructions) = &assessment.instructions {
        blocks.push(Block {
            heading: String::new(),
            text: instructions.clone(),
            whole: false,
            quotable: true,
            run_in: 0,
            list_item: false,
            bare_row: false,
        });
    }
    for section in &assessment.sections {
        if let Some(desc) = &section.desc {
            blocks.push(Block {
                heading: section.title.clone(),
                text: desc.clone(),
                whole: false,
                quotable: true,
                run_in: 0,
                list_item: false,
                bare_row: false,
            });
        }
        for advice in [&section.advice, &section.strong_advice] {
            blocks.push(Block {
                heading: section.title.clone(),
                text: advice.clone(),
                whole: false,
                quotable: true,
                run_in: 0,
                list_item: false,
                bare_row: false,
            });
        }
    }
    // A band's line says, as the page does, that it is a band and which scores it holds:
    // "Building: Foundations are in place ..." left "band" to the heading, where it counts
    // half, and "what does the Building band mean?" quoted a thresholds guide's "Low band:
    // auto-approve ..." (the common "building" weighing little) before the band's meaning.
    for (idx, band) in assessment.bands.iter().enumerate() {
        if let Some(summary) = &band.summary {
            let top = assessment.bands.get(idx + 1).map_or(100, |next| next.min.saturating_sub(1));
            blocks.push(Block {
                heading: format!("Maturity bands: {}", band.name),
                text: format!(
                    "The {} band, a score from {} to {top}: {summary}",
                    band.name, band.min
                ),
                whole: true,
                quotable: true,
                run_in: 0,
                list_item: false,
                bare_row: false,
            });
        }
    }
    Source {
        item: AnswerItem {
            kind: SourceKind::Assessment,
            slug: ASSESSMENT_PATH.trim_matches('/').to_string(),
            title: assessment.title.clone(),
            url,
            description,
            category: None,
            schema_org: schema.to_string(),
        },
        path: ASSESSMENT_PATH.to_string(),
        answers: Vec::new(),
        blocks,
        links: Vec::new(),
    }
}

/// The contact record as an item, cited as the organisation: the company description and
/// tagline, how to get in touch, where it is, what the API cannot do, and how the firm works
/// with a client (its `terms`, under the home page's heading for them). Its url is the
/// contact details on the home page, `<site>/#contact` (the footer every page has), the url
/// of the MCP servers' contact document, so every surface cites the same address.
fn contact_source(config: &Config, content: &Content) -> Source {
    let contact = &content.contact;
    let site = &content.site;
    let url = format!("{}{}", config.site_url, super::documents::CONTACT_FRAGMENT);
    let description = format!("{} Email {}.", site.description, contact.email);
    let mut schema = json!({
        "@context": "https://schema.org",
        "@type": SourceKind::Contact.schema_type(),
        "name": contact.company,
        "url": url,
        "description": site.description,
        "slogan": site.tagline,
        "email": contact.email,
    });
    if let Some(location) = &contact.location {
        schema["address"] = json!(location);
    }
    let mut contact_point = json!({"@type": "ContactPoint", "contactType": "enquiries", "email": contact.email, "url": url});
    if let Some(how) = &contact.how {
        contact_point["description"] = json!(how);
    }
    schema["contactPoint"] = contact_point;
    let heading = format!("Contact {}", contact.company);
    let mut blocks = vec![Block {
        heading: String::new(),
        text: site.tagline.clone(),
        whole: false,
        quotable: true,
        run_in: 0,
        list_item: false,
        bare_row: false,
    }];
    blocks.push(Block {
        heading: heading.clone(),
        text: format!("Email {} at {}.", contact.company, contact.email),
        whole: true,
        quotable: true,
        run_in: 0,
        list_item: false,
        bare_row: false,
    });
    for text in
        [&contact.how, &contact.location.as_ref().map(|l| format!("Location: {l}.")), &contact.note]
            .into_iter()
            .flatten()
    {
        blocks.push(Block {
            heading: heading.clone(),
            text: text.clone(),
            whole: false,
            quotable: true,
            run_in: 0,
            list_item: false,
            bare_row: false,
        });
    }
    for term in &contact.terms {
        blocks.push(Block {
            heading: TERMS_HEADING.to_string(),
            text: term.clone(),
            whole: false,
            quotable: true,
            run_in: 0,
            list_item: false,
            bare_row: false,
        });
    }
    Source {
        item: AnswerItem {
            kind: SourceKind::Contact,
            slug: "contact".to_string(),
            title: contact.company.clone(),
            url,
            description,
            category: None,
            schema_org: schema.to_string(),
        },
        path: "/".to_string(),
        answers: Vec::new(),
        blocks,
        links: Vec::new(),
    }
}

/// For each item, `(link text, title of the linking item)` of every link pointing at it from
/// another item, in item order.
fn inbound_links(sources: &[Source]) -> Vec<Vec<(String, String)>> {
    let by_path: BTreeMap<&str, usize> =
        sources.iter().enumerate().map(|(idx, source)| (source.path.as_str(), idx)).collect();
    let mut inbound = vec![Vec::new(); sources.len()];
    for (from, source) in sources.iter().enumerate() {
        for (target, anchor) in &source.links {
            if let Some(&to) = by_path.get(target.as_str()).filter(|&&to| to != from) {
                inbound[to].push((anchor.clone(), source.item.title.clone()));
            }
        }
    }
    inbound
}

/// For each item, the names of the industries whose pages link to it when it is a case study
/// (industry pages list their case studies), in item order; empty for every other item.
fn industries_of(sources: &[Source]) -> Vec<Vec<String>> {
    let by_path: BTreeMap<&str, usize> =
        sources.iter().enumerate().map(|(idx, source)| (source.path.as_str(), idx)).collect();
    let mut industries = vec![Vec::new(); sources.len()];
    for source in sources.iter().filter(|source| source.item.kind == SourceKind::Industry) {
        for (target, _) in &source.links {
            let Some(&to) = by_path.get(target.as_str()) else { continue };
            let names: &mut Vec<String> = &mut industries[to];
            if sources[to].item.kind == SourceKind::CaseStudy && !names.contains(&source.item.title)
            {
                names.push(source.item.title.clone());
            }
        }
    }
    industries
}

/// `(target path, link text)` of every root-relative link in a markdown body, fragment
/// removed.
pub fn markdown_links(markdown: &str) -> Vec<(String, String)> {
    let mut links = Vec::new();
    let mut current: Option<(String, String)> = None;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) if dest_url.starts_with('/') => {
                let target = dest_url.split('#').next().unwrap_or_default().to_string();
                current = Some((target, String::new()));
            }
            Event::Text(text) | Event::Code(text) => {
                if let Some((_, anchor)) = current.as_mut() {
                    anchor.push_str(&text);
                }
            }
            Event::End(TagEnd::Link) => links.extend(current.take()),
            _ => {}
        }
    }
    links
}

/// Whether `c`, opening a passage, is an operator that opens a line of a calculation (`=`,
/// `+`, `−`, `×`, ...); a hyphen is left out, since a list's dash never reaches the text.
fn opens_formula(c: char) -> bool {
    matches!(c, '=' | '+' | '<' | '>' | '~' | '×' | '÷' | '−' | '±' | '≈' | '≤' | '≥' | '≠')
}

/// `a`, `a and b`, `a, b and c`.
pub fn join_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Whether `text` is a label and a list of names ("Product tools: list_services, get_service,
/// list_industries, ..."): three or more comma-separated items of one word each after a colon.
/// It is not a sentence for a person, so it is never quoted (it still ranks its item).
pub fn is_name_list(text: &str) -> bool {
    let Some((_, names)) = text.split_once(':') else { return false };
    let names = names.trim().trim_end_matches('.').replace(" and ", ",").replace(" or ", ",");
    let mut count = 0;
    for name in names.split(',').filter(|name| !name.trim().is_empty()) {
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return false;
        }
        count += 1;
    }
    count >= MIN_NAME_LIST_ITEMS
}

/// The passages of one item: its description first (under the item's title), then every
/// sentence of its body; each with the lead-in it is indexed with ([`Sentence::lead_in`]).
fn item_passages(item_idx: u16, source: &Source) -> Vec<(PassageText, String)> {
    let mut passages = Vec::new();
    let mut push =
        |heading: &str, sentence: Sentence, block: u16, quotable: bool, in_quote: bool| {
            let Sentence { mut lead_in, mut text } = sentence;
            // A run-in label that states a duration ("*Foundation, 6 to 8 weeks.* We assess
            // ...") is what a "how long" question wants: quoted with its sentence, not dropped;
            // so is a label whose fragment states one ("**Duration:** seven months ..."), which
            // alone would not be quotable.
            let lowercase = text.chars().next().is_some_and(char::is_lowercase);
            if !lead_in.is_empty()
                && (states_duration(&lead_in) || (lowercase && states_duration(&text)))
            {
                text = format!("{lead_in} {text}");
                lead_in.clear();
            }
            let cross_reference = text.contains(LINK_START);
            let unmarked = |text: &str| -> String {
                text.chars().filter(|&c| c != LINK_START && c != LINK_END).collect()
            };
            let (lead_in, text) = (unmarked(&lead_in), unmarked(&text));
            let words = text.split_whitespace().count();
            // A fragment continuing a lead-in ("a data or analytics engineer.") starts in lowercase.
            let fragment = text.chars().next().is_some_and(char::is_lowercase);
            // A line of a calculation opens with its operator ("= Invoiced revenue in the
            // warehouse: 13.70", a bridge table's total row): a figure of a worked example,
            // not a statement, and quoted it answered "our dashboards disagree on revenue".
            let formula = text.chars().next().is_some_and(opens_formula);
            let answerable = quotable
                && !fragment
                && !formula
                && words >= MIN_ANSWER_WORDS
                && !text.ends_with(':')
                && !is_name_list(&text);
            // A sentence after a run-in label leans on the label, not on the paragraph before.
            let opening = if lead_in.is_empty() { &text } else { &lead_in };
            let first_word = opening.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
            // Also a sentence that opens inside a quotation (the quote began in the one before)
            // or points back mid-sentence: quoted alone, it reads as a claim of its own.
            let continues = CONTINUATIONS.contains(&first_word) || in_quote || refers_back(&text);
            let defines = !continues && is_definition(&text);
            let states_duration = states_duration(&text);
            let text = with_full_stop(text);
            passages.push((
                PassageText {
                    item: item_idx,
                    heading: heading.to_string(),
                    signature: signature(&text),
                    text,
                    block,
                    answerable,
                    continues,
                    cross_reference,
                    defines,
                    states_duration,
                    list_item: false,
                    bare_row: false,
                },
                lead_in,
            ));
        };
    // Descriptions of guides and pages say what the item covers ("How direct and indirect
    // prompt injection work, ..."), not what is true, so they rank items but are not quoted;
    // case-study descriptions and the composed ones of the records are plain statements.
    let description_quotable = matches!(
        source.item.kind,
        SourceKind::CaseStudy | SourceKind::Assessment | SourceKind::Contact
    );
    let whole = |text: &str| Sentence { lead_in: String::new(), text: text.to_string() };
    push(&source.item.title, whole(&source.item.description), 0, description_quotable, false);
    for (block_idx, block) in source.blocks.iter().enumerate() {
        let block_number = (block_idx + 1).min(usize::from(u16::MAX)) as u16;
        if block.whole {
            push(&block.heading, whole(&block.text), block_number, block.quotable, false);
        } else {
            // Quotation marks seen so far in the block: straight ones by parity, curly ones
            // by depth; a sentence that opens with either unbalanced is inside a quotation.
            let (mut straight, mut curly) = (0usize, 0isize);
            for sentence in sentences_after(&block.text, block.run_in) {
                let in_quote = straight % 2 == 1 || curly > 0;
                for ch in sentence.lead_in.chars().chain(sentence.text.chars()) {
                    match ch {
                        '"' => straight += 1,
                        '\u{201c}' => curly += 1,
                        '\u{201d}' => curly -= 1,
                        _ => {}
                    }
                }
                push(&block.heading, sentence, block_number, block.quotable, in_quote);
            }
        }
    }
    for (passage, _) in &mut passages {
        let block =
            usize::from(passage.block).checked_sub(1).and_then(|block| source.blocks.get(block));
        passage.list_item = block.is_some_and(|block| block.list_item);
        passage.bare_row = block.is_some_and(|block| block.bare_row);
    }
    passages
}

/// Whether `text` points back at the sentence before it in mid-sentence: "this" followed by a
/// verb of [`BACK_REFERENCE_AFTER_THIS`] or by punctuation ("... notices when this happens",
/// "... and fixes this.").
pub fn refers_back(text: &str) -> bool {
    // "The first ...; the second ..." and "The former/latter" name what the sentence before
    // listed.
    let opening: Vec<&str> = text.split_whitespace().take(3).collect();
    if let [the, which, ..] = opening[..] {
        let which = which.trim_end_matches([',', ';', ':']);
        if the == "The" && ["first", "second", "former", "latter"].contains(&which) {
            return true;
        }
    }
    // "The answer has an access_token ...", "The result is a sector where ...": what an
    // action of the sentence before gave back (`BACK_REFERENCE_NOUNS`), then a verb; quoted
    // alone, nobody knows which call answered. ("The answer call dominates" names a call.)
    if let [the, noun, verb] = opening[..]
        && the == "The"
        && BACK_REFERENCE_NOUNS.contains(&noun)
        && BACK_REFERENCE_VERBS.contains(&verb)
    {
        return true;
    }
    // "There was no capacity for forecasting.": a story's past told in a sentence with no
    // subject of its own says what the sentence before it led to (whose capacity: the
    // information team's).
    if let [there, was, ..] = opening[..]
        && there == "There"
        && ["was", "were"].contains(&was)
    {
        return true;
    }
    // "Keep them; they are often the cheapest wins.", "Fix those first and re-measure.", "If
    // they agree less than ...": a pronoun second (the object of an opening verb, or the
    // subject after an opening "if" or "when") names what the sentence before said; quoted
    // alone, "whats the cheapest way to run an llm" read "Keep them" of nothing.
    if let [_, second, ..] = opening[..]
        && BACK_REFERENCE_SECOND.contains(&second.trim_end_matches([',', '.', ';', ':']))
    {
        return true;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    // "Under the GDPR and the UK GDPR it is mandatory ...", "In practice it means ...": after
    // an opening phrase of circumstance, "it" or "they" as the subject is what the sentence
    // before named (a DPIA); quoted alone, "do we need to worry about GDPR for an AI project"
    // read that something unnamed was mandatory.
    if words.first().is_some_and(|first| FRAMING_PREPOSITIONS.contains(first)) {
        for (idx, word) in words.iter().enumerate().take(FRAMING_PHRASE_WORDS + 1).skip(1) {
            if word.ends_with([',', ';', ':', '.', '!', '?']) {
                break;
            }
            let verb_follows = words
                .get(idx + 1)
                .is_some_and(|next| next.chars().next().is_some_and(char::is_lowercase));
            if idx >= 2 && matches!(*word, "it" | "they") && verb_follows {
                return true;
            }
        }
    }
    words.iter().enumerate().skip(1).any(|(idx, word)| {
        let bare = word.trim_end_matches([',', '.', ';', ':', '!', '?']);
        if !bare.eq_ignore_ascii_case("this") {
            return false;
        }
        if bare.len() != word.len() {
            return true;
        }
        words.get(idx + 1).is_some_and(|next| {
            let next = next.trim_end_matches([',', '.', ';', ':', '!', '?']).to_ascii_lowercase();
            BACK_REFERENCE_AFTER_THIS.contains(&next.as_str())
        })
    })
}

/// Whether `text` says what its subject is: a short subject (an article and at most
/// [`DEFINITION_MAX_SUBJECT_WORDS`] words, capitalised or alphanumeric, no quotation), then
/// "is", "are" or "means", then an article ("A data contract is an explicit, versioned
/// agreement ...", "MLOps is the set of practices ..."). Questions never are.
pub fn is_definition(text: &str) -> bool {
    if text.contains('?') {
        return false;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(verb_at) = words.iter().position(|w| DEFINITION_VERBS.contains(w)) else {
        return false;
    };
    let subject = &words[..verb_at];
    let subject = match subject.first() {
        Some(first) if ["A", "An", "The"].contains(first) => &subject[1..],
        _ => subject,
    };
    let clean_subject = !subject.is_empty()
        && subject.len() <= DEFINITION_MAX_SUBJECT_WORDS
        && subject.iter().all(|w| w.chars().all(|c| c.is_alphanumeric() || c == '-'))
        && subject.first().is_some_and(|w| !CONTINUATIONS.contains(w));
    clean_subject && words.get(verb_at + 1).is_some_and(|w| DEFINITION_ARTICLES.contains(w))
}

/// Units of time a duration is counted in.
const DURATION_UNITS: &[&str] = &[
    "day",
    "days",
    "fortnight",
    "fortnights",
    "hour",
    "hours",
    "minute",
    "minutes",
    "month",
    "months",
    "quarter",
    "quarters",
    "week",
    "weeks",
    "year",
    "years",
];
/// Words that count units of time ("six weeks", "a few months"); "a" alone is left out, as
/// it also makes a rate ("a handful a month").
const DURATION_COUNTS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "fifteen", "eighteen", "twenty", "thirty", "forty", "sixty", "ninety", "few",
    "several", "many",
];

/// Whether `text` states how long something takes or lasts: a count, in digits or words, right
/// before a unit of time ("six to eight weeks", "2 to 3 weeks", "a four-week diagnostic", "a
/// 90-day plan", "within a few months"). What a "how long ...?" question wants first. A unit
/// that names a stretch rather than counting one ("Week 1.", "last month's count") is not.
pub fn states_duration(text: &str) -> bool {
    let mut previous = String::new();
    for word in text.split(|c: char| c.is_whitespace() || c == '-' || c == '\u{2013}') {
        let word: String = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .chars()
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let counted = !previous.is_empty()
            && (previous.bytes().all(|b| b.is_ascii_digit())
                || DURATION_COUNTS.contains(&previous.as_str()));
        if counted && DURATION_UNITS.contains(&word.as_str()) {
            return true;
        }
        previous = word;
    }
    false
}

/// Ends `text` with terminal punctuation, so passages can be joined into prose.
fn with_full_stop(mut text: String) -> String {
    let last = text.trim_end_matches(['"', '\'', ')', '\u{201d}', '\u{2019}']).chars().last();
    if !matches!(last, Some('.' | '!' | '?' | ':')) {
        text.push('.');
    }
    text
}

/// A 64-bit set of the text's stems (FNV-1a of each stem, modulo 64).
pub fn signature(text: &str) -> u64 {
    let mut bits = 0u64;
    for_each_token(text, |token| {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in token.stem.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        bits |= 1 << (hash % 64);
    });
    bits
}

/// Splits a markdown body into plain-text blocks (paragraphs, list items, table rows), each
/// with the heading above it. Code blocks are dropped: they are not prose to quote.
pub fn markdown_blocks(markdown: &str) -> Vec<Block> {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    let mut blocks = Vec::new();
    let mut heading = String::new();
    let mut in_heading = false;
    let mut in_code = false;
    let mut text = String::new();
    let mut table_head: Vec<String> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut in_table_head = false;
    // A run-in label: the byte length of the bold or italic run opening the block, once it
    // has closed on a full stop; `label_open` while such a run is being read.
    let mut run_in = 0;
    let mut label_open = false;
    // List items open and not yet closed: a block flushed inside one is a list item.
    let mut items_open = 0usize;
    // Whether the outermost list open was introduced by a lead-in ending in a colon
    // ("Examples:"), the paragraph right before it under the same heading.
    let mut led_in = false;
    let flush = |text: &mut String,
                 heading: &str,
                 blocks: &mut Vec<Block>,
                 run_in: &mut usize,
                 in_list: bool,
                 led_in: bool| {
        let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // An item of a list of what goes wrong is the mistake itself ("Fine-tuning to fix
        // problems ..."), unless a run-in label names it ("**Sunk cost.** What was spent is
        // irrelevant ..."): what follows a label says what to do instead.
        let mistake = names_what_goes_wrong(heading) && *run_in == 0;
        if !collapsed.is_empty() {
            blocks.push(Block {
                heading: heading.to_string(),
                text: collapsed,
                whole: false,
                quotable: true,
                run_in: std::mem::take(run_in),
                list_item: in_list && (led_in || mistake),
                bare_row: false,
            });
        }
        *run_in = 0;
        text.clear();
    };
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                flush(&mut text, &heading, &mut blocks, &mut run_in, items_open > 0, led_in);
                heading.clear();
                in_heading = true;
            }
            Event::End(TagEnd::Heading(_)) => {
                heading = heading.split_whitespace().collect::<Vec<_>>().join(" ");
                in_heading = false;
            }
            Event::Start(Tag::Strong | Tag::Emphasis)
                if !in_heading && text.trim().is_empty() && !label_open =>
            {
                label_open = true;
            }
            Event::End(TagEnd::Strong | TagEnd::Emphasis) if label_open => {
                label_open = false;
                let label = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if label.ends_with('.') {
                    run_in = label.len();
                }
            }
            Event::Start(Tag::Link { .. }) if !in_heading => text.push(LINK_START),
            Event::End(TagEnd::Link) if !in_heading => text.push(LINK_END),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(Tag::Item) => {
                flush(&mut text, &heading, &mut blocks, &mut run_in, items_open > 0, led_in);
                items_open += 1;
            }
            Event::End(TagEnd::Item) => {
                flush(&mut text, &heading, &mut blocks, &mut run_in, items_open > 0, led_in);
                items_open = items_open.saturating_sub(1);
            }
            Event::Start(Tag::List(_)) if items_open == 0 => {
                flush(&mut text, &heading, &mut blocks, &mut run_in, false, false);
                led_in = blocks.last().is_some_and(|block: &Block| {
                    !block.whole && block.heading == heading && block.text.ends_with(':')
                });
            }
            Event::Start(Tag::Paragraph | Tag::List(_))
            | Event::End(TagEnd::Paragraph | TagEnd::List(_)) => {
                flush(&mut text, &heading, &mut blocks, &mut run_in, items_open > 0, led_in);
            }
            Event::Start(Tag::TableHead) => {
                flush(&mut text, &heading, &mut blocks, &mut run_in, items_open > 0, led_in);
                in_table_head = true;
                table_head.clear();
            }
            Event::End(TagEnd::TableHead) => in_table_head = false,
            Event::Start(Tag::TableRow) => row.clear(),
            Event::End(TagEnd::TableCell) => {
                let cell = text.split_whitespace().collect::<Vec<_>>().join(" ");
                text.clear();
                if in_table_head { table_head.push(cell) } else { row.push(cell) }
            }
            Event::End(TagEnd::TableRow) => {
                if let Some(row_text) = table_row_text(&table_head, &row) {
                    // "Seven-day forecast error: Before 14.2%, After 6.5%" reads as a sentence;
                    // a row labelled by long column headers does not.
                    // A row under longer labels reads as one when each label is set off
                    // from its cell ("Data engineer: Owns: Getting data in, reliably; Main
                    // question they answer: ..."): the roles guide's row is the answer to
                    // how a data engineer differs from an ML engineer.
                    // A two-column row whose value is a bare figure ("Unexplained, against
                    // finance's £13.60m: 0.01", under "Step | £m") leaves what the figure
                    // counts to the column's label, which its text does not carry: quoted,
                    // it answered "how do we reconcile BI numbers with finance figures?".
                    let bare_figure = row.len() == 2
                        && row[1].chars().any(|c| c.is_ascii_digit())
                        && !row[1].chars().any(char::is_alphabetic);
                    let quotable = !bare_figure
                        && (row.len() <= 2
                            || table_head
                                .iter()
                                .skip(1)
                                .all(|label| label.split_whitespace().count() <= 2)
                            || (labels_read_apart(&table_head)
                                && row_text.len() <= LABELLED_ROW_MAX_BYTES));
                    blocks.push(Block {
                        heading: heading.clone(),
                        text: row_text,
                        whole: true,
                        quotable,
                        run_in: 0,
                        list_item: false,
                        bare_row: row.len() <= 2,
                    });
                }
            }
            Event::Text(fragment) | Event::Code(fragment) if !in_code => {
                if in_heading {
                    heading.push_str(&fragment)
                } else {
                    text.push_str(&fragment)
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if in_heading {
                    heading.push(' ')
                } else {
                    text.push(' ')
                }
            }
            _ => {}
        }
    }
    flush(&mut text, &heading, &mut blocks, &mut run_in, items_open > 0, led_in);
    blocks
}

/// A table row as a sentence: `first: second` for two columns; with more, the other cells are
/// labelled by their column headers, `first: Before 14.2%, After 6.5%`.
fn table_row_text(head: &[String], row: &[String]) -> Option<String> {
    let (first, rest) = row.split_first()?;
    let apart = labels_read_apart(head);
    let rest: Vec<String> = rest
        .iter()
        .enumerate()
        .filter(|(_, cell)| !cell.is_empty())
        .map(|(idx, cell)| match head.get(idx + 1) {
            Some(label) if row.len() > 2 && !label.is_empty() && apart => {
                format!("{label}: {cell}")
            }
            Some(label) if row.len() > 2 && !label.is_empty() => format!("{label} {cell}"),
            _ => cell.clone(),
        })
        .collect();
    if first.is_empty() && rest.is_empty() {
        return None;
    }
    if rest.is_empty() {
        return Some(first.clone());
    }
    Some(format!("{first}: {}", rest.join(if apart { "; " } else { ", " })))
}

/// Whether a table's column labels are set off from their cells in a row's text ("Owns:
/// Getting data in, reliably; Typical outputs: ..."): when one of them is longer than two
/// words, run into its cell ("Main question they answer "Is the data ...?"") it does not read.
fn labels_read_apart(head: &[String]) -> bool {
    head.iter().skip(1).any(|label| label.split_whitespace().count() > 2)
        && head.iter().skip(1).all(|label| label.split_whitespace().count() <= LABEL_MAX_WORDS)
}

/// Longest column label, in words, that a quotable row may carry.
const LABEL_MAX_WORDS: usize = 5;

/// Longest row, in bytes, quoted under labels set off from their cells: a wider row is a
/// table's worth of text in one sentence.
const LABELLED_ROW_MAX_BYTES: usize = 300;

/// Abbreviations whose full stop does not end a sentence (lowercase, without the stop).
const ABBREVIATIONS: &[&str] =
    &["approx", "cf", "dr", "e.g", "eg", "etc", "i.e", "ie", "mr", "mrs", "ms", "no", "st", "vs"];

/// A sentence of a block, with the run-in label it follows when it is the block's first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sentence {
    /// The short sentences (under [`MERGE_BELOW_WORDS`] words) opening the block before its
    /// first full one: a run-in label such as "Extension, optional." or "Week 2.". Indexed
    /// with the sentence, as its words, but never quoted: a passage never opens with one.
    pub lead_in: String,
    /// The sentence as quoted.
    pub text: String,
}

/// Splits plain text into sentences. A sentence ends at `.`, `!` or `?` (and any closing
/// quotes or brackets) followed by a space and a capital letter, a digit or an opening quote,
/// unless the word before the stop is a known abbreviation or a single capital (an initial).
/// A sentence of fewer than [`MERGE_BELOW_WORDS`] words never opens a passage: opening the
/// text, it is the first full sentence's lead-in; later, it joins the sentence before it. Text
/// that is all short sentences is one sentence.
pub fn sentences(text: &str) -> Vec<Sentence> {
    sentences_after(text, 0)
}

/// [`sentences`] of a block whose first `run_in` bytes are a run-in label set off by its
/// markup ([`Block::run_in`]): the label is the first sentence's lead-in whatever its length.
/// Read as a sentence, "**Data scientist and ML engineer.** A model built in a notebook is not
/// a product." opened the answer to how a data engineer differs from an ML engineer on words
/// of the label.
pub fn sentences_after(text: &str, run_in: usize) -> Vec<Sentence> {
    // A label that states a duration ("*Foundation, 6 to 8 weeks.*") is split as before: of
    // five words or more it is a sentence of its own, the answer to how long that phase takes.
    let label = text
        .get(..run_in)
        .map(str::trim)
        .filter(|label| !label.is_empty() && !states_duration(label));
    let mut out = sentences_of(text.get(run_in..).filter(|_| label.is_some()).unwrap_or(text));
    if let Some(label) = label {
        match out.first_mut() {
            Some(first) if first.lead_in.is_empty() => first.lead_in = label.to_string(),
            Some(first) => first.lead_in = format!("{label} {}", first.lead_in),
            // A label alone: it is the text.
            None => out.push(Sentence { lead_in: String::new(), text: label.to_string() }),
        }
    }
    out
}

fn sentences_of(text: &str) -> Vec<Sentence> {
    let mut raw: Vec<&str> = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut idx = 0;
    while idx < chars.len() {
        let (_, ch) = chars[idx];
        if matches!(ch, '.' | '!' | '?') {
            let mut end = idx + 1;
            while end < chars.len()
                && matches!(chars[end].1, '"' | '\'' | ')' | '\u{201d}' | '\u{2019}')
            {
                end += 1;
            }
            let next_is_space = end < chars.len() && chars[end].1.is_whitespace();
            let after = chars[(end + 1).min(chars.len())..]
                .iter()
                .map(|&(_, c)| c)
                .find(|&c| c != LINK_START && c != LINK_END);
            let starts_sentence = after.is_some_and(|c| {
                c.is_uppercase() || c.is_ascii_digit() || matches!(c, '"' | '\u{201c}' | '(')
            });
            let byte_end = chars.get(end).map_or(text.len(), |&(b, _)| b);
            if next_is_space
                && starts_sentence
                && !(ch == '.' && ends_with_abbreviation(&text[start..chars[idx].0]))
            {
                raw.push(text[start..byte_end].trim());
                start = byte_end;
            }
            idx = end;
            continue;
        }
        idx += 1;
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        raw.push(rest);
    }
    let mut out: Vec<Sentence> = Vec::new();
    let mut lead_in = String::new();
    for sentence in raw.into_iter().filter(|sentence| !sentence.is_empty()) {
        let short = sentence.split_whitespace().count() < MERGE_BELOW_WORDS;
        // A short lead-in to what follows ("Handover includes:") is a passage of its own, never
        // quoted: joined to the sentence before, it made that sentence end in a colon, a
        // lead-in too, and the platform service's "The deliverables of platform work are ..."
        // could never be quoted.
        let leads_on = short && sentence.ends_with(':') && !out.is_empty();
        let joined_to =
            if short && !leads_on { out.last_mut().map(|last| &mut last.text) } else { None };
        match joined_to {
            Some(last) => append_sentence(last, sentence),
            None if leads_on => {
                out.push(Sentence { lead_in: String::new(), text: sentence.to_string() });
            }
            None if short => append_sentence(&mut lead_in, sentence),
            None => out.push(Sentence {
                lead_in: std::mem::take(&mut lead_in),
                text: sentence.to_string(),
            }),
        }
    }
    if !lead_in.is_empty() {
        // Nothing but short sentences: they are the text, not a lead-in to it.
        out.push(Sentence { lead_in: String::new(), text: lead_in });
    }
    out
}

fn append_sentence(text: &mut String, sentence: &str) {
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(sentence);
}

fn ends_with_abbreviation(before_stop: &str) -> bool {
    let word = before_stop.rsplit(|c: char| c.is_whitespace() || c == '(').next().unwrap_or("");
    let lower = word.to_lowercase();
    ABBREVIATIONS.contains(&lower.as_str())
        || (word.chars().count() == 1 && word.chars().all(char::is_uppercase))
}
