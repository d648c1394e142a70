//! A question and its earlier turns → weighted query terms.
//!
//! Words go through the shared tokenizer (the index was built with it). Each distinct stem gets
//! a query weight: a word of the question counts in full, a filler of question phrasing
//! ("best", "way", "since"; `model::ANSWER_FILLER_WORDS`) a quarter, and a word carried from an
//! earlier turn half. The
//! term's *mass* is its query weight times its rarity across items; the masses of the terms a
//! match covers, over the question's total mass, is the match quality the not-covered rule
//! reads.

use std::ops::Range;
use std::sync::LazyLock;

use crate::limits::{ANSWER_MAX_PREV_TURNS, ANSWER_MAX_TERMS, ANSWER_MAX_WORDS};
use crate::model::{CompanyTopic, SourceKind};
use crate::search::query::{
    for_each_query_token, for_each_token, guides_using, has_postings, known_stem,
    longest_phrase_from, split_joined_stems,
};
use crate::search::tokenize::{self, STOP_WORDS, Token};
use crate::search::typo;
use crate::tables::{
    ANSWER_FILLER_STEMS, ANSWER_ITEMS, ANSWER_PASSAGES, ANSWER_PHRASE_WRITERS, ANSWER_SECTOR_WORDS,
    ANSWER_TERM_IDS, ANSWER_TERM_WEIGHTS, ANSWER_UNKNOWN_TERM_WEIGHT, BANDS, SYNONYMS, TERM_IDS,
    TERM_KEYS,
};

use super::intent;

/// Query weight of a word of the current question.
pub const WEIGHT_QUESTION: u32 = 4;
/// Query weight of a word carried from an earlier turn: half, so the new question leads.
pub const WEIGHT_CARRIED: u32 = 2;
/// Query weight of a filler word of question phrasing.
pub const WEIGHT_FILLER: u32 = 1;
/// Where the verb of a request to the firm stands: third, after "can you" ([`QueryTerm::requested`]).
pub const REQUEST_VERB_POSITION: usize = 2;
/// Particles a verb of a request to the firm takes ("sort out", "take over", "clean up"; not
/// "off", which "off-the-shelf" writes): right after the request's verb ([`QueryTerm::requested`]) the particle is the
/// verb's, phrasing as the verb's own words are, not a subject a page must write. Searched at
/// full weight, "out" (which the answer index's fillers do not hold, for "stock-outs") made
/// "could you figure out our ai strategy" "not covered", where "could you figure our ai
/// strategy" quotes the strategy services, and "can you sort out our reporting" had the
/// adoption service first for its "out", where "can you sort our reporting" has analytics
/// engineering.
const REQUEST_PARTICLES: &[&str] = &["out", "over", "up"];

/// The byte offset in `text` of the word right after `verb` (a slice of `text`, the verb of
/// a request to the firm), when that word is one of [`REQUEST_PARTICLES`].
fn request_particle(text: &str, verb: &str) -> Option<usize> {
    let after = (verb.as_ptr() as usize).checked_sub(text.as_ptr() as usize)? + verb.len();
    let word =
        text.get(after..)?.split(|c: char| !c.is_alphanumeric()).find(|word| !word.is_empty())?;
    REQUEST_PARTICLES
        .iter()
        .any(|particle| word.eq_ignore_ascii_case(particle))
        .then(|| word.as_ptr() as usize - text.as_ptr() as usize)
}

/// A question with at most this many words of its own ("in healthcare?") borrows the topic of
/// the turn before, unless it opens like a question that stands alone ("what is MLOps?").
pub const SHORT_FOLLOW_UP_TERMS: usize = 1;
/// A question with a pronoun ("does it work for retail?") borrows the earlier topic when it
/// has at most this many words of content of its own.
pub const ANAPHORIC_FOLLOW_UP_TERMS: usize = 4;

/// One query term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryTerm {
    /// Index into the answer index's terms; `None` for a word no item uses.
    pub term_id: Option<u32>,
    /// Query weight (`WEIGHT_*`).
    pub weight: u32,
    /// `weight` × the term's rarity: its share of the question.
    pub mass: u32,
    /// Carried from an earlier turn.
    pub carried: bool,
    /// The trade term the synonym table gives a word the library writes ([`trade_term`]):
    /// an item or sentence holding either covers the term, at the better of the two impacts.
    pub alt: Option<u32>,
    /// A word of the services topic as the phrasing of a question to the firm ("offer" in
    /// "do you offer workshops?"): every service page is something the firm offers, so a
    /// service that says another word of the question covers it in full whether or not it
    /// writes the word (in what it covers, not in its rank: `select::rank_items`).
    pub offered: bool,
    /// The verb of a request to the firm, "audit" in "can you audit our data warehouse?"
    /// ([`intent::Intent::asks_what_firm_does`]): the act asked of the firm, which its page
    /// names as a step of its work ("Model audit"), not a subject the library must write
    /// beside the thing it is done to (`answer::retrieve`'s scattered test).
    pub requested: bool,
}

/// The weighted terms of a question, and what the keyword tables found in it.
#[derive(Debug, Clone)]
pub struct Query {
    pub terms: Vec<QueryTerm>,
    /// Sum of the terms' masses.
    pub total_mass: u64,
    /// Words of the current question that are neither fillers nor company words: what is left
    /// to search for once a company question's own phrasing is set aside.
    pub n_content: usize,
    /// Words of the current question that are not fillers.
    pub n_own: usize,
    /// Sum of the masses of the current question's own terms (carried ones aside).
    pub own_mass: u64,
    pub intent: intent::Intent,
    /// A word of the question is one the library does not write (no item, or only one, uses
    /// it) and is read through the synonym table as the trade term it stands for ("tableau"
    /// → "dashboard"), or two of its words are a synonym phrase no guide writes ("power bi").
    pub names_unwritten: bool,
    /// Words among [`Query::n_content`] that no item writes and the synonym table does not
    /// name: read as the nearest word within the typo budget ("films" as "files") or not at
    /// all. With `intent.asks_firm_recommendation`, a question naming nothing else asks the
    /// firm's taste ("what films do you recommend?").
    pub n_foreign: usize,
    /// The company topic of the earlier turn a follow-up borrowed from ("do you have case
    /// studies?" then "what about retail?" still asks for case studies).
    pub carried_topic: Option<CompanyTopic>,
    /// The earlier turn a follow-up borrowed from named more than a company topic: "what is
    /// your data governance service?" names data governance, "tell me about your assessment"
    /// only the topic. A follow-up that asks nothing new ("how long does it take?") is then
    /// searched with what that turn named, not answered with the topic's record.
    pub carried_content: bool,
    /// A word of the question names a sector: by its clients ("hospitals", "insurers";
    /// `intent::names_sector_clients`), by a word an industry page lists (`sector_words`:
    /// "banking", "supermarket") or by a word of an industry's name ("healthcare", "retail").
    pub names_sector: bool,
    /// A question of case studies or clients that names nothing but sectors ("any healthcare
    /// clients?", "retail case study"): it asks about the firm's clients even without "you",
    /// and is a company question (its case-study words are phrasing).
    pub sector_clients: bool,
    /// A question of the industries the firm works in named a sector that an industry page
    /// lists ("do you work with hospitals?"): the word was read as that industry's name, and
    /// the question asks about that industry, not for the list of them all.
    pub reads_industry: bool,
    /// A duration question that names nothing but the firm's work ("how long are your
    /// projects?", "typical project length"): its word for the work is read as "engagement",
    /// the word the services use for it.
    pub work_duration: bool,
    /// A question of how the firm works with clients (`intent.asks_firm_way`) that asks
    /// nothing else ("what is your process?", "what does an engagement look like?"): the
    /// services say how their engagements run. "What is your process for data governance?"
    /// names a subject and is searched.
    pub firm_way_only: bool,
    /// A question to the firm of what its work has achieved, and of nothing else ("what
    /// results have you delivered?", "what outcomes have you achieved?"): the case studies
    /// tell it, and its words ([`RESULT_WORDS`]) are phrasing.
    pub results_only: bool,
    /// A question of how soon results come, and of nothing else ("how fast will we see
    /// results?", "how soon will we see an impact?"): when the firm's work pays off, which its
    /// service pages say, so they rank first. Searched evenly, it quoted an A/B-testing
    /// guide's "Expect the effect after launch to be smaller".
    pub results_when: bool,
    /// A question of how to begin that names nothing else ("can we start small?", "what is
    /// the first step?"): a word of starting, or "first step", and words of how to begin
    /// ([`BEGINNING_WORDS`]), which are its phrasing. With nothing to search, it asks how to
    /// begin work with the firm; the firm's "How we work" statements say both. Searched, the
    /// first quoted a guide's "... rarely a good use of a small team" and the second a funnel
    /// guide's "How long someone has to get from the first step to the last".
    pub asks_beginning: bool,
    /// A question of how to begin that asks for a pilot before committing ("do you offer a
    /// pilot before we commit?": [`COMMIT_WORDS`]): it asks what "can we start small?" asks.
    pub pilot_first: bool,
    /// The question asks for something to read ("recommend a guide on MLOps", "what should I
    /// read to learn about data governance?", "is there an article on change data capture?":
    /// [`asks_for_reading`]): its words of asking for reading ([`is_reading_phrasing`]) are
    /// phrasing and not searched, and what it is to be about, the subject after "on", "about"
    /// or "for", is what is searched, guides first.
    pub asks_reading: bool,
    /// A request for reading that names no subject, only where to begin ("which guide should I
    /// read first?", "is there a guide for beginners?": [`READING_START_WORDS`]). No page
    /// states a reading order or a level, so it is "not covered"; the closest item is the
    /// readiness assessment, whose result says where to start.
    pub reading_start_only: bool,
    /// The question asks how to cancel and names nothing else but what would be cancelled
    /// ("how do I cancel?", "can I cancel my subscription?": [`CANCEL_WORDS`],
    /// [`CANCELLED_THINGS`]). No page says how to cancel anything, so it is "not covered",
    /// with the contact record, where to ask.
    pub cancel_only: bool,
    /// The question asks for the site's content whole, to download or read by machine ("can I
    /// download all your guides?", "is there a bulk download?", "how do I get all the content
    /// at once?", "is there a machine-readable version of the site?": [`asks_for_site_copy`]).
    /// The documentation pages answer it (the bulk export, `/llms-full.txt`); searched, "all
    /// your guides" read as a request for reading quoted a security guide's "Model supply
    /// chain compromise" row for "download".
    pub asks_site_copy: bool,
    /// A question to the firm whether it works with organisations of a sector no industry
    /// page is about, and of nothing else ("do you work with universities?", "can you help
    /// law firms?", "have you worked with airlines?": [`intent::is_unlisted_sector_word`],
    /// with phrasing, words of the firm and nouns of any organisation beside it). The firm's
    /// sectors are its industry pages, and no page says whether it works with these: the
    /// answer is "not covered", where a sentence sharing the word's stem ("There is no
    /// universal threshold.", "Postcode, school or career gaps ...") read as an answer.
    pub unlisted_sector_only: bool,
    /// The question is a request in a few words ("gdpr help", "data strategy consulting":
    /// `intent::terse_request`) read as one: its noun of asking weighs nothing and its
    /// services rank first. [`build_as_written`] reads it as words to search.
    pub terse: bool,
    /// The answer quotes one sentence of each item it cites, the best of each, since what is
    /// asked differs by item (what each service delivers): set by the caller, never by
    /// [`build`].
    pub each_item: bool,
}

impl Query {
    /// A follow-up that points back ("it", "that", "them") and names nothing of its own, after
    /// a turn that named more than a company topic: "do you work with it?" after "what is
    /// dbt?", "do you offer it?" after "what is MLOps?". It asks the firm about what that turn
    /// named, which its carried words say.
    pub fn asks_of_carried(&self) -> bool {
        self.intent.anaphoric && self.carried_content && self.n_content == 0
    }
}

/// Words of what the firm's work has achieved: asked of the firm with nothing else, the
/// question is one of its case studies. Searched, "what results have you delivered?" quoted an
/// A/B-testing guide's "Most misleading experiment results come from broken plumbing ...".
const RESULT_WORDS: &[&str] = &[
    "achieve",
    "achieved",
    "achievements",
    "deliver",
    "delivered",
    "impact",
    "outcome",
    "outcomes",
    "result",
    "results",
];

/// Words of how to begin: in a question of starting that names nothing else ("can we start
/// small?", "what are the first steps?"), phrasing ([`Query::asks_beginning`]); elsewhere
/// ("what is the first step in a data strategy?", "small data") searched as written.
const BEGINNING_WORDS: &[&str] = &["first", "small", "smaller", "step", "steps"];

/// Small first pieces of work, which "start with" one asks to start small with ("can we start
/// with a small pilot?", "could we begin with a trial?").
const PILOT_WORDS: &[&str] = &["pilot", "pilots", "trial", "trials"];

/// Words of committing to the firm's work: with a [`PILOT_WORDS`] word, a question asks to
/// start small before committing ("do you offer a pilot before we commit?"), which the
/// firm's "How we work" statement says ("You can start small: ... and decide what comes next
/// once they have seen it."). It was "not covered".
const COMMIT_WORDS: &[&str] = &["commit", "commitment", "committing"];

/// Whether `text` says a word of [`COMMIT_WORDS`] (any case), without allocating.
fn says_commitment(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|word| COMMIT_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word)))
}

/// Whether `token` is a word of how to begin in a question of starting: one of
/// [`BEGINNING_WORDS`], a pilot started with ([`starts_with_pilot`]) or, when the question
/// says a word of committing (`committing`), a pilot or that word.
fn begins(text: &str, token: &Token, committing: bool) -> bool {
    let word = token.word.as_str();
    BEGINNING_WORDS.contains(&word)
        || starts_with_pilot(text, token)
        || (committing && (PILOT_WORDS.contains(&word) || COMMIT_WORDS.contains(&word)))
}

/// How many words before a [`PILOT_WORDS`] word its "with" may stand ("with a small pilot").
const PILOT_WITH_REACH: usize = 3;

/// Whether `token` is a [`PILOT_WORDS`] word that "with" comes a few words before: in a
/// question of starting, a word of how to begin, as "small" is. "How do we start a pilot?"
/// asks of the pilot, and is searched.
fn starts_with_pilot(text: &str, token: &Token) -> bool {
    PILOT_WORDS.contains(&token.word.as_str())
        && text[..token.start]
            .rsplit(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(PILOT_WITH_REACH)
            .any(|w| w.eq_ignore_ascii_case("with"))
}

/// Whether `text` says "first step" (any case; "first steps" too), without allocating.
fn says_first_step(text: &str) -> bool {
    const PHRASE: &[u8] = b"first step";
    text.as_bytes().windows(PHRASE.len()).any(|window| window.eq_ignore_ascii_case(PHRASE))
}

struct Builder {
    stems: Vec<String>,
    query: Query,
}

impl Builder {
    /// Adds a term, or raises the weight of one already there.
    fn add(&mut self, stem: String, weight: u32, carried: bool) -> bool {
        if let Some(idx) = self.stems.iter().position(|s| *s == stem) {
            let term = &mut self.query.terms[idx];
            if weight > term.weight {
                let rarity = term.mass / term.weight;
                term.weight = weight;
                term.mass = rarity * weight;
                term.carried = carried;
            }
            return false;
        }
        if self.stems.len() >= ANSWER_MAX_TERMS {
            return false;
        }
        let term_id = ANSWER_TERM_IDS.get(stem.as_str()).copied();
        let rarity =
            term_id.map_or(ANSWER_UNKNOWN_TERM_WEIGHT, |id| ANSWER_TERM_WEIGHTS[id as usize]);
        self.query.terms.push(QueryTerm {
            term_id,
            weight,
            mass: u32::from(rarity) * weight,
            carried,
            alt: None,
            offered: false,
            requested: false,
        });
        self.stems.push(stem);
        true
    }
}

/// The start of `text` up to the end of its `limit`-th word (a word being a run of letters
/// and digits), so a pasted essay is cut before any work is done on it.
pub fn first_words(text: &str, limit: usize) -> &str {
    let mut n_words = 0;
    let mut in_word = false;
    for (at, ch) in text.char_indices() {
        let word_char = ch.is_alphanumeric();
        if word_char && !in_word {
            if n_words == limit {
                return &text[..at];
            }
            n_words += 1;
        }
        in_word = word_char;
    }
    text
}

/// The stem to look up for a word of a question: its own; for a word no item uses that the
/// synonym table names, its synonym's ([`synonym_stem`]: "Can staff use ChatGPT?" asks
/// about LLMs, as search already reads it); otherwise the stem of the most used vocabulary
/// word nearest to it within the search's typo budget (`modle` is `model`, not the rarer
/// `module` or `mode`), or, when no word is, nearest to its stem read as an unfinished word
/// (`typo::stem_near`), so a misspelt question gets the answer the correct spelling gets
/// instead of "not covered".
fn meant_stem(word: &str, stem: String, in_name: bool) -> String {
    if let Some(synonym) = synonym_stem(&stem) {
        return synonym.to_string();
    }
    if let Some(&id) = ANSWER_TERM_IDS.get(stem.as_str()) {
        // "what are llms": the plural as typed is a word of its own only where a name writes
        // it ("/llms.txt" on the agents page), and the guides' "LLMs" is the word without its
        // `s`; read as written, the question quoted the agents page. The singular is meant
        // when the library uses it more (a lower weight is a more used word), and not in a
        // file's name (`in_name`: "what is llms.txt?" asks about the file).
        let weight = |id: u32| ANSWER_TERM_WEIGHTS.get(id as usize).copied();
        let singular = plural_of_known(word).filter(|s| !in_name && *s != stem).filter(|s| {
            let one = ANSWER_TERM_IDS.get(s).and_then(|&one| weight(one));
            one.zip(weight(id)).is_some_and(|(one, written)| one < written)
        });
        return singular.map_or(stem, str::to_string);
    }
    // "kpis", "llms": typed in lowercase, the plural of an initialism keeps its `s` (the
    // tokenizer could not tell it for an acronym), and it is the word without it, as search
    // reads it. Corrected as a misspelling instead, "kpis" was "kpi" at one edit among other
    // words and "what are kpis" was not covered, where "KPIs" quoted the KPI tree guide.
    if let Some(singular) = plural_of_known(word) {
        return singular.to_string();
    }
    // "how do we reduce stockouts", "how do we build a featurestore": two words of the library
    // typed without the space between them are those two words, as search reads them
    // (`split_joined`); read as one unknown word, or respelt, both were "not covered", where
    // "stock-outs" and "feature store" quote the guides. Both parts must be words the answer
    // index holds.
    if let Some((left, right)) = split_joined_stems(word)
        && ANSWER_TERM_IDS.contains_key(left)
        && ANSWER_TERM_IDS.contains_key(right)
    {
        return format!("{left} {right}");
    }
    let max_edits = typo::allowed_edits(word.chars().count());
    if max_edits == 0 {
        return stem;
    }
    let mut near = typo::whole_words_near(word, max_edits);
    if near.is_empty() {
        // "halucinating": no word is near, but its stem begins "hallucination". The word
        // found must have a stem near the whole of this one, within the stem's own budget:
        // read as an unfinished word, "restaurant" (stem "restaur") began "restart" at one
        // edit, and "can you recommend a good restaurant?" quoted a guide on stalled
        // strategies ("rewriting may be better than restarting").
        near = typo::stem_near(word, &stem);
        let budget = typo::allowed_edits(stem.chars().count());
        let whole = typo::Typo::new(&stem, budget, false);
        near.retain(|n| {
            let key = TERM_KEYS.get(n.term as usize);
            whole.as_ref().zip(key).is_some_and(|(typo, key)| typo.distance_to(key).is_some())
        });
    }
    let Some(closest) = near.iter().map(|n| n.distance).min() else { return stem };
    near.iter()
        .filter(|n| n.distance == closest)
        .filter_map(|n| {
            let key = TERM_KEYS.get(n.term as usize)?;
            let id = ANSWER_TERM_IDS.get(key)?;
            Some((ANSWER_TERM_WEIGHTS[*id as usize], *key))
        })
        .min()
        .map_or(stem, |(_, key)| key.to_string())
}

/// The stem of `word` without its plural `s`, when the answer index holds it and not the word
/// ("kpis" is "kpi"); not an `ss` ending, nor a word of one letter left.
fn plural_of_known(word: &str) -> Option<&'static str> {
    let singular = word.strip_suffix('s').filter(|s| s.len() >= 2 && !s.ends_with('s'))?;
    known_stem(singular).filter(|stem| ANSWER_TERM_IDS.contains_key(stem))
}

