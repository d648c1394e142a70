//! Guide search over the build-time index: query → ranked hits → one page of JSON.
//!
//! Matching: a guide matches a query term if it contains the term's stem; the last term of
//! three or more characters also matches any indexed word it prefixes (search-as-you-type).
//! A guide matches the query if it matches any term.
//!
//! Order: `relevance` (distinct terms matched) descending, then the summed BM25F impacts
//! descending, then library order. Without terms: library order (category, then title).
//! All working memory is fixed-size arrays on the stack; the only allocations are the query's
//! tokens and the response body.

pub mod cursor;
pub mod tokenize;

use crate::model::N_GUIDES;
use crate::tables::{GUIDES, POSTINGS, POSTINGS_START, PREFIX_WORDS, TERM_IDS};

/// Words shorter than this never prefix-match (too many expansions to mean anything).
pub const PREFIX_MIN_CHARS: usize = 3;
/// Distinct query terms considered; later ones are ignored. `q` is at most 200 characters, so
/// this is only reached by queries of many tiny words.
pub const MAX_QUERY_TERMS: usize = 64;

/// One matching guide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// Index into `tables::GUIDES`.
    pub guide: u16,
    /// Distinct query terms matched; 0 for a listing without terms.
    pub relevance: u8,
    /// Summed impacts (BM25F × 1000).
    pub score: u32,
}

/// Every matching guide in rank order.
#[derive(Debug, Clone)]
pub struct Ranked {
    hits: [Hit; N_GUIDES],
    len: usize,
    /// Whether the query had search terms (`relevance` is then reported).
    pub keyword: bool,
}

impl Ranked {
    pub fn hits(&self) -> &[Hit] {
        &self.hits[..self.len]
    }
}

/// A query term: its stem, and the word as typed when it may prefix-match.
#[derive(Debug)]
struct Term {
    stem: String,
    prefix: Option<String>,
}

fn query_terms(q: &str) -> Vec<Term> {
    let mut terms: Vec<Term> = Vec::new();
    tokenize::for_each_token(q, |token| {
        if terms.len() < MAX_QUERY_TERMS && !terms.iter().any(|t| t.stem == token.stem) {
            terms.push(Term { stem: token.stem, prefix: Some(token.word) });
        }
    });
    // Only the last term typed may be unfinished.
    let n_terms = terms.len();
    for (idx, term) in terms.iter_mut().enumerate() {
        let keep = idx + 1 == n_terms
            && term.prefix.as_ref().is_some_and(|w| w.chars().count() >= PREFIX_MIN_CHARS);
        if !keep {
            term.prefix = None;
        }
    }
    terms
}

fn postings(term_id: u32) -> &'static [(u16, u16)] {
    let start = POSTINGS_START[term_id as usize] as usize;
    let end = POSTINGS_START[term_id as usize + 1] as usize;
    &POSTINGS[start..end]
}

/// Ranks the library for `q` (already trimmed), optionally within one category.
pub fn search(q: &str, category: Option<u8>) -> Ranked {
    let empty = Hit { guide: 0, relevance: 0, score: 0 };
    let mut ranked = Ranked { hits: [empty; N_GUIDES], len: 0, keyword: false };
    let in_category = |guide: usize| category.is_none_or(|c| GUIDES[guide].category == c);
    let terms = query_terms(q);
    if q.is_empty() {
        for guide in (0..N_GUIDES).filter(|&g| in_category(g)) {
            ranked.hits[ranked.len] = Hit { guide: guide as u16, relevance: 0, score: 0 };
            ranked.len += 1;
        }
        return ranked;
    }
    ranked.keyword = true;
    let mut matched = [0u8; N_GUIDES];
    let mut score = [0u32; N_GUIDES];
    let mut best = [0u16; N_GUIDES];
    for term in &terms {
        best.fill(0);
        if let Some(&term_id) = TERM_IDS.get(term.stem.as_str()) {
            for &(guide, impact) in postings(term_id) {
                best[guide as usize] = best[guide as usize].max(impact);
            }
        }
        if let Some(prefix) = &term.prefix {
            let first = PREFIX_WORDS.partition_point(|(word, _)| *word < prefix.as_str());
            for &(_, term_id) in PREFIX_WORDS[first..]
                .iter()
                .take_while(|(word, _)| word.starts_with(prefix.as_str()))
            {
                for &(guide, impact) in postings(term_id) {
                    best[guide as usize] = best[guide as usize].max(impact);
                }
            }
        }
        for guide in 0..N_GUIDES {
            if best[guide] > 0 {
                matched[guide] += 1;
                score[guide] += u32::from(best[guide]);
            }
        }
    }
    for guide in (0..N_GUIDES).filter(|&g| matched[g] > 0 && in_category(g)) {
        ranked.hits[ranked.len] =
            Hit { guide: guide as u16, relevance: matched[guide], score: score[guide] };
        ranked.len += 1;
    }
    ranked.hits[..ranked.len].sort_unstable_by(|a, b| {
        b.relevance.cmp(&a.relevance).then(b.score.cmp(&a.score)).then(a.guide.cmp(&b.guide))
    });
    ranked
}

/// Writes the ResourceSearchPage JSON for `hits` (one page) into a new string.
pub fn page_json(query: &str, hits: &[Hit], keyword: bool, next_cursor: Option<&str>) -> String {
    let mut out = String::with_capacity(256 + hits.len() * 900);
    out.push_str("{\"query\":");
    push_json_string(&mut out, query);
    out.push_str(",\"count\":");
    push_number(&mut out, hits.len() as u64);
    out.push_str(",\"nextCursor\":");
    match next_cursor {
        Some(cursor) => push_json_string(&mut out, cursor),
        None => out.push_str("null"),
    }
    out.push_str(",\"results\":[");
    for (idx, hit) in hits.iter().enumerate() {
        if idx > 0 {
            out.push(',');
        }
        out.push_str(GUIDES[hit.guide as usize].json_open);
        if keyword {
            out.push_str(",\"relevance\":");
            push_number(&mut out, u64::from(hit.relevance));
        }
        out.push('}');
    }
    out.push_str("]}");
    out
}

fn push_number(out: &mut String, n: u64) {
    use std::fmt::Write as _;
    let _ = write!(out, "{n}");
}

/// Appends `text` as a JSON string literal.
fn push_json_string(out: &mut String, text: &str) {
    // serde_json's escaping is the reference; a String writer cannot fail.
    out.push_str(&serde_json::Value::from(text).to_string());
}
