//! A query as search sees it: units (a word, or a synonym phrase of several words), each with
//! the index terms it may match and how (exactly, as a prefix, through a synonym, or with a
//! typo).

use std::cell::Cell;
use std::ops::Range;

use crate::limits::{SEARCH_MAX_QUERY_TERMS, SEARCH_PREFIX_MIN_CHARS, SEARCH_TYPO_MAX_TERMS};
use crate::tables::{
    PHRASE_HEADS, POSTINGS_START, PREFIX_WORDS, SYNONYM_TERMS, SYNONYMS, TERM_IDS, TERM_KEYS,
    WORD_INDEX,
};

use super::tokenize::{self, Token};
use super::typo;

/// How an index term came to match a query unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The unit's own stem or phrase.
    Exact,
    /// A word the last unit's word begins.
    Prefix,
    /// A term `content/synonyms.toml` gives for the unit.
    Synonym,
    /// A word this many edits away from the unit's word (1 or 2).
    Typo(u8),
}

/// One index term a unit may match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alternative {
    pub term: u32,
    pub kind: Kind,
}

/// One unit of the query: what `relevance` counts.
#[derive(Debug, Clone)]
pub struct Unit {
    /// The stem, or the stems of a synonym phrase joined by spaces.
    pub key: String,
    /// For a single word: the word as typed (lowercased) and its byte range in the query.
    pub word: Option<(String, Range<usize>)>,
    /// Whether the word may be unfinished (the last word of the query).
    pub prefix: bool,
    /// For a single word the library uses: its place in the vocabulary and the term of its
    /// stem, found with the word (so it need not be looked up again).
    pub known: Option<Known>,
    /// Distinct terms, each with the best way it matched.
    pub alternatives: Vec<Alternative>,
}

/// Whether `term` is in any guide.
pub fn has_postings(term: u32) -> bool {
    let term = term as usize;
    POSTINGS_START.get(term + 1).is_some_and(|&end| end > POSTINGS_START[term])
}

/// The stem of `word` (lowercased) if the library uses the word: the build stored each
/// indexed word with its stem's term, so this is the stemmer's own output, found by one hash
/// look-up (`WORD_INDEX`) instead of Snowball's suffix rules.
pub fn known_stem(word: &str) -> Option<&'static str> {
    known_term(word).map(|(stem, _)| stem)
}

/// A word the library uses: its place in `PREFIX_WORDS` and its stem's term id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known {
    pub place: u32,
    pub term: u32,
}

/// [`known_stem`] with where the word stands in the vocabulary.
fn known_term(word: &str) -> Option<(&'static str, Known)> {
    let place = *WORD_INDEX.get(word)?;
    let term = PREFIX_WORDS.get(place as usize)?.1;
    TERM_KEYS.get(term as usize).map(|&stem| (stem, Known { place, term }))
}

/// The most stems a synonym phrase beginning with `stem` has (1 if none begins with it).
fn longest_phrase_from(stem: &str) -> usize {
    PHRASE_HEADS
        .binary_search_by(|&(head, _)| head.cmp(stem))
        .map_or(1, |idx| usize::from(PHRASE_HEADS[idx].1))
}

/// [`tokenize::for_each_token`] with stems of known words from the build's vocabulary.
pub fn for_each_token(text: &str, mut each: impl FnMut(Token)) {
    tokenize::for_each_token_with(text, known_stem, |word, stem, span| {
        each(Token {
            word: word.to_owned(),
            stem: stem.to_owned(),
            start: span.start,
            end: span.end,
        })
    });
}

/// A token of the query: its word and stem as ranges of one buffer, and where it stands in
/// the query.
struct QueryToken {
    word: Range<usize>,
    stem: Range<usize>,
    span: Range<usize>,
    /// Where the word stands in the vocabulary, when the library uses it.
    known: Option<Known>,
}

