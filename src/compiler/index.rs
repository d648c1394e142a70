//! The inverted index over guides, built with the shared tokenizer.
//!
//! Ranking is BM25F: each field's term frequency is weighted (title above answers above
//! description above body), summed, and fed to BM25 with the weighted document length; a term
//! in the title then adds [`TITLE_TERM_BONUS`] times its idf, unsaturated. Every part of that
//! formula is fixed at build time, so each posting stores its final contribution ("impact")
//! and a query only adds impacts.
//!
//! Besides single stems, the index has one term per synonym phrase (`machine learning` is the
//! term `machin learn`): a guide contains it where those stems follow each other. It also
//! holds everything search needs beyond postings: the vocabulary of written words (for prefix
//! and typo matching, emitted as an FST), the synonym expansions, the document frequency
//! weights, and each guide's passages (the snippets a hit may show) with, per posting, which
//! passages contain the term.

use std::collections::{BTreeMap, BTreeSet};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::model::{
    SEARCH_SUGGEST_ONE_MIN_CHARS, SEARCH_SUGGEST_TWO_MIN_CHARS, SEARCH_TYPO_MAX_CHARS,
};
use super::synonyms::Synonyms;
use super::tokenize::{
    SENTENCE_GAP, Token, adjacent, for_each_deletion_variant, for_each_term_token, for_each_token,
};
use super::validate::Guide;

/// Field weights of BM25F. Titles and the questions a guide answers say most about it.
pub const WEIGHT_TITLE: f64 = 3.0;
pub const WEIGHT_ANSWERS: f64 = 2.5;
pub const WEIGHT_DESCRIPTION: f64 = 1.5;
pub const WEIGHT_BODY: f64 = 1.0;
/// What a term in a guide's title adds to the guide's impact for it, in multiples of the
/// term's idf, outside BM25's saturation. The title weight above counts inside it, and a guide
/// that uses a word often in its body saturates without it: `bias` ranked the guide on
/// forecast accuracy (forecast bias, eight mentions) above the one titled "How to run a
/// fairness and bias audit". Chosen on the judged set (README, "Search quality").
pub const TITLE_TERM_BONUS: f64 = 0.5;
/// BM25 term-frequency saturation.
pub const K1: f64 = 1.2;
/// BM25 length normalisation.
pub const B: f64 = 0.75;
/// Impacts are stored as integers: `impact * IMPACT_SCALE`, rounded. Integer sums keep the
/// ranking exact and identical on every machine.
pub const IMPACT_SCALE: f64 = 1000.0;
/// Most words in a passage. Sentences are packed into passages up to this size; a longer
/// sentence is cut at word boundaries, with `…` where it was cut. About two lines of text.
pub const PASSAGE_MAX_WORDS: usize = 30;
/// Most passages per guide: a posting records the passages holding its term as a 64-bit mask.
/// Passages past this one are not offered as snippets (no guide comes near it today).
pub const MAX_PASSAGES: usize = 64;

/// One posting: a guide containing the term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posting {
    pub guide: u16,
    /// BM25F contribution × `IMPACT_SCALE`.
    pub impact: u16,
    /// Bit `p` is set if passage `p` of the guide contains the term.
    pub passages: u64,
}

/// One passage: its text and the indexed words (and phrases) in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    pub text: String,
    /// `(start, end, term id)` by start; byte offsets into `text`.
    pub tokens: Vec<(u16, u16, u32)>,
}

/// A word or phrase found in a text: `(start, end, key)`, byte offsets.
pub(super) type Keyed = (usize, usize, String);