/// Calls `each` with the stem [`meant_stem`] reads `word` as, or with each stem of the
/// phrase it stands for ("pii" → "person", "data"). Splitting allocates only for a phrase.
/// `in_name`: the word is joined by a dot to the word after it, as in a file's name
/// ("llms.txt").
fn for_each_meant_stem(word: &str, stem: String, in_name: bool, mut each: impl FnMut(String)) {
    if ASSISTANT_BRANDS.contains(&word) {
        ASSISTANT_BRAND_STEMS.iter().for_each(|stem| each(stem.clone()));
        return;
    }
    let meant = meant_stem(word, stem, in_name);
    if meant.contains(' ') {
        meant.split(' ').for_each(|part| each(part.to_string()));
    } else {
        each(meant);
    }
}

/// Whether `token` is joined by a dot to a word after it, as in a file's name ("llms.txt").
fn joined_by_dot(text: &str, token: &Token) -> bool {
    text.get(token.end..)
        .and_then(|rest| rest.strip_prefix('.'))
        .is_some_and(|rest| rest.starts_with(char::is_alphanumeric))
}

/// Brand names of workplace AI assistants. A question that names one asks about the tool staff
/// use ("we want to use ChatGPT in our company, where do we start?"), which the guides call a
/// generative AI tool or assistant; read through the synonym table as "LLM", it quoted
/// guides on building LLM applications ("Ungrounded question answering over company facts is
/// not a viable design."), and read as "assistant", "agent assist" of the customer support
/// guide. Search keeps the table's reading; this is the answer engine's.
const ASSISTANT_BRANDS: &[&str] = &["chatgpt", "copilot", "gemini"];

/// What [`ASSISTANT_BRANDS`] are read as, the acceptable use policy guide's words.
const ASSISTANT_BRAND_READING: &str = "generative AI tool";

/// The stems of [`ASSISTANT_BRAND_READING`].
static ASSISTANT_BRAND_STEMS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut stems = Vec::with_capacity(3);
    for_each_token(ASSISTANT_BRAND_READING, |token| stems.push(token.stem));
    stems
});

/// Endings an apostrophe cuts off a contraction ("what's", "doesn't", "we're", "I'm").
const CONTRACTION_ENDINGS: &[&str] = &["s", "nt", "re", "ve", "ll", "d", "m"];
/// Words before such an ending that are not stop words of the tokenizer but say no more than
/// one ("didn't", "can't", "won't", "let's").
const CONTRACTED_AUXILIARIES: &[&str] =
    &["ca", "wo", "did", "had", "would", "could", "must", "might", "need", "let", "is", "are"];

/// Question words people misspell on a phone ("wat", "hw", "wht"): a word no item uses
/// within one edit of one of these is taken for it, a stop word.
const QUESTION_WORDS: &[&str] = &["what", "how", "why", "who", "where", "when", "which"];

/// The words that address the firm, misspelt the same way ("can yuo help with data
/// strategy?"): a stop word, which, read as a word no item uses, weighed the question down to
/// "not covered".
const ADDRESS_WORDS: &[&str] = &["you", "your"];

/// Whether the token is a stop word with a contraction ("what's" → "whats", "doesn't" →
/// "doesnt"): the tokenizer drops apostrophes inside words, so these reach the query as words
/// no item uses, and a question opening "what's" would weigh an unknown word it does not mean
/// (and be "not covered"). They are dropped as the stop words they contract are. Written
/// without the apostrophe, as people type on phones ("whats", "dont", "im"), or as a
/// misspelt question word ("wat"), a word counts as one only when no item uses it, so a word
/// of the library ("well", "ill", "cant" in a guide) is never dropped.
fn is_contracted_stop_word(text: &str, token: &Token) -> bool {
    let written = text.get(token.start..token.end).unwrap_or_default();
    let contracts = || {
        CONTRACTION_ENDINGS.iter().any(|ending| {
            token.word.strip_suffix(ending).is_some_and(|base| {
                STOP_WORDS.contains(&base) || CONTRACTED_AUXILIARIES.contains(&base)
            })
        })
    };
    if written.contains(['\'', '\u{2019}']) {
        return contracts();
    }
    if ANSWER_TERM_IDS.contains_key(token.stem.as_str()) {
        // The content writes "don't", so the index knows "dont": these are contractions
        // whichever way they were typed.
        return UNMARKED_CONTRACTIONS.contains(&token.word.as_str());
    }
    contracts()
        || QUESTION_WORDS.iter().chain(ADDRESS_WORDS).any(|q| within_one_edit(&token.word, q))
        || (MODAL_WORDS.iter().any(|modal| within_one_edit(&token.word, modal))
            && before_subject(text, token.end))
        || TEXT_SPEAK.contains(&token.word.as_str())
        || addressed_companions(text, token)
}

/// Whether the word after byte `end` of `text` is a stop word or addresses the firm: the
/// subject an auxiliary comes before ("shoud we", "woud you"); "wold model" says another word.
fn before_subject(text: &str, end: usize) -> bool {
    let next = text.get(end..).unwrap_or_default();
    let next = next.split(|c: char| !c.is_alphanumeric()).find(|word| !word.is_empty());
    next.is_some_and(|word| {
        let word = word.to_ascii_lowercase();
        STOP_WORDS.contains(&word.as_str()) || ADDRESS_WORDS.contains(&word.as_str())
    })
}

/// Verbs of acquiring, in the past, that say the asker already has a thing ("the tools we
/// bought", "the licences we paid for"): [`acquired_by_asker`].
const ACQUIRED_VERBS: &[&str] = &["bought", "purchased", "licensed", "paid"];

/// Whether `token` is one of [`ACQUIRED_VERBS`] right after "we" or "I", or after "have" or
/// "had" that follows one ("the tools we have paid for", "we've bought"): the asker's having
/// acquired a thing, which is phrasing ("how do we get people to use the AI tools we
/// purchased"). "What bought AI goes in the register?" and "should we buy AI?" are searched
/// as written.
fn acquired_by_asker(text: &str, token: &Token) -> bool {
    let mut before = text
        .get(..token.start)
        .unwrap_or_default()
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty());
    let asker = |word: &str| word.eq_ignore_ascii_case("we") || word.eq_ignore_ascii_case("i");
    let auxiliary = |word: &str| ["have", "had", "ve"].iter().any(|a| word.eq_ignore_ascii_case(a));
    ACQUIRED_VERBS.contains(&token.word.as_str())
        && match before.next() {
            Some(word) if auxiliary(word) => before.next().is_some_and(asker),
            Some(word) => asker(word),
            None => false,
        }
}

/// Words that follow "you" to address the firm's people together ("you guys", "you folks").
const ADDRESS_COMPANIONS: &[&str] = &["guys", "folks"];

/// Whether `token` is one of [`ADDRESS_COMPANIONS`] right after "you" or "u" ("do u guys do
/// fine tuning of llms"): part of the address, a word no item uses, which read as one weighed
/// the question down to "not covered" where "do u do fine tuning of llms" was answered.
fn addressed_companions(text: &str, token: &Token) -> bool {
    ADDRESS_COMPANIONS.contains(&token.word.as_str()) && follows_address(text, token.start)
}

/// Whether the word before byte `start` of `text` is "you" or "u".
fn follows_address(text: &str, start: usize) -> bool {
    text.get(..start)
        .unwrap_or_default()
        .rsplit(|c: char| !c.is_alphanumeric())
        .find(|word| !word.is_empty())
        .is_some_and(|word| word.eq_ignore_ascii_case("you") || word.eq_ignore_ascii_case("u"))
}

/// Auxiliaries people misspell on a phone ("dose" for "does"), respelt as the question words
/// are ([`respelt`]).
const AUXILIARY_WORDS: &[&str] = &["does", "have", "could", "should", "would"];

/// The modal verbs, stop words that a question misspelt on a phone opens with ("shoud we build
/// or buy"): a word no item uses one edit from one, before its subject, is dropped as the stop
/// word it means ([`is_contracted_stop_word`]); read as a word no item uses, it weighed "shoud we build or
/// buy" down to "not covered", where "should we build or buy" quotes the build-or-buy guide.
const MODAL_WORDS: &[&str] = &["could", "should", "would"];

/// Smallest word [`respelt`] reads as a misspelling of a word of phrasing: a shorter one is
/// as often a word of its own ("hw" aside, which the query drops as a question word already).
const RESPELT_MIN_CHARS: usize = 3;

/// `text` with its misspelt words of phrasing written as meant, for the intent's tables, which
/// read words as written ("how much does an enagement cost", "do you hepl with data
/// governance", "how long dose a pilot take", "is the asesment free"). The query already read
/// each as the word it meant (`meant_stem`) or dropped it as a stop word
/// ([`is_contracted_stop_word`]), but the intent did not, so the price, the assessment and
/// the firm's help were not asked of, and three of those four were "not covered". A word no
/// item uses and the synonym table does not name is respelt when it is within one edit of a
/// question, address or auxiliary word ("waht", "yuo", "dose"), or when the word the query
/// reads it as (the nearest most used word within the typo budget) is one the intent reads
/// (`intent::reads_word`: "hepl" as "help", "enagement" as "engagement", "asesment" as
/// "assessment"). Other misspellings ("goverance") are left to the query, as before, so a
/// word read as another ("films" as "files") is still one no item writes.
pub fn respelt(text: &str) -> std::borrow::Cow<'_, str> {
    let mut fixes: Vec<(Range<usize>, String)> = Vec::new();
    // The words are read here rather than by the tokenizer, whose scratch word is an
    // allocation every question would pay (the allocation test counts them): runs of ASCII
    // letters and digits, with apostrophes and any other character inside a word, lowercased
    // into a buffer. A word the library does not write has no stem here; Snowball's, which
    // costs allocations, is found (`stem_of`) only for a word with something to be respelt as.
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut lower = [0u8; RESPELT_MAX_BYTES];
    while at < bytes.len() {
        if !bytes[at].is_ascii_alphanumeric() {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len()
            && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'\'' || !bytes[at].is_ascii())
        {
            at += 1;
        }
        let span = start..at;
        let Some(written) = text.get(span.clone()).filter(|w| w.len() <= RESPELT_MAX_BYTES) else {
            continue;
        };
        for (to, from) in lower.iter_mut().zip(written.bytes()) {
            *to = from.to_ascii_lowercase();
        }
        let Ok(typed) = std::str::from_utf8(&lower[..written.len()]) else { continue };
        let stem = known_stem(typed).unwrap_or_default();
        if typed.chars().count() < RESPELT_MIN_CHARS
            || !typed.bytes().all(|b| b.is_ascii_lowercase())
            || STOP_WORDS.contains(&typed)
            || UNMARKED_CONTRACTIONS.contains(&typed)
            || ANSWER_TERM_IDS.contains_key(stem)
        {
            continue;
        }
        // An auxiliary is one before its subject ("dose it work", "how long dose a pilot
        // take"); "how do we dose model updates?" says the word it means.
        let auxiliary = || {
            AUXILIARY_WORDS
                .iter()
                .find(|word| within_one_edit(typed, word))
                .filter(|_| before_subject(text, span.end))
        };
        let stop = QUESTION_WORDS
            .iter()
            .chain(ADDRESS_WORDS)
            .find(|word| within_one_edit(typed, word))
            .or_else(auxiliary);
        // "Can you guys help with data strategy?": the address's companion is dropped, as
        // the query drops it ([`addressed_companions`]), so the intent reads "can you help".
        let companion = || {
            (ADDRESS_COMPANIONS.contains(&typed) && follows_address(text, span.start))
                .then(String::new)
        };
        let meant = stop
            .map(|word| (*word).to_string())
            .or_else(companion)
            .or_else(|| phrasing_meant(typed));
        // A word whose stem an item uses (an inflection the library does not write) is read
        // as that stem, and one the synonym table names through it ("chatgpt"): both are
        // looked up last, as few words have anything to be respelt as.
        // A misspelling whose Snowball stem an item uses ("engagment", stemmed as "engage")
        // is respelt too when it is the word of phrasing it is read as with one letter left
        // out ("engagement"). Other words of a known stem are inflections or words of their
        // own, and are left as written: "books" (not "book", as in "book a call"),
        // "scoping" (not "scoring"), "consultant" (not "consultancy").
        // So is one that is the word of phrasing with one vowel written for another
        // ("consultent" for "consultant", both stemmed "consult": `phrasing_meant`).
        let unused = |meant: &str| {
            let stem = stem_of(typed);
            (!ANSWER_TERM_IDS.contains_key(stem.as_str()) && synonym_stem(&stem).is_none())
                || (typed.len() + 1 == meant.len() && within_one_edit(typed, meant))
                || vowel_slip(typed, meant)
        };
        if let Some(meant) = meant.filter(|meant| stem.is_empty() && unused(meant)) {
            fixes.push((span, meant));
        }
    }
    if fixes.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (span, word) in fixes {
        out.push_str(text.get(at..span.start).unwrap_or_default());
        out.push_str(&word);
        at = span.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    std::borrow::Cow::Owned(out)
}

/// Shortest word [`vowel_slip`] reads as another: a short word with a vowel changed is as
/// often a word of its own ("tall", "tell"; "sea", "see").
const VOWEL_SLIP_MIN_BYTES: usize = 6;

/// Whether `typed` is `word` with one vowel written for another and every other letter the
/// same ("consultent" for "consultant"), the slip of an unstressed syllable; a consonant
/// changed makes another word ("scoping", not "scoring").
fn vowel_slip(typed: &str, word: &str) -> bool {
    let vowel = |letter: u8| matches!(letter, b'a' | b'e' | b'i' | b'o' | b'u');
    typed.len() >= VOWEL_SLIP_MIN_BYTES
        && typed.len() == word.len()
        && typed
            .bytes()
            .zip(word.bytes())
            .filter(|(a, b)| a != b)
            .all(|(a, b)| vowel(a) && vowel(b))
        && typed.bytes().zip(word.bytes()).filter(|(a, b)| a != b).count() == 1
}

/// Whether `typed` is `word` with one letter but its first left out ("chargable" for
/// "chargeable"), in a word as long as a [`vowel_slip`] must be: a short word with a letter
/// gone is as often a word of its own, and so is one without its first ("ourselves", not
/// "yourselves", the firm).
fn letter_dropped(typed: &str, word: &str) -> bool {
    typed.len() >= VOWEL_SLIP_MIN_BYTES
        && typed.len() + 1 == word.len()
        && typed.bytes().next() == word.bytes().next()
        && within_one_edit(typed, word)
}

/// The stem the tokenizer gives `word` (Snowball's, for a word the library does not write).
fn stem_of(word: &str) -> String {
    let mut found = String::new();
    tokenize::for_each_token_with(word, known_stem, |_, stem, _| found = stem.to_string());
    found
}

/// The word of phrasing a misspelt `typed` (a word no item uses) is meant for, if any: the
/// word the query reads it as (the nearest most used word within the typo budget, as
/// `meant_stem` finds it) when the company tables read that word; or, when the query reads it
/// as no word (too short for the budget, or further than it allows), a word of phrasing it is
/// a [`phone_slip`] of. The vocabulary is looked up only when a word of phrasing is within
/// reach, so a question of words no item uses ("sourdough") costs no look-up here.
fn phrasing_meant(typed: &str) -> Option<String> {
    // "do you have consultents in healthcare": a word of phrasing with one vowel written for
    // another ([`vowel_slip`]) is meant, whatever the vocabulary holds near it ("consultant",
    // written once in the library, is no word the typo lookup reaches).
    if let Some(word) = intent::phrasing_words().find(|word| vowel_slip(typed, word)) {
        return Some(word.to_string());
    }
    // "Is the assesment chargable?": a word of phrasing the library never writes with one
    // letter left out ([`letter_dropped`]) is meant too, as no typo lookup of the library's
    // words reaches it ("chargeable"); it was "not covered".
    if let Some(word) = intent::phrasing_words().find(|word| letter_dropped(typed, word)) {
        return Some(word.to_string());
    }
    let budget = typo::allowed_edits(typed.chars().count());
    let reach = typo::Typo::new(typed, budget, false).filter(|_| budget > 0);
    let reachable =
        |reach: &typo::Typo| intent::phrasing_words().any(|word| reach.distance_to(word).is_some());
    if reach.as_ref().is_some_and(reachable) {
        let near = typo::whole_words_near(typed, budget);
        let closest = near.iter().map(|n| n.distance).min()?;
        let meant = near
            .iter()
            .filter(|n| n.distance == closest)
            .filter_map(|n| {
                let key = TERM_KEYS.get(n.term as usize)?;
                let id = ANSWER_TERM_IDS.get(key)?;
                Some((ANSWER_TERM_WEIGHTS.get(*id as usize)?, n.word.as_str()))
            })
            .min();
        return meant.filter(|(_, meant)| intent::reads_word(meant)).map(|(_, m)| m.to_string());
    }
    let slip = intent::phrasing_words()
        .filter(|word| word.len() >= PHONE_SLIP_MIN_BYTES)
        .find(|word| phone_slip(typed, word))?;
    let read = budget > 0 && !typo::whole_words_near(typed, budget).is_empty();
    (!read).then(|| slip.to_string())
}

