//! A query as search sees it: units (a word, or a synonym phrase of several words), each with
//! the index terms it may match and how (exactly, as a prefix, through a synonym, or with a
//! typo).

use std::cell::Cell;
use std::ops::Range;
use std::sync::LazyLock;

use crate::limits::{SEARCH_MAX_QUERY_TERMS, SEARCH_PREFIX_MIN_CHARS, SEARCH_TYPO_MAX_TERMS};
use crate::model::packed;
use crate::model::{SEARCH_SUGGEST_ONE_MIN_CHARS, SEARCH_TYPO_ONE_MIN_CHARS};
use crate::tables::{
    KEEP_WORDS, LAST_WORD, MAX_PHRASE_STEMS, PHRASE_HEAD_FILTER, PHRASE_HEADS, POSTINGS_START,
    PREFIX_WORDS, SYNONYM_TERMS, SYNONYMS, TERM_IDS, TERM_KEYS, TITLE_PAIRS, WORD_INDEX,
};

use super::tokenize::{self, Token};
use super::typo::{self, Near};

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
    /// A term a synonym input finds, the input being this many edits away from the unit's
    /// word (an input no guide uses, such as a product name: `tablaeu` for `tableau`).
    SynonymTypo(u8),
}

/// One index term a unit may match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alternative {
    pub term: u32,
    pub kind: Kind,
}

/// One unit of the query: what `relevance` counts. Borrowed from the [`Units`] it is part of.
#[derive(Debug, Clone)]
pub struct Unit<'a> {
    /// The stem, or the stems of a synonym phrase joined by spaces.
    pub key: &'a str,
    /// For a single word: the word as typed (lowercased) and its byte range in the query.
    pub word: Option<(&'a str, Range<usize>)>,
    /// Whether the word may be unfinished (the last word of the query).
    pub prefix: bool,
    /// Whether the word was typed in double quotes (straight or curly): taken as typed, never
    /// corrected, completed or offered another spelling.
    pub as_typed: bool,
    /// For a single word the library uses: its place in the vocabulary and the term of its
    /// stem, found with the word (so it need not be looked up again).
    pub known: Option<Known>,
    /// Whether a sentence's or clause's end (`.`, `?`, `!`, `;` or `:`) stands in the query
    /// between this unit and the one before it: the two are not a phrase.
    pub after_end: bool,
    /// Distinct terms, each with the best way it matched.
    pub alternatives: &'a [Alternative],
}

/// A [`Unit`] without its strings, for the ranking's walks over the units
/// ([`Units::matching`]).
#[derive(Debug, Clone, Copy)]
pub struct Matching<'a> {
    /// Whether the unit is a single word ([`Unit::word`] is `Some`).
    pub is_word: bool,
    /// See [`Unit::prefix`].
    pub prefix: bool,
    /// See [`Unit::after_end`].
    pub after_end: bool,
    /// For a synonym phrase: whether the query has one word between two of its words
    /// ("delete old customer data" for `delete old data`), which counts less than the phrase
    /// typed whole.
    pub gapped: bool,
    /// See [`Unit::alternatives`].
    pub alternatives: &'a [Alternative],
}

/// A query split into units. Every unit's strings are ranges of one buffer and its
/// alternatives a range of one list, so a query of any length takes the same few allocations
/// (no string or list per word).
#[derive(Debug, Clone, Default)]
pub struct Units {
    /// Words, stems and phrase keys, one after another.
    text: String,
    units: Vec<UnitAt>,
    alternatives: Vec<Alternative>,
    /// Each misspelt word that found guides through typo tolerance, as its byte range in the
    /// query and the library word read for it, in query order (see [`Units::read_as`]).
    read_as: Vec<(Range<usize>, String)>,
}

/// Where a unit's parts are in [`Units`].
#[derive(Debug, Clone)]
struct UnitAt {
    key: Range<usize>,
    /// The word in `text`, then its span in the query.
    word: Option<(Range<usize>, Range<usize>)>,
    prefix: bool,
    /// See [`Unit::as_typed`].
    as_typed: bool,
    known: Option<Known>,
    /// See [`Unit::after_end`].
    after_end: bool,
    /// For a synonym phrase reached through misspelt words: the edits that took (at most 2;
    /// 0 for a phrase spelt right and for a single word).
    edits: u8,
    /// See [`Matching::gapped`].
    gapped: bool,
    /// See [`QueryToken::irregular`]; `None` for a phrase.
    irregular: Option<bool>,
    /// A single word that ends the query or its sentence: where a `last_word` synonym input
    /// finds its targets (`tables::LAST_WORD`).
    ends_sentence: bool,
    alternatives: Range<usize>,
    /// Set by the ranking: see [`Units::set_weight`].
    weight: u32,
}

impl Units {
    pub fn len(&self) -> usize {
        self.units.len()
    }

    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The units in query order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Unit<'_>> + '_ {
        self.units.iter().map(|at| Unit {
            key: &self.text[at.key.clone()],
            word: at.word.clone().map(|(word, span)| (&self.text[word], span)),
            prefix: at.prefix,
            as_typed: at.as_typed,
            known: at.known,
            after_end: at.after_end,
            alternatives: &self.alternatives[at.alternatives.clone()],
        })
    }

    /// Each misspelt word that found guides through typo tolerance alone, as its byte range
    /// in the query and the library word it was most likely meant as: a whole word before one
    /// it only begins, then the closest, then the one most guides use. A misspelt word of a
    /// synonym phrase ("lerning" of `machine lerning`) is the word its reading in the phrase
    /// came from. A bare stem no guide writes ("machin") is named as its written word
    /// ("machine"), though it matched as typed. Worked out as the query is expanded, from the
    /// candidates it is expanded with.
    pub fn read_as(&self) -> &[(Range<usize>, String)] {
        &self.read_as
    }

    /// Each unit's alternatives and weight, in query order: [`iter`](Self::iter) without the
    /// strings, for work done once per hit.
    pub fn weighed(&self) -> impl ExactSizeIterator<Item = (&[Alternative], u32)> + '_ {
        self.units.iter().map(|at| (&self.alternatives[at.alternatives.clone()], at.weight))
    }

    /// What the ranking reads of each unit, in query order: [`iter`](Self::iter) without the
    /// strings. Slicing a unit's key and word out of the buffer, with their UTF-8 boundary
    /// checks, cost about 70 instructions a unit each time the units were walked, and the
    /// ranking and the page walk them up to four times (search-8: 2,450 a search).
    pub fn matching(&self) -> impl ExactSizeIterator<Item = Matching<'_>> + '_ {
        self.units.iter().map(|at| Matching {
            is_word: at.word.is_some(),
            prefix: at.prefix,
            after_end: at.after_end,
            gapped: at.gapped,
            alternatives: &self.alternatives[at.alternatives.clone()],
        })
    }

    /// Sets what the unit at `idx` (in query order) weighs in picking a hit's passage: the
    /// ranking's idf for it (× 1000). 0 until set.
    pub fn set_weight(&mut self, idx: usize, weight: u32) {
        if let Some(unit) = self.units.get_mut(idx) {
            unit.weight = weight;
        }
    }

    /// Every unit's alternatives, one unit after another.
    pub fn alternatives(&self) -> &[Alternative] {
        &self.alternatives
    }
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

/// Shortest part of a joined word [`split_joined`] reads as a word of its own.
const JOINED_PART_MIN_CHARS: usize = 3;

/// Shortest part of a joined word when the two parts are words a guide's title or answered
/// question says one after the other (`TITLE_PAIRS`): "cicd" is "CI/CD", as the title of the
/// guide on CI/CD for data transformations writes it. Two-letter words alone are too many to
/// split any four letters into ("data" would be "da ta" if the library had both).
const JOINED_PAIR_PART_MIN_CHARS: usize = 2;

/// A word of the query the library does not use, read as two words it does that were typed
/// without a space ("datagovernance", "featurestore", "machinelearning"; what Meilisearch
/// calls splitting words): each part a word of the library with postings, of at least
/// [`JOINED_PART_MIN_CHARS`] letters, or [`JOINED_PAIR_PART_MIN_CHARS`] when a title or an
/// answered question says the two parts in that order ("cicd"); of several splits, the one
/// whose rarer part more guides use. ASCII words only, so each part is a slice of the word
/// as typed. `None` when no split is two such words; the word then goes to typo tolerance as
/// before. Nor when a word of the library one edit away is used by at least as many guides
/// as the split's rarer part: one letter left out of a common word is a likelier slip than a
/// missing space before a rare one ("enginering" is `engineering`, not "engine ring").
type Part<'a> = (&'a str, &'static str, Known);
fn split_joined(word: &str) -> Option<(Part<'_>, Part<'_>)> {
    if !word.is_ascii() || word.len() < 2 * JOINED_PAIR_PART_MIN_CHARS {
        return None;
    }
    // A word with postings, or one the synonym table gives words for ("db", which no guide
    // writes: "vectordb" is "vector db", which the table reads as "vector database").
    fn part(text: &str) -> Option<Part<'_>> {
        known_term(text)
            .filter(|(_, known)| has_postings(known.term) || is_synonym_input(known.term))
            .map(|(stem, known)| (text, stem, known))
    }
    // Whether a title or an answered question says the two parts in this order, or the
    // synonym table has them as a phrase ("aiact" is `AI Act`). Asked only of a split with a
    // short part, of a word the library does not use.
    let named_pair = |(left, right): &(Part<'_>, Part<'_>)| {
        let pair = (left.2.term, right.2.term);
        let at = TITLE_PAIRS.partition_point(|p| (p.0, p.1) < pair);
        TITLE_PAIRS.get(at).is_some_and(|p| (p.0, p.1) == pair)
            || (longest_phrase_from(left.1) >= 2 && {
                let phrase = [left.1, right.1].join(" ");
                SYNONYMS.contains_key(phrase.as_str())
            })
    };
    let rarer =
        |(left, right): &(Part<'_>, Part<'_>)| guides(left.2.term).min(guides(right.2.term));
    let split = (JOINED_PAIR_PART_MIN_CHARS..=word.len() - JOINED_PAIR_PART_MIN_CHARS)
        .filter_map(|at| {
            let split = (part(&word[..at])?, part(&word[at..])?);
            let short = |part: &Part<'_>| part.0.len() < JOINED_PART_MIN_CHARS;
            // A short part the synonym table names is an acronym typed on ("vectordb",
            // "mlmodel"), not two letters that happen to be a word.
            let unnamed_short = |part: &Part<'_>| short(part) && !is_synonym_input(part.2.term);
            let needs_pair = unnamed_short(&split.0) || unnamed_short(&split.1);
            (!needs_pair || named_pair(&split)).then_some(split)
        })
        .max_by_key(rarer)?;
    let split_guides = rarer(&split);
    let typo_allowed = typo::allowed_edits(word.chars().count()) > 0;
    let nearer = typo_allowed
        && typo::whole_words_near(word, 1)
            .iter()
            .any(|near| near.distance == 1 && guides(near.term) >= split_guides);
    (!nearer).then_some(split)
}

/// The stems of the two library words `split_joined` reads `word` as, for the answer
/// engine, which reads a question's words without search's units ("stockouts" is the guides'
/// "stock-outs", "featurestore" "feature store").
pub fn split_joined_stems(word: &str) -> Option<(&'static str, &'static str)> {
    split_joined(word).map(|(left, right)| (left.1, right.1))
}

/// Whether [`units`] reads `word` (lowercased, with its `stem`) as two library words typed
/// without a space (`split_joined`): a word the library does not use, in no form, that
/// begins no synonym phrase, and that splits into two of its words. For a corpus that writes
/// the word whole (the API documentation's "preflight", which the guide search reads as "pre"
/// and "flight").
pub fn splits_as_joined(word: &str, stem: &str) -> bool {
    known_term(word).is_none()
        && !known_stem_term(stem)
        && longest_phrase_from(stem) < 2
        && split_joined(word).is_some()
}

/// The longest two words typed apart that [`joined_apart`] reads as one.
const JOINED_APART_MAX_BYTES: usize = 24;

/// The word `prev` and `word` (at `span` of `q`) make typed a space apart, when the library
/// uses it or the synonym table gives words for it ("data base" is "database", "chat bot"
/// "chatbot"; Meilisearch concatenates neighbouring words the same way): its stem and term.
/// Not when a title or an answered question says the two
/// words one after the other: the library then writes them apart too ("set up").
fn joined_apart(
    q: &str,
    text: &str,
    prev: &QueryToken,
    word: &str,
    span: &Range<usize>,
    known: Option<Known>,
) -> Option<(&'static str, Known)> {
    if prev.span.end + 1 != span.start || q.as_bytes().get(prev.span.end) != Some(&b' ') {
        return None;
    }
    // Joined on the stack: most pairs are no word, and a look-up is all they cost.
    let (left, right) = (text.get(prev.word.clone())?.as_bytes(), word.as_bytes());
    let mut buffer = [0u8; JOINED_APART_MAX_BYTES];
    let len = left.len() + right.len();
    buffer.get_mut(..left.len())?.copy_from_slice(left);
    buffer.get_mut(left.len()..len)?.copy_from_slice(right);
    let pair = std::str::from_utf8(&buffer[..len]).ok()?;
    let (stem, joined) = known_term(pair)?;
    if !has_postings(joined.term) && !is_synonym_input(joined.term) {
        return None;
    }
    if let (Some(left), Some(right)) = (prev.known, known) {
        let at = TITLE_PAIRS.partition_point(|p| (p.0, p.1) < (left.term, right.term));
        if TITLE_PAIRS.get(at).is_some_and(|p| (p.0, p.1) == (left.term, right.term)) {
            return None;
        }
    }
    Some((stem, joined))
}