/// The finished index, ready to emit.
#[derive(Debug, Default)]
pub struct SearchIndex {
    /// `(key, postings)` sorted by key; a key is a stem or a synonym phrase (stems joined by
    /// spaces). Postings are by guide index. The position is the term id.
    pub terms: Vec<(String, Vec<Posting>)>,
    /// `(word as written, lowercased; term id)` sorted by word: the vocabulary for prefix and
    /// typo matching.
    pub words: Vec<(String, u32)>,
    /// `(input key, term ids it also finds)` sorted by key, from `content/synonyms.toml`.
    pub synonyms: Vec<(String, Vec<u32>)>,
    /// Phrase keys of `synonyms` whose words also count alone (`keep_words`), sorted.
    pub keep_words: Vec<String>,
    /// One-word input keys of `synonyms` that find their targets only as the last word of
    /// the query or its sentence (`last_word`), sorted.
    pub last_word: Vec<String>,
    /// Stems in the longest synonym input.
    pub max_phrase_stems: usize,
    /// BM25 idf × `IMPACT_SCALE` for a document frequency of 0 to the number of guides.
    pub idf_by_df: Vec<u16>,
    /// For one and for two edits: deletion variant → indexes into `words` of the words that
    /// have it, sorted by variant; the symmetric-deletion indexes behind typo tolerance (see
    /// `tokenize`).
    pub typo_variants: [Vec<(String, Vec<u16>)>; 2],
    /// Every guide's passages, guide after guide.
    pub passages: Vec<Passage>,
    /// Passages of guide `g` are `passages[passage_start[g]..passage_start[g + 1]]`.
    pub passage_start: Vec<u32>,
    /// `(first stem's term id, next stem's term id, guide)` for each two stems that follow
    /// each other in a guide's title or in one of the questions it answers, sorted and
    /// without repeats: a query whose words follow each other the same way names the title's
    /// phrase, or asks the guide's question.
    pub title_pairs: Vec<(u32, u32, u16)>,
}

impl SearchIndex {
    /// Whether `key` (a stem or phrase) occurs in any guide.
    pub fn occurs(&self, key: &str) -> bool {
        self.terms
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
            .is_ok_and(|idx| !self.terms[idx].1.is_empty())
    }
}

/// BM25 idf of a term found in `df` of `n_docs` documents.
pub fn idf(n_docs: f64, df: f64) -> f64 {
    (1.0 + (n_docs - df + 0.5) / (df + 0.5)).ln()
}