/// Longest word [`respelt`] reads: the longest the typo budget takes.
const RESPELT_MAX_BYTES: usize = crate::model::SEARCH_TYPO_MAX_CHARS;

/// Shortest word of phrasing [`phone_slip`] takes a misspelling for: "help", "cost".
const PHONE_SLIP_MIN_BYTES: usize = 4;

/// Whether `typed` is `word` with the slips of a thumb on a phone that the typo budget does
/// not reach: two neighbouring letters swapped in a short word ("hepl" for "help", under the
/// five letters search corrects), or doubled letters typed once, however many
/// ("asesment" for "assessment", two edits in a word allowed one). Not any other edit: "film"
/// is one letter from "firm" and is another word.
fn phone_slip(typed: &str, word: &str) -> bool {
    let (typed, word) = (typed.as_bytes(), word.as_bytes());
    if typed.len() == word.len() {
        // The first letter that differs, and the next one, swapped; every other the same.
        let Some(at) = (0..typed.len()).find(|&at| typed[at] != word[at]) else { return false };
        return typed.get(at + 1) == word.get(at)
            && word.get(at + 1) == typed.get(at)
            && typed.get(at + 2..) == word.get(at + 2..);
    }
    // Every letter of `typed` in turn, skipping the second of a doubled pair of `word`.
    let mut at = 0;
    for (j, &letter) in word.iter().enumerate() {
        if typed.get(at) == Some(&letter) {
            at += 1;
        } else if j == 0 || word[j - 1] != letter {
            return false;
        }
    }
    at == typed.len() && typed.len() < word.len()
}

/// Words typed for stop words on a phone that the edit rule above does not catch ("ur" for
/// "your", more than one edit from it; "cn" for "can", which is no question or address word;
/// "shud" and "wud" for "should" and "would", two edits from them):
/// a word no item uses, so read as one it weighed "whats ur day rate" and "cn u help with
/// governance" down to "not covered". ("u" is one letter, which the tokenizer drops already; the intent reads both as
/// the firm, as "you" and "your" are.) Not "pls": dropped, it let "data contracts explained
/// pls" quote a vendor guide's "Refusal to test on your data before contract signature.",
/// where "not covered" is the better answer.
const TEXT_SPEAK: &[&str] = &["cn", "shud", "ur", "wud"];

/// Contractions people type without the apostrophe that are no other English word, so they
/// are dropped even where the content's own contractions put them in the index.
const UNMARKED_CONTRACTIONS: &[&str] = &[
    "arent", "cant", "couldnt", "didnt", "doesnt", "dont", "hasnt", "havent", "hows", "isnt",
    "ive", "shouldnt", "thats", "theyre", "wasnt", "whats", "wheres", "whos", "wont", "wouldnt",
    "youre",
];

/// Whether `a` and `b` are at most one insertion, deletion, substitution or swap of
/// neighbours apart (ASCII words; anything else is not).
fn within_one_edit(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a == b {
        return true;
    }
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[common..], &b[common..]);
    match ra.len().abs_diff(rb.len()) {
        0 => {
            ra[1..] == rb[1..]
                || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..])
        }
        1 if ra.len() > rb.len() => ra[1..] == *rb,
        1 => rb[1..] == *ra,
        _ => false,
    }
}

/// The stem or stems a word stands for through `content/synonyms.toml` ("chatgpt" → "llm",
/// "boss" → "execut", "pii" → "person data"): of the terms the search's synonym table gives
/// it whose every stem the answer index holds, a single word before a phrase (the table's
/// single-word targets were read first, and still are), then the one whose rarest stem the
/// index uses most. A phrase is returned as its stems joined by spaces and read as if its
/// words had been written: "How do you handle PII in training data?" asks what "... personal
/// data in training data?" asks. Only for a word no item uses, or only one (a product name the
/// content mentions once, as "chatgpt" in the agents page, would otherwise weigh a question
/// down as a word almost nothing covers); a word several items use ("mlops", a service) is
/// meant as written. `None` when the table names no such term.
fn synonym_stem(stem: &str) -> Option<&'static str> {
    let own = ANSWER_TERM_IDS.get(stem).map(|&id| ANSWER_TERM_WEIGHTS[id as usize]);
    if own.is_some_and(|weight| weight < *RAREST_WEIGHT) {
        return None;
    }
    synonym_target(stem)
}

/// The answer index's id of the one-word trade term a one-way entry of the synonym table
/// gives a word several items use, which [`synonym_stem`] leaves as written: "shifted" is
/// "drift", "checks" are "tests". The word keeps its weight and its mass, and an item or
/// sentence that holds either covers it. Not an equivalent group's other spelling or
/// abbreviation ("vendor" and "supplier", "catalogue" and "catalog"), which the library writes
/// as it pleases: read both ways, "what is a data catalogue?" lost its definition.
fn trade_term(stem: &str) -> Option<u32> {
    if synonym_stem(stem).is_some() {
        return None;
    }
    let target = synonym_target(stem)?;
    if target.contains(' ') {
        return None;
    }
    let stem_term = TERM_IDS.get(stem)?;
    // An equivalent group finds its way back.
    if SYNONYMS.get(target).is_some_and(|ids| ids.contains(stem_term)) {
        return None;
    }
    let rarity = |id: u32| u32::from(ANSWER_TERM_WEIGHTS[id as usize]);
    let word = rarity(*ANSWER_TERM_IDS.get(stem)?);
    let term = *ANSWER_TERM_IDS.get(target)?;
    // A name much rarer than its trade term ("dbt", "MLOps") means the thing it names.
    (target != stem && rarity(term) * TRADE_TERM_RARITY_DEN >= word * TRADE_TERM_RARITY_NUM)
        .then_some(term)
}

/// A word the library writes is read as its trade term too only when the term is at least
/// this share (`NUM / DEN`) as rare as the word, so about as specific: "shift" and "drift",
/// "check" and "test". A name far rarer than its trade term means what it names: read as
/// "transformation", "dbt" lost the analytics engineering service's "dbt-style tooling" to
/// guides on transformations, and "MLOps", read as "production", the MLOps service.
const TRADE_TERM_RARITY_NUM: u32 = 3;
const TRADE_TERM_RARITY_DEN: u32 = 4;

/// Of the terms the synonym table gives `key` (a stem, or a phrase's stems joined by spaces)
/// whose every stem the answer index holds: a single word before a phrase, then the one whose
/// rarest stem the index uses most. One term, not all of them: a phrase read as all of
/// `operating model` and `data roles` found guides on data roles before the operating-model
/// guide that search finds first.
fn synonym_target(key: &str) -> Option<&'static str> {
    SYNONYMS
        .get(key)?
        .iter()
        .filter_map(|&term| {
            let target = *TERM_KEYS.get(term as usize)?;
            let mut rarest = 0;
            let mut n_stems = 0;
            for part in target.split(' ') {
                let id = ANSWER_TERM_IDS.get(part)?;
                rarest = rarest.max(ANSWER_TERM_WEIGHTS[*id as usize]);
                n_stems += 1;
            }
            let spelt = n_stems > 1 && spells_initials(key, target) && phrase_writers(target) > 0;
            Some((!spelt, n_stems > 1, rarest, n_stems, target))
        })
        .min()
        .map(|(_, _, _, _, target)| target)
}

/// Whether the one word `key` is the initials of the phrase `target` (stems joined by
/// spaces; a stem begins as its word does): "dpo" of `data protect offic`, "cdo" of `chief
/// data offic`. Such an abbreviation means that phrase, whatever else the synonym table
/// gives it: "DPO" was read as `personal data`, the phrase whose rarest word the index uses
/// most, and "what is a DPO?" quoted the subject-requests guide, where the DPIA guide says
/// what a data protection officer is. Only a phrase the library writes
/// ([`phrase_writers`]), so "PII" is still `personal data`, not the unwritten `personally
/// identifiable information`.
fn spells_initials(key: &str, target: &str) -> bool {
    !key.contains(' ')
        && key.len() == target.split(' ').count()
        && key
            .bytes()
            .zip(target.split(' '))
            .all(|(initial, word)| word.as_bytes().first() == Some(&initial))
}

/// Whether `first second` is a phrase the synonym table reads ("power bi") that no guide
/// writes: a product name of two words, both of which the library uses apart ("power users",
/// "BI"). Guides only: the search index, which knows phrases, holds guides.
fn unwritten_phrase(first: &str, second: &str) -> bool {
    let phrase = format!("{first} {second}");
    SYNONYMS.contains_key(phrase.as_str())
        && TERM_IDS.get(phrase.as_str()).is_none_or(|&term| !has_postings(term))
}

/// A phrase of the synonym table in a question, read as its trade term.
struct SynonymPhrase {
    /// Byte range of the question from its first word's start to its last word's end.
    span: Range<usize>,
    /// The stems of the term it is read as ([`synonym_target`]), joined by spaces.
    target: &'static str,
}

/// Most guides and services that may write a synonym phrase for the question to be read
/// through it: a phrase the library writes ("machine learning", "bad data" in two guides;
/// "chief data officer" in a guide and a service) is meant as written, as a word several items
/// use is ([`synonym_stem`]).
const PHRASE_MAX_WRITERS: usize = 1;

/// How many items write the synonym phrase `key` (its stems joined by spaces), for reading it
/// as written or as its trade term. A phrase of words that each say something ("chief data
/// officer") counts the guides and the services that write it (built at compile time); search
/// counts guides only, and "should we hire a chief data officer?" read the phrase as `head of
/// data` and quoted a guide's "Symptoms: hiring freezes on planned roles; ...", while the
/// fractional leadership service, which writes it, was left out. A phrase with a filler in it
/// ("speed up", "make up") is an idiom whose words do not say what it means, and counts the
/// guides alone: the data governance service's "It also speeds up analytics engineering"
/// would make "how do I speed up my dashboard?" no longer read as `slow`, and not covered.
fn phrase_writers(key: &str) -> usize {
    if key.split(' ').any(is_filler) {
        return TERM_IDS.get(key).map_or(0, |&term| guides_using(term));
    }
    ANSWER_PHRASE_WRITERS
        .binary_search_by(|&(phrase, _)| phrase.cmp(key))
        .map_or(0, |idx| usize::from(ANSWER_PHRASE_WRITERS[idx].1))
}

/// Longest phrase key looked up, in bytes (the table's longest is under 40).
const PHRASE_KEY_MAX_BYTES: usize = 96;

/// The phrases of `text` (before `phrasing_from`) that the synonym table reads and at most
/// [`PHRASE_MAX_WRITERS`] guides write, each with the term it is read as: at each word, the
/// longest run of words that is such a phrase, as search splits a query into units ("speed up
/// my dashboard": `speed up`, read as `slow`; "structure a data team": `structure data team`,
/// read as `operating model`). No phrase runs across a sentence's or clause's end, as none
/// does in a search query ("We want more speed. Up to now..." has no `speed up`). Allocates
/// only for a question with a word some phrase begins.
fn unwritten_synonym_phrases(text: &str, phrasing_from: usize) -> Vec<SynonymPhrase> {
    // The words and stems from the first word some phrase begins, as ranges of one buffer
    // (each token: word start, stem start, stem end, its span in `text`, and 1 when a
    // sentence's end stands between it and the word before); a phrase starts at such a word,
    // so a question with none allocates nothing here, and one with some allocates the buffer
    // alone.
    let mut buffer = String::new();
    let mut tokens = [[0usize; 6]; ANSWER_MAX_WORDS];
    let mut n_tokens = 0;
    let mut last_end: Option<usize> = None;
    tokenize::for_each_token_with(text, known_stem, |word, stem, span| {
        // Read as search reads a query: "speed. Up" is two sentences whatever the case.
        let after_end = last_end.is_some_and(|end| {
            span.start > end + 1
                && tokenize::sentence_ends_between(text, end, span.start, tokenize::Reading::Query)
        });
        last_end = Some(span.end);
        let first = n_tokens == 0;
        if span.start >= phrasing_from
            || n_tokens == tokens.len()
            || (first && longest_phrase_from(stem) < 2)
        {
            return;
        }
        if first {
            buffer.reserve(2 * (text.len() - span.start));
        }
        let word_at = buffer.len();
        buffer.push_str(word);
        let stem_at = buffer.len();
        buffer.push_str(stem);
        let after_end = usize::from(after_end);
        tokens[n_tokens] = [word_at, stem_at, buffer.len(), span.start, span.end, after_end];
        n_tokens += 1;
    });
    let tokens = &tokens[..n_tokens];
    let mut phrases = Vec::new();
    let mut idx = 0;
    while idx < tokens.len() {
        let [_, stem_at, stem_end, ..] = tokens[idx];
        let longest = longest_phrase_from(&buffer[stem_at..stem_end]).min(tokens.len() - idx);
        // A phrase ends with its sentence.
        let longest = (1..longest).find(|&n| tokens[idx + n][5] == 1).unwrap_or(longest);
        let found = (2..=longest).rev().find_map(|len| {
            let run = &tokens[idx..idx + len];
            // A phrase of phrasing words and a company word ("start with AI") asks how to
            // begin with the firm's subject, which these words are already read as: "How do I
            // start with AI?" is answered from the readiness assessment, and read as `use
            // case` it quoted guides on prioritising use cases. An idiom of fillers alone
            // ("make things up") means what none of its words says, and is read.
            let content = run.iter().any(|t| {
                !is_filler(&buffer[t[1]..t[2]]) && !intent::is_company_word(&buffer[t[0]..t[1]])
            });
            let company = run.iter().any(|t| intent::is_company_word(&buffer[t[0]..t[1]]));
            if !content && company {
                return None;
            }
            // The key, on the stack: phrases are a few short stems.
            let mut key_bytes = [0u8; PHRASE_KEY_MAX_BYTES];
            let mut key_len = 0;
            for (n, token) in run.iter().enumerate() {
                let stem = &buffer.as_bytes()[token[1]..token[2]];
                let sep = usize::from(n > 0);
                let end = key_len + sep + stem.len();
                if end > key_bytes.len() {
                    return None;
                }
                if n > 0 {
                    key_bytes[key_len] = b' ';
                }
                key_bytes[key_len + sep..end].copy_from_slice(stem);
                key_len = end;
            }
            let key = std::str::from_utf8(&key_bytes[..key_len]).ok()?;
            let writers = phrase_writers(key);
            if writers > PHRASE_MAX_WRITERS {
                return None;
            }
            // "Gen AI" is `genai`, a word only one item writes, which is itself read through
            // the table ("generative AI", `synonym_stem`): the phrase is read as that word is.
            // Read as `genai`, "gen ai for customer service" found only the data roles
            // guide's "GenAI engineer" and was not covered.
            let target = synonym_target(key)?;
            let target =
                if target.contains(' ') { target } else { synonym_stem(target).unwrap_or(target) };
            Some((len, SynonymPhrase { span: run[0][3]..run[len - 1][4], target }))
        });
        match found {
            Some((len, phrase)) => {
                phrases.push(phrase);
                idx += len;
            }
            None => idx += 1,
        }
    }
    phrases
}

/// The rarity of a term only one item uses: the largest there is.
static RAREST_WEIGHT: LazyLock<u16> =
    LazyLock::new(|| ANSWER_TERM_WEIGHTS.iter().copied().max().unwrap_or(u16::MAX));

/// Whether `stem` is the stem of a filler of question phrasing (`model::ANSWER_FILLER_WORDS`).
pub fn is_filler(stem: &str) -> bool {
    ANSWER_FILLER_STEMS.binary_search(&stem).is_ok()
}

/// Endings that make a "what does X mean?" question: question phrasing, not what is asked
/// about ("what does error rate_limited mean?" is not about the mean of anything).
const MEANING_ENDINGS: &[&[&str]] = &[&["mean"], &["means"], &["stand", "for"], &["stands", "for"]];

