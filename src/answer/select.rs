//! Retrieval and passage selection over the answer index.
//!
//! Items are ranked by their BM25F score times the share of the question's mass they cover, so
//! an item that matches every word of a question beats one that repeats a single word. Within
//! the best items, passages are scored the same way at their own level and weighted by their
//! item's rank; the best few that say different things become the answer.
//!
//! All working memory is fixed-size arrays on the stack. Ties break on index, so the same
//! query always gives the same answer.

use crate::model::{SourceKind, names_what_goes_wrong, packed};
use crate::tables::{
    ANSWER_ITEM_PASSAGES, ANSWER_ITEM_POSTINGS, ANSWER_ITEM_POSTINGS_START, ANSWER_ITEMS,
    ANSWER_MAX_ITEM_PASSAGES, ANSWER_N_ITEMS, ANSWER_PASSAGE_POSTINGS,
    ANSWER_PASSAGE_POSTINGS_START, ANSWER_PASSAGES, ANSWER_TERM_IDS,
};

use super::query::{Query, QueryTerm, WEIGHT_FILLER};
use crate::search::query::known_stem;
use crate::search::tokenize;

/// Items whose passages compete for the answer; also the most sources an answer lists.
pub const CANDIDATE_ITEMS: usize = 5;
/// Passages kept after scoring, best first, for the selection to choose from.
pub const CANDIDATE_PASSAGES: usize = 16;
/// Most sentences in an extractive answer: three chosen ones, or fewer when one of them
/// brings the sentence it leans on.
pub const MAX_SENTENCES: usize = 4;
/// Most sentences chosen on their own merit; the rest of `MAX_SENTENCES` is for context.
pub const MAX_CHOSEN: usize = 3;
/// A sentence that points at another page scores this many times lower than one that says
/// the thing itself.
pub const CROSS_REFERENCE_DIVISOR: u64 = 2;
/// Most characters of answer text; a sentence that would pass it is skipped.
pub const ANSWER_CHAR_BUDGET: usize = 700;
/// A sentence joins the answer only if it scores at least this share (per mille) of the best.
pub const SENTENCE_KEEP_PER_MILLE: u64 = 400;
/// Two passages are near-duplicates when this share (per mille) of the smaller one's stem bits
/// are set in the other.
pub const DUPLICATE_PER_MILLE: u32 = 650;
/// An item's rank weighs on its passages' values from a quarter (an item far below the best)
/// to full (the best item): value × (250 + 750 × rank / best rank).
pub const ITEM_PRIOR_FLOOR_PER_MILLE: u64 = 250;
/// A passage that defines its subject scores this many times higher for a question that asks
/// what something is ("what is a data contract?"), when it holds every word of the question.
pub const DEFINITION_BOOST: u64 = 3;
/// A passage that states a duration ("A typical engagement lasts six to eight weeks.") scores
/// this many times higher for a question that asks how long something takes.
pub const DURATION_BOOST: u64 = 3;
/// Such a passage scores this many times higher again when its own text holds every word of
/// the question but its fillers ("Most data strategies take seven to eight weeks."); one of
/// an item below the best is boosted only if it does.
pub const NAMED_DURATION_BOOST: u64 = 2;
/// A company question that names its topic and asks about something more ("case studies in
/// retail") ranks items of that kind this many times higher.
pub const KIND_BOOST: u64 = 2;
/// Two sentences that open with this many of the same words say the same thing twice, however
/// differently they go on: a case study's summary ("A fashion and homeware retailer with 140
/// stores moved ...") and its first line ("A fashion and homeware retailer with 140 stores, an
/// online business ..."), quoted together, read as a repeat.
pub const SAME_OPENING_WORDS: usize = 6;

/// One ranked item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RankedItem {
    /// Index into `ANSWER_ITEMS`.
    pub item: u16,
    /// BM25F score × covered mass of the question (after any kind boost).
    pub rank: u64,
    /// Mass of the question's terms the item contains.
    pub covered: u64,
    /// The same, counting only the current question's own terms (none carried).
    pub own_covered: u64,
}

/// The best items, best first.
#[derive(Debug, Clone, Copy)]
pub struct RankedItems {
    items: [RankedItem; CANDIDATE_ITEMS],
    len: usize,
}

impl RankedItems {
    pub fn as_slice(&self) -> &[RankedItem] {
        &self.items[..self.len]
    }
}

/// One scored passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScoredPassage {
    /// Index into `ANSWER_PASSAGES`.
    pub passage: u32,
    /// Position of its item in the ranked items.
    pub candidate: u8,
    pub value: u64,
    /// Mass of the question's terms the passage contains.
    pub covered: u64,
    /// The question's subject terms (not fillers) the passage holds, in its own text or its
    /// heading: bit `i` for `query.terms[i]`.
    pub subject: u32,
    /// Of them, the current question's own (none carried) that its own text holds (not only
    /// its heading or title).
    pub subject_text: u32,
    /// Mass of the question's subject terms the passage contains (a heading's at half).
    pub subject_covered: u64,
}

/// Inserts `entry` into the first `*len` slots of `list` kept sorted by `better`, dropping the
/// worst when full.
fn insert_sorted<T: Copy, const N: usize>(
    list: &mut [T; N],
    len: &mut usize,
    entry: T,
    better: impl Fn(&T, &T) -> bool,
) {
    if *len == N && !better(&entry, &list[N - 1]) {
        return;
    }
    let at = list[..*len].iter().position(|other| better(&entry, other)).unwrap_or(*len);
    if at >= N {
        return;
    }
    let end = (*len).min(N - 1);
    list.copy_within(at..end, at + 1);
    list[at] = entry;
    *len = (*len + 1).min(N);
}