/// Builds the index over `guides` (already in published order).
pub fn build_index(guides: &[Guide], synonyms: &Synonyms) -> SearchIndex {
    let phrases = synonyms.phrase_keys();
    let max_phrase_stems =
        phrases.iter().map(|p| p.split(' ').count()).chain([1]).max().unwrap_or(1);
    // key -> guide -> weighted term frequency
    let mut frequencies: BTreeMap<String, BTreeMap<u16, f64>> = BTreeMap::new();
    // key -> guide -> passage mask
    let mut masks: BTreeMap<String, BTreeMap<u16, u64>> = BTreeMap::new();
    let mut word_stems: BTreeMap<String, String> = BTreeMap::new();
    let mut lengths = Vec::with_capacity(guides.len());
    // Per guide: passage texts with their (start, end, key) tokens.
    let mut guide_passages: Vec<Vec<(String, Vec<Keyed>)>> = Vec::new();
    let mut title_stem_pairs: Vec<(String, String, u16)> = Vec::new();
    // key -> guides whose title has it
    let mut in_titles: BTreeMap<String, BTreeSet<u16>> = BTreeMap::new();
    for key in &phrases {
        frequencies.entry(key.clone()).or_default();
    }
    for (guide_idx, guide) in guides.iter().enumerate() {
        let guide_idx = guide_idx as u16;
        let mut length = 0.0;
        let blocks = body_blocks(&guide.body);
        // Each question on its own: the last word of one and the first of the next are not
        // a phrase, nor are two words with a sentence's or clause's end between them.
        // A section's heading names a phrase as a title does: "Cross-validation for
        // time-dependent data" makes `cross validation` two words of the guide together. So
        // does its description, the one-sentence summary a search result shows: "answering
        // 'why did this number change?'" makes `number change` a phrase of the KPI guide.
        let headings = blocks.iter().filter(|(heading, _)| *heading).map(|(_, text)| text);
        let description = std::iter::once(&guide.description);
        for text in
            std::iter::once(&guide.title).chain(&guide.answers).chain(headings).chain(description)
        {
            for pair in tokens_of(text).windows(2).filter(|pair| adjacent(&pair[0], &pair[1])) {
                title_stem_pairs.push((pair[0].stem.clone(), pair[1].stem.clone(), guide_idx));
            }
        }
        for (_, _, key) in keyed(&tokens_of(&guide.title), &phrases, max_phrase_stems) {
            in_titles.entry(key).or_default().insert(guide_idx);
        }
        let fields: [(Vec<Token>, f64); 4] = [
            (tokens_of(&guide.title), WEIGHT_TITLE),
            (tokens_of_blocks(guide.answers.iter().map(String::as_str)), WEIGHT_ANSWERS),
            (tokens_of(&guide.description), WEIGHT_DESCRIPTION),
            (tokens_of_blocks(blocks.iter().map(|(_, text)| text.as_str())), WEIGHT_BODY),
        ];
        for (tokens, weight) in fields {
            length += weight * tokens.len() as f64;
            for (_, _, key) in keyed(&tokens, &phrases, max_phrase_stems) {
                *frequencies.entry(key).or_default().entry(guide_idx).or_default() += weight;
            }
            for token in tokens {
                word_stems.entry(token.word).or_insert(token.stem);
            }
        }
        lengths.push(length);

        let mut passages = Vec::new();
        let texts = passages_of(&guide.description).into_iter().chain(
            snippet_texts(blocks.iter().map(|(heading, text)| (*heading, text.as_str())))
                .iter()
                .flat_map(|text| passages_of(text))
                .collect::<Vec<_>>(),
        );
        for text in texts.filter(|t| {
            !t.to_lowercase().contains("<mark>") && !t.to_lowercase().contains("</mark>")
        }) {
            if passages.len() == MAX_PASSAGES {
                break;
            }
            let tokens = keyed(&tokens_of(&text), &phrases, max_phrase_stems);
            if tokens.is_empty() {
                continue;
            }
            let bit = 1u64 << passages.len();
            for (_, _, key) in &tokens {
                *masks.entry(key.clone()).or_default().entry(guide_idx).or_default() |= bit;
            }
            passages.push((text, tokens));
        }
        guide_passages.push(passages);
    }
    // A one-word synonym input no guide uses ("tableau", "looker") joins the vocabulary as a
    // term without postings, so a misspelling of it is corrected to it (and, at search time,
    // to what it finds) rather than to a guide word that merely looks alike ("table").
    for input in synonyms.inputs() {
        let mut tokens = Vec::new();
        for_each_term_token(&input.text, |token| tokens.push(token));
        if let [token] = tokens.as_slice() {
            frequencies.entry(token.stem.clone()).or_default();
            word_stems.entry(token.word.clone()).or_insert_with(|| token.stem.clone());
        }
    }
    let n_docs = guides.len() as f64;
    let average_length = lengths.iter().sum::<f64>() / n_docs.max(1.0);
    let mut terms = Vec::with_capacity(frequencies.len());
    for (key, postings) in frequencies {
        let term_masks = masks.get(&key);
        let titles = in_titles.get(&key);
        let idf = idf(n_docs, postings.len() as f64);
        let postings = postings
            .into_iter()
            .map(|(guide_idx, tf)| {
                let norm = K1 * (1.0 - B + B * lengths[usize::from(guide_idx)] / average_length);
                let in_title = titles.is_some_and(|guides| guides.contains(&guide_idx));
                let title_bonus = if in_title { TITLE_TERM_BONUS } else { 0.0 };
                let impact = idf * (tf * (K1 + 1.0) / (tf + norm) + title_bonus);
                Posting {
                    guide: guide_idx,
                    impact: (impact * IMPACT_SCALE).round().clamp(1.0, f64::from(u16::MAX)) as u16,
                    passages: term_masks.and_then(|m| m.get(&guide_idx)).copied().unwrap_or(0),
                }
            })
            .collect();
        terms.push((key, postings));
    }
    let term_index: BTreeMap<&str, u32> =
        terms.iter().enumerate().map(|(i, (s, _))| (s.as_str(), i as u32)).collect();
    let words: Vec<(String, u32)> = word_stems
        .iter()
        .filter_map(|(word, stem)| Some((word.clone(), *term_index.get(stem.as_str())?)))
        .collect();
    let typo_variants = [typo_variants(&words, 1), typo_variants(&words, 2)];
    let title_pairs: BTreeSet<(u32, u32, u16)> = title_stem_pairs
        .iter()
        .filter_map(|(a, b, guide)| {
            Some((*term_index.get(a.as_str())?, *term_index.get(b.as_str())?, *guide))
        })
        .collect();
    let keep_words = synonyms.keep_words_keys();
    let last_word = synonyms.last_word_keys();
    let synonyms = synonyms
        .expansions()
        .into_iter()
        .map(|(input, targets)| {
            let ids: BTreeSet<u32> =
                targets.iter().filter_map(|t| term_index.get(t.as_str()).copied()).collect();
            (input, ids.into_iter().collect())
        })
        .collect();
    let mut passages = Vec::new();
    let mut passage_start = vec![0u32];
    for guide in guide_passages {
        for (text, tokens) in guide {
            let tokens = tokens
                .into_iter()
                .filter_map(|(start, end, key)| {
                    Some((
                        u16::try_from(start).ok()?,
                        u16::try_from(end).ok()?,
                        *term_index.get(key.as_str())?,
                    ))
                })
                .collect();
            passages.push(Passage { text, tokens });
        }
        passage_start.push(passages.len() as u32);
    }
    let idf_by_df = (0..=guides.len())
        .map(|df| {
            (idf(n_docs, df as f64) * IMPACT_SCALE).round().clamp(0.0, f64::from(u16::MAX)) as u16
        })
        .collect();
    SearchIndex {
        terms,
        words,
        synonyms,
        keep_words,
        last_word,
        max_phrase_stems,
        idf_by_df,
        typo_variants,
        passages,
        passage_start,
        title_pairs: title_pairs.into_iter().collect(),
    }
}