/// Where the phrasing of a "what does X mean?" or "what does X stand for?" question starts
/// (byte offset of "mean" or "stand"), so its words are left out of the query like stop
/// words; `usize::MAX` for any other question. Only the closing words of a question opening
/// "what does" or "what do" count: "what is a mean squared error?" is searched as written.
fn meaning_phrasing_start(text: &str) -> usize {
    let mut words: Vec<(usize, &str)> = Vec::with_capacity(8);
    let mut start = None;
    for (at, ch) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (ch.is_alphanumeric() || ch == '_', start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                words.push((from, &text[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    let opens = words.len() > 3
        && words[0].1.eq_ignore_ascii_case("what")
        && (words[1].1.eq_ignore_ascii_case("does") || words[1].1.eq_ignore_ascii_case("do"));
    if !opens {
        return usize::MAX;
    }
    MEANING_ENDINGS
        .iter()
        .find(|ending| {
            words.len() > ending.len() + 2
                && words[words.len() - ending.len()..]
                    .iter()
                    .zip(ending.iter())
                    .all(|((_, word), expected)| word.eq_ignore_ascii_case(expected))
        })
        .map_or(usize::MAX, |ending| words[words.len() - ending.len()].0)
}

/// Verbs that ask to be told what something is ("explain", "define", "describe").
const EXPLAIN_VERBS: &[&str] = &["explain", "define", "describe"];

/// Where the phrasing of a request to be told what something is lies (byte offsets of the
/// words' starts), when the question opens with its verb ("explain data contracts") or asks
/// for it ("can you explain what a data contract is?", "could you define ..."); empty for
/// any other question. Those words are left out like stop words, and the question asks what
/// something is. Searched, "explain" (which guides write of models) outweighed the subject:
/// "can you explain what a data contract is?" quoted a vendor guide's "Refusal to test on your
/// data before contract signature."
fn explain_phrasing(text: &str) -> Range<usize> {
    let mut words = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w));
    let is_verb = |w: &str| EXPLAIN_VERBS.iter().any(|v| w.eq_ignore_ascii_case(v));
    let (Some(first), second, third) = (words.next(), words.next(), words.next()) else {
        return 0..0;
    };
    if is_verb(first.1) {
        return first.0..first.0 + 1;
    }
    let asks = ["can", "could", "would", "will"].iter().any(|a| first.1.eq_ignore_ascii_case(a))
        && second.is_some_and(|(_, w)| w.eq_ignore_ascii_case("you"));
    match third {
        Some((at, verb)) if asks && is_verb(verb) => first.0..at + 1,
        _ => 0..0,
    }
}

/// The start of the word of asking in a request of a few words (`intent::terse_request`:
/// "gdpr help", "help gdpr", "data strategy consulting"), if its subject is one the library
/// writes, each word as typed (a misspelt or foreign word is searched as before: "football
/// help" stays "not covered", where "football" alone is read as "footfall"), and the word of
/// asking does not close, with the subject before it, a phrase some passage, heading, title or
/// description writes ("customer support", "legal advice", "domain expert": the subject,
/// read as written; "machine learning engineering support" does not make "analytics
/// engineering support" one). Only a request of that shape pays for the reading.
fn terse_asking_at(text: &str) -> Option<usize> {
    let asking = intent::terse_request(text)?;
    let mut written = true;
    let mut subject_from = None;
    tokenize::for_each_token_with(text, known_stem, |word, stem, span| {
        if span.start != asking.start && !intent::is_terse_phrasing(word) {
            written &= ANSWER_TERM_IDS.contains_key(stem) || synonym_stem(stem).is_some();
            subject_from = subject_from.or(Some(span.start));
        }
    });
    let closing = asking.end == text.trim_end_matches(|c: char| !c.is_alphanumeric()).len();
    let phrase = subject_from.filter(|_| closing).and_then(|start| text.get(start..asking.end));
    let compound = phrase.is_some_and(|phrase| {
        ANSWER_PASSAGES.iter().any(|passage| {
            writes_phrase(passage.text, phrase) || writes_phrase(passage.heading, phrase)
        }) || ANSWER_ITEMS.iter().any(|item| {
            writes_phrase(item.title, phrase) || writes_phrase(item.description, phrase)
        })
    });
    (written && !compound).then_some(asking.start)
}

/// Whether `text` writes `phrase` (its words and the spaces between them, as typed), ignoring
/// case, as whole words.
fn writes_phrase(text: &str, phrase: &str) -> bool {
    let (text, phrase) = (text.as_bytes(), phrase.as_bytes());
    let letter = |at: Option<&u8>| at.is_some_and(|b| b.is_ascii_alphanumeric());
    text.windows(phrase.len()).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(phrase)
            && !letter(at.checked_sub(1).and_then(|before| text.get(before)))
            && !letter(text.get(at + phrase.len()))
    })
}

/// Builds the query for `text`, carrying the topic of the latest earlier turn with content
/// (`prev` is oldest first) when `text` reads as a follow-up.
pub fn build(text: &str, prev: &[&str]) -> Query {
    build_reading(text, prev, true)
}

/// [`build`], where a request in a few words ("tax advice") is read as words to search, as
/// any other question is.
pub fn build_as_written(text: &str, prev: &[&str]) -> Query {
    build_reading(text, prev, false)
}