/// Two words typed a space apart, neither a word of the library, that are two of its words
/// with the space moved one letter over: typed a letter early (`dat aquality`, "data
/// quality") or a letter late (`dataq uality`). Each part a word of the library with postings
/// or a synonym input, of at least [`JOINED_PART_MIN_CHARS`] letters; of the two ways, the one
/// whose rarer part more guides use. ASCII words only. Asked only of two neighbouring words
/// the library does not use, so a word it writes is never read as another, nor is a pair of
/// which one is a word of its own: one unknown word is a typo's to read, as before.
fn space_shifted(left: &str, right: &str) -> Option<[(String, &'static str, Known); 2]> {
    if !left.is_ascii() || !right.is_ascii() || left.len() < 2 || right.len() < 2 {
        return None;
    }
    let part = |text: String| {
        if text.len() < JOINED_PART_MIN_CHARS {
            return None;
        }
        let (stem, known) = known_term(&text)
            .filter(|(_, known)| has_postings(known.term) || is_synonym_input(known.term))?;
        Some((text, stem, known))
    };
    // The space typed a letter late (the left word's last letter is the right one's first),
    // or a letter early (the right word's first letter is the left one's last).
    let late = left.len() - 1;
    let ways = [
        (left[..late].to_owned(), format!("{}{right}", &left[late..])),
        (format!("{left}{}", &right[..1]), right[1..].to_owned()),
    ];
    let rarer = |parts: &[(String, &'static str, Known); 2]| {
        guides(parts[0].2.term).min(guides(parts[1].2.term))
    };
    ways.into_iter().filter_map(|(a, b)| Some([part(a)?, part(b)?])).max_by_key(rarer)
}

/// The word at `span` of `q` joined with a lone letter typed a space before it ("p value",
/// "e commerce"), when the library or the synonym table has the joined word (or its singular,
/// for "p values"): the tokenizer
/// drops a one-letter word, and the guides write "p-value", which it reads as one word. The
/// joined word, the span of both, its stem and where it stands in the vocabulary. Not the
/// stop words "a" and "i" ("a head" is no "ahead"), nor a letter that ends a longer word.
fn joined_letter(
    q: &str,
    span: &Range<usize>,
    word: &str,
) -> Option<(&'static str, Range<usize>, &'static str, Known)> {
    let at = span.start.checked_sub(2)?;
    let bytes = q.as_bytes();
    let (letter, space) = (bytes[at].to_ascii_lowercase(), bytes[at + 1]);
    let alone = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] >= 0x80);
    if space != b' ' || !letter.is_ascii_lowercase() || !alone || matches!(letter, b'a' | b'i') {
        return None;
    }
    // Joined on the stack, as `joined_apart` does: most pairs are no word.
    let mut buffer = [0u8; JOINED_APART_MAX_BYTES];
    let len = 1 + word.len();
    buffer[0] = letter;
    buffer.get_mut(1..len)?.copy_from_slice(word.as_bytes());
    let joined = std::str::from_utf8(&buffer[..len]).ok()?;
    // "p values": the plural of a joined word the library writes in the singular.
    let singular = || joined.strip_suffix('s').filter(|s| !s.ends_with('s')).and_then(known_term);
    let (stem, known) = known_term(joined).or_else(singular)?;
    if !has_postings(known.term) && !is_synonym_input(known.term) {
        return None;
    }
    let place = PREFIX_WORDS.get(known.place as usize)?.0;
    Some((place, at..span.end, stem, known))
}

/// Whether a title or an answered question says the word of `first` right before that of
/// `second` (`TITLE_PAIRS`).
fn title_pair(first: Option<Known>, second: Option<Known>) -> bool {
    let (Some(first), Some(second)) = (first, second) else { return false };
    let pair = (first.term, second.term);
    let at = TITLE_PAIRS.partition_point(|p| (p.0, p.1) < pair);
    TITLE_PAIRS.get(at).is_some_and(|p| (p.0, p.1) == pair)
}

/// Whether `stem` is the stem of a word the library uses or of a one-word synonym input: a
/// word typed in a form the library never writes ("upskilling", "warehoused") is found by it.
fn known_stem_term(stem: &str) -> bool {
    TERM_IDS.get(stem).is_some_and(|&term| has_postings(term) || is_synonym_input(term))
}

/// Whether `term` is a one-word input of the synonym table.
fn is_synonym_input(term: u32) -> bool {
    SYNONYM_TERMS.binary_search(&term).is_ok()
}

/// How many guides use `term`.
pub fn guides_using(term: u32) -> usize {
    guides(term)
}

/// How many guides use `term`.
fn guides(term: u32) -> usize {
    let term = term as usize;
    match (POSTINGS_START.get(term), POSTINGS_START.get(term + 1)) {
        (Some(&start), Some(&end)) => (end - start) as usize,
        _ => 0,
    }
}

/// The term of a word the library does not use whose singular it does, when the plural is
/// only an `s` the stemmer kept: "llms" and "kpis" (typed in lowercase, so the tokenizer
/// could not tell them for acronyms) are "llm" and "kpi". "ss" endings are not plurals.
fn singular_term(word: &str) -> Option<u32> {
    let singular = word.strip_suffix('s').filter(|s| s.len() >= 2 && !s.ends_with('s'))?;
    known_term(singular).map(|(_, known)| known.term)
}

/// The word at `span` of `q` joined with a stop word hyphenated to it
/// ([`tokenize::joined_with_stop_word`]), when the joined word is a word of the library with
/// postings or a synonym input: the joined word, the compound's span, its stem and where it
/// stands in the vocabulary. Only a hyphen beside the word costs more than a byte's look. A
/// particle typed a space after the word is read as hyphenated to it where
/// [`particle_after`] says so.
fn joined_known(
    q: &str,
    span: &Range<usize>,
) -> Option<(String, Range<usize>, &'static str, Known)> {
    let hyphen_beside = q.as_bytes().get(span.end) == Some(&b'-')
        || span.start.checked_sub(1).and_then(|at| q.as_bytes().get(at)) == Some(&b'-');
    if !hyphen_beside {
        return particle_after(q, span).and_then(|particle| joined_particle(q, span, particle));
    }
    let (joined, span) = tokenize::joined_with_stop_word(q, span.clone())?;
    let (stem, known) = known_term(&joined)?;
    let meant = has_postings(known.term) || SYNONYM_TERMS.binary_search(&known.term).is_ok();
    meant.then_some((joined, span, stem, known))
}

/// Particles a compound of the synonym table or the library joins to the word before it
/// ("buy-in", "add-on", "log-in", "set-up"), when typed a space apart. And "it", which a
/// neighbouring trade writes for its department ("shadow IT"): a stop word to the tokenizer,
/// so the table writes such a term joined, as a compound ("shadow-IT"), and it is read only
/// where the table has the joined word.
const PARTICLES: &[&[u8]] = &[b"in", b"off", b"on", b"out", b"up", b"it"];

/// The particle typed a space after the word at `span` of `q` ([`PARTICLES`]; any spaces or
/// tabs between), when the particle ends the query or its clause or a stop word follows it:
/// "stakeholder buy in" and "how do i get buy in for data" mean the compound ("buy-in"),
/// "buy in bulk" does not. Asked of every word not hyphenated: the byte after it, then at
/// most four more, are read before anything else.
fn particle_after(q: &str, span: &Range<usize>) -> Option<Range<usize>> {
    let bytes = q.as_bytes();
    if !bytes.get(span.end).is_some_and(u8::is_ascii_whitespace) {
        return None;
    }
    let gap = bytes[span.end..].iter().take_while(|b| b.is_ascii_whitespace()).count();
    let start = span.end + gap;
    let len = bytes[start..].iter().take(4).take_while(|b| b.is_ascii_alphabetic()).count();
    let particle = bytes.get(start..start + len)?;
    if !PARTICLES.iter().any(|p| p.eq_ignore_ascii_case(particle)) {
        return None;
    }
    let end = start + len;
    // What follows the particle: nothing, a mark that is not part of a word, or a stop word.
    let rest = q.get(end..)?;
    let next = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let next_word = &next[..next.find(|c: char| !c.is_alphanumeric()).unwrap_or(next.len())];
    let apart = next.len() < rest.len() || next.is_empty();
    let ends = next_word.is_empty() && !next.starts_with('-');
    // A stop word is at most seven bytes: lowered in a buffer on the stack, not a string.
    let mut lower = [0u8; 7];
    let stop = apart && next_word.len() <= lower.len() && next_word.is_ascii() && {
        let lower = &mut lower[..next_word.len()];
        lower.copy_from_slice(next_word.as_bytes());
        lower.make_ascii_lowercase();
        std::str::from_utf8(lower).is_ok_and(tokenize::is_stop_word)
    };
    (ends || stop).then_some(start..end)
}

/// Longest word and particle [`joined_particle`] looks up joined, in bytes.
const JOINED_PARTICLE_MAX_BYTES: usize = 32;

/// The word at `span` of `q` and the `particle` after it joined ("buy in" is `buyin`, as
/// "buy-in" is), as [`joined_known`] returns a compound, when the library or the synonym
/// table knows the joined word. Joined in a buffer on the stack, and a string made only for a
/// word found: most particles so placed make no word ("quality in a warehouse"). ASCII words
/// only, as the synonym table's compounds are.
fn joined_particle(
    q: &str,
    span: &Range<usize>,
    particle: Range<usize>,
) -> Option<(String, Range<usize>, &'static str, Known)> {
    let (word, after) = (q.get(span.clone())?.as_bytes(), q.get(particle.clone())?.as_bytes());
    let len = word.len() + after.len();
    if !word.is_ascii() || len > JOINED_PARTICLE_MAX_BYTES {
        return None;
    }
    let mut buf = [0u8; JOINED_PARTICLE_MAX_BYTES];
    buf[..word.len()].copy_from_slice(word);
    buf[word.len()..len].copy_from_slice(after);
    buf[..len].make_ascii_lowercase();
    let joined = std::str::from_utf8(&buf[..len]).ok()?;
    let (stem, known) = known_term(joined)?;
    let meant = has_postings(known.term) || SYNONYM_TERMS.binary_search(&known.term).is_ok();
    // Not where a title or an answered question says the two apart, as [`joined_apart`]
    // reads them: "How to set up a data and AI centre of excellence" is no "setup".
    let (head, tail) = joined.split_at(word.len());
    let term = |text: &str| known_term(text).map(|(_, known)| known);
    let apart = || title_pair(term(head), term(tail));
    (meant && !apart()).then(|| (joined.to_owned(), span.start..particle.end, stem, known))
}

/// The most stems a synonym phrase beginning with `stem` has (1 if none begins with it).
/// Inlined into the loop over a query's words, which asks it of every word: with the look-up
/// for misspelt words as a second caller the compiler kept it out of line, at about 40
/// instructions a word.
#[inline(always)]
pub fn longest_phrase_from(stem: &str) -> usize {
    // Most words begin no phrase: a bit tells, where the search compared strings.
    let bit = packed::phrase_head_bit(stem);
    if PHRASE_HEAD_FILTER[(bit / 64) as usize] & 1 << (bit % 64) == 0 {
        return 1;
    }
    // The one head with the stem's bit, compared once; the search only for a bit some share.
    match PHRASE_HEAD_BY_BIT.get(bit as usize) {
        Some(&at) if at != 0 && at != SHARED_BIT => PHRASE_HEADS
            .get(usize::from(at) - 1)
            .filter(|&&(head, _)| head == stem)
            .map_or(1, |&(_, len)| usize::from(len)),
        _ => PHRASE_HEADS
            .binary_search_by(|&(head, _)| head.cmp(stem))
            .map_or(1, |idx| usize::from(PHRASE_HEADS[idx].1)),
    }
}

/// [`PHRASE_HEAD_BY_BIT`]'s mark for a bit two or more heads have.
const SHARED_BIT: u16 = u16::MAX;

/// By bit of `PHRASE_HEAD_FILTER`, the phrase head that has it (its index in `PHRASE_HEADS`
/// plus one), 0 for none, or [`SHARED_BIT`]; worked out once from the table. A stem that
/// passes the filter (a head, or about one stem in twelve) was looked for by a binary search
/// of the 97 heads, seven string comparisons: natively about 80 ns of a two-word search's
/// 2.6 µs in process (`perf`, stop 65), where one comparison with the bit's head does.
static PHRASE_HEAD_BY_BIT: LazyLock<Box<[u16]>> = LazyLock::new(|| {
    let mut by_bit = vec![0u16; PHRASE_HEAD_FILTER.len() * 64];
    for (idx, &(head, _)) in PHRASE_HEADS.iter().enumerate() {
        if let Some(slot) = by_bit.get_mut(packed::phrase_head_bit(head) as usize) {
            *slot = match u16::try_from(idx + 1) {
                Ok(at) if *slot == 0 && at != SHARED_BIT => at,
                _ => SHARED_BIT,
            };
        }
    }
    by_bit.into()
});

/// [`tokenize::for_each_token`] with stems of known words from the build's vocabulary.
pub fn for_each_token(text: &str, mut each: impl FnMut(Token)) {
    let mut positions = tokenize::Positions::default();
    tokenize::for_each_token_with(text, known_stem, |word, stem, span| {
        each(Token {
            word: word.to_owned(),
            stem: stem.to_owned(),
            start: span.start,
            end: span.end,
            position: positions.of(text, span.start, span.end),
        })
    });
}

