//! The inverted index over guides, built with the shared tokenizer.
//!
//! Ranking is BM25F: each field's term frequency is weighted (title above answers above
//! description above body), summed, and fed to BM25 with the weighted document length. Every
//! part of that formula is fixed at build time, so each posting stores its final contribution
//! ("impact") and a query only adds impacts.

use std::collections::BTreeMap;

use pulldown_cmark::{Event, Parser};

use super::tokenize::for_each_token;
use super::validate::Guide;

/// Field weights of BM25F. Titles and the questions a guide answers say most about it.
pub const WEIGHT_TITLE: f64 = 3.0;
pub const WEIGHT_ANSWERS: f64 = 2.5;
pub const WEIGHT_DESCRIPTION: f64 = 1.5;
pub const WEIGHT_BODY: f64 = 1.0;
/// BM25 term-frequency saturation.
pub const K1: f64 = 1.2;
/// BM25 length normalisation.
pub const B: f64 = 0.75;
/// Impacts are stored as integers: `impact * IMPACT_SCALE`, rounded. Integer sums keep the
/// ranking exact and identical on every machine.
pub const IMPACT_SCALE: f64 = 1000.0;

/// The finished index, ready to emit.
#[derive(Debug, Default)]
pub struct SearchIndex {
    /// `(stem, postings)` sorted by stem; postings are `(guide index, impact)` by guide index.
    pub terms: Vec<(String, Vec<(u16, u16)>)>,
    /// `(word as written, lowercased; term index)` sorted by word, for prefix matching.
    pub words: Vec<(String, u32)>,
}

/// Builds the index over `guides` (already in published order).
pub fn build_index(guides: &[Guide]) -> SearchIndex {
    // stem -> guide -> weighted term frequency
    let mut frequencies: BTreeMap<String, BTreeMap<u16, f64>> = BTreeMap::new();
    let mut word_stems: BTreeMap<String, String> = BTreeMap::new();
    let mut lengths = Vec::with_capacity(guides.len());
    for (guide_idx, guide) in guides.iter().enumerate() {
        let guide_idx = guide_idx as u16;
        let mut length = 0.0;
        let body_text = plain_text(&guide.body);
        let answers = guide.answers.join(" ");
        let fields: [(&str, f64); 4] = [
            (&guide.title, WEIGHT_TITLE),
            (&answers, WEIGHT_ANSWERS),
            (&guide.description, WEIGHT_DESCRIPTION),
            (&body_text, WEIGHT_BODY),
        ];
        for (text, weight) in fields {
            for_each_token(text, |token| {
                length += weight;
                *frequencies
                    .entry(token.stem.clone())
                    .or_default()
                    .entry(guide_idx)
                    .or_default() += weight;
                word_stems.entry(token.word).or_insert(token.stem);
            });
        }
        lengths.push(length);
    }
    let n_docs = guides.len() as f64;
    let average_length = lengths.iter().sum::<f64>() / n_docs.max(1.0);
    let mut terms = Vec::with_capacity(frequencies.len());
    for (stem, postings) in frequencies {
        let df = postings.len() as f64;
        let idf = (1.0 + (n_docs - df + 0.5) / (df + 0.5)).ln();
        let postings = postings
            .into_iter()
            .map(|(guide_idx, tf)| {
                let norm = K1 * (1.0 - B + B * lengths[usize::from(guide_idx)] / average_length);
                let impact = idf * tf * (K1 + 1.0) / (tf + norm);
                (guide_idx, (impact * IMPACT_SCALE).round().clamp(1.0, f64::from(u16::MAX)) as u16)
            })
            .collect();
        terms.push((stem, postings));
    }
    let term_index: BTreeMap<&str, u32> =
        terms.iter().enumerate().map(|(i, (s, _))| (s.as_str(), i as u32)).collect();
    let words = word_stems
        .iter()
        .filter_map(|(word, stem)| Some((word.clone(), *term_index.get(stem.as_str())?)))
        .collect();
    SearchIndex { terms, words }
}

/// The readable text of a markdown body: link targets, markup and code fences are dropped.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    for event in Parser::new(markdown) {
        match event {
            Event::Text(text) | Event::Code(text) => {
                out.push_str(&text);
                out.push(' ');
            }
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            _ => {}
        }
    }
    out
}
