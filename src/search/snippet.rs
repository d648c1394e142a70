//! Snippets: the passage of a hit's guide that best shows why it matched, with the matched
//! words marked.
//!
//! Passages (the description, then the body's sentences packed to at most 30 words) and the
//! byte range and term of every word in them are fixed at build time. Per hit, each posting
//! says which passages hold its term, so picking the passage is a few binary searches and a
//! loop over at most 64 bits; marking walks one passage's tokens.
//!
//! Format: plain text (not HTML-escaped) in which each matched word or phrase is wrapped in
//! `<mark>` and `</mark>`. Passages never contain those two strings themselves (the build
//! drops any that do), so a renderer HTML-escapes the whole string and then turns
//! `&lt;mark&gt;` and `&lt;/mark&gt;` back into tags; an agent can read it as it is.

use crate::tables::{PASSAGE_START, PASSAGES, POSTING_PASSAGES, POSTINGS, POSTINGS_START};

/// Opening mark of a matched word in a snippet.
pub const MARK_OPEN: &str = "<mark>";
/// Closing mark of a matched word in a snippet.
pub const MARK_CLOSE: &str = "</mark>";

/// What a query unit contributes to picking a passage: the terms it matched through (sorted)
/// and its weight (idf × 1000 over the whole library).
#[derive(Debug, Clone)]
pub struct UnitTerms {
    pub terms: Vec<u32>,
    pub weight: u32,
}

/// A passage with its matched words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The passage, plain text.
    pub text: &'static str,
    /// Whether `text` needs escaping inside a JSON string.
    pub json_escape: bool,
    /// Byte ranges of `text` to mark, sorted, not overlapping.
    pub marks: Vec<(u16, u16)>,
}

impl Snippet {
    /// Appends the text with every mark wrapped in `<mark>`/`</mark>`.
    pub fn write_marked(&self, out: &mut String) {
        let mut at = 0;
        for &(start, end) in &self.marks {
            let (start, end) = (usize::from(start), usize::from(end));
            out.push_str(&self.text[at..start]);
            out.push_str(MARK_OPEN);
            out.push_str(&self.text[start..end]);
            out.push_str(MARK_CLOSE);
            at = end;
        }
        out.push_str(&self.text[at..]);
    }

    /// The text with marks, as a new string.
    pub fn marked(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + self.marks.len() * 13);
        self.write_marked(&mut out);
        out
    }
}

fn is_space(gap: &str) -> bool {
    gap.chars().all(char::is_whitespace)
}

/// Which passages of `guide` contain `term` (a bit per passage); 0 if the guide lacks it.
fn passage_mask(term: u32, guide: u16) -> u64 {
    let start = POSTINGS_START[term as usize] as usize;
    let end = POSTINGS_START[term as usize + 1] as usize;
    match POSTINGS[start..end].binary_search_by_key(&guide, |&(g, _)| g) {
        Ok(idx) => POSTING_PASSAGES[start + idx],
        Err(_) => 0,
    }
}

/// The best passage of `guide` for `units`: the one whose matched units weigh most, the
/// earliest among equals; `terms` (sorted) are marked in it.
pub fn best(guide: usize, units: &[UnitTerms], terms: &[u32]) -> Option<Snippet> {
    let first = PASSAGE_START[guide] as usize;
    let n_passages = PASSAGE_START[guide + 1] as usize - first;
    let mut weights = [0u32; 64];
    for unit in units {
        let weight = unit.weight;
        let mask =
            unit.terms.iter().fold(0u64, |mask, &term| mask | passage_mask(term, guide as u16));
        let mut bits = mask;
        while bits != 0 {
            let passage = bits.trailing_zeros() as usize;
            weights[passage] += weight.max(1);
            bits &= bits - 1;
        }
    }
    let (passage, &weight) = weights[..n_passages.min(64)]
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
    if weight == 0 {
        return None;
    }
    let record = &PASSAGES[first + passage];
    let mut marks: Vec<(u16, u16)> = Vec::new();
    for &(start, end, term) in record.tokens {
        if terms.binary_search(&term).is_err() {
            continue;
        }
        // Overlapping marks (a phrase and its words) and marks only a space apart become one,
        // so `<mark>prompt injection</mark>` reads as the phrase it is.
        match marks.last_mut() {
            Some(last)
                if start <= last.1
                    || is_space(&record.text[usize::from(last.1)..usize::from(start)]) =>
            {
                last.1 = last.1.max(end)
            }
            _ => marks.push((start, end)),
        }
    }
    Some(Snippet { text: record.text, json_escape: record.json_escape, marks })
}