/// [`for_each_token`] as a query reads its words: a stop word hyphenated to a word is part of
/// it when the library or the synonym table knows the two joined (`joined_known`; "buy-in" is
/// `buyin`), and so is a lone letter typed a space before it (`joined_letter`; "p value" is
/// `pvalue`, the guides' "p-value"), as [`units`] reads them. Two lone letters before a word
/// are the initials the guides write with `/` (`initials_before`; "a b test" is `ab` and
/// `test`), a word of their own before it. For the answer engine's questions.
pub fn for_each_query_token(text: &str, mut each: impl FnMut(Token)) {
    let mut positions = tokenize::Positions::default();
    tokenize::for_each_token_with(text, known_stem, |word, stem, span| {
        let position = positions.of(text, span.start, span.end);
        if let Some((joined, initials, stem, _)) =
            (span.start >= 4).then(|| initials_before(text, &span)).flatten()
        {
            each(Token {
                word: joined.to_owned(),
                stem: stem.to_owned(),
                start: initials.start,
                end: initials.end,
                position,
            });
        }
        let letter = || (span.start >= 2).then(|| joined_letter(text, &span, word)).flatten();
        let token = match joined_known(text, &span) {
            Some((joined, span, stem, _)) => Token {
                word: joined,
                stem: stem.to_owned(),
                start: span.start,
                end: span.end,
                position,
            },
            None => match letter() {
                Some((joined, span, stem, _)) => Token {
                    word: joined.to_owned(),
                    stem: stem.to_owned(),
                    start: span.start,
                    end: span.end,
                    position,
                },
                None => Token {
                    word: word.to_owned(),
                    stem: stem.to_owned(),
                    start: span.start,
                    end: span.end,
                    position,
                },
            },
        };
        each(token);
    });
}

/// Endings an apostrophe cuts off a stop word ("what's", "we're", "I've", "I'm", "you'll",
/// "I'd"). Not "n't": "don't" and "doesn't" say what "do" does not, and the synonym table
/// reads "don't add up" and "don't match".
const CONTRACTION_ENDINGS: &[&str] = &["s", "re", "ve", "ll", "d", "m"];

/// Contractions of stop words as people type them without the apostrophe, that are no other
/// English word.
const UNMARKED_CONTRACTIONS: &[&str] =
    &["hows", "ive", "thats", "theres", "theyre", "weve", "whats", "wheres", "whos", "youre"];

/// Whether the query word `word` (lowercased, its apostrophe dropped by the tokenizer) at
/// `span` of `q` is a stop word with a contraction: "what's a feature store" and "who's
/// responsible for data quality" searched for "whats" and "whos", which no guide says, and
/// were offered "ways a feature store" and "whose responsible for data quality". Asked only
/// of a word the library does not use.
fn contracted_stop_word(q: &str, span: &Range<usize>, word: &str) -> bool {
    let written = q.get(span.clone()).unwrap_or_default();
    if written.contains(['\'', '\u{2019}']) {
        return CONTRACTION_ENDINGS
            .iter()
            .any(|ending| word.strip_suffix(ending).is_some_and(tokenize::is_stop_word));
    }
    UNMARKED_CONTRACTIONS.binary_search(&word).is_ok()
}

/// Negated auxiliaries, as the tokenizer has them (the apostrophe dropped: "don't" is `dont`),
/// or typed without it. In a query such a word says that something is not so ("customers
/// leave and we don't know why", "staff can't read a chart"); what is not so is said by the
/// words around it. Searched as a word of its own, it found the guides that happen to write
/// "don't" (nine do, three in a title or an answered question: "alerts that people don't
/// learn to ignore"), and `the data team and the business don't understand each other` had the
/// time-savings guide's "Why don't time savings ... show up" first. It still begins the
/// synonym table's phrases ("don't match", "don't agree"). Not "cannot", which the library
/// writes itself (92 times), in titles too: `we cannot run an a/b test` means the guide titled
/// "... when you cannot run an A/B test", which fell to second without the word. Sorted:
/// binary-searched.
const NEGATIONS: &[&str] = &[
    "arent", "cant", "couldnt", "didnt", "doesnt", "dont", "hadnt", "hasnt", "havent", "isnt",
    "mustnt", "neednt", "shouldnt", "wasnt", "werent", "wont", "wouldnt",
];

/// Words of knowing, which a question word or "if" after them makes phrasing: "how do i know
/// if anyone uses our dashboards" asks whether the dashboards are used, and "we have no idea if
/// the new chatbot is any good" whether the chatbot is; the subject is the clause after. As
/// words of their own they found the guides whose answered questions open "How do I know
/// ..." (the self-service guide first for the dashboards). The answer engine reads "know" so
/// already (a filler of question phrasing). Sorted: binary-searched.
const WORDS_OF_KNOWING: &[&str] = &[
    "clue",
    "idea",
    "knew",
    "know",
    "knowing",
    "knows",
    "sure",
    "unclear",
    "unsure",
    "wonder",
    "wondering",
];

/// Words naming the form of a document rather than its subject: "data strategy template",
/// "dashboard requirements checklist", "use case canvas" ask for the guide on the subject, in
/// whatever form it comes. As words of their own they found the guides that happen to write
/// them: fourteen guides mention a template of something and thirty a checklist, each in
/// passing ("a use-case card template"), so `model card template` had the use-case guide
/// first; and a form the library never writes was read as the word it is nearest ("canvas"
/// as "canary", the rollout guide's). Not "example" or "sample", which are the subject's own
/// words too ("sample size", "sample ratio mismatch"). Of 4 to 9 bytes, as the caller asks:
/// "checklists" and "worksheets" are left out. Sorted.
const FORM_WORDS: &[&str] = &[
    "canvas",
    "checklist",
    "playbook",
    "playbooks",
    "template",
    "templates",
    "toolkit",
    "toolkits",
    "worksheet",
];

/// Words of grammar the stop list lacks, which say how a thing is asked and never what it is
/// about: modal verbs ("might", "could"), "much" and "all" of "how much" and "all our
/// models", the emphasis of "actually" and "really", and "up" and "out", the particles of a
/// verb typed apart ("come up with ideas", "work out the roi"). As words of their own they
/// found the guides that happen to write them: eight titles say "actually" ("Measuring whether
/// a dashboard is actually being used"), so `how do we know if our ai tool is actually being
/// used` had the AI inventory and the dashboard guide before the AI adoption guide; "set up"
/// and "Working out" are titles' words, so `how do we come up with ideas for ai` had the
/// centre of excellence first, and `how do i tell the ceo our forecast might be wrong` had
/// the baselines guide before the one on explaining uncertainty. A phrase of the synonym
/// table that holds one is still read ("speed up", "pay too much", "make things up"), and a
/// word the tokenizer joins to its particle ("buy in") is no particle. Not "other" ("each other" is the analytics translator
/// guide's), "own" ("own data", "own infrastructure"), "many", "more", "most" or "need",
/// which the library's titles and questions ask with ("How many tools ...", "Do you need a
/// feature store?"). Of 2 to 9 bytes. Sorted.
const FUNCTION_WORDS: &[&str] =
    &["actually", "all", "could", "might", "much", "must", "out", "really", "up", "would"];

/// "Best practice" and "good practice", a form of advice rather than its subject: "dashboard
/// best practices", "data governance best practices" ask for the guide on dashboards or on
/// governance, however it advises. As words of their own they found the guides that happen to
/// write them, twenty-six "best" and thirty-four "practice" ("in practice", "practise"), so
/// `visualisation best practices` had the storytelling, team meetings and centre of
/// excellence guides before the chart guide, and `dashboard best practices` the team meetings
/// and middle managers guides second and third. Either word alone, or the two beside another
/// order ("practice makes best"), is read as before. Sorted.
const PRACTICE_QUALIFIERS: &[&str] = &["best", "good"];

/// The forms of "practice" after a word of [`PRACTICE_QUALIFIERS`] (the library's British
/// verb "practise" typed as the noun too). Sorted.
const PRACTICE_WORDS: &[&str] = &["practice", "practices", "practise", "practises"];

/// Whether `word` at `span` of `q` is half of "best practice" or "good practice": a word of
/// [`PRACTICE_QUALIFIERS`] with a word of [`PRACTICE_WORDS`] right after it (a space between),
/// or one of those right after a qualifier.
fn best_practice(q: &str, span: &Range<usize>, word: &str) -> bool {
    let bytes = q.as_bytes();
    let (neighbour, wanted): (&[u8], &[&str]) = if PRACTICE_QUALIFIERS.binary_search(&word).is_ok()
    {
        let rest = bytes.get(span.end..).unwrap_or_default();
        let gap = rest.iter().take_while(|b| **b == b' ').count();
        let next = &rest[gap..];
        let len = next.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        if gap == 0 || next.get(len).is_some_and(|b| !b.is_ascii()) {
            return false;
        }
        (&next[..len], PRACTICE_WORDS)
    } else if PRACTICE_WORDS.binary_search(&word).is_ok() {
        let before = bytes.get(..span.start).unwrap_or_default();
        let gap = before.iter().rev().take_while(|b| **b == b' ').count();
        let before = &before[..before.len() - gap];
        let len = before.iter().rev().take_while(|b| b.is_ascii_alphabetic()).count();
        let start = before.len() - len;
        if gap == 0 || start > 0 && !before[start - 1].is_ascii() {
            return false;
        }
        (&before[start..], PRACTICE_QUALIFIERS)
    } else {
        return false;
    };
    wanted.iter().any(|w| w.as_bytes().eq_ignore_ascii_case(neighbour))
}

/// What makes a word of knowing phrasing when it comes right after it ([`WORDS_OF_KNOWING`]).
const CLAUSE_OPENERS: &[&str] =
    &["how", "if", "what", "when", "where", "whether", "which", "who", "whom", "whose", "why"];

/// Whether the query word `word` (lowercased) at `span` of `q` is phrasing rather than a word
/// of the subject: a negated auxiliary ([`NEGATIONS`]), or a word of knowing with a question
/// word or "if" right after it in its clause ([`WORDS_OF_KNOWING`]), a word naming the form of
/// a document ([`FORM_WORDS`]) or half of "best practice" ([`best_practice`]), or a word of
/// grammar the stop list lacks ([`FUNCTION_WORDS`]).
/// Such a word is a unit only where a synonym phrase takes it, or where every word of the query
/// is phrasing.
#[inline(never)]
fn is_phrasing(q: &str, span: &Range<usize>, word: &str) -> bool {
    // Asked of every word of 2 to 9 bytes (every listed word has that many; the caller asks
    // the length): the cheap tests first, on bytes. Of the shortest, only a function word is
    // phrasing; a negation ends in "nt", a form word begins with one of six pairs of letters,
    // a longer function word with one of six others, and a word of knowing needs a clause
    // opener after it, each of which begins with "h", "i" or "w".
    if word.len() < 4 {
        return FUNCTION_WORDS.binary_search(&word).is_ok();
    }
    if word.ends_with("nt") {
        return NEGATIONS.binary_search(&word).is_ok();
    }
    if matches!(word.as_bytes(), [b'b', b'e', ..] | [b'g', b'o', ..] | [b'p', b'r', ..])
        && best_practice(q, span, word)
    {
        return true;
    }
    if matches!(
        word.as_bytes(),
        [b'c', b'a' | b'h', ..] | [b'p', b'l', ..] | [b't', b'e' | b'o', ..] | [b'w', b'o', ..]
    ) && FORM_WORDS.binary_search(&word).is_ok()
    {
        return true;
    }
    if matches!(
        word.as_bytes(),
        [b'a', b'c', ..]
            | [b'c', b'o', ..]
            | [b'm', b'i' | b'u', ..]
            | [b'r', b'e', ..]
            | [b'w', b'o', ..]
    ) && FUNCTION_WORDS.binary_search(&word).is_ok()
    {
        return true;
    }
    let rest = q.as_bytes().get(span.end..).unwrap_or_default();
    let gap = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let next = &rest[gap..];
    if gap == 0 || !matches!(next.first().map(u8::to_ascii_lowercase), Some(b'h' | b'i' | b'w')) {
        return false;
    }
    let len = next.iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    let (next_word, after) = next.split_at(len);
    after.first().is_none_or(u8::is_ascii)
        && CLAUSE_OPENERS.iter().any(|opener| opener.as_bytes().eq_ignore_ascii_case(next_word))
        && WORDS_OF_KNOWING.binary_search(&word).is_ok()
}

/// A token of the query: its word and stem as ranges of one buffer, and where it stands in
/// the query.
struct QueryToken {
    word: Range<usize>,
    stem: Range<usize>,
    span: Range<usize>,
    /// Where the word stands in the vocabulary, when the library uses it.
    known: Option<Known>,
    /// Whether a sentence's or clause's end stands between this word and the one before
    /// ([`tokenize::sentence_ends_between`], as a query reads it): no phrase runs across it.
    after_end: bool,
    /// Whether the word stands in double quotes ([`in_quotes`]).
    as_typed: bool,
    /// Whether the word is an irregular form of a verb ([`tokenize::irregular_form`]), when
    /// that was asked as its stem was found (a word the library does not use, as typed):
    /// typo tolerance asks it again only when it is `None`.
    irregular: Option<bool>,
}

/// Whether byte `at` of `q` stands inside double quotes (straight or curly): an odd number of
/// them come before it. A word in quotes is taken as typed, as a web search engine takes it:
/// not corrected (`"modl"` finds what says "modl", which is nothing, where `modl` is read as
/// `model`), not completed as an unfinished last word, and offered no other spelling. It still
/// finds its plurals and synonyms: quotes ask for the spelling, not for one form of the word.
/// An unclosed quote quotes the rest of the query. This is how the search page's "Search
/// instead for" link asks for what was typed.
fn in_quotes(q: &str, at: usize) -> bool {
    let before = q.get(..at).unwrap_or_default();
    before.chars().filter(|&c| matches!(c, '"' | '\u{201c}' | '\u{201d}')).count() % 2 == 1
}

/// How many of `tokens`, from `idx` and at most `most`, are in one sentence of the query:
/// a phrase from `idx` takes no more.
fn in_sentence(tokens: &[QueryToken], idx: usize, most: usize) -> usize {
    (1..most).find(|&n| tokens.get(idx + n).is_none_or(|t| t.after_end)).unwrap_or(most)
}