/// Which items a search may find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every item.
    All,
    /// The firm's own pages: services, industries and case studies. A question of its clients
    /// in a sector is about them; a guide's "bank holidays" or "logistic regression" shares
    /// the sector's stem, not its sense.
    FirmPages,
    /// The organisation's own record alone (the contact record: how to reach the firm, and
    /// its "How we work" statements): a question of the firm's own terms of business.
    Organisation,
    /// The documentation pages alone: a question for the site's content whole, which they
    /// offer (the bulk export, `/llms-full.txt`).
    Docs,
    /// The guides alone: a request for a guide or an article ("recommend a guide on MLOps"),
    /// when a page of the firm's opened its answer among every item.
    Guides,
}

impl Scope {
    fn admits(self, kind: SourceKind) -> bool {
        match self {
            Scope::All => true,
            Scope::FirmPages => {
                matches!(kind, SourceKind::Service | SourceKind::Industry | SourceKind::CaseStudy)
            }
            Scope::Organisation => kind == SourceKind::Contact,
            Scope::Docs => kind == SourceKind::Docs,
            Scope::Guides => kind == SourceKind::Guide,
        }
    }
}

/// Ranks every item of `scope` for `query`; items of `boost` kind count `KIND_BOOST` times.
pub fn rank_items(query: &Query, boost: Option<SourceKind>, scope: Scope) -> RankedItems {
    let mut score = [0u64; ANSWER_N_ITEMS];
    let mut covered = [0u64; ANSWER_N_ITEMS];
    let mut own_covered = [0u64; ANSWER_N_ITEMS];
    // The mass of the question's words of what the firm offers each item writes.
    let mut offered_written = [0u64; ANSWER_N_ITEMS];
    let item_postings = |term_id: u32| {
        let start = ANSWER_ITEM_POSTINGS_START[term_id as usize] as usize;
        let end = ANSWER_ITEM_POSTINGS_START[term_id as usize + 1] as usize;
        &ANSWER_ITEM_POSTINGS[start..end]
    };
    let unpack_item = |posting: u64| {
        let (item, impact, head) = packed::unpack_item_posting(posting);
        (u32::from(item), impact, head)
    };
    for term in &query.terms {
        let Some(term_id) = term.term_id else { continue };
        let alt = term.alt.map_or(&[][..], item_postings);
        for_each_best(item_postings(term_id), alt, unpack_item, |item, impact, head| {
            let item = item as usize;
            score[item] += u64::from(impact) * u64::from(term.weight);
            // A word only the body mentions in passing counts half: an item is about what its
            // title, questions, description and headings name.
            let mass = u64::from(if head { term.mass } else { term.mass / 2 });
            if term.offered {
                offered_written[item] += mass;
            }
            covered[item] += mass;
            if !term.carried {
                own_covered[item] += mass;
            }
        });
    }
    // "Do you offer workshops?": every service is something the firm offers, so one that says
    // another word of the question covers "offer" in full, as its title would, whether or not
    // it writes the word: the data literacy service, whose body alone says "workshops", fell
    // below the answer's threshold for want of it. Only what an item covers changes, not its
    // rank: services do not rise over guides for it, nor crowd them out of the sources.
    let offered: u64 =
        query.terms.iter().filter(|term| term.offered).map(|term| u64::from(term.mass)).sum();
    let mut ranked = RankedItems { items: [RankedItem::default(); CANDIDATE_ITEMS], len: 0 };
    for item in 0..ANSWER_N_ITEMS {
        if score[item] == 0 || !scope.admits(ANSWER_ITEMS[item].kind) {
            continue;
        }
        // Score × covered mass; dividing by the question's total mass would not change the
        // order, so it is left out (below 1e14 even for 32 terms of the largest impact).
        let mut rank = score[item] * covered[item];
        if boost == Some(ANSWER_ITEMS[item].kind) {
            rank *= KIND_BOOST;
        }
        // "What does the AI strategy service include?": the service named is the subject, so
        // it ranks above the others; "strategy" alone put the data strategy service first.
        if query.intent.named_service == Some(item as u16) {
            rank *= KIND_BOOST;
        }
        let credit = if offered > 0
            && ANSWER_ITEMS[item].kind == SourceKind::Service
            && covered[item] > offered_written[item]
        {
            offered.saturating_sub(offered_written[item])
        } else {
            0
        };
        let entry = RankedItem {
            item: item as u16,
            rank,
            covered: covered[item] + credit,
            own_covered: own_covered[item] + credit,
        };
        insert_sorted(&mut ranked.items, &mut ranked.len, entry, |a, b| a.rank > b.rank);
    }
    // "What is an LLM?": only the ranked items' passages compete, and a dozen LLM guides write
    // "LLM" more often than the use-case guide whose "A large language model is ... LLMs are
    // ..." defines it. A definition question none of whose ranked items has a sentence that
    // defines its words (`defines_own_terms`) admits, in place of the last, the best-ranked
    // item outside them whose head (title, questions, description, headings) holds every
    // word of the question and which has such a sentence: at most one item, and only for a
    // question of few words.
    if query.intent.standalone_opening
        && scope == Scope::All
        && ranked.len == CANDIDATE_ITEMS
        && query.n_own <= DEFINED_TERMS_MAX
        && !ranked.as_slice().iter().any(|r| defines_own_terms(query, usize::from(r.item)))
    {
        let mut admitted: Option<RankedItem> = None;
        for item in 0..ANSWER_N_ITEMS {
            let outranked = admitted.is_some_and(|best| best.rank >= score[item] * covered[item]);
            if score[item] == 0
                || outranked
                || covered[item] < query.total_mass
                || ANSWER_ITEMS[item].kind != SourceKind::Guide
                || ranked.as_slice().iter().any(|r| usize::from(r.item) == item)
                || !defines_own_terms(query, item)
            {
                continue;
            }
            admitted = Some(RankedItem {
                item: item as u16,
                rank: score[item] * covered[item],
                covered: covered[item],
                own_covered: own_covered[item],
            });
        }
        if let Some(entry) = admitted {
            ranked.items[CANDIDATE_ITEMS - 1] = entry;
        }
    }
    ranked
}