/// The deletion variants of every word a typo or a suggestion may reach, in two indexes: for
/// one edit, the one-deletion variants of every word at least one character shorter than
/// `SEARCH_SUGGEST_ONE_MIN_CHARS`; for two edits, the two-deletion variants of every word at
/// least two shorter than `SEARCH_SUGGEST_TWO_MIN_CHARS`. (Suggestions allow edits to shorter
/// words than typo tolerance does, so they set the bounds; a typo lookup's variants are too
/// long to meet the shorter words' ones.) No word longer than the longest typo-tolerant query
/// word plus two is reachable. Two indexes, because a one-edit lookup in the two-edit index
/// would wade through candidates that can only be two edits away.
fn typo_variants(words: &[(String, u32)], max_deletions: u8) -> Vec<(String, Vec<u16>)> {
    let min_chars = if max_deletions == 1 {
        SEARCH_SUGGEST_ONE_MIN_CHARS - 1
    } else {
        SEARCH_SUGGEST_TWO_MIN_CHARS - 2
    };
    let mut variants: BTreeMap<String, BTreeSet<u16>> = BTreeMap::new();
    for (word_idx, (word, _)) in words.iter().enumerate() {
        let n_chars = word.chars().count();
        if n_chars < min_chars || n_chars > SEARCH_TYPO_MAX_CHARS + 2 {
            continue;
        }
        let word_idx = u16::try_from(word_idx).expect("fewer than 65,536 distinct words");
        for_each_deletion_variant(word, max_deletions, |variant| {
            variants.entry(variant.to_string()).or_default().insert(word_idx);
        });
    }
    variants.into_iter().map(|(variant, idx)| (variant, idx.into_iter().collect())).collect()
}

pub(super) fn tokens_of(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    for_each_token(text, |token| tokens.push(token));
    tokens
}