/// Two lone letters typed a space apart just before the word at `span` ("a b test"), read as
/// the initials the guides write with `/` or `&` ("A/B", "R&D", "Q&A" are `ab`, `rd`, `qa`),
/// when the library or the synonym table has the two joined: the tokenizer drops a
/// one-letter word, so both letters were lost and `a b test` searched `test` alone. The
/// joined word, the span of the two letters, its stem and where it stands in the vocabulary.
/// Asked of every word, so the byte that fails most words is read first: the one after the
/// first letter, a space only when that letter is a word.
fn initials_before(
    q: &str,
    span: &Range<usize>,
) -> Option<(&'static str, Range<usize>, &'static str, Known)> {
    let at = span.start.checked_sub(4)?;
    let bytes = q.as_bytes();
    if bytes[at + 1] != b' ' || bytes[at + 3] != b' ' {
        return None;
    }
    let (a, b) = (bytes[at], bytes[at + 2]);
    let alone = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] >= 0x80);
    if !a.is_ascii_alphabetic() || !b.is_ascii_alphabetic() || !alone {
        return None;
    }
    let pair = [a.to_ascii_lowercase(), b.to_ascii_lowercase()];
    let (stem, known) = std::str::from_utf8(&pair).ok().and_then(known_term)?;
    if !has_postings(known.term) && !is_synonym_input(known.term) {
        return None;
    }
    let place = PREFIX_WORDS.get(known.place as usize)?.0;
    Some((place, at..at + 3, stem, known))
}

/// The most words of a synonym phrase [`gapped_phrase_at`] reads with a word between two of
/// them.
const GAPPED_PHRASE_MAX_WORDS: usize = 3;

/// The synonym phrase that begins at token `idx` when one word between two of its words is
/// left out (`delete old data` in "we never delete old customer data", `retrain staff` in
/// "retrain our support staff"): its span in tokens (one more than its words) and where the word
/// between stands in it, with its key left in `phrase`. Longer phrases first, then the word
/// between nearer the start. Not across a sentence's end, nor for words in quotes (taken as
/// typed), nor when the word between begins a phrase with the word after it, which is then
/// the phrase meant. `reach` is the longest phrase the token's stem begins.
fn gapped_phrase_at(
    text: &str,
    tokens: &[QueryToken],
    idx: usize,
    reach: usize,
    phrase: &mut String,
) -> Option<(usize, usize)> {
    // Phrases of two or three words: each length tried costs a look-up for each place the
    // word between could stand, and longer phrases ("data protection impact assessment") are
    // seldom typed with a word inside.
    let most =
        in_sentence(tokens, idx, (reach.min(GAPPED_PHRASE_MAX_WORDS) + 1).min(tokens.len() - idx));
    for len in (3..=most).rev() {
        let span = tokens.get(idx..idx + len)?;
        if span.iter().any(|token| token.as_typed) {
            continue;
        }
        for gap in 1..len - 1 {
            let stem = |n: usize| &text[span[n].stem.clone()];
            if longest_phrase_from(stem(gap)) >= 2 {
                phrase.clear();
                phrase.push_str(stem(gap));
                phrase.push(' ');
                phrase.push_str(stem(gap + 1));
                if SYNONYMS.contains_key(phrase.as_str()) {
                    continue;
                }
            }
            phrase.clear();
            for n in (0..len).filter(|&n| n != gap) {
                if !phrase.is_empty() {
                    phrase.push(' ');
                }
                phrase.push_str(stem(n));
            }
            if SYNONYMS.contains_key(phrase.as_str()) {
                return Some((len, gap));
            }
        }
    }
    None
}

/// Splits `q` into units: at each word, the longest run of words that is a synonym phrase
/// becomes one unit, otherwise the word alone. Repeated units are kept once; at most
/// [`SEARCH_MAX_QUERY_TERMS`].
pub fn units(q: &str) -> Units {
    // Each token's word and stem are ranges of one buffer: no strings per token. The keys of
    // synonym phrases are written after them.
    let mut text = String::with_capacity(3 * q.len());
    // The tokens and the candidate phrase are this thread's spares (see [`Spare`]).
    let Spare { mut tokens, mut phrase } = SPARE.try_with(Cell::take).unwrap_or_default();
    tokens.clear();
    tokens.reserve(SPARE_TOKENS);
    // The tokenizer asks for a word's stem just before handing over its token, so the term
    // found with the stem is passed along beside it.
    let found = Cell::new(None);
    // Whether the word is an irregular form, when that was asked: a misspelt word is asked
    // once here, not again before typo tolerance (about 300 instructions a word).
    let irregular = Cell::new(None);
    let known = |word: &str| {
        let known = known_term(word);
        found.set(known.map(|(_, known)| known));
        // A misspelt overridden word takes the override, not the other sense's stem.
        // An irregular form of a verb (`wrote`) is the verb, not a misspelling.
        // An everyday word ("chore") is not a misspelt overridden word ("core").
        let override_of = |word| {
            if tokenize::everyday_word(word) { None } else { tokenize::misspelt_override(word) }
        };
        known.map(|(stem, _)| stem).or_else(|| override_of(word)).or_else(|| {
            let form = tokenize::irregular_form(word);
            irregular.set(Some(form.is_some()));
            form
        })
    };
    let mut last_end = None;
    // Whether the last token is a word as typed (not split, nor joined already), and a
    // buffer for it joined with the next.
    let mut last_plain = false;
    // Two words read with the space moved ([`space_shifted`]), as the query is to show them.
    let mut shifted: Vec<(Range<usize>, String)> = Vec::new();
    // Most queries have no quotes, and no word of theirs is asked where it stands. A byte
    // search each (`memchr`), not a walk over the characters: the curly quotes both begin with
    // the byte 0xE2, which a query in ASCII never holds.
    let curly = || q.contains('\u{201c}') || q.contains('\u{201d}');
    let quoted = q.contains('"') || (q.as_bytes().contains(&0xE2) && curly());
    tokenize::for_each_token_with(q, known, |word, stem, span| {
        let known = found.take();
        let asked_irregular = irregular.take();
        let as_typed = quoted && in_quotes(q, span.start);
        // "what's", "who's": a stop word with a contraction is one (see
        // [`contracted_stop_word`]), not a word to find or correct.
        if known.is_none() && contracted_stop_word(q, &span, word) {
            return;
        }
        // "data. strategy" is two words, as a guide's "the data. The strategy" is: a phrase
        // stops where the query's sentence or clause does.
        // A mark and the space after it are two bytes: most words are a space apart, and
        // the gap is not read.
        let mut after_end = last_end.is_some_and(|end: usize| {
            span.start > end + 1
                && tokenize::sentence_ends_between(q, end, span.start, tokenize::Reading::Query)
        });
        last_end = Some(span.end);
        // "a b test": two lone letters before the word are initials ("A/B") when the library
        // has them joined; a word of their own, then the word goes on as any other.
        if let Some((joined, initials, stem, known)) =
            (!as_typed && span.start >= 4).then(|| initials_before(q, &span)).flatten()
        {
            let word_at = text.len();
            text.push_str(joined);
            let stem_at = text.len();
            text.push_str(stem);
            let (word, stem) = (word_at..stem_at, stem_at..text.len());
            let span = initials;
            let (known, irregular) = (Some(known), None);
            tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
            after_end = false;
            last_plain = false;
        }
        // "buy-in": a stop word hyphenated to the word is part of it when the library or the
        // synonym table knows the two joined ("buyin"); otherwise it is dropped as before.
        if let Some((joined, span, stem, known)) = joined_known(q, &span) {
            last_end = Some(span.end);
            let word_at = text.len();
            text.push_str(&joined);
            let stem_at = text.len();
            text.push_str(stem);
            let (word, stem) = (word_at..stem_at, stem_at..text.len());
            let (known, irregular) = (Some(known), None);
            tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
            last_plain = false;
            return;
        }
        // "p value": a lone letter before the word is part of it when the library writes
        // the two joined ("p-value" is one word, "pvalue").
        if let Some((joined, span, stem, known)) =
            (!as_typed && span.start >= 2).then(|| joined_letter(q, &span, word)).flatten()
        {
            last_end = Some(span.end);
            let word_at = text.len();
            text.push_str(joined);
            let stem_at = text.len();
            text.push_str(stem);
            let (word, stem) = (word_at..stem_at, stem_at..text.len());
            let (known, irregular) = (Some(known), None);
            tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
            last_plain = false;
            return;
        }
        // "datagovernance": two words of the library typed without the space between them
        // are those two words. Not a form of a word the library or the synonym table knows,
        // which its stem finds: "upskilling" (the table's "upskill") is not "ups killing", nor
        // "warehoused" "ware housed". Nor a word that begins a phrase of the synonym table,
        // which the table reads whole: "headless BI" is not "head less BI".
        let may_split =
            known.is_none() && !as_typed && !known_stem_term(stem) && longest_phrase_from(stem) < 2;
        if let Some((left, right)) = may_split.then(|| split_joined(word)).flatten() {
            let mut at = span.start;
            for (n, half) in [left, right].into_iter().enumerate() {
                let word_at = text.len();
                text.push_str(half.0);
                let stem_at = text.len();
                text.push_str(half.1);
                let span = at..at + half.0.len();
                at = span.end;
                let (word, stem) = (word_at..stem_at, stem_at..text.len());
                let after_end = after_end && n == 0;
                let (known, irregular) = (Some(half.2), None);
                tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
            }
            last_plain = false;
            return;
        }
        // "data base", "road map", "chat bot": two words typed a space apart that the library
        // or the synonym table writes as one word are that word.
        if let Some(prev) =
            tokens.last().filter(|p| last_plain && !after_end && !as_typed && !p.as_typed)
            && let Some((joined, joined_known)) = joined_apart(q, &text, prev, word, &span, known)
        {
            let (start, prev_after_end) = (prev.span.start, prev.after_end);
            let prev_word = prev.word.clone();
            tokens.pop();
            let word_at = text.len();
            // Rare (a join found): the copy may allocate.
            let prev_text = text.get(prev_word).unwrap_or_default().to_owned();
            text.push_str(&prev_text);
            text.push_str(word);
            let stem_at = text.len();
            text.push_str(joined);
            let (word, stem) = (word_at..stem_at, stem_at..text.len());
            let span = start..span.end;
            let known = Some(joined_known);
            let (after_end, irregular) = (prev_after_end, None);
            tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
            last_plain = false;
            return;
        }
        // "dat aquality": two words the library does not use, typed with the space one
        // letter early or late, are the two words it does.
        // Neither the word as typed nor a form of a word the library has ("banks" is `bank`,
        // a word of its own); a bare stem cut from a word ("featur estore", "machin
        // elearning") is that word cut short, no form of it.
        let unknown = |known: Option<Known>, word: &str, stem: &str| {
            known.is_none_or(|k| !has_postings(k.term) && !is_synonym_input(k.term))
                && (stem == word || !known_stem_term(stem))
        };
        if let Some(prev) = tokens.last().filter(|p| {
            last_plain
                && !after_end
                && !as_typed
                && !p.as_typed
                && unknown(
                    p.known,
                    text.get(p.word.clone()).unwrap_or_default(),
                    text.get(p.stem.clone()).unwrap_or_default(),
                )
                && unknown(known, word, stem)
                && p.span.end + 1 == span.start
        }) && let Some(parts) =
            text.get(prev.word.clone()).and_then(|left| space_shifted(left, word))
        {
            let (start, prev_after_end) = (prev.span.start, prev.after_end);
            tokens.pop();
            let mut read = String::with_capacity(span.end - start + 1);
            // Where the left part ends in the query: a letter before the space when the space
            // came a letter late, a letter after it when it came early.
            let split_at = if parts[0].0.len() < span.start - 1 - start {
                start + parts[0].0.len()
            } else {
                span.start + 1
            };
            for (n, (part, stem, known)) in parts.into_iter().enumerate() {
                let word_at = text.len();
                text.push_str(&part);
                let stem_at = text.len();
                text.push_str(stem);
                let (word, stem) = (word_at..stem_at, stem_at..text.len());
                let span = if n == 0 { start..split_at } else { split_at..span.end };
                let after_end = prev_after_end && n == 0;
                let (known, irregular) = (Some(known), None);
                if n > 0 {
                    read.push(' ');
                }
                read.push_str(&part);
                tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
            }
            shifted.push((start..span.end, read));
            last_plain = false;
            return;
        }
        last_plain = true;
        let word_at = text.len();
        text.push_str(word);
        let stem_at = text.len();
        text.push_str(stem);
        let (word, stem) = (word_at..stem_at, stem_at..text.len());
        let irregular = asked_irregular;
        tokens.push(QueryToken { word, stem, span, known, after_end, as_typed, irregular });
    });
    let mut units: Vec<UnitAt> = Vec::with_capacity(tokens.len().min(SEARCH_MAX_QUERY_TERMS));
    // Each unit's typo candidates when they were looked up for a phrase (see `Misspelt`), so
    // `expand` does not look them up again.
    let mut unit_near: Vec<(usize, (bool, Vec<Near>))> = Vec::new();
    let mut misspelt = Misspelt::new();
    // Most queries are words of the library alone, and have no misspelt word to read.
    let any_unknown = tokens.iter().take(SEARCH_TYPO_MAX_TERMS).any(|t| t.known.is_none());
    // `phrase`, a candidate synonym phrase: allocated only for a query with a word some phrase
    // begins (and kept with the thread's spares from then on).
    // What misspelt words were read as (see `Units::read_as`); allocated only for them, or
    // for two words read with the space moved.
    let mut read_as: Vec<(Range<usize>, String)> = shifted;
    // Whether a sentence's end came since the last unit pushed (a repeated word's unit is
    // not pushed again).
    let mut after_end = false;
    // The tokens after a word between that a synonym phrase took (see [`gapped_phrase_at`]):
    // none in most queries.
    let mut taken_after_gap: Vec<usize> = Vec::new();
    // The tokens of phrases that may be bare stems of a library word (see
    // [`bare_stem_written`]): none in most queries.
    let mut phrase_stems: Vec<usize> = Vec::new();
    // A phrasing word ([`is_phrasing`]) is no unit of its own where another word of the query
    // is not phrasing.
    let phrasing = |text: &str, token: &QueryToken| {
        (2..=9).contains(&token.word.len())
            && is_phrasing(q, &token.span, &text[token.word.clone()])
    };
    let mut idx = 0;
    while idx < tokens.len() && units.len() < SEARCH_MAX_QUERY_TERMS {
        if taken_after_gap.contains(&idx) {
            idx += 1;
            continue;
        }
        let mut taken = 1;
        let mut edits = 0;
        let mut gapped = false;
        let mut key = tokens[idx].stem.clone();
        after_end |= tokens[idx].after_end;
        let reach = longest_phrase_from(&text[key.clone()]);
        let mut longest = reach.min(tokens.len() - idx);
        if longest > 1 {
            longest = in_sentence(&tokens, idx, longest);
            // The word between a phrase's words ends no phrase in the tokens it took.
            if let Some(next) = taken_after_gap.iter().filter(|&&at| at > idx).min() {
                longest = longest.min(next - idx);
            }
        }
        for len in (2..=longest).rev() {
            phrase.clear();
            for (n, token) in tokens[idx..idx + len].iter().enumerate() {
                if n > 0 {
                    phrase.push(' ');
                }
                phrase.push_str(&text[token.stem.clone()]);
            }
            // A `last_word` phrase ("good data") is no phrase where its last word and the word
            // typed right after it are a compound a title or an answered question says ("a
            // good data strategy" is a good `data strategy`); its words are then words.
            let said_last = || {
                let (last, next) = (&tokens[idx + len - 1], tokens.get(idx + len));
                next.is_none_or(|next| {
                    next.after_end
                        || next.span.start != last.span.end + 1
                        || !title_pair(last.known, next.known)
                }) || !LAST_WORD.contains(&phrase.as_str())
            };
            if SYNONYMS.contains_key(phrase.as_str()) && said_last() {
                let at = text.len();
                text.push_str(&phrase);
                key = at..text.len();
                taken = len;
                break;
            }
        }
        // No phrase as typed: a misspelt word may still be part of one, read as the words
        // it is near ("dashbord design" is the phrase `dashboard design`), as it is read as
        // them on its own.
        // (A word of the library begins a phrase only where its stem does.)
        if any_unknown
            && taken == 1
            && (longest >= 2 || tokens[idx].known.is_none())
            && let Some((len, phrase_edits)) = misspelt.phrase_at(
                &text,
                &tokens,
                idx,
                longest,
                units.len(),
                &mut phrase,
                &mut read_as,
            )
        {
            let at = text.len();
            text.push_str(&phrase);
            key = at..text.len();
            taken = len;
            edits = phrase_edits;
        }
        // Nor through misspelt words: the phrase with one word between two of its words
        // ("delete old customer data" is `delete old data`), which counts less than the phrase
        // typed whole; the word between is a unit of its own, next. One such phrase a query,
        // so the tokens it takes after the word between are one run.
        if taken == 1
            && reach >= 2
            && taken_after_gap.is_empty()
            && let Some((len, gap)) = gapped_phrase_at(&text, &tokens, idx, reach, &mut phrase)
        {
            let at = text.len();
            text.push_str(&phrase);
            key = at..text.len();
            taken = gap;
            gapped = true;
            taken_after_gap.extend(idx + gap + 1..idx + len);
        }
        let single = taken == 1 && !gapped;
        // "don't", the "know" of "know if", "template", "actually": phrasing, a unit only in
        // a phrase.
        if single
            && phrasing(&text, &tokens[idx])
            && tokens.iter().any(|token| !phrasing(&text, token))
        {
            idx += 1;
            continue;
        }
        // A phrase the synonym table keeps the words of (`keep_words`: "project stuck" adds
        // stalled projects, and "project" still finds what it finds alone).
        let keep_words = taken > 1
            && !gapped
            && edits == 0
            && KEEP_WORDS.binary_search(&&text[key.clone()]).is_ok();
        let last = idx + taken == tokens.len();
        let token = &tokens[idx];
        let prefix = single
            && last
            && !token.as_typed
            && text[token.word.clone()].chars().count() >= SEARCH_PREFIX_MIN_CHARS;
        match units.iter_mut().find(|unit| text[unit.key.clone()] == text[key.clone()]) {
            // A repeated word may still be the unfinished last one.
            Some(unit) => unit.prefix |= prefix,
            None => {
                units.push(UnitAt {
                    key,
                    word: single.then(|| (token.word.clone(), token.span.clone())),
                    prefix,
                    as_typed: single && token.as_typed,
                    known: if single { token.known } else { None },
                    after_end: std::mem::take(&mut after_end),
                    edits,
                    gapped,
                    irregular: if single { token.irregular } else { None },
                    ends_sentence: single && tokens.get(idx + 1).is_none_or(|t| t.after_end),
                    alternatives: 0..0,
                    weight: 0,
                });
                if let Some(near) = misspelt.take_near(&text, &tokens, idx).filter(|_| single) {
                    unit_near.push((units.len() - 1, near));
                }
            }
        }
        if keep_words {
            push_phrase_words(&text, &tokens[idx..idx + taken], last, &mut units);
        }
        // A bare stem typed in a phrase ("machin" of "machin lerning"): named as its written
        // word below, as [`expand`] names a bare stem that is a unit of its own.
        if taken > 1 && !gapped {
            let bare =
                |t: &QueryToken| t.known.is_none() && !t.as_typed && t.word.len() == t.stem.len();
            phrase_stems.extend((idx..idx + taken).filter(|&at| bare(&tokens[at])));
        }
        idx += taken;
    }
    for &at in &phrase_stems {
        let token = &tokens[at];
        let (word, stem) = (&text[token.word.clone()], &text[token.stem.clone()]);
        if word != stem || read_as.iter().any(|(span, _)| *span == token.span) {
            continue;
        }
        let term = TERM_IDS.get(stem).copied().filter(|&term| has_postings(term));
        if let Some(written) = term.and_then(|term| bare_stem_written(word, term)) {
            read_as.push((token.span.clone(), written));
        }
    }
    let mut alternatives = Vec::with_capacity(4 * units.len());
    for (unit_idx, unit) in units.iter_mut().enumerate() {
        let near = unit_near.iter().position(|(at, _)| *at == unit_idx);
        let near = near.map(|at| unit_near.swap_remove(at).1);
        let first = alternatives.len();
        let typo_tolerant = unit_idx < SEARCH_TYPO_MAX_TERMS && !unit.as_typed;
        let read = expand(&text, unit, typo_tolerant, near, &mut alternatives);
        if let (Some(word), Some((_, span))) = (read, &unit.word) {
            read_as.push((span.clone(), word));
        }
        unit.alternatives = first..alternatives.len();
    }
    // A phrase's words were noted before the single words after them.
    read_as.sort_by_key(|(span, _)| span.start);
    tokens.clear();
    phrase.clear();
    // During the thread's exit the spares may be gone already: the two are then freed.
    let _ = SPARE.try_with(|spare| spare.set(Spare { tokens, phrase }));
    Units { text, units, alternatives, read_as }
}