/// Most words of its own a definition question may have for a defining sentence of an item
/// outside the ranked ones to be admitted ([`rank_items`]).
pub const DEFINED_TERMS_MAX: usize = 3;

/// Whether `item` has a passage that defines its subject ("A large language model is ...")
/// and can stand alone, whose own text holds every word of the question's own (as the
/// definition boost of [`score_passages`] asks).
fn defines_own_terms(query: &Query, item: usize) -> bool {
    let first = ANSWER_ITEM_PASSAGES[item];
    let end = ANSWER_ITEM_PASSAGES[item + 1];
    let own = || query.terms.iter().filter(|t| !t.carried);
    if own().next().is_none() || own().any(|t| t.term_id.is_none()) {
        return false;
    }
    // Whether the passage's own text holds the word (or its trade term).
    let says = |term_id: u32, passage: u32| {
        let start = ANSWER_PASSAGE_POSTINGS_START[term_id as usize] as usize;
        let stop = ANSWER_PASSAGE_POSTINGS_START[term_id as usize + 1] as usize;
        let postings = &ANSWER_PASSAGE_POSTINGS[start..stop];
        let at = postings.partition_point(|&p| packed::unpack_passage_posting(p).0 < passage);
        postings.get(at).is_some_and(|&p| {
            let (of, _, own_text) = packed::unpack_passage_posting(p);
            of == passage && own_text
        })
    };
    (first..end).any(|passage| {
        ANSWER_PASSAGES[passage as usize].defines
            && stands_alone(passage)
            && own().all(|t| {
                t.term_id.is_some_and(|id| says(id, passage))
                    || t.alt.is_some_and(|id| says(id, passage))
            })
            && defines_in_subject(query, ANSWER_PASSAGES[passage as usize].text)
    })
}

/// Whether the words right before an "is" or "are" of `text`, back to the clause's start
/// (a full stop, colon, semicolon, comma or bracket), hold every one of the question's own
/// words: what the sentence defines is what is asked. "A large language model is ...;
/// LLMs are fluent ..." defines "LLM"; "A feature store is a shared system for the inputs of
/// machine learning models" does not define machine learning.
pub fn defines_in_subject(query: &Query, text: &str) -> bool {
    let n_own = query.terms.iter().filter(|t| !t.carried).count();
    let all = 1u32.checked_shl(n_own as u32).map_or(u32::MAX, |bit| bit - 1);
    let mut clause = 0u32;
    let mut defined = false;
    let mut last_end = 0;
    tokenize::for_each_token_with(text, known_stem, |_, stem, span| {
        let mut between = text.get(last_end..span.start).unwrap_or("");
        // A clause's end comes before its verb: in "If you are an agent, these are ...",
        // "these" is what is defined.
        if let Some(at) = between.rfind(CLAUSE_ENDS) {
            clause = 0;
            between = between.get(at + 1..).unwrap_or("");
        }
        let verb = between.split_whitespace().any(|w| matches!(w, "is" | "are"));
        defined |= verb && clause == all;
        if verb {
            clause = 0;
        }
        let id = ANSWER_TERM_IDS.get(stem).copied();
        for (index, term) in query.terms.iter().filter(|t| !t.carried).enumerate() {
            if id.is_some() && (term.term_id == id || term.alt == id) {
                clause |= 1u32.checked_shl(index as u32).unwrap_or(0);
            }
        }
        last_end = span.end;
    });
    let tail = text.get(last_end..).unwrap_or("");
    let tail = tail.split(CLAUSE_ENDS).next().unwrap_or("");
    defined || (clause == all && tail.split_whitespace().any(|w| matches!(w, "is" | "are")))
}

/// Whether `heading` holds a word of the question's own subject (not a filler, none
/// carried): the question names what the passages under it are about ("What does the MLOps
/// service put in place?" of the rows under "What we put in place").
pub fn names_heading(query: &Query, heading: &str) -> bool {
    let mut named = false;
    tokenize::for_each_token_with(heading, known_stem, |_, stem, _| {
        let id = ANSWER_TERM_IDS.get(stem).copied();
        named |= id.is_some()
            && query.terms.iter().any(|t| {
                !t.carried && t.weight > WEIGHT_FILLER && (t.term_id == id || t.alt == id)
            });
    });
    named
}