fn build_reading(text: &str, prev: &[&str], terse: bool) -> Query {
    let text = first_words(text, ANSWER_MAX_WORDS);
    let mut intent = intent::detect(text);
    // "GDPR help", "need mlops": a request in a few words asks what "can you help us with
    // GDPR?" asks, its services first.
    let terse_at = terse.then(|| terse_asking_at(text)).flatten();
    intent.asks_help_with |= terse_at.is_some();
    let explain = explain_phrasing(text);
    intent.standalone_opening |= !explain.is_empty();
    let mut builder = Builder {
        stems: Vec::with_capacity(16),
        query: Query {
            terms: Vec::with_capacity(16),
            total_mass: 0,
            n_content: 0,
            n_own: 0,
            own_mass: 0,
            intent,
            names_unwritten: false,
            n_foreign: 0,
            carried_topic: None,
            carried_content: false,
            names_sector: false,
            sector_clients: false,
            reads_industry: false,
            work_duration: false,
            firm_way_only: false,
            results_only: false,
            results_when: false,
            asks_beginning: false,
            pilot_first: false,
            asks_reading: false,
            reading_start_only: false,
            cancel_only: false,
            asks_site_copy: false,
            unlisted_sector_only: false,
            terse: false,
            each_item: false,
        },
    };
    let mut n_content = 0;
    let mut n_foreign = 0;
    let mut n_own = 0;
    let phrasing_from = meaning_phrasing_start(text);
    let work_gives = asks_what_work_gives(text);
    // The verb of a request to the firm ([`QueryTerm::requested`]).
    let request_verb = (intent.asks_what_firm_does && !intent.generic_you)
        .then(|| {
            text.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .nth(REQUEST_VERB_POSITION)
        })
        .flatten();
    // The particle of that verb, "out" in "could you sort out our data quality?"
    // ([`REQUEST_PARTICLES`]).
    let request_particle_at = request_verb.and_then(|verb| request_particle(text, verb));
    // Where a noun of the work follows a service's slug words in a first-turn duration
    // question ("AI strategy work"): that noun is phrasing (below).
    let slug_work_at = (intent.asks_duration && prev.is_empty())
        .then(|| intent::service_by_slug_words(text))
        .flatten()
        .and_then(|(_, _, at)| at);
    // "Any healthcare clients?": without "you", but nothing is asked besides the sector, so the
    // clients are the firm's; searched in full, "clients" quoted the OAuth error
    // `invalid_client`.
    if intent.topic == Some(CompanyTopic::CaseStudies) && !intent.refers_to_company {
        let (mut n_sector, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) || token.start >= phrasing_from {
                return;
            }
            if names_sector(&token) {
                n_sector += 1;
            } else if !is_filler(&token.stem) && !intent::is_company_word(&token.word) {
                n_other += 1;
            }
        });
        builder.query.sector_clients = n_sector > 0 && n_other == 0;
    }
    // "Any recent projects?", "what past projects have you done in retail?": a question of the
    // firm's case studies that names nothing else but words of when and sectors. With more
    // ("what did previous clients think of you?") the words of when are searched as written.
    let mut past_work_only = false;
    if intent.topic == Some(CompanyTopic::CaseStudies) {
        let (mut n_past, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) || token.start >= phrasing_from {
                return;
            }
            if past_work(text, &token) {
                n_past += 1;
            } else if past_work_noun(text, &token) || token.word == EXAMPLE_WORD {
                // "An example of a past project": the noun is the case study asked for, and
                // one example of them is what the list gives.
            } else if !is_filler(&token.stem)
                && !intent::is_company_word(&token.word)
                && !names_sector(&token)
            {
                n_other += 1;
            }
        });
        past_work_only = n_past > 0 && n_other == 0;
    }
    // "How do I cancel?", "can I cancel my subscription?": the firm sells no subscription and
    // no page says how to cancel anything, so a question of cancelling that names nothing
    // else is its own matter, as "what is your refund policy?" is (`cancel_only`). Searched,
    // "cancel" quoted the hospital case study's "... cutting short-notice elective
    // cancellations by 23% ...". "How do I cancel a running pipeline?" names more.
    if CANCEL_WORDS.iter().any(|word| says_ignoring_case(text, word)) {
        let (mut n_cancel, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) {
                return;
            }
            if CANCEL_WORDS.contains(&token.word.as_str()) {
                n_cancel += 1;
            } else if !is_filler(&token.stem)
                && !intent::is_company_word(&token.word)
                && !CANCELLED_THINGS.contains(&token.word.as_str())
            {
                n_other += 1;
            }
        });
        builder.query.cancel_only = n_cancel > 0 && n_other == 0;
    }
    if intent.asks_firm_way {
        let mut n_other = 0;
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) || token.start >= phrasing_from {
                return;
            }
            n_other += usize::from(
                !is_filler(&token.stem)
                    && !intent::is_company_word(&token.word)
                    && !intent::is_firm_way_word(&token.word),
            );
        });
        builder.query.firm_way_only = n_other == 0;
    }
    // "What results have you achieved for clients?": "clients" names the case studies, and
    // what they achieved is what they tell; the result words are phrasing there too.
    if intent.refers_to_company
        && !intent.generic_you
        && matches!(intent.topic, None | Some(CompanyTopic::CaseStudies))
    {
        let (mut n_result, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) || token.start >= phrasing_from {
                return;
            }
            if RESULT_WORDS.contains(&token.word.as_str()) {
                n_result += 1;
            } else if !is_filler(&token.stem) && !intent::is_company_word(&token.word) {
                n_other += 1;
            }
        });
        builder.query.results_only = n_result > 0 && n_other == 0;
    }
    if intent.asks_duration && intent.topic.is_none() && prev.is_empty() {
        let (mut n_result, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) || token.start >= phrasing_from {
                return;
            }
            if RESULT_WORDS.contains(&token.word.as_str()) {
                n_result += 1;
            } else if !is_filler(&token.stem)
                && !intent::is_company_word(&token.word)
                && !duration_phrasing(text, &token, intent.length_of_work)
                && !matches!(token.word.as_str(), "see" | "seeing" | "fast")
            {
                n_other += 1;
            }
        });
        builder.query.results_when = n_result > 0 && n_other == 0;
    }
    if intent.refers_to_company && !intent.generic_you && intent::names_unlisted_sector(text) {
        let (mut n_unlisted, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            let word = token.word.as_str();
            if is_contracted_stop_word(text, &token)
                || token.start >= phrasing_from
                || is_filler(&token.stem)
                || intent::is_company_word(word)
                || intent::is_firm_use_verb(word)
                || intent::is_organisation_noun(word)
                || matches!(word, "help" | "helped")
            {
                return;
            }
            if intent::is_unlisted_sector_word(word) {
                n_unlisted += 1;
            } else {
                n_other += 1;
            }
        });
        builder.query.unlisted_sector_only = n_unlisted > 0 && n_other == 0;
    }
    // Only a question of starting or of a first step pays for the pass (its tokens allocate);
    // a follow-up ("what is the first step?" after a question of demand forecasting) asks of
    // the turn before.
    let committing = says_commitment(text);
    if !intent.generic_you
        && prev.is_empty()
        && (intent.asks_to_start || committing || says_first_step(text))
    {
        let (mut n_begin, mut n_other, mut n_pilot) = (0, 0, 0);
        let (mut first, mut first_step) = (false, false);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token) || token.start >= phrasing_from {
                return;
            }
            first_step |= first && matches!(token.word.as_str(), "step" | "steps");
            first = token.word == "first";
            n_pilot += usize::from(PILOT_WORDS.contains(&token.word.as_str()));
            if begins(text, &token, committing) {
                n_begin += 1;
            } else if !is_filler(&token.stem) && !intent::is_company_word(&token.word) {
                n_other += 1;
            }
        });
        builder.query.asks_beginning =
            (intent.asks_to_start || first_step || (committing && n_pilot > 0))
                && n_begin > 0
                && n_other == 0;
        builder.query.pilot_first = builder.query.asks_beginning && committing && n_pilot > 0;
        builder.query.intent.asks_to_start |= builder.query.asks_beginning;
    }
    // "Recommend a guide on MLOps", "what should I read to learn about data governance?": a
    // request for reading. Searched, its words of asking found what they say of something
    // else ("recommend" the machine learning service's recommenders, "read" a storytelling
    // guide's "People read a dashboard ..."), and the first was "not covered". A request that
    // names nothing but where to begin ("which guide should I read first?") has no subject.
    builder.query.asks_site_copy = asks_for_site_copy(text);
    let reading = asks_for_reading(text);
    if reading {
        let (mut n_start, mut n_other) = (0, 0);
        for_each_token(text, |token| {
            if is_contracted_stop_word(text, &token)
                || token.start >= phrasing_from
                || is_reading_phrasing(text, &token)
            {
                return;
            }
            if READING_START_WORDS.contains(&token.word.as_str()) {
                n_start += 1;
            } else if !is_filler(&token.stem) && !intent::is_company_word(&token.word) {
                n_other += 1;
            }
        });
        builder.query.asks_reading = true;
        builder.query.reading_start_only = n_start > 0 && n_other == 0;
    }
    // "What is the minimum engagement size?": the size of the firm's work is asked of the
    // firm, and its words of size are phrasing, as in "do you work with small companies?".
    let company_question = (intent.refers_to_company && !intent.generic_you)
        || builder.query.sector_clients
        || intent.asks_work_size;
    // A question of the firm's clients or case studies, or of work it has done, reads a
    // sector's everyday word as the sector's name: "banking" is Financial Services, not the
    // "bank holiday" of a forecasting guide.
    // So does a question to the firm of the industries it works in: "do you work with
    // hospitals?" asks about Healthcare, and was answered with the list of all six.
    let industry_question = company_question && intent.topic == Some(CompanyTopic::Industries);
    let sector_reading = intent.topic == Some(CompanyTopic::CaseStudies)
        || builder.query.sector_clients
        || (company_question && intent.past_tense)
        || industry_question;
    let mut previous: Option<String> = None;
    // Whether a duration question names something besides the firm's work ("how long does a
    // data platform engagement take?" against "how long does an engagement take?"); if it
    // does, or an earlier turn may (a follow-up), its phrasing and the work are not searched.
    // "How quickly can you deliver?": asked of the firm, its delivering is its work.
    // "How soon can you deliver results?": what the firm delivers is its work too; searched,
    // "results" quoted an A/B-testing guide's "Slice results by device ...".
    let delivered = if intent.refers_to_company && intent.asks_duration {
        word_after(text, "deliver")
    } else {
        None
    };
    let names_the_work_at = |word: &str, start: usize| {
        ENGAGEMENT_WORDS.contains(&word)
            || (intent.refers_to_company && word == "deliver")
            || delivered == Some(start)
    };
    let mut names_more_than_engagement = false;
    let mut names_work = false;
    if intent.asks_duration {
        for_each_token(text, |token| {
            let names_the_work = names_the_work_at(&token.word, token.start);
            names_work |= names_the_work;
            names_more_than_engagement |= !names_the_work
                && !duration_phrasing(text, &token, intent.length_of_work)
                && !is_filler(&token.stem)
                && !intent::is_company_word(&token.word);
        });
    }
    let work_duration = names_work && !names_more_than_engagement && prev.is_empty();
    builder.query.work_duration = work_duration;
    builder.query.terse = terse_at.is_some();
    let phrases = unwritten_synonym_phrases(text, phrasing_from);
    let score = assessment_score(text);
    // The opening's verb of working with something is the first such verb ("would you
    // recommend ...": "would" may come before it as a word of its own).
    let mut verb_pending = intent.asks_firm_about_use && !intent.names_firm_practice;
    // "How do I get buy-in?": read as search reads it, `buyin`, not `buy`.
    for_each_query_token(text, |token| {
        // "GDPR advice", "data strategy consulting": the noun of asking in a request of a few
        // words is its phrasing, and weighs nothing. Searched, it was a second subject no
        // sentence of the GDPR pages says, and the request was "not covered"; even weighed as
        // a filler, "advice", which few items write, took a fifth of "gdpr advice" from the
        // responsible AI service, which says "GDPR" in its body alone. "Help" and "need" are
        // a request's fillers, as in "we need help with GDPR" (below): the service's "We help
        // you run the data protection impact assessment" says it.
        if terse_at == Some(token.start) && !matches!(token.word.as_str(), "help" | "need") {
            return;
        }
        if is_contracted_stop_word(text, &token)
            || token.start >= phrasing_from
            || explain.contains(&token.start)
        {
            return;
        }
        // "Do you recommend dbt?": the verb that asks whether the firm works with something
        // ("work", "use", "recommend", "support") says how the question asks, and what it
        // names is what it asks about, which the library answers where it writes it ("dbt-style
        // tooling") and the contact record where it does not (`names_unwritten`). Weighed as a
        // filler, "recommend", which a service's "recommender" and guides' recommendations
        // make a rarer word than "work", took 13% of the question's mass, and "do you
        // recommend dbt?" was not covered where "do you work with dbt?" quoted the service.
        // A question of the firm's practice keeps it: "We work with organisations of every
        // size ..." answers "do you work with small companies?" for saying "work".
        if verb_pending && intent::is_firm_use_verb(&token.word) {
            verb_pending = false;
            return;
        }
        // "What exit provisions do you recommend in an AI contract?": "you recommend" and
        // "you suggest" ask for advice on what the question names, and say nothing of it;
        // searched, "recommend" (rare for the recommenders and recommendations the library
        // writes) left the question "not covered" where "... should an AI contract have"
        // quoted the contract guides' "Data return and deletion on exit ...".
        if READING_ASKING_VERBS.contains(&token.word.as_str()) && follows_address(text, token.start)
        {
            return;
        }
        // "Recommend a guide on MLOps": the words that ask for reading are how the question
        // asks; what is to be read about is what it asks about.
        if reading && is_reading_phrasing(text, &token) {
            return;
        }
        // "What does a readiness score of 48 mean?": a score the assessment gives is read as
        // its band, as the band's line names it ("The Building band, a score from 40 to 59:
        // ..."): the band's name, "band" and its first and last scores. "48", which no item
        // writes, left the question not covered; read as "40" alone, "what does a score of 48
        // mean?" quoted an evaluation guide's "An overall score of 85 per cent hides a lot if
        // should-refuse cases sit at 40." The scale ("out of 100") says nothing of which band.
        if let Some(score) = score.filter(|score| score.start == token.start) {
            let mut added = false;
            for stem in band_stems(score.band) {
                added |= builder.add(stem, WEIGHT_QUESTION, false);
            }
            if added {
                n_own += 1;
                n_content += 1;
            }
            return;
        }
        if score.is_some_and(|score| score.scale == Some(token.start)) {
            return;
        }
        // "How should we structure a data team?": a phrase of the synonym table that no guide
        // writes, or only one, is read as the trade term it stands for (`operating model`), as
        // search reads it; its own words stay, as fillers. Read word by word, "structure",
        // "data" and "team" quoted an orchestration guide's "One DAG per ... team".
        let in_phrase = phrases.iter().find(|phrase| phrase.span.contains(&token.start));
        if let Some(phrase) = in_phrase.filter(|phrase| phrase.span.start == token.start) {
            let mut added = false;
            for stem in phrase.target.split(' ') {
                added |= builder.add(stem.to_string(), WEIGHT_QUESTION, false);
            }
            if added {
                n_own += 1;
                n_content += 1;
            }
        }
        // "Gen AI for customer service": a word of such a phrase that no item writes ("gen")
        // is said by the trade term the phrase is read as, and nothing else; kept as a
        // filler, it was read as the nearest word within the typo budget, and the question,
        // which "genai customer service" answers from the support assistant guide, was not
        // covered.
        if in_phrase.is_some() && !ANSWER_TERM_IDS.contains_key(token.stem.as_str()) {
            return;
        }
        // "How long does a data platform engagement take?": the firm's work is what every
        // duration is of, so the word says nothing of which; searched for, "engagement"
        // (which two service pages write) outweighed "data platform".
        if intent.asks_duration
            && (names_more_than_engagement || !prev.is_empty())
            && (names_the_work_at(&token.word, token.start)
                || duration_phrasing(text, &token, intent.length_of_work))
        {
            return;
        }
        // "How much would a data platform cost a council?": who pays is phrasing (`cost_payer`).
        let payer = cost_payer(text, &token);
        let sector = names_sector(&token) && !payer;
        builder.query.names_sector |= sector;
        // "We have 60 shops, how do we use our sales figures?": a sector's word said of the
        // asker's own that its industry's page never writes is read as that industry's name
        // (`own_sector`).
        if let Some(industry) = (sector_reading || (local_council(text, &token) && !payer))
            .then(|| sector_industry(&token.word))
            .flatten()
            .or_else(|| own_sector(text, &token))
        {
            let mut added = false;
            for stem in industry_name_stems(industry) {
                added |= builder.add(stem, WEIGHT_QUESTION, false);
            }
            if added {
                n_own += 1;
                n_content += usize::from(!intent::is_company_word(&token.word));
            }
            builder.query.reads_industry |= industry_question;
            return;
        }
        // "How long are your projects?": the services write "engagement" for their work, and
        // "project" found a guide's "a focused DPIA ... typically takes two to four weeks".
        if work_duration && names_the_work_at(&token.word, token.start) {
            if builder.add(ENGAGEMENT_STEM.clone(), WEIGHT_QUESTION, false) {
                n_own += 1;
                n_content += usize::from(!intent::is_company_word(&token.word));
            }
            return;
        }
        if intent.asks_firm_about_use {
            // Only a question of whether the firm works with something reads this, so no
            // other question pays for the look-ups (or the phrase's allocation).
            builder.query.names_unwritten |= synonym_stem(&token.stem).is_some()
                || previous.as_deref().is_some_and(|prev| unwritten_phrase(prev, &token.stem));
            previous = Some(token.stem.clone());
        }
        // "How do I pick a vendor?": picking, choosing and selecting are one act, which the
        // guides write each way ("a vendor selection", "choosing a storage architecture",
        // "pick a primary metric"); the verb is how the question asks, what is picked is what
        // it asks about. Searched as written, "pick" found the storage guide's "picking
        // between a cloud data warehouse ..." before the vendor selection guide.
        // "How do we know if our model is drifting?": to know or tell whether something is
        // happening is to detect it, the word the guides write ("Drift detection tells you
        // ..."); read as the filler "know", the question opened on a definition, "Concept
        // drift: the relationship itself changes.", and quoted an incremental-models guide's
        // "... so drift compounds".
        // "Can we build this ourselves?": what the asker does itself is done in-house, the
        // word the guides write ("build the model in-house with a partner ..."); no item writes
        // "ourselves", and the question was "not covered" with the build-or-buy guide first.
        if OURSELVES_WORDS.contains(&token.word.as_str()) {
            builder.add(IN_HOUSE_STEM.clone(), WEIGHT_FILLER, false);
            return;
        }
        if asks_detection(text, &token) && builder.add(DETECT_STEM.clone(), WEIGHT_QUESTION, false)
        {
            n_own += 1;
            n_content += 1;
        }
        // "What do we get from an AI strategy engagement?": what the work gives is its
        // deliverables, and the word for the work is phrasing. Searched as written,
        // "engagement" quoted the AI strategy service's "A typical engagement lasts six to
        // eight weeks." and its team, not what the client receives.
        if work_gives
            && matches!(token.word.as_str(), "get" | "receive")
            && builder.add(DELIVERABLES_STEM.clone(), WEIGHT_QUESTION, false)
        {
            n_own += 1;
            n_content += 1;
        }
        if CHOICE_VERBS.contains(&token.word.as_str()) {
            for stem in CHOICE_STEMS.iter() {
                builder.add(stem.clone(), WEIGHT_FILLER, false);
            }
            return;
        }
        // In a question to the firm about one of its topics ("do you offer training?"), the
        // words that make it one ("offer", "services", "help") are its phrasing: searched at
        // full weight, "offer" found guides about customer offers before the training service.
        // A sector ("hospitals", "insurers") is what such a question asks about, not phrasing.
        // So are the words of what the firm works with or for ("tools", "small", "size"):
        // "what tools do you recommend for data pipelines?" asks about data pipelines.
        // "Can you help us hire a data team?": the asker's hiring is what is asked.
        let asker_hiring = intent.asker_hires && intent::is_hiring_word(&token.word);
        // "We need help with our analytics": the request's words are its phrasing, and not
        // searched even as fillers. Searched in full, "help" found "... begun scoping a
        // second model ... without outside help" before the analytics engineering service;
        // as a filler it still tipped "we need help with reporting" to the data literacy
        // service, whose description "helps executives ..." ties it on "reports".
        if intent.asks_help_with
            && matches!(token.word.as_str(), "help" | "need" | "someone" | "somebody")
        {
            return;
        }
        // "Can we start with a small pilot?" asks what "can we start small?" asks: the pilot is
        // how it would begin, which the "How we work" statement ("You can start small: ...")
        // says without the word, so it is not searched even as a filler. So do a pilot and
        // the committing it comes before ("do you offer a pilot before we commit?").
        if builder.query.asks_beginning
            && !BEGINNING_WORDS.contains(&token.word.as_str())
            && begins(text, &token, committing)
        {
            return;
        }
        // "Can you help us optimise our model costs?", "bring our warehouse costs down": the
        // verb of improving is what is wanted of the subject, and not searched even as a
        // filler; as one, "optimise", which few items write, still tipped the question to the
        // guides that say it of something else.
        // The verb itself is read as "reduce", the filler the guides write of what they make
        // smaller: left out, "how do we optimize our model costs" searched "model" and "costs"
        // alone and quoted a metrics guide's "... errors cost the same.", where "how do we
        // reduce our model costs" quoted the running costs guide.
        if improving_phrasing(text, &token) {
            if token.word != "down" && improves_a_cost(text, &token) {
                builder.add(REDUCE_STEM.clone(), WEIGHT_FILLER, false);
            }
            return;
        }
        // "How do we drive adoption of the AI tools we paid for?", "increase AI adoption": a
        // verb of making more said of adoption is what is wanted of it, as "reduce" is of a
        // cost, and not searched even as a filler. Searched, "drive" quoted a chargeback
        // guide's "... drives some units to buy their own tools ..." and "increase" a contract
        // guide's "Limit annual increases ...".
        if increases_adoption(text, &token) {
            return;
        }
        if degree_complaint(text, &token) {
            return;
        }
        // "Are we too small to work with you?", "is our company big enough for you?": asked of
        // the firm's practice, a word of degree is phrasing the firm's statement of its
        // clients ("We work with organisations of every size ...") never says, and not
        // searched even as a filler; as one, "too" left the statement short of the question's
        // every word and the question "not covered".
        if company_question
            && intent.names_firm_practice
            && matches!(token.word.as_str(), "too" | "enough")
        {
            return;
        }
        // "We're a seed stage startup": the startup's stage is its size (`startup_stage`), and
        // not searched even as a filler, as "too" is not above.
        if startup_stage(text, &token) {
            return;
        }
        // "What comes after the readiness assessment?": "what comes after" the assessment asks
        // what "what happens after the assessment?" asks, and is read so. Searched as written,
        // "comes" (which the assessment's pages never write of what follows it) left a use-case
        // guide's "... where the numbers come from ..." first, where "what happens after ..."
        // quoted the service's "What happens after the assessment depends on what it finds."
        // Of another subject it is searched as written: the guides write "what comes first".
        if matches!(token.word.as_str(), "come" | "comes")
            && asks_what_follows_assessment(text, &token)
        {
            if builder.add(HAPPEN_STEM.clone(), WEIGHT_QUESTION, false) {
                n_own += 1;
                n_content += 1;
            }
            return;
        }
        // "What happens to my data when I take the assessment?": what happens "to" the asker's
        // own thing asks what becomes of it, so that thing is what is asked about, a company
        // word or a filler ("data") or not, and of the assessment "happens" is phrasing. As
        // written, "happens" found the service's "What happens after the assessment depends on
        // what it finds.", which answers what follows the assessment, and "data" was a filler.
        // Of another subject "happens" is searched as written ("what happens to my answers?"
        // read as "my answers" alone quoted a guide's "An answer is expected by lunch.").
        // "Is my data stored when I take the assessment?": of the assessment, the asker's own
        // thing is what is asked about too, as after "happens to my"; as a filler, "data" left
        // "stored" to find a feature store guide's "... a low-latency store ...".
        let fate_of_own = happened_to_own(text, &token)
            || own_in_assessment(text, &token)
            || asker_costs(text, &token);
        if happens_to_own_in_assessment(text, &token) || keeps_own_in_assessment(text, &token) {
            if builder.add(STORE_STEM.clone(), WEIGHT_QUESTION, false) {
                n_own += 1;
                n_content += 1;
            }
            return;
        }
        // "Are my answers held anywhere after the assessment?": where or when they would be kept
        // says nothing the record does not answer, and is left out, not weighed as a filler:
        // "anywhere", which no item writes, weighed as much as a rare word and left the
        // question "not covered".
        if keeping_circumstance(text, &token) {
            return;
        }
        // "Does the self-assessment cost anything?", "do I have to pay anything for the
        // assessment?": "self" is of the assessment's name, and a verb of price before
        // "anything" asks whether it is free (`Intent::asks_free`), which its record answers.
        // Searched, "self" found the record's description and "pay" a maturity band's "...
        // before AI investment can pay off.".
        // "Who is the AI readiness assessment meant for?": "meant" says only that whom is
        // asked (`Intent::asks_audience`); searched, it left the question no company topic.
        if intent.asks_audience && intent::is_audience_word(&token.word) {
            return;
        }
        if intent.topic == Some(CompanyTopic::Assessment)
            && assessment_phrasing(text, &token, &intent)
        {
            return;
        }
        // "How do I get staff to use the AI tools we bought?": that the asker acquired the
        // tools says whose they are, not what is asked; searched, "bought" found the use-case
        // register's "Include bought and embedded AI ..." before the adoption guides.
        if acquired_by_asker(text, &token) {
            return;
        }
        // "Can you give me examples of past projects?": the firm's projects are its case
        // studies, all of them past; a word of when before them says nothing the list does not,
        // and searched, "past" quoted a guide's "analysis of past claims suggests ..." (when
        // nothing else is asked: `past_work_only`).
        // "Can you give me an example of a past project?" asks it in the singular: "example"
        // quoted a guide's "... contracts and past projects" (searched for "past" and "project").
        if past_work_only
            && (past_work(text, &token)
                || past_work_noun(text, &token)
                || token.word == EXAMPLE_WORD)
        {
            return;
        }
        let phrasing = (company_question
            && (intent::is_company_word(&token.word)
                || intent::is_firm_practice_word(&token.word))
            && !sector
            && !asker_hiring
            && !fate_of_own)
            // "How long does it take to build a data platform?": "long" asks for a duration,
            // and searched for, it found "the long tail" before the platform service.
            || (intent.asks_duration && duration_phrasing(text, &token, intent.length_of_work))
            // "How long does AI strategy work take?": a noun of the work right after a
            // service's slug words names that service's work, as "an AI strategy" does (the
            // named service, below). Searched, "work" quoted a guide's "Data strategy exists,
            // under two years old, working: ...".
            || slug_work_at == Some(token.start)
            || own_setting(text, &token)
            || own_side(text, &token, &intent)
            || makes_a_document(text, &token)
            || state_idiom(text, &token)
            || counted_quantity(text, &token)
            || payer
            || (industry_question && qualifies_sector(text, &token))
            || prevention_verb(text, &token)
            // "What is the minimum engagement size?": the work whose size is asked is the
            // firm's; searched, "engagement" quoted "A typical engagement lasts six to eight
            // weeks".
            || (intent.asks_work_size && ENGAGEMENT_WORDS.contains(&token.word.as_str()))
            || (work_gives
                && (WORK_GIVING_WORDS.contains(&token.word.as_str()) || token.word == "receive"))
            || (builder.query.results_only && RESULT_WORDS.contains(&token.word.as_str()))
            || (builder.query.asks_beginning && BEGINNING_WORDS.contains(&token.word.as_str()))
            || starts_firm_work(&token, &intent)
            || request_particle_at == Some(token.start)
            || in_phrase.is_some();
        // A word counts once among the question's own, whichever stems it is read as.
        let mut added = false;
        let alt = (!phrasing).then(|| trade_term(&token.stem)).flatten();
        let written = alt.map(|_| token.stem.clone());
        // "Do you offer workshops?": "offer" asks what the firm offers, which a service page
        // says by being one (`QueryTerm::offered`).
        let offered = phrasing && company_question && intent::is_services_word(&token.word);
        let foreign = !ANSWER_TERM_IDS.contains_key(token.stem.as_str())
            && synonym_stem(&token.stem).is_none()
            && !ASSISTANT_BRANDS.contains(&token.word.as_str());
        let in_name = joined_by_dot(text, &token);
        // "Can you audit our data warehouse?": the third word is the act asked of the firm.
        let requested = (!phrasing
            && request_verb.is_some_and(|verb| verb.eq_ignore_ascii_case(&token.word)))
        .then(|| token.stem.clone());
        for_each_meant_stem(&token.word, token.stem, in_name, |stem| {
            let filler = (phrasing || is_filler(&stem)) && !fate_of_own;
            let weight = if filler { WEIGHT_FILLER } else { WEIGHT_QUESTION };
            // Where the stem's term is or will be, found before it moves into the builder.
            let at = offered.then(|| {
                builder.stems.iter().position(|s| *s == stem).unwrap_or(builder.stems.len())
            });
            added |= builder.add(stem, weight, false) && !filler;
            if let Some(term) = at.and_then(|at| builder.query.terms.get_mut(at))
                && term.weight == WEIGHT_FILLER
            {
                term.offered = true;
            }
        });
        if let Some(idx) = written.and_then(|w| builder.stems.iter().position(|s| *s == w)) {
            builder.query.terms[idx].alt = alt;
        }
        if let Some(idx) = requested.and_then(|r| builder.stems.iter().position(|s| *s == r)) {
            builder.query.terms[idx].requested = true;
        }
        if added {
            n_own += 1;
            if !intent::is_company_word(&token.word) || asker_hiring || fate_of_own {
                n_content += 1;
                n_foreign += usize::from(foreign);
            }
        }
    });
    builder.query.n_content = n_content;
    builder.query.n_foreign = n_foreign;
    builder.query.n_own = n_own;
    // "How long does an AI strategy take?": a duration question that says a service's slug
    // words and nothing else asks how long that work takes, which its page says ("A typical
    // engagement lasts six to eight weeks."), as if it named "the AI strategy service".
    // Searched evenly, it quoted a guide's "A data strategy written five years ago usually
    // lacks the following." (A noun of the work right after them is phrasing: above.)
    if intent.asks_duration
        && intent.topic.is_none()
        && intent.named_service.is_none()
        && prev.is_empty()
        && let Some((service, words, _)) = intent::service_by_slug_words(text)
        && n_own == words
    {
        builder.query.intent.named_service = Some(service);
        builder.query.intent.refers_to_company = true;
    }
    // "How much does a data strategy cost?": a price question that says a service's slug
    // words and nothing else asks the price of that work, as "what does the data strategy
    // service cost?" does; searched, it quoted the AI strategy service's "... reopening it
    // would cost more than writing a focused companion." "What does an LLM cost per month?"
    // says no slug, and "how much does a data platform cost to run?" says more: both searched.
    // The service is named, so it is cited first after the prices record (the AI strategy
    // service, which writes "data strategy" too, came before it).
    // "How much is a data strategy?" asks it too, with no price word: "how much is" said of
    // nothing but the firm's work by its name is its price. Searched, it quoted the AI-or-data-
    // strategy guide's "Even then, the AI strategy should reference the data strategy ...".
    let priced = intent.topic == Some(CompanyTopic::Pricing)
        || (intent.topic.is_none() && intent.opens_how_much_is);
    if priced
        && !intent.names_offering
        && prev.is_empty()
        && let Some((service, _, _)) = intent::service_by_slug_words(text)
        && intent::says_only_service(text, service)
    {
        builder.query.intent.topic = Some(CompanyTopic::Pricing);
        builder.query.intent.names_offering = true;
        builder.query.intent.named_service = Some(service);
    }
    // "We need help with data strategy": a buyer's request for help with the work a service
    // is named for (its slug's words) asks for that service, as "the data strategy service"
    // would; ranked by the words alone, the AI strategy service, which writes "data strategy"
    // as often, came first.
    if intent.asks_help_with
        && intent.named_service.is_none()
        && prev.is_empty()
        && let Some((service, _, _)) = intent::service_by_slug_words(text)
    {
        builder.query.intent.named_service = Some(service);
    }
    let follow_up = intent.follow_up_opening
        || (n_own <= SHORT_FOLLOW_UP_TERMS && !intent.standalone_opening)
        || (intent.anaphoric && n_own <= ANAPHORIC_FOLLOW_UP_TERMS);
    if follow_up {
        (builder.query.carried_topic, builder.query.carried_content) = carry(&mut builder, prev);
    }
    builder.query.own_mass =
        builder.query.terms.iter().filter(|t| !t.carried).map(|t| u64::from(t.mass)).sum();
    builder.query.total_mass = builder.query.terms.iter().map(|t| u64::from(t.mass)).sum();
    builder.query
}

/// Nouns of something to read: a question that says one asks for reading ("is there a guide
/// on data contracts?", "any articles about A/B testing?").
const READING_NOUNS: &[&str] = &["article", "articles", "guide", "guides"];

/// "Read" and "reading", which ask for reading only with no object of their own after them
/// ("what should I read about data mesh?", "some reading on data literacy", "where should I
/// start reading?"); "how do I read A/B test results?" asks how to read the results.
const READING_VERBS: &[&str] = &["read", "reading"];

/// Words after "read" or "reading" that leave it without an object.
const READ_WITHOUT_OBJECT: &[&str] = &["about", "first", "for", "more", "next", "on", "to", "up"];

/// Verbs of recommending, which in a request for reading ask for it ("recommend a guide on
/// MLOps"); elsewhere searched as before ("do you recommend dbt?", "what do you recommend for
/// a first AI project?"), and "recommendation" never ("can you build us a recommendation
/// engine?").
const READING_ASKING_VERBS: &[&str] = &["recommend", "recommended", "suggest", "suggested"];