/// The token list [`units`] reserves for a query at first: most have fewer words.
const SPARE_TOKENS: usize = 16;

/// What [`units`] works in and gives back, emptied, for the thread's next query: its token list
/// (a kilobyte for [`SPARE_TOKENS`] tokens) and the candidate phrase. Both were allocated and
/// freed by every search, about 300 instructions of a rendered `data strategy` (stop 82). A
/// query holds at most `SEARCH_QUERY_MAX_CHARS` characters, so what a spare keeps is bounded
/// by the longest query's tokens. A cache of capacity, not of content: nothing in them
/// outlives the query.
#[derive(Default)]
struct Spare {
    tokens: Vec<QueryToken>,
    phrase: String,
}

thread_local! {
    static SPARE: Cell<Spare> =
        const { Cell::new(Spare { tokens: Vec::new(), phrase: String::new() }) };
}

/// The words of a phrase the synonym table keeps the words of (`keep_words`), each a unit of
/// its own after the phrase's, as it would be without the phrase; `last` says whether the
/// phrase ends the query (its last word may then be unfinished). A word already a unit is not
/// repeated, and the query's limit of units holds.
fn push_phrase_words(text: &str, tokens: &[QueryToken], last: bool, units: &mut Vec<UnitAt>) {
    for (n, token) in tokens.iter().enumerate() {
        if units.len() >= SEARCH_MAX_QUERY_TERMS {
            break;
        }
        if units.iter().any(|unit| text[unit.key.clone()] == text[token.stem.clone()]) {
            continue;
        }
        let prefix = last
            && n + 1 == tokens.len()
            && !token.as_typed
            && text[token.word.clone()].chars().count() >= SEARCH_PREFIX_MIN_CHARS;
        units.push(UnitAt {
            key: token.stem.clone(),
            word: Some((token.word.clone(), token.span.clone())),
            prefix,
            as_typed: token.as_typed,
            known: token.known,
            after_end: false,
            edits: 0,
            gapped: false,
            irregular: token.irregular,
            ends_sentence: false,
            alternatives: 0..0,
            weight: 0,
        });
    }
}

/// Most spellings of phrases [`Misspelt::phrase_at`] looks up in the synonym table for one
/// query: each misspelt word has up to `SEARCH_TYPO_MAX_EXPANSIONS` readings, and a phrase of
/// several of them would multiply. A query with a misspelt word or two tries a few dozen.
const TYPO_PHRASE_MAX_TRIES: usize = 256;

/// The query's misspelt words and what they are near, worked out only for the words a
/// synonym phrase may need them for. A word is misspelt as [`expand`] has it: typo-tolerant,
/// not a word of the library, its stem (or singular) in no guide, not a synonym input, and,
/// typed last, the beginning of no word of the library.
struct Misspelt {
    /// Per token: `None` until asked; then whether it is misspelt.
    misspelt: Vec<Option<bool>>,
    /// Per misspelt token: whether it was looked up as an unfinished word, and the words near
    /// it (`typo::typo_words`), until a unit of the word takes them.
    near: Vec<Option<(bool, Vec<Near>)>>,
    /// Phrases looked up so far, up to [`TYPO_PHRASE_MAX_TRIES`].
    tries: usize,
}

impl Misspelt {
    /// Nothing is allocated until a word the library does not use is looked at.
    fn new() -> Misspelt {
        Misspelt { misspelt: Vec::new(), near: Vec::new(), tries: 0 }
    }

    /// Whether token `idx` is misspelt, looking up the words near it when it is.
    fn check(&mut self, text: &str, tokens: &[QueryToken], idx: usize) -> bool {
        let token = &tokens[idx];
        if token.known.is_some() || token.as_typed || idx >= SEARCH_TYPO_MAX_TERMS {
            return false;
        }
        if self.misspelt.is_empty() {
            self.misspelt = vec![None; tokens.len()];
            self.near = vec![None; tokens.len()];
        }
        if let Some(misspelt) = self.misspelt[idx] {
            return misspelt;
        }
        let word = &text[token.word.clone()];
        if tokenize::everyday_word(word) {
            // An everyday word the library does not write is a word, not a slip.
            self.misspelt[idx] = Some(false);
            return false;
        }
        let stem = &text[token.stem.clone()];
        let (key, term) = match TERM_IDS.get(stem) {
            Some(&term) => (stem, Some(term)),
            None => singular_term(word)
                .and_then(|term| Some((*TERM_KEYS.get(term as usize)?, Some(term))))
                .unwrap_or((stem, None)),
        };
        let unknown = !term.is_some_and(has_postings) && !SYNONYMS.contains_key(key);
        let n_chars = word.chars().count();
        let prefix = idx + 1 == tokens.len() && n_chars >= SEARCH_PREFIX_MIN_CHARS;
        let misspelt = unknown
            && typo::allowed_edits(n_chars) > 0
            && !(prefix && typo::prefix_terms(word, None).any(has_postings));
        if misspelt {
            let near = prefer_doubled_letters(word, typo::typo_words(word, prefix));
            self.near[idx] = Some((prefix, near));
        } else if let Some(meant) = term
            .filter(|_| !unknown && key == stem && !SYNONYMS.contains_key(key))
            .filter(|_| !(prefix && typo::prefix_terms(word, None).any(has_postings)))
            .and_then(|term| misread_stem(word, term))
        {
            // A word the library does not write whose stem it does, read as a more used word
            // ("expirement" is `experiment`, not "expire"): a phrase reads it so too
            // ("expirement tracking" is `experiment tracking`), as its unit does alone.
            self.near[idx] = Some((false, meant));
            self.misspelt[idx] = Some(true);
            return true;
        } else if let Some(near) = unknown.then(|| short_near(word)).flatten() {
            // Too short to be read as another word alone, but a phrase may read it so.
            self.near[idx] = Some((false, near));
            self.misspelt[idx] = Some(true);
            return true;
        }
        self.misspelt[idx] = Some(misspelt);
        misspelt
    }

    /// The stems token `idx` may be read as, added to `readings`: its own, then, misspelt, each
    /// whole word near it with the edits to it and its place among the words near it.
    fn push_readings<'t>(
        &self,
        text: &'t str,
        tokens: &[QueryToken],
        idx: usize,
        readings: &mut Vec<(&'t str, u8, usize)>,
    ) {
        let first = readings.len();
        readings.push((&text[tokens[idx].stem.clone()], 0, 0));
        if let Some(Some((_, near))) = self.near.get(idx) {
            for (place, near) in near.iter().enumerate() {
                if !(near.whole && near.distance > 0) {
                    continue;
                }
                if let Some(&stem) = TERM_KEYS.get(near.term as usize)
                    && !readings[first..].iter().any(|&(s, _, _)| s == stem)
                {
                    readings.push((stem, near.distance, place));
                }
            }
        }
    }