/// The tokens of several texts read as one field (a body's blocks, a guide's questions): each
/// text's positions follow the last one's after a [`SENTENCE_GAP`], so no phrase runs from a
/// paragraph, heading, list item or table row into the next, punctuated or not. Byte offsets
/// stay those within each text.
pub(super) fn tokens_of_blocks<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    for text in texts {
        let from = tokens.last().map_or(0, |last| last.position + 1 + SENTENCE_GAP);
        for_each_token(text, |mut token| {
            token.position += from;
            tokens.push(token);
        });
    }
    tokens
}

/// Every token's stem, then every synonym phrase the tokens spell (stems next to each other
/// in one sentence: [`adjacent`]), each with its byte range; sorted by start.
pub(super) fn keyed(
    tokens: &[Token],
    phrases: &BTreeSet<String>,
    max_phrase_stems: usize,
) -> Vec<Keyed> {
    let mut out: Vec<Keyed> = tokens.iter().map(|t| (t.start, t.end, t.stem.clone())).collect();
    for first in 0..tokens.len() {
        for len in 2..=max_phrase_stems.min(tokens.len() - first) {
            let window = &tokens[first..first + len];
            if !window.windows(2).all(|pair| adjacent(&pair[0], &pair[1])) {
                break;
            }
            let key = window.iter().map(|t| t.stem.as_str()).collect::<Vec<_>>().join(" ");
            if phrases.contains(&key) {
                out.push((window[0].start, window[len - 1].end, key));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    out
}

/// The readable text of a markdown body, block by block (`true` for headings): link targets,
/// markup and code fences are dropped, whitespace is collapsed.
///
/// A table is read row by row, so that no snippet shows its pipes: a row is a block of its
/// cells, "first: second; third", with empty cells left out; the header row counts as a
/// heading (indexed, never a snippet). The words are those of the table as written, in order.
///
/// A paragraph or list item that is bold from end to end, unpunctuated or ending in a full
/// stop ("**Build (one-off)**", "**Join problems.**"), is a label for the blocks after it,
/// as a lead-in is: it is read with a colon ("Build (one-off):", "Join problems:"), so [`snippet_texts`] joins it
/// to what it labels rather than quote it alone. Punctuation is no word, so this changes no
/// term or phrase.
pub fn body_blocks(markdown: &str) -> Vec<(bool, String)> {
    let mut blocks = Vec::new();
    let mut text = String::new();
    let mut heading = false;
    // Within the current block: how deep in `**` we are, and whether any words were outside
    // bold and inside it.
    let (mut strong, mut plain_words, mut bold_words) = (0usize, false, false);
    let mut cells: Vec<String> = Vec::new();
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::End(TagEnd::TableCell) => {
                cells.push(text.split_whitespace().collect::<Vec<_>>().join(" "));
                text.clear();
                (plain_words, bold_words) = (false, false);
            }
            Event::End(end @ (TagEnd::TableHead | TagEnd::TableRow)) => {
                let mut filled = cells.drain(..).filter(|cell| !cell.is_empty());
                let row = match filled.next() {
                    Some(first) => {
                        let rest: Vec<String> = filled.collect();
                        match (end, rest.is_empty()) {
                            (_, true) => first,
                            (TagEnd::TableHead, false) => format!("{first}; {}", rest.join("; ")),
                            _ => format!("{first}: {}", rest.join("; ")),
                        }
                    }
                    None => String::new(),
                };
                if !row.is_empty() {
                    blocks.push((end == TagEnd::TableHead, row));
                }
            }
            // Pieces are joined as written: markup splits text without separating words.
            Event::Text(piece) | Event::Code(piece) => {
                if !piece.trim().is_empty() {
                    if strong > 0 { bold_words = true } else { plain_words = true }
                }
                text.push_str(&piece);
            }
            Event::Start(Tag::Strong) => strong += 1,
            Event::End(TagEnd::Strong) => strong = strong.saturating_sub(1),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::Start(Tag::Heading { .. }) => heading = true,
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::CodeBlock,
            ) => {
                let block = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if !block.is_empty() {
                    blocks.push((heading, labelled(block, bold_words && !plain_words)));
                }
                text.clear();
                (heading, plain_words, bold_words) = (false, false, false);
            }
            Event::Start(Tag::Item) => {
                // An item's own text comes before any nested list; keep them apart.
                let block = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if !block.is_empty() {
                    blocks.push((false, labelled(block, bold_words && !plain_words)));
                }
                text.clear();
                (plain_words, bold_words) = (false, false);
            }
            _ => {}
        }
    }
    let rest = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !rest.is_empty() {
        blocks.push((false, rest));
    }
    blocks
}