/// Splits `q` into units: at each word, the longest run of words that is a synonym phrase
/// becomes one unit, otherwise the word alone. Repeated units are kept once; at most
/// [`SEARCH_MAX_QUERY_TERMS`].
pub fn units(q: &str) -> Vec<Unit> {
    // Each token's word and stem are ranges of one buffer: no strings per token.
    let mut buffer = String::with_capacity(2 * q.len());
    let mut tokens: Vec<QueryToken> = Vec::with_capacity(16);
    // The tokenizer asks for a word's stem just before handing over its token, so the term
    // found with the stem is passed along beside it.
    let found = Cell::new(None);
    let known = |word: &str| {
        let known = known_term(word);
        found.set(known.map(|(_, known)| known));
        known.map(|(stem, _)| stem)
    };
    tokenize::for_each_token_with(q, known, |word, stem, span| {
        let word_at = buffer.len();
        buffer.push_str(word);
        let stem_at = buffer.len();
        buffer.push_str(stem);
        let known = found.take();
        tokens.push(QueryToken {
            word: word_at..stem_at,
            stem: stem_at..buffer.len(),
            span,
            known,
        });
    });
    let stem = |token: &QueryToken| &buffer[token.stem.clone()];
    let mut units: Vec<Unit> = Vec::with_capacity(tokens.len().min(SEARCH_MAX_QUERY_TERMS));
    let mut phrase = String::new();
    let mut idx = 0;
    while idx < tokens.len() && units.len() < SEARCH_MAX_QUERY_TERMS {
        let mut taken = 1;
        let mut key = stem(&tokens[idx]);
        let longest = longest_phrase_from(key).min(tokens.len() - idx);
        for len in (2..=longest).rev() {
            phrase.clear();
            for (n, token) in tokens[idx..idx + len].iter().enumerate() {
                if n > 0 {
                    phrase.push(' ');
                }
                phrase.push_str(stem(token));
            }
            if SYNONYMS.contains_key(phrase.as_str()) {
                key = &phrase;
                taken = len;
                break;
            }
        }
        let last = idx + taken == tokens.len();
        let token = &tokens[idx];
        let word = &buffer[token.word.clone()];
        let prefix = taken == 1 && last && word.chars().count() >= SEARCH_PREFIX_MIN_CHARS;
        match units.iter_mut().find(|unit| unit.key == key) {
            // A repeated word may still be the unfinished last one.
            Some(unit) => unit.prefix |= prefix,
            None => units.push(Unit {
                key: key.to_owned(),
                word: (taken == 1).then(|| (word.to_owned(), token.span.clone())),
                prefix,
                known: if taken == 1 { token.known } else { None },
                alternatives: Vec::new(),
            }),
        }
        idx += taken;
    }
    for (unit_idx, unit) in units.iter_mut().enumerate() {
        expand(unit, unit_idx < SEARCH_TYPO_MAX_TERMS);
    }
    units
}

fn push(alternatives: &mut Vec<Alternative>, term: u32, kind: Kind) {
    if !alternatives.iter().any(|a| a.term == term) {
        alternatives.push(Alternative { term, kind });
    }
}

/// Fills in a unit's alternatives. Typo matches are looked for only when the word matches
/// nothing exactly (nor, for the last word, as a prefix): a word the library uses is taken to
/// be meant (see README, "Search").
fn expand(unit: &mut Unit, typo_tolerant: bool) {
    let mut alternatives = Vec::new();
    let term = unit.known.map(|known| known.term);
    if let Some(term) = term.or_else(|| TERM_IDS.get(unit.key.as_str()).copied()) {
        push(&mut alternatives, term, Kind::Exact);
    }
    // A known word's term says whether its stem is a synonym key; only other keys are hashed.
    let may_have_synonyms = term.is_none_or(|term| SYNONYM_TERMS.binary_search(&term).is_ok());
    if let Some(synonyms) = may_have_synonyms.then(|| SYNONYMS.get(unit.key.as_str())).flatten() {
        for &term in synonyms.iter() {
            push(&mut alternatives, term, Kind::Synonym);
        }
    }
    if let Some((word, _)) = &unit.word {
        if unit.prefix {
            let mut completions = Vec::new();
            let place = unit.known.map(|known| known.place as usize);
            typo::prefix_terms(word, place, &mut completions);
            for term in completions {
                push(&mut alternatives, term, Kind::Prefix);
            }
        }
        let found_as_typed = alternatives
            .iter()
            .any(|a| matches!(a.kind, Kind::Exact | Kind::Prefix) && has_postings(a.term));
        if typo_tolerant && !found_as_typed {
            // For the last word: when the word as typed is a near miss of whole words, it was
            // finished ("chrun" is "churn"), so words it merely begins near ("chunk") are left out.
            let near = typo::typo_words(word, unit.prefix);
            let any_whole = near.iter().any(|n| n.whole);
            for near in near.into_iter().filter(|n| n.distance > 0 && (n.whole || !any_whole)) {
                push(&mut alternatives, near.term, Kind::Typo(near.distance));
            }
        }
    }
    unit.alternatives = alternatives;
}