/// What ends a clause for [`defines_in_subject`].
const CLAUSE_ENDS: [char; 6] = ['.', ':', ';', ',', '(', ')'];

/// Calls `each` with `(key, impact, flag)` for every key of two postings lists sorted by key
/// (`unpack` reads a posting): once per key, at the larger impact and with either's flag.
/// The second list is a word's trade term ([`QueryTerm::alt`]), usually empty.
fn for_each_best(
    first: &[u64],
    second: &[u64],
    unpack: impl Fn(u64) -> (u32, u16, bool),
    mut each: impl FnMut(u32, u16, bool),
) {
    if second.is_empty() {
        first.iter().for_each(|&posting| {
            let (key, impact, flag) = unpack(posting);
            each(key, impact, flag);
        });
        return;
    }
    let (mut a, mut b) =
        (first.iter().map(|&p| unpack(p)).peekable(), second.iter().map(|&p| unpack(p)).peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x.0 == y.0 => {
                let (x, y) = (*x, *y);
                a.next();
                b.next();
                (x.0, x.1.max(y.1), x.2 || y.2)
            }
            (Some(x), Some(y)) if x.0 < y.0 => {
                let x = *x;
                a.next();
                x
            }
            (_, Some(y)) => {
                let y = *y;
                b.next();
                y
            }
            (Some(x), None) => {
                let x = *x;
                a.next();
                x
            }
            (None, None) => return,
        };
        each(next.0, next.1, next.2);
    }
}