/// Words of where to begin reading, said with no subject ("which guide should I read first?",
/// "is there a guide for beginners?"): such a request names nothing to search. With a subject
/// ("what should I read first on forecasting?") they are searched as written.
const READING_START_WORDS: &[&str] = &[
    "begin",
    "beginner",
    "beginners",
    "first",
    "newcomer",
    "newcomers",
    "novice",
    "novices",
    "start",
    "starting",
];

/// The word after byte `end` of `text`, as written.
fn word_from(text: &str, end: usize) -> Option<&str> {
    text.get(end..)?.split(|c: char| !c.is_alphanumeric()).find(|word| !word.is_empty())
}

/// The word of `text` that ends before byte `start`, if any.
fn word_before(text: &str, start: usize) -> Option<&str> {
    text.get(..start)?.rsplit(|c: char| !c.is_alphanumeric()).find(|word| !word.is_empty())
}

/// Whether `word`, ending at byte `end` of `text`, asks for reading: a noun of something to
/// read ([`READING_NOUNS`]), "read" or "reading" with no object ([`READ_WITHOUT_OBJECT`]), or
/// the "learn" of "learn about".
fn asks_reading_with(text: &str, word: &str, end: usize) -> bool {
    let next = word_from(text, end);
    let next_is = |w: &str| next.is_some_and(|next| next.eq_ignore_ascii_case(w));
    READING_NOUNS.contains(&word)
        || (READING_VERBS.contains(&word)
            && (next.is_none() || READ_WITHOUT_OBJECT.iter().any(|w| next_is(w))))
        || (word == "learn" && next_is("about"))
}

/// Whether `token` is a word of asking for reading in a request for it: one that asks for
/// reading ([`asks_reading_with`]) or a verb of recommending ([`READING_ASKING_VERBS`]).
fn is_reading_phrasing(text: &str, token: &Token) -> bool {
    READING_ASKING_VERBS.contains(&token.word.as_str())
        || asks_reading_with(text, &token.word, token.end)
}

/// Whether `text` asks for something to read ([`Query::asks_reading`]). Only a question that
/// says "guide", "article", "read" or "learn about" pays for the pass, which reads the words
/// in place (`tokenize::for_each_token_with`).
fn asks_for_reading(text: &str) -> bool {
    // At a word's start: "bread" does not say "read".
    let bytes = text.as_bytes();
    let says = |needle: &[u8]| {
        bytes.windows(needle.len()).enumerate().any(|(at, w)| {
            w.eq_ignore_ascii_case(needle) && (at == 0 || !bytes[at - 1].is_ascii_alphanumeric())
        })
    };
    if !(says(b"guide") || says(b"article") || says(b"read") || says(b"learn about")) {
        return false;
    }
    let mut asks = false;
    tokenize::for_each_token_with(text, known_stem, |word, _, span| {
        asks |= asks_reading_with(text, word, span.end);
    });
    asks
}

/// Verbs and nouns of taking a copy of something ("download", "export", "get"): with a word of
/// the whole ([`SITE_WHOLE_WORDS`]) and of the site's content ([`SITE_CONTENT_WORDS`]) they
/// ask for the site's content whole.
const SITE_COPY_WORDS: &[&str] = &[
    "copy",
    "crawl",
    "download",
    "downloads",
    "dump",
    "export",
    "fetch",
    "get",
    "grab",
    "mirror",
    "obtain",
    "save",
    "scrape",
];

/// Words of the whole of something ("all", "everything", "bulk").
const SITE_WHOLE_WORDS: &[&str] = &["all", "bulk", "entire", "every", "everything", "whole"];

/// Words of the site's content ("guides", "the site", "everything"), one of them as well
/// ("every guide").
const SITE_CONTENT_WORDS: &[&str] = &[
    "article",
    "articles",
    "content",
    "everything",
    "guide",
    "guides",
    "library",
    "page",
    "pages",
    "site",
    "website",
];

/// Words that make the thing taken the asker's own ("export all our data"), not the site's.
const OWN_WORDS: &[&str] = &["my", "our"];

/// Words before the subject of a request for reading ("all the guides on governance").
const SUBJECT_WORDS: &[&str] = &["about", "covering", "on", "regarding"];

/// Words after "on" or "about" that name the site rather than a subject ("everything on your
/// site").
const SITE_PLACE_WORDS: &[&str] = &["site", "the", "this", "website", "your"];

/// Words a question for the site's content in bulk may say besides its own words ("is there a
/// bulk download?", "do you offer a bulk export?"); a question with any other word ("how do
/// I export data in bulk?") asks of something else.
const BULK_PHRASING: &[&str] = &[
    "a",
    "an",
    "any",
    "available",
    "can",
    "do",
    "does",
    "have",
    "i",
    "is",
    "of",
    "offer",
    "option",
    "the",
    "there",
    "we",
    "you",
    "your",
];

/// Whether `text` asks for the site's content whole ([`Query::asks_site_copy`]): a word of
/// taking a copy, one of the whole and one of the site's content ("can I download all your
/// guides?", "how do I get all the content at once?"); "bulk" with a word of taking a copy and
/// nothing but phrasing ("is there a bulk download?"); or "machine-readable" with the site's
/// content or a "version" of it. Not with "my" or "our": "how do we export all our content?"
/// asks of the asker's own. "How do I download a model safely?" names no whole and no content
/// of the site. Read on the words in place, with no allocation.
fn asks_for_site_copy(text: &str) -> bool {
    let words = || text.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty());
    let in_list = |list: &[&str], word: &str| list.iter().any(|w| w.eq_ignore_ascii_case(word));
    let says = |list: &[&str]| words().any(|word| in_list(list, word));
    // "Can I get all the guides on governance?" asks for reading on a subject; "everything on
    // your site" names the site.
    let names_subject = words()
        .zip(words().skip(1))
        .any(|(word, next)| in_list(SUBJECT_WORDS, word) && !in_list(SITE_PLACE_WORDS, next));
    if names_subject || says(OWN_WORDS) {
        return false;
    }
    let copy = says(SITE_COPY_WORDS);
    let content = says(SITE_CONTENT_WORDS);
    if copy && content && says(SITE_WHOLE_WORDS) {
        return true;
    }
    let bulk_only = words().any(|word| word.eq_ignore_ascii_case("bulk"))
        && words().all(|word| {
            in_list(BULK_PHRASING, word)
                || in_list(SITE_COPY_WORDS, word)
                || in_list(SITE_WHOLE_WORDS, word)
                || in_list(SITE_CONTENT_WORDS, word)
        });
    if copy && bulk_only {
        return true;
    }
    let machine_readable = words().zip(words().skip(1)).any(|(word, next)| {
        word.eq_ignore_ascii_case("machine") && next.eq_ignore_ascii_case("readable")
    });
    machine_readable && (content || words().any(|word| word.eq_ignore_ascii_case("version")))
}

/// Words that say a number beside them is a score of the readiness assessment.
const SCORE_WORDS: &[&str] = &["score", "scored", "scores", "scoring", "readiness"];

/// Words that name the assessment: a question with one of them may name other things too ("our
/// AI readiness score is 62, what next?"); one without names nothing but the score ("is 48 a
/// good score?"), or its number is a score of something else ("our F1 score is 70").
const ASSESSMENT_WORDS: &[&str] =
    &["assessment", "band", "maturity", "readiness", "selfassessment"];

/// Words that ask about a score without naming anything else: what it means, what it is out
/// of ("what does a score of 48 mean?", "we scored 48 out of 100").
const SCORE_PHRASING: &[&str] = &["mean", "means", "out"];

/// Most words between a score word and the number it names ("a readiness score of 48", "we
/// scored 48", "48 on the readiness check").
const SCORE_NEAR_WORDS: usize = 3;

/// A number of a question that is a score of the readiness assessment.
#[derive(Debug, Clone, Copy)]
struct AssessmentScore {
    /// Where the number begins.
    start: usize,
    /// The band it falls in: an index into `BANDS`.
    band: usize,
    /// Where a second number, the scale the score is out of ("out of 100", "48/100"), begins.
    scale: Option<usize>,
}

/// The assessment score `text` names, if any: a whole number from 0 to 100 within
/// [`SCORE_NEAR_WORDS`] words of a score word (`SCORE_WORDS`: "score", "scored",
/// "readiness"), the first such number, in a question that names the assessment
/// (`ASSESSMENT_WORDS`) or nothing but the score ("what does a score of 48 mean?"). A number
/// elsewhere ("we have 48 dashboards"), a decimal ("a score of 0.8"), one past 100 or a score
/// of something else ("our F1 score is 70, is that good?") is not a score of the assessment,
/// so no other question reads its numbers as bands.
fn assessment_score(text: &str) -> Option<AssessmentScore> {
    // Most questions name no number: the scan is skipped for them.
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    // Each word: its byte range, whether it is a whole number, whether it is a score word.
    let mut words = [(0usize, 0usize, false, false); ANSWER_MAX_WORDS];
    let mut n_words = 0;
    // Whether the question names the assessment, or names anything else besides the score.
    let (mut names_assessment, mut names_other) = (false, false);
    tokenize::for_each_token_with(text, known_stem, |word, stem, span| {
        let number = word.len() <= 3 && word.bytes().all(|b| b.is_ascii_digit());
        let score_word = SCORE_WORDS.contains(&word);
        names_assessment |= ASSESSMENT_WORDS.contains(&word);
        names_other |=
            !number && !score_word && !is_filler(stem) && !SCORE_PHRASING.contains(&word);
        if n_words < words.len() {
            words[n_words] = (span.start, span.end, number, score_word);
            n_words += 1;
        }
    });
    // "Our F1 score is 70": a score of something else.
    if names_other && !names_assessment {
        return None;
    }
    let words = &words[..n_words];
    // "0.8", "1,500": part of a number the tokenizer splits, no score.
    let in_decimal = |start: usize, end: usize| {
        let digit_after = |rest: &str| rest.starts_with(|c: char| c.is_ascii_digit());
        (text[..start].ends_with(['.', ','])
            && text[..start.saturating_sub(1)].ends_with(|c: char| c.is_ascii_digit()))
            || (text[end..].starts_with(['.', ',']) && digit_after(&text[end + 1..]))
    };
    let at = (0..words.len()).find(|&idx| {
        let (start, end, number, _) = words[idx];
        let near =
            idx.saturating_sub(SCORE_NEAR_WORDS)..(idx + SCORE_NEAR_WORDS + 1).min(words.len());
        number && !in_decimal(start, end) && words[near].iter().any(|word| word.3)
    })?;
    let (start, end, _, _) = words[at];
    let value: u32 = text[start..end].parse().ok()?;
    if value > 100 {
        return None;
    }
    let band = BANDS.iter().rposition(|band| u32::from(band.min) <= value)?;
    // "48 out of 100", "48/100": the number after is the scale.
    let scale = words.iter().skip(at + 1).take(2).find(|next| {
        let between = text[end..next.0].trim();
        next.2 && (between == "/" || between.eq_ignore_ascii_case("out of"))
    });
    Some(AssessmentScore { start, band, scale: scale.map(|next| next.0) })
}

/// The stems a band's line names it by: its name, "band", and its first and last scores
/// ("The Building band, a score from 40 to 59: ..."), as the compiler composes the line.
fn band_stems(band: usize) -> Vec<String> {
    let Some(record) = BANDS.get(band) else { return Vec::new() };
    let last = BANDS.get(band + 1).map_or(100, |next| u32::from(next.min).saturating_sub(1));
    let mut stems = Vec::with_capacity(4);
    let line = format!("{} band {} {last}", record.name, record.min);
    for_each_token(&line, |token| stems.push(token.stem));
    stems
}

/// The byte offset of the word right after the first `verb` of `text` (compared without
/// regard to case), if any.
fn word_after(text: &str, verb: &str) -> Option<usize> {
    let mut after_verb = false;
    let mut found = None;
    tokenize::for_each_token_with(text, known_stem, |word, _, span| {
        if after_verb && found.is_none() {
            found = Some(span.start);
        }
        after_verb = word == verb;
    });
    found
}

/// Verbs of making, which before a document the asker must produce say only that it is made.
const MAKING_VERBS: &[&str] = &["build", "create", "draft", "make", "prepare", "put", "write"];

/// The shortest verb that a word one edit from it is read as ("wirte" as "write"): shorter
/// words are too often one edit from another word ("cut" from "cat", "put" from "but").
const TYPED_VERB_MIN_BYTES: usize = 5;

/// Whether `word` is one of `verbs`, or one edit from one of at least
/// [`TYPED_VERB_MIN_BYTES`] bytes ("wirte" for "write", "optimze" for "optimize").
fn is_typed_verb(word: &str, verbs: &[&str]) -> bool {
    verbs.contains(&word)
        || (word.len() >= TYPED_VERB_MIN_BYTES
            && verbs
                .iter()
                .any(|verb| verb.len() >= TYPED_VERB_MIN_BYTES && within_one_edit(word, verb)))
}

/// Documents a question asks how to make, or asks to have made: those that argue for money
/// ("a business case", "a budget proposal") and policies ("write an AI policy", "draft a
/// privacy policy"). A roadmap or plan is not one: the roadmap guide's title says "build".
const DOCUMENT_NOUNS: &[&str] = &["budget", "case", "cases", "policies", "policy", "proposal"];

/// Whether `token` is a verb of making such a document ("build a business case", "put together
/// a budget proposal"), within four words before it: the verb is phrasing, the document what is asked
/// about. Searched, "build" made "how do I build a business case for AI?" quote a TCO guide's
/// "Business cases that stop at the build invoice ..." alone.
fn makes_a_document(text: &str, token: &Token) -> bool {
    if !is_typed_verb(&token.word, MAKING_VERBS) {
        return false;
    }
    let rest = &text[token.start..];
    let clause = rest.split(['.', '?', '!', ';', ':', ',']).next().unwrap_or("");
    clause
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .skip(1)
        .take(4)
        .any(|w| DOCUMENT_NOUNS.iter().any(|d| w.eq_ignore_ascii_case(d)))
}

/// Whether `token` is the "know" or "tell" of "know if", "tell whether" and the like, followed
/// in its clause by a verb of something under way ("is drifting", "are failing"): the question
/// asks how to detect it.
fn asks_detection(text: &str, token: &Token) -> bool {
    if !matches!(token.word.as_str(), "know" | "tell") {
        return false;
    }
    let rest = &text[token.start..];
    let clause = rest.split(['.', '?', '!', ';', ':']).next().unwrap_or("");
    let mut words = clause.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    words.next();
    if !words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("if") || w.eq_ignore_ascii_case("whether"))
    {
        return false;
    }
    let mut after_be = false;
    for word in words {
        if after_be && word.len() > 4 && word.to_ascii_lowercase().ends_with("ing") {
            return true;
        }
        after_be = ["is", "are", "was", "were", "be"].iter().any(|b| word.eq_ignore_ascii_case(b));
    }
    false
}

/// Words for the firm's work that a question of what it gives names ("from an AI strategy
/// engagement", "out of the project").
const WORK_GIVING_WORDS: &[&str] =
    &["engagement", "engagements", "project", "projects", "service", "services", "work"];

/// Whether `text` asks what one gets from a piece of the firm's work ("what do we get from an
/// AI strategy engagement?", "what will we receive out of the project?"): it opens with
/// "what", and a "get" or "receive" is followed in its clause by "from" or "out of" and then,
/// within four words, a word for the work. That is the work's deliverables, the word the
/// services write ("The deliverables of AI strategy work are ...").
fn asks_what_work_gives(text: &str) -> bool {
    // On the stack: the question is cut at `ANSWER_MAX_WORDS` words before it gets here.
    let mut buffer = [""; ANSWER_MAX_WORDS];
    let mut n_words = 0;
    let clause = text.split(['.', '?', '!', ';', ':']).next().unwrap_or("");
    for (slot, word) in buffer
        .iter_mut()
        .zip(clause.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()))
    {
        *slot = word;
        n_words += 1;
    }
    let words = &buffer[..n_words];
    if !words.first().is_some_and(|w| w.eq_ignore_ascii_case("what")) {
        return false;
    }
    let is = |word: &str, of: &str| word.eq_ignore_ascii_case(of);
    words.iter().enumerate().any(|(at, verb)| {
        ["get", "receive"].iter().any(|v| is(verb, v)) && {
            let rest = &words[at + 1..];
            let from = rest.iter().position(|w| is(w, "from")).map(|f| f + 1).or_else(|| {
                rest.windows(2)
                    .position(|pair| is(pair[0], "out") && is(pair[1], "of"))
                    .map(|f| f + 2)
            });
            from.is_some_and(|from| {
                rest[from..]
                    .iter()
                    .take(4)
                    .any(|w| WORK_GIVING_WORDS.iter().any(|work| is(w, work)))
            })
        }
    })
}

static DELIVERABLES_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("deliverables", |token| stem = token.stem);
    stem
});

/// The stem of "reduce", which a verb of improving that is phrasing is read as
/// ([`improving_phrasing`]).
static REDUCE_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("reduce", |token| stem = token.stem);
    stem
});

/// Words of the asker doing something itself: read as the guides' "in-house".
const OURSELVES_WORDS: &[&str] = &["ourselves", "ourself"];

/// The stem "in-house" is searched as: the tokenizer drops "in", a stop word.
static IN_HOUSE_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("house", |token| stem = token.stem);
    stem
});

static DETECT_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("detect", |token| stem = token.stem);
    stem
});

/// Words for where the asker works ("in our company", "at my organisation").
const OWN_SETTING_WORDS: &[&str] =
    &["business", "company", "firm", "organisation", "organization", "workplace"];

/// Whether `token` is a number right before the word it counts ("forecast demand for 40
/// stores", "we have 48 dashboards", "40% of stores"): how many of something the asker has is
/// phrasing, not what is asked, and weighs as a filler. Searched at full weight, the rare
/// "40" opened "how do i forecast demand for 40 stores" on a case study's "After two months,
/// 40% of stores followed its rosters; ...". A number that names (after its word, "error
/// 429", "ISO 27001", or alone), ends a range or opens the question is searched as written.
fn counted_quantity(text: &str, token: &Token) -> bool {
    // "50k visitors", "2m rows": a magnitude's letter after the digits counts as they do.
    if !is_count(&token.word) {
        return false;
    }
    let rest = text.get(token.end..).unwrap_or_default();
    let rest = rest.strip_prefix('%').unwrap_or(rest);
    let next = rest.strip_prefix(' ').unwrap_or_default();
    let word_end = next.find(|c: char| !c.is_alphabetic()).unwrap_or(next.len());
    let next = &next[..word_end];
    // A range's end ("8 to 14 weeks") is a figure asked about, as is a number that opens the
    // question ("300 requests a minute").
    let before = text.get(..token.start).unwrap_or_default();
    let ends_range = before.split_whitespace().next_back().is_some_and(|word| {
        ["to", "and", "or"].iter().any(|range| range.eq_ignore_ascii_case(word))
    });
    let opens = !before.chars().any(char::is_alphabetic);
    !next.is_empty()
        && !STOP_WORDS.iter().any(|stop| stop.eq_ignore_ascii_case(next))
        && !ends_range
        && !opens
}