    /// The longest synonym phrase that begins at token `idx` when misspelt words are read as
    /// the words near them (of equally long ones, the fewest edits; then the first found):
    /// its length in tokens and its edits (at most 2), with its key left in `phrase`. `None`
    /// when no misspelt word is within reach of a phrase there. `own_longest` is the longest
    /// phrase the token's own stem begins ([`longest_phrase_from`]); `n_units` is how many
    /// units come before it: only the first `SEARCH_TYPO_MAX_TERMS` are typo-tolerant. Each
    /// misspelt word of the phrase found, with the word it was read as, goes to `read_as`.
    ///
    /// The readings of the phrase's tokens are one list (each token's a run of it), and a
    /// combination of them, the best one's included, a fixed array of at most
    /// [`MAX_PHRASE_STEMS`] places: the look-up allocates that one list, where a list per
    /// token, a counter per head reading and length, and a copy of each better key found cost
    /// `machine lerning in producton` a dozen allocations (stop 82).
    // Out of line: most queries never come here, and the loop over their words stays small.
    #[inline(never)]
    #[allow(clippy::too_many_arguments, reason = "one call site, in `units`")]
    fn phrase_at(
        &mut self,
        text: &str,
        tokens: &[QueryToken],
        idx: usize,
        own_longest: usize,
        n_units: usize,
        phrase: &mut String,
        read_as: &mut Vec<(Range<usize>, String)>,
    ) -> Option<(usize, u8)> {
        if n_units >= SEARCH_TYPO_MAX_TERMS || idx + 1 >= tokens.len() {
            return None;
        }
        let head_misspelt = self.check(text, tokens, idx);
        // The head's readings, the list's first run: its own stem alone unless misspelt.
        let mut readings: Vec<(&str, u8, usize)> = Vec::new();
        // The most tokens a phrase from here can take: the own stem's reach, or for a misspelt
        // word the longest phrase any reading of it begins. Never more than the longest phrase
        // of the synonym table, which every head's reach is within.
        let mut reach = own_longest;
        if head_misspelt {
            self.push_readings(text, tokens, idx, &mut readings);
            for &(stem, _, _) in &readings {
                reach = reach.max(longest_phrase_from(stem));
            }
        }
        let reach = in_sentence(tokens, idx, reach.min(tokens.len() - idx).min(MAX_PHRASE_STEMS));
        if reach < 2 {
            return None;
        }
        let mut any_misspelt = head_misspelt;
        for next in idx + 1..idx + reach {
            any_misspelt |= self.check(text, tokens, next);
        }
        if !any_misspelt {
            return None;
        }
        // Where each token's run of readings begins, then the list's end.
        let mut starts = [0usize; MAX_PHRASE_STEMS + 1];
        if !head_misspelt {
            self.push_readings(text, tokens, idx, &mut readings);
        }
        for (n, start) in starts.iter_mut().enumerate().take(reach + 1).skip(1) {
            *start = readings.len();
            if n < reach {
                self.push_readings(text, tokens, idx + n, &mut readings);
            }
        }
        let run = |n: usize| &readings[starts[n]..starts[n + 1]];
        // Length, edits, and the reading of each of its tokens (the head's first).
        let mut best: Option<(usize, u8, [usize; MAX_PHRASE_STEMS])> = None;
        for (head_reading, &(head, head_edits, _)) in run(0).iter().enumerate() {
            let longest = longest_phrase_from(head).min(reach);
            for len in (2..=longest).rev() {
                if best.as_ref().is_some_and(|(best_len, _, _)| *best_len > len) {
                    break;
                }
                // Every combination of the next `len - 1` tokens' readings, as a counter.
                let mut choice = [0usize; MAX_PHRASE_STEMS];
                let choice = &mut choice[..len - 1];
                while self.tries < TYPO_PHRASE_MAX_TRIES {
                    let edits = head_edits
                        + choice.iter().enumerate().map(|(n, &c)| run(n + 1)[c].1).sum::<u8>();
                    let better = best.as_ref().is_none_or(|(best_len, best_edits, _)| {
                        len > *best_len || edits < *best_edits
                    });
                    if edits > 0 && edits <= 2 && better {
                        self.tries += 1;
                        phrase.clear();
                        phrase.push_str(head);
                        for (n, &c) in choice.iter().enumerate() {
                            phrase.push(' ');
                            phrase.push_str(run(n + 1)[c].0);
                        }
                        if SYNONYMS.contains_key(phrase.as_str()) {
                            let mut chosen = [0usize; MAX_PHRASE_STEMS];
                            chosen[0] = head_reading;
                            chosen[1..len].copy_from_slice(choice);
                            best = Some((len, edits, chosen));
                        }
                    }
                    // Next combination.
                    let mut n = 0;
                    while n < choice.len() {
                        choice[n] += 1;
                        if choice[n] < run(n + 1).len() {
                            break;
                        }
                        choice[n] = 0;
                        n += 1;
                    }
                    if n == choice.len() {
                        break;
                    }
                }
            }
        }
        let (len, edits, chosen) = best?;
        // The key found, from the readings it was made of.
        phrase.clear();
        for (n, &reading) in chosen[..len].iter().enumerate() {
            let (stem, reading_edits, place) = run(n)[reading];
            if n > 0 {
                phrase.push(' ');
            }
            phrase.push_str(stem);
            let near = self.near.get(idx + n).and_then(Option::as_ref);
            if let (true, Some((_, near))) = (reading_edits > 0, near)
                && let Some(word) = near.get(place)
            {
                read_as.push((tokens[idx + n].span.clone(), word.word.clone()));
            }
        }
        Some((len, edits))
    }

    /// The words near token `idx`, if they were looked up, for the unit of that word alone:
    /// not those of a word too short for typo tolerance ([`short_near`]), which only a phrase
    /// reads as another word.
    fn take_near(
        &mut self,
        text: &str,
        tokens: &[QueryToken],
        idx: usize,
    ) -> Option<(bool, Vec<Near>)> {
        let word = &text[tokens.get(idx)?.word.clone()];
        if typo::allowed_edits(word.chars().count()) == 0 {
            return None;
        }
        self.near.get_mut(idx).and_then(Option::take)
    }
}

/// The whole words one edit from a word too short for typo tolerance (3 or 4 letters, which
/// alone match exactly: too many words are one edit from them), for reading it inside a
/// synonym phrase only, where the phrase's other words say which was meant: `hed of data` is
/// the phrase `head of data`, where `hed` alone could as well be `had` or `held`. Also for the
/// unfinished last word (`head of dat`): its completions are what it finds alone, but the
/// phrase reads it as the whole word one edit away. Asked only of a word the library does not
/// use and the synonym table does not name; `None` when no word is one edit from it.
fn short_near(word: &str) -> Option<Vec<Near>> {
    if !(SEARCH_SUGGEST_ONE_MIN_CHARS..SEARCH_TYPO_ONE_MIN_CHARS).contains(&word.chars().count()) {
        return None;
    }
    let mut near = typo::all_words_near(word, 1);
    near.retain(|n| n.distance == 1 && n.whole);
    (!near.is_empty()).then(|| prefer_doubled_letters(word, near))
}

/// Of a misspelt word's candidates, those a doubled or undoubled letter away when there are
/// any that find something: pressing a key twice, or once where it is doubled, is the
/// commonest slip, so `shapp` is `SHAP` (not `shape` or `sharp`), `clases` is `classes` (not
/// `cases` or `close`) and `modell` is `model`. Otherwise the candidates as they are.
fn prefer_doubled_letters(word: &str, mut near: Vec<Near>) -> Vec<Near> {
    let doubled = |n: &Near| {
        n.whole
            && n.distance == 1
            && typo::doubled_letter_apart(word, &n.word)
            && (has_postings(n.term) || !synonyms_of(n.term).is_empty())
    };
    if near.iter().any(doubled) {
        near.retain(doubled);
    }
    near
}

/// The terms a one-word synonym key finds, by the key's term; empty for any other term.
fn synonyms_of(term: u32) -> &'static [u32] {
    if SYNONYM_TERMS.binary_search(&term).is_err() {
        return &[];
    }
    TERM_KEYS.get(term as usize).and_then(|key| SYNONYMS.get(key)).map_or(&[], |terms| terms)
}

/// Adds `term` to the alternatives of the unit that begins at `first`, unless it has it.
fn push(alternatives: &mut Vec<Alternative>, first: usize, term: u32, kind: Kind) {
    if !alternatives[first..].iter().any(|a| a.term == term) {
        alternatives.push(Alternative { term, kind });
    }
}

/// Fills in a unit's alternatives. Typo matches are looked for only when the word matches
/// nothing exactly (nor, for the last word, as a prefix) and is not a synonym input: a word
/// the library uses or `content/synonyms.toml` names is taken to be meant (see README,
/// "Search"). A synonym input is never completed as a prefix either. For a misspelt word that
/// finds guides: the library word it was most likely meant as (see [`Units::read_as`]).
fn expand(
    text: &str,
    unit: &UnitAt,
    typo_tolerant: bool,
    near: Option<(bool, Vec<Near>)>,
    alternatives: &mut Vec<Alternative>,
) -> Option<String> {
    let first = alternatives.len();
    let mut key = &text[unit.key.clone()];
    let known = unit.known.map(|known| known.term);
    let mut term = known.or_else(|| TERM_IDS.get(key).copied());
    let mut singular_known = None;
    if term.is_none() {
        // A plural the library never writes is its singular, synonyms and all.
        let singular = unit.word.as_ref().and_then(|(word, _)| singular_term(&text[word.clone()]));
        if let Some((stem, singular)) =
            singular.and_then(|t| Some((*TERM_KEYS.get(t as usize)?, t)))
        {
            key = stem;
            term = Some(singular);
            singular_known = Some(singular);
        }
    }
    // A phrase reached through misspelt words counts as they do, a typo; its synonyms as
    // those of a misspelt word.
    let (exact, synonym) = match unit.edits {
        0 => (Kind::Exact, Kind::Synonym),
        edits => (Kind::Typo(edits), Kind::SynonymTypo(edits)),
    };
    if let Some(term) = term {
        push(alternatives, first, term, exact);
    }
    // A known word's term says whether its stem is a synonym key; only other keys are hashed.
    let may_have_synonyms =
        known.or(singular_known).is_none_or(|term| SYNONYM_TERMS.binary_search(&term).is_ok());
    let synonyms = may_have_synonyms.then(|| SYNONYMS.get(key)).flatten();
    // A `last_word` input ("stuck") finds its targets only ending the query or its sentence,
    // said of what came before it ("the migration is stuck"), not before what it is about
    // ("stuck on data quality"); it is still a word the table names, never corrected.
    // Asked only of a word the table names.
    // A phrase was asked where it was read (`said_last` in [`units`]).
    let finds_targets =
        |_: &_| unit.ends_sentence || unit.word.is_none() || !LAST_WORD.contains(&key);
    if let Some(synonyms) = synonyms.filter(finds_targets) {
        for &term in synonyms.iter() {
            push(alternatives, first, term, synonym);
        }
    }
    // A word the synonym table names is a whole word, spelt as meant: the last word "excel"
    // is the spreadsheet, not the start of "excellence", and "mesh" is not a typo of "mush".
    let named_by_synonyms = synonyms.is_some();
    if let Some((word, _)) = &unit.word {
        let word = &text[word.clone()];
        if unit.prefix && !named_by_synonyms {
            let place = unit.known.map(|known| known.place as usize);
            // An unfinished word (one the library does not write) that begins a name only the
            // synonym table writes finds what that name finds: "snowfl" is `snowflake` and
            // "kimba" `kimball`, which found nothing. Not a word the guides write too, whose
            // targets would outweigh its other completions ("rec" finding the hiring guides
            // through `recruit`, "sup" the vendor guides through `supplier`); nor a finished
            // word's completions ("data" is not `database`'s `DB`).
            let unfinished = term.is_none();
            for term in typo::prefix_terms(word, place) {
                push(alternatives, first, term, Kind::Prefix);
                if unfinished && !has_postings(term) {
                    for &synonym in synonyms_of(term) {
                        push(alternatives, first, synonym, Kind::Synonym);
                    }
                }
            }
        }
        let found_as_typed = alternatives[first..].iter().any(|a| {
            matches!(a.kind, Kind::Exact | Kind::Prefix | Kind::Synonym) && has_postings(a.term)
        });
        // A word the library does not write whose stem it does, nearer a more used word of
        // another stem than any written form of its own: "expirement" is `experiment`, not
        // "expire" (see [`misread_stem`]). Its own stem then counts for nothing.
        let misread = match term {
            Some(term)
                if typo_tolerant
                    && found_as_typed
                    && unit.known.is_none()
                    && singular_known.is_none()
                    && unit.edits == 0
                    && !named_by_synonyms
                    && !alternatives[first..]
                        .iter()
                        .any(|a| matches!(a.kind, Kind::Prefix) && has_postings(a.term)) =>
            {
                misread_stem(word, term)
            }
            _ => None,
        };
        if misread.is_some() {
            alternatives.truncate(first);
        }
        // An irregular form of a verb the library does not write (`stolen`, `threw`) is a
        // word, not a slip: it matches nothing rather than a look-alike (`staleness`, `three`).
        // Asked last, of a word that found nothing: a binary search costs each word about 300
        // instructions (search-8: 3,000). A word asked as its stem was found is not asked again.
        if typo_tolerant
            && (!found_as_typed || misread.is_some())
            && !named_by_synonyms
            && !unit.irregular.unwrap_or_else(|| tokenize::irregular_form(word).is_some())
            && !tokenize::everyday_word(word)
        {
            // For the last word: when the word as typed is a near miss of whole words, it was
            // finished ("chrun" is "churn"), so words it merely begins near ("chunk") are left out.
            let near = match (misread, near) {
                (Some(misread), _) => misread,
                (None, Some((prefix, near))) if prefix == unit.prefix => near,
                _ => prefer_doubled_letters(word, typo::typo_words(word, unit.prefix)),
            };
            let near = if near.is_empty() { typo::stem_near(word, key) } else { near };
            let near = if near.is_empty() { mended_ending(word, key) } else { near };
            let any_whole = near.iter().any(|n| n.whole);
            // Which candidate the word was most likely meant as: a whole word, the closest,
            // one a vowel away before one a consonant away ("registery" is `registry`, not
            // `register`), the most used.
            let likelier = |a: &Near, b: &Near| {
                let df = |n: &Near| {
                    let term = n.term as usize;
                    POSTINGS_START.get(term + 1).map_or(0, |&end| end - POSTINGS_START[term])
                };
                let consonant =
                    |n: &Near| n.whole && n.distance == 1 && typo::consonant_apart(word, &n.word);
                (!a.whole, a.distance, consonant(a), std::cmp::Reverse(df(a)))
                    < (!b.whole, b.distance, consonant(b), std::cmp::Reverse(df(b)))
            };
            let mut read: Option<Near> = None;
            for near in near.into_iter().filter(|n| n.distance > 0 && (n.whole || !any_whole)) {
                push(alternatives, first, near.term, Kind::Typo(near.distance));
                // A misspelling finds what the word finds, its synonyms included, weighed
                // as a synonym and a typo both: a synonym input no guide uses ("tableau") is
                // in the vocabulary only to be reached, and "etics" means "ethics", which
                // stands for "fairness" and "responsible AI". A `last_word` input read so
                // ("stcuk") finds its targets where the word as typed would: only ending the
                // query or its sentence. Asked only of a candidate with synonyms.
                let synonyms = synonyms_of(near.term);
                let said_of_subject = |key: &&str| unit.ends_sentence || !LAST_WORD.contains(key);
                let finds_targets = synonyms.is_empty()
                    || TERM_KEYS.get(near.term as usize).is_none_or(said_of_subject);
                for &term in synonyms.iter().filter(|_| finds_targets) {
                    push(alternatives, first, term, Kind::SynonymTypo(near.distance));
                }
                // What a synonym input no guide writes finds is read as that input too
                // ("shapp" is `shap`, "tablaeu" `tableau`); used by no guide, it comes after a
                // guide's word as near.
                let finds = has_postings(near.term) || !synonyms_of(near.term).is_empty();
                if finds && read.as_ref().is_none_or(|r| likelier(&near, r)) {
                    read = Some(near);
                }
            }
            return read.map(|near| near.word);
        }
        // A word the library does not write that is a bare stem of one it does ("machin" of
        // "machine", "qualiti" of "quality") found that word's guides as typed, and rightly;
        // but the page said "Showing results for machin learning", which reads as left
        // uncorrected. It is named as the written form of its stem nearest it, as a
        // misspelling is; what it finds is unchanged. Not a word with an ending the stemmer
        // cut ("shopping" is no slip for "shop"), a word in quotes, a phrase's, nor an
        // unfinished last word (its completions are what it is read as).
        let bare_stem = typo_tolerant
            && found_as_typed
            && unit.known.is_none()
            && singular_known.is_none()
            && unit.edits == 0
            && !named_by_synonyms
            && word == key
            && !alternatives[first..]
                .iter()
                .any(|a| matches!(a.kind, Kind::Prefix) && has_postings(a.term));
        if let Some(term) = term.filter(|_| bare_stem) {
            return bare_stem_written(word, term);
        }
    }
    None
}