/// Scores the passages of the ranked items and keeps the best `CANDIDATE_PASSAGES` that can
/// stand alone, best first.
pub fn score_passages(
    query: &Query,
    ranked: &RankedItems,
) -> ([ScoredPassage; CANDIDATE_PASSAGES], usize) {
    let mut best = [ScoredPassage::default(); CANDIDATE_PASSAGES];
    let mut len = 0;
    let Some(top_rank) = ranked.as_slice().first().map(|r| r.rank.max(1)) else {
        return (best, len);
    };
    // The mass of what the question asks about: its own terms but the fillers.
    let subject_mass: u64 = query
        .terms
        .iter()
        .filter(|t| !t.carried && t.weight > WEIGHT_FILLER)
        .map(|t| u64::from(t.mass))
        .sum();
    // What the question asks about: the terms but its fillers; or, when its own words are
    // fillers alone ("how long does it take?" after the assessment), every term, since the
    // fillers are then what it asks.
    let has_subject = query.terms.iter().any(|t| !t.carried && t.weight > WEIGHT_FILLER);
    let is_subject = |t: &QueryTerm| t.weight > WEIGHT_FILLER || !has_subject;
    for (candidate, ranked_item) in ranked.as_slice().iter().enumerate() {
        let item = usize::from(ranked_item.item);
        let first = ANSWER_ITEM_PASSAGES[item];
        let end = ANSWER_ITEM_PASSAGES[item + 1];
        let mut score = [0u64; ANSWER_MAX_ITEM_PASSAGES];
        let mut covered = [0u64; ANSWER_MAX_ITEM_PASSAGES];
        // The question's own terms the passage's own text holds, for the definition boost;
        // and of them, those that are not fillers, for the duration boost.
        let mut own_in_text = [0u64; ANSWER_MAX_ITEM_PASSAGES];
        let mut subject_in_text = [0u64; ANSWER_MAX_ITEM_PASSAGES];
        let mut subject = [0u32; ANSWER_MAX_ITEM_PASSAGES];
        let mut subject_text = [0u32; ANSWER_MAX_ITEM_PASSAGES];
        let mut subject_covered = [0u64; ANSWER_MAX_ITEM_PASSAGES];
        let mut subject_score = [0u64; ANSWER_MAX_ITEM_PASSAGES];
        for (index, term) in query.terms.iter().enumerate() {
            // `ANSWER_MAX_TERMS` (32) bounds the terms, so every one has its bit.
            let bit = 1u32.checked_shl(index as u32).unwrap_or(0);
            let Some(term_id) = term.term_id else { continue };
            // The postings of this item's passages.
            let of_item = |term_id: u32| {
                let start = ANSWER_PASSAGE_POSTINGS_START[term_id as usize] as usize;
                let stop = ANSWER_PASSAGE_POSTINGS_START[term_id as usize + 1] as usize;
                let postings = &ANSWER_PASSAGE_POSTINGS[start..stop];
                let passage_of = |&posting: &u64| packed::unpack_passage_posting(posting).0;
                let from = postings.partition_point(|p| passage_of(p) < first);
                let to = from + postings[from..].partition_point(|p| passage_of(p) < end);
                &postings[from..to]
            };
            let alt = term.alt.map_or(&[][..], of_item);
            for_each_best(
                of_item(term_id),
                alt,
                packed::unpack_passage_posting,
                |passage, impact, own_text| {
                    let local = (passage - first) as usize;
                    score[local] += u64::from(impact) * u64::from(term.weight);
                    // A term only the heading or the item's title has counts half: the sentence
                    // is about it, but does not say it.
                    let mass = u64::from(if own_text { term.mass } else { term.mass / 2 });
                    covered[local] += mass;
                    if is_subject(term) {
                        subject[local] |= bit;
                        if own_text && !term.carried {
                            subject_text[local] |= bit;
                        }
                        subject_covered[local] += mass;
                        subject_score[local] += u64::from(impact) * u64::from(term.weight);
                    }
                    if own_text && !term.carried {
                        own_in_text[local] += u64::from(term.mass);
                        if term.weight > WEIGHT_FILLER {
                            subject_in_text[local] += u64::from(term.mass);
                        }
                    }
                },
            );
        }
        let prior = ITEM_PRIOR_FLOOR_PER_MILLE
            + (1000 - ITEM_PRIOR_FLOOR_PER_MILLE) * ranked_item.rank / top_rank;
        for local in 0..(end - first) as usize {
            let passage = first + local as u32;
            let record = &ANSWER_PASSAGES[passage as usize];
            if score[local] == 0 || !record.answerable || !stands_alone(passage) {
                continue;
            }
            // Score × covered mass × prior per mille, without divisions on this hot path: below
            // 1e17 even for 32 terms of the largest impact, inside u64; only the order of
            // values matters.
            // What the question asks about decides: a filler of its phrasing ("offer",
            // "start", "best") ranks the items, but a sentence is not closer to the question
            // for holding one. Counted, a rare one outweighed the subject: "do you offer
            // training?" opened on a guide's "the provider commits not to train on your inputs
            // and offers retention controls" rather than the training service, and "how do I
            // start with AI?" on a union guide's "so that each new project does not start
            // from zero".
            let (score, mass) = (subject_score[local], subject_covered[local]);
            if mass == 0 {
                continue;
            }
            let mut value = score * mass * prior;
            if record.cross_reference {
                value /= CROSS_REFERENCE_DIVISOR;
            }
            if record.defines
                && query.intent.standalone_opening
                && own_in_text[local] >= query.own_mass
            {
                value = value.saturating_mul(DEFINITION_BOOST);
            }
            // "How long did the hospital forecasting project take?": a case study's summary
            // states its results, and a span in them ("14-day admissions forecasts") is no
            // length of the work; its "Duration:" line is, and names the case study as its
            // label names the item ("Duration: seven months from kick-off to handover.").
            // (Asked in the past tense, of the work done: "how long does a platform migration
            // take?" asks of any, which a guide answers.)
            let work_done =
                query.intent.past_tense && ANSWER_ITEMS[item].kind == SourceKind::CaseStudy;
            let work_length = work_done && record.text.starts_with(WORK_LENGTH_LABEL);
            let summary_span = work_done && passage == first;
            if record.states_duration && query.intent.asks_duration && !summary_span {
                // A duration that names what the question asks about ("Most data strategies
                // take seven to eight weeks.") is the answer wherever it is, and within its
                // item it outranks the durations of parts ("Handover: Duration 1 week").
                // (A follow-up of fillers alone has no subject: every duration names it.)
                // So does the length of the engagement of the service the question names
                // ("how long does an AI strategy take?": "A typical engagement lasts six to
                // eight weeks." of the AI strategy service, which says neither word); not
                // that of a part of it ("Handover: Duration 1 week").
                let names_subject = subject_in_text[local] >= subject_mass
                    || (query.intent.named_service == Some(item as u16)
                        && says_engagement(record.text))
                    || work_length;
                if names_subject {
                    value = value.saturating_mul(NAMED_DURATION_BOOST);
                }
                // It outranks a span that names the case study's subject in passing ("The
                // hospital also used the 14-day view ..." for "how long was the hospital
                // project?").
                if work_length {
                    value = value.saturating_mul(DURATION_BOOST);
                }
                // The best item is what the question is about; its durations are the answer
                // even where the sentence does not repeat the item's name ("Foundation, 6 to 8
                // weeks." in the data governance service). Another item's durations that do
                // not name the subject are of something else (a phase of another service),
                // and get no boost.
                if candidate == 0 {
                    value = value.saturating_mul(DURATION_BOOST * DURATION_BOOST);
                } else if names_subject {
                    value = value.saturating_mul(DURATION_BOOST);
                }
            }
            let entry = ScoredPassage {
                passage,
                candidate: candidate as u8,
                value,
                covered: covered[local],
                subject: subject[local],
                subject_text: subject_text[local],
                subject_covered: subject_covered[local],
            };
            insert_sorted(&mut best, &mut len, entry, |a, b| a.value > b.value);
        }
    }
    (best, len)
}

/// The label of a case study's line that says how long its work took ("Duration: seven
/// months from kick-off to handover.").
const WORK_LENGTH_LABEL: &str = "Duration:";

/// Whether `text` says "engagement" (any case), the services' word for their work as a whole.
fn says_engagement(text: &str) -> bool {
    const WORD: &[u8] = b"engagement";
    text.as_bytes().windows(WORD.len()).any(|window| window.eq_ignore_ascii_case(WORD))
}

/// The current question's own subject terms (not fillers, none carried): bit `i` for
/// `query.terms[i]`, as in [`ScoredPassage::subject`].
pub fn own_subject_bits(query: &Query) -> u32 {
    let mut bits = 0;
    for (index, term) in query.terms.iter().enumerate() {
        if !term.carried && term.weight > WEIGHT_FILLER && term.term_id.is_some() {
            bits |= 1u32.checked_shl(index as u32).unwrap_or(0);
        }
    }
    bits
}