/// Words between a verb of price and whoever pays it ("cost a small council", "cost the
/// business").
const PAYER_LEAD_WORDS: &[&str] =
    &["a", "an", "the", "small", "smaller", "large", "big", "local", "typical", "medium"];

/// Words for an organisation that pays, beside the sectors' words ([`names_sector`]).
const PAYER_WORDS: &[&str] = &[
    "business",
    "businesses",
    "charity",
    "company",
    "council",
    "councils",
    "firm",
    "organisation",
    "organization",
    "sme",
    "startup",
    "startups",
];

/// Whether `token` names who pays in a price question ("how much would a data platform cost a
/// council", "what would it cost a startup"): an organisation after "cost" or "costs" and an
/// article (a size word may come between). Whom it costs is phrasing, and weighs as a filler:
/// read as the public sector's name or searched at full weight, the payer outweighed what
/// is priced ("... cost a council" quoted a model choice guide's "Public leaderboards ...", "...
/// cost a startup" was "not covered"), where "how much does a data platform cost" quotes the
/// cost guide's "a first platform ... typically costs £1,000 to £3,000 a month".
fn cost_payer(text: &str, token: &Token) -> bool {
    // "Cost a small council": the size of who pays is phrasing too ("small" found the minimum
    // viable platform guide's "... a good use of a small team").
    let sized_payer = PAYER_LEAD_WORDS.contains(&token.word.as_str())
        && word_from(text, token.end).is_some_and(|next| payer_word(&next.to_lowercase()));
    if !(payer_word(&token.word) || sized_payer) {
        return false;
    }
    let mut start = token.start;
    let mut led = false;
    for _ in 0..PAYER_LEAD_WORDS.len() {
        let Some(before) = word_before(text, start) else { return false };
        let lower = before.to_ascii_lowercase();
        if matches!(lower.as_str(), "cost" | "costs") {
            return led;
        }
        if !PAYER_LEAD_WORDS.contains(&lower.as_str()) {
            return false;
        }
        led |= matches!(lower.as_str(), "a" | "an" | "the");
        start = text.get(..start).and_then(|head| head.rfind(before)).unwrap_or_default();
    }
    false
}

/// Verbs of keeping something from happening, said in a question of how to.
const PREVENTION_VERBS: &[&str] = &["avoid", "prevent", "stop"];

/// Whether `token` is a verb of prevention ([`PREVENTION_VERBS`]) in a question opening "how"
/// with a word after it ("how do we stop stock-outs", "how can we prevent overstocking"): what
/// is to be stopped is what the question asks about, and the verb how it asks. Searched, the
/// verb outweighed the problem: "how do we stop stock-outs" quoted a funnel guide's "...
/// (item in stock, ...) stops the funnel being blamed ...", "how do we prevent stock-outs" a
/// monitoring guide's "losses prevented, stock-outs" (fifty-sixth pass).
fn prevention_verb(text: &str, token: &Token) -> bool {
    PREVENTION_VERBS.contains(&token.word.as_str())
        && text.split_whitespace().next().is_some_and(|first| first.eq_ignore_ascii_case("how"))
        && text.get(token.end..).is_some_and(|rest| rest.chars().any(char::is_alphabetic))
}

/// Words before "council" or "councils" that name another council than a local one (the
/// unions guide's works council, a data governance council): never a kind of client.
const OTHER_COUNCIL_WORDS: &[&str] = &["works", "data", "governance"];

/// The most words a kind of client may say before its sector's word ("high street
/// retailers").
const SECTOR_QUALIFIER_WORDS: usize = 3;

/// Whether `token` qualifies a sector's word that follows it, with only such words between
/// ("county councils", "high street retailers", "private hospitals", "retail banks"): asked
/// whether the firm works with them, the kind of client is the sector, as the sector's word
/// alone is, and the qualifier is phrasing. Searched, a qualifier no industry page writes
/// ("county", "private") left "do you work with county councils" "not covered", where "do you
/// work with councils" opens on the public sector page (fifty-sixth pass). A kind the
/// sector's page writes as typed is searched as written ("We work with local councils ...").
fn qualifies_sector(text: &str, token: &Token) -> bool {
    if sector_industry(&token.word).is_some()
        || OTHER_COUNCIL_WORDS.contains(&token.word.as_str())
        || is_filler(&token.stem)
    {
        return false;
    }
    let after = text.get(token.end..).unwrap_or_default();
    // Only spaces between the words: a comma or "and" ends the kind of client.
    let mut rest = after;
    for _ in 0..SECTOR_QUALIFIER_WORDS {
        let Some(next) = rest.strip_prefix(' ') else {
            return false;
        };
        let end = next.find(|c: char| !c.is_alphanumeric() && c != '-').unwrap_or(next.len());
        let word = next[..end].to_lowercase();
        if word.is_empty() || STOP_WORDS.contains(&word.as_str()) {
            return false;
        }
        if sector_industry(&word).is_some() || intent::names_sector_clients(&word) {
            // "local councils": a kind of client the sector's page writes is its own words.
            let industry = sector_industry(&word);
            let said_to = text.len() - (next.len() - end);
            let kind = text.get(token.start..said_to).unwrap_or_default();
            return !ANSWER_PASSAGES.iter().any(|passage| {
                industry.is_none_or(|item| passage.item == item)
                    && writes_phrase(passage.text, kind)
            });
        }
        rest = &next[end..];
    }
    false
}

/// Whether `word` (lowercased) names an organisation that may pay: [`PAYER_WORDS`] or a sector's
/// word ([`names_sector`]).
fn payer_word(word: &str) -> bool {
    PAYER_WORDS.contains(&word)
        || intent::names_sector_clients(word)
        || sector_industry(word).is_some()
        || INDUSTRY_NAME_WORDS.iter().any(|name| name == word)
}

/// Whether `token` says where the asker works ("we want to use ChatGPT in our company"): after
/// "our" or "my" such a word is the setting of the question, not what it asks about, and is
/// phrasing. Searched in full, "company" quoted "Ungrounded question answering over company
/// facts is not a viable design." and a guide's "a company earning millions".
fn own_setting(text: &str, token: &Token) -> bool {
    OWN_SETTING_WORDS.contains(&token.word.as_str()) && after_own(text, token)
}

/// Whether `token` is the "side" of "from our side" in a question of what the firm needs of
/// its client (`Intent::asks_unsearchable` with a reference to the firm): "what do you need
/// from our side?" asks what "what do you need from us?" asks, which no record states.
/// Searched, "side" quoted a pricing guide's "Inject those server-side, where they cannot be
/// tampered with." Elsewhere "our side" is searched ("how do we prepare on our side for a
/// migration?" finds the platform service's "run old and new side by side").
fn own_side(text: &str, token: &Token, intent: &intent::Intent) -> bool {
    token.word == "side"
        && intent.asks_unsearchable
        && intent.refers_to_company
        && after_own(text, token)
}

/// Whether `token` ("comes") stands between "what" and "after" in a question that names the
/// assessment (`ASSESSMENT_WORDS`): "what comes after the readiness assessment?".
fn asks_what_follows_assessment(text: &str, token: &Token) -> bool {
    let previous =
        text[..token.start].rsplit(|c: char| !c.is_alphanumeric()).find(|word| !word.is_empty());
    let next = text[token.start..]
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .nth(1);
    if !previous.is_some_and(|word| word.eq_ignore_ascii_case("what"))
        || !next.is_some_and(|word| word.eq_ignore_ascii_case("after"))
    {
        return false;
    }
    names_assessment(text)
}

/// Whether `text` names the assessment (`ASSESSMENT_WORDS`).
fn names_assessment(text: &str) -> bool {
    let mut names_assessment = false;
    tokenize::for_each_token_with(text, known_stem, |word, _, _| {
        names_assessment |= ASSESSMENT_WORDS.contains(&word);
    });
    names_assessment
}

/// Whether `token` is "happen" or "happens" right before "to my" or "to our", in a question
/// that names the assessment ("what happens to my answers in the assessment?").
fn happens_to_own_in_assessment(text: &str, token: &Token) -> bool {
    if !matches!(token.word.as_str(), "happen" | "happens") {
        return false;
    }
    let mut next = text[token.start..]
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .skip(1);
    next.next().is_some_and(|word| word.eq_ignore_ascii_case("to"))
        && next
            .next()
            .is_some_and(|word| word.eq_ignore_ascii_case("my") || word.eq_ignore_ascii_case("our"))
        && names_assessment(text)
}

/// Verbs of keeping something, which of the asker's own data in the assessment ask what
/// "stored" asks ("is my data kept after the assessment?", "does the assessment save my
/// answers?"): the assessment's record writes "stored", and searched as written "kept" found
/// a retention guide's "... should be kept no longer than necessary ...".
const KEEPING_VERBS: &[&str] = &[
    "hold", "holds", "held", "keep", "keeps", "kept", "retain", "retains", "retained", "save",
    "saves", "saved",
];

/// Whether `token` is a verb of keeping ([`KEEPING_VERBS`]) in a question that names the
/// assessment and the asker's own ("my", "our"): read as "stored".
fn keeps_own_in_assessment(text: &str, token: &Token) -> bool {
    KEEPING_VERBS.contains(&token.word.as_str())
        && text
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| OWN_WORDS.iter().any(|own| word.eq_ignore_ascii_case(own)))
        && names_assessment(text)
}

/// Words that say where or when the asker's data would be kept, beside a verb of keeping it in
/// the assessment ("are my answers held anywhere after the assessment?", "is my data saved
/// after I finish the assessment?"): the record answers whether it is kept at all, so they are
/// phrasing. Searched, "anywhere" left the question "not covered" and "finish" found a case
/// study's "... built on premises twelve years earlier ...".
const KEEPING_CIRCUMSTANCE_WORDS: &[&str] = &[
    "anywhere",
    "somewhere",
    "finish",
    "finished",
    "complete",
    "completed",
    "submit",
    "submitted",
    "done",
];

/// Whether `token` is a word of where or when ([`KEEPING_CIRCUMSTANCE_WORDS`]) in a question
/// that keeps or stores the asker's own data in the assessment.
fn keeping_circumstance(text: &str, token: &Token) -> bool {
    let keeps = |word: &str| {
        KEEPING_VERBS.iter().chain(STORING_WORDS).any(|verb| word.eq_ignore_ascii_case(verb))
    };
    KEEPING_CIRCUMSTANCE_WORDS.contains(&token.word.as_str())
        && text.split(|c: char| !c.is_alphanumeric()).any(keeps)
        && text
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| OWN_WORDS.iter().any(|own| word.eq_ignore_ascii_case(own)))
        && names_assessment(text)
}

/// Whether `token` is a word of when (`intent::is_past_work_word`) right before a word of the
/// firm's case studies ("past projects", "previous clients") or one of them ("a past
/// project"), in a question of them.
fn past_work(text: &str, token: &Token) -> bool {
    intent::is_past_work_word(&token.word)
        && word_from(text, token.end).is_some_and(|next| {
            let next = next.to_ascii_lowercase();
            intent::names_case_studies(&next) || intent::is_past_work_noun(&next)
        })
}

/// Whether `token` is a noun of one piece of work right after a word of when ("a past
/// project", "a previous client"): one of the case studies (`intent::is_past_work_noun`).
fn past_work_noun(text: &str, token: &Token) -> bool {
    intent::is_past_work_noun(&token.word)
        && word_before(text, token.start)
            .is_some_and(|prev| intent::is_past_work_word(&prev.to_ascii_lowercase()))
}

/// Whether `token` is phrasing of a question whether the assessment is free: the "self" of its
/// name ("self-assessment", "self assessment"), or a verb of price right before "anything" or
/// "nothing" ("pay anything"), or "pay for". ("What is the difference between the
/// self-assessment and the facilitated one?" searches "self".)
fn assessment_phrasing(text: &str, token: &Token, intent: &intent::Intent) -> bool {
    let next = word_from(text, token.end).map(str::to_ascii_lowercase);
    let next_is = |words: &[&str]| next.as_deref().is_some_and(|next| words.contains(&next));
    // "Does the self assessment cost money?": "money" after the verb of price is phrasing as
    // "anything" is; searched, it left the description first.
    let written = text.get(token.start..token.end).map(str::to_ascii_lowercase);
    let after_price = word_before(text, token.start)
        .zip(written)
        .is_some_and(|(prev, word)| intent::asks_nothing_paid(&prev.to_ascii_lowercase(), &word));
    intent.asks_free
        && ((token.word == "self" && next_is(&["assessment", "assessments"]))
            || after_price
            || next.as_deref().is_some_and(|next| {
                intent::asks_nothing_paid(&token.word, next) || intent::pays_for(&token.word, next)
            }))
}

/// Verbs of cancelling, as the asker says them ("how do I cancel?"). Not "cancellations" or
/// "cancelled": "how do we reduce cancellations?" asks what the hospital case study did.
const CANCEL_WORDS: &[&str] = &["cancel", "unsubscribe"];

/// What a question of cancelling may name and still ask nothing a page answers: the firm's
/// own dealings with the asker ("my subscription", "the call", "our engagement").
const CANCELLED_THINGS: &[&str] = &[
    "account",
    "booking",
    "call",
    "consultation",
    "contract",
    "engagement",
    "meeting",
    "membership",
    "order",
    "plan",
    "policy",
    "subscription",
    "subscriptions",
];

/// Whether `text` holds `word` (ASCII, lowercase) anywhere, ignoring case.
fn says_ignoring_case(text: &str, word: &str) -> bool {
    text.as_bytes().windows(word.len()).any(|window| window.eq_ignore_ascii_case(word.as_bytes()))
}

/// The word asked for one of several ("an example of a past project"): in a question of the
/// case studies that names nothing else, what the list of them gives.
const EXAMPLE_WORD: &str = "example";

/// The record's own verb, which a question of keeping may say as written ("is my data stored
/// anywhere after the assessment?").
const STORING_WORDS: &[&str] = &["store", "stores", "stored"];

/// Words of degree that, after "too", complain of an amount without naming what it is ("our
/// LLM costs are too high", "our cloud bill is too expensive"). Not words of size: "our data
/// team is too big" is answered by "How big it should grow ...", and "our data is too big for
/// Excel" by a guide on outgrowing spreadsheets.
const COMPLAINT_DEGREE_WORDS: &[&str] = &["expensive", "high", "steep"];

/// Whether `token` is "too" before a word of degree ([`COMPLAINT_DEGREE_WORDS`]), or that word
/// after "too": how the asker feels about the subject, not the subject. Searched, "high" found
/// the human-review guide's "High cost of error: ..." for "our LLM costs are too high" and an
/// uncertainty guide's "... treat the high case as upside." for "our AI spend is too high".
fn degree_complaint(text: &str, token: &Token) -> bool {
    let is_degree =
        |word: &str| COMPLAINT_DEGREE_WORDS.iter().any(|d| word.eq_ignore_ascii_case(d));
    if token.word == "too" {
        return text[token.end..]
            .split(|c: char| !c.is_alphanumeric())
            .find(|word| !word.is_empty())
            .is_some_and(is_degree);
    }
    is_degree(&token.word)
        && text[..token.start]
            .rsplit(|c: char| !c.is_alphanumeric())
            .find(|word| !word.is_empty())
            .is_some_and(|word| word.eq_ignore_ascii_case("too"))
}

/// Whether `token` is the asker's own thing right after "my" or "our" in a question that names
/// the assessment ("is my data stored when I take the assessment?"), itself no word of the
/// assessment or its score and not one before such a word: "score my AI readiness" asks for
/// the assessment, not about "AI".
fn own_in_assessment(text: &str, token: &Token) -> bool {
    let is_assessment_word = |word: &str| {
        let word = word.to_ascii_lowercase();
        ASSESSMENT_WORDS.contains(&word.as_str()) || SCORE_WORDS.contains(&word.as_str())
    };
    let next = text[token.end..].split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty());
    after_own(text, token)
        && !is_assessment_word(&token.word)
        && !next.is_some_and(is_assessment_word)
        && names_assessment(text)
}

/// Whether `token` follows "happen to my", "happens to our" and the like: the asker's own
/// thing whose fate is asked ("what happens to my data?").
fn happened_to_own(text: &str, token: &Token) -> bool {
    let mut words =
        text[..token.start].rsplit(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty());
    let own = words
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("my") || word.eq_ignore_ascii_case("our"));
    own && words.next().is_some_and(|word| word.eq_ignore_ascii_case("to"))
        && words.next().is_some_and(|word| {
            word.eq_ignore_ascii_case("happen") || word.eq_ignore_ascii_case("happens")
        })
}

/// How many words before "costs" its "our" or "my" may stand ("our data warehouse costs"), as
/// `intent::detect` reads the asker's own spending.
const OWN_COSTS_REACH: usize = 3;

/// Whether `token` is the "costs" of the asker's own spending ("our model costs", "my cloud
/// costs"): "our" or "my" a few words before it, with no word of the firm's work between
/// ("our project costs" asks the firm's price). Such costs are what is asked about, not a
/// company word of the prices topic: as phrasing, "can you help us optimise our model costs?"
/// searched "model" alone and quoted an uncertainty guide's "Classification and scoring models
/// raise a different version of the problem."
fn asker_costs(text: &str, token: &Token) -> bool {
    if token.word != "costs" {
        return false;
    }
    for word in text[..token.start]
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(OWN_COSTS_REACH)
    {
        let word = word.to_ascii_lowercase();
        if word == "our" || word == "my" {
            return true;
        }
        if intent::is_offering_word(&word) {
            return false;
        }
    }
    false
}

/// Whether the word before `token` is "our" or "my".
fn after_own(text: &str, token: &Token) -> bool {
    let previous =
        text[..token.start].rsplit(|c: char| !c.is_alphanumeric()).find(|word| !word.is_empty());
    previous.is_some_and(|word| word.eq_ignore_ascii_case("our") || word.eq_ignore_ascii_case("my"))
}