/// Most letters an ending puts on a word ("-ing", "-ies"): a written word of a stem longer
/// than its shortest by more is another word the stemmer gave the same stem ("business" and
/// "busy" are both `busi`).
const STEM_ENDING_MAX_CHARS: usize = 3;

/// The form the library writes of stem `term` that `word`, a bare stem of it no guide writes,
/// was typed for: its shortest written form ([`written_form`]), when that is the word with a
/// letter put after it ("machin", "machine") or its last letter changed ("qualiti",
/// "quality"), as the stemmer cut an "e" or made a "y" an "i"; not a longer word the stem is
/// cut from ("shop" is no slip for "shopping"). `None` otherwise, and when the stem is two
/// words' ([`STEM_ENDING_MAX_CHARS`]): "busi case" is a business case, not a "busy case".
fn bare_stem_written(word: &str, term: u32) -> Option<String> {
    let written = written_form(word, term)?;
    let mut chars = word.chars();
    chars.next_back()?;
    let kept = chars.as_str();
    let one_letter = match written.len().checked_sub(word.len())? {
        0 => written.starts_with(kept) && written != word,
        1 => written.starts_with(word),
        _ => false,
    };
    let first = PREFIX_WORDS.partition_point(|(form, _)| *form < kept);
    let one_word = PREFIX_WORDS[first..]
        .iter()
        .take_while(|(form, _)| form.starts_with(kept))
        .filter(|&&(_, of)| of == term)
        .all(|(form, _)| form.len() <= written.len() + STEM_ENDING_MAX_CHARS);
    (one_letter && one_word).then(|| written.to_string())
}

/// Whether `a` and `b` have the same letters, each as often: one is the other with letters
/// moved. ASCII words only (a misspelling's letters are compared byte by byte).
fn same_letters(a: &str, b: &str) -> bool {
    let mut counts = [0i16; 128];
    if a.len() != b.len() || !a.is_ascii() || !b.is_ascii() {
        return false;
    }
    for (x, y) in a.bytes().zip(b.bytes()) {
        counts[usize::from(x)] += 1;
        counts[usize::from(y)] -= 1;
    }
    counts.iter().all(|&count| count == 0)
}

/// Inflectional endings a word the library does not write may carry on one it does.
const INFLECTIONS: &[&str] = &["s", "es", "ed", "d", "ing", "ings", "er", "ers", "est", "ly"];

/// Whether `word` is a word of the library with an inflectional ending ([`INFLECTIONS`]) put
/// on (as written, with the `e` it dropped, with its last consonant doubled, or with `y` made
/// `i`: "shopping" on "shop", "decoded" on "decode"), or the library writes it with one
/// ("compete", which the library writes as "competing"). An ending that begins with a vowel,
/// put on the word as written, does not count when the library writes the word with an `e`
/// after it: the inflected word is as much that word's, its `e` dropped ("warehousing" is
/// "warehouse" with "-ing"), so it is no sign that the word typed is a word of its own.
fn inflects_a_library_word(word: &str) -> bool {
    let mut buffer = String::new();
    buffer.push_str(word);
    buffer.push('e');
    let written_with_e = WORD_INDEX.get(buffer.as_str()).is_some();
    let bare = word.strip_suffix('e').unwrap_or(word);
    let before_y = word.strip_suffix('y');
    let inflected = INFLECTIONS.iter().any(|ending| {
        let with_i = before_y.filter(|_| ending.starts_with('e'));
        let of_the_e_word = written_with_e && ending.starts_with(['e', 'i']);
        [Some(word), Some(bare), with_i].into_iter().flatten().enumerate().any(|(n, head)| {
            if of_the_e_word && head.len() == word.len() {
                return false;
            }
            buffer.clear();
            buffer.push_str(head);
            if n == 2 {
                buffer.push('i');
            }
            buffer.push_str(ending);
            WORD_INDEX.get(buffer.as_str()).is_some()
        })
    });
    inflected
        || INFLECTIONS.iter().any(|ending| {
            let Some(head) = word.strip_suffix(ending).filter(|head| head.len() >= 3) else {
                return false;
            };
            let bytes = head.as_bytes();
            let doubled = bytes.len() >= 2 && bytes[bytes.len() - 1] == bytes[bytes.len() - 2];
            buffer.clear();
            buffer.push_str(head);
            buffer.push('e');
            WORD_INDEX.get(head).is_some()
                || WORD_INDEX.get(buffer.as_str()).is_some()
                || (doubled && WORD_INDEX.get(&head[..head.len() - 1]).is_some())
                || head.strip_suffix('i').is_some_and(|stem| {
                    buffer.clear();
                    buffer.push_str(stem);
                    buffer.push('y');
                    WORD_INDEX.get(buffer.as_str()).is_some()
                })
        })
}

/// Fewest guides a word must be used by for a word the library does not write to be read as
/// it although its stem is found ([`misread_stem`]).
const MISREAD_MIN_GUIDES: usize = 3;

/// How near the end of a word a consonant put for another is a slip of its ending
/// ("convertion" for `conversion`) rather than another word ("compete", "construct").
const MISREAD_ENDING_CHARS: usize = 4;

/// The typo candidates of a word the library does not write whose stem (`term`) it does,
/// when the word was more likely meant as another: Snowball stems "expirement" to "expir"
/// (the stem of "expire", in four guides) and "convertion" to "convert", so they found those
/// and never reached typo tolerance. Read as a misspelling when a word of another stem is
/// within the allowed edits, nearer than every written form of the word's own stem, used by
/// at least as many guides as the stem (and by [`MISREAD_MIN_GUIDES`]), and not a consonant
/// away except near the end; and the word is not a library word with an inflection on
/// ([`inflects_a_library_word`]): "shopping", "competes". `None` otherwise: the stem is meant.
/// Asked only of a word whose stem the library has but which it never writes.
#[inline(never)]
fn misread_stem(word: &str, term: u32) -> Option<Vec<Near>> {
    let edits = typo::allowed_edits(word.chars().count());
    if edits == 0 || is_synonym_input(term) {
        return None;
    }
    let near = typo::whole_words_near(word, edits);
    let own = near.iter().filter(|n| n.term == term).map(|n| n.distance).min().unwrap_or(u8::MAX);
    // Two edits only as letters moved ("expirement", `experiment`); one, any but a consonant
    // put for another before the ending.
    let slip = |n: &Near| {
        if n.distance > 1 {
            return same_letters(word, &n.word);
        }
        let common = word.chars().zip(n.word.chars()).take_while(|(a, b)| a == b).count();
        !typo::consonant_apart(word, &n.word)
            || (common > MISREAD_ENDING_CHARS
                && word.chars().count() - common <= MISREAD_ENDING_CHARS)
    };
    let meant: Vec<Near> = near
        .into_iter()
        .filter(|n| n.whole && n.distance > 0 && n.distance < own && n.term != term)
        .filter(|n| has_postings(n.term) && slip(n))
        .collect();
    let closest = meant.iter().map(|n| n.distance).min()?;
    let most_used = meant.iter().filter(|n| n.distance == closest).map(|n| guides(n.term)).max()?;
    let likelier = most_used >= guides(term).max(MISREAD_MIN_GUIDES);
    (likelier && !inflects_a_library_word(word)).then_some(meant)
}

/// Fewest letters a stem keeps before a misspelt ending ([`mended_ending`]).
const MENDED_STEM_MIN_CHARS: usize = 5;

/// Most letters of a word's end a slip of its ending is looked for in ([`mended_ending`]).
const MENDED_ENDING_MAX_CHARS: usize = 6;

/// A misspelling nothing is near, read with one slip in its ending mended: the word is its
/// own stem (the stemmer found no ending in it) and is a stem of the library (with guides)
/// followed by letters one edit from an ending of three letters or more that the stemmer strips
/// to that stem. "segmentaion" is "segmentation", whose stem `segment` the library writes only
/// as "segment" and "segments", so no written word is within two edits of the misspelling and
/// [`typo::stem_near`], which reads a slip before an ending the stemmer found, has no stem to
/// go on. The word is read as the longest stem so reached, named by its shortest written form
/// ("segment"), one edit away. Empty for a word of no allowed edits, a word not ASCII, a word
/// whose stem is not itself, or one no mended ending makes a stem of. Asked only of a word
/// nothing else was near.
#[inline(never)]
fn mended_ending(word: &str, stem: &str) -> Vec<Near> {
    if stem != word || !word.is_ascii() || typo::allowed_edits(word.len()) == 0 {
        return Vec::new();
    }
    let stemmer = rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English);
    let mut mended = String::new();
    let shortest = MENDED_STEM_MIN_CHARS.max(word.len().saturating_sub(MENDED_ENDING_MAX_CHARS));
    for split in (shortest..word.len()).rev() {
        let head = &word[..split];
        let Some(&term) = TERM_IDS.get(head).filter(|&&term| has_postings(term)) else {
            continue;
        };
        let mut found = false;
        typo::for_each_one_edit(&word[split..], |ending| {
            if found || ending.len() < MENDED_ENDING_MIN_CHARS {
                return;
            }
            mended.clear();
            mended.push_str(head);
            mended.push_str(ending);
            found = tokenize::stem(&stemmer, &mended) == head;
        });
        if found {
            let word = written_form(head, term).unwrap_or(head).to_string();
            return vec![Near { word, term, distance: 1, whole: true }];
        }
    }
    Vec::new()
}

/// Fewest letters of the ending a misspelt one is mended into ([`mended_ending`]): "-ation",
/// "-ment", "-ness", "-ing", not an "-s" or "-ed" that makes another word's stem of a word
/// ("relish" is not "relies").
const MENDED_ENDING_MIN_CHARS: usize = 3;

/// The shortest word the library writes with the stem `head` (`term`): those beginning with
/// it, or but its last letter ("theori" is written "theory").
fn written_form(head: &str, term: u32) -> Option<&'static str> {
    let begins = head.get(..head.len() - 1)?;
    let first = PREFIX_WORDS.partition_point(|(word, _)| *word < begins);
    PREFIX_WORDS[first..]
        .iter()
        .take_while(|(word, _)| word.starts_with(begins))
        .filter(|&&(_, of)| of == term)
        .map(|&(word, _)| word)
        .min_by_key(|word| word.len())
}

#[cfg(test)]
mod tests {
    use crate::search::query::{
        FORM_WORDS, FUNCTION_WORDS, Kind, PRACTICE_QUALIFIERS, PRACTICE_WORDS, longest_phrase_from,
        units,
    };
    use crate::tables::{PHRASE_HEADS, TERM_KEYS};

