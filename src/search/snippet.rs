//! Snippets: the passage of a hit's guide that best shows why it matched, with the matched
//! words marked.
//!
//! Passages (the description, then the body's sentences packed to at most 30 words) and the
//! byte range and term of every word in them are fixed at build time. Per hit, each posting
//! says which passages hold its term, and each term's guide set (`TERM_GUIDES`) finds the
//! guide's posting by a bit count, so picking the passage is a few bit tests and a loop over at
//! most 64 bits; marking walks one passage's tokens.
//!
//! Format: plain text (not HTML-escaped) in which each matched word or phrase is wrapped in
//! `<mark>` and `</mark>`. Passages never contain those two strings themselves (the build
//! drops any that do), so a renderer HTML-escapes the whole string and then turns
//! `&lt;mark&gt;` and `&lt;/mark&gt;` back into tags; an agent can read it as it is.

use crate::model::packed;
use crate::search::query::Units;
use crate::tables::{PASSAGE_START, PASSAGES, POSTING_PASSAGES, POSTINGS_START, TERM_GUIDES};

/// Opening mark of a matched word in a snippet.
pub const MARK_OPEN: &str = "<mark>";
/// Closing mark of a matched word in a snippet.
pub const MARK_CLOSE: &str = "</mark>";

/// The terms to mark in snippets: sorted, with a 64-bit filter (a bit per term modulo 64) that
/// turns most of a passage's words away before the binary search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MarkTerms {
    terms: Vec<u32>,
    filter: u64,
}

impl MarkTerms {
    pub fn new(mut terms: Vec<u32>) -> Self {
        terms.sort_unstable();
        terms.dedup();
        let filter = terms.iter().fold(0, |filter, &term| filter | 1 << (term % 64));
        MarkTerms { terms, filter }
    }

    pub fn contains(&self, term: u32) -> bool {
        self.filter & 1 << (term % 64) != 0 && self.terms.binary_search(&term).is_ok()
    }
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
    /// The terms to mark.
    terms: &'a MarkTerms,
}

impl Snippet<'_> {
    /// Byte ranges of `text` to mark, in order, not overlapping. Overlapping marks (a phrase
    /// and its words) and marks only a space apart become one, so `<mark>prompt
    /// injection</mark>` reads as the phrase it is.
    pub fn marks(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut matched = self.matched();
        std::iter::from_fn(move || next_mark(&mut matched, self.text))
    }

    /// The matched words' byte ranges, in order.
    fn matched(&self) -> std::iter::Peekable<impl Iterator<Item = (usize, usize)> + '_> {
        self.tokens
            .iter()
            .map(|&token| packed::unpack_token(token))
            .filter(|&(_, _, term)| self.terms.contains(term))
            .map(|(start, end, _)| (usize::from(start), usize::from(end)))
            .peekable()
    }

    /// Appends the text with every mark wrapped in `<mark>`/`</mark>`.
    pub fn write_marked(&self, out: &mut String) {
        self.write_marked_with(out, |out, text| out.push_str(text));
    }

    /// [`Snippet::write_marked`] with each stretch of the text, marked or not, appended by
    /// `write` (an HTML page escapes it). Generic, so each caller gets the loop inlined with
    /// its own writer: a search page renders one snippet per hit.
    #[inline]
    pub fn write_marked_with(&self, out: &mut String, write: impl Fn(&mut String, &str)) {
        let mut at = 0;
        // The loop of `marks`, written out so it inlines here rather than through an
        // iterator shared by every caller (which cost a rendered search page about 500
        // instructions once a second caller appeared).
        let mut matched = self.matched();
        while let Some((start, end)) = next_mark(&mut matched, self.text) {
            write(out, &self.text[at..start]);
            out.push_str(MARK_OPEN);
            write(out, &self.text[start..end]);
            out.push_str(MARK_CLOSE);
            at = end;
        }
        write(out, &self.text[at..]);
    }

    /// The text with marks, as a new string.
    pub fn marked(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + 64);
        self.write_marked(&mut out);
        out
    }
}