/// Verbs of making something smaller that say what is wanted of a subject, not what the
/// subject is ("lower our inference costs", "cut our cloud costs"). "Improve" and "reduce" are
/// fillers of every question (`model::ANSWER_FILLER_WORDS`); these are phrasing only as verbs,
/// before what they act on ([`OBJECT_OPENERS`]), as "a lower bound" and "lower repeat rates"
/// are not.
const IMPROVING_VERBS: &[&str] = &["cut", "cutting", "lower", "lowering"];

/// "Optimise" as a verb, read through one typed edit as well ("optimze"); "optimal" and
/// "optimisation" are more than one edit away, and name subjects of their own.
const OPTIMISING_VERBS: &[&str] = &["optimise", "optimising", "optimize", "optimizing"];

/// Verbs that take "down" to say the same ("bring our costs down", "get the bill down").
const DOWN_VERBS: &[&str] = &["bring", "bringing", "get", "getting", "keep", "cut", "cutting"];

/// Words that open what a verb acts on: after one, "lower" and "cut" are verbs ("lower our
/// costs") where "a lower bound" and "lower repeat rates" are not.
const OBJECT_OPENERS: &[&str] =
    &["a", "an", "down", "its", "my", "our", "the", "their", "these", "this", "those", "your"];

/// How many words a "down" may follow its verb by ("bring our warehouse costs down").
const DOWN_REACH: usize = 5;

/// Whether `token` is a verb of improving ([`IMPROVING_VERBS`]) before what it acts on, or the
/// verb or the "down" of "bring ... down" ([`DOWN_VERBS`]): phrasing, as "reduce" is. Searched,
/// "optimise" found an experiment guide's "optimising a proxy wears it out" and a use-case
/// guide's "prediction and optimisation" for "can you help us optimise our model costs?", and
/// "bring" the retail page's "the questions retailers most often bring to us".
fn improving_phrasing(text: &str, token: &Token) -> bool {
    let word = token.word.as_str();
    let clause_after = text[token.end..].split(['.', '?', '!', ';', ':', ',']).next().unwrap_or("");
    let mut after = clause_after.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    if word == "down" {
        let clause_before = text[..token.start].rsplit(['.', '?', '!', ';', ':', ',']).next();
        return clause_before
            .unwrap_or("")
            .rsplit(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(DOWN_REACH)
            .any(|w| DOWN_VERBS.iter().any(|v| w.eq_ignore_ascii_case(v)));
    }
    if DOWN_VERBS.contains(&word)
        && clause_after
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(DOWN_REACH)
            .any(|w| w.eq_ignore_ascii_case("down"))
    {
        return true;
    }
    let Some(next) = after.next() else { return false };
    is_typed_verb(word, OPTIMISING_VERBS)
        || (IMPROVING_VERBS.contains(&word)
            && OBJECT_OPENERS.iter().any(|o| next.eq_ignore_ascii_case(o)))
}

/// Words of what is spent, which a verb of improving makes smaller ([`improves_a_cost`]).
const SPENDING_WORDS: &[&str] = &["bill", "bills", "cost", "costs", "spend", "spending"];

/// Whether a word of spending ([`SPENDING_WORDS`]) follows the verb `token` in its clause,
/// within [`DOWN_REACH`] words ("optimise our model costs", "bring our warehouse bill down"):
/// the verb then asks what "reduce" does, the word the guides write ("... reduce both the
/// latency and the running costs ..."). Of anything else ("optimise our warehouse queries")
/// it asks more than that, and is read as nothing.
fn improves_a_cost(text: &str, token: &Token) -> bool {
    text.get(token.end..)
        .unwrap_or_default()
        .split(['.', '?', '!', ';', ':', ','])
        .next()
        .unwrap_or_default()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(DOWN_REACH)
        .any(|w| SPENDING_WORDS.iter().any(|s| w.eq_ignore_ascii_case(s)))
}

/// Verbs of making more, which say what is wanted of adoption ([`increases_adoption`]).
const INCREASING_VERBS: &[&str] =
    &["boost", "boosting", "drive", "driving", "increase", "increasing", "raise", "raising"];

/// Words of a thing being taken up by its users, which a verb of making more acts on.
const ADOPTION_WORDS: &[&str] = &["adoption", "uptake", "usage"];

/// Whether `token` is a verb of making more ([`INCREASING_VERBS`]) with a word of adoption
/// ([`ADOPTION_WORDS`]) after it in its clause, within [`DOWN_REACH`] words ("drive adoption
/// of ...", "increase AI tool uptake"): phrasing, as a verb of improving said of a cost is.
/// Of anything else ("drive access policies", "increase the sample size") it is searched.
fn increases_adoption(text: &str, token: &Token) -> bool {
    INCREASING_VERBS.contains(&token.word.as_str())
        && text
            .get(token.end..)
            .unwrap_or_default()
            .split(['.', '?', '!', ';', ':', ','])
            .next()
            .unwrap_or_default()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(DOWN_REACH)
            .any(|w| ADOPTION_WORDS.iter().any(|a| w.eq_ignore_ascii_case(a)))
}

/// Whether `token` is the "control" of "under control" or "out of control", or the "board" of
/// "on board": an idiom of how things stand, which says what is wanted of the subject but not
/// what the subject is. Searched, "how do we get our data quality under control?" quoted the
/// governance service's "Hardening, access controls, monitoring of quality and cost, ...",
/// access controls being another thing, and "how do I get managers on board with ai?" opened
/// on the guide to a board's questions about AI strategy, not the one on winning managers
/// over. "On board" is the idiom only where the question or its clause ends or a stop word
/// follows ("... on board with AI"); "on board papers" names the board.
fn state_idiom(text: &str, token: &Token) -> bool {
    if token.word == "board" {
        let after = text.get(token.end..).unwrap_or("").trim_start();
        let on_before = text[..token.start]
            .rsplit(|c: char| !c.is_alphanumeric())
            .find(|word| !word.is_empty())
            .is_some_and(|word| word.eq_ignore_ascii_case("on"));
        let next = after.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
        let clause_ends = !after.starts_with(char::is_alphanumeric);
        return on_before
            && (clause_ends || STOP_WORDS.iter().any(|stop| stop.eq_ignore_ascii_case(next)));
    }
    if token.word != "control" {
        return false;
    }
    let mut before =
        text[..token.start].rsplit(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    match before.next() {
        Some(word) if word.eq_ignore_ascii_case("under") => true,
        Some(word) if word.eq_ignore_ascii_case("of") => {
            before.next().is_some_and(|word| word.eq_ignore_ascii_case("out"))
        }
        _ => false,
    }
}

/// Words for a piece of the firm's work, which a question of how long it takes does not
/// search for: the question is then of the firm's services.
const ENGAGEMENT_WORDS: &[&str] = &["engagement", "engagements", "project", "projects"];

/// Whether `token` names the firm's work in a question of starting it ("how do we start an
/// engagement with you?", "how can we begin a project with you?"): starting it is starting
/// work with the firm, which the contact record says how to do, so the word is phrasing. It
/// found the services' "A typical engagement lasts six to eight weeks". "Engagement" is the
/// firm's word; "project" is its work only with a reference to the firm ("how do we start a
/// project?" is searched).
fn starts_firm_work(token: &Token, intent: &intent::Intent) -> bool {
    let word = token.word.as_str();
    intent.asks_to_start
        && !intent.generic_you
        && (matches!(word, "engagement" | "engagements")
            || (intent.refers_to_company && matches!(word, "project" | "projects")))
}

/// Verbs a question that asks for a duration ends on ("how long do your projects usually
/// last?"): phrasing there, where searched for, "last" found "the last 12 months".
const DURATION_VERBS: &[&str] = &["last", "lasts", "lasted"];

/// Words that, in a question that asks for a duration, ask for the usual one ("how long is a
/// typical engagement?", "typical project length"): phrasing, not what the duration is of.
const DURATION_QUALIFIERS: &[&str] =
    &["average", "generally", "normally", "typical", "typically", "usual", "usually"];

/// Verbs of choosing, read as one another at a filler's weight (a noun, "feature selection",
/// is searched as written).
const CHOICE_VERBS: &[&str] = &[
    "choose",
    "chooses",
    "choosing",
    "chose",
    "pick",
    "picks",
    "picking",
    "select",
    "selects",
    "selecting",
];

/// The stems the guides write choosing with.
static CHOICE_STEMS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut stems = Vec::new();
    for_each_token("choose pick select", |token| stems.push(token.stem));
    stems
});

/// The stem of "happens": what "comes" after "what" is read as.
static HAPPEN_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("happens", |token| stem = token.stem);
    stem
});

/// The stem of "stored": what "happens" to the asker's answers is read as, of the assessment.
static STORE_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("stored", |token| stem = token.stem);
    stem
});

/// The stem of "engagement", the services' word for the firm's work.
static ENGAGEMENT_STEM: LazyLock<String> = LazyLock::new(|| {
    let mut stem = String::new();
    for_each_token("engagement", |token| stem = token.stem);
    stem
});

/// Whether `token` is a word of `text` that asks for a duration ("long" after "how",
/// "timeline"; `intent::DurationWords`): the two words before it decide. Called only for a
/// question that asks one, so a duration verb counts wherever it is, and so does "length"
/// when it asks of the firm's work (`length_of_work`: "typical project length").
fn duration_phrasing(text: &str, token: &Token, length_of_work: bool) -> bool {
    if DURATION_VERBS.contains(&token.word.as_str())
        || DURATION_QUALIFIERS.contains(&token.word.as_str())
        || (length_of_work && matches!(token.word.as_str(), "length" | "lengths"))
    {
        return true;
    }
    let mut words = text[..token.start]
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '\u{2019}'))
        .filter(|word| !word.is_empty());
    let previous = words.next().unwrap_or("");
    let before = words.next().unwrap_or("");
    // "How long does the self-assessment take to complete?" asks how long it takes: searched,
    // "complete" found the data area's advice ("profile them for completeness ...").
    if matches!(token.word.as_str(), "complete" | "finish")
        && previous.eq_ignore_ascii_case("to")
        && (before.eq_ignore_ascii_case("take") || before.eq_ignore_ascii_case("takes"))
    {
        return true;
    }
    let mut reader = intent::DurationWords::default();
    reader.read(before);
    reader.read(previous);
    reader.read(&token.word)
}

/// The words of the industries' names ("healthcare", "retail", "financial", "logistics",
/// ...), but company words ("services", "sector"). Words, not stems: "logistic regression"
/// shares a stem with "logistics" and is no sector.
static INDUSTRY_NAME_WORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut words = Vec::new();
    for item in ANSWER_ITEMS.iter().filter(|item| item.kind == SourceKind::Industry) {
        for_each_token(item.title, |token| {
            if !intent::is_company_word(&token.word) && !words.contains(&token.word) {
                words.push(token.word);
            }
        });
    }
    words
});

/// The industry item whose page lists `word` (lowercase, as written) among its
/// `sector_words` ("banking" → Financial Services).
fn sector_industry(word: &str) -> Option<u16> {
    let at = ANSWER_SECTOR_WORDS.binary_search_by(|(entry, _)| entry.cmp(&word)).ok()?;
    Some(ANSWER_SECTOR_WORDS[at].1)
}

/// Words of a startup's stage, said before "startup": "seed", "pre-seed", "early-stage".
const STARTUP_STAGE_WORDS: &[&str] = &["early", "pre", "seed", "stage"];

/// Whether `token` is a word of a startup's stage ([`STARTUP_STAGE_WORDS`]) with nothing but
/// such words between it and "startup" or "startups". Said of the asker's organisation, the
/// stage is its size, as "small" is ("we're a small startup"): searched, "seed" and "stage"
/// ("stage gates") left "were a seed stage startup, where do we start" and "we are an
/// early-stage startup, how do we start with ai" "not covered", where "were a small startup
/// where do we start" quotes the firm's statement that it works with startups.
fn startup_stage(text: &str, token: &Token) -> bool {
    if !STARTUP_STAGE_WORDS.contains(&token.word.as_str()) {
        return false;
    }
    let after = text.get(token.end..).unwrap_or_default();
    for word in after.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()) {
        let word = word.to_lowercase();
        if matches!(word.as_str(), "startup" | "startups") {
            return true;
        }
        if !STARTUP_STAGE_WORDS.contains(&word.as_str()) {
            return false;
        }
    }
    false
}

/// The industry whose everyday word `token` is, when the asker says it of its own ("our
/// shops", "in our factory", or counted, "we have 60 shops") and the industry's page never
/// writes it: the asker's shops are a retailer's, which the retail page writes as "stores" and
/// "retailers". Searched as written, "shop" found the manufacturing page's "shop floor" and
/// left "we have 60 shops, how do we use our sales figures" "not covered", where "... 60
/// stores ..." quotes the retail page; "in our factory" made "we have sensors on 300 machines
/// ..., can we predict failures" "not covered" too. A word the page writes ("our hospitals")
/// is searched as written.
fn own_sector(text: &str, token: &Token) -> Option<u16> {
    let industry = sector_industry(&token.word)?;
    let said_of_own =
        after_own(text, token) || word_before(text, token.start).is_some_and(is_count);
    if !said_of_own {
        return None;
    }
    let singular = token.word.strip_suffix('s').unwrap_or(&token.word);
    let plural = format!("{singular}s");
    let written = ANSWER_PASSAGES.iter().any(|passage| {
        passage.item == industry
            && (writes_phrase(passage.text, singular) || writes_phrase(passage.text, &plural))
    });
    (!written).then_some(industry)
}

/// Whether `word` is a count: digits, or digits with a magnitude's letter ("50k", "2m").
fn is_count(word: &str) -> bool {
    let digits = word.strip_suffix(['k', 'K', 'm', 'M']).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `token` is a council that is a client: "council" or "councils" not after "works",
/// "data" or "governance". The library writes three councils: the local councils of the
/// public sector page (a `sector_words` entry), a works council in the unions guide and a
/// data governance council. Asked of "a council" alone, the word is the local authority, which
/// the question reads as the sector's name, as a question to the firm of its clients does:
/// searched as written, "how long would a data platform build take for a council" and "we
/// are a council, can you help with our data" quoted the unions guide's "works councils may
/// have co-determination rights ...".
fn local_council(text: &str, token: &Token) -> bool {
    matches!(token.word.as_str(), "council" | "councils")
        && !word_before(text, token.start).is_some_and(|before| {
            OTHER_COUNCIL_WORDS.iter().any(|word| before.eq_ignore_ascii_case(word))
        })
}

/// The stems of an industry's name but those of company words: "financi" for Financial
/// Services, "logist" and "transport" for Logistics and Transport.
fn industry_name_stems(item: u16) -> Vec<String> {
    let mut stems = Vec::with_capacity(2);
    if let Some(industry) = ANSWER_ITEMS.get(usize::from(item)) {
        for_each_token(industry.title, |token| {
            if !intent::is_company_word(&token.word) && !stems.contains(&token.stem) {
                stems.push(token.stem);
            }
        });
    }
    stems
}

/// Whether `token` names a sector: by its clients ("hospitals", "the NHS"), by a word an
/// industry page lists for its sector ("banking", "insurance"), or by a word of an industry's
/// name ("healthcare", "retail"), which is not a company word.
fn names_sector(token: &Token) -> bool {
    intent::names_sector_clients(&token.word)
        || sector_industry(&token.word).is_some()
        || INDUSTRY_NAME_WORDS.contains(&token.word)
}

/// Adds the words of the latest earlier turn that has any (fillers aside), at the carried
/// weight; returns the company topic that turn named, if any, and whether it named anything
/// besides company words ([`Query::carried_content`]).
fn carry(builder: &mut Builder, prev: &[&str]) -> (Option<CompanyTopic>, bool) {
    for turn in prev.iter().rev().take(ANSWER_MAX_PREV_TURNS) {
        let turn = first_words(turn, ANSWER_MAX_WORDS);
        let mut carried = 0;
        let mut content = false;
        for_each_token(turn, |token| {
            if is_contracted_stop_word(turn, &token) {
                return;
            }
            let company_word = intent::is_company_word(&token.word);
            let in_name = joined_by_dot(turn, &token);
            for_each_meant_stem(&token.word, token.stem, in_name, |stem| {
                if !is_filler(&stem) {
                    builder.add(stem, WEIGHT_CARRIED, true);
                    carried += 1;
                    content |= !company_word;
                }
            });
        });
        if carried > 0 {
            return (intent::detect(turn).topic, content);
        }
    }
    (None, false)
}

#[cfg(test)]
mod tests {
    use crate::answer::query::{phone_slip, unwritten_synonym_phrases, within_one_edit};

    /// "speed up" is read as `slow` within a sentence, and not across its end: "We want more
    /// speed. Up to now ..." was read as asking about slowness.
    #[test]
    fn a_synonym_phrase_stops_at_a_sentence_end() {
        let targets = |text: &str| -> Vec<&str> {
            unwritten_synonym_phrases(text, usize::MAX).iter().map(|p| p.target).collect()
        };
        assert_eq!(targets("how do I speed up my dashboard"), ["slow"]);
        for text in [
            "We want more speed. Up to now our models ship yearly",
            "we want more speed. up to now our models ship yearly",
            "more speed? Up next: the models",
            "more speed; up to now the models ship yearly",
        ] {
            assert_eq!(targets(text), Vec::<&str>::new(), "{text}");
        }
        // An abbreviation's full stop ends nothing.
        assert_eq!(targets("how do I speed up e.g. my dashboard"), ["slow"]);
    }

    #[test]
    fn one_edit_is_one_insertion_deletion_substitution_or_swap() {
        for (a, b) in [
            ("wat", "what"),
            ("wht", "what"),
            ("hw", "how"),
            ("hwo", "how"),
            ("whta", "what"),
            ("whot", "what"),
            ("how", "how"),
        ] {
            assert!(within_one_edit(a, b), "{a} {b}");
        }
        for (a, b) in
            [("wa", "what"), ("ohw", "who"), ("data", "what"), ("", "how"), ("hows", "who")]
        {
            assert!(!within_one_edit(a, b), "{a} {b}");
        }
    }

    #[test]
    fn a_phone_slip_is_a_swap_or_doubled_letters_typed_once() {
        for (typed, word) in [("hepl", "help"), ("asesment", "assessment"), ("ofer", "offer")] {
            assert!(phone_slip(typed, word), "{typed} {word}");
        }
        for (typed, word) in
            [("film", "firm"), ("help", "help"), ("hlp", "help"), ("cots", "costs")]
        {
            assert!(!phone_slip(typed, word), "{typed} {word}");
        }
    }
}