/// Whether a passage can be quoted: it is answerable, and a sentence that leans on the one
/// before it ("The first results come with ...", "It ...") has that one in its own paragraph,
/// answerable too, to bring along. One that leans on a heading, another paragraph or a
/// fragment can never be quoted, so it is no candidate: scored as one, it could be the best
/// passage, which `pick` then skipped, and every other passage, measured against it, fell
/// below `SENTENCE_KEEP_PER_MILLE`, leaving an answer "covered" with no sentence.
pub fn stands_alone(passage: u32) -> bool {
    let Some(record) = ANSWER_PASSAGES.get(passage as usize) else { return false };
    if !record.answerable {
        return false;
    }
    if !record.continues {
        return true;
    }
    passage.checked_sub(1).and_then(|prev| ANSWER_PASSAGES.get(prev as usize)).is_some_and(|lead| {
        lead.item == record.item && lead.block == record.block && lead.answerable
    })
}

/// Whether two passages' stem signatures mostly overlap.
pub fn near_duplicate(a: u64, b: u64) -> bool {
    let smaller = a.count_ones().min(b.count_ones());
    smaller > 0 && (a & b).count_ones() * 1000 >= smaller * DUPLICATE_PER_MILLE
}

/// Whether two sentences open with the same [`SAME_OPENING_WORDS`] words (any case, commas
/// and the like aside).
pub fn same_opening(a: &str, b: &str) -> bool {
    fn words(text: &str) -> impl Iterator<Item = &str> {
        text.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
            .filter(|w| !w.is_empty())
    }
    let (mut a, mut b) = (words(a), words(b));
    (0..SAME_OPENING_WORDS).all(|_| match (a.next(), b.next()) {
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
        _ => false,
    })
}

/// How a paragraph working through a supposition opens: see [`pick`].
const PREMISE_OPENING: &str = "Suppose ";

/// How the heading of a worked example opens, after an article or "short" at most ("Worked
/// example: claims triage", "A worked example of decision rights", "Example"): see [`pick`].
const EXAMPLE_HEADINGS: &[&str] = &["worked example", "example"];

/// Whether `heading` is a worked example's ([`EXAMPLE_HEADINGS`], then nothing, a colon or
/// " of"): "Example level definitions" and "How many examples" are not.
fn tells_an_example(heading: &str) -> bool {
    let opens = |text: &str, with: &str| {
        text.get(..with.len()).is_some_and(|head| head.eq_ignore_ascii_case(with))
    };
    let mut rest = heading;
    for lead in ["a ", "short "] {
        if opens(rest, lead) {
            rest = rest.get(lead.len()..).unwrap_or_default();
        }
    }
    EXAMPLE_HEADINGS.iter().any(|&opening| {
        opens(rest, opening)
            && rest.get(opening.len()..).is_some_and(|tail| {
                tail.is_empty() || tail.starts_with(':') || tail.starts_with(" of ")
            })
    })
}