/// A block that is all bold and unpunctuated, with the colon of the label it is.
fn labelled(mut block: String, all_bold: bool) -> String {
    if all_bold && !block.ends_with(['?', '!', ':', ';']) {
        if block.ends_with('.') {
            block.pop();
        }
        block.push(':');
    }
    block
}

/// The readable text of a markdown body as one string.
pub fn plain_text(markdown: &str) -> String {
    body_blocks(markdown).into_iter().map(|(_, text)| text).collect::<Vec<_>>().join(" ")
}

/// A sentence up to this many words is a passage of its own, whole, rather than cut at
/// `PASSAGE_MAX_WORDS`: a guide's description is often one sentence of 31 to 40 words, and a
/// snippet that stops three words short of its point reads worse than one a line longer.
pub const SENTENCE_MAX_WORDS: usize = 40;

/// A sentence shorter than this is not a passage of its own when the block has more to
/// say: it is read with the sentence after it (or, at the block's end, before it).
pub const SHORT_SENTENCE_WORDS: usize = 8;

/// The texts passages are cut from, in order: the body's blocks other than headings, with a
/// block that leads into a list (it ends with `:`) joined to the items that carry its
/// sentence on: the first item, and each next one that starts in lower case ("the purpose
/// it serves;", "the trigger that starts the clock;"). So no snippet ends on the colon of
/// "…suits:" with what it introduces in another passage, nor starts halfway through a
/// sentence; [`passages_of`] cuts the joined text where it is too long, preferring the
/// items' own ends. A lead-in nothing carries on (a table or a heading follows) ends in `…`
/// instead of its colon, saying that what it introduces was left out.
pub fn snippet_texts<'a>(blocks: impl IntoIterator<Item = (bool, &'a str)>) -> Vec<String> {
    fn stand_alone(text: String) -> String {
        match text.strip_suffix(':') {
            Some(lead) => format!("{lead} …"),
            None => text,
        }
    }
    let mut texts = Vec::new();
    // The text being joined, and whether it is a lead-in's sentence that items may continue.
    let mut open: Option<String> = None;
    for (heading, text) in blocks {
        if heading {
            texts.extend(open.take().map(stand_alone));
            continue;
        }
        let carries_on =
            |lead: &str| lead.ends_with(':') || text.starts_with(|c: char| c.is_lowercase());
        match open.take() {
            Some(lead) if carries_on(&lead) => open = Some(format!("{lead} {text}")),
            lead => {
                texts.extend(lead);
                if text.ends_with(':') {
                    open = Some(text.to_string());
                } else {
                    texts.push(text.to_string());
                }
            }
        }
    }
    texts.extend(open.map(stand_alone));
    texts
}