/// The next mark of [`Snippet::marks`]: the next matched word, joined with those after it
/// that overlap it or are only a space away.
#[inline(always)]
fn next_mark(
    matched: &mut std::iter::Peekable<impl Iterator<Item = (usize, usize)>>,
    text: &str,
) -> Option<(usize, usize)> {
    let (start, mut end) = matched.next()?;
    while let Some(&(next_start, next_end)) = matched.peek() {
        if next_start > end && !is_space(&text[end..next_start]) {
            break;
        }
        end = end.max(next_end);
        matched.next();
    }
    Some((start, end))
}

fn is_space(gap: &str) -> bool {
    gap.chars().all(char::is_whitespace)
}

/// Which passages of `guide` contain `term` (a bit per passage); 0 if the guide lacks it.
///
/// The term's guide set says whether the guide has a posting, and the bits below the guide's
/// count how far into the term's postings it is: a bit test and at most three popcounts from
/// one cache line, where a binary search of the postings touched several.
fn passage_mask(term: u32, guide: u16) -> u64 {
    let Some(words) = TERM_GUIDES.get(term as usize) else { return 0 };
    let (word, bit) = (usize::from(guide) / 64, u32::from(guide) % 64);
    let Some(&at) = words.get(word) else { return 0 };
    if at >> bit & 1 == 0 {
        return 0;
    }
    let below = words[..word].iter().map(|w| w.count_ones()).sum::<u32>()
        + (at & ((1u64 << bit) - 1)).count_ones();
    let start = POSTINGS_START[term as usize] as usize;
    POSTING_PASSAGES.get(start + below as usize).copied().unwrap_or(0)
}

/// The best passage of `guide` for `units`: the one whose matched units weigh most (each
/// unit's weight as the ranking set it), the earliest among equals; `terms` are marked in it.
pub fn best<'a>(guide: usize, units: &Units, terms: &'a MarkTerms) -> Option<Snippet<'a>> {
    let first = PASSAGE_START[guide] as usize;
    let n_passages = PASSAGE_START[guide + 1] as usize - first;
    let in_guide = if n_passages >= 64 { u64::MAX } else { (1u64 << n_passages) - 1 };
    let mut weights = [0u32; 64];
    let mut any = 0u64;
    for (alternatives, weight) in units.weighed() {
        let mask =
            alternatives.iter().fold(0u64, |mask, a| mask | passage_mask(a.term, guide as u16))
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

#[cfg(test)]
mod tests {
    use crate::search::snippet::MarkTerms;

    /// Every term against every guide: the guide set and its bit count find the posting a
    /// binary search of the term's postings finds, and no passages where there is none.
    #[test]
    fn passage_masks_agree_with_a_search_of_the_postings() {
        use crate::model::{N_GUIDES, packed};
        use crate::tables::{POSTING_PASSAGES, POSTINGS, POSTINGS_START, TERM_KEYS};
        let mut found = 0;
        for term in 0..TERM_KEYS.len() {
            let postings =
                &POSTINGS[POSTINGS_START[term] as usize..POSTINGS_START[term + 1] as usize];
            for guide in 0..N_GUIDES as u16 {
                let expected = postings
                    .binary_search_by_key(&guide, |&p| packed::unpack_posting(p).0)
                    .map_or(0, |idx| POSTING_PASSAGES[POSTINGS_START[term] as usize + idx]);
                assert_eq!(
                    crate::search::snippet::passage_mask(term as u32, guide),
                    expected,
                    "term {term}, guide {guide}"
                );
                found += usize::from(expected != 0);
            }
        }
        assert!(found > 1000, "postings with passages: {found}");
        assert_eq!(
            crate::search::snippet::passage_mask(TERM_KEYS.len() as u32, 0),
            0,
            "no such term"
        );
    }

    #[test]
    fn mark_terms_filter_never_hides_a_term_and_the_search_settles_collisions() {
        let terms = MarkTerms::new(vec![130, 3, 3, 64]);
        for term in [3, 64, 130] {
            assert!(terms.contains(term), "{term}");
        }
        // 67 and 131 share the filter bits of 3 and 130, 0 that of 64: the search decides.
        for term in [0, 67, 131, 4, 65] {
            assert!(!terms.contains(term), "{term}");
        }
        assert!(!MarkTerms::default().contains(0));
    }
}