/// Picks the answer's passages from `scored` (best first): the best, then up to
/// `MAX_CHOSEN - 1` more that score close to it, fit the budget, are no near-duplicates and
/// say more of what is asked (a subject word the answer lacks, or, in the best sentence's
/// item, every subject word the best sentence names). A
/// sentence that leans on the one before it brings that one along; when only one sentence
/// qualifies, the one after it in the same paragraph joins it, so the answer reads as prose,
/// unless `alone_answers` (a yes-or-no question of what the firm does, which its one sentence
/// answers: "do you sell software?" added the governance service's "Nor do we write policies
/// your teams cannot follow ..." to "We do not sell governance software ...").
///
/// With `each_item` (a question whose answer differs by item, as what each service delivers),
/// a sentence earns its place by being of an item no chosen sentence is of, and one of an item
/// already quoted does not.
pub fn pick(
    scored: &[ScoredPassage],
    alone_answers: bool,
    each_item: bool,
    asks_what_goes_wrong: bool,
    asks_how_to: bool,
    asks_duration: bool,
    names_heading: &dyn Fn(&str) -> bool,
) -> ([ScoredPassage; MAX_SENTENCES], usize) {
    let mut picked = [ScoredPassage::default(); MAX_SENTENCES];
    let mut len = 0;
    // The best passage that can be quoted: the others are measured against it. An item of a
    // list of what goes wrong ("## Pitfalls") is a mistake, which only its heading says, so
    // it is the best only for a question of what goes wrong, or when nothing else can be
    // quoted: "how do I stop my LLM hallucinating?" closed on the hallucination guide's
    // "Adding \"do not hallucinate\" to the prompt and considering the matter closed.", its
    // best sentence, as if it were advice. (Being a list item, it joins no other sentence.)
    let mistake = |p: &ScoredPassage| {
        let record = &ANSWER_PASSAGES[p.passage as usize];
        !asks_what_goes_wrong && record.list_item && names_what_goes_wrong(record.heading)
    };
    let Some(first) = scored
        .iter()
        .find(|p| stands_alone(p.passage) && !mistake(p))
        .or_else(|| scored.iter().find(|p| stands_alone(p.passage)))
    else {
        return (picked, len);
    };
    // A row of a two-column table is a label and a cell ("Monitoring: Input drift,
    // prediction drift and, where outcomes arrive, real accuracy.", under "Component | Why
    // it matters"), a sentence nobody wrote: it opens the answer only when the question names
    // its table (a word of its heading: "What does the MLOps service put in place?"), or
    // when no other sentence can: "how should we monitor a model for drift"
    // opened on that row of the MLOps service, above every sentence of the drift guides.
    let row = |p: &ScoredPassage| {
        let record = &ANSWER_PASSAGES[p.passage as usize];
        record.bare_row && !names_heading(record.heading)
    };
    // So is a paragraph that works through a supposition ("Suppose the small model costs 0.2
    // per million input tokens ... The two small-model calls add roughly 0.0007."): its
    // sentences open or join an answer only when the question names their section (a word
    // of its heading, "give me a worked example of LLM costs"). "Can you help us optimize
    // our model costs?" opened on the premise, above the running costs guide's levers.
    let premise = |p: &ScoredPassage| {
        let record = &ANSWER_PASSAGES[p.passage as usize];
        let mut opening = p.passage as usize;
        while let Some(prev) = opening.checked_sub(1).map(|i| &ANSWER_PASSAGES[i]) {
            if prev.item != record.item || prev.block != record.block {
                break;
            }
            opening -= 1;
        }
        ANSWER_PASSAGES[opening].text.starts_with(PREMISE_OPENING) && !names_heading(record.heading)
    };
    // So is a story, for a question of how to do something: a worked example's (unless the
    // question names its section) or a case study's. "how do we evaluate an AI vendor for
    // procurement" opened on a use-case register guide's "Procurement review added 9 vendor
    // tools with AI features, ...", a step of one retailer's story, where the vendor guides'
    // advice tells how; "How do we plan the migration of an on-premises warehouse to the
    // cloud?" on the retailer case study's "A fashion and homeware retailer with 140 stores
    // moved ...", above the migration guide.
    // A question of how long is no how-to, but a worked example's figures are no more its
    // answer: "how long until we see roi" opened on the ROI guide's worked "Three-year ROI:
    // total benefit £1,650k, ...", a span of the example read as the length asked. (A case
    // study's length of work is its own: "how long did the hospital project take?".)
    let example = |p: &ScoredPassage| {
        let record = &ANSWER_PASSAGES[p.passage as usize];
        let case_study = ANSWER_ITEMS
            .get(usize::from(record.item))
            .is_some_and(|item| item.kind == SourceKind::CaseStudy);
        let worked = tells_an_example(record.heading) && !names_heading(record.heading);
        (asks_how_to && (case_study || worked)) || (asks_duration && worked)
    };
    let aside = |p: &ScoredPassage| premise(p) || example(p);
    let close_to = |p: &ScoredPassage, to: &ScoredPassage| {
        u128::from(p.value) * 1000 >= u128::from(to.value) * u128::from(SENTENCE_KEEP_PER_MILLE)
    };
    let best = if row(first) || aside(first) {
        scored
            .iter()
            .find(|p| stands_alone(p.passage) && !mistake(p) && !row(p) && !aside(p))
            .unwrap_or(first)
    } else {
        first
    };
    let mut chars = 0;
    let mut n_chosen = 0;
    // The subject terms the chosen sentences name.
    let mut said = 0u32;
    for candidate in scored {
        if n_chosen == MAX_CHOSEN || !close_to(candidate, best) {
            break;
        }
        if picked[..len].iter().any(|p| p.passage == candidate.passage)
            || !stands_alone(candidate.passage)
            || (aside(candidate) && candidate.passage != best.passage)
        {
            continue;
        }
        // A sentence of an item ranked below the best sentence's joins only if it covers as
        // much of the question: one that scores close on fewer of its words says something
        // else ("structure a data team", read as `operating model`: a batch-inference guide's
        // "... more work to build and operate ... turns the model into ...").
        if candidate.candidate > best.candidate && candidate.covered < best.covered {
            continue;
        }
        // Every sentence after the best must earn its place: its own text names a word of the
        // question that no sentence already chosen names (in its text or under its heading),
        // or it is of the best sentence's item and
        // names every word of the question that one names (it says more of the same thing).
        // Quoted for words the answer already has, a sentence says something else about them:
        // "What is the rate limit of the API?" added a guide's "Respect rate limits with
        // backoff", the docs tools' "... limit and cursor" and the API page's "A cursor only
        // works with the same q, category and limit."; "do you offer training?" a guide's
        // "the provider commits not to train on your inputs", model training.
        let adds = candidate.subject_text & !said != 0;
        let same_thing = candidate.candidate == best.candidate
            && candidate.subject & best.subject == best.subject;
        if each_item {
            if picked[..len].iter().any(|p| p.candidate == candidate.candidate) {
                continue;
            }
        } else if len > 0 && !adds && !same_thing {
            continue;
        }
        let record = &ANSWER_PASSAGES[candidate.passage as usize];
        // A list item quoted beside the best sentence, without the lead-in that introduces
        // its list ("Examples:"), reads as a claim of its own: "how much does a pilot cost?" opened on an
        // example of a kill criterion, "Run cost estimate exceeds 50% of the expected annual
        // benefit.", and closed on a pitfall whose label was dropped ("What was spent is
        // irrelevant to the gate decision ..."). It joins only the best sentence's own list
        // (an item of the same item under the same heading), or an answer of one sentence per
        // item (what each service delivers).
        if record.list_item && candidate.passage != best.passage && !each_item {
            let best_record = &ANSWER_PASSAGES[best.passage as usize];
            let same_list = best_record.list_item
                && best_record.item == record.item
                && best_record.heading == record.heading;
            if !same_list {
                continue;
            }
        }
        // So is such a row, which joins only a row of its own table, or follows the best
        // sentence in its own item: of an item ranked above, it would open the answer.
        if row(candidate) && candidate.passage != best.passage && !each_item {
            let best_record = &ANSWER_PASSAGES[best.passage as usize];
            let same_table = best_record.bare_row
                && best_record.item == record.item
                && best_record.heading == record.heading;
            let after_best = best_record.item == record.item && candidate.passage > best.passage;
            if !same_table && !after_best {
                continue;
            }
        }
        // The sentence it leans on, when it must come along.
        let lead = record
            .continues
            .then(|| candidate.passage.checked_sub(1))
            .flatten()
            .filter(|&prev| !picked[..len].iter().any(|p| p.passage == prev));
        let lead_record = lead.map(|prev| &ANSWER_PASSAGES[prev as usize]);
        if let Some(lead_record) = lead_record {
            if lead_record.item != record.item || lead_record.block != record.block {
                // Leans on something outside its paragraph: it cannot stand alone.
                continue;
            }
            if !lead_record.answerable {
                // Leans on a fragment ("Week 2.", "Serves features online."), which is never
                // quoted: then neither is what leans on it.
                continue;
            }
        }
        let n_new = 1 + usize::from(lead.is_some());
        let new_chars = record.text.len() + 1 + lead_record.map_or(0, |r| r.text.len() + 1);
        if len + n_new > MAX_SENTENCES || (len > 0 && chars + new_chars > ANSWER_CHAR_BUDGET) {
            continue;
        }
        let duplicate = picked[..len].iter().any(|p| {
            let chosen = &ANSWER_PASSAGES[p.passage as usize];
            near_duplicate(chosen.signature, record.signature)
                || same_opening(chosen.text, record.text)
        });
        if duplicate {
            continue;
        }
        if let Some(prev) = lead {
            picked[len] = ScoredPassage {
                passage: prev,
                value: 0,
                covered: 0,
                subject: 0,
                subject_covered: 0,
                ..*candidate
            };
            len += 1;
        }
        picked[len] = *candidate;
        len += 1;
        chars += new_chars;
        n_chosen += 1;
        said |= candidate.subject;
    }
    if len == 1 && !alone_answers {
        let first = picked[0];
        let next = first.passage as usize + 1;
        let this = &ANSWER_PASSAGES[first.passage as usize];
        if let Some(following) = ANSWER_PASSAGES.get(next)
            && following.item == this.item
            && following.block == this.block
            && following.answerable
            && chars + following.text.len() <= ANSWER_CHAR_BUDGET
        {
            picked[1] = ScoredPassage {
                passage: next as u32,
                value: 0,
                covered: 0,
                subject: 0,
                subject_covered: 0,
                ..first
            };
            len = 2;
        }
    }
    (picked, len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A passage that is answerable and leans on the sentence before it, which is outside its
    /// paragraph (or a fragment): one that can never be quoted.
    fn leaning_on_nothing() -> u32 {
        let found = ANSWER_PASSAGES.iter().enumerate().position(|(at, record)| {
            record.answerable
                && record.continues
                && at.checked_sub(1).map(|prev| &ANSWER_PASSAGES[prev]).is_none_or(|lead| {
                    lead.item != record.item || lead.block != record.block || !lead.answerable
                })
        });
        found.map(|at| at as u32).expect("the content has a sentence leaning on a heading")
    }

    #[test]
    fn sentences_that_open_alike_are_a_repeat() {
        assert!(same_opening(
            "A fashion and homeware retailer with 140 stores moved to a cloud platform.",
            "A fashion and homeware retailer with 140 stores, an online business."
        ));
        assert!(!same_opening("A fashion retailer moved.", "A fashion retailer moved."));
        assert!(!same_opening(
            "The model owner owns input quality and performance.",
            "The model owner, usually a data scientist, owns it."
        ));
    }

    #[test]
    fn a_best_passage_that_cannot_be_quoted_does_not_leave_the_answer_empty() {
        // "The first results come with the first slice: most clients see ..." opening its
        // paragraph: answerable, but it leans on what comes before it, which is not there. It
        // scored best, `pick` skipped it, and every other passage fell below 40% of it: a
        // covered answer with no sentence.
        let unquotable = leaning_on_nothing();
        assert!(!stands_alone(unquotable));
        let quotable = (0..ANSWER_PASSAGES.len() as u32)
            .find(|&at| {
                stands_alone(at)
                    && ANSWER_PASSAGES[at as usize].item
                        != ANSWER_PASSAGES[unquotable as usize].item
            })
            .expect("a quotable passage");
        let scored = [
            ScoredPassage {
                passage: unquotable,
                value: 1000,
                covered: 10,
                subject: 1,
                subject_text: 1,
                ..Default::default()
            },
            ScoredPassage {
                passage: quotable,
                candidate: 1,
                value: 100,
                covered: 10,
                subject: 1,
                subject_text: 1,
                ..Default::default()
            },
        ];
        for (alone_answers, each_item) in [(false, false), (true, false), (false, true)] {
            let (picked, len) =
                pick(&scored, alone_answers, each_item, false, false, false, &|_| false);
            assert!(len > 0, "nothing quoted (alone {alone_answers}, each item {each_item})");
            assert!(picked[..len].iter().all(|p| p.passage != unquotable));
            assert_eq!(picked[0].passage, quotable);
        }
    }
}