/// Splits one block of text into passages: whole sentences packed up to `PASSAGE_MAX_WORDS`
/// words. A sentence ends at `.`, `?` or `!`, never at a colon: what follows a colon finishes
/// the thought the colon opened ("It turns an alert into two useful answers: which tables
/// are wrong, and who to tell"), so the two stay in one passage. A sentence of up to
/// `SENTENCE_MAX_WORDS` words is kept whole; a longer one is cut into as few pieces as
/// `PASSAGE_MAX_WORDS` allows, of even length, each cut moved to the nearest clause break
/// (after `,` or `;`, or before a dash; not after a colon, which would end the piece on it)
/// within a few words, and marked with `…`.
pub fn passages_of(block: &str) -> Vec<String> {
    let mut sentences: Vec<Vec<&str>> = vec![Vec::new()];
    for word in block.split_whitespace() {
        if let Some(last) = sentences.last_mut() {
            last.push(word);
        }
        let ends_sentence = word.ends_with(['.', '?', '!'])
            || word.ends_with(".)")
            || word.ends_with(".\"")
            || word.ends_with(".\u{201d}");
        if ends_sentence {
            sentences.push(Vec::new());
        }
    }
    let mut passages: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for mut sentence in sentences.into_iter().filter(|s| !s.is_empty()) {
        if current.len() + sentence.len() <= PASSAGE_MAX_WORDS {
            current.extend(sentence);
            continue;
        }
        // A short sentence ("Pin library versions.") opens what the next one explains: it
        // goes with it rather than stand alone.
        if current.len() < SHORT_SENTENCE_WORDS {
            current.append(&mut sentence);
            sentence = std::mem::take(&mut current);
        }
        if !current.is_empty() {
            passages.push(current.join(" "));
            current.clear();
        }
        if sentence.len() <= PASSAGE_MAX_WORDS {
            current = sentence;
            continue;
        }
        if sentence.len() <= SENTENCE_MAX_WORDS {
            passages.push(sentence.join(" "));
            continue;
        }
        let cuts = sentence_cuts(&sentence);
        let n_pieces = cuts.len() + 1;
        let bounds = std::iter::once(0).chain(cuts).chain([sentence.len()]).collect::<Vec<_>>();
        for (idx, piece) in bounds.windows(2).enumerate() {
            let mut text = sentence[piece[0]..piece[1]].join(" ");
            if idx > 0 {
                text.insert_str(0, "… ");
            }
            if idx + 1 < n_pieces {
                text.push_str(" …");
            }
            passages.push(text);
        }
    }
    if !current.is_empty() {
        // A short last sentence ("Otherwise, go standalone.") closes the passage before it.
        match passages.last_mut() {
            Some(last)
                if current.len() < SHORT_SENTENCE_WORDS
                    && !last.ends_with('…')
                    && last.split(' ').count() + current.len() <= SENTENCE_MAX_WORDS =>
            {
                last.push(' ');
                last.push_str(&current.join(" "));
            }
            _ => passages.push(current.join(" ")),
        }
    }
    passages
}

/// Where to cut a sentence longer than `SENTENCE_MAX_WORDS`: the word indices that start its
/// second and later pieces. The pieces are as few as `PASSAGE_MAX_WORDS` allows and of even
/// length, each cut moved to the clause break nearest its even place, at most
/// `CUT_REACH` words away, so a piece ends where the sentence pauses.
fn sentence_cuts(words: &[&str]) -> Vec<usize> {
    const CUT_REACH: usize = 5;
    let n = words.len();
    let pieces = n.div_ceil(PASSAGE_MAX_WORDS);
    let pauses_after = |at: usize| {
        words[at].ends_with([',', ';', '.', '?', '!'])
            || words.get(at + 1).is_some_and(|next| ["—", "–", "-"].contains(next))
    };
    let mut cuts = Vec::with_capacity(pieces - 1);
    let mut previous = 0;
    for piece in 1..pieces {
        let even = piece * n / pieces;
        let nearest = (0..=CUT_REACH)
            .flat_map(|d| [even.checked_sub(d), Some(even + d)])
            .flatten()
            .filter(|&cut| cut > previous + 1 && cut < n && cut - previous <= PASSAGE_MAX_WORDS)
            .find(|&cut| pauses_after(cut - 1));
        let cut = nearest.unwrap_or(even).min(previous + PASSAGE_MAX_WORDS);
        cuts.push(cut);
        previous = cut;
    }
    cuts
}

#[cfg(test)]
mod tests {
    use super::super::synonyms::{Entry, Term};
    use super::*;

