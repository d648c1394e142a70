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

use crate::model::packed;
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

/// A passage with its matched words: the marks are worked out as the text is written, so
/// a snippet holds no buffer of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet<'a> {
    /// The passage, plain text.
    pub text: &'static str,
    /// Whether `text` needs escaping inside a JSON string.
    pub json_escape: bool,
    /// The passage's words, by start, packed by `packed::token`.
    tokens: &'static [u64],
    /// The terms to mark, sorted.
    terms: &'a [u32],
}

impl Snippet<'_> {
    /// Byte ranges of `text` to mark, in order, not overlapping. Overlapping marks (a phrase
    /// and its words) and marks only a space apart become one, so `<mark>prompt
    /// injection</mark>` reads as the phrase it is.
    pub fn marks(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut matched = self
            .tokens
            .iter()
            .map(|&token| packed::unpack_token(token))
            .filter(|(_, _, term)| self.terms.binary_search(term).is_ok())
            .map(|(start, end, _)| (usize::from(start), usize::from(end)))
            .peekable();
        std::iter::from_fn(move || {
            let (start, mut end) = matched.next()?;
            while let Some(&(next_start, next_end)) = matched.peek() {
                if next_start > end && !is_space(&self.text[end..next_start]) {
                    break;
                }
                end = end.max(next_end);
                matched.next();
            }
            Some((start, end))
        })
    }

    /// Appends the text with every mark wrapped in `<mark>`/`</mark>`.
    pub fn write_marked(&self, out: &mut String) {
        let mut at = 0;
        for (start, end) in self.marks() {
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
        let mut out = String::with_capacity(self.text.len() + 64);
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
    match POSTINGS[start..end].binary_search_by_key(&guide, |&p| packed::unpack_posting(p).0) {
        Ok(idx) => POSTING_PASSAGES[start + idx],
        Err(_) => 0,
    }
}

/// The best passage of `guide` for `units`: the one whose matched units weigh most, the
/// earliest among equals; `terms` (sorted) are marked in it.
pub fn best<'a>(guide: usize, units: &[UnitTerms], terms: &'a [u32]) -> Option<Snippet<'a>> {
    let first = PASSAGE_START[guide] as usize;
    let n_passages = PASSAGE_START[guide + 1] as usize - first;
    let in_guide = if n_passages >= 64 { u64::MAX } else { (1u64 << n_passages) - 1 };
    let mut weights = [0u32; 64];
    let mut any = 0u64;
    for unit in units {
        let weight = unit.weight;
        let mask =
            unit.terms.iter().fold(0u64, |mask, &term| mask | passage_mask(term, guide as u16))
                & in_guide;
        any |= mask;
        let mut bits = mask;
        while bits != 0 {
            let passage = bits.trailing_zeros() as usize;
            weights[passage] += weight.max(1);
            bits &= bits - 1;
        }
    }
    if any == 0 {
        return None;
    }
    // The heaviest passage, the earliest among equals: only passages some unit matched are
    // looked at, in order (a plain loop: `max_by` with a chained comparator cost several
    // times more). With one unit that is simply the first.
    let (mut passage, mut weight) = (0, 0);
    let mut bits = any;
    while bits != 0 {
        let idx = bits.trailing_zeros() as usize;
        if weights[idx] > weight {
            (passage, weight) = (idx, weights[idx]);
        }
        bits &= bits - 1;
    }
    let record = &PASSAGES[first + passage];
    Some(Snippet {
        text: record.text,
        json_escape: record.json_escape,
        tokens: record.tokens,
        terms,
    })
}