    /// The filter in front of the phrase heads never hides one, and turns most stems away.
    #[test]
    fn the_phrase_head_filter_passes_every_head_and_few_other_stems() {
        for &(head, len) in PHRASE_HEADS.iter() {
            assert_eq!(longest_phrase_from(head), usize::from(len), "{head}");
        }
        let passed = TERM_KEYS
            .iter()
            .filter(|stem| {
                let bit = crate::model::packed::phrase_head_bit(stem);
                crate::tables::PHRASE_HEAD_FILTER[(bit / 64) as usize] & 1 << (bit % 64) != 0
            })
            .count();
        // A tenth: about 8 % passed with 1,024 bits and four bytes of each stem until the
        // sixth search pass's phrase heads took it to 10.4 %; 2,048 bits kept it under (a
        // quarter, nearly, with 256 bits and two bytes, which kept phrases beginning with
        // common words such as `model` out of the synonym table) until the seventeenth pass's
        // heads took it to 10.3 %; 4,096 bits kept it under until the thirty-fifth pass's
        // heads took it to 10.1 %; 8,192 bits keep it under.
        assert!(passed * 10 < TERM_KEYS.len(), "{passed} of {} stems pass", TERM_KEYS.len());
        assert_eq!(longest_phrase_from(""), 1);
    }

    /// The look-up by the filter's bit answers as a binary search of the heads does, for
    /// every stem of the library, every head and each head with a byte more or fewer.
    #[test]
    fn the_phrase_head_by_bit_agrees_with_a_search_of_the_heads() {
        let search = |stem: &str| {
            PHRASE_HEADS
                .binary_search_by(|&(head, _)| head.cmp(stem))
                .map_or(1, |idx| usize::from(PHRASE_HEADS[idx].1))
        };
        let mut stems: Vec<String> = TERM_KEYS.iter().map(|stem| (*stem).to_owned()).collect();
        for &(head, _) in PHRASE_HEADS.iter() {
            stems.extend([head.to_owned(), format!("{head}s"), head[..head.len() - 1].to_owned()]);
        }
        let mut longer = 0;
        for stem in &stems {
            assert_eq!(longest_phrase_from(stem), search(stem), "{stem}");
            longer += usize::from(search(stem) > 1);
        }
        assert!(longer >= PHRASE_HEADS.len(), "{longer} stems begin a phrase");
    }

    /// A particle after a word joins it where the query or its clause ends, or a stop word
    /// follows; never before another word, a hyphen or a digit; and reading never slices a
    /// character in two.
    #[test]
    fn a_particle_joins_its_word_only_where_the_compound_is_meant() {
        use crate::search::query::particle_after;
        fn at<'a>(q: &'a str, word: &str) -> Option<&'a str> {
            let start = q.find(word).expect("the word");
            particle_after(q, &(start..start + word.len())).map(|particle| &q[particle])
        }
        for q in ["buy in", "Buy In?", "buy in for data", "buy  in", "buy\tin", "buy in, fast"] {
            let word = q.split_whitespace().next().expect("a word");
            assert_eq!(at(q, word).map(str::to_lowercase).as_deref(), Some("in"), "{q:?}");
        }
        for q in ["buy in bulk", "buy in-house", "buy in2", "buy in 2", "buy inside", "buy iné"] {
            assert_eq!(at(q, "buy"), None, "{q:?}");
        }
        assert_eq!(at("buy", "buy"), None);
        assert_eq!(at("set up", "set"), Some("up"));
        // Every word end of a text with marks and characters of several bytes.
        let text = "é buy in é, log on — set up\u{2019}s in é2 on";
        for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let _ = particle_after(text, &(0..end));
        }
        // Joined only when the synonym table or the library knows the word.
        let joined = |q: &str| {
            let span = 0..q.find(' ').expect("two words");
            let particle = particle_after(q, &span).expect("a particle");
            crate::search::query::joined_particle(q, &span, particle)
                .map(|(joined, span, ..)| (joined, span))
        };
        assert_eq!(joined("Buy In"), Some(("buyin".to_string(), 0..6)));
        assert_eq!(joined("quality in a warehouse"), None);
        // "IT", the stop word "it", joins where the table writes the compound ("shadow-IT").
        assert_eq!(joined("shadow IT"), Some(("shadowit".to_string(), 0..9)));
        assert_eq!(at("what is shadow it?", "shadow"), Some("it"));
        assert_eq!(at("shadow IT tools", "shadow"), None);
        assert_eq!(joined("ship it"), None);
    }

    #[test]
    fn units_keep_each_word_once_and_their_own_alternatives() {
        let units = units("Data data qualiti");
        let all: Vec<_> = units.iter().collect();
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!(all[0].key, crate::search::query::known_stem("data").expect("a library word"));
        assert_eq!(all[0].word, Some(("data", 0..4)));
        assert!(!all[0].prefix, "a word that is not the last is finished");
        assert!(all[1].prefix, "the last word may be unfinished");
        assert_eq!(all[1].word, Some(("qualiti", 10..17)));
        // Each unit's alternatives are its own slice of the shared list, distinct terms.
        let lengths: usize = all.iter().map(|unit| unit.alternatives.len()).sum();
        assert_eq!(lengths, units.alternatives().len());
        for unit in &all {
            let mut terms: Vec<u32> = unit.alternatives.iter().map(|a| a.term).collect();
            terms.sort_unstable();
            terms.dedup();
            assert_eq!(terms.len(), unit.alternatives.len(), "{unit:?}");
        }
        assert!(matches!(all[0].alternatives[0].kind, Kind::Exact));
    }

    /// The thread's spare token list and phrase ([`Spare`]) carry nothing from one query to
    /// the next: a query reads the same first, after a longer one with phrases and misspelt
    /// words, and after one that found nothing.
    #[test]
    fn a_query_reads_the_same_after_others_on_the_thread() {
        let read = |q: &str| format!("{:?}", units(q));
        let queries = ["data strategy", "machine lerning in producton", "hed of data"];
        let first: Vec<String> = queries.iter().map(|q| read(q)).collect();
        for _ in 0..2 {
            read("how to measure data quality in a warehouse with tests and contracts");
            read("zzzz qqqq");
            for (q, first) in queries.iter().zip(&first) {
                assert_eq!(&read(q), first, "{q}");
            }
        }
    }

    #[test]
    fn a_synonym_phrase_takes_one_word_between_two_of_its_words() {
        let keys = |q: &str| -> Vec<(String, bool)> {
            let units = units(q);
            let gapped: Vec<bool> = units.matching().map(|unit| unit.gapped).collect();
            units.iter().map(|unit| unit.key.to_string()).zip(gapped).collect()
        };
        // `delete old data` with "customer" between its last two words: the phrase, marked,
        // then the word between as a unit of its own.
        let read = keys("we never delete old customer data");
        let phrase = read.iter().find(|(key, _)| key.contains(' ')).expect("a phrase");
        assert!(phrase.1, "{read:?}");
        assert!(read.iter().any(|(key, gapped)| key == "custom" && !gapped), "{read:?}");
        assert_eq!(read.len(), 3, "never, the phrase, customer: {read:?}");
        // Typed whole, the phrase is not marked.
        let whole = keys("we never delete old data");
        assert!(whole.iter().any(|(key, gapped)| key.contains(' ') && !gapped), "{whole:?}");
        // Not across a sentence's end, nor for words in quotes, nor with two words between.
        for q in [
            "delete old. customer data",
            "\"delete old customer data\"",
            "delete old big customer data",
        ] {
            let read = keys(q);
            assert!(
                read.iter().all(|(key, gapped)| !key.contains(' ') && !gapped),
                "{q}: {read:?}"
            );
        }
    }

    #[test]
    fn a_synonym_phrase_is_one_unit_without_a_word() {
        let query = "large language models in production";
        let units = units(query);
        let first = units.iter().next().expect("a unit");
        assert!(first.key.contains(' '), "{first:?}");
        assert_eq!(first.word, None);
        assert!(first.alternatives.iter().any(|a| a.kind == Kind::Synonym), "{first:?}");
        // The buffer holds the phrase key after the words without disturbing them ("in" is
        // a stop word).
        let words: Vec<_> = units.iter().filter_map(|unit| unit.word).collect();
        let at = query.find("production").expect("in the query");
        assert_eq!(words, [("production", at..at + "production".len())]);
    }

    /// A misspelt word makes a synonym phrase as its neighbour would: one unit, a typo match
    /// by the edits of its words; a phrase spelt right stays exact, and a misspelt word
    /// that makes no phrase stays a word of its own.
    #[test]
    fn a_misspelt_word_makes_the_phrase_its_neighbour_makes() {
        let keys_and_kinds = |q: &str| -> Vec<(String, Option<Kind>)> {
            units(q)
                .iter()
                .map(|unit| (unit.key.to_string(), unit.alternatives.first().map(|a| a.kind)))
                .collect()
        };
        let phrase = keys_and_kinds("dashboard design");
        assert_eq!(phrase.len(), 1, "{phrase:?}");
        assert_eq!(phrase[0].1, Some(Kind::Exact));
        for (typed, edits) in
            [("dashbord design", 1), ("dashboard desgin", 1), ("dashbord desgin", 2)]
        {
            assert_eq!(
                keys_and_kinds(typed),
                [(phrase[0].0.clone(), Some(Kind::Typo(edits)))],
                "{typed}"
            );
        }
        let apart = keys_and_kinds("dashbord layout");
        assert_eq!(apart.len(), 2, "no phrase: {apart:?}");
        assert_eq!(apart[0].1, Some(Kind::Typo(1)), "{apart:?}");
    }

    #[test]
    fn a_form_word_is_phrasing_beside_a_subject_and_a_word_alone() {
        // `is_phrasing` binary-searches the list after a look at the first two bytes, and is
        // asked only of words of 4 to 9 bytes.
        assert!(FORM_WORDS.windows(2).all(|pair| pair[0] < pair[1]), "FORM_WORDS is sorted");
        for word in FORM_WORDS {
            assert!((4..=9).contains(&word.len()), "{word}");
            assert!(
                matches!(word.get(..2), Some("ca" | "ch" | "pl" | "te" | "to" | "wo")),
                "{word}"
            );
        }
        let keys =
            |q: &str| -> Vec<String> { units(q).iter().map(|u| u.key.to_string()).collect() };
        assert_eq!(keys("dashboard requirements checklist"), keys("dashboard requirements"));
        assert_eq!(keys("use case canvas"), keys("use case"));
        assert_eq!(keys("data governance playbooks"), keys("data governance"));
        // Alone, a form word is searched.
        assert_eq!(keys("templates").len(), 1);
    }

    #[test]
    fn best_practice_is_phrasing_beside_a_subject() {
        assert!(PRACTICE_QUALIFIERS.windows(2).all(|pair| pair[0] < pair[1]), "sorted");
        assert!(PRACTICE_WORDS.windows(2).all(|pair| pair[0] < pair[1]), "sorted");
        for word in PRACTICE_QUALIFIERS.iter().chain(PRACTICE_WORDS) {
            assert!((4..=9).contains(&word.len()), "{word}");
            assert!(matches!(word.get(..2), Some("be" | "go" | "pr")), "{word}");
        }
        let keys =
            |q: &str| -> Vec<String> { units(q).iter().map(|u| u.key.to_string()).collect() };
        assert_eq!(keys("dashboard best practices"), keys("dashboard"));
        assert_eq!(keys("good practice for prompts"), keys("prompts"));
        assert_eq!(keys("best practice for data retention"), keys("data retention"));
        assert_eq!(keys("Data Quality Best  Practice"), keys("data quality"));
        // Either word alone, or apart, is a word.
        assert_ne!(keys("the best dashboard"), keys("the dashboard"));
        assert_ne!(keys("data quality in practice"), keys("data quality"));
        assert_ne!(keys("best chart practice"), keys("chart"));
        // Alone, the two are searched.
        assert_eq!(keys("best practices").len(), 2);
    }

    #[test]
    fn a_function_word_is_phrasing_beside_a_subject_and_read_in_a_phrase() {
        // `is_phrasing` answers a word of 2 or 3 bytes from the list alone, and binary-searches
        // it for a longer word after a look at the first two bytes.
        assert!(
            FUNCTION_WORDS.windows(2).all(|pair| pair[0] < pair[1]),
            "FUNCTION_WORDS is sorted"
        );
        for word in FUNCTION_WORDS {
            assert!((2..=9).contains(&word.len()), "{word}");
            assert!(
                word.len() < 4
                    || matches!(word.get(..2), Some("ac" | "co" | "mi" | "mu" | "re" | "wo")),
                "{word}"
            );
        }
        let keys =
            |q: &str| -> Vec<String> { units(q).iter().map(|u| u.key.to_string()).collect() };
        assert_eq!(keys("is our ai tool actually being used"), keys("is our ai tool being used"));
        assert_eq!(
            keys("how do we come up with ideas for ai"),
            keys("how do we come with ideas for ai")
        );
        assert_eq!(keys("how much does a model cost"), keys("how does a model cost"));
        assert_eq!(keys("keep track of all our models"), keys("keep track of our models"));
        // A phrase of the synonym table that holds one is read as before ("speed up").
        assert_ne!(keys("how do I speed up my dashboard"), keys("how do I speed my dashboard"));
        // Alone, a function word is searched.
        assert_eq!(keys("up").len(), 1);
    }

    #[test]
    fn weights_start_at_zero_and_follow_set_weight() {
        let mut units = units("model drift");
        assert!(units.weighed().all(|(_, weight)| weight == 0));
        units.set_weight(1, 7);
        units.set_weight(9, 3); // out of range: ignored
        let weights: Vec<u32> = units.weighed().map(|(_, weight)| weight).collect();
        assert_eq!(weights, [0, 7]);
    }
}