    fn guide(title: &str, answers: &[&str], body: &str) -> Guide {
        Guide {
            title: title.to_string(),
            slug: title.to_lowercase().replace(' ', "-"),
            description: "A guide.".to_string(),
            answers: answers.iter().map(|a| a.to_string()).collect(),
            category: 0,
            updated: None,
            body: body.to_string(),
            lines: Default::default(),
            path: std::path::PathBuf::new(),
        }
    }

    fn term(text: &str, key: &str) -> Term {
        Term { text: text.to_string(), key: key.to_string(), line: 1 }
    }

    /// A phrase is its words next to each other in one sentence: where they meet only across
    /// a sentence's end, a heading, a list item or a table cell, the guide has no posting for
    /// the phrase (so a query for it neither finds nor ranks the guide by it), no passage
    /// holds it (so no snippet marks it) and the title gives no phrase bonus. A stop word
    /// dropped inside a sentence still leaves the words next to each other.
    #[test]
    fn a_phrase_does_not_run_across_sentences_or_blocks() {
        let synonyms = Synonyms {
            entries: vec![
                Entry::Equivalent(vec![term("data strategy", "data strategi"), term("DS", "ds")]),
                Entry::Equivalent(vec![term("head of data", "head data"), term("CDO", "cdo")]),
            ],
        };
        let guides = [
            guide(
                "Ownership: strategy and data",
                &["Who owns the data? Strategy teams?"],
                "Nobody owns the data. The strategy assumed otherwise.\n\n\
                 ## Our data\n\nStrategy came later.\n\n\
                 - clean the data\n- strategy last\n\n\
                 | Owner | Data | Strategy |\n|---|---|---|\n| Ann | data | strategy |\n\n\
                 Ask the head of data; strategy can wait.",
            ),
            guide(
                "Writing one",
                &["What goes in a data strategy?"],
                "Write a data strategy first.",
            ),
        ];
        let index = build_index(&guides, &synonyms);
        let postings = |key: &str| -> Vec<u16> {
            let idx = index.terms.binary_search_by(|(k, _)| k.as_str().cmp(key)).expect(key);
            index.terms[idx].1.iter().map(|p| p.guide).collect()
        };
        assert_eq!(postings("data strategi"), [1], "only the guide that says the phrase");
        assert_eq!(postings("data"), [0, 1], "single words match as before");
        assert_eq!(postings("strategi"), [0, 1]);
        assert_eq!(postings("head data"), [0], "a stop word dropped inside a sentence");
        let phrase_id = index.terms.iter().position(|(k, _)| k == "data strategi").expect("id");
        let first_guide = &index.passages[..index.passage_start[1] as usize];
        assert!(
            first_guide.iter().all(|p| p.tokens.iter().all(|&(_, _, t)| t as usize != phrase_id)),
            "no passage of the first guide holds the phrase: {first_guide:?}"
        );
        let (data, strategy) = (
            index.terms.iter().position(|(k, _)| k == "data").expect("data") as u32,
            index.terms.iter().position(|(k, _)| k == "strategi").expect("strategi") as u32,
        );
        assert!(!index.title_pairs.contains(&(data, strategy, 0)), "not across `?` or `:`");
        assert!(index.title_pairs.contains(&(data, strategy, 1)), "the second's question");
    }

    /// A guide's description names phrases as its title, questions and headings do, within
    /// one sentence.
    #[test]
    fn a_description_names_phrases_as_a_title_does() {
        let synonyms = Synonyms { entries: vec![] };
        let mut explaining = guide("Explaining a KPI", &["What moved?"], "Start with the data.");
        explaining.description = "Answering why the number changed. Strategy comes later.".into();
        let index = build_index(&[explaining], &synonyms);
        let id = |key: &str| index.terms.iter().position(|(k, _)| k == key).expect(key) as u32;
        let (number, changed, strategy) = (id("number"), id("chang"), id("strategi"));
        assert!(index.title_pairs.contains(&(number, changed, 0)), "the description's words");
        assert!(!index.title_pairs.contains(&(changed, strategy, 0)), "not across a sentence");
    }
}
